"""888poker, the Winning Poker Network (Americas Cardroom) and Bovada/Ignition: the new readers.

The hands of ``tests/data/hh/pacific``, ``winning`` and ``bovada`` were
written for these tests after the public descriptions of each format
(fpdb-3's PacificPoker, Winning and Bovada parsers, HHSmithy's, and the
real files of ``../shared/data/hh_more``); every amount was worked by hand
as the site prints it, and each test below states the expected result
worked out by hand (stacks in the file's units: cents, or chips).
"""

from __future__ import annotations

import decimal
import pathlib
import re

import pytest

import paths
from omaha import phh
from omaha.errors import HistoryError, OmahaError
from omaha.history import detect, parse, read
from omaha.history.pacific import local_cards, money_text

D = decimal.Decimal
DATA = paths.DATA / "hh"
PACIFIC = DATA / "pacific" / "own_888_plo.txt"
ACR = DATA / "winning" / "own_winning_acr.txt"
WPN_OLD = DATA / "winning" / "own_winning_old.txt"
BOVADA = DATA / "bovada" / "own_bovada_plo.txt"
BOVADA_SIDE = DATA / "bovada" / "own_bovada_side_pots.txt"
BOVADA_SEATS = DATA / "bovada" / "own_bovada_tournament_seats.txt"
FILES = [PACIFIC, ACR, WPN_OLD, BOVADA, BOVADA_SIDE, BOVADA_SEATS]


def hand(path: pathlib.Path, number: str) -> phh.HandHistory:
    (found,) = [h for h in read(path) if h.fields["hand"] == number]
    return found


def chunks(path: pathlib.Path) -> list[str]:
    """Each hand's text, from its first line (888poker's ``#Game No`` line included)."""
    text = path.read_text(encoding="utf-8")
    return [c.strip() + "\n" for c in re.split(r"\n\s*\n(?=#Game No|(?:\S+ )?Hand #|Game )", text)]


def text_of(path: pathlib.Path, number: str) -> str:
    (found,) = [c for c in chunks(path) if number in c.splitlines()[0] + c.splitlines()[1]]
    return found


def stacks(h: phh.HandHistory) -> dict[str, D]:
    r = phh.replay(h)  # every amount the file states is checked
    assert r.complete
    return dict(zip(h.fields["players"], (D(s) for s in h.fields["finishing_stacks"]), strict=True))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_hand_replays_to_the_cent(path: pathlib.Path) -> None:
    hands = read(path)
    assert len(hands) == len(chunks(path))
    for h in hands:
        assert phh.replay(h).complete


# ------------------------------------------------------------ 888poker


def test_888_dutch_amounts_and_cards_uncalled_bet_returned_without_a_line() -> None:
    # $ 1.250,50 is 1,250.50 dollars; Hs Hd is the king of spades and diamonds,
    # Vd the queen, Bc the jack. Hero's $20 turn bet nobody calls comes back
    # (no line says so) and the $35 pot pays $34.20: a rake of $0.80.
    h = hand(PACIFIC, "900000001")
    assert h.fields["venue"] == "888poker" and h.fields["currency"] == "USD"
    assert h.fields["starting_stacks"] == [200, D("310.25"), D("1250.5")]
    assert "d dh p2 KsKd9c8c" in h.fields["actions"] and "d db Qd7c2s" in h.fields["actions"]
    assert stacks(h) == {"Bram": 199, "Hero": D("327.45"), "Anna": D("1233.5")}
    assert phh.replay(h).hand.result.rake == 80


def test_888_hi_lo_quartered_pot() -> None:
    # $12 pot, $0.60 rake: Eve's four kings take the high half ($5.70), Dan and
    # Cleo's equal 8-5-3-2-A lows a quarter each ($2.85).
    h = hand(PACIFIC, "900000002")
    assert h.fields["variant"] == "PO/8"
    (pot,) = phh.replay(h).hand.result.pots
    assert pot.payouts == {1: 570, 0: 285, 2: 285}
    assert stacks(h)["Eve"] == D("1021.70")


def test_888_cassava_side_pot_and_the_uncalled_bet_collected_back() -> None:
    # Cassava (2012) counts the uncalled $65 in Gus's collect: it goes back to
    # him, and Hal (all in for $60) takes the $180 main pot, Finn the $180 side pot.
    h = hand(PACIFIC, "900000003")
    assert h.fields["_uncalled"] == [65, 0, 0]
    assert stacks(h) == {"Gus": 250, "Hal": 180, "Finn": 180}
    pots = phh.replay(h).hand.result.pots
    assert [(p.amount, p.payouts) for p in pots] == [
        (180, {1: 180}),
        (180, {2: 180}),
    ]  # whole dollars


def test_888_tournament_with_antes() -> None:
    h = hand(PACIFIC, "900000004")
    assert h.fields["_tournament"] == "70000001" and h.fields.get("currency") is None
    assert h.fields["antes"] == [25, 25, 25]
    assert stacks(h) == {"Kai": 8085, "Ivy": 2500, "Jon": 5125}


