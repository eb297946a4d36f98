"""``omaha eval``: evaluate a table of deals (argument parsing; :mod:`omaha.files` works)."""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any

from omaha.cli.eval_messages import os_problem, refused, say
from omaha.files.formats import CODECS, FORMATS
from omaha.files.tabular import RESULT_COLUMNS

__all__ = ["CHUNK_ROWS", "OUTPUT_COLUMNS", "add_parser", "run"]

OUTPUT_COLUMNS = ("id", *RESULT_COLUMNS)
"""The output columns of a file with just ``id``, ``hole`` and ``board``."""

CHUNK_ROWS = 65_536
"""Rows per batch by default."""

_EPILOG = """\
formats: csv, tsv (with a header), jsonl (JSON Lines), parquet, arrow (Arrow IPC / Feather);
by extension (.csv .tsv .jsonl .ndjson .parquet .arrow .feather), text formats optionally
compressed (.gz .bz2 .zst). Standard input ('-') is recognised by its content, or give
--input-format.

exit status:
  0  every row evaluated
  1  a row that cannot be evaluated (without --skip-invalid: its line and reason on
     stderr; a file output is not created), an input that cannot be read, or a failed
     write (a full disk)
  2  a usage error: an unknown option, format, extension or column
  3  --skip-invalid skipped rows (each reported, with its line and reason, on stderr
     or in --rejects FILE); the other rows were written
"""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``eval`` subcommand."""
    p = sub.add_parser(
        "eval",
        help="evaluate a table of deals (high and eight-or-better low, with the cards used)",
        description=(
            "Evaluate every deal of FILE: the best Omaha high hand and the best "
            "eight-or-better low, with the cards used in ranking order. Each row holds "
            "a hole column (4 to 6 cards) and a board column (3 to 5 cards); cards run "
            "together (AsKd7h2c) or are separated by spaces, in either case, 10 for T. "
            "The other columns pass through (an id of row numbers is added when there is "
            "none), followed by " + ", ".join(RESULT_COLUMNS) + " (the low is empty "
            "when there is no low)."
        ),
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", metavar="FILE", help="input file, or '-' for standard input")
    p.add_argument("more", nargs="*", help=argparse.SUPPRESS)  # with --dask: more inputs
    p.add_argument(
        "-o", "--output", metavar="OUT", default="-", help="output file (default: stdout)"
    )
    p.add_argument(
        "--format", choices=FORMATS, help="output format (default: from OUT, else the input's)"
    )
    p.add_argument(
        "--input-format",
        choices=FORMATS,
        help="input format (default: from FILE, else its content)",
    )
    p.add_argument(
        "--compression",
        choices=CODECS,
        help="compress a text output (default: from OUT's extension, e.g. out.csv.gz)",
    )
    p.add_argument(
        "--compression-level",
        type=int,
        metavar="N",
        help="the codec's level: gzip and bz2 1-9, zstd 1-22 (default: 1 for gzip and zstd, "
        "the fastest; 9 for bz2)",
    )
    p.add_argument(
        "--columns",
        type=_names,
        metavar="A,B,...",
        help="the output columns, in order (input columns and result columns)",
    )
    p.add_argument("--hole", default="hole", help="the hole column (default: hole)")
    p.add_argument("--board", default="board", help="the board column (default: board)")
    p.add_argument(
        "--replace",
        action="store_true",
        help="an input column named like a result column (hi_strength, ...) is replaced by "
        "the result (without it, such a column is an error: exit status 2)",
    )
    p.add_argument(
        "--skip-invalid",
        action="store_true",
        help="skip a row that cannot be evaluated (reported; exit status 3) instead of stopping",
    )
    p.add_argument(
        "--rejects",
        metavar="FILE",
        help="with --skip-invalid: write the rejected rows (line, row, reason, hole, board) "
        "to FILE instead of stderr",
    )
    p.add_argument(
        "--threads",
        type=_positive_int,
        default=1,
        metavar="N",
        help="threads running the kernel (default: 1; reading ahead and writing "
        "behind take one each)",
    )
    p.add_argument(
        "--stats", action="store_true", help="report rows and rows/second on stderr at the end"
    )
    p.add_argument(
        "--no-progress",
        action="store_true",
        help="no progress bar (by default one is shown when stderr is a terminal)",
    )
    p.add_argument(
        "--chunk-size",
        type=_positive_int,
        default=CHUNK_ROWS,
        metavar="ROWS",
        help=f"rows per batch (default {CHUNK_ROWS})",
    )
    p.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="run on a Dask cluster: a scheduler address, or local:N to start N local "
        "workers; FILE may then be several files or glob patterns that the workers read, "
        "and -o names the directory where they write Parquet parts "
        '(needs pip install "omaha-poker[dask]")',
    )
    p.set_defaults(func=run)


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def _names(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",")]
    if not all(names):
        raise argparse.ArgumentTypeError(f"an empty column name in {text!r}")
    return names


class _Progress:
    """A bar of the input read, with rows/s, on a terminal."""

    def __init__(self, path: str) -> None:
        from tqdm import tqdm

        total = os.path.getsize(path) if path != "-" and os.path.isfile(path) else None
        self.bar = tqdm(total=total, unit="B", unit_scale=True, desc="omaha eval", file=sys.stderr)
        self.started = time.perf_counter()
        self.seen = 0

    def update(self, rows: int, read: int) -> None:
        self.bar.update(max(read - self.seen, 0))
        self.seen = max(read, self.seen)
        rate = rows / max(time.perf_counter() - self.started, 1e-9)
        self.bar.set_postfix_str(f"{rows:,} rows, {rate:,.0f} rows/s", refresh=False)

    def close(self) -> None:
        if self.bar.total is not None:
            self.bar.update(self.bar.total - self.bar.n)
        self.bar.close()


def run(args: argparse.Namespace) -> int:
    """Evaluate the input and write the output; return the exit status (see the epilog)."""
    from omaha.errors import ArgumentError, BadRowError, ColumnError, TableFormatError
    from omaha.files.formats import format_of
    from omaha.files.pipeline import evaluate_file
    from omaha.files.readers import RejectedRow

    if args.dask is not None:
        from omaha.cli.eval_dask import run_dask

        return run_dask(args)
    if args.more:
        say("several input files need --dask")
        return 2
    for path in (args.output, args.rejects):
        if path and path != "-" and not (path == args.output and args.format):
            try:
                format_of(path, writing=True)
            except TableFormatError as exc:
                say(str(exc))
                return 2
    if args.rejects and not args.skip_invalid:
        say("--rejects needs --skip-invalid")
        return 2
    written = args.format
    if written is None and args.output not in (None, "-"):
        written = format_of(args.output, writing=True)[0]  # a known extension: checked above
    if args.compression and written in ("parquet", "arrow"):
        say(f"--compression applies to csv, tsv and jsonl output, not {written}")
        return 2

    def report(row: RejectedRow) -> None:
        say(f"{row.where()}: {row.reason} (skipped)")

    bar: Any = None
    if not args.no_progress and sys.stderr.isatty():
        bar = _Progress(args.file)
    try:
        stats = evaluate_file(
            args.file,
            args.output,
            input_format=args.input_format,
            output_format=args.format,
            codec=args.compression,
            compression_level=args.compression_level,
            columns=args.columns,
            hole=args.hole,
            board=args.board,
            skip_invalid=args.skip_invalid,
            rejects=args.rejects or report,
            threads=args.threads,
            chunk_rows=args.chunk_size,
            progress=bar.update if bar is not None else None,
            replace=args.replace,
        )
    except (BadRowError, ColumnError, TableFormatError) as exc:
        return refused(exc)
    except ArgumentError as exc:  # a compression level
        say(str(exc))
        return 2
    except BrokenPipeError:
        raise  # the reader of the output went away: not an error (omaha.cli.main)
    except OSError as exc:  # reading or writing failed: a missing file, a full disk
        say(os_problem(exc, [args.file]))
        return 1
    finally:
        if bar is not None:
            bar.close()
    if args.stats:
        rate = stats.rows / stats.seconds if stats.seconds > 0 else float("inf")
        say(
            f"{stats.rows:,} rows in {stats.seconds:.2f} s ({rate:,.0f} rows/s)"
            + (f"; {stats.rejected:,} bad rows skipped" if stats.rejected else "")
        )
    return 3 if stats.rejected else 0
