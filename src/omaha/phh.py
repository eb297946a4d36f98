"""PHH hand histories: read, write and replay Omaha hands.

PHH (the Poker Hand History format) is TOML: a ``.phh`` file holds one hand,
a ``.phhs`` file many hands as tables ``[1]``, ``[2]``, ... This module reads
and writes the Omaha variants and replays them through :class:`omaha.Table`,
validating every action against the rules (docs/rules.md §4-§6).

Variants
--------
PHH defines ``PO`` (pot-limit Omaha) and ``FO/8`` (fixed-limit Omaha hi-lo,
eight or better). Following PHH's pattern (``F``/``P``/``N`` for the betting
structure, ``O`` for Omaha, ``/8`` for the eight-or-better split), this
module also reads and writes the extension codes ``FO`` (fixed-limit Omaha
high), ``NO`` (no-limit Omaha high), ``PO/8`` and ``NO/8``. The user-defined
field ``_hole_card_count = 5`` or ``6`` selects 5- or 6-card Omaha (4 by
default).

House rules
-----------
A hand played under a house rule other than the default records it as a
user-defined field: ``_cap`` (the fixed-limit cap in bets per round, 4 by
default) and ``_heads_up_unlimited = true`` (fixed limit: no cap while only
two players are in the hand). PHH writes a big-blind ante as the big blind's
entry in ``antes``; ``_big_blind_ante`` gives it outright when the hand also
has per-position antes (or when a lone ante at the big blind's position is
a per-position ante).

Players and seats
-----------------
Player ``pN`` is the N-th player clockwise from the button's left: ``p1``
posts the small blind and the last player is the button; heads-up ``p1`` is
the big blind and ``p2`` the button, and ``antes`` and
``blinds_or_straddles`` apply reversed. Replaying, player ``pN`` sits at the
engine's seat ``N - 1`` and the button is the last seat.

Amounts
-------
A file may give amounts as decimals (``starting_stacks = [1259450.25,
678473.5]``). They are scaled by the smallest power of ten that makes every
amount in the file an integer (here 100); :attr:`HandHistory.scale` keeps
it, the engine plays in those integer chips and every amount reported or
written is converted back to the file's own units (``1937923.75``).
Infinite stacks (``inf``) are rejected.

Examples
--------
>>> text = '''
... variant = "PO"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ["d dh p1 AsKsQsJs", "d dh p2 2c3c4d5d", "d dh p3 ????????",
...            "p3 f", "p1 cbr 6", "p2 f"]
... '''
>>> history = loads(text)
>>> history.variant, history.game, history.scale
('PO', 'hi', 1)
>>> replay(history).finishing_stacks
(102, 98, 100)
"""

from __future__ import annotations

import datetime
import decimal
import math
import os
import re
import tomllib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import IO, TYPE_CHECKING, Any, Literal

from omaha.cards import MAX_PLAYERS, format_cards, parse_card
from omaha.errors import (
    FinishingStacksError,
    IllegalActionError,
    InvalidCardError,
    PHHError,
    ReplayActionError,
)

if TYPE_CHECKING:
    from omaha.structures import FixedLimit, NoLimit, PotLimit
    from omaha.table import Hand, Table

__all__ = [
    "EXTENSION_VARIANTS",
    "STANDARD_VARIANTS",
    "VARIANTS",
    "FinishingStacksError",
    "HandHistory",
    "PHHAction",
    "PHHError",
    "Replay",
    "ReplayActionError",
    "dump",
    "dump_all",
    "dumps",
    "dumps_all",
    "load",
    "load_all",
    "loads",
    "loads_all",
    "read",
    "replay",
    "write",
]

Betting = Literal["fixed", "pot", "no"]
ActionKind = Literal["dh", "db", "f", "cc", "cbr", "sm"]
Game = Literal["hi", "hilo"]

VARIANTS: dict[str, tuple[Betting, Game]] = {
    "FO": ("fixed", "hi"),
    "FO/8": ("fixed", "hilo"),
    "NO": ("no", "hi"),
    "NO/8": ("no", "hilo"),
    "PO": ("pot", "hi"),
    "PO/8": ("pot", "hilo"),
}
"""Variant code -> (betting structure, game) for every Omaha code read and written."""
STANDARD_VARIANTS = frozenset({"FO/8", "PO"})
"""The Omaha variant codes that PHH itself defines."""
EXTENSION_VARIANTS = frozenset(VARIANTS) - STANDARD_VARIANTS
"""The codes this module adds in PHH's pattern: ``FO``, ``NO``, ``NO/8``, ``PO/8``."""

