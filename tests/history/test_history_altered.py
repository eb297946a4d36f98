"""Site files altered or cut the way a tracker's user's files are: refused, never read otherwise.

The promise: a hand read is the hand the site played. A file cut inside a
hand's summary, a blind posted twice or of another amount than the
table's, a summary telling a show the hand lacks: each was read as a hand
the site did not play (found by a mutation run over tests/data/hh: every
amount one unit off, every line deleted, repeated, swapped with the next,
the file cut after every line). Each is now refused with a
:class:`~omaha.errors.HistoryError` naming the file and the hand.
"""

from __future__ import annotations

import pathlib
from collections.abc import Mapping
from typing import Any

import pytest

from omaha import history, phh
from omaha.errors import HistoryError, ReplayActionError
from omaha.history.text import decode
from paths import DATA

HH = DATA / "hh"
FTP = HH / "fulltilt" / "ftp_plo_cash_0.50-1_hu_showdown.txt"
FTP_RIT = HH / "fulltilt" / "own_ftp_plo_run_twice.txt"
STARS_FL = HH / "pokerstars" / "stars_fl_o8_cash_5-10.txt"
BOVADA = HH / "bovada" / "own_bovada_plo.txt"
IPOKER = HH / "ipoker" / "own_ipoker_plo5_limits_only.xml"
PARTY_NEW = HH / "partypoker" / "own_party_new_plo.txt"
STARS_FAMILY = sorted(
    p for site in ("pokerstars", "ggpoker", "fulltilt", "winning") for p in (HH / site).iterdir()
)


def lines_of(path: pathlib.Path) -> list[str]:
    return decode(path.read_bytes(), path.name).split("\n")


def refused(text: str, name: str, *words: str) -> str:
    with pytest.raises(HistoryError) as info:
        for hand in history.parse(text, name):
            phh.replay(hand)
    message = str(info.value)
    assert name in message and "hand " in message, message
    assert all(w in message for w in words), message
    return message


def played(text: str, name: str) -> list[Mapping[str, Any]]:
    """The hands read (every field), each replayed: what the engine checked."""
    hands = history.parse(text, name)
    for hand in hands:
        phh.replay(hand)
    return [hand.fields for hand in hands]


@pytest.mark.parametrize("path", [*STARS_FAMILY, BOVADA, PARTY_NEW], ids=lambda p: p.name)
def test_every_cut_is_refused_or_reads_the_files_own_hands(path: pathlib.Path) -> None:
    # Before: a hand cut before its summary's total pot (Full Tilt, PokerStars,
    # GGPoker, Bovada, PartyPoker's 2026 format), or inside its seats (the mucked cards
    # lost), was read.
    lines = lines_of(path)
    own = played("\n".join(lines), "f.txt")
    for end in range(1, len(lines)):
        try:
            hands = played("\n".join(lines[:end]), "f.txt")
        except HistoryError:
            continue
        assert all(h in own for h in hands), f"cut after line {end}: another hand read"


def test_a_summary_cut_before_its_total_pot_is_refused() -> None:
    lines = lines_of(FTP)
    cut = lines[: lines.index("*** SUMMARY ***") + 1]
    refused("\n".join(cut), FTP.name, "hand 33727560890", "states no total pot")


def test_a_summary_without_a_seat_dealt_in_is_refused() -> None:
    # Player8's mucked cards are told by their summary line only.
    lines = [
        x for x in lines_of(STARS_FL) if not x.startswith("Seat 8: Player8 (big blind) mucked")
    ]
    refused("\n".join(lines), STARS_FL.name, "no line for seat 8 ('Player8')")


def test_a_bovada_summary_cut_before_its_total_pot_is_refused() -> None:
    lines = lines_of(BOVADA)
    cut = lines[: lines.index("*** SUMMARY ***") + 1]
    refused("\n".join(cut), BOVADA.name, "states no total pot")


def test_a_blind_posted_twice_is_refused() -> None:
    lines = lines_of(FTP_RIT)
    i = lines.index("Wes posts the big blind of $2")
    refused("\n".join(lines[: i + 1] + lines[i:]), FTP_RIT.name, "'Wes' posts the big blind twice")


