"""The sites' files as they really are: PokerStars, Full Tilt, Winamax and GGPoker constructs.

Each hand here was written for these tests after the public descriptions
of each format (fpdb-3's and HHSmithy's parsers, and the sites' files in
``../shared/data``), with the amounts worked by hand as the site prints
them; each test names the construct and, for a rule of the engine, the
section of docs/rules.md that states it.
"""

from __future__ import annotations

import decimal

import pytest

import paths
from omaha import PotLimitPreflop, phh
from omaha.errors import HistoryError, OmahaError
from omaha.history import parse
from omaha.history.lines import Names, ignorable, moves_chips

D = decimal.Decimal


def one(text: str, name: str = "x.txt") -> phh.HandHistory:
    (h,) = parse(text, name)
    return h


def replayed(text: str) -> tuple[phh.HandHistory, list[D]]:
    """Import, replay (every stated amount checked) and return the finishing stacks."""
    h = one(text)
    r = phh.replay(h)
    assert r.complete
    return h, list(h.fields["finishing_stacks"])


# ------------------------------------------------------------ lines that move no chips

FT_NOISE = (
    "Full Tilt Poker Game #1001: Table T (6 max)"
    " - $0.50/$1 - Pot Limit Omaha Hi - 19:10:13 ET - 2014/01/05\n"
    """\
Seat 1: Ann ($100)
Seat 2: Bob ($100)
Seat 3: Cy ($100)
Bob posts the small blind of $0.50
Cy posts the big blind of $1
The button is in seat #1
*** HOLE CARDS ***
Ann has reconnected
Ann calls $1
Eve (Observer): nice table
Bob: hello all
Bob calls $0.50
Cy will be using his time bank for this hand
Cy checks
Ann adds $20
*** FLOP *** [2c 7d Ks]
Bob checks
Cy bets $3
Ann folds
Bob folds
Uncalled bet of $3 returned to Cy
Cy mucks
Cy wins the pot ($2.85)
Ann has left the table.
Bob is sitting out.
*** SUMMARY ***
Total pot $3 | Rake $0.15
Board: [2c 7d Ks]
Seat 1: Ann (button) folded on the Flop
Seat 2: Bob (small blind) folded on the Flop
Seat 3: Cy (big blind) collected ($2.85), mucked
"""
)


def test_chat_notices_and_chips_added_between_hands_move_no_chips() -> None:
    # `Ann adds $20` counts from the next hand (its seat line states it):
    # this hand ends with Ann's $100 less the call.
    h, stacks = replayed(FT_NOISE)
    assert h.fields["players"] == ["Bob", "Cy", "Ann"]
    assert stacks == [99, D("101.85"), 99]


def test_a_money_line_disguised_as_chat_still_fails_the_hand() -> None:
    # `Bob: call $0.50` reads as chat (no verb that moves chips), so Bob's
    # call is lost: the pot is $2.50, and the stated $2.85 collect cannot
    # come out of it. The replay's checks are the safety net.
    text = FT_NOISE.replace("Bob calls $0.50", "Bob: call $0.50")
    with pytest.raises(HistoryError, match=r"hand 1001.*collect 2\.85 from a pot of 2\.5"):
        parse(text, "x.txt")


def test_a_line_with_a_money_verb_is_never_chat_and_names_its_reader() -> None:
    text = FT_NOISE.replace("Bob calls $0.50", "Bob: calls $0.50")
    with pytest.raises(HistoryError, match=r"line 13: a line the Full Tilt Poker reader does not"):
        parse(text, "x.txt")


@pytest.mark.parametrize(
    ("line", "quiet"),
    [
        ("Bob: nice hand", True),
        ("Eve (Observer): get a job", True),
        ("Bob has reconnected", True),
        ("Bob adds $7.80", True),
        ("Bob will be using her time bank", True),
        ("Bob has left the table.", True),
        ("Bob is sitting out.", True),
        ("Bob: calls $5", False),
        ("Bob: Raises to $9 lol", False),  # any case: a verb that moves chips
        ("Zed: hi", False),  # nobody seated, no observer: not chat
        ("Bob: get an all-in insurance (premium ($0/$4/$0))", False),
        ("Bob pays $5", False),
    ],
)
def test_the_no_chips_rule(line: str, quiet: bool) -> None:
    assert ignorable(line, Names(["Bob"])) is quiet


def test_the_verbs_that_move_chips() -> None:
    assert all(moves_chips(v) for v in ("posts $1", "collected $1", "straddle $1", "adds $1"))
    assert not any(moves_chips(v) for v in ("lol", "posting soon", "callous"))


# ------------------------------------------------------------ Full Tilt

