"""The range syntax (docs/ranges.md): parse_range, Range, RangeSyntaxError, format_range.

* every count the spec states, as its own test;
* conformance: over 80 range texts covering every construct, the holes and
  weights of all 270,725 four-card holes equal those of an independent
  brute-force oracle (tests/range_oracle.py), and so do those of seeded
  samples of 5- and 6-card holes;
* every error of §12 with its exact position;
* Hypothesis: ``A:B``, ``A!B`` and ``A,B`` (and ``@N``) are intersection,
  difference and union of the parts, weights per §9; format_range round-trips;
* percent ranges against an injected preflop ordering (§10), the class
  machinery against the oracle's own classes, and the preflop seam's errors.
"""

from __future__ import annotations

import doctest
import inspect
import pickle
import random
import subprocess
import sys
from collections.abc import Callable
from math import comb
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import omaha
import range_oracle as ro
from omaha import (
    InvalidCardError,
    OmahaError,
    PreflopTableError,
    Range,
    RangeSyntaxError,
    _holes,
    _suit_classes,
    format_range,
    parse_range,
    preflop,
)
from omaha.errors import ArgumentError, GameError, quote
from omaha.ranges import _matching, _syntax
from range_rows import dense, row_keys, weights_of

TOTAL = {k: comb(52, k) for k in (4, 5, 6)}


@pytest.fixture(scope="module")
def oracle4() -> ro.Oracle:
    return ro.Oracle(ro.all_holes(4))


# ------------------------------------------------------------------ the spec's counts

SPEC_COUNTS_4 = [
    ("AKs", 4_610),  # §3
    ("AA", 6_961),
    ("AA!AAA", 6_768),
    ("*", 270_725),
    ("****", 270_725),
    ("AxAyxy", 864),
    ("sshh", 6_084),
    ("wxy", 186_745),
    ("wxyz", 28_561),
    ("RRON", 82_368),
    ("RxRyOxOy", 468),
    ("ssxx", 18_252),
    ("AARR", 432),
    ("AsAs", 0),
    ("RR[A,K]", 25_854),
    ("KK-99", 34_445),  # §4
    ("AKQJ-9876", 1_536),
    ("AK+", 17_316),
    ("[KK-QQ][77-66]", 144),
    ("[KK-QQ]RR", 828),
    ("[A,K]QJ", 5_440),  # §5
    ("[A-T][A-T][A-T][A-T]", 4_845),
    ("[As,Kh]", 40_425),
    ("[s,h][s,h][s,h][s,h]", 14_950),
    ("[A,K]x[Q,J]x", 18_724),
    ("{AKQ*}", 2_560),  # §6
    ("{****}", 183_040),
    ("$s", 242_164),  # §7
    ("$o", 267_865),
    ("$ds", 36_504),
    ("$ss", 158_184),
    ("$np", 183_040),
    ("TT+!AA", 27_484),  # §8
    ("AA:xxyy, JJ!JJJ, KK", 14_545),
    ("AA@50,KK@20", 13_886),  # §9
]


@pytest.mark.parametrize(("text", "count"), SPEC_COUNTS_4, ids=[t for t, _ in SPEC_COUNTS_4])
def test_spec_counts_4_cards(text: str, count: int) -> None:
    assert len(parse_range(text)) == count


def test_spec_counts_5_cards() -> None:
    assert len(parse_range("$ds", hole_count=5)) == 1_216_800  # §7
    assert len(parse_range("AAAA*", hole_count=5)) == 48  # legal on 5 cards (§3)
    assert len(parse_range("AAAAA", hole_count=5)) == 0  # legal, empty
    assert len(parse_range("*", hole_count=5)) == TOTAL[5]


def test_spec_weight_sum() -> None:
    r = parse_range("AA@50,KK@20")  # §9
    assert (len(r), r.weight_sum) == (13_886, 4_865.5)


def test_spec_named_shapes() -> None:
    def shapes(text: str) -> set[tuple[int, ...]]:
        return {tuple(sorted({c >> 2 for c in row})) for row in parse_range(text).holes.tolist()}

    assert shapes("AKQJ-9876") == {tuple(range(r - 3, r + 1)) for r in range(7, 13)}  # six
    assert dense(parse_range("TT+")).tolist() == dense(parse_range("TT,JJ,QQ,KK,AA")).tolist()
    assert len(parse_range("KxQx-9x8x")) == len(parse_range("KxQx,QxJx,JxTx,Tx9x,9x8x"))
    assert (
        dense(parse_range("9876-")).tolist()
        == dense(parse_range("9876,8765,7654,6543,5432")).tolist()
    )
    assert dense(parse_range("T8+")).tolist() == dense(parse_range("T8,J9,QT,KJ,AQ")).tolist()
    assert (
        dense(parse_range("[KK-QQ][77-66]")).tolist()
        == dense(parse_range("KK77,KK66,QQ77,QQ66")).tolist()
    )
    assert "AsAhAdKc" in parse_range("RR[A,K]")  # the §3 Decision's example


# ------------------------------------------------------------------ conformance

