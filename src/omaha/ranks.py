"""Hand values and their names: :class:`HandCategory`, :class:`HighHand`, :class:`LowHand`.

A high value is a ``strength`` from 1 (7-5-4-3-2 offsuit) to 7,462 (a royal
flush); a low value is a ``strength`` from 1 (8-7-6-5-4) to 56 (5-4-3-2-A,
the nut low). Larger is stronger in both. The selection of exactly two hole
cards and three board cards is made by the compiled core (docs/rules.md §2,
§3); this module gives the values their standard names.

Examples
--------
>>> from omaha import evaluate_hi
>>> str(evaluate_hi("2s2c3h4h", "7s7h7d7c2d"))
'Full house, sevens full of deuces'
"""

from __future__ import annotations

import enum
from collections import Counter
from numbers import Integral

from omaha import _eval
from omaha.cards import format_cards
from omaha.errors import ArgumentError, ArgumentTypeError, quote

__all__ = ["HandCategory", "HighHand", "LowHand", "hi_name", "lo_name"]


class HandCategory(enum.IntEnum):
    """The nine categories of a high hand, weakest first (docs/rules.md §2)."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def label(self) -> str:
        """The category in words, e.g. ``'Full house'``."""
        return _CATEGORY_LABEL[self]


_CATEGORY_LABEL = {
    HandCategory.HIGH_CARD: "High card",
    HandCategory.ONE_PAIR: "One pair",
    HandCategory.TWO_PAIR: "Two pair",
    HandCategory.THREE_OF_A_KIND: "Three of a kind",
    HandCategory.STRAIGHT: "Straight",
    HandCategory.FLUSH: "Flush",
    HandCategory.FULL_HOUSE: "Full house",
    HandCategory.FOUR_OF_A_KIND: "Four of a kind",
    HandCategory.STRAIGHT_FLUSH: "Straight flush",
}
_ONE = ("deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "jack", "queen", "king", "ace")  # fmt: skip
_MANY = ("deuces", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines",
         "tens", "jacks", "queens", "kings", "aces")  # fmt: skip
_LOW_CHAR = "A2345678"


def hi_name(strength: int) -> str:
    """Return the standard name of a high strength 1..7462.

    The name depends only on the value, so equal strengths share it:
    ``'Full house, sevens full of deuces'``, ``'Two pair, kings and tens'``,
    ``'Straight, five high'``, ``'Royal flush'``.

    Raises
    ------
    ArgumentError
        If ``strength`` is outside 1..7462 (``ArgumentTypeError`` if it is
        not an integer: a float is never rounded).
    """
    cat, r = _eval.hi_class(_strength(strength, 7462, "hi"))
    category = HandCategory(cat)
    label = category.label
    if category == HandCategory.STRAIGHT_FLUSH and r[0] == 12:
        return "Royal flush"
    if category in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH):
        return f"{label}, {_ONE[r[0]]} high"
    if category in (HandCategory.HIGH_CARD, HandCategory.FLUSH):
        return f"{label}, {_ONE[r[0]]} high"
    if category == HandCategory.FULL_HOUSE:
        return f"{label}, {_MANY[r[0]]} full of {_MANY[r[1]]}"
    if category == HandCategory.TWO_PAIR:
        return f"{label}, {_MANY[r[0]]} and {_MANY[r[1]]}"
    return f"{label}, {_MANY[r[0]]}"


def lo_name(strength: int) -> str:
    """Return the name of a low strength 1..56, e.g. ``'8-5-4-2-A'``.

    Raises
    ------
    ArgumentError
        If ``strength`` is outside 1..56 (``ArgumentTypeError`` if it is not
        an integer).
    """
    return "-".join(_LOW_CHAR[r - 1] for r in _eval.lo_ranks(_strength(strength, 56, "lo")))


def _strength(value: object, top: int, what: str) -> int:
    """``value`` as a strength 1..top; an integer (NumPy's too), never a bool or a float."""
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise ArgumentTypeError(f"a {what} strength must be an integer, not {quote(value)}")
    number = int(value)
    if not 1 <= number <= top:
        raise ArgumentError(f"{what} strength {quote(value)} is outside 1..{top}")
    return number


class HighHand(_eval.SelectedHand):
    """The best Omaha high hand: exactly two hole cards and three board cards.

    When several selections make the same value, the one reported is the
    first in lexicographic order of (sorted hole pair codes, sorted board
    triple codes). ``str()`` gives the standard name (:func:`hi_name`).

    Attributes
    ----------
    strength : int
        1..7462, larger is stronger; equal strengths tie (suits never break
        ties). Comparisons (``<``, ``==``, ...) compare ``strength``.
    category : HandCategory
        The hand's category.
    hole_cards : tuple of int
        The two hole card codes used, ascending.
    board_cards : tuple of int
        The three board card codes used, ascending.
    cards : tuple of int
        The five cards in ranking order (groups first, then by rank; a
        wheel straight is ordered 5-4-3-2-A).
    """

    __slots__ = ()

    @property
    def category(self) -> HandCategory:
        """The hand's :class:`HandCategory`."""
        return HandCategory(_eval.hi_class(self.strength)[0])

    @property
    def name(self) -> str:
        """The standard name, e.g. ``'Full house, sevens full of deuces'``."""
        return hi_name(self.strength)

    @property
    def cards(self) -> tuple[int, int, int, int, int]:
        """The five cards used, in ranking order."""
        five = self.hole_cards + self.board_cards
        counts = Counter(c >> 2 for c in five)
        if self.category in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH) and (
            set(counts) == {12, 0, 1, 2, 3}
        ):
            return tuple(sorted(five, key=lambda c: ((c >> 2) + 1) % 13, reverse=True))  # type: ignore[return-value]
        return tuple(sorted(five, key=lambda c: (counts[c >> 2], c >> 2, c), reverse=True))  # type: ignore[return-value]

    def __str__(self) -> str:
        return hi_name(self.strength)

    def __repr__(self) -> str:
        return (
            f"HighHand({self.name!r}, strength={self.strength}, cards={format_cards(self.cards)!r})"
        )


class LowHand(_eval.SelectedHand):
    """The best eight-or-better low: exactly two hole cards and three board cards.

    ``str()`` gives ``'8-5-4-2-A'`` (docs/rules.md §3).

    Attributes
    ----------
    strength : int
        1..56, larger is stronger (56 is 5-4-3-2-A); comparisons use it.
    ranks : tuple of int
        The five low ranks, highest first, ace = 1, e.g. ``(8, 5, 4, 2, 1)``.
    hole_cards, board_cards : tuple of int
        The two hole and three board card codes used, ascending.
    cards : tuple of int
        The five cards, highest low rank first (the ace last).
    """

    __slots__ = ()

    @property
    def ranks(self) -> tuple[int, ...]:
        """The five low ranks, highest first, ace = 1."""
        return _eval.lo_ranks(self.strength)

    @property
    def name(self) -> str:
        """The low's name, e.g. ``'8-5-4-2-A'``."""
        return lo_name(self.strength)

    @property
    def cards(self) -> tuple[int, int, int, int, int]:
        """The five cards used, highest low rank first."""
        five = self.hole_cards + self.board_cards
        return tuple(sorted(five, key=lambda c: ((c >> 2) + 1) % 13, reverse=True))  # type: ignore[return-value]

    def __str__(self) -> str:
        return lo_name(self.strength)

    def __repr__(self) -> str:
        return (
            f"LowHand({self.name!r}, strength={self.strength}, cards={format_cards(self.cards)!r})"
        )
