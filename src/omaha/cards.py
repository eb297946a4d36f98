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

import operator
import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, TypeAlias

from omaha._cardtext import text_codes as _text_codes
from omaha.errors import (
    ArgumentError,
    ArgumentTypeError,
    DuplicateCardError,
    InvalidCardError,
    quote,
)

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
    "format_cards_arrow",
    "parse_card",
    "parse_cards",
    "parse_cards_array",
    "random_deals",
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
# Every spelling of one card a string may have, as is (no white space): the
# common case of parse_cards, read without parse_card's normalizing.
_CODE_OF_TOKEN = {
    rank + suit: code
    for text, code in _CODE_OF.items()
    for rank in {text[:-1], text[:-1].upper()}
    for suit in (text[-1], text[-1].upper())
}


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
        raise InvalidCardError(f"a card must be a string such as 'As', not {quote(text)}")
    card = text.strip()
    code = _CODE_OF.get(card.lower()) if card.isascii() else None
    if code is None:
        raise InvalidCardError(f"{_bad(text)} (expected rank 2-9TJQKA + suit cdhs)")
    return code


def _bad(card: str, text: str | None = None) -> str:
    """Name a malformed card for a message; a non-ASCII look-alike is named by its code point."""
    where = "" if text is None else f" in {quote(text)}"
    odd = next((ch for ch in card if not ch.isascii()), None)
    note = "" if odd is None else f" (U+{ord(odd):04X} is not an ASCII rank or suit)"
    return f"malformed card {quote(card)}{where}{note}"


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
    if type(item) is int and 0 <= item <= 51:  # the common case (a deck of codes): no checks
        return item
    if isinstance(item, str):
        return parse_card(item)
    if isinstance(item, bool) or not hasattr(item, "__index__"):
        raise _not_a_code(item)
    try:
        code = operator.index(item)  # an array of several numbers has __index__ too
    except (TypeError, ValueError):
        raise _not_a_code(item) from None
    if not 0 <= code <= 51:
        raise InvalidCardError(f"card code {quote(code)} is outside 0..51")
    return code


def _not_a_code(item: object) -> InvalidCardError:
    return InvalidCardError(
        f"a card must be a code 0..51 or a string such as 'As', not {quote(item)}"
    )


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
    if n is not None and (isinstance(n, bool) or not isinstance(n, int) or n < 0):
        raise ArgumentTypeError(f"n must be a whole number of cards, not {quote(n)}")
    if type(cards) is str:
        fast = _text_codes(cards)  # compiled: None for anything but plain ASCII cards
        if fast is not None and (n is None or len(fast) == n):
            return tuple(fast)
    if isinstance(cards, str):  # a str subclass (numpy.str_) too
        codes = _parse_text(str(cards).replace(",", " "))  # reads the rest, names the problem
    else:
        if not hasattr(cards, "__iter__"):  # None, a number
            raise InvalidCardError(f"cards must be text or a sequence of cards, not {quote(cards)}")
        try:
            items = list(cards)
        except (TypeError, ValueError, NotImplementedError) as exc:  # a 0-d or 2-D array
            raise InvalidCardError(f"cannot read cards from {quote(cards)}: {exc}") from None
        codes = [
            known
            if isinstance(item, str) and (known := _CODE_OF_TOKEN.get(item)) is not None
            # a card with white space or a look-alike, a code, or no card: checked in full
            else _as_code(item)
            for item in items
        ]
    if len(set(codes)) != len(codes):
        seen: set[int] = set()
        for code in codes:
            if code in seen:
                raise DuplicateCardError(f"duplicate card {_CARD_TEXT[code]!r} in {quote(cards)}")
            seen.add(code)
    if n is not None and len(codes) != n:
        raise InvalidCardError(f"expected {n} cards, got {len(codes)} in {quote(cards)}")
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
        raise InvalidCardError(
            f"{what} must be card text or a sequence of cards, got {quote(cards)}"
        )
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
    return _CARD_TEXT[code if type(code) is int and 0 <= code <= 51 else _as_code(code)]


def format_cards(codes: Iterable[int], sep: str = "") -> str:
    """Return the canonical text of card codes, joined by ``sep``.

    Raises
    ------
    InvalidCardError
        If a code is not an integer 0..51.
    """
    return sep.join(
        [_CARD_TEXT[c if type(c) is int and 0 <= c <= 51 else _as_code(c)] for c in codes]
    )


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


# ------------------------------------------------- many texts at once

NO_CARD = 255
"""The padding code in card arrays: no card in this slot."""

_NOT_ASCII = -2  # _cardtext: a byte over 127, for parse_cards to decide


