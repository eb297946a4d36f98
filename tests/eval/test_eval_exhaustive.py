"""Exhaustive checks of the compiled core (docs/rules.md §2, §3).

* every one of the 2,598,960 five-card hands: category counts, the 7,462
  distinct values, a pinned digest of the ordering, and agreement with the
  independent key-based ranking of ``tests/reference.py``, class by class;
* all 56 eight-or-better lows and their order;
* every (hole low-rank set, board low-rank set) for every hole and board
  size, against the reference and the 60-combination selection;
* every realizable (4-card hole rank multiset, 5-card board rank multiset)
  without a flush, and every suited (hole, board) rank-set pair, through the
  two-table batch path against the 60-combination selection.
"""

from __future__ import annotations

import hashlib
import itertools
from collections import Counter

import numpy as np
import numpy.typing as npt
import pytest

import omaha
import reference as ref
from omaha import _eval
from select60 import hi_ranking, lo_ranking, select60

N_FIVE = 2_598_960

# SHA-256 of the strengths (uint16, little-endian) of every five-card hand in
# itertools.combinations(range(52), 5) order. Pinned after the hand-by-hand
# agreement with tests/reference.py below.
FIVE_CARD_DIGEST = "f726a3c1a70fe2965ba5d4a1fd254dc0de9de79c9beea030ffc21e09972370c1"


def _all_five_card_hands() -> npt.NDArray[np.uint8]:
    flat = itertools.chain.from_iterable(itertools.combinations(range(52), 5))
    return np.fromiter(flat, dtype=np.uint8, count=5 * N_FIVE).reshape(N_FIVE, 5)


@pytest.fixture(scope="module")
def five_card() -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint16]]:
    """Every five-card hand and its core strength (via the batch kernel)."""
    hands = _all_five_card_hands()
    out = np.empty(N_FIVE, np.uint16)
    assert _eval.evaluate5_batch(hands, out) == -1
    return hands, out


def _class_codes(hands: npt.NDArray[np.uint8]) -> npt.NDArray[np.int64]:
    """A code per hand for its class: sorted rank multiset and a flush bit."""
    ranks = np.sort(hands >> 2, axis=1).astype(np.int64)
    code = np.zeros(len(hands), np.int64)
    for k in range(5):
        code = code * 13 + ranks[:, k]
    suits = hands & 3
    flush = (suits == suits[:, :1]).all(axis=1).astype(np.int64)
    result: npt.NDArray[np.int64] = code * 2 + flush
    return result


def _reference_table() -> npt.NDArray[np.uint16]:
    """Class code -> reference strength, for every one of the 7,462 classes."""
    table = np.zeros(13**5 * 2, np.uint16)
    n_classes = 0
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        code = 0
        for r in ranks:
            code = code * 13 + r
        # Cards with these ranks, suits 0,1,2,... per repeated rank, and not suited.
        seen: Counter[int] = Counter()
        cards = []
        for r in ranks:
            cards.append(4 * r + seen[r])
            seen[r] += 1
        if len({c & 3 for c in cards}) == 1:  # five distinct ranks, all suit 0
            cards[0] += 1
        table[code * 2] = ref.hi_strength5(cards)
        n_classes += 1
        if len(set(ranks)) == 5:
            table[code * 2 + 1] = ref.hi_strength5([4 * r for r in ranks])
            n_classes += 1
    assert n_classes == 7462
    return table


@pytest.mark.slow
def test_five_card_categories_and_distinct_values(
    five_card: tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint16]],
) -> None:
    _, strength = five_card
    assert strength.min() == 1
    assert strength.max() == 7462
    per_strength = np.bincount(strength, minlength=7463)
    assert per_strength[0] == 0
    assert np.count_nonzero(per_strength) == 7462
    category_of = np.array([0] + [_eval.hi_class(s)[0] for s in range(1, 7463)], np.int64)
    counts = np.bincount(category_of[strength], minlength=9)
    assert tuple(int(c) for c in counts) == ref.CATEGORY_COUNTS
    # Categories are contiguous blocks of strengths, weakest first.
    assert (np.diff(category_of[1:]) >= 0).all()
    for cat, n in zip(omaha.HandCategory, ref.CATEGORY_COUNTS, strict=True):
        assert counts[cat] == n


@pytest.mark.slow
def test_five_card_digest(five_card: tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint16]]) -> None:
    _, strength = five_card
    digest = hashlib.sha256(strength.astype("<u2").tobytes()).hexdigest()
    assert digest == FIVE_CARD_DIGEST


