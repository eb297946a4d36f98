"""Cells written as text: CSV, TSV and JSON Lines rows from Arrow batches.

The cells are written by compiled code (:func:`omaha.files._textio.write_rows`)
from the Arrow buffers, in the conventions of Arrow's own CSV writer
(strings quoted, numbers bare, a null empty); Arrow has no JSON Lines writer,
so JSON Lines is written here too. Each column is described to the compiled
writer once per batch: how its cells are written (raw, quoted for CSV,
escaped for JSON, a dictionary's entries, integers) and where its buffers are.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from omaha.files._arrow import text_buffers, to_numpy
from omaha.files.formats import is_json_text

if TYPE_CHECKING:
    import numpy as np
    import pyarrow as pa

__all__ = ["TextCells", "header_text", "text_cells", "text_rows", "write_cells", "write_text"]

# How text formats write cells: the modes of omaha.files._textio.write_rows.
_RAW, _CSV, _JSON, _DICT, _INT = 0, 1, 2, 3, 4
_DICT_CACHE: dict[tuple[Any, ...], tuple[np.ndarray, bytes]] = {}


def text_rows(batch: pa.RecordBatch, fmt: str) -> bytes:
    r"""Write a batch as CSV, TSV or JSON Lines text (no header).

    The cells are written by compiled code from the Arrow buffers, in the
    conventions of Arrow's own CSV writer: strings quoted (a quote doubled),
    numbers, booleans, dates and times bare, a null empty. In JSON Lines a
    row is one object, keys in column order; a float keeps a decimal point
    or an exponent, NaN and infinities (which JSON cannot hold) are null;
    nested values are written by :mod:`json`. Dictionary columns (the
    names) render each entry once.

    Examples
    --------
    >>> import pyarrow as pa
    >>> batch = pa.record_batch([pa.array([1, None]), pa.array(['a"b', "c"])], names=["n", "s"])
    >>> text_rows(batch, "jsonl")
    b'{"n": 1, "s": "a\\"b"}\n{"n": null, "s": "c"}\n'
    >>> text_rows(batch, "csv")
    b'1,"a""b"\n,"c"\n'
    """
    out = bytearray()
    n = write_text(batch, fmt, out)
    return bytes(out[:n])


def write_text(batch: pa.RecordBatch, fmt: str, out: bytearray) -> int:
    """Write the text of :func:`text_rows` into ``out`` (grown as needed); return its length."""
    return write_cells(text_cells(batch, fmt), out)


TextCells = tuple[list[tuple[Any, ...]], bytes]
"""A batch's columns described for the compiled writer, and the end of a row."""


def text_cells(batch: pa.RecordBatch, fmt: str) -> TextCells:
    """Describe a batch's cells for :func:`write_cells` (the buffers are read in place).

    The description holds views of the batch's buffers, so the text can be
    written later, on another thread (:class:`omaha.files.writer.TableWriter`).
    """
    columns = []
    if batch.num_rows:
        for k, (f, col) in enumerate(zip(batch.schema, batch.columns, strict=True)):
            if fmt == "jsonl":
                key = json.dumps(f.name, ensure_ascii=False)
                prefix = (("{" if k == 0 else ", ") + key + ": ").encode()
            else:
                prefix = b"" if k == 0 else (b"\t" if fmt == "tsv" else b",")
            columns.append(_column_cells(f, col, prefix, fmt == "jsonl"))
    return columns, b"}\n" if fmt == "jsonl" else b"\n"


def write_cells(cells: TextCells, out: bytearray) -> int:
    """Write described cells into ``out`` (grown as needed); return the text's length.

    The compiled loop runs without the GIL.
    """
    from omaha.files._textio import write_rows

    columns, end = cells
    return write_rows(columns, end, out) if columns else 0


def header_text(names: list[str], fmt: str) -> bytes:
    """Return the header line of a CSV or TSV file, every name quoted."""
    sep = "\t" if fmt == "tsv" else ","
    return (sep.join('"' + n.replace('"', '""') + '"' for n in names) + "\n").encode()


def _cells(kind: int, prefix: bytes, null: bytes, col: Any) -> tuple[Any, ...]:
    """Describe a string column's cells for write_rows, written in ``kind``."""
    offsets, data, bits, offset = text_buffers(col)
    return (kind, prefix, null, offsets, data, bits, offset, None)


def _int_cells(prefix: bytes, null: bytes, col: Any) -> tuple[Any, ...]:
    import numpy as np
    import pyarrow as pa

    if pa.types.is_uint64(col.type):  # above 2**63 - 1 an int64 would wrap: exact text
        return _cells(_RAW, prefix, null, col.cast(pa.string()))
    # The writer reads a value only where the cell is valid: no zeroing of nulls.
    values = to_numpy(col).astype(np.int64)
    validity = col.buffers()[0]
    bits = np.frombuffer(validity, np.uint8) if validity is not None and col.null_count else None
    return (_INT, prefix, null, None, b"", bits, col.offset, values)


