"""``omaha showdown``: each player's hands on a board and the winners (docs/rules.md §2-§4)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import omaha
from omaha.cli import main


def showdown(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["showdown", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_hilo_table(capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's example: kings win the high, 7-6-5-2-A beats 8-5-4-2-A for the low."""
    status, out, err = showdown(
        capsys, "--board", "2hKh8d5sAc", "AsKsKd4h", "9c8c7h6h", "--game", "hilo"
    )
    assert (status, err) == (0, "")
    assert out.splitlines() == [
        "Board: 2h Kh 8d 5s Ac",
        "Player 1 [AsKsKd4h]  high: Three of a kind, kings (KsKhKdAc8d)  "
        "low: 8-5-4-2-A (8d5s4h2hAs)",
        "Player 2 [9c8c7h6h]  high: One pair, eights (8d8cAcKh9c)  low: 7-6-5-2-A (7h6h5s2hAc)",
        "High: Player 1",
        "Low: Player 2",
    ]


def test_hi_only_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = showdown(capsys, "--board", "2hKh8d5sAc", "AsKsKd4h", "9c8c7h6h")
    assert status == 0
    assert out.splitlines() == [
        "Board: 2h Kh 8d 5s Ac",
        "Player 1 [AsKsKd4h]  high: Three of a kind, kings (KsKhKdAc8d)",
        "Player 2 [9c8c7h6h]  high: One pair, eights (8d8cAcKh9c)",
        "High: Player 1",
    ]


def test_scoop_and_no_low(capsys: pytest.CaptureFixture[str]) -> None:
    """A board with fewer than three low ranks: nobody has a low, the high takes it all."""
    status, out, _ = showdown(
        capsys, "--board", "2c2d5hKdQs", "AhKh3c4d", "9c8c7h6h", "--game", "hilo"
    )
    assert status == 0
    lines = out.splitlines()
    assert "low: no low" in lines[1] and "low: no low" in lines[2]
    assert lines[-3:] == [
        "High: Player 1",
        "Low: none qualifies; the high hand takes the whole pot",
        "Player 1 scoops",
    ]


def test_split_high_and_quartered_low(capsys: pytest.CaptureFixture[str]) -> None:
    """Same high, same low: both halves split (docs/rules.md §4)."""
    status, out, _ = showdown(
        capsys, "--board", "As2d7h8cKs", "3c4dQhQd", "3h4sQcQs", "--game", "hilo"
    )
    assert status == 0
    assert out.splitlines()[-2:] == [
        "High: Player 1, Player 2 (split)",
        "Low: Player 1, Player 2 (split)",
    ]


def test_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = showdown(
        capsys, "--board", "2h Kh 8d 5s Ac", "as ks kd 4h", "9c8c7h6h", "--game", "hilo", "--json"
    )
    assert status == 0
    got = json.loads(out)
    assert got["board"] == "2hKh8d5sAc" and got["game"] == "hilo"
    p1, p2 = got["players"]
    assert p1["hole"] == "AsKsKd4h"
    assert (p1["hi_name"], p1["hi_cards"], p1["wins_high"], p1["wins_low"]) == (
        "Three of a kind, kings",
        "KsKhKdAc8d",
        True,
        False,
    )
    low = omaha.evaluate_lo("9c8c7h6h", "2hKh8d5sAc")
    assert low is not None
    assert (p2["lo_strength"], p2["lo_name"], p2["wins_low"]) == (low.strength, "7-6-5-2-A", True)


def test_flop_and_six_card_holes(capsys: pytest.CaptureFixture[str]) -> None:
    """Two hearts on the flop: no flush for anyone, whatever the hole (docs/rules.md §2)."""
    status, out, _ = showdown(capsys, "--board", "QhJh2s", "AhKhTc4d3s2c", "QsQc5d6d7d8d")
    assert status == 0
    assert out.splitlines()[1:] == [
        "Player 1 [AhKhTc4d3s2c]  high: One pair, deuces (2s2cAhQhJh)",
        "Player 2 [QsQc5d6d7d8d]  high: Three of a kind, queens (QsQhQcJh2s)",
        "High: Player 2",
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--board", "2hKh8d5sAc", "AsKsKd4h", "AsKd7h2c"], "duplicate card 'As'"),
        (["--board", "2hKh8d5sAc", "AsKsKd4h", "9c8c7hXx"], "malformed card 'Xx'"),
        (["--board", "2hKh", "AsKsKd4h"], "board needs 3 to 5 cards, got 2"),
        (["--board", "2hKh8d5sAc", "AsKsKd"], "hole needs 4 to 6 cards, got 3"),
    ],
)
def test_bad_cards(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    status, out, err = showdown(capsys, *args)
    assert status == 1 and out == ""
    assert err.startswith("omaha showdown: ") and message in err, err


def test_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (
        ["showdown", "AsKsKd4h"],
        ["showdown", "--board", "2hKh8d", "AsKsKd4h", "--game", "lo"],
    ):
        with pytest.raises(SystemExit) as exc:
            main(argv)
        assert exc.value.code == 2
    capsys.readouterr()


def test_python_dash_m() -> None:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "omaha",
            "showdown",
            "--board",
            "2hKh8d5sAc",
            "AsKsKd4h",
            "9c8c7h6h",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert proc.stdout.splitlines()[-1] == "High: Player 1"
