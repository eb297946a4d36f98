"""``omaha report``: per player, what was won, the all-in EV and how they play (docs/analysis.md).

The files are read into a table (:func:`omaha.history.to_frame`), which
:func:`omaha.history.report` sums per player (and per stakes, day or site
with ``--by``), split by currency; the result goes to standard output as
an aligned table, CSV or JSON.

Exit status: 0, or 1 for a file or hand that cannot be read or replayed
(without ``--lenient``) or a player with no hand, 2 for a usage error.
"""

from __future__ import annotations

import argparse
import sys

from omaha.cli.analysis_args import add_input_arguments, read_frame
from omaha.errors import OmahaError

__all__ = ["add_parser", "run"]


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``report`` subcommand.

    ``--by`` is checked by :func:`omaha.history.report` (the owner of the groups), so that
    building the parser imports no hand-history module (every ``omaha`` command builds it).
    """
    p = sub.add_parser(
        "report",
        help="per player: net won, bb/100, all-in EV, rake, VPIP, PFR, 3-bet, showdowns",
        description=(
            "Read hand histories (sites' files, PHH) and report per player: hands, net won in "
            "money and big blinds, bb/100, the exact all-in EV net and EV bb/100, the rake paid, "
            "the house's money won (a Cash Drop), VPIP, PFR, 3-bet %, went to showdown % and "
            "won at showdown % (docs/analysis.md). "
            "Hands of different currencies are never summed together."
        ),
    )
    add_input_arguments(p)
    p.add_argument("--player", metavar="NAME", help="only this player")
    p.add_argument(
        "--by",
        metavar="stakes|day|site|none",
        default="none",
        help="split further by stakes, day or site (default: none)",
    )
    p.add_argument("--format", choices=("text", "csv", "json"), default="text")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Print the report; return the exit status."""
    from omaha.history.reports import format_report, report

    try:
        frame = read_frame(args, "report")
        rows = report(frame, player=args.player, by=args.by)
    except (OmahaError, OSError) as exc:
        print(f"omaha report: {exc}", file=sys.stderr)
        return 1
    sys.stdout.write(format_report(rows, args.format, by=args.by))
    return 0
