"""Player reports from a hand-history table: results, all-in EV and statistics (docs/analysis.md).

:func:`report` sums the rows of :func:`omaha.history.to_frame` per player
(and per stakes, day or site when asked), always split by currency: hands
of different currencies are never summed in money. Money is summed
exactly (each row's integer amount times its ``unit``, as a
:class:`decimal.Decimal`); big blinds are each hand's amount over its own
big blind. :func:`format_report` writes the result as text, CSV or JSON
(``omaha report``).

Examples
--------
>>> from omaha.history import to_frame
>>> frame = to_frame("tests/data/hh/pokerstars/stars_plo8_cash_0.05-0.10_hu_split.txt")
>>> rows = report(frame)
>>> [(r["player"], r["hands"], str(r["net"]), r["rake"]) for r in rows]
[('Player1', 1, '-0.02', Decimal('0.01')), ('Player2', 1, '-0.01', Decimal('0.02'))]
"""

from __future__ import annotations

import csv
import datetime
import decimal
import io
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal

from omaha.errors import ArgumentError

if TYPE_CHECKING:
    import pyarrow as pa

__all__ = ["GROUPS", "REPORT_COLUMNS", "format_report", "report"]

Group = Literal["stakes", "day", "site", "none"]
GROUPS: tuple[Group, ...] = ("stakes", "day", "site", "none")
"""The ways :func:`report` can split a player's hands (besides the currency)."""

REPORT_COLUMNS = (
    "player",
    "currency",
    "group",
    "hands",
    "net",
    "net_bb",
    "bb_per_100",
    "allin_ev_net",
    "ev_bb_per_100",
    "rake",
    "house",
    "vpip",
    "pfr",
    "three_bet",
    "went_to_showdown",
    "won_at_showdown",
)
"""The keys of each row of :func:`report`, in order."""

_NEEDED = (
    "site",
    "time",
    "currency",
    "unit",
    "small_blind",
    "big_blind",
    "player",
    "net",
    "rake",
    "house",
    "vpip",
    "pfr",
    "three_bet",
    "saw_flop",
    "went_to_showdown",
    "won_at_showdown",
    "allin_ev_net",
)
_NO_CURRENCY = "chips"


@dataclass
class _Sums:
    hands: int = 0
    net: decimal.Decimal = field(default_factory=decimal.Decimal)
    net_bb: Fraction = field(default_factory=Fraction)
    ev: float = 0.0
    ev_bb: float = 0.0
    rake: decimal.Decimal = field(default_factory=decimal.Decimal)
    house: decimal.Decimal = field(default_factory=decimal.Decimal)
    vpip: int = 0
    pfr: int = 0
    three_bet: int = 0
    three_bet_chances: int = 0
    saw_flop: int = 0
    showdown: int = 0
    won_showdown: int = 0

    def add(self, row: dict[str, Any]) -> None:
        unit: decimal.Decimal = row["unit"].normalize()
        big = row["big_blind"] or 1
        self.hands += 1
        self.net += row["net"] * unit
        self.net_bb += Fraction(row["net"], big)
        self.ev += row["allin_ev_net"] * float(unit)
        self.ev_bb += row["allin_ev_net"] / big
        self.rake += row["rake"] * unit
        self.house += row["house"] * unit
        self.vpip += bool(row["vpip"])
        self.pfr += bool(row["pfr"])
        if row["three_bet"] is not None:
            self.three_bet_chances += 1
            self.three_bet += bool(row["three_bet"])
        self.saw_flop += bool(row["saw_flop"])
        self.showdown += bool(row["went_to_showdown"])
        self.won_showdown += bool(row["won_at_showdown"])


def _percent(part: int, whole: int) -> float | None:
    return round(100 * part / whole, 2) if whole else None


def _decimal_text(value: decimal.Decimal) -> str:
    text = format(value.normalize(), "f")
    return text if "." not in text else text.rstrip("0").rstrip(".")


def _group(row: dict[str, Any], by: Group) -> str:
    if by == "site":
        return str(row["site"] or "")
    if by == "day":
        t = row["time"]
        return t.date().isoformat() if isinstance(t, datetime.datetime) else ""
    if by == "stakes":
        unit = row["unit"]
        return (
            f"{_decimal_text(row['small_blind'] * unit)}/{_decimal_text(row['big_blind'] * unit)}"
        )
    return ""


def _rows(frame: pa.Table) -> Iterator[dict[str, Any]]:
    missing = [c for c in _NEEDED if c not in frame.column_names]
    if missing:
        raise ArgumentError(f"the table has no column {missing[0]!r} (see omaha.history.to_frame)")
    for batch in frame.select(list(_NEEDED)).to_batches():
        yield from batch.to_pylist()


