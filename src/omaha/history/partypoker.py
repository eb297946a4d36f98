"""PartyPoker hand histories (``***** Hand History for Game ... *****``).

PartyPoker has written two formats, both read here, as its files (the real
one in the project's test data, and the public examples of the open-source
trackers) show.

The classic format: a line with the table's buy-in or limits, the game
and the date (``$100 USD PL Omaha Hi-Lo - Monday, January 06, 10:49:40 EST
2014``; a fixed-limit game gives its bets, ``$20/$40 USD FL Omaha Hi-Lo``),
``Table Paris (Real Money)``, ``Seat 6 is the button``, seats as ``Seat 3:
Name ( $100 USD )``, amounts in brackets (``posts small blind [$0.50
USD].``, ``posts big blind + dead [0,35 €].``), every amount a player puts
in as the chips it adds (``raises [$10 USD]``, ``calls [$20 USD]``, ``is
all-In [$19 USD]``), streets as ``** Dealing Flop ** [ 5c, 2d, Jh ]``, and
the winners as ``wins $28.75 USD from the main pot``, ``wins Lo ($28.75
USD) from the main pot``, ``wins $239 USD``. There is no uncalled-bet line
and no rake: the uncalled bet is in what its owner wins (a "side pot" of
its own at a showdown), and the rake is what the pot does not pay out.

Tournaments (``PL Omaha Hi-Lo $22 USD Buy-in Trny: 105411156 Level: 2
Blinds(20/40) - ...``) give chips without a currency (``Seat 2: Name ( 2,910
)``, ``posts small blind [20].``, ``wins 640 chips from the main pot``) and
repeat the level and the blinds on lines of their own (``Trny: 105411156
Level: 2``, ``Blinds(20/40)``: checked against the header's). A player's chat
(``Name: words``) moves no chips and is left out; ``Hand cancelled`` leaves
the hand out (:class:`~omaha.errors.HandCancelled`).

The newer format (``***** Hand History For Game ...``): ``0.10/0.25 Omaha
Hi Game Table (PL) - Mon Jul 20 11:01:17 EDT 2026``, amounts in parentheses
(``posts small blind (0.10)``, ``calls (0.15)``), raises as ``raises 0.85 to
0.85`` (the chips added, then the street total), streets as ``** Dealing
Flop ** :  [ 8d, 5s, 8h ]``, and a summary giving the pot after the rake
and the rake (``Main Pot: $1.09 Rake: $0.05``) and each player's ``balance``
and ``collected`` amount (the uncalled bet included). Since 2026 an all-in
player may cash out: ``Cash-out Premium % is 1.0``, ``opted for cash-out``,
``probabilty is 60.37``, ``Cashout Amount is 23.01``, and in the summary
``Name Cashed out  balance $23.01, ... collected $23.01``: the player is paid
that amount instead of what the pots pay (PHH ``_cash_out``).
"""

from __future__ import annotations

import datetime
import re

from omaha.history.builder import HandBuilder
from omaha.history.lines import AMOUNT, Names, ignorable
from omaha.history.pokerstars import omaha_game
from omaha.history.text import HandText
from omaha.phh.history import HandHistory

__all__ = ["PartyReader", "read_hand"]

_MONEY = r"[-\u2212$€£]?[-\u2212$€£]?\s?(?:\d[\d,.eE]*|NaN|nan)(?:\s?(?:USD|EUR|GBP|€|\$| chips))?"
_BRACKET = rf"\s*\[\s*({_MONEY})\s*\]"
_PAREN = rf"\s*\(\s*({_MONEY})\s*\)"
_MONTHS = {
    m: i + 1
    for i, m in enumerate(
        ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    )
}


