"""Hand by hand: the rule book's examples, the traps, names, result objects, errors.

The rules are docs/rules.md §2 (high: exactly two hole cards and exactly
three board cards) and §3 (eight-or-better low).
"""

from __future__ import annotations

import copy
import dataclasses
import itertools
import operator
import pathlib
import pickle
import re
from typing import Any

import pytest

import omaha
import reference as ref
from omaha import (
    DuplicateCardError,
    HandCategory,
    HighHand,
    InvalidCardError,
    LowHand,
    OmahaError,
    _eval,
    evaluate5,
    evaluate_hi,
    evaluate_lo,
    format_cards,
    parse_cards,
)
from omaha.ranks import hi_name, lo_name


def ranks_of(cards: tuple[int, ...]) -> str:
    return "".join("23456789TJQKA"[c >> 2] for c in cards)


# ------------------------------------------------------------ seed examples


@pytest.mark.parametrize(
    ("hole", "board"),
    [
        ("AsKdQhTc", "Jd5s3c8hTd"),
        ("AsKsQsTc", "Js5s3c8hTd"),  # two spades on the board: still no flush
        ("AsKdQhTc", "Js5s3s8sTd"),  # one spade in the hole: no flush
    ],
)
def test_seed_one_pair_of_tens_not_a_straight(hole: str, board: str) -> None:
    # docs/rules.md §2: A-K-Q-J-T would need three hole cards.
    hand = evaluate_hi(hole, board)
    assert hand.category == HandCategory.ONE_PAIR
    assert str(hand) == "One pair, tens"
    assert ranks_of(hand.cards) == "TTAJ8"
    assert hand.strength == ref.omaha_hi(parse_cards(hole), parse_cards(board))[0]


def test_seed_three_kings_and_eight_five_low() -> None:
    # docs/rules.md §2: the full house would need three hole cards.
    hole, board = "AhKsKd4c", "2sKh8d5cAd"
    hand = evaluate_hi(hole, board)
    assert hand.category == HandCategory.THREE_OF_A_KIND
    assert str(hand) == "Three of a kind, kings"
    assert ranks_of(hand.cards) == "KKKA8"
    low = evaluate_lo(hole, board)
    assert low is not None
    assert str(low) == "8-5-4-2-A"
    assert low.ranks == (8, 5, 4, 2, 1)
    assert ranks_of(low.cards) == "8542A"
    assert {format_cards([c]) for c in low.hole_cards} == {"Ah", "4c"}
    assert {format_cards([c]) for c in low.board_cards} == {"2s", "8d", "5c"}


# --------------------------------------------------------------------- traps


def test_board_quads_with_a_hole_pair_is_a_full_house() -> None:
    hand = evaluate_hi("2s2c3h4h", "7s7h7d7c2d")
    assert hand.category == HandCategory.FULL_HOUSE
    assert str(hand) == "Full house, sevens full of deuces"
    assert ranks_of(hand.cards) == "77722"
    assert ranks_of(tuple(sorted(hand.hole_cards))) == "22"


def test_board_quads_never_make_quads() -> None:
    for hole in ("AsKs3h4h", "AsAhKcKd", "2s3c4d5h"):
        hand = evaluate_hi(hole, "7s7h7d7c2d")
        assert hand.category < HandCategory.FOUR_OF_A_KIND, hole
        assert hand.category == HandCategory.THREE_OF_A_KIND or (
            hand.category == HandCategory.FULL_HOUSE
        )


def test_board_royal_with_one_suited_hole_card_is_ace_high() -> None:
    hand = evaluate_hi("Ts3c4c5c", "AsKsQsJs2h")
    assert hand.category == HandCategory.HIGH_CARD
    assert str(hand) == "High card, ace high"
    assert format_cards(hand.cards) == "AsKsQsTs5c"


def test_board_four_flush_plus_one_suited_hole_card_is_not_a_flush() -> None:
    hand = evaluate_hi("Qs9h8d3c", "As7s5s2sKd")
    assert hand.category == HandCategory.HIGH_CARD
    assert format_cards(hand.cards) == "AsKdQs9h7s"
    # Two suited hole cards do make it.
    flush = evaluate_hi("Qs9s8d3c", "As7s5s2sKd")
    assert str(flush) == "Flush, ace high"
    assert format_cards(flush.cards) == "AsQs9s7s5s"


