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
(sitting out: a fold), 15 ante, 23 raise to (the street total). There is no
rake and no uncalled bet: the rake is what the bets do not pay out, the
uncalled bet comes back in what its owner wins. A player whose cards are
known at the showdown has shown them.

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
from omaha.history.builder import HandBuilder
from omaha.history.pokerstars import omaha_game
from omaha.history.text import HandText
from omaha.phh.history import HandHistory

__all__ = ["read_hand", "split"]

_GAME = re.compile(r"<game\b[^>]*>.*?</game>", re.DOTALL)
_UNSAFE = re.compile(r"<!DOCTYPE|<!ENTITY|<!ELEMENT|<!ATTLIST", re.IGNORECASE)
_AMOUNT = re.compile(r"\d[\d.,\s\u00a0]*")


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
    for g in _GAME.finditer(text):
        line = text.count("\n", 0, g.start()) + 1
        yield HandText(line, [session, g.group(0)])


def _money(b: HandBuilder, text: str | None) -> int:
    """Read an iPoker amount (``€42.10``, ``42,10``, ``1 000``) in the file's units."""
    if text is None or not text.strip() or text.strip() == "N/A":
        return 0
    m = _AMOUNT.search(text)
    if m is None:
        raise b.error(f"{text!r} is no amount")
    return b.amount(m.group(0).strip())


def read_hand(hand: HandText, path: str) -> HandHistory:
    """Read one iPoker ``<game>`` into a PHH hand."""
    session_text, game_text = hand.lines
    b = HandBuilder("iPoker", path, line=hand.line)
    b.uncalled_in_collect = True
    b.at(hand.line, game_text.split("\n", 1)[0])
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

    b.hand_id = game.get("gamecode")
    gametype = session.findtext("gametype") or ""
    parsed = omaha_game(gametype)
    if parsed is None:
        raise b.error(f"not an Omaha hand: {gametype!r}", quote_line=False)
    betting, kind, hole = parsed
    tournament = session.findtext("tournamentcode")
    b.places = 0 if tournament else 2
    stakes = re.findall(r"[\d.,]+", gametype.split(" ", 1)[1] if " " in gametype else "")
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
    won: dict[str, int] = {}
    for p in players:
        name = p.get("name") or ""
        line_of(f'name="{name}"')
        b.seat(int(p.get("seat") or 0), name, _money(b, p.get("chips")))
        if p.get("dealer") == "1":
            b.button(int(p.get("seat") or 0))
        won[name] = _money(b, p.get("win"))
    rounds = sorted(game.findall("round"), key=lambda r: int(r.get("no") or 0))
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
        for action in sorted(rnd.findall("action"), key=lambda a: int(a.get("no") or 0)):
            line_of(f'no="{action.get("no")}"')
            _action(b, action)
    # The showdown: a player still in with known cards showed them.
    live = [q for q in b._players.values() if not q.folded and not q.sitting_out]
    if len(live) > 1:
        for q in live:
            if q.cards is not None:
                b.show(q.name, q.cards)
            else:
                b.muck(q.name)
    for name, amount in won.items():
        if amount:
            b.collect(name, amount)
    return b.finish()


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