FT_CAP = (
    "Full Tilt Poker Game #3001: Table Pam (heads up)"
    " - $5/$10 - $100 Pot Limit Omaha Hi - 15:35:09 ET - 2010/10/02\n"
    """\
Seat 1: Ann ($500)
Seat 2: Bob ($500)
Ann posts the small blind of $5
Bob posts the big blind of $10
The button is in seat #1
*** HOLE CARDS ***
Ann raises to $30
Bob raises to $90
Ann raises to $100, and is capped
Bob calls $10, and is capped
Ann shows [Ah As Qd Jd]
Bob shows [Kc Kh 4c 5c]
*** FLOP *** [2c 7d Ks]
*** TURN *** [2c 7d Ks] [9h]
*** RIVER *** [2c 7d Ks 9h] [3s]
Ann shows a pair of Aces
Bob shows three of a kind, Kings
Bob wins the pot ($197) with three of a kind, Kings
*** SUMMARY ***
Total pot $200 | Rake $3
Board: [2c 7d Ks 9h 3s]
Seat 1: Ann (button) (small blind) showed [Ah As Qd Jd] and lost with a pair of Aces
Seat 2: Bob (big blind) showed [Kc Kh 4c 5c] and won ($197) with three of a kind, Kings
"""
)


def test_full_tilt_capped_pot_limit() -> None:
    # docs/rules.md §6.4: each player puts in at most the cap ($100) in the
    # hand; a raise to the cap is as an all-in (short of a full raise, it
    # reopens nothing), and both capped players see the board without betting.
    h, stacks = replayed(FT_CAP)
    assert h.fields["_hand_cap"] == 100
    assert stacks == [597, 400]


def test_full_tilt_over_the_cap_is_refused_by_the_replay() -> None:
    text = FT_CAP.replace("$100 Pot Limit", "$90 Pot Limit")
    with pytest.raises(OmahaError):
        phh.replay(one(text))


FT_HILO_2006 = """\
Full Tilt Poker Game #4001: Table Vero (6 max) - $1/$2 - Limit Omaha Hi/Lo - 0:03:34 ET - 2006/10/11
Seat 1: Ann ($100)
Seat 2: Bob ($100)
Seat 3: Cy ($100)
Bob posts the small blind of $0.50
Cy posts the big blind of $1
The button is in seat #1
*** HOLE CARDS ***
Ann calls $1
Bob calls $0.50
Cy checks
*** FLOP *** [7h 8s 3s]
Bob checks
Cy checks
Ann checks
*** TURN *** [7h 8s 3s] [4s]
Bob checks
Cy folds
Ann checks
*** RIVER *** [7h 8s 3s 4s] [Ah]
Bob checks
Ann checks
*** SHOW DOWN ***
Bob shows [3c 9h As Qs] (a flush, Ace high)
*** SHOW DOWN ***
 (8,7,4,3,A)
Ann shows [7d 2c Ks Ad] (two pair, Aces and Sevens)
 (7,4,3,2,A)
Bob wins the high pot ($1.45) with a flush, Ace high
Ann wins the low pot ($1.45) with 7,4,3,2,A
*** SUMMARY ***
Total pot $3 | Rake $0.10
Board: [7h 8s 3s 4s Ah]
Seat 1: Ann (button) showed [7d 2c Ks Ad] and won ($1.45) with HI: two pair; LO: 7,4,3,2,A
Seat 2: Bob (small blind) showed [3c 9h As Qs] and won ($1.45) with HI: a flush; LO: 8,7,4,3,A
Seat 3: Cy (big blind) folded on the Turn
"""


def test_full_tilt_high_and_low_pots_and_a_description_on_its_own_line() -> None:
    # Fixed limit $1/$2 Hi-Lo: each of the $3 pot's halves less the rake;
    # the 2006 showdown writes the low hand's cards on the next line.
    h, stacks = replayed(FT_HILO_2006)
    assert h.fields["variant"] == "FO/8"
    assert stacks == [D("100.45"), 99, D("100.45")]


def test_full_tilt_a_pot_whose_wins_line_is_missing_is_won_as_the_summary_says() -> None:
    _, stacks = replayed(FT_NOISE.replace("Cy wins the pot ($2.85)\n", ""))
    assert stacks == [99, D("101.85"), 99]
    # ... and the summary's amount is checked like a collect.
    text = FT_NOISE.replace("Cy wins the pot ($2.85)\n", "").replace("($2.85)", "($2.95)")
    with pytest.raises(HistoryError, match=r"rake is stated as 0\.15"):
        parse(text, "x.txt")


