"""Running the board more than once (docs/rules.md §4.10), numbers by hand."""

from __future__ import annotations

import pytest

from omaha import IllegalActionError, NoLimit, RunIt, Table
from omaha.betting import DealBoard
from omaha.cards import parse_cards
from omaha.hand import Hand
from omaha.pots import split_runs

# Seat 0 and seat 1 hold the same low; seat 0 has kings, seat 1 queens.
A2_KINGS = "Ac2dKsKd"
A2_QUEENS = "Ad2cQhQc"
JACKS = "JsJhTs9s"
BOARD_1 = "3h4h7dKc8s"  # lows 7-4-3-2-A tie; seat 0 makes three kings
BOARD_2 = "9h9dThJd2h"  # one low card: no low; seat 2 makes jacks full


def _all_in_three_ways(table: Table) -> Hand:
    hand = table.deal(hole_cards=[A2_KINGS, A2_QUEENS, JACKS])
    hand.all_in()  # seat 2 (the button) first before the flop: 33
    hand.call()  # seat 0
    hand.call()  # seat 1
    return hand


def test_run_it_twice_with_a_quartered_pot() -> None:
    # Three players all-in for 33 (blinds 1/2, hi-lo): a pot of 99, run
    # twice. The boards get 50 and 49 (the odd chip to the first board).
    # Board 1: seat 0 takes the high half, 25, and the low half, 25, is
    # quartered between the two A-2 lows: 13 to seat 0 (first left of the
    # button), 12 to seat 1. Board 2 has no low: seat 2 takes all 49.
    table = Table([33, 33, 33], NoLimit(1, 2), button=2, game="hilo")
    hand = _all_in_three_ways(table)
    assert hand.street == "showdown" and hand.awaiting == "flop"
    hand.run_it(2)
    for seat in (0, 1, 2):
        hand.show(seat=seat)
    hand.deal_board(BOARD_1[:6])
    hand.deal_board(BOARD_1[6:8])
    hand.deal_board(BOARD_1[8:])
    assert not hand.is_over and hand.awaiting == "flop"  # the second board
    hand.apply(DealBoard(parse_cards(BOARD_2[:6]), run=1))
    hand.deal_board(BOARD_2[6:8])
    hand.deal_board(BOARD_2[8:])
    assert hand.is_over
    result = hand.result
    assert result.boards == (parse_cards(BOARD_1), parse_cards(BOARD_2))
    (pot,) = result.pots
    assert pot.amount == 99 and pot.payouts == {0: 38, 1: 12, 2: 49}
    first, second = pot.runs
    assert (first.amount, first.high_winners, first.low_winners) == (50, (0,), (0, 1))
    assert first.payouts == {0: 38, 1: 12}
    assert (second.amount, second.high_winners, second.low_winners) == (49, (2,), ())
    assert second.payouts == {2: 49}
    assert result.stacks == (38, 12, 49)
    shown = {s.seat: s for s in result.shown}
    assert shown[0].runs[0][0] is not None and shown[0].runs[0][0].name == "Three of a kind, kings"
    assert shown[2].runs[1][1] is None  # no low on the second board
    assert RunIt(2) in hand.actions


def test_run_it_three_times_from_the_flop_shares_the_flop() -> None:
    table = Table([50, 50], NoLimit(1, 2), button=1)
    hand = table.deal(hole_cards=["AsAhKsKh", "2c3c4d5d"])
    hand.call()  # the button completes
    hand.check()
    hand.deal_board("7c8c9h")
    hand.raise_to(48)  # seat 0 bets all it has
    hand.all_in()  # seat 1 calls all-in
    hand.run_it(3)
    hand.show(seat=0)
    hand.show(seat=1)
    for cards in ("Td", "Jd", "6d", "Qs", "6s", "2h"):
        hand.deal_board(cards)
    assert hand.is_over
    # A pot of 100 in three: 34, 33, 33. Board 1 (7c8c9h Td Jd): seat 0's
    # aces. Boards 2 (7c8c9h 6d Qs) and 3 (7c8c9h 6s 2h): seat 1's 4d5d
    # with 6-7-8 make an eight-high straight.
    assert hand.result.boards == (
        parse_cards("7c8c9hTdJd"),
        parse_cards("7c8c9h6dQs"),
        parse_cards("7c8c9h6s2h"),
    )
    (pot,) = hand.result.pots
    assert [(r.amount, r.payouts) for r in pot.runs] == [
        (34, {0: 34}),
        (33, {1: 33}),
        (33, {1: 33}),
    ]
    assert hand.result.stacks == (34, 66)
    with pytest.raises(IllegalActionError, match="the hand is over"):
        hand.deal_board("Td")


def test_run_it_is_refused_out_of_place() -> None:
    table = Table([100, 100], NoLimit(1, 2), button=1)
    hand = table.deal(seed=3)
    with pytest.raises(IllegalActionError, match="only at an all-in showdown"):
        hand.run_it(2)
    with pytest.raises(IllegalActionError, match="run it 1 times: 2 or more times"):
        hand.run_it(1)
    hand.all_in()
    hand.call()
    hand.run_it(2)
    with pytest.raises(IllegalActionError, match="only at an all-in showdown"):
        hand.run_it(3)


def test_run_it_from_the_deck_deals_each_board_with_burns() -> None:
    deck = list(range(52))
    table = Table([100, 100], NoLimit(1, 2), button=1)
    hand = table.deal(deck=deck)
    hand.all_in()
    hand.call()
    hand.run_it(2)
    hand.show()
    hand.show()
    # Hole cards 0..7; the first board 9 10 11 / 13 / 15 (burns 8, 12, 14);
    # the second from card 16 on: burn 16, flop 17 18 19, burn 20, 21, burn 22, 23.
    assert hand.result.boards == ((9, 10, 11, 13, 15), (17, 18, 19, 21, 23))


def test_run_it_needs_cards_in_the_deck() -> None:
    table = Table([100] * 10, NoLimit(1, 2), button=9)  # 40 hole cards + 8: 4 left
    hand = table.deal(seed=1)
    for _ in range(9):
        hand.all_in()
    hand.all_in()
    assert hand.street == "showdown"
    with pytest.raises(IllegalActionError, match="the boards need 8 more cards with the burns"):
        hand.run_it(2)


def test_split_runs_gives_odd_chips_to_the_first_boards() -> None:
    assert split_runs(9785, 2) == [4893, 4892]  # GGPoker: $97.85 run twice
    assert split_runs(31530, 3) == [10510, 10510, 10510]
    assert split_runs(10, 3, unit=5) == [5, 5, 0]
