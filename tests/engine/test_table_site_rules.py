"""The rules sites deal by where they differ from the default, numbers worked by hand.

Each case names its source: the site's own histories (what the site did,
the rule it applies), Robert's Rules of Poker, the TDA rules, and the
section of docs/rules.md that states it. Seats follow PHH: the button is
the last seat (see tests/table_play.py).
"""

from __future__ import annotations

import pytest

from omaha import FixedLimit, IllegalActionError, NoLimit, PotLimit, Table, phh
from omaha.hand import Hand
from omaha.rake import PercentRake
from omaha.seating import split_missed_blinds
from table_play import act, check_down, deal, seated, snapshot

# ------------------------------------------- a raise over an all-in (§5.8)


def _raise_over_a_short_stack(rule: str) -> Table:
    # No limit 5/10. p4 (the button, 60 chips) raises to 40, 20 behind; p1
    # (the small blind, 100) goes all-in to 100: a full raise of 60. p2 (the
    # big blind, 1000) faces 100; p4 could add only 20 more, short of the
    # call; p1 is all-in.
    table = seated([100, 1000, 5, 60], NoLimit(5, 10), raise_over_all_in=rule)
    hand = table.deal(seed=1)
    act(hand, "p3 f", "p4 cbr 40", "p1 ai")
    assert (hand.to_act, hand.bets) == (1, (100, 10, 0, 40))
    return table


def test_by_default_no_raise_that_nobody_could_call() -> None:
    # docs/rules.md §5.8, as PokerKit deals: p2 may only call or fold.
    hand = _raise_over_a_short_stack("callable")._hand
    assert hand is not None
    legal = hand.legal_actions()
    assert (legal.to_call, legal.min_raise_to) == (90, None)
    before = snapshot(hand)
    with pytest.raises(IllegalActionError, match="raising is closed"):
        hand.raise_to(160)
    assert snapshot(hand) == before


def test_pokerstars_raises_over_an_all_in_when_another_player_has_chips() -> None:
    # PokerStars, 6 Card Omaha $1/$2, hand #212598594281 (2020): facing an
    # all-in raise to $200, with the only other player left holding $101.79
    # behind (short of the call), the big blind "raises $108 to $308" and
    # the $108 nobody could call comes back: the site asks only that another
    # player still has chips (raise_over_all_in="chips"). Here: p2 may raise
    # to 100 + 60 = 160 (a full raise of the last raise, 60) up to its stack.
    table = _raise_over_a_short_stack("chips")
    hand = table._hand
    assert hand is not None
    legal = hand.legal_actions()
    assert (legal.to_call, legal.min_raise_to, legal.max_raise_to) == (90, 160, 1000)
    act(hand, "p2 cbr 160", "p4 cc")  # p4 calls all-in for its 20: 60 in all
    # The betting is over; the 60 of p2's raise nobody matched goes back
    # (the largest wager 160 less the second 100, docs/rules.md §4.6).
    assert hand.uncalled == (1, 60)
    assert hand.street == "showdown" and hand.pot == 100 + 100 + 60
    check_down(hand)
    # The main pot 60 x 3 among all three; the side pot 40 + 40 between p1 and p2.
    assert [(p.amount, p.eligible) for p in hand.result.pots] == [(180, (0, 1, 3)), (80, (0, 1))]
    assert sum(table.stacks) == 1165


def test_winamax_raises_over_an_all_in_whoever_is_left() -> None:
    # Winamax, Omaha pot limit 0.02/0.05, hand #270777-205-1284852281
    # (2010): heads-up on the river a player bets all-in for 0.38 and the
    # other "raises 0.38 to 0.76", with nobody left to call; the 0.38 comes
    # back. Heads-up here: p1 (the big blind, 50) bets all-in on the river
    # for 48; p2 (the button) may raise (raise_over_all_in="always"), at
    # least to 48 + 48 = 96, and its 48 unmatched goes back.
    for rule, raise_to in (("callable", None), ("chips", None), ("always", 96)):
        table = seated([50, 1000], NoLimit(1, 2), raise_over_all_in=rule)
        hand = table.deal(seed=2)
        act(hand, "p2 cc", "p1 x")  # heads-up: the button (p2) acts first pre-flop
        for _ in range(2):  # checked to the river; p1 acts first after the flop
            act(hand, "p1 x", "p2 x")
        assert hand.street == "river"
        act(hand, "p1 ai")
        legal = hand.legal_actions()
        assert (legal.seat, legal.to_call, legal.min_raise_to) == (1, 48, raise_to)
        if raise_to is None:
            continue
        act(hand, "p2 cbr 96")
        assert hand.uncalled == (1, 48) and hand.pot == 100
        assert hand.street == "showdown"  # type: ignore[comparison-overlap]  # moved by act()
        check_down(hand)
        assert sum(table.stacks) == 1050


