"""Betting structures: :class:`FixedLimit`, :class:`PotLimit`, :class:`NoLimit` and more.

A structure is a small frozen dataclass holding the stakes of a game: the
forced bets by position (PHH's ``blinds_or_straddles``), the antes, and for
fixed limit the bet sizes and the cap (docs/rules.md §5.1-§5.3, §6). It is
validated when built and holds no state; :mod:`omaha.betting` applies it.
The fourth, :class:`PotLimitPreflop` (pot limit before the flop, no limit after it,
docs/rules.md §6.5) says which of the two rules each street follows
(:meth:`Structure.street_kind`); the rules themselves are pot limit's and no
limit's.

Positions count clockwise from the button: position 0 is the first seat left
of the button (the small blind), 1 the next (the big blind), and so on; the
button is the last position. Heads-up, the two positions' forced bets and
antes are swapped, as in PHH: the button posts ``blinds_or_straddles[0]``
(the small blind) and the other player ``blinds_or_straddles[1]``.

Examples
--------
>>> PotLimit(1, 2).min_bet
2
>>> FixedLimit(15, 30, small_blind=10).blinds_or_straddles
(10, 15)
>>> NoLimit(1, 2, blinds_or_straddles=(1, 2, 4)).big_blind
2
>>> [PotLimitPreflop(1, 2).street_kind(street).label for street in range(4)]
['pot-limit', 'no-limit', 'no-limit', 'no-limit']
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from omaha.errors import ArgumentError, quote
from omaha.streets import PREFLOP, TURN

__all__ = [
    "BettingStructure",
    "FixedLimit",
    "NoLimit",
    "PotLimit",
    "PotLimitPreflop",
    "Structure",
    "StructureKind",
    "big_blind_position",
]


class StructureKind(enum.IntEnum):
    """The kind of a betting structure (docs/rules.md §6)."""

    FIXED_LIMIT = 0
    POT_LIMIT = 1
    NO_LIMIT = 2
    POT_LIMIT_PREFLOP = 3
    """Pot limit before the flop, no limit after it (docs/rules.md §6.5)."""

    @property
    def label(self) -> str:
        """``"fixed-limit"``, ``"pot-limit"``, ``"no-limit"`` or ``"pot-limit-preflop"``."""
        return ("fixed-limit", "pot-limit", "no-limit", "pot-limit-preflop")[self]


def big_blind_position(blinds_or_straddles: Sequence[int]) -> int:
    """Return the position of the big blind: the larger of the first two forced bets.

    Position 1 when it posts at least position 0's blind, else position 0
    (a single blind). Positions beyond the tuple post nothing, so the answer
    does not depend on them: ``(2,)`` and ``(2, 0, 0)`` agree, and so do
    ``(0,)`` and ``(0, 0)`` (no blind: position 1). The big blind posts the
    big-blind ante (docs/rules.md §5.2).

    Examples
    --------
    >>> big_blind_position((1, 2)), big_blind_position((2,)), big_blind_position((2, 0, 0))
    (1, 0, 0)
    >>> big_blind_position((0,)), big_blind_position((0, 0, 0))
    (1, 1)
    """
    forced = blinds_or_straddles
    second = forced[1] if len(forced) > 1 else 0
    return 1 if second >= forced[0] else 0


def _check_chips(name: str, value: object, *, positive: bool = False) -> int:
    """Return ``value`` if it is a non-negative (or positive) int, else raise."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentError(f"{name} must be an integer number of chips, got {quote(value)}")
    if value < 0 or (positive and value == 0):
        kind = "positive" if positive else "non-negative"
        raise ArgumentError(f"{name} must be {kind}, got {quote(value)}")
    return value


def _check_per_position(name: str, value: object) -> tuple[int, ...]:
    """Return ``value`` as a tuple of non-negative ints, else raise."""
    if isinstance(value, str | bytes) or not hasattr(value, "__iter__"):
        raise ArgumentError(f"{name} must be a sequence of chip amounts, got {quote(value)}")
    items = tuple(value)
    if not items:
        raise ArgumentError(f"{name} must not be empty, got {quote(value)}")
    for item in items:
        if isinstance(item, bool) or not isinstance(item, int) or item < 0:
            raise ArgumentError(f"{name} must hold non-negative integers, got {quote(value)}")
    return items


