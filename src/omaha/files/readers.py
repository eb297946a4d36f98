"""Reading table files as streams of chunks: CSV, TSV, JSON Lines, Parquet and Arrow.

Apache Arrow does the reading (``pyarrow.csv``, ``pyarrow.json``,
``pyarrow.parquet``, ``pyarrow.ipc``, and its gzip, bz2 and zstd codecs), in
streaming batches so that memory stays bounded whatever the size of the
file. This module adds what a pipeline needs around it:

- the line where each row starts in a text file
  (:class:`omaha.files._textio.CsvLines`), so that a rejected row is
  reported by its line; rows the reader cannot split (a wrong number of
  fields, a line of JSON Lines that is not one object) are reported, not
  dropped;
- the JSON Lines guarantees Arrow's JSON reader does not give by itself: one
  value per line, no NaN or infinity, integers kept exact, no crash on deep
  nesting (such blocks are read line by line with :mod:`json`);
- card text that is not UTF-8 read as text with U+FFFD in place of the bad
  bytes.

The format and the codec come from the name or the content
(:mod:`omaha.files.formats`).
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import math
import re
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import IO, TYPE_CHECKING, Any

from omaha._threads import ReadAhead
from omaha.errors import ArgumentError, TableFormatError
from omaha.files._arrow import text_buffers
from omaha.files.formats import (
    JSON_TEXT,
    check_format,
    format_of,
    sniff_codec,
    sniff_format,
)

if TYPE_CHECKING:
    import numpy as np
    import pyarrow as pa

__all__ = [
    "Chunk",
    "RejectedRow",
    "TableReader",
    "as_text",
    "open_parquet",
    "open_reader",
]

_BLOCK = 1 << 21  # bytes per CSV block and per read (a record may not be longer)
_MAX_COLUMNS = 10_000  # columns of a CSV file


@dataclass
class RejectedRow:
    """A row that cannot be evaluated, with where it is and why."""

    row: int
    """Its 1-based row number among the data rows (the header excluded)."""
    line: int | None
    """The line it starts on, in a text file (None for Parquet and Arrow)."""
    reason: str
    """Why it was rejected."""
    hole: str | None = None
    """Its hole text, as read (None when it could not be read)."""
    board: str | None = None
    """Its board text, as read."""

    def where(self) -> str:
        """``'line 12'`` in a text file, else ``'row 11'``."""
        return f"line {self.line}" if self.line is not None else f"row {self.row}"


@dataclass
class Chunk:
    """A batch of rows read from a table."""

    batch: pa.RecordBatch
    """The rows that could be read, every column (text columns as strings).

    In CSV and TSV an empty field is null and a quoted empty field ``""``
    an empty string, so that what Arrow's writer writes reads back the same."""
    rows: np.ndarray
    """int64 (n,): each row's 1-based row number (its default id)."""
    lines: np.ndarray | None
    """int64 (n,): the line each row starts on (text files), or None."""
    rejected: list[RejectedRow] = field(default_factory=list)
    """Rows of this part of the file that could not be read as rows."""

    def split(self, rows: int) -> Iterator[Chunk]:
        """Cut the chunk into chunks of at most ``rows`` rows (a CSV block holds many more).

        Each rejected row goes with the piece its row number falls in.

        >>> import numpy as np, pyarrow as pa
        >>> c = Chunk(pa.record_batch({"a": [1, 2, 3]}), np.arange(1, 4), None)
        >>> [p.rows.tolist() for p in c.split(2)]
        [[1, 2], [3]]
        """
        n = self.batch.num_rows
        if n <= rows:
            yield self
            return
        for start in range(0, n, rows):
            stop = min(start + rows, n)
            after = self.rows[start - 1] if start else None
            last = self.rows[stop - 1]
            rejected = [
                r
                for r in self.rejected
                if (after is None or r.row > after) and (stop == n or r.row <= last)
            ]
            lines = None if self.lines is None else self.lines[start:stop]
            batch = self.batch.slice(start, stop - start)
            yield Chunk(batch, self.rows[start:stop], lines, rejected)

    def shifted(self, offset: int) -> Chunk:
        """Add ``offset`` to the chunk's row numbers (a file after others), as a new chunk.

        >>> import numpy as np, pyarrow as pa
        >>> Chunk(pa.record_batch({"a": [1]}), np.arange(1, 2), None).shifted(10).rows.tolist()
        [11]
        """
        if not offset:
            return self
        rejected = [replace(r, row=r.row + offset) for r in self.rejected]
        return Chunk(self.batch, self.rows + offset, self.lines, rejected)


