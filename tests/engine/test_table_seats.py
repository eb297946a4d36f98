"""Seats that come and go and the dead button (docs/rules.md §5.10, §8), numbers by hand.

Every multi-hand case plays whole hands through :class:`omaha.Table`; a
"walk" is a hand every player folds to the big blind, who wins the small
blind (the big blind's own bet goes back as the uncalled bet).
"""

from __future__ import annotations

import pytest

from omaha import IllegalActionError, NoLimit, PostBlind, PostDead, PotLimit, Table
from omaha.hand import Hand
from omaha.seating import Layout, SeatInfo, Seating, SeatState

HOLES = ["2c3d4h5s", "7c7d8h8s", "6c6d5h5d", "AcAdKhKs", "JcJdQcQd", "9c9dTcTd"]
QUADS_BOARD = "AsAh9h8d2s"  # seat 3 (AcAd) makes four aces


def walk(hand: Hand) -> None:
    while not hand.is_over:
        hand.fold()


def showdown(hand: Hand) -> None:
    while not hand.is_over:
        hand.show()


# ------------------------------------------------------------- dead button


def test_dead_button_when_the_small_blind_busts() -> None:
    # Hand 1: button seat 0, small blind seat 1 (4 chips), big blind seat 2.
    # Seat 1 shoves for 4, seat 3 calls and wins with four aces: seat 1 busts.
    table = Table([100, 4, 100, 100, 100], PotLimit(1, 2), button=0, button_rule="dead")
    hand = table.deal(hole_cards=HOLES[:5], board=QUADS_BOARD)
    assert hand.to_act == 3
    hand.call()  # seat 3
    hand.fold()  # seat 4
    hand.fold()  # seat 0
    hand.all_in()  # seat 1: 4
    hand.fold()  # seat 2
    hand.call()  # seat 3: 2 more
    showdown(hand)
    # Pot 4 + 4 + 2 (seat 2's blind) = 10 to seat 3.
    assert table.stacks == (100, 0, 98, 106, 100)
    # TDA: the big blind moves one seat (to 3); the last big blind (seat 2)
    # posts the small blind; the button goes to the last small blind's seat,
    # empty now: a dead button.
    assert table.button == 1
    hand = table.deal(seed=1)
    assert (hand.button, hand.seats, hand.bets) == (1, (2, 3, 4, 0), (0, 0, 1, 2, 0))
    assert hand.to_act == 4  # under the gun: left of the big blind
    walk(hand)
    assert table.stacks == (100, 0, 97, 107, 100)
    # Next hand the button is on seat 2, and the blinds on seats 3 and 4.
    hand = table.deal(seed=2)
    assert (hand.button, hand.seats, hand.bets) == (2, (3, 4, 0, 2), (0, 0, 0, 1, 2))


def _both_blinds_bust(button_rule: str) -> Table:
    # Seats 1 and 2 (small and big blind, 4 chips each) are all-in; seat 3
    # wins with four aces: both blinds bust.
    table = Table([100, 4, 4, 100, 100], PotLimit(1, 2), button=0, button_rule=button_rule)  # type: ignore[arg-type]
    hand = table.deal(hole_cards=HOLES[:5], board=QUADS_BOARD)
    hand.call()  # seat 3
    hand.fold()  # seat 4
    hand.fold()  # seat 0
    hand.all_in()  # seat 1 raises to 4
    hand.call()  # seat 2 calls 2, all-in
    hand.call()  # seat 3 calls 2
    showdown(hand)
    assert table.stacks == (100, 0, 0, 108, 100)  # 4 + 4 + 4 = 12 to seat 3
    return table


