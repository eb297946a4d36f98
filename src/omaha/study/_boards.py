"""Every flop of a heads-up spot counted board by board (the compiled :mod:`omaha._flops`).

One known 4-card hand against one range (or one other hand): each
complete board is evaluated once, for its 10 flops, instead of once per
(flop, turn and river), and only one board per orbit of the spot's suit
group (see the comment at the top of ``_flops.pyx``). :func:`board_rows`
gives the same rows, integer for integer, as
:func:`omaha.study.flops.flop_rows` on the flops of
:func:`omaha.study.flops.flops_of`; :func:`board_part` counts the boards
of some first cards, so that the work can be split (:mod:`omaha.dask`) and
the parts added.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from omaha import _flops
from omaha.equities import _N_OUT
from omaha.study._spot import Counts, Players, _counts, suit_group

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["BoardPlan", "board_part", "board_plan", "board_rows", "board_tasks"]

_CLASSES = 12  # the hand's high against the other's (3) x the lows (4): _flops.pyx


@dataclass(frozen=True)
class BoardPlan:
    """What the compiled count needs, read once from the players (picklable)."""

    hero: tuple[int, ...]
    """The known hand's 4 codes."""
    hero_index: int
    """Its player index (0 or 1)."""
    combos: npt.NDArray[np.uint8]
    """The other player's combinations, ``(c, 4)`` codes (one row for a hand)."""
    weights: npt.NDArray[np.int64]
    """Their integer weights (the percents of ``Players``; 1 for a hand)."""
    ranged: bool
    """True when the other player is a range."""
    deck: tuple[int, ...]
    """The codes boards are dealt from, ascending: every card not known."""
    perms: tuple[tuple[int, ...], ...]
    """The spot's suit group (:func:`omaha.study._spot.suit_group`)."""
    flop_row: npt.NDArray[np.int32]
    """Per flop (colex index of its codes): the row of its orbit, -1 off the deck."""
    hilo: bool
    rows: int
    """The number of flops (rows) of :func:`omaha.study.flops.flops_of`."""


def _colex3(x: Any, y: Any, z: Any) -> Any:
    """Return the colex index of the 3-sets ``x < y < z`` (ints or int arrays)."""
    return x + y * (y - 1) // 2 + z * (z - 1) * (z - 2) // 6


def board_plan(
    players: Players, flops: Sequence[tuple[tuple[int, ...], int]], hands_too: bool = False
) -> BoardPlan | None:
    """Return the plan of the board-centred count, or None when it does not apply.

    It applies to two players of 4 hole cards, one of them known, the other
    a range (or known too, with ``hands_too``: no faster than counting each
    flop); ``flops`` must be :func:`omaha.study.flops.flops_of` of ``players``.
    """
    import numpy as np

    holes = players.parsed.holes
    if players.n != 2 or players.size != 4 or all(h is None for h in holes):
        return None
    if not hands_too and all(h is not None for h in holes):
        return None  # hand against hand: as fast per flop (docs/performance.md)
    hero_index = 0 if holes[0] is not None else 1
    other = 1 - hero_index
    hero = holes[hero_index]
    assert hero is not None
    if holes[other] is not None:
        combos = np.array([holes[other]], dtype=np.uint8)
        weights = np.ones(1, dtype=np.int64)
    else:
        combo_holes, _, pct = players.ranges[other]
        combos = np.ascontiguousarray(combo_holes, dtype=np.uint8)
        weights = np.ascontiguousarray(pct, dtype=np.int64)
    perms = tuple(tuple(p) for p in suit_group(players))
    flop_row = np.full(22100, -1, dtype=np.int32)
    for row, (flop, _) in enumerate(flops):
        for perm in perms:
            x, y, z = sorted(4 * (c >> 2) + perm[c & 3] for c in flop)
            flop_row[_colex3(x, y, z)] = row
    deck = tuple(c for c in range(52) if not players.known >> c & 1)
    return BoardPlan(
        tuple(hero),
        hero_index,
        combos,
        weights,
        holes[other] is None,
        deck,
        perms,
        flop_row,
        players.hilo,
        len(flops),
    )


def board_tasks(plan: BoardPlan, parts: int) -> list[tuple[int, int]]:
    """Cut the boards into at most ``parts`` tasks ``(first, last)`` of about equal work.

    A task holds the boards whose lowest card is ``deck[first:last]``
    (their count falls with the card's place: one card is never split).
    """
    nd = len(plan.deck)
    work = [math.comb(nd - 1 - i, 4) for i in range(max(nd - 4, 0))]
    total = sum(work)
    out: list[tuple[int, int]] = []
    first, done = 0, 0
    for i, w in enumerate(work):
        done += w
        if done * parts >= total * (len(out) + 1) or i == len(work) - 1:
            out.append((first, i + 1))
            first = i + 1
    return out


