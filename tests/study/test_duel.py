"""The board-centred sweep (omaha._equity.duel_shares) against one exact run per combination."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import omaha
from omaha import _equity
from omaha.cards import format_cards
from omaha.errors import ArgumentError
from omaha.games import GameName
from omaha.study import equity_distribution, percentile
from omaha.study._spot import UNIT, Players


def live_holes(players: Players, board: tuple[int, ...]) -> np.ndarray:
    """Player 0's combinations (or its hole) that avoid the board, as (n, 4) codes."""
    if 0 not in players.ranges:
        hole = players.parsed.holes[0]
        assert hole is not None
        return np.array([sorted(hole)], dtype=np.uint8)
    holes, masks, _ = players.ranges[0]
    keep = (masks & np.uint64(sum(1 << c for c in board))) == 0
    return np.ascontiguousarray(holes[keep])


def assert_same_counts(players: Players, board: tuple[int, ...]) -> int:
    """Every combination's counts by the sweep equal Players.count's; return how many."""
    holes = live_holes(players, board)
    each = players.count_holes(board, holes)
    for i, row in enumerate(holes.tolist()):
        c = players.count(board, fixed=(0, tuple(row)) if 0 in players.ranges else None)
        got = (each.deals[i], each.share[i], each.high[i], each.win[i], each.tie[i])
        if c is None:
            assert got == (0, 0, 0, 0, 0), format_cards(row)
        else:
            want = (c.deals, c.share[0], c.high[0], c.win[0], c.tie[0])
            assert got == want, format_cards(row)
    return len(holes)


SPOTS = [
    ("AAKK", "KKQQ:ds@100,AAKK@50", "Qs7h2c", ()),
    ("JT98:ds", "T987@50,JT98:ds@100", "8s7h2c5d", ("Ac",)),
    ("A2K3", "A2K3@100,A345@30", "3s7h2c", ()),
    ("A2K3", "A2K3@100,A345@30,2345@70", "3s7h8c4d", ("Kd",)),
    ("A2K3", "A2K3@100,A345@30,2345@70", "3s7h8c4d6c", ("Kd",)),
    ("AsAhKdQc", "KKQQ:ds@100,AAKK@50", "Qs7h2c", ()),
]


@pytest.mark.parametrize("game", ["hi", "hilo"])
@pytest.mark.parametrize(("mine", "theirs", "board", "dead"), SPOTS)
def test_sweep_counts_equal_one_run_per_combination(
    mine: str, theirs: str, board: str, dead: tuple[str, ...], game: GameName
) -> None:
    players = Players([mine, theirs], dead, game)
    b = tuple(omaha.parse_cards(board))
    assert players.duels(b)
    assert assert_same_counts(players, b) >= 1


CARDS = omaha.parse_cards("AsAhAdKsKhKdQsQh2s2h3s3d4c5c")
FLOPS = ["Qd7h2c", "5s4h3h", "AcKcTc", "8d6d4d", "Jc9c2d"]


@st.composite
def weighted_holes(draw: st.DrawFn, n: int) -> str:
    """Up to n distinct holes from a few cards (many shared cards), each with a weight."""
    holes = draw(
        st.lists(
            st.lists(st.sampled_from(CARDS), min_size=4, max_size=4, unique=True).map(
                lambda h: tuple(sorted(h))
            ),
            min_size=1,
            max_size=n,
            unique=True,
        )
    )
    weights = draw(st.lists(st.integers(1, 100), min_size=len(holes), max_size=len(holes)))
    return ",".join(f"{format_cards(h)}@{w}" for h, w in zip(holes, weights, strict=True))


@settings(max_examples=25, deadline=None)
@given(
    mine=weighted_holes(6),
    theirs=weighted_holes(10),
    flop=st.sampled_from(FLOPS),
    turn=st.sampled_from(["", "Jd", "5d", "Th"]),
    game=st.sampled_from(["hi", "hilo"]),
    dead=st.sampled_from([(), ("9h",), ("Ts", "8c")]),
)
def test_sweep_counts_on_random_small_ranges(
    mine: str, theirs: str, flop: str, turn: str, game: GameName, dead: tuple[str, ...]
) -> None:
    """Ranges that share cards with each other, hold each other's holes and the board."""
    b = tuple(omaha.parse_cards(flop + turn))
    try:
        players = Players([mine, theirs], dead, game)
    except ArgumentError:  # a range wholly on the dead cards
        return
    assert_same_counts(players, b)


