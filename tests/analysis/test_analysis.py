"""omaha.history.to_frame, allin_ev and the statistics, against things this code did not write.

- the column contract, written out here by hand (names, order, Arrow types);
- every hand of every real file (tests/data/hh, and ../shared/data/hh* when
  present): the nets add up to minus the rake exactly, the exact EV nets
  too, and the frame's float EV nets to within 1e-9; put_in and won agree
  with the engine's ledger (the stacks) and its pots;
- the all-in EV of the issue's hand worked by hand (AhAsKhKs v JdTd9c8c:
  667,649 wins, 418,273 losses, 86 ties of 1,086,008 boards), a turn all-in
  counted by outs, a three-way Hi-Lo flop all-in with a side pot and a
  quartered low against a brute force that evaluates every board one by
  one here (omaha.evaluate_hi / evaluate_lo and its own pot split), and
  PokerKit's hand evaluation where it can;
- a hand run once, twice and three times: the same EV;
- the statistics of a small real file counted by hand; a walk, a straddle,
  a limp-raise;
- hypothesis: random hands played at random tables, raked: the sums, the
  implications between the statistics, and the brute force on flop and
  turn all-ins.
"""

from __future__ import annotations

import glob
import itertools
import os
import pathlib
import random
import warnings
from fractions import Fraction
from typing import Any

import pyarrow as pa
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import conformance_corpus as cc
from omaha import PercentRake, PotLimit, Table, evaluate_hi, evaluate_lo, phh
from omaha.cards import parse_cards
from omaha.errors import ArgumentError, ArgumentTypeError, HandSkippedWarning, OmahaError
from omaha.hand import Hand
from omaha.history import allin_ev, to_frame
from omaha.history.allin import known_holes, outcome
from omaha.history.frame import iter_batches, iter_histories
from omaha.history.stats import hand_stats, middle_positions, positions
from paths import DATA
from table_play import check_down, random_action, random_table

OWN = sorted(str(p) for p in (DATA / "hh").rglob("*") if p.is_file())
SHARED = cc.ROOT  # ../shared/data, or OMAHA_SHARED_DATA (CI runs the sdist's tests elsewhere)
SHARED_FILES = sorted(
    p
    for p in glob.glob(str(SHARED / "hh*" / "**" / "*"), recursive=True)
    if os.path.isfile(p) and not p.endswith(".md")
)

CONTRACT = [
    ("site", pa.string()),
    ("hand", pa.string()),
    ("time", pa.timestamp("s")),
    ("table", pa.string()),
    ("game", pa.string()),
    ("hole_count", pa.int8()),
    ("structure", pa.string()),
    ("currency", pa.string()),
    ("unit", pa.decimal128(38, 18)),
    ("small_blind", pa.int64()),
    ("big_blind", pa.int64()),
    ("player", pa.string()),
    ("seat", pa.int16()),
    ("position", pa.string()),
    ("hole", pa.string()),
    ("board", pa.string()),
    ("put_in", pa.int64()),
    ("won", pa.int64()),
    ("net", pa.int64()),
    ("rake", pa.int64()),
    ("house", pa.int64()),
    ("vpip", pa.bool_()),
    ("pfr", pa.bool_()),
    ("three_bet", pa.bool_()),
    ("saw_flop", pa.bool_()),
    ("went_to_showdown", pa.bool_()),
    ("won_at_showdown", pa.bool_()),
    ("allin_street", pa.string()),
    ("allin_equity", pa.float64()),
    ("allin_ev_net", pa.float64()),
]


def _hand(text: str) -> phh.HandHistory:
    return phh.loads(text, name="test.phh")


def _replays(paths: list[str]) -> list[phh.Replay]:
    """Every hand of the files that reads and replays (the others are the readers' business)."""
    out = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", HandSkippedWarning)
        for history in iter_histories(paths, lenient=True):
            try:
                out.append(phh.replay(history))
            except OmahaError:
                continue
    return out


# ------------------------------------------------------------------ brute force


