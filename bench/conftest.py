"""The ``measure`` fixture of the evaluator benchmarks and a hands/second summary.

Run ``pytest bench --benchmark-only`` for the measurements (a summary of
hands/second and the ratios to phevaluator and PokerKit is printed at the
end), or ``pytest bench --benchmark-disable`` to run each benchmark once
as a smoke test.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

_MEASURED: list[tuple[Any, str, int]] = []


@pytest.fixture
def measure(benchmark: Any) -> Callable[..., Any]:
    """``measure(fn, hands, *args, rounds=None)``: time ``fn(*args)``, handling ``hands`` hands.

    ``rounds`` fixes the number of rounds (one call each) for slow work;
    by default pytest-benchmark calibrates them.

    Records in the benchmark's ``extra_info`` the ``hands_per_round`` and,
    when timing is on, ``hands_per_second`` (from the fastest round) and
    ``hands_per_second_median``.
    """

    def run(fn: Callable[..., Any], hands: int, *args: Any, rounds: int | None = None) -> Any:
        if rounds is None:
            result = benchmark(fn, *args)
        else:
            result = benchmark.pedantic(fn, args=args, rounds=rounds, iterations=1)
        benchmark.extra_info["hands_per_round"] = hands
        if benchmark.stats is not None:
            stats = benchmark.stats.stats
            benchmark.extra_info["hands_per_second"] = hands / stats.min
            benchmark.extra_info["hands_per_second_median"] = hands / stats.median
            _MEASURED.append((benchmark, benchmark.name, hands))
        return result

    return run


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Print hands/second per benchmark group, with ratios to the other evaluators."""
    if not _MEASURED:
        return
    groups: dict[str, list[tuple[str, float, float]]] = {}
    for bench, name, hands in _MEASURED:
        stats = bench.stats.stats
        row = (name, hands / stats.min, hands / stats.median)
        groups.setdefault(bench.group or "", []).append(row)
    tr = terminalreporter
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