def test_board_straight_needs_two_hole_cards() -> None:
    board = "5c6d7h8s9c"
    assert str(evaluate_hi("AcAdKhKs", board)) == "One pair, aces"
    assert str(evaluate_hi("Ts2c2dKh", board)) == "One pair, deuces"
    # One connecting hole card is not enough, two are.
    assert evaluate_hi("Ts2c3dKh", board).category == HandCategory.HIGH_CARD
    hand = evaluate_hi("TsJc2dKh", board)
    assert str(hand) == "Straight, jack high"
    assert ranks_of(hand.cards) == "JT987"


def test_board_flush_needs_two_hole_cards_of_the_suit() -> None:
    board = "2h5h9hJhKh"
    assert evaluate_hi("AhAsQdQc", board).category == HandCategory.ONE_PAIR
    assert str(evaluate_hi("AhQhQdQc", board)) == "Flush, ace high"


def test_wheel_and_six_high_straight() -> None:
    wheel = evaluate_hi("As2dKhKc", "3c4h5sJdQd")
    assert str(wheel) == "Straight, five high"
    assert ranks_of(wheel.cards) == "5432A"
    six = evaluate_hi("6s2dKhKc", "3c4h5sJdQd")
    assert str(six) == "Straight, six high"
    assert six > wheel
    ace_high = evaluate_hi("AsTd2h2c", "KcQhJsJd4d")
    assert str(ace_high) == "Straight, ace high"
    assert ace_high > six
    # No wrap-around: Q-K-A-2-3.
    assert evaluate_hi("Qs2dKhKc", "Ac3h7s8dTd").category != HandCategory.STRAIGHT
    assert evaluate_hi("AsKdJh9c", "2c3h4s8d9d").category != HandCategory.STRAIGHT


def test_steel_wheel_and_royal_flush() -> None:
    steel = evaluate_hi("As2sKhKc", "3s4s5sJdQd")
    assert str(steel) == "Straight flush, five high"
    assert format_cards(steel.cards) == "5s4s3s2sAs"
    royal = evaluate_hi("AsKs2c3d", "QsJsTs4h5h")
    assert str(royal) == "Royal flush"
    assert royal.strength == 7462
    assert format_cards(royal.cards) == "AsKsQsJsTs"
    nine = evaluate_hi("9s8s2c3d", "7s6s5s4h4d")
    assert str(nine) == "Straight flush, nine high"
    assert nine.category == HandCategory.STRAIGHT_FLUSH


def test_hole_trips_and_hole_pairs() -> None:
    # Three of a rank in the hole: only two of them play.
    hand = evaluate_hi("AsAhAd2c", "Kc9h7s4d3c")
    assert str(hand) == "One pair, aces"
    quads = evaluate_hi("KsKhQc2c", "KdKc9h7s4d")
    assert str(quads) == "Four of a kind, kings"
    assert ranks_of(quads.cards) == "KKKK9"


@pytest.mark.parametrize(
    ("hole", "board", "name", "ordered"),
    [
        ("AsKd7h6c", "Qc9h5s3d2d", "High card, ace high", "AKQ95"),
        ("TsTd7h6c", "Qc9h5s3d2d", "One pair, tens", "TTQ95"),
        ("KsTd7h6c", "KcTh5s3d2d", "Two pair, kings and tens", "KKTT5"),
        ("KsKd7h6c", "KcTh5s3d2d", "Three of a kind, kings", "KKKT5"),
        ("9s8d2h2c", "TcJd7h3s4d", "Straight, jack high", "JT987"),
        ("AhQh7c6c", "Th5h3h2sKd", "Flush, ace high", "AQT53"),
        ("7s2d7h6c", "7c2h5s3d2c", "Full house, sevens full of deuces", "77722"),
        ("2s2d8h6c", "7c2h7s3d9c", "Full house, deuces full of sevens", "22277"),
        ("AsAd7h6c", "AcAh5s3d2d", "Four of a kind, aces", "AAAA5"),
        ("9h8h7c6c", "7h6h5h3d2d", "Straight flush, nine high", "98765"),
    ],
)
def test_names_and_card_order_of_every_category(
    hole: str, board: str, name: str, ordered: str
) -> None:
    hand = evaluate_hi(hole, board)
    assert str(hand) == name
    assert hand.name == name
    assert ranks_of(hand.cards) == ordered
    assert hand.strength == ref.omaha_hi(parse_cards(hole), parse_cards(board))[0]
    assert name in repr(hand)


