"""``omaha distribution``: the exact equity of every combination of a range (docs/study.md)."""

from __future__ import annotations

import argparse
import sys

from omaha.cli.study_args import add_output_arguments, add_spot_arguments, write_table
from omaha.errors import OmahaError

__all__ = ["add_parser", "run"]


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``distribution`` subcommand."""
    p = sub.add_parser(
        "distribution",
        help="the equity of every combination of a range against a hand or range, in buckets",
        description=(
            "The exact equity of every combination of RANGE against OPPONENT on the board, "
            "as equity buckets (the default) or one row per combination (--combos); "
            "--png draws the buckets (needs matplotlib). docs/study.md."
        ),
        epilog='example: omaha distribution "AA:ds" KhKs7d6c --board Kd8h2c --bins 5',
    )
    p.add_argument("range", metavar="RANGE", help="the range (docs/ranges.md) or hole cards")
    p.add_argument("opponent", metavar="OPPONENT", help="hole cards or a range")
    p.add_argument("--board", default="", help="0, 3, 4 or 5 board cards")
    p.add_argument("--bins", type=int, default=10, help="equity buckets (default 10)")
    p.add_argument("--combos", action="store_true", help="one row per combination")
    p.add_argument("--png", metavar="FILE", help="also draw the buckets into FILE")
    add_spot_arguments(p)
    add_output_arguments(p)
    p.add_argument("--no-progress", action="store_true", help="never show a progress bar")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Compute and write the table; return the exit status."""
    from omaha.study import equity_distribution

    try:
        d = equity_distribution(
            args.range,
            args.opponent,
            args.board,
            game=args.game,
            bins=args.bins,
            dead=args.dead,
            progress=1.0 if not args.no_progress and sys.stderr.isatty() else False,
        )
        write_table(d.combos if args.combos else d.buckets, args)
        if args.png:
            d.to_png(
                args.png, title=f"{args.range} vs {args.opponent} on {args.board or 'preflop'}"
            )
    except (OmahaError, OSError) as exc:
        print(f"omaha distribution: {exc}", file=sys.stderr)
        return 2 if isinstance(exc, OmahaError) else 1
    return 0
