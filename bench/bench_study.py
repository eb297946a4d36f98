"""Study-tool benchmarks (pytest-benchmark): every flop, as ratios to the equity layer.

Run: ``pytest bench/bench_study.py --benchmark-only`` (``--benchmark-disable``
runs each once as a smoke test). The ratios in ``extra_info`` compare with
the equity layer on the same spot: ``ratio_to_preflop`` is the time of
:func:`omaha.flop_equities` over that of the one exact preflop
:func:`omaha.equity` call, ``per_flop_ratio`` the time per flop over one
:func:`omaha.equity` call on a flop (the per-call checks it skips make it
cheaper).

The long spots of ``test_flops_hand_vs_range`` count each flop (the path
of every spot but hand against range) on a sample of the flops in the
smoke run and on every flop when ``OMAHA_BENCH_FULL=1`` is set (hand
against ``KK+:$ds``: about a minute on one core; hand against a 15% range:
about forty minutes on one core). ``test_flops_hand_vs_range_by_boards``
runs :func:`omaha.flop_equities` itself, board by board, on every flop
(a small range in the smoke run, ``15%`` with ``OMAHA_BENCH_FULL=1``:
about 80 s). ``python bench/bench_study.py`` prints the full measurements;
``python bench/bench_study.py --boards 3 --dask`` only hand against 15%
board by board, 3 runs on one core and 3 on a LocalCluster of two
single-thread Dask workers, with today's per-flop path on a sample.

The equity distribution of a 15% range against a 15% range on Qs7h2c is
measured whole (one compiled pass over the runouts), Hi and Hi-Lo, with
``ratio_to_equity_call`` (over one ``omaha.equity(["15%", "15%"], ...)``
call, Monte Carlo) and ``ratio_to_exact_combination_call`` (over one exact
combination against the range); the smoke run takes ``AA:ds`` against
``KK:ds`` and checks one combination against :func:`omaha.equity`.

The ``poker_equity`` tests (skipped unless poker-equity is installed; it is
in no extra) run poker-equity 0.1.1's exact enumeration on the same flops
in the same process, one call per flop (its exact mode takes one flop at a
time; a range is passed as every combination, its mask "alternatives"),
check that both give the same equity on every flop compared, as
fractions, and report ``ratio`` (poker-equity's time over omaha's).
Hand against hand is compared on every representative flop that
:func:`omaha.flop_equities` counts when benchmarking, on a sample in the
smoke run; the range spots on a fixed, evenly spaced sample of flops.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from typing import Any, TypeVar

import pytest

import omaha
from omaha.cards import format_card, format_cards
from omaha.games import GameName
from omaha.study import equity_distribution, flop_equities, mean_equity
from omaha.study._spot import UNIT, Counts, Players
from omaha.study.flops import flop_rows, flops_of

T = TypeVar("T")

AAKK = "AhAsKhKs"
JT98 = "JdTd9c8c"
FULL = os.environ.get("OMAHA_BENCH_FULL") == "1"
KING = "KhKdJdTc"  # the opponent of the distribution smoke run


@pytest.fixture(scope="module", autouse=True)
def _tables() -> None:
    omaha.warmup()


def _run(benchmark: Any, fn: Callable[[], T], rounds: int = 3) -> T:
    return benchmark.pedantic(fn, rounds=rounds, iterations=1, warmup_rounds=1)  # type: ignore[no-any-return]


def _times(fn: Callable[[], Any], rounds: int) -> list[float]:
    times = []
    for _ in range(rounds):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return times


def _best(fn: Callable[[], Any], rounds: int = 3) -> float:
    return min(_times(fn, rounds))


@pytest.mark.parametrize("game", ["hi", "hilo"])
def test_flops_hand_vs_hand(benchmark: Any, game: GameName) -> None:
    t = _run(benchmark, lambda: flop_equities([AAKK, JT98], game=game))
    assert sum(t.column("weight").to_pylist()) == 13_244
    r = omaha.equity([AAKK, JT98], game=game, threads=1)
    assert mean_equity(t, 1) == r[0].equity_fraction
    if benchmark.stats is not None:
        pre = _best(lambda: omaha.equity([AAKK, JT98], game=game, threads=1))
        benchmark.extra_info["ratio_to_preflop"] = benchmark.stats.stats.min / pre
        benchmark.extra_info["rows"] = t.num_rows


def _sampled(hands: list[str], step: int) -> tuple[float, int, int]:
    """Seconds for every ``step``-th flop, the flops counted, and all the flops."""
    players = Players(hands, (), "hi")
    flops = flops_of(players)
    sample = flops[::step]
    t = time.perf_counter()
    flop_rows(players, sample)
    return time.perf_counter() - t, len(sample), len(flops)


@pytest.mark.parametrize(
    ("villain", "step"), [("KK+:$ds", 1 if FULL else 100), ("15%", 1 if FULL else 2000)]
)
def test_flops_hand_vs_range(benchmark: Any, villain: str, step: int) -> None:
    omaha.parse_range("15%")  # the class order, built once
    seconds, counted, flops = _run(benchmark, lambda: _sampled([AAKK, villain], step), rounds=1)
    benchmark.extra_info.update(flops=flops, counted=counted)
    if benchmark.stats is not None:
        one = _best(lambda: omaha.equity([AAKK, villain], board="Qs7h2c", threads=1), rounds=1)
        benchmark.extra_info["seconds_every_flop"] = seconds / counted * flops
        benchmark.extra_info["per_flop_ratio"] = seconds / counted / one


@pytest.mark.parametrize("game", ["hi", "hilo"])
def test_flops_hand_vs_range_by_boards(benchmark: Any, game: GameName) -> None:
    """The board-centred count, every flop: hand against 15% (``KK:ds`` in the smoke run)."""
    omaha.parse_range("15%")
    villain = "15%" if FULL else "AAKK:ds,QQJJ:ds,KKQQ:ds"
    t = _run(benchmark, lambda: flop_equities([AAKK, villain], game=game), rounds=1)
    if benchmark.stats is not None:
        one = _best(lambda: omaha.equity([AAKK, villain], board="Qs7h2c", game=game, threads=1), 1)
        benchmark.extra_info["rows"] = t.num_rows
        benchmark.extra_info["ratio_to_one_flop_call"] = benchmark.stats.stats.min / one


def test_distribution_on_a_flop(benchmark: Any) -> None:
    d = _run(benchmark, lambda: equity_distribution("AA:ds", KING, "Qs7h2c"), rounds=1)
    combos = d.combos.num_rows
    assert sum(d.buckets.column("combos").to_pylist()) == combos
    one = d.combos.slice(0, 1).to_pylist()[0]
    e = omaha.equity([one["hole"], KING], board="Qs7h2c")[0]
    assert Fraction(one["share"], 5040 * one["deals"]) == e.equity_fraction
    if benchmark.stats is not None:
        benchmark.extra_info["combos"] = combos
        benchmark.extra_info["seconds_per_combo"] = benchmark.stats.stats.min / combos


def _ranges_distribution(game: GameName, smoke: bool) -> tuple[Any, str]:
    """The distribution of 15% v 15% on Qs7h2c (smoke: AA:ds v KK:ds), and the opponent."""
    mine, theirs = ("AA:ds", "KK:ds") if smoke else ("15%", "15%")
    return equity_distribution(mine, theirs, "Qs7h2c", game=game), theirs


@pytest.mark.parametrize("game", ["hi", "hilo"])
def test_distribution_range_vs_range_on_a_flop(benchmark: Any, game: GameName) -> None:
    """15% against 15% on a flop, whole (the smoke run: AA:ds against KK:ds)."""
    smoke = benchmark.disabled
    if not smoke:
        omaha.parse_range("15%")  # the class order, built once (not timed)
    d, theirs = _run(benchmark, lambda: _ranges_distribution(game, smoke), rounds=1)
    one = d.combos.slice(d.combos.num_rows // 2, 1).to_pylist()[0]
    if smoke:  # one combination against omaha.equity (a second's work on 15%)
        e = omaha.equity([one["hole"], theirs], board="Qs7h2c", game=game)[0]
        assert Fraction(one["share"], UNIT * one["deals"]) == e.equity_fraction
    if benchmark.stats is not None:
        calls = _equity_calls(game, one["hole"], 1)
        benchmark.extra_info["combos"] = d.combos.num_rows
        benchmark.extra_info["ratio_to_equity_call"] = benchmark.stats.stats.min / calls[0]
        benchmark.extra_info["ratio_to_exact_combination_call"] = (
            benchmark.stats.stats.min / calls[1]
        )


def _equity_calls(game: GameName, hole: str, rounds: int) -> tuple[float, float]:
    """Median seconds of omaha.equity 15% v 15% on Qs7h2c (its default: Monte Carlo,
    the deals being too many to enumerate) and of one exact combination v 15%."""

    def ranges() -> object:
        return omaha.equity(["15%", "15%"], board="Qs7h2c", game=game)

    def combination() -> object:
        return omaha.equity([hole, "15%"], board="Qs7h2c", game=game, method="exact")

    return statistics.median(_times(ranges, rounds)), statistics.median(_times(combination, rounds))


# ------------------------------------------------------------ poker-equity

PEER_GAME = {"hi": "omaha", "hilo": "omaha_hi_lo"}


def _peer_masks(pe: Any) -> list[int]:
    """poker-equity's one-bit mask of each of omaha's card codes 0..51."""
    return [1 << pe.card_index(format_card(c)) for c in range(52)]


def _peer_seats(mask: list[int], hands: list[str | omaha.Range]) -> list[list[list[int]]]:
    """The players in poker-equity's mask form: one alternative per combination."""
    seats = []
    for h in hands:
        if isinstance(h, omaha.Range):
            weights = h.weights
            assert weights is None or len(set(weights.tolist())) == 1  # it has no weights
            seats.append([[mask[int(c)] for c in hole] for hole in h.holes])
        else:
            seats.append([[mask[c] for c in omaha.parse_cards(h)]])
    return seats


