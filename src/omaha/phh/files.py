"""PHH files: one hand (``.phh``) or many (``.phhs``, tables ``[1]``, ``[2]``, ...).

Reading goes bytes -> text (:func:`read`, :func:`load`) -> fields
(:mod:`omaha.phh.toml`) -> :class:`~omaha.phh.HandHistory`; writing goes
back the same way.

Examples
--------
>>> text = '''
... variant = "FO"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... small_bet = 2
... big_bet = 4
... starting_stacks = [100, 100.5]
... actions = ["p2 f"]
... '''
>>> history = loads(text)
>>> print(dumps(history), end="")
variant = "FO"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100.5]
actions = [
  "p2 f",
]
>>> [(key, h) for key, h in loads_all(dumps_all([history, history]))][1] == ("2", history)
True
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import IO

from omaha.errors import PHHError, quote
from omaha.phh.history import HandHistory
from omaha.phh.toml import decode, load_toml, toml_key

__all__ = ["dump", "dump_all", "dumps", "dumps_all", "load", "load_all", "loads", "loads_all"]
__all__ += ["read", "write"]


def loads(text: str, *, name: str = "<phh>") -> HandHistory:
    """Read one hand from PHH text (a ``.phh`` file's content).

    Raises
    ------
    PHHError
        Invalid TOML or an invalid hand (see :class:`HandHistory`).
    """
    return HandHistory(load_toml(text, name), name)


def load(fp: IO[bytes], *, name: str | None = None) -> HandHistory:
    """Read one hand from a binary file object (``tomllib.load`` with ``Decimal`` floats)."""
    name = name or str(getattr(fp, "name", "<phh>"))
    return loads(decode(fp.read(), name), name=name)


def loads_all(text: str, *, name: str = "<phhs>") -> list[tuple[str, HandHistory]]:
    """Read every hand of PHH collection text (a ``.phhs`` file: tables ``[1]``, ``[2]``, ...).

    Returns
    -------
    list of (str, HandHistory)
        Each table's key and its hand, in file order.

    Raises
    ------
    PHHError
        Invalid TOML, a top-level entry that is not a table, or an invalid hand.
    """
    doc = load_toml(text, name)
    out = []
    for key, value in doc.items():
        if not isinstance(value, dict):
            raise PHHError(f"{name}: entry {quote(key)} of a .phhs file must be a table [{key}]")
        out.append((key, HandHistory(value, f"{name}[{key}]")))
    return out


def load_all(fp: IO[bytes], *, name: str | None = None) -> list[tuple[str, HandHistory]]:
    """Read every hand of a ``.phhs`` binary file object (see :func:`loads_all`)."""
    name = name or str(getattr(fp, "name", "<phhs>"))
    return loads_all(decode(fp.read(), name), name=name)


def dumps(history: HandHistory) -> str:
    """Write one hand as PHH text."""
    return history.dumps()


def dump(history: HandHistory, fp: IO[bytes]) -> None:
    """Write one hand as PHH to a binary file object."""
    fp.write(history.dumps().encode())


def _phhs_parts(histories: Iterable[HandHistory] | Mapping[str, HandHistory]) -> Iterator[str]:
    """Each hand's ``.phhs`` text, ``[key]`` and its fields, with the blank line between."""
    items: Iterable[tuple[str, HandHistory]] = (
        histories.items()
        if isinstance(histories, Mapping)
        else ((str(i + 1), h) for i, h in enumerate(histories))
    )
    for n, (key, history) in enumerate(items):
        yield ("\n" if n else "") + f"[{toml_key(key)}]\n{history.dumps()}"


def dumps_all(histories: Iterable[HandHistory] | Mapping[str, HandHistory]) -> str:
    """Write hands as ``.phhs`` text: tables ``[1]``, ``[2]``, ... (or the mapping's keys)."""
    return "".join(_phhs_parts(histories))


def dump_all(histories: Iterable[HandHistory] | Mapping[str, HandHistory], fp: IO[bytes]) -> int:
    """Write hands as ``.phhs`` to a binary file object, each as it comes; return how many.

    ``histories`` may be a generator: a hand is written as soon as it is
    yielded, so a long import holds one hand at a time. The bytes are those
    of :func:`dumps_all`, UTF-8.
    """
    count = 0
    for count, part in enumerate(_phhs_parts(histories), 1):  # noqa: B007
        fp.write(part.encode())
    return count


def read(path: str | os.PathLike[str]) -> list[HandHistory]:
    """Read a ``.phh`` file (one hand) or a ``.phhs`` file (many hands).

    Raises
    ------
    PHHError
        An invalid file, not UTF-8 TOML or not a valid hand (the message names it).
    OSError
        The file cannot be read.
    """
    name = os.fspath(path)
    with open(path, "rb") as fp:
        text = decode(fp.read(), name)
    if name.endswith(".phhs"):
        return [h for _, h in loads_all(text, name=name)]
    return [loads(text, name=name)]


def write(path: str | os.PathLike[str], histories: HandHistory | Sequence[HandHistory]) -> None:
    """Write one hand (``.phh``) or several (``.phhs``) to ``path``."""
    text = histories.dumps() if isinstance(histories, HandHistory) else dumps_all(histories)
    with open(path, "w", encoding="utf-8") as fp:
        fp.write(text)
