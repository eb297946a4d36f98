"""Equity against ranges (issue 11): exact results equal the weighted average
of exact hand-vs-hand equities over the ranges' combinations, card removal,
weights, Monte Carlo within 4 standard errors of exact, how a string is read
(hole cards or a range), and the errors."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

import omaha
from mc_check import assert_within_four_standard_errors
from omaha import InvalidCardError, RangeSyntaxError, parse_range
from omaha.cli import main
from omaha.equities import equity
from omaha.games import GameName

AAKK = "AhAsKhKs"


def _combos(text: str, known: str, game: GameName = "hi") -> list[tuple[tuple[int, ...], int]]:
    """The range's hands that avoid the known cards, with their percent weights."""
    r = parse_range(text, game=game)
    used = set(omaha.parse_cards(known))
    return [
        (tuple(row), round(100 * w))
        for row, w in zip(r.holes.tolist(), r.weights.tolist(), strict=True)
        if not used & set(row)
    ]


def _expected(
    hands: list[str | list[tuple[tuple[int, ...], int]] | None],
    board: str,
    dead: str,
    game: GameName,
) -> tuple[list[Fraction], list[Counter[tuple[int, int | None]]]]:
    """Each player's exact equity and weighted outcomes, one hand-vs-hand call per combination.

    Every combination of the ranges that shares no card is a spot computed
    by the existing API (known holes, ``None`` for random hands); its
    equity is weighted by the product of the percents.
    """
    slots = [h if isinstance(h, list) else [(h, 100)] for h in hands]
    gcds = [math.gcd(*[w for _, w in s]) for s in slots]
    total = Fraction(0)
    shares = [Fraction(0)] * len(hands)
    outcomes: list[Counter[tuple[int, int | None]]] = [Counter() for _ in hands]
    for choice in itertools.product(*slots):
        cards = [c for hole, _ in choice if isinstance(hole, tuple) for c in hole]
        if len(set(cards)) != len(cards):
            continue
        weight = math.prod(w // g for (_, w), g in zip(choice, gcds, strict=True))
        r = equity([h for h, _ in choice], board=board, dead=dead, game=game, method="exact")
        total += weight
        for i, p in enumerate(r):
            shares[i] += weight * p.equity_fraction
            for key, count in p.outcomes.items():
                outcomes[i][key] += weight * count
    return [s / total for s in shares], outcomes


SPOTS = [
    # hands (text), board, dead, game
    ([AAKK, "QQ+:$ds"], "Qs7h2c", "", "hi"),
    ([AAKK, "QQ+:$ds"], "Qs7h2c5d", "", "hilo"),
    (["As2sKd3h", "A2[3,4,5]*:$ds@50,A2$L$L@20"], "7h8d9c", "", "hilo"),
    (["JdTd9c8c", "AcAd[K,Q][K,Q]", "KKQQ"], "Qs7h2c", "3d", "hi"),
    (["As2sKd3h", "A2A3@60,A2A4@40", "KKQQ@30,KKJJ@100"], "5h6h9c", "", "hilo"),
    (["2c3c4d5d", "AsKs**!AA", None], "Ac7h9dTs", "", "hilo"),
]


@pytest.mark.parametrize(("hands", "board", "dead", "game"), SPOTS)
def test_exact_is_the_weighted_average_of_hand_versus_hand(
    hands: list[str | None], board: str, dead: str, game: GameName
) -> None:
    known = board + dead + "".join(h for h in hands if h and omaha.equities._reads_as_cards(h))
    slots: list[str | list[tuple[tuple[int, ...], int]] | None] = [
        h if h is None or omaha.equities._reads_as_cards(h) else _combos(h, known, game)
        for h in hands
    ]
    r = equity(hands, board=board, dead=dead, game=game, method="exact")
    want, outcomes = _expected(slots, board, dead, game)
    assert r.method == "exact"
    assert [p.equity_fraction for p in r] == want
    assert [dict(p.outcomes) for p in r] == [dict(c) for c in outcomes]
    assert all(sum(p.outcomes.values()) == r.deals for p in r)
    assert sum(p.equity_fraction for p in r) == 1
    for p, h in zip(r, hands, strict=True):
        assert (p.range is not None) == (h is not None and not omaha.equities._reads_as_cards(h))


def test_auto_is_exact_for_small_range_spots_and_monte_carlo_for_large_ones() -> None:
    assert equity([AAKK, "QQ+:$ds"], board="Qs7h2c").method == "exact"
    big = equity([AAKK, "QQ+:$ds"], samples=2000, seed=1)
    assert big.method == "monte-carlo"
    assert equity([AAKK, "QQ+"], seed=3).method == "monte-carlo"  # preflop: 1e9 deals
    assert equity([AAKK, "KK+", None], board="Qs7h2c", seed=3).method == "monte-carlo"


def test_card_removal_is_exact() -> None:
    # AsAh on the board leave one pair of aces (AdAc) in "AA!AAA", with two
    # of the 43 other cards left: C(43, 2) hands, each with C(41, 2) boards.
    r = equity(["KsKhQsQh", "AA!AAA"], board="AsAh2c", method="exact")
    assert r[1].range is not None and len(r[1].range) == 6768
    assert r.deals == math.comb(43, 2) * math.comb(41, 2)
    # Two ranges that share cards: combinations holding a card twice never count.
    board = "2c3d4h5s6c"
    r = equity([AAKK, "QcQd**", "QhQs**"], board=board, method="exact")
    known = AAKK + board
    pairs = sum(
        not set(a) & set(b)
        for (a, _), (b, _) in itertools.product(_combos("QcQd**", known), _combos("QhQs**", known))
    )
    assert r.deals == pairs > 0 and sum(p.equity_fraction for p in r) == 1


def test_ranges_that_cannot_all_be_dealt() -> None:
    with pytest.raises(ValueError, match="no possible deal"):
        equity(["QcQdQhQs", "AcAd**", "AcAh**"], board="2c3d4h", method="exact")
    with pytest.raises(ValueError, match="almost no deal"):
        equity(["QcQdQhQs", "AcAd**", "AcAh**"], board="2c3d4h", samples=1000, seed=1)
    with pytest.raises(ValueError, match=r"player 2's range .* no hand left"):
        equity([AAKK, "AsKs**"], board="2c3d4h")


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("AhAsKhKs", "hole"),
        ("ah as kh ks", "hole"),
        ("As Kd 7h Tc", "hole"),
        ("(AhAsKhKs)", "range"),
        ("AAKK", "range"),
        ("KK+:$ds", "range"),
        ("15%", "range"),
        ("AsKs**", "range"),
    ],
)
def test_a_string_is_hole_cards_when_it_reads_as_card_text(text: str, kind: str) -> None:
    r = equity([text, "JdTd9c8c"], board="2c3d4h5s")
    assert (r[0].hole_cards is not None) == (kind == "hole")
    assert (r[0].range is not None) == (kind == "range")