CONFORMANCE = [
    # §2 characters: case, whitespace
    "aKs",
    " A A , k k ",
    "rRoN",
    # §3 patterns
    "AKs",
    "AA",
    "AA!AAA",
    "*",
    "****",
    "AxAyxy",
    "sshh",
    "wxy",
    "wxyz",
    "RRON",
    "RxRyOxOy",
    "ssxx",
    "AARR",
    "AsAs",
    "RR[A,K]",
    "AsRx",
    "*s*s",
    "xxx",
    "RRR",
    "Rx*x",
    "AhRR",
    "BBEE",
    "sx",
    "Rs",
    "GhIh",
    # §4 spans
    "KK-99",
    "99-KK",
    "AKQJ-9876",
    "KxQx-9x8x",
    "TT+",
    "9876-",
    "T8+",
    "AK+",
    "AKs-",
    "KsQh-JsTh",
    "Ax-Kx",
    "[KK-QQ][77-66]",
    "[KK-QQ]RR",
    "[KK-QQ]s",
    "[65+]R",
    "[KxQx-JxTx]x",
    "[As-Ks]",
    # §5 lists
    "[A,K]QJ",
    "[A-T][A-T][A-T][A-T]",
    "[As,Kh]",
    "[s,h][s,h][s,h][s,h]",
    "[T+][5-]",
    "[A,K]x[Q,J]x",
    "[A]",
    "[A-T]",
    "[As]",
    "[T+]",
    "[A,K]s",
    "[A,K]sx",
    "[A,Ks]s",
    "[A,s]x",
    "[2-5]x[2-5]x",
    # §6 braces
    "{AKQ*}",
    "{****}",
    "{[A-T][A-T]}**",
    "{AA}",
    "{xx}",
    "{Rx}Ox",
    "{[KQ-QJ]}*",
    # §7 macros
    "$s",
    "$o",
    "$ds",
    "$ss",
    "$np",
    "$Bx$Bx",
    "$M$Z",
    "$L$L$L",
    "$N$F",
    "$Rs$W",
    "AA:$ds",
    # §8 combining
    "AA,KK:xxyy",
    "TT+!AA",
    "AA:xxyy, JJ!JJJ, KK",
    "(AA,KK):(xxyy,$ss)",
    "AA:KK:QQ",
    "AA!KK:xxyy",
    "*!RR",
    "(AA!(KK,QQ)),JJ",
    # §9 weights
    "AA@50,KK@20",
    "(AA,KK)@50,QQ@10",
    "AA:xxyy@50",
    "(AA@50,KK@20):$ds",
    "AA@30,AA!AAA@90",
    "AA!(AAA@50)",
    "$ds:(AA@50,KK@20)",
    "((AA@50,KK@20),QQ@100)",
    "(AA@50,KK@20),(QQ,JJ)@70",
    "AA!(AAA@50)@10",
    "AA:(KK@30)",
]


def test_conformance_covers_enough() -> None:
    assert len(set(CONFORMANCE)) == len(CONFORMANCE) >= 60


@pytest.mark.slow
@pytest.mark.parametrize("text", CONFORMANCE)
def test_conformance_all_4_card_holes(text: str, oracle4: ro.Oracle) -> None:
    expected = np.array(oracle4.weights(text))
    got = dense(parse_range(text))
    assert np.count_nonzero(got) == np.count_nonzero(expected)
    assert (got == expected).all()


def _sample(k: int, n: int, seed: int) -> list[tuple[int, ...]]:
    rng = random.Random(seed)
    return [tuple(sorted(rng.sample(range(52), k))) for _ in range(n)]


def _near(r: Range, n: int, seed: int) -> list[tuple[int, ...]]:
    """Members of r and holes one card away from members (where mistakes hide)."""
    rng = random.Random(seed)
    if not len(r):
        return []
    out = []
    for _ in range(n):
        row = r.holes[rng.randrange(len(r))].tolist()
        out.append(tuple(row))
        changed = set(row)
        changed.discard(rng.choice(row))
        changed.add(rng.choice([c for c in range(52) if c not in changed]))
        out.append(tuple(sorted(changed)))
    return out


@pytest.fixture(scope="module")
def sample5() -> ro.Oracle:
    return ro.Oracle(_sample(5, 1000, seed=5))


@pytest.mark.parametrize("text", CONFORMANCE)
def test_conformance_5_card_sample(text: str, sample5: ro.Oracle) -> None:
    r = parse_range(text, hole_count=5)
    assert sample5.weights(text) == weights_of(r, sample5.holes)
    near = _near(r, 150, seed=len(text))
    assert ro.Oracle(near).weights(text) == weights_of(r, near)


@pytest.mark.parametrize(
    "text",
    [
        "wxyz",
        "{AKQ*}",
        "RxRyOxOy",
        "[KK-QQ]RR",
        "$ss",
        "AA@30,AA!AAA@90",
        "{*****}*",
    ],
)
def test_conformance_6_card_sample(text: str) -> None:
    r = parse_range(text, hole_count=6)
    holes = _sample(6, 150, seed=6) + _near(r, 50, seed=7)
    assert ro.Oracle(holes).weights(text) == weights_of(r, holes)


def test_6_card_counts() -> None:
    assert len(parse_range("AA", hole_count=6)) == TOTAL[6] - comb(48, 6) - 4 * comb(48, 5)
    rainbow_or_more = sum((-1) ** j * comb(4, j) * comb(52 - 13 * j, 6) for j in range(4))
    assert len(parse_range("wxyz", hole_count=6)) == rainbow_or_more
    assert len(parse_range("AAAA**", hole_count=6)) == comb(48, 2)


# ------------------------------------------------------------------ errors (§12)

