"""Evaluator benchmarks (pytest-benchmark): single calls and batches, and the same deals
through phevaluator, xiapl and PokerKit in the same run.

Targets, for random deals of 4 hole cards and a 5-card board on one thread:
``evaluate_hi_batch`` at least 30 M hands/s, ``evaluate_lo_batch`` at least
100 M hands/s, and one ``evaluate_hi`` call on int codes at least twice as
fast as ``phevaluator.evaluate_omaha_cards(*ints)``. 5- and 6-card holes are
measured with no target.

The peers, each optional (skipped when not installed), on the same deals:
phevaluator's C call ``phevaluator._pheval.evaluate_omaha_cards`` (the base of
the ``phevaluator`` ratios in the summary: the last phevaluator row of each
group) and its ``evaluate_plo4_cards``, its Python wrapper
``phevaluator.evaluate_omaha_cards`` on int codes and on text, xiapl's
``evaluate_hand`` on card masks (4-card Omaha only), and PokerKit on text.
phevaluator has no 5- or 6-card Omaha call on PyPI, and poker-equity no
single Omaha evaluation call (its ``score_batch`` kernels rank plain hands,
not two hole cards and three from the board), so neither has a row there.
Every row checks its result: the same values as omaha's (phevaluator:
``7463 - rank``), the same order of hands (xiapl), or a count. Run::

    pytest bench --benchmark-only            # measure (hands/s summary at the end)
    pytest bench --benchmark-disable         # run each once (CI smoke test)
"""

from __future__ import annotations

from contextlib import suppress
from itertools import pairwise
from typing import Any

import numpy as np
import pytest

import omaha
from omaha.cards import random_deals

N_BATCH = 100_000
"""Deals per round of a batch benchmark (and of phevaluator's loop over them)."""
N_SINGLE = 200
"""Deals per round of a one-call-per-hand benchmark (PokerKit takes about 1 ms a hand)."""
SEED = 2024


class Deals:
    """The same random deals as arrays, int tuples and text."""

    def __init__(self, hole: int, board: int, n: int, seed: int) -> None:
        self.holes, self.boards = random_deals(n, hole, board, seed=seed)
        single = slice(0, N_SINGLE)
        self.tuples = [
            (tuple(h), tuple(b))
            for h, b in zip(self.holes[single].tolist(), self.boards[single].tolist(), strict=True)
        ]
        self.text = [(omaha.format_cards(h), omaha.format_cards(b)) for h, b in self.tuples]
        self.flat = np.concatenate([self.boards, self.holes], axis=1).tolist()
        """Every deal as a list of codes, board first (phevaluator's order)."""
        self.hi_out = np.empty(n, np.uint16)
        self.lo_out = np.empty(n, np.uint8)


@pytest.fixture(scope="session")
def deals() -> Deals:
    """100,000 random deals of 4 hole cards and a 5-card board (after omaha.warmup())."""
    omaha.warmup()
    return Deals(4, 5, N_BATCH, SEED)


@pytest.fixture(scope="session")
def deals_by_hole() -> dict[int, Deals]:
    """Random deals with 4, 5 and 6 hole cards and a 5-card board."""
    omaha.warmup()
    return {k: Deals(k, 5, N_BATCH, SEED + k) for k in (4, 5, 6)}


SINGLE_HI = f"hi: one call per hand ({N_SINGLE} deals a round)"
TEXT_HI = f"hi: one call per hand on card text ({N_SINGLE} deals a round)"
SINGLE_LO = f"lo: one call per hand ({N_SINGLE} deals a round)"
SHOWDOWN = f"showdown, 2 players on card text, one call a deal ({N_SINGLE} deals a round)"
BATCH_HI = f"hi: batch ({N_BATCH:,} deals a round)"
BATCH_LO = f"lo: batch ({N_BATCH:,} deals a round)"
SELECT = f"hi + lo with the cards used: select_batch ({N_BATCH:,} deals a round)"
THREADS_1M = "hi batch, 1 or 2 threads (1,000,000 deals a round)"
SIZES_HI = f"hi batch by hole size, no target ({N_BATCH:,} deals a round)"
SIZES_LO = f"lo batch by hole size, no target ({N_BATCH:,} deals a round)"


