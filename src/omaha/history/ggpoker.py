"""GGPoker hand histories (``Poker Hand #OM...``, ``#RC...``, ``#TM...``).

GGPoker writes PokerStars' format with differences, as its public examples
and the open-source trackers that read it show: hand numbers with a letter
prefix (``OM`` Omaha, ``RC`` Rush & Cash, ``TM`` tournaments), games named
``PLO``, ``PLO-5``, ``PLO-6``, ``Omaha Pot Limit``, ``Omaha Hi/Lo``; every
player dealt in listed (``Dealt to Name``); missed blinds (``posts missed
blind``: a dead small blind) and straddles (``Name: straddle $0.5``); the
hands of an all-in shown before the board; the board run twice or three
times (``*** FIRST TURN ***`` ... ``*** THIRD RIVER ***``, ``*** SECOND
SHOWDOWN ***``), the odd cent going to the first run; and a summary whose
total pot is followed by the rake and the other fees taken (``| Rake $7.5
| Jackpot $5 | Bingo $0``), all of which count as the rake.
"""

from __future__ import annotations

import re
from typing import ClassVar

from omaha.history.lines import AMOUNT
from omaha.history.pokerstars import StarsReader
from omaha.history.text import HandText
from omaha.phh.history import HandHistory

__all__ = ["GGReader", "read_hand"]

_GAME = (
    r"(?:Omaha(?: Hi/Lo| Hi-Lo| H/L)?|PLO(?:-[56])?(?: Hi/Lo)?|PLO8|PLO ?Hi-?Lo|Hold'em|ShortDeck"
    r"|Short Deck)(?: (?:Pot|No|Fixed) Limit| Limit| PL| NL)?"
)


class GGReader(StarsReader):
    """Read one GGPoker hand (PokerStars' reader, with GGPoker's header and words)."""

    site: ClassVar[str] = "GGPoker"
    raise_over_all_in: ClassVar[str | None] = None
    header: ClassVar[re.Pattern[str]] = re.compile(
        r"Poker Hand #(?P<id>[A-Z]{0,3}\d+): +"
        r"(?:Tournament #(?P<tournament>\d+), (?P<event>.*?) +)?"
        rf"(?P<game>{_GAME})"
        r"(?: - Level ?(?P<level>\d+))? ?\((?P<stakes>[^)]*)\) - (?P<time>.*)$"
    )
    posts: ClassVar[dict[str, str]] = {
        "posts small blind": "small",
        "posts big blind": "big",
        "posts missed blind": "dead",
        "posts the ante": "ante",
        "straddle": "straddle",
    }
    _cash = re.compile(
        rf"(?:Chooses to EV Cashout|Receives Cashout \((?P<got>{AMOUNT})\)"
        rf"|Pays Cashout Risk \((?P<paid>{AMOUNT})\))$"
    )

    def read_line(self, line: str) -> bool:
        """Read a line; GGPoker's cash drops (the house's chips in the pot) cannot be replayed."""
        if line.startswith("Cash Drop to Pot"):
            raise self.b.error("a Cash Drop (the house's chips added to the pot) is not supported")
        return super().read_line(line)

    def read_action(self, name: str, rest: str) -> bool:
        """Read a player's action; GGPoker's EV cash-out (an insurance) cannot be replayed yet."""
        if self._cash.match(rest):
            raise self.b.error("GGPoker's EV Cashout is not supported")
        return super().read_action(name, rest)


def read_hand(hand: HandText, path: str) -> HandHistory:
    """Read one GGPoker hand into a PHH hand (see :class:`GGReader`)."""
    return GGReader(hand, path).read()
