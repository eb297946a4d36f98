"""Writing batches to a table file: behind the caller, renamed into place when complete.

Text formats are written by :mod:`omaha.files.cells` (compiled, from the
Arrow buffers), Parquet by ``pyarrow.parquet`` and Arrow IPC by
``pyarrow.ipc``; a codec (gzip, bz2, zstd) compresses a text output on the
way. The output is written to a temporary file beside the target and renamed
over it when complete, so a killed run never leaves a partial file under the
final name. The writing itself runs on a thread of its own
(:class:`omaha._threads.WriteBehind`).
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from collections.abc import Sequence
from typing import IO, TYPE_CHECKING, Any

from omaha._threads import WriteBehind
from omaha.errors import ArgumentError, TableFormatError, quote
from omaha.files.cells import TextCells, header_text, text_cells, write_cells
from omaha.files.formats import TEXT_FORMATS, check_format, format_of

if TYPE_CHECKING:
    import pyarrow as pa

__all__ = [
    "DEFAULT_LEVELS",
    "LEVELS",
    "ROW_GROUP_ROWS",
    "TableWriter",
    "created_mode",
    "open_writer",
]

ROW_GROUP_ROWS = 1 << 18
"""Rows buffered per Parquet row group."""


class TableWriter:
    """Writes batches to a table file (see :func:`open_writer`).

    Text formats are written batch by batch; Parquet gathers about a quarter
    of a million rows per row group. :meth:`close` completes the file (and
    renames the temporary file over the target); :meth:`abort` removes it.

    The writing itself (the text of the cells, the copy into the file, a
    codec's compression, Parquet's encoding) runs on a thread of its own,
    behind the caller: :meth:`write` returns once the batch is handed over
    and the write before it is done, so at most one write is in flight and
    memory stays bounded. A write's error (a full
    disk) is raised by the next call of :meth:`write` or :meth:`close`.
    """

    def __init__(
        self,
        path: str,
        fmt: str,
        codec: str | None,
        plain_columns: Sequence[str] = (),
        distinct_columns: Sequence[str] = (),
        compression_level: int | None = None,
    ) -> None:
        self.path = path
        self.plain_columns = tuple(plain_columns)
        self.distinct_columns = tuple(distinct_columns)
        self.format = fmt
        self.codec = codec
        self.compression_level = _check_level(codec, compression_level)
        self.rows = 0
        self._temp: str | None = None
        self._file: Any = None
        self._sink: Any = None
        self._writer: Any = None
        self._pending: list[Any] = []
        self._pending_rows = 0
        self._header = True
        self._schema: Any = None
        # The text of a batch, made and written behind (one write in flight).
        self._text = bytearray()
        self._behind = WriteBehind("omaha-write")
        self._open()

    def _open(self) -> None:
        if self.path == "-":
            self._file = sys.stdout.buffer
        else:
            target = os.path.abspath(self.path)
            try:
                if os.path.exists(target) and not os.path.isfile(target):
                    self._file = open(target, "wb")  # noqa: SIM115  (a device or a pipe)
                else:
                    directory, name = os.path.split(target)
                    import tempfile  # at first use: it imports shutil, bz2, lzma and random

                    fd, self._temp = tempfile.mkstemp(
                        prefix=f".{name}.", suffix=".part", dir=directory
                    )
                    self._file = os.fdopen(fd, "wb")
            except OSError as exc:  # name the file asked for, not the temporary one
                raise _named(exc, self.path) from None
        self._sink = self._make_sink()

    def _make_sink(self) -> Any:
        """Return what the writes go to: the file, through the codec (text) or as an Arrow file."""
        import pyarrow as pa

        if self.codec:
            return _Compressing(self._file, self.codec, self.compression_level)
        if self.format in TEXT_FORMATS:
            return self._file
        # Parquet's writer closes what it writes to: standard output must stay
        # open (flushed) for the rest of the run.
        kept = _KeptOpen(self._file) if self._file is sys.stdout.buffer else self._file
        return pa.PythonFile(kept, mode="w")

    def write(self, batch: pa.RecordBatch) -> None:
        """Write one batch (its columns must be those of the first batch)."""
        if self.format in TEXT_FORMATS:
            if self._header and self.format != "jsonl":
                self._behind.put(self._sink.write, header_text(batch.schema.names, self.format))
            self._header = False
            # The cells are described here (reading the buffers in place); their
            # text is made behind, into the one buffer (free: one write in flight).
            self._behind.put(_write_part, self._sink, text_cells(batch, self.format), self._text)
        elif self.format == "parquet":
            self._pending.append(batch)
            self._pending_rows += batch.num_rows
            if self._pending_rows >= ROW_GROUP_ROWS:
                self._flush_parquet()
        else:
            import pyarrow as pa

            if self._writer is None:
                self._schema = batch.schema
                self._writer = pa.ipc.new_file(self._sink, batch.schema)
            self._behind.put(self._writer.write_batch, _conform(batch, self._schema))
        self.rows += batch.num_rows

    def write_header(self, names: list[str]) -> None:
        """Write the header of an empty CSV or TSV output (no batch was written)."""
        if self.format in ("csv", "tsv") and self._header:
            self._behind.put(self._sink.write, header_text(names, self.format))
            self._header = False

    def _flush_parquet(self) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        if not self._pending:
            return
        if self._writer is None:
            schema = self._pending[0].schema
            plain = set(self.plain_columns)
            self._writer = pq.ParquetWriter(
                self._sink,
                schema,
                use_dictionary=_leaves(schema, plain | set(self.distinct_columns)),
                write_statistics=_leaves(schema, plain),
            )
        schema = self._writer.schema
        table = pa.Table.from_batches([_conform(b, schema) for b in self._pending], schema)
        self._behind.put(self._writer.write_table, table, row_group_size=ROW_GROUP_ROWS)
        self._pending = []
        self._pending_rows = 0

    def close(self) -> None:
        """Complete the file: the last row group, the footer, the codec's end, the rename.

        Raises
        ------
        OSError
            If writing fails (a full disk); the temporary file is removed.
        """
        try:
            if self.format == "parquet":
                self._flush_parquet()
                if self._writer is None and self._pending_rows == 0:
                    self._empty_parquet()
            self._behind.finish()  # every write done (or its error raised)
            if self._writer is not None:
                self._writer.close()
            if self._sink is not None and self.codec:
                self._sink.close()
            if self._file is sys.stdout.buffer:
                self._file.flush()
            elif self._file is not None:
                self._file.close()
            if self._temp is not None:
                try:
                    os.chmod(self._temp, created_mode())
                    os.replace(self._temp, self.path)
                except OSError as exc:
                    raise _named(exc, self.path) from None
                self._temp = None
        except BaseException:
            self.abort()
            raise

    def _empty_parquet(self) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        self._writer = pq.ParquetWriter(self._sink, pa.schema([]))

    def abort(self) -> None:
        """Stop writing and remove the temporary file (the target is left as it was).

        The write in flight is let finish first (on standard output, the rows
        written before a bad row all come out); its error is dropped.
        """
        self._behind.finish(raising=False)
        for closer in (getattr(self._writer, "close", None), getattr(self._file, "close", None)):
            if closer is not None and self._file is not sys.stdout.buffer:
                with contextlib.suppress(Exception):
                    closer()
        self._writer = None
        if self._temp is not None:
            with contextlib.suppress(OSError):
                os.unlink(self._temp)
            self._temp = None


def _write_part(sink: Any, cells: TextCells, text: bytearray) -> None:
    """Make the text of ``cells`` in ``text`` and write it to sink, read in place.

    The view is a temporary, gone when the write returns (text can then grow
    again); a failed write's traceback may hold it, which a ``with`` block
    would turn into a BufferError hiding the error itself.
    """
    n = write_cells(cells, text)
    sink.write(memoryview(text)[:n])


def _named(exc: OSError, path: str) -> OSError:
    """Return the same error (its class, errno and reason) about ``path``."""
    named = type(exc)(exc.errno, exc.strerror, path)
    return named if exc.errno is not None else exc


DEFAULT_LEVELS = {"gzip": 1, "bz2": 9, "zstd": 1}
"""The compression level of each codec by default: the fastest for gzip and zstd.

