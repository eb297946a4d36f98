"""``omaha eval`` on inputs built to break it: each expected row comes from the
one-hand API (:func:`omaha.evaluate_hi` / :func:`omaha.evaluate_lo`) and is
written by ``tests/eval_expect.py`` / :mod:`json`, and each rejected input must give a clean
message (no traceback) and the documented exit status."""

from __future__ import annotations

import csv
import io
import json
import pathlib
import subprocess
import sys
import tracemalloc
from collections.abc import Callable

import pytest

import eval_expect
import omaha
from omaha.cli import main
from paths import EXAMPLES

HOLE, BOARD = "AhKsKd4c", "2sKh8d5cAd"


def expected_csv(*rows: tuple[object, str, str]) -> bytes:
    return eval_expect.expected_csv(rows).encode()


def expected_jsonl(*rows: tuple[object, str, str]) -> bytes:
    return eval_expect.expected_jsonl(rows).encode()


Cli = Callable[..., tuple[int, bytes, str]]


@pytest.fixture
def cli(capsysbinary: pytest.CaptureFixture[bytes], monkeypatch: pytest.MonkeyPatch) -> Cli:
    def call(*args: object, stdin: bytes | None = None) -> tuple[int, bytes, str]:
        if stdin is not None:
            monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
        status = main(["eval", *map(str, args)])
        out, err = capsysbinary.readouterr()
        return status, out, err.decode()

    return call


def test_lone_carriage_returns_end_lines(cli: Cli, tmp_path: pathlib.Path) -> None:
    """Lines ended by a lone CR (old Mac files) are lines, as for Arrow's reader.

    (The csv-module reader refused them with a message; Arrow reads them.)
    """
    path = tmp_path / "in.csv"
    path.write_bytes(f"hole,board\r{HOLE},{BOARD}\r\rAsXs7h2c,{BOARD}\r".encode())
    status, out, err = cli(path, "--skip-invalid")
    assert (status, out) == (3, expected_csv((1, HOLE, BOARD)))
    assert err.startswith("omaha eval: line 4: hole: malformed card 'Xs'"), err


def test_header_longer_than_a_csv_field_passes_through(cli: Cli, tmp_path: pathlib.Path) -> None:
    """A 200,000-character column name (over the csv module's field limit) is a column."""
    name = "x" * 200_000
    path = tmp_path / "in.csv"
    path.write_text(f"hole,board,{name}\n{HOLE},{BOARD},1\n")
    status, out, err = cli(path, "--format", "jsonl")
    assert (status, err) == (0, "")
    row = json.loads(out)
    assert row[name] == "1" and row["hi_name"] == str(omaha.evaluate_hi(HOLE, BOARD))


@pytest.mark.parametrize("where", ["missing/out.csv", "."])
def test_output_that_cannot_be_written(cli: Cli, tmp_path: pathlib.Path, where: str) -> None:
    path = tmp_path / "in.csv"
    path.write_text(f"hole,board\n{HOLE},{BOARD}\n")
    status, out, err = cli(path, "-o", tmp_path / where)
    assert (status, out) == (1, b"")
    assert err.startswith("omaha eval: cannot write "), err


DEEP = ["[" * 100_000, '{"hole": "x", "board": "y", "id": ' + "[" * 100_000]


@pytest.mark.parametrize("deep", DEEP, ids=["array", "id"])
def test_json_nested_too_deeply_is_a_bad_row(cli: Cli, tmp_path: pathlib.Path, deep: str) -> None:
    good = json.dumps({"hole": HOLE, "board": BOARD})
    path = tmp_path / "in.jsonl"
    path.write_text(f"{good}\n{deep}\n{good}\n")
    status, out, err = cli(path)
    assert (status, out) == (1, expected_jsonl((1, HOLE, BOARD)))
    assert err.startswith("omaha eval: line 2: invalid JSON (maximum recursion depth"), err[:200]
    status, out, err = cli(path, "--skip-invalid")
    assert (status, out) == (3, expected_jsonl((1, HOLE, BOARD), (3, HOLE, BOARD)))
    assert err.startswith("omaha eval: line 2: invalid JSON") and err.endswith("(skipped)\n")


