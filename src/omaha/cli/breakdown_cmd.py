"""``omaha breakdown``: how a range hits a board, class by class (docs/study.md)."""

from __future__ import annotations

import argparse
import sys

from omaha.cli.study_args import add_output_arguments, add_spot_arguments, write_table
from omaha.errors import OmahaError

__all__ = ["add_parser", "run"]


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``breakdown`` subcommand."""
    p = sub.add_parser(
        "breakdown",
        help="how a range hits a board: made hands, draws, lows (Flopzilla-style)",
        description=(
            "The weight of RANGE in each made-hand class, each draw (flush draws, wraps by "
            "outs) and, with --game hilo, each low class on BOARD, counted exactly "
            "(classes defined in docs/study.md)."
        ),
        epilog='example: omaha breakdown "KK+:$ds" Ks7s2d --game hilo',
    )
    p.add_argument("range", metavar="RANGE", help="the range (docs/ranges.md) or hole cards")
    p.add_argument("board", metavar="BOARD", help="3, 4 or 5 board cards")
    add_spot_arguments(p)
    add_output_arguments(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Compute and write the table; return the exit status."""
    from omaha.study import board_breakdown

    try:
        write_table(board_breakdown(args.range, args.board, game=args.game, dead=args.dead), args)
    except (OmahaError, OSError) as exc:
        print(f"omaha breakdown: {exc}", file=sys.stderr)
        return 2 if isinstance(exc, OmahaError) else 1
    return 0
