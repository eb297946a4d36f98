"""A slow, obviously correct pure-Python Omaha evaluator: the test oracle.

Written from the rules (docs/rules.md §2 and §3) only, not from the compiled
core. A five-card high hand gets a *key*, a tuple that compares the way
poker hands compare: ``(category, tie-break ranks...)``. The high
``strength`` 1..7462 is the position of a key among every distinct key,
weakest first, so it can be compared with :func:`omaha.evaluate5` number
for number. A low gets the tuple of its five ranks, highest first (ace = 1);
a smaller tuple is a better low, and the low ``strength`` 1..56 is counted
so that 56 is 5-4-3-2-A.

The Omaha functions try every selection of exactly two hole cards and
exactly three board cards (``C(4, 2) * C(5, 3) = 60`` for the usual deal)
and keep the best, reporting the first best selection in lexicographic order
of (sorted hole pair codes, sorted board triple codes).

Cards are integer codes ``4 * rank + suit`` (rank 0..12 = 2..A, suit 0..3 =
c, d, h, s).
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Sequence

__all__ = [
    "ALL_HI_KEYS",
    "ALL_LO_KEYS",
    "CATEGORY_COUNTS",
    "HiKey",
    "LoKey",
    "best5_of_any",
    "best_lo_of_any",
    "category_of_strength",
    "hi_key5",
    "hi_strength5",
    "lo_key5",
    "lo_strength5",
    "omaha_hi",
    "omaha_lo",
    "strength_of_hi_key",
    "strength_of_lo_key",
]

HiKey = tuple[int, ...]
"""``(category, ranks...)``: compares like poker hands (larger is stronger)."""
LoKey = tuple[int, int, int, int, int]
"""The five low ranks, highest first, ace = 1: smaller is the better low."""

HIGH_CARD, ONE_PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)

# Number of five-card hands (of 2,598,960) in each category, HIGH_CARD first.
CATEGORY_COUNTS = (1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40)

ACE = 12


def _straight_top(distinct_ranks: Sequence[int]) -> int | None:
    """The top rank of a straight made by five distinct ranks, or None.

    A-2-3-4-5 (the wheel) is a straight whose top card is the five (rank 3);
    there is no wrap-around (Q-K-A-2-3 is not a straight).
    """
    ranks = sorted(distinct_ranks)
    if len(ranks) != 5:
        return None
    if ranks == [0, 1, 2, 3, ACE]:
        return 3
    if ranks[4] - ranks[0] == 4:
        return ranks[4]
    return None


@functools.cache
def _key_of(ranks: tuple[int, ...], flush: bool) -> HiKey:
    """The key of five cards given their ranks (sorted, highest first)."""
    counts = Counter(ranks)
    # Rank groups, biggest group first, then higher rank first.
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [c for _, c in groups]
    group_ranks = tuple(r for r, _ in groups)
    top = _straight_top(list(counts))
    if flush and top is not None:
        return (STRAIGHT_FLUSH, top)
    if shape == [4, 1]:
        return (QUADS, *group_ranks)
    if shape == [3, 2]:
        return (FULL_HOUSE, *group_ranks)
    if flush:
        return (FLUSH, *ranks)
    if top is not None:
        return (STRAIGHT, top)
    if shape == [3, 1, 1]:
        return (TRIPS, *group_ranks)
    if shape == [2, 2, 1]:
        return (TWO_PAIR, *group_ranks)
    if shape == [2, 1, 1, 1]:
        return (ONE_PAIR, *group_ranks)
    return (HIGH_CARD, *ranks)


def hi_key5(cards: Sequence[int]) -> HiKey:
    """The key of a five-card high hand (docs/rules.md §2)."""
    assert len(cards) == 5 and len(set(cards)) == 5
    ranks = tuple(sorted((c >> 2 for c in cards), reverse=True))
    flush = len({c & 3 for c in cards}) == 1
    return _key_of(ranks, flush)


def _all_hi_keys() -> list[HiKey]:
    """Every distinct five-card key, weakest first (from every rank multiset)."""
    keys: set[HiKey] = set()
    for ranks in itertools.combinations_with_replacement(range(12, -1, -1), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        keys.add(_key_of(ranks, False))
        if len(set(ranks)) == 5:
            keys.add(_key_of(ranks, True))
    return sorted(keys)


ALL_HI_KEYS: tuple[HiKey, ...] = tuple(_all_hi_keys())
"""The 7,462 distinct high values, weakest first (index + 1 is the strength)."""
_HI_STRENGTH = {key: i + 1 for i, key in enumerate(ALL_HI_KEYS)}


def strength_of_hi_key(key: HiKey) -> int:
    """The strength 1..7462 of a key (larger is stronger)."""
    return _HI_STRENGTH[key]


def category_of_strength(strength: int) -> int:
    """The category 0..8 of a strength 1..7462."""
    return ALL_HI_KEYS[strength - 1][0]


def hi_strength5(cards: Sequence[int]) -> int:
    """The strength 1..7462 of five cards."""
    return _HI_STRENGTH[hi_key5(cards)]


def _low_rank(code: int) -> int:
    """A card's low rank: ace = 1, deuce = 2, ..., king = 13."""
    rank = code >> 2
    return 1 if rank == ACE else rank + 2


