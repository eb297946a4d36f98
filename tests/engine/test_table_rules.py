"""One test per rule of docs/rules.md §4-§6, with concrete numbers.

Seats follow PHH: the button is the last seat, seat 0 (p1) the small blind,
seat 1 (p2) the big blind (see tests/table_play.py).
"""

from __future__ import annotations

import re

import pytest

from omaha import FixedLimit, IllegalActionError, NoLimit, PotLimit
from omaha.cards import parse_cards
from omaha.table import Table
from table_play import act, check_down, deal, seated, snapshot

# Hands for hi-lo showdowns on the board 3c 4d 5h Ks Kh:
BOARD = "3c4d5hKsKh"
WHEEL_1 = "Ac2d9s9d"  # low 5-4-3-2-A, high a five-high straight
WHEEL_2 = "Ad2cJsJd"  # the same low and the same straight
QUADS = "KcKd9c8s"  # four kings, no low (one hole card of 8 or lower)
EIGHT_LOW = "8c7dQcJc"  # low 8-7-5-4-3, high a pair of kings
NO_LOW = "QdJhTcTd"  # no low, high kings and tens


# ------------------------------------------------------------- pot limit


def test_pot_limit_first_player_raises_to_at_most_7() -> None:
    hand = seated([100] * 4, PotLimit(1, 2)).deal(seed=1)
    legal = hand.legal_actions()
    assert (legal.seat, legal.to_call, legal.min_raise_to, legal.max_raise_to) == (2, 2, 4, 7)


def test_pot_limit_small_blind_after_a_raise_to_7_and_a_fold_raises_to_23() -> None:
    hand = seated([100] * 4, PotLimit(1, 2)).deal(seed=1)
    act(hand, "p3 cbr 7", "p4 f")
    legal = hand.legal_actions()
    # B = 7, P = 7 + 1 + 2 = 10, C = 7 - 1 = 6
    assert (legal.seat, legal.to_call, legal.max_raise_to) == (0, 6, 23)
    assert legal.min_raise_to == 12  # 7 + the raise of 5


def test_pot_limit_six_handed_under_the_gun_raises_between_20_and_35() -> None:
    hand = seated([1000] * 6, PotLimit(5, 10)).deal(seed=2)
    legal = hand.legal_actions()
    assert (legal.seat, legal.min_raise_to, legal.max_raise_to) == (2, 20, 35)


def test_pot_limit_maximum_message_and_unchanged_state() -> None:
    hand = seated([5000] * 5, PotLimit(75, 150)).deal(seed=3)
    act(hand, "p3 cc", "p4 cc", "p5 cc", "p1 cc", "p2 cc")
    assert (hand.street, hand.pot) == ("flop", 750)
    before = snapshot(hand)
    with pytest.raises(
        IllegalActionError, match="raise to 900 exceeds the pot-limit maximum of 750"
    ):
        hand.raise_to(900)
    assert snapshot(hand) == before
    hand.raise_to(750)
    assert hand.bets[0] == 750


def test_pot_limit_maximum_counts_antes_and_folded_bets() -> None:
    # Antes 1 from each of 4 players, blinds 1/2: P = 4 + 3 = 7, B = 2, C = 2.
    hand = seated([100] * 4, PotLimit(1, 2, antes=1)).deal(seed=4)
    assert hand.legal_actions().max_raise_to == 2 + 7 + 2
    act(hand, "p3 cbr 11", "p4 f")  # the folded player's chips stay in P
    # B = 11, P = 4 + 1 + 2 + 11 = 18, C = 10 for the small blind
    assert hand.legal_actions().max_raise_to == 11 + 18 + 10


def test_pot_limit_player_with_less_may_go_all_in_for_less() -> None:
    hand = seated([100, 100, 5, 100], PotLimit(1, 2)).deal(seed=5)
    legal = hand.legal_actions()
    assert (legal.min_raise_to, legal.max_raise_to) == (4, 5)
    hand.all_in()
    assert hand.bets[2] == 5 and hand.stacks[2] == 0


# ------------------------------------------------------------- no limit


@pytest.mark.parametrize("structure", [NoLimit(10, 20), PotLimit(10, 20)])
def test_under_the_gun_may_only_call_after_short_all_in_is_called(
    structure: NoLimit | PotLimit,
) -> None:
    # Blinds 10/20: under the gun calls, the button goes all-in to 25 (a
    # short raise of 5), both blinds call: under the gun may only call or fold.
    hand = seated([1000, 1000, 1000, 25], structure).deal(seed=6)
    act(hand, "p3 cc", "p4 ai", "p1 cc", "p2 cc")
    legal = hand.legal_actions()
    assert legal.seat == 2
    assert (legal.to_call, legal.min_raise_to, legal.max_raise_to) == (5, None, None)
    assert legal.raise_closed_because == "a short all-in did not reopen the betting"
    before = snapshot(hand)
    with pytest.raises(IllegalActionError, match="raising is closed"):
        hand.raise_to(100)
    assert snapshot(hand) == before
    hand.call()
    assert hand.street == "flop"