_REQUIRED_COMMON = ("variant", "antes", "blinds_or_straddles", "starting_stacks", "actions")
_REQUIRED_BY_BETTING: dict[str, tuple[str, ...]] = {
    "fixed": ("small_bet", "big_bet"),
    "pot": ("min_bet",),
    "no": ("min_bet",),
}
# Fields that hold chip amounts (scalars or lists), in the file's units.
_AMOUNT_FIELDS = (
    "antes",
    "blinds_or_straddles",
    "bring_in",
    "_big_blind_ante",
    "small_bet",
    "big_bet",
    "min_bet",
    "starting_stacks",
    "finishing_stacks",
    "winnings",
)
_LIST_FIELDS = ("antes", "blinds_or_straddles", "starting_stacks", "finishing_stacks", "winnings")
_HOLE_COUNT_FIELD = "_hole_card_count"
_CAP_FIELD = "_cap"
_HU_UNLIMITED_FIELD = "_heads_up_unlimited"
_BB_ANTE_FIELD = "_big_blind_ante"
_PLAYER = re.compile(r"p([1-9][0-9]*)")
_STREET_NAMES = {"preflop": "before the flop", "flop": "on the flop", "turn": "on the turn"}
_STREET_NAMES.update(river="on the river", showdown="at the showdown")

Amount = int | decimal.Decimal
"""An amount in a file's own units: ``int``, or ``Decimal`` for a fraction."""


# ------------------------------------------------------------------- amounts


def _decimal(value: object, what: str, name: str) -> decimal.Decimal:
    """Check one amount read from a file and return it as a ``Decimal``."""
    if isinstance(value, bool) or not isinstance(value, int | float | decimal.Decimal):
        raise PHHError(f"{name}: {what} must be a number, not {value!r}")
    d = decimal.Decimal(value)
    if d.is_infinite():
        raise PHHError(
            f"{name}: {what} is infinite ({value!r}); only finite stacks and amounts can be played"
        )
    if d.is_nan():
        raise PHHError(f"{name}: {what} is not a number ({value!r})")
    if d < 0:
        raise PHHError(f"{name}: {what} must not be negative, got {value!r}")
    return d


def _decimals_of(value: object) -> int:
    """Return the number of decimal places needed to write ``value`` exactly."""
    exponent = decimal.Decimal(value).normalize().as_tuple().exponent  # type: ignore[arg-type]
    assert isinstance(exponent, int)
    return max(0, -exponent)


def _to_file_units(chips: int, scale: int) -> Amount:
    """Convert integer chips to the file's units (an ``int`` when whole)."""
    if scale == 1:
        return chips
    whole, frac = divmod(chips, scale)
    if frac == 0:
        return whole
    return decimal.Decimal(chips).scaleb(-(len(str(scale)) - 1)).normalize()


def _format_amount(value: Amount) -> str:
    """Write an amount in file units: ``1937923.75``, ``500``."""
    if isinstance(value, decimal.Decimal):
        return format(value, "f")
    return str(value)


# ------------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class PHHAction:
    """One entry of a hand history's ``actions``, parsed.

    Attributes
    ----------
    text : str
        The action as written in the file (``"p3 cbr 400000 # comment"``).
    kind : {"dh", "db", "f", "cc", "cbr", "sm"}
        Deal hole cards, deal board cards, fold, check or call, bet or raise
        to (complete, bet or raise: a street total), show or muck.
    player : int or None
        The acting (or dealt-to) player, 0-based (``p1`` is 0); ``None`` for
        a board deal.
    cards : tuple of (int or None) or None
        The cards dealt or shown, as card codes; ``None`` entries are unknown
        cards (``??``). ``None`` for actions without cards, and for ``sm -``
        (show the cards already known).
    amount : int or None
        For ``cbr``: the street total in the replay's integer chips (the
        file's amount times :attr:`HandHistory.scale`).
    comment : str or None
        The text after ``#``, if any.
    """

    text: str
    kind: ActionKind
    player: int | None = None
    cards: tuple[int | None, ...] | None = None
    amount: int | None = None
    comment: str | None = None

    @property
    def shows(self) -> bool:
        """Whether an ``sm`` action shows (``True``) or mucks (``False``)."""
        return self.kind == "sm" and self.cards != ()


