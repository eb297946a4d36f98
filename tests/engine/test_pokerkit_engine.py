"""Differential test of the betting engine against PokerKit (test-only).

Seeded random pot-limit Omaha hands, High and Hi-Lo, are played step by step
in both engines from the same cards. At every betting step the player to
act, the chips to call and the raise range (minimum and maximum raise-to, or
no raise) must agree; at the end the final stacks must agree.

PokerKit departs from the rules in known ways (docs/rules.md). The hands
avoid them, or the comparison allows for them, and each is named here:

- ``FO/8``: PokerKit's fixed-limit Omaha Hi-Lo plays pot-limit. No
  fixed-limit game is compared; with both bet sizes set to the big blind,
  that class is PokerKit's pot-limit Omaha Hi-Lo, compared with ours.
- Short all-ins: PokerKit reopens raising after an all-in for less than a
  full bet or raise, for players who already acted: before the flop over
  limpers, and on later streets after a check (docs/rules.md §6 and TDA 47A
  say it does not). After any short all-in in a round, the raise range is
  not compared for the rest of that round (to call still is); actions are
  picked legal in both engines.
- Odd chips: PokerKit gives a multi-chip odd remainder to one player (the
  rules give one chip each, clockwise from the button). It also kills the
  shown hands that cannot win before it pushes the chips and then merges
  side pots that differed only by those players, so side pots split with
  an odd chip each are split once (the rules award each pot on its own).
  In those hands the final stacks may differ by at most the odd chips.
- Tournament mode: PokerKit rejects a fold when a check is free. The hands
  are cash-game hands and never fold when a check is free.
- Short big blind: PokerKit asks callers for the short amount. Every stack
  covers the big blind with chips to spare.
- Antes: PokerKit posts antes before the big blind. The hands have no antes.
- Straddles: PokerKit's pre-flop minimum raise counts only the minimum bet,
  not the straddle's size (a raise over a 4 straddle with blinds 1/2 to 6,
  not 8). The hands have two blinds and no straddle.
"""

from __future__ import annotations

import random
import warnings
from dataclasses import dataclass

import pytest

pokerkit = pytest.importorskip("pokerkit")

from omaha import PotLimit, Table  # noqa: E402
from omaha.cards import format_cards  # noqa: E402
from omaha.hand import Hand  # noqa: E402
from omaha.pots import PotResult  # noqa: E402

AUTOMATIONS = (
    pokerkit.Automation.ANTE_POSTING,
    pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
    pokerkit.Automation.CARD_BURNING,
    pokerkit.Automation.RUNOUT_COUNT_SELECTION,
    pokerkit.Automation.HAND_KILLING,
    pokerkit.Automation.CHIPS_PUSHING,
    pokerkit.Automation.CHIPS_PULLING,
)
HANDS_PER_BLOCK = 25
BLOCKS = 6  # 150 hands of each game


@dataclass
class Counts:
    steps: int = 0
    ranges_skipped: int = 0
    stacks_within_odd_chips: int = 0
    all_ins: int = 0
    showdowns: int = 0
    side_pots: int = 0
    split_halves: int = 0


def _pk_state(stacks: list[int], blinds: tuple[int, int], game: str = "hi") -> object:
    if game == "hilo":
        # PokerKit's "fixed-limit" Omaha Hi-Lo plays pot-limit (a departure):
        # with both bet sizes at the big blind it is pot-limit Omaha Hi-Lo.
        game_type = pokerkit.FixedLimitOmahaHoldemHighLowSplitEightOrBetter
        return game_type.create_state(
            AUTOMATIONS,
            True,
            0,
            blinds,
            blinds[1],
            blinds[1],
            tuple(stacks),
            len(stacks),
            mode=pokerkit.Mode.CASH_GAME,
        )
    return pokerkit.PotLimitOmahaHoldem.create_state(
        AUTOMATIONS,
        True,
        0,
        blinds,
        blinds[1],
        tuple(stacks),
        len(stacks),
        mode=pokerkit.Mode.CASH_GAME,
    )


