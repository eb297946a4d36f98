"""Pots: the uncalled bet, side pots, the hi-lo split and odd chips.

The rules are docs/rules.md §4, each in one function:

- :func:`uncalled_bet`: what goes back to the largest contributor.
- :func:`unwinnable`: folded players' chips that nobody still in the hand
  can win (above every all-in total), which go back to them.
- :func:`build_pots`: the main pot and side pots, cut at the all-in totals of
  players still in the hand, with folded players' chips as dead money.
- :func:`split_chips`: an amount among tied players, odd chips one at a time
  clockwise from the button.
- :func:`award_pot`: one pot among its eligible players, halved between the
  best high and the best low in Hi-Lo (the odd chip to the high half; the
  same players tying both halves split it evenly).
- :func:`split_runs`: a pot among the boards of a hand run more than once
  (§4.10), odd chips to the first boards.
- :func:`settle`: a finished hand, all of the above in order: the
  unwinnable chips go back, the pots are built, raked (§4.9) and awarded to
  the hands shown, board by board when the hand was run more than once (a
  :class:`Settlement`).

Pots are plain data (:class:`Pot`), built first and awarded after, so a
policy can act between the two steps (for example a rake taken from the pots
before the award, or dead money added to the main pot).

Examples
--------
>>> build_pots([50, 100, 100], folded=[False, False, False])
(Pot(amount=150, eligible=(0, 1, 2)), Pot(amount=100, eligible=(1, 2)))
>>> split_chips(11, [4, 0, 2])
{4: 4, 0: 4, 2: 3}
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from omaha.errors import ArgumentError, quote
from omaha.evaluator import evaluate_hi, evaluate_lo
from omaha.games import GameName, check_game
from omaha.ranks import HighHand, LowHand

__all__ = [
    "ODD_CHIPS",
    "OddChips",
    "Pot",
    "PotResult",
    "RakeTaker",
    "RunResult",
    "Settlement",
    "award_pot",
    "build_pots",
    "evaluate_shown",
    "settle",
    "split_chips",
    "split_runs",
    "take_rake",
    "uncalled_bet",
    "unwinnable",
]


@dataclass(frozen=True, slots=True)
class Pot:
    """A pot before it is awarded.

    Attributes
    ----------
    amount : int
        Chips in the pot.
    eligible : tuple of int
        Seats that may win it (still in the hand and all-in for at least
        this pot's level), in the order given to :func:`build_pots`.
    """

    amount: int
    eligible: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RunResult:
    """One board's share of a pot, when the hand was run more than once (docs/rules.md §4.10).

    Attributes
    ----------
    run : int
        The board: 0 for the first, 1 for the second, ...
    amount : int
        Chips of the pot this board awards.
    high_winners, low_winners : tuple of int
        Seats that won the high (or whole) share and the low share on this board.
    payouts : dict of int to int
        Chips each winning seat receives from this board's share.
    """

    run: int
    amount: int
    high_winners: tuple[int, ...]
    low_winners: tuple[int, ...]
    payouts: dict[int, int]


@dataclass(frozen=True, slots=True)
class PotResult:
    """How one pot was awarded.

    Attributes
    ----------
    amount : int
        Chips in the pot, after the rake.
    eligible : tuple of int
        Seats that could win it.
    high_winners : tuple of int
        Seats that won the high half (or the whole pot); one seat when the
        pot went uncontested. With several boards, every seat that won a
        high share on one of them.
    low_winners : tuple of int
        Seats that won the low half; empty in Omaha High, or when no
        eligible player had a qualifying low. With several boards, every
        seat that won a low share on one of them.
    payouts : dict of int to int
        Chips each winning seat receives from this pot.
    rake : int
        Chips the rake took from this pot before it was awarded (docs/rules.md §4.9).
    runs : tuple of RunResult
        Each board's share, when a contested pot was run more than once
        (docs/rules.md §4.10); empty otherwise.
    """

    amount: int
    eligible: tuple[int, ...]
    high_winners: tuple[int, ...]
    low_winners: tuple[int, ...]
    payouts: dict[int, int]
    rake: int = 0
    runs: tuple[RunResult, ...] = ()


def uncalled_bet(contributions: Sequence[int]) -> tuple[int, int] | None:
    """Return ``(seat, amount)`` of the uncalled bet, or None (docs/rules.md §4).

    The uncalled bet is what the largest contributor put in above the
    second-largest contribution of any player, folded or not. Antes are
    dead money, not bets: leave them out.

    Parameters
    ----------
    contributions : sequence of int
        Chips each seat bet during the hand (blinds, bets, calls and raises).

    Examples
    --------
    >>> uncalled_bet([10, 250, 100])
    (1, 150)
    >>> uncalled_bet([100, 100, 0]) is None
    True
    """
    top = -1
    second = -1
    seat = -1
    for s, c in enumerate(contributions):
        if c > top:
            second = top
            top = c
            seat = s
        elif c > second:
            second = c
    if seat < 0 or top <= max(second, 0):
        return None
    return seat, top - max(second, 0)


def unwinnable(
    contributions: Sequence[int], folded: Sequence[bool], all_in: Sequence[bool]
) -> dict[int, int]:
    """Return the chips of folded players that nobody still in the hand can win (docs/rules.md §4).

    A player all-in can win from each opponent at most what they put in
    themselves. When every player still in the hand is all-in, a folded
    player's chips above the largest of their totals are out of everyone's
    reach; they go back to that player before the pots are built. Only
    antes can put them there (a uniform ante follows the side-pot rule,
    §5.3): for example every other player is all-in on the ante and the
    last one folds. While a player still in the hand has chips behind,
    folded chips above every total are dead money in the top pot
    (:func:`build_pots`).

    Parameters
    ----------
    contributions : sequence of int
        Chips each seat put in (after the uncalled bet was returned).
    folded : sequence of bool
        Whether each seat folded (or was not dealt in).
    all_in : sequence of bool
        Whether each seat has no chips behind.

    Returns
    -------
    dict of int to int
        Chips to give back, per folded seat (empty when there are none).

    Examples
    --------
    >>> unwinnable([3, 5, 10], folded=[False, False, True], all_in=[True, True, False])
    {2: 5}
    """
    live = [s for s in range(len(contributions)) if not folded[s]]
    if not live:
        return {}
    if not all(all_in[s] for s in live):
        return {}
    top = max(contributions[s] for s in live)
    return {s: c - top for s, c in enumerate(contributions) if folded[s] and c > top}


def build_pots(
    contributions: Sequence[int],
    folded: Sequence[bool],
    *,
    dead: int = 0,
    order: Sequence[int] | None = None,
    all_in: Sequence[bool] | None = None,
) -> tuple[Pot, ...]:
    """Cut the chips put in into a main pot and side pots (docs/rules.md §4).

    Pots are cut only at the all-in totals of players still in the hand;
    chips of folded players are dead money in the pots their contribution
    reached. A player still in the hand with chips behind is eligible for
    every pot, the top pot taking every chip above the last all-in total
    (per-position antes can leave such players with different totals).
    Adjacent pots with the same eligible players are merged.

    Parameters
    ----------
    contributions : sequence of int
        Chips each seat put in (after the uncalled bet was returned).
    folded : sequence of bool
        Whether each seat folded (or was not dealt in).
    dead : int, default 0
        Dead money that goes whole into the main pot (a big-blind ante).
    order : sequence of int, optional
        The seats in the order to list them in ``eligible`` (clockwise from
        the button's left); default seat order.
    all_in : sequence of bool, optional
        Whether each seat has no chips behind. Default: every player still
        in the hand is taken as all-in, each total cutting a pot.

    Returns
    -------
    tuple of Pot
        The main pot first. Empty when nothing was put in.

    Raises
    ------
    ValueError
        If the sequences differ in length or nobody is still in the hand.
    """
    n = len(contributions)
    if len(folded) != n:
        raise ArgumentError(f"{n} contributions but {len(folded)} folded flags")
    if all_in is not None and len(all_in) != n:
        raise ArgumentError(f"{n} contributions but {len(all_in)} all-in flags")
    seats = list(range(n)) if order is None else list(order)
    live = [s for s in seats if not folded[s]]
    if not live:
        raise ArgumentError("no player is still in the hand")
    covering = set() if all_in is None else {s for s in live if not all_in[s]}
    levels = sorted({contributions[s] for s in live if s not in covering})
    if covering:
        levels.append(max(contributions))
    pots: list[Pot] = []
    below = 0
    for i, level in enumerate(levels):
        if level <= below:
            continue
        # The top pot also takes folded players' chips above every live total
        # (dead money, e.g. an ante posted by a player who folded).
        cap = level if i < len(levels) - 1 else max(contributions)
        amount = 0
        for c in contributions:
            if c > below:
                amount += (c if c < cap else cap) - below
        eligible = tuple(s for s in live if contributions[s] >= level or s in covering)
        if pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        else:
            pots.append(Pot(amount, eligible))
        below = level
    if dead:
        if pots:
            pots[0] = Pot(pots[0].amount + dead, pots[0].eligible)
        else:
            pots.append(Pot(dead, tuple(live)))
    return tuple(pots)


def split_chips(amount: int, winners: Sequence[int], unit: int = 1) -> dict[int, int]:
    """Split ``amount`` evenly among ``winners`` (docs/rules.md §4, odd chips).

    Parameters
    ----------
    amount : int
        Chips to split.
    winners : sequence of int
        The tied seats, clockwise from the first seat left of the button:
        odd chips go one at a time in this order (nobody gets two).
    unit : int, default 1
        The smallest chip in play; it is never split. A remainder smaller
        than ``unit`` goes to the first winner.

    Returns
    -------
    dict of int to int
        Chips per seat, in the order of ``winners``.

    Examples
    --------
    >>> split_chips(11, [0, 1, 2])
    {0: 4, 1: 4, 2: 3}
    """
    k = len(winners)
    units, rest = divmod(amount, unit)
    share, odd = divmod(units, k)
    out = {s: (share + (1 if i < odd else 0)) * unit for i, s in enumerate(winners)}
    if rest:
        out[winners[0]] += rest
    return out


OddChips = Literal["position", "high"]
"""Where the chips a shared low half leaves over go: see :func:`award_pot`."""
ODD_CHIPS: tuple[OddChips, ...] = ("position", "high")
"""The values of the table option ``odd_chips``; the first is the default."""


def award_pot(
    pot: Pot,
    high: Mapping[int, int],
    low: Mapping[int, int | None] | None,
    order: Sequence[int],
    *,
    unit: int = 1,
    odd_chips: OddChips = "position",
) -> PotResult:
    """Award one pot among its contenders (docs/rules.md §4).

    Parameters
    ----------
    pot : Pot
        The pot.
    high : mapping of int to int
        The high strength (1..7462, larger is stronger) of each contender:
        eligible players who showed. A pot with a single contender may give
        any value; it goes to that seat without a showdown.
    low : mapping of int to int or None, or None
        Omaha Hi-Lo: each contender's low strength (1..56) or None for no
        qualifying low. ``None`` for Omaha High.
    order : sequence of int
        Seats clockwise from the first seat left of the button (odd chips).
    unit : int, default 1
        The smallest chip in play.
    odd_chips : {"position", "high"}, default "position"
        The chips a low half shared by several players leaves over: by
        default one at a time to the sharing players from the first left of
        the button (docs/rules.md §4, rule 4); ``"high"`` (as Bovada deals)
        to the high half's winners.

    Returns
    -------
    PotResult

    Raises
    ------
    ValueError
        If there is no contender.

    Examples
    --------
    A quartered pot of 30: the high winner gets 15, two tied lows 8 and 7.

    >>> r = award_pot(Pot(30, (0, 1, 2)), {0: 5000, 1: 10, 2: 10}, {0: None, 1: 40, 2: 40},
    ...               order=[0, 1, 2])
    >>> r.payouts
    {0: 15, 1: 8, 2: 7}

    Bovada gives the low half's odd chip to the high hand instead:

    >>> award_pot(Pot(30, (0, 1, 2)), {0: 5000, 1: 10, 2: 10}, {0: None, 1: 40, 2: 40},
    ...           order=[0, 1, 2], odd_chips="high").payouts
    {0: 16, 1: 7, 2: 7}
    """
    if not high:
        raise ArgumentError(f"nobody contests the pot {quote(pot)}")
    rank = {s: i for i, s in enumerate(order)}
    contenders = sorted(high, key=rank.__getitem__)
    best = max(high[s] for s in contenders)
    high_winners = tuple(s for s in contenders if high[s] == best)
    low_winners: tuple[int, ...] = ()
    if low is not None:
        lows = [low[s] for s in contenders if low.get(s) is not None]
        if lows:
            best_low = max(lows)  # type: ignore[type-var]
            low_winners = tuple(s for s in contenders if low.get(s) == best_low)
    if not low_winners or low_winners == high_winners:
        payouts = split_chips(pot.amount, high_winners, unit)
    else:
        units = pot.amount // unit
        low_half = units // 2 * unit
        if odd_chips == "high":  # each low share in whole chips; what is left goes high
            low_half = low_half // unit // len(low_winners) * len(low_winners) * unit
        payouts = split_chips(pot.amount - low_half, high_winners, unit)
        for s, chips in split_chips(low_half, low_winners, unit).items():
            payouts[s] = payouts.get(s, 0) + chips
    return PotResult(pot.amount, pot.eligible, high_winners, low_winners, payouts)


def split_runs(amount: int, runs: int, unit: int = 1) -> list[int]:
    """Cut a pot into the shares of a hand run ``runs`` times (docs/rules.md §4.10).

    Each board awards an equal share in whole chips of ``unit``; the chips
    that do not divide evenly go one to each board from the first (101 run
    twice: 51 and 50). A remainder smaller than ``unit`` goes to the first
    board.

    Examples
    --------
    >>> split_runs(101, 2), split_runs(9785, 2), split_runs(100, 3)
    ([51, 50], [4893, 4892], [34, 33, 33])
    """
    return list(split_chips(amount, list(range(runs)), unit).values())


def take_rake(pots: Sequence[Pot], amount: int) -> tuple[Pot, ...]:
    """Take ``amount`` chips of rake from the pots, in proportion to their size.

    Each pot gives ``amount * pot / total`` rounded down; the chips left
    over come one each from the largest pots (the main pot first on a tie).
    Use it inside a rake policy given to :class:`omaha.Table`.

    Parameters
    ----------
    pots : sequence of Pot
        The pots as built (the main pot first).
    amount : int
        Chips to take, at most every chip in the pots.

    Returns
    -------
    tuple of Pot
        The same pots, smaller.

    Raises
    ------
    ValueError
        If ``amount`` is negative or more than the pots hold.

    Examples
    --------
    >>> take_rake([Pot(300, (0, 1, 2)), Pot(100, (1, 2))], 5)
    (Pot(amount=296, eligible=(0, 1, 2)), Pot(amount=99, eligible=(1, 2)))
    """
    total = sum(p.amount for p in pots)
    if isinstance(amount, bool) or not isinstance(amount, int) or not 0 <= amount <= total:
        raise ArgumentError(
            f"rake {quote(amount)} must be an integer from 0 to the {total} in the pots"
        )
    if amount == 0:
        return tuple(pots)
    shares = [amount * p.amount // total for p in pots]
    left = amount - sum(shares)
    for i in sorted(range(len(pots)), key=lambda i: -pots[i].amount)[:left]:
        shares[i] += 1
    return tuple(Pot(p.amount - s, p.eligible) for p, s in zip(pots, shares, strict=True))


def evaluate_shown(
    shown: Mapping[int, tuple[int, ...]], board: tuple[int, ...], game: GameName
) -> dict[int, tuple[HighHand, LowHand | None]]:
    """Evaluate each shown hand on the board through the compiled core (docs/rules.md §2, §3).

    Parameters
    ----------
    shown : mapping of int to tuple of int
        Each showing seat's hole card codes.
    board : tuple of int
        The five board card codes.
    game : {"hi", "hilo"}
        Omaha High (every low is None) or Hi-Lo.

    Returns
    -------
    dict of int to (HighHand, LowHand or None)
    """
    hilo = game == "hilo"
    return {
        s: (evaluate_hi(hole, board), evaluate_lo(hole, board) if hilo else None)
        for s, hole in shown.items()
    }


# ------------------------------------------------------------- settlement


@dataclass(frozen=True, slots=True)
class Settlement:
    """How the chips in the middle of a finished hand go back to the seats.

    Attributes
    ----------
    pots : tuple of PotResult
        Each pot as awarded, the main pot first (amounts after the rake).
    returned : dict of int to int
        Chips of folded players that nobody still in the hand could win,
        given back before the pots are built (:func:`unwinnable`).
    rake : int
        Chips the rake policy took from the pots.
    values : dict of int to (HighHand, LowHand or None)
        Each shown hand's value on the (first) board (empty when the board
        is not complete: every opponent mucked or folded first).
    run_values : tuple of dict
        The same on every board, when the hand was run more than once
        (``run_values[0]`` is ``values``).
    """

    pots: tuple[PotResult, ...]
    returned: dict[int, int] = field(default_factory=dict)
    rake: int = 0
    values: dict[int, tuple[HighHand, LowHand | None]] = field(default_factory=dict)
    run_values: tuple[dict[int, tuple[HighHand, LowHand | None]], ...] = ()

    @property
    def payouts(self) -> dict[int, int]:
        """Chips each seat gets back: its share of the pots plus what was returned to it."""
        out = dict(self.returned)
        for pot in self.pots:
            for seat, chips in pot.payouts.items():
                out[seat] = out.get(seat, 0) + chips
        return out


RakeTaker = Callable[[tuple[Pot, ...]], object]
"""``rake(pots) -> pots``: the pots less the rake (same eligible players, smaller amounts)."""


def settle(
    contributions: Sequence[int],
    folded: Sequence[bool],
    *,
    all_in: Sequence[bool],
    order: Sequence[int],
    dead: int = 0,
    shown: Mapping[int, tuple[int, ...]] | None = None,
    mucked: Sequence[int] = (),
    board: tuple[int, ...] = (),
    boards: Sequence[tuple[int, ...]] = (),
    game: GameName = "hi",
    unit: int = 1,
    rake: RakeTaker | None = None,
    odd_chips: OddChips = "position",
) -> Settlement:
    """Settle a finished hand: give back what nobody can win, build, rake and award the pots.

    The rules of docs/rules.md §4, in order: folded players' chips out of
    everyone's reach go back (:func:`unwinnable`); the rest makes the main
    pot and the side pots (:func:`build_pots`), with the dead money in the
    main pot; the rake policy takes its share of each pot; then each pot is
    awarded on its own among its contenders (:func:`award_pot`), its rake
    recorded with it (:attr:`PotResult.rake`). A contender
    is an eligible player who did not muck; a pot whose every eligible
    player mucked goes to the last of them to muck (the others conceded it
    to them), and a pot with one contender goes to them without a showdown
    (§4.7, §4.8). Nothing is changed: the caller moves the chips.

    Parameters
    ----------
    contributions : sequence of int
        Chips each seat put in during the hand (antes included), after the
        uncalled bet went back.
    folded : sequence of bool
        Whether each seat folded (or was not dealt in).
    all_in : sequence of bool
        Whether each seat has no chips behind.
    order : sequence of int
        The seats dealt in, clockwise from the first seat left of the button
        (eligible players and odd chips follow it).
    dead : int, default 0
        Dead money for the main pot (a big-blind ante).
    shown : mapping of int to tuple of int, optional
        The hole card codes of each seat that showed.
    mucked : sequence of int, default ()
        The seats that mucked, in the order they mucked.
    board : tuple of int, default ()
        The board card codes; shown hands are evaluated when it has five.
    boards : sequence of tuple of int, default ()
        A hand run more than once (docs/rules.md §4.10): every board, the
        first one included (``board`` is then ignored). Each contested pot
        is cut into one share per board (:func:`split_runs`), each share
        awarded on its own board.
    game : {"hi", "hilo"}, default "hi"
        Omaha High, or Hi-Lo (each pot halved between the best high and the
        best qualifying low).
    unit : int, default 1
        The smallest chip in play (never split).
    rake : callable, optional
        ``rake(pots) -> pots``, given the pots as built; it must return the
        same pots with smaller (or equal) integer amounts.
    odd_chips : {"position", "high"}, default "position"
        Where a shared low half's odd chips go (:func:`award_pot`).

    Returns
    -------
    Settlement

    Raises
    ------
    ValueError
        If nobody is still in the hand, a contested pot has a contender who
        did not show, or the rake policy returns anything but the same pots
        with smaller amounts.
    GameError
        If ``game`` is not "hi" or "hilo".

    Examples
    --------
    Seat 2 folded 10; seats 0 and 1 showed on the board 3c 4d 5h Ks Kh:

    >>> from omaha.cards import parse_cards
    >>> s = settle([20, 20, 10], [False, False, True], all_in=[False] * 3, order=[0, 1, 2],
    ...            shown={0: parse_cards("Ac2d9s9d"), 1: parse_cards("KcKd9c8s")},
    ...            board=parse_cards("3c4d5hKsKh"))
    >>> [(p.amount, p.high_winners, p.payouts) for p in s.pots]
    [(50, (1,), {1: 50})]
    """
    game = check_game(game)
    returned = unwinnable(contributions, folded, all_in)
    left = list(contributions)
    for seat, chips in returned.items():
        left[seat] -= chips
    built = build_pots(left, folded, dead=dead, order=order, all_in=all_in)
    pots, raked = (built, 0) if rake is None else _take_rake(rake, built)
    shown = shown or {}
    runs = [tuple(b) for b in boards] if boards else [tuple(board)]
    run_values = [evaluate_shown(shown, b, game) if shown and len(b) == 5 else {} for b in runs]
    mucked_set = set(mucked)
    results = []
    for pot, before in zip(pots, built, strict=True):
        contenders = [s for s in pot.eligible if s not in mucked_set]
        if not contenders:
            # Everyone eligible mucked: the last to muck had been conceded the pot.
            contenders = [s for s in reversed(mucked) if s in pot.eligible][:1]
        cut = before.amount - pot.amount
        if len(contenders) == 1:
            (seat,) = contenders
            results.append(
                PotResult(pot.amount, pot.eligible, (seat,), (), {seat: pot.amount}, cut)
            )
            continue
        shares = split_runs(pot.amount, len(runs), unit) if len(runs) > 1 else [pot.amount]
        awards = [
            _award_share(
                Pot(share, pot.eligible), contenders, run_values[r], order, game, unit, odd_chips
            )
            for r, share in enumerate(shares)
        ]
        if len(awards) == 1:
            (one,) = awards
            results.append(
                PotResult(
                    pot.amount, pot.eligible, one.high_winners, one.low_winners, one.payouts, cut
                )
            )
            continue
        payouts: dict[int, int] = {}
        for award in awards:
            for seat, chips in award.payouts.items():
                payouts[seat] = payouts.get(seat, 0) + chips
        results.append(
            PotResult(
                pot.amount,
                pot.eligible,
                tuple(dict.fromkeys(s for a in awards for s in a.high_winners)),
                tuple(dict.fromkeys(s for a in awards for s in a.low_winners)),
                payouts,
                cut,
                tuple(
                    RunResult(r, a.amount, a.high_winners, a.low_winners, a.payouts)
                    for r, a in enumerate(awards)
                ),
            )
        )
    return Settlement(tuple(results), returned, raked, run_values[0], tuple(run_values))


def _award_share(
    pot: Pot,
    contenders: Sequence[int],
    values: Mapping[int, tuple[HighHand, LowHand | None]],
    order: Sequence[int],
    game: GameName,
    unit: int,
    odd_chips: OddChips = "position",
) -> PotResult:
    """Award a contested pot (or one board's share of it) on the hands' values."""
    missing = [s for s in contenders if s not in values]
    if missing:
        raise ArgumentError(f"seats {missing} contest the pot {quote(pot)} without a hand shown")
    high = {s: values[s][0].strength for s in contenders}
    low = None
    if game == "hilo":
        low = {s: (lo.strength if (lo := values[s][1]) is not None else None) for s in contenders}
    return award_pot(pot, high, low, order, unit=unit, odd_chips=odd_chips)


def _take_rake(policy: RakeTaker, pots: tuple[Pot, ...]) -> tuple[tuple[Pot, ...], int]:
    """Run a rake policy on the built pots and check what it returns."""
    out = policy(pots)
    raked: tuple[object, ...] = tuple(out) if isinstance(out, Iterable) else (out,)
    checked = tuple(p for p in raked if isinstance(p, Pot))
    if (
        len(checked) != len(raked)
        or len(raked) != len(pots)
        or any(
            isinstance(new.amount, bool)
            or not isinstance(new.amount, int)
            or new.eligible != old.eligible
            or not 0 <= new.amount <= old.amount
            for new, old in zip(checked, pots, strict=True)
        )
    ):
        raise ArgumentError(
            "the rake policy must return the same pots with smaller amounts:"
            f" {quote(pots)} -> {quote(raked)}"
        )
    return checked, sum(p.amount for p in pots) - sum(p.amount for p in checked)