ERRORS = [
    # the table of §12
    ("", 0, "empty range"),
    ("AA,", 3, "a sub-range was expected after ','"),
    ("[A,K", 4, "']' expected to close the '[' at 0"),
    ("10s9s8s7s", 0, "'1' is not a rank; write 'T'"),
    ("AA@0", 2, "weight 0 outside 1..100"),
    ("AA@50,KK", 6, "sub-range without a weight in a weighted list"),
    ("KK-QJ", 0, "span sides differ in shape"),
    ("AKQJT", 0, "pattern has 5 cards, holes have 4"),
    # §12 "also errors"
    ("AA@50:xxyy", 5, "a weight ends its sub-range"),
    ("!AA", 0, "there is no unary '!'"),
    ("[AKQ]", 4, "a bracket without commas holds one list item or a span"),
    ("$xx", 1, "unknown macro"),
    ("()", 1, "a sub-range was expected after '('"),
    ("{}", 1, "empty braces"),
    ("{A{K}}", 2, "braces cannot be nested"),
    ("15%-5%", 0, "percent range 15%-5% runs backwards"),
    # §2
    ("A#", 1, "unexpected character '#'"),
    ("AAé", 2, "unexpected character 'é'"),
    ("  ", 2, "empty range"),
    ("AA ,  ", 6, "a sub-range was expected after ','"),
    ("A A @ 0", 4, "weight 0 outside 1..100"),
    ("0s", 0, "'0' is not a rank"),
    ("[10,9]", 1, "'1' is not a rank; write 'T'"),
    # §3
    ("AAAA*", 0, "pattern has 5 cards, holes have 4"),
    ("AA$ds", 2, "the hand macro '$ds' is a whole sub-range"),
    ("$dsAA", 3, "'A' cannot follow a sub-range here"),
    # §4
    ("RR+", 0, "the variable 'R' cannot be in a span"),
    ("A*+", 1, "'*' cannot be in a span"),
    ("A[K,Q]+", 1, "a list cannot be in a span"),
    ("A$B+", 1, "a macro cannot be in a span"),
    ("{AK}+", 0, "braces cannot be in a span"),
    ("sA+", 0, "a span holds ranks, each with an optional suit"),
    ("KK-QQJ", 0, "span sides differ in length"),
    ("KsQh-9h8s", 0, "span sides differ in suits"),
    ("KK-99x", 0, "span sides differ in suits"),
    ("KK+x", 3, "text after a span"),
    ("KK-99[A,K]", 5, "a list cannot be in a span"),
    ("KK-99(AA)", 5, "text after a span"),
    ("[KK-QJ]", 1, "span sides differ in shape"),
    ("[RR+]", 1, "the variable 'R' cannot be inside brackets"),
    ("[KK-QQ,AA]", 6, "a span cannot be a list item"),
    ("AKQJT+", 0, "pattern has 5 cards, holes have 4"),
    # §5
    ("[]", 1, "empty list"),
    ("[A,]", 3, "empty list item"),
    ("[,A]", 1, "empty list item"),
    ("[R]", 1, "the variable 'R' cannot be inside brackets"),
    ("[x]", 1, "the variable 'x' cannot be inside brackets"),
    ("[*]", 1, "'*' cannot be inside brackets"),
    ("[[A]]", 1, "brackets cannot be nested"),
    ("[{A}]", 1, "braces cannot be inside brackets"),
    ("[$B]", 1, "macros cannot be inside brackets"),
    ("[A,KQ]", 4, "expected ',' or ']' in the list opened at 0"),
    ("[A", 2, "']' expected to close the '[' at 0"),
    # §6
    ("{AK", 3, "'}' expected to close the '{' at 0"),
    ("AA}", 2, "unmatched '}'"),
    # §7
    ("$S", 1, "unknown macro"),
    ("$b", 1, "unknown macro"),
    ("$DS", 1, "unknown macro"),
    ("{$ds}", 1, "the hand macro '$ds' is a whole sub-range"),
    # §8
    ("AA:!KK", 3, "there is no unary '!'"),
    ("(AA", 3, "')' expected to close the '(' at 0"),
    ("(AA,KK", 6, "')' expected to close the '(' at 0"),
    ("AA)", 2, "unmatched ')'"),
    ("AA:", 3, "a sub-range was expected after ':'"),
    ("AA!", 3, "a sub-range was expected after '!'"),
    ("AA(KK)", 2, "'(' cannot follow a sub-range here"),
    ("AA,,KK", 3, "a sub-range was expected after ','"),
    # §9
    ("AA@", 3, "a weight 1..100 was expected after '@'"),
    ("AA@101", 2, "weight 101 outside 1..100"),
    ("AA@50.5", 5, "unexpected character '.'"),
    ("AA@" + "9" * 5000, 2, "weight 999"),
    ("AA@50@20", 5, "a sub-range takes one weight"),
    ("KK,AA@50", 0, "sub-range without a weight in a weighted list"),
    ("(AA@50,KK@20)@10", 13, "a weight on a sub-range that is already weighted"),
    ("$ds:(AA@50,KK@20)@10", 17, "a weight on a sub-range that is already weighted"),
    ("(AA@50,KK),QQ@10", 7, "sub-range without a weight in a weighted list"),
    ("(AA@50):xxyy,KK", 13, "sub-range without a weight in a weighted list"),
    # §10
    ("0%", 0, "percent 0% outside 1..100"),
    ("101%", 0, "percent 101% outside 1..100"),
    ("5%-101%", 3, "percent 101% outside 1..100"),
    ("1" + "0" * 5000 + "%", 0, "percent 1000"),
    ("2.5%", 1, "unexpected character '.'"),
    ("5%-", 3, "a percent (N%) was expected after '-'"),
    ("5%-10", 5, "a percent (N%) was expected after '-'"),
    ("15%AA", 3, "'A' cannot follow a sub-range here"),
    ("15%6hx", 5, "'x' cannot follow a sub-range here"),
    ("%", 0, "a sub-range was expected"),
]


