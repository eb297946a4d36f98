"""iPoker network hand histories (XML: ``<session>`` of ``<game gamecode=...>``).

The format, as the network's files (the real one in the project's test
data, and the public examples of the open-source trackers) show: a
``<session>`` whose ``<general>`` names the game (``<gametype>Omaha PL
€0.50/€1</gametype>``), the table and its currency; one ``<game>`` per hand,
whose ``<general>`` gives the time and the players (``<player seat= name=
chips= dealer= win= bet=>``: the stack, the button, what the player won and
bet in the hand, the uncalled bet included in both), then ``<round no=...>``
elements: the blinds (round 0), the hole cards (``<cards type="Pocket"
player=...>SK D6 H7 DQ</cards>``, suit first, ``X`` unknown) and each
street's ``<cards type="Flop">`` and actions. An action is ``<action no=
player= type= sum=>``, listed out of order (``no`` gives the order); its
``type`` says what it is: 0 fold, 1 small blind, 2 big blind (above the big
blind: a live big blind and a dead small one), 3 call, 4 check, 5 bet, 6
raise (the chips added), 7 all-in (the chips added), 8 and 9 no action
(sitting out), 15 ante, 23 raise to (the street total). A player the game
lists but who is dealt no cards and takes no action (sitting out, a seat
with no name, only type 8 or 9) is not dealt in. A ``<gametype>`` that
names only the limits (``PL €2/€4``) is Omaha of as many hole cards as
each player is dealt. A player whose cards are known at the showdown has
shown them.

What the file states is checked: each player's ``bet=`` against what the
actions put in (the uncalled bet included), the ``win=`` amounts against
the replay. There is no rake: it is what the bets do not pay out, and must
be one a site could take (none in a tournament or without a flop, at most
:data:`~omaha.history.reconcile.MAX_INFERRED_RAKE_PERCENT` percent). The
uncalled bet comes back in what its owner wins in older files, apart from it in clients from 2019
(``<client_version>`` 19 or later, ``<uncalled_bet_enabled>``). A
``<game>`` without its ``</game>`` (a file cut short) is an error naming the
hand and the line where the file stops.

XML is read with the standard library (:mod:`xml.etree.ElementTree`), after
refusing any document type declaration or entity (the defences of
``defusedxml``: no entity expansion, no external resources).
"""

from __future__ import annotations

import datetime
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

from omaha.errors import HistoryError
from omaha.games import GameName
from omaha.history.builder import HandBuilder
from omaha.history.notation import show
from omaha.history.pokerstars import omaha_game
from omaha.history.text import HandText
from omaha.phh.fields import Betting
from omaha.phh.history import HandHistory
from omaha.pots import uncalled_bet

__all__ = ["read_hand", "split"]

_GAME_START = re.compile(r"<game\b")
_CUT = "cut"
_UNSAFE = re.compile(r"<!DOCTYPE|<!ENTITY|<!ELEMENT|<!ATTLIST", re.IGNORECASE)


def split(text: str, name: str) -> Iterator[HandText]:
    """Cut an iPoker file into its games, each with the session's ``<general>`` in front.

    Raises
    ------
    HistoryError
        A document type declaration or an entity (refused: no entity is ever
        expanded), or no ``<session>``.
    """
    unsafe = _UNSAFE.search(text)
    if unsafe is not None:
        line = text.count("\n", 0, unsafe.start()) + 1
        raise HistoryError(
            "a document type declaration or entity in iPoker XML (refused)", path=name, line=line
        )
    m = re.search(r"<general>.*?</general>", text, re.DOTALL)
    session = m.group(0) if m else ""
    starts = [g.start() for g in _GAME_START.finditer(text)]
    line, at = 1, 0
    for i, start in enumerate(starts):
        line += text.count("\n", at, start)
        at = start
        stop = starts[i + 1] if i + 1 < len(starts) else len(text)
        end = text.find("</game>", start, stop)
        if end < 0:  # cut inside the game (a file cut short): read_hand names it
            yield HandText(line, [session, text[start:stop], _CUT])
        else:
            yield HandText(line, [session, text[start : end + len("</game>")]])


_ANTE = re.compile(r"\s+Ante\b.*$")
"""The ante a game type may name after its blinds (``$100.00/$200.00 Ante $0.00``)."""


def _money(b: HandBuilder, text: str | None) -> int:
    """Read an iPoker amount (``€42.10``, ``42,10``, ``1 000``) in the file's units.

    The whole attribute is the amount (:func:`~omaha.history.notation.parse_money`):
    ``-€5``, ``€5e3`` or ``€NaN`` is refused, never read as its first digits.
    """
    if text is None or not text.strip() or text.strip() == "N/A":
        return 0
    return b.amount(text)