def test_888_swedish_amounts_and_cards() -> None:
    # 6 497,50 $ and Kn (knekt: jack), D (dam: queen), E (ess: ace).
    h = hand(PACIFIC, "900000005")
    assert h.fields["starting_stacks"] == [D("6497.5"), 5000]
    assert "d dh p1 AcJh9h9c" in h.fields["actions"] and "d db Qd" in h.fields["actions"]
    assert stacks(h) == {"Hero": D("9871.5"), "Lea": 1625}


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("$ 3.243", "3243"),
        ("$ 552,72", "552.72"),
        ("10,00 €", "10"),
        ("$1.234,56", "1234.56"),
        ("$1,234.56", "1234.56"),
        ("15\u00a0788,50 $", "15788.50"),
        ("2 250 $", "2250"),
        ("$0.5", "0.5"),
    ],
)
def test_888_amounts_in_every_language(text: str, value: str) -> None:
    assert money_text(text) == D(value)


@pytest.mark.parametrize("text", ["$", "$ 1.23.4", "1,2345.6", "abc"])
def test_888_text_that_is_no_amount(text: str) -> None:
    with pytest.raises(ValueError, match="no amount"):
        money_text(text)


def test_888_local_card_letters() -> None:
    assert local_cards("Hc, Vs, Bh, Kns, Ec, Dd, 10d") == "Kc Qs Jh Js Ac Qd Td"


# ------------------------------------------------------------ Winning Poker Network


def test_winning_uncalled_bet_rake_and_jackpot_fee() -> None:
    # Total pot $55.40 is after the rake ($0.55) and the jackpot fee ($0.05).
    h = hand(ACR, "900100001")
    assert h.fields["venue"] == "Winning Poker Network"
    assert h.fields["_sitting_out"] == ["Dee"]
    assert stacks(h) == {"Hero": D("92.5"), "Ann": 99, "Ben": D("113.40")}
    assert phh.replay(h).hand.result.rake == 60


def test_winning_hi_lo_quartered_raises_as_chips_put_in() -> None:
    h = hand(ACR, "900100002")
    (pot,) = phh.replay(h).hand.result.pots
    assert pot.payouts == {1: 1290, 0: 430}  # Hero: high and a quarter; Ben: a quarter
    assert stacks(h)["Hero"] == D("106.90")


def test_winning_tournament_antes_side_pot_and_the_card_drawn_for_the_button() -> None:
    # ``Dealt to Ann [Kh]`` before the antes draws for the button: no hole cards.
    h = hand(ACR, "900100003")
    assert h.fields["antes"] == [10, 10, 10]
    assert "d dh p3 AcAdKhKs" in h.fields["actions"]
    assert stacks(h) == {"Ben": 0, "Cy": 1200, "Ann": 3000}


def test_winning_old_format_fixed_limit_hi_lo_split() -> None:
    # ``20/40`` with a big blind of 20: fixed limit with $20/$40 bets.
    h = hand(WPN_OLD, "900100004")
    assert h.fields["variant"] == "FO/8"
    assert (h.fields["small_bet"], h.fields["big_bet"]) == (20, 40)
    assert stacks(h) == {"Ann": 360, "Ben": 320, "Hero": D("519.5")}


def test_winning_old_format_cap_table() -> None:
    # ``caps (265)``: Hero reaches the table's cap, 300 in the hand (docs/rules.md
    # §6.4); Ben calls to it; both are capped and the board runs out.
    h = hand(WPN_OLD, "900100005")
    assert h.fields["_hand_cap"] == 300
    assert stacks(h) == {"Ann": 1195, "Ben": 1302, "Hero": 600}


def test_winning_all_in_protection_disconnected_player_plays_on_for_what_is_in() -> None:
    # Ben, disconnected on the flop with 10 in, is all in for it (docs/rules.md
    # §4.11): his 290 stay behind, his flop check before is no action then. He
    # wins the main pot of 30 (less the $1 rake, taken from the main pot first),
    # Hero the side pot of 60 that Ann's fold leaves him, his 60 returned.
    h = hand(WPN_OLD, "900100006")
    assert h.fields["_behind"] == [290, 0, 0] and h.fields["_rake_from_main_pot"] is True
    assert "p1 cc" not in h.fields["actions"][h.fields["actions"].index("d db 2c7d9h") :]
    r = phh.replay(h)
    assert [(p.amount, p.rake, p.payouts) for p in r.hand.result.pots] == [
        (29, 1, {0: 29}),
        (60, 0, {1: 60}),
    ]
    assert stacks(h) == {"Ben": 319, "Hero": 420, "Ann": 460}
    back = phh.loads(h.dumps(), name="x")
    assert phh.replay(back).finishing_stacks == r.finishing_stacks


def test_behind_that_is_more_than_the_stack_is_a_phh_error() -> None:
    from omaha.errors import PHHError

    h = hand(WPN_OLD, "900100006")
    with pytest.raises(PHHError, match="stack"):
        phh.replay(h.with_fields(_behind=[301, 0, 0]))


