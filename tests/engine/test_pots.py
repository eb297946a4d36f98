"""Pots: the uncalled bet, side pots, odd chips and the hi-lo split (docs/rules.md §4)."""

from __future__ import annotations

import pytest

from omaha.cards import parse_cards
from omaha.pots import (
    Pot,
    award_pot,
    build_pots,
    evaluate_shown,
    settle,
    split_chips,
    uncalled_bet,
)


def test_uncalled_bet_is_the_excess_over_the_second_largest() -> None:
    assert uncalled_bet([100, 500, 200]) == (1, 300)
    assert uncalled_bet([100, 100]) is None
    assert uncalled_bet([0, 2, 1]) == (1, 1)  # a big blind walk
    assert uncalled_bet([0, 0]) is None
    assert uncalled_bet([7]) == (0, 7)


def test_side_pots_cut_at_all_in_totals() -> None:
    pots = build_pots([50, 100, 250, 250], folded=[False, False, False, False])
    assert pots == (
        Pot(200, (0, 1, 2, 3)),
        Pot(150, (1, 2, 3)),
        Pot(300, (2, 3)),
    )


def test_folded_chips_are_dead_money_in_the_pots_they_reached() -> None:
    # Seat 3 put in 80 and folded: 50 of it in the main pot, 30 in the side pot.
    pots = build_pots([50, 100, 100, 80], folded=[False, False, False, True])
    assert pots == (Pot(200, (0, 1, 2)), Pot(130, (1, 2)))


def test_folded_chips_start_no_pot_and_adjacent_pots_merge() -> None:
    # Seat 2's 30 (folded) would cut at 30: no pot starts there.
    pots = build_pots([100, 100, 30], folded=[False, False, True])
    assert pots == (Pot(230, (0, 1)),)


def test_folded_chips_above_every_live_total_stay_in_the_top_pot() -> None:
    # A per-position ante of 50 from a player who folded: dead money.
    assert build_pots([1, 2, 50], folded=[True, False, True]) == (Pot(53, (1,)),)


def test_big_blind_ante_goes_whole_into_the_main_pot() -> None:
    pots = build_pots([20, 100, 100], folded=[False, False, False], dead=50)
    assert pots == (Pot(110, (0, 1, 2)), Pot(160, (1, 2)))


def test_eligible_seats_follow_the_given_order() -> None:
    pots = build_pots([10, 10, 10], folded=[False] * 3, order=[2, 0, 1])
    assert pots == (Pot(30, (2, 0, 1)),)


def test_build_pots_bad_input() -> None:
    with pytest.raises(ValueError, match="3 contributions but 2 folded flags"):
        build_pots([1, 2, 3], folded=[False, False])
    with pytest.raises(ValueError, match="no player is still in the hand"):
        build_pots([1, 2], folded=[True, True])


def test_odd_chips_one_at_a_time_in_order() -> None:
    assert split_chips(11, [0, 1, 2]) == {0: 4, 1: 4, 2: 3}
    assert split_chips(11, [2, 0, 1]) == {2: 4, 0: 4, 1: 3}
    assert split_chips(10, [5, 6]) == {5: 5, 6: 5}
    assert split_chips(7, [3]) == {3: 7}


def test_smallest_chip_is_never_split() -> None:
    # Chips of 25: 175 between two is 100 / 75; a remainder below the
    # unit goes to the first winner.
    assert split_chips(175, [0, 1], unit=25) == {0: 100, 1: 75}
    assert split_chips(180, [0, 1], unit=25) == {0: 105, 1: 75}


def test_award_hi_only() -> None:
    r = award_pot(Pot(10, (0, 1)), {0: 100, 1: 200}, None, order=[0, 1])
    assert (r.high_winners, r.low_winners, r.payouts) == ((1,), (), {1: 10})


