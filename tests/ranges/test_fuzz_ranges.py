"""A grammar-aware fuzzer of range text: the right holes and weights, or a RangeSyntaxError.

Texts are drawn by a seeded generator from the grammar of docs/ranges.md
§14 (patterns of ranks, suits, variables, ``*``, lists, braces and rank
macros; spans; hand macros; ``,`` ``:`` ``!``, parentheses and weights),
and then some are damaged: a character inserted, deleted or replaced, the
text cut, nested past the depth limit, chained a thousand times, a weight
of thousands of digits. Each input must, within :data:`TIME_BOUND`,

- parse (:func:`omaha.parse_range`) to holes and weights that agree with
  the brute-force oracle of tests/range_oracle.py on a seeded sample of
  holes, and read back from :func:`omaha.format_range` to the same range; or
- be refused with a :class:`~omaha.RangeSyntaxError` whose position lies in
  the text (and no other exception, ever).

A quick run is part of every test run; the long run is marked ``slow``. Its
counts on 2026-12-03: 4,000 inputs, 2,726 accepted (2,327 of them checked
against the oracle), 1,274 refused, 0 escapes, the slowest 0.9 s.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
import time

import numpy as np
import pytest

import mutation
import range_oracle as ro
from fuzz_scale import scaled
from omaha import RangeSyntaxError, format_range, parse_range
from omaha.errors import OmahaError
from range_rows import weights_of

ROUND_TRIP_HOLES = 20_000
"""The largest range read back from its :func:`format_range` text."""
TIME_BOUND = 15.0
"""Seconds one input may take (parse, match, read back): most take milliseconds, the
longest (a list of 100 copies, a chain of 1,000 links) a second or two; the bound
catches a hang or a blow-up, with room for a loaded machine."""

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_VARS = "wxyz"
RANK_VARS = "BEFGILMNOPRUV"
RANK_MACROS = "BMZLNFRW"
HAND_MACROS = ("$ds", "$ss", "$np", "$s", "$o")
ALPHABET = RANKS + SUITS + SUIT_VARS + RANK_VARS.lower() + "*[]{}(),:!@+-%$0123456789 ."


@dataclasses.dataclass
class Counts(mutation.Counts):
    """What a run met: the fuzzers' counts, and the accepted texts compared with the oracle."""

    checked: int = 0

    def add(self, other: mutation.Counts) -> None:
        """Add another run's counts to these."""
        super().add(other)
        if isinstance(other, Counts):
            self.checked += other.checked


