"""From a site's hand to a PHH hand: :class:`HandBuilder`.

Every site parser reads its own text and tells a builder what happened, in
the site's terms: the seats and stacks, the blinds posted (in position or
not, live or dead), the cards, each action with the amount the site
prints, the boards (of every run), the showdown, and what the site states
about the result (each collect, the uncalled bet, the pots, the total pot,
the rake). The one piece of bookkeeping a parser needs (each player's bet
on the street and chips behind: a call's amount, a raise's total) is the
engine's own :class:`~omaha.ledger.Ledger`, the one owner of every chip
moved (the uncalled bet it returns is the one a line may state, §4.6); the
builder checks that the site's amounts add up, and writes the hand as PHH
fields (:meth:`HandBuilder.finish`): players ordered from the button's
left, the blinds by position (blinds out of position in ``_posted_blinds``
and ``_dead_blinds``), the actions in PHH's notation, the later boards in
``_run_boards``, and the stated result in ``winnings``, ``_pots``,
``_uncalled``, ``_rake`` and ``_total_pot`` for the replay to check
(:meth:`omaha.phh.Replay.check`). What the file states about the result is
kept in one :class:`~omaha.history.reconcile.Stated` (``HandBuilder.stated``)
and reconciled with each player's amounts by
:func:`omaha.history.reconcile.reconcile`, its own module. It never plays
the hand: the engine does, through :func:`omaha.phh.replay`.

Amounts are whole units of the file: cents for money (``places=2``), chips
for tournaments (``places=0``); never floats.

Examples
--------
>>> b = HandBuilder("PokerStars", "a.txt", places=2)
>>> b.start("1", betting="pot", game="hi", stakes=(b.amount("$0.05"), 10))
>>> b.seat(1, "Ann", 1000); b.seat(2, "Bob", 1000); b.button(2)
>>> b.post("Bob", "small", 5); b.post("Ann", "big", 10)
>>> b.raise_to("Bob", 30); b.fold("Ann")
>>> b.uncalled("Bob", 20); b.collect("Bob", 20)
>>> history = b.finish()
>>> history.fields["players"], history.fields["actions"][-2:]
(['Ann', 'Bob'], ['p2 cbr 0.3', 'p1 f'])
>>> history.fields["winnings"], history.fields["finishing_stacks"]
([0, Decimal('0.2')], [Decimal('9.9'), Decimal('10.1')])
"""

from __future__ import annotations

import datetime
import decimal
import functools
import math
from collections.abc import Container, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from omaha.cards import format_cards, require_distinct
from omaha.errors import HandCancelled, HistoryError, InvalidCardError
from omaha.games import GameName
from omaha.history.notation import AmountError, money_units, site_cards, to_units
from omaha.history.reconcile import Collect, Put, Stated, reconcile, units_text
from omaha.ledger import Ledger, PutIn
from omaha.phh.actions import PHHAction, cards_text
from omaha.phh.amounts import to_file_units
from omaha.phh.fields import (
    ALL_IN_MUCK_FIELD,
    BUTTON_SEAT_FIELD,
    CHIP_FIELD,
    DEAD_FIELD,
    FEES_FIELD,
    HAND_CAP_FIELD,
    HEADS_UP_ORDER_FIELD,
    HOLE_COUNT_FIELD,
    HOUSE_FIELD,
    POSTED_FIELD,
    POTS_FIELD,
    RUN_BOARDS_FIELD,
    SITTING_OUT_FIELD,
    TOURNAMENT_FIELD,
    Betting,
    blinds_reversed,
    variant_fields,
)
from omaha.phh.history import HandHistory
from omaha.result import showdown_order

__all__ = [
    "HandBuilder",
    "PostKind",
]

PostKind = Literal["small", "big", "both", "dead", "straddle", "ante"]
"""A forced bet as the site names it: the small or big blind, both (a live big
blind and a dead small one, on return), a dead blind, a straddle, an ante."""

_STREET_CARDS = {0: 3, 1: 1, 2: 1}


@functools.lru_cache(maxsize=4096)
def _file_units(chips: int, places: int) -> int | decimal.Decimal:
    """Return ``chips`` (units of ``10**-places``) in the file's units, remembered (they repeat)."""
    return to_file_units(chips, 10**places)


@functools.lru_cache(maxsize=4096)
def _action(kind: str, player: int, cards: Any, total: int, places: int, per: int) -> PHHAction:
    """Return one step of :meth:`HandBuilder._actions` as a PHH action (its text and record).

    ``total`` is in units of ``10**-places``, the record's amount in units of
    ``per`` of them. Records are immutable and the common ones repeat from
    hand to hand (``p2 f``, ``d dh p3 ????????``, ``p1 cbr 0.3``): each is
    made once and shared, sparing the time of making it and the garbage
    collector's of tracking every copy.
    """
    label = f"p{player + 1}"
    if kind == "dh":
        text = f"d dh {label} " + (cards_text(cards))
    elif kind == "db":
        text = f"d db {format_cards(cards)}"
    elif kind == "cbr":
        value = _file_units(total, places)
        written = format(value, "f") if isinstance(value, decimal.Decimal) else value
        text = f"{label} cbr {written}"
    elif kind == "sm":
        text = f"{label} sm {format_cards(cards)}" if cards else f"{label} sm"
    else:
        text = f"{label} {kind}"
    return PHHAction(
        text,
        kind,  # type: ignore[arg-type]
        None if kind == "db" else player,
        cards if kind in ("dh", "db", "sm") else None,
        total // per if kind == "cbr" else None,
    )


