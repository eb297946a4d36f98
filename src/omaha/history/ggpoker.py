"""GGPoker hand histories (``Poker Hand #OM...``, ``#RC...``, ``#TM...``).

GGPoker writes PokerStars' format with differences, as its public examples
and the open-source trackers that read it show: hand numbers with a letter
prefix (``OM`` Omaha, ``RC`` Rush & Cash, ``TM`` tournaments), games named
``PLO``, ``PLO-5``, ``PLO-6``, ``Omaha Pot Limit``, ``Omaha Hi/Lo`` and the
tournaments' ``Omaha (NL postflop)`` (pot limit before the flop, no limit
after it: :class:`omaha.PotLimitPreflop`, docs/rules.md §6.5); every
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

from omaha.history.builder import HandBuilder
from omaha.history.lines import AMOUNT
from omaha.history.pokerstars import StarsReader
from omaha.history.reconcile import Collect
from omaha.history.text import HandText
from omaha.phh.amounts import to_file_units
from omaha.phh.history import HandHistory
from omaha.pots import Pot, build_pots

__all__ = ["GGReader", "read_hand"]

_GAME = (
    r"(?:Omaha(?: Hi/Lo| Hi-Lo| H/L)?|PLO(?:-[56])?(?: Hi/Lo)?|PLO8|PLO ?Hi-?Lo|Hold'em|ShortDeck"
    r"|Short Deck)(?: (?:Pot|No|Fixed) Limit| Limit| PL| NL| \(NL postflop\))?"
)


class GGReader(StarsReader):
    """Read one GGPoker hand (PokerStars' reader, with GGPoker's header and words)."""

    site: ClassVar[str] = "GGPoker"
    raise_over_all_in: ClassVar[str | None] = None
    header_mixed: ClassVar[re.Pattern[str] | None] = None
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

    _insurance = re.compile(
        r"get an all-in insurance \(premium \([^)]*\) for \([^)]*\) - \([^)]*\)\)$"
    )
    _premium = re.compile(rf"pay premium of all-in insurance \((?P<amount>{AMOUNT})\)$")
    _cash_drop = re.compile(rf"Cash Drop to Pot : total (?P<amount>{AMOUNT})")

    def __init__(self, hand: HandText, path: str) -> None:
        super().__init__(hand, path)
        self.premiums: dict[str, int] = {}

    def read_header(self, line: str) -> None:
        """Read the first line; ``Omaha (NL postflop)`` is pot limit before the flop (§6.5).

        GGPoker's tournaments of that name are no limit on the flop, turn
        and river, pot limit before the flop: the hand is written as no
        limit with ``_pot_limit_preflop`` (:class:`omaha.PotLimitPreflop`).
        """
        super().read_header(line)
        m = self.header.match(line)
        if m is not None and m["game"].endswith("(NL postflop)"):
            self.b.betting = "pot-preflop"

    def read_line(self, line: str) -> bool:
        """Read a line; a Cash Drop (``Cash Drop to Pot : total $0.2``) is the house's money."""
        m = self._cash_drop.fullmatch(line)
        if m is not None:
            self.b.house(self.b.amount(m["amount"]))
            return True
        if line.startswith("Cash Drop"):
            raise self.b.error("a Cash Drop line the GGPoker reader does not know")
        return super().read_line(line)

    def read_action(self, name: str, rest: str) -> bool:
        """Read a player's action; GGPoker's EV cash-out (an insurance) cannot be replayed yet."""
        if self._cash.match(rest):
            raise self.b.error("GGPoker's EV Cashout is not supported")
        if self._insurance.match(rest):
            self.b.player(name)
            return True
        m = self._premium.match(rest)
        if m is not None:
            self.b.player(name)
            self.premiums[name] = self.premiums.get(name, 0) + self.b.amount(m["amount"])
            return True
        return super().read_action(name, rest)

    def finish(self) -> HandHistory:
        """Name the pot of each collect, and keep the insurance premiums paid (informational).

        GGPoker writes ``collected $X from pot`` for every pot, one line per
        pot won, the main pot first (docs/history.md): each collect is put
        in the pot it comes from, so that what the file says each pot paid
        out (after its share of the rake and the jackpot fee) is checked.
        An all-in insurance is a side bet with the house, outside the pots:
        its premium is written in ``_insurance_premiums`` (file units, by
        name), and the finishing stacks are what the pots pay.
        """
        b = self.b
        if b.game == "hi":
            name_pots(b)
        if self.premiums:
            b.rules[INSURANCE_FIELD] = {
                n: to_file_units(c, 10**b.places) for n, c in self.premiums.items()
            }
        return b.finish()


INSURANCE_FIELD = "_insurance_premiums"
"""GGPoker's all-in insurance premiums paid, by player's name, in the file's units."""


def name_pots(b: HandBuilder) -> None:
    """Put each collect of a hand with side pots in its pot (GGPoker names none).

    The collects of each board come in pot order, main pot first, one line
    per player and pot. A collect goes in the first pot, from the current
    one, that its player can win (is in) and has not collected from yet,
    and whose other collects it splits (equal shares, within one unit: the
    odd chip); a pot only one player is in is theirs. When the lines
    cannot be put so, the collects are left as the file has them and the
    replay's checks decide.
    """
    players = list(b._players.values())
    dealt = {p.name for p in b.dealt_in()}
    pots: tuple[Pot, ...] = build_pots(
        [p.contrib for p in players],
        [p.folded or p.name not in dealt for p in players],
        all_in=[p.left == 0 for p in players],
    )
    if len(pots) < 2 or any(c.pot for c in b.stated.collects):
        return
    seat = {p.name: i for i, p in enumerate(players)}
    placed: list[tuple[Collect, int]] = []
    for run in sorted({c.run for c in b.stated.collects}):
        k = 0
        won: dict[int, dict[str, int]] = {}
        for c in (c for c in b.stated.collects if c.run == run):
            while k < len(pots):
                here = won.setdefault(k, {})
                share = next(iter(here.values()), None)
                if (
                    seat[c.name] in pots[k].eligible
                    and c.name not in here
                    and (share is None or abs(share - c.amount) <= 1)
                ):
                    break
                k += 1
            if k == len(pots):
                return
            won[k][c.name] = c.amount
            placed.append((c, k))
    for c, k in placed:
        c.pot = k


def read_hand(hand: HandText, path: str) -> HandHistory:
    """Read one GGPoker hand into a PHH hand (see :class:`GGReader`)."""
    return GGReader(hand, path).read()
