"""``omaha eval``: the pipeline command, checked row by row against the one-hand API.

Every expected row is built from :func:`omaha.evaluate_hi` /
:func:`omaha.evaluate_lo` (the 60-combination selection) and written by
``tests/eval_expect.py`` or :mod:`json`, so the Arrow-based reading, the
compiled checking and formatting of the command are compared with an
independent, per-row path.
"""

from __future__ import annotations

import csv
import io
import json
import pathlib
import random
import subprocess
import sys
from collections.abc import Callable

import pytest

from eval_expect import BAD_ROWS, OUTPUT_COLUMNS, csv_lines, expected_csv, expected_fields
from omaha.cli import main
from paths import EXAMPLES

DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]


# ------------------------------------------------------------------ helpers


def deals(seed: int, count: int, mixed: bool = False) -> list[tuple[str, str]]:
    rng = random.Random(seed)
    result = []
    for _ in range(count):
        nh = rng.choice((4, 5, 6)) if mixed else 4
        nb = rng.choice((3, 4, 5)) if mixed else 5
        cards = rng.sample(DECK, nh + nb)
        result.append(("".join(cards[:nh]), "".join(cards[nh:])))
    return result


def spell(cards: str, rng: random.Random) -> str:
    """Write cards another way the input accepts: spaces, lower case, 10 for T."""
    parts = [cards[i : i + 2] for i in range(0, len(cards), 2)]
    if rng.random() < 0.5:
        parts = [p.lower() for p in parts]
    parts = [p.replace("T", "10") if rng.random() < 0.5 else p for p in parts]
    return rng.choice(["", " ", "  ", ", "]).join(parts)


def run(
    capsysbinary: pytest.CaptureFixture[bytes],
    monkeypatch: pytest.MonkeyPatch,
    *args: str,
    stdin: bytes | None = None,
) -> tuple[int, bytes, str]:
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
    status = main(["eval", *map(str, args)])
    out, err = capsysbinary.readouterr()
    return status, out, err.decode()


Cli = Callable[..., tuple[int, bytes, str]]
"""``cli(*args, stdin=None) -> (exit status, stdout bytes, stderr text)``."""


@pytest.fixture
def cli(capsysbinary: pytest.CaptureFixture[bytes], monkeypatch: pytest.MonkeyPatch) -> Cli:
    def call(*args: str, stdin: bytes | None = None) -> tuple[int, bytes, str]:
        return run(capsysbinary, monkeypatch, *args, stdin=stdin)

    return call


def write(path: pathlib.Path, text: str) -> pathlib.Path:
    path.write_bytes(text.encode())
    return path


# ------------------------------------------------------------- the example


def golden(name: str) -> bytes:
    """A checked-in expected output (as written: LF line ends, whatever git did on checkout)."""
    return (EXAMPLES / name).read_bytes().replace(b"\r\n", b"\n")


def test_example_matches_checked_in_output() -> None:
    """The README's first command, run as a user would, gives the expected file byte for byte."""
    proc = subprocess.run(
        [sys.executable, "-m", "omaha", "eval", str(EXAMPLES / "hands.csv")],
        capture_output=True,
        check=True,
    )
    assert proc.stdout == golden("hands.expected.csv")
    assert proc.stderr == b""


def test_example_jsonl_matches_checked_in_output(cli: Cli) -> None:
    status, out, _ = cli(EXAMPLES / "hands.jsonl", "--format", "jsonl")
    assert status == 0
    assert out == golden("hands.expected.jsonl")


def test_example_expected_output_is_right() -> None:
    """The golden file agrees with the one-hand API on every row (not just with itself)."""
    with (EXAMPLES / "hands.csv").open(newline="") as f:
        rows = [(r["id"], r["hole"], r["board"]) for r in csv.DictReader(f)]
    assert len(rows) > 300
    assert golden("hands.expected.csv").decode() == expected_csv(rows)


