"""Hand histories as tables, with the exact all-in EV (pytest-benchmark).

The store is bench_history's: the real PokerStars hands of tests/data/hh
(cash Omaha Hi-Lo, pot-limit and fixed-limit; about two thirds of them end
in an all-in before the river, far more than real play) repeated with new
hand numbers, 100,000 hands. Measured, one thread:

- the plain import: the file read and every hand replayed and checked
  (:func:`omaha.history.parse` then :func:`omaha.phh.replay`), hands/s;
- :func:`omaha.history.to_frame` on the same file, every row with its
  statistics and exact all-in EV, hands/s, and its ratio to the plain import
  in ``extra_info["vs_plain_import"]`` (aim: within 1.5x);
- the all-in EV alone over the all-in hands of the store
  (:func:`omaha.history.allin_ev` on replayed hands), microseconds per hand,
  and the issue's heads-up preflop all-in (1,086,008 boards);
- the peak memory of ``to_frame`` in its own process (maximum resident set
  size, ``extra_info["peak_rss_mb"]``), against the plain import's.

With ``--benchmark-disable`` (the CI smoke run) the store has 1,000 hands.
Run::

    pytest bench/bench_analysis.py --benchmark-only
"""

from __future__ import annotations

import importlib.util
import pathlib
import subprocess
import sys
from typing import Any

import pytest

from omaha import history, phh
from omaha.history import allin_ev, to_frame

HERE = pathlib.Path(__file__).parent
HANDS_TIMED = 100_000
HANDS_SMOKE = 1_000
GROUP = "analysis: to_frame with all-in EV on a store of real hands renumbered"
_TIMES: dict[str, float] = {}


def _bench_history() -> Any:
    spec = importlib.util.spec_from_file_location("bench_history", HERE / "bench_history.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def store(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The store's path and how many hands it holds."""
    count = HANDS_SMOKE if request.config.getoption("benchmark_disable") else HANDS_TIMED
    path = tmp_path_factory.mktemp("analysis") / "stars.txt"
    path.write_text(_bench_history().big_file(count), encoding="utf-8")
    return path, count


def _seconds(benchmark: Any) -> float | None:
    return benchmark.stats.stats.min if benchmark.stats is not None else None


@pytest.mark.benchmark(group=GROUP)
def test_plain_import(measure: Any, store: Any, benchmark: Any) -> None:
    path, count = store

    def plain() -> int:
        return sum(phh.replay(h).complete for h in history.iter_file(path))

    assert measure(plain, count, rounds=1) == count
    if (s := _seconds(benchmark)) is not None:
        _TIMES["plain"] = s


@pytest.mark.benchmark(group=GROUP)
def test_to_frame_with_allin_ev(measure: Any, store: Any, benchmark: Any) -> None:
    path, count = store
    frame = measure(to_frame, count, path, rounds=1)
    assert len(set(frame["hand"].to_pylist())) == count
    assert sum(frame["net"].to_pylist()) == -sum(frame["rake"].to_pylist())
    s = _seconds(benchmark)
    if s is not None and "plain" in _TIMES:
        benchmark.extra_info["vs_plain_import"] = round(s / _TIMES["plain"], 3)


@pytest.mark.benchmark(group=GROUP)
def test_allin_ev_per_all_in_hand(measure: Any, store: Any) -> None:
    path, _ = store
    hands = [r.hand for r in map(phh.replay, history.iter_file(path)) if _all_in(r.hand)]
    assert hands
    evs = measure(lambda: [allin_ev(h) for h in hands], len(hands), rounds=3)
    assert all(e.street is not None for e in evs)


def _all_in(hand: Any) -> bool:
    from omaha.history.allin import allin_point

    return allin_point(hand) is not None


@pytest.mark.benchmark(group=GROUP)
def test_allin_ev_heads_up_preflop(measure: Any) -> None:
    hand = phh.loads(
        """
variant = "NO"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [102.5, 102.5]
actions = ["d dh p1 AhAsKhKs", "d dh p2 JdTd9c8c", "p2 cbr 102.5", "p1 cc",
           "d db 2c3d4h", "d db 5s", "d db 7h", "p2 sm JdTd9c8c", "p1 sm AhAsKhKs"]
_rake = 5
"""
    )
    replayed = phh.replay(hand).hand
    ev = measure(allin_ev, 1, replayed)
    assert sum(ev.net) == -50


_PEAK = (
    "import sys, resource; from omaha import history, phh; from omaha.history import to_frame; "
    "n = {work}; "
    "print(n, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)"
)
_WORK = {
    "to_frame": "to_frame(sys.argv[1]).num_rows",
    "plain_import": "sum(phh.replay(h).complete for h in history.iter_file(sys.argv[1]))",
}


def _peak(path: pathlib.Path, what: str) -> tuple[int, float]:
    """Run one kind of work over the store in its own process: its result and peak RSS (MB)."""
    code = _PEAK.format(work=_WORK[what])
    out = subprocess.run(
        [sys.executable, "-c", code, str(path)], check=True, capture_output=True, text=True
    ).stdout.split()
    return int(out[0]), int(out[1]) / 1024


@pytest.mark.benchmark(group=GROUP)
def test_peak_memory_of_to_frame(measure: Any, store: Any, benchmark: Any) -> None:
    """Peak RSS of to_frame in its own process, against the plain import's (also its own)."""
    path, count = store
    rows, peak = measure(_peak, count, path, "to_frame", rounds=1)
    assert rows > count
    hands, plain = _peak(path, "plain_import")
    assert hands == count
    benchmark.extra_info["peak_rss_mb"] = round(peak, 1)
    benchmark.extra_info["plain_import_peak_rss_mb"] = round(plain, 1)
    benchmark.extra_info["file_mb"] = round(path.stat().st_size / 2**20, 1)


@pytest.fixture(scope="module")
def store_files(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The store cut into 8 files (one Dask task each), and how many hands they hold."""
    count = HANDS_SMOKE if request.config.getoption("benchmark_disable") else HANDS_TIMED
    root = tmp_path_factory.mktemp("analysis-files")
    text = _bench_history().big_file(count)
    hands = text.split("\n\n\n")
    step = -(-len(hands) // 8)
    paths = []
    for i in range(0, len(hands), step):
        path = root / f"stars-{i // step}.txt"
        path.write_text("\n\n\n".join(hands[i : i + step]).strip() + "\n", encoding="utf-8")
        paths.append(str(path))
    return paths, count


@pytest.mark.benchmark(group=GROUP)
@pytest.mark.parametrize("workers", [1, 2])
def test_dask_history_frame(measure: Any, store_files: Any, benchmark: Any, workers: int) -> None:
    """omaha.dask.history_frame on a LocalCluster of 1 and 2 workers (``dask_2_over_1``)."""
    distributed = pytest.importorskip("distributed")
    import omaha.dask as od

    paths, count = store_files
    with (
        distributed.LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as cluster,
        distributed.Client(cluster, set_as_default=False) as client,
    ):
        client.compute(od.history_frame(paths[:1])).result()  # warm the workers up, untimed

        def run() -> int:
            return len(client.compute(od.history_frame(paths)).result())

        rows = measure(run, count, rounds=1)
    assert rows > count
    if (s := _seconds(benchmark)) is not None:
        _TIMES[f"dask-{workers}"] = s
        if workers == 2 and "dask-1" in _TIMES:
            benchmark.extra_info["dask_2_over_1"] = round(_TIMES["dask-1"] / s, 3)
