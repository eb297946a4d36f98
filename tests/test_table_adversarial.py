"""Adversarial scenarios for the table and betting engine, each with the rule it checks.

Every test holds the value the rule book (/work/shared/RULES.md, restated in
docs/rules.md) gives for a corner the other table tests do not reach. Seats
follow PHH as in tests/table_play.py: the button is the last seat, seat 0
(p1) the small blind, seat 1 (p2) the big blind.
"""

from __future__ import annotations

import pytest

from omaha import FixedLimit, IllegalActionError
from table_play import act, seated, snapshot

# ------------------------------------------------------------ fixed limit


def test_fixed_limit_call_of_a_short_all_in_is_not_reopened_by_less_than_half_a_bet() -> None:
    # RULES.md §6 Fixed limit: an all-in that adds less than half a bet is no
    # raise for players who already acted (they may only call or fold).
    # Flop, $10 bets: p1 bets 10, p2 calls, p3 all-in to 14 (+4, no raise),
    # p4 calls 14, p5 all-in to 17. Together the two all-ins add 7 to p1's
    # and p2's bet (at least half: they may raise, to 27), but p5 adds only 3
    # to the 14 p4 called: p4 may only call or fold.
    hand = seated([1000, 1000, 24, 1000, 27], FixedLimit(10, 20)).deal(seed=3)
    act(hand, "p3 cc", "p4 cc", "p5 cc", "p1 cc", "p2 x")
    act(hand, "p1 cbr 10", "p2 cc", "p3 ai", "p4 cc", "p5 ai")
    assert hand.bets == (10, 10, 14, 14, 17)
    legal = hand.legal_actions()
    assert (legal.seat, legal.to_call, legal.min_raise_to) == (0, 7, 27)
    act(hand, "p1 cc", "p2 cc")
    legal = hand.legal_actions()
    assert (legal.seat, legal.to_call, legal.min_raise_to) == (3, 3, None)
    before = snapshot(hand)
    with pytest.raises(IllegalActionError, match="raising is closed"):
        hand.raise_to(27)
    assert snapshot(hand) == before
    act(hand, "p4 cc")
    assert hand.street == "turn"