# -------------------------------------------------------------------- helpers


def _xiapl_masks(holes: Any, boards: Any) -> tuple[list[int], list[int]]:
    """xiapl's card masks of every hole and board (its card id is ``13 * suit + rank``)."""
    xiapl_utils = pytest.importorskip("xiapl.utils")
    card = pytest.importorskip("xiapl.card").Card

    def masks(cards: Any) -> list[int]:
        ids = (cards % 4).astype(np.uint64) * 13 + cards // 4
        return np.bitwise_or.reduce(np.uint64(1) << ids, axis=1).tolist()  # type: ignore[no-any-return]

    hole_masks, board_masks = masks(holes), masks(boards)
    for codes, mask in zip(
        holes[:50].tolist() + boards[:50].tolist(), hole_masks[:50] + board_masks[:50], strict=True
    ):
        text = [omaha.format_cards([c]) for c in codes]
        assert xiapl_utils.cards_to_mask([card.from_string(t) for t in text]) == mask
    return hole_masks, board_masks


def _xiapl_key(value: Any) -> tuple[int, tuple[int, ...]]:
    """A sortable key of an xiapl ``HandValue``: its category, then its kickers."""
    return int(value.category), tuple(value.kickers)


def _assert_same_order(ours: Any, theirs: list[Any]) -> None:
    """``theirs`` ranks the hands as ``ours`` does: one key per strength, rising with it."""
    key_of: dict[int, Any] = {}
    for strength, key in zip(np.asarray(ours).tolist(), theirs, strict=True):
        assert key_of.setdefault(strength, key) == key
    keys = [key_of[s] for s in sorted(key_of)]
    assert all(a < b for a, b in pairwise(keys))


def _assert_phevaluator_agrees(ranks: list[int], deals: Deals, n: int) -> None:
    """phevaluator's ranks (1 is the best hand) are ``7463 - `` omaha's strengths."""
    ours = omaha.evaluate_hi_batch(deals.holes[:n], deals.boards[:n])
    assert len(ranks) == n and (7463 - np.array(ranks) == ours).all()


# ------------------------------------------------------------ one call per hand


@pytest.mark.benchmark(group=SINGLE_HI)
def test_omaha_evaluate_hi(measure: Any, deals: Deals) -> None:
    hi = omaha.evaluate_hi
    tuples = deals.tuples
    result = measure(lambda: [hi(h, b) for h, b in tuples], N_SINGLE)
    assert [r.strength for r in result] == omaha.evaluate_hi_batch(
        deals.holes[:N_SINGLE], deals.boards[:N_SINGLE]
    ).tolist()


@pytest.mark.benchmark(group=SINGLE_HI)
def test_phevaluator_wrapper_evaluate_omaha_cards(measure: Any, deals: Deals) -> None:
    # phevaluator.evaluate_omaha_cards: Python (Card.to_id on every card, a size check)
    evaluate = pytest.importorskip("phevaluator").evaluate_omaha_cards
    flat = deals.flat[:N_SINGLE]  # board first; the same int card codes
    result = measure(lambda: [evaluate(*cards) for cards in flat], N_SINGLE)
    _assert_phevaluator_agrees(result, deals, N_SINGLE)


