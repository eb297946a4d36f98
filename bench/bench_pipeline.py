"""Pipeline benchmarks: ``omaha eval`` and ``evaluate_frame`` against the kernel, same deals.

Each round evaluates the same 1,000,000 random deals (4 hole cards, a 5-card
board) on one thread:

- ``kernel``: the in-process Hi + Lo batch (``evaluate_hi_batch`` and
  ``evaluate_lo_batch`` on the code arrays): the ceiling;
- ``omaha eval`` CSV -> CSV and Parquet -> Parquet, every default column,
  files on disk (the page cache), through the command's ``main``: each
  round writes a new file (the last round's is removed before it, untimed),
  and, for CSV, also over the existing output, which costs the freeing of
  the file it replaces;
- ``evaluate_frame`` on a pandas frame of card strings;
- ``parquet_writer_alone``: the same results written to Parquet by the
  command's writer (pyarrow's ``ParquetWriter``, which encodes a file on
  one thread) with nothing evaluated: the ceiling of Parquet -> Parquet;
- ``omaha eval`` CSV -> CSV.gz at the default (fastest) gzip level;
- two ratios, each from alternate rounds in one process (the head-to-head
  lines of the summary): CSV -> CSV with two short pass-through columns
  (``id`` like ``h123``, ``site`` like ``s3``) against the same rows without
  them (the cost of passing columns through; aim: at most 1.2x), and
  Parquet -> Parquet against the Parquet writer alone on the same results
  (aim: the pipeline at least 0.8 of the writer's speed, a ratio of at
  most 1.25x);
- the same two ratios by the busiest thread's CPU time (``_busiest_thread``):
  a run reads ahead, evaluates and writes behind on three threads, and on
  free cores its wall time is at least that of its busiest thread (a lower
  bound: it leaves out the waits between them, the first chunk read before
  anything is evaluated, the last row group written after). On a loaded
  machine (more runnable threads than cores) the threads take turns and
  the wall-time ratios above approach the ratios of total CPU time; these
  show what the run costs where it can overlap;
- the same two ratios by the floor two cores allow (``_on_two_cores``: the
  larger of the busiest thread's CPU time and the run's total CPU time over
  two cores): no overlap of the threads can bring a run's wall time on this
  machine class under it, so where this ratio misses an aim, two cores
  cannot meet it (docs/performance.md).

The summary prints rows/s and each one's ratio to the kernel. Run::

    pytest bench/bench_pipeline.py --benchmark-only
"""

from __future__ import annotations

import pathlib
import threading
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.csv as pcsv
import pyarrow.parquet as pq
import pytest

import omaha
from omaha.cards import random_deals
from omaha.cli import main

N = 1_000_000
SEED = 7


class Files:
    def __init__(self, root: pathlib.Path) -> None:
        self.holes, self.boards = random_deals(N, 4, 5, seed=SEED)
        hole_text = omaha.format_cards_array(self.holes).astype(str)
        board_text = omaha.format_cards_array(self.boards).astype(str)
        table = pa.table({"hole": hole_text, "board": board_text})
        self.csv = root / "deals.csv"
        pcsv.write_csv(table, self.csv, pcsv.WriteOptions(quoting_style="none"))
        self.parquet = root / "deals.parquet"
        pq.write_table(table, self.parquet)
        rng = np.random.default_rng(SEED)
        passing = pa.table(
            {
                "id": np.char.add("h", np.arange(N).astype(str)),
                "site": np.char.add("s", rng.integers(0, 10, N).astype(str)),
                "hole": hole_text,
                "board": board_text,
            }
        )
        self.csv_passing = root / "deals_passing.csv"
        pcsv.write_csv(passing, self.csv_passing, pcsv.WriteOptions(quoting_style="none"))
        self.frame = table.to_pandas()
        self.out = root


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Files:
    omaha.warmup()
    return Files(tmp_path_factory.mktemp("pipeline"))


def test_kernel_hi_and_lo(measure: Callable[..., Any], files: Files) -> None:
    def run() -> None:
        omaha.evaluate_hi_batch(files.holes, files.boards)
        omaha.evaluate_lo_batch(files.holes, files.boards)

    measure(run, N)


def test_select_batch(measure: Callable[..., Any], files: Files) -> None:
    measure(omaha.select_batch, N, files.holes, files.boards)


ROUNDS = 15
"""Rounds of each ``omaha eval`` benchmark."""


def _eval_rounds(measure: Callable[..., Any], source: pathlib.Path, out: pathlib.Path) -> None:
    """Time ``omaha eval source -o out``, writing a new file each round."""
    measure(
        lambda: main(["eval", str(source), "-o", str(out), "--no-progress"]),
        N,
        rounds=ROUNDS,
        setup=lambda: out.unlink(missing_ok=True),
    )


def test_eval_csv_to_csv(measure: Callable[..., Any], files: Files) -> None:
    out = files.out / "out.csv"
    _eval_rounds(measure, files.csv, out)
    assert out.stat().st_size > 60 * N


def test_eval_csv_to_csv_overwriting(measure: Callable[..., Any], files: Files) -> None:
    out = files.out / "old.csv"
    args = ["eval", str(files.csv), "-o", str(out), "--no-progress"]
    main(args)
    measure(lambda: main(args), N, rounds=ROUNDS)
    assert out.stat().st_size > 60 * N


def test_eval_parquet_to_parquet(measure: Callable[..., Any], files: Files) -> None:
    out = files.out / "out.parquet"
    _eval_rounds(measure, files.parquet, out)
    assert pq.read_metadata(out).num_rows == N


