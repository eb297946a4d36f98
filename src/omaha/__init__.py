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
    from omaha.equity import EquityResult, PlayerEquity, equity
    from omaha.pots import Pot, PotResult, RunResult
    from omaha.rake import PercentRake, RecordedRake
    from omaha.ranges import Range, format_range, parse_range
    from omaha.seating import SeatInfo, SeatState
    from omaha.structures import FixedLimit, NoLimit, PotLimit
    from omaha.table import Hand, HandResult, ShownHand, Table
    from omaha.tabular import evaluate_frame

__version__ = "0.1.0"

# The table and betting engine loads on first use, keeping `import omaha` fast.
_LAZY = {
    **dict.fromkeys(
        ("Action", "Call", "Check", "DealBoard", "DealHole", "Fold", "LegalActions", "Muck",
         "PostAnte", "PostBigBlindAnte", "PostBlind", "PostDead", "RaiseTo", "RunIt", "Show"),
        "omaha.betting",
    ),
    "EquityResult": "omaha.equity",
    "PlayerEquity": "omaha.equity",
    "equity": "omaha.equity",
    "Pot": "omaha.pots",
    "PotResult": "omaha.pots",
    "RunResult": "omaha.pots",
    "PercentRake": "omaha.rake",
    "RecordedRake": "omaha.rake",
    "SeatInfo": "omaha.seating",
    "SeatState": "omaha.seating",
    "Range": "omaha.ranges",
    "format_range": "omaha.ranges",
    "parse_range": "omaha.ranges",
    "FixedLimit": "omaha.structures",
    "NoLimit": "omaha.structures",
    "PotLimit": "omaha.structures",
    "Hand": "omaha.table",
    "HandResult": "omaha.table",
    "ShownHand": "omaha.table",
    "Table": "omaha.table",
    "evaluate_frame": "omaha.tabular",
}  # fmt: skip


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
    "PotResult",
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
    "card_mask",
    "equity",
    "evaluate5",
    "evaluate_frame",
    "evaluate_hi",
    "evaluate_hi_batch",
    "evaluate_lo",
    "evaluate_lo_batch",
    "format_cards",
    "format_cards_array",
    "format_cards_arrow",
    "format_range",
    "parse_cards",
    "parse_cards_array",
    "parse_range",
    "select_batch",
    "showdown",
    "warmup",
]
