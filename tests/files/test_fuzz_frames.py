"""A seeded fuzzer of odd frames for omaha.evaluate_frame: the right result or an OmahaError.

Frames of every kind the function takes (pandas with object, string and
categorical columns; pyarrow Tables and RecordBatches with string, large
string and dictionary columns; polars) are filled by a seeded generator
with odd cells: good deals, malformed and duplicated cards, wrong sizes,
``None``, NaN, numbers, bytes, lone surrogates, other scripts, text of
thousands of characters, a column named like a result column, integer card
codes in and out of 0..51. Each frame must, within :data:`TIME_BOUND`,

- with ``errors="coerce"``: give one result row per input row, each either
  the evaluator's own answer for that row (:func:`omaha.evaluate_hi` and
  :func:`omaha.evaluate_lo` on its cells, an independent path) or null with
  a ``reason`` exactly when that answer is an :class:`~omaha.InvalidCardError`;
- with ``errors="raise"``: give the same results, or an ``InvalidCardError``
  when some row is bad;
- or be refused as a whole with an :class:`~omaha.errors.OmahaError` (a
  column of numbers given as card text, a column clash).

Anything else is an escape and fails. A quick run is part of every test
run; the long run is marked ``slow``. Its counts on 2026-12-03: 15,000
frames, 63,813 rows (24,842 evaluated as the scalar evaluator does, 38,971
refused by both), 3,734 frames refused whole, 0 escapes, the slowest 0.15 s.
"""

from __future__ import annotations

import dataclasses
import random
import time
from typing import Any

import pytest

import omaha
from fuzz_scale import scaled
from omaha.errors import InvalidCardError, OmahaError

pd = pytest.importorskip("pandas")
pa = pytest.importorskip("pyarrow")
pl = pytest.importorskip("polars")

TIME_BOUND = 5.0
"""Seconds one frame may take (both error modes); a frame takes milliseconds."""
CARDS = [r + s for r in "23456789TJQKA" for s in "cdhs"]


@dataclasses.dataclass
class Counts:
    """What a run met (rows checked against the scalar evaluator, frames refused whole)."""

    frames: int = 0
    rows: int = 0
    good_rows: int = 0
    bad_rows: int = 0
    refused: int = 0
    escapes: list[str] = dataclasses.field(default_factory=list)
    slowest: float = 0.0


def cell(rng: random.Random, size: int) -> object:
    """A card cell: usually ``size`` distinct cards, sometimes something odd."""
    good = "".join(rng.sample(CARDS, size))
    if rng.random() < 0.75:
        return good
    odd: list[object] = [
        good.lower(),
        " ".join(good[i : i + 2] for i in range(0, len(good), 2)),
        good.replace("T", "10"),
        good[:-2],
        good + good[:2],
        good + "\ud800",
        good[:-1] + "\u0663",
        "",
        None,
        float("nan"),
        rng.randrange(100),
        good.encode(),
        "A" * rng.choice([7, 5000]),
        good[:2] + "Xx" + good[4:],
    ]
    return odd[rng.randrange(len(odd))]


def code_cell(rng: random.Random) -> object:
    return rng.choice([rng.randrange(52)] * 6 + [None, -1, 52, 255, 2**40])


def expected(hole: object, board: object) -> tuple[int, int | None] | None:
    """The scalar evaluator's answer for one row (None: an InvalidCardError)."""
    hole, board = (x.decode("utf-8") if isinstance(x, bytes) else x for x in (hole, board))
    try:
        if not isinstance(hole, str | list | tuple) or not isinstance(board, str | list | tuple):
            return None
        lo = omaha.evaluate_lo(hole, board)
        return omaha.evaluate_hi(hole, board).strength, None if lo is None else lo.strength
    except InvalidCardError:
        return None


def make_frame(rng: random.Random) -> tuple[Any, list[tuple[object, object]]]:
    """A frame of a random kind and its rows as cells (card text, or code lists)."""
    n = rng.randint(0, 12)
    size = rng.choice([4, 4, 5, 6])
    codes = rng.random() < 0.2
    holes: list[Any]
    boards: list[Any]
    if codes:
        holes = [[code_cell(rng) for _ in range(size)] for _ in range(n)]
        boards = [[code_cell(rng) for _ in range(5)] for _ in range(n)]
        data: dict[str, list[object]] = {}
        for k in range(size):
            data[f"hole{k}"] = [h[k] for h in holes]
        for k in range(5):
            data[f"board{k}"] = [b[k] for b in boards]
        rows = list(zip(holes, boards, strict=True))
    else:
        holes = [cell(rng, size) for _ in range(n)]
        boards = [cell(rng, rng.choice([3, 4, 5, 5])) for _ in range(n)]
        data = {"hole": holes, "board": boards}
        rows = list(zip(holes, boards, strict=True))
    if rng.random() < 0.1:
        data[rng.choice(["hi_strength", "lo_name", "id"])] = list(range(n))
    kind = rng.randrange(6)
    try:
        if kind == 0:
            frame = pd.DataFrame({k: pd.Series(v, dtype=object) for k, v in data.items()})
        elif kind == 1:
            frame = pd.DataFrame({k: pd.Series(v, dtype="category") for k, v in data.items()})
        elif kind == 2:
            frame = pd.DataFrame(data)
        elif kind == 3:
            frame = pa.table(data)
        elif kind == 4:
            frame = pa.record_batch(data)
        else:
            frame = pl.DataFrame(data, strict=False)
    except Exception:  # a frame the library itself cannot build: pandas objects hold anything
        frame = pd.DataFrame({k: pd.Series(v, dtype=object) for k, v in data.items()})
    return frame, rows


