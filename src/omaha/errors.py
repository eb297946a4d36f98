"""The exception tree of :mod:`omaha`.

Every error the package raises on purpose derives from :class:`OmahaError`;
those caused by bad input are also :class:`ValueError`, so callers that
already catch ``ValueError`` keep working::

    OmahaError
    ├── InvalidCardError (ValueError)
    │   └── DuplicateCardError
    ├── IllegalActionError (ValueError)
    │   └── ReplayActionError            an action of a hand history
    ├── PHHError (ValueError)            a PHH file or field
    │   ├── FinishingStacksError         a replay that ends with other stacks
    │   └── StatedResultError            a replay whose pots, rake or winnings differ
    ├── HistoryError (ValueError)        a site hand history that cannot be read
    │   └── HandCancelled                a hand the site cancelled (not converted)
    └── HandSkippedWarning (UserWarning) a site hand skipped (lenient reading)
    ├── ArgumentError (ValueError)       an argument outside what a function accepts
    │   ├── ArgumentTypeError (TypeError)
    │   └── ColumnError                  a table's column missing, unknown or clashing
    │       └── ColumnTypeError (TypeError)
    ├── TableFormatError (ValueError)    a table file that cannot be read or written as asked
    ├── BadRowError (ValueError)         a row of a table file stopped omaha eval
    │   └── InputRowError                ... of one of the files of a Dask run
    ├── RangeSyntaxError (ValueError)    malformed range text
    └── PreflopTableError                no preflop ordering for a percent range

:func:`quote` writes a bad value into a message, whatever its size.

Examples
--------
>>> err = IllegalActionError("{seat} acted out of turn; {to_act} is to act",
...                          seat=3, seats={"seat": 3, "to_act": 2})
>>> str(err), err.seat
('seat 3 acted out of turn; seat 2 is to act', 3)
>>> err.message(lambda seat: f"p{seat + 1}")
'p4 acted out of turn; p3 is to act'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol

__all__ = [
    "AmountError",
    "ArgumentError",
    "ArgumentTypeError",
    "BadRowError",
    "ColumnError",
    "ColumnTypeError",
    "DuplicateCardError",
    "FinishingStacksError",
    "GameError",
    "HandCancelled",
    "HandSkippedWarning",
    "HistoryError",
    "IllegalActionError",
    "InputRowError",
    "InvalidCardError",
    "MissingDependencyError",
    "OmahaError",
    "PHHError",
    "PreflopTableError",
    "RangeSyntaxError",
    "ReplayActionError",
    "StatedResultError",
    "TableFormatError",
    "quote",
    "seat_name",
]


QUOTE_LIMIT = 200
"""The longest text :func:`quote` writes out whole."""


def quote(value: object) -> str:
    """Return ``repr(value)`` for a message, even for a value Python cannot print.

    An integer longer than Python's limit for writing integers as text
    (``sys.get_int_max_str_digits()``, 4,300 digits by default) is named by
    its size instead of raising ``ValueError`` from inside the message.

    A text (or bytes) longer than :data:`QUOTE_LIMIT` characters is quoted by
    its start and its size, and so is any other value whose ``repr`` is that
    long (an integer by its digits), so that a message stays readable
    whatever the input.

    Examples
    --------
    >>> quote("As"), quote(10**5000), quote(10**300)
    ("'As'", 'an integer of 5,001 digits', 'an integer of 301 digits')
    >>> quote("A" * 100_000)
    "'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'... (a text of 100,000 characters)"
    >>> quote([1] * 1000)[-45:]
    '1, 1,... (a list written in 3,000 characters)'
    """
    if isinstance(value, str | bytes) and len(value) > QUOTE_LIMIT:
        kind = "text" if isinstance(value, str) else "bytes value"
        return f"{value[:40]!r}... (a {kind} of {len(value):,} characters)"
    try:
        text = repr(value)
    except ValueError:  # an integer over Python's limit, alone or inside the value
        if not isinstance(value, int):
            return f"a {type(value).__name__} holding an integer too long to write"
        text = ""
    if (
        isinstance(value, int)
        and not isinstance(value, bool)
        and (not text or len(text) > QUOTE_LIMIT)
    ):
        sign = "a negative " if value < 0 else "an "
        return f"{sign}integer of {_digits(abs(value)):,} digits"
    if len(text) > QUOTE_LIMIT:
        return f"{text[:60]}... (a {type(value).__name__} written in {len(text):,} characters)"
    return text


def _digits(n: int) -> int:
    """Return the number of decimal digits of ``n`` >= 0, without writing it out."""
    digits = max(1, int(n.bit_length() * 0.30102999566398120))
    while 10**digits <= n:
        digits += 1
    while digits > 1 and 10 ** (digits - 1) > n:
        digits -= 1
    return digits


def seat_name(seat: int) -> str:
    """Name a seat in the engine's messages: ``"seat 2"``."""
    return f"seat {seat}"


