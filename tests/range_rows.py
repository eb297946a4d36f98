"""A :class:`omaha.Range`'s holes and weights read as rows: what the range tests
compare with the oracle's answers (tests/range_oracle.py).

Shared by ``tests/ranges/test_ranges.py`` and ``tests/ranges/test_fuzz_ranges.py``.
"""

from __future__ import annotations

import itertools

import numpy as np

from omaha import Range


def row_keys(holes: np.ndarray) -> np.ndarray:
    """One integer per hole (row of ascending codes), ordered as the rows are."""
    keys = np.zeros(len(holes), np.int64)
    for p in range(holes.shape[1]):
        keys = keys * 64 + holes[:, p].astype(np.int64)
    return keys


_ALL: dict[int, np.ndarray] = {}


def all_keys(k: int) -> np.ndarray:
    """The keys of every ``k``-card hole, in lexicographic order (computed once)."""
    if k not in _ALL:
        _ALL[k] = row_keys(np.array(list(itertools.combinations(range(52), k)), np.uint8))
    return _ALL[k]


def dense(r: Range) -> np.ndarray:
    """The weight in percent of every 4-card hole, in lexicographic order (0 = not in r)."""
    keys = all_keys(4)
    idx = np.searchsorted(keys, row_keys(r.holes))
    assert (keys[idx] == row_keys(r.holes)).all()
    out = np.zeros(len(keys), np.int64)
    out[idx] = np.rint(r.weights * 100).astype(np.int64)
    return out


def weights_of(r: Range, holes: list[tuple[int, ...]]) -> list[int]:
    """The weight in percent of each given hole in r (0 = not in r)."""
    rk = row_keys(r.holes)
    q = row_keys(np.array(holes, np.uint8).reshape(len(holes), r.hole_count))
    at = np.minimum(np.searchsorted(rk, q), max(len(rk) - 1, 0))
    hit = (rk[at] == q) if len(rk) else np.zeros(len(q), bool)
    w = np.rint(r.weights * 100).astype(np.int64) if len(rk) else np.zeros(0, np.int64)
    return [int(w[a]) if h else 0 for a, h in zip(at, hit, strict=True)]