def test_no_limit_short_all_in_lets_players_yet_to_act_raise() -> None:
    hand = seated([1000, 1000, 1000, 25], NoLimit(10, 20)).deal(seed=6)
    act(hand, "p3 cc", "p4 ai")
    legal = hand.legal_actions()  # the small blind has not acted yet
    assert (legal.seat, legal.min_raise_to, legal.max_raise_to) == (0, 45, 1000)


def test_no_limit_minimum_raise_after_a_20_all_in_bet_with_a_100_big_blind() -> None:
    hand = seated([120, 1000, 1000], NoLimit(50, 100)).deal(seed=7)
    act(hand, "p3 cc", "p1 cc", "p2 cc")  # the small blind has 20 left
    act(hand, "p1 ai")
    assert hand.bets[0] == 20
    legal = hand.legal_actions()
    assert (legal.seat, legal.to_call, legal.min_raise_to) == (1, 20, 120)
    act(hand, "p2 cc")  # p3 has not acted yet: he may raise
    assert hand.legal_actions().min_raise_to == 120


def test_no_limit_minimum_raise_after_100_bet_and_125_all_in() -> None:
    hand = seated([1000, 1000, 225], NoLimit(50, 100)).deal(seed=7)
    act(hand, "p3 cc", "p1 cc", "p2 cc")  # the button has 125 left
    act(hand, "p1 cbr 100", "p2 cc", "p3 ai")
    assert hand.bets[2] == 125
    legal = hand.legal_actions()  # the bettor faces 25: no reopening
    assert (legal.seat, legal.min_raise_to) == (0, None)
    act(hand, "p1 cc")
    assert hand.legal_actions().min_raise_to is None  # p2 called 100 before
    # Had p2 not acted yet, the minimum raise would be 125 + 100 = 225:
    hand2 = seated([1000, 1000, 225], NoLimit(50, 100)).deal(seed=7)
    act(hand2, "p3 cc", "p1 cc", "p2 cc", "p1 x", "p2 cbr 100", "p3 ai")
    assert hand2.legal_actions().min_raise_to == 225


def test_no_limit_short_all_ins_adding_up_to_a_full_raise_reopen_betting() -> None:
    # TDA 47A: A bets 100, B calls, C all-in 150, D all-in 200: A faces 100
    # more than at his last turn, a full raise: he may raise, to at least 300.
    stacks = [2000, 2000, 250, 300, 2000]
    hand = seated(stacks, NoLimit(50, 100)).deal(seed=8)
    act(hand, "p3 cc", "p4 cc", "p5 cc", "p1 cc", "p2 x")  # everyone in for 100
    act(hand, "p1 cbr 100", "p2 cc", "p3 ai", "p4 ai", "p5 cc")
    assert hand.bets[2:4] == (150, 200)
    legal = hand.legal_actions()
    assert (legal.seat, legal.to_call, legal.min_raise_to, legal.max_raise_to) == (
        0,
        100,
        300,
        1900,
    )
    hand.raise_to(300)


def test_no_limit_one_short_all_in_does_not_reopen_betting() -> None:
    stacks = [2000, 2000, 250, 2000]
    hand = seated(stacks, NoLimit(50, 100)).deal(seed=8)
    act(hand, "p3 cc", "p4 cc", "p1 cc", "p2 x")
    act(hand, "p1 cbr 100", "p2 cc", "p3 ai", "p4 cc")
    legal = hand.legal_actions()
    assert (legal.seat, legal.to_call, legal.min_raise_to) == (0, 50, None)


def test_no_limit_any_player_may_go_all_in() -> None:
    hand = seated([500, 500, 500], NoLimit(1, 2)).deal(seed=9)
    assert hand.legal_actions().max_raise_to == 500
    hand.all_in()
    assert hand.bets[2] == 500


def test_straddle_moves_first_action_and_minimum_raise() -> None:
    hand = seated([100] * 5, NoLimit(1, 2, blinds_or_straddles=(1, 2, 4))).deal(seed=10)
    legal = hand.legal_actions()
    assert (legal.seat, legal.to_call, legal.min_raise_to) == (3, 4, 8)
    act(hand, "p4 cc", "p5 cc", "p1 cc", "p2 cc")
    assert hand.to_act == 2  # the straddle has the option
    assert hand.legal_actions().can_check


# ------------------------------------------------------------- fixed limit


def test_fixed_limit_cap_of_four_bets_with_the_big_blind_as_first_bet() -> None:
    hand = seated([1000] * 5, FixedLimit(2, 4)).deal(seed=11)
    legal = hand.legal_actions()
    assert (legal.min_raise_to, legal.max_raise_to) == (4, 4)
    act(hand, "p3 cbr 4", "p4 cbr 6", "p5 cbr 8")  # 2, 3, 4 bets: capped
    legal = hand.legal_actions()
    assert (legal.seat, legal.to_call, legal.min_raise_to) == (0, 7, None)
    assert legal.raise_closed_because == "the round is capped at 4 bets"
    with pytest.raises(IllegalActionError, match="capped at 4 bets"):
        hand.raise_to(10)
    act(hand, "p1 cc", "p2 cc", "p3 cc", "p4 cc")
    assert hand.street == "flop"
    act(hand, "p1 cbr 2", "p2 cbr 4", "p3 cbr 6", "p4 cbr 8")  # bet, raise, re-raise, cap
    assert hand.legal_actions().min_raise_to is None


