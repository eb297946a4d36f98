"""Winamax hand histories (``Winamax Poker - CashGame - HandId: #...``).

Winamax writes a format close to PokerStars', as its public examples and
the open-source trackers that read it show: a header naming the kind of
game (``CashGame``, ``Tournament "Name" buyIn: ... level: N``, ``Go
Fast``), the hand number (``#9630554-604-1489827073``), the game
(``Omaha pot limit``, ``Omaha5 pot limit``, ``Omaha Hi/Lo pot limit``) and
the stakes (``(5€/10€)``, or ``(ante/small/big)`` in tournaments); the table
(``Table: 'Marbella' 6-max (real money) Seat #1 is the button``); seats as
``Seat 1: Name (1000€)``; sections ``*** ANTE/BLINDS ***`` and
``*** PRE-FLOP ***``; actions without a colon after the name (``Name
raises 20€ to 30€``); blinds posted ``out of position`` (a small blind
posted so is dead, a big blind live); and no uncalled-bet line: the
uncalled bet is in what its owner collects (as a pot of its own when
there is a showdown), and the summary's total pot is what the players
collect (after the rake, the uncalled bet included).
"""

from __future__ import annotations

import re
from typing import ClassVar

from omaha.history.lines import AMOUNT
from omaha.history.pokerstars import StarsReader, omaha_game
from omaha.history.text import HandText
from omaha.phh.history import HandHistory

__all__ = ["WinamaxReader", "read_hand"]


class WinamaxReader(StarsReader):
    """Read one Winamax hand (PokerStars' reader, with Winamax's header and words)."""

    site: ClassVar[str] = "Winamax"
    header: ClassVar[re.Pattern[str]] = re.compile(
        r"Winamax Poker - (?P<kind>CashGame|Tournament|Go Fast|Sit&Go|Expresso|Freeroll)"
        r"(?: \"(?P<event>[^\"]*)\")?(?P<tinfo>.*?) - HandId: #(?P<id>[\d-]+) - "
        r"(?P<game>.+?) \((?P<stakes>[^)]*)\) - (?P<time>.*)$"
    )
    table: ClassVar[re.Pattern[str]] = re.compile(
        r"Table: '(?P<table>.*)' (?:(?P<max>\d+)-max )?(?:\([^)]*\) )?"
        r"Seat #(?P<button>\d+) is the button$"
    )
    seat_line: ClassVar[re.Pattern[str]] = re.compile(
        rf"Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>{AMOUNT})(?:, [^)]*)?\)"
        r"(?P<out> is sitting out)?$"
    )
    posts: ClassVar[dict[str, str]] = {
        "posts small blind": "small",
        "posts big blind": "big",
        "posts ante": "ante",
        "posts dead blind": "dead",
        "posts straddle": "straddle",
    }
    sep: ClassVar[str] = " "
    total_pot_is: ClassVar[dict[str, bool]] = {"with_uncalled": True, "after_rake": True}
    won_in_summary: ClassVar[re.Pattern[str]] = re.compile(
        rf"\b(?:won|collected) (?P<amount>{AMOUNT})"
    )

    def __init__(self, hand: HandText, path: str) -> None:
        super().__init__(hand, path)
        self.b.uncalled_in_collect = True

    def read_header(self, line: str) -> None:
        """Read the first line: the kind of game, the hand's number, the game, the stakes."""
        b = self.b
        m = self.header.match(line)
        if m is None:
            raise b.error("not a Winamax hand's first line")
        b.hand_id = m["id"]
        game = omaha_game(m["game"])
        if game is None:
            raise b.error(f"not an Omaha hand: {m['game']!r}", quote_line=False)
        betting, kind, hole = game
        cash = m["kind"] == "CashGame"
        b.places = 2 if cash else 0
        parts = [b.amount(a) for a in re.findall(AMOUNT, m["stakes"])]
        if len(parts) not in (2, 3):
            raise b.error(f"stakes {m['stakes']!r} are not two or three amounts")
        low, high = parts[-2:]
        level = re.search(r"level: (\d+)", m["tinfo"] or "")
        b.start(
            m["id"],
            betting=betting,
            game=kind,
            hole_count=hole,
            currency=self.currency(m["stakes"]) if cash else None,
            event=None if cash else f"{m['kind']} {m['event'] or ''}".strip(),
            level=int(level.group(1)) if level else None,
            stakes=(low, high),
            **b.timed(lambda: self.when(m["time"]), m["id"]),
        )

    def read_street(self, line: str) -> bool:
        """Read a section line: ``*** ANTE/BLINDS ***``, ``*** PRE-FLOP ***``, a street."""
        if line in ("*** ANTE/BLINDS ***", "*** PRE-FLOP ***"):
            return True
        return super().read_street(line)

    def read_action(self, name: str, rest: str) -> bool:
        """Read a player's action (``mucks``, ``doesn't show``, as Winamax writes them)."""
        if rest in ("doesn't show", "does not show"):
            return True
        return super().read_action(name, rest)


def read_hand(hand: HandText, path: str) -> HandHistory:
    """Read one Winamax hand into a PHH hand (see :class:`WinamaxReader`)."""
    return WinamaxReader(hand, path).read()
