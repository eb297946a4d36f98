"""PHH hand histories: reading, writing, decimal scaling, and replaying the real hands."""

from __future__ import annotations

import decimal
import io
import itertools
import pathlib
import random
import tomllib
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import omaha
import paths
from omaha import IllegalActionError, OmahaError, phh
from omaha.cards import parse_cards
from omaha.games import Game
from omaha.phh import fields
from omaha.phh import history as phh_history
from table_play import relabel

DATA = paths.DATA / "phh"
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


def history(text: str = PO_3, /, **changes: Any) -> phh.HandHistory:
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
        ({"actions": ["p1 cbr \uff13\uff10"]}, "bad amount"),  # full-width digits: not 30
        ({"actions": ["p1 cbr 3_000"]}, "bad amount"),
        ({"players": ["Ann"]}, "players must be 3 names"),
        ({"players": [1, 2, 3]}, "players must be 3 names"),
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


def test_dump_all_writes_each_hand_as_it_comes() -> None:
    # A generator is written hand by hand (an import of a year of play holds
    # one hand at a time): the bytes are dumps_all's, the count is returned.
    hands = [phh.read(p)[0] for p in REAL_FILES]
    seen: list[int] = []
    buf = io.BytesIO()

    def produced() -> Iterator[phh.HandHistory]:
        for hand in hands:
            seen.append(buf.tell())  # what was written before this hand was made
            yield hand

    assert phh.dump_all(produced(), buf) == len(hands)
    assert buf.getvalue() == phh.dumps_all(hands).encode()
    assert seen[0] == 0 and all(a < b for a, b in itertools.pairwise(seen))
    assert phh.dump_all([], io.BytesIO()) == 0


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


# ------------------------------------------------------------------ replaying


@pytest.mark.parametrize("path", REAL_FILES, ids=lambda p: p.stem)
def test_every_real_hand_replays_to_its_finishing_stacks(path: pathlib.Path) -> None:
    (h,) = phh.read(path)
    r = phh.replay(h)  # raises on any illegal action or a stack mismatch
    assert r.complete and r.stopped_at is None
    assert r.applied == len(h.actions)
    if h.finishing_stacks is not None:
        assert r.finishing_stacks == h.finishing_stacks
    assert sum(r.finishing_stacks) == sum(h.starting_stacks)


def test_the_2009_record_pot() -> None:
    (h,) = phh.read(RECORD_2009)
    assert h.finishing_stacks is None
    r = phh.replay(h)
    assert [h.to_file_units(c) for c in r.finishing_stacks] == [decimal.Decimal("1937923.75"), 0]
    result = r.hand.result
    assert result.uncalled == (0, 18152650)  # 181,526.50 back to p1
    (pot,) = result.pots
    assert pot.amount == 135694700 and pot.payouts == {0: 135694700}
    assert result.show_order == (0, 1)


def test_heads_up_blinds_apply_reversed() -> None:
    (h,) = phh.read(DATA / "wsop-2023-43-day5-hand80.phh")
    r = phh.replay(h)
    posts = [a for a in r.hand.actions if type(a).__name__ == "PostBlind"]
    assert {(a.seat, a.amount) for a in posts} == {(0, 300000), (1, 150000)}  # type: ignore[attr-defined]


def test_big_blind_ante_is_read_from_the_big_blinds_entry() -> None:
    (h,) = phh.read(DATA / "wsop-2023-43-day5-hand30.phh")
    st = h.structure()
    assert st.big_blind_ante == 100000 and st.antes == 0


def test_hidden_hole_cards_never_reach_the_evaluator() -> None:
    for name in ("wsop-2023-43-day5-hand18.phh", "wsop-2023-43-day5-hand76.phh"):
        (h,) = phh.read(DATA / name)
        r = phh.replay(h)
        hidden = next(a.player for a in h.actions if a.kind == "dh" and a.cards == (None,) * 4)
        assert hidden is not None and r.hand.hole_cards[hidden] is None
        assert hidden not in {s.seat for s in r.hand.result.shown}


