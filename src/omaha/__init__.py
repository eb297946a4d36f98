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

from omaha.cards import card_mask, format_cards, parse_cards
from omaha.errors import DuplicateCardError, IllegalActionError, InvalidCardError, OmahaError
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

__version__ = "0.1.0"

__all__ = [
    "DuplicateCardError",
    "HandCategory",
    "HighHand",
    "IllegalActionError",
    "InvalidCardError",
    "LowHand",
    "OmahaError",
    "PlayerShowdown",
    "Selections",
    "Showdown",
    "__version__",
    "card_mask",
    "evaluate5",
    "evaluate_hi",
    "evaluate_hi_batch",
    "evaluate_lo",
    "evaluate_lo_batch",
    "format_cards",
    "parse_cards",
    "select_batch",
    "showdown",
    "warmup",
]