def _column(out: Any, name: str) -> list[object]:
    if isinstance(out, pa.Table | pa.RecordBatch):
        return list(out.column(name).to_pylist())
    if isinstance(out, pl.DataFrame):
        return list(out[name].to_list())
    return [None if pd.isna(v) else v for v in out[name].tolist()]


def _as_codes(row: tuple[object, object]) -> tuple[object, object]:
    """Code rows as the scalar evaluator takes them: the codes before the first null.

    A code after a null is a gap, which the frame refuses (docs/files.md): the
    row is then given as text that is no cards.
    """
    hole, board = row
    if not isinstance(hole, list) or not isinstance(board, list):
        return hole, board
    return _leading(hole), _leading(board)


def _leading(codes: list[object]) -> object:
    cut = codes.index(None) if None in codes else len(codes)
    return codes[:cut] if all(v is None for v in codes[cut:]) else "a gap"


def check(frame: Any, rows: list[tuple[object, object]], counts: Counts, name: str) -> None:
    counts.frames += 1
    start = time.perf_counter()
    try:
        out = omaha.evaluate_frame(frame, errors="coerce")
        hi = _column(out, "hi_strength")
        lo = _column(out, "lo_strength")
        reasons = _column(out, "reason")
        if len(hi) != len(rows):
            counts.escapes.append(f"{name}: {len(hi)} result rows for {len(rows)}")
        for i, row in enumerate(rows):
            want = expected(*_as_codes(row))
            counts.rows += 1
            if want is None:
                counts.bad_rows += 1
                if reasons[i] is None:
                    counts.escapes.append(f"{name} row {i} {row!r:.80}: accepted, scalar refuses")
            else:
                counts.good_rows += 1
                got = (hi[i], lo[i])
                if reasons[i] is not None or got != want:
                    counts.escapes.append(f"{name} row {i} {row!r:.80}: {got} {reasons[i]}, {want}")
        try:
            raised = omaha.evaluate_frame(frame)
            if any(r is not None for r in reasons) or _column(raised, "hi_strength") != hi:
                counts.escapes.append(f"{name}: errors='raise' gave a result differing")
        except InvalidCardError:
            if all(r is None for r in reasons):
                counts.escapes.append(f"{name}: errors='raise' refused a frame of good rows")
    except OmahaError:
        counts.refused += 1
    except Exception as exc:  # the invariant: nothing else, ever
        counts.escapes.append(f"{name}: {type(exc).__name__}: {exc}"[:300])
    took = time.perf_counter() - start
    counts.slowest = max(counts.slowest, took)
    if took > TIME_BOUND:
        counts.escapes.append(f"{name}: took {took:.1f} s")


def run(seed: int, frames: int) -> Counts:
    rng = random.Random(seed)
    counts = Counts()
    for i in range(frames):
        frame, rows = make_frame(rng)
        check(frame, rows, counts, f"seed {seed} frame {i} ({type(frame).__name__})")
    return counts


def test_fuzz_quick() -> None:
    counts = run(seed=2026, frames=300)
    assert counts.escapes == [], counts.escapes[:10]
    assert counts.good_rows > 400 and counts.bad_rows > 100 and counts.refused > 0


@pytest.mark.slow
def test_fuzz_long() -> None:
    totals = Counts()
    for seed in range(10):
        c = run(seed=seed, frames=scaled(1500))
        for f in ("frames", "rows", "good_rows", "bad_rows", "refused"):
            setattr(totals, f, getattr(totals, f) + getattr(c, f))
        totals.escapes += c.escapes
        totals.slowest = max(totals.slowest, c.slowest)
    print(
        f"\nframe fuzz: {totals.frames} frames, {totals.rows} rows ({totals.good_rows} evaluated "
        f"as the scalar evaluator does, {totals.bad_rows} refused by both), {totals.refused} "
        f"frames refused whole, {len(totals.escapes)} escapes, slowest {totals.slowest:.3f} s"
    )
    assert totals.escapes == [], totals.escapes[:20]