def test_example_real_showdowns_checked_by_hand() -> None:
    """Rows checked by hand against the rules and the PHH results (docs/rules.md §2, §3)."""
    with (EXAMPLES / "hands.expected.csv").open(newline="") as f:
        got = {r["id"]: r for r in csv.DictReader(f)}
    # Heads-up record pot: A3 with 4-5-2 is the wheel (and the nut low).
    r = got["online-2009-plo-heads-up-record-pot:p1"]
    assert (r["hi_name"], r["hi_cards"], r["lo_name"]) == (
        "Straight, five high",
        "5c4s3s2hAh",
        "5-4-3-2-A",
    )
    # Hand 31 (pot limit, hi only): both players have tens with K-Q-8, a tie (the pot split).
    a, b = got["wsop-2023-43-day5-hand31:p1"], got["wsop-2023-43-day5-hand31:p2"]
    assert a["hi_name"] == b["hi_name"] == "One pair, tens"
    assert a["hi_strength"] == b["hi_strength"]
    # Hand 76 (hi-lo): aces up win the high, 7-5-4-2-A beats 8-7-5-4-A for the low (split).
    a, b = got["wsop-2023-43-day5-hand76:p2"], got["wsop-2023-43-day5-hand76:p3"]
    assert a["hi_name"] == "Two pair, aces and jacks" and b["hi_name"] == "One pair, jacks"
    assert (a["lo_name"], b["lo_name"]) == ("8-7-5-4-A", "7-5-4-2-A")
    assert int(b["lo_strength"]) > int(a["lo_strength"])
    # Hand 80: jacks up win the high, 8-7-4-3-2 beats 8-7-5-4-2 for the low (split).
    a, b = got["wsop-2023-43-day5-hand80:p1"], got["wsop-2023-43-day5-hand80:p2"]
    assert int(a["hi_strength"]) > int(b["hi_strength"])
    assert int(b["lo_strength"]) > int(a["lo_strength"])
    # The traps of docs/rules.md.
    assert got["rules-board-quads"]["hi_name"] == "Full house, sevens full of deuces"
    assert got["rules-board-royal"]["hi_name"] == "High card, ace high"
    assert got["rules-no-low-ace-deuce-paired"]["lo_name"] == ""
    assert got["rules-board-without-low"]["lo_strength"] == ""
    assert got["rules-seed-one-pair"]["hi_name"] == "One pair, tens"
    r = got["rules-seed-trips-and-low"]
    assert (r["hi_cards"], r["lo_name"]) == ("KsKhKdAd8d", "8-5-4-2-A")
    assert got["rules-steel-wheel"]["hi_cards"] == "5h4h3h2hAh"


# ------------------------------------------------------- agreement, CSV


@pytest.mark.parametrize("chunk", [65536, 97, 1])
def test_random_deals_agree_with_one_hand_api(cli: Cli, tmp_path: pathlib.Path, chunk: int) -> None:
    rows = [(f"d{i}", h, b) for i, (h, b) in enumerate(deals(11, 600 if chunk > 1 else 40))]
    path = tmp_path / "in.csv"
    write(path, "id,hole,board\n" + "".join(f"{i},{h},{b}\n" for i, h, b in rows))
    status, out, err = cli(path, "--chunk-size", str(chunk))
    assert (status, err) == (0, "")
    assert out.decode() == expected_csv(rows)


def test_mixed_sizes_and_spellings(cli: Cli, tmp_path: pathlib.Path) -> None:
    """Holes of 4-6 and boards of 3-5 cards in one file, in every accepted spelling."""
    rng = random.Random(5)
    rows = [(f"m{i}", h, b) for i, (h, b) in enumerate(deals(12, 1500, mixed=True))]
    lines = "".join(f"{i},{spell(h, rng)},{spell(b, rng)}\r\n" for i, h, b in rows)
    path = write(tmp_path / "in.csv", "id,hole,board\r\n" + lines.replace(", ", " "))
    status, out, err = cli(path, "--chunk-size", "256")
    assert (status, err) == (0, "")
    assert out.decode() == expected_csv(rows)