@pytest.mark.slow
def test_five_card_order_matches_reference_class_by_class(
    five_card: tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint16]],
) -> None:
    hands, strength = five_card
    codes = _class_codes(hands)
    table = _reference_table()
    expected = table[codes]
    assert (expected > 0).all()
    mismatch = np.nonzero(expected != strength)[0]
    assert mismatch.size == 0, [
        (omaha.format_cards(hands[i].tolist()), int(strength[i]), int(expected[i]))
        for i in mismatch[:10]
    ]
    # The reference digest is the pinned one too.
    digest = hashlib.sha256(expected.astype("<u2").tobytes()).hexdigest()
    assert digest == FIVE_CARD_DIGEST


@pytest.mark.slow
def test_every_strength_named_and_classified_like_the_reference() -> None:
    for s in range(1, 7463):
        key = ref.ALL_HI_KEYS[s - 1]
        cat, ranks = _eval.hi_class(s)
        assert cat == key[0], s
        # The group ranks (one rank for straights) lead the reference key.
        assert ranks == key[1 : 1 + len(ranks)], (s, ranks, key)
        name = omaha.ranks.hi_name(s)
        assert name.startswith(omaha.HandCategory(cat).label) or name == "Royal flush"


def test_evaluate5_single_call_agrees_with_batch(
    five_card: tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint16]],
) -> None:
    hands, strength = five_card
    rng = np.random.default_rng(5)
    for i in rng.choice(N_FIVE, 3000, replace=False):
        cards = hands[i].tolist()
        rng.shuffle(cards)
        assert omaha.evaluate5(cards) == strength[i]
        assert omaha.evaluate5(omaha.format_cards(cards)) == strength[i]


# --------------------------------------------------------------------- lows

LOW_CHARS = "A2345678"


def _low_card(low_rank: int, suit: int) -> int:
    """Card code of a low rank 1..8 (ace = 1)."""
    return 4 * (12 if low_rank == 1 else low_rank - 2) + suit


def test_all_56_lows_and_their_order() -> None:
    seen: dict[int, tuple[int, ...]] = {}
    for five in itertools.combinations(range(1, 9), 5):
        ranks = tuple(sorted(five, reverse=True))
        # Two low cards in the hole, three on the board, the rest high: the
        # only low is these five ranks.
        hole = [_low_card(ranks[0], 0), _low_card(ranks[3], 1), 4 * 11, 4 * 10]
        board = [_low_card(ranks[1], 2), _low_card(ranks[2], 3), _low_card(ranks[4], 2),
                 4 * 9 + 1, 4 * 8 + 1]  # fmt: skip
        low = omaha.evaluate_lo(hole, board)
        assert low is not None
        assert low.ranks == ranks
        assert str(low) == "-".join(LOW_CHARS[r - 1] for r in ranks)
        assert low.strength == ref.strength_of_lo_key(ranks)  # type: ignore[arg-type]
        assert omaha.ranks.lo_name(low.strength) == str(low)
        assert _eval.lo_ranks(low.strength) == ranks
        seen[low.strength] = ranks
    assert sorted(seen) == list(range(1, 57))
    # Larger strength is the better low: compare from the highest card down.
    order = [seen[s] for s in range(1, 57)]
    assert order == sorted(order, reverse=True)
    assert seen[56] == (5, 4, 3, 2, 1)
    assert seen[1] == (8, 7, 6, 5, 4)


def test_named_low_comparisons() -> None:
    def strength(name: str) -> int:
        key = tuple(LOW_CHARS.index(ch) + 1 for ch in name.split("-"))
        s = ref.strength_of_lo_key(key)  # type: ignore[arg-type]
        assert omaha.ranks.lo_name(s) == name
        return s

    assert strength("7-5-4-3-2") > strength("8-4-3-2-A")
    assert strength("6-5-4-2-A") > strength("6-5-4-3-A")
    assert strength("5-4-3-2-A") == 56
    assert strength("8-7-6-5-4") == 1


