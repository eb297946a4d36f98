"""Omaha Hi and Hi-Lo equity: exact enumeration and Monte Carlo.

:func:`equity` answers "how often does each hand win, and what share of the
pot does it take on average?" for 2 to 10 players with 4-, 5- or 6-card
hole cards, a board of 0, 3, 4 or 5 cards, dead cards, unknown (random)
opponent hands and hands drawn from ranges (docs/ranges.md). The loops run
in the compiled module :mod:`omaha._equity` with the GIL released, on the
lookup tables of the evaluator core; this module validates the input,
plans the work (threads, chunks for the progress bar and Ctrl-C) and turns
the integer counts into an :class:`EquityResult`. The rules are
docs/rules.md §2 (high), §3 (low) and §4 (how a pot is split).

(This module was ``omaha.equity`` before the name went to the function
alone: ``omaha.equity`` is :func:`equity`.)

Examples
--------
>>> r = equity(["AhAsKhKs", "JdTd9c8c"])
>>> r.method, r.boards
('exact', 1086008)
>>> round(r[0].equity, 6), round(r[1].equity, 6)
(0.614813, 0.385187)
"""

from __future__ import annotations

import math
import os
import sys
import time
import types
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

from omaha import _equity
from omaha._threads import Workers
from omaha.cards import MAX_PLAYERS, as_cards, parse_cards, require_distinct
from omaha.errors import ArgumentError, DuplicateCardError, InvalidCardError, quote
from omaha.games import Game, GameName, check_game

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from omaha.cards import Cards
    from omaha.ranges import Range

    HoleOrRange: TypeAlias = Cards | Range | None

__all__ = ["EquityResult", "MAX_DEALS", "PlayerEquity", "equity"]

Method = Literal["auto", "exact", "monte-carlo"]

# Most players the deck allows per hole size (docs/rules.md §1).
# Cells of the per-player count table: high code 0..10 x low code 0..11.
_N_OUT = 132
_NO_LOW = 11
# Pot shares are multiples of 1 / _UNIT (halves split among up to 10).
_UNIT = 2 * 2520
# Monte Carlo: samples per block (one generator each) and blocks per round
# (target_stderr is checked after each round).
_BLOCK = 1024
_ROUND = 64
_DEFAULT_SAMPLES = 100_000
_DEFAULT_MAX_SAMPLES = 100_000_000
_MAX_SAMPLES = 2**63 - 1
# method="auto" with ranges: exact up to this many (unweighted) deals.
_AUTO_EXACT_DEALS = 200_000_000
# Work (deals) below which threads=None runs on one thread.
_THREADS_MIN_WORK = 1 << 18
MAX_DEALS = 2_000_000_000
"""The most deals ``method="exact"`` enumerates unless ``max_deals=`` says more.

About half a minute on one core with 4-card hands (:func:`equity`, Notes).
"""
# Seconds per deal and player, per pair of hole cards a hand can play (C(size, 2)):
# rough figures of one core of the reference machine (docs/guide.md), used only to
# say how long a refused run would take and whether a progress bar is worth showing.
_SECONDS_EXACT = 1.0e-9
_SECONDS_RANGES = 3.0e-9
_SECONDS_MONTE_CARLO = 1.0e-8
# Exact against one random 4-card hand (counted by rank multisets): per board.
_SECONDS_GROUPED_BOARD = 1.5e-6
# progress=None shows a bar on a terminal at once for runs expected to last this long.
_PROGRESS_SECONDS = 3.0


