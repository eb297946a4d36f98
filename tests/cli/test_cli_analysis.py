"""omaha report and omaha graph (and omaha.history.reports / plot_results), counted by hand.

The report of a small real file (Winamax, tests/data/hh) is checked figure
by figure against the hands read by a person; money is exact and never
summed across currencies; the graph is a PNG of the asked size whose net
line ends at the total net (read back from the figure's data), and without
matplotlib one MissingDependencyError names the extra.
"""

from __future__ import annotations

import argparse
import csv
import decimal
import io
import json
import pathlib
import sys
from typing import Any

import pytest

from omaha import phh
from omaha.cli import main
from omaha.errors import ArgumentError, MissingDependencyError
from omaha.history import to_frame
from omaha.history.reports import REPORT_COLUMNS, format_report, report
from paths import DATA, ROOT

WINAMAX = DATA / "hh" / "winamax" / "own_winamax_plo.txt"
CASH_DROP = DATA / "hh" / "ggpoker" / "own_gg_cash_drop.txt"
ALL = str(DATA / "hh" / "**" / "*.*")


def test_the_report_of_a_small_real_file_counted_by_hand() -> None:
    (hero,) = report(to_frame(WINAMAX), player="Hero")
    # Hand 1 (2/4 EUR, chips of 0.10): Hero 3-bets and takes the blinds and the
    # open: +20 EUR, +5 bb. Hand 2 (0.50/1): Hero calls, is all-in-called on the
    # flop, loses at showdown: -35 EUR, -35 bb; the all-in EV there is
    # -13.1052... EUR (4 of 19 winning cards on the river, docs/analysis.md).
    assert hero["currency"] == "EUR" and hero["hands"] == 2
    assert hero["net"] == decimal.Decimal("-15")
    assert hero["net_bb"] == -30.0 and hero["bb_per_100"] == -1500.0
    assert hero["allin_ev_net"] == pytest.approx(20 - 13.105, abs=0.01)
    assert hero["rake"] == 0 and hero["house"] == 0
    assert (hero["vpip"], hero["pfr"], hero["three_bet"]) == (100.0, 50.0, 50.0)
    assert (hero["went_to_showdown"], hero["won_at_showdown"]) == (100.0, 0.0)
    assert list(hero) == list(REPORT_COLUMNS)


def test_the_house_money_is_summed_per_player_as_the_rake_is() -> None:
    # A GGPoker Cash Drop of $3 in the main pot (docs/rules.md §4.12). Dee (all
    # in), Eli and Fay put in $14 each before the flop: the main pot $42 + $3 =
    # $45, less $2 of rake, $43 split by Dee's and Eli's wheels ($21.50 each);
    # the side pot, Eli's and Fay's $20 on the flop, $40 less $1: $39 to Eli.
    # The rake and the house's money go by each winner's share of each pot:
    # Dee $1 and $1.50, Eli $1 + $1 and $1.50, Fay none. Nets: Dee 21.50 - 14
    # = 7.50, Eli 60.50 - 34 = 26.50, Fay -34: together the $3 of the house
    # less the $3 of rake.
    D = decimal.Decimal
    rows = report(to_frame(CASH_DROP))
    assert [(r["player"], r["net"], r["rake"], r["house"]) for r in rows] == [
        ("Dee", D("7.5"), D("1"), D("1.5")),
        ("Eli", D("26.5"), D("2"), D("1.5")),
        ("Fay", D("-34"), D("0"), D("0")),
    ]
    assert sum(r["net"] for r in rows) == sum(r["house"] - r["rake"] for r in rows) == 0
    # Summed over hands like the rake: the same hand twice, Dee's $1.50 twice.
    (dee,) = report(to_frame([CASH_DROP, CASH_DROP]), player="Dee")
    assert (dee["hands"], dee["rake"], dee["house"]) == (2, D("2"), D("3"))
    table = list(csv.DictReader(io.StringIO(format_report(rows, "csv"))))
    assert [(r["rake"], r["house"]) for r in table] == [("1", "1.5"), ("2", "1.5"), ("0", "0")]
    assert json.loads(format_report(rows, "json"))[0]["house"] == "1.5"


def test_currencies_are_never_summed_together() -> None:
    from omaha import history

    hands = history.read(WINAMAX)[:2]
    dollars = [h.with_fields(currency="USD") for h in hands[:1]]
    rows = report(to_frame([*hands, *dollars]), player="Hero")
    assert [(r["currency"], r["hands"], r["net"]) for r in rows] == [
        ("EUR", 2, decimal.Decimal("-15")),
        ("USD", 1, decimal.Decimal("20")),
    ]


def test_report_by_stakes_day_and_site() -> None:
    frame = to_frame(WINAMAX)
    stakes = {(r["player"], r["group"]) for r in report(frame, by="stakes")}
    assert {("Hero", "2/4"), ("Hero", "0.5/1"), ("Ben", "100/200")} <= stakes
    days = {r["group"] for r in report(frame, by="day")}
    assert days == {"2023-11-14", "2023-11-15"}
    assert {r["group"] for r in report(frame, by="site")} == {"Winamax"}
    with pytest.raises(ArgumentError, match="'week'"):
        report(frame, by="week")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="'Nobody'"):
        report(frame, player="Nobody")


