"""The chips of one hand and their one owner: :class:`Ledger`.

Every chip at the table is either behind a seat (its stack) or in the middle
(the pot), and the ledger is the only code that moves chips between the two
(docs/rules.md §4, §5.2-§5.3, §6):

- :meth:`Ledger.put_in` moves chips from a stack to the middle, in one of
  three ways (:class:`PutIn`): as a **bet** (a blind, a straddle, a call or
  a raise: part of the seat's bet on the street), as an **ante** (dead
  money that still follows the side-pot rule: it counts in the seat's
  contribution) or as **dead** money (a big-blind ante, a dead blind: whole into the main
  pot, nobody's bet and nobody's contribution). A seat short of the amount
  puts in all it has.
- :meth:`Ledger.return_uncalled` gives the uncalled bet back to its owner.
- :meth:`Ledger.end_street` clears the street's bets.
- :meth:`Ledger.pay` hands the middle back out as a
  :class:`~omaha.pots.Settlement` decided (the unwinnable chips, then the
  pots).

Chips are conserved: :attr:`Ledger.total` (the stacks plus the middle)
never changes until :meth:`Ledger.pay`, which changes it only by the rake;
the one other way in is :meth:`Ledger.add_house`, chips the house adds to
the main pot before the deal (docs/rules.md §4.12), counted in
:attr:`Ledger.house`.

In a capped game (docs/rules.md §6.4) the chips of a stack above the cap
are kept **behind**, out of play: the stack is what the player may still
put in, and a player with nothing left to put in is all-in (capped).
:meth:`Ledger.pay` hands them back with the pots.

Examples
--------
>>> ledger = Ledger([100, 100, 100])
>>> ledger.put_in(0, 1), ledger.put_in(1, 2), ledger.put_in(2, 10)
(1, 2, 10)
>>> ledger.return_uncalled()    # the others folded: 8 of the 10 go back
(2, 8)
>>> ledger.pot, ledger.stacks
(5, [99, 98, 98])
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from omaha.pots import Settlement, uncalled_bet

__all__ = ["Ledger", "PutIn"]


class PutIn(enum.Enum):
    """How chips go into the middle (docs/rules.md §5.2-§5.3)."""

    BET = "bet"
    """A blind, a straddle, a call or a raise: part of the seat's bet on the street."""
    ANTE = "ante"
    """An ante: dead money, counted in the seat's contribution (the side-pot rule)."""
    DEAD = "dead"
    """Dead money for the main pot, nobody's bet or contribution (a big-blind ante, dead blind)."""


_BET, _ANTE = PutIn.BET, PutIn.ANTE  # globals: enum class attributes are slow to look up


