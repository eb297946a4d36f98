"""Monte Carlo against exact enumeration: seeded runs of 100,000 samples
agree with the exact shares within 4 standard errors (hi and hi-lo,
heads-up and multiway, known and unknown hands, 4- to 6-card holes)."""

from __future__ import annotations

import pytest

from mc_check import assert_within_four_standard_errors
from omaha.equities import equity

DEAD_25 = "2h2d3s3d6h6d7c7d8h8d9h9d9sThTdTsJhJdJsQhQdKhKc8sKs"

SPOTS = [
    # holes, board, dead, game
    (["AhAsKhKs", "JdTd9c8c"], "", "", "hi"),
    (["As2sKd3h", "Ac4cQhJh", "7c6c5d4d"], "", "", "hilo"),
    (["AhAsKhKs", None], "Qs7h2c5d", "", "hi"),
    (["As2sKd3h", None, None], "Qs7h2c5d4c", DEAD_25, "hilo"),
    (["AhKh2h3h4s5s", "QhJhTh9h8s7s", "2c3c4d5dKdQc"], "6h7d8c", "", "hilo"),
    (["AhKhQd2s3s", None, "JdTd9c8c7c"], "Qs7h2c5d", "6s6h5c4c3d2d", "hi"),
]


@pytest.mark.parametrize(("spot", "seed"), [(s, 100 + i) for i, s in enumerate(SPOTS)])
def test_monte_carlo_within_four_standard_errors(
    spot: tuple[list[str | None], str, str, str], seed: int
) -> None:
    holes, board, dead, game = spot
    exact = equity(holes, board, dead, game=game, method="exact")  # type: ignore[arg-type]
    mc = equity(
        holes,
        board,
        dead,
        game=game,  # type: ignore[arg-type]
        samples=100_000,
        seed=seed,
        threads=1 + seed % 2,
    )
    assert mc.samples == 100_000
    assert_within_four_standard_errors(exact, mc)