class _Tap(io.RawIOBase):
    """A readable stream over another that shows every byte read to ``watch``.

    It reads straight into the caller's buffer (Arrow's), so the text is
    never copied into Python objects on the way.
    """

    def __init__(self, stream: Any, watch: Any) -> None:
        self._stream = stream
        self._readinto = getattr(stream, "readinto", None)
        self.watch = watch
        self._stopped = False
        self.finished = False  # set by the owner once the reader has read to the end

    def readable(self) -> bool:
        return True

    def stop(self) -> None:
        """End the stream early: every later read is the end of the file.

        Arrow's CSV reader reads ahead on a thread of its own, which calls
        back into Python; a reader dropped on an error may still have such
        a read waiting for the interpreter. The wait here lets it run (and
        see the end) before the program goes on to exit: a thread that
        still wanted the interpreter at exit aborted the process.
        """
        if self._stopped or self.finished:
            self._stopped = True
            return
        self._stopped = True
        for _ in range(10):
            time.sleep(0.002)  # the interpreter free for the waiting read

    def readinto(self, buffer: Any) -> int:
        if self._stopped:
            return 0
        view = memoryview(buffer).cast("B")
        if self._readinto is not None:
            n = int(self._readinto(view) or 0)
        else:
            data = self._stream.read(len(view))
            n = len(data)
            view[:n] = data
        if n:
            self.watch(view[:n])
        return n

    def close(self) -> None:  # the owner closes the underlying stream
        pass


class _Head(io.RawIOBase):
    """A stream that first gives back bytes already read from another."""

    def __init__(self, head: bytes, rest: IO[bytes]) -> None:
        self._head = memoryview(head)
        self._rest = rest

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        view = memoryview(buffer).cast("B")
        if len(self._head):
            n = min(len(view), len(self._head))
            view[:n] = self._head[:n]
            self._head = self._head[n:]
            return n
        data = self._rest.read(len(view))
        view[: len(data)] = data
        return len(data)


def _peekable(raw: IO[bytes]) -> IO[bytes]:
    """``raw`` if it can peek (files, standard input), else a buffered stream over it that can."""
    if hasattr(raw, "peek"):
        return raw
    return io.BufferedReader(_Head(b"", raw), buffer_size=1 << 16)


def _peek(raw: IO[bytes], size: int) -> bytes:
    """Up to ``size`` bytes from the start of ``raw``, left to be read again."""
    data: bytes = getattr(raw, "peek")(size)  # noqa: B009
    while len(data) < size:  # a peek may stop at the buffer; read on until size or the end
        more = len(data)
        data = raw.peek(size)  # type: ignore[attr-defined]
        if len(data) <= more:
            break
    return data[:size]


def _decompress(raw: IO[bytes], codec: str | None, name: str) -> Any:
    """Decompress ``raw`` with the codec named, or the one its magic bytes show."""
    import pyarrow as pa

    head = _peek(raw, 4)
    sniffed = sniff_codec(head)
    if codec is not None and sniffed != codec:
        raise TableFormatError(f"{name!r} is named as {codec} but its content is not {codec}")
    codec = codec or sniffed
    if codec is None:
        return raw
    return _Decompressed(pa.CompressedInputStream(pa.PythonFile(raw, mode="r"), codec), codec, name)


class _Decompressed(io.RawIOBase):
    """A codec's stream that names the file and the line when the stream is cut or damaged.

    pyarrow says only ``Truncated compressed stream`` (or zlib's reason); the
    lines are counted as they pass, so the error says where the text stops
    (reads of at most 64 KB: what a failed read had decoded is lost).
    """

    _READ = 1 << 16

    def __init__(self, stream: Any, codec: str, name: str) -> None:
        self._stream = stream
        self._codec = codec
        self._name = name
        self._lines = 0  # line ends passed so far

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        view = memoryview(buffer).cast("B")[: self._READ]
        try:
            n = int(self._stream.readinto(view) or 0)
        except OSError as exc:
            if exc.errno is not None:  # the disk's own error: as it is
                raise
            where = f"after line {self._lines:,}" if self._lines else "within its first line"
            raise TableFormatError(
                f"{self._name!r}: the {self._codec} stream stops {where}: "
                f"the file is cut short or damaged ({exc})"
            ) from None
        self._lines += view[:n].tobytes().count(b"\n") if n else 0
        return n


