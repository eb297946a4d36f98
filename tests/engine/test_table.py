"""The Table and Hand API: validation, dealing, replaying, results, real hands."""

from __future__ import annotations

import subprocess
import sys

import pytest

import omaha
from omaha import (
    Call,
    Check,
    DealBoard,
    DealHole,
    DuplicateCardError,
    FixedLimit,
    Fold,
    IllegalActionError,
    InvalidCardError,
    NoLimit,
    PostAnte,
    PostBigBlindAnte,
    PostBlind,
    PotLimit,
    RaiseTo,
    Show,
    Table,
)
from omaha.cards import format_cards, parse_cards
from omaha.hand import Hand, forced_bet_plan
from omaha.pots import Pot, take_rake
from table_play import act, check_down, seated, snapshot

# ----------------------------------------------------------------- Table


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"stacks": [100]}, "2 to 10 seats"),
        ({"stacks": [100, 1.5]}, "stack of seat 1 must be an integer number of chips, got 1.5"),
        ({"stacks": [100, -1]}, "stack of seat 1 must be non-negative, got -1"),
        ({"stacks": "100"}, "stacks must be a sequence"),
        ({"button": 2}, r"button 2 is not a seat \(0..1\)"),
        ({"button": True}, "button must be a seat index, got True"),
        ({"stacks": [0, 100], "button": 0}, "the button seat 0 has no chips"),
        ({"game": "lo"}, "game must be 'hi' or 'hilo', got 'lo'"),
        ({"hole_count": 7}, "hole_count must be 4, 5 or 6, got 7"),
    ],
)
def test_table_bad_values(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"stacks": [100, 100], "structure": NoLimit(1, 2)}
    args.update(kwargs)
    with pytest.raises(ValueError, match=message):
        Table(**args)  # type: ignore[arg-type]


def test_table_rejects_a_non_structure() -> None:
    with pytest.raises(TypeError, match="got dict"):
        Table([100, 100], {"blinds": (1, 2)})  # type: ignore[arg-type]


def test_table_properties() -> None:
    table = Table([100, 0, 50], FixedLimit(2, 4), button=2, game="hilo", hole_count=5)
    assert (table.stacks, table.button, table.seats, table.hole_count) == ((100, 0, 50), 2, 3, 5)
    assert table.game == "hilo" and isinstance(table.structure, FixedLimit)
    assert repr(table).startswith("Table(stacks=[100, 0, 50], structure=FixedLimit(")


# ----------------------------------------------------------------- deal


def test_deal_errors() -> None:
    table = Table([100, 100, 0], NoLimit(1, 2))
    with pytest.raises(ValueError, match="give only one of seed=, deck= and hole_cards="):
        table.deal(seed=1, deck=list(range(52)))
    with pytest.raises(ValueError, match="board= is given with hole_cards="):
        table.deal(board="AsKsQs")
    with pytest.raises(ValueError, match="one entry per seat"):
        table.deal(hole_cards=["AsKsQsJs", "2c3c4c5c"])
    with pytest.raises(ValueError, match="seat 2 has no chips"):
        table.deal(hole_cards=["AsKsQsJs", "2c3c4c5c", "2d3d4d5d"])
    with pytest.raises(DuplicateCardError, match="duplicate card 'As'"):
        table.deal(hole_cards=["AsKsQsJs", "As3c4c5c", None])
    with pytest.raises(InvalidCardError, match="expected 4 cards"):
        table.deal(hole_cards=["AsKsQs", None, None])
    with pytest.raises(InvalidCardError, match="a board is 3, 4 or 5 cards"):
        table.deal(hole_cards=[None, None, None], board="2c2d")
    with pytest.raises(DuplicateCardError):
        table.deal(hole_cards=["AsKsQsJs", None, None], board="As2d3d")
    with pytest.raises(DuplicateCardError):
        table.deal(deck=[51, 51, *range(50)])
    busted = Table([100, 0], NoLimit(1, 2))
    with pytest.raises(ValueError, match="a hand needs two players with chips"):
        busted.deal(seed=1)


