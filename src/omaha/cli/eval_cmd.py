"""``omaha eval``: evaluate a file of Omaha deals, streaming, through the batch kernel.

Input is CSV with a header or JSON Lines, one deal per row: the columns
``hole`` (4 to 6 hole cards) and ``board`` (3 to 5 board cards) and an
optional ``id`` that passes through (when absent, the id is the 1-based row
number). Output has the columns :data:`OUTPUT_COLUMNS`, as CSV or JSON
Lines: the best high hand (docs/rules.md §2) and the best eight-or-better
low (§3) with the five cards used, in ranking order.

The rows are read in chunks; in each chunk the card text is parsed, checked
and formatted with NumPy array operations (:func:`omaha.cards.parse_cards_array`,
:func:`omaha.cards.format_cards_array`) and the hands are selected by
:func:`omaha.select_batch`, so no Python code runs per row on the common
path (CSV without quoted fields).
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import math
import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import suppress
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING, Any

from omaha.cards import (
    NO_CARD,
    format_card,
    format_cards_array,
    parse_cards,
    parse_cards_array,
)
from omaha.errors import InvalidCardError

if TYPE_CHECKING:
    import numpy as np

__all__ = ["CHUNK_ROWS", "OUTPUT_COLUMNS", "add_parser", "run"]

OUTPUT_COLUMNS = (
    "id",
    "hi_strength",
    "hi_category",
    "hi_name",
    "hi_cards",
    "lo_strength",
    "lo_name",
    "lo_cards",
)
"""The output columns, in order."""

CHUNK_ROWS = 65_536
"""Rows per chunk by default: one batch-kernel call (or a few) per chunk."""

_HOLE_SIZES = (4, 5, 6)
_BOARD_SIZES = (3, 4, 5)
_MAX_FIELD = 128  # longest hole or board text read into a text matrix
_MAX_ID = 256  # longest id kept in a fixed-width array (longer ones go row by row)
_BLOCK = 1 << 20  # bytes per read


class _InputError(Exception):
    """A problem with the input as a whole (it stops the run whatever the options)."""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``eval`` subcommand."""
    p = sub.add_parser(
        "eval",
        help="evaluate a CSV or JSON Lines file of deals (high and eight-or-better low)",
        description=(
            "Evaluate every deal of FILE: the best Omaha high hand and the best "
            "eight-or-better low, with the cards used. FILE is CSV with a header "
            "(columns hole, board and an optional id) or JSON Lines (objects with "
            "the same keys); cards run together (AsKd7h2c) or separated by spaces. "
            "Output columns: " + ", ".join(OUTPUT_COLUMNS) + " (the low fields are "
            "empty when there is no low)."
        ),
        epilog=(
            "Exit status: 0 on success, 1 on a bad row (its line number and the "
            "reason go to stderr) or an unreadable input, 2 on a usage error."
        ),
    )
    p.add_argument("file", metavar="FILE", help="input file, or '-' for standard input")
    p.add_argument("-o", "--output", metavar="OUT", help="write to OUT instead of standard output")
    p.add_argument(
        "--format",
        choices=("csv", "jsonl"),
        help="output format (default: from OUT's extension, else the input format)",
    )
    p.add_argument(
        "--input-format",
        choices=("csv", "jsonl"),
        help=(
            "input format (default: jsonl for a .jsonl or .ndjson file, csv for a .csv "
            "file, otherwise jsonl if the first non-blank character is '{')"
        ),
    )
    p.add_argument(
        "--skip-invalid",
        action="store_true",
        help="report a bad row on stderr and go on, instead of stopping",
    )
    p.add_argument(
        "--stats", action="store_true", help="report rows and rows/second on stderr at the end"
    )
    p.add_argument(
        "--no-progress",
        action="store_true",
        help="no progress bar (by default one is shown when stderr is a terminal)",
    )
    p.add_argument(
        "--chunk-size",
        type=_positive_int,
        default=CHUNK_ROWS,
        metavar="ROWS",
        help=f"rows per chunk (default {CHUNK_ROWS})",
    )
    p.set_defaults(func=run)


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


# ------------------------------------------------------------------ reading


@dataclass
class _Rows:
    """One chunk of input rows (blank lines left out)."""

    lines: np.ndarray
    """int64 (n,): the line number of each row."""
    numbers: np.ndarray
    """int64 (n,): the 1-based row number (the id when there is none)."""
    holes: Any
    """Hole card text: a bytes array of shape (n,) or a list of str."""
    boards: Any
    """Board card text, as ``holes``."""
    ids: Any = None
    """None (use the row numbers), a bytes array (n,) of text, or a list of
    values (str from CSV, any JSON value from JSON Lines)."""
    ids_are_numbers: bool = False
    """The ``ids`` bytes array holds integers (written without quotes in JSON)."""
    errors: dict[int, str] = field(default_factory=dict)
    """Row index -> reason, for rows found bad while reading."""

    def pack(self) -> None:
        """Turn lists of ASCII text (and of integer ids) into bytes arrays."""
        import numpy as np

        if isinstance(self.holes, list):
            self.holes = _ascii_array(self.holes) if self.holes else self.holes
        if isinstance(self.boards, list):
            self.boards = _ascii_array(self.boards) if self.boards else self.boards
        if isinstance(self.ids, list) and self.ids:
            kinds = set(map(type, self.ids))
            if kinds == {str}:
                self.ids = _ascii_array(self.ids)
            elif kinds == {int}:
                with suppress(OverflowError):
                    self.ids = np.array(self.ids, np.int64).astype("S20")
                    self.ids_are_numbers = True


