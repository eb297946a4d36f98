"""Site formats beyond the first fixtures: features of real files, and malformed variants.

The own_* files hold hands written for these tests after the public
examples of each format (the amounts made to add up as the site prints
them); each test names the feature it holds.
"""

from __future__ import annotations

import decimal
import pathlib

import pytest

import paths
from omaha import phh
from omaha.errors import HistoryError
from omaha.history import parse, read

D = decimal.Decimal
DATA = paths.DATA / "hh"
STARS1 = DATA / "pokerstars" / "own_stars_cashout_rit_old.txt"
STARS2 = DATA / "pokerstars" / "own_stars_eur_play_ko_zoom.txt"


def hand(path: pathlib.Path, number: str) -> phh.HandHistory:
    (found,) = [h for h in read(path) if h.fields["hand"] == number]
    return found


def text_of(path: pathlib.Path, number: str) -> str:
    chunks = path.read_text(encoding="utf-8").split("\n\n\n\n")
    (found,) = [c for c in chunks if f"#{number}:" in c.splitlines()[0]]
    return found.strip() + "\n"


def test_cash_out_with_side_pots_the_pots_add_up_to_what_was_won() -> None:
    # Two players cash out a three-way all-in: the pot is not awarded, the
    # summary says what each would have won, not from which pot.
    h = hand(STARS1, "250000000001")
    assert h.fields["_cash_out"] == [D("35.7"), 0, D("35.7"), 0]
    assert h.fields["players"] == ["Hero", "Ann [NL]", "Bob: the Builder", "Cy"]
    assert h.fields["_hole_card_count"] == 6
    assert h.fields["time_zone_abbreviation"] == "EET"
    r = phh.replay(h)
    assert r.complete and r.hand.result.rake == 100


def test_cash_out_pots_that_do_not_add_up_are_an_error() -> None:
    text = text_of(STARS1, "250000000001").replace("Side pot $84.", "Side pot $83.")
    with pytest.raises(HistoryError, match=r"hand 250000000001.*pots are stated as 106"):
        parse(text, "x.txt")


def test_an_old_file_returns_the_uncalled_bet_without_a_line() -> None:
    # PokerStars 2005: the raise nobody called goes back silently; the
    # summary's pot leaves it out.
    h = hand(STARS1, "1676150046")
    r = phh.replay(h)
    assert r.hand.result.uncalled == (2, 302)  # from the button's left: P six is p3
    assert h.fields["_total_pot"] == 4851


def test_an_uncalled_bet_the_pot_still_counts_is_an_error() -> None:
    text = text_of(STARS1, "1676150046").replace("Total pot 4851 ", "Total pot 5153 ")
    with pytest.raises(HistoryError, match=r"1676150046.*'P six' bet 302 nobody called"):
        parse(text, "x.txt")


def test_run_twice_with_a_line_between_the_boards() -> None:
    h = hand(STARS1, "250000000002")
    assert h.fields["_run_boards"] == ["2d6c7hQh8d"]
    assert phh.replay(h).complete


def test_euro_side_pots_chat_joins_time_outs() -> None:
    h = hand(STARS2, "250000000011")
    assert (h.fields["currency"], h.fields["seat_count"]) == ("EUR", 9)
    assert h.fields["players"][0] == "Ann ($)"
    assert h.fields["_sitting_out"] == ["Eve"]
    pots = phh.replay(h).hand.result.pots
    assert [(p.amount, p.rake) for p in pots] == [(1870, 50), (1400, 0)]


def test_play_money_five_card_hi_lo_quartered() -> None:
    h = hand(STARS2, "250000000012")
    assert h.fields.get("currency") is None and h.fields["variant"] == "PO/8"
    (pot,) = phh.replay(h).hand.result.pots
    assert pot.payouts == {1: 190, 2: 380, 3: 190}  # Sue, Tom, hi lo(fan)