@dataclass(slots=True)
class _Player:
    """A seated player: who they are and what they did; their chips are in the hand's ledger.

    ``left``, ``bet``, ``wager``, ``contrib`` and ``behind`` read the
    engine's :class:`~omaha.ledger.Ledger` (its stacks, bets, wagers,
    contributions and chips kept behind) at the player's ``index``: one
    ledger, one owner of every chip moved. The ledger is made when the
    first chip moves (every seat is known then); before, the stack is whole.
    """

    number: int
    name: str
    stack: int
    index: int
    ledger: Ledger | None = None
    sitting_out: bool = False
    folded: bool = False
    acted: bool = False
    posted: bool = False
    cards: tuple[int, ...] | None = None

    @property
    def left(self) -> int:
        """Chips behind that the player may still put in."""
        ledger = self.ledger
        return self.stack if ledger is None else ledger.stacks[self.index]

    @property
    def bet(self) -> int:
        """The player's bet on the street."""
        ledger = self.ledger
        return 0 if ledger is None else ledger.bets[self.index]

    @property
    def wager(self) -> int:
        """The player's bets in the hand (antes and dead money excluded)."""
        ledger = self.ledger
        return 0 if ledger is None else ledger.wagers[self.index]

    @property
    def contrib(self) -> int:
        """Everything the player put in the hand: what the pots are cut from."""
        ledger = self.ledger
        return 0 if ledger is None else ledger.contributions[self.index]

    @property
    def behind(self) -> int:
        """Chips an all-in protection keeps out of play (§4.11)."""
        ledger = self.ledger
        behind = None if ledger is None else ledger.behind
        return 0 if behind is None else behind[self.index]


@dataclass(slots=True)
class _Event:
    kind: str  # "f", "cc", "cbr", "board", "show", "muck"
    name: str | None
    street: int
    line: int  # where the file states it, for the replay's messages
    text: str | None
    total: int = 0
    cards: tuple[int, ...] = ()
    run: int = 0
    moved: bool = False  # a call that put chips in (a check does not)


class _Dating:
    """The context of :meth:`HandBuilder.dating`: a ``ValueError`` inside is a date that is none."""

    __slots__ = ("builder", "hand_id")

    def __init__(self, builder: HandBuilder, hand_id: str | None) -> None:
        self.builder = builder
        self.hand_id = hand_id

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, exc: object, tb: object) -> None:
        if kind is not None and issubclass(kind, ValueError):
            b = self.builder
            b.hand_id = self.hand_id or b.hand_id
            raise b.error("a date or time that does not exist") from None


@dataclass(slots=True)
class _Post:
    name: str
    kind: PostKind
    amount: int
    all_in: bool


