"""``omaha bench``: a quick standard benchmark of the evaluator on this machine.

Random deals (4 hole cards and a 5-card board, seeded), one thread unless
noted, after :func:`omaha.warmup`: single calls of :func:`omaha.evaluate_hi`
and :func:`omaha.evaluate_lo` on integer card codes, and the batch calls
over NumPy arrays, and :func:`omaha.evaluate_hi` on card text; then the same
deals through ``phevaluator`` (its Python wrapper on int codes and on text,
and the C call under it, the base of the ratios), xiapl and PokerKit (on
text) when they are installed. Each rate is the best of a few timed repeats
(garbage collection off while timing, as :mod:`timeit` does).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import sys
import time
from collections.abc import Callable
from contextlib import suppress
from dataclasses import asdict, dataclass
from functools import partial
from itertools import pairwise
from typing import Any

from omaha.cards import random_deals

__all__ = ["Measurement", "add_parser", "format_table", "run", "run_benchmarks"]


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``bench`` subcommand."""
    p = sub.add_parser(
        "bench",
        help="measure hands/second on this machine (about 10 s)",
        description=(
            "Measure single-call and batch Omaha Hi and Lo rates on random deals "
            "(4 hole cards, 5-card board, one thread unless noted), and the same "
            "deals through phevaluator, xiapl and PokerKit when they are installed."
        ),
    )
    p.add_argument("--quick", action="store_true", help="a much shorter run (less precise)")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.add_argument("--seed", type=int, default=2024, help="seed of the random deals")
    p.set_defaults(func=run)


@dataclass(frozen=True)
class Measurement:
    """One benchmark result."""

    name: str
    """What was timed, e.g. ``'omaha evaluate_hi_batch'``."""
    half: str
    """``'hi'``, ``'lo'`` or ``'hi+lo'``."""
    kind: str
    """``'single'`` (one call per hand) or ``'batch'`` (arrays)."""
    threads: int
    hands: int
    """Hands per timed repeat."""
    seconds: float
    """The best (smallest) time of the repeats."""
    repeats: int

    @property
    def rate(self) -> float:
        """Hands per second."""
        return self.hands / self.seconds if self.seconds > 0 else float("inf")


def _best(fn: Callable[[], object], repeats: int, budget: float) -> tuple[float, int]:
    """Run ``fn`` up to ``repeats`` times (stopping after ``budget`` seconds): best time."""
    best = float("inf")
    done = 0
    start = time.perf_counter()
    enabled = gc.isenabled()
    gc.disable()
    try:
        while done < repeats and (done == 0 or time.perf_counter() - start < budget):
            t0 = time.perf_counter()
            fn()
            best = min(best, time.perf_counter() - t0)
            done += 1
    finally:
        if enabled:
            gc.enable()
    return best, done