def test_every_strength_has_a_standard_name() -> None:
    word = r"(deuce|three|four|five|six|seven|eight|nine|ten|jack|queen|king|ace)"
    words = r"(deuces|threes|fours|fives|sixes|sevens|eights|nines|tens|jacks|queens|kings|aces)"
    patterns = {
        HandCategory.HIGH_CARD: f"High card, {word} high",
        HandCategory.ONE_PAIR: f"One pair, {words}",
        HandCategory.TWO_PAIR: f"Two pair, {words} and {words}",
        HandCategory.THREE_OF_A_KIND: f"Three of a kind, {words}",
        HandCategory.STRAIGHT: f"Straight, {word} high",
        HandCategory.FLUSH: f"Flush, {word} high",
        HandCategory.FULL_HOUSE: f"Full house, {words} full of {words}",
        HandCategory.FOUR_OF_A_KIND: f"Four of a kind, {words}",
        HandCategory.STRAIGHT_FLUSH: f"(Straight flush, {word} high|Royal flush)",
    }
    names = set()
    for s in range(1, 7463):
        cat = HandCategory(ref.category_of_strength(s))
        name = hi_name(s)
        assert re.fullmatch(patterns[cat], name), (s, name)
        names.add(name)
    assert "Royal flush" in names
    assert hi_name(7462) == "Royal flush"
    assert hi_name(1) == "High card, seven high"
    with pytest.raises(ValueError, match="0"):
        hi_name(0)
    with pytest.raises(ValueError, match="7463"):
        hi_name(7463)


# ---------------------------------------------------------------------- lows


def test_low_needs_three_board_ranks_other_than_the_hole_pair() -> None:
    assert evaluate_lo("Ah2hKcKs", "Ac2d7s8hQd") is None


def test_paired_board_with_two_low_ranks_gives_nobody_a_low() -> None:
    board = "2c2d5hKdQs"
    for hole in ("As3c4d6h", "Ah3h4h7h", "3s4s6s8s", "AdAs3d4c", "7c8c6d4s"):
        assert evaluate_lo(hole, board) is None, hole
    # Three low ranks on the board, but a pair among them.
    assert evaluate_lo("As3c4d6h", "2c2d5h5dQs") is None


def test_a_pair_is_no_low() -> None:
    # A-2-2-4-7: the deuce in the hole is the board's deuce again.
    assert evaluate_lo("As2sKcQc", "2d4h7cKdQd") is None
    assert evaluate_lo("As3sKcQc", "2d4h7cKdQd") is not None


def test_counterfeited_low() -> None:
    # A-2 in the hole with 3-5-6 on the board: 6-5-3-2-A.
    low = evaluate_lo("As2sKcKd", "3h5d6h9cTc")
    assert low is not None and str(low) == "6-5-3-2-A"
    # The ace on the board counterfeits the hole ace: no low at all.
    assert evaluate_lo("As2sKcKd", "3h5dAh9cTc") is None
    # A third low card in the hole saves it: 2-3 with A-4-5 is the wheel.
    wheel = evaluate_lo("As2s3cKd", "Ah4d5h9cTc")
    assert wheel is not None and str(wheel) == "5-4-3-2-A" and wheel.strength == 56
    assert sorted(ranks_of(wheel.hole_cards)) == ["2", "3"]
    assert ranks_of(wheel.cards) == "5432A"


def test_straights_and_flushes_do_not_spoil_a_low() -> None:
    hole, board = "As2sKhKc", "3s4s5sJdQd"
    assert str(evaluate_hi(hole, board)) == "Straight flush, five high"
    low = evaluate_lo(hole, board)
    assert low is not None and str(low) == "5-4-3-2-A"


