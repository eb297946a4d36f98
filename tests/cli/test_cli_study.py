"""omaha flops / distribution / breakdown: the library's tables, written by omaha.files."""

from __future__ import annotations

import json
import pathlib

import pyarrow.parquet as pq
import pytest

from omaha.cli import main
from omaha.study import board_breakdown, equity_distribution, flop_equities


def test_flops_parquet_is_the_library_table(tmp_path: pathlib.Path) -> None:
    out = tmp_path / "f.parquet"
    assert main(["flops", "AhAsKhKs", "JdTd9c8c", "-o", str(out)]) == 0
    assert pq.read_table(out).equals(flop_equities(["AhAsKhKs", "JdTd9c8c"]))


def test_breakdown_text_csv_json(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    assert main(["breakdown", "KK+:$ds", "Ks7s2d"]) == 0
    text = capsys.readouterr().out
    assert "nut set" in text.splitlines()[10]
    assert main(["breakdown", "KK+:$ds", "Ks7s2d", "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == '"group","class","combos","weight","percent"' or lines[0].startswith("group")
    expect = board_breakdown("KK+:$ds", "Ks7s2d").to_pylist()
    assert len(lines) == 1 + len(expect)
    out = tmp_path / "b.jsonl"
    assert main(["breakdown", "KK+:$ds", "Ks7s2d", "--game", "hilo", "-o", str(out)]) == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert rows == board_breakdown("KK+:$ds", "Ks7s2d", game="hilo").to_pylist()


def test_distribution_buckets_and_combos(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    args = ["distribution", "AA:ds", "KhKs7d6c", "--board", "Kd8h2c", "--bins", "4"]
    assert main([*args, "--format", "jsonl"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    d = equity_distribution("AA:ds", "KhKs7d6c", "Kd8h2c", bins=4)
    assert rows == d.buckets.to_pylist()
    out = tmp_path / "c.parquet"
    assert main([*args, "--combos", "-o", str(out)]) == 0
    assert pq.read_table(out).equals(d.combos)


def test_bad_input_is_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["breakdown", "AA", "Ks7s"]) == 2
    assert "omaha breakdown:" in capsys.readouterr().err
    assert main(["flops", "AhAsKhKs", "AhTd9c8c"]) == 2
    assert "duplicate" in capsys.readouterr().err
    assert main(["distribution", "AA", "KhKs7d6c", "--board", "Kd8h2c", "--bins", "0"]) == 2
