"""omaha.dask on a real cluster: a LocalCluster of two worker processes, one thread each.

What is shown, each time against the local call on the same input:

* :func:`omaha.dask.evaluate_frame` over 1,000,000 rows read by the workers
  from Parquet gives exactly :func:`omaha.files.tabular.evaluate_frame`'s frame
  (values and dtypes); a bad row raises naming its partition and index, or
  is coerced as locally;
* :func:`omaha.dask.equity_table`, exact and seeded Monte Carlo, Hi and
  Hi-Lo, gives exactly ``omaha.equity`` per pair, whatever the scheduler
  and the pairs per task;
* ``omaha eval --dask`` (the fixture's address, and ``local:2``) writes
  Parquet parts that hold exactly what ``omaha eval`` writes per file;
* a worker killed by its process id mid-run: the job finishes with the same
  output and no partial file is left (the last test: the nanny restarts the
  worker).

One cluster serves the module (started once, always closed). Dask's
read_parquet, used here as a user would, calls ``reset_index(inplace=True)``
in its pandas conversion, which pandas 3.1 deprecates (Pandas4Warning); the
tests that read with it ignore that one warning, by its message.
"""

from __future__ import annotations

import os
import pathlib
import signal
import subprocess
import sys
import threading
import time
from typing import Any

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.csv as pcsv
import pyarrow.parquet as pq
import pytest

pytest.importorskip("dask.dataframe")
pytest.importorskip("distributed")

import dask.dataframe as dd

import omaha
import omaha.dask as od
from omaha.cards import random_deals
from omaha.cli import main
from omaha.files import tabular

# dask.dataframe.io.parquet.arrow.read_partition calls df.reset_index(inplace=True)
READ_PARQUET_WARNING = (
    "ignore:The inplace keyword in DataFrame.reset_index is deprecated:pandas.errors.Pandas4Warning"
)
TIMEOUT = 120  # seconds for one cluster computation before the test fails


def _deal_table(n: int, hole: int, board: int, seed: int) -> pa.Table:
    holes, boards = random_deals(n, hole, board, seed=seed)
    return pa.table(
        {
            "hole": omaha.format_cards_array(holes).astype(str),
            "board": omaha.format_cards_array(boards).astype(str),
        }
    )


