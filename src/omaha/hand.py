"""One hand of Omaha as a state machine: :class:`Hand` (docs/rules.md §5, §6).

:meth:`omaha.Table.deal` starts a :class:`Hand`, which posts the forced
bets (:func:`forced_bet_plan`), deals (the table gives the cards: a seeded
shuffle, a given deck, or given cards when replaying) and then takes one
action at a time from the player to act, checking each against the rules of
docs/rules.md §5 and §6. The actions are methods (:meth:`Hand.fold`,
:meth:`Hand.raise_to`, ...) and, for replays, the frozen records of
:mod:`omaha.betting` given to :meth:`Hand.apply`. When the hand ends, its
:attr:`Hand.result` tells how every pot was won (:mod:`omaha.result`),
and the table's stacks and button move on (§5.10).

The hand's chips have one owner, its :class:`~omaha.ledger.Ledger`; its
street is a :class:`~omaha.streets.Street`; who may raise and to what, its
:class:`~omaha.betting.BettingRound`; the order of the showdown and the
result, :mod:`omaha.result`. Whose turn it is, who has folded and which
cards are out are the state machine here.

Seats are indices into the table's stacks. Positions count clockwise from the
button: position 0 is the first seat left of the button, and the button is
the last position (PHH's p1 .. pN).

Examples
--------
>>> from omaha import PotLimit, Table
>>> hand = Table([200, 200, 200], PotLimit(1, 2), button=0).deal(seed=7)
>>> hand.to_act, hand.legal_actions().max_raise_to   # the button, first to act
(0, 7)
>>> hand.raise_to(7); hand.fold(); hand.call()
>>> hand.street, hand.pot
('flop', 15)
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol

from omaha.betting import (
    Action,
    BettingRound,
    Call,
    Check,
    DealBoard,
    DealHole,
    Fold,
    LegalActions,
    Muck,
    PostAnte,
    PostBigBlindAnte,
    PostBlind,
    PostDead,
    RaiseOverAllIn,
    RaiseTo,
    RunIt,
    Show,
    raise_answerers,
    structure_kind,
)
from omaha.cards import Cards, as_cards, format_card, format_cards, require_distinct
from omaha.errors import (
    ArgumentError,
    DuplicateCardError,
    IllegalActionError,
    InvalidCardError,
    quote,
)
from omaha.games import Game
from omaha.ledger import Ledger, PutIn
from omaha.pots import OddChips, Pot
from omaha.result import HandResult, Showdown, award, showdown_order
from omaha.seating import HeadsUpOrder, Layout, big_blind_index
from omaha.streets import (
    OVER,
    PREFLOP,
    RIVER,
    SHOWDOWN,
    STREET_NAMES,
    Street,
    StreetName,
    after_board,
)
from omaha.structures import BettingStructure, FixedLimit, StructureKind

__all__ = ["Hand", "Post", "RakePolicy", "STREETS", "TableView", "forced_bet_plan"]

RakePolicy = Callable[["Hand", tuple[Pot, ...]], Sequence[Pot]]
"""``rake(hand, pots) -> pots``: the pots less the rake, taken before the award (§4.9)."""

STREETS: tuple[StreetName, ...] = STREET_NAMES
"""The values of :attr:`Hand.street`, in order."""


class TableView(Protocol):
    """What a hand reads of the table it is played at (an :class:`omaha.Table`)."""

    structure: BettingStructure
    game: Game
    chip: int
    rake: RakePolicy | None
    all_in_muck: bool
    raise_over_all_in: RaiseOverAllIn
    odd_chips: OddChips

    @property
    def heads_up_order(self) -> HeadsUpOrder:
        """``"button_small_blind"`` or ``"ring"`` (docs/rules.md §5.4)."""

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips of each seat between hands."""

    @property
    def hole_count(self) -> int:
        """Hole cards per player."""

    @property
    def seats(self) -> int:
        """Number of seats."""


_FORCED = {
    PostBlind: PutIn.BET,
    PostAnte: PutIn.ANTE,
    PostDead: PutIn.DEAD,
    PostBigBlindAnte: PutIn.DEAD,
}
"""How each forced bet goes in (docs/rules.md §5.2, §8.3): a blind is a bet, an
ante follows the side-pot rule, a dead blind and a big-blind ante go whole
into the main pot (dead money, nobody's contribution)."""


Post = PostAnte | PostBlind | PostDead | PostBigBlindAnte
"""A forced bet, as posted when a hand is dealt."""