def test_fixed_limit_amounts_and_off_amount_message() -> None:
    hand = seated([1000] * 3, FixedLimit(15, 30, small_blind=10)).deal(seed=12)
    assert hand.bets == (10, 15, 0)
    before = snapshot(hand)
    with pytest.raises(IllegalActionError, match="raise to exactly 30"):
        hand.raise_to(40)
    assert snapshot(hand) == before
    act(hand, "p3 cc", "p1 cc", "p2 x")
    assert hand.legal_actions().min_raise_to == 15  # small bet on the flop
    act(hand, "p1 x", "p2 x", "p3 x")
    assert hand.legal_actions().min_raise_to == 30  # big bet on the turn


def test_fixed_limit_cap_applies_heads_up_by_default() -> None:
    hand = seated([1000, 1000], FixedLimit(2, 4)).deal(seed=13)
    act(hand, "p2 cbr 4", "p1 cbr 6", "p2 cbr 8")
    assert hand.legal_actions().min_raise_to is None


def test_fixed_limit_heads_up_unlimited() -> None:
    hand = seated([1000, 1000], FixedLimit(2, 4, heads_up_unlimited=True)).deal(seed=13)
    act(hand, "p2 cbr 4", "p1 cbr 6", "p2 cbr 8", "p1 cbr 10", "p2 cbr 12")
    assert hand.legal_actions().min_raise_to == 14


def test_fixed_limit_round_capped_three_handed_stays_capped_after_a_fold() -> None:
    structure = FixedLimit(2, 4, heads_up_unlimited=True)
    hand = seated([1000] * 3, structure).deal(seed=14)
    act(hand, "p3 cbr 4", "p1 cbr 6", "p2 cbr 8", "p3 f")
    assert hand.legal_actions().min_raise_to is None  # capped with three players
    act(hand, "p1 cc")
    act(hand, "p1 cbr 2", "p2 cbr 4", "p1 cbr 6", "p2 cbr 8", "p1 cbr 10")
    assert hand.legal_actions().min_raise_to == 12  # heads-up from the start of the round


def test_fixed_limit_half_bet_all_in_counts_as_a_full_bet() -> None:
    # $15 all-in on a $20 round counts as a bet: the next raise is to $35.
    hand = seated([1000, 1000, 25], FixedLimit(10, 20)).deal(seed=15)
    act(hand, "p3 cc", "p1 cc", "p2 x", "p1 x", "p2 x", "p3 x")  # turn: $20 bets
    act(hand, "p1 x", "p2 x", "p3 ai")
    assert hand.bets[2] == 15
    legal = hand.legal_actions()
    assert (legal.seat, legal.min_raise_to, legal.max_raise_to) == (0, 35, 35)


def test_fixed_limit_all_in_for_less_than_half_a_bet_is_not_a_raise() -> None:
    # $10 bet, $13 all-in: the bettor may only call; a player yet to act
    # completes to $20, not $23.
    hand = seated([1000, 1000, 23, 1000], FixedLimit(10, 20)).deal(seed=16)
    act(hand, "p3 cc", "p4 cc", "p1 cc", "p2 x")  # flop: $10 bets
    act(hand, "p1 cbr 10", "p2 cc", "p3 ai")
    assert hand.bets[2] == 13
    legal = hand.legal_actions()
    assert (legal.seat, legal.to_call, legal.min_raise_to, legal.max_raise_to) == (3, 13, 20, 20)
    act(hand, "p4 cc")
    legal = hand.legal_actions()
    assert (legal.seat, legal.to_call, legal.min_raise_to) == (0, 3, None)


def test_fixed_limit_all_in_raise_for_less_is_the_only_raise() -> None:
    hand = seated([1000, 1000, 7], FixedLimit(4, 8)).deal(seed=17)
    legal = hand.legal_actions()
    assert (legal.min_raise_to, legal.max_raise_to) == (7, 7)
    with pytest.raises(IllegalActionError, match="fixed-limit amount"):
        hand.raise_to(8)
    hand.all_in()
    assert hand.bets[2] == 7


def test_fixed_limit_all_in_off_the_amount_is_illegal() -> None:
    hand = seated([1000] * 3, FixedLimit(4, 8)).deal(seed=17)
    before = snapshot(hand)
    with pytest.raises(IllegalActionError, match="raise to 1000 is not the fixed-limit amount"):
        hand.all_in()
    assert snapshot(hand) == before


# ------------------------------------------------------------- forced bets


def test_short_big_blind_is_all_in_and_does_not_change_the_stakes() -> None:
    hand = seated([100, 1, 100, 100], NoLimit(1, 2)).deal(seed=18)
    assert hand.bets == (1, 1, 0, 0) and hand.stacks[1] == 0
    legal = hand.legal_actions()
    assert (legal.to_call, legal.min_raise_to) == (2, 4)  # the full big blind
    act(hand, "p3 cc", "p4 cc", "p1 cc")
    assert hand.street == "flop"  # the all-in big blind has no option
    assert hand.to_act == 0