class PartyReader:
    """Read one PartyPoker hand, in the classic format or the newer one."""

    site = "PartyPoker"
    start = re.compile(r"\*{5} Hand History [Ff]or Game (?P<id>\S+) \*{5}$")
    seat_line = re.compile(
        r"[Ss]eat ?(?P<seat>\d+): (?P<name>.+?) \(\s*(?P<stack>" + _MONEY + r")\s*\)"
        r"(?P<out> is sitting out)?$"
    )
    street = re.compile(
        r"\*\* Dealing (?P<name>down cards|Flop|Turn|River) \*\*(?:\s*:)?\s*(?P<cards>\[.*\])?$"
    )
    win = re.compile(
        rf"(?P<name>.+?) wins (?:Lo \()?(?P<amount>{_MONEY})\)?"
        r"(?: from the (?P<pot>main pot|side pot(?: (?P<n>\d+))?))?(?: with .*)?\.?$"
    )
    posts = (
        (re.compile(rf"posts small blind{_BRACKET}\.?$|posts small blind{_PAREN}$"), "small"),
        (re.compile(rf"posts big blind \+ dead{_BRACKET}\.?$"), "both"),
        (re.compile(rf"posts big blind{_BRACKET}\.?$|posts big blind{_PAREN}$"), "big"),
        (re.compile(rf"posts dead blind{_BRACKET}\.?$|posts dead blind{_PAREN}$"), "dead"),
        (re.compile(rf"posts ante{_BRACKET}\.?$|posts ante{_PAREN}$"), "ante"),
    )
    added = re.compile(rf"(?P<verb>calls|bets|raises|is all-In)(?:{_BRACKET}|{_PAREN})\.?$")
    blinds = re.compile(
        rf"Blinds(?:-Antes)?\((?P<sb>{_MONEY})/(?P<bb>{_MONEY})(?: -?(?P<ante>{_MONEY}))?\)"
    )
    level = re.compile(r"Trny: ?\d+ Level: ?\d+$")
    chat = re.compile(r"(?P<name>.+?): .*$")
    cash_out_line = re.compile(
        rf"(?P<name>.+?) (?:Cash-out Premium % is [0-9.]+|opted for cash-out"
        rf"|probabi?li?ty is [0-9.]+|Cashout Amount is (?P<amount>{_MONEY}))$"
    )
    new_raise = re.compile(rf"raises (?P<added>{AMOUNT}) to (?P<total>{AMOUNT})$")

    def __init__(self, hand: HandText, path: str) -> None:
        self.hand = hand
        self.b = HandBuilder(self.site, path, line=hand.line)
        self.b.uncalled_in_collect = True
        self.names = Names(())
        self.new = False
        self.balances: set[str] = set()
        """The players the summary (``** Summary **``, 2026's format) gives a balance line."""

    def read(self) -> HandHistory:
        """Read the hand; raise :class:`~omaha.errors.HistoryError` naming the line if it cannot."""
        b = self.b
        lines = self.hand.lines
        first = self.hand.line
        b.at(first, lines[0])
        m = self.start.match(lines[0])
        if m is None:
            raise b.error("not a PartyPoker hand's first line")
        b.hand_id = m["id"]
        self.new = lines[0].startswith("***** Hand History For")
        if len(lines) < 2:
            raise b.error("the hand is truncated after its first line")
        b.at(first + 1, lines[1])
        self.read_game(lines[1])
        summary = False
        dealt = False
        for j in range(2, len(lines)):
            line = lines[j].rstrip()
            b.at(first + j, line)
            if not line or re.match(
                r"Game #\d+ starts\.$|#Game No : \d+$|Total number of players", line
            ):
                continue
            if self.level.match(line):
                continue
            m = self.blinds.fullmatch(line)
            if m is not None:  # the tournament's blinds, again: the same as the header's
                if (b.small_blind, b.big_blind) != (b.amount(m["sb"]), b.amount(m["bb"])):
                    raise b.error("blinds that are not the header's")
                continue
            if re.fullmatch(r"(?:Hand|Game) (?:#\S+ )?(?:has been )?cancell?ed\.?", line, re.I):
                raise b.cancelled()
            if line == "** Summary **":
                summary = True
                continue
            if summary:
                self.read_summary(line)
                continue
            if self.read_setup(line):
                continue
            m = self.street.match(line)
            if m is not None:
                if m["name"] == "down cards":
                    dealt = True
                else:
                    cards = b.cards(m["cards"] or "")
                    b.board(cards)
                continue
            if not dealt and self.read_setup_post(line):
                continue
            if not self.read_play(line):
                raise b.error("a line the PartyPoker reader does not know")
        if summary:
            self.check_summary()
        return b.finish()

    def check_summary(self) -> None:
        """Refuse a ``** Summary **`` cut short or with a line removed.

        That summary states the pot (``Main Pot: ... Rake: ...``) and has a
        balance line for every player; a player's shown cards may be told
        there only.

        Raises
        ------
        HistoryError
            No pot line, or no balance line for a player dealt in.
        """
        b = self.b
        b.summary_states_pot("pot")
        p = b.unlisted(self.balances)
        if p is not None:
            raise b.error(
                f"the hand is truncated: its summary has no balance line for {p.name!r}",
                quote_line=False,
            )

    # ------------------------------------------------------------ the game

    def read_game(self, line: str) -> None:
        """Read the line of the game, the limits and the date."""
        b = self.b
        game = omaha_game(line)
        if game is None:
            raise b.error("not an Omaha hand")
        betting, kind, hole = game
        named = re.match(rf"(?P<low>{_MONEY})/(?P<high>{_MONEY})", line)
        # The classic format's one amount is the buy-in: only limits (and the newer
        # format's blinds) name the stakes.
        stakes = None
        if named and (betting == "fixed" or self.new):
            stakes = (b.amount(named["low"]), b.amount(named["high"]))
        tournament = re.search(r"Tourney|Tournament|Trny", line)
        b.places = 0 if tournament else 2
        if tournament:  # ``Trny: 105411156 Level: 2  Blinds(20/40)``
            number = re.search(r"Trny:\s*(\d+)", line)
            b.info["tournament"] = number.group(1) if number else None
            blinds = self.blinds.search(line)
            if blinds is not None:
                stakes = (b.amount(blinds["sb"]), b.amount(blinds["bb"]))
        with b.dating():
            when = self.when(line)
        b.start(
            b.hand_id or "",
            betting=betting,
            game=kind,
            hole_count=hole,
            currency=next(
                (c for c in ("USD", "EUR", "GBP") if c in line),
                "USD" if "$" in line else "EUR" if "€" in line else None,
            ),
            time=when,
            time_zone=(re.search(r" (E[SD]T|C[ES]T|[A-Z]{3,4}) \d{4}", line) or [None, None])[1],
            stakes=stakes,
        )

    @staticmethod
    def when(line: str) -> datetime.datetime | None:
        """Read ``January 06, 10:49:40 EST 2014`` or ``Mon Jul 20 11:01:17 EDT 2026``."""
        m = re.search(r"(\w{3})\w*,? (\d{1,2}),? (\d{1,2}):(\d{2}):(\d{2}) \w+ (\d{4})", line)
        if m is None or m.group(1)[:3] not in _MONTHS:
            return None
        mo = _MONTHS[m.group(1)[:3]]
        d, h, mi, s, y = (int(x) for x in m.groups()[1:])
        return datetime.datetime(y, mo, d, h, mi, s)

    def read_setup(self, line: str) -> bool:
        """Read the table, the button and the seats."""
        b = self.b
        m = re.match(
            r"Table (?P<table>.+?) \((?:No DP\) \()?\s*(?:Real|Play) Money\s*\)"
            r"(?: -- Seat (?P<button>\d+) is the button)?$",
            line,
        )
        if m is not None:
            b.info["table"] = m["table"]
            if m["button"]:
                b.button(int(m["button"]))
            return True
        m = re.match(r"Seat (?P<seat>\d+) is the button$", line)
        if m is not None:
            b.button(int(m["seat"]))
            return True
        m = self.seat_line.match(line)
        if m is not None:
            b.seat(int(m["seat"]), m["name"], b.amount(m["stack"]), sitting_out=bool(m["out"]))
            self.names = Names(b._players)
            return True
        return False

    def read_setup_post(self, line: str) -> bool:
        """Read a forced bet."""
        found = self.names.split(line, " ")
        if found is None:
            return False
        name, rest = found
        for pattern, kind in self.posts:
            m = pattern.match(rest)
            if m is not None:
                amount = next(a for a in m.groups() if a)
                self.b.post(name, kind, self.b.amount(amount))  # type: ignore[arg-type]
                return True
        return False

    # ------------------------------------------------------------ the play

    def read_play(self, line: str) -> bool:
        """Read an action, a show or a win."""
        b = self.b
        if line.startswith("Dealt to "):
            m = re.match(r"Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]$", line)
            if m is None or m["name"] not in b._players:
                return False
            b.deal(m["name"], b.cards(m["cards"]))
            return True
        m = self.win.match(line)
        if m is not None and m["name"] in b._players:
            pot = 0 if m["pot"] in (None, "main pot") else int(m["n"] or 1)
            b.collect(m["name"], b.amount(m["amount"]), pot=pot)
            return True
        if line.startswith("Creating Main Pot") or line.startswith("Creating Side Pot"):
            return True
        m = self.cash_out_line.match(line)
        if m is not None and m["name"] in b._players:
            if m["amount"] is not None:  # the site pays this instead of what the pots pay
                b.cash_out(m["name"], b.amount(m["amount"]))
            return True
        found = self.names.split(line, " ")
        if found is None:
            return ignorable(line) or self.is_chat(line)
        name, rest = found
        rest = rest.rstrip()
        if rest in ("folds", "checks"):
            (b.fold if rest == "folds" else b.check)(name)
            return True
        if rest in ("is all-In.", "is all-In"):
            return True  # the newer format's note after the action
        m = self.added.match(rest)
        if m is not None:
            amount = b.amount(next(a for a in m.groups()[1:] if a))
            verb = m["verb"]
            if verb == "calls":
                b.call(name, amount)
            else:
                b.put_in(name, amount)
            return True
        m = self.new_raise.match(rest)
        if m is not None:
            p = b.player(name)
            total = b.amount(m["total"])
            if total - p.bet != b.amount(m["added"]):
                raise b.error(f"{name!r} raises to a total that does not add up")
            b.raise_to(name, total)
            return True
        m = re.match(r"(?:shows|doesn't show) \[(?P<cards>[^\]]*)\]", rest)
        if m is not None:
            cards = b.cards(m["cards"])
            (b.show if rest.startswith("shows") else b.muck)(name, cards)
            return True
        if re.match(r"shows.* for low\.?$|does not show cards\.?$|mucks", rest):
            if rest.startswith("mucks"):
                b.muck(name)
            return True
        if self.read_setup_post(line):
            return True
        return ignorable(line) or ignorable(f"{name}: {rest}") or self.is_chat(line)

    def is_chat(self, line: str) -> bool:
        """Whether a line is chat: a seated player's name, a colon and words.

        Chat moves no chips: it is left out. A money line disguised as chat
        would change the hand's result, which the replay checks against
        everything the file states.
        """
        chat = self.chat.match(line)
        return chat is not None and chat["name"] in self.b._players

    # ------------------------------------------------------------ the summary

    def read_summary(self, line: str) -> None:
        """Read the newer format's summary: the pot after the rake, the rake, each balance."""
        b = self.b
        m = re.match(rf"Main Pot: (?P<pot>{_MONEY})(?P<side>.*?) Rake: (?P<rake>{_MONEY})$", line)
        if m is not None:  # the pots after the rake (a side pot's amount too) and the rake
            b.rake(b.amount(m["rake"]))
            sides = re.findall(rf"Side Pot(?: \d+)?: ({_MONEY})", m["side"])
            if m["side"].strip() and not sides:
                raise b.error("side pots the PartyPoker reader does not know")
            pot = b.amount(m["pot"]) + sum(b.amount(a) for a in sides)
            b.total_pot(pot, after_rake=True)
            return
        if line.startswith("Board: "):
            return
        found = self.names.split(line, " ")
        if found is not None and found[1].startswith("Cashed out "):
            # 2026's cash-out: paid the cash-out (its ``collected``), not the pots.
            paid = re.search(rf"collected (?P<amount>{_MONEY}),", found[1])
            if paid is None:
                raise b.error("a cash-out the PartyPoker reader does not know")
            amount = b.amount(paid["amount"])
            said = b.stated.cash_out.get(found[0])
            if said is not None and said != amount:
                raise b.error(
                    f"{found[0]!r} cashes out for {b._units(amount)}, but the hand said "
                    f"{b._units(said)}: the amounts do not add up"
                )
            b.cash_out(found[0], amount)
            self.balances.add(found[0])
            found = (found[0], found[1][len("Cashed out ") :].lstrip())
            self.read_shown(*found)
            return
        if found is not None and found[1].startswith("balance"):
            self.balances.add(found[0])
            won = re.search(rf"collected (?P<amount>{_MONEY}),", found[1])
            if won is not None:
                b.collect(found[0], b.amount(won["amount"]))
            self.read_shown(*found)
            return
        raise b.error("a summary line the PartyPoker reader does not know")

    def read_shown(self, name: str, rest: str) -> None:
        """Read the cards a summary line shows (shown at the showdown)."""
        b = self.b
        shown = re.search(r"\[(?P<cards>[^\]]*)\] \[", rest)
        if shown is not None:
            cards = b.cards(shown["cards"])
            if b.player(name).folded:
                b.known(name, cards)
            else:
                b.show(name, cards)


def read_hand(hand: HandText, path: str) -> HandHistory:
    """Read one PartyPoker hand into a PHH hand (see :class:`PartyReader`)."""
    return PartyReader(hand, path).read()