def test_actions_record_forced_bets_deals_and_betting() -> None:
    table = seated([100, 100, 100], NoLimit(1, 2, antes=1, big_blind_ante=3))
    hand = table.deal(seed=5)
    assert hand.actions[:6] == (
        PostAnte(0, 1),
        PostAnte(1, 1),
        PostAnte(2, 1),
        PostBlind(0, 1),
        PostBlind(1, 2),
        PostBigBlindAnte(1, 3),
    )
    assert [type(a) for a in hand.actions[6:]] == [DealHole] * 3
    act(hand, "p3 cbr 6", "p1 f", "p2 cc")
    flop = hand.actions[-1]
    assert isinstance(flop, DealBoard) and flop.cards == hand.board
    assert hand.actions[-4:-1] == (RaiseTo(2, 6), Fold(0), Call(1, 4))
    act(hand, "p2 cc")
    assert hand.actions[-1] == Check(1)


def test_hand_properties_through_a_hand() -> None:
    table = seated([200, 200, 200], PotLimit(1, 2))
    hand = table.deal(seed=6)
    assert hand.table is table and hand.seats == (0, 1, 2) and hand.button == 2
    assert (hand.big_blind_seat, hand.street, hand.to_act, hand.awaiting) == (1, "preflop", 2, None)
    assert (hand.stacks, hand.bets, hand.pot, hand.contributions) == (
        (199, 198, 200),
        (1, 2, 0),
        3,
        (1, 2, 0),
    )
    assert hand.starting_stacks == (200, 200, 200) and not hand.is_over
    assert "preflop, seat 2 to act" in repr(hand)
    with pytest.raises(ValueError, match="the hand is not over"):
        _ = hand.result
    act(hand, "p3 cbr 7", "p1 cc", "p2 cc")
    assert (hand.street, hand.bets, hand.pot, len(hand.board)) == ("flop", (0, 0, 0), 21, 3)
    check_down(hand)
    assert hand.is_over and hand.street == "over" and hand.pot == 0
    assert sum(hand.stacks) == 600 and hand.stacks == table.stacks
    assert len(hand.result.shown) == 3 and hand.result.board == hand.board
    assert sum(hand.result.net) == 0
    with pytest.raises(IllegalActionError, match="no player is to act"):
        hand.legal_actions()
    with pytest.raises(IllegalActionError, match="no betting turn"):
        hand.fold()


def test_unfinished_hand_changes_nothing_at_the_table() -> None:
    table = seated([100, 100], NoLimit(1, 2))
    hand = table.deal(seed=7)
    act(hand, "p2 cbr 10")
    assert table.stacks == (100, 100)
    hand2 = table.deal(seed=8)  # a new hand replaces the unfinished one
    act(hand, "p1 f")  # the old hand ends but no longer updates the table
    assert table.stacks == (100, 100) and table.button == 1
    act(hand2, "p2 f")
    assert table.stacks == (101, 99) and table.button == 0


def test_several_hands_at_one_table_conserve_chips() -> None:
    table = Table([300] * 6, PotLimit(1, 2), game="hilo")
    for seed in range(20):
        if sum(s > 0 for s in table.stacks) < 2:
            break
        hand = table.deal(seed=seed)
        if hand.to_act is not None and hand.street == "preflop":
            la = hand.legal_actions()
            if la.max_raise_to is not None:
                hand.raise_to(la.max_raise_to)
        check_down(hand)
        assert sum(table.stacks) == 1800


@pytest.mark.parametrize("hole_count", [5, 6])
def test_five_and_six_card_omaha(hole_count: int) -> None:
    table = Table([100] * 4, PotLimit(1, 2), game="hilo", hole_count=hole_count)
    hand = table.deal(seed=9)
    assert all(len(h or ()) == hole_count for h in hand.hole_cards)
    check_down(hand)
    assert all(len(s.hole_cards) == hole_count for s in hand.result.shown)


# ----------------------------------------------------------------- replay


