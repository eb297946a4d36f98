"""Amounts in a PHH file's own units, and the engine's integer chips.

A file may give amounts as decimals (``starting_stacks = [1259450.25,
678473.5]``). They are scaled by the smallest power of ten that makes every
amount in the file an integer (here 100): the engine plays in those integer
chips, and every amount reported or written is converted back to the file's
units (``1937923.75``). Infinite amounts are rejected.

Examples
--------
>>> places(decimal.Decimal("1259450.25")), to_file_units(193792375, 100)
(2, Decimal('1937923.75'))
>>> format_amount(to_file_units(500, 100)), format_amount(to_file_units(50, 100))
('5', '0.5')
"""

from __future__ import annotations

import decimal

from omaha.errors import PHHError

__all__ = ["Amount", "check_amount", "format_amount", "places", "to_file_units"]

Amount = int | decimal.Decimal
"""An amount in a file's own units: ``int``, or ``Decimal`` for a fraction."""


def check_amount(value: object, what: str, name: str) -> decimal.Decimal:
    """Check one amount read from a file and return it as a ``Decimal``.

    Parameters
    ----------
    value : object
        The value as read (``int``, ``Decimal``, or ``float`` from Python).
    what, name : str
        What the amount is and the hand's name, for messages.

    Raises
    ------
    PHHError
        Not a number, infinite, NaN or negative.
    """
    if isinstance(value, bool) or not isinstance(value, int | float | decimal.Decimal):
        raise PHHError(f"{name}: {what} must be a number, not {value!r}")
    d = decimal.Decimal(value)
    if d.is_infinite():
        raise PHHError(
            f"{name}: {what} is infinite ({value!r}); only finite stacks and amounts can be played"
        )
    if d.is_nan():
        raise PHHError(f"{name}: {what} is not a number ({value!r})")
    if d < 0:
        raise PHHError(f"{name}: {what} must not be negative, got {value!r}")
    return d


def places(value: decimal.Decimal) -> int:
    """Return the number of decimal places needed to write ``value`` exactly."""
    exponent = value.normalize().as_tuple().exponent
    assert isinstance(exponent, int)
    return max(0, -exponent)


def to_file_units(chips: int, scale: int) -> Amount:
    """Convert integer chips to a file's units (an ``int`` when whole)."""
    if scale == 1:
        return chips
    whole, frac = divmod(chips, scale)
    if frac == 0:
        return whole
    return decimal.Decimal(chips).scaleb(-(len(str(scale)) - 1)).normalize()


def format_amount(value: Amount) -> str:
    """Write an amount in file units: ``1937923.75``, ``500``."""
    if isinstance(value, decimal.Decimal):
        return format(value, "f")
    return str(value)
