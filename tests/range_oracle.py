"""A slow, obviously correct reading of docs/ranges.md: the oracle of the range tests.

Independent of ``omaha.ranges``: its own small parser (valid text only, no
error positions), its own expansion of spans, lists and macros, and a
brute-force matcher that tries every assignment of pattern elements to hole
cards and checks the rules of §3 one by one.

To count over all 270,725 four-card holes in reasonable time, the matcher's
answer for a hole is memoized on a *signature* that determines it: for each
card of the hole, which elements accept it by rule 1 and whether its rank and
suit are explicit in the pattern, plus which cards share a rank and which
share a suit. Every check :func:`matches` makes reads the cards only through
these facts, so two holes with one signature get one answer.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from math import comb

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_VARS = "wxyz"
RANK_VARS = "BEFGILMNOPRUV"
HAND_MACROS = {"ds": "xxyy", "ss": "xxyz!xxyy", "np": "*!RR", "s": "xx", "o": "xy"}
RANK_MACROS = {
    "B": "AKQJ",
    "M": "T987",
    "Z": "65432",
    "L": "A8765432",
    "N": "KQJT9",
    "F": "KQJ",
    "R": "AKQJT",
    "W": "A5432",
}


def rank_of(card: int) -> int:
    return card // 4


def suit_of(card: int) -> int:
    return card % 4


# ------------------------------------------------------------------ elements


@dataclass(frozen=True)
class OElem:
    """One element: what its rank part and suit part say, and its brace group."""

    rank_kind: str  # "rank", "var", "any", "list"
    rank: int = -1  # for "rank"
    rank_var: str = ""  # for "var"
    items: tuple[
        tuple[str, int, int], ...
    ] = ()  # for "list": ("rank", r, -1), ("suit", -1, s), ("card", r, s)
    suit_kind: str = ""  # "", "suit", "var"
    suit: int = -1
    suit_var: str = ""
    brace: int = -1


def rule1(e: OElem, card: int) -> bool:
    """Does the card satisfy the element's own rank and suit constraints (rule 1)?"""
    r, s = rank_of(card), suit_of(card)
    if e.rank_kind == "rank" and r != e.rank:
        return False
    if e.rank_kind == "list" and not any(
        (kind == "rank" and r == ir)
        or (kind == "suit" and s == isuit)
        or (kind == "card" and r == ir and s == isuit)
        for kind, ir, isuit in e.items
    ):
        return False
    return not (e.suit_kind == "suit" and s != e.suit)


def explicit(instance: tuple[OElem, ...]) -> tuple[set[int], set[int]]:
    """The ranks written as rank parts and the suits written as suit parts."""
    ranks = {e.rank for e in instance if e.rank_kind == "rank"}
    suits = {e.suit for e in instance if e.suit_kind == "suit"}
    return ranks, suits


def matches(instance: tuple[OElem, ...], hole: tuple[int, ...]) -> bool:
    """Try every assignment of the elements to distinct cards of the hole (§3)."""
    exp_ranks, exp_suits = explicit(instance)
    for cards in itertools.permutations(hole, len(instance)):
        pairs = list(zip(instance, cards, strict=True))
        # rule 1
        if not all(rule1(e, c) for e, c in pairs):
            continue
        # rule 2: suit variables
        suit_of_var: dict[str, set[int]] = {}
        for e, c in pairs:
            if e.suit_kind == "var":
                suit_of_var.setdefault(e.suit_var, set()).add(suit_of(c))
        if any(len(v) != 1 for v in suit_of_var.values()):
            continue
        var_suits = [next(iter(v)) for v in suit_of_var.values()]
        if len(set(var_suits)) != len(var_suits) or any(s in exp_suits for s in var_suits):
            continue
        # rule 3: rank variables
        rank_of_var: dict[str, set[int]] = {}
        for e, c in pairs:
            if e.rank_kind == "var":
                rank_of_var.setdefault(e.rank_var, set()).add(rank_of(c))
        if any(len(v) != 1 for v in rank_of_var.values()):
            continue
        var_ranks = [next(iter(v)) for v in rank_of_var.values()]
        if len(set(var_ranks)) != len(var_ranks) or any(r in exp_ranks for r in var_ranks):
            continue
        # rule 4: braces
        groups: dict[int, list[int]] = {}
        for e, c in pairs:
            if e.brace >= 0:
                groups.setdefault(e.brace, []).append(rank_of(c))
        if any(len(set(g)) != len(g) for g in groups.values()):
            continue
        return True
    return False


