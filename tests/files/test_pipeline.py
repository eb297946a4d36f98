"""omaha.files, file to file: every format and codec, in and out, checked value by value.

The values are compared with the batch API (:func:`omaha.select_batch`), the
outputs are read back by an independent reader (pyarrow itself, :mod:`csv`,
:mod:`json`), and the failure modes are driven for real (a killed process,
a full disk, a file named for another format).
"""

from __future__ import annotations

import bz2
import csv
import gzip
import io
import json
import os
import pathlib
import signal
import subprocess
import sys
import time
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import omaha
from eval_expect import result_fields as want
from omaha.cli import main
from omaha.errors import BadRowError, ColumnError, TableFormatError
from omaha.files import RESULT_COLUMNS, evaluate_file, format_of, open_reader
from omaha.files.cells import text_rows
from paths import EXAMPLES

DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def deals(n: int, seed: int, mixed: bool = False) -> list[tuple[str, str]]:
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        nh = int(rng.integers(4, 7)) if mixed else 4
        nb = int(rng.integers(3, 6)) if mixed else 5
        cards = [DECK[i] for i in rng.permutation(52)[: nh + nb]]
        out.append(("".join(cards[:nh]), "".join(cards[nh:])))
    return out


def source_table(n: int = 300, seed: int = 1) -> pa.Table:
    rows = deals(n, seed, mixed=True)
    return pa.table(
        {
            "id": [f"d{i}" for i in range(n)],
            "hole": [h for h, _ in rows],
            "board": [b for _, b in rows],
            "pot": list(range(n)),
            "note": ['a "quoted", text\nwith a line' if i % 7 == 0 else None for i in range(n)],
        }
    )


def write_input(table: pa.Table, path: pathlib.Path) -> pathlib.Path:
    """Write the input with pyarrow itself (not omaha), in the format its name says."""
    import pyarrow.csv as pcsv
    import pyarrow.feather as feather

    name = path.name
    raw = io.BytesIO()
    if ".csv" in name or ".tsv" in name:
        delim = "\t" if ".tsv" in name else ","
        pcsv.write_csv(table, raw, pcsv.WriteOptions(delimiter=delim))
    elif ".jsonl" in name:
        raw.write("".join(json.dumps(r) + "\n" for r in table.to_pylist()).encode())
    elif ".parquet" in name:
        pq.write_table(table, raw)
    else:
        feather.write_feather(table, raw)
    data = raw.getvalue()
    if name.endswith(".gz"):
        data = gzip.compress(data)
    elif name.endswith(".bz2"):
        data = bz2.compress(data)
    elif name.endswith(".zst"):
        sink = pa.BufferOutputStream()
        with pa.CompressedOutputStream(sink, "zstd") as z:
            z.write(data)
        data = sink.getvalue().to_pybytes()
    path.write_bytes(data)
    return path


def read_rows(path: pathlib.Path) -> list[dict[str, object]]:
    """Read an output with pyarrow (or json / csv for the text formats): every value as Python."""
    name = path.name
    if ".parquet" in name:
        rows: list[dict[str, object]] = pq.read_table(path).to_pylist()
        return rows
    if ".arrow" in name or ".feather" in name:
        rows = pa.ipc.open_file(path).read_all().to_pylist()
        return rows
    data = path.read_bytes()
    if name.endswith(".gz"):
        data = gzip.decompress(data)
    elif name.endswith(".bz2"):
        data = bz2.decompress(data)
    elif name.endswith(".zst"):
        data = pa.CompressedInputStream(pa.BufferReader(data), "zstd").read()
    text = data.decode()
    if ".jsonl" in name:
        return [json.loads(line) for line in text.splitlines()]
    delim = "\t" if ".tsv" in name else ","
    reader = csv.DictReader(io.StringIO(text, newline=""), delimiter=delim)
    return [{k: (None if v == "" else v) for k, v in row.items()} for row in reader]


