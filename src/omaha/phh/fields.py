"""The PHH fields this package reads and writes, and the rules they share.

PHH defines ``PO`` (pot-limit Omaha) and ``FO/8`` (fixed-limit Omaha hi-lo,
eight or better). Following PHH's pattern (``F``/``P``/``N`` for the betting
structure, ``O`` for Omaha, ``/8`` for the eight-or-better split), this
package also reads and writes ``FO``, ``NO``, ``PO/8`` and ``NO/8``.

House rules other than the defaults are user-defined fields (PHH's leading
underscore): :data:`HOLE_COUNT_FIELD` (5- or 6-card Omaha), :data:`CAP_FIELD`
and :data:`HU_UNLIMITED_FIELD` (fixed limit), :data:`BB_ANTE_FIELD` (a
big-blind ante written outright), :data:`CHIP_FIELD` (the smallest chip in
play, when it is not 1), :data:`ALL_IN_MUCK_FIELD` (a muck allowed at an
all-in showdown), :data:`RAISE_OVER_ALL_IN_FIELD` (who must be left to
answer a raise, docs/rules.md §5.8), :data:`HAND_CAP_FIELD` (a capped game,
§6.4), :data:`POT_LIMIT_PREFLOP_FIELD` (a no-limit variant played pot limit
before the flop, §6.5), :data:`ODD_CHIPS_FIELD` (where a shared low half's odd chips go, §4),
:data:`HEADS_UP_ORDER_FIELD` (two players in the order of a full table, §5.4).

The rules of real tables have fields of their own, for PHH has none
(docs/rules.md §4.9, §4.10, §8): :data:`POSTED_FIELD` and
:data:`DEAD_FIELD` (blinds posted out of position, live and dead),
:data:`RUN_BOARDS_FIELD` (the later boards of a hand run more than once),
and what a site history states about the result, which a replay checks
(:meth:`omaha.phh.Replay.check`): PHH's own ``winnings`` (collected, after
the rake) and :data:`RAKE_FIELD` (the rake, jackpot and fees included, as
one amount), :data:`FEES_FIELD` (the parts of it, as the site names them),
:data:`TOTAL_POT_FIELD` (the pot before the rake), :data:`POTS_FIELD`
(each pot, or each board's share of it, after the rake, and who won it),
:data:`UNCALLED_FIELD` (the uncalled bet returned), :data:`CASH_OUT_FIELD`
(what a player who cashed out an all-in hand was paid instead of the pots),
:data:`BEHIND_FIELD` (chips kept out of play by a site's all-in protection).
Informational:
:data:`BUTTON_SEAT_FIELD` (the button's seat, when no player dealt in sits
there: a dead button), :data:`SITTING_OUT_FIELD` (players at the table
dealt no cards), :data:`TOURNAMENT_FIELD`. The reader of a file
(:mod:`omaha.phh.history`) and the writer (:mod:`omaha.phh.record`) share
the rules here, so that what is written reads back the same.

Examples
--------
>>> VARIANTS["PO/8"], variant_code(StructureKind.NO_LIMIT, "hi")
(('pot', 'hilo'), 'NO')
>>> lone_big_blind_ante([0, 5, 0], [1, 2, 0]), lone_big_blind_ante([0, 5, 0], [2, 0, 0])
(5, None)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from omaha.games import GameName
from omaha.structures import StructureKind, big_blind_position

__all__ = [
    "ALL_IN_MUCK_FIELD",
    "AMOUNT_FIELDS",
    "BB_ANTE_FIELD",
    "BEHIND_FIELD",
    "BUTTON_SEAT_FIELD",
    "Betting",
    "CAP_FIELD",
    "CASH_OUT_FIELD",
    "CHIP_FIELD",
    "DEAD_FIELD",
    "EXTENSION_VARIANTS",
    "FEES_FIELD",
    "HAND_CAP_FIELD",
    "HEADS_UP_ORDER_FIELD",
    "HOLE_COUNT_FIELD",
    "HU_UNLIMITED_FIELD",
    "LIST_FIELDS",
    "ODD_CHIPS_FIELD",
    "POSTED_FIELD",
    "POTS_FIELD",
    "POT_LIMIT_PREFLOP_FIELD",
    "RAISE_OVER_ALL_IN_FIELD",
    "RAKE_FIELD",
    "RAKE_MAIN_FIELD",
    "REQUIRED_BY_BETTING",
    "REQUIRED_COMMON",
    "RUN_BOARDS_FIELD",
    "SITTING_OUT_FIELD",
    "STANDARD_VARIANTS",
    "TOTAL_POT_FIELD",
    "TOURNAMENT_FIELD",
    "UNCALLED_FIELD",
    "VARIANTS",
    "betting_of",
    "blinds_reversed",
    "lone_big_blind_ante",
    "variant_code",
    "variant_fields",
]

Betting = Literal["fixed", "pot", "no", "pot-preflop"]
"""A hand's betting structure: fixed limit, pot limit, no limit, or pot limit before the flop
and no limit after it (a no-limit variant with :data:`POT_LIMIT_PREFLOP_FIELD`, §6.5)."""
"""A variant's game: Omaha High, or Hi-Lo eight or better."""

