"""omaha.equity (omaha.equities): exact reference numbers, counting rules, Monte Carlo
reproducibility, threads, Ctrl-C, progress and bad input."""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
import time
from fractions import Fraction

import pytest

import omaha
from omaha import DuplicateCardError, InvalidCardError, parse_cards
from omaha.equities import EquityResult, PlayerEquity, equity
from omaha.errors import ArgumentError

AAKK = "AhAsKhKs"
JT98 = "JdTd9c8c"


# ------------------------------------------------------------ exact numbers


def test_heads_up_preflop_reference() -> None:
    # Every one of the 1,086,008 boards: 667,649 wins, 418,273 losses, 86 ties.
    r = equity([AAKK, JT98], threads=1)
    assert isinstance(r, EquityResult)
    assert r.method == "exact"
    assert r.boards == r.deals == 1_086_008
    assert r.samples is None and r.stderr is None and r.seed is None
    a, b = r
    assert dict(a.outcomes) == {(1, None): 667_649, (0, None): 418_273, (2, None): 86}
    assert dict(b.outcomes) == {(1, None): 418_273, (0, None): 667_649, (2, None): 86}
    assert a.equity_fraction == Fraction(667_649 * 2 + 86, 2 * 1_086_008)
    assert f"{100 * a.equity:.6f}" == "61.481315"
    assert a.win == 667_649 / 1_086_008
    assert a.tie == b.tie == 86 / 1_086_008
    assert a.scoop == a.win and a.high_share == a.equity and a.low_share == 0.0
    assert a.hole_cards == parse_cards(AAKK)
    assert a.equity_fraction + b.equity_fraction == 1


def test_hilo_without_lows_is_hi() -> None:
    # Neither hand holds two different low cards: nobody can make a low.
    hi = equity([AAKK, JT98], game="hi", threads=1)
    hilo = equity([AAKK, JT98], game="hilo", threads=1)
    assert [p.outcomes for p in hi] == [p.outcomes for p in hilo]


@pytest.mark.parametrize(
    ("holes", "board", "game"),
    [
        (["As2sKd3h", "Ac4cQhJh", "7c6c5d4d"], "", "hilo"),
        (["As2sKd3h", "Ac4cQhJh", "7c6c5d4d"], "8s9dTh", "hi"),
        (["As2sKd3h", "Ac4cQhJh", "7c6c5d4d", "2d3dKhKc"], "8s9dTh", "hilo"),
        (["As2sKd3hQd", "Ac4cQhJhTc"], "8s9dTh5h", "hilo"),
        (["As2sKd3hQd6h", "Ac4cQhJhTc9h"], "8s9dTh", "hilo"),
    ],
)
def test_shares_add_up_exactly(holes: list[str], board: str, game: str) -> None:
    r = equity(holes, board=board, game=game, threads=1)  # type: ignore[arg-type]
    assert sum(p.equity_fraction for p in r) == 1
    for p in r:
        assert sum(p.outcomes.values()) == r.boards
        assert 0 <= p.win <= p.win + p.tie <= 1
        assert p.scoop <= p.equity <= 1
        assert p.high_share + p.low_share == pytest.approx(p.equity, abs=1e-15)
    assert sum(p.high_share for p in r) == pytest.approx(1 - sum(p.low_share for p in r))


def _permute_suits(cards: str, perm: dict[str, str]) -> str:
    return "".join(c[0] + perm[c[1]] for c in (cards[i : i + 2] for i in range(0, len(cards), 2)))


def test_invariant_under_suit_permutation_and_player_order() -> None:
    holes = ["As2sKd3h", "Ac4cQhJh", "7c6c5d4d"]
    board = "8s9dTh"
    base = equity(holes, board=board, game="hilo", threads=1)
    perm = {"c": "h", "d": "s", "h": "c", "s": "d"}
    swapped = equity(
        [_permute_suits(h, perm) for h in holes], board=_permute_suits(board, perm), game="hilo"
    )
    assert [p.outcomes for p in swapped] == [p.outcomes for p in base]
    reordered = equity(holes[::-1], board=board, game="hilo")
    assert [p.outcomes for p in reordered] == [p.outcomes for p in base][::-1]


def test_hilo_quartered_river() -> None:
    # Both make 8-4-3-2-A and split the low; three kings win the high alone.
    r = equity(["Ah4hKdKs", "As4cQdJd"], board="2c3d8h9sKc", game="hilo")
    a, b = r
    assert r.boards == 1
    assert dict(a.outcomes) == {(1, 2): 1} and dict(b.outcomes) == {(0, 2): 1}
    assert (a.equity, a.high_share, a.low_share) == (0.75, 0.5, 0.25)
    assert (b.equity, b.high_share, b.low_share) == (0.25, 0.0, 0.25)
    assert (a.win, a.tie, a.scoop) == (1.0, 0.0, 0.0)


