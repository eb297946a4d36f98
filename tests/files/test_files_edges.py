"""omaha.files at its edges: codec levels, empty inputs, cut streams, names in errors, clashes.

Each test holds one kind that a new user met (issue 20) or that an
adversarial pass found (issue 17), with the right result or the clear
error (an OmahaError naming the value).
"""

from __future__ import annotations

import bz2
import gzip
import pathlib
import zlib
from collections.abc import Callable

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from omaha.cli import main
from omaha.errors import ArgumentError, TableFormatError
from omaha.files import evaluate_file, open_reader
from paths import EXAMPLES

HANDS = EXAMPLES / "hands.csv"
EXPECTED = (EXAMPLES / "hands.expected.csv").read_bytes()


def _gzip_level_flag(data: bytes) -> int:
    """The XFL byte of a gzip member: 4 for the fastest level, 2 for the best, 0 between."""
    assert data[:2] == b"\x1f\x8b"
    return data[8]


# ------------------------------------------------------------ codec levels


def test_gzip_output_is_written_at_the_fastest_level_by_default(tmp_path: pathlib.Path) -> None:
    out = tmp_path / "out.csv.gz"
    assert main(["eval", str(HANDS), "-o", str(out)]) == 0
    data = out.read_bytes()
    assert gzip.decompress(data) == EXPECTED
    # zlib marks a member deflated at level 1 with XFL 4 (RFC 1952 §2.3.1).
    assert _gzip_level_flag(data) == 4
    assert len(data) >= len(zlib.compress(EXPECTED, 1)) - 64  # not a better level's size


@pytest.mark.parametrize(("level", "flag"), [(1, 4), (6, 0), (9, 2)])
def test_compression_level_chooses_the_gzip_level(
    tmp_path: pathlib.Path, level: int, flag: int
) -> None:
    out = tmp_path / "out.csv.gz"
    assert main(["eval", str(HANDS), "-o", str(out), "--compression-level", str(level)]) == 0
    data = out.read_bytes()
    assert gzip.decompress(data) == EXPECTED
    assert _gzip_level_flag(data) == flag


@pytest.mark.parametrize(("codec", "level"), [("bz2", 1), ("bz2", 9), ("zstd", 1), ("zstd", 19)])
def test_every_codec_takes_a_level_and_reads_back(
    tmp_path: pathlib.Path, codec: str, level: int
) -> None:
    ext = {"bz2": "bz2", "zstd": "zst"}[codec]
    out = tmp_path / f"out.csv.{ext}"
    stats = evaluate_file(str(HANDS), str(out), compression_level=level, chunk_rows=50)
    assert stats.rows == 324
    data = out.read_bytes()
    if codec == "bz2":
        assert bz2.decompress(data) == EXPECTED
        assert data[3:4] == str(level).encode()  # BZh1 .. BZh9: the block size is the level
    else:  # zstd frames, one a write: read back by pyarrow as one stream
        assert pa.CompressedInputStream(pa.BufferReader(data), "zstd").read() == EXPECTED
    with open_reader(str(out)) as reader:  # the library's own reader, by the name's codec
        assert sum(chunk.batch.num_rows for chunk in reader) == 324


def test_gzip_to_standard_output_and_many_batches_read_back(
    capsysbinary: pytest.CaptureFixture[bytes],
) -> None:
    assert main(["eval", str(HANDS), "--compression", "gzip", "--chunk-size", "7"]) == 0
    assert gzip.decompress(capsysbinary.readouterr().out) == EXPECTED


@pytest.mark.parametrize("level", [0, 10, -1, True, 2.5, "3"])
def test_a_level_outside_the_codec_is_an_argument_error(
    tmp_path: pathlib.Path, level: object
) -> None:
    out = tmp_path / "out.csv.gz"
    with pytest.raises(ArgumentError, match="gzip compression levels are 1 to 9, got"):
        evaluate_file(str(HANDS), str(out), compression_level=level)  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == []


