"""A seeded mutation fuzzer of PHH files: the right result or an OmahaError, in time.

The PHH files of tests/data/phh (and those of ../shared/data/phh when that
folder is there: read in place, never copied) are mutated by a seeded
generator: bytes flipped, lines deleted or repeated, amounts edited (one
unit more, a digit more or less, a sign, another script's digit, an
exponent, ``NaN``, ...; the edits of tests/mutation.py), a field
set to a value of another kind or size (``_pots = 5``, ``month = 61``,
``_user = 1e999999999999``, 5,000 digits), and each file is cut after
every line. Each input must, within :data:`TIME_BOUND`,

- load (:func:`omaha.phh.load`), write (:func:`omaha.phh.dumps`) and read
  back to an equal hand whose text writes the same again, and replay to
  the same finishing stacks as its round trip or be refused by both with
  the same error; or
- be refused with an :class:`~omaha.errors.OmahaError`.

Anything else (another exception, a round trip that differs, a slow input)
is an escape and fails the test. A quick run is part of every test run;
the long run is marked ``slow``. Its counts on 2026-12-03: 51,606 inputs,
8,401 accepted, 43,205 refused, 0 escapes, the slowest 0.3 s.
"""

from __future__ import annotations

import io
import pathlib
import random
import time

import pytest

import conformance_corpus
from fuzz_scale import scaled
from mutation import Counts, cuts, mutants
from omaha import phh
from omaha.errors import OmahaError
from paths import DATA

OWN = sorted((DATA / "phh").glob("*.phh"))
SHARED_DIR = conformance_corpus.ROOT / "phh"  # ../shared/data/phh (OMAHA_SHARED_DATA overrides)
TIME_BOUND = 5.0
"""Seconds one input may take (load, write, read back, two replays); real ones take ms."""


def _replayed(history: phh.HandHistory) -> tuple[tuple[int, ...], None] | tuple[None, str]:
    """The replay's finishing stacks, or the error that refused it (its type and message)."""
    try:
        return phh.replay(history).finishing_stacks, None
    except OmahaError as exc:
        return None, f"{type(exc).__name__}: {exc}"


def check(data: bytes, name: str, counts: Counts) -> None:
    """Run one input and count it; an escape is recorded with the input's name."""
    counts.inputs += 1
    start = time.perf_counter()
    try:
        history = phh.load(io.BytesIO(data), name=name)
        written = phh.dumps(history)
        back = phh.loads(written, name=name)
        if back != history or phh.dumps(back) != written:
            counts.escapes.append(f"{name}: the PHH written reads back otherwise")
        first, again = _replayed(history), _replayed(back)
        if first != again:
            counts.escapes.append(f"{name}: the round trip replays otherwise: {first} {again}")
        if first[0] is None:
            counts.refused += 1
        else:
            counts.accepted += 1
    except OmahaError:
        counts.refused += 1
    except Exception as exc:  # the invariant: nothing else, ever
        counts.escapes.append(f"{name}: {type(exc).__name__}: {exc}"[:300])
    counts.timed(name, time.perf_counter() - start, TIME_BOUND)


# PHH's own kind of damage: a field set to a value of another kind or size.
_KEYS = (
    "_pots", "_fees", "_rake", "_total_pot", "_uncalled", "_cash_out", "_run_boards", "_chip",
    "_cap", "_hole_card_count", "_hand_cap", "_big_blind_ante", "_posted_blinds", "seats",
    "seat_count", "month", "day", "year", "time", "time_banks", "time_limit", "players",
    "winnings", "finishing_stacks", "_user", "hand", "table", "currency", "author",
)  # fmt: skip
_VALUES = (
    "5", "-5", "0", "nan", "inf", "-inf", "1e999999999999", "1e-999999999999", "1e99999",
    "0.0000001", "'x'", "true", "[]", "[5]", "[nan]", "[[1]]", "{}", "{a = 1}", "[{amount = 5}]",
    "[{amount = 1e999999}]", "12:30:00", "1979-05-27", "1" + "0" * 5000, "9" * 4000 + ".5",
    "'" + "p" + "9" * 5000 + "'", "[0.5, 0.5, 0.5, 0.5, 0.5]", "['a', 'b']",
)  # fmt: skip


def field_mutants(data: bytes, rng: random.Random, count: int) -> list[tuple[str, bytes]]:
    """Return ``count`` mutants that set one field (replacing it when the file has it)."""
    lines = data.split(b"\n")
    out = []
    for _ in range(count):
        key, value = rng.choice(_KEYS), rng.choice(_VALUES)
        kept = [line for line in lines if not line.startswith(key.encode() + b" =")]
        line = f"{key} = {value}".encode()
        out.append((f"set {key} = {value[:20]}", b"\n".join([*kept, line])))
    return out


def run(seed: int, per_file: int, cut_every_line: bool, files: list[pathlib.Path]) -> Counts:
    """Fuzz each file: ``per_file`` mutations, and every cut after a line if asked."""
    counts = Counts()
    rng = random.Random(seed)
    for path in files:
        data = path.read_bytes()
        check(data, path.name, counts)
        for what, mutant in [*mutants(data, rng, per_file), *field_mutants(data, rng, per_file)]:
            check(mutant, f"{path.name} ({what}, seed {seed})", counts)
        if cut_every_line:
            for what, cut in cuts(data):
                check(cut, f"{path.name} ({what})", counts)
    return counts


def _shared() -> list[pathlib.Path]:
    return sorted(SHARED_DIR.glob("*.phh")) if SHARED_DIR.is_dir() else []


def test_the_untouched_files_load_replay_and_round_trip() -> None:
    counts = Counts()
    for path in OWN:
        check(path.read_bytes(), path.name, counts)
    assert counts.escapes == [] and counts.accepted == len(OWN) > 0


def test_fuzz_quick() -> None:
    counts = run(seed=2026, per_file=100, cut_every_line=True, files=OWN)
    assert counts.escapes == [], counts.escapes[:10]
    assert counts.inputs > 400 and counts.refused > 0 and counts.accepted > 0


def test_fuzz_quick_shared_files() -> None:
    files = _shared()
    if not files:
        pytest.skip("../shared/data/phh is absent")
    counts = run(seed=7, per_file=10, cut_every_line=False, files=files)
    assert counts.escapes == [], counts.escapes[:10]


@pytest.mark.slow
def test_fuzz_long() -> None:
    totals = Counts()
    runs = [(seed, OWN) for seed in range(6)] + [(100 + seed, _shared()) for seed in range(2)]
    for seed, files in runs:
        counts = run(seed=seed, per_file=scaled(400), cut_every_line=seed in (0, 100), files=files)
        totals.add(counts)
    print("\n" + totals.summary("PHH fuzz"))
    assert totals.escapes == [], totals.escapes[:20]
