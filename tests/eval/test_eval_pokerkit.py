"""PokerKit, a second and independent oracle, agrees on the order of hands.

PokerKit (test-only dependency) has its own Omaha high hand
(``OmahaHoldemHand``) and eight-or-better low (``OmahaEightOrBetterLowHand``,
which raises ``ValueError`` when no low can be made). Its values are objects,
not numbers, so what is compared is the *order*: sort the deals by the core's
strength, and every two neighbours must compare the same way in PokerKit
(``<`` or ``==``); by transitivity the whole order then agrees.

6,500 seeded deals: 5,000 uniform 4 + 5, 1,000 from decks rich in flushes
and lows, and 500 with 5- or 6-card holes and 3- or 4-card boards.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import omaha

pokerkit = pytest.importorskip("pokerkit")

Deal = tuple[str, str]
TWO_SUITS = [c for c in range(52) if c & 3 < 2]
ACE_TO_EIGHT = [c for c in range(52) if c >> 2 in (12, *range(7))]


def _deals(n: int, nh: int, nb: int, seed: int, deck: list[int] | None = None) -> list[Deal]:
    cards = np.arange(52) if deck is None else np.array(deck)
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        dealt = rng.permutation(cards)[: nh + nb].tolist()
        out.append((omaha.format_cards(dealt[:nh]), omaha.format_cards(dealt[nh:])))
    return out


@functools.cache
def all_deals() -> dict[str, list[Deal]]:
    return {
        "4+5 uniform": _deals(5_000, 4, 5, seed=501),
        "4+5 two suits": _deals(500, 4, 5, 502, [c for c in range(52) if c & 3 < 2]),
        "4+5 ace to eight": _deals(
            500, 4, 5, 503, [c for c in range(52) if c >> 2 in (12, *range(7))]
        ),
        "5+5": _deals(150, 5, 5, seed=504),
        "6+5": _deals(150, 6, 5, seed=505),
        "4+3": _deals(100, 4, 3, seed=506),
        "6+4": _deals(100, 6, 4, seed=507),
    }


def test_deal_count() -> None:
    assert sum(len(d) for d in all_deals().values()) == 6_500


def _check_order(
    deals: list[Deal],
    strengths: list[int],
    theirs: list[Any],
) -> None:
    order = sorted(range(len(deals)), key=lambda i: strengths[i])
    for a, b in itertools.pairwise(order):
        if strengths[a] == strengths[b]:
            assert theirs[a] == theirs[b], (deals[a], deals[b], theirs[a], theirs[b])
        else:
            assert theirs[a] < theirs[b], (deals[a], deals[b], theirs[a], theirs[b])


def _pokerkit_low(hole: str, board: str) -> Any:
    try:
        return pokerkit.OmahaEightOrBetterLowHand.from_game(hole, board)
    except ValueError:
        return None


@pytest.mark.parametrize("group", list(all_deals()))
def test_high_order_agrees_with_pokerkit(group: str) -> None:
    deals = all_deals()[group]
    ours = [omaha.evaluate_hi(h, b).strength for h, b in deals]
    theirs = [pokerkit.OmahaHoldemHand.from_game(h, b) for h, b in deals]
    _check_order(deals, ours, theirs)
    # The same hand, card for card (PokerKit names the five cards it used).
    for (h, b), hand, pk in zip(deals[:500], ours[:500], theirs[:500], strict=True):
        cards = omaha.parse_cards(str(pk).split("(")[1].rstrip(")"))
        assert omaha.evaluate5(cards) == hand, (h, b, pk)


@pytest.mark.parametrize("group", list(all_deals()))
def test_low_order_agrees_with_pokerkit(group: str) -> None:
    deals = all_deals()[group]
    lows = [omaha.evaluate_lo(h, b) for h, b in deals]
    theirs = [_pokerkit_low(h, b) for h, b in deals]
    # Nobody has a low where PokerKit finds none, and the other way round.
    for deal, ours, pk in zip(deals, lows, theirs, strict=True):
        assert (ours is None) == (pk is None), (deal, ours, pk)
    with_low = [i for i, low in enumerate(lows) if low is not None]
    if group == "4+5 uniform":
        # Both kinds are well represented.
        assert 1000 < len(with_low) < 4000
    _check_order(
        [deals[i] for i in with_low],
        [lows[i].strength for i in with_low],  # type: ignore[union-attr]
        [theirs[i] for i in with_low],
    )


def test_the_rule_book_examples_in_pokerkit_too() -> None:
    hi: Callable[[str, str], Any] = pokerkit.OmahaHoldemHand.from_game
    # Same order in both for a few named hands (docs/rules.md §2, §3).
    named = [
        ("Ts3c4c5c", "AsKsQsJs2h"),  # ace high
        ("AsKdQhTc", "Jd5s3c8hTd"),  # one pair of tens
        ("AhKsKd4c", "2sKh8d5cAd"),  # three kings
        ("2s2c3h4h", "7s7h7d7c2d"),  # sevens full of deuces
    ]
    ours = [omaha.evaluate_hi(h, b).strength for h, b in named]
    assert ours == sorted(ours)
    _check_order(named, ours, [hi(h, b) for h, b in named])
    assert _pokerkit_low("Ah2hKcKs", "Ac2d7s8hQd") is None
    assert omaha.evaluate_lo("Ah2hKcKs", "Ac2d7s8hQd") is None
