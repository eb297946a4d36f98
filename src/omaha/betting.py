"""Betting: the action records, the legal actions and the limits of a raise.

Everything here is pure bookkeeping over chip counts; whose turn it is and
when a round ends is the state machine in :mod:`omaha.hand`. The rules are
docs/rules.md §5.6-§5.8 and §6, each in one place:

- :func:`pot_limit_max`: the pot-limit maximum ``B + P + C``.
- :meth:`BettingRound.raise_bounds`: who may raise, and to how much (the
  no-limit and pot-limit minimum raise, reopening after short all-ins (TDA
  47A), the fixed-limit amount, cap and half-bet rule, and no raising when
  every other player still in the hand is all-in).
- :meth:`BettingRound.record_raise`: what a raise changes (a full raise sets
  the new minimum; a short all-in does not).

Every action a hand records is a small frozen dataclass: :class:`PostAnte`,
:class:`PostBlind`, :class:`PostBigBlindAnte`, :class:`PostDead`, :class:`DealHole`,
:class:`DealBoard`, :class:`RunIt`, :class:`Fold`, :class:`Check`,
:class:`Call`, :class:`RaiseTo`, :class:`Show` and :class:`Muck`. Chips are
``int``.

Examples
--------
>>> pot_limit_max(highest=2, pot=3, own_bet=0)  # blinds 1/2, first to act
7
>>> pot_limit_max(highest=7, pot=10, own_bet=1)  # after a raise to 7 and a fold
23
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from omaha.errors import ArgumentTypeError
from omaha.streets import Street
from omaha.structures import (
    BettingStructure,
    FixedLimit,
    NoLimit,
    PotLimit,
    PotLimitPreflop,
    StructureKind,
)

__all__ = [
    "Action",
    "BettingRound",
    "Call",
    "Check",
    "DealBoard",
    "DealHole",
    "FIXED_LIMIT",
    "Fold",
    "LegalActions",
    "Muck",
    "NO_LIMIT",
    "POT_LIMIT",
    "POT_LIMIT_PREFLOP",
    "PostAnte",
    "PostBigBlindAnte",
    "PostBlind",
    "PostDead",
    "RAISE_OVER_ALL_IN",
    "RaiseOverAllIn",
    "RaiseTo",
    "RunIt",
    "Show",
    "pot_limit_max",
    "raise_answerers",
    "structure_kind",
]

FIXED_LIMIT = StructureKind.FIXED_LIMIT
"""The kind of :class:`~omaha.structures.FixedLimit`."""
POT_LIMIT = StructureKind.POT_LIMIT
"""The kind of :class:`~omaha.structures.PotLimit`."""
NO_LIMIT = StructureKind.NO_LIMIT
"""The kind of :class:`~omaha.structures.NoLimit`."""
POT_LIMIT_PREFLOP = StructureKind.POT_LIMIT_PREFLOP
"""The kind of :class:`~omaha.structures.PotLimitPreflop` (its streets are
:data:`POT_LIMIT` and :data:`NO_LIMIT`)."""

RaiseOverAllIn = Literal["callable", "chips", "always"]
"""Who must be left to answer a bet or raise (docs/rules.md §5.8): the table option
``raise_over_all_in``."""
RAISE_OVER_ALL_IN: tuple[RaiseOverAllIn, ...] = ("callable", "chips", "always")
"""The values of ``raise_over_all_in``; the first is the default."""


# ------------------------------------------------------------------ actions


@dataclass(frozen=True, slots=True)
class Action:
    """Base class of every recorded action."""


@dataclass(frozen=True, slots=True)
class PostAnte(Action):
    """A player posts an ante (dead money, docs/rules.md §5.2)."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class PostBigBlindAnte(Action):
    """The big blind posts the ante for the whole table (goes whole into the main pot)."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class PostBlind(Action):
    """A player posts a blind or straddle (``amount`` may be short: all-in, §5.3).

    A live blind posted out of position (a new player, or a returning one
    paying a missed big blind, docs/rules.md §8) is a ``PostBlind`` too: it
    is part of the player's bet, and the player keeps the option.
    """

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class PostDead(Action):
    """A player posts a dead blind (a missed small blind, docs/rules.md §8.3).

    The chips are dead money, whole into the main pot, as a big-blind ante
    is: no part of the player's bet on the street, nor of the contribution
    that sets the side pots (a shorter all-in player can win them).
    """

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class DealHole(Action):
    """A player is dealt hole cards (``cards`` is None when unknown, PHH ``????``)."""

    seat: int
    cards: tuple[int, ...] | None


@dataclass(frozen=True, slots=True)
class DealBoard(Action):
    """Board cards are dealt: the flop (3), the turn (1) or the river (1).

    ``run`` is the board they go to: 0, or 1, 2, ... for the later boards of
    a hand run more than once (docs/rules.md §4.10).
    """

    cards: tuple[int, ...]
    run: int = 0


@dataclass(frozen=True, slots=True)
class RunIt(Action):
    """The board is run ``times`` times (docs/rules.md §4.10): after an all-in, 2 or more boards."""

    times: int


@dataclass(frozen=True, slots=True)
class Fold(Action):
    """A player folds (PHH ``f``)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Check(Action):
    """A player checks (PHH ``cc`` with nothing to call)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Call(Action):
    """A player calls, adding ``amount`` chips (at most their stack; PHH ``cc``)."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class RaiseTo(Action):
    """A player bets or raises to ``amount``, a street total (PHH ``cbr``)."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class Show(Action):
    """A player shows hole cards (PHH ``sm cards``)."""

    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Muck(Action):
    """A player mucks without showing (PHH ``sm`` with no cards)."""

    seat: int


# ------------------------------------------------------------ legal actions


@dataclass(frozen=True, slots=True)
class LegalActions:
    """What the player to act may do.

    Attributes
    ----------
    seat : int
        The player to act.
    to_call : int
        Chips a call adds (at most the player's stack); 0 when checking is free.
    can_check : bool
        Whether the player may check.
    can_fold : bool
        Whether the player may fold (always during betting: a fold when a
        check is free is allowed, docs/rules.md §5.8).
    min_raise_to, max_raise_to : int or None
        The smallest and largest legal bet or raise, as street totals;
        ``None`` when raising is closed. In fixed limit ``min == max``. When
        the player's stack is short of the minimum, both are the all-in total.
    raise_closed_because : str or None
        Why raising is closed, when it is.
    can_show : bool
        True at showdown: the player shows or mucks (and nothing else).
    can_muck : bool
        At showdown, whether the player may muck: not at an all-in showdown,
        where every live hand is turned face up (docs/rules.md §5.9).
    """

    seat: int
    to_call: int
    can_check: bool
    can_fold: bool
    min_raise_to: int | None
    max_raise_to: int | None
    raise_closed_because: str | None = None
    can_show: bool = False
    can_muck: bool = False

    @property
    def can_raise(self) -> bool:
        """Whether a bet or raise is allowed."""
        return self.min_raise_to is not None


_STRUCTURES = (FixedLimit, PotLimit, NoLimit, PotLimitPreflop)


def structure_kind(structure: BettingStructure) -> StructureKind:
    """Return the kind of ``structure`` (:data:`FIXED_LIMIT` ... :data:`POT_LIMIT_PREFLOP`).

    Raises
    ------
    TypeError
        If ``structure`` is not one of the four structures.
    """
    if isinstance(structure, _STRUCTURES):
        return structure.kind
    raise ArgumentTypeError(
        "structure must be FixedLimit, PotLimit, NoLimit or PotLimitPreflop, "
        f"got {type(structure).__name__}"
    )


def pot_limit_max(highest: int, pot: int, own_bet: int) -> int:
    """Return the pot-limit maximum raise-to ``B + P + C`` (docs/rules.md §6, Pot limit).

    Parameters
    ----------
    highest : int
        ``B``, the highest bet on this street (the full big blind before the
        flop, even when it was posted short).
    pot : int
        ``P``, every chip in the middle: the pots of earlier streets, the
        antes and dead money, and every bet in front of every player on this
        street (the raiser's own and folded players' included).
    own_bet : int
        The raiser's own bet on this street; ``C = B - own_bet``.

    Returns
    -------
    int
        The largest raise-to total (before limiting it to the player's stack).
    """
    return highest + pot + (highest - own_bet)


def raise_answerers(
    rule: RaiseOverAllIn,
    seat: int,
    seats: tuple[int, ...],
    folded: list[bool],
    stacks: list[int],
    bets: list[int],
    highest: int,
) -> int:
    """Count the other players still in the hand who could answer a bet or raise (§5.8).

    What :meth:`BettingRound.raise_bounds` takes as ``others_can_call``:
    raising is closed when it is 0.

    - ``"callable"`` (the default, as PokerKit): the players who could put
      in more than the highest bet (their bet plus their stack exceeds it);
      a raise nobody could call is no raise.
    - ``"chips"`` (PokerStars): the players with chips behind, even fewer
      than the call.
    - ``"always"`` (Winamax): 1, whoever is left: a player whose stack
      covers more than the call may raise even when every other player is
      all-in.

    The part of a raise nobody matches goes back as the uncalled bet (§4.6).

    Examples
    --------
    >>> args = (2, (0, 1, 2), [False] * 3, [0, 50, 900], [200, 92, 23], 200)
    >>> [raise_answerers(rule, *args) for rule in RAISE_OVER_ALL_IN]
    [0, 1, 1]
    """
    if rule == "always":
        return 1
    if rule == "chips":
        return sum(1 for s in seats if s != seat and not folded[s] and stacks[s] > 0)
    return sum(
        1
        for s in seats
        if s != seat and not folded[s] and stacks[s] > 0 and bets[s] + stacks[s] > highest
    )


class BettingRound:
    """The state of one betting round that decides who may raise, and to what.

    It also keeps who has had a turn in the round (:attr:`acted`), which
    decides when the round ends and who may still raise.

    Parameters
    ----------
    kind : StructureKind
        The rule of this street: :data:`FIXED_LIMIT`, :data:`POT_LIMIT` or
        :data:`NO_LIMIT` (a structure's
        :meth:`~omaha.structures.Structure.street_kind`: pot limit or no
        limit, street by street, for :data:`POT_LIMIT_PREFLOP`).
    street : Street
        The betting round: :attr:`Street.PREFLOP` to :attr:`Street.RIVER`
        (or 0..3).
    highest : int
        The bet to match (pre-flop the largest forced bet at full size).
    last_full : int
        The size of the last full bet or raise (no limit, pot limit): the
        minimum bet on a new street, the largest forced bet (at least the
        minimum bet) before the flop. In fixed limit, the bet size.
    count : int
        Fixed limit: bets made so far (1 before the flop: the big blind).
    cap : int
        Fixed limit: the most bets in a round (ignored otherwise).
    heads_up_unlimited : bool
        Fixed limit: no cap while only two players are in the hand.
    """

    __slots__ = (
        "acted",
        "cap",
        "capped",
        "count",
        "heads_up_unlimited",
        "highest",
        "kind",
        "last_aggressor",
        "last_full",
        "level",
        "street",
    )

    def __init__(
        self,
        kind: StructureKind,
        street: Street | int,
        highest: int,
        last_full: int,
        *,
        count: int = 0,
        cap: int = 0,
        heads_up_unlimited: bool = False,
    ) -> None:
        self.kind = kind
        self.street = street
        self.highest = highest
        self.last_full = last_full
        self.level = highest
        """Fixed limit: the last full level, from which the next raise is one bet up."""
        self.count = count
        self.cap = cap
        self.heads_up_unlimited = heads_up_unlimited
        self.capped = False
        """Fixed limit: capped with three or more players in the hand (stays capped)."""
        self.last_aggressor: int | None = None
        self.acted: set[int] = set()
        """The seats that have had a turn in this round (docs/rules.md §5.8)."""

    def copy_state(self) -> tuple[object, ...]:
        """Return the mutable fields (for snapshots in tests)."""
        return (
            self.highest, self.last_full, self.level, self.count, self.capped,
            self.last_aggressor, frozenset(self.acted),
        )  # fmt: skip

    def is_capped(self, in_hand: int) -> bool:
        """Whether the fixed-limit cap closes raising with ``in_hand`` players left."""
        if self.count < self.cap:
            return False
        return not (self.heads_up_unlimited and in_hand == 2 and not self.capped)

    def raise_bounds(
        self,
        bet: int,
        stack: int,
        acted: bool,
        pot: int,
        in_hand: int,
        others_can_call: int,
    ) -> tuple[int, int, None] | tuple[None, None, str]:
        """Return ``(min_raise_to, max_raise_to, None)``, or ``(None, None, reason)``.

        Parameters
        ----------
        bet, stack : int
            The player's bet on this street and chips behind.
        acted : bool
            Whether the player has already acted in this round.
        pot : int
            Every chip in the middle, this street's bets included.
        in_hand : int
            Players still in the hand (not folded), the player included.
        others_can_call : int
            Other players still in the hand who could answer a raise, as the
            table's rule counts them (:func:`raise_answerers`; by default
            those who could put in more than the highest bet).

        Notes
        -----
        docs/rules.md §5.8: nobody may bet or raise when no other player
        still in the hand could answer it (by default: every other player is
        all-in, or would be all-in by calling the bet already made; a raise
        nobody can call is no raise). §6: the
        fixed-limit amount, cap and half-bet rule; the no-limit and
        pot-limit minimum raise and reopening (TDA 47A); the pot-limit
        maximum.
        """
        highest = self.highest
        if stack <= highest - bet:
            return None, None, "the stack does not cover more than a call"
        if others_can_call == 0:
            return None, None, "every other player still in the hand is all-in or cannot call more"
        all_in_to = bet + stack
        if self.kind == FIXED_LIMIT:
            if self.is_capped(in_hand):
                return None, None, f"the round is capped at {self.cap} bets"
            # Reopened only by a full level above the player's bet that also
            # adds at least half a bet to it (short all-ins may add up to it).
            if acted and (self.level <= bet or 2 * (highest - bet) < self.last_full):
                return None, None, "an all-in for less than half a bet did not reopen the betting"
            target = self.level + self.last_full
            if all_in_to < target:
                return all_in_to, all_in_to, None
            return target, target, None
        if acted and highest - bet < self.last_full:
            return None, None, "a short all-in did not reopen the betting"
        min_to = highest + self.last_full
        if all_in_to <= min_to:
            return all_in_to, all_in_to, None
        if self.kind == NO_LIMIT:
            return min_to, all_in_to, None
        max_to = max(pot_limit_max(highest, pot, bet), min_to)
        return min_to, min(max_to, all_in_to), None

    def record_raise(self, seat: int, total: int, in_hand: int) -> None:
        """Record a bet or raise to ``total`` (already checked against :meth:`raise_bounds`).

        A full raise (no limit, pot limit: adding at least the last full bet
        or raise) sets the new minimum raise; a short all-in does not. In
        fixed limit an all-in adding at least half a bet above the last full
        level counts as a full bet (and toward the cap); less does not
        (docs/rules.md §6).
        """
        if self.kind == FIXED_LIMIT:
            if 2 * (total - self.level) >= self.last_full:
                self.count += 1
                self.level = total
                if self.count >= self.cap and in_hand > 2:
                    self.capped = True
        else:
            increment = total - self.highest
            if increment >= self.last_full:
                self.last_full = increment
        self.highest = total
        self.last_aggressor = seat
