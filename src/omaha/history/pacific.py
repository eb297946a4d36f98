"""888poker hand histories (``***** 888poker Hand History for Game ... *****``).

888poker (once Pacific Poker, its software Cassava's: ``***** Cassava Hand
History for Game ...`` before 2013; ``888.es``, ``888.it``, ``Snap Poker``
and ``BLAST`` headers too) writes a format of its own, as its public
examples and the open-source trackers that read it show:

- a ``#Game No : 305277727`` line before each hand, the header, then the
  stakes, the game and the date (``$0.50/$1 Blinds Pot Limit OmahaHL - ***
  06 01 2014 23:15:35``: day, month, year), the table (``Table Fortaleza 9
  Max (Real Money)``, or ``Tournament #48749889 $1.80 + $0.20 - Table #19
  (Real Money)``), ``Seat 5 is the button``, ``Total number of players :
  3`` and the seats (``Seat 5: Name ( $51.43 )``);
- the forced bets in brackets (``posts small blind [$0.50]``, ``posts big
  blind [$1]``, ``posts ante [$10]``, a player's return ``posts dead blind
  [$0.25 + $0.50]``: the dead small blind and the live big one);
- ``** Dealing down cards **``, ``Dealt to Name [ Ad, 3h, Qc, Kh ]``, the
  streets ``** Dealing flop ** [ Ks, Js, 6s ]``, and each action as the
  chips it adds (``calls [$1]``, ``bets [$2]``, ``raises [$6]``: a raise's
  chips, call included; ``and is all-in`` may follow);
- ``** Summary **``: ``shows [ .. ]``, ``mucks [ .. ]``, ``did not show
  his hand``, the hand's description (``(Hi: ...)``, ``(Lo: ...)``) and
  each collect (``collected [ $8.08 ]``, twice for a Hi-Lo split).

Amounts follow the player's language: ``$1,234.56``, ``$ 3.243`` and ``$
552,72`` (Dutch: a dot for thousands), ``15 788,50 $`` (Swedish, a space
for thousands); a separator followed by three digits groups thousands
(888poker's amounts are cents, never thousandths). Cards too: the Dutch
``B``, ``V``, ``H`` (jack, queen, king) and the Swedish ``Kn``, ``D``,
``E`` (jack, queen, ace) are read as ``J``, ``Q``, ``K`` and ``A``.

888poker states no rake, no pot and no uncalled bet: the rake is what the
pot does not pay out. The uncalled bet is returned without a line (since
2015) or counted in what its owner collects (Cassava's files; a walk's big
blind, whose blind nobody called, collects it with the pot): the reader
tells which from the amounts (a collect of exactly the uncalled bet, or
collects above what the pot holds without it, count it in). A tournament
hand won uncontested without a collect line is the last player's.

Examples
--------
>>> money_text("$ 3.243"), money_text("552,72 €"), money_text("$1,234.56"), money_text("2 250 $")
(Decimal('3243'), Decimal('552.72'), Decimal('1234.56'), Decimal('2250'))
>>> local_cards("Hc, Vs, Bh, Kns, Ec, 10d")
'Kc Qs Jh Js Ac Td'
"""

from __future__ import annotations

import datetime
import decimal
import re

from omaha.history.builder import HandBuilder, PostKind
from omaha.history.lines import Names
from omaha.history.pokerstars import omaha_game
from omaha.history.text import HandText
from omaha.phh.history import HandHistory
from omaha.pots import uncalled_bet

__all__ = ["PacificReader", "local_cards", "money_text", "read_hand"]

START = (
    r"\*{4,5} ?(?:888poker|888|Cassava|Pacific Poker)(?:\.[a-z]{2})?(?:-[a-z]{2})? "
    r"(?:Snap Poker |BLAST )?Hand History for Game \d+"
)
"""A line that starts an 888poker hand."""