def test_card_text_of_the_wrong_size_stays_an_error() -> None:
    with pytest.raises(InvalidCardError, match="player 1 has 2 hole cards"):
        equity(["AsKs", "JdTd9c8c"])
    r = equity(["(AsKs)", "JdTd9c8c"], board="2c3d4h5s")  # parentheses: a range
    assert r[0].range is not None and len(r[0].range) == math.comb(50, 2)


def test_range_objects_and_texts_agree() -> None:
    text = "AA:$ds@100,KK@40"
    by_text = equity([text, "JdTd9c8c"], board="Qs7h2c5d", game="hilo")
    by_object = equity([parse_range(text), "JdTd9c8c"], board="Qs7h2c5d", game="hilo")
    assert by_text == by_object
    with pytest.raises(InvalidCardError, match="same number of hole cards"):
        equity([parse_range("AA", hole_count=5), "JdTd9c8c"])
    five = equity([parse_range("AA:$ds", hole_count=5), "JdTd9c8c7s"], board="2c3d4h5s")
    assert five.method == "exact" and sum(p.equity_fraction for p in five) == 1


def test_range_text_is_read_for_the_hole_size_and_game() -> None:
    r = equity(["AsKsQsJsTs", "AA:$ds"], board="2c3d4h5s")
    assert r[1].range is not None and r[1].range.hole_count == 5
    hi = equity([AAKK, "5%"], board="2c3d4h5s", game="hi")
    hilo = equity([AAKK, "5%"], board="2c3d4h5s", game="hilo")
    assert hi[1].range is not None and hilo[1].range is not None
    assert hi[1].range.holes.tolist() != hilo[1].range.holes.tolist()  # two orders


def test_syntax_errors_name_the_text() -> None:
    with pytest.raises(RangeSyntaxError, match="at position 3 in 'AA,'"):
        equity([AAKK, "AA,"])


