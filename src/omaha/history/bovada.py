"""Bovada, Ignition and Bodog hand histories (``Bovada Hand #...``, ``Ignition Hand #...``).

Bovada's tables are anonymous: a hand names its players by their
position (``Dealer``, ``Small Blind``, ``Big Blind``, ``UTG``, ``UTG+1``
...), the hero's with ``[ME]``, and shows every player's hole cards. The
format, as its public examples and the open-source trackers that read it
show:

- the header: ``Bovada Hand #2605762685 TBL#1218245 OMAHA Pot Limit -
  2012-05-14 00:54:46`` (``OMAHA HiLo``; ``Zone Poker ID#1708
  OMAHAZonePoker``; Ignition's and Bodog's the same), a tournament's
  ``Bovada Hand #3050116136: OMAHA HiLo Tournament #9483062 TBL#1, Pot
  Limit- Level 2 (15/30) - 2014-09-07 04:24:27``; a cash game's stakes are
  its blinds, as posted;
- the seats, ``Seat 2: Dealer [ME] ($124 in chips)``, listed in the
  table's order; in tournaments since about 2016 the numbers are the
  players' numbers in the tournament, not the table's seats (``Seat 103``,
  ``Seat 128`` at a 9-seat table, in no order): see ``_table_seats``;
  the button (``Dealer : Set dealer/Bring in spot [2]``, ``Set dealer [6]``,
  else the Dealer's seat); the forced bets: ``Ante/Small Blind $2``, ``Small Blind
  $0.25``, ``Big blind/Bring in $4``, ``Big blind $0.50``, ``Ante chip
  10``, ``Posts chip $0.05`` (a big blind out of position, live), ``Posts
  dead chip $0.02`` (dead; alone and above the small blind, ``Posts dead
  chip $15`` at $5/$10 is both blinds: $10 live, $5 dead), an ``All-in`` for
  less than the blind or ante;
- ``*** HOLE CARDS ***``, ``Card dealt to a spot [..]`` for each player,
  the streets (``*** FLOP *** [Js 7s 5s]``; ``Card dealt to table [..]`` in
  2012) and the actions: ``Folds`` (``(timeout)``, ``(Blind
  Disconnected)``...), ``Checks``, ``Calls $4`` / ``Call 100`` (the chips
  added), ``Bets $175``, ``Raises $22`` (the street total) or ``Raises
  $0.65 to $0.75`` (the chips added, then the total), ``All-in $15`` and
  ``All-in(raise) $124`` (the player's every chip: the amount is what they
  add or their street total), ``Return uncalled portion of bet $175``;
- the showdown (``Showdown [..] (Flush)``: the best five cards, the hand
  is the one dealt; ``Mucks [..]``; ``Does not show [..]``), each pot won
  (``Hand result $376.78``, ``Hand result-Side pot $550.22``, one line per
  half of a split pot; the side pots are not numbered: see
  :meth:`BovadaReader.number_side_pots`), and the summary: ``Total Pot($930) | Rake ($3)``
  (the pot before the rake, without the uncalled bet), the board, each
  seat's result (``$376.78``, ``HI 30``, ``LOW 30`` or ``LO $3.34``: checked against the
  results).

A low half shared by several players gives its odd chips to the high
hand's winner (``_odd_chips = "high"``, docs/rules.md §4 rule 4): two
players' equal lows at $0.95 take $0.23 each and the high $0.49.

Before about August 2012 Bovada wrote no street lines: the flop, turn and
river start where the betting round before them ends (everyone still in
with chips has acted and matched the bet), and their cards come from the
summary's board. Lines that move no chips (``Leave(Auto)``,
``Enter(Auto)``, ``Sit out``, ``Re-join``, ``Stand``, ``Ranking 39``,
``Prize Cash``, ``Table enter user``, ``Table deposit``...) are passed
over; any other line is an error.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable, Sequence

from omaha.history.builder import HandBuilder, PostKind
from omaha.history.pokerstars import omaha_game
from omaha.history.reconcile import MAX_INFERRED_RAKE_PERCENT
from omaha.history.text import HandText
from omaha.phh.fields import ODD_CHIPS_FIELD
from omaha.phh.history import HandHistory
from omaha.pots import build_pots

__all__ = ["BovadaReader", "read_hand"]

START = r"(?:Bovada|Ignition|Bodog(?:\.com|\.eu| UK| Canada|88)?) Hand #C?\d+"
"""A line that starts a Bovada, Ignition or Bodog hand."""

_MONEY = r"\$?\d[\d,]*(?:\.\d+)?"
_HEADER = re.compile(
    r"(?P<site>Bovada|Ignition|Bodog(?:\.com|\.eu| UK| Canada|88)?) Hand #C?(?P<id>\d+):? +"
    r"(?:(?:TBL|Zone Poker ID)#(?P<table>\S+) +)?"
    r"(?P<game>[A-Z][A-Za-z0-9_ ]*?) +"
    r"(?:Tournament #(?:M-)?(?P<tournament>\d+) TBL#(?P<ttable>\d+), +)?"
    r"(?:1 on 1 )?(?P<limit>No Limit|Pot Limit|Fixed Limit|Turbo)? ?(?:Normal ?)?"
    r"(?:- ?Level (?P<level>\d+) \((?P<low>[\d,.]+)/(?P<high>[\d,.]+)\) ?)?"
    r"(?: \[MVS\])?- (?P<y>\d{4})-(?P<mo>\d\d)-(?P<d>\d\d) (?P<h>\d\d):(?P<mi>\d\d):(?P<s>\d\d)$"
)
_SEAT = re.compile(
    rf"Seat (?P<seat>\d+): (?P<label>.+?)(?P<me> \[ME\])? \((?P<stack>{_MONEY}) in chips\)"
)
_SET_DEALER = re.compile(
    r"(?:Dealer *(?:\[ME\])? *: )?Set dealer(?:/Bring in spot)?(?: \[(?P<seat>\d+)\])?$"
)
_MAX_SEATS = 10
"""The most seats a Bovada table has: a seat number above it is a tournament's player number."""
_LINE = re.compile(r"(?P<label>[A-Za-z][A-Za-z0-9+ ]*?) *(?P<me>\[ME\])? *: ?(?P<rest>.*)$")
_POSTS: dict[str, PostKind] = {
    "Ante/Small Blind": "small",
    "Ante/Small blind": "small",
    "Small Blind": "small",
    "Small blind": "small",
    "Big blind/Bring in": "big",
    "Big blind": "big",
    "Big Blind": "big",
    "Posts chip": "big",
    "Posts dead chip": "dead",
    "Ante chip": "ante",
}
_POST = re.compile(
    "(?P<words>" + "|".join(re.escape(w) for w in sorted(_POSTS, key=len, reverse=True)) + ")"
    rf" (?P<amount>{_MONEY})$"
)
_NOTE = r"(?: ?\((?:timeout|auth|disconnect|Blind Disconnected|raise-timeout)\))?"
_ACTION = re.compile(
    rf"(?P<verb>Folds?|Checks|Calls?|Bets|Double bets|Raises|All-in(?:\(raise(?:-timeout)?\))?)"
    rf"{_NOTE}(?: (?P<a>{_MONEY})(?: to (?P<b>{_MONEY}))?)?$"
)
_STREET = re.compile(
    r"\*\*\* (?P<name>FLOP|TURN|RIVER) \*\*\* (?:\[[^\]]*\] )?\[(?P<cards>[^\]]*)\]$"
)
_TABLE_CARDS = re.compile(r"Card dealt to table \[(?P<cards>[^\]]*)\]$")
_RESULT = re.compile(rf"Hand [Rr]esult(?P<side>-Side [Pp]ot)? (?P<amount>{_MONEY})$")
_SHOWN = re.compile(
    r"(?P<verb>Showdown|Mucks|Does not show)(?:\([^)]*\))? \[(?P<cards>[^\]]*)\](?: \(.*\))?$"
)
_CHATTER = re.compile(
    r"(?:Leave\(Auto\)|Enter\(Auto\)|Sit out|Sitout \(wait for bb\)|Re-join|Stand|Seat sit out"
    r"|Seat stand|Seat re-join|Seat sit down|Table enter user|Table leave user|Ranking \d+"
    r"|Table deposit .*|Prize Cash .*|Prize Tournament Ticket.*|Rebuyin .*|Addon .*"
    r"|Draw for dealer .*|BOUNTY PRIZE .*|Chips transfer .*)$"
)
_SUMMARY_HOLE = re.compile(r"\[(?P<cards>[^\]-]+)-[^\]]*\]")
"""A summary seat's ``[hole cards-best five]`` (``[Kc Kd 7h 6h-Kc Kd Kh Td 8c]``)."""
_SUMMARY_SEAT = re.compile(r"Seat[+ ](?P<seat>\d+): (?P<rest>.*)$")
_TOTAL = re.compile(rf"Total Pot\((?P<pot>{_MONEY})\)(?: \| Rake \((?P<rake>{_MONEY})\))?$")
_BOARD = re.compile(r"Board \[(?P<cards>[^\]]*)\]$")
_WON = re.compile(rf"^(?:HI )?(?P<hi>{_MONEY})\b| LOW? (?P<lo>{_MONEY})\b")
_BETS = ("Bets", "Double bets")


