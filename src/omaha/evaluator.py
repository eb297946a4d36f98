"""Validated entry points to the compiled evaluator.

One hand at a time (:func:`evaluate_hi`, :func:`evaluate_lo`,
:func:`evaluate5`, :func:`showdown`) or in batches over NumPy arrays
(:func:`evaluate_hi_batch`, :func:`evaluate_lo_batch`, :func:`select_batch`),
with the kernels running with the GIL released. The rules are docs/rules.md
§2 (high: exactly two hole cards and three board cards) and §3 (eight or
better low).

Card arguments are card codes (``4 * rank + suit``, see :mod:`omaha.cards`)
or card text such as ``"AsKd7h2c"``. NumPy is imported on the first batch
call, never by ``import omaha``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from omaha import _eval
from omaha._threads import run_rows
from omaha.cards import (
    BOARD_SIZES,
    HOLE_SIZES,
    Cards,
    as_cards,
    format_cards,
    require_distinct,
)
from omaha.errors import (
    ArgumentError,
    ArgumentTypeError,
    DuplicateCardError,
    InvalidCardError,
    quote,
)
from omaha.games import GameName, check_game
from omaha.ranks import HighHand, LowHand

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "PlayerShowdown",
    "Selections",
    "Showdown",
    "evaluate5",
    "evaluate_hi",
    "evaluate_hi_batch",
    "evaluate_lo",
    "evaluate_lo_batch",
    "select_batch",
    "showdown",
    "warmup",
]


_H = TypeVar("_H", bound=_eval.SelectedHand)
_R = TypeVar("_R")


def _explain(h: tuple[int, ...], b: tuple[int, ...]) -> InvalidCardError:
    """Build the error for parsed cards the core rejected, naming the bad value."""
    if len(h) not in HOLE_SIZES:
        return InvalidCardError(f"hole needs 4 to 6 cards, got {len(h)}: {quote(format_cards(h))}")
    if len(b) not in BOARD_SIZES:
        return InvalidCardError(f"board needs 3 to 5 cards, got {len(b)}: {quote(format_cards(b))}")
    try:
        require_distinct(
            [(f"in hole {quote(format_cards(h))}", h), (f"on board {quote(format_cards(b))}", b)]
        )
    except DuplicateCardError as exc:
        return exc
    return InvalidCardError(
        f"invalid cards: hole {quote(format_cards(h))}, board {quote(format_cards(b))}"
    )


def _slow(
    kernel: Callable[[object, object, type[_H]], _R], hole: object, board: object, cls: type[_H]
) -> _R:
    """Read the cards with :mod:`omaha.cards`, then run the kernel; errors name the value.

    For what the kernel does not take as it is (card strings in a sequence,
    NumPy integers, malformed or non-ASCII text, a value that holds no cards)
    and for the message of a rejected deal.
    """
    h, b = as_cards(hole, "hole"), as_cards(board, "board")
    try:
        return kernel(h, b, cls)
    except _eval.CardError:
        raise _explain(h, b) from None


def _evaluate_hi(hole: Cards, board: Cards) -> HighHand:
    """Evaluate the best Omaha high hand (docs/rules.md §2).

    Parameters
    ----------
    hole : str or sequence of int or str
        4 hole cards (5 or 6 for 5- and 6-card Omaha).
    board : str or sequence of int or str
        3, 4 or 5 board cards (flop, turn, river).

    Returns
    -------
    HighHand
        The value (``strength`` 1..7462, larger is stronger), its category and
        name, and the two hole and three board cards used.

    Raises
    ------
    InvalidCardError
        A malformed card, a code outside 0..51, a wrong number of cards, or a
        card repeated (:class:`DuplicateCardError`); the message names it.

    Examples
    --------
    >>> hand = evaluate_hi("AsKdQhTc", "Jd5s3c8hTd")
    >>> str(hand), hand.category.name
    ('One pair, tens', 'ONE_PAIR')
    """
    # The compiled door (card text, bytes, tuples and lists of ints, bound
    # below) runs first; this body is its fallback.
    return _slow(_eval.evaluate_hi, hole, board, HighHand)


def _evaluate_lo(hole: Cards, board: Cards) -> LowHand | None:
    """Evaluate the best eight-or-better low (docs/rules.md §3).

    Parameters
    ----------
    hole : str or sequence of int or str
        4 hole cards (5 or 6 for 5- and 6-card Omaha).
    board : str or sequence of int or str
        3, 4 or 5 board cards.

    Returns
    -------
    LowHand or None
        The low (``strength`` 1..56, larger is stronger, 56 = 5-4-3-2-A), or
        ``None`` when no two hole cards and three board cards make five
        different ranks of eight or lower.

    Raises
    ------
    InvalidCardError
        As for :func:`evaluate_hi`.

    Examples
    --------
    >>> str(evaluate_lo("AhKsKd4c", "2sKh8d5cAd"))
    '8-5-4-2-A'
    >>> evaluate_lo("AhKsKd4c", "9s9hTdJcQd") is None
    True
    """
    return _slow(_eval.evaluate_lo, hole, board, LowHand)  # after the compiled door


def evaluate5(cards: Cards) -> int:
    """Return the plain five-card strength 1..7462 (larger is stronger).

    Raises
    ------
    InvalidCardError
        If ``cards`` is not five distinct valid cards.

    Examples
    --------
    >>> evaluate5("AsKsQsJsTs")
    7462
    """
    try:
        return _eval.evaluate5(cards)
    except _eval.CardError:
        return _eval.evaluate5(as_cards(cards, "five-card hand", n=5))


def warmup() -> float:
    """Build the batch kernels' Hi table now rather than on their first call.

    The table holds, for each board rank multiset, the best strength without
    flushes of each rank pair of the hole (6,188 x 91 values, 1.2 MB); it is
    built in C once per process. Equity builds a 22.5 MB hole x board table
    from it on its first call.

    Returns
    -------
    float
        Seconds spent building (0.0 if already built).
    """
    return _eval.warmup()


# --------------------------------------------------------------------- batches


class _Codes(NamedTuple):
    """A batch argument as the kernels read it, and as it was given (for messages)."""

    codes: np.ndarray
    """C-contiguous uint8 (n, k); a code given outside 0..51 is 255 here."""
    given: np.ndarray
    """The integer array as given (the values that messages quote)."""


def _codes_array(a: npt.ArrayLike, what: str, sizes: tuple[int, ...]) -> _Codes:
    """Return ``a`` as the kernels' uint8 (n, k) array, and as given.

    A code outside 0..51 of a wider integer type becomes 255, which the
    kernels reject in row order, so the first bad row is the one named
    whatever kind of fault it has.
    """
    import numpy as np

    if isinstance(a, np.ma.MaskedArray):
        raise ArgumentTypeError(
            f"{what}: a masked array's mask would be ignored; fill or compress it first"
        )
    try:
        arr = np.asarray(a)
    except ValueError as exc:  # ragged rows, for one
        raise InvalidCardError(f"{what} must be a 2-D array of card codes: {exc}") from None
    if arr.dtype.kind not in "iu":
        raise ArgumentTypeError(
            f"{what} must be an integer array of card codes, not dtype {arr.dtype}"
        )
    if arr.ndim != 2 or arr.shape[1] not in sizes:
        raise InvalidCardError(
            f"{what} must have shape (n, {' | '.join(map(str, sizes))}), got {arr.shape}"
        )
    given = arr
    if arr.dtype != np.uint8:
        bad = (arr < 0) | (arr > 51)
        arr = arr.astype(np.uint8)  # wraps what is out of range: marked as no card below
        arr[bad] = 255  # (np.where(bad, 255, arr) overflows an int8 array on NumPy >= 2.5)
    return _Codes(np.ascontiguousarray(arr), given)


def _deal_arrays(holes: npt.ArrayLike, boards: npt.ArrayLike) -> tuple[_Codes, _Codes]:
    """Return a batch's holes and boards as the kernels read them, one row a deal."""
    hc = _codes_array(holes, "holes", HOLE_SIZES)
    bc = _codes_array(boards, "boards", BOARD_SIZES)
    n = hc.codes.shape[0]
    if bc.codes.shape[0] != n:
        raise InvalidCardError(f"holes has {n} rows but boards has {bc.codes.shape[0]}")
    return hc, bc


