"""Winning Poker Network hand histories (Americas Cardroom, ``Hand #...``, ``Game started at:``).

The Winning Poker Network (Americas Cardroom, BlackChip, True Poker,
Yatahay) has written two formats, both read here, as its public examples
and the open-source trackers that read them show.

**Since 2019** a format close to PokerStars' (read by
:class:`WinningReader`): ``Hand #78708209 - Omaha H/L(Fixed Limit) -
$20.00/$40.00 - 2019/07/18 15:13:01 UTC``, in tournaments ``Game Hand
#82980175 - Tournament #11212445 - Omaha H/L(Pot Limit) - Level 1
(250.00/500.00)- ...`` (games ``Omaha``, ``Omaha H/L``, ``5Card Omaha``,
``5Card Omaha H/L``, ``4Card Omaha Reshuffle`` ...); the table (``St. Lucie
6-max Seat #1 is the button``, ``Table '1' 9-max ...``); seats as ``Seat 1:
Name ($200.00)`` (``is sitting out``); ``posts the small blind $10.00``,
``posts the big blind``, ``posts ante``, ``posts $0.05`` (a big blind out of
position), ``posts dead $0.02``, ``straddle``; actions without a colon
(``Name raises $30.00 to $40.00``: the chips put in, then the street
total; ``caps $0.55``: a raise to a Cap table's cap, the chips put in,
which tells the cap: the player's chips in the hand), the
pot after each street (``Main pot $79.20 | Rake $0.80``, read as chatter:
the summary states it), ``*** RUN IT TWICE ***`` with ``*** FLOP 1 ***``
... ``*** SHOW DOWN 2 ***`` and ``collected $92.25 from main pot 1``; the
summary's ``Total pot $199.00 | Rake $0.96 | JP Fee $0.04`` is the pot
after the rake and the jackpot fee (both taken by the house: the rake).
A tournament's first hand deals one card to each seat for the button
before the antes (``Dealt to Hero [4s]``): no hole cards.

**Before 2019** a format of its own (:class:`WinningOldReader`): ``Game
started at: 2016/10/2 21:0:42``, ``Game ID: 741631166 40/80 (PRR) Xana
(Omaha HiLow)`` (no betting structure: a big blind of the first stake is
fixed limit, with those bets; otherwise Omaha is pot limit with those
blinds), ``Seat 1: Name (2872.50).``, each line of the play as ``Player
Name ...``: ``has small blind (20)``, ``has big blind (40)``, ``posts
(40)`` (a big blind out of position), ``posts dead (20)``, ``ante (500)``,
``straddle (40)``, ``received card: [2d]`` (the hero's cards, one a line),
``folds``, ``checks``, ``calls (40)``, ``bets (40)``, ``raises (80)``,
``caps (253.88)`` (the cap, as above), ``allin (1480)`` (each the chips
put in), the streets
``*** FLOP ***: [6d 7h 3h]``, and a summary: ``Pot: 477. Rake 2.76. JP
fee 0.24`` (the pot after the rake and fee) and each player's line
``*Player Name shows: Flush, 7 high [4h 4s Ks 6h]. Bets: 80. Collects:
198.50. Wins: 118.50.``, whose collect is what the player won (checked
against the pot and the replay).

A player the old format declares ``is disconnected and ALL IN`` (then
``allin``, without an amount) is all in by the site's all-in protection
(docs/rules.md §4.11): they stay in the hand for what they have put in,
act no more, and the rest of their chips stays out of play (``_behind``).
"""

from __future__ import annotations

import datetime
import re
from typing import ClassVar

from omaha.history.builder import HandBuilder, PostKind
from omaha.history.lines import AMOUNT, Names, ignorable
from omaha.history.pokerstars import StarsReader, omaha_game
from omaha.history.text import HandText
from omaha.phh.fields import HEADS_UP_ORDER_FIELD, RAKE_MAIN_FIELD, Betting
from omaha.phh.history import HandHistory

__all__ = ["WinningOldReader", "WinningReader", "read_hand"]

