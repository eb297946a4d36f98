"""The games: Omaha Hi and Omaha Hi-Lo (eight or better), and the one check of a ``game``.

Every function and class that takes a ``game`` takes a :class:`Game` or its
text (``"hi"``, ``"hilo"``: a :class:`Game` is a :class:`str`, so the two
compare and hash alike) and checks it with :func:`check_game`, which raises
:class:`~omaha.errors.GameError` for anything else (docs/rules.md §2-§4).

Examples
--------
>>> from omaha.games import Game, check_game
>>> check_game("hilo") is Game.HILO, Game.HI == "hi", str(Game.HILO)
(True, True, 'hilo')
>>> check_game("stud")
Traceback (most recent call last):
...
omaha.errors.GameError: game must be 'hi' or 'hilo', got 'stud'
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal, TypeAlias

from omaha.errors import GameError, quote

__all__ = ["Game", "GameName", "check_game"]


class Game(StrEnum):
    """Omaha Hi or Omaha Hi-Lo (eight or better): the value is the text (``"hi"``, ``"hilo"``)."""

    HI = "hi"
    """Omaha High: the best high hand takes the pot (docs/rules.md §2)."""
    HILO = "hilo"
    """Omaha Hi-Lo, eight or better: the pot split between the best high and low (§3, §4)."""


_BY_TEXT = {game.value: game for game in Game}

GameName: TypeAlias = Game | Literal["hi", "hilo"]
"""What a ``game`` argument takes: a :class:`Game` or its text."""


def check_game(game: object) -> Game:
    """Return the :class:`Game` that ``game`` names.

    Parameters
    ----------
    game : Game or {"hi", "hilo"}

    Returns
    -------
    Game

    Raises
    ------
    GameError
        If ``game`` is anything else (another text, another type); the
        message names it.
    """
    if isinstance(game, str):
        found = _BY_TEXT.get(game)  # a dict look-up: Game(game) costs ten times as much
        if found is not None:
            return found
    raise GameError(f"game must be 'hi' or 'hilo', got {quote(game)}")
