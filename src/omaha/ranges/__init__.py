"""Hand ranges: the ProPokerTools-style range syntax -> holes and weights.

The syntax is stated in docs/ranges.md (sections cited as §n): patterns of
ranks, suits and variables (``AxAyxy``, ``RRON``, ``ssxx``), spans
(``KK-99``, ``T8+``), lists (``[A-T]``), no-pair braces (``{****}``),
macros (``$ds``, ``$B``), percent ranges (``15%``), combined with ``,``
(union), ``:`` (intersection), ``!`` (difference) and weighted with
``@N``. :func:`parse_range` reads a text once, for one hole count, and
returns a :class:`Range`: the holes as a ``uint8`` array and their weights.

Examples
--------
>>> r = parse_range("AA:xxyy, JJ!JJJ, KK")
>>> len(r), r.holes.shape, r.holes.dtype.name
(14545, (14545, 4), 'uint8')
>>> "AhAsKhKs" in r, "AhAsKhKd" in r
(True, True)
>>> r = parse_range("AA@50,KK@20")
>>> len(r), r.weight_sum
(13886, 4865.5)
>>> len(parse_range("$ds", hole_count=5))
1216800
"""

from __future__ import annotations

from collections.abc import Iterable
from numbers import Integral
from typing import TYPE_CHECKING

from omaha._suit_classes import class_ids
from omaha.cards import format_cards, parse_cards
from omaha.errors import (
    ArgumentError,
    ArgumentTypeError,
    DuplicateCardError,
    InvalidCardError,
    RangeSyntaxError,
    quote,
)
from omaha.games import GameName, check_game
from omaha.ranges._classes import percent_classes
from omaha.ranges._matching import Percent, evaluate
from omaha.ranges._syntax import HOLE_COUNTS, _Parser
from omaha.ranges._syntax import MAX_DEPTH as MAX_DEPTH  # the nesting limit, docs/ranges.md §12

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["Range", "RangeSyntaxError", "format_range", "parse_range"]

# ----------------------------------------------------------- the result


class Range:
    """A set of holes, each with a weight in (0, 1] (docs/ranges.md §1, §13).

    Made by :func:`parse_range`. The arrays are read-only and can be passed
    as they are to code that takes a hole array and its weights.

    Attributes
    ----------
    holes : uint8 array, shape (n, hole_count)
        Card codes (``4 * rank + suit``) in ascending order in each row;
        rows unique and sorted lexicographically ascending.
    weights : float64 array, shape (n,)
        The weight of each row, in (0, 1] (``@50`` is 0.5).
    hole_count : int
        Cards per hole (4, 5 or 6).

    Examples
    --------
    >>> r = parse_range("AxAyxy")
    >>> len(r), r.holes[0].tolist(), float(r.weights[0])
    (864, [0, 1, 48, 49], 1.0)
    >>> r
    <Range of 864 4-card holes, weight_sum 864.0>
    """

    __slots__ = ("_keys", "_pct", "hole_count", "holes", "weights")

    holes: npt.NDArray[np.uint8]
    weights: npt.NDArray[np.float64]
    hole_count: int

    def __init__(
        self, holes: npt.NDArray[np.uint8], percents: npt.NDArray[np.uint8], hole_count: int
    ) -> None:
        holes.setflags(write=False)
        percents.setflags(write=False)
        weights = percents / 100.0
        weights.setflags(write=False)
        self.holes = holes
        self.weights = weights
        self.hole_count = hole_count
        self._pct = percents
        self._keys: npt.NDArray[np.uint64] | None = None

    def __len__(self) -> int:
        return int(self.holes.shape[0])

    @property
    def weight_sum(self) -> float:
        """The plain sum of the weights (exact: integer percents summed, divided by 100 once)."""
        return int(self._pct.sum(dtype="int64")) / 100

    def __contains__(self, cards: object) -> bool:
        """Whether ``cards`` (text or codes, any order) is one hole of this range (§13).

        A wrong number of cards or a repeated card is simply not in the
        range; unreadable card text raises :class:`~omaha.InvalidCardError`.
        """
        if not isinstance(cards, str) and not isinstance(cards, Iterable):
            raise InvalidCardError(
                f"a hole must be card text or a sequence of cards, not {cards!r}"
            )
        try:
            codes = sorted(parse_cards(cards))
        except DuplicateCardError:
            return False
        if len(codes) != self.hole_count or not len(self):
            return False
        import numpy as np

        if self._keys is None:
            self._keys = _row_keys(self.holes)
        key = np.uint64(sum(c << (8 * (self.hole_count - 1 - i)) for i, c in enumerate(codes)))
        at = int(np.searchsorted(self._keys, key))
        return at < len(self._keys) and bool(self._keys[at] == key)

    def __repr__(self) -> str:
        return (
            f"<Range of {len(self):,} {self.hole_count}-card holes, weight_sum {self.weight_sum:,}>"
        )