def check(rows: list[dict[str, object]], table: pa.Table, text: bool) -> None:
    src = table.to_pylist()
    assert len(rows) == len(src)
    for got, s in zip(rows, src, strict=True):
        expect = {"id": s["id"], "pot": s["pot"], "note": s["note"], **want(s["hole"], s["board"])}
        if text:  # CSV and TSV hold text: compare the text
            expect = {k: None if v is None else str(v) for k, v in expect.items()}
            if expect["note"] is None:
                expect["note"] = None
        assert got == expect


FORMATS = ["csv", "tsv", "jsonl", "parquet", "arrow", "feather"]
CODECS = ["", ".gz", ".bz2", ".zst"]


@pytest.mark.parametrize("out_fmt", FORMATS)
@pytest.mark.parametrize("in_fmt", FORMATS)
def test_every_format_to_every_format(tmp_path: pathlib.Path, in_fmt: str, out_fmt: str) -> None:
    table = source_table(seed=len(in_fmt) * 7 + len(out_fmt))
    src = write_input(table, tmp_path / f"in.{in_fmt}")
    out = tmp_path / f"out.{out_fmt}"
    stats = evaluate_file(str(src), str(out), chunk_rows=64)
    assert (stats.rows, stats.rejected) == (table.num_rows, 0)
    rows = read_rows(out)
    text_in = in_fmt in ("csv", "tsv")
    text_out = out_fmt in ("csv", "tsv")
    if text_in and not text_out:  # CSV passes its columns through as text
        for r in rows:
            r["pot"] = int(str(r["pot"]))
    check(rows, table, text_out)


@pytest.mark.parametrize("codec", CODECS[1:])
@pytest.mark.parametrize("fmt", ["csv", "tsv", "jsonl"])
def test_codecs_in_and_out(tmp_path: pathlib.Path, fmt: str, codec: str) -> None:
    table = source_table(seed=3)
    src = write_input(table, tmp_path / f"in.{fmt}{codec}")
    out = tmp_path / f"out.{fmt}{codec}"
    assert main(["eval", str(src), "-o", str(out)]) == 0
    check(read_rows(out), table, fmt != "jsonl")
    # Standard input: the codec from its magic bytes.
    proc = subprocess.run(
        [sys.executable, "-m", "omaha", "eval", "-", "--input-format", fmt, "--format", "jsonl"],
        input=src.read_bytes(), capture_output=True, check=True,
    )  # fmt: skip
    rows = [json.loads(line) for line in proc.stdout.decode().splitlines()]
    assert [r["hi_name"] for r in rows] == [
        want(h, b)["hi_name"]
        for h, b in zip(table["hole"].to_pylist(), table["board"].to_pylist(), strict=True)
    ]


def test_the_example_in_csv_and_parquet_agree(tmp_path: pathlib.Path) -> None:
    examples = EXAMPLES
    assert main(["eval", str(examples / "hands.csv"), "-o", str(tmp_path / "out.parquet")]) == 0
    assert main(["eval", str(examples / "hands.parquet"), "-o", str(tmp_path / "back.csv")]) == 0
    golden = (examples / "hands.expected.csv").read_bytes().replace(b"\r\n", b"\n")
    assert (tmp_path / "back.csv").read_bytes() == golden
    table = pq.read_table(tmp_path / "out.parquet")
    with (examples / "hands.csv").open(newline="") as f:
        src = list(csv.DictReader(f))
    assert table.column("id").to_pylist() == [r["id"] for r in src]
    assert table.column("hi_name").to_pylist() == [
        want(r["hole"], r["board"])["hi_name"] for r in src
    ]


