"""omaha.equity against a brute-force count: every deal enumerated in
Python and each hand scored by the 60-combination evaluator
(omaha.evaluate_hi / evaluate_lo), which does not use the big Hi table."""

from __future__ import annotations

import itertools
import random
from array import array
from collections import Counter

import pytest

import omaha
from omaha import _equity
from omaha.equities import equity

Outcome = tuple[int, int | None]


def brute_force(
    holes: list[tuple[int, ...] | None],
    board: tuple[int, ...],
    dead: tuple[int, ...],
    hilo: bool,
) -> list[Counter[Outcome]]:
    """Count (high, low) outcomes per player over every deal (docs/rules.md §4)."""
    n = len(holes)
    size = next((len(h) for h in holes if h is not None), 4)
    used = set(board) | set(dead) | {c for h in holes if h is not None for c in h}
    deck = [c for c in range(52) if c not in used]
    unknown = [i for i, h in enumerate(holes) if h is None]
    counts: list[Counter[Outcome]] = [Counter() for _ in range(n)]

    def score(hs: list[tuple[int, ...]], b: tuple[int, ...]) -> None:
        hi = [omaha.evaluate_hi(h, b).strength for h in hs]
        best = max(hi)
        lows: list[int | None] = [None] * n
        if hilo:
            lo = [(x.strength if (x := omaha.evaluate_lo(h, b)) else 0) for h in hs]
            if max(lo):
                lows = [lo.count(max(lo)) if x == max(lo) else 0 for x in lo]
        for p in range(n):
            counts[p][(hi.count(best) if hi[p] == best else 0, lows[p])] += 1

    def deal(hs: list[tuple[int, ...] | None], rest: list[int], u: int) -> None:
        if u == len(unknown):
            for extra in itertools.combinations(rest, 5 - len(board)):
                score(hs, board + extra)  # type: ignore[arg-type]
            return
        for hand in itertools.combinations(rest, size):
            hs[unknown[u]] = hand
            deal(hs, [c for c in rest if c not in hand], u + 1)
        hs[unknown[u]] = None

    deal(list(holes), deck, 0)
    return counts


def random_spot(
    seed: int,
) -> tuple[list[tuple[int, ...] | None], tuple[int, ...], tuple[int, ...], bool]:
    """A seeded random spot small enough to enumerate in Python.

    Dead cards shrink the deck so that at most a few thousand deals remain.
    """
    rng = random.Random(seed)
    size = rng.choice([4, 4, 5, 6])
    n = rng.randint(2, {4: 6, 5: 5, 6: 4}[size])
    m = rng.choice([0, 3, 4, 5])
    unknown = rng.choice([0, 1]) if m >= 3 else 0
    cards = list(range(52))
    rng.shuffle(cards)
    holes: list[tuple[int, ...] | None] = []
    for _ in range(n):
        holes.append(tuple(cards[:size]))
        cards = cards[size:]
    for p in rng.sample(range(n), unknown):
        cards += list(holes[p] or ())
        holes[p] = None
    board = tuple(cards[:m])
    cards = cards[m:]
    left = {0: 11, 3: 14, 4: 24, 5: 52}[m] if not unknown else {3: 9, 4: 10, 5: 13}[m]
    dead = tuple(cards[: max(0, len(cards) - left - size * unknown)])
    return holes, board, dead, rng.random() < 0.5


@pytest.mark.parametrize("seed", range(24))
def test_exact_counts_match_brute_force(seed: int) -> None:
    holes, board, dead, hilo = random_spot(seed)
    r = equity(holes, board, dead, game="hilo" if hilo else "hi", method="exact", threads=1)
    expected = brute_force(holes, board, dead, hilo)
    assert [dict(p.outcomes) for p in r] == [dict(c) for c in expected]
    assert r.boards == sum(expected[0].values())


@pytest.mark.parametrize(
    ("holes", "board"),
    [
        # Suited hole cards on two-tone and monotone flops: flushes,
        # straight flushes, and four-flush boards that need two hole cards.
        (["AhKhQhJh", "Th9h8d7d", "AsKs2c3c"], "5h4h2h"),
        (["AhKh2h3h4s5s", "QhJhTh9h8s7s"], "6h7d8c"),
        (["AhKh2h3h4s", "QhJhTh9h8s", "7h6h5h4h3s"], "2s5sKs"),
        (["2h3h4h5h", "AsAdKsKd"], "6h7hQhJs"),
    ],
)
@pytest.mark.parametrize("game", ["hi", "hilo"])
def test_flushes_and_straight_flushes_match_brute_force(
    holes: list[str], board: str, game: str
) -> None:
    h: list[tuple[int, ...] | None] = [omaha.parse_cards(x) for x in holes]
    b = omaha.parse_cards(board)
    r = equity(h, b, game=game, method="exact", threads=1)  # type: ignore[arg-type]
    expected = brute_force(h, b, (), game == "hilo")
    assert [dict(p.outcomes) for p in r] == [dict(c) for c in expected]


def _counts(spot: _equity.Spot, n: int) -> list[int]:
    acc = array("q", bytes(8 * (n * _equity.N_OUTCOMES + 1)))
    assert spot.exact(0, spot.tasks, acc, True)
    return acc.tolist()


@pytest.mark.parametrize("seed", range(40))
def test_one_unknown_hand_by_rank_multisets_equals_hand_by_hand(seed: int) -> None:
    # The grouped count (boards by rank multiset and flush suit, the unknown
    # hand by rank multiset) against enumerating every hand and board, on
    # seeded spots with dead cards that keep the enumeration small.
    rng = random.Random(1000 + seed)
    cards = list(range(52))
    rng.shuffle(cards)
    if seed % 4 == 0:  # suited hands and boards: flushes everywhere
        cards.sort(key=lambda c: (c & 3) != seed // 4 % 4)
    n = rng.randint(2, 5)
    holes: list[tuple[int, ...] | None] = [tuple(cards[4 * i : 4 * i + 4]) for i in range(n)]
    holes[rng.randrange(n)] = None
    rest = cards[4 * n :]
    m = rng.choice([0, 3, 4, 5])
    board = tuple(rest[:m])
    keep = {0: 12, 3: 16, 4: 26, 5: 40}[m]
    dead = tuple(rest[m + keep :])
    hilo = seed % 3 != 0
    fast = _equity.Spot(holes, board, dead, hilo, 4, None, True)
    slow = _equity.Spot(holes, board, dead, hilo, 4, None, False)
    assert fast.grouped and not slow.grouped
    assert _counts(fast, n) == _counts(slow, n)


def test_one_unknown_hand_against_every_hand_of_a_small_deck() -> None:
    # Preflop with a deck of 14 cards left, most of them hearts: every
    # outcome count of the grouped path equals brute force through the
    # 60-combination evaluator.
    holes: list[tuple[int, ...] | None] = [omaha.parse_cards("AhKhQh2s"), None]
    live = set(omaha.parse_cards("JhTh9h8h3h4d5d6dAs2c3c4c7s8s"))
    dead = tuple(c for c in range(52) if c not in live and c not in (holes[0] or ()))
    for hilo in (False, True):
        r = equity(holes, (), dead, game="hilo" if hilo else "hi", method="exact")
        expected = brute_force(holes, (), dead, hilo)
        assert [dict(p.outcomes) for p in r] == [dict(c) for c in expected]