@pytest.mark.parametrize("amount", ["$0.49", "$0.51"])
def test_a_blind_of_another_amount_than_the_tables_is_refused(amount: str) -> None:
    # Before: read as a small blind of 0.49 (the raise to $3 hides the difference).
    text = decode(FTP.read_bytes(), FTP.name).replace(
        "small blind of $0.50", f"small blind of {amount}"
    )
    refused(text, FTP.name, f"a small blind of {amount[1:]}", "the small blind is 0.5 ")


def test_a_show_the_summary_tells_but_the_hand_lacks_is_refused() -> None:
    # Before: read with Player2's cards unknown (a muck), their summary line showing them.
    lines = [x for x in lines_of(FTP) if not x.startswith("Player2 shows")]
    refused("\n".join(lines), FTP.name, "the summary says 'Player2' showed")


def test_an_ipoker_game_type_naming_its_ante_keeps_its_blinds() -> None:
    # Before: the stakes were read as the big blind and the ante ("€2 Ante €0"),
    # and every small blind posted was refused as not the table's.
    text = IPOKER.read_text("utf-8-sig")
    named = text.replace(
        "<gametype>PL €1/€2</gametype>", "<gametype>PL €1/€2 Ante €0.00</gametype>"
    )
    assert named != text
    assert played(named, IPOKER.name) == played(text, IPOKER.name)


STARS_ALLIN = HH / "pokerstars" / "own_stars_dead_blind_allin.txt"


def test_streets_out_of_order_are_refused() -> None:
    # Before: the turn and the river swapped were read as a hand whose turn was the 3d.
    lines = lines_of(STARS_ALLIN)
    i = lines.index("*** TURN *** [2c 9d Jh] [Qs]")
    lines[i], lines[i + 1] = lines[i + 1], lines[i]
    refused("\n".join(lines), STARS_ALLIN.name, "the river is dealt after 1 street(s), not 2")


def test_a_street_restating_another_board_is_refused() -> None:
    text = decode(STARS_ALLIN.read_bytes(), STARS_ALLIN.name)
    altered = text.replace("*** TURN *** [2c 9d Jh] [Qs]", "*** TURN *** [2c 9d Jc] [Qs]")
    assert altered != text
    refused(altered, STARS_ALLIN.name, "restates the board as '2c9dJc', but '2c9dJh' was dealt")


def test_a_fold_taken_out_of_a_hand_whose_summary_tells_it_is_refused() -> None:
    # Before: Player9 without their fold was read as not dealt in (a hand of nine, not ten).
    lines = [x for x in lines_of(STARS_FL) if x != "Player9: folds"]
    refused("\n".join(lines), STARS_FL.name, "the summary says seat 9 folded")


def test_a_player_dealt_to_twice_is_refused() -> None:
    # Before: Hero's cards given to Dmitri (whose own "Dealt to" line follows) were read.
    path = HH / "ggpoker" / "own_gg_nlo_postflop_mtt.txt"
    text = decode(path.read_bytes(), path.name)
    altered = text.replace("Dealt to Hero [Ac Kc Js Th]", "Dealt to Dmitri [Ac Kc Js Th]")
    assert altered != text
    refused(altered, path.name, "'Dmitri' is dealt to twice")


def test_a_summary_seat_naming_another_player_is_refused() -> None:
    # Before: seat 8's mucked cards, its line naming Player10, were read as Player10's.
    text = decode(STARS_FL.read_bytes(), STARS_FL.name)
    altered = text.replace(
        "Seat 8: Player8 (big blind) mucked", "Seat 8: Player10 (big blind) mucked"
    )
    assert altered != text
    refused(altered, STARS_FL.name, "seat 8 of the summary names 'Player10', seated elsewhere")


def test_a_party_summary_without_a_players_balance_line_is_refused() -> None:
    # Before: Abe's cards, shown on his balance line only, were lost (read as a muck).
    lines = [x for x in lines_of(PARTY_NEW) if not x.startswith("Abe balance $0, lost $12.75")]
    refused("\n".join(lines), PARTY_NEW.name, "no balance line for 'Abe'")


def test_a_party_summary_without_its_pot_is_refused() -> None:
    lines = [x for x in lines_of(PARTY_NEW) if not x.startswith("Main Pot: $24.70")]
    refused("\n".join(lines), PARTY_NEW.name, "its summary states no pot")


