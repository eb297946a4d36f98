"""Table engine benchmark (pytest-benchmark): whole hands, PokerKit on the same hands, PHH replay.

Six-handed pot-limit Omaha, blinds 50/100, 10,000 chips a seat, dealt from
the same seeded decks in both engines and played by a script: under the gun
raises to the pot (350), everyone calls, and the hand is checked down to the
showdown, where every player shows. Our side counts a hand as done when
:attr:`omaha.Hand.result` has been computed (pots, winners, the hands shown
with the cards used); no PHH is written. PokerKit runs the same hands with
its automations (bets collected, hands shown and killed, chips pushed and
pulled) in the same run. Target: at least 100 times PokerKit's hands per
second. The PHH replay benchmark replays the real hands of tests/data/phh
(already read: the engine's part, through ``Hand.apply``), and reads and
replays their text. Run::

    pytest bench/bench_table.py --benchmark-only     # measure (hands/s summary at the end)
    pytest bench/bench_table.py --benchmark-disable  # run each once (CI smoke test)
"""

from __future__ import annotations

import pathlib
import warnings
from typing import Any

import pytest

import omaha
from omaha import PotLimit, Table, phh
from omaha.cards import format_cards

N_HANDS = 100
"""Hands per round (PokerKit takes about 30 ms a hand)."""
SEED = 2025
SEATS = 6
STACK = 10_000
BLINDS = (50, 100)
RAISE_TO = 350  # the pot-limit maximum for under the gun: 100 + 150 + 100
GROUP = f"table: six-handed pot-limit Omaha, scripted, to showdown ({N_HANDS} hands a round)"
PHH_FILES = sorted((pathlib.Path(__file__).parent.parent / "tests" / "data" / "phh").glob("*.phh"))
PHH_ROUNDS = 10
PHH_GROUP = f"phh: the {len(PHH_FILES)} real hands of tests/data/phh, {PHH_ROUNDS} times a round"


@pytest.fixture(scope="module")
def decks() -> list[tuple[int, ...]]:
    """Seeded shuffled decks, one per hand (``numpy.random.default_rng(seed).permutation(52)``)."""
    import numpy as np

    omaha.warmup()
    rng = np.random.default_rng(SEED)
    return [tuple(rng.permutation(52).tolist()) for _ in range(N_HANDS)]


def play_omaha(deck: tuple[int, ...]) -> omaha.HandResult:
    """One scripted hand through :mod:`omaha`: a raise, calls, checked down, everyone shows."""
    table = Table([STACK] * SEATS, PotLimit(*BLINDS), button=SEATS - 1)
    hand = table.deal(deck=deck)
    hand.raise_to(RAISE_TO)
    while not hand.is_over:
        if hand.street == "showdown":
            hand.show()
        else:
            hand.call()  # a check when nothing is owed
    return hand.result


_AUTOMATIONS: tuple[Any, ...] = ()


def _pokerkit_automations() -> tuple[Any, ...]:
    global _AUTOMATIONS
    if not _AUTOMATIONS:
        from pokerkit import Automation

        _AUTOMATIONS = (
            Automation.ANTE_POSTING,
            Automation.BET_COLLECTION,
            Automation.BLIND_OR_STRADDLE_POSTING,
            Automation.CARD_BURNING,
            Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
            Automation.HAND_KILLING,
            Automation.CHIPS_PUSHING,
            Automation.CHIPS_PULLING,
        )
    return _AUTOMATIONS


def play_pokerkit(deck: tuple[int, ...]) -> tuple[int, ...]:
    """The same scripted hand through PokerKit, dealt the same cards."""
    from pokerkit import Mode, PotLimitOmahaHoldem

    state = PotLimitOmahaHoldem.create_state(
        _pokerkit_automations(),
        True,
        0,
        BLINDS,
        BLINDS[1],
        (STACK,) * SEATS,
        SEATS,
        mode=Mode.CASH_GAME,
    )
    with warnings.catch_warnings():
        # PokerKit warns when a card is not the one its own shuffle would deal.
        warnings.simplefilter("ignore")
        for seat in range(SEATS):
            state.deal_hole(format_cards(deck[seat::SEATS][:4]), seat)
        state.complete_bet_or_raise_to(RAISE_TO)
        while state.actor_index is not None:
            state.check_or_call()
        top = 4 * SEATS
        for start, size in ((top + 1, 3), (top + 5, 1), (top + 7, 1)):
            state.deal_board(format_cards(deck[start : start + size]))
            while state.actor_index is not None:
                state.check_or_call()
    return tuple(state.stacks)


@pytest.mark.benchmark(group=GROUP)
def test_omaha_table_hands(measure: Any, decks: list[tuple[int, ...]]) -> None:
    results = measure(lambda: [play_omaha(d) for d in decks], N_HANDS)
    assert len(results) == N_HANDS
    assert all(sum(r.stacks) == SEATS * STACK for r in results)
    assert all(len(r.shown) == SEATS for r in results)


@pytest.mark.benchmark(group=GROUP)
def test_pokerkit_table_hands(measure: Any, decks: list[tuple[int, ...]]) -> None:
    pytest.importorskip("pokerkit")
    stacks = measure(lambda: [play_pokerkit(d) for d in decks], N_HANDS)
    assert len(stacks) == N_HANDS


def test_both_engines_play_the_same_hands(decks: list[tuple[int, ...]]) -> None:
    """Same cards, same result: the benchmark compares like with like."""
    pytest.importorskip("pokerkit")
    for deck in decks[:20]:
        ours = play_omaha(deck)
        assert ours.board == (*deck[25:28], deck[29], deck[31])
        assert ours.stacks == play_pokerkit(deck)


@pytest.mark.benchmark(group=PHH_GROUP)
def test_phh_replay(measure: Any) -> None:
    histories = [h for path in PHH_FILES for h in phh.read(path)]
    replays = measure(
        lambda: [phh.replay(h) for _ in range(PHH_ROUNDS) for h in histories],
        PHH_ROUNDS * len(histories),
    )
    assert all(r.complete for r in replays)


@pytest.mark.benchmark(group=PHH_GROUP)
def test_phh_read_and_replay(measure: Any) -> None:
    texts = [path.read_text(encoding="utf-8") for path in PHH_FILES]
    replays = measure(
        lambda: [phh.replay(phh.loads(t)) for _ in range(PHH_ROUNDS) for t in texts],
        PHH_ROUNDS * len(texts),
    )
    assert all(r.complete for r in replays)