def test_hands_that_need_care(cli: Cli, tmp_path: pathlib.Path) -> None:
    """Wheels, steel wheels, board quads and full houses, flush traps: cards in ranking order."""
    rows = [
        ("wheel", "Ah2dKcQs", "3c4h5s9dJd"),
        ("steel", "Ah2hKcQs", "3h4h5h9dJd"),
        ("six-high", "6h2dKcQs", "3c4h5s9dAd"),
        ("board-quads", "2s2c3h4h", "7s7h7d7c2d"),
        ("quads", "7s7hAcKd", "7d7c2d9h3s"),
        ("boat", "KsKh2c3d", "Kd2h2s9h8c"),
        ("royal", "AsKs2c3d", "QsJsTs9h8c"),
        ("board-royal", "Ts3c4c5c", "AsKsQsJs2h"),
        ("no-low", "Ah2hKcKs", "Ac2d7s8hQd"),
        ("flop", "AhKh5c4d", "QhJh2s"),
        ("turn-6", "AhKh5c4dTh3s", "QhJh2s9c"),
    ]
    path = write(tmp_path / "in.csv", "id,hole,board\n" + "".join(",".join(r) + "\n" for r in rows))
    status, out, _ = cli(path)
    assert status == 0
    assert out.decode() == expected_csv(rows)
    got = {r["id"]: r for r in csv.DictReader(io.StringIO(out.decode()))}
    assert got["wheel"]["hi_cards"] == "5s4h3c2dAh"
    assert got["steel"]["hi_name"] == "Straight flush, five high"
    assert got["board-quads"]["hi_cards"] == "7h7d7c2s2c"
    assert got["royal"]["hi_name"] == "Royal flush"


def test_no_id_column_numbers_rows(cli: Cli, tmp_path: pathlib.Path) -> None:
    """Without an id column the id is the 1-based row number; blank lines are not rows."""
    (h1, b1), (h2, b2) = deals(3, 2)
    path = write(tmp_path / "in.csv", f"board,hole\n{b1},{h1}\n\n{b2},{h2}\n")
    status, out, _ = cli(path)
    assert status == 0
    assert out.decode() == expected_csv([(1, h1, b1), (2, h2, b2)])


def test_quoted_fields_and_extra_columns(cli: Cli, tmp_path: pathlib.Path) -> None:
    """Quoted ids (commas, quotes, a newline) pass through, and so do other columns, as read.

    An empty field is null (written back empty), as Arrow reads and writes CSV.
    """
    (h1, b1), (h2, b2), (h3, b3) = deals(4, 3)
    ids = ['a,b "c"', "line\nbreak", "plain"]
    text = (
        "Hole , ID,note,board\n"
        f'"{h1}","a,b ""c""",x,{b1}\n'
        f'{h2},"line\nbreak",,"{b2}"\n'
        f"{h3},plain,y,{b3}\n"
    )
    status, out, _ = cli(write(tmp_path / "in.csv", text))
    assert status == 0
    rows = [
        {" ID": i, "note": note, **expected_fields(i, h, b)}
        for i, note, h, b in zip(ids, ("x", None, "y"), (h1, h2, h3), (b1, b2, b3), strict=True)
    ]
    assert out.decode() == csv_lines(rows, [" ID", "note", *OUTPUT_COLUMNS[1:]])
    status, out, _ = cli(write(tmp_path / "in.csv", text), "--format", "jsonl")
    got = [json.loads(x) for x in out.decode().splitlines()]
    assert [r[" ID"] for r in got] == ids and [r["note"] for r in got] == ["x", None, "y"]


def test_quoted_field_across_chunks(cli: Cli, tmp_path: pathlib.Path) -> None:
    rows = [(f"r{i}", h, b) for i, (h, b) in enumerate(deals(8, 9))]
    rows[4] = ("two\nlines", rows[4][1], rows[4][2])
    text = "id,hole,board\n" + "".join(
        f'"{i}",{h},{b}\n' if "\n" in i else f"{i},{h},{b}\n" for i, h, b in rows
    )
    status, out, _ = cli(write(tmp_path / "in.csv", text), "--chunk-size", "2")
    assert status == 0
    assert out.decode() == expected_csv(rows)


