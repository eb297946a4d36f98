"""Replaying a PHH hand through the engine: :func:`replay` and its :class:`Replay`.

Hole cards come from the ``d dh`` actions (unknown cards ``??`` make an
unknown hand, which never reaches the evaluator) and deal the hand at the
table of :meth:`HandHistory.table`. Every later action becomes the record
the engine keeps (:mod:`omaha.betting`) and goes through
:meth:`omaha.Hand.apply`, the same door as any other replay, so each is
checked against the rules (docs/rules.md §4-§6). The engine names seats; a
refused action is reported naming players (``p3``), through
:meth:`omaha.IllegalActionError.message`.

Examples
--------
>>> from omaha.phh.files import loads
>>> history = loads('''
... variant = "PO"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ["p3 cc", "p1 f", "p2 cbr 900"]
... ''', name="hand.phh")
>>> replay(history)
Traceback (most recent call last):
...
omaha.errors.ReplayActionError: hand.phh: action 2 'p2 cbr 900': raise to 900 exceeds ...
>>> replay(history.with_fields(actions=["p3 cc", "p1 f"])).stopped_at
'p2 to act before the flop'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from omaha.betting import Action, Call, Check, DealBoard, Fold, Muck, RaiseTo, RunIt, Show
from omaha.errors import (
    FinishingStacksError,
    IllegalActionError,
    InvalidCardError,
    OmahaError,
    PHHError,
    ReplayActionError,
    StatedResultError,
    quote,
)
from omaha.hand import Hand
from omaha.phh.actions import PHHAction
from omaha.phh.amounts import format_amount
from omaha.phh.fields import RUN_BOARDS_FIELD
from omaha.phh.history import HandHistory
from omaha.phh.verify import differences

__all__ = ["Replay", "player_name", "replay"]

_STREET_NAMES = {"preflop": "before the flop", "flop": "on the flop", "turn": "on the turn"}
_STREET_NAMES.update(river="on the river", showdown="at the showdown")


def player_name(seat: int) -> str:
    """Name the player at a replay's seat: seat 0 is ``"p1"``."""
    return f"p{seat + 1}"


@dataclass(frozen=True)
class Replay:
    """A hand history replayed through the engine.

    Attributes
    ----------
    history : HandHistory
        The hand replayed.
    hand : Hand
        The engine's hand, after the last action of the file.
    applied : int
        How many actions were replayed (all of them).
    courtesy_shows : tuple of PHHAction
        ``sm`` actions after the hand was over (a winner showing after
        every opponent folded): recorded, with no effect on the hand.
    """

    history: HandHistory
    hand: Hand
    applied: int
    courtesy_shows: tuple[PHHAction, ...] = ()

    @property
    def complete(self) -> bool:
        """Whether the hand is over (otherwise the file stops mid-hand)."""
        return bool(self.hand.is_over)

    @property
    def finishing_stacks(self) -> tuple[int, ...]:
        """Every player's stack in chips now (the final stacks when complete).

        Chips a site's all-in protection kept out of play (``_behind``,
        docs/rules.md §4.11) count: they are the player's all along.
        """
        behind = self.history.behind
        return tuple(s + b for s, b in zip(self.hand.stacks, behind, strict=True))

    @property
    def stopped_at(self) -> str | None:
        """Where an incomplete hand stopped (``"p3 to act on the turn"``); ``None`` when over."""
        hand = self.hand
        if hand.is_over:
            return None
        if hand.awaiting is not None:
            return f"waiting for the {hand.awaiting} to be dealt"
        if hand.to_act is not None:
            return f"p{hand.to_act + 1} to act {_STREET_NAMES.get(hand.street, hand.street)}"
        order = hand.showdown_order
        if order:
            return f"waiting for p{order[0] + 1} to show or muck at the showdown"
        return f"stopped {_STREET_NAMES.get(hand.street, hand.street)}"

    def check(self) -> None:
        """Compare the result with everything the file states (when the hand is over).

        The finishing stacks first (:meth:`check_finishing_stacks`), then
        what a site's history states: the winnings, each pot and side pot
        (and each board's share), the total pot, the rake and the uncalled
        bet (:func:`omaha.phh.verify.differences`).

        Raises
        ------
        FinishingStacksError
            The stacks differ.
        StatedResultError
            Anything else differs: the message names the hand, and for each
            difference the player (when there is one) and both amounts.
        """
        self.check_finishing_stacks()
        if not self.complete:
            return
        found = differences(self.history, self.hand)
        if found:
            lines = tuple(line for _, line in found)
            raise StatedResultError(
                f"{self.history.name}: the replay differs from the file: " + "; ".join(lines),
                lines,
                tuple(sorted({p for p, _ in found if p is not None})),
            )

    def check_finishing_stacks(self) -> None:
        """Compare the stacks with the file's ``finishing_stacks``, when it has them.

        Raises
        ------
        FinishingStacksError
            A complete hand whose stacks differ (the message names the hand
            and the players, in the file's units).
        """
        history = self.history
        expected = history.finishing_stacks
        if not self.complete or expected is None:
            return
        stacks = self.finishing_stacks
        cashed = history.cash_out
        if cashed is not None:  # paid the cash-out instead of what the pots pay them
            won = self.hand.result.winnings
            stacks = tuple(
                s - won.get(i, 0) + c if c else s
                for i, (s, c) in enumerate(zip(stacks, cashed, strict=True))
            )
        bad = tuple(i for i, (a, b) in enumerate(zip(expected, stacks, strict=True)) if a != b)
        if bad:
            u = history.to_file_units
            details = ", ".join(
                f"p{i + 1} {quote(history.players[i])}: "
                f"the file says {format_amount(u(expected[i]))}, "
                f"the replay gives {format_amount(u(stacks[i]))}"
                for i in bad
            )
            raise FinishingStacksError(
                f"{history.name}: finishing stacks differ from the file's for {details}", bad
            )


