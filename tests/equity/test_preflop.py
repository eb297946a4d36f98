"""The shipped exact preflop table (omaha.preflop): every class once, the
combinations adding up, entries equal to omaha.equity([hole, None],
method="exact") for a sample of classes, the order and the percent ranges
it gives, the file format, and the board-by-board kernel that builds it
against the grouped count on small decks."""

from __future__ import annotations

import importlib.resources
import itertools
import random
import subprocess
import sys

import numpy as np
import pytest

import omaha
from omaha import _equity, _preflop_build, _suit_classes, preflop
from omaha.errors import GameError, InvalidCardError, PreflopTableError
from omaha.games import GameName
from omaha.ranges import _classes

GAMES = ("hi", "hilo")


@pytest.fixture(scope="module")
def numerators() -> tuple[int, dict[str, np.ndarray]]:
    rows, _ = _suit_classes.canonical_classes(4)
    data = importlib.resources.files("omaha").joinpath("data/preflop-4.bin").read_bytes()
    deals, (hi, hilo) = _preflop_build.decode(data, rows)
    return deals, {"hi": hi, "hilo": hilo}


@pytest.mark.parametrize("game", GAMES)
def test_every_class_is_present_once(game: GameName) -> None:
    table = omaha.preflop_table(game)
    rows, sizes = _suit_classes.canonical_classes(4)
    assert len(table) == len(rows) == 16_432
    assert sorted(e.hole for e in table) == sorted(omaha.format_cards(r) for r in rows.tolist())
    assert sum(e.combinations for e in table) == 270_725
    assert sorted(e.combinations for e in table) == sorted(sizes.tolist())
    assert [e.rank for e in table] == list(range(1, 16_433))
    equities = [e.equity for e in table]
    assert equities == sorted(equities, reverse=True)
    assert all(0 < x < 1 for x in equities)


def test_the_shares_of_both_players_add_up_to_the_pot(
    numerators: tuple[int, dict[str, np.ndarray]],
) -> None:
    # Over all ordered pairs of holes and boards each deal's two shares add
    # up to 1: the class totals, weighted by class size, give exactly half.
    deals, num = numerators
    _, sizes = _suit_classes.canonical_classes(4)
    assert deals == 211_315_436_640
    assert int((num["hi"].astype(object) * sizes).sum()) == 270_725 * deals
    assert int((num["hilo"].astype(object) * sizes).sum()) == 2 * 270_725 * deals


SAMPLE = ["AhAsKhKs", "AhAsThTs", "As2s3d4d"]  # AAKK ds, the best Hi class, A234 ds


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("hole", SAMPLE)
def test_entries_equal_exact_equity_against_one_random_hand(
    hole: str, game: GameName, numerators: tuple[int, dict[str, np.ndarray]]
) -> None:
    r = omaha.equity([hole, None], game=game, method="exact")
    deals, num = numerators
    cid = preflop._class_id(hole)
    unit = 2 if game == "hi" else 4
    assert r.deals == deals
    assert r[0].equity_fraction * unit * deals == int(num[game][cid])
    assert omaha.preflop_equity(hole, game) == r[0].equity


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_more_entries_equal_exact_equity(
    seed: int, numerators: tuple[int, dict[str, np.ndarray]]
) -> None:
    rows, _ = _suit_classes.canonical_classes(4)
    cid = random.Random(seed).randrange(len(rows))
    deals, num = numerators
    for game, unit in (("hi", 2), ("hilo", 4)):
        r = omaha.equity([rows[cid].tolist(), None], game=game, method="exact")  # type: ignore[arg-type]
        assert r[0].equity_fraction * unit * deals == int(num[game][cid])


def test_suit_relabellings_share_one_entry() -> None:
    for game in GAMES:
        a = omaha.preflop_equity("AhAsKhKs", game)  # type: ignore[arg-type]
        assert omaha.preflop_equity("KdAcAdKc", game) == a  # type: ignore[arg-type]
        assert omaha.preflop_rank("AsKsAhKh", game) == omaha.preflop_rank("AhAsKhKs", game)  # type: ignore[arg-type]
    # Double-suited aces with tens head the Hi table; AAKK double-suited is 6th.
    assert omaha.preflop_rank("AhAsThTs") == 1 and omaha.preflop_rank("AhAsKhKs") == 6
    assert omaha.preflop_equity("AhAsKhKs") != omaha.preflop_equity("AhAsKhKd")


@pytest.mark.parametrize("game", GAMES)
def test_class_equity_is_the_percent_range_seam(
    game: GameName, numerators: tuple[int, dict[str, np.ndarray]]
) -> None:
    eq = preflop.class_equity(game, 4)
    assert eq.dtype == np.float64 and eq.shape == (16_432,) and not eq.flags.writeable
    # Tied classes (the same exact fraction) and only they share a float.
    num = numerators[1][game]
    assert len(np.unique(eq)) == len(np.unique(num))
    order = np.lexsort((num,))
    same = num[order][1:] == num[order][:-1]
    assert (eq[order][1:][same] == eq[order][:-1][same]).all()
    # Percent ranges take their order from it: 10% is the best classes.
    mask = _classes.percent_classes(game, 4, 0, 10)
    assert eq[mask].min() >= eq[~mask].max()
    r = omaha.parse_range("10%", game=game)
    assert 100 * len(r) >= 10 * 270_725
    assert "AhAsKhKs" in r


