"""Amounts and cards as the sites write them: :func:`parse_money`, :func:`site_cards`.

Amounts come with currency signs and codes (``$1,234.56``, ``€0.50``,
``0,35 €``, ``100 USD``, ``1 234,50€``), thousands separators (``27,617``
tournament chips) and either decimal mark; :func:`parse_money` reads them
exactly as a :class:`~decimal.Decimal` (never a float), and
:func:`to_units` turns that into whole units of the file (cents for money,
chips for tournament chips), refusing anything finer.

Cards are ``Ad`` (``10d`` too), or iPoker's suit-first ``DA``, ``S10``;
:func:`site_cards` reads a list of them into card codes, naming a card that
is no card.

Examples
--------
>>> parse_money("$1,234.56"), parse_money("0,35 €"), parse_money("27,617"), parse_money("(0.15)")
(Decimal('1234.56'), Decimal('0.35'), Decimal('27617'), Decimal('0.15'))
>>> to_units(parse_money("$0.05"), 2), to_units(parse_money("1 500"), 0)
(5, 1500)
>>> money_units("$1,234.56", 2)
123456
>>> from omaha.cards import format_cards
>>> format_cards(site_cards("Ad 3h Qc Kh"))
'Ad3hQcKh'
>>> format_cards(site_cards("S10 HA S6 CQ", suit_first=True))
'TsAh6sQc'
"""

from __future__ import annotations

import decimal
import functools
import re

from omaha.cards import parse_cards
from omaha.errors import AmountError

__all__ = [
    "AmountError",
    "MAX_AMOUNT_DIGITS",
    "money_units",
    "parse_money",
    "show",
    "site_cards",
    "to_units",
]


MAX_AMOUNT_DIGITS = 15
"""The most digits an amount of a site's file may have (``999,999,999,999,999`` chips).

Real amounts have a dozen digits at most (a tournament's chips, a pot in
cents); a longer one is refused where it enters (:func:`parse_money`), so
that every sum the engine makes of a hand's amounts stays small, and the
PHH written of the hand reads back.
"""

_PREFIX = re.compile(r"^(?:T?[$€£¥₹]|[A-Z]{3}\s?)")
_SUFFIX = re.compile(r"(?:[$€£¥₹]|\s?[A-Z]{3}|\s?[Cc]hips)$")
_NUMBER = re.compile(r"[0-9](?:[0-9.,'\s\u00a0\u202f]*[0-9])?")
_SPACES = re.compile(r"(?<=[0-9])[\s\u00a0\u202f'](?=[0-9]{3}(?![0-9]))")
_THOUSANDS = re.compile(r"^[0-9]{1,3}(,[0-9]{3})+$")
_DOTS = re.compile(r"[0-9]{1,3}(\.[0-9]{3})+")


def show(text: str) -> str:
    """Quote a text for a message: whole when short, else its start and its size."""
    if len(text) <= 40:
        return repr(text)
    return f"{text[:16]!r}... ({len(text):,} characters)"


def _refuse(text: str, why: str) -> AmountError:
    return AmountError(f"{show(text)} is no amount{why}")


