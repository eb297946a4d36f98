"""How a range's equity is spread: every combination's exact equity, buckets, percentiles.

:func:`equity_distribution` gives the exact equity of each combination of
a range against an opponent hand or range on a board, and the "equity
buckets" chart of it; :func:`percentile` places one hand in a range by that
equity, as ProPokerTools' Odds Oracle rank does (docs/study.md).

Examples
--------
>>> d = equity_distribution("AA:ds", "KhKs7d6c", "Kd8h2c")
>>> d.combos.num_rows, [round(e, 4) for e in d.combos.column("equity").to_pylist()[:2]]
(2514, [0.1878, 0.1878])
>>> percentile("AhAs9d8c", "AA", "KhKs7d6c", board="Kd8h2c")
9
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from omaha.cards import as_cards, format_cards
from omaha.errors import ArgumentError, MissingDependencyError
from omaha.games import GameName
from omaha.study._spot import UNIT, Players
from omaha.study.flops import _bar

if TYPE_CHECKING:
    import pyarrow as pa

    from omaha.cards import Cards

__all__ = ["EquityDistribution", "equity_distribution", "percentile"]


@dataclass(frozen=True)
class EquityDistribution:
    """The result of :func:`equity_distribution`."""

    combos: pa.Table
    """One row per combination of the range that avoids the known cards:
    ``hole`` (its cards), ``weight`` (its range weight, 0..1), ``equity``
    (exact, against the opponent on the board), ``share`` and ``deals``
    (``equity == share / (5040 * deals)`` exactly), highest equity first."""
    buckets: pa.Table
    """One row per bucket ``[low, high)`` of equity (the last one closed):
    ``low``, ``high``, ``combos``, ``weight`` and ``percent`` (of the
    range's weight)."""

    def to_png(self, path: str, *, title: str | None = None, dpi: int = 100) -> None:
        """Draw the buckets as a bar chart into ``path`` (PNG; needs the ``plot`` extra).

        Raises
        ------
        MissingDependencyError
            matplotlib is not installed.
        OSError
            The file cannot be written.
        """
        try:
            import matplotlib
        except ImportError as exc:
            raise MissingDependencyError(
                f"the chart needs matplotlib, which is not installed ({exc}): "
                'pip install "omaha-poker[plot]"'
            ) from exc
        matplotlib.use("Agg")
        from matplotlib import pyplot as plt

        low = self.buckets.column("low").to_pylist()
        high = self.buckets.column("high").to_pylist()
        pct = self.buckets.column("percent").to_pylist()
        fig, ax = plt.subplots(figsize=(7, 4))
        try:
            ax.bar([100 * a for a in low], pct, width=[100 * (b - a) for a, b in zip(low, high,
                   strict=True)], align="edge", edgecolor="black")  # fmt: skip
            ax.set_xlabel("equity (%)")
            ax.set_ylabel("share of the range's weight (%)")
            ax.set_title(title or "equity distribution")
            fig.savefig(path, dpi=dpi, format="png")
        finally:
            plt.close(fig)


def _combos(
    players: Players, board: tuple[int, ...], progress: bool | float = False
) -> list[tuple[tuple[int, ...], int, int, int]]:
    """Every combination of player 0's range (or its hole): (hole, percent 1..100, share, deals)."""
    import numpy as np

    bmask = sum(1 << c for c in board)
    if 0 not in players.ranges:
        hand = _hand(players, board)
        if hand is None:
            raise ArgumentError("the opponent's range leaves no possible deal")
        hole = players.parsed.holes[0]
        assert hole is not None
        return [(hole, 100, *hand)]
    holes, masks, pct = players.ranges[0]
    keep = (masks & np.uint64(bmask)) == 0
    weights = (pct[keep] * players.divisor[0]).tolist()
    duel = players.duels(board)
    out = []
    bar = _bar(progress, int(keep.sum()), "runouts" if duel else "combos")
    try:
        if duel:
            # against a range: one compiled pass over the runouts for every combination
            each = players.count_holes(board, holes[keep], bar)
            out = [(tuple(row), w, share, deals) for row, w, share, deals
                   in zip(holes[keep].tolist(), weights, each.share, each.deals, strict=True)
                   if deals]  # fmt: skip
        else:
            for row, w in zip(holes[keep].tolist(), weights, strict=True):
                hole = tuple(row)
                c = players.count(board, fixed=(0, hole))
                if c is not None:
                    out.append((hole, w, c.share[0], c.deals))
                if bar is not None:
                    bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    if not out:
        raise ArgumentError("no combination of the range has a possible deal on this board")
    return out


def _hand(players: Players, board: tuple[int, ...]) -> tuple[int, int] | None:
    """Player 0's hole cards against the opponent: (share, deals), or None (no deal)."""
    import numpy as np

    hole = players.parsed.holes[0]
    assert hole is not None
    if players.duels(board):
        each = players.count_holes(board, np.array([sorted(hole)], dtype=np.uint8))
        return (each.share[0], each.deals[0]) if each.deals[0] else None
    c = players.count(board)
    return None if c is None else (c.share[0], c.deals)


def _check_bins(bins: object) -> int:
    if isinstance(bins, bool) or not isinstance(bins, int) or not 1 <= bins <= 1000:
        raise ArgumentError(f"bins must be an integer 1..1000, got {bins!r}")
    return bins


def equity_distribution(
    range: Any,
    opponent: Any,
    board: Cards = (),
    *,
    game: GameName = "hi",
    bins: int = 10,
    dead: Cards = (),
    progress: bool | float = False,
) -> EquityDistribution:
    """Compute the exact equity of every combination of ``range`` against ``opponent``.

    Parameters
    ----------
    range : range or hole cards
        An :class:`omaha.Range`, range text (docs/ranges.md) or one hand.
    opponent : hole cards or range
        The other player.
    board : cards, default ()
        0, 3, 4 or 5 board cards.
    game : {"hi", "hilo"}, default "hi"
    bins : int, default 10
        Equal-width equity buckets over [0, 1] (1..1000).
    dead : cards, default ()
    progress : bool or float, default False
        A tqdm progress bar on stderr, one step per combination (a number:
        shown only once the run has lasted that many seconds).

    Returns
    -------
    EquityDistribution
        ``combos`` (one row per combination) and ``buckets`` (pyarrow
        tables); ``to_png(path)`` draws the buckets.

    Raises
    ------
    InvalidCardError, RangeSyntaxError
        Bad cards or range text.
    ArgumentError
        A bad ``game`` or ``bins``, or ranges that leave no deal.

    Notes
    -----
    Each combination's equity is :func:`omaha.equity` of that hole against
    the opponent (docs/rules.md §4), computed exactly; a combination
    holding a board, dead or opponent card is left out. A combination's
    bucket is decided on the exact fraction: ``floor(equity * bins)``,
    equity 1 in the last bucket.

    Against a range on a board of 3 to 5 cards (4-card holes), every
    combination is counted in one compiled pass over the runouts
    (:meth:`omaha.study._spot.Players.count_holes`: each hand valued once
    per runout, the card removal by inclusion-exclusion); otherwise, and
    for 5- and 6-card holes, by one exact enumeration per combination.
    Both give the same integers; the progress bar counts runouts on the
    first path, combinations on the second.

    Examples
    --------
    >>> d = equity_distribution("AA:ds", "KhKs7d6c", "Kd8h2c", bins=4)
    >>> d.buckets.column("combos").to_pylist()
    [2514, 0, 0, 0]
    """
    nbins = _check_bins(bins)
    players = Players([range, opponent], dead, game)
    b = tuple(as_cards(board, "board"))
    if len(b) not in (0, 3, 4, 5):
        raise ArgumentError(f"board needs 0, 3, 4 or 5 cards, got {len(b)}: {board!r}")
    _check_board(players, b)
    _bar(progress, 0, "combos")  # checked before the work
    rows = _combos(players, b, progress)
    rows.sort(key=lambda r: (-Fraction(r[2], r[3]), r[0]))
    return _result(rows, nbins)


def _check_board(players: Players, board: tuple[int, ...]) -> None:
    from omaha.cards import require_distinct

    holes = [(f"in player {i + 1}'s hole cards", h) for i, h in enumerate(players.parsed.holes)
             if h is not None]  # fmt: skip
    require_distinct([*holes, ("on the board", board), ("in the dead cards", players.parsed.dead)])


def _result(
    rows: Sequence[tuple[tuple[int, ...], int, int, int]], nbins: int
) -> EquityDistribution:
    import pyarrow as pa

    total = sum(r[1] for r in rows)
    scale = 100 / total
    combos = pa.table(
        {
            "hole": pa.array([format_cards(r[0]) for r in rows], pa.string()),
            "weight": pa.array([r[1] / 100 for r in rows], pa.float64()),
            "equity": pa.array([r[2] / (UNIT * r[3]) for r in rows], pa.float64()),
            "share": pa.array([r[2] for r in rows], pa.int64()),
            "deals": pa.array([r[3] for r in rows], pa.int64()),
        }
    )
    counts = [0] * nbins
    weights = [0] * nbins
    for _, w, share, deals in rows:
        k = min(share * nbins // (UNIT * deals), nbins - 1)
        counts[k] += 1
        weights[k] += w
    buckets = pa.table(
        {
            "low": pa.array([k / nbins for k in range(nbins)], pa.float64()),
            "high": pa.array([(k + 1) / nbins for k in range(nbins)], pa.float64()),
            "combos": pa.array(counts, pa.int64()),
            "weight": pa.array([w / 100 for w in weights], pa.float64()),
            "percent": pa.array([w * scale for w in weights], pa.float64()),
        }
    )
    return EquityDistribution(combos, buckets)


def percentile(
    hand: Cards,
    range: Any,
    opponent: Any,
    board: Cards = (),
    *,
    game: GameName = "hi",
    dead: Cards = (),
) -> int:
    """Where ``hand`` stands in ``range`` (1..100) by its equity against ``opponent`` on ``board``.

    Parameters
    ----------
    hand : hole cards
    range : range
        The range the hand is ranked in (an :class:`omaha.Range` or text).
    opponent : hole cards or range
    board, game, dead
        As :func:`equity_distribution`.

    Returns
    -------
    int
        ``ceil(100 * W / T)``, at least 1: ``T`` the weight of the range's
        combinations (those that avoid the board, dead and opponent cards)
        and ``W`` the weight of those whose exact equity is at most the
        hand's. The range's best hand ranks 100; a hand worse than the
        whole range ranks 1. Odds Oracle's rank measures the same thing.

    Raises
    ------
    InvalidCardError, RangeSyntaxError, ArgumentError
        As :func:`equity_distribution`; ``hand`` must be hole cards.

    Examples
    --------
    >>> percentile("AhAs9d8c", "AA", "KhKs7d6c", board="Kd8h2c")
    9
    """
    cards = as_cards(hand, "hand")
    mine = Players([cards, opponent], dead, game)
    b = tuple(as_cards(board, "board"))
    _check_board(mine, b)
    c = _hand(mine, b)
    if c is None:
        raise ArgumentError("the opponent's range leaves no possible deal against the hand")
    own = Fraction(*c)
    rows = _combos(Players([range, opponent], dead, game), b)
    total = sum(r[1] for r in rows)
    below = sum(r[1] for r in rows if Fraction(r[2], r[3]) <= own)
    return max(1, -(-100 * below // total))