def test_short_big_blind_pot_limit_maximum_counts_the_chips_posted() -> None:
    hand = seated([100, 1, 100, 100], PotLimit(1, 2)).deal(seed=18)
    # B = 2 (the full big blind), P = 1 + 1 posted, C = 2
    assert hand.legal_actions().max_raise_to == 6


def test_short_big_blind_fixed_limit_raise_is_one_bet_above_the_full_blind() -> None:
    hand = seated([100, 1, 100, 100], FixedLimit(2, 4)).deal(seed=18)
    legal = hand.legal_actions()
    assert (legal.to_call, legal.min_raise_to) == (2, 4)


def test_short_small_blind_posts_everything() -> None:
    hand = seated([3, 100, 100], NoLimit(5, 10)).deal(seed=19)
    assert hand.bets == (3, 10, 0) and hand.stacks[0] == 0
    act(hand, "p3 cc", "p2 x")  # the small blind is all-in: no turn
    assert hand.street == "flop"


def test_everyone_all_in_from_the_blinds_runs_out_the_board() -> None:
    hand = seated([2, 1], NoLimit(1, 2)).deal(seed=20)
    assert hand.street == "showdown" and hand.to_act is not None
    check_down(hand)
    assert hand.is_over and len(hand.result.board) == 5


def test_uniform_ante_follows_the_side_pot_rule() -> None:
    # Ante 10: the first player has only 5, all-in for the ante; he wins at
    # most 5 from each player.
    table = seated([5, 100, 100], NoLimit(5, 10, antes=10))
    hand = deal(table, [WHEEL_1, NO_LOW, EIGHT_LOW], BOARD)
    # p1's 5 went to the ante: no small blind is left to post.
    assert hand.stacks == (0, 80, 90) and hand.bets == (0, 10, 0)
    act(hand, "p3 cc", "p2 cc", "p2 x", "p3 x", "p2 x", "p3 x", "p2 x", "p3 x")
    act(hand, "p1 sm -", "p2 sm -", "p3 sm -")
    main, side = hand.result.pots
    assert (main.amount, main.eligible, main.payouts) == (15, (0, 1, 2), {0: 15})
    assert (side.amount, side.eligible, side.payouts) == (30, (1, 2), {1: 30})
    assert hand.result.stacks == (15, 110, 80)


def test_big_blind_ante_blind_first_then_ante_whole_into_main_pot() -> None:
    # The big blind posts the 100 blind first; the 100 ante takes the 50 left.
    table = seated([1000, 150, 1000], NoLimit(50, 100, big_blind_ante=100))
    hand = deal(table, [NO_LOW, WHEEL_1, EIGHT_LOW], BOARD)
    assert hand.bets == (50, 100, 0) and hand.stacks == (950, 0, 1000)
    assert hand.pot == 200
    act(hand, "p3 cbr 300", "p1 cc")  # side pot between p1 and p3
    check_down(hand)
    main, side = hand.result.pots
    # main: 100 from each of three + the 50 ante, dead money, whole in it
    assert (main.amount, main.eligible) == (350, (0, 1, 2))
    assert (side.amount, side.eligible) == (400, (0, 2))
    assert main.payouts == {1: 350}  # p2's straight
    assert side.payouts == {0: 400}  # p1's kings and tens beat p3's pair of kings


def test_per_position_antes_are_not_bets_for_the_uncalled_bet() -> None:
    # A big blind ante given per position (PHH antes = [0, 100000, 0]):
    # the big blind's ante is dead money, never returned as an uncalled bet.
    structure = PotLimit(50, 100, antes=(0, 100, 0))
    hand = seated([1000, 1000, 1000], structure).deal(seed=21)
    act(hand, "p3 f", "p1 f")
    assert hand.result.uncalled == (1, 50)
    assert hand.result.stacks == (950, 1050, 1000)


def test_heads_up_button_posts_small_blind_and_acts_first_pre_flop() -> None:
    table = Table([100, 100], NoLimit(1, 2), button=0)
    hand = table.deal(seed=22)
    assert hand.bets == (1, 2) and hand.to_act == 0
    act(hand, "p1 cc")
    assert hand.to_act == 1  # the big blind's option
    act(hand, "p2 x")
    assert hand.street == "flop" and hand.to_act == 1  # the button acts last
    act(hand, "p2 x")
    assert hand.to_act == 0


def test_heads_up_blinds_or_straddles_apply_reversed() -> None:
    table = seated([1_000_000, 1_000_000], PotLimit(150_000, 300_000))
    hand = table.deal(seed=23)
    assert hand.bets == (300_000, 150_000)  # p1 the big blind, p2 the button
    assert hand.to_act == 1


def test_big_blind_option_after_calls() -> None:
    hand = seated([100] * 3, PotLimit(1, 2)).deal(seed=24)
    act(hand, "p3 cc", "p1 cc")
    legal = hand.legal_actions()
    assert (legal.seat, legal.can_check, legal.to_call, legal.min_raise_to) == (1, True, 0, 4)
    assert legal.max_raise_to == 8  # B 2 + P 6, C 0
    act(hand, "p2 cbr 8")
    assert hand.to_act == 2 and hand.street == "preflop"