class BovadaReader:
    """Read one Bovada, Ignition or Bodog hand (see the module's description of the format)."""

    def __init__(self, hand: HandText, path: str) -> None:
        self.hand = hand
        self.b = HandBuilder("Bovada", path, line=hand.line)
        self.names: dict[str, str] = {}  # a position's label: the player's name
        self.seats: dict[str, int] = {}
        self.hole_cards = False
        self.to_act: set[str] | None = None
        self.side_results: list[tuple[str, int]] = []  # ``Hand result-Side pot``, in order
        # The seats written for the site's numbers when those are not the table's seats.
        self.numbers, self.dead_button = _table_seats(hand.lines)
        self.infer_streets = not any(
            line.startswith(("*** FLOP", "*** TURN", "*** RIVER", "Card dealt to table"))
            for line in hand.lines
        )

    def read(self) -> HandHistory:
        """Read the hand; raise :class:`~omaha.errors.HistoryError` naming the line if it cannot."""
        b = self.b
        lines = self.hand.lines
        first = self.hand.line
        b.at(first, lines[0])
        self.read_header(lines[0])
        summary = False
        for j in range(1, len(lines)):
            line = lines[j]
            b.at(first + j, line)
            if not line:
                continue
            if line == "*** SUMMARY ***":
                summary = True
            elif summary:
                if not self.read_summary(line):
                    raise b.error("a summary line the Bovada reader does not know")
            elif not self.read_line(line):
                raise b.error("a line the Bovada reader does not know")
        if not summary:
            raise b.error("the hand is truncated: it has no summary", quote_line=False)
        b.summary_states_pot()
        if b._button is None:
            b.button(self.button())
        self.number_side_pots()
        return b.finish()

    def number_side_pots(self) -> None:
        """Tell which side pot each ``Hand result-Side pot`` line pays (Bovada numbers none).

        Bovada writes a hand's results from the last side pot to the main
        pot, one line per winner of each pot (and per half of a Hi-Lo pot):
        Ignition hand #4294595778 (2021, blinds 1000/2000, antes 200) pays ``Side Pot 5330``
        (side pot 2), then ``Side Pot 11285`` (side pot 1), then ``Hand
        Result 560`` (the main pot). The pots are cut at the all-in totals of
        the players still in the hand (docs/rules.md §4,
        :func:`omaha.pots.build_pots`); the lines, in order, are shared out
        to them, the last side pot first, so that each side pot pays what it
        holds: all of it in a tournament, and in a cash game all but its
        rake (at most :data:`~omaha.history.reconcile.MAX_INFERRED_RAKE_PERCENT`
        percent of it). A sharing that no such split gives, or that two
        give, is an error naming the hand: never a guess. The replay then
        checks each pot's winners and amounts (``_pots``).
        """
        side = self.side_results
        if not side:
            return
        b = self.b
        dealt = b.dealt_in()
        pots = build_pots(
            [p.contrib for p in dealt],
            [p.folded for p in dealt],
            all_in=[p.left == 0 for p in dealt],
        )
        holds = [pot.amount for pot in pots[1:]][::-1]  # the last side pot first
        if not holds:
            raise b.error("a side pot is paid, but nobody is all in for less", quote_line=False)
        raked = b.places > 0
        splits = _shares(
            [amount for _, amount in side],
            holds,
            lambda got, held: (
                got == held
                or (raked and got < held and (held - got) * 100 <= held * MAX_INFERRED_RAKE_PERCENT)
            ),
        )
        if len(splits) != 1:
            units = ", ".join(b._units(h) for h in holds[::-1])
            raise b.error(
                f"the side-pot results ({', '.join(b._units(a) for _, a in side)}) "
                f"{'cannot be' if not splits else 'can be more than one way'} shared out to "
                f"the side pots of {units}: the amounts do not add up",
                quote_line=False,
            )
        (counts,) = splits
        at = 0
        for i, count in enumerate(counts):
            for name, amount in side[at : at + count]:
                b.collect(name, amount, pot=len(holds) - i)
            at += count

    def button(self) -> int:
        """Return the button's seat when no line sets it: the Dealer's, else the one before the SB.

        A hand without a Dealer has a dead button (docs/rules.md §8): on the
        empty seat just before the small blind.
        """
        if "Dealer" in self.seats:
            return self.seats["Dealer"]
        if self.dead_button is not None:  # the seats renumbered: see _table_seats
            return self.dead_button
        if "Small Blind" not in self.seats:
            raise self.b.error(
                "the hand has no button (no Dealer, no small blind)", quote_line=False
            )
        small = self.seats["Small Blind"]
        return small - 1 if small > 1 else max(self.seats.values())

    def read_header(self, line: str) -> None:
        """Read the first line: the site, the hand's number, the game, a tournament, the time."""
        b = self.b
        m = _HEADER.match(line)
        if m is None:
            raise b.error("not a Bovada hand's first line")
        b.site = m["site"].split(".")[0].split()[0].removesuffix("88")
        b.hand_id = m["id"]
        text = m["game"].replace("ZonePoker", "").replace("HiLo", "Hi/Lo").replace("_HL", " Hi/Lo")
        game = omaha_game(f"{text} {m['limit'] or 'Pot Limit'}")
        if game is None:
            raise b.error(f"not an Omaha hand: {m['game']!r}", quote_line=False)
        betting, kind, hole = game
        if kind == "hilo":  # a shared low half's odd chips go to the high hand
            b.rules[ODD_CHIPS_FIELD] = "high"
        tournament = m["tournament"]
        b.places = 0 if tournament else 2
        stakes = None
        if m["low"] is not None:
            low, high = b.amount(m["low"]), b.amount(m["high"])
            stakes = (high, 2 * high) if betting == "fixed" else (low, high)
        with b.dating():
            when = datetime.datetime(
                *(int(m[k]) for k in ("y", "mo", "d", "h", "mi", "s"))  # type: ignore[arg-type]
            )
        b.start(
            m["id"],
            betting=betting,
            game=kind,
            hole_count=hole if hole != 4 else None,
            stakes=stakes,
            table=m["ttable"] or m["table"],
            currency=None if tournament else "USD",
            tournament=tournament,
            event=f"Tournament #{tournament}" if tournament else None,
            level=int(m["level"]) if m["level"] else None,
            time=when,
        )

    # ------------------------------------------------------------ the hand

    def read_line(self, line: str) -> bool:
        """Read one line before the summary; return False for a line not understood."""
        b = self.b
        m = _SEAT.match(line)
        if m is not None and not self.hole_cards:
            label = m["label"].strip()
            name = label + (" [ME]" if m["me"] else "")
            number = self.numbers.get(int(m["seat"]), int(m["seat"]))
            b.seat(number, name, b.amount(m["stack"]))
            self.names[label] = name
            self.seats[label] = number
            return True
        if line == "*** HOLE CARDS ***":
            self.hole_cards = True
            if b.betting == "fixed" and b.small_bet is None and b.big_blind is not None:
                b.small_bet, b.big_bet = b.big_blind, 2 * b.big_blind
            return True
        m = _STREET.match(line) or _TABLE_CARDS.match(line)
        if m is not None:
            cards = b.cards(m["cards"])
            if len(cards) != (3 if b._street == 0 else 1):
                raise b.error(f"a street of {len(cards)} cards")
            b.board(cards)
            self.to_act = self.live()
            return True
        m = _SET_DEALER.match(line)
        if m is not None:
            if m["seat"] and not self.numbers:  # else the Dealer's seat, renumbered
                b.button(int(m["seat"]))
            return True
        if _CHATTER.match(line):
            return True
        m = _LINE.match(line)
        if m is None or m["label"] not in self.names:
            return False
        return self.read_action(self.names[m["label"]], m["rest"])

    def live(self) -> set[str]:
        """Return the players to act on a new round: those in the hand, with chips."""
        return {
            p.name
            for p in self.b._players.values()
            if not p.folded and p.left > 0 and p.cards is not None
        }

    def read_action(self, name: str, rest: str) -> bool:
        """Read what a player does: a post, a card, a bet, a show, a result."""
        b = self.b
        if _CHATTER.match(rest):
            return True
        m = _POST.match(rest)
        if m is not None and not self.hole_cards:
            kind = _POSTS[m["words"]]
            amount = b.amount(m["amount"])
            if kind == "small" and b.small_blind is None:
                b.small_blind = amount
            elif kind == "big" and b.big_blind is None and m["words"] != "Posts chip":
                b.big_blind = amount
            elif kind == "dead":
                # A returning player's posts: with ``Posts chip`` (the live big blind)
                # this is the dead small blind; alone and above the small blind, both
                # blinds at once (the big live, the rest dead).
                posted = any(post.name == name for post in b._posts)
                if not posted and amount > (b.small_blind or 0):
                    kind = "both"
            b.post(name, kind, amount)
            return True
        if rest.startswith("Card dealt to a spot ["):
            b.deal(name, b.cards(rest[22:].rstrip("]")))
            return True
        m = _RESULT.match(rest)
        if m is not None:
            if m["side"]:
                self.side_results.append((name, b.amount(m["amount"])))
            else:
                b.collect(name, b.amount(m["amount"]), pot=0)
            return True
        if rest.startswith("Return uncalled portion of bet "):
            b.uncalled(name, b.amount(rest[31:]))
            return True
        m = _SHOWN.match(rest)
        if m is not None:
            p = b.player(name)
            if m["verb"] == "Showdown":
                if p.cards is None:
                    raise b.error(f"{name!r} shows down without the cards dealt")
                b.show(name, p.cards)
            elif m["verb"] == "Mucks":
                b.muck(name, b.cards(m["cards"]))
            return True
        m = _ACTION.match(rest)
        if m is None:
            return False
        if not self.hole_cards:  # an all-in for less than the blind or the ante
            return self.short_post(name, m["verb"], m["a"])
        self.act(name, m["verb"], m["a"], m["b"])
        return True

    def short_post(self, name: str, verb: str, amount: str | None) -> bool:
        """Read an ``All-in`` before the hole cards: a blind or ante for every chip left."""
        b = self.b
        if not verb.startswith("All-in") or amount is None:
            return False
        label = name.removesuffix(" [ME]")
        antes = any(post.kind == "ante" for post in b._posts)
        if antes and not any(post.kind == "ante" and post.name == name for post in b._posts):
            kind: PostKind = "ante"
        elif label == "Big Blind":
            kind = "big"
        else:
            kind = "small"
        b.post(name, kind, b.amount(amount))
        return True

    def act(self, name: str, verb: str, a: str | None, to: str | None) -> None:
        """Record a betting action (and the street it starts, in files without street lines)."""
        b = self.b
        if self.to_act is None:
            self.to_act = self.live()
        elif not self.to_act and self.infer_streets and b._street < 3:
            b.board(())  # the round before ended: this action is on the next street
            self.to_act = self.live()
        p = b.player(name)
        before = b._highest
        if verb.startswith("Fold") and a is None:
            b.fold(name)
        elif verb == "Checks" and a is None:
            b.check(name)
        elif verb.startswith("Call") and a is not None and to is None:
            b.call(name, b.amount(a))
        elif verb in _BETS and a is not None and to is None:
            b.bet(name, b.amount(a))
        elif verb == "Raises" and a is not None:
            total = b.amount(to if to is not None else a)
            if to is not None and p.bet + b.amount(a) != total:
                raise b.error(f"{name!r} raises to a total that does not add up")
            b.raise_to(name, total)
        elif verb.startswith("All-in") and a is not None:
            amount = b.amount(a)
            total = p.bet + p.left
            if to is not None and (b.amount(to) != total or amount != p.left):
                raise b.error(f"{name!r} is all in for an amount that is not their stack")
            if amount not in (p.left, total):
                raise b.error(f"{name!r} is all in for an amount that is not their stack")
            if total > b._highest:
                b.raise_to(name, total)
            else:
                b.call(name, p.left)
        else:
            raise b.error("a betting action the Bovada reader does not know")
        self.to_act.discard(name)
        if b._highest > before:
            self.to_act = self.live() - {name}

    # ------------------------------------------------------------ the summary

    def read_summary(self, line: str) -> bool:
        """Read the total pot and the rake, the board, each seat's result."""
        b = self.b
        m = _TOTAL.match(line)
        if m is not None:
            # Without a line returning it, the uncalled bet (a walk's big blind) is
            # in the pot stated and in what its owner collects.
            b.uncalled_in_collect = b.stated.uncalled is None
            b.total_pot(b.amount(m["pot"]), with_uncalled=b.stated.uncalled is None)
            if m["rake"] is not None:
                b.rake(b.amount(m["rake"]))
            return True
        m = _BOARD.match(line)
        if m is not None:
            cards = b.cards(m["cards"])
            streets = {3: 1, 4: 2, 5: 3}.get(len(cards))
            if streets is None:
                raise b.error(f"a board of {len(cards)} cards")
            while b._street < streets:
                b.board(())
            b.summary_board(cards)
            return True
        m = _SUMMARY_SEAT.match(line)
        if m is not None:
            rest = m["rest"]
            label = next(
                (x for x in sorted(self.names, key=len, reverse=True) if rest.startswith(x)), None
            )
            if label is None:
                raise b.error("a seat the Bovada reader does not know")
            won = [
                b.amount(w["hi"] or w["lo"])
                for w in _WON.finditer(rest[len(label) :].strip().removeprefix("[ME]").strip())
            ]
            if won:
                b.won(self.names[label], sum(won))
            for hole in _SUMMARY_HOLE.finditer(rest):  # the cards the hand was dealt, checked
                b.known(self.names[label], b.cards(hole["cards"]))
            return True
        return False


