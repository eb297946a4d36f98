"""Which format and codec a table file is: from its name, or from its first bytes.

The formats are CSV and TSV (with a header), JSON Lines, Parquet and Arrow
IPC (Feather v2); the text formats may be compressed with gzip, bz2 or
zstd (``deals.csv.gz``). A name says both (:func:`format_of`); standard
input and unknown extensions are recognised by their content
(:func:`sniff_format`, :func:`sniff_codec`).
"""

from __future__ import annotations

import os
from typing import Any

from omaha.errors import TableFormatError

__all__ = [
    "CODECS",
    "FORMATS",
    "JSON_TEXT",
    "TEXT_FORMATS",
    "check_format",
    "format_of",
    "is_json_text",
    "sniff_codec",
    "sniff_format",
]

FORMATS = ("csv", "tsv", "jsonl", "parquet", "arrow")
"""The table formats: CSV and TSV (with a header), JSON Lines, Parquet, Arrow IPC (Feather v2)."""

TEXT_FORMATS = ("csv", "tsv", "jsonl")
"""The formats written as text, which a codec may compress."""

CODECS = ("gzip", "bz2", "zstd")
"""The codecs of a text format."""

_EXTENSIONS = {
    ".csv": "csv",
    ".tsv": "tsv",
    ".tab": "tsv",
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".parquet": "parquet",
    ".pq": "parquet",
    ".arrow": "arrow",
    ".feather": "arrow",
    ".ipc": "arrow",
}
_CODEC_EXTENSIONS = {
    ".gz": "gzip",
    ".gzip": "gzip",
    ".bz2": "bz2",
    ".zst": "zstd",
    ".zstd": "zstd",
}
_MAGIC = {b"\x1f\x8b": "gzip", b"BZh": "bz2", b"\x28\xb5\x2f\xfd": "zstd"}


def format_of(path: str, *, writing: bool = False) -> tuple[str | None, str | None]:
    """Return ``(format, codec)`` from a file name such as ``deals.csv.gz``.

    Parameters
    ----------
    path : str
        The file name (``-`` for standard input or output).
    writing : bool, default False
        Whether the file is to be written: then an extension that names no
        format is an error (for reading, the content decides).

    Returns
    -------
    (str or None, str or None)
        One of :data:`FORMATS` (None when the name does not say), and one of
        :data:`CODECS` or None.

    Raises
    ------
    TableFormatError
        When writing, an extension that is not a format (``out.xlsx``).

    Examples
    --------
    >>> format_of("deals.csv.gz")
    ('csv', 'gzip')
    >>> format_of("out.parquet")
    ('parquet', None)
    """
    if path == "-":
        return None, None
    name = os.path.basename(path).lower()
    root, ext = os.path.splitext(name)
    codec = _CODEC_EXTENSIONS.get(ext)
    codec_ext = ext
    if codec is not None:
        root, ext = os.path.splitext(root)
    fmt = _EXTENSIONS.get(ext)
    if fmt is None and writing and (ext or codec):
        known = " ".join(sorted(_EXTENSIONS))
        what = f"unknown extension {ext!r}" if ext else f"no format before {codec_ext!r}"
        raise TableFormatError(
            f"{what} in {path!r}: the formats are {known}, "
            "each optionally followed by .gz, .bz2 or .zst (or give --format)"
        )
    return fmt, codec


def check_format(fmt: str, codec: str | None, path: str) -> None:
    """Raise :class:`TableFormatError` for an unknown format, or a codec it does not take."""
    if fmt not in FORMATS:
        raise TableFormatError(f"unknown format {fmt!r}; the formats are {', '.join(FORMATS)}")
    if codec is not None and codec not in CODECS:
        raise TableFormatError(f"unknown codec {codec!r}; the codecs are {', '.join(CODECS)}")
    if codec is not None and fmt not in TEXT_FORMATS:
        raise TableFormatError(
            f"{path!r}: {fmt} files are compressed inside; {codec} applies to csv, tsv "
            "and jsonl only"
        )


def sniff_format(head: bytes) -> str:
    """Return the format that a file's first bytes show (CSV when nothing else fits).

    >>> sniff_format(b"PAR1..."), sniff_format(b' {"hole": "AsKsQsJs"}'), sniff_format(b"hole,")
    ('parquet', 'jsonl', 'csv')
    """
    if head.startswith(b"PAR1"):
        return "parquet"
    if head.startswith(b"ARROW1") or head.startswith(b"\xff\xff\xff\xff"):
        return "arrow"
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    return "jsonl" if text.startswith(b"{") else "csv"


def sniff_codec(head: bytes) -> str | None:
    """Return the codec whose magic bytes ``head`` starts with, or None.

    >>> sniff_codec(bytes([0x1F, 0x8B, 8])), sniff_codec(b"hole,board")
    ('gzip', None)
    """
    return next((c for magic, c in _MAGIC.items() if head.startswith(magic)), None)


JSON_TEXT = b"omaha.json"
"""A field's metadata key, set to ``b"1"`` where a column's strings are JSON texts.

A JSON Lines column of mixed types (numbers and strings, objects) is read as
the JSON text of each value; writers and the card reader decode it again."""


def is_json_text(field: Any) -> bool:
    """Whether a ``pyarrow.Field`` holds JSON texts (:data:`JSON_TEXT`)."""
    return bool(field.metadata) and field.metadata.get(JSON_TEXT) == b"1"
