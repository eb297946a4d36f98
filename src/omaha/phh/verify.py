"""What a file states about a hand's result, against what the replay gives.

A site's hand history states the result as well as the play: what each
player collected (PHH's ``winnings``), each pot and side pot (``_pots``, with
each board's share when the hand was run more than once), the total pot
(``_total_pot``), the rake (``_rake``) and the uncalled bet (``_uncalled``).
:func:`differences` compares each with the engine's result and describes
every difference, naming the player and both amounts in the file's units;
:meth:`omaha.phh.Replay.check` raises them as one
:class:`~omaha.errors.StatedResultError`.

Examples
--------
>>> from omaha.phh.files import loads
>>> from omaha.phh.replaying import replay
>>> history = loads('''
... variant = "PO"
... antes = [0, 0]
... blinds_or_straddles = [0.5, 1]
... min_bet = 1
... starting_stacks = [100, 100]
... actions = ["p2 cbr 3", "p1 f"]
... winnings = [0, 2.5]
... _uncalled = [0, 1]
... ''')
>>> for player, line in differences(history, replay(history, check=False).hand):
...     print(player, line)
1 p2: the file says 2.5 won, the replay gives 2
1 p2: the file says 1 returned as the uncalled bet, the replay gives 2
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from omaha.errors import quote
from omaha.phh.amounts import format_amount
from omaha.phh.history import StatedPot

if TYPE_CHECKING:
    from omaha.hand import Hand
    from omaha.phh.history import HandHistory
    from omaha.pots import PotResult

__all__ = ["differences", "pot_name"]


def pot_name(pot: int, count: int, run: int | None = None) -> str:
    """Name a pot in messages: ``"the pot"``, ``"the main pot"``, ``"side pot 2 on board 2"``.

    Examples
    --------
    >>> pot_name(0, 1), pot_name(0, 2), pot_name(2, 3, run=1)
    ('the pot', 'the main pot', 'side pot 2 on board 2')
    """
    name = f"side pot {pot}" if pot else "the pot" if count == 1 else "the main pot"
    return name if run is None else f"{name} on board {run + 1}"


def differences(history: HandHistory, hand: Hand) -> list[tuple[int | None, str]]:
    """Return every difference between the result the file states and the replay's.

    Parameters
    ----------
    history : HandHistory
        The hand, with what its file states.
    hand : Hand
        The replay's hand, over.

    Returns
    -------
    list of (int or None, str)
        One entry per difference (empty when everything agrees): the player
        it concerns (0-based) or None, and a line naming what differs, the
        player, the file's amount and the replay's.
    """
    result = hand.result
    u = history.to_file_units
    out: list[tuple[int | None, str]] = []

    def who(seat: int) -> str:
        label = f"p{seat + 1}"
        name = history.players[seat]
        return label if name == label else f"{label} {quote(name)}"

    def differ(
        what: str, stated: int, replayed: int, verb: str = "gives", seat: int | None = None
    ) -> None:
        if stated != replayed:
            out.append(
                (
                    seat,
                    f"{what}: the file says {format_amount(u(stated))}, "
                    f"the replay {verb} {format_amount(u(replayed))}",
                )
            )

    def per_player(stated: tuple[int, ...] | None, replayed: dict[int, int], what: str) -> None:
        for seat, chips in enumerate(stated or ()):
            if chips != replayed.get(seat, 0):
                out.append(
                    (
                        seat,
                        f"{who(seat)}: the file says {format_amount(u(chips))} {what}, "
                        f"the replay gives {format_amount(u(replayed.get(seat, 0)))}",
                    )
                )

    per_player(history.winnings, result.winnings, "won")
    per_player(history.uncalled, dict([result.uncalled or (0, 0)]), "returned as the uncalled bet")
    if history.rake is not None:
        differ("the rake", history.rake, result.rake, "takes")
    if history.total_pot is not None:
        built = sum(p.amount + p.rake for p in result.pots)
        differ("the total pot", history.total_pot, built, "makes")
    stated_pots = history.stated_pots
    if stated_pots is not None:
        pots = result.pots
        count = max(len(pots), max((p.pot + 1 for p in stated_pots), default=0))
        for entry in _merged(stated_pots, pots):
            name = pot_name(entry.pot, count, entry.run)
            share = _share(pots, entry.pot, entry.run)
            if share is None:
                out.append(
                    (
                        None,
                        f"{name}: the file says {format_amount(u(entry.amount))}, "
                        "the replay makes no such pot",
                    )
                )
                continue
            amount, payouts = share
            differ(name, entry.amount, amount, "makes")
            for seat in sorted(set(entry.won) | set(payouts)):
                differ(
                    f"{who(seat)} from {name}",
                    entry.won.get(seat, 0),
                    payouts.get(seat, 0),
                    seat=seat,
                )
        stated_keys = {p.pot for p in stated_pots}
        for i, pot in enumerate(pots):
            if i not in stated_keys:
                out.append(
                    (
                        None,
                        f"{pot_name(i, count)}: the replay makes {format_amount(u(pot.amount))}, "
                        "the file states no such pot",
                    )
                )
    return out


def _merged(stated: tuple[StatedPot, ...], pots: tuple[PotResult, ...]) -> list[StatedPot]:
    """Return the stated pots, a pot's boards taken together where the replay did not cut it.

    A pot with a single contender is not cut among the boards of a hand run
    more than once (docs/rules.md §4.10); a site may still print one share
    of it per board (PokerStars does): those shares are compared as one.
    """
    out: list[StatedPot] = []
    at: dict[int, int] = {}  # a pot's merged entry in ``out``
    for entry in stated:
        if entry.run is None or entry.pot >= len(pots) or pots[entry.pot].runs:
            out.append(entry)
            continue
        if entry.pot not in at:
            at[entry.pot] = len(out)
            out.append(StatedPot(entry.pot, None, 0, {}))
        seen = out[at[entry.pot]]
        won = dict(seen.won)
        for seat, chips in entry.won.items():
            won[seat] = won.get(seat, 0) + chips
        out[at[entry.pot]] = StatedPot(entry.pot, None, seen.amount + entry.amount, won)
    return out


def _share(
    pots: tuple[PotResult, ...], pot: int, run: int | None
) -> tuple[int, dict[int, int]] | None:
    """Return the amount and payouts of a pot, or of one board's share of it."""
    if pot >= len(pots):
        return None
    p = pots[pot]
    if run is None:
        return p.amount, p.payouts
    if not p.runs:
        return (p.amount, p.payouts) if run == 0 else None
    if run >= len(p.runs):
        return None
    r = p.runs[run]
    return r.amount, r.payouts
