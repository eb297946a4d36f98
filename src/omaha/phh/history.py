"""One PHH hand: :class:`HandHistory`, every field of the file plus typed views.

A hand history keeps the fields as read (in order, with their types, unknown
and user-defined fields included) and checks them when it is built: the
required fields, the variant, the amounts (see :mod:`omaha.phh.amounts`) and
the actions (:mod:`omaha.phh.actions`). It reads the engine's objects from
them: the betting structure (:meth:`HandHistory.structure`, house rules
included) and the table (:meth:`HandHistory.table`); and it records a hand
played through the API (:meth:`HandHistory.from_hand`, through
:mod:`omaha.phh.record`).

Players and seats: player ``pN`` is the N-th player clockwise from the
button's left (``p1`` posts the small blind, the last player is the button;
heads-up ``p1`` is the big blind and ``p2`` the button, and ``antes`` and
``blinds_or_straddles`` apply reversed). On the table of
:meth:`HandHistory.table`, player ``pN`` sits at seat ``N - 1`` and the
button is the last seat.

Examples
--------
>>> from omaha.phh.toml import load_toml
>>> h = HandHistory(load_toml('''
... variant = "PO/8"
... antes = [0, 0]
... blinds_or_straddles = [0.5, 1]
... min_bet = 1
... starting_stacks = [100, 99.5]
... actions = ["p2 cbr 3"]
... ''', "<text>"))
>>> h.scale, h.starting_stacks, h.actions[0].amount, h.game
(10, (1000, 995), 30, 'hilo')
"""

from __future__ import annotations

import datetime
import decimal
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from omaha.betting import RAISE_OVER_ALL_IN
from omaha.cards import MAX_PLAYERS, parse_cards
from omaha.errors import ArgumentError, InvalidCardError, PHHError, quote
from omaha.games import GameName
from omaha.phh.actions import PHHAction, parse_action, raw_amount
from omaha.phh.amounts import (
    MAX_DIGITS,
    Amount,
    check_amount,
    parse_amount,
    to_chips,
    to_file_units,
)
from omaha.phh.amounts import places as decimal_places
from omaha.phh.fields import (
    ALL_IN_MUCK_FIELD,
    AMOUNT_FIELDS,
    BB_ANTE_FIELD,
    BEHIND_FIELD,
    CAP_FIELD,
    CASH_OUT_FIELD,
    CHIP_FIELD,
    DEAD_FIELD,
    FEES_FIELD,
    HAND_CAP_FIELD,
    HEADS_UP_ORDER_FIELD,
    HOLE_COUNT_FIELD,
    HOUSE_FIELD,
    HU_UNLIMITED_FIELD,
    LIST_FIELDS,
    ODD_CHIPS_FIELD,
    POSTED_FIELD,
    POT_LIMIT_PREFLOP_FIELD,
    POTS_FIELD,
    RAISE_OVER_ALL_IN_FIELD,
    RAKE_FIELD,
    RAKE_MAIN_FIELD,
    REQUIRED_BY_BETTING,
    REQUIRED_COMMON,
    RUN_BOARDS_FIELD,
    TOTAL_POT_FIELD,
    UNCALLED_FIELD,
    VARIANTS,
    Betting,
    betting_of,
    lone_big_blind_ante,
)
from omaha.phh.record import record
from omaha.phh.toml import dump_fields
from omaha.pots import ODD_CHIPS
from omaha.rake import RecordedRake
from omaha.seating import HEADS_UP_ORDERS
from omaha.structures import BettingStructure, FixedLimit, NoLimit, PotLimit, PotLimitPreflop
from omaha.table import Table

if TYPE_CHECKING:
    from omaha.hand import Hand

__all__ = ["HandHistory", "StatedPot"]

_MAX_SCALE = 10**MAX_DIGITS
_POT_KEYS = frozenset({"pot", "run", "amount", "won"})
_PER_PLAYER = ("antes", "blinds_or_straddles", "finishing_stacks", *LIST_FIELDS[4:])


_TEXT_FIELDS = (
    "author", "event", "url", "venue", "address", "city", "region", "postal_code", "country",
    "time_zone", "time_zone_abbreviation", "currency",
)  # fmt: skip
_COUNT_FIELDS = {"day": (1, 31), "month": (1, 12), "year": (1, 9999)}
_NUMBER_FIELDS = ("hand", "level", "table")  # a site's may be text: "RC1234", "Table 3"
CHECKED_STANDARD_FIELDS = (
    *_TEXT_FIELDS, *_COUNT_FIELDS, *_NUMBER_FIELDS, "seat_count", "seats",
    "ante_trimming_status", "time", "time_limit", "time_banks", "players", "actions",
)  # fmt: skip
"""The optional fields PHH defines that a hand checks by their meaning (with ``players``)."""
MAX_SEAT_COUNT = 1000
"""The most seats ``seat_count`` may state."""


