"""The range matcher: range trees evaluated over the bitmaps of every hole.

Private helper of :mod:`omaha.ranges` (docs/ranges.md §3, §8, §9). The
parser hands over a tree of :class:`Pattern`, :class:`Percent`,
:class:`Union`, :class:`Inter`, :class:`Diff` and :class:`Weight` nodes;
:func:`evaluate` returns the matching rows of the lexicographic enumeration
of all holes, with their weights in integer percent.

How a pattern is matched. All ``C(52, k)`` holes (rows of ascending card
codes, rows in lexicographic order) form a *block*; for each hole position
``p`` the block holds one bitmap per rank and per suit (bit ``i`` set when
row ``i`` has that rank or suit at position ``p``) and, for each pair of
positions, the bitmaps "same rank" and "same suit". A pattern instance of
``m`` elements matches a row when some injective assignment of elements to
positions satisfies every constraint (§3 rules 1-4). Each constraint is a
bitmap: an element's card set at a position is an OR of ANDs of rank and
suit bitmaps; "same rank variable" is a same-rank bitmap, "different
variables" and braces are not-same bitmaps; a variable's exclusion of the
explicit ranks and suits is folded into its card set by the parser. The
assignments are enumerated as a tree (element by element), so a partial
AND is shared by all the assignments below it and an all-zero partial
prunes its subtree; elements that are interchangeable (the same card set,
brace and variables, or variables used by that element alone) take
increasing positions only. One instance costs at most a few thousand ANDs
of ``C(52, k) / 64`` machine words (about 4,200 words for 4 cards, 40,600
for 5); a span costs that per shape.

The blocks of holes are :mod:`omaha._holes`'.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from omaha._holes import ALL_CARDS, Bits, Block, hole_blocks, hole_index
from omaha.games import GameName

__all__ = [
    "Diff",
    "Elem",
    "Holes",
    "Inter",
    "Node",
    "Pattern",
    "Percent",
    "Union",
    "Weight",
    "evaluate",
]

_ALL_RANKS = (1 << 13) - 1
_SUIT_CARDS = tuple(sum(1 << (4 * r + s) for r in range(13)) for s in range(4))


Dense = npt.NDArray[np.uint8]
"""Per-row weights in integer percent, 0 for a row not in the range."""
Value = npt.NDArray[Any]
"""A sub-range's value on a block: :data:`Bits` (every weight 100) or :data:`Dense`."""


# ------------------------------------------------------------- the tree


@dataclass(frozen=True, order=True)
class Elem:
    """One card of a pattern instance, as the matcher sees it.

    ``cards`` is the set of cards the element accepts (bit ``code``), with
    rule 1 and the exclusion of the pattern's explicit ranks and suits for
    its variables already applied; ``rank_var`` / ``suit_var`` name its
    variables ('' for none); ``brace`` numbers its brace group (-1 for none).
    """

    cards: int
    rank_var: str = ""
    suit_var: str = ""
    brace: int = -1


@dataclass(frozen=True)
class Pattern:
    """A union of pattern instances (a span gives one instance per shape)."""

    instances: tuple[tuple[Elem, ...], ...]


@dataclass(frozen=True)
class Percent:
    """The classes ranked ``lo`` (exclusive) to ``hi`` (inclusive) percent (§10)."""

    lo: int
    hi: int
    game: GameName


@dataclass(frozen=True)
class Holes:
    """Whole holes written out (``AsAhKsKh,...``, as :func:`omaha.format_range` writes).

    ``rows`` are their indices in the enumeration of all holes (:func:`hole_index`).
    """

    rows: tuple[int, ...]


@dataclass(frozen=True)
class Union:
    """``A,B,...``: the largest weight offering each hole (§9)."""

    members: tuple[Node, ...]


@dataclass(frozen=True)
class Inter:
    """``A:B``: holes in both, the smaller weight."""

    left: Node
    right: Node


@dataclass(frozen=True)
class Diff:
    """``A!B``: holes of A not in B, A's weight."""

    left: Node
    right: Node


@dataclass(frozen=True)
class Weight:
    """``A@N``: every hole of A (all of weight 100) takes weight ``pct``."""

    node: Node
    pct: int


Node = Pattern | Holes | Percent | Union | Inter | Diff | Weight


