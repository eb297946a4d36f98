r"""Which site wrote a hand history: :func:`detect`.

Each format starts its hands with words of its own: ``PokerStars Hand #``,
``Poker Hand #`` (GGPoker), ``Full Tilt Poker Game #``, ``***** Hand History
for Game`` (PartyPoker), ``Winamax Poker -``, ``***** 888poker Hand History
for Game`` (888poker, and ``Cassava`` before 2013), ``Hand #1 - `` or
``Game started at:`` (Winning Poker Network), ``Bovada Hand #`` (and
``Ignition``, ``Bodog``), and iPoker's XML ``<session>`` with ``<game
gamecode=``. The first line of a text that starts with such words decides:
the words must start the line (``Run It Once Poker Hand #`` is no GGPoker
hand).

Examples
--------
>>> detect("\n\nPokerStars Hand #1: Omaha Pot Limit ($1/$2 USD) - ...")
'pokerstars'
>>> detect('<?xml version="1.0"?><session><game gamecode="5">')
'ipoker'
>>> detect("***** 888poker Hand History for Game 1 *****")
'pacific'
>>> detect("hello")
>>> detect("Run It Once Poker Hand #1: Omaha Pot Limit")  # not GGPoker's ``Poker Hand #``
"""

from __future__ import annotations

import re

__all__ = ["FORMATS", "START", "UNREAD", "detect", "unread_format"]

START: dict[str, str] = {
    "pokerstars": r"PokerStars (?:Zoom |Home Game |Rush )?(?:Hand|Game) #",
    "ggpoker": r"Poker Hand #[A-Z]{0,3}\d+: ",
    "fulltilt": r"Full ?Tilt ?Poker (?:Game|Hand) #",
    "partypoker": r"\*{5} Hand History [Ff]or Game ",
    "winamax": r"Winamax Poker - ",
    "pacific": r"\*{4,5} ?(?:888poker|888|Cassava|Pacific Poker)(?:\.[a-z]{2})?(?:-[a-z]{2})? "
    r"(?:Snap Poker |BLAST )?Hand History for Game \d+",
    "winning": r"(?:Game started at: \d|(?:Game )?Hand #\d+ - )",
    "bovada": r"(?:Bovada|Ignition|Bodog(?:\.com|\.eu| UK| Canada|88)?) Hand #C?\d+",
}
"""The line that starts a hand, for each text format."""

FORMATS = (
    "bovada",
    "fulltilt",
    "ggpoker",
    "ipoker",
    "pacific",
    "partypoker",
    "pokerstars",
    "winamax",
    "winning",
)
"""Every format :mod:`omaha.history` reads."""

_FIRST = re.compile(
    "^(?:" + "|".join(f"(?P<{name}>{rx})" for name, rx in START.items()) + ")", re.MULTILINE
)
"""A hand's first line: each pattern anchored at a line's start (``Run It Once Poker Hand #``
holds GGPoker's ``Poker Hand #``, and is no GGPoker hand)."""

UNREAD: dict[str, str] = {
    "Run It Once Poker": r"^Run It Once Poker Hand #",
    "PokerMaster": r"^PokerMaster Hand #",
    "OnGame": r"^\*{5} History for hand [A-Z0-9-]+ ",
    "Merge Gaming": r'<game id="\d+-\d+" starttime=',
    "Microgaming": r'<Game (?:hhversion="\d+" )?id="\d+" date="',
    "Everest Poker": r'<HAND time="\d+" id=',
}
"""Formats of sites that closed (and Run It Once, PokerMaster), recognised to be refused clearly."""

_UNREAD = re.compile("|".join(f"({rx})" for rx in UNREAD.values()), re.MULTILINE)
_XML = re.compile(
    r"\s*(?:<\?xml[^>]*>)?(?:\s|<!DOCTYPE[^[>]*(?:\[.*?\])?\s*>)*<session\b", re.DOTALL
)


def detect(text: str) -> str | None:
    """Return the format of a hand history's text (one of :data:`FORMATS`), or None.

    Only the text's beginning is read (the first hand's start within its
    first 64 KiB).
    """
    head = text[:65536]
    if _XML.match(head) and "<game" in head:
        return "ipoker"
    m = _FIRST.search(head)
    if m is None:
        return None
    return m.lastgroup


def unread_format(text: str) -> str | None:
    """Return the site of a hand history this library knows it does not read, or None.

    The sites that closed (OnGame, Merge Gaming, Microgaming, Everest) and
    Run It Once Poker: their files are recognised so that reading one is a
    clear error naming the site, not "no hand history".

    Examples
    --------
    >>> unread_format("Run It Once Poker Hand #1:  Omaha Pot Limit (€0.25/€0.50)")
    'Run It Once Poker'
    >>> unread_format("PokerStars Hand #1: ...")
    """
    m = _UNREAD.search(text[:65536])
    if m is None or m.lastindex is None:
        return None
    return list(UNREAD)[m.lastindex - 1]