def _parse_cards_text(text: str, what: str) -> tuple[int | None, ...]:
    """Parse PHH cards: two characters each, ``??`` for an unknown card."""
    if len(text) % 2 or not text:
        raise InvalidCardError(f"malformed cards {text!r} in {what}")
    out: list[int | None] = []
    for i in range(0, len(text), 2):
        token = text[i : i + 2]
        out.append(None if token == "??" else parse_card(token))
    known = [c for c in out if c is not None]
    if len(set(known)) != len(known):
        raise InvalidCardError(f"duplicate card in {text!r} in {what}")
    return tuple(out)


def _player_index(token: str, what: str) -> int:
    m = _PLAYER.fullmatch(token)
    if m is None:
        raise PHHError(f"{what}: bad player {token!r} (expected p1, p2, ...)")
    return int(m.group(1)) - 1


def _split_action(text: str) -> tuple[list[str], str | None]:
    body, sep, comment = text.partition("#")
    return body.split(), (comment.strip() if sep else None)


def _raw_amount(words: list[str]) -> str | None:
    return words[2] if len(words) == 3 and words[1] == "cbr" else None


def _parse_action(text: object, index: int, scale: int, player_count: int, name: str) -> PHHAction:
    what = f"{name}: action {index} {text!r}"
    if not isinstance(text, str):
        raise PHHError(f"{name}: action {index} must be a string, not {text!r}")
    words, comment = _split_action(text)
    p: int | None = None
    kind: ActionKind
    parsed: tuple[int | None, ...] | None = None
    amount: int | None = None
    try:
        match words:
            case ["d", "dh", player, cards]:
                p, kind = _player_index(player, what), "dh"
                parsed = _parse_cards_text(cards, what)
            case ["d", "db", cards]:
                kind = "db"
                parsed = _parse_cards_text(cards, what)
                if None in parsed:
                    raise PHHError(f"{what}: board cards cannot be unknown")
            case [player, "f"]:
                p, kind = _player_index(player, what), "f"
            case [player, "cc"]:
                p, kind = _player_index(player, what), "cc"
            case [player, "cbr", value]:
                p, kind = _player_index(player, what), "cbr"
                try:
                    d = decimal.Decimal(value)
                except decimal.InvalidOperation:
                    raise PHHError(f"{what}: bad amount {value!r}") from None
                d = _decimal(d, f"the amount {value!r}", f"{name}: action {index}")
                amount = int(d * scale)
            case [player, "sm"]:
                p, kind, parsed = _player_index(player, what), "sm", ()
            case [player, "sm", "-"]:
                p, kind = _player_index(player, what), "sm"
            case [player, "sm", cards]:
                p, kind = _player_index(player, what), "sm"
                parsed = _parse_cards_text(cards, what)
            case [_, ("sd" | "pb") as k, *_]:
                raise PHHError(f"{what}: {k!r} (draw or stud) is not an Omaha action")
            case _:
                raise PHHError(f"{what}: not a PHH Omaha action")
    except InvalidCardError as exc:
        raise PHHError(f"{what}: {exc}") from None
    if p is not None and p >= player_count:
        raise PHHError(f"{what}: there are only {player_count} players")
    return PHHAction(text, kind, p, parsed, amount, comment)


