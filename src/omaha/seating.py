"""Seats that come and go, the button and the blinds: :class:`Seating` (docs/rules.md §5.10, §8).

A table's seats are empty, or hold a player who is playing, sitting out or
waiting to come in (:class:`SeatState`). Before each hand :meth:`Seating.layout`
decides, from the seats and where the blinds were in the last hand, who is
dealt in, where the button is, which position posts which blind and who
posts out of position (a :class:`Layout`); after the hand
:meth:`Seating.commit` records what the hand settled: blinds missed by the
players sitting out, debts paid, players busted, the next button.

Two button rules (§5.10):

- ``"moving"`` (the default): the button moves to the next player who is
  playing; the small blind and the big blind are the next two players.
- ``"dead"`` (TDA): the big blind moves one player every hand; the small
  blind is the seat of the last big blind (posted only if that player is
  still playing: otherwise there is no small blind), and the button the
  seat of the last small blind, even when nobody sits there any more (a
  dead button).

Players coming and going (§8): a player sitting out is dealt no cards and
posts nothing, and owes the blinds that pass them (a dead small blind, a
live big blind). Coming back (or sitting down for the first time) a player
either waits for the big blind, or posts now what they owe (a new player: a
live big blind) and is dealt in, unless they sit between the button and the
small blind: then they wait until the button has passed.

Examples
--------
>>> from omaha import PotLimit
>>> seating = Seating([100, 100, 100, 100], button=0)
>>> seating.sit_out(2)
>>> layout = seating.layout([100, 100, 100, 100], PotLimit(1, 2))
>>> layout.order, layout.blinds       # seat 2 is skipped: seat 3 posts the big blind
((1, 3, 0), (1, 2, 0))
>>> seating.commit(layout, [99, 102, 100, 99]); seating.info(2).owes_big
True
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from omaha.errors import ArgumentError, ArgumentTypeError, quote
from omaha.structures import (
    BettingStructure,
    FixedLimit,
    big_blind_position,
)

__all__ = [
    "ButtonRule",
    "HEADS_UP_ORDERS",
    "HeadsUpOrder",
    "Layout",
    "SeatInfo",
    "SeatState",
    "Seating",
    "big_blind_index",
    "split_missed_blinds",
    "with_straddles",
]

ButtonRule = Literal["moving", "dead"]
"""How the button moves between hands (docs/rules.md §5.10)."""

HeadsUpOrder = Literal["button_small_blind", "ring"]
"""Who posts which blind and acts first when two play (docs/rules.md §5.4)."""
HEADS_UP_ORDERS: tuple[HeadsUpOrder, ...] = ("button_small_blind", "ring")
"""The values of the table option ``heads_up_order``; the first is the default."""


class SeatState(enum.Enum):
    """What a seat holds between hands (docs/rules.md §8)."""

    EMPTY = "empty"
    """Nobody sits here (the player left, docs/rules.md §8.4)."""
    PLAYING = "playing"
    """A player who is dealt in (after posting what they owe, if anything)."""
    SITTING_OUT = "sitting out"
    """A player who is dealt no cards and posts nothing; the blinds that pass them are owed."""
    WAITING = "waiting"
    """A player waiting for the big blind to reach them to be dealt in."""


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat, between hands.

    Attributes
    ----------
    state : SeatState
    owes_small : bool
        The player missed a small blind: a dead small blind is owed.
    owes_big : bool
        The player missed a big blind (or is new): a live big blind is owed.
    """

    state: SeatState
    owes_small: bool = False
    owes_big: bool = False


@dataclass(frozen=True, slots=True)
class Layout:
    """Who plays one hand, and the forced bets they post (docs/rules.md §5.1, §5.10, §8).

    Attributes
    ----------
    order : tuple of int
        The seats dealt in, clockwise from the button's left (the engine's
        positions: position 0 first).
    button : int
        The button's seat; under the dead-button rule it may be a seat that
        is not dealt in.
    blinds : tuple of int
        The blind (or straddle) each position posts, at full size
        (heads-up: the big blind at position 0, the button's small blind at
        position 1).
    posts : tuple of (int, int, int)
        Forced bets posted out of position, as ``(seat, live, dead)``: a
        live blind (part of the player's bet) and a dead one (to the pot
        only).
    settled : tuple of (int, SeatInfo)
        What each seat becomes once the hand is over (debts paid, blinds
        missed, a waiting player dealt in); applied by :meth:`Seating.commit`.
    small_blind_seat : int
        The seat of the small blind; under the dead-button rule it may post
        nothing (nobody plays there any more).
    seen : tuple of (int, SeatInfo)
        Each seat as the layout found it: the number of its player (counting
        the players who sat there) and its state. :meth:`Seating.commit`
        applies ``settled`` to a seat only if its player is still the same,
        and keeps a change its player made during the hand.
    """

    order: tuple[int, ...]
    button: int
    blinds: tuple[int, ...]
    posts: tuple[tuple[int, int, int], ...] = ()
    settled: tuple[tuple[int, SeatInfo], ...] = ()
    small_blind_seat: int = -1
    seen: tuple[tuple[int, SeatInfo], ...] = ()

    @property
    def big_blind_seat(self) -> int:
        """The seat that posts the big blind (or the single blind)."""
        return self.order[big_blind_index(self.blinds)]