def run_benchmarks(quick: bool = False, seed: int = 2024) -> dict[str, Any]:
    """Run the standard benchmark; return the results as a JSON-ready dict.

    Parameters
    ----------
    quick : bool
        Far fewer deals and repeats (a smoke test, not a measurement).
    seed : int
        Seed of the random deals.
    """
    import numpy as np

    import omaha

    started = time.perf_counter()
    built = omaha.warmup()  # 0.0 when this process has built it already
    warmup_seconds = time.perf_counter() - started
    n_batch, n_single, n_slow, repeats = (
        (20_000, 2_000, 10, 2) if quick else (1_000_000, 100_000, 200, 7)
    )
    budget = 0.2 if quick else 1.5
    holes, boards = random_deals(n_batch, seed=seed)
    hole_t = [tuple(r) for r in holes[:n_single].tolist()]
    board_t = [tuple(r) for r in boards[:n_single].tolist()]
    pairs = list(zip(hole_t, board_t, strict=True))
    out: list[Measurement] = []

    def add(
        name: str, half: str, kind: str, threads: int, n: int, fn: Callable[[], object]
    ) -> None:
        seconds, done = _best(fn, repeats, budget)
        out.append(Measurement(name, half, kind, threads, n, seconds, done))

    hi, lo = omaha.evaluate_hi, omaha.evaluate_lo
    add("omaha evaluate_hi", "hi", "single", 1, n_single, lambda: [hi(h, b) for h, b in pairs])
    add("omaha evaluate_lo", "lo", "single", 1, n_single, lambda: [lo(h, b) for h, b in pairs])
    hi_out = np.empty(n_batch, np.uint16)
    lo_out = np.empty(n_batch, np.uint8)
    for name, fn, half, result in (
        ("omaha evaluate_hi_batch", omaha.evaluate_hi_batch, "hi", hi_out),
        ("omaha evaluate_lo_batch", omaha.evaluate_lo_batch, "lo", lo_out),
    ):
        for threads in (1, 2):
            add(name, half, "batch", threads, n_batch, partial(fn, holes, boards, result, threads))
    n_sel = n_batch // 4
    add(
        "omaha select_batch", "hi+lo", "batch", 1, n_sel,
        lambda: omaha.select_batch(holes[:n_sel], boards[:n_sel]),
    )  # fmt: skip

    text_pairs = [(omaha.format_cards(h), omaha.format_cards(b)) for h, b in pairs]
    add(
        "omaha evaluate_hi on text", "hi", "single", 1, n_single,
        lambda: [hi(h, b) for h, b in text_pairs],
    )  # fmt: skip

    others: dict[str, Any] = {"phevaluator": None, "xiapl": None, "pokerkit": None}
    agree = xiapl_agree = None
    try:
        from phevaluator import _pheval, evaluate_omaha_cards
    except ImportError:
        pass
    else:
        others["phevaluator"] = _version("phevaluator")
        flat = [b + h for h, b in pairs]  # phevaluator takes the board first
        flat_text = [[omaha.format_cards([c]) for c in cards] for cards in flat]
        add(
            "phevaluator evaluate_omaha_cards (Python wrapper)", "hi", "single", 1, n_single,
            lambda: [evaluate_omaha_cards(*cards) for cards in flat],
        )  # fmt: skip
        add(
            "phevaluator evaluate_omaha_cards on text (Python wrapper)",
            "hi", "single", 1, n_single,
            lambda: [evaluate_omaha_cards(*cards) for cards in flat_text],
        )  # fmt: skip
        # The C function under the wrapper, last: the base of the phevaluator ratios.
        c_call = _pheval.evaluate_omaha_cards
        add(
            "phevaluator _pheval.evaluate_omaha_cards (C)", "hi", "single", 1, n_single,
            lambda: [c_call(*cards) for cards in flat],
        )  # fmt: skip
        # Same card codes (4 * rank + suit, clubs first); its rank 1 is the best hand.
        theirs = np.array([c_call(*cards) for cards in flat])
        ours = omaha.evaluate_hi_batch(holes[:n_single], boards[:n_single]).astype(np.int64)
        agree = bool((ours == 7463 - theirs).all())
    try:
        from xiapl.eval import evaluate_hand
        from xiapl.simulation import GameType
    except ImportError:
        pass
    else:
        others["xiapl"] = _version("xiapl")
        plo = GameType.Plo

        def masks(cards: Any) -> list[int]:  # xiapl's card id is 13 * suit + rank
            ids = (cards % 4).astype(np.uint64) * 13 + cards // 4
            return np.bitwise_or.reduce(np.uint64(1) << ids, axis=1).tolist()  # type: ignore[no-any-return]

        xiapl_pairs = list(zip(masks(boards[:n_single]), masks(holes[:n_single]), strict=True))
        add(
            "xiapl evaluate_hand", "hi", "single", 1, n_single,
            lambda: [evaluate_hand(b, h, game=plo) for b, h in xiapl_pairs],
        )  # fmt: skip
        values = [evaluate_hand(b, h, game=plo) for b, h in xiapl_pairs]
        keys = [(int(v.category), tuple(v.kickers)) for v in values]
        xiapl_agree = _same_order(
            omaha.evaluate_hi_batch(holes[:n_single], boards[:n_single]), keys
        )
    try:
        from pokerkit import OmahaEightOrBetterLowHand, OmahaHoldemHand
    except ImportError:
        pass
    else:
        others["pokerkit"] = _version("pokerkit")
        text = text_pairs[:n_slow]

        def pk_low() -> None:
            for h, b in text:
                with suppress(ValueError):  # PokerKit raises when there is no low
                    OmahaEightOrBetterLowHand.from_game(h, b)

        add(
            "PokerKit OmahaHoldemHand on text", "hi", "single", 1, n_slow,
            lambda: [OmahaHoldemHand.from_game(h, b) for h, b in text],
        )  # fmt: skip
        add("PokerKit OmahaEightOrBetterLowHand on text", "lo", "single", 1, n_slow, pk_low)

    base = {(m.name.split()[0], m.half): m.rate for m in out if not m.name.startswith("omaha")}
    results = []
    for m in out:
        row = asdict(m) | {"hands_per_second": m.rate, "ns_per_hand": 1e9 / m.rate}
        phe = base.get(("phevaluator", m.half))
        pk = base.get(("PokerKit", m.half))
        row["vs_phevaluator"] = m.rate / phe if phe else None
        row["vs_pokerkit"] = m.rate / pk if pk else None
        results.append(row)
    return {
        "deals": "random, 4 hole cards and a 5-card board",
        "seed": seed,
        "quick": quick,
        "hi_table_build_seconds": built,
        "warmup_seconds": warmup_seconds,
        "machine": _machine(),
        "versions": {"omaha": omaha.__version__, "numpy": np.__version__, **others},
        "phevaluator_agrees": agree,
        "xiapl_agrees": xiapl_agree,
        "results": results,
    }


