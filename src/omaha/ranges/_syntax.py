"""The range syntax read: a range text to the matcher's tree (docs/ranges.md).

Private helper of :mod:`omaha.ranges`: :class:`_Parser` reads a text once,
for one hole count and game, into the tree of :mod:`omaha.ranges._matching`
(patterns, percent ranges, unions, intersections, differences, weights),
raising :class:`~omaha.errors.RangeSyntaxError` with the reason and the
position of the first mistake.
"""

from __future__ import annotations

import re
from itertools import product

from omaha._holes import ALL_CARDS, hole_index
from omaha.errors import RangeSyntaxError
from omaha.games import GameName
from omaha.ranges._matching import (
    Diff,
    Elem,
    Holes,
    Inter,
    Node,
    Pattern,
    Percent,
    Union,
    Weight,
)

__all__ = ["HOLE_COUNTS", "MAX_DEPTH"]

HOLE_COUNTS = (4, 5, 6)

_RANKS = "23456789TJQKA"
_SUITS = "CDHS"
_SUIT_VARS = "WXYZ"
_RANK_VARS = "BEFGILMNOPRUV"
_DIGITS = "0123456789"
_RANK_MACROS = {
    "B": "AKQJ",
    "M": "T987",
    "Z": "65432",
    "L": "A8765432",
    "N": "KQJT9",
    "F": "KQJ",
    "R": "AKQJT",
    "W": "A5432",
}
_HAND_MACROS = {"s": "xx", "o": "xy", "ds": "xxyy", "ss": "xxyz!xxyy", "np": "*!RR"}
_MACRO_LIST = "hand macros $s $o $ds $ss $np; rank macros $B $M $Z $L $N $F $R $W"
_ENDS_OPERAND = ("", ",", ":", "!", "@", ")")
MAX_DEPTH = 50
"""The deepest nesting of parentheses a range may have (docs/ranges.md §8)."""


_HOLE_TEXT = {
    k: re.compile(rf"(?:[{_RANKS}][{_SUITS}]){{{k}}}(?=[,)]|\Z)", re.IGNORECASE) for k in (4, 5, 6)
}
_CARD_CODES = {
    rank + suit: 4 * r + s
    for r, ranks in enumerate(zip(_RANKS, _RANKS.lower(), strict=True))
    for s, suits in enumerate(zip(_SUITS.lower(), _SUITS, strict=True))
    for rank in ranks
    for suit in suits
}


def _rank_cards(rank: int) -> int:
    return 0xF << (4 * rank)


_SUIT_CARDS = tuple(sum(1 << (4 * r + s) for r in range(13)) for s in range(4))


# ----------------------------------------------------------- parsed items


class _Single:
    """One element as written: a rank part and a suit part (§3)."""

    __slots__ = ("brace", "cards", "kind", "pos", "rank", "rank_var", "suit", "suit_var")

    def __init__(self, pos: int, kind: str, cards: int = ALL_CARDS, brace: int = -1) -> None:
        self.pos = pos
        self.kind = kind  # rank, rank_var, any, list, cards, macro, suit (a suit part alone)
        self.cards = cards  # the cards the rank part allows
        self.rank = -1  # the explicit rank, for kind "rank"
        self.rank_var = ""
        self.suit = -1  # the explicit suit part
        self.suit_var = ""
        self.brace = brace


_SideCard = tuple[int, int, str]  # rank, suit (-1 for none), suit variable ('' for none)


class _SpanItem:
    """A bracketed span inside a pattern: one card list per instance (§4)."""

    __slots__ = ("brace", "instances", "pos")

    def __init__(self, pos: int, instances: list[list[_SideCard]], brace: int) -> None:
        self.pos = pos
        self.instances = instances
        self.brace = brace


_Item = _Single | _SpanItem


def _instance(cards: list[tuple[_Single | _SideCard, int]]) -> tuple[Elem, ...]:
    """Build the matcher's elements of one instance, applying §3 rules 2 and 3's exclusions."""
    explicit_ranks = 0
    explicit_suits = 0
    for card, _ in cards:
        if isinstance(card, tuple):
            explicit_ranks |= _rank_cards(card[0])
            if card[1] >= 0:
                explicit_suits |= _SUIT_CARDS[card[1]]
        else:
            if card.kind == "rank":
                explicit_ranks |= _rank_cards(card.rank)
            if card.suit >= 0:
                explicit_suits |= _SUIT_CARDS[card.suit]
    elems = []
    for card, brace in cards:
        if isinstance(card, tuple):
            rank, suit, suit_var = card
            allowed, rank_var = _rank_cards(rank), ""
        else:
            allowed, rank_var, suit, suit_var = card.cards, card.rank_var, card.suit, card.suit_var
        if suit >= 0:
            allowed &= _SUIT_CARDS[suit]
        if rank_var:
            allowed &= ~explicit_ranks
        if suit_var:
            allowed &= ~explicit_suits
        elems.append(Elem(allowed & ALL_CARDS, rank_var, suit_var, brace))
    return tuple(sorted(elems))