def test_posting_a_blind_is_not_a_turn_single_blind() -> None:
    hand = seated([100] * 3, NoLimit(0, 2, blinds_or_straddles=(2,))).deal(seed=25)
    assert hand.bets == (2, 0, 0) and hand.to_act == 1
    act(hand, "p2 cc", "p3 cc")
    assert hand.to_act == 0 and hand.legal_actions().can_check


# ------------------------------------------------------------- §5.8


def test_player_facing_a_bet_with_every_opponent_all_in_must_call_or_fold() -> None:
    hand = seated([100, 30, 50, 500], NoLimit(1, 2)).deal(seed=26)
    act(hand, "p3 ai", "p4 cc", "p1 ai", "p2 ai")
    legal = hand.legal_actions()
    assert legal.seat == 3 and legal.to_call == 50
    assert legal.min_raise_to is None
    assert legal.raise_closed_because == (
        "every other player still in the hand is all-in or cannot call more"
    )
    assert legal.can_fold
    act(hand, "p4 cc")
    assert hand.street == "showdown" and hand.board == ()
    check_down(hand)
    assert len(hand.result.board) == 5
    assert sum(hand.result.stacks) == 680


def test_no_raise_when_no_opponent_could_call_more() -> None:
    # p4 (60 behind) raises to 40; p2 goes all-in to 100. p3 may call 60 or
    # fold but not raise: p4, the only other player with chips, can at most
    # call the 100 all-in.
    hand = seated([30, 100, 1000, 100], NoLimit(5, 10)).deal(seed=40)
    act(hand, "p3 cbr 20", "p4 cbr 40", "p1 ai", "p2 ai")
    legal = hand.legal_actions()
    assert (legal.seat, legal.to_call, legal.min_raise_to) == (2, 80, None)
    act(hand, "p3 cc")
    assert hand.legal_actions().min_raise_to is None


def test_no_bet_when_the_only_opponent_is_all_in_and_matched() -> None:
    hand = seated([100, 100, 10], NoLimit(1, 2)).deal(seed=27)
    act(hand, "p3 ai", "p1 f", "p2 cc")
    assert hand.street == "showdown"  # p2 alone has chips: no more betting


def test_round_ends_when_everyone_has_matched_and_fold_when_check_is_free() -> None:
    hand = seated([100] * 3, NoLimit(1, 2)).deal(seed=28)
    act(hand, "p3 cc", "p1 cc", "p2 x")
    assert hand.street == "flop"
    act(hand, "p1 f")  # a fold when a check is free is allowed
    assert hand.folded == (0,)


def test_check_facing_a_bet_is_illegal() -> None:
    hand = seated([100] * 3, NoLimit(1, 2)).deal(seed=29)
    before = snapshot(hand)
    with pytest.raises(IllegalActionError, match=r"cannot check facing a bet of 2: call 2 or fold"):
        hand.check()
    assert snapshot(hand) == before


def test_out_of_turn_action_is_illegal() -> None:
    hand = seated([100] * 3, NoLimit(1, 2)).deal(seed=29)
    before = snapshot(hand)
    with pytest.raises(IllegalActionError, match="seat 0 acted out of turn; seat 2 is to act"):
        hand.fold(seat=0)
    assert snapshot(hand) == before
    assert isinstance(IllegalActionError("x"), ValueError)


def test_below_the_minimum_raise_is_illegal() -> None:
    hand = seated([100] * 3, NoLimit(1, 2)).deal(seed=29)
    with pytest.raises(IllegalActionError, match=r"raise to 3 is below the minimum raise to 4"):
        hand.raise_to(3)
    with pytest.raises(IllegalActionError, match=r"exceeds the stack: all-in is a raise to 100"):
        hand.raise_to(101)


# ------------------------------------------------------------- uncalled bet


def test_uncalled_bet_returns_to_the_bettor_when_everyone_folds() -> None:
    hand = seated([100] * 3, NoLimit(1, 2)).deal(seed=30)
    act(hand, "p3 cbr 10", "p1 f", "p2 f")
    result = hand.result
    assert result.uncalled == (2, 8)
    assert [p.amount for p in result.pots] == [5]
    assert result.stacks == (99, 98, 103)
    assert result.show_order == ()


def test_uncalled_part_of_a_bet_above_an_all_in_call() -> None:
    hand2 = deal(seated([500, 200], NoLimit(1, 2)), [QUADS, NO_LOW], BOARD)
    act(hand2, "p2 cc", "p1 ai", "p2 cc")
    check_down(hand2)
    assert hand2.result.uncalled == (0, 300)
    assert hand2.result.pots[0].amount == 400
    assert hand2.result.stacks == (700, 0)


def test_big_blind_walk_returns_the_uncalled_part() -> None:
    hand = seated([100] * 3, NoLimit(1, 2)).deal(seed=31)
    act(hand, "p3 f", "p1 f")
    assert hand.result.uncalled == (1, 1)
    assert hand.result.stacks == (99, 101, 100)


