"""Cards: the text notation and card codes (docs/rules.md §1, §7).

``code = 4 * rank + suit``, rank 0..12 for 2..A and suit 0..3 for c, d, h, s
(``2c`` = 0, ``As`` = 51). Text input accepts either case and ``10`` for
``T``; output is canonical (``Td``). A malformed card, a duplicate or a wrong
count raises :class:`omaha.InvalidCardError` naming the bad value.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import omaha
from omaha import (
    DuplicateCardError,
    InvalidCardError,
    OmahaError,
    card_mask,
    format_cards,
    parse_cards,
)
from omaha.cards import card_rank, card_suit, format_card, parse_card

RANKS = "23456789TJQKA"
SUITS = "cdhs"
ALL_TEXT = [r + s for r in RANKS for s in SUITS]


def test_code_layout() -> None:
    assert parse_cards("2c") == (0,)
    assert parse_cards("2d") == (1,)
    assert parse_cards("3c") == (4,)
    assert parse_cards("As") == (51,)
    for rank, r in enumerate(RANKS):
        for suit, s in enumerate(SUITS):
            code = 4 * rank + suit
            assert parse_card(r + s) == code
            assert format_card(code) == r + s
            assert card_rank(code) == rank and card_suit(code) == suit


def test_parse_cards_examples() -> None:
    assert parse_cards("AsKd7h2c") == (51, 45, 22, 0)
    assert parse_cards(["As", "Kd"]) == (51, 45)
    assert type(parse_cards("AsKd")) is tuple
    assert all(type(c) is int for c in parse_cards("AsKd"))


@pytest.mark.parametrize(
    "text",
    [
        "AsKd7h2c",
        "asKD7H2C",
        "ASKD7H2C",
        "As Kd 7h 2c",
        "  As  Kd\t7h\n2c  ",
        "As,Kd,7h,2c",
        "As, Kd, 7h, 2c",
        "As\u00a0Kd 7h 2c",
    ],
)
def test_either_case_and_any_separator(text: str) -> None:
    assert parse_cards(text) == (51, 45, 22, 0)


def test_ten_as_10() -> None:
    assert parse_cards("10h") == parse_cards("Th") == (34,)
    assert parse_cards("10d 10C") == parse_cards("TdTc")
    assert parse_cards(["10h", "jc"]) == (34, 36)
    assert format_cards(parse_cards("10d")) == "Td"


def test_sequences_of_strings_codes_and_mixtures() -> None:
    assert parse_cards([51, 45]) == (51, 45)
    assert parse_cards((51, "Kd")) == (51, 45)
    assert parse_cards(iter(["As", "Kd"])) == (51, 45)
    assert parse_cards(np.array([51, 45], np.uint8)) == (51, 45)
    numpy_code: Any = np.int64(51)
    assert parse_cards([numpy_code]) == (51,)
    assert parse_cards([" As "]) == (51,)
    assert parse_cards("") == () and parse_cards([]) == ()


def test_n_checks_the_count() -> None:
    assert parse_cards("AsKd", n=2) == (51, 45)
    with pytest.raises(InvalidCardError, match=r"expected 3 cards, got 2") as info:
        parse_cards("AsKd", n=3)
    assert "'AsKd'" in str(info.value)
    with pytest.raises(InvalidCardError, match="1"):
        parse_cards(["As"], n=4)


@pytest.mark.parametrize(
    ("bad", "needle"),
    [
        ("Xs", "Xs"),
        ("AsXx", "Xx"),
        ("Az", "Az"),
        ("1s", "1s"),
        ("11s", "11s"),
        ("A s", "A s"),
        ("AsKd7", "7"),
        ("As/Kd", "/Kd"),
        ("Ａs", "Ａs"),  # a full-width letter
        (["As", "Kx"], "Kx"),
        (["AsKd"], "AsKd"),
        ([52], "52"),
        ([-1], "-1"),
        ([51, 2**64], str(2**64)),
        ([None], "None"),
        ([1.0], "1.0"),
        ([True], "True"),
    ],
)
def test_malformed_cards_raise_naming_the_value(bad: Any, needle: str) -> None:
    with pytest.raises(InvalidCardError, match=re.escape(needle)) as info:
        parse_cards(bad)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, OmahaError)
    assert not isinstance(info.value, DuplicateCardError)


@pytest.mark.parametrize(
    ("bad", "card"),
    [("AsAs", "As"), ("Asas", "As"), ("Ts10s", "Ts"), (["As", "as"], "As"), ([51, "As"], "As"),
     ([0, 0], "2c")],
)  # fmt: skip
def test_duplicates_raise_duplicate_card_error(bad: Any, card: str) -> None:
    with pytest.raises(DuplicateCardError, match=f"'{card}'") as info:
        parse_cards(bad)
    assert isinstance(info.value, InvalidCardError)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, OmahaError)


def test_parse_card_is_exactly_one_card() -> None:
    assert parse_card("as") == 51
    assert parse_card(" 10s ") == 35
    for bad in ("AsKd", "", "A", "Asx"):
        with pytest.raises(InvalidCardError, match=re.escape(repr(bad))):
            parse_card(bad)
    with pytest.raises(InvalidCardError):
        parse_card(51)  # type: ignore[arg-type]


def test_format_cards() -> None:
    assert format_cards((51, 45, 22, 0)) == "AsKd7h2c"
    assert format_cards((51, 45), sep=" ") == "As Kd"
    assert format_cards(()) == ""
    assert format_cards(range(52)) == "".join(ALL_TEXT)
    assert format_cards(np.array([34], np.uint8)) == "Th"
    for bad in ([52], [-1], [1.5], [None]):
        with pytest.raises(InvalidCardError, match=re.escape(repr(bad[0]))):
            format_cards(bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidCardError):
        format_card(52)


def test_card_mask() -> None:
    assert card_mask([0, 51]) == 1 | (1 << 51)
    assert card_mask([]) == 0
    assert card_mask(range(52)) == (1 << 52) - 1
    assert card_mask(parse_cards("AsKd")) == (1 << 51) | (1 << 45)
    assert type(card_mask([3])) is int
    for bad in ([52], [-1], [1.5], [None], [True]):
        with pytest.raises(InvalidCardError):
            card_mask(bad)  # type: ignore[arg-type]
    assert omaha.card_mask is card_mask


@settings(max_examples=300, deadline=None, derandomize=True)
@given(
    st.lists(st.integers(0, 51), unique=True, max_size=12),
    st.lists(st.sampled_from(["", " ", ", ", "\t", ","]), min_size=12, max_size=12),
    st.lists(st.booleans(), min_size=24, max_size=24),
    st.booleans(),
)
def test_text_round_trip(codes: list[int], seps: list[str], upper: list[bool], ten: bool) -> None:
    parts = []
    for i, c in enumerate(codes):
        text = format_card(c)
        r, s = text[0], text[1]
        if ten and r == "T":
            r = "10"
        r = r.upper() if upper[2 * i] else r.lower()
        s = s.upper() if upper[2 * i + 1] else s.lower()
        parts.append(r + s)
    text = "".join(p + seps[i] for i, p in enumerate(parts))
    assert parse_cards(text) == tuple(codes)
    assert parse_cards(text, n=len(codes)) == tuple(codes)
    assert parse_cards(format_cards(codes)) == tuple(codes)
    assert parse_cards(parts) == tuple(codes)
    assert card_mask(codes) == sum(1 << c for c in codes)


# --------------------------------------------- the vectorized text parser


def _scalar(text: str, max_cards: int) -> tuple[list[int], int]:
    try:
        codes = list(parse_cards(text))
    except InvalidCardError:
        return [255] * max_cards, -1
    if len(codes) > max_cards:
        return [255] * max_cards, -1
    return codes + [255] * (max_cards - len(codes)), len(codes)


card_texts = st.lists(
    st.one_of(
        st.sampled_from(ALL_TEXT),
        st.sampled_from([t.lower() for t in ALL_TEXT] + ["10h", "10S", "1", "0", "Xx", "A"]),
        st.sampled_from([" ", ",", "\t", "  ", ""]),
        st.text(alphabet="AKQJT1098765432cdhsx ,\u00e9", max_size=3),
    ),
    max_size=10,
).map("".join)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.lists(card_texts, max_size=8), st.integers(0, 9))
def test_parse_cards_array_agrees_with_parse_cards(texts: list[str], max_cards: int) -> None:
    from omaha.cards import parse_cards_array

    codes, counts = parse_cards_array(texts, max_cards=max_cards)
    assert codes.shape == (len(texts), max_cards) and codes.dtype == np.uint8
    assert counts.shape == (len(texts),) and counts.dtype == np.int8
    for i, text in enumerate(texts):
        want_codes, want_count = _scalar(text.rstrip("\x00"), max_cards)
        assert (codes[i].tolist(), int(counts[i])) == (want_codes, want_count), text


@pytest.mark.parametrize(
    "text",
    [
        "AsKsQsJs",  # cards run together: read two bytes at a time
        "asKSqSjs",
        "AsKsQsJsAs",  # a card twice, found late by the quick reader
        "AsKsQsJs1",  # an odd length
        "AsKsQsJsXx",
        "AsKs10hQs",  # "10": the full reader
        "AsKs, Qs",  # a separator after two cards read quickly
        "AsKsQsJsTh",  # more cards than max_cards 4
        "AsKsQs\u00e9s",
        "",
    ],
)
@pytest.mark.parametrize("max_cards", [4, 6])
def test_the_quick_reader_of_cards_run_together_leaves_the_rest_to_the_full_one(
    text: str, max_cards: int
) -> None:
    # A text the two-byte reader gives up on, after writing some codes, is
    # read again in full: no code of the first try may stay behind.
    from omaha.cards import parse_cards_array

    codes, counts = parse_cards_array([text], max_cards=max_cards)
    assert (codes[0].tolist(), int(counts[0])) == _scalar(text, max_cards)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.lists(st.lists(st.integers(0, 51), unique=True, max_size=7), max_size=6))
def test_format_cards_array_agrees_with_format_cards(rows: list[list[int]]) -> None:
    from omaha.cards import format_cards_array

    arr = np.full((len(rows), 7), 255, np.uint8)
    for i, row in enumerate(rows):
        arr[i, : len(row)] = row
    got = format_cards_array(arr)
    assert [x.decode() for x in got.tolist()] == [format_cards(r) for r in rows]


def test_malformed_card_quotes_just_the_bad_card() -> None:
    with pytest.raises(InvalidCardError, match="malformed card 'Xs' in 'AsXs7h'"):
        parse_cards("AsXs7h")
    with pytest.raises(InvalidCardError, match="malformed card '10x'"):
        parse_cards("As 10x 7h")


@pytest.mark.parametrize("text", ["\u212ah", "2\u017f", "A\u017f", "\u212a\u017f", "Ah\u212ad"])
def test_unicode_look_alikes_are_not_cards(text: str) -> None:
    """The Kelvin sign once read as K (case folding), and the long s raised KeyError."""
    with pytest.raises(InvalidCardError, match="is not an ASCII rank or suit"):
        parse_cards(text)
    with pytest.raises(InvalidCardError, match="is not an ASCII rank or suit"):
        parse_cards([text])


def test_as_cards_names_what_holds_no_cards() -> None:
    from omaha.cards import as_cards

    assert as_cards("AsKd", "the flop") == (51, 45)
    for value in (None, 5, 2.5):
        with pytest.raises(InvalidCardError, match=f"the flop must be card text .* got {value}"):
            as_cards(value, "the flop")
    with pytest.raises(InvalidCardError, match=r"^the flop: malformed card 'Xx'"):
        as_cards("AsXx", "the flop")
    with pytest.raises(InvalidCardError, match=r"^the flop: expected 3 cards, got 2"):
        as_cards("AsKd", "the flop", n=3)


def test_require_distinct_names_both_holders() -> None:
    from omaha.cards import require_distinct
    from omaha.errors import DuplicateCardError

    hole, board = parse_cards("AsKd"), parse_cards("2c3c4c")
    require_distinct([("in the hole", hole), ("on the board", board)])
    with pytest.raises(DuplicateCardError, match="'Kd' is both in the hole and in the dead cards"):
        require_distinct(
            [("in the hole", parse_cards("AsKd")), ("in the dead cards", parse_cards("Kd"))]
        )
    with pytest.raises(DuplicateCardError, match="'2c' is both on the board and on the board"):
        require_distinct([("on the board", (0, 0))])


def _slow_parse(text: str, n: int | None = None) -> tuple[int, ...]:
    """parse_cards' Python reader alone (the compiled fast path turned off)."""
    from omaha import cards

    codes = cards._parse_text(text.replace(",", " "))
    if len(set(codes)) != len(codes):
        raise omaha.DuplicateCardError("duplicate")
    if n is not None and len(codes) != n:
        raise InvalidCardError("count")
    return tuple(codes)


