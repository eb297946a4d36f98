"""The rake (docs/rules.md §4.9): percentages with caps, the split over pots, recorded rakes."""

from __future__ import annotations

import decimal
import fractions

import pytest

from omaha import NoLimit, Table
from omaha.errors import ArgumentError, ArgumentTypeError
from omaha.pots import Pot
from omaha.rake import PercentRake, RecordedRake, parse_rate

# The pots of two PokerStars PLO $0.01/$0.02 hands with side pots, in cents,
# before the rake, and the rake the site printed for each pot.
STARS_POTS_1 = (Pot(247, (0, 1, 2, 3)), Pot(93, (0, 1, 3)), Pot(30, (0, 3)))  # rake 12, 5, 1
STARS_POTS_2 = (Pot(137, (0, 1, 2, 3)), Pot(45, (0, 1, 3)), Pot(72, (1, 3)))  # rake 6, 3, 3


def test_parse_rate_is_exact_and_refuses_floats() -> None:
    assert parse_rate("5%") == fractions.Fraction(1, 20)
    assert parse_rate("4.25%") == fractions.Fraction(17, 400)
    assert parse_rate(decimal.Decimal("0.045")) == fractions.Fraction(9, 200)
    assert parse_rate(fractions.Fraction(1, 10)) == fractions.Fraction(1, 10)
    with pytest.raises(ValueError, match="not a float"):
        parse_rate(0.05)
    with pytest.raises(ValueError, match="'five' is not a number"):
        parse_rate("five")
    with pytest.raises(ValueError, match="between 0 and 100%"):
        parse_rate("120%")


def test_percent_rake_steps_caps_and_rounding() -> None:
    five = PercentRake("5%", cap=300)
    assert five.amount(6050) == 300  # 302.5 capped at $3
    assert five.amount(80) == 4 and five.amount(79) == 3  # 3.95 rounded down
    assert PercentRake("5%", rounding="nearest").amount(79) == 4
    # $1 per full $20 (in cents): $35 is raked $1.
    assert PercentRake("5%", step=100).amount(3500) == 100
    by_players = PercentRake("5%", cap={2: 50, 3: 100, 5: 150})
    assert [by_players.amount(10_000, p) for p in (2, 3, 4, 6)] == [50, 100, 100, 150]
    for bad in (dict(cap=-1), dict(step=0), dict(rounding="up"), dict(split="even")):
        with pytest.raises(ValueError):
            PercentRake("5%", **bad)


def test_cumulative_split_is_pokerstars_and_proportional_is_not() -> None:
    # PokerStars rakes the main pot as a pot of its own and each side pot by
    # what it adds: 5% rounded down of 247 = 12; of 340 = 17 (side pot 1:
    # 5); of 370 = 18 (side pot 2: 1). The second hand: 6, 9 - 6, 12 - 9.
    cumulative = PercentRake("5%", split="cumulative")
    assert cumulative.cut(STARS_POTS_1) == (12, 5, 1)
    assert cumulative.cut(STARS_POTS_2) == (6, 3, 3)
    # Cutting 18 in proportion: 12.02, 4.52, 1.46 rounded down, the chip left
    # to the largest pot.
    assert PercentRake("5%").cut(STARS_POTS_1) == (13, 4, 1)


def test_recorded_rake_takes_each_pot_as_stated() -> None:
    stated = RecordedRake(18, after=(235, 88, 29))
    assert stated.cut(STARS_POTS_1) == (12, 5, 1)
    # A total alone is cut in proportion; so are stated pots that do not
    # match the pots built (the replay then reports the difference).
    assert RecordedRake(18).cut(STARS_POTS_1) == (13, 4, 1)
    assert RecordedRake(18, after=(235, 88)).cut(STARS_POTS_1) == (13, 4, 1)
    assert RecordedRake(5000).cut(STARS_POTS_1) == (247, 93, 30)  # never more than the pots


