"""Helpers for the table tests: seating, scripted actions, random play, snapshots.

Seats are numbered so that they match PHH players: with the button on the
last seat, seat 0 (``p1``) is the small blind, seat 1 (``p2``) the big blind,
and so on. :func:`act` takes PHH-like action text (``"p3 cbr 7"``).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

from omaha import FixedLimit, IllegalActionError, NoLimit, PotLimit, PotLimitPreflop
from omaha.betting import RAISE_OVER_ALL_IN
from omaha.cards import parse_cards
from omaha.hand import Hand
from omaha.table import Table

Structure = FixedLimit | PotLimit | NoLimit | PotLimitPreflop


def seated(
    stacks: Sequence[int],
    structure: Structure,
    *,
    game: str = "hi",
    hole_count: int = 4,
    **options: Any,
) -> Table:
    """A table with the button on the last seat (seat i is PHH player p(i+1))."""
    return Table(
        stacks,
        structure,
        button=len(stacks) - 1,
        game=game,  # type: ignore[arg-type]
        hole_count=hole_count,
        **options,
    )


def deal(table: Table, holes: Sequence[str | None], board: str = "") -> Hand:
    """Deal the given hole cards (one entry per seat) and board (may be empty)."""
    return table.deal(hole_cards=list(holes), board=board or None)


def act(hand: Hand, *script: str) -> None:
    """Apply PHH-like actions: ``"p1 f"``, ``"p2 cc"``, ``"p3 cbr 7"``, ``"p1 sm"``,
    ``"p1 sm AsKs7d2c"``, ``"p1 ai"`` (all-in), ``"p1 x"`` (check), ``"p1 c"`` (call),
    ``"d db 5h"``."""
    for line in script:
        words = line.split()
        if words[0] == "d":
            hand.deal_board(words[2])
            continue
        seat = int(words[0][1:]) - 1
        verb = words[1]
        if verb == "f":
            hand.fold(seat=seat)
        elif verb == "cc":
            if hand.legal_actions().can_check:
                hand.check(seat=seat)
            else:
                hand.call(seat=seat)
        elif verb == "x":
            hand.check(seat=seat)
        elif verb == "c":
            hand.call(seat=seat)
        elif verb == "cbr":
            hand.raise_to(int(words[2]), seat=seat)
        elif verb == "ai":
            hand.all_in(seat=seat)
        elif verb == "sm":
            if len(words) == 2:
                hand.muck(seat=seat)
            elif words[2] == "-":
                hand.show(seat=seat)
            else:
                hand.show(words[2], seat=seat)
        else:  # pragma: no cover
            raise AssertionError(f"unknown action {line!r}")


def check_down(hand: Hand) -> None:
    """Check or call every remaining turn, show every hand at showdown."""
    while not hand.is_over:
        if hand.to_act is None:
            raise AssertionError(f"hand waits for the board: {hand!r}")
        if hand.street == "showdown":
            hand.show()
        elif hand.legal_actions().can_check:
            hand.check()
        else:
            hand.call()


def snapshot(hand: Hand) -> tuple[Any, ...]:
    """A full copy of the hand's and its table's state, for equality checks."""
    parts: list[Any] = []
    for name in type(hand).__slots__:
        value = getattr(hand, name)
        if name == "_table":
            value = (tuple(value._stacks), value.button, value._hand is hand)
        elif hasattr(value, "copy_state"):  # the betting round, the chip ledger
            value = value.copy_state()
        elif isinstance(value, list):
            value = list(value)
        elif isinstance(value, dict):
            value = dict(value)
        parts.append((name, value))
    return tuple(parts)


def chips_in_play(hand: Hand) -> int:
    """Stacks plus everything in the middle (constant through a hand)."""
    return sum(hand.stacks) + hand.pot


# ------------------------------------------------------------- random play

STRUCTURES: tuple[Structure, ...] = (
    NoLimit(1, 2),
    NoLimit(5, 10, antes=1),
    NoLimit(1, 2, blinds_or_straddles=(1, 2, 4)),
    NoLimit(5, 10, big_blind_ante=10),
    PotLimit(1, 2),
    PotLimit(5, 10, antes=(0, 2, 0, 1)),
    PotLimit(0, 2, blinds_or_straddles=(2,)),
    FixedLimit(2, 4),
    FixedLimit(15, 30, small_blind=10),
    FixedLimit(10, 20, heads_up_unlimited=True, antes=2),
    FixedLimit(4, 8, cap=3, big_blind_ante=4),
    PotLimit(1, 2, hand_cap=25),
    NoLimit(5, 10, antes=1, hand_cap=100),
    PotLimitPreflop(1, 2),
    PotLimitPreflop(5, 10, antes=1),
)


def random_action(hand: Hand, rng: random.Random) -> None:
    """Take one legal action for the player to act (or deal the awaited street)."""
    if hand.to_act is None:
        raise AssertionError(f"nobody to act: {hand!r}")
    if hand.street == "showdown":
        if rng.random() < 0.2 and hand.legal_actions().can_muck:  # not all-in (§5.9)
            hand.muck()
        else:
            hand.show()
        return
    la = hand.legal_actions()
    choice = rng.random()
    if la.min_raise_to is not None and la.max_raise_to is not None and choice < 0.3:
        if rng.random() < 0.3:
            hand.raise_to(la.max_raise_to)
        else:
            hand.raise_to(rng.randint(la.min_raise_to, la.max_raise_to))
    elif choice < 0.4:
        hand.fold()
    elif choice < 0.45:
        try:
            hand.all_in()
        except IllegalActionError:
            hand.call()
    elif la.can_check:
        hand.check()
    else:
        hand.call()


def play_random_hand(table: Table, rng: random.Random) -> Hand:
    """Deal a seeded hand at ``table`` and play random legal actions to the end."""
    hand = table.deal(seed=rng.randrange(2**32))
    while not hand.is_over:
        random_action(hand, rng)
    return hand


def random_table(rng: random.Random) -> Table:
    """A random table: 2-10 seats, any structure and game, stacks from 1 chip."""
    hole_count = rng.choice((4, 4, 4, 5, 6))
    most = {4: 10, 5: 8, 6: 7}[hole_count]
    n = rng.randint(2, most)
    stacks = [rng.choice((1, 2, 3, 5, 10, 25, 60, 200, 1000)) for _ in range(n)]
    structure = rng.choice(STRUCTURES)
    return Table(
        stacks,
        structure,
        button=rng.randrange(n),
        game=rng.choice(("hi", "hilo")),
        hole_count=hole_count,
        raise_over_all_in=rng.choice(RAISE_OVER_ALL_IN),
    )


def board_of(text: str) -> tuple[int, ...]:
    """Card codes of a board text."""
    return parse_cards(text)


def relabel(action: object, seat_of: dict[int, int], factor: int) -> object:
    """An action record of a replayed PHH hand, with the seats and chips of the hand played."""
    changes: dict[str, int] = {}
    if getattr(action, "seat", None) is not None:
        changes["seat"] = seat_of[action.seat]  # type: ignore[attr-defined]
    if getattr(action, "amount", None) is not None:
        changes["amount"] = action.amount * factor  # type: ignore[attr-defined]
    return dataclasses.replace(action, **changes) if changes else action  # type: ignore[type-var]
