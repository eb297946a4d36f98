"""Write the example input of ``omaha eval``: ``examples/hands.{csv,jsonl,parquet}``.

The rows are, in order:

1. every hand shown down in the real hand histories of ``tests/data/phh``
   (each player who showed cards: the hole cards and the final board; ids
   like ``wsop-2023-43-day5-hand12:p3``);
2. a few deals that illustrate the rules (docs/rules.md §2, §3), ids
   ``rules-...``;
3. seeded random deals, mostly 4 hole cards and a 5-card board, some with
   5 or 6 hole cards or a flop or turn board, some written with spaces,
   lower case or ``10`` for ``T`` (ids ``random-0001``...).

The output is a pure function of the PHH files and ``--seed``; it is not
needed at run time (the files it writes are committed). After changing it,
regenerate the expected output too::

    python tools/make_examples.py
    omaha eval examples/hands.csv -o examples/hands.expected.csv
    omaha eval examples/hands.jsonl -o examples/hands.expected.jsonl
"""

from __future__ import annotations

import argparse
import csv
import json
import pathlib
import random
import tomllib

ROOT = pathlib.Path(__file__).resolve().parent.parent
RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK = [r + s for r in RANKS for s in SUITS]

# (id, hole, board): the examples of docs/rules.md and the traps it warns about.
RULE_DEALS = [
    ("rules-seed-one-pair", "AhKdQcTs", "Jd5s3c8hTd"),  # one pair of tens: no straight, no flush
    ("rules-seed-trips-and-low", "AhKsKd4c", "2sKh8d5cAd"),  # K K K A 8, low 8-5-4-2-A
    ("rules-board-quads", "2s2c3h4h", "7s7h7d7c2d"),  # sevens full of deuces, never quads
    ("rules-board-royal", "Ts3c4c5c", "AsKsQsJs2h"),  # only ace high
    ("rules-no-low-ace-deuce-paired", "Ah2hKcKs", "Ac2d7s8hQd"),  # no low
    ("rules-board-without-low", "Ah3c4d6s", "2c2d5hKdQs"),  # nobody has a low
    ("rules-wheel", "Ah2dKcQs", "3c4h5s9dJd"),  # straight, five high; low 5-4-3-2-A
    ("rules-steel-wheel", "Ah2hKcQs", "3h4h5h9dJd"),  # straight flush, five high
    ("rules-four-flush-board", "Ah2c3d4s", "KhQhJh9h5c"),  # one heart in the hole: no flush
]


def phh_rows(directory: pathlib.Path) -> list[tuple[str, str, str]]:
    """Each player who showed cards in each hand: ``(id, hole, final board)``."""
    rows = []
    for path in sorted(directory.glob("*.phh")):
        with path.open("rb") as f:
            hand = tomllib.load(f)
        holes: dict[str, str] = {}
        board = ""
        shown: list[str] = []
        for action in hand["actions"]:
            parts = action.split()
            if parts[:2] == ["d", "dh"] and "?" not in parts[3]:
                holes[parts[2]] = parts[3]
            elif parts[:2] == ["d", "db"]:
                board += parts[2]
            elif len(parts) == 3 and parts[1] == "sm":
                holes[parts[0]] = parts[2]
                shown.append(parts[0])
        for player in shown:
            rows.append((f"{path.stem}:{player}", holes[player], board))
    return rows


def random_rows(seed: int, count: int) -> list[tuple[str, str, str]]:
    """Seeded random deals: mostly 4 + 5 cards, some 5- and 6-card holes and short boards."""
    rng = random.Random(seed)
    rows = []
    for k in range(1, count + 1):
        roll = rng.random()
        n_hole = 5 if roll < 0.08 else 6 if roll < 0.14 else 4
        n_board = 3 if 0.14 <= roll < 0.20 else 4 if 0.20 <= roll < 0.26 else 5
        cards = rng.sample(DECK, n_hole + n_board)
        hole, board = cards[:n_hole], cards[n_hole:]
        if k % 10 == 0:  # other spellings the input accepts
            hole = [c.lower() for c in hole]
            board = [c.replace("T", "10") for c in board]
            rows.append((f"random-{k:04d}", " ".join(hole), " ".join(board)))
        else:
            rows.append((f"random-{k:04d}", "".join(hole), "".join(board)))
    return rows


def main() -> None:
    """Write examples/hands.csv, examples/hands.jsonl and examples/hands.parquet."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phh", type=pathlib.Path, default=ROOT / "tests" / "data" / "phh")
    parser.add_argument("--seed", type=int, default=20230622)
    parser.add_argument("--random", type=int, default=300, help="number of random deals")
    parser.add_argument("--out", type=pathlib.Path, default=ROOT / "examples")
    args = parser.parse_args()
    rows = phh_rows(args.phh) + RULE_DEALS + random_rows(args.seed, args.random)
    args.out.mkdir(exist_ok=True)
    with (args.out / "hands.csv").open("w", newline="") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(["id", "hole", "board"])
        writer.writerows(rows)
    with (args.out / "hands.jsonl").open("w") as f:
        for id_, hole, board in rows:
            f.write(json.dumps({"id": id_, "hole": hole, "board": board}) + "\n")
    import pyarrow as pa
    import pyarrow.parquet as pq

    columns = {name: [r[k] for r in rows] for k, name in enumerate(("id", "hole", "board"))}
    # Reproducible bytes: no statistics timestamps; the writer's version is pinned by pyarrow.
    pq.write_table(pa.table(columns), args.out / "hands.parquet", compression="zstd")
    print(f"wrote {len(rows)} deals to {args.out / 'hands.csv'}, hands.jsonl and hands.parquet")


if __name__ == "__main__":
    main()