def test_dead_button_when_both_blinds_bust() -> None:
    table = _both_blinds_bust("dead")
    # The big blind moves from seat 2 to seat 3; the small blind's seat is
    # seat 2, empty: no small blind; the button is on seat 1, empty too.
    hand = table.deal(seed=1)
    assert hand.button == 1 and hand.seats == (3, 4, 0)
    assert hand.blinds == (2, 0, 0) and hand.bets == (0, 0, 0, 2, 0)
    assert hand.big_blind_seat == 3
    assert hand.to_act == 4  # left of the big blind; seat 0 acts last before the flop
    hand.call()  # seat 4
    hand.call()  # seat 0
    hand.check()  # seat 3, the big blind's option
    assert hand.street == "flop" and hand.to_act == 3  # first left of the (dead) button
    walk(hand)  # seats 3 and 4 fold: seat 0 wins the 6
    assert table.stacks == (104, 0, 0, 106, 98)


def test_moving_button_when_both_blinds_bust() -> None:
    table = _both_blinds_bust("moving")
    # The button moves to the next player with chips, seat 3; seats 4 and 0
    # post the blinds.
    hand = table.deal(seed=1)
    assert (hand.button, hand.seats, hand.bets) == (3, (4, 0, 3), (2, 0, 0, 0, 1))


def test_no_small_blind_when_the_big_blind_busts() -> None:
    table = Table([100, 100, 4, 100, 100], PotLimit(1, 2), button=0, button_rule="dead")
    hand = table.deal(hole_cards=HOLES[:5], board=QUADS_BOARD)
    hand.call()  # seat 3
    hand.fold()  # seat 4
    hand.fold()  # seat 0
    hand.fold()  # seat 1 (small blind)
    hand.all_in()  # seat 2 raises to 4
    hand.call()  # seat 3
    showdown(hand)
    assert table.stacks == (100, 99, 0, 105, 100)
    # The big blind moves to seat 3; seat 2, the small blind's seat, is
    # empty (no small blind); the button moves to seat 1, the last small blind.
    hand = table.deal(seed=1)
    assert (hand.button, hand.seats, hand.blinds) == (1, (3, 4, 0, 1), (2, 0, 0, 0))
    assert hand.bets == (0, 0, 0, 2, 0)


def test_dead_button_heads_up_the_button_posts_the_small_blind() -> None:
    # Three players; seat 0 (the button) busts. Heads-up the button posts
    # the small blind: the big blind moves on from seat 2 to seat 1, and
    # seat 2 takes the button and the small blind.
    table = Table([4, 100, 100], NoLimit(1, 2), button=0, button_rule="dead")
    hand = table.deal(hole_cards=[HOLES[1], HOLES[0], HOLES[3]], board=QUADS_BOARD)
    hand.all_in()  # seat 0 raises to 4
    hand.fold()  # seat 1
    hand.call()  # seat 2
    showdown(hand)
    assert table.stacks == (0, 99, 105)
    hand = table.deal(seed=4)
    assert (hand.button, hand.seats, hand.bets) == (2, (1, 2), (0, 2, 1))


# ------------------------------------------------------------- sitting out


def test_sitting_out_through_the_blinds_then_waiting_for_the_big_blind() -> None:
    table = Table([200] * 6, PotLimit(1, 2), button=0)
    table.sit_out(3)
    hand = table.deal(seed=0)  # button 0, blinds 1 and 2: seat 3 is dealt no cards
    assert hand.seats == (1, 2, 4, 5, 0) and hand.hole_cards[3] is None
    walk(hand)
    assert table.seat_info(3) == SeatInfo(SeatState.SITTING_OUT)
    hand = table.deal(seed=1)  # the big blind passes seat 3: seat 4 posts it
    assert (hand.button, hand.bets) == (1, (0, 0, 1, 0, 2, 0))
    walk(hand)
    assert table.seat_info(3) == SeatInfo(SeatState.SITTING_OUT, owes_big=True)
    hand = table.deal(seed=2)  # then the small blind passes it: seat 4 posts it
    assert (hand.button, hand.bets) == (2, (0, 0, 0, 0, 1, 2))
    walk(hand)
    assert table.seat_info(3) == SeatInfo(SeatState.SITTING_OUT, True, True)
    assert table.stacks == (200, 199, 200, 200, 200, 201)  # nothing posted by seat 3
    # Back, waiting for the big blind: dealt in only when it reaches seat 3
    # (big blinds on seats 0, 1 and 2 first), owing nothing then.
    table.sit_in(3, post=False)
    assert table.seat_info(3).state is SeatState.WAITING
    for seed, button in ((3, 4), (4, 5), (5, 0)):
        hand = table.deal(seed=seed)
        assert hand.button == button and 3 not in hand.seats
        walk(hand)
    hand = table.deal(seed=6)
    assert (hand.button, hand.seats, hand.big_blind_seat) == (1, (2, 3, 4, 5, 0, 1), 3)
    assert hand.posts == () and hand.bets[3] == 2
    walk(hand)
    assert table.seat_info(3) == SeatInfo(SeatState.PLAYING)


