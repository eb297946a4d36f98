"""Tables of deals: card columns -> code arrays -> the kernel -> result columns.

The one layer through which every tabular path evaluates hands: ``omaha
eval`` (by way of :mod:`omaha.files.pipeline`), :func:`evaluate_frame` on pandas,
pyarrow and polars frames, and the Dask partitions of :mod:`omaha.dask`.
Columns are Apache Arrow arrays. Card text is parsed by compiled code
straight from the Arrow buffers (:func:`omaha.cards.parse_cards_array`),
every row is validated once by the compiled kernel that selects the hands
(:func:`omaha.evaluator.select_batch`'s kernel), and the result text is
written by compiled code (:func:`omaha.cards.format_cards_arrow`) or comes
from dictionaries of the 7,462 high and 56 low names, so no Python code runs
per row except for the rows that are rejected (to say why).

The result columns (:data:`RESULT_COLUMNS`) follow docs/rules.md §2 (the
best high hand, exactly two hole and three board cards) and §3 (the best
eight-or-better low); their cards are in ranking order.

Examples
--------
>>> import pyarrow as pa
>>> deals = pa.table({"hole": ["AhKsKd4c", "AsKd7h2c"], "board": ["2sKh8d5cAd", "2hKh8d5sAc"]})
>>> out = evaluate_frame(deals)
>>> out.column("hi_name").to_pylist()
['Three of a kind, kings', 'Two pair, aces and kings']
>>> out.column("lo_cards").to_pylist()
['8d5c4c2sAh', '8d7h5s2cAc']
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from omaha.cards import BOARD_SIZES, HOLE_SIZES, NO_CARD, parse_cards, require_distinct
from omaha.errors import ArgumentError, ColumnError, ColumnTypeError, InvalidCardError, quote
from omaha.files._arrow import int64_values, valid_mask

if TYPE_CHECKING:
    import numpy as np
    import pyarrow as pa

__all__ = [
    "CARD_COLUMNS",
    "Evaluated",
    "RESULT_COLUMNS",
    "evaluate_columns",
    "evaluate_frame",
    "find_columns",
]

RESULT_COLUMNS = (
    "hi_strength",
    "hi_category",
    "hi_name",
    "hi_cards",
    "lo_strength",
    "lo_name",
    "lo_cards",
)
"""The result columns, in order: the high hand's strength (1..7462), category
(``HandCategory`` name), name and five cards in ranking order; the low's
strength (1..56), name and cards, null where there is no eight-or-better low."""

CARD_COLUMNS = ("hi_cards", "lo_cards")
"""The result columns of card text: nearly every value distinct (a writer
gives them no dictionary or statistics, see :func:`omaha.files.writer.open_writer`)."""

REASON_COLUMN = "reason"
"""With ``errors="coerce"``: why a row was rejected (null for a good row)."""

_MAX_HOLE = max(HOLE_SIZES)
_MAX_BOARD = max(BOARD_SIZES)

# Row status: the kernel's codes (omaha._eval ROW_*), then the text's.
_ROW_HOLE_COUNT, _ROW_BOARD_COUNT, _ROW_CODE, _ROW_DUPLICATE = 1, 2, 3, 4
_HOLE_TEXT, _BOARD_TEXT, _HOLE_NULL, _BOARD_NULL = 16, 17, 18, 19


@dataclass(frozen=True)
class Evaluated:
    """One batch of deals, evaluated (:func:`evaluate_columns`)."""

    columns: pa.RecordBatch
    """The :data:`RESULT_COLUMNS`, one row per input row (null on rejected rows)."""
    rejected: np.ndarray
    """int64 (m,): the indices of the rejected rows, ascending."""
    reasons: list[str]
    """Why each rejected row was rejected, as ``rejected``."""


@functools.cache
def _dictionaries() -> tuple[np.ndarray, pa.Array, pa.Array, pa.Array]:
    """Build the names of the values, as Arrow dictionaries.

    Returns ``(name_of, hi_names, categories, lo_names)``: ``hi_names`` holds
    each distinct high name once (kickers are not named, so several
    strengths share one), ``name_of[strength]`` is its index there;
    ``lo_names[strength - 1]`` is a low's name.
    """
    import numpy as np

    from omaha.files._arrow import strings
    from omaha.ranks import HandCategory, hi_name, lo_name

    names = [hi_name(s) for s in range(1, 7463)]
    distinct = list(dict.fromkeys(names))
    index = {name: i for i, name in enumerate(distinct)}
    name_of = np.array([0, *(index[name] for name in names)], np.uint16)
    hi = strings(distinct)
    category = strings([c.name for c in HandCategory])
    lo = strings([lo_name(s) for s in range(1, 57)])
    return name_of, hi, category, lo


def find_columns(names: list[str], hole: str, board: str) -> tuple[Any, Any]:
    """Locate the hole and board columns among ``names``.

    A name matches the wanted one ignoring case and surrounding spaces
    (``"Hole "`` is ``hole``). Without a text column, the code columns
    ``{hole}0``, ``{hole}1``, ... (and ``{board}0``, ...) are used.

    Returns
    -------
    tuple
        For each of hole and board, the matching column name (``str``) or the
        list of code column names.

    Raises
    ------
    ColumnError
        If neither a text column nor code columns are present (the message
        names the column and the header).
    """

    def norm(name: str) -> str:
        return name.strip().lower()

    by_name: dict[str, str] = {}
    for name in names:
        by_name.setdefault(norm(name), name)

    def locate(want: str, sizes: tuple[int, ...]) -> Any:
        if norm(want) in by_name:
            return by_name[norm(want)]
        codes = []
        for k in range(max(sizes)):
            if f"{norm(want)}{k}" not in by_name:
                break
            codes.append(by_name[f"{norm(want)}{k}"])
        if len(codes) >= min(sizes):
            return codes
        raise ColumnError(
            f"no column {want!r} (card text) or {want}0, {want}1, ... (card codes) in the "
            f"header {names!r}"
        )

    return locate(hole, HOLE_SIZES), locate(board, BOARD_SIZES)


def _as_arrow(column: Any) -> Any:
    """Return a column as a pyarrow Array or ChunkedArray (NumPy and pandas too)."""
    import pyarrow as pa

    if isinstance(column, pa.Array | pa.ChunkedArray):
        return column
    for attempt in range(2):
        try:
            return pa.array(column, from_pandas=True)
        except (pa.ArrowInvalid, pa.ArrowTypeError, TypeError) as exc:  # mixed or unknown values
            raise ColumnTypeError(f"a column Arrow cannot read: {exc}") from None
        except UnicodeEncodeError:  # a lone surrogate ('\ud800'): text no file can hold
            if attempt:
                raise ColumnTypeError("a column of text Arrow cannot encode") from None
            # Written with the surrogate escaped, the text is bad card text: its row is
            # refused (or coerced) naming it, like any other malformed card.
            column = [_escaped(v) for v in column]
    raise AssertionError("unreachable")  # pragma: no cover


def _escaped(value: Any) -> Any:
    r"""Return text with lone surrogates written as escapes (``\ud800``); else the value."""
    if isinstance(value, str):
        return value.encode("utf-8", "backslashreplace").decode("utf-8")
    return value


def _code_columns(columns: list[Any], width: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Card codes from integer columns: ``(codes (n, width), counts (n,), bad (n,))``.

    A row's cards are its leading non-null entries; a code outside 0..51,
    a gap, or a column that is not integers makes the row bad.
    """
    import numpy as np
    import pyarrow as pa

    n = len(columns[0])
    codes = np.full((n, width), NO_CARD, np.uint8)
    counts = np.zeros(n, np.int8)
    bad = np.zeros(n, bool)
    ended = np.zeros(n, bool)
    for k, column in enumerate(columns):
        arr = _as_arrow(column)
        if pa.types.is_null(arr.type):  # a column of no cards (a flop without turns)
            arr = pa.nulls(len(arr), pa.int8())
        if pa.types.is_string(arr.type) or pa.types.is_large_string(arr.type):
            arr = _codes_of_text(arr)  # CSV and TSV hold every field as text
        if not pa.types.is_integer(arr.type):
            raise ColumnTypeError(f"card code columns must hold integers, not {arr.type}")
        mask = valid_mask(arr)
        valid = np.ones(len(arr), bool) if mask is None else mask
        values = int64_values(arr)
        bad |= valid & ((values < 0) | (values > 51))
        bad |= valid & ended  # a code after a missing one
        ended |= ~valid
        codes[:, k] = np.where(valid & ~bad, values, NO_CARD).astype(np.uint8)
        counts += valid.astype(np.int8)
    return codes, counts, bad