def test_award_hi_lo_halves_with_the_odd_chip_to_the_high_half() -> None:
    r = award_pot(Pot(31, (0, 1)), {0: 5000, 1: 10}, {0: None, 1: 40}, order=[0, 1])
    assert r.payouts == {0: 16, 1: 15}


def test_award_quartered_pot() -> None:
    r = award_pot(Pot(31, (0, 1, 2)), {0: 5000, 1: 10, 2: 10}, {0: None, 1: 56, 2: 56}, [0, 1, 2])
    assert (r.high_winners, r.low_winners) == ((0,), (1, 2))
    assert r.payouts == {0: 16, 1: 8, 2: 7}


def test_award_same_players_tie_both_halves_split_evenly() -> None:
    r = award_pot(Pot(66, (0, 1)), {0: 10, 1: 10}, {0: 56, 1: 56}, [0, 1])
    assert r.payouts == {0: 33, 1: 33}
    scoop = award_pot(Pot(65, (0, 1)), {0: 10, 1: 5}, {0: 56, 1: 3}, [0, 1])
    assert scoop.payouts == {0: 65}


def test_award_no_low_high_scoops() -> None:
    r = award_pot(Pot(30, (0, 1)), {0: 10, 1: 20}, {0: None, 1: None}, [0, 1])
    assert (r.low_winners, r.payouts) == ((), {1: 30})


def test_award_without_contenders_is_an_error() -> None:
    with pytest.raises(ValueError, match="nobody contests"):
        award_pot(Pot(3, (0,)), {}, None, [0])


def test_evaluate_shown_goes_through_the_evaluator() -> None:
    board = parse_cards("3c4d5hKsKh")
    values = evaluate_shown({0: parse_cards("Ac2d9s9d"), 1: parse_cards("KcKd9c8s")}, board, "hilo")
    assert str(values[0][0]) == "Straight, five high" and str(values[0][1]) == "5-4-3-2-A"
    assert str(values[1][0]) == "Four of a kind, kings" and values[1][1] is None
    hi_only = evaluate_shown({0: parse_cards("Ac2d9s9d")}, board, "hi")
    assert hi_only[0][1] is None


def test_settle_gives_back_the_unwinnable_then_builds_and_awards_the_pots() -> None:
    # docs/rules.md §4: seat 0 is all-in on a 3 ante, seat 1 on 5; seat 2
    # antes 10 and folds: 5 of it goes back, and the pots are 9 and 4.
    board = parse_cards("3c4d5hKsKh")
    shown = {0: parse_cards("QdJhTcTd"), 1: parse_cards("KcKd9c8s")}
    s = settle(
        [3, 5, 10],
        [False, False, True],
        all_in=[True, True, False],
        order=[0, 1, 2],
        shown=shown,
        board=board,
    )
    assert s.returned == {2: 5}
    assert [(p.amount, p.eligible, p.payouts) for p in s.pots] == [
        (9, (0, 1), {1: 9}),
        (4, (1,), {1: 4}),
    ]
    assert s.payouts == {2: 5, 1: 13}
    assert str(s.values[1][0]) == "Four of a kind, kings"


def test_settle_concedes_a_pot_to_the_last_to_muck_and_checks_the_rake() -> None:
    s = settle([10, 10], [False, False], all_in=[False, False], order=[0, 1], mucked=[1, 0])
    assert [p.payouts for p in s.pots] == [{0: 20}]
    raked = settle(
        [10, 10],
        [False, True],
        all_in=[False, False],
        order=[0, 1],
        rake=lambda pots: [Pot(19, pots[0].eligible)],
    )
    assert (raked.rake, raked.pots[0].payouts) == (1, {0: 19})
    with pytest.raises(ValueError, match="the rake policy must return the same pots"):
        settle([10, 10], [False, True], all_in=[False, False], order=[0, 1], rake=lambda pots: [])
    with pytest.raises(ValueError, match=r"seats \[0, 1\] contest the pot"):
        settle([10, 10], [False, False], all_in=[False, False], order=[0, 1])