def _dict_cells(prefix: bytes, null: bytes, col: Any, render: Any, mode: str) -> tuple[Any, ...]:
    """Describe a dictionary column's cells: each entry rendered once (cached: the names)."""
    import numpy as np

    dictionary = col.dictionary
    buffers = dictionary.buffers()
    key = (mode, len(dictionary), *(b.address if b is not None else 0 for b in buffers))
    cached = _DICT_CACHE.get(key)
    if cached is None:
        texts = [render(v) for v in dictionary.to_pylist()]
        offsets = np.zeros(len(texts) + 1, np.int64)
        np.cumsum([len(t) for t in texts], out=offsets[1:])
        cached = (offsets, b"".join(texts))
        if len(_DICT_CACHE) > 64:
            _DICT_CACHE.clear()
        _DICT_CACHE[key] = cached
    indices = col.indices
    values = to_numpy(indices).astype(np.int64)  # read only where valid, as _int_cells
    validity = col.buffers()[0]
    bits = np.frombuffer(validity, np.uint8) if validity is not None and col.null_count else None
    return (_DICT, prefix, null, cached[0], cached[1], bits, col.offset, values)


def _csv_text(value: Any) -> bytes:
    if value is None:
        return b""
    if isinstance(value, bool):
        return b"true" if value else b"false"
    if isinstance(value, int | float):
        return str(value).encode()
    return ('"' + str(value).replace('"', '""') + '"').encode()


def _is_text_dictionary(t: Any) -> bool:
    """Whether ``t`` is a dictionary of strings (written as its few texts, once each)."""
    import pyarrow as pa

    return bool(
        pa.types.is_dictionary(t)
        and (pa.types.is_string(t.value_type) or pa.types.is_large_string(t.value_type))
    )


def _undictionary(col: Any) -> Any:
    """Give a dictionary column as a column of its values (other columns as they are)."""
    import pyarrow as pa

    return col.cast(col.type.value_type) if pa.types.is_dictionary(col.type) else col


def _column_cells(f: Any, col: Any, prefix: bytes, jsonl: bool) -> tuple[Any, ...]:
    """Describe a column's cells for write_rows: what both text formats write alike, then each's."""
    import pyarrow as pa

    null = b"null" if jsonl else b""
    if _is_text_dictionary(col.type):
        render, mode = (_json_text, "jsonl") if jsonl else (_csv_text, "csv")
        return _dict_cells(prefix, null, col, render, mode)
    col = _undictionary(col)
    if pa.types.is_null(col.type):
        return _cells(_RAW, prefix, null, pa.nulls(len(col), pa.string()))
    if pa.types.is_integer(col.type):
        return _int_cells(prefix, null, col)
    return _json_cells(f, col, prefix) if jsonl else _csv_cells(f, col, prefix)


def _csv_cells(f: Any, col: Any, prefix: bytes) -> tuple[Any, ...]:
    import pyarrow as pa

    t = col.type
    if is_json_text(f):
        values = [None if v is None else json.loads(v) for v in col.to_pylist()]
        texts = [v if isinstance(v, str) or v is None else json.dumps(v) for v in values]
        return _cells(_CSV, prefix, b"", pa.array(texts, pa.string()))
    if (
        pa.types.is_string(t)
        or pa.types.is_large_string(t)
        or pa.types.is_binary(t)
        or pa.types.is_large_binary(t)
        or pa.types.is_string_view(t)
        or pa.types.is_binary_view(t)
    ):
        return _cells(_CSV, prefix, b"", col)
    if pa.types.is_nested(t):
        texts = [
            None if v is None else json.dumps(v, ensure_ascii=False, default=str)
            for v in col.to_pylist()
        ]
        return _cells(_CSV, prefix, b"", pa.array(texts, pa.string()))
    return _cells(_RAW, prefix, b"", col.cast(pa.string()))  # numbers, booleans, dates, times


def _json_text(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False).encode()


def _json_cells(f: Any, col: Any, prefix: bytes) -> tuple[Any, ...]:
    import pyarrow as pa

    t = col.type
    if is_json_text(f):
        return _cells(_RAW, prefix, b"null", col)
    if pa.types.is_string(t) or pa.types.is_large_string(t) or pa.types.is_string_view(t):
        return _cells(_JSON, prefix, b"null", col)
    if pa.types.is_boolean(t) or pa.types.is_decimal(t):
        return _cells(_RAW, prefix, b"null", col.cast(pa.string()))
    if pa.types.is_floating(t):
        import pyarrow.compute as pc

        text = col.cast(pa.string())
        finite = pc.is_finite(col)
        plain = pc.invert(pc.match_substring_regex(text, r"[.eEn]"))
        whole = pc.binary_join_element_wise(text, ".0", "")  # 1 -> 1.0: still a float
        text = pc.if_else(pc.and_kleene(finite, plain), whole, text)
        text = pc.if_else(finite, text, pa.scalar(None, pa.string()))
        return _cells(_RAW, prefix, b"null", text)
    values = [_json_value(v) for v in col.to_pylist()]
    return _cells(_RAW, prefix, b"null", pa.array(values, pa.string()))


def _json_value(value: Any) -> str | None:
    """JSON text of a nested (or other) value; bytes as text, other scalars as strings."""
    if value is None:
        return None

    def plain(v: Any) -> Any:
        if isinstance(v, bytes):
            return v.decode("utf-8", "replace")
        if isinstance(v, dict):
            return {k: plain(x) for k, x in v.items()}
        if isinstance(v, list | tuple):
            return [plain(x) for x in v]
        return v

    return json.dumps(plain(value), ensure_ascii=False, default=str)