def _codes_of_text(arr: Any) -> Any:
    """Read card codes written as text (``"51"``, as CSV holds them): int16, nulls kept.

    An empty field is no card (null); a field that is not 1 to 3 ASCII digits
    becomes 999, a code outside 0..51, so that its row is refused as such.
    """
    import pyarrow as pa
    import pyarrow.compute as pc

    text = pc.utf8_trim_whitespace(arr)
    digits = pc.match_substring_regex(text, "^[0-9]{1,3}$")
    empty = pc.equal(text, "")
    read = pc.if_else(digits, text, pa.scalar("999"))
    codes = pc.cast(read, pa.int16())
    return pc.if_else(empty, pa.scalar(None, pa.int16()), codes)


def _card_codes(
    cards: Any, width: int, name: str
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray | None]:
    """Codes, counts, unreadable rows and null rows (text only) of a text column or code columns.

    ``name`` (``hole``, ``board``) goes into a :class:`ColumnTypeError`.
    """
    try:
        if isinstance(cards, list):
            return (*_code_columns(cards, width), None)
        codes, counts, null = _text_column(cards, width)
    except ColumnTypeError as exc:
        raise ColumnTypeError(f"{name} column: {exc}") from None
    return codes, counts, counts < 0, null


def _text_column(column: Any, width: int) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """Card codes from a text column: ``(codes, counts, nulls)``; counts -1 for bad text."""
    import pyarrow as pa

    from omaha.cards import parse_cards_array

    arr = _as_arrow(column)
    if len(arr) == 0 or pa.types.is_null(arr.type):  # pandas makes an empty column floats
        arr = arr.cast(pa.string())
    try:
        codes, counts = parse_cards_array(arr, max_cards=width)  # more cards: -1, as bad text
    except TypeError as exc:  # not text
        raise ColumnTypeError(str(exc)) from None
    valid = valid_mask(arr)
    return codes, counts, None if valid is None else ~valid


