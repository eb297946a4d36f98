"""The chip ledger: bets, antes and dead money, the uncalled bet, the payout."""

from __future__ import annotations

from omaha.ledger import Ledger, PutIn
from omaha.pots import Pot, PotResult, Settlement


def test_bets_antes_and_dead_money_go_in_their_own_way() -> None:
    ledger = Ledger([100, 100, 5])
    assert ledger.put_in(0, 10, PutIn.ANTE) == 10  # an ante: a contribution, not a bet
    assert ledger.put_in(1, 20) == 20  # a bet
    assert ledger.put_in(2, 30, PutIn.DEAD) == 5  # short: all it has, dead money
    assert ledger.stacks == [90, 80, 0]
    assert ledger.bets == [0, 20, 0]
    assert ledger.contributions == [10, 20, 0]
    assert ledger.wagers == [0, 20, 0]
    assert (ledger.dead, ledger.pot, ledger.total) == (5, 35, 205)


def test_the_uncalled_bet_is_measured_on_bets_alone() -> None:
    # An ante is never a bet (docs/rules.md §4.6): seat 0's 50 ante does not
    # call seat 1's raise to 30; seat 2's 10 does, for 10 of it.
    ledger = Ledger([100, 100, 100])
    ledger.put_in(0, 50, PutIn.ANTE)
    ledger.put_in(1, 30)
    ledger.put_in(2, 10)
    assert ledger.return_uncalled() == (1, 20)
    assert (ledger.stacks, ledger.bets, ledger.contributions) == (
        [50, 90, 90],
        [0, 10, 10],
        [50, 10, 10],
    )
    assert ledger.return_uncalled() is None
    ledger.end_street()
    assert ledger.bets == [0, 0, 0] and ledger.pot == 70


def test_pay_hands_out_the_settlement_and_empties_the_middle() -> None:
    ledger = Ledger([100, 100, 100])
    for seat in range(3):
        ledger.put_in(seat, 10)
    pot = Pot(27, (0, 1, 2))
    settlement = Settlement((PotResult(27, pot.eligible, (2,), (), {2: 27}),), {0: 1}, rake=2)
    ledger.pay(settlement)
    assert ledger.stacks == [91, 90, 117]
    assert (ledger.pot, ledger.total, ledger.bets) == (0, 298, [0, 0, 0])  # the rake left
    assert ledger.copy_state() == ((91, 90, 117), (0, 0, 0), (0, 0, 0), (0, 0, 0), 0, 0, None)


def test_a_cap_keeps_the_chips_above_it_behind_until_the_pay() -> None:
    # docs/rules.md §6.4: capped at 40, a stack of 100 may put in 40; the 60
    # above stay in front of the seat, out of play; a stack of 30 is all in play.
    ledger = Ledger([100, 30, 250], cap=40)
    assert (ledger.stacks, ledger.behind, ledger.at_table) == (
        [40, 30, 40],
        [60, 0, 210],
        [100, 30, 250],
    )
    assert ledger.put_in(0, 50) == 40 and ledger.all_in() == [True, False, False]  # capped
    ledger.put_in(2, 40)
    assert ledger.total == 380 and ledger.at_table == [60, 30, 210]
    pot = Pot(80, (0, 2))
    ledger.pay(Settlement((PotResult(80, pot.eligible, (0,), (), {0: 80}),), {}, rake=0))
    assert (ledger.stacks, ledger.behind, ledger.total) == ([140, 30, 210], None, 380)