_HEADER = re.compile(START + r" ?\*{4,5}$")
_GAME = re.compile(
    r"(?P<stakes>.+?) Blinds (?P<game>.+?)(?: Jackpot table)? - \*\*\* ?"
    r"(?P<d>\d\d) (?P<m>\d\d) (?P<y>\d{4}) (?P<H>\d\d):(?P<M>\d\d):(?P<S>\d\d)"
)
_MONEY = r"[$€£]?\s?\d[\d.,\s\u00a0\u202f]*?\s?[$€£]?"
_TABLE = re.compile(
    r"(?:Table (?P<table>.+?)|Tournament #(?P<tournament>\d+) (?P<buyin>.*?) - Table #(?P<tno>\d+))"
    r"(?: (?P<max>\d+) Max)? \((?P<kind>Real Money|Practice Play|Play Money)\)$"
)
_SEAT = re.compile(rf"Seat (?P<seat>\d+): (?P<name>.+?) \( ?(?P<stack>{_MONEY}) ?\)$")
_BRACKET = re.compile(rf"\[ ?(?P<a>{_MONEY})(?: \+ (?P<b>{_MONEY}))? ?\]")
_POSTS: dict[str, PostKind] = {
    "posts small blind": "small",
    "posts big blind": "big",
    "posts ante": "ante",
    "posts the ante": "ante",
}
_ACTION = re.compile(
    rf"(?P<verb>calls|bets|raises) \[ ?(?P<amount>{_MONEY}) ?\](?P<all> and is all-in)?$"
)
_STREET = re.compile(r"\*\* Dealing (?P<name>flop|turn|river) \*\* \[(?P<cards>[^\]]*)\]$")
_SHOWN = re.compile(r"(?P<verb>shows|mucks) \[(?P<cards>[^\]]*)\]$")
_COLLECT = re.compile(rf"(?P<name>.+?) collected \[ ?(?P<amount>{_MONEY}) ?\]$")
_CHATTER = re.compile(
    r".+ (?:did not show his hand|has joined the table|has left the table|sits out"
    r"|is sitting out|has been disconnected|has reconnected|will be using his time bank"
    r"|finished \d+/\d+(?: and won .*)?)$"
    r"|\((?:Hi|Lo): [^)]*\)$|Tournament ID: \d+$|Buy-In: .*$"
)
_SEPARATORS = re.compile(r"[.,]")
_DIGITS_ONLY = re.compile(r"[^\d.,]")
_RANKS = {"B": "J", "V": "Q", "H": "K", "Kn": "J", "D": "Q", "E": "A", "10": "T"}
_CARD = re.compile(r"(Kn|10|[2-9TJQKABVHDE])([cdhs])")


def money_text(text: str) -> decimal.Decimal:
    """Read an 888poker amount in any of its languages (``$ 3.243`` is 3,243 dollars).

    Spaces (also non-breaking ones) group thousands; a dot or comma followed
    by exactly three digits groups thousands, by one or two is the decimal
    mark.

    Raises
    ------
    ValueError
        No number in the text.
    """
    cleaned = _DIGITS_ONLY.sub("", text)
    if not cleaned or not cleaned[0].isdigit() or not cleaned[-1].isdigit():
        raise ValueError(f"{text!r} is no amount")
    parts = _SEPARATORS.split(cleaned)
    if len(parts) > 1 and len(parts[-1]) != 3:
        whole, cents = "".join(parts[:-1]), parts[-1]
    else:
        whole, cents = "".join(parts), ""
    if any(len(p) != 3 for p in parts[1 : len(parts) - (1 if cents else 0)]):
        raise ValueError(f"{text!r} is no amount")
    return decimal.Decimal(f"{whole}.{cents}" if cents else whole)


def local_cards(text: str) -> str:
    """Return cards as 888poker writes them in a player's language, in English letters."""
    cards = []
    for token in text.replace(",", " ").split():
        m = _CARD.fullmatch(token)
        cards.append(_RANKS.get(m.group(1), m.group(1)) + m.group(2) if m else token)
    return " ".join(cards)


