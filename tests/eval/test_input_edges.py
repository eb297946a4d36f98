"""Odd inputs at the public doors: each case below once gave a wrong kind of error,
a message built by running the caller's code, or a different answer between the
compiled path and the Python one it falls back on (found by an adversarial pass).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import omaha
from omaha import InvalidCardError, OmahaError, parse_cards
from omaha.errors import ArgumentTypeError

DOORS = (omaha.evaluate_hi, omaha.evaluate_lo)


def test_text_of_a_str_subclass_reads_as_text() -> None:
    # Iterating a NumPy string array gives numpy.str_: the compiled reader
    # takes exact str only, the Python reader the rest.
    for fn in DOORS:
        assert fn(np.str_("AsKd7h2c"), np.str_("2s3s4s")) == fn("AsKd7h2c", "2s3s4s")
    assert parse_cards(np.str_("AsKd")) == (51, 45)
    s = omaha.showdown([np.str_("AsKd7h2c")], "2s3s4s")
    assert s == omaha.showdown(["AsKd7h2c"], "2s3s4s")


@pytest.mark.parametrize(
    "hole",
    [
        [10**5000, 1, 2, 3],  # longer than Python writes as text
        [52, 10**5000, 1, 2],  # the first bad code decides, not the repr of the rest
        (-(10**5000), 1, 2, 3),
    ],
)
def test_huge_codes_are_named_by_their_size(hole: Any) -> None:
    for fn in DOORS:
        for door in (fn, fn.__wrapped__):  # type: ignore[union-attr]
            with pytest.raises(InvalidCardError, match=r"outside 0\.\.51"):
                door(hole, "2s3s4s")
    with pytest.raises(InvalidCardError):
        omaha.showdown([hole], "2s3s4s")


def test_the_compiled_door_runs_no_code_of_the_caller_before_falling_back() -> None:
    # A code out of range used to be reported with the repr of the whole
    # list, which ran an item's __repr__: here it changes the list, and the
    # fallback then read other cards than the caller gave.
    class Sneaky:
        def __init__(self, cards: list[Any]) -> None:
            self.cards = cards

        def __index__(self) -> int:
            return 9

        def __repr__(self) -> str:
            self.cards[0] = 40
            return "Sneaky()"

    for fn in DOORS:
        hole: list[Any] = [52, None, 1, 2]
        hole[1] = Sneaky(hole)
        with pytest.raises(InvalidCardError, match="card code 52 is outside"):
            fn(hole, "2s3s4s")


@pytest.mark.parametrize(
    ("holes", "needle"),
    [
        (np.array([[0, 1, 2, 3], [8, 9, 10, 11]]), None),  # an array of holes: fine
        (iter([]), "at least one player"),
        ((h for h in [[0, 1, 2, 3], [4, 5, 6]]), "4 to 6 cards"),
        ("AsKsQsJs", "sequence of each player's hole cards"),
        (None, "sequence of each player's hole cards"),
    ],
)
def test_showdown_takes_any_sequence_of_holes(holes: Any, needle: str | None) -> None:
    if needle is None:
        s = omaha.showdown(holes, "AhKhQh")
        assert s == omaha.showdown([[0, 1, 2, 3], [8, 9, 10, 11]], "AhKhQh")
        return
    with pytest.raises(OmahaError, match=needle):
        omaha.showdown(holes, "AhKhQh")


@pytest.mark.parametrize(
    ("cards", "error", "needle"),
    [
        (None, InvalidCardError, "not None"),
        (5, InvalidCardError, "not 5"),
        (np.array("AsKd"), InvalidCardError, "cannot read cards"),
        ([np.zeros(2, int), 1], InvalidCardError, "array"),
    ],
)
def test_parse_cards_refuses_what_holds_no_cards(cards: Any, error: type, needle: str) -> None:
    with pytest.raises(error, match=needle):
        parse_cards(cards)


@pytest.mark.parametrize("n", ["2", 2.0, True, -1])
def test_parse_cards_checks_its_count(n: Any) -> None:
    with pytest.raises(ArgumentTypeError, match="n must be a whole number"):
        parse_cards("AsKd", n=n)


BATCHES = (omaha.evaluate_hi_batch, omaha.evaluate_lo_batch, omaha.select_batch)


def test_batches_refuse_ragged_rows_and_masked_arrays() -> None:
    for fn in BATCHES:
        with pytest.raises(InvalidCardError, match="2-D array"):
            fn([[0, 1, 2, 3], [4, 5, 6, 7, 8]], [[9, 10, 11], [12, 13, 14]])
        masked = np.ma.masked_array(np.zeros((1, 4), int), mask=[[True, False, False, False]])
        with pytest.raises(ArgumentTypeError, match="mask"):
            fn(masked, np.zeros((1, 3), int))


def test_batches_name_the_first_bad_row_whatever_its_fault_and_dtype() -> None:
    # A wide integer dtype was range-checked before the kernel ran, so a
    # later out-of-range row was named before an earlier duplicate.
    boards = np.array([[20, 21, 22]] * 6, np.int64)
    holes = np.array([[0, 1, 2, 3], [4, 5, 6, 7]] * 3, np.int64)
    holes[1] = [0, 0, 1, 2]  # a duplicate in row 1
    holes[4] = [60, 1, 2, 3]  # a code out of range in row 4
    for dtype in (np.int64, np.int16, np.uint32):
        for fn in BATCHES:
            with pytest.raises(omaha.DuplicateCardError, match="row 1"):
                fn(holes.astype(dtype), boards.astype(dtype))
    holes[1] = [4, 5, 6, 7]
    boards[2] = [20, 21, -3]  # now the first bad row is 2, on the board, given negative
    for fn in BATCHES:
        with pytest.raises(InvalidCardError, match=r"row 2: card code -3 is outside"):
            fn(holes, boards)
