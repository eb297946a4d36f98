"""``omaha flops``: each player's exact equity on every flop (docs/study.md)."""

from __future__ import annotations

import argparse
import sys

from omaha.cli.study_args import add_output_arguments, add_spot_arguments, write_table
from omaha.errors import OmahaError

__all__ = ["add_parser", "run"]


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``flops`` subcommand."""
    p = sub.add_parser(
        "flops",
        help="each player's exact equity on every flop, with the flop's texture",
        description=(
            "One row per flop possible (suit-isomorphic flops folded, with their weight): each "
            "player's exact equity over every turn and river, and the flop's texture "
            "(docs/study.md). A hand is hole cards or a range (docs/ranges.md)."
        ),
        epilog=(
            'example: omaha flops AhAsKhKs JdTd9c8c; omaha flops AhAsKhKs "KK+:$ds" -o f.parquet'
        ),
    )
    p.add_argument("hands", nargs="+", metavar="HAND", help="hole cards or a range, per player")
    add_spot_arguments(p)
    add_output_arguments(p)
    p.add_argument("--no-progress", action="store_true", help="never show a progress bar")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Compute and write the table; return the exit status."""
    from omaha.study import flop_equities

    progress = 1.0 if not args.no_progress and sys.stderr.isatty() else False
    try:
        table = flop_equities(args.hands, game=args.game, dead=args.dead, progress=progress)
        write_table(table, args)
    except (OmahaError, OSError) as exc:
        print(f"omaha flops: {exc}", file=sys.stderr)
        return 2 if isinstance(exc, OmahaError) else 1
    return 0
