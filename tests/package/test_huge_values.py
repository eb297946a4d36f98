"""Huge values at the library's doors (issue 17): a clear OmahaError naming the value by its
size, never the interpreter's own ValueError about writing integers of 4,300 digits."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import omaha
from omaha.errors import OmahaError

BIG = 10**5000

CASES: dict[str, Callable[[], object]] = {
    "small blind": lambda: omaha.NoLimit(BIG, 2),
    "negative stack": lambda: omaha.Table([100, -BIG], structure=omaha.NoLimit(1, 2)),
    "raise": lambda: omaha.Table([100, 100], structure=omaha.NoLimit(1, 2)).deal().raise_to(BIG),
    "fixed limit": lambda: omaha.FixedLimit(BIG, 2),
    "samples": lambda: omaha.equity(["AsKsQsJs", "2c2d2h2s"], samples=BIG),
    "seed": lambda: omaha.equity(["AsKsQsJs", "2c2d2h2s"], seed=BIG),
    "card code": lambda: omaha.evaluate_hi("AsKsQsJs", [BIG, 1, 2]),
    "card text": lambda: omaha.parse_cards("A" * 1_000_000),
    "range text": lambda: omaha.parse_range("A" * 100_000),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_huge_value_is_named_by_its_size(case: str) -> None:
    with pytest.raises(OmahaError) as info:
        CASES[case]()
    message = str(info.value)
    assert len(message) < 300, message[:300]
    assert "integer of 5,001 digits" in message or "characters)" in message
