"""phevaluator, a third independent Omaha Hi evaluator, agrees number for number.

phevaluator (test-only dependency) ranks Omaha Hi hands (4 hole cards, 5
board cards) from 1 (a royal flush) to 7,462 (7-5-4-3-2 offsuit), smaller
being stronger, and uses the same card codes (``4 * rank + suit``, suits
c, d, h, s). So ``strength == 7463 - rank`` must hold exactly, on every deal.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

import omaha

phevaluator = pytest.importorskip("phevaluator")

DECKS = {
    "uniform": list(range(52)),
    "two suits": [c for c in range(52) if c & 3 in (0, 3)],
    "nine ranks": [c for c in range(52) if c >> 2 in (12, 0, 1, 2, 3, 8, 9, 10, 11)],
}
N = {"uniform": 60_000, "two suits": 10_000, "nine ranks": 10_000}


def _deal(
    n: int, deck: list[int], seed: int
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    cards = np.array(deck, np.uint8)
    rng = np.random.default_rng(seed)
    dealt = cards[np.argsort(rng.random((n, len(cards))), axis=1)[:, :9]]
    return np.ascontiguousarray(dealt[:, :4]), np.ascontiguousarray(dealt[:, 4:])


def test_same_card_codes() -> None:
    card = phevaluator.Card
    for code in range(52):
        assert card(omaha.format_cards([code])).id_ == code


@pytest.mark.parametrize("deck", list(DECKS))
def test_hi_equals_phevaluator(deck: str) -> None:
    holes, boards = _deal(N[deck], DECKS[deck], seed=900 + len(deck))
    evaluate = phevaluator.evaluate_omaha_cards
    theirs = np.array(
        [evaluate(*b, *h) for h, b in zip(holes.tolist(), boards.tolist(), strict=True)],
        np.int64,
    )
    ours = omaha.evaluate_hi_batch(holes, boards).astype(np.int64)
    bad = np.nonzero(ours != 7463 - theirs)[0]
    assert bad.size == 0, [
        (omaha.format_cards(holes[i].tolist()), omaha.format_cards(boards[i].tolist()),
         int(ours[i]), int(7463 - theirs[i]))
        for i in bad[:5]
    ]  # fmt: skip
    # The single-hand API on a part of them.
    for i in range(0, len(holes), 97):
        assert omaha.evaluate_hi(holes[i].tolist(), boards[i].tolist()).strength == ours[i]
