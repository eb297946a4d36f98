"""Percent ranges: the suit classes of holes in the preflop table's order (docs/ranges.md §10).

Percent ranges order the suit-isomorphism classes of holes
(:mod:`omaha._suit_classes`) by decreasing preflop equity, from
:func:`class_equity`, the one seam between the range syntax and the preflop
equity table (:mod:`omaha.preflop`).
"""

from __future__ import annotations

from math import comb

import numpy as np
import numpy.typing as npt

from omaha import preflop
from omaha._suit_classes import CLASS_COUNTS, canonical_classes
from omaha.errors import PreflopTableError

__all__ = ["class_equity", "percent_classes"]


def class_equity(game: str, hole_count: int) -> npt.NDArray[np.float64]:
    """Return the preflop equity of every class, indexed by class id.

    The equity of a class is the exact equity of one of its holes against
    one uniformly random hole from the other cards, all five board cards to
    come: the Omaha Hi pot share for ``game="hi"``, the Hi-Lo
    (eight-or-better) pot share for ``game="hilo"`` (docs/ranges.md §10).

    This is the one place the range syntax reads the preflop table: it
    calls ``omaha.preflop.class_equity(game, hole_count)``, which must
    return a float64 array of shape ``(CLASS_COUNTS[hole_count],)`` indexed
    by the class ids of :func:`omaha._suit_classes.canonical_classes`, or raise
    :class:`~omaha.errors.PreflopTableError` for a game or hole count it
    does not cover.

    Parameters
    ----------
    game : {"hi", "hilo"}
    hole_count : {4, 5, 6}

    Returns
    -------
    float64 array, shape (C,)
        Equities in [0, 1].

    Raises
    ------
    PreflopTableError
        If the table does not cover this game and hole count, its file is
        missing or damaged, or it does not give one finite equity per class.
    """
    equity = np.asarray(preflop.class_equity(game, hole_count), dtype=np.float64)
    return _checked(equity, hole_count)


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


def percent_classes(game: str, hole_count: int, lo: int, hi: int) -> npt.NDArray[np.bool_]:
    """Return the classes ranked in ``(lo%, hi%]`` of the preflop order, as a mask by class id.

    Classes are ordered by decreasing :func:`class_equity`, ties by
    ascending class id (ascending canonical row). ``N%`` is the shortest
    prefix of whole classes holding at least N% of all ``C(52, hole_count)``
    holes; the result is the ``hi%`` prefix minus the ``lo%`` prefix
    (``0%`` is empty), so ``N%-M%`` is ``percent_classes(game, k, N - 1, M)``.

    Raises
    ------
    PreflopTableError
        If :func:`class_equity` cannot order the classes.
    """
    equity = _checked(np.asarray(class_equity(game, hole_count), np.float64), hole_count)
    _, sizes = canonical_classes(hole_count)
    order = np.argsort(-equity, kind="stable")
    cum100 = np.cumsum(sizes[order]) * 100
    total = comb(52, hole_count)

    def prefix(n: int) -> int:
        return 0 if n == 0 else int(np.searchsorted(cum100, n * total, side="left")) + 1

    mask = np.zeros(len(sizes), bool)
    mask[order[prefix(lo) : prefix(hi)]] = True
    return mask