@pytest.mark.parametrize(
    ("text", "position", "reason"), ERRORS, ids=[e[0][:24] or "empty" for e in ERRORS]
)
def test_syntax_errors(text: str, position: int, reason: str) -> None:
    with pytest.raises(RangeSyntaxError) as info:
        parse_range(text)
    err = info.value
    assert err.position == position, err
    assert reason in err.reason, err
    assert str(err) == f"{err.reason} (at position {position} in {quote(text)})"
    assert err.text == text


def test_numbers_may_have_leading_zeros() -> None:
    assert dense(parse_range("AA@050")).tolist() == dense(parse_range("AA@50")).tolist()
    assert parse_range("AA@0100").weight_sum == 6_961


def test_pattern_size_depends_on_hole_count() -> None:
    with pytest.raises(RangeSyntaxError, match="pattern has 6 cards, holes have 5") as info:
        parse_range("AKQJT9", hole_count=5)
    assert info.value.position == 0
    with pytest.raises(RangeSyntaxError, match="pattern has 7 cards, holes have 6"):
        parse_range("  [AKQ-KQJ]AKQJ", hole_count=6)
    assert len(parse_range("AKQJT9", hole_count=6)) == 4**6


def test_syntax_error_is_a_value_error_and_an_omaha_error() -> None:
    assert issubclass(RangeSyntaxError, ValueError)
    assert issubclass(RangeSyntaxError, OmahaError)
    assert omaha.RangeSyntaxError is omaha.errors.RangeSyntaxError
    err = RangeSyntaxError("empty range", "", 0)
    back = pickle.loads(pickle.dumps(err))
    assert (type(back), back.position, back.reason, str(back)) == (
        RangeSyntaxError, 0, "empty range", str(err)
    )  # fmt: skip


@pytest.mark.parametrize("hole_count", [3, 7, 0, True, 4.0, "4", None])
def test_bad_hole_count_is_an_argument_error(hole_count: Any) -> None:
    # An OmahaError and a ValueError, but no RangeSyntaxError: the text is not at fault.
    with pytest.raises(ArgumentError, match="hole_count must be 4, 5 or 6") as info:
        parse_range("AA", hole_count=hole_count)
    assert isinstance(info.value, ValueError) and not isinstance(info.value, RangeSyntaxError)


@pytest.mark.parametrize("game", ["HI", "lo", "", None, 8])
def test_bad_game_is_the_game_error_of_every_function(game: Any) -> None:
    with pytest.raises(GameError, match="game must be 'hi' or 'hilo'") as info:
        parse_range("AA", game=game)
    assert isinstance(info.value, ValueError) and not isinstance(info.value, RangeSyntaxError)


def test_hole_count_may_be_any_integer() -> None:
    assert parse_range("AA", hole_count=np.int64(5)).hole_count == 5  # type: ignore[arg-type]


def test_text_must_be_a_string() -> None:
    with pytest.raises(TypeError):
        parse_range(b"AA")  # type: ignore[arg-type]


# ------------------------------------------------------------------ the Range object (§13)


@pytest.mark.parametrize("k", [4, 5, 6])
def test_range_arrays(k: int) -> None:
    r = parse_range("AA:xxyy@50, KK@100", hole_count=k)
    assert isinstance(r, Range) and r.hole_count == k
    assert r.holes.dtype == np.uint8 and r.holes.shape == (len(r), k)
    assert r.weights.dtype == np.float64 and r.weights.shape == (len(r),)
    assert r.holes.flags.c_contiguous
    assert (np.diff(r.holes.astype(int), axis=1) > 0).all()  # each row ascending
    assert (np.diff(row_keys(r.holes)) > 0).all()  # rows unique and sorted
    assert ((r.weights > 0) & (r.weights <= 1)).all()
    assert set(r.weights.tolist()) == {0.5, 1.0}
    with pytest.raises(ValueError):
        r.holes[0, 0] = 0
    with pytest.raises(ValueError):
        r.weights[0] = 0.1


def test_empty_range() -> None:
    r = parse_range("AsAs")
    assert len(r) == 0 and r.holes.shape == (0, 4) and r.weights.shape == (0,)
    assert r.weight_sum == 0.0
    assert "AsAhKsKh" not in r


def test_weight_sum_is_exact() -> None:
    r = parse_range("AsAhKsKh@10,AsAhKsKd@20")
    assert r.weight_sum == 0.3  # 0.1 + 0.2 would be 0.30000000000000004
    r = parse_range("(AA!AAA)@33,KK!KKK@67,QQQ@1")
    count = dense(r)
    assert r.weight_sum == int(count.sum()) / 100
    assert isinstance(r.weight_sum, float)


def test_membership() -> None:
    r = parse_range("AA:xxyy")
    assert "AhAsKhKs" in r
    assert "KsAsKhAh" in r  # any order
    assert "as ah kh ks" in r  # as parse_cards reads it
    assert [51, 50, 47, 46] in r and (46, 47, 50, 51) in r
    assert np.array([46, 47, 50, 51], np.uint8) in r
    assert r.holes[0] in r
    assert "AhAsKhKd" not in r
    assert "AsAsKdKc" not in r  # a repeated card is simply not in the range
    assert [51, 51, 47, 46] not in r
    assert "AhAsKh" not in r and "AhAsKhKsQs" not in r  # wrong number of cards
    assert "" not in r
    with pytest.raises(InvalidCardError):
        "AhAsKhXx" in r  # noqa: B015
    with pytest.raises(InvalidCardError):
        [51, 50, 47, 52] in r  # noqa: B015
    with pytest.raises(InvalidCardError):
        5 in r  # noqa: B015
    five = parse_range("AA", hole_count=5)
    assert "AhAsKhKs2c" in five and "AhAsKhKs" not in five


