"""Site hand histories: every real file imports, replays and matches what the site printed.

The real files of tests/data/hh (PokerStars, Full Tilt, PartyPoker, iPoker;
only the players' names replaced) are read into PHH hands and replayed;
the replay checks everything the file states (each collect, each pot, the
total pot, the rake, the uncalled bet, the finishing stacks). The numbers
each test asserts were worked out by hand from the file.
"""

from __future__ import annotations

import decimal
import pathlib
import re
import warnings

import pytest
from hypothesis import given
from hypothesis import strategies as st

import paths
from omaha import phh
from omaha.cards import parse_cards
from omaha.errors import HandSkippedWarning, HistoryError
from omaha.history import detect, parse, read
from omaha.history.detect import START
from omaha.history.text import decode, split_hands

DATA = paths.DATA / "hh"
REAL = sorted(p for p in DATA.rglob("*") if p.is_file() and not p.name.startswith("own_"))
OWN = sorted(DATA.rglob("own_*"))
"""Files written for these tests from the formats' public descriptions and examples."""
D = decimal.Decimal


def one(path: pathlib.Path) -> phh.HandHistory:
    (hand,) = read(path)
    return hand


def test_the_real_files_are_copied() -> None:
    names = {p.name for p in REAL}
    assert names >= {
        "ftp_plo_cash_0.50-1_hu_showdown.txt",
        "ipoker_plo_cash_0.50-1_hu_allin.xml",
        "party_plo8_cash_0.50-1_allin_split.txt",
        "stars_fl_o8_cash_5-10.txt",
        "stars_plo8_cash_0.05-0.10_allin_nolow.txt",
        "stars_plo8_cash_0.05-0.10_hu_split.txt",
    }


@pytest.mark.parametrize("path", REAL + OWN, ids=lambda p: p.name)
def test_every_real_hand_imports_and_replays_to_the_cent(path: pathlib.Path) -> None:
    hands = read(path)
    assert hands
    for hand in hands:
        result = phh.replay(hand)  # raises on any difference with the file
        assert result.complete
        assert hand.fields["venue"] and hand.fields["hand"]
        # the chips are kept, up to the rake and the house's money (a Cash Drop, §4.12)
        house, rake = result.hand.house, result.hand.result.rake
        assert sum(hand.starting_stacks) + house == sum(result.finishing_stacks) + rake


def test_pokerstars_all_in_with_an_uncalled_bet_and_no_low() -> None:
    hand = one(DATA / "pokerstars" / "stars_plo8_cash_0.05-0.10_allin_nolow.txt")
    f = hand.fields
    assert (f["venue"], f["hand"], f["table"], f["currency"]) == (
        "PokerStars",
        "109707013172",
        "Rastaban V 40-100 bb",
        "USD",
    )
    assert (f["year"], f["month"], f["day"], str(f["time"])) == (2014, 1, 6, "16:05:07")
    assert f["players"][:3] == ["Player3", "Player4", "Player5"]  # from the button's left
    r = phh.replay(hand).hand.result
    # Player4 bets 5.78 all-in, Player5 calls 4.99 all-in: 0.79 back. The pot:
    # 0.10 (Player3) + 8.86 + 8.86 = 17.82, raked 0.76: 17.06 to Player4's straight.
    assert r.uncalled == (1, 79)
    (pot,) = r.pots
    assert (pot.amount, pot.rake, pot.payouts, pot.low_winners) == (1706, 76, {1: 1706}, ())
    assert hand.fields["_total_pot"] == D("17.82") and hand.fields["_rake"] == D("0.76")


def test_pokerstars_heads_up_split_the_high_half_takes_the_odd_cent() -> None:
    hand = one(DATA / "pokerstars" / "stars_plo8_cash_0.05-0.10_hu_split.txt")
    # $0.80 raked $0.03: $0.77, the high half with the odd cent ($0.39) to
    # Player2's nines up, the low ($0.38) to Player1's 8-6-4-3-2.
    (pot,) = phh.replay(hand).hand.result.pots
    assert (pot.amount, pot.rake, pot.payouts) == (77, 3, {0: 39, 1: 38})
    assert hand.fields["players"] == ["Player2", "Player1"]  # heads-up: the big blind first


