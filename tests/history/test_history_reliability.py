"""Tampered, cut and odd site files: a clear HistoryError naming the value, or the right hand.

Issue 17's site-file examples (each kept as a test) and issue 18's iPoker
and PartyPoker constructs. The files are tests/data's (real files whose
licence allows it, and our own); the tampering is done here.
"""

from __future__ import annotations

import decimal
import pathlib
import re
import warnings

import pytest

from omaha import history, phh
from omaha.errors import HistoryError, OmahaError
from omaha.history.notation import MAX_AMOUNT_DIGITS, AmountError, parse_money
from paths import DATA

HH = DATA / "hh"
STARS = """PokerStars Hand #1:  Omaha Pot Limit ($0.05/$0.10 USD) - 2014/01/06 16:05:07 ET
Table 'T' 6-max Seat #2 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($10 in chips)
Bob: posts small blind $0.05
Ann: posts big blind $0.10
*** HOLE CARDS ***
Bob: raises $0.20 to $0.30
Ann: folds
Uncalled bet ($0.20) returned to Bob
Bob collected $0.20 from pot
*** SUMMARY ***
Total pot $0.20 | Rake $0
Seat 1: Ann (big blind) folded before Flop
Seat 2: Bob (button) (small blind) collected ($0.20)
"""
PARTY = (HH / "partypoker" / "party_plo8_cash_0.50-1_allin_split.txt").read_text("utf-8-sig")
IPOKER = (HH / "ipoker" / "ipoker_plo_cash_0.50-1_hu_allin.xml").read_text("utf-8-sig")


def replayed(text: str, name: str, **kw: object) -> list[phh.HandHistory]:
    """Import and replay every hand (the replay checks every stated amount)."""
    hands = history.parse(text, name, **kw)  # type: ignore[arg-type]
    for hand in hands:
        phh.replay(hand)
    return hands


def refused(text: str, name: str, *words: str) -> str:
    """The text gives an OmahaError naming the file and holding every word."""
    with pytest.raises(OmahaError) as info:
        replayed(text, name)
    message = str(info.value)
    assert message.startswith(name)
    for word in words:
        assert word in message, message
    return message


def test_untouched_files_replay() -> None:
    assert len(replayed(STARS, "s.txt")) == 1
    assert len(replayed(PARTY, "p.txt")) == 1
    assert len(replayed(IPOKER, "i.xml")) == 1


# ------------------------------------------------------------------ amounts


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("$1\u06627", "digits of another script"),
        ("$8\uff17", "digits of another script"),
        ("-$5", "never negative"),
        ("$-5", "never negative"),
        ("\u22125", "never negative"),
        ("$NaN", "no amount"),
        ("$1e9", "an exponent"),
        ("1E5", "an exponent"),
        ("$inf", "no amount"),
        ("$1.2.3", "no amount"),
        ("1,2,3", "no amount"),
        ("$", "no amount"),
        ("", "no amount"),
        ("5 5", "no amount"),
        ("1" * (MAX_AMOUNT_DIGITS + 1), f"at most {MAX_AMOUNT_DIGITS} digits"),
    ],
)
def test_the_amount_reader_refuses(text: str, why: str) -> None:
    with pytest.raises(AmountError, match=re.escape(why)):
        parse_money(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("$1,234.56", "1234.56"),
        ("0,35 €", "0.35"),
        ("1 234,50€", "1234.50"),
        ("27,617", "27617"),
        ("1.000.000", "1000000"),
        ("(0.15)", "0.15"),
        ("100 USD", "100"),
        ("640 chips", "640"),
        ("T$5", "5"),
        ("9" * MAX_AMOUNT_DIGITS, "9" * MAX_AMOUNT_DIGITS),
    ],
)
def test_the_amount_reader_reads(text: str, value: str) -> None:
    assert parse_money(text) == decimal.Decimal(value)


