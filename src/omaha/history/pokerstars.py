"""PokerStars hand histories (``PokerStars Hand #...``, ``PokerStars Game #...``).

The format, as PokerStars writes it (and as the public examples and
open-source trackers describe it): a header (the hand number, a tournament
and its level, the game, the stakes, the time), the table and the button's
seat, one line per seat (``Seat 3: Name ($10.05 in chips)``, ``is sitting
out``), the forced bets (``posts small blind``, ``posts big blind``, ``posts
small & big blinds`` on return, ``posts the ante``), then the streets
(``*** HOLE CARDS ***``, ``*** FLOP *** [..]``, ``*** FIRST TURN ***`` when
the board is run twice), each action as ``Name: verb amount``, the uncalled
bet, the showdown (``shows``, ``mucks hand``), what each player collected
from which pot, and the summary (the total pot, each pot, the rake, each
seat's result). Omaha High and Hi-Lo, 4 and 5 cards (``5 Card Omaha``),
pot-limit, no-limit and fixed-limit, cash games (amounts in cents) and
tournaments (in chips); the mixed games' Omaha hands too.

GGPoker writes nearly the same text; :mod:`omaha.history.ggpoker` reads it
with this reader and its differences.
"""

from __future__ import annotations

import datetime
import functools
import re
from typing import Any, ClassVar

from omaha.cards import format_cards
from omaha.games import GameName
from omaha.history.builder import HandBuilder
from omaha.history.lines import AMOUNT, Names, betting_action, ignorable
from omaha.history.text import HandText
from omaha.phh.fields import RAISE_OVER_ALL_IN_FIELD, Betting
from omaha.phh.history import HandHistory

__all__ = ["START", "StarsReader", "not_omaha", "omaha_game", "read_hand"]

START = r"PokerStars (?:Zoom |Home Game |Rush )?(?:Hand|Game) #"
"""A line that starts a PokerStars hand."""

_LIMITS: dict[str, Betting] = {
    "pot limit": "pot",
    "no limit": "no",
    "limit": "fixed",
    "fixed limit": "fixed",
    "pl": "pot",
    "nl": "no",
}
_MIXED = re.compile(r"(?P<name>[\w-]+(?: \w+)*) \((?P<game>[^,]+), (?P<stakes>.*)")
_AMOUNTS = re.compile(AMOUNT)
_CURRENCY = re.compile(r"\b(USD|EUR|GBP|CAD|INR|CNY|SEK|RUB|BRL)\b")
_WHEN = re.compile(
    r"(\d{4})/(\d{1,2})/(\d{1,2})[ -]+(\d{1,2}):(\d{2}):(\d{2})(?: \(?([A-Z]{2,5})\)?)?"
)
_BRACKETS = re.compile(r"\[([^\]]*)\]")
_DEALT = re.compile(r"(?P<name>.+?)(?: \[(?P<cards>[^\]]*)\])?(?: \[(?P<more>[^\]]*)\])?$")
_SUMMARY_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<rest>.*)$")
_BOARD = re.compile(r"(?:FIRST )?Board:? \[(?P<cards>[^\]]*)\]$")
_SUMMARY_OTHER = re.compile(
    r"(?:Board|FIRST Board|SECOND Board|THIRD Board):? \["
    r"|Hand was run (?:twice|three times|two times)"
    r"|with |Duration|\*\*\* SUMMARY \d|Pot \d "
)
_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


def roman(text: str) -> int:
    """Read a level number, written with Roman numerals or digits (``XIV`` is 14)."""
    if text.isdigit():
        return int(text)
    total = 0
    for i, ch in enumerate(text):
        value = _ROMAN[ch]
        total += -value if i + 1 < len(text) and _ROMAN[text[i + 1]] > value else value
    return total


@functools.lru_cache(maxsize=256)
def omaha_game(text: str) -> tuple[Betting, GameName, int] | None:
    """Read an Omaha game's name: ``Omaha Hi/Lo Pot Limit``, ``5 Card Omaha Pot Limit``.

    Returns ``(betting, game, hole cards)``, or None for any other game
    (remembered: a file names few games).
    """
    t = text.lower().replace("-", " ").replace("_", " ")
    if "omaha" not in t and not re.search(r"\bplo[58]?\b", t):
        return None
    if "courchevel" in t:
        return None
    game: GameName = (
        "hilo"
        if re.search(r"hi\s?/\s?lo|h/l|hi lo|8 or better|\bplo8\b|\bomaha8\b|\bo8\b|hilo", t)
        else "hi"
    )
    m = re.search(r"\b([56])\s?(?:card|c)\b|\bplo ?([56])\b|omaha([56])\b", t)
    hole = int(next(g for g in m.groups() if g)) if m else 4
    betting: Betting
    if "pot limit" in t or re.search(r"\bpl\b|\bplo", t):
        betting = "pot"
    elif "no limit" in t or re.search(r"\bnl\b", t):
        betting = "no"
    elif "limit" in t or re.search(r"\bfl\b", t):
        betting = "fixed"
    else:
        betting = "pot"
    return betting, game, hole