def test_replay_waits_for_each_street() -> None:
    table = seated([100, 100], NoLimit(1, 2))
    hand = table.deal(hole_cards=["AsKsQsJs", "2c3c4c5c"])
    act(hand, "p2 cc", "p1 x")
    assert (hand.to_act, hand.awaiting, hand.street) == (None, "flop", "preflop")
    before = snapshot(hand)
    with pytest.raises(InvalidCardError, match="the flop is 3 cards"):
        hand.deal_board("Th9h")
    with pytest.raises(DuplicateCardError, match="'As' of 'As9h8h' is already dealt"):
        hand.deal_board("As9h8h")
    with pytest.raises(IllegalActionError, match="waiting for the flop"):
        hand.check()
    assert snapshot(hand) == before
    hand.deal_board("Th9h8h")
    assert (hand.street, hand.to_act, hand.awaiting) == ("flop", 0, None)
    with pytest.raises(IllegalActionError, match="no street to deal"):
        hand.deal_board("7h")
    act(hand, "p1 x", "p2 x", "d db 7d", "p1 x", "p2 x")
    with pytest.raises(InvalidCardError, match="the river is 1 card,"):
        hand.deal_board("6d6c")
    act(hand, "d db 2h", "p1 x", "p2 x", "p1 sm -", "p2 sm")
    assert hand.result.stacks == (102, 98)


def test_replay_with_the_board_given_deals_street_by_street() -> None:
    table = seated([100, 100], NoLimit(1, 2))
    hand = table.deal(hole_cards=["AsKsQsJs", "2c3c4c5c"], board="Th9h8h7d")
    act(hand, "p2 cc", "p1 x", "p1 x", "p2 x", "p1 x", "p2 x")
    assert hand.awaiting == "river" and len(hand.board) == 4


def test_unknown_hole_cards_show_with_cards() -> None:
    table = seated([100, 100], NoLimit(1, 2))
    hand = table.deal(hole_cards=[None, "2c3c4c5c"], board="Th9h8h7d2h")
    act(hand, "p2 cc", "p1 x", "p1 x", "p2 x", "p1 x", "p2 x", "p1 x", "p2 x")
    assert hand.street == "showdown" and hand.to_act == 0
    with pytest.raises(IllegalActionError, match="show them with show"):
        hand.show()
    with pytest.raises(DuplicateCardError, match="'2c' is already dealt"):
        hand.show("2cKsQsJs")
    with pytest.raises(InvalidCardError):
        hand.show("AsKs")
    hand.show("AsKsQsJs")
    assert hand.hole_cards[0] == parse_cards("AsKsQsJs")
    act(hand, "p2 sm -")
    assert hand.result.stacks == (102, 98)


def test_show_must_match_the_cards_dealt() -> None:
    table = seated([100, 100], NoLimit(1, 2))
    hand = table.deal(hole_cards=["AsKsQsJs", "2c3c4c5c"], board="Th9h8h7d2h")
    act(hand, "p2 cc", "p1 x", "p1 x", "p2 x", "p1 x", "p2 x", "p1 x", "p2 x")
    with pytest.raises(IllegalActionError, match="shows 'AsKsQsTs' but was dealt 'AsKsQsJs'"):
        hand.show("AsKsQsTs")
    hand.show("JsQsKsAs")  # any order
    assert hand.actions[-1] == Show(0, parse_cards("JsQsKsAs"))
    with pytest.raises(IllegalActionError, match="seat 0 has no hand to show"):
        hand.muck(seat=0)


# ----------------------------------------------------------------- real hands


def test_record_2009_heads_up_pot_limit_hand() -> None:
    # The online 2009 record pot (shared data, PHH): stacks 1,259,450.25 and
    # 678,473.50, blinds 500/1,000, in cents. p2 is the button.
    table = Table([125945025, 67847350], PotLimit(50000, 100000), button=1)
    hand = table.deal(hole_cards=["Ah3sKsKh", "6d9s7d8h"])
    act(hand, "p2 cbr 300000", "p1 cbr 900000", "p2 cbr 2700000", "p1 cbr 8100000", "p2 cc")
    act(hand, "d db 4s5c2h", "p1 cbr 9100000", "p2 cbr 43500000", "p1 cbr 77900000", "p2 cc")
    act(hand, "p1 sm Ah3sKsKh", "p2 sm 6d9s7d8h", "d db 5h", "d db 9c")
    result = hand.result
    assert result.stacks == (193792375, 0)  # 1,937,923.75 and 0
    assert result.uncalled == (0, 77900000 - 67847350 + 8100000)
    assert str(result.shown[0].high) == "Straight, five high"