def test_a_bovada_deal_other_than_the_summarys_hole_cards_is_refused() -> None:
    # Before: the Dealer's Kc and the Big Blind's Qc swapped on the deal lines only
    # were read (Bovada's showdown lines give the best five, not the hole cards).
    text = decode(BOVADA.read_bytes(), BOVADA.name)
    altered = text.replace(
        "Dealer : Card dealt to a spot [Kc Kd 7h 6h]", "Dealer : Card dealt to a spot [Qc Kd 7h 6h]"
    ).replace(
        "Big Blind  [ME] : Card dealt to a spot [Qc Jc Ts 9h]",
        "Big Blind  [ME] : Card dealt to a spot [Kc Jc Ts 9h]",
    )
    assert altered.count("Kc Jc Ts 9h") == 1
    refused(altered, BOVADA.name, "shows 'KcKd7h6h' but was dealt 'QcKd7h6h'")


# ---- an action the engine refuses names the file's line (not PHH's action index)

VARIETY = HH / "pokerstars" / "own_stars_plo_variety.txt"


def first_hand(path: pathlib.Path) -> list[str]:
    lines = lines_of(path)
    return lines[: lines.index("", 1)]


@pytest.mark.parametrize(
    ("changes", "line", "words"),
    [
        (  # a raise below the minimum: the amounts add up, the rule refuses it (§6.3)
            {
                11: "Dan: raises $0.25 to $0.75",
                12: "Ann: raises $4.75 to $5.50",
                15: "Dan: calls $19.25",
            },
            11,
            ("below the minimum raise to 100", "(amounts in units of 0.01)"),
        ),
        (  # two players' raises swapped: the second acts out of turn (§5.6)
            {
                11: "Ann: raises $1.25 to $1.75",
                12: "Dan: raises $3.75 to $5.50",
                15: "Ann: calls $18.25",
                16: "Dan: calls $14.50",
            },
            11,
            ("'Ann' acted out of turn; 'Dan' is to act",),
        ),
    ],
)
def test_an_action_the_rules_refuse_names_the_files_line(
    changes: Mapping[int, str], line: int, words: tuple[str, ...]
) -> None:
    """The importer reads the altered hand; the replay refuses it at the file's line, by name."""
    lines = first_hand(VARIETY)
    for number, text in changes.items():
        lines[number - 1] = text
    (hand,) = history.parse("\n".join(lines) + "\n", "altered.txt")
    with pytest.raises(ReplayActionError) as info:
        phh.replay(hand)
    message = str(info.value)
    assert message.startswith(f"altered.txt, hand 241000000001, line {line}: "), message
    assert message.endswith(f": {changes[line]!r}"), message
    assert all(w in message for w in words), message
    assert "action " not in message and " p3 " not in message, message
    assert info.value.line == line
    assert hand.actions[info.value.index].text == info.value.action  # PHH's index and text too
    # Written as PHH and read back, the hand keeps no source lines: PHH's index, PHH's names.
    again = phh.loads(phh.dumps(hand))
    assert again.source_lines is None
    with pytest.raises(ReplayActionError) as back:
        phh.replay(again)
    assert f"action {info.value.index} " in str(back.value) and back.value.line is None


def test_the_import_command_names_the_line_of_an_action_the_rules_refuse(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from omaha.cli import main

    lines = first_hand(VARIETY)
    lines[10:12] = ["Ann: raises $1.25 to $1.75", "Dan: raises $3.75 to $5.50"]
    lines[14:16] = ["Ann: calls $18.25", "Dan: calls $14.50"]
    path = tmp_path / "swapped.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["import", str(path), "-o", str(tmp_path / "out.phhs")]) == 2
    err = capsys.readouterr().err
    assert f"{path}, hand 241000000001, line 11: " in err, err
    assert "'Ann: raises $1.25 to $1.75'" in err, err


@pytest.mark.parametrize("path", sorted(p for p in HH.rglob("*") if p.is_file()), ids=str)
def test_every_action_names_the_line_that_states_it(path: pathlib.Path) -> None:
    """Each imported action's source line is the file's own line (hole cards dealt: none)."""
    text = decode(path.read_bytes(), path.name)
    lines = text.split("\n")
    for hand in history.parse(text, path.name):
        assert hand.source_lines is not None
        assert len(hand.source_lines) == len(hand.actions)
        for action, source in zip(hand.actions, hand.source_lines, strict=True):
            if source is None:  # dealt face down, or a muck the site leaves unsaid
                assert action.kind == "dh" or (action.kind == "sm" and action.cards == ())
                continue
            number, said = source
            assert lines[number - 1].strip() == said.strip(), (number, said)
