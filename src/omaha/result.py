"""How a hand ends: the showdown order, the showdown as it goes, the result (§4, §5.9).

- :func:`showdown_order`: the order of the showdown, the last aggressor
  first, else the first player left of the button (§5.9).
- :class:`Showdown`: one hand's showdown as it goes: who is still to show
  or muck, what was shown and mucked, and whether the hands are turned face
  up (an all-in showdown, where nobody mucks).
- :func:`award`: the end of a hand: the pots settled
  (:func:`omaha.pots.settle`), paid out through the hand's
  :class:`~omaha.ledger.Ledger`, and told as a :class:`HandResult` with the
  :class:`ShownHand` of every player who showed.

The state machine of :mod:`omaha.hand` decides when the showdown starts and
checks the cards a player shows; this module holds the rules of the order
and of the result.

Examples
--------
>>> showdown = Showdown(showdown_order([4, 0, 2], 2, lambda seat: True), face_up=False)
>>> showdown.order, showdown.turn(None, "show", True)
((2, 4, 0), 2)
>>> showdown.muck(2); showdown.pending, showdown.decided
([4, 0], False)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from omaha.errors import IllegalActionError
from omaha.games import GameName
from omaha.ledger import Ledger
from omaha.pots import OddChips, Pot, PotResult, settle
from omaha.ranks import HighHand, LowHand

__all__ = ["HandResult", "Showdown", "ShownHand", "award", "showdown_order"]

_Seat = TypeVar("_Seat")


def showdown_order(
    seats: Sequence[_Seat], aggressor: _Seat | None, live: Callable[[_Seat], bool]
) -> tuple[_Seat, ...]:
    """Return who shows in turn at the showdown (docs/rules.md §5.9).

    The last player to bet or raise in the last betting round shows first;
    without one, the first player clockwise from the button does. The
    others follow clockwise.

    Parameters
    ----------
    seats : sequence
        The players dealt in, clockwise from the first left of the button
        (seats, or any names for them).
    aggressor : seat or None
        The last to bet or raise in the last betting round (one of ``seats``).
    live : callable
        ``live(seat)``: whether the player is still in the hand.

    Examples
    --------
    >>> live = lambda seat: seat != 3   # seat 3 folded
    >>> showdown_order([4, 0, 2, 3], 2, live), showdown_order([4, 0, 2, 3], None, live)
    ((2, 4, 0), (4, 0, 2))
    """
    seats = list(seats)
    first = seats.index(aggressor) if aggressor is not None else 0
    return tuple([s for s in seats[first:] + seats[:first] if live(s)])


class Showdown:
    """One hand's showdown as it goes (docs/rules.md §4.8, §5.9).

    Parameters
    ----------
    order : tuple of int, default ()
        Who must show or muck, in turn (:func:`showdown_order`); empty
        before the showdown, or when every opponent folded.
    face_up : bool, default False
        An all-in showdown: every live hand is turned face up, in any order,
        and nobody may muck.

    Attributes
    ----------
    order : tuple of int
    pending : list of int
        The seats still to show or muck, in turn.
    shown : dict of int to tuple of int
        The hole cards of each seat that showed, in the order shown.
    mucked : list of int
        The seats that mucked, in the order they mucked.
    face_up : bool
    """

    __slots__ = ("face_up", "mucked", "order", "pending", "shown")

    def __init__(self, order: tuple[int, ...] = (), *, face_up: bool = False) -> None:
        self.order = order
        self.pending = list(order)
        self.shown: dict[int, tuple[int, ...]] = {}
        self.mucked: list[int] = []
        self.face_up = face_up

    def copy_state(self) -> tuple[object, ...]:
        """Return a copy of every field (for snapshots in tests)."""
        return (
            self.order,
            tuple(self.pending),
            tuple(self.shown.items()),
            tuple(self.mucked),
            self.face_up,
        )

    @property
    def decided(self) -> bool:
        """Whether at most one hand is left unmucked: the showdown is over (§4.7)."""
        return len(self.order) - len(self.mucked) <= 1  # every muck is from the order

    def turn(self, seat: int | None, what: str, board_complete: bool) -> int:
        """Return the seat that shows or mucks now (``seat``, or the first still to show).

        Once the board is complete the players show in turn; before it (an
        all-in showdown) any player still to show may, in any order.

        Raises
        ------
        IllegalActionError
            ``seat`` has no hand to show, or shows out of turn.
        """
        pending = self.pending
        if seat is None:
            return pending[0]
        if seat not in pending:
            raise IllegalActionError(
                f"cannot {what}: {{seat}} has no hand to show; still to show: {{pending}}",
                seat=seat,
                seats={"seat": seat, "pending": tuple(pending)},
            )
        if seat != pending[0] and board_complete:
            raise IllegalActionError(
                f"cannot {what}: {{seat}} is out of turn; {{first}} shows first",
                seat=seat,
                seats={"seat": seat, "first": pending[0]},
            )
        return seat

    def show(self, seat: int, cards: tuple[int, ...]) -> None:
        """Record that ``seat`` (its turn checked by :meth:`turn`) showed ``cards``."""
        self.shown[seat] = cards
        self.pending.remove(seat)

    def muck(self, seat: int) -> None:
        """Record that ``seat`` (its turn checked by :meth:`turn`) mucked.

        Raises
        ------
        IllegalActionError
            An all-in showdown: every live hand is turned face up (§5.9).
        """
        if self.face_up:
            raise IllegalActionError(
                "cannot muck: a player is all-in and betting is over, so every live hand "
                "is turned face up (docs/rules.md §5.9); {seat} shows (the house option "
                "all_in_muck allows a muck)",
                seat=seat,
                seats={"seat": seat},
            )
        self.pending.remove(seat)
        self.mucked.append(seat)


@dataclass(frozen=True, slots=True)
class ShownHand:
    """A hand shown at showdown.

    Attributes
    ----------
    seat : int
    hole_cards : tuple of int
    high : HighHand or None
        The best high hand with the cards used (None if the board never
        completed, when every opponent mucked first); on the first board
        when the hand was run more than once.
    low : LowHand or None
        The best eight-or-better low (Hi-Lo only), or None.
    runs : tuple of (HighHand or None, LowHand or None)
        The same on every board, when the hand was run more than once
        (docs/rules.md §4.10); empty otherwise.
    """

    seat: int
    hole_cards: tuple[int, ...]
    high: HighHand | None
    low: LowHand | None
    runs: tuple[tuple[HighHand | None, LowHand | None], ...] = ()


@dataclass(frozen=True, slots=True)
class HandResult:
    """The outcome of a finished hand (docs/rules.md §4).

    Attributes
    ----------
    pots : tuple of PotResult
        The main pot first, then side pots: amount (after the rake),
        eligible seats, high and low winners, the payout per seat, the
        pot's rake (docs/rules.md §4.9) and, when the hand was run more
        than once, each board's share (§4.10).
    uncalled : tuple of (int, int) or None
        ``(seat, amount)`` of the uncalled bet returned, if any.
    show_order : tuple of int
        The seats that had to show or muck, in order (empty when every
        opponent folded).
    shown : tuple of ShownHand
        The hands shown, in the order they were shown.
    mucked : tuple of int
        The seats that mucked.
    board : tuple of int
        The board cards dealt (the first board, when run more than once).
    starting_stacks, stacks : tuple of int
        Each seat's chips before and after the hand.
    rake : int
        Chips the table's rake policy took from the pots (0 without one).
    returned : tuple of (int, int)
        ``(seat, chips)`` given back to folded players whose chips nobody
        still in the hand could win: antes above the total of every all-in
        player left (docs/rules.md §4, §5.3; :func:`omaha.pots.unwinnable`).
    boards : tuple of tuple of int
        Every board, when the hand was run more than once (docs/rules.md
        §4.10); empty otherwise.
    """

    pots: tuple[PotResult, ...]
    uncalled: tuple[int, int] | None
    show_order: tuple[int, ...]
    shown: tuple[ShownHand, ...]
    mucked: tuple[int, ...]
    board: tuple[int, ...]
    starting_stacks: tuple[int, ...]
    stacks: tuple[int, ...]
    rake: int = 0
    returned: tuple[tuple[int, int], ...] = ()
    boards: tuple[tuple[int, ...], ...] = ()

    @property
    def winnings(self) -> dict[int, int]:
        """Chips each seat received from the pots (the uncalled bet not included)."""
        out: dict[int, int] = {}
        for pot in self.pots:
            for seat, chips in pot.payouts.items():
                out[seat] = out.get(seat, 0) + chips
        return out

    @property
    def net(self) -> tuple[int, ...]:
        """Each seat's chips won (positive) or lost (negative) in the hand."""
        return tuple(b - a for a, b in zip(self.starting_stacks, self.stacks, strict=True))