def test_recorded_rake_from_the_main_pot_first() -> None:
    from omaha.pots import Pot
    from omaha.rake import RecordedRake

    pots = (Pot(400, (0, 1, 2)), Pot(80, (1, 2)))
    assert RecordedRake(300, main_first=True).cut(pots) == (300, 0)
    assert RecordedRake(300).cut(pots) == (250, 50)  # in proportion, by default
    assert RecordedRake(450, main_first=True).cut(pots) == (400, 50)


def test_winning_raise_whose_total_does_not_add_up() -> None:
    text = text_of(ACR, "900100001").replace("raises $24.00 to $24.00", "raises $20.00 to $24.00")
    with pytest.raises(HistoryError, match=r"900100001, line 17: 'Ben' raises to a total"):
        parse(text, "x.txt")


# ------------------------------------------------------------ Bovada / Ignition


def test_bovada_positions_as_names_side_pot_and_uncalled_bet() -> None:
    h = hand(BOVADA, "900200001")
    assert h.fields["players"] == ["Small Blind", "Big Blind [ME]", "UTG", "Dealer"]
    assert h.fields["_uncalled"] == [40, 0, 0, 0]
    r = phh.replay(h)
    # $1.30 rake, 1% of each pot: the main pot of $90 pays $89.10, the side pot $39.60.
    assert [(p.amount, p.rake) for p in r.hand.result.pots] == [(891, 9), (396, 4)]  # in dimes
    assert stacks(h) == {
        "Small Blind": 70,
        "Big Blind [ME]": D("89.10"),
        "UTG": 200,
        "Dealer": D("39.60"),
    }


def test_bovada_before_august_2012_streets_inferred_hi_lo_quartered_antes() -> None:
    # No street lines: the flop starts after the big blind checks, the turn
    # after the flop's calls, the river after three checks; the cards are the
    # summary's board.
    h = hand(BOVADA, "900200002")
    boards = [a for a in h.fields["actions"] if a.startswith("d db")]
    assert boards == ["d db 2d5c8h", "d db Kd", "d db Jc"]
    assert h.fields["_tournament"] == "7000001" and h.fields["antes"] == [10, 10, 10]
    (pot,) = phh.replay(h).hand.result.pots
    assert pot.payouts == {1: 390, 0: 195, 2: 195}
    assert stacks(h) == {"Small Blind [ME]": 2435, "Big Blind": 4130, "Dealer": 2935}


def test_ignition_walk_the_big_blind_collects_its_own_blind() -> None:
    h = hand(BOVADA, "900200003")
    assert h.fields["venue"] == "Ignition"
    assert stacks(h) == {
        "Small Blind": D("50.40"),
        "Big Blind [ME]": D("50.25"),
        "Dealer": D("49.25"),
    }


def test_bovada_an_inferred_street_with_a_summary_board_too_short_is_an_error() -> None:
    text = text_of(BOVADA, "900200002").replace("Board [2d 5c 8h Kd Jc]", "Board [2d 5c 8h Kd]")
    with pytest.raises(OmahaError, match="900200002"):
        phh.replay(parse(text, "x.txt")[0])


def test_bovada_summary_that_disagrees_with_the_results() -> None:
    text = text_of(BOVADA, "900200001").replace("Seat 1: Dealer $39.60", "Seat 1: Dealer $39.70")
    with pytest.raises(HistoryError, match=r"'Dealer' collects 39.6 but the summary says 39.7"):
        parse(text, "x.txt")


def test_bovada_all_in_for_other_than_the_stack() -> None:
    text = text_of(BOVADA, "900200001").replace(
        "All-in(raise) $28 to $30", "All-in(raise) $27 to $29"
    )
    with pytest.raises(HistoryError, match=r"line 17: 'Big Blind \[ME\]' is all in for an amount"):
        parse(text, "x.txt")


def test_ignition_two_side_pots_listed_from_the_last_to_the_main_pot() -> None:
    # Contributions: Small Blind 400 (all in), Big Blind 1,200 (all in),
    # Dealer 2,000 (all in on the flop), UTG 2,000 (1,000 behind). Pots:
    # main 4 x 400 = 1,600 (Small Blind's three kings), side pot 1 3 x 800 =
    # 2,400 (Big Blind's three queens), side pot 2 2 x 800 = 1,600 (Dealer's
    # three sevens over UTG's fours). Ignition lists side pot 2, side pot 1,
    # then the main pot; no rake in a tournament.
    h = hand(BOVADA_SIDE, "900200010")
    assert h.fields["_pots"] == [
        {"pot": 1, "amount": 1600, "won": {"p1": 1600}},
        {"pot": 2, "amount": 2400, "won": {"p2": 2400}},
        {"pot": 3, "amount": 1600, "won": {"p4": 1600}},
    ]
    r = phh.replay(h)
    assert [(p.amount, p.payouts) for p in r.hand.result.pots] == [
        (1600, {0: 1600}),
        (2400, {1: 2400}),
        (1600, {3: 1600}),
    ]
    assert stacks(h) == {"Small Blind": 1600, "Big Blind [ME]": 2400, "UTG": 1000, "Dealer": 1600}


