"""omaha.equity's exact shares against PokerKit's Monte Carlo equity
(test-only oracle): they agree within 4 of PokerKit's standard errors."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

import pytest

from omaha.equities import PlayerEquity, equity

pokerkit = pytest.importorskip("pokerkit")


@pytest.fixture
def seeded_random() -> Iterator[None]:
    """PokerKit samples with the global ``random``: seed it, then restore it."""
    state = random.getstate()
    random.seed(20240601)
    yield
    random.setstate(state)


def _share_sd(p: PlayerEquity) -> float:
    """Standard deviation of one deal's pot share, from exact outcome counts."""
    total = sum(p.outcomes.values())
    m1 = m2 = 0.0
    for (high, low), count in p.outcomes.items():
        x = 0.0
        if high:
            x += 1 / high if low is None else 1 / (2 * high)
        if low:
            x += 1 / (2 * low)
        m1 += count * x / total
        m2 += count * x * x / total
    return math.sqrt(max(m2 - m1 * m1, 0.0))


@pytest.mark.parametrize(
    ("holes", "board", "game", "samples"),
    [
        (["AhAsKhKs", "JdTd9c8c"], "Qh7h2c", "hi", 600),
        (["As2sKd3h", "Ac4cQhJh"], "5d8s9c", "hilo", 500),
        (["As2sKd3h", "Ac4cQhJh", "7c6c5d4d"], "", "hilo", 300),
    ],
)
@pytest.mark.usefixtures("seeded_random")
def test_agrees_with_pokerkit(holes: list[str], board: str, game: str, samples: int) -> None:
    from pokerkit import (
        Card,
        Deck,
        OmahaEightOrBetterLowHand,
        OmahaHoldemHand,
        calculate_equities,
    )

    ours = equity(holes, board, game=game, method="exact")  # type: ignore[arg-type]
    hand_types = (
        (OmahaHoldemHand,) if game == "hi" else (OmahaHoldemHand, OmahaEightOrBetterLowHand)
    )
    theirs = calculate_equities(
        [[list(Card.parse(h))] for h in holes],
        list(Card.parse(board)) if board else [],
        4,
        5,
        Deck.STANDARD,
        hand_types,
        sample_count=samples,
    )
    for p, estimate in zip(ours, theirs, strict=True):
        se = _share_sd(p) / math.sqrt(samples)
        assert abs(estimate - p.equity) <= 4 * se + 1e-9, (p.equity, estimate, se)
