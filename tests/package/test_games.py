"""One ``Game`` and one check of a ``game`` argument wherever one is taken (rules §2-§4)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import omaha
from omaha import pots, preflop
from omaha.errors import ArgumentError, GameError, OmahaError
from omaha.games import Game, check_game

pd = pytest.importorskip("pandas")

TAKES_A_GAME: dict[str, Callable[[Any], object]] = {
    "showdown": lambda g: omaha.showdown(["AhKsKd4c", "9c8c7h6h"], "2hKh8d5sAc", game=g),
    "equity": lambda g: omaha.equity(["AhAsKhKs", "JdTd9c8c"], board="Qs7h2c", game=g),
    "parse_range": lambda g: omaha.parse_range("AA", game=g),
    "preflop_equity": lambda g: omaha.preflop_equity("AhAsKhKs", game=g),
    "preflop_rank": lambda g: omaha.preflop_rank("AhAsKhKs", game=g),
    "preflop_table": lambda g: omaha.preflop_table(g),
    "class_equity": lambda g: preflop.class_equity(g, 4),
    "Table": lambda g: omaha.Table([100, 100], omaha.PotLimit(1, 2), game=g),
    "settle": lambda g: pots.settle(
        [2, 2], [False, True], all_in=[False] * 2, order=[0, 1], game=g
    ),
}


@pytest.mark.parametrize("name", sorted(TAKES_A_GAME))
@pytest.mark.parametrize("bad", ["stud", "HI", "", None, 1, b"hi"])
def test_every_function_refuses_another_game_alike(name: str, bad: object) -> None:
    with pytest.raises(GameError) as err:
        TAKES_A_GAME[name](bad)
    assert str(err.value) == f"game must be 'hi' or 'hilo', got {bad!r}"
    assert isinstance(err.value, ArgumentError | OmahaError | ValueError)


@pytest.mark.parametrize("name", sorted(TAKES_A_GAME))
def test_every_function_takes_the_enum_and_its_text_alike(name: str) -> None:
    for game in (Game.HI, Game.HILO):
        a: Any = TAKES_A_GAME[name](game)
        b: Any = TAKES_A_GAME[name](game.value)
        if name == "Table":
            assert a.game is b.game is game
        elif name == "equity":
            assert [p.equity for p in a] == [p.equity for p in b]
        elif name == "parse_range":
            assert a.holes.tolist() == b.holes.tolist()
        elif name == "class_equity":
            assert (a == b).all()
        else:
            assert a == b


def test_the_enum_is_its_text() -> None:
    assert [g.value for g in Game] == ["hi", "hilo"]
    hilo: str = Game.HILO
    assert hilo == "hilo" and hash(Game.HI) == hash("hi") and f"{Game.HI}" == "hi"
    assert check_game("hi") is Game.HI and check_game(Game.HILO) is Game.HILO
    assert omaha.Game is Game


def test_ranges_refuse_a_bad_hole_count_as_an_argument_error() -> None:
    with pytest.raises(ArgumentError, match="hole_count must be 4, 5 or 6, got 7"):
        omaha.parse_range("AA", hole_count=7)