def test_wsop_2023_fixed_limit_hi_lo_hand_with_an_unknown_player_and_a_single_blind() -> None:
    # wsop-2023-43-day5-hand76: FO/8, a single blind of 250,000, p1 unseen.
    structure = FixedLimit(250000, 500000, blinds_or_straddles=(250000, 0, 0, 0))
    table = Table([2625000, 6250000, 18275000, 2550000], structure, game="hilo", button=3)
    hand = table.deal(hole_cards=[None, "AdAcTs8s", "As8c3s2c", "Qh9s5d4c"])
    act(hand, "p2 cbr 500000", "p3 cbr 750000", "p4 f", "p1 f", "p2 cbr 1000000", "p3 cc")
    act(hand, "d db Jd7s4h", "p2 cbr 250000", "p3 cc", "d db 5h", "p2 cc", "p3 cbr 500000")
    act(hand, "p2 cc", "d db Js", "p2 cc", "p3 cc", "p2 sm AdAcTs8s", "p3 sm As8c3s2c")
    assert hand.result.stacks == (2375000, 6375000, 18400000, 2550000)
    (pot,) = hand.result.pots
    assert (pot.high_winners, pot.low_winners) == ((1,), (2,))
    assert format_cards(hand.result.shown[1].low.cards) == "7s5h4h2cAs"  # type: ignore[union-attr]


# ----------------------------------------------------------------- import


