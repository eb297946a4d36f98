"""Evaluate a file of deals into a file of results, streaming (what ``omaha eval`` runs).

Reading is :mod:`omaha.files.readers`', writing :mod:`omaha.files.writer`'s
(Arrow both), evaluation :mod:`omaha.files.tabular`'s: file -> batches ->
:func:`omaha.files.tabular.evaluate_columns` -> batches -> file, in bounded
memory whatever the size of the input.

The output holds the input's columns other than the hole and board (an
``id`` of 1-based row numbers first when the input has no ``id`` column;
a row whose ``id`` is missing gets its row number), then
:data:`omaha.files.tabular.RESULT_COLUMNS`, unless ``columns`` names others.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from omaha.errors import BadRowError, ColumnError, TableFormatError
from omaha.files._arrow import empty_text, from_numpy, valid_mask
from omaha.files.formats import TEXT_FORMATS, format_of, is_json_text
from omaha.files.readers import RejectedRow, open_reader
from omaha.files.tabular import (
    CARD_COLUMNS,
    RESULT_COLUMNS,
    evaluate_columns,
    find_columns,
    result_clash,
)
from omaha.files.writer import open_writer

if TYPE_CHECKING:
    import numpy as np
    import pyarrow as pa

    from omaha.files.readers import Chunk
    from omaha.files.writer import TableWriter

__all__ = [
    "ChunkEvaluator",
    "EvaluatedChunk",
    "ID",
    "RunStats",
    "evaluate_file",
    "write_rejects",
]

ID = "id"
"""The column of row identifiers: passed through, or made of 1-based row numbers."""


@dataclass
class RunStats:
    """What a run did."""

    rows: int
    """Rows evaluated and written."""
    rejected: int
    """Rows rejected (skipped with ``skip_invalid``)."""
    seconds: float
    """Wall time of the run."""


RejectSink = Callable[[RejectedRow], None]


def evaluate_file(
    source: str,
    output: str = "-",
    *,
    input_format: str | None = None,
    output_format: str | None = None,
    codec: str | None = None,
    compression_level: int | None = None,
    columns: Sequence[str] | None = None,
    hole: str = "hole",
    board: str = "board",
    skip_invalid: bool = False,
    rejects: str | RejectSink | None = None,
    threads: int = 1,
    chunk_rows: int = 65_536,
    progress: Callable[[int, int], None] | None = None,
    replace: bool = False,
) -> RunStats:
    """Evaluate every deal of a table file and write the results.

    Parameters
    ----------
    source : str
        The input file (``-`` for standard input): CSV or TSV with a header,
        JSON Lines, Parquet or Arrow, compressed or not (see
        :func:`omaha.files.readers.open_reader`).
    output : str, default "-"
        The output file (``-`` for standard output); written to a temporary
        file beside it and renamed when complete.
    input_format, output_format : str, optional
        One of :data:`omaha.files.formats.FORMATS`; by default from the file names
        (standard output, or a name without an extension: the input's format
        if it is text, else CSV).
    codec : str, optional
        ``"gzip"``, ``"bz2"`` or ``"zstd"`` for a text output (by default
        from the output's name).
    compression_level : int, optional
        The codec's level (gzip and bz2 1..9, zstd 1..22); by default the
        fastest for gzip and zstd (:data:`omaha.files.writer.DEFAULT_LEVELS`).
    columns : sequence of str, optional
        The output columns, in order: input columns (``id``, ``hole``, any
        other) and result columns. By default every input column but the
        hole and board, then :data:`omaha.files.tabular.RESULT_COLUMNS`.
    hole, board : str, default "hole", "board"
        The card columns (matched ignoring case and surrounding spaces), or
        the prefixes of code columns (``hole0``, ``hole1``, ...).
    skip_invalid : bool, default False
        Skip a row that cannot be evaluated instead of stopping.
    rejects : str or callable, optional
        With ``skip_invalid``, where each rejected row goes: a file name
        (columns ``line``, ``row``, ``reason``, ``hole``, ``board``; the
        format from its extension, CSV by default) or a function called
        with each :class:`omaha.files.readers.RejectedRow`.
    threads : int, default 1
        Threads for the kernel (and for Arrow's readers when more than one).
        Whatever the number, the input is read ahead and the output written
        behind on a thread each (see :class:`omaha.files.writer.TableWriter`).
    chunk_rows : int, default 65,536
        Rows per batch.
    progress : callable, optional
        Called after each batch with ``(rows done, input bytes read)``.
    replace : bool, default False
        An input column named like a result column (``hi_strength``) is
        left out and the result written in its place; without it, such a
        column is a :class:`~omaha.ColumnError` naming it.

    Returns
    -------
    RunStats

    Raises
    ------
    BadRowError
        Without ``skip_invalid``, the first row that cannot be evaluated
        (rows before it were written to standard output; a file output is
        not created).
    ColumnError
        A column of ``columns`` that neither the input nor the results have,
        or (without ``replace``) an input column named like a result column.
    TableFormatError
        An unknown format or extension, an input that is not of its format,
        or one without the card columns.
    OSError
        If a file cannot be read or written (a full disk).
    """
    started = time.perf_counter()
    reader = open_reader(source, input_format, chunk_rows=chunk_rows, threads=threads)
    try:
        fmt = output_format
        if fmt is None and format_of(output, writing=True)[0] is None:
            # Standard output or a name without an extension: the input's format if
            # it is text, else CSV.
            fmt = reader.format if reader.format in TEXT_FORMATS else "csv"
        writer = open_writer(
            output,
            fmt,
            codec,
            plain_columns=CARD_COLUMNS,
            distinct_columns=(ID,),
            compression_level=compression_level,
        )
    except BaseException:
        reader.close()
        raise
    sink: RejectSink | None = None
    reject_writer: _RejectFile | None = None
    if callable(rejects):
        sink = rejects
    elif rejects is not None:
        reject_writer = _RejectFile(rejects)
        sink = reject_writer.add
    done = skipped = 0
    evaluator = ChunkEvaluator(
        reader.format, hole=hole, board=board, columns=columns, threads=threads, replace=replace
    )
    try:
        for chunk in (c for piece in reader for c in piece.split(chunk_rows)):
            good, numbers, bad = evaluator(chunk)
            if bad and not skip_invalid:
                first = bad[0]
                if good is not None:
                    before = int((numbers < first.row).sum())
                    if before:
                        writer.write(good.slice(0, before))
                raise BadRowError(first)
            for row in bad:
                if sink is not None:
                    sink(row)
            skipped += len(bad)
            if good is not None and good.num_rows:
                writer.write(good)
                done += good.num_rows
            if progress is not None:
                progress(done + skipped, reader.bytes_read)
        if done == 0:  # the columns of the output (and their types) whatever the size
            writer.write(evaluator.no_rows())
        writer.close()
        if reject_writer is not None:
            reject_writer.close()
    except BaseException:
        writer.abort()
        if reject_writer is not None:
            reject_writer.abort()
        raise
    finally:
        reader.close()
    return RunStats(done, skipped, time.perf_counter() - started)


class EvaluatedChunk(NamedTuple):
    """What :class:`ChunkEvaluator` makes of a chunk."""

    good: pa.RecordBatch | None
    """The output rows of the chunk's good rows (the output columns), or None if none is good."""
    rows: np.ndarray
    """int64 (good rows,): their 1-based row numbers."""
    rejected: list[RejectedRow]
    """The chunk's rows that cannot be evaluated, in row order."""


class ChunkEvaluator:
    """Evaluates the chunks of one input, one after another, into output rows.

    What :func:`evaluate_file` and :func:`omaha.dask.evaluate_files` share:
    which columns hold the cards and which columns go out (the layout) is
    found in the first chunk that has columns, and kept.

    Parameters
    ----------
    fmt : str
        The input's format (one of :data:`omaha.files.formats.FORMATS`): in CSV and
        TSV an empty card field is no cards rather than a missing value.
    hole, board, columns, threads, replace
        As in :func:`evaluate_file`.

    Raises
    ------
    ColumnError
        (when called) A column of ``columns`` the input and the results lack,
        a card column missing from a later chunk, or (without ``replace``)
        an input column named like a result column.
    TableFormatError
        (when called) An input without the card columns.

    Examples
    --------
    >>> import numpy as np, pyarrow as pa
    >>> from omaha.files.readers import Chunk
    >>> batch = pa.record_batch({"hole": ["AsKsQsJs", "As"], "board": ["Ts9s8s2d3c"] * 2})
    >>> e = ChunkEvaluator("csv", columns=["id", "hi_name"])
    >>> good, rows, rejected = e(Chunk(batch, np.arange(1, 3), None))
    >>> good.to_pylist()
    [{'id': 1, 'hi_name': 'Straight flush, queen high'}]
    >>> [(r.row, r.reason) for r in rejected]
    [(2, "hole needs 4 to 6 cards, got 1: 'As'")]
    """

    def __init__(
        self,
        fmt: str,
        *,
        hole: str = "hole",
        board: str = "board",
        columns: Sequence[str] | None = None,
        threads: int = 1,
        replace: bool = False,
    ) -> None:
        self.format = fmt
        self._hole, self._board, self._columns = hole, board, columns
        self._replace = replace
        self.threads = threads
        self._layout: _Layout | None = None
        self._input: pa.Schema | None = None  # the first chunk's columns

    @property
    def names(self) -> list[str]:
        """The output's columns (before the first chunk with columns: those of an empty input)."""
        layout = self._layout
        if layout is None:
            layout = _Layout([], self._hole, self._board, self._columns, True)
        return layout.names

    def __call__(self, chunk: Chunk) -> EvaluatedChunk:
        """Evaluate ``chunk`` (:class:`omaha.files.readers.Chunk`)."""
        if self._layout is None:
            if chunk.batch.num_columns == 0:  # nothing readable yet
                return EvaluatedChunk(None, chunk.rows[:0], list(chunk.rejected))
            names = list(chunk.batch.schema.names)
            self._layout = _Layout(
                names, self._hole, self._board, self._columns, replace=self._replace
            )
            self._input = chunk.batch.schema
        return EvaluatedChunk(*_evaluate(chunk, self._layout, self.threads, self.format))

    def no_rows(self) -> pa.RecordBatch:
        """Return the output of no rows: the columns and types a row would have.

        The input's columns keep their types (text when the input had no
        rows to say: a header-only CSV, an empty file).
        """
        import numpy as np
        import pyarrow as pa

        if self._input is not None and self._layout is not None:
            from omaha.files.readers import Chunk

            empty = pa.RecordBatch.from_arrays(
                [pa.array([], f.type) for f in self._input], schema=self._input
            )
            good = _evaluate(
                Chunk(empty, np.zeros(0, np.int64), None), self._layout, 1, self.format
            )[0]
            assert good is not None
            return good
        results = evaluate_columns(pa.array([], pa.string()), pa.array([], pa.string())).columns
        fields = [
            results.schema.field(n)
            if n in RESULT_COLUMNS
            else pa.field(n, pa.int64() if n == ID else pa.string())
            for n in self.names
        ]
        return pa.RecordBatch.from_arrays(
            [pa.array([], f.type) for f in fields], schema=pa.schema(fields)
        )


class _Layout:
    """Where the card columns are and which columns the output has."""

    def __init__(
        self,
        names: list[str],
        hole: str,
        board: str,
        columns: Sequence[str] | None,
        empty: bool = False,
        replace: bool = False,
    ) -> None:
        self.input = names
        if empty:
            self.hole: Any = hole
            self.board: Any = board
            cards = {hole, board}
        else:
            try:
                self.hole, self.board = find_columns(names, hole, board)
            except ColumnError as exc:  # a file without its card columns: not of its format
                raise TableFormatError(str(exc)) from None
            cards = set(self.hole if isinstance(self.hole, list) else [self.hole])
            cards |= set(self.board if isinstance(self.board, list) else [self.board])
        self.id = next((n for n in names if n.strip().lower() == ID), None)
        clash = [n for n in names if n not in cards and n in RESULT_COLUMNS]
        if clash and not replace:
            raise ColumnError(result_clash(clash))
        passthrough = [n for n in names if n not in cards and n not in clash]
        if self.id is None:
            passthrough = [ID, *passthrough]
        available = [*(n for n in [ID] if self.id is None), *passthrough, *RESULT_COLUMNS]
        available += [n for n in names if n in cards]
        if columns is None:
            self.names = [*passthrough, *RESULT_COLUMNS]
        else:
            unknown = [c for c in columns if c not in available]
            if unknown:
                raise ColumnError(f"no column {unknown[0]!r}: the columns are {available}")
            self.names = list(columns)


def _evaluate(
    chunk: Chunk, layout: _Layout, threads: int, fmt: str
) -> tuple[pa.RecordBatch | None, np.ndarray, list[RejectedRow]]:
    """Evaluate a chunk: the output batch of its good rows, their row numbers, the rejected rows.

    The rejected rows are in row order.
    """
    import numpy as np
    import pyarrow as pa

    batch = chunk.batch
    names = batch.schema.names
    missing = [c for c in layout.input if c not in names and c not in (layout.hole, layout.board)]
    if missing:  # a JSON Lines block without some key: null there
        for name in missing:
            batch = batch.append_column(name, pa.nulls(batch.num_rows, pa.string()))

    def column(which: Any) -> Any:
        if isinstance(which, list):
            return [batch.column(c) for c in which]
        return batch.column(which)

    try:
        hole, board = column(layout.hole), column(layout.board)
    except KeyError as exc:
        raise ColumnError(f"no column {exc.args[0]!r} near row {int(chunk.rows[0])}") from None
    why_not: dict[int, str] = {}
    if fmt in ("csv", "tsv"):  # an empty card field is no cards, not a missing column
        hole, board = (c if isinstance(c, list) else _empty_if_null(c) for c in (hole, board))
    if not isinstance(hole, list):
        hole = _card_text(hole, batch.schema.field(layout.hole), "hole", why_not)
    if not isinstance(board, list):
        board = _card_text(board, batch.schema.field(layout.board), "board", why_not)
    result = evaluate_columns(hole, board, threads=threads)
    rejected = list(chunk.rejected)
    reasons = [
        why_not.get(i, why) for i, why in zip(result.rejected.tolist(), result.reasons, strict=True)
    ]
    for i, why in zip(result.rejected.tolist(), reasons, strict=True):
        line = int(chunk.lines[i]) if chunk.lines is not None else None
        rejected.append(RejectedRow(int(chunk.rows[i]), line, why, _text(hole, i), _text(board, i)))
    rejected.sort(key=lambda r: r.row)
    keep = np.ones(batch.num_rows, bool)
    keep[result.rejected] = False
    if batch.num_rows and not keep.any():
        return None, chunk.rows[:0], rejected
    index = from_numpy(np.flatnonzero(keep), pa.int64()) if not keep.all() else None
    rows = chunk.rows if index is None else chunk.rows[keep]
    out = []
    fields = []  # the input's fields keep their metadata (JSON texts are marked there)
    for name in layout.names:
        if name in RESULT_COLUMNS:
            col = result.columns.column(name)
            fields.append(result.columns.schema.field(name))
        elif name == ID and layout.id is None:
            out.append(from_numpy(rows, pa.int64()))
            fields.append(pa.field(ID, pa.int64()))
            continue
        else:
            col = batch.column(name)
            f = batch.schema.field(name)
            if name == layout.id:
                col = _fill_id(col, chunk.rows, f)
                f = f.with_type(col.type)
            fields.append(f)
        out.append(col if index is None else col.take(index))
    return pa.RecordBatch.from_arrays(out, schema=pa.schema(fields)), rows, rejected


def _empty_if_null(col: Any) -> Any:
    """Give a text column with its nulls as empty strings (other columns as they are)."""
    if not col.null_count:
        return col
    import pyarrow.compute as pc

    empty = empty_text(col.type)
    return col if empty is None else pc.fill_null(col, empty)


def _card_text(col: Any, f: Any, which: str, why_not: dict[int, str]) -> Any:
    """Give a card column as text: lists of cards joined; other values null, with the reason.

    JSON Lines may give cards as a string, as a list of card strings, or (a
    bad row) as anything else; a column of mixed JSON types arrives as JSON
    texts (:data:`omaha.files.formats.JSON_TEXT`).
    """
    import json

    import numpy as np
    import pyarrow as pa

    def name_nulls() -> None:
        valid = valid_mask(col)
        for i in () if valid is None else np.flatnonzero(~valid).tolist():
            why_not.setdefault(i, f"missing {which!r}")

    t = col.type
    if pa.types.is_string(t) or pa.types.is_large_string(t) or pa.types.is_dictionary(t):
        if not is_json_text(f):
            name_nulls()
            return col
        values = [None if v is None else json.loads(v) for v in col.to_pylist()]
    elif (pa.types.is_list(t) or pa.types.is_large_list(t)) and pa.types.is_string(t.value_type):
        import pyarrow.compute as pc

        name_nulls()
        return pc.binary_join(col, " ")
    else:
        values = col.to_pylist()
    texts: list[str | None] = []
    for i, v in enumerate(values):
        if isinstance(v, str):
            texts.append(v)
        elif isinstance(v, list) and all(isinstance(c, str) for c in v):
            texts.append(" ".join(v))
        else:
            texts.append(None)
            short = repr(v) if len(repr(v)) <= 60 else repr(v)[:57] + "..."
            why_not[i] = (
                f"missing {which!r}"
                if v is None
                else f"{which} must be a string of cards, got {short}"
            )
    return pa.array(texts, pa.string())  # JSON values: a slow path already


def _text(column: Any, row: int) -> str | None:
    if isinstance(column, list):
        return " ".join(str(c[row].as_py()) for c in column if c[row].is_valid)
    value = column[row].as_py()
    return value if isinstance(value, str) or value is None else str(value)


def _fill_id(col: Any, rows: np.ndarray, f: Any) -> Any:
    """Replace each missing id by the row's number."""
    if not col.null_count:
        return col
    import pyarrow as pa
    import pyarrow.compute as pc

    numbers = from_numpy(rows, pa.int64())
    t = col.type
    if pa.types.is_integer(t):
        return pc.if_else(pc.is_null(col), numbers.cast(t), col)
    if pa.types.is_floating(t):
        return pc.if_else(pc.is_null(col), numbers.cast(t), col)
    if pa.types.is_string(t) or pa.types.is_large_string(t):
        return pc.if_else(pc.is_null(col), numbers.cast(t), col)
    if pa.types.is_null(t):
        return numbers
    return col


def write_rejects(path: str, rows: Iterable[RejectedRow]) -> int:
    """Write rejected rows to a table file: columns line, row, reason, hole, board.

    The format comes from ``path``'s extension (CSV when it names none);
    the file is written to a temporary name and renamed when complete, as
    ``omaha eval --rejects`` writes it (and the Dask runner's client).

    Parameters
    ----------
    path : str
        The file to write.
    rows : iterable of RejectedRow
        The rejected rows, in order.

    Returns
    -------
    int
        How many rows were written.

    Raises
    ------
    OSError
        The file cannot be written (nothing is left under ``path``).
    """
    sink = _RejectFile(path)
    count = 0
    try:
        for count, row in enumerate(rows, 1):  # noqa: B007
            sink.add(row)
        sink.close()
    except BaseException:
        sink.abort()
        raise
    return count


class _RejectFile:
    """Rejected rows written to a table file (columns line, row, reason, hole, board)."""

    def __init__(self, path: str) -> None:
        fmt, _ = format_of(path)
        self.writer: TableWriter = open_writer(path, fmt or "csv")
        self.rows: list[RejectedRow] = []

    def add(self, row: RejectedRow) -> None:
        self.rows.append(row)
        if len(self.rows) >= 65_536:
            self._flush()

    def _flush(self) -> None:
        import pyarrow as pa

        if not self.rows:
            return
        batch = pa.RecordBatch.from_arrays(
            [
                pa.array([r.line for r in self.rows], pa.int64()),
                pa.array([r.row for r in self.rows], pa.int64()),
                pa.array([r.reason for r in self.rows], pa.string()),
                pa.array([r.hole for r in self.rows], pa.string()),
                pa.array([r.board for r in self.rows], pa.string()),
            ],
            names=["line", "row", "reason", "hole", "board"],
        )
        self.writer.write(batch)
        self.rows = []

    def close(self) -> None:
        self._flush()
        if self.writer.rows == 0:
            self.writer.write_header(["line", "row", "reason", "hole", "board"])
        self.writer.close()

    def abort(self) -> None:
        self.writer.abort()