class Grammar:
    """Seeded draws of range text from the grammar (docs/ranges.md §14), small enough to fit."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def element(self) -> tuple[str, int]:
        """One element and its card count."""
        rng = self.rng
        kind = rng.randrange(8)
        if kind < 3:
            head = rng.choice(RANKS)
        elif kind == 3:
            head = rng.choice(RANK_VARS)
        elif kind == 4:
            head = "*"
        elif kind == 5:
            head = "$" + rng.choice(RANK_MACROS)
        elif kind == 6:
            items = rng.sample(RANKS, rng.randint(1, 3))
            head = "[" + ",".join(items) + "]"
        else:
            return rng.choice(SUITS + SUIT_VARS), 1
        tail = rng.choice(["", "", SUITS[rng.randrange(4)], SUIT_VARS[rng.randrange(4)]])
        return head + tail, 1

    def pattern(self) -> str:
        rng = self.rng
        size = rng.randint(1, 4)
        parts = [self.element()[0] for _ in range(size)]
        if size >= 2 and rng.random() < 0.15:
            a = rng.randrange(size - 1)
            parts[a] = "{" + parts[a]
            parts[a + 1] = parts[a + 1] + "}"
        return "".join(parts)

    def span(self) -> str:
        rng = self.rng
        length = rng.randint(1, 3)
        top = rng.randrange(length - 1, 13)
        ranks = sorted(rng.sample(range(top + 1), length), reverse=True)
        side = "".join(RANKS[r] * rng.choice([1, 1, 2]) for r in ranks)[:4]
        op = rng.choice(["+", "-", "-"])
        if op == "-" and rng.random() < 0.5:
            shift = rng.randint(1, 4)
            low = [RANKS.index(c) - shift for c in side]
            if min(low) >= 0:
                return side + "-" + "".join(RANKS[r] for r in low)
        return side + op

    def operand(self, depth: int) -> str:
        rng = self.rng
        kind = rng.random()
        if kind < 0.55 or depth > 2:
            return self.pattern()
        if kind < 0.7:
            return self.span()
        if kind < 0.8:
            return rng.choice(HAND_MACROS)
        return "(" + self.union(depth + 1, weighted=False) + ")"

    def chain(self, depth: int) -> str:
        text = self.operand(depth)
        for _ in range(self.rng.choice([0, 0, 1, 1, 2])):
            text += self.rng.choice(":!") + self.operand(depth)
        return text

    def union(self, depth: int = 0, weighted: bool | None = None) -> str:
        rng = self.rng
        if weighted is None:
            weighted = rng.random() < 0.2
        terms = []
        for _ in range(rng.choice([1, 1, 2, 3])):
            term = self.chain(depth)
            if weighted:
                term += f"@{rng.randint(1, 100)}"
            terms.append(term)
        return ",".join(terms)


def damage(text: str, rng: random.Random) -> str:
    """Return the text damaged one way (a character, a cut, nesting, a chain, digits)."""
    kind = rng.randrange(9)
    i = rng.randrange(len(text) + 1)
    if kind == 0:
        return text[:i] + rng.choice(ALPHABET) + text[i:]
    if kind == 1:
        return text[:i] + text[i + 1 :]
    if kind == 2:
        return text[:i] + rng.choice(ALPHABET) + text[i + 1 :]
    if kind == 3:
        return text[:i]
    if kind == 4:
        n = rng.choice([49, 50, 51, 250, 5000])
        return "(" * n + text + ")" * n
    if kind == 5:
        return text + rng.choice(":!") + (rng.choice(":!") + "AA") * rng.choice([300, 1000])
    if kind == 6:
        return text + "@" + "9" * rng.choice([4, 5000])
    if kind == 7:
        return text[:i] + rng.choice(["\ud800", "\u0663", "\x00", "\n", "  ", "ds", "%"]) + text[i:]
    return ",".join([text] * rng.choice([2, 100]))


def check(text: str, counts: Counts, oracle: ro.Oracle | None) -> None:
    """Run one text and count it; an escape is recorded with the text (cut short)."""
    counts.inputs += 1
    start = time.perf_counter()
    shown = repr(text[:80]) + ("..." if len(text) > 80 else "")
    try:
        r = parse_range(text)
        if len(r) <= ROUND_TRIP_HOLES:  # writing out every hole of a wide range takes seconds
            back = parse_range(format_range(r))
            same = np.array_equal(back.holes, r.holes) and np.array_equal(back.weights, r.weights)
            if not same:
                counts.escapes.append(f"{shown}: format_range does not read back")
        if len(r) and not ((r.weights > 0) & (r.weights <= 1)).all():
            counts.escapes.append(f"{shown}: a weight outside (0, 1]")
        if oracle is not None and len(text) < 100:
            try:
                node = ro.parse(text)
            except Exception:  # the oracle reads valid text only, and not every way of it
                node = None
            if node is not None:
                counts.checked += 1
                if weights_of(r, oracle.holes) != oracle.evaluate(node):
                    counts.escapes.append(f"{shown}: differs from the oracle")
        counts.accepted += 1
    except RangeSyntaxError as exc:
        counts.refused += 1
        if not 0 <= exc.position <= len(text):
            counts.escapes.append(f"{shown}: position {exc.position} outside the text")
    except OmahaError as exc:  # e.g. a preflop table missing: still a clear error
        counts.refused += 1
        counts.escapes.extend([f"{shown}: {type(exc).__name__}: {exc}"][: "%" not in text])
    except Exception as exc:  # the invariant: nothing else, ever
        counts.escapes.append(f"{shown}: {type(exc).__name__}: {exc}"[:300])
    counts.timed(shown, time.perf_counter() - start, TIME_BOUND)


def sample_oracle(seed: int, size: int) -> ro.Oracle:
    """The oracle over a seeded sample of 4-card holes (every hole takes minutes)."""
    rng = random.Random(seed)
    every: list[tuple[int, ...]] = list(itertools.combinations(range(52), 4))
    holes = sorted(rng.sample(every, size))
    return ro.Oracle(holes)


def run(seed: int, texts: int, oracle: ro.Oracle | None) -> Counts:
    """Draw ``texts`` texts from the grammar, about half of them damaged, and check each."""
    rng = random.Random(seed)
    grammar = Grammar(rng)
    counts = Counts()
    for _ in range(texts):
        text = grammar.union()
        if rng.random() < 0.5:
            text = damage(text, rng)
        check(text, counts, oracle if text.isascii() else None)
    return counts


def test_fuzz_quick() -> None:
    counts = run(seed=2026, texts=150, oracle=sample_oracle(2026, 300))
    assert counts.escapes == [], counts.escapes[:10]
    assert counts.accepted > 30 and counts.refused > 20 and counts.checked > 20


@pytest.mark.slow
def test_fuzz_long() -> None:
    totals = Counts()
    for seed in range(4):
        counts = run(seed=seed, texts=scaled(1000), oracle=sample_oracle(seed, 1000))
        totals.add(counts)
    print(
        f"\nrange fuzz: {totals.inputs} inputs, {totals.accepted} accepted "
        f"({totals.checked} checked against the oracle), {totals.refused} refused, "
        f"{len(totals.escapes)} escapes, slowest {totals.slowest:.3f} s"
    )
    assert totals.escapes == [], totals.escapes[:20]
