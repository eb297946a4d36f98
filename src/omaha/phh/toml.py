"""PHH's TOML: text to fields, and fields back to text.

Reading keeps every field, its order and its type (decimals as ``Decimal``,
never ``float``, so that ``0.1`` stays exact); writing puts each value back
the way TOML reads it, ``actions`` one per line. Nothing here knows what the
fields mean (:mod:`omaha.phh.history` does).

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
import tomllib
from collections.abc import Mapping
from typing import Any

from omaha.errors import PHHError

__all__ = ["dump_fields", "load_toml", "toml_key"]

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f"}
_ESCAPES["\r"] = "\\r"


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
        The text is not valid TOML.
    """
    try:
        return tomllib.loads(text, parse_float=decimal.Decimal)
    except tomllib.TOMLDecodeError as exc:
        raise PHHError(f"{name}: not valid TOML: {exc}") from None


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
        return str(value)
    if isinstance(value, decimal.Decimal | float):
        if isinstance(value, float) and not math.isfinite(value):
            return "inf" if value > 0 else ("-inf" if value < 0 else "nan")
        if isinstance(value, decimal.Decimal) and not value.is_finite():
            return "nan" if value.is_nan() else ("inf" if value > 0 else "-inf")
        text = format(value, "f") if isinstance(value, decimal.Decimal) else repr(value)
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
    raise PHHError(f"{where}: cannot write {value!r} ({type(value).__name__}) as TOML")


def dump_fields(fields: Mapping[str, Any]) -> str:
    """Write fields as TOML text, in order (``actions`` one per line).

    Raises
    ------
    PHHError
        A value TOML cannot hold (the message names the field).
    """
    lines = []
    for key, value in fields.items():
        if key == "actions" and isinstance(value, list | tuple) and value:
            lines.append("actions = [")
            lines.extend(f"  {_toml_value(v, 'actions')}," for v in value)
            lines.append("]")
        else:
            lines.append(f"{toml_key(key)} = {_toml_value(value, key)}")
    return "\n".join(lines) + "\n"
