"""``omaha showdown``: every player's high and low on a board, and the winners."""

from __future__ import annotations

import argparse
import json
import sys

from omaha.cards import format_cards
from omaha.errors import OmahaError
from omaha.evaluator import showdown
from omaha.games import Game


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``showdown`` subcommand."""
    p = sub.add_parser(
        "showdown",
        help="show each player's hands on a board and who wins each half",
        description="Evaluate each player's best high (and low) on a board and name the winners.",
    )
    p.add_argument("holes", nargs="+", metavar="HOLE", help="hole cards, e.g. AsKsKd4h")
    p.add_argument("--board", required=True, help="3 to 5 board cards, e.g. 2hKh8d5sAc")
    p.add_argument(
        "--game", choices=[g.value for g in Game], default="hi", help="Omaha Hi or Hi-Lo 8/b"
    )
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Print the showdown; exit status 1 on bad cards."""
    try:
        result = showdown(args.holes, args.board, game=args.game)
    except OmahaError as exc:
        print(f"omaha showdown: {exc}", file=sys.stderr)
        return 1
    rows = []
    for i, p in enumerate(result.players):
        rows.append(
            {
                "player": i + 1,
                "hole": format_cards(p.hole_cards),
                "hi_strength": p.high.strength,
                "hi_name": p.high.name,
                "hi_cards": format_cards(p.high.cards),
                "lo_strength": p.low.strength if p.low else None,
                "lo_name": p.low.name if p.low else None,
                "lo_cards": format_cards(p.low.cards) if p.low else None,
                "wins_high": i in result.high_winners,
                "wins_low": i in result.low_winners,
            }
        )
    if args.json:
        print(
            json.dumps({"board": format_cards(result.board), "game": result.game, "players": rows})
        )
        return 0
    print(f"Board: {format_cards(result.board, ' ')}")
    for r in rows:
        line = f"Player {r['player']} [{r['hole']}]  high: {r['hi_name']} ({r['hi_cards']})"
        if args.game == "hilo":
            low = f"{r['lo_name']} ({r['lo_cards']})" if r["lo_name"] else "no low"
            line += f"  low: {low}"
        print(line)
    hw = ", ".join(f"Player {i + 1}" for i in result.high_winners)
    print(f"High: {hw}" + (" (split)" if len(result.high_winners) > 1 else ""))
    if args.game == "hilo":
        if result.low_winners:
            lw = ", ".join(f"Player {i + 1}" for i in result.low_winners)
            print(f"Low: {lw}" + (" (split)" if len(result.low_winners) > 1 else ""))
        else:
            print("Low: none qualifies; the high hand takes the whole pot")
        if result.scoop is not None:
            print(f"Player {result.scoop + 1} scoops")
    return 0
