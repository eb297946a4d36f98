"""The ``omaha`` command line: a thin argparse wrapper over the library.

Each subcommand lives in its own module of this package and provides
``add_parser(subparsers)`` (which registers the subcommand and sets
``func``) ; ``main`` dispatches. Heavy modules load only when their
subcommand runs.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

__all__ = ["main"]

# Subcommand name -> module in this package that implements it.
_COMMANDS = {
    "eval": "omaha.cli.eval_cmd",
    "showdown": "omaha.cli.showdown_cmd",
    "bench": "omaha.cli.bench_cmd",
    "equity": "omaha.cli.equity_cmd",
    "replay": "omaha.cli.replay_cmd",
    "import": "omaha.cli.import_cmd",
    "report": "omaha.cli.report_cmd",
    "graph": "omaha.cli.graph_cmd",
    "flops": "omaha.cli.flops_cmd",
    "distribution": "omaha.cli.distribution_cmd",
    "breakdown": "omaha.cli.breakdown_cmd",
}


def build_parser() -> argparse.ArgumentParser:
    """Return the argument parser with every available subcommand."""
    from omaha import __version__

    parser = argparse.ArgumentParser(
        prog="omaha", description="Fast, exact Omaha Hi and Hi-Lo evaluation, equity and replay."
    )
    parser.add_argument("--version", action="version", version=f"omaha {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for module in _COMMANDS.values():
        try:
            mod = importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
            continue  # subcommand not built yet
        mod.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``omaha`` command line; return the exit status.

    Exit status: 0 on success, 1 on a bad input file or row, 2 on a usage
    error or (for ``replay``) an illegal action.
    """
    if "numpy" not in sys.modules:
        # omaha makes no BLAS call; NumPy's BLAS threads would only take CPU from the run.
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except BrokenPipeError:
        # The reader went away (e.g. `omaha eval ... | head`): not an error.
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