def _ascii_array(values: list[Any]) -> Any:
    """Return a list of ASCII str without NUL as a bytes array (else the list)."""
    import numpy as np

    joined = "\0".join(values)
    if not joined.isascii():
        return values
    a = np.frombuffer(joined.encode() + b"\0", np.uint8)
    ends = np.flatnonzero(a == 0)
    if ends.size != len(values):  # a value holds a NUL
        return values
    starts = np.concatenate([[0], ends[:-1] + 1])
    width = int((ends - starts).max(initial=0))
    if width > _MAX_ID:
        return values
    return _gather(np.concatenate([a, np.zeros(width, np.uint8)]), starts, ends, width)


def _line_chunks(f: IO[bytes], head: bytes, chunk_rows: int) -> Iterator[tuple[int, bytes]]:
    """Yield ``(offset, data)``: up to ``chunk_rows`` complete lines at a time.

    ``offset`` counts the lines before ``data``; ``head`` is input already read.
    """
    import numpy as np

    buf = head
    nl = np.flatnonzero(np.frombuffer(buf, np.uint8) == 10)
    pos = k = done = 0  # bytes and newlines of buf already yielded
    eof = False
    while True:
        if not eof and nl.size - k < chunk_rows:
            data = f.read(_BLOCK)
            if data:
                buf = buf[pos:] + data
                nl = np.flatnonzero(np.frombuffer(buf, np.uint8) == 10)
                pos = k = 0
            else:
                eof = True
            continue
        if nl.size - k >= chunk_rows:
            end = int(nl[k + chunk_rows - 1]) + 1
            piece, lines = buf[pos:end], chunk_rows
            pos, k = end, k + chunk_rows
        elif pos < len(buf):
            piece, lines = buf[pos:], nl.size - k
            if not piece.endswith(b"\n"):
                piece, lines = piece + b"\n", lines + 1
            pos, k = len(buf), nl.size
        else:
            return
        yield done, piece
        done += lines


def _first_line(f: IO[bytes]) -> tuple[int, bytes]:
    """Read up to the first non-blank line: ``(blank lines skipped, the line)``."""
    skipped = 0
    while True:
        line = f.readline()
        if skipped == 0 and line.startswith(b"\xef\xbb\xbf"):
            line = line[3:]
        if not line or line.strip():
            return skipped, line
        skipped += 1


class _Reader:
    """Turns the input into chunks of rows; subclasses know the format."""

    def __init__(self, f: IO[bytes], skipped: int, first: bytes, chunk_rows: int) -> None:
        self.f = f
        self.skipped = skipped
        self.first = first
        self.chunk_rows = chunk_rows
        self.row_count = 0
        self.bytes_read = 0

    def chunks(self) -> Iterator[_Rows]:
        raise NotImplementedError

    def _numbers(self, n: int) -> np.ndarray:
        import numpy as np

        start = self.row_count + 1
        self.row_count += n
        return np.arange(start, start + n, dtype=np.int64)