def test_hilo_scoop_and_no_low() -> None:
    # No low possible (only two low ranks on board): the high takes it all.
    r = equity(["AhAsKdKs", "QdQs8d8s"], board="2c3dTh9sKc", game="hilo")
    assert dict(r[0].outcomes) == {(1, None): 1}
    assert (r[0].equity, r[0].scoop, r[0].high_share) == (1.0, 1.0, 1.0)
    # A scoop with a low: the wheel-maker also has the best high (a straight).
    r = equity(["As2s9d9h", "KdKsQdQs"], board="3c4d5hJsQc", game="hilo")
    assert dict(r[0].outcomes) == {(1, 1): 1}
    assert (r[0].equity, r[0].scoop) == (1.0, 1.0)


def test_hilo_same_players_tie_both_halves() -> None:
    r = equity(["As2s9d9h", "Ad2d9c9s"], board="3c4d5hJsQc", game="hilo")
    for p in r:
        assert dict(p.outcomes) == {(2, 2): 1}
        assert (p.equity, p.tie, p.win, p.scoop) == (0.5, 1.0, 0.0, 0.0)


def test_multiway_three_way_tie() -> None:
    # Every hand's best high is the same straight, A-K-Q-J-T? No: Omaha
    # takes two hole cards, so each makes Q-J-T-5-4 high; identical values.
    r = equity(["2c3c4d5d", "2d3d4h5h", "2h3h4s5s"], board="AsKdQhJcTs")
    for p in r:
        assert dict(p.outcomes) == {(3, None): 1}
        assert p.equity_fraction == Fraction(1, 3)


def test_dead_cards_change_the_deck() -> None:
    r = equity([AAKK, JT98], board="Qs7h2c", dead="Ac Kc")
    assert r.boards == 39 * 38 // 2
    assert r.dead == parse_cards("AcKc")


def test_exact_with_unknown_hand_on_the_river() -> None:
    r = equity([AAKK, None], board="Qs7h2c5d3s", method="exact")
    assert r.method == "exact"
    assert r.boards == 123_410  # C(43, 4)
    assert r[1].hole_cards is None
    assert sum(p.equity_fraction for p in r) == 1


def test_five_and_six_card_holes() -> None:
    r5 = equity(["AhAsKhKsQd", "JdTd9c8c7s"], board="2c3d4h")
    r6 = equity(["AhAsKhKsQd2s", "JdTd9c8c7s6h"], board="2c3d4h")
    assert r5.boards == 39 * 38 // 2 and r6.boards == 37 * 36 // 2
    assert sum(p.equity_fraction for p in r5) == sum(p.equity_fraction for p in r6) == 1


# ----------------------------------------------------------- Monte Carlo


def test_monte_carlo_is_reproducible_and_thread_independent() -> None:
    kw = {"board": "Qs7h2c", "game": "hilo", "samples": 50_000, "seed": 2024}
    one = equity(["As2sKd3h", None, "7c6c5d4d"], threads=1, **kw)  # type: ignore[arg-type]
    two = equity(["As2sKd3h", None, "7c6c5d4d"], threads=2, **kw)  # type: ignore[arg-type]
    assert one.method == "monte-carlo" and one.samples == 50_000 and one.seed == 2024
    assert one == two
    other = equity(["As2sKd3h", None, "7c6c5d4d"], **{**kw, "seed": 2025})  # type: ignore[arg-type]
    assert other != one
    assert all(p.stderr is not None and 0 < p.stderr < 0.01 for p in one)
    assert one.stderr == max(p.stderr or 0 for p in one)


def test_monte_carlo_seed_none_is_reported() -> None:
    r = equity([AAKK, None], samples=3000)
    assert r.seed is not None
    again = equity([AAKK, None], samples=3000, seed=r.seed)
    assert [p.outcomes for p in again] == [p.outcomes for p in r]


def test_monte_carlo_sample_count_need_not_fill_a_block() -> None:
    r = equity([AAKK, None], samples=1500, seed=1)
    assert r.samples == 1500
    assert all(sum(p.outcomes.values()) == 1500 for p in r)
    # The first 1500 samples of a longer run are the same deals.
    longer = equity([AAKK, None], samples=1024, seed=1)
    assert sum(longer[0].outcomes.values()) == 1024