def test_the_raise_rule_is_checked_and_round_trips_through_phh() -> None:
    with pytest.raises(ValueError, match="raise_over_all_in must be 'callable', 'chips' or"):
        seated([100, 100], NoLimit(1, 2), raise_over_all_in="sometimes")
    table = _raise_over_a_short_stack("chips")
    hand = table._hand
    assert hand is not None
    act(hand, "p2 cbr 160", "p4 cc")
    check_down(hand)
    saved = phh.HandHistory.from_hand(hand)
    assert saved.fields["_raise_over_all_in"] == "chips"
    again = phh.replay(phh.loads(saved.dumps()))
    assert again.hand.table.raise_over_all_in == "chips" and again.complete
    # Without the field the replay refuses the raise, as the default rule does.
    with pytest.raises(phh.ReplayActionError, match="raising is closed"):
        phh.replay(saved.with_fields(_raise_over_all_in=None))
    with pytest.raises(phh.PHHError, match="_raise_over_all_in must be one of"):
        saved.with_fields(_raise_over_all_in="yes")


# ------------------------------------------------------ a capped game (§6.4)


def _capped_hand() -> tuple[Table, Hand]:
    # Pot limit 1/2 capped at 40 a player a hand; four players with 200.
    # Pre-flop: p3 raises to the pot (7), everyone calls: 28.
    table = seated([200] * 4, PotLimit(1, 2, hand_cap=40))
    hand = deal(table, ["2c3d4h5s", "6c6d5h5d", "AcAdKhKs", "7c7d8h8s"], "AsAh9h8d2s")
    act(hand, "p3 cbr 7", "p4 cc", "p1 cc", "p2 cc")
    assert (hand.street, hand.pot) == ("flop", 28)
    return table, hand


def test_full_tilt_capped_pot_limit_a_player_plays_on_as_if_all_in_at_the_cap() -> None:
    # Full Tilt, "$5/$10 - $400 Pot Limit Omaha Hi" (2010): after 105 each
    # before the flop, "Player0 bets $295, and is capped", the other "calls
    # $295, and is capped", and the board runs out with the hands face up.
    # Full Tilt's Cap games: once a player reaches the cap they are treated
    # as all-in for the rest of the hand, the rest of the stack out of play.
    table, hand = _capped_hand()
    act(hand, "p1 x", "p2 x", "p3 cbr 28")  # the pot: 28, p3 has put in 35
    # p4 has put in 7 of its 40: it may add 33, to 33 in all on the flop,
    # below the minimum raise (56): the capped raise is its only raise.
    legal = hand.legal_actions()
    assert (legal.seat, legal.to_call, legal.min_raise_to, legal.max_raise_to) == (3, 28, 33, 33)
    before = snapshot(hand)
    with pytest.raises(
        IllegalActionError,
        match=r"raise to 60 exceeds the cap of 40 a player puts in this hand .*: capped, it is "
        r"a raise to 33",
    ):
        hand.raise_to(60)
    assert snapshot(hand) == before
    act(hand, "p4 cbr 33", "p1 f", "p2 f")
    assert hand.stacks == (193, 193, 165, 160)  # the chips above the cap stay in front of them
    legal = hand.legal_actions()  # p3: 5 left under the cap, exactly the call
    assert (legal.seat, legal.to_call, legal.min_raise_to) == (2, 5, None)
    act(hand, "p3 cc")
    # Both capped: the betting is over, the hands are face up (no muck,
    # §5.9) and the board runs out.
    assert hand.street == "showdown" and not hand.legal_actions().can_muck
    check_down(hand)
    # The pot 28 + 33 + 33 = 94 goes to p3's four aces: 200 - 40 + 94.
    assert table.stacks == (193, 193, 254, 160)
    assert [p.amount for p in hand.result.pots] == [94]