def test_returning_player_posts_a_dead_small_blind_and_a_live_big_blind() -> None:
    table = Table([200] * 6, PotLimit(1, 2), button=0)
    table.sit_out(3)
    for seed in range(3):  # the big blind, then the small blind, pass seat 3
        walk(table.deal(seed=seed))
    assert table.seat_info(3) == SeatInfo(SeatState.SITTING_OUT, True, True)
    table.sit_in(3)  # posts now
    hand = table.deal(seed=9)
    # Button seat 4, small blind seat 5, big blind seat 0; seat 3 posts a
    # live big blind of 2 and a dead small blind of 1.
    assert hand.button == 4 and hand.seats == (5, 0, 1, 2, 3, 4)
    assert hand.posts == ((3, 2, 1),)
    assert [a for a in hand.actions if isinstance(a, PostBlind | PostDead)] == [
        PostBlind(5, 1),
        PostBlind(0, 2),
        PostBlind(3, 2),
        PostDead(3, 1),
    ]
    # The dead blind is in the pot, not in seat 3's bet.
    assert hand.bets == (2, 0, 0, 2, 0, 1) and hand.pot == 6
    # Under the gun (seat 1): B = 2, P = 6, C = 2: a raise to at most 10.
    assert hand.to_act == 1 and hand.legal_actions().max_raise_to == 10
    hand.fold()
    hand.fold()  # seat 2
    # Seat 3's live blind is its bet: nothing to call, the option to raise;
    # B = 2, P = 6, C = 2 - 2 = 0: at most 8 (had the dead 1 counted as its
    # bet, C would be -1 and the maximum 7).
    legal = hand.legal_actions()
    assert (legal.seat, legal.to_call, legal.can_check, legal.max_raise_to) == (3, 0, True, 8)
    hand.raise_to(8)
    walk(hand)
    # Everyone folds to seat 3: its uncalled 6 goes back and it wins the
    # pot of 6 (1 + 2 + its live 2 + its dead 1): +3.
    assert table.stacks == (198, 199, 200, 203, 200, 200)
    assert table.seat_info(3) == SeatInfo(SeatState.PLAYING)


def test_a_dead_small_blind_is_in_the_main_pot_an_all_in_player_can_win() -> None:
    # docs/rules.md §8.3: the dead small blind is dead money, whole into the
    # main pot (as PokerStars pays it), never a contribution of the poster's
    # that a shorter all-in could not win. Blinds 1/2; seat 1 has 9 chips.
    table = Table([200, 10, 200, 200, 200, 200], NoLimit(1, 2), button=0)
    table.sit_out(3)
    for seed in range(3):
        walk(table.deal(seed=seed))
    assert table.stacks == (200, 9, 200, 200, 200, 201)
    table.sit_in(3)
    holes = [HOLES[0], HOLES[3], HOLES[1], HOLES[2], HOLES[4], HOLES[5]]  # seat 1: AcAdKhKs
    hand = table.deal(hole_cards=holes, board=QUADS_BOARD)
    assert hand.posts == ((3, 2, 1),) and hand.pot == 6
    hand.raise_to(9)  # seat 1, all-in
    hand.fold()  # seat 2
    hand.call()  # seat 3: 7 more on its live 2; with its dead 1 it has put in 10
    for _ in range(3):  # seats 4, 5 and 0 fold
        hand.fold()
    showdown(hand)
    # One pot: 1 + 2 + 9 + 9 + the dead 1 = 22, seat 1's four aces win it all
    # (the dead 1 as a side pot of seat 3's alone would leave seat 1 21).
    assert [(p.amount, p.eligible) for p in hand.result.pots] == [(22, (1, 3))]
    assert table.stacks == (198, 22, 200, 190, 200, 200)