def test_a_huge_amount_is_quoted_by_its_size() -> None:
    with pytest.raises(AmountError) as info:
        parse_money("$" + "1" * 200_000)
    assert "200,000 digits" in str(info.value) and len(str(info.value)) < 200


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ("to $0.30", "to $1\u06627", ("digits of another script", "line 8")),
        ("Bob ($10 in", "Bob ($8\uff17 in", ("digits of another script", "line 4")),
        ("big blind $0.10", "big blind -$5", ("never negative", "line 6")),
        ("collected ($0.20)", "collected ($NaN)", ("'$NaN' is no amount", "line 15")),
        ("collected ($0.20)", "collected ($1e9)", ("an exponent", "line 15")),
        ("Bob ($10 in", "Bob ($" + "1" * 5000 + " in", ("5,000 digits", "characters")),
        ("Bob ($10 in", "Bob ($" + "1" * 4100 + " in", ("4,100 digits",)),
        ("Bob ($10 in", "Bob ($" + "1" * 200_000 + " in", ("200,000 digits",)),
    ],
)
def test_a_bad_amount_in_a_hand_is_named(old: str, new: str, words: tuple[str, ...]) -> None:
    message = refused(STARS.replace(old, new), "s.txt", "hand 1", *words)
    assert len(message) < 600  # a huge value is quoted by its size


def test_the_largest_amounts_round_trip_through_phh() -> None:
    big = "9" * (MAX_AMOUNT_DIGITS - 2)
    (hand,) = replayed(STARS.replace("($10 in", f"(${big} in"), "s.txt")
    again = phh.loads(hand.dumps())
    assert phh.replay(again).finishing_stacks == phh.replay(hand).finishing_stacks


# ------------------------------------------------------------------ PartyPoker


def test_party_hand_without_wins_lines_is_refused() -> None:
    refused(re.sub(r"(?m)^.* wins .*\n?", "", PARTY), "p.txt", "nobody wins")


def test_party_hand_with_a_cut_wins_line_books_no_rake() -> None:
    # Before: 60.5 of the 61.5 pot booked as rake, exit 0.
    refused(re.sub(r"(?m)^.* wins Lo.*\n?", "", PARTY), "p.txt", "states no rake", "10%")


def test_party_hand_without_its_turn_is_refused() -> None:
    refused(re.sub(r"(?m)^\*\* Dealing Turn.*\n", "", PARTY), "p.txt", "stops on the turn")


# ------------------------------------------------------------------ iPoker


def test_ipoker_hand_without_its_turn_cards_is_refused() -> None:
    text = re.sub(r'(?s)<round no="3">.*?</round>', '<round no="3"></round>', IPOKER)
    refused(text, "i.xml", "stops on the turn")


@pytest.mark.parametrize("cut", ['<round no="3">', "</game>", '<round no="1">'])
def test_ipoker_file_cut_inside_a_game_is_refused(cut: str) -> None:
    refused(IPOKER[: IPOKER.index(cut)], "i.xml", "cut short", "truncated", "hand 5383534233")


def test_ipoker_last_game_without_its_end_is_refused() -> None:
    two = IPOKER.replace("</session>", IPOKER[IPOKER.index(" <game") :])
    two = two.replace('gamecode="5383534233"', 'gamecode="2"', 1)
    assert len(replayed(two.replace("</game>\n</session>", "</game>\n</game></session>"), "i")) == 2
    refused(
        two.replace("</game>\n</session>", "</session>"), "i.xml", "cut short", "hand 5383534233"
    )