def replay(history: HandHistory, *, check: bool = True) -> Replay:
    """Replay a hand history through the engine, validating every action.

    Hole cards come from the ``d dh`` actions (unknown cards ``??`` make an
    unknown hand, which never reaches the evaluator), board cards from
    ``d db``. A file whose actions stop before the hand is over replays up
    to that point (see :attr:`Replay.stopped_at`).

    Parameters
    ----------
    history : HandHistory
        The hand.
    check : bool
        Compare the result with what the file states when the hand is over
        (:meth:`Replay.check`): the finishing stacks, the winnings, the pots,
        the rake and the uncalled bet.

    Returns
    -------
    Replay

    Raises
    ------
    ReplayActionError
        An action the rules do not allow (the message gives its index,
        text and the rule, naming players).
    FinishingStacksError
        ``check`` and the final stacks differ from ``finishing_stacks``.
    StatedResultError
        ``check`` and the winnings, pots, rake or uncalled bet differ from
        the file's.
    PHHError
        A file the engine cannot set up, or cards that cannot be dealt.
    """
    name = history.name
    table = history.table()
    n = history.player_count
    holes: list[tuple[int, ...] | None] = [None] * n
    actions = history.actions
    dealt: set[int] = set()
    start = 0
    while start < len(actions) and actions[start].kind == "dh":
        a = actions[start]
        assert a.player is not None and a.cards is not None
        if a.player in dealt:
            raise ReplayActionError(
                f"{name}: action {start} {quote(a.text)}: "
                f"p{a.player + 1} was already dealt hole cards",
                start,
                a.text,
                seat=a.player,
            )
        dealt.add(a.player)
        if len(a.cards) != history.hole_count:
            raise PHHError(
                f"{name}: action {start} {quote(a.text)}: {len(a.cards)} hole cards, "
                f"expected {history.hole_count}"
            )
        if None not in a.cards:
            holes[a.player] = tuple(c for c in a.cards if c is not None)
        start += 1
    try:
        # The engine checks every known card once (a card in two hands: seat i is p{i+1}).
        hand = table.deal(hole_cards=holes, posts=history.posts or None, house=history.house)
    except ValueError as exc:
        raise PHHError(f"{name}: dealing the hole cards: {exc}") from None
    boards = history.run_boards
    run_it = len(boards) + 1 if boards else 0  # runs still to agree (§4.10)
    note = (
        f" (amounts in units of {format_amount(history.to_file_units(1))})"
        if history.scale > 1
        else ""
    )
    source = history._source  # the same package's: HandHistory.source_lines, flat
    players = history.fields.get("players")
    site = (  # a hand imported from a site's file: its errors name the file's lines
        _SiteLines(*source, tuple(str(p) for p in players))
        if source is not None and isinstance(players, list)
        else None
    )
    courtesy: list[PHHAction] = []
    for i in range(start, len(actions)):
        if run_it and _all_in_showdown(hand):
            _run(hand, RunIt(run_it), name, RUN_BOARDS_FIELD, unit_note=note)
            run_it = 0
        a = actions[i]
        if a.kind == "sm" and hand.is_over and a.cards != ():
            courtesy.append(a)  # a show after the hand: no part of the play
            continue
        _run(
            hand,
            _record_of,
            name,
            None,
            a,
            history.hole_count,
            index=i,
            unit_note=note,
            source=site,
        )
    if run_it and _all_in_showdown(hand):
        _run(hand, RunIt(run_it), name, RUN_BOARDS_FIELD)
    for r, cards in enumerate(boards, 1):
        at = 0
        while at < len(cards):
            size = 3 if hand.awaiting == "flop" else 1
            what = f"{RUN_BOARDS_FIELD}[{r - 1}]"
            _run(hand, DealBoard(cards[at : at + size], run=r), name, what)
            at += size
    result = Replay(history, hand, len(actions), tuple(courtesy))
    if check:
        result.check()
    return result


