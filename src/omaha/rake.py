"""Rake: the chips the house takes from the pots before they are awarded (docs/rules.md §4.9).

A rake policy is what :class:`omaha.Table` takes as ``rake=``: called as
``policy(hand, pots)`` once the pots are built, it returns the same pots
with smaller (or equal) amounts, and the engine awards what is left (each
pot's rake is :attr:`omaha.PotResult.rake`). Two policies are provided:

- :class:`PercentRake`: a percentage of the pot in whole steps of chips,
  with a cap, "no flop, no drop" (no rake when the hand ends before the
  flop), and the two ways sites spread it over the main and side pots.
- :class:`RecordedRake`: the rake exactly as a history records it, the
  total and, when the history states them, each pot after the rake.

The percentage is exact (a :class:`fractions.Fraction`, or a decimal string
such as ``"5%"`` or ``"0.045"``); floats are refused, so no amount is ever
rounded by binary arithmetic.

Examples
--------
5% in whole cents, capped at $3: a $60.50 pot is raked $3, a $0.80 pot $0.04.

>>> policy = PercentRake("5%", cap=300)
>>> policy.amount(6050), policy.amount(80)
(300, 4)
>>> from omaha.pots import Pot
>>> pots = (Pot(247, (0, 1, 2, 3)), Pot(93, (0, 1, 3)), Pot(30, (1, 3)))
>>> PercentRake("5%", split="cumulative").cut(pots), policy.cut(pots)
((12, 5, 1), (13, 4, 1))
"""

from __future__ import annotations

import decimal
import fractions
import operator
from collections.abc import Mapping, Sequence
from dataclasses import KW_ONLY, dataclass, field
from typing import TYPE_CHECKING, Literal

from omaha.errors import ArgumentError, ArgumentTypeError, quote
from omaha.pots import Pot, take_rake

if TYPE_CHECKING:
    from omaha.hand import Hand

__all__ = ["PercentRake", "RakeSplit", "RecordedRake", "parse_rate"]

RakeSplit = Literal["cumulative", "proportional"]
"""How a percentage rake is spread over the pots (docs/rules.md §4.9)."""


def parse_rate(rate: object) -> fractions.Fraction:
    """Return a rake rate as an exact fraction of the pot.

    Parameters
    ----------
    rate : Fraction, Decimal, int or str
        ``Fraction(1, 20)``, ``Decimal("0.05")``, ``"0.05"`` or ``"5%"``
        (a string with ``%`` is in percent). Floats are refused: their
        binary value is not the decimal written.

    Returns
    -------
    Fraction
        From 0 to 1.

    Raises
    ------
    ArgumentError
        A float, text that is no number (``"5%%"``, ``"inf"``), a rate
        outside 0..1, or a decimal of more than :data:`RATE_DIGITS`
        significant digits or decimal places (``"1e-999999999999"``, whose
        exact fraction would take a trillion digits): the message quotes it.

    Examples
    --------
    >>> parse_rate("4.5%"), parse_rate("0.05")
    (Fraction(9, 200), Fraction(1, 20))
    """
    if isinstance(rate, bool | float):
        raise ArgumentError(
            f"rake rate {quote(rate)}: give a Fraction, a Decimal or a text such as '5%',"
            " not a float"
        )
    try:
        if isinstance(rate, str):
            text = rate.strip()
            percent = text.endswith("%")
            value = _exact(decimal.Decimal(text.removesuffix("%").strip()), rate)
            if percent:
                value /= 100
        elif isinstance(rate, decimal.Decimal):
            value = _exact(rate, rate)
        elif isinstance(rate, fractions.Fraction | int):
            value = fractions.Fraction(rate)
        else:
            raise TypeError
    except ArgumentError:
        raise
    except (decimal.InvalidOperation, TypeError, ValueError, ZeroDivisionError, OverflowError):
        raise ArgumentError(f"rake rate {quote(rate)} is not a number") from None
    if not 0 <= value <= 1:
        raise ArgumentError(f"rake rate {quote(rate)} must be between 0 and 100%")
    return value


RATE_DIGITS = 30
"""The most significant digits, and decimal places, of a decimal rake rate."""


