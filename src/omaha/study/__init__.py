"""Study tools on the exact equity and range layers (docs/study.md).

- :func:`flop_equities`: each player's exact equity on every flop, suit
  isomorphic flops folded, with the flop's texture.
- :func:`equity_distribution` and :func:`percentile`: how a range's
  equity is spread, and where a hand stands in it.
- :func:`board_breakdown`: how a range hits a board, class by class.
"""

from __future__ import annotations

from omaha.study.breakdown import board_breakdown
from omaha.study.distribution import EquityDistribution, equity_distribution, percentile
from omaha.study.flops import flop_equities, mean_equity
from omaha.study.texture import texture

__all__ = [
    "EquityDistribution",
    "board_breakdown",
    "equity_distribution",
    "flop_equities",
    "mean_equity",
    "percentile",
    "texture",
]