class _CsvReader(_Reader):
    """CSV with a header; an array path for chunks without quotes, else :mod:`csv`."""

    def __init__(self, f: IO[bytes], skipped: int, first: bytes, chunk_rows: int) -> None:
        super().__init__(f, skipped, first, chunk_rows)
        self.header_line = skipped + 1
        if not first:  # empty input: no header, no rows
            first = b"hole,board"
        text = first.decode("utf-8", "replace")
        try:
            names = [c.strip().lower() for c in next(csv.reader([text]), [])]
        except csv.Error as exc:
            why = str(exc)
            if "\r" in text.rstrip("\r\n"):  # lines ended by a lone CR
                why = "a carriage return inside the header (lines must end with LF or CRLF)"
            raise _InputError(f"line {self.header_line}: {why}: {_short(text.strip())}") from None
        for need in ("hole", "board"):
            if need not in names:
                raise _InputError(
                    f"line {self.header_line}: the header needs the columns hole and board "
                    f"(and optionally id), got {text.strip()!r}"
                )
        if len(set(names)) != len(names):
            raise _InputError(f"line {self.header_line}: repeated column in {text.strip()!r}")
        self.ncols = len(names)
        self.col = {name: names.index(name) for name in ("hole", "board", "id") if name in names}

    def chunks(self) -> Iterator[_Rows]:
        pending = b""
        pending_offset = 0
        for offset, data in _line_chunks(self.f, b"", self.chunk_rows):
            self.bytes_read += len(data)
            if pending:
                data, offset = pending + data, pending_offset
            if b'"' in data and _ends_in_quotes(data):  # the record goes on
                pending, pending_offset = data, offset
                continue
            pending = b""
            yield self._chunk(self.header_line + 1 + offset, data)
        if pending:
            yield self._chunk(self.header_line + 1 + pending_offset, pending)

    def _chunk(self, first_line: int, data: bytes) -> _Rows:
        # NUL bytes would vanish as the arrays' padding: the general path keeps them.
        if b'"' in data or b"\0" in data:
            return self._chunk_csv_module(first_line, data)
        return self._chunk_arrays(first_line, data)

    def _chunk_arrays(self, first_line: int, data: bytes) -> _Rows:
        import numpy as np

        a = np.frombuffer(data, np.uint8)
        padded = np.concatenate([a, np.zeros(_MAX_ID + _MAX_FIELD, np.uint8)])
        nl = np.flatnonzero(a == 10)
        starts = np.concatenate([[0], nl[:-1] + 1])
        ends = nl.copy()
        cr = ends > starts
        cr[cr] = a[ends[cr] - 1] == 13
        ends[cr] -= 1
        keep = ends > starts  # blank lines are no rows
        commas = np.flatnonzero(a == 44)
        per_line = np.bincount(np.searchsorted(nl, commas), minlength=nl.size)
        first_comma = np.searchsorted(commas, starts)
        lines = first_line + np.flatnonzero(keep)
        starts, ends = starts[keep], ends[keep]
        per_line, first_comma = per_line[keep], first_comma[keep]
        n = starts.size
        good = per_line == self.ncols - 1
        if commas.size == 0:
            commas = np.zeros(1, np.int64)

        def bounds(k: int) -> tuple[np.ndarray, np.ndarray]:
            last = commas.size - 1
            lo = starts if k == 0 else commas[np.minimum(first_comma + k - 1, last)] + 1
            hi = ends if k == self.ncols - 1 else commas[np.minimum(first_comma + k, last)]
            lo = np.where(good, lo, 0)
            hi = np.where(good, hi, 0)
            return lo, hi

        hole_lo, hole_hi = bounds(self.col["hole"])
        board_lo, board_hi = bounds(self.col["board"])
        hole_width = int((hole_hi - hole_lo).max(initial=0))
        board_width = int((board_hi - board_lo).max(initial=0))
        if max(hole_width, board_width) > _MAX_FIELD:
            # Too wide for the card matrix (spaces, or not cards at all): the
            # general path reads such a field as text of its own.
            return self._chunk_csv_module(first_line, data)
        rows = _Rows(lines, self._numbers(n), None, None)
        for i in np.flatnonzero(~good):
            rows.errors[int(i)] = f"expected {self.ncols} fields, got {int(per_line[i]) + 1}"
        rows.holes = _gather(padded, hole_lo, hole_hi, hole_width)
        rows.boards = _gather(padded, board_lo, board_hi, board_width)
        if "id" in self.col:
            id_lo, id_hi = bounds(self.col["id"])
            width = int((id_hi - id_lo).max(initial=0))
            if width <= _MAX_ID:
                rows.ids = _gather(padded, id_lo, id_hi, width)
            else:
                rows.ids = [
                    data[s:e].decode("utf-8", "replace") for s, e in zip(id_lo, id_hi, strict=True)
                ]
        return rows

    def _chunk_csv_module(self, first_line: int, data: bytes) -> _Rows:
        import numpy as np

        reader = csv.reader(io.StringIO(data.decode("utf-8", "replace"), newline=""))
        lines: list[int] = []
        records: list[list[str]] = []
        while True:
            before = reader.line_num
            try:
                record = next(reader)
            except StopIteration:
                break
            except csv.Error as exc:
                raise _InputError(f"line {first_line + before}: {exc}") from None
            if record:
                lines.append(first_line + before)
                records.append(record)
        n = len(records)
        rows = _Rows(np.array(lines, np.int64), self._numbers(n), [], [])
        want = [self.col["hole"], self.col["board"]]
        for i, record in enumerate(records):
            if len(record) != self.ncols:
                rows.errors[i] = f"expected {self.ncols} fields, got {len(record)}"
                record = [""] * self.ncols
            rows.holes.append(record[want[0]])
            rows.boards.append(record[want[1]])
        if "id" in self.col:
            k = self.col["id"]
            rows.ids = [r[k] if len(r) == self.ncols else "" for r in records]
        rows.pack()
        return rows