def test_pokerstars_fixed_limit_hi_lo_scoop_and_a_wrapped_summary_line() -> None:
    hand = one(DATA / "pokerstars" / "stars_fl_o8_cash_5-10.txt")
    f = hand.fields
    assert hand.variant == "FO/8" and (f["small_bet"], f["big_bet"]) == (5, 10)
    assert f["blinds_or_straddles"][:2] == [2, 5]  # $5/$10 limit: blinds $2/$5
    assert hand.scale == 10  # a stack of $267.50: the file is read in dimes
    (pot,) = phh.replay(hand).hand.result.pots
    # $35 raked $1: Player7 scoops with A-K high and the 7-6-5-3-A low: 17 + 17.
    assert (pot.amount, pot.rake, pot.payouts) == (340, 10, {0: 340})
    assert hand.fields["actions"][-1] == "p2 sm"  # Player8 mucks


def test_full_tilt_shows_in_turn_whatever_order_the_file_lists() -> None:
    hand = one(DATA / "fulltilt" / "ftp_plo_cash_0.50-1_hu_showdown.txt")
    # River checked through: the first player left of the button (Player1,
    # the big blind) shows first (docs/rules.md §5.9); the file lists Player2 first.
    assert hand.fields["actions"][-2:] == ["p1 sm Qc7d9c7h", "p2 sm 2cJh2s8d"]
    (pot,) = phh.replay(hand).hand.result.pots
    assert (pot.amount, pot.rake, pot.payouts) == (570, 30, {0: 570})
    assert hand.fields["seat_count"] == 2


def test_partypoker_uncalled_bet_as_a_side_pot_and_an_unmarked_sitting_out() -> None:
    hand = one(DATA / "partypoker" / "party_plo8_cash_0.50-1_allin_split.txt")
    # Player3 never acts: not dealt in. Player6 raises to 31, Player2 is
    # all-in for 30: the "side pot 1" of $1 is the uncalled bet. The pot
    # 30 + 30 + 0.50 = 60.50, raked 3 (not stated: what the pot does not pay
    # out): 28.75 high to Player6's kings, 28.75 low to Player2's 7-5-4-2-A.
    assert hand.fields["_sitting_out"] == ["Player3"]
    assert hand.fields["_uncalled"] == [0, 0, 0, 0, 1]
    r = phh.replay(hand).hand.result
    (pot,) = r.pots
    assert (pot.amount, pot.rake, r.uncalled) == (5750, 300, (4, 100))
    assert pot.payouts == {4: 2875, 1: 2875}


def test_ipoker_actions_out_of_order_suit_first_cards_and_the_win_with_the_uncalled_bet() -> None:
    hand = one(DATA / "ipoker" / "ipoker_plo_cash_0.50-1_hu_allin.xml")
    # Actions no 3..6 are listed 3, 5, 4, 6: raise to 3, raise to 9, raise to
    # 27, call. On the flop Player2 bets 20, Player1 is all-in for 15.10:
    # 4.90 back. "win" 88.10 = the pot 84.20 - the rake 1 + the 4.90 back.
    assert hand.fields["actions"][2:6] == ["p2 cbr 3", "p1 cbr 9", "p2 cbr 27", "p1 cc"]
    r = phh.replay(hand).hand.result
    (pot,) = r.pots
    assert (pot.amount, pot.rake, r.uncalled) == (8320, 100, (0, 490))
    assert hand.fields["currency"] == "EUR" and hand.fields["table"] == "Alle, 817748844"


# ------------------------------------------------------------------ the own files


def test_ggpoker_run_twice_the_odd_cent_to_the_first_board_and_the_fees_as_rake() -> None:
    hand, _, _ = read(DATA / "ggpoker" / "own_gg_plo_mixed.txt")
    # Charlie (4.30) is all-in against Hero: 4.30 + 4.30 + 0.30 + 0.10 = $9.
    # The rake 0.44 and the jackpot 0.05 leave 8.51: 4.26 on the first board
    # (Hero's aces), 4.25 on the second (Charlie's three sevens).
    assert hand.fields["_fees"] == {"Rake": D("0.44"), "Jackpot": D("0.05"), "Bingo": 0,
                                    "Fortune": 0, "Tax": 0}  # fmt: skip
    assert hand.fields["_run_boards"] == ["7d8c2hKc4s"]
    r = phh.replay(hand).hand.result
    (pot,) = r.pots
    assert (pot.amount, pot.rake) == (851, 49)
    assert [(run.amount, run.payouts) for run in pot.runs] == [(426, {2: 426}), (425, {0: 425})]
    assert r.boards[1] == parse_cards("7d8c2hKc4s")