# --------------------------------------------------------------- the history


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

    def __post_init__(self) -> None:
        object.__setattr__(self, "fields", dict(self.fields))
        self._validate()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandHistory):
            return NotImplemented
        return dict(self.fields) == dict(other.fields)

    __hash__ = None  # type: ignore[assignment]

    # ---- validation and typed views

    def _validate(self) -> None:
        f = self.fields
        name = self.name
        for key in _REQUIRED_COMMON:
            if key not in f:
                raise PHHError(f"{name}: missing required field {key!r}")
        variant = f["variant"]
        if variant not in VARIANTS:
            raise PHHError(
                f"{name}: variant {variant!r} is not an Omaha variant this library plays "
                f"(one of {', '.join(sorted(VARIANTS))})"
            )
        for key in _REQUIRED_BY_BETTING[VARIANTS[variant][0]]:
            if key not in f:
                raise PHHError(f"{name}: variant {variant!r} needs the field {key!r}")
        n = len(self._list("starting_stacks"))
        if n < 2:
            raise PHHError(f"{name}: a hand needs at least 2 players, got {n}")
        for key in ("antes", "blinds_or_straddles", "finishing_stacks"):
            if key in f and len(self._list(key)) != n:
                raise PHHError(f"{name}: {key} has {len(self._list(key))} entries for {n} players")
        if not isinstance(f["actions"], list):
            raise PHHError(f"{name}: actions must be a list of strings, not {f['actions']!r}")
        hc = f.get(_HOLE_COUNT_FIELD, 4)
        if isinstance(hc, bool) or hc not in (4, 5, 6):
            raise PHHError(f"{name}: {_HOLE_COUNT_FIELD} must be 4, 5 or 6, not {hc!r}")
        if n > MAX_PLAYERS[hc]:
            raise PHHError(
                f"{name}: {n} players is too many for {hc} hole cards (at most {MAX_PLAYERS[hc]})"
            )
        for key in (_CAP_FIELD,):
            if key in f and (isinstance(f[key], bool) or not isinstance(f[key], int)):
                raise PHHError(f"{name}: {key} must be an integer, not {f[key]!r}")
        if _HU_UNLIMITED_FIELD in f and not isinstance(f[_HU_UNLIMITED_FIELD], bool):
            raise PHHError(f"{name}: {_HU_UNLIMITED_FIELD} must be true or false")
        # Every amount must be finite and non-negative; the scale and the
        # actions are computed here so that errors show up on load.
        _ = self.scale
        _ = self.actions

    def _list(self, key: str) -> list[Any]:
        value = self.fields[key]
        if not isinstance(value, list):
            raise PHHError(f"{self.name}: {key} must be a list, not {value!r}")
        return value

    def _raw_amounts(self) -> Iterator[tuple[str, object]]:
        for key in _AMOUNT_FIELDS:
            if key not in self.fields:
                continue
            value = self.fields[key]
            if key in _LIST_FIELDS:
                for i, v in enumerate(self._list(key)):
                    yield f"{key}[{i}]", v
            else:
                yield key, value
        for i, text in enumerate(self.fields["actions"]):
            if isinstance(text, str):
                raw = _raw_amount(_split_action(text)[0])
                if raw is not None:
                    try:
                        yield f"action {i} {text!r}", decimal.Decimal(raw)
                    except decimal.InvalidOperation:
                        raise PHHError(f"{self.name}: action {i} {text!r}: bad amount") from None

    @cached_property
    def scale(self) -> int:
        """The power of ten that makes every amount an integer (1 for whole amounts)."""
        places = 0
        for what, value in self._raw_amounts():
            places = max(places, _decimals_of(_decimal(value, what, self.name)))
        scale: int = 10**places
        return scale

    def to_chips(self, value: Amount | float) -> int:
        """Convert an amount in the file's units to the replay's integer chips.

        Raises
        ------
        PHHError
            If ``value`` is negative, infinite, or finer than the scale.
        """
        d = _decimal(value, f"the amount {value!r}", self.name) * self.scale
        if d != d.to_integral_value():
            raise PHHError(f"{self.name}: {value!r} is finer than the file's scale 1/{self.scale}")
        return int(d)

    def to_file_units(self, chips: int) -> Amount:
        """Convert integer chips back to the file's units (``Decimal`` for fractions)."""
        return _to_file_units(chips, self.scale)

    def _chips(self, key: str) -> tuple[int, ...]:
        return tuple(self.to_chips(v) for v in self._list(key))

    @property
    def variant(self) -> str:
        """The variant code (``"PO"``, ``"FO/8"``, or an extension code)."""
        return str(self.fields["variant"])

    @property
    def betting(self) -> Betting:
        """The betting structure: ``"fixed"``, ``"pot"`` or ``"no"`` (limit)."""
        return VARIANTS[self.variant][0]

    @property
    def game(self) -> Game:
        """``"hi"`` (Omaha High) or ``"hilo"`` (Omaha Hi-Lo eight or better)."""
        return VARIANTS[self.variant][1]

    @property
    def hole_count(self) -> int:
        """Hole cards per player: 4, or ``_hole_card_count`` (5 or 6)."""
        count: int = self.fields.get(_HOLE_COUNT_FIELD, 4)
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
        return self.to_chips(self.fields[key]) if key in self.fields else None

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

    @cached_property
    def actions(self) -> tuple[PHHAction, ...]:
        """The parsed actions, amounts in chips."""
        return tuple(
            _parse_action(text, i, self.scale, self.player_count, self.name)
            for i, text in enumerate(self.fields["actions"])
        )

    # ---- engine objects

    def structure(self) -> FixedLimit | PotLimit | NoLimit:
        """Build the betting structure, in chips (docs/rules.md §5.1-§5.3, §6).

        Antes: a single ante at the big blind's position is a big-blind ante
        (one player pays it for the table, after the blind); otherwise antes
        apply per position. The user-defined field ``_big_blind_ante`` says
        it outright (then ``antes`` are per position). House rules come from
        ``_cap`` and ``_heads_up_unlimited``.

        Raises
        ------
        PHHError
            If the engine rejects the structure (the message says why).
        """
        from omaha.structures import FixedLimit, NoLimit, PotLimit

        bos = self.blinds_or_straddles
        antes = self.antes
        ante_kw: dict[str, Any] = {}
        nonzero = [i for i, a in enumerate(antes) if a]
        bb_position = 1 if len(bos) >= 2 and bos[1] >= bos[0] else 0
        if _BB_ANTE_FIELD in self.fields:
            ante_kw["big_blind_ante"] = self.to_chips(self.fields[_BB_ANTE_FIELD])
            if nonzero:
                ante_kw["antes"] = antes[0] if len(set(antes)) == 1 else antes
        elif (
            len(nonzero) == 1 and len(antes) > 1 and nonzero[0] == bb_position and bos[bb_position]
        ):
            ante_kw["big_blind_ante"] = antes[bb_position]
        elif nonzero:
            ante_kw["antes"] = antes[0] if len(set(antes)) == 1 else antes
        small, big = (bos[0] if len(bos) > 1 else 0), max(bos[:2])
        try:
            if self.betting == "fixed":
                fixed_kw: dict[str, Any] = {}
                if _CAP_FIELD in self.fields:
                    fixed_kw["cap"] = self.fields[_CAP_FIELD]
                if _HU_UNLIMITED_FIELD in self.fields:
                    fixed_kw["heads_up_unlimited"] = self.fields[_HU_UNLIMITED_FIELD]
                assert self.small_bet is not None and self.big_bet is not None
                return FixedLimit(
                    self.small_bet,
                    self.big_bet,
                    blinds_or_straddles=bos,
                    **ante_kw,
                    **fixed_kw,
                )
            for key in (_CAP_FIELD, _HU_UNLIMITED_FIELD):
                if key in self.fields:
                    raise PHHError(f"{self.name}: {key} applies to fixed limit only")
            cls = PotLimit if self.betting == "pot" else NoLimit
            return cls(small, big, blinds_or_straddles=bos, min_bet=self.min_bet, **ante_kw)
        except PHHError:
            raise
        except (ValueError, TypeError) as exc:
            raise PHHError(f"{self.name}: {exc}") from None

    def table(self) -> Table:
        """Build a :class:`omaha.Table` for this hand.

        Seat ``i`` is player ``p(i+1)`` and the button is the last seat.

        Raises
        ------
        PHHError
            If the engine rejects the stacks or the structure.
        """
        from omaha.table import Table

        try:
            return Table(
                self.starting_stacks,
                self.structure(),
                button=self.player_count - 1,
                game=self.game,
                hole_count=self.hole_count,
            )
        except PHHError:
            raise
        except ValueError as exc:
            raise PHHError(f"{self.name}: {exc}") from None

    # ---- writing

    def dumps(self) -> str:
        """Return the hand as PHH text (TOML), every field in order."""
        return _dump_fields(self.fields)

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
        if isinstance(scale, bool) or not isinstance(scale, int) or scale < 1:
            raise ValueError(f"scale must be a power of ten, got {scale!r}")
        if 10 ** (len(str(scale)) - 1) != scale:
            raise ValueError(f"scale must be a power of ten, got {scale!r}")
        fields = _record_hand(hand, scale)
        fields.update(extra_fields)
        return cls(fields, name)