def read_hand(hand: HandText, path: str) -> HandHistory:
    """Read one iPoker ``<game>`` into a PHH hand."""
    session_text, game_text = hand.lines[:2]
    b = HandBuilder("iPoker", path, line=hand.line)
    b.at(hand.line, game_text.split("\n", 1)[0])
    code = re.match(r'<game\b[^>]*\bgamecode="([^"]*)"', game_text)
    b.hand_id = code.group(1) if code else None
    if len(hand.lines) > 2:
        last = game_text.rstrip().rsplit("\n", 1)[-1].strip()
        b.at(hand.line + game_text.rstrip().count("\n"), last)
        raise b.error("the game is cut short (no </game>): the file is truncated")
    try:
        session = ET.fromstring(session_text) if session_text else ET.Element("general")
        game = ET.fromstring(game_text)
    except ET.ParseError as exc:
        raise b.error(f"malformed XML: {exc}", quote_line=False) from None

    def line_of(needle: str) -> None:
        at = game_text.find(needle)
        if at >= 0:
            number = hand.line + game_text.count("\n", 0, at)
            end = game_text.find("\n", at)
            b.at(
                number,
                game_text[game_text.rfind("\n", 0, at) + 1 : end if end >= 0 else None].strip(),
            )

    def number_of(action: ET.Element) -> int:
        no = action.get("no")
        if no is None or not (no.isascii() and no.isdigit()):
            line_of(f'no="{no}"' if no is not None else "<action")
        return _number(b, no, "action")

    b.hand_id = game.get("gamecode")
    gametype = session.findtext("gametype") or ""
    pockets = [c for c in game.iter("cards") if c.get("type") == "Pocket"]
    betting, kind, hole = _game(b, gametype, pockets)
    apart = _uncalled_apart(session)
    tournament = session.findtext("tournamentcode")
    b.places = 0 if tournament else 2
    named = gametype.split(" ", 1)[1] if " " in gametype else ""
    stakes = re.findall(r"[\d.,]+", _ANTE.sub("", named))  # the blinds, not the ante
    two = (b.amount(stakes[-2]), b.amount(stakes[-1])) if len(stakes) >= 2 else None
    general = game.find("general")
    when = _time(general.findtext("startdate") if general is not None else None)
    b.start(
        b.hand_id or "",
        betting=betting,
        game=kind,
        hole_count=hole,
        table=session.findtext("tablename"),
        currency=(session.findtext("tablecurrency") or None) if not tournament else None,
        tournament=tournament,
        time=when,
        stakes=two,
    )
    players = game.findall("general/players/player")
    if not players:
        raise b.error("the game has no players", quote_line=False)
    # Dealt in: dealt cards (``X X X X`` when unknown) or acting. A player the
    # game lists without either sits out (waiting, away, or a seat with no name).
    in_play = {c.get("player") or "" for c in pockets} | {
        a.get("player") or "" for a in game.iter("action") if a.get("type") not in _NO_ACTION
    }
    won: dict[str, int] = {}
    stated_bet: dict[str, int] = {}
    for p in players:
        name = p.get("name") or ""
        line_of(f'name="{name}"' if name else f'seat="{p.get("seat")}"')
        seat = _number(b, p.get("seat"), "seat")
        if p.get("dealer") == "1":
            b.button(seat)
        if name not in in_play:
            if name:
                b.seat(seat, name, _money(b, p.get("chips")), sitting_out=True)
            continue
        b.seat(seat, name, _money(b, p.get("chips")))
        won[name] = _money(b, p.get("win"))
        if p.get("bet") is not None:
            stated_bet[name] = _money(b, p.get("bet"))
    rounds = sorted(game.findall("round"), key=lambda r: _number(b, r.get("no"), "round"))
    for rnd in rounds:
        for cards in rnd.findall("cards"):
            kind_of = cards.get("type")
            text = (cards.text or "").strip()
            line_of(f">{cards.text}</cards>" if cards.text else "<cards")
            if kind_of == "Pocket":
                name = cards.get("player") or ""
                known = "X" not in text.upper().split() and text
                b.deal(name, b.cards(text, suit_first=True) if known else None)
            elif kind_of in ("Flop", "Turn", "River"):
                b.board(b.cards(text, suit_first=True))
        for action in sorted(rnd.findall("action"), key=number_of):
            line_of(f'no="{action.get("no")}"')
            if (action.get("player") or "") in in_play:
                _action(b, action)
    # The showdown: a player still in with known cards showed them.
    live = [q for q in b._players.values() if not q.folded and not q.sitting_out]
    if len(live) > 1:
        for q in live:
            if q.cards is not None:
                b.show(q.name, q.cards)
            else:
                b.muck(q.name)
    b.at(hand.line, game_text.split("\n", 1)[0])
    for name, amount in stated_bet.items():  # ``bet=``: all the player put in, uncalled too
        put_in = b.player(name).contrib
        if amount != put_in:
            line_of(f'name="{name}"')
            raise b.error(
                f"{name!r} bets {b._units(amount)} in the hand by the file, but the actions "
                f"put in {b._units(put_in)}: the amounts do not add up"
            )
    back = uncalled_bet([q.wager for q in b._players.values()])
    if back is not None:
        owner = list(b._players)[back[0]]
        if apart or won.get(owner, 0) < back[1]:  # it cannot be in what its owner won
            b.uncalled(owner, back[1])
        else:
            b.uncalled_in_collect = True
    for name, amount in won.items():
        if amount:
            b.collect(name, amount)
    return b.finish()


