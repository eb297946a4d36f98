"""Site hand-history import and replay (pytest-benchmark): a 100,000-hand PokerStars file.

The file is built by repeating the real PokerStars hands of tests/data/hh
(cash Omaha Hi-Lo, pot-limit and fixed-limit) with new hand numbers, as a
tracker's year of play would be one long file. Measured, one thread:

- importing it (:func:`omaha.history.parse`: the text read, each hand made
  a PHH hand), hands/s;
- replaying the imported hands through the engine, every stated amount
  checked (:func:`omaha.phh.replay`), hands/s;
- the whole command, ``omaha import FILE -o out.phhs`` in its own process
  (read, replay-check, write each hand as it comes), hands/s and its peak
  memory (maximum resident set size) in ``extra_info["peak_rss_mb"]``.

Aim: at least 5,000 hands/s for the import. With ``--benchmark-disable``
(the CI smoke run) the file has 1,000 hands. Run::

    pytest bench/bench_history.py --benchmark-only
"""

from __future__ import annotations

import os
import pathlib
import re
import resource
import subprocess
import sys
from typing import Any

import pytest

from omaha import history, phh
from omaha.history.text import decode

HH = pathlib.Path(__file__).parent.parent / "tests" / "data" / "hh" / "pokerstars"
REAL = sorted(HH.glob("stars_*.txt"))  # the real files (own_* are fixtures we wrote)
HANDS_TIMED = 100_000
HANDS_SMOKE = 1_000
ROUNDS = 3
GROUP = "history: a PokerStars file of real hands repeated and renumbered"


def real_hands() -> list[str]:
    """The real PokerStars hands of tests/data/hh, one text each."""
    hands: list[str] = []
    for path in REAL:
        text = decode(path.read_bytes(), str(path)).replace("\r\n", "\n").strip()
        hands += [h.strip() for h in re.split(r"\n\s*\n(?=PokerStars )", text)]
    return hands


def big_file(count: int) -> str:
    """``count`` hands: the real ones in turn, each with its own hand number."""
    hands = real_hands()
    number = re.compile(r"(PokerStars (?:Game|Hand) #)\d+")
    out = [
        number.sub(rf"\g<1>{300_000_000_000 + i}", hands[i % len(hands)], count=1)
        for i in range(count)
    ]
    return "\n\n\n".join(out) + "\n"


@pytest.fixture(scope="module")
def stars(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The file's text, its path, and how many hands it holds."""
    count = HANDS_SMOKE if request.config.getoption("benchmark_disable") else HANDS_TIMED
    text = big_file(count)
    path = tmp_path_factory.mktemp("history") / "stars.txt"
    path.write_text(text, encoding="utf-8")
    return text, path, count


@pytest.mark.benchmark(group=GROUP)
def test_history_import(measure: Any, stars: Any) -> None:
    text, _, count = stars
    hands = measure(history.parse, count, text, "stars.txt", rounds=ROUNDS)
    assert len(hands) == count
    assert hands[-1].fields["hand"] == str(300_000_000_000 + count - 1)


@pytest.mark.benchmark(group=GROUP)
def test_history_replay(measure: Any, stars: Any) -> None:
    text, _, count = stars
    hands = history.parse(text, "stars.txt")

    def replay_all() -> list[int]:
        # Each replay checks every amount the site stated (a difference raises)
        # and gives each hand's rake, in the hand's chips.
        return [phh.replay(h).hand.result.rake for h in hands]

    real = [phh.replay(h).hand.result.rake for h in history.parse(big_file(len(real_hands())), "x")]
    assert measure(replay_all, count, rounds=ROUNDS) == [real[i % len(real)] for i in range(count)]


@pytest.mark.benchmark(group=GROUP)
def test_omaha_import_command(measure: Any, stars: Any, benchmark: Any) -> None:
    _, path, count = stars
    out = path.with_suffix(".phhs")
    command = [sys.executable, "-m", "omaha", "import", str(path), "-o", str(out)]
    env = {**os.environ, "PYTHONWARNINGS": "error"}

    def run() -> None:
        subprocess.run(command, check=True, env=env)

    measure(run, count, rounds=1)
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024  # the largest child
    benchmark.extra_info["peak_rss_mb"] = peak
    back = phh.read(out)
    assert len(back) == count
    first = {k: v for k, v in history.read(REAL[0])[0].fields.items() if k != "hand"}
    assert {k: v for k, v in back[0].fields.items() if k != "hand"} == first
