"""The exact counting the study tools share: one spot, many boards.

:class:`Players` reads the players once (hole cards or ranges, as
:func:`omaha.equity` does) and :meth:`Players.count` runs the compiled
exact enumeration of :mod:`omaha._equity` for one board, without the
per-call validation of :func:`omaha.equity`. Range weights are the
integer percents divided by one divisor for the whole range (not per
board), so counts on different boards are in the same units and add up
to the preflop counts.
"""

from __future__ import annotations

import itertools
import math
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from omaha import _equity
from omaha._threads import Workers
from omaha.equities import _CELLS, _N_OUT, _UNIT, _cores, _parse_spot
from omaha.errors import ArgumentError
from omaha.games import GameName, check_game

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from omaha.cards import Cards

__all__ = ["UNIT", "Counts", "HoleCounts", "Players", "suit_group"]

UNIT = _UNIT
"""Pot shares are counted in multiples of ``1 / UNIT`` of a pot."""


@dataclass(frozen=True, slots=True)
class Counts:
    """Exact counts of one spot: per player, summed over every deal."""

    deals: int
    """Deals counted (weighted by the ranges' weights)."""
    share: tuple[int, ...]
    """Per player: the pot share won, in ``1 / UNIT`` of a pot, summed over the deals."""
    high: tuple[int, ...]
    """Per player: the part of ``share`` won with the high hand."""
    win: tuple[int, ...]
    """Per player: deals with the best high hand alone."""
    tie: tuple[int, ...]
    """Per player: deals sharing the best high hand."""
    scoop: tuple[int, ...]
    """Per player: deals won whole and alone."""


@dataclass(frozen=True, slots=True)
class HoleCounts:
    """Player 0's exact counts, one entry per hole it is dealt, against player 1's range.

    Entry ``i`` equals the same field of ``Players.count(board, fixed=(0,
    holes[i]))`` for player 0 (:class:`Counts`; ``scoop`` is not counted),
    or 0 everywhere when that returns None (no deal).
    """

    deals: tuple[int, ...]
    share: tuple[int, ...]
    high: tuple[int, ...]
    win: tuple[int, ...]
    tie: tuple[int, ...]