def _table_seats(lines: Sequence[str]) -> tuple[dict[int, int], int | None]:
    """Return the seat to write for each seat number of a hand's seat list, and a dead button's.

    Bovada lists a hand's seats in the table's order. In its tournaments
    since about 2016 a seat's number is the player's number in the
    tournament, not a seat of the table: Ignition hand #4294593014 (2021)
    lists ``Seat 8``, ``Seat 103``, ``Seat 36``, ``Seat 123``, ``Seat 20``,
    ``Seat 128``, ``Seat 25`` and ``Seat 78`` (the Dealer) at a 9-seat table
    and sets the dealer on ``[9]``, the Dealer's seat at the table (in 2016
    and 2017, its place in the list). Read as seats, those numbers put the
    players out of their order, and no blind where it belongs. The numbers
    are the table's when they go up the list, none is above
    ``_MAX_SEATS``, and the dealer set (if any) is the Dealer's seat.
    Otherwise the seats are numbered 1, 2, ... in the list's order, the
    button on the Dealer's seat; without a Dealer (a dead button, docs/rules.md
    §5.10) a seat is left empty for the button just before the small blind.

    Returns ``({}, None)`` when the numbers are the table's seats (or a
    number is listed twice: the builder names that error); else the seat
    for each number listed, and the dead button's seat or None.

    >>> _table_seats(["Seat 1: Dealer ($5 in chips)", "Seat 3: Big Blind ($5 in chips)"])
    ({}, None)
    >>> _table_seats(["Seat 20: Big Blind (1,000 in chips)", "Seat 19: Dealer (990 in chips)"])
    ({20: 1, 19: 2}, None)
    >>> _table_seats(["Seat 64: UTG (40 in chips)", "Seat 12: Small Blind (50 in chips)",
    ...              "Seat 103: Big Blind (70 in chips)"])
    ({64: 1, 12: 3, 103: 4}, 2)
    """
    listed: list[tuple[int, str]] = []
    dealer_set = None
    for line in lines:
        if line == "*** HOLE CARDS ***":
            break
        m = _SEAT.match(line)
        if m is not None:
            listed.append((int(m["seat"]), m["label"].strip()))
        elif (m := _SET_DEALER.match(line)) is not None and m["seat"]:
            dealer_set = int(m["seat"])
    numbers = [n for n, _ in listed]
    dealer = next((n for n, label in listed if label == "Dealer"), None)
    if len(set(numbers)) < len(numbers) or (
        numbers == sorted(numbers)
        and max(numbers, default=0) <= _MAX_SEATS
        and (dealer_set is None or dealer is None or dealer_set == dealer)
    ):
        return {}, None
    seats: dict[int, int] = {}
    dead = None
    seat = 0
    for n, label in listed:
        seat += 1
        if label == "Small Blind" and dealer is None:
            dead, seat = seat, seat + 1
        seats[n] = seat
    return seats, dead