def _row_error(holes: _Codes, boards: _Codes, row: int) -> InvalidCardError:
    h = [int(c) for c in holes.given[row]]
    b = [int(c) for c in boards.given[row]]
    for c in h + b:
        if not 0 <= c <= 51:
            return InvalidCardError(
                f"row {row}: card code {c} is outside 0..51 (hole {h}, board {b})"
            )
    seen: set[int] = set()
    for c in h + b:
        if c in seen:
            return DuplicateCardError(
                f"row {row}: duplicate card {quote(format_cards([c]))} in hole "
                f"{quote(format_cards(h))} and board {quote(format_cards(b))}"
            )
        seen.add(c)
    return InvalidCardError(f"row {row}: invalid cards (hole {h}, board {b})")


def _run_batch(
    kernel: Callable[..., int],
    holes: npt.ArrayLike,
    boards: npt.ArrayLike,
    out: np.ndarray | None,
    dtype: str,
    threads: int,
) -> np.ndarray:
    """Validate and convert the arrays, then run a row kernel over them."""
    hc, bc = _deal_arrays(holes, boards)
    h, b = hc.codes, bc.codes
    n = h.shape[0]
    result = _out_array(out, n, dtype)
    firsts = run_rows(lambda start, stop: kernel(h, b, result, start, stop), n, threads)
    bad = min((r for r in firsts if r >= 0), default=-1)
    if bad >= 0:
        raise _row_error(hc, bc, bad)
    return result