class Ledger:
    """Where every chip of one hand is, seat by seat.

    The lists are the ledger's own: read them, never change them.

    Parameters
    ----------
    stacks : sequence of int
        Each seat's chips when the hand starts.
    cap : int, optional
        The most chips a seat may put in during the hand (a capped game);
        the rest of its chips are kept in :attr:`behind`.

    Attributes
    ----------
    stacks : list of int
        Chips behind, per seat.
    bets : list of int
        Each seat's bet on the current street (blinds and straddles included).
    contributions : list of int
        Chips each seat has put in during the hand, bets and antes: what the
        side pots are cut from.
    wagers : list of int
        The bets alone (antes and dead money excluded): what the uncalled
        bet is measured on (docs/rules.md §4.6).
    dead : int
        Dead money in the middle that is no seat's contribution (the
        house's money included).
    house : int
        The chips the house added to the main pot (docs/rules.md §4.12).
    behind : list of int or None
        A capped game: each seat's chips above the cap, out of play until
        the hand is paid; None without a cap.
    """

    __slots__ = ("behind", "bets", "contributions", "dead", "house", "stacks", "wagers")

    def __init__(self, stacks: Sequence[int], cap: int | None = None) -> None:
        n = len(stacks)
        self.stacks = list(stacks)
        self.behind: list[int] | None = None
        if cap is not None:
            self.behind = [s - cap if s > cap else 0 for s in stacks]
            self.stacks = [s if s < cap else cap for s in stacks]
        self.bets = [0] * n
        self.contributions = [0] * n
        self.wagers = [0] * n
        self.dead = 0
        self.house = 0

    @property
    def pot(self) -> int:
        """Every chip in the middle: earlier streets, antes, dead money and this street's bets."""
        return sum(self.contributions) + self.dead

    @property
    def total(self) -> int:
        """The stacks, the middle and the chips kept behind: constant once the hand is dealt."""
        return sum(self.at_table) + self.pot

    @property
    def at_table(self) -> list[int]:
        """Each seat's chips in front of it: its stack, plus what a cap keeps behind."""
        behind = self.behind
        if behind is None:
            return self.stacks
        return [s + b for s, b in zip(self.stacks, behind, strict=True)]

    def put_in(self, seat: int, chips: int, how: PutIn = _BET) -> int:
        """Move up to ``chips`` of ``seat``'s stack to the middle; return how many moved.

        A seat with less puts in all it has (and is all-in).

        Parameters
        ----------
        seat : int
        chips : int
            Non-negative (checked by the caller).
        how : PutIn, default PutIn.BET
            A bet, an ante or dead money.

        Returns
        -------
        int
            The chips moved: ``min(chips, stack)``.
        """
        stack = self.stacks[seat]
        paid = chips if chips < stack else stack
        self.stacks[seat] = stack - paid
        if how is _BET:
            self.bets[seat] += paid
            self.contributions[seat] += paid
            self.wagers[seat] += paid
        elif how is _ANTE:
            self.contributions[seat] += paid
        else:
            self.dead += paid
        return paid

    def add_house(self, chips: int) -> None:
        """Add the house's ``chips`` to the main pot: dead money, from no stack.

        Parameters
        ----------
        chips : int
            Non-negative (checked by the caller): a site's promotion, such as
            GGPoker's Cash Drop (docs/rules.md §4.12).
        """
        self.dead += chips
        self.house += chips

    def keep_behind(self, seat: int) -> int:
        """Keep ``seat``'s stack out of play for the rest of the hand; return the chips kept.

        A site's all-in protection (docs/rules.md §4.11): a disconnected
        player plays on for what they have put in, and is all-in. The chips
        join :attr:`behind` (a cap's chips, when there is one) and
        :meth:`pay` hands them back.

        >>> ledger = Ledger([100, 100])
        >>> ledger.put_in(0, 30), ledger.keep_behind(0), ledger.stacks, ledger.behind
        (30, 70, [0, 100], [70, 0])
        >>> ledger.total
        200
        """
        if self.behind is None:
            self.behind = [0] * len(self.stacks)
        kept = self.stacks[seat]
        self.behind[seat] += kept
        self.stacks[seat] = 0
        return kept

    def return_uncalled(self) -> tuple[int, int] | None:
        """Give the uncalled bet back to its owner; return ``(seat, chips)`` or None.

        The uncalled bet is what the largest bettor put in above the
        second-largest bet of the hand, folded players' included
        (:func:`omaha.pots.uncalled_bet`; antes are never a bet).
        """
        returned = uncalled_bet(self.wagers)
        if returned is not None:
            seat, chips = returned
            self.contributions[seat] -= chips
            self.wagers[seat] -= chips
            self.bets[seat] -= chips
            self.stacks[seat] += chips
        return returned

    def end_street(self) -> None:
        """Clear the street's bets (they stay in the contributions)."""
        self.bets = [0] * len(self.bets)

    def all_in(self) -> list[bool]:
        """Whether each seat has no chips behind."""
        return [stack == 0 for stack in self.stacks]

    def pay(self, settlement: Settlement) -> None:
        """Hand out the middle as settled: what was returned, then each pot's payouts.

        Afterwards the middle is empty and the chips kept behind a cap are
        back in the stacks; the chips the settlement does not pay out (the
        rake) leave the table.
        """
        stacks = self.stacks
        for seat, chips in settlement.payouts.items():
            stacks[seat] += chips
        if self.behind is not None:
            self.stacks = stacks = [s + b for s, b in zip(stacks, self.behind, strict=True)]
            self.behind = None
        n = len(stacks)
        self.bets = [0] * n
        self.contributions = [0] * n
        self.wagers = [0] * n
        self.dead = 0

    def copy_state(self) -> tuple[object, ...]:
        """Return a copy of every field (for snapshots in tests)."""
        return (
            tuple(self.stacks),
            tuple(self.bets),
            tuple(self.contributions),
            tuple(self.wagers),
            self.dead,
            self.house,
            None if self.behind is None else tuple(self.behind),
        )