def test_missed_small_blind_only_is_posted_dead() -> None:
    table = Table([200] * 4, NoLimit(1, 2), button=0)
    walk(table.deal(seed=0))  # button 0, blinds 1 and 2
    table.sit_out(2)  # seat 2 posted the big blind; it would be the small blind next
    hand = table.deal(seed=1)
    assert (hand.button, hand.seats) == (1, (3, 0, 1))
    walk(hand)
    assert table.seat_info(2) == SeatInfo(SeatState.SITTING_OUT, owes_small=True)
    table.sit_in(2)
    hand = table.deal(seed=2)  # button 3, blinds 0 and 1, seat 2 posts 1 dead
    assert (hand.button, hand.seats, hand.posts) == (3, (0, 1, 2, 3), ((2, 0, 1),))
    assert hand.bets == (1, 2, 0, 0) and hand.pot == 4


def test_a_new_player_posts_a_live_big_blind_now() -> None:
    table = Table([200, 200, 200, 200, 0, 200], NoLimit(1, 2), button=0)
    walk(table.deal(seed=0))  # button 0, blinds 1 and 2: seat 2 wins 1
    table.join(4, 150, post=True)
    hand = table.deal(seed=1)
    # Button 1, blinds 2 and 3; seat 4, under the gun, posts a live 2.
    assert (hand.button, hand.seats, hand.posts) == (1, (2, 3, 4, 5, 0, 1), ((4, 2, 0),))
    assert hand.bets == (0, 0, 1, 2, 2, 0) and hand.pot == 5
    # Its blind is live: first to act, it may check (or raise: the minimum
    # is to 4, the maximum in no limit its stack).
    legal = hand.legal_actions()
    assert (legal.seat, legal.to_call, legal.can_check, legal.min_raise_to) == (4, 0, True, 4)
    hand.check()
    hand.fold()  # seat 5
    hand.fold()  # seat 0
    hand.fold()  # seat 1
    hand.call()  # seat 2 completes the small blind
    assert hand.to_act == 3  # the big blind keeps its option
    hand.check()
    assert hand.street == "flop" and hand.pot == 6
    walk(hand)  # seats 2 and 3 fold: seat 4 wins 6
    assert table.stacks == (200, 199, 199, 198, 154, 200)
    assert table.seat_info(4) == SeatInfo(SeatState.PLAYING)


def test_a_new_player_waits_for_the_big_blind() -> None:
    table = Table([200, 200, 200, 200, 0, 200], NoLimit(1, 2), button=0)
    walk(table.deal(seed=0))
    table.join(4, 150)  # post=False: wait for the big blind, which a new player owes (§8.2)
    assert table.seat_info(4) == SeatInfo(SeatState.WAITING, owes_big=True)
    hand = table.deal(seed=1)  # button 1, blinds 2 and 3: seat 4 is not dealt in
    assert hand.seats == (2, 3, 5, 0, 1)
    walk(hand)
    hand = table.deal(seed=2)  # button 2, small blind 3: the big blind reaches seat 4
    assert (hand.button, hand.seats, hand.big_blind_seat, hand.posts) == (
        2,
        (3, 4, 5, 0, 1, 2),
        4,
        (),
    )
    assert hand.bets == (0, 0, 0, 1, 2, 0)