# ------------------------------------------------------------- hi-lo and odd chips


def test_quartered_hi_lo_pot_with_an_odd_chip() -> None:
    # p1 posts 1 and folds; p2, p3 (two equal wheels) and p4 (four kings)
    # put in 10 each: 31 chips. High half 16 to p4; the low half 15 is
    # quartered 8 / 7, the odd chip to the first seat left of the button.
    table = seated([100] * 4, NoLimit(1, 2), game="hilo")
    hand = deal(table, [NO_LOW, WHEEL_1, WHEEL_2, QUADS], BOARD)
    act(hand, "p3 cbr 10", "p4 cc", "p1 f", "p2 cc")
    check_down(hand)
    (pot,) = hand.result.pots
    assert pot.amount == 31
    assert (pot.high_winners, pot.low_winners) == ((3,), (1, 2))
    assert pot.payouts == {3: 16, 1: 8, 2: 7}
    assert hand.result.stacks == (99, 98, 97, 106)


def test_same_players_tying_high_and_low_split_evenly() -> None:
    # Two identical wheels (and five-high straights): 66 is split 33 / 33,
    # not halved into 17 + 17 and 16 + 16.
    table = seated([33, 33], NoLimit(1, 2), game="hilo")
    hand = deal(table, [WHEEL_1, WHEEL_2], BOARD)
    act(hand, "p2 ai", "p1 cc", "p1 sm -", "p2 sm -")
    (pot,) = hand.result.pots
    assert pot.amount == 66 and pot.payouts == {0: 33, 1: 33}


def test_odd_chips_one_at_a_time_clockwise_from_the_button() -> None:
    # Three Broadway straights tie for 11 chips: 4 / 4 / 3, the 3 to the
    # tied player furthest from the button's left.
    board = "AcKdQh4s4c"
    holes = ["JcTd2c3d", "JdTh2d3h", "JhTs2h3s", "9c9d8c8d"]
    table = Table([3, 3, 3, 100], NoLimit(1, 2), button=3)
    hand = table.deal(hole_cards=holes, board=board)
    act(hand, "p3 cc", "p4 cc", "p1 cc", "p2 x")
    act(hand, "p1 ai", "p2 ai", "p3 ai", "p4 f")
    check_down(hand)
    (pot,) = hand.result.pots
    assert pot.amount == 11 and pot.high_winners == (0, 1, 2)
    assert pot.payouts == {0: 4, 1: 4, 2: 3}
    # The same hands with the button on seat 0: the order is 1, 2, 3, 0.
    table = Table([100, 3, 3, 3], NoLimit(1, 2), button=0)
    hand = table.deal(hole_cards=[holes[3], *holes[:3]], board=board)
    act(hand, "p4 cc", "p1 cc", "p2 cc", "p3 x")
    act(hand, "p2 ai", "p3 ai", "p4 ai", "p1 f")
    check_down(hand)
    assert hand.result.pots[0].payouts == {1: 4, 2: 4, 3: 3}


def _side_pot_hand(side_hand: str) -> tuple[dict[int, int], dict[int, int], tuple[int, ...]]:
    # p3 (button) all-in for 10 with the best low overall; p1 raises to 30
    # and p2 calls: a side pot of 40 between p1 and p2.
    table = seated([100, 100, 10], NoLimit(1, 2), game="hilo")
    hand = deal(table, [side_hand, QUADS, WHEEL_1], BOARD)
    act(hand, "p3 ai", "p1 cbr 30", "p2 cc")
    check_down(hand)
    main, side = hand.result.pots
    assert (main.amount, main.eligible, side.amount, side.eligible) == (30, (0, 1, 2), 40, (0, 1))
    assert (main.high_winners, main.low_winners) == ((1,), (2,))
    return main.payouts, side.payouts, hand.result.stacks


def test_hi_lo_side_pot_low_goes_to_the_best_low_among_side_pot_players() -> None:
    main, side, stacks = _side_pot_hand(EIGHT_LOW)
    assert main == {1: 15, 2: 15}
    assert side == {1: 20, 0: 20}  # p1's 8-7 low wins the side pot's low half
    assert stacks == (90, 105, 15)


def test_hi_lo_side_pot_without_a_low_goes_whole_to_the_high_hand() -> None:
    main, side, stacks = _side_pot_hand(NO_LOW)
    assert main == {1: 15, 2: 15}
    assert side == {1: 40}
    assert stacks == (70, 125, 15)


def test_no_qualifying_low_high_hand_scoops() -> None:
    table = seated([100, 100], PotLimit(1, 2), game="hilo")
    hand = deal(table, ["AcKc2d3d", "QsQh9d9c"], "KsKd9h8hTc")
    act(hand, "p2 cc", "p1 x")
    check_down(hand)
    (pot,) = hand.result.pots
    assert pot.low_winners == () and pot.payouts == {1: 4}


# ------------------------------------------------------------- showdown