def _quiet(fn: object, *args: object) -> object:
    # PokerKit warns when a dealt card is not the one its own shuffled deck
    # would deal; the cards come from our engine's deck on purpose.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return fn(*args)  # type: ignore[operator]


def _pk_range(state: object) -> tuple[int, int] | None:
    lo = state.min_completion_betting_or_raising_to_amount  # type: ignore[attr-defined]
    hi = state.max_completion_betting_or_raising_to_amount  # type: ignore[attr-defined]
    return None if lo is None else (lo, hi)


def _sync_board(hand: Hand, state: object, dealt: list[int]) -> None:
    """Let PokerKit catch up: every hand shown (as in our engine), the board dealt as ours was.

    Showing every hand keeps PokerKit from mucking losers by itself, after
    which it would merge the side pots they were eligible for.
    """
    board = hand.board
    while True:
        if state.can_show_or_muck_hole_cards():  # type: ignore[attr-defined]
            state.show_or_muck_hole_cards(True)  # type: ignore[attr-defined]
        elif dealt[0] < len(board) and state.can_deal_board():  # type: ignore[attr-defined]
            size = 3 if dealt[0] == 0 else 1
            cards = format_cards(board[dealt[0] : dealt[0] + size])
            _quiet(state.deal_board, cards)  # type: ignore[attr-defined]
            dealt[0] += size
        else:
            return


def _choose(
    rng: random.Random, can_check: bool, legal_range: tuple[int, int] | None
) -> tuple[str, int]:
    """Pick an action legal in both engines: a raise in range, a fold (never free), a call."""
    r = rng.random()
    if legal_range is not None and r < 0.35:
        lo, hi = legal_range
        pick = rng.random()
        if pick < 0.3:
            return "raise", lo
        if pick < 0.6:
            return "raise", hi
        return "raise", rng.randint(lo, hi)
    if not can_check and r < 0.5:
        return "fold", 0
    return "call", 0


def play_one(seed: int, counts: Counts, game: str = "hi") -> None:
    rng = random.Random(seed)
    n = rng.randint(2, 9)
    sb, bb = rng.choice([(1, 2), (5, 10), (1, 3), (25, 50)])
    stacks = [
        rng.choice([bb + 1 + rng.randrange(5 * bb), rng.randrange(bb + 1, 300 * bb)])
        for _ in range(n)
    ]
    table = Table(stacks, PotLimit(sb, bb), button=n - 1, game=game)  # type: ignore[arg-type]
    hand = table.deal(seed=seed)  # seat i is PokerKit's player i
    state = _pk_state(stacks, (sb, bb), game)
    for seat in range(n):
        cards = hand.hole_cards[seat]
        assert cards is not None
        _quiet(state.deal_hole, format_cards(cards), seat)  # type: ignore[attr-defined]
    dealt = [0]
    street = hand.street
    last_full = bb  # the last full bet or raise of this round (the big blind pre-flop)
    short_all_in = False  # a short all-in in this round: PokerKit may reopen raising
    while not hand.is_over:
        _sync_board(hand, state, dealt)
        if hand.street != street:
            street, last_full, short_all_in = hand.street, bb, False
        if hand.street == "showdown":
            hand.show()  # everyone shows, in both engines
            continue
        legal = hand.legal_actions()
        counts.steps += 1
        where = f"seed {seed}, {hand!r}, last actions {hand.actions[-6:]}"
        assert state.actor_index == legal.seat, where  # type: ignore[attr-defined]
        assert state.checking_or_calling_amount == legal.to_call, where  # type: ignore[attr-defined]
        ours = None
        if legal.min_raise_to is not None and legal.max_raise_to is not None:
            ours = (legal.min_raise_to, legal.max_raise_to)
        theirs = _pk_range(state)
        if short_all_in:
            counts.ranges_skipped += 1
            both = _intersect(ours, theirs)
        else:
            assert ours == theirs, where
            both = ours
        kind, amount = _choose(rng, legal.can_check, both)
        if kind == "raise":
            increment = amount - max(hand.bets)
            hand.raise_to(amount)
            state.complete_bet_or_raise_to(amount)  # type: ignore[attr-defined]
            if hand.stacks[legal.seat] == 0:
                counts.all_ins += 1
            if increment >= last_full:
                last_full = increment
            else:
                short_all_in = True
        elif kind == "fold":
            hand.fold()
            state.fold()  # type: ignore[attr-defined]
        else:
            hand.call()
            state.check_or_call()  # type: ignore[attr-defined]
    _sync_board(hand, state, dealt)
    assert not state.status, f"seed {seed}: PokerKit's hand is not over"  # type: ignore[attr-defined]
    result = hand.result
    if result.show_order:
        counts.showdowns += 1
    counts.side_pots += len(result.pots) > 1
    counts.split_halves += any(
        p.low_winners and p.low_winners != p.high_winners for p in result.pots
    )
    their_stacks = list(state.stacks)  # type: ignore[attr-defined]
    our_stacks = list(hand.stacks)
    if their_stacks == our_stacks:
        return
    # Only the odd chips may go elsewhere: PokerKit gives a multi-chip odd
    # remainder to one player, and splits once side pots it merged.
    odd = sum(_odd_chips(p) for p in result.pots)
    multi = any(
        len(p.high_winners) >= 3 and p.amount % len(p.high_winners) >= 2 for p in result.pots
    )
    merged = len(result.pots) > 1 and odd > 0
    assert multi or merged, (
        f"seed {seed}: PokerKit {their_stacks}, our_stacks {our_stacks}; {result}"
    )
    assert sum(their_stacks) == sum(our_stacks)
    assert max(abs(a - b) for a, b in zip(their_stacks, our_stacks, strict=True)) <= odd, (
        f"seed {seed}"
    )
    counts.stacks_within_odd_chips += 1


