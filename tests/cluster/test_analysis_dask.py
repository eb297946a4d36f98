"""omaha.dask.history_frame on a LocalCluster of two worker processes: the rows of to_frame.

- the hand-history files of tests/data/hh, read on the workers, give
  exactly the rows (values and Arrow types, in order) of
  :func:`omaha.history.to_frame` in this process;
- ``omaha report --dask local:2`` prints what ``omaha report`` prints;
- blocks of hands of a file (``hands_per_task``) give the same rows;
- a worker killed by its process id while it reads a block: the task runs
  again elsewhere and the rows are the same (slow).
"""

from __future__ import annotations

import os
import pathlib
import re
import signal
import threading
import time
from typing import Any

import pandas as pd
import pytest

from paths import DATA

pytest.importorskip("dask.dataframe")
pytest.importorskip("distributed")

import omaha.dask as od
from omaha.cli import main
from omaha.errors import ArgumentError
from omaha.history import to_frame
from omaha.history.frame import SCHEMA

OWN = sorted(str(p) for p in (DATA / "hh").rglob("*") if p.is_file())
TIMEOUT = 120


def _local(paths: list[str]) -> pd.DataFrame:
    return to_frame(paths).to_pandas(types_mapper=pd.ArrowDtype)


def test_history_frame_is_to_frame_row_for_row(client: Any) -> None:
    lazy = od.history_frame(OWN)
    assert lazy.npartitions == len(OWN)
    got = client.compute(lazy).result(timeout=TIMEOUT).reset_index(drop=True)
    want = _local(OWN)
    pd.testing.assert_frame_equal(got, want)
    assert list(got.columns) == SCHEMA.names


@pytest.mark.parametrize("hands_per_task", [1, 2, 5])
def test_blocks_of_hands_give_the_same_rows(client: Any, hands_per_task: int) -> None:
    lazy = od.history_frame(OWN, hands_per_task=hands_per_task)
    assert lazy.npartitions > len(OWN) or hands_per_task == 5
    got = client.compute(lazy).result(timeout=TIMEOUT).reset_index(drop=True)
    pd.testing.assert_frame_equal(got, _local(OWN))


def test_history_frame_expands_globs_and_refuses_nothing() -> None:
    lazy = od.history_frame(str(DATA / "hh" / "winamax" / "*.txt"))
    assert lazy.npartitions == 1
    with pytest.raises(ArgumentError, match="no file matches"):
        od.history_frame(["nowhere/*.txt"])
    with pytest.raises(ArgumentError, match="hands_per_task must be a positive integer, got 0"):
        od.history_frame(OWN, hands_per_task=0)


def test_report_dask_prints_what_report_prints(capsys: pytest.CaptureFixture[str]) -> None:
    files = OWN[:4]
    assert main(["report", *files, "--format", "csv"]) == 0
    want = capsys.readouterr().out
    assert main(["report", *files, "--format", "csv", "--dask", "local:2"]) == 0
    assert capsys.readouterr().out == want
    args = ["--dask", "local:1", "--hands-per-task", "1"]
    assert main(["report", *files, "--format", "csv", *args]) == 0
    assert capsys.readouterr().out == want
    assert main(["report", *files, "--hands-per-task", "1"]) == 1
    assert "--hands-per-task is for --dask" in capsys.readouterr().err


def _big_files(root: pathlib.Path, files: int, hands: int) -> list[str]:
    """PokerStars files of the real hands of one file, repeated with new hand numbers."""
    source = DATA / "hh" / "pokerstars" / "stars_plo8_cash_0.05-0.10_hu_split.txt"
    text = source.read_text(encoding="utf-8").strip()
    number = re.compile(r"(PokerStars (?:Game|Hand) #)\d+")
    out = []
    for f in range(files):
        body = "\n\n\n".join(
            number.sub(rf"\g<1>{900_000_000 + f * hands + i}", text, count=1) for i in range(hands)
        )
        path = root / f"big-{f}.txt"
        path.write_text(body + "\n", encoding="utf-8")
        out.append(str(path))
    return out


@pytest.mark.slow
def test_a_killed_worker_changes_nothing(client: Any, tmp_path: pathlib.Path) -> None:
    files = _big_files(tmp_path, 6, 1500)
    want = _local(files)
    pids = client.run(os.getpid)
    lazy = od.history_frame(files, hands_per_task=500)
    assert lazy.npartitions == 18
    result: dict[str, Any] = {}

    def job() -> None:
        try:
            result["frame"] = client.compute(lazy).result(timeout=TIMEOUT)
        except BaseException as exc:  # pragma: no cover (reported below)
            result["error"] = exc

    thread = threading.Thread(target=job)
    thread.start()
    victim = None
    deadline = time.monotonic() + TIMEOUT
    while victim is None and time.monotonic() < deadline and thread.is_alive():
        for worker, keys in client.processing().items():
            if worker in pids and keys:
                victim = worker
                break
        time.sleep(0.005)
    assert victim is not None, "no task was seen running"
    os.kill(pids[victim], signal.SIGKILL)
    thread.join(TIMEOUT)
    assert not thread.is_alive()
    assert "error" not in result, result.get("error")
    pd.testing.assert_frame_equal(result["frame"].reset_index(drop=True), want)
    client.wait_for_workers(2, timeout=TIMEOUT)
    assert pids[victim] not in client.run(os.getpid).values()