def _ours(hole: tuple[int, ...], board: tuple[int, ...], hilo: bool) -> tuple[Any, Any]:
    """This library's values of a hand: (high strength, low strength or None)."""
    low = evaluate_lo(hole, board) if hilo else None
    return evaluate_hi(hole, board).strength, None if low is None else low.strength


def _pokerkit(hole: tuple[int, ...], board: tuple[int, ...], hilo: bool) -> tuple[Any, Any]:
    """PokerKit's hands (they compare by strength), the low None when none qualifies."""
    import pokerkit

    from omaha.cards import format_cards

    h, b = format_cards(hole), format_cards(board)
    low = None
    if hilo:
        try:
            low = pokerkit.OmahaEightOrBetterLowHand.from_game(h, b)
        except ValueError:
            low = None
    return pokerkit.OmahaHoldemHand.from_game(h, b), low


def _brute_expected(hand: Hand, value: Any = _ours) -> list[Fraction]:
    """Each seat's expected chips, evaluating every remaining board one by one here.

    ``value(hole, board, hilo)`` gives a hand's (high, low) values, larger
    stronger, the low None when it does not qualify; the pot split (halves,
    ties, a quartered low) is worked here, apart from the library's.
    """
    result = hand.result
    known = known_holes(hand)
    from omaha.history.allin import allin_point

    cards = allin_point(hand)
    assert cards is not None
    board = result.board[:cards]
    used = set(board) | {c for h in known.values() for c in h}
    deck = [c for c in range(52) if c not in used]
    hilo = hand.table.game == "hilo"
    n = len(result.net)
    totals = [Fraction(0)] * n
    count = 0
    for rest in itertools.combinations(deck, 5 - cards):
        full = tuple(board) + rest
        count += 1
        values = {s: value(h, full, hilo) for s, h in known.items()}
        for pot in result.pots:
            if len(pot.eligible) == 1:
                totals[pot.eligible[0]] += pot.amount
                continue
            best = max(values[s][0] for s in pot.eligible)
            highs = [s for s in pot.eligible if values[s][0] == best]
            lows_of = {s: values[s][1] for s in pot.eligible if values[s][1] is not None}
            if lows_of:
                best_low = max(lows_of.values())
                lows = [s for s, v in lows_of.items() if v == best_low]
                for s in highs:
                    totals[s] += Fraction(pot.amount, 2 * len(highs))
                for s in lows:
                    totals[s] += Fraction(pot.amount, 2 * len(lows))
            else:
                for s in highs:
                    totals[s] += Fraction(pot.amount, len(highs))
    return [t / count for t in totals]


# ------------------------------------------------------------------ the contract


def test_the_column_contract_names_order_and_types() -> None:
    frame = to_frame(OWN[0])
    assert [(f.name, f.type) for f in frame.schema] == CONTRACT
    empty = to_frame([])
    assert [(f.name, f.type) for f in empty.schema] == CONTRACT
    assert empty.num_rows == 0


def test_sources_paths_globs_histories_and_bad_ones(tmp_path: pathlib.Path) -> None:
    path = DATA / "hh" / "winamax" / "own_winamax_plo.txt"
    by_path = to_frame(path)
    by_glob = to_frame(str(DATA / "hh" / "winamax" / "*.txt"))
    from omaha import history

    by_history = to_frame(history.read(path))
    assert by_path.equals(by_glob) and by_path.equals(by_history)
    assert by_path.num_rows == 14
    phh_file = DATA / "phh" / "wsop-2023-43-day5-hand12.phh"
    assert to_frame(phh_file).num_rows == len(phh.read(phh_file)[0].starting_stacks)
    with pytest.raises(ArgumentError, match=r"no file matches 'nowhere/\*\.txt'"):
        to_frame("nowhere/*.txt")
    with pytest.raises(ArgumentTypeError, match="42"):
        to_frame([42])  # type: ignore[list-item]
    bad = tmp_path / "bad.txt"
    bad.write_text("not a hand history\n")
    with pytest.raises(OmahaError, match=r"bad\.txt"):
        to_frame(bad)
    skipped: list[OmahaError] = []
    assert to_frame([bad, path], lenient=True, on_skip=skipped.append).num_rows == 14
    assert len(skipped) == 1 and "bad.txt" in str(skipped[0])


