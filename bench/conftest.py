"""The ``measure`` fixture of the evaluator benchmarks and a hands/second summary.

Run ``pytest bench --benchmark-only`` for the measurements (a summary of
hands/second and the ratios to phevaluator and PokerKit is printed at the
end), or ``pytest bench --benchmark-disable`` to run each benchmark once
as a smoke test.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from time import perf_counter
from typing import Any

import pytest

_MEASURED: list[tuple[Any, str, int]] = []
_DUELS: list[tuple[str, str, float, float, float, float]] = []

DUEL_ROUNDS = 1500
"""Rounds of each side in a head-to-head benchmark (2 when timing is off)."""


@pytest.fixture
def measure(benchmark: Any) -> Callable[..., Any]:
    """``measure(fn, hands, *args, rounds=None, setup=None)``: time ``fn(*args)``, ``hands`` hands.

    ``rounds`` fixes the number of rounds (one call each) for slow work;
    by default pytest-benchmark calibrates them. ``setup`` (which needs
    ``rounds``) is called before each round, untimed.

    Records in the benchmark's ``extra_info`` the ``hands_per_round`` and,
    when timing is on, ``hands_per_second`` (from the fastest round) and
    ``hands_per_second_median``.
    """

    def run(
        fn: Callable[..., Any],
        hands: int,
        *args: Any,
        rounds: int | None = None,
        setup: Callable[[], None] | None = None,
    ) -> Any:
        if rounds is None:
            if setup is not None:
                raise ValueError("setup needs rounds")
            result = benchmark(fn, *args)
        elif setup is None:
            result = benchmark.pedantic(fn, args=args, rounds=rounds, iterations=1)
        else:

            def fresh() -> tuple[tuple[Any, ...], dict[str, Any]]:
                setup()
                return args, {}

            result = benchmark.pedantic(fn, setup=fresh, rounds=rounds, iterations=1)
        benchmark.extra_info["hands_per_round"] = hands
        if benchmark.stats is not None:
            stats = benchmark.stats.stats
            benchmark.extra_info["hands_per_second"] = hands / stats.min
            benchmark.extra_info["hands_per_second_median"] = hands / stats.median
            _MEASURED.append((benchmark, benchmark.name, hands))
        return result

    return run


@pytest.fixture
def head_to_head(benchmark: Any) -> Callable[..., tuple[float, float]]:
    """``head_to_head(ours, peer, hands, peer_name, rounds, setup, timer)``: alternate rounds.

    A round of ``ours()`` then a round of ``peer()``, ``rounds`` times
    (``DUEL_ROUNDS`` by default; ``setup``, untimed, before each), so that
    both meet the same load of a shared machine: the ratio of their fastest
    rounds (and of their median rounds) is steadier than the ratio of two
    benchmarks run one after the other. Records in ``extra_info``
    each side's hands/second (fastest round) and both ratios (above 1: ours
    is faster); returns (fastest ratio, median ratio). ``timer(fn)``, if
    given, runs a round and returns its measure in seconds instead of its
    wall time (the pipeline's busiest thread, see bench_pipeline.py).
    """

    def run(
        ours: Callable[[], Any],
        peer: Callable[[], Any],
        hands: int,
        peer_name: str,
        rounds: int = DUEL_ROUNDS,
        setup: Callable[[], None] | None = None,
        timer: Callable[[Callable[[], Any]], float] | None = None,
    ) -> tuple[float, float]:
        rounds = 2 if benchmark.disabled else rounds
        mine: list[float] = []
        theirs: list[float] = []

        def duel() -> None:
            for _ in range(rounds):
                if setup is not None:
                    setup()
                if timer is not None:  # another measure of a round than its wall time
                    mine.append(timer(ours))
                    if setup is not None:
                        setup()
                    theirs.append(timer(peer))
                    continue
                t0 = perf_counter()
                ours()
                t1 = perf_counter()
                if setup is not None:
                    setup()
                    t1 = perf_counter()
                peer()
                t2 = perf_counter()
                mine.append(t1 - t0)
                theirs.append(t2 - t1)

        benchmark.pedantic(duel, rounds=1, iterations=1)
        best = min(theirs) / min(mine)
        median = statistics.median(theirs) / statistics.median(mine)
        benchmark.extra_info.update(
            hands_per_round=hands,
            ours_hands_per_second=hands / min(mine),
            peer_hands_per_second=hands / min(theirs),
            ratio_fastest=best,
            ratio_median=median,
        )
        if not benchmark.disabled:
            _DUELS.append(
                (benchmark.name, peer_name, hands / min(mine), hands / min(theirs), best, median)
            )
        return best, median

    return run


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Print hands/second per benchmark group, with ratios to the other evaluators."""
    tr = terminalreporter
    if _DUELS:
        tr.write_sep("-", "head to head: alternate rounds in one process; hands per second")
        for name, peer, ours, theirs, best, median in _DUELS:
            tr.write_line(
                f"  {name:<46} {ours:>13,.0f} vs {peer} {theirs:,.0f}:"
                f" {best:.2f}x (fastest rounds), {median:.2f}x (median rounds)"
            )
    if not _MEASURED:
        return
    groups: dict[str, list[tuple[str, float, float]]] = {}
    for bench, name, hands in _MEASURED:
        stats = bench.stats.stats
        row = (name, hands / stats.min, hands / stats.median)
        groups.setdefault(bench.group or "", []).append(row)
    tr.write_sep("-", "hands per second: fastest round (median round); ratios of the fastest")
    for group, rows in groups.items():
        base = {
            who: best
            for name, best, _ in rows
            for who in ("phevaluator", "pokerkit", "kernel")
            if who in name
        }
        tr.write_line(group)
        for name, best, median in rows:
            ratios = "".join(
                f"  {_ratio(best / rate):>9} {who}" for who, rate in base.items() if who not in name
            )
            tr.write_line(f"  {name:<46} {best:>13,.0f} ({median:>13,.0f}){ratios}")


def _ratio(value: float) -> str:
    if value >= 100:
        return f"{value:,.0f}x"
    return f"{value:.1f}x" if value >= 0.1 else f"{value:.2g}x"
