"""Full Tilt Poker hand histories (``Full Tilt Poker Game #...``).

Full Tilt's format, as its files (the real one in the project's test data,
and the public examples of the open-source trackers) show: a header holding
the table and its size (``Table Huge (heads up)``, ``(6 max, shallow)``),
the stakes, the game (``PL Omaha Hi``, ``Pot Limit Omaha H/L``, ``PL 6 Card
Omaha Hi``) and the time (``19:10:13 ET - 2014/01/05``); seats as ``Seat 1:
Name ($215.35)``; the blinds (``posts the small blind of $0.50``, ``posts
$0.02`` out of position, ``posts a dead small blind of``, ``antes``) and
then ``The button is in seat #2``; actions without a colon, raises as street
totals (``raises to $3``, ``, and is all in``); ``Uncalled bet of $X returned
to Name``; boards run twice as ``*** TURN 1 ***`` ... ``*** RIVER 2 ***``;
the winners as ``wins the pot ($5.70)``, ``wins side pot #1 ($X)``, ``ties
for the main pot ($X)``, ``wins pot 2 ($X)`` (the second board); and a
summary with the total pot and the rake.
"""

from __future__ import annotations

import datetime
import re
from typing import Any, ClassVar

from omaha.history.lines import AMOUNT, betting_action
from omaha.history.pokerstars import StarsReader, not_omaha, omaha_game
from omaha.history.text import HandText
from omaha.phh.history import HandHistory

__all__ = ["FullTiltReader", "read_hand"]

_STAKES = re.compile(rf"^(?P<low>{AMOUNT})/(?P<high>{AMOUNT})(?: Ante (?P<ante>{AMOUNT}))?$")