def test_batches_are_bounded_and_hands_are_never_split() -> None:
    batches = list(iter_batches(OWN, lenient=True, batch_rows=5))
    assert all(b.num_rows <= 5 + 9 for b in batches)
    table = pa.Table.from_batches(batches)
    assert table.equals(to_frame(OWN, lenient=True))
    where: dict[tuple[str, str], set[int]] = {}
    for i, b in enumerate(batches):
        sites, hands = b.column("site").to_pylist(), b.column("hand").to_pylist()
        for site, hand in zip(sites, hands, strict=True):
            where.setdefault((site, hand), set()).add(i)
    assert all(len(batch) == 1 for batch in where.values())
    with pytest.raises(ArgumentError, match="batch_rows"):
        next(iter_batches(OWN, batch_rows=0))


# ------------------------------------------------------------------ real files


def _check_real(paths: list[str]) -> int:
    replays = _replays(paths)
    assert replays
    for r in replays:
        hand = r.hand
        result = hand.result
        ev = allin_ev(r)
        house = hand.house  # the house's money (§4.12): a GGPoker Cash Drop
        assert sum(result.net) == house - result.rake
        assert sum(ev.net) == house - result.rake, r.history.name
        out = outcome(hand)
        for s in hand.layout.order:
            assert out.won[s] == result.winnings.get(s, 0)
            assert out.net[s] == result.stacks[s] - result.starting_stacks[s]
            assert out.put_in[s] >= 0
        assert sum(out.put_in) + house == sum(p.amount + p.rake for p in result.pots)
        rows = to_frame([r.history])
        assert rows["net"].to_pylist() == [out.net[s] for s in hand.layout.order]
        assert sum(rows["rake"].to_pylist()) == result.rake
        assert sum(rows["house"].to_pylist()) == house
        ev_sum = sum(rows["allin_ev_net"].to_pylist())
        assert abs(ev_sum + result.rake - house) <= 1e-9 * max(1, sum(out.put_in))
    return len(replays)


def test_every_hand_of_the_shipped_files_adds_up() -> None:
    from omaha import history

    assert _check_real(OWN) == sum(len(history.read(p)) for p in OWN)  # every hand of them


@pytest.mark.skipif(not SHARED_FILES, reason="../shared/data/hh* is absent")
def test_every_hand_of_the_shared_files_adds_up() -> None:
    assert _check_real(SHARED_FILES) >= 20


def test_the_statistics_of_a_small_real_file_counted_by_hand() -> None:
    frame = to_frame(DATA / "hh" / "winamax" / "own_winamax_plo.txt")
    keys = ["position", "vpip", "pfr", "three_bet", "saw_flop", "went_to_showdown"]
    got = {(r["hand"][-4:], r["player"]): tuple(r[k] for k in [*keys, "won_at_showdown"])
           for r in frame.to_pylist()}  # fmt: skip
    T, F, N = True, False, None
    assert got == {
        # 2/4: Emile posts a big blind out of position and checks; Bruno opens,
        # Chloe folds to the one raise (no 3-bet), Hero 3-bets, the others fold.
        ("0001", "Chloe"): ("SB", F, F, F, F, F, F),
        ("0001", "Hero"): ("BB", T, T, T, F, F, F),
        ("0001", "Emile"): ("UTG", F, F, N, F, F, F),
        ("0001", "Adele"): ("CO", F, F, N, F, F, F),
        ("0001", "Bruno"): ("BTN", T, T, N, F, F, F),
        # 0.50/1: Bruno opens, Chloe and Hero call, Emile folds; Bruno all-in on
        # the flop, called twice; Chloe folds the turn; Bruno wins at showdown
        # (Hero's turn bet is uncalled: returned, not won).
        ("0101", "Hero"): ("SB", T, F, F, T, T, F),
        ("0101", "Emile"): ("BB", F, F, F, F, F, F),
        ("0101", "Adele"): ("UTG", F, F, N, F, F, F),
        ("0101", "Bruno"): ("CO", T, T, N, T, T, T),
        ("0101", "Chloe"): ("BTN", T, F, F, T, F, F),
        # tournament: Ben opens, Cid and Dan fold to it, Ana calls and folds the flop.
        ("2000", "Dan"): ("SB", F, F, F, F, F, F),
        ("2000", "Ana"): ("BB", T, F, F, T, F, F),
        ("2000", "Ben"): ("UTG", T, T, N, T, F, F),
        ("2000", "Cid"): ("BTN", F, F, F, F, F, F),
    }
    hand = {r["player"]: r for r in frame.to_pylist() if r["hand"].endswith("0101")}
    # Betting ends on the turn (Chloe folds) with Bruno all-in: 38 unseen cards, one to come.
    assert hand["Bruno"]["allin_street"] == "turn" and hand["Chloe"]["allin_street"] is None
    assert hand["Bruno"]["rake"] == 20 and hand["Hero"]["rake"] == 0