def lo_key5(cards: Sequence[int]) -> LoKey | None:
    """The low of five cards (ranks highest first, ace = 1), or None.

    A low is five different ranks, each eight or lower, the ace counting as
    one; straights and flushes do not matter (docs/rules.md §3).
    """
    assert len(cards) == 5 and len(set(cards)) == 5
    ranks = sorted((_low_rank(c) for c in cards), reverse=True)
    if len(set(ranks)) != 5 or ranks[0] > 8:
        return None
    return (ranks[0], ranks[1], ranks[2], ranks[3], ranks[4])


ALL_LO_KEYS: tuple[LoKey, ...] = tuple(
    sorted(
        ((a, b, c, d, e) for (e, d, c, b, a) in itertools.combinations(range(1, 9), 5)),
        reverse=True,
    )
)
"""The 56 lows, weakest (8-7-6-5-4) first: index + 1 is the strength."""
_LO_STRENGTH = {key: i + 1 for i, key in enumerate(ALL_LO_KEYS)}


def strength_of_lo_key(key: LoKey | None) -> int:
    """The low strength 1..56 (56 = 5-4-3-2-A), or 0 for no low."""
    return 0 if key is None else _LO_STRENGTH[key]


def lo_strength5(cards: Sequence[int]) -> int:
    """The low strength of five cards, 0 when they make no low."""
    return strength_of_lo_key(lo_key5(cards))


def _check_deal(hole: Sequence[int], board: Sequence[int]) -> None:
    assert 4 <= len(hole) <= 6, hole
    assert 3 <= len(board) <= 5, board
    cards = list(hole) + list(board)
    assert all(0 <= c <= 51 for c in cards), cards
    assert len(set(cards)) == len(cards), cards


def omaha_hi(
    hole: Sequence[int], board: Sequence[int]
) -> tuple[int, tuple[int, int], tuple[int, int, int]]:
    """The best Omaha high: ``(strength, hole pair, board triple)``.

    Exactly two hole cards and exactly three board cards; among equal
    selections, the first in lexicographic order of sorted codes.
    """
    _check_deal(hole, board)
    triples = [
        (t, [c >> 2 for c in t], {c & 3 for c in t})
        for t in itertools.combinations(sorted(board), 3)
    ]
    best: tuple[int, tuple[int, ...], tuple[int, ...]] = (0, (), ())
    for pair in itertools.combinations(sorted(hole), 2):
        pair_ranks = [c >> 2 for c in pair]
        pair_suits = {c & 3 for c in pair}
        for triple, triple_ranks, triple_suits in triples:
            ranks = tuple(sorted(pair_ranks + triple_ranks, reverse=True))
            flush = len(pair_suits | triple_suits) == 1
            s = _HI_STRENGTH[_key_of(ranks, flush)]
            if s > best[0]:
                best = (s, pair, triple)
    return best  # type: ignore[return-value]


def omaha_lo(
    hole: Sequence[int], board: Sequence[int]
) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """The best eight-or-better low: ``(strength, hole pair, board triple)``.

    ``(0, (), ())`` when no selection of two hole cards and three board cards
    makes a low.
    """
    _check_deal(hole, board)
    triples = [(t, [_low_rank(c) for c in t]) for t in itertools.combinations(sorted(board), 3)]
    best: tuple[int, tuple[int, ...], tuple[int, ...]] = (0, (), ())
    for pair in itertools.combinations(sorted(hole), 2):
        pair_ranks = [_low_rank(c) for c in pair]
        for triple, triple_ranks in triples:
            ranks = sorted(pair_ranks + triple_ranks, reverse=True)
            if len(set(ranks)) != 5 or ranks[0] > 8:
                continue  # a pair, or a card above eight: no low
            s = _LO_STRENGTH[(ranks[0], ranks[1], ranks[2], ranks[3], ranks[4])]
            if s > best[0]:
                best = (s, pair, triple)
    return best


def best5_of_any(cards: Sequence[int]) -> int:
    """The best strength of any five of ``cards`` (no Omaha restriction)."""
    return max(hi_strength5(five) for five in itertools.combinations(cards, 5))


def best_lo_of_any(cards: Sequence[int]) -> int:
    """The best low strength of any five of ``cards`` (0 if none)."""
    return max(lo_strength5(five) for five in itertools.combinations(cards, 5))