def forced_bet_plan(
    structure: BettingStructure,
    order: tuple[int, ...],
    blinds: Sequence[int] | None = None,
    posts: Sequence[tuple[int, int, int]] = (),
) -> tuple[Post, ...]:
    """Return a hand's forced bets as data, in posting order, at their full amounts.

    Antes first, then blinds and straddles by position, then the blinds
    posted out of position (live, then dead: docs/rules.md §8.3), then the
    big-blind ante (§5.1-§5.3). Heads-up the two positions' blinds and
    antes are swapped (PHH). A player short of an amount posts all they
    have when the hand applies the plan.

    Parameters
    ----------
    structure : FixedLimit, PotLimit, NoLimit or PotLimitPreflop
    order : tuple of int
        The seats dealt in, by position (first left of the button; the
        button last).
    blinds : sequence of int, optional
        The blind each position posts; default the structure's
        (:meth:`~omaha.structures.Structure.forced_bets`).
    posts : sequence of (int, int, int), default ()
        ``(seat, live, dead)`` forced bets out of position.

    Examples
    --------
    >>> from omaha.structures import NoLimit
    >>> forced_bet_plan(NoLimit(1, 2, big_blind_ante=2), (4, 0, 2))
    (PostBlind(seat=4, amount=1), PostBlind(seat=0, amount=2), PostBigBlindAnte(seat=0, amount=2))
    >>> forced_bet_plan(NoLimit(1, 2), (0, 1, 2, 3), posts=[(3, 2, 1)])[2:]
    (PostBlind(seat=3, amount=2), PostDead(seat=3, amount=1))
    """
    k = len(order)
    forced = structure.forced_bets(k) if blinds is None else tuple(blinds)
    plan: list[Post] = [
        PostAnte(order[pos], a) for pos, a in enumerate(structure.antes_by_position(k)) if a
    ]
    plan.extend(PostBlind(order[pos], b) for pos, b in enumerate(forced) if b)
    for seat, live, dead in posts:
        if live:
            plan.append(PostBlind(seat, live))
        if dead:
            plan.append(PostDead(seat, dead))
    if structure.big_blind_ante:
        plan.append(PostBigBlindAnte(order[big_blind_index(forced)], structure.big_blind_ante))
    return tuple(plan)