def test_ipoker_bad_action_number_is_an_error_also_lenient() -> None:
    text = IPOKER.replace('action no="8"', 'action no="x"')
    refused(text, "i.xml", "action number 'x'", 'no="x"')
    skipped: list[HistoryError] = []
    assert history.parse(text, "i.xml", lenient=True, on_skip=skipped.append) == []
    assert len(skipped) == 1 and "action number" in str(skipped[0])


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ('bet="€47"', 'bet="€470"', ("'Player2' bets 470", "put in 47")),
        ('bet="€47"', 'bet="€NaN"', ("'€NaN' is no amount",)),
        ('sum="€20"', 'sum="€21"', ("'Player2' bets 47", "put in 48")),
        ('sum="€15.10"', 'sum="€15"', ("'Player1' calls 15 but owes 15.1",)),
        ('win="€88.10"', 'win="€78.10"', ("states no rake",)),
        ('win="€88.10"', 'win="€98.10"', ("collect 93.2 from a pot of 84.2",)),
        ('win="€0"', 'win="€1"', ("finishing stacks differ",)),
        ('seat="3"', 'seat="3x"', ("seat number '3x'",)),
    ],
)
def test_ipoker_stated_amounts_are_checked(old: str, new: str, words: tuple[str, ...]) -> None:
    assert old in IPOKER
    refused(IPOKER.replace(old, new, 1), "i.xml", *words)


def test_ipoker_seats_dealt_no_cards_sit_out() -> None:
    # MIT (HHSmithy): two players listed, dealt no cards, with no action.
    (hand,) = history.read(HH / "ipoker" / "ipoker_plo_cash_hhsmithy_sitting_out.xml")
    assert hand.fields["_sitting_out"] == ["Player2", "Player3"]
    assert hand.fields["players"] == ["Player5", "Player1", "Player4"]
    assert phh.replay(hand).finishing_stacks == (10270, 7573, 10000)  # rake 0.30 of 6


def test_ipoker_game_type_naming_only_the_limits() -> None:
    # Our own file: `PL €1/€2`, five cards each; a seat without a name and a
    # player sitting out (type 9) are not dealt in; the newer client returns
    # the uncalled bet apart from `win=`.
    (hand,) = history.read(HH / "ipoker" / "own_ipoker_plo5_limits_only.xml")
    assert hand.fields["variant"] == "PO" and hand.fields["_hole_card_count"] == 5
    assert hand.fields["players"] == ["Ann", "Hero"] and hand.fields["_sitting_out"] == ["Cid"]
    assert hand.fields["_uncalled"] == [12, 0] and hand.fields["_rake"] == 0
    assert phh.replay(hand).finishing_stacks == (206, 144)


def test_ipoker_game_type_of_another_game_is_refused() -> None:
    text = IPOKER.replace("Omaha PL €0.50/€1", "PL €0.50/€1")
    refused(text.replace("SK D6 H7 DQ", "SK D6"), "i.xml", "not an Omaha hand")


def test_no_warning_leaks() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        replayed(IPOKER, "i.xml")


# ------------------------------------------------------------------ PartyPoker tournaments

TOURNEY = HH / "partypoker" / "own_party_plo_tourney.txt"


def test_party_tournament_hands_in_chips() -> None:
    # Our own file, in the format of Party's tournaments: `Trny: ... Level: 3`
    # and `Blinds(25/50)` lines, chips without currency, `wins 2,450 chips`,
    # `wins Lo (225 chips)`, a player's chat; no rake in a tournament.
    first, second = history.read(TOURNEY)
    assert first.fields["variant"] == "PO" and second.fields["variant"] == "PO/8"
    assert first.fields["blinds_or_straddles"] == [25, 50, 0, 0]
    assert phh.replay(first).finishing_stacks == (0, 4950, 4350, 2450)
    assert phh.replay(second).finishing_stacks == (4975, 4375, 2400)
    assert first.fields["_rake"] == 0 and second.fields["_rake"] == 0


def test_party_tournament_hand_missing_chips_is_refused() -> None:
    text = TOURNEY.read_text().replace("wins 2,450 chips", "wins 2,400 chips")
    refused(text, "t.txt", "a tournament hand has no rake")


def test_party_money_line_disguised_as_chat_fails_the_hand() -> None:
    text = TOURNEY.read_text().replace("Ann calls [350]", "Ann: calls [350]")
    refused(text, "t.txt", "hand 20000000001")


def test_party_blinds_line_that_differs_from_the_header_is_refused() -> None:
    text = TOURNEY.read_text().replace("\nBlinds(25/50)\nCid", "\nBlinds(50/100)\nCid")
    refused(text, "t.txt", "blinds that are not the header's", "line 12")