def _peer_flops(
    pe: Any, mask: list[int], game: GameName, seats: Any, flops: list[tuple[int, ...]]
) -> list[Any]:
    variant = PEER_GAME[game]
    out = []
    for flop in flops:
        try:
            out.append(pe.exact(variant, seats, [mask[c] for c in flop], 0))
        except ValueError:  # "No deal can satisfy the hands...": the range all blocked
            out.append(None)
    return out


def _agree(ours: list[Counts | None], theirs: list[Any], players: int) -> None:
    """Both libraries' exact equities, as fractions, on every flop compared."""
    assert len(ours) == len(theirs) and any(c is not None for c in ours)
    for c, r in zip(ours, theirs, strict=True):
        if c is None:  # no deal on this flop: omaha leaves the row out, poker-equity refuses
            assert r is None
            continue
        assert r is not None and r["exact"]
        assert r["weight_sum"] == c.deals  # the same deals (unweighted ranges)
        for i in range(players):
            # poker-equity sums float pot shares: heads-up they are halves and
            # quarters of a pot, exact in binary, so the fractions compare exactly.
            assert Fraction(c.share[i], UNIT * c.deals) == Fraction(r["share_sum"][i]) / Fraction(
                r["weight_sum"]
            )


def _compare(
    benchmark: Any, pe: Any, hands: list[str | omaha.Range], game: GameName, count: int | None
) -> None:
    """Time poker-equity on ``count`` evenly spaced flops (all: ``None``), omaha on the same."""
    players = Players(hands, (), game)
    flops = [f for f, _ in flops_of(players)]
    sample = (
        flops if count is None or count >= len(flops) else flops[:: len(flops) // count][:count]
    )
    mask = _peer_masks(pe)
    seats = _peer_seats(mask, hands)
    rounds = 3 if len(sample) * len(seats[1]) < 100_000 else 1
    theirs = benchmark.pedantic(
        lambda: _peer_flops(pe, mask, game, seats, sample),
        rounds=rounds,
        iterations=1,
        warmup_rounds=0,
    )
    ours = [players.count(f) for f in sample]
    _agree(ours, theirs, len(hands))
    if benchmark.stats is not None:
        if sample is flops:  # every flop: the public call, folding and table included
            mine = _best(lambda: flop_equities(hands, game=game), rounds=rounds)
        else:
            mine = _best(lambda: [players.count(f) for f in sample], rounds=rounds)
        peer = benchmark.stats.stats.min
        benchmark.extra_info.update(
            flops=len(flops),
            compared=len(sample),
            omaha_ms_per_flop=mine / len(sample) * 1000,
            peer_ms_per_flop=peer / len(sample) * 1000,
            peer_seconds_every_flop=peer / len(sample) * len(flops),
            ratio=peer / mine,
        )


@pytest.mark.parametrize("game", ["hi", "hilo"])
def test_poker_equity_flops_hand_vs_hand(benchmark: Any, game: GameName) -> None:
    pe = pytest.importorskip("poker_equity")
    _compare(benchmark, pe, [AAKK, JT98], game, 300 if benchmark.disabled else None)


@pytest.mark.parametrize(
    ("villain", "count", "smoke"), [("KK+:$ds", 50, 5), ("15%", 4, 1)], ids=["KK+:$ds", "15%"]
)
def test_poker_equity_flops_hand_vs_range(
    benchmark: Any, villain: str, count: int, smoke: int
) -> None:
    pe = pytest.importorskip("poker_equity")
    _compare(
        benchmark,
        pe,
        [AAKK, omaha.parse_range(villain)],
        "hi",
        smoke if benchmark.disabled else count,
    )


def _board_centred(runs: int, dask: bool) -> None:
    """Hand against 15% on every flop, measured whole: one core, and two Dask workers."""
    hands = [AAKK, "15%"]
    one = statistics.median(
        _best(lambda: omaha.equity(hands, board="Qs7h2c", threads=1), 1) for _ in range(3)
    )
    players = Players(hands, (), "hi")
    flops = flops_of(players)
    sample = flops[::100]
    t = time.perf_counter()
    old = flop_rows(players, sample)
    per_flop = (time.perf_counter() - t) / len(sample)
    print(
        f"hand vs 15%, today's per-flop path: {per_flop:.3f} s a flop on {len(sample)} "
        f"sampled flops, every flop extrapolated {per_flop * len(flops) / 60:.0f} min "
        f"(load {os.getloadavg()[0]:.1f})"
    )
    local: list[float] = []
    table = None
    for _ in range(runs):
        t = time.perf_counter()
        table = flop_equities(hands)
        local.append(time.perf_counter() - t)
        print(f"  one core, every flop: {local[-1]:.1f} s (load {os.getloadavg()[0]:.1f})")
    assert table is not None
    rows = {r["flop"]: r for r in table.to_pylist()}
    assert all(rows[format_cards(f)]["share_1"] == c.share[0] for f, _, c in old)
    med = statistics.median(local)
    print(
        f"hand vs 15%, board-centred, every flop on one core: median {med:.1f} s of {runs} "
        f"(range {min(local):.1f}-{max(local):.1f}) = {med / one:.0f}x one omaha.equity flop "
        f"call ({one:.3f} s), {per_flop * len(flops) / med:.0f}x faster than the per-flop path"
    )
    if not dask:
        return
    import distributed

    import omaha.dask as od

    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as cluster,
        distributed.Client(cluster, set_as_default=False) as client,
    ):
        client.wait_for_workers(2)
        client.run(omaha.warmup)
        client.run(omaha.parse_range, "15%")
        two: list[float] = []
        for _ in range(runs):
            t = time.perf_counter()
            remote = od.flop_equities(hands, client=client)
            two.append(time.perf_counter() - t)
            print(
                f"  two Dask workers, every flop: {two[-1]:.1f} s (load {os.getloadavg()[0]:.1f})"
            )
            assert remote.equals(table)
    med2 = statistics.median(two)
    print(
        f"hand vs 15%, board-centred, every flop on two Dask workers: median {med2:.1f} s of "
        f"{runs} (range {min(two):.1f}-{max(two):.1f}) = {med2 / one:.0f}x one omaha.equity "
        f"flop call, {med / med2:.2f}x the one-core time; the same table as the local call"
    )