@pytest.mark.benchmark(group=SINGLE_HI)
def test_xiapl_evaluate_hand(measure: Any, deals: Deals) -> None:
    evaluate = pytest.importorskip("xiapl.eval").evaluate_hand
    plo = pytest.importorskip("xiapl.simulation").GameType.Plo
    hole_masks, board_masks = _xiapl_masks(deals.holes[:N_SINGLE], deals.boards[:N_SINGLE])
    pairs = list(zip(board_masks, hole_masks, strict=True))
    result = measure(lambda: [evaluate(b, h, game=plo) for b, h in pairs], N_SINGLE)
    ours = omaha.evaluate_hi_batch(deals.holes[:N_SINGLE], deals.boards[:N_SINGLE])
    _assert_same_order(ours, [_xiapl_key(v) for v in result])


@pytest.mark.benchmark(group=SINGLE_HI)
def test_phevaluator_c_evaluate_plo4_cards(measure: Any, deals: Deals) -> None:
    evaluate = pytest.importorskip("phevaluator._pheval").evaluate_plo4_cards
    flat = deals.flat[:N_SINGLE]
    result = measure(lambda: [evaluate(*cards) for cards in flat], N_SINGLE)
    _assert_phevaluator_agrees(result, deals, N_SINGLE)


@pytest.mark.benchmark(group=SINGLE_HI)
def test_phevaluator_c_evaluate_omaha_cards(measure: Any, deals: Deals) -> None:
    # the C function under the wrapper; the group's last phevaluator row, the ratios' base
    evaluate = pytest.importorskip("phevaluator._pheval").evaluate_omaha_cards
    flat = deals.flat[:N_SINGLE]
    result = measure(lambda: [evaluate(*cards) for cards in flat], N_SINGLE)
    _assert_phevaluator_agrees(result, deals, N_SINGLE)


@pytest.mark.benchmark(group="head to head")
def test_head_to_head_evaluate_hi_vs_phevaluator_c(head_to_head: Any, deals: Deals) -> None:
    # issue 12's single-call row: omaha.evaluate_hi on int tuples against
    # phevaluator's raw C call on the same deals, in alternate rounds
    evaluate = pytest.importorskip("phevaluator._pheval").evaluate_omaha_cards
    hi = omaha.evaluate_hi
    tuples = deals.tuples
    flat = deals.flat[:N_SINGLE]
    assert [7463 - hi(h, b).strength for h, b in tuples] == [evaluate(*c) for c in flat]

    def ours() -> None:
        for h, b in tuples:
            hi(h, b)

    def peer() -> None:
        for cards in flat:
            evaluate(*cards)

    best, median = head_to_head(ours, peer, N_SINGLE, "phevaluator C")
    assert best > 0 and median > 0


@pytest.mark.benchmark(group=TEXT_HI)
def test_omaha_evaluate_hi_text(measure: Any, deals: Deals) -> None:
    hi = omaha.evaluate_hi
    text = deals.text  # e.g. ("8c5c3d7s", "TdJs4cAhKc")
    result = measure(lambda: [hi(h, b) for h, b in text], N_SINGLE)
    assert [r.strength for r in result] == [hi(h, b).strength for h, b in deals.tuples]


@pytest.mark.benchmark(group=TEXT_HI)
def test_pokerkit_omaha_holdem_hand_text(measure: Any, deals: Deals) -> None:
    hand = pytest.importorskip("pokerkit").OmahaHoldemHand.from_game
    text = deals.text
    result = measure(lambda: [hand(h, b) for h, b in text], N_SINGLE)
    assert len(result) == N_SINGLE


@pytest.mark.benchmark(group=TEXT_HI)
def test_phevaluator_wrapper_evaluate_omaha_cards_text(measure: Any, deals: Deals) -> None:
    evaluate = pytest.importorskip("phevaluator").evaluate_omaha_cards  # takes "Ah" strings
    cards = [[omaha.format_cards([c]) for c in row] for row in deals.flat[:N_SINGLE]]
    result = measure(lambda: [evaluate(*c) for c in cards], N_SINGLE)
    _assert_phevaluator_agrees(result, deals, N_SINGLE)