def report(
    frame: pa.Table | Iterable[dict[str, Any]],
    *,
    player: str | None = None,
    by: Group = "none",
) -> list[dict[str, Any]]:
    """Sum a hand-history table per player: results, all-in EV and statistics.

    Parameters
    ----------
    frame : pyarrow.Table or iterable of dict
        The rows of :func:`omaha.history.to_frame` (a table, or its rows as dicts).
    player : str, optional
        Only this player's rows (the name as the site writes it).
    by : {"none", "stakes", "day", "site"}, default "none"
        Split each player's hands further by stakes (the blinds in money),
        by day (the date as the site states it) or by site. Hands are
        always split by currency.

    Returns
    -------
    list of dict
        One per player, currency and group, sorted by currency, group and
        player, with the keys of :data:`REPORT_COLUMNS`: ``hands``; ``net``,
        ``rake`` (the rake of the pots the player won, by their share of
        each) and ``house`` (the house's money they won, a GGPoker Cash
        Drop, docs/rules.md §4.12: the frame's ``house`` column, cut the
        same way) in money (exact :class:`decimal.Decimal`); ``net_bb``
        and ``bb_per_100`` in big blinds; ``allin_ev_net`` (money, a float)
        and ``ev_bb_per_100``; ``vpip``, ``pfr`` (percent of hands),
        ``three_bet`` (percent of the chances to 3-bet), ``went_to_showdown``
        (percent of the flops seen) and ``won_at_showdown`` (percent of the
        showdowns); a percentage without a chance is None.

    Raises
    ------
    ArgumentError
        An unknown ``by``, a table without the columns of ``to_frame``, or
        a ``player`` with no hand in it (the message names them).
    """
    if by not in GROUPS:
        raise ArgumentError(f"report by {by!r}: one of {', '.join(GROUPS)}")
    rows = _rows(frame) if hasattr(frame, "column_names") else iter(frame)
    sums: dict[tuple[str, str, str], _Sums] = {}
    for row in rows:
        name = row["player"]
        if player is not None and name != player:
            continue
        key = (row["currency"] or _NO_CURRENCY, _group(row, by), name)
        sums.setdefault(key, _Sums()).add(row)
    if player is not None and not sums:
        raise ArgumentError(f"player {player!r} has no hand in the table")
    out = []
    for (currency, group, name), s in sorted(sums.items()):
        out.append(
            {
                "player": name,
                "currency": currency,
                "group": group,
                "hands": s.hands,
                "net": s.net,
                "net_bb": round(float(s.net_bb), 2),
                "bb_per_100": round(float(100 * s.net_bb / s.hands), 2),
                "allin_ev_net": round(s.ev, 2),
                "ev_bb_per_100": round(100 * s.ev_bb / s.hands, 2),
                "rake": s.rake,
                "house": s.house,
                "vpip": _percent(s.vpip, s.hands),
                "pfr": _percent(s.pfr, s.hands),
                "three_bet": _percent(s.three_bet, s.three_bet_chances),
                "went_to_showdown": _percent(s.showdown, s.saw_flop),
                "won_at_showdown": _percent(s.won_showdown, s.showdown),
            }
        )
    return out


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, decimal.Decimal):
        return _decimal_text(value)
    return str(value)


def format_report(
    rows: list[dict[str, Any]], fmt: Literal["text", "csv", "json"] = "text", *, by: Group = "none"
) -> str:
    """Write the rows of :func:`report` as an aligned text table, CSV or JSON.

    Money is written exactly (``-0.01``); JSON gives it as a string for
    that reason. The ``group`` column is left out when ``by`` is ``"none"``.

    Raises
    ------
    ArgumentError
        An unknown format.
    """
    columns = [c for c in REPORT_COLUMNS if c != "group" or by != "none"]
    if fmt == "json":
        items = [
            {
                (by if c == "group" else c): (
                    _cell(r[c]) if isinstance(r[c], decimal.Decimal) else r[c]
                )
                for c in columns
            }
            for r in rows
        ]
        return json.dumps(items, indent=2) + "\n"
    header = [by if c == "group" else c for c in columns]
    table = [[_cell(r[c]) for c in columns] for r in rows]
    if fmt == "csv":
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(table)
        return buf.getvalue()
    if fmt != "text":
        raise ArgumentError(f"report format {fmt!r}: one of text, csv, json")
    widths = [max([len(h), *(len(t[i]) for t in table)]) for i, h in enumerate(header)]
    lines = [
        "  ".join(
            cell.ljust(w) if columns[i] in ("player", "currency", "group") else cell.rjust(w)
            for i, (cell, w) in enumerate(zip(line, widths, strict=True))
        ).rstrip()
        for line in [header, *table]
    ]
    return "\n".join(lines) + "\n"
