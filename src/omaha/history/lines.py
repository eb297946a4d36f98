"""What the text formats share: players' names at the start of a line, the betting verbs.

PokerStars, GGPoker, Full Tilt and Winamax write a hand's actions as the
player's name, then what they do, in nearly the same words: ``folds``,
``checks``, ``calls $1``, ``bets $1``, ``raises $1 to $2`` (``raises to
$2`` at Full Tilt), ``and is all-in``. :class:`Names` finds the name at the
start of a line among the players seated (names may hold spaces, colons and
brackets); :func:`betting_action` reads the verb and tells the builder.

Examples
--------
>>> names = Names(["Player 1", "Player 10", "Bob"])
>>> names.split("Player 10: raises $2 to $3")
('Player 10', 'raises $2 to $3')
>>> names.split("Bob collected $5 from pot", sep=" ")
('Bob', 'collected $5 from pot')
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from omaha.history.builder import HandBuilder

__all__ = ["AMOUNT", "Names", "betting_action", "ignorable", "moves_chips"]

AMOUNT = (
    r"[-\u2212$€£¥₹]?[-\u2212$€£¥₹]?\s?(?:\d[\d,.eE]*(?<=\d)|NaN|nan)"
    r"(?:\s?(?:€|£|\$|USD|EUR|GBP|CAD|INR|CNY))?"
)
"""An amount as the text formats write it: ``$1,234.56``, ``0.22€``, ``27,617``.