def test_ids_with_csv_specials_from_json(cli: Cli, tmp_path: pathlib.Path) -> None:
    (h, b), (h2, b2) = deals(9, 2)
    text = json.dumps({"id": 'x,"y"', "hole": h, "board": b}) + "\n"
    text += json.dumps({"id": 7, "hole": h2, "board": b2}) + "\n"
    status, out, _ = cli(write(tmp_path / "in.jsonl", text), "--format", "csv")
    assert status == 0
    # Values of mixed JSON types in one column: as text in CSV.
    assert out.decode() == expected_csv([('x,"y"', h, b), ("7", h2, b2)])


# ------------------------------------------------------ agreement, JSON


def test_jsonl_in_and_out(cli: Cli, tmp_path: pathlib.Path) -> None:
    rng = random.Random(2)
    rows = deals(13, 400, mixed=True)
    objs: list[dict[str, object]] = []
    for i, (h, b) in enumerate(rows):
        obj: dict[str, object] = {"hole": spell(h, rng), "board": b}
        if i % 3 == 0:
            obj["id"] = i * 10
        elif i % 3 == 1:
            obj["id"] = f"é-{i}"
        objs.append(obj)
    text = "\n".join(json.dumps(o) for o in objs) + "\n\n"
    status, out, err = cli(write(tmp_path / "in.ndjson", text), "--chunk-size", "64")
    assert (status, err) == (0, "")
    got = [json.loads(line) for line in out.decode().splitlines()]
    want = [
        expected_fields(o.get("id", n), h, b)
        for n, (o, (h, b)) in enumerate(zip(objs, rows, strict=True), 1)
    ]
    assert got == want
    assert list(got[0]) == list(OUTPUT_COLUMNS)


def test_jsonl_cards_as_lists(cli: Cli, tmp_path: pathlib.Path) -> None:
    text = json.dumps({"id": "a", "hole": ["As", "Kd", "7h", "2c"], "board": "2hKh8d5sAc"})
    status, out, _ = cli(write(tmp_path / "in.jsonl", text), "--format", "csv")
    assert status == 0
    assert out.decode() == expected_csv([("a", "AsKd7h2c", "2hKh8d5sAc")])