class OmahaError(Exception):
    """Base class of every error raised on purpose by :mod:`omaha`."""


class InvalidCardError(OmahaError, ValueError):
    """A malformed card, a card code outside 0..51, or a wrong number of cards.

    The message names the bad value (and, for batches, the row index).
    """


class DuplicateCardError(InvalidCardError):
    """The same card appears twice where every card must be distinct."""


class IllegalActionError(OmahaError, ValueError):
    """A betting action the rules do not allow in the current state.

    The message states the rule and the legal range; the hand's state is
    left exactly as it was before the action.

    Parameters
    ----------
    rule : str
        The message. With ``seats``, a template whose fields (``{seat}``,
        ``{to_act}``, ...) stand for the seats it names, so that a caller
        can name them its own way (:meth:`message`).
    seat : int, optional
        The seat whose action was refused (None for a board deal, or a seat
        argument that is no seat).
    seats : mapping of str to int or tuple of int, optional
        The seats the template names, by field; a tuple names several.

    Attributes
    ----------
    rule : str
    seat : int or None
    seats : dict of str to int or tuple of int
    """

    def __init__(
        self,
        rule: str,
        *,
        seat: int | None = None,
        seats: Mapping[str, int | tuple[int, ...]] | None = None,
    ) -> None:
        self.rule = rule
        self.seat = seat
        self.seats = dict(seats) if seats else {}
        super().__init__(self.message())

    def message(self, name: Callable[[int], str] = seat_name) -> str:
        """Return the message with each seat named by ``name`` (``"seat 2"`` by default)."""
        if not self.seats:
            return self.rule
        names = {
            field: ", ".join(map(name, value)) if isinstance(value, tuple) else name(value)
            for field, value in self.seats.items()
        }
        return self.rule.format_map(names)


class ReplayActionError(IllegalActionError):
    """An action in a hand history that the rules do not allow.

    The message gives the action's index (0-based, in the ``actions`` list),
    its text and the rule it breaks, with players named as the history names
    them, e.g. ``action 5 'p1 cbr 900': raise to 900 exceeds the pot-limit
    maximum of 750``.

    Attributes
    ----------
    index : int
        The action's index in ``actions``.
    action : str
        The action's text as in the file.
    seat : int or None
        The player whose action was refused, 0-based (``p1`` is 0).
    line : int or None
        For a hand imported from a site's file, the line of the file that
        states the action (the message then names that line and quotes it,
        players by their names); else None.
    """

    def __init__(self, message: str, index: int = 0, action: str = "", seat: int | None = None):
        super().__init__(message, seat=seat)
        self.index = index
        self.action = action
        self.line: int | None = None


class PHHError(OmahaError, ValueError):
    """A PHH file or field that cannot be read or replayed.

    A bad or missing field, an unsupported variant, an infinite or oversized
    amount, a malformed action, a file that is not UTF-8 TOML: the message
    names the hand and the bad value.
    """


class FinishingStacksError(PHHError):
    """A replay ends with stacks other than the file's ``finishing_stacks``.

    Attributes
    ----------
    players : tuple of int
        The 0-based indices of the players whose stacks differ (``p1`` is 0).
    """

    def __init__(self, message: str, players: tuple[int, ...] = ()) -> None:
        super().__init__(message)
        self.players = players