class TableReader:
    """Streams a table file as :class:`Chunk` objects (see :func:`open_reader`)."""

    def __init__(
        self, path: str, fmt: str, raw: IO[bytes], stream: Any, chunk_rows: int, threads: int
    ) -> None:
        self.path = path
        self.format = fmt
        self.names: list[str] = []
        self.total_rows: int | None = None
        self._raw = raw
        self._stream = stream
        self._chunk_rows = chunk_rows
        self._threads = threads
        self._rows_seen = 0
        self._iter: Iterator[Chunk]
        self._closers: list[Any] = []
        if fmt in ("csv", "tsv"):
            chunks = self._csv()
        elif fmt == "jsonl":
            chunks = self._jsonl()
        elif fmt == "parquet":
            chunks = self._parquet()
        else:
            chunks = self._arrow()
        # The next chunk is read (parsed, decoded) on a thread while the caller
        # works on this one: the reading of columns passed through costs the
        # caller's thread nothing.
        self._ahead = ReadAhead(chunks, "omaha-read")
        self._iter = self._ahead

    @property
    def bytes_read(self) -> int:
        """Bytes of the file read so far (compressed bytes, for a compressed file)."""
        tell = getattr(self._raw, "tell", None)
        try:
            return int(tell()) if tell is not None else 0
        except OSError:
            return 0

    def __iter__(self) -> Iterator[Chunk]:
        return self._iter

    def __enter__(self) -> TableReader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the file (not standard input), once the chunk being read is done."""
        self._ahead.close()
        for closer in self._closers:
            with contextlib.suppress(Exception):
                closer()
        if self.path != "-":
            self._raw.close()

    def _numbers(self, n: int) -> np.ndarray:
        import numpy as np

        start = self._rows_seen + 1
        self._rows_seen += n
        return np.arange(start, start + n, dtype=np.int64)

    # CSV and TSV ------------------------------------------------------------

    def _csv(self) -> Iterator[Chunk]:
        import numpy as np
        import pyarrow as pa
        import pyarrow.csv as pcsv

        from omaha.files._textio import CsvLines

        delimiter = "\t" if self.format == "tsv" else ","
        lines = CsvLines(delimiter)
        bad: list[tuple[int, str]] = []

        def invalid(row: Any) -> str:
            got = f"expected {row.expected_columns} fields, got {row.actual_columns}"
            bad.append((row.number, got))
            return "skip"

        # The header is read as the first row (every column as bytes, named
        # f0, f1, ...: the names are only known once it is read).
        quiet = _NotTextRows(invalid)
        tap = _Tap(self._stream, lines.feed)
        try:
            with quiet:
                reader = pcsv.open_csv(
                    pa.PythonFile(tap, mode="r"),
                    read_options=pcsv.ReadOptions(
                        use_threads=self._threads > 1, block_size=_BLOCK,
                        autogenerate_column_names=True,
                    ),
                    parse_options=pcsv.ParseOptions(
                        delimiter=delimiter, newlines_in_values=True, invalid_row_handler=invalid
                    ),
                    convert_options=_csv_convert_options(),
                )  # fmt: skip
        except pa.ArrowInvalid as exc:
            tap.stop()  # the read-ahead must not outlive the reader
            if "Empty CSV file" in str(exc):
                return
            raise TableFormatError(f"{self.path!r}: {_csv_problem(exc)}") from None
        self._closers += [reader.close, tap.stop]  # a run that stops early (a bad row)
        records = -1  # data records before this batch (the header is record -1)
        while True:
            try:
                with quiet:
                    batch = reader.read_next_batch()
            except StopIteration:
                batch = None
                tap.finished = True  # every read done: closing need not wait
            except pa.ArrowInvalid as exc:
                reader.close()
                tap.stop()  # the read-ahead must not outlive the reader
                raise TableFormatError(f"{self.path!r}: {_csv_problem(exc)}") from None
            if batch is not None and records == -1:
                header = batch.slice(0, 1).to_pylist()[0]
                self.names = [
                    v.decode("utf-8", "replace") if v is not None else "" for v in header.values()
                ]
                if len(set(self.names)) != len(self.names):
                    raise TableFormatError(
                        f"line {lines.line_of(0)}: repeated column in {self.names!r}"
                    )
                if len(self.names) > _MAX_COLUMNS:
                    raise TableFormatError(f"{self.path!r}: more than {_MAX_COLUMNS} columns")
                batch = batch.slice(1)
                records = 0
            if batch is not None:
                batch = pa.RecordBatch.from_arrays(batch.columns, names=self.names)
            n = 0 if batch is None else batch.num_rows
            # Arrow numbers rows from 1 with the header: data record = number - 2.
            why = {number - 2: reason for number, reason in bad}
            bad.clear()
            skipped = sorted(why)
            total = n + len(skipped)
            index = np.arange(records, records + total, dtype=np.int64)
            keep = np.ones(total, bool)
            if skipped:
                keep[np.asarray(skipped, np.int64) - records] = False
            rejected = [RejectedRow(r + 1, lines.line_of(r + 1), why[r]) for r in skipped]
            kept = index[keep]
            records += total
            self._rows_seen = records
            if batch is None:
                if rejected:
                    yield Chunk(_empty_batch(self.names), kept + 1, kept, rejected)
                return
            if len(lines.breaks) > 1:
                row_lines = np.fromiter(
                    (lines.line_of(int(r) + 1) for r in kept), np.int64, len(kept)
                )
            else:
                row_lines = kept + 2
            yield Chunk(as_text(batch), kept + 1, row_lines, rejected)

    # JSON Lines ---------------------------------------------------------------

    def _jsonl(self) -> Iterator[Chunk]:
        import numpy as np

        from omaha.files._textio import jsonl_lines

        first_line = 1
        schema = None
        for block in _line_blocks(self._stream, self._chunk_rows):
            data = np.frombuffer(block, np.uint8)
            count = block.count(b"\n")
            starts = np.empty(count, np.int64)
            ends = np.empty(count, np.int64)
            lines, blank, plain = jsonl_lines(data, starts, ends)
            m = lines - blank
            starts, ends = starts[:m], ends[:m]
            if blank:
                line_of = _line_numbers(data, starts) + first_line
            else:
                line_of = np.arange(first_line, first_line + m, dtype=np.int64)
            batch = self._json_block(block, m, schema) if plain and m else None
            if batch is not None:
                schema = batch.schema
                yield Chunk(batch, self._numbers(m), line_of)
            elif m:
                yield self._json_lines(block, starts, ends, line_of)
            first_line += lines

    def _json_block(self, block: bytes, rows: int, schema: Any) -> pa.RecordBatch | None:
        """Read the block with Arrow; None when only a line-by-line read is safe."""
        import pyarrow as pa
        import pyarrow.json as pjson

        options = pjson.ParseOptions(newlines_in_values=False)
        if schema is not None:
            options = pjson.ParseOptions(explicit_schema=schema, unexpected_field_behavior="infer")
        try:
            table = pjson.read_json(
                io.BytesIO(block), read_options=pjson.ReadOptions(use_threads=False),
                parse_options=options,
            )  # fmt: skip
        except (pa.ArrowInvalid, pa.ArrowNotImplementedError):
            return None
        if table.num_rows != rows or not _finite(table):
            return None
        try:
            batch = as_text(table.combine_chunks().to_batches()[0]) if rows else None
        except IndexError:
            return None
        return batch

    def _json_lines(
        self, block: bytes, starts: np.ndarray, ends: np.ndarray, line_of: np.ndarray
    ) -> Chunk:
        """Read a block line by line with :mod:`json` (the rare path)."""
        import numpy as np

        numbers = self._numbers(len(starts))
        rows: list[dict[str, Any]] = []
        kept: list[int] = []
        rejected: list[RejectedRow] = []
        for i, (s, e) in enumerate(zip(starts.tolist(), ends.tolist(), strict=True)):
            text = block[s:e]
            value = _loads(text)
            if isinstance(value, _BadJson):
                reason = value.reason
            elif not isinstance(value, dict):
                reason = f"expected a JSON object, got {_short(value)}"
            else:
                reason = ""
            if reason:
                rejected.append(RejectedRow(int(numbers[i]), int(line_of[i]), reason))
                continue
            rows.append(value)
            kept.append(i)
        index = np.asarray(kept, np.int64)
        batch = _batch_of_dicts(rows)
        self.names = list(dict.fromkeys([*self.names, *batch.schema.names]))
        return Chunk(batch, numbers[index], line_of[index], rejected)

    # Parquet and Arrow -----------------------------------------------------

    def _parquet(self) -> Iterator[Chunk]:
        try:
            pf = open_parquet(self._stream)
        except Exception as exc:  # pyarrow raises several kinds here
            raise TableFormatError(f"{self.path!r} is not a Parquet file: {exc}") from None
        self._closers.append(pf.close)
        self.names = list(pf.schema_arrow.names)
        self.total_rows = pf.metadata.num_rows
        if not self.total_rows:  # no rows, but its columns: the same output schema
            yield Chunk(as_text(_no_rows(pf.schema_arrow)), self._numbers(0), None)
        for batch in pf.iter_batches(batch_size=self._chunk_rows, use_threads=self._threads > 1):
            yield Chunk(as_text(batch), self._numbers(batch.num_rows), None)

    def _arrow(self) -> Iterator[Chunk]:
        import pyarrow as pa

        try:
            reader: Any = pa.ipc.open_file(self._stream)
            batches: Iterator[Any] = (reader.get_batch(i) for i in range(reader.num_record_batches))
        except pa.ArrowInvalid:
            try:
                self._stream.seek(0)
                reader = pa.ipc.open_stream(self._stream)
            except (pa.ArrowInvalid, OSError) as exc:
                raise TableFormatError(f"{self.path!r} is not an Arrow IPC file: {exc}") from None
            batches = iter(reader)
        self.names = list(reader.schema.names)
        rows = 0
        for batch in batches:
            for start in range(0, max(batch.num_rows, 1), self._chunk_rows):
                part = batch.slice(start, self._chunk_rows)
                if part.num_rows:
                    rows += part.num_rows
                    yield Chunk(as_text(part), self._numbers(part.num_rows), None)
        if not rows:  # no rows, but its columns: the same output schema
            yield Chunk(as_text(_no_rows(reader.schema)), self._numbers(0), None)


class _NotTextRows:
    """Keep pyarrow's report of a bad CSV row that is not UTF-8 text off stderr.

    pyarrow decodes a row with the wrong number of fields as UTF-8 before it
    calls the invalid-row handler; on other bytes (a binary file) the
    decoding fails inside its callback, and Python prints that error as an
    "Exception ignored" traceback. Arrow then stops with the row, which
    :func:`_csv_problem` reports.
    """

    def __init__(self, handler: Any) -> None:
        self._handler = handler  # the reader's invalid-row handler: only its reports are kept

    def __enter__(self) -> None:
        self._previous = sys.unraisablehook
        sys.unraisablehook = self._hook

    def __exit__(self, *exc: object) -> None:
        sys.unraisablehook = self._previous

    def _hook(self, unraisable: Any) -> None:
        if not (
            unraisable.object is self._handler
            and isinstance(unraisable.exc_value, UnicodeDecodeError)
        ):
            self._previous(unraisable)


@functools.cache
def _csv_convert_options() -> Any:
    """How the CSV reader converts fields: every column as bytes, an empty field null.

    As Arrow writes them: an empty field is null, ``""`` an empty string.
    Made once: the types of the ten thousand columns a file may have cost
    milliseconds to build.
    """
    import pyarrow as pa
    import pyarrow.csv as pcsv

    return pcsv.ConvertOptions(
        column_types={f"f{i}": pa.binary() for i in range(_MAX_COLUMNS)},
        strings_can_be_null=True,
        null_values=[""],
        quoted_strings_can_be_null=False,
    )


def _csv_problem(exc: Exception) -> str:
    text = str(exc).strip().removeprefix("CSV parse error: ")
    if "straddl" in text:
        return f"a record longer than {_BLOCK >> 20} MB (the CSV reader's block)"
    fields = re.match(r"Row #(\d+): Expected (\d+) columns, got (\d+): ", text)
    if fields is not None:  # the row's text may be anything (a binary file): shown escaped
        row = text[fields.end() :]
        shown = ascii(row[:60]) + (" ..." if len(row) > 60 else "")
        return f"record {int(fields[1]) - 1}: expected {fields[2]} fields, got {fields[3]}: {shown}"
    return text


def _no_rows(schema: pa.Schema) -> pa.RecordBatch:
    """Return a batch of no rows with the columns of ``schema``."""
    import pyarrow as pa

    return pa.RecordBatch.from_arrays([pa.array([], f.type) for f in schema], schema=schema)


def _empty_batch(names: list[str]) -> pa.RecordBatch:
    import pyarrow as pa

    return pa.RecordBatch.from_arrays([pa.array([], pa.string()) for _ in names], names=names)


def _line_blocks(stream: Any, rows: int) -> Iterator[bytes]:
    """Blocks of whole lines (each ending with LF), about ``rows`` lines each."""
    pending = b""
    while True:
        data = stream.read(_BLOCK)
        if not data:
            break
        pending += data
        while pending.count(b"\n", 0, len(pending)) >= rows:
            cut = -1
            for _ in range(rows):
                cut = pending.index(b"\n", cut + 1)
            yield pending[: cut + 1]
            pending = pending[cut + 1 :]
        if len(pending) >= _BLOCK and b"\n" in pending:
            cut = pending.rindex(b"\n")
            yield pending[: cut + 1]
            pending = pending[cut + 1 :]
    if pending:
        if pending.startswith(b"\xef\xbb\xbf"):
            pending = pending[3:]
        yield pending if pending.endswith(b"\n") else pending + b"\n"


def _line_numbers(data: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """0-based line index of each position in ``starts`` within ``data``."""
    import numpy as np

    newlines = np.flatnonzero(data == 10)
    return np.searchsorted(newlines, starts).astype(np.int64)


def _finite(table: Any) -> bool:
    """Whether no float in the table (nested ones too) is NaN or infinite."""
    import pyarrow as pa
    import pyarrow.compute as pc

    def check(arr: Any) -> bool:
        t = arr.type
        if pa.types.is_floating(t):
            return bool(
                pc.all(pc.or_kleene(pc.is_finite(arr), pc.is_null(arr))).as_py() in (True, None)
            )
        if pa.types.is_list(t) or pa.types.is_large_list(t):
            return check(pc.list_flatten(arr))
        if pa.types.is_struct(t):
            return all(check(pc.struct_field(arr, [i])) for i in range(t.num_fields))
        return True

    return all(check(col) for col in table.columns)


def open_parquet(source: Any) -> Any:
    """Open a ``pyarrow.parquet.ParquetFile`` to read in batches, in bounded memory.

    ``source`` is a path or a binary file object. pyarrow's read-ahead
    (``pre_buffer``, its default) keeps the column chunks of every row group
    it has read: memory grew with the file (470 MB for 20 M rows); without
    it a batch loop holds one row group at a time.
    """
    import pyarrow.parquet as pq

    return pq.ParquetFile(source, pre_buffer=False)


def as_text(batch: pa.RecordBatch) -> pa.RecordBatch:
    """Turn the binary columns of ``batch`` into UTF-8 text (bad bytes become U+FFFD).

    Every reader gives its chunks this way (a CSV column Arrow could not
    decode, a Parquet column of bytes). Other columns are kept as they are.

    >>> import pyarrow as pa
    >>> text = as_text(pa.record_batch({"c": pa.array([b"As", bytes([0xFF])])}))
    >>> text.column(0).to_pylist() == ["As", chr(0xFFFD)]
    True
    """
    import pyarrow as pa

    arrays = []
    changed = False
    for col in batch.columns:
        if pa.types.is_binary(col.type) or pa.types.is_large_binary(col.type):
            target = pa.string() if pa.types.is_binary(col.type) else pa.large_string()
            try:  # the same buffers, checked as UTF-8 (Array.cast would import pyarrow.compute)
                text = pa.Array.from_buffers(
                    target, len(col), col.buffers(), null_count=col.null_count, offset=col.offset
                )
                # ASCII (all card text) is UTF-8: one pass over the bytes for their top bit.
                text.validate(full=not _ascii(col))
                col = text
            except pa.ArrowInvalid:  # not UTF-8: decoded value by value
                col = pa.array(
                    [None if v is None else v.decode("utf-8", "replace") for v in col.to_pylist()],
                    target,
                )
            changed = True
        arrays.append(col)
    if not changed:
        return batch
    return pa.RecordBatch.from_arrays(arrays, names=batch.schema.names)


def _ascii(col: Any) -> bool:
    """Whether the bytes of a binary (or large binary) array's values are all ASCII."""
    offsets, data, _, _ = text_buffers(col)
    if isinstance(data, bytes):  # no data buffer: only empty values
        return True
    values = data[offsets[0] : offsets[-1]]
    return values.size == 0 or int(values.max()) < 0x80


