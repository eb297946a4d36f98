"""``omaha.showdown``: every player's high and low and the winners of each half.

docs/rules.md §4: the best high wins (equal hands split); in Hi-Lo the best
qualifying low wins the other half, ties in a half split it, and with no
low the high takes everything.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import pytest

import omaha
import reference as ref
from omaha import DuplicateCardError, InvalidCardError, parse_cards, showdown
from omaha.games import Game, GameName


def test_issue_example() -> None:
    s = showdown(["AsKsKd4h", "9c8c7h6h"], "2hKh8d5sAc", game="hilo")
    assert s.board == parse_cards("2hKh8d5sAc")
    assert s.game == "hilo"
    assert str(s.players[0].high) == "Three of a kind, kings"
    assert str(s.players[1].high) == "One pair, eights"
    assert str(s.players[0].low) == "8-5-4-2-A"
    assert str(s.players[1].low) == "7-6-5-2-A"  # 7-6-5-2-A beats 8-5-4-2-A
    assert s.high_winners == (0,)
    assert s.low_winners == (1,)
    assert s.scoop is None


def test_hi_game_has_no_lows() -> None:
    s = showdown(["AsKsKd4h", "9c8c7h6h"], "2hKh8d5sAc")
    assert s.game == "hi"
    assert all(p.low is None for p in s.players)
    assert s.high_winners == (0,) and s.low_winners == ()
    assert s.scoop == 0


def test_players_keep_their_cards_and_order() -> None:
    holes = ["9c8c7h6h", "AsKsKd4h", "2c3c4d5d"]
    s = showdown(holes, "2hKh8d5sAc", game="hilo")
    assert [p.hole_cards for p in s.players] == [parse_cards(h) for h in holes]
    for p, h in zip(s.players, holes, strict=True):
        assert p.high == omaha.evaluate_hi(h, "2hKh8d5sAc")
        assert p.high.cards == omaha.evaluate_hi(h, "2hKh8d5sAc").cards
        low = omaha.evaluate_lo(h, "2hKh8d5sAc")
        assert (p.low is None and low is None) or (p.low is not None and p.low == low)


def test_split_high() -> None:
    s = showdown(["5s6sQhQd", "5d6hJcJd", "KsKhTsTd"], "2c3d4h9sKc")
    assert str(s.players[0].high) == str(s.players[1].high) == "Straight, six high"
    assert s.high_winners == (0, 1)
    assert s.scoop is None


def test_quartered_low_and_high_to_a_third_player() -> None:
    board = "2c3d4h9cKc"
    s = showdown(["As5sQhQd", "Ad5dJhJd", "QcJcTsTd"], board, game="hilo")
    assert str(s.players[2].high) == "Flush, king high"
    assert s.high_winners == (2,)
    assert str(s.players[0].low) == str(s.players[1].low) == "5-4-3-2-A"
    assert s.players[2].low is None
    assert s.low_winners == (0, 1)
    assert s.scoop is None


def test_same_players_tie_both_halves() -> None:
    s = showdown(["As5sQhQd", "Ad5dJhJd"], "2c3d4h9cKc", game="hilo")
    assert s.high_winners == (0, 1) and s.low_winners == (0, 1)
    assert s.scoop is None


def test_scoop() -> None:
    s = showdown(["As2s3s8d", "KhKdQcQd"], "4s5s7sJhTc", game="hilo")
    assert str(s.players[0].high) == "Flush, ace high"
    assert str(s.players[0].low) == "7-5-4-2-A"
    assert s.high_winners == (0,) and s.low_winners == (0,)
    assert s.scoop == 0


def test_no_low_on_the_board_high_takes_all() -> None:
    s = showdown(["As3c4d6h", "KhKsQcQd"], "2c2d5hKdQs", game="hilo")
    assert all(p.low is None for p in s.players)
    assert s.low_winners == ()
    assert s.high_winners == (1,)
    assert s.scoop == 1


def test_only_players_with_a_low_win_it() -> None:
    s = showdown(["KhKsQcQd", "9c9d8h7h", "As2c9hTd"], "3c4d5hKdQs", game="hilo")
    assert s.players[0].low is None
    assert s.low_winners == (2,)


def test_one_player_and_a_flop() -> None:
    s = showdown(["As2s3s8d"], "4s5s6s", game="hilo")
    assert s.high_winners == (0,) and s.low_winners == (0,) and s.scoop == 0
    assert str(s.players[0].high) == "Straight flush, six high"
    assert str(s.players[0].low) == "6-5-4-2-A"


def test_card_inputs_in_any_form() -> None:
    a = showdown(["AsKsKd4h", "9c8c7h6h"], "2hKh8d5sAc", game="hilo")
    b = showdown([parse_cards("AsKsKd4h"), ["9c", "8c", "7h", "6h"]], parse_cards("2hKh8d5sAc"),
                 game="hilo")  # fmt: skip
    assert a == b


def test_result_is_frozen() -> None:
    s = showdown(["AsKsKd4h", "9c8c7h6h"], "2hKh8d5sAc")
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.high_winners = (1,)  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.players[0].high = s.players[1].high  # type: ignore[misc]


@pytest.mark.parametrize("game", ["hi", "hilo"])
def test_winners_match_the_reference(game: Any) -> None:
    rng = np.random.default_rng(77)
    for _ in range(300):
        n = int(rng.integers(2, 11))
        nh = int(rng.choice([4, 4, 5, 6])) if n <= 7 else 4
        nb = int(rng.choice([3, 4, 5, 5, 5]))
        cards = rng.permutation(52)[: n * nh + nb].tolist()
        holes = [cards[k * nh : (k + 1) * nh] for k in range(n)]
        board = cards[n * nh :]
        s = showdown(holes, board, game=game)
        hi = [ref.omaha_hi(h, board)[0] for h in holes]
        assert s.high_winners == tuple(i for i, v in enumerate(hi) if v == max(hi))
        if game == "hi":
            assert s.low_winners == ()
            continue
        lo = [ref.omaha_lo(h, board)[0] for h in holes]
        best = max(lo)
        want = () if best == 0 else tuple(i for i, v in enumerate(lo) if v == best)
        assert s.low_winners == want


# ------------------------------------------------------------------ errors


@pytest.mark.parametrize(
    ("holes", "board", "card"),
    [
        (["AsKsKd4h", "AsQcJc2c"], "2hKh8d5sAc", "As"),  # two players hold the As
        (["AsKsKd4h", "9c8c7h6h"], "2hKh8d5sAs", "As"),  # a player's card on the board
        (["AsKsKd4h", "9c8c7h6h"], "2h2hKh8d5s", "2h"),  # the board repeats a card
        (["AsKsKd4h", "9c8c9c6h"], "2hKh8d5sAc", "9c"),  # a hole repeats a card
    ],
)
def test_duplicate_cards_across_players_and_board(holes: list[str], board: str, card: str) -> None:
    for game in ("hi", "hilo"):
        with pytest.raises(DuplicateCardError, match=card):
            showdown(holes, board, game=game)


@pytest.mark.parametrize(
    ("holes", "board", "needle"),
    [
        (["AsKsKd", "9c8c7h6h"], "2hKh8d5sAc", "3"),
        (["AsKsKd4h", "9c8c7h6h5h4h3h"], "2hKh8d5sAc", "7"),
        (["AsKsKd4h", "9c8c7h6h"], "2hKh", "2"),
        (["AsKsKd4h", "9c8c7h6h"], "2hKh8d5sAc3c", "6"),
        (["AsKsKdXx", "9c8c7h6h"], "2hKh8d5sAc", "Xx"),
        (["AsKsKd4h", "9c8c7h6h"], "2hKh8d5sA", "A"),
    ],
)
def test_bad_cards(holes: list[str], board: str, needle: str) -> None:
    with pytest.raises(InvalidCardError, match=needle):
        showdown(holes, board, game="hilo")


def test_bad_game_and_no_players() -> None:
    with pytest.raises(ValueError, match="'omaha'"):
        showdown(["AsKsKd4h"], "2hKh8d5sAc", game="omaha")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="player"):
        showdown([], "2hKh8d5sAc")


def test_duplicate_card_names_who_holds_it() -> None:
    both = "'As' is both in player 1's hole cards and in player 2's"
    with pytest.raises(DuplicateCardError, match=both):
        showdown(["AsKsKd4h", "As8c7h6h"], "2hKh8d5sAc")
    board = "'2h' is both on the board and in player 2's hole cards"
    with pytest.raises(DuplicateCardError, match=board):
        showdown(["AsKsKd4h", "2h8c7h6h"], "2hKh8d5sAc")


def test_players_must_hold_the_same_number_of_hole_cards() -> None:
    with pytest.raises(InvalidCardError, match="player 2 has 5"):
        showdown(["AsKsKd4h", "9c8c7h6h3d"], "2hKh8d5sAc")


# ------------------------------------------------- the compiled showdown door

_slow_showdown = showdown.__wrapped__  # type: ignore[attr-defined]


def _deal_forms(rng: np.random.Generator) -> tuple[Any, Any, Game]:
    """A random showdown in a random input form (text, bytes, tuple or list of codes)."""
    players = int(rng.integers(1, 7))
    nh = int(rng.integers(4, 7))
    nb = int(rng.integers(3, 6))
    if players * nh + nb > 52:
        players = 1
    cards = rng.permutation(52)[: players * nh + nb].tolist()
    board, rest = cards[:nb], cards[nb:]
    holes = [rest[i * nh : (i + 1) * nh] for i in range(players)]

    def form(codes: list[int]) -> Any:
        kind = int(rng.integers(4))
        if kind == 0:
            return omaha.format_cards(codes)
        if kind == 1:
            return bytes(codes)
        return tuple(codes) if kind == 2 else list(codes)

    holes_in = [form(h) for h in holes]
    return (
        (holes_in if rng.integers(2) else tuple(holes_in)),
        form(board),
        (Game.HILO if rng.integers(2) else Game.HI),
    )


def test_compiled_showdown_equals_the_python_one_on_random_deals() -> None:
    # 3,000 random showdowns of 1 to 6 players, 4 to 6 hole cards, flop to
    # river, Hi and Hi-Lo, cards as text, bytes, tuples or lists: the
    # compiled door gives what the Python function (its fallback) gives,
    # field by field, hands with their cards.
    rng = np.random.default_rng(12)
    for _ in range(3000):
        holes, board, game = _deal_forms(rng)
        fast = showdown(holes, board, game)
        slow = _slow_showdown(holes, board, game)
        assert fast == slow
        assert type(fast) is type(slow)
        for a, b in zip(fast.players, slow.players, strict=True):
            assert type(a.hole_cards) is tuple and a.hole_cards == b.hole_cards
            assert (a.high.cards, a.high.hole_cards) == (b.high.cards, b.high.hole_cards)
            assert (a.low is None) == (b.low is None)
            if a.low is not None and b.low is not None:
                assert a.low.cards == b.low.cards


@pytest.mark.parametrize(
    ("holes", "board", "game"),
    [
        (["AsKsKd4h", "AsQcJd2h"], "2hKh8d5sAc", "hi"),  # a card held twice
        (["AsKsKd4h", "9c8c7h6h"], "2hKh8d5sAs", "hi"),  # a hole card on the board
        (["AsKsKd4h", "9c8c7h6h5h"], "2hKh8d5sAc", "hi"),  # 4 and 5 hole cards
        (["AsKsKd4h"], "2hKh8d5sAc", "omaha"),  # an unknown game
        ([], "2hKh8d5sAc", "hi"),  # nobody
        (["AsKsKd4h"], "2hKh", "hi"),  # two board cards
        (["AsKsKd4x"], "2hKh8d", "hi"),  # a malformed card
        ([[51, 47, 45, 52]], "2hKh8d", "hi"),  # a code outside 0..51
        ([["As", "Ks", "Kd", "4h"]], "2hKh8d", "hilo"),  # card strings: the Python path
    ],
)
def test_compiled_showdown_leaves_every_other_input_to_python(
    holes: list[Any], board: str, game: GameName
) -> None:
    # Same result or the same error (type and message) as the Python path.
    try:
        expected: Any = _slow_showdown(holes, board, game)
    except (InvalidCardError, ValueError) as exc:
        expected = (type(exc), str(exc))
    try:
        got: Any = showdown(holes, board, game)
    except (InvalidCardError, ValueError) as exc:
        got = (type(exc), str(exc))
        assert got[0] is not omaha._eval.CardError
    assert got == expected


def test_compiled_showdown_results_are_frozen_and_pickle() -> None:
    import pickle

    s = showdown(("AsKsKd4h", "9c8c7h6h"), "2hKh8d5sAc", "hilo")
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.game = "hi"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.players[0].high = s.players[1].high  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(s)) == s
    assert hash(s) == hash(_slow_showdown(("AsKsKd4h", "9c8c7h6h"), "2hKh8d5sAc", "hilo"))
    assert showdown.__name__ == "showdown" and showdown.__module__ == "omaha.evaluator"