def test_low_compares_from_the_top_card() -> None:
    board = "2c3d4hKdQs"
    a = evaluate_lo("7s5sTcTd", board)  # 7-5-4-3-2
    b = evaluate_lo("8sAsTcTh", board)  # 8-4-3-2-A
    assert a is not None and b is not None
    assert str(a) == "7-5-4-3-2" and str(b) == "8-4-3-2-A"
    assert a > b
    c = evaluate_lo("6s5sTcTd", "Ac2d4hKdQs")  # 6-5-4-2-A
    d = evaluate_lo("6s5sTcTd", "Ac3d4hKdQs")  # 6-5-4-3-A
    assert c is not None and d is not None
    assert str(c) == "6-5-4-2-A" and str(d) == "6-5-4-3-A"
    assert c > d


def test_low_with_flop_and_turn() -> None:
    low = evaluate_lo("As2sKhKc", "3d6c8h")
    assert low is not None and str(low) == "8-6-3-2-A"
    assert evaluate_lo("As2sKhKc", "3d6c9h") is None
    better = evaluate_lo("As2sKhKc", "3d6c8h4d")
    assert better is not None and str(better) == "6-4-3-2-A"


def test_lo_name_range() -> None:
    assert lo_name(56) == "5-4-3-2-A"
    assert lo_name(1) == "8-7-6-5-4"
    for bad in (0, 57, -1):
        with pytest.raises(ValueError, match=str(bad)):
            lo_name(bad)


# -------------------------------------------------- bigger holes, short boards


def test_five_card_hole() -> None:
    # Five hole cards, still exactly two of them: no straight from the hole.
    hand = evaluate_hi("AsKsQsJsTs", "2s3s4s9h8c")
    assert str(hand) == "Flush, ace high"
    assert format_cards(hand.cards) == "AsKs4s3s2s"
    assert evaluate_hi("AsKsQsJsTs", "2s3s4d9h8c").category == HandCategory.HIGH_CARD
    low = evaluate_lo("As2dKsQsJs", "3c4h9h8c6d")
    assert low is not None and str(low) == "6-4-3-2-A"


def test_six_card_hole() -> None:
    hole = "AhAdKcKd7s6s"
    hand = evaluate_hi(hole, "AcKh2s5s9s")
    assert str(hand) == "Flush, nine high"
    assert format_cards(hand.cards) == "9s7s6s5s2s"
    low = evaluate_lo(hole, "AcKh2s5s9s")
    assert low is not None and str(low) == "7-6-5-2-A"
    assert ranks_of(tuple(sorted(low.hole_cards))) == "67"
    assert evaluate_lo(hole, "AcKh2s9d9s") is None


@pytest.mark.parametrize(
    ("hole", "board", "name"),
    [
        ("AsAd7h6c", "AcAh5s", "Four of a kind, aces"),
        ("KsTd7h6c", "KcTh5s", "Two pair, kings and tens"),
        ("9s8d2h2c", "TcJd7h", "Straight, jack high"),
        ("AhQh7c6c", "Th5h3h", "Flush, ace high"),
    ],
)
def test_flop_and_turn_boards(hole: str, board: str, name: str) -> None:
    assert str(evaluate_hi(hole, board)) == name


# ------------------------------------------------------------ the selection


def test_tied_selections_report_the_first_in_code_order() -> None:
    # Any two queens make the same hand: the first pair by code is Qc Qd.
    hand = evaluate_hi("QsQhQdQc", "Ah9d5sKd2h")
    assert str(hand) == "One pair, queens"
    assert hand.hole_cards == parse_cards("QcQd")
    assert hand.board_cards == tuple(sorted(parse_cards("AhKd9d")))
    # Any input order gives the same report.
    for perm in itertools.permutations(parse_cards("QsQhQdQc")):
        assert evaluate_hi(perm, "Ah9d5sKd2h").hole_cards == parse_cards("QcQd")


def test_board_pairs_ties_report_the_first_selection() -> None:
    # Kings and fives: many equal selections; the first in code order wins.
    hole, board = parse_cards("2c3c4d6d"), parse_cards("KsKh5s5hAc")
    hand = evaluate_hi(hole, board)
    s, pair, triple = ref.omaha_hi(hole, board)
    assert hand.strength == s
    assert hand.hole_cards == pair
    assert hand.board_cards == triple