def _text_of(column: Any, row: int) -> str:
    value = column[row].as_py() if hasattr(column[row], "as_py") else column[row]
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return str(value)


def evaluate_columns(hole: Any, board: Any, threads: int = 1) -> Evaluated:
    """Evaluate deals given as columns of card text or card codes.

    Parameters
    ----------
    hole : array of n texts, or list of integer arrays
        Hole cards (4 to 6 per row): a pyarrow string array (any string
        type, chunked or dictionary-encoded), a NumPy or pandas array of
        ``str``, or a list of integer columns ``[hole0, hole1, ...]`` of card
        codes 0..51 (null after a row's last card).
    board : as ``hole``
        Board cards (3 to 5 per row).
    threads : int, default 1
        Python threads running the compiled kernel with the GIL released.

    Returns
    -------
    Evaluated
        The result columns (null on rejected rows), the rejected row
        indices and the reason for each.

    Raises
    ------
    TypeError
        If a column holds neither text nor integers.
    ValueError
        If the columns differ in length or ``threads`` < 1.
    """
    import numpy as np

    from omaha import _eval
    from omaha._threads import run_rows

    holes, hole_n, hole_bad, hole_null = _card_codes(hole, _MAX_HOLE, "hole")
    boards, board_n, board_bad, board_null = _card_codes(board, _MAX_BOARD, "board")
    n = holes.shape[0]
    if boards.shape[0] != n:
        raise ColumnError(f"the hole column has {n} rows but the board column {boards.shape[0]}")
    status = np.zeros(n, np.uint8)
    for rows, code in (
        (board_bad, _BOARD_TEXT),
        (hole_bad, _HOLE_TEXT),
        (board_null, _BOARD_NULL),
        (hole_null, _HOLE_NULL),
    ):
        if rows is not None and rows.any():  # a masked store costs a pass even when empty
            status[rows] = code
    hi = np.empty(n, np.uint16)
    category = np.empty(n, np.uint8)
    hi_cards = np.empty((n, 5), np.uint8)
    lo = np.empty(n, np.uint8)
    lo_cards = np.empty((n, 5), np.uint8)
    run_rows(
        lambda start, stop: _eval.select_rows(
            holes,
            hole_n,
            boards,
            board_n,
            hi,
            category,
            hi_cards,
            lo,
            lo_cards,
            status,
            start,
            stop,
        ),
        n,
        threads,
    )
    good = status == 0
    rejected = np.flatnonzero(~good)
    reasons = [
        _reason(int(status[i]), hole, board, int(i), holes, hole_n, boards, board_n)
        for i in rejected
    ]
    return Evaluated(_result_batch(hi, category, hi_cards, lo, lo_cards, good), rejected, reasons)


