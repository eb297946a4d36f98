"""How a range hits a board: the weight of each made hand, draw and low class (docs/study.md).

Every combination of the range that avoids the board (and dead cards) is
classified one by one: one made-hand class each, and any number of draw
classes (a flush draw and a wrap together count in both). The classes are
defined in docs/study.md, "How a range hits a board".

Examples
--------
>>> t = board_breakdown("AA,KK", "Ks7s2d")
>>> rows = {r["class"]: r["combos"] for r in t.to_pylist() if r["combos"]}
>>> rows["nut set"], rows["overpair"]
(3151, 5905)
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from omaha.cards import as_cards, require_distinct
from omaha.errors import ArgumentError, InvalidCardError
from omaha.evaluator import evaluate_hi, evaluate_lo
from omaha.games import GameName, check_game
from omaha.ranks import HandCategory

if TYPE_CHECKING:
    import pyarrow as pa

    from omaha.cards import Cards

__all__ = ["DRAW_CLASSES", "LOW_CLASSES", "MADE_CLASSES", "board_breakdown", "classify"]

MADE_CLASSES = (
    "straight flush",
    "four of a kind",
    "full house",
    "nut flush",
    "second-nut flush",
    "flush",
    "nut straight",
    "second-nut straight",
    "straight",
    "nut set",
    "second-nut set",
    "set",
    "trips",
    "two pair",
    "overpair",
    "top pair",
    "other pair",
    "no made hand",
)
"""The made-hand classes, strongest first: each combination is in exactly one."""

DRAW_CLASSES = (
    "flush draw",
    "nut flush draw",
    "straight draw (4 outs)",
    "straight draw (8 outs)",
    "wrap (9-12 outs)",
    "wrap (13 outs)",
    "wrap (16 outs)",
    "wrap (17 outs)",
    "wrap (20 outs)",
)
"""The draw classes always listed (on a flop or turn); a straight draw of other outs
(1-3, 5-7, 14, 15, 18, 19) is listed when some combination has it."""

LOW_CLASSES = ("low", "nut low", "low draw", "counterfeit risk")
"""The Hi-Lo classes (``game="hilo"``)."""

_LOW_RANKS = (12, 0, 1, 2, 3, 4, 5, 6)  # A, 2..8


def _rank_bits(ranks: Sequence[int]) -> int:
    """Rank set as bits 1..13 (2..A), the ace also as bit 0 (playing low)."""
    bits = 0
    for r in ranks:
        bits |= 1 << (r + 1)
        if r == 12:
            bits |= 1
    return bits


def _straight_tops(hole_ranks: Sequence[int], board_ranks: Sequence[int]) -> set[int]:
    """Return the tops of every straight of two distinct hole and three board ranks.

    A top is the rank of the highest card, 3 for five-high.
    """
    hb, bb = _rank_bits(hole_ranks), _rank_bits(board_ranks)
    tops = set()
    for low in range(10):
        window = 0b11111 << low
        need = window & ~bb  # ranks the board lacks, the hole must supply
        if (
            bin(window & bb).count("1") >= 3
            and bin(need).count("1") <= 2
            and need & hb == need
            and bin(window & hb).count("1") >= 2
        ):
            tops.add(low + 3)  # window low..low+4 in bits; bit b is rank b - 1
    return tops


def _possible_tops(board_ranks: Sequence[int]) -> list[int]:
    """Every straight top some hole could make on the board, highest first."""
    every = range(13)
    tops: set[int] = set()
    for pair in itertools.combinations(every, 2):
        tops |= _straight_tops(pair, board_ranks)
    return sorted(tops, reverse=True)


def _top_of(cards: Sequence[int]) -> int:
    ranks = sorted(c >> 2 for c in cards)
    return 3 if ranks == [0, 1, 2, 3, 12] else ranks[-1]


class _Board:
    """What a board allows: straights, flushes, sets and lows any hole could make."""

    def __init__(self, board: tuple[int, ...], dead: tuple[int, ...]) -> None:
        self.cards = board
        self.seen = frozenset(board) | frozenset(dead)
        self.ranks = [c >> 2 for c in board]
        self.tops = _possible_tops(self.ranks)
        self.suit_count = [sum(1 for c in board if c & 3 == s) for s in range(4)]
        # per suit: its ranks not on the board, highest first (the nut flush card first)
        self.missing = [[r for r in range(12, -1, -1) if 4 * r + s not in board] for s in range(4)]
        self.set_ranks = sorted({r for r in self.ranks if self.ranks.count(r) == 1}, reverse=True)
        self.nut_low = self._nut_low()

    def _nut_low(self) -> int:
        """Return the strength of the best low any hole could make (0: no low possible now)."""
        return max(_possible_lows(self.cards, self.seen), default=0)


def _possible_lows(board: tuple[int, ...], seen: frozenset[int]) -> set[int]:
    """Return the strengths of every low a hole of cards not in ``seen`` could make."""
    out = set()
    spare = [c for c in range(52) if c not in seen and c >> 2 in (8, 9, 10, 11)][:2]
    for a, b in itertools.combinations(_LOW_RANKS, 2):
        ca = [4 * a + s for s in range(4) if 4 * a + s not in seen]
        cb = [4 * b + s for s in range(4) if 4 * b + s not in seen]
        if not ca or not cb or len(spare) < 2:
            continue
        lo = evaluate_lo((ca[0], cb[0], *spare), board)
        if lo is not None:
            out.add(lo.strength)
    return out


def _made_class(hole: tuple[int, ...], b: _Board) -> str:
    hand = evaluate_hi(hole, b.cards)
    cat = hand.category
    used = hand.hole_cards
    if cat == HandCategory.FLUSH:
        suit = used[0] & 3
        top = max(c >> 2 for c in used)
        rank = b.missing[suit].index(top)
        return ("nut flush", "second-nut flush")[rank] if rank < 2 else "flush"
    if cat == HandCategory.STRAIGHT:
        rank = b.tops.index(_top_of(hand.cards))
        return ("nut straight", "second-nut straight")[rank] if rank < 2 else "straight"
    if cat == HandCategory.THREE_OF_A_KIND:
        if used[0] >> 2 != used[1] >> 2:
            return "trips"
        rank = b.set_ranks.index(used[0] >> 2)
        return ("nut set", "second-nut set")[rank] if rank < 2 else "set"
    if cat == HandCategory.ONE_PAIR:
        ranks = [c >> 2 for c in used]
        if ranks[0] == ranks[1] and ranks[0] > max(b.ranks):
            return "overpair"
        if max(b.ranks) in ranks:
            return "top pair"
        return "other pair"
    names = {
        HandCategory.STRAIGHT_FLUSH: "straight flush",
        HandCategory.FOUR_OF_A_KIND: "four of a kind",
        HandCategory.FULL_HOUSE: "full house",
        HandCategory.TWO_PAIR: "two pair",
        HandCategory.HIGH_CARD: "no made hand",
    }
    return names[cat]


def _straight_outs(hole: tuple[int, ...], b: _Board) -> int:
    """Unseen cards that give the hole a straight it does not have (0 when it has one)."""
    hole_ranks = [c >> 2 for c in hole]
    if _straight_tops(hole_ranks, b.ranks):
        return 0
    held = frozenset(hole) | b.seen
    outs = 0
    for r in range(13):
        if _straight_tops(hole_ranks, [*b.ranks, r]):
            outs += sum(1 for s in range(4) if 4 * r + s not in held)
    return outs


def _draw_classes(hole: tuple[int, ...], b: _Board, made: str) -> list[str]:
    out = []
    for s in range(4):
        mine = sorted((c >> 2 for c in hole if c & 3 == s), reverse=True)
        if b.suit_count[s] == 2 and len(mine) >= 2:
            out.append("flush draw")
            if mine[0] == b.missing[s][0]:
                out.append("nut flush draw")
    if made not in MADE_CLASSES[:9]:  # below a straight
        outs = _straight_outs(hole, b)
        if outs:
            if outs <= 8:
                out.append(f"straight draw ({outs} outs)")
            elif outs <= 12:
                out.append("wrap (9-12 outs)")
            else:
                out.append(f"wrap ({outs} outs)")
    return sorted(set(out), key=out.index)


def _low_classes(hole: tuple[int, ...], b: _Board) -> list[str]:
    lo = evaluate_lo(hole, b.cards)
    left = 5 - len(b.cards)
    if lo is not None:
        out = ["low"]
        if lo.strength == b.nut_low:
            out.append("nut low")
        if left and _counterfeit(hole, lo.strength, lo.hole_cards, b):
            out.append("counterfeit risk")
        return out
    if left and _low_reachable(hole, b, left):
        return ["low draw"]
    return []


def _counterfeit(hole: tuple[int, ...], own: int, used: tuple[int, int], b: _Board) -> bool:
    """Whether a next card pairing a hole card of the low lets more lows beat it."""
    seen = b.seen | frozenset(hole)
    before = sum(1 for s in _possible_lows(b.cards, b.seen) if s > own)
    for c in range(52):
        if c in seen or c >> 2 not in (used[0] >> 2, used[1] >> 2):
            continue
        board = (*b.cards, c)
        after = evaluate_lo(hole, board)
        mine = after.strength if after is not None else 0
        if sum(1 for s in _possible_lows(board, b.seen | {c}) if s > mine) > before:
            return True
    return False


def _low_reachable(hole: tuple[int, ...], b: _Board, left: int) -> bool:
    """Whether some completion of the board gives ``hole`` a qualifying low."""
    mine = {c >> 2 for c in hole if c >> 2 in _LOW_RANKS}
    on_board = {r for r in b.ranks if r in _LOW_RANKS}
    held = frozenset(hole) | b.seen
    available = {r for r in _LOW_RANKS if any(4 * r + s not in held for s in range(4))}
    for x, y in itertools.combinations(sorted(mine), 2):
        have = on_board - {x, y}
        extra = available - have - {x, y}
        if len(have) + min(left, len(extra)) >= 3:
            return True
    return False


def classify(hole: Cards, board: Cards, *, game: GameName = "hi", dead: Cards = ()) -> list[str]:
    """Return the classes of one hole on a board: its made-hand class, then draws and lows.

    Raises
    ------
    InvalidCardError
        Bad cards, a repeated card, a board of fewer than 3 or more than 5 cards.
    ArgumentError
        A bad ``game``.

    Examples
    --------
    >>> classify("9h8h5c4c", "7h6h2d")
    ['no made hand', 'flush draw', 'wrap (20 outs)']
    >>> classify("As2d8c9c", "3h4h7d", game="hilo")
    ['no made hand', 'straight draw (4 outs)', 'low', 'nut low', 'counterfeit risk']
    """
    h = tuple(as_cards(hole, "hole"))
    b, d = _check(board, dead, game)
    require_distinct([("in the hole cards", h), ("on the board", b), ("in the dead cards", d)])
    return _classes(h, _Board(b, d), game)


def _classes(hole: tuple[int, ...], b: _Board, game: GameName) -> list[str]:
    made = _made_class(hole, b)
    out = [made]
    if len(b.cards) < 5:
        out += _draw_classes(hole, b, made)
    if game == "hilo":
        out += _low_classes(hole, b)
    return out


def _check(board: Cards, dead: Cards, game: GameName) -> tuple[tuple[int, ...], tuple[int, ...]]:
    check_game(game)
    b = tuple(as_cards(board, "board"))
    if not 3 <= len(b) <= 5:
        raise InvalidCardError(
            f"a breakdown needs a board of 3 to 5 cards, got {len(b)}: {board!r}"
        )
    d = tuple(as_cards(dead, "dead cards"))
    require_distinct([("on the board", b), ("in the dead cards", d)])
    return b, d


def _range_rows(hands: Any, game: GameName) -> tuple[Any, Any]:
    """(holes, integer percents) of a range, range text or one hand."""
    import numpy as np

    from omaha.equities import _as_range, _reads_as_cards
    from omaha.ranges import parse_range

    given = _as_range(hands)
    if given is not None:
        r = given
    elif isinstance(hands, str) and not _reads_as_cards(hands):
        r = parse_range(hands, game=game)
    else:
        cards = sorted(as_cards(hands, "hand"))
        return np.array([cards], dtype=np.uint8), np.array([100], dtype=np.int64)
    return r.holes, np.rint(r.weights * 100).astype(np.int64)


def board_breakdown(
    range: Any, board: Cards, *, game: GameName = "hi", dead: Cards = ()
) -> pa.Table:
    """Count the weight of ``range`` in each made-hand, draw and low class on ``board``.

    Parameters
    ----------
    range : range or hole cards
        An :class:`omaha.Range`, range text (docs/ranges.md) or one hand.
    board : cards
        The flop, turn or river (3 to 5 cards).
    game : {"hi", "hilo"}, default "hi"
        ``"hilo"`` adds the low classes.
    dead : cards, default ()
        Cards out of play: a combination holding one is left out, and they
        are no outs.

    Returns
    -------
    pyarrow.Table
        One row per class: ``group`` (``"made"``, ``"draw"``, ``"low"``),
        ``class``, ``combos`` (combinations in it), ``weight`` (their range
        weight summed) and ``percent`` (of the weight of every combination
        that avoids the board and dead cards). Made classes add up to 100%;
        a combination is in any number of draw and low classes. Every class
        of :data:`MADE_CLASSES`, :data:`DRAW_CLASSES` (flop and turn) and
        :data:`LOW_CLASSES` (Hi-Lo) has a row, zero or not.

    Raises
    ------
    InvalidCardError, RangeSyntaxError
        Bad cards or range text; a board of fewer than 3 or more than 5 cards.
    ArgumentError
        A bad ``game``, or a range with no combination left on the board.

    Notes
    -----
    The classes are defined in docs/study.md. Hands are those of
    docs/rules.md §2 (exactly two hole cards and three board cards) and
    §3 (the eight-or-better low).
    """
    import numpy as np
    import pyarrow as pa

    b, d = _check(board, dead, game)
    holes, pct = _range_rows(range, game)
    bmask = np.uint64(sum(1 << c for c in (*b, *d)))
    bits = np.left_shift(np.uint64(1), holes.astype(np.uint64))
    keep = (np.bitwise_or.reduce(bits, axis=1) & bmask) == 0
    if not keep.any():
        raise ArgumentError(
            f"the range ({len(holes):,} hands) has no hand left once the board and dead cards "
            "are removed"
        )
    info = _Board(b, d)
    combos: dict[str, int] = {}
    weight: dict[str, int] = {}
    for row, w in zip(holes[keep].tolist(), pct[keep].tolist(), strict=True):
        for name in _classes(tuple(row), info, game):
            combos[name] = combos.get(name, 0) + 1
            weight[name] = weight.get(name, 0) + w
    total = int(pct[keep].sum())
    names = [("made", c) for c in MADE_CLASSES]
    if len(b) < 5:
        extra = sorted(
            (c for c in combos if c.startswith("straight draw") and c not in DRAW_CLASSES),
            key=lambda c: int(c.split("(")[1].split()[0]),
        )
        draws = [*DRAW_CLASSES[:2], *sorted([*DRAW_CLASSES[2:4], *extra],
                 key=lambda c: int(c.split("(")[1].split()[0])), *DRAW_CLASSES[4:]]  # fmt: skip
        names += [("draw", c) for c in draws]
    if game == "hilo":
        names += [("low", c) for c in LOW_CLASSES if len(b) < 5 or "risk" not in c]
        if len(b) == 5:
            names = [n for n in names if n[1] != "low draw"]
    return pa.table(
        {
            "group": pa.array([g for g, _ in names], pa.string()),
            "class": pa.array([c for _, c in names], pa.string()),
            "combos": pa.array([combos.get(c, 0) for _, c in names], pa.int64()),
            "weight": pa.array([weight.get(c, 0) / 100 for _, c in names], pa.float64()),
            "percent": pa.array([100 * weight.get(c, 0) / total for _, c in names], pa.float64()),
        }
    )