# ------------------------------------------------------------------ all-in EV worked by hand

HEADS_UP = """
variant = "NO"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [102.5, 102.5]
actions = ["d dh p1 AhAsKhKs", "d dh p2 JdTd9c8c", "p2 cbr 102.5", "p1 cc",
           "d db 2c3d4h", "d db 5s", "d db 7h", "p2 sm JdTd9c8c", "p1 sm AhAsKhKs"]
_rake = 5
"""


def test_the_issue_heads_up_preflop_all_in() -> None:
    """Pot of 205 raked 5: AA wins 667,649 boards, loses 418,273, ties 86 of 1,086,008."""
    ev = allin_ev(_hand(HEADS_UP))  # chips of 0.1
    share = Fraction(667_649 * 2 + 86, 2 * 1_086_008)
    assert ev.street == "preflop" and ev.exact
    assert ev.expected == (2000 * share, 2000 * (1 - share))
    assert ev.net == (2000 * share - 1025, 2000 * (1 - share) - 1025)
    assert ev.equity == (share, 1 - share)
    assert sum(ev.net) == -50
    rows = to_frame([_hand(HEADS_UP)]).to_pylist()
    assert rows[0]["allin_ev_net"] == pytest.approx(float(2000 * share - 1025), abs=1e-12)
    assert [r["allin_street"] for r in rows] == ["preflop", "preflop"]


TURN = """
variant = "NO"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [50, 50]
actions = ["d dh p1 AhKh7c7d", "d dh p2 QsQdJcTc", "p2 cbr 6", "p1 cc",
           "d db Qh8h2s", "p1 cc", "p2 cc", "d db 3c", "p1 cbr 20", "p2 cbr 44", "p1 cc",
           "d db 4d", "p2 sm QsQdJcTc", "p1 sm AhKh7c7d"]
"""


def test_a_turn_all_in_counted_by_outs() -> None:
    """Set of queens against the nut-flush draw on Qh8h2s3c: 40 unseen, 9 hearts for p1.

    The river 4h, 5h, 6h, 7h, 9h, Th, Jh (7 hearts) give p1 the ace-high flush;
    the 3h and 2h would pair the board, giving p2 a full house (p2 holds Qs Qd
    with Qh 8h 2s 3c on board: Qh-3h or 2h make queens full). So p1 wins 7 of 40.
    """
    ev = allin_ev(_hand(TURN))
    assert ev.street == "turn"
    assert ev.expected == (Fraction(100 * 7, 40), Fraction(100 * 33, 40))
    assert ev.net == (Fraction(700, 40) - 50, Fraction(3300, 40) - 50)


THREE_WAY = """
variant = "NO/8"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [30, 100, 100]
actions = ["d dh p1 As2s9d9c", "d dh p2 Ah2hKcKd", "d dh p3 QsJsTs3d", "p3 cbr 6", "p1 cc",
           "p2 cc", "d db 4c5d8h", "p1 cbr 24", "p2 cbr 94", "p3 cc", "p1 sm As2s9d9c",
           "p2 sm Ah2hKcKd", "p3 sm QsJsTs3d", "d db Kh", "d db Qd"]
_rake = 3
"""