START = r"(?:Game started at: \d|(?:Game )?Hand #\d+ - )"
"""A line that starts a Winning Poker Network hand (either format)."""

_RUNS = {"1": 0, "2": 1, "3": 2}


class WinningReader(StarsReader):
    """Read one Winning Poker Network hand in the format since 2019 (PokerStars', adapted)."""

    site: ClassVar[str] = "Winning Poker Network"
    header: ClassVar[re.Pattern[str]] = re.compile(
        r"(?:Game )?Hand #(?P<id>\d+) - "
        r"(?:(?:\S+ GTD )?Tournament #(?P<tournament>\d+) - )?"
        r"(?P<game>[^()]+?) ?\((?P<limit>[^)]*Limit)\) - "
        r"(?:Level (?P<level>\w+) )?\(?(?P<stakes>[^()]*?)\)? ?- ?"
        r"(?P<time>\d{4}/\d{2}/\d{2} \d{2}:\d{2}:\d{2}.*)$"
    )
    table: ClassVar[re.Pattern[str]] = re.compile(
        r"(?:Table '(?P<quoted>[^']*)'|(?P<table>.+?)) (?:(?P<max>\d+)-max )?"
        r"(?:\(Play Money\) )?Seat #(?P<button>\d+) is the button$"
    )
    seat_line: ClassVar[re.Pattern[str]] = re.compile(
        rf"Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>{AMOUNT})\)(?P<out> is sitting out)?$"
    )
    collect: ClassVar[re.Pattern[str]] = re.compile(
        rf"(?P<name>.+?) collected (?P<amount>{AMOUNT}) from "
        r"(?P<pot>pot|main pot|side pot(?: (?P<n>\d+))?)(?: (?P<run>[123]))?$"
    )
    posts: ClassVar[dict[str, str]] = {
        "posts the small blind": "small",
        "posts the big blind": "big",
        "posts ante": "ante",
        "posts the ante": "ante",
        "posts dead": "dead",
        "straddle": "straddle",
        "posts": "big",
    }
    street_names: ClassVar[dict[str, tuple[int, int]]] = {
        **StarsReader.street_names,
        **{
            f"{street} {run}": (index, int(run) - 1)
            for index, street in enumerate(("FLOP", "TURN", "RIVER"))
            for run in "123"
        },
    }
    sep: ClassVar[str] = " "
    total_pot_is: ClassVar[dict[str, bool]] = {"after_rake": True}
    won_in_summary: ClassVar[re.Pattern[str]] = re.compile(
        rf"\b(?:won|collected) (?P<amount>{AMOUNT})"
    )
    _raise = re.compile(
        rf"(?P<verb>raises|caps) (?P<added>{AMOUNT})(?: to (?P<total>{AMOUNT}))?"
        r"(?: and is all-in)?$"
    )
    _running_pot = re.compile(rf"(?:Main|Side) pot(?: \d+)? {AMOUNT}(?: \| .*)?$")
    _run_board = re.compile(r"Board [123] \[(?P<cards>[^\]]*)\]$")

    def __init__(self, hand: HandText, path: str) -> None:
        super().__init__(hand, path)
        self.late_collects: list[tuple[str, int]] = []

    def read(self) -> HandHistory:
        """Read the hand (the summary's wins are the collects of a hand without collect lines)."""
        finish = self.b.finish

        def collect_then_finish() -> HandHistory:
            for name, amount in self.late_collects:
                self.b.collect(name, amount)
            if self.late_collects and self.b.stated.uncalled is None:
                # No line returns the blind nobody called (a walk): the total pot counts it.
                self.b.stated.total_with_uncalled = True
            return finish()

        self.b.finish = collect_then_finish  # type: ignore[method-assign]
        return super().read()

    def read_header(self, line: str) -> None:
        """Read the first line: the hand's number, a tournament, the game, the stakes, the time."""
        b = self.b
        m = self.header.match(line)
        if m is None:
            raise b.error("not a Winning Poker Network hand's first line")
        b.hand_id = m["id"]
        game = omaha_game(f"{m['game']} {m['limit']}")
        if game is None:
            raise b.error(f"not an Omaha hand: {m['game']!r}", quote_line=False)
        betting, kind, hole = game
        tournament = m["tournament"]
        b.places = 0 if tournament else 2
        parts = re.findall(AMOUNT, m["stakes"])
        if len(parts) != 2:
            raise b.error(f"stakes {m['stakes']!r} are not two amounts")
        with b.dating(m["id"]):
            when = self.when(m["time"])
        b.start(
            m["id"],
            betting=betting,
            game=kind,
            hole_count=hole,
            currency=None if tournament else self.currency(m["stakes"]),
            tournament=tournament,
            event=f"Tournament #{tournament}" if tournament else None,
            level=int(m["level"]) if m["level"] and m["level"].isdigit() else None,
            stakes=(b.amount(parts[0]), b.amount(parts[1])),
            **when,
        )

    def read_table(self, line: str) -> bool:
        """Read the table line (the table named with or without quotes)."""
        m = self.table.match(line)
        if m is None:
            return False
        b = self.b
        b.info["table"] = m["quoted"] if m["quoted"] is not None else m["table"]
        if m["max"]:
            b.info["seat_count"] = int(m["max"])
        b.button(int(m["button"]))
        return True

    def read_line(self, line: str) -> bool:
        """Read a line; the pot after each street and the run-twice banner are chatter."""
        if self._running_pot.match(line) or line == "*** RUN IT TWICE ***":
            return True
        return super().read_line(line)

    def read_collect(self, line: str) -> bool:
        """Read ``Name collected $1 from main pot`` (``main pot 2``: from the second run)."""
        m = self.collect.match(line) if self.collect_words in line else None
        if m is None or m["name"] not in self.b._players:
            return False
        index = int(m["n"] or 1) if m["pot"].startswith("side") else 0
        run = _RUNS[m["run"]] if m["run"] else self.run
        self.b.collect(m["name"], self.b.amount(m["amount"]), pot=index, run=run)
        return True

    def read_dealt(self, text: str) -> bool:
        """Read ``Dealt to Name [cards]``; before the hole cards, a card drawn for the button."""
        if not self.dealt:
            return bool(re.fullmatch(r".+ \[\S+\]", text))
        return super().read_dealt(text)

    def read_action(self, name: str, rest: str) -> bool:
        """Read a player's action: ``raises A to B`` and ``caps A`` put in the chips A."""
        m = self._raise.match(rest)
        if m is not None:
            b = self.b
            added = b.amount(m["added"])
            if m["total"] is not None and b.player(name).bet + added != b.amount(m["total"]):
                raise b.error(f"{name!r} raises to a total that does not add up")
            b.put_in(name, added)
            if m["verb"] == "caps":
                capped(b, name)
            return True
        if rest in ("does not show", "doesn't show"):
            return True
        return super().read_action(name, rest)

    def read_summary(self, line: str) -> None:
        """Read a summary line (``Board 2 [..]``: a later run's board, known from its streets)."""
        if self._run_board.match(line):
            return
        b = self.b
        if line.startswith("Seat ") and not b.stated.collects:
            # No collect line (a walk): what the summary says each seat won
            # is what it collects, the uncalled blind included.
            found = self.names.split(_seat_rest(line), sep=" ")
            if found is None:
                raise b.error("a seat the Winning reader does not know")
            for w in self.won_in_summary.finditer(found[1]):
                b.uncalled_in_collect = True
                self.late_collects.append((found[0], b.amount(w["amount"])))
            return
        if self.late_collects and not line.startswith("Seat "):
            raise b.error("a summary line the Winning reader does not know")
        if line.startswith("Seat ") and b._runs > 1:
            # What a run-twice summary says each seat won is per board and
            # not what it collected: the collect lines are checked instead.
            found = self.names.split(_seat_rest(line), sep=" ")
            if found is None:
                raise self.b.error("a seat the Winning reader does not know")
            return
        super().read_summary(line)