def _span_instances(side1: list[_SideCard], shifts: range) -> list[list[_SideCard]]:
    return [[(r + t, s, v) for r, s, v in side1] for t in shifts]


# ----------------------------------------------------------- the parser


class _Parser:
    """Recursive descent over the grammar of §14, whitespace removed (§2)."""

    def __init__(self, text: str, hole_count: int, game: GameName) -> None:
        self.text = text
        kept = [(i, ch) for i, ch in enumerate(text) if not ch.isspace()]
        self.s = "".join(ch for _, ch in kept)
        self.at = [i for i, _ in kept]
        self.i = 0
        self.k = hole_count
        self.game = game
        self.braces = 0
        self.depth = 0

    # -- helpers

    def fail(self, reason: str, i: int) -> RangeSyntaxError:
        pos = self.at[i] if i < len(self.s) else len(self.text)
        return RangeSyntaxError(reason, self.text, pos)

    def where(self, i: int) -> int:
        return self.at[i] if i < len(self.s) else len(self.text)

    def peek(self, off: int = 0) -> str:
        j = self.i + off
        return self.s[j] if j < len(self.s) else ""

    def macro_name(self, i: int) -> str | None:
        """Return the macro name after the ``$`` at ``i``, longest first (§7), or None."""
        two = self.s[i + 1 : i + 3]
        if two in _HAND_MACROS:
            return two
        one = self.s[i + 1 : i + 2]
        if one in _HAND_MACROS or one in _RANK_MACROS:
            return one
        return None

    def digits(self) -> tuple[int, int] | None:
        """Read an integer at the cursor: ``(value, start)``, or None if there is no digit.

        A value over 999 is read as 1000: only 1..100 is ever valid, and
        ``int`` refuses strings of thousands of digits.
        """
        start = self.i
        while self.peek() and self.peek() in _DIGITS:
            self.i += 1
        if self.i == start:
            return None
        text = self.s[start : self.i].lstrip("0") or "0"
        return (int(text) if len(text) <= 3 else 1000), start

    # -- range, union, weighted terms, chains

    def parse(self) -> Node:
        if not self.s:
            raise self.fail("empty range", 0)
        node, _ = self.union("")
        if self.i < len(self.s):
            raise self.after_error(None)
        return node

    def union(self, after: str) -> tuple[Node, bool]:
        members: list[tuple[Node, bool, int]] = []
        rows: list[int] = []  # the members that are whole holes written out
        first_hole = -1
        while True:
            start = self.i
            if self.whole_hole(rows):
                first_hole = start if first_hole < 0 else first_hole
            else:
                node, weighted = self.wterm(after)
                members.append((node, weighted, start))
            if self.peek() != ",":
                break
            self.i += 1
            after = ","
        flags = [w for _, w, _ in members]
        if any(flags) and (first_hole >= 0 or not all(flags)):
            unweighted = [s for _, w, s in members if not w] + [first_hole] * (first_hole >= 0)
            raise self.fail("sub-range without a weight in a weighted list", min(unweighted))
        nodes: list[Node] = [Holes(tuple(rows))] if first_hole >= 0 else []
        # Equal patterns once: a long list may repeat them (the union is the same).
        nodes.extend({m if isinstance(m, Pattern) else id(m): m for m, _, _ in members}.values())
        weighted = bool(flags) and flags[0]
        if len(nodes) == 1:
            return nodes[0], weighted
        return Union(tuple(nodes)), weighted

    def whole_hole(self, rows: list[int]) -> bool:
        """Read a member that is one hole written out (``AsAhKsKh``) quickly, if it is one.

        Such a member, followed by ``,``, ``)`` or the end, is an unweighted
        pattern of one hole (or of none, when a card repeats): its row is
        appended to ``rows``. Returns whether the member was read. This is
        what :func:`format_range` writes, read in a fraction of the time a
        pattern takes.
        """
        m = _HOLE_TEXT[self.k].match(self.s, self.i)
        if m is None:
            return False
        text = m.group()
        codes = sorted({_CARD_CODES[text[j : j + 2]] for j in range(0, len(text), 2)})
        if len(codes) == self.k:
            rows.append(hole_index(codes))
        self.i = m.end()
        return True

    def wterm(self, after: str) -> tuple[Node, bool]:
        node, weighted = self.chain(after)
        if self.peek() != "@":
            return node, weighted
        at = self.i
        self.i += 1
        number = self.digits()
        if number is None:
            raise self.fail("a weight 1..100 was expected after '@'", self.i)
        value, _ = number
        if not 1 <= value <= 100:
            raise self.fail(f"weight {self.s[at + 1 : self.i]} outside 1..100", at)
        if weighted:
            raise self.fail("a weight on a sub-range that is already weighted", at)
        if self.peek() in (":", "!"):
            op = self.peek()
            raise self.fail(
                f"a weight ends its sub-range: {op!r} cannot follow '@{value}' "
                f"(weight the whole chain: A{op}B@{value})",
                self.i,
            )
        return Weight(node, value), True

    def chain(self, after: str) -> tuple[Node, bool]:
        node, weighted = self.operand(after)
        while self.peek() in (":", "!") and self.peek():
            op = self.peek()
            self.i += 1
            right, right_weighted = self.operand(op)
            if op == ":":
                node, weighted = Inter(node, right), weighted or right_weighted
            else:
                node = Diff(node, right)
        return node, weighted

    # -- operands

    def operand(self, after: str) -> tuple[Node, bool]:
        i, c = self.i, self.peek()
        expected = "a sub-range was expected" + (f" after {after!r}" if after else "")
        if c == "(":
            if self.depth >= MAX_DEPTH:
                raise self.fail(f"parentheses nest more than {MAX_DEPTH} deep", i)
            self.i += 1
            self.depth += 1
            node, weighted = self.union("(")
            self.depth -= 1
            if self.peek() != ")":
                raise self.after_error(i)
            self.i += 1
            return node, weighted
        if c == "$":
            name = self.macro_name(i)
            if name is None:
                raise self.fail(f"unknown macro ({_MACRO_LIST})", i + 1)
            if name in _HAND_MACROS:
                self.i += 1 + len(name)
                return _Parser(_HAND_MACROS[name], self.k, self.game).parse(), False
        if c and c in _DIGITS:
            j = i
            while j < len(self.s) and self.s[j] in _DIGITS:
                j += 1
            if j < len(self.s) and self.s[j] == "%":
                return self.percent(), False
        if c == "!":
            raise self.fail("there is no unary '!': write '*!X' for the holes not in X", i)
        if c in ("", ",", ")", ":", "@", "+", "-", "%"):
            raise self.fail(expected, i)
        if c in "]}":
            raise self.fail(f"unmatched {c!r}", i)
        if not (self.starts_element(c) or c == "{"):
            raise self.fail(f"unexpected character {c!r}", i)
        return self.span_or_pattern(), False

    def percent(self) -> Percent:
        start = self.i
        number = self.digits()
        assert number is not None
        lo, _ = number
        self.i += 1  # the '%'
        if not 1 <= lo <= 100:
            raise self.fail(f"percent {self.s[start : self.i]} outside 1..100", start)
        hi = lo
        if self.peek() == "-":
            self.i += 1
            second = self.digits()
            if second is None or self.peek() != "%":
                raise self.fail("a percent (N%) was expected after '-'", self.i)
            hi, hi_start = second
            self.i += 1
            if not 1 <= hi <= 100:
                raise self.fail(f"percent {self.s[hi_start : self.i]} outside 1..100", hi_start)
            if lo > hi:
                raise self.fail(f"percent range {lo}%-{hi}% runs backwards", start)
            lo -= 1  # N%-M% is M% minus (N-1)%
        else:
            lo = 0
        if self.s[self.i : self.i + 2].upper() == "6H":  # §10 Decision: accepted, ignored
            self.i += 2
        return Percent(lo, hi, self.game)

    def after_error(self, paren: int | None) -> RangeSyntaxError:
        """Return the error for a character that cannot follow a complete sub-range."""
        i, c = self.i, self.peek()
        closing = f" or ')' to close the '(' at {self.where(paren)}" if paren is not None else ""
        if c == "":
            return self.fail(f"')' expected to close the '(' at {self.where(paren or 0)}", i)
        if c == ")":
            return self.fail("unmatched ')'", i)
        if c in "]}":
            return self.fail(f"unmatched {c!r}", i)
        if c == "@":
            return self.fail("a sub-range takes one weight", i)
        if c == "$":
            name = self.macro_name(i)
            if name is None:
                return self.fail(f"unknown macro ({_MACRO_LIST})", i + 1)
            return self.fail(
                f"the hand macro '${name}' is a whole sub-range: combine it with ':' "
                f"(AA:${name}), not by writing it next to a pattern",
                i,
            )
        if c == "%":
            return self.fail("'%' cannot follow here: percent ranges are N% or N%-M%", i)
        if c == ".":
            return self.fail("unexpected character '.': percents and weights are integers", i)
        if c == "(" or c in "+-" or self.starts_element(c) or c in "[{*":
            return self.fail(
                f"{c!r} cannot follow a sub-range here: expected ',', ':', '!', '@'{closing}", i
            )
        return self.fail(f"unexpected character {c!r}", i)

    # -- patterns and spans

    def starts_element(self, c: str) -> bool:
        if not c:
            return False
        u = c.upper()
        return u in _RANKS or u in _RANK_VARS or u in _SUITS or u in _SUIT_VARS or c in "*[$10"

    def span_or_pattern(self) -> Pattern:
        start = self.i
        items, braces = self.pattern_items()
        if self.peek() in ("+", "-") and self.peek():
            return self.bare_span(start, items, braces)
        size = sum(1 if isinstance(it, _Single) else len(it.instances[0]) for it in items)
        if size > self.k:
            raise self.fail(
                f"pattern has {size} cards, holes have {self.k}{self.suffix_hint(start)}", start
            )
        return Pattern(self.expand(items))

    def suffix_hint(self, start: int) -> str:
        """Return a hint for a pattern ending in another tool's ``ds``/``ss`` suffix, or ''.

        ``AK**ds`` (double-suited A-K in other tools) is six cards here: the
        suits are written with the macros, ``AK:$ds`` (§7).
        """
        token = self.s[start : self.i]
        for suffix in ("ds", "ss"):
            head = token.removesuffix(suffix).rstrip("*")
            if token.endswith(suffix) and head:
                return (
                    f"; {token!r} looks like another tool's syntax: here the suits of a hand"
                    f" are a macro, write {head + ':$' + suffix!r}"
                )
        return ""

    def pattern_items(self) -> tuple[list[_Item], list[int]]:
        """Read elements and braces; return them and the positions of the braces."""
        items: list[_Item] = []
        braces: list[int] = []
        open_at = -1
        inside = 0
        while True:
            c = self.peek()
            if c == "{":
                if open_at >= 0:
                    raise self.fail("braces cannot be nested", self.i)
                open_at = self.i
                braces.append(self.i)
                self.braces += 1
                inside = 0
                self.i += 1
            elif c == "}" and open_at >= 0:
                if not inside:
                    raise self.fail("empty braces", self.i)
                open_at = -1
                self.i += 1
            elif self.starts_element(c):
                items.append(self.element(self.braces if open_at >= 0 else -1))
                inside += 1
            else:
                break
        if open_at >= 0:
            raise self.fail(f"'}}' expected to close the '{{' at {self.where(open_at)}", self.i)
        return items, braces

    def element(self, brace: int) -> _Item:
        i = self.i
        c = self.s[i]
        u = c.upper()
        single: _Single
        if u in _RANKS:
            single = _Single(i, "rank", _rank_cards(_RANKS.index(u)), brace)
            single.rank = _RANKS.index(u)
            self.i += 1
        elif u in _RANK_VARS:
            single = _Single(i, "rank_var", ALL_CARDS, brace)
            single.rank_var = u
            self.i += 1
        elif c == "*":
            single = _Single(i, "any", ALL_CARDS, brace)
            self.i += 1
        elif c == "[":
            got = self.bracket(brace)
            if isinstance(got, _SpanItem) or got.kind == "cards":
                return got
            single = got
        elif c == "$":
            name = self.macro_name(i)
            if name is None:
                raise self.fail(f"unknown macro ({_MACRO_LIST})", i + 1)
            if name in _HAND_MACROS:
                raise self.after_error(None)
            cards = 0
            for ch in _RANK_MACROS[name]:
                cards |= _rank_cards(_RANKS.index(ch))
            single = _Single(i, "macro", cards, brace)
            self.i += 1 + len(name)
        elif u in _SUITS or u in _SUIT_VARS:
            single = _Single(i, "suit", ALL_CARDS, brace)
            self.suit_part(single)
            return single
        else:
            raise self.not_a_rank(i)
        self.suit_part(single)
        return single

    def not_a_rank(self, i: int) -> RangeSyntaxError:
        c = self.s[i]
        if c == "1":
            return self.fail("'1' is not a rank; write 'T'", i)
        return self.fail(f"{c!r} is not a rank", i)

    def suit_part(self, single: _Single) -> None:
        u = self.peek().upper()
        if u and u in _SUITS:
            single.suit = _SUITS.index(u)
            self.i += 1
        elif u and u in _SUIT_VARS:
            single.suit_var = u
            self.i += 1

    def expand(self, items: list[_Item]) -> tuple[tuple[Elem, ...], ...]:
        """Return the instances of a pattern: one per choice of each bracketed span's shape."""
        choices: list[list[list[tuple[_Single | _SideCard, int]]]] = []
        for it in items:
            if isinstance(it, _Single):
                choices.append([[(it, it.brace)]])
            else:
                choices.append([[(card, it.brace) for card in inst] for inst in it.instances])
        seen: dict[tuple[Elem, ...], None] = {}
        for combo in product(*choices):
            seen.setdefault(_instance([card for part in combo for card in part]))
        return tuple(seen)

    # -- lists and bracketed spans

    def item(self, i: int) -> tuple[int, bool, int] | None:
        """Return the list item at ``i`` (§5) as ``(cards, rank only, end)``, or None."""
        s = self.s
        u = s[i].upper() if i < len(s) else ""
        if u and u in _SUITS:
            return _SUIT_CARDS[_SUITS.index(u)], False, i + 1
        if not u or u not in _RANKS:
            return None
        r = _RANKS.index(u)
        nxt = s[i + 1].upper() if i + 1 < len(s) else ""
        if nxt and nxt in _SUITS:
            return 1 << (4 * r + _SUITS.index(nxt)), False, i + 2
        lo = hi = r
        end = i + 1
        if nxt == "-":
            after = s[i + 2].upper() if i + 2 < len(s) else ""
            if after and after in _RANKS:
                lo, hi = sorted((r, _RANKS.index(after)))
                end = i + 3
            else:
                lo, end = 0, i + 2
        elif nxt == "+":
            hi, end = 12, i + 2
        cards = 0
        for rank in range(lo, hi + 1):
            cards |= _rank_cards(rank)
        return cards, True, end

    def bracket_error(self, i: int, start: int) -> RangeSyntaxError:
        c = self.s[i] if i < len(self.s) else ""
        u = c.upper()
        if not c:
            return self.fail(f"']' expected to close the '[' at {self.where(start)}", i)
        if c == "]":
            return self.fail("empty list" if i == start + 1 else "empty list item", i)
        if c == ",":
            return self.fail("empty list item", i)
        if c == "[":
            return self.fail("brackets cannot be nested", i)
        if c in "{}":
            return self.fail("braces cannot be inside brackets", i)
        if c == "*":
            return self.fail("'*' cannot be inside brackets", i)
        if u in _RANK_VARS or u in _SUIT_VARS:
            return self.fail(f"the variable {c!r} cannot be inside brackets", i)
        if c == "$":
            return self.fail("macros cannot be inside brackets", i)
        if c in _DIGITS:
            return self.not_a_rank(i)
        return self.fail(
            f"{c!r} cannot be here: expected ',' or ']' in the list opened at {self.where(start)}",
            i,
        )

    def bracket(self, brace: int) -> _Single | _SpanItem:
        start = self.i
        first = self.item(start + 1)
        if first is not None and self.s[first[2] : first[2] + 1] in (",", "]"):
            cards = 0
            rank_only = True
            self.i = start + 1
            while True:
                got = self.item(self.i)
                if got is None:
                    raise self.bracket_error(self.i, start)
                cards |= got[0]
                rank_only = rank_only and got[1]
                self.i = got[2]
                c = self.peek()
                self.i += 1
                if c == "]":
                    break
                if c != ",":
                    raise self.bracket_error(self.i - 1, start)
            # After a list with a suit or card item, a suit letter is a new element (§5).
            return _Single(start, "list" if rank_only else "cards", cards, brace)
        self.i = start + 1
        u = self.peek().upper()
        if not u or u not in _RANKS:
            raise self.bracket_error(self.i, start)
        side_start = self.i
        side1 = self.side()
        if self.peek() not in ("+", "-") or not self.peek():
            if self.peek() == "]":
                raise self.fail(
                    "a bracket without commas holds one list item or a span "
                    "(separate list items with commas: [A,K,Q])",
                    self.i,
                )
            raise self.bracket_error(self.i, start)
        op = self.peek()
        self.i += 1
        side2 = None
        if op == "-" and self.peek():
            u = self.peek().upper()
            if u in _RANKS:
                side2 = self.side()
            elif self.peek() != "]":
                raise self.bracket_error(self.i, start)
        instances = self.span(side_start, side1, op, side2)
        if self.peek() == ",":
            raise self.fail("a span cannot be a list item: ']' expected after it", self.i)
        if self.peek() != "]":
            raise self.bracket_error(self.i, start)
        self.i += 1
        return _SpanItem(start, instances, brace)

    def side(self) -> list[_SideCard]:
        """Read ``(RANK (SUIT | SUITVAR)?)+`` inside brackets."""
        cards: list[_SideCard] = []
        while True:
            u = self.peek().upper()
            if not u or u not in _RANKS:
                return cards
            rank = _RANKS.index(u)
            self.i += 1
            s = self.peek().upper()
            if s and s in _SUITS:
                cards.append((rank, _SUITS.index(s), ""))
                self.i += 1
            elif s and s in _SUIT_VARS:
                cards.append((rank, -1, s))
                self.i += 1
            else:
                cards.append((rank, -1, ""))

    def span(
        self, start: int, side1: list[_SideCard], op: str, side2: list[_SideCard] | None
    ) -> list[list[_SideCard]]:
        """Return the instances of ``side1+``, ``side1-`` or ``side1-side2`` (§4)."""
        if len(side1) > self.k:
            raise self.fail(f"pattern has {len(side1)} cards, holes have {self.k}", start)
        ranks = [r for r, _, _ in side1]
        if side2 is None:
            if op == "+":
                return _span_instances(side1, range(0, 12 - max(ranks) + 1))
            return _span_instances(side1, range(0, -min(ranks) - 1, -1))
        if len(side2) != len(side1):
            raise self.fail("span sides differ in length", start)
        if [c[1:] for c in side1] != [c[1:] for c in side2]:
            raise self.fail("span sides differ in suits", start)
        delta = side2[0][0] - side1[0][0]
        if any(b[0] - a[0] != delta for a, b in zip(side1, side2, strict=True)):
            raise self.fail("span sides differ in shape", start)
        step = 1 if delta >= 0 else -1
        return _span_instances(side1, range(0, delta + step, step))

    def bare_side(self, items: list[_Item], braces: list[int]) -> list[_SideCard]:
        """Check that pattern items are a span side (ranks with optional suits) and convert."""
        bad: list[tuple[int, str]] = [(b, "braces cannot be in a span") for b in braces]
        for it in items:
            if isinstance(it, _SpanItem):
                bad.append((it.pos, "a bracketed span cannot be in a span"))
            elif it.kind == "rank_var":
                bad.append((it.pos, f"the variable {self.s[it.pos]!r} cannot be in a span"))
            elif it.kind == "any":
                bad.append((it.pos, "'*' cannot be in a span"))
            elif it.kind in ("list", "cards"):
                bad.append((it.pos, "a list cannot be in a span"))
            elif it.kind == "macro":
                bad.append((it.pos, "a macro cannot be in a span"))
            elif it.kind == "suit":
                bad.append((it.pos, "a span holds ranks, each with an optional suit"))
        if bad:
            pos, reason = min(bad)
            raise self.fail(reason, pos)
        return [(it.rank, it.suit, it.suit_var) for it in items if isinstance(it, _Single)]

    def bare_span(self, start: int, items: list[_Item], braces: list[int]) -> Pattern:
        side1 = self.bare_side(items, braces)
        op = self.peek()
        self.i += 1
        side2 = None
        if op == "-" and (self.starts_element(self.peek()) or self.peek() == "{"):
            items2, braces2 = self.pattern_items()
            side2 = self.bare_side(items2, braces2)
        instances = self.span(start, side1, op, side2)
        if self.peek() not in _ENDS_OPERAND:
            raise self.fail(
                "text after a span: a span is a whole sub-range; "
                "put it in brackets to use it in a pattern ([KK-99]x)",
                self.i,
            )
        return Pattern(tuple(_instance([(c, -1) for c in inst]) for inst in instances))
