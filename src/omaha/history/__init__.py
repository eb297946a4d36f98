"""Site hand histories (PokerStars, GGPoker, Full Tilt, PartyPoker, Winamax, iPoker, ...) as PHH.

Players, coaches and trackers hold their hands in the sites' own files.
This package reads the Omaha hands of those files (Hi and Hi-Lo, 4, 5 and
6 cards, pot-limit, no-limit and fixed-limit, cash games and tournaments)
into PHH hands (:class:`omaha.phh.HandHistory`), which the engine replays
through :meth:`omaha.Hand.apply` (:func:`omaha.phh.replay`) checking every
action and everything the site states about the result: each collect, each
pot and side pot, the total pot, the rake, the uncalled bet.

- :func:`read` reads a file, :func:`parse` a text: the format is detected
  (:func:`detect`), any encoding a real file has is read (UTF-8 with or
  without a byte-order mark, UTF-16, Windows-1252; Windows line ends).
- One module per format: :mod:`~omaha.history.pokerstars`,
  :mod:`~omaha.history.ggpoker`, :mod:`~omaha.history.fulltilt`,
  :mod:`~omaha.history.partypoker`, :mod:`~omaha.history.winamax`,
  :mod:`~omaha.history.ipoker`, :mod:`~omaha.history.pacific` (888poker),
  :mod:`~omaha.history.winning` (Winning Poker Network: Americas Cardroom),
  :mod:`~omaha.history.bovada` (Bovada, Ignition, Bodog); each tells a
  :class:`~omaha.history.builder.HandBuilder` what happened, which writes the PHH fields.
- :func:`to_frame` turns files and hands into a table, one row per player
  per hand (:mod:`~omaha.history.frame`); :func:`allin_ev` gives a hand's
  exact all-in EV (:mod:`~omaha.history.allin`); :func:`report` and
  :func:`plot_results` summarise a table (docs/analysis.md).
- A line a reader does not understand is an error (:class:`omaha.errors.HistoryError`)
  naming the file, the hand and the line, never skipped. ``lenient=True``
  skips the whole hand instead (with a :class:`omaha.errors.HandSkippedWarning`,
  or passed to ``on_skip``) and goes on with the next.

Each PHH hand keeps the site (``venue``), the hand's number (``hand``), the
table, the currency, the time (``time``, ``day``, ``month``, ``year``,
``time_zone_abbreviation``), the seats, the players' names, and the rules
of real tables the hand needs (docs/rules.md §4.9, §4.10, §8): the rake,
the later boards of a hand run more than once, blinds posted out of
position, a dead button. Amounts are exact in the file's smallest unit:
cents, or chips for tournaments.

Examples
--------
>>> text = '''PokerStars Hand #1:  Omaha Pot Limit ($0.05/$0.10 USD) - 2014/01/06 16:05:07 ET
... Table 'T' 6-max Seat #2 is the button
... Seat 1: Ann ($10 in chips)
... Seat 2: Bob ($10 in chips)
... Bob: posts small blind $0.05
... Ann: posts big blind $0.10
... *** HOLE CARDS ***
... Bob: raises $0.20 to $0.30
... Ann: folds
... Uncalled bet ($0.20) returned to Bob
... Bob collected $0.20 from pot
... *** SUMMARY ***
... Total pot $0.20 | Rake $0
... Seat 1: Ann (big blind) folded before Flop
... Seat 2: Bob (button) (small blind) collected ($0.20)
... '''
>>> (hand,) = parse(text, "stars.txt")
>>> hand.fields["venue"], hand.fields["hand"], hand.fields["actions"][2:]
('PokerStars', '1', ['p2 cbr 0.3', 'p1 f'])
>>> from omaha import phh
>>> phh.replay(hand).finishing_stacks     # in cents; replay checks what the file states
(990, 1010)
"""

from __future__ import annotations

import functools
import importlib
import os
import warnings
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import TYPE_CHECKING, Any

from omaha.errors import HandCancelled, HandSkippedWarning, HistoryError
from omaha.history.detect import FORMATS, START, detect, unread_format
from omaha.history.text import HandText, decode, split_hands
from omaha.phh.history import HandHistory

if TYPE_CHECKING:
    from omaha.history.allin import allin_ev
    from omaha.history.frame import iter_batches, to_frame
    from omaha.history.plot import plot_results
    from omaha.history.reports import report

__all__ = [
    "FORMATS",
    "allin_ev",
    "detect",
    "iter_batches",
    "iter_file",
    "iter_hands",
    "parse",
    "plot_results",
    "read",
    "report",
    "to_frame",
]