def test_target_stderr_stops_early_and_deterministically() -> None:
    kw = {"target_stderr": 0.002, "seed": 9}
    r1 = equity([AAKK, JT98, None], threads=1, **kw)  # type: ignore[arg-type]
    r2 = equity([AAKK, JT98, None], threads=2, **kw)  # type: ignore[arg-type]
    assert r1 == r2
    assert r1.samples is not None and r1.samples % 65_536 == 0
    assert r1.stderr is not None and r1.stderr <= 0.002
    capped = equity([AAKK, JT98, None], target_stderr=1e-6, samples=70_000, seed=9)
    assert capped.samples == 70_000


def test_auto_method() -> None:
    assert equity([AAKK, JT98], board="Qs7h2c").method == "exact"
    assert equity([AAKK, None], board="Qs7h2c", samples=2000).method == "monte-carlo"
    assert equity([AAKK, JT98], board="Qs7h2c", samples=2000).method == "monte-carlo"
    assert equity([AAKK, None], board="Qs7h2c", seed=1).samples == 100_000


# ------------------------------------------------- threads, Ctrl-C, progress


def test_threads_give_identical_exact_counts() -> None:
    holes = ["As2sKd3h", "Ac4cQhJh", "7c6c5d4d"]
    one = equity(holes, game="hilo", threads=1)
    two = equity(holes, game="hilo", threads=2)
    assert one == two


@pytest.mark.parametrize(
    ("holes", "board", "threads"),
    [
        # Two unknown hands on the flop: 1e13 deals, hand by hand.
        ([AAKK, None, None], "Qs7h2c", 1),
        ([AAKK, None, None], "Qs7h2c", 2),
        # One unknown hand before the flop, counted group by group (seconds).
        ([AAKK, None], "", 1),
    ],
)
def test_ctrl_c_interrupts_a_long_run(holes: list[str | None], board: str, threads: int) -> None:
    # Ctrl-C as a user's terminal delivers it (a pytest-xdist worker ignores SIGINT, which
    # would leave this run going for days): the interpreter's own handler, for this test
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    main = threading.main_thread().ident
    assert main is not None
    timer = threading.Timer(0.2, signal.pthread_kill, (main, signal.SIGINT))
    start = time.perf_counter()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            equity(holes, board=board, method="exact", threads=threads, max_deals=10**16)
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    assert time.perf_counter() - start < 1.5


def test_progress_bar_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    equity([AAKK, None], samples=200_000, seed=1, progress=True)
    err = capsys.readouterr().err
    assert "equity" in err and "samples" in err


def test_progress_bar_waits_for_its_delay(capsys: pytest.CaptureFixture[str]) -> None:
    equity([AAKK, JT98], board="Qs7h2c", progress=30.0)
    assert capsys.readouterr().err == ""


def test_import_omaha_stays_lazy() -> None:
    code = (
        "import sys, omaha\n"
        "assert 'numpy' not in sys.modules and 'omaha.equities' not in sys.modules\n"
        "r = omaha.equity(['AhAsKhKs', 'JdTd9c8c'], board='Qs7h2c5d')\n"
        "m = sys.modules['omaha.equities']\n"
        "assert omaha.equity is m.equity and 'omaha.equity' not in sys.modules\n"
        "assert 'numpy' not in sys.modules  # cards only: no range, no NumPy\n"
        "assert r.boards == 40 and isinstance(r, omaha.EquityResult)\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
    # Here the module was imported first (omaha.equities): omaha.equity is
    # still the function, never the module.
    assert omaha.equity is equity
    with pytest.raises(ModuleNotFoundError):
        __import__("omaha.equity")
    r = omaha.equity([AAKK, JT98], board="Qs7h2c5d")
    assert r == equity([AAKK, JT98], board="Qs7h2c5d")
    assert omaha.EquityResult is EquityResult and omaha.PlayerEquity is PlayerEquity


# -------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"holes": [AAKK, "AhKdQcJs"]}, DuplicateCardError, "'Ah' is both in player 1"),
        ({"board": "Ks7h2c"}, DuplicateCardError, "'Ks' is both in player 1's hole cards and on"),
        (
            {"dead": "9c"},
            DuplicateCardError,
            "'9c' is both in player 2's hole cards and in the dead",
        ),
        ({"board": "2c3c", "dead": "2c"}, InvalidCardError, "board needs 0, 3, 4 or 5 cards"),
        ({"board": "2c"}, InvalidCardError, r"got 1: '2c'"),
        ({"board": "2c3c4c5c6c7c"}, InvalidCardError, "got 6"),
        ({"board": "2c2c3c"}, DuplicateCardError, "duplicate card '2c'"),
        ({"board": "Xx7h2c"}, InvalidCardError, "malformed card 'Xx'"),
        ({"holes": [AAKK, "JdTd9c"]}, InvalidCardError, "player 2 has 3 hole cards"),
        ({"holes": [AAKK, "JdTd9c8c7c"]}, InvalidCardError, "same number of hole cards"),
        ({"holes": [AAKK]}, ValueError, "2 to 10 players, got 1"),
        ({"holes": AAKK}, ValueError, "must be a sequence of hands"),
        ({"holes": [None] * 11}, ValueError, "2 to 10 players, got 11"),
        (
            {"holes": ["AhAsKhKsQhQs", *([None] * 7)]},
            ValueError,
            "8 players with 6 hole cards are too many for one deck: at most 7",
        ),
        ({"holes": [None] * 10, "dead": "2c3c4c5c6c7c8c9c"}, ValueError, "need 53 cards"),
        ({"game": "razz"}, ValueError, "game must be 'hi' or 'hilo', got 'razz'"),
        ({"method": "fast"}, ValueError, "method must be"),
        ({"samples": 0}, ValueError, "samples must be >= 1, got 0"),
        ({"samples": 1.5}, ValueError, "samples must be an integer, got 1.5"),
        ({"method": "exact", "samples": 10}, ValueError, "Monte Carlo only"),
        ({"target_stderr": 0}, ValueError, "target_stderr must be in"),
        ({"target_stderr": "x"}, ValueError, "target_stderr must be a number"),
        ({"seed": -1}, ValueError, "seed must be 0..18446744073709551615, got -1"),
        ({"seed": 2**64}, ValueError, "seed must be"),
        ({"threads": 0}, ValueError, "threads must be >= 1, got 0"),
        ({"threads": True}, ValueError, "threads must be an integer"),
        ({"progress": -1}, ValueError, "progress must be"),
    ],
)
def test_bad_input(kwargs: dict[str, object], error: type[Exception], match: str) -> None:
    args: dict[str, object] = {"holes": [AAKK, JT98], **kwargs}
    with pytest.raises(error, match=match):
        equity(**args)  # type: ignore[arg-type]


