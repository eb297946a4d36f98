"""Build the exact preflop table: every 4-card class against one random hole.

Private helper of :mod:`omaha.preflop` (``python -m omaha.preflop build``).

What is computed. For every suit-isomorphism class of 4-card holes (16,432;
:func:`omaha._suit_classes.canonical_classes`), the pot share of one of its
holes against one hole drawn uniformly from the other 48 cards, over every
5-card board from the 44 cards left: ``C(48, 5) * C(43, 4) =
211,315,436,640`` deals per hole, Omaha Hi and Hi-Lo (eight or better).

How. The boards are visited by suit-isomorphism class too (134,459 classes
of 5-card sets, :func:`~omaha._suit_classes.canonical_classes` with 5): for
one representative board ``B`` the compiled kernel
:func:`omaha._equity.preflop_shares` scores every hole ``h`` avoiding ``B``
against every hole avoiding both (inclusion-exclusion over ``h``'s cards
turns "avoiding ``h``" into counts by card, pair and triple). Relabelling
the suits maps boards and holes together, so the sum over the ``|[B]|``
boards of ``B``'s class of a hole's shares equals ``|[B]| / |[h]|`` times
the sum of the shares of the holes of ``h``'s class on ``B`` itself. Adding
``|[B]|`` times each hole's shares on ``B`` to its class and dividing by the
class size at the end gives each class's exact total, in half deals (Hi)
and quarter deals (Hi-Lo): integers. Two identities are checked before the
table is written: every class total divides by its size, and the totals of
all holes add up to ``270,725 * 211,315,436,640`` half deals (Hi) and twice
that in quarter deals (Hi-Lo), since the two players' shares of a deal add
up to the pot.

The work is a sum over board classes, in chunks that can run anywhere in
any order (:func:`chunk_shares`; a Dask cluster can map them); a run on one
machine writes a checkpoint after each chunk and resumes from it. One core
takes about 20 minutes (8 ms per board class).
"""

from __future__ import annotations

import hashlib
import os
import struct
import sys
import time
import zlib
from math import comb
from pathlib import Path

import numpy as np
import numpy.typing as npt

from omaha import _equity, _holes, _suit_classes

__all__ = ["DEALS", "MAGIC", "build", "chunk_shares", "decode", "encode", "inputs_digest"]

HOLE_COUNT = 4
DEALS = comb(48, 5) * comb(43, 4)
"""Deals per hole: every board from the 48 other cards, every opponent hole after it."""
MAGIC = b"OMAHAPF1"
_HEADER = struct.Struct("<8sIIQ32s")

Shares = tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]


class _Inputs:
    """The board classes, the holes and their class ids (built once)."""

    def __init__(self) -> None:
        self.boards, sizes = _suit_classes.canonical_classes(5)
        self.weights = sizes.astype(np.int64)
        (block,) = _holes.hole_blocks(HOLE_COUNT)
        self.holes = np.ascontiguousarray(block.codes)
        self.slots = np.ascontiguousarray(_suit_classes.class_ids(block), dtype=np.int32)
        self.rows, self.sizes = _suit_classes.canonical_classes(HOLE_COUNT)


_INPUTS: list[_Inputs] = []


def _inputs() -> _Inputs:
    if not _INPUTS:
        _INPUTS.append(_Inputs())
    return _INPUTS[0]


def inputs_digest() -> str:
    """Return a SHA-256 of the class definitions the table is indexed by."""
    got = _inputs()
    h = hashlib.sha256()
    for arr in (got.rows, got.sizes, got.boards, got.weights):
        h.update(np.ascontiguousarray(arr).tobytes())
    return h.hexdigest()


def chunk_shares(first: int, last: int) -> Shares:
    """Return the class totals contributed by board classes ``first..last-1``.

    Parameters
    ----------
    first, last : int
        A slice of the 134,459 board classes.

    Returns
    -------
    hi, hilo : int64 arrays, shape (16432,)
        Per hole class, the sum over its holes and those boards (each board
        class counted ``|[B]|`` times) of the pot share against one random
        hole: in half deals (Hi) and quarter deals (Hi-Lo). Chunks add up.
    """
    got = _inputs()
    n = len(got.sizes)
    hi = np.zeros(n, np.int64)
    hilo = np.zeros(n, np.int64)
    _equity.preflop_shares(
        np.ascontiguousarray(got.boards[first:last]),
        np.ascontiguousarray(got.weights[first:last]),
        got.holes,
        got.slots,
        hi,
        hilo,
    )
    return hi, hilo