def test_import_omaha_loads_neither_numpy_nor_the_engine() -> None:
    code = (
        "import sys, omaha; "
        "assert 'numpy' not in sys.modules; "
        "assert 'omaha.table' not in sys.modules; "
        "omaha.Table; assert 'omaha.table' in sys.modules; "
        "assert 'numpy' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
    assert omaha.PotLimit is PotLimit
    with pytest.raises(AttributeError, match="no attribute 'Tabel'"):
        _ = omaha.Tabel


# ----------------------------------------------------------------- chip and rake


def test_smallest_chip_in_play_is_never_split() -> None:
    # Two Broadway straights tie for 25 (the folded small blind's 5 is dead
    # money). In chips of 5: 15 / 10, the odd chip to the big blind (first
    # left of the button); in chips of 1: 13 / 12.
    holes = ["9c9d8c8d", "JcTd2c3d", "JdTh2d3h"]
    for chip, payouts in ((5, {1: 15, 2: 10}), (1, {1: 13, 2: 12})):
        table = Table([100] * 3, NoLimit(5, 10), button=2, chip=chip)
        hand = table.deal(hole_cards=holes, board="AcKdQh4s4c")
        act(hand, "p3 cc", "p1 f", "p2 x")
        check_down(hand)
        assert hand.result.pots[0].payouts == payouts
    with pytest.raises(ValueError, match="chip must be a positive integer, got 0"):
        Table([100] * 3, NoLimit(5, 10), chip=0)


def test_rake_is_taken_before_the_award_and_split_across_pots() -> None:
    # 5% capped at 3 from a main pot of 30 and a side pot of 40: 1 + 2.
    def rake(hand: Hand, pots: tuple[Pot, ...]) -> tuple[Pot, ...]:
        total = sum(p.amount for p in pots)
        return take_rake(pots, min(3, total * 5 // 100))

    table = seated([100, 100, 10], NoLimit(1, 2), game="hilo")
    table.rake = rake
    hand = table.deal(hole_cards=["8c7dQcJc", "KcKd9c8s", "Ac2d9s9d"], board="3c4d5hKsKh")
    act(hand, "p3 ai", "p1 cbr 30", "p2 cc")
    check_down(hand)
    result = hand.result
    assert result.rake == 3
    main, side = result.pots
    assert (main.amount, main.payouts) == (29, {1: 15, 2: 14})
    assert (side.amount, side.payouts) == (38, {1: 19, 0: 19})
    assert sum(result.stacks) == 210 - 3 == sum(table.stacks)


def test_a_bad_rake_policy_is_reported() -> None:
    table = Table([100, 100], NoLimit(1, 2), rake=lambda hand, pots: [Pot(1, (0,))])
    hand = table.deal(seed=1)
    with pytest.raises(ValueError, match="the rake policy must return the same pots"):
        act(hand, "p1 f")
    with pytest.raises(ValueError, match="rake must be a callable"):
        Table([100, 100], NoLimit(1, 2), rake=5)  # type: ignore[arg-type]


def test_forced_bets_are_data() -> None:
    structure = NoLimit(1, 2, antes=(0, 1, 0), big_blind_ante=2)
    assert forced_bet_plan(structure, (4, 0, 2)) == (
        PostAnte(0, 1),
        PostBlind(4, 1),
        PostBlind(0, 2),
        PostBigBlindAnte(0, 2),
    )
    # Heads-up: the button (seat 0, the last position) posts the small blind.
    assert forced_bet_plan(NoLimit(1, 2), (1, 0)) == (PostBlind(1, 2), PostBlind(0, 1))


# ----------------------------------------------------------------- apply


def _replay_through_apply(hand: Hand) -> Hand:
    """Deal the same cards at a fresh table and apply every recorded action after the deal."""
    table = Table(list(hand.starting_stacks), hand.table.structure, button=hand.button)
    again = table.deal(hole_cards=list(hand.hole_cards))
    for action in hand.actions:
        if not isinstance(action, PostAnte | PostBlind | PostBigBlindAnte | DealHole):
            again.apply(action)
    return again


@pytest.mark.parametrize("seed", range(40))
def test_apply_replays_the_records_a_hand_keeps(seed: int) -> None:
    import random

    from table_play import random_action

    rng = random.Random(seed)
    structure = (NoLimit(1, 2, antes=1), PotLimit(5, 10), FixedLimit(2, 4))[seed % 3]
    table = Table([rng.choice((30, 200, 1000)) for _ in range(4)], structure, button=seed % 4)
    hand = table.deal(seed=seed)
    while not hand.is_over:
        random_action(hand, rng)
    again = _replay_through_apply(hand)
    assert again.actions == hand.actions
    assert again.result == hand.result


def test_apply_checks_a_call_record_against_the_call() -> None:
    hand = Table([100, 100, 100], NoLimit(1, 2), button=2).deal(seed=1)
    hand.apply(RaiseTo(2, 6))
    before = snapshot(hand)
    with pytest.raises(IllegalActionError, match="call of 3: a call by seat 0 adds 5") as info:
        hand.apply(Call(0, 3))
    assert info.value.seat == 0
    assert snapshot(hand) == before
    hand.apply(Call(0, 5))
    hand.apply(Call(1, 4))
    assert hand.street == "flop"
    hand.apply(Call(0, 0))  # nothing to call: a check, recorded as such
    assert hand.actions[-1] == Check(0)


@pytest.mark.parametrize(
    "action",
    [PostBlind(0, 1), PostAnte(1, 1), PostBigBlindAnte(1, 2), DealHole(0, None), "p1 f", None],
)
def test_apply_refuses_forced_bets_deals_and_what_is_no_action(action: object) -> None:
    hand = Table([100, 100, 100], NoLimit(1, 2), button=2).deal(seed=1)
    before = snapshot(hand)
    with pytest.raises(IllegalActionError, match="cannot apply"):
        hand.apply(action)  # type: ignore[arg-type]
    assert snapshot(hand) == before


def test_an_illegal_action_carries_the_seat_and_names_seats_as_asked() -> None:
    hand = Table([100, 100, 100], NoLimit(1, 2), button=2).deal(seed=1)
    with pytest.raises(IllegalActionError) as info:
        hand.fold(seat=0)
    err = info.value
    assert err.seat == 0
    assert str(err) == "cannot fold: seat 0 acted out of turn; seat 2 is to act"
    assert err.message(lambda s: f"p{s + 1}") == "cannot fold: p1 acted out of turn; p3 is to act"
    with pytest.raises(IllegalActionError, match=r"seat must be a seat index \(0..2\), got 3"):
        hand.fold(seat=3)