def _variant_of(structure: object, game: str) -> str:
    from omaha.structures import FixedLimit, NoLimit, PotLimit

    if isinstance(structure, FixedLimit):
        letter = "F"
    elif isinstance(structure, PotLimit):
        letter = "P"
    elif isinstance(structure, NoLimit):
        letter = "N"
    else:  # pragma: no cover - the engine accepts only these
        raise TypeError(f"unknown betting structure {structure!r}")
    return f"{letter}O" + ("/8" if game == "hilo" else "")


def _record_hand(hand: Hand, scale: int) -> dict[str, Any]:
    """Build the PHH fields of a hand played through the API (docs/rules.md §5)."""
    from omaha.betting import Call, Check, DealBoard, DealHole, Fold, Muck, RaiseTo, Show
    from omaha.structures import FixedLimit

    table = hand.table
    st = table.structure
    seats = hand.seats
    k = len(seats)
    player = {seat: f"p{pos + 1}" for pos, seat in enumerate(seats)}

    def units(chips: int) -> Amount:
        return _to_file_units(chips, scale)

    def per_position(values: int | tuple[int, ...]) -> list[int]:
        if isinstance(values, int):
            return [values] * k
        return list(values[:k]) + [0] * (k - len(values))

    antes = per_position(st.antes)
    bb_ante = st.big_blind_ante
    bb_position = st.big_blind_position
    bos = per_position(st.blinds_or_straddles)
    fields: dict[str, Any] = {"variant": _variant_of(st, table.game)}
    # A big-blind ante is written PHH's way (the big blind's entry in
    # ``antes``) when nothing else is anted; otherwise, or when per-position
    # antes would read as a big-blind ante, ``_big_blind_ante`` says which.
    explicit_bb_ante = False
    if bb_ante and not any(antes) and bb_position < k:
        antes[bb_position] = bb_ante
    elif bb_ante or (
        len([a for a in antes if a]) == 1 and bb_position < k and antes[bb_position] and k > 1
    ):
        explicit_bb_ante = True
    fields["antes"] = [units(a) for a in antes]
    fields["blinds_or_straddles"] = [units(b) for b in bos]
    if isinstance(st, FixedLimit):
        fields["small_bet"] = units(st.small_bet)
        fields["big_bet"] = units(st.big_bet)
    else:
        fields["min_bet"] = units(st.min_bet)
    fields["starting_stacks"] = [units(hand.starting_stacks[s]) for s in seats]
    actions: list[str] = []
    for a in hand.actions:
        if isinstance(a, DealHole):
            text = "??" * table.hole_count if a.cards is None else format_cards(a.cards)
            actions.append(f"d dh {player[a.seat]} {text}")
        elif isinstance(a, DealBoard):
            actions.append(f"d db {format_cards(a.cards)}")
        elif isinstance(a, Fold):
            actions.append(f"{player[a.seat]} f")
        elif isinstance(a, Check | Call):
            actions.append(f"{player[a.seat]} cc")
        elif isinstance(a, RaiseTo):
            actions.append(f"{player[a.seat]} cbr {_format_amount(units(a.amount))}")
        elif isinstance(a, Show):
            actions.append(f"{player[a.seat]} sm {format_cards(a.cards)}")
        elif isinstance(a, Muck):
            actions.append(f"{player[a.seat]} sm")
        # Antes, blinds and straddles are posted automatically in PHH.
    fields["actions"] = actions
    fields["seats"] = [s + 1 for s in seats]
    fields["seat_count"] = table.seats
    if hand.is_over:
        fields["finishing_stacks"] = [units(hand.stacks[s]) for s in seats]
    if table.hole_count != 4:
        fields[_HOLE_COUNT_FIELD] = table.hole_count
    if explicit_bb_ante:
        fields[_BB_ANTE_FIELD] = units(bb_ante)
    if isinstance(st, FixedLimit):
        if st.cap != 4:
            fields[_CAP_FIELD] = st.cap
        if st.heads_up_unlimited:
            fields[_HU_UNLIMITED_FIELD] = True
    return fields