def _exact(number: decimal.Decimal, rate: object) -> fractions.Fraction:
    """Return a finite decimal as a fraction, refusing one too long to be a rate.

    ``Fraction(Decimal("1e-999999999999"))`` would build a power of ten of
    a trillion digits: a rate is refused before that when it has more than
    :data:`RATE_DIGITS` significant digits or decimal places, or is above 100%.
    """
    if not number.is_finite():
        raise ArgumentError(f"rake rate {quote(rate)} is not a finite number")
    _, digits, exponent = number.as_tuple()
    assert isinstance(exponent, int)
    if number.is_zero():
        return fractions.Fraction(0)
    if len(digits) > RATE_DIGITS or exponent < -RATE_DIGITS or number.adjusted() > 2:
        raise ArgumentError(
            f"rake rate {quote(rate)} must be between 0 and 100% with at most"
            f" {RATE_DIGITS} significant digits and {RATE_DIGITS} decimal places"
        )
    return fractions.Fraction(number)


def _cap_for(cap: int | Mapping[int, int] | None, players: int) -> int | None:
    """Return the cap of a hand dealt to ``players`` (a mapping: the entry for most not above)."""
    if cap is None or isinstance(cap, int):
        return cap
    keys = [k for k in cap if k <= players]
    return cap[max(keys)] if keys else None


def _chips(value: object, what: str, whole: object) -> int:
    """Return ``value`` as an int (a NumPy integer too), or raise naming ``whole``."""
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        kind = "a bool" if isinstance(value, bool) else f"a {type(value).__name__}"
        raise ArgumentTypeError(
            f"{what} {quote(whole)} must hold integers of chips: {quote(value)} is {kind}"
        )
    return operator.index(value)


def _check_cap(cap: object) -> int | dict[int, int] | None:
    """Return a rake cap as None, an int or a dict of player count to int, or raise."""
    if cap is None:
        return None
    out: int | dict[int, int]
    if isinstance(cap, Mapping):
        out = {_chips(k, "rake cap", cap): _chips(v, "rake cap", cap) for k, v in cap.items()}
        if any(k < 1 for k in out):
            raise ArgumentError(
                f"rake cap {quote(cap)}: each key is a number of players dealt in, 1 or more"
            )
        values = list(out.values())
    else:
        out = _chips(cap, "rake cap", cap)
        values = [out]
    if any(v < 0 for v in values):
        raise ArgumentError(f"rake cap {quote(cap)} must hold non-negative integers of chips")
    return out


@dataclass(frozen=True)
class PercentRake:
    """A percentage of the pot, in whole steps of chips, with a cap (docs/rules.md §4.9).

    Parameters
    ----------
    rate : Fraction, Decimal, int or str
        The share of the pot (:func:`parse_rate`: ``"5%"``, ``"0.05"``).
    cap : int or mapping of int to int, optional
        The most chips raked from a hand; a mapping gives it by the number of
        players dealt in (the entry for the most players not above: ``{2:
        50, 3: 100, 5: 150}``). None: no cap.
    no_flop_no_drop : bool, default True
        No rake when the hand ends before the flop.
    step : int, default 1
        The rake is a whole number of steps of this many chips: ``step=100``
        with a rate of 5% takes 1 (dollar, in cents) per full $20.
    rounding : {"down", "nearest"}, default "down"
        The step count is the pot's share rounded down, or to the nearest
        (halves up).
    split : {"proportional", "cumulative"}, default "proportional"
        Spreading the rake over the pots: ``"proportional"`` takes the rake
        of the whole pot and cuts it in proportion to the pots
        (:func:`omaha.pots.take_rake`); ``"cumulative"`` rakes the main pot
        as a pot of its own and each side pot by what it adds to the rake
        of the pots before it (as PokerStars does).

    Raises
    ------
    ArgumentError
        A bad rate (a ``ValueError``; :func:`parse_rate`), a negative cap
        or a cap for fewer than 1 player, a step below 1, or an unknown
        rounding or split; the message quotes it.
    ArgumentTypeError
        A cap or step that is no integer of chips (``1.5``, ``None`` as a
        key, a string); also a ``TypeError``. NumPy integers are integers.

    Examples
    --------
    >>> PercentRake("5%", cap=1.5)
    Traceback (most recent call last):
    ...
    omaha.errors.ArgumentTypeError: rake cap 1.5 must hold integers of chips: 1.5 is a float
    """

    rate: fractions.Fraction | decimal.Decimal | int | str
    _: KW_ONLY
    cap: int | Mapping[int, int] | None = None
    no_flop_no_drop: bool = True
    step: int = 1
    rounding: Literal["down", "nearest"] = "down"
    split: RakeSplit = "proportional"
    _rate: fractions.Fraction = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_rate", parse_rate(self.rate))
        object.__setattr__(self, "cap", _check_cap(self.cap))
        object.__setattr__(self, "step", _chips(self.step, "rake step", self.step))
        if self.step < 1:
            raise ArgumentError(f"rake step {quote(self.step)} must be a positive integer of chips")
        if self.rounding not in ("down", "nearest"):
            raise ArgumentError(f"rake rounding {quote(self.rounding)} must be 'down' or 'nearest'")
        if self.split not in ("proportional", "cumulative"):
            raise ArgumentError(
                f"rake split {quote(self.split)} must be 'proportional' or 'cumulative'"
            )

    def amount(self, pot: int, players: int = 2) -> int:
        """Return the rake of a pot of ``pot`` chips, in a hand dealt to ``players``.

        Examples
        --------
        >>> PercentRake("5%", step=100).amount(3500)   # $1 per full $20, in cents
        100
        """
        share = pot * self._rate / self.step
        steps = int(share + fractions.Fraction(1, 2)) if self.rounding == "nearest" else int(share)
        raked = steps * self.step
        cap = _cap_for(self.cap, players)
        return min(raked, cap, pot) if cap is not None else min(raked, pot)

    def cut(self, pots: Sequence[Pot], players: int = 2) -> tuple[int, ...]:
        """Return the rake of each pot (the main pot first), spread as :attr:`split` says."""
        if self.split == "proportional":
            total = self.amount(sum(p.amount for p in pots), players)
            return tuple(
                p.amount - q.amount for p, q in zip(pots, take_rake(pots, total), strict=True)
            )
        out: list[int] = []
        so_far = 0
        taken = 0
        for p in pots:
            so_far += p.amount
            now = self.amount(so_far, players)
            out.append(now - taken)
            taken = now
        return tuple(out)

    def __call__(self, hand: Hand, pots: tuple[Pot, ...]) -> tuple[Pot, ...]:
        """Take the rake from the pots of ``hand`` (the table calls this)."""
        if self.no_flop_no_drop and not hand.board:
            return pots
        cuts = self.cut(pots, len(hand.seats))
        return tuple(Pot(p.amount - c, p.eligible) for p, c in zip(pots, cuts, strict=True))


