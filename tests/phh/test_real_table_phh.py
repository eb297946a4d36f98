"""The rules of real tables through PHH: rake, posts out of position, dead buttons, later boards.

Every finished engine hand, played at tables with a rake, players sitting
out, coming back, joining and leaving, either button rule and boards run
more than once, is written to PHH, read back and replayed to the same
result (a Hypothesis property). The new fields are read and checked, and
what a file states about the result is compared with the replay.
"""

from __future__ import annotations

import contextlib
import random
from decimal import Decimal as D

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omaha import FixedLimit, IllegalActionError, NoLimit, PotLimit, PotLimitPreflop, Table, phh
from omaha.betting import RAISE_OVER_ALL_IN
from omaha.errors import PHHError, StatedResultError
from omaha.games import GameName
from omaha.hand import Hand
from omaha.rake import PercentRake
from omaha.seating import SeatState
from table_play import random_action, relabel

STRUCTURES = (
    NoLimit(1, 2),
    NoLimit(5, 10, antes=1),
    PotLimit(1, 2),
    PotLimit(5, 10, big_blind_ante=10),
    FixedLimit(2, 4),
    FixedLimit(10, 20, small_blind=5),
    PotLimit(2, 4, hand_cap=80),
    PotLimitPreflop(1, 2),
)
RAKES = (
    None,
    PercentRake("5%", cap=30),
    PercentRake("10%", split="cumulative", no_flop_no_drop=False),
    PercentRake("4.5%", step=5, rounding="nearest", cap={2: 10, 4: 40}),
)


def _play(hand: Hand, rng: random.Random) -> None:
    decided = False  # the players agree (or not) on the runs as the all-in showdown starts
    while not hand.is_over:
        if not decided and hand.street == "showdown" and len(hand.board) < 5:
            decided = True
            if rng.random() < 0.6:
                with contextlib.suppress(IllegalActionError):  # too few cards left in the deck
                    hand.run_it(rng.choice((2, 2, 3)))
        random_action(hand, rng)


def _change_seats(table: Table, rng: random.Random, playing: tuple[int, ...] = ()) -> int:
    """Players come and go (during a hand, at the seats not in it); return the chips added."""
    added = 0
    for seat in range(table.seats):
        state = table.seat_info(seat).state
        roll = rng.random()
        if state is SeatState.PLAYING and roll < 0.12:
            table.sit_out(seat)
        elif seat in playing:
            continue
        elif state is SeatState.SITTING_OUT and table.stacks[seat] == 0 and roll < 0.5:
            chips = rng.choice((10, 100, 400))  # busted: buys in again (§8.4)
            table.rebuy(seat, chips, post=rng.random() < 0.6)
            added += chips
        elif state is SeatState.SITTING_OUT and table.stacks[seat] and roll < 0.4:
            table.sit_in(seat, post=rng.random() < 0.6)
        elif state is SeatState.EMPTY and roll < 0.3:
            chips = rng.choice((10, 100, 400))
            table.join(seat, chips, post=rng.random() < 0.5)
            added += chips
        elif state is not SeatState.EMPTY and roll > 0.97:
            added -= table.leave(seat)
    return added


def _deal_maybe_straddled(table: Table, rng: random.Random) -> Hand:
    """Deal, now and then with a straddle or two (refused ones aside: §5.1)."""
    seed = rng.randrange(2**32)
    if rng.random() < 0.4:
        straddles = {rng.randrange(table.seats): rng.choice((4, 8, 25, 60)) for _ in range(2)}
        with contextlib.suppress(ValueError):
            return table.deal(seed=seed, straddles=straddles)
    return table.deal(seed=seed)