def _uncalled_apart(session: ET.Element) -> bool:
    """Whether ``win=`` leaves the uncalled bet out (it comes back apart).

    Clients from 2019 (``<client_version>`` 19 and later, some with
    ``<uncalled_bet_enabled>true``) return it apart; older files count it in
    what its owner wins.
    """
    if (session.findtext("uncalled_bet_enabled") or "").strip().lower() == "true":
        return True
    version = re.match(r"\s*(\d{1,4})\.", session.findtext("client_version") or "")
    return version is not None and int(version.group(1)) >= 19


_NO_ACTION = ("8", "9")
"""Action types of a player not in the hand (sitting out)."""


def _number(b: HandBuilder, text: str | None, what: str) -> int:
    """Read a seat's, round's or action's number: ASCII digits (a bound of 6)."""
    if text is None or not (text.isascii() and text.isdigit() and len(text) <= 6):
        raise b.error(f"the {what} number {show(text or '')} is no number")
    return int(text)


def _game(
    b: HandBuilder, gametype: str, pockets: list[ET.Element]
) -> tuple[Betting, GameName, int]:
    """Read the game from ``<gametype>``.

    A type naming only the limits (``PL €2/€4``) is Omaha of as many hole
    cards as each player is dealt (four to six).
    """
    parsed = omaha_game(gametype)
    if parsed is not None:
        return parsed
    limit = re.match(r"(PL|NL|FL|Pot limit|No limit|Limit)\s", gametype, re.IGNORECASE)
    sizes = {len((c.text or "").split()) for c in pockets}
    if limit is None or len(sizes) != 1 or not sizes <= {4, 5, 6}:
        raise b.error(f"not an Omaha hand: {show(gametype)}", quote_line=False)
    word = limit.group(1).lower()
    betting: Betting = "pot" if word.startswith("p") else "no" if word.startswith("n") else "fixed"
    return betting, "hi", sizes.pop()


def _action(b: HandBuilder, action: ET.Element) -> None:
    """Tell the builder one ``<action>``."""
    name = action.get("player") or ""
    kind = action.get("type")
    amount = _money(b, action.get("sum"))
    if kind == "0" or kind == "9":
        b.fold(name)
    elif kind == "1":
        b.post(name, "small", amount)
    elif kind == "2":
        big = b.big_blind or amount
        b.post(name, "both" if amount > big else "big", amount)
    elif kind == "15":
        b.post(name, "ante", amount)
    elif kind == "3":
        b.call(name, amount)
    elif kind == "4":
        b.check(name)
    elif kind == "5":
        b.bet(name, amount)
    elif kind == "23":
        b.raise_to(name, amount)
    elif kind in ("6", "7"):
        b.put_in(name, amount)
    elif kind == "8":
        pass
    else:
        raise b.error(f"an action of type {kind!r} the iPoker reader does not know")


def _time(text: str | None) -> datetime.datetime | None:
    """Read ``2014-01-06 13:14:18`` (or ``06-01-2014 ...``, ``06/01/2014 ...``)."""
    if not text:
        return None
    for fmt in ("%Y-%m-%d %H:%M:%S", "%d-%m-%Y %H:%M:%S", "%d/%m/%Y %H:%M:%S", "%d.%m.%Y %H:%M:%S"):
        try:
            return datetime.datetime.strptime(text.strip(), fmt)
        except ValueError:
            continue
    return None