def capped(b: HandBuilder, name: str) -> None:
    """Record a raise to the table's cap (a Cap table's): the player's chips in the hand are it.

    The site writes no cap in the header; the first player to reach it
    tells it (docs/rules.md §6.4), and a second who does must agree.
    """
    total = b.player(name).contrib
    if b.hand_cap is not None and b.hand_cap != total:
        raise b.error(f"{name!r} caps at {b._units(total)}, but the cap is {b._units(b.hand_cap)}")
    b.hand_cap = total


def _seat_rest(line: str) -> str:
    return line.split(": ", 1)[1] if ": " in line else line


# ------------------------------------------------------------------ before 2019

_OLD_GAME = re.compile(
    rf"Game ID: (?P<id>\d+) (?P<low>{AMOUNT})/(?P<high>{AMOUNT}) (?P<table>.*?) ?"
    r"\((?P<game>[^()]*)\)(?: (?P<max>\d+)-max)?$"
)
_OLD_WHEN = re.compile(
    r"Game started at: (\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{1,2}):(\d{1,2})$"
)
_OLD_SEAT = re.compile(rf"Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>{AMOUNT})\)\.?$")
_OLD_POSTS: dict[str, PostKind] = {
    "has small blind": "small",
    "has big blind": "big",
    "posts dead": "dead",
    "posts ante": "ante",
    "ante": "ante",
    "straddle": "straddle",
    "posts": "big",
}
_OLD_ACTION = re.compile(
    rf"(?P<verb>folds|checks|calls|bets|raises|caps|cap|allin)(?: \((?P<amount>{AMOUNT})\))?$"
)
_OLD_STREET = re.compile(
    r"\*\*\* (?P<name>FLOP|TURN|RIVER) \*\*\*: (?:\[[^\]]*\] )?\[(?P<cards>[^\]]*)\]$"
)
_OLD_RESULT = re.compile(
    rf"\*?Player (?P<rest>.+?)\.? ?Bets: (?P<bets>{AMOUNT})\. Collects: (?P<collects>{AMOUNT})\. "
    rf"(?:Wins|Loses): (?P<net>{AMOUNT})\.?$"
)
_OLD_POT = re.compile(
    rf"Pot: (?P<pot>{AMOUNT})\.?(?: Rake (?P<rake>{AMOUNT})\.?)?(?: JP fee (?P<fee>{AMOUNT})\.?)?$"
)
_OLD_SHOWN = re.compile(r"\[(?P<cards>[^\]]*)\]")
_OLD_CHATTER = re.compile(
    r"(?:is timed out\.|sitting out|mucks cards|received a card\.|is disconnected\.?"
    r"|is connected\.?|has left the table\.?|has joined the table\.?|sits out|is back)$"
)