# ------------------------------------------------------------- pattern plans


@dataclass(frozen=True)
class _Plan:
    """An instance ready to run: elements in search order and their constraints."""

    cards: tuple[int, ...]
    after_prev: tuple[bool, ...]  # take a position above the previous element's
    cons: tuple[tuple[tuple[int, str], ...], ...]  # per element: (earlier element, relation)


def _plan(instance: tuple[Elem, ...]) -> _Plan | None:
    """Compile an instance; None when it can match no hole."""
    if any(e.cards == 0 for e in instance):
        return None
    rank_uses: dict[str, int] = {}
    suit_uses: dict[str, int] = {}
    for e in instance:
        if e.rank_var:
            rank_uses[e.rank_var] = rank_uses.get(e.rank_var, 0) + 1
        if e.suit_var:
            suit_uses[e.suit_var] = suit_uses.get(e.suit_var, 0) + 1

    def key(e: Elem) -> tuple[int, int, str, str, int]:
        # A variable used by this element alone is interchangeable with any other such.
        rv = e.rank_var if rank_uses.get(e.rank_var, 0) > 1 else ("1" if e.rank_var else "")
        sv = e.suit_var if suit_uses.get(e.suit_var, 0) > 1 else ("1" if e.suit_var else "")
        return (e.cards.bit_count(), e.cards, rv, sv, e.brace)

    elems = sorted(instance, key=key)
    keys = [key(e) for e in elems]
    first_rank: dict[str, int] = {}
    first_suit: dict[str, int] = {}
    cons: list[tuple[tuple[int, str], ...]] = []
    for j, e in enumerate(elems):
        c: set[tuple[int, str]] = set()
        for var, first, eq, ne in (
            (e.rank_var, first_rank, "eqr", "ner"),
            (e.suit_var, first_suit, "eqs", "nes"),
        ):
            if not var:
                continue
            if var in first:
                c.add((first[var], eq))
            else:
                c.update((g, ne) for g in first.values())
                first[var] = j
        if e.brace >= 0:
            c.update((i, "ner") for i in range(j) if elems[i].brace == e.brace)
        if any((i, "eqr") in c and (i, "ner") in c for i in range(j)) or any(
            (i, "eqs") in c and (i, "nes") in c for i in range(j)
        ):
            return None
        cons.append(tuple(sorted(c)))
    return _Plan(
        cards=tuple(e.cards for e in elems),
        after_prev=tuple(j > 0 and keys[j] == keys[j - 1] for j in range(len(elems))),
        cons=tuple(cons),
    )


def _exact_rows(instance: tuple[Elem, ...], k: int) -> int | None:
    """Return the one hole an instance of ``k`` single, distinct, variable-free cards matches."""
    if len(instance) != k or any(
        e.rank_var or e.suit_var or e.cards.bit_count() != 1 for e in instance
    ):
        return None
    codes = sorted(e.cards.bit_length() - 1 for e in instance)
    if len(set(codes)) != k:
        return None
    braces: dict[int, set[int]] = {}
    for e in instance:
        if e.brace >= 0:
            rank = (e.cards.bit_length() - 1) >> 2
            group = braces.setdefault(e.brace, set())
            if rank in group:
                return None
            group.add(rank)
    return hole_index(codes)