def test_bovada_hi_lo_side_pots_each_split_with_the_rake_of_each_pot() -> None:
    # Contributions: Small Blind $3, Big Blind $8, Dealer $20 (all three all
    # in), UTG $20 ($3 of the river bet returned). Pots: main $12, side 1
    # $15, side 2 $24 = $51; the $1.02 rake in proportion (2% of each):
    # $0.24, $0.30, $0.48, so they pay $11.76, $14.70, $23.52. UTG's
    # 7-5-3-2-A is the low of every pot; the highs: Small Blind's kings
    # (main), Big Blind's queens (side 1), Dealer's sevens (side 2). Four
    # side-pot lines, two a pot: only 2 + 2 shares them out to $23.52 and
    # $14.70.
    h = hand(BOVADA_SIDE, "900200011")
    r = phh.replay(h)
    assert [(p.amount, p.rake, p.payouts) for p in r.hand.result.pots] == [
        (1176, 24, {0: 588, 2: 588}),
        (1470, 30, {1: 735, 2: 735}),
        (2352, 48, {3: 1176, 2: 1176}),
    ]
    assert stacks(h) == {
        "Small Blind": D("5.88"),
        "Big Blind": D("7.35"),
        "UTG [ME]": D("44.99"),
        "Dealer": D("11.76"),
    }


def test_ignition_tournament_seats_numbered_by_player_are_read_in_the_listed_order() -> None:
    # Seats 41, 103, 9, 128, 77, 15 are the players' numbers in the tournament,
    # listed in the table's order; `Set dealer [6]` is the Dealer's seat at the
    # table, not seat 6 of the list. Numbered 1-6 as listed, the button is the
    # Dealer's (3): Small Blind (128 -> 4), Big Blind (77 -> 5), UTG (15 -> 6),
    # UTG+1 (41 -> 1), UTG+2 (103 -> 2), Dealer (9 -> 3). Read as seats, the
    # numbers put the Dealer first and the blinds out of place: "no blind".
    h = hand(BOVADA_SEATS, "900200020")
    assert h.fields["seats"] == [4, 5, 6, 1, 2, 3]
    players = ["Small Blind", "Big Blind", "UTG", "UTG+1", "UTG+2 [ME]", "Dealer"]
    assert h.fields["players"] == players
    assert "_button_seat" not in h.fields
    assert h.fields["starting_stacks"] == [3100, 6875, 70, 8400, 5250, 12000]
    assert h.fields["antes"] == [100] * 6  # UTG's 70 all in: the engine takes what is there
    assert h.fields["blinds_or_straddles"] == [500, 1000, 0, 0, 0, 0]
    # Put in: UTG 70, UTG+1 100, Dealer 100, Small Blind 100 + 3,000 (all in),
    # UTG+2 100 + 3,000 + 2,150 (all in on the flop), Big Blind 5,250: 13,870.
    # Main 6 x 70 = 420 (UTG's four eights), side pot 1 2 x 30 + 3 x 3,030 =
    # 9,150 (Small Blind's kings full), side pot 2 2 x 2,150 = 4,300 (Big
    # Blind's threes full over UTG+2's aces and eights).
    r = phh.replay(h)
    assert [(p.amount, p.payouts) for p in r.hand.result.pots] == [
        (420, {2: 420}),
        (9150, {0: 9150}),
        (4300, {1: 4300}),
    ]
    assert stacks(h) == {
        "Small Blind": 9150,
        "Big Blind": 6875 - 5250 + 4300,
        "UTG": 420,
        "UTG+1": 8300,
        "UTG+2 [ME]": 0,
        "Dealer": 11900,
    }


def test_ignition_tournament_seats_numbered_by_player_with_a_dead_button() -> None:
    # No Dealer and no `Set dealer` line: the button is dead, on an empty seat
    # just before the Small Blind. Numbered as listed with that seat left
    # empty: UTG+2 (64 -> 1), the button (2), Small Blind (128 -> 3), Big
    # Blind (103 -> 4), UTG (5 -> 5), UTG+1 (37 -> 6).
    h = hand(BOVADA_SEATS, "900200021")
    assert h.fields["seats"] == [3, 4, 5, 6, 1]
    assert h.fields["_button_seat"] == 2
    assert h.fields["players"] == ["Small Blind", "Big Blind [ME]", "UTG", "UTG+1", "UTG+2"]
    assert h.fields["blinds_or_straddles"] == [500, 1000, 0, 0, 0]
    # Antes 5 x 100, blinds 500 + 1,000; UTG+1 raises to 2,500, Big Blind calls:
    # a pot of 6,000, UTG+1's flop bet of 3,000 uncalled and returned.
    assert stacks(h) == {
        "Small Blind": 9350 - 600,
        "Big Blind [ME]": 7725 - 2600,
        "UTG": 2500,
        "UTG+1": 8200 - 2600 + 6000,
        "UTG+2": 3900,
    }