def _out_array(out: np.ndarray | None, n: int, dtype: Any) -> np.ndarray:
    import numpy as np

    if out is None:
        return np.empty(n, dtype=dtype)
    if not isinstance(out, np.ndarray) or out.dtype != dtype or out.shape != (n,):
        raise ArgumentError(f"out must be a {np.dtype(dtype).name} array of shape ({n},)")
    if not out.flags.c_contiguous or not out.flags.writeable:
        raise ArgumentError("out must be C-contiguous and writeable")
    return out


def evaluate_hi_batch(
    holes: npt.ArrayLike,
    boards: npt.ArrayLike,
    out: np.ndarray | None = None,
    threads: int = 1,
) -> np.ndarray:
    """Evaluate the Omaha high hand of many deals (docs/rules.md §2).

    Parameters
    ----------
    holes : uint8 array of shape (n, 4), (n, 5) or (n, 6)
        Hole card codes 0..51, one deal per row. Other integer dtypes are
        range-checked, then converted.
    boards : uint8 array of shape (n, 3), (n, 4) or (n, 5)
        Board card codes.
    out : uint16 array of shape (n,), optional
        Where to write the strengths (C-contiguous); allocated if omitted.
    threads : int, default 1
        Rows are split over this many Python threads, each running the
        compiled kernel with the GIL released.

    Returns
    -------
    uint16 array of shape (n,)
        Strengths 1..7462, larger is stronger (``out`` if given).

    Raises
    ------
    InvalidCardError
        A code outside 0..51 or a card repeated within a row (the message
        names the row index), or a wrong shape.
    TypeError
        If the arrays are not of an integer dtype.
    ValueError
        If ``out`` has the wrong dtype or shape, or ``threads`` < 1.

    Notes
    -----
    Rows with a 5-card board take the table path: without flushes the best
    hand is the best of the hole's rank pairs with the board, read from a
    1.2 MB table (built once per process on first use; see :func:`warmup`),
    and a flush is computed for the one suit that can make one. Flop and
    turn boards combine hole pairs and board triples. Both agree with the
    60-combination selection of :func:`evaluate_hi` on every tested deal.
    """
    return _run_batch(_eval.hi_batch, holes, boards, out, "uint16", threads)