def test_a_three_way_hilo_flop_all_in_with_a_side_pot_and_a_quartered_low() -> None:
    history = _hand(THREE_WAY)
    r = phh.replay(history)
    result = r.hand.result
    # p1 all-in for 30: a main pot of 90, a side pot of 2 x 70 between p2 and p3.
    assert [(p.amount + p.rake, p.eligible) for p in result.pots] == [
        (90, (0, 1, 2)),
        (140, (1, 2)),
    ]
    assert [p.rake for p in result.pots] == [1, 2]  # the rake of 3, by the pots' sizes
    ev = allin_ev(history)
    assert ev.street == "flop" and ev.exact and ev.contesting == (0, 1, 2)
    assert list(ev.expected) == _brute_expected(r.hand)
    assert sum(ev.net) == -3
    # By hand: 37 unseen cards, C(37, 2) = 666 turn-river pairs. p3 has one low
    # card, so never a low; p1 and p2 hold the same A-2, so every low is shared:
    # each takes a quarter of the main pot on the boards with a low, and their
    # highs differ only by the nines and kings (one-card hands are the straights).
    flop = result.board[:3]
    unseen = [c for c in range(52) if c not in {*flop, *parse_cards("As2s9d9cAh2hKcKdQsJsTs3d")}]
    boards = list(itertools.combinations(unseen, 2))
    assert len(boards) == 666
    low_boards = sum(evaluate_lo("As2s9d9c", (*flop, *rest)) is not None for rest in boards)
    assert low_boards == sum(evaluate_lo("Ah2hKcKd", (*flop, *rest)) is not None for rest in boards)
    quarter = Fraction(result.pots[0].amount, 4) * Fraction(low_boards, 666)
    high_p1 = (
        sum(
            Fraction(result.pots[0].amount, 2 if evaluate_lo("As2s9d9c", (*flop, *rest)) else 1)
            * _high_share(0, (*flop, *rest))
            for rest in boards
        )
        / 666
    )
    assert ev.expected[0] == quarter + high_p1


def _high_share(seat: int, board: tuple[int, ...]) -> Fraction:
    holes = ["As2s9d9c", "Ah2hKcKd", "QsJsTs3d"]
    values = [evaluate_hi(h, board).strength for h in holes]
    best = max(values)
    return Fraction(1, values.count(best)) if values[seat] == best else Fraction(0)


def _run_n(times: int) -> phh.HandHistory:
    boards = ["7d3c", "6hJh", "Tc9h"][: times - 1]
    text = THREE_WAY.replace(', "d db Kh", "d db Qd"]', ', "d db Kh", "d db Qd"]')
    if boards:
        text += "_run_boards = [" + ", ".join(f'"{b}"' for b in boards) + "]\n"
    return _hand(text)


@pytest.mark.parametrize("times", [2, 3])
def test_a_hand_run_more_than_once_has_the_ev_of_one_run(times: int) -> None:
    once = allin_ev(_run_n(1))
    many = allin_ev(_run_n(times))
    assert phh.replay(_run_n(times)).hand.runs == times
    assert many.expected == once.expected and many.net == once.net
    assert many.equity == once.equity
    assert to_frame([_run_n(times)])["board"][0].as_py().count("|") == times - 1


def test_unknown_cards_of_an_eligible_player_fall_back_to_the_net() -> None:
    """p2's cards are never known (a muck allowed all-in, the house option): no exact EV."""
    text = HEADS_UP.replace('"d dh p2 JdTd9c8c"', '"d dh p2 ????????"').replace(
        '"p2 sm JdTd9c8c", "p1 sm AhAsKhKs"]', '"p2 sm", "p1 sm AhAsKhKs"]\n_all_in_muck = true'
    )
    history = _hand(text)
    ev = allin_ev(history)
    net = phh.replay(history).hand.result.net
    assert not ev.exact and ev.street == "preflop"
    assert ev.net == tuple(Fraction(n) for n in net) and ev.equity == (None, None)
    rows = to_frame([history]).to_pylist()
    assert [r["allin_ev_net"] for r in rows] == [float(n) for n in net]
    assert [r["allin_equity"] for r in rows] == [None, None]
    assert [r["hole"] for r in rows] == ["AhAsKhKs", None]


