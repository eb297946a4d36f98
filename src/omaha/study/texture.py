"""What a flop looks like: suits, pairing, connectedness, high card, low cards (docs/study.md).

:func:`texture` describes one board of three or more cards with the terms
players use; :func:`omaha.flop_equities` adds these columns to each flop.

Examples
--------
>>> t = texture("Ks7s2d")
>>> t["suits"], t["pairing"], t["high_card"], t["span"], t["straight_possible"]
('two-tone', 'unpaired', 'K', 11, False)
>>> t["low_cards"], t["low_possible"]
(2, False)
>>> texture("8h7h6h")["suits"], texture("8h7h6h")["straight_possible"]
('monotone', True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from omaha.cards import as_cards
from omaha.errors import InvalidCardError

if TYPE_CHECKING:
    from omaha.cards import Cards

__all__ = ["TEXTURE_COLUMNS", "texture", "texture_of"]

TEXTURE_COLUMNS = (
    "suits",
    "pairing",
    "high_card",
    "span",
    "straight_possible",
    "low_cards",
    "low_possible",
)
"""The keys of :func:`texture`, in the order of the table columns."""

_RANKS = "23456789TJQKA"
_SUITS = {1: "rainbow", 2: "two-tone", 3: "monotone"}


def _span(ranks: set[int]) -> int:
    """Return the smallest distance from the lowest to the highest rank, the ace high or low."""
    best = max(ranks) - min(ranks)
    if 12 in ranks:
        low = {-1 if r == 12 else r for r in ranks}
        best = min(best, max(low) - min(low))
    return best


def _straight_now(ranks: set[int]) -> bool:
    """Whether three distinct board ranks fit one five-rank window (A-5 to T-A)."""
    bits = 0
    for r in ranks:
        bits |= 1 << (r + 1)
        if r == 12:
            bits |= 1
    return any(bin(bits >> low & 0b11111).count("1") >= 3 for low in range(10))


def texture(board: Cards) -> dict[str, Any]:
    """Describe a board of 3, 4 or 5 cards (docs/study.md, "Flop texture").

    Parameters
    ----------
    board : cards
        Text (``"Ks7s2d"``) or card codes.

    Returns
    -------
    dict
        ``suits``: ``"rainbow"`` (no two cards of a suit), ``"two-tone"``
        (two of a suit at most) or ``"monotone"`` (three or more of one
        suit). ``pairing``: ``"unpaired"``, ``"paired"`` (two of a rank,
        or two pairs), ``"trips"`` (three or more of a rank). ``high_card``:
        the highest rank (``"A"`` .. ``"2"``). ``span``: the distance from
        the lowest to the highest distinct rank, the ace counted high or low
        (whichever is smaller): 2 for 9-8-7, 4 for A-2-5. ``straight_possible``:
        three distinct ranks fit a five-rank window, so a straight can be
        made with two hole cards now. ``low_cards``: distinct ranks A-8.
        ``low_possible``: three or more of them, so a qualifying low can be
        made now (docs/rules.md §3).

    Raises
    ------
    InvalidCardError
        Bad card text, a repeated card, or fewer than 3 or more than 5 cards.
    """
    cards = as_cards(board, "board")
    if not 3 <= len(cards) <= 5:
        raise InvalidCardError(f"a texture needs 3 to 5 board cards, got {len(cards)}: {board!r}")
    return texture_of(cards)


def texture_of(cards: tuple[int, ...]) -> dict[str, Any]:
    """:func:`texture` of valid card codes (not checked)."""
    ranks = [c >> 2 for c in cards]
    suits = [c & 3 for c in cards]
    distinct = set(ranks)
    most_suit = max(suits.count(s) for s in range(4))
    most_rank = max(ranks.count(r) for r in distinct)
    low = {r for r in distinct if r == 12 or r <= 6}
    return {
        "suits": _SUITS[min(most_suit, 3)],
        "pairing": "unpaired" if most_rank == 1 else ("paired" if most_rank == 2 else "trips"),
        "high_card": _RANKS[max(ranks)],
        "span": _span(distinct),
        "straight_possible": _straight_now(distinct),
        "low_cards": len(low),
        "low_possible": len(low) >= 3,
    }
