"""``omaha eval --dask``: the options of ``omaha eval`` mapped onto ``evaluate_files``."""

from __future__ import annotations

import argparse

from omaha.cli.eval_messages import os_problem, refused, say

__all__ = ["run_dask"]


def run_dask(args: argparse.Namespace) -> int:
    """Evaluate the inputs on a Dask cluster; return the exit status (as ``omaha eval``'s)."""
    from omaha.errors import ColumnError, InputRowError, MissingDependencyError, TableFormatError
    from omaha.files.readers import RejectedRow

    if args.output == "-":
        say("--dask needs -o OUTPUT_DIR: the workers write Parquet parts there")
        return 2
    if args.format not in (None, "parquet"):
        say(f"--dask writes Parquet parts, not --format {args.format}")
        return 2
    if args.compression or args.compression_level is not None:
        say("--compression and --compression-level are for text outputs; --dask writes Parquet")
        return 2
    if args.rejects and not args.skip_invalid:
        say("--rejects needs --skip-invalid")
        return 2
    try:
        from omaha import dask as omaha_dask
    except MissingDependencyError as exc:
        say(str(exc))
        return 1
    from distributed.scheduler import KilledWorker

    try:
        with omaha_dask.connect(args.dask) as client:
            summary = omaha_dask.evaluate_files(
                [args.file, *args.more],
                args.output,
                input_format=args.input_format,
                columns=args.columns,
                hole=args.hole,
                board=args.board,
                skip_invalid=args.skip_invalid,
                threads=args.threads,
                chunk_rows=args.chunk_size,
                client=client,
            )
    except (InputRowError, ColumnError, TableFormatError) as exc:
        return refused(exc)
    except KilledWorker as exc:
        say(f"a task failed on every worker that tried it (Dask's KilledWorker): {exc}")
        return 1
    except ValueError as exc:  # standard input, local:0
        say(str(exc))
        return 2
    except OSError as exc:  # a missing input, an output that exists, an unreachable scheduler
        say(os_problem(exc, [args.file, *args.more]))
        return 1
    if summary.rejected:
        if args.rejects:
            from omaha.files.pipeline import write_rejects

            write_rejects(args.rejects, (row for _, row in summary.rejected))
        else:
            for path, row in summary.rejected:
                assert isinstance(row, RejectedRow)
                say(f"{path}: {row.where()}: {row.reason} (skipped)")
    if args.stats:
        rate = summary.rows / summary.seconds if summary.seconds > 0 else float("inf")
        say(
            f"{summary.rows:,} rows in {summary.seconds:.2f} s ({rate:,.0f} rows/s), "
            f"{summary.tasks} tasks, {summary.parts} parts"
            + (f"; {len(summary.rejected):,} bad rows skipped" if summary.rejected else "")
        )
    return 3 if summary.rejected else 0
