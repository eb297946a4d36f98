"""PHH's action notation, read and written: ``"d dh p1 AsKsQsJs"``, ``"p3 cbr 400"``.

``d dh pN CARDS`` deals hole cards (``??`` for an unknown card), ``d db
CARDS`` deals board cards, ``pN f`` folds, ``pN cc`` checks or calls, ``pN
cbr AMOUNT`` bets or raises to a street total, ``pN sm CARDS`` shows, ``pN
sm -`` shows the cards already known, and ``pN sm`` mucks; text after ``#``
is a comment. :func:`parse_action` reads one action into a
:class:`PHHAction`; :func:`action_text` writes one of the engine's action
records.

Examples
--------
>>> a = parse_action("p3 cbr 6.5 # pot", 4, places=1, player_count=3, name="hand.phh")
>>> a.kind, a.player, a.amount, a.comment
('cbr', 2, 65, 'pot')
>>> from omaha.betting import RaiseTo
>>> from omaha.phh.amounts import to_file_units
>>> action_text(RaiseTo(2, 65), {2: "p3"}, lambda chips: to_file_units(chips, 10), hole_count=4)
'p3 cbr 6.5'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from omaha.betting import Action, Call, Check, DealBoard, DealHole, Fold, Muck, RaiseTo, Show
from omaha.cards import format_card, format_cards, parse_cards
from omaha.errors import InvalidCardError, PHHError, quote
from omaha.phh.amounts import Amount, check_amount, format_amount, parse_amount, to_chips

__all__ = [
    "ActionKind",
    "PHHAction",
    "action_text",
    "cards_text",
    "parse_action",
    "raw_amount",
]

ActionKind = Literal["dh", "db", "f", "cc", "cbr", "sm"]
"""Deal hole cards, deal board cards, fold, check or call, bet or raise to, show or muck."""

_PLAYER = re.compile(r"p([1-9][0-9]*)")


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
        raise InvalidCardError(f"malformed cards {quote(text)} in {what}")
    tokens = [text[i : i + 2] for i in range(0, len(text), 2)]
    known = iter(parse_cards([t for t in tokens if t != "??"]))  # each one card, none twice
    return tuple(None if token == "??" else next(known) for token in tokens)


def _player_index(token: str, what: str) -> int:
    m = _PLAYER.fullmatch(token)
    if m is None:
        raise PHHError(f"{what}: bad player {quote(token)} (expected p1, p2, ...)")
    digits = m.group(1)
    # No table seats more than a few players: a longer index is past them all
    # (and int() refuses more than 4,300 digits).
    return int(digits) - 1 if len(digits) <= 6 else 10**6


def _split(text: str) -> tuple[list[str], str | None]:
    body, sep, comment = text.partition("#")
    return body.split(), (comment.strip() if sep else None)


def raw_amount(text: str) -> str | None:
    """Return the amount of a ``cbr`` action as written (``"6.5"``), else None."""
    words = _split(text)[0]
    return words[2] if len(words) == 3 and words[1] == "cbr" else None


def parse_action(text: object, index: int, places: int, player_count: int, name: str) -> PHHAction:
    """Parse one entry of ``actions``.

    Parameters
    ----------
    text : object
        The entry as read (it must be a string).
    index : int
        Its index in ``actions``, for messages.
    places : int
        The file's decimal places: a ``cbr`` amount is multiplied by
        ``10**places`` (exactly).
    player_count : int
        The players of the hand (``pN`` must be one of them).
    name : str
        The hand's name, for messages.

    Raises
    ------
    PHHError
        Not a string, not an Omaha action of PHH, a bad player, amount or
        card (the message names the action).
    """
    what = f"{name}: action {index} {quote(text)}"
    if not isinstance(text, str):
        raise PHHError(f"{name}: action {index} must be a string, not {quote(text)}")
    words, comment = _split(text)
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
                    read = parse_amount(value)
                except ValueError:
                    raise PHHError(f"{what}: bad amount {quote(value)}") from None
                checked = check_amount(
                    read, f"the amount {quote(value)}", f"{name}: action {index}"
                )
                try:
                    amount = to_chips(checked, places)
                except ValueError as exc:  # too many digits once scaled
                    raise PHHError(f"{what}: the amount {quote(value)}: {exc}") from None
            case [player, "sm"]:
                p, kind, parsed = _player_index(player, what), "sm", ()
            case [player, "sm", "-"]:
                p, kind = _player_index(player, what), "sm"
            case [player, "sm", cards]:
                p, kind = _player_index(player, what), "sm"
                parsed = _parse_cards_text(cards, what)
            case [_, ("sd" | "pb") as k, *_]:
                raise PHHError(f"{what}: {quote(k)} (draw or stud) is not an Omaha action")
            case _:
                raise PHHError(f"{what}: not a PHH Omaha action")
    except InvalidCardError as exc:
        raise PHHError(f"{what}: {exc}") from None
    if p is not None and p >= player_count:
        raise PHHError(f"{what}: there are only {player_count} players")
    return PHHAction(text, kind, p, parsed, amount, comment)


def cards_text(cards: Sequence[int | None]) -> str:
    """Write cards in PHH's notation, ``??`` for an unknown card."""
    return "".join(["??" if c is None else format_card(c) for c in cards])


def action_text(
    action: Action,
    player: Mapping[int, str],
    units: Callable[[int], Amount],
    hole_count: int,
) -> str | None:
    """Write one of the engine's action records in PHH's notation.

    Parameters
    ----------
    action : Action
        A record from :attr:`omaha.Hand.actions`.
    player : mapping of int to str
        Each seat's player label (``"p1"``, ...).
    units : callable
        Chips to the file's units.
    hole_count : int
        Hole cards per player (an unknown hand is written ``????????``).

    Returns
    -------
    str or None
        The action's text; None for the forced bets, which PHH posts itself,
        and for the later boards of a hand run more than once (written in
        ``_run_boards``).
    """
    if isinstance(action, DealHole):
        text = cards_text(action.cards or (None,) * hole_count)
        return f"d dh {player[action.seat]} {text}"
    if isinstance(action, DealBoard):
        # A later board of a hand run more than once is no PHH action (``_run_boards``).
        return f"d db {format_cards(action.cards)}" if action.run == 0 else None
    if isinstance(action, Fold):
        return f"{player[action.seat]} f"
    if isinstance(action, Check | Call):
        return f"{player[action.seat]} cc"
    if isinstance(action, RaiseTo):
        return f"{player[action.seat]} cbr {format_amount(units(action.amount))}"
    if isinstance(action, Show):
        return f"{player[action.seat]} sm {format_cards(action.cards)}"
    if isinstance(action, Muck):
        return f"{player[action.seat]} sm"
    return None  # antes, blinds and straddles are posted automatically in PHH