@dataclass
class _BadJson:
    reason: str


def _not_json(name: str) -> Any:
    raise ArgumentError(f"{name} is not JSON")


def _finite_float(text: str) -> float:
    value = float(text)
    if value in (math.inf, -math.inf):
        raise ArgumentError(f"{text} is beyond a float's range")
    return value


# Python's decoder also takes NaN and Infinity (and reads 1e999 as infinity),
# which no JSON writer may output.
_JSON_HOOKS: dict[str, Any] = {"parse_constant": _not_json, "parse_float": _finite_float}


def _loads(text: bytes) -> Any:
    try:
        return json.loads(text, **_JSON_HOOKS)
    except (ValueError, RecursionError) as exc:  # RecursionError: nested too deeply
        msg = getattr(exc, "msg", str(exc))
        return _BadJson(f"invalid JSON ({msg}): {_short(text.decode('utf-8', 'replace'))}")


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _batch_of_dicts(rows: list[dict[str, Any]]) -> pa.RecordBatch:
    """Build a batch from parsed JSON objects; a column Arrow cannot type becomes JSON text."""
    import pyarrow as pa

    names = list(dict.fromkeys(k for row in rows for k in row))
    arrays = []
    fields = []
    for name in names:
        values = [row.get(name) for row in rows]
        try:
            arr = pa.array(values)
            if pa.types.is_null(arr.type):
                arr = pa.array(values, pa.string())
            fields.append(pa.field(name, arr.type))
        except (pa.ArrowInvalid, pa.ArrowTypeError, OverflowError, UnicodeEncodeError):
            texts = [None if v is None else json.dumps(v) for v in values]
            arr = pa.array(texts, pa.string())
            fields.append(pa.field(name, pa.string(), metadata={JSON_TEXT: b"1"}))
        arrays.append(arr)
    return pa.RecordBatch.from_arrays(arrays, schema=pa.schema(fields))