def test_a_file_that_stops_mid_hand_replays_to_that_point() -> None:
    (full,) = phh.read(DATA / "wsop-2023-43-day5-hand12.phh")
    cut = full.with_fields(actions=full.fields["actions"][:13])  # up to the flop's bet
    r = phh.replay(cut)
    assert not r.complete
    assert r.stopped_at == "p2 to act on the flop"
    assert r.hand.street == "flop" and r.hand.to_act == 1
    waiting = phh.replay(full.with_fields(actions=full.fields["actions"][:10]))
    assert waiting.stopped_at == "waiting for the flop to be dealt"
    showdown = phh.replay(full.with_fields(actions=full.fields["actions"][:-2]))
    assert showdown.stopped_at == "p3 to act at the showdown"


def test_an_illegal_action_names_its_index_text_and_rule() -> None:
    h = history(actions=["d dh p1 AsKsQsJs", "p3 cbr 9"])
    with pytest.raises(phh.ReplayActionError) as info:
        phh.replay(h)
    err = info.value
    assert (err.index, err.action) == (1, "p3 cbr 9")
    assert "action 1 'p3 cbr 9'" in str(err)
    assert "exceeds the pot-limit maximum of 7" in str(err)
    with pytest.raises(phh.ReplayActionError, match=r"action 0 'p1 cc'.*out of turn"):
        phh.replay(history(actions=["p1 cc"]))
    with pytest.raises(phh.ReplayActionError, match="after the betting started"):
        phh.replay(history(actions=["p3 f", "d dh p1 AsKsQsJs"]))


def test_a_card_error_at_an_action_names_its_index_and_text() -> None:
    # The message is made only when an action is refused (not quoted for every action).
    h = history(actions=["d dh p1 AsKsQsJs", "p3 cc", "p1 cc", "p2 cc", "d db AsKdQd"])
    with pytest.raises(phh.PHHError, match=r"action 4 'd db AsKdQd': .*'As'"):
        phh.replay(h)


def test_a_finishing_stack_mismatch_names_the_hand_and_the_seats() -> None:
    (h,) = phh.read(DATA / "wsop-2023-43-day5-hand12.phh")
    wrong = h.with_fields(finishing_stacks=[4075000, 5275000, 6000000, 4850000, 9500000])
    with pytest.raises(phh.FinishingStacksError) as info:
        phh.replay(wrong)
    assert info.value.players == (2, 3)
    message = str(info.value)
    assert "hand12.phh" in message and "p3 'Player3'" in message and "p4 'Player4'" in message
    assert "the file says 6000000, the replay gives 6100000" in message
    assert phh.replay(wrong, check=False).complete


UNCAPPED = '"p2 cbr 4", "p1 cbr 6", "p2 cbr 8", "p1 cbr 10"'


def test_house_rule_cap_is_a_user_field() -> None:
    text = """
variant = "FO"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100, 100]
actions = ["p3 cbr 4", "p1 cbr 6", "p2 cbr 8", "p3 cbr 10"]
"""
    with pytest.raises(phh.ReplayActionError, match="capped at 4 bets"):
        phh.replay(phh.loads(text))
    five = phh.loads(text + "_cap = 5\n")
    assert five.structure().cap == 5  # type: ignore[union-attr]
    r = phh.replay(five)
    assert r.hand.legal_actions().min_raise_to is None  # capped at 5 now
    with pytest.raises(phh.PHHError, match="fixed limit only"):
        history(_cap=5).structure()
    heads_up = text.replace("[0, 0, 0]", "[0, 0]").replace("[1, 2, 0]", "[1, 2]")
    heads_up = heads_up.replace("[100, 100, 100]", "[100, 100]")
    heads_up = heads_up.replace('"p3 cbr 4", "p1 cbr 6", "p2 cbr 8", "p3 cbr 10"', UNCAPPED)
    unlimited = phh.loads(heads_up)
    with pytest.raises(phh.ReplayActionError, match="capped"):
        phh.replay(unlimited)
    assert phh.replay(unlimited.with_fields(_heads_up_unlimited=True)).hand.to_act == 1


