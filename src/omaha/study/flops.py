"""Every flop of a spot: each player's exact equity on it, and its texture (docs/study.md).

Examples
--------
>>> t = flop_equities(["AhAsKhKs", "JdTd9c8c"])
>>> t.num_rows, sum(t.column("weight").to_pylist())
(7513, 13244)
>>> row = t.slice(0, 1).to_pylist()[0]
>>> row["flop"], row["weight"], row["suits"], round(row["equity_1"], 4)
('AdAcKd', 1, 'two-tone', 0.9512)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from omaha.cards import format_cards
from omaha.errors import ArgumentError
from omaha.games import GameName
from omaha.study._boards import board_plan, count_boards
from omaha.study._spot import UNIT, Counts, Players, suit_group
from omaha.study.texture import TEXTURE_COLUMNS, texture_of

if TYPE_CHECKING:
    import pyarrow as pa

    from omaha.cards import Cards

__all__ = ["flop_equities", "flop_rows", "flops_of", "mean_equity", "result_table", "to_table"]


def flops_of(players: Players) -> list[tuple[tuple[int, ...], int]]:
    """Return the flops possible, suit-isomorphic ones folded: ``(flop, weight)``, in order.

    ``flop`` is the representative (codes, highest first) and ``weight`` the
    number of real flops it stands for. Cards held by a player's hole cards
    or dead are left out; a range's cards are not (its combinations that
    hold a flop card are dropped flop by flop).
    """
    group = suit_group(players)
    deck = [c for c in range(52) if not players.known >> c & 1]
    seen: dict[tuple[int, ...], int] = {}
    for flop in itertools.combinations(deck, 3):
        best = max(
            tuple(sorted((4 * (c >> 2) + perm[c & 3] for c in flop), reverse=True))
            for perm in group
        )
        seen[best] = seen.get(best, 0) + 1
    return sorted(seen.items(), reverse=True)


def flop_rows(
    players: Players,
    flops: Iterable[tuple[tuple[int, ...], int]],
    on_flop: Callable[[], None] | None = None,
) -> list[tuple[tuple[int, ...], int, Counts]]:
    """Count each flop exactly; a flop where no deal is possible (ranges blocked) is left out."""
    out = []
    for flop, weight in flops:
        counts = players.count(flop)
        if counts is not None:
            out.append((flop, weight, counts))
        if on_flop is not None:
            on_flop()
    return out


def to_table(players: Players, rows: Sequence[tuple[tuple[int, ...], int, Counts]]) -> pa.Table:
    """Return the table of :func:`flop_equities` from counted rows."""
    import pyarrow as pa

    cols: dict[str, list[Any]] = {"flop": [], "weight": [], "deals": []}
    for name in TEXTURE_COLUMNS:
        cols[name] = []
    per = ["equity", "share"] + (
        ["high_share", "low_share", "win", "tie", "scoop"] if players.hilo else ["win", "tie"]
    )
    for i in range(players.n):
        for name in per:
            cols[f"{name}_{i + 1}"] = []
    for flop, weight, c in rows:
        cols["flop"].append(format_cards(flop))
        cols["weight"].append(weight)
        cols["deals"].append(c.deals)
        for name, value in texture_of(flop).items():
            cols[name].append(value)
        d = c.deals
        for i in range(players.n):
            j = f"_{i + 1}"
            cols["equity" + j].append(c.share[i] / (UNIT * d))
            cols["share" + j].append(c.share[i])
            cols["win" + j].append(c.win[i] / d)
            cols["tie" + j].append(c.tie[i] / d)
            if players.hilo:
                cols["high_share" + j].append(c.high[i] / (UNIT * d))
                cols["low_share" + j].append((c.share[i] - c.high[i]) / (UNIT * d))
                cols["scoop" + j].append(c.scoop[i] / d)
    for name in ("share_" + str(i + 1) for i in range(players.n)):
        if any(v >= 2**63 for v in cols[name]):
            raise ArgumentError("the pot shares are too large for 64-bit columns")
    types = {"flop": pa.string(), "weight": pa.int64(), "deals": pa.int64()}
    fields = []
    for name, values in cols.items():
        t = types.get(name)
        if t is None:
            if name.startswith("share_"):
                t = pa.int64()
            elif name in ("suits", "pairing", "high_card"):
                t = pa.string()
            elif name in ("span", "low_cards"):
                t = pa.int8()
            elif name in ("straight_possible", "low_possible"):
                t = pa.bool_()
            else:
                t = pa.float64()
        fields.append(pa.array(values, type=t))
    return pa.Table.from_arrays(fields, names=list(cols))


def flop_equities(
    hands: Sequence[Any],
    *,
    game: GameName = "hi",
    dead: Cards = (),
    progress: bool | float = False,
) -> pa.Table:
    """Each player's exact equity on every flop, one row per suit-isomorphic flop.

    Parameters
    ----------
    hands : sequence of hole cards or ranges
        Two to ten players, as :func:`omaha.equity` takes them: hole cards
        (``"AhAsKhKs"``, 4, 5 or 6 cards, the same for everyone) or a range
        (an :class:`omaha.Range` or range text, docs/ranges.md). ``None`` (a
        random hand) is refused: pass the range ``"100%"``.
    game : {"hi", "hilo"}, default "hi"
        Omaha High, or Omaha Hi-Lo eight or better (docs/rules.md §2-§4).
    dead : cards, default ()
        Cards out of play.
    progress : bool or float, default False
        A tqdm progress bar on stderr, one step per flop, or per complete
        board when the spot is counted board by board (see Notes; a number:
        shown only once the run has lasted that many seconds).

    Returns
    -------
    pyarrow.Table
        One row per flop possible with the known cards dealt, flops that a
        suit permutation keeping every hand, range and dead card the same
        maps one to another folded into one row (they have the same
        equities). Rows from the highest flop down. Columns:

        - ``flop``: the row's representative flop (highest card first);
        - ``weight``: the number of real flops the row stands for;
        - ``deals``: the (weighted) deals counted on one such flop: every
          turn and river, times every combination of the ranges that
          avoids the cards dealt (each counted with the product of its
          percent weights, as :func:`omaha.equity` does);
        - the texture columns of :func:`omaha.study.texture.texture`;
        - per player ``i`` (1-based): ``equity_i`` (the expected share of the
          pot over every turn and river), ``share_i`` (the exact pot share
          won, an integer in ``1 / 5040`` of a pot, summed over ``deals``:
          ``equity_i == share_i / (5040 * deals)``), ``win_i``, ``tie_i``
          (the best high hand alone, or shared), and in Hi-Lo
          ``high_share_i``, ``low_share_i`` and ``scoop_i``.

        A flop on which the ranges leave no deal (every combination blocked)
        has no row.

    Raises
    ------
    InvalidCardError
        A malformed or repeated card, or mixed hole sizes.
    RangeSyntaxError
        Malformed range text.
    ArgumentError
        Fewer than 2 or more than 10 players, a ``None`` hand, a range with
        no hand left, a bad ``game``.

    Notes
    -----
    The weighted mean over the rows is exactly the preflop equity of
    :func:`omaha.equity` (wins plus the share of ties, docs/rules.md §4):
    ``sum(weight * share_i) / (5040 * sum(weight * deals))``. With hole
    cards only, ``deals`` is the same on every row and the mean weighted by
    ``weight`` alone is that equity; with ranges, card removal makes some
    flops likelier than others, and ``weight * deals`` is each row's
    probability (up to one constant). :func:`mean_equity` computes it as a
    fraction.

    Heads-up, one known hand of 4 cards against a range, the count is
    board-centred (:mod:`omaha._flops`, one thread, the GIL released): each
    complete board completes 10 flops, so the hand and every combination
    of the range are evaluated once per board for all 10, and one board
    per orbit of the suit permutations that keep the spot is evaluated
    (hand against a 15% range on every flop: about 80 s on one core,
    docs/performance.md). Every other spot (hand against hand, 5 or 6
    hole cards, three or more players, two ranges) is one exact run of the
    compiled loops of :mod:`omaha._equity` per flop on one thread (hand
    against hand: about 50 microseconds a flop). Both give the same
    integers.

    Examples
    --------
    >>> t = flop_equities(["AhAsKhKs", "JdTd9c8c"])
    >>> mean_equity(t, 1)
    Fraction(166923, 271502)
    >>> mean_equity(t, 1) == Fraction(667692, 1086008)
    True
    """
    players = Players(hands, dead, game)
    flops = flops_of(players)
    plan = board_plan(players, flops)
    if plan is not None:
        bar = _bar(progress, math.comb(len(plan.deck), 5), "boards")
    else:
        bar = _bar(progress, len(flops), "flops")
    try:
        if plan is not None:
            rows = count_boards(players, plan, flops, None if bar is None else bar.update)
        else:
            rows = flop_rows(players, flops, None if bar is None else lambda: bar.update(1))
    finally:
        if bar is not None:
            bar.close()
    return result_table(players, rows)


def result_table(players: Players, rows: Sequence[tuple[tuple[int, ...], int, Counts]]) -> pa.Table:
    """Return the table of :func:`flop_equities` from every flop's counted rows.

    Raises
    ------
    ArgumentError
        When no row is left: the ranges leave no possible deal on any flop.
    """
    if not rows:
        raise ArgumentError("the ranges leave no possible deal on any flop")
    return to_table(players, rows)


def mean_equity(table: pa.Table, player: int) -> Fraction:
    """Return the exact equity of ``player`` (1-based) over the flops of a table.

    ``sum(weight * share) / (5040 * sum(weight * deals))``: the preflop
    equity when the table holds every flop.

    Raises
    ------
    ArgumentError
        ``player`` is not a player of the table.
    """
    name = f"share_{player}"
    if isinstance(player, bool) or not isinstance(player, int) or name not in table.column_names:
        raise ArgumentError(f"player must be 1..{_players_of(table)}, got {player!r}")
    weight = table.column("weight").to_pylist()
    share = table.column(name).to_pylist()
    deals = table.column("deals").to_pylist()
    num = sum(w * s for w, s in zip(weight, share, strict=True))
    den = sum(w * d for w, d in zip(weight, deals, strict=True))
    return Fraction(num, UNIT * den)


def _players_of(table: pa.Table) -> int:
    return sum(name.startswith("share_") for name in table.column_names)


def _bar(progress: bool | float, total: int, unit: str) -> Any:
    if isinstance(progress, bool) or not isinstance(progress, (int, float)):
        if not isinstance(progress, bool):
            raise ArgumentError(f"progress must be a bool or a number of seconds, got {progress!r}")
    elif progress < 0:
        raise ArgumentError(f"progress must be a bool or a number of seconds, got {progress!r}")
    if not progress:
        return None
    import sys

    from tqdm import tqdm

    delay = 0.0 if progress is True else float(progress)
    return tqdm(total=total, unit=unit, file=sys.stderr, delay=delay, leave=False)
