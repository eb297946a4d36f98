"""``omaha replay``: replay PHH hand histories, or sites' own, through the engine.

A ``.phh`` or ``.phhs`` file is PHH; any other file is a site's hand
history (PokerStars, GGPoker, Full Tilt, PartyPoker, Winamax, iPoker XML:
the format is detected, :mod:`omaha.history`), each hand converted to PHH
first. Every action is checked against the rules (docs/rules.md §5, §6),
and the result against everything the file states: the finishing stacks,
and for a site's hand each collect, pot and side pot, the total pot, the
rake and the uncalled bet. The
readable account gives the streets, the pots, the show order, who won which
half with which cards and the final stacks; ``--json`` prints one JSON
object per hand (JSON Lines). Amounts are in each file's own units.

Exit status: 0 when every hand replays (a file that stops mid-hand is not an
error), 1 for an unreadable file or a result that differs from the file's,
2 for an illegal action (or a usage error), 3 when ``--lenient`` skipped
hands of a site's file.
"""

from __future__ import annotations

import argparse
import decimal
import functools
import json
import sys
from typing import TYPE_CHECKING, Any

from omaha.cards import format_cards
from omaha.errors import HistoryError, OmahaError, StatedResultError

if TYPE_CHECKING:  # omaha.phh is imported when a replay runs (not by every omaha command)
    from omaha.hand import Hand
    from omaha.phh import HandHistory, Replay
    from omaha.pots import PotResult
    from omaha.result import ShownHand

__all__ = ["add_parser", "describe", "run", "summary"]