FT_RIT_SIDE = (
    "Full Tilt Poker Game #5001: Table Rymer (6 max, shallow)"
    " - $2/$4 - Pot Limit Omaha Hi - 20:10:00 ET - 2012/11/05\n"
    """\
Seat 1: Ann ($20)
Seat 2: Bob ($100)
Seat 3: Cy ($100)
Ann posts the small blind of $2
Bob posts the big blind of $4
The button is in seat #3
*** HOLE CARDS ***
Cy raises to $12
Ann calls $10
Bob calls $8
*** FLOP *** [2c 7d Ks] (Total Pot: $36, 3 Players)
Ann bets $8, and is all in
Bob raises to $40
Cy folds
Uncalled bet of $32 returned to Bob
Ann shows [Ah As Qd Jd]
Bob shows [Kc Kh 4c 5c]
*** TURN 1 *** [2c 7d Ks] [9h] (Total Pot: $52, 2 Players, 1 All-In)
*** RIVER 1 *** [2c 7d Ks 9h] [3s] (Total Pot: $52, 2 Players, 1 All-In)
*** TURN 2 *** [2c 7d Ks] [Ac] (Total Pot: $52, 2 Players, 1 All-In)
*** RIVER 2 *** [2c 7d Ks Ac] [Qs] (Total Pot: $52, 2 Players, 1 All-In)
*** SHOW DOWN 1 ***
Ann shows a pair of Aces
Bob shows three of a kind, Kings
*** SHOW DOWN 2 ***
Ann shows three of a kind, Aces
Bob shows three of a kind, Kings
Bob wins pot 1 ($25.50) with three of a kind, Kings
Ann wins pot 2 ($25.50) with three of a kind, Aces
*** SUMMARY ***
Total pot $52 | Rake $1
*** SUMMARY 1 ***
Pot 1 $25.50
Board: [2c 7d Ks 9h 3s]
Seat 1: Ann (small blind) showed [Ah As Qd Jd] and lost with a pair of Aces
Seat 2: Bob (big blind) showed [Kc Kh 4c 5c] and won ($25.50) with three of a kind, Kings
Seat 3: Cy (button) folded on the Flop
*** SUMMARY 2 ***
Pot 2 $25.50
Board: [2c 7d Ks Ac Qs]
Seat 1: Ann (small blind) showed [Ah As Qd Jd] and won ($25.50) with three of a kind, Aces
Seat 2: Bob (big blind) showed [Kc Kh 4c 5c] and lost with three of a kind, Kings
Seat 3: Cy (button) folded on the Flop
"""
)


def test_full_tilt_pots_in_the_summary_are_before_the_rake() -> None:
    # Full Tilt's `Main pot $X. Side pot $Y.` add up to the total pot (the
    # rake not yet taken); what each pays out is less by its share of the rake.
    text = FT_RIT_SIDE.replace(
        "Bob calls $8\n",
        "Bob calls $8\nCy has 15 seconds left to act\n",
    )
    _, stacks = replayed(text)
    assert stacks == [D("25.5"), D("105.5"), 88]
    summary = "Total pot $52 Main pot $52. | Rake $1"
    h2, _ = replayed(text.replace("Total pot $52 | Rake $1", summary))
    assert h2.fields["_pots"][0]["amount"] == D("25.5")
    bad = text.replace("Total pot $52 | Rake $1", "Total pot $52 Main pot $50. | Rake $1")
    with pytest.raises(HistoryError, match="main pot is stated as 50"):
        parse(bad, "x.txt")


# ------------------------------------------------------------ PokerStars

STARS_SHORT = """\
PokerStars Hand #2001:  Omaha Pot Limit ($1/$2 USD) - 2020/04/01 10:00:00 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: Ann ($15 in chips)
Seat 2: Bob ($23 in chips)
Seat 3: Cy ($200 in chips)
Bob: posts small blind $1
Cy: posts big blind $2
*** HOLE CARDS ***
Ann: raises $5 to $7
Bob: raises $16 to $23 and is all-in
Cy: raises $30 to $53
Ann: calls $8 and is all-in
Uncalled bet ($30) returned to Cy
*** FLOP *** [7c 7d 2s]
*** TURN *** [7c 7d 2s] [Jh]
*** RIVER *** [7c 7d 2s Jh] [4c]
*** SHOW DOWN ***
Cy: shows [7h 7s 9c 9d] (four of a kind, Sevens)
Bob: shows [Kh Ks 3c 3d] (two pair, Kings and Sevens)
Ann: shows [Ah As Kd Qd] (two pair, Aces and Sevens)
Cy collected $16 from side pot
Cy collected $44 from main pot
*** SUMMARY ***
Total pot $61 Main pot $44. Side pot $16. | Rake $1
Board [7c 7d 2s Jh 4c]
Seat 1: Ann (button) showed [Ah As Kd Qd] and lost with two pair, Aces and Sevens
Seat 2: Bob (small blind) showed [Kh Ks 3c 3d] and lost with two pair, Kings and Sevens
Seat 3: Cy (big blind) showed [7h 7s 9c 9d] and won ($60) with four of a kind, Sevens
"""


def test_pokerstars_lets_a_player_raise_over_an_all_in_a_short_stack_cannot_call() -> None:
    # docs/rules.md §5.8, "chips": facing Bob's all-in to $23, Ann has $8
    # behind, short of the $16 call; PokerStars lets Cy raise to $53 and
    # returns the $30 nobody could match. The main pot is 3 x $15 = $45
    # (raked $1), the side pot 2 x $8 = $16.
    h, stacks = replayed(STARS_SHORT)
    assert h.fields["_raise_over_all_in"] == "chips"
    assert stacks == [0, 237, 0]
    # Under the default rule nobody could call more: the raise is refused.
    with pytest.raises(OmahaError, match="raising is closed"):
        phh.replay(h.with_fields(_raise_over_all_in=None))


