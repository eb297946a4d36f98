"""PHH doors (issue 17): fields of the wrong kind, huge values and NaN read as a clear
PHHError naming the value, or load and round-trip whole; never another exception."""

from __future__ import annotations

import decimal
import re
import time

import pytest

from omaha import phh
from omaha.errors import PHHError, quote
from paths import DATA

HAND = (DATA / "phh" / "wsop-2023-43-day5-hand12.phh").read_text()


def _round_trip(text: str) -> phh.HandHistory:
    history = phh.loads(text)
    written = phh.dumps(history)
    back = phh.loads(written)
    assert back == history
    assert phh.dumps(back) == written
    return history


def test_the_base_hand_round_trips_and_replays() -> None:
    phh.replay(_round_trip(HAND))


@pytest.mark.parametrize(
    ("extra", "named"),
    [
        ("_pots = 5", "_pots must be a list of tables, not 5"),
        ("_pots = 'x'", "_pots must be a list of tables, not 'x'"),
        ("_fees = 5", "_fees must be a table of amounts, not 5"),
        (
            "seats = [0.0000001]",
            "seats must be 5 seat numbers, one a player, not [Decimal('1E-7')]",
        ),
        ("seats = [1, 2, 3, 4, 0.5]", "seats[4] must be a whole number, not Decimal('0.5')"),
        ("seats = [1, 2, 3, 4, 4]", "seat two players in one seat"),
        ("seats = [1, 2, 3, 4, 9]\nseat_count = 6", "seats[4] must be from 1 to 6, not 9"),
        ("seat_count = nan", "seat_count must be a whole number, not Decimal('NaN')"),
        ("seat_count = 3", "seat_count must be from 5 to 1000, not 3"),
        ("seat_count = true", "seat_count must be a whole number, not True"),
        ("venue = 5", "venue must be a string, not 5"),
        ("time = 5", "time must be a time of day"),
        ("time_banks = [1, 2]", "time_banks must be 5 numbers"),
        ("time_limit = inf", "time_limit is infinite"),
        ("level = 1.5", "level must be a whole number, not Decimal('1.5')"),
    ],
)
def test_a_field_of_the_wrong_kind_is_a_phh_error_naming_it(extra: str, named: str) -> None:
    with pytest.raises(PHHError) as info:
        phh.loads(HAND + "\n" + extra + "\n")
    assert named in str(info.value)


@pytest.mark.parametrize(
    ("old", "new", "named"),
    [
        ("month = 6", "month = 61", "month must be from 1 to 12, not 61"),
        ("day = 22", "day = 0", "day must be from 1 to 31, not 0"),
        ("day = 22", "day = 31", "day 31, month 6, year 2023 is no date"),
        ("year = 2023", "year = 2023.5", "year must be a whole number"),
    ],
)
def test_a_date_that_is_no_date_is_refused(old: str, new: str, named: str) -> None:
    with pytest.raises(PHHError, match=re.escape(named)):
        phh.loads(HAND.replace(old, new))


def test_site_text_for_a_hand_or_table_number_is_kept() -> None:
    history = _round_trip(HAND.replace("hand = 12", "hand = 'RC900200001'") + "\ntable = 'T3'\n")
    assert history.fields["hand"] == "RC900200001"


@pytest.mark.parametrize("value", ["1e999999999999", "1e-999999999999", "1e99999", "-1e99999"])
def test_a_huge_or_tiny_user_field_is_written_back_as_read(value: str) -> None:
    start = time.perf_counter()
    history = _round_trip(HAND + f"\n_user = {value}\n_list = [{value}, 1.5]\n")
    assert history.fields["_user"] == decimal.Decimal(value)
    assert len(phh.dumps(history)) < len(HAND) + 200  # not 100 KB, not a trillion digits
    assert time.perf_counter() - start < 2


@pytest.mark.parametrize("extra", ["_x = nan", "_x = [nan, 1]", "_x = {a = nan}", "_x = -nan"])
def test_a_nan_user_field_keeps_the_hand_equal_to_its_round_trip(extra: str) -> None:
    history = _round_trip(HAND + "\n" + extra + "\n")
    assert history == phh.loads(HAND + "\n" + extra + "\n")
    assert history != phh.loads(HAND + "\n_x = 1\n")


def test_a_player_with_a_5000_digit_index_is_named_by_size() -> None:
    player = "p" + "9" * 5000
    text = HAND.replace("'p3 cbr 400000', 'p4 f'", f"'{player} cc', 'p4 f'", 1)
    with pytest.raises(PHHError) as info:
        phh.loads(text)
    message = str(info.value)
    assert "there are only 5 players" in message
    assert "(a text of 5,004 characters)" in message and len(message) < 400