def _finish(hi: npt.NDArray[np.int64], hilo: npt.NDArray[np.int64]) -> Shares:
    """Check the identities and divide the class totals by the class sizes."""
    sizes = _inputs().sizes
    total = comb(52, HOLE_COUNT) * DEALS
    if int(hi.sum(dtype=object)) != total or int(hilo.sum(dtype=object)) != 2 * total:
        raise RuntimeError("the class totals do not add up to the pot: the table is wrong")
    if (hi % sizes).any() or (hilo % sizes).any():
        raise RuntimeError("a class total does not divide by its size: the table is wrong")
    return hi // sizes, hilo // sizes


def encode(hi: npt.NDArray[np.int64], hilo: npt.NDArray[np.int64]) -> bytes:
    """Return the table file: per class, Hi half deals and Hi-Lo quarter deals.

    The file is zlib data (level 9) of a header (magic, hole count, class
    count, deals per hole, the SHA-256 of the class rows) followed by the
    two arrays as little-endian uint64: the same bytes for the same table.
    """
    rows = _inputs().rows
    header = _HEADER.pack(
        MAGIC, HOLE_COUNT, len(hi), DEALS, hashlib.sha256(rows.tobytes()).digest()
    )
    body = hi.astype("<u8").tobytes() + hilo.astype("<u8").tobytes()
    return zlib.compress(header + body, 9)


def decode(data: bytes, rows: npt.NDArray[np.uint8]) -> tuple[int, Shares]:
    """Read a table file made by :func:`encode`; check it against the class rows.

    Returns
    -------
    deals : int
        Deals per hole.
    hi, hilo : int64 arrays
        Per class, Hi half deals and Hi-Lo quarter deals.

    Raises
    ------
    ValueError
        If the data is not such a file or was made for other classes.
    """
    try:
        raw = zlib.decompress(data)
        magic, k, n, deals, digest = _HEADER.unpack_from(raw)
    except (zlib.error, struct.error) as exc:
        raise ValueError(f"not a preflop table file ({exc})") from None
    if magic != MAGIC or k != rows.shape[1] or n != len(rows):
        raise ValueError("not a preflop table for these classes")
    if digest != hashlib.sha256(rows.tobytes()).digest():
        raise ValueError("the preflop table was built for other class rows")
    body = np.frombuffer(raw, "<u8", offset=_HEADER.size)
    if body.shape != (2 * n,):
        raise ValueError("the preflop table is truncated")
    return deals, (body[:n].astype(np.int64), body[n:].astype(np.int64))


def build(
    out: Path, checkpoint: Path | None = None, chunk: int = 1024, progress: bool = True
) -> float:
    """Compute the exact table and write it to ``out``; return the seconds taken.

    Parameters
    ----------
    out : Path
        The table file to write (:func:`encode`).
    checkpoint : Path, optional
        Where to keep the running totals after each chunk (NumPy ``.npz``);
        a run finds it and goes on from there. Removed once ``out`` is
        written.
    chunk : int, default 1024
        Board classes per chunk (about 8 s of work each).
    progress : bool, default True
        A progress bar on stderr.
    """
    start = time.perf_counter()
    got = _inputs()
    digest = inputs_digest()
    nboards = len(got.boards)
    hi = np.zeros(len(got.sizes), np.int64)
    hilo = np.zeros(len(got.sizes), np.int64)
    done = 0
    if checkpoint is not None and checkpoint.exists():
        with np.load(checkpoint) as saved:
            if str(saved["digest"]) != digest:
                raise ValueError(f"{checkpoint} was written for other inputs: remove it")
            done, hi, hilo = int(saved["done"]), saved["hi"].copy(), saved["hilo"].copy()
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=nboards, initial=done, unit="boards", file=sys.stderr, desc="preflop")
    try:
        while done < nboards:
            first, last = done, min(done + chunk, nboards)
            part_hi, part_hilo = chunk_shares(first, last)
            hi += part_hi
            hilo += part_hilo
            done = last
            if checkpoint is not None:
                tmp = checkpoint.with_name(checkpoint.name + ".tmp.npz")
                np.savez(tmp, digest=np.array(digest), done=np.array(done), hi=hi, hilo=hilo)
                os.replace(tmp, checkpoint)
            if bar is not None:
                bar.update(last - first)
    finally:
        if bar is not None:
            bar.close()
    per_hi, per_hilo = _finish(hi, hilo)
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_bytes(encode(per_hi, per_hilo))
    os.replace(tmp, out)
    if checkpoint is not None and checkpoint.exists():
        checkpoint.unlink()
    return time.perf_counter() - start