# ------------------------------------------------------------------- TOML out

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f"}
_ESCAPES["\r"] = "\\r"


def _toml_key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else _toml_string(key)


def _toml_string(s: str) -> str:
    out = []
    for ch in s:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04X}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _toml_value(value: object, where: str) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, decimal.Decimal | float):
        if isinstance(value, float) and not math.isfinite(value):
            return "inf" if value > 0 else ("-inf" if value < 0 else "nan")
        if isinstance(value, decimal.Decimal) and not value.is_finite():
            return "nan" if value.is_nan() else ("inf" if value > 0 else "-inf")
        text = format(value, "f") if isinstance(value, decimal.Decimal) else repr(value)
        return text if any(c in text for c in ".eE") else text + ".0"
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, datetime.datetime | datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v, where) for v in value) + "]"
    if isinstance(value, Mapping):
        items = (f"{_toml_key(str(k))} = {_toml_value(v, where)}" for k, v in value.items())
        return "{" + ", ".join(items) + "}"
    raise PHHError(f"{where}: cannot write {value!r} ({type(value).__name__}) as TOML")


def _dump_fields(fields: Mapping[str, Any]) -> str:
    lines = []
    for key, value in fields.items():
        if key == "actions" and isinstance(value, list | tuple) and value:
            lines.append("actions = [")
            lines.extend(f"  {_toml_value(v, 'actions')}," for v in value)
            lines.append("]")
        else:
            lines.append(f"{_toml_key(key)} = {_toml_value(value, key)}")
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------- load and dump