def test_csv_to_jsonl_with_no_low_is_null(cli: Cli, tmp_path: pathlib.Path) -> None:
    path = write(
        tmp_path / "in.csv", "id,hole,board\nx,AhKsKd4c,9s9hTdJcQd\ny,AhKsKd4c,2sKh8d5cAd\n"
    )
    status, out, _ = cli(path, "-o", tmp_path / "out.jsonl")
    assert (status, out) == (0, b"")
    got = [json.loads(x) for x in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert got == [
        expected_fields("x", "AhKsKd4c", "9s9hTdJcQd"),
        expected_fields("y", "AhKsKd4c", "2sKh8d5cAd"),
    ]
    assert got[0]["lo_strength"] is None and got[1]["lo_name"] == "8-5-4-2-A"


# ---------------------------------------------------------------- stdin


def test_stdin_csv_and_jsonl_are_sniffed(cli: Cli) -> None:
    status, out, _ = cli("-", stdin=b"hole,board\nAhKsKd4c,2sKh8d5cAd\n")
    assert status == 0
    assert out.decode() == expected_csv([(1, "AhKsKd4c", "2sKh8d5cAd")])
    stdin = b'\n  {"hole": "AhKsKd4c", "board": "2sKh8d5cAd", "id": "j"}\n'
    status, out, _ = cli("-", "--format", "csv", stdin=stdin)
    assert status == 0
    assert out.decode() == expected_csv([("j", "AhKsKd4c", "2sKh8d5cAd")])


def test_input_format_option_overrides_extension(cli: Cli, tmp_path: pathlib.Path) -> None:
    path = write(tmp_path / "deals.txt", '{"hole": "AhKsKd4c", "board": "2sKh8d5cAd"}\n')
    status, out, _ = cli(path, "--input-format", "jsonl")
    assert status == 0
    assert [json.loads(x) for x in out.decode().splitlines()] == [
        expected_fields(1, "AhKsKd4c", "2sKh8d5cAd")
    ]
    status, _, err = cli(path, "--input-format", "csv")
    assert status == 1 and "header" in err


def test_empty_input(cli: Cli, tmp_path: pathlib.Path) -> None:
    status, out, err = cli(write(tmp_path / "in.csv", ""))
    assert (status, out.decode(), err) == (0, csv_lines([], OUTPUT_COLUMNS), "")
    status, out, _ = cli(write(tmp_path / "in.csv", "id,hole,board\n"), "--format", "jsonl")
    assert (status, out) == (0, b"")


def test_byte_order_mark_and_missing_final_newline(cli: Cli, tmp_path: pathlib.Path) -> None:
    path = tmp_path / "in.csv"
    path.write_bytes(b"\xef\xbb\xbfhole,board\r\nAhKsKd4c,2sKh8d5cAd")
    status, out, _ = cli(path)
    assert status == 0 and out.decode() == expected_csv([(1, "AhKsKd4c", "2sKh8d5cAd")])


# --------------------------------------------------------------- bad rows


@pytest.mark.parametrize(("hole", "board", "reason"), BAD_ROWS)
def test_bad_row_stops_with_line_number(
    cli: Cli, tmp_path: pathlib.Path, hole: str, board: str, reason: str
) -> None:
    good = "AhKsKd4c,2sKh8d5cAd\n"
    path = write(tmp_path / "in.csv", f"hole,board\n{good}\n{hole},{board}\n{good}")
    status, out, err = cli(path)
    assert status == 1
    assert err.startswith("omaha eval: line 4: ") and reason in err, err
    assert out.decode() == expected_csv([(1, "AhKsKd4c", "2sKh8d5cAd")])  # rows before it


def test_wrong_number_of_fields(cli: Cli, tmp_path: pathlib.Path) -> None:
    path = write(tmp_path / "in.csv", "id,hole,board\na,AhKsKd4c\n")
    status, _, err = cli(path)
    assert status == 1 and err == "omaha eval: line 2: expected 3 fields, got 2\n"
    path = write(tmp_path / "in.csv", 'id,hole,board\n"a",AhKsKd4c,2sKh8d5cAd,x\n')
    status, _, err = cli(path)
    assert status == 1 and err == "omaha eval: line 2: expected 3 fields, got 4\n"


def test_skip_invalid_reports_and_goes_on(cli: Cli, tmp_path: pathlib.Path) -> None:
    rows = [(f"r{i}", h, b) for i, (h, b) in enumerate(deals(21, 30))]
    lines = [f"{i},{h},{b}\n" for i, h, b in rows]
    lines[3] = "bad1,AsAs7h2c,2hKh8d5sAc\n"
    lines[17] = "bad2,AsKd7h2c,2hKh\n"
    lines[18] = "bad3,AsKd\n"
    path = write(tmp_path / "in.csv", "id,hole,board\n" + "".join(lines))
    status, out, err = cli(path, "--skip-invalid", "--chunk-size", "7", "--stats")
    assert status == 3  # rows were skipped
    kept = [r for k, r in enumerate(rows) if k not in (3, 17, 18)]
    assert out.decode() == expected_csv(kept)
    messages = err.splitlines()
    assert messages[0].startswith("omaha eval: line 5: hole: duplicate card 'As'")
    assert messages[0].endswith("(skipped)")
    assert messages[1] == "omaha eval: line 19: board needs 3 to 5 cards, got 2: '2hKh' (skipped)"
    assert messages[2] == "omaha eval: line 20: expected 3 fields, got 2 (skipped)"
    assert "27 rows" in messages[3] and "3 bad rows skipped" in messages[3]


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ('{"hole": "AhKsKd4c", "board": ', "invalid JSON"),
        ('["AhKsKd4c", "2sKh8d5cAd"]', "expected a JSON object"),
        ('{"hole": "AhKsKd4c"}', "missing 'board'"),
        ('{"hole": 12, "board": "2sKh8d5cAd"}', "hole must be a string of cards, got 12"),
        ('{"hole": "AhKsKd4c", "board": "2sKh8d5cAd"} {"x": 1}', "invalid JSON"),
    ],
)
def test_bad_json_lines(cli: Cli, tmp_path: pathlib.Path, line: str, reason: str) -> None:
    good = '{"hole": "AhKsKd4c", "board": "2sKh8d5cAd"}\n'
    path = write(tmp_path / "in.jsonl", good + line + "\n" + good)
    status, out, err = cli(path)
    assert status == 1 and err.startswith("omaha eval: line 2: ") and reason in err, err
    status, out, err = cli(path, "--skip-invalid", "-o", tmp_path / "out.csv")
    assert (status, out) == (3, b"") and "(skipped)" in err
    assert (tmp_path / "out.csv").read_text() == expected_csv(
        [(1, "AhKsKd4c", "2sKh8d5cAd"), (3, "AhKsKd4c", "2sKh8d5cAd")]
    )