VARIANTS: dict[str, tuple[Betting, GameName]] = {
    "FO": ("fixed", "hi"),
    "FO/8": ("fixed", "hilo"),
    "NO": ("no", "hi"),
    "NO/8": ("no", "hilo"),
    "PO": ("pot", "hi"),
    "PO/8": ("pot", "hilo"),
}
"""Variant code -> (betting structure, game) for every Omaha code read and written."""
STANDARD_VARIANTS = frozenset({"FO/8", "PO"})
"""The Omaha variant codes that PHH itself defines."""
EXTENSION_VARIANTS = frozenset(VARIANTS) - STANDARD_VARIANTS
"""The codes this package adds in PHH's pattern: ``FO``, ``NO``, ``NO/8``, ``PO/8``."""

REQUIRED_COMMON = ("variant", "antes", "blinds_or_straddles", "starting_stacks", "actions")
"""Fields every hand has."""
REQUIRED_BY_BETTING: dict[str, tuple[str, ...]] = {
    "fixed": ("small_bet", "big_bet"),
    "pot": ("min_bet",),
    "no": ("min_bet",),
    "pot-preflop": ("min_bet",),
}
"""Fields each betting structure needs."""

HOLE_COUNT_FIELD = "_hole_card_count"
"""Hole cards per player: 4 (the default), 5 or 6."""
CAP_FIELD = "_cap"
"""Fixed limit: the cap in bets per round (4 by default)."""
HU_UNLIMITED_FIELD = "_heads_up_unlimited"
"""Fixed limit: no cap while only two players are in the hand."""
BB_ANTE_FIELD = "_big_blind_ante"
"""A big-blind ante written outright (then ``antes`` are per position)."""
CHIP_FIELD = "_chip"
"""The smallest chip in play, in the file's units (1 chip by default; docs/rules.md §4.1)."""
ALL_IN_MUCK_FIELD = "_all_in_muck"
"""``true``: a muck is allowed at an all-in showdown (by default every hand is shown, §5.9)."""
HAND_CAP_FIELD = "_hand_cap"
"""Pot and no limit: the most each player may put in during the hand, a capped game (§6.4)."""
POT_LIMIT_PREFLOP_FIELD = "_pot_limit_preflop"
"""``true``: a no-limit variant (``NO``, ``NO/8``) is played pot limit before the flop, no limit
on the flop, turn and river (:class:`omaha.PotLimitPreflop`, docs/rules.md §6.5: GGPoker's
``Omaha (NL postflop)``). PHH has no variant for it; a reader that ignores the field replays
the hand as no limit, where every pot-limit raise is legal too."""
RAISE_OVER_ALL_IN_FIELD = "_raise_over_all_in"
"""``"chips"`` or ``"always"``: the table option ``raise_over_all_in`` (§5.8; ``"callable"``
by default): a raise allowed over an all-in when another player has chips behind but fewer
than the call (as PokerStars deals), or whoever is left (as Winamax deals)."""
ODD_CHIPS_FIELD = "_odd_chips"
"""``"high"``: the table option ``odd_chips`` (§4 rule 4; ``"position"`` by default): the chips
a low half shared by several players leaves over go to the high hand (as Bovada deals)."""
HEADS_UP_ORDER_FIELD = "_heads_up_order"
"""``"ring"``: the table option ``heads_up_order`` (§5.4; ``"button_small_blind"`` by default):
two players play in the order of a full table (as the Winning Poker Network dealt a table gone
down to two): ``p1`` posts the small blind and acts first on every street, the button ``p2``
posts the big blind, and ``blinds_or_straddles`` is read as at a full table, not reversed."""
POSTED_FIELD = "_posted_blinds"
"""Live blinds posted out of position, per player (a new or returning player, §8.3)."""
DEAD_FIELD = "_dead_blinds"
"""Dead blinds, per player: into the pot, never part of the bet (a missed small blind, §8.3)."""
RUN_BOARDS_FIELD = "_run_boards"
"""The boards after the first, each as the cards it adds to those all boards share (§4.10)."""
RAKE_MAIN_FIELD = "_rake_from_main_pot"
"""``true``: the rake (without ``_pots``) comes from the main pot first, then each side pot
(``omaha.RecordedRake(main_first=True)``; as the Winning Poker Network's older files show)."""
RAKE_FIELD = "_rake"
"""The chips the house took from the pots: rake, jackpot and fees together (§4.9)."""
FEES_FIELD = "_fees"
"""The parts of the rake as the site names them (``{Rake = 7.5, Jackpot = 5}``); informational."""
TOTAL_POT_FIELD = "_total_pot"
"""The pot as the site states it: every pot before the rake, the uncalled bet excluded."""
POTS_FIELD = "_pots"
"""Each pot (``pot`` 1 is the main pot) or one board's share of it (``run``), after the rake:
``{pot = 2, amount = 0.88, won = {p3 = 0.88}}``."""
BEHIND_FIELD = "_behind"
"""Chips of each player kept out of play for the hand and theirs again at its end: a site's
all-in protection (a disconnected player plays on for what they have put in, §4.11)."""
CASH_OUT_FIELD = "_cash_out"
"""What each player was paid for cashing out an all-in hand, instead of what the pots pay them."""
UNCALLED_FIELD = "_uncalled"
"""The uncalled bet returned, per player (at most one non-zero entry, §4.6)."""
BUTTON_SEAT_FIELD = "_button_seat"
"""The button's seat number when no player dealt in sits there (a dead button, §5.10)."""
SITTING_OUT_FIELD = "_sitting_out"
"""The names of players at the table dealt no cards (sitting out or waiting, §8.1)."""
TOURNAMENT_FIELD = "_tournament"
"""A tournament's number at the site."""
HOUSE_FIELD = "_house_money"
"""Chips the house added to the main pot before the deal, from no player's stack (a site's
promotion: GGPoker's Cash Drop, §4.12); the finishing stacks hold that much more than the
starting stacks, less the rake."""