def _low_set_deals(nh: int, nb: int) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """One deal per (hole low-rank set, board low-rank set) that fits.

    Hole low cards are clubs, board low cards hearts; the other cards are
    nines to kings (spades, then the nine of hearts, in the hole; diamonds on
    the board), so the low depends only on the two sets.
    """
    holes, boards = [], []
    hole_sets = [s for k in range(nh + 1) for s in itertools.combinations(range(1, 9), k)]
    board_sets = [s for k in range(nb + 1) for s in itertools.combinations(range(1, 9), k)]
    nine_to_king = [4 * r for r in range(7, 12)]
    hole_fill = [c + 3 for c in nine_to_king] + [nine_to_king[0] + 2]
    board_fill = [c + 1 for c in nine_to_king]
    for hs in hole_sets:
        hole = [_low_card(r, 0) for r in hs] + hole_fill[: nh - len(hs)]
        for bs in board_sets:
            board = [_low_card(r, 2) for r in bs] + board_fill[: nb - len(bs)]
            holes.append(hole)
            boards.append(board)
    return np.array(holes, np.uint8), np.array(boards, np.uint8)


@pytest.mark.slow
@pytest.mark.parametrize("nh", [4, 5, 6])
@pytest.mark.parametrize("nb", [3, 4, 5])
def test_every_low_rank_set_pair(nh: int, nb: int) -> None:
    holes, boards = _low_set_deals(nh, nb)
    lo = omaha.evaluate_lo_batch(holes, boards)
    sel = select60(holes, boards)
    np.testing.assert_array_equal(lo, sel.lo_strength)
    fast = omaha.select_batch(holes, boards)
    np.testing.assert_array_equal(lo, fast.lo_strength)
    np.testing.assert_array_equal(np.sort(fast.lo_cards, 1), np.sort(sel.lo_cards, 1))
    # The reference on every deal for the standard game, on a sample otherwise.
    step = 1 if (nh, nb) == (4, 5) else 5
    for i in range(0, len(holes), step):
        h, b = holes[i].tolist(), boards[i].tolist()
        expected, pair, triple = ref.omaha_lo(h, b)
        assert lo[i] == expected, (omaha.format_cards(h), omaha.format_cards(b))
        if expected:
            assert sel.lo_cards[i].tolist() == [*pair, *triple]
            assert fast.lo_cards[i].tolist() == lo_ranking(expected, [*pair, *triple])


# ------------------------------------------------- the two-table Hi batch path


def _multiset_codes(ranks: tuple[int, ...], suit_order: tuple[int, ...]) -> list[int]:
    """Cards of a rank multiset: the k-th card of a rank gets suit_order[k]."""
    seen: Counter[int] = Counter()
    cards = []
    for r in ranks:
        cards.append(4 * r + suit_order[seen[r]])
        seen[r] += 1
    return cards


@pytest.mark.slow
def test_every_hole_and_board_rank_multiset_without_flush() -> None:
    """The Hi table path equals the 60-combination selection on every entry.

    Hole cards of a rank take suits c, d, h, s in turn and board cards of a
    rank take s, h, d, c, so no deal has a flush (a flush would need three
    board cards of one rank or two hole cards of one rank in one suit) and
    every (hole multiset, board multiset) that fits in a deck is dealt once.
    """
    hole_ms = list(itertools.combinations_with_replacement(range(13), 4))
    board_ms = [
        b
        for b in itertools.combinations_with_replacement(range(13), 5)
        if max(Counter(b).values()) <= 4
    ]
    assert (len(hole_ms), len(board_ms)) == (1820, 6175)
    hole_codes = np.array([_multiset_codes(h, (0, 1, 2, 3)) for h in hole_ms], np.uint8)
    board_codes = np.array([_multiset_codes(b, (3, 2, 1, 0)) for b in board_ms], np.uint8)
    hole_counts = np.array([[h.count(r) for r in range(13)] for h in hole_ms], np.int8)
    board_counts = np.array([[b.count(r) for r in range(13)] for b in board_ms], np.int8)
    total = 0
    chunk = 91
    for start in range(0, len(hole_ms), chunk):
        hc = hole_counts[start : start + chunk]
        fits = ((hc[:, None, :] + board_counts[None, :, :]) <= 4).all(axis=2)
        hi_idx, bo_idx = np.nonzero(fits)
        holes = hole_codes[start + hi_idx]
        boards = board_codes[bo_idx]
        fast = omaha.evaluate_hi_batch(holes, boards)
        sel = select60(holes, boards)
        searched = omaha.select_batch(holes, boards)
        np.testing.assert_array_equal(searched.hi_strength, fast)
        # The search picks the same five cards as the 60-combination selection.
        np.testing.assert_array_equal(np.sort(searched.hi_cards, 1), np.sort(sel.hi_cards, 1))
        np.testing.assert_array_equal(np.sort(searched.lo_cards, 1), np.sort(sel.lo_cards, 1))
        bad = np.nonzero(fast != sel.hi_strength)[0]
        assert bad.size == 0, [
            (omaha.format_cards(holes[i].tolist()), omaha.format_cards(boards[i].tolist()),
             int(fast[i]), int(sel.hi_strength[i]))
            for i in bad[:5]
        ]  # fmt: skip
        # The reference on a few entries of every chunk.
        for i in np.linspace(0, len(holes) - 1, 40).astype(int):
            assert ref.omaha_hi(holes[i].tolist(), boards[i].tolist())[0] == fast[i]
        total += len(holes)
    # Every hole multiset with every board multiset that together hold no rank
    # more than four times (counted independently: the coefficient of x^5 in
    # the product over ranks of 1 + x + ... + x^(4 - hole count)).
    assert total == 10_995_985