_GAME = {"hi": "Omaha High", "hilo": "Omaha Hi-Lo 8 or better"}
_STREET_TITLE = {1: "Flop", 2: "Turn", 3: "River"}


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``replay`` subcommand."""
    p = sub.add_parser(
        "replay",
        help="replay PHH hand histories, checking every action against the rules",
        description=(
            "Replay each hand of PHH files (.phh: one hand, .phhs: many) through the engine, "
            "validating every action, and print what happened. Exit status 1: a bad file or "
            "finishing stacks that differ from the file's; 2: an illegal action."
        ),
    )
    p.add_argument(
        "paths", nargs="+", metavar="PATH", help="a .phh or .phhs file, or a site's hand history"
    )
    p.add_argument("--json", action="store_true", help="print one JSON object per hand")
    p.add_argument(
        "--no-check",
        dest="check",
        action="store_false",
        help="do not compare the result with what the file states",
    )
    p.add_argument(
        "--lenient",
        action="store_true",
        help="a site's file: skip a hand that cannot be read (with a warning) and go on",
    )
    p.set_defaults(func=run)


# ------------------------------------------------------------------ helpers


def _units(history: HandHistory, chips: int) -> str:
    value = history.to_file_units(chips)
    return format(value, "f") if isinstance(value, decimal.Decimal) else str(value)


def _json_units(history: HandHistory, chips: int) -> int | float | str:
    value = history.to_file_units(chips)
    if isinstance(value, decimal.Decimal):
        number = float(value)  # its shortest repr prints 1937923.75 as written
        # Past 15 significant digits a float may not be exact: keep the text.
        return number if decimal.Decimal(repr(number)) == value else format(value, "f")
    return value


def _who(history: HandHistory, seat: int) -> str:
    label = f"p{seat + 1}"
    name = history.players[seat]
    return label if name == label else f"{label} {name}"


def _shown_text(shown: ShownHand, game: str) -> str:
    parts = []
    if shown.high is not None:
        parts.append(f"high {shown.high.name} ({format_cards(shown.high.cards)})")
    if game == "hilo" and shown.high is not None:
        low = shown.low
        parts.append(f"low {low.name} ({format_cards(low.cards)})" if low else "no low")
    return ", ".join(parts)


def _hands_line(who: str, shown: ShownHand | None, game: str) -> str:
    """Describe the hand a player turned up before the board was out, once it is."""
    text = _shown_text(shown, game) if shown is not None else ""
    return f"  {who} has {text}" if text else f"  {who}: no hand (the board was not dealt)"


def _pot_name(i: int, count: int) -> str:
    if count == 1:
        return "Pot"
    return "Main pot" if i == 0 else f"Side pot {i}"


# ------------------------------------------------------------ the account


def describe(result: Replay) -> str:
    """Return the readable account of a replayed hand.

    Parameters
    ----------
    result : Replay
        A hand replayed by :func:`omaha.phh.replay`.

    Returns
    -------
    str
        Several lines: the game, the stakes, the seats, each street's
        actions and pot, the showdown in order with each hand shown, each
        pot's winners with their cards, and the final stacks.
    """
    from omaha.betting import (
        Call,
        Check,
        DealBoard,
        DealHole,
        Fold,
        Muck,
        PostAnte,
        PostBigBlindAnte,
        PostBlind,
        PostDead,
        RaiseTo,
        RunIt,
        Show,
    )

    history, hand = result.history, result.hand
    live_posts = {seat: live for seat, live, _ in hand.posts if live}
    game = history.game
    u = functools.partial(_units, history)
    who = functools.partial(_who, history)
    lines = [f"{history.name}"]
    info = f"  {history.variant}: {hand.table.structure.kind.label} {_GAME[game]}"
    if history.hole_count != 4:
        info += f", {history.hole_count} hole cards"
    info += f", {history.player_count} players"
    lines.append(info)
    for key in ("venue", "event", "table", "hand"):
        if key in history.fields:
            lines.append(f"  {key}: {history.fields[key]}")
    lines.append("  " + _stakes(result))
    seats = ", ".join(f"{who(s)} {u(hand.starting_stacks[s])}" for s in range(history.player_count))
    lines.append(f"Starting stacks: {seats}; the button is p{history.player_count}")
    lines.append("Pre-flop")
    res = hand.result if hand.is_over else None
    shown_by_seat = {x.seat: x for x in res.shown} if res is not None else {}
    stacks = list(hand.starting_stacks)
    pot = 0
    highest = 0
    bets: dict[int, int] = {}
    showdown = False
    board = 0
    face_up: list[int] = []  # shown before the board is out: their hands come after it
    # The engine returns the uncalled bet at the end of the last round with a bet in it.
    uncalled = hand.uncalled
    last_bet = max(
        (i for i, a in enumerate(hand.actions) if isinstance(a, PostBlind | Call | RaiseTo)),
        default=-1,
    )

    def end_round(at: int) -> None:
        nonlocal pot, highest, bets, uncalled
        if uncalled is not None and at > last_bet:
            seat, extra = uncalled
            pot -= extra
            stacks[seat] += extra
            lines.append(f"  Uncalled bet of {u(extra)} returned to {who(seat)}")
            uncalled = None
        bets, highest = {}, 0

    def put(seat: int, chips: int) -> str:
        nonlocal pot
        pot += chips
        stacks[seat] -= chips
        return " (all-in)" if stacks[seat] == 0 else ""

    street = 0
    for i, a in enumerate(hand.actions):
        if isinstance(a, PostAnte | PostBigBlindAnte):
            kind = "a big-blind ante" if isinstance(a, PostBigBlindAnte) else "an ante"
            mark = put(a.seat, a.amount)
            lines.append(f"  {who(a.seat)} posts {kind} of {u(a.amount)}{mark}")
        elif isinstance(a, PostBlind):
            mark = put(a.seat, a.amount)
            out_of_position = a.seat in bets or (
                a.seat in live_posts and not hand.blinds[hand.seats.index(a.seat)]
            )
            bets[a.seat] = bets.get(a.seat, 0) + a.amount
            highest = max(highest, bets[a.seat])
            name = "a live blind of" if out_of_position else _blind_name(hand, a.seat)
            lines.append(f"  {who(a.seat)} posts {name} {u(a.amount)}{mark}")
        elif isinstance(a, PostDead):
            mark = put(a.seat, a.amount)
            lines.append(f"  {who(a.seat)} posts a dead blind of {u(a.amount)}{mark}")
        elif isinstance(a, RunIt):
            lines.append(f"  The board is run {a.times} times")
        elif isinstance(a, DealHole):
            cards = "unknown hole cards" if a.cards is None else format_cards(a.cards)
            lines.append(f"  {who(a.seat)} is dealt {cards}")
        elif isinstance(a, DealBoard) and a.run:
            lines.append(f"Board {a.run + 1}: {format_cards(a.cards, ' ')}")
        elif isinstance(a, DealBoard):
            if not showdown:
                end_round(i)
            street += 1
            board += len(a.cards)
            title = _STREET_TITLE.get(street, "Board")
            lines.append(f"{title} {format_cards(a.cards, ' ')} (pot {u(pot)})")
            if board == 5:
                lines.extend(_hands_line(who(s), shown_by_seat.get(s), game) for s in face_up)
                face_up.clear()
        elif isinstance(a, Fold):
            lines.append(f"  {who(a.seat)} folds")
        elif isinstance(a, Check):
            lines.append(f"  {who(a.seat)} checks")
        elif isinstance(a, Call):
            bets[a.seat] = bets.get(a.seat, 0) + a.amount
            mark = put(a.seat, a.amount)
            lines.append(f"  {who(a.seat)} calls {u(a.amount)}{mark}")
        elif isinstance(a, RaiseTo):
            mark = put(a.seat, a.amount - bets.get(a.seat, 0))
            bets[a.seat] = a.amount
            verb = "bets" if highest == 0 else "raises to"
            highest = max(highest, a.amount)
            lines.append(f"  {who(a.seat)} {verb} {u(a.amount)}{mark}")
        elif isinstance(a, Show | Muck):
            if not showdown:
                showdown = True
                end_round(i)
                order = ", ".join(who(x) for x in hand.showdown_order)
                lines.append(f"Showdown (pot {u(pot)}), in order: {order}")
            if isinstance(a, Muck):
                lines.append(f"  {who(a.seat)} mucks")
                continue
            line = f"  {who(a.seat)} shows {format_cards(a.cards)}"
            if board < 5:  # an all-in showdown: the hand is made once the board is out
                face_up.append(a.seat)
            elif a.seat in shown_by_seat:
                text = _shown_text(shown_by_seat[a.seat], game)
                line += f": {text}" if text else ""
            lines.append(line)
    if res is None:
        lines.append(f"Stopped: {result.stopped_at} (pot {u(hand.pot)})")
        now = ", ".join(f"{who(s)} {u(c)}" for s, c in enumerate(hand.stacks))
        lines.append(f"Stacks now: {now}")
        return "\n".join(lines)
    if not showdown:
        end_round(len(hand.actions))
    for extra in result.courtesy_shows:
        assert extra.player is not None
        shown = "" if extra.cards is None else " " + _known_cards(extra.cards)
        lines.append(f"  {who(extra.player)} shows{shown} after the hand")
    for i, p in enumerate(res.pots):
        lines.append(_pot_line(history, p, i, len(res.pots), shown_by_seat))
        for r in p.runs:
            pays = ", ".join(f"{who(s)} {u(c)}" for s, c in r.payouts.items())
            lines.append(f"  board {r.run + 1}: {u(r.amount)} to {pays}")
    if res.rake:
        lines.append(f"Rake {u(res.rake)}")
    final = ", ".join(
        f"{who(s)} {u(c)} ({_signed(history, c - hand.starting_stacks[s])})"
        for s, c in enumerate(res.stacks)
    )
    lines.append(f"Final stacks: {final}")
    return "\n".join(lines)


def _known_cards(cards: tuple[int | None, ...]) -> str:
    return "".join("??" if c is None else format_cards([c]) for c in cards)


def _blind_name(hand: Hand, seat: int) -> str:
    """Name the forced bet a seat posts: the small blind, the big blind, a straddle."""
    forced = [b for b in hand.table.structure.blinds_or_straddles if b]
    if len(forced) == 1:
        return "the blind"
    bb = hand.big_blind_seat
    if seat == bb:
        return "the big blind"
    positions = hand.seats  # heads-up, the other blind is the small blind (docs/rules.md §5.4)
    return (
        "the small blind"
        if len(positions) == 2 or positions.index(seat) < positions.index(bb)
        else "a straddle of"
    )


def _stakes(result: Replay) -> str:
    """Describe the forced bets, the antes and (fixed limit) the bet sizes."""
    history = result.history
    u = functools.partial(_units, history)
    forced = [b for b in history.blinds_or_straddles if b]
    if len(forced) == 1:
        text = f"a single blind of {u(forced[0])}"
    elif len(forced) == 2:
        text = "blinds " + "/".join(u(b) for b in forced)
    else:
        text = "blinds and straddles " + "/".join(u(b) for b in forced)
    st = result.hand.table.structure
    if st.big_blind_ante:
        text += f", a big-blind ante of {u(st.big_blind_ante)}"
    antes = [a for a in history.antes if a]
    if antes and not st.big_blind_ante:
        same = len(set(history.antes)) == 1
        text += (
            f", antes of {u(antes[0])}"
            if same
            else ", antes " + "/".join(u(a) for a in history.antes)
        )
    if history.betting == "fixed":
        text += f"; bets {u(history.small_bet or 0)}/{u(history.big_bet or 0)}"
    else:
        text += f"; minimum bet {u(history.min_bet or 0)}"
    return text


def _signed(history: HandHistory, chips: int) -> str:
    if chips == 0:
        return "0"
    sign = "+" if chips > 0 else "-"
    return sign + _units(history, abs(chips))


def _pot_line(
    history: HandHistory,
    pot: PotResult,
    i: int,
    count: int,
    shown: dict[int, ShownHand],
) -> str:
    u = functools.partial(_units, history)
    who = functools.partial(_who, history)
    raked = f" after a rake of {u(pot.rake)}" if pot.rake else ""
    head = f"{_pot_name(i, count)} {u(pot.amount)}{raked} ("
    head += ", ".join(who(s) for s in pot.eligible)
    head += "): "
    contenders = [s for s in pot.eligible if s in shown]
    if len(contenders) <= 1:
        (seat,) = pot.payouts
        if len(pot.eligible) == 1:
            how = "uncontested"
        elif seat in shown:
            how = "(every other player mucked)"
        else:
            how = "without a showdown"
        return head + f"{who(seat)} wins {u(pot.payouts[seat])} {how}"
    hi = pot.high_winners
    lo = pot.low_winners
    hand_of = shown.get(hi[0]) if hi else None
    hi_cards = ""
    if hand_of is not None and hand_of.high is not None:
        hi_cards = f" with {hand_of.high.name} ({format_cards(hand_of.high.cards)})"
    pays = ", ".join(f"{who(s)} {u(c)}" for s, c in pot.payouts.items())
    if history.game == "hi":
        split = " split" if len(hi) > 1 else ""
        return head + f"high{split}: " + ", ".join(who(s) for s in hi) + hi_cards + f"; {pays}"
    if not lo:
        return (
            head
            + "no qualifying low; high: "
            + ", ".join(who(s) for s in hi)
            + hi_cards
            + f" takes it all; {pays}"
        )
    low_of = shown.get(lo[0])
    lo_cards = ""
    if low_of is not None and low_of.low is not None:
        lo_cards = f" with {low_of.low.name} ({format_cards(low_of.low.cards)})"
    if hi == lo and len(hi) == 1:
        return head + f"{who(hi[0])} scoops{hi_cards}, low{lo_cards}; {pays}"
    text = "high: " + ", ".join(who(s) for s in hi) + hi_cards
    text += "; low: " + ", ".join(who(s) for s in lo) + lo_cards
    if len(lo) > 1 or len(hi) > 1:
        text += " (quartered)" if (len(lo) > 1) != (len(hi) > 1) else " (split)"
    return head + text + f"; {pays}"


def summary(result: Replay) -> dict[str, Any]:
    """Return the JSON summary of a replayed hand, in the file's units.

    Players are named as in the text output and the file: by their names
    (``players``, in PHH order: ``p1`` is the first), or ``p1``, ``p2``, ...
    where the file names none (``p1 Name`` when two share a name). Keys:
    ``hand``, ``variant``, ``players``, ``complete``, ``stopped_at``,
    ``finishing_stacks`` (in the order of ``players``), ``pots`` (each
    with ``amount``, ``eligible``, ``high_winners``, ``low_winners`` and
    ``payouts``; and, when there are, the pot's ``rake`` and its ``runs``:
    each board's share),
    ``show_order``, ``uncalled``, ``board``, ``boards`` (every board, when the
    hand was run more than once) and ``rake``.
    """
    history, hand = result.history, result.hand
    j = functools.partial(_json_units, history)

    names = list(history.players)
    if len(set(names)) < len(names):  # two players of one name: the text output's labels
        names = [_who(history, seat) for seat in range(len(names))]

    def label(seat: int) -> str:
        return names[seat]

    out: dict[str, Any] = {
        "hand": history.name,
        "variant": history.variant,
        "players": names,
        "complete": result.complete,
        "stopped_at": result.stopped_at,
        "finishing_stacks": [j(c) for c in hand.stacks],
        "board": format_cards(hand.board),
    }
    if not hand.is_over:
        out.update(pots=[], show_order=[], uncalled=None, pot=j(hand.pot))
        out["to_act"] = None if hand.to_act is None else label(hand.to_act)
        out["street"] = hand.street
        return out
    res = hand.result
    out["pots"] = []
    for p in res.pots:
        entry: dict[str, Any] = {
            "amount": j(p.amount),
            "eligible": [label(s) for s in p.eligible],
            "high_winners": [label(s) for s in p.high_winners],
            "low_winners": [label(s) for s in p.low_winners],
            "payouts": {label(s): j(c) for s, c in p.payouts.items()},
        }
        if p.rake:
            entry["rake"] = j(p.rake)
        if p.runs:
            entry["runs"] = [
                {"amount": j(r.amount), "payouts": {label(s): j(c) for s, c in r.payouts.items()}}
                for r in p.runs
            ]
        out["pots"].append(entry)
    out["rake"] = j(res.rake)
    out["boards"] = [format_cards(b) for b in res.boards] or [format_cards(hand.board)]
    out["show_order"] = [label(s) for s in res.show_order]
    out["uncalled"] = (
        None
        if res.uncalled is None
        else {"player": label(res.uncalled[0]), "amount": j(res.uncalled[1])}
    )
    out["shown"] = {
        label(s.seat): {
            "hole_cards": format_cards(s.hole_cards),
            "high": None if s.high is None else s.high.name,
            "high_cards": None if s.high is None else format_cards(s.high.cards),
            "low": None if s.low is None else s.low.name,
            "low_cards": None if s.low is None else format_cards(s.low.cards),
        }
        for s in res.shown
    }
    out["mucked"] = [label(s) for s in res.mucked]
    return out


# ------------------------------------------------------------------ command


def run(args: argparse.Namespace) -> int:
    """Replay every hand of every file; return the exit status (0, 1 or 2)."""
    from omaha import history as site_history
    from omaha.phh import PHHError, ReplayActionError, read, replay

    status = 0
    first = True
    skipped = 0

    def skip(exc: HistoryError) -> None:
        nonlocal skipped
        skipped += 1
        print(f"omaha replay: warning: {exc} (hand skipped)", file=sys.stderr, flush=True)

    for path in args.paths:
        try:
            if path.endswith((".phh", ".phhs")):
                histories = read(path)
            else:
                histories = site_history.read(
                    path, lenient=getattr(args, "lenient", False), on_skip=skip
                )
        except OSError as exc:
            print(f"omaha replay: cannot read {path!r}: {exc}", file=sys.stderr, flush=True)
            status = max(status, 1)
            continue
        except (PHHError, HistoryError) as exc:
            print(f"omaha replay: {exc}", file=sys.stderr, flush=True)
            status = max(status, 1)
            continue
        for history in histories:
            try:
                result = replay(history, check=False)
            except ReplayActionError as exc:
                print(f"omaha replay: illegal action: {exc}", file=sys.stderr, flush=True)
                status = 2
                continue
            except OmahaError as exc:
                print(f"omaha replay: {exc}", file=sys.stderr, flush=True)
                status = max(status, 1)
                continue
            if args.json:
                print(json.dumps(summary(result)), flush=True)
            else:
                if not first:
                    print()
                print(describe(result), flush=True)
            first = False
            if args.check:
                status = max(status, _check(result))
    if status == 0 and skipped:
        return 3
    return status


def _check(result: Replay) -> int:
    """Compare with what the file states; print the difference and return 1, else 0."""
    from omaha.phh import FinishingStacksError

    try:
        result.check()
    except (FinishingStacksError, StatedResultError) as exc:
        print(f"omaha replay: {exc}", file=sys.stderr, flush=True)
        return 1
    return 0