def main() -> None:
    """Print the full measurements (every flop) on one core.

    ``--boards N``: only the board-centred hand against 15%, N runs each on
    one core and (with ``--dask``) on two Dask workers.
    """
    omaha.warmup()
    omaha.parse_range("15%")
    if "--boards" in sys.argv:
        _board_centred(int(sys.argv[sys.argv.index("--boards") + 1]), "--dask" in sys.argv)
        sys.stdout.flush()
        return
    pre = _best(lambda: omaha.equity([AAKK, JT98], threads=1))
    every = _best(lambda: flop_equities([AAKK, JT98]))
    print(f"hand vs hand, every flop (Hi): {every:.3f} s = {every / pre:.0f}x the preflop call")
    for villain, step in (("KK+:$ds", 1), ("15%", 200)):
        seconds, counted, flops = _sampled([AAKK, villain], step)

        def one_flop(v: str = villain) -> object:
            return omaha.equity([AAKK, v], board="Qs7h2c", threads=1)

        one = _best(one_flop, 1)
        total = seconds / counted * flops
        print(
            f"hand vs {villain}: {flops} flops, {seconds / counted * 1000:.1f} ms a flop "
            f"({seconds / counted / one:.2f}x one omaha.equity flop call), every flop "
            f"{'measured' if step == 1 else 'extrapolated'}: {total:.0f} s"
        )
    t = time.perf_counter()
    d = equity_distribution("AA:ds", KING, "Qs7h2c")
    dt = time.perf_counter() - t
    print(f"distribution AA:ds vs {KING} on a flop: {d.combos.num_rows} combos in {dt:.2f} s")
    players = Players(["15%", "15%"], (), "hi")
    holes = players.ranges[0][0]
    board = omaha.parse_cards("Qs7h2c")
    live = [tuple(h) for h in holes.tolist() if not set(h) & set(board)]
    t = time.perf_counter()
    for hole in live[:: len(live) // 3][:3]:
        players.count(board, fixed=(0, hole))
    per = (time.perf_counter() - t) / 3
    print(
        f"15% vs 15% on a flop, one exact run per combination: {len(live)} combos, "
        f"{per:.2f} s a combination, extrapolated {per * len(live) / 3600:.1f} h"
    )
    games: tuple[GameName, ...] = ("hi", "hilo")
    for game in games:

        def whole_run(g: GameName = game) -> object:
            return _ranges_distribution(g, False)

        runs = _times(whole_run, 5)
        whole = statistics.median(runs)
        ranges, combination = _equity_calls(game, format_cards(live[len(live) // 2]), 3)
        print(
            f"distribution 15% vs 15% on a flop ({game}), measured whole: median {whole:.2f} s "
            f"of 5 (range {min(runs):.2f}-{max(runs):.2f} s) = {whole / ranges:.0f}x one "
            f"omaha.equity(['15%', '15%'], board='Qs7h2c') call (Monte Carlo, {ranges:.3f} s), "
            f"{whole / combination:.1f}x one exact combination v 15% ({combination:.3f} s)"
        )
    sys.stdout.flush()


if __name__ == "__main__":
    main()