@dataclass
class HandBuilder:
    """One site hand, told event by event, written as a PHH hand.

    Parameters
    ----------
    site : str
        The site's name (PHH's ``venue``): ``"PokerStars"``, ``"GGPoker"``...
    path : str
        The file, for messages.
    places : int, default 2
        The file's smallest unit: 2 for cents, 0 for tournament chips.
    line : int, default 1
        The first line of the hand in the file.

    Every method that reads the site's text raises
    :class:`~omaha.errors.HistoryError` naming the file, the hand and the
    line (set with :meth:`at`).
    """

    site: str
    path: str
    places: int = 2
    line: int = 1
    text: str | None = None
    hand_id: str | None = None
    betting: Betting | None = None
    game: GameName = "hi"
    hole_count: int | None = None
    small_blind: int | None = None
    big_blind: int | None = None
    small_bet: int | None = None
    big_bet: int | None = None
    info: dict[str, Any] = field(default_factory=dict)
    rules: dict[str, Any] = field(default_factory=dict)
    """The table's house rules the site deals by, as PHH fields (``_raise_over_all_in``...)."""
    hand_cap: int | None = None
    """A capped game's cap on each player's chips in the hand (PHH ``_hand_cap``, §6.4)."""
    uncalled_in_collect: bool = False
    stakes_are_blinds: bool = True
    """Whether a blind posted in full is the stakes' (not in a mixed game's level, whose
    stakes are its limit games'): a small or big blind of another amount is refused."""
    chip_from_amounts: bool = False
    """The site splits a pot in its smallest chip, the largest unit every amount is a multiple
    of (Full Tilt): written as ``_chip`` when a pot is shared."""
    _players: dict[str, _Player] = field(default_factory=dict)
    _button: int | None = None
    _posts: list[_Post] = field(default_factory=list)
    _events: list[_Event] = field(default_factory=list)
    _street: int = 0
    _ledger: Ledger | None = None
    _seats: set[int] = field(default_factory=set)
    _boards: list[_Event] = field(default_factory=list)
    """The board events, in order (also in ``_events``)."""
    _shown: set[str] = field(default_factory=set)
    """The players with a show event."""
    _at_showdown: set[str] = field(default_factory=set)
    """The players with a show or a muck event."""
    stated: Stated = field(default_factory=Stated)
    """What the file states about the result, for :func:`~omaha.history.reconcile.reconcile`."""
    _runs: int = 1

    # ------------------------------------------------------------ errors

    def at(self, line: int, text: str) -> None:
        """Say which line of the file is being read (for messages)."""
        self.line = line
        self.text = text

    def error(self, reason: str, *, quote_line: bool = True) -> HistoryError:
        """Return an error naming the file, the hand and the current line."""
        return HistoryError(
            reason,
            path=self.path,
            hand=self.hand_id,
            line=self.line,
            text=self.text if quote_line else None,
        )

    def _summary_error(self, reason: str) -> HistoryError:
        """Return an error about the hand as a whole (the current line is not quoted)."""
        return self.error(reason, quote_line=False)

    def cancelled(self) -> HandCancelled:
        """Return the signal of a hand the site cancelled (at the current line)."""
        return HandCancelled(
            "the site cancelled the hand (no chips moved): not converted",
            path=self.path,
            hand=self.hand_id,
            line=self.line,
            text=self.text,
        )

    def dating(self, hand_id: str | None = None) -> _Dating:
        """Return a context in which a reader reads the hand's date and time.

        A date or time that does not exist (``2024/13/45``, ``25:61:00``: the
        ``ValueError`` of :class:`datetime.datetime`) is an error naming the
        hand (``hand_id``, when the header has not set it yet) and the line::

            with b.dating(m["id"]):
                when = datetime.datetime(...)
        """
        return _Dating(self, hand_id)

    def amount(self, text: str | decimal.Decimal) -> int:
        """Read an amount in the file's units (``"$0.05"`` is 5 cents)."""
        try:
            if isinstance(text, str):
                return money_units(text, self.places)
            return to_units(text, self.places)
        except AmountError as exc:
            raise self.error(str(exc)) from None

    def cards(self, text: str, *, suit_first: bool = False) -> tuple[int, ...]:
        """Read cards as the site writes them."""
        try:
            return site_cards(text, suit_first=suit_first)
        except InvalidCardError as exc:
            raise self.error(str(exc)) from None

    def player(self, name: str) -> _Player:
        """Return a seated player, or raise naming the unknown name."""
        p = self._players.get(name)
        if p is None:
            raise self.error(f"{name!r} has no seat at the table")
        return p

    # ------------------------------------------------------------ the table

    def start(
        self,
        hand_id: str,
        *,
        betting: Betting,
        game: GameName,
        hole_count: int | None = None,
        stakes: tuple[int, int] | None = None,
        **info: Any,
    ) -> None:
        """Set the hand's number, the game and the stakes (in the file's units).

        ``stakes`` are the two amounts a site names the game by: the bets in
        fixed limit (``$5/$10``), the blinds otherwise (``$0.05/$0.10``).
        ``info`` holds PHH's informational fields (``table``, ``currency``,
        ``time``, ``seat_count``, ``event``, ``level``, ``tournament``...).
        """
        self.hand_id = hand_id
        self.betting = betting
        self.game = game
        self.hole_count = hole_count
        if stakes is not None:
            if betting == "fixed":
                self.small_bet, self.big_bet = stakes
            else:
                self.small_blind, self.big_blind = stakes
        self.info.update(info)

    def seat(self, number: int, name: str, stack: int, *, sitting_out: bool = False) -> None:
        """Seat a player with ``stack`` units (a seat the table does not have is an error)."""
        count = self.info.get("seat_count")
        if number < 1 or (count is not None and number > count):
            raise self.error(f"seat {number} does not exist at a {count}-seat table")
        seats = self._seats
        if name in self._players or number in seats:
            raise self.error(f"seat {number} or player {name!r} is seated twice")
        if self._ledger is not None:
            raise self.error(f"{name!r} is seated after chips went in")
        seats.add(number)
        self._players[name] = _Player(number, name, stack, len(self._players), None, sitting_out)

    @property
    def _chips(self) -> Ledger:
        """The hand's ledger, made from the seats' stacks when the first chip moves."""
        ledger = self._ledger
        if ledger is None:
            players = self._players.values()
            self._ledger = ledger = Ledger([p.stack for p in players])
            for p in players:
                p.ledger = ledger
        return ledger

    def button(self, number: int) -> None:
        """Put the button on seat ``number`` (perhaps an empty seat: a dead button)."""
        count = self.info.get("seat_count")
        if number < 1 or (count is not None and number > count):
            raise self.error(f"the button's seat {number} does not exist")
        self._button = number

    def sit_out(self, name: str) -> None:
        """Deal a seated player no cards (sitting out, waiting, or just arrived)."""
        self.player(name).sitting_out = True

    def deal(self, name: str, cards: Sequence[int] | None = None) -> None:
        """Deal a player in (with their cards, when the file shows them)."""
        p = self.player(name)
        p.sitting_out = False
        if cards is not None:
            self._know(p, tuple(cards))

    def _know(self, p: _Player, cards: tuple[int, ...]) -> bool:
        """Know a player's cards; return False for a partial show (fewer than the hole cards)."""
        if self.hole_count is not None and len(cards) < self.hole_count:
            return False  # ``shows [As]`` of five: a hand not shown in full (§5.9)
        if p.cards is not None and sorted(p.cards) != sorted(cards):
            raise self.error(
                f"{p.name!r} shows {format_cards(cards)!r} but was dealt {format_cards(p.cards)!r}"
            )
        p.cards = cards
        return True

    # ------------------------------------------------------------ forced bets

    def post(self, name: str, kind: PostKind, amount: int) -> None:
        """Post a player's forced bet of ``amount`` units (see :data:`PostKind`).

        A straddle's ``amount`` is the player's whole forced bet (the total,
        as GGPoker states it: a big blind who straddles ``$100`` has $100 in;
        a re-straddle restates the new total, docs/rules.md §5.1).
        """
        p = self.player(name)
        p.sitting_out = False
        p.posted = True
        if kind == "straddle":
            if amount <= p.bet:
                raise self.error(
                    f"{name!r} straddles to {self._units(amount)}, not above their "
                    f"{self._units(p.bet)} in"
                )
            self._put(p, amount - p.bet)
        elif kind == "ante" or kind == "dead":
            self._put(p, amount, PutIn.ANTE)  # in the contribution, no bet
        elif kind == "both":
            self._check_put(p, amount)
            live = min(self.big_blind or amount, amount)
            self._put(p, live)
            self._put(p, amount - live, PutIn.ANTE)
        else:
            if any(q.name == name and q.kind == kind for q in self._posts):
                raise self.error(f"{name!r} posts the {kind} blind twice")
            self._put(p, amount)
            stake = self.small_blind if kind == "small" else self.big_blind
            if stake is not None and amount != stake and p.left > 0 and self.stakes_are_blinds:
                raise self.error(
                    f"{name!r} posts a {kind} blind of {self._units(amount)}, but the "
                    f"{kind} blind is {self._units(stake)} (and they are not all-in)"
                )
        self._posts.append(_Post(name, kind, amount, p.left == 0))

    def _check_put(self, p: _Player, chips: int) -> None:
        """Refuse chips the player does not have (the ledger would take what there is)."""
        if chips < 0:
            raise self.error(f"a negative amount for {p.name!r}")
        if chips > p.left:
            raise self.error(
                f"{p.name!r} puts in {self._units(chips)} with {self._units(p.left)} behind: "
                "the amounts do not add up"
            )

    def _put(self, p: _Player, chips: int, how: PutIn = PutIn.BET) -> None:
        ledger = self._ledger or self._chips
        if not 0 <= chips <= ledger.stacks[p.index]:
            self._check_put(p, chips)  # raises, naming the amount
        ledger.put_in(p.index, chips, how)

    @property
    def _highest(self) -> int:
        """The bet to match on the street (the largest bet on it)."""
        ledger = self._ledger
        return 0 if ledger is None else max(ledger.bets, default=0)

    def _units(self, chips: int) -> str:
        return units_text(chips, self.places)

    # ------------------------------------------------------------ actions

    def _act(self, name: str) -> _Player:
        p = self._players.get(name)
        if p is None:
            p = self.player(name)  # raises, naming the name
        if p.folded:
            raise self.error(f"{name!r} acts after folding")
        p.acted = True
        p.sitting_out = False
        return p

    def fold(self, name: str) -> None:
        """Record a fold."""
        p = self._act(name)
        p.folded = True
        self._events.append(_Event("f", name, self._street, self.line, self.text))

    def check(self, name: str) -> None:
        """Record a check."""
        self._act(name)
        self._events.append(_Event("cc", name, self._street, self.line, self.text))

    def call(self, name: str, added: int | None = None) -> None:
        """Record a call adding ``added`` units (checked against what is owed, when given)."""
        p = self._act(name)
        ledger = self._ledger or self._chips
        i, bets = p.index, ledger.bets
        owed = min(max(bets) - bets[i], ledger.stacks[i])
        if added is not None and added != owed:
            raise self.error(
                f"{name!r} calls {self._units(added)} but owes {self._units(owed)}: "
                "the amounts do not add up"
            )
        self._put(p, owed)
        self._events.append(_Event("cc", name, self._street, self.line, self.text, moved=owed > 0))

    def bet(self, name: str, added: int) -> None:
        """Record a bet of ``added`` units (on top of what the player has in on the street)."""
        p = self._act(name)
        self.raise_to(name, p.bet + added, _acted=p)

    def raise_to(
        self, name: str, total: int, *, by: int | None = None, _acted: _Player | None = None
    ) -> None:
        """Record a bet or raise to ``total`` units on the street (``by``: the site's raise)."""
        p = _acted or self._act(name)
        highest = self._highest
        if by is not None and total - highest != by:
            raise self.error(
                f"{name!r} raises by {self._units(by)} to {self._units(total)} over a bet of "
                f"{self._units(highest)}: the amounts do not add up"
            )
        if total <= highest:
            raise self.error(
                f"{name!r} raises to {self._units(total)}, not above the bet of "
                f"{self._units(highest)}"
            )
        self._put(p, total - p.bet)
        self._events.append(_Event("cbr", name, self._street, self.line, self.text, total))

    def raise_by(self, name: str, by: int) -> None:
        """Record a raise by ``by`` units over the bet to match."""
        self.raise_to(name, self._highest + by)

    def put_in(self, name: str, added: int) -> None:
        """Record ``added`` units put in (a site that writes only that): a call or a raise."""
        p = self.player(name)
        if p.bet + added > self._highest:
            self.raise_to(name, p.bet + added)
        else:
            self.call(name, added)

    def board(self, cards: Sequence[int], *, run: int = 0) -> None:
        """Board cards are dealt (``run``: the board of a hand run more than once, 0 first)."""
        cards = tuple(cards)
        if run == 0:
            self._chips.end_street()
            self._street += 1
        self._runs = max(self._runs, run + 1)
        event = _Event("board", None, self._street, self.line, self.text, cards=cards, run=run)
        self._events.append(event)
        self._boards.append(event)

    def street_pot(self, amount: int) -> None:
        """Check the pot a site states as a street is dealt: everything put in so far."""
        pot = self._chips.pot
        if amount != pot:
            raise self.error(
                f"the pot is stated as {self._units(amount)}, but the bets so far make "
                f"{self._units(pot)}: the amounts do not add up"
            )

    def summary_board(self, cards: Sequence[int], *, run: int = 0) -> None:
        """Fill a card a street's line left out (``[..] []``) from the summary's board."""
        offset = 0
        for e in self._boards:
            if e.run != run:
                continue
            size = len(e.cards) or (3 if offset == 0 else 1)
            if not e.cards and offset + size <= len(cards):
                e.cards = tuple(cards[offset : offset + size])
            offset += size

    # ------------------------------------------------------------ showdown

    def show(self, name: str, cards: Sequence[int]) -> None:
        """Record a show at the showdown.

        A partial show (``shows [As]`` of five cards) is a hand not shown in
        full: it is a muck (it wins nothing the site does not award), not an
        error (docs/rules.md §5.9).
        """
        p = self.player(name)
        if not self._know(p, tuple(cards)):
            self.muck(name)
            return
        if name not in self._shown:
            self._shown.add(name)
            self._at_showdown.add(name)
            self._events.append(
                _Event("show", name, self._street, self.line, self.text, cards=tuple(cards))
            )

    def muck(self, name: str, cards: Sequence[int] | None = None) -> None:
        """Record a muck at the showdown (the cards, when the file tells them)."""
        p = self.player(name)
        if cards is not None:
            self._know(p, tuple(cards))
        self._at_showdown.add(name)
        self._events.append(_Event("muck", name, self._street, self.line, self.text))

    def known(self, name: str, cards: Sequence[int], *, showed: bool = False) -> None:
        """Record a player's cards told by the summary (no action).

        ``showed``: the summary says they showed them; the hand must have
        their show (a summary that tells a show the hand lacks is of a hand
        altered or with a line taken out).

        Raises
        ------
        HistoryError
            The cards are not those the player was dealt or showed, or
            ``showed`` of a player whose show the hand does not have.
        """
        p = self.player(name)
        if showed and name not in self._at_showdown:
            raise self.error(
                f"the summary says {name!r} showed, but the hand has no show of theirs"
            )
        self._know(p, tuple(cards))

    # ------------------------------------------------------------ the result

    def uncalled(self, name: str, amount: int) -> None:
        """Record ``amount`` units of uncalled bet returned to a player."""
        p = self.player(name)
        if amount > p.wager:
            raise self.error(f"{name!r} gets back {self._units(amount)}, more than they bet")
        returned = self._chips.return_uncalled()
        if returned != (p.index, amount):
            owner, chips = returned if returned is not None else (p.index, 0)
            who = next(q.name for q in self._players.values() if q.index == owner)
            raise self.error(
                f"{name!r} gets back {self._units(amount)}, but the uncalled bet is "
                f"{self._units(chips)} of {who!r}: the amounts do not add up"
            )
        self.stated.uncalled = (name, amount)

    def collect(self, name: str, amount: int, *, pot: int | None = None, run: int = 0) -> None:
        """Record ``amount`` units collected from a pot (0: the main pot, 1: side pot 1, ...)."""
        self.player(name)
        self.stated.collects.append(Collect(name, amount, pot, run))

    def protect(self, name: str) -> None:
        """Record a player all in by the site's all-in protection (a disconnection, §4.11).

        They play on for what they have put in: their chips behind stay out
        of play for the hand (PHH ``_behind``). A check of theirs after
        their last chips went in is no action once they are all-in, and is
        dropped.
        """
        p = self._act(name)
        self._chips.keep_behind(p.index)
        mine = [i for i, e in enumerate(self._events) if e.name == name]
        last = max(
            (i for i in mine if self._events[i].kind == "cbr" or self._events[i].moved),
            default=-1,
        )
        drop = {i for i in mine if i > last and self._events[i].kind == "cc"}
        self._events = [e for i, e in enumerate(self._events) if i not in drop]

    def cash_out(self, name: str, amount: int) -> None:
        """Record an all-in hand cashed out for ``amount`` units, instead of what the pots pay."""
        self.player(name)
        self.stated.cash_out[name] = amount

    def house(self, amount: int) -> None:
        """Record chips the house adds to the main pot before the deal (a Cash Drop, §4.12)."""
        self.stated.house += amount

    def won(self, name: str, amount: int) -> None:
        """Record the summary's total for a player: checked against what they collected."""
        self.player(name)
        won = self.stated.won
        won[name] = won.get(name, 0) + amount

    def total_pot(
        self, amount: int, *, with_uncalled: bool = False, after_rake: bool = False
    ) -> None:
        """Record the pot as the site states it (normalized: before the rake, no uncalled bet)."""
        stated = self.stated
        stated.total_pot = amount
        stated.total_with_uncalled = with_uncalled
        stated.total_after_rake = after_rake

    def rake(self, amount: int, parts: Mapping[str, int] | None = None) -> None:
        """Record the rake as the site states it (``parts``: rake, jackpot, fees by name)."""
        self.stated.rake = amount
        if parts:
            self.stated.fees = dict(parts)

    def pots(self, amounts: Iterable[int], *, before_rake: bool = False) -> None:
        """Record the pots as the summary states them, main pot first.

        After the rake (PokerStars), or ``before_rake`` (Full Tilt: the pots
        add up to the total pot; what each pays out is less by its rake, and
        those rakes add up to the rake stated).
        """
        self.stated.pots = list(amounts)
        self.stated.pots_before_rake = before_rake

    def summary_states_pot(self, what: str = "total pot") -> None:
        """Refuse a hand whose summary states no pot: every summary of the site does.

        Raises
        ------
        HistoryError
            No ``total_pot`` was recorded (the hand was cut, or the line taken out).
        """
        if self.stated.total_pot is None:
            raise self.error(
                f"the hand is truncated: its summary states no {what}", quote_line=False
            )

    def unlisted(self, listed: Container[str], *, by_seat: bool = False) -> _Player | None:
        """Return the first player dealt in that ``listed`` lacks (names, or seat numbers as text).

        A summary with a line for every player dealt in that lacks one was
        cut or had a line taken out: the reader refuses it, naming the player.
        """
        for p in self.dealt_in():
            if (str(p.number) if by_seat else p.name) not in listed:
                return p
        return None

    def dealt_in(self) -> list[_Player]:
        """Return the seated players dealt in: not sitting out, with chips, in the play.

        Sites list seats of players who sit out without saying so; every
        player dealt in posts, acts, or is dealt cards the file shows.
        """
        return [
            p
            for p in self._players.values()
            if not p.sitting_out and p.stack > 0 and (p.acted or p.posted or p.cards is not None)
        ]

    # ------------------------------------------------------------ the PHH hand

    def finish(self) -> HandHistory:
        """Write the hand as PHH and return it.

        Raises
        ------
        HistoryError
            The hand is incomplete (no button, no players, nothing won) or
            its amounts do not add up.
        """
        if self.hand_id is None or self.betting is None:
            raise self.error("the hand has no header", quote_line=False)
        if self._button is None:
            raise self.error("the hand has no button", quote_line=False)
        dealt = self.dealt_in()
        button = self._button
        dealt.sort(key=lambda p: (p.number - button - 1) % 1000)
        k = len(dealt)
        if k < 2:
            raise self.error(f"{k} player dealt in: a hand needs two", quote_line=False)
        stated = self.stated
        for name, amount in stated.won.items():  # a pot not awarded: its winner cashed out
            if name in stated.cash_out and not any(c.name == name for c in stated.collects):
                stated.collects.append(Collect(name, amount, None, 0))
                stated.unawarded = True
        if not stated.collects:
            raise self.error("the hand is truncated: nobody wins the pot", quote_line=False)
        pos = {p.name: i for i, p in enumerate(dealt)}
        named = {e.name for e in self._events}
        named.update([x.name for x in self._posts])
        named.discard(None)
        if not named <= pos.keys():  # in C; the names one by one only to name the first
            for who in named:
                if who not in pos:
                    raise self.error(f"{who!r} acts but is not dealt in", quote_line=False)
        for c in stated.collects:
            if c.name not in pos:
                raise self.error(f"{c.name!r} wins but is not dealt in", quote_line=False)
        if stated.uncalled is not None and stated.uncalled[0] not in pos:
            raise self.error(f"{stated.uncalled[0]!r} gets a bet back but is not dealt in")
        if any(not e.cards for e in self._boards):
            raise self.error(
                "a street's card is not given (not in the summary's board either)",
                quote_line=False,
            )
        self._check_reaches_end(dealt)
        hole_count = self._hole_count(dealt)
        self._check_cards(dealt)
        fields = variant_fields(self.betting, self.game)
        raw: set[str] = set()  # the amount fields, in the builder's units until the end

        def put(key: str, value: int | list[int]) -> None:
            fields[key] = value
            raw.add(key)

        antes, blinds, live, dead = self._forced(dealt, pos)
        put("antes", antes)
        put("blinds_or_straddles", blinds[::-1] if self._reversed(k) else blinds)
        if self.betting == "fixed":
            small_bet = self.small_bet or self.big_blind or max(blinds)
            put("small_bet", small_bet)
            put("big_bet", self.big_bet or 2 * small_bet)
        else:
            put("min_bet", self.big_blind or max(blinds))
        put("starting_stacks", [p.stack for p in dealt])
        steps, lines, texts, boards, mucks = self._actions(dealt, hole_count)
        fields["actions"] = []
        if hole_count != 4:
            fields[HOLE_COUNT_FIELD] = hole_count
        if self.hand_cap is not None:
            put(HAND_CAP_FIELD, self.hand_cap)
        fields.update(self.rules)
        if any(live):
            put(POSTED_FIELD, live)
        if any(dead):
            put(DEAD_FIELD, dead)
        if self.stated.house:
            put(HOUSE_FIELD, self.stated.house)
        if boards:
            fields[RUN_BOARDS_FIELD] = boards
        cap = self.hand_cap
        if mucks and any(
            (p.left == 0 or (cap is not None and p.contrib >= cap)) and not p.folded for p in dealt
        ):  # a muck at an all-in (or capped, §6.4) showdown: the site allowed it
            fields[ALL_IN_MUCK_FIELD] = True
        ledger = self._chips
        wagers, contributions, stacks = ledger.wagers, ledger.contributions, ledger.stacks
        result = reconcile(
            stated,
            [
                Put(p.name, wagers[p.index], contributions[p.index], stacks[p.index], p.behind)
                for p in dealt
            ],
            places=self.places,
            flop_dealt=self._street > 0,  # a first board's street was dealt
            uncalled_in_collect=self.uncalled_in_collect,
            runs=self._runs,
            error=self._summary_error,
        )
        for key, value in result.amounts.items():
            put(key, value)
        fields.update(result.fields)
        self._info_fields(fields, dealt)
        return self._written(fields, raw, steps, (tuple(lines), tuple(texts)))

    def _written(
        self,
        fields: dict[str, Any],
        raw: set[str],
        steps: list[tuple[str, int, Any, int]],
        source: tuple[tuple[int, ...], tuple[str, ...]],
    ) -> HandHistory:
        """Turn the amounts into the file's units, the actions into PHH's, and the hand.

        The hand's chips are the file's smallest unit its amounts need (a
        file of whole dollars plays in dollars): what reading the text back
        would give (:meth:`omaha.phh.HandHistory._prepared`).
        """
        values = [
            v
            for key in raw
            for v in (fields[key] if isinstance(fields[key], list) else [fields[key]])
        ]
        for entry in fields.get(POTS_FIELD, ()):
            values.append(entry["amount"])
            values.extend(entry["won"].values())
        values.extend(fields.get(FEES_FIELD, {}).values())
        values.extend(total for kind, _, _, total in steps if kind == "cbr")
        common = math.gcd(*values)
        cut = 0
        while cut < self.places and common % 10 ** (cut + 1) == 0:
            cut += 1
        per = 10**cut
        if self.chip_from_amounts and common > per and self._split_pot():
            # A pot split (hi-lo, a tie) in the table's smallest chip, which
            # the amounts show (docs/rules.md §4.1): Full Tilt's $0.50/$1
            # table in nickels splits $7.75 as $3.90 and $3.85.
            fields[CHIP_FIELD] = common
            raw.add(CHIP_FIELD)
        places = self.places
        chips: dict[str, Any] = {}
        for key in raw:
            value = fields[key]
            if isinstance(value, list):
                fields[key] = [_file_units(v, places) for v in value]
                chips[key] = tuple(value) if per == 1 else tuple([v // per for v in value])
            else:
                fields[key] = _file_units(value, places)
                chips[key] = value // per
        for entry in fields.get(POTS_FIELD, ()):
            entry["amount"] = _file_units(entry["amount"], places)
            entry["won"] = {p: _file_units(c, places) for p, c in entry["won"].items()}
        if FEES_FIELD in fields:
            fields[FEES_FIELD] = {n: _file_units(c, places) for n, c in fields[FEES_FIELD].items()}
        actions = tuple(  # a list, not a generator: faster to make
            [
                _action(kind, player, cards, total, places, per)
                for kind, player, cards, total in steps
            ]
        )
        texts = [action.text for action in actions]
        fields["actions"] = texts
        name = f"{self.path}, hand {self.hand_id}"
        return HandHistory._prepared(
            fields,
            name,
            places=self.places - cut,
            chips=chips,
            actions=actions,
            source=source,
        )

    def _split_pot(self) -> bool:
        """Whether a pot (of one board) is shared: more than one player collects from it."""
        seen: dict[tuple[int, int], str] = {}
        for c in self.stated.collects:
            key = (c.pot or 0, c.run)
            if seen.setdefault(key, c.name) != c.name:
                return True
        return False

    def _check_reaches_end(self, dealt: list[_Player]) -> None:
        """Refuse a hand cut short: it ends with one player left, or with a full board."""
        live = [p for p in dealt if not p.folded]
        if len(live) < 2 or self.stated.cash_out:
            return
        board = sum(len(e.cards) for e in self._boards if e.run == 0)
        if board < 5:
            streets = {0: "before the flop", 3: "on the flop", 4: "on the turn"}
            raise self.error(
                f"the hand stops {streets.get(board, f'after {board} board cards')} with "
                f"{len(live)} players still in: it is truncated (a street is missing)",
                quote_line=False,
            )

    def _hole_count(self, dealt: list[_Player]) -> int:
        sizes = {len(p.cards) for p in dealt if p.cards is not None}
        if self.hole_count is not None:
            sizes.add(self.hole_count)
        if len(sizes) > 1:
            raise self.error(
                f"hands of {' and '.join(map(str, sorted(sizes)))} hole cards", quote_line=False
            )
        count = sizes.pop() if sizes else 4
        if count not in (4, 5, 6):
            raise self.error(f"{count} hole cards is no Omaha hand", quote_line=False)
        return count

    def _check_cards(self, dealt: list[_Player]) -> None:
        groups: list[tuple[str, Iterable[int]]] = [
            (f"in {p.name!r}'s hand", p.cards) for p in dealt if p.cards is not None
        ]
        for e in self._boards:
            groups.append((f"on board {e.run + 1}" if e.run else "on the board", e.cards))
        try:
            require_distinct(groups)
        except InvalidCardError as exc:
            raise self.error(str(exc), quote_line=False) from None

    def _reversed(self, players: int) -> bool:
        """Whether the blinds go to PHH reversed (:func:`~omaha.phh.fields.blinds_reversed`)."""
        return blinds_reversed(players, self.rules.get(HEADS_UP_ORDER_FIELD))

    def _forced(
        self, dealt: list[_Player], pos: dict[str, int]
    ) -> tuple[list[int], list[int], list[int], list[int]]:
        """Sort the posts: the blinds by position, antes, and posts out of position (§8.3)."""
        k = len(dealt)
        antes, blinds, live, dead = [0] * k, [0] * k, [0] * k, [0] * k
        sb_pos, bb_pos = (1, 0) if self._reversed(k) else (0, 1)
        have_sb = have_bb = False
        for post in self._posts:
            i = pos[post.name]
            if post.kind == "ante":
                antes[i] += post.amount
            elif post.kind == "small" and not have_sb and not have_bb and i == sb_pos:
                have_sb = True
                blinds[i] = max(post.amount, self.small_blind or 0) if post.all_in else post.amount
            elif post.kind == "big" and not have_bb and (i == bb_pos or (i == 0 and not have_sb)):
                have_bb = True
                blinds[i] = max(post.amount, self.big_blind or 0) if post.all_in else post.amount
            elif post.kind == "straddle":  # the total, the big blind in it (§5.1)
                blinds[i] = post.amount
            elif post.kind == "big":
                live[i] += post.amount
            elif post.kind == "both":
                bb = min(self.big_blind or post.amount, post.amount)
                live[i] += bb
                dead[i] += post.amount - bb
            else:  # a small blind out of position, or a dead one
                dead[i] += post.amount
        if any(antes):
            stake = max(
                antes
            )  # a short ante is posted at full size; the engine takes what is there
            antes = [stake if a else 0 for a in antes]
        if not any(blinds):
            raise self.error("the hand has no blind", quote_line=False)
        return antes, blinds, live, dead

    def _actions(
        self, dealt: list[_Player], hole_count: int
    ) -> tuple[list[tuple[str, int, Any, int]], list[int], list[str], list[str], bool]:
        """Return the actions ``(kind, player, cards, total)``, their lines, later runs, any muck.

        Each action's line is the number and text of the file's line that
        states it (:attr:`omaha.phh.HandHistory.source_lines`; 0 and ``""``:
        none), in two flat lists (two tuples on the hand, not one per action).
        """
        pos = {p.name: i for i, p in enumerate(dealt)}
        steps: list[tuple[str, int, Any, int]] = [
            ("dh", i, p.cards if p.cards is not None else (None,) * hole_count, 0)
            for i, p in enumerate(dealt)
        ]
        lines = [0] * len(steps)  # hole cards dealt face down: no line
        texts = [""] * len(steps)
        boards = [""] * (self._runs - 1)
        showdown: dict[str, _Event] = {}
        last_round = -1
        aggressor: str | None = None
        for e in self._events:
            if e.kind == "board":
                if e.run:
                    boards[e.run - 1] += format_cards(e.cards)
                else:
                    steps.append(("db", 0, e.cards, 0))
                    lines.append(e.line)
                    texts.append(e.text or "")
            elif e.kind in ("show", "muck"):
                showdown.setdefault(e.name or "", e)
            else:
                if e.street != last_round:
                    last_round, aggressor = e.street, None
                if e.kind == "cbr":
                    aggressor = e.name
                steps.append((e.kind, pos[e.name or ""], None, e.total))
                lines.append(e.line)
                texts.append(e.text or "")
        # The showdown in turn (§5.9), whatever order the site printed it in; a
        # player the site does not mention mucks, as long as the hand goes on.
        live = {p.name for p in dealt if not p.folded}
        names = [p.name for p in dealt]
        turn = showdown_order(names, aggressor, live.__contains__) if len(live) > 1 else ()
        mucked = 0
        for name in turn:
            if len(turn) - mucked <= 1:
                break
            said = showdown.pop(name) if name in showdown else None
            if said is not None and said.kind == "show":
                steps.append(("sm", pos[name], said.cards, 0))
                lines.append(said.line)
                texts.append(said.text or "")
            else:
                steps.append(("sm", pos[name], (), 0))
                lines.append(0 if said is None else said.line)
                texts.append("" if said is None else said.text or "")
                mucked += 1
        for e in showdown.values():  # shows after the hand was won (courtesy)
            if e.kind == "show" and e.name in pos:
                steps.append(("sm", pos[e.name], e.cards, 0))
                lines.append(e.line)
                texts.append(e.text or "")
        return steps, lines, texts, boards, mucked > 0

    def _info_fields(self, fields: dict[str, Any], dealt: list[_Player]) -> None:
        """Write the informational fields: the site, the hand, the table, the time, the seats."""
        info = self.info
        fields["venue"] = self.site
        fields["hand"] = self.hand_id
        for key in ("event", "table", "currency", "level"):
            if info.get(key) is not None:
                fields[key] = info[key]
        when = info.get("time")
        if isinstance(when, datetime.datetime):
            fields["time"] = when.time()
            fields["day"], fields["month"], fields["year"] = when.day, when.month, when.year
        if info.get("time_zone"):
            fields["time_zone_abbreviation"] = info["time_zone"]
        fields["seats"] = [p.number for p in dealt]
        if info.get("seat_count"):
            fields["seat_count"] = info["seat_count"]
        fields["players"] = [p.name for p in dealt]
        if self._button not in {p.number for p in dealt}:
            fields[BUTTON_SEAT_FIELD] = self._button
        dealt_in = set(fields["players"])  # names are unique (seat): no compare of each field
        out = [p.name for p in self._players.values() if p.name not in dealt_in]
        if out:
            fields[SITTING_OUT_FIELD] = out
        if info.get("tournament") is not None:
            fields[TOURNAMENT_FIELD] = info["tournament"]