def _shares(
    amounts: list[int], holds: list[int], fits: Callable[[int, int], bool]
) -> list[list[int]]:
    """Return the ways (at most two) to cut ``amounts``, in order, into a run per pot of ``holds``.

    Each way is the number of amounts each pot takes (at least one: every
    pot has a winner); ``fits(paid, held)`` says whether a pot holding
    ``held`` may pay ``paid``. Two ways are enough to tell a unique sharing
    from an ambiguous one, and the search stops there: each (line, pot)
    is tried once, so lines that pay nothing cannot make it exponential.

    >>> _shares([5, 5, 3], [10, 3], lambda got, held: got == held)
    [[2, 1]]
    >>> _shares([1, 0, 1], [1, 1], lambda got, held: got == held)
    [[1, 2], [2, 1]]
    """
    starts = [0]
    for amount in amounts:
        starts.append(starts[-1] + amount)
    found: dict[tuple[int, int], list[list[int]]] = {}

    def ways(at: int, pot: int) -> list[list[int]]:  # amounts[at:] over holds[pot:]
        if pot == len(holds):
            return [[]] if at == len(amounts) else []
        if (at, pot) not in found:
            out: list[list[int]] = []
            last = len(amounts) - (len(holds) - pot - 1)  # a line left for each later pot
            for stop in range(at + 1, last + 1):
                if fits(starts[stop] - starts[at], holds[pot]):
                    out.extend([stop - at, *rest] for rest in ways(stop, pot + 1))
                    if len(out) >= 2:
                        break
            found[at, pot] = out[:2]
        return found[at, pot]

    return ways(0, 0)


def read_hand(hand: HandText, path: str) -> HandHistory:
    """Read one Bovada hand into a PHH hand (see :class:`BovadaReader`)."""
    return BovadaReader(hand, path).read()
