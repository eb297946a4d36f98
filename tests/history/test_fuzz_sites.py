"""A seeded mutation fuzzer of site hand-history files: the right result or an OmahaError.

Every file of tests/data/hh (real files whose licence allows it, and our
own) is mutated by a seeded generator: bytes flipped, lines deleted or
repeated, amounts edited (one unit more or less, a digit more or less, ten
times, a sign, another script's digit, an exponent, ``NaN``), and the file
cut after every line. Each input must, within a time bound, either

- be accepted: every hand's replay states the same amounts as the file
  (:func:`omaha.phh.replay` checks each stated collect, pot, rake, total
  and the finishing stacks), its PHH written reads back and replays the
  same, and no hand is lost (as many hands as the text starts); or
- be refused with an :class:`~omaha.errors.OmahaError`; an action the
  engine refuses on the replay names the file's line that states it (a
  run of seed 7, 200 mutants a file: 164 such refusals, each named by its line).

Anything else (another exception: a traceback) is an escape, and fails.
A quick run is part of every test run (well under 10 s); the long run is
marked ``slow`` (it fuzzes the shared corpus too, when present). Its counts
on 2026-12-03: 83,044 inputs, 24,082 accepted, 58,962 refused, 0 escapes;
the slowest input 0.3 s on a loaded machine.
"""

from __future__ import annotations

import pathlib
import random
import re
import time

import pytest

import conformance_corpus
from fuzz_scale import scaled
from mutation import Counts, cuts, mutants
from omaha import history, phh
from omaha.errors import OmahaError, ReplayActionError
from omaha.history.detect import START
from omaha.history.text import decode
from paths import DATA

FILES = sorted(p for p in (DATA / "hh").rglob("*") if p.is_file())
TIME_BOUND = 5.0
"""Seconds one input may take (import and replay); real ones take milliseconds."""

_STARTS = re.compile("^(?:" + "|".join(START.values()) + ")", re.MULTILINE)
"""A hand's first line, in every text format (the readers' own patterns)."""


def hand_starts(text: str) -> int:
    """How many hands a text starts (iPoker: ``<game`` tags)."""
    if "<session" in text[:4096]:
        return len(re.findall(r"<game\b", text))
    return sum(1 for line in text.split("\n") if _STARTS.match(line.rstrip()))


def replayed(hand: phh.HandHistory, name: str, counts: Counts) -> phh.Replay:
    """Replay an imported hand; a refused action must be named by the line that states it."""
    try:
        return phh.replay(hand)
    except ReplayActionError as exc:
        lines = hand.source_lines
        said = lines[exc.index] if lines is not None and exc.index < len(lines) else None
        if said is not None and (exc.line != said[0] or f", line {said[0]}: " not in str(exc)):
            counts.escapes.append(f"{name}: a refused action not named by its line: {exc}"[:300])
        raise


def check(data: bytes, name: str, counts: Counts) -> None:
    """Run one input and count it; an escape is recorded with the input's name."""
    counts.inputs += 1
    start = time.perf_counter()
    try:
        text = decode(data, name)
        cancelled: list[OmahaError] = []  # left out with a note: not lost
        hands = history.parse(text, name, on_cancelled=cancelled.append)
        for hand in hands:
            first = replayed(hand, name, counts)
            again = phh.replay(phh.loads(hand.dumps(), name=hand.name))
            if again.finishing_stacks != first.finishing_stacks:
                counts.escapes.append(f"{name}: the PHH written replays otherwise")
        if len(hands) + len(cancelled) != hand_starts(text):
            counts.escapes.append(f"{name}: {len(hands)} hands of {hand_starts(text)}: lost")
        counts.accepted += 1
    except OmahaError:
        counts.refused += 1
    except Exception as exc:  # the invariant: nothing else, ever
        counts.escapes.append(f"{name}: {type(exc).__name__}: {exc}"[:300])
    counts.timed(name, time.perf_counter() - start, TIME_BOUND)


def run(
    seed: int, per_file: int, cut_every_line: bool, files: list[pathlib.Path] = FILES
) -> Counts:
    """Fuzz every file (of tests/data/hh): ``per_file`` mutations, and every cut if asked."""
    counts = Counts()
    rng = random.Random(seed)
    for path in files:
        data = path.read_bytes()
        check(data, path.name, counts)
        for what, mutant in mutants(data, rng, per_file):
            check(mutant, f"{path.name} ({what}, seed {seed})", counts)
        if cut_every_line:
            for what, cut in cuts(data):
                check(cut, f"{path.name} ({what})", counts)
    return counts


def test_the_untouched_files_are_accepted() -> None:
    counts = Counts()
    for path in FILES:
        check(path.read_bytes(), path.name, counts)
    assert counts.escapes == [] and counts.accepted == len(FILES)


def test_fuzz_quick() -> None:
    counts = run(seed=2026, per_file=80, cut_every_line=False)
    assert counts.escapes == []
    assert counts.inputs > 1000 and counts.refused > 0 and counts.accepted > 0


def test_fuzz_quick_cuts_of_one_file_of_each_format() -> None:
    counts = Counts()
    seen: set[str] = set()
    for path in FILES:
        if path.parent.name in seen:
            continue
        seen.add(path.parent.name)
        for what, cut in cuts(path.read_bytes()):
            check(cut, f"{path.name} ({what})", counts)
    assert counts.escapes == []


@pytest.mark.slow
def test_fuzz_long() -> None:
    totals = Counts()
    shared = [conformance_corpus.ROOT / rel for rel in conformance_corpus.files()]
    runs = [(seed, FILES) for seed in range(8)]
    if conformance_corpus.available():  # the real files of ../shared (read there, never copied)
        runs += [(100 + seed, shared) for seed in range(2)]
    for seed, files in runs:
        counts = run(seed=seed, per_file=scaled(250), cut_every_line=seed in (0, 100), files=files)
        totals.add(counts)
    print("\n" + totals.summary("site fuzz"))
    assert totals.escapes == [], sorted(set(e.split(" (")[0] + e[-80:] for e in totals.escapes))