def test_unknown_cards_of_a_folded_player_change_nothing() -> None:
    text = THREE_WAY.replace("[30, 100, 100]", "[30, 100, 100, 50]").replace(
        '"d dh p3 QsJsTs3d", "p3 cbr 6"',
        '"d dh p3 QsJsTs3d", "d dh p4 ????????", "p3 cbr 6", "p4 f"',
    )
    text = text.replace("antes = [0, 0, 0]", "antes = [0, 0, 0, 0]").replace(
        "blinds_or_straddles = [1, 2, 0]", "blinds_or_straddles = [1, 2, 0, 0]"
    )
    ev = allin_ev(_hand(text))
    assert ev.exact and ev.expected[:3] == allin_ev(_hand(THREE_WAY)).expected
    assert ev.equity[3] is None and ev.net[3] == 0


def test_allin_ev_takes_histories_replays_and_hands_only() -> None:
    history = _hand(HEADS_UP)
    assert allin_ev(history) == allin_ev(phh.replay(history)) == allin_ev(phh.replay(history).hand)
    with pytest.raises(ArgumentTypeError, match="'AhAs'"):
        allin_ev("AhAs")  # type: ignore[arg-type]


def test_the_turn_all_in_against_pokerkit_board_by_board() -> None:
    pytest.importorskip("pokerkit")
    history = _hand(TURN)
    assert list(allin_ev(history).expected) == _brute_expected(phh.replay(history).hand, _pokerkit)


@pytest.mark.slow
def test_the_three_way_hilo_all_in_against_pokerkit_board_by_board() -> None:
    """666 boards, each hand's high and low by PokerKit's Omaha evaluators (a few seconds)."""
    pytest.importorskip("pokerkit")
    history = _hand(THREE_WAY)
    want = _brute_expected(phh.replay(history).hand, _pokerkit)
    assert list(allin_ev(history).expected) == want


def test_pokerkit_agrees_on_the_winner_of_each_board_sampled() -> None:
    """PokerKit's Omaha evaluator gives the same high hands on boards of the side pot."""
    pokerkit = pytest.importorskip("pokerkit")
    hole_a, hole_b = "Ah2hKcKd", "QsJsTs3d"
    flop = "4c5d8h"
    rng = random.Random(5)
    used = set(parse_cards(hole_a + hole_b + flop))
    deck = [c for c in range(52) if c not in used]
    from omaha.cards import format_cards

    for _ in range(40):
        rest = rng.sample(deck, 2)
        board = flop + format_cards(rest)
        ours = evaluate_hi(hole_a, board).strength - evaluate_hi(hole_b, board).strength
        a = pokerkit.OmahaHoldemHand.from_game(hole_a, board)
        b = pokerkit.OmahaHoldemHand.from_game(hole_b, board)
        theirs = (a > b) - (a < b)
        assert (ours > 0) - (ours < 0) == theirs


# ------------------------------------------------------------------ statistics edge cases


def _play(stacks: list[int], script: list[str], **deal: Any) -> Hand:
    """Deal at a pot-limit 1/2 table (seat i is p(i+1), the button last), play, check down."""
    table = Table(stacks, PotLimit(1, 2), button=len(stacks) - 1)
    hand = table.deal(seed=3, **deal)
    for line in script:
        seat_text, verb, *amount = line.split()
        seat = int(seat_text[1:]) - 1
        if verb == "f":
            hand.fold(seat)
        elif verb == "c":
            hand.call(seat)
        elif verb == "x":
            hand.check(seat)
        else:
            hand.raise_to(int(amount[0]), seat)
    check_down(hand)
    return hand