class Hand:
    """One hand of Omaha as a state machine (docs/rules.md §5, §6).

    Built by :meth:`Table.deal`. The player to act (:attr:`to_act`) takes
    one action at a time: :meth:`fold`, :meth:`check`, :meth:`call`,
    :meth:`raise_to`, :meth:`all_in`, and at showdown :meth:`show` or
    :meth:`muck`; a replay deals the board with :meth:`deal_board`. The
    same actions given as their frozen records go through :meth:`apply`,
    the one door for replaying a history. An illegal action raises
    :class:`~omaha.IllegalActionError` naming the rule and the legal range
    (and carrying the seat), and changes nothing.

    Every action takes an optional ``seat=``; a seat other than the one to
    act is illegal (during an all-in showdown any player still to show may
    show, in any order).
    """

    __slots__ = (
        "_actions",
        "_after",
        "_awaiting",
        "_bb_seat",
        "_blinds",
        "_board",
        "_boards",
        "_button",
        "_folded",
        "_holes",
        "_in_hand",
        "_kind",
        "_layout",
        "_ledger",
        "_on_over",
        "_pos",
        "_replay",
        "_result",
        "_round",
        "_runs",
        "_seats",
        "_shared",
        "_showdown",
        "_spare",
        "_start",
        "_street",
        "_streets",
        "_structure",
        "_table",
        "_to_act",
        "_uncalled",
        "_with_chips",
    )

    def __init__(
        self,
        table: TableView,
        layout: Layout,
        holes: list[tuple[int, ...] | None],
        streets: list[tuple[int, ...]],
        *,
        replay: bool,
        on_over: Callable[[Hand], None] | None = None,
        spare: tuple[int, ...] = (),
        house: int = 0,
    ) -> None:
        stacks = table.stacks
        n = len(stacks)
        order = layout.order
        self._table = table
        self._structure = table.structure
        self._kind = structure_kind(table.structure)
        self._on_over = on_over
        self._layout = layout
        self._seats = order
        self._button = layout.button
        self._blinds = layout.blinds
        self._pos = {s: i for i, s in enumerate(order)}
        # Seats in turn order after each seat (clockwise, the seat itself last).
        self._after = {s: order[i + 1 :] + order[: i + 1] for i, s in enumerate(order)}
        self._start = stacks
        st = table.structure
        self._ledger = Ledger(stacks, None if isinstance(st, FixedLimit) else st.hand_cap)
        self._folded = [True] * n
        for s in order:
            self._folded[s] = False
        self._in_hand = len(order)
        self._holes = holes
        self._streets = streets
        self._replay = replay
        self._board: list[int] = []
        self._boards = [self._board]
        """Every board: more than one when the hand is run more than once (§4.10)."""
        self._runs = 1
        self._shared = 0
        """Board cards dealt before the all-in showdown: shared by every board."""
        self._spare = spare
        """The deck below the cards of the first board, for later boards (a dealt hand)."""
        self._street = PREFLOP
        self._to_act: int | None = None
        self._awaiting: Street | None = None
        self._actions: list[Action] = []
        self._uncalled: tuple[int, int] | None = None
        self._showdown = Showdown()
        self._result: HandResult | None = None
        self._bb_seat = layout.big_blind_seat
        self._round = self._new_round(PREFLOP)
        if house:
            self._ledger.add_house(house)  # before the blinds: in the pot they find (§4.12)
        self._post_forced_bets()
        self._with_chips = self._count_with_chips()
        for seat in order:
            self._actions.append(DealHole(seat, holes[seat]))
        self._advance(self._seats[self._first_actor_pos() - 1])

    # ------------------------------------------------------------ forced bets

    def _post_forced_bets(self) -> None:
        """Post the hand's forced bets (docs/rules.md §5.1-§5.3).

        Each player posts what the plan asks or all they have (then they are
        all-in): blinds and straddles as bets, antes as dead money in the
        poster's contribution (side-pot rule), a big-blind ante as dead money
        whole in the main pot.
        """
        ledger = self._ledger
        plan = forced_bet_plan(self._structure, self._seats, self._blinds, self._layout.posts)
        for post in plan:
            paid = ledger.put_in(post.seat, post.amount, _FORCED[type(post)])
            self._actions.append(type(post)(post.seat, paid))

    def _count_with_chips(self) -> int:
        """Count the players still in the hand with chips behind."""
        stack, folded = self._ledger.stacks, self._folded
        return sum(1 for s in self._seats if not folded[s] and stack[s] > 0)

    def _new_round(self, street: Street) -> BettingRound:
        """Return the betting round of ``street`` (docs/rules.md §5.3, §6).

        Pre-flop the largest forced bet, at full size even when posted
        short, is the bet to match; it counts as the first bet (fixed limit)
        or as a full bet, at least the minimum bet (no limit, pot limit).
        Later streets start from nothing, with the minimum bet.
        """
        st = self._structure
        highest = max(self._blinds) if street is PREFLOP else 0
        if isinstance(st, FixedLimit):
            return BettingRound(
                self._kind, street, highest, st.bet_size(street), count=1 if highest else 0,
                cap=st.cap, heads_up_unlimited=st.heads_up_unlimited,
            )  # fmt: skip
        return BettingRound(st.street_kind(street), street, highest, max(st.min_bet, highest))

    def _first_actor_pos(self) -> int:
        """Position left of the largest forced bet (ties: the later position)."""
        forced = self._blinds
        top = max(forced)
        last = max(i for i, b in enumerate(forced) if b == top)
        return (last + 1) % len(self._seats)

    # ------------------------------------------------------------- properties

    @property
    def table(self) -> TableView:
        """The table this hand is played at."""
        return self._table

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats dealt in, by position (first left of the button; the button last)."""
        return self._seats

    @property
    def button(self) -> int:
        """The seat of the button in this hand."""
        return self._button

    @property
    def big_blind_seat(self) -> int:
        """The seat that posted the big blind (or the single blind)."""
        return self._bb_seat

    @property
    def layout(self) -> Layout:
        """Who plays, the button and the forced bets (docs/rules.md §5.10, §8)."""
        return self._layout

    @property
    def blinds(self) -> tuple[int, ...]:
        """The blind (or straddle) each position posts, at full size (position 0 first)."""
        return self._blinds

    @property
    def posts(self) -> tuple[tuple[int, int, int], ...]:
        """Forced bets out of position, ``(seat, live, dead)`` (docs/rules.md §8.3)."""
        return self._layout.posts

    @property
    def street(self) -> StreetName:
        """``"preflop"``, ``"flop"``, ``"turn"``, ``"river"``, ``"showdown"`` or ``"over"``."""
        return STREET_NAMES[self._street]

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is, or None (waiting for the board, or over)."""
        return self._to_act

    @property
    def to_call(self) -> int | None:
        """The chips the player to act adds by calling, or None with no betting turn.

        At most their stack (a call all-in for less); 0 when a check is free.
        None while waiting for the board, at the showdown and once the hand
        is over. The same figure as :meth:`legal_actions`' ``to_call``,
        without the raise bounds.

        Examples
        --------
        >>> from omaha import NoLimit, Table
        >>> hand = Table([100, 100, 100], NoLimit(1, 2), button=2).deal(seed=1)
        >>> hand.to_act, hand.to_call
        (2, 2)
        >>> hand.raise_to(90); hand.to_call  # the small blind owes 89
        89
        """
        seat = self._to_act
        if seat is None or self._street is SHOWDOWN:
            return None
        return self._call_adds(seat)

    @property
    def awaiting(self) -> StreetName | None:
        """``"flop"``, ``"turn"`` or ``"river"`` when waiting for :meth:`deal_board`."""
        return None if self._awaiting is None else self._awaiting.label

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended (then :attr:`result` is available)."""
        return self._street is OVER

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips behind of each seat (the table's seats; final stacks once over)."""
        return tuple(self._ledger.at_table)

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        """Chips of each seat when the hand started."""
        return self._start

    @property
    def bets(self) -> tuple[int, ...]:
        """Each seat's bet on the current street (blinds and straddles included)."""
        return tuple(self._ledger.bets)

    @property
    def contributions(self) -> tuple[int, ...]:
        """Chips each seat has put in during the hand (antes included)."""
        return tuple(self._ledger.contributions)

    @property
    def pot(self) -> int:
        """Every chip in the middle: earlier streets, antes, dead money and this street's bets."""
        if self._street is OVER:
            return 0
        return self._ledger.pot

    @property
    def house(self) -> int:
        """The chips the house added to the main pot at the deal (docs/rules.md §4.12)."""
        return self._ledger.house

    @property
    def folded(self) -> tuple[int, ...]:
        """The seats dealt in that have folded."""
        return tuple(s for s in self._seats if self._folded[s])

    @property
    def board(self) -> tuple[int, ...]:
        """The board cards dealt so far (the first board, when the hand is run more than once)."""
        return tuple(self._boards[0])

    @property
    def boards(self) -> tuple[tuple[int, ...], ...]:
        """Every board dealt so far: one, or one per run (docs/rules.md §4.10)."""
        return tuple(tuple(b) for b in self._boards)

    @property
    def runs(self) -> int:
        """How many times the board is run: 1, or what :meth:`run_it` agreed."""
        return self._runs

    @property
    def hole_cards(self) -> tuple[tuple[int, ...] | None, ...]:
        """Each seat's hole cards (None when unknown or not dealt in)."""
        return tuple(self._holes)

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action so far, forced bets and deals included."""
        return tuple(self._actions)

    @property
    def uncalled(self) -> tuple[int, int] | None:
        """``(seat, chips)`` of the uncalled bet returned so far, or None (docs/rules.md §4.6).

        It goes back at the end of the last betting round: once it has, nobody
        bets again in the hand.
        """
        return self._uncalled

    @property
    def showdown_order(self) -> tuple[int, ...]:
        """Who must show or muck, in order (docs/rules.md §5.9); empty before showdown."""
        return self._showdown.order

    @property
    def result(self) -> HandResult:
        """The outcome, once the hand is over.

        Raises
        ------
        ValueError
            If the hand is not over.
        """
        if self._result is None:
            raise ArgumentError(f"the hand is not over ({self._where().message()})")
        return self._result

    def _where(self, rule: str = "{where}", seat: int | None = None) -> IllegalActionError:
        """Return an error whose ``{where}`` says where the hand stands (naming the actor)."""
        if self._street is OVER:
            where = "the hand is over"
        elif self._to_act is not None:
            where = f"{self._street.label}, {{to_act}} to act"
        else:
            assert self._awaiting is not None
            where = f"{self._street.label}, waiting for the {self._awaiting.label}"
        seats = {} if self._to_act is None else {"to_act": self._to_act}
        if seat is not None:
            seats["seat"] = seat
        return IllegalActionError(rule.replace("{where}", where), seat=seat, seats=seats)

    def __repr__(self) -> str:
        return f"<Hand {self._where().message()}; stacks {self._ledger.at_table}, pot {self.pot}>"

    # ---------------------------------------------------------- legal actions

    def _others_can_call(self, seat: int) -> int:
        """Other players still in the hand who could answer a raise (the table's rule, §5.8)."""
        ledger = self._ledger
        return raise_answerers(
            self._table.raise_over_all_in,
            seat,
            self._seats,
            self._folded,
            ledger.stacks,
            ledger.bets,
            self._round.highest,
        )

    def legal_actions(self) -> LegalActions:
        """Return what the player to act may do.

        Raises
        ------
        IllegalActionError
            If no player is to act (waiting for the board, or the hand is over).
        """
        seat = self._to_act
        if seat is None:
            raise self._where("no player is to act ({where})")
        if self._street is SHOWDOWN:
            muck = not self._showdown.face_up
            return LegalActions(seat, 0, False, False, None, None, "showdown", True, can_muck=muck)
        ledger = self._ledger
        bet, stack = ledger.bets[seat], ledger.stacks[seat]
        rnd = self._round
        lo, hi, why = rnd.raise_bounds(
            bet, stack, seat in rnd.acted, ledger.pot, self._in_hand, self._others_can_call(seat)
        )
        to_call = self._call_adds(seat)
        return LegalActions(seat, to_call, rnd.highest <= bet, True, lo, hi, why)

    def _call_adds(self, seat: int) -> int:
        """Return the chips a call by ``seat`` adds: what it owes, at most its stack (§6)."""
        ledger = self._ledger
        owed = self._round.highest - ledger.bets[seat]
        if owed <= 0:
            return 0
        stack = ledger.stacks[seat]
        return owed if owed < stack else stack

    # ------------------------------------------------------------- actions

    def apply(self, action: Action) -> None:
        """Take one action given as its record: the one door for replaying a history.

        Replays (PHH, site histories) turn each action of the history into
        the record the hand itself keeps in :attr:`actions` and apply it
        here, so every action is checked against the same rules as a played
        one.

        Parameters
        ----------
        action : Action
            ``Fold(seat)``, ``Check(seat)``, ``Call(seat, amount)``,
            ``RaiseTo(seat, amount)``, ``Show(seat, cards)``, ``Muck(seat)``,
            ``DealBoard(cards, run)`` or ``RunIt(times)``. A call's ``amount`` must be the chips
            the call adds (at most the stack); a call with nothing to call
            is recorded as a check. Forced bets and hole cards are posted
            and dealt by :meth:`Table.deal`, not applied.

        Raises
        ------
        IllegalActionError
            As the action's method (:meth:`fold`, :meth:`call`, ...), a call
            of another amount, a forced bet or a hole-card deal, or a value
            that is no action; the hand is left as it was.
        InvalidCardError
            Malformed or duplicate cards in a show or a board deal.

        Examples
        --------
        >>> from omaha import Call, NoLimit, RaiseTo, Table
        >>> hand = Table([100, 100, 100], NoLimit(1, 2), button=2).deal(seed=1)
        >>> hand.apply(RaiseTo(2, 6)); hand.apply(Call(0, 5))
        >>> hand.apply(Call(1, 3))
        Traceback (most recent call last):
        ...
        omaha.errors.IllegalActionError: call of 3: a call by seat 1 adds 4
        """
        if isinstance(action, Fold):
            self.fold(action.seat)
        elif isinstance(action, Check):
            self.check(action.seat)
        elif isinstance(action, Call):
            self._check_call(action)
            self.call(action.seat)
        elif isinstance(action, RaiseTo):
            self.raise_to(action.amount, action.seat)
        elif isinstance(action, Show):
            self.show(action.cards, action.seat)
        elif isinstance(action, Muck):
            self.muck(action.seat)
        elif isinstance(action, DealBoard):
            if action.run != self._run_index():
                raise IllegalActionError(
                    f"cannot apply {quote(action)}: the next board cards go to board "
                    f"{self._run_index()}"
                )
            self.deal_board(action.cards)
        elif isinstance(action, RunIt):
            self.run_it(action.times)
        elif isinstance(action, PostAnte | PostBlind | PostDead | PostBigBlindAnte | DealHole):
            raise IllegalActionError(
                f"cannot apply {quote(action)}: forced bets are posted and hole cards "
                "dealt when the table deals the hand",
                seat=action.seat,
            )
        else:
            raise IllegalActionError(f"cannot apply {quote(action)}: it is not an action")

    def _check_seat(self, seat: object, what: str) -> int:
        """Return ``seat`` as a seat index; True, 1.0 or 99 is no seat."""
        if isinstance(seat, bool) or not hasattr(seat, "__index__"):
            raise IllegalActionError(f"cannot {what}: seat must be a seat index, got {quote(seat)}")
        index = operator.index(seat)
        n = len(self._folded)
        if not 0 <= index < n:
            raise IllegalActionError(
                f"cannot {what}: seat must be a seat index (0..{n - 1}), got {quote(index)}"
            )
        return index

    def _turn(self, seat: int | None, what: str) -> int:
        """Return the seat to act in a betting round, or raise."""
        if seat is not None:
            seat = self._check_seat(seat, what)
        actor = self._to_act
        if actor is None or self._street >= SHOWDOWN:
            raise self._where(f"cannot {what}: no betting turn ({{where}})", seat)
        if seat is not None and seat != actor:
            raise IllegalActionError(
                f"cannot {what}: {{seat}} acted out of turn; {{to_act}} is to act",
                seat=seat,
                seats={"seat": seat, "to_act": actor},
            )
        return actor

    def fold(self, seat: int | None = None) -> None:
        """Fold (allowed even when a check is free, docs/rules.md §5.8).

        Raises
        ------
        IllegalActionError
            Out of turn, or not a betting turn.
        """
        s = self._turn(seat, "fold")
        self._folded[s] = True
        self._in_hand -= 1
        self._with_chips -= 1  # whoever acts has chips behind
        self._round.acted.add(s)
        self._actions.append(Fold(s))
        self._advance(s)

    def check(self, seat: int | None = None) -> None:
        """Check.

        Raises
        ------
        IllegalActionError
            Facing a bet (the message gives the call), or out of turn.
        """
        s = self._turn(seat, "check")
        adds = self._call_adds(s)
        if adds > 0:
            raise IllegalActionError(
                f"cannot check facing a bet of {quote(self._round.highest)}: "
                f"call {quote(adds)} or fold",
                seat=s,
            )
        self._round.acted.add(s)
        self._actions.append(Check(s))
        self._advance(s)

    def call(self, seat: int | None = None) -> None:
        """Call the highest bet, or all-in for less; with nothing to call this is a check.

        Raises
        ------
        IllegalActionError
            Out of turn, or not a betting turn.
        """
        s = self._turn(seat, "call")
        ledger = self._ledger
        rnd = self._round
        owed = rnd.highest - ledger.bets[s]
        rnd.acted.add(s)
        if owed <= 0:
            self._actions.append(Check(s))
        else:
            self._actions.append(Call(s, ledger.put_in(s, owed)))
            if not ledger.stacks[s]:
                self._with_chips -= 1
        self._advance(s)

    def _check_call(self, action: Call) -> None:
        """Check that a call record adds what the call adds (the chips owed, at most the stack)."""
        s = self._turn(action.seat, "call")
        adds = self._call_adds(s)
        amount = action.amount
        if isinstance(amount, bool) or not isinstance(amount, int) or amount != adds:
            raise IllegalActionError(
                f"call of {quote(amount)}: a call by {{seat}} adds {quote(adds)}",
                seat=s,
                seats={"seat": s},
            )

    def raise_to(self, amount: int, seat: int | None = None) -> None:
        """Bet or raise to ``amount``, a street total (a bet is a raise from 0).

        Raises
        ------
        IllegalActionError
            Raising is closed, or ``amount`` is outside the legal range: the
            message names the rule and the range.
        """
        s = self._turn(seat, "raise")
        if isinstance(amount, bool) or not isinstance(amount, int):
            raise IllegalActionError(
                f"raise to {quote(amount)}: the amount must be an integer", seat=s
            )
        ledger = self._ledger
        bet, stack = ledger.bets[s], ledger.stacks[s]
        rnd = self._round
        lo, hi, why = rnd.raise_bounds(
            bet, stack, s in rnd.acted, ledger.pot, self._in_hand, self._others_can_call(s)
        )
        if lo is None or hi is None:
            raise IllegalActionError(
                f"cannot raise to {quote(amount)}: raising is closed ({why})", seat=s
            )
        if amount < lo or amount > hi:
            raise IllegalActionError(self._range_message(s, amount, lo, hi, bet + stack), seat=s)
        ledger.put_in(s, amount - bet)
        if amount == bet + stack:
            self._with_chips -= 1
        rnd.acted.add(s)
        rnd.record_raise(s, amount, self._in_hand)
        self._actions.append(RaiseTo(s, amount))
        self._advance(s)

    def _range_message(self, seat: int, amount: int, lo: int, hi: int, all_in_to: int) -> str:
        text, low, high, all_in = quote(amount), quote(lo), quote(hi), quote(all_in_to)
        if self._kind is StructureKind.FIXED_LIMIT:
            return f"raise to {text} is not the fixed-limit amount: raise to exactly {low}"
        if amount > hi:
            if hi == all_in_to and amount > all_in_to:
                behind = self._ledger.behind
                if behind is not None and behind[seat]:
                    cap = quote(self._structure.hand_cap)  # type: ignore[union-attr]
                    return (
                        f"raise to {text} exceeds the cap of {cap} a player puts in this hand "
                        f"(docs/rules.md §6.4): capped, it is a raise to {all_in}"
                    )
                return f"raise to {text} exceeds the stack: all-in is a raise to {all_in}"
            return f"raise to {text} exceeds the {self._round.kind.label} maximum of {high}"
        if lo == hi == all_in_to:
            return f"raise to {text} is below the minimum: only all-in to {all_in} is possible"
        return f"raise to {text} is below the minimum raise to {low} (legal: {low} to {high})"

    def all_in(self, seat: int | None = None) -> None:
        """Put the whole stack in: a call when it does not exceed the call, else a raise.

        Raises
        ------
        IllegalActionError
            A raise that is above the maximum, off the fixed-limit amount,
            or not allowed (raising closed).
        """
        s = self._turn(seat, "go all-in")
        ledger = self._ledger
        if ledger.stacks[s] <= self._round.highest - ledger.bets[s]:
            self.call(s)
        else:
            self.raise_to(ledger.bets[s] + ledger.stacks[s], s)

    # ------------------------------------------------------------ showdown

    def _show_turn(self, seat: int | None, what: str) -> int:
        if seat is not None:
            seat = self._check_seat(seat, what)
        if self._street is not SHOWDOWN or not self._showdown.pending:
            raise self._where(f"cannot {what}: not at showdown ({{where}})", seat)
        return self._showdown.turn(seat, what, len(self._board) == 5)

    def show(self, cards: Cards | None = None, seat: int | None = None) -> None:
        """Show the hole cards at showdown (PHH ``sm cards``).

        Parameters
        ----------
        cards : cards, optional
            Required when the hole cards are unknown to the table (a
            replay); otherwise they must be the cards dealt.

        Raises
        ------
        IllegalActionError
            Not this player's turn to show, or cards different from those dealt.
        InvalidCardError
            Malformed cards, or cards already on the board or in another hand.
        """
        s = self._show_turn(seat, "show")
        known = self._holes[s]
        if cards is None:
            if known is None:
                raise IllegalActionError(
                    "{seat}'s hole cards are unknown: show them with show(cards)",
                    seat=s,
                    seats={"seat": s},
                )
            codes = known
        else:
            codes = as_cards(cards, f"the cards seat {s} shows", n=self._table.hole_count)
            if known is not None and sorted(codes) != sorted(known):
                raise IllegalActionError(
                    f"{{seat}} shows {quote(format_cards(codes))}"
                    f" but was dealt {quote(format_cards(known))}",
                    seat=s,
                    seats={"seat": s},
                )
            if known is None:
                shows = f"seat {s} shows {quote(format_cards(codes))}"
                self._require_unseen(
                    codes, f"in the cards seat {s} shows", lambda card: f"{shows}, but {card}"
                )
                self._holes[s] = codes
        self._showdown.show(s, codes)
        self._actions.append(Show(s, codes))
        self._after_show()

    def muck(self, seat: int | None = None) -> None:
        """Muck at showdown without showing (PHH ``sm`` with no cards); wins nothing.

        At an all-in showdown every live hand is turned face up
        (docs/rules.md §5.9): a muck is refused there, unless the table's
        house option ``all_in_muck`` allows it.

        Raises
        ------
        IllegalActionError
            Not this player's turn to show or muck, or an all-in showdown.
        """
        s = self._show_turn(seat, "muck")
        self._showdown.muck(s)
        self._actions.append(Muck(s))
        self._after_show()

    def _run_index(self) -> int:
        """Return the board the next cards go to: 0, or a later one when run more than once."""
        return len(self._boards) - 1

    def run_it(self, times: int) -> None:
        """Run the rest of the board ``times`` times (docs/rules.md §4.10).

        Allowed once betting is over with a player all-in and board cards
        still to come, before any of them is dealt (with a dealt hand:
        before the last hand is turned up, which deals the board). Every
        board shares the cards already out; each pot is cut into ``times``
        equal shares (odd chips to the first boards), each awarded on its
        own board. Recorded as :class:`~omaha.betting.RunIt`.

        Parameters
        ----------
        times : int
            2 or more.

        Raises
        ------
        IllegalActionError
            Not at an all-in showdown with board cards to come, the board
            already run, or (a dealt hand) too few cards left in the deck.

        Examples
        --------
        >>> from omaha import NoLimit, Table
        >>> hand = Table([100, 100], NoLimit(1, 2), button=1).deal(seed=3)
        >>> hand.all_in(); hand.call(); hand.run_it(2)
        >>> hand.show(); hand.show()
        >>> len(hand.boards), [len(b) for b in hand.boards], hand.is_over
        (2, [5, 5], True)
        """
        if isinstance(times, bool) or not isinstance(times, int) or times < 2:
            raise IllegalActionError(f"run it {quote(times)} times: 2 or more times")
        if (
            self._street is not SHOWDOWN
            or self._shared >= 5
            or self._runs > 1
            or len(self._board) != self._shared
        ):
            raise self._where(
                "cannot run it more than once: only at an all-in showdown, before the rest "
                "of the board is dealt ({where})"
            )
        if not self._replay:
            need = (times - 1) * _cards_to_come(self._shared)
            if need > len(self._spare):
                raise IllegalActionError(
                    f"cannot run it {times} times: the boards need {need} more cards with the "
                    f"burns, the deck has {len(self._spare)} left"
                )
        self._runs = times
        self._actions.append(RunIt(times))

    def deal_board(self, cards: Cards) -> None:
        """Deal the next street's board cards when replaying (3 for the flop, then 1, 1).

        When the hand is run more than once, the cards go to the board being
        dealt: the first board to its river, then the next (:attr:`boards`).

        Raises
        ------
        IllegalActionError
            If the hand is not waiting for a street.
        InvalidCardError
            Malformed cards, the wrong number, or a card already dealt.
        """
        street = self._awaiting
        if street is None:
            raise self._where("no street to deal ({where})")
        codes = as_cards(cards, f"the {street.label}")
        need = street.board_cards
        if len(codes) != need:
            raise InvalidCardError(
                f"the {street.label} is {need} card{'s' if need > 1 else ''}, got {quote(cards)}"
            )
        given = quote(cards)
        self._require_unseen(
            codes, f"on the {street.label}", lambda card: f"board card {card} of {given}"
        )
        self._streets.append(codes)
        self._awaiting = None
        self._deal_next_street()

    # -------------------------------------------------------------- cards

    def _require_unseen(
        self, codes: tuple[int, ...], holder: str, lead: Callable[[str], str]
    ) -> None:
        """Check that none of ``codes`` is already in play (:func:`omaha.cards.require_distinct`).

        Hole cards and the board, dealt or still to come, hold every card
        known to be in play. The message, ``lead(card)`` and "is already
        dealt", then names the card and both holders.
        """
        groups: list[tuple[str, Iterable[int]]] = [
            (f"in the hole cards of seat {s}", hole)
            for s, hole in enumerate(self._holes)
            if hole is not None
        ]
        groups.append(("on the board", self._boards[0]))
        for r, board in enumerate(self._boards[1:], 2):  # later boards share the first cards
            groups.append((f"on board {r}", board[self._shared :]))
        groups.append(("on the board to come", _cards_of(self._streets[self._dealt() :])))
        try:
            require_distinct([*groups, (holder, codes)])
        except DuplicateCardError as exc:
            held = {c for _, group in groups for c in group}
            card = format_card(next(c for c in codes if c in held))
            raise DuplicateCardError(f"{lead(repr(card))} is already dealt: {exc}") from None

    # -------------------------------------------------------------- flow

    def _dealt(self) -> Street:
        """Return the last street whose board cards are out (pre-flop: none yet)."""
        return after_board(len(self._board))

    def _advance(self, after: int) -> None:
        """Find the next player to act after ``after``, or end the round (docs/rules.md §5.8).

        A player still in the hand with chips acts if they are behind the
        highest bet, or have not acted in this round, unless every other
        player still in the hand is all-in (then only a player facing a bet
        acts: call or fold).
        """
        if self._in_hand == 1:
            self._end_round()
            return
        ledger = self._ledger
        stack, bet, folded = ledger.stacks, ledger.bets, self._folded
        rnd = self._round
        acted = rnd.acted
        highest = rnd.highest
        others_may_act = self._with_chips > 1
        for s in self._after[after]:
            if folded[s] or not stack[s]:
                continue
            if bet[s] < highest or (others_may_act and s not in acted):
                self._to_act = s
                return
        self._end_round()

    def _end_round(self) -> None:
        """Close a betting round: return the uncalled bet, then move on."""
        self._to_act = None
        ledger = self._ledger
        returned = ledger.return_uncalled()  # bets only: antes are never a bet
        if returned is not None:
            self._uncalled = returned
            self._with_chips = self._count_with_chips()  # the bettor may have chips again
        ledger.end_street()
        if self._in_hand == 1:
            self._finish()
            return
        if self._street is RIVER or self._with_chips <= 1:
            self._start_showdown()
            return
        self._deal_next_street()

    def _deal_next_street(self) -> None:
        """Deal the next street if its cards are known, else wait for them."""
        dealt = self._dealt()
        if dealt is RIVER:
            self._board_complete()
            return
        if dealt < len(self._streets):
            cards = self._streets[dealt]
            self._board.extend(cards)
            self._actions.append(DealBoard(cards, len(self._boards) - 1))
            if self._street.is_betting:
                self._begin_round(dealt.next)
            else:
                self._deal_next_street()
            return
        self._awaiting = dealt.next
        if self._street is SHOWDOWN and self._showdown.pending:
            self._to_act = self._showdown.pending[0]

    def _begin_round(self, street: Street) -> None:
        self._street = street
        self._round = self._new_round(street)
        self._advance(self._seats[-1])

    def _start_showdown(self) -> None:
        """Showdown order (docs/rules.md §5.9): the last aggressor, else left of the button.

        When betting ended with board cards still to come (a player is all-in
        and at most one has chips behind), every live hand is turned face up:
        nobody may muck, unless the table's ``all_in_muck`` allows it.
        """
        folded = self._folded
        order = showdown_order(self._seats, self._round.last_aggressor, lambda s: not folded[s])
        board_to_come = len(self._board) < 5
        self._street = SHOWDOWN
        self._showdown = Showdown(order, face_up=board_to_come and not self._table.all_in_muck)
        self._to_act = order[0]
        self._shared = len(self._board)
        if board_to_come and self._replay and self._dealt() == len(self._streets):
            self._awaiting = self._dealt().next

    def _after_show(self) -> None:
        """Move on after a show or muck: the hand ends once one hand is left unmucked."""
        showdown = self._showdown
        if showdown.decided:
            showdown.pending.clear()
            self._to_act = None
            self._awaiting = None
            self._finish()
        elif showdown.pending:
            self._to_act = showdown.pending[0]
        else:
            self._to_act = None
            self._deal_next_street()

    def _board_complete(self) -> None:
        """Deal the next board if the hand is run again, else finish once every hand is shown."""
        self._awaiting = None
        if len(self._boards) < self._runs:
            self._next_board()
            return
        if self._showdown.pending:
            self._to_act = self._showdown.pending[0]
            return
        self._finish()

    def _next_board(self) -> None:
        """Start the next board of a hand run more than once: the shared cards, then its own."""
        shared = self._boards[0][: self._shared]
        self._board = list(shared)
        self._boards.append(self._board)
        streets = [tuple(shared[0:3]), tuple(shared[3:4])][: after_board(len(shared))]
        if not self._replay:  # a dealt hand: burn and turn from the rest of the deck
            spare = self._spare
            at = 0
            for street in range(len(streets), 3):
                size = 3 if street == 0 else 1
                streets.append(tuple(spare[at + 1 : at + 1 + size]))
                at += 1 + size
            self._spare = spare[at:]
        self._streets = streets
        self._deal_next_street()

    # -------------------------------------------------------------- award

    def _finish(self) -> None:
        """Settle the pots (docs/rules.md §4), pay them out and hand the stacks to the table."""
        table = self._table
        policy = table.rake
        self._result = award(
            self._ledger,
            self._showdown,
            folded=self._folded,
            order=self._seats,
            boards=self._boards,
            game=table.game,
            chip=table.chip,
            rake=None if policy is None else (lambda pots: policy(self, pots)),
            uncalled=self._uncalled,
            starting_stacks=self._start,
            odd_chips=table.odd_chips,
        )
        self._street = OVER
        self._to_act = None
        if self._on_over is not None:
            self._on_over(self)


def _cards_to_come(shared: int) -> int:
    """Cards one more board takes from the deck, burns included, after ``shared`` board cards."""
    return {0: 8, 3: 4, 4: 2}[shared]


def _cards_of(streets: Iterable[tuple[int, ...]]) -> list[int]:
    return [c for street in streets for c in street]
