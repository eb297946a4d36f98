"""Error messages are made for errors only: the happy paths of the hot loops quote nothing.

A message built before its check (``err = InvalidCardError(f"... {quote(x)}")``
and then ``if bad: raise err``) costs its formatting on every good value:
``Table.deal(deck=...)`` quoted each of its 52 codes (the engine ran at 0.66
of its earlier hands/s) and every imported hand quoted each of its actions.
Here every module of the package that imported :func:`omaha.errors.quote`
gets one that fails the test, and the loops run on good input.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator

import numpy as np
import pytest

import omaha
from omaha import PotLimit, Table, errors, history
from paths import DATA


@pytest.fixture
def no_quotes(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Make :func:`omaha.errors.quote` fail wherever the package imported it."""
    import omaha.history.pokerstars  # noqa: F401  (loaded before the patch, so patched)

    def quote(value: object) -> str:
        raise AssertionError(f"a message was made on the happy path (quote({value!r}))")

    real = errors.quote
    for name, module in list(sys.modules.items()):
        if name.startswith("omaha") and getattr(module, "quote", None) is real:
            monkeypatch.setattr(module, "quote", quote)
    yield


def test_a_deal_from_a_deck_of_codes_quotes_nothing(no_quotes: None) -> None:
    deck = tuple(np.random.default_rng(1).permutation(52).tolist())
    hand = Table([10_000] * 6, PotLimit(50, 100), button=5).deal(deck=deck)
    hand.raise_to(350)
    while not hand.is_over:
        hand.show() if hand.street == "showdown" else hand.call()
    assert sum(p.amount for p in hand.result.pots) == 6 * 350


def test_a_site_import_quotes_nothing(no_quotes: None) -> None:
    path = DATA / "hh" / "pokerstars" / "stars_plo8_cash_0.05-0.10_hu_split.txt"
    (hand,) = history.read(path)
    assert hand.fields["hand"]


def test_the_patch_reaches_a_real_error(no_quotes: None) -> None:
    """The test above can fail: a bad card does call the patched quote."""
    with pytest.raises(AssertionError, match="happy path"):
        omaha.parse_cards([99])