STARS_PARTIAL = """\
PokerStars Hand #2002:  Omaha Pot Limit ($0.50/$1.00 USD) - 2012/04/01 10:00:00 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: Ann ($100 in chips)
Seat 2: Bob ($100 in chips)
Ann: posts small blind $0.50
Bob: posts big blind $1
*** HOLE CARDS ***
Ann: calls $0.50
Bob: checks
*** FLOP *** [2c 7d Ks]
Bob: checks
Ann: checks
*** TURN *** [2c 7d Ks] [9h]
Bob: checks
Ann: checks
*** RIVER *** [2c 7d Ks 9h] [3s]
Bob: checks
Ann: checks
*** SHOW DOWN ***
Bob: shows [Kd Kh 4c 5c] (three of a kind, Kings)
Ann: shows [Ah As]
Bob collected $1.90 from pot
*** SUMMARY ***
Total pot $2 | Rake $0.10
Board [2c 7d Ks 9h 3s]
Seat 1: Ann (button) (small blind) mucked [Ah As]
Seat 2: Bob (big blind) showed [Kd Kh 4c 5c] and won ($1.90) with three of a kind, Kings
"""


def test_a_partial_show_is_a_hand_not_shown_in_full() -> None:
    # `shows [Ah As]` of four cards: the hand is not shown in full, so it
    # is mucked at the showdown (docs/rules.md §5.9), not an error.
    h, stacks = replayed(STARS_PARTIAL)
    assert stacks == [D("100.9"), 99]
    assert h.fields["actions"][-2:] == ["p1 sm KdKh4c5c", "p2 sm"]


def test_a_partial_show_after_a_won_pot_is_a_courtesy() -> None:
    text = STARS_PARTIAL.replace("Ann: checks\n*** SHOW DOWN ***", "Ann: bets $2\nBob: folds\n")
    shows = "Bob: shows [Kd Kh 4c 5c] (three of a kind, Kings)\nAnn: shows [Ah As]\n"
    text = text.replace(shows, "").replace(
        "Bob collected $1.90 from pot\n",
        "Uncalled bet ($2) returned to Ann\nAnn collected $1.90 from pot\nAnn: shows [As]\n",
    )
    text = text.replace("(small blind) mucked [Ah As]", "(small blind) collected ($1.90)")
    text = text.replace(
        "showed [Kd Kh 4c 5c] and won ($1.90) with three of a kind, Kings",
        "folded on the River",
    )
    _, stacks = replayed(text)
    assert stacks == [99, D("100.9")]


@pytest.mark.parametrize(
    ("header", "variant", "hole"),
    [
        (
            "PokerStars Hand #2003: Tournament #99, $10+$1 USD 8-Game (Omaha Hi/Lo Limit)"
            " - Level I (10/20) - 2013/06/01 10:00:00 ET",
            "FO/8",
            4,
        ),
        (
            "PokerStars Hand #2003: Zoom Tournament #99, $24.55+$2.45 USD Mixed Omaha"
            " (5 Card Omaha Pot Limit) - Level II (10/20) - 2016/05/16 0:09:38 EET",
            "PO",
            5,
        ),
        (
            "PokerStars Home Game Hand #2003: {Room} Tournament #99, 100+9 8-Game (Omaha Pot"
            " Limit) - Match Round I, Level VIII (10/20) - 2013/06/01 10:00:00 ET",
            "PO",
            4,
        ),
    ],
)
def test_pokerstars_mixed_game_headers(header: str, variant: str, hole: int) -> None:
    body = (
        "Table '99 1' 6-max Seat #1 is the button\n"
        "Seat 1: Ann (1000 in chips)\nSeat 2: Bob (1000 in chips)\n"
        "Ann: posts small blind 5\nBob: posts big blind 10\n*** HOLE CARDS ***\n"
        "Ann: folds\nUncalled bet (5) returned to Bob\nBob collected 10 from pot\n"
        "*** SUMMARY ***\nTotal pot 10 | Rake 0\nSeat 1: Ann (button) (small blind) folded "
        "before Flop\nSeat 2: Bob (big blind) collected (10)\n"
    )
    h = one(header + "\n" + body)
    assert h.fields["variant"] == variant
    assert h.fields.get("_hole_card_count", 4) == hole
    assert h.fields["_tournament"] == "99"
    phh.replay(h)


def test_a_hand_the_site_cancelled_is_left_out_with_a_note() -> None:
    text = (
        "PokerStars Game #2004:  Omaha Pot Limit ($0.05/$0.10 USD) - 2009/03/15 6:20:33 ET\n"
        "Table 'W' 6-max Seat #1 is the button\nSeat 1: Ann ($11.65 in chips)\n"
        "Ann: posts small blind $0.05\nBob: is sitting out\nHand cancelled\n*** SUMMARY ***\n"
        "Seat 1: Ann (button) collected ($0)\n"
    )
    told: list[HistoryError] = []
    assert parse(text, "x.txt", on_cancelled=told.append) == []
    assert [str(e) for e in told] == [
        "x.txt, hand 2004, line 6: the site cancelled the hand (no chips moved): not converted: "
        "'Hand cancelled'"
    ]


# ------------------------------------------------------------ GGPoker