def test_a_walk_is_no_vpip_for_the_big_blind() -> None:
    hand = _play([100, 100, 100, 100], ["p3 f", "p4 f", "p1 f"])
    s = hand_stats(hand)
    assert not s[1].vpip and not s[1].pfr and s[1].three_bet is None
    assert not any(x.saw_flop or x.went_to_showdown for x in s.values())
    assert positions(hand) == {0: "SB", 1: "BB", 2: "UTG", 3: "BTN"}


def test_a_straddle_is_no_raise_and_the_first_raise_over_it_is_no_three_bet() -> None:
    hand = _play([100] * 5, ["p4 cbr 12", "p5 f", "p1 f", "p2 f", "p3 c"], straddles={2: 4})
    s = hand_stats(hand)
    assert s[2].vpip and not s[2].pfr and s[2].three_bet is False
    assert s[3].pfr and s[3].three_bet is None  # the open raise over the straddle
    assert s[4].three_bet is False and s[0].three_bet is False


def test_a_straddle_that_checks_its_option_put_nothing_in_voluntarily() -> None:
    hand = _play([100] * 4, ["p4 c", "p1 c", "p2 c", "p3 x"], straddles={2: 4})
    s = hand_stats(hand)
    assert not s[2].vpip and s[3].vpip and s[0].vpip and s[1].vpip


def test_a_limp_raise_is_a_three_bet() -> None:
    hand = _play([100] * 4, ["p3 c", "p4 cbr 7", "p1 f", "p2 f", "p3 cbr 24", "p4 f"])
    s = hand_stats(hand)
    assert s[2].vpip and s[2].pfr and s[2].three_bet is True
    assert s[3].pfr and s[3].three_bet is None


def test_middle_position_names() -> None:
    assert [middle_positions(k) for k in range(6)] == [
        [],
        ["UTG"],
        ["UTG", "CO"],
        ["UTG", "HJ", "CO"],
        ["UTG", "LJ", "HJ", "CO"],
        ["UTG", "UTG+1", "LJ", "HJ", "CO"],
    ]


# ------------------------------------------------------------------ properties


def _random_hand(seed: int) -> Hand:
    rng = random.Random(seed)
    base = random_table(rng)
    table = Table(
        list(base.stacks),
        base.structure,
        button=base.button,
        game=base.game,
        hole_count=base.hole_count,
        rake=PercentRake("5%", cap=rng.choice((3, 10, 1000)), no_flop_no_drop=rng.random() < 0.5),
    )
    hand = table.deal(seed=rng.randrange(2**32))
    while not hand.is_over:
        random_action(hand, rng)
    return hand


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1))
def test_random_hands_add_up_and_the_statistics_hold_together(seed: int) -> None:
    hand = _random_hand(seed)
    result = hand.result
    ev = allin_ev(hand)
    assert sum(ev.net) == -result.rake == sum(result.net)
    for s, x in hand_stats(hand).items():
        assert not x.pfr or x.vpip
        assert x.three_bet is not True or x.pfr
        assert not x.won_at_showdown or x.went_to_showdown
        assert not x.went_to_showdown or x.saw_flop or not hand.board
        assert not x.went_to_showdown or s not in hand.folded
    if ev.exact:
        assert all(e is None or 0 <= e <= 1 for e in ev.equity)
        if ev.street in ("flop", "turn"):
            assert list(ev.expected) == _brute_expected(hand)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1))
def test_random_hands_recorded_as_phh_make_the_rows_of_the_engine(seed: int) -> None:
    """A random hand, recorded as PHH and read by to_frame: its rows are the engine's figures."""
    hand = _random_hand(seed)
    history = phh.HandHistory.from_hand(hand)
    rows = to_frame([history]).to_pylist()
    replayed = phh.replay(history).hand
    out = outcome(replayed)
    assert [r["net"] for r in rows] == [out.net[s] for s in replayed.layout.order]
    assert [r["put_in"] for r in rows] == [out.put_in[s] for s in replayed.layout.order]
    assert sum(r["net"] for r in rows) == -sum(r["rake"] for r in rows)
    ev = allin_ev(replayed)
    for r, s in zip(rows, replayed.layout.order, strict=True):
        assert r["allin_ev_net"] == float(ev.net[s])
        assert (r["allin_street"] is None) == (s not in ev.contesting)