AMOUNT_FIELDS = (
    "antes",
    "blinds_or_straddles",
    "bring_in",
    BB_ANTE_FIELD,
    CHIP_FIELD,
    HAND_CAP_FIELD,
    "small_bet",
    "big_bet",
    "min_bet",
    "starting_stacks",
    "finishing_stacks",
    "winnings",
    POSTED_FIELD,
    DEAD_FIELD,
    RAKE_FIELD,
    TOTAL_POT_FIELD,
    UNCALLED_FIELD,
    CASH_OUT_FIELD,
    BEHIND_FIELD,
    HOUSE_FIELD,
)
"""Fields that hold chip amounts (scalars or lists), in the file's units.

:data:`POTS_FIELD` and :data:`FEES_FIELD` hold amounts too, inside tables."""
LIST_FIELDS = (
    "antes",
    "blinds_or_straddles",
    "starting_stacks",
    "finishing_stacks",
    "winnings",
    POSTED_FIELD,
    DEAD_FIELD,
    UNCALLED_FIELD,
    CASH_OUT_FIELD,
    BEHIND_FIELD,
)
"""The amount fields that are lists, one entry per player."""

_LETTER = {
    StructureKind.FIXED_LIMIT: "F",
    StructureKind.POT_LIMIT: "P",
    StructureKind.NO_LIMIT: "N",
    StructureKind.POT_LIMIT_PREFLOP: "N",  # with POT_LIMIT_PREFLOP_FIELD
}


