"""The headline figures of two commits, measured in the same run, as ratios.

``python bench/before_after.py REV`` checks commit ``REV`` out into a
temporary git worktree, builds its extensions there with this Python, and
then runs the same workload on both trees (``REV`` and this checkout's
``src``), each in its own process, alternating, ``--rounds`` times. Each
process times each figure as the best of three, on one thread, on the same
seeded inputs; the table shows each figure's median over the rounds and the
ratio after / before (above 1: this checkout is faster). It uses only what
both trees have in public: the batch and single-call evaluator, the
selection batch, ``omaha eval`` (CSV -> CSV and Parquet -> Parquet, through
``omaha.cli.main``), the table engine (scripted six-handed pot-limit hands
to showdown, as ``bench/bench_table.py`` plays them) and the PokerStars
import (``omaha.history.parse`` of a file of the real hands of
``tests/data/hh/pokerstars`` repeated and renumbered, as
``bench/bench_history.py`` builds it)::

    python bench/before_after.py 21f37c6 --rounds 5

The machine is shared: give the medians with the load average it prints.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent

WORKLOAD = r"""
import json, os, pathlib, re, sys, tempfile, time
import numpy as np
import omaha
from omaha import PotLimit, Table, history
from omaha.cli import main

N = 1_000_000
omaha.warmup()
rng = np.random.default_rng(7)
cards = np.argsort(rng.random((N, 52)), axis=1)[:, :9].astype(np.uint8)
holes, boards = np.ascontiguousarray(cards[:, :4]), np.ascontiguousarray(cards[:, 4:])


def best(fn, n):
    times = []
    for _ in range(3):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return n / min(times)


out = {}
out["hi batch (hands/s)"] = best(lambda: omaha.evaluate_hi_batch(holes, boards), N)
out["hi-lo batch (hands/s)"] = best(
    lambda: (omaha.evaluate_hi_batch(holes, boards), omaha.evaluate_lo_batch(holes, boards)), N
)
out["select batch (hands/s)"] = best(lambda: omaha.select_batch(holes, boards), N)
texts = [(omaha.format_cards(h), omaha.format_cards(b)) for h, b in zip(holes[:20_000], boards)]
out["single call, text (calls/s)"] = best(
    lambda: [omaha.evaluate_hi(h, b) for h, b in texts], len(texts)
)

work = pathlib.Path(tempfile.mkdtemp())
import pyarrow as pa, pyarrow.csv as pcsv, pyarrow.parquet as pq

table = pa.table(
    {
        "hole": omaha.format_cards_array(holes).astype(str),
        "board": omaha.format_cards_array(boards).astype(str),
    }
)
pcsv.write_csv(table, work / "in.csv", pcsv.WriteOptions(quoting_style="none"))
pq.write_table(table, work / "in.parquet")
for src, dst, name in (("in.csv", "out.csv", "CSV"), ("in.parquet", "out.parquet", "Parquet")):
    def run(src=src, dst=dst):
        (work / dst).unlink(missing_ok=True)
        main(["eval", str(work / src), "-o", str(work / dst), "--no-progress"])
    out[f"omaha eval {name} -> {name} (rows/s)"] = best(run, N)

decks = [tuple(rng.permutation(52).tolist()) for _ in range(300)]


def play():
    for deck in decks:
        hand = Table([10_000] * 6, PotLimit(50, 100), button=5).deal(deck=deck)
        hand.raise_to(350)
        while not hand.is_over:
            if hand.street == "showdown":
                hand.show()
            else:
                hand.call()
        hand.result


out["engine, scripted hands (hands/s)"] = best(play, len(decks))

hh = pathlib.Path(sys.argv[1])
hands = []
for path in sorted(hh.glob("stars_*.txt")):
    text = path.read_bytes().decode("utf-8-sig").replace("\r\n", "\n").strip()
    hands += [h.strip() for h in re.split(r"\n\s*\n(?=PokerStars )", text)]
number = re.compile(r"(PokerStars (?:Game|Hand) #)\d+")
big = "\n\n\n".join(
    number.sub(rf"\g<1>{300_000_000_000 + i}", hands[i % len(hands)], count=1)
    for i in range(5_000)
)
out["PokerStars import (hands/s)"] = best(lambda: history.parse(big, "big.txt"), 5_000)
print(json.dumps(out))
"""


def _build(rev: str, where: pathlib.Path) -> pathlib.Path:
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(where), rev],
        check=True,
        capture_output=True,
    )
    subprocess.run(
        [sys.executable, "setup.py", "build_ext", "--inplace", "-q"],
        cwd=where,
        check=True,
        capture_output=True,
    )
    return where / "src"


def _run(src: pathlib.Path, hh: pathlib.Path) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(src), "OMP_NUM_THREADS": "1"}
    done = subprocess.run(
        [sys.executable, "-c", WORKLOAD, str(hh)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
        cwd=tempfile.gettempdir(),
    )
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main(argv: list[str] | None = None) -> None:
    """Measure ``REV`` and this checkout in alternate processes; print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rev", help="the commit to compare with (the 'before')")
    parser.add_argument("--rounds", type=int, default=5, help="processes per tree (default 5)")
    args = parser.parse_args(argv)
    hh = ROOT / "tests" / "data" / "hh" / "pokerstars"
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="omaha-before-"))
    try:
        before_src = _build(args.rev, tmp / "tree")
        runs: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
        for _ in range(args.rounds):
            runs["before"].append(_run(before_src, hh))
            runs["after"].append(_run(ROOT / "src", hh))
            print(".", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)
    finally:
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tmp / "tree")],
            capture_output=True,
        )
        shutil.rmtree(tmp, ignore_errors=True)
    head = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True
    ).stdout.strip()
    print(f"| figure | before ({args.rev}) | after ({head}) | after / before |")
    print("|---|---|---|---|")
    for key in runs["before"][0]:
        b = statistics.median(r[key] for r in runs["before"])
        a = statistics.median(r[key] for r in runs["after"])
        print(f"| {key} | {b:,.0f} | {a:,.0f} | {a / b:.2f}x |")
    load = os.getloadavg()
    print(f"\nmedians of {args.rounds} processes each; load average {load[0]:.1f} {load[1]:.1f}")


if __name__ == "__main__":
    main()