def test_hole_and_board_cards_are_ascending_codes() -> None:
    hand = evaluate_hi("AhKsKd4c", "2sKh8d5cAd")
    assert list(hand.hole_cards) == sorted(hand.hole_cards)
    assert list(hand.board_cards) == sorted(hand.board_cards)
    low = evaluate_lo("AhKsKd4c", "2sKh8d5cAd")
    assert low is not None
    assert list(low.hole_cards) == sorted(low.hole_cards)
    assert list(low.board_cards) == sorted(low.board_cards)


# ------------------------------------------------------------- evaluate5


@pytest.mark.parametrize(
    ("cards", "strength"),
    [("AsKsQsJsTs", 7462), ("7c5d4h3s2c", 1), ("5s4s3s2sAs", 7462 - 9)],
)
def test_evaluate5_known_values(cards: str, strength: int) -> None:
    assert evaluate5(cards) == strength
    assert evaluate5(parse_cards(cards)) == strength
    assert evaluate5(list(reversed(parse_cards(cards)))) == strength


@pytest.mark.parametrize(
    "cards",
    [[0, 1, 2, 3], [0, 1, 2, 3, 4, 5], [0, 1, 2, 3, 3], [0, 1, 2, 3, 52], [-1, 1, 2, 3, 4], ""],
)
def test_evaluate5_rejects_bad_input(cards: Any) -> None:
    with pytest.raises(InvalidCardError):
        evaluate5(cards)


def test_evaluate5_rejects_non_integer_codes() -> None:
    # A float is not a card code (parse_cards rejects it): it must not be
    # truncated to one.
    with pytest.raises(InvalidCardError):
        evaluate5([0.5, 4, 8, 12, 16])  # type: ignore[arg-type]
    with pytest.raises(InvalidCardError):
        evaluate5([True, 4, 8, 12, 16])


# ----------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("hole", "board", "needle"),
    [
        ("AsKsQs", "2c3c4c", "3"),  # three hole cards
        ("AsKsQsJsTs9s8s", "2c3c4c", "7"),  # seven hole cards
        ("AsKsQsJs", "2c3c", "2"),  # two board cards
        ("AsKsQsJs", "2c3c4c5c6c7c", "6"),  # six board cards
        ("AsKsQsXs", "2c3c4c", "Xs"),
        ("AsKsQsJs", "2c3c4z", "4z"),
        ([51, 50, 49, 52], [0, 1, 2], "52"),
        ([51, 50, 49, -1], [0, 1, 2], "-1"),
        ([51, 50, 49, 2**70], [0, 1, 2], str(2**70)),
        (["As", "Ks", "Qs", "1s"], [0, 1, 2], "1s"),
    ],
)
def test_bad_cards_raise_invalid_card_error(hole: Any, board: Any, needle: str) -> None:
    for fn in (evaluate_hi, evaluate_lo):
        with pytest.raises(InvalidCardError, match=re.escape(needle)) as info:
            fn(hole, board)
        assert isinstance(info.value, ValueError)
        assert isinstance(info.value, OmahaError)


@pytest.mark.parametrize(
    ("hole", "board", "card"),
    [
        ("AsKsQsAs", "2c3c4c", "As"),
        ("AsKsQsJs", "2c3c2c", "2c"),
        ("AsKsQsJs", "2c3cAs", "As"),
        ([51, 50, 49, 48], [0, 1, 48], "Ac"),
    ],
)
def test_duplicate_cards_raise_duplicate_card_error(hole: Any, board: Any, card: str) -> None:
    for fn in (evaluate_hi, evaluate_lo):
        with pytest.raises(DuplicateCardError, match=card):
            fn(hole, board)