class Players:
    """Two or more players (hole cards or ranges) read once, counted on any board."""

    def __init__(self, hands: Sequence[Any], dead: Cards, game: GameName) -> None:
        import numpy as np

        game = check_game(game)
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
            raise ArgumentError(f"hands must be a sequence of hands or ranges, got {hands!r}")
        if any(h is None for h in hands):
            raise ArgumentError(
                f"every player needs hole cards or a range (a random hand is the range '100%'): "
                f"{hands!r}"
            )
        p = _parse_spot(hands, (), dead, game)
        self.parsed = p
        self.game = game
        self.hilo = game == "hilo"
        self.size = p.size
        self.n = len(p.holes)
        self.known = 0
        for cards in (*[h for h in p.holes if h is not None], p.dead):
            for c in cards:
                self.known |= 1 << c
        self.ranges: dict[int, tuple[Any, Any, Any]] = {}
        self.divisor: dict[int, int] = {}  # each range's percents were divided by this
        for i, r in p.ranges.items():
            holes = np.ascontiguousarray(r.holes)
            bits = np.left_shift(np.uint64(1), holes.astype(np.uint64))
            masks = np.bitwise_or.reduce(bits, axis=1)
            pct = np.rint(r.weights * 100).astype(np.int64)
            keep = (masks & np.uint64(self.known)) == 0
            if not keep.any():
                raise ArgumentError(
                    f"player {i + 1}'s range ({len(r):,} hands) has no hand left once the "
                    "dead and known hole cards are removed"
                )
            self.divisor[i] = math.gcd(*pct[keep].tolist())
            pct //= self.divisor[i]
            self.ranges[i] = (holes[keep], masks[keep], pct[keep])

    def hole_sets(self) -> list[Any]:
        """Per player: a frozenset of its cards (hole cards) or of (combination, weight)."""
        out: list[Any] = []
        for i, h in enumerate(self.parsed.holes):
            if h is not None:
                out.append(frozenset(h))
            else:
                holes, _, pct = self.ranges[i]
                out.append((holes, pct))
        return out

    def count(
        self,
        board: Sequence[int],
        signals: bool = False,
        fixed: tuple[int, tuple[int, ...]] | None = None,
    ) -> Counts | None:
        """Return the exact counts on ``board`` (codes), or None when no deal is possible.

        ``fixed``: ``(i, hole)`` deals player ``i`` (a range) that one hole
        instead of the range.
        """
        import numpy as np

        bmask = 0
        for c in board:
            bmask |= 1 << c
        holes_in = list(self.parsed.holes)
        if fixed is not None:
            holes_in[fixed[0]] = fixed[1]
            for c in fixed[1]:
                bmask |= 1 << c
        rows = {}
        for i, (holes, masks, pct) in self.ranges.items():
            if fixed is not None and i == fixed[0]:
                continue
            keep = (masks & np.uint64(bmask)) == 0
            if not keep.any():
                return None
            rows[i] = (np.ascontiguousarray(holes[keep]), np.ascontiguousarray(pct[keep]))
        p = self.parsed
        spot = _equity.Spot(holes_in, tuple(board), p.dead, self.hilo, self.size, rows)
        nout = self.n * _N_OUT + 1
        acc = array("q", bytes(8 * nout))
        if not spot.exact(0, spot.tasks, acc, signals):
            raise KeyboardInterrupt
        k = 5 - len(board)
        if rows:
            combos = acc[-1]
            if not combos:
                return None
            deals = combos * math.comb(spot.deck_size - len(rows) * self.size, k)
        else:
            deals = math.comb(spot.deck_size, k)
        return _counts(acc, self.n, deals)

    def duels(self, board: Sequence[int]) -> bool:
        """Whether :meth:`count_holes` serves ``board`` (3 to 5 card codes).

        It needs two players, the second a range, and 4-card holes; 5- and
        6-card holes (whose high values the compiled sweep does not read)
        and multiway spots are counted by :meth:`count`.
        """
        return self.n == 2 and 1 in self.ranges and self.size == 4 and len(board) in (3, 4, 5)

    def count_holes(
        self, board: Sequence[int], holes: npt.NDArray[np.uint8], bar: Any = None
    ) -> HoleCounts:
        """Return player 0's counts for each of ``holes`` against player 1's range on ``board``.

        One compiled pass over the runouts (:func:`omaha._equity.duel_shares`)
        instead of one exact enumeration per hole: the same integers as
        :meth:`count` with ``fixed=(0, hole)``. The runouts are cut into
        parts run on every core (Python threads; the kernel releases the GIL).

        Parameters
        ----------
        board : sequence of int
            3, 4 or 5 card codes (see :meth:`duels`).
        holes : uint8 array, shape (n, 4)
            Player 0's holes, ascending codes, avoiding the board and the
            known cards.
        bar : tqdm bar, optional
            Advanced by one per runout counted; its total is set here.

        Raises
        ------
        ArgumentError
            When :meth:`duels` is false for ``board``.
        """
        import numpy as np

        if not self.duels(board):
            raise ArgumentError(
                "count_holes needs two players, the second a range, 4-card holes and a "
                f"board of 3 to 5 cards, got {self.n} players, {self.size}-card holes, "
                f"{len(board)} board cards"
            )
        bmask = 0
        for c in board:
            bmask |= 1 << c
        theirs, masks, pct = self.ranges[1]
        keep = (masks & np.uint64(bmask)) == 0
        opp = np.ascontiguousarray(theirs[keep])
        weights = np.ascontiguousarray(pct[keep], dtype=np.int32)
        mine = np.ascontiguousarray(holes, dtype=np.uint8).reshape(-1, 4)
        # each hole's weight in the opponent range: the one card-removal term
        # the kernel's counters cannot hold
        where = {row: w for row, w in zip(map(tuple, opp.tolist()), weights.tolist(), strict=True)}
        own = np.array([where.get(row, 0) for row in map(tuple, mine.tolist())], dtype=np.int32)
        dead = tuple(self.parsed.dead)
        k = 5 - len(board)
        runouts = math.comb(52 - len(board) - len(dead), k)
        threads = min(_cores(), runouts)
        cuts = [runouts * i // (4 * threads) for i in range(4 * threads + 1)]
        if bar is not None:
            bar.reset(total=runouts)

        def part(span: tuple[int, int]) -> Any:
            out = np.zeros((len(mine), 5), dtype=np.int64)
            args = (tuple(board), dead, mine, opp, weights, own, self.hilo)
            _equity.duel_shares(*args, *span, out, threads == 1)
            return out

        total = np.zeros((len(mine), 5), dtype=np.int64)
        with Workers(threads, "omaha-study") as workers:
            for (first, last), out in workers.as_done(part, list(itertools.pairwise(cuts))):
                total[:, :4] += out[:, :4]  # no overflow: below 2**44 per runout summed
                total[:, 4] = out[:, 4]
                if bar is not None:
                    bar.update(last - first)
        win, tie, high, share, valid = total.T.tolist()
        # every valid opponent leaves the same boards: C(deck - 2 holes, k)
        boards = math.comb(52 - len(board) - len(dead) - 2 * self.size, k)
        quarter = UNIT // 4  # the kernel counts quarter pots
        return HoleCounts(
            tuple(v * boards for v in valid),
            tuple(x * quarter for x in share),
            tuple(x * quarter for x in high),
            tuple(win),
            tuple(tie),
        )


def _cell_vectors() -> Any:
    """Per count cell: pot share, high share (in 1/UNIT), and whether it is a win, tie, scoop."""
    import numpy as np

    share = np.array([hu + lu for _, hu, lu in _CELLS], dtype=np.int64)
    high = np.array([hu for _, hu, _ in _CELLS], dtype=np.int64)
    win = np.array([key[0] == 1 for key, _, _ in _CELLS], dtype=np.int64)
    tie = np.array([key[0] >= 2 for key, _, _ in _CELLS], dtype=np.int64)
    scoop = np.array([key[0] == 1 and key[1] in (1, None) for key, _, _ in _CELLS], dtype=np.int64)
    return np.stack([share, high, win, tie, scoop], axis=1)


_VECTORS: list[Any] = []


def _counts(acc: Any, n: int, deals: int) -> Counts:
    import numpy as np

    if not _VECTORS:
        _VECTORS.append(_cell_vectors())
    cells = np.frombuffer(acc, dtype=np.int64)[: n * _N_OUT].reshape(n, _N_OUT)
    if deals < 2**63 // UNIT:
        sums = (cells @ _VECTORS[0]).T.tolist()  # no 64-bit overflow: each sum <= deals * UNIT
    else:
        sums = (cells.astype(object) @ _VECTORS[0].astype(object)).T.tolist()
    return Counts(deals, *(tuple(int(x) for x in row) for row in sums))


# ------------------------------------------------------------------ suits

_PERMS = tuple(itertools.permutations(range(4)))


def _map_codes(codes: npt.NDArray[np.uint8], perm: Sequence[int]) -> npt.NDArray[np.uint8]:
    import numpy as np

    table = np.array([4 * (c >> 2) + perm[c & 3] for c in range(52)], dtype=np.uint8)
    return table[codes]


def suit_group(players: Players) -> list[tuple[int, ...]]:
    """Return the suit permutations that map every hand, range and the dead cards to itself.

    A permutation ``perm`` sends suit ``s`` to ``perm[s]``. Two boards that
    such a permutation maps one to the other have the same equities.
    """
    import numpy as np

    sets = players.hole_sets()
    dead = frozenset(players.parsed.dead)
    out = []
    for perm in _PERMS:

        def image(cards: frozenset[int], perm: tuple[int, ...] = perm) -> frozenset[int]:
            return frozenset(4 * (c >> 2) + perm[c & 3] for c in cards)

        if image(dead) != dead:
            continue
        ok = True
        for s in sets:
            if isinstance(s, frozenset):
                ok = image(s) == s
            else:
                holes, pct = s
                mapped = np.sort(_map_codes(holes, perm), axis=1)
                order = np.lexsort(mapped.T[::-1])
                ok = bool(np.array_equal(mapped[order], holes)) and bool(
                    np.array_equal(pct[order], pct)
                )
            if not ok:
                break
        if ok:
            out.append(perm)
    return out