def test_a_block_of_hands_is_read_alone_with_the_file_line_numbers(tmp_path: pathlib.Path) -> None:
    from omaha import history
    from omaha.errors import HistoryError
    from omaha.history.frame import count_hands, iter_block

    source = DATA / "hh" / "winamax" / "own_winamax_plo.txt"
    text = source.read_text(encoding="utf-8")
    assert count_hands(source) == 3
    whole = history.read(source)
    assert list(iter_block(source, 1, 3)) == whole[1:]
    assert list(iter_block(source, 2, 9)) == whole[2:] and list(iter_block(source, 3, 3)) == []
    bad = tmp_path / "bad.txt"
    bad.write_text(text.replace("Ben raises 500 to 700", "Ben sings 500"), encoding="utf-8")
    with pytest.raises(HistoryError) as full:
        history.read(bad)
    with pytest.raises(HistoryError) as alone:
        list(iter_block(bad, 2, 3))
    assert str(alone.value) == str(full.value) and "line" in str(full.value)
    assert list(iter_block(bad, 0, 2)) == whole[:2]
    with pytest.raises(ArgumentError, match="-1"):
        list(iter_block(source, -1, 2))
    phh_file = DATA / "phh" / "wsop-2023-43-day5-hand12.phh"
    assert count_hands(phh_file) is None and len(list(iter_block(phh_file, 0, 5))) == 1


_NOLOW = DATA / "hh" / "pokerstars" / "stars_plo8_cash_0.05-0.10_allin_nolow.txt"


def test_a_real_pokerstars_turn_all_in_counted_by_hand() -> None:
    """PokerStars 109707013172 (Hi-Lo, $0.05/$0.10): all-in on the turn Jh Td 8c 9c.

    Player4 (3s9dKdQs) has the king-high straight; Player5 (QcQh9hTs) the
    queen-high one. Of the 40 unseen rivers, 9s, Tc and Th fill Player5 up
    (a full house), the three kings give him the same king-high straight (a
    split), the other 34 lose; no river makes a low (one low card on the
    board). The pot after the rake is 17.06: Player4 expects 17.06 x (34 +
    1.5) / 40 of it, Player5 17.06 x 4.5 / 40; each put in 8.86.
    Preflop nobody raised: the small blind completes (VPIP), the big blind
    checks (no VPIP), Player5 limps; no 3-bet chance for anyone.
    """
    frame = to_frame(_NOLOW)
    rows = {r["player"]: r for r in frame.to_pylist()}
    p4, p5 = rows["Player4"], rows["Player5"]
    assert (p4["put_in"], p4["won"], p4["rake"], p5["put_in"]) == (886, 1706, 76, 886)
    assert p4["allin_street"] == p5["allin_street"] == "turn"
    assert p4["allin_equity"] == 35.5 / 40 and p5["allin_equity"] == 4.5 / 40
    assert p4["allin_ev_net"] == pytest.approx(1706 * 35.5 / 40 - 886, abs=1e-9)
    assert p5["allin_ev_net"] == pytest.approx(1706 * 4.5 / 40 - 886, abs=1e-9)
    (history,) = iter_histories([_NOLOW])
    seat = history.players.index("Player4")
    assert allin_ev(history).net[seat] == Fraction(1706 * 71 - 886 * 80, 80)
    stats = {
        name: (r["position"], r["vpip"], r["pfr"], r["three_bet"], r["saw_flop"],
               r["went_to_showdown"], r["won_at_showdown"])
        for name, r in rows.items()
    }  # fmt: skip
    assert stats == {
        "Player3": ("SB", True, False, None, True, False, False),
        "Player4": ("BB", False, False, None, True, True, True),
        "Player5": ("UTG", True, False, None, True, True, False),
        "Player1": ("CO", False, False, None, False, False, False),
        "Player2": ("BTN", False, False, None, False, False, False),
    }
