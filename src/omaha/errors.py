"""The exception tree of :mod:`omaha`.

Every error the package raises on purpose derives from :class:`OmahaError`;
those caused by bad input are also :class:`ValueError`, so callers that
already catch ``ValueError`` keep working.
"""

from __future__ import annotations

__all__ = [
    "DuplicateCardError",
    "IllegalActionError",
    "InvalidCardError",
    "MissingDependencyError",
    "OmahaError",
    "PreflopTableError",
    "RangeSyntaxError",
]


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
    """


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
        super().__init__(f"{reason} (at position {position} in {text!r})")
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