@pytest.mark.parametrize(
    ("source", "output"),
    [("hands.csv", "out.csv"), ("hands.parquet", "out.parquet"), ("hands.csv", "out.jsonl.gz")],
)
def test_eval_imports_only_what_it_uses(tmp_path: pathlib.Path, source: str, output: str) -> None:
    """pyarrow.array and Array.to_numpy import pandas when it is installed (0.2-0.4 s a run);
    ``omaha eval`` builds its arrays from buffers (omaha.files._arrow) and loads the PHH reader,
    Dask and pyarrow.compute only when a run needs them."""
    examples = EXAMPLES
    argv = ["eval", str(examples / source), "-o", str(tmp_path / output)]
    code = (
        "import sys\n"
        "from omaha.cli import main\n"
        f"assert main({argv!r}) == 0\n"
        "heavy = ('pandas', 'polars', 'dask', 'omaha.phh', 'pyarrow.compute')\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]", done.stdout + done.stderr
    with open_reader(str(tmp_path / output)) as reader:
        got = pa.Table.from_batches([c.batch for c in reader])
    with open_reader(str(examples / source)) as reader:
        deals = pa.Table.from_batches([c.batch for c in reader])
    assert [int(v) for v in got.column("hi_strength").to_pylist()] == [
        omaha.evaluate_hi(h, b).strength
        for h, b in zip(
            deals.column("hole").to_pylist(), deals.column("board").to_pylist(), strict=True
        )
    ]


def test_unknown_output_extension_exits_2(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = write_input(source_table(10), tmp_path / "in.csv")
    for name in ("out.xlsx", "out.json", "out.csv.7z"):
        assert main(["eval", str(src), "-o", str(tmp_path / name)]) == 2
        err = capsys.readouterr().err
        assert (
            err.startswith("omaha eval: unknown extension")
            and name.split(".", 1)[1].split(".")[-1] in err
        )
        assert not (tmp_path / name).exists()
    assert main(["eval", str(src), "-o", str(tmp_path / "out.parquet.gz")]) == 1
    assert "compressed inside" in capsys.readouterr().err
    assert main(["eval", str(src), "-o", str(tmp_path / "out.data"), "--format", "parquet"]) == 0
    assert pq.read_table(tmp_path / "out.data").num_rows == 10


def test_a_name_that_lies_about_its_codec(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = write_input(source_table(10), tmp_path / "in.csv")
    fake = tmp_path / "in.csv.gz"
    fake.write_bytes(src.read_bytes())
    assert main(["eval", str(fake)]) == 1
    assert "is named as gzip but its content is not gzip" in capsys.readouterr().err


def test_rejects_file_and_exit_status_3(tmp_path: pathlib.Path) -> None:
    text = (
        "id,hole,board\na,AhKsKd4c,2sKh8d5cAd\nb,AsAs7h2c,2hKh8d5sAc\n\n"
        "c,AhKs\nd,AsKd7h2c,2hKh8d5sAc\n"
    )
    src = tmp_path / "in.csv"
    src.write_text(text)
    out, rej = tmp_path / "out.jsonl", tmp_path / "rejects.csv"
    assert main(["eval", str(src), "-o", str(out), "--skip-invalid", "--rejects", str(rej)]) == 3
    assert [json.loads(x)["id"] for x in out.read_text().splitlines()] == ["a", "d"]
    with rej.open(newline="") as f:
        rows = list(csv.DictReader(f))
    assert [(r["line"], r["row"]) for r in rows] == [("3", "2"), ("5", "3")]
    assert rows[0]["reason"] == "hole: duplicate card 'As' in 'AsAs7h2c'"
    assert (rows[0]["hole"], rows[0]["board"]) == ("AsAs7h2c", "2hKh8d5sAc")
    assert rows[1]["reason"] == "expected 3 fields, got 2" and rows[1]["hole"] == ""
    # A rejects file in JSON Lines, and no rejected row at all: exit 0, an empty file.
    rej2 = tmp_path / "rejects.jsonl"
    assert main(["eval", str(src), "-o", str(out), "--skip-invalid", "--rejects", str(rej2)]) == 3
    assert json.loads(rej2.read_text().splitlines()[0])["line"] == 3
    good = tmp_path / "good.csv"
    good.write_text("hole,board\nAhKsKd4c,2sKh8d5cAd\n")
    assert main(["eval", str(good), "--skip-invalid", "--rejects", str(rej), "-o", str(out)]) == 0
    assert rej.read_text() == '"line","row","reason","hole","board"\n'


def test_a_bad_row_leaves_no_output_file(tmp_path: pathlib.Path) -> None:
    src = tmp_path / "in.csv"
    src.write_text("hole,board\nAhKsKd4c,2sKh8d5cAd\nAsXs7h2c,2hKh8d5sAc\n")
    out = tmp_path / "out.parquet"
    with pytest.raises(BadRowError, match=r"line 3: hole: malformed card 'Xs'"):
        evaluate_file(str(src), str(out))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.csv"]
    out.write_bytes(b"old")  # an existing file is left as it was
    with pytest.raises(BadRowError):
        evaluate_file(str(src), str(out))
    assert out.read_bytes() == b"old"


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_a_killed_run_leaves_no_partial_file(tmp_path: pathlib.Path) -> None:
    rows = deals(20_000, 9)
    src = tmp_path / "in.csv"
    src.write_text("hole,board\n" + "".join(f"{h},{b}\n" for h, b in rows) * 40)  # 800,000 rows
    out = tmp_path / "out.csv"
    proc = subprocess.Popen(
        [sys.executable, "-m", "omaha", "eval", str(src), "-o", str(out), "--chunk-size", "1000"]
    )
    deadline = time.monotonic() + 60
    while not any(p.name.endswith(".part") and p.stat().st_size > 0 for p in tmp_path.iterdir()):
        assert proc.poll() is None and time.monotonic() < deadline, (
            "the run ended before it was killed"
        )
        time.sleep(0.01)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert not out.exists()  # only the temporary file, under its own name
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".out.csv.")]


class _FailingFile(io.RawIOBase):
    """A file whose writes fail with ENOSPC after ``room`` bytes, on any thread."""

    def __init__(self, target: Any, room: int) -> None:
        self._target, self.room = target, room

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        with memoryview(data) as view:
            n = view.nbytes
        if n > self.room:
            raise OSError(28, "No space left on device")
        self.room -= n
        return int(self._target.write(data))

    def close(self) -> None:
        self._target.close()
        super().close()


def _full_after(monkeypatch: pytest.MonkeyPatch, room: int) -> None:
    """Make every TableWriter's file fail with ENOSPC after ``room`` bytes."""
    from omaha.files import writer

    real_open = writer.TableWriter._open

    def failing_open(self: Any) -> None:
        real_open(self)
        self._file = _FailingFile(self._file, room)
        self._sink = self._make_sink()

    monkeypatch.setattr(writer.TableWriter, "_open", failing_open)


@pytest.mark.parametrize("name", ["out.csv", "out.jsonl", "out.csv.gz", "out.parquet", "out.arrow"])
def test_an_error_of_the_write_behind_is_raised_and_leaves_no_file(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """The writes run on a thread behind the run: a full disk there still stops the run.

    The error comes out of the next ``write`` or of ``close`` as the OSError
    it is; the temporary file is removed and an existing target is kept.
    """
    rows = deals(4_000, 3)
    src = tmp_path / "in.csv"
    src.write_text("hole,board\n" + "".join(f"{h},{b}\n" for h, b in rows) * 10)
    out = tmp_path / name
    out.write_bytes(b"old")
    _full_after(monkeypatch, 50_000)
    with pytest.raises(OSError, match="No space left on device"):
        evaluate_file(str(src), str(out), chunk_rows=1_000)
    assert out.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.csv", name]


@pytest.mark.parametrize("name", ["out.csv", "out.jsonl", "out.csv.gz", "out.parquet", "out.arrow"])
def test_an_error_of_the_last_write_comes_out_of_close(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """One batch, its write failing behind: ``close`` raises it and removes the temporary file."""
    from omaha.files import open_writer

    _full_after(monkeypatch, 200)  # the header fits, the rows do not
    out = tmp_path / name
    writer = open_writer(str(out))
    writer.write(pa.record_batch({"hole": ["AsKsQsJs"] * 1_000, "n": list(range(1_000))}))
    with pytest.raises(OSError, match="No space left on device"):
        writer.close()
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name", ["out.csv", "out.tsv", "out.jsonl", "out.parquet", "out.arrow"])
def test_batches_written_behind_come_out_in_order(tmp_path: pathlib.Path, name: str) -> None:
    """Many small batches (each written on the thread behind) keep their order and rows."""
    rows = deals(3_000, 4)
    src = tmp_path / "in.csv"
    src.write_text("hole,board\n" + "".join(f"{h},{b}\n" for h, b in rows))
    out = tmp_path / name
    evaluate_file(str(src), str(out), chunk_rows=7)
    got = open_reader(str(out))
    table = pa.Table.from_batches([c.batch for c in got])
    got.close()
    assert [int(v) for v in table.column("id").to_pylist()] == list(range(1, 3_001))
    holes = omaha.parse_cards_array(np.array([h for h, _ in rows]), max_cards=6)[0]
    boards = omaha.parse_cards_array(np.array([b for _, b in rows]), max_cards=5)[0]
    want_hi = omaha.evaluate_hi_batch(holes[:, :4], boards)
    assert np.array_equal([int(v) for v in table.column("hi_strength").to_pylist()], want_hi)


def test_columns_pass_through_unchanged(tmp_path: pathlib.Path) -> None:
    table = pa.table(
        {
            "hole": ["AhKsKd4c", "AsKd7h2c"],
            "board": ["2sKh8d5cAd", "2hKh8d5sAc"],
            "when": pa.array([1_700_000_000_000, None], pa.timestamp("ms")),
            "stake": pa.array([0.25, 1.5]),
            "seen": [True, False],
            "tags": [["a", "b"], []],
            "big": pa.array([2**62, -1], pa.int64()),
        }
    )
    src = tmp_path / "in.parquet"
    pq.write_table(table, src)
    out = tmp_path / "out.parquet"
    evaluate_file(str(src), str(out))
    got = pq.read_table(out)
    for name in ("when", "stake", "seen", "tags", "big"):
        assert got.column(name).equals(table.column(name)), name
    assert got.column("id").to_pylist() == [1, 2]
    evaluate_file(str(src), str(tmp_path / "out.jsonl"))
    line = json.loads((tmp_path / "out.jsonl").read_text().splitlines()[0])
    assert (line["stake"], line["seen"], line["tags"], line["big"]) == (
        0.25,
        True,
        ["a", "b"],
        2**62,
    )


def test_columns_option(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = write_input(source_table(5), tmp_path / "in.csv")
    assert main(["eval", str(src), "--columns", "hi_name,hole,id", "--format", "jsonl"]) == 0
    first = json.loads(capsys.readouterr().out.splitlines()[0])
    assert list(first) == ["hi_name", "hole", "id"]
    assert main(["eval", str(src), "--columns", "hi_name,nope"]) == 2
    assert "no column 'nope'" in capsys.readouterr().err
    with pytest.raises(ColumnError):
        evaluate_file(str(src), "-", columns=["x"])


def test_code_columns_and_stdin_parquet(tmp_path: pathlib.Path) -> None:
    rows = deals(50, 11)
    codes = [omaha.parse_cards(h + b) for h, b in rows]
    table = pa.table(
        {f"hole{k}": [c[k] for c in codes] for k in range(4)}
        | {f"board{k}": [c[4 + k] for c in codes] for k in range(5)}
    )
    buf = io.BytesIO()
    pq.write_table(table, buf)
    args = ["-", "--columns", "hi_cards,lo_cards", "--format", "jsonl"]
    proc = subprocess.run(
        [sys.executable, "-m", "omaha", "eval", *args],
        input=buf.getvalue(),
        capture_output=True,
        check=True,
    )
    got = [json.loads(x) for x in proc.stdout.decode().splitlines()]
    assert got == [{k: want(h, b)[k] for k in ("hi_cards", "lo_cards")} for h, b in rows]


def test_threads_write_the_same_output(tmp_path: pathlib.Path) -> None:
    src = write_input(source_table(20_000, seed=12), tmp_path / "in.parquet")
    evaluate_file(str(src), str(tmp_path / "one.parquet"), threads=1)
    evaluate_file(str(src), str(tmp_path / "two.parquet"), threads=2)
    assert pq.read_table(tmp_path / "one.parquet").equals(pq.read_table(tmp_path / "two.parquet"))


def test_format_of() -> None:
    assert format_of("a/b/Deals.CSV.GZ") == ("csv", "gzip")
    assert format_of("x.ndjson.zst") == ("jsonl", "zstd")
    assert format_of("x.feather") == ("arrow", None)
    assert format_of("x.txt") == (None, None)
    with pytest.raises(TableFormatError, match=r"unknown extension '\.txt'"):
        format_of("x.txt", writing=True)
    # A codec's extension alone names no format (it said "unknown extension 'out.gz'").
    with pytest.raises(TableFormatError, match=r"^no format before '\.gz' in '/dev/out\.gz'"):
        format_of("/dev/out.gz", writing=True)
    assert format_of("out.gz") == (None, "gzip")  # reading: the content decides


def test_jsonl_text_is_what_json_reads() -> None:
    batch = pa.record_batch(
        [
            pa.array([1, None, -3]),
            pa.array([1.0, float("nan"), 1e20]),
            pa.array(['a"b\\c', "\x00\x1f\u00e9", None]),
            pa.array([[1, 2], None, []]),
            pa.array([True, False, None]),
        ],
        names=["n", "f", "s", "l", "b"],
    )
    rows = [json.loads(line) for line in text_rows(batch, "jsonl").decode().splitlines()]
    assert rows == [
        {"n": 1, "f": 1.0, "s": 'a"b\\c', "l": [1, 2], "b": True},
        {"n": None, "f": None, "s": "\x00\x1f\u00e9", "l": None, "b": False},
        {"n": -3, "f": 1e20, "s": None, "l": [], "b": None},
    ]
    assert isinstance(rows[0]["f"], float) and isinstance(rows[2]["f"], float)


def test_reader_reports_lines_of_multiline_records(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "in.csv"
    path.write_bytes(
        b'id,hole,board\r\n"a\nb",x,y\r\n\r\n\r\nc,d\r\n"e\r\n\r\nf",AhKsKd4c,2sKh8d5cAd\r\n'
    )
    with open_reader(str(path)) as reader:
        chunks = list(reader)
    lines = [int(x) for c in chunks for x in c.lines.tolist()]  # type: ignore[union-attr]
    rejected = [(r.row, r.line, r.reason) for c in chunks for r in c.rejected]
    assert lines == [2, 7]
    assert rejected == [(2, 6, "expected 3 fields, got 2")]


def test_result_columns_are_typed(tmp_path: pathlib.Path) -> None:
    src = write_input(source_table(20), tmp_path / "in.csv")
    evaluate_file(str(src), str(tmp_path / "out.parquet"))
    schema = pq.read_schema(tmp_path / "out.parquet")
    types = {c: schema.field(c).type for c in RESULT_COLUMNS}
    assert (types["hi_strength"], types["lo_strength"]) == (pa.uint16(), pa.uint8())
    assert (types["hi_cards"], types["lo_cards"]) == (pa.string(), pa.string())
    for name in ("hi_category", "hi_name", "lo_name"):  # categorical: the names once each
        assert pa.types.is_dictionary(types[name]) and types[name].value_type == pa.string()


def test_parquet_leaf_paths_are_pyarrows(tmp_path: pathlib.Path) -> None:
    from omaha.files.writer import _leaves

    table = pa.table(
        {
            "l": pa.array([[1, 2], [3]]),
            "s": pa.array([{"a": 1, "b": [{"c": "x"}]}, {"a": 2, "b": []}]),
            "m": pa.array([[("k", 1)], []], pa.map_(pa.string(), pa.int8())),
            "d": pa.array(["x", "y"]).dictionary_encode(),
            "f": pa.array([[1, 2], [3, 4]], pa.list_(pa.int8(), 2)),
            "L": pa.array([[1], [2]], pa.large_list(pa.int8())),
            "a.b": ["x", "y"],
        }
    )
    pq.write_table(table, tmp_path / "t.parquet")
    leaves = pq.read_metadata(tmp_path / "t.parquet").schema
    assert _leaves(table.schema, set()) == [leaves.column(i).path for i in range(len(leaves))]
    plain = [*_leaves(table.schema, set())[:5], "f.list.element", "L.list.element"]
    assert _leaves(table.schema, {"a.b", "d"}) == plain


def test_parquet_output_keeps_statistics_but_not_on_the_cards(tmp_path: pathlib.Path) -> None:
    examples = EXAMPLES
    out = tmp_path / "out.parquet"
    assert main(["eval", str(examples / "hands.csv"), "-o", str(out)]) == 0
    group = pq.read_metadata(out).row_group(0)
    stats = {group.column(i).path_in_schema: group.column(i) for i in range(group.num_columns)}
    assert not stats["hi_cards"].is_stats_set and not stats["lo_cards"].is_stats_set
    assert stats["hi_cards"].encodings == stats["lo_cards"].encodings
    assert "RLE_DICTIONARY" not in stats["hi_cards"].encodings
    strengths = pq.read_table(out).column("hi_strength").to_pylist()
    assert stats["hi_strength"].statistics.max == max(strengths)
    assert "RLE_DICTIONARY" in stats["hi_name"].encodings
    # The row numbers: no dictionary (all distinct), but their range for readers.
    ids = pq.read_table(out).column("id").to_pylist()
    assert "RLE_DICTIONARY" not in stats["id"].encodings
    assert (stats["id"].statistics.min, stats["id"].statistics.max) == (min(ids), max(ids))


def test_write_rejects_writes_the_rows_in_the_format_the_name_says(tmp_path: pathlib.Path) -> None:
    import pyarrow.parquet as pq

    from omaha.files import RejectedRow, write_rejects

    rows = [
        RejectedRow(3, 4, "hole: malformed card 'Xs' in 'AsXs7h2c'", "AsXs7h2c", "2hKh8d5sAc"),
        RejectedRow(9, None, "board: 4 cards", "AhKsKd4c", None),
    ]
    assert write_rejects(str(tmp_path / "r.csv"), iter(rows)) == 2
    with open(tmp_path / "r.csv", newline="", encoding="utf-8") as fp:
        back = list(csv.reader(fp))
    assert back[0] == ["line", "row", "reason", "hole", "board"]
    assert back[1] == [
        "4",
        "3",
        "hole: malformed card 'Xs' in 'AsXs7h2c'",
        "AsXs7h2c",
        "2hKh8d5sAc",
    ]
    assert back[2] == ["", "9", "board: 4 cards", "AhKsKd4c", ""]
    assert write_rejects(str(tmp_path / "r.parquet"), rows) == 2
    assert pq.read_table(tmp_path / "r.parquet").to_pylist()[1] == {
        "line": None,
        "row": 9,
        "reason": "board: 4 cards",
        "hole": "AhKsKd4c",
        "board": None,
    }
    assert write_rejects(str(tmp_path / "none.csv"), []) == 0
    assert (tmp_path / "none.csv").read_text() == '"line","row","reason","hole","board"\n'


def test_the_command_line_uses_no_private_name_of_the_library() -> None:
    # cli/ parses arguments and calls the library's public API (issue 8).
    import re

    cli = pathlib.Path(omaha.__file__).parent / "cli"
    private = re.compile(r"from omaha[\w.]* import [^\n]*\b_(?!_)\w+|import omaha\.[\w.]*\b_\w+")
    assert private.findall("    from omaha.files.pipeline import _RejectFile") != []
    found = {p.name: private.findall(p.read_text()) for p in cli.glob("*.py")}
    assert {name: hits for name, hits in found.items() if hits} == {}


def test_text_writer_reads_arrow_buffers_in_place_and_checks_them() -> None:
    # The writer takes a string column's data as a buffer, without copying
    # it to bytes: empty strings, an all-empty column, a sliced column (its
    # offsets start past 0) and nulls give the text pyarrow's own CSV gives.
    import numpy as np
    import pyarrow as pa
    import pyarrow.csv as pacsv

    from omaha.files._textio import write_rows

    col = pa.array(["a", "", None, 'q"uote', "last"])
    for arr in (col, col.slice(1), pa.array(["", ""]), pa.array([None, None], pa.string())):
        batch = pa.record_batch([arr], names=["s"])
        sink = pa.BufferOutputStream()
        pacsv.write_csv(batch, sink, pacsv.WriteOptions(include_header=False))
        ours = text_rows(batch, "csv").decode()
        theirs = sink.getvalue().to_pybytes().decode()
        assert [pacsv_field(x) for x in ours.splitlines()] == [
            pacsv_field(x) for x in theirs.splitlines()
        ]
    # Offsets past the end of the buffer are refused, not read.
    data = np.frombuffer(b"abc", np.uint8)
    cell = (1, b"", b"", np.array([0, 2, 9], np.int64), data, None, 0, None)
    with pytest.raises(ValueError, match="outside the data"):
        write_rows([cell], b"\n", bytearray())


def pacsv_field(line: str) -> str | None:
    """A one-column CSV line's value (None for an empty, unquoted field)."""
    if line == "":
        return None
    assert line.startswith('"') and line.endswith('"'), line
    return line[1:-1].replace('""', '"')


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.one_of(st.none(), st.text(st.sampled_from('ab",\n é'), max_size=40)),
        min_size=1,
        max_size=30,
    ),
    st.integers(0, 3),
)
def test_text_writer_round_trips_cells_of_every_length(values: list[str | None], cut: int) -> None:
    # Short cells are moved 16 bytes at a time unless that would read past
    # the end of their buffer: cells of 0 to 40 bytes, at the end of a
    # column's buffer or not (a slice), with quotes, commas and newlines,
    # read back by Python's csv module as written (a null as an empty field).
    arr = pa.array(values, pa.string()).slice(0, max(1, len(values) - cut))
    batch = pa.record_batch([arr, arr], names=["s", "t"])
    text = text_rows(batch, "csv").decode()
    rows = list(csv.reader(io.StringIO(text, newline="")))
    expected = [v if v is not None else "" for v in arr.to_pylist()]
    assert [r[0] for r in rows] == expected
    assert [r[1] for r in rows] == expected


@pytest.mark.parametrize("out_fmt", ["csv", "tsv", "jsonl", "parquet", "arrow"])
def test_integers_pass_through_exactly_at_every_width(tmp_path: pathlib.Path, out_fmt: str) -> None:
    # Every integer type's extremes and a null go through `omaha eval` and
    # read back as the same numbers (a uint64 above 2**63 - 1 once came out
    # negative: the text writer took every integer as an int64).
    types = [pa.int8(), pa.int16(), pa.int32(), pa.int64(),
             pa.uint8(), pa.uint16(), pa.uint32(), pa.uint64()]  # fmt: skip
    columns: dict[str, Any] = {"hole": ["AsKsQsJs"] * 3, "board": ["2c3c4c5c6c"] * 3}
    expected: dict[str, list[int | None]] = {}
    for t in types:
        info = np.iinfo(t.to_pandas_dtype())
        values = [int(info.min), int(info.max), None]
        columns[f"n_{t}"] = pa.array(values, t)
        expected[f"n_{t}"] = values
    source = tmp_path / "in.parquet"
    pq.write_table(pa.table(columns), source)
    out = tmp_path / f"out.{out_fmt}"
    assert main(["eval", str(source), "-o", str(out), "--no-progress"]) == 0
    with open_reader(str(out)) as reader:
        got = pa.Table.from_batches([c.batch for c in reader]).to_pydict()
    for name, values in expected.items():
        assert [None if v is None else int(v) for v in got[name]] == values, name