class FullTiltReader(StarsReader):
    """Read one Full Tilt hand (PokerStars' reader, with Full Tilt's header and words)."""

    site: ClassVar[str] = "Full Tilt Poker"
    raise_over_all_in: ClassVar[str | None] = None
    header: ClassVar[re.Pattern[str]] = re.compile(
        r"Full ?Tilt ?Poker (?:Game|Hand) #(?P<id>\d+): "
        r"(?:(?P<event>.+?) \((?P<tournament>\d+)\), )?"
        r"Table (?P<table>.+?)(?: \((?P<size>[^)]*)\))?(?: - (?P<parts>.*))$"
    )
    seat_line: ClassVar[re.Pattern[str]] = re.compile(
        rf"Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>{AMOUNT})\)(?P<out>, is sitting out)?$"
    )
    posts: ClassVar[dict[str, str]] = {
        "posts the small blind of": "small",
        "posts the big blind of": "big",
        "posts a dead small blind of": "dead",
        "posts a dead big blind of": "dead",
        "posts": "big",
        "antes": "ante",
    }
    collect: ClassVar[re.Pattern[str]] = re.compile(
        rf"(?P<name>.+?) (?:wins|ties for) (?:the )?(?:high |low )?"
        rf"(?P<pot>pot|main pot|side pot(?: #(?P<n>\d+))?"
        rf"|pot (?P<run>\d+)) \((?P<amount>{AMOUNT})\)(?: with .*)?$"
    )
    street_names: ClassVar[dict[str, tuple[int, int]]] = {
        **StarsReader.street_names,
        **{
            f"{s} {r + 1}": (i, r)
            for i, s in enumerate(("FLOP", "TURN", "RIVER"))
            for r in range(3)
        },
    }
    sep: ClassVar[str] = " "
    pots_are: ClassVar[dict[str, bool]] = {"before_rake": True}
    won_words: ClassVar[tuple[str, ...]] = ("won ", "collected ", "wins ", "ties for ")
    won_in_summary: ClassVar[re.Pattern[str]] = re.compile(
        r"\b(?:won|collected|(?:wins|ties for) (?:the )?(?:high |low )?"
        r"(?:pot|main pot|side pot(?: #\d+)?|pot \d+)) "
        rf"\((?P<amount>{AMOUNT})\)"
    )
    _description = re.compile(r" \([^()]*\)$")
    """A showdown's hand description run onto its own line (2006: `` (8,7,4,3,A)``)."""
    _cap = re.compile(rf"(?P<cap>{AMOUNT}) (?:Cap |CAP )?(?=Pot Limit|No Limit|PL|NL)")
    _button_line = re.compile(r"The button is in seat #(?P<seat>\d+)$")
    _street_pot = re.compile(rf"\(Total Pot: (?P<pot>{AMOUNT}), \d+ Players?(?:, \d+ All-In)?\)$")

    def __init__(self, hand: HandText, path: str) -> None:
        super().__init__(hand, path)
        self.b.chip_from_amounts = True

    def read_header(self, line: str) -> None:
        """Read the first line: the hand's number, the table, the stakes, the game, the time."""
        b = self.b
        m = self.header.match(line)
        if m is None:
            raise b.error("not a Full Tilt hand's first line")
        b.hand_id = m["id"]
        parts = [p.strip() for p in (m["parts"] or "").split(" - ")]
        stakes = next((p for p in parts if _STAKES.match(p)), None)
        game = next((g for p in parts if (g := omaha_game(p)) is not None), None)
        if game is None:
            games = [p for p in parts if not _STAKES.match(p) and not re.match(r"\d+:\d", p)]
            raise b.error(not_omaha(games[0] if games else m["parts"] or ""), quote_line=False)
        if stakes is None:
            raise b.error("no stakes in the header")
        betting, kind, hole = game
        tournament = m["tournament"]
        b.places = 0 if tournament else 2
        s = _STAKES.match(stakes)
        assert s is not None
        low, high = b.amount(s["low"]), b.amount(s["high"])
        cap = next((c for p in parts if (c := self._cap.match(p)) is not None), None)
        if cap is not None:
            b.hand_cap = b.amount(cap["cap"])
        size = m["size"] or ""
        seats = 2 if "heads up" in size else None
        n = re.search(r"(\d+) max", size)
        if n:
            seats = int(n.group(1))
        with b.dating(m["id"]):
            when = self.when(" - ".join(parts))
        b.start(
            m["id"],
            betting=betting,
            game=kind,
            hole_count=hole,
            table=m["table"],
            seat_count=seats,
            currency=None if tournament else self.currency(stakes),
            tournament=tournament,
            event=m["event"],
            stakes=(low, high),
            **when,
        )

    @staticmethod
    def when(text: str) -> dict[str, Any]:
        """Read ``19:10:13 ET - 2014/01/05`` into ``time`` and ``time_zone``."""
        m = re.search(r"(\d{1,2}):(\d{2}):(\d{2}) ([A-Z]{2,5}) - (\d{4})/(\d{1,2})/(\d{1,2})", text)
        if m is None:
            return {}
        h, mi, s = (int(x) for x in m.groups()[:3])
        y, mo, d = (int(x) for x in m.groups()[4:])
        return {"time": datetime.datetime(y, mo, d, h, mi, s), "time_zone": m.group(4)}

    def read_street(self, line: str) -> bool:
        """Read a street's line, checking its ``(Total Pot: $6, 2 Players)``: every bet so far."""
        if not super().read_street(line):
            return False
        m = self._street_pot.search(line)
        if m is not None:
            self.b.street_pot(self.b.amount(m["pot"]))
        return True

    def read_table(self, line: str) -> bool:
        """Full Tilt has no table line: the seats follow the header."""
        return False

    def read_line(self, line: str) -> bool:
        """Read a line: the button's seat comes after the blinds at Full Tilt."""
        m = self._button_line.match(line)
        if m is not None:
            self.b.button(int(m["seat"]))
            return True
        if self._description.match(line):
            return True
        return super().read_line(line)

    def finish(self) -> HandHistory:
        """Finish the hand; a pot whose ``wins the pot`` line is missing is won as the summary says.

        Full Tilt's files sometimes leave out the line of the player who won
        a pot nobody contested (the summary's ``collected ($41.80)`` states
        it): the summary's amounts are then the collects, checked as every
        collect is against the pot and the rake.
        """
        b = self.b
        if not b.stated.collects:
            for name, amount in b.stated.won.items():
                b.collect(name, amount)
        return b.finish()

    def read_collect(self, line: str) -> bool:
        """Read ``Name wins the pot ($5.70) with ...``, ``wins side pot #1``, ``wins pot 2``."""
        m = self.collect.match(line)
        if m is None or m["name"] not in self.b._players:
            return False
        if m["run"]:
            pot, run = 0, int(m["run"]) - 1
        else:
            pot = 0 if m["pot"] in ("pot", "main pot") else int(m["n"] or 1)
            run = self.run
        self.b.collect(m["name"], self.b.amount(m["amount"]), pot=pot, run=run)
        return True

    def read_action(self, name: str, rest: str) -> bool:
        """Read a player's action: posts, bets (raises as totals), shows and mucks."""
        b = self.b
        if rest.startswith("shows [") or rest.startswith("mucks"):
            return super().read_action(name, rest)
        if rest.startswith("shows "):  # the second board's showdown: a description
            return True
        if betting_action(b, name, rest, raises_to=True):
            return True
        return super().read_action(name, rest)


def read_hand(hand: HandText, path: str) -> HandHistory:
    """Read one Full Tilt hand into a PHH hand (see :class:`FullTiltReader`)."""
    return FullTiltReader(hand, path).read()
