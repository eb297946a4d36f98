"""Recording a hand played through the API: its PHH fields.

:func:`record` writes what :class:`omaha.phh.HandHistory` reads back to the
same hand: the variant and the stakes, the house rules other than the
defaults as user-defined fields (:mod:`omaha.phh.fields`: the cap, heads-up
unlimited, the hole cards, a big-blind ante PHH would not read back, the
smallest chip, a muck allowed at an all-in showdown, who must be left to
answer a raise, the cap of a capped game), the starting
stacks, every action after the forced bets (PHH posts those itself), the
seats, and the finishing stacks once the hand is over; and the fields of
the rules of real tables: blinds posted out of position, a dead button's
seat, the later boards of a hand run more than once, and the rake (with
each pot after it when there are several, so that the replay takes the
same rake from each). Players are numbered from the first seat left of the
button (docs/rules.md §5.1).

Examples
--------
>>> from omaha import NoLimit, Table
>>> hand = Table([100, 100, 100], NoLimit(1, 2), button=2).deal(seed=1)
>>> hand.fold(); hand.fold()
>>> fields = record(hand, scale=1)
>>> fields["actions"][-2:], fields["finishing_stacks"]
(['p3 f', 'p1 f'], [99, 101, 100])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from omaha.betting import DealBoard
from omaha.cards import format_cards
from omaha.phh.actions import action_text
from omaha.phh.amounts import Amount, to_file_units
from omaha.phh.fields import (
    ALL_IN_MUCK_FIELD,
    BB_ANTE_FIELD,
    BUTTON_SEAT_FIELD,
    CAP_FIELD,
    CHIP_FIELD,
    DEAD_FIELD,
    HAND_CAP_FIELD,
    HEADS_UP_ORDER_FIELD,
    HOLE_COUNT_FIELD,
    HOUSE_FIELD,
    HU_UNLIMITED_FIELD,
    ODD_CHIPS_FIELD,
    POSTED_FIELD,
    POT_LIMIT_PREFLOP_FIELD,
    POTS_FIELD,
    RAISE_OVER_ALL_IN_FIELD,
    RAKE_FIELD,
    RUN_BOARDS_FIELD,
    blinds_reversed,
    lone_big_blind_ante,
    variant_code,
)
from omaha.structures import FixedLimit, StructureKind

if TYPE_CHECKING:
    from omaha.hand import Hand

__all__ = ["record"]


def record(hand: Hand, scale: int, state_chip: bool = False) -> dict[str, Any]:
    """Return the PHH fields of a hand played through the API (docs/rules.md §5).

    Parameters
    ----------
    hand : Hand
        A hand dealt by :meth:`omaha.Table.deal`, over or not.
    scale : int
        Chips per unit of the file (a power of ten, checked by the caller).
    state_chip : bool, default False
        Write ``_chip`` even for a smallest chip of 1: a reader takes one
        unit of the finest amount written as the chip, which is coarser
        when every amount of the hand is a multiple of 10 chips (see
        :meth:`omaha.phh.HandHistory.from_hand`).

    Returns
    -------
    dict of str to TOML value
        The fields, in PHH's order.
    """
    table = hand.table
    st = table.structure
    seats = hand.seats
    k = len(seats)
    player = {seat: f"p{pos + 1}" for pos, seat in enumerate(seats)}

    def units(chips: int) -> Amount:
        return to_file_units(chips, scale)

    def per_position(values: int | tuple[int, ...]) -> list[int]:
        if isinstance(values, int):
            return [values] * k
        return list(values[:k]) + [0] * (k - len(values))

    antes = per_position(st.antes)
    bb_ante = st.big_blind_ante
    bos = list(hand.blinds[::-1] if blinds_reversed(k, table.heads_up_order) else hand.blinds)
    fields: dict[str, Any] = {"variant": variant_code(st.kind, table.game)}
    # A big-blind ante is written PHH's way (the big blind's entry in
    # ``antes``) when nothing else is anted and the file reads it back so;
    # otherwise, or when per-position antes would read as a big-blind ante,
    # ``_big_blind_ante`` says which (the reader's rule: lone_big_blind_ante).
    explicit_bb_ante = False
    if bb_ante and not any(antes):
        phh_way = list(antes)
        phh_way[st.big_blind_position] = bb_ante
        if lone_big_blind_ante(phh_way, bos) == bb_ante:
            antes = phh_way
        else:
            explicit_bb_ante = True  # e.g. a big blind position that posts no blind
    elif bb_ante or lone_big_blind_ante(antes, bos) is not None:
        explicit_bb_ante = True
    fields["antes"] = [units(a) for a in antes]
    fields["blinds_or_straddles"] = [units(b) for b in bos]
    if isinstance(st, FixedLimit):
        fields["small_bet"] = units(st.small_bet)
        fields["big_bet"] = units(st.big_bet)
    else:
        fields["min_bet"] = units(st.min_bet)
    fields["starting_stacks"] = [units(hand.starting_stacks[s]) for s in seats]
    texts = (action_text(a, player, units, table.hole_count) for a in hand.actions)
    fields["actions"] = [text for text in texts if text is not None]
    fields["seats"] = [s + 1 for s in seats]
    fields["seat_count"] = table.seats
    if hand.is_over:
        fields["finishing_stacks"] = [units(hand.stacks[s]) for s in seats]
    _real_table_fields(hand, fields, units)
    if table.hole_count != 4:
        fields[HOLE_COUNT_FIELD] = table.hole_count
    if explicit_bb_ante:
        fields[BB_ANTE_FIELD] = units(bb_ante)
    if table.chip != 1 or state_chip:
        fields[CHIP_FIELD] = units(table.chip)
    if table.all_in_muck:
        fields[ALL_IN_MUCK_FIELD] = True
    if table.raise_over_all_in != "callable":
        fields[RAISE_OVER_ALL_IN_FIELD] = table.raise_over_all_in
    if table.odd_chips != "position":
        fields[ODD_CHIPS_FIELD] = table.odd_chips
    if table.heads_up_order == "ring":
        fields[HEADS_UP_ORDER_FIELD] = "ring"
    if isinstance(st, FixedLimit):
        if st.cap != 4:
            fields[CAP_FIELD] = st.cap
        if st.heads_up_unlimited:
            fields[HU_UNLIMITED_FIELD] = True
    else:
        if st.hand_cap is not None:
            fields[HAND_CAP_FIELD] = units(st.hand_cap)
        if st.kind is StructureKind.POT_LIMIT_PREFLOP:
            fields[POT_LIMIT_PREFLOP_FIELD] = True
    return fields


def _real_table_fields(hand: Hand, fields: dict[str, Any], units: Callable[[int], Amount]) -> None:
    """Add the fields of docs/rules.md §4.9, §4.10 and §8: posts, later boards, the rake."""
    seats = hand.seats
    position = {seat: i for i, seat in enumerate(seats)}
    if hand.layout.button not in position:
        fields[BUTTON_SEAT_FIELD] = hand.layout.button + 1
    if hand.posts:
        live = [0] * len(seats)
        dead = [0] * len(seats)
        for seat, live_chips, dead_chips in hand.posts:
            live[position[seat]], dead[position[seat]] = live_chips, dead_chips
        if any(live):
            fields[POSTED_FIELD] = [units(c) for c in live]
        if any(dead):
            fields[DEAD_FIELD] = [units(c) for c in dead]
    if hand.house:
        fields[HOUSE_FIELD] = units(hand.house)
    if hand.runs > 1:
        boards = [""] * (hand.runs - 1)
        for deal in hand.actions:
            if isinstance(deal, DealBoard) and deal.run:
                boards[deal.run - 1] += format_cards(deal.cards)
        fields[RUN_BOARDS_FIELD] = boards
    if hand.is_over and hand.result.rake:
        result = hand.result
        fields[RAKE_FIELD] = units(result.rake)
        if len(result.pots) > 1:
            player = {seat: f"p{i + 1}" for i, seat in enumerate(seats)}
            fields[POTS_FIELD] = [
                {
                    "pot": i + 1,
                    "amount": units(p.amount),
                    "won": {player[s]: units(c) for s, c in p.payouts.items()},
                }
                for i, p in enumerate(result.pots)
            ]