def big_blind_index(blinds: Sequence[int]) -> int:
    """Return the position of the big blind among the blinds as posted, position by position.

    The larger of the first two forced bets
    (:func:`omaha.structures.big_blind_position`); heads-up the two
    positions are the other way round (the big blind at position 0).

    Examples
    --------
    >>> big_blind_index((1, 2, 0)), big_blind_index((2, 1)), big_blind_index((2, 0, 0))
    (1, 0, 0)
    """
    if len(blinds) == 2:
        return 1 - big_blind_position(blinds[::-1])
    return big_blind_position(blinds)


def with_straddles(
    layout: Layout, straddles: Mapping[int, int], structure: BettingStructure, stacks: Sequence[int]
) -> Layout:
    """Return ``layout`` with the straddles of one hand, ``seat -> total`` (docs/rules.md §5.1).

    A straddle is a live blind larger than every blind, posted before the
    cards by any player dealt in but the small blind (the big blind too:
    their straddle is their whole forced bet, the big blind in it), given as
    the player's **total** forced bet, as GGPoker states it (`straddle $100`
    by the big blind of $50 posts $50 more; a re-straddle restates the new
    total). Play starts left of the largest forced bet, which is the bet to
    call and counts as a full bet (§5.3, §6). A player straddles at most
    their stack (all-in); fixed-limit games have no straddles.

    Raises
    ------
    ValueError
        A seat not dealt in, the small blind, a total not above every
        blind or above the stack, or a fixed-limit game.
    TypeError
        ``straddles`` is not a mapping.

    Examples
    --------
    >>> from omaha import NoLimit
    >>> layout = Layout((1, 2, 3, 0), 0, (1, 2, 0, 0), small_blind_seat=1)
    >>> with_straddles(layout, {2: 4, 3: 8}, NoLimit(1, 2), [100] * 4).blinds
    (1, 4, 8, 0)
    """
    if not isinstance(straddles, Mapping):
        raise ArgumentTypeError(f"straddles must map seats to totals, got {quote(straddles)}")
    if not straddles:
        return layout
    if isinstance(structure, FixedLimit):
        raise ArgumentError("a fixed-limit game has no straddles (docs/rules.md §5.1)")
    order = layout.order
    blinds = list(layout.blinds)
    big = max(blinds)  # the big blind, or a straddle the structure already posts
    for seat, total in straddles.items():
        if seat not in order:
            raise ArgumentError(f"straddles: seat {quote(seat)} is not dealt in this hand")
        if seat == layout.small_blind_seat:
            raise ArgumentError(f"straddles: seat {seat} posts the small blind; it cannot straddle")
        if isinstance(total, bool) or not isinstance(total, int) or total <= big:
            raise ArgumentError(
                f"straddles: seat {seat} must post a total above the largest blind {big}, "
                f"got {quote(total)}"
            )
        if total > stacks[seat]:
            raise ArgumentError(
                f"straddles: seat {seat} has {stacks[seat]} chips, short of a straddle of {total} "
                f"(a straddle all-in is a total of {stacks[seat]})"
            )
        blinds[order.index(seat)] = total
    return dataclasses.replace(layout, blinds=tuple(blinds))


def split_missed_blinds(total: int, big_blind: int) -> tuple[int, int]:
    """Split the blinds a player posts out of position in one amount into ``(live, dead)``.

    Robert's Rules of Poker (Button and Blind Use): a player who posts the
    blinds missed posts up to the minimum opening bet (the big blind) live,
    and the rest dead, into the pot (docs/rules.md §8.3). Winamax states both
    in one amount, `posts small blind 3€ out of position` then `posts big
    blind 0€ out of position` at 1€/2€: 2€ live and 1€ dead. A small blind
    posted out of position alone is wholly dead: ``(0, amount)``.

    Examples
    --------
    >>> split_missed_blinds(3, 2), split_missed_blinds(2, 2), split_missed_blinds(150, 100)
    ((2, 1), (2, 0), (100, 50))
    """
    live = total if total < big_blind else big_blind
    return live, total - live