GG_STRADDLES = """\
Poker Hand #OM9001: PLO ($0.1/$0.25) - 2021/04/13 10:03:48
Table 'T' 6-max Seat #3 is the button
Seat 1: Ann ($5 in chips)
Seat 2: Bob ($20 in chips)
Seat 3: Cy ($10 in chips)
Seat 4: Dee ($30 in chips)
Dee: posts small blind $0.1
Ann: posts big blind $0.25
STRADDLES
*** HOLE CARDS ***
Dealt to Ann
Dealt to Bob
Dealt to Cy
Dealt to Dee
ACTIONS
*** SHOWDOWN ***
COLLECT
*** SUMMARY ***
Total pot TOTAL | Rake $0 | Jackpot $0 | Bingo $0
Seat 1: Ann (big blind) folded before Flop
Seat 2: Bob collected (WON)
Seat 3: Cy (button) folded before Flop (didn't bet)
Seat 4: Dee (small blind) folded before Flop
"""


def gg(straddles: str, actions: str, collect: str, total: str, won: str) -> str:
    return (
        GG_STRADDLES.replace("STRADDLES", straddles)
        .replace("ACTIONS", actions)
        .replace("COLLECT", collect)
        .replace("TOTAL", total)
        .replace("WON", won)
    )


def test_ggpoker_a_straddle_by_the_big_blind_is_its_total() -> None:
    # docs/rules.md §5.1: `straddle $0.5` by the big blind of $0.25 puts in
    # $0.25 more (the $0.5 is the total); Bob raises $1 over it to $1.5.
    text = gg(
        "Ann: straddle $0.5",
        "Bob: raises $1 to $1.5\nCy: folds\nDee: folds\nAnn: folds\n"
        "Uncalled bet ($1) returned to Bob",
        "Bob collected $1.1 from pot",
        "$1.1",
        "$1.1",
    )
    h, stacks = replayed(text)
    assert h.fields["blinds_or_straddles"] == [D("0.1"), D("0.5"), 0, 0]
    assert stacks == [D("29.9"), D("4.5"), D("20.6"), 10]


def test_ggpoker_a_re_straddle_all_in_restates_the_total() -> None:
    # Bob straddles $0.5, then again to his whole $20: the forced bet is
    # $20, and $19.75 above the big blind goes back uncalled.
    text = gg(
        "Bob: straddle $0.5\nBob: straddle $20 and is all-in",
        "Cy: folds\nDee: folds\nAnn: folds\nUncalled bet ($19.75) returned to Bob",
        "Bob collected $0.6 from pot",
        "$0.6",
        "$0.6",
    )
    h, stacks = replayed(text)
    assert h.fields["blinds_or_straddles"] == [D("0.1"), D("0.25"), 20, 0]
    assert stacks == [D("29.9"), D("4.75"), D("20.35"), 10]


def test_ggpoker_a_straddle_not_above_what_is_in_is_an_error() -> None:
    text = gg("Ann: straddle $0.25", "", "Bob collected $1.1 from pot", "$1.1", "$1.1")
    with pytest.raises(HistoryError, match=r"'Ann' straddles to 0\.25, not above their 0\.25"):
        parse(text, "x.txt")


# ------------------------------------------------------------ Winamax

WINAMAX_OOP = (
    "Winamax Poker - CashGame - HandId: #100-1-1600000000"
    " - Omaha pot limit (1€/2€) - 2016/11/15 08:31:17 UTC\n"
    """\
Table: 'T' 5-max (real money) Seat #2 is the button
Seat 1: Ann (100€)
Seat 2: Bob (100€)
Seat 3: Cy (100€)
Seat 4: Dee (100€)
Seat 5: Eve (100€)
*** ANTE/BLINDS ***
Zed deny BB 0€
Cy posts small blind 1€
Dee posts big blind 2€
Eve posts small blind 3€ out of position
Eve posts big blind 0€ out of position
Ann posts small blind 1€ out of position
*** PRE-FLOP ***
Eve checks
Ann calls 2€
Bob raises 5€ to 8€
Cy folds
Dee folds
Eve folds
Ann folds
Bob collected 16.50€ from pot
*** SUMMARY ***
Total pot 16.50€ | Rake 0.50€
Seat 2: Bob (button) won 16.50€
"""
)


def test_winamax_blinds_out_of_position() -> None:
    # docs/rules.md §8.3: Ann's small blind out of position is dead (Ann
    # still owes the whole $2 call); Eve's 3€ is both blinds in one (the big
    # blind live: Eve checks; the small blind dead), and her `big blind 0€`
    # is nothing. Winamax sizes Bob's raise over the most anyone has in,
    # dead blinds included (Eve's 3€: `raises 5€ to 8€`). The pot: 1 + 2 + 3
    # + 3 + 8 = 17€, raked 0.50€; Bob's 6€ nobody called is in his collect.
    h, stacks = replayed(WINAMAX_OOP)
    assert h.fields["_dead_blinds"] == [0, 0, 1, 1, 0]
    assert h.fields["_posted_blinds"] == [0, 0, 2, 0, 0]
    assert stacks == [99, 98, 97, 97, D("108.5")]
    # The 2021 format: `Table 'T'` without a colon, `*** FLOP ***: [..]`.
    newer = WINAMAX_OOP.replace("Table: 'T'", "Table 'T'")
    assert one(newer).fields["table"] == "T"