@pytest.mark.parametrize(
    ("game", "k", "match"),
    [
        ("hi", 5, "no preflop table for 5-card holes"),
        ("hilo", 6, "no preflop table for 6-card holes"),
    ],
)
def test_class_equity_refuses_what_it_does_not_cover(game: GameName, k: int, match: str) -> None:
    with pytest.raises(PreflopTableError, match=match):
        preflop.class_equity(game, k)
    if k == 5:
        with pytest.raises(PreflopTableError, match=match):
            omaha.parse_range("10%", hole_count=k)


def test_class_equity_refuses_another_game_as_every_function_does() -> None:
    with pytest.raises(GameError, match="game must be 'hi' or 'hilo', got 'razz'"):
        preflop.class_equity("razz", 4)  # type: ignore[arg-type]


def test_bad_input() -> None:
    with pytest.raises(InvalidCardError, match="4-card holes; got 2 cards"):
        omaha.preflop_equity("AhAs")
    with pytest.raises(InvalidCardError, match="duplicate card"):
        omaha.preflop_rank("AhAhKsKd")
    with pytest.raises(ValueError, match="game must be 'hi' or 'hilo'"):
        omaha.preflop_equity("AhAsKhKs", game="razz")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="game must be"):
        omaha.preflop_table("omaha")  # type: ignore[arg-type]


def test_a_missing_or_damaged_file_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(preflop, "_TABLES", [])
    monkeypatch.setattr(preflop, "_FILE", "data/no-such-table.bin")
    with pytest.raises(PreflopTableError, match="missing from this installation"):
        omaha.preflop_equity("AhAsKhKs")
    monkeypatch.setattr(preflop, "_FILE", "py.typed")
    with pytest.raises(PreflopTableError, match="cannot be read"):
        omaha.preflop_equity("AhAsKhKs")


def test_the_file_format_round_trips(numerators: tuple[int, dict[str, np.ndarray]]) -> None:
    data = importlib.resources.files("omaha").joinpath("data/preflop-4.bin").read_bytes()
    _, num = numerators
    assert _preflop_build.encode(num["hi"], num["hilo"]) == data  # the same bytes
    rows, _ = _suit_classes.canonical_classes(4)
    with pytest.raises(ValueError, match="other class rows"):
        _preflop_build.decode(data, np.ascontiguousarray(rows[::-1]))
    assert len(data) < 300_000


def test_the_builder_refuses_totals_that_do_not_add_up(
    numerators: tuple[int, dict[str, np.ndarray]],
) -> None:
    _, num = numerators
    _, sizes = _suit_classes.canonical_classes(4)
    hi, hilo = num["hi"] * sizes, num["hilo"] * sizes
    assert [a.tolist() for a in _preflop_build._finish(hi, hilo)] == [
        num["hi"].tolist(),
        num["hilo"].tolist(),
    ]
    bad = hi.copy()
    bad[0] += 1
    bad[1] -= 1
    with pytest.raises(RuntimeError, match="does not divide"):
        _preflop_build._finish(bad, hilo)
    bad[1] += 1
    with pytest.raises(RuntimeError, match="do not add up"):
        _preflop_build._finish(bad, hilo)


@pytest.mark.parametrize("seed", range(3))
def test_the_kernel_equals_the_grouped_count_on_small_decks(seed: int) -> None:
    # Every hole of a 16-card deck on every board of it, against the grouped
    # exact count of each hole against one random hole (dead: the rest).
    rng = random.Random(seed)
    live = sorted(rng.sample(range(52), 16))
    dead = tuple(c for c in range(52) if c not in live)
    holes = np.array(list(itertools.combinations(live, 4)), np.uint8)
    boards = np.array(list(itertools.combinations(live, 5)), np.uint8)
    hi = np.zeros(len(holes), np.int64)
    hilo = np.zeros(len(holes), np.int64)
    slots = np.arange(len(holes), dtype=np.int32)
    _equity.preflop_shares(boards, np.ones(len(boards), np.int64), holes, slots, hi, hilo)
    for j in rng.sample(range(len(holes)), 40):
        hole = tuple(holes[j].tolist())
        for game, unit, out in (("hi", 2, hi), ("hilo", 4, hilo)):
            r = omaha.equity([hole, None], dead=dead, game=game, method="exact")  # type: ignore[arg-type]
            assert r[0].equity_fraction * unit * r.deals == int(out[j])


def test_the_kernel_checks_its_input() -> None:
    holes = np.array([[0, 1, 2, 3]], np.uint8)
    out = np.zeros(1, np.int64)
    board = np.array([[4, 5, 6, 7, 8]], np.uint8)
    w = np.ones(1, np.int64)
    with pytest.raises(ValueError, match="not 4 ascending"):
        _equity.preflop_shares(board, w, holes[:, ::-1].copy(), np.zeros(1, np.int32), out, out)
    with pytest.raises(ValueError, match="slot 3"):
        _equity.preflop_shares(board, w, holes, np.array([3], np.int32), out, out)


def test_the_build_command_is_documented() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "omaha.preflop", "build", "--help"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "--checkpoint" in done.stdout and "byte for byte" in done.stdout


@pytest.mark.parametrize("hole", ["AhAsKhKsQs", "AhAsKhKsQsJs"])
def test_five_and_six_card_holes_have_no_table(hole: str) -> None:
    # The README and docs/ranges.md §10: only 4-card Omaha has a table.
    with pytest.raises(omaha.errors.PreflopTableError, match="4-card holes"):
        omaha.preflop_equity(hole)
    with pytest.raises(omaha.errors.PreflopTableError):
        omaha.preflop_rank(hole, "hilo")
    with pytest.raises(omaha.errors.InvalidCardError):
        omaha.preflop_equity("AhAsKh")
