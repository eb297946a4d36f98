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
from typing import TYPE_CHECKING, Any, TypeAlias

from omaha.errors import DuplicateCardError, InvalidCardError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "BOARD_SIZES",
    "Cards",
    "HOLE_SIZES",
    "MAX_PLAYERS",
    "NO_CARD",
    "RANKS",
    "SUITS",
    "as_cards",
    "card_mask",
    "card_rank",
    "card_suit",
    "format_card",
    "format_cards",
    "format_cards_array",
    "parse_card",
    "parse_cards",
    "parse_cards_array",
    "require_distinct",
]

Cards: TypeAlias = "str | Sequence[int] | Sequence[str]"
"""Cards as text (``"AsKd"``, ``"As Kd"``), card strings or card codes 0..51."""

HOLE_SIZES = (4, 5, 6)
"""The numbers of hole cards Omaha deals: 4, or 5 and 6 in the variants (docs/rules.md §1)."""
BOARD_SIZES = (3, 4, 5)
"""The board sizes a hand can be evaluated on: flop, turn, river (docs/rules.md §1)."""
MAX_PLAYERS = {4: 10, 5: 8, 6: 7}
"""The most players one deck serves, per number of hole cards (docs/rules.md §1)."""

RANKS = "23456789TJQKA"
"""Rank characters, lowest first; a card's rank index is its position here."""
SUITS = "cdhs"
"""Suit characters; a card's suit index is its position here."""

_CARD_TEXT = tuple(r + s for r in RANKS for s in SUITS)
_CODE_OF = {text.lower(): code for code, text in enumerate(_CARD_TEXT)}
_CODE_OF.update({"10" + s: 32 + i for i, s in enumerate(SUITS)})
# Ranks and suits are ASCII letters only, without re.IGNORECASE: with Unicode
# case folding the Kelvin sign would read as K and the long s as s
# (docs/rules.md §1). Any whitespace separates cards.
_TOKEN = re.compile(r"\s*(10|[2-9tjqkaTJQKA])([cdhsCDHS])")


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
    card = text.strip()
    code = _CODE_OF.get(card.lower()) if card.isascii() else None
    if code is None:
        raise InvalidCardError(f"{_bad(text)} (expected rank 2-9TJQKA + suit cdhs)")
    return code


def _bad(card: str, text: str | None = None) -> str:
    """Name a malformed card for a message; a non-ASCII look-alike is named by its code point."""
    where = "" if text is None else f" in {text!r}"
    odd = next((ch for ch in card if not ch.isascii()), None)
    note = "" if odd is None else f" (U+{ord(odd):04X} is not an ASCII rank or suit)"
    return f"malformed card {card!r}{where}{note}"


def _parse_text(text: str) -> list[int]:
    codes: list[int] = []
    pos = 0
    end = len(text.rstrip())
    while pos < end:
        m = _TOKEN.match(text, pos)
        if m is None:
            rest = text[pos:].strip()
            bad = rest[:3] if rest.startswith("10") else rest[:2]
            raise InvalidCardError(_bad(bad, text))
        codes.append(_CODE_OF[(m.group(1) + m.group(2)).lower()])
        pos = m.end()
    return codes


def _as_code(item: object) -> int:
    if isinstance(item, str):
        return parse_card(item)
    if isinstance(item, bool) or not hasattr(item, "__index__"):
        raise InvalidCardError(
            f"a card must be a code 0..51 or a string such as 'As', not {item!r}"
        )
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