def _ends_in_quotes(data: bytes) -> bool:
    """Whether CSV lines ``data`` (from a record's start) end inside a quoted field.

    As :mod:`csv` reads them: a quote opens a quoted field only at the start
    of a field, and is kept as text anywhere else outside one (``5"``);
    inside, ``""`` is a quote and a lone quote closes the field.
    """
    import numpy as np

    a = np.frombuffer(data, np.uint8)
    q = np.flatnonzero(a == 34)
    # The common case, checked with arrays: every quote opens a field at its
    # start or closes one at its end (escaped quotes close and reopen), so
    # the quotes alternate and their parity tells.
    ends = np.array([44, 10, 13, 34], np.uint8)  # , LF CR "
    opens, closes = q[0::2], q[1::2]
    before = a[np.maximum(opens - 1, 0)]
    after = a[np.minimum(closes + 1, a.size - 1)]
    if np.isin(before, ends)[opens > 0].all() and np.isin(after, ends)[closes + 1 < a.size].all():
        return bool(q.size % 2)
    inside = False
    pos = data.find(b'"')
    while pos >= 0:
        if inside:
            if data[pos + 1 : pos + 2] == b'"':
                pos = data.find(b'"', pos + 2)
                continue
            inside = False
        elif pos == 0 or data[pos - 1] in b",\r\n":
            inside = True
        pos = data.find(b'"', pos + 1)
    return inside


def _gather(a: np.ndarray, lo: np.ndarray, hi: np.ndarray, width: int) -> np.ndarray:
    """Return the byte ranges ``a[lo:hi]`` of each row as a fixed-width bytes array.

    ``a`` ends with at least ``width`` NUL bytes of padding.
    """
    import numpy as np
    from numpy.lib.stride_tricks import sliding_window_view

    n = lo.size
    if width == 0 or n == 0:
        return np.zeros(n, "S1")
    mat = sliding_window_view(a, width)[lo]
    mat *= np.arange(width) < (hi - lo)[:, None]
    text: np.ndarray = mat.view(f"S{width}").reshape(n)
    return text


class _JsonReader(_Reader):
    """JSON Lines: one object per line with the keys hole, board and optionally id."""

    def chunks(self) -> Iterator[_Rows]:
        import numpy as np

        start = self.skipped + 1
        for offset, data in _line_chunks(self.f, self.first, self.chunk_rows):
            self.bytes_read += len(data)
            raw = data.split(b"\n")[:-1]
            objs = None
            if all(raw):  # no empty line: try the whole chunk in one pass
                index = None
                texts = raw
                objs = _loads_lines(raw)
            else:
                index = [i for i, line in enumerate(raw) if line.strip()]
                texts = [raw[i] for i in index]
            if objs is None:
                if index is None:  # blank (whitespace) lines, or a line that is not one value
                    index = [i for i, line in enumerate(raw) if line.strip()]
                    texts = [raw[i] for i in index]
                objs = [_loads(t) for t in texts]
            n = len(texts)
            lines = np.arange(n) if index is None else np.array(index, np.int64)
            rows = _Rows(start + offset + lines, self._numbers(n), [], [], [])
            try:  # the common case: objects with string cards
                rows.holes = [obj["hole"] for obj in objs]
                rows.boards = [obj["board"] for obj in objs]
                rows.ids = [obj.get("id", _NO_ID) for obj in objs]
                simple = set(map(type, rows.holes)) | set(map(type, rows.boards)) == {str}
            except (KeyError, TypeError, AttributeError):
                simple = False
            if not simple:
                self._rows_one_by_one(objs, rows)
            if _NO_ID in rows.ids:
                numbers = rows.numbers.tolist()
                rows.ids = [numbers[k] if i is _NO_ID else i for k, i in enumerate(rows.ids)]
            rows.pack()
            yield rows

    @staticmethod
    def _rows_one_by_one(objs: list[Any], rows: _Rows) -> None:
        rows.holes, rows.boards, rows.ids = [], [], []
        for i, obj in enumerate(objs):
            hole = board = ""
            if isinstance(obj, _BadJson):
                rows.errors[i] = obj.reason
            elif not isinstance(obj, dict):
                rows.errors[i] = f"expected a JSON object, got {_short(obj)}"
            else:
                hole = _cards_value(obj, "hole", rows.errors, i)
                board = _cards_value(obj, "board", rows.errors, i)
            rows.holes.append(hole)
            rows.boards.append(board)
            rows.ids.append(obj.get("id", _NO_ID) if isinstance(obj, dict) else _NO_ID)


_NO_ID = object()


@dataclass
class _BadJson:
    reason: str