def test_repr() -> None:
    assert repr(parse_range("AA@50")) == "<Range of 6,961 4-card holes, weight_sum 3,480.5>"


def test_weights_follow_section_9() -> None:
    def weight(text: str, hole: str) -> float:
        return weights_of(parse_range(text), [tuple(sorted(omaha.parse_cards(hole)))])[0] / 100

    # union: the largest weight offering the hole
    assert weight("AA@30,AA!AAA@90", "AsAh2c3d") == 0.9
    assert weight("AA@30,AA!AAA@90", "AsAhAd3d") == 0.3
    assert weight("AA@90,AA!AAA@30", "AsAh2c3d") == 0.9
    # intersection: the smaller (unweighted = 1)
    assert weight("(AA@50,KK@20):$ds", "KsKh2s2h") == 0.2
    assert weight("(AA@50,KK@20):$ds", "AsAh2s2h") == 0.5
    assert weight("(AA@50,KK@20):$ds", "AsAhKsKh") == 0.5  # in both: the larger, then min(., 1)
    assert weight("AA:(KK@30)", "AsAhKsKh") == 0.3
    # difference: the left weight; any hole of the right side goes, whatever its weight
    assert dense(parse_range("AA!(AAA@50)")).tolist() == dense(parse_range("AA!AAA")).tolist()
    assert weight("(AA@40,KK@20)!KKK", "AsAhKsKh") == 0.4
    # a weight applies to the whole chain before it
    assert dense(parse_range("AA:xxyy@50")).tolist() == dense(parse_range("(AA:xxyy)@50")).tolist()


# ------------------------------------------------------------------ Hypothesis: §8 and §9

BASES = [
    "AA", "KK", "AKs", "xxyy", "$ds", "RR", "{****}", "wxyz", "T9+", "ssxx",
    "AA!AAA", "[A-T]x[A-T]x", "QJT", "$np", "sshh", "[As,Kh]", "AxAyxy", "RRON", "*s*s",
]  # fmt: skip
_BASE_DENSE: dict[str, np.ndarray] = {}


def _base(text: str) -> np.ndarray:
    if text not in _BASE_DENSE:
        _BASE_DENSE[text] = dense(parse_range(text))
    return _BASE_DENSE[text]


Tree = tuple[str, bool, Callable[[], np.ndarray]]  # text, weighted, expected weights


def _leaves() -> st.SearchStrategy[Tree]:
    plain = st.sampled_from(BASES).map(lambda b: (b, False, lambda b=b: _base(b)))
    weighted = st.tuples(st.sampled_from(BASES), st.integers(1, 100)).map(
        lambda bw: (f"{bw[0]}@{bw[1]}", True, lambda b=bw[0], w=bw[1]: np.where(_base(b) > 0, w, 0))
    )
    return plain | weighted


def _combine(children: st.SearchStrategy[Tree]) -> st.SearchStrategy[Tree]:
    def build(op: str, a: Tree, b: Tree) -> Tree:
        (ta, wa, fa), (tb, wb, fb) = a, b
        if op == ":":
            return f"({ta}):({tb})", wa or wb, lambda: np.minimum(fa(), fb())
        if op == "!":
            return f"({ta})!({tb})", wa, lambda: np.where(fb() > 0, 0, fa())
        if wa != wb:  # all or none: weight the unweighted side at 100
            ta, tb = (ta, f"({tb})@100") if wa else (f"({ta})@100", tb)
        return f"({ta}),({tb})", wa or wb, lambda: np.maximum(fa(), fb())

    return st.tuples(st.sampled_from([":", "!", ","]), children, children).map(lambda t: build(*t))


TREES = st.recursive(_leaves(), _combine, max_leaves=5)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TREES)
def test_intersection_difference_union(tree: Tree) -> None:
    text, _, expected = tree
    r = parse_range(text)
    want = expected()
    assert dense(r).tolist() == want.tolist(), text
    assert r.weight_sum == int(want.sum()) / 100


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(BASES), st.sampled_from(BASES), st.integers(1, 100), st.integers(1, 100))
def test_binary_operators_on_weighted_parts(a: str, b: str, wa: int, wb: int) -> None:
    da, db = np.where(_base(a) > 0, wa, 0), np.where(_base(b) > 0, wb, 0)
    assert dense(parse_range(f"{a}@{wa},{b}@{wb}")).tolist() == np.maximum(da, db).tolist()
    assert dense(parse_range(f"({a}@{wa}):({b}@{wb})")).tolist() == np.minimum(da, db).tolist()
    assert dense(parse_range(f"({a}@{wa})!({b})")).tolist() == np.where(db > 0, 0, da).tolist()
    assert dense(parse_range(f"{a}:{b}")).tolist() == (np.minimum(_base(a), _base(b))).tolist()


