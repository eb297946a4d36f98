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
from omaha.tabular import RESULT_COLUMNS

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