def test_json_line_holding_two_values_shifts_no_other_line(
    cli: Cli, tmp_path: pathlib.Path
) -> None:
    # Joined into one array, lines 1-3 hold exactly three values; each line on
    # its own is invalid, and line 4 must keep its own row number and line.
    a = json.dumps({"hole": HOLE, "board": BOARD, "id": "A"})
    b = json.dumps({"hole": "AsKd7h2c", "board": "2hKh8d5sAc", "id": "B"})
    path = tmp_path / "in.jsonl"
    path.write_text(f"{a}, {b}\n[{a}\n{a}]\n{json.dumps({'hole': HOLE, 'board': BOARD})}\n")
    status, out, err = cli(path)
    assert (status, out) == (1, b"")
    assert err.startswith("omaha eval: line 1: invalid JSON (Extra data)"), err
    status, out, err = cli(path, "--skip-invalid")
    assert (status, out) == (3, expected_jsonl((4, HOLE, BOARD)))
    assert [line.split(":")[1] for line in err.splitlines()] == [" line 1", " line 2", " line 3"]


def test_json_value_split_over_two_lines_is_two_bad_lines(cli: Cli, tmp_path: pathlib.Path) -> None:
    path = tmp_path / "in.jsonl"
    path.write_text(f'{{"hole": "{HOLE}",\n"board": "{BOARD}"}}\n')
    status, out, err = cli(path, "--skip-invalid")
    assert (status, out) == (3, b"")
    assert [line.split(":")[1] for line in err.splitlines()] == [" line 1", " line 2"]


@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
@pytest.mark.parametrize("quote", ["", '"'])
def test_ids_that_are_not_utf8_are_written_as_valid_text(
    cli: Cli, tmp_path: pathlib.Path, fmt: str, quote: str
) -> None:
    # Whether or not a field of the chunk is quoted, a bad byte in an id comes
    # out as U+FFFD, and JSON Lines output stays valid UTF-8 JSON.
    hole = f"{quote}{HOLE}{quote}".encode()
    path = tmp_path / "in.csv"
    path.write_bytes(b"id,hole,board\n\xff\xfeid,%s,%s\n" % (hole, BOARD.encode()))
    with path.open("ab") as f:
        f.write(f"été,{HOLE},2hKh8d5sAc\n".encode())
    status, out, err = cli(path, "--format", fmt)
    rows = [("\ufffd\ufffdid", HOLE, BOARD), ("été", HOLE, "2hKh8d5sAc")]
    assert (status, err) == (0, "")
    assert out == (expected_csv if fmt == "csv" else expected_jsonl)(*rows)
    if fmt == "jsonl":
        ids = [json.loads(line)["id"] for line in out.decode().splitlines()]
        assert ids == [r[0] for r in rows]


def write_rows(path: pathlib.Path, quote: bool, *rows: tuple[str, str, str]) -> pathlib.Path:
    q = '"' if quote else ""
    text = "id,hole,board\n" + "".join(f"{q}{i}{q},{h},{b}\n" for i, h, b in rows)
    path.write_bytes(text.encode())
    return path


@pytest.mark.parametrize("quote", [False, True], ids=["arrays", "csv-module"])
@pytest.mark.parametrize("spaces", [0, 200, 5000])
def test_nul_after_the_cards_is_a_malformed_card(
    cli: Cli, tmp_path: pathlib.Path, quote: bool, spaces: int
) -> None:
    # omaha.evaluate_hi rejects "AhKsKd4c\0": so must the pipeline (a NumPy
    # string drops a NUL at its end, as it drops the padding of the arrays).
    hole = HOLE + " " * spaces + "\0"
    with pytest.raises(omaha.InvalidCardError):
        omaha.evaluate_hi(hole, BOARD)
    path = write_rows(tmp_path / "in.csv", quote, ("a", HOLE, BOARD), ("b", hole, BOARD))
    status, out, err = cli(path)
    assert (status, out) == (1, expected_csv(("a", HOLE, BOARD)))
    assert err.startswith("omaha eval: line 3: hole: malformed card '\\x00'"), err