def _all_in_showdown(hand: Hand) -> bool:
    """Whether betting is over with board cards to come: when the board may be run again."""
    return hand.street == "showdown" and len(hand.board) < 5 and hand.runs == 1


def _run(
    hand: Hand,
    action: Action | Callable[[Hand, PHHAction, int], Action],
    name: str,
    what: str | None,
    a: PHHAction | None = None,
    hole_count: int = 4,
    *,
    index: int = 0,
    unit_note: str = "",
    source: _SiteLines | None = None,
) -> None:
    """Apply one action to the hand, turning the engine's errors into the replay's.

    The engine counts in chips: ``unit_note`` says what a chip is when the
    file's amounts are decimals (``" (amounts in units of 0.01)"``). ``what``
    names the step in messages; ``None``: action ``index``, ``a``, named only
    when refused (quoting every action's text as it goes was 4% of a replay).
    A hand imported from a site's file (``source``, its
    :attr:`~omaha.phh.HandHistory.source_lines`) names the file's line
    instead, as the importer's own errors do.
    """
    try:
        if callable(action):
            assert a is not None
            action = action(hand, a, hole_count)
        hand.apply(action)
    except (IllegalActionError, InvalidCardError) as exc:
        site = source.error(exc, name, index, a, unit_note) if source and what is None else None
        if site is not None:
            raise site from None
        if what is None:
            assert a is not None
            what = f"action {index} {quote(a.text)}"
        if isinstance(exc, InvalidCardError):
            raise PHHError(f"{name}: {what}: {exc}") from None
        raise ReplayActionError(
            f"{name}: {what}: {exc.message(player_name)}{unit_note}",
            index,
            a.text if a is not None else what,
            seat=exc.seat,
        ) from None


@dataclass(frozen=True, slots=True)
class _SiteLines:
    """The lines of a site's file a hand's actions came from, and its players' names."""

    numbers: tuple[int, ...]
    texts: tuple[str, ...]
    players: tuple[str, ...]

    def error(
        self,
        exc: IllegalActionError | InvalidCardError,
        name: str,
        index: int,
        a: PHHAction | None,
        unit_note: str,
    ) -> OmahaError | None:
        """Return the replay's error naming the file's line and its players, or None.

        As :class:`~omaha.errors.HistoryError` names a line the importer
        cannot read: ``"{file}, hand {id}, line 11: {the rule}: 'Dan: raises
        $0.25 to $0.75'"``. None for an action the file leaves implicit (no
        line).
        """
        number = self.numbers[index] if index < len(self.numbers) else 0
        if number == 0:
            return None
        text = self.texts[index]
        where = f"{name}, line {number}"
        if isinstance(exc, InvalidCardError):
            return PHHError(f"{where}: {exc}: {quote(text)}")
        players = self.players

        def named(seat: int) -> str:
            return repr(players[seat]) if 0 <= seat < len(players) else player_name(seat)

        error = ReplayActionError(
            f"{where}: {exc.message(named)}{unit_note}: {quote(text)}",
            index,
            a.text if a is not None else text,
            seat=exc.seat,
        )
        error.line = number
        return error


def _record_of(hand: Hand, a: PHHAction, hole_count: int) -> Action:
    """Return the engine's record of one PHH action (``cc`` is a check or a call, as it stands).

    Raises
    ------
    IllegalActionError
        What PHH itself does not allow: hole cards dealt once the betting
        started, ``sm -`` for a hand the file never showed.
    InvalidCardError
        A show with unknown or too few cards.
    """
    p = a.player
    if a.kind == "db":
        assert a.cards is not None
        return DealBoard(tuple(c for c in a.cards if c is not None))
    assert p is not None
    if a.kind == "dh":
        raise IllegalActionError(
            "hole cards are dealt before the first action; "
            f"{player_name(p)} is dealt after the betting started",
            seat=p,
        )
    if a.kind == "f":
        return Fold(p)
    if a.kind == "cc":
        adds = hand.to_call if hand.to_act == p else None
        if adds == 0:
            return Check(p)
        return Call(p, adds or 0)  # None: refused, not p's betting turn
    if a.kind == "cbr":
        assert a.amount is not None
        return RaiseTo(p, a.amount)
    if a.cards == ():
        return Muck(p)
    if a.cards is None:  # sm -: the cards the file dealt
        known = hand.hole_cards[p]
        if known is None:
            raise IllegalActionError(
                f"{player_name(p)}'s hole cards are unknown: show them ('{player_name(p)} sm "
                "CARDS')",
                seat=p,
            )
        return Show(p, known)
    if None in a.cards:
        raise InvalidCardError("a shown hand must be known")
    if len(a.cards) != hole_count:
        raise InvalidCardError(f"shows {len(a.cards)} cards, expected {hole_count}")
    return Show(p, tuple(c for c in a.cards if c is not None))