def _load_toml(text: str, name: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text, parse_float=decimal.Decimal)
    except tomllib.TOMLDecodeError as exc:
        raise PHHError(f"{name}: not valid TOML: {exc}") from None


def loads(text: str, *, name: str = "<phh>") -> HandHistory:
    """Read one hand from PHH text (a ``.phh`` file's content).

    Raises
    ------
    PHHError
        Invalid TOML or an invalid hand (see :class:`HandHistory`).
    """
    return HandHistory(_load_toml(text, name), name)


def load(fp: IO[bytes], *, name: str | None = None) -> HandHistory:
    """Read one hand from a binary file object (``tomllib.load`` with ``Decimal`` floats)."""
    return loads(fp.read().decode(), name=name or str(getattr(fp, "name", "<phh>")))


def loads_all(text: str, *, name: str = "<phhs>") -> list[tuple[str, HandHistory]]:
    """Read every hand of PHH collection text (a ``.phhs`` file: tables ``[1]``, ``[2]``, ...).

    Returns
    -------
    list of (str, HandHistory)
        Each table's key and its hand, in file order.

    Raises
    ------
    PHHError
        Invalid TOML, a top-level entry that is not a table, or an invalid hand.
    """
    doc = _load_toml(text, name)
    out = []
    for key, value in doc.items():
        if not isinstance(value, dict):
            raise PHHError(f"{name}: entry {key!r} of a .phhs file must be a table [{key}]")
        out.append((key, HandHistory(value, f"{name}[{key}]")))
    return out


def load_all(fp: IO[bytes], *, name: str | None = None) -> list[tuple[str, HandHistory]]:
    """Read every hand of a ``.phhs`` binary file object (see :func:`loads_all`)."""
    return loads_all(fp.read().decode(), name=name or str(getattr(fp, "name", "<phhs>")))


def dumps(history: HandHistory) -> str:
    """Write one hand as PHH text."""
    return history.dumps()


def dump(history: HandHistory, fp: IO[bytes]) -> None:
    """Write one hand as PHH to a binary file object."""
    fp.write(history.dumps().encode())


def dumps_all(histories: Iterable[HandHistory] | Mapping[str, HandHistory]) -> str:
    """Write hands as ``.phhs`` text: tables ``[1]``, ``[2]``, ... (or the mapping's keys)."""
    items = (
        list(histories.items())
        if isinstance(histories, Mapping)
        else [(str(i + 1), h) for i, h in enumerate(histories)]
    )
    return "\n".join(f"[{_toml_key(k)}]\n{h.dumps()}" for k, h in items)


def dump_all(histories: Iterable[HandHistory] | Mapping[str, HandHistory], fp: IO[bytes]) -> None:
    """Write hands as ``.phhs`` to a binary file object."""
    fp.write(dumps_all(histories).encode())


def read(path: str | os.PathLike[str]) -> list[HandHistory]:
    """Read a ``.phh`` file (one hand) or a ``.phhs`` file (many hands).

    Raises
    ------
    PHHError
        An invalid file (the message names it).
    OSError
        The file cannot be read.
    """
    name = os.fspath(path)
    with open(path, "rb") as fp:
        text = fp.read().decode()
    if name.endswith(".phhs"):
        return [h for _, h in loads_all(text, name=name)]
    return [loads(text, name=name)]


def write(path: str | os.PathLike[str], histories: HandHistory | Sequence[HandHistory]) -> None:
    """Write one hand (``.phh``) or several (``.phhs``) to ``path``."""
    text = histories.dumps() if isinstance(histories, HandHistory) else dumps_all(histories)
    with open(path, "w", encoding="utf-8") as fp:
        fp.write(text)