class WinningOldReader:
    """Read one Winning Poker Network hand of the format before 2019 (``Game started at:``)."""

    site = WinningReader.site

    def __init__(self, hand: HandText, path: str) -> None:
        self.hand = hand
        self.b = HandBuilder(self.site, path, line=hand.line)
        self.names = Names(())
        self.summary = False
        self.hero_cards: dict[str, list[int]] = {}
        self.protected: set[str] = set()

    def read(self) -> HandHistory:
        """Read the hand; raise :class:`~omaha.errors.HistoryError` naming the line if it cannot."""
        b = self.b
        numbered = [(self.hand.line + j, line) for j, line in enumerate(self.hand.lines) if line]
        b.at(*numbered[0])
        when = _OLD_WHEN.match(numbered[0][1])
        if when is None:
            raise b.error("not a Winning Poker Network hand's first line")
        if len(numbered) < 2:
            raise b.error("the hand is truncated after its first line")
        b.at(*numbered[1])
        m = _OLD_GAME.match(numbered[1][1])
        if m is None:
            raise b.error("not a Winning Poker Network game line (Game ID: ...)")
        b.hand_id = m["id"]
        self.game = m
        y, mo, d, h, mi, sec = (int(x) for x in when.groups())
        with b.dating():
            self.when = datetime.datetime(y, mo, d, h, mi, sec)
        ended = False
        for number, line in numbered[2:]:
            b.at(number, line)
            if line.startswith("Game ended at: "):
                ended = True
            elif line == "------ Summary ------":
                self.summary = True
            elif self.summary:
                if not self.read_summary(line):
                    raise b.error("a summary line the Winning reader does not know")
            elif not self.read_line(line):
                raise b.error("a line the Winning reader does not know")
        if not self.summary:
            raise b.error("the hand is truncated: it has no summary", quote_line=False)
        if not ended:
            raise b.error("the hand is truncated: it has no end line", quote_line=False)
        for name, cards in self.hero_cards.items():
            b.deal(name, cards)
        self.heads_up_order()
        if any(p.left == 0 and p.contrib for p in b._players.values()):
            b.rules[RAKE_MAIN_FIELD] = True  # side pots: the rake comes from the main pot
        return b.finish()

    def heads_up_order(self) -> None:
        """Play a two-player hand whose button posts the big blind in the order of a full table.

        Heads-up the button posts the small blind (docs/rules.md §5.4), as
        the site's heads-up tables deal it (fpdb-3's
        ``LHE-2max-USD-2.00-4.00-201608``: the button posts the small
        blind, acts first before the flop and last after it). A table gone
        down to two with players sitting out is dealt on as a full table:
        the button posts the big blind and the small blind acts first on
        every street (``PLO-USD-2.50-5.00-201505.no.hero``, game 10005881:
        ``Seat 2 is the button``, seat 2 posts the big blind, seat 1 the
        small blind and checks first on the flop and the turn). Such a hand
        plays under the table option ``heads_up_order="ring"`` (PHH
        ``_heads_up_order``); the replay checks every action's turn.
        """
        b = self.b
        dealt = [p for p in b._players.values() if p.acted or p.posted]
        big = [post.name for post in b._posts if post.kind == "big"]
        small = [post.name for post in b._posts if post.kind == "small"]
        button = next((p.name for p in dealt if p.number == b._button), None)
        if len(dealt) == 2 and button is not None and big[:1] == [button]:
            if not small or small[0] == button:
                raise b.error(
                    f"heads-up, the button {button!r} posts the big blind without the other "
                    "player posting the small blind",
                    quote_line=False,
                )
            b.rules[HEADS_UP_ORDER_FIELD] = "ring"

    def start(self) -> None:
        """Start the hand once the blinds tell the structure (fixed limit or pot limit)."""
        b, m = self.b, self.game
        game = omaha_game(m["game"].replace("HiLow", "Hi/Lo"))
        if game is None:
            raise b.error(f"not an Omaha hand: {m['game']!r}")
        _, kind, hole = game
        tournament = re.search(r", Table \d+$", m["table"]) is not None
        b.places = 0 if tournament else 2
        b.hand_id = m["id"]
        self.started = True
        b.betting = "pot"
        b.info.update(table=m["table"] or None, time=self.when)
        if tournament:
            b.info["event"] = m["table"].rsplit(", Table ", 1)[0]
        else:
            b.info["currency"] = "USD"
        if m["max"]:
            b.info["seat_count"] = int(m["max"])
        self.kind, self.hole = kind, hole

    def stakes(self, big_blind: int) -> None:
        """Fix the structure: a big blind of the first stake is fixed limit (those are the bets)."""
        b, m = self.b, self.game
        low, high = b.amount(m["low"]), b.amount(m["high"])
        betting: Betting = "fixed" if big_blind == low and low * 2 == high else "pot"
        b.start(
            m["id"],
            betting=betting,
            game=self.kind,
            hole_count=self.hole if self.hole != 4 else None,
            stakes=(low, high),
        )

    started = False
    structured = False

    def read_line(self, line: str) -> bool:
        """Read a seat, the button, a post, a card, an action, a street or a return."""
        b = self.b
        if not self.started:
            self.start()
        m = _OLD_SEAT.match(line)
        if m is not None:
            b.seat(int(m["seat"]), m["name"], b.amount(m["stack"]))
            self.names = Names(b._players)
            return True
        m = re.match(r"Seat (\d+) is the button$", line)
        if m is not None:
            b.button(int(m.group(1)))
            return True
        m = _OLD_STREET.match(line)
        if m is not None:
            cards = b.cards(m["cards"])
            if len(cards) != (3 if m["name"] == "FLOP" else 1):
                raise b.error(f"the {m['name'].lower()} is {len(cards)} cards")
            b.board(cards)
            return True
        m = re.match(rf"Uncalled bet \((?P<amount>{AMOUNT})\) returned to (?P<name>.+)$", line)
        if m is not None:
            b.uncalled(m["name"], b.amount(m["amount"]))
            return True
        if not line.startswith("Player "):
            return ignorable(line)
        found = self.names.split(line[7:], " ")
        if found is None:
            return ignorable(line)
        name, rest = found
        return self.read_action(name, rest)

    def read_action(self, name: str, rest: str) -> bool:
        """Read what a player does."""
        b = self.b
        m = re.match(r"received card: \[(?P<card>[^\]]+)\]$", rest)
        if m is not None:
            self.hero_cards.setdefault(name, []).extend(b.cards(m["card"]))
            return True
        for words, kind in _OLD_POSTS.items():
            pm = re.fullmatch(rf"{words} \((?P<amount>{AMOUNT})\)", rest)
            if pm is not None:
                amount = b.amount(pm["amount"])
                if kind == "big" and not self.structured:
                    self.structured = True
                    self.stakes(amount)
                b.post(name, kind, amount)
                return True
        if rest == "is disconnected and ALL IN.":  # the site's all-in protection (§4.11)
            b.protect(name)
            self.protected.add(name)
            return True
        if rest == "allin" and name in self.protected:  # the same, said again
            return True
        m = _OLD_ACTION.match(rest)
        if m is not None:
            if not self.structured:
                self.structured = True
                self.stakes(0)
            verb, text = m["verb"], m["amount"]
            if verb in ("folds", "checks") and text is None:
                (b.fold if verb == "folds" else b.check)(name)
            elif text is None:
                return False
            elif verb == "calls":
                b.call(name, b.amount(text))
            else:
                self.over_the_pot(name, b.amount(text))
                b.put_in(name, b.amount(text))
                if verb in ("caps", "cap"):
                    capped(b, name)
            return True
        return bool(_OLD_CHATTER.match(rest))

    def over_the_pot(self, name: str, added: int) -> None:
        """Tell a no-limit game from a pot-limit one: the header names neither (Omaha is pot limit).

        A bet or raise above the pot limit's maximum (docs/rules.md §6.2) is
        a no-limit game's (Winning's short-stack Omaha tables).
        """
        b = self.b
        if b.betting != "pot":
            return
        p = b.player(name)
        highest = max(q.bet for q in b._players.values())
        pot = sum(q.contrib for q in b._players.values())
        call = highest - p.bet
        if p.bet + added > highest + pot + call:
            b.betting = "no"

    def read_summary(self, line: str) -> bool:
        """Read the pot, the rake, the board and each player's result."""
        b = self.b
        m = _OLD_POT.match(line)
        if m is not None:
            rake = sum(b.amount(x) for x in (m["rake"], m["fee"]) if x)
            b.total_pot(b.amount(m["pot"]), after_rake=True)
            if m["rake"] is not None:
                b.rake(rake)
            return True
        if line.startswith("Board: ["):
            return True
        m = _OLD_RESULT.match(line)
        if m is None:
            return False
        found = self.names.split(m["rest"], " ")
        if found is None:
            raise b.error("a player the Winning reader does not know")
        name, rest = found
        collects = b.amount(m["collects"])
        if collects:
            b.collect(name, collects)
        shown = _OLD_SHOWN.search(rest)
        if shown is not None and shown["cards"].strip():
            cards = b.cards(shown["cards"])
            if rest.startswith("shows") and not b.player(name).folded:
                b.show(name, cards)
            else:
                b.known(name, cards)
        return True


def read_hand(hand: HandText, path: str) -> HandHistory:
    """Read one Winning Poker Network hand into a PHH hand (either format)."""
    if hand.lines[0].startswith("Game started at:"):
        return WinningOldReader(hand, path).read()
    return WinningReader(hand, path).read()