def award(
    ledger: Ledger,
    showdown: Showdown,
    *,
    folded: Sequence[bool],
    order: Sequence[int],
    boards: Sequence[Sequence[int]],
    game: GameName,
    chip: int,
    rake: Callable[[tuple[Pot, ...]], Sequence[Pot]] | None,
    uncalled: tuple[int, int] | None,
    starting_stacks: tuple[int, ...],
    odd_chips: OddChips = "position",
) -> HandResult:
    """Settle a finished hand, pay it out and return its result (docs/rules.md §4).

    The pots are built from the ledger's contributions, raked, and awarded
    to the hands shown (:func:`omaha.pots.settle`), board by board when the
    hand was run more than once (§4.10); the ledger then pays them out.

    Parameters
    ----------
    ledger : Ledger
        The hand's chips (paid out here).
    showdown : Showdown
        Who showed what, and who mucked (empty when every opponent folded).
    folded : sequence of bool
        Whether each seat folded (or was not dealt in).
    order : sequence of int
        The seats dealt in, by position.
    boards : sequence of sequence of int
        Every board dealt: one, or one per run.
    game : {"hi", "hilo"}
    chip : int
        The smallest chip in play (§4.1).
    rake : callable or None
        ``rake(pots) -> pots``, the table's rake policy (§4.9).
    uncalled : tuple of (int, int) or None
        The uncalled bet returned (§4.6).
    starting_stacks : tuple of int
        Each seat's chips when the hand started.
    odd_chips : {"position", "high"}, default "position"
        Where a shared low half's odd chips go (:func:`omaha.pots.award_pot`).
    """
    shown = {s: showdown.shown[s] for s in showdown.order if s in showdown.shown}
    first = tuple(boards[0])
    run = tuple(tuple(b) for b in boards) if len(boards) > 1 else ()
    settlement = settle(
        ledger.contributions,
        folded,
        all_in=ledger.all_in(),
        order=order,
        dead=ledger.dead,
        shown=shown,
        mucked=showdown.mucked,
        board=first,
        boards=run,
        game=game,
        unit=chip,
        rake=rake,
        odd_chips=odd_chips,
    )
    ledger.pay(settlement)
    values = settlement.values
    runs = settlement.run_values if run else ()
    none: tuple[HighHand | None, LowHand | None] = (None, None)
    return HandResult(
        pots=settlement.pots,
        uncalled=uncalled,
        show_order=showdown.order,
        shown=tuple(
            ShownHand(s, c, *values.get(s, none), runs=tuple(v.get(s, none) for v in runs))
            for s, c in shown.items()
        ),
        mucked=tuple(showdown.mucked),
        board=first,
        starting_stacks=starting_stacks,
        stacks=tuple(ledger.stacks),
        rake=settlement.rake,
        returned=tuple(settlement.returned.items()),
        boards=run,
    )