# The analysis layer (pyarrow, the equity core) loads when first asked for.
_LAZY = {
    "allin_ev": "omaha.history.allin",
    "iter_batches": "omaha.history.frame",
    "to_frame": "omaha.history.frame",
    "plot_results": "omaha.history.plot",
    "report": "omaha.history.reports",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


@functools.cache
def _sites() -> dict[str, ModuleType]:
    """One reader module per format of FORMATS, loaded on the first read.

    (``tests/history/test_history.py`` holds each format to its module.)
    """
    from omaha.history import (
        bovada,
        fulltilt,
        ggpoker,
        ipoker,
        pacific,
        partypoker,
        pokerstars,
        winamax,
        winning,
    )

    readers = (bovada, fulltilt, ggpoker, ipoker, pacific, partypoker, pokerstars, winamax, winning)
    return {module.__name__.rpartition(".")[2]: module for module in readers}


def _reader(fmt: str) -> Callable[[HandText, str], HandHistory]:
    reader: Callable[[HandText, str], HandHistory] = _sites()[fmt].read_hand
    return reader


def iter_hands(
    text: str,
    name: str = "<text>",
    *,
    lenient: bool = False,
    on_skip: Callable[[HistoryError], None] | None = None,
    fmt: str | None = None,
    on_cancelled: Callable[[HistoryError], None] | None = None,
) -> Iterator[HandHistory]:
    """Yield each hand of a site's hand-history text as a PHH hand, in file order.

    Parameters
    ----------
    text : str
        The file's text (see :func:`omaha.history.text.decode` for bytes).
    name : str
        The file's name, for messages and the hands' names.
    lenient : bool, default False
        Skip a hand that cannot be read (the error goes to ``on_skip``, or
        is issued as a :class:`~omaha.errors.HandSkippedWarning`) and go on.
    on_skip : callable, optional
        With ``lenient``: called with the error of each hand skipped.
    fmt : str, optional
        The format (one of :data:`FORMATS`); detected when not given.
    on_cancelled : callable, optional
        Called with the :class:`~omaha.errors.HandCancelled` of each hand
        the site cancelled (``Hand cancelled``): such a hand moved no
        chips and is left out, strict or lenient.

    Raises
    ------
    HistoryError
        The format cannot be detected, a text of that format that holds no
        hand, or (not lenient) a hand that cannot be read: the message names
        the file, the hand and the line.
    """
    fmt = fmt or detect(text)
    if fmt is None:
        site = unread_format(text)
        if site is not None:
            raise HistoryError(
                f"a hand history of {site}: not a format this library reads", path=name
            )
        raise HistoryError("not a hand history of a site this library reads", path=name)
    if fmt not in FORMATS:
        raise HistoryError(f"unknown format {fmt!r} (one of {', '.join(FORMATS)})", path=name)
    read_hand = _reader(fmt)
    if fmt == "ipoker":
        hands: Iterator[HandText] = _sites()[fmt].split(text, name)
    else:
        hands = split_hands(text, START[fmt])
    accounted = 0
    for hand in hands:
        accounted += 1
        try:
            yield read_hand(hand, name)
        except HandCancelled as exc:
            if on_cancelled is not None:
                on_cancelled(exc)
        except HistoryError as exc:
            if not lenient:
                raise
            if on_skip is not None:
                on_skip(exc)
            else:
                warnings.warn(f"{exc} (hand skipped)", HandSkippedWarning, stacklevel=2)
    if not accounted:
        raise HistoryError(f"a {fmt} file that holds no hand", path=name)


def parse(
    text: str,
    name: str = "<text>",
    *,
    lenient: bool = False,
    on_skip: Callable[[HistoryError], None] | None = None,
    fmt: str | None = None,
    on_cancelled: Callable[[HistoryError], None] | None = None,
) -> list[HandHistory]:
    """Read every hand of a site's hand-history text (see :func:`iter_hands`)."""
    return list(
        iter_hands(text, name, lenient=lenient, on_skip=on_skip, fmt=fmt, on_cancelled=on_cancelled)
    )


def iter_file(
    path: str | os.PathLike[str],
    *,
    lenient: bool = False,
    on_skip: Callable[[HistoryError], None] | None = None,
    on_cancelled: Callable[[HistoryError], None] | None = None,
) -> Iterator[HandHistory]:
    """Yield each hand of a site's hand-history file, in any encoding (see :func:`iter_hands`).

    The file is read and decoded when the first hand is asked for; the
    hands are made one at a time, so a caller that writes each as it comes
    holds one hand (and the file's text) at a time.

    Raises
    ------
    HistoryError
        Not a site's hand history, or (not lenient) a hand that cannot be read.
    OSError
        The file cannot be read.
    """
    name = os.fspath(path)
    with open(path, "rb") as fp:
        text = decode(fp.read(), name)
    yield from iter_hands(text, name, lenient=lenient, on_skip=on_skip, on_cancelled=on_cancelled)


def read(
    path: str | os.PathLike[str],
    *,
    lenient: bool = False,
    on_skip: Callable[[HistoryError], None] | None = None,
    on_cancelled: Callable[[HistoryError], None] | None = None,
) -> list[HandHistory]:
    """Read every hand of a site's hand-history file, in any encoding (see :func:`iter_hands`).

    Raises
    ------
    HistoryError
        Not a site's hand history, or (not lenient) a hand that cannot be read.
    OSError
        The file cannot be read.
    """
    return list(iter_file(path, lenient=lenient, on_skip=on_skip, on_cancelled=on_cancelled))
