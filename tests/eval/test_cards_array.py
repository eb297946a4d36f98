"""``parse_cards_array`` / ``format_cards_array``: the array forms of the card notation.

The scalar :func:`omaha.cards.parse_cards` is the oracle: on every text the
array parser must give the same cards, or -1 exactly where it raises.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omaha.cards import NO_CARD, format_cards, format_cards_array, parse_cards, parse_cards_array
from omaha.errors import InvalidCardError

DECK = [format_cards([c]) for c in range(52)]
ALPHABET = "23456789TtJjQqKkAacCdDhHsS10 ,\tx\u00a0é"


def scalar(text: str, max_cards: int) -> tuple[int, ...] | None:
    try:
        cards = parse_cards(text)
    except InvalidCardError:
        return None
    return cards if len(cards) <= max_cards else None


def check(texts: list[str], max_cards: int) -> None:
    codes, counts = parse_cards_array(texts, max_cards)
    assert codes.shape == (len(texts), max_cards) and codes.dtype == np.uint8
    assert counts.shape == (len(texts),) and counts.dtype == np.int8
    for text, row, count in zip(texts, codes.tolist(), counts.tolist(), strict=True):
        want = scalar(text, max_cards)
        if want is None:
            assert count == -1 and row == [NO_CARD] * max_cards, text
        else:
            assert count == len(want), text
            assert row == [*want, *[NO_CARD] * (max_cards - len(want))], text


def mutated_texts(seed: int, n: int) -> list[str]:
    """Card texts in every spelling, a third of them damaged (a character changed or lost)."""
    rng = random.Random(seed)
    texts = []
    for _ in range(n):
        cards = rng.sample(DECK, rng.randint(0, 8))
        if len(cards) > 2 and rng.random() < 0.05:
            cards[-1] = cards[0]  # a duplicate
        cards = [c.lower() if rng.random() < 0.3 else c for c in cards]
        cards = ["10" + c[1] if c[0] == "T" and rng.random() < 0.5 else c for c in cards]
        text = rng.choice(["", "", " ", ", ", "  ", "\t"]).join(cards)
        if text and rng.random() < 0.35:
            chars = list(text)
            i = rng.randrange(len(chars))
            op = rng.random()
            if op < 0.33:
                chars[i] = rng.choice(ALPHABET)
            elif op < 0.66:
                del chars[i]
            else:
                chars.insert(i, rng.choice(ALPHABET))
            text = "".join(chars)
        if rng.random() < 0.1:
            text = f" {text} "
        texts.append(text)
    return texts


@pytest.mark.parametrize("max_cards", [0, 3, 5, 6, 7, 9])
def test_agrees_with_parse_cards(max_cards: int) -> None:
    check(mutated_texts(max_cards, 6000), max_cards)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(alphabet=ALPHABET, max_size=16), max_size=20))
def test_agrees_with_parse_cards_on_any_text(texts: list[str]) -> None:
    check(texts, 6)


def test_bytes_and_str_agree() -> None:
    texts = [t for t in mutated_texts(99, 3000) if t.isascii()]
    as_bytes = np.array([t.encode() for t in texts], dtype=bytes)
    for got, want in zip(parse_cards_array(as_bytes, 6), parse_cards_array(texts, 6), strict=True):
        assert (got == want).all()


def test_examples() -> None:
    codes, counts = parse_cards_array(["AsKd7h2c", "as kd, 7H 2C", "10h Jc", "AsAs", "Xx", ""], 4)
    assert counts.tolist() == [4, 4, 2, -1, -1, 0]
    assert codes[0].tolist() == codes[1].tolist() == [51, 45, 22, 0]
    assert codes[2].tolist() == [34, 36, NO_CARD, NO_CARD]
    codes, counts = parse_cards_array(np.array([], dtype=str))
    assert codes.shape == (0, 7) and counts.shape == (0,)


def test_bad_arguments() -> None:
    with pytest.raises(TypeError, match="str or bytes"):
        parse_cards_array(["AsKd", 3])
    with pytest.raises(TypeError, match="dtype"):
        parse_cards_array(np.array([1, 2]))
    with pytest.raises(ValueError, match="one-dimensional"):
        parse_cards_array(np.array([["As"]]))
    with pytest.raises(ValueError, match="max_cards"):
        parse_cards_array(["As"], max_cards=53)


def test_format_round_trip() -> None:
    rng = np.random.default_rng(3)
    codes = np.argsort(rng.random((2000, 52)), axis=1)[:, :6].astype(np.uint8)
    text = format_cards_array(codes)
    assert text.dtype == np.dtype("S12")
    assert text.astype(str).tolist() == [format_cards(row) for row in codes.tolist()]
    back, counts = parse_cards_array(text, 6)
    assert (back == codes).all() and (counts == 6).all()


def test_format_skips_no_card_anywhere() -> None:
    codes = [[51, NO_CARD, 45], [NO_CARD] * 3, [0, 1, NO_CARD]]
    assert format_cards_array(codes).tolist() == [b"AsKd", b"", b"2c2d"]
    assert format_cards_array(np.array(codes, dtype=np.int64)).tolist() == [b"AsKd", b"", b"2c2d"]
    assert format_cards_array(np.zeros((2, 0), np.uint8)).tolist() == [b"", b""]


def test_format_bad_codes() -> None:
    with pytest.raises(InvalidCardError, match=r"row 1: card code 52 is outside 0\.\.51"):
        format_cards_array([[0, 1], [2, 52]])
    with pytest.raises(InvalidCardError, match="card code -1"):
        format_cards_array(np.array([[-1]]))
    with pytest.raises(InvalidCardError, match="card code 256"):
        format_cards_array(np.array([[256]]))
    with pytest.raises(TypeError):
        format_cards_array(np.array([[1.0]]))
    with pytest.raises(ValueError, match="shape"):
        format_cards_array([1, 2])