class StatedResultError(PHHError):
    """A replay whose result differs from what the file states (docs/rules.md §4).

    The winnings, the pots and side pots (and each board's share of them),
    the total pot, the rake and the uncalled bet, as a site's history
    states them: the message names the hand and, for each difference, what
    differs, the player when there is one, and both amounts (the file's
    and the replay's).

    Attributes
    ----------
    differences : tuple of str
        Each difference, as in the message.
    players : tuple of int
        The 0-based indices of the players named (``p1`` is 0).
    """

    def __init__(
        self, message: str, differences: tuple[str, ...] = (), players: tuple[int, ...] = ()
    ) -> None:
        super().__init__(message)
        self.differences = differences
        self.players = players


class AmountError(OmahaError, ValueError):
    """Text of a site's file that is no amount, or an amount finer than the file's unit.

    Raised by :mod:`omaha.history.notation` (``parse_money``, ``to_units``,
    ``money_units``); the site readers re-raise it as a :class:`HistoryError`
    naming the file, the hand and the line.
    """


class HistoryError(OmahaError, ValueError):
    """A site's hand history (PokerStars, GGPoker, ...) that cannot be imported.

    The message names the file, the hand (the site's hand number) and the
    line (its number and its text) where the reading failed, and why: a line
    the parser does not know, a card that is no card, a seat or player that
    does not exist, an amount that does not add up, a card dealt twice, a
    truncated hand.

    Attributes
    ----------
    path : str
        The file (or the name given for a text).
    hand : str or None
        The site's hand number, when it was read.
    line : int or None
        The 1-based line number in the file.
    text : str or None
        The line's text.
    reason : str
        Why.
    """

    def __init__(
        self,
        reason: str,
        *,
        path: str = "<text>",
        hand: str | None = None,
        line: int | None = None,
        text: str | None = None,
    ) -> None:
        where = path
        if hand is not None:
            where += f", hand {_clip(hand, 40)}" if len(hand) > 40 else f", hand {hand}"
        if line is not None:
            where += f", line {line}"
        message = f"{where}: {reason}"
        if text is not None:
            message += f": {_clip(text, 200)}"
        super().__init__(message)

        self.path = path
        self.hand = hand
        self.line = line
        self.text = text
        self.reason = reason

    def __reduce__(self) -> tuple[object, ...]:
        return _history_error, (self.reason, self.path, self.hand, self.line, self.text)


def _clip(text: str, size: int) -> str:
    """Quote ``text``, or its start and its length when it is longer than ``size``."""
    if len(text) <= size:
        return quote(text)
    return f"{quote(text[: size // 2])}... ({len(text):,} characters)"


class HandCancelled(HistoryError):
    """A hand the site cancelled (``Hand cancelled``): it moved no chips, and is not converted.

    The readers raise it; :func:`omaha.history.iter_hands` leaves the hand
    out (strict or lenient) and tells ``on_cancelled``: a cancelled hand is
    neither an error nor a hand lost.
    """

    def __reduce__(self) -> tuple[object, ...]:
        return _hand_cancelled, (self.reason, self.path, self.hand, self.line, self.text)


def _hand_cancelled(
    reason: str, path: str, hand: str | None, line: int | None, text: str | None
) -> HandCancelled:
    return HandCancelled(reason, path=path, hand=hand, line=line, text=text)


class HandSkippedWarning(UserWarning):
    """A site's hand that could not be read and was skipped (lenient reading).

    The message is the :class:`HistoryError`'s: the file, the hand, the line.
    """


def _history_error(
    reason: str, path: str, hand: str | None, line: int | None, text: str | None
) -> HistoryError:
    return HistoryError(reason, path=path, hand=hand, line=line, text=text)


class ArgumentError(OmahaError, ValueError):
    """An argument outside what a function accepts (a ``ValueError``): the message names it.

    For example ``threads=0``, ``game="stud"``, an output array of the wrong
    shape, or a count of players the game does not allow.
    """