@pytest.mark.parametrize("game", ["hi", "hilo"])
def test_one_combination_is_omaha_equity(game: GameName) -> None:
    theirs = "A2K3@100,A345@30,AAKK@60"
    d = equity_distribution("A2K3", theirs, "3s7h8c", game=game)
    hole = d.combos.column("hole")[5].as_py()
    share = d.combos.column("share")[5].as_py()
    deals = d.combos.column("deals")[5].as_py()
    exact = omaha.equity([hole, theirs], board="3s7h8c", game=game)
    assert Fraction(share, UNIT * deals) == exact.players[0].equity_fraction


def test_percentile_by_the_sweep_matches_the_distribution() -> None:
    theirs = "KKQQ:ds@100,AAKK@50"
    d = equity_distribution("AAKK", theirs, "Qs7h2c")
    eq = d.combos.column("equity").to_pylist()
    hand = d.combos.column("hole")[10].as_py()
    below = sum(1 for e in eq if e <= eq[10])
    assert percentile(hand, "AAKK", theirs, board="Qs7h2c") == -(-100 * below // len(eq))


@pytest.mark.parametrize(
    ("mine", "theirs"), [("AsAhKsKh@50", "KKQQ:ds"), ("KKQQ:ds", "AsAhKsKh@50")]
)
def test_a_range_wholly_on_the_board_leaves_no_deal(mine: str, theirs: str) -> None:
    with pytest.raises(ArgumentError, match="no combination of the range has a possible deal"):
        equity_distribution(mine, theirs, "As7h2c")


def test_count_holes_needs_a_ranged_opponent() -> None:
    players = Players(["AAKK", "KhKs7d6c"], (), "hi")
    with pytest.raises(ArgumentError, match="count_holes needs"):
        players.count_holes(tuple(omaha.parse_cards("Qs7h2c")), np.zeros((0, 4), np.uint8))


def kernel_args() -> dict[str, object]:
    return {
        "board": (0, 1, 2),
        "dead": (),
        "heroes": np.array([[4, 5, 6, 7]], dtype=np.uint8),
        "opponents": np.array([[8, 9, 10, 11]], dtype=np.uint8),
        "weights": np.array([1], dtype=np.int32),
        "self_weights": np.array([0], dtype=np.int32),
        "hilo": False,
        "first": 0,
        "last": 1,
        "out": np.zeros((1, 5), dtype=np.int64),
    }


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"board": (0, 1)}, "3, 4 or 5 cards"),
        ({"dead": (0,)}, "repeated code"),
        ({"heroes": np.array([[1, 5, 6, 7]], dtype=np.uint8)}, "board or dead"),
        ({"opponents": np.array([[9, 8, 10, 11]], dtype=np.uint8)}, "ascending"),
        ({"weights": np.array([0], dtype=np.int32)}, "below 1"),
        ({"weights": np.array([1, 1], dtype=np.int32)}, "one weight per opponent"),
        ({"self_weights": np.array([-1], dtype=np.int32)}, "below 0"),
        ({"last": 10_000}, "runouts must lie"),
        ({"out": np.zeros((1, 4), dtype=np.int64)}, "out must be"),
    ],
)
def test_kernel_rejects_bad_input(change: dict[str, object], message: str) -> None:
    args = kernel_args() | change
    with pytest.raises(ValueError, match=message):
        _equity.duel_shares(**args)  # type: ignore[arg-type]


def test_kernel_counts_runouts_in_parts() -> None:
    """Any split of the runouts adds up to the whole (the win, tie and share columns)."""
    players = Players(["JT98:ds", "T987@50,KKQQ:ds@100"], (), "hilo")
    b = tuple(omaha.parse_cards("8s7h2c"))
    heroes = live_holes(players, b)
    opp, _, pct = players.ranges[1]
    keep = np.array([not set(r) & set(b) for r in opp.tolist()])
    args = (b, (), heroes, np.ascontiguousarray(opp[keep]),
            np.ascontiguousarray(pct[keep], dtype=np.int32), np.zeros(len(heroes), np.int32),
            True)  # fmt: skip
    whole = np.zeros((len(heroes), 5), dtype=np.int64)
    _equity.duel_shares(*args, 0, 1176, whole)
    parts = np.zeros((len(heroes), 5), dtype=np.int64)
    for first, last in ((0, 1), (1, 700), (700, 700), (700, 1176)):
        _equity.duel_shares(*args, first, last, parts)
    assert np.array_equal(whole[:, :4], parts[:, :4])
    assert whole[:, :4].any()