_CARD_TEXT_ALPHABET = st.sampled_from(
    [*"23456789TJQKAtjqka1", "10", *"cdhsCDHS", " ", ",", "\t", "\x1c", "x", "é", "\u3000"]
)


@settings(max_examples=3000, deadline=None)
@given(st.lists(_CARD_TEXT_ALPHABET, max_size=14).map("".join), st.sampled_from([None, 2, 4]))
def test_compiled_text_reader_agrees_with_the_python_reader(text: str, n: int | None) -> None:
    # parse_cards reads plain ASCII card text in compiled code and leaves
    # the rest to the Python reader: both must accept the same texts with
    # the same codes, and refuse the same texts with the same kind of error.
    try:
        expected: tuple[int, ...] | type[Exception] = _slow_parse(text, n)
    except InvalidCardError as exc:
        expected = type(exc)
    try:
        got: tuple[int, ...] | type[Exception] = parse_cards(text, n=n)
    except InvalidCardError as exc:
        got = type(exc)
    assert got == expected, text


def test_a_long_bad_card_text_is_quoted_by_its_size() -> None:
    # issue 17: a message names the bad value, and stays readable whatever its size.
    with pytest.raises(omaha.InvalidCardError) as info:
        omaha.parse_cards("A" * 1_000_000)
    assert str(info.value).endswith("... (a text of 1,000,000 characters)")
    assert len(str(info.value)) < 200