def _check_max_cards(max_cards: int) -> None:
    if isinstance(max_cards, bool) or not isinstance(max_cards, int) or not 0 <= max_cards <= 52:
        raise ArgumentError(f"max_cards must be an integer 0..52, got {quote(max_cards)}")


def _is_arrow(texts: object) -> bool:
    """Whether texts is a pyarrow array (without importing pyarrow for other inputs)."""
    module = type(texts).__module__
    return module.startswith("pyarrow")


def parse_cards_array(
    texts: Any, max_cards: int = 7
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int8]]:
    """Parse many card texts at once, without a Python loop per text.

    The vectorized form of :func:`parse_cards` for text: the same notation
    (cards run together or separated by spaces or commas, either case,
    ``10`` for ``T``; docs/rules.md §1) and the same notion of a bad text,
    reported per row instead of raised. The text is read by compiled code
    straight from the buffers of a NumPy or Arrow array; only a text holding
    a non-ASCII character goes through :func:`parse_cards` (which reads
    Unicode whitespace as a separator and names the bad character).

    Parameters
    ----------
    texts : array of shape (n,)
        One card text per row, e.g. ``"AsKd7h2c"`` or ``b"As Kd 7h 2c"``: a
        NumPy ``str`` or ``bytes`` array, a sequence of ``str`` or ``bytes``,
        or a pyarrow string or binary array (``ChunkedArray``, large,
        view and dictionary types too).
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
        for the message naming the bad value), the row has more than
        ``max_cards`` cards, or an Arrow entry is null.

    Raises
    ------
    TypeError
        If ``texts`` is not text.
    ValueError
        If ``texts`` is not one-dimensional or ``max_cards`` is outside 0..52.

    Notes
    -----
    A NumPy ``S`` or ``U`` array drops NUL characters at the end of a text
    (they are its padding); a sequence or an Arrow array keeps them, and a
    NUL is not a card.

    Examples
    --------
    >>> codes, counts = parse_cards_array(["AsKd", "10h jc 2C", "AsAs", "Xx"], max_cards=3)
    >>> codes.tolist(), counts.tolist()
    ([[51, 45, 255], [34, 36, 0], [255, 255, 255], [255, 255, 255]], [2, 3, -1, -1])
    """
    import numpy as np

    _check_max_cards(max_cards)
    if _is_arrow(texts):
        return _parse_arrow(texts, max_cards)
    if isinstance(texts, np.ndarray):
        return _parse_numpy(texts, max_cards)
    items = list(texts)
    kinds = set(map(type, items))
    if not (kinds <= {str} or kinds <= {bytes}):
        bad = next((t for t in items if not isinstance(t, str | bytes)), None)
        if bad is not None:
            raise ArgumentTypeError(f"card texts must be str or bytes, not {quote(bad)}")
        raise ArgumentTypeError("card texts must be all str or all bytes, not a mix")
    import pyarrow as pa

    try:
        arrow = pa.array(items, pa.binary() if kinds == {bytes} else pa.string())
    except UnicodeEncodeError:  # a lone surrogate: no UTF-8 form, never a card
        arrow = pa.array([t.encode("utf-8", "replace") for t in items], pa.binary())
    return _parse_arrow(arrow, max_cards)


