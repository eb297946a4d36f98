"""The compiled core against the pure-Python reference on 200,000 seeded deals.

Every deal is evaluated once by ``tests/reference.py`` (best of every
2-hole + 3-board selection, docs/rules.md §2 and §3), and that answer is
checked against every way the package evaluates it: the single-hand API
(:func:`omaha.evaluate_hi`, :func:`omaha.evaluate_lo`: strength and the
cards used), the batch kernels (:func:`omaha.evaluate_hi_batch`,
:func:`omaha.evaluate_lo_batch` with one and two threads) and
:func:`omaha.select_batch`.

The deals: 4 hole cards and 5 board cards (100,000 uniform deals plus
20,000 from decks rich in flushes, straights and lows), 5- and 6-card holes,
and 3- and 4-card boards; 200,000 in all.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
import pytest

import omaha
import reference as ref
from select60 import hi_ranking, lo_ranking, select60

# The pure-Python reference over 200,000 deals takes about half a minute:
# `pytest -m "not slow"` leaves it out of the quick loop; CI runs it.
pytestmark = pytest.mark.slow

U8 = npt.NDArray[np.uint8]

# (hole size, board size) -> number of uniform random deals
UNIFORM = {
    (4, 5): 100_000,
    (5, 5): 20_000,
    (6, 5): 20_000,
    (4, 3): 10_000,
    (4, 4): 10_000,
    (5, 3): 5_000,
    (5, 4): 5_000,
    (6, 3): 5_000,
    (6, 4): 5_000,
}
# Decks that make the rare cases common, 4 + 5 deals from each.
DENSE_DECKS = {
    "two suits": [c for c in range(52) if c & 3 in (2, 3)],
    "ace to eight": [c for c in range(52) if c >> 2 in (12, 0, 1, 2, 3, 4, 5, 6)],
    "wheel and broadway": [c for c in range(52) if c >> 2 in (12, 0, 1, 2, 3, 8, 9, 10, 11)],
    "one suit and a half": [c for c in range(52) if c & 3 == 3 or c >> 2 >= 7],
}
N_DENSE = 5_000
GROUPS = [f"{nh}+{nb}" for nh, nb in UNIFORM] + [f"4+5 {name}" for name in DENSE_DECKS]


def _deal(n: int, nh: int, nb: int, seed: int, deck: list[int] | None = None) -> tuple[U8, U8]:
    cards = np.arange(52, dtype=np.uint8) if deck is None else np.array(deck, np.uint8)
    rng = np.random.default_rng(seed)
    order = np.argsort(rng.random((n, len(cards))), axis=1)[:, : nh + nb]
    dealt = cards[order]
    return np.ascontiguousarray(dealt[:, :nh]), np.ascontiguousarray(dealt[:, nh:])


@dataclass(frozen=True)
class Expected:
    """The deals of one group and the reference's answers."""

    holes: U8
    boards: U8
    hi: npt.NDArray[np.uint16]
    hi_cards: U8  # (n, 5): the hole pair then the board triple, each ascending
    lo: npt.NDArray[np.uint8]
    lo_cards: U8  # 255 (no card) where there is no low


@functools.cache
def expected(group: str) -> Expected:
    sizes, _, deck_name = group.partition(" ")
    nh, nb = (int(x) for x in sizes.split("+"))
    seed = 1000 + GROUPS.index(group)
    if deck_name:
        holes, boards = _deal(N_DENSE, nh, nb, seed, DENSE_DECKS[deck_name])
    else:
        holes, boards = _deal(UNIFORM[nh, nb], nh, nb, seed)
    n = len(holes)
    hi = np.empty(n, np.uint16)
    lo = np.empty(n, np.uint8)
    hi_cards = np.zeros((n, 5), np.uint8)
    lo_cards = np.full((n, 5), 255, np.uint8)
    for i, (h, b) in enumerate(zip(holes.tolist(), boards.tolist(), strict=True)):
        hi[i], pair, triple = ref.omaha_hi(h, b)
        hi_cards[i] = pair + triple
        lo[i], lo_pair, lo_triple = ref.omaha_lo(h, b)
        if lo[i]:
            lo_cards[i] = lo_pair + lo_triple
    return Expected(holes, boards, hi, hi_cards, lo, lo_cards)


def test_deal_count() -> None:
    assert sum(UNIFORM.values()) + N_DENSE * len(DENSE_DECKS) == 200_000
    assert len(set(GROUPS)) == len(GROUPS)


def _describe(e: Expected, rows: npt.NDArray[np.intp]) -> list[tuple[str, str]]:
    return [
        (omaha.format_cards(e.holes[i].tolist()), omaha.format_cards(e.boards[i].tolist()))
        for i in rows[:5]
    ]


# --------------------------------------------------------- the oracle itself


def test_reference_agrees_with_its_plainest_form() -> None:
    """The reference's loops equal max() over every 2 + 3 selection of 5 cards."""
    for nh, nb in UNIFORM:
        holes, boards = _deal(300, nh, nb, seed=7 + nh * 10 + nb)
        for h, b in zip(holes.tolist(), boards.tolist(), strict=True):
            five = [
                p + t for p in itertools.combinations(h, 2) for t in itertools.combinations(b, 3)
            ]
            assert ref.omaha_hi(h, b)[0] == max(ref.hi_strength5(x) for x in five)
            assert ref.omaha_lo(h, b)[0] == max(ref.lo_strength5(x) for x in five)


# --------------------------------------------------------- single-hand API