def _result_batch(
    hi: np.ndarray,
    category: np.ndarray,
    hi_cards: np.ndarray,
    lo: np.ndarray,
    lo_cards: np.ndarray,
    good: np.ndarray,
) -> pa.RecordBatch:
    import pyarrow as pa

    from omaha.cards import format_cards_arrow
    from omaha.files._arrow import from_numpy

    name_of, hi_names, categories, lo_names = _dictionaries()
    has_low = lo != 0
    hi_valid = None if good.all() else good
    u8, u16 = pa.uint8(), pa.uint16()
    columns = [
        from_numpy(hi, u16, hi_valid),
        pa.DictionaryArray.from_arrays(from_numpy(category, u8, hi_valid), categories),
        pa.DictionaryArray.from_arrays(from_numpy(name_of[hi], u16, hi_valid), hi_names),
        format_cards_arrow(hi_cards, hi_valid),
        from_numpy(lo, u8, has_low),
        pa.DictionaryArray.from_arrays(from_numpy(lo - has_low, u8, has_low), lo_names),
        format_cards_arrow(lo_cards, has_low),
    ]
    return pa.RecordBatch.from_arrays(columns, names=list(RESULT_COLUMNS))


def _reason(
    status: int,
    hole: Any,
    board: Any,
    row: int,
    holes: np.ndarray,
    hole_n: np.ndarray,
    boards: np.ndarray,
    board_n: np.ndarray,
) -> str:
    """Say why a row was rejected (the rare path: one row at a time)."""
    from omaha.cards import format_cards

    def text(column: Any, codes: np.ndarray, count: int) -> str:
        if isinstance(column, list):
            return format_cards(int(c) for c in codes[:count])
        return _text_of(_as_arrow(column), row)

    if status == _HOLE_NULL:
        return "missing 'hole'"
    if status == _BOARD_NULL:
        return "missing 'board'"
    if status in (_HOLE_TEXT, _BOARD_TEXT):
        which, column = ("hole", hole) if status == _HOLE_TEXT else ("board", board)
        if isinstance(column, list):
            values = [_as_arrow(c)[row].as_py() for c in column]
            return (
                f"{which}: a card code outside 0..51, or a missing code before the last:"
                f" {quote(values)}"
            )
        value = _text_of(_as_arrow(column), row)
        try:
            count = len(parse_cards(value))
        except InvalidCardError as exc:
            return f"{which}: {exc}"
        sizes = HOLE_SIZES if which == "hole" else BOARD_SIZES
        return f"{which} needs {min(sizes)} to {max(sizes)} cards, got {count}: {value!r}"
    h = text(hole, holes[row], int(hole_n[row]))
    b = text(board, boards[row], int(board_n[row]))
    if status == _ROW_HOLE_COUNT:
        return f"hole needs 4 to 6 cards, got {int(hole_n[row])}: {h!r}"
    if status == _ROW_BOARD_COUNT:
        return f"board needs 3 to 5 cards, got {int(board_n[row])}: {b!r}"
    try:
        require_distinct(
            [(f"in hole {h!r}", holes[row, : hole_n[row]].tolist()),
             (f"on board {b!r}", boards[row, : board_n[row]].tolist())]
        )  # fmt: skip
    except InvalidCardError as exc:
        return str(exc)
    return f"invalid cards: hole {h!r}, board {b!r}"  # pragma: no cover