def _between(a: int, b: int, seat: int, n: int) -> bool:
    """Whether ``seat`` lies strictly between ``a`` and ``b`` going clockwise round ``n`` seats."""
    return 0 < (seat - a) % n < (b - a) % n or (a == b and seat != a)


class Seating:
    """The seats of a table between hands (docs/rules.md §5.10, §8).

    Parameters
    ----------
    stacks : sequence of int
        Each seat's chips: a seat with chips holds a player who is playing,
        a seat with none is empty.
    button : int
        The button's seat for the first hand.
    rule : {"moving", "dead"}, default "moving"
        The button rule.
    heads_up_order : {"button_small_blind", "ring"}, default "button_small_blind"
        Two players: the button posts the small blind (§5.4), or (``"ring"``)
        they play in the order of a full table, the button last: the player
        left of it posts the small blind and acts first on every street, the
        button posts the big blind.

    Raises
    ------
    ValueError
        An unknown rule or order.
    """

    __slots__ = ("_button", "_info", "_last", "_occupant", "heads_up_order", "rule")

    def __init__(
        self,
        stacks: Sequence[int],
        button: int,
        rule: ButtonRule = "moving",
        heads_up_order: HeadsUpOrder = "button_small_blind",
    ) -> None:
        if rule not in ("moving", "dead"):
            raise ArgumentError(f"button rule {quote(rule)} must be 'moving' or 'dead'")
        if heads_up_order not in HEADS_UP_ORDERS:
            raise ArgumentError(
                "heads_up_order must be 'button_small_blind' or 'ring', "
                f"got {quote(heads_up_order)}"
            )
        self.rule: ButtonRule = rule
        self.heads_up_order: HeadsUpOrder = heads_up_order
        self._info = [
            SeatInfo(SeatState.PLAYING if chips > 0 else SeatState.EMPTY) for chips in stacks
        ]
        self._button = button
        self._occupant = [0] * len(stacks)
        """How many players have sat at each seat: who a layout's seat was."""
        self._last: tuple[int, int] | None = None
        """The last hand's (small blind seat, big blind seat): where the dead button goes."""

    # ------------------------------------------------------------ queries

    @property
    def button(self) -> int:
        """The button's seat for the next hand (perhaps empty, under the dead-button rule)."""
        return self._button

    @property
    def seats(self) -> int:
        """The number of seats."""
        return len(self._info)

    def info(self, seat: int) -> SeatInfo:
        """Return the state and the debts of ``seat``."""
        return self._info[self._check(seat)]

    def _check(self, seat: object) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self._info):
            raise ArgumentError(f"seat {quote(seat)} is not a seat (0..{len(self._info) - 1})")
        return seat

    # ------------------------------------------------------------ changes

    def _occupied(self, seat: int, hint: str) -> SeatInfo:
        """Return the seat's info, or raise when nobody sits there (``hint`` says what to do)."""
        info = self._info[self._check(seat)]
        if info.state is SeatState.EMPTY:
            raise ArgumentError(f"seat {seat} is empty: {hint}")
        return info

    def sit_out(self, seat: int) -> None:
        """Sit the player at ``seat`` out from the next hand (dealt no cards, posting nothing).

        Raises
        ------
        ValueError
            Nobody sits at ``seat``.
        """
        info = self._occupied(seat, "nobody can sit out there")
        self._info[seat] = SeatInfo(SeatState.SITTING_OUT, info.owes_small, info.owes_big)

    def sit_in(self, seat: int, *, post: bool = True) -> None:
        """Bring the player at ``seat`` back into the game (docs/rules.md §8.3).

        Parameters
        ----------
        seat : int
        post : bool, default True
            Post the blinds missed (a dead small blind, a live big blind)
            and be dealt in from the next hand where that is allowed; or
            (False) wait for the big blind, which clears the debts.

        Raises
        ------
        ValueError
            Nobody sits at ``seat``.
        """
        info = self._occupied(seat, "use join() to seat a player")
        owes = info.owes_small or info.owes_big
        state = SeatState.PLAYING if post or not owes else SeatState.WAITING
        self._info[seat] = SeatInfo(state, info.owes_small, info.owes_big)

    def join(self, seat: int, *, post: bool = False) -> None:
        """Seat a new player at the empty ``seat`` (docs/rules.md §8.2).

        Parameters
        ----------
        seat : int
        post : bool, default False
            Post a live big blind and be dealt in from the next hand where
            that is allowed; by default wait for the big blind. Once a hand
            has been played, a new player owes a big blind either way
            (``owes_big``) until they post it or it reaches them.

        Raises
        ------
        ValueError
            The seat is taken.
        """
        if self._info[self._check(seat)].state is not SeatState.EMPTY:
            raise ArgumentError(f"seat {seat} is taken")
        self._occupant[seat] += 1
        if self._last is None:  # no hand played yet: everyone starts together
            self._info[seat] = SeatInfo(SeatState.PLAYING)
        else:  # a new player owes a big blind until they post it or it reaches them
            state = SeatState.PLAYING if post else SeatState.WAITING
            self._info[seat] = SeatInfo(state, owes_big=True)

    def leave(self, seat: int) -> None:
        """Empty ``seat``: its player leaves the table (docs/rules.md §8.4)."""
        self._check(seat)
        self._info[seat] = SeatInfo(SeatState.EMPTY)
        self._occupant[seat] += 1

    # ------------------------------------------------------------ a hand

    def layout(
        self,
        stacks: Sequence[int],
        structure: BettingStructure,
        posts: Mapping[int, tuple[int, int]] | None = None,
    ) -> Layout:
        """Decide who plays the next hand, and the blinds (docs/rules.md §5.10, §8).

        Nothing changes until :meth:`commit`.

        Parameters
        ----------
        stacks : sequence of int
            Each seat's chips.
        structure : FixedLimit, PotLimit, NoLimit or PotLimitPreflop
            The stakes: the blinds by position, the amounts owed.
        posts : mapping of int to (int, int), optional
            Forced bets out of position given outright, ``seat -> (live,
            dead)``, as a hand history records them; they replace what the
            seats owe.

        Raises
        ------
        ValueError
            Fewer than two players can be dealt in.
        """
        n = len(self._info)
        info = self._info
        PLAYING = SeatState.PLAYING
        has = [stacks[s] > 0 and info[s].state is not SeatState.EMPTY for s in range(n)]
        wanting = [has[s] and info[s].state in (PLAYING, SeatState.WAITING) for s in range(n)]
        regular = [
            wanting[s] and info[s].state is PLAYING and not (info[s].owes_small or info[s].owes_big)
            for s in range(n)
        ]
        if sum(wanting) < 2:
            raise ArgumentError(f"a hand needs two players with chips, stacks are {list(stacks)}")
        plan = self._plan(has, wanting, regular, structure)
        if len(plan[4]) < 2:  # nobody to wait for: everyone who wants to play plays
            plan = self._plan(has, wanting, wanting, structure, restart=True)
        button, sb, sb_seat, bb, dealt, extra, settled = plan
        ring = self.heads_up_order == "ring"
        if len(dealt) == 2 and not ring:  # heads-up: the button posts the small blind (§5.4)
            if (self.rule == "dead" and self._last is not None) or button not in dealt:
                button = next(s for s in dealt if s != bb)  # the big blind moved on
            sb_seat = button
        order = tuple(s for s in ((button + 1 + i) % n for i in range(n)) if s in dealt)
        k = len(order)
        if k > 2 and sb is None:
            blinds = structure.forced_bets(k + 1)[1:]  # no small blind: position 0 is the big blind
        elif k == 2 and ring:  # as at a full table: position 0 the small blind, the button the big
            if not isinstance(structure.antes, int):
                raise ArgumentError(
                    "antes by position are not defined for two players in the ring order"
                )
            if sb is None:
                raise ArgumentError("two players in the ring order need a small blind")
            blinds = structure.forced_bets(k)[::-1]
        else:
            blinds = structure.forced_bets(k)
        if posts is not None:
            extra.update(posts)
        post_list = tuple((s, *extra[s]) for s in order if s in extra and any(extra[s]))
        seen = tuple(zip(self._occupant, info, strict=True))
        settled_list = tuple(sorted(settled.items()))
        return Layout(order, button, blinds, post_list, settled_list, sb_seat, seen)

    def _plan(
        self,
        has: list[bool],
        wanting: list[bool],
        regular: list[bool],
        structure: BettingStructure,
        *,
        restart: bool = False,
    ) -> tuple[
        int, int | None, int, int, set[int], dict[int, tuple[int, int]], dict[int, SeatInfo]
    ]:
        """Place the button and the blinds, and decide who else plays (§5.10, §8).

        ``regular`` are the players who play owing nothing. A ``restart``
        (when the rules would leave fewer than two players) moves the button
        as the moving rule does, among everyone who wants to play. Returns the
        button, the small blind (None: not posted), the small blind's seat,
        the big blind, the seats dealt in, their posts out of position and
        what each seat becomes once the hand is over.
        """
        n = len(has)
        info = self._info
        PLAYING, SITTING_OUT = SeatState.PLAYING, SeatState.SITTING_OUT
        if sum(regular) < 2:
            regular = wanting

        def next_from(start: int, ok: list[bool]) -> int:
            return next(s for s in ((start + i) % n for i in range(1, n + 1)) if ok[s])

        if self.rule == "dead" and self._last is not None and not restart:
            button, sb_seat = self._last
            bb = next_from(sb_seat, wanting)
            sb: int | None = sb_seat if regular[sb_seat] and sb_seat != bb else None
        else:
            button = self._button
            if (self.rule == "moving" or restart) and not regular[button]:
                button = next_from(button, regular)
            sb = sb_seat = next_from(button, regular)
            bb = next_from(sb, wanting)
        dealt = {bb} if sb is None else {sb, bb}
        extra: dict[int, tuple[int, int]] = {}
        settled: dict[int, SeatInfo] = {}
        for s in range(n):
            state = info[s].state
            if s in dealt or state is SeatState.EMPTY:
                continue
            before_sb = _between(button, sb_seat, s, n)
            if state is SITTING_OUT:  # with chips, or busted and not yet bought in again
                if before_sb or s == sb_seat:
                    settled[s] = SeatInfo(state, True, info[s].owes_big)
                elif _between(sb_seat, bb, s, n):
                    settled[s] = SeatInfo(state, info[s].owes_small, True)
            elif not has[s]:
                continue
            elif before_sb:
                continue  # between the button and the small blind: wait for the button to pass
            elif regular[s]:
                dealt.add(s)
            elif state is PLAYING and s != button:  # posts what is owed, then plays as anyone
                dealt.add(s)
                live = structure.big_blind if info[s].owes_big else 0
                dead = structure.small_blind if info[s].owes_small else 0
                if live or dead:
                    extra[s] = (live, dead)
        for s in dealt:
            if info[s] != SeatInfo(PLAYING):
                settled[s] = SeatInfo(PLAYING)  # playing (the big blind, or posting) clears debts
        return button, sb, sb_seat, bb, dealt, extra, settled

    def commit(self, layout: Layout, stacks: Sequence[int]) -> None:
        """Record a finished hand: debts paid or missed, busted seats, the next button.

        Parameters
        ----------
        layout : Layout
            The hand's layout, from :meth:`layout`.
        stacks : sequence of int
            Each seat's chips after the hand.
        """
        dealt = set(layout.order)
        for seat, after in layout.settled:
            number, before = layout.seen[seat]
            now = self._info[seat]
            if self._occupant[seat] != number or now.state is SeatState.EMPTY:
                continue  # the player left during the hand (and perhaps another sat down)
            if now == before:
                self._info[seat] = after
            elif seat in dealt:  # sat out during the hand: what they owed is paid
                self._info[seat] = SeatInfo(now.state)
            else:  # came back during the hand: they owe the blinds that passed them too
                small, big = now.owes_small or after.owes_small, now.owes_big or after.owes_big
                self._info[seat] = SeatInfo(now.state, small, big)
        n = len(stacks)
        for s in range(n):
            info = self._info[s]
            if stacks[s] == 0 and info.state is not SeatState.EMPTY:
                # Busted: still seated, sitting out until a rebuy (docs/rules.md §8.4).
                self._info[s] = SeatInfo(SeatState.SITTING_OUT, info.owes_small, info.owes_big)
        bb = layout.big_blind_seat
        self._last = (layout.small_blind_seat, bb)
        if self.rule == "dead":
            self._button = layout.small_blind_seat
            return
        # The button goes to a player who plays owing nothing: a player still
        # to post is dealt in only once the button has passed (§8.2).
        regular = SeatInfo(SeatState.PLAYING)
        playing = [stacks[s] > 0 and self._info[s] == regular for s in range(n)]
        if (
            len(layout.order) >= 3
            and sum(playing) == 2
            and playing[bb]
            and self.heads_up_order == "button_small_blind"
        ):
            # Going heads-up: the last big blind takes the button and the
            # small blind, so nobody posts the big blind twice in a row.
            self._button = bb
            return
        for i in range(1, n + 1):
            s = (layout.button + i) % n
            if playing[s]:
                self._button = s
                return
