"""What ``omaha flops``, ``omaha distribution`` and ``omaha breakdown`` share: the output."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pyarrow as pa

__all__ = ["add_output_arguments", "add_spot_arguments", "write_table"]


def add_spot_arguments(p: argparse.ArgumentParser) -> None:
    """Add ``--game`` and ``--dead``."""
    p.add_argument("--game", choices=("hi", "hilo"), default="hi", help="Omaha Hi or Hi-Lo 8/b")
    p.add_argument("--dead", default="", help="dead cards, e.g. 2d")


def add_output_arguments(p: argparse.ArgumentParser) -> None:
    """Add ``--format`` and ``-o/--output``."""
    p.add_argument(
        "--format",
        choices=("text", "csv", "tsv", "jsonl", "parquet", "arrow"),
        help="text (an aligned table; the default on standard output), csv, tsv, jsonl, "
        "parquet or arrow (the default: from the output file's name)",
    )
    p.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        default="-",
        help="write to FILE (default: standard output)",
    )


def _text(table: pa.Table) -> str:
    names = table.column_names
    rows = [[_cell(v) for v in row.values()] for row in table.to_pylist()]
    widths = [max([len(n), *(len(r[i]) for r in rows)]) for i, n in enumerate(names)]
    lines = ["  ".join(n.rjust(w) for n, w in zip(names, widths, strict=True))]
    lines += ["  ".join(c.rjust(w) for c, w in zip(r, widths, strict=True)) for r in rows]
    return "\n".join(lines) + "\n"


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.6f}"
    return str(value)


def write_table(table: pa.Table, args: argparse.Namespace) -> None:
    """Write ``table`` as ``--format`` says, to ``--output`` (the writers of omaha.files)."""
    from omaha.files.writer import open_writer

    fmt = args.format
    if fmt is None and args.output == "-":
        fmt = "text"
    if fmt == "text":
        text = _text(table)
        if args.output == "-":
            sys.stdout.write(text)
        else:
            with open(args.output, "w", encoding="utf-8") as f:
                f.write(text)
        return
    writer = open_writer(args.output, fmt)
    try:
        for batch in table.to_batches():
            writer.write(batch)
        if not table.num_rows:
            writer.write_header(table.column_names)
    except BaseException:
        writer.abort()
        raise
    writer.close()