def test_winamax_a_raise_sized_without_the_dead_blind_is_an_error() -> None:
    text = WINAMAX_OOP.replace("Bob raises 5€ to 8€", "Bob raises 6€ to 8€")
    with pytest.raises(HistoryError, match=r"'Bob' raises by 7 to 8"):
        parse(text, "x.txt")


WINAMAX_RIVER = (
    "Winamax Poker - CashGame - HandId: #100-2-1600000000"
    " - Omaha pot limit (1€/2€) - 2021/04/12 11:48:13 UTC\n"
    """\
Table 'Nagoya' 5-max (real money) Seat #1 is the button
Seat 1: Ann (6€)
Seat 2: Bob (20€)
*** ANTE/BLINDS ***
Ann posts small blind 1€
Bob posts big blind 2€
*** PRE-FLOP ***
Ann calls 1€
Bob checks
*** FLOP ***: [2c 7d Ks]
Bob checks
Ann checks
*** TURN ***: [2c 7d Ks][9h]
Bob checks
Ann checks
*** RIVER ***: [2c 7d Ks 9h][3s]
Bob checks
Ann bets 4€ and is all-in
Bob raises 4€ to 8€
*** SHOW DOWN ***
Ann shows [Ah As Qd Jd] (One pair : Aces)
Bob shows [Kc Kh 4c 5c] (Trips of Kings)
Bob collected 16€ from pot
*** SUMMARY ***
Total pot 16€ | No rake
Board: [2c 7d Ks 9h 3s]
Seat 1: Ann (small blind) (button) showed [Ah As Qd Jd] and lost with One pair : Aces
Seat 2: Bob (big blind) showed [Kc Kh 4c 5c] and won 16€ with Trips of Kings
"""
)


def test_winamax_lets_a_player_raise_over_an_all_in_heads_up() -> None:
    # docs/rules.md §5.8, "always": Ann is all-in for 4€ on the river and
    # Bob raises to 8€; the 4€ nobody can match comes back in his collect
    # (Winamax writes no uncalled line): 2 + 2 + 4 + 8 = 16€.
    h, stacks = replayed(WINAMAX_RIVER)
    assert h.fields["_raise_over_all_in"] == "always"
    assert stacks == [26, 0]
    with pytest.raises(OmahaError, match="raising is closed"):
        phh.replay(h.with_fields(_raise_over_all_in="chips"))


def test_winamax_omaha8_hi_lo_pots() -> None:
    text = (
        WINAMAX_RIVER.replace("Omaha pot limit", "Omaha8 pot limit")
        .replace("Bob raises 4€ to 8€", "Bob calls 4€")
        .replace(
            "Bob collected 16€ from pot",
            "Bob collected 6€ from pot(HI)\nAnn collected 6€ from pot (LO)",
        )
        .replace("Ah As Qd Jd", "Ah As 4d 5d")
        .replace("Total pot 16€", "Total pot 12€")
    )
    text = text.replace("lost with One pair : Aces", "won 6€ with LO").replace(
        "won 16€ with", "won 6€ with"
    )
    h, stacks = replayed(text)
    assert h.fields["variant"] == "PO/8"
    assert stacks == [20, 6]


GG_SIDE_POT = """\
Poker Hand #OM9002: PLO ($1/$2) - 2021/04/13 16:21:36
Table 'T' 6-max Seat #3 is the button
Seat 1: Ann ($20 in chips)
Seat 2: Bob ($100 in chips)
Seat 3: Cy ($100 in chips)
Ann: posts small blind $1
Bob: posts big blind $2
*** HOLE CARDS ***
Dealt to Ann
Dealt to Bob
Dealt to Cy
Cy: raises $5 to $7
Ann: raises $13 to $20 and is all-in
Bob: calls $18
Cy: calls $13
*** FLOP *** [2c 7d Ks]
Bob: bets $30
Cy: calls $30
*** TURN *** [2c 7d Ks] [9h]
Bob: checks
Cy: checks
*** RIVER *** [2c 7d Ks 9h] [3s]
Bob: checks
Cy: checks
Bob: shows [Jc Jd 4c 5c] (a Pair of Jacks)
Cy: shows [Qc Qh 7c 7h] (Three of a Kind, Sevens)
Ann: shows [Ah As Kd Kh] (Three of a Kind, Kings)
*** SHOWDOWN ***
Ann collected $57 from pot
Cy collected $59 from pot
*** SUMMARY ***
Total pot $120 | Rake $3 | Jackpot $1 | Bingo $0
Board [2c 7d Ks 9h 3s]
Seat 1: Ann (small blind) showed [Ah As Kd Kh] and won ($57) with Three of a Kind, Kings
Seat 2: Bob (big blind) showed [Jc Jd 4c 5c] and lost with a Pair of Jacks
Seat 3: Cy (button) showed [Qc Qh 7c 7h] and won ($59) with Three of a Kind, Sevens
"""