Errors = Literal["raise", "coerce"]


def evaluate_frame(
    frame: Any,
    hole: str = "hole",
    board: str = "board",
    columns: list[str] | tuple[str, ...] | None = None,
    errors: Errors = "raise",
    threads: int = 1,
    replace: bool = False,
) -> Any:
    """Evaluate every deal of a frame and append the result columns.

    Parameters
    ----------
    frame : pandas.DataFrame, pyarrow.Table, pyarrow.RecordBatch or polars.DataFrame
        One deal per row: a column of hole card text and one of board card
        text (``"AhKsKd4c"``, ``"As Kd 7h 2c"``, ...; docs/rules.md §1), or
        integer code columns ``hole0..hole3`` (up to ``hole5``) and
        ``board0..board4`` (nulls after a flop or turn).
    hole, board : str, default "hole", "board"
        The column names (matched ignoring case and surrounding spaces).
    columns : sequence of str, optional
        Which of :data:`RESULT_COLUMNS` to append (default: all, in order).
    errors : {"raise", "coerce"}, default "raise"
        On a bad row (malformed text, a wrong number of cards, a card twice):
        raise, or give that row null results and a ``reason`` column.
    threads : int, default 1
        Python threads running the compiled kernel.
    replace : bool, default False
        An input column named like a result column (``hi_strength``, or
        ``reason`` with ``errors="coerce"``) is replaced by the result;
        without it, such a column is a :class:`~omaha.ColumnError` naming it.

    Returns
    -------
    The same kind of frame
        The input's columns, then the result columns (high: strength 1..7462,
        the category name, the hand's name, its five cards in ranking order;
        low: strength 1..56, name, cards; the low is null where there is no
        eight-or-better low). Names are categorical (dictionary) columns.

    Raises
    ------
    InvalidCardError
        With ``errors="raise"``, the first bad row: its index (the pandas
        index label) and the reason.
    ValueError
        An unknown result column, ``errors`` value, or ``threads`` < 1
        (:class:`~omaha.ArgumentError`); missing card columns, or an input
        column named like a result column without ``replace``
        (:class:`~omaha.ColumnError`, naming the column).
    TypeError
        If ``frame`` is not one of the kinds above, or a card column holds
        neither text nor integers.

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"hole": ["AhKsKd4c", "AsXs7h2c"], "board": ["2sKh8d5cAd"] * 2})
    >>> out = evaluate_frame(df, errors="coerce", columns=["hi_name"])
    >>> out["hi_name"][0], out["hi_name"].isna().tolist()
    ('Three of a kind, kings', [False, True])
    >>> out["reason"][1]
    "hole: malformed card 'Xs' in 'AsXs7h2c'"
    """
    import pyarrow as pa

    wanted = list(RESULT_COLUMNS) if columns is None else list(columns)
    unknown = [c for c in wanted if c not in RESULT_COLUMNS]
    if unknown:
        raise ColumnError(f"unknown result columns {unknown!r}; choose from {RESULT_COLUMNS}")
    if errors not in ("raise", "coerce"):
        raise ArgumentError(f"errors must be 'raise' or 'coerce', got {errors!r}")
    kind = _frame_kind(frame)
    get: Callable[[str], Any]
    if kind == "pandas":
        names = [str(c) for c in frame.columns]
        get = frame.__getitem__
    elif kind == "polars":
        names = list(frame.columns)

        def get(name: str) -> Any:
            return frame[name].to_arrow()
    else:
        names = list(frame.schema.names)
        get = frame.column
    hole_col, board_col = find_columns(names, hole, board)
    outputs = [*wanted, *([REASON_COLUMN] if errors == "coerce" else [])]
    clash = [n for n in names if n in outputs]
    if clash and not replace:
        raise ColumnError(result_clash(clash))
    frame = _without(frame, kind, clash)
    h = [get(c) for c in hole_col] if isinstance(hole_col, list) else get(hole_col)
    b = [get(c) for c in board_col] if isinstance(board_col, list) else get(board_col)
    result = evaluate_columns(h, b, threads=threads)
    if errors == "raise" and result.rejected.size:
        row = int(result.rejected[0])
        label = frame.index[row] if kind == "pandas" else row
        raise InvalidCardError(f"row {label!r}: {result.reasons[0]}")
    out = result.columns.select(wanted)
    if errors == "coerce":
        reasons: list[str | None] = [None] * out.num_rows
        for i, why in zip(result.rejected.tolist(), result.reasons, strict=True):
            reasons[i] = why
        out = out.append_column(REASON_COLUMN, pa.array(reasons, pa.string()))
    return _attach(frame, kind, out)