def test_bovada_seats_that_are_the_tables_are_kept() -> None:
    # Seats 1, 4 and 6 go up the list, none is above 10, and the dealer is set
    # on the Dealer's seat (6): the table's seats, kept as written.
    h = hand(BOVADA, "900200003")
    assert h.fields["seats"] == [1, 4, 6]
    assert h.fields["players"] == ["Small Blind", "Big Blind [ME]", "Dealer"]


def test_bovada_side_pot_results_that_fit_no_side_pot_are_an_error() -> None:
    text = text_of(BOVADA_SIDE, "900200010")
    # The lines swapped: 2,400 does not fit side pot 2 (1,600).
    swapped = text.replace(
        "Dealer : Hand Result-Side Pot 1600\nBig Blind [ME] : Hand Result-Side Pot 2400",
        "Big Blind [ME] : Hand Result-Side Pot 2400\nDealer : Hand Result-Side Pot 1600",
    )
    assert swapped != text
    with pytest.raises(HistoryError, match=r"900200010.*cannot be shared out to the side pots"):
        parse(swapped, "x.txt")
    # A side pot paid where nobody is all in for less.
    one = text_of(BOVADA, "900200001").replace("Hand result $89.10", "Hand result-Side pot $89.10")
    with pytest.raises(HistoryError, match=r"900200001.*cannot be shared out"):
        parse(one, "x.txt")


def test_the_side_pot_sharing_stops_at_two_ways() -> None:
    """Lines that pay nothing give many sharings: two tell an ambiguous hand, and suffice.

    Nine side pots of 1 chip, each paid by a line of 1 and ten lines of 0,
    can be shared out in 11**8 ways: the search that listed every way never
    returned; it now tries each (line, pot) once and stops at the second.
    """
    from omaha.history.bovada import _shares

    def exact(got: int, held: int) -> bool:
        return got == held

    amounts = ([1] + [0] * 10) * 9
    assert _shares(amounts, [1] * 9, exact) == [
        [1, *[11] * 7, 21],
        [1, *[11] * 6, 12, 20],
    ]
    assert _shares([5, 5, 3], [10, 3], exact) == [[2, 1]]
    assert _shares([5, 5, 3], [10, 4], exact) == []
    assert _shares([], [], exact) == [[]]


# ------------------------------------------------------------ every reader: bad input


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_a_hand_cut_anywhere_is_an_error_or_the_same_result(path: pathlib.Path) -> None:
    """Cut at every line: an OmahaError naming the hand, or (only checks cut) the same result."""
    for chunk in chunks(path):
        (full,) = parse(chunk, "x.txt")
        assert phh.replay(full).complete
        want = full.fields["finishing_stacks"]
        lines = chunk.splitlines()
        for k in range(1, len(lines)):
            cut = "\n".join(lines[:k]) + "\n"
            try:
                hands = parse(cut, "x.txt")
                got = [h.fields["finishing_stacks"] for h in hands if phh.replay(h).complete]
            except OmahaError as exc:
                named = full.fields["hand"] in str(exc) or ", line " in str(exc)
                named = named or "not a hand history" in str(exc)
                assert named, str(exc)
                continue
            assert got == [want], f"cut after line {k} of hand {full.fields['hand']}"


@pytest.mark.parametrize(
    ("path", "number", "old", "new", "message"),
    [
        (PACIFIC, "900000002", "Eve collected [ $5.70 ]", "Eve collected [ $5.80 ]", "900000002"),
        (PACIFIC, "900000001", "[ Vd, 7c, 2s ]", "[ Vd, 7c, 2x ]", r"line 17: malformed card"),
        (
            PACIFIC,
            "900000004",
            "Jon bets [$1,700]",
            "Jon bets [$1,800]",
            r"line 21: 'Jon' puts in 1800 with 1700 behind",
        ),
        (ACR, "900100002", "Ben collected $4.30", "Ben collected $4.20", "900100002"),
        (ACR, "900100003", "Ann calls 410.00", "Ann calls 400.00", r"line 20: 'Ann' calls 400"),
        (WPN_OLD, "900100004", "Collects: 139.50. Wins", "Collects: 140.50. Wins", "900100004"),
        (
            WPN_OLD,
            "900100004",
            "Player Ben calls (40)",
            "Player Ben calls (45)",
            r"line 33: 'Ben' calls 45 but owes 40",
        ),
        (BOVADA, "900200001", "Hand result $89.10", "Hand result $89.20", "900200001"),
        (
            BOVADA,
            "900200002",
            "Dealer : Call 150",
            "Dealer : Call 160",
            r"line 19: 'Dealer' calls 160 but owes 150",
        ),
        (BOVADA, "900200001", "Folds\nDealer", "Bets the farm\nDealer", r"line 14: a line the Bo"),
    ],
)
def test_an_altered_hand_is_an_error_naming_hand_and_line(
    path: pathlib.Path, number: str, old: str, new: str, message: str
) -> None:
    text = text_of(path, number)
    assert old in text
    with pytest.raises(OmahaError, match=message):
        for h in parse(text.replace(old, new, 1), "bad.txt"):
            phh.replay(h)