class _Context:
    """One evaluation over one block: caches card-set bitmaps and class ids."""

    def __init__(
        self,
        block: Block,
        compiled: dict[int, _Compiled],
        percent: Callable[[Percent], npt.NDArray[np.bool_]],
    ) -> None:
        self.block = block
        self.compiled = compiled
        self.percent = percent
        self._sets: dict[tuple[int, int], Bits | None] = {}
        self._counted: dict[tuple[int, int], Bits] = {}
        self._patterns: dict[int, Bits] = {}

    def _or(self, bitmaps: list[Bits], universe: int, chosen: int) -> Bits | None:
        if chosen == universe:
            return None
        picked = [bitmaps[i] for i in range(len(bitmaps)) if chosen >> i & 1]
        rest = [bitmaps[i] for i in range(len(bitmaps)) if not chosen >> i & 1]
        if len(picked) <= len(rest):
            out = picked[0].copy()
            for b in picked[1:]:
                out |= b
            return out
        out = rest[0].copy()
        for b in rest[1:]:
            out |= b
        return np.bitwise_and(self.block.ones, ~out)

    def cards_at(self, cards: int, p: int) -> Bits | None:
        """Rows whose card at position ``p`` is in ``cards`` (None: every row)."""
        got = self._sets.get((cards, p), self)
        if got is not self:
            return got  # type: ignore[return-value]
        result: Bits | None
        if cards == ALL_CARDS:
            result = None
        else:
            groups: dict[int, int] = {}  # suits present -> ranks having exactly those suits
            for r in range(13):
                nib = cards >> (4 * r) & 15
                if nib:
                    groups[nib] = groups.get(nib, 0) | 1 << r
            acc = self.block.zeros()
            for nib, ranks in groups.items():
                rb = self._or(self.block.rank[p], _ALL_RANKS, ranks)
                sb = self._or(self.block.suit[p], 15, nib)
                if rb is None:
                    rb = self.block.ones
                acc |= rb if sb is None else rb & sb
            result = acc
        self._sets[cards, p] = result
        return result

    def run(self, plan: _Plan) -> Bits:
        """Return the rows matched by one instance."""
        block = self.block
        result = block.zeros()
        pairs = {
            "eqr": block.same_rank,
            "ner": block.diff_rank,
            "eqs": block.same_suit,
            "nes": block.diff_suit,
        }
        if self._search(plan, pairs, [0] * len(plan.cards), 0, None, 0, result):
            return block.ones.copy()
        return result

    def _search(
        self,
        plan: _Plan,
        pairs: dict[str, dict[tuple[int, int], Bits]],
        pos: list[int],
        j: int,
        acc: Bits | None,
        used: int,
        result: Bits,
    ) -> bool:
        """Place element ``j`` and the ones after it; OR the matches into ``result``.

        ``acc`` is the AND of the constraints so far (None: every row);
        return True as soon as every row is known to match.
        """
        last = j == len(plan.cards) - 1
        start = pos[j - 1] + 1 if plan.after_prev[j] else 0
        for p in range(start, self.block.k):
            if used >> p & 1:
                continue
            b = acc
            here = self.cards_at(plan.cards[j], p)
            if here is not None:
                b = here if b is None else b & here
            for i, rel in plan.cons[j]:
                pair = pairs[rel][pos[i], p]
                b = pair if b is None else b & pair
            pos[j] = p
            if last:
                if b is None:
                    return True
                np.bitwise_or(result, b, out=result)
            elif (b is None or b.any()) and self._search(
                plan, pairs, pos, j + 1, b, used | 1 << p, result
            ):
                return True
        return False

    def pattern(self, node: Pattern) -> Bits:
        compiled = self.compiled[id(node)]
        if compiled.exact is not None:
            return self._rows(compiled.exact)
        got = self._patterns.get(id(compiled))
        if got is None:
            got = self._patterns[id(compiled)] = self._match(compiled)
        return got.copy()

    def _match(self, compiled: _Compiled) -> Bits:
        result = self.block.zeros()
        for plan in compiled.plans:
            if isinstance(plan, _Plan):
                np.bitwise_or(result, self.run(plan), out=result)
            elif plan is not None:
                np.bitwise_or(result, self.counted(plan), out=result)
        return result

    def counted(self, counts: _Counts) -> Bits:
        """Return the rows holding, for each ``(cards, m)``, at least ``m`` cards of the set."""
        if not counts:
            return self.block.ones.copy()
        out = self.at_least(*counts[0]).copy()
        for cards, m in counts[1:]:
            out &= self.at_least(cards, m)
        return out

    def at_least(self, cards: int, m: int) -> Bits:
        """Return the rows with at least ``m`` cards of ``cards`` (kept for the block)."""
        got = self._counted.get((cards, m))
        if got is None:
            # ge[j]: rows with at least j of the cards among the positions seen so far.
            ge: list[Bits | None] = [None] + [self.block.zeros() for _ in range(m)]
            for p in range(self.block.k):
                here = self.cards_at(cards, p)
                for j in range(m, 0, -1):
                    below = ge[j - 1]
                    step = here if below is None else (below if here is None else below & here)
                    if step is None:
                        ge[j] = None
                    else:
                        prev = ge[j]
                        ge[j] = None if prev is None else prev | step
            for j in range(1, m + 1):
                bits = ge[j]
                self._counted[cards, j] = self.block.ones if bits is None else bits
            got = self._counted[cards, m]
        return got

    def exact(self, node: Node) -> tuple[int, ...] | None:
        """Return the rows of written-out holes or of a pattern made only of them, else None."""
        if isinstance(node, Holes):
            return node.rows
        return self.compiled[id(node)].exact if isinstance(node, Pattern) else None

    def _rows(self, rows: Sequence[int]) -> Bits:
        """Return the bitmap of the given rows (of all holes) that fall in this block."""
        idx = np.asarray(rows, np.int64) - self.block.start
        idx = idx[(idx >= 0) & (idx < self.block.n)]
        mask = np.zeros(self.block.n, bool)
        mask[idx] = True
        return self.block.pack(mask)