class ArgumentTypeError(ArgumentError, TypeError):
    """An argument of a type a function does not take (also a ``TypeError``)."""


class GameError(ArgumentError):
    """A game that is not Omaha Hi (``"hi"``) or Hi-Lo (``"hilo"``): the message names it.

    Raised by every function and class that takes a ``game``
    (:func:`omaha.games.check_game`), for ``game="stud"`` as for
    ``game=None``; a ``ValueError``, as an :class:`ArgumentError`.
    """


class ColumnError(ArgumentError):
    """A table's column that cannot be used: missing, unknown, or of another length.

    Raised by :func:`omaha.evaluate_frame` and :mod:`omaha.files` (``omaha
    eval`` exits with status 2 for it); the message names the column.
    """


class ColumnTypeError(ColumnError, ArgumentTypeError):
    """A column (or frame) whose type cannot hold what it must: card text that is no text.

    For example a column of floats given as card text, or a frame that is
    neither pandas, pyarrow nor polars; the message names the column and
    the type found.
    """


class TableFormatError(OmahaError, ValueError):
    """A table file that cannot be read or written as asked (:mod:`omaha.files`).

    An unknown extension or format, a codec given to a format that does not
    take one, a missing header, a file that is not of its format, a
    compressed stream cut short; the message names the file and the problem
    (and the line, when it is known).
    """


class _Row(Protocol):
    """A rejected row (:class:`omaha.files.readers.RejectedRow`), as the errors read it."""

    reason: str

    def where(self) -> str: ...


class BadRowError(OmahaError, ValueError):
    """A row that cannot be evaluated stopped a run (without ``skip_invalid``).

    Raised by :func:`omaha.files.evaluate_file` (``omaha eval`` exits with
    status 1). ``row`` is the :class:`omaha.files.readers.RejectedRow` (its
    line or row number and the reason); the message says the same.

    Attributes
    ----------
    row : omaha.files.readers.RejectedRow
    """

    def __init__(self, row: _Row) -> None:
        super().__init__(f"{row.where()}: {row.reason}")
        self.row = row

    def __reduce__(self) -> tuple[object, ...]:
        return type(self), (self.row,)


class InputRowError(BadRowError):
    """A row of one of the input files stopped :func:`omaha.dask.evaluate_files`.

    The message names the file, the line (text files) or row, and the
    reason; ``path`` and ``row`` say the same.

    Attributes
    ----------
    path : str
    row : omaha.files.readers.RejectedRow
    """

    def __init__(self, path: str, row: _Row) -> None:
        OmahaError.__init__(self, f"{path}: {row.where()}: {row.reason}")
        self.path = path
        self.row = row

    def __reduce__(self) -> tuple[object, ...]:
        return type(self), (self.path, self.row)


class RangeSyntaxError(OmahaError, ValueError):
    """Malformed range text (docs/ranges.md §12).

    ``position`` is the 0-based index in the original text of the first
    character that cannot be accepted, ``len(text)`` when the text ends too
    early, or the first character of a construct that is wrong as a whole
    (a span, a pattern too large for the holes, a weight value, a member
    without a weight in a weighted list). The message states the reason and
    the position and quotes the text.

    Attributes
    ----------
    reason : str
        Why the text was rejected.
    text : str
        The range text as given.
    position : int
        Where in ``text`` the error lies.
    """

    def __init__(self, reason: str, text: str, position: int) -> None:
        super().__init__(f"{reason} (at position {position} in {quote(text)})")
        self.reason = reason
        self.text = text
        self.position = position

    def __reduce__(self) -> tuple[type[RangeSyntaxError], tuple[str, str, int]]:
        return type(self), (self.reason, self.text, self.position)


class MissingDependencyError(OmahaError, ImportError):
    """An optional part of :mod:`omaha` needs a package that is not installed.

    The message names the package and the extra that installs it
    (``pip install "omaha-poker[dask]"``).
    """


class PreflopTableError(OmahaError):
    """The preflop equity ordering that percent ranges (``15%``) need is not available.

    Raised when this build has no preflop table for the requested game and
    hole count (docs/ranges.md §10); the message says which and why.
    """