def _not_json(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _finite(text: str) -> float:
    value = float(text)
    if value in (math.inf, -math.inf):
        raise ValueError(f"{text} is beyond a float's range")
    return value


# Python's decoder also takes NaN and Infinity (and reads 1e999 as infinity),
# which no JSON writer may output.
_JSON_HOOKS: dict[str, Any] = {"parse_constant": _not_json, "parse_float": _finite}
_DECODER = json.JSONDecoder(**_JSON_HOOKS)
_JSON_SPACE = b" \t\r\n"


def _loads_lines(lines: list[bytes]) -> list[Any] | None:
    """Parse lines that each hold exactly one JSON value, else return None.

    One decoder pass over the joined text, much faster than one
    :func:`json.loads` per line; every value must end where its line ends,
    so a line holding two values, or part of one, can never shift the
    values of the other lines (the caller then parses line by line).
    """
    try:
        texts = [line.strip(_JSON_SPACE).decode() for line in lines]
    except UnicodeDecodeError:
        return None
    joined = "\n".join(texts)
    objs = []
    pos = 0
    try:
        for text in texts:
            obj, end = _DECODER.raw_decode(joined, pos)
            pos += len(text)
            if end != pos:
                return None
            objs.append(obj)
            pos += 1
    except (ValueError, RecursionError):
        return None
    return objs


def _loads(text: bytes) -> Any:
    try:
        return json.loads(text, **_JSON_HOOKS)
    except (ValueError, RecursionError) as exc:  # RecursionError: nested too deeply
        msg = getattr(exc, "msg", str(exc))
        return _BadJson(f"invalid JSON ({msg}): {_short(text.decode('utf-8', 'replace'))}")


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _cards_value(obj: dict[str, Any], key: str, errors: dict[int, str], i: int) -> str:
    value = obj.get(key)
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return " ".join(value)
    if key not in obj:
        errors.setdefault(i, f"missing {key!r}")
    else:
        errors.setdefault(i, f"{key} must be a string of cards, got {_short(value)}")
    return ""


# --------------------------------------------------------------- evaluating


@dataclass
class _Result:
    """The evaluated rows of a chunk (the good rows, in input order)."""

    index: np.ndarray
    """int (m,): which rows of the chunk these are."""
    hi_strength: np.ndarray
    hi_cards: np.ndarray
    """uint8 (m, 5): the high hand in ranking order."""
    lo_strength: np.ndarray
    lo_cards: np.ndarray
    """uint8 (m, 5): the low, highest rank first (:data:`NO_CARD` without a low)."""


def _evaluate(rows: _Rows, tables: _Tables) -> tuple[_Result, dict[int, str]]:
    """Parse, check and evaluate a chunk; return the results and the bad rows."""
    import numpy as np

    from omaha.evaluator import select_batch

    holes, hole_n = _parse_field(rows.holes, 6)
    boards, board_n = _parse_field(rows.boards, 5)
    bad = (hole_n < 4) | (board_n < 3)
    bit = tables.bit
    hole_mask = bit[holes[:, 0]] | bit[holes[:, 1]] | bit[holes[:, 2]]
    hole_mask |= bit[holes[:, 3]] | bit[holes[:, 4]] | bit[holes[:, 5]]
    board_mask = bit[boards[:, 0]] | bit[boards[:, 1]] | bit[boards[:, 2]]
    board_mask |= bit[boards[:, 3]] | bit[boards[:, 4]]
    bad |= (hole_mask & board_mask) != 0  # a card both in the hole and on the board
    if rows.errors:
        bad[list(rows.errors)] = True
    errors = {i: rows.errors.get(i) or _reason(rows, i) for i in np.flatnonzero(bad).tolist()}

    index = np.flatnonzero(~bad)
    m = index.size
    hs = np.empty(m, np.uint16)
    hc = np.empty((m, 5), np.uint8)
    ls = np.empty(m, np.uint8)
    lc = np.empty((m, 5), np.uint8)
    sizes = hole_n[index].astype(np.int64) * 8 + board_n[index]
    kinds = [int(sizes[0])] if m and (sizes == sizes[0]).all() else np.unique(sizes).tolist()
    for key in kinds:
        nh, nb = divmod(key, 8)
        part = slice(None) if len(kinds) == 1 else np.flatnonzero(sizes == key)
        rows_ = index[part]
        sel = select_batch(
            np.ascontiguousarray(holes[rows_, :nh]), np.ascontiguousarray(boards[rows_, :nb])
        )
        hs[part], _, hc[part], ls[part], lc[part] = sel
    return _Result(index, hs, _hi_order(hs, hc, tables), ls, _lo_order(ls, lc)), errors


def _parse_field(texts: Any, max_cards: int) -> tuple[np.ndarray, np.ndarray]:
    """Return :func:`omaha.cards.parse_cards_array` of a column of card text.

    Texts kept in a list (not ASCII, holding NUL, or long) that the array
    parser cannot take as they are go through :func:`omaha.cards.parse_cards`
    one by one: a NumPy string drops a NUL at its end, and one long text
    would widen the text matrix of the whole chunk.
    """
    odd: dict[int, str] = {}
    if isinstance(texts, list):
        odd = {i: t for i, t in enumerate(texts) if len(t) > _MAX_FIELD or "\0" in t}
        if odd:
            texts = ["" if i in odd else t for i, t in enumerate(texts)]
    codes, counts = parse_cards_array(texts, max_cards=max_cards)
    for i, text in odd.items():
        try:
            row = parse_cards(text)
        except InvalidCardError:
            row = None
        if row is None or len(row) > max_cards:
            counts[i] = -1
        else:
            codes[i, : len(row)] = row
            counts[i] = len(row)
    return codes, counts


def _hi_order(strength: np.ndarray, cards: np.ndarray, tables: _Tables) -> np.ndarray:
    """Put the five cards of each high hand in ranking order (as ``HighHand.cards``).

    Groups first (the larger group, then the higher rank), then by rank and
    code, highest first; a five-high straight (the wheel) is 5-4-3-2-A.
    """
    import numpy as np

    c = cards.astype(np.uint16)
    ranks = [c[:, i] >> 2 for i in range(5)]
    keys = np.empty((cards.shape[0], 5), np.uint16)
    for i in range(5):
        count = sum((ranks[i] == ranks[j]).astype(np.uint16) for j in range(5) if j != i)
        # key: group size (0..3 others), rank, code; the code is the low 6 bits
        keys[:, i] = (count << 12) | (ranks[i] << 8) | c[:, i]
    wheel = tables.wheel[strength]
    if wheel.any():
        w = c[wheel]
        keys[wheel] = ((((w >> 2) + 1) % 13) << 8) | w
    keys.sort(axis=1)
    return (keys[:, ::-1] & 63).astype(np.uint8)


def _lo_order(strength: np.ndarray, cards: np.ndarray) -> np.ndarray:
    """Put the five cards of each low in order: highest low rank first (the ace last)."""
    import numpy as np

    c = cards.astype(np.uint16)
    keys = ((((c >> 2) + 1) % 13) << 8) | c
    keys.sort(axis=1)
    ordered = (keys[:, ::-1] & 63).astype(np.uint8)
    ordered[strength == 0] = NO_CARD
    return ordered


def _text(rows: _Rows, i: int, which: str) -> str:
    value = (rows.holes if which == "hole" else rows.boards)[i]
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)


