"""Betting structures: defaults, validation, forced bets by position."""

from __future__ import annotations

import pytest

from omaha import FixedLimit, NoLimit, PotLimit


def test_fixed_limit_defaults_blinds_from_the_small_bet() -> None:
    s = FixedLimit(2, 4)
    assert (s.small_blind, s.big_blind, s.blinds_or_straddles) == (1, 2, (1, 2))
    assert (s.cap, s.heads_up_unlimited, s.antes, s.big_blind_ante) == (4, False, 0, 0)
    assert [s.bet_size(street) for street in range(4)] == [2, 2, 4, 4]


def test_fixed_limit_seed_game_15_30_uses_10_15_blinds() -> None:
    s = FixedLimit(15, 30, small_blind=10)
    assert s.blinds_or_straddles == (10, 15)
    assert "small_blind=10" in repr(s)


def test_pot_limit_and_no_limit_are_named_by_their_blinds() -> None:
    assert PotLimit(1, 2).min_bet == 2
    assert NoLimit(5, 10, min_bet=20).min_bet == 20
    other: object = NoLimit(1, 2)
    assert PotLimit(1, 2) == PotLimit(1, 2) != other
    assert hash(PotLimit(1, 2)) == hash(PotLimit(1, 2))
    assert repr(NoLimit(1, 2)).startswith("NoLimit(small_blind=1, big_blind=2")


def test_blinds_or_straddles_override_the_blinds() -> None:
    s = NoLimit(1, 2, blinds_or_straddles=(1, 2, 4))
    assert (s.small_blind, s.big_blind, s.largest_forced_bet) == (1, 2, 4)
    single = PotLimit(0, 2, blinds_or_straddles=(2,))
    assert (single.small_blind, single.big_blind, single.big_blind_position) == (0, 2, 0)
    phh = FixedLimit(200_000, 400_000, blinds_or_straddles=(100_000, 200_000, 0, 0, 0))
    assert phh.big_blind_position == 1


def test_forced_bets_by_position_and_heads_up_reversal() -> None:
    s = NoLimit(1, 2, blinds_or_straddles=(1, 2, 4))
    assert s.forced_bets(5) == (1, 2, 4, 0, 0)
    assert s.forced_bets(3) == (1, 2, 4)
    assert NoLimit(1, 2).forced_bets(2) == (2, 1)  # the button (position 1) posts 1
    antes = PotLimit(1, 2, antes=(0, 5, 1))
    assert antes.antes_by_position(4) == (0, 5, 1, 0)
    assert antes.antes_by_position(2) == (5, 0)
    assert PotLimit(1, 2, antes=3).antes_by_position(3) == (3, 3, 3)


def test_structures_are_frozen() -> None:
    s = PotLimit(1, 2)
    with pytest.raises(AttributeError):
        s.min_bet = 4  # type: ignore[misc]


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: FixedLimit(0, 4), "small_bet must be positive, got 0"),
        (lambda: FixedLimit(4, 2), "big_bet 2 is smaller than small_bet 4"),
        (lambda: FixedLimit(2, 4, cap=0), "cap must be a positive integer, got 0"),
        (lambda: FixedLimit(2, 4, heads_up_unlimited=1), "heads_up_unlimited must be a bool"),  # type: ignore[arg-type]
        (lambda: PotLimit(1.5, 2), "small_blind must be an integer number of chips, got 1.5"),  # type: ignore[arg-type]
        (lambda: PotLimit(3, 2), "small_blind 3 exceeds big_blind 2"),
        (lambda: NoLimit(-1, 2), "small_blind must be non-negative, got -1"),
        (lambda: NoLimit(0, 0), "min_bet must be positive"),
        (lambda: NoLimit(1, 2, antes=-1), "antes must be non-negative, got -1"),
        (lambda: NoLimit(1, 2, antes=(1, "2")), "antes must hold non-negative integers"),  # type: ignore[arg-type]
        (lambda: NoLimit(1, 2, blinds_or_straddles=()), "blinds_or_straddles must not be empty"),
        (lambda: NoLimit(1, 2, blinds_or_straddles="12"), "must be a sequence of chip amounts"),  # type: ignore[arg-type]
        (lambda: NoLimit(1, 2, big_blind_ante=True), "big_blind_ante must be an integer"),
        (lambda: NoLimit(1, 2, blinds_or_straddles=(1,) * 11), "a table has at most 10"),
    ],
)
def test_bad_values_are_named(build: object, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        build()  # type: ignore[operator]


def test_antes_only_game_needs_a_minimum_bet() -> None:
    s = NoLimit(0, 0, antes=5, min_bet=10)
    assert (s.big_blind, s.min_bet) == (0, 10)