@pytest.mark.parametrize("digits", [5_000, 200_000])
@pytest.mark.parametrize("fraction", ["", ".5"])
@pytest.mark.parametrize("where", ["action", "stack", "user cap"])
def test_an_amount_of_thousands_of_digits_is_refused_by_its_size(
    digits: int, fraction: str, where: str
) -> None:
    amount = "1" + "0" * (digits - 1) + fraction
    if where == "action":
        text = HAND.replace("'p3 cbr 400000', 'p4 f'", f"'p3 cbr {amount}', 'p4 f'", 1)
    elif where == "stack":
        text = HAND.replace("starting_stacks = [4175000", f"starting_stacks = [{amount}", 1)
    else:
        text = HAND + f"\n_cap = {amount}\n"
    with pytest.raises(PHHError) as info:
        phh.loads(text)
    message = str(info.value)
    assert len(message) < 400
    if where == "stack" and not fraction:  # TOML reads the integer: Python's own limit
        assert "an integer of more than 4,300 digits, longer than Python reads" in message
    elif where != "user cap":
        assert f"is too large ({digits:,} digits); an amount has at most 4,000 digits" in message


def test_the_largest_amount_reads_replays_and_round_trips() -> None:
    big = 10**3999  # 4,000 digits: the bound (omaha.phh.amounts.MAX_DIGITS)
    text = HAND.replace("starting_stacks = [4175000", f"starting_stacks = [{big + 4175000}", 1)
    text = text.replace("finishing_stacks = [4075000", f"finishing_stacks = [{big + 4075000}", 1)
    history = _round_trip(text)
    replay = phh.replay(history)
    assert replay.finishing_stacks[0] == big + 4075000


def test_a_hand_played_past_the_bound_is_refused_when_recorded() -> None:
    import omaha

    table = omaha.Table([10**4100, 10**4100], structure=omaha.NoLimit(1, 2))
    with pytest.raises(PHHError, match=re.escape("is too large (4,101 digits)")):
        phh.HandHistory.from_hand(table.deal())


def test_quote_names_long_values_by_size() -> None:
    assert quote("x" * 300).endswith("(a text of 300 characters)")
    assert quote(decimal.Decimal("9" * 300)).endswith("(a Decimal written in 311 characters)")
    assert quote([10**5000]) == "a list holding an integer too long to write"


@pytest.mark.parametrize("zeros", [5_000, 200_000])
def test_an_amount_written_with_200000_trailing_zeros_is_exact(zeros: int) -> None:
    # Written out, an amount may take any number of zeros after its point: it
    # is the same whole amount (never decimal.Inexact from a rounding context).
    amount = "400000." + "0" * zeros
    text = HAND.replace("'p3 cbr 400000', 'p4 f'", f"'p3 cbr {amount}', 'p4 f'", 1)
    history = _round_trip(text.replace("small_bet = 200000", f"small_bet = 200000.{'0' * zeros}"))
    assert history.places == 0 and history.actions[5].amount == 400000
    assert phh.replay(history).finishing_stacks == history.finishing_stacks


def test_an_importer_cannot_prepare_a_hand_that_would_not_read_back() -> None:
    # HandHistory._prepared (the site importers' fast path) skips the checks of
    # reading, but not the bound: what it would write must read back.
    good = phh.loads(HAND)
    chips = dict(good._amounts)
    assert (
        phh.HandHistory._prepared(
            dict(good.fields), "ok", places=0, chips=chips, actions=good.actions
        )
        == good
    )
    chips["starting_stacks"] = (10**4001, *chips["starting_stacks"][1:])
    with pytest.raises(PHHError, match=r"starting_stacks is too large \(an integer of 4,002"):
        phh.HandHistory._prepared(dict(good.fields), "big", places=0, chips=chips, actions=())


def test_a_card_in_two_hands_is_refused_once_by_the_engine_naming_both_seats() -> None:
    # p2 and p5 both hold 9d: the engine's deal checks every known card once
    # (Table.deal); the table's seat i is the hand's p{i+1}.
    bad = HAND.replace("'d dh p5 AdTs3d2s'", "'d dh p5 Ad9d3d2s'")
    with pytest.raises(PHHError) as info:
        phh.replay(phh.loads(bad))
    assert str(info.value).endswith(
        "dealing the hole cards: duplicate card '9d' is both in the hole cards of seat 1 and "
        "in the hole cards of seat 4"
    )