def test_nul_in_json_card_text_is_a_malformed_card(cli: Cli, tmp_path: pathlib.Path) -> None:
    path = tmp_path / "in.jsonl"
    path.write_text(json.dumps({"hole": HOLE, "board": BOARD + "\0"}) + "\n")
    status, out, err = cli(path)
    assert (status, out) == (1, b"")
    assert err.startswith("omaha eval: line 1: board: malformed card '\\x00'"), err


@pytest.mark.parametrize("quote", [False, True], ids=["arrays", "csv-module"])
def test_nul_in_an_id_is_kept(cli: Cli, tmp_path: pathlib.Path, quote: bool) -> None:
    path = write_rows(tmp_path / "in.csv", quote, ("a\0b", HOLE, BOARD))
    status, out, err = cli(path, "--format", "jsonl")
    assert (status, out, err) == (0, expected_jsonl(("a\0b", HOLE, BOARD)), "")


@pytest.mark.parametrize("quote", [False, True], ids=["arrays", "csv-module"])
def test_card_text_padded_past_128_characters_reads_as_the_one_hand_api(
    cli: Cli, tmp_path: pathlib.Path, quote: bool
) -> None:
    hole = " " * 150 + "Ah Ks " + " " * 100 + "Kd 4c"
    board = "2s Kh 8d 5c Ad" + "\t" * 300
    rows = [("a", hole, BOARD), ("b", HOLE, board), ("c", "As" + " " * 200 + "Xx", BOARD)]
    path = write_rows(tmp_path / "in.csv", quote, *rows)
    status, out, err = cli(path, "--skip-invalid")
    assert (status, out) == (3, expected_csv(*rows[:2]))
    assert err.startswith("omaha eval: line 4: hole: malformed card 'Xx'"), err


def test_one_long_field_does_not_widen_the_whole_chunk(tmp_path: pathlib.Path) -> None:
    """A 20,000-character hole once made a 20,000-wide text matrix for every row."""
    rows = [(str(i), HOLE, BOARD) for i in range(2000)]
    rows[0] = ("0", HOLE + " " * 20_000, BOARD)
    path = write_rows(tmp_path / "in.csv", True, *rows)
    out = tmp_path / "out.csv"
    assert main(["eval", str(path), "-o", str(out)]) == 0  # tables built
    tracemalloc.start()
    try:
        assert main(["eval", str(path), "-o", str(out)]) == 0
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert out.read_bytes() == expected_csv(*rows)
    assert peak < 20_000_000, peak


@pytest.mark.parametrize("escape", ["\\ud800", "\\udcff", "\\udfff"])
def test_json_id_with_a_lone_surrogate(cli: Cli, tmp_path: pathlib.Path, escape: str) -> None:
    # Valid JSON text whose string has no UTF-8 form: JSON Lines output keeps
    # the escape (and stays valid UTF-8); CSV output writes the value as JSON
    # text with the same escape (it was U+FFFD, which lost the value).
    path = tmp_path / "in.jsonl"
    line = f'{{"hole": "{HOLE}", "board": "{BOARD}", "id": ["x{escape}"]}}\n'
    path.write_text(line)
    status, out, err = cli(path)
    assert (status, err) == (0, "")
    assert json.loads(out.decode())["id"] == json.loads(line)["id"]
    status, out, err = cli(path, "--format", "csv")
    assert (status, err) == (0, "")
    assert out == expected_csv((f'["x{escape}"]', HOLE, BOARD))
    assert out.isascii() or out.decode()  # valid UTF-8


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity", "1e999", "-2.5E+400"])
def test_json_constants_that_are_not_json_make_a_bad_row(
    cli: Cli, tmp_path: pathlib.Path, constant: str
) -> None:
    # Passed through (1e999 as infinity), they made the JSON Lines output invalid.
    path = tmp_path / "in.jsonl"
    path.write_text(
        f'{{"hole": "{HOLE}", "board": "{BOARD}", "id": [{constant}]}}\n'
        f'{{"hole": "{HOLE}", "board": "{BOARD}", "id": "{constant}"}}\n'
    )
    status, out, err = cli(path, "--skip-invalid")
    assert (status, out) == (3, expected_jsonl((constant, HOLE, BOARD)))
    why = "is beyond a float's range" if constant[-1].isdigit() else "is not JSON"
    assert err.startswith(f"omaha eval: line 1: invalid JSON ({constant} {why}): ")
    assert err.endswith("(skipped)\n")