def result_clash(clash: list[str]) -> str:
    """Return the message for input columns named like result columns (:func:`evaluate_frame`)."""
    names = ", ".join(map(repr, clash))
    return (
        f"the input has a column named like a result column ({names}): rename it, or ask"
        " for the result to replace it (replace=True; omaha eval --replace)"
    )


def _frame_kind(frame: Any) -> str:
    module = type(frame).__module__
    if module.startswith("pandas"):
        return "pandas"
    if module.startswith("polars"):
        return "polars"
    import pyarrow as pa

    if isinstance(frame, pa.Table):
        return "table"
    if isinstance(frame, pa.RecordBatch):
        return "batch"
    raise ColumnTypeError(
        "frame must be a pandas DataFrame, a pyarrow Table or RecordBatch, or a polars "
        f"DataFrame, not {type(frame).__name__}"
    )


def _without(frame: Any, kind: str, names: list[str]) -> Any:
    """Return the frame without the named columns (the frame itself when there are none)."""
    if not names:
        return frame
    if kind == "pandas":
        return frame.drop(columns=[c for c in frame.columns if str(c) in names])
    if kind == "polars":
        return frame.drop(names)
    return frame.drop_columns(names)


def _attach(frame: Any, kind: str, out: pa.RecordBatch) -> Any:
    """Append the result columns to the frame, keeping its kind."""
    import pyarrow as pa

    if kind == "pandas":
        import pandas as pd

        mapper = {pa.uint8(): pd.UInt8Dtype(), pa.uint16(): pd.UInt16Dtype()}.get
        extra = out.to_pandas(types_mapper=mapper)
        extra.index = frame.index
        result = frame.copy(deep=False)
        for name in extra.columns:
            result[name] = extra[name]
        return result
    if kind == "polars":
        import polars as pl

        columns: Any = pl.from_arrow(pa.Table.from_batches([out]))
        return frame.hstack(columns.get_columns())
    table = frame
    for name in out.schema.names:
        table = table.append_column(name, out.column(name))
    return table