def _reason(rows: _Rows, i: int) -> str:
    """Say why row ``i`` was rejected (the rare path: one row at a time)."""
    hole, board = _text(rows, i, "hole"), _text(rows, i, "board")
    try:
        h = parse_cards(hole)
    except InvalidCardError as exc:
        return f"hole: {exc}"
    try:
        b = parse_cards(board)
    except InvalidCardError as exc:
        return f"board: {exc}"
    if len(h) not in _HOLE_SIZES:
        return f"hole needs 4 to 6 cards, got {len(h)}: {hole!r}"
    if len(b) not in _BOARD_SIZES:
        return f"board needs 3 to 5 cards, got {len(b)}: {board!r}"
    for c in h:
        if c in b:
            return f"duplicate card {format_card(c)!r} in hole {hole!r} and on board {board!r}"
    return f"invalid cards: hole {hole!r}, board {board!r}"  # pragma: no cover


# ------------------------------------------------------------------ writing


class _Tables:
    """Per-strength text, built once: a row's text is a lookup, not a format call."""

    def __init__(self, fmt: str) -> None:
        import numpy as np

        from omaha.ranks import HandCategory, hi_name, lo_name

        hi = range(1, 7463)
        names = [hi_name(s) for s in hi]
        # The category is in the name: "Full house, sevens full of deuces".
        by_label = {c.label: c for c in HandCategory} | {"Royal flush": HandCategory.STRAIGHT_FLUSH}
        cats = [by_label[x.split(",")[0]] for x in names]
        lows = [lo_name(s) for s in range(1, 57)]
        wheel = [False] + [x in ("Straight, five high", "Straight flush, five high") for x in names]
        self.wheel = np.array(wheel, bool)
        self.bit = np.zeros(256, np.uint64)  # card code -> its bit; no card -> 0
        self.bit[:52] = np.uint64(1) << np.arange(52, dtype=np.uint64)
        # Everything that depends only on the strength, in one lookup per half:
        # hi: from hi_strength to just before the hi_cards text;
        # lo: from just after the hi_cards text to just before the lo_cards text.
        if fmt == "csv":
            hi_parts = [
                f"{s},{c.name},{_csv_field(x)}," for s, c, x in zip(hi, cats, names, strict=True)
            ]
            lo_parts = [",,,"] + [f",{s},{x}," for s, x in enumerate(lows, 1)]
        else:
            hi_parts = [
                f', "hi_strength": {s}, "hi_category": "{c.name}", '
                f'"hi_name": {json.dumps(x)}, "hi_cards": "'
                for s, c, x in zip(hi, cats, names, strict=True)
            ]
            lo_parts = ['", "lo_strength": null, "lo_name": null, "lo_cards": '] + [
                f'", "lo_strength": {s}, "lo_name": "{x}", "lo_cards": '
                for s, x in enumerate(lows, 1)
            ]
        self.hi = _bytes_table(["?", *hi_parts])
        self.lo = _bytes_table(lo_parts)