@pytest.mark.parametrize("hole_count", [5, 6])
def test_five_and_six_card_omaha(hole_count: int) -> None:
    cards = ["AsKsQsJsTs9s", "2c3c4c5c6c7c", "2d3d4d5d6d7d"]
    h = history(
        _hole_card_count=hole_count,
        actions=[f"d dh p{i + 1} {c[: 2 * hole_count]}" for i, c in enumerate(cards)]
        + ["p3 f", "p1 cc", "p2 cc", "d db 8h9hTh", "p1 cc", "p2 cc", "d db Jh", "p1 cc"]
        + ["p2 cc", "d db 2h", "p1 cc", "p2 cc", f"p1 sm {cards[0][: 2 * hole_count]}", "p2 sm"],
    )
    assert h.hole_count == hole_count
    r = phh.replay(h)
    assert r.hand.table.hole_count == hole_count
    assert r.finishing_stacks == (102, 98, 100)
    with pytest.raises(phh.PHHError, match=f"expected {hole_count}"):
        phh.replay(history(_hole_card_count=hole_count, actions=["d dh p1 AsKsQsJs"]))


def test_show_cards_of_an_unknown_hand() -> None:
    h = history(
        actions=[
            *("d dh p1 ????????", "d dh p2 2c3c4d5d", "p3 f", "p1 cc", "p2 cc"),
            *("d db AhKhQh", "p1 cc", "p2 cc", "d db 7s", "p1 cc", "p2 cc", "d db 8s"),
            *("p1 cc", "p2 cc", "p1 sm JhThAsKs", "p2 sm"),
        ]
    )
    r = phh.replay(h)
    assert r.finishing_stacks == (102, 98, 100)
    assert r.hand.result.shown[0].high is not None
    assert r.hand.result.shown[0].high.name == "Royal flush"


# -------------------------------------------------------- hands from the API


def _play_randomly(
    hand: omaha.Hand, rng: random.Random, true_holes: dict[int, tuple[int, ...]]
) -> None:
    while not hand.is_over:
        if hand.to_act is None:  # cannot happen when dealt from a deck or with the board
            raise AssertionError(f"stuck: {hand!r}")
        legal = hand.legal_actions()
        if legal.can_show:
            if rng.random() < 0.2 and legal.can_muck:
                hand.muck()
            else:
                hand.show(true_holes.get(legal.seat))
            continue
        r = rng.random()
        if legal.min_raise_to is not None and legal.max_raise_to is not None and r < 0.3:
            hand.raise_to(rng.randint(legal.min_raise_to, legal.max_raise_to))
        elif r < 0.4:
            hand.fold()
        else:
            hand.call()


