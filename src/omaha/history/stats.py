"""What each player did in one hand, as the trackers count it: positions and statistics.

Everything here is read from the engine's replay of the hand (the records
of :attr:`omaha.Hand.actions` and :attr:`omaha.Hand.result`), never from
the text of a site's file. The definitions are those of docs/analysis.md
("The statistics"), after PokerTracker's, Hold'em Manager's and the
sites' own HUD help:

- ``vpip``: the player called or raised before the flop (blinds, straddles,
  antes and dead blinds are forced, not voluntary; a big blind who checks
  or wins a walk did not put money in voluntarily);
- ``pfr``: the player raised before the flop (any raise: an open raise, a
  limp-raise, a 3-bet ...);
- ``three_bet``: the player made the second raise before the flop when
  facing exactly one raise (the blinds and straddles are the "first bet");
  ``None`` when the player never acted facing exactly one raise (no chance
  to 3-bet);
- ``saw_flop``: the player was still in the hand when the flop was dealt
  (all-in players included);
- ``went_to_showdown``: the player was still in the hand at the showdown
  (two or more players left; mucking there counts);
- ``won_at_showdown``: the player went to the showdown and took chips from
  a pot contested there (any share: a split or a quartered pot counts).

Examples
--------
>>> from omaha import PotLimit, Table
>>> hand = Table([200, 200, 200], PotLimit(1, 2), button=2).deal(seed=1)
>>> hand.call(); hand.raise_to(8); hand.fold(); hand.fold()   # the button limps, the SB raises
>>> s = hand_stats(hand)
>>> s[2].vpip, s[2].pfr, s[0].pfr, s[1].three_bet
(True, False, True, False)
>>> positions(hand)
{0: 'SB', 1: 'BB', 2: 'BTN'}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from omaha.betting import Call, Check, DealBoard, Fold, RaiseTo
from omaha.hand import Hand
from omaha.pots import PotResult

__all__ = ["PlayerStats", "hand_stats", "middle_positions", "positions"]

_BETTING = (Fold, Check, Call, RaiseTo)


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One player's statistics in one hand (docs/analysis.md, "The statistics").

    Attributes
    ----------
    vpip, pfr : bool
    three_bet : bool or None
        None when the player had no chance to 3-bet.
    saw_flop, went_to_showdown, won_at_showdown : bool
    """

    vpip: bool
    pfr: bool
    three_bet: bool | None
    saw_flop: bool
    went_to_showdown: bool
    won_at_showdown: bool


def middle_positions(count: int) -> list[str]:
    """Name the ``count`` seats between the big blind and the button, first to act first.

    The first is ``UTG``; the last three, from the button back, ``CO``,
    ``HJ`` and ``LJ``; seats between are ``UTG+1``, ``UTG+2``, ...

    Examples
    --------
    >>> middle_positions(1), middle_positions(3), middle_positions(6)
    (['UTG'], ['UTG', 'HJ', 'CO'], ['UTG', 'UTG+1', 'UTG+2', 'LJ', 'HJ', 'CO'])
    """
    tail_len = min(3, max(count - 1, 0))
    tail = ["LJ", "HJ", "CO"][3 - tail_len :]
    head = ["UTG"] + [f"UTG+{i}" for i in range(1, count - tail_len)] if count else []
    return head + tail


def positions(hand: Hand) -> dict[int, str]:
    """Return each dealt-in seat's position: ``BTN``, ``SB``, ``BB``, ``UTG`` ... ``CO``.

    The seats are named by their place in the deal, clockwise from the
    button's left: the seats before the big blind are ``SB``, the big
    blind ``BB``, the button ``BTN`` and the seats between
    (:func:`middle_positions`). Heads-up the button posts the small blind
    and is ``BTN``. Under the dead-button rule (the button's seat is empty)
    nobody is ``BTN``.

    Parameters
    ----------
    hand : omaha.Hand
        A hand dealt at a table (:meth:`omaha.Table.deal`) or replayed.

    Returns
    -------
    dict of int to str
        By seat, in the order of the deal.
    """
    order = hand.layout.order
    bb = hand.big_blind_seat
    b = order.index(bb) if bb in order else min(1, len(order) - 1)
    names = {s: "SB" for s in order[:b]}
    names[order[b]] = "BB"
    rest = list(order[b + 1 :])
    button = rest.pop() if rest and rest[-1] == hand.button else None
    names.update(zip(rest, middle_positions(len(rest)), strict=True))
    if button is not None:
        names[button] = "BTN"
    return names


def hand_stats(hand: Hand) -> dict[int, PlayerStats]:
    """Return each dealt-in seat's statistics in a finished hand (docs/analysis.md).

    Parameters
    ----------
    hand : omaha.Hand
        A finished hand (:attr:`omaha.Hand.is_over`).

    Returns
    -------
    dict of int to PlayerStats
        By seat, in the order of the deal.

    Raises
    ------
    ValueError
        The hand is not over (:attr:`omaha.Hand.result` raises).
    """
    result = hand.result
    seats = hand.layout.order
    vpip: set[int] = set()
    pfr: set[int] = set()
    chance: dict[int, bool] = {}
    folded_before_flop: set[int] = set()
    raises = 0
    last_raiser: int | None = None
    flop = False
    for a in hand.actions:
        if isinstance(a, DealBoard):
            flop = True
            continue
        if flop or not isinstance(a, _BETTING):
            continue
        seat = a.seat
        if raises == 1 and seat != last_raiser:
            chance[seat] = chance.get(seat, False) or isinstance(a, RaiseTo)
        if isinstance(a, Fold):
            folded_before_flop.add(seat)
        elif isinstance(a, Call):
            vpip.add(seat)
        elif isinstance(a, RaiseTo):
            vpip.add(seat)
            pfr.add(seat)
            raises += 1
            last_raiser = seat
    folded = set(hand.folded)
    live = [s for s in seats if s not in folded]
    showdown = len(live) >= 2
    contested = _showdown_winners(result.pots) if showdown else set()
    saw = flop_seen(hand, folded_before_flop)
    return {
        s: PlayerStats(
            vpip=s in vpip,
            pfr=s in pfr,
            three_bet=chance.get(s),
            saw_flop=s in saw,
            went_to_showdown=showdown and s not in folded,
            won_at_showdown=showdown and s in contested,
        )
        for s in seats
    }


def flop_seen(hand: Hand, folded_before_flop: set[int]) -> set[int]:
    """Return the seats still in the hand when the flop was dealt (empty if it never was)."""
    if not hand.board:
        return set()
    return {s for s in hand.layout.order if s not in folded_before_flop}


def _showdown_winners(pots: Sequence[PotResult]) -> set[int]:
    """Seats paid from a pot that two or more players could win."""
    out: set[int] = set()
    for pot in pots:
        if len(pot.eligible) >= 2:
            out.update(s for s, chips in pot.payouts.items() if chips > 0)
    return out
