"""What a file states about a hand's result, checked against what was put in: :func:`reconcile`.

A reader tells its :class:`~omaha.history.builder.HandBuilder` what the file
states about the result: each collect (from which pot, of which run), the
summary's total for each player, the uncalled bet returned, the pots, the
total pot, the rake (and its parts), the cash-outs. The builder keeps it in
one :class:`Stated`. Once the hand's actions are known, each player's
amounts (:class:`Put`: what they bet, what they put in the pot, what they
have left) and that statement go to :func:`reconcile`, which checks that
they agree and normalises the statement into the PHH fields the replay
checks again (:meth:`omaha.phh.Replay.check`): ``winnings``,
``finishing_stacks``, ``_uncalled``, ``_rake``, ``_total_pot``, ``_pots``,
``_fees``, ``_cash_out``, ``_behind``.

Sites state the result in their own terms; :func:`reconcile` takes each
convention once:

- the uncalled bet returned by a line, counted in what its owner collects
  (``uncalled_in_collect``: iPoker, Bovada...), or returned silently (older
  PokerStars files: the pot stated leaves it out);
- a total pot with or without the uncalled bet, before or after the rake;
- pots stated after the rake (PokerStars) or before it (Full Tilt);
- a rake the file does not state, inferred as what the pot does not pay
  out, and refused when no site could have taken it (none in a
  tournament, none without a flop, at most :data:`MAX_INFERRED_RAKE_PERCENT`
  percent);
- a pot not awarded (its winners cashed out): only each winner's total is known.

Amounts are whole units of the file (cents, or tournament chips), never floats.

Examples
--------
>>> stated = Stated(collects=[Collect("Bob", 20)], uncalled=("Bob", 20), rake=0)
>>> players = [Put("Ann", wager=10, contrib=10, left=990), Put("Bob", 10, 10, 990)]
>>> result = reconcile(stated, players, places=2, flop_dealt=False, error=ValueError)
>>> result.amounts["winnings"], result.amounts["finishing_stacks"]
([0, 20], [990, 1010])
>>> reconcile(Stated(collects=[Collect("Bob", 30)]), players, places=2,
...           flop_dealt=False, error=ValueError)
Traceback (most recent call last):
...
ValueError: the players collect 0.3 from a pot of 0.2: the amounts do not add up
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from omaha.phh.amounts import format_amount, to_file_units
from omaha.phh.fields import (
    BEHIND_FIELD,
    CASH_OUT_FIELD,
    FEES_FIELD,
    POTS_FIELD,
    RAKE_FIELD,
    TOTAL_POT_FIELD,
    UNCALLED_FIELD,
)
from omaha.pots import uncalled_bet

__all__ = [
    "Collect",
    "MAX_INFERRED_RAKE_PERCENT",
    "Put",
    "Reconciled",
    "Stated",
    "reconcile",
    "units_text",
]

MAX_INFERRED_RAKE_PERCENT = 10
"""The most rake, in percent of the pot, inferred for a file that states none (iPoker...)."""


@dataclass(slots=True)
class Collect:
    """One collect: ``amount`` units from a pot of a run of the board.

    ``pot`` is 0 for the main pot, 1 for side pot 1..., None when the file
    does not say; ``run`` is 0 for the first board.
    """

    name: str
    amount: int
    pot: int | None = None
    run: int = 0


@dataclass(slots=True)
class Stated:
    """What a file states about a hand's result, as its reader told it (nothing normalised).

    Attributes
    ----------
    collects : list of Collect
        Each collect line, in file order.
    won : dict
        The summary's total for each player (``won ($65)``), checked against the collects.
    uncalled : tuple (str, int) or None
        The uncalled bet returned by a line: its owner and the units.
    total_pot : int or None
        The total pot stated, ``total_with_uncalled`` (the uncalled bet in it) and
        ``total_after_rake`` (the rake out of it) as the site counts it.
    rake : int or None
        The rake stated (None: the file states none, and it is inferred).
    fees : dict
        The rake's parts by name (rake, jackpot...), as PHH ``_fees``.
    pots : list of int or None
        The pots stated, main pot first: after the rake, or ``pots_before_rake``.
    cash_out : dict
        What each player who cashed out an all-in was paid, instead of what the pots pay.
    unawarded : bool
        A pot not awarded (its winners cashed out): the collects are the summary's totals.
    house : int
        The house's money in the main pot (a Cash Drop, docs/rules.md §4.12).
    """

    collects: list[Collect] = field(default_factory=list)
    won: dict[str, int] = field(default_factory=dict)
    uncalled: tuple[str, int] | None = None
    total_pot: int | None = None
    total_with_uncalled: bool = False
    total_after_rake: bool = False
    rake: int | None = None
    fees: dict[str, int] = field(default_factory=dict)
    pots: list[int] | None = None
    pots_before_rake: bool = False
    cash_out: dict[str, int] = field(default_factory=dict)
    unawarded: bool = False
    house: int = 0


class Put(NamedTuple):
    """One player's amounts at the end of the hand's play, in units of the file.

    A named tuple (immutable, and quick to make: one for each player of
    every hand imported).

    ``wager`` is what they bet (blinds, bets, calls, raises; antes and dead
    blinds left out: the uncalled bet is found from it); ``contrib`` what they
    put in the pot (antes and dead blinds too); ``left`` the chips in front of
    them (an uncalled bet returned by a line included); ``behind`` the chips a
    site's all-in protection kept out of play (docs/rules.md §4.11).
    """

    name: str
    wager: int
    contrib: int
    left: int
    behind: int = 0


@dataclass(frozen=True, slots=True)
class Reconciled:
    """The result as PHH fields.

    ``amounts`` in units of the file (ints and lists of ints, for the writer
    to turn into the file's units), ``fields`` the rest (``_pots``, ``_fees``:
    their amounts in units of the file too).
    """

    amounts: dict[str, Any]
    fields: dict[str, Any]


def units_text(units: int, places: int) -> str:
    """Write ``units`` (of ``10**-places``) as the file writes it: ``units_text(1050, 2)``: 10.5."""
    return format_amount(to_file_units(units, 10**places))


def reconcile(
    stated: Stated,
    players: Sequence[Put],
    *,
    places: int,
    flop_dealt: bool,
    uncalled_in_collect: bool = False,
    runs: int = 1,
    error: Callable[[str], Exception],
) -> Reconciled:
    """Check what the file states about the result against what was put in, and normalise it.

    Parameters
    ----------
    stated : Stated
        What the file states (left unchanged).
    players : sequence of Put
        The players dealt in, in PHH order (from the button's left).
    places : int
        The file's smallest unit: 2 for cents, 0 for tournament chips (which have no rake).
    flop_dealt : bool
        Whether a flop was dealt (no flop, no drop: no rake is inferred without one).
    uncalled_in_collect : bool
        The site counts an uncalled bet no line returns in what its owner collects.
    runs : int
        How many times the board was run (docs/rules.md §4.10).
    error : callable
        Makes the error raised from a reason (the builder's, naming file, hand and line).

    Returns
    -------
    Reconciled

    Raises
    ------
    Exception
        ``error(reason)``: the amounts do not add up (a collect, the summary's
        total, the uncalled bet, the rake, a pot or the total pot disagree), or
        a rake the file does not state that no site could have taken.
    """
    k = len(players)
    pos = {p.name: i for i, p in enumerate(players)}
    contrib = [p.contrib for p in players]

    def units(chips: int) -> str:
        return units_text(chips, places)

    collects = list(stated.collects)
    for name, total in stated.won.items():  # as the site counts it (the uncalled bet too)
        got = sum(c.amount for c in collects if c.name == name)
        if got != total:
            raise error(
                f"{name!r} collects {units(got)} but the summary says "
                f"{units(total)}: the amounts do not add up"
            )
    inferred = uncalled_bet([p.wager for p in players])
    back = [0] * k
    if stated.uncalled is not None:
        back[pos[stated.uncalled[0]]] = stated.uncalled[1]
        if inferred is not None:
            raise error(f"{players[inferred[0]].name!r} still has {units(inferred[1])} uncalled")
    elif inferred is not None and uncalled_in_collect:
        # The site counts the uncalled bet in what its owner collects (as a
        # pot of its own, or with the pot): it goes back, and is no winning.
        seat, chips = inferred
        owner = players[seat].name
        mine = [c for c in collects if c.name == owner]
        exact = [c for c in mine if c.amount == chips and (c.pot or 0) > 0]
        take = exact[-1] if exact else max(mine, key=lambda c: c.amount, default=None)
        if take is None or take.amount < chips:
            raise error(
                f"{owner!r} has {units(chips)} uncalled but collects less: "
                "the amounts do not add up"
            )
        collects.remove(take)
        if take.amount > chips:
            collects.append(Collect(owner, take.amount - chips, take.pot, take.run))
        back[seat] = chips
        contrib[seat] -= chips
    elif inferred is not None and _returned_silently(stated, sum(contrib) - inferred[1], collects):
        # Older files (PokerStars before 2006...) return an uncalled bet
        # without a line: the pot the summary states leaves it out.
        seat, chips = inferred
        back[seat] = chips
        contrib[seat] -= chips
    elif inferred is not None:
        raise error(
            f"{players[inferred[0]].name!r} bet {units(inferred[1])} nobody called, "
            "and the hand does not return it"
        )
    won = [0] * k
    for c in collects:
        won[pos[c.name]] += c.amount
    in_pot = sum(contrib) + stated.house  # the house's money (a Cash Drop, §4.12)
    collected = sum(won)
    rake = in_pot - collected
    if rake < 0:
        raise error(
            f"the players collect {units(collected)} from a pot of "
            f"{units(in_pot)}: the amounts do not add up"
        )
    if stated.rake is None and rake:
        why = _impossible_rake(rake, in_pot, places=places, flop_dealt=flop_dealt)
        if why is not None:
            raise error(
                f"the players collect {units(collected)} from a pot of "
                f"{units(in_pot)}, and the file states no rake: {why} (winnings missing "
                "or altered)"
            )
    if stated.rake is not None and stated.rake != rake:
        raise error(
            f"the rake is stated as {units(stated.rake)}, but the pot of "
            f"{units(in_pot)} pays out {units(collected)}: the amounts do not "
            "add up"
        )
    amounts: dict[str, Any] = {}
    fields: dict[str, Any] = {}
    if stated.total_pot is not None:
        total = stated.total_pot
        if stated.total_with_uncalled:
            total -= sum(back)
        if stated.total_after_rake:
            total += rake
        amounts[TOTAL_POT_FIELD] = total
    cash_out = stated.cash_out
    by_line = stated.uncalled is not None  # a line's return is in ``left`` already
    amounts["finishing_stacks"] = [
        p.left + p.behind + (0 if by_line else b) + cash_out.get(p.name, w)
        for p, b, w in zip(players, back, won, strict=True)
    ]
    if cash_out:
        amounts[CASH_OUT_FIELD] = [cash_out.get(p.name, 0) for p in players]
    if any(p.behind for p in players):
        amounts[BEHIND_FIELD] = [p.behind for p in players]
    amounts["winnings"] = won
    if any(back):
        amounts[UNCALLED_FIELD] = back
    amounts[RAKE_FIELD] = rake
    if stated.fees:
        fields[FEES_FIELD] = dict(stated.fees)
    pots = _pots(stated, collects, players, collected, rake, runs, units, error)
    if pots is not None:
        fields[POTS_FIELD] = pots
    return Reconciled(amounts, fields)


def _pots(
    stated: Stated,
    collects: list[Collect],
    players: Sequence[Put],
    collected: int,
    rake: int,
    runs: int,
    units: Callable[[int], str],
    error: Callable[[str], Exception],
) -> list[dict[str, Any]] | None:
    """Check the pots stated against the collects; return PHH ``_pots`` (None: no pot named)."""
    # A pot not awarded: only the summary's total for each winner is known,
    # not the pots it comes from; the pots stated add up to what was won.
    if stated.unawarded and stated.pots is not None and sum(stated.pots) != collected:
        raise error(
            f"the pots are stated as {units(sum(stated.pots))} but pay out "
            f"{units(collected)}: the amounts do not add up"
        )
    pots_named = any(c.pot for c in collects) or runs > 1 or stated.pots
    if not pots_named or stated.unawarded:
        return None
    entries: dict[tuple[int, int], dict[str, int]] = {}
    for c in collects:
        key = (c.pot or 0, c.run)
        won_here = entries.setdefault(key, {})
        won_here[c.name] = won_here.get(c.name, 0) + c.amount
    if stated.pots is not None:
        taken = 0
        for i, amount in enumerate(stated.pots):
            got = sum(sum(w.values()) for (p, _), w in entries.items() if p == i)
            if stated.pots_before_rake and got <= amount:
                taken += amount - got
            elif got != amount:
                raise error(
                    f"{'the main pot' if i == 0 else f'side pot {i}'} is stated as "
                    f"{units(amount)} but pays out {units(got)}: the amounts "
                    "do not add up"
                )
        if stated.pots_before_rake and taken != rake:
            raise error(
                f"the pots are stated as {units(sum(stated.pots))} and pay "
                f"out {units(collected)}, but the rake is {units(rake)}: the "
                "amounts do not add up"
            )
    label = {p.name: f"p{i + 1}" for i, p in enumerate(players)}
    pots: list[dict[str, Any]] = []
    for (pot, run), won_here in sorted(entries.items()):
        entry: dict[str, Any] = {"pot": pot + 1}
        if runs > 1:
            entry["run"] = run + 1
        entry["amount"] = sum(won_here.values())
        entry["won"] = {label[n]: c for n, c in won_here.items()}
        pots.append(entry)
    return pots


def _impossible_rake(rake: int, in_pot: int, *, places: int, flop_dealt: bool) -> str | None:
    """Why a rake the file does not state cannot have been taken (None: it can).

    Sites that state no rake (iPoker, PartyPoker's classic format) leave it
    to be inferred: what the pot does not pay out. An edited or cut winnings
    line would be absorbed into it, so the rake inferred must be possible:
    none in a tournament (chips), none when no flop is dealt (no flop, no
    drop), and at most :data:`MAX_INFERRED_RAKE_PERCENT` percent of the pot.
    """
    if places == 0:
        return "a tournament hand has no rake"
    if not flop_dealt:
        return "no rake is taken without a flop"
    if rake * 100 > in_pot * MAX_INFERRED_RAKE_PERCENT:
        return f"no site rakes more than {MAX_INFERRED_RAKE_PERCENT}% of a pot"
    return None


def _returned_silently(stated: Stated, in_pot: int, collects: list[Collect]) -> bool:
    """Tell whether the pot stated is ``in_pot``, the pot without a bet nobody called.

    Older files (PokerStars before 2006...) return an uncalled bet without a
    line: then the total pot stated (or the collects and the rake) leave it out.
    """
    if stated.total_pot is not None and not stated.total_with_uncalled:
        if stated.total_after_rake:
            return stated.rake is not None and stated.total_pot + stated.rake == in_pot
        return stated.total_pot == in_pot
    collected = sum(c.amount for c in collects)
    return stated.rake is not None and collected + stated.rake == in_pot