def test_a_stack_below_the_cap_plays_as_usual_and_the_cap_round_trips_through_phh() -> None:
    table = seated([30, 200, 200], NoLimit(1, 2, hand_cap=50))
    hand = table.deal(seed=5)
    legal = hand.legal_actions()  # p3, the button: no limit, up to the cap
    assert (legal.seat, legal.max_raise_to) == (2, 50)
    act(hand, "p3 cbr 50", "p1 ai", "p2 cc")  # p1 all-in for its 30, below the cap
    assert hand.street == "showdown"
    check_down(hand)
    assert sum(table.stacks) == 430
    saved = phh.HandHistory.from_hand(hand)
    assert saved.fields["_hand_cap"] == 50
    again = phh.replay(phh.loads(saved.dumps()))
    assert again.complete and again.hand.table.structure.hand_cap == 50  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="hand_cap must be positive, got 0"):
        NoLimit(1, 2, hand_cap=0)
    with pytest.raises(phh.PHHError, match="_hand_cap applies to pot limit and no limit only"):
        fixed = phh.HandHistory.from_hand(seated([10, 10], FixedLimit(2, 4)).deal(seed=1))
        fixed.with_fields(_hand_cap=50).structure()


# ------------------------------------------------ straddles as totals (§5.1)


def test_ggpoker_a_big_blind_who_straddles_posts_the_straddle_in_all() -> None:
    # GGPoker, PLO-5 $25/$50 with a $10 ante, three-handed (2021): "posts big
    # blind $50", then the same player "straddle $100": GGPoker states the
    # straddle as the player's total, so the big blind has $100 in, not $150.
    # The button "raises $225 to $325" (the pot-limit maximum is B + P + C =
    # 100 + (30 + 25 + 100) + 100 = 355), both fold, $225 comes back: a pot
    # of $255, raked 5% = $12.75 (amounts in cents here).
    table = seated(
        [55_257, 200_000, 327_070],
        PotLimit(2_500, 5_000, antes=1_000),
        hole_count=5,
        rake=PercentRake("5%", no_flop_no_drop=False),  # GGPoker rakes it before the flop
    )
    hand = table.deal(seed=3, straddles={1: 10_000})
    assert hand.blinds == (2_500, 10_000, 0) and hand.big_blind_seat == 1
    assert hand.bets == (2_500, 10_000, 0) and hand.pot == 15_500
    legal = hand.legal_actions()  # the button acts first, left of the straddle
    assert (legal.seat, legal.to_call, legal.min_raise_to, legal.max_raise_to) == (
        2,
        10_000,
        20_000,
        35_500,
    )
    act(hand, "p3 cbr 32500", "p1 f", "p2 f")
    assert hand.result.uncalled == (2, 22_500)
    assert (hand.result.pots[0].amount, hand.result.rake) == (24_225, 1_275)
    assert table.stacks == (51_757, 189_000, 327_070 - 11_000 + 24_225)
    # PHH states the straddle as the big blind's forced bet: it replays the same.
    saved = phh.HandHistory.from_hand(hand, scale=100)
    assert saved.fields["blinds_or_straddles"] == [25, 100, 0]
    assert saved.fields["min_bet"] == 50
    assert phh.replay(phh.loads(saved.dumps())).finishing_stacks == (51_757, 189_000, 340_295)


def test_ggpoker_straddles_restate_the_total_and_the_largest_is_the_bet_to_call() -> None:
    # GGPoker restates a re-straddle's new total: a big blind of $1 who
    # posts "straddle $2" and then "straddle $4" has $4 in; the first player
    # left of it "raises $4 to $8" (the straddle counts as the full bet:
    # the minimum raise is to twice it) and the straddler "calls $4"
    # (blinds 1/2 in chips here: the straddle is 8, the minimum raise to 16).
    table = seated([200] * 6, NoLimit(1, 2))
    hand = table.deal(seed=4, straddles={1: 8})
    legal = hand.legal_actions()
    assert (legal.seat, legal.to_call, legal.min_raise_to) == (2, 8, 16)
    act(hand, "p3 f", "p4 f", "p5 cbr 16", "p6 f", "p1 f")
    legal = hand.legal_actions()
    assert (legal.seat, legal.to_call, legal.can_check) == (1, 8, False)
    act(hand, "p2 cc")
    assert (hand.street, hand.pot) == ("flop", 33)