def test_evaluate_frame_pandas(measure: Callable[..., Any], files: Files) -> None:
    out = measure(omaha.evaluate_frame, N, files.frame)
    assert isinstance(out, pd.DataFrame) and len(out) == N
    assert np.array_equal(
        out["hi_strength"].to_numpy(np.uint16), omaha.evaluate_hi_batch(files.holes, files.boards)
    )


def _parquet_writer(files: Files, out: pathlib.Path) -> Callable[[], None]:
    """The command's Parquet writer on the command's results, nothing evaluated."""
    from omaha.files import evaluate_columns, open_writer
    from omaha.files.pipeline import ID
    from omaha.files.tabular import CARD_COLUMNS

    results = evaluate_columns(files.frame["hole"].to_numpy(), files.frame["board"].to_numpy())
    ids = pa.array(np.arange(1, N + 1))
    batch = pa.RecordBatch.from_arrays(
        [ids, *results.columns.columns], names=[ID, *results.columns.schema.names]
    )
    chunks = [batch.slice(i, 65_536) for i in range(0, N, 65_536)]

    def write() -> None:
        writer = open_writer(str(out), plain_columns=CARD_COLUMNS, distinct_columns=(ID,))
        for chunk in chunks:
            writer.write(chunk)
        writer.close()

    return write


def test_parquet_writer_alone(measure: Callable[..., Any], files: Files) -> None:
    out = files.out / "alone.parquet"
    write = _parquet_writer(files, out)
    measure(write, N, rounds=ROUNDS, setup=lambda: out.unlink(missing_ok=True))
    assert pq.read_metadata(out).num_rows == N


def test_eval_csv_to_csv_gz(measure: Callable[..., Any], files: Files) -> None:
    out = files.out / "out.csv.gz"
    _eval_rounds(measure, files.csv, out)
    assert out.stat().st_size > 10 * N


DUEL_ROUNDS = 9
"""Alternate rounds of each side of a pipeline ratio."""


def _eval(source: pathlib.Path, out: pathlib.Path) -> Callable[[], int]:
    return lambda: main(["eval", str(source), "-o", str(out), "--no-progress"])


def _thread_times(fn: Callable[[], object]) -> list[float]:
    """Run ``fn``; return the CPU time (seconds) of each thread of the run.

    The calling thread's, and that of each thread started during the run
    (the read-ahead, the write-behind: their CPU clocks read as they end).
    """
    ended: list[float] = []
    run = threading.Thread.run

    def timed_run(self: threading.Thread) -> None:
        try:
            run(self)
        finally:
            ended.append(time.thread_time())

    threading.Thread.run = timed_run  # type: ignore[method-assign]
    try:
        start = time.thread_time()
        fn()
        caller = time.thread_time() - start
    finally:
        threading.Thread.run = run  # type: ignore[method-assign]
    return [caller, *ended]


def _busiest_thread(fn: Callable[[], object]) -> float:
    """Run ``fn``; return the most CPU time any one thread of the run used (seconds)."""
    return max(_thread_times(fn))


CORES = 2
"""The cores of the machine the figures of docs/performance.md were measured on."""


def _on_two_cores(fn: Callable[[], object]) -> float:
    """Run ``fn``; return the least wall time its threads' CPU time allows on :data:`CORES`.

    The larger of the busiest thread's time and the total over the cores: a
    run cannot end sooner on two cores, however well its threads overlap.
    """
    times = _thread_times(fn)
    return max(max(times), sum(times) / CORES)


MEASURES: dict[str, tuple[str, Callable[[Callable[[], object]], float] | None]] = {
    "wall": ("", None),
    "busiest_thread": (" (busiest thread)", _busiest_thread),
    "two_cores": (" (floor on two cores)", _on_two_cores),
}
"""Each ratio's measures of a round: wall time, the busiest thread's CPU time, the 2-core floor."""


@pytest.mark.parametrize("measure_name", list(MEASURES))
def test_ratio_pass_through_columns(
    head_to_head: Callable[..., Any], files: Files, measure_name: str
) -> None:
    """CSV -> CSV with two short columns passed through, against the same rows without them.

    Aim: at most 1.2x (by each measure: see the module's docstring).
    """
    label, timer = MEASURES[measure_name]
    out = files.out / "duel.csv"
    head_to_head(
        _eval(files.csv, out),
        _eval(files.csv_passing, out),
        N,
        f"with id and site passed through{label}",
        rounds=DUEL_ROUNDS,
        setup=lambda: out.unlink(missing_ok=True),
        timer=timer,
    )


@pytest.mark.parametrize("measure_name", list(MEASURES))
def test_ratio_parquet_to_parquet_to_the_writer_alone(
    head_to_head: Callable[..., Any], files: Files, measure_name: str
) -> None:
    """The Parquet writer alone on the same results, against Parquet -> Parquet.

    Aim: the pipeline at least 0.8 of the writer's speed, a ratio of at most 1.25x.
    """
    label, timer = MEASURES[measure_name]
    out = files.out / "duel.parquet"
    head_to_head(
        _parquet_writer(files, out),
        _eval(files.parquet, out),
        N,
        f"Parquet -> Parquet{label}",
        rounds=DUEL_ROUNDS,
        setup=lambda: out.unlink(missing_ok=True),
        timer=timer,
    )
    assert pq.read_metadata(out).num_rows == N
