"""The compiled 60-combination selection over arrays, for tests only.

``omaha.select_batch`` takes the value from the tables and searches for the
cards; this path tries all 60 selections of every row, so the tests can hold
the two (and the batch kernels) to each other.
"""

from __future__ import annotations

from typing import NamedTuple, cast

import numpy as np

from omaha import HighHand, LowHand, _eval


class Selections60(NamedTuple):
    hi_strength: np.ndarray
    hi_cards: np.ndarray
    """Two hole cards then three board cards, each ascending."""
    lo_strength: np.ndarray
    lo_cards: np.ndarray
    """As ``hi_cards``; 255 where there is no low."""


def select60(holes: np.ndarray, boards: np.ndarray) -> Selections60:
    h = np.ascontiguousarray(holes, np.uint8)
    b = np.ascontiguousarray(boards, np.uint8)
    n = h.shape[0]
    out = Selections60(
        np.empty(n, np.uint16), np.empty((n, 5), np.uint8),
        np.empty(n, np.uint8), np.empty((n, 5), np.uint8),
    )  # fmt: skip
    assert _eval.select60_batch(h, b, *out) == -1
    return out


def hi_ranking(strength: int, cards: list[int]) -> list[int]:
    """The cards of a high hand in ranking order, by HighHand.cards (plain Python)."""
    return list(cast(HighHand, _eval._rebuild(HighHand, 0, strength, bytes(cards))).cards)


def lo_ranking(strength: int, cards: list[int]) -> list[int]:
    """The cards of a low in ranking order, by LowHand.cards (plain Python)."""
    return list(cast(LowHand, _eval._rebuild(LowHand, 1, strength, bytes(cards))).cards)