@pytest.mark.parametrize(
    "hole",
    [
        [51.0, 50, 49, 48],  # a float is not a card code
        [51.7, 50, 49, 48],  # and must not be truncated to As
        [True, 50, 49, 48],  # nor a bool (parse_cards rejects both)
    ],
)
def test_non_integer_codes_are_rejected(hole: list[Any]) -> None:
    with pytest.raises(InvalidCardError):
        parse_cards(hole)
    for fn in (evaluate_hi, evaluate_lo):
        with pytest.raises(InvalidCardError):
            fn(hole, [0, 4, 8, 13, 17])


@pytest.mark.parametrize(
    "code",
    [52, 2**30 - 1, 2**30, 2**31, 2**62, 2**64, -(2**30), -52, -(2**70)],
)
def test_every_size_of_int_outside_0_to_51_is_named(code: int) -> None:
    # The compiled door reads a one-digit int in place; every other size of
    # int (more digits, negative) must be refused the same way, naming it.
    for seq in (tuple, list):
        for fn in (evaluate_hi, evaluate_lo):
            with pytest.raises(InvalidCardError, match=re.escape(str(code))):
                fn(seq([51, 50, 49, code]), [0, 4, 8])
            with pytest.raises(InvalidCardError, match=re.escape(str(code))):
                fn([51, 50, 49, 48], seq([0, 4, code]))


def test_one_digit_codes_at_the_edges_are_read() -> None:
    assert evaluate_hi((0, 1, 2, 51), (3, 4, 5)) == evaluate_hi("2c2d2hAs", "2s3c3d")
    assert evaluate_hi([0, 1, 2, 51], [3, 4, 5]).hole_cards == (0, 1)
    assert evaluate_hi([51, 50, 49, 48], (0, 1, 2)).hole_cards == (48, 49)


def test_errors_of_the_one_hand_doors_carry_no_internal_context() -> None:
    # The compiled door falls back on the Python reader outside its handler:
    # the user's traceback shows one error, not the internal one before it.
    for fn in (evaluate_hi, evaluate_lo):
        for hole in ("AsKsQsXs", [51, 50, 49, 52], ["As", "Ks", "Qs", "1s"]):
            with pytest.raises(InvalidCardError) as info:
                fn(hole, [0, 4, 8])
            assert info.value.__context__ is None or info.value.__suppress_context__


def test_the_one_hand_doors_keep_their_documented_signature() -> None:
    import inspect

    for fn, name, result in (
        (evaluate_hi, "evaluate_hi", "HighHand"),
        (evaluate_lo, "evaluate_lo", "LowHand | None"),
    ):
        assert fn.__name__ == name and fn.__module__ == "omaha.evaluator"
        assert "Examples" in (fn.__doc__ or "")
        signature = inspect.signature(fn)
        assert list(signature.parameters) == ["hole", "board"]
        assert signature.return_annotation == result


def _bind_args(**changes: Any) -> dict[str, Any]:
    from omaha import evaluator

    args: dict[str, Any] = {
        "HighHand": omaha.HighHand,
        "LowHand": omaha.LowHand,
        "Showdown": omaha.Showdown,
        "PlayerShowdown": evaluator.PlayerShowdown,
        "evaluate_hi": evaluator._evaluate_hi,
        "evaluate_lo": evaluator._evaluate_lo,
        "showdown": evaluator._showdown,
    }
    return args | changes


@dataclasses.dataclass(frozen=True, slots=True)
class _Renamed:
    board: tuple[int, ...]
    game: str
    players: tuple[Any, ...]
    high_winners: tuple[int, ...]
    winners_low: tuple[int, ...]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"HighHand": int}, "SelectedHand"),
        ({"LowHand": str}, "SelectedHand"),
        ({"Showdown": int}, "slots dataclass"),
        ({"Showdown": _Renamed}, "winners_low"),
        ({"PlayerShowdown": omaha.Showdown}, "hole_cards"),
        ({"showdown": 3}, "showdown must be callable"),
        ({"evaluate_lo": None}, "evaluate_lo must be callable"),
    ],
)
def test_bind_refuses_wrong_classes_or_fallbacks_and_binds_nothing(
    changes: dict[str, Any], message: str
) -> None:
    from omaha import _eval

    with pytest.raises(TypeError, match=message):
        _eval.bind(**_bind_args(**changes))
    # Nothing was bound: the doors still give evaluator's classes.
    assert type(omaha.evaluate_hi((51, 50, 49, 48), (0, 1, 2))) is omaha.HighHand
    assert type(omaha.showdown([(51, 50, 49, 48)], (0, 1, 2))) is omaha.Showdown