def _resolve_forced(
    obj: object, small_blind: int | None, big_blind: int, bos: object
) -> tuple[int, int, tuple[int, ...]]:
    """Validate the blinds and return (small_blind, big_blind, blinds_or_straddles)."""
    if bos is not None:
        forced = _check_per_position("blinds_or_straddles", bos)
        sb = forced[0] if len(forced) > 1 else 0
        bb = max(forced[:2])
        return sb, bb, forced
    bb = _check_chips("big_blind", big_blind)
    sb = _check_chips("small_blind", small_blind if small_blind is not None else 0)
    if sb > bb:
        raise ArgumentError(
            f"small_blind {quote(sb)} exceeds big_blind {quote(bb)} in {type(obj).__name__}"
        )
    return sb, bb, (sb, bb)


@dataclass(frozen=True, slots=True)
class Structure:
    """The fields common to every betting structure (do not build directly).

    Attributes
    ----------
    blinds_or_straddles : tuple of int
        The forced bet of each position, PHH style: ``(1, 2)`` for blinds
        1/2, ``(1, 2, 4)`` with a straddle, ``(2,)`` for a single blind.
        Positions beyond the tuple post nothing.
    antes : int or tuple of int
        The ante of every player (an int), or per position (a tuple).
    big_blind_ante : int
        An ante the big blind pays for the whole table (docs/rules.md §5.2).
    """

    blinds_or_straddles: tuple[int, ...]
    antes: int | tuple[int, ...]
    big_blind_ante: int
    kind: ClassVar[StructureKind]
    """Which of the four structures this is."""

    @property
    def largest_forced_bet(self) -> int:
        """The largest blind or straddle: what a player must put in to call pre-flop."""
        return max(self.blinds_or_straddles)

    @property
    def big_blind_position(self) -> int:
        """The position of the big blind (the larger of the first two forced bets).

        It posts the big-blind ante. With a single blind it is position 0
        (see :func:`big_blind_position`).
        """
        return big_blind_position(self.blinds_or_straddles)

    def street_kind(self, street: int) -> StructureKind:
        """Return the rule the betting on ``street`` (0..3, or a Street) follows.

        The structure's own :attr:`kind` on every street, but for
        :class:`PotLimitPreflop`: pot limit before the flop, no limit after.
        """
        return self.kind

    def forced_bets(self, players: int) -> tuple[int, ...]:
        """Return the blind or straddle each position posts with ``players`` players.

        Heads-up the two positions are swapped (the button posts the small
        blind), exactly as PHH applies ``blinds_or_straddles``.

        Examples
        --------
        >>> NoLimit(1, 2).forced_bets(4)
        (1, 2, 0, 0)
        >>> NoLimit(1, 2).forced_bets(2)
        (2, 1)
        """
        forced = self.blinds_or_straddles[:players]
        out = forced + (0,) * (players - len(forced))
        if players == 2:
            out = out[::-1]
        return out

    def antes_by_position(self, players: int) -> tuple[int, ...]:
        """Return the ante each position posts (heads-up swapped, as blinds are)."""
        if isinstance(self.antes, int):
            return (self.antes,) * players
        antes = self.antes[:players]
        out = antes + (0,) * (players - len(antes))
        if players == 2:
            out = out[::-1]
        return out

    def _set_fields(self, **fields: object) -> None:
        """Set the fields of this frozen structure, then check the common ones."""
        for name, value in fields.items():
            object.__setattr__(self, name, value)
        self._validate_common()

    def _validate_common(self) -> None:
        antes = self.antes
        if isinstance(antes, int) and not isinstance(antes, bool):
            _check_chips("antes", antes)
        else:
            object.__setattr__(self, "antes", _check_per_position("antes", antes))
        _check_chips("big_blind_ante", self.big_blind_ante)
        if len(self.blinds_or_straddles) > 10:
            raise ArgumentError(
                f"blinds_or_straddles has {len(self.blinds_or_straddles)} positions; "
                "a table has at most 10"
            )


