"""The ``omaha equity`` subcommand: table, JSON, random hands, exit status."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from omaha.cli import main


def test_table_exact(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AhAsKhKs", "JdTd9c8c", "--threads", "1"]) == 0
    out = capsys.readouterr().out
    assert "Omaha Hi, board: none (preflop)" in out
    assert "Exact: 1,086,008 deals" in out
    lines = out.splitlines()
    assert lines[2].split() == ["Player", "Hand", "Equity", "Win", "Tie"]
    assert lines[3].split() == ["1", "AhAsKhKs", "61.481%", "61.477%", "0.008%"]
    assert lines[4].split() == ["2", "JdTd9c8c", "38.519%", "38.515%", "0.008%"]


def test_table_hilo_monte_carlo(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["equity", "As2sKd3h", "random", "--board", "Qs7h2c", "--game", "hilo"]
    assert main([*args, "--samples", "20000", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "Omaha Hi-Lo 8/b, board: Qs 7h 2c" in out
    assert "Monte Carlo: 20,000 samples, seed 5" in out
    header = out.splitlines()[2].split()
    assert header[-5:] == ["Scoop", "High", "Low", "Std.", "error"]
    assert out.splitlines()[4].split()[1] == "random"


def test_json_matches_the_api(capsys: pytest.CaptureFixture[str]) -> None:
    from omaha.equities import equity

    argv = ["equity", "AhAsKhKs", "JdTd9c8c", "--board", "Qs7h2c", "--dead", "2d"]
    assert main([*argv, "--game", "hilo", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    r = equity(["AhAsKhKs", "JdTd9c8c"], board="Qs7h2c", dead="2d", game="hilo")
    assert data["method"] == "exact" and data["boards"] == r.boards == 40 * 39 // 2
    assert data["board"] == "Qs7h2c" and data["dead"] == "2d" and data["seed"] is None
    for row, p in zip(data["players"], r, strict=True):
        assert row["equity"] == p.equity and row["win"] == p.win and row["tie"] == p.tie
        assert {(h, lo): c for h, lo, c in row["outcomes"]} == dict(p.outcomes)


def test_seeded_monte_carlo_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["equity", "AhAsKhKs", "?", "--samples", "5000", "--seed", "11", "--json"]
    assert main(argv) == 0
    first = json.loads(capsys.readouterr().out)
    assert main([*argv, "--threads", "2"]) == 0
    second = json.loads(capsys.readouterr().out)
    first.pop("seconds")
    second.pop("seconds")
    assert first == second and first["samples"] == 5000


@pytest.mark.parametrize(
    ("argv", "status", "message"),
    [
        (["AhAsKhKs", "AhKdQcJs"], 1, "'Ah' is both in player 1"),
        (["AhAsKhKs", "JdTd9c8c", "--board", "2c3c"], 1, "board needs 0, 3, 4 or 5 cards"),
        (["AhAsKhKs"], 2, "2 to 10 players"),
        (["AhAsKhKs", "JdTd9c8c", "--exact", "--target-stderr", "0.01"], 2, "Monte Carlo only"),
        (["AhAsKhKs", "random", "--samples", "0"], 2, "samples must be >= 1"),
    ],
)
def test_bad_input_exit_status(
    argv: list[str], status: int, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["equity", *argv]) == status
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("omaha equity: ") and message in captured.err


def test_exact_and_samples_are_exclusive(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["equity", "AhAsKhKs", "JdTd9c8c", "--exact", "--samples", "10"])
    assert exc.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err


def test_console_script_runs() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "omaha", "equity", "AhAsKhKs", "JdTd9c8c", "--board", "Qs7h2c5d"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "Exact: 40 deals" in done.stdout
    assert done.stderr == ""


def test_an_exact_run_of_days_is_refused_by_the_command(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["equity", "A", "random", "random", "--exact"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("omaha equity: an exact run would enumerate 1,323,469,085,776,790")
    assert "--exact" in err and "--max-deals" in err
    assert main(["equity", "AhAsKhKs", "JdTd9c8c", "--exact", "--max-deals", "1000"]) == 2
    assert "enumerate 1,086,008 deals" in capsys.readouterr().err
    args = ["equity", "AhAsKhKs", "JdTd9c8c", "--board", "Qs7h2c", "--exact", "--max-deals"]
    assert main([*args, "820"]) == 0


def test_the_help_shows_percent_signs_once(capsys: pytest.CaptureFixture[str]) -> None:
    from omaha.cli import equity_cmd
    from omaha.equities import MAX_DEALS

    with pytest.raises(SystemExit):
        main(["equity", "--help"])
    out = capsys.readouterr().out
    assert "%%" not in out and '"15%"' in out and "'15%'" in out
    assert equity_cmd.MAX_DEALS == MAX_DEALS


def test_a_range_nested_too_deep_is_a_message_not_a_traceback(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["equity", "(" * 250 + "AA" + ")" * 250, "random"]) == 1
    assert "parentheses nest more than 50 deep" in capsys.readouterr().err
    assert main(["equity", "AA" + ":AA" * 1000, "KK", "--samples", "2000", "--seed", "1"]) == 0