def evaluate_lo_batch(
    holes: npt.ArrayLike,
    boards: npt.ArrayLike,
    out: np.ndarray | None = None,
    threads: int = 1,
) -> np.ndarray:
    """Evaluate the eight-or-better low of many deals (docs/rules.md §3).

    Parameters
    ----------
    holes : uint8 array of shape (n, 4), (n, 5) or (n, 6)
        Hole card codes 0..51, one deal per row.
    boards : uint8 array of shape (n, 3), (n, 4) or (n, 5)
        Board card codes.
    out : uint8 array of shape (n,), optional
        Where to write the results (C-contiguous); allocated if omitted.
    threads : int, default 1
        Python threads running the nogil kernel.

    Returns
    -------
    uint8 array of shape (n,)
        Low strengths 1..56 (larger is stronger, 56 = 5-4-3-2-A), 0 where
        there is no qualifying low.

    Raises
    ------
    InvalidCardError, TypeError, ValueError
        As for :func:`evaluate_hi_batch`.
    """
    return _run_batch(_eval.lo_batch, holes, boards, out, "uint8", threads)


class Selections(NamedTuple):
    """Per-row results of :func:`select_batch` (n rows)."""

    hi_strength: np.ndarray
    """uint16 (n,): high strengths 1..7462."""
    hi_category: np.ndarray
    """uint8 (n,): the :class:`HandCategory` of each high hand."""
    hi_cards: np.ndarray
    """uint8 (n, 5): the five cards of the high hand in ranking order, as
    :attr:`HighHand.cards` (groups first, then by rank; the wheel 5-4-3-2-A)."""
    lo_strength: np.ndarray
    """uint8 (n,): low strengths 1..56, 0 where there is no low."""
    lo_cards: np.ndarray
    """uint8 (n, 5): the five cards of the low, highest low rank first (the
    ace last), as :attr:`LowHand.cards`; 255 (:data:`omaha.cards.NO_CARD`)
    where there is no low."""


def select_batch(holes: npt.ArrayLike, boards: npt.ArrayLike, threads: int = 1) -> Selections:
    """Evaluate high and low of many deals and report the cards used.

    The value comes from the same tables as :func:`evaluate_hi_batch` and
    :func:`evaluate_lo_batch`; the cards are the first selection making it
    in the tie order of :func:`evaluate_hi` (the lexicographically first
    sorted hole pair, then board triple), found by a search that stops at
    the first fit. The tests hold it to the 60-combination selection.

    Parameters
    ----------
    holes : uint8 array of shape (n, 4 | 5 | 6)
        Hole card codes 0..51, one deal per row.
    boards : uint8 array of shape (n, 3 | 4 | 5)
        Board card codes.
    threads : int, default 1
        Python threads running the nogil kernel over parts of the rows.

    Returns
    -------
    Selections
        ``hi_strength`` (uint16, n), ``hi_category`` (uint8, n),
        ``hi_cards`` (uint8, n x 5, ranking order), ``lo_strength`` (uint8,
        n; 0 = no low), ``lo_cards`` (uint8, n x 5; all 255 where there is
        no low).

    Raises
    ------
    InvalidCardError, TypeError, ValueError
        As for :func:`evaluate_hi_batch`.

    Examples
    --------
    >>> sel = select_batch([[50, 47, 45, 8]], [[3, 46, 25, 12, 49]])   # AhKsKd4c, 2sKh8d5cAd
    >>> int(sel.hi_strength[0]), format_cards(sel.hi_cards[0]), format_cards(sel.lo_cards[0])
    (5783, 'KsKhKdAd8d', '8d5c4c2sAh')
    """
    import numpy as np

    hc, bc = _deal_arrays(holes, boards)
    h, b = hc.codes, bc.codes
    n = h.shape[0]
    sel = Selections(
        np.empty(n, np.uint16), np.empty(n, np.uint8), np.empty((n, 5), np.uint8),
        np.empty(n, np.uint8), np.empty((n, 5), np.uint8),
    )  # fmt: skip
    status = np.zeros(n, np.uint8)
    run_rows(
        lambda start, stop: _eval.select_rows(h, None, b, None, *sel, status, start, stop),
        n,
        threads,
    )
    if status.any():
        raise _row_error(hc, bc, int(np.flatnonzero(status)[0]))
    return sel


# -------------------------------------------------------------------- showdown


@dataclass(frozen=True, slots=True)
class PlayerShowdown:
    """One player's hands at a showdown."""

    hole_cards: tuple[int, ...]
    """The player's hole card codes, as given."""
    high: HighHand
    """The best high hand."""
    low: LowHand | None
    """The best eight-or-better low, or ``None`` (always ``None`` in ``"hi"``)."""