def test_bind_fills_the_showdown_by_field_name_not_by_order() -> None:
    # The same fields declared in another order: the compiled door sets each
    # by its name, so every field holds what its name says.
    from omaha import _eval, evaluator

    @dataclasses.dataclass(frozen=True, slots=True)
    class Player:
        low: Any
        high: Any
        hole_cards: tuple[int, ...]

    @dataclasses.dataclass(frozen=True, slots=True)
    class Result:
        low_winners: tuple[int, ...]
        players: tuple[Any, ...]
        game: str
        high_winners: tuple[int, ...]
        board: tuple[int, ...]

    holes, board = ["AsKsKd4h", "9c8c7h6h"], "2hKh8d5sAc"
    expected = omaha.showdown(holes, board, "hilo")
    try:
        _, _, door = _eval.bind(**_bind_args(Showdown=Result, PlayerShowdown=Player))
        got: Any = door(holes, board, "hilo")
        assert type(got) is Result and type(got.players[0]) is Player
        assert (got.board, got.game) == (expected.board, "hilo")
        assert (got.high_winners, got.low_winners) == ((0,), (1,))
        for mine, theirs in zip(got.players, expected.players, strict=True):
            assert (mine.hole_cards, mine.high, mine.low) == (
                theirs.hole_cards,
                theirs.high,
                theirs.low,
            )
    finally:
        _eval.bind(**_bind_args())
    assert omaha.showdown(holes, board, "hilo") == expected
    assert evaluator.showdown is omaha.showdown


def test_iterators_of_codes_get_the_right_error() -> None:
    # Valid iterators are evaluated like lists, so a bad one must be
    # explained like a list, not as "got 0" cards after the first pass used it up.
    # (Iterators are outside the annotated types, which say Sequence.)
    hole: Any = iter([51, 50, 49, 48])
    board: Any = iter([0, 1, 2])
    assert evaluate_hi(hole, board) == evaluate_hi([51, 50, 49, 48], [0, 1, 2])
    with pytest.raises(DuplicateCardError, match="'Ac'"):
        evaluate_hi(iter([51, 50, 49, 48]), [48, 1, 2])  # type: ignore[arg-type]
    with pytest.raises(InvalidCardError, match="got 3"):
        evaluate_hi(iter([51, 50, 49]), [0, 1, 2])  # type: ignore[arg-type]


def test_not_a_sequence_of_cards() -> None:
    for bad in (None, 1234):
        with pytest.raises((TypeError, InvalidCardError)):
            evaluate_hi(bad, "2c3c4c")  # type: ignore[arg-type]


# ------------------------------------------------------------ result objects


def test_result_types_and_fields() -> None:
    hand = evaluate_hi("AhKsKd4c", "2sKh8d5cAd")
    assert isinstance(hand, HighHand)
    assert type(hand.strength) is int
    assert isinstance(hand.category, HandCategory)
    assert hand.category.label == "Three of a kind"
    assert all(type(c) is int for c in hand.cards + hand.hole_cards + hand.board_cards)
    low = evaluate_lo("AhKsKd4c", "2sKh8d5cAd")
    assert isinstance(low, LowHand)
    assert type(low.strength) is int
    assert low.name == "8-5-4-2-A"
    assert "8-5-4-2-A" in repr(low)


def test_results_are_read_only() -> None:
    hand = evaluate_hi("AhKsKd4c", "2sKh8d5cAd")
    with pytest.raises(AttributeError):
        hand.strength = 1  # type: ignore[misc]
    with pytest.raises(AttributeError):
        hand.extra = 1  # type: ignore[attr-defined]


def test_hand_category_values() -> None:
    assert [c.name for c in HandCategory] == [
        "HIGH_CARD", "ONE_PAIR", "TWO_PAIR", "THREE_OF_A_KIND", "STRAIGHT",
        "FLUSH", "FULL_HOUSE", "FOUR_OF_A_KIND", "STRAIGHT_FLUSH",
    ]  # fmt: skip
    assert [int(c) for c in HandCategory] == list(range(9))
    assert int(HandCategory.HIGH_CARD) == 0 and int(HandCategory.STRAIGHT_FLUSH) == 8