gzip at level 1 writes ``omaha eval``'s CSV text about six times faster than
at level 9 (pyarrow's only level) for a file about a third larger;
bz2 has no fast level (its level is the block size)."""

LEVELS = {"gzip": (1, 9), "bz2": (1, 9), "zstd": (1, 22)}
"""The levels each codec takes (inclusive)."""


def _check_level(codec: str | None, level: object) -> int | None:
    if level is None:
        return None if codec is None else DEFAULT_LEVELS[codec]
    if codec is None:
        raise ArgumentError(
            f"a compression level ({quote(level)}) needs a compressed output "
            "(.gz, .bz2 or .zst, or a codec)"
        )
    low, high = LEVELS[codec]
    if isinstance(level, bool) or not isinstance(level, int) or not low <= level <= high:
        raise ArgumentError(f"{codec} compression levels are {low} to {high}, got {quote(level)}")
    return level


class _Compressing:
    """A binary file written through a codec at a chosen level.

    gzip and bz2 by the standard library's zlib and bz2; zstd as frames from
    pyarrow's codec, which read back as one stream. Each write compresses
    with the GIL released; :meth:`close` writes the codec's end and leaves
    the file open.
    """

    def __init__(self, file: Any, codec: str, level: int | None) -> None:
        self._file = file
        self._codec = codec
        self._compress: Any
        self._flush: Any = None
        if codec == "gzip":
            import zlib

            gz = zlib.compressobj(level or DEFAULT_LEVELS[codec], zlib.DEFLATED, 31)
            self._compress, self._flush = gz.compress, gz.flush
        elif codec == "bz2":
            import bz2

            bz = bz2.BZ2Compressor(level or DEFAULT_LEVELS[codec])
            self._compress, self._flush = bz.compress, bz.flush
        else:
            import pyarrow as pa

            self._compress = pa.Codec(codec, compression_level=level).compress

    def write(self, data: Any) -> None:
        """Compress ``data`` and write what the codec gives."""
        out = self._compress(data)
        if len(out):
            self._file.write(out)

    def close(self) -> None:
        """Write the codec's last bytes (the file stays open)."""
        if self._flush is not None:
            self._file.write(self._flush())
            self._flush = None


class _KeptOpen(io.RawIOBase):
    """A binary file to write to that closing only flushes (standard output)."""

    def __init__(self, file: IO[bytes]) -> None:
        self._target = file

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        return self._target.write(data)

    def flush(self) -> None:
        self._target.flush()

    def close(self) -> None:
        if not self.closed:
            self._target.flush()
        super().close()


def created_mode(directory: bool = False) -> int:
    """Return the mode a file (or directory) created now gets under the process's umask.

    ``tempfile.mkstemp`` and ``mkdtemp`` make theirs private (0o600, 0o700):
    an output written under a temporary name gets this mode before it is
    renamed into place (``omaha eval``, ``omaha import``, the Dask parts).
    """
    umask = os.umask(0)
    os.umask(umask)
    return (0o777 if directory else 0o666) & ~umask


def open_writer(
    path: str,
    fmt: str | None = None,
    codec: str | None = None,
    *,
    plain_columns: Sequence[str] = (),
    distinct_columns: Sequence[str] = (),
    compression_level: int | None = None,
) -> TableWriter:
    """Open a table file for writing batches.

    Parameters
    ----------
    path : str
        The file to write, or ``-`` for standard output.
    fmt : str, optional
        One of :data:`~omaha.files.formats.FORMATS`; by default from the name.
    codec : str, optional
        ``"gzip"``, ``"bz2"`` or ``"zstd"`` for a text format; by default
        from the name (``out.csv.gz``).
    plain_columns : sequence of str, default ()
        Columns of text that is nearly all distinct (the cards of each
        hand): in Parquet written without a dictionary or min/max statistics,
        which would cost a third of the write and help no reader. The other
        columns keep both.
    distinct_columns : sequence of str, default ()
        Other columns of values nearly all distinct (row numbers): in
        Parquet written without a dictionary, which pyarrow fills up to its
        limit and then drops (a fifth of the whole write for an ``id``),
        but with their statistics (a reader skips row groups by them).

    Returns
    -------
    TableWriter

    Raises
    ------
    TableFormatError
        An unknown extension or format, or a codec for Parquet or Arrow.
    OSError
        If the file cannot be created.
    """
    named, named_codec = format_of(path, writing=fmt is None)
    fmt = fmt or named
    if fmt is None:
        raise TableFormatError(f"no format for {path!r}: name it by its extension or give one")
    codec = codec or named_codec
    check_format(fmt, codec, path)
    return TableWriter(path, fmt, codec, plain_columns, distinct_columns, compression_level)


def _leaves(schema: pa.Schema, plain: set[str]) -> list[str]:
    """Parquet's paths of the leaf columns of ``schema``, but the (flat) ``plain`` ones.

    The paths are pyarrow's (tests/files/test_pipeline.py holds them to the
    metadata of a written file): a struct's fields under its name, a list's
    values under ``name.list.element``, a map's under ``name.key_value``.
    """
    import pyarrow as pa

    def paths(name: str, t: pa.DataType) -> list[str]:
        if pa.types.is_dictionary(t):
            return paths(name, t.value_type)
        if pa.types.is_struct(t):
            return [p for i in range(t.num_fields) for p in paths(f"{name}.{t.field(i).name}",
                                                                  t.field(i).type)]  # fmt: skip
        if pa.types.is_map(t):
            return [*paths(f"{name}.key_value.key", t.key_type),
                    *paths(f"{name}.key_value.value", t.item_type)]  # fmt: skip
        if pa.types.is_list(t) or pa.types.is_large_list(t) or pa.types.is_fixed_size_list(t):
            return paths(f"{name}.list.element", t.value_type)
        return [name]

    return [p for f in schema if f.name not in plain for p in paths(f.name, f.type)]


def _conform(batch: Any, schema: Any) -> Any:
    """Cast a batch to the writer's schema (Parquet and Arrow need one type per column)."""
    import pyarrow as pa

    if batch.schema.equals(schema):
        return batch
    if batch.schema.names != schema.names:
        raise TableFormatError(
            f"the columns changed from {schema.names} to {batch.schema.names}; "
            "Parquet and Arrow files need the same columns in every row"
        )
    arrays = []
    for col, want in zip(batch.columns, schema, strict=True):
        try:
            arrays.append(col.cast(want.type))
        except (pa.ArrowInvalid, pa.ArrowNotImplementedError):
            raise TableFormatError(
                f"column {want.name!r} changed type from {want.type} to {col.type}; "
                "Parquet and Arrow files need one type per column (write CSV or JSON Lines)"
            ) from None
    return pa.RecordBatch.from_arrays(arrays, schema=schema)