@pytest.mark.benchmark(group=SINGLE_LO)
def test_omaha_evaluate_lo(measure: Any, deals: Deals) -> None:
    lo = omaha.evaluate_lo
    tuples = deals.tuples
    result = measure(lambda: [lo(h, b) for h, b in tuples], N_SINGLE)
    assert len(result) == N_SINGLE


@pytest.mark.benchmark(group=SINGLE_LO)
def test_pokerkit_omaha_eight_or_better_low_hand(measure: Any, deals: Deals) -> None:
    pokerkit = pytest.importorskip("pokerkit")
    hand = pokerkit.OmahaEightOrBetterLowHand.from_game
    text = deals.text

    def lows() -> int:
        found = 0
        for h, b in text:
            with suppress(ValueError):  # PokerKit raises when there is no low
                hand(h, b)
                found += 1
        return found

    found = measure(lows, N_SINGLE)
    assert found == sum(omaha.evaluate_lo(h, b) is not None for h, b in deals.tuples)


@pytest.fixture(scope="session")
def two_players() -> list[tuple[list[str], str]]:
    """Deals of 2 players' 4 hole cards and a 5-card board, as text."""
    # 13 distinct cards a deal (random_deals deals one hole: 4 to 6 cards)
    decks = np.tile(np.arange(52, dtype=np.uint8), (N_SINGLE, 1))
    cards = np.random.default_rng(SEED + 8).permuted(decks, axis=1)[:, :13]
    fmt = omaha.format_cards
    return [([fmt(c[:4]), fmt(c[4:8])], fmt(c[8:])) for c in cards]


@pytest.mark.benchmark(group=SHOWDOWN)
def test_omaha_showdown_text(measure: Any, two_players: list[tuple[list[str], str]]) -> None:
    showdown = omaha.showdown
    result = measure(lambda: [showdown(h, b).high_winners for h, b in two_players], N_SINGLE)
    hi = omaha.evaluate_hi
    for (h, b), winners in zip(two_players, result, strict=True):
        strengths = [hi(x, b).strength for x in h]
        assert winners == tuple(i for i, s in enumerate(strengths) if s == max(strengths))


@pytest.mark.benchmark(group=SHOWDOWN)
def test_pokerkit_showdown_text(measure: Any, two_players: list[tuple[list[str], str]]) -> None:
    hand = pytest.importorskip("pokerkit").OmahaHoldemHand.from_game

    def winners(holes: list[str], board: str) -> tuple[int, ...]:
        hands = [hand(h, board) for h in holes]
        best = max(hands)
        return tuple(i for i, x in enumerate(hands) if x == best)

    result = measure(lambda: [winners(h, b) for h, b in two_players], N_SINGLE)
    assert result == [omaha.showdown(h, b).high_winners for h, b in two_players]


# -------------------------------------------------------------------- batches


@pytest.mark.benchmark(group=BATCH_HI)
@pytest.mark.parametrize("threads", [1, 2])
def test_omaha_evaluate_hi_batch(measure: Any, deals: Deals, threads: int) -> None:
    out = measure(
        omaha.evaluate_hi_batch, N_BATCH, deals.holes, deals.boards, deals.hi_out, threads
    )
    assert out.dtype == np.uint16 and out.min() >= 1


@pytest.mark.benchmark(group=BATCH_HI)
def test_phevaluator_wrapper_loop_over_the_batch(measure: Any, deals: Deals) -> None:
    evaluate = pytest.importorskip("phevaluator").evaluate_omaha_cards
    flat = deals.flat
    result = measure(lambda: [evaluate(*cards) for cards in flat], N_BATCH)
    _assert_phevaluator_agrees(result, deals, N_BATCH)