def _same_order(ours: Any, keys: list[Any]) -> bool:
    """Whether ``keys`` rank the hands as the strengths ``ours`` do (one key a strength, rising)."""
    key_of: dict[int, Any] = {}
    for strength, key in zip(ours.tolist(), keys, strict=True):
        if key_of.setdefault(strength, key) != key:
            return False
    ordered = [key_of[s] for s in sorted(key_of)]
    return all(a < b for a, b in pairwise(ordered))


def _version(dist: str) -> str | None:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(dist)
    except PackageNotFoundError:  # pragma: no cover
        return None


def _machine() -> dict[str, Any]:
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "system": platform.system(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "processor": _cpu_name(),
    }


def _cpu_name() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


def _rate(value: float) -> str:
    for unit, scale in (("M", 1e6), ("k", 1e3)):
        if value >= scale:
            return f"{value / scale:6.2f} {unit}"
    return f"{value:6.0f}  "


def _ratio(value: float | None) -> str:
    if value is None:
        return "-"
    if value >= 100:
        return f"{value:,.0f}x"
    return f"{value:.1f}x" if value >= 0.1 else f"{value:.2g}x"


def format_table(report: dict[str, Any]) -> str:
    """Return the report as a readable table."""
    m = report["machine"]
    v = report["versions"]
    lines = [
        "omaha bench: " + report["deals"] + ", one thread unless noted"
        + (" (--quick: a smoke test, not a measurement)" if report["quick"] else ""),
        f"omaha {v['omaha']}, Python {m['python']}, NumPy {v['numpy']}, "
        f"{m['system']} {m['machine']}, {m['cpus']} CPUs ({m['processor']})",
        f"omaha.warmup() took {report['warmup_seconds']:.3f} s (the large Hi table; "
        f"{report['hi_table_build_seconds']:.3f} s building it in this run)",
        "",
    ]  # fmt: skip
    header = ("", "hands/s", "ns/hand", "x phevaluator", "x PokerKit")
    rows = []
    for r in report["results"]:
        what = r["name"] + (" (one call per hand)" if r["kind"] == "single" else "")
        what += f", {r['threads']} threads" if r["threads"] > 1 else ""
        what += f" [{r['half']}]"
        rows.append(
            (
                what,
                _rate(r["hands_per_second"]),
                f"{r['ns_per_hand']:,.0f}",
                _ratio(r["vs_phevaluator"]),
                _ratio(r["vs_pokerkit"]),
            )
        )
    width = [max(len(x[i]) for x in [header, *rows]) for i in range(5)]
    for row in [header, *rows]:
        lines.append(
            row[0].ljust(width[0])
            + "".join("  " + cell.rjust(w) for cell, w in zip(row[1:], width[1:], strict=True))
        )
    lines.append("")
    if v["phevaluator"] is None:
        lines.append("phevaluator: not installed (pip install phevaluator)")
    else:
        agrees = "agrees" if report["phevaluator_agrees"] else "DISAGREES"
        lines.append(
            f"phevaluator {v['phevaluator']} {agrees} with omaha on every timed deal (hi); "
            "x phevaluator is to its C call _pheval.evaluate_omaha_cards"
        )
    if v.get("xiapl") is not None:
        same = "ranks" if report["xiapl_agrees"] else "DOES NOT rank"
        lines.append(f"xiapl {v['xiapl']} {same} the timed deals in omaha's order (hi)")
    if v["pokerkit"] is None:
        lines.append("PokerKit: not installed (pip install pokerkit)")
    else:
        lines.append(
            f"PokerKit {v['pokerkit']}: timed on a small sample of the same deals, as text"
        )
    lines.append("Ratios compare the same half (hi with hi, lo with lo).")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Run the benchmark and print it; return 0."""
    report = run_benchmarks(quick=args.quick, seed=args.seed)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(format_table(report))
    sys.stdout.flush()
    return 0
