"""Adversarial scenarios for the table and betting engine, each with the rule it checks.

Every test holds the value the rule book (RULES.md, restated in
docs/rules.md) gives for a corner the other table tests do not reach. Seats
follow PHH as in tests/table_play.py: the button is the last seat, seat 0
(p1) the small blind, seat 1 (p2) the big blind.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from omaha import DuplicateCardError, FixedLimit, IllegalActionError, InvalidCardError, NoLimit
from omaha.hand import Hand
from omaha.pots import Pot, build_pots
from omaha.table import Table
from table_play import act, check_down, deal, seated, snapshot

# Hands on the board 3c 4d 5h Ks Kh (as in tests/engine/test_table_rules.py):
BOARD = "3c4d5hKsKh"
QUADS = "KcKd9c8s"  # four kings: the best high
WHEEL = "Ac2d9s9d"  # a five-high straight; low 5-4-3-2-A
NO_LOW = "QdJhTcTd"  # kings and tens, no low
EIGHT_LOW = "8c7dQcJc"  # a pair of kings; low 8-7-5-4-3

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


# ------------------------------------------------------------ side pots


def test_all_in_on_the_ante_wins_at_most_their_ante_from_a_player_who_folds() -> None:
    # RULES.md §4 (an all-in player wins from each opponent at most what they
    # put in) and §5.3 (a uniform ante follows the side-pot rule). Ante 10:
    # p1 is all-in on a 3 ante, p2 on a 5 ante; p3 antes 10 and folds to the
    # full big blind. p2 wins at most 5 from p3: p3's other 5 go back.
    table = seated([3, 5, 100], NoLimit(1, 2, antes=10))
    hand = deal(table, [NO_LOW, QUADS, WHEEL], BOARD)
    assert hand.contributions == (3, 5, 10) and hand.to_act == 2
    act(hand, "p3 f")
    check_down(hand)
    result = hand.result
    assert [(p.amount, p.eligible, p.payouts) for p in result.pots] == [
        (9, (0, 1), {1: 9}),
        (4, (1,), {1: 4}),
    ]
    assert result.returned == ((2, 5),)
    assert result.stacks == (0, 13, 95)
    assert table.stacks == (0, 13, 95)


def test_all_in_on_the_ante_wins_at_most_their_ante_from_each_of_two_folders() -> None:
    # As above with two players who fold: each gets back what nobody can win
    # (RULES.md §4), though neither is the single largest contributor.
    table = seated([3, 5, 100, 100], NoLimit(1, 2, antes=10))
    hand = deal(table, [QUADS, NO_LOW, WHEEL, EIGHT_LOW], BOARD)
    act(hand, "p3 f", "p4 f")
    check_down(hand)
    result = hand.result
    assert [(p.amount, p.eligible, p.payouts) for p in result.pots] == [
        (12, (0, 1), {0: 12}),
        (6, (1,), {1: 6}),
    ]
    assert result.returned == ((2, 5), (3, 5))
    assert result.stacks == (12, 6, 95, 95)


def test_last_player_all_in_on_the_ante_wins_only_what_they_covered() -> None:
    # Heads-up, ante 5: p1 (big blind) is all-in on a 1 ante; the button
    # antes 5, posts the small blind and folds. p1 wins the pot without
    # showing (RULES.md §4), but from the button only the 1 they covered:
    # the small blind is the uncalled bet and 4 of the ante go back.
    table = seated([1, 60], NoLimit(1, 2, antes=5))
    hand = table.deal(seed=4)
    assert hand.to_act == 1
    act(hand, "p2 f")
    result = hand.result
    assert result.uncalled == (1, 1) and result.returned == ((1, 4),)
    assert [(p.amount, p.payouts) for p in result.pots] == [(2, {0: 2})]
    assert result.stacks == (2, 59)


def test_folded_ante_above_a_player_with_chips_behind_stays_dead_money() -> None:
    # Per-position antes (PHH): the button's 50 ante is dead money. The big
    # blind still has chips behind, so it is won by the big blind, the
    # largest live contributor, when p1 (all-in on the small blind) loses
    # (RULES.md §4: only an all-in player's winnings are capped).
    table = seated([1, 100, 100], NoLimit(1, 2, antes=(0, 0, 50)))
    hand = deal(table, [NO_LOW, QUADS, WHEEL], BOARD)
    act(hand, "p3 f")
    check_down(hand)
    result = hand.result
    assert result.returned == ()
    assert result.stacks == (0, 151, 50)


def test_a_per_position_ante_is_dead_money_not_a_side_pot_of_its_own() -> None:
    # RULES.md §4: pots are cut only at the all-in totals of players still in
    # the hand; antes are dead money (§5.2). A big-blind ante given per
    # position (PHH antes = [0, 100, 0]): p2's ante is won by the best hand,
    # not handed back to p2 as a pot only p2 can win.
    table = seated([1000, 1000, 1000], NoLimit(50, 100, antes=(0, 100, 0)))
    hand = deal(table, [NO_LOW, WHEEL, QUADS], BOARD)
    act(hand, "p3 cbr 300", "p1 f", "p2 cc")
    check_down(hand)
    result = hand.result
    assert [(p.amount, p.eligible, p.payouts) for p in result.pots] == [
        (750, (1, 2), {2: 750}),
    ]
    assert result.stacks == (950, 600, 1450)


def test_all_in_on_a_per_position_ante_wins_at_most_their_total_from_each() -> None:
    # RULES.md §4. Antes per position (0, 0, 5, 10): p3 is all-in on a 5
    # ante; p4 antes 10 and folds; the blinds, with chips behind, check it
    # down. p3 (quads) wins 5 from p4, not 10: p4's other 5 are dead money in
    # a pot for the blinds, who could still have bet them.
    table = seated([100, 100, 5, 100], NoLimit(1, 2, antes=(0, 0, 5, 10)))
    hand = deal(table, [WHEEL, NO_LOW, QUADS, EIGHT_LOW], BOARD)
    assert hand.contributions == (1, 2, 5, 10)
    act(hand, "p4 f", "p1 cc", "p2 x")
    check_down(hand)
    result = hand.result
    assert [(p.amount, p.eligible, p.payouts) for p in result.pots] == [
        (14, (0, 1, 2), {2: 14}),
        (5, (0, 1), {0: 5}),
    ]
    assert result.returned == ()
    assert result.stacks == (103, 98, 14, 90)


def test_every_player_left_with_chips_behind_shares_the_pot_whatever_their_ante() -> None:
    # RULES.md §4, per-position antes (0, 5, 0): the big blind antes 5 and is
    # all-in on the blind; the other two call and check down. One pot of 11:
    # the big blind can win 2 from each caller, and the callers can win the
    # big blind's ante.
    table = seated([100, 7, 100], NoLimit(1, 2, antes=(0, 5, 0)))
    hand = deal(table, [NO_LOW, WHEEL, QUADS], BOARD)
    act(hand, "p3 cc", "p1 cc")
    check_down(hand)
    result = hand.result
    assert [(p.amount, p.eligible, p.payouts) for p in result.pots] == [
        (11, (0, 1, 2), {2: 11}),
    ]
    assert result.stacks == (98, 0, 109)


def test_build_pots_cuts_only_at_all_in_totals() -> None:
    # RULES.md §4: seat 1 (all-in at 5) cuts the main pot; seats 0 and 2 have
    # chips behind and are eligible for every pot; folded seat 3's chips
    # above 5 are dead money in the top pot.
    pots = build_pots(
        [2, 5, 2, 10], folded=[False, False, False, True], all_in=[False, True, False, False]
    )
    assert pots == (Pot(14, (0, 1, 2)), Pot(5, (0, 2)))
    # Without all-in flags every total cuts a pot, as before.
    assert build_pots([2, 5, 2, 10], folded=[False, False, False, True]) == (
        Pot(8, (0, 1, 2)),
        Pot(11, (1,)),
    )
    with pytest.raises(ValueError, match="3 all-in flags"):
        build_pots([1, 2], folded=[False, False], all_in=[True] * 3)


# ------------------------------------------------------------ bad input


def _all_in_showdown() -> Hand:
    hand = Table([100, 100, 100], NoLimit(1, 2), button=2).deal(seed=1)
    act(hand, "p3 ai", "p1 cc", "p2 cc")
    assert hand.street == "showdown" and hand.showdown_order == (2, 0, 1)
    return hand


@pytest.mark.parametrize("seat", [True, 1.0])
def test_a_seat_that_is_not_a_seat_index_is_rejected_and_changes_nothing(seat: object) -> None:
    # RULES.md §7: a rejected action changes nothing. True and 1.0 compare
    # equal to seat 1 but are no seat index: they are refused, never
    # recorded in the actions (nor, at showdown, a TypeError).
    hand = Table([100, 100, 100], NoLimit(1, 2), button=2).deal(seed=1)
    act(hand, "p3 cc", "p1 cc")
    assert hand.to_act == 1
    attempts: list[Callable[..., None]] = [
        hand.fold, hand.check, hand.call, hand.all_in, lambda seat: hand.raise_to(4, seat)
    ]  # fmt: skip
    for attempt in attempts:
        before = snapshot(hand)
        with pytest.raises(IllegalActionError, match="seat must be a seat index"):
            attempt(seat=seat)
        assert snapshot(hand) == before
    showdown = _all_in_showdown()
    shown: list[Callable[..., None]] = [showdown.show, showdown.muck]
    for attempt in shown:
        before = snapshot(showdown)
        with pytest.raises(IllegalActionError, match="seat must be a seat index"):
            attempt(seat=seat)
        assert snapshot(showdown) == before


def _replay_on_the_flop() -> Hand:
    hand = Table([100, 100, 100], NoLimit(1, 2), button=2).deal(hole_cards=[QUADS, WHEEL, None])
    act(hand, "p3 cc", "p1 cc", "p2 x")
    assert hand.awaiting == "flop"
    return hand


@pytest.mark.parametrize("cards", [None, 5, 2.5])
def test_cards_that_are_not_cards_are_an_invalid_card_error(cards: object) -> None:
    # RULES.md §7: bad cards get a clear error naming the bad value, never a
    # TypeError, and change nothing.
    hand = _replay_on_the_flop()
    before = snapshot(hand)
    with pytest.raises(InvalidCardError, match=f"got {cards!r}"):
        hand.deal_board(cards)  # type: ignore[arg-type]
    assert snapshot(hand) == before
    if cards is None:  # show the cards dealt; no deck, or unknown hole cards
        return
    showdown = _all_in_showdown()
    before = snapshot(showdown)
    with pytest.raises(InvalidCardError, match=f"got {cards!r}"):
        showdown.show(cards)  # type: ignore[arg-type]
    assert snapshot(showdown) == before
    table = Table([100, 100, 100], NoLimit(1, 2))
    for deal_kwargs in (
        {"deck": cards},
        {"hole_cards": [cards, None, None]},
        {"hole_cards": [None] * 3, "board": cards},
    ):
        with pytest.raises(InvalidCardError, match=f"got {cards!r}"):
            table.deal(**deal_kwargs)
    with pytest.raises(ValueError, match="hole_cards must give one entry per seat"):
        table.deal(hole_cards=cards)  # type: ignore[arg-type]
    assert table.stacks == (100, 100, 100) and table.button == 0


@pytest.mark.parametrize("seed", [1.5, "7", True, -1, [1, 2]])
def test_a_seed_that_is_not_a_non_negative_integer_is_a_value_error(seed: object) -> None:
    # RULES.md §7 / robustness: a ValueError naming the value, not a
    # TypeError from the shuffle (nor a bool or a list taken as a seed).
    table = Table([100, 100, 100], NoLimit(1, 2))
    with pytest.raises(ValueError, match="seed must be a non-negative integer"):
        table.deal(seed=seed)  # type: ignore[arg-type]
    assert table.deal(seed=0).to_act is not None
    np = pytest.importorskip("numpy")
    assert table.deal(seed=np.int64(7)).hole_cards == table.deal(seed=7).hole_cards


@pytest.mark.parametrize("hole_count", [4.0, [4], "4", True])
def test_a_hole_count_that_is_not_an_integer_is_refused_when_the_table_is_built(
    hole_count: object,
) -> None:
    # 4.0 was accepted and broke the deal with a TypeError; [4] raised one.
    with pytest.raises(ValueError, match="hole_count must be 4, 5 or 6"):
        Table([100, 100], NoLimit(1, 2), hole_count=hole_count)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "policy",
    [
        lambda hand, pots: None,
        lambda hand, pots: 3,
        lambda hand, pots: [Pot(p.amount / 2, p.eligible) for p in pots],
        lambda hand, pots: [Pot(True, p.eligible) for p in pots],
    ],
)
def test_a_rake_policy_returning_no_pots_or_fractional_chips_is_reported(policy: object) -> None:
    # RULES.md §4 and §7: chips are integers; a bad policy is a ValueError
    # naming what it returned, never a TypeError nor half a chip in a stack.
    table = Table([100, 100], NoLimit(1, 2), rake=policy)  # type: ignore[arg-type]
    hand = table.deal(seed=1)
    with pytest.raises(ValueError, match="the rake policy must return the same pots"):
        act(hand, "p1 f")
    assert table.stacks == (100, 100)


def test_a_shown_card_that_is_on_the_board_still_to_come_is_a_duplicate() -> None:
    # RULES.md §7: a duplicated card is a clear error and changes nothing.
    # Replaying with the board given: the board is known before it is dealt,
    # so a player whose cards were unknown may not show one of its cards
    # (it used to be accepted, and the next, valid show then failed).
    table = Table([100, 100], NoLimit(1, 2), button=1)
    hand = table.deal(hole_cards=["AcAdAhAs", None], board="2c3c4c5c6c")
    act(hand, "p2 ai", "p1 cc")
    assert hand.street == "showdown" and hand.board == ()
    before = snapshot(hand)
    with pytest.raises(DuplicateCardError, match="'2c' is already dealt"):
        hand.show("KcKdKh2c", seat=1)
    assert snapshot(hand) == before
    act(hand, "p2 sm KcKdKh7c", "p1 sm -")
    assert hand.result.stacks == (0, 200)


def test_a_numpy_integer_seat_is_a_seat() -> None:
    np = pytest.importorskip("numpy")
    hand = Table([100, 100, 100], NoLimit(1, 2), button=2).deal(seed=1)
    hand.call(seat=np.int64(2))
    showdown = _all_in_showdown()
    showdown.show(seat=np.int64(1))
    assert showdown.actions[-1].seat == 1 and type(showdown.actions[-1].seat) is int  # type: ignore[attr-defined]


def test_an_amount_too_long_to_print_is_named_by_its_size() -> None:
    # raise_to(10**5000) raised ValueError from inside the error message (an
    # integer over Python's 4,300-digit limit for writing integers as text).
    hand = Table([100, 100, 100], NoLimit(1, 2), button=2).deal(seed=1)
    before = snapshot(hand)
    with pytest.raises(IllegalActionError, match="raise to an integer of 5,001 digits exceeds"):
        hand.raise_to(10**5000)
    with pytest.raises(IllegalActionError, match=r"seat must be a seat index .*5,001 digits"):
        hand.fold(seat=10**5000)
    assert snapshot(hand) == before
    rich = Table([10**5000, 10**5000], NoLimit(1, 2), button=1).deal(seed=1)
    with pytest.raises(IllegalActionError, match="all-in is a raise to an integer of 5,001 digits"):
        rich.raise_to(10**5001)


# -------------------------------------- the options of the site-history issue


@pytest.mark.parametrize("value", [True, 2.5, "100", None, [100], -1, 0])
def test_a_rebuy_or_straddle_amount_that_is_no_chip_count_is_refused_and_changes_nothing(
    value: object,
) -> None:
    # docs/rules.md §7: a clear OmahaError naming the value, the table as it was.
    from omaha.errors import OmahaError

    table = Table([100, 100, 100, 100], NoLimit(1, 2), button=3)
    before = (table.stacks, table.button, [table.seat_info(s) for s in range(4)])
    with pytest.raises(OmahaError, match=repr(value).replace("[", r"\[")):
        table.rebuy(1, value)  # type: ignore[arg-type]
    with pytest.raises(OmahaError):
        table.deal(seed=1, straddles={2: value})  # type: ignore[dict-item]
    if value is not None:  # no cap
        with pytest.raises(OmahaError):
            NoLimit(1, 2, hand_cap=value)  # type: ignore[arg-type]
    with pytest.raises(OmahaError):
        Table([100, 100], NoLimit(1, 2), raise_over_all_in=value)  # type: ignore[arg-type]
    assert (table.stacks, table.button, [table.seat_info(s) for s in range(4)]) == before
    assert table._hand is None


def test_a_refused_raise_over_a_cap_or_a_short_stack_changes_nothing_under_every_rule() -> None:
    for rule in ("callable", "chips", "always"):
        table = seated([100, 1000, 5, 60], NoLimit(5, 10, hand_cap=80), raise_over_all_in=rule)
        hand = table.deal(seed=1)
        act(hand, "p3 f", "p4 cbr 40", "p1 cbr 80")  # p1 capped at 80
        legal = hand.legal_actions()
        before = snapshot(hand)
        for amount in (legal.max_raise_to or 80) + 1, 10**9, 79:
            with pytest.raises(IllegalActionError):
                hand.raise_to(amount)
            assert snapshot(hand) == before
        assert hand.stacks == (20, 990, 5, 20) and hand.pot == 130