# ------------------------------------------------------------ detection


@pytest.mark.parametrize(
    ("first", "fmt"),
    [
        ("#Game No : 1\n***** 888poker Hand History for Game 1 *****", "pacific"),
        ("***** Cassava Hand History for Game 305277727 *****", "pacific"),
        ("***** 888.es Snap Poker Hand History for Game 2 *****", "pacific"),
        (
            "Hand #78708209 - Omaha H/L(Fixed Limit) - $20.00/$40.00 - 2019/07/18 15:13:01 UTC",
            "winning",
        ),
        ("Game Hand #82980175 - Tournament #11212445 - Omaha H/L(Pot Limit) - ...", "winning"),
        ("Game started at: 2016/10/2 21:0:42\nGame ID: 741631166 40/80 (PRR) Xana", "winning"),
        ("Bovada Hand #2605762685 TBL#1218245 OMAHA Pot Limit - 2012-05-14 00:54:46", "bovada"),
        ("Ignition Hand #3340409736 TBL#10916521 OMAHA Pot Limit - 2016-08-09 12:41:32", "bovada"),
        ("Bodog.eu Hand #3340409736 TBL#10916521 OMAHA Pot Limit - 2016-08-09", "bovada"),
        ("***** Hand History for Game 1 *****", "partypoker"),
        ("PokerStars Hand #1: Omaha Pot Limit ($1/$2 USD) - 2014/01/06 16:05:07 ET", "pokerstars"),
    ],
)
def test_detection_on_the_first_line(first: str, fmt: str) -> None:
    assert detect("\n" + first + "\nSeat 1: x\n") == fmt


@pytest.mark.parametrize(
    "text",
    [
        "Run It Once Poker Hand #1: PLO ($1/$2) - 2021/01/01 00:00:00",
        "Unibet Hand #1558006027 - Omaha",
        "Merge: Game Hand #5 - not at a line's start",
    ],
)
def test_words_that_do_not_start_the_line_are_no_format(text: str) -> None:
    assert detect(text) is None
    with pytest.raises(HistoryError, match=r"x.txt: (a hand history of Run It Once Poker: )?not a"):
        parse(text, "x.txt")


def test_a_site_s_first_line_that_is_no_hand_of_it() -> None:
    with pytest.raises(HistoryError, match=r"x.txt, hand 1, line 3: not an 888poker game line"):
        parse("#Game No : 1\n***** 888poker Hand History for Game 1 *****\nhello\n", "x.txt")
    with pytest.raises(HistoryError, match=r"line 1: not a Bovada hand's first line"):
        parse("Bovada Hand #1 garbage\n", "x.txt")
    with pytest.raises(HistoryError, match=r"line 1: not a Winning Poker Network hand's first"):
        parse("Hand #1 - nonsense\n", "x.txt")
    with pytest.raises(HistoryError, match=r"hand 5.*not an Omaha hand: 'HOLDEM'"):
        parse("Bovada Hand #5 TBL#1 HOLDEM No Limit - 2016-08-09 12:41:32\n", "x.txt")


def test_888_tournament_hand_won_uncontested_without_a_collect_line() -> None:
    # 888poker at times writes no collect line: the last player in a tournament
    # hand takes the whole pot (75 antes, 100, 775 and 775), the bet returned.
    text = text_of(PACIFIC, "900000004").replace("Ivy calls [$1,700]", "Ivy folds")
    text = text[: text.index("Jon shows")]
    for street in ("** Dealing turn ** [ 2s ]\n", "** Dealing river ** [ Kd ]\n"):
        text = text.replace(street, "")
    (h,) = parse(text, "x.txt")
    assert stacks(h) == {"Kai": 8085, "Ivy": 4200, "Jon": 3425}
    cash = text_of(PACIFIC, "900000001")
    cut = cash[: cash.index("Hero collected")]
    with pytest.raises(HistoryError, match=r"900000001.*nobody wins the pot"):
        parse(cut, "x.txt")


# ------------------------------------------------------------ Bovada's odd chips (§4 rule 4)


def test_bovada_low_half_odd_chip_goes_to_the_high_hand() -> None:
    # $0.60 pot, $0.05 rake: $0.55. The low half, $0.27, is shared by two
    # equal lows: $0.13 each, and the cent left over goes to the high hand
    # ($0.28 + $0.01 = $0.29), as Bovada pays (docs/rules.md §4 rule 4).
    h = hand(BOVADA, "900200004")
    assert h.fields["_odd_chips"] == "high"
    (pot,) = phh.replay(h).hand.result.pots
    assert pot.payouts == {1: 29, 0: 13, 2: 13}
    # The rule book's default gives the cent to the first low left of the button:
    # the file's stated results then disagree, and the replay says so.
    with pytest.raises(OmahaError, match=r"900200004"):
        phh.replay(h.with_fields(_odd_chips=None))