def test_ggpoker_missed_blind_dead_and_a_straddle_in_plo5() -> None:
    _, hand, _ = read(DATA / "ggpoker" / "own_gg_plo_mixed.txt")
    # Kilo posts a missed small blind of 0.10, dead; Papa (under the gun)
    # straddles 0.50: Kilo, left of the straddle, acts first and calls 0.50.
    # Mike raises to 2.25, the pot-limit maximum being 0.50 + 1.45 + 0.50.
    assert hand.hole_count == 5
    assert hand.fields["blinds_or_straddles"] == [D("0.1"), D("0.25"), D("0.5"), 0, 0, 0]
    assert hand.fields["_dead_blinds"] == [0, 0, 0, D("0.1"), 0, 0]
    r = phh.replay(hand).hand.result
    # 0.10 + 0.25 + 0.10 + 0.50 + 2.25 + 2.25 = 5.45, raked 0.27; Mike's 3 back.
    assert (r.pots[0].amount, r.pots[0].rake, r.uncalled) == (518, 27, (5, 300))


def test_ggpoker_tournament_antes_and_a_side_pot_in_chips() -> None:
    *_, hand = read(DATA / "ggpoker" / "own_gg_plo_mixed.txt")
    assert hand.scale == 1 and hand.fields["_tournament"] == "8000001"
    assert hand.fields["level"] == 7 and hand.fields["antes"] == [40, 40, 40, 40]
    main, side = phh.replay(hand).hand.result.pots
    # Antes 160, Tango's 300, and 2,060 from each of three: 6,640; the flop's
    # 1,200 from Hero and Romeo: the side pot of 2,400. From the button's left:
    # p1 Sierra, p2 Tango (folded), p3 Hero, p4 Romeo.
    assert (main.amount, main.eligible, side.amount, side.eligible) == (
        6640,
        (0, 2, 3),
        2400,
        (2, 3),
    )
    assert main.payouts == {2: 6640} and side.payouts == {2: 2400}


def test_winamax_the_uncalled_bet_is_in_what_its_owner_collects() -> None:
    folded, side, tournament = read(DATA / "winamax" / "own_winamax_plo.txt")
    # Hero collects 64: the pot of 34 and his 30 not called. Emile's big
    # blind out of position is live: he checks it under the gun.
    assert folded.fields["_posted_blinds"] == [0, 0, 4, 0, 0]
    assert folded.fields["_uncalled"] == [0, 30, 0, 0, 0] and folded.fields["winnings"][1] == 34
    assert folded.fields["_total_pot"] == 34  # Winamax states 64: after the rake, with the 30
    # Hero's turn bet of 20 comes back as "side pot 1"; the main pot of 106,
    # raked 2, goes to Bruno's straight.
    r = phh.replay(side).hand.result
    assert side.scale == 10  # amounts to the ten cents: 0.50€, 10.50€
    assert (r.uncalled, r.pots[0].amount, r.pots[0].rake) == ((0, 200), 1040, 20)
    assert side.hole_count == 5
    assert tournament.fields["event"] == "Tournament Omaha Fever"
    assert tournament.fields["level"] == 6 and tournament.fields["antes"] == [25, 25, 25, 25]


STARS_OWN = DATA / "pokerstars" / "own_stars_plo_variety.txt"


def test_pokerstars_side_pots_raked_cumulatively_as_the_site_states() -> None:
    hand = read(STARS_OWN)[0]
    # Bob all-in for 8, Cat for 20, Dan and Ann cover; Ann folds the flop.
    # Main pot 4 x 8 = 32, side pot 3 x 12 = 36: the summary's 30.40 and
    # 34.60 after the rake of 3 say the main pot gave 1.60, the side pot 1.40.
    assert hand.fields["_pots"] == [
        {"pot": 1, "amount": D("30.4"), "won": {"p2": D("30.4")}},
        {"pot": 2, "amount": D("34.6"), "won": {"p2": D("34.6")}},
    ]
    main, side = phh.replay(hand).hand.result.pots
    assert (main.amount, main.rake, side.amount, side.rake) == (3040, 160, 3460, 140)