def test_a_new_player_between_the_button_and_the_small_blind_waits_for_the_button() -> None:
    table = Table([200, 200, 0, 200, 200, 200], NoLimit(1, 2), button=0)
    walk(table.deal(seed=0))  # button 0, blinds 1 and 3
    table.join(2, 100, post=True)
    # Next hand: button 1, small blind 3. Seat 2 sits between them: not
    # dealt in until the button has passed it.
    hand = table.deal(seed=1)
    assert (hand.button, hand.seats, hand.posts) == (1, (3, 4, 5, 0, 1), ())
    walk(hand)
    # The button skips seat 2 (never dealt in yet) for seat 3; blinds 4 and
    # 5; seat 2 now posts its live big blind.
    hand = table.deal(seed=2)
    assert (hand.button, hand.seats, hand.posts) == (3, (4, 5, 0, 1, 2, 3), ((2, 2, 0),))


def test_leave_empties_the_seat_and_returns_the_chips() -> None:
    table = Table([200, 200, 200], NoLimit(1, 2), button=0)
    hand = table.deal(seed=0)
    with pytest.raises(ValueError, match="cannot empty seat 1: it is in the hand being played"):
        table.leave(1)
    walk(hand)
    assert table.leave(1) == 199
    assert table.stacks == (200, 0, 201)
    assert table.seat_info(1) == SeatInfo(SeatState.EMPTY)
    hand = table.deal(seed=1)
    assert hand.seats == (0, 2)


def test_seat_changes_are_checked() -> None:
    table = Table([200, 0, 200], NoLimit(1, 2), button=0)
    with pytest.raises(ValueError, match="seat 1 is empty"):
        table.sit_out(1)
    with pytest.raises(ValueError, match="seat 0 is taken"):
        table.join(0, 100)
    with pytest.raises(ValueError, match="seat 7 is not a seat"):
        table.sit_in(7)
    with pytest.raises(ValueError, match="button_rule must be 'moving' or 'dead'"):
        Table([1, 1], NoLimit(1, 2), button_rule="floating")  # type: ignore[arg-type]
    table.sit_out(2)
    with pytest.raises(ValueError, match="a hand needs two players"):
        table.deal(seed=1)


def test_posts_given_outright_for_a_replay() -> None:
    table = Table([100, 100, 100, 100], PotLimit(1, 2), button=3)
    hand = table.deal(hole_cards=[None] * 4, posts={2: (2, 1)})
    assert hand.posts == ((2, 2, 1),) and hand.pot == 6
    with pytest.raises(ValueError, match=r"posts: seat 2 must post \(live, dead\) chips"):
        table.deal(hole_cards=[None] * 4, posts={2: (2, -1)})
    with pytest.raises(ValueError, match="posts: 9 is not a seat"):
        table.deal(hole_cards=[None] * 4, posts={9: (2, 0)})
    with pytest.raises(IllegalActionError, match="forced bets are posted"):
        hand.apply(PostDead(2, 1))


def test_seating_layout_is_pure_until_committed() -> None:
    seating = Seating([100, 100, 100], button=0)
    seating.sit_out(1)
    first = seating.layout([100, 100, 100], NoLimit(1, 2))
    assert first == seating.layout([100, 100, 100], NoLimit(1, 2))
    assert isinstance(first, Layout) and first.order == (2, 0)
    assert seating.info(1) == SeatInfo(SeatState.SITTING_OUT)


# ------------------------------------------------- waiting, busting, rebuying


