"""The streets of a hand, in order."""

from __future__ import annotations

import pytest

from omaha.streets import STREET_NAMES, Street, after_board


def test_streets_in_order_with_their_text_and_board_cards() -> None:
    assert list(Street) == sorted(Street)
    assert [s.label for s in Street] == list(STREET_NAMES)
    assert [s.board_cards for s in Street] == [0, 3, 1, 1, 0, 0]
    assert [s for s in Street if s.is_betting] == [
        Street.PREFLOP,
        Street.FLOP,
        Street.TURN,
        Street.RIVER,
    ]
    assert [s.next for s in Street] == [*list(Street)[1:], Street.OVER]


def test_the_street_after_a_board() -> None:
    assert [after_board(n) for n in (0, 3, 4, 5)] == list(Street)[:4]
    with pytest.raises(ValueError, match="not 2"):
        after_board(2)