def _bytes_table(texts: list[str]) -> np.ndarray:
    import numpy as np

    return np.array([t.encode() for t in texts], dtype=bytes)


def _csv_field(text: str) -> str:
    """One field as :mod:`csv` writes it (quoted only when it must be)."""
    if any(ch in text for ch in ',"\r\n'):
        return '"' + text.replace('"', '""') + '"'
    return text


def _matrix(col: np.ndarray | bytes, m: int) -> np.ndarray:
    """Return a column of text as a (m, width) uint8 matrix, NUL-padded."""
    import numpy as np

    if isinstance(col, bytes):
        return np.broadcast_to(np.frombuffer(col, np.uint8), (m, len(col)))
    col = np.ascontiguousarray(col)
    return col.view(np.uint8).reshape(m, col.dtype.itemsize)


def _join(parts: list[np.ndarray | bytes], m: int) -> bytes:
    """Concatenate text columns row by row; the NUL padding drops out."""
    import numpy as np

    if m == 0:
        return b""
    mat = np.concatenate([_matrix(p, m) for p in parts], axis=1)
    flat = mat.ravel()
    text: bytes = flat[flat != 0].tobytes()
    return text


def _id_column(rows: _Rows, index: np.ndarray, fmt: str) -> tuple[list[Any], bool]:
    """Encode the id of each output row for ``fmt``: return ``(parts, as_columns)``.

    Text columns for :func:`_join` (arrays and constants; ``as_columns`` is
    true) or, on the rare path, one ``bytes`` per row.
    """
    import numpy as np

    if rows.ids is None:
        return [rows.numbers[index].astype("S20")], True
    if isinstance(rows.ids, np.ndarray):  # text read into an array
        ids = rows.ids[index]
        if rows.ids_are_numbers:
            return [ids], True
        mat = _matrix(ids, ids.size)
        if fmt == "csv":
            special = (mat == 44) | (mat == 34) | (mat == 13) | (mat == 10)
        else:
            special = (mat == 34) | (mat == 92) | ((mat < 32) & (mat > 0))
        special |= mat > 127  # not ASCII: decoded below, bad UTF-8 replaced as csv reading does
        if not special.any():
            return ([ids] if fmt == "csv" else [b'"', ids, b'"']), True
        values: list[Any] = [x.decode("utf-8", "replace") for x in ids.tolist()]
    else:
        values = [rows.ids[i] for i in index.tolist()]
    if fmt == "csv":
        text = [_csv_field(v if isinstance(v, str) else _json_id(v)) for v in values]
    else:
        text = [json.dumps(v, ensure_ascii=False) for v in values]
    return [_encode(t, fmt) for t in text], False


def _encode(text: str, fmt: str) -> bytes:
    try:
        return text.encode()
    except UnicodeEncodeError:  # a lone surrogate, from a JSON escape such as "\ud800"
        if fmt == "jsonl":  # it is inside a JSON string: write the same escape
            return text.encode("utf-8", "backslashreplace")
        return "".join("\ufffd" if "\ud800" <= c <= "\udfff" else c for c in text).encode()


def _json_id(value: object) -> str:
    if value is None:
        return ""
    return json.dumps(value, ensure_ascii=False)


def _format(rows: _Rows, res: _Result, tables: _Tables, fmt: str) -> bytes:
    """Return the output text of a chunk's evaluated rows."""
    import numpy as np

    m = res.index.size
    if m == 0:
        return b""
    hs, ls = res.hi_strength, res.lo_strength
    hi_cards = format_cards_array(res.hi_cards)
    lo_cards = format_cards_array(res.lo_cards)
    if fmt == "csv":
        head: list[np.ndarray | bytes] = []
        rest = [b",", tables.hi[hs], hi_cards, tables.lo[ls], lo_cards, b"\n"]
    else:
        lo_json = np.zeros((m, 12), np.uint8)  # "<10 characters>" or null
        lo_json[:, 0] = lo_json[:, 11] = 34
        lo_json[:, 1:11] = _matrix(lo_cards, m)
        lo_json[ls == 0, :4] = np.frombuffer(b"null", np.uint8)
        lo_json[ls == 0, 4:] = 0
        head = [b'{"id": ']
        rest = [tables.hi[hs], hi_cards, tables.lo[ls], lo_json.view("S12").reshape(m), b"}\n"]
    ids, as_columns = _id_column(rows, res.index, fmt)
    if as_columns:
        return _join([*head, *ids, *rest], m)
    tails = _join(rest, m).split(b"\n")
    first = b'{"id": ' if fmt == "jsonl" else b""
    return b"".join(first + i + t + b"\n" for i, t in zip(ids, tails[:-1], strict=True))


# ---------------------------------------------------------------------- run


def _input_format(args: argparse.Namespace, first: bytes) -> str:
    if args.input_format:
        return str(args.input_format)
    name = str(args.file).lower()
    if name.endswith((".jsonl", ".ndjson")):
        return "jsonl"
    if name.endswith(".csv"):
        return "csv"
    return "jsonl" if first.lstrip().startswith(b"{") else "csv"