def not_omaha(text: str) -> str:
    """Say why a hand whose game is ``text`` is not read: not Omaha, or a game the engine lacks."""
    if "courchevel" in text.lower():
        return (
            f"{text!r} is Courchevel (a board card dealt before the first betting round): "
            "a game this library does not play"
        )
    return f"not an Omaha hand: {text!r}"


def posts_pattern(posts: dict[str, str]) -> re.Pattern[str]:
    """Match a line's start against each post's words (and a space), in ``posts``' order.

    The first group that matches is the post's place in ``posts``
    (``m.lastindex - 1``), as trying each with ``startswith`` in turn would find.
    """
    return re.compile("|".join(f"({re.escape(words)}) " for words in posts))


class StarsReader:
    """Read one hand in PokerStars' format (and, with its differences, GGPoker's)."""

    site: ClassVar[str] = "PokerStars"
    raise_over_all_in: ClassVar[str | None] = "chips"
    """The site's rule for a raise over an all-in (docs/rules.md §5.8; None: the default)."""
    header: ClassVar[re.Pattern[str]] = re.compile(
        r"PokerStars (?:Zoom |Home Game |Rush )?(?:Hand|Game) #(?P<id>\d+): +"
        r"(?:\{[^}]*\} +)?"
        r"(?:(?:Zoom )?Tournament #(?P<tournament>\d+), (?P<event>.*?) +)?"
        r"(?P<game>[\w/&' +-]+?)"
        r"(?: - (?:Match Round \w+, )?Level (?P<level>[IVXLCDM\d]+))? "
        r"\((?P<stakes>[^)]*)\) - (?P<time>.*)$"
    )
    header_mixed: ClassVar[re.Pattern[str] | None] = re.compile(
        header.pattern.replace(
            r"(?P<game>[\w/&' +-]+?)", r"(?P<game>[\w/&' +-]+? \((?P<inner>[\w/&' +-]+)\))"
        )
    )
    """:attr:`header` with a mixed game's name: ``8-Game (Omaha Hi/Lo Limit) - Level I (10/20)``
    (tried first on a line of two parentheses, else :attr:`header` alone: the common case)."""
    table: ClassVar[re.Pattern[str]] = re.compile(
        r"Table '(?P<table>.*)' (?:(?P<max>\d+)-max )?(?:\(Play Money\) )?"
        r"Seat #(?P<button>\d+) is the button$"
    )
    seat_line: ClassVar[re.Pattern[str]] = re.compile(
        rf"Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>{AMOUNT}) in chips"
        r"(?:, .*? bounty)?\)(?P<out> is sitting out| out of hand.*)?$"
    )
    collect: ClassVar[re.Pattern[str]] = re.compile(
        rf"(?P<name>.+?) collected (?P<amount>{AMOUNT}) from "
        r"(?P<pot>pot|main pot|side pot(?:[- ](?P<n>\d+))?)(?: ?\((?:HI|LO)\))?$"
    )
    collect_words: ClassVar[str] = " collected "
    """Words every line :attr:`collect` matches holds (tested first: the pattern is slower)."""
    posts: ClassVar[dict[str, str]] = {
        "posts small blind": "small",
        "posts big blind": "big",
        "posts small & big blinds": "both",
        "posts the ante": "ante",
        "posts straddle": "straddle",
    }
    _post_words: ClassVar[re.Pattern[str]] = posts_pattern(posts)
    """:attr:`posts` as one pattern (each subclass's own, see ``__init_subclass__``)."""
    street_names: ClassVar[dict[str, tuple[int, int]]] = {
        "FLOP": (0, 0),
        "TURN": (1, 0),
        "RIVER": (2, 0),
        "FIRST FLOP": (0, 0),
        "FIRST TURN": (1, 0),
        "FIRST RIVER": (2, 0),
        "SECOND FLOP": (0, 1),
        "SECOND TURN": (1, 1),
        "SECOND RIVER": (2, 1),
        "THIRD FLOP": (0, 2),
        "THIRD TURN": (1, 2),
        "THIRD RIVER": (2, 2),
    }
    _street = re.compile(
        r"\*\*\* (?P<name>[A-Z0-9 /-]+?) \*\*\*:?(?P<cards>(?: ?\[[^\]]*\])*)"
        r"(?: \(Total Pot.*\))?\s*$"
    )
    sep: ClassVar[str] = ": "
    """What follows a player's name in an action line."""
    total_pot_is: ClassVar[dict[str, bool]] = {}
    summary_lists_seats: ClassVar[bool] = True
    """Whether the summary has a ``Seat N:`` line for every player dealt in (not Winamax's):
    a hand whose summary lacks one is cut or altered, and refused."""
    pots_are: ClassVar[dict[str, bool]] = {}
    """How the summary's pots count (before the rake: Full Tilt)."""
    """How the summary's total pot counts (with the uncalled bet, after the rake: Winamax)."""
    _pot_part = re.compile(rf"(Main pot|Side pot(?:[- ]\d+)?) (?P<amount>{AMOUNT})\.")
    _total = re.compile(
        rf"Total pot (?P<total>{AMOUNT})"
        rf"(?P<pots>(?: (?:Main pot|Side pot(?:[- ]\d+)?) {AMOUNT}\.)*)"
        r"(?P<fees>(?: \| [A-Za-z ]+ " + AMOUNT + r")*)\s*$"
    )
    _fee = re.compile(rf"\| (?P<name>[A-Za-z ]+?) (?P<amount>{AMOUNT})")
    won_in_summary: ClassVar[re.Pattern[str]] = re.compile(
        rf"\b(?:won|collected) \((?P<amount>{AMOUNT})\)"
    )
    won_words: ClassVar[tuple[str, ...]] = ("won ", "collected ")
    """Words every match of :attr:`won_in_summary` holds (a line without them wins nothing)."""
    _shown = re.compile(r"\b(?:showed|mucked) \[(?P<cards>[^\]]*)\]")
    _cash_out = re.compile(
        rf"(?P<name>.+?) cashed out the hand for (?P<amount>{AMOUNT})"
        rf"(?: \| Cash Out Fee (?P<fee>{AMOUNT}))?$"
    )

    _shows = re.compile(r"(?:shows|mucks) \[(?P<cards>[^\]]*)\]")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._post_words = posts_pattern(cls.posts)

    def __init__(self, hand: HandText, path: str) -> None:
        self.hand = hand
        self.path = path
        self.b = HandBuilder(self.site, path, line=hand.line)
        if self.raise_over_all_in is not None:
            self.b.rules[RAISE_OVER_ALL_IN_FIELD] = self.raise_over_all_in
        self.names = Names(())
        self.summary = False
        self.dealt = False
        self.streets: dict[int, list[tuple[tuple[int, ...], str] | None]] = {}
        """Each run's streets dealt so far: the cards and the text the line wrote them in
        (None: a card the line left out)."""
        self.dealt_to: set[str] = set()
        """The players a ``Dealt to`` line names."""

    # ------------------------------------------------------------ reading

    def read(self) -> HandHistory:
        """Read the hand; raise :class:`~omaha.errors.HistoryError` naming the line if it cannot."""
        b = self.b
        lines = self.hand.lines
        first = self.hand.line
        b.at(first, lines[0])
        self.read_header(lines[0])
        i = 1
        while i < len(lines):
            b.at(first + i, lines[i])
            if not self.read_table(lines[i]):
                break
            i += 1
        else:
            raise b.error("the hand is truncated: it ends before its seats")
        seated = False
        while i < len(lines):
            line = lines[i]
            b.line, b.text = first + i, line  # b.at(), inline: a line for each seat
            m = self.seat_line.match(line)
            if m is None:
                break
            b.seat(int(m["seat"]), m["name"], b.amount(m["stack"]), sitting_out=bool(m["out"]))
            seated = True
            i += 1
        if not seated:
            if i < len(lines) and not lines[i]:  # a file with a blank line after every line
                raise b.error("a blank line where the seats belong: the hand has no seats")
            raise b.error("the hand has no seats")
        self.names = Names(b._players)
        saw_summary = False
        summary_seats: set[str] = set()
        folded: set[str] = set()  # the seats the summary says folded
        for j in range(i, len(lines)):
            line = lines[j]
            b.line, b.text = first + j, line  # b.at(), inline: the loop of every line
            if not line:
                continue
            if line.startswith("*** SUMMARY ***"):
                self.summary = saw_summary = True
                continue
            if self.summary:
                if line.startswith("Seat "):
                    seat = line[5 : line.find(":")]
                    summary_seats.add(seat)
                    if " folded " in line:
                        folded.add(seat)
                self.read_summary(line)
            elif not self.read_line(line):
                raise b.error(f"a line the {self.site} reader does not know")
        if not saw_summary:
            raise b.error("the hand is truncated: it has no summary", quote_line=False)
        self.check_summary(summary_seats, folded)
        return self.finish()

    def check_summary(self, seats: set[str], folded: set[str]) -> None:
        """Refuse a summary cut short or with a line removed: no total pot, a seat missing.

        Every summary of these sites states the total pot, and (but
        Winamax's, :attr:`summary_lists_seats`) has a line for each seat dealt in;
        without them the hand is cut (or a line was taken out) and what the
        lost lines told (a player's mucked cards, the total) cannot be checked.
        A seat the summary says folded was dealt in: the hand has their fold
        (without it, a line was taken out, and the player would be read as
        not dealt in).

        Raises
        ------
        HistoryError
            The summary has no total pot, no line for a seat dealt in, or
            says a seat folded whose player the hand does not deal in.
        """
        b = self.b
        if folded:
            dealt = {str(p.number) for p in b.dealt_in()}
            for seat in sorted(folded - dealt):
                raise b.error(
                    f"the summary says seat {seat} folded, but the hand has no action of theirs",
                    quote_line=False,
                )
        b.summary_states_pot()
        p = b.unlisted(seats, by_seat=True) if self.summary_lists_seats else None
        if p is not None:
            raise b.error(
                f"the hand is truncated: its summary has no line for seat {p.number} ({p.name!r})",
                quote_line=False,
            )

    def finish(self) -> HandHistory:
        """Write the hand once every line is read (a reader adds what its site leaves implicit)."""
        return self.b.finish()

    def read_header(self, line: str) -> None:
        """Read the first line: the hand's number, the game, the stakes, the time."""
        b = self.b
        m = None
        if self.header_mixed is not None and line.count("(") > 1:  # Mixed Omaha (...) - Level
            m = self.header_mixed.match(line)
        if m is not None:  # a mixed game's level names the limit games' stakes, not the blinds
            b.stakes_are_blinds = False
        else:
            m = self.header.match(line)
        if m is None:
            raise b.error(f"not a {self.site} hand's first line")
        # 8-Game (Omaha Hi/Lo Limit), Mixed Omaha (5 Card Omaha Pot Limit): the game inside
        game_text = m.groupdict().get("inner") or m["game"]
        stakes = m["stakes"]
        mixed = _MIXED.match(stakes)
        if mixed and "Omaha" in mixed["game"]:
            game_text, stakes = mixed["game"], mixed["stakes"]
        inner, comma, rest = stakes.partition(", ")
        if comma and not any(ch.isdigit() for ch in inner.replace("8-Game", "")):
            # a mixed game's cash hand names its game: 8-Game (Omaha Hi/Lo Limit, $2/$4),
            # Mixed NLH/PLO (Hold'em No Limit, $0.10/$0.25 USD): the game is that one
            game_text, stakes = inner, rest
        game = omaha_game(game_text)
        if game is None:
            b.hand_id = m["id"]
            raise b.error(not_omaha(game_text), quote_line=False)
        betting, kind, hole = game
        tournament = m["tournament"]
        b.places = 0 if tournament else 2
        parts = _AMOUNTS.findall(stakes)
        if len(parts) < 2:
            b.hand_id = m["id"]
            raise b.error(f"stakes {stakes!r} without two amounts")
        low, high = b.amount(parts[0]), b.amount(parts[1])
        currency = self.currency(stakes) if not tournament else None
        with b.dating(m["id"]):
            when = self.when(m["time"])
        b.start(
            m["id"],
            betting=betting,
            game=kind,
            hole_count=hole,
            currency=currency,
            tournament=tournament,
            event=f"Tournament #{tournament}, {m['event']}" if tournament else None,
            level=roman(m["level"]) if m["level"] else None,
            stakes=(low, high),
            **when,
        )

    @staticmethod
    def currency(stakes: str) -> str | None:
        """Return a cash game's currency: ``USD``, ``EUR``... (None for play money)."""
        m = _CURRENCY.search(stakes)
        if m:
            return m.group(1)
        for sign, code in (("$", "USD"), ("€", "EUR"), ("£", "GBP"), ("₹", "INR"), ("¥", "CNY")):
            if sign in stakes:
                return code
        return None

    @staticmethod
    def when(text: str) -> dict[str, Any]:
        """Read ``2014/01/06 16:05:07 ET`` (the first time given): ``time`` and ``time_zone``."""
        m = _WHEN.search(text)
        if m is None:
            return {}
        y, mo, d, h, mi, s = (int(x) for x in m.groups()[:6])
        return {"time": datetime.datetime(y, mo, d, h, mi, s), "time_zone": m.group(7)}

    def read_table(self, line: str) -> bool:
        """Read the table line; return False when the line is something else."""
        m = self.table.match(line)
        if m is None:
            return False
        b = self.b
        b.info["table"] = m["table"]
        if m["max"]:
            b.info["seat_count"] = int(m["max"])
        b.button(int(m["button"]))
        return True

    # ------------------------------------------------------------ the hand

    def read_line(self, line: str) -> bool:
        """Read one line of the hand before the summary; return False for a line not understood."""
        b = self.b
        if line.startswith("***"):
            return self.read_street(line)
        if line.startswith("Dealt to "):
            return self.read_dealt(line[9:])
        m = self.uncalled_line.match(line) if line.startswith("Uncalled bet ") else None
        if m is not None:
            b.uncalled(m["name"], b.amount(m["amount"]))
            return True
        if self.read_collect(line):
            return True
        found = self.names.split(line, self.sep)
        if found is not None:
            name, rest = found
            return self.read_action(name, rest)
        m = self._cash_out.match(line)
        if m is not None and m["name"] in b._players:
            b.cash_out(m["name"], b.amount(m["amount"]))
            return True
        if line == "Hand cancelled":
            raise b.cancelled()
        return ignorable(line, self.names)

    uncalled_line: ClassVar[re.Pattern[str]] = re.compile(
        rf"Uncalled bet (?:\(|of )(?P<amount>{AMOUNT})\)? returned to (?P<name>.+)$"
    )

    def read_collect(self, line: str) -> bool:
        """Read ``Name collected $1 from side pot-1``; return False for any other line."""
        m = self.collect.match(line) if self.collect_words in line else None
        if m is None or m["name"] not in self.b._players:
            return False
        index = 0 if m["pot"] in ("pot", "main pot") else int(m["n"] or 1)
        self.b.collect(m["name"], self.b.amount(m["amount"]), pot=index, run=self.run)
        return True

    run = 0

    def read_street(self, line: str) -> bool:
        """Read a ``*** ... ***`` line: the hole cards, a street, a showdown."""
        b = self.b
        m = self._street.match(line)
        if m is None:
            return False
        name = m["name"]
        if name == "HOLE CARDS":
            self.dealt = True
            return True
        if "SHOW DOWN" in name or "SHOWDOWN" in name:
            word = name.split()[0] if not name[-1].isdigit() else name.split()[-1]
            self.run = {"FIRST": 0, "SECOND": 1, "THIRD": 2, "1": 0, "2": 1, "3": 2}.get(word, 0)
            return True
        street = self.street_names.get(name)
        if street is None:
            return False
        index, run = street
        groups = _BRACKETS.findall(m["cards"])
        if not groups:
            return False
        dealt = self.check_street(name, index, run, groups[:-1])
        if not groups[-1].strip() and index > 0:  # a card left out: the summary's board gives it
            b.board((), run=run)
            dealt.append(None)
            return True
        cards = b.cards(groups[-1])
        if len(cards) != (3 if index == 0 else 1):
            raise b.error(f"the {name.lower()} is {len(cards)} cards")
        b.board(cards, run=run)
        dealt.append((cards, groups[-1]))
        return True

    def check_street(
        self, name: str, index: int, run: int, before: list[str]
    ) -> list[tuple[tuple[int, ...], str] | None]:
        """Refuse a street out of order, or whose line restates a board other than the one dealt.

        ``index`` is the street (0 the flop), ``before`` the line's brackets
        before the new cards (``*** TURN *** [Kd 2c 9h] [6c]``: the flop). A
        later run shares the first run's streets before its own. Returns the
        run's streets, for the new one to be added.

        Raises
        ------
        HistoryError
            The street is not the next of its run (lines swapped, or one
            taken out), or the board it restates is not the one dealt.
        """
        b = self.b
        dealt = self.streets.setdefault(run, [])
        if run and not dealt:
            dealt.extend(self.streets.get(0, [])[:index])
        if index != len(dealt):
            raise b.error(f"the {name.lower()} is dealt after {len(dealt)} street(s), not {index}")
        if before and None not in dealt:
            streets = [street for street in dealt if street is not None]
            restated = " ".join(before)
            if restated == " ".join([text for _, text in streets]):
                return dealt  # the very text of the streets dealt: the same cards
            told = b.cards(restated)
            board = [c for cards, _ in streets for c in cards]
            if sorted(told) != sorted(board):
                raise b.error(
                    f"the {name.lower()}'s line restates the board as {format_cards(told)!r}, "
                    f"but {format_cards(board)!r} was dealt"
                )
        return dealt

    def read_dealt(self, text: str) -> bool:
        """Read ``Dealt to Name [cards]`` (or ``Dealt to Name`` at GGPoker)."""
        b = self.b
        m = _DEALT.match(text)
        if m is None or m["name"] not in b._players:
            return False
        name = m["name"]
        if name in self.dealt_to:  # one line a player: a name changed on one of them
            raise b.error(f"{name!r} is dealt to twice")
        self.dealt_to.add(name)
        cards = m["more"] or m["cards"]
        b.deal(name, b.cards(cards) if cards else None)
        return True

    def read_action(self, name: str, rest: str) -> bool:
        """Read what a player does: a bet, a post, a show or a muck.

        The betting verbs come first (most lines are one): no post's words nor
        ``shows``/``mucks`` start with ``folds``, ``checks``, ``calls``, ``bets``
        or ``raises``, so the order does not change what a line reads as.
        """
        b = self.b
        if betting_action(b, name, rest):
            return True
        post = self._post_words.match(rest)
        if post is not None and post.lastindex is not None:
            kind = list(self.posts.values())[post.lastindex - 1]
            amount = rest[post.end() :].removesuffix(" and is all-in")
            b.post(name, kind, b.amount(amount.removesuffix(" out of position")))  # type: ignore[arg-type]
            return True
        shown = self._shows.match(rest)
        if shown is not None:
            cards = b.cards(shown["cards"])
            if rest.startswith("shows"):
                b.show(name, cards)
            else:
                b.muck(name, cards)
            return True
        if rest.startswith("mucks hand") or rest == "mucks":
            b.muck(name)
            return True
        line = f"{name}: {rest}"
        return ignorable(line) or (self.sep == ": " and ignorable(line, self.names))

    # ------------------------------------------------------------ the summary

    def read_summary(self, line: str) -> None:
        """Read a summary line: the total pot, the pots, the rake, each seat's result."""
        b = self.b
        if line.startswith("Total pot "):
            m = self._total.match(line.replace(" | No rake", " | Rake 0"))
            if m is None:
                raise b.error(f"a total pot the {self.site} reader does not know")
            b.total_pot(b.amount(m["total"]), **self.total_pot_is)
            parts = {
                f["name"].strip(): b.amount(f["amount"]) for f in self._fee.finditer(m["fees"])
            }
            b.rake(sum(parts.values()), parts if len(parts) > 1 else None)
            pots = [b.amount(p["amount"]) for p in self._pot_part.finditer(m["pots"])]
            if pots:
                b.pots(pots, **self.pots_are)
            return
        if line.startswith("Seat "):
            m = _SUMMARY_SEAT.match(line)
            found = self.names.split(m["rest"], sep=" ") if m else None
            if m is None or found is None:
                raise b.error(f"a seat the {self.site} reader does not know")
            name, rest = found
            if b.player(name).number != int(m["seat"]):
                raise b.error(f"seat {m['seat']} of the summary names {name!r}, seated elsewhere")
            shown = self._shown.search(rest) if "ed [" in rest else None  # showed, mucked
            if shown is not None and shown["cards"].strip():
                b.known(name, b.cards(shown["cards"]), showed=shown.group().startswith("showed"))
            if any(word in rest for word in self.won_words):  # the pattern is slow to search
                won = [b.amount(w["amount"]) for w in self.won_in_summary.finditer(rest)]
                if won:
                    b.won(name, sum(won))
            return
        board = _BOARD.match(line)
        if board is not None:
            b.summary_board(b.cards(board["cards"]))
            return
        if _SUMMARY_OTHER.match(line):
            return
        raise b.error(f"a summary line the {self.site} reader does not know")


def read_hand(hand: HandText, path: str) -> HandHistory:
    """Read one PokerStars hand into a PHH hand (see :class:`StarsReader`)."""
    return StarsReader(hand, path).read()