@pytest.mark.parametrize("group", GROUPS)
def test_evaluate_hi_matches_reference(group: str) -> None:
    e = expected(group)
    got = np.empty(len(e.holes), np.uint16)
    cards = np.empty((len(e.holes), 5), np.uint8)
    for i, (h, b) in enumerate(zip(e.holes.tolist(), e.boards.tolist(), strict=True)):
        hand = omaha.evaluate_hi(h, b)
        got[i] = hand.strength
        cards[i] = hand.hole_cards + hand.board_cards
    bad = np.nonzero(got != e.hi)[0]
    assert bad.size == 0, (_describe(e, bad), got[bad[:5]], e.hi[bad[:5]])
    # The selection reported is the first best one in lexicographic order of
    # (sorted hole pair codes, sorted board triple codes).
    bad = np.nonzero((cards != e.hi_cards).any(axis=1))[0]
    assert bad.size == 0, (_describe(e, bad), cards[bad[:5]], e.hi_cards[bad[:5]])


@pytest.mark.parametrize("group", GROUPS)
def test_evaluate_lo_matches_reference(group: str) -> None:
    e = expected(group)
    got = np.zeros(len(e.holes), np.uint8)
    cards = np.full((len(e.holes), 5), 255, np.uint8)
    for i, (h, b) in enumerate(zip(e.holes.tolist(), e.boards.tolist(), strict=True)):
        low = omaha.evaluate_lo(h, b)
        if low is not None:
            got[i] = low.strength
            cards[i] = low.hole_cards + low.board_cards
    bad = np.nonzero(got != e.lo)[0]
    assert bad.size == 0, (_describe(e, bad), got[bad[:5]], e.lo[bad[:5]])
    bad = np.nonzero((cards != e.lo_cards).any(axis=1))[0]
    assert bad.size == 0, (_describe(e, bad), cards[bad[:5]], e.lo_cards[bad[:5]])


@pytest.mark.parametrize("group", ["4+5", "6+5", "5+4", "4+3", "4+5 two suits"])
def test_reported_cards_are_a_valid_selection(group: str) -> None:
    """Two of the hole cards and three of the board cards that make the value."""
    e = expected(group)
    for h, b in itertools.islice(zip(e.holes.tolist(), e.boards.tolist(), strict=True), 4000):
        hand = omaha.evaluate_hi(h, b)
        assert len(hand.hole_cards) == 2 and set(hand.hole_cards) <= set(h)
        assert len(hand.board_cards) == 3 and set(hand.board_cards) <= set(b)
        assert sorted(hand.cards) == sorted(hand.hole_cards + hand.board_cards)
        assert ref.hi_strength5(hand.cards) == hand.strength
        assert omaha.evaluate5(hand.cards) == hand.strength
        assert int(hand.category) == ref.category_of_strength(hand.strength)
        low = omaha.evaluate_lo(h, b)
        if low is not None:
            assert len(low.hole_cards) == 2 and set(low.hole_cards) <= set(h)
            assert len(low.board_cards) == 3 and set(low.board_cards) <= set(b)
            assert ref.lo_strength5(low.cards) == low.strength
            assert sorted(low.ranks, reverse=True) == list(low.ranks)


# ------------------------------------------------------------------ batches


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("group", GROUPS)
def test_hi_batch_matches_reference(group: str, threads: int) -> None:
    e = expected(group)
    got = omaha.evaluate_hi_batch(e.holes, e.boards, threads=threads)
    assert got.dtype == np.uint16 and got.shape == e.hi.shape
    bad = np.nonzero(got != e.hi)[0]
    assert bad.size == 0, (_describe(e, bad), got[bad[:5]], e.hi[bad[:5]])


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("group", GROUPS)
def test_lo_batch_matches_reference(group: str, threads: int) -> None:
    e = expected(group)
    got = omaha.evaluate_lo_batch(e.holes, e.boards, threads=threads)
    assert got.dtype == np.uint8 and got.shape == e.lo.shape
    bad = np.nonzero(got != e.lo)[0]
    assert bad.size == 0, (_describe(e, bad), got[bad[:5]], e.lo[bad[:5]])


@pytest.mark.parametrize("group", GROUPS)
def test_select_batch_matches_reference(group: str) -> None:
    e = expected(group)
    sel = select60(e.holes, e.boards)
    np.testing.assert_array_equal(sel.hi_strength, e.hi)
    np.testing.assert_array_equal(sel.hi_cards, e.hi_cards)
    np.testing.assert_array_equal(sel.lo_strength, e.lo)
    np.testing.assert_array_equal(sel.lo_cards, e.lo_cards)
    # The table value and the search: the same cards, in ranking order.
    fast = omaha.select_batch(e.holes, e.boards)
    np.testing.assert_array_equal(fast.hi_strength, e.hi)
    np.testing.assert_array_equal(fast.lo_strength, e.lo)
    for i in range(len(e.hi)):
        assert fast.hi_cards[i].tolist() == hi_ranking(int(e.hi[i]), e.hi_cards[i].tolist())
        if e.lo[i]:
            assert fast.lo_cards[i].tolist() == lo_ranking(int(e.lo[i]), e.lo_cards[i].tolist())
        else:
            assert fast.lo_cards[i].tolist() == [255] * 5


@pytest.mark.parametrize("group", ["4+5", "6+4", "4+5 ace to eight"])
def test_batch_agrees_with_single_calls_on_other_dtypes(group: str) -> None:
    """int64 and uint16 inputs (range-checked, then converted) give the same answers."""
    e = expected(group)
    for dtype in (np.int64, np.uint16, np.int8):
        h = e.holes.astype(dtype)
        b = e.boards.astype(dtype)
        np.testing.assert_array_equal(omaha.evaluate_hi_batch(h, b), e.hi)
        np.testing.assert_array_equal(omaha.evaluate_lo_batch(h, b), e.lo)