def test_showdown_last_river_aggressor_shows_first() -> None:
    table = seated([100] * 3, NoLimit(1, 2))
    hand = deal(table, [NO_LOW, QUADS, EIGHT_LOW], BOARD)
    act(hand, "p3 cc", "p1 cc", "p2 x")
    for _ in range(2):
        act(hand, "p1 x", "p2 x", "p3 x")
    act(hand, "p1 x", "p2 cbr 4", "p3 cc", "p1 cc")
    assert hand.street == "showdown"
    assert hand.showdown_order == (1, 2, 0) and hand.to_act == 1
    with pytest.raises(IllegalActionError, match="seat 1 shows first"):
        hand.show(seat=2)
    act(hand, "p2 sm -", "p3 sm", "p1 sm")
    assert hand.result.mucked == (2, 0)
    assert [s.seat for s in hand.result.shown] == [1]
    assert hand.result.shown[0].high is not None
    assert str(hand.result.shown[0].high) == "Four of a kind, kings"


def test_showdown_without_river_bet_starts_left_of_the_button() -> None:
    table = Table([100] * 3, NoLimit(1, 2), button=1)
    hand = table.deal(seed=32)
    act(hand, "p2 cc", "p3 cc", "p1 x")  # seat 2 small blind, seat 0 big blind
    while hand.street != "showdown":
        hand.check()
    assert hand.showdown_order == (2, 0, 1)


def test_mucked_hand_wins_nothing_and_last_player_wins_without_showing() -> None:
    table = seated([100, 100], NoLimit(1, 2))
    hand = deal(table, [QUADS, NO_LOW], BOARD)
    act(hand, "p2 cc", "p1 x", "p1 x", "p2 x", "p1 x", "p2 x", "p1 x", "p2 x")
    assert hand.showdown_order == (0, 1)
    act(hand, "p1 sm")  # the better hand is mucked
    assert hand.is_over
    assert hand.result.pots[0].payouts == {1: 4}
    assert hand.result.shown == ()


def test_all_in_showdown_hands_shown_before_the_board_in_any_order() -> None:
    table = seated([100, 100, 100], NoLimit(1, 2))
    hand = table.deal(hole_cards=[QUADS, NO_LOW, EIGHT_LOW])
    act(hand, "p3 ai", "p1 cc", "p2 f")
    assert hand.street == "showdown" and hand.board == ()
    assert hand.showdown_order == (2, 0)
    act(hand, "p1 sm -")  # any order while the board is still to come
    assert hand.awaiting == "flop"
    act(hand, "p3 sm -")
    assert hand.to_act is None and hand.awaiting == "flop"
    act(hand, "d db 3c4d5h", "d db Ks", "d db Kh")
    assert hand.is_over
    assert hand.result.stacks == (202, 98, 0)


def test_replay_may_deal_the_board_before_the_shows() -> None:
    table = seated([100, 100], NoLimit(1, 2))
    hand = table.deal(hole_cards=[QUADS, None])
    act(hand, "p2 ai", "p1 cc", "d db 3c4d5h", "d db Ks", "d db Kh")
    assert hand.to_act == 1 and hand.street == "showdown"  # the last aggressor
    with pytest.raises(IllegalActionError, match="unknown"):
        hand.show(seat=1)
    act(hand, "p2 sm QdJhTcTd", "p1 sm -")
    assert hand.result.stacks == (200, 0)


# ------------------------------------------------------------- button and dealing


def test_button_moves_to_the_next_player_with_chips() -> None:
    table = Table([100, 100, 100, 100], NoLimit(1, 2), button=0)
    hand = table.deal(seed=33)
    act(hand, "p4 f", "p1 f", "p2 f")
    assert table.button == 1
    # Seat 2 busted: the button skips it.
    table = Table([100, 100, 0, 100], NoLimit(1, 2), button=1)
    hand = table.deal(seed=34)
    assert hand.seats == (3, 0, 1)
    hand.fold()
    hand.fold()
    assert table.button == 3


def test_button_move_to_heads_up_gives_the_last_big_blind_the_button() -> None:
    # Button seat 0, small blind seat 1, big blind seat 2; seat 0 busts.
    table = Table([4, 100, 100], NoLimit(1, 2), button=0)
    hand = table.deal(hole_cards=[NO_LOW, EIGHT_LOW, QUADS], board=BOARD)
    act(hand, "p1 ai", "p2 f", "p3 cc", "p1 sm -", "p3 sm -")
    assert table.stacks == (0, 99, 105)
    assert table.button == 2  # the last big blind takes the button and small blind
    hand = table.deal(seed=35)
    assert hand.seats == (1, 2) and hand.bets == (0, 2, 1)


def test_dealing_order_and_burns_from_a_given_deck() -> None:
    deck = list(range(51, -1, -1))
    table = Table([100] * 3, NoLimit(1, 2), button=2)
    hand = table.deal(deck=deck)
    d = deck
    assert hand.hole_cards == (
        (d[0], d[3], d[6], d[9]),
        (d[1], d[4], d[7], d[10]),
        (d[2], d[5], d[8], d[11]),
    )
    act(hand, "p3 cc", "p1 cc", "p2 x")
    assert hand.board == (d[13], d[14], d[15])  # d[12] burned
    act(hand, "p1 x", "p2 x", "p3 x")
    assert list(hand.board) == [d[13], d[14], d[15], d[17]]
    act(hand, "p1 x", "p2 x", "p3 x")
    assert list(hand.board) == [d[13], d[14], d[15], d[17], d[19]]