@dataclass(frozen=True)
class _Compiled:
    """A pattern's instances ready to run, or the rows it is when it is exact holes."""

    plans: tuple[_Plan | _Counts | None, ...]
    exact: tuple[int, ...] | None


_Counts = tuple[tuple[int, int], ...]
"""An instance matched by counting: ``(cards, m)`` pairs, each "at least m cards of the set"."""


def _counts(instance: tuple[Elem, ...]) -> _Counts | None:
    """Return an instance as card counts when it is one, else None.

    Without variables or braces, elements whose card sets are equal or
    disjoint need no search: a hole matches when, for each set, it holds at
    least as many of its cards as the instance has elements with that set
    (distinct cards of a hole fall in at most one set, so the assignment is
    injective by itself); an element accepting every card (``*``) asks
    nothing more, the parser having checked the instance fits the hole.
    """
    need: dict[int, int] = {}
    for e in instance:
        if e.rank_var or e.suit_var or e.brace >= 0:
            return None
        if e.cards != ALL_CARDS:
            need[e.cards] = need.get(e.cards, 0) + 1
    seen = 0
    for cards in need:
        if cards & seen:
            return None
        seen |= cards
    return tuple(sorted(need.items()))


def _compile(
    node: Node, k: int, out: dict[int, _Compiled], same: dict[Pattern, _Compiled] | None = None
) -> None:
    """Compile the pattern instances of a tree once, before the blocks are visited.

    Equal patterns (``AK,AK``, or one repeated in a long list) share one
    :class:`_Compiled`, so that a block matches each once (:meth:`_Context.pattern`).
    """
    if same is None:
        same = {}
    if isinstance(node, Pattern):
        if id(node) not in out:
            compiled = same.get(node)
            if compiled is None:
                compiled = same[node] = _compile_pattern(node, k)
            out[id(node)] = compiled
    elif isinstance(node, Union):
        for member in node.members:
            _compile(member, k, out, same)
    elif isinstance(node, Inter | Diff):
        first, links = _chain(node)
        _compile(first, k, out, same)
        for link in links:
            _compile(link.right, k, out, same)
    elif isinstance(node, Weight):
        _compile(node.node, k, out, same)


def _compile_pattern(node: Pattern, k: int) -> _Compiled:
    exact = [_exact_rows(inst, k) for inst in node.instances]
    rows = tuple(e for e in exact if e is not None)
    if node.instances and len(rows) == len(exact):
        return _Compiled(plans=(), exact=rows)
    return _Compiled(tuple(_counts(inst) or _plan(inst) for inst in node.instances), None)


# ------------------------------------------------------------- evaluation


def _is_bits(v: Value) -> bool:
    return v.dtype == np.uint64


def _dense(ctx: _Context, v: Value) -> Dense:
    if _is_bits(v):
        out = ctx.block.unpack(v)
        out *= 100
        return out
    return v


def _bits(ctx: _Context, v: Value) -> Bits:
    return v if _is_bits(v) else ctx.block.pack(v > 0)


def _chain(node: Inter | Diff) -> tuple[Node, list[Inter | Diff]]:
    """Return a left-deep ``:``/``!`` chain's first operand and its links, first link first.

    The parser builds ``A:B!C:...`` as a tree as deep as the chain is long;
    walking it in a loop keeps a chain of any length off the call stack.
    """
    links: list[Inter | Diff] = []
    left: Node = node
    while isinstance(left, Inter | Diff):
        links.append(left)
        left = left.left
    links.reverse()
    return left, links