def _parse_numpy(arr: np.ndarray, max_cards: int) -> tuple[np.ndarray, np.ndarray]:
    import numpy as np

    from omaha import _cardtext

    if arr.ndim != 1:
        raise ArgumentError(f"texts must be one-dimensional, got shape {arr.shape}")
    n = arr.shape[0]
    codes = np.empty((n, max_cards), np.uint8)
    counts = np.empty(n, np.int8)
    if arr.dtype.kind == "S":  # non-ASCII bytes are simply not cards
        mat = np.ascontiguousarray(arr).view(np.uint8).reshape(n, arr.dtype.itemsize)
        _cardtext.parse_fixed(mat, max_cards, codes, counts)
        counts[counts < -1] = -1
        return codes, counts
    if arr.dtype.kind == "U":
        wide = np.ascontiguousarray(arr).view(np.uint32).reshape(n, arr.dtype.itemsize // 4)
        mat = np.minimum(wide, 255).astype(np.uint8)  # non-ASCII stays non-ASCII
        _cardtext.parse_fixed(mat, max_cards, codes, counts)
        _resolve_not_ascii(codes, counts, lambda i: str(arr[i]))
        return codes, counts
    if n == 0:
        return codes, counts
    raise ArgumentTypeError(f"card texts must be an array of str or bytes, not dtype {arr.dtype}")


def _parse_arrow(texts: Any, max_cards: int) -> tuple[np.ndarray, np.ndarray]:
    import numpy as np
    import pyarrow as pa

    from omaha import _cardtext

    if isinstance(texts, pa.ChunkedArray):
        parts = [_parse_arrow(chunk, max_cards) for chunk in texts.chunks]
        if not parts:
            return np.empty((0, max_cards), np.uint8), np.empty(0, np.int8)
        return np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts])
    if not isinstance(texts, pa.Array):
        raise ArgumentTypeError(
            f"card texts must be a pyarrow array of strings, not {type(texts)!r}"
        )
    kind = texts.type
    if pa.types.is_dictionary(kind):  # each distinct text is parsed once
        codes, counts = _parse_arrow(texts.dictionary, max_cards)
        index = texts.indices.to_numpy(zero_copy_only=False)
        valid = texts.is_valid().to_numpy(zero_copy_only=False)
        index = np.where(valid, index, 0).astype(np.intp)
        if codes.shape[0] == 0:
            return np.full((len(texts), max_cards), NO_CARD, np.uint8), np.full(
                len(texts), -1, np.int8
            )
        codes, counts = codes[index], np.where(valid, counts[index], -1).astype(np.int8)
        codes[~valid] = NO_CARD
        return codes, counts
    if getattr(pa.types, "is_string_view", bool)(kind) or getattr(pa.types, "is_binary_view", bool)(
        kind
    ):
        texts = texts.cast(pa.large_binary())
        kind = texts.type
    width: type[np.signedinteger[Any]]
    if pa.types.is_string(kind) or pa.types.is_binary(kind):
        width = np.int32
    elif pa.types.is_large_string(kind) or pa.types.is_large_binary(kind):
        width = np.int64
    else:
        raise ArgumentTypeError(f"card texts must be strings, not Arrow type {kind}")
    n = len(texts)
    validity, offsets_buf, data_buf = texts.buffers()[:3]
    offsets: npt.NDArray[np.signedinteger[Any]] = np.frombuffer(offsets_buf, width)
    offsets = offsets[texts.offset : texts.offset + n + 1] if n else np.zeros(1, width)
    data = np.frombuffer(data_buf, np.uint8) if data_buf is not None else np.empty(0, np.uint8)
    bits = np.frombuffer(validity, np.uint8) if validity is not None else None
    codes = np.empty((n, max_cards), np.uint8)
    counts = np.empty(n, np.int8)
    if _cardtext.parse_offsets(data, offsets, bits, texts.offset, max_cards, codes, counts):

        def text(i: int) -> str:
            raw = texts[i].as_py()
            return raw if isinstance(raw, str) else raw.decode("utf-8", "replace")

        _resolve_not_ascii(codes, counts, text)
        counts[counts < -1] = -1  # nulls
    return codes, counts


def _resolve_not_ascii(codes: np.ndarray, counts: np.ndarray, text: Any) -> None:
    """Parse the rows with non-ASCII text one by one, as :func:`parse_cards` does."""
    import numpy as np

    for i in np.flatnonzero(counts == _NOT_ASCII).tolist():
        try:
            row = parse_cards(text(i))
        except InvalidCardError:
            row = None
        if row is None or len(row) > codes.shape[1]:
            counts[i] = -1
        else:
            codes[i, : len(row)] = row
            counts[i] = len(row)


def _codes_matrix(codes: npt.ArrayLike, trusted: bool = False) -> np.ndarray:
    """Check card codes (n, k): 0..51 or NO_CARD; return them as C-contiguous uint8.

    ``trusted``: a C-contiguous uint8 array is passed on unchecked; the
    compiled formatter then reports a bad code itself.
    """
    import numpy as np

    arr = np.asarray(codes)
    if trusted and arr.dtype == np.uint8 and arr.ndim == 2 and arr.flags.c_contiguous:
        return arr
    if arr.dtype.kind not in "iu":
        raise ArgumentTypeError(
            f"codes must be an integer array of card codes, not dtype {arr.dtype}"
        )
    if arr.ndim != 2:
        raise ArgumentError(f"codes must have shape (n, k), got {arr.shape}")
    if arr.dtype != np.uint8:
        wrong = (arr < 0) | (arr > NO_CARD)
        arr = np.where(wrong, 52, arr).astype(np.uint8)
    invalid = (arr > 51) & (arr != NO_CARD)
    if invalid.any():
        row, col = (int(x[0]) for x in np.nonzero(invalid))
        value = np.asarray(codes)[row, col]
        raise InvalidCardError(f"row {row}: card code {int(value)} is outside 0..51")
    return np.ascontiguousarray(arr)


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

    arr = _codes_matrix(codes)
    n, k = arr.shape
    if k == 0:
        return np.zeros(n, "S1")
    offsets, data = _format(arr)
    chars = np.zeros((n, 2 * k), np.uint8)
    lengths = np.diff(offsets)
    full = lengths == 2 * k
    if full.all():
        chars[:] = data.reshape(n, 2 * k)
    else:  # rows with gaps: each row's text from its offsets
        cols = np.arange(2 * k)
        take = cols < lengths[:, None]
        chars[take] = data[(offsets[:-1, None] + cols)[take]]
    text: npt.NDArray[np.bytes_] = chars.view(f"S{2 * k}").reshape(n)
    return text


