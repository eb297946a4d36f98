"""One PokerStars hand followed through import and replay: the modules it runs, the calls back up.

Run from the repository::

    PYTHONPATH=src python tools/import_path.py            # the figures
    PYTHONPATH=src python tools/import_path.py --edges    # and every edge

The hand is the first of ``tests/data/hh/pokerstars/own_stars_plo_variety.txt``
(a file the project wrote: four players, two all-ins, a side pot, an uncalled
bet, a showdown). Every module is imported first, so what is traced is the
work of one hand, not of loading code: :func:`omaha.history.parse` of its
text, then :func:`omaha.phh.replay` with its checks of what the file states.

Each call of a function of an ``omaha`` module (Python functions, and the
compiled functions of the Cython core, through ``sys.setprofile``) counts
for its module and for the edge from the calling module to it. The layers
are ordered, lowest first (:data:`LAYERS`); a call whose callee's layer is
above its caller's is a *call back up* (the engine calling the PHH layer,
the PHH layer calling the importers...). The figures: the modules whose
functions ran, the distinct caller -> callee edges and the calls back up,
as distinct edges and as calls.
"""

from __future__ import annotations

import argparse
import collections
import pathlib
import sys
from types import FrameType
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parent.parent
FILE = ROOT / "tests" / "data" / "hh" / "pokerstars" / "own_stars_plo_variety.txt"

LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "cards and errors",
        (
            "omaha.errors",
            "omaha.cards",
            "omaha.ranks",
            "omaha._cardtext",
            "omaha._eval",
            "omaha._bits",
            "omaha.evaluator",
            "omaha.games",
        ),
    ),
    (
        "engine",
        (
            "omaha.betting",
            "omaha.streets",
            "omaha.structures",
            "omaha.seating",
            "omaha.pots",
            "omaha.ledger",
            "omaha.rake",
            "omaha.result",
            "omaha.hand",
            "omaha.table",
        ),
    ),
    ("phh", ("omaha.phh",)),
    (
        "importer core",
        (
            "omaha.history.notation",
            "omaha.history.text",
            "omaha.history.lines",
            "omaha.history.detect",
            "omaha.history.reconcile",
            "omaha.history.builder",
        ),
    ),
    (
        "site parsers",
        (
            "omaha.history.pokerstars",
            "omaha.history.fulltilt",
            "omaha.history.ggpoker",
            "omaha.history.ipoker",
            "omaha.history.partypoker",
            "omaha.history.winamax",
            "omaha.history.pacific",
            "omaha.history.winning",
            "omaha.history.bovada",
        ),
    ),
    ("entry points", ("omaha.history", "omaha.cli", "omaha")),
)
"""The layers, lowest first, each with the modules (or packages) in it."""


def layer(module: str) -> int:
    """Return the layer of ``module``: the longest name of :data:`LAYERS` it is or is inside."""
    best, found = -1, -1
    for i, (_, names) in enumerate(LAYERS):
        for name in names:
            if (module == name or module.startswith(name + ".")) and len(name) > best:
                best, found = len(name), i
    if found < 0:
        raise SystemExit(f"module {module!r} is in no layer of LAYERS: add it")
    return found


def _module(frame: FrameType | None) -> str | None:
    """Return the ``omaha`` module of the nearest frame from ``frame`` outwards that has one.

    A call from the standard library (a sort's key, a dataclass's
    ``__init__``) is the call of the ``omaha`` module that called it.
    """
    while frame is not None:
        name = frame.f_globals.get("__name__")
        if isinstance(name, str) and (name == "omaha" or name.startswith("omaha.")):
            return name
        frame = frame.f_back
    return None


def trace(
    text: str,
) -> tuple[collections.Counter[tuple[str, str]], dict[tuple[str, str], set[str]]]:
    """Return the calls of one hand's import and replay, by (caller module, callee module).

    And, for each edge, the names of the functions called (a generator
    resumed by its consumer counts as a call of the generator).
    """
    from omaha import history, phh

    history._sites()  # the readers loaded: their import is not the hand's work
    edges: collections.Counter[tuple[str, str]] = collections.Counter()
    names: dict[tuple[str, str], set[str]] = collections.defaultdict(set)

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        if event == "call":
            callee = frame.f_globals.get("__name__")
            caller = _module(frame.f_back)
            what = frame.f_code.co_qualname
        elif event == "c_call":
            callee = getattr(arg, "__module__", None)
            caller = _module(frame)
            what = getattr(arg, "__qualname__", "?")
        else:
            return
        if isinstance(callee, str) and (callee == "omaha" or callee.startswith("omaha.")):
            edge = (caller or "<outside>", callee)
            edges[edge] += 1
            names[edge].add(what)

    sys.setprofile(profile)
    try:
        (hand,) = history.parse(text, "own_stars_plo_variety.txt")
        phh.replay(hand)
    finally:
        sys.setprofile(None)
    return edges, names


def main(argv: list[str] | None = None) -> int:
    """Print the figures (and with ``--edges`` every edge); return 0."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edges", action="store_true", help="list every edge")
    args = parser.parse_args(argv)
    text = FILE.read_text(encoding="utf-8").split("\n\n\n")[0] + "\n"
    edges, names = trace(text)
    modules = sorted({callee for _, callee in edges})
    inside = {e: n for e, n in edges.items() if e[0] != "<outside>"}
    between = {e: n for e, n in inside.items() if e[0] != e[1]}
    up = {e: n for e, n in between.items() if layer(e[1]) > layer(e[0])}
    print(f"hand: {FILE.relative_to(ROOT)}, the first")
    print(f"modules used: {len(modules)}")
    for m in modules:
        calls = sum(n for (_, c), n in edges.items() if c == m)
        print(f"  {m:32} layer {layer(m)} ({LAYERS[layer(m)][0]}): {calls} calls")
    print(f"edges between modules: {len(between)} ({sum(between.values())} calls)")
    print(f"calls back up the layers: {len(up)} edges, {sum(up.values())} calls")
    for (a, b), n in sorted(up.items()):
        called = ", ".join(sorted(names[(a, b)]))
        print(f"  {a} (layer {layer(a)}) -> {b} (layer {layer(b)}): {n} ({called})")
    if args.edges:
        print("every edge between modules:")
        for (a, b), n in sorted(between.items()):
            print(f"  {a} -> {b}: {n}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