def card_facts(instance: tuple[OElem, ...]) -> list[tuple[object, ...]]:
    """For each card 0..51: which elements accept it (rule 1), is its rank / suit explicit."""
    exp_ranks, exp_suits = explicit(instance)
    return [
        (tuple(rule1(e, c) for e in instance), rank_of(c) in exp_ranks, suit_of(c) in exp_suits)
        for c in range(52)
    ]


def equalities(hole: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For each card, the first card of the hole with its rank, and with its suit."""
    same_rank = tuple(next(j for j, d in enumerate(hole) if rank_of(d) == rank_of(c)) for c in hole)
    same_suit = tuple(next(j for j, d in enumerate(hole) if suit_of(d) == suit_of(c)) for c in hole)
    return same_rank, same_suit


def signature(facts: list[int], hole: tuple[int, ...], eq: int) -> tuple[int, ...]:
    """What :func:`matches` can see of a hole: its cards' facts and its equalities.

    ``facts[c]`` numbers the distinct :func:`card_facts` of card ``c`` and
    ``eq`` the :func:`equalities` of the hole.
    """
    return (eq, *map(facts.__getitem__, hole))


# ------------------------------------------------------------------ parsing

SIDE = r"(?:[2-9TJQKA][cdhswxyz]?)+"
BARE_SPAN = re.compile(rf"({SIDE})(\+|-(?:{SIDE})?)(?=$|[,:!@)])", re.I)
ONE_ITEM = re.compile(r"[2-9TJQKA](?:[cdhs]|-[2-9TJQKA]|\+|-)?|[cdhs]", re.I)


def parse_side(text: str) -> list[tuple[int, str]]:
    """A span side: (rank, suit part as written, lower case) per card."""
    out = []
    for m in re.finditer(r"([2-9TJQKA])([cdhswxyz]?)", text, re.I):
        out.append((RANKS.index(m.group(1).upper()), m.group(2).lower()))
    return out


def span_shapes(text: str) -> list[list[tuple[int, str]]]:
    """Every shape of a span (§4), by shifting the first side one rank at a time."""
    m = re.fullmatch(rf"({SIDE})(\+|-)({SIDE})?", text, re.I)
    assert m, text
    first = parse_side(m.group(1))
    shapes = [first]
    cur = first

    def shift(shape: list[tuple[int, str]], d: int) -> list[tuple[int, str]]:
        return [(r + d, s) for r, s in shape]

    if m.group(3):
        target = parse_side(m.group(3))
        step = 1 if target[0][0] > first[0][0] else -1
        while cur != target:
            cur = shift(cur, step)
            shapes.append(cur)
    elif m.group(2) == "+":
        while max(r for r, _ in cur) < 12:
            cur = shift(cur, 1)
            shapes.append(cur)
    else:
        while min(r for r, _ in cur) > 0:
            cur = shift(cur, -1)
            shapes.append(cur)
    return shapes


def side_elems(shape: list[tuple[int, str]], brace: int) -> list[OElem]:
    out = []
    for r, s in shape:
        if s and s in SUITS:
            out.append(OElem("rank", rank=r, suit_kind="suit", suit=SUITS.index(s), brace=brace))
        elif s:
            out.append(OElem("rank", rank=r, suit_kind="var", suit_var=s, brace=brace))
        else:
            out.append(OElem("rank", rank=r, brace=brace))
    return out


def list_items(text: str) -> tuple[tuple[str, int, int], ...]:
    items: list[tuple[str, int, int]] = []
    for raw in text.split(","):
        it = raw.upper()
        if len(it) == 1 and it.lower() in SUITS:
            items.append(("suit", -1, SUITS.index(it.lower())))
        elif len(it) == 2 and it[1].lower() in SUITS:
            items.append(("card", RANKS.index(it[0]), SUITS.index(it[1].lower())))
        elif len(it) == 3:  # A-T
            a, b = sorted((RANKS.index(it[0]), RANKS.index(it[2])))
            items.extend(("rank", r, -1) for r in range(a, b + 1))
        elif len(it) == 2 and it[1] == "+":
            items.extend(("rank", r, -1) for r in range(RANKS.index(it[0]), 13))
        elif len(it) == 2 and it[1] == "-":
            items.extend(("rank", r, -1) for r in range(0, RANKS.index(it[0]) + 1))
        else:
            assert len(it) == 1, text
            items.append(("rank", RANKS.index(it), -1))
    return tuple(items)


class Parser:
    def __init__(self, text: str) -> None:
        self.s = "".join(text.split())
        self.i = 0
        self.brace = 0

    def peek(self) -> str:
        return self.s[self.i] if self.i < len(self.s) else ""

    def parse(self) -> tuple[object, ...]:
        node = self.union()
        assert self.i == len(self.s), (self.s, self.i)
        return node

    def union(self) -> tuple[object, ...]:
        members = [self.wterm()]
        while self.peek() == ",":
            self.i += 1
            members.append(self.wterm())
        return ("or", members)

    def wterm(self) -> tuple[object, ...]:
        node = self.chain()
        if self.peek() == "@":
            m = re.match(r"@(\d+)", self.s[self.i :])
            assert m
            self.i += m.end()
            node = ("weight", node, int(m.group(1)))
        return node

    def chain(self) -> tuple[object, ...]:
        node = self.operand()
        while self.peek() in (":", "!") and self.peek():
            op = "and" if self.peek() == ":" else "minus"
            self.i += 1
            node = (op, node, self.operand())
        return node

    def operand(self) -> tuple[object, ...]:
        rest = self.s[self.i :]
        if rest.startswith("("):
            self.i += 1
            node = self.union()
            assert self.peek() == ")"
            self.i += 1
            return node
        m = re.match(r"(\d+)%(?:-(\d+)%)?(?:6h)?", rest, re.I)
        if m:
            self.i += m.end()
            if m.group(2):
                return ("pct", int(m.group(1)) - 1, int(m.group(2)))
            return ("pct", 0, int(m.group(1)))
        for name, expansion in HAND_MACROS.items():  # the longer names come first
            if rest.startswith("$" + name):
                self.i += 1 + len(name)
                return Parser(expansion).parse()
        m = BARE_SPAN.match(rest)
        if m:
            self.i += m.end()
            return ("pattern", [tuple(side_elems(shape, -1)) for shape in span_shapes(m.group(0))])
        return ("pattern", self.pattern())

    def suit_part(self) -> tuple[str, int, str]:
        c = self.peek().lower()
        if c and c in SUITS:
            self.i += 1
            return "suit", SUITS.index(c), ""
        if c and c in SUIT_VARS:
            self.i += 1
            return "var", -1, c
        return "", -1, ""

    def pattern(self) -> list[tuple[OElem, ...]]:
        # Each slot: the alternatives for that part of the pattern (a bracketed
        # span has one per shape; anything else has one).
        slots: list[list[list[OElem]]] = []
        brace = -1
        while self.peek() and self.peek() not in ",:!@)":
            c = self.peek()
            u = c.upper()
            if c == "{":
                self.brace += 1
                brace = self.brace
                self.i += 1
                continue
            if c == "}":
                brace = -1
                self.i += 1
                continue
            if c == "[":
                end = self.s.index("]", self.i)
                inside = self.s[self.i + 1 : end]
                self.i = end + 1
                if "," in inside or ONE_ITEM.fullmatch(inside):
                    items = list_items(inside)
                    if all(kind == "rank" for kind, _, _ in items):
                        sk, s, sv = self.suit_part()
                    else:
                        sk, s, sv = "", -1, ""
                    elem = OElem(
                        "list", items=items, suit_kind=sk, suit=s, suit_var=sv, brace=brace
                    )
                    slots.append([[elem]])
                else:
                    slots.append([side_elems(shape, brace) for shape in span_shapes(inside)])
                continue
            if c == "$":
                name = self.s[self.i + 1]
                self.i += 2
                items = tuple(("rank", RANKS.index(ch), -1) for ch in RANK_MACROS[name])
                sk, s, sv = self.suit_part()
                slots.append(
                    [[OElem("list", items=items, suit_kind=sk, suit=s, suit_var=sv, brace=brace)]]
                )
                continue
            self.i += 1
            if u in RANKS:
                kind = dict(rank_kind="rank", rank=RANKS.index(u))
            elif u in RANK_VARS:
                kind = dict(rank_kind="var", rank_var=u)
            elif c == "*":
                kind = dict(rank_kind="any")
            else:  # a suit part alone: a card of any rank
                self.i -= 1
                kind = dict(rank_kind="any")
            sk, s, sv = self.suit_part()
            slots.append([[OElem(**kind, suit_kind=sk, suit=s, suit_var=sv, brace=brace)]])  # type: ignore[arg-type]
        return [tuple(e for part in combo for e in part) for combo in itertools.product(*slots)]


def parse(text: str) -> tuple[object, ...]:
    """The oracle's reading of a range text (valid text only)."""
    return Parser(text).parse()


# ------------------------------------------------------------------ evaluation


def all_holes(k: int) -> list[tuple[int, ...]]:
    return list(itertools.combinations(range(52), k))


class Oracle:
    """Weights (integer percent, 0 = not in the range) of given holes for range texts."""

    def __init__(self, holes: list[tuple[int, ...]], percent_order: object = None) -> None:
        self.holes = holes
        self.percent_order = percent_order  # callable (lo, hi) -> set of holes, for pct
        self._pattern_cache: dict[tuple[OElem, ...], list[bool]] = {}
        numbers: dict[object, int] = {}
        self._eq = [numbers.setdefault(equalities(h), len(numbers)) for h in holes]

    def instance_matches(self, instance: tuple[OElem, ...]) -> list[bool]:
        got = self._pattern_cache.get(instance)
        if got is None:
            memo: dict[tuple[int, ...], bool] = {}
            got = []
            numbers: dict[object, int] = {}
            facts = [numbers.setdefault(f, len(numbers)) for f in card_facts(instance)]
            for hole, eq in zip(self.holes, self._eq, strict=True):
                if len(instance) > len(hole):
                    got.append(False)
                    continue
                key = signature(facts, hole, eq)
                if key not in memo:
                    memo[key] = matches(instance, hole)
                got.append(memo[key])
            self._pattern_cache[instance] = got
        return got

    def weights(self, text: str) -> list[int]:
        return self.evaluate(parse(text))

    def evaluate(self, node: tuple[object, ...]) -> list[int]:
        kind = node[0]
        n = len(self.holes)
        if kind == "pattern":
            out = [0] * n
            for instance in node[1]:  # type: ignore[attr-defined]
                for i, hit in enumerate(self.instance_matches(instance)):
                    if hit:
                        out[i] = 100
            return out
        if kind == "pct":
            assert callable(self.percent_order)
            chosen = self.percent_order(node[1], node[2])
            return [100 if h in chosen else 0 for h in self.holes]
        if kind == "or":
            parts = [self.evaluate(m) for m in node[1]]  # type: ignore[attr-defined]
            return [max(ws) for ws in zip(*parts, strict=True)]
        if kind == "and":
            a, b = self.evaluate(node[1]), self.evaluate(node[2])  # type: ignore[arg-type]
            return [min(x, y) for x, y in zip(a, b, strict=True)]
        if kind == "minus":
            a, b = self.evaluate(node[1]), self.evaluate(node[2])  # type: ignore[arg-type]
            return [0 if y else x for x, y in zip(a, b, strict=True)]
        if kind == "weight":
            a = self.evaluate(node[1])  # type: ignore[arg-type]
            return [node[2] if x else 0 for x in a]  # type: ignore[misc]
        raise AssertionError(node)


# ------------------------------------------------------------------ classes


def class_key(hole: tuple[int, ...]) -> tuple[frozenset[int], ...]:
    """The suit-blind description of a hole: its per-suit rank sets, sorted."""
    per_suit = [frozenset(rank_of(c) for c in hole if suit_of(c) == s) for s in range(4)]
    return tuple(sorted(per_suit, key=lambda f: sorted(f)))


def canonical_row(hole: tuple[int, ...]) -> tuple[int, ...]:
    """The smallest sorted code row among the 24 suit relabellings of a hole."""
    return min(
        tuple(sorted(4 * rank_of(c) + perm[suit_of(c)] for c in hole))
        for perm in itertools.permutations(range(4))
    )


def percent_sets(k: int, equity_of_row: object) -> object:
    """Return ``choose(lo, hi)``: the holes of ``(lo%, hi%]`` under a given equity function.

    ``equity_of_row(canonical_row)`` gives each class's equity; classes are
    ordered by decreasing equity, then ascending canonical row (§10).
    """
    assert callable(equity_of_row)
    classes: dict[tuple[frozenset[int], ...], list[tuple[int, ...]]] = {}
    for hole in itertools.combinations(range(52), k):
        classes.setdefault(class_key(hole), []).append(hole)
    ranked = sorted(classes.values(), key=lambda hs: (-equity_of_row(min(hs)), min(hs)))
    total = comb(52, k)

    def prefix(n: int) -> int:
        if n == 0:
            return 0
        held = 0
        for count, hs in enumerate(ranked, 1):
            held += len(hs)
            if 100 * held >= n * total:
                return count
        raise AssertionError(n)

    def choose(lo: int, hi: int) -> set[tuple[int, ...]]:
        return {h for hs in ranked[prefix(lo) : prefix(hi)] for h in hs}

    return choose
