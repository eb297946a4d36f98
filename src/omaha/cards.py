"""Cards: the text notation and integer card codes.

This is the only module that knows the text notation. A card is an integer
code ``4 * rank + suit`` with rank 0..12 for ``2 3 4 5 6 7 8 9 T J Q K A``
and suit 0..3 for ``c d h s``: ``2c`` is 0, ``2d`` is 1, ``As`` is 51
(docs/rules.md §1).

Examples
--------
>>> parse_cards("AsKd7h2c")
(51, 45, 22, 0)
>>> format_cards((51, 45, 22, 0))
'AsKd7h2c'
>>> parse_cards(["10h", "jc"])
(34, 36)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from omaha.errors import DuplicateCardError, InvalidCardError

__all__ = [
    "RANKS",
    "SUITS",
    "card_mask",
    "card_rank",
    "card_suit",
    "format_card",
    "format_cards",
    "parse_card",
    "parse_cards",
]

RANKS = "23456789TJQKA"
"""Rank characters, lowest first; a card's rank index is its position here."""
SUITS = "cdhs"
"""Suit characters; a card's suit index is its position here."""

_CARD_TEXT = tuple(r + s for r in RANKS for s in SUITS)
_CODE_OF = {text.lower(): code for code, text in enumerate(_CARD_TEXT)}
_CODE_OF.update({"10" + s: 32 + i for i, s in enumerate(SUITS)})
_TOKEN = re.compile(r"\s*(10|[2-9tjqka])([cdhs])", re.IGNORECASE)


def card_rank(code: int) -> int:
    """Return the rank index 0..12 (``2`` .. ``A``) of a card code."""
    return code >> 2


def card_suit(code: int) -> int:
    """Return the suit index 0..3 (``c d h s``) of a card code."""
    return code & 3


def parse_card(text: str) -> int:
    """Parse one card such as ``"As"``, ``"td"`` or ``"10h"`` into its code.

    Raises
    ------
    InvalidCardError
        If ``text`` is not exactly one card.
    """
    if not isinstance(text, str):
        raise InvalidCardError(f"a card must be a string such as 'As', not {text!r}")
    code = _CODE_OF.get(text.strip().lower())
    if code is None:
        raise InvalidCardError(f"malformed card {text!r} (expected rank 2-9TJQKA + suit cdhs)")
    return code


def _parse_text(text: str) -> list[int]:
    codes: list[int] = []
    pos = 0
    end = len(text.rstrip())
    while pos < end:
        m = _TOKEN.match(text, pos)
        if m is None:
            bad = text[pos:].strip()[:3] or text
            raise InvalidCardError(f"malformed card {bad!r} in {text!r}")
        codes.append(_CODE_OF[(m.group(1) + m.group(2)).lower()])
        pos = m.end()
    return codes


def _as_code(item: object) -> int:
    if isinstance(item, str):
        return parse_card(item)
    if isinstance(item, bool) or not hasattr(item, "__index__"):
        raise InvalidCardError(f"a card must be a code 0..51 or a string such as 'As', not {item!r}")
    code = int(item)
    if not 0 <= code <= 51:
        raise InvalidCardError(f"card code {code!r} is outside 0..51")
    return code


def parse_cards(cards: str | Iterable[str | int], n: int | None = None) -> tuple[int, ...]:
    """Parse cards into a tuple of distinct card codes.

    Parameters
    ----------
    cards : str or iterable of str or int
        Cards run together or separated by spaces or commas (``"AsKd7h2c"``,
        ``"As Kd 7h 2c"``), or an iterable of card strings or codes 0..51.
        Either case is accepted, and ``10`` for ``T``.
    n : int, optional
        The exact number of cards required.

    Returns
    -------
    tuple of int
        The card codes, in input order.

    Raises
    ------
    InvalidCardError
        A malformed card or code (the message quotes it), or not ``n`` cards.
    DuplicateCardError
        The same card appears twice (a subclass of :class:`InvalidCardError`).
    """
    if isinstance(cards, str):
        codes = _parse_text(cards.replace(",", " "))
    else:
        codes = [_as_code(item) for item in cards]
    if len(set(codes)) != len(codes):
        seen: set[int] = set()
        for code in codes:
            if code in seen:
                raise DuplicateCardError(f"duplicate card {_CARD_TEXT[code]!r} in {cards!r}")
            seen.add(code)
    if n is not None and len(codes) != n:
        raise InvalidCardError(f"expected {n} cards, got {len(codes)} in {cards!r}")
    return tuple(codes)


def format_card(code: int) -> str:
    """Return the canonical text of one card code (``51`` -> ``'As'``).

    Raises
    ------
    InvalidCardError
        If ``code`` is not an integer 0..51.
    """
    return _CARD_TEXT[_as_code(code)]


def format_cards(codes: Iterable[int], sep: str = "") -> str:
    """Return the canonical text of card codes, joined by ``sep``.

    Raises
    ------
    InvalidCardError
        If a code is not an integer 0..51.
    """
    return sep.join(_CARD_TEXT[_as_code(c)] for c in codes)


def card_mask(codes: Sequence[int] | Iterable[int]) -> int:
    """Return the 64-bit mask with bit ``code`` set for each card.

    Raises
    ------
    InvalidCardError
        If a code is not an integer 0..51.

    Examples
    --------
    >>> card_mask([0, 51]) == (1 << 0) | (1 << 51)
    True
    """
    mask = 0
    for c in codes:
        mask |= 1 << _as_code(c)
    return mask