def test_header_without_needed_columns(cli: Cli, tmp_path: pathlib.Path) -> None:
    status, out, err = cli(write(tmp_path / "in.csv", "id,cards\n1,AsKd\n"))
    assert status == 1 and out == b""
    assert err == (
        "omaha eval: no column 'hole' (card text) or hole0, hole1, ... (card codes) "
        "in the header ['id', 'cards']\n"
    )


def test_missing_file(cli: Cli, tmp_path: pathlib.Path) -> None:
    status, _, err = cli(tmp_path / "nope.csv")
    assert status == 1 and "cannot read" in err and "nope.csv" in err


def test_usage_error_exit_status(cli: Cli) -> None:
    with pytest.raises(SystemExit) as exc:
        cli("x.csv", "--format", "xml")
    assert exc.value.code == 2


# ------------------------------------------------------ stats and progress


def test_stats_line(cli: Cli) -> None:
    status, _, err = cli(EXAMPLES / "hands.csv", "--stats")
    assert status == 0
    assert err.startswith("omaha eval: 324 rows in ") and err.rstrip().endswith("rows/s)")


def test_progress_bar_only_on_a_terminal(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    status, _, err = cli(EXAMPLES / "hands.csv")
    assert status == 0 and err == ""
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    status, _, err = cli(EXAMPLES / "hands.csv")
    assert status == 0 and "omaha eval" in err and "100%" in err
    status, _, err = cli(EXAMPLES / "hands.csv", "--no-progress")
    assert status == 0 and err == ""


# ----------------------------------------------------------- the command


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX shell and head")
def test_console_script_and_broken_pipe(tmp_path: pathlib.Path) -> None:
    """``omaha eval big.csv | head -n 2`` ends quietly with status 0."""
    rows = deals(30, 20000)
    path = write(tmp_path / "big.csv", "hole,board\n" + "".join(f"{h},{b}\n" for h, b in rows))
    proc = subprocess.run(
        f'"{sys.executable}" -m omaha eval "{path}" | head -n 2',
        shell=True,
        capture_output=True,
        check=True,
    )
    assert proc.stdout.decode() == expected_csv([(1, *rows[0])])
    assert proc.stderr == b""


def _peak_rss(path: pathlib.Path, out: pathlib.Path) -> int:
    """Peak resident memory (bytes) of ``omaha eval path -o out`` in a new process.

    VmHWM of the process itself: ru_maxrss would carry over the parent's
    peak from before exec (a fork of this test process).
    """
    code = (
        "import sys; from omaha.cli import main; "
        f"s = main(['eval', {str(path)!r}, '-o', {str(out)!r}, '--chunk-size', '4096']); "
        "hwm = [l for l in open('/proc/self/status') if l.startswith('VmHWM:')]; "
        "print(hwm[0].split()[1]); sys.exit(s)"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, check=True)
    return int(proc.stdout.split()[-1]) * 1024  # kB


@pytest.mark.skipif(not pathlib.Path("/proc/self/status").exists(), reason="needs /proc")
def test_memory_is_bounded_whatever_the_size(tmp_path: pathlib.Path) -> None:
    """Peak memory does not grow with the input: 40,000 and 1,000,000 rows."""
    peaks = []
    for n in (40_000, 1_000_000):
        rows = deals(31, n)
        path = write(
            tmp_path / f"in{n}.csv", "hole,board\n" + "".join(f"{h},{b}\n" for h, b in rows)
        )
        peaks.append(_peak_rss(path, tmp_path / "out.csv"))
        assert (tmp_path / "out.csv").stat().st_size > n * 60
    # 25 times the rows (92 MB of output, 21 MB of input): the peak may grow by
    # block buffers (Arrow reads ahead more of them on a loaded machine: 41 MB
    # was seen), never by the file, which would add well over 100 MB.
    assert peaks[1] - peaks[0] < 70_000_000, peaks
    assert peaks[1] < 300_000_000, peaks


@pytest.mark.skipif(not pathlib.Path("/proc/self/status").exists(), reason="needs /proc")
def test_parquet_memory_is_bounded_whatever_the_size(tmp_path: pathlib.Path) -> None:
    """Parquet to Parquet, 1,600,000 and 8,000,000 rows in row groups of 100,000.

    pyarrow's read-ahead (``pre_buffer``, its default) kept every row group
    it had read: the peak grew with the file (about 15 MB a million rows,
    near 100 MB between these two). Both runs write a row group behind
    while they gather the next, and the peak of either moves by up to about
    20 MB from run to run with when that write ends (seen: -11 to +32 MB
    between 0.8 and 4 million rows): hence the wide spread of sizes and a
    bound of 50 MB.
    """
    import numpy as np
    import pyarrow as pa
    import pyarrow.parquet as pq

    import omaha
    from omaha.cards import random_deals

    holes, boards = random_deals(400_000, seed=5)
    table = pa.table(
        {"hole": omaha.format_cards_array(holes), "board": omaha.format_cards_array(boards)}
    )
    peaks = []
    for copies in (4, 20):
        path = tmp_path / f"in{copies}.parquet"
        with pq.ParquetWriter(path, table.schema) as writer:
            for _ in range(copies):
                writer.write_table(table, row_group_size=100_000)
        peaks.append(_peak_rss(path, tmp_path / "out.parquet"))
        assert pq.read_metadata(tmp_path / "out.parquet").num_rows == 400_000 * copies
    assert np.diff(peaks)[0] < 50_000_000, peaks
    assert peaks[1] < 300_000_000, peaks


@pytest.mark.parametrize(
    ("options", "decode"),
    [
        (["--compression", "gzip"], "gzip"),
        (["--compression", "bz2"], "bz2"),
        (["--compression", "zstd"], "zstd"),
        (["--format", "parquet"], "parquet"),
        (["--format", "arrow"], "arrow"),
    ],
)
def test_compressed_and_binary_output_to_standard_output(options: list[str], decode: str) -> None:
    # A codec's stream and Parquet's writer close what they write to: they
    # closed standard output, and the run ended in a traceback (exit 1).
    import pyarrow as pa
    import pyarrow.ipc
    import pyarrow.parquet as pq

    source = EXAMPLES / "hands.csv"
    proc = subprocess.run(
        [sys.executable, "-m", "omaha", "eval", str(source), *options, "--stats"],
        capture_output=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr.decode()
    assert proc.stderr.decode().startswith("omaha eval: 324 rows in ")
    if decode == "parquet":
        rows = pq.read_table(pa.BufferReader(proc.stdout)).num_rows
    elif decode == "arrow":
        rows = pa.ipc.open_file(pa.BufferReader(proc.stdout)).read_all().num_rows
    else:
        text = pa.CompressedInputStream(pa.BufferReader(proc.stdout), decode).read()
        assert text == (EXAMPLES / "hands.expected.csv").read_bytes()
        rows = text.count(b"\n") - 1
    assert rows == 324


def test_compression_with_binary_output_is_a_usage_error(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = str(EXAMPLES / "hands.csv")
    out = tmp_path / "x.parquet"
    assert main(["eval", source, "--compression", "gzip", "-o", str(out)]) == 2
    assert capsys.readouterr().err == (
        "omaha eval: --compression applies to csv, tsv and jsonl output, not parquet\n"
    )
    assert not out.exists()
    assert main(["eval", source, "--compression", "zstd", "--format", "arrow"]) == 2
    assert "not arrow" in capsys.readouterr().err