@pytest.fixture(scope="module")
def million(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    """1,000,000 deals in 4 Parquet files (hole and board sizes 4/5, 5/4, 6/3, 4/5)."""
    root = tmp_path_factory.mktemp("million")
    for i, (h, b) in enumerate([(4, 5), (5, 4), (6, 3), (4, 5)]):
        table = _deal_table(250_000, h, b, seed=100 + i)
        table = table.append_column("n", pa.array(np.arange(250_000) + 250_000 * i))
        pq.write_table(table, root / f"deals-{i}.parquet", row_group_size=65_536)
    return root


# ------------------------------------------------------------------ evaluate_frame


@pytest.mark.slow
@pytest.mark.filterwarnings(READ_PARQUET_WARNING)
def test_evaluate_frame_of_a_million_rows_is_the_local_call(
    client: Any, million: pathlib.Path
) -> None:
    ddf = dd.read_parquet(str(million))
    assert ddf.npartitions >= 2
    lazy = od.evaluate_frame(ddf)
    got = client.compute(lazy).result(timeout=TIMEOUT)
    frame = client.compute(ddf).result(timeout=TIMEOUT)  # the same input, for the local call
    want = tabular.evaluate_frame(frame)
    assert len(got) == 1_000_000
    pd.testing.assert_frame_equal(got, want, check_exact=True)
    assert dict(lazy.dtypes) == dict(got.dtypes)  # the meta promised the real types
    assert got["hi_strength"].notna().all()


def _small(bad_at: int | None = None) -> pd.DataFrame:
    t = _deal_table(40, 4, 5, seed=3).to_pandas()
    t.index = pd.RangeIndex(1000, 1040)
    if bad_at is not None:
        t.loc[bad_at, "hole"] = "AsAs7h2c"
    return t


def test_a_bad_row_names_its_partition_and_index(client: Any) -> None:
    frame = _small(bad_at=1033)
    ddf = dd.from_pandas(frame, npartitions=4)
    with pytest.raises(omaha.InvalidCardError) as info:
        client.compute(od.evaluate_frame(ddf)).result(timeout=TIMEOUT)
    assert str(info.value) == "partition 3, row 1033: hole: duplicate card 'As' in 'AsAs7h2c'"
    with pytest.raises(omaha.InvalidCardError, match=r"^row 1033: hole: duplicate card"):
        tabular.evaluate_frame(frame)  # the local call says the same, without the partition
    got = client.compute(od.evaluate_frame(ddf, errors="coerce")).result(timeout=TIMEOUT)
    want = tabular.evaluate_frame(ddf.compute(scheduler="sync"), errors="coerce")
    pd.testing.assert_frame_equal(got, want, check_exact=True)
    assert got["reason"].notna().sum() == 1


def test_evaluate_frame_checks_at_once() -> None:
    ddf = dd.from_pandas(_small(), npartitions=2)
    with pytest.raises(omaha.errors.ColumnError, match="no column 'cards'"):
        od.evaluate_frame(ddf, hole="cards")
    with pytest.raises(ValueError, match="unknown result columns"):
        od.evaluate_frame(ddf, columns=["hi_colour"])
    with pytest.raises(TypeError, match="Dask DataFrame"):
        od.evaluate_frame(_small())


def test_code_columns_and_chosen_columns(client: Any) -> None:
    holes, boards = random_deals(30, 4, 3, seed=5)
    frame = pd.DataFrame(
        {
            **{f"hole{k}": holes[:, k] for k in range(4)},
            **{f"board{k}": boards[:, k] for k in range(3)},
        }
    )
    ddf = dd.from_pandas(frame, npartitions=3)
    got = client.compute(od.evaluate_frame(ddf, columns=["lo_name", "hi_cards"])).result()
    want = tabular.evaluate_frame(ddf.compute(scheduler="sync"), columns=["lo_name", "hi_cards"])
    pd.testing.assert_frame_equal(got, want, check_exact=True)


def test_object_columns_without_dask_string_conversion(client: Any) -> None:
    import dask

    frame = _small().astype(object)
    with dask.config.set({"dataframe.convert-string": False}):
        ddf = dd.from_pandas(frame, npartitions=2)
        assert ddf._meta["hole"].dtype == object  # read as Arrow nulls when empty
        lazy = od.evaluate_frame(ddf)
        got = client.compute(lazy).result(timeout=TIMEOUT)
    pd.testing.assert_frame_equal(got, tabular.evaluate_frame(frame), check_exact=True)
    assert dict(lazy.dtypes) == dict(got.dtypes)


# ------------------------------------------------------------------ equity_table

HOLES = ["AhAsKhKs", "JdTd9c8c", "As2sKd3h"]
OPPONENTS = ["Ac4cQhJh", "7c6c5d4d", None, "JdTd9c8c"]
FLOP = "2d8s9h"


def _local_rows(table: pd.DataFrame, game: str, samples: int | None) -> list[tuple[Any, ...]]:
    """Each row again, by omaha.equity itself with the row's documented seed."""
    rows = []
    for k, (hole, opp) in enumerate(zip(table["hole"], table["opponent"], strict=True)):
        p = omaha.equity(
            [hole, opp],
            board=FLOP,
            game=game,  # type: ignore[arg-type]
            samples=samples if opp is None or samples else None,
            seed=od.row_seed(table.attrs["seed"], k),
            threads=1,
        )[0]
        values = [p.equity, p.win, p.tie]
        if game == "hilo":
            values += [p.scoop, p.high_share, p.low_share]
        rows.append((hole, opp, *values))
    return rows


@pytest.mark.parametrize("game", ["hi", "hilo"])
@pytest.mark.parametrize("samples", [None, 4000])  # exact where both are known; all Monte Carlo
def test_equity_table_is_omaha_equity_per_pair(client: Any, game: str, samples: int | None) -> None:
    table = od.equity_table(
        HOLES, OPPONENTS, board=FLOP, game=game, samples=samples, seed=11,  # type: ignore[arg-type]
        pairs_per_task=2, client=client,
    )  # fmt: skip
    fields = ["equity", "win", "tie"] + ["scoop", "high_share", "low_share"] * (game == "hilo")
    assert list(table.columns) == ["hole", "opponent", *fields]
    assert all(table[f].dtype == np.float64 for f in fields)
    # JdTd9c8c meets itself once: that pair shares cards and has no row.
    pairs = [(h, o) for h in HOLES for o in OPPONENTS if (h, o) != ("JdTd9c8c", "JdTd9c8c")]
    assert list(zip(table["hole"], table["opponent"], strict=True)) == pairs
    assert [tuple(r) for r in table.itertuples(index=False)] == _local_rows(table, game, samples)
    # The same table from Dask's local threads, cut into other tasks.
    local = od.equity_table(
        HOLES, OPPONENTS, board=FLOP, game=game, samples=samples, seed=11,  # type: ignore[arg-type]
        pairs_per_task=5,
    )  # fmt: skip
    pd.testing.assert_frame_equal(table, local, check_exact=True)


def test_equity_table_draws_and_reports_a_seed(client: Any) -> None:
    table = od.equity_table("AhAsKhKs", None, board=FLOP, samples=2000, client=client)
    seed = table.attrs["seed"]
    again = od.equity_table("AhAsKhKs", None, board=FLOP, samples=2000, seed=seed, client=client)
    pd.testing.assert_frame_equal(table, again, check_exact=True)
    assert table["opponent"].tolist() == [None]


def test_equity_table_checks_at_once() -> None:
    with pytest.raises(omaha.DuplicateCardError, match="'2d' is both on the board and in '2dAs"):
        od.equity_table(["2dAsKsQs"], [None], board=FLOP)
    with pytest.raises(ValueError, match="game must be"):
        od.equity_table(HOLES, OPPONENTS, game="stud")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seed must be"):
        od.equity_table(HOLES, OPPONENTS, seed=-1)
    with pytest.raises(ValueError, match="pairs_per_task"):
        od.equity_table(HOLES, OPPONENTS, pairs_per_task=0)
    empty = od.equity_table([], OPPONENTS)
    assert list(empty.columns) == ["hole", "opponent", "equity", "win", "tie"] and empty.empty


def test_a_range_opponent_and_an_error_in_a_task(client: Any) -> None:
    # Not card text, so passed through to omaha.equity: a range works as it does there ...
    got = od.equity_table(["AhAsKhKs"], ["QQ+"], board=FLOP, client=client)
    want = omaha.equity(["AhAsKhKs", "QQ+"], board=FLOP)
    assert got["equity"].tolist() == [want[0].equity]
    # ... and a task's error (malformed range text) is raised here.
    with pytest.raises(omaha.RangeSyntaxError):
        od.equity_table(["AhAsKhKs"], ["QQ+!"], board=FLOP, client=client)


# ------------------------------------------------------------------ omaha eval --dask


def _inputs(root: pathlib.Path) -> list[pathlib.Path]:
    """Two Parquet files (several row groups) and a CSV file with an id column."""
    a = _deal_table(3000, 4, 5, seed=21)
    a = a.append_column("note", pa.array([f"n{i}" if i % 7 else None for i in range(3000)]))
    pq.write_table(a, root / "a.parquet", row_group_size=500)
    b = _deal_table(2000, 6, 4, seed=22)
    pq.write_table(b, root / "b.parquet", row_group_size=2000)
    c = _deal_table(1500, 5, 3, seed=23).to_pandas()
    c.insert(0, "id", [f"hand-{i}" for i in range(1500)])
    c.loc[5, "id"] = None
    pcsv.write_csv(pa.Table.from_pandas(c, preserve_index=False), root / "c.csv")
    return [root / "a.parquet", root / "b.parquet", root / "c.csv"]


def _local_eval(inputs: list[pathlib.Path], out: pathlib.Path) -> list[pa.Table]:
    """``omaha eval`` of each input, its row numbers moved on by the rows of the files before."""
    tables = []
    before = 0
    for i, path in enumerate(inputs):
        target = out / f"local-{i}.parquet"
        assert main(["eval", str(path), "-o", str(target), "--no-progress"]) == 0
        t = pq.read_table(target)
        ids = t.column("id")
        if pa.types.is_integer(ids.type):  # no id column: the id is the row number
            ids = pc.add(ids, before)
        else:  # c.csv: its one missing id (line 7, row 6) got the row number
            ids = pa.array([str(6 + before) if v == "6" else v for v in ids.to_pylist()])
        tables.append(t.set_column(0, "id", ids))
        before += t.num_rows
        target.unlink()
    return tables


def _parts(out: pathlib.Path) -> list[pa.Table]:
    names = sorted(os.listdir(out))
    assert names == [f"part.{i:05d}.parquet" for i in range(len(names))]
    return [pq.read_table(out / n) for n in names]


def _same(parts: list[pa.Table], want: list[pa.Table], pieces: list[int]) -> None:
    """The parts, ``pieces[i]`` for input i, hold exactly what ``omaha eval`` wrote for it."""
    assert len(parts) == sum(pieces)
    for w, n in zip(want, pieces, strict=True):
        got, parts = parts[:n], parts[n:]
        assert all(g.schema.equals(w.schema) for g in got)
        assert pa.concat_tables(got).equals(w)


def test_eval_dask_writes_what_eval_writes(
    client: Any, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    inputs = _inputs(tmp_path)
    want = _local_eval(inputs, tmp_path)
    out = tmp_path / "out"
    address = client.scheduler.address
    pattern = str(tmp_path / "*.parquet")  # a glob, expanded by a worker: a, b
    args = ["eval", "--dask", address, pattern, str(inputs[2]), "-o", str(out), "--stats"]
    assert main(args) == 0, capsys.readouterr().err
    _same(_parts(out), want, [1, 1, 1])
    assert "6,500 rows" in capsys.readouterr().err
    before = sorted(os.listdir(tmp_path))
    # Again over that output (a directory of parts is replaced), a.parquet cut in 3 pieces.
    summary = od.evaluate_files(
        [str(p) for p in inputs], str(out), rows_per_task=1000, client=client
    )
    assert (summary.rows, summary.tasks, summary.parts, summary.rejected) == (6500, 5, 5, [])
    _same(_parts(out), want, [3, 1, 1])
    assert sorted(os.listdir(tmp_path)) == before  # no temporary directory left


def test_eval_dask_reports_bad_rows_as_eval_does(
    client: Any, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    frame = _deal_table(50, 4, 5, seed=31).to_pandas()
    frame.loc[3, "hole"] = "AsAs7h2c"
    frame.loc[40, "board"] = "Xx2h3h"
    pcsv.write_csv(pa.Table.from_pandas(frame, preserve_index=False), tmp_path / "in.csv")
    address = client.scheduler.address
    out = tmp_path / "out"
    assert main(["eval", "--dask", address, str(tmp_path / "in.csv"), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert (
        err
        == f"omaha eval: {tmp_path / 'in.csv'}: line 5: hole: duplicate card 'As' in 'AsAs7h2c'\n"
    )
    assert not out.exists() and os.listdir(tmp_path) == ["in.csv"]
    rejects = tmp_path / "rejects.csv"
    args = ["eval", "--dask", address, str(tmp_path / "in.csv"), "-o", str(out), "--skip-invalid"]
    assert main([*args, "--rejects", str(rejects)]) == 3
    assert pq.read_table(out).num_rows == 48
    local = tmp_path / "local-rejects.csv"
    assert main(["eval", str(tmp_path / "in.csv"), "-o", str(tmp_path / "x.csv"),
                 "--skip-invalid", "--rejects", str(local)]) == 3  # fmt: skip
    assert rejects.read_text() == local.read_text()


def test_eval_dask_usage_errors(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    deals = tmp_path / "in.csv"
    deals.write_text("hole,board\nAhKsKd4c,2sKh8d5cAd\n")
    assert main(["eval", str(deals), str(deals)]) == 2
    assert "several input files need --dask" in capsys.readouterr().err
    assert main(["eval", "--dask", "local:1", str(deals)]) == 2
    assert "needs -o OUTPUT_DIR" in capsys.readouterr().err
    assert main(["eval", "--dask", "local:1", str(deals), "-o", "x", "--format", "csv"]) == 2
    assert main(["eval", "--dask", "local:0", str(deals), "-o", str(tmp_path / "o")]) == 2
    assert "positive number of workers" in capsys.readouterr().err


def test_eval_dask_refuses_an_output_that_is_not_parts(
    client: Any, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deals = tmp_path / "in.csv"
    deals.write_text("hole,board\nAhKsKd4c,2sKh8d5cAd\n")
    keep = tmp_path / "home"
    keep.mkdir()
    (keep / "notes.txt").write_text("mine")
    assert main(["eval", "--dask", client.scheduler.address, str(deals), "-o", str(keep)]) == 1
    assert "other files than part.*.parquet" in capsys.readouterr().err
    assert os.listdir(keep) == ["notes.txt"]
    assert sorted(os.listdir(tmp_path)) == ["home", "in.csv"]


@pytest.mark.slow
def test_eval_dask_local_2(tmp_path: pathlib.Path) -> None:
    inputs = _inputs(tmp_path)
    want = _local_eval(inputs, tmp_path)
    out = tmp_path / "out"
    assert main(["eval", "--dask", "local:2", *map(str, inputs), "-o", str(out)]) == 0
    _same(_parts(out), want, [1, 1, 1])


# ------------------------------------------------------------------ no Dask


def test_without_dask_one_error_names_the_extra(tmp_path: pathlib.Path) -> None:
    code = (
        "import sys\n"
        "sys.modules['dask'] = None\n"  # as if Dask were not installed
        "import omaha\n"
        "assert not [m for m, v in sys.modules.items() if m.startswith('dask') and v is not None]\n"
        "try:\n"
        "    import omaha.dask\n"
        "except ImportError as exc:\n"
        "    print(type(exc).__name__, exc)\n"
        "from omaha.cli import main\n"
        f"sys.exit(main(['eval', '--dask', 'local:2', {str(tmp_path)!r}, '-o', 'x']))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert run.returncode == 1, run.stderr
    extra = 'pip install "omaha-poker[dask]"'
    assert (
        run.stdout.startswith("MissingDependencyError omaha.dask needs Dask")
        and extra in run.stdout
    )
    assert run.stderr.startswith("omaha eval: omaha.dask needs Dask") and extra in run.stderr


def test_import_omaha_does_not_import_dask() -> None:
    code = (
        "import sys, omaha, omaha.files.tabular, omaha.cli.eval_cmd\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]"


# ------------------------------------------------------------------ a worker dies


@pytest.mark.slow
def test_a_killed_worker_changes_nothing(
    client: Any, million: pathlib.Path, tmp_path: pathlib.Path
) -> None:
    """SIGKILL a worker that is running a task: Dask runs its lost tasks again elsewhere."""
    inputs = sorted(million.glob("*.parquet"))
    want = _local_eval(inputs, tmp_path)
    root = tmp_path / "dask"
    root.mkdir()
    out = root / "out"
    pids = client.run(os.getpid)
    result: dict[str, Any] = {}

    def job() -> None:
        try:
            result["summary"] = od.evaluate_files(
                [str(p) for p in inputs], str(out), rows_per_task=65_536, client=client
            )
        except BaseException as exc:  # pragma: no cover (reported below)
            result["error"] = exc

    thread = threading.Thread(target=job)
    thread.start()
    victim = None
    deadline = time.monotonic() + TIMEOUT
    while victim is None and time.monotonic() < deadline and thread.is_alive():
        for worker, keys in client.processing().items():
            if worker in pids and any("_run_piece" in str(k) for k in keys):
                victim = worker
                break
        time.sleep(0.005)
    assert victim is not None, "no task was seen running"
    os.kill(pids[victim], signal.SIGKILL)
    thread.join(TIMEOUT)
    assert not thread.is_alive()
    assert "error" not in result, result.get("error")
    summary = result["summary"]
    assert (summary.rows, summary.tasks, summary.parts) == (1_000_000, 16, 16)
    client.wait_for_workers(2, timeout=TIMEOUT)
    assert pids[victim] not in client.run(os.getpid).values()  # the nanny started another
    assert os.listdir(root) == ["out"]  # no temporary directory
    _same(_parts(out), want, [4, 4, 4, 4])  # only whole parts, and exactly eval's output