def _check_round_trip(hand: Hand, scale: int) -> None:
    saved = phh.HandHistory.from_hand(hand, scale=scale)
    loaded = phh.loads(saved.dumps())
    assert loaded == saved
    again = phh.replay(loaded)  # checks the finishing stacks and the stated rake and pots
    assert again.complete
    seat_of = dict(enumerate(hand.seats))
    factor = scale // loaded.scale
    assert [relabel(a, seat_of, factor) for a in again.hand.actions] == list(hand.actions)
    mine, theirs = hand.result, again.hand.result
    assert theirs.rake * factor == mine.rake
    assert len(theirs.pots) == len(mine.pots)
    for a, b in zip(theirs.pots, mine.pots, strict=True):
        assert (a.amount * factor, a.rake * factor) == (b.amount, b.rake)
        assert {seat_of[s]: c * factor for s, c in a.payouts.items()} == b.payouts
        assert [r.amount * factor for r in a.runs] == [r.amount for r in b.runs]
    assert [tuple(b) for b in theirs.boards] == [tuple(b) for b in mine.boards]
    if hand.posts:
        posts = {i: (a * factor, d * factor) for i, (a, d) in loaded.posts.items()}
        assert posts == {hand.seats.index(s): (a, d) for s, a, d in hand.posts}


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_hands_at_real_tables_replay_the_same_from_phh(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(3, 8)
    table = Table(
        [rng.choice((5, 40, 200, 1000)) for _ in range(n)],
        rng.choice(STRUCTURES),
        button=rng.randrange(n),
        game=rng.choice(("hi", "hilo")),
        rake=rng.choice(RAKES),
        button_rule=rng.choice(("moving", "dead")),
        raise_over_all_in=rng.choice(RAISE_OVER_ALL_IN),
    )
    scale = rng.choice((1, 100))
    for _ in range(8):
        _change_seats(table, rng)
        try:
            hand = _deal_maybe_straddled(table, rng)
        except ValueError:  # fewer than two players: seat two more
            for seat in range(table.seats):
                if table.seat_info(seat).state is SeatState.EMPTY:
                    table.join(seat, 100)
                elif table.stacks[seat] == 0:
                    table.rebuy(seat, 100)
                elif table.seat_info(seat).state is not SeatState.PLAYING:
                    table.sit_in(seat)
            continue
        start = sum(table.stacks)
        assert sum(hand.stacks) == start - hand.pot
        _play(hand, rng)
        assert sum(hand.result.stacks) + hand.result.rake == start
        # Seats not in the next hand change while it is played: no chip is lost or made.
        if rng.random() < 0.5:
            with contextlib.suppress(ValueError):  # fewer than two players
                hand = _deal_maybe_straddled(table, rng)
        if not hand.is_over:
            start = sum(table.stacks)
            added = _change_seats(table, rng, hand.seats)
            _play(hand, rng)
            assert sum(table.stacks) + hand.result.rake == start + added
        _check_round_trip(hand, scale)


# ------------------------------------------------------------------ the fields

HAND = """
variant = "PO"
antes = [0, 0, 0, 0]
blinds_or_straddles = [0.5, 1, 0, 0]
min_bet = 1
starting_stacks = [100, 100, 100, 100]
actions = ["p3 cc", "p4 f", "p1 f", "p2 cc", "p3 f"]
_posted_blinds = [0, 0, 1, 0]
_dead_blinds = [0, 0, 0.5, 0]
"""


def test_posts_out_of_position_are_read_and_replayed() -> None:
    # p3 posts a live 1 and a dead 0.5 under the gun: it checks its option
    # ("cc"), p2 (the big blind) checks, p3 folds on the flop... the pot is
    # 0.5 + 1 + 1 + 0.5 = 3 and p2 wins it.
    history = phh.loads(HAND.replace('"p3 f"]', '"d db 2c3d4h", "p2 cbr 2", "p3 f"]'))
    assert history.posts == {2: (10, 5)} and history.scale == 10
    result = phh.replay(history).hand.result
    assert result.stacks == (995, 1020, 985, 1000)


def test_bad_real_table_fields_are_errors_naming_them() -> None:
    base = phh.loads(HAND)
    with pytest.raises(PHHError, match="_dead_blinds has 3 entries for 4 players"):
        base.with_fields(_dead_blinds=[0, 0, 1])
    with pytest.raises(PHHError, match=r"_pots\[0\] must be a table of amount"):
        base.with_fields(_pots=[{"won": {"p1": 1}}])
    with pytest.raises(PHHError, match=r"_pots\[0\]: won must be a table of p1..p4"):
        base.with_fields(_pots=[{"amount": 1, "won": {"p9": 1}}])
    with pytest.raises(PHHError, match=r"_pots\[0\]: run must be 1 or more"):
        base.with_fields(_pots=[{"amount": 1, "run": 0}])
    with pytest.raises(PHHError, match="_run_boards must be a list of card texts"):
        base.with_fields(_run_boards="2c3d")
    with pytest.raises(PHHError, match=r"_run_boards\[0\]: .*'Xx'"):
        _ = base.with_fields(_run_boards=["2cXx"]).run_boards
    with pytest.raises(PHHError, match=r"_rake must not be negative"):
        base.with_fields(_rake=-1)


STATED = """
variant = "PO/8"
antes = [0, 0]
blinds_or_straddles = [0.05, 0.1]
min_bet = 0.1
starting_stacks = [15.27, 9.9]
actions = [
  "d dh p1 6sJh2d9d", "d dh p2 4s2s8d3d",
  "p2 cc", "p1 cc", "d db Kd2c9h", "p1 cc", "p2 cc", "d db 6c", "p1 cbr 0.15", "p2 cc",
  "d db 8s", "p1 cbr 0.15", "p2 cc", "p1 sm 6sJh2d9d", "p2 sm 4s2s8d3d",
]
players = ["Player2", "Player1"]
winnings = [0.39, 0.38]
_rake = 0.03
_total_pot = 0.8
"""


def test_a_stated_result_that_agrees_is_checked() -> None:
    # The PokerStars hand of tests/data/hh: $0.80, raked $0.03; the high half
    # of the $0.77 left, with the odd cent, to Player2, the low to Player1.
    r = phh.replay(phh.loads(STATED))
    # Each put in 0.05 + 0.05... 0.10, 0.15 and 0.15: 0.40; 15.27 - 0.40 + 0.39
    # and 9.90 - 0.40 + 0.38.
    assert r.hand.result.rake == 3 and r.finishing_stacks == (1526, 988)


def test_a_stated_result_that_differs_names_the_hand_the_player_and_both_amounts() -> None:
    wrong = phh.loads(STATED).with_fields(winnings=[D("0.38"), D("0.39")])
    with pytest.raises(StatedResultError) as info:
        phh.replay(wrong)
    assert info.value.differences == (
        "p1 'Player2': the file says 0.38 won, the replay gives 0.39",
        "p2 'Player1': the file says 0.39 won, the replay gives 0.38",
    )
    assert info.value.players == (0, 1)
    assert str(info.value).startswith("<phh>: the replay differs from the file: p1 'Player2'")
    # A rake of 0.04 is taken as stated: the 0.76 left splits 0.38 / 0.38.
    raked = phh.loads(STATED).with_fields(_rake=D("0.04"), _total_pot=D("0.81"))
    with pytest.raises(StatedResultError) as info:
        phh.replay(raked)
    assert info.value.differences == (
        "p1 'Player2': the file says 0.39 won, the replay gives 0.38",
        "the total pot: the file says 0.81, the replay makes 0.8",
    )
    pots = [
        {"pot": 1, "amount": D("0.77"), "won": {"p1": D("0.39"), "p2": D("0.38")}},
        {"pot": 2, "amount": D("0.01"), "won": {"p1": D("0.01")}},
    ]
    with pytest.raises(StatedResultError) as info:
        phh.replay(phh.loads(STATED).with_fields(_pots=pots))
    assert info.value.differences == (
        "side pot 1: the file says 0.01, the replay makes no such pot",
    )
    assert info.value.players == ()


@pytest.mark.parametrize("game", ["hi", "hilo"])
def test_a_hand_of_amounts_all_in_tens_keeps_its_chip_through_phh(game: GameName) -> None:
    # Found by the property test above: blinds 10/20, stacks of 330 and a
    # scoop of both runs, written at scale 100, are all multiples of 0.1,
    # so a reader took 10 chips for the smallest chip and split the pot of
    # 990 into runs of 500 and 490 instead of 495 and 495 (as it would the
    # halves and odd chips of a split pot). The file now states the chip.
    table = Table([330, 330, 330], NoLimit(10, 20), button=2, game=game)
    hand = table.deal(hole_cards=["AsAh2c3c", "JsJh4s4h", "8s8h7d7c"])
    hand.all_in()
    hand.call()
    hand.call()
    hand.run_it(2)
    for seat in (0, 1, 2):
        hand.show(seat=seat)
    for cards in ("KcQd9h", "5s", "2d", "KhQc9d", "6s", "3h"):  # no low: seat 0's aces
        hand.deal_board(cards)
    assert hand.is_over and hand.result.stacks == (990, 0, 0)
    (pot,) = hand.result.pots
    assert [run.amount for run in pot.runs] == [495, 495]
    saved = phh.HandHistory.from_hand(hand, scale=100)
    assert saved.fields["_chip"] == D("0.01") and saved.scale == 100
    loaded = phh.loads(saved.dumps())
    (theirs,) = phh.replay(loaded).hand.result.pots
    assert [run.amount for run in theirs.runs] == [495, 495]
    # Whole chips at scale 1 need no such field (one unit is the chip), nor
    # a file whose amounts already show the chip.
    assert "_chip" not in phh.HandHistory.from_hand(hand, scale=1).fields
    table = Table([335, 330, 330], NoLimit(10, 20), button=2, game=game)
    hand = table.deal(hole_cards=["AsAh2c3c", "JsJh4s4h", "8s8h7d7c"])
    hand.fold()
    hand.fold()
    assert "_chip" not in phh.HandHistory.from_hand(hand, scale=100).fields