def test_total_order_of_high_hands() -> None:
    hands = [
        evaluate_hi(h, b)
        for h, b in [
            ("AsKd7h6c", "Qc9h5s3d2d"),
            ("TsTd7h6c", "Qc9h5s3d2d"),
            ("KsTd7h6c", "KcTh5s3d2d"),
            ("AhQh7c6c", "Th5h3h2sKd"),
            ("AsAd7h6c", "AcAh5s3d2d"),
            ("AsKs2c3d", "QsJsTs4h5h"),
        ]
    ]
    assert sorted(reversed(hands)) == hands
    assert max(hands).name == "Royal flush"
    for a, b in itertools.combinations(hands, 2):
        assert a < b and a <= b and b > a and b >= a and a != b


def test_equal_values_are_equal_whatever_the_cards() -> None:
    a = evaluate_hi("AsKd7h6c", "Qc9h5s3d2d")
    b = evaluate_hi("AhKc7d6s", "Qd9s5h3c2c")
    assert a.cards != b.cards
    assert a == b and not a < b and a <= b and a >= b
    assert hash(a) == hash(b)
    assert len({a, b}) == 1


def test_high_and_low_do_not_compare() -> None:
    high = evaluate_hi("As2s3c4d", "5h6h7hKdQd")
    low = evaluate_lo("As2s3c4d", "5h6h7hKdQd")
    assert low is not None
    for op in (operator.lt, operator.le, operator.gt, operator.ge):
        with pytest.raises(TypeError):
            op(high, low)
        with pytest.raises(TypeError):
            op(low, high)
        with pytest.raises(TypeError):
            op(high, 5)
    assert high != low
    assert not high == low  # noqa: SIM201
    assert high != high.strength


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_pickle_round_trip(protocol: int) -> None:
    high = evaluate_hi("AhKsKd4c", "2sKh8d5cAd")
    low = evaluate_lo("AhKsKd4c", "2sKh8d5cAd")
    assert low is not None
    hands: tuple[HighHand | LowHand, ...] = (high, low)
    for hand in hands:
        back = pickle.loads(pickle.dumps(hand, protocol))
        assert type(back) is type(hand)
        assert back == hand and hash(back) == hash(hand)
        assert back.strength == hand.strength
        assert back.cards == hand.cards
        assert back.hole_cards == hand.hole_cards
        assert back.board_cards == hand.board_cards
        assert str(back) == str(hand)
    assert copy.copy(high) == high and copy.deepcopy(high).cards == high.cards


# --------------------------------------------------------- the core's tables


def test_rank_keys_have_distinct_five_rank_sums() -> None:
    """The additive rank keys give every multiset of five ranks its own sum.

    The core turns a rank multiset into a table index by adding one key per
    rank; this re-checks the keys in the source for collisions.
    """
    pyx = pathlib.Path(_eval.__file__ or "").with_name("_eval.pyx")
    if not pyx.exists():
        pytest.skip("the .pyx source is not installed")
    m = re.search(r"RKEY\[:\]\s*=\s*\[([0-9,\s]+)\]", pyx.read_text())
    assert m, "RKEY not found in _eval.pyx"
    keys = [int(x) for x in m.group(1).split(",")]
    assert len(keys) == 13
    sums = [
        sum(keys[r] for r in ms) for ms in itertools.combinations_with_replacement(range(13), 5)
    ]
    assert len(set(sums)) == len(sums) == 6188
    size = re.search(r"NF5_SIZE\s*=\s*(\d+)\s*\*\s*(\d+)\s*\+\s*1", pyx.read_text())
    assert size and int(size.group(1)) * int(size.group(2)) + 1 > max(sums)


def test_warmup_is_idempotent() -> None:
    first = omaha.warmup()
    assert isinstance(first, float) and first >= 0.0
    assert omaha.warmup() == 0.0
    built = _eval.hi_table_build_seconds()
    assert built is not None and 0.0 < built < 10.0