def format_cards_arrow(codes: npt.ArrayLike, valid: npt.ArrayLike | None = None) -> Any:
    """Return the canonical text of each row of card codes as a pyarrow string array.

    As :func:`format_cards_array`, written by compiled code straight into
    the array's buffers (no Python object per row).

    Parameters
    ----------
    codes : integer array of shape (n, k)
        Card codes 0..51, or 255 for no card.
    valid : bool array of shape (n,), optional
        False where the entry is null (for example a hand without a low).

    Returns
    -------
    pyarrow.StringArray of length n

    Raises
    ------
    InvalidCardError
        If a code is neither 0..51 nor 255.

    Examples
    --------
    >>> format_cards_arrow([[51, 45, 22], [0, 255, 255]], valid=[True, False]).to_pylist()
    ['AsKd7h', None]
    """
    import numpy as np
    import pyarrow as pa

    arr = _codes_matrix(codes, trusted=True)
    n = arr.shape[0]
    offsets, data = _format(arr)
    mask = None
    nulls = 0
    if valid is not None:
        ok = np.asarray(valid, bool)
        if ok.shape != (n,):
            raise ArgumentError(f"valid must have shape ({n},), got {ok.shape}")
        nulls = n - int(np.count_nonzero(ok))
        if nulls:
            mask = pa.py_buffer(np.packbits(ok, bitorder="little"))
    buffers = [mask, pa.py_buffer(offsets), pa.py_buffer(data)]
    return pa.Array.from_buffers(pa.string(), n, buffers, null_count=nulls)


def _format(arr: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Arrow offsets (n + 1, int32) and data (uint8) of the text of checked codes."""
    import numpy as np

    from omaha import _cardtext

    n, k = arr.shape
    offsets = np.empty(n + 1, np.int32)
    data = np.empty(2 * n * k, np.uint8)
    end = _cardtext.format_offsets(arr, offsets, data)
    if end < 0:
        _codes_matrix(arr)  # raises, naming the row and the code
    return offsets, data[:end]


def random_deals(
    n: int, hole: int = 4, board: int = 5, seed: int = 0
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """Return ``n`` seeded random deals as card-code arrays.

    Parameters
    ----------
    n : int
        Number of deals.
    hole, board : int
        Cards per hole (4 to 6) and per board (3 to 5).
    seed : int
        Seed of :func:`numpy.random.default_rng`.

    Returns
    -------
    holes : uint8 array of shape (n, hole)
    boards : uint8 array of shape (n, board)
        Each row's ``hole + board`` cards are distinct codes 0..51: the
        first ``hole + board`` cards of a uniformly shuffled deck. The same
        arguments give the same deals (what ``omaha bench`` and ``bench/``
        time).

    Raises
    ------
    ArgumentError
        If ``hole`` is not 4 to 6, ``board`` not 3 to 5, or ``n`` negative.

    Examples
    --------
    >>> holes, boards = random_deals(3, 4, 5, seed=1)
    >>> holes.shape, boards.shape, holes.dtype.name
    ((3, 4), (3, 5), 'uint8')
    >>> len(set(holes[0].tolist() + boards[0].tolist()))
    9
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ArgumentError(f"n must be a count of deals (an int >= 0), got {quote(n)}")
    if hole not in HOLE_SIZES:
        raise ArgumentError(f"hole must be 4, 5 or 6 cards, got {quote(hole)}")
    if board not in BOARD_SIZES:
        raise ArgumentError(f"board must be 3, 4 or 5 cards, got {quote(board)}")
    import numpy as np

    rng = np.random.default_rng(seed)
    k = hole + board
    deck = np.tile(np.arange(52, dtype=np.uint8), (n, 1))
    rows = np.arange(n)
    for i in range(k):  # a partial Fisher-Yates shuffle of every row at once
        j = rng.integers(i, 52, size=n)
        deck[rows, i], deck[rows, j] = deck[rows, j], deck[rows, i].copy()
    return np.ascontiguousarray(deck[:, :hole]), np.ascontiguousarray(deck[:, hole:k])