@dataclass(frozen=True, slots=True)
class Showdown:
    """Every player's hands and the winners of each half (docs/rules.md §4)."""

    board: tuple[int, ...]
    game: GameName
    players: tuple[PlayerShowdown, ...]
    high_winners: tuple[int, ...]
    """Indices of the players with the best high hand (several on a tie)."""
    low_winners: tuple[int, ...]
    """Indices of the players with the best low; empty when nobody has one
    (the high winners then take the whole pot) or in ``"hi"``."""

    @property
    def scoop(self) -> int | None:
        """The index of a player who wins both halves alone, else ``None``."""
        if len(self.high_winners) != 1:
            return None
        (winner,) = self.high_winners
        if self.low_winners in ((), (winner,)):
            return winner
        return None


def _showdown(holes: Sequence[Cards], board: Cards, game: GameName = "hi") -> Showdown:
    """Evaluate every player's hands on a board and find the winners.

    Parameters
    ----------
    holes : sequence of cards
        Each player's 4 (or 5 or 6) hole cards, the same number for every
        player; at least one player.
    board : cards
        3 to 5 board cards.
    game : {"hi", "hilo"}
        Omaha High, or Omaha Hi-Lo eight or better.

    Returns
    -------
    Showdown
        Per player the high and low hands with the cards used, and the
        indices of the high and low winners.

    Raises
    ------
    InvalidCardError
        Bad cards, players with different numbers of hole cards, or a card
        held twice across players and board (:class:`DuplicateCardError`).
    ValueError
        An unknown ``game`` or no players.

    Examples
    --------
    >>> s = showdown(["AsKsKd4h", "9c8c7h6h"], "2hKh8d5sAc", game="hilo")
    >>> s.high_winners, s.low_winners
    ((0,), (1,))
    """
    # The compiled door runs first (card text, bytes, tuples and lists of
    # ints); this body is its fallback, and explains every bad input.
    game = check_game(game)
    if isinstance(holes, str) or not hasattr(holes, "__iter__"):
        raise InvalidCardError(
            f"holes must be a sequence of each player's hole cards, got {quote(holes)}"
        )
    holes = list(holes)  # an iterator, a generator or a NumPy array of holes too
    if not holes:
        raise ArgumentError("showdown needs at least one player")
    b = as_cards(board, "board")
    parsed = [as_cards(h, f"player {i + 1}'s hole") for i, h in enumerate(holes)]
    if len(b) not in BOARD_SIZES:
        raise InvalidCardError(f"board needs 3 to 5 cards, got {len(b)}: {quote(board)}")
    for i, h in enumerate(parsed):
        if len(h) not in HOLE_SIZES:
            raise InvalidCardError(
                f"player {i + 1}'s hole needs 4 to 6 cards, got {len(h)}: {quote(holes[i])}"
            )
        if len(h) != len(parsed[0]):
            raise InvalidCardError(
                f"every player needs the same number of hole cards: player 1 has "
                f"{len(parsed[0])}, player {i + 1} has {len(h)} ({quote(holes[i])})"
            )
    holders = [(f"in player {i + 1}'s hole cards", h) for i, h in enumerate(parsed)]
    require_distinct([("on the board", b), *holders])
    players = tuple(
        PlayerShowdown(h, evaluate_hi(h, b), evaluate_lo(h, b) if game == "hilo" else None)
        for h in parsed
    )
    best_hi = max(p.high for p in players)
    high = tuple(i for i, p in enumerate(players) if p.high == best_hi)
    lows = [p.low for p in players if p.low is not None]
    low: tuple[int, ...] = ()
    if lows:
        best_lo = max(lows)
        low = tuple(i for i, p in enumerate(players) if p.low is not None and p.low == best_lo)
    return Showdown(b, game, players, high, low)


# The public doors: the compiled paths of omaha._eval, bound once to these
# classes and falling back on the functions above (each door carries its
# fallback's docstring and signature).
evaluate_hi, evaluate_lo, showdown = _eval.bind(
    HighHand=HighHand,
    LowHand=LowHand,
    Showdown=Showdown,
    PlayerShowdown=PlayerShowdown,
    evaluate_hi=_evaluate_hi,
    evaluate_lo=_evaluate_lo,
    showdown=_showdown,
)