def test_party_cancelled_hand_is_left_out_with_a_note() -> None:
    text = TOURNEY.read_text()
    cut = text.index("** Dealing down cards **")
    cancelled_text = (
        text[:cut] + "Hand cancelled\n\n" + text[text.index("#Game No : 20000000002") :]
    )
    notes: list[HistoryError] = []
    (hand,) = history.parse(cancelled_text, "t.txt", on_cancelled=notes.append)
    assert hand.fields["hand"] == "20000000002"
    assert len(notes) == 1 and "hand 20000000001" in str(notes[0])
    assert "cancelled" in str(notes[0])


# ------------------------------------------------------------------ omaha import


def test_import_of_a_file_that_gives_no_hand_exits_1(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from omaha.cli import main

    bad = tmp_path / "cut.xml"
    bad.write_text(IPOKER[: IPOKER.index('<round no="3">')], encoding="utf-8")
    assert main(["import", str(bad), "-o", str(tmp_path / "out.phhs")]) == 1
    assert main(["import", "--lenient", str(bad), "-o", str(tmp_path / "out.phhs")]) == 1
    err = capsys.readouterr().err
    assert "cut short" in err and "no hand converted" in err
    assert not (tmp_path / "out.phhs").exists()


def test_import_of_a_party_hand_without_wins_exits_1(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from omaha.cli import main

    bad = tmp_path / "cut.txt"
    bad.write_text(re.sub(r"(?m)^.* wins .*\n?", "", PARTY), encoding="utf-8")
    assert main(["import", str(bad)]) == 1
    assert "nobody wins" in capsys.readouterr().err


def test_a_win_by_a_player_not_dealt_in_is_refused() -> None:
    # Found by the fuzzer (a KeyError before): Player3 sits at the table but
    # plays no part in the hand.
    text = PARTY.replace("Player2 wins Lo", "Player3 wins Lo")
    refused(text, "p.txt", "'Player3' wins but is not dealt in")


# ------------------------------------------------------------------ Full Tilt


def test_full_tilt_street_pot_is_checked() -> None:
    text = (HH / "fulltilt" / "ftp_plo_cash_0.50-1_hu_showdown.txt").read_text("utf-8-sig")
    assert "(Total Pot: $6, 2 Players)" in text
    assert len(replayed(text, "f.txt")) == 1
    bad = text.replace("[Td] (Total Pot: $6,", "[Td] (Total Pot: $600,")
    refused(bad, "f.txt", "the pot is stated as 600, but the bets so far make 6", "line 13")


@pytest.mark.parametrize("bad", ["-€42.10", "€42.10e3", "€4\u06612.10", "€42.10x", "42.10.5"])
def test_ipoker_amount_is_the_whole_attribute(bad: str) -> None:
    refused(IPOKER.replace('chips="€42.10"', f'chips="{bad}"'), "i.xml", "is no amount")


def test_import_of_a_cancelled_hand_is_a_note_not_an_error(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from omaha.cli import main

    text = TOURNEY.read_text()
    cut = text.index("** Dealing down cards **")
    only = tmp_path / "cancelled.txt"
    only.write_text(text[:cut] + "Hand cancelled\n", encoding="utf-8")
    assert main(["import", str(only), "-o", str(tmp_path / "out.phhs")]) == 0
    err = capsys.readouterr().err
    assert "note:" in err and "hand 20000000001" in err and "cancelled" in err


@pytest.mark.parametrize(
    "new", ["Main Pot: $25.70 Rake: $1.30", "Main Pot: $24.70 Side Pot 1: $1 Rake: $1.30"]
)
def test_party_newer_format_pot_is_checked(new: str) -> None:
    text = (HH / "partypoker" / "own_party_new_plo.txt").read_text()
    assert len(replayed(text, "p.txt")) > 1
    refused(text.replace("Main Pot: $24.70 Rake: $1.30", new), "p.txt", "the total pot")
