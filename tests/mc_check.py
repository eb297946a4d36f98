"""The check shared by the Monte Carlo tests: a seeded run against exact."""

from __future__ import annotations

import math

from omaha.equities import EquityResult


def assert_within_four_standard_errors(exact: EquityResult, mc: EquityResult) -> None:
    """Every player's equity within 4 of its standard errors, win/tie/scoop within 4 of theirs."""
    assert exact.method == "exact" and mc.method == "monte-carlo"
    n = mc.samples or 0
    for e, m in zip(exact, mc, strict=True):
        assert m.stderr is not None and m.stderr > 0
        assert abs(m.equity - e.equity) <= 4 * m.stderr, (e.equity, m.equity, m.stderr)
        for name in ("win", "tie", "scoop"):
            p = getattr(e, name)
            se = math.sqrt(p * (1 - p) / n)
            assert abs(getattr(m, name) - p) <= 4 * se + 1e-12, (name, p, getattr(m, name))