# ------------------------------------------------------------------ format_range


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, TOTAL[4] - 1), st.integers(1, 100)), max_size=25))
def test_format_range_round_trips_written_holes(picks: list[tuple[int, int]]) -> None:
    holes = _holes.all_holes(4)
    want = np.zeros(TOTAL[4], np.int64)
    parts = []
    for i, w in picks:
        want[i] = max(want[i], w)
        parts.append(f"{omaha.format_cards(holes[i].tolist())}@{w}")
    r = parse_range(",".join(parts) or "AsAs")
    assert dense(r).tolist() == want.tolist()
    back = parse_range(format_range(r))
    assert back.holes.tolist() == r.holes.tolist() and back.weights.tolist() == r.weights.tolist()


@settings(max_examples=20, deadline=None)
@given(TREES.filter(lambda t: int(np.count_nonzero(t[2]())) <= 5_000))
def test_format_range_round_trips_parsed_ranges(tree: Tree) -> None:
    r = parse_range(tree[0])
    back = parse_range(format_range(r))
    assert back.holes.tolist() == r.holes.tolist() and back.weights.tolist() == r.weights.tolist()


@pytest.mark.parametrize("k", [5, 6])
def test_format_range_round_trips_more_cards(k: int) -> None:
    r = (
        parse_range("AAAA*@40,KKKK*@100", hole_count=k)
        if k == 5
        else parse_range("AAAAKK", hole_count=6)
    )
    back = parse_range(format_range(r), hole_count=k)
    assert back.holes.tolist() == r.holes.tolist() and back.weights.tolist() == r.weights.tolist()


# ------------------------------------------------------------------ classes (§10)


def test_four_card_classes_against_the_oracle() -> None:
    rows, sizes = _suit_classes.canonical_classes(4)
    assert rows.shape == (16_432, 4) and rows.dtype == np.uint8
    assert int(sizes.sum()) == TOTAL[4] and (sizes >= 1).all()
    assert (np.diff(row_keys(rows)) > 0).all()  # class ids follow ascending canonical rows
    for row in rows.tolist():
        assert ro.canonical_row(tuple(row)) == tuple(row)
    # the class of every hole is the oracle's class
    (block,) = _holes.hole_blocks(4)
    ids = _suit_classes.class_ids(block)
    pairs = {(ro.class_key(h), int(i)) for h, i in zip(ro.all_holes(4), ids.tolist(), strict=True)}
    assert len(pairs) == 16_432 and len({k for k, _ in pairs}) == 16_432
    assert np.bincount(ids, minlength=16_432).tolist() == sizes.tolist()
    first = [int(np.flatnonzero(ids == i)[0]) for i in (0, 1, 16_431)]
    assert [block.codes[f].tolist() for f in first] == [rows[i].tolist() for i in (0, 1, 16_431)]


def test_five_card_classes() -> None:
    rows, sizes = _suit_classes.canonical_classes(5)
    assert len(rows) == _suit_classes.CLASS_COUNTS[5] == 134_459
    assert int(sizes.sum()) == TOTAL[5]
    (block,) = _holes.hole_blocks(5)
    ids = _suit_classes.class_ids(block)
    for i in random.Random(55).sample(range(TOTAL[5]), 300):
        hole = tuple(block.codes[i].tolist())
        assert tuple(rows[ids[i]].tolist()) == ro.canonical_row(hole)


@pytest.mark.slow
def test_six_card_classes() -> None:
    rows, sizes = _suit_classes.canonical_classes(6)
    assert len(rows) == _suit_classes.CLASS_COUNTS[6] == 962_988
    assert int(sizes.sum()) == TOTAL[6]
    for row in rows[::50_000].tolist():
        assert ro.canonical_row(tuple(row)) == tuple(row)


# ------------------------------------------------------------------ percent ranges (§10)


def _fake_equity_of_row(row: tuple[int, ...]) -> float:
    """A made-up ordering with many ties (so the tie-break matters)."""
    return (sum(c >> 2 for c in row) % 17) / 17


def _fake_class_equity(game: str, hole_count: int) -> np.ndarray:
    rows, _ = _suit_classes.canonical_classes(hole_count)
    return np.array([_fake_equity_of_row(tuple(r)) for r in rows.tolist()], np.float64)