def test_odd_chips_option_worked_by_hand() -> None:
    from omaha.pots import Pot, award_pot

    high = {0: 5000, 1: 10, 2: 10, 3: 10}
    low = {0: None, 1: 40, 2: 40, 3: 40}
    pot = Pot(31, (0, 1, 2, 3))
    # Default: high 16, low 15 among three: 5 each. "high": the same (15 divides).
    assert award_pot(pot, high, low, [0, 1, 2, 3]).payouts == {0: 16, 1: 5, 2: 5, 3: 5}
    assert award_pot(pot, high, low, [0, 1, 2, 3], odd_chips="high").payouts == {
        0: 16,
        1: 5,
        2: 5,
        3: 5,
    }
    pot = Pot(33, (0, 1, 2, 3))  # low half 16 among three: 5, 5, 5 and 1 left for the high
    assert award_pot(pot, high, low, [0, 1, 2, 3]).payouts == {0: 17, 1: 6, 2: 5, 3: 5}
    assert award_pot(pot, high, low, [0, 1, 2, 3], odd_chips="high").payouts == {
        0: 18,
        1: 5,
        2: 5,
        3: 5,
    }
    # Two high winners share what is left over as any shared half (§4 rule 4).
    high2 = {0: 5000, 1: 10, 2: 10, 3: 5000}
    got = award_pot(Pot(30, (0, 1, 2, 3)), high2, {0: None, 1: 40, 2: 40, 3: None}, [0, 1, 2, 3])
    assert got.payouts == {0: 8, 3: 7, 1: 8, 2: 7}
    got = award_pot(
        Pot(30, (0, 1, 2, 3)),
        high2,
        {0: None, 1: 40, 2: 40, 3: None},
        [0, 1, 2, 3],
        odd_chips="high",
    )
    assert got.payouts == {0: 8, 3: 8, 1: 7, 2: 7}


def test_odd_chips_table_option_and_phh_field_refuse_other_values() -> None:
    from omaha import PotLimit, Table
    from omaha.errors import PHHError

    with pytest.raises(ValueError, match="odd_chips must be 'position' or 'high', got 'low'"):
        Table([100, 100], PotLimit(1, 2), odd_chips="low")  # type: ignore[arg-type]
    assert Table([100, 100], PotLimit(1, 2), odd_chips="high").odd_chips == "high"
    h = hand(BOVADA, "900200004")
    with pytest.raises(PHHError, match=r"_odd_chips must be one of 'position', 'high', not 'x'"):
        phh.HandHistory(dict(h.fields, _odd_chips="x"), "x")


def test_odd_chips_rule_survives_the_phh_round_trip(tmp_path: pathlib.Path) -> None:
    h = hand(BOVADA, "900200004")
    text = h.dumps()
    assert '_odd_chips = "high"' in text
    path = tmp_path / "h.phh"
    path.write_text(text, encoding="utf-8")
    (back,) = phh.read(path)
    assert back.fields["_odd_chips"] == "high" and phh.replay(back).complete


def test_winning_five_card_omaha() -> None:
    h = hand(ACR, "900100007")
    assert h.fields["_hole_card_count"] == 5 and h.fields["variant"] == "PO"
    assert stacks(h) == {"Ben": D("49.75"), "Hero": D("44.50"), "Ann": D("55.25")}


WINNING_RING = [
    "Game started at: 2015/5/1 16:37:50",
    "Game ID: 900100008 2.50/5 Jordan (Omaha)",
    "Seat 2 is the button",
    "Seat 1: Ann (288.25).",
    "Seat 2: Ben (236.79).",
    "Seat 5: Cleo (333.81).",
    "Seat 6: Dan (419.72).",
    "Player Cleo is timed out.",
    "Player Cleo sitting out",
    "Player Ann has small blind (2.50)",
    "Player Ben has big blind (5)",
    "Player Ann received a card.",
    "Player Ann received a card.",
    "Player Ann received a card.",
    "Player Ann received a card.",
    "Player Ben received a card.",
    "Player Ben received a card.",
    "Player Ben received a card.",
    "Player Ben received a card.",
    "Player Ann calls (2.50)",
    "Player Ben checks",
    "*** FLOP ***: [6h Kc Jc]",
    "Player Ann checks",
    "Player Ben checks",
    "*** TURN ***: [6h Kc Jc] [Js]",
    "Player Ann checks",
    "Player Ben bets (10)",
    "Player Ann folds",
    "Uncalled bet (10) returned to Ben",
    "------ Summary ------",
    "Pot: 9.70. Rake 0.30",
    "Board: [6h Kc Jc Js]",
    "Player Ann does not show cards.Bets: 5. Collects: 0. Loses: 5.",
    "*Player Ben mucks (does not show cards). Bets: 5. Collects: 9.70. Wins: 4.70.",
    "Game ended at: 2015/5/1 16:38:26",
]


