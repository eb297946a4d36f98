"""``omaha replay``: the readable account, --json, and the exit statuses."""

from __future__ import annotations

import json
import pathlib
import re
import subprocess
import sys

import pytest

import paths
from omaha.cli import main

DATA = paths.DATA / "phh"
REAL_FILES = sorted(DATA.glob("*.phh"))
RECORD_2009 = DATA / "online-2009-plo-heads-up-record-pot.phh"

PO_3 = """\
variant = "PO"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
players = ["Ann", "Bob", "Cy"]
"""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["replay", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def write(tmp_path: pathlib.Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_every_real_file_replays(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, *map(str, REAL_FILES))
    assert status == 0, err
    assert err == ""
    assert out.count("Final stacks:") == len(REAL_FILES)


def test_json_of_the_2009_hand(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--json", str(RECORD_2009))
    assert status == 0
    data = json.loads(out)
    assert data["players"] == ["Player1", "Player2"]  # the names the text output shows
    assert data["finishing_stacks"] == [1937923.75, 0]
    assert "1937923.75" in out  # the file's own units, not cents
    assert data["complete"] is True and data["stopped_at"] is None
    assert data["show_order"] == ["Player1", "Player2"]
    assert data["uncalled"] == {"player": "Player1", "amount": 181526.5}
    assert data["pots"] == [
        {
            "amount": 1356947,
            "eligible": ["Player1", "Player2"],
            "high_winners": ["Player1"],
            "low_winners": [],
            "payouts": {"Player1": 1356947},
        }
    ]
    assert data["shown"]["Player1"]["high"] == "Straight, five high"


def test_json_matches_every_recorded_finishing_stack(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--json", *map(str, REAL_FILES))
    assert status == 0
    rows = [json.loads(line) for line in out.splitlines()]
    assert len(rows) == len(REAL_FILES)
    for path, row in zip(REAL_FILES, rows, strict=True):
        text = path.read_text()
        if "finishing_stacks" in text:
            recorded = text.split("finishing_stacks = ")[1].splitlines()[0]
            assert row["finishing_stacks"] == json.loads(recorded)


def test_quartered_pot_in_json_and_text(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(DATA / "wsop-2023-43-day5-hand15.phh")
    _, out, _ = run(capsys, "--json", path)
    (pot,) = json.loads(out)["pots"]
    assert pot["high_winners"] == ["Player2"] and pot["low_winners"] == ["Player2", "Player4"]
    assert pot["payouts"] == {"Player2": 2775000, "Player4": 925000}
    _, text, _ = run(capsys, path)
    assert "low: p2 Player2, p4 Player4 with 8-7-4-2-A" in text
    assert "(quartered)" in text


def test_readable_account(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, str(DATA / "wsop-2023-43-day5-hand12.phh"))
    assert status == 0
    lines = out.splitlines()
    expected = [
        "  FO/8: fixed-limit Omaha Hi-Lo 8 or better, 5 players",
        "  blinds 100000/200000; bets 200000/400000",
        "Pre-flop",
        "  p1 Player1 posts the small blind 100000",
        "  p2 Player2 posts the big blind 200000",
        "  p3 Player3 raises to 400000",
        "  p2 Player2 calls 200000",
        "Flop 3s 7h Ks (pot 900000)",
        "  p3 Player3 bets 200000",
        "Turn 8s (pot 1300000)",
        "River Ah (pot 2100000)",
        "Showdown (pot 2900000), in order: p3 Player3, p2 Player2",
        "  p3 Player3 shows As8c7s5h: high Flush, ace high (AsKs8s7s3s), "
        "low 8-7-5-3-A (8s7s5h3sAh)",
        "  p2 Player2 mucks",
        "Pot 2900000 (p2 Player2, p3 Player3): p3 Player3 wins 2900000 (every other player mucked)",
    ]
    for line in expected:
        assert line in lines
    assert lines[-1].startswith("Final stacks: p1 Player1 4075000 (-100000), ")
    assert "p3 Player3 6100000 (+1500000)" in lines[-1]


def test_account_of_the_all_in_hand(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, str(RECORD_2009))
    lines = out.splitlines()
    assert "  p1 Player1 posts the big blind 1000" in lines
    assert "  p2 Player2 posts the small blind 500" in lines
    assert "  p2 Player2 calls 162473.5 (all-in)" in lines
    assert "  Uncalled bet of 181526.5 returned to p1 Player1" in lines
    i = lines.index("Showdown (pot 1356947), in order: p1 Player1, p2 Player2")
    assert lines[i + 3] == "Turn 5h (pot 1356947)"  # shown before the board is out
    assert lines[-1] == "Final stacks: p1 Player1 1937923.75 (+678473.5), p2 Player2 0 (-678473.5)"


def test_side_pots_and_a_single_blind(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    text = PO_3.replace("[100, 100, 100]", "[10, 30, 100]") + (
        'actions = ["d dh p1 AsAdKsKd", "d dh p2 4c5c6dTd", "d dh p3 7h7d8h8d",'
        ' "p3 cbr 7", "p1 cbr 10", "p2 cbr 30", "p3 cc",'
        ' "p1 sm AsAdKsKd", "p2 sm 4c5c6dTd", "p3 sm 7h7d8h8d",'
        ' "d db 2s3s9c", "d db Jh", "d db Qc"]\n'
    )
    status, out, err = run(capsys, write(tmp_path, "side.phh", text))
    assert status == 0, err
    assert "Main pot 30 (p1 Ann, p2 Bob, p3 Cy): high: p1 Ann with One pair, aces" in out
    assert "Side pot 1 40 (p2 Bob, p3 Cy): high: p3 Cy with One pair, eights" in out
    assert "Final stacks: p1 Ann 30 (+20), p2 Bob 0 (-30), p3 Cy 110 (+10)" in out
    single = DATA / "wsop-2023-43-day5-hand76.phh"
    _, out, _ = run(capsys, str(single))
    assert "a single blind of 250000; bets 250000/500000" in out
    assert "  p1 Player1 posts the blind 250000" in out
    assert "  p1 Player1 is dealt unknown hole cards" in out


def test_a_file_that_stops_mid_hand(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    text = PO_3 + 'actions = ["p3 cc", "p1 cc", "p2 cc", "d db 7h8h9h", "p1 cbr 6"]\n'
    path = write(tmp_path, "stop.phh", text)
    status, out, err = run(capsys, path)
    assert status == 0 and err == ""
    assert "Stopped: p2 Bob to act on the flop (pot 12)" not in out  # labels are pN
    assert "Stopped: p2 to act on the flop (pot 12)" in out
    assert "Stacks now: p1 Ann 92, p2 Bob 98, p3 Cy 98" in out
    status, out, _ = run(capsys, "--json", path)
    data = json.loads(out)
    assert status == 0
    assert data["complete"] is False
    assert (data["to_act"], data["street"], data["pot"]) == (
        "Bob",
        "flop",
        12,
    )  # named, as in the file


def test_an_illegal_action_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    bad = write(tmp_path, "bad.phh", PO_3 + 'actions = ["p3 cbr 9"]\n')
    good = str(DATA / "wsop-2023-43-day5-hand31.phh")
    status, out, err = run(capsys, bad, good)
    assert status == 2
    assert f"{bad}: action 0 'p3 cbr 9': raise to 9 exceeds the pot-limit maximum of 7" in err
    assert "hand31.phh" in out  # the other file still replays


def test_a_finishing_stack_mismatch_exits_1(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    text = PO_3 + 'actions = ["p3 f", "p1 f"]\nfinishing_stacks = [99, 102, 100]\n'
    path = write(tmp_path, "mismatch.phh", text)
    status, _, err = run(capsys, path)
    assert status == 1
    assert f"{path}: finishing stacks differ" in err
    assert "p2 'Bob': the file says 102, the replay gives 101" in err
    status, _, _ = run(capsys, "--no-check", path)
    assert status == 0


def test_bad_files_exit_1(capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path) -> None:
    status, _, err = run(capsys, str(tmp_path / "missing.phh"))
    assert status == 1 and "cannot read" in err
    inf = write(
        tmp_path, "inf.phh", PO_3.replace("[100, 100, 100]", "[100, inf, 100]") + "actions = []\n"
    )
    status, _, err = run(capsys, inf)
    assert status == 1 and "infinite" in err
    nt = write(tmp_path, "nt.phh", PO_3.replace('"PO"', '"NT"') + "actions = []\n")
    status, _, err = run(capsys, nt)
    assert status == 1 and "'NT' is not an Omaha variant" in err


def test_phhs_collection(capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path) -> None:
    text = "\n".join(f"[{i + 1}]\n{p.read_text()}\n" for i, p in enumerate(REAL_FILES[:3]))
    path = write(tmp_path, "three.phhs", text)
    status, out, err = run(capsys, "--json", path)
    assert status == 0, err
    names = [json.loads(line)["hand"] for line in out.splitlines()]
    assert names == [f"{path}[1]", f"{path}[2]", f"{path}[3]"]


def test_the_console_entry_point() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "omaha", "replay", "--json", str(RECORD_2009)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["finishing_stacks"] == [1937923.75, 0]


def test_illegal_action_names_players_not_seats() -> None:
    from omaha import phh

    text = (DATA / "wsop-2023-43-day5-hand30.phh").read_text()
    text = text.replace("'p3 f', 'p4 f'", "'p4 f', 'p3 f'")
    loaded = phh.loads(text)
    history = loaded[0] if isinstance(loaded, list) else loaded
    with pytest.raises(phh.ReplayActionError, match=r"action 5 'p4 f': .*p4 acted out of turn; p3"):
        phh.replay(history)


def test_a_file_that_is_not_utf8_exits_1(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    path = tmp_path / "latin1.phh"
    path.write_bytes((PO_3 + 'actions = []\n_note = "caf\xe9"\n').encode("latin-1"))
    status, _, err = run(capsys, str(path))
    assert status == 1
    assert "latin1.phh: not UTF-8 text: byte 0xe9" in err


def test_hands_shown_before_the_board_is_out_are_described_after_the_river(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The all-in hands were printed with the straight made by the turn and
    # river before the "Turn" and "River" lines.
    _, out, _ = run(capsys, str(RECORD_2009))
    lines = out.splitlines()
    i = lines.index("Showdown (pot 1356947), in order: p1 Player1, p2 Player2")
    assert lines[i + 1 : i + 7] == [
        "  p1 Player1 shows Ah3sKsKh",
        "  p2 Player2 shows 6d9s7d8h",
        "Turn 5h (pot 1356947)",
        "River 9c (pot 1356947)",
        "  p1 Player1 has high Straight, five high (5c4s3s2hAh)",
        "  p2 Player2 has high Two pair, nines and fives (9s9c5h5c8h)",
    ]


def test_json_names_players_as_the_text_does(
    capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    """Names where the file has them, p1, p2 where it has none, pN Name for a shared name."""
    source = RECORD_2009.read_text(encoding="utf-8")
    unnamed = tmp_path / "unnamed.phh"
    unnamed.write_text(re.sub(r"(?m)^players = .*\n", "", source), encoding="utf-8")
    twins = tmp_path / "twins.phh"
    twins.write_text(
        re.sub(r"(?m)^players = .*$", 'players = ["Ann", "Ann"]', source), encoding="utf-8"
    )
    _, out, _ = run(capsys, "--json", str(unnamed), str(twins))
    first, second = (json.loads(line) for line in out.splitlines())
    assert first["players"] == ["p1", "p2"] and first["show_order"] == ["p1", "p2"]
    assert second["players"] == ["p1 Ann", "p2 Ann"]
    assert second["pots"][0]["payouts"] == {"p1 Ann": 1356947}
