"""The study tools (omaha.study, docs/study.md) against omaha.equity and brute force."""

from __future__ import annotations

import itertools
import pathlib
from collections.abc import Iterable, Sequence
from fractions import Fraction

import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import omaha
from omaha.errors import ArgumentError, InvalidCardError, OmahaError
from omaha.study import board_breakdown, equity_distribution, flop_equities, mean_equity, percentile
from omaha.study.breakdown import MADE_CLASSES, classify
from omaha.study.texture import texture

HANDS = ["AhAsKhKs", "JdTd9c8c"]


@pytest.fixture(scope="module")
def hi_table() -> pa.Table:
    return flop_equities(HANDS)


def test_every_flop_hi_is_the_preflop_equity_exactly(hi_table: pa.Table) -> None:
    t = hi_table
    assert sum(t.column("weight").to_pylist()) == 13_244  # C(44, 3)
    assert set(t.column("deals").to_pylist()) == {820}  # C(41, 2) turns and rivers
    first = mean_equity(t, 1)
    assert first == Fraction(667_692, 1_086_008)
    assert mean_equity(t, 2) == 1 - first
    # with hole cards only the weight alone gives the mean
    w = t.column("weight").to_pylist()
    eq = [Fraction(s, 5040 * 820) for s in t.column("share_1").to_pylist()]
    assert sum(a * b for a, b in zip(w, eq, strict=True)) / 13_244 == first


def test_every_flop_hilo_is_the_preflop_equity_exactly() -> None:
    t = flop_equities(HANDS, game="hilo")
    r = omaha.equity(HANDS, game="hilo")
    assert sum(t.column("weight").to_pylist()) == 13_244
    for i in (1, 2):
        assert mean_equity(t, i) == r[i - 1].equity_fraction
    row = t.slice(100, 1).to_pylist()[0]
    assert row["high_share_1"] + row["low_share_1"] == pytest.approx(row["equity_1"])


def test_flop_rows_match_equity_on_that_flop(hi_table: pa.Table) -> None:
    rows = hi_table.to_pylist()
    for row in rows[::700]:
        r = omaha.equity(HANDS, board=row["flop"])
        assert Fraction(row["share_1"], 5040 * row["deals"]) == r[0].equity_fraction
        assert row["win_1"] == r[0].win and row["tie_1"] == r[0].tie


def _real_flops(
    hands: Sequence[str], dead: str | Iterable[str | int] = ()
) -> list[tuple[int, ...]]:
    used: set[int] = set()
    for h in hands:
        used |= set(omaha.parse_cards(h))
    used |= set(omaha.parse_cards(dead)) if dead else set()
    return [f for f in itertools.combinations(range(52), 3) if not used & set(f)]


def test_folded_flops_have_the_equity_of_every_flop_they_stand_for() -> None:
    hands = ["AhAsKhKs", "QcQdJcJd"]  # hearts<->spades and clubs<->diamonds: 4 symmetries
    t = flop_equities(hands)
    assert sum(t.column("weight").to_pylist()) == 13_244
    assert t.num_rows < 13_244 / 3
    by_rep = {row["flop"]: row for row in t.to_pylist()}
    swaps = [(0, 1, 2, 3), (1, 0, 2, 3), (0, 1, 3, 2), (1, 0, 3, 2)]
    for flop in _real_flops(hands)[::997]:
        images = [
            tuple(sorted((4 * (c >> 2) + p[c & 3] for c in flop), reverse=True)) for p in swaps
        ]
        rep = omaha.format_cards(max(images))
        r = omaha.equity(hands, board=flop)
        assert Fraction(by_rep[rep]["share_1"], 5040 * by_rep[rep]["deals"]) == r[0].equity_fraction


def test_dead_cards_and_three_players() -> None:
    hands = ["AhAsKhKs", "JdTd9c8c", "7h7c6d5s"]
    t = flop_equities(hands, dead="2c")
    assert sum(t.column("weight").to_pylist()) == 9_139  # C(39, 3)
    r = omaha.equity(hands, dead="2c")
    for i in (1, 2, 3):
        assert mean_equity(t, i) == r[i - 1].equity_fraction


@pytest.mark.slow
def test_ranges_as_players_weighted_mean_is_the_preflop_equity() -> None:
    hands = ["AhAsKhKs", "QQJJ:ds@50,TT99:ds@100,8765:$ds@30"]  # 74 combinations, 3 weights
    t = flop_equities(hands)
    r = omaha.equity(hands)
    assert mean_equity(t, 1) == r[0].equity_fraction