def test_pokerstars_small_and_big_blinds_on_return_a_tournament_and_a_run_twice() -> None:
    _, back, tournament, twice, _ = read(STARS_OWN)
    # Eve posts "small & big blinds $0.15": 0.10 live (she checks her option)
    # and 0.05 dead; Fay sits out.
    assert back.fields["_posted_blinds"] == [0, 0, 0, D("0.1"), 0]
    assert back.fields["_dead_blinds"] == [0, 0, 0, D("0.05"), 0]
    assert back.fields["_sitting_out"] == ["Fay"] and back.fields["actions"][6] == "p4 cc"
    (pot,) = phh.replay(back).hand.result.pots
    assert (pot.amount, pot.rake) == (410, 15)
    # Hi-lo in tournament chips, antes of 10: 3,400 cut 1,700 / 1,700.
    (pot,) = phh.replay(tournament).hand.result.pots
    assert (pot.amount, pot.high_winners, pot.low_winners) == (3400, (3,), (2,))
    # Run twice from the turn: the main pot of 448 in two, 112 / 112 split on
    # the first board (two broadway straights), 224 to the four queens of the
    # second; the side pot of 100 (no rake: the $3 cap is reached) 50 / 50.
    # From the button's left: p1 Quin, p2 Rae, p3 Oli, p4 Pat.
    main, side = phh.replay(twice).hand.result.pots
    assert [(r.amount, r.payouts) for r in main.runs] == [(224, {1: 112, 3: 112}), (224, {2: 224})]
    assert [(r.amount, r.payouts) for r in side.runs] == [(50, {1: 50}), (50, {2: 50})]


def test_pokerstars_cash_out_pays_the_player_instead_of_the_pot() -> None:
    *_, cashed = read(STARS_OWN)
    # Hero's pot of 58.85 is not awarded: he cashed out for 44.05. His stack:
    # 40 - 40 in + 10 back + 44.05.
    assert cashed.fields["players"] == ["Tom", "Hero", "Sam"]
    assert cashed.fields["_cash_out"] == [0, D("44.05"), 0]
    assert cashed.fields["finishing_stacks"][1] == D("54.05")
    assert cashed.fields["winnings"][1] == D("58.85")
    assert cashed.hole_count == 5
    phh.replay(cashed)


def test_full_tilt_run_twice_pots_are_the_boards() -> None:
    (hand,) = read(DATA / "fulltilt" / "own_ftp_plo_run_twice.txt")
    # "wins pot 1", "wins pot 2": Full Tilt names each board's share a pot.
    # $192 raked $3: 94.50 to Wes's kings, 94.50 to Xan's nines.
    (pot,) = phh.replay(hand).hand.result.pots
    assert [(r.amount, r.payouts) for r in pot.runs] == [(945, {1: 945}), (945, {2: 945})]
    assert hand.fields["_run_boards"] == ["8hJd"]


def test_partypoker_newer_format_balances_and_the_pot_after_the_rake() -> None:
    showdown, folded = read(DATA / "partypoker" / "own_party_new_plo.txt")
    (pot,) = phh.replay(showdown).hand.result.pots
    assert (pot.amount, pot.rake, pot.payouts) == (2470, 130, {3: 2470})
    # Hero collects 6.15: the pot of 3.75 less 0.20, and his 2.60 not called.
    r = phh.replay(folded).hand.result
    assert (r.pots[0].amount, r.pots[0].rake, r.uncalled) == (355, 20, (2, 260))


# ------------------------------------------------------------------ round trip


@pytest.mark.parametrize("path", REAL + OWN, ids=lambda p: p.name)
def test_site_file_to_phh_and_back_gives_the_same_replay(path: pathlib.Path) -> None:
    direct = [phh.replay(h) for h in read(path)]
    text = phh.dumps_all(read(path))
    again = [phh.replay(h) for _, h in phh.loads_all(text)]
    assert len(again) == len(direct)
    for a, b in zip(direct, again, strict=True):
        assert a.finishing_stacks == b.finishing_stacks
        assert a.hand.result.pots == b.hand.result.pots
        assert a.hand.result.rake == b.hand.result.rake
        assert a.hand.actions == b.hand.actions


