"""PHH hand histories: reading, writing, decimal scaling, and replaying the real hands."""

from __future__ import annotations

import decimal
import io
import pathlib
import tomllib

import pytest

from omaha import IllegalActionError, OmahaError, phh
from omaha.cards import parse_cards

DATA = pathlib.Path(__file__).parent / "data" / "phh"
REAL_FILES = sorted(DATA.glob("*.phh"))
RECORD_2009 = DATA / "online-2009-plo-heads-up-record-pot.phh"

PO_3 = """
variant = "PO"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = []
"""


def history(text: str = PO_3, **changes: object) -> phh.HandHistory:
    h = phh.loads(text)
    return h.with_fields(**changes) if changes else h


# ------------------------------------------------------------------ reading


def test_real_files_are_copied() -> None:
    names = {p.name for p in REAL_FILES}
    assert "online-2009-plo-heads-up-record-pot.phh" in names
    assert {f"wsop-2023-43-day5-hand{n}.phh" for n in (12, 15, 18, 30, 31, 76, 80)} <= names


@pytest.mark.parametrize("path", REAL_FILES, ids=lambda p: p.stem)
def test_load_and_save_loses_no_field(path: pathlib.Path) -> None:
    (h,) = phh.read(path)
    with open(path, "rb") as fp:
        raw = tomllib.load(fp, parse_float=decimal.Decimal)
    assert h.fields == raw
    assert list(h.fields) == list(raw)  # order kept
    text = h.dumps()
    again = tomllib.loads(text, parse_float=decimal.Decimal)
    assert again == raw
    assert list(again) == list(raw)
    for key, value in raw.items():  # types kept: int stays int, decimal stays decimal
        assert type(again[key]) is type(value)
        if isinstance(value, list):
            assert [type(v) for v in again[key]] == [type(v) for v in value]
    assert phh.loads(text) == h


def test_decimal_amounts_are_scaled_by_the_smallest_power_of_ten() -> None:
    (h,) = phh.read(RECORD_2009)
    assert h.scale == 100
    assert h.starting_stacks == (125945025, 67847350)
    assert h.blinds_or_straddles == (50000, 100000)
    assert h.min_bet == 100000
    cbr = [a.amount for a in h.actions if a.kind == "cbr"]
    assert cbr[:2] == [300000, 900000]
    assert h.to_file_units(193792375) == decimal.Decimal("1937923.75")
    assert str(h.to_file_units(193792375)) == "1937923.75"
    assert h.to_file_units(67847350) == decimal.Decimal("678473.5")
    assert h.to_file_units(100) == 1 and isinstance(h.to_file_units(100), int)
    assert h.to_chips(decimal.Decimal("0.01")) == 1


@pytest.mark.parametrize(
    ("stacks", "amount", "scale"),
    [
        ("[100, 100]", "6", 1),
        ("[100.5, 100]", "6", 10),
        ("[100, 100]", "6.25", 100),
        ("[100.125, 100.5]", "6.5", 1000),
        ("[1e3, 100.0]", "6", 1),
    ],
)
def test_scale(stacks: str, amount: str, scale: int) -> None:
    text = PO_3.replace("[100, 100, 100]", stacks).replace("[0, 0, 0]", "[0, 0]")
    text = text.replace("[1, 2, 0]", "[1, 2]").replace(
        "actions = []", f'actions = ["p2 cbr {amount}"]'
    )
    assert phh.loads(text).scale == scale


def test_hidden_hole_cards_parse_as_unknown() -> None:
    (h,) = phh.read(DATA / "wsop-2023-43-day5-hand18.phh")
    deal = h.actions[2]
    assert deal.kind == "dh" and deal.player == 2 and deal.cards == (None,) * 4
    assert h.actions[0].cards == parse_cards("Js9h7s6d")


def test_action_parsing() -> None:
    h = history(
        actions=[
            "d dh p1 AsKsQsJs",
            "d dh p2 ????????  # unseen",
            "d dh p3 2c3c4c5c",
            "p3 cc",
            "p1 cbr 7 # pot",
            "p2 f",
            "p3 sm",
            "p1 sm -",
            "p3 sm 2c3c4c5c",
            "d db AhKhQh",
        ]
    )
    a = h.actions
    assert [x.kind for x in a] == ["dh", "dh", "dh", "cc", "cbr", "f", "sm", "sm", "sm", "db"]
    assert a[1].comment == "unseen" and a[4].comment == "pot"
    assert a[4].amount == 7 and a[4].player == 0
    assert a[6].cards == () and not a[6].shows
    assert a[7].cards is None and a[7].shows
    assert a[8].cards == parse_cards("2c3c4c5c") and a[8].shows
    assert a[9].player is None and a[9].cards == parse_cards("AhKhQh")