@pytest.fixture
def fake_table(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    calls: list[tuple[str, int]] = []

    def class_equity(game: str, hole_count: int) -> np.ndarray:
        calls.append((game, hole_count))
        return _fake_class_equity(game, hole_count)

    monkeypatch.setattr(preflop, "class_equity", class_equity)
    return calls


@pytest.fixture(scope="module")
def percent_oracle() -> Callable[[int, int], set[tuple[int, ...]]]:
    return ro.percent_sets(4, _fake_equity_of_row)  # type: ignore[return-value]


PERCENTS = ["1%", "10%", "15%", "50%", "99%", "100%", "5%-10%", "1%-100%", "10%6h", "5%-10%6H",
            "33%-33%", "10%:AA", "(10%)@50,KK@20", "50%!25%", "26%-50%", "10%,$ds"]  # fmt: skip


@pytest.mark.parametrize("text", PERCENTS)
def test_percent_ranges_against_the_oracle(
    text: str, fake_table: list[Any], oracle4: ro.Oracle, percent_oracle: Any
) -> None:
    oracle4.percent_order = percent_oracle
    try:
        expected = np.array(oracle4.weights(text))
    finally:
        oracle4.percent_order = None
    assert dense(parse_range(text)).tolist() == expected.tolist()


def test_percent_semantics(fake_table: list[Any]) -> None:
    (block,) = _holes.hole_blocks(4)
    ids = _suit_classes.class_ids(block)
    _, sizes = _suit_classes.canonical_classes(4)
    equity = _fake_class_equity("hi", 4)
    order = sorted(range(len(sizes)), key=lambda c: (-equity[c], c))
    for n in (1, 7, 10, 50, 100):
        chosen = dense(parse_range(f"{n}%")) > 0
        classes = set(ids[chosen].tolist())
        assert int(sizes[list(classes)].sum()) == int(chosen.sum())  # whole classes
        assert classes == set(order[: len(classes)])  # a prefix of the order
        assert 100 * int(chosen.sum()) >= n * TOTAL[4]  # at least n%
        shorter = int(chosen.sum()) - int(sizes[order[len(classes) - 1]])
        assert 100 * shorter < n * TOTAL[4]  # the shortest such prefix
    assert len(parse_range("1%-100%")) == len(parse_range("100%")) == TOTAL[4]
    assert (dense(parse_range("5%-10%")) > 0).tolist() == (
        (dense(parse_range("10%")) > 0) & ~(dense(parse_range("4%")) > 0)
    ).tolist()
    assert dense(parse_range("1%-10%")).tolist() == dense(parse_range("10%")).tolist()


def test_percent_ties_take_ascending_canonical_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(preflop, "class_equity", lambda game, k: np.zeros(16_432))
    _, sizes = _suit_classes.canonical_classes(4)
    cum = np.cumsum(sizes)
    first = int(np.searchsorted(cum * 100, TOTAL[4], side="left")) + 1
    r = parse_range("1%")
    assert len(r) == int(cum[first - 1])
    assert r.holes[0].tolist() == [0, 1, 2, 3]  # class 0 first


def test_percent_game_and_hole_count_reach_the_table(fake_table: list[tuple[str, int]]) -> None:
    parse_range("10%", game="hilo")
    assert fake_table == [("hilo", 4)]
    r = parse_range("10%", hole_count=5)
    assert fake_table[-1] == ("hi", 5)
    assert 100 * len(r) >= 10 * TOTAL[5]
    _, sizes = _suit_classes.canonical_classes(5)
    (block,) = _holes.hole_blocks(5)
    ids = _suit_classes.class_ids(block)
    chosen = np.zeros(TOTAL[5], bool)
    chosen[np.searchsorted(row_keys(block.codes), row_keys(r.holes))] = True
    classes = np.unique(ids[chosen])
    assert int(sizes[classes].sum()) == len(r)  # whole classes


@pytest.mark.parametrize("k", [5, 6])
def test_no_preflop_table_is_a_clear_error(k: int) -> None:
    # Only 4-card Omaha has a table: percent ranges of 5 and 6 cards are refused by name.
    with pytest.raises(PreflopTableError, match=rf"no preflop table for {k}-card holes"):
        parse_range("10%", hole_count=k)
    assert issubclass(PreflopTableError, OmahaError)
    with pytest.raises(RangeSyntaxError):  # the text is read (and rejected) first
        parse_range("10%,", hole_count=k)


def test_a_damaged_table_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table file unreadable: the preflop module's own error reaches the caller."""

    def unreadable(game: str, hole_count: int) -> np.ndarray:
        raise PreflopTableError("the preflop table file is damaged")

    monkeypatch.setattr(preflop, "class_equity", unreadable)
    with pytest.raises(PreflopTableError, match="damaged"):
        parse_range("10%")


def test_preflop_provider_contract(monkeypatch: pytest.MonkeyPatch) -> None:
    # ranges imports omaha.preflop plainly and calls preflop.class_equity when a
    # percent range is read: what it returns is checked.
    def too_short(game: str, hole_count: int) -> np.ndarray:
        return np.zeros(10)

    monkeypatch.setattr(preflop, "class_equity", too_short)
    with pytest.raises(PreflopTableError, match=r"expected one per class \(16432,\)"):
        parse_range("10%")

    def nan(game: str, hole_count: int) -> np.ndarray:
        return np.full(_suit_classes.CLASS_COUNTS[hole_count], np.nan)

    monkeypatch.setattr(preflop, "class_equity", nan)
    with pytest.raises(PreflopTableError, match="not finite"):
        parse_range("10%")


# ------------------------------------------------------------------ the package


def test_exports_are_lazy_and_numpy_free_at_import() -> None:
    code = (
        "import sys, omaha\n"
        "assert 'omaha.ranges' not in sys.modules and 'numpy' not in sys.modules\n"
        "r = omaha.parse_range('AA')\n"
        "print(len(r), type(r).__name__, omaha.Range is type(r), omaha.format_range.__name__)\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["6961", "Range", "True", "format_range"]


def test_public_api_is_documented_and_annotated() -> None:
    import omaha.ranges as mod

    assert mod.__all__ == sorted(mod.__all__)
    for name in mod.__all__:
        assert name in omaha.__all__
        obj = getattr(mod, name)
        assert obj.__doc__ and obj.__doc__.strip(), name
        if inspect.isfunction(obj):
            sig = inspect.signature(obj)
            assert sig.return_annotation is not inspect.Signature.empty
            assert all(p.annotation is not inspect.Parameter.empty for p in sig.parameters.values())
    assert "docs/ranges.md" in (parse_range.__doc__ or "")


@pytest.mark.parametrize("name", ["omaha.ranges", "omaha._suit_classes", "omaha.errors"])
def test_docstring_examples(name: str) -> None:
    mod = sys.modules.get(name) or __import__(name, fromlist=["_"])
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    failures: list[str] = []
    for test in doctest.DocTestFinder().find(mod, name):
        if test.examples and test.name.startswith(name):
            runner.run(test, out=failures.append)
    assert not failures, "\n".join(failures)


# ------------------------------------------------------------------ robustness

ALPHABET = "AKQJT98765432shdcwxyzRONBEF*[]{}(),:!@+-%$10 .#é"


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=14))
def test_any_text_parses_or_raises_a_syntax_error(text: str) -> None:
    try:
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(preflop, "class_equity", _fake_class_equity)
            r = parse_range(text)
    except RangeSyntaxError as err:
        assert 0 <= err.position <= len(text)
        assert err.reason and f"at position {err.position}" in str(err)
    else:
        assert r.holes.shape == (len(r), 4)
        assert ((r.weights > 0) & (r.weights <= 1)).all()


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="AKQ2shxyRO*[],-+{}$ds@5%:!()", min_size=1, max_size=12))
def test_whitespace_and_case_do_not_matter(text: str) -> None:
    def outcome(t: str) -> object:
        try:
            r = parse_range(t)
        except RangeSyntaxError:
            return "error"  # the message quotes the text, so it may differ
        return r.holes.tolist(), r.weights.tolist()

    spaced = " ".join(text)
    assert outcome(spaced) == outcome(text)
    if "$" not in text:  # macro names are case-sensitive (§7)
        assert outcome(text.swapcase()) == outcome(text)


