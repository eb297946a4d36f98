"""Equity benchmarks (pytest-benchmark).

Run: ``pytest bench/bench_equity.py --benchmark-only`` (``--benchmark-disable``
runs each once as a smoke test). The 22.5 MB Hi table is built before
timing (``omaha.warmup()``); every exact benchmark checks its counts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import omaha
from omaha.equities import EquityResult, equity

AAKK = "AhAsKhKs"
JT98 = "JdTd9c8c"


@pytest.fixture(scope="module", autouse=True)
def _tables() -> None:
    omaha.warmup()


def _run(benchmark: Any, fn: Callable[[], EquityResult], rounds: int = 20) -> EquityResult:
    return benchmark.pedantic(fn, rounds=rounds, iterations=1, warmup_rounds=2)  # type: ignore[no-any-return]


# ------------------------------------------------------------------- exact


@pytest.mark.parametrize("threads", [1, 2])
def test_exact_heads_up_preflop_hi(benchmark: Any, threads: int) -> None:
    r = _run(benchmark, lambda: equity([AAKK, JT98], threads=threads))
    assert r.boards == 1_086_008
    assert dict(r[0].outcomes) == {(1, None): 667_649, (0, None): 418_273, (2, None): 86}


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize(
    "holes", [[AAKK, JT98], ["As2sKd3h", "Ac4cQhJh"]], ids=["AAKK-JT98", "A23K-A4QJ"]
)
def test_exact_heads_up_preflop_hilo(benchmark: Any, holes: list[str], threads: int) -> None:
    r = _run(benchmark, lambda: equity(holes, game="hilo", threads=threads))
    assert r.boards == 1_086_008
    assert sum(p.equity_fraction for p in r) == 1


@pytest.mark.parametrize("game", ["hi", "hilo"])
def test_exact_three_way_flop(benchmark: Any, game: str) -> None:
    holes = [AAKK, JT98, "7c6c5d4d"]
    r = _run(benchmark, lambda: equity(holes, board="Qs7h2c", game=game, threads=1), rounds=200)  # type: ignore[arg-type]
    assert r.boards == 37 * 36 // 2


@pytest.mark.parametrize("game", ["hi", "hilo"])
def test_exact_three_way_preflop(benchmark: Any, game: str) -> None:
    holes = [AAKK, JT98, "7c6c5d4d"]
    r = _run(benchmark, lambda: equity(holes, game=game, threads=1))  # type: ignore[arg-type]
    assert r.boards == 658_008


def test_exact_river_call_overhead(benchmark: Any) -> None:
    r = _run(benchmark, lambda: equity([AAKK, JT98], board="Qs7h2c5d3s"), rounds=2000)
    assert r.boards == 1


def test_exact_unknown_hand_on_the_turn(benchmark: Any) -> None:
    r = _run(
        benchmark,
        lambda: equity([AAKK, None], board="Qs7h2c5d", method="exact", threads=1),
        rounds=5,
    )
    assert r.boards == 135_751 * 40


# -------------------------------------------------------------- Monte Carlo

MC_SPOTS = {
    "2 known": [AAKK, JT98],
    "1 vs random": [AAKK, None],
    "1 vs 5 random": [AAKK, None, None, None, None, None],
}


@pytest.mark.parametrize("game", ["hi", "hilo"])
@pytest.mark.parametrize("spot", list(MC_SPOTS))
def test_monte_carlo_samples_per_second(benchmark: Any, spot: str, game: str) -> None:
    samples = 1_000_000
    r = _run(
        benchmark,
        lambda: equity(MC_SPOTS[spot], game=game, samples=samples, seed=1, threads=1),  # type: ignore[arg-type]
        rounds=5,
    )
    assert r.samples == samples
    if benchmark.stats is not None:
        benchmark.extra_info["samples_per_second"] = samples / benchmark.stats.stats.min
