"""Equity benchmarks (pytest-benchmark).

Run: ``pytest bench/bench_equity.py --benchmark-only`` (``--benchmark-disable``
runs each once as a smoke test). The 22.5 MB Hi table is built before
timing (``omaha.warmup()``); every exact benchmark checks its counts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import pytest

import omaha
from omaha.equities import equity
from omaha.games import GameName

T = TypeVar("T")

AAKK = "AhAsKhKs"
JT98 = "JdTd9c8c"


@pytest.fixture(scope="module", autouse=True)
def _tables() -> None:
    omaha.warmup()


def _run(benchmark: Any, fn: Callable[[], T], rounds: int = 20) -> T:
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


# ------------------------------------------- exact against one random hand

RANDOM_SPOTS = {"preflop": "", "flop": "Qs7h2c", "turn": "Qs7h2c5d"}
RANDOM_DEALS = {"preflop": 211_315_436_640, "flop": 122_175_900, "turn": 5_430_040}


@pytest.mark.parametrize("game", ["hi", "hilo"])
@pytest.mark.parametrize("street", list(RANDOM_SPOTS))
def test_exact_against_a_random_hand(benchmark: Any, street: str, game: str) -> None:
    # Issue 11: 20.6 min / 2.76 s / 0.12 s before (every hand, every board).
    board = RANDOM_SPOTS[street]
    rounds = {"preflop": 3, "flop": 20, "turn": 100}[street]
    r = _run(
        benchmark,
        lambda: equity([AAKK, None], board=board, game=game, method="exact"),  # type: ignore[arg-type]
        rounds=rounds,
    )
    assert r.boards == RANDOM_DEALS[street]
    if benchmark.stats is not None:
        benchmark.extra_info["deals_per_second"] = r.boards / benchmark.stats.stats.min


def test_poker_equity_exact_against_a_random_hand_turn(benchmark: Any) -> None:
    pe = pytest.importorskip("poker_equity")
    r = _run(
        benchmark,
        lambda: pe.exact_from_text("omaha", [AAKK, "****"], "Qs7h2c5d"),
        rounds=3,
    )
    assert r["samples"] == 5_430_040
    mine = equity([AAKK, None], board="Qs7h2c5d", method="exact")
    assert abs(r["players"][0]["equity"] - mine[0].equity) < 1e-12


@pytest.mark.parametrize("peer", ["poker-equity", "xiapl"])
def test_peer_exact_heads_up_preflop(benchmark: Any, peer: str) -> None:
    if peer == "poker-equity":
        pe = pytest.importorskip("poker_equity")

        def run() -> float:
            return float(pe.exact_from_text("omaha", [AAKK, JT98])["players"][0]["equity"])
    else:
        xiapl = pytest.importorskip("xiapl")
        sim, card = xiapl.simulation, xiapl.card.Card

        def mask(text: str) -> int:
            cards = [card.from_string(text[i : i + 2]) for i in range(0, len(text), 2)]
            return int(xiapl.utils.cards_to_mask(cards))

        holes = [mask(AAKK), mask(JT98)]

        def run() -> float:
            res = sim.calculate_equity(
                holes, 0, sim.SimulationOptions.exact(), game=sim.GameType.Plo
            )
            return float(res.players[0].equity)

    value = benchmark.pedantic(run, rounds=3, iterations=1, warmup_rounds=1)
    assert abs(value - 0.6148131505476939) < 1e-12


# ------------------------------------------------------------------ ranges

RANGE_SPOTS = {
    "hand vs 15%": [AAKK, "15%"],
    "hand vs KK+:$ds": [AAKK, "KK+:$ds"],
    "AA:$ds vs JT98,T987 ds": ["AA:$ds", "JT98:$ds,T987:$ds"],
}


@pytest.mark.parametrize("spot", list(RANGE_SPOTS))
def test_exact_ranges_on_the_flop(benchmark: Any, spot: str) -> None:
    hands = RANGE_SPOTS[spot]
    omaha.parse_range("15%")  # the class order, built once
    r = _run(benchmark, lambda: equity(hands, board="Qs7h2c", method="exact", threads=1), rounds=3)
    assert r.method == "exact" and sum(p.equity_fraction for p in r) == 1
    if benchmark.stats is not None:
        benchmark.extra_info["deals_per_second"] = r.deals / benchmark.stats.stats.min


MC_RANGE_SPOTS: dict[str, list[str | None]] = {
    "hand vs 15%": [AAKK, "15%"],
    "KK+:$ds vs 15% vs 30%": ["KK+:$ds", "15%", "30%"],
    "hand vs KK+:$ds vs random": [AAKK, "KK+:$ds", None],
}


@pytest.mark.parametrize("game", ["hi", "hilo"])
@pytest.mark.parametrize("spot", list(MC_RANGE_SPOTS))
def test_monte_carlo_against_ranges(benchmark: Any, spot: str, game: GameName) -> None:
    from omaha.ranges import parse_range

    hands = [
        h if h is None or h == AAKK else parse_range(h, game=game) for h in MC_RANGE_SPOTS[spot]
    ]
    samples = 1_000_000
    r = _run(
        benchmark,
        lambda: equity(hands, game=game, samples=samples, seed=1, threads=1),
        rounds=3,
    )
    assert r.samples == samples
    if benchmark.stats is not None:
        benchmark.extra_info["samples_per_second"] = samples / benchmark.stats.stats.min


@pytest.mark.parametrize("villain", ["****", "KK**"])
def test_poker_equity_monte_carlo(benchmark: Any, villain: str) -> None:
    # Against a random hand, and against "at least two kings" (our "KK").
    pe = pytest.importorskip("poker_equity")
    samples = 1_000_000
    r = benchmark.pedantic(
        lambda: pe.chunk_from_text("omaha", [AAKK, villain], samples=samples, seed=1, threads=1),
        rounds=3,
        iterations=1,
        warmup_rounds=1,
    )
    assert r["samples"] == samples
    if benchmark.stats is not None:
        benchmark.extra_info["samples_per_second"] = samples / benchmark.stats.stats.min


def test_monte_carlo_against_kk(benchmark: Any) -> None:
    # The same spot as poker-equity's "KK**", for the ratio.
    from omaha.ranges import parse_range

    kk = parse_range("KK")
    samples = 1_000_000
    r = _run(benchmark, lambda: equity([AAKK, kk], samples=samples, seed=1, threads=1), rounds=3)
    assert r.samples == samples