class PacificReader:
    """Read one 888poker hand (see the module's description of the format)."""

    site = "888poker"

    def __init__(self, hand: HandText, path: str) -> None:
        lines = list(hand.lines)
        while lines and re.fullmatch(r"#Game No : \d+", lines[-1]):  # the next hand's
            lines.pop()
        self.lines = lines
        self.first = hand.line
        self.b = HandBuilder(self.site, path, line=hand.line)
        self.names = Names(())
        self.dealt = "** Dealing down cards **" not in lines  # an observer's file has none

    def read(self) -> HandHistory:
        """Read the hand; raise :class:`~omaha.errors.HistoryError` naming the line if it cannot."""
        b = self.b
        lines = self.lines
        b.at(self.first, lines[0])
        m = _HEADER.match(lines[0])
        if m is None:
            raise b.error("not an 888poker hand's first line")
        b.hand_id = re.search(r"Game (\d+)", lines[0]).group(1)  # type: ignore[union-attr]
        if len(lines) < 2:
            raise b.error("the hand is truncated after its first line")
        b.at(self.first + 1, lines[1])
        self.read_game(lines[1])
        summary = False
        for j in range(2, len(lines)):
            line = lines[j]
            b.at(self.first + j, line)
            if not line or line.startswith("Total number of players"):
                continue
            if line == "** Summary **":
                summary = True
            elif summary:
                if not self.read_summary(line):
                    raise b.error("a summary line the 888poker reader does not know")
            elif not (self.read_setup(line) or self.read_play(line)):
                raise b.error("a line the 888poker reader does not know")
        if not summary:
            raise b.error("the hand is truncated: it has no summary", quote_line=False)
        self.settle_uncalled()
        return b.finish()

    def amount(self, text: str) -> int:
        """Read an amount in the hand's units."""
        try:
            return self.b.amount(money_text(text))
        except ValueError:
            raise self.b.error(f"{text.strip()!r} is no amount") from None

    def cards(self, text: str) -> tuple[int, ...]:
        """Read cards, in any of the players' languages."""
        return self.b.cards(local_cards(text))

    # ------------------------------------------------------------ the game

    def read_game(self, line: str) -> None:
        """Read the stakes, the game and the date."""
        b = self.b
        m = _GAME.match(line)
        if m is None:
            raise b.error("not an 888poker game line (stakes, game, date)")
        game = omaha_game(m["game"].replace("OmahaHL", "Omaha Hi/Lo").replace("Fix ", "Fixed "))
        if game is None:
            raise b.error(f"not an Omaha hand: {m['game']!r}")
        betting, kind, hole = game
        stakes = m["stakes"].split("/")
        if len(stakes) != 2:
            raise b.error(f"stakes {m['stakes']!r} are not two amounts")
        self.currency = next(
            (c for s, c in (("$", "USD"), ("€", "EUR"), ("£", "GBP")) if s in line), None
        )
        with b.dating():
            when = datetime.datetime(
                int(m["y"]), int(m["m"]), int(m["d"]), int(m["H"]), int(m["M"]), int(m["S"])
            )
        b.start(
            b.hand_id or "",
            betting=betting,
            game=kind,
            hole_count=hole if hole != 4 else None,
            time=when,
        )
        self.stakes = stakes

    def read_setup(self, line: str) -> bool:
        """Read the table, the button, a seat or a forced bet."""
        b = self.b
        m = _TABLE.match(line)
        if m is not None:
            tournament = m["tournament"]
            b.places = 0 if tournament else 2
            low, high = (self.amount(s) for s in self.stakes)
            if b.betting == "fixed":  # the blinds: the small bet is the big blind
                b.small_bet, b.big_bet = high, 2 * high
            b.small_blind, b.big_blind = low, high
            b.info["table"] = m["table"] or m["tno"]
            if tournament:
                b.info["tournament"] = tournament
                b.info["event"] = f"Tournament #{tournament} {m['buyin']}".strip()
            elif m["kind"] == "Real Money":
                b.info["currency"] = self.currency
            return True
        m = re.match(r"Seat (\d+) is the button$", line)
        if m is not None:
            b.button(int(m.group(1)))
            return True
        m = _SEAT.match(line)
        if m is not None:
            b.seat(int(m["seat"]), m["name"], self.amount(m["stack"]))
            self.names = Names(b._players)
            return True
        return False

    # ------------------------------------------------------------ the play

    def read_play(self, line: str) -> bool:
        """Read a post, the cards, a street, an action."""
        b = self.b
        if line == "** Dealing down cards **":
            self.dealt = True
            return True
        m = _STREET.match(line)
        if m is not None:
            cards = self.cards(m["cards"])
            if len(cards) != (3 if m["name"] == "flop" else 1):
                raise b.error(f"the {m['name']} is {len(cards)} cards")
            b.board(cards)
            return True
        if line.startswith("Dealt to "):
            m = re.match(r"Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]$", line)
            if m is None or m["name"] not in b._players:
                return False
            b.deal(m["name"], self.cards(m["cards"]))
            return True
        found = self.names.split(line, " ")
        if found is None:
            return bool(_CHATTER.match(line))
        name, rest = found
        if rest == "folds" and not self.dealt:  # folds before the deal: not dealt in
            b.sit_out(name)
            return True
        if rest in ("folds", "checks"):
            (b.fold if rest == "folds" else b.check)(name)
            return True
        m = _ACTION.match(rest)
        if m is not None:
            added = self.amount(m["amount"])
            if m["verb"] == "calls":
                b.call(name, added)
            else:
                b.put_in(name, added)
            return True
        for words, kind in _POSTS.items():
            if rest.startswith(words + " "):
                m = _BRACKET.fullmatch(rest[len(words) + 1 :])
                if m is None or m["b"] is not None:
                    return False
                b.post(name, kind, self.amount(m["a"]))
                return True
        if rest.startswith("posts dead blind "):
            m = _BRACKET.fullmatch(rest[17:])
            if m is None:
                return False
            dead = self.amount(m["a"])
            live = self.amount(m["b"]) if m["b"] else 0
            if dead:
                b.post(name, "dead", dead)
            if live:
                b.post(name, "big", live)
            return True
        return bool(_CHATTER.match(line))

    # ------------------------------------------------------------ the summary

    def read_summary(self, line: str) -> bool:
        """Read a show, a muck or a collect."""
        b = self.b
        m = _COLLECT.match(line)
        if m is not None and m["name"] in b._players:
            b.collect(m["name"], self.amount(m["amount"]))
            return True
        found = self.names.split(line, " ")
        if found is not None:
            name, rest = found
            m = _SHOWN.match(rest)
            if m is not None:
                cards = self.cards(m["cards"])
                if m["verb"] == "shows" and not b.player(name).folded:
                    b.show(name, cards)
                elif b.player(name).folded:
                    b.known(name, cards)
                else:
                    b.muck(name, cards)
                return True
        return bool(_CHATTER.match(line))

    def settle_uncalled(self) -> None:
        """Say how the uncalled bet goes back: counted in a collect, or without a line.

        A tournament hand won uncontested with no collect line (888poker
        writes none at times) is the last player's: the whole pot, the
        uncalled bet returned (a tournament takes no rake).
        """
        b = self.b
        players = list(b._players.values())
        found = uncalled_bet([p.wager for p in players])
        left = [p for p in players if not p.folded and (p.acted or p.posted)]
        if not b.stated.collects and b.places == 0 and len(left) == 1:
            if found is not None:
                b.uncalled(players[found[0]].name, found[1])
            b.collect(left[0].name, sum(p.contrib for p in players))
            return
        if found is None:
            return
        owner, chips = players[found[0]], found[1]
        collects = b.stated.collects
        in_pot = sum(p.contrib for p in players)
        counted = any(c.name == owner.name and c.amount == chips for c in collects)
        if counted or sum(c.amount for c in collects) > in_pot - chips:
            b.uncalled_in_collect = True
        else:
            b.uncalled(owner.name, chips)


def read_hand(hand: HandText, path: str) -> HandHistory:
    """Read one 888poker hand into a PHH hand (see :class:`PacificReader`)."""
    return PacificReader(hand, path).read()