@pytest.mark.parametrize(
    ("changes", "match"),
    [
        ({"variant": "NT"}, "'NT' is not an Omaha variant"),
        ({"variant": "FO/8"}, "needs the field 'small_bet'"),
        ({"starting_stacks": [100, decimal.Decimal("inf"), 100]}, "infinite"),
        ({"starting_stacks": [100, -5, 100]}, "must not be negative"),
        ({"starting_stacks": [100, "x", 100]}, "must be a number"),
        ({"starting_stacks": [100]}, "at least 2 players"),
        ({"antes": [0, 0]}, "antes has 2 entries for 3 players"),
        ({"actions": ["p4 f"]}, "only 3 players"),
        ({"actions": ["p1 fold"]}, "not a PHH Omaha action"),
        ({"actions": ["p1 cbr lots"]}, "bad amount"),
        ({"actions": ["p1 cbr inf"]}, "infinite"),
        ({"actions": ["d dh p1 AsKsQsXs"]}, "malformed card"),
        ({"actions": ["d dh p1 AsAsQsJs"]}, "duplicate"),
        ({"actions": ["d db ??????"]}, "board cards cannot be unknown"),
        ({"actions": ["p1 sd"]}, "not an Omaha action"),
        ({"actions": [3]}, "must be a string"),
        ({"_hole_card_count": 7}, "_hole_card_count must be 4, 5 or 6"),
        ({"_cap": "four"}, "_cap must be an integer"),
    ],
)
def test_bad_files_give_clear_errors(changes: dict[str, object], match: str) -> None:
    with pytest.raises(phh.PHHError, match=match) as info:
        history(**changes)
    assert isinstance(info.value, OmahaError) and isinstance(info.value, ValueError)


def test_missing_field_and_bad_toml() -> None:
    with pytest.raises(phh.PHHError, match="needs the field 'min_bet'"):
        phh.loads(PO_3.replace("min_bet = 2", ""))
    with pytest.raises(phh.PHHError, match="missing required field 'actions'"):
        phh.loads(PO_3.replace("actions = []", ""))
    with pytest.raises(phh.PHHError, match="not valid TOML"):
        phh.loads("variant = ")


def test_infinite_stack_from_toml() -> None:
    with pytest.raises(phh.PHHError, match=r"starting_stacks\[1\] is infinite"):
        phh.loads(PO_3.replace("[100, 100, 100]", "[100, inf, 100]"))


def test_too_many_players_for_the_hole_card_count() -> None:
    text = PO_3.replace("[0, 0, 0]", str([0] * 8)).replace("[1, 2, 0]", str([1, 2] + [0] * 6))
    text = text.replace("[100, 100, 100]", str([100] * 8))
    assert phh.loads(text).player_count == 8
    with pytest.raises(phh.PHHError, match="too many for 6 hole cards"):
        phh.loads(text + "_hole_card_count = 6\n")


# ------------------------------------------------------------------ writing


def test_writer_escapes_and_types() -> None:
    fields = {
        "variant": "NO/8",
        "antes": [0, 0],
        "blinds_or_straddles": [1, 2],
        "min_bet": 2,
        "starting_stacks": [decimal.Decimal("10.50"), 20],
        "actions": ['p2 cc # he said "hi"\\'],
        "event": 'tab\tquote"back\\slash\nnew\x01',
        "odd key": True,
        "_nested": {"a": [1, 2], "b key": decimal.Decimal("1E+3")},
        "day": 1,
    }
    h = phh.HandHistory(fields)
    text = h.dumps()
    back = tomllib.loads(text, parse_float=decimal.Decimal)
    assert back == fields
    assert list(back) == list(fields)
    assert isinstance(back["_nested"]["b key"], decimal.Decimal)


def test_phhs_collections_round_trip(tmp_path: pathlib.Path) -> None:
    hands = [phh.read(p)[0] for p in REAL_FILES]
    path = tmp_path / "all.phhs"
    phh.write(path, hands)
    back = phh.read(path)
    assert back == hands
    assert back[1].name == f"{path}[2]"
    buf = io.BytesIO()
    phh.dump_all({"a": hands[0], "b": hands[1]}, buf)
    buf.seek(0)
    assert [(k, h) for k, h in phh.load_all(buf)] == [("a", hands[0]), ("b", hands[1])]
    with pytest.raises(phh.PHHError, match="must be a table"):
        phh.loads_all("x = 1\n")


def test_single_file_round_trip_through_file_objects() -> None:
    (h,) = phh.read(RECORD_2009)
    buf = io.BytesIO()
    phh.dump(h, buf)
    buf.seek(0)
    assert phh.load(buf) == h
    assert phh.dumps(h) == h.dumps()


def test_variant_codes() -> None:
    assert {"PO", "FO/8"} == phh.STANDARD_VARIANTS
    assert {"FO", "NO", "PO/8", "NO/8"} == phh.EXTENSION_VARIANTS
    for code, (betting, game) in phh.VARIANTS.items():
        extra = {"small_bet": 2, "big_bet": 4} if betting == "fixed" else {}
        h = history(variant=code, **extra)
        assert (h.betting, h.game) == (betting, game)


def test_errors_are_in_the_tree() -> None:
    assert issubclass(phh.ReplayActionError, IllegalActionError)
    assert issubclass(phh.FinishingStacksError, phh.PHHError)