def test_a_level_without_a_codec_is_refused(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out.csv"
    with pytest.raises(ArgumentError, match=r"a compression level \(3\) needs a compressed output"):
        evaluate_file(str(HANDS), str(out), compression_level=3)
    assert main(["eval", str(HANDS), "-o", str(out), "--compression-level", "3"]) == 2
    assert "needs a compressed output" in capsys.readouterr().err
    assert main(["eval", str(HANDS), "-o", str(out) + ".gz", "--compression-level", "12"]) == 2
    assert capsys.readouterr().err == "omaha eval: gzip compression levels are 1 to 9, got 12\n"
    assert list(tmp_path.iterdir()) == []


# ------------------------------------------------------ names in the errors


def test_an_unwritable_output_names_the_file_asked_for(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "no" / "such" / "x.csv"
    with pytest.raises(FileNotFoundError) as info:
        evaluate_file(str(HANDS), str(out))
    assert info.value.filename == str(out)
    assert main(["eval", str(HANDS), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert err == f"omaha eval: cannot write {str(out)!r}: No such file or directory\n"
    assert ".part" not in err


# ------------------------------------------------ no rows: the same schema


def _schema_of(path: pathlib.Path) -> pa.Schema:
    if path.suffix == ".parquet":
        return pq.read_schema(path)
    return pa.ipc.open_file(path).schema


@pytest.mark.parametrize("fmt", ["parquet", "arrow"])
@pytest.mark.parametrize("rows", ["header only", "empty file", "every row rejected"])
def test_an_input_without_rows_gives_the_schema_of_one_with_rows(
    tmp_path: pathlib.Path, fmt: str, rows: str
) -> None:
    """A header-only or empty CSV, or one whose every row is skipped: the same columns and types."""
    full = tmp_path / "full.csv"
    full.write_text("hole,board,site\nAhKsKd4c,2sKh8d5cAd,s3\n")
    small = tmp_path / "small.csv"
    small.write_text(
        {"header only": "hole,board,site\n", "empty file": "",
         "every row rejected": "hole,board,site\nAhAh,2s,s1\n"}[rows]
    )  # fmt: skip
    want, got = tmp_path / f"want.{fmt}", tmp_path / f"got.{fmt}"
    assert evaluate_file(str(full), str(want)).rows == 1
    stats = evaluate_file(str(small), str(got), skip_invalid=True)
    assert stats.rows == 0
    schema = _schema_of(got)
    if rows == "empty file":  # no header: no site column, the rest as with rows
        assert schema.equals(pa.schema([f for f in _schema_of(want) if f.name != "site"]))
    else:
        assert schema.equals(_schema_of(want))
    assert (
        pq.read_table(got) if fmt == "parquet" else pa.ipc.open_file(got).read_all()
    ).num_rows == 0


@pytest.mark.parametrize("fmt", ["parquet", "arrow"])
def test_a_binary_table_without_rows_keeps_its_columns_and_their_types(
    tmp_path: pathlib.Path, fmt: str
) -> None:
    schema = pa.schema([("id", pa.int32()), ("hole", pa.string()), ("board", pa.string()),
                        ("pot", pa.float64())])  # fmt: skip
    rows = pa.table({"id": pa.array([7], pa.int32()), "hole": ["AhKsKd4c"],
                     "board": ["2sKh8d5cAd"], "pot": [1.5]}, schema=schema)  # fmt: skip
    for name, table in (("full", rows), ("none", rows.slice(0, 0))):
        path = tmp_path / f"{name}.{fmt}"
        if fmt == "parquet":
            pq.write_table(table, path)
        else:
            with pa.ipc.new_file(path, schema) as w:
                w.write_table(table)
        assert (
            evaluate_file(str(path), str(tmp_path / f"{name}.out.parquet")).rows == table.num_rows
        )
        out = tmp_path / f"{name}.out.csv"
        evaluate_file(str(path), str(out))
    full, none = (pq.read_schema(tmp_path / f"{n}.out.parquet") for n in ("full", "none"))
    assert none.equals(full) and none.field("id").type == pa.int32()
    header = (tmp_path / "full.out.csv").read_text().splitlines()[0]
    assert (tmp_path / "none.out.csv").read_text() == header + "\n"


# -------------------------------------------------- a cut compressed input


def _cut(tmp_path: pathlib.Path, codec: str, keep: float) -> tuple[pathlib.Path, int]:
    """A CSV of 20,000 distinct rows, compressed, cut at ``keep`` of its bytes."""
    import random

    rng = random.Random(5)
    deck = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    lines = ["hole,board,n"]
    for _ in range(20_000):
        cards = rng.sample(deck, 9)
        lines.append(f"{''.join(cards[:4])},{''.join(cards[4:])},{rng.getrandbits(40)}")
    text = ("\n".join(lines) + "\n").encode()
    compress: dict[str, Callable[[bytes], bytes]] = {
        "gzip": gzip.compress, "bz2": bz2.compress,
        "zstd": lambda b: pa.Codec("zstd").compress(b).to_pybytes(),
    }  # fmt: skip
    data = compress[codec](text)
    ext = {"gzip": "gz", "bz2": "bz2", "zstd": "zst"}[codec]
    path = tmp_path / f"cut.csv.{ext}"
    path.write_bytes(data[: int(len(data) * keep)])
    return path, len(lines)


@pytest.mark.parametrize("codec", ["gzip", "bz2", "zstd"])
@pytest.mark.parametrize("keep", [0.1, 0.6, 0.999])
def test_a_cut_compressed_input_names_the_file_and_the_line(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str], codec: str, keep: float
) -> None:
    path, total = _cut(tmp_path, codec, keep)
    with pytest.raises(TableFormatError) as info:
        evaluate_file(str(path), str(tmp_path / "out.csv"))
    message = str(info.value)
    assert message.startswith(f"{str(path)!r}: the {codec} stream stops ")
    assert "the file is cut short or damaged" in message
    if "after line" in message:
        line = int(message.split("after line ")[1].split(":")[0].replace(",", ""))
        assert 0 < line < total
    assert not (tmp_path / "out.csv").exists()
    assert main(["eval", str(path), "-o", str(tmp_path / "out.csv")]) == 1
    assert capsys.readouterr().err == f"omaha eval: {message}\n"


def test_a_cut_jsonl_gz_names_the_line_it_stops_after(tmp_path: pathlib.Path) -> None:
    import random

    rng = random.Random(3)
    text = "".join(f'{{"hole": "AsKsQsJs", "board": "2c3c4c", "n": {rng.getrandbits(48)}}}\n'
                   for _ in range(50_000)).encode()  # fmt: skip
    data = gzip.compress(text)
    path = tmp_path / "cut.jsonl.gz"
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(TableFormatError, match=r"the gzip stream stops after line [\d,]+: "):
        evaluate_file(str(path), str(tmp_path / "out.csv"))