def test_a_re_straddle_all_in_is_the_whole_stack_and_play_starts_left_of_it() -> None:
    # GGPoker "straddle $15.35 and is all-in": a straddle of the player's
    # whole stack. Blinds 1/2; p3 straddles 4, p4 re-straddles all-in for
    # its 7: p5 acts first and calls 7; p3 still has the option (its
    # straddle is live) after the blinds.
    table = seated([200, 200, 200, 7, 200], NoLimit(1, 2))
    hand = table.deal(seed=5, straddles={2: 4, 3: 7})
    assert hand.bets == (1, 2, 4, 7, 0) and hand.stacks[3] == 0
    legal = hand.legal_actions()
    assert (legal.seat, legal.to_call, legal.min_raise_to) == (4, 7, 14)
    act(hand, "p5 cc", "p1 f", "p2 f")
    legal = hand.legal_actions()
    assert (legal.seat, legal.to_call, legal.min_raise_to) == (2, 3, 14)
    act(hand, "p3 cc")
    assert (hand.street, hand.pot) == ("flop", 1 + 2 + 7 + 7 + 7)


def test_straddles_are_checked_and_change_nothing_when_refused() -> None:
    table = seated([200, 200, 200, 5], NoLimit(1, 2))
    before = (table.stacks, table.button)
    for straddles, message in (
        ({0: 4}, "seat 0 posts the small blind; it cannot straddle"),
        ({2: 2}, "seat 2 must post a total above the largest blind 2, got 2"),
        ({3: 6}, "seat 3 has 5 chips, short of a straddle of 6"),
        ({7: 4}, "seat 7 is not dealt in"),
        ({2: 4.0}, "got 4.0"),
    ):
        with pytest.raises(ValueError, match=message):
            table.deal(seed=1, straddles=straddles)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="straddles must map seats to totals"):
        table.deal(seed=1, straddles=[(2, 4)])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="a fixed-limit game has no straddles"):
        seated([100] * 3, FixedLimit(2, 4)).deal(seed=1, straddles={2: 4})
    assert (table.stacks, table.button, table._hand) == (*before, None)
    assert table.deal(seed=1, straddles={}).bets == (1, 2, 0, 0)


# ------------------------------------ blinds posted out of position (§8.3)


def test_winamax_a_small_blind_posted_out_of_position_is_dead() -> None:
    # Winamax, 5 Card Omaha Hi/Lo pot limit 2€/4€ (2016): "Player2 posts
    # small blind 2€ out of position", then "calls 4€": the 2€ was dead
    # (Robert's Rules: a missed small blind is posted dead), so the call is
    # the whole 4€, not the 2€ a live blind would leave. Here p4, under the
    # gun, posts a dead 2 at 2/4.
    table = seated([400] * 6, PotLimit(2, 4), hole_count=5)
    hand = table.deal(seed=6, posts={3: (0, 2)})
    assert hand.posts == ((3, 0, 2),) and hand.bets == (2, 4, 0, 0, 0, 0) and hand.pot == 8
    act(hand, "p3 f")
    legal = hand.legal_actions()
    assert (legal.seat, legal.to_call) == (3, 4)
    act(hand, "p4 cc")
    assert hand.contributions[3] == 4 and hand.pot == 12


def test_winamax_both_blinds_posted_in_one_amount_are_a_live_big_blind_and_a_dead_rest() -> None:
    # Winamax, Omaha pot limit 1€/2€ (2016): "Player4 posts small blind 3€
    # out of position", "Player4 posts big blind 0€ out of position", and
    # later "Player4 checks" facing the big blind: of the 3€, the big
    # blind's 2€ is live and 1€ dead (Robert's Rules: of the blinds posted
    # together, up to the minimum opening bet is live, the rest dead).
    live, dead = split_missed_blinds(3, 2)
    assert (live, dead) == (2, 1)
    table = seated([446, 399, 119, 200, 57], PotLimit(1, 2))
    hand = table.deal(seed=7, posts={2: (live, dead)})
    assert hand.bets == (1, 2, 2, 0, 0) and hand.pot == 6
    legal = hand.legal_actions()  # p3, under the gun, with its live big blind
    assert (legal.seat, legal.to_call, legal.can_check) == (2, 0, True)
    # The pot-limit maximum counts the dead 1 in the pot: B 2 + P 6 + C 0 = 8.
    assert legal.max_raise_to == 8
