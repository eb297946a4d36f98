"""Every hole as rows of card codes and as bitmaps: the blocks ranges are matched over.

All ``C(52, k)`` holes of ``k`` cards (rows of ascending card codes, rows in
lexicographic order) form a *block*; for each hole position ``p`` the block
holds one bitmap per rank and per suit (bit ``i`` set when row ``i`` has
that rank or suit at position ``p``) and, for each pair of positions, the
bitmaps "same rank" and "same suit". The range matcher
(:mod:`omaha.ranges._matching`), the suit classes (:mod:`omaha._suit_classes`)
and the preflop table's build read them.

Blocks of 4- and 5-card holes are built on first use and kept (about 4 MB
and 54 MB); 6-card holes (20,358,520) are processed in chunks of about two
million rows, built and dropped one at a time.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from math import comb

import numpy as np
import numpy.typing as npt

__all__ = ["ALL_CARDS", "Bits", "Block", "all_holes", "hole_blocks", "hole_chunks", "hole_index"]

ALL_CARDS = (1 << 52) - 1
"""The card set of all 52 cards (bit ``code`` set for each card)."""
_CHUNK_ROWS = 1 << 21

Bits = npt.NDArray[np.uint64]
"""A packed bitmap over the rows of a block (bit order of :func:`numpy.packbits`)."""

_LOCK = threading.Lock()
_HOLES: dict[int, npt.NDArray[np.uint8]] = {}
_BLOCKS: dict[int, Block] = {}


# ------------------------------------------------------------- the holes


def _first_offsets(k: int) -> list[int]:
    """``off[c]``: the number of ``k``-holes whose first card is below ``c`` (c = 0..52)."""
    off = [0]
    for c in range(52):
        off.append(off[-1] + (comb(51 - c, k - 1) if c <= 52 - k else 0))
    return off


_OFFSETS = {k: _first_offsets(k) for k in range(1, 7)}


def all_holes(k: int) -> npt.NDArray[np.uint8]:
    """Return every ``k``-card hole (k = 1..5), one row of ascending codes each.

    Rows are in lexicographic order, so row ``i`` is the hole whose
    :func:`hole_index` is ``i``. The array is built once and shared: do not
    write to it.
    """
    holes = _HOLES.get(k)
    if holes is not None:
        return holes
    if k == 1:
        holes = np.arange(52, dtype=np.uint8).reshape(52, 1)
    else:
        prev = all_holes(k - 1)
        off = _OFFSETS[k - 1]
        holes = np.empty((comb(52, k), k), np.uint8)
        row = 0
        for c0 in range(53 - k):
            tail = prev[off[c0 + 1] :]  # the (k-1)-holes above c0: a suffix
            holes[row : row + len(tail), 0] = c0
            holes[row : row + len(tail), 1:] = tail
            row += len(tail)
    holes.setflags(write=False)
    with _LOCK:
        return _HOLES.setdefault(k, holes)


def hole_index(codes: Sequence[int]) -> int:
    """Return the row of a hole (distinct codes, ascending) in the lexicographic enumeration."""
    k = len(codes)
    if k == 1:
        return int(codes[0])
    c0 = int(codes[0])
    return _OFFSETS[k][c0] + hole_index(codes[1:]) - _OFFSETS[k - 1][c0 + 1]


class Block:
    """Rows of holes with the bitmaps the matcher reads.

    Parameters
    ----------
    codes : uint8 array, shape (n, k)
        The holes, ascending codes per row.
    start : int
        The index of the first row in the enumeration of all holes.

    Attributes
    ----------
    class_ids : int32 array of shape (n,), or None
        The suit-isomorphism class of each row, set by :func:`evaluate`
        when a percent range needs it.
    """

    def __init__(self, codes: npt.NDArray[np.uint8], start: int = 0) -> None:
        n, k = codes.shape
        self.codes = codes
        self.start = start
        self.n = n
        self.k = k
        self.words = -(-n // 64)
        self.ones = self.pack(np.ones(n, bool))
        ranks = [np.ascontiguousarray(codes[:, p]) >> 2 for p in range(k)]
        suits = [np.ascontiguousarray(codes[:, p]) & 3 for p in range(k)]
        self.rank = [[self.pack(col == r) for r in range(13)] for col in ranks]
        self.suit = [[self.pack(col == s) for s in range(4)] for col in suits]
        self.same_rank: dict[tuple[int, int], Bits] = {}
        self.same_suit: dict[tuple[int, int], Bits] = {}
        self.diff_rank: dict[tuple[int, int], Bits] = {}
        self.diff_suit: dict[tuple[int, int], Bits] = {}
        for p in range(k):
            for q in range(p + 1, k):
                for same, diff, cols in (
                    (self.same_rank, self.diff_rank, ranks),
                    (self.same_suit, self.diff_suit, suits),
                ):
                    eq = cols[p] == cols[q]
                    same[p, q] = same[q, p] = self.pack(eq)
                    diff[p, q] = diff[q, p] = self.pack(~eq)
        self.class_ids: npt.NDArray[np.int32] | None = None

    def pack(self, mask: npt.NDArray[np.bool_]) -> Bits:
        """Return ``mask`` (bool, shape (n,)) as a packed bitmap of ``words`` words."""
        out = np.zeros(self.words * 8, np.uint8)
        out[: (self.n + 7) // 8] = np.packbits(mask)
        return out.view(np.uint64)

    def unpack(self, bits: Bits) -> npt.NDArray[np.uint8]:
        """Return a packed bitmap as 0/1 per row (uint8, shape (n,))."""
        return np.unpackbits(bits.view(np.uint8), count=self.n)

    def zeros(self) -> Bits:
        """Return an empty bitmap."""
        return np.zeros(self.words, np.uint64)


def hole_chunks(k: int) -> Iterator[tuple[npt.NDArray[np.uint8], int]]:
    """Yield ``(codes, start)``: all ``k``-card holes in order, in pieces (one for k <= 5).

    ``start`` is the index of the piece's first row among all holes. For 6
    cards a piece is the holes whose first card is in a range ``[lo, hi)``,
    about two million rows; the generator keeps no array between pieces.
    """
    if k <= 5:
        yield all_holes(k), 0
        return
    off5, off6 = _OFFSETS[5], _OFFSETS[6]
    lo = 0
    while lo < 47:
        hi = lo + 1
        while hi < 47 and off6[hi + 1] - off6[lo] <= _CHUNK_ROWS:
            hi += 1
        yield _six_chunk(lo, hi, off5), off6[lo]
        lo = hi


def hole_blocks(k: int) -> Iterator[Block]:
    """Yield blocks covering all ``k``-card holes in order (one block, kept, for k <= 5)."""
    if k <= 5:
        block = _BLOCKS.get(k)
        if block is None:
            block = Block(all_holes(k))
            with _LOCK:
                block = _BLOCKS.setdefault(k, block)
        yield block
        return
    for codes, start in hole_chunks(k):
        yield Block(codes, start)
        del codes  # one chunk at a time


def _six_chunk(lo: int, hi: int, off5: list[int]) -> npt.NDArray[np.uint8]:
    """Return the 6-card holes whose first card is in ``[lo, hi)``, in order."""
    five = all_holes(5)
    rows = sum(len(five) - off5[c0 + 1] for c0 in range(lo, hi))
    codes = np.empty((rows, 6), np.uint8)
    row = 0
    for c0 in range(lo, hi):
        tail = five[off5[c0 + 1] :]  # the 5-holes above c0: a suffix
        codes[row : row + len(tail), 0] = c0
        codes[row : row + len(tail), 1:] = tail
        row += len(tail)
    return codes