# ------------------------------------------- depth, length and other tools (issue 17)


def test_parentheses_deeper_than_the_limit_are_a_syntax_error_not_a_recursion_error() -> None:
    from omaha.ranges import MAX_DEPTH

    assert len(parse_range("(" * MAX_DEPTH + "AA" + ")" * MAX_DEPTH)) == 6961
    text = "(" * 250 + "AA" + ")" * 250
    with pytest.raises(RangeSyntaxError) as info:
        parse_range(text)
    assert info.value.position == MAX_DEPTH
    assert "nest more than 50 deep" in info.value.reason
    assert "a text of 502 characters" in str(info.value)


@pytest.mark.parametrize("op", [":", "!"])
def test_a_chain_of_any_length_is_evaluated(op: str) -> None:
    # A left-deep chain of 1,000 links once overflowed the evaluator's stack.
    r = parse_range("AA" + f"{op}AA" * 1000)
    assert len(r) == (6961 if op == ":" else 0)
    r = parse_range("*" + "!AA" * 1000 + ":$ds")
    assert len(r) == len(parse_range("*!AA:$ds"))


def test_a_long_list_of_equal_and_of_written_out_members_reads_the_same() -> None:
    assert np.array_equal(parse_range(",".join(["AK"] * 500)).holes, parse_range("AK").holes)
    r = parse_range("AA@50,KK@20")
    back = parse_range(format_range(r))
    assert np.array_equal(back.holes, r.holes) and np.array_equal(back.weights, r.weights)
    # written-out holes mixed with patterns, in either case, with a repeated card
    mixed = parse_range("asahkskh, QQ, AsAsKdKc, AhAsKhKs")
    assert np.array_equal(mixed.holes, parse_range("AsAhKsKh,QQ").holes)


@pytest.mark.parametrize(
    ("text", "position"),
    [("AsAhKsKh,AA@50", 0), ("AA@50,AsAhKsKh", 6), ("KK@50,AsAhKsKh,QQ@50", 6)],
)
def test_a_written_out_hole_is_an_unweighted_member(text: str, position: int) -> None:
    with pytest.raises(RangeSyntaxError, match="without a weight") as info:
        parse_range(text)
    assert info.value.position == position


def test_reading_back_every_hole_is_exact_and_linear() -> None:
    everything = parse_range("*")
    back = parse_range(format_range(everything))
    assert np.array_equal(back.holes, everything.holes)


@pytest.mark.parametrize(
    ("text", "hint"),
    [("AK**ds", "'AK:$ds'"), ("AAKKds", "'AAKK:$ds'"), ("AKQJss", "'AKQJ:$ss'")],
)
def test_another_tools_suit_suffix_points_to_the_macro(text: str, hint: str) -> None:
    with pytest.raises(RangeSyntaxError) as info:
        parse_range(text)
    assert "pattern has 5 cards, holes have 4" in info.value.reason
    assert "looks like another tool's syntax" in info.value.reason and hint in info.value.reason
    # and the advice holds: it is a range
    assert len(parse_range(hint.strip("'"))) > 0
    with pytest.raises(RangeSyntaxError) as plain:
        parse_range("AKQJT")
    assert "another tool" not in plain.value.reason


def test_counting_matches_the_search_on_patterns_of_disjoint_or_equal_sets() -> None:
    # The counting path (no variables or braces, card sets equal or disjoint)
    # against the search it replaces, over every 5-card hole.
    for text in ("AA", "AAK", "AsK", "[A,K]Q", "AhKh*", "2c3c4c5c", "AAA", "$MQ", "ss", "hs"):
        node = _syntax._Parser(text, 5, "hi").parse()
        assert isinstance(node, _matching.Pattern)
        plans = [_matching._plan(inst) for inst in node.instances]
        for block in _holes.hole_blocks(5):
            ctx = _matching._Context(block, {}, lambda p: np.zeros(0, bool))
            searched = block.zeros()
            for plan in plans:
                if plan is not None:
                    searched |= ctx.run(plan)
            counts = [_matching._counts(inst) for inst in node.instances]
            assert all(c is not None for c in counts), text
            counted = block.zeros()
            for c in counts:
                assert c is not None
                counted |= ctx.counted(c)
            assert np.array_equal(searched, counted), text