def test_threads_give_identical_results_with_ranges() -> None:
    hands = ["As2sKd3h", "A2[3,4,5]*:$ds", "KcKhQ*"]
    one = equity(hands, board="7h8d9c", game="hilo", method="exact", threads=1)
    two = equity(hands, board="7h8d9c", game="hilo", method="exact", threads=2)
    assert one == two
    kw = {"board": "7h8d9c", "game": "hilo", "samples": 30_000, "seed": 8}
    assert equity(hands, threads=1, **kw) == equity(hands, threads=2, **kw)  # type: ignore[arg-type]


# Monte Carlo against exact: seeded, 100,000 samples, within 4 standard errors.
MC_SPOTS = [
    ([AAKK, "QQ+:$ds"], "Qs7h2c", "", "hi"),
    (["As2sKd3h", "A2**@50,A3**@25"], "7h8d9c", "", "hilo"),
    (["JdTd9c8c", "AA:xxyy", "KKQQ"], "Qs7h2c", "3d", "hi"),
    (["As2sKd3h", "A2A3@60,A2A4@40", "KKQQ@30,KKJJ@100"], "5h6h9c", "", "hilo"),
    (["2c3c4d5d", "AsKs**!AA", None], "Ac7h9dTs", "", "hilo"),
    (["8h7h6d5d", "KcKd**@70,QcQd**@100", None], "Ac7d2s9h", "Kh", "hi"),
]


@pytest.mark.parametrize(("spot", "seed"), [(s, 500 + i) for i, s in enumerate(MC_SPOTS)])
def test_monte_carlo_within_four_standard_errors_of_exact(
    spot: tuple[list[str | None], str, str, str], seed: int
) -> None:
    hands, board, dead, game = spot
    exact = equity(hands, board, dead, game=game, method="exact")  # type: ignore[arg-type]
    mc = equity(hands, board, dead, game=game, samples=100_000, seed=seed)  # type: ignore[arg-type]
    assert mc.samples == 100_000
    assert_within_four_standard_errors(exact, mc)


def test_monte_carlo_draws_each_combination_by_its_weight() -> None:
    # Two combinations, weights 3:1 and no board interaction: the river is
    # fixed, so the only randomness is which combination is dealt.
    # The first makes a heart flush, the second only aces against a straight.
    board = "Qh7h2h8d9s"
    r = equity(["Tc6c5d4d", "AhAsKhKs@75,AdAcKdKc@25"], board=board, samples=40_000, seed=4)
    a = equity(["Tc6c5d4d", "AhAsKhKs"], board=board)[1].equity
    b = equity(["Tc6c5d4d", "AdAcKdKc"], board=board)[1].equity
    assert (a, b) == (1.0, 0.0)
    p = (r[1].equity - b) / (a - b)  # the share of draws that took the first
    assert abs(p - 0.75) <= 4 * math.sqrt(0.75 * 0.25 / 40_000)


def test_cli_takes_ranges(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["equity", AAKK, "KK+:$ds", "15%", "--board", "Qs7h2c", "--seed", "2", "--json"]
    assert main(argv) == 0
    import json

    data = json.loads(capsys.readouterr().out)
    assert data["method"] == "monte-carlo"
    assert [p["range"] for p in data["players"]] == [None, "KK+:$ds", "15%"]
    assert data["players"][0]["hole"] == AAKK and data["players"][1]["combinations"] == 1722
    assert main(["equity", AAKK, "KK+:$ds", "--board", "Qs7h2c"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].startswith("Exact: ")
    assert lines[4].split()[:2] == ["2", "KK+:$ds"]
    assert main(["equity", AAKK, "KK,"]) == 1
    assert "at position 3 in 'KK,'" in capsys.readouterr().err


def test_outcome_counts_are_integers_with_weights() -> None:
    r = equity(["As2sKd3h", "AA@50,KK@20"], board="7h8d9cTs", method="exact")
    # Percents 50 and 20 count 5 and 2 (divided by their gcd, 10).
    holes = parse_range("AA@50,KK@20")
    used = set(omaha.parse_cards("As2sKd3h7h8d9cTs"))
    keep = [not used & set(h) for h in holes.holes.tolist()]
    weights = np.rint(holes.weights[keep] * 10).astype(int)
    assert r.deals == int(weights.sum()) * 40
    assert all(isinstance(c, int) for p in r for c in p.outcomes.values())


def test_ranges_that_keep_colliding_are_an_argument_error() -> None:
    # Monte Carlo (method "auto" here) raised a bare ValueError from the compiled core.
    with pytest.raises(omaha.errors.ArgumentError, match="leave almost no deal"):
        omaha.equity(["(AhAs)", "(AhAs)"], board="Qs7h2c", samples=100)