The pattern also takes what only looks like an amount (``-$5``, ``$1e9``,
``$NaN``, digits of other scripts) so that the one amount reader
(:func:`omaha.history.notation.parse_money`) refuses it by name: a line
holding one is never taken for another kind of line, nor skipped.
"""

_ACTION = re.compile(
    rf"(?P<verb>folds|checks|calls|bets|raises)"
    rf"(?: (?P<a>{AMOUNT}))?(?: to (?P<b>{AMOUNT}))?"
    r"(?P<rest>.*)$"
)
_REST = re.compile(
    r"(?:,? and is all[- ]in|,? and is capped|,? and has reached the \S+ cap"
    r"|\s*\[[^\]]*\]| \(disconnect\))*\s*"
)

_CHATTER = re.compile(
    r".*(?: said, \".*| is disconnected| is connected| has timed out.*| has returned"
    r"| leaves the table| joins the table.*| will be allowed to play after the button"
    r"| sits out|: sits out| is sitting out|: is sitting out| was removed from the table.*"
    r"| has requested TIME| has \d+ seconds left to act| stands up| sits down"
    r"| seconds left to act| is feeling .*| has been disconnected.*| is sitting in"
    r"|: doesn't show hand| doesn't show hand| does not show| does not show cards\.?"
    r"|:? has reconnected|:? has left the table\.?|:? is sitting out\.|:? has returned\."
    r"|:? will be using (?:his|her|their) time bank.*|:? has \d+ seconds to reconnect"
    rf"|:? adds {AMOUNT})$"
    r"|.* wins (?:the )?\S+ bounty for (?:eliminating|splitting the elimination of) .*$"
    r"|.* wins \S+ for (?:eliminating|splitting the elimination of) .*$"
    r"|.* split the \S+ bounty for eliminating .*$"
    r"|.* finished the tournament(?: in \d+\w\w place)?(?: and received \S+?)?\.?$"
    r"|.* wins the tournament(?: and receives \S+?)?(?: - congratulations!)?\.?$"
    r"|.* (?:re-buys|takes the add-on) and receives .*$"
    r"|\d+ seconds left to act$|No low hand qualified$|Betting is capped$"
    r"|Players agree to Run It (?:Twice|Three Times)$"
)


_MOVES = re.compile(
    r"(?:folds|checks|calls|bets|raises|posts|straddles?|antes|shows|mucks|collect(?:s|ed)"
    r"|wins|ties|splits?|returns?|cash(?:es|ed)? out|adds|re-?buys|pays? premium"
    r"|gets? an? (?:all-in )?insurance|receives?"
    r"|brings in|completes|discards|stands pat|is all-in|and is all-in|allin)\b",
    re.IGNORECASE,
)


def moves_chips(text: str) -> bool:
    """Whether ``text`` (what follows a name) starts with a verb that moves chips or cards.

    The words of every action, post, show, collect, return, cash-out and
    stack change the text formats write (``calls``, ``posts``, ``collected``,
    ``adds``, ``pays``...), in any case: a line whose text starts so is read
    as an action or is an error, never taken for chat.
    """
    return _MOVES.match(text) is not None


def ignorable(line: str, names: Names | None = None) -> bool:
    """Whether a line moves no chips and no cards: the hand does not depend on it.

    Two kinds (docs/history.md, "Lines that move no chips"):

    - the sites' own notices: connections, time, seats left or taken,
      ``has reconnected``, ``has left the table.``, ``will be using his time
      bank``, ``is sitting out.``, ``adds $5`` (chips added to a stack,
      which count from the next hand: its seat line states them), the
      tournament's bounties and places;
    - chat (with ``names``): a seated player's name, or an observer's
      (``Name (Observer)``), a colon and text that does not start with a
      verb that moves chips or cards (:func:`moves_chips`).

    A line misread as one of these cannot change a result unseen: the
    replay checks every amount the file states (each collect, the pots, the
    total pot, the rake, the finishing stacks), so a dropped bet or call
    makes the hand fail.

    Examples
    --------
    >>> ignorable("Bob has reconnected"), ignorable("Bob adds $5")
    (True, True)
    >>> names = Names(["Bob"])
    >>> ignorable("Bob: nice hand", names), ignorable("Eve (Observer): lol", names)
    (True, True)
    >>> ignorable("Bob: calls $5", names), ignorable("Eve: hi", names)
    (False, False)
    """
    if _CHATTER.match(line):
        return True
    return names is not None and names.chat(line)


class Names:
    """The players' names of one hand, to find at the start of a line.

    Parameters
    ----------
    names : iterable of str
        The names seated.
    """

    __slots__ = ("_by_length", "_known")

    def __init__(self, names: Iterable[str]) -> None:
        self._known = set(names)
        self._by_length = sorted(self._known, key=len, reverse=True)

    def split(self, line: str, sep: str = ": ") -> tuple[str, str] | None:
        """Return ``(name, rest)`` when ``line`` starts with a seated name and ``sep`` (or None)."""
        head, found, rest = line.partition(sep)
        if found and head in self._known:
            return head, rest
        if line in self._known:  # the name alone
            return line, ""
        for name in self._by_length:  # a name holding the separator
            if line.startswith(name) and line[len(name) :].startswith(sep):
                return name, line[len(name) + len(sep) :]
        return None

    def chat(self, line: str) -> bool:
        """Whether ``line`` is chat: a seated name or ``X (Observer)``, ``": "``, no action."""
        found = self.split(line, ": ")
        if found is None:
            head, sep, text = line.partition(": ")
            if not sep or not head.endswith(" (Observer)") or len(head) == 11:
                return False
            found = head, text
        return not moves_chips(found[1])


def betting_action(b: HandBuilder, name: str, text: str, *, raises_to: bool = False) -> bool:
    """Read one betting action after the player's name; return False when it is none.

    Parameters
    ----------
    b : HandBuilder
        The hand.
    name : str
        The player.
    text : str
        The rest of the line: ``"calls $0.05"``, ``"raises $0.87 to $1.16 and is
        all-in"``, ``"raises to $3"`` (Full Tilt), ``"folds [Ah]"``.
    raises_to : bool
        The site writes ``raises X`` as the street total (no ``to``).

    Raises
    ------
    HistoryError
        An amount that is none, or that does not add up (from the builder).
    """
    m = _ACTION.match(text)
    if m is None:
        return False
    rest = m.group("rest")
    if rest and not _REST.fullmatch(rest):
        return False
    verb, a, to = m.group("verb"), m.group("a"), m.group("b")
    if verb == "folds" and a is None and to is None:
        b.fold(name)
    elif verb == "checks" and a is None and to is None:
        b.check(name)
    elif verb == "calls" and a is not None and to is None:
        b.call(name, b.amount(a))
    elif verb == "bets" and a is not None and to is None:
        b.bet(name, b.amount(a))
    elif verb == "raises" and a is not None and to is not None:
        b.raise_to(name, b.amount(to), by=b.amount(a))
    elif verb == "raises" and to is not None:
        b.raise_to(name, b.amount(to))
    elif verb == "raises" and a is not None and raises_to:
        b.raise_to(name, b.amount(a))
    else:
        return False
    return True
