"""What ``omaha eval`` must write, built independently of it.

Each row's fields come from the one-hand API (:func:`omaha.evaluate_hi` /
:func:`omaha.evaluate_lo`: the 60-combination selection), and the text is
written here by hand: CSV as Arrow writes it (RFC 4180: every string value
quoted, quotes doubled; numbers bare; a null empty), JSON Lines by
:mod:`json`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import omaha
from omaha.files.tabular import RESULT_COLUMNS

OUTPUT_COLUMNS = ("id", *RESULT_COLUMNS)


def result_fields(hole: str, board: str) -> dict[str, object]:
    hi = omaha.evaluate_hi(hole, board)
    lo = omaha.evaluate_lo(hole, board)
    return {
        "hi_strength": hi.strength,
        "hi_category": hi.category.name,
        "hi_name": str(hi),
        "hi_cards": omaha.format_cards(hi.cards),
        "lo_strength": lo.strength if lo else None,
        "lo_name": str(lo) if lo else None,
        "lo_cards": omaha.format_cards(lo.cards) if lo else None,
    }


def expected_fields(id_: object, hole: str, board: str) -> dict[str, object]:
    return {"id": id_, **result_fields(hole, board)}


def csv_value(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return str(value)
    return '"' + str(value).replace('"', '""') + '"'


def csv_lines(rows: Sequence[dict[str, object]], columns: Sequence[str], sep: str = ",") -> str:
    header = sep.join(csv_value(c) for c in columns)
    body = "".join(sep.join(csv_value(r[c]) for c in columns) + "\n" for r in rows)
    return header + "\n" + body


def expected_csv(rows: Sequence[tuple[object, str, str]]) -> str:
    """``id, hole, board`` rows -> the CSV ``omaha eval`` writes for them."""
    return csv_lines([expected_fields(*r) for r in rows], OUTPUT_COLUMNS)


def expected_jsonl(rows: Sequence[tuple[object, str, str]]) -> str:
    return "".join(json.dumps(expected_fields(*r), ensure_ascii=False) + "\n" for r in rows)


BAD_ROWS = [
    ("AsXs7h2c", "2hKh8d5sAc", "hole: malformed card 'Xs' in 'AsXs7h2c'"),
    ("AsAs7h2c", "2hKh8d5sAc", "hole: duplicate card 'As' in 'AsAs7h2c'"),
    (
        "AsKd7h2c",
        "2hKh8d5sAs",
        "duplicate card 'As' is both in hole 'AsKd7h2c' and on board '2hKh8d5sAs'",
    ),
    ("AsKd7h", "2hKh8d5sAc", "hole needs 4 to 6 cards, got 3: 'AsKd7h'"),
    ("AsKd7h2c3c4c5c", "2hKh8d5sAc", "hole needs 4 to 6 cards, got 7: 'AsKd7h2c3c4c5c'"),
    ("AsKd7h2c", "2hKh", "board needs 3 to 5 cards, got 2: '2hKh'"),
    ("AsKd7h2c", "2hKh8d5sAc9c", "board needs 3 to 5 cards, got 6: '2hKh8d5sAc9c'"),
    ("AsKd7h2c", "", "board needs 3 to 5 cards, got 0: ''"),
    ("As Kd 7 h2c", "2hKh8d5sAc", "hole: malformed card '7 ' in 'As Kd 7 h2c'"),
    ("AsKd7h2c", "2hKh8d5sA", "board: malformed card 'A' in '2hKh8d5sA'"),
    (
        "AsKd7h2c",
        "2h\u212ah8d5sAc",
        "board: malformed card '\u212ah' in '2h\u212ah8d5sAc'"
        " (U+212A is not an ASCII rank or suit)",
    ),
]
"""Rows that cannot be evaluated, each with the whole reason given for it."""