def test_every_board_multiset_in_every_card_order() -> None:
    """The batch finds a board's row whatever the order of its five cards.

    The 4-card batch looks the board's rank multiset up from its cards in
    the order given (the first three in any order, then the last two), so
    every one of the 120 orders of every board multiset must give the value
    of the sorted board, with holes that reach all of its pairs of ranks;
    every 97th deal is also checked against the 60-combination selection.
    """
    board_ms = [
        b
        for b in itertools.combinations_with_replacement(range(13), 5)
        if max(Counter(b).values()) <= 4
    ]
    orders = np.array(list(itertools.permutations(range(5))), np.intp)
    for hole_ranks in ((0, 5, 9, 12), (3, 3, 7, 11)):
        hole = _multiset_codes(hole_ranks, (0, 1, 2, 3))
        boards = []
        for b in board_ms:
            counts = Counter(b)
            if any(counts[r] + hole_ranks.count(r) > 4 for r in counts):
                continue
            boards.append(_multiset_codes(b, (3, 2, 1, 0)))
        board_codes = np.array(boards, np.uint8)
        # Hole cards of a rank take c, d, ... and board cards s, h, ...: they
        # never meet when the rank's count fits in the deck.
        assert not np.isin(board_codes, hole).any()
        holes = np.array([hole] * len(boards), np.uint8)
        sorted_value = omaha.evaluate_hi_batch(holes, board_codes)
        every = board_codes[:, orders].reshape(-1, 5)
        holes_every = np.repeat(holes, len(orders), axis=0)
        values = omaha.evaluate_hi_batch(holes_every, every)
        np.testing.assert_array_equal(values, np.repeat(sorted_value, len(orders)))
        sel = select60(holes_every[::97], every[::97])
        np.testing.assert_array_equal(values[::97], sel.hi_strength)


def _suited_deals() -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """Every disjoint (hole spade ranks, board spade ranks), 2-4 and 3-5 of them.

    The other hole cards are clubs and the other board cards hearts/diamonds
    of ranks chosen so that they never repeat a card.
    """
    holes, boards = [], []
    for nh in (2, 3, 4):
        for hs in itertools.combinations(range(13), nh):
            rest = [r for r in range(13) if r not in hs]
            for nb in (3, 4, 5):
                for bs in itertools.combinations(rest, nb):
                    hole = [4 * r + 3 for r in hs] + [4 * r for r in range(4 - nh)]
                    fill = [4 * 12 + 1, 4 * 11 + 2][: 5 - nb]  # Ad, Kh
                    board = [4 * r + 3 for r in bs] + fill
                    holes.append(hole)
                    boards.append(board)
    return np.array(holes, np.uint8), np.array(boards, np.uint8)


@pytest.mark.slow
def test_every_suited_rank_set_pair() -> None:
    """The flush part of the fast path against the 60-combination selection."""
    holes, boards = _suited_deals()
    assert len(holes) == 481_338
    fast = omaha.evaluate_hi_batch(holes, boards)
    sel = select60(holes, boards)
    np.testing.assert_array_equal(fast, sel.hi_strength)
    searched = omaha.select_batch(holes, boards)
    np.testing.assert_array_equal(fast, searched.hi_strength)
    np.testing.assert_array_equal(np.sort(searched.hi_cards, 1), np.sort(sel.hi_cards, 1))
    rng = np.random.default_rng(11)
    for i in rng.choice(len(holes), 3000, replace=False):
        s, pair, triple = ref.omaha_hi(holes[i].tolist(), boards[i].tolist())
        assert fast[i] == s
        assert sel.hi_cards[i].tolist() == [*pair, *triple]
        assert searched.hi_cards[i].tolist() == hi_ranking(s, [*pair, *triple])