def board_part(plan: BoardPlan, first: int, last: int) -> npt.NDArray[np.int64]:
    """Return the class totals (``rows x 12``, flattened) of the boards of one task.

    The parts of any split of ``0..len(deck) - 4`` add up to the whole
    count; :func:`board_rows` turns the sum into rows.
    """
    import numpy as np

    acc = np.zeros(plan.rows * _CLASSES, dtype=np.int64)
    _flops.board_classes(
        plan.hero,
        plan.combos,
        plan.weights,
        plan.deck,
        plan.perms,
        plan.flop_row,
        plan.hilo,
        first,
        last,
        acc,
        threading.current_thread() is threading.main_thread(),
    )
    return acc


def _class_cells() -> npt.NDArray[np.int64]:
    """Per class: 1 in the count cell of each player (the hand first, 2 x N_OUT cells)."""
    import numpy as np

    cells = np.zeros((_CLASSES, 2 * _N_OUT), dtype=np.int64)
    highs = ((0, 1), (2, 2), (1, 0))  # hand lower, equal, higher: (hand, other) high code
    lows = ((11, 11), (1, 0), (0, 1), (2, 2))  # no low, hand's, other's, shared
    for hc, (h0, h1) in enumerate(highs):
        for lc, (j0, j1) in enumerate(lows):
            cells[4 * hc + lc, h0 * 12 + j0] = 1
            cells[4 * hc + lc, _N_OUT + h1 * 12 + j1] = 1
    return cells


def _flop_weights(plan: BoardPlan, flops: Sequence[tuple[tuple[int, ...], int]]) -> list[int]:
    """Per flop: the summed weights of the combinations that avoid it."""
    import numpy as np

    if not plan.ranged:
        return [1] * len(flops)
    w = plan.weights
    cards = np.sort(plan.combos.astype(np.int64), axis=1)
    s1 = np.zeros(52, dtype=np.int64)
    s2 = np.zeros((52, 52), dtype=np.int64)
    s3 = np.zeros(22100, dtype=np.int64)
    for i in range(4):
        np.add.at(s1, cards[:, i], w)
        for j in range(i + 1, 4):
            np.add.at(s2, (cards[:, i], cards[:, j]), w)
            for k in range(j + 1, 4):
                np.add.at(s3, _colex3(cards[:, i], cards[:, j], cards[:, k]), w)
    f = np.sort(np.array([flop for flop, _ in flops], dtype=np.int64).reshape(-1, 3), axis=1)
    x, y, z = f[:, 0], f[:, 1], f[:, 2]
    # Inclusion-exclusion over the flop's cards.
    out = (
        int(w.sum()) - s1[x] - s1[y] - s1[z] + s2[x, y] + s2[x, z] + s2[y, z] - s3[_colex3(x, y, z)]
    )
    return [int(v) for v in out.tolist()]


def board_rows(
    players: Players,
    plan: BoardPlan,
    flops: Sequence[tuple[tuple[int, ...], int]],
    acc: npt.NDArray[np.int64],
) -> list[tuple[tuple[int, ...], int, Counts]]:
    """Turn the summed class totals of every board into the rows of ``flop_rows``.

    Each row's totals are divided by its flop's orbit size (``weight``).

    Raises
    ------
    AssertionError
        A total that the weight does not divide, or whose sum is not the
        flop's deals (a broken count).
    """
    import numpy as np

    classes = acc.reshape(plan.rows, _CLASSES)
    cells = classes @ _class_cells()
    if plan.hero_index == 1:
        cells = np.concatenate([cells[:, _N_OUT:], cells[:, :_N_OUT]], axis=1)
    cells = np.ascontiguousarray(cells)
    nd = len(plan.deck)
    runouts = math.comb(nd - 3 - (4 if plan.ranged else 0), 2)
    out = []
    for row, ((flop, weight), combos) in enumerate(
        zip(flops, _flop_weights(plan, flops), strict=True)
    ):
        if not combos:
            continue
        total = int(classes[row].sum())
        deals = combos * runouts
        if total % weight or total // weight != deals or (cells[row] % weight).any():
            raise AssertionError(f"flop {flop}: {total} counts for {deals} deals x {weight}")
        out.append((flop, weight, _counts(cells[row] // weight, players.n, deals)))
    return out


def count_boards(
    players: Players,
    plan: BoardPlan,
    flops: Sequence[tuple[tuple[int, ...], int]],
    on_task: Callable[[int], None] | None = None,
) -> list[tuple[tuple[int, ...], int, Counts]]:
    """Count every board in this process, one first card at a time; rows as ``flop_rows``.

    ``on_task(boards)`` is called after each first card with its number of boards.
    """
    import numpy as np

    acc = np.zeros(plan.rows * _CLASSES, dtype=np.int64)
    nd = len(plan.deck)
    for first in range(max(nd - 4, 0)):
        acc += board_part(plan, first, first + 1)
        if on_task is not None:
            on_task(math.comb(nd - 1 - first, 4))
    return board_rows(players, plan, flops, acc)