def as_cards(cards: object, what: str, n: int | None = None) -> tuple[int, ...]:
    """Parse cards given for ``what``, naming ``what`` in every error.

    The boundary check of every API that takes cards: a value that holds no
    cards at all (``None``, a number) is an :class:`InvalidCardError`, not a
    ``TypeError``.

    Parameters
    ----------
    cards : object
        Card text or a sequence of card strings or codes (see :func:`parse_cards`).
    what : str
        What the cards are, for messages: ``"board"``, ``"player 2"``.
    n : int, optional
        The exact number of cards required.

    Returns
    -------
    tuple of int
        The card codes, in input order.

    Raises
    ------
    InvalidCardError
        As :func:`parse_cards`, the message starting with ``what``.

    Examples
    --------
    >>> as_cards("Ah Kd", "the flop")
    (50, 45)
    >>> as_cards(None, "the flop")
    Traceback (most recent call last):
    ...
    omaha.errors.InvalidCardError: the flop must be card text or a sequence of cards, got None
    """
    if not isinstance(cards, str) and not hasattr(cards, "__iter__"):  # None, a number
        raise InvalidCardError(f"{what} must be card text or a sequence of cards, got {cards!r}")
    try:
        return parse_cards(cards, n=n)
    except InvalidCardError as exc:
        raise type(exc)(f"{what}: {exc}") from None


def require_distinct(groups: Iterable[tuple[str, Iterable[int]]]) -> None:
    """Check that no card is held twice across named groups of card codes.

    Parameters
    ----------
    groups : iterable of (str, iterable of int)
        Where the cards are and their codes, e.g. ``[("in player 1's hole
        cards", hole), ("on the board", board)]``; the names are used in the
        message.

    Raises
    ------
    DuplicateCardError
        A card held by two groups (or twice in one), naming the card and both holders.

    Examples
    --------
    >>> require_distinct([("in player 1's hole cards", (51, 50)), ("on the board", (0, 1, 2))])
    >>> require_distinct([("in the hole", (51, 50)), ("on the board", (51, 3, 4))])
    Traceback (most recent call last):
    ...
    omaha.errors.DuplicateCardError: duplicate card 'As' is both in the hole and on the board
    """
    where: dict[int, str] = {}
    for name, codes in groups:
        for c in codes:
            if c in where:
                raise DuplicateCardError(
                    f"duplicate card {_CARD_TEXT[c]!r} is both {where[c]} and {name}"
                )
            where[c] = name


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


# ------------------------------------------------- many texts at once (NumPy)

NO_CARD = 255
"""The padding code in card arrays: no card in this slot."""
_NOT_A_CARD = 254

# What parse_cards skips between cards: ASCII whitespace (as `\s` in a regex) and commas.
_SEPARATORS = b" \t\n\r\f\v\x1c\x1d\x1e\x1f,"
_ARRAY_TABLES: dict[str, np.ndarray] = {}


def _array_tables() -> dict[str, np.ndarray]:
    """Byte-indexed lookup tables for the vectorized parser (built once)."""
    if not _ARRAY_TABLES:
        import numpy as np

        rank = np.full(256, -1, np.int16)
        suit = np.full(256, -1, np.int16)
        for i, ch in enumerate(RANKS):
            rank[ord(ch)] = rank[ord(ch.lower())] = i
        for i, ch in enumerate(SUITS):
            suit[ord(ch)] = suit[ord(ch.upper())] = i
        sep = np.zeros(256, bool)
        sep[list(_SEPARATORS)] = True
        text = np.zeros((256, 2), np.uint8)
        text[:52] = np.frombuffer("".join(_CARD_TEXT).encode(), np.uint8).reshape(52, 2)
        pair = np.full(1 << 16, _NOT_A_CARD, np.uint8)  # two bytes (little-endian) -> code
        pair[0] = NO_CARD
        r = np.flatnonzero(rank >= 0)[:, None]
        s = np.flatnonzero(suit >= 0)[None, :]
        pair[r | s << 8] = 4 * rank[r] + suit[s]
        bit = np.zeros(256, np.uint64)  # code -> its bit in a card mask; other bytes -> 0
        bit[:52] = np.uint64(1) << np.arange(52, dtype=np.uint64)
        _ARRAY_TABLES.update(rank=rank, suit=suit, sep=sep, text=text, pair=pair, bit=bit)
    return _ARRAY_TABLES