@dataclass(frozen=True, slots=True, init=False)
class FixedLimit(Structure):
    """Fixed-limit betting (docs/rules.md §6, Fixed limit).

    Parameters
    ----------
    small_bet : int
        The bet and raise size before the flop and on the flop (chips).
    big_bet : int
        The bet and raise size on the turn and river (chips).
    small_blind : int, optional
        Default ``small_bet // 2``. The seed's $15/$30 game uses $10/$15:
        ``FixedLimit(15, 30, small_blind=10)``.
    big_blind : int, optional
        Default ``small_bet``. Before the flop it counts as the first bet.
    blinds_or_straddles : tuple of int, optional
        Forced bets per position (overrides the two blinds), PHH style.
    antes : int or tuple of int, default 0
        Per player, or per position.
    big_blind_ante : int, default 0
        One ante the big blind pays for the table.
    cap : int, default 4
        At most this many bets per round (a bet, a raise, a re-raise and the
        cap); before the flop the big blind counts as the first bet.
    heads_up_unlimited : bool, default False
        Raising is unlimited while only two players are in the hand and the
        round is not yet capped (Robert's Rules).

    Raises
    ------
    ValueError
        A non-integer or negative amount, a big bet below the small bet, or
        a cap below 1; the message names the bad value.
    """

    small_bet: int
    big_bet: int
    small_blind: int
    big_blind: int
    cap: int
    heads_up_unlimited: bool
    kind: ClassVar[StructureKind] = StructureKind.FIXED_LIMIT

    def __init__(
        self,
        small_bet: int,
        big_bet: int,
        *,
        small_blind: int | None = None,
        big_blind: int | None = None,
        blinds_or_straddles: tuple[int, ...] | None = None,
        antes: int | tuple[int, ...] = 0,
        big_blind_ante: int = 0,
        cap: int = 4,
        heads_up_unlimited: bool = False,
    ) -> None:
        _check_chips("small_bet", small_bet, positive=True)
        _check_chips("big_bet", big_bet, positive=True)
        if big_bet < small_bet:
            raise ArgumentError(
                f"big_bet {quote(big_bet)} is smaller than small_bet {quote(small_bet)}"
            )
        if isinstance(cap, bool) or not isinstance(cap, int) or cap < 1:
            raise ArgumentError(f"cap must be a positive integer, got {quote(cap)}")
        if not isinstance(heads_up_unlimited, bool):
            raise ArgumentError(
                f"heads_up_unlimited must be a bool, got {quote(heads_up_unlimited)}"
            )
        sb, bb, forced = _resolve_forced(
            self,
            small_bet // 2 if small_blind is None else small_blind,
            small_bet if big_blind is None else big_blind,
            blinds_or_straddles,
        )
        self._set_fields(
            small_bet=small_bet,
            big_bet=big_bet,
            small_blind=sb,
            big_blind=bb,
            blinds_or_straddles=forced,
            antes=antes,
            big_blind_ante=big_blind_ante,
            cap=cap,
            heads_up_unlimited=heads_up_unlimited,
        )

    def __repr__(self) -> str:
        return (
            f"FixedLimit(small_bet={self.small_bet}, big_bet={self.big_bet}, "
            f"small_blind={self.small_blind}, big_blind={self.big_blind}, "
            f"blinds_or_straddles={self.blinds_or_straddles}, antes={self.antes}, "
            f"big_blind_ante={self.big_blind_ante}, cap={self.cap}, "
            f"heads_up_unlimited={self.heads_up_unlimited})"
        )

    def bet_size(self, street: int) -> int:
        """Return the fixed bet size on ``street`` (a :class:`~omaha.streets.Street`, or 0..3).

        The small bet pre-flop and on the flop, the big bet on the turn and
        the river.
        """
        return self.small_bet if street < TURN else self.big_bet