@pytest.mark.parametrize("path", REAL + OWN, ids=lambda p: p.name)
def test_the_prepared_hand_is_what_reading_its_fields_back_gives(path: pathlib.Path) -> None:
    # The importer hands HandHistory its chips and parsed actions (no re-parse):
    # they must be what HandHistory computes from the fields themselves.
    for hand in read(path):
        again = phh.HandHistory(hand.fields, hand.name)
        assert (again.places, again.scale, again.actions) == (hand.places, hand.scale, hand.actions)
        views = [
            "starting_stacks",
            "antes",
            "blinds_or_straddles",
            "finishing_stacks",
            "winnings",
            "uncalled",
            "rake",
            "total_pot",
            "posts",
            "cash_out",
            "min_bet",
            "small_bet",
            "big_bet",
        ]
        for view in views:
            assert getattr(again, view) == getattr(hand, view), view


# ------------------------------------------------------------------ encodings

STARS = DATA / "pokerstars" / "stars_plo8_cash_0.05-0.10_hu_split.txt"


@pytest.mark.parametrize(
    "encoding", ["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "cp1252"]
)
def test_every_encoding_a_real_file_has_reads_the_same(
    encoding: str, tmp_path: pathlib.Path
) -> None:
    text = decode(STARS.read_bytes(), "x").replace("Player1", "Jos\u00e9")
    path = tmp_path / "hand.txt"
    path.write_bytes(text.replace("\n", "\r\n").encode(encoding))
    (hand,) = read(path)
    assert "Jos\u00e9" in hand.fields["players"]
    phh.replay(hand)


def test_detect_the_formats() -> None:
    assert [detect(decode(p.read_bytes(), p.name)) for p in REAL] == [
        "fulltilt",
        "ipoker",
        "ipoker",
        "partypoker",
        "pokerstars",
        "pokerstars",
        "pokerstars",
    ]
    assert detect("Poker Hand #OM1: PLO ($1/$2) - 2021/01/01 00:00:00") == "ggpoker"
    assert detect("Winamax Poker - CashGame - HandId: #1-1-1 - Omaha pot limit") == "winamax"
    with pytest.raises(HistoryError, match="not a hand history of a site"):
        parse("hello", "x.txt")


# ------------------------------------------------------------------ bad files

HAND = decode(STARS.read_bytes(), "x")


def test_a_truncated_hand_is_an_error_naming_the_file_and_hand() -> None:
    cut = HAND[: HAND.index("*** SHOW DOWN ***")]
    with pytest.raises(
        HistoryError, match=r"^s\.txt, hand 109677324649, line 20: the hand is trunc"
    ):
        parse(cut, "s.txt")


def test_a_card_that_is_not_a_card_names_the_line() -> None:
    bad = HAND.replace("shows [6s Jh 2d 9d]", "shows [6s Jh 2d 9x]")
    with pytest.raises(HistoryError) as info:
        parse(bad, "s.txt")
    assert info.value.hand == "109677324649" and info.value.line == 22
    assert "malformed card '9x'" in str(info.value)
    assert info.value.text is not None and info.value.text.startswith("Player2: shows")


def test_a_seat_that_does_not_exist() -> None:
    bad = HAND.replace("Seat 6: Player2", "Seat 7: Player2")
    with pytest.raises(HistoryError, match=r"line 4: seat 7 does not exist at a 6-seat table"):
        parse(bad, "s.txt")
    unseated = HAND.replace("Player1: calls $0.05", "Nobody: calls $0.05")
    with pytest.raises(HistoryError, match=r"line 10: a line the PokerStars reader does not know"):
        parse(unseated, "s.txt")


def test_an_amount_that_does_not_add_up() -> None:
    bad = HAND.replace("Player1: calls $0.05", "Player1: calls $0.06")
    with pytest.raises(HistoryError, match=r"line 10: 'Player1' calls 0.06 but owes 0.05"):
        parse(bad, "s.txt")
    collected = HAND.replace("Player2 collected $0.39", "Player2 collected $0.40")
    with pytest.raises(HistoryError, match=r"'Player2' collects 0\.4 but the summary says 0\.39"):
        parse(collected, "s.txt")


def test_the_same_card_twice() -> None:
    bad = HAND.replace("Kd 2c 9h", "Kd 2c 9d")  # 9d is in Player2's hand
    with pytest.raises(HistoryError, match="duplicate card '9d'"):
        parse(bad, "s.txt")


def test_lenient_skips_a_bad_hand_and_reads_the_others() -> None:
    good = HAND.strip()
    bad = good.replace("109677324649", "2").replace("[Kd 2c 9h]", "[Kd 2c 9x]")
    text = "\n\n\n".join([good, bad, good.replace("109677324649", "3")])
    with pytest.raises(HistoryError):
        parse(text, "many.txt")
    skipped: list[HistoryError] = []
    hands = parse(text, "many.txt", lenient=True, on_skip=skipped.append)
    assert [h.fields["hand"] for h in hands] == ["109677324649", "3"]
    assert [e.hand for e in skipped] == ["2"]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert len(parse(text, "many.txt", lenient=True)) == 2
    assert [w.category for w in caught] == [HandSkippedWarning]
    assert "many.txt, hand 2, line" in str(caught[0].message)


def test_an_ipoker_file_with_a_dtd_is_refused() -> None:
    xml = (DATA / "ipoker" / "ipoker_plo_cash_0.50-1_hu_allin.xml").read_text("utf-8-sig")
    evil = xml.replace(
        '<?xml version="1.0" encoding="utf-8"?>',
        '<?xml version="1.0"?><!DOCTYPE s [<!ENTITY x "xxxxxxxx">]>',
    )
    with pytest.raises(HistoryError, match="document type declaration or entity"):
        parse(evil, "i.xml")


def _hands_line_by_line(text: str, start: str) -> list[tuple[int, list[str]]]:
    """split_hands written plainly: every line, one at a time, ``start`` matched on it."""
    pattern = re.compile(start)
    hands: list[tuple[int, list[str]]] = []
    for number, raw in enumerate(text.split("\n"), 1):
        line = raw.rstrip()
        if pattern.match(raw):
            hands.append((number, [line]))
        elif hands:
            hands[-1][1].append(line)
    for _, lines in hands:
        while lines and not lines[-1]:
            lines.pop()
    return hands


@given(
    st.text(alphabet="Hab: \n\r\t\x0b\x1c\x85\xa0\u2028", max_size=60),
    st.sampled_from([r"Ha", r"H\w*: ", r"H\w*\s*: ", r"a|b", r"H(?:a|b)+$", START["ggpoker"]]),
)
def test_hands_are_cut_as_line_by_line(text: str, start: str) -> None:
    # split_hands finds the first lines by one search of the text; the hands,
    # their first lines' numbers and their lines are those a reading of every
    # line gives (a match running onto the next line, "H\n: " of r"H\w*\s*: ",
    # is no start).
    got = [(h.line, h.lines) for h in split_hands(text, start)]
    assert got == _hands_line_by_line(text, start)


def test_files_joined_together_keep_no_byte_order_mark_inside(tmp_path: pathlib.Path) -> None:
    # cat a.txt b.txt: the second file's byte-order mark sat at the start of
    # its first hand's line, which no reader knew.
    stars = sorted((DATA / "pokerstars").glob("stars_plo8_*.txt"))
    parts = [p.read_bytes() for p in stars]
    assert all(part.startswith(b"\xef\xbb\xbf") for part in parts)
    joined = tmp_path / "joined.txt"
    joined.write_bytes(b"\n\n\n".join(parts))
    hands = read(joined)
    assert [h.fields["hand"] for h in hands] == [read(p)[0].fields["hand"] for p in stars]


def test_every_format_has_its_reader_module_imported_plainly() -> None:
    import omaha.history as h

    assert sorted(h._sites()) == sorted(h.FORMATS)
    assert all(m.__name__ == f"omaha.history.{name}" for name, m in h._sites().items())


# ------------------------------------------------------------------ one ledger

STARS_OWN_TEXT = decode(STARS_OWN.read_bytes(), "x").split("\n\n\n")[0]


@pytest.mark.parametrize(
    ("stated", "why"),
    [
        ("$19", r"'Dan' gets back 19, but the uncalled bet is 20 of 'Dan'"),
        ("$21", r"'Dan' gets back 21, but the uncalled bet is 20 of 'Dan'"),
    ],
)
def test_an_uncalled_bet_the_ledger_does_not_have_names_its_line(stated: str, why: str) -> None:
    # Dan bets $20 on the flop and Ann folds: the engine's ledger returns
    # exactly $20 (omaha.pots.uncalled_bet: the largest bet less the next,
    # docs/rules.md §4.6); a line returning more or less is refused where it is.
    bad = STARS_OWN_TEXT.replace("Uncalled bet ($20)", f"Uncalled bet ({stated})")
    with pytest.raises(HistoryError, match=rf"line 20: {why}: the amounts do not add up"):
        parse(bad, "s.txt")


def test_the_builder_keeps_its_chips_in_the_engines_ledger() -> None:
    from omaha.history.builder import HandBuilder
    from omaha.ledger import Ledger

    b = HandBuilder("PokerStars", "a.txt", places=2)
    b.start("1", betting="pot", game="hi", stakes=(5, 10))
    b.seat(1, "Ann", 1000)
    b.seat(2, "Bob", 300)
    b.button(2)
    b.post("Bob", "small", 5)
    b.post("Ann", "big", 10)
    ledger = b._chips
    assert isinstance(ledger, Ledger)
    assert (ledger.stacks, ledger.bets, ledger.pot) == ([990, 295], [10, 5], 15)
    b.raise_to("Bob", 300)
    assert b.player("Bob").left == 0 and b.player("Bob").wager == 300
    with pytest.raises(HistoryError, match="'Cat' is seated after chips went in"):
        b.seat(3, "Cat", 500)
    b.protect("Ann")  # all-in protection (§4.11): her 990 stay out of play
    assert (ledger.stacks, ledger.behind, ledger.total) == ([0, 0], [990, 0], 1300)
    assert b.player("Ann").behind == 990


@pytest.mark.parametrize(
    ("path", "real", "none"),
    [
        ("pokerstars/own_stars_cashout_rit_old.txt", "2024/01/03 13:19:43", "2024/01/03 25:19:43"),
        ("winamax/own_winamax_plo.txt", "2023/11/14 20:00:01", "2023/13/14 20:00:01"),
        ("winning/own_winning_acr.txt", "2021/03/02 18:00:01", "2021/02/30 18:00:01"),
        ("winning/own_winning_old.txt", "2016/10/2 21:10:00", "2016/10/32 21:10:00"),
        ("fulltilt/ftp_plo_cash_0.50-1_hu_showdown.txt", "19:10:13 ET", "19:70:13 ET"),
        ("partypoker/own_party_new_plo.txt", "Jul 21 20:10:05", "Jul 32 20:10:05"),
        ("pacific/own_888_plo.txt", "14 03 2016 20:15:00", "14 13 2016 20:15:00"),
        ("bovada/own_bovada_plo.txt", "2014-08-05 01:00:05", "2014-02-30 01:00:05"),
    ],
)
def test_a_date_that_does_not_exist_names_the_hand(path: str, real: str, none: str) -> None:
    text = decode((DATA / path).read_bytes(), path)
    assert real in text
    with pytest.raises(HistoryError, match="a date or time that does not exist") as info:
        parse(text.replace(real, none, 1), path)
    assert info.value.hand is not None and info.value.line is not None


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        ("Ad 3h Qc Kh", "Ad3hQcKh"),
        ("[ Kh, Kd, 4c, Ac ]", "KhKd4cAc"),
        ("10h 9s", "Th9s"),
        ("ad 3H", "Ad3h"),
        ("", ""),
        ("[]", ""),
    ],
)
def test_site_cards_as_sites_write_them(text: str, cards: str) -> None:
    from omaha.history.notation import site_cards

    assert site_cards(text) == parse_cards(cards)


@pytest.mark.parametrize(
    ("text", "named"),
    [("Ad Ad", "duplicate card 'Ad'"), ("Ad Xx", "malformed card 'Xx'"), ("Ad 1", "'1'")],
)
def test_site_cards_name_the_bad_card(text: str, named: str) -> None:
    from omaha.errors import InvalidCardError
    from omaha.history.notation import site_cards

    with pytest.raises(InvalidCardError, match=named):
        site_cards(text)
