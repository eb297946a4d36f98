"""omaha.dask.flop_equities on a LocalCluster of two worker processes: the local table."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("dask")
pytest.importorskip("distributed")

import omaha
import omaha.dask as od
from omaha.errors import ArgumentError
from omaha.games import GameName
from omaha.study import flop_equities, mean_equity

TIMEOUT = 120


def test_flop_equities_on_workers_equals_local(client: Any) -> None:
    hands = ["AhAsKhKs", "JdTd9c8c"]
    remote = od.flop_equities(hands, game="hilo", client=client, flops_per_task=1000)
    local = flop_equities(hands, game="hilo")
    assert remote.equals(local)
    assert mean_equity(remote, 1) == omaha.equity(hands, game="hilo")[0].equity_fraction


def test_flop_equities_with_a_range_on_workers(client: Any) -> None:
    hands = ["AhAsKhKs", "QcQdJcJd@100,QhQsJhJs@100,2c2d3c3d@40"]
    remote = od.flop_equities(hands, client=client, flops_per_task=500)
    assert remote.equals(flop_equities(hands))


def test_flops_per_task_is_checked() -> None:
    with pytest.raises(ArgumentError, match="flops_per_task"):
        od.flop_equities(["AhAsKhKs", "JdTd9c8c"], flops_per_task=0)


@pytest.mark.parametrize("game", ["hi", "hilo"])
def test_board_centred_flops_on_workers_equal_local(client: Any, game: GameName) -> None:
    """Hand against a range is counted board by board: the boards split over the workers."""
    hands = ["QdJh6c3s", "AAKK:ds@50,QQJJ:ds@100"]
    local = flop_equities(hands, game=game, dead="2c")
    for per_task in (256, 100_000):  # many tasks, and the fewest (8)
        remote = od.flop_equities(
            hands,
            game=game,
            dead="2c",
            client=client,
            flops_per_task=per_task,
        )
        assert remote.equals(local)