def _random_table(rng: random.Random) -> omaha.Table:
    hole_count = rng.choice([4, 4, 5, 6])
    n = rng.randint(2, {4: 10, 5: 8, 6: 7}[hole_count])
    bb = rng.choice([2, 10, 20])
    kw: dict[str, Any] = {}
    antes = rng.choice(["none", "all", "positions", "bb"])
    if antes == "all":
        kw["antes"] = 1
    elif antes == "positions":
        kw["antes"] = tuple(rng.choice([0, 1, 3]) for _ in range(n))
    elif antes == "bb":
        kw["big_blind_ante"] = bb
    if rng.random() < 0.2:
        kw["blinds_or_straddles"] = rng.choice([(bb,), (bb // 2, bb, 2 * bb), (0, bb)])
    kind = rng.choice("FPN")
    structure: omaha.FixedLimit | omaha.PotLimit | omaha.NoLimit
    if kind == "F":
        cap = rng.choice([3, 4, 5])
        structure = omaha.FixedLimit(
            bb, 2 * bb, cap=cap, heads_up_unlimited=rng.random() < 0.3, **kw
        )
    elif kind == "P":
        structure = omaha.PotLimit(bb // 2, bb, **kw)
    else:
        structure = omaha.NoLimit(bb // 2, bb, **kw)
    stacks = [rng.choice([1, 5, bb, 50, 300, 1000]) for _ in range(n)]
    button = rng.choice([s for s in range(n) if stacks[s]])
    game = rng.choice([Game.HI, Game.HILO])
    return omaha.Table(stacks, structure, button=button, game=game, hole_count=hole_count)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    scale=st.sampled_from([1, 10, 100]),
    hidden=st.booleans(),
)
def test_a_hand_played_through_the_api_saves_and_loads_back(
    seed: int, scale: int, hidden: bool
) -> None:
    rng = random.Random(seed)
    table = _random_table(rng)
    true_holes: dict[int, tuple[int, ...]] = {}
    if hidden:  # replay-style dealing: some hole cards unknown until shown
        deck = list(range(52))
        rng.shuffle(deck)
        holes: list[tuple[int, ...] | None] = []
        for s, chips in enumerate(table.stacks):
            if not chips:
                holes.append(None)  # not dealt in
                continue
            cards = tuple(deck.pop() for _ in range(table.hole_count))
            if rng.random() < 0.5:
                true_holes[s] = cards
                holes.append(None)
            else:
                holes.append(cards)
        hand = table.deal(hole_cards=holes, board=deck[:5])
    else:
        hand = table.deal(seed=seed)
    _play_randomly(hand, rng, true_holes)
    saved = phh.HandHistory.from_hand(hand, scale=scale)
    loaded = phh.loads(saved.dumps())
    assert loaded == saved
    again = phh.replay(loaded)  # checks the recorded finishing stacks too
    assert again.complete
    # The same hand: every action, seat for seat (p1 is the first seat left of the button).
    seat_of = dict(enumerate(hand.seats))
    factor = scale // loaded.scale  # the file is read at the smallest scale that fits
    mapped = [relabel(a, seat_of, factor) for a in again.hand.actions]
    assert mapped == list(hand.actions)
    assert [loaded.to_file_units(c) for c in again.finishing_stacks] == (
        saved.fields["finishing_stacks"]
    )
    assert again.hand.result.show_order == tuple(
        hand.seats.index(s) for s in hand.result.show_order
    )


def test_from_hand_fields() -> None:
    table = omaha.Table([500, 0, 300, 200], omaha.PotLimit(5, 10), button=2)
    hand = table.deal(seed=3)
    assert hand.seats == (3, 0, 2)
    hand.fold()
    hand.fold()
    saved = phh.HandHistory.from_hand(hand, scale=100, players=["D", "A", "C"], event="test")
    f = saved.fields
    assert f["variant"] == "PO"
    assert f["starting_stacks"] == [2, 5, 3]
    assert f["blinds_or_straddles"] == [decimal.Decimal("0.05"), decimal.Decimal("0.1"), 0]
    assert f["min_bet"] == decimal.Decimal("0.1")
    assert f["seats"] == [4, 1, 3] and f["seat_count"] == 4
    assert f["finishing_stacks"] == [decimal.Decimal("1.95"), decimal.Decimal("5.05"), 3]
    assert f["actions"][-2:] == ["p3 f", "p1 f"]
    assert f["players"] == ["D", "A", "C"] and f["event"] == "test"
    assert saved.scale == 100
    with pytest.raises(ValueError, match="power of ten"):
        phh.HandHistory.from_hand(hand, scale=50)


def test_from_hand_variant_codes_and_house_rules() -> None:
    cases: list[tuple[omaha.FixedLimit | omaha.PotLimit | omaha.NoLimit, Game, str]] = [
        (omaha.FixedLimit(2, 4), Game.HI, "FO"),
        (omaha.FixedLimit(2, 4), Game.HILO, "FO/8"),
        (omaha.PotLimit(1, 2), Game.HILO, "PO/8"),
        (omaha.NoLimit(1, 2), Game.HI, "NO"),
        (omaha.NoLimit(1, 2), Game.HILO, "NO/8"),
    ]
    for structure, game, code in cases:
        hand = omaha.Table([100, 100, 100], structure, game=game, hole_count=5).deal(seed=1)
        f = phh.HandHistory.from_hand(hand).fields
        assert f["variant"] == code and f["_hole_card_count"] == 5
    capped = omaha.Table([100] * 3, omaha.FixedLimit(2, 4, cap=6, heads_up_unlimited=True))
    f = phh.HandHistory.from_hand(capped.deal(seed=1)).fields
    assert f["_cap"] == 6 and f["_heads_up_unlimited"] is True
    both = omaha.Table([100] * 3, omaha.NoLimit(1, 2, antes=1, big_blind_ante=2))
    saved = phh.HandHistory.from_hand(both.deal(seed=1))
    assert saved.fields["antes"] == [1, 1, 1] and saved.fields["_big_blind_ante"] == 2
    st = saved.structure()
    assert (st.antes, st.big_blind_ante) == (1, 2)


def test_a_show_after_the_hand_is_a_courtesy() -> None:
    h = history(actions=["d dh p1 AsKsQsJs", "p3 f", "p1 cbr 6", "p2 f", "p1 sm AsKsQsJs"])
    r = phh.replay(h)
    assert r.complete and r.finishing_stacks == (102, 98, 100)
    assert [a.text for a in r.courtesy_shows] == ["p1 sm AsKsQsJs"]
    with pytest.raises(phh.ReplayActionError, match="action 3 'p1 cc'"):
        phh.replay(history(actions=["p3 f", "p1 cbr 6", "p2 f", "p1 cc"]))  # betting is over


_toml_scalars = (
    st.text(max_size=20)
    | st.integers(-(2**63), 2**63 - 1)
    | st.booleans()
    | st.decimals(allow_nan=False, allow_infinity=False, places=3)
)
_toml_values = st.recursive(
    _toml_scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=10,
)


# Fields the history reads and checks (an ill-typed "_cap" is an error, not an extra field).
_CHECKED_FIELDS = {*fields.REQUIRED_COMMON, *fields.AMOUNT_FIELDS, fields.HOLE_COUNT_FIELD}
_CHECKED_FIELDS |= {fields.CAP_FIELD, fields.HU_UNLIMITED_FIELD}
_CHECKED_FIELDS |= {fields.POTS_FIELD, fields.FEES_FIELD, fields.RUN_BOARDS_FIELD}
_CHECKED_FIELDS |= {fields.ODD_CHIPS_FIELD, fields.RAISE_OVER_ALL_IN_FIELD}  # house rules
_CHECKED_FIELDS |= set(phh_history.CHECKED_STANDARD_FIELDS)  # PHH's own, by meaning
_extra_keys = st.text(min_size=1, max_size=10).filter(lambda k: k not in _CHECKED_FIELDS)


@settings(max_examples=100, deadline=None)
@given(extra=st.dictionaries(_extra_keys, _toml_values, max_size=5))
def test_any_extra_field_survives_writing(extra: dict[str, Any]) -> None:
    fields: dict[str, Any] = dict(history().fields)
    for key, value in extra.items():
        fields.setdefault(key, value)
    h = phh.HandHistory(fields)
    text = h.dumps()
    back = tomllib.loads(text, parse_float=decimal.Decimal)
    assert back == fields
    assert list(back) == list(fields)


# ------------------------------------------------------------------ input edges

BIG = 1234567890123456789012345678901234567890  # 40 digits: more than the decimal context's 28


def test_an_amount_of_any_length_is_exact() -> None:
    # A 40-digit stack was rounded to 28 significant digits (the decimal
    # context), and its ".5" lost with them.
    text = PO_3.replace("[100, 100, 100]", f"[{BIG}, {BIG}.5, 100]")
    text = text.replace("actions = []", f'actions = ["p3 cbr {BIG}.5", "p1 f", "p2 f"]')
    h = phh.loads(text)
    assert h.scale == 10
    assert h.starting_stacks == (BIG * 10, BIG * 10 + 5, 1000)
    assert h.actions[0].amount == BIG * 10 + 5
    r = phh.replay(h.with_fields(actions=["p3 f", "p1 f"]))
    assert [h.to_file_units(c) for c in r.finishing_stacks] == [
        BIG - 1,
        decimal.Decimal(f"{BIG + 1}.5"),
        100,
    ]
    saved = phh.HandHistory.from_hand(r.hand, scale=10)
    assert saved.fields["finishing_stacks"][1] == decimal.Decimal(f"{BIG + 1}.5")
    assert phh.replay(phh.loads(saved.dumps())).finishing_stacks == r.finishing_stacks


@pytest.mark.parametrize(
    ("amount", "match"),
    [
        ("1e999999999", r"starting_stacks\[0\] is too large \(1,000,000,000 digits\)"),
        ("1e-999999999", r"starting_stacks\[0\] is too fine \(999,999,999 decimal places\)"),
        ("1" * 4001, r"starting_stacks\[0\] is too large \(4,001 digits\)"),
        ("0." + "1" * 4001, r"starting_stacks\[0\] is too fine \(4,001 decimal places\)"),
    ],
)
def test_an_amount_too_large_or_too_fine_to_play_is_a_phh_error(amount: str, match: str) -> None:
    # 1e999999999 raised decimal.Overflow.
    with pytest.raises(phh.PHHError, match=match):
        phh.loads(PO_3.replace("[100, 100, 100]", f"[{amount}, 100, 100]"))
    whole_and_fine = PO_3.replace("[100, 100, 100]", f"[{'1' * 3000}, 0.{'1' * 1500}, 100]")
    with pytest.raises(
        phh.PHHError, match=r"starting_stacks\[0\] in chips of 10\*\*-1500: more than 4,000 digits"
    ):
        phh.loads(whole_and_fine)


def test_a_file_that_is_not_utf8_is_a_phh_error(tmp_path: pathlib.Path) -> None:
    # It raised UnicodeDecodeError.
    data = PO_3.replace("actions = []", "players = ['Jos\xe9', 'B', 'C']\nactions = []")
    path = tmp_path / "latin1.phh"
    path.write_bytes(data.encode("latin-1"))
    offset = data.encode("latin-1").index(b"\xe9")
    with pytest.raises(
        phh.PHHError, match=f"latin1.phh: not UTF-8 text: byte 0xe9 at offset {offset}"
    ):
        phh.read(path)
    with pytest.raises(phh.PHHError, match="not UTF-8"):
        phh.load(io.BytesIO(data.encode("latin-1")))
    with pytest.raises(phh.PHHError, match="not UTF-8"):
        phh.load_all(io.BytesIO(b"[1]\n" + data.encode("latin-1")))


@pytest.mark.parametrize("variant", ["[1, 2]", "{a = 1}", '["PO"]', "5"])
def test_a_variant_that_is_not_text_is_a_phh_error(variant: str) -> None:
    # A table or a list raised TypeError (unhashable).
    with pytest.raises(phh.PHHError, match=r"variant .* is not an Omaha variant"):
        phh.loads(PO_3.replace('"PO"', variant))


def test_an_integer_longer_than_python_reads_is_a_phh_error() -> None:
    # tomllib raised ValueError from int() over the 4,300-digit limit.
    text = PO_3 + "_note = " + "9" * 5000 + "\n"
    with pytest.raises(phh.PHHError, match=r"line 8: an integer of more than 4,300 digits"):
        phh.loads(text)
    with pytest.raises(phh.PHHError, match=r"line 6: an integer of more than 4,300 digits"):
        phh.loads(PO_3.replace("[100, 100, 100]", f"[{'1' * 4301}, 100, 100]"))


def test_a_huge_integer_in_a_user_field_is_written_as_hexadecimal_and_reads_back() -> None:
    big = 7**6000  # 5,071 digits: read from hexadecimal, too long to write in decimal
    h = phh.loads(PO_3 + f"_note = {hex(big)}\n")
    assert h.fields["_note"] == big
    again = phh.loads(h.dumps())
    assert again == h and again.fields["_note"] == big


def test_arrays_nested_too_deeply_are_a_phh_error() -> None:
    # tomllib raised RecursionError.
    with pytest.raises(phh.PHHError, match="nested too deeply to read"):
        phh.loads(PO_3 + "_deep = " + "[" * 3000 + "]" * 3000 + "\n")


# ------------------------------------------------------- everything written reads back

ROUND_TRIP_BLOCKS = 20
ROUND_TRIP_HANDS = 500  # a block: 10,000 hands in all


def _round_trip_table(rng: random.Random) -> omaha.Table:
    """A random table over chips, antes, big-blind antes, blind patterns and house options."""
    hole_count = rng.choice([4, 4, 4, 5, 6])
    n = rng.randint(2, {4: 10, 5: 8, 6: 7}[hole_count])
    bb = rng.choice([2, 10, 20, 25])
    sb = bb // 2
    pattern = rng.choice(
        [(sb, bb), (sb, bb), (bb,), (0, bb), (0, 0, bb), (sb, bb, 2 * bb), (bb, bb), (0,), (sb,)]
    )
    kw: dict[str, Any] = {"blinds_or_straddles": pattern}
    antes = rng.choice(["none", "none", "all", "positions", "bb", "both", "lone"])
    if antes in ("all", "both"):
        kw["antes"] = rng.choice([1, 2, 5])
    elif antes == "positions":
        kw["antes"] = tuple(rng.choice([0, 1, 3]) for _ in range(rng.randint(1, n)))
    elif antes == "lone":  # one per-position ante, which PHH could read as a big-blind ante
        kw["antes"] = tuple(3 if i == rng.randint(0, 1) else 0 for i in range(n))
    if antes in ("bb", "both"):
        kw["big_blind_ante"] = rng.choice([bb, sb, 1, 3 * bb])
    kind = rng.choice("FPN")
    structure: omaha.FixedLimit | omaha.PotLimit | omaha.NoLimit
    if kind == "F":
        cap = rng.choice([3, 4, 5])
        structure = omaha.FixedLimit(
            max(bb, 1), 2 * max(bb, 1), cap=cap, heads_up_unlimited=rng.random() < 0.3, **kw
        )
    elif kind == "P":
        structure = omaha.PotLimit(sb, bb, min_bet=bb, **kw)
    else:
        structure = omaha.NoLimit(sb, bb, min_bet=bb, **kw)
    stacks = [rng.choice([0, 1, 3, 5, bb, 50, 300, 1000]) for _ in range(n)]
    if sum(1 for s in stacks if s) < 2:
        stacks[:2] = [100, 100]
    button = rng.choice([s for s in range(n) if stacks[s]])
    return omaha.Table(
        stacks,
        structure,
        button=button,
        game=rng.choice(["hi", "hilo"]),
        hole_count=hole_count,
        chip=rng.choice([1, 1, 5, 25]),
        all_in_muck=rng.random() < 0.2,
    )


def _check_round_trip(hand: omaha.Hand, scale: int) -> None:
    """The hand's own PHH replays to the same actions, pots and stacks."""
    saved = phh.HandHistory.from_hand(hand, scale=scale)
    loaded = phh.loads(saved.dumps())
    assert loaded == saved
    again = phh.replay(loaded)  # checks the recorded finishing stacks
    assert again.complete
    seat_of = dict(enumerate(hand.seats))
    factor = scale // loaded.scale
    assert [relabel(a, seat_of, factor) for a in again.hand.actions] == list(hand.actions)
    mine = [(p.amount, p.eligible, sorted(p.payouts.items())) for p in hand.result.pots]
    theirs = [
        (
            p.amount * factor,
            tuple(seat_of[s] for s in p.eligible),
            sorted((seat_of[s], c * factor) for s, c in p.payouts.items()),
        )
        for p in again.hand.result.pots
    ]
    assert theirs == mine
    assert tuple(again.finishing_stacks[i] * factor for i in range(len(hand.seats))) == tuple(
        hand.stacks[s] for s in hand.seats
    )


def test_the_smallest_chip_is_written_and_read_back() -> None:
    # Two Broadway straights tie for 25 in chips of 5 (15 / 10, not 13 / 12):
    # the file had no chip, and its replay split the pot in 1s.
    table = omaha.Table([100] * 3, omaha.NoLimit(5, 10), button=2, chip=5)
    hand = table.deal(hole_cards=["9c9d8c8d", "JcTd2c3d", "JdTh2d3h"], board="AcKdQh4s4c")
    for action in ("call", "fold", "check") + ("check",) * 6:
        getattr(hand, action)()
    while not hand.is_over:
        hand.show()
    assert hand.result.pots[0].payouts == {1: 15, 2: 10}
    saved = phh.HandHistory.from_hand(hand, scale=100)
    assert saved.fields["_chip"] == decimal.Decimal("0.05")
    again = phh.replay(phh.loads(saved.dumps()))  # checks the finishing stacks
    assert again.hand.table.chip == 5 and again.hand.result.pots[0].payouts == {1: 15, 2: 10}
    with pytest.raises(phh.PHHError, match="_chip must be positive, not 0"):
        history(_chip=0)


def test_a_big_blind_ante_where_the_big_blind_posts_nothing_reads_back() -> None:
    # A single blind on the third position: the big blind's position posts no
    # blind, and the big-blind ante written in its entry of "antes" was read
    # back as a per-position ante (dead money that follows the side-pot rule).
    structure = omaha.NoLimit(0, 10, blinds_or_straddles=(0, 0, 10), big_blind_ante=10, min_bet=10)
    table = omaha.Table([3, 5, 100, 100], structure, button=3)
    hand = table.deal(
        hole_cards=["AcAdKcKd", "2c3d4h5s", "QhQsJhJs", "7c7d8c8d"], board="AhKh9c9d2s"
    )
    while not hand.is_over:
        hand.show() if hand.street == "showdown" else hand.call()
    saved = phh.HandHistory.from_hand(hand)
    assert saved.fields["antes"] == [0, 0, 0, 0] and saved.fields["_big_blind_ante"] == 10
    again = phh.replay(phh.loads(saved.dumps()))
    assert [(p.amount, p.payouts) for p in again.hand.result.pots] == [
        (p.amount, p.payouts) for p in hand.result.pots
    ]


@pytest.mark.slow
@pytest.mark.parametrize("block", range(ROUND_TRIP_BLOCKS))
def test_every_finished_hand_replays_from_its_own_phh(block: int) -> None:
    # A hand played at Table(chip=5) was written without its chip and failed
    # to replay (odd chips split in 1s); a single blind with a big-blind
    # ante (a big blind position that posts no blind) was written as a
    # per-position ante, and replayed to other pots.
    from table_play import random_action

    rng = random.Random(1000 + block)
    played = 0
    while played < ROUND_TRIP_HANDS:
        table = _round_trip_table(rng)
        for _ in range(rng.randint(1, 4)):  # the button moves, players bust
            if sum(1 for s in table.stacks if s) < 2:
                break
            hand = table.deal(seed=rng.randrange(2**32))
            while not hand.is_over:
                random_action(hand, rng)
            _check_round_trip(hand, rng.choice([1, 1, 10, 100]))
            played += 1


def test_a_muck_at_an_all_in_showdown_needs_the_house_option() -> None:
    text = PO_3.replace('"PO"', '"NO"').replace(
        "actions = []",
        'actions = ["d dh p1 AsKsQsJs", "d dh p2 2c3c4d5d", "d dh p3 7h7d7c7s", "p3 f",'
        ' "p1 cbr 100", "p2 cc", "p2 sm", "p1 sm -"]',
    )
    with pytest.raises(phh.ReplayActionError, match=r"action 6 'p2 sm': cannot muck: .*p2 shows"):
        phh.replay(phh.loads(text))
    lenient = phh.replay(phh.loads(text + "_all_in_muck = true\n"))
    assert lenient.hand.table.all_in_muck and lenient.finishing_stacks == (200, 0, 100)
    saved = phh.HandHistory.from_hand(lenient.hand)
    assert saved.fields["_all_in_muck"] is True
    assert phh.replay(phh.loads(saved.dumps())).finishing_stacks == (200, 0, 100)
    with pytest.raises(phh.PHHError, match="_all_in_muck must be true or false, not 1"):
        history(_all_in_muck=1)


def test_pot_limit_preflop_is_written_as_no_limit_with_its_field_and_reads_back() -> None:
    # docs/rules.md §6.5: a pot-size raise before the flop (B 2 + P 3 + C 2 = 7),
    # a bet of 150 into 16 on the flop; PHH has no code: NO + _pot_limit_preflop.
    table = omaha.Table([200, 200, 200], omaha.PotLimitPreflop(1, 2), button=2)
    hand = table.deal(seed=5)
    hand.raise_to(7)
    hand.call()
    hand.call()
    hand.raise_to(150)
    saved = phh.HandHistory.from_hand(hand, scale=1)
    assert (saved.variant, saved.fields["_pot_limit_preflop"]) == ("NO", True)
    loaded = phh.loads(saved.dumps())
    structure = omaha.PotLimitPreflop(1, 2, blinds_or_straddles=(1, 2, 0))
    assert (loaded.betting, loaded.structure()) == ("pot-preflop", structure)
    again = phh.replay(loaded)
    assert again.hand.actions == hand.actions and again.hand.bets == hand.bets
    text = saved.dumps()
    with pytest.raises(OmahaError, match="raise to 150 exceeds the pot-limit maximum of 21"):
        phh.replay(
            phh.loads(
                text.replace('variant = "NO"', 'variant = "PO"').replace(
                    "_pot_limit_preflop = true\n", ""
                )
            )
        )
    with pytest.raises(OmahaError, match="_pot_limit_preflop applies to a no-limit variant"):
        phh.loads(text.replace('variant = "NO"', 'variant = "PO"'))
    with pytest.raises(OmahaError, match="_pot_limit_preflop must be true or false"):
        phh.loads(text.replace("_pot_limit_preflop = true", "_pot_limit_preflop = 1"))
    plain = phh.loads(text.replace("_pot_limit_preflop = true\n", ""))
    assert plain.betting == "no" and phh.replay(plain).hand.bets == hand.bets  # NO alone: legal
