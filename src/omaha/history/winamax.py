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

from omaha.history.builder import PostKind
from omaha.history.lines import AMOUNT
from omaha.history.pokerstars import StarsReader, not_omaha, omaha_game
from omaha.history.text import HandText
from omaha.phh.history import HandHistory

__all__ = ["WinamaxReader", "read_hand"]


class WinamaxReader(StarsReader):
    """Read one Winamax hand (PokerStars' reader, with Winamax's header and words)."""

    site: ClassVar[str] = "Winamax"
    raise_over_all_in: ClassVar[str | None] = "always"
    header: ClassVar[re.Pattern[str]] = re.compile(
        r"Winamax Poker - (?P<kind>CashGame|Tournament|Go Fast|Sit&Go|Expresso|Freeroll)"
        r"(?: \"(?P<event>[^\"]*)\")?(?P<tinfo>.*?) - HandId: #(?P<id>[\d-]+) - "
        r"(?P<game>.+?) \((?P<stakes>[^)]*)\) - (?P<time>.*)$"
    )
    table: ClassVar[re.Pattern[str]] = re.compile(
        r"Table:? '(?P<table>.*)' (?:(?P<max>\d+)-max )?(?:\([^)]*\) )?"
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
    summary_lists_seats: ClassVar[bool] = False
    won_in_summary: ClassVar[re.Pattern[str]] = re.compile(
        rf"\b(?:won|collected) (?P<amount>{AMOUNT})"
    )

    def read_header(self, line: str) -> None:
        """Read the first line: the kind of game, the hand's number, the game, the stakes."""
        b = self.b
        m = self.header.match(line)
        if m is None:
            raise b.error("not a Winamax hand's first line")
        b.hand_id = m["id"]
        game = omaha_game(m["game"])
        if game is None:
            raise b.error(not_omaha(m["game"]), quote_line=False)
        betting, kind, hole = game
        cash = m["kind"] == "CashGame"
        b.places = 2 if cash else 0
        parts = [b.amount(a) for a in re.findall(AMOUNT, m["stakes"])]
        if len(parts) not in (2, 3):
            raise b.error(f"stakes {m['stakes']!r} are not two or three amounts")
        low, high = parts[-2:]
        level = re.search(r"level: (\d+)", m["tinfo"] or "")
        with b.dating(m["id"]):
            when = self.when(m["time"])
        b.start(
            m["id"],
            betting=betting,
            game=kind,
            hole_count=hole,
            currency=self.currency(m["stakes"]) if cash else None,
            event=None if cash else f"{m['kind']} {m['event'] or ''}".strip(),
            level=int(level.group(1)) if level else None,
            stakes=(low, high),
            **when,
        )

    def read_street(self, line: str) -> bool:
        """Read a section line: ``*** ANTE/BLINDS ***``, ``*** PRE-FLOP ***``, a street."""
        if line in ("*** ANTE/BLINDS ***", "*** PRE-FLOP ***"):
            return True
        return super().read_street(line)

    _out_of_position = re.compile(
        rf"posts (?P<kind>small|big) blind (?P<amount>{AMOUNT}) out of position$"
    )

    _deny = re.compile(rf".+ deny [SB]B(?: {AMOUNT})?$")
    _raise = re.compile(rf"raises (?P<by>{AMOUNT}) to (?P<to>{AMOUNT})(?P<all_in> and is all-in)?$")

    def __init__(self, hand: HandText, path: str) -> None:
        super().__init__(hand, path)
        self.b.uncalled_in_collect = True
        self.dead: dict[str, int] = {}
        """Dead blinds posted this hand, by player (Winamax counts them in a raise's size)."""

    def read_line(self, line: str) -> bool:
        """Read a line; ``Name deny BB`` (a player who waits for the big blind) moves no chips."""
        if self._deny.match(line):
            return True
        return super().read_line(line)

    def read_action(self, name: str, rest: str) -> bool:
        """Read a player's action (``mucks``, ``doesn't show``, as Winamax writes them).

        A blind posted ``out of position`` (a player coming in or back): a
        small blind is dead (into the pot, not part of the bet); an amount
        above the small blind is both blinds in one (the big blind live,
        the rest dead); a big blind is live; a post of 0 is nothing
        (docs/rules.md §8.3). ``deny BB`` (a player who will not post and
        waits) moves no chips.
        """
        if rest in ("doesn't show", "does not show") or rest.startswith("deny "):
            return True
        m = self._out_of_position.match(rest)
        if m is not None:
            b = self.b
            amount = b.amount(m["amount"])
            if amount == 0:
                b.player(name)
            elif m["kind"] == "big":
                b.post(name, "big", amount)
            else:
                kind: PostKind = "dead" if amount <= (b.small_blind or 0) else "both"
                b.post(name, kind, amount)
                dead = amount if kind == "dead" else amount - min(b.big_blind or 0, amount)
                self.dead[name] = self.dead.get(name, 0) + dead
            return True
        m = self._raise.match(rest) if self.dead and self.b._street == 0 else None
        if m is not None:
            self.raise_counting_dead(name, self.b.amount(m["by"]), self.b.amount(m["to"]))
            return True
        return super().read_action(name, rest)

    def raise_counting_dead(self, name: str, by: int, to: int) -> None:
        """Read a raise before the flop after a dead blind: ``raises 14€ to 20€`` over 4€.

        Winamax states the raise's size over the most any player has put in
        on the street, dead blinds included (a dead 2€ and a call of 4€ is
        6€: ``raises 14€ to 20€``), as its files show (5 Card Omaha Hi/Lo
        2€/4€, hand #9273404-970-1479780841). The total is the raise; the
        size is checked by that rule.
        """
        b = self.b
        most = max((p.bet + self.dead.get(p.name, 0) for p in b._players.values()), default=0)
        b.raise_to(name, to, by=by + most - max(b._highest, 0))


def read_hand(hand: HandText, path: str) -> HandHistory:
    """Read one Winamax hand into a PHH hand (see :class:`WinamaxReader`)."""
    return WinamaxReader(hand, path).read()
