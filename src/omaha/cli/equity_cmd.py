"""``omaha equity``: each hand's share of the pot, exact or by Monte Carlo."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from omaha.cards import format_cards
from omaha.errors import ArgumentError, OmahaError
from omaha.games import Game

MAX_DEALS = 2_000_000_000  # omaha.equities.MAX_DEALS, without importing NumPy for --help

# Hole-card arguments that stand for a random (unknown) hand.
_RANDOM = ("random", "?")


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``equity`` subcommand."""
    p = sub.add_parser(
        "equity",
        help="each hand's equity (share of the pot), exact or by Monte Carlo",
        description=(
            "Compute each player's Omaha Hi or Hi-Lo equity: exact enumeration of every "
            "board (and every hand of each range) when no hand is 'random' and the deals "
            "are few enough, Monte Carlo otherwise (or with --samples). A hand is hole "
            "cards, a range in the syntax of docs/ranges.md (quote it for the shell), or "
            "'random'. On a terminal, a progress bar appears on stderr for runs expected to "
            "take 3 seconds or more (and for any run once it has lasted 3 seconds). An exact "
            "run of more than --max-deals deals is refused with its count and the time it "
            "would take."
        ),
        epilog=(
            "examples: omaha equity AhAsKhKs JdTd9c8c --board Qs7h2c --game hilo; "
            'omaha equity AhAsKhKs "KK+:$ds" "15%" --board Qs7h2c'
        ),
    )
    p.add_argument(
        "holes",
        nargs="+",
        metavar="HAND",
        help=(
            "per player: hole cards, e.g. AhAsKhKs (4, 5 or 6 cards); a range, e.g. "
            "'KK+:$ds' or '15%%' (text that reads as cards is hole cards: write a range "
            "such as AsKs as '(AsKs)'); or 'random'"
        ),
    )
    p.add_argument("--board", default="", help="0, 3, 4 or 5 board cards, e.g. Qs7h2c")
    p.add_argument("--dead", default="", help="dead cards, e.g. 2d")
    p.add_argument(
        "--game", choices=[g.value for g in Game], default="hi", help="Omaha Hi or Hi-Lo 8/b"
    )
    how = p.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_true", help="enumerate every deal")
    how.add_argument("--samples", type=int, metavar="N", help="Monte Carlo with N samples")
    p.add_argument(
        "--target-stderr",
        type=float,
        metavar="X",
        help="Monte Carlo: stop once every standard error is at most X (e.g. 0.001)",
    )
    p.add_argument("--seed", type=int, help="Monte Carlo seed (0 <= S < 2**64)")
    p.add_argument("--threads", type=int, help="threads (default: every core for long runs)")
    p.add_argument(
        "--max-deals",
        type=int,
        metavar="N",
        default=MAX_DEALS,
        help="exact: the most deals to enumerate (default %(default)s); more is refused",
    )
    p.add_argument("--no-progress", action="store_true", help="never show a progress bar")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.set_defaults(func=run)


def _pct(x: float | None) -> str:
    return "" if x is None else f"{100 * x:.3f}%"


def _label(p: Any, text: str) -> str:
    """How a player's hand is shown: its cards, the range as typed, or 'random'."""
    if p.hole_cards is not None:
        return format_cards(p.hole_cards)
    return "random" if p.range is None else text


def _as_dict(result: Any, texts: list[str]) -> dict[str, Any]:
    players = []
    for i, p in enumerate(result.players):
        players.append(
            {
                "player": i + 1,
                "hole": None if p.hole_cards is None else format_cards(p.hole_cards),
                "range": None if p.range is None else texts[i],
                "combinations": None if p.range is None else len(p.range),
                "equity": p.equity,
                "win": p.win,
                "tie": p.tie,
                "scoop": p.scoop,
                "high_share": p.high_share,
                "low_share": p.low_share,
                "stderr": p.stderr,
                "outcomes": [[h, lo, c] for (h, lo), c in sorted(p.outcomes.items(), key=str)],
            }
        )
    return {
        "game": result.game,
        "method": result.method,
        "board": format_cards(result.board),
        "dead": format_cards(result.dead),
        "boards": result.boards,
        "samples": result.samples,
        "stderr": result.stderr,
        "seed": result.seed,
        "seconds": result.seconds,
        "players": players,
    }


def _print_table(result: Any, texts: list[str]) -> None:
    game = "Omaha Hi-Lo 8/b" if result.game == "hilo" else "Omaha Hi"
    board = format_cards(result.board, " ") or "none (preflop)"
    print(
        f"{game}, board: {board}"
        + (f", dead: {format_cards(result.dead, ' ')}" if result.dead else "")
    )
    if result.method == "exact":
        print(f"Exact: {result.boards:,} deals in {result.seconds:.3f} s")
    else:
        print(
            f"Monte Carlo: {result.samples:,} samples, seed {result.seed}, "
            f"largest standard error {_pct(result.stderr)}, {result.seconds:.3f} s"
        )
    cols = ["Player", "Hand", "Equity", "Win", "Tie"]
    if result.game == "hilo":
        cols += ["Scoop", "High", "Low"]
    if result.method != "exact":
        cols.append("Std. error")
    rows = []
    for i, p in enumerate(result.players):
        row = [
            str(i + 1),
            _label(p, texts[i]),
            _pct(p.equity),
            _pct(p.win),
            _pct(p.tie),
        ]
        if result.game == "hilo":
            row += [_pct(p.scoop), _pct(p.high_share), _pct(p.low_share)]
        if result.method != "exact":
            row.append(_pct(p.stderr))
        rows.append(row)
    widths = [max(len(c), *(len(r[k]) for r in rows)) for k, c in enumerate(cols)]
    print(
        "  ".join(
            c.ljust(w) if k < 2 else c.rjust(w)
            for k, (c, w) in enumerate(zip(cols, widths, strict=True))
        )
    )
    for r in rows:
        print(
            "  ".join(
                x.ljust(w) if k < 2 else x.rjust(w)
                for k, (x, w) in enumerate(zip(r, widths, strict=True))
            )
        )


def run(args: argparse.Namespace) -> int:
    """Print the equity table (or JSON).

    Exit status 1 on bad cards or a failed write, 2 on bad options.
    """
    from omaha.equities import equity

    holes = [None if h.lower() in _RANDOM else h for h in args.holes]
    try:
        result = equity(
            holes,
            board=args.board,
            dead=args.dead,
            game=args.game,
            method="exact" if args.exact else "auto",
            samples=args.samples,
            target_stderr=args.target_stderr,
            seed=args.seed,
            threads=args.threads,
            progress=False if args.no_progress else None,
            max_deals=args.max_deals,
        )
    except ArgumentError as exc:  # a usage error: an option's value
        print(f"omaha equity: {exc}", file=sys.stderr)
        return 2
    except OmahaError as exc:
        print(f"omaha equity: {exc}", file=sys.stderr)
        return 1
    except ValueError as exc:
        print(f"omaha equity: {exc}", file=sys.stderr)
        return 2
    try:
        if args.json:
            print(json.dumps(_as_dict(result, args.holes)))
        else:
            _print_table(result, args.holes)
        sys.stdout.flush()
    except BrokenPipeError:
        raise  # the reader went away: not an error (omaha.cli.main)
    except OSError as exc:  # e.g. a full disk
        print(f"omaha equity: {exc}", file=sys.stderr)
        return 1
    return 0