def parse_money(text: str) -> decimal.Decimal:
    """Read an amount as a site writes it, exactly: ASCII digits, separators, a currency.

    The one reader of every site's amounts: an optional currency sign or
    code before or after (``$``, ``€``, ``£``, ``¥``, ``₹``, ``USD``,
    ``EUR``..., ``chips``), optional brackets, and a number of ASCII digits
    with thousands separators (``,``, ``.``, a space, ``'``) and a decimal
    mark (``.`` or ``,``). Nothing else: no sign, no exponent, no ``NaN``,
    no digits of other scripts, at most :data:`MAX_AMOUNT_DIGITS` digits.

    Raises
    ------
    AmountError
        Text that is no amount, or an amount that is negative, not a finite
        number, written with other digits, or longer than the bound (the
        message quotes a long text by its size).
    """
    body = text.strip()
    if body[:1] == "(" and body[-1:] == ")":
        body = body[1:-1].strip()
    if body[:1] in ("-", "\u2212") or body[1:2] in ("-", "\u2212"):
        raise _refuse(text, ": an amount is never negative")
    body = _SUFFIX.sub("", _PREFIX.sub("", body)).strip()
    if body.endswith(".") and body[-2:-1].isdigit():  # the sentence's end: ``wins $5.``
        body = body[:-1]
    if not _NUMBER.fullmatch(body):
        if any(c.isdigit() and not c.isascii() for c in body):
            raise _refuse(text, ": digits of another script")
        if "e" in body.lower() and any(c.isdigit() for c in body):
            raise _refuse(text, ": an exponent")
        raise _refuse(text, "")
    digits = sum(c.isdigit() for c in body)
    if digits > MAX_AMOUNT_DIGITS:
        raise AmountError(
            f"an amount of {digits:,} digits ({show(text)}): amounts have at most "
            f"{MAX_AMOUNT_DIGITS} digits"
        )
    cleaned = _SPACES.sub("", body)
    if any(not c.isdigit() and c not in ",." for c in cleaned):
        raise _refuse(text, "")
    if "," in cleaned and "." in cleaned:
        if cleaned.rfind(",") > cleaned.rfind("."):  # 1.234,56
            cleaned = cleaned.replace(".", "").replace(",", ".")
        else:  # 1,234.56
            cleaned = cleaned.replace(",", "")
    elif "," in cleaned:
        if _THOUSANDS.match(cleaned):  # 27,617 or 1,000,000: thousands
            cleaned = cleaned.replace(",", "")
        elif cleaned.count(",") == 1:  # 0,35: a decimal comma
            cleaned = cleaned.replace(",", ".")
        else:
            raise _refuse(text, "")
    elif cleaned.count(".") > 1:
        if _DOTS.fullmatch(cleaned):  # 1.000.000
            cleaned = cleaned.replace(".", "")
        else:
            raise _refuse(text, "")
    if cleaned.count(".") > 1:  # 1.234.567,5.5
        raise _refuse(text, "")
    return decimal.Decimal(cleaned)


def to_units(amount: decimal.Decimal, places: int) -> int:
    """Return ``amount`` in whole units of ``10**-places`` (cents: 2; chips: 0).

    Raises
    ------
    AmountError
        The amount is finer than the unit (``0.005`` in cents).
    """
    scaled = amount.scaleb(places)
    if scaled != scaled.to_integral_value():
        unit = "cents" if places == 2 else f"units of 10**-{places}" if places else "chips"
        raise AmountError(f"{amount} is not a whole number of {unit}")
    return int(scaled)


@functools.lru_cache(maxsize=4096)
def money_units(text: str, places: int) -> int:
    """Return ``to_units(parse_money(text), places)``, remembered: a file's amounts repeat.

    Raises
    ------
    AmountError
        As :func:`parse_money` and :func:`to_units` (an error is not remembered).
    """
    return to_units(parse_money(text), places)


_SUIT_FIRST = re.compile(r"([CDHScdhs])(10|[2-9TJQKAtjqka])")


def site_cards(text: str, *, suit_first: bool = False) -> tuple[int, ...]:
    """Read cards written by a site, separated by spaces or commas, into card codes.

    Parameters
    ----------
    text : str
        ``"Ad 3h Qc Kh"``, ``"[ Kh, Kd, 4c, Ac ]"``; with ``suit_first``,
        iPoker's ``"SK D6 H7 DQ"`` (``S10`` for the ten).
    suit_first : bool, default False

    Raises
    ------
    omaha.errors.InvalidCardError
        A card that is no card, or the same card twice (the message names it).
    """
    if not suit_first:  # the compiled reader takes the cards with their spaces and commas
        return parse_cards(text.replace("[", " ").replace("]", " ") if "[" in text else text)
    tokens = text.replace(",", " ").replace("[", " ").replace("]", " ").split()
    flipped = []
    for token in tokens:
        m = _SUIT_FIRST.fullmatch(token)
        flipped.append(m.group(2) + m.group(1).lower() if m else token)
    return parse_cards(flipped)
