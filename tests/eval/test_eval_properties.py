"""Hypothesis properties of the evaluator (docs/rules.md §2, §3).

* the value does not change when the suits are renamed, nor with the order
  of the cards within the hole and within the board (and the cards reported
  do not change with the order either);
* the Omaha high is never stronger than the best five of all the cards, and
  the low never better than the best low of any five of them;
* another board card or hole card never makes a hand worse;
* the cards reported make the value reported; the batch kernels agree with
  the single-hand API and with the reference.

Runs are derandomized (seeded), so a failure reproduces.
"""

from __future__ import annotations

import itertools
import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import omaha
import reference as ref
from select60 import hi_ranking, select60

Deal = tuple[tuple[int, ...], tuple[int, ...]]

SETTINGS = settings(max_examples=300, deadline=None, derandomize=True)


@st.composite
def deals(draw: st.DrawFn, hole_sizes: tuple[int, ...] = (4, 5, 6),
          board_sizes: tuple[int, ...] = (3, 4, 5)) -> Deal:  # fmt: skip
    """A deal: ``nh`` hole cards and ``nb`` board cards, all distinct.

    Half the time from the whole deck, half the time from a small part of
    it (many pairs, straights, flushes and lows).
    """
    nh = draw(st.sampled_from(hole_sizes))
    nb = draw(st.sampled_from(board_sizes))
    if draw(st.booleans()):
        cards = draw(st.permutations(range(52)))[: nh + nb]
    else:
        deck = draw(
            st.lists(st.integers(0, 51), min_size=nh + nb, max_size=nh + nb + 6, unique=True)
        )
        cards = draw(st.permutations(deck))[: nh + nb]
    return tuple(cards[:nh]), tuple(cards[nh:])


def rename_suits(cards: tuple[int, ...], perm: list[int]) -> tuple[int, ...]:
    return tuple((c & ~3) | perm[c & 3] for c in cards)


def lo_strength(hole: tuple[int, ...], board: tuple[int, ...]) -> int:
    low = omaha.evaluate_lo(hole, board)
    return 0 if low is None else low.strength


@SETTINGS
@given(deals(), st.permutations(range(4)))
def test_suit_permutation_invariance(deal: Deal, perm: list[int]) -> None:
    hole, board = deal
    h2, b2 = rename_suits(hole, perm), rename_suits(board, perm)
    a, b = omaha.evaluate_hi(hole, board), omaha.evaluate_hi(h2, b2)
    assert a.strength == b.strength
    assert a.category == b.category and str(a) == str(b)
    assert lo_strength(hole, board) == lo_strength(h2, b2)


@SETTINGS
@given(deals(), st.randoms(use_true_random=False))
def test_card_order_invariance(deal: Deal, rnd: random.Random) -> None:
    hole, board = deal
    h2, b2 = list(hole), list(board)
    rnd.shuffle(h2)
    rnd.shuffle(b2)
    a, b = omaha.evaluate_hi(hole, board), omaha.evaluate_hi(h2, b2)
    assert a.strength == b.strength
    # The reported selection depends on the cards, not on their order.
    assert (a.hole_cards, a.board_cards, a.cards) == (b.hole_cards, b.board_cards, b.cards)
    la, lb = omaha.evaluate_lo(hole, board), omaha.evaluate_lo(h2, b2)
    assert (la is None) == (lb is None)
    if la is not None and lb is not None:
        assert la.strength == lb.strength
        assert (la.hole_cards, la.board_cards) == (lb.hole_cards, lb.board_cards)


@SETTINGS
@given(deals())
def test_high_never_beats_the_best_five_of_all_cards(deal: Deal) -> None:
    hole, board = deal
    hand = omaha.evaluate_hi(hole, board)
    best_any = max(omaha.evaluate5(five) for five in itertools.combinations(hole + board, 5))
    assert hand.strength <= best_any
    # ... and it is the best of every two-hole + three-board selection.
    for pair in itertools.combinations(hole, 2):
        for triple in itertools.combinations(board, 3):
            assert omaha.evaluate5(pair + triple) <= hand.strength


@SETTINGS
@given(deals())
def test_low_never_beats_the_best_low_of_any_five(deal: Deal) -> None:
    hole, board = deal
    s = lo_strength(hole, board)
    assert s <= ref.best_lo_of_any(hole + board)
    for pair in itertools.combinations(hole, 2):
        for triple in itertools.combinations(board, 3):
            assert ref.lo_strength5(pair + triple) <= s


@SETTINGS
@given(deals(hole_sizes=(4, 5), board_sizes=(3, 4)), st.data())
def test_another_card_never_makes_a_hand_worse(deal: Deal, data: st.DataObject) -> None:
    hole, board = deal
    rest = [c for c in range(52) if c not in hole + board]
    extra_board = data.draw(st.sampled_from(rest))
    extra_hole = data.draw(st.sampled_from([c for c in rest if c != extra_board]))
    hi = omaha.evaluate_hi(hole, board).strength
    lo = lo_strength(hole, board)
    assert omaha.evaluate_hi(hole, (*board, extra_board)).strength >= hi
    assert lo_strength(hole, (*board, extra_board)) >= lo
    assert omaha.evaluate_hi((*hole, extra_hole), board).strength >= hi
    assert lo_strength((*hole, extra_hole), board) >= lo


@SETTINGS
@given(deals())
def test_reported_cards_make_the_value(deal: Deal) -> None:
    hole, board = deal
    hand = omaha.evaluate_hi(hole, board)
    assert set(hand.hole_cards) <= set(hole) and len(set(hand.hole_cards)) == 2
    assert set(hand.board_cards) <= set(board) and len(set(hand.board_cards)) == 3
    assert omaha.evaluate5(hand.cards) == hand.strength
    assert sorted(hand.cards) == sorted(hand.hole_cards + hand.board_cards)
    low = omaha.evaluate_lo(hole, board)
    if low is not None:
        assert set(low.hole_cards) <= set(hole) and set(low.board_cards) <= set(board)
        assert ref.lo_strength5(low.cards) == low.strength
        ranks = [1 if c >> 2 == 12 else (c >> 2) + 2 for c in low.cards]
        assert ranks == list(low.ranks) and len(set(ranks)) == 5 and max(ranks) <= 8


@SETTINGS
@given(deals())
def test_agrees_with_reference_and_batches(deal: Deal) -> None:
    hole, board = deal
    hand = omaha.evaluate_hi(hole, board)
    s, pair, triple = ref.omaha_hi(hole, board)
    assert (hand.strength, hand.hole_cards, hand.board_cards) == (s, pair, triple)
    ls, lpair, ltriple = ref.omaha_lo(hole, board)
    low = omaha.evaluate_lo(hole, board)
    if low is None:
        assert ls == 0
    else:
        assert (low.strength, low.hole_cards, low.board_cards) == (ls, lpair, ltriple)
    holes = np.array([hole], np.uint8)
    boards = np.array([board], np.uint8)
    assert omaha.evaluate_hi_batch(holes, boards).tolist() == [s]
    assert omaha.evaluate_lo_batch(holes, boards).tolist() == [ls]
    sel = select60(holes, boards)
    assert sel.hi_strength.tolist() == [s] and sel.hi_cards.tolist() == [[*pair, *triple]]
    assert sel.lo_strength.tolist() == [ls]
    fast = omaha.select_batch(holes, boards)
    assert fast.hi_strength.tolist() == [s]
    assert fast.hi_cards.tolist() == [hi_ranking(s, [*pair, *triple])]
    assert fast.lo_strength.tolist() == [ls]