def test_ggpoker_each_collect_comes_from_its_pot() -> None:
    # GGPoker writes one `collected ... from pot` per pot, the main pot
    # first: Ann's $57 is the $60 main pot less $3, Cy's $59 the $60 side
    # pot less $1. The fees are not in proportion to the pots ($2 and $2
    # would be): each pot pays out what the file says (docs/rules.md §4.9).
    h, stacks = replayed(GG_SIDE_POT)
    assert [(p["pot"], p["amount"]) for p in h.fields["_pots"]] == [(1, 57), (2, 59)]
    assert stacks == [57, 50, 109]
    assert h.fields["_fees"] == {"Rake": 3, "Jackpot": 1, "Bingo": 0}


def test_ggpoker_all_in_insurance_is_a_side_bet_with_the_house() -> None:
    text = GG_SIDE_POT.replace(
        "*** TURN ***",
        "Ann: get an all-in insurance (premium ($0/$4/$0) for ($0/$10.8/$0)"
        " - (Mandatory/Main/Sub))\n*** TURN ***",
    ).replace("*** SHOWDOWN ***", "Ann: pay premium of all-in insurance ($4)\n*** SHOWDOWN ***")
    h, stacks = replayed(text)
    assert h.fields["_insurance_premiums"] == {"Ann": 4}
    assert stacks == [57, 50, 109]  # what the pots pay; the premium is outside them


GG_NLO = (paths.DATA / "hh" / "ggpoker" / "own_gg_nlo_postflop_mtt.txt").read_text("utf-8")
"""Two hands of GGPoker's ``Omaha (NL postflop)``, written for these tests: pot-size raises
before the flop, overbets after it (blinds 100/200, antes 25)."""


def test_ggpoker_nl_postflop_is_pot_limit_before_the_flop_and_no_limit_after() -> None:
    first, second = parse(GG_NLO, "gg.txt")
    for h in (first, second):
        assert (h.variant, h.betting, h.fields["_pot_limit_preflop"]) == ("NO", "pot-preflop", True)
        assert h.structure() == PotLimitPreflop(
            100, 200, blinds_or_straddles=(100, 200, 0, 0), antes=25
        )
        assert phh.replay(h).complete  # every stated amount checked
    # Hand 1: the raise to 800 is the pot (B 200 + P 400 + C 200, docs/rules.md §6.2),
    # the flop bet of 5000 into 1900 an overbet, no limit after the flop (§6.3).
    assert first.fields["finishing_stacks"] == [2000, 9775, 20250, 9975]
    # Hand 2: the small blind's re-raise to 2700 is the pot (B 800 + P 1200 + C 700),
    # then an all-in of 7050 into 5700 on the flop.
    assert second.fields["finishing_stacks"] == [12750, 20025, 7250, 1975]


def test_ggpoker_nl_postflop_a_raise_over_the_pot_before_the_flop_is_refused() -> None:
    hand = GG_NLO.split("\n\n\n")[0]
    for old, new in (
        ("raises 600 to 800", "raises 601 to 801"),
        ("Bravo: calls 700", "Bravo: calls 701"),
        ("bets 4,175", "bets 4,174"),
        ("calls 4,175", "calls 4,174"),
    ):
        hand = hand.replace(old, new)
    (h,) = parse(hand, "gg.txt")
    with pytest.raises(OmahaError, match="raise to 801 exceeds the pot-limit maximum of 800"):
        phh.replay(h)
    (no_limit,) = parse(hand.replace("Omaha (NL postflop)", "Omaha No Limit"), "gg.txt")
    assert phh.replay(no_limit).complete  # the same hand is legal at no limit
    pot_limit = GG_NLO.replace("Omaha (NL postflop)", "Omaha Pot Limit")
    with pytest.raises(OmahaError, match="raise to 5000 exceeds the pot-limit maximum of 1900"):
        phh.replay(parse(pot_limit, "gg.txt")[0])


def _cash_drop(text: str) -> str:
    return text.replace("Ann: posts small", "Cash Drop to Pot : total $2\nAnn: posts small")


def test_ggpoker_a_cash_drop_is_the_house_money_in_the_main_pot() -> None:
    # docs/rules.md §4.12: the $2 of the house go to the main pot (Ann's 3 x $20 and
    # the $2: $62, less $3 of rake, $59 to Ann); the side pot is unchanged; the
    # stacks end $2 richer, less the rake and jackpot of $4.
    text = _cash_drop(GG_SIDE_POT)
    text = text.replace("Ann collected $57", "Ann collected $59").replace("won ($57)", "won ($59)")
    text = text.replace("Total pot $120", "Total pot $122")
    h, stacks = replayed(text)
    assert h.fields["_house_money"] == 2
    assert stacks == [59, 50, 109] and sum(stacks) == 220 + 2 - 4


def test_ggpoker_a_cash_drop_the_pots_leave_out_does_not_add_up() -> None:
    # the same hand with the drop but the site's amounts of the hand without it
    with pytest.raises(HistoryError, match=r"hand OM9002.*do not add up"):
        parse(_cash_drop(GG_SIDE_POT), "x.txt")


# ------------------------------------------------------------ detection


def test_a_run_it_once_file_is_not_taken_for_ggpoker() -> None:
    from omaha.history import detect

    text = "Run It Once Poker Hand #1:  Omaha Pot Limit (€0.25/€0.50) - 2019/08/14 17:55 UTC\n"
    assert detect(text) is None
    assert detect("\n" + GG_SIDE_POT) == "ggpoker"
    with pytest.raises(HistoryError, match="a hand history of Run It Once Poker: not a format"):
        parse(text, "rio.txt")


