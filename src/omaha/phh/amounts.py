"""Amounts in a PHH file's own units, and the engine's integer chips.

A file may give amounts as decimals (``starting_stacks = [1259450.25,
678473.5]``). They are scaled by the smallest power of ten that makes every
amount in the file an integer (here 100): the engine plays in those integer
chips, and every amount reported or written is converted back to the file's
units (``1937923.75``).

Every conversion is exact, whatever the length of the amount: the decimal
arithmetic never rounds (Python's default context keeps 28 digits). An
amount is refused (:class:`~omaha.errors.PHHError`) when it is not a
finite, non-negative number, or when it would take more than
:data:`MAX_DIGITS` digits in chips: Python prints integers of up to 4,300
digits (``sys.get_int_max_str_digits``), and the sums of amounts the engine
reports must stay printable.

Examples
--------
>>> places(decimal.Decimal("1259450.25")), to_chips(decimal.Decimal("1259450.25"), 2)
(2, 125945025)
>>> to_file_units(193792375, 100), format_amount(to_file_units(500, 100))
(Decimal('1937923.75'), '5')
>>> to_chips(decimal.Decimal("1234567890123456789012345678901234567890.5"), 1)
12345678901234567890123456789012345678905
"""

from __future__ import annotations

import decimal

from omaha.errors import ArgumentError, PHHError, quote

__all__ = [
    "Amount",
    "MAX_DIGITS",
    "check_amount",
    "format_amount",
    "parse_amount",
    "places",
    "to_chips",
    "to_file_units",
]

Amount = int | decimal.Decimal
"""An amount in a file's own units: ``int``, or ``Decimal`` for a fraction."""

MAX_DIGITS = 4000
"""The most digits an amount may take in chips (the file's amount times its scale)."""

_LIMIT = 10**MAX_DIGITS
# Exact for every operation here: operands have at most 2 * MAX_DIGITS digits.
_EXACT = decimal.Context(
    prec=2 * MAX_DIGITS + 10,
    Emax=decimal.MAX_EMAX,
    Emin=decimal.MIN_EMIN,
    traps=[decimal.InvalidOperation, decimal.Overflow, decimal.Inexact],
)


def parse_amount(text: str) -> Amount:
    """Read an amount written in an action (``"400"``, ``"6.25"``): ``int`` when whole.

    Raises
    ------
    ValueError
        If ``text`` is not a number (the caller names the action).
    """
    if text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS:
        return int(text)
    if not text.isascii() or "_" in text or text != text.strip():
        # Decimal would read '３０００' (other scripts' digits), '3_000' and ' 5'.
        raise ArgumentError(f"bad amount {quote(text)}")
    try:
        return decimal.Decimal(text)
    except decimal.InvalidOperation:
        raise ArgumentError(f"bad amount {quote(text)}") from None


def check_amount(value: object, what: str, name: str) -> Amount:
    """Check one amount read from a file and return it: an ``int``, or a ``Decimal``.

    Parameters
    ----------
    value : object
        The value as read (``int``, ``Decimal``, or ``float`` from Python).
    what, name : str
        What the amount is and the hand's name, for messages.

    Raises
    ------
    PHHError
        Not a number, infinite, NaN, negative, or more than
        :data:`MAX_DIGITS` digits before or after the decimal point.
    """
    if type(value) is int and 0 <= value < _LIMIT:  # most amounts: no decimal arithmetic
        return value
    if isinstance(value, bool) or not isinstance(value, int | float | decimal.Decimal):
        raise PHHError(f"{name}: {what} must be a number, not {quote(value)}")
    d = decimal.Decimal(value)
    if d.is_infinite():
        raise PHHError(
            f"{name}: {what} is infinite ({quote(value)});"
            " only finite stacks and amounts can be played"
        )
    if d.is_nan():
        raise PHHError(f"{name}: {what} is not a number ({quote(value)})")
    if d < 0:
        raise PHHError(f"{name}: {what} must not be negative, got {quote(value)}")
    if d and d.adjusted() >= MAX_DIGITS:
        raise PHHError(
            f"{name}: {what} is too large ({_size(d)}); an amount has at most {MAX_DIGITS:,} digits"
        )
    if places(d) > MAX_DIGITS:
        raise PHHError(
            f"{name}: {what} is too fine ({places(d):,} decimal places); an amount has at most "
            f"{MAX_DIGITS:,} digits"
        )
    return d


def _size(d: decimal.Decimal) -> str:
    return f"{d.adjusted() + 1:,} digits"


def places(value: Amount) -> int:
    """Return the number of decimal places needed to write ``value`` exactly (no rounding)."""
    if isinstance(value, int) or not value:
        return 0
    _, digits, exponent = value.as_tuple()
    assert isinstance(exponent, int)
    if exponent >= 0:
        return 0
    end = len(digits)
    while end and digits[end - 1] == 0:  # trailing zeros need no place
        end -= 1
    return max(0, -exponent - (len(digits) - end))


def to_chips(value: Amount, places: int) -> int:
    """Return ``value`` times ``10**places`` as an exact integer.

    Raises
    ------
    ValueError
        If the product is not an integer or takes more than
        :data:`MAX_DIGITS` digits (the caller names the amount).
    """
    if isinstance(value, int):
        chips: int = value * 10**places
        if chips >= _LIMIT:
            raise ArgumentError(f"more than {MAX_DIGITS:,} digits in chips")
        return chips
    scaled = value.scaleb(places, context=_EXACT)
    if scaled and scaled.adjusted() >= MAX_DIGITS:
        raise ArgumentError(f"more than {MAX_DIGITS:,} digits in chips")
    if scaled != scaled.to_integral_value(context=_EXACT):
        raise ArgumentError("not a whole number of chips")
    return int(scaled)


def to_file_units(chips: int, scale: int) -> Amount:
    """Convert integer chips to a file's units (an ``int`` when whole), exactly."""
    if scale == 1:
        return chips
    whole, frac = divmod(chips, scale)
    if frac == 0:
        return whole
    places = len(str(scale)) - 1  # a power of ten of at most MAX_DIGITS digits
    return decimal.Decimal(chips).scaleb(-places, context=_EXACT).normalize(_EXACT)


def format_amount(value: Amount) -> str:
    """Write an amount in file units: ``1937923.75``, ``500``."""
    if isinstance(value, decimal.Decimal):
        return format(value, "f")
    return str(value)