def _output_format(args: argparse.Namespace, in_fmt: str) -> str:
    if args.format:
        return str(args.format)
    out = str(args.output or "").lower()
    if out.endswith((".jsonl", ".ndjson")):
        return "jsonl"
    return "csv" if out.endswith(".csv") else in_fmt


def _progress(args: argparse.Namespace, total: int | None) -> Callable[[int], None] | None:
    if args.no_progress or not sys.stderr.isatty():
        return None
    from tqdm import tqdm

    bar = tqdm(total=total, unit="B", unit_scale=True, desc="omaha eval", file=sys.stderr)
    _BARS.append(bar)
    return bar.update  # type: ignore[no-any-return]


_BARS: list[Any] = []


def run(args: argparse.Namespace) -> int:
    """Evaluate the input and write the output; return the exit status.

    Exit status 0 on success, 1 on a bad row (unless ``--skip-invalid``) or
    an input that cannot be read.
    """
    started = time.perf_counter()
    try:
        src: IO[bytes] = sys.stdin.buffer if args.file == "-" else open(args.file, "rb")  # noqa: SIM115
    except OSError as exc:
        print(f"omaha eval: cannot read {args.file!r}: {exc.strerror}", file=sys.stderr)
        return 1
    out: IO[bytes] | None = None
    try:
        skipped, first = _first_line(src)
        in_fmt = _input_format(args, first)
        fmt = _output_format(args, in_fmt)
        try:
            reader: _Reader = (_CsvReader if in_fmt == "csv" else _JsonReader)(
                src, skipped, first, args.chunk_size
            )
        except _InputError as exc:
            print(f"omaha eval: {exc}", file=sys.stderr)
            return 1
        try:
            out = sys.stdout.buffer if args.output in (None, "-") else open(args.output, "wb")  # noqa: SIM115
        except OSError as exc:
            print(f"omaha eval: cannot write {args.output!r}: {exc.strerror}", file=sys.stderr)
            return 1
        total = os.fstat(src.fileno()).st_size if args.file != "-" else None
        update = _progress(args, total)
        status, done, bad = _stream(reader, out, fmt, args.skip_invalid, update)
        out.flush()
        if out is not sys.stdout.buffer:
            out.close()
    except _InputError as exc:
        print(f"omaha eval: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        raise  # the reader of the output went away: not an error (omaha.cli.main)
    except OSError as exc:  # reading or writing failed: a full disk, an I/O error
        print(f"omaha eval: {exc}", file=sys.stderr)
        return 1
    finally:
        for bar in _BARS:
            bar.close()
        _BARS.clear()
        if src is not sys.stdin.buffer:
            src.close()
        if out is not None and out is not sys.stdout.buffer:
            with suppress(OSError):  # already reported
                out.close()
    if args.stats:
        seconds = time.perf_counter() - started
        rate = done / seconds if seconds > 0 else float("inf")
        print(
            f"omaha eval: {done:,} rows in {seconds:.2f} s ({rate:,.0f} rows/s)"
            + (f"; {bad:,} bad rows skipped" if bad else ""),
            file=sys.stderr,
        )
    return status


def _stream(
    reader: _Reader,
    out: IO[bytes],
    fmt: str,
    skip_invalid: bool,
    update: Callable[[int], None] | None,
) -> tuple[int, int, int]:
    """Evaluate chunk by chunk; return ``(exit status, rows written, rows skipped)``."""
    tables = _tables(fmt)
    if fmt == "csv":
        out.write(",".join(OUTPUT_COLUMNS).encode() + b"\n")
    done = skipped = 0
    seen = 0
    for rows in reader.chunks():
        res, errors = _evaluate(rows, tables)
        if errors and not skip_invalid:
            first = min(errors)
            keep = res.index < first
            res = _Result(
                *(
                    x[keep]
                    for x in (
                        res.index,
                        res.hi_strength,
                        res.hi_cards,
                        res.lo_strength,
                        res.lo_cards,
                    )
                )
            )
            out.write(_format(rows, res, tables, fmt))
            out.flush()
            print(f"omaha eval: line {int(rows.lines[first])}: {errors[first]}", file=sys.stderr)
            return 1, done + int(keep.sum()), skipped
        for i in sorted(errors):
            print(f"omaha eval: line {int(rows.lines[i])}: {errors[i]} (skipped)", file=sys.stderr)
        out.write(_format(rows, res, tables, fmt))
        done += res.index.size
        skipped += len(errors)
        if update is not None:
            update(reader.bytes_read - seen)
            seen = reader.bytes_read
    return 0, done, skipped


_TABLES: dict[str, _Tables] = {}


def _tables(fmt: str) -> _Tables:
    if fmt not in _TABLES:
        _TABLES[fmt] = _Tables(fmt)
    return _TABLES[fmt]