def _odd_chips(pot: PotResult) -> int:
    """The odd chips of a pot: what an even split of each half leaves over."""
    high, low = pot.high_winners, pot.low_winners
    if not low or low == high:
        return pot.amount % len(high)
    low_half = pot.amount // 2
    return pot.amount % 2 + (pot.amount - low_half) % len(high) + low_half % len(low)


def _intersect(a: tuple[int, int] | None, b: tuple[int, int] | None) -> tuple[int, int] | None:
    if a is None or b is None:
        return None
    lo, hi = max(a[0], b[0]), min(a[1], b[1])
    return (lo, hi) if lo <= hi else None


@pytest.mark.parametrize("game", ["hi", "hilo"])
@pytest.mark.parametrize("block", range(BLOCKS))
def test_legal_ranges_and_final_stacks_agree_with_pokerkit(block: int, game: str) -> None:
    counts = Counts()
    for i in range(HANDS_PER_BLOCK):
        play_one(10_000 * block + i, counts, game)
    assert counts.steps > 3 * HANDS_PER_BLOCK
    assert counts.stacks_within_odd_chips <= HANDS_PER_BLOCK // 4


@pytest.mark.parametrize("game", ["hi", "hilo"])
def test_the_generated_hands_cover_all_ins_and_showdowns(game: str) -> None:
    counts = Counts()
    for i in range(60):
        play_one(777_000 + i, counts, game)
    assert counts.all_ins >= 10
    assert counts.showdowns >= 10
    assert counts.side_pots >= 5
    assert counts.ranges_skipped < counts.steps // 4
    if game == "hilo":
        assert counts.split_halves >= 5


def test_pokerkit_is_given_the_same_cards() -> None:
    table = Table([200, 200, 200], PotLimit(1, 2), button=2)
    hand = table.deal(seed=5)
    state = _pk_state([200, 200, 200], (1, 2))
    for seat in range(3):
        _quiet(state.deal_hole, format_cards(hand.hole_cards[seat] or ()), seat)  # type: ignore[attr-defined]
    got = ["".join(repr(c) for c in cards) for cards in state.hole_cards]  # type: ignore[attr-defined]
    assert got == [format_cards(hand.hole_cards[s] or ()) for s in range(3)]
    assert state.max_completion_betting_or_raising_to_amount == 7  # type: ignore[attr-defined]
    assert hand.legal_actions().max_raise_to == 7