def test_a_new_player_who_waited_and_then_posts_posts_the_big_blind() -> None:
    # The case of the site-history issue: a new player waits for the big
    # blind, then, after the button has passed them, chooses to post. A new
    # player owes a big blind (docs/rules.md §8.2; Robert's Rules of Poker,
    # Button and Blind Use: a new player posts an amount equal to the big
    # blind or waits for it), so they post 2 live; they are never dealt in free.
    table = Table([1000, 0, 1000, 1000, 1000, 1000], NoLimit(1, 2), button=0)
    walk(table.deal(seed=0))  # button 0, blinds 2 and 3 (seat 1 is empty)
    table.join(1, 1000)  # waits for the big blind
    assert table.seat_info(1) == SeatInfo(SeatState.WAITING, owes_big=True)
    for seed, button in ((1, 2), (2, 3)):  # two hands: blinds 3 and 4, then 4 and 5
        hand = table.deal(seed=seed)
        assert hand.button == button and 1 not in hand.seats
        walk(hand)
    table.sit_in(1, post=True)
    hand = table.deal(seed=3)
    # Button 4, blinds 5 and 0; seat 1, under the gun, posts a live 2 (before
    # this was fixed it was dealt in free: no post, a bet of 0).
    assert (hand.button, hand.seats, hand.posts) == (4, (5, 0, 1, 2, 3, 4), ((1, 2, 0),))
    assert PostBlind(1, 2) in hand.actions
    assert hand.bets == (2, 2, 0, 0, 0, 1) and hand.pot == 5
    # Its blind is live: first to act (left of the big blind), it may check.
    legal = hand.legal_actions()
    assert (legal.seat, legal.to_call, legal.can_check) == (1, 0, True)
    walk(hand)
    assert table.seat_info(1) == SeatInfo(SeatState.PLAYING)


def _bust_seat_2(table: Table) -> None:
    # Seat 2 (50 chips) goes all-in against seat 1's four aces and loses it all.
    holes = [HOLES[0], HOLES[3], HOLES[1], HOLES[2], HOLES[4]][: table.seats]
    hand = table.deal(hole_cards=holes, board=QUADS_BOARD)
    while not hand.is_over:
        if hand.street == "showdown":
            hand.show()
        elif hand.to_act == 2:
            hand.all_in()
        elif hand.to_act == 1:
            hand.call()
        else:
            hand.fold()


def test_a_player_who_busts_and_rebuys_at_once_keeps_the_seat_and_posts_nothing() -> None:
    # Robert's Rules of Poker, Button and Blind Use: a player who goes all in
    # and loses is not treated as a new player; bought in again before a
    # blind passes the seat, nothing is owed (docs/rules.md §8.4).
    table = Table([200, 200, 50, 200], NoLimit(1, 2), button=0)
    _bust_seat_2(table)  # button 0, blinds 1 and 2; seat 1 wins 50 + 50 + seat 3's 0
    assert table.stacks == (200, 250, 0, 200)
    assert table.seat_info(2) == SeatInfo(SeatState.SITTING_OUT)  # busted, still seated
    table.rebuy(2, 100)
    assert table.seat_info(2) == SeatInfo(SeatState.PLAYING)
    assert table.stacks[2] == 100  # type: ignore[comparison-overlap]  # mypy holds the busted 0
    hand = table.deal(seed=1)  # button 1, blinds 2 and 3: seat 2 posts its own small blind
    assert (hand.button, hand.seats, hand.posts) == (1, (2, 3, 0, 1), ())
    assert hand.bets == (0, 0, 1, 2)


def test_a_rebuy_after_the_blinds_passed_owes_them() -> None:
    table = Table([200, 200, 50, 200, 200], NoLimit(1, 2), button=0)
    _bust_seat_2(table)  # button 0, blinds 1 and 2: seat 2 busts
    assert table.stacks == (200, 250, 0, 200, 200)
    # Next hand: button 1, and the small blind passes seat 2 (sitting out,
    # busted) to seat 3; the big blind is seat 4.
    hand = table.deal(seed=1)
    assert (hand.button, hand.seats, hand.bets) == (1, (3, 4, 0, 1), (0, 0, 0, 1, 2))
    walk(hand)
    assert table.seat_info(2) == SeatInfo(SeatState.SITTING_OUT, owes_small=True)
    table.rebuy(2, 100)  # post=True: it posts what it owes now, a dead small blind
    hand = table.deal(seed=2)
    assert (hand.button, hand.seats, hand.posts) == (3, (4, 0, 1, 2, 3), ((2, 0, 1),))
    # The dead 1 is in the pot, not its bet: the pot is 1 + 2 + 1 = 4.
    assert hand.bets == (2, 0, 0, 0, 1) and hand.pot == 4
    assert PostDead(2, 1) in hand.actions
    # Or it waits for the big blind, which clears the debt.
    other = Table([200, 200, 50, 200, 200], NoLimit(1, 2), button=0)
    _bust_seat_2(other)
    walk(other.deal(seed=1))
    other.rebuy(2, 100, post=False)
    assert other.seat_info(2) == SeatInfo(SeatState.WAITING, owes_small=True)


