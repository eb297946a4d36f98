"""Money the house adds to the main pot (docs/rules.md §4.12), numbers worked by hand.

The source is GGPoker's own history: hand #RC58843003 (PLO $0.01/$0.02,
2021, fpdb-3's test corpus), where a Cash Drop of $0.20 goes into the pot
before the deal. Amounts here are in cents; seat 0 is the button.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from omaha import PotLimit, Table, phh
from omaha.errors import ArgumentError
from omaha.hand import Hand
from omaha.phh.files import loads

_STACKS = [326, 200, 225, 295, 225, 129]


def _cash_drop_hand(house: int = 20) -> tuple[Table, Hand]:
    table = Table(_STACKS, PotLimit(1, 2), button=0)
    holes: list[str | None] = [None] * 6
    holes[4], holes[5] = "2cTcAdKc", "AhAcAs7h"
    return table, table.deal(hole_cards=holes, house=house)


def test_the_house_money_is_in_the_pot_a_pot_raise_is_measured_on() -> None:
    # After the blinds (1, 2) and a raise to 6, the pot is 1 + 2 + 6 + 20 = 29;
    # a pot raise is the call of 6, then the pot of 35: to 41, as the site allowed.
    _, hand = _cash_drop_hand()
    assert hand.pot == 23 and hand.house == 20
    hand.fold()
    hand.raise_to(6)
    assert hand.legal_actions().max_raise_to == 41
    _, without = _cash_drop_hand(0)
    without.fold()
    without.raise_to(6)
    assert without.legal_actions().max_raise_to == 21


def test_the_main_pot_carries_the_house_money_to_its_winner() -> None:
    table, hand = _cash_drop_hand()
    h = hand
    h.fold()
    h.raise_to(6)
    h.raise_to(41)
    for _ in range(3):
        h.fold()
    h.call()
    h.deal_board("Th2hKs")
    h.check()
    h.all_in()
    h.call()
    h.show(seat=5)
    h.show(seat=4)
    h.deal_board("8h")
    h.deal_board("9c")
    result = h.result
    # the players put in 1 + 2 + 129 + 129 = 261; with the 20 the pot is 281 (the
    # site's total pot of $2.81), all won by the aces' flush
    assert [p.amount for p in result.pots] == [281]
    assert h.stacks == (326, 199, 223, 295, 96, 281)
    assert sum(h.stacks) == sum(_STACKS) + 20
    assert tuple(table.stacks) == h.stacks
    # written to PHH and read back: the same hand, the field in the file's units
    text = phh.HandHistory.from_hand(h, scale=100).dumps()
    assert "_house_money = 0.2" in text
    back = phh.replay(loads(text, name="drop.phh"))
    # PHH seats the players from the button's left
    assert back.finishing_stacks == (199, 223, 295, 96, 281, 326)
    assert back.hand.house == 20
    # a file that states less house money cannot have allowed the raise to 0.41
    with pytest.raises(phh.ReplayActionError, match="pot-limit maximum of 31"):
        phh.replay(loads(text.replace("_house_money = 0.2", "_house_money = 0.1"), name="x"))


@pytest.mark.parametrize("bad", [-1, True, 1.5, "20", None])
def test_bad_house_money_is_refused_and_changes_nothing(bad: object) -> None:
    table = Table(list(_STACKS), PotLimit(1, 2))
    before = list(table.stacks)
    with pytest.raises(ArgumentError, match="house must be a non-negative integer"):
        table.deal(seed=1, house=bad)  # type: ignore[arg-type]
    assert list(table.stacks) == before
    table.deal(seed=1)  # the table still deals


@given(
    house=st.integers(0, 10_000),
    stacks=st.lists(st.integers(2, 500), min_size=2, max_size=6),
    seed=st.integers(0, 2**32 - 1),
)
def test_chips_are_conserved_up_to_the_house_money(
    house: int, stacks: list[int], seed: int
) -> None:
    if sum(1 for s in stacks if s) < 2:
        return
    table = Table(stacks, PotLimit(1, 2))
    hand = table.deal(seed=seed, house=house)
    while not hand.is_over:
        if hand.to_act is None:
            break
        legal = hand.legal_actions()
        if legal.can_check:
            hand.check()
        elif legal.can_show:
            hand.show()
        else:
            hand.call()
    assert hand.is_over
    assert sum(hand.stacks) == sum(stacks) + house
    main = hand.result.pots[0]
    assert main.amount >= house