_BIG_BET: dict[str, type[PotLimit | NoLimit | PotLimitPreflop]] = {
    "pot": PotLimit,
    "no": NoLimit,
    "pot-preflop": PotLimitPreflop,
}
"""The big-bet structure of each :data:`~omaha.phh.fields.Betting` but fixed limit."""


def _check_standard_fields(f: Mapping[str, Any], n: int, name: str) -> None:
    """Check the optional fields PHH defines, by their meaning (docs/guide.md, PHH section).

    Text fields are strings; ``day`` 1..31, ``month`` 1..12, ``year``
    1..9999 (and together a date that exists), ``hand``, ``level`` and
    ``table`` whole numbers from 0 or a site's text for them; ``seat_count`` a whole number of seats
    from the number of players to :data:`MAX_SEAT_COUNT`; ``seats`` one
    seat number per player, distinct, from 1 to ``seat_count``;
    ``ante_trimming_status`` true or false; ``time`` a time of day;
    ``time_limit`` and ``time_banks`` (one per player) finite seconds from 0.
    """
    for key in _TEXT_FIELDS:
        if key in f and not isinstance(f[key], str):
            raise PHHError(f"{name}: {key} must be a string, not {quote(f[key])}")
    for key, (low, high) in _COUNT_FIELDS.items():
        if key in f:
            _whole(f[key], key, low, high, name)
    for key in _NUMBER_FIELDS:
        if key in f and not isinstance(f[key], str):
            _whole(f[key], key, 0, None, name)
    if all(key in f for key in ("day", "month", "year")):
        try:
            datetime.date(f["year"], f["month"], f["day"])
        except ValueError:
            raise PHHError(
                f"{name}: day {f['day']}, month {f['month']}, year {f['year']} is no date"
            ) from None
    count = (
        _whole(f["seat_count"], "seat_count", n, MAX_SEAT_COUNT, name)
        if "seat_count" in f
        else None
    )
    if "seats" in f:
        seats = f["seats"]
        if not isinstance(seats, list) or len(seats) != n:
            raise PHHError(
                f"{name}: seats must be {n} seat numbers, one a player, not {quote(seats)}"
            )
        for i, seat in enumerate(seats):
            _whole(seat, f"seats[{i}]", 1, count or MAX_SEAT_COUNT, name)
        if len(set(seats)) != n:
            raise PHHError(f"{name}: seats {quote(seats)} seat two players in one seat")
    if "ante_trimming_status" in f and not isinstance(f["ante_trimming_status"], bool):
        raise PHHError(
            f"{name}: ante_trimming_status must be true or false,"
            f" not {quote(f['ante_trimming_status'])}"
        )
    if "time" in f and not isinstance(f["time"], datetime.time):
        raise PHHError(f"{name}: time must be a time of day (12:30:00), not {quote(f['time'])}")
    banks = f.get("time_banks", [])
    if not isinstance(banks, list) or ("time_banks" in f and len(banks) != n):
        raise PHHError(f"{name}: time_banks must be {n} numbers of seconds, not {quote(banks)}")
    for key, value in [("time_limit", f["time_limit"])] if "time_limit" in f else []:
        check_amount(value, key, name)
    for i, value in enumerate(banks):
        check_amount(value, f"time_banks[{i}]", name)


