"""Arrow arrays to and from NumPy arrays and Python strings, through their buffers.

``pyarrow.array``, ``pyarrow.scalar`` and ``Array.to_numpy`` import pandas
whenever it is installed, to check whether their argument is a pandas
object: 0.2 to 0.4 s of CPU added to every ``omaha eval`` run, which never
touches pandas. :mod:`omaha.files` converts here instead, from and to the
arrays' buffers (``pyarrow.Array.from_buffers``, ``numpy.frombuffer``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np
    import pyarrow as pa

__all__ = [
    "empty_text",
    "from_numpy",
    "int64_values",
    "strings",
    "text_buffers",
    "to_numpy",
    "valid_mask",
]


def from_numpy(values: np.ndarray, type: pa.DataType, valid: np.ndarray | None = None) -> pa.Array:
    """Return an Arrow array of fixed-width ``type`` holding ``values``.

    Parameters
    ----------
    values : numpy.ndarray
        1-D, any integer or float dtype; converted to ``type``'s width
        (without a check: the caller knows the values fit).
    type : pyarrow.DataType
        A fixed-width integer or floating-point type.
    valid : numpy.ndarray of bool, optional
        (n,): False where the value is null. By default none is.

    Raises
    ------
    ValueError
        ``values`` is not 1-D, ``valid`` not of its length, or ``type`` not
        a fixed-width number type.

    Examples
    --------
    >>> import numpy as np, pyarrow as pa
    >>> from_numpy(np.array([1, 2, 3]), pa.uint8(), np.array([True, False, True])).to_pylist()
    [1, None, 3]
    """
    import numpy as np
    import pyarrow as pa

    if values.ndim != 1:
        raise ValueError(f"values must be 1-D, got shape {values.shape}")
    if not (pa.types.is_integer(type) or pa.types.is_floating(type)):
        raise ValueError(f"type must be a fixed-width number type, got {type}")
    data = np.ascontiguousarray(values, dtype=type.to_pandas_dtype())
    n = len(data)
    bitmap = None
    nulls = 0
    if valid is not None:
        if valid.shape != (n,):
            raise ValueError(f"valid must be of shape ({n},), got {valid.shape}")
        valid = np.asarray(valid, dtype=bool)
        nulls = n - int(np.count_nonzero(valid))
        if nulls:
            bitmap = pa.py_buffer(np.packbits(valid, bitorder="little"))
    return pa.Array.from_buffers(type, n, [bitmap, pa.py_buffer(data)], null_count=nulls)


def strings(items: Sequence[str]) -> pa.Array:
    """Return an Arrow string array of ``items`` (no nulls).

    >>> strings(["As", "", "Kd"]).to_pylist()
    ['As', '', 'Kd']
    """
    import numpy as np
    import pyarrow as pa

    encoded = [s.encode() for s in items]
    offsets = np.zeros(len(encoded) + 1, np.int32)
    np.cumsum([len(b) for b in encoded], out=offsets[1:])
    data = b"".join(encoded)
    return pa.Array.from_buffers(
        pa.string(), len(encoded), [None, pa.py_buffer(offsets), pa.py_buffer(data)]
    )


def empty_text(type: pa.DataType) -> pa.Scalar | None:
    """Return the empty string as a scalar of text ``type``, or None if it is not text.

    >>> import pyarrow as pa
    >>> empty_text(pa.large_string()), empty_text(pa.int64())
    (<pyarrow.LargeStringScalar: ''>, None)
    """
    import numpy as np
    import pyarrow as pa

    if pa.types.is_string(type) or pa.types.is_binary(type):
        width = "<i4"
    elif pa.types.is_large_string(type) or pa.types.is_large_binary(type):
        width = "<i8"
    else:
        return None
    offsets = pa.py_buffer(np.zeros(2, width))
    return pa.Array.from_buffers(type, 1, [None, offsets, pa.py_buffer(b"")])[0]


def to_numpy(arr: pa.Array | pa.ChunkedArray) -> np.ndarray:
    """Return the values of a fixed-width number or boolean array as a NumPy array.

    Numbers of an array are a view of its buffer (read-only; a chunked
    array's are a copy); a null's slot holds whatever the buffer holds
    there (see :func:`valid_mask`).

    Raises
    ------
    ValueError
        ``arr`` is not of a fixed-width number type or boolean.

    Examples
    --------
    >>> import pyarrow as pa, numpy as np
    >>> to_numpy(from_numpy(np.arange(6), pa.int16()).slice(2)).tolist()
    [2, 3, 4, 5]
    >>> to_numpy(pa.chunked_array([[1, 2], [3]], pa.int8())).tolist()
    [1, 2, 3]
    >>> valid = np.array([True, False, True])
    >>> to_numpy(from_numpy(np.arange(3), pa.int8(), valid).is_null()).tolist()
    [False, True, False]
    """
    import numpy as np
    import pyarrow as pa

    t = arr.type
    if isinstance(arr, pa.ChunkedArray):
        if arr.num_chunks == 1:
            return to_numpy(arr.chunk(0))
        if arr.num_chunks == 0:
            return to_numpy(pa.nulls(0, t))
        return np.concatenate([to_numpy(c) for c in arr.chunks])
    n, start = len(arr), arr.offset
    data = arr.buffers()[1]
    if pa.types.is_boolean(t):
        if data is None:
            return np.zeros(n, bool)
        bits = np.unpackbits(np.frombuffer(data, np.uint8), bitorder="little")
        return bits[start : start + n].astype(bool)
    if not (pa.types.is_integer(t) or pa.types.is_floating(t)):
        raise ValueError(f"not a fixed-width number or boolean array: {t}")
    dtype = np.dtype(t.to_pandas_dtype())
    if data is None:
        return np.zeros(n, dtype)
    return np.frombuffer(data, dtype, count=n, offset=start * dtype.itemsize)


def valid_mask(arr: pa.Array | pa.ChunkedArray) -> np.ndarray | None:
    """Return bool (n,), False where ``arr`` is null; None if it has no null.

    >>> import pyarrow as pa, numpy as np
    >>> valid_mask(from_numpy(np.arange(3), pa.int8(), np.array([True, False, True]))).tolist()
    [True, False, True]
    >>> valid_mask(pa.chunked_array([["As", None], ["Kd"]]).chunk(0).slice(1)).tolist()
    [False]
    >>> valid_mask(pa.chunked_array([["As"], [None, "Kd"]])).tolist()
    [True, False, True]
    """
    import numpy as np
    import pyarrow as pa

    if not arr.null_count:
        return None
    if isinstance(arr, pa.ChunkedArray):
        masks = [valid_mask(c) for c in arr.chunks]
        return np.concatenate([np.ones(len(c), bool) if m is None else m
                               for c, m in zip(arr.chunks, masks, strict=True)])  # fmt: skip
    n, start = len(arr), arr.offset
    bitmap = arr.buffers()[0]
    if bitmap is None:  # a null-type array: every value is null
        return np.zeros(n, bool)
    bits = np.unpackbits(np.frombuffer(bitmap, np.uint8), bitorder="little")
    return bits[start : start + n].astype(bool)


def int64_values(arr: pa.Array | pa.ChunkedArray) -> np.ndarray:
    """Return an integer array's values as a new int64 NumPy array, 0 where null.

    >>> import pyarrow as pa, numpy as np
    >>> int64_values(from_numpy(np.arange(3), pa.uint8(), np.array([True, False, True]))).tolist()
    [0, 0, 2]
    """
    import numpy as np

    values = to_numpy(arr).astype(np.int64)
    valid = valid_mask(arr)
    if valid is not None:
        values[~valid] = 0
    return values


def text_buffers(col: pa.Array) -> tuple[np.ndarray, np.ndarray | bytes, np.ndarray | None, int]:
    """Return the buffers of a string or binary array, read in place.

    Returns
    -------
    (numpy.ndarray, numpy.ndarray or bytes, numpy.ndarray or None, int)
        The int64 offsets (n + 1,) of the values (the array's own slice),
        the data bytes as uint8 (``b""`` when the array has no data buffer),
        the validity bitmap as uint8 (None without one), and the bit offset
        of the first value in it. View types are cast to ``large_binary``
        first.

    Examples
    --------
    >>> import pyarrow as pa
    >>> offsets, data, bits, offset = text_buffers(pa.array(["As", None, "Kd7h"]).slice(1))
    >>> offsets.tolist(), bytes(data[offsets[0] : offsets[-1]]), offset
    ([2, 2, 6], b'Kd7h', 1)
    """
    import numpy as np
    import pyarrow as pa

    t = col.type
    if pa.types.is_string_view(t) or pa.types.is_binary_view(t):
        col = col.cast(pa.large_binary())
        t = col.type
    wide = pa.types.is_large_string(t) or pa.types.is_large_binary(t)
    validity, offs, data = col.buffers()[:3]
    offsets = np.frombuffer(offs, np.int64 if wide else np.int32)[
        col.offset : col.offset + len(col) + 1
    ]
    bits = np.frombuffer(validity, np.uint8) if validity is not None else None
    return (
        offsets.astype(np.int64),
        np.frombuffer(data, np.uint8) if data is not None else b"",
        bits,
        col.offset,
    )
