"""The exception tree of :mod:`omaha`.

Every error the package raises on purpose derives from :class:`OmahaError`;
those caused by bad input are also :class:`ValueError`, so callers that
already catch ``ValueError`` keep working.
"""

from __future__ import annotations

__all__ = ["DuplicateCardError", "IllegalActionError", "InvalidCardError", "OmahaError"]


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
