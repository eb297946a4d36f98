"""The poker table and its seats: :class:`Table` (docs/rules.md §5.10, §8).

A :class:`Table` holds the seats' stacks, the button, the game (Omaha High or
Hi-Lo, 4 hole cards by default), the betting structure and the house
options. Players come and go between hands (:mod:`omaha.seating`).
``table.deal()`` decides who plays, shuffles or takes the given cards and
starts a :class:`~omaha.hand.Hand`, the state machine of one hand; when the
hand is over the table takes its stacks and moves the button (§5.10).

Examples
--------
>>> from omaha import PotLimit
>>> table = Table([200, 200, 200], PotLimit(1, 2), button=0)
>>> hand = table.deal(seed=7)
>>> hand.raise_to(7); hand.fold(); hand.fold()
>>> table.stacks, table.button
((203, 199, 198), 1)
"""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence

from omaha.betting import RAISE_OVER_ALL_IN, RaiseOverAllIn, structure_kind
from omaha.cards import BOARD_SIZES, MAX_PLAYERS, Cards, as_cards, require_distinct
from omaha.errors import ArgumentError, ArgumentTypeError, InvalidCardError, quote
from omaha.games import Game, GameName, check_game
from omaha.hand import Hand, RakePolicy
from omaha.pots import ODD_CHIPS, OddChips
from omaha.seating import (
    ButtonRule,
    HeadsUpOrder,
    SeatInfo,
    Seating,
    SeatState,
    with_straddles,
)
from omaha.streets import after_board
from omaha.structures import BettingStructure

__all__ = ["Table"]


