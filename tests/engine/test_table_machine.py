"""A Hypothesis state machine playing random legal and illegal actions.

Over all three structures, both games, 4- to 6-card Omaha, 2-10 players and
stacks from one chip up, dealt from a seed, a given deck, or given cards
(replay, some unknown) it checks at every step that chips are conserved,
that nothing but :class:`IllegalActionError` is raised, that a rejected
action changes nothing (a full snapshot of the state before and after), and
that every hand ends. Each finished hand goes through
:func:`table_play.check_finished_hand`, where more checks plug in.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
)

from omaha import Call, Check, IllegalActionError, phh
from omaha.betting import RAISE_OVER_ALL_IN
from omaha.cards import format_cards
from omaha.hand import Hand
from omaha.seating import SeatState
from omaha.table import Table
from table_play import STRUCTURES, random_action, snapshot

MAX_ACTIONS_PER_HAND = 500


def check_finished_hand(hand: Hand) -> None:
    """Checks every finished hand must pass (more may be added here)."""
    result = hand.result
    assert sum(result.stacks) == sum(result.starting_stacks)
    assert all(result.stacks[s] == hand.table.stacks[s] for s in hand.seats)
    paid = sum(sum(p.payouts.values()) for p in result.pots)
    assert paid == sum(p.amount for p in result.pots)
    for pot in result.pots:
        assert set(pot.payouts) <= set(pot.eligible)
    if result.uncalled is not None:
        assert result.uncalled[1] > 0
    # Every finished hand round-trips through PHH: saved, loaded back and
    # replayed, it gives the same actions and finishing stacks (replay
    # checks the recorded finishing_stacks).
    saved = phh.HandHistory.from_hand(hand)
    loaded = phh.loads(saved.dumps())
    assert loaded == saved
    assert phh.replay(loaded).complete


class TableMachine(RuleBasedStateMachine):
    """Random tables and hands, one action per step."""

    def __init__(self) -> None:
        super().__init__()
        self.table: Table
        self.hand: Hand
        self.total = 0
        self.rng = random.Random(0)
        self.deck: list[int] = []
        self.mode = "seed"
        self.hands = 0
        self.true_holes: list[tuple[int, ...]] = []
        self.options: dict[str, Any] = {}
        self.checked = False

    # ------------------------------------------------------------- setup

    @initialize(
        hole_count=st.sampled_from((4, 4, 5, 6)),
        data=st.data(),
    )
    def setup(self, hole_count: int, data: st.DataObject) -> None:
        most = {4: 10, 5: 8, 6: 7}[hole_count]
        n = data.draw(st.integers(2, most), label="seats")
        stacks = data.draw(
            st.lists(st.one_of(st.integers(1, 12), st.integers(13, 3000)), min_size=n, max_size=n),
            label="stacks",
        )
        structure = data.draw(st.sampled_from(STRUCTURES), label="structure")
        game = data.draw(st.sampled_from(("hi", "hilo")), label="game")
        button = data.draw(st.integers(0, n - 1), label="button")
        self.rng = random.Random(data.draw(st.integers(0, 2**32 - 1), label="rng"))
        self.options = {
            "raise_over_all_in": data.draw(st.sampled_from(RAISE_OVER_ALL_IN), label="raise rule"),
        }
        self.table = Table(
            stacks,
            structure,
            button=button,
            game=game,  # type: ignore[arg-type]
            hole_count=hole_count,
            **self.options,
        )
        self.total = sum(stacks)
        self.new_hand()

    def new_hand(self) -> None:
        rng = self.rng
        if sum(1 for s in self.table.stacks if s > 0) < 2:
            # Everyone else busted: sit the chips down again at a new table.
            stacks = [rng.randint(1, 200) for _ in range(self.table.seats)]
            self.table = Table(
                stacks,
                self.table.structure,
                button=0,
                game=self.table.game,
                hole_count=self.table.hole_count,
                **self.options,
            )
            self.total = sum(stacks)
        table = self.table
        try:  # who the next hand deals in (the seats' plan is pure until the hand ends)
            dealt = set(table._seating.layout(table.stacks, table.structure).order)
        except ValueError:  # players sitting out or waiting: bring them back
            for seat in range(table.seats):
                if table.seat_info(seat).state is not SeatState.EMPTY and table.stacks[seat]:
                    table.sit_in(seat)
            dealt = set(table._seating.layout(table.stacks, table.structure).order)
        self.mode = rng.choice(("seed", "deck", "replay", "replay-board"))
        self.deck = list(range(52))
        rng.shuffle(self.deck)
        if self.mode == "seed":
            seed = rng.randrange(2**32)
            try:  # now and then a straddle (a refused one changes nothing: §5.1, §7)
                straddle = {rng.randrange(self.table.seats): rng.choice((5, 30, 300))}
                before = self.table.stacks
                self.hand = self.table.deal(seed=seed, straddles=straddle)
            except ValueError:
                assert self.table.stacks == before
                self.hand = self.table.deal(seed=seed)
        elif self.mode == "deck":
            self.hand = self.table.deal(deck=format_cards(self.deck))
        else:
            holes: list[tuple[int, ...] | None] = []
            h = self.table.hole_count
            self.true_holes = []
            for seat in range(self.table.seats):
                cards = tuple(self.deck[seat * h : (seat + 1) * h])
                self.true_holes.append(cards)
                holes.append(cards if seat in dealt and rng.random() < 0.8 else None)
            self.deck = self.deck[self.table.seats * h :]
            board = None
            if self.mode == "replay-board":
                board = self.deck[: rng.choice((0, 3, 4, 5))] or None
            self.hand = self.table.deal(hole_cards=holes, board=board)
            if board:
                self.deck = self.deck[len(board) :]
        self.hands += 1
        self.actions_this_hand = 0
        self.checked = False

    # ------------------------------------------------------------- rules

    @rule()
    def legal_action(self) -> None:
        hand = self.hand
        if hand.is_over:
            self.check_over()
            event(f"hand over at {(hand.result.show_order and 'showdown') or 'a fold'}")
            self.new_hand()
            return
        self.actions_this_hand += 1
        assert self.actions_this_hand <= MAX_ACTIONS_PER_HAND, "the hand does not end"
        if hand.awaiting is not None and (hand.to_act is None or self.rng.random() < 0.5):
            n = {"flop": 3, "turn": 1, "river": 1}[hand.awaiting]
            cards, self.deck = self.deck[:n], self.deck[n:]
            hand.deal_board(cards)
            return
        assert hand.to_act is not None
        seat = hand.to_act
        if hand.street == "showdown" and hand.hole_cards[seat] is None:
            if self.rng.random() < 0.7 or not hand.legal_actions().can_muck:
                hand.show(self.true_holes[seat])
            else:
                hand.muck()
            return
        to_call = hand.to_call
        random_action(hand, self.rng)
        last = hand.actions[-1]
        if isinstance(last, Call):  # what the call added is what to_call said
            assert to_call == last.amount > 0
        elif isinstance(last, Check):
            assert to_call == 0

    @rule(kind=st.integers(0, 13), data=st.data())
    def illegal_action(self, kind: int, data: st.DataObject) -> None:
        hand = self.hand
        before = snapshot(hand)
        seat = hand.to_act
        attempt = None
        try:
            legal = hand.legal_actions() if seat is not None else None
        except IllegalActionError:
            legal = None
        if kind == 0:
            others = [s for s in range(self.table.seats) if s != seat]
            wrong = data.draw(st.sampled_from(others), label="wrong seat")
            attempt = lambda: hand.call(seat=wrong)  # noqa: E731
        elif kind == 1 and legal is not None and legal.min_raise_to is not None:
            low = legal.min_raise_to - 1
            attempt = lambda: hand.raise_to(low)  # noqa: E731
        elif kind == 2 and legal is not None and legal.max_raise_to is not None:
            high = legal.max_raise_to + 1
            attempt = lambda: hand.raise_to(high)  # noqa: E731
        elif kind == 3 and legal is not None and legal.min_raise_to is None and not legal.can_show:
            attempt = lambda: hand.raise_to(10**9)  # noqa: E731
        elif kind == 4 and legal is not None and not legal.can_check and not legal.can_show:
            attempt = hand.check
        elif kind == 5 and hand.street != "showdown":
            attempt = hand.muck
        elif kind == 6 and hand.awaiting is None:
            attempt = lambda: hand.deal_board(self.deck[:3])  # noqa: E731
        elif kind == 7 and hand.street == "showdown":
            attempt = hand.fold
        elif kind == 8 and legal is not None and not legal.can_show:
            attempt = lambda: hand.raise_to(2.5)  # type: ignore[arg-type]  # noqa: E731
        elif kind == 9 and seat is None:
            attempt = hand.call
        elif kind == 10 and hand.street == "showdown" and seat is not None:
            known = hand.hole_cards[seat]
            if known is not None:
                other = [c for c in range(52) if c not in known][: self.table.hole_count]
                attempt = lambda: hand.show(other)  # noqa: E731
        elif kind == 11 and legal is not None and legal.can_show and len(hand.board) == 5:
            later = [s for s in hand.showdown_order[1:] if s != seat]
            if later:
                attempt = lambda: hand.show(seat=later[-1])  # noqa: E731
        elif kind == 12 and hand.is_over:
            attempt = hand.fold
        elif kind == 13 and legal is not None and legal.can_show and not legal.can_muck:
            attempt = hand.muck  # an all-in showdown: every live hand is shown (§5.9)
        if attempt is None:
            return
        event(f"illegal action {kind}")
        with pytest.raises(IllegalActionError):
            attempt()
        assert snapshot(hand) == before

    def check_over(self) -> None:
        """Check a finished hand once, before the seats change after it."""
        if self.hand.is_over and not self.checked:
            check_finished_hand(self.hand)
            self.checked = True

    @rule(kind=st.integers(0, 4), seat=st.integers(0, 9), chips=st.integers(-2, 500))
    def seat_change(self, kind: int, seat: int, chips: int) -> None:
        """Players come and go at any time; a refused change leaves the table as it was."""
        self.check_over()
        table = self.table
        before = (
            table.stacks,
            table.button,
            [table.seat_info(s) for s in range(table.seats)],
            snapshot(self.hand),
        )
        try:
            if kind == 0:
                table.join(seat, chips, post=chips % 2 == 0)
                self.total += chips
            elif kind == 1:
                self.total -= table.leave(seat)
            elif kind == 2:
                table.rebuy(seat, chips, post=chips % 2 == 0)
                self.total += chips
            elif kind == 3:
                table.sit_out(seat)
            else:
                table.sit_in(seat, post=chips % 2 == 0)
        except ValueError:
            after = (
                table.stacks,
                table.button,
                [table.seat_info(s) for s in range(table.seats)],
                snapshot(self.hand),
            )
            assert after == before
            return
        event(f"seat change {kind}")

    # ---------------------------------------------------------- invariants

    @invariant()
    def chips_are_conserved(self) -> None:
        # The seats not in the hand may change while it is played: the
        # hand's own chips, plus those seats at the table, are the total.
        hand = self.hand
        if hand.is_over:
            assert sum(self.table.stacks) == self.total
        dealt = set(hand.seats)
        others = sum(c for s, c in enumerate(self.table.stacks) if s not in dealt)
        mine = sum(c for s, c in enumerate(hand.stacks) if s in dealt) + hand.pot
        assert (others + mine if not hand.is_over else sum(self.table.stacks)) == self.total
        assert all(s >= 0 for s in self.hand.stacks)

    @invariant()
    def to_call_is_the_legal_call(self) -> None:
        hand = self.hand
        if hand.to_act is None or hand.street == "showdown":
            assert hand.to_call is None
        else:
            legal = hand.legal_actions()
            assert hand.to_call == legal.to_call
            assert (hand.to_call == 0) == legal.can_check
            stack = hand.stacks[hand.to_act]
            assert 0 <= hand.to_call <= stack

    @invariant()
    def someone_acts_or_the_board_is_awaited(self) -> None:
        hand = self.hand
        if not hand.is_over:
            assert hand.to_act is not None or hand.awaiting is not None


TableMachine.TestCase.settings = settings(
    max_examples=200,
    stateful_step_count=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_table_machine = TableMachine.TestCase


def test_random_hands_end_and_conserve_chips() -> None:
    """Many seeded random tables played hand after hand (a cheap complement)."""
    from table_play import play_random_hand, random_table

    rng = random.Random(2024)
    for _ in range(300):
        table = random_table(rng)
        total = sum(table.stacks)
        for _ in range(5):
            if sum(1 for s in table.stacks if s > 0) < 2:
                break
            hand = play_random_hand(table, rng)
            check_finished_hand(hand)
            assert sum(table.stacks) == total
