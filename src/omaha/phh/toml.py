"""PHH's TOML: file bytes to text to fields, and fields back to text.

Reading keeps every field, its order and its type (decimals as ``Decimal``,
never ``float``, so that ``0.1`` stays exact); writing puts each value back
the way TOML reads it, ``actions`` one per line. Nothing here knows what the
fields mean (:mod:`omaha.phh.history` does). Whatever the input, reading
raises only :class:`~omaha.errors.PHHError`: bytes that are not UTF-8, text
that is not TOML, an integer longer than Python converts from text, arrays
or tables nested too deeply for the parser.

Examples
--------
>>> fields = load_toml('''
... variant = "PO"
... stacks = [1.5, 2]
... ''', "<text>")
>>> fields
{'variant': 'PO', 'stacks': [Decimal('1.5'), 2]}
>>> print(dump_fields(fields), end="")
variant = "PO"
stacks = [1.5, 2]
"""

from __future__ import annotations

import datetime
import decimal
import math
import re
import sys
import tomllib
from collections.abc import Mapping
from typing import Any

from omaha.errors import PHHError, quote

__all__ = ["decode", "dump_fields", "load_toml", "toml_key"]

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f"}
_ESCAPES["\r"] = "\\r"


def decode(data: bytes, name: str) -> str:
    r"""Return a file's bytes as text: TOML is UTF-8.

    Raises
    ------
    PHHError
        The bytes are not UTF-8 (the message gives the first bad byte and its offset).

    Examples
    --------
    >>> decode(b"variant = 'PO'", "hand.phh")
    "variant = 'PO'"
    >>> decode(b"players = ['Jos\xe9']", "hand.phh")
    Traceback (most recent call last):
    ...
    omaha.errors.PHHError: hand.phh: not UTF-8 text: byte 0xe9 at offset 15
    """
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PHHError(
            f"{name}: not UTF-8 text: byte {data[exc.start]:#04x} at offset {exc.start}"
        ) from None


def load_toml(text: str, name: str) -> dict[str, Any]:
    """Parse TOML text, decimals as ``Decimal``.

    Parameters
    ----------
    text : str
        The TOML text.
    name : str
        The file's name, for messages.

    Raises
    ------
    PHHError
        The text is not valid TOML, holds a decimal integer longer than
        Python converts from text (``sys.get_int_max_str_digits()``, 4,300
        digits by default), or nests arrays or tables too deeply.
    """
    try:
        return tomllib.loads(text, parse_float=decimal.Decimal)
    except tomllib.TOMLDecodeError as exc:
        raise PHHError(f"{name}: not valid TOML: {exc}") from None
    except RecursionError:
        raise PHHError(f"{name}: arrays or tables nested too deeply to read") from None
    except ValueError:  # int() of a decimal integer over Python's digit limit
        limit = sys.get_int_max_str_digits()
        long = re.search(rf"[0-9][0-9_]{{{limit},}}", text)
        where = f"line {text.count(chr(10), 0, long.start()) + 1}: " if long else ""
        raise PHHError(
            f"{name}: {where}an integer of more than {limit:,} digits, longer than Python "
            "reads (sys.set_int_max_str_digits)"
        ) from None


def toml_key(key: str) -> str:
    """Write a key: bare when it can be, else a quoted string."""
    return key if _BARE_KEY.fullmatch(key) else _toml_string(key)


def _toml_string(s: str) -> str:
    out = []
    for ch in s:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04X}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _toml_value(value: object, where: str) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        try:
            return str(value)
        except ValueError:  # over Python's digit limit: hexadecimal has none
            if value < 0:
                raise PHHError(f"{where}: cannot write {quote(value)} as TOML") from None
            return hex(value)
    if isinstance(value, decimal.Decimal | float):
        if isinstance(value, float) and not math.isfinite(value):
            return "inf" if value > 0 else ("-inf" if value < 0 else "nan")
        if isinstance(value, decimal.Decimal) and not value.is_finite():
            return "nan" if value.is_nan() else ("inf" if value > 0 else "-inf")
        text = _decimal_text(value) if isinstance(value, decimal.Decimal) else repr(value)
        return text if any(c in text for c in ".eE") else text + ".0"
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, datetime.datetime | datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v, where) for v in value) + "]"
    if isinstance(value, Mapping):
        items = (f"{toml_key(str(k))} = {_toml_value(v, where)}" for k, v in value.items())
        return "{" + ", ".join(items) + "}"
    raise PHHError(f"{where}: cannot write {quote(value)} ({type(value).__name__}) as TOML")


_PLAIN_DECIMAL = 100
"""The most characters a decimal is written in without an exponent (``1e99999`` stays short)."""


def _decimal_text(value: decimal.Decimal) -> str:
    """Write a finite decimal as TOML reads it back to the same value, in few characters.

    Plain (``1937923.75``) unless that takes more than :data:`_PLAIN_DECIMAL`
    characters beyond its digits; else with an exponent (``1e+999999999999``,
    which written out would be a trillion digits).
    """
    _, digits, exponent = value.as_tuple()
    assert isinstance(exponent, int)
    plain = len(digits) + max(exponent, 0) + max(-exponent - len(digits), 0)
    if plain - len(digits) <= _PLAIN_DECIMAL:
        return format(value, "f")
    return format(value, "e")


def dump_fields(fields: Mapping[str, Any]) -> str:
    """Write fields as TOML text, in order (``actions`` one per line).

    Raises
    ------
    PHHError
        A value TOML cannot hold (the message names the field).
    """
    lines = []
    for key, value in fields.items():
        try:
            if key == "actions" and isinstance(value, list | tuple) and value:
                lines.append("actions = [")
                lines.extend(f"  {_toml_value(v, 'actions')}," for v in value)
                lines.append("]")
            else:
                lines.append(f"{toml_key(key)} = {_toml_value(value, key)}")
        except RecursionError:
            raise PHHError(f"{key}: values nested too deeply to write") from None
    return "\n".join(lines) + "\n"