def test_heads_up_deal_starts_with_the_big_blind() -> None:
    deck = "AsKsQsJs TsAhKhQh JhThAdKd QdJdTdAc KcQcJcTc"
    table = Table([100, 100], NoLimit(1, 2), button=1)
    hand = table.deal(deck=deck)
    assert hand.hole_cards[0] == parse_cards("AsQsTsKh")  # the big blind first
    assert hand.hole_cards[1] == parse_cards("KsJsAhQh")


def test_seeded_deal_is_the_numpy_permutation() -> None:
    import numpy as np

    hand = Table([100, 100], NoLimit(1, 2)).deal(seed=123)
    d = np.random.default_rng(123).permutation(52).tolist()
    assert hand.hole_cards[1] == (d[0], d[2], d[4], d[6])
    assert hand.hole_cards[0] == (d[1], d[3], d[5], d[7])


def test_too_many_players_for_the_deck() -> None:
    with pytest.raises(ValueError, match="2 to 8 seats"):
        Table([100] * 9, NoLimit(1, 2), hole_count=5)
    with pytest.raises(ValueError, match="2 to 7 seats"):
        Table([100] * 8, NoLimit(1, 2), hole_count=6)
    with pytest.raises(ValueError, match="2 to 10 seats"):
        Table([100] * 11, NoLimit(1, 2))
    Table([100] * 10, NoLimit(1, 2)).deal(seed=1)
    Table([100] * 7, NoLimit(1, 2), hole_count=6).deal(seed=1)


def test_deck_too_short_is_an_error() -> None:
    with pytest.raises(ValueError, match=re.escape("the deck has 10 cards; 2 players need 16")):
        Table([100, 100], NoLimit(1, 2)).deal(deck=list(range(10)))


def test_side_pot_goes_to_the_last_player_in_it_when_the_others_muck() -> None:
    # p3 is all-in for 10; p1 and p2 build a side pot of 40. At showdown p1
    # mucks (conceding the side pot to p2), then p2 mucks: p3, the last hand
    # left, takes the main pot without showing; p2 keeps the side pot.
    table = seated([100, 100, 10], NoLimit(1, 2))
    hand = deal(table, [EIGHT_LOW, NO_LOW, QUADS], BOARD)
    act(hand, "p3 ai", "p1 cbr 30", "p2 cc")
    act(hand, "p1 x", "p2 x", "p1 x", "p2 x", "p1 x", "p2 x")
    assert hand.showdown_order == (0, 1, 2)  # no river bet: left of the button first
    act(hand, "p1 sm", "p2 sm")
    assert hand.is_over and hand.result.mucked == (0, 1)
    main, side = hand.result.pots
    assert main.payouts == {2: 30} and side.payouts == {1: 40}
    assert hand.result.stacks == (70, 110, 30)


def test_all_in_showdown_every_live_hand_is_turned_face_up() -> None:
    # docs/rules.md §5.9: once a player is all-in and betting is over, every
    # live hand is turned up. The engine accepted a muck there, and paid the
    # losing hand: p2 (four kings) mucked and p1 (no low, kings and tens) won.
    table = seated([100, 100], NoLimit(1, 2))
    hand = deal(table, [NO_LOW, QUADS], BOARD)
    act(hand, "p2 ai", "p1 cc")
    assert hand.street == "showdown" and hand.board == ()
    legal = hand.legal_actions()
    assert legal.can_show and not legal.can_muck
    before = snapshot(hand)
    with pytest.raises(IllegalActionError, match=r"cannot muck: .* turned face up") as info:
        hand.muck(seat=1)
    assert info.value.seat == 1
    assert snapshot(hand) == before
    act(hand, "p2 sm -", "p1 sm -")
    assert hand.result.stacks == (0, 200)
    # The house option, for replaying site histories where such a player mucks:
    lenient = Table([100, 100], NoLimit(1, 2), button=1, all_in_muck=True)
    hand = deal(lenient, [NO_LOW, QUADS], BOARD)
    act(hand, "p2 ai", "p1 cc")
    assert hand.legal_actions().can_muck
    act(hand, "p2 sm")
    assert hand.result.stacks == (200, 0) and hand.result.mucked == (1,)


def test_a_muck_after_a_river_showdown_with_an_earlier_all_in_is_allowed() -> None:
    # The betting went on to the river between the players with chips: a
    # showdown in turn, where a player may muck (§5.9, §4.8).
    table = seated([100, 100, 10], NoLimit(1, 2))
    hand = deal(table, [EIGHT_LOW, NO_LOW, QUADS], BOARD)
    act(hand, "p3 ai", "p1 cbr 30", "p2 cc")
    act(hand, "p1 x", "p2 x", "p1 x", "p2 x", "p1 x", "p2 x")
    assert hand.legal_actions().can_muck
    act(hand, "p1 sm")
    assert hand.to_act == 1 and hand.legal_actions().can_muck
