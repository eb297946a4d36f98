"""What ``omaha report`` and ``omaha graph`` share: reading the files into a table."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from omaha.errors import ArgumentError, OmahaError

if TYPE_CHECKING:
    import pyarrow as pa

__all__ = ["add_input_arguments", "read_frame"]


def add_input_arguments(p: argparse.ArgumentParser) -> None:
    """Add the files and the reading options (``--lenient``, ``--no-progress``, ``--dask``)."""
    p.add_argument(
        "paths",
        nargs="+",
        metavar="FILE",
        help="a site's hand-history file, a .phh or .phhs file, or a glob ('hands/**/*.txt')",
    )
    p.add_argument(
        "--lenient",
        action="store_true",
        help="skip a hand (or file) that cannot be read or replayed, with a warning, and go on",
    )
    p.add_argument(
        "--no-progress",
        dest="progress",
        action="store_false",
        help="no progress bar (there is none either when standard error is not a terminal)",
    )
    p.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="read the files on a Dask cluster (a scheduler address, or local:N)",
    )
    p.add_argument(
        "--hands-per-task",
        type=int,
        metavar="N",
        help="with --dask: one task per block of N hands of a file (default: one per file)",
    )


def read_frame(args: argparse.Namespace, command: str) -> pa.Table:
    """Return the table of the files named (:func:`omaha.history.to_frame`, or on Dask)."""
    progress = bool(args.progress) and sys.stderr.isatty()
    if args.hands_per_task is not None and not args.dask:
        raise ArgumentError("--hands-per-task is for --dask: the tasks of a cluster")

    def skip(exc: OmahaError) -> None:
        print(f"omaha {command}: warning: {exc} (skipped)", file=sys.stderr, flush=True)

    if args.dask:
        import pyarrow as pa

        from omaha import dask as omaha_dask
        from omaha.history.frame import SCHEMA

        with omaha_dask.connect(args.dask) as client:
            lazy = omaha_dask.history_frame(
                args.paths, lenient=args.lenient, hands_per_task=args.hands_per_task
            )
            df = client.compute(lazy).result()
        return pa.Table.from_pandas(df, schema=SCHEMA, preserve_index=False)
    from omaha.history.frame import to_frame

    return to_frame(args.paths, lenient=args.lenient, on_skip=skip, progress=progress)