def test_range_players_small() -> None:
    r = omaha.parse_range("QcQdJcJd@100,QhQsJhJs@100,2c2d3c3d@40")
    hands: list[str | omaha.Range] = ["AhAsKhKs", r]
    t = flop_equities(hands)
    e = omaha.equity(hands)
    assert mean_equity(t, 1) == e[0].equity_fraction
    row = t.slice(5, 1).to_pylist()[0]
    assert (
        Fraction(row["share_1"], 5040 * row["deals"])
        == omaha.equity(hands, board=row["flop"])[0].equity_fraction
    )


def test_flop_equities_refuses_bad_input() -> None:
    with pytest.raises(ArgumentError, match="random hand"):
        flop_equities(["AhAsKhKs", None])
    with pytest.raises(ArgumentError, match="game"):
        flop_equities(HANDS, game="razz")  # type: ignore[arg-type]  # a bad game on purpose
    with pytest.raises(InvalidCardError):
        flop_equities(["AhAsKhKs", "AhTd9c8c"])
    with pytest.raises(ArgumentError, match="player"):
        mean_equity(flop_equities(["AhAsKhKs", "JdTd9c8c"], dead="2c3c"), 3)
    with pytest.raises(ArgumentError, match="progress"):
        flop_equities(HANDS, progress="yes")  # type: ignore[arg-type]  # a bad progress on purpose


def test_texture() -> None:
    assert texture("AsKs2s") | {} == {
        "suits": "monotone", "pairing": "unpaired", "high_card": "A", "span": 12,
        "straight_possible": False, "low_cards": 2, "low_possible": False,
    }  # fmt: skip
    assert texture("7c7d7h")["pairing"] == "trips"
    assert texture("7c7d2h")["pairing"] == "paired"
    assert texture("7c8d2h")["suits"] == "rainbow"
    t = texture("Ad2c5h")
    assert t["span"] == 4 and t["straight_possible"] and t["low_possible"]
    assert not texture("AdTc5h")["straight_possible"]
    with pytest.raises(InvalidCardError):
        texture("AsKs")


def _brute_texture(flop: tuple[int, ...]) -> bool:
    """Texture by definition, from the five-card straights that contain three flop ranks."""
    ranks = {c >> 2 for c in flop}
    windows = [set(range(lo, lo + 5)) for lo in range(9)] + [{12, 0, 1, 2, 3}]
    return any(len(w & ranks) >= 3 for w in windows)


@given(st.sets(st.integers(0, 51), min_size=3, max_size=3))
@settings(max_examples=200, deadline=None)
def test_straight_possible_is_a_window(cards: set[int]) -> None:
    flop = tuple(cards)
    assert texture(flop)["straight_possible"] == _brute_texture(flop)


# ----------------------------------------------------------------- distribution


def _range_holes(text: str) -> tuple[list[str], list[float]]:
    r = omaha.parse_range(text)
    return [omaha.format_cards(h) for h in r.holes.tolist()], r.weights.tolist()


def test_distribution_against_equity_one_by_one() -> None:
    board = "Kd8h2c"
    d = equity_distribution("AA:ds", "KhKs7d6c", board, bins=5)
    holes, _ = _range_holes("AA:ds")
    rows = {r["hole"]: r for r in d.combos.to_pylist()}
    used = set(omaha.parse_cards(board + "KhKs7d6c"))
    live = [h for h in holes if not used & set(omaha.parse_cards(h))]
    assert sorted(rows) == sorted(live)
    for h in live[::50]:
        e = omaha.equity([h, "KhKs7d6c"], board=board)[0]
        assert Fraction(rows[h]["share"], 5040 * rows[h]["deals"]) == e.equity_fraction
    counts = [0] * 5
    for r in rows.values():
        counts[min(int(Fraction(r["share"], 5040 * r["deals"]) * 5), 4)] += 1
    assert d.buckets.column("combos").to_pylist() == counts
    assert sum(d.buckets.column("percent").to_pylist()) == pytest.approx(100)


def test_distribution_range_against_range_brute_force() -> None:
    mine = "AhAsKdQc@100,AhAsKcQd@100,2c3d4h5s@50"
    theirs = "(KhKsJdTd,9c9d8h8s)"
    board = "Qh7s2d"
    d = equity_distribution(mine, theirs, board)
    got = {r["hole"]: (r["weight"], r["equity"]) for r in d.combos.to_pylist()}
    for hole in ("AhAsKdQc", "AhAsKcQd", "2c3d4h5s"):
        expect = omaha.equity([hole, theirs], board=board)[0].equity
        assert got[omaha.format_cards(sorted(omaha.parse_cards(hole)))][1] == pytest.approx(
            expect, abs=0
        )
    assert got["2c3d4h5s"][0] == 0.5


