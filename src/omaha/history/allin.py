"""Exact all-in EV: what each player should have won, luck taken out (docs/analysis.md).

When betting ends before the river with a player all-in, the rest of the
board is dealt without decisions. At that moment each player's expected
share of each pot (the main pot and every side pot, among its eligible
players, Hi or Hi-Lo with quartering, 4-, 5- and 6-card) is an exact
average over every remaining board, computed by the exact equity core
(:func:`omaha.equity`, which counts every board). The pots are taken after
the rake, so the expected chips of all the players add up to the chips the
pots paid: the EV nets add up to minus the rake, as the nets do. A hand
run twice or three times is valued as if run once: each run's board is a
board drawn from the same cards, so the expectation is the same.

Every card known when the hand is over (dealt face up to the file's hero,
or shown) is out of the deck the remaining boards are drawn from. When a
contested pot has an eligible player whose cards are unknown, nothing exact
can be said: that hand's EV net is its net and its equity is unknown.

Examples
--------
The hand of docs/analysis.md: aces against a rundown, all-in before the
flop for 102.5 each; the pot of 205 is raked 5. The amounts are in chips
of 0.1 (the file's decimals, :attr:`omaha.phh.HandHistory.scale`).

>>> from fractions import Fraction
>>> from omaha import phh
>>> hand = phh.loads('''
... variant = "NO"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [102.5, 102.5]
... actions = ["d dh p1 AhAsKhKs", "d dh p2 JdTd9c8c", "p2 cbr 102.5", "p1 cc",
...            "d db 2c3d4h", "d db 5s", "d db 7h", "p2 sm JdTd9c8c", "p1 sm AhAsKhKs"]
... _rake = 5
... ''')
>>> ev = allin_ev(hand)
>>> ev.street, ev.equity[0] == Fraction(667_649 * 2 + 86, 2 * 1_086_008)
('preflop', True)
>>> float(ev.net[0]), float(ev.net[1]), sum(ev.net)   # EV nets in chips of 0.1: minus the rake
(204.626..., -254.626..., Fraction(-50, 1))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from omaha.betting import Call, Check, DealBoard, Fold, RaiseTo
from omaha.errors import ArgumentTypeError
from omaha.hand import Hand
from omaha.phh.history import HandHistory
from omaha.phh.replaying import Replay, replay

__all__ = ["AllInEV", "AllInStreet", "Outcome", "allin_ev", "allin_point", "known_holes", "outcome"]

AllInStreet = Literal["preflop", "flop", "turn"]
_STREETS: dict[int, AllInStreet] = {0: "preflop", 3: "flop", 4: "turn"}


@dataclass(frozen=True, slots=True)
class AllInEV:
    """The all-in EV of one hand, per seat (docs/analysis.md, "Exact all-in EV").

    Attributes
    ----------
    street : {"preflop", "flop", "turn"} or None
        Where betting ended with a player all-in and cards to come; None
        when it did not (the hand is valued at its result).
    exact : bool
        Whether the EV was computed (a street, and the cards of every
        player eligible for a contested pot known). When False, ``net`` is
        the hand's net.
    expected : tuple of Fraction
        Each seat's expected chips from the pots, after the rake (what it
        won, when not ``exact``).
    net : tuple of Fraction
        Each seat's EV net, in chips: ``expected`` less what it put in.
    equity : tuple of Fraction or None
        Each contesting seat's expected share of the pots it could win
        (``expected`` over their chips); None for the others, and for
        every seat when not ``exact``.
    contesting : tuple of int
        The seats still in the hand when betting ended (the rows with an
        ``allin_street``).
    """

    street: AllInStreet | None
    exact: bool
    expected: tuple[Fraction, ...]
    net: tuple[Fraction, ...]
    equity: tuple[Fraction | None, ...]
    contesting: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Outcome:
    """What each seat put into the pots and took from them (in chips).

    ``put_in`` leaves out the uncalled bet returned and the chips nobody
    could win (given back); ``won`` is what the pots paid; ``net`` is the
    change of the stack, ``won - put_in``.
    """

    put_in: tuple[int, ...]
    won: tuple[int, ...]
    net: tuple[int, ...]


def outcome(hand: Hand) -> Outcome:
    """Return what each seat put into the pots and won from them, in a finished hand.

    Raises
    ------
    ValueError
        The hand is not over.
    """
    result = hand.result
    winnings = result.winnings
    net = result.net
    won = tuple(winnings.get(s, 0) for s in range(len(net)))
    return Outcome(tuple(w - n for w, n in zip(won, net, strict=True)), won, net)


def allin_point(hand: Hand) -> int | None:
    """Return how many board cards were out when betting ended with cards to come, or None.

    None when the last betting action came with the board complete, or
    when at most one player was left in the hand.
    """
    board = 0
    at_end = 0
    for a in hand.actions:
        if isinstance(a, DealBoard):
            if a.run == 0:
                board += len(a.cards)
        elif isinstance(a, (Fold, Check, Call, RaiseTo)):
            at_end = board
    live = len(hand.layout.order) - len(hand.folded)
    if at_end >= 5 or live < 2 or at_end not in _STREETS:
        return None
    return at_end


def _engine_hand(hand: HandHistory | Replay | Hand) -> Hand:
    if isinstance(hand, Hand):
        return hand
    if isinstance(hand, Replay):
        return hand.hand
    if isinstance(hand, HandHistory):
        return replay(hand).hand
    raise ArgumentTypeError(
        f"allin_ev takes a HandHistory, a Replay or a finished Hand, not {hand!r}"
    )


def known_holes(hand: Hand) -> dict[int, tuple[int, ...]]:
    """Every seat's hole cards known once the hand is over (dealt face up, or shown)."""
    known = {s: h for s, h in enumerate(hand.hole_cards) if h is not None}
    for shown in hand.result.shown:
        known[shown.seat] = shown.hole_cards
    return known


