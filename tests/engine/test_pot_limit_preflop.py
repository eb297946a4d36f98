"""Pot limit before the flop, no limit after it (docs/rules.md §6.5), worked by hand.

GGPoker's ``Omaha (NL postflop)`` tournaments. The structure owns no rule of
its own: before the flop its maximum raise is pot limit's (§6.2), on the
flop, turn and river the stack (§6.3); minimum raises, reopening and short
all-ins are those both share. Seats follow PHH (tests/table_play.py): the
button is the last seat, p1 the small blind, p2 the big blind.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omaha import IllegalActionError, NoLimit, PotLimit, PotLimitPreflop
from omaha.betting import (
    NO_LIMIT,
    POT_LIMIT,
    POT_LIMIT_PREFLOP,
    Call,
    Check,
    Fold,
    Muck,
    RaiseTo,
    Show,
    structure_kind,
)
from omaha.hand import Hand
from table_play import act, random_action, seated, snapshot

# Blinds 100/200, an ante of 25 from each of four players of 10,000 chips:
# the game of tests/data/hh/ggpoker/own_gg_nlo_postflop_mtt.txt.
GAME = PotLimitPreflop(100, 200, antes=25)
STACKS = [10_000] * 4


def _legal(hand: Hand) -> tuple[int | None, int | None, int | None]:
    la = hand.legal_actions()
    return la.to_call, la.min_raise_to, la.max_raise_to


def test_the_kind_and_each_streets_rule() -> None:
    assert structure_kind(GAME) == POT_LIMIT_PREFLOP
    assert [GAME.street_kind(street) for street in range(4)] == [
        POT_LIMIT,
        NO_LIMIT,
        NO_LIMIT,
        NO_LIMIT,
    ]
    assert PotLimit(1, 2).street_kind(1) == POT_LIMIT  # the others: one rule on every street
    assert NoLimit(1, 2).street_kind(0) == NO_LIMIT
    assert repr(GAME).startswith("PotLimitPreflop(small_blind=100, big_blind=200")
    other: object = NoLimit(100, 200, antes=25)
    assert other != GAME and PotLimitPreflop(100, 200, antes=25) == GAME
    with pytest.raises(ValueError, match="small_blind 3 exceeds big_blind 2"):
        PotLimitPreflop(3, 2)


def test_before_the_flop_the_largest_raise_is_the_pot_limit_one() -> None:
    # Under the gun: B = 200, P = 4 x 25 + 100 + 200 = 400, C = 200: a raise to 800.
    hand = seated(STACKS, GAME).deal(seed=1)
    assert (hand.to_act, _legal(hand)) == (2, (200, 400, 800))
    assert _legal(seated(STACKS, PotLimit(100, 200, antes=25)).deal(seed=1)) == (200, 400, 800)
    assert _legal(seated(STACKS, NoLimit(100, 200, antes=25)).deal(seed=1)) == (200, 400, 9975)
    before = snapshot(hand)
    with pytest.raises(IllegalActionError, match="raise to 801 exceeds the pot-limit maximum"):
        hand.raise_to(801)
    assert snapshot(hand) == before
    act(hand, "p3 cbr 800", "p4 f")
    # The small blind: B = 800, P = 100 + 100 + 200 + 800 = 1200, C = 700: to 2700.
    assert _legal(hand) == (700, 1400, 2700)


def test_after_the_flop_the_largest_bet_is_the_stack() -> None:
    hand = seated(STACKS, GAME).deal(seed=1)
    act(hand, "p3 cbr 800", "p4 f", "p1 cc", "p2 f")
    assert (hand.street, hand.pot) == ("flop", 1900)
    # A pot-limit bet would stop at 1900; the small blind has 10,000 - 825 behind.
    assert _legal(hand) == (0, 200, 9175)
    act(hand, "p1 x", "p3 cbr 5000")  # an overbet of 5000 into 1900
    assert _legal(hand) == (5000, 9175, 9175)  # the minimum raise (to 10,000) is all-in
    act(hand, "p1 cc")
    assert (hand.street, hand.pot) == ("turn", 11_900)
    assert _legal(hand) == (0, 200, 4175)  # the turn is no limit too
    with pytest.raises(IllegalActionError, match="exceeds the stack: all-in is a raise to 4175"):
        hand.raise_to(4176)


def test_minimum_raises_are_unchanged() -> None:
    hand = seated(STACKS, GAME).deal(seed=1)
    assert hand.legal_actions().min_raise_to == 400  # the big blind, added to 200
    act(hand, "p3 cbr 700")  # a raise of 500
    assert hand.legal_actions().min_raise_to == 1200
    act(hand, "p4 f", "p1 f", "p2 cc")
    assert hand.legal_actions().min_raise_to == 200  # the minimum bet on the flop
    act(hand, "p2 cbr 3000")
    assert hand.legal_actions().min_raise_to == 6000  # a raise adds at least 3000


@pytest.mark.parametrize("structure", [NoLimit(50, 100), PotLimitPreflop(50, 100)])
def test_a_short_all_in_on_the_flop_does_not_reopen_the_betting(
    structure: NoLimit | PotLimitPreflop,
) -> None:
    # §6.3 on the flop: a 100 bet, a call, a 125 all-in (a short raise of 25):
    # the two who acted may only call or fold; had p2 not acted, the minimum is 225.
    hand = seated([1000, 1000, 225], structure).deal(seed=7)
    act(hand, "p3 cc", "p1 cc", "p2 cc", "p1 cbr 100", "p2 cc", "p3 ai")
    assert (hand.street, hand.bets[2]) == ("flop", 125)
    assert hand.legal_actions().raise_closed_because == "a short all-in did not reopen the betting"
    act(hand, "p1 cc")
    assert hand.legal_actions().min_raise_to is None
    again = seated([1000, 1000, 225], structure).deal(seed=7)
    act(again, "p3 cc", "p1 cc", "p2 cc", "p1 x", "p2 cbr 100", "p3 ai")
    assert _legal(again) == (125, 225, 900)  # p1, with 900 behind


def test_a_short_all_in_before_the_flop_behaves_as_in_pot_limit() -> None:
    # Blinds 10/20: the button's all-in to 25 is a short raise; after the blinds
    # call, under the gun may only call (§6.2, §6.3).
    hand = seated([1000, 1000, 1000, 25], PotLimitPreflop(10, 20)).deal(seed=6)
    act(hand, "p3 cc", "p4 ai", "p1 cc", "p2 cc")
    assert (hand.legal_actions().seat, _legal(hand)) == (2, (5, None, None))


def _replay(action: object, hand: Hand) -> None:
    """Apply a player's action record of one hand to another (the deals come by seed)."""
    if isinstance(action, Fold):
        hand.fold()
    elif isinstance(action, Check):
        hand.check()
    elif isinstance(action, Call):
        hand.call()
    elif isinstance(action, RaiseTo):
        hand.raise_to(action.amount)
    elif isinstance(action, Show):
        hand.show()
    elif isinstance(action, Muck):
        hand.muck()


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_every_street_offers_what_pot_limit_then_no_limit_offer(seed: int) -> None:
    # The same hand at three tables, played with the actions the pot-limit-preflop
    # table allows: before the flop it offers what pot limit offers, after the
    # flop what no limit offers (and its actions are legal at both).
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    stacks = [rng.choice((3, 25, 60, 200, 1000, 5000)) for _ in range(n)]
    antes = rng.choice((0, 1))
    hands = [
        seated(stacks, cls(1, 2, antes=antes)).deal(seed=seed)
        for cls in (PotLimitPreflop, PotLimit, NoLimit)
    ]
    mine, pot, no = hands
    while not mine.is_over:
        if mine.street in ("preflop", "flop", "turn", "river"):
            same = pot if mine.street == "preflop" else no
            assert _legal(mine) == _legal(same), (mine.street, mine.actions)
        done = len(mine.actions)
        random_action(mine, rng)
        for action in mine.actions[done:]:
            _replay(action, no)
            if pot.street == "preflop":
                _replay(action, pot)
    assert no.actions == mine.actions
    assert no.stacks == mine.stacks
