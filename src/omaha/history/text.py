r"""A site file's bytes as text, and the text as hands: :func:`decode`, :func:`split_hands`.

Real files come in every encoding their sites and tools wrote: UTF-8 with or
without a byte-order mark, UTF-16 (little- or big-endian, with or without a
mark: some exports), Windows-1252 (older clients); and with Windows line
ends. :func:`decode` reads them all to one text with ``\n`` line ends and
no mark. :func:`split_hands` cuts a text into its hands at the lines where a
hand starts, keeping each hand's first line number for messages.

Examples
--------
>>> decode("\ufeffPokerStars Hand #1\r\nSeat 1".encode("utf-16"), "a.txt")
'PokerStars Hand #1\nSeat 1'
>>> decode("Caf\xe9".encode("cp1252"), "a.txt")
'Café'
>>> [(h.line, h.lines) for h in split_hands("x\nHand 1\na\n\nHand 2\nb\n", r"Hand \d")]
[(2, ['Hand 1', 'a']), (5, ['Hand 2', 'b'])]
"""

from __future__ import annotations

import codecs
import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass

__all__ = ["HandText", "decode", "split_hands"]

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


def decode(data: bytes, name: str) -> str:
    r"""Return a site file's text: any encoding a real file has, ``\n`` line ends, no mark.

    A byte-order mark decides the encoding; without one, text whose every
    other byte is NUL is UTF-16 (of that byte order), text that is valid
    UTF-8 is UTF-8, and anything else is Windows-1252 (which decodes every
    byte but five; those five become U+FFFD and the line they are on is
    reported by the parser if it matters).

    Parameters
    ----------
    data : bytes
        The file's content.
    name : str
        The file's name (unused; for symmetry with the other readers).
    """
    del name
    encoding = None
    for bom, codec in _BOMS:
        if data.startswith(bom):
            encoding, data = codec, data[len(bom) :]
            break
    if encoding is None:
        head = data[:2000]
        if len(head) >= 4 and head[1::2].count(0) > len(head) * 0.4:
            encoding = "utf-16-le"
        elif len(head) >= 4 and head[0::2].count(0) > len(head) * 0.4:
            encoding = "utf-16-be"
    if encoding is not None:
        if encoding.startswith("utf-16") and len(data) % 2:  # an odd last byte is no character
            data = data[:-1]
        text = data.decode(encoding, errors="replace")
    else:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = data.decode("cp1252", errors="replace")
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if "\ufeff" in text:  # files joined together (cat a.txt b.txt): each one's mark
        text = text.replace("\n\ufeff", "\n")
    return text


@dataclass(frozen=True, slots=True)
class HandText:
    """One hand's lines in a file.

    Attributes
    ----------
    line : int
        The 1-based number of the hand's first line in the file.
    lines : list of str
        The hand's lines, from its first line to the last non-blank one,
        trailing white space removed.
    """

    line: int
    lines: list[str]


def split_hands(text: str, start: str) -> Iterator[HandText]:
    """Cut ``text`` into hands: each starts at a line that ``start`` (a regular expression) matches.

    ``start`` is matched at each line's start, on the line as the text has
    it. Lines before the first hand are skipped (a file's preamble); the
    hand's lines lose their trailing white space, and blank lines at a
    hand's end are left out.

    The first lines are found by one search of the text (a match that runs
    onto the next line is confirmed on its own line), and each hand's text
    is split into its lines one hand at a time: never a list of a whole
    file's lines.
    """
    pattern = re.compile(start)
    number, pos = 1, 0  # the line number at offset ``pos``
    first, begin = 0, -1  # the current hand's first line and offset
    # A line end and the start, searched as one pattern: the regular
    # expression engine skips to each line end at C speed.
    heads = re.finditer(f"\n(?:{start})", text, re.MULTILINE)  # ``$``: a line's end
    found = re.match(start, text, re.MULTILINE)
    for m in itertools.chain([found] if found else [], heads):
        at = m.start() if m is found else m.start() + 1
        end = text.find("\n", at)
        if end >= 0 and m.end() > end and not pattern.match(text[at:end]):
            continue  # a match that runs onto the next line is no first line
        number += text.count("\n", pos, at)
        pos = at
        if begin >= 0:
            yield _hand(first, text[begin:at])
        first, begin = number, at
    if begin >= 0:
        yield _hand(first, text[begin:])


def _hand(first: int, text: str) -> HandText:
    """Return the hand whose text starts on line ``first``, its lines without trailing space."""
    return HandText(first, _trim([line.rstrip() for line in text.split("\n")]))


def _trim(lines: list[str]) -> list[str]:
    end = len(lines)
    while end and not lines[end - 1]:
        end -= 1
    return lines if end == len(lines) else lines[:end]