def test_percentile_by_hand() -> None:
    board = "Kd8h2c"
    opp = "KhKs7d6c"
    d = equity_distribution("AA", opp, board)
    eq = {r["hole"]: Fraction(r["share"], 5040 * r["deals"]) for r in d.combos.to_pylist()}
    hand = "AhAs9d8c"
    own = omaha.equity([hand, opp], board=board)[0].equity_fraction
    below = sum(1 for e in eq.values() if e <= own)
    assert percentile(hand, "AA", opp, board=board) == -(-100 * below // len(eq))
    best = max(eq, key=lambda h: eq[h])
    assert percentile(best, "AA", opp, board=board) == 100
    assert percentile("5s4s3d3h", "AA", opp, board=board) >= 1


def test_distribution_refuses() -> None:
    with pytest.raises(ArgumentError, match="bins"):
        equity_distribution("AA", "KhKs7d6c", "Kd8h2c", bins=0)
    with pytest.raises(OmahaError):
        equity_distribution("AA", "KhKs7d6c", "Kd8h")
    with pytest.raises(InvalidCardError):
        equity_distribution("AA", "KhKs7d6c", "Kh8h2c")


def test_distribution_png(tmp_path: pathlib.Path) -> None:
    pytest.importorskip("matplotlib")
    d = equity_distribution("AA:ds", "KhKs7d6c", "Kd8h2c")
    path = tmp_path / "d.png"
    d.to_png(str(path))
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


# ----------------------------------------------------------------- breakdown


def _outs_by_evaluation(hole: Sequence[int], board: Sequence[int]) -> int:
    """Straight outs by evaluating every next card: the best hand using a straight."""
    seen = set(hole) | set(board)
    n = 0
    for c in range(52):
        if c in seen:
            continue
        b = (*board, c)
        for pair in itertools.combinations(hole, 2):
            if any(_is_straight((*pair, *tri)) for tri in itertools.combinations(b, 3)):
                n += 1
                break
    return n


def _is_straight(cards: Iterable[int]) -> bool:
    ranks = sorted({c >> 2 for c in cards})
    if len(ranks) != 5:
        return False
    return ranks[-1] - ranks[0] == 4 or ranks == [0, 1, 2, 3, 12]


def _has_straight(hole: Sequence[int], board: Sequence[int]) -> bool:
    return any(
        _is_straight((*p, *t))
        for p in itertools.combinations(hole, 2)
        for t in itertools.combinations(board, 3)
    )


@pytest.mark.parametrize(
    ("hole", "board", "outs"),
    [("9s8s5c4d", "7c6d2h", 20), ("JsTs9c8c", "7h6h2d", 13), ("JsTs9c8c", "Ah6h2d", 0)],
)  # fmt: skip
def test_wrap_outs(hole: str, board: str, outs: int) -> None:
    h, b = omaha.parse_cards(hole), omaha.parse_cards(board)
    assert _outs_by_evaluation(h, b) == outs
    names = classify(hole, board)
    assert (f"wrap ({outs} outs)" in names) == (outs > 0)


def _drawn(outs: int) -> list[str]:
    if outs == 0:
        return []
    if outs <= 8:
        return [f"straight draw ({outs} outs)"]
    return ["wrap (9-12 outs)"] if outs <= 12 else [f"wrap ({outs} outs)"]


@given(st.lists(st.integers(0, 51), min_size=7, max_size=8, unique=True))
@settings(max_examples=60, deadline=None)
def test_straight_outs_by_evaluating_every_next_card(cards: list[int]) -> None:
    hole, board = tuple(cards[:4]), tuple(cards[4:])
    names = classify(hole, board)
    if names[0] in MADE_CLASSES[:9] or _has_straight(hole, board):
        return
    drawn = [n for n in names if "outs" in n]
    assert drawn == _drawn(_outs_by_evaluation(hole, board))


def _brute_made(hole: Sequence[int], board: Sequence[int]) -> str | None:
    """The made class by brute force over every hole that could be dealt."""
    best = omaha.evaluate_hi(hole, board)
    cat = best.category
    if cat not in (omaha.HandCategory.STRAIGHT, omaha.HandCategory.FLUSH,
                   omaha.HandCategory.THREE_OF_A_KIND):  # fmt: skip
        return None
    seen = set(board)
    rest = [c for c in range(52) if c not in seen]
    if cat == omaha.HandCategory.STRAIGHT:
        tops: set[int] = set()
        for pair in itertools.combinations(rest, 2):
            for tri in itertools.combinations(board, 3):
                five = (*pair, *tri)
                if _is_straight(five):
                    r = sorted(c >> 2 for c in five)
                    tops.add(3 if r == [0, 1, 2, 3, 12] else r[-1])
        r = sorted(c >> 2 for c in best.cards)
        mine = 3 if r == [0, 1, 2, 3, 12] else r[-1]
        k = sorted(tops, reverse=True).index(mine)
        return ["nut straight", "second-nut straight"][k] if k < 2 else "straight"
    return None


def test_breakdown_against_classify_one_by_one() -> None:
    board = "9h8h2c"
    text = "QJT9,9865"
    t = board_breakdown(text, board)
    holes, _ = _range_holes(text)
    used = set(omaha.parse_cards(board))
    counts: dict[str, int] = {}
    for h in holes:
        codes = omaha.parse_cards(h)
        if used & set(codes):
            continue
        names = classify(h, board)
        for n in names:
            counts[n] = counts.get(n, 0) + 1
        assert names[0] in MADE_CLASSES
        brute = _brute_made(codes, omaha.parse_cards(board))
        if brute is not None:
            assert names[0] == brute
        if names[0] not in MADE_CLASSES[:9]:
            outs = _outs_by_evaluation(codes, omaha.parse_cards(board))
            assert [n for n in names if "outs" in n] == _drawn(outs)
    got = {r["class"]: r["combos"] for r in t.to_pylist()}
    for name, count in counts.items():
        assert got[name] == count
    made = [r for r in t.to_pylist() if r["group"] == "made"]
    assert sum(r["percent"] for r in made) == pytest.approx(100)
    assert sum(r["combos"] for r in made) == sum(counts.get(c, 0) for c in MADE_CLASSES)


def test_breakdown_sets_and_flushes() -> None:
    assert classify("KhKd5c4c", "Ks7s2d")[0] == "nut set"
    assert classify("7h7d5c4c", "Ks7s2d")[0] == "second-nut set"
    assert classify("2h2s5c4c", "Ks7s2d")[0] == "set"
    assert classify("AsQs5c4c", "Ks7s2s")[0] == "nut flush"
    assert classify("Qs3s5c4c", "Ks7s2s")[0] == "second-nut flush"
    assert classify("Js3s5c4c", "Ks7s2s")[0] == "flush"
    assert classify("Ks4h5c6c", "Kh7s2d")[0] == "top pair"
    assert classify("AsAh5c6c", "Kh7s2d")[0] == "overpair"
    assert "nut flush draw" in classify("AsJs5c6d", "Ks7s2d")
    assert "nut flush draw" not in classify("QsJs5c6d", "Ks7s2d")


def test_breakdown_hilo() -> None:
    assert classify("As2d8c9c", "3h4h7d", game="hilo")[-3:] == [
        "low",
        "nut low",
        "counterfeit risk",
    ]
    assert classify("As2dKcKh", "4h5h8d", game="hilo")[-3:] == [
        "low",
        "nut low",
        "counterfeit risk",
    ]
    # the 3 backs up the ace and the deuce: no next card lets a better low be made
    assert classify("As2d3cKc", "4h5h8d", game="hilo")[-2:] == ["low", "nut low"]
    assert classify("As2d3cKc", "4h5h9d", game="hilo")[-1] == "low draw"
    assert classify("As3dKcKd", "2h4h5d", game="hilo")[-2:] == ["low", "nut low"]  # a wheel
    assert "low draw" in classify("As2dKcKh", "4h9hTd", game="hilo")
    assert "low draw" not in classify("As2dKcKh", "Jh9hTd", game="hilo")
    t = board_breakdown("A2xx", "3h4h7d", game="hilo")
    got = {r["class"]: r for r in t.to_pylist()}
    assert got["low"]["percent"] == pytest.approx(100)
    assert got["nut low"]["percent"] == pytest.approx(100)


def test_breakdown_river_has_no_draws() -> None:
    t = board_breakdown("AA", "Ks7s2d5h9c")
    assert set(t.column("group").to_pylist()) == {"made"}


def test_breakdown_refuses() -> None:
    with pytest.raises(InvalidCardError):
        board_breakdown("AA", "Ks7s")
    with pytest.raises(ArgumentError, match="game"):
        board_breakdown("AA", "Ks7s2d", game="stud")  # type: ignore[arg-type]  # a bad game on purpose
    with pytest.raises(ArgumentError, match="no hand left"):
        board_breakdown("AsAhKsKh", "AsKh2d")


def test_five_card_omaha_every_flop() -> None:
    hands = ["AhAsKhKsQd", "JdTd9c8c7h"]
    t = flop_equities(hands)
    assert sum(t.column("weight").to_pylist()) == 11_480  # C(42, 3)
    assert mean_equity(t, 1) == omaha.equity(hands)[0].equity_fraction


def test_progress_bars(capsys: pytest.CaptureFixture[str]) -> None:
    flop_equities(["AhAsKhKs", "QcQdJcJd"], progress=True)
    assert "flops" in capsys.readouterr().err
    equity_distribution("AA:ds", "KhKs7d6c", "Kd8h2c", progress=True)
    assert "combos" in capsys.readouterr().err
    with pytest.raises(ArgumentError, match="progress"):
        equity_distribution("AA:ds", "KhKs7d6c", "Kd8h2c", progress=-1)
