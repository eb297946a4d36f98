"""Evaluator benchmarks (pytest-benchmark): single calls and batches, and the same deals
through phevaluator and PokerKit in the same run.

Targets, for random deals of 4 hole cards and a 5-card board on one thread:
``evaluate_hi_batch`` at least 30 M hands/s, ``evaluate_lo_batch`` at least
100 M hands/s, and one ``evaluate_hi`` call on int codes at least twice as
fast as ``phevaluator.evaluate_omaha_cards(*ints)``. 5- and 6-card holes are
measured with no target. Run::

    pytest bench --benchmark-only            # measure (hands/s summary at the end)
    pytest bench --benchmark-disable         # run each once (CI smoke test)
"""

from __future__ import annotations

from contextlib import suppress
from typing import Any

import numpy as np
import pytest

import omaha
from omaha.cli.bench_cmd import random_deals

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
SINGLE_LO = f"lo: one call per hand ({N_SINGLE} deals a round)"
BATCH_HI = f"hi: batch ({N_BATCH:,} deals a round)"
BATCH_LO = f"lo: batch ({N_BATCH:,} deals a round)"
SELECT = f"hi + lo with the cards used: select_batch ({N_BATCH:,} deals a round)"
SIZES_HI = f"hi batch by hole size, no target ({N_BATCH:,} deals a round)"
SIZES_LO = f"lo batch by hole size, no target ({N_BATCH:,} deals a round)"


# ------------------------------------------------------------ one call per hand


@pytest.mark.benchmark(group=SINGLE_HI)
def test_omaha_evaluate_hi(measure: Any, deals: Deals) -> None:
    hi = omaha.evaluate_hi
    tuples = deals.tuples
    result = measure(lambda: [hi(h, b) for h, b in tuples], N_SINGLE)
    assert len(result) == N_SINGLE


@pytest.mark.benchmark(group=SINGLE_HI)
def test_phevaluator_evaluate_omaha_cards(measure: Any, deals: Deals) -> None:
    phevaluator = pytest.importorskip("phevaluator")
    evaluate = phevaluator.evaluate_omaha_cards
    flat = [b + h for h, b in deals.tuples]  # board first; the same int card codes
    result = measure(lambda: [evaluate(*cards) for cards in flat], N_SINGLE)
    ours = [omaha.evaluate_hi(h, b).strength for h, b in deals.tuples]
    assert [7463 - r for r in result] == ours  # its rank 1 is the best hand


@pytest.mark.benchmark(group=SINGLE_HI)
def test_pokerkit_omaha_holdem_hand(measure: Any, deals: Deals) -> None:
    pokerkit = pytest.importorskip("pokerkit")
    hand = pokerkit.OmahaHoldemHand.from_game
    text = deals.text
    result = measure(lambda: [hand(h, b) for h, b in text], N_SINGLE)
    assert len(result) == N_SINGLE


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


# -------------------------------------------------------------------- batches


@pytest.mark.benchmark(group=BATCH_HI)
@pytest.mark.parametrize("threads", [1, 2])
def test_omaha_evaluate_hi_batch(measure: Any, deals: Deals, threads: int) -> None:
    out = measure(
        omaha.evaluate_hi_batch, N_BATCH, deals.holes, deals.boards, deals.hi_out, threads
    )
    assert out.dtype == np.uint16 and out.min() >= 1


@pytest.mark.benchmark(group=BATCH_HI)
def test_phevaluator_loop_over_the_batch(measure: Any, deals: Deals) -> None:
    phevaluator = pytest.importorskip("phevaluator")
    evaluate = phevaluator.evaluate_omaha_cards
    flat = np.concatenate([deals.boards, deals.holes], axis=1).tolist()
    result = measure(lambda: [evaluate(*cards) for cards in flat], N_BATCH)
    assert len(result) == N_BATCH


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