# ------------------------------------------------ runs too long to enumerate (issue 17)


@pytest.mark.parametrize(
    ("holes", "board", "count"),
    [
        ([AAKK, None, None], "", "17,380,905,979,076,640"),
        ([AAKK, "*"], "", "211,315,436,640"),
        (["AhAsKhKs5c", None], "", "1,304,872,821,252"),
        (["A", None, None], "", "1,323,469,085,776,790,752,800"),
    ],
    ids=["two random hands", "against *", "5 cards against random", "range and two random"],
)
def test_an_exact_run_of_days_is_refused_at_once_with_its_count_and_time(
    holes: list[str | None], board: str, count: str
) -> None:
    start = time.perf_counter()
    with pytest.raises(ArgumentError) as info:
        equity(holes, board=board, method="exact")
    assert time.perf_counter() - start < 5  # parsing '*' included; no enumeration
    message = str(info.value)
    assert f"enumerate {count} deals" in message
    assert "max_deals=2,000,000,000" in message and "Monte Carlo" in message
    assert "would take about" in message and ("years" in message or "hours" in message
                                              or "minutes" in message)  # fmt: skip


def test_max_deals_is_the_line_and_raising_it_enumerates() -> None:
    with pytest.raises(ArgumentError, match="enumerate 1,086,008 deals"):
        equity([AAKK, JT98], method="exact", max_deals=1_000_000)
    assert equity([AAKK, JT98], method="exact", max_deals=1_086_008).boards == 1_086_008
    for bad in (0, -5, 1.5, True, "5", -(10**5000)):
        with pytest.raises(ArgumentError, match="max_deals"):
            equity([AAKK, JT98], max_deals=bad)  # type: ignore[arg-type]


def test_one_random_hand_exact_is_counted_by_its_cost_and_allowed() -> None:
    # 211 billion deals, counted by rank multisets in seconds: not refused.
    r = equity([AAKK, None], board="Qs7h2c", method="exact")
    assert r.boards == 122_175_900


def test_a_progress_bar_on_a_terminal_for_a_run_expected_to_be_long(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from omaha import equities

    equity([AAKK, None], samples=50_000, seed=1)  # not a terminal: no bar
    assert capsys.readouterr().err == ""
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    equity([AAKK, None], samples=50_000, seed=1)  # expected well under 3 s: a delayed bar
    assert capsys.readouterr().err == ""
    monkeypatch.setattr(equities, "_PROGRESS_SECONDS", 0.0)  # now every run is "long"
    equity([AAKK, None], samples=50_000, seed=1)
    assert "samples" in capsys.readouterr().err
    equity([AAKK, JT98], board="Qs7h2c", method="exact")
    assert "deals" in capsys.readouterr().err
    equity([AAKK, JT98], board="Qs7h2c", method="exact", progress=False)
    assert capsys.readouterr().err == ""
