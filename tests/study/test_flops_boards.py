"""The board-centred count of flop_equities (omaha._flops) against the per-flop count."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import numpy as np
import pyarrow as pa
import pytest

import omaha
from omaha import _flops
from omaha.games import GameName
from omaha.study import flop_equities, mean_equity
from omaha.study._boards import board_part, board_plan, board_rows, board_tasks, count_boards
from omaha.study._spot import Players
from omaha.study.flops import flop_rows, flops_of, to_table


def _per_flop(hands: Sequence[Any], game: GameName, dead: str) -> pa.Table:
    """Today's path: one exact run of omaha._equity per flop."""
    players = Players(hands, dead, game)
    return to_table(players, flop_rows(players, flops_of(players)))


@pytest.mark.parametrize(
    ("hands", "game", "dead"),
    [
        # no suit symmetry (a group of one), weights, a dead card
        (["As7d4h2c", "AAKK:ds@50,QQJJ:ds@100"], "hilo", "Qs"),
        (["As7d4h2c", "AAKK:ds@50,QQJJ:ds@100"], "hi", "Qs"),
        # symmetric hand (hearts and spades, clubs and diamonds), three weights
        (["AhAsKhKs", "QcQdJcJd@100,QhQsJhJs@100,2c2d3c3d@40"], "hi", ""),
        # the range first, the hand second
        (["AAKK:ds,AAQQ", "AhAsKhKs"], "hilo", "2c3d"),
    ],
)
def test_board_count_equals_the_per_flop_count_on_every_flop(
    hands: list[str], game: GameName, dead: str
) -> None:
    players = Players(hands, dead, game)
    assert board_plan(players, flops_of(players)) is not None
    assert flop_equities(hands, game=game, dead=dead).equals(_per_flop(hands, game, dead))


def _rows_by_flop(t: pa.Table) -> dict[str, dict[str, Any]]:
    return {r["flop"]: r for r in t.to_pylist()}


@pytest.mark.parametrize("game", ["hi", "hilo"])
@pytest.mark.parametrize(
    ("hands", "dead"),
    [
        (["AhAsKhKs", "AA"], ""),
        (["QdJh6c3s", "AAKK"], "2c"),  # no suit symmetry
        (["AhAsKhKs", "AA@50,KK:ds@100"], "7h"),
    ],
)
def test_board_count_on_named_ranges(hands: list[str], dead: str, game: GameName) -> None:
    """Every flop by the board count; every 120th flop of the same spot by the per-flop count."""
    t = flop_equities(hands, game=game, dead=dead)
    players = Players(hands, dead, game)
    flops = flops_of(players)
    ours = _rows_by_flop(t)
    sample = flops[::120]
    theirs = _rows_by_flop(to_table(players, flop_rows(players, sample)))
    assert len(theirs) > 20
    for flop, _ in sample:  # a flop the range cannot avoid has no row in either
        name = omaha.format_cards(flop)
        assert ours.get(name) == theirs.get(name)


@pytest.mark.slow
@pytest.mark.parametrize("game", ["hi", "hilo"])
def test_board_count_on_named_ranges_many_flops(game: GameName) -> None:
    """The weighted range of both named ones (AA and KK:ds): every 16th of the 8,909 flops.

    Every flop takes the per-flop side about 4 minutes a game on a loaded
    2-core machine, too long for CI; the board count runs on every flop and
    its rows are compared on 557 of them.
    """
    hands = ["AhAsKhKs", "AA@50,KK:ds@100"]
    t = flop_equities(hands, game=game, dead="7h")
    players = Players(hands, "7h", game)
    sample = flops_of(players)[::16]
    ours = _rows_by_flop(t)
    theirs = _rows_by_flop(to_table(players, flop_rows(players, sample)))
    assert len(theirs) > 500
    for flop, _ in sample:
        name = omaha.format_cards(flop)
        assert ours.get(name) == theirs.get(name)


@pytest.mark.parametrize("game", ["hi", "hilo"])
def test_board_count_hand_against_hand(game: GameName) -> None:
    """Not the default path for two hands, but the same rows when asked."""
    for hands in (["QdJh6c3s", "JdTd9c8c"], ["AhAsKhKs", "JdTd9c8c"]):
        players = Players(hands, (), game)
        flops = flops_of(players)
        assert board_plan(players, flops) is None
        plan = board_plan(players, flops, hands_too=True)
        assert plan is not None
        assert count_boards(players, plan, flops) == flop_rows(players, flops)


def test_parts_add_up_to_the_whole() -> None:
    hands = ["AhAsKhKs", "QcQdJcJd@100,QhQsJhJs@100,2c2d3c3d@40"]
    players = Players(hands, (), "hilo")
    flops = flops_of(players)
    plan = board_plan(players, flops)
    assert plan is not None
    tasks = board_tasks(plan, 5)
    assert tasks[0][0] == 0 and tasks[-1][1] == len(plan.deck) - 4
    assert all(a[1] == b[0] for a, b in itertools.pairwise(tasks))
    acc = sum((board_part(plan, a, b) for a, b in tasks), np.zeros(plan.rows * 12, np.int64))
    assert board_rows(players, plan, flops, acc) == flop_rows(players, flops)
    # the mean over the rows is the preflop equity
    t = to_table(players, board_rows(players, plan, flops, acc))
    assert mean_equity(t, 1) == omaha.equity(hands, game="hilo")[0].equity_fraction


def test_not_the_board_count() -> None:
    for hands in (["15%", "AA:ds"], ["AhAsKhKsQd", "KK"], ["AhAsKhKs", "JdTd9c8c", "QQ"]):
        players = Players(hands, (), "hi")
        assert board_plan(players, []) is None


def test_kernel_refuses_bad_input() -> None:
    combos = np.array([[0, 1, 2, 3]], dtype=np.uint8)
    w = np.ones(1, dtype=np.int64)
    row = np.full(22100, -1, dtype=np.int32)
    acc = np.zeros(12, dtype=np.int64)
    deck = list(range(8, 52))
    ok: tuple[Any, ...] = (
        (4, 5, 6, 7),
        combos,
        w,
        deck,
        [(0, 1, 2, 3)],
        row,
        False,
        0,
        0,
        acc,
        False,
    )
    _flops.board_classes(*ok)  # no board: nothing counted
    assert not acc.any()
    bad: list[tuple[int, Any]] = [
        (0, (4, 5, 6)),
        (0, (4, 5, 6, 0)),  # a hero card in the combination
        (3, [9, 8]),  # not ascending
        (4, [(0, 1, 2, 2)]),
        (2, np.array([0], dtype=np.int64)),
    ]
    for i, value in bad:
        args: list[Any] = list(ok)
        args[i] = value
        with pytest.raises(ValueError):
            _flops.board_classes(*args)
    args = list(ok)
    args[8] = 1  # the boards of the first card: their flops have no row
    with pytest.raises(ValueError, match="no row"):
        _flops.board_classes(*args)
    args = list(ok)
    args[2] = np.array([2**31], np.int64)
    with pytest.raises(ValueError, match="weight"):
        _flops.board_classes(*args)