def test_rebuy_and_sit_in_are_checked() -> None:
    table = Table([200, 200, 50, 0], NoLimit(1, 2), button=0)
    with pytest.raises(ValueError, match="seat 3 is empty: use join"):
        table.rebuy(3, 100)
    hand = table.deal(seed=0)
    with pytest.raises(ValueError, match="cannot add chips to seat 1: it is in the hand"):
        table.rebuy(1, 100)
    walk(hand)
    with pytest.raises(ValueError, match="a rebuy adds chips: got 0"):
        table.rebuy(0, 0)
    with pytest.raises(ValueError, match="must be non-negative"):
        table.rebuy(0, -5)
    with pytest.raises(ValueError, match="must be an integer"):
        table.rebuy(0, 2.5)  # type: ignore[arg-type]
    assert table.stacks == (200, 199, 51, 0)  # nothing changed
    table2 = Table([200, 200, 50, 200], NoLimit(1, 2), button=0)
    _bust_seat_2(table2)
    with pytest.raises(ValueError, match=r"seat 2 has no chips: .* rebuy\(2, chips\)"):
        table2.sit_in(2)
    table2.rebuy(1, 50)  # a top-up: the player keeps playing as they were
    assert table2.stacks[1] == 300 and table2.seat_info(1) == SeatInfo(SeatState.PLAYING)


def test_seats_not_in_the_hand_may_change_while_it_is_played_and_no_chip_is_lost() -> None:
    # Seat 3 is empty, seat 4 sits out: during the hand a player joins at
    # seat 3 with 500, seat 4 leaves with its 100. The hand's end takes only
    # the stacks of the seats dealt in (before, the 500 vanished and seat
    # 4's 100 came back after it had left with them).
    table = Table([100, 100, 100, 0, 100], NoLimit(1, 2), button=4)
    walk(table.deal(seed=0))  # button 4, blinds 0 and 1: seat 1 wins the small blind
    table.sit_out(4)
    hand = table.deal(seed=1)
    assert hand.seats == (1, 2, 0)
    table.join(3, 500)
    assert table.leave(4) == 100
    walk(hand)  # seats 0 and 1 fold: seat 2 wins the small blind
    assert table.stacks == (99, 100, 101, 500, 0)
    assert table.seat_info(3) == SeatInfo(SeatState.WAITING, owes_big=True)
    assert table.seat_info(4) == SeatInfo(SeatState.EMPTY)


def test_a_player_who_comes_back_during_a_hand_owes_the_blinds_that_passed_them() -> None:
    # Seat 3 sits out; during the hand in which the big blind passes it, it
    # chooses to come back and post: it owes that big blind too.
    table = Table([200] * 6, PotLimit(1, 2), button=0)
    table.sit_out(3)
    walk(table.deal(seed=0))  # blinds 1 and 2
    hand = table.deal(seed=1)  # button 1, blinds 2 and 4: the big blind passes seat 3
    table.sit_in(3)
    walk(hand)
    assert table.seat_info(3) == SeatInfo(SeatState.PLAYING, owes_big=True)
    hand = table.deal(seed=2)  # button 2, blinds 4 and 5: seat 3 waits for the button to pass
    assert (hand.button, hand.posts) == (2, ()) and 3 not in hand.seats
    walk(hand)
    hand = table.deal(seed=3)  # button 4, blinds 5 and 0: seat 3 posts 2 live
    assert (hand.button, hand.posts) == (4, ((3, 2, 0),))
    # One who sits out during a hand in which they post pays what they owed.
    table.sit_out(3)
    walk(hand)
    assert table.seat_info(3) == SeatInfo(SeatState.SITTING_OUT)
