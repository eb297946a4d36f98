"""``omaha import`` and ``omaha replay`` of sites' files: the output, the checks, the exits."""

from __future__ import annotations

import json
import pathlib

import pytest

import paths
from omaha import history, phh
from omaha.cli import main

DATA = paths.DATA / "hh"
FILES = sorted(str(p) for p in DATA.rglob("*") if p.is_file())
NOLOW = DATA / "pokerstars" / "stars_plo8_cash_0.05-0.10_allin_nolow.txt"

HU = """\
PokerStars Hand #7:  Omaha Pot Limit ($0.05/$0.10 USD) - 2014/01/06 16:05:07 ET
Table 'T' 6-max Seat #2 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($10 in chips)
Bob: posts small blind $0.05
Ann: posts big blind $0.10
*** HOLE CARDS ***
Bob: raises {by} to {to}
Ann: folds
Uncalled bet ({back}) returned to Bob
Bob collected $0.20 from pot
*** SUMMARY ***
Total pot $0.20 | Rake $0
Seat 1: Ann (big blind) folded before Flop
Seat 2: Bob (button) (small blind) collected ($0.20)
"""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_import_every_file_checks_and_writes_phhs(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    out = tmp_path / "out.phhs"
    status, stdout, err = run(capsys, "import", *FILES, "-o", str(out))
    assert (status, stdout, err) == (0, "", "")
    hands = phh.read(out)
    assert len(hands) == sum(len(history.read(f)) for f in FILES) > 30
    assert {h.fields["venue"] for h in hands} == {
        "888poker",
        "Bovada",
        "Ignition",
        "Winning Poker Network",
        "Full Tilt Poker",
        "GGPoker",
        "PartyPoker",
        "PokerStars",
        "Winamax",
        "iPoker",
    }
    for hand in hands:
        phh.replay(hand)  # the PHH written replays, checking what the sites stated


def test_import_one_hand_to_a_phh_file_or_to_stdout(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    out = tmp_path / "one.phh"
    assert run(capsys, "import", str(NOLOW), "-o", str(out))[0] == 0
    (hand,) = phh.read(out)
    assert hand.fields["hand"] == "109707013172"
    status, stdout, _ = run(capsys, "import", str(NOLOW))
    assert status == 0 and stdout.startswith("[1]\nvariant = ")


def test_replay_reads_a_site_file(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "replay", str(NOLOW))
    assert (status, err) == (0, "")
    assert "venue: PokerStars" in out and "Rake 0.76" in out
    assert "Pot 17.06 after a rake of 0.76" in out
    status, out, _ = run(capsys, "replay", "--json", str(NOLOW))
    data = json.loads(out)
    assert data["rake"] == 0.76 and data["pots"][0]["amount"] == 17.06
    assert data["uncalled"] == {"player": "Player4", "amount": 0.79}  # the file's name


def test_a_result_that_differs_from_the_site_exits_1_naming_the_hand_player_and_amounts(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    # The loser collects: consistent for the importer, wrong for the rules.
    text = NOLOW.read_text("utf-8-sig")
    text = text.replace("Player4 collected $17.06", "Player5 collected $17.06")
    text = text.replace(
        "Seat 5: Player4 (big blind) showed [3s 9d Kd Qs] and won ($17.06) with",
        "Seat 5: Player4 (big blind) showed [3s 9d Kd Qs] and lost with",
    ).replace(
        "Seat 6: Player5 showed [Qc Qh 9h Ts] and lost with",
        "Seat 6: Player5 showed [Qc Qh 9h Ts] and won ($17.06) with",
    )
    path = tmp_path / "wrong.txt"
    path.write_text(text, "utf-8")
    status, _, err = run(capsys, "replay", str(path))
    assert status == 1
    assert "hand 109707013172: finishing stacks differ from the file's" in err
    assert "p2 'Player4': the file says 0.79, the replay gives 17.85" in err
    status, _, err = run(capsys, "import", str(path), "-o", str(tmp_path / "x.phhs"))
    assert status == 1 and "p3 'Player5': the file says 17.06, the replay gives 0" in err


def test_an_illegal_action_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    path = tmp_path / "pl.txt"  # a raise to $1 where pot limit allows $0.30
    path.write_text(HU.format(by="$0.90", to="$1", back="$0.90"), "utf-8")
    status, _, err = run(capsys, "import", str(path), "-o", str(tmp_path / "x.phhs"))
    assert status == 2 and "raise to 100 exceeds the pot-limit maximum of 30" in err
    assert "(amounts in units of 0.01)" in err
    assert run(capsys, "replay", str(path))[0] == 2


def test_lenient_skips_the_bad_hand_and_exits_3(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    good = HU.format(by="$0.20", to="$0.30", back="$0.20")
    bad = good.replace("#7", "#8").replace("Ann: folds", "Ann: folds twice")
    path = tmp_path / "many.txt"
    path.write_text("\n\n".join([good, bad, good.replace("#7", "#9")]), "utf-8")
    out = tmp_path / "many.phhs"
    status, _, err = run(capsys, "import", str(path), "-o", str(out))
    assert status == 1 and "hand 8, line 26: a line the PokerStars reader does not know" in err
    status, _, err = run(capsys, "import", "--lenient", str(path), "-o", str(out))
    assert status == 3
    assert err.startswith("omaha import: warning: ") and err.endswith("(hand skipped)\n")
    assert [h.fields["hand"] for h in phh.read(out)] == ["7", "9"]
    status, stdout, err = run(capsys, "replay", "--lenient", str(path))
    assert status == 3 and stdout.count("Final stacks:") == 2


def test_unreadable_inputs_exit_1(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("just some notes\n", "utf-8")
    status, _, err = run(capsys, "import", str(path), str(tmp_path / "missing.txt"))
    assert status == 1
    assert "not a hand history of a site this library reads" in err
    assert "cannot read" in err


def test_outputs_get_the_mode_of_a_new_file(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    # Written under a mkstemp name (private, 0o600) and renamed: omaha import
    # left its output readable by its owner only; omaha eval's got the mode
    # a new file gets (the umask's), and so do both now.
    import os
    import stat

    from omaha.files.writer import created_mode

    old = os.umask(0o022)
    try:
        assert created_mode() == 0o644 and created_mode(directory=True) == 0o755
        out = tmp_path / "out.phhs"
        assert run(capsys, "import", *FILES[:2], "-o", str(out))[0] == 0
        evaluated = tmp_path / "out.csv"
        hands = str(paths.EXAMPLES / "hands.csv")
        assert main(["eval", hands, "-o", str(evaluated)]) == 0
    finally:
        os.umask(old)
    assert stat.S_IMODE(out.stat().st_mode) == 0o644
    assert stat.S_IMODE(evaluated.stat().st_mode) == 0o644


@pytest.mark.parametrize("game", ["Courchevel Pot Limit", "Courchevel Hi/Lo Pot Limit"])
def test_courchevel_is_refused_by_name_and_exits_1(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path, game: str
) -> None:
    # Courchevel: five hole cards and the first flop card dealt face up before
    # the first betting round, a game the engine does not deal (docs/history.md).
    path = tmp_path / "courchevel.txt"
    text = HU.format(by="$0.20", to="$0.30", back="$0.20").replace("Omaha Pot Limit", game)
    path.write_text(text, "utf-8")
    status, stdout, err = run(capsys, "import", str(path), "-o", str(tmp_path / "x.phhs"))
    assert (status, stdout) == (1, "")
    assert f"hand 7, line 1: '{game}' is Courchevel (a board card dealt before" in err
    assert "a game this library does not play" in err and "Traceback" not in err


def test_ggpoker_nl_postflop_imports_and_replays(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    path = DATA / "ggpoker" / "own_gg_nlo_postflop_mtt.txt"
    out = tmp_path / "nlo.phhs"
    assert run(capsys, "import", str(path), "-o", str(out))[0] == 0
    assert out.read_text("utf-8").count("_pot_limit_preflop = true") == 2
    status, stdout, _ = run(capsys, "replay", str(out))
    assert status == 0 and stdout.count("NO: pot-limit-preflop Omaha High") == 2