def _text_matrix(texts: npt.ArrayLike) -> tuple[np.ndarray, np.ndarray, list[Any] | None]:
    """Return ``(bytes (n, w) uint8, non-ASCII rows (n,) bool, str items or None)``."""
    import numpy as np

    if isinstance(texts, np.ndarray):
        arr = texts
    else:
        items = list(texts)  # type: ignore[arg-type]
        kinds = set(map(type, items))
        if not (kinds <= {str} or kinds <= {bytes}):  # the rare path: look closer
            bad = next((t for t in items if not isinstance(t, str | bytes)), None)
            if bad is not None:
                raise TypeError(f"card texts must be str or bytes, not {bad!r}")
            if not all(isinstance(t, type(items[0])) for t in items):
                raise TypeError("card texts must be all str or all bytes, not a mix")
        arr = np.array(items, dtype=str if items and isinstance(items[0], str) else bytes)
    if arr.ndim != 1:
        raise ValueError(f"texts must be one-dimensional, got shape {arr.shape}")
    n = arr.shape[0]
    if arr.dtype.kind == "S":  # non-ASCII bytes are simply not cards
        mat = np.ascontiguousarray(arr).view(np.uint8).reshape(n, arr.dtype.itemsize)
        return mat, np.zeros(n, bool), None
    if arr.dtype.kind == "U":
        wide = np.ascontiguousarray(arr).view(np.uint32).reshape(n, arr.dtype.itemsize // 4)
        other = np.asarray((wide > 127).any(axis=1))
        return wide.astype(np.uint8), other, arr.tolist() if other.any() else None
    if n == 0:
        return np.zeros((0, 0), np.uint8), np.zeros(0, bool), None
    raise TypeError(f"card texts must be an array of str or bytes, not dtype {arr.dtype}")


def parse_cards_array(
    texts: npt.ArrayLike, max_cards: int = 7
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int8]]:
    """Parse many card texts at once, without a Python loop per text.

    The vectorized form of :func:`parse_cards` for text: the same notation
    (cards run together or separated by spaces or commas, either case,
    ``10`` for ``T``; docs/rules.md §1) and the same notion of a bad text,
    reported per row instead of raised.

    Parameters
    ----------
    texts : array of str or bytes of shape (n,), or a sequence of str
        One card text per row, e.g. ``"AsKd7h2c"`` or ``b"As Kd 7h 2c"``.
    max_cards : int, default 7
        The most cards a row may hold (the width of ``codes``).

    Returns
    -------
    codes : uint8 array of shape (n, max_cards)
        The card codes of each row in input order, padded with
        :data:`NO_CARD` (255).
    counts : int8 array of shape (n,)
        The number of cards in each row, or -1 where :func:`parse_cards`
        would raise (a malformed card or a duplicate; call it on that row
        for the message naming the bad value) or the row has more than
        ``max_cards`` cards.

    Raises
    ------
    TypeError
        If ``texts`` is not text.
    ValueError
        If ``texts`` is not one-dimensional or ``max_cards`` is outside 0..52.

    Notes
    -----
    Text given as a list of ``str`` becomes a fixed-width NumPy string array,
    which drops NUL characters at the end of a text.

    Examples
    --------
    >>> codes, counts = parse_cards_array(["AsKd", "10h jc 2C", "AsAs", "Xx"], max_cards=3)
    >>> codes.tolist(), counts.tolist()
    ([[51, 45, 255], [34, 36, 0], [255, 255, 255], [255, 255, 255]], [2, 3, -1, -1])
    """
    import numpy as np

    if isinstance(max_cards, bool) or not isinstance(max_cards, int) or not 0 <= max_cards <= 52:
        raise ValueError(f"max_cards must be an integer 0..52, got {max_cards!r}")
    t = _array_tables()
    mat, other, items = _text_matrix(texts)
    n, w = mat.shape
    if w % 2:
        mat = np.concatenate([mat, np.zeros((n, 1), np.uint8)], axis=1)
        w += 1
    # Fast path: cards run together, padded at the end ("AsKd7h2c"): each
    # two-byte pair is a card, or NUL NUL (no card) once the cards end.
    pair = t["pair"][np.ascontiguousarray(mat).view("<u2")]
    ncards = np.zeros(n, np.int64)
    rough = other.copy()
    for j in range(w // 2):
        col = pair[:, j]
        rough |= col == _NOT_A_CARD
        if j:
            rough |= (col != NO_CARD) & (pair[:, j - 1] == NO_CARD)
        if j >= max_cards:
            rough |= col != NO_CARD
        ncards += col != NO_CARD
    pairs = min(w // 2, max_cards)
    cand = np.full((n, max_cards), NO_CARD, np.uint8)
    cand[:, :pairs] = pair[:, :pairs]
    ok = ~rough
    rest = np.flatnonzero(rough & ~other)
    if rest.size:  # cards one separator apart ("As Kd 7h 2c")
        spaced, count, fine = _parse_spaced(mat[rest], max_cards)
        cand[rest[fine]], ncards[rest[fine]], ok[rest[fine]] = spaced[fine], count[fine], True
        rest = rest[~fine]
    if rest.size:
        cand[rest], ncards[rest], ok[rest] = _parse_general(mat[rest], max_cards)
    ok &= ~_has_duplicate(cand)
    counts = np.where(ok, ncards, -1).astype(np.int8)
    codes = np.where(ok[:, None], cand, np.uint8(NO_CARD))
    if items is not None:  # rows with non-ASCII text: the scalar parser decides
        for i in np.flatnonzero(other):
            try:
                row = parse_cards(items[i])
            except InvalidCardError:
                continue
            if len(row) <= max_cards:
                codes[i, : len(row)] = row
                counts[i] = len(row)
    return codes, counts


def _parse_spaced(mat: np.ndarray, max_cards: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Parse rows of cards each followed by one separator: ``(codes, ncards, ok)``."""
    import numpy as np

    t = _array_tables()
    n, w = mat.shape
    k = (w + 2) // 3
    wide = np.zeros((n, 3 * k), np.uint8)
    wide[:, :w] = mat
    triples = wide.reshape(n, k, 3)
    pair = t["pair"][np.ascontiguousarray(triples[:, :, :2]).view("<u2")[:, :, 0]]
    after = triples[:, :, 2]
    sep = t["sep"][after]
    bad = np.zeros(n, bool)
    ncards = np.zeros(n, np.int64)
    for j in range(k):
        card = pair[:, j] < 52
        bad |= pair[:, j] == _NOT_A_CARD
        bad |= ~card & (after[:, j] != 0)  # nothing after the end of the cards
        bad |= card & ~sep[:, j] & (after[:, j] != 0)
        if j:
            bad |= card & (pair[:, j - 1] == NO_CARD)
            bad |= card & ~sep[:, j - 1]  # between two cards: one separator
        if j >= max_cards:
            bad |= card
        ncards += card
    codes = np.full((n, max_cards), NO_CARD, np.uint8)
    cols = min(k, max_cards)
    codes[:, :cols] = np.where(pair < 52, pair, NO_CARD)[:, :cols]
    return codes, ncards, ~bad


def _parse_general(mat: np.ndarray, max_cards: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Parse rows of ASCII text with separators and ``10``: ``(codes, ncards, ok)``."""
    import numpy as np

    t = _array_tables()
    n = mat.shape[0]
    pad = mat == 0
    is1 = mat == ord("1")
    is0 = mat == ord("0")
    # NUL only as padding at the end; "1" always followed by "0" (and "0" preceded by "1").
    bad = (pad[:, :-1] & ~pad[:, 1:]).any(axis=1)
    bad |= (is1[:, :-1] != is0[:, 1:]).any(axis=1) | is1[:, -1] | is0[:, 0]
    mat = np.where(is1, np.uint8(ord("T")), mat)
    sep = t["sep"][mat]
    keep = ~(sep | pad | is0)
    kept = np.cumsum(keep, axis=1, dtype=np.int32)
    total = kept[:, -1]
    # A separator may only stand between cards: after an even number of characters.
    bad |= (sep & (kept & 1).astype(bool)).any(axis=1)
    bad |= (total & 1).astype(bool) | (total > 2 * max_cards)
    packed = np.zeros((n, 2 * max_cards), np.uint8)
    rr, cc = np.nonzero(keep & ~bad[:, None])
    packed[rr, kept[rr, cc] - 1] = mat[rr, cc]
    rank = t["rank"][packed[:, 0::2]]
    suit = t["suit"][packed[:, 1::2]]
    ncards = total // 2
    used = np.arange(max_cards) < ncards[:, None]
    bad |= (used & ((rank < 0) | (suit < 0))).any(axis=1)
    codes = np.where(used & ~bad[:, None], 4 * rank + suit, NO_CARD).astype(np.uint8)
    return codes, ncards, ~bad


def _has_duplicate(codes: np.ndarray) -> np.ndarray:
    """Rows of ``codes`` (n, k) holding the same card code twice (:data:`NO_CARD` aside)."""
    import numpy as np

    bit = _array_tables()["bit"]
    seen = np.zeros(codes.shape[0], np.uint64)
    dup = np.zeros(codes.shape[0], bool)
    for j in range(codes.shape[1]):
        b = bit[codes[:, j]]
        dup |= (seen & b) != 0
        seen |= b
    return dup


def format_cards_array(codes: npt.ArrayLike) -> npt.NDArray[np.bytes_]:
    """Return the canonical text of each row of card codes, without a Python loop.

    The vectorized form of :func:`format_cards`: ``[[51, 45]]`` gives
    ``[b'AsKd']``. :data:`NO_CARD` (255) slots are left out, so rows of
    different lengths can share one array.

    Parameters
    ----------
    codes : integer array of shape (n, k)
        Card codes 0..51, or 255 for no card.

    Returns
    -------
    bytes array of shape (n,), dtype ``S{2k}``
        ASCII card text (``.astype(str)`` gives ``str``).

    Raises
    ------
    InvalidCardError
        If a code is neither 0..51 nor 255.
    TypeError
        If ``codes`` is not an integer array.

    Examples
    --------
    >>> format_cards_array([[51, 45, 22], [0, 255, 255]]).tolist()
    [b'AsKd7h', b'2c']
    """
    import numpy as np

    arr = np.asarray(codes)
    if arr.dtype.kind not in "iu":
        raise TypeError(f"codes must be an integer array of card codes, not dtype {arr.dtype}")
    if arr.ndim != 2:
        raise ValueError(f"codes must have shape (n, k), got {arr.shape}")
    if arr.dtype != np.uint8:
        wrong = (arr < 0) | (arr > NO_CARD)
        arr = np.where(wrong, 52, arr).astype(np.uint8)
    invalid = (arr > 51) & (arr != NO_CARD)
    if invalid.any():
        row, col = (int(x[0]) for x in np.nonzero(invalid))
        value = np.asarray(codes)[row, col]
        raise InvalidCardError(f"row {row}: card code {int(value)} is outside 0..51")
    n, k = arr.shape
    pairs = _array_tables()["text"].view(np.uint16).reshape(256)[arr]
    chars = pairs.view(np.uint8).reshape(n, 2 * k)
    gaps = (arr[:, :-1] == NO_CARD) & (arr[:, 1:] != NO_CARD)
    if gaps.any():  # move the padding to the end of each row
        order = np.argsort(chars == 0, axis=1, kind="stable")
        chars = np.take_along_axis(chars, order, axis=1)
    if k == 0:
        return np.zeros(n, "S1")
    text: npt.NDArray[np.bytes_] = np.ascontiguousarray(chars).view(f"S{2 * k}").reshape(n)
    return text
