"""Scale-out benchmark: ``omaha eval`` work on a LocalCluster of one and of two workers.

The same work four ways, over the same Parquet files of random deals (4
hole cards, a 5-card board, one row group of 1,000,000 rows per file):

- ``local``: :func:`omaha.files.evaluate_file` of each file in turn,
  in this process, without Dask (what ``omaha eval FILE -o OUT.parquet``
  does), kernel ``threads=1``;
- ``dask-1``: :func:`omaha.dask.evaluate_files` on
  ``LocalCluster(n_workers=1, threads_per_worker=1)``;
- ``dask-2``: the same on ``LocalCluster(n_workers=2, threads_per_worker=1)``;
- ``local-x2``, the control: two plain processes without Dask taking the
  files in turn (a process pool): what two processes can get from the
  machine at that moment (other jobs of a shared machine take their part).

Under Dask the workers read the input files and write the Parquet parts;
the client sends the task graph and gets back the counts. Each timed run
goes from the call to the renamed output directory (the clusters are
started before, and a first untimed round warms the workers up); the rounds
run the four ways in a rotated order, so that a busy spell of a shared
machine falls on all of them. Rows per second are reported as the median
and the range over the rounds, with the ratios dask-2 / dask-1 (the second
worker's speedup) and dask-1 / local (the cost of going through Dask), per
round and of the medians.

Run the measurement (about two minutes on two cores)::

    python bench/bench_dask.py --files 8 --runs 9

``pytest bench --benchmark-disable`` runs :func:`test_dask_smoke`: the four
ways once each on small files, as a check that the script works.
"""

from __future__ import annotations

import argparse
import functools
import os
import pathlib
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

import omaha
from omaha.cards import random_deals

ROWS_PER_FILE = 1_000_000


def make_inputs(root: pathlib.Path, files: int, rows: int) -> list[str]:
    """Write ``files`` Parquet files of ``rows`` seeded random deals each."""
    paths = []
    for i in range(files):
        holes, boards = random_deals(rows, 4, 5, seed=1000 + i)
        table = pa.table(
            {
                "hole": omaha.format_cards_array(holes).astype(str),
                "board": omaha.format_cards_array(boards).astype(str),
            }
        )
        path = root / f"deals-{i:03d}.parquet"
        pq.write_table(table, path, row_group_size=rows)
        paths.append(str(path))
    return paths


def run_local(inputs: list[str], out: pathlib.Path) -> int:
    """Evaluate each file in turn in this process, as ``omaha eval`` does."""
    from omaha.files import evaluate_file

    omaha.warmup()
    out.mkdir(exist_ok=True)
    rows = 0
    for i, path in enumerate(inputs):
        rows += evaluate_file(path, str(out / f"part.{i:05d}.parquet"), threads=1).rows
    return rows


def run_dask(inputs: list[str], out: pathlib.Path, client: Any) -> int:
    """Evaluate the files on the cluster: the workers read and write."""
    import omaha.dask

    return omaha.dask.evaluate_files(inputs, str(out), threads=1, client=client).rows


def _rate(fn: Callable[[], int]) -> float:
    start = time.perf_counter()
    rows = fn()
    return rows / (time.perf_counter() - start)


def measure(inputs: list[str], scratch: pathlib.Path, runs: int) -> dict[str, list[float]]:
    """Rows per second, per round, of local, dask-1 and dask-2 on the same inputs.

    Both clusters are up for the whole measurement (the idle one costs
    nothing measurable) and each round runs the four in a rotated order,
    so that a busy spell of the machine falls on all four alike; one
    untimed round first warms everything up.
    """
    import contextlib

    import distributed

    omaha.warmup()
    ways: dict[str, Callable[[], int]] = {"local": lambda: run_local(inputs, scratch / "local")}
    with contextlib.ExitStack() as stack:
        # The control: two plain processes without Dask taking the files in turn
        # (evaluate_file itself is sent: a child cannot import this file by name).
        from omaha.files import evaluate_file

        pool = stack.enter_context(ProcessPoolExecutor(2, mp_context=get_context("spawn")))
        (scratch / "local-x2").mkdir()

        def local_x2() -> int:
            jobs = [
                pool.submit(evaluate_file, path, str(scratch / "local-x2" / f"{i}.parquet"))
                for i, path in enumerate(inputs)
            ]
            return sum(job.result().rows for job in jobs)

        ways["local-x2"] = local_x2
        for workers in (1, 2):
            cluster = stack.enter_context(
                distributed.LocalCluster(
                    n_workers=workers,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=":0",
                )
            )
            client = stack.enter_context(distributed.Client(cluster, set_as_default=False))
            client.wait_for_workers(workers)
            out = scratch / f"dask-{workers}"
            ways[f"dask-{workers}"] = functools.partial(run_dask, inputs, out, client)
        for fn in ways.values():
            fn()
        results: dict[str, list[float]] = {name: [] for name in ways}
        names = list(ways)
        for r in range(runs):
            for name in names[r % len(names) :] + names[: r % len(names)]:
                results[name].append(_rate(ways[name]))
    return results


def report(results: dict[str, list[float]], rows: int) -> str:
    """Medians and ranges of rows/s, and the two ratios (median and range over the rounds)."""
    runs = len(results["local"])
    lines = [f"{rows:,} rows per run; rows/s: median (min - max) over {runs} rounds"]
    for name, rates in results.items():
        median = statistics.median(rates)
        lines.append(f"  {name:<7} {median:>12,.0f}  ({min(rates):,.0f} - {max(rates):,.0f})")
    for label, a, b in (
        ("second worker: dask-2 / dask-1", "dask-2", "dask-1"),
        ("one worker against no Dask: dask-1 / local", "dask-1", "local"),
        ("the machine's ceiling, no Dask: local-x2 / local", "local-x2", "local"),
    ):
        ratios = [x / y for x, y in zip(results[a], results[b], strict=True)]
        lines.append(
            f"  {label} = {statistics.median(ratios):.2f}x per round "
            f"({min(ratios):.2f} - {max(ratios):.2f}); of the medians "
            f"{statistics.median(results[a]) / statistics.median(results[b]):.2f}x"
        )
    return "\n".join(lines)


def test_dask_smoke(tmp_path: pathlib.Path) -> None:
    """The four ways, once each on small files (``pytest bench --benchmark-disable``)."""
    inputs = make_inputs(tmp_path, 2, 5_000)
    results = measure(inputs, tmp_path, runs=1)
    assert set(results) == {"local", "local-x2", "dask-1", "dask-2"}
    assert "second worker" in report(results, 10_000)
    for name in ("local", "dask-1", "dask-2"):
        assert sum(pq.read_metadata(p).num_rows for p in (tmp_path / name).iterdir()) == 10_000
    assert sorted(os.listdir(tmp_path / "local-x2")) == ["0.parquet", "1.parquet"]


def main(argv: list[str] | None = None) -> int:
    """Measure and print the figures (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--files", type=int, default=8, help="input files (default 8)")
    parser.add_argument(
        "--rows", type=int, default=ROWS_PER_FILE, help="rows per file (default 1,000,000)"
    )
    parser.add_argument("--runs", type=int, default=9, help="timed rounds (default 9)")
    args = parser.parse_args(argv)
    scratch = pathlib.Path(tempfile.mkdtemp(prefix="omaha-bench-dask-"))
    try:
        inputs = make_inputs(scratch, args.files, args.rows)
        print(report(measure(inputs, scratch, args.runs), args.files * args.rows))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
