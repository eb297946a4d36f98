"""The streets of a hand, in order: :class:`Street` (docs/rules.md §5.6-§5.9).

A hand goes pre-flop, flop, turn, river (the four betting rounds), then to
the showdown, and is over. The flop deals three board cards, the turn and
the river one each (§1).

Examples
--------
>>> Street.FLOP.label, Street.FLOP.board_cards, Street.FLOP.is_betting
('flop', 3, True)
>>> after_board(4), Street.TURN.next
(<Street.TURN: 2>, <Street.RIVER: 3>)
>>> Street.RIVER < Street.SHOWDOWN
True
"""

from __future__ import annotations

import enum
from typing import Literal

from omaha.errors import ArgumentError, quote

__all__ = [
    "FLOP",
    "OVER",
    "PREFLOP",
    "RIVER",
    "SHOWDOWN",
    "STREET_NAMES",
    "Street",
    "StreetName",
    "TURN",
    "after_board",
]

StreetName = Literal["preflop", "flop", "turn", "river", "showdown", "over"]
"""The text of a street, as :attr:`omaha.Hand.street` gives it."""

STREET_NAMES: tuple[StreetName, ...] = ("preflop", "flop", "turn", "river", "showdown", "over")
"""The text of each street, in order."""

_BOARD_CARDS = (0, 3, 1, 1, 0, 0)


class Street(enum.IntEnum):
    """A street of the hand; streets compare in the order they are played."""

    PREFLOP = 0
    FLOP = 1
    TURN = 2
    RIVER = 3
    SHOWDOWN = 4
    OVER = 5

    @property
    def label(self) -> StreetName:
        """The street's text: ``"preflop"``, ``"flop"``, ... ``"over"``."""
        return STREET_NAMES[self]

    @property
    def is_betting(self) -> bool:
        """Whether the street is a betting round (pre-flop to the river)."""
        return self <= RIVER

    @property
    def next(self) -> Street:
        """The street that follows (the showdown after the river; over stays over)."""
        return _MEMBERS[min(self + 1, 5)]

    @property
    def board_cards(self) -> int:
        """The board cards dealt to open this street: 3 for the flop, 1 for the turn and river."""
        return _BOARD_CARDS[self]


_MEMBERS: tuple[Street, ...] = tuple(Street)
PREFLOP, FLOP, TURN, RIVER, SHOWDOWN, OVER = _MEMBERS
"""The streets as module constants (``streets.RIVER is Street.RIVER``). Hot code
uses these: on Python 3.11 every attribute lookup on an enum class goes through
``EnumType.__getattr__``, several times slower than a global."""
_AFTER_BOARD = {0: PREFLOP, 3: FLOP, 4: TURN, 5: RIVER}


def after_board(cards: int) -> Street:
    """Return the last street dealt when the board holds ``cards`` cards (0, 3, 4 or 5).

    Raises
    ------
    ValueError
        If no deal leaves ``cards`` cards on the board.

    Examples
    --------
    >>> after_board(0), after_board(5)
    (<Street.PREFLOP: 0>, <Street.RIVER: 3>)
    """
    street = _AFTER_BOARD.get(cards)
    if street is None:
        raise ArgumentError(f"a board holds 0, 3, 4 or 5 cards, not {quote(cards)}")
    return street