@pytest.mark.skipif(not pathlib.Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_full_disk_is_a_clean_error(cli: Cli, tmp_path: pathlib.Path) -> None:
    path = tmp_path / "in.csv"
    path.write_text(f"hole,board\n{HOLE},{BOARD}\n")
    status, out, err = cli(path, "-o", "/dev/full")
    assert (status, out, err) == (1, b"", "omaha eval: [Errno 28] No space left on device\n")
    with open("/dev/full", "wb") as full:
        proc = subprocess.run(
            [sys.executable, "-m", "omaha", "eval", str(path)], stdout=full, stderr=subprocess.PIPE
        )
    assert (proc.returncode, proc.stderr) == (
        1,
        b"omaha eval: [Errno 28] No space left on device\n",
    )


STRAY_QUOTES = (
    'id,hole,board\n5",AhKsKd4c,2sKh8d5cAd\n"m\nl",AsKd7h2c,2hKh8d5sAc\n'
    'a"b,AhKsKd4c,2sKh8d5cAs\n"x"",\n",AhKsKd4c,2sKh8d5cAd\n"ab"cd,AsKd7h2c,2hKh8d5sAc\n'
)


@pytest.mark.parametrize("chunk", [1, 2, 3, 4, 100])
def test_quotes_inside_unquoted_fields_with_multiline_quoted_fields(
    cli: Cli, tmp_path: pathlib.Path, chunk: int
) -> None:
    # The csv module keeps a quote inside an unquoted field as text (5", a"b);
    # counting quotes then split the quoted "m\nl" record between two chunks.
    path = tmp_path / "in.csv"
    path.write_text(STRAY_QUOTES)
    records = list(csv.reader(io.StringIO(STRAY_QUOTES, newline="")))[1:]
    status, out, err = cli(path, "--chunk-size", chunk)
    assert (status, err) == (0, "")
    assert out == expected_csv(*((r[0], r[1], r[2]) for r in records))


def test_a_quote_inside_an_unquoted_field_keeps_memory_to_a_chunk(tmp_path: pathlib.Path) -> None:
    """One stray quote on the first row once held the rest of the file in one chunk."""
    rows = [(f'{i}"' if i == 0 else str(i), HOLE, BOARD) for i in range(30_000)]
    path = tmp_path / "in.csv"
    path.write_text("id,hole,board\n" + "".join(f"{i},{h},{b}\n" for i, h, b in rows))
    out = tmp_path / "out.csv"
    args = ["eval", str(path), "-o", str(out), "--chunk-size", "2048"]
    assert main(args) == 0  # tables built
    tracemalloc.start()
    try:
        assert main(args) == 0
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert out.read_bytes() == expected_csv(*rows)
    assert peak < 8_000_000, peak


@pytest.mark.parametrize("head", [b"PAR1", b"XAR1"], ids=["parquet", "parquet-without-magic"])
def test_a_binary_file_under_a_text_name_is_one_clear_error(
    tmp_path: pathlib.Path, head: bytes
) -> None:
    # A Parquet file named .csv: pyarrow's report of its rows printed an
    # "Exception ignored" traceback, the message held raw bytes, and the
    # read-ahead thread, still waiting for the interpreter at exit, aborted
    # the process (exit 134) in about one run of three.
    data = (EXAMPLES / "hands.parquet").read_bytes()
    path = tmp_path / "wrong.csv"
    path.write_bytes(head + data[4:])
    for _ in range(6):
        proc = subprocess.run(
            [sys.executable, "-m", "omaha", "eval", str(path), "-o", str(tmp_path / "o.csv")],
            capture_output=True,
            check=False,
        )
        err = proc.stderr.decode("utf-8")
        assert proc.returncode == 1, err
        assert err.count("\n") == 1 and err.startswith(f"omaha eval: {str(path)!r}"), err
        assert err.isascii() and "Traceback" not in err, err
        assert not (tmp_path / "o.csv").exists()
    if head == b"PAR1":
        assert "holds parquet data, not csv" in err
