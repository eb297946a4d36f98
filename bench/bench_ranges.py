"""Range syntax benchmarks (pytest-benchmark): parse + match, docs/ranges.md.

Run: ``pytest bench/bench_ranges.py --benchmark-only`` (``--benchmark-disable``
runs each once as a smoke test). Each benchmark is one ``parse_range`` call:
parsing the text and matching it against every hole (270,725 for 4 cards,
2,598,960 for 5). The hole bitmaps are built before timing (first use);
``test_first_use`` times that build alone.
"""

from __future__ import annotations

from typing import Any

import pytest

from omaha import _holes, parse_range

RANGES = {
    "AA": 6_961,
    "AxAyxy": 864,
    "RRON": 82_368,
    "wxyz": 28_561,
    "{****}": 183_040,
    "$ds": 36_504,
    "$ss": 158_184,
    "KK-99": 34_445,
    "AKQJ-5432": 2_560,
    "[KK-QQ][77-66]": 144,
    "AA:xxyy, JJ!JJJ, KK": 14_545,
    "AA@50,KK@20": 13_886,
    "*": 270_725,
    "[AA-22][AA-22]": 2_821,
    "wxyz,RRON:$o,(AA,KK,QQ)!$ds": 101_857,
}


@pytest.fixture(scope="module", autouse=True)
def _blocks() -> None:
    for k in (4, 5):
        parse_range("AA", hole_count=k)


@pytest.mark.parametrize("text", list(RANGES), ids=list(RANGES))
def test_parse_range_4_cards(benchmark: Any, text: str) -> None:
    benchmark.group = "parse_range, 4 cards"
    r = benchmark.pedantic(parse_range, (text,), rounds=30, iterations=1, warmup_rounds=2)
    assert len(r) == RANGES[text]


@pytest.mark.parametrize("text", list(RANGES), ids=list(RANGES))
def test_parse_range_5_cards(benchmark: Any, text: str) -> None:
    benchmark.group = "parse_range, 5 cards"
    r = benchmark.pedantic(
        parse_range, (text,), {"hole_count": 5}, rounds=10, iterations=1, warmup_rounds=1
    )
    assert len(r) > 0


@pytest.mark.parametrize("text", ["AA", "wxyz", "{******}", "$ds"])
def test_parse_range_6_cards(benchmark: Any, text: str) -> None:
    benchmark.group = "parse_range, 6 cards (chunked)"
    r = benchmark.pedantic(parse_range, (text,), {"hole_count": 6}, rounds=3, iterations=1)
    assert len(r) > 0


@pytest.mark.parametrize("k", [4, 5])
def test_first_use(benchmark: Any, k: int) -> None:
    """The bitmaps of all k-card holes, built once per process on first use."""
    benchmark.group = "first use: hole bitmaps"
    holes = _holes.all_holes(k)
    block = benchmark.pedantic(_holes.Block, (holes,), rounds=5, iterations=1)
    assert block.n == len(holes)