@pytest.mark.benchmark(group=BATCH_HI)
def test_xiapl_loop_over_the_batch(measure: Any, deals: Deals) -> None:
    evaluate = pytest.importorskip("xiapl.eval").evaluate_hand
    plo = pytest.importorskip("xiapl.simulation").GameType.Plo
    hole_masks, board_masks = _xiapl_masks(deals.holes, deals.boards)
    pairs = list(zip(board_masks, hole_masks, strict=True))
    result = measure(lambda: [evaluate(b, h, game=plo) for b, h in pairs], N_BATCH)
    ours = omaha.evaluate_hi_batch(deals.holes, deals.boards)
    _assert_same_order(ours, [_xiapl_key(v) for v in result])


@pytest.mark.benchmark(group=BATCH_HI)
def test_phevaluator_c_plo4_loop_over_the_batch(measure: Any, deals: Deals) -> None:
    evaluate = pytest.importorskip("phevaluator._pheval").evaluate_plo4_cards
    flat = deals.flat
    result = measure(lambda: [evaluate(*cards) for cards in flat], N_BATCH)
    _assert_phevaluator_agrees(result, deals, N_BATCH)


@pytest.mark.benchmark(group=BATCH_HI)
def test_phevaluator_c_loop_over_the_batch(measure: Any, deals: Deals) -> None:
    # _pheval.evaluate_omaha_cards in a Python loop: the group's phevaluator base
    evaluate = pytest.importorskip("phevaluator._pheval").evaluate_omaha_cards
    flat = deals.flat
    result = measure(lambda: [evaluate(*cards) for cards in flat], N_BATCH)
    _assert_phevaluator_agrees(result, deals, N_BATCH)


@pytest.fixture(scope="session")
def million() -> Deals:
    """1,000,000 random deals of 4 hole cards and a 5-card board."""
    omaha.warmup()
    return Deals(4, 5, 1_000_000, SEED + 1)


@pytest.mark.benchmark(group=THREADS_1M)
@pytest.mark.parametrize("threads", [1, 2])
def test_omaha_evaluate_hi_batch_million(measure: Any, million: Deals, threads: int) -> None:
    d = million
    out = measure(omaha.evaluate_hi_batch, len(d.holes), d.holes, d.boards, d.hi_out, threads)
    assert (out[:N_BATCH] == omaha.evaluate_hi_batch(d.holes[:N_BATCH], d.boards[:N_BATCH])).all()


@pytest.mark.benchmark(group=BATCH_LO)
@pytest.mark.parametrize("threads", [1, 2])
def test_omaha_evaluate_lo_batch(measure: Any, deals: Deals, threads: int) -> None:
    out = measure(
        omaha.evaluate_lo_batch, N_BATCH, deals.holes, deals.boards, deals.lo_out, threads
    )
    assert out.dtype == np.uint8 and out.max() <= 56


@pytest.mark.benchmark(group=SELECT)
def test_omaha_select_batch(measure: Any, deals: Deals) -> None:
    sel = measure(omaha.select_batch, N_BATCH, deals.holes, deals.boards)
    assert (sel.hi_strength == omaha.evaluate_hi_batch(deals.holes, deals.boards)).all()


@pytest.mark.benchmark(group=SIZES_HI)
@pytest.mark.parametrize("hole", [4, 5, 6])
def test_omaha_evaluate_hi_batch_hole_size(
    measure: Any, deals_by_hole: dict[int, Deals], hole: int
) -> None:
    d = deals_by_hole[hole]
    out = measure(omaha.evaluate_hi_batch, N_BATCH, d.holes, d.boards, d.hi_out)
    assert out.shape == (N_BATCH,)


@pytest.mark.benchmark(group=SIZES_LO)
@pytest.mark.parametrize("hole", [4, 5, 6])
def test_omaha_evaluate_lo_batch_hole_size(
    measure: Any, deals_by_hole: dict[int, Deals], hole: int
) -> None:
    d = deals_by_hole[hole]
    out = measure(omaha.evaluate_lo_batch, N_BATCH, d.holes, d.boards, d.lo_out)
    assert out.shape == (N_BATCH,)