def _check_stack(value: object, seat: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentError(
            f"stack of seat {seat} must be an integer number of chips, got {quote(value)}"
        )
    if value < 0:
        raise ArgumentError(f"stack of seat {seat} must be non-negative, got {quote(value)}")
    return value


class Table:
    """Seats with integer stacks, the button, the game and the betting structure.

    Parameters
    ----------
    stacks : sequence of int
        Chips of each seat (2 to 10 seats; 8 with 5 hole cards, 7 with 6).
        A seat with 0 chips is skipped when dealing.
    structure : FixedLimit, PotLimit, NoLimit or PotLimitPreflop
        The betting structure and forced bets.
    button : int, default 0
        The seat of the button (it must have chips).
    game : {"hi", "hilo"}, default "hi"
        Omaha High, or Omaha Hi-Lo eight or better.
    hole_count : {4, 5, 6}, default 4
        Hole cards per player.
    chip : int, default 1
        The smallest chip in play: pots are split in whole chips of this
        size (docs/rules.md §4, odd chips).
    rake : callable, optional
        ``rake(hand, pots) -> pots``: takes the rake from the pots after
        they are built and before they are awarded, returning pots with the
        same eligible players and smaller (or equal) amounts; the difference
        is :attr:`HandResult.rake`. :func:`omaha.pots.take_rake` splits an
        amount across the pots.
    all_in_muck : bool, default False
        Allow a muck at an all-in showdown. By default, once a player is
        all-in and betting is over with board cards still to come, every
        live hand is turned face up (docs/rules.md §5.9), so
        :meth:`Hand.muck` is refused there; a replay of a site history in
        which such a player mucks sets it.
    raise_over_all_in : {"callable", "chips", "always"}, default "callable"
        Who must be left to answer a bet or raise (docs/rules.md §5.8): by
        default a player may raise only if another player still in the hand
        could call more than the bet already made; ``"chips"`` (as
        PokerStars deals) if another has chips behind, even fewer than the
        call; ``"always"`` (as Winamax deals) even when every other player
        is all-in. What nobody matches goes back as the uncalled bet.
    odd_chips : {"position", "high"}, default "position"
        Where the odd chips of a low half shared by several players go
        (docs/rules.md §4, rule 4): by default to the sharing players from
        the first left of the button; ``"high"`` (as Bovada deals) to the
        high half's winner.
    button_rule : {"moving", "dead"}, default "moving"
        How the button moves (docs/rules.md §5.10): to the next player
        playing, or (``"dead"``, TDA) the big blind moves one player every
        hand and the button follows the blinds, even onto an empty seat.
        With ``"dead"`` the first button may be on an empty seat.
    heads_up_order : {"button_small_blind", "ring"}, default "button_small_blind"
        Who posts which blind when two play (docs/rules.md §5.4): the button
        posts the small blind, acts first before the flop and last after it;
        or (``"ring"``, as the Winning Poker Network dealt a table gone down
        to two) the order of a full table, the button last: the other
        player posts the small blind and acts first on every street, the
        button posts the big blind.

    Players come and go between hands (docs/rules.md §8):
    :meth:`sit_out`, :meth:`sit_in`, :meth:`join`, :meth:`rebuy` and
    :meth:`leave`; :meth:`seat_info` tells a seat's state and debts. A
    player who busts stays seated, sitting out, until they buy in again
    or leave.

    Raises
    ------
    ValueError
        A bad stack, seat count, button, game, hole count or chip (the
        message names the bad value), or more players than the deck can serve.
    TypeError
        If ``structure`` is not a betting structure.
    """

    __slots__ = (
        "_hand",
        "_hole_count",
        "_seating",
        "_stacks",
        "all_in_muck",
        "chip",
        "game",
        "odd_chips",
        "raise_over_all_in",
        "rake",
        "structure",
    )

    def __init__(
        self,
        stacks: Sequence[int],
        structure: BettingStructure,
        *,
        button: int = 0,
        game: GameName = "hi",
        hole_count: int = 4,
        chip: int = 1,
        rake: RakePolicy | None = None,
        all_in_muck: bool = False,
        button_rule: ButtonRule = "moving",
        raise_over_all_in: RaiseOverAllIn = "callable",
        odd_chips: OddChips = "position",
        heads_up_order: HeadsUpOrder = "button_small_blind",
    ) -> None:
        structure_kind(structure)  # a TypeError for anything but a structure
        if isinstance(chip, bool) or not isinstance(chip, int) or chip < 1:
            raise ArgumentError(f"chip must be a positive integer, got {quote(chip)}")
        if rake is not None and not callable(rake):
            raise ArgumentError(
                f"rake must be a callable rake(hand, pots) -> pots, got {quote(rake)}"
            )
        if not isinstance(all_in_muck, bool):
            raise ArgumentError(f"all_in_muck must be True or False, got {quote(all_in_muck)}")
        if not isinstance(raise_over_all_in, str) or raise_over_all_in not in RAISE_OVER_ALL_IN:
            raise ArgumentError(
                f"raise_over_all_in must be 'callable', 'chips' or 'always', "
                f"got {quote(raise_over_all_in)}"
            )
        if not isinstance(odd_chips, str) or odd_chips not in ODD_CHIPS:
            raise ArgumentError(f"odd_chips must be 'position' or 'high', got {quote(odd_chips)}")
        checked_game = check_game(game)
        if isinstance(hole_count, bool) or not isinstance(hole_count, int):
            raise ArgumentError(f"hole_count must be 4, 5 or 6, got {quote(hole_count)}")
        if hole_count not in MAX_PLAYERS:
            raise ArgumentError(f"hole_count must be 4, 5 or 6, got {quote(hole_count)}")
        if isinstance(stacks, str | bytes) or not hasattr(stacks, "__len__"):
            raise ArgumentError(f"stacks must be a sequence of chip counts, got {quote(stacks)}")
        checked = [_check_stack(v, i) for i, v in enumerate(stacks)]
        most = MAX_PLAYERS[hole_count]
        if not 2 <= len(checked) <= most:
            raise ArgumentError(
                f"a table of {hole_count}-card Omaha has 2 to {most} seats "
                f"(the deck serves {most} players), got {len(checked)}"
            )
        if isinstance(button, bool) or not isinstance(button, int):
            raise ArgumentError(f"button must be a seat index, got {quote(button)}")
        if not 0 <= button < len(checked):
            raise ArgumentError(f"button {quote(button)} is not a seat (0..{len(checked) - 1})")
        if button_rule not in ("moving", "dead"):
            raise ArgumentError(f"button_rule must be 'moving' or 'dead', got {quote(button_rule)}")
        if checked[button] == 0 and button_rule == "moving":
            raise ArgumentError(f"the button seat {button} has no chips")
        self.structure = structure
        self.game: Game = checked_game
        self._hole_count = hole_count
        self._stacks = checked
        self._seating = Seating(checked, button, button_rule, heads_up_order)
        self._hand: Hand | None = None
        self.chip = chip
        self.rake = rake
        self.all_in_muck = all_in_muck
        self.raise_over_all_in: RaiseOverAllIn = raise_over_all_in
        self.odd_chips: OddChips = odd_chips

    def __repr__(self) -> str:
        return (
            f"Table(stacks={list(self._stacks)}, structure={quote(self.structure)}, "
            f"button={self.button}, game={quote(self.game.value)}, hole_count={self._hole_count})"
        )

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips of each seat between hands."""
        return tuple(self._stacks)

    @property
    def button(self) -> int:
        """The seat of the button for the next hand (an empty seat, under the dead-button rule)."""
        return self._seating.button

    @property
    def button_rule(self) -> ButtonRule:
        """``"moving"`` or ``"dead"`` (docs/rules.md §5.10)."""
        return self._seating.rule

    @property
    def heads_up_order(self) -> HeadsUpOrder:
        """``"button_small_blind"`` or ``"ring"``: the order when two play (docs/rules.md §5.4)."""
        return self._seating.heads_up_order

    # ------------------------------------------------------------ seats

    def seat_info(self, seat: int) -> SeatInfo:
        """Return a seat's state (playing, sitting out, waiting, empty) and the blinds it owes.

        Raises
        ------
        ValueError
            ``seat`` is no seat.
        """
        info = self._seating.info(seat)
        return info

    def _not_in_hand(self, seat: int, what: str) -> None:
        hand = self._hand
        if hand is not None and not hand.is_over and seat in hand.seats:
            raise ArgumentError(f"cannot {what} seat {seat}: it is in the hand being played")

    def sit_out(self, seat: int) -> None:
        """Sit the player at ``seat`` out from the next hand: dealt no cards, posting nothing.

        The blinds that pass a player sitting out are owed (docs/rules.md
        §8.1): a dead small blind, a live big blind.

        Raises
        ------
        ValueError
            Nobody sits at ``seat``.
        """
        self._seating.sit_out(seat)

    def sit_in(self, seat: int, *, post: bool = True) -> None:
        """Bring the player at ``seat`` back into the game (docs/rules.md §8.3).

        Parameters
        ----------
        seat : int
        post : bool, default True
            Post the blinds missed (the small blind dead, the big blind
            live) and be dealt in from the next hand (unless the seat is
            between the button and the small blind: then once the button has
            passed); or (False) wait for the big blind, which clears the
            debts.

        Raises
        ------
        ValueError
            Nobody sits at ``seat``, or the player there has no chips (a
            player who busted comes back with :meth:`rebuy`).
        """
        info = self._seating.info(seat)
        if info.state is not SeatState.EMPTY and self._stacks[seat] == 0:
            raise ArgumentError(
                f"seat {seat} has no chips: the player buys in again with rebuy({seat}, chips)"
            )
        self._seating.sit_in(seat, post=post)

    def rebuy(self, seat: int, chips: int, *, post: bool = True) -> None:
        """Add ``chips`` to the stack of the player at ``seat``, between hands (docs/rules.md §8.4).

        A player who busted stays in the seat, sitting out, and buys in again
        here. Bought in again before the blinds reach the seat, they play on
        owing nothing; the blinds that passed the seat meanwhile are owed, as
        for any player sitting out (Robert's Rules of Poker, Button and
        Blind Use: a player who goes all in and loses must make up the blinds
        missed before the rebuy, and is not treated as a new player). A
        player with chips adds to them (a top-up) and stays as they are.

        Parameters
        ----------
        seat : int
        chips : int
            Chips added, positive.
        post : bool, default True
            For a player who busted: post what they owe, if anything, and be
            dealt in (as :meth:`sit_in`); or (False) wait for the big blind.

        Raises
        ------
        ValueError
            Nobody sits at ``seat``, the seat is in the hand being played
            (table stakes: chips are added between hands), or a bad amount.

        Examples
        --------
        >>> from omaha import NoLimit
        >>> table = Table([100, 100, 50], NoLimit(1, 2), button=0)
        >>> hand = table.deal(hole_cards=["2c3d4h5s", "AcAdKhKs", "7c7d8h8s"], board="AhKdQs3c2h")
        >>> hand.fold(); hand.raise_to(50); hand.call()   # seat 2, the big blind, all-in
        >>> hand.show(); hand.show()
        >>> table.stacks, table.seat_info(2).state.value   # seat 2 busted: still seated
        ((100, 150, 0), 'sitting out')
        >>> table.rebuy(2, 100); table.seat_info(2)
        SeatInfo(state=<SeatState.PLAYING: 'playing'>, owes_small=False, owes_big=False)
        """
        info = self._seating.info(seat)
        if info.state is SeatState.EMPTY:
            raise ArgumentError(f"seat {seat} is empty: use join() to seat a player")
        self._not_in_hand(seat, "add chips to")
        added = _check_stack(chips, seat)
        if added == 0:
            raise ArgumentError(f"a rebuy adds chips: got 0 for seat {seat}")
        busted = self._stacks[seat] == 0
        self._stacks[seat] += added
        if busted:
            self._seating.sit_in(seat, post=post)

    def join(self, seat: int, stack: int, *, post: bool = False) -> None:
        """Seat a new player with ``stack`` chips at the empty ``seat`` (docs/rules.md §8.2).

        Parameters
        ----------
        seat : int
        stack : int
            Chips, positive.
        post : bool, default False
            Post a live big blind to be dealt in from the next hand (unless
            the seat is between the button and the small blind); by default
            wait for the big blind. Either way the new player owes a big
            blind (:attr:`SeatInfo.owes_big <omaha.seating.SeatInfo.owes_big>`)
            until they post it or it reaches them: one who waits and then
            comes in with :meth:`sit_in` posts it.

        Raises
        ------
        ValueError
            The seat is taken, or a bad stack.
        """
        chips = _check_stack(stack, seat)
        if chips == 0:
            raise ArgumentError(f"a player joins with chips: stack of seat {seat} is 0")
        self._seating.join(seat, post=post)
        self._stacks[seat] = chips

    def leave(self, seat: int) -> int:
        """Let the player at ``seat`` leave with their chips, and return them (§8.4).

        Raises
        ------
        ValueError
            ``seat`` is no seat, or is in the hand being played.
        """
        self._seating.info(seat)  # checks the seat
        self._not_in_hand(seat, "empty")
        chips = self._stacks[seat]
        self._stacks[seat] = 0
        self._seating.leave(seat)
        return chips

    @property
    def hole_count(self) -> int:
        """Hole cards per player (4, 5 or 6)."""
        return self._hole_count

    @property
    def seats(self) -> int:
        """Number of seats."""
        return len(self._stacks)

    def deal(
        self,
        *,
        seed: int | None = None,
        deck: Sequence[int] | str | None = None,
        hole_cards: Sequence[Cards | None] | None = None,
        board: Cards | None = None,
        posts: Mapping[int, tuple[int, int]] | None = None,
        straddles: Mapping[int, int] | None = None,
        house: int = 0,
    ) -> Hand:
        """Start a hand: seat the players, post the forced bets and deal the hole cards.

        Who is dealt in, the button and the blinds come from the seats
        (docs/rules.md §5.10, §8: players sitting out or waiting are dealt
        no cards; a player coming back or a new player posts what they owe).

        With none of ``seed``, ``deck`` and ``hole_cards``, a fresh random
        shuffle is used. A hand left unfinished changes nothing at the table.

        Parameters
        ----------
        seed : int, optional
            Shuffle with ``numpy.random.default_rng(seed).permutation(52)``
            (stable across versions).
        deck : sequence of int or str, optional
            The deck, ``deck[0]`` the top card, at least as many cards as the
            hand can use (hole cards, three burns and five board cards).
        hole_cards : sequence of cards or None, optional
            Replay: each seat's hole cards (``None`` when unknown, or for a
            seat with no chips). Later streets come from ``board`` if given,
            else the hand waits for :meth:`Hand.deal_board`.
        board : cards, optional
            Replay, with ``hole_cards``: the board (up to 5 cards), dealt
            street by street.
        posts : mapping of int to (int, int), optional
            Replay: forced bets out of position as a history records them,
            ``seat -> (live, dead)``: a live blind (part of the player's bet,
            with the option) and a dead one (to the pot only, docs/rules.md
            §8.3). They replace what the seats owe.
        straddles : mapping of int to int, optional
            This hand's straddles, ``seat -> total``: each player's whole
            forced bet, larger than every blind (a big blind who straddles
            posts the straddle in all), at most their stack; play starts
            left of the largest (docs/rules.md §5.1,
            :func:`omaha.seating.with_straddles`). Recorded in PHH's
            ``blinds_or_straddles``.
        house : int, default 0
            Chips the house adds to the main pot before the deal (a site's
            promotion, such as GGPoker's Cash Drop): dead money from no
            stack, in the pot a pot-limit raise is measured on, won and
            raked with the main pot (docs/rules.md §4.12; PHH
            ``_house_money``).

        Returns
        -------
        Hand
            The hand, with the first player to act (or already over when no
            one can act).

        Raises
        ------
        ValueError
            Fewer than two players with chips, more than one card source,
            or a deck too small for the players.
        InvalidCardError
            Malformed, repeated or wrongly counted cards.
        """
        if seed is not None and (
            isinstance(seed, bool) or not hasattr(seed, "__index__") or operator.index(seed) < 0
        ):
            raise ArgumentError(f"seed must be a non-negative integer, got {quote(seed)}")
        sources = sum(x is not None for x in (seed, deck, hole_cards))
        if sources > 1:
            raise ArgumentError("give only one of seed=, deck= and hole_cards=")
        if isinstance(house, bool) or not isinstance(house, int) or house < 0:
            raise ArgumentError(f"house must be a non-negative integer, got {quote(house)}")
        if board is not None and hole_cards is None:
            raise ArgumentError(
                "board= is given with hole_cards= (replaying); a deck holds the board"
            )
        n = len(self._stacks)
        layout = self._seating.layout(self._stacks, self.structure, _check_posts(posts, n))
        if straddles is not None:
            layout = with_straddles(layout, straddles, self.structure, self._stacks)
        order = layout.order
        k = len(order)
        h = self._hole_count
        holes: list[tuple[int, ...] | None] = [None] * n
        streets: list[tuple[int, ...]] = []
        if hole_cards is None:
            need = k * h + 8
            if need > 52:
                raise ArgumentError(
                    f"{k} players with {h} hole cards need {need} cards; the deck has 52"
                )
            if deck is None:
                cards = _shuffled(seed)
            elif (
                type(deck) is list
                and all(type(c) is int and 0 <= c < 52 for c in deck)
                and len(set(deck)) == len(deck)
            ):
                cards = tuple(deck)  # card codes already: skip the parser
            else:
                cards = as_cards(deck, "the deck")
            if len(cards) < need:
                raise InvalidCardError(
                    f"the deck has {len(cards)} cards; {k} players need {need} "
                    f"(hole cards, three burns and the board)"
                )
            for pos, seat in enumerate(order):
                holes[seat] = tuple(cards[pos + r * k] for r in range(h))
            top = k * h
            streets = [
                tuple(cards[top + 1 : top + 4]),
                (cards[top + 5],),
                (cards[top + 7],),
            ]
        else:
            if (
                isinstance(hole_cards, str)
                or not hasattr(hole_cards, "__len__")
                or len(hole_cards) != n
            ):
                raise ArgumentError(
                    f"hole_cards must give one entry per seat ({n}), got {quote(hole_cards)}"
                )
            known: list[tuple[str, tuple[int, ...]]] = []
            for seat, given in enumerate(hole_cards):
                if given is None:
                    continue
                if seat not in order:
                    why = "has no chips" if self._stacks[seat] == 0 else "is not dealt in"
                    raise ArgumentError(f"seat {seat} {why} and is dealt no hole cards")
                codes = as_cards(given, f"the hole cards of seat {seat}", n=h)
                holes[seat] = codes
                known.append((f"in the hole cards of seat {seat}", codes))
            if board is not None:
                b = as_cards(board, "the board")
                if len(b) > 5:
                    raise InvalidCardError(f"the board has at most 5 cards, got {quote(board)}")
                known.append(("on the board", b))
                if b and len(b) not in BOARD_SIZES:
                    raise InvalidCardError(
                        f"a board is 3, 4 or 5 cards (flop, turn, river), got {quote(board)}"
                    )
                streets = [b[0:3], b[3:4], b[4:5]][: after_board(len(b))]
            require_distinct(known)  # every known card in one place only
        hand = Hand(
            self,
            layout,
            holes,
            streets,
            replay=hole_cards is not None,
            on_over=self._finish,
            spare=() if hole_cards is not None else tuple(cards[k * h + 8 :]),
            house=house,
        )
        self._hand = hand
        return hand

    # ---------------------------------------------------------------- end

    def _finish(self, hand: Hand) -> None:
        """Take the final stacks of ``hand``, settle the seats and move the button (§5.10, §8)."""
        if self._hand is not hand:
            return
        self._hand = None
        final = hand.stacks
        for seat in hand.seats:  # the others may have joined, left or bought in meanwhile
            self._stacks[seat] = final[seat]
        self._seating.commit(hand.layout, self._stacks)


def _check_posts(
    posts: Mapping[int, tuple[int, int]] | None, n: int
) -> dict[int, tuple[int, int]] | None:
    """Check forced bets out of position given outright: ``seat -> (live, dead)`` chips."""
    if posts is None:
        return None
    if not isinstance(posts, Mapping):
        raise ArgumentTypeError(f"posts must map seats to (live, dead) chips, got {quote(posts)}")
    out: dict[int, tuple[int, int]] = {}
    for seat, pair in posts.items():
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ArgumentError(f"posts: {quote(seat)} is not a seat (0..{n - 1})")
        if (
            not isinstance(pair, tuple)
            or len(pair) != 2
            or any(isinstance(c, bool) or not isinstance(c, int) or c < 0 for c in pair)
        ):
            raise ArgumentError(
                f"posts: seat {seat} must post (live, dead) chips, got {quote(pair)}"
            )
        out[seat] = pair
    return out


def _shuffled(seed: int | None) -> tuple[int, ...]:
    import numpy as np

    return tuple(np.random.default_rng(seed).permutation(52).tolist())