def variant_code(kind: StructureKind, game: GameName) -> str:
    """Return the variant code of a structure kind and a game (``"PO/8"``).

    Pot limit before the flop is written as no limit (``"NO"``), with
    :data:`POT_LIMIT_PREFLOP_FIELD` (see :func:`betting_of`).
    """
    return f"{_LETTER[kind]}O" + ("/8" if game == "hilo" else "")


_KIND_OF_BETTING: dict[Betting, StructureKind] = {
    "fixed": StructureKind.FIXED_LIMIT,
    "pot": StructureKind.POT_LIMIT,
    "no": StructureKind.NO_LIMIT,
    "pot-preflop": StructureKind.POT_LIMIT_PREFLOP,
}


def variant_fields(betting: Betting, game: GameName) -> dict[str, Any]:
    """Return the PHH fields that say a hand's betting and game: the inverse of :func:`betting_of`.

    ``variant``, and for ``"pot-preflop"`` :data:`POT_LIMIT_PREFLOP_FIELD` too.

    >>> variant_fields("pot", "hilo"), variant_fields("pot-preflop", "hi")
    ({'variant': 'PO/8'}, {'variant': 'NO', '_pot_limit_preflop': True})
    """
    kind = _KIND_OF_BETTING[betting]
    fields: dict[str, Any] = {"variant": variant_code(kind, game)}
    if kind is StructureKind.POT_LIMIT_PREFLOP:
        fields[POT_LIMIT_PREFLOP_FIELD] = True
    return fields


def betting_of(variant: str, pot_limit_preflop: object = False) -> Betting:
    """Return the betting structure of a variant code and :data:`POT_LIMIT_PREFLOP_FIELD`.

    The one reading of the field: ``"pot-preflop"`` for a no-limit variant
    with the field ``true``, else the variant's own structure (a field on
    another variant is an error the reader reports).

    >>> betting_of("NO", True), betting_of("NO/8"), betting_of("PO")
    ('pot-preflop', 'no', 'pot')
    """
    betting = VARIANTS[variant][0]
    return "pot-preflop" if betting == "no" and pot_limit_preflop is True else betting


def blinds_reversed(players: int, heads_up_order: object) -> bool:
    """Whether PHH lists a hand's ``blinds_or_straddles`` reversed (two players, not ring).

    PHH applies two players' blinds reversed: the button's small blind is
    the second entry. A hand played in the order of a full table
    (``heads_up_order="ring"``, :data:`HEADS_UP_ORDER_FIELD`, docs/rules.md
    §5.4) is written as at a full table, the small blind first.

    Parameters
    ----------
    players : int
        Players dealt in.
    heads_up_order : str or None
        The table option (None: the default, ``"button_small_blind"``).

    >>> blinds_reversed(2, "button_small_blind"), blinds_reversed(2, "ring")
    (True, False)
    >>> blinds_reversed(3, None)
    False
    """
    return players == 2 and heads_up_order != "ring"


def lone_big_blind_ante(antes: Sequence[int], blinds_or_straddles: Sequence[int]) -> int | None:
    """Return the big-blind ante that PHH's ``antes`` give, or None (per-position antes).

    PHH writes a big-blind ante as the big blind's entry in ``antes``: a
    single non-zero ante, at the big blind's position
    (:func:`omaha.structures.big_blind_position`), where a blind is posted.
    Anything else is per-position antes (or none).

    Parameters
    ----------
    antes, blinds_or_straddles : sequence of int
        Per position, in chips.
    """
    nonzero = [i for i, a in enumerate(antes) if a]
    position = big_blind_position(blinds_or_straddles)
    if (
        len(nonzero) == 1
        and len(antes) > 1
        and nonzero[0] == position
        and position < len(blinds_or_straddles)
        and blinds_or_straddles[position]
    ):
        return antes[position]
    return None
