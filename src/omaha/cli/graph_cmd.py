"""``omaha graph``: a player's results graph, PNG or SVG (docs/analysis.md).

The cumulative net won, the all-in EV line and the showdown and
non-showdown lines over the player's hands
(:func:`omaha.history.plot.save_graph`). Needs matplotlib
(``pip install "omaha-poker[plot]"``).

Exit status: 0, or 1 for a file or hand that cannot be read, a player
with no hand, a missing matplotlib or an output that cannot be written,
2 for a usage error.
"""

from __future__ import annotations

import argparse
import sys

from omaha.cli.analysis_args import add_input_arguments, read_frame
from omaha.errors import OmahaError

__all__ = ["add_parser", "run"]


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``graph`` subcommand."""
    p = sub.add_parser(
        "graph",
        help="a player's results graph: net won, all-in EV, showdown / non-showdown",
        description=(
            "Draw a player's cumulative net won, all-in EV line and showdown / non-showdown "
            "lines over their hands, to a PNG or SVG file (needs matplotlib: "
            'pip install "omaha-poker[plot]").'
        ),
    )
    add_input_arguments(p)
    p.add_argument("--player", metavar="NAME", required=True, help="the player")
    p.add_argument("-o", "--output", metavar="GRAPH", required=True, help="a .png or .svg file")
    p.add_argument(
        "--in",
        dest="unit",
        choices=("bb", "money"),
        default="bb",
        help="big blinds (default) or money (the hands' one currency)",
    )
    p.add_argument("--width", type=int, default=1000, help="pixels (default 1000)")
    p.add_argument("--height", type=int, default=600, help="pixels (default 600)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Write the graph; return the exit status."""
    from omaha.history.plot import save_graph

    try:
        frame = read_frame(args, "graph")
        save_graph(
            frame, args.player, args.output, in_=args.unit, width=args.width, height=args.height
        )
    except (OmahaError, OSError) as exc:
        print(f"omaha graph: {exc}", file=sys.stderr)
        return 1
    return 0