def test_percent_rake_in_a_hand_per_pot_and_no_flop_no_drop() -> None:
    rake = PercentRake("10%", cap=20, split="cumulative")
    table = Table([200, 200, 30], NoLimit(1, 2), button=2, rake=rake)
    hand = table.deal(hole_cards=["AsAhKsKh", "2c3c4d5d", "QsQhJsJh"], board="AdKd7c8s2h")
    hand.all_in()  # seat 2 (the button) first: 30
    hand.raise_to(100)  # seat 0
    hand.call()  # seat 1
    hand.check()
    hand.check()  # the flop
    hand.check()
    hand.check()  # the turn
    hand.check()
    hand.check()  # the river
    while not hand.is_over:
        hand.show()
    main, side = hand.result.pots
    # Main pot 90: 10% = 9; main and side pot 230: 23, capped at 20: the side pot 11.
    assert (main.rake, main.amount, side.rake, side.amount) == (9, 81, 11, 129)
    assert hand.result.rake == 20
    assert main.payouts == {0: 81} and side.payouts == {0: 129}  # seat 0: three aces
    assert sum(table.stacks) == 430 - 20
    # Everyone folds before the flop: no flop, no drop.
    hand = table.deal(seed=5)
    while not hand.is_over:
        hand.fold()
    assert hand.result.rake == 0 and sum(table.stacks) == 410


# ------------------------------------------- adversarial caps and rates (issue 17)


@pytest.mark.parametrize(
    ("cap", "named"),
    [
        (1.5, "1.5"),
        ({2: 5, None: 3}, "None"),
        ({2: 1.5}, "1.5"),
        ("3", "'3'"),
        (True, "True"),
        ([3], "[3]"),
    ],
)
def test_a_cap_that_is_no_chip_count_is_a_type_error_naming_it(cap: object, named: str) -> None:
    with pytest.raises(ArgumentTypeError) as info:
        PercentRake("5%", cap=cap)  # type: ignore[arg-type]
    assert named in str(info.value)


@pytest.mark.parametrize(("cap", "named"), [(-1, "-1"), ({2: -5}, "-5"), ({0: 3}, "{0: 3}")])
def test_a_negative_cap_or_a_key_below_one_player_is_refused(cap: object, named: str) -> None:
    with pytest.raises(ArgumentError, match=named.replace("{", r"\{").replace("}", r"\}")):
        PercentRake("5%", cap=cap)  # type: ignore[arg-type]


def test_numpy_integer_caps_and_steps_are_chip_counts() -> None:
    np = pytest.importorskip("numpy")
    policy = PercentRake("5%", cap=np.int64(300), step=np.int32(1))
    assert policy.cap == 300 and type(policy.cap) is int and type(policy.step) is int
    assert policy.amount(10_000) == 300
    by_players = PercentRake("5%", cap={np.int64(2): np.int64(50), 5: np.uint8(150)})
    assert by_players.cap == {2: 50, 5: 150}
    assert by_players.amount(10_000, players=3) == 50
    assert by_players.amount(10_000, players=6) == 150


@pytest.mark.parametrize(
    "rate",
    [
        "1e-999999999999",
        decimal.Decimal("1e-999999999999"),
        "1e999999999999",
        "0." + "0" * 40 + "1",
        "1" * 100_000,
    ],
    ids=["tiny text", "tiny Decimal", "huge", "41 places", "100k digits"],
)
def test_a_rate_too_long_to_be_a_rate_is_refused_at_once(rate: object) -> None:
    # Fraction(Decimal("1e-999999999999")) would build a trillion-digit power of ten.
    with pytest.raises(ArgumentError) as info:
        PercentRake(rate)  # type: ignore[arg-type]
    assert len(str(info.value)) < 400


@pytest.mark.parametrize("rate", ["Infinity", "-inf", decimal.Decimal("Infinity"), "NaN", "5%%"])
def test_an_infinite_or_malformed_rate_is_refused_naming_it(rate: object) -> None:
    with pytest.raises(ArgumentError) as info:
        parse_rate(rate)
    assert repr(rate) in str(info.value)


def test_the_longest_allowed_rate_is_exact() -> None:
    rate = "0." + "0" * 29 + "1"  # 30 places
    assert parse_rate(rate) == fractions.Fraction(1, 10**30)
    assert parse_rate("0e-99999999999") == 0