def allin_ev(hand: HandHistory | Replay | Hand) -> AllInEV:
    """Return the exact all-in EV of a hand, per seat, as fractions of a chip.

    Parameters
    ----------
    hand : HandHistory, Replay or Hand
        A PHH hand (replayed and checked first, :func:`omaha.phh.replay`),
        a replay, or a finished engine hand. Seats are the replay's: ``p1``
        is seat 0.

    Returns
    -------
    AllInEV
        ``net`` adds up to minus the hand's rake, exactly.

    Raises
    ------
    ArgumentTypeError
        ``hand`` is none of those.
    ValueError
        The hand is not over (an :class:`omaha.errors.OmahaError`), or the
        replay of a PHH hand fails (:func:`omaha.phh.replay`).

    Notes
    -----
    The rules: docs/rules.md §4 (the pots, the Hi-Lo split), §4.9 (the
    rake), §4.10 (running it more than once); the definitions:
    docs/analysis.md.
    """
    h = _engine_hand(hand)
    out = outcome(h)
    n = len(out.net)
    street_cards = allin_point(h)
    actual = AllInEV(
        None,
        False,
        tuple(Fraction(w) for w in out.won),
        tuple(Fraction(x) for x in out.net),
        (None,) * n,
    )
    if street_cards is None:
        return actual
    folded = set(h.folded)
    contesting = tuple(s for s in h.layout.order if s not in folded)
    street = _STREETS[street_cards]
    known = known_holes(h)
    result = h.result
    pots = result.pots
    if any(len(p.eligible) >= 2 and any(s not in known for s in p.eligible) for p in pots):
        return AllInEV(street, False, actual.expected, actual.net, actual.equity, contesting)
    from omaha.equities import equity

    board = result.board[:street_cards]
    game = h.table.game
    expected = [Fraction(0)] * n
    reach = [0] * n
    for pot in pots:
        for s in pot.eligible:
            reach[s] += pot.amount
        if len(pot.eligible) == 1 or pot.amount == 0:
            expected[pot.eligible[0]] += pot.amount
            continue
        dead = [c for s, cards in known.items() if s not in pot.eligible for c in cards]
        shares = equity(
            [known[s] for s in pot.eligible],
            board=board,
            dead=dead,
            game=game,
            method="exact",
            threads=1,
        )
        for s, share in zip(pot.eligible, shares, strict=True):
            expected[s] += pot.amount * share.equity_fraction
    nets = tuple(e - p for e, p in zip(expected, out.put_in, strict=True))
    equities = tuple(
        expected[s] / reach[s] if s in contesting and reach[s] else None for s in range(n)
    )
    return AllInEV(street, True, tuple(expected), nets, equities, contesting)