def test_winning_table_gone_down_to_two_plays_in_the_order_of_a_full_table() -> None:
    # Cleo and Dan sit out; the button stays on Ben's seat 2 and Ben posts
    # the big blind: Ann, left of the button, posts the small blind and acts
    # first on every street (docs/rules.md §5.4, heads_up_order="ring"). Ann
    # puts in 5 and loses it; Ben's 10 comes back and he collects the pot of
    # 10 less 0.30 rake: 236.79 - 5 + 9.70 = 241.49.
    (h,) = parse("\n".join(WINNING_RING) + "\n", "x.txt")
    assert h.fields["_heads_up_order"] == "ring"
    assert h.fields["players"] == ["Ann", "Ben"] and h.fields["blinds_or_straddles"] == [
        D("2.50"),
        5,
    ]
    assert stacks(h) == {"Ann": D("283.25"), "Ben": D("241.49")}
    # Without the option the engine deals it heads-up (Ben, the button, in
    # the small blind and first to act): the file's first action is refused.
    plain = h.with_fields(**{"_heads_up_order": "button_small_blind"})
    with pytest.raises(OmahaError, match="900100008"):
        phh.replay(plain)


def test_winning_ring_order_is_checked_turn_by_turn() -> None:
    # Ben acting first on the flop is the heads-up order, not the file's.
    lines = list(WINNING_RING)
    at = lines.index("Player Ann checks")
    lines[at], lines[at + 1] = lines[at + 1], lines[at]
    with pytest.raises(OmahaError, match="900100008"):
        phh.replay(parse("\n".join(lines) + "\n", "x.txt")[0])


def test_winning_button_in_the_big_blind_without_a_small_blind_is_an_error() -> None:
    lines = [x for x in WINNING_RING if "has small blind" not in x]
    lines = [x.replace("Player Ann calls (2.50)", "Player Ann calls (5)") for x in lines]
    with pytest.raises(HistoryError, match=r"900100008.*without the other player posting"):
        parse("\n".join(lines) + "\n", "x.txt")


def test_winning_heads_up_button_in_the_small_blind_is_the_plain_heads_up_order() -> None:
    # The site's heads-up tables (fpdb-3's LHE-2max-USD-2.00-4.00-201608):
    # the button posts the small blind, acts first before the flop and
    # last after it (§5.4). Ben, on the button, completes and bets the flop.
    lines = [
        "Game started at: 2016/8/2 10:53:49",
        "Game ID: 900100009 2.50/5 Jordan (Omaha)",
        "Seat 2 is the button",
        "Seat 1: Ann (100).",
        "Seat 2: Ben (100).",
        "Player Ben has small blind (2.50)",
        "Player Ann has big blind (5)",
        "Player Ben calls (2.50)",
        "Player Ann checks",
        "*** FLOP ***: [6h Kc Jc]",
        "Player Ann checks",
        "Player Ben bets (10)",
        "Player Ann folds",
        "Uncalled bet (10) returned to Ben",
        "------ Summary ------",
        "Pot: 9.70. Rake 0.30",
        "Player Ann does not show cards.Bets: 5. Collects: 0. Loses: 5.",
        "*Player Ben mucks (does not show cards). Bets: 5. Collects: 9.70. Wins: 4.70.",
        "Game ended at: 2016/8/2 10:54:10",
    ]
    (h,) = parse("\n".join(lines) + "\n", "x.txt")
    assert "_heads_up_order" not in h.fields
    assert stacks(h) == {"Ann": 95, "Ben": D("104.70")}


def test_the_ring_order_for_two_at_the_table() -> None:
    # docs/rules.md §5.4, heads_up_order="ring": seat 0, left of the button
    # (seat 1), posts the small blind and acts first before the flop and
    # after it; the button posts the big blind. The next hand the button
    # moves to seat 0, who then posts the big blind.
    from omaha import PotLimit, Table

    t = Table([100, 100], PotLimit(1, 2), button=1, heads_up_order="ring")
    hand_ = t.deal(seed=1)
    assert hand_.stacks == (99, 98) and hand_.to_act == 0
    hand_.call()
    hand_.check()
    assert hand_.street == "flop" and hand_.to_act == 0
    again = phh.HandHistory.from_hand(hand_)
    assert again.fields["_heads_up_order"] == "ring"
    assert again.fields["blinds_or_straddles"] == [1, 2]
    for street in ("flop", "turn", "river"):  # seat 0 first on every street
        assert hand_.street == street and hand_.to_act == 0
        hand_.check()
        hand_.check()
    assert hand_.showdown_order[0] == 0  # no bet on the river: the first left of the button
    hand_.show()
    hand_.show()
    assert hand_.is_over
    replayed = phh.replay(phh.HandHistory.from_hand(hand_))
    assert replayed.complete
    second = t.deal(seed=2)
    assert second.button == 0
    assert second.stacks[1] == t.stacks[1] - 1 and second.to_act == 1
    with pytest.raises(ValueError, match="heads_up_order"):
        Table([100, 100], PotLimit(1, 2), heads_up_order="swap")  # type: ignore[arg-type]