# -------------------------------------------------------------------- replay


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
        """Every player's stack in chips now (the final stacks when complete)."""
        return tuple(self.hand.stacks)

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
        order = [s for s in getattr(hand, "showdown_order", ())]
        if order:
            return f"waiting for p{order[0] + 1} to show or muck at the showdown"
        return f"stopped {_STREET_NAMES.get(hand.street, hand.street)}"


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
        Compare the result with ``finishing_stacks`` when the file records
        them and the hand is over.

    Returns
    -------
    Replay

    Raises
    ------
    ReplayActionError
        An action the rules do not allow (the message gives its index,
        text and the rule).
    FinishingStacksError
        ``check`` and the final stacks differ from ``finishing_stacks``.
    PHHError
        A file the engine cannot set up.
    """
    name = history.name
    table = history.table()
    n = history.player_count
    holes: list[tuple[int, ...] | None] = [None] * n
    dealt = [False] * n
    actions = history.actions
    start = 0
    while start < len(actions) and actions[start].kind == "dh":
        a = actions[start]
        assert a.player is not None and a.cards is not None
        if dealt[a.player]:
            raise ReplayActionError(
                f"{name}: action {start} {a.text!r}: p{a.player + 1} was already dealt hole cards",
                start,
                a.text,
            )
        dealt[a.player] = True
        if len(a.cards) != history.hole_count:
            raise PHHError(
                f"{name}: action {start} {a.text!r}: {len(a.cards)} hole cards, "
                f"expected {history.hole_count}"
            )
        if None not in a.cards:
            holes[a.player] = tuple(c for c in a.cards if c is not None)
        start += 1
    try:
        hand = table.deal(hole_cards=holes)
    except IllegalActionError as exc:
        raise ReplayActionError(f"{name}: dealing the hole cards: {exc}", 0, "") from None
    except ValueError as exc:
        raise PHHError(f"{name}: dealing the hole cards: {exc}") from None
    courtesy: list[PHHAction] = []
    for i in range(start, len(actions)):
        a = actions[i]
        if a.kind == "sm" and hand.is_over and a.cards != ():
            courtesy.append(a)  # a show after the hand: no part of the play
            continue
        _apply(hand, a, i, name, history.hole_count)
    result = Replay(history, hand, len(actions), tuple(courtesy))
    if check and result.complete and history.finishing_stacks is not None:
        _check_finishing(history, result.finishing_stacks)
    return result


_SEAT = re.compile(r"\bseat (\d+)")


def _apply(hand: Hand, a: PHHAction, index: int, name: str, hole_count: int) -> None:
    """Apply one parsed action to the engine's hand."""
    try:
        if a.kind == "dh":
            raise IllegalActionError(
                "hole cards are dealt before the first action; "
                f"p{(a.player or 0) + 1} is dealt after the betting started"
            )
        if a.kind == "db":
            assert a.cards is not None
            hand.deal_board([c for c in a.cards if c is not None])
        elif a.kind == "f":
            hand.fold(seat=a.player)
        elif a.kind == "cc":
            legal = hand.legal_actions() if hand.to_act == a.player else None
            if legal is not None and legal.can_check:
                hand.check(seat=a.player)
            else:
                hand.call(seat=a.player)
        elif a.kind == "cbr":
            assert a.amount is not None
            hand.raise_to(a.amount, seat=a.player)
        elif a.cards == ():
            hand.muck(seat=a.player)
        elif a.cards is None:
            hand.show(seat=a.player)
        else:
            if None in a.cards:
                raise PHHError(f"{name}: action {index} {a.text!r}: a shown hand must be known")
            if len(a.cards) != hole_count:
                raise PHHError(
                    f"{name}: action {index} {a.text!r}: shows {len(a.cards)} cards, "
                    f"expected {hole_count}"
                )
            hand.show([c for c in a.cards if c is not None], seat=a.player)
    except IllegalActionError as exc:
        # The engine names seats (0-based); a hand history names players.
        rule = _SEAT.sub(lambda m: f"p{int(m.group(1)) + 1}", str(exc))
        raise ReplayActionError(
            f"{name}: action {index} {a.text!r}: {rule}", index, a.text
        ) from None
    except InvalidCardError as exc:
        raise PHHError(f"{name}: action {index} {a.text!r}: {exc}") from None


def _check_finishing(history: HandHistory, stacks: tuple[int, ...]) -> None:
    expected = history.finishing_stacks
    assert expected is not None
    bad = tuple(i for i, (a, b) in enumerate(zip(expected, stacks, strict=True)) if a != b)
    if bad:
        u = history.to_file_units
        details = ", ".join(
            f"p{i + 1} {history.players[i]!r}: the file says {_format_amount(u(expected[i]))}, "
            f"the replay gives {_format_amount(u(stacks[i]))}"
            for i in bad
        )
        raise FinishingStacksError(
            f"{history.name}: finishing stacks differ from the file's for {details}", bad
        )


def _cards_text(cards: Sequence[int | None]) -> str:
    """Cards as PHH text, ``??`` for an unknown card."""
    return "".join("??" if c is None else format_cards([c]) for c in cards)
