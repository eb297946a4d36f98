"""Range syntax benchmarks (pytest-benchmark): parse + match, docs/ranges.md.

Run: ``pytest bench/bench_ranges.py --benchmark-only`` (``--benchmark-disable``
runs each once as a smoke test). Each benchmark is one ``parse_range`` call:
parsing the text and matching it against every hole (270,725 for 4 cards,
2,598,960 for 5). The hole bitmaps are built before timing (first use);
``test_first_use`` times that build alone.
"""

from __future__ import annotations

from typing import Any

import pytest

from omaha import _holes, format_range, parse_range

RANGES = {
    "AA": 6_961,
    "AxAyxy": 864,
    "RRON": 82_368,
    "wxyz": 28_561,
    "{****}": 183_040,
    "$ds": 36_504,
    "$ss": 158_184,
    "KK-99": 34_445,
    "AKQJ-5432": 2_560,
    "[KK-QQ][77-66]": 144,
    "AA:xxyy, JJ!JJJ, KK": 14_545,
    "AA@50,KK@20": 13_886,
    "*": 270_725,
    "[AA-22][AA-22]": 2_821,
    "wxyz,RRON:$o,(AA,KK,QQ)!$ds": 101_857,
}


@pytest.fixture(scope="module", autouse=True)
def _blocks() -> None:
    for k in (4, 5):
        parse_range("AA", hole_count=k)


@pytest.mark.parametrize("text", list(RANGES), ids=list(RANGES))
def test_parse_range_4_cards(benchmark: Any, text: str) -> None:
    benchmark.group = "parse_range, 4 cards"
    r = benchmark.pedantic(parse_range, (text,), rounds=30, iterations=1, warmup_rounds=2)
    assert len(r) == RANGES[text]


@pytest.mark.parametrize("text", list(RANGES), ids=list(RANGES))
def test_parse_range_5_cards(benchmark: Any, text: str) -> None:
    benchmark.group = "parse_range, 5 cards"
    r = benchmark.pedantic(
        parse_range, (text,), {"hole_count": 5}, rounds=10, iterations=1, warmup_rounds=1
    )
    assert len(r) > 0


@pytest.mark.parametrize("text", ["AA", "wxyz", "{******}", "$ds"])
def test_parse_range_6_cards(benchmark: Any, text: str) -> None:
    benchmark.group = "parse_range, 6 cards (chunked)"
    r = benchmark.pedantic(parse_range, (text,), {"hole_count": 6}, rounds=3, iterations=1)
    assert len(r) > 0


@pytest.mark.parametrize("k", [4, 5])
def test_first_use(benchmark: Any, k: int) -> None:
    """The bitmaps of all k-card holes, built once per process on first use."""
    benchmark.group = "first use: hole bitmaps"
    holes = _holes.all_holes(k)
    block = benchmark.pedantic(_holes.Block, (holes,), rounds=5, iterations=1)
    assert block.n == len(holes)


def _long_list(members: int) -> str:
    """``members`` seeded patterns joined by commas (cards, ranks, variables, spans, holes)."""
    import random

    rng = random.Random(17)
    ranks, suits = "23456789TJQKA", "cdhs"

    def card() -> str:
        return rng.choice(ranks) + rng.choice(suits)

    kinds = [
        lambda: card() + card() + card(),
        lambda: card() + card(),
        lambda: "".join(rng.choice(ranks) for _ in range(rng.randrange(1, 5))),
        lambda: rng.choice(ranks) + "x" + rng.choice(ranks) + "yxy",
        lambda: rng.choice(ranks) + rng.choice(ranks) + "+",
        lambda: card() + card() + card() + card(),
    ]
    return ",".join(rng.choice(kinds)() for _ in range(members))


@pytest.mark.parametrize("members", [37_500, 150_000])
def test_parse_a_long_list(benchmark: Any, members: int) -> None:
    """Parsing is linear in the text: compare the time per character of the two sizes.

    On the reference machine (2 cores, shared): 150,000 members (887,403
    characters) 19.0 s before the single-pass reading of issue 17, 4.3 s after
    (4.8 us a character at both sizes); ``format_range(parse_range("*"))``
    (2.4 MB) read back 6.5 s before, 1.0 s after.
    """
    benchmark.group = "parse_range, long lists (time per character: linear)"
    text = _long_list(members)
    benchmark.extra_info["characters"] = len(text)
    r = benchmark.pedantic(parse_range, (text,), rounds=1, iterations=1)
    assert len(r) > 0


def test_read_back_every_hole(benchmark: Any) -> None:
    benchmark.group = "parse_range, long lists (time per character: linear)"
    text = format_range(parse_range("*"))
    benchmark.extra_info["characters"] = len(text)
    r = benchmark.pedantic(parse_range, (text,), rounds=1, iterations=1)
    assert len(r) == 270_725