def open_reader(
    path: str,
    fmt: str | None = None,
    *,
    chunk_rows: int = 65_536,
    threads: int = 1,
) -> TableReader:
    """Open a table for streaming.

    Parameters
    ----------
    path : str
        A file name, or ``-`` for standard input. A ``.gz``, ``.bz2`` or
        ``.zst`` suffix (or, whatever the name, the codec's magic bytes)
        decompresses a text format on the fly.
    fmt : str, optional
        One of :data:`~omaha.files.formats.FORMATS`; by default from the name, else from the
        first bytes (Parquet and Arrow by their magic, JSON Lines when the
        first character is ``{``, else CSV).
    chunk_rows : int, default 65,536
        Rows per chunk (CSV reads blocks of about 4 MB).
    threads : int, default 1
        More than one lets Arrow read with its own threads.

    Returns
    -------
    TableReader
        Iterate it for :class:`Chunk` objects; :attr:`TableReader.names`
        holds the column names once the first chunk is read.

    Raises
    ------
    OSError
        If the file cannot be opened.
    TableFormatError
        A codec that does not fit the format or the content.
    """
    named, codec = format_of(path)
    stdin = sys.stdin.buffer
    raw: IO[bytes] = _peekable(stdin) if path == "-" else open(path, "rb")  # noqa: SIM115
    try:
        fmt = fmt or named
        if fmt in ("parquet", "arrow") or (fmt is None and codec is None):
            head = _peek(raw, 1 << 12)
            fmt = fmt or sniff_format(head)
        if fmt in ("parquet", "arrow"):
            check_format(fmt, codec, path)
            stream: Any = raw if raw.seekable() else _spool(raw)
        else:
            held = sniff_format(_peek(raw, 8))
            if held in ("parquet", "arrow"):  # a binary table under a text name
                raise TableFormatError(
                    f"{path!r} holds {held} data, not {fmt}: give its format "
                    f"(--input-format {held}) or name it .{held}"
                )
            stream = _decompress(raw, codec, path)
            if fmt is None:
                fmt = "csv"
        check_format(fmt, codec, path)
        return TableReader(path, fmt, raw, stream, chunk_rows, threads)
    except BaseException:
        if path != "-":
            raw.close()
        raise


def _spool(raw: IO[bytes]) -> IO[bytes]:
    """Copy a stream (standard input) to a seekable file on disk, for Parquet and Arrow."""
    import tempfile  # at first use: it imports shutil, bz2, lzma and random

    spool = tempfile.TemporaryFile()  # noqa: SIM115 (returned open)
    while True:
        data = raw.read(_BLOCK)
        if not data:
            break
        spool.write(data)
    spool.seek(0)
    return spool
