"""omaha: fast, exact Omaha Hi and Hi-Lo hand evaluation, equity and table rules.

The compiled core (:mod:`omaha._eval`) selects, among the 60 ways to take
exactly two of four hole cards and three of five board cards, the best high
hand and the best eight-or-better low, one hand at a time or in batches over
NumPy arrays. ``import omaha`` does not import NumPy.

Examples
--------
>>> import omaha
>>> hand = omaha.evaluate_hi("AhKsKd4c", "2sKh8d5cAd")
>>> str(hand), omaha.format_cards(hand.cards)
('Three of a kind, kings', 'KsKhKdAd8d')
>>> str(omaha.evaluate_lo("AhKsKd4c", "2sKh8d5cAd"))
'8-5-4-2-A'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from omaha.cards import (
    card_mask,
    format_cards,
    format_cards_array,
    format_cards_arrow,
    parse_cards,
    parse_cards_array,
)
from omaha.errors import (
    DuplicateCardError,
    IllegalActionError,
    InvalidCardError,
    OmahaError,
    PreflopTableError,
    RangeSyntaxError,
)
from omaha.evaluator import (
    PlayerShowdown,
    Selections,
    Showdown,
    evaluate5,
    evaluate_hi,
    evaluate_hi_batch,
    evaluate_lo,
    evaluate_lo_batch,
    select_batch,
    showdown,
    warmup,
)
from omaha.games import Game
from omaha.ranks import HandCategory, HighHand, LowHand

if TYPE_CHECKING:
    from omaha.betting import (
        Action,
        Call,
        Check,
        DealBoard,
        DealHole,
        Fold,
        LegalActions,
        Muck,
        PostAnte,
        PostBigBlindAnte,
        PostBlind,
        PostDead,
        RaiseTo,
        RunIt,
        Show,
    )
    from omaha.equities import EquityResult, PlayerEquity, equity
    from omaha.files.tabular import evaluate_frame
    from omaha.hand import Hand
    from omaha.pots import Pot, PotResult, RunResult
    from omaha.preflop import PreflopEntry, preflop_equity, preflop_rank, preflop_table
    from omaha.rake import PercentRake, RecordedRake
    from omaha.ranges import Range, format_range, parse_range
    from omaha.result import HandResult, ShownHand
    from omaha.seating import SeatInfo, SeatState
    from omaha.structures import FixedLimit, NoLimit, PotLimit, PotLimitPreflop
    from omaha.study import board_breakdown, equity_distribution, flop_equities, percentile
    from omaha.table import Table

__version__ = "0.1.0"
"""The version of the ``omaha-poker`` distribution."""

# What loads on first use (keeping `import omaha` fast), by module: the one
# table __getattr__ reads. The TYPE_CHECKING imports above and __all__ below
# are the lists static tools need; tests/package/test_import.py holds them to it.
_LAZY_MODULES = {
    "omaha.betting": (
        "Action", "Call", "Check", "DealBoard", "DealHole", "Fold", "LegalActions", "Muck",
        "PostAnte", "PostBigBlindAnte", "PostBlind", "PostDead", "RaiseTo", "RunIt", "Show",
    ),
    "omaha.equities": ("EquityResult", "PlayerEquity", "equity"),
    "omaha.hand": ("Hand",),
    "omaha.pots": ("Pot", "PotResult", "RunResult"),
    "omaha.preflop": ("PreflopEntry", "preflop_equity", "preflop_rank", "preflop_table"),
    "omaha.rake": ("PercentRake", "RecordedRake"),
    "omaha.ranges": ("Range", "format_range", "parse_range"),
    "omaha.result": ("HandResult", "ShownHand"),
    "omaha.seating": ("SeatInfo", "SeatState"),
    "omaha.structures": ("FixedLimit", "NoLimit", "PotLimit", "PotLimitPreflop"),
    "omaha.study": ("board_breakdown", "equity_distribution", "flop_equities", "percentile"),
    "omaha.table": ("Table",),
    "omaha.files.tabular": ("evaluate_frame",),
}  # fmt: skip
_LAZY = {name: module for module, names in _LAZY_MODULES.items() for name in names}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'omaha' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)


__all__ = [
    "Action",
    "Call",
    "Check",
    "DealBoard",
    "DealHole",
    "DuplicateCardError",
    "EquityResult",
    "FixedLimit",
    "Fold",
    "Game",
    "Hand",
    "HandCategory",
    "HandResult",
    "HighHand",
    "IllegalActionError",
    "InvalidCardError",
    "LegalActions",
    "LowHand",
    "Muck",
    "NoLimit",
    "OmahaError",
    "PercentRake",
    "PlayerEquity",
    "PlayerShowdown",
    "PostAnte",
    "PostBigBlindAnte",
    "PostBlind",
    "PostDead",
    "Pot",
    "PotLimit",
    "PotLimitPreflop",
    "PotResult",
    "PreflopEntry",
    "PreflopTableError",
    "RaiseTo",
    "Range",
    "RangeSyntaxError",
    "RecordedRake",
    "RunIt",
    "RunResult",
    "SeatInfo",
    "SeatState",
    "Selections",
    "Show",
    "Showdown",
    "ShownHand",
    "Table",
    "__version__",
    "board_breakdown",
    "card_mask",
    "equity",
    "equity_distribution",
    "evaluate5",
    "evaluate_frame",
    "evaluate_hi",
    "evaluate_hi_batch",
    "evaluate_lo",
    "evaluate_lo_batch",
    "flop_equities",
    "format_cards",
    "format_cards_array",
    "format_cards_arrow",
    "format_range",
    "parse_cards",
    "parse_cards_array",
    "parse_range",
    "percentile",
    "preflop_equity",
    "preflop_rank",
    "preflop_table",
    "select_batch",
    "showdown",
    "warmup",
]