@pytest.mark.parametrize(
    ("first", "site"),
    [
        ("***** History for hand R5-21973400-50 *****", "OnGame"),
        ('<game id="33781219-10" starttime="20110428130032" numholecards="4">', "Merge Gaming"),
        ('<Game hhversion="5" id="5959022064" date="2016-03-25 00:46:30" x="1">', "Microgaming"),
        ('<HAND time="1291155932" id="6351562000" index="0">', "Everest Poker"),
        ("PokerMaster Hand #1905261509100000: Omaha Pot Limit ($15/$30 USD)", "PokerMaster"),
    ],
)
def test_the_formats_of_sites_that_closed_are_refused_clearly(first: str, site: str) -> None:
    with pytest.raises(HistoryError, match=f"a hand history of {site}: not a format"):
        parse(first + "\n", "old.txt")


def test_a_mixed_game_s_other_games_are_not_omaha() -> None:
    # `Mixed NLH/PLO (Hold'em No Limit, ...)`: the game is the one in the parentheses.
    text = STARS_PARTIAL.replace(
        "Omaha Pot Limit ($0.50/$1.00 USD)", "Mixed NLH/PLO (Hold'em No Limit, $0.50/$1.00 USD)"
    )
    with pytest.raises(HistoryError, match='not an Omaha hand: "Hold\'em No Limit"'):
        parse(text, "x.txt")
    text = text.replace("Hold'em No Limit", "Omaha Pot Limit")
    assert one(text).fields["variant"] == "PO"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Omaha Pot Limit ($0.50/$1.00 USD)", "Courchevel Pot Limit ($0.50/$1.00 USD)"),
        ("Omaha Pot Limit ($0.50/$1.00 USD)", "Courchevel Hi/Lo Pot Limit ($0.50/$1.00 USD)"),
    ],
)
def test_courchevel_is_refused_naming_the_game(old: str, new: str) -> None:
    with pytest.raises(HistoryError, match=r"hand 2002, line 1: '.*' is Courchevel \(a board"):
        parse(STARS_PARTIAL.replace(old, new), "x.txt")
    ft = FT_NOISE.replace("Pot Limit Omaha Hi", "PL Courchevel Hi")
    with pytest.raises(HistoryError, match=r"hand 1001, line 1: 'PL Courchevel Hi' is Courchevel"):
        parse(ft, "x.txt")
    wx = WINAMAX_OOP.replace("Omaha pot limit", "Courchevel pot limit")
    with pytest.raises(HistoryError, match=r"line 1: 'Courchevel pot limit' is Courchevel \(a"):
        parse(wx, "x.txt")


def test_full_tilt_splits_a_pot_in_its_smallest_chip() -> None:
    # docs/rules.md §4.1: the odd chip is the table's smallest. Full Tilt's
    # tables play in the unit their amounts show (here nickels: every stack,
    # bet and collect is a multiple of $0.05), and split $2.85 (a $3 pot less
    # $0.15) as $1.45 high and $1.40 low, not $1.43 and $1.42.
    text = (
        FT_HILO_2006.replace("Rake $0.10", "Rake $0.15")
        .replace("low pot ($1.45)", "low pot ($1.40)")
        .replace(
            "Ann (button) showed [7d 2c Ks Ad] and won ($1.45)",
            "Ann (button) showed [7d 2c Ks Ad] and won ($1.40)",
        )
    )
    h, stacks = replayed(text)
    assert h.fields["_chip"] == D("0.05")
    assert stacks == [D("100.45"), 99, D("100.4")]
    with pytest.raises(OmahaError, match="the replay gives"):
        phh.replay(h.with_fields(_chip=None))
    assert "_chip" not in one(FT_NOISE).fields  # no pot shared: nothing to say


@pytest.mark.parametrize(
    ("text", "reader"),
    [
        (GG_SIDE_POT.replace("PLO ($1/$2)", "PLO [$1/$2]"), "GGPoker hand's first line"),
        (GG_SIDE_POT.replace("Bob: checks", "Bob: checks twice"), "GGPoker reader"),
        (GG_SIDE_POT.replace("Cy: calls $30", "Cy calls quickly $30"), "GGPoker reader"),
        (WINAMAX_RIVER.replace("Bob checks\nAnn bets", "Bob calls it\nAnn bets"), "Winamax reader"),
        (FT_NOISE.replace("Board: [2c", "Boards: [2c"), "summary line the Full Tilt Poker reader"),
    ],
)
def test_each_reader_names_itself(text: str, reader: str) -> None:
    with pytest.raises(HistoryError, match=reader):
        parse(text, "x.txt")


def test_a_file_with_a_blank_line_after_every_line_is_a_clear_error() -> None:
    # Some exports double every line end: the seats are not where they belong.
    text = "\n\n".join(FT_NOISE.splitlines()) + "\n"
    with pytest.raises(
        HistoryError, match="hand 1001, line 2: a blank line where the seats belong"
    ):
        parse(text, "x.txt")