def test_tournament_bounties_and_places_are_not_actions() -> None:
    h = hand(STARS2, "250000000013")
    assert h.fields["_tournament"] == "3600000002" and h.fields["level"] == 5
    assert phh.replay(h).finishing_stacks == (0, 2690, 2370)


def test_an_empty_turn_card_comes_from_the_summary_board() -> None:
    h = hand(STARS2, "250000000014")
    assert "d db Jh" in h.fields["actions"]
    assert phh.replay(h).complete


def test_an_empty_turn_card_without_a_summary_board_is_an_error() -> None:
    text = text_of(STARS2, "250000000014").replace("Board [3c Jd 6d Jh 5s]\n", "")
    with pytest.raises(HistoryError, match=r"250000000014.*card is not given"):
        parse(text, "x.txt")


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "Dealt to Hero [3c Kc Ks 4s]",
            "Dealt to Hero [3c Kc Ks 4x]",
            r"bad.txt, hand 250000000002, line 52: malformed card '4x'",
        ),
        ("Hero collected $7999 from pot\n", "Hero collected $7998 from pot\n", r"250000000002"),
        ("*** SUMMARY ***", "*** SUMMARY ***", r"truncated"),
    ],
    ids=["bad card", "collect does not add up", "truncated"],
)
def test_malformed_hands_are_history_errors(old: str, new: str, message: str) -> None:
    text = text_of(STARS1, "250000000002")
    assert old in text
    with pytest.raises(HistoryError, match=message):
        text = text.replace(old, new)
        if message == "truncated":
            text = text[: text.index("*** SUMMARY ***")]
        parse("\n" * 44 + text, "bad.txt")


GG = DATA / "ggpoker" / "own_gg_missed_straddle_mtt.txt"


def test_ggpoker_missed_blind_straddle_and_a_tournament_with_side_pots() -> None:
    missed, straddle, mtt = read(GG)
    assert missed.fields["_dead_blinds"] == [0, 0, 5, 0, 0, 0]  # from the button's left
    assert phh.replay(missed).hand.result.rake == 500  # rake $4 and jackpot $1
    assert straddle.fields["blinds_or_straddles"] == [5, 10, 20, 0, 0, 0]
    assert phh.replay(straddle).complete
    pots = phh.replay(mtt).hand.result.pots
    assert [p.amount for p in pots] == [30250, 31000]


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("2024/02/11 9:05:00", "2024/13/11 9:05:00", r"hand 250000000012, line 1: a date"),
        ("Sue: shows [As 3h 9d 9s Th]", "Sue: shows [As 3h", r"250000000012, line 27: a line"),
    ],
    ids=["impossible date", "cut show"],
)
def test_a_malformed_line_is_a_history_error_naming_it(old: str, new: str, message: str) -> None:
    text = text_of(STARS2, "250000000012")
    assert old in text
    with pytest.raises(HistoryError, match=message):
        parse(text.replace(old, new), "bad.txt")


def test_a_dead_small_blind_goes_to_the_main_pot_as_the_site_pays_it() -> None:
    # Cat posts small & big blinds (0.10 live, 0.05 dead) and calls Ben's
    # all-in for 0.40: one pot of 0.05 + 0.40 + 0.40 + the dead 0.05 = 0.90,
    # less the rake of 0.04, and Ben collects 0.86 (docs/rules.md §8.3). Had
    # the dead 0.05 counted in Cat's contribution, a side pot of it alone
    # would go back to Cat and Ben would collect 0.81.
    (h,) = read(DATA / "pokerstars" / "own_stars_dead_blind_allin.txt")
    result = phh.replay(h).hand.result
    assert [(h.to_file_units(p.amount), p.eligible) for p in result.pots] == [(D("0.86"), (1, 2))]
    assert h.to_file_units(result.rake) == D("0.04")
    assert [h.to_file_units(c) for c in result.stacks] == [D("4.95"), D("0.86"), D("19.55"), 30]
