"""Percent ranges: the suit classes of holes in the preflop table's order (docs/ranges.md §10).

Percent ranges order the suit-isomorphism classes of holes
(:mod:`omaha._suit_classes`) by decreasing preflop equity, from
:func:`omaha.preflop.class_equity`: the one place the range syntax reads the
preflop table, whose equities are checked here (one finite value per class).
"""

from __future__ import annotations

from math import comb

import numpy as np
import numpy.typing as npt

from omaha import preflop
from omaha._suit_classes import CLASS_COUNTS, canonical_classes
from omaha.errors import PreflopTableError
from omaha.games import GameName

__all__ = ["percent_classes"]


def _checked(equity: npt.NDArray[np.float64], hole_count: int) -> npt.NDArray[np.float64]:
    want = (CLASS_COUNTS[hole_count],)
    if equity.shape != want:
        raise PreflopTableError(
            f"the preflop table gives {equity.shape} equities for {hole_count}-card holes, "
            f"expected one per class {want}"
        )
    if not np.isfinite(equity).all():
        raise PreflopTableError(f"the preflop table for {hole_count}-card holes is not finite")
    return equity


def percent_classes(game: GameName, hole_count: int, lo: int, hi: int) -> npt.NDArray[np.bool_]:
    """Return the classes ranked in ``(lo%, hi%]`` of the preflop order, as a mask by class id.

    Classes are ordered by decreasing :func:`omaha.preflop.class_equity`, ties by
    ascending class id (ascending canonical row). ``N%`` is the shortest
    prefix of whole classes holding at least N% of all ``C(52, hole_count)``
    holes; the result is the ``hi%`` prefix minus the ``lo%`` prefix
    (``0%`` is empty), so ``N%-M%`` is ``percent_classes(game, k, N - 1, M)``.

    Raises
    ------
    PreflopTableError
        If the preflop table cannot order the classes: it does not cover this
        game and hole count, its file is missing or damaged, or it does not
        give one finite equity per class.
    """
    equity = _checked(np.asarray(preflop.class_equity(game, hole_count), np.float64), hole_count)
    _, sizes = canonical_classes(hole_count)
    order = np.argsort(-equity, kind="stable")
    cum100 = np.cumsum(sizes[order]) * 100
    total = comb(52, hole_count)

    def prefix(n: int) -> int:
        return 0 if n == 0 else int(np.searchsorted(cum100, n * total, side="left")) + 1

    mask = np.zeros(len(sizes), bool)
    mask[order[prefix(lo) : prefix(hi)]] = True
    return mask
