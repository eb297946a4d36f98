"""The exact preflop equity table of 4-card Omaha, shipped with the package.

Every one of the 16,432 suit-isomorphism classes of 4-card holes (holes
equal up to relabelling the suits) against one random hole from the other
48 cards, all five board cards to come, Omaha Hi and Hi-Lo eight or better:
the exact pot share over all ``C(48, 5) * C(43, 4) = 211,315,436,640``
deals, the same number ``omaha.equity([hole, None], method="exact")``
computes for any one hole. The table orders percent ranges (``15%``,
docs/ranges.md §10).

``python -m omaha.preflop build`` recomputes it (about 20 minutes on one
core; see :mod:`omaha._preflop_build` for the method) and writes the same
bytes as the shipped ``omaha/data/preflop-4.bin``.

Examples
--------
>>> e = preflop_equity("AhAsKhKs")            # double-suited aces and kings
>>> f"{e:.4%}", preflop_rank("AhAsKhKs")
('70.6781%', 6)
>>> len(preflop_table()), preflop_table()[0]
(16432, PreflopEntry(hole='TcTdAcAd', combinations=6, equity=0.7152630491519401, rank=1))
"""

from __future__ import annotations

import argparse
import sys
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from omaha.cards import Cards, as_cards, format_cards
from omaha.errors import InvalidCardError, PreflopTableError, quote
from omaha.games import GameName, check_game

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["PreflopEntry", "class_equity", "preflop_equity", "preflop_rank", "preflop_table"]

_FILE = "data/preflop-4.bin"
_LOCK = threading.Lock()


@dataclass(frozen=True, slots=True)
class PreflopEntry:
    """One class of 4-card holes in the preflop table."""

    hole: str
    """The class's canonical hole: its smallest ascending code row, as text."""
    combinations: int
    """The number of holes in the class (they add up to 270,725)."""
    equity: float
    """The exact pot share of one of its holes against one random hole."""
    rank: int
    """Its place in the order of decreasing equity, 1 = the best."""


@dataclass(frozen=True)
class _Table:
    equity: dict[str, npt.NDArray[np.float64]]  # by game, per class id
    order: dict[str, npt.NDArray[np.int64]]  # class ids best first
    rank: dict[str, npt.NDArray[np.int64]]  # 1-based, per class id


_TABLES: list[_Table] = []


def _load() -> _Table:
    if _TABLES:
        return _TABLES[0]
    import numpy as np

    from omaha import _preflop_build, _suit_classes

    rows, _ = _suit_classes.canonical_classes(4)
    try:
        data = resources.files("omaha").joinpath(_FILE).read_bytes()
    except FileNotFoundError:
        raise PreflopTableError(
            f"the preflop table (omaha/{_FILE}) is missing from this installation; "
            "rebuild it with `python -m omaha.preflop build`"
        ) from None
    try:
        deals, (hi, hilo) = _preflop_build.decode(data, rows)
    except ValueError as exc:
        raise PreflopTableError(f"omaha/{_FILE} cannot be read: {exc}") from None
    equity = {"hi": hi / float(2 * deals), "hilo": hilo / float(4 * deals)}
    order = {g: np.argsort(-e, kind="stable") for g, e in equity.items()}
    rank = {}
    for g, o in order.items():
        r = np.empty(len(o), np.int64)
        r[o] = np.arange(1, len(o) + 1)
        rank[g] = r
    for arr in (*equity.values(), *order.values(), *rank.values()):
        arr.setflags(write=False)
    table = _Table(equity, order, rank)
    with _LOCK:
        if not _TABLES:
            _TABLES.append(table)
    return _TABLES[0]


def _game(game: object) -> str:
    return check_game(game)


def _class_id(hole: Cards) -> int:
    import numpy as np

    from omaha import _suit_classes

    cards = as_cards(hole, "hole")
    if len(cards) in (5, 6):  # a hole of 5- or 6-card Omaha: no table (docs/ranges.md §10)
        raise PreflopTableError(
            f"the preflop table holds 4-card holes, not {len(cards)}-card ones: {quote(hole)}"
        )
    if len(cards) != 4:
        raise InvalidCardError(
            f"the preflop table holds 4-card holes; got {len(cards)} cards in {quote(hole)}"
        )
    return int(_suit_classes.ids_of(np.array([cards], np.uint8))[0])