def _whole(value: object, key: str, low: int, high: int | None, name: str) -> int:
    """Return ``value`` when it is an int in ``low..high``; else raise naming ``key``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise PHHError(f"{name}: {key} must be a whole number, not {quote(value)}")
    if value < low or (high is not None and value > high):
        bound = f"from {low} to {high}" if high is not None else f"{low} or more"
        raise PHHError(f"{name}: {key} must be {bound}, not {quote(value)}")
    return value


def _too_large(name: str, what: str, value: int) -> PHHError:
    return PHHError(
        f"{name}: {what} is too large ({quote(value)} in chips); an amount has at"
        f" most {MAX_DIGITS:,} digits"
    )


def _same(a: object, b: object) -> bool:
    """Whether two field values are equal, a NaN being equal to a NaN in the same place.

    ``nan`` in a user-defined field is kept as read; without this, a hand
    would differ from its own round trip (NaN is unequal to itself).
    """
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if _is_nan(a) and _is_nan(b):
        return True
    return bool(a == b)


def _is_nan(x: object) -> bool:
    return isinstance(x, decimal.Decimal | float) and x != x


@dataclass(frozen=True, slots=True)
class StatedPot:
    """One entry of ``_pots``: a pot, or one board's share of it, as the file states it.

    Attributes
    ----------
    pot : int
        0 for the main pot, 1 for the first side pot, ... (``pot = 1`` in the file is 0).
    run : int or None
        The board (0 for the first) when the entry is one board's share of
        a pot run more than once; None for the whole pot.
    amount : int
        Chips, after the rake.
    won : dict of int to int
        Chips each player won from it, by player index (``p1`` is 0).
    """

    pot: int
    run: int | None
    amount: int
    won: dict[int, int]


@dataclass(frozen=True, eq=False)
class HandHistory:
    """One PHH hand: every field of the file, in order, plus typed views.

    Parameters
    ----------
    fields : mapping of str to TOML value
        The hand's fields as read from TOML (decimals as ``Decimal``), in
        file order; unknown and user-defined (``_name``) fields are kept and
        written back.
    name : str
        A name for messages (the file's path, ``path[key]`` in a ``.phhs``).

    Raises
    ------
    PHHError
        A required field is missing or malformed, the variant is not an
        Omaha variant, an amount is negative or infinite, an action cannot
        be parsed, or the lists' lengths disagree.

    Notes
    -----
    Two histories are equal when their fields are equal (numbers compare
    by value, so ``500`` equals ``500.0``).
    """

    fields: Mapping[str, Any]
    name: str = field(default="<phh>")
    _amounts: dict[str, Any] = field(init=False, repr=False, compare=False, default_factory=dict)
    """The amount fields in chips (ints, tuples for lists), computed once when the hand is read."""
    _source: tuple[tuple[int, ...], tuple[str, ...]] | None = field(
        init=False, repr=False, compare=False, default=None
    )
    """An imported hand's :attr:`source_lines`: the line numbers (0: none) and texts, flat."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "fields", dict(self.fields))
        self._validate()

    @classmethod
    def _prepared(
        cls,
        fields: dict[str, Any],
        name: str,
        *,
        places: int,
        chips: dict[str, Any],
        actions: tuple[PHHAction, ...],
        source: tuple[tuple[int, ...], tuple[str, ...]] | None = None,
    ) -> HandHistory:
        """Build a hand whose fields a writer of this library has just made and checked.

        Reading such fields back (:class:`HandHistory`) would compute the
        same ``places``, amounts in chips and parsed actions from the text;
        an importer that already holds them gives them here and skips that
        work (:mod:`omaha.history`). Nothing else is checked but the bound on
        amounts (:data:`omaha.phh.amounts.MAX_DIGITS`: what is written must
        read back): the caller guarantees ``HandHistory(fields, name)`` would agree.

        Parameters
        ----------
        fields : dict
            The PHH fields, as :class:`HandHistory` takes them.
        name : str
            A name for messages.
        places : int
            The decimal places of the finest amount in ``fields``.
        chips : dict
            Each amount field of ``fields`` in chips (ints; tuples for the lists).
        actions : tuple of PHHAction
            ``fields["actions"]``, parsed, amounts in chips.
        source : (tuple of int, tuple of str), optional
            :attr:`source_lines`, flat: for each action, the number of the
            site file's line that states it (0: none) and its text.
        """
        # The one check kept: an amount past the bound would be written and not read
        # back (omaha.phh.amounts.MAX_DIGITS), so it is refused here as on reading.
        # This runs on every imported hand: one max and min over the amounts (ints),
        # and the amount is named only when one fails.
        values = [a.amount for a in actions if a.amount is not None]
        for vs in chips.values():
            if type(vs) is tuple:
                values += vs
            else:
                values.append(vs)
        limit = _MAX_SCALE
        if values and (max(values) >= limit or min(values) <= -limit):
            for key, vs in chips.items():
                for value in vs if isinstance(vs, tuple) else (vs,):
                    if not -limit < value < limit:
                        raise _too_large(name, key, value)
            for a in actions:
                if a.amount is not None and not -limit < a.amount < limit:
                    raise _too_large(name, f"action {a.text[:40]!r}", a.amount)
        self = object.__new__(cls)
        object.__setattr__(self, "fields", fields)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "_amounts", chips)
        object.__setattr__(self, "_source", source)
        self.__dict__["places"] = places
        self.__dict__["scale"] = 10**places
        self.__dict__["actions"] = actions
        return self

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandHistory):
            return NotImplemented
        return _same(dict(self.fields), dict(other.fields))

    __hash__ = None  # type: ignore[assignment]

    # ---- validation and typed views

    def _validate(self) -> None:
        f = self.fields
        name = self.name
        for key in REQUIRED_COMMON:
            if key not in f:
                raise PHHError(f"{name}: missing required field {quote(key)}")
        variant = f["variant"]
        if not isinstance(variant, str) or variant not in VARIANTS:  # a table is unhashable
            raise PHHError(
                f"{name}: variant {quote(variant)} is not an Omaha variant this library plays "
                f"(one of {', '.join(sorted(VARIANTS))})"
            )
        for key in REQUIRED_BY_BETTING[VARIANTS[variant][0]]:
            if key not in f:
                raise PHHError(f"{name}: variant {quote(variant)} needs the field {quote(key)}")
        n = len(self._list("starting_stacks"))
        if n < 2:
            raise PHHError(f"{name}: a hand needs at least 2 players, got {n}")
        for key in _PER_PLAYER:
            if key in f and len(self._list(key)) != n:
                raise PHHError(f"{name}: {key} has {len(self._list(key))} entries for {n} players")
        self._check_tables(n)
        _check_standard_fields(f, n, name)
        names = f.get("players")
        if names is not None and (
            not isinstance(names, list)
            or len(names) != n
            or not all(isinstance(x, str) for x in names)
        ):
            raise PHHError(
                f"{name}: players must be {n} names (strings), one a player, not {quote(names)}"
            )
        if not isinstance(f["actions"], list):
            raise PHHError(f"{name}: actions must be a list of strings, not {quote(f['actions'])}")
        hc = f.get(HOLE_COUNT_FIELD, 4)
        if isinstance(hc, bool) or hc not in (4, 5, 6):
            raise PHHError(f"{name}: {HOLE_COUNT_FIELD} must be 4, 5 or 6, not {quote(hc)}")
        if n > MAX_PLAYERS[hc]:
            raise PHHError(
                f"{name}: {n} players is too many for {hc} hole cards (at most {MAX_PLAYERS[hc]})"
            )
        for key in (CAP_FIELD,):
            if key in f and (isinstance(f[key], bool) or not isinstance(f[key], int)):
                raise PHHError(f"{name}: {key} must be an integer, not {quote(f[key])}")
        for key in (
            HU_UNLIMITED_FIELD,
            ALL_IN_MUCK_FIELD,
            RAKE_MAIN_FIELD,
            POT_LIMIT_PREFLOP_FIELD,
        ):
            if key in f and not isinstance(f[key], bool):
                raise PHHError(f"{name}: {key} must be true or false, not {quote(f[key])}")
        if f.get(POT_LIMIT_PREFLOP_FIELD) and VARIANTS[variant][0] != "no":
            raise PHHError(
                f"{name}: {POT_LIMIT_PREFLOP_FIELD} applies to a no-limit variant only "
                f"(NO, NO/8), not {quote(variant)}"
            )
        odd = f.get(ODD_CHIPS_FIELD, "position")
        if not isinstance(odd, str) or odd not in ODD_CHIPS:
            raise PHHError(
                f"{name}: {ODD_CHIPS_FIELD} must be one of "
                f"{', '.join(map(repr, ODD_CHIPS))}, not {quote(odd)}"
            )
        order = f.get(HEADS_UP_ORDER_FIELD, "button_small_blind")
        if order not in HEADS_UP_ORDERS:
            raise PHHError(
                f"{name}: {HEADS_UP_ORDER_FIELD} must be one of "
                f"{', '.join(map(repr, HEADS_UP_ORDERS))}, not {quote(order)}"
            )
        rule = f.get(RAISE_OVER_ALL_IN_FIELD, "callable")
        if not isinstance(rule, str) or rule not in RAISE_OVER_ALL_IN:
            raise PHHError(
                f"{name}: {RAISE_OVER_ALL_IN_FIELD} must be one of "
                f"{', '.join(map(repr, RAISE_OVER_ALL_IN))}, not {quote(rule)}"
            )
        # Every amount must be finite, non-negative and playable in chips; the
        # scale, the amounts in chips and the actions are computed here, once,
        # so that errors show up on load.
        amounts: dict[str, Any] = {key: [] for key in LIST_FIELDS if key in f}
        for field_name, what, value in self._checked_amounts:
            try:
                chips = to_chips(value, self.places)
            except PHHError:
                raise
            except ValueError as exc:
                raise PHHError(f"{name}: {what} in chips of 10**-{self.places}: {exc}") from None
            if field_name in LIST_FIELDS:
                amounts[field_name].append(chips)
            elif field_name is not None:  # an action's amount is parsed with the action
                amounts[field_name] = chips
        chips_of = {k: tuple(v) if isinstance(v, list) else v for k, v in amounts.items()}
        object.__setattr__(self, "_amounts", chips_of)
        if CHIP_FIELD in f and self.chip < 1:
            raise PHHError(f"{name}: {CHIP_FIELD} must be positive, not {quote(f[CHIP_FIELD])}")
        _ = self.actions

    def _check_tables(self, n: int) -> None:
        """Check the shape of ``_pots``, ``_fees`` and ``_run_boards`` (amounts come later)."""
        f = self.fields
        name = self.name
        players = {f"p{i + 1}" for i in range(n)}
        if POTS_FIELD in f and not isinstance(f[POTS_FIELD], list):
            raise PHHError(
                f"{name}: {POTS_FIELD} must be a list of tables, not {quote(f[POTS_FIELD])}"
            )
        for i, entry in enumerate(f.get(POTS_FIELD, ())):
            where = f"{name}: {POTS_FIELD}[{i}]"
            if not isinstance(entry, dict) or "amount" not in entry or set(entry) - _POT_KEYS:
                raise PHHError(
                    f"{where} must be a table of amount and optionally pot, run and won, "
                    f"not {quote(entry)}"
                )
            for key in ("pot", "run"):
                v = entry.get(key, 1)
                if isinstance(v, bool) or not isinstance(v, int) or v < 1:
                    raise PHHError(f"{where}: {key} must be 1 or more, not {quote(v)}")
            won = entry.get("won", {})
            if not isinstance(won, dict) or set(won) - players:
                raise PHHError(f"{where}: won must be a table of p1..p{n}, not {quote(won)}")
        if FEES_FIELD in f and not isinstance(f[FEES_FIELD], dict):
            raise PHHError(
                f"{name}: {FEES_FIELD} must be a table of amounts, not {quote(f[FEES_FIELD])}"
            )
        boards = f.get(RUN_BOARDS_FIELD, [])
        if not isinstance(boards, list) or not all(isinstance(b, str) for b in boards):
            raise PHHError(f"{name}: {RUN_BOARDS_FIELD} must be a list of card texts")

    def _list(self, key: str) -> list[Any]:
        value = self.fields[key]
        if not isinstance(value, list):
            raise PHHError(f"{self.name}: {key} must be a list, not {quote(value)}")
        return value

    def _raw_amounts(self) -> Iterator[tuple[str | None, str, object]]:
        """Yield ``(field or None for an action, what, value)`` for every amount of the file."""
        for key in AMOUNT_FIELDS:
            if key not in self.fields:
                continue
            value = self.fields[key]
            if key in LIST_FIELDS:
                for i, v in enumerate(self._list(key)):
                    yield key, f"{key}[{i}]", v
            else:
                yield key, key, value
        for i, entry in enumerate(self.fields.get(POTS_FIELD, ())):
            yield None, f"{POTS_FIELD}[{i}].amount", entry["amount"]
            for player, v in entry.get("won", {}).items():
                yield None, f"{POTS_FIELD}[{i}].won.{player}", v
        for part, v in self.fields.get(FEES_FIELD, {}).items():
            yield None, f"{FEES_FIELD}.{part}", v
        for i, text in enumerate(self.fields["actions"]):
            if isinstance(text, str):
                raw = raw_amount(text)
                if raw is not None:
                    try:
                        yield None, f"action {i} {quote(text)}", parse_amount(raw)
                    except ValueError:
                        raise PHHError(
                            f"{self.name}: action {i} {quote(text)}: bad amount"
                        ) from None

    @cached_property
    def places(self) -> int:
        """The decimal places of the finest amount in the file (0 for whole amounts)."""
        return max((decimal_places(value) for _, _, value in self._checked_amounts), default=0)

    @cached_property
    def _checked_amounts(self) -> list[tuple[str | None, str, Amount]]:
        """Every amount of the file, checked (:func:`omaha.phh.amounts.check_amount`)."""
        name = self.name
        return [(key, what, check_amount(v, what, name)) for key, what, v in self._raw_amounts()]

    @cached_property
    def scale(self) -> int:
        """The power of ten that makes every amount an integer (1 for whole amounts)."""
        scale: int = 10**self.places
        return scale

    def to_chips(self, value: Amount | float) -> int:
        """Convert an amount in the file's units to the replay's integer chips, exactly.

        Raises
        ------
        PHHError
            If ``value`` is negative, infinite, finer than the scale, or
            too large (see :mod:`omaha.phh.amounts`).
        """
        d = check_amount(value, f"the amount {quote(value)}", self.name)
        try:
            return to_chips(d, self.places)
        except ValueError as exc:
            raise PHHError(
                f"{self.name}: {quote(value)} in chips of 10**-{self.places}: {exc}"
            ) from None

    def to_file_units(self, chips: int) -> Amount:
        """Convert integer chips back to the file's units (``Decimal`` for fractions)."""
        return to_file_units(chips, self.scale)

    def _chips(self, key: str) -> tuple[int, ...]:
        chips: tuple[int, ...] = self._amounts[key]
        return chips

    @property
    def variant(self) -> str:
        """The variant code (``"PO"``, ``"FO/8"``, or an extension code)."""
        return str(self.fields["variant"])

    @property
    def betting(self) -> Betting:
        """The betting structure: ``"fixed"``, ``"pot"``, ``"no"`` (limit) or ``"pot-preflop"``.

        ``"pot-preflop"``: a no-limit variant with ``_pot_limit_preflop``
        (pot limit before the flop, docs/rules.md §6.5).
        """
        return betting_of(self.variant, self.fields.get(POT_LIMIT_PREFLOP_FIELD, False))

    @property
    def game(self) -> GameName:
        """``"hi"`` (Omaha High) or ``"hilo"`` (Omaha Hi-Lo eight or better)."""
        return VARIANTS[self.variant][1]

    @property
    def hole_count(self) -> int:
        """Hole cards per player: 4, or ``_hole_card_count`` (5 or 6)."""
        count: int = self.fields.get(HOLE_COUNT_FIELD, 4)
        return count

    @property
    def player_count(self) -> int:
        """The number of players dealt in."""
        return len(self.fields["starting_stacks"])

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names (the ``players`` field), else ``p1``, ``p2``, ..."""
        names = self.fields.get("players")
        if isinstance(names, list) and len(names) == self.player_count:
            return tuple(str(x) for x in names)
        return tuple(f"p{i + 1}" for i in range(self.player_count))

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        """The starting stacks, in chips (file amounts times :attr:`scale`)."""
        return self._chips("starting_stacks")

    @property
    def behind(self) -> tuple[int, ...]:
        """Each player's chips kept out of play for the hand (``_behind``, §4.11), in chips."""
        if BEHIND_FIELD not in self.fields:
            return (0,) * self.player_count
        return self._chips(BEHIND_FIELD)

    @property
    def in_play(self) -> tuple[int, ...]:
        """The stacks the hand is played with: the starting stacks less what is kept behind."""
        if BEHIND_FIELD not in self.fields:
            return self.starting_stacks
        return tuple(s - b for s, b in zip(self.starting_stacks, self.behind, strict=True))

    @property
    def finishing_stacks(self) -> tuple[int, ...] | None:
        """The recorded finishing stacks in chips, or ``None`` when absent."""
        return self._chips("finishing_stacks") if "finishing_stacks" in self.fields else None

    @property
    def antes(self) -> tuple[int, ...]:
        """The antes per position, in chips."""
        return self._chips("antes")

    @property
    def blinds_or_straddles(self) -> tuple[int, ...]:
        """The blinds and straddles per position, in chips."""
        return self._chips("blinds_or_straddles")

    def _optional_chips(self, key: str) -> int | None:
        chips: int | None = self._amounts.get(key)
        return chips

    @property
    def chip(self) -> int:
        """The smallest chip in play, in chips: ``_chip`` times :attr:`scale` (1 by default)."""
        chip = self._optional_chips(CHIP_FIELD)
        return 1 if chip is None else chip

    @property
    def min_bet(self) -> int | None:
        """Pot and no limit: the minimum bet, in chips."""
        return self._optional_chips("min_bet")

    @property
    def small_bet(self) -> int | None:
        """Fixed limit: the small bet, in chips."""
        return self._optional_chips("small_bet")

    @property
    def big_bet(self) -> int | None:
        """Fixed limit: the big bet, in chips."""
        return self._optional_chips("big_bet")

    def _optional_list(self, key: str) -> tuple[int, ...] | None:
        return self._chips(key) if key in self.fields else None

    @property
    def winnings(self) -> tuple[int, ...] | None:
        """What each player collected from the pots as the file states it (after the rake)."""
        return self._optional_list("winnings")

    @property
    def uncalled(self) -> tuple[int, ...] | None:
        """The uncalled bet returned, per player, as the file states it (``_uncalled``)."""
        return self._optional_list(UNCALLED_FIELD)

    @property
    def cash_out(self) -> tuple[int, ...] | None:
        """What each player was paid for cashing out, instead of the pots (``_cash_out``)."""
        return self._optional_list(CASH_OUT_FIELD)

    @property
    def rake(self) -> int | None:
        """The rake the file states (``_rake``: rake, jackpot and fees), in chips."""
        return self._optional_chips(RAKE_FIELD)

    @property
    def house(self) -> int:
        """The chips the house added to the main pot (``_house_money``, §4.12; 0 when absent)."""
        return self._optional_chips(HOUSE_FIELD) or 0

    @property
    def total_pot(self) -> int | None:
        """The pot the file states before the rake (``_total_pot``), in chips."""
        return self._optional_chips(TOTAL_POT_FIELD)

    @cached_property
    def stated_pots(self) -> tuple[StatedPot, ...] | None:
        """The pots the file states (``_pots``), after the rake, in chips."""
        entries = self.fields.get(POTS_FIELD)
        if entries is None:
            return None
        chips = self.to_chips
        return tuple(
            StatedPot(
                e.get("pot", 1) - 1,
                e["run"] - 1 if "run" in e else None,
                chips(e["amount"]),
                {int(p[1:]) - 1: chips(v) for p, v in e.get("won", {}).items()},
            )
            for e in entries
        )

    @property
    def posts(self) -> dict[int, tuple[int, int]]:
        """Blinds posted out of position, ``player -> (live, dead)`` (docs/rules.md §8.3).

        From ``_posted_blinds`` and ``_dead_blinds``.
        """
        live = self._optional_list(POSTED_FIELD) or (0,) * self.player_count
        dead = self._optional_list(DEAD_FIELD) or (0,) * self.player_count
        return {i: (a, b) for i, (a, b) in enumerate(zip(live, dead, strict=True)) if a or b}

    @cached_property
    def run_boards(self) -> tuple[tuple[int, ...], ...]:
        """The boards after the first (``_run_boards``), each as the cards it adds (§4.10)."""
        out = []
        for i, text in enumerate(self.fields.get(RUN_BOARDS_FIELD, ())):
            try:
                out.append(tuple(parse_cards(text)) if text else ())
            except InvalidCardError as exc:
                raise PHHError(f"{self.name}: {RUN_BOARDS_FIELD}[{i}]: {exc}") from None
        return tuple(out)

    def rake_policy(self) -> RecordedRake | None:
        """Return the rake as the file records it (docs/rules.md §4.9), or None without ``_rake``.

        Each pot stated in ``_pots`` is raked the difference between the pot
        the replay builds and the pot the file states; without them the
        total is cut in proportion to the pots.
        """
        total = self.rake
        if total is None:
            return None
        after: tuple[int, ...] | None = None
        pots = self.stated_pots
        if pots:
            sums: dict[int, int] = {}
            for p in pots:
                sums[p.pot] = sums.get(p.pot, 0) + p.amount
            if set(sums) == set(range(len(sums))):
                after = tuple(sums[i] for i in range(len(sums)))
        return RecordedRake(total, after, main_first=self.fields.get(RAKE_MAIN_FIELD, False))

    @property
    def source_lines(self) -> tuple[tuple[int, str] | None, ...] | None:
        """Where each action came from in a site's file, or None.

        A hand imported from a site's hand history (:mod:`omaha.history`)
        has, for each entry of :attr:`actions`, the line of the file that
        states it as ``(line number, text)`` (None for what the file leaves
        implicit: hole cards dealt face down, a muck the site does not
        print). The replay names that line when it refuses an action. A
        hand read from PHH, or made any other way, has None: PHH keeps no
        source lines, and they are never written.
        """
        source = self._source
        if source is None:
            return None
        return tuple([None if n == 0 else (n, t) for n, t in zip(*source, strict=True)])

    @cached_property
    def actions(self) -> tuple[PHHAction, ...]:
        """The parsed actions, amounts in chips."""
        return tuple(
            parse_action(text, i, self.places, self.player_count, self.name)
            for i, text in enumerate(self.fields["actions"])
        )

    # ---- engine objects

    def structure(self) -> BettingStructure:
        """Build the betting structure, in chips (docs/rules.md §5.1-§5.3, §6).

        Antes: a single ante at the big blind's position is a big-blind ante
        (one player pays it for the table, after the blind); otherwise antes
        apply per position. The user-defined field ``_big_blind_ante`` says
        it outright (then ``antes`` are per position). House rules come from
        ``_cap`` and ``_heads_up_unlimited`` (fixed limit) and ``_hand_cap``
        (pot and no limit); ``_pot_limit_preflop`` makes a no-limit variant
        :class:`~omaha.structures.PotLimitPreflop`.

        Raises
        ------
        PHHError
            If the engine rejects the structure (the message says why).
        """
        bos = self.blinds_or_straddles
        antes = self.antes
        ante_kw: dict[str, Any] = {}
        lone = lone_big_blind_ante(antes, bos)
        if BB_ANTE_FIELD in self.fields:
            ante_kw["big_blind_ante"] = self.to_chips(self.fields[BB_ANTE_FIELD])
            if any(antes):
                ante_kw["antes"] = antes[0] if len(set(antes)) == 1 else antes
        elif lone is not None:
            ante_kw["big_blind_ante"] = lone
        elif any(antes):
            ante_kw["antes"] = antes[0] if len(set(antes)) == 1 else antes
        small, big = (bos[0] if len(bos) > 1 else 0), max(bos[:2])
        try:
            if self.betting == "fixed":
                if HAND_CAP_FIELD in self.fields:
                    raise PHHError(
                        f"{self.name}: {HAND_CAP_FIELD} applies to pot limit and no limit only"
                    )
                fixed_kw: dict[str, Any] = {}
                if CAP_FIELD in self.fields:
                    fixed_kw["cap"] = self.fields[CAP_FIELD]
                if HU_UNLIMITED_FIELD in self.fields:
                    fixed_kw["heads_up_unlimited"] = self.fields[HU_UNLIMITED_FIELD]
                assert self.small_bet is not None and self.big_bet is not None
                return FixedLimit(
                    self.small_bet,
                    self.big_bet,
                    blinds_or_straddles=bos,
                    **ante_kw,
                    **fixed_kw,
                )
            for key in (CAP_FIELD, HU_UNLIMITED_FIELD):
                if key in self.fields:
                    raise PHHError(f"{self.name}: {key} applies to fixed limit only")
            cls = _BIG_BET[self.betting]
            return cls(
                small,
                big,
                blinds_or_straddles=bos,
                min_bet=self.min_bet,
                hand_cap=self._optional_chips(HAND_CAP_FIELD),
                **ante_kw,
            )
        except PHHError:
            raise
        except (ValueError, TypeError) as exc:
            raise PHHError(f"{self.name}: {exc}") from None

    def table(self) -> Table:
        """Build a :class:`omaha.Table` for this hand.

        Seat ``i`` is player ``p(i+1)`` and the button is the last seat; the
        house options come from ``_chip``, ``_all_in_muck``,
        ``_raise_over_all_in``, ``_odd_chips`` and ``_heads_up_order``, the rake
        from ``_rake`` and ``_pots`` (:meth:`rake_policy`).

        Raises
        ------
        PHHError
            If the engine rejects the stacks or the structure.
        """
        try:
            return Table(
                self.in_play,
                self.structure(),
                button=self.player_count - 1,
                game=self.game,
                hole_count=self.hole_count,
                chip=self.chip,
                all_in_muck=self.fields.get(ALL_IN_MUCK_FIELD, False),
                raise_over_all_in=self.fields.get(RAISE_OVER_ALL_IN_FIELD, "callable"),
                odd_chips=self.fields.get(ODD_CHIPS_FIELD, "position"),
                heads_up_order=self.fields.get(HEADS_UP_ORDER_FIELD, "button_small_blind"),
                rake=self.rake_policy(),
            )
        except PHHError:
            raise
        except ValueError as exc:
            raise PHHError(f"{self.name}: {exc}") from None

    # ---- writing

    def dumps(self) -> str:
        """Return the hand as PHH text (TOML), every field in order."""
        return dump_fields(self.fields)

    def with_fields(self, **changes: Any) -> HandHistory:
        """Return a copy with some fields set (``None`` removes a field)."""
        new = dict(self.fields)
        for key, value in changes.items():
            if value is None:
                new.pop(key, None)
            else:
                new[key] = value
        return HandHistory(new, self.name)

    @classmethod
    def from_hand(
        cls,
        hand: Hand,
        *,
        scale: int = 1,
        name: str = "<hand>",
        **extra_fields: Any,
    ) -> HandHistory:
        """Record a hand played through the API as a PHH hand history.

        Parameters
        ----------
        hand : Hand
            A hand dealt by :meth:`omaha.Table.deal`, over or not.
        scale : int
            Chips per unit of the file (a power of ten: 100 writes a stack
            of 12345 chips as ``123.45``).
        name : str
            A name for messages.
        **extra_fields
            More fields to write (``players``, ``event``, ``_note``, ...).

        Returns
        -------
        HandHistory
            The hand, with ``finishing_stacks`` when it is over.

        Raises
        ------
        ValueError
            If ``scale`` is not a positive power of ten.
        """
        if isinstance(scale, bool) or not isinstance(scale, int) or not 1 <= scale <= _MAX_SCALE:
            raise ArgumentError(f"scale must be a power of ten, got {quote(scale)}")
        if 10 ** (len(str(scale)) - 1) != scale:
            raise ArgumentError(f"scale must be a power of ten, got {quote(scale)}")
        fields = record(hand, scale)
        fields.update(extra_fields)
        history = cls(fields, name)
        # A reader's smallest chip is ``_chip``, else one unit of the finest
        # amount in the file. When every amount is a multiple of 10 chips (at
        # scale 100: blinds of 10 and 20, stacks of 80), that unit is coarser
        # than the table's chip, and the replay would split pots (runs, hi-lo
        # halves, odd chips) in it: the chip is then stated.
        if history.chip * scale != hand.table.chip * history.scale:
            fields = record(hand, scale, state_chip=True)
            fields.update(extra_fields)
            history = cls(fields, name)
        return history
