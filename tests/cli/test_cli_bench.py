"""``omaha bench``: runs, reports every rate, and the deals it times are well formed.

Speed itself is measured in ``bench/`` (pytest-benchmark), never asserted here.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

import omaha
from omaha.cards import random_deals
from omaha.cli import main
from omaha.cli.bench_cmd import format_table, run_benchmarks

OMAHA_ROWS = [
    ("omaha evaluate_hi", 1),
    ("omaha evaluate_lo", 1),
    ("omaha evaluate_hi_batch", 1),
    ("omaha evaluate_hi_batch", 2),
    ("omaha evaluate_lo_batch", 1),
    ("omaha evaluate_lo_batch", 2),
    ("omaha select_batch", 1),
]


@pytest.fixture(scope="module")
def report() -> dict[str, Any]:
    return run_benchmarks(quick=True, seed=7)


def test_report_has_every_rate(report: dict[str, Any]) -> None:
    rows = report["results"]
    assert [(r["name"], r["threads"]) for r in rows][: len(OMAHA_ROWS)] == OMAHA_ROWS
    for r in rows:
        assert r["hands_per_second"] > 0 and r["repeats"] >= 1
        assert r["ns_per_hand"] == pytest.approx(1e9 / r["hands_per_second"])
    assert report["hi_table_build_seconds"] >= 0


def test_other_evaluators_and_ratios(report: dict[str, Any]) -> None:
    pytest.importorskip("phevaluator")
    pytest.importorskip("pokerkit")
    names = [r["name"] for r in report["results"]]
    assert "phevaluator evaluate_omaha_cards (Python wrapper)" in names
    assert "phevaluator evaluate_omaha_cards on text (Python wrapper)" in names
    assert "PokerKit OmahaHoldemHand on text" in names
    assert "PokerKit OmahaEightOrBetterLowHand on text" in names
    assert report["phevaluator_agrees"] is True
    by_name = {(r["name"], r["threads"]): r for r in report["results"]}
    hi = by_name[("omaha evaluate_hi", 1)]
    phe = by_name[("phevaluator _pheval.evaluate_omaha_cards (C)", 1)]  # the base: its C call
    assert hi["vs_phevaluator"] == pytest.approx(hi["hands_per_second"] / phe["hands_per_second"])
    assert by_name[("omaha evaluate_lo", 1)]["vs_phevaluator"] is None  # no low in phevaluator
    assert by_name[("omaha evaluate_lo", 1)]["vs_pokerkit"] > 0


def test_xiapl(report: dict[str, Any]) -> None:
    pytest.importorskip("xiapl")
    assert "xiapl evaluate_hand" in [r["name"] for r in report["results"]]
    assert report["xiapl_agrees"] is True


def test_table(report: dict[str, Any]) -> None:
    text = format_table(report)
    assert text.startswith("omaha bench: random, 4 hole cards and a 5-card board")
    assert "hands/s" in text and "x phevaluator" in text
    assert "omaha evaluate_hi_batch, 2 threads [hi]" in text


def test_command_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--quick", "--json", "--seed", "3"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["quick"] is True and got["seed"] == 3
    assert got["versions"]["omaha"] == omaha.__version__


def test_command_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--quick"]) == 0
    out = capsys.readouterr().out
    assert "--quick: a smoke test" in out and "omaha select_batch [hi+lo]" in out


@pytest.mark.parametrize(("hole", "board"), [(4, 5), (5, 4), (6, 3)])
def test_random_deals(hole: int, board: int) -> None:
    holes, boards = random_deals(5000, hole, board, seed=1)
    assert holes.shape == (5000, hole) and boards.shape == (5000, board)
    assert holes.dtype == boards.dtype == np.uint8
    assert holes.flags.c_contiguous and boards.flags.c_contiguous
    both = np.sort(np.concatenate([holes, boards], axis=1), axis=1)
    assert (both[:, 1:] != both[:, :-1]).all() and both.max() <= 51
    again = random_deals(5000, hole, board, seed=1)
    assert (again[0] == holes).all() and (again[1] == boards).all()
    # every card turns up about equally often in every position
    counts = np.bincount(holes[:, 0], minlength=52)
    assert counts.min() > 5000 / 52 - 4 * np.sqrt(5000 / 52)


@pytest.mark.parametrize(
    ("args", "match"),
    [((5, 3, 5), "hole must be 4, 5 or 6 cards, got 3"), ((5, 4, 6), "board must be 3, 4 or 5"),
     ((-1, 4, 5), "n must be a count of deals"), ((True, 4, 5), "got True")],
)  # fmt: skip
def test_random_deals_refuses_what_is_no_deal(args: tuple[int, int, int], match: str) -> None:
    from omaha.errors import ArgumentError

    with pytest.raises(ArgumentError, match=match):
        random_deals(*args)