def class_equity(game: GameName, hole_count: int) -> npt.NDArray[np.float64]:
    """Return the preflop equity of every class, indexed by class id.

    The seam of docs/ranges.md §10 (:func:`omaha.ranges._classes.percent_classes`
    calls it): class ids are those of
    :func:`omaha._suit_classes.canonical_classes`; tied classes have
    bit-identical values (each is the exact fraction rounded once).

    Parameters
    ----------
    game : {"hi", "hilo"}
    hole_count : int
        Only 4 is covered.

    Returns
    -------
    float64 array, shape (16432,)
        Equities in [0, 1] (read-only).

    Raises
    ------
    PreflopTableError
        For 5- or 6-card holes (no table: their exact tables are beyond
        this machine, and no Monte Carlo stand-in is shipped), or a missing
        or damaged table file.
    GameError
        For a game other than "hi" and "hilo".
    """
    if hole_count != 4:
        raise PreflopTableError(
            f"there is no preflop table for {quote(hole_count)}-card holes: only 4-card Omaha "
            "has one, so percent ranges need hole_count=4"
        )
    return _load().equity[check_game(game)]


def preflop_equity(hole: Cards, game: GameName = "hi") -> float:
    """Return a hole's exact equity against one random hole, before the flop.

    Parameters
    ----------
    hole : cards
        Four hole cards (text such as ``"AhAsKhKs"`` or codes).
    game : {"hi", "hilo"}, default "hi"

    Returns
    -------
    float
        The expected share of the pot in [0, 1], equal (rounded once) to
        ``omaha.equity([hole, None], game=game, method="exact")[0].equity``.

    Raises
    ------
    InvalidCardError
        Malformed cards, or not 4 distinct cards.
    PreflopTableError
        A hole of 5 or 6 cards (only 4-card Omaha has a table).
    ArgumentError
        An unknown ``game``.

    Examples
    --------
    >>> round(preflop_equity("AhAsKhKs"), 4) == round(preflop_equity("AdAcKdKc"), 4)
    True
    """
    g = _game(game)
    return float(_load().equity[g][_class_id(hole)])


def preflop_rank(hole: Cards, game: GameName = "hi") -> int:
    """Return the place of a hole's class in the preflop order, 1 = the best.

    Classes are ordered by decreasing :func:`preflop_equity`, ties by
    ascending canonical row (the order of percent ranges).

    Parameters
    ----------
    hole : cards
        Four hole cards.
    game : {"hi", "hilo"}, default "hi"

    Returns
    -------
    int
        1 to 16,432.

    Raises
    ------
    InvalidCardError
        Malformed cards, or not 4 distinct cards.
    PreflopTableError
        A hole of 5 or 6 cards (only 4-card Omaha has a table).
    ArgumentError
        An unknown ``game``.

    Examples
    --------
    >>> preflop_rank("AhAsThTs"), preflop_rank("AhAsKhKs"), preflop_rank("2c2d2h2s")
    (1, 6, 16432)
    """
    g = _game(game)
    return int(_load().rank[g][_class_id(hole)])


def preflop_table(game: GameName = "hi") -> tuple[PreflopEntry, ...]:
    """Return every class of the preflop table, best first.

    Parameters
    ----------
    game : {"hi", "hilo"}, default "hi"

    Returns
    -------
    tuple of PreflopEntry
        One record per class (16,432): canonical hole text, combinations,
        equity, rank; in rank order.

    Raises
    ------
    ValueError
        An unknown ``game``.

    Examples
    --------
    >>> table = preflop_table("hilo")
    >>> sum(e.combinations for e in table), table[0].rank, table[-1].rank
    (270725, 1, 16432)
    """
    from omaha import _suit_classes

    g = _game(game)
    t = _load()
    rows, sizes = _suit_classes.canonical_classes(4)
    eq = t.equity[g]
    return tuple(
        PreflopEntry(format_cards(rows[c].tolist()), int(sizes[c]), float(eq[c]), i + 1)
        for i, c in enumerate(t.order[g].tolist())
    )


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m omaha.preflop build``: recompute the exact table."""
    parser = argparse.ArgumentParser(
        prog="python -m omaha.preflop",
        description="The exact preflop table of 4-card Omaha (Hi and Hi-Lo).",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    build = sub.add_parser(
        "build",
        help="compute the table exactly (about 20 minutes on one core)",
        description="Compute every class's exact equity against one random hole and "
        "write the table file (by default the package's own, which it reproduces byte "
        "for byte). Resumes from --checkpoint if a run was stopped.",
    )
    default = Path(str(resources.files("omaha").joinpath(_FILE)))
    build.add_argument("--out", type=Path, default=default, help=f"default: {default}")
    build.add_argument(
        "--checkpoint",
        type=Path,
        help="keep the running totals here after each chunk and resume from them",
    )
    build.add_argument("--chunk", type=int, default=1024, help="board classes per chunk")
    build.add_argument("--no-progress", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    from omaha import _preflop_build

    seconds = _preflop_build.build(
        args.out, args.checkpoint, chunk=args.chunk, progress=not args.no_progress
    )
    print(f"wrote {args.out} in {seconds:.0f} s")
    return 0


if __name__ == "__main__":  # pragma: no cover - the command line
    sys.exit(main())
