"""Equity on spots built to break it, each checked against a value known by hand
or by brute force through :func:`omaha.evaluate_hi` / :func:`omaha.evaluate_lo`."""

from __future__ import annotations

import itertools
import pathlib
import subprocess
import sys
from fractions import Fraction

import pytest

import omaha
from omaha.cli import main
from omaha.equities import equity


def brute_force(
    holes: list[tuple[int, ...] | None], board: tuple[int, ...], dead: tuple[int, ...], hilo: bool
) -> list[Fraction]:
    """Each player's exact share of the pot, dealing every unknown hand and board."""
    used = set(board) | set(dead) | {c for h in holes if h is not None for c in h}
    size = next(len(h) for h in holes if h is not None)
    unknown = [i for i, h in enumerate(holes) if h is None]
    totals = [Fraction(0)] * len(holes)
    deals = 0

    def deal(u: int, deck: list[int], hands: list[tuple[int, ...]]) -> None:
        nonlocal deals
        if u < len(unknown):
            for hole in itertools.combinations(deck, size):
                hands[unknown[u]] = hole
                deal(u + 1, [c for c in deck if c not in hole], hands)
            return
        for rest in itertools.combinations(deck, 5 - len(board)):
            full = board + rest
            deals += 1
            high = [omaha.evaluate_hi(h, full).strength for h in hands]
            hw = [i for i, v in enumerate(high) if v == max(high)]
            lows = [omaha.evaluate_lo(h, full) for h in hands] if hilo else []
            low = [x.strength if x is not None else 0 for x in lows]
            lw = [i for i, v in enumerate(low) if v and v == max(low)]
            for i in hw:
                totals[i] += Fraction(1, len(hw) * (2 if lw else 1))
            for i in lw:
                totals[i] += Fraction(1, 2 * len(lw))

    deal(0, sorted(set(range(52)) - used), [h or () for h in holes])
    return [t / deals for t in totals]


@pytest.mark.parametrize("game", ["hi", "hilo"])
@pytest.mark.parametrize("board_size", [4, 5])
def test_unknown_hand_takes_the_last_cards_of_the_deck(game: str, board_size: int) -> None:
    # Nine known hands, a board, dead cards: the unknown tenth hand is dealt
    # from the only cards left, so the deck is empty once it is dealt.
    holes: list[tuple[int, ...] | None] = [tuple(range(4 * i, 4 * i + 4)) for i in range(9)]
    holes.append(None)
    board = tuple(range(36, 36 + board_size))
    dead = tuple(range(36 + board_size, 47 if board_size == 4 else 48))
    result = equity(holes, board=board, dead=dead, game=game, method="exact")  # type: ignore[arg-type]
    expected = brute_force(holes, board, dead, game == "hilo")
    assert [p.equity_fraction for p in result] == expected
    assert sum(expected) == 1


def test_two_unknown_hands_empty_the_deck_on_the_river() -> None:
    holes: list[tuple[int, ...] | None] = [(51, 47, 43, 39), None, (0, 4, 8, 12), None]
    board = (1, 5, 9, 13, 17)
    left = {41, 42, 44, 45, 46, 48, 49, 50}  # the eight cards the unknown hands share
    dead = tuple(sorted(set(range(52)) - left - set(board) - {c for h in holes for c in h or ()}))
    result = equity(holes, board=board, dead=dead, game="hilo", method="exact")
    assert result.boards == 70  # C(8, 4) hands for the first, the other takes the rest
    assert [p.equity_fraction for p in result] == brute_force(holes, board, dead, True)


@pytest.mark.parametrize("target", [None, 0.01])
@pytest.mark.parametrize("samples", [2**63, 10**30])
def test_sample_counts_beyond_int64_are_a_value_error(target: float | None, samples: int) -> None:
    with pytest.raises(ValueError, match=r"samples must be at most 2\*\*63 - 1"):
        equity(["AhAsKhKs", "JdTd9c8c"], samples=samples, target_stderr=target, seed=1)


def test_cli_huge_sample_count_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["equity", "AhAsKhKs", "JdTd9c8c", "--samples", str(10**20), "--no-progress"])
    assert status == 2
    assert "samples must be" in capsys.readouterr().err


@pytest.mark.skipif(not pathlib.Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_cli_full_disk_is_a_clean_error(json_flag: list[str]) -> None:
    args = ["equity", "AhAsKhKs", "JdTd9c8c", "--board", "Qs7h2c", *json_flag]
    with open("/dev/full", "wb") as full:
        proc = subprocess.run(
            [sys.executable, "-m", "omaha", *args], stdout=full, stderr=subprocess.PIPE
        )
    assert (proc.returncode, proc.stderr) == (
        1,
        b"omaha equity: [Errno 28] No space left on device\n",
    )


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"dead": None}, r"dead cards must be card text or a sequence of cards, got None"),
        ({"board": 5}, r"board must be card text or a sequence of cards, got 5"),
        ({"holes": ["AhAsKhKs", 7]}, r"player 2 must be card text or a sequence of cards, got 7"),
    ],
)
def test_something_that_holds_no_cards_is_an_invalid_card_error(
    kwargs: dict[str, object], match: str
) -> None:
    args: dict[str, object] = {"holes": ["AhAsKhKs", "JdTd9c8c"], **kwargs}
    with pytest.raises(omaha.InvalidCardError, match=match):
        equity(**args)  # type: ignore[arg-type]