def _row_keys(holes: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint64]:
    import numpy as np

    keys = np.zeros(holes.shape[0], np.uint64)
    for p in range(holes.shape[1]):
        keys = (keys << np.uint64(8)) | holes[:, p].astype(np.uint64)
    return keys


def _check_options(hole_count: object, game: object) -> int:
    if (
        isinstance(hole_count, bool)
        or not isinstance(hole_count, Integral)
        or int(hole_count) not in HOLE_COUNTS
    ):
        # An ArgumentError, not a RangeSyntaxError (docs/ranges.md §12): a
        # caller catching bad range text does not catch a misuse.
        raise ArgumentError(f"hole_count must be 4, 5 or 6, got {quote(hole_count)}")
    check_game(game)
    return int(hole_count)


def _percent_mask(node: Percent, k: int) -> npt.NDArray[np.bool_]:
    return percent_classes(node.game, k, node.lo, node.hi)


def parse_range(text: str, *, hole_count: int = 4, game: GameName = "hi") -> Range:
    """Parse a range text into the holes it matches and their weights.

    The syntax is docs/ranges.md: patterns (§3; ``AA`` is two or more aces,
    ``AxAyxy`` double-suited aces, ``RRON`` one pair, ``wxyz`` rainbow),
    spans (§4; ``KK-99``, ``T8+``, ``9876-``), lists (§5; ``[A-T]``,
    ``[As,Kh]``), braces (§6; ``{****}`` no pair), macros (§7; ``$ds``,
    ``$B``), ``,`` ``:`` ``!`` and parentheses (§8), weights (§9; ``@50``)
    and percent ranges (§10; ``15%``). Whitespace is ignored and letters
    are case-insensitive, except macro names.

    Parameters
    ----------
    text : str
        The range, e.g. ``"AA:xxyy, KK@50"``.
    hole_count : {4, 5, 6}, default 4
        Cards per hole (4-, 5- or 6-card Omaha).
    game : {"hi", "hilo"}, default "hi"
        The game whose preflop equity orders percent ranges (§10).

    Returns
    -------
    Range
        ``holes`` (uint8, shape (n, hole_count)) and ``weights`` (float64, (n,)).

    Raises
    ------
    RangeSyntaxError
        If ``text`` is malformed (§12): the message gives the reason and
        ``.position`` the index in ``text``. A subclass of ``ValueError``
        and :class:`~omaha.OmahaError`.
    ArgumentError
        If ``hole_count`` is not 4, 5 or 6 (a ``ValueError``).
    GameError
        If ``game`` is not "hi" or "hilo" (an ``ArgumentError``).
    PreflopTableError
        If ``text`` holds a percent range and no preflop equity ordering is
        available for this game and hole count.
    TypeError
        If ``text`` is not a string.

    Notes
    -----
    Matching runs over bitmaps of all holes (built on first use and kept:
    about 4 MB for 4 cards, 54 MB for 5); 6-card holes are visited in
    chunks of two million. docs/performance.md gives the timings.

    Examples
    --------
    >>> len(parse_range("AA")), len(parse_range("AA!AAA")), len(parse_range("wxyz"))
    (6961, 6768, 28561)
    >>> len(parse_range("KK-99")), len(parse_range("{****}"))
    (34445, 183040)
    >>> parse_range("AA@0")
    Traceback (most recent call last):
    ...
    omaha.errors.RangeSyntaxError: weight 0 outside 1..100 (at position 2 in 'AA@0')
    """
    if not isinstance(text, str):
        raise ArgumentTypeError(f"a range must be text, not {text!r}")
    k = _check_options(hole_count, game)
    node = _Parser(text, k, game).parse()
    holes, percents = evaluate(node, k, lambda p: _percent_mask(p, k), class_ids)
    return Range(holes, percents, k)


def format_range(r: Range) -> str:
    """Return a range text that :func:`parse_range` reads back to the same holes and weights.

    Each hole is written out (``AsAhKsKh``), grouped by weight
    (``(AsAhKsKh,AdAcKdKc)@50``): exact, but long for a large range; meant
    for small ranges and for storing a range as text. The empty range is
    ``AsAs`` (two aces of spades: no hole).

    Parameters
    ----------
    r : Range

    Returns
    -------
    str

    Examples
    --------
    >>> format_range(parse_range("AsAhKsKh@50"))
    '(KhKsAhAs)@50'
    >>> format_range(parse_range("AsAhKs[Kh,Kd]"))
    'KdKsAhAs,KhKsAhAs'
    >>> format_range(parse_range("AsAs"))
    'AsAs'
    """
    if not len(r):
        return "AsAs"
    texts = [format_cards(row) for row in r.holes.tolist()]
    percents = r._pct.tolist()
    if all(p == 100 for p in percents):
        return ",".join(texts)
    groups: dict[int, list[str]] = {}
    for text, pct in zip(texts, percents, strict=True):
        groups.setdefault(pct, []).append(text)
    return ",".join(f"({','.join(g)})@{pct}" for pct, g in sorted(groups.items(), reverse=True))