def _cell(cell: int) -> tuple[tuple[int, int | None], int, int]:
    """Return a count cell's outcome key and its pot shares (high, low) in 1/_UNIT."""
    i, j = divmod(cell, 12)
    high = 0 if i == 0 else (_UNIT // i if j == _NO_LOW else _UNIT // (2 * i))
    low = 0 if j in (0, _NO_LOW) else _UNIT // (2 * j)
    return (i, None if j == _NO_LOW else j), high, low


_CELLS = tuple(_cell(cell) for cell in range(_N_OUT))


@dataclass(frozen=True, slots=True)
class PlayerEquity:
    """One player's share of the pot over every deal counted.

    Every probability and share is in [0, 1] and counts deals: one per
    board (and, with unknown hands, per combination of those hands) for an
    exact result, one per sample for Monte Carlo.
    """

    hole_cards: tuple[int, ...] | None
    """The player's hole card codes as given, or ``None`` for a random hand or a range."""
    equity: float
    """The expected share of the pot: ``high_share + low_share``."""
    win: float
    """Probability of holding the best high hand alone."""
    tie: float
    """Probability of sharing the best high hand with other players."""
    scoop: float
    """Probability of winning the whole pot alone (in ``"hi"``, equal to ``win``)."""
    high_share: float
    """Expected share of the pot won with the high hand (in ``"hi"``, ``equity``)."""
    low_share: float
    """Expected share of the pot won with the low hand (0 in ``"hi"``)."""
    equity_fraction: Fraction
    """``equity`` as an exact fraction of the deals counted."""
    outcomes: Mapping[tuple[int, int | None], int]
    """The raw counts: deals per ``(high, low)`` outcome for this player.

    ``high`` is 0 when the player does not have the best high hand, else
    the number of players sharing it (1 = alone); ``low`` is likewise 0 or
    the number sharing the best qualifying low, and ``None`` when nobody
    has a qualifying low (always in ``"hi"``). Only outcomes that occurred
    are listed; the counts add up to the number of deals (``result.deals``).
    With weighted ranges an exact deal counts the product of its hands'
    weights (see :func:`equity`, Notes).
    """
    stderr: float | None = None
    """Standard error of ``equity`` (Monte Carlo), else ``None``."""
    range: Range | None = field(default=None, compare=False)
    """The range the player's hand was drawn from (as given or parsed), else ``None``."""


@dataclass(frozen=True, slots=True)
class EquityResult:
    """The result of :func:`equity`: one :class:`PlayerEquity` per player.

    ``result[i]`` is ``result.players[i]``; ``len(result)`` is the number of
    players.
    """

    players: tuple[PlayerEquity, ...]
    """Per player, in the order given."""
    game: Game
    """``"hi"`` (Omaha High) or ``"hilo"`` (Omaha Hi-Lo eight or better)."""
    method: Literal["exact", "monte-carlo"]
    """How the result was computed."""
    board: tuple[int, ...]
    """The known board cards."""
    dead: tuple[int, ...]
    """The dead cards."""
    boards: int | None
    """Exact: the number of deals enumerated (each completion of the board,
    times each combination of the unknown hands when some are ``None`` and
    of the ranges' hands), each counted with its weight when a range is
    weighted."""
    samples: int | None
    """Monte Carlo: the number of deals sampled."""
    stderr: float | None
    """Monte Carlo: the largest standard error of any player's ``equity``."""
    seed: int | None
    """Monte Carlo: the seed used (drawn from ``os.urandom`` when none was given)."""
    seconds: float = field(default=0.0, compare=False)
    """Wall-clock time of the computation."""

    def __getitem__(self, i: int) -> PlayerEquity:
        return self.players[i]

    def __len__(self) -> int:
        return len(self.players)

    def __iter__(self) -> Iterator[PlayerEquity]:
        return iter(self.players)

    @property
    def deals(self) -> int:
        """The number of deals counted (``boards`` or ``samples``)."""
        return self.boards if self.boards is not None else (self.samples or 0)


# ------------------------------------------------------------------ validation


@dataclass
class _Parsed:
    """A validated spot: what the compiled Spot needs, and the ranges as given."""

    holes: list[tuple[int, ...] | None]  # known holes; None for unknown and ranged players
    ranges: dict[int, Range]  # ranged players, by index
    size: int
    board: tuple[int, ...]
    dead: tuple[int, ...]


def _reads_as_cards(text: str) -> bool:
    """Whether ``text`` is card text (``"AhAsKhKs"``, ``"As Kd"``), valid or not in count."""
    try:
        parse_cards(text)
    except DuplicateCardError:
        return True
    except InvalidCardError:
        return False
    return True


def _as_range(hole: object) -> Range | None:
    """Return ``hole`` if it is an :class:`omaha.ranges.Range`, else None.

    Card input (text, bytes, a list or tuple of codes) is never a range, and
    does not load :mod:`omaha.ranges` (nor NumPy) to be told so.
    """
    if hole is None or isinstance(hole, (str, bytes, list, tuple)):
        return None
    from omaha.ranges import Range

    return hole if isinstance(hole, Range) else None


def _parse_spot(holes: Sequence[HoleOrRange], board: Cards, dead: Cards, game: Game) -> _Parsed:
    """Validate the hands, board and dead cards; read range texts."""
    if isinstance(holes, (str, bytes)) or not isinstance(holes, Sequence):
        raise ArgumentError(
            f"holes must be a sequence of hands, one per player, got {quote(holes)}"
        )
    n = len(holes)
    if not 2 <= n <= 10:
        raise ArgumentError(f"equity needs 2 to 10 players, got {n}: {quote(holes)}")
    parsed: list[tuple[int, ...] | None] = []
    texts: dict[int, str] = {}
    ranges: dict[int, Range] = {}
    sizes: set[int] = set()
    for i, hole in enumerate(holes):
        parsed.append(None)
        if hole is None:
            continue
        given = _as_range(hole)
        if given is not None:
            ranges[i] = given
            sizes.add(given.hole_count)
            continue
        if isinstance(hole, str) and not _reads_as_cards(hole):
            texts[i] = hole
            continue
        cards = as_cards(hole, f"player {i + 1}")
        if len(cards) not in MAX_PLAYERS:
            raise InvalidCardError(
                f"player {i + 1} has {len(cards)} hole cards ({quote(hole)}); "
                "Omaha deals 4, 5 or 6 (docs/rules.md §1)"
            )
        parsed[i] = cards
        sizes.add(len(cards))
    if len(sizes) > 1:
        raise InvalidCardError(
            f"every player needs the same number of hole cards, got {sorted(sizes)}"
            f" in {quote(holes)}"
        )
    size = sizes.pop() if sizes else 4
    if texts:
        from omaha.ranges import parse_range

        for i, text in texts.items():
            ranges[i] = parse_range(text, hole_count=size, game=game)
    b = as_cards(board, "board")
    if len(b) not in (0, 3, 4, 5):
        raise InvalidCardError(
            f"board needs 0, 3, 4 or 5 cards (preflop, flop, turn, river), got {len(b)}:"
            f" {quote(board)}"
        )
    d = as_cards(dead, "dead cards")
    groups = [(f"in player {i + 1}'s hole cards", h) for i, h in enumerate(parsed) if h is not None]
    require_distinct([*groups, ("on the board", b), ("in the dead cards", d)])
    if n > MAX_PLAYERS[size]:
        raise ArgumentError(
            f"{n} players with {size} hole cards are too many for one deck: at most "
            f"{MAX_PLAYERS[size]} (docs/rules.md §1)"
        )
    need = n * size + 5 + len(d)
    if need > 52:
        raise ArgumentError(
            f"{n} players x {size} hole cards + 5 board cards + {len(d)} dead cards "
            f"need {need} cards; the deck has 52"
        )
    return _Parsed(parsed, dict(sorted(ranges.items())), size, b, d)


def _range_rows(
    p: _Parsed,
) -> dict[int, tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64]]]:
    """Each range's combinations that avoid every known card, with integer weights.

    A combination holding a board, dead or known hole card is impossible
    and dropped (docs/ranges.md §11). The weights are the percents divided
    by their greatest common divisor (1 for every hand of an unweighted
    range); whether combinations of different players collide is decided
    deal by deal in the compiled loops.
    """
    import numpy as np

    known = 0
    for cards in (*[h for h in p.holes if h is not None], p.board, p.dead):
        for c in cards:
            known |= 1 << c
    out = {}
    for i, r in p.ranges.items():
        holes = r.holes
        bits = np.left_shift(np.uint64(1), holes.astype(np.uint64))
        masks = np.bitwise_or.reduce(bits, axis=1)
        keep = (masks & np.uint64(known)) == 0
        if not keep.any():
            raise ArgumentError(
                f"player {i + 1}'s range ({len(r):,} hands) has no hand left once the "
                "board, dead and known hole cards are removed"
            )
        pct = np.rint(r.weights[keep] * 100).astype(np.int64)  # 1..100 exactly
        out[i] = (np.ascontiguousarray(holes[keep]), pct // math.gcd(*pct.tolist()))
    return out


def _check_int(value: object, name: str, low: int, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentError(f"{name} must be an integer, got {quote(value)}")
    if value < low or (high is not None and value > high):
        bound = f"{low}..{high}" if high is not None else f">= {low}"
        raise ArgumentError(f"{name} must be {bound}, got {quote(value)}")
    return value


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


# ------------------------------------------------------------------- running

_Kernel = Callable[[int, int, Any, bool], bool]


class _Runner:
    """Runs kernel calls over task ranges, on one or more threads (:class:`omaha._threads.Workers`).

    Each call adds into its own count array; the totals are integer sums,
    so they do not depend on how the work was split or scheduled. Ctrl-C
    (KeyboardInterrupt) stops every running call at its next check.
    """

    def __init__(self, spot: _equity.Spot, threads: int, bar: Any) -> None:
        self.spot = spot
        self.bar = bar
        self.workers = Workers(threads, "omaha-equity", on_error=spot.stop)

    def __enter__(self) -> _Runner:
        self.workers.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self.workers.__exit__(*exc)

    def run(self, kernel: _Kernel, chunks: list[tuple[int, int, int]], nout: int) -> list[int]:
        """Return the counts summed over ``kernel(first, last)`` for every chunk."""
        from array import array

        signals = self.workers.inline  # Ctrl-C is seen by the kernel on the main thread only
        total: list[int] = []

        def one(chunk: tuple[int, int, int]) -> array[int]:
            acc = array("q", bytes(8 * nout))
            if not kernel(chunk[0], chunk[1], acc, signals):
                raise KeyboardInterrupt
            return acc

        for chunk, acc in self.workers.as_done(one, chunks):
            total = [a + b for a, b in zip(total, acc, strict=True)] if total else acc.tolist()
            if self.bar is not None:
                self.bar.update(chunk[2])
        return total or [0] * nout


def _chunks(weights: Sequence[int], target: int) -> list[tuple[int, int, int]]:
    """Group consecutive tasks into (first, last, weight) of about ``target``."""
    out: list[tuple[int, int, int]] = []
    first, acc = 0, 0
    for t, w in enumerate(weights):
        acc += w
        if acc >= target:
            out.append((first, t + 1, acc))
            first, acc = t + 1, 0
    if first < len(weights):
        out.append((first, len(weights), acc))
    return out


def _uniform_chunks(tasks: int, weight: int, target: int) -> list[tuple[int, int, int]]:
    step = max(1, target // max(weight, 1))
    return [
        (a, min(a + step, tasks), (min(a + step, tasks) - a) * weight)
        for a in range(0, tasks, step)
    ]


def _chunk_target(total: int, threads: int, progress: bool) -> int:
    if threads == 1 and not progress:
        return max(total, 1)
    parts = 100 if progress else 8 * threads
    return max(1 << 16, total // parts)


def _progress_bar(progress: bool | float, total: int, unit: str) -> Any:
    if not progress:
        return None
    from tqdm import tqdm

    delay = 0.0 if progress is True else float(progress)
    return tqdm(
        total=total, unit=unit, unit_scale=True, file=sys.stderr, delay=delay, leave=False,
        desc="equity",
    )  # fmt: skip


# ----------------------------------------------------------------- reporting


def _player(
    hole: tuple[int, ...] | None,
    counts: Sequence[int],
    deals: int,
    mc: bool,
    hand_range: Range | None = None,
) -> PlayerEquity:
    cells = [(_CELLS[cell], c) for cell, c in enumerate(counts) if c]
    high = sum(c * hu for (_, hu, _), c in cells)
    low = sum(c * lu for (_, _, lu), c in cells)
    win = sum(c for ((i, _), _, _), c in cells if i == 1)
    tie = sum(c for ((i, _), _, _), c in cells if i >= 2)
    scoop = sum(c for ((i, j), _, _), c in cells if i == 1 and j in (1, None))
    share = Fraction(high + low, _UNIT * deals)
    stderr = None
    if mc:
        mean = float(share)
        sq = sum(c * ((hu + lu) / _UNIT) ** 2 for (_, hu, lu), c in cells)
        var = max(sq / deals - mean * mean, 0.0) * deals / max(deals - 1, 1)
        stderr = math.sqrt(var / deals)
    return PlayerEquity(
        hole_cards=hole,
        equity=float(share),
        win=win / deals,
        tie=tie / deals,
        scoop=scoop / deals,
        high_share=float(Fraction(high, _UNIT * deals)),
        low_share=float(Fraction(low, _UNIT * deals)),
        equity_fraction=share,
        outcomes=types.MappingProxyType({key: c for (key, _, _), c in cells}),
        stderr=stderr,
        range=hand_range,
    )


def _max_stderr(totals: Sequence[int], n: int, deals: int) -> float:
    worst = 0.0
    for p in range(n):
        cells = [
            (c, (hu + lu) / _UNIT)
            for (_, hu, lu), c in zip(_CELLS, totals[p * _N_OUT : (p + 1) * _N_OUT], strict=True)
            if c
        ]
        mean = sum(c * x for c, x in cells) / deals
        sq = sum(c * x * x for c, x in cells) / deals
        var = max(sq - mean * mean, 0.0) * deals / max(deals - 1, 1)
        worst = max(worst, math.sqrt(var / deals))
    return worst


# ----------------------------------------------------------------------- API


def equity(
    holes: Sequence[HoleOrRange],
    board: Cards = (),
    dead: Cards = (),
    game: GameName = "hi",
    method: Method = "auto",
    samples: int | None = None,
    target_stderr: float | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: bool | float | None = None,
    max_deals: int = MAX_DEALS,
) -> EquityResult:
    """Compute each player's Omaha Hi or Hi-Lo equity, exactly or by Monte Carlo.

    Parameters
    ----------
    holes : sequence of cards, ranges or None
        Each player's hand (2 to 10 players). Hole cards: 4 cards, or 5 or
        6 for 5- and 6-card Omaha, the same number for every player, as
        text (``"AhAsKhKs"``) or card codes. A range: an
        :class:`omaha.Range` or range text (``"KK+:$ds"``, ``"15%"``;
        docs/ranges.md), read for the players' hole size and ``game``. A
        string is hole cards when it reads as card text (every token a rank
        and a suit: ``"AhAsKhKs"``, ``"As Kd 7h 2c"``), else a range; put a
        range that reads as cards in parentheses (``"(AsKs)"``). ``None``
        is a random hand: every possible hand (exact) or a random one per
        sample (Monte Carlo).
    board : cards, default ()
        The known board: 0 (preflop), 3 (flop), 4 (turn) or 5 (river) cards.
    dead : cards, default ()
        Cards known to be out of play (folded or exposed).
    game : {"hi", "hilo"}, default "hi"
        Omaha High, or Omaha Hi-Lo eight or better.
    method : {"auto", "exact", "monte-carlo"}, default "auto"
        ``"auto"`` is Monte Carlo when a hand is ``None``, when ``samples``
        or ``target_stderr`` is given, or when ranges make more than
        200,000,000 deals to enumerate; exact otherwise. ``"exact"``
        enumerates every hand of every range and ``None`` player too (see
        Notes).
    samples : int, optional
        Monte Carlo: the number of deals to sample (default 100,000); with
        ``target_stderr``, the most to sample (default 100,000,000). At
        most ``2**63 - 1``.
    target_stderr : float, optional
        Monte Carlo: stop as soon as every player's standard error of
        ``equity`` is at most this (checked every 65,536 samples).
    seed : int, optional
        Monte Carlo seed, 0 <= seed < 2**64. The result depends only on
        ``seed``, ``samples`` and ``target_stderr``, never on ``threads``.
        ``None`` draws one from ``os.urandom`` (reported as ``result.seed``).
        Ignored by exact enumeration.
    threads : int, optional
        Python threads running the compiled loops with the GIL released.
        ``None`` uses every available core for runs of more than 262,144
        deals and one thread otherwise.
    progress : bool, float or None, default None
        Show a tqdm progress bar on stderr; a positive number shows it only
        once the run has lasted that many seconds. ``None``: a bar when
        stderr is a terminal, at once for a run expected to take 3 seconds
        or more (exact or Monte Carlo), else once the run has lasted 3 s.
    max_deals : int, default 2,000,000,000 (:data:`MAX_DEALS`)
        The most deals exact enumeration (``method="exact"``) takes on: a
        run of more is refused before it starts, with the count and the
        time it would take. Exact against one random 4-card hand is
        counted by rank multisets: a few seconds at most, counted as the
        deals that time would enumerate.

    Returns
    -------
    EquityResult
        ``result[i]`` (a :class:`PlayerEquity`) has ``equity``, ``win``,
        ``tie``, ``scoop``, ``high_share``, ``low_share``, the exact
        ``equity_fraction``, the raw ``outcomes`` counts, (Monte Carlo)
        ``stderr`` and the player's ``range``; ``result.method``,
        ``result.boards`` or ``result.samples``, ``result.stderr`` and
        ``result.seed``.

    Raises
    ------
    InvalidCardError
        A malformed card, a wrong number of hole or board cards (a board of
        1, 2 or 6 cards; hole sizes mixed within one call), or a card held
        twice across players, board and dead cards
        (:class:`DuplicateCardError`); the message names it.
    RangeSyntaxError
        Malformed range text (a ``ValueError``; docs/ranges.md §12).
    PreflopTableError
        A percent range for a hole size without a preflop table.
    ValueError
        Fewer than 2 or more than 10 players, more players than the deck
        allows (10 with 4 hole cards, 8 with 5, 7 with 6, and every card
        dealt must exist), a range with no hand left once the known cards
        are removed, ranges that leave no deal (or, for Monte Carlo, almost
        none), or a bad ``game``, ``method``, ``samples``,
        ``target_stderr``, ``seed``, ``threads``, ``progress`` or
        ``max_deals``; an :class:`~omaha.ArgumentError`: an exact run of
        more than ``max_deals`` deals (``["AhAsKhKs", None, None]``
        preflop, a hand against the range ``"*"``), the message giving the
        count, the time it would take and the way to Monte Carlo.
    KeyboardInterrupt
        On Ctrl-C: the compiled loops stop within milliseconds.

    Notes
    -----
    How a deal is counted (docs/rules.md §4): the board is completed to five
    cards and every player's best high hand (§2) and, in ``"hilo"``, best
    eight-or-better low (§3) are compared.

    - Omaha Hi: the best high hand wins the pot; ``k`` players tied for it
      get ``1/k`` each. ``win`` counts the deals won alone, ``tie`` the
      deals shared, and ``equity`` the expected share: ``win`` plus each
      shared deal's ``1/k``.
    - Omaha Hi-Lo: the pot is halved. The high half goes to the best high
      hand, ``1/(2k)`` of the pot each among ``k`` tied players; the low
      half likewise to the best qualifying low (two tied lows get a
      quarter each: "quartered"). With no qualifying low the high hand
      takes the whole pot (``1/k`` each). One player may win both halves;
      ``scoop`` is winning the whole pot alone. ``high_share`` and
      ``low_share`` are the expected parts of the pot won with each hand,
      and ``equity = high_share + low_share``; ``win`` and ``tie`` are
      about the high hand.

    Pots are treated as continuous: the odd-chip rule of §4 is not applied.
    Counts are integers and shares exact fractions (``equity_fraction``),
    so exact results are exact; the floats are rounded once from them.

    Ranges. The deal is drawn from the joint distribution of the players'
    hands: a combination is impossible when it holds a known card (board,
    dead, another player's hole cards) or a card of another player's
    combination, and otherwise has the product of the players' weights.
    Exact enumeration visits every possible combination of the ranges
    (and then of the ``None`` hands and the boards); with weights, a deal
    counts the product of its hands' percents, each player's divided by
    their greatest common divisor (so an unweighted range counts each deal
    once), and ``outcomes`` and ``deals`` are those weighted counts. Monte
    Carlo draws the ranges' hands by rejection: one combination of each
    range uniformly, kept with probability weight / largest weight, the
    whole draw repeated until no card is held twice; the ``None`` hands
    and the board are then dealt uniformly from the cards left. Both give
    exactly the joint distribution.

    Cost: exact enumeration visits ``C(R, 5 - len(board))`` boards, ``R``
    being the cards left (1,086,008 heads-up preflop: about 7 ms for Hi,
    10 ms for Hi-Lo on one thread), times the combinations of the ranges.
    One ``None`` 4-card hand is counted by rank multisets, board group by
    board group (see :mod:`omaha._equity`): exact against one random hand
    takes about 3.5 s preflop, 10 ms on the flop. More ``None`` hands, or
    5- and 6-card ones, are enumerated hand by hand: ``C(R, 4)`` per
    ``None`` hand. Monte Carlo's error shrinks as ``1/sqrt(samples)``; a
    share's standard error is at most ``0.5 / sqrt(samples)``. The first
    call builds the evaluator's 22.5 MB Hi table (see :func:`omaha.warmup`).

    Examples
    --------
    >>> r = equity(["AhAsKhKs", "JdTd9c8c"], board="Qs7h2c")
    >>> r.boards, f"{r[0].equity:.4f}", f"{r[0].win:.4f}", f"{r[0].tie:.4f}"
    (820, '0.8183', '0.8183', '0.0000')
    >>> r = equity(["As2sKd3h", "Ac4cQhJh"], board="5d8s9c", game="hilo")
    >>> r[0].equity_fraction, f"{r[0].high_share:.4f}", f"{r[0].low_share:.4f}"
    (Fraction(138, 205), '0.3195', '0.3537')
    >>> r = equity(["AhAsKhKs", None], samples=20_000, seed=7)
    >>> r.method, r.samples, r.seed, f"{r[0].equity:.3f}"
    ('monte-carlo', 20000, 7, '0.699')
    >>> r = equity(["AhAsKhKs", "QQ+:$ds"], board="Qs7h2c")   # a hand against a range
    >>> r.method, r.boards, f"{r[0].equity:.4f}", len(r[1].range)
    ('exact', 492000, '0.4303', 2574)
    """
    start = time.perf_counter()
    game = check_game(game)
    p = _parse_spot(holes, board, dead, game)
    if method not in ("auto", "exact", "monte-carlo"):
        raise ArgumentError(f"method must be 'auto', 'exact' or 'monte-carlo', got {quote(method)}")
    if samples is not None:
        _check_int(samples, "samples", 1)
        if samples > _MAX_SAMPLES:  # the compiled loops count deals in int64
            raise ArgumentError(f"samples must be at most 2**63 - 1, got {quote(samples)}")
    if target_stderr is not None:
        if isinstance(target_stderr, bool) or not isinstance(target_stderr, (int, float)):
            raise ArgumentError(f"target_stderr must be a number, got {quote(target_stderr)}")
        if not 0 < target_stderr < 1:
            raise ArgumentError(f"target_stderr must be in (0, 1), got {quote(target_stderr)}")
    if seed is not None:
        _check_int(seed, "seed", 0, 2**64 - 1)
    if threads is not None:
        _check_int(threads, "threads", 1)
    if progress is not None and (not isinstance(progress, (bool, int, float)) or progress < 0):
        raise ArgumentError(
            f"progress must be a bool or a number of seconds, got {quote(progress)}"
        )
    _check_int(max_deals, "max_deals", 1)
    n = len(p.holes)
    unknown = sum(h is None for i, h in enumerate(p.holes) if i not in p.ranges)
    mc_args = samples is not None or target_stderr is not None
    if method == "exact" and mc_args:
        raise ArgumentError(
            "samples and target_stderr apply to Monte Carlo only, not method='exact'"
        )
    rows = _range_rows(p) if p.ranges else {}
    k = 5 - len(p.board)
    spot = _equity.Spot(p.holes, p.board, p.dead, game == "hilo", p.size, rows)
    inner = _inner_deals(spot.deck_size - len(rows) * p.size, p.size, unknown, k)
    combos = math.prod(len(w) for _, w in rows.values())
    chosen: Literal["exact", "monte-carlo"]
    if method != "auto":
        chosen = method
    elif unknown or mc_args or (rows and inner * combos > _AUTO_EXACT_DEALS):
        chosen = "monte-carlo"
    else:
        chosen = "exact"
    nout = n * _N_OUT + 1
    if chosen == "exact":
        deals = inner * combos
        rate = (_SECONDS_RANGES if rows else _SECONDS_EXACT) * n * math.comb(p.size, 2)
        visited = deals
        if spot.grouped:  # the random hand by rank multisets: a cost per board
            boards = math.comb(spot.deck_size - len(rows) * p.size - p.size, k)
            visited = math.ceil(combos * boards * _SECONDS_GROUPED_BOARD / rate)
        seconds = visited * rate / _threads_for(threads, visited)
        if visited > max_deals:
            raise ArgumentError(_too_many_deals(deals, seconds, max_deals))
        progress = _auto_progress(progress, seconds)
        totals, deals = _exact(spot, rows, inner, k, threads, progress, nout)
        players = tuple(_player(h, totals[i * _N_OUT : (i + 1) * _N_OUT], deals, False,
                                p.ranges.get(i)) for i, h in enumerate(p.holes))  # fmt: skip
        return EquityResult(
            players, game, "exact", p.board, p.dead, deals, None, None, None,
            time.perf_counter() - start,
        )  # fmt: skip

    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little")
    if samples is None:
        samples = _DEFAULT_SAMPLES if target_stderr is None else _DEFAULT_MAX_SAMPLES
    seconds = samples * n * math.comb(p.size, 2) * _SECONDS_MONTE_CARLO
    progress = _auto_progress(progress, seconds / _threads_for(threads, samples))
    totals, deals = _monte_carlo(spot, seed, samples, target_stderr, threads, progress, nout, n)
    players = tuple(_player(h, totals[i * _N_OUT : (i + 1) * _N_OUT], deals, True,
                            p.ranges.get(i)) for i, h in enumerate(p.holes))  # fmt: skip
    worst = max(x.stderr or 0.0 for x in players)
    return EquityResult(
        players, game, "monte-carlo", p.board, p.dead, None, deals, worst, seed,
        time.perf_counter() - start,
    )  # fmt: skip


def _auto_progress(progress: bool | float | None, seconds: float) -> bool | float:
    """Resolve ``progress=None``: a bar on a terminal, at once for a run expected to be long."""
    if progress is not None:
        return progress
    stream = sys.stderr
    if stream is None or not stream.isatty():  # None: no console (pythonw)
        return False
    return True if seconds >= _PROGRESS_SECONDS else _PROGRESS_SECONDS


def _duration(seconds: float) -> str:
    """Say a duration the way a person would: ``about 3 hours``, ``about 41,000 years``."""
    for unit, size in (("year", 365.25 * 86400), ("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= 2 * size:
            return f"about {seconds / size:,.0f} {unit}s"
    return f"about {max(seconds, 1):,.0f} seconds"


def _too_many_deals(deals: int, seconds: float, max_deals: int) -> str:
    return (
        f"an exact run would enumerate {deals:,} deals, more than max_deals={max_deals:,};"
        f" it would take {_duration(seconds)} on this machine. Use Monte Carlo"
        " (method='monte-carlo', or method='auto' with samples= or target_stderr=;"
        " omaha equity without --exact), or raise max_deals= (--max-deals) to enumerate anyway"
    )


def _inner_deals(r: int, size: int, unknown: int, k: int) -> int:
    """Deals once the ranged hands are set: the unknown hands, then the board, from r cards."""
    deals = math.comb(r - unknown * size, k)
    for u in range(unknown):
        deals *= math.comb(r - u * size, size)
    return deals


def _threads_for(threads: int | None, work: int) -> int:
    if threads is not None:
        return threads
    return _cores() if work > _THREADS_MIN_WORK else 1


def _exact(
    spot: _equity.Spot,
    rows: Mapping[int, tuple[Any, Any]],
    inner: int,
    k: int,
    threads: int | None,
    progress: bool | float,
    nout: int,
) -> tuple[list[int], int]:
    tasks = spot.tasks
    if rows:
        sizes = [len(w) for _, w in rows.values()]
        bound = inner * math.prod(int(w.sum()) for _, w in rows.values())
        if bound >= 2**63:
            raise ArgumentError(
                "too many weighted deals to count exactly in 64 bits; use Monte Carlo"
            )
        per = inner * math.prod(sizes[1:])  # at most, per combination of the first range
        total = tasks * per
        nthreads = _threads_for(threads, total)
        chunks = _uniform_chunks(tasks, per, _chunk_target(total, nthreads, bool(progress)))
    elif spot.grouped:
        total = inner
        nthreads = 1
        chunks = [(0, 1, inner)]
    elif spot.unknown:
        total = inner  # tasks: the first unknown hand, each with inner // tasks deals
        nthreads = _threads_for(threads, total)
        target = _chunk_target(total, nthreads, bool(progress))
        chunks = _uniform_chunks(tasks, inner // tasks, target)
    else:
        r = spot.deck_size
        weights = [math.comb(r - 1 - t, k - 1) for t in range(r - k + 1)] if k else [1]
        total = sum(weights)
        nthreads = _threads_for(threads, total)
        chunks = _chunks(weights, _chunk_target(total, nthreads, bool(progress)))
    bar = _progress_bar(progress, total, "deals")
    try:
        with _Runner(spot, nthreads, bar) as runner:
            totals = runner.run(spot.exact, chunks, nout)
    finally:
        if bar is not None:
            bar.close()
    if not rows:
        return totals, inner
    if not totals[-1]:
        raise ArgumentError(
            "the ranges leave no possible deal: every combination holds a card twice"
        )
    return totals, totals[-1] * inner


def _monte_carlo(
    spot: _equity.Spot,
    seed: int,
    samples: int,
    target: float | None,
    threads: int | None,
    progress: bool | float,
    nout: int,
    n: int,
) -> tuple[list[int], int]:
    nblocks = -(-samples // _BLOCK)
    nthreads = _threads_for(threads, samples)

    def kernel(first: int, last: int, acc: Any, signals: bool) -> bool:
        try:
            return spot.monte_carlo(seed, first, last, _BLOCK, samples, acc, signals)
        except ValueError as exc:  # ranges that keep colliding: the compiled core's message
            raise ArgumentError(str(exc)) from None

    def block_chunks(first: int, last: int, step: int) -> list[tuple[int, int, int]]:
        out = []
        for a in range(first, last, step):
            z = min(a + step, last)
            out.append((a, z, min(z * _BLOCK, samples) - a * _BLOCK))
        return out

    bar = _progress_bar(progress, samples, "samples")
    try:
        with _Runner(spot, nthreads, bar) as runner:
            if target is None:
                step = max(1, _chunk_target(samples, nthreads, bool(progress)) // _BLOCK)
                return runner.run(kernel, block_chunks(0, nblocks, step), nout), samples
            totals = [0] * nout
            done = 0
            for first in range(0, nblocks, _ROUND):
                last = min(first + _ROUND, nblocks)
                step = -(-(last - first) // nthreads)
                part = runner.run(kernel, block_chunks(first, last, step), nout)
                totals = [a + x for a, x in zip(totals, part, strict=True)]
                done = min(last * _BLOCK, samples)
                if _max_stderr(totals, n, done) <= target:
                    break
            return totals, done
    finally:
        if bar is not None:
            bar.close()
