"""Betting bookkeeping: the pot-limit maximum, raise bounds, what a raise changes."""

from __future__ import annotations

import dataclasses

import pytest

from omaha import Call, FixedLimit, LegalActions, NoLimit, PotLimit, RaiseTo
from omaha.betting import (
    FIXED_LIMIT,
    NO_LIMIT,
    POT_LIMIT,
    BettingRound,
    pot_limit_max,
    structure_kind,
)


def test_pot_limit_max_rule_book_examples() -> None:
    assert pot_limit_max(highest=2, pot=3, own_bet=0) == 7  # blinds 1/2, first to act
    assert pot_limit_max(highest=7, pot=10, own_bet=1) == 23  # the small blind after 7
    assert pot_limit_max(highest=0, pot=750, own_bet=0) == 750  # a bet: the pot


def test_structure_kind() -> None:
    assert structure_kind(FixedLimit(2, 4)) == FIXED_LIMIT
    assert structure_kind(PotLimit(1, 2)) == POT_LIMIT
    assert structure_kind(NoLimit(1, 2)) == NO_LIMIT
    with pytest.raises(TypeError, match="NoLimit or PotLimitPreflop, got str"):
        structure_kind("NL")  # type: ignore[arg-type]


def _bounds(rnd: BettingRound, bet: int, stack: int, acted: bool = False, pot: int = 0) -> object:
    return rnd.raise_bounds(bet, stack, acted, pot, in_hand=3, others_can_call=2)


def test_no_limit_bounds_and_full_raises() -> None:
    rnd = BettingRound(NO_LIMIT, 1, 0, 100)  # a new street, minimum bet 100
    assert _bounds(rnd, 0, 1000) == (100, 1000, None)
    assert _bounds(rnd, 0, 60) == (60, 60, None)  # all-in for less than a bet
    rnd.record_raise(0, 20, 3)  # a 20 all-in bet: not a full bet
    assert (rnd.highest, rnd.last_full) == (20, 100)
    assert _bounds(rnd, 0, 1000) == (120, 1000, None)
    rnd.record_raise(1, 320, 3)  # a full raise of 300
    assert (rnd.highest, rnd.last_full, rnd.last_aggressor) == (320, 300, 1)
    assert _bounds(rnd, 0, 1000) == (620, 1000, None)


def test_reopening_needs_a_full_raise_since_the_last_turn() -> None:
    rnd = BettingRound(NO_LIMIT, 1, 0, 100)
    rnd.record_raise(0, 100, 4)  # seat 0 bets 100
    rnd.record_raise(2, 150, 4)  # short all-in
    assert _bounds(rnd, 100, 1000, acted=True)[2] == "a short all-in did not reopen the betting"  # type: ignore[index]
    rnd.record_raise(3, 200, 4)  # another short all-in: 100 in all since seat 0 acted
    assert _bounds(rnd, 100, 1000, acted=True) == (300, 1100, None)


def test_pot_limit_bounds() -> None:
    rnd = BettingRound(POT_LIMIT, 0, 2, 2)
    assert rnd.raise_bounds(0, 100, False, 3, 4, 3) == (4, 7, None)
    assert rnd.raise_bounds(0, 5, False, 3, 4, 3) == (4, 5, None)
    # the pot-limit maximum never falls below the minimum raise
    tiny = BettingRound(POT_LIMIT, 1, 0, 50)
    assert tiny.raise_bounds(0, 1000, False, 10, 2, 1) == (50, 50, None)


def test_fixed_limit_bounds_cap_and_half_bet() -> None:
    rnd = BettingRound(FIXED_LIMIT, 0, 2, 2, count=1, cap=4)
    assert _bounds(rnd, 0, 100) == (4, 4, None)
    for total in (4, 6, 8):
        rnd.record_raise(0, total, 3)
    assert rnd.count == 4 and rnd.capped
    assert _bounds(rnd, 2, 100)[2] == "the round is capped at 4 bets"  # type: ignore[index]
    half = BettingRound(FIXED_LIMIT, 2, 0, 20, cap=4)
    half.record_raise(0, 15, 3)  # 15 of a 20 bet: at least half, a full bet
    assert (half.count, half.level, half.highest) == (1, 15, 15)
    assert _bounds(half, 0, 100) == (35, 35, None)
    short = BettingRound(FIXED_LIMIT, 1, 0, 10, cap=4)
    short.record_raise(0, 10, 3)
    short.record_raise(1, 13, 3)  # 3 of a 10 raise: less than half, no raise
    assert (short.count, short.level, short.highest) == (1, 10, 13)
    assert _bounds(short, 0, 100) == (20, 20, None)
    assert _bounds(short, 10, 100, acted=True)[2] == (  # type: ignore[index]
        "an all-in for less than half a bet did not reopen the betting"
    )


def test_heads_up_unlimited() -> None:
    rnd = BettingRound(FIXED_LIMIT, 1, 0, 2, cap=4, heads_up_unlimited=True)
    for total in (2, 4, 6, 8):
        rnd.record_raise(0, total, 2)
    assert not rnd.is_capped(2) and rnd.is_capped(3)
    assert not rnd.capped


def test_no_raise_without_an_opponent_who_could_call_more() -> None:
    rnd = BettingRound(NO_LIMIT, 1, 100, 100)
    assert rnd.raise_bounds(0, 1000, False, 300, 2, 0)[2] == (
        "every other player still in the hand is all-in or cannot call more"
    )
    assert rnd.raise_bounds(0, 100, False, 300, 2, 1)[2] == (
        "the stack does not cover more than a call"
    )


def test_actions_are_frozen_dataclasses() -> None:
    action = RaiseTo(seat=2, amount=7)
    call: object = Call(2, 7)
    assert action == RaiseTo(2, 7) and action != call
    with pytest.raises(dataclasses.FrozenInstanceError):
        action.amount = 8  # type: ignore[misc]
    legal = LegalActions(0, 2, False, True, 4, 7)
    assert legal.can_raise and not LegalActions(0, 2, False, True, None, None).can_raise
