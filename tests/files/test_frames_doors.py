"""Frames and table files (issue 17): a lone surrogate, a column named like a result
column, integer card codes from CSV: the right result or a clear OmahaError."""

from __future__ import annotations

import json
import pathlib
from typing import Any

import pytest

import omaha
from omaha.cli import main
from omaha.errors import ColumnError, InvalidCardError

HOLE, BOARD = "AhKsKd4c", "2sKh8d5cAd"  # three kings (5783), low 8-5-4-2-A (33)


def _frames(columns: dict[str, list[object]]) -> list[object]:
    import pandas as pd
    import polars as pl
    import pyarrow as pa

    return [
        pd.DataFrame(columns),
        pa.table(columns),
        pa.record_batch(columns),
        pl.DataFrame(columns),
    ]


def _names(frame: object) -> list[str]:
    import pyarrow as pa

    if isinstance(frame, pa.Table | pa.RecordBatch):
        return list(frame.schema.names)
    return [str(c) for c in frame.columns]  # type: ignore[attr-defined]


def test_a_lone_surrogate_is_a_bad_row_not_an_encoding_error() -> None:
    pd = pytest.importorskip("pandas")
    df = pd.DataFrame(
        {
            "hole": pd.Series([HOLE + "\ud800", HOLE], dtype=object),
            "board": pd.Series([BOARD, "\udfff" + BOARD], dtype=object),
        }
    )
    with pytest.raises(InvalidCardError, match=r"row 0: hole: malformed card .*ud800"):
        omaha.evaluate_frame(df)
    out = omaha.evaluate_frame(df, errors="coerce")
    assert out["hi_strength"].isna().tolist() == [True, True]
    reasons = out["reason"].tolist()
    assert "ud800" in reasons[0] and "udfff" in reasons[1]
    ok = omaha.evaluate_frame(df.iloc[:0])  # an empty object frame still works
    assert len(ok) == 0


@pytest.mark.parametrize("kind", ["pandas", "arrow table", "arrow batch", "polars"])
def test_an_input_column_named_like_a_result_column_is_an_error_or_replaced(kind: str) -> None:
    pytest.importorskip("polars")
    index = ["pandas", "arrow table", "arrow batch", "polars"].index(kind)
    frame = _frames({"hole": [HOLE], "board": [BOARD], "hi_strength": [1]})[index]
    with pytest.raises(ColumnError, match=r"named like a result column \('hi_strength'\)"):
        omaha.evaluate_frame(frame)
    out = omaha.evaluate_frame(frame, replace=True)
    names = _names(out)
    assert names.count("hi_strength") == 1 and names[:2] == ["hole", "board"]
    first = out["hi_strength"][0]
    assert (first.as_py() if hasattr(first, "as_py") else first) == 5783
    # a result column not asked for is no clash
    kept = omaha.evaluate_frame(frame, columns=["lo_strength"])
    assert _names(kept) == ["hole", "board", "hi_strength", "lo_strength"]


def test_a_reason_column_clashes_only_when_coercing() -> None:
    pd = pytest.importorskip("pandas")
    df = pd.DataFrame({"hole": [HOLE], "board": [BOARD], "reason": ["mine"]})
    assert omaha.evaluate_frame(df)["reason"][0] == "mine"
    with pytest.raises(ColumnError, match="'reason'"):
        omaha.evaluate_frame(df, errors="coerce")
    assert omaha.evaluate_frame(df, errors="coerce", replace=True)["reason"].isna().all()


def test_omaha_eval_refuses_a_result_named_column_unless_replace(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "in.csv"
    path.write_text(f"hole,board,hi_strength\n{HOLE},{BOARD},1\n")
    assert main(["eval", str(path)]) == 2
    assert "named like a result column ('hi_strength')" in capsys.readouterr().err
    out = tmp_path / "out.arrow"
    assert main(["eval", str(path), "--replace", "-o", str(out)]) == 0
    import pyarrow.feather as feather

    table = feather.read_table(out)
    assert table.column_names.count("hi_strength") == 1
    assert table.column("hi_strength").to_pylist() == [5783]


CODES = "hole0,hole1,hole2,hole3,board0,board1,board2,board3,board4"
DEAL = [0, 1, 2, 3, 10, 20, 30, 40, 50]  # 2c2d2h2s, board 4h7c9hQcAs


def test_omaha_eval_reads_integer_codes_from_csv_as_from_json_lines(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows: list[list[Any]] = [
        list(DEAL), [0, 1, 2, 3, 10, 20, 30, None, None], [0, 1, 2, 3, 10, 20, 30, 40, None]
    ]  # fmt: skip
    csv = tmp_path / "codes.csv"
    csv.write_text(
        CODES
        + "\n"
        + "".join(",".join("" if v is None else f" {v} " for v in r) + "\n" for r in rows)
    )
    jsonl = tmp_path / "codes.jsonl"
    keys = CODES.split(",")
    jsonl.write_text("".join(json.dumps(dict(zip(keys, r, strict=True))) + "\n" for r in rows))
    assert main(["eval", str(csv), "--format", "jsonl"]) == 0
    from_csv = capsys.readouterr().out
    assert main(["eval", str(jsonl)]) == 0
    from_jsonl = capsys.readouterr().out
    assert from_csv == from_jsonl and from_csv.count("\n") == 3
    want = omaha.evaluate_hi([0, 1, 2, 3], [10, 20, 30, 40, 50]).strength
    assert json.loads(from_csv.splitlines()[0])["hi_strength"] == want


@pytest.mark.parametrize("bad", ["x", "52", "-1", "1.5", "1e1", "\u0661"])
def test_a_code_in_csv_that_is_no_code_is_a_bad_row(
    bad: str, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    csv = tmp_path / "codes.csv"
    csv.write_text(CODES + "\n" + ",".join(map(str, DEAL)) + "\n" + f"0,1,2,{bad},10,20,30,40,50\n")
    assert main(["eval", str(csv), "--skip-invalid"]) == 3
    captured = capsys.readouterr()
    assert captured.out.count("\n") == 2  # the header and the good row
    assert "line 3: hole: a card code outside 0..51" in captured.err
    assert f"['0', '1', '2', {bad!r}]" in captured.err  # the row's codes as written


def test_dask_frames_refuse_or_replace_a_result_named_column() -> None:
    pd = pytest.importorskip("pandas")
    dd = pytest.importorskip("dask.dataframe")
    from omaha import dask as omaha_dask

    deals = pd.DataFrame({"hole": [HOLE] * 4, "board": [BOARD] * 4, "hi_strength": [1] * 4})
    lazy = dd.from_pandas(deals, npartitions=2)
    with pytest.raises(ColumnError, match="'hi_strength'"):
        omaha_dask.evaluate_frame(lazy)  # at once, before any compute
    out = omaha_dask.evaluate_frame(lazy, replace=True).compute()
    assert list(out.columns).count("hi_strength") == 1
    assert out["hi_strength"].tolist() == [5783] * 4