def _link(ctx: _Context, link: Inter | Diff, a: Value) -> Value:
    """Apply one link of a chain to the value ``a`` of what is before it."""
    if isinstance(link, Inter):
        b = _eval(ctx, link.right)
        if _is_bits(a) and _is_bits(b):
            return a & b
        return np.minimum(_dense(ctx, a), _dense(ctx, b))
    right = _bits(ctx, _eval(ctx, link.right))
    if _is_bits(a):
        return a & ~right
    return a * ctx.block.unpack(~right)


def _eval(ctx: _Context, node: Node) -> Value:
    if isinstance(node, Pattern):
        return ctx.pattern(node)
    if isinstance(node, Holes):
        return ctx._rows(node.rows)
    if isinstance(node, Percent):
        ids = ctx.block.class_ids
        assert ids is not None
        return ctx.block.pack(ctx.percent(node)[ids])
    if isinstance(node, Union):
        # Members that are single holes (format_range's output) are set in one go.
        exact = [ctx.exact(m) for m in node.members]
        acc: Value | None = None
        if any(rows is not None for rows in exact):
            acc = ctx._rows([row for rows in exact if rows is not None for row in rows])
        for member, rows in zip(node.members, exact, strict=True):
            if rows is not None:
                continue
            v = _eval(ctx, member)
            if acc is None:
                acc = v
            elif _is_bits(acc) and _is_bits(v):
                acc = acc | v
            else:
                acc = np.maximum(_dense(ctx, acc), _dense(ctx, v))
        assert acc is not None
        return acc
    if isinstance(node, Inter | Diff):
        first, links = _chain(node)
        a = _eval(ctx, first)
        for link in links:
            a = _link(ctx, link, a)
        return a
    if isinstance(node, Weight):
        v = ctx.block.unpack(_bits(ctx, _eval(ctx, node.node)))
        v *= node.pct
        return v
    raise TypeError(f"not a range node: {node!r}")  # pragma: no cover


def _uses_percent(node: Node) -> bool:
    if isinstance(node, Percent):
        return True
    if isinstance(node, Union):
        return any(_uses_percent(m) for m in node.members)
    if isinstance(node, Inter | Diff):
        first, links = _chain(node)
        return _uses_percent(first) or any(_uses_percent(link.right) for link in links)
    if isinstance(node, Weight):
        return _uses_percent(node.node)
    return False


def evaluate(
    node: Node,
    k: int,
    percent: Callable[[Percent], npt.NDArray[np.bool_]],
    class_ids: Callable[[Block], npt.NDArray[np.int32]],
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """Return ``(holes (n, k) uint8, weights in percent (n,) uint8)`` of a range tree.

    ``percent(node)`` gives the class mask of a :class:`Percent` node and
    ``class_ids(block)`` the class of each row of a block; both are called
    only when the tree holds a percent range.
    """
    compiled: dict[int, _Compiled] = {}
    _compile(node, k, compiled)
    memo: dict[int, npt.NDArray[np.bool_]] = {}

    def cached_percent(p: Percent) -> npt.NDArray[np.bool_]:
        key = id(p)
        if key not in memo:
            memo[key] = percent(p)
        return memo[key]

    need_classes = _uses_percent(node)
    holes: list[npt.NDArray[np.uint8]] = []
    weights: list[npt.NDArray[np.uint8]] = []
    for block in hole_blocks(k):
        if need_classes and block.class_ids is None:
            block.class_ids = class_ids(block)
        ctx = _Context(block, compiled, cached_percent)
        value = _eval(ctx, node)
        if _is_bits(value):
            rows = np.flatnonzero(block.unpack(value))
            weights.append(np.full(len(rows), 100, np.uint8))
        else:
            rows = np.flatnonzero(value)
            weights.append(value[rows])
        holes.append(block.codes[rows])
        if k > 5:
            del block, ctx, value, rows  # let the chunk go before the next is built
    if len(holes) == 1:
        return np.ascontiguousarray(holes[0]), weights[0]
    return np.concatenate(holes), np.concatenate(weights)