def test_report_command_text_csv_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(WINAMAX), "--player", "Hero", "--no-progress"]) == 0
    text = capsys.readouterr().out.splitlines()
    assert text[0].split()[:4] == ["player", "currency", "hands", "net"]
    assert text[1].split()[:4] == ["Hero", "EUR", "2", "-15"]
    assert main(["report", str(WINAMAX), "--format", "csv", "--by", "stakes"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert {r["stakes"] for r in rows} == {"2/4", "0.5/1", "100/200"}
    assert main(["report", ALL, "--format", "json"]) == 0
    items = json.loads(capsys.readouterr().out)
    assert {i["currency"] for i in items} >= {"USD", "EUR", "chips"}
    assert all(isinstance(i["net"], str) for i in items)  # exact money as text
    assert main(["report", str(WINAMAX), "--player", "Nobody"]) == 1
    assert "'Nobody'" in capsys.readouterr().err
    assert main(["report", "nowhere/*.txt"]) == 1
    assert "no file matches" in capsys.readouterr().err


def test_format_report_refuses_an_unknown_format_and_writes_no_rows() -> None:
    with pytest.raises(ArgumentError, match="'xml'"):
        format_report([], "xml")  # type: ignore[arg-type]
    columns = [c for c in REPORT_COLUMNS if c != "group"]
    assert format_report([], "text").split() == columns
    assert format_report([], "csv").strip().split(",") == columns
    assert format_report([], "json") == "[]\n"


def test_report_of_a_file_without_hands(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "empty.phhs"
    empty.write_text("")
    assert main(["report", str(empty)]) == 0
    assert capsys.readouterr().out.split()[0] == "player"


def test_the_graph_is_a_png_of_the_asked_size_ending_at_the_total_net(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("matplotlib")
    import matplotlib.image

    from omaha.history import plot_results

    out = tmp_path / "graph.png"
    args = ["graph", ALL, "--player", "Hero", "-o", str(out), "--width", "800", "--height", "500"]
    assert main(args) == 0, capsys.readouterr().err
    assert matplotlib.image.imread(out).shape[:2] == (500, 800)
    frame = to_frame(ALL)
    hero = [r for r in frame.to_pylist() if r["player"] == "Hero"]
    ax = plot_results(frame, "Hero")
    lines: dict[object, Any] = {line.get_label(): line.get_ydata() for line in ax.get_lines()}
    assert set(lines) >= {"net won", "all-in EV", "showdown", "non-showdown"}
    total_bb = sum(r["net"] / r["big_blind"] for r in hero)
    assert lines["net won"][-1] == pytest.approx(total_bb, abs=1e-9)
    assert len(lines["net won"]) == len(hero)
    assert lines["showdown"][-1] + lines["non-showdown"][-1] == pytest.approx(total_bb, abs=1e-9)
    assert ax.get_xlabel() == "hands" and ax.get_ylabel() == "net won (big blinds)"
    svg = tmp_path / "graph.svg"
    assert main(["graph", str(WINAMAX), "--player", "Hero", "-o", str(svg), "--in", "money"]) == 0
    assert svg.read_text().lstrip().startswith("<?xml")
    assert main(["graph", ALL, "--player", "Hero", "-o", str(svg), "--in", "money"]) == 1
    assert "one currency" in capsys.readouterr().err
    assert main(["graph", ALL, "--player", "Hero", "-o", str(tmp_path / "g.gif")]) == 1
    assert "'" in capsys.readouterr().err


def test_without_matplotlib_one_error_names_the_extra(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    from omaha.history import plot_results

    with pytest.raises(MissingDependencyError, match=r'pip install "omaha-poker\[plot\]"'):
        plot_results(to_frame(WINAMAX), "Hero")
    out = tmp_path / "g.png"
    assert main(["graph", str(WINAMAX), "--player", "Hero", "-o", str(out)]) == 1
    assert 'pip install "omaha-poker[plot]"' in capsys.readouterr().err
    assert not out.exists()


def test_phh_files_and_hands_report_alike(tmp_path: pathlib.Path) -> None:
    from omaha import history

    hands = history.read(WINAMAX)
    path = tmp_path / "hands.phhs"
    phh.write(path, hands)
    assert report(to_frame(path)) == report(to_frame(WINAMAX))


def test_the_analysis_page_shows_the_report_command_output(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    page = (ROOT / "docs" / "analysis.md").read_text(encoding="utf-8")
    monkeypatch.chdir(ROOT)
    shown = page.split("$ omaha report tests/data/hh/winamax/own_winamax_plo.txt\n")[1]
    shown = shown.split("```")[0]
    assert main(["report", "tests/data/hh/winamax/own_winamax_plo.txt"]) == 0
    assert capsys.readouterr().out == shown


def test_the_readme_shows_the_report_of_the_example_hands(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = "$ omaha report examples/hands.winamax.txt --player Hero\n"
    shown = readme.split(command)[1].split("\n\n")[0]
    monkeypatch.chdir(ROOT)
    assert main(["report", "examples/hands.winamax.txt", "--player", "Hero"]) == 0
    out = capsys.readouterr().out
    assert out == "".join(line[4:] + "\n" for line in shown.splitlines())


def test_report_by_names_the_groups_of_the_library() -> None:
    """``--by`` is checked by omaha.history.report; the help shows that function's groups."""
    from omaha.cli import build_parser
    from omaha.history.reports import GROUPS

    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert "|".join(GROUPS) in sub.choices["report"].format_help()