@dataclass(frozen=True, slots=True, init=False)
class _BigBetStructure(Structure):
    """Pot limit and no limit: named by the blinds, with a minimum bet and an optional cap."""

    small_blind: int
    big_blind: int
    min_bet: int
    hand_cap: int | None

    def __init__(
        self,
        small_blind: int,
        big_blind: int,
        *,
        blinds_or_straddles: tuple[int, ...] | None = None,
        antes: int | tuple[int, ...] = 0,
        big_blind_ante: int = 0,
        min_bet: int | None = None,
        hand_cap: int | None = None,
    ) -> None:
        sb, bb, forced = _resolve_forced(self, small_blind, big_blind, blinds_or_straddles)
        if min_bet is None:
            min_bet = bb
        _check_chips("min_bet", min_bet)
        if min_bet == 0:
            raise ArgumentError(
                "min_bet must be positive (give min_bet= when the big blind is 0),"
                f" got {quote(min_bet)}"
            )
        if hand_cap is not None:
            _check_chips("hand_cap", hand_cap, positive=True)
        self._set_fields(
            small_blind=sb,
            big_blind=bb,
            blinds_or_straddles=forced,
            antes=antes,
            big_blind_ante=big_blind_ante,
            min_bet=min_bet,
            hand_cap=hand_cap,
        )

    def __repr__(self) -> str:
        cap = "" if self.hand_cap is None else f", hand_cap={self.hand_cap}"
        return (
            f"{type(self).__name__}(small_blind={self.small_blind}, big_blind={self.big_blind}, "
            f"blinds_or_straddles={self.blinds_or_straddles}, antes={self.antes}, "
            f"big_blind_ante={self.big_blind_ante}, min_bet={self.min_bet}{cap})"
        )


@dataclass(frozen=True, slots=True, init=False, repr=False)
class PotLimit(_BigBetStructure):
    """Pot-limit betting (docs/rules.md §6, Pot limit), named by its blinds.

    Parameters
    ----------
    small_blind, big_blind : int
        The blinds in chips (``PotLimit(1, 2)`` is a $1/$2 game).
    blinds_or_straddles : tuple of int, optional
        Forced bets per position (overrides the two blinds), PHH style.
    antes : int or tuple of int, default 0
        Per player, or per position.
    big_blind_ante : int, default 0
        One ante the big blind pays for the table.
    min_bet : int, optional
        The minimum bet and raise size; default the big blind.
    hand_cap : int, optional
        A capped game (docs/rules.md §6.4): the most chips each player may
        put in during one hand, blinds and antes included. A player who
        reaches it is capped, and plays on as if all-in; the rest of their
        stack stays out of play. ``PotLimit(5, 10, hand_cap=400)`` is Full
        Tilt's "$5/$10 - $400 Pot Limit Omaha".

    Raises
    ------
    ValueError
        A non-integer or negative amount, a small blind above the big
        blind, or a cap that is not positive; the message names the bad
        value.
    """

    kind: ClassVar[StructureKind] = StructureKind.POT_LIMIT


@dataclass(frozen=True, slots=True, init=False, repr=False)
class NoLimit(_BigBetStructure):
    """No-limit betting (docs/rules.md §6, No limit), named by its blinds.

    Parameters are those of :class:`PotLimit`.

    Raises
    ------
    ValueError
        As for :class:`PotLimit`.
    """

    kind: ClassVar[StructureKind] = StructureKind.NO_LIMIT


@dataclass(frozen=True, slots=True, init=False, repr=False)
class PotLimitPreflop(_BigBetStructure):
    """Pot limit before the flop, no limit after it (docs/rules.md §6.5), named by its blinds.

    GGPoker's ``Omaha (NL postflop)`` tournaments, elsewhere "PL/NL": the
    largest raise before the flop is the pot-limit one (``B + P + C``, §6.2),
    and on the flop, turn and river the whole stack (§6.3). Minimum bets and
    raises, reopening and short all-ins are those of both (§6.2, §6.3).
    Parameters are those of :class:`PotLimit`.

    Raises
    ------
    ValueError
        As for :class:`PotLimit`.

    Examples
    --------
    >>> st = PotLimitPreflop(1, 2)
    >>> st.kind.label, st.street_kind(0).label, st.street_kind(1).label
    ('pot-limit-preflop', 'pot-limit', 'no-limit')
    """

    kind: ClassVar[StructureKind] = StructureKind.POT_LIMIT_PREFLOP

    def street_kind(self, street: int) -> StructureKind:
        """Pot limit before the flop (street 0), no limit on the flop, turn and river."""
        return StructureKind.POT_LIMIT if street == PREFLOP else StructureKind.NO_LIMIT


BettingStructure = FixedLimit | PotLimit | NoLimit | PotLimitPreflop
"""Any betting structure a table plays (docs/rules.md §6): the one spelling of the union."""