@dataclass(frozen=True)
class RecordedRake:
    """The rake exactly as a hand history records it (docs/rules.md §4.9).

    Parameters
    ----------
    total : int
        The chips the history says the house took (rake, jackpot and other
        fees together).
    after : sequence of int, optional
        Each pot after the rake, the main pot first, as the history states
        it: each pot is raked the difference. Without it (or when the pots
        built are not as many), the total is cut in proportion to the pots
        (:func:`omaha.pots.take_rake`).
    main_first : bool, default False
        Without ``after``: take the total from the main pot first, then the
        side pots in turn (as the Winning Poker Network's files before 2019
        show: hand #741631166 takes its $3 from the main pot of $400 and
        none from the side pot of $80), instead of in proportion.

    The policy never refuses a hand: it takes what the history says as far
    as the pots allow, and the replay then compares the result with the
    history (:meth:`omaha.phh.Replay.check`), naming any difference.

    Examples
    --------
    >>> pots = (Pot(247, (0, 1, 2)), Pot(93, (0, 1)), Pot(30, (1, 2)))
    >>> RecordedRake(18, after=(235, 88, 29)).cut(pots), RecordedRake(18).cut(pots)
    ((12, 5, 1), (13, 4, 1))
    >>> RecordedRake(18, main_first=True).cut(pots)
    (18, 0, 0)
    """

    total: int
    after: tuple[int, ...] | None = None
    main_first: bool = False

    def cut(self, pots: Sequence[Pot]) -> tuple[int, ...]:
        """Return the rake of each pot."""
        if self.after is not None and len(self.after) == len(pots):
            return tuple(max(0, p.amount - a) for p, a in zip(pots, self.after, strict=True))
        total = min(max(self.total, 0), sum(p.amount for p in pots))
        if self.main_first:
            cuts = []
            for p in pots:
                cut = min(total, p.amount)
                cuts.append(cut)
                total -= cut
            return tuple(cuts)
        return tuple(p.amount - q.amount for p, q in zip(pots, take_rake(pots, total), strict=True))

    def __call__(self, hand: Hand, pots: tuple[Pot, ...]) -> tuple[Pot, ...]:
        """Take the recorded rake from the pots (the table calls this)."""
        cuts = self.cut(pots)
        return tuple(Pot(p.amount - c, p.eligible) for p, c in zip(pots, cuts, strict=True))
