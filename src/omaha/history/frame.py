"""Hand histories as tables: one row per player per hand (docs/analysis.md).

:func:`to_frame` reads sites' files and PHH hands, replays each hand
through the engine (:func:`omaha.phh.replay`, checking everything the file
states) and returns a :class:`pyarrow.Table` with the columns of
:data:`SCHEMA`, in that order: a contract other tools rely on.
:func:`iter_batches` yields the same rows as record batches, one file and
one hand at a time, so that memory stays bounded whatever the number of
files (write them to Parquet as they come).

Every figure is read from the replay: the chips put in and won, the rake,
the positions and statistics (:mod:`omaha.history.stats`) and the exact
all-in EV (:mod:`omaha.history.allin`).

Examples
--------
>>> frame = to_frame("tests/data/hh/pokerstars/stars_plo8_cash_0.05-0.10_hu_split.txt")
>>> frame.column_names[:6]
['site', 'hand', 'time', 'table', 'game', 'hole_count']
>>> frame.select(["player", "position", "put_in", "won", "net"]).to_pylist()[0]
{'player': 'Player2', 'position': 'BB', 'put_in': 40, 'won': 39, 'net': -1}
>>> sum(frame["net"].to_pylist()) == -sum(frame["rake"].to_pylist())
True
"""

from __future__ import annotations

import datetime
import decimal
import glob
import os
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

import pyarrow as pa

from omaha.cards import format_cards
from omaha.errors import ArgumentError, ArgumentTypeError, HandSkippedWarning, OmahaError
from omaha.history.allin import AllInEV, allin_ev, outcome
from omaha.history.stats import hand_stats, positions
from omaha.phh.history import HandHistory
from omaha.phh.replaying import replay
from omaha.pots import split_chips

if TYPE_CHECKING:
    from omaha.hand import Hand

__all__ = [
    "COLUMNS",
    "SCHEMA",
    "Source",
    "count_hands",
    "expand_sources",
    "hand_rows",
    "iter_batches",
    "iter_block",
    "iter_histories",
    "to_frame",
]

Source = str | os.PathLike[str] | HandHistory
"""One source of hands: a path (a site's file, ``.phh`` or ``.phhs``), a glob, or a PHH hand."""

COLUMNS: tuple[tuple[str, str], ...] = (
    ("site", "string"),
    ("hand", "string"),
    ("time", "timestamp[s]"),
    ("table", "string"),
    ("game", "string"),
    ("hole_count", "int8"),
    ("structure", "string"),
    ("currency", "string"),
    ("unit", "decimal128(38, 18)"),
    ("small_blind", "int64"),
    ("big_blind", "int64"),
    ("player", "string"),
    ("seat", "int16"),
    ("position", "string"),
    ("hole", "string"),
    ("board", "string"),
    ("put_in", "int64"),
    ("won", "int64"),
    ("net", "int64"),
    ("rake", "int64"),
    ("house", "int64"),
    ("vpip", "bool"),
    ("pfr", "bool"),
    ("three_bet", "bool"),
    ("saw_flop", "bool"),
    ("went_to_showdown", "bool"),
    ("won_at_showdown", "bool"),
    ("allin_street", "string"),
    ("allin_equity", "double"),
    ("allin_ev_net", "double"),
)
"""The columns of :func:`to_frame`, in order, with their Arrow types (docs/analysis.md)."""

_BATCH_ROWS = 4096
_UNIT_PLACES = 18


def _schema() -> pa.Schema:
    types = {
        "string": pa.string(),
        "timestamp[s]": pa.timestamp("s"),
        "int8": pa.int8(),
        "int16": pa.int16(),
        "int64": pa.int64(),
        "bool": pa.bool_(),
        "double": pa.float64(),
        "decimal128(38, 18)": pa.decimal128(38, _UNIT_PLACES),
    }
    return pa.schema([pa.field(name, types[kind]) for name, kind in COLUMNS])


SCHEMA: pa.Schema = _schema()
"""The Arrow schema of :func:`to_frame`: :data:`COLUMNS` as fields."""


def _expand(source: str | os.PathLike[str]) -> list[str]:
    """Return the files a path or glob names, in sorted order."""
    path = os.fspath(source)
    if os.path.exists(path):
        return [path]
    found = sorted(glob.glob(path, recursive=True)) if glob.has_magic(path) else []
    if not found:
        raise ArgumentError(f"no file matches {path!r}")
    return [p for p in found if os.path.isfile(p)]


def expand_sources(paths: Iterable[str | os.PathLike[str]]) -> list[str]:
    """Return the files that paths and globs name, in order (each glob's matches sorted).

    Raises
    ------
    ArgumentError
        A path or glob that names no file.
    """
    return [f for p in paths for f in _expand(p)]


def _file_hands(
    path: str, lenient: bool, on_skip: Callable[[OmahaError], None] | None
) -> Iterator[HandHistory]:
    """Yield the hands of one file: PHH (``.phh``, ``.phhs``) or a site's history.

    ``lenient`` skips a whole file that cannot be read (no site's format, bad TOML).
    """
    if path.endswith((".phh", ".phhs")):
        from omaha.phh.files import read

        try:
            hands: Iterable[HandHistory] = read(path)
        except OmahaError as exc:
            _skip(exc, lenient, on_skip)
            return
        yield from hands
        return
    from omaha.history import iter_file

    started = False
    try:
        for hand in iter_file(path, lenient=lenient, on_skip=on_skip):
            started = True
            yield hand
    except OmahaError as exc:
        if started:
            raise
        _skip(exc, lenient, on_skip)


def _hand_texts(path: str) -> tuple[str, Iterator[Any]] | None:
    """Return a site file's format and its hands' texts, or None when it is not cut by lines.

    PHH files, iPoker XML and files of no site's format are read whole
    (:func:`iter_histories`).
    """
    from omaha.history import detect
    from omaha.history.detect import START
    from omaha.history.text import decode, split_hands

    if path.endswith((".phh", ".phhs")):
        return None
    with open(path, "rb") as fp:
        text = decode(fp.read(), path)
    fmt = detect(text)
    if fmt is None or fmt not in START or fmt == "ipoker":
        return None
    return fmt, split_hands(text, START[fmt])


def count_hands(path: str | os.PathLike[str]) -> int | None:
    """Return how many hands a site's file holds, cutting its text only (no hand is read).

    None for a file that is read whole: PHH, iPoker XML, no site's format.
    A hand the reader then skips or leaves out (cancelled) is counted here.

    Raises
    ------
    OSError
        The file cannot be read.
    """
    found = _hand_texts(os.fspath(path))
    return None if found is None else sum(1 for _ in found[1])


def iter_block(
    path: str | os.PathLike[str],
    first: int,
    last: int,
    *,
    lenient: bool = False,
    on_skip: Callable[[OmahaError], None] | None = None,
) -> Iterator[HandHistory]:
    """Yield the hands ``first`` to ``last - 1`` (from 0) of a site's file, reading only them.

    The hands are cut from the text (:func:`count_hands` counts them) and
    read as :func:`omaha.history.iter_hands` reads the whole file, with the
    file's line numbers in every message. A file read whole (see
    :func:`count_hands`) gives its hands ``first`` to ``last - 1`` the same way.

    Raises
    ------
    ArgumentError
        ``first`` or ``last`` is not a whole number with ``0 <= first <= last``.
    HistoryError
        (not lenient) A hand that cannot be read.
    """
    import itertools

    from omaha.history import iter_hands

    for value in (first, last):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ArgumentError(f"hand index {value!r} must be a whole number from 0")
    if first > last:
        raise ArgumentError(f"hands {first} to {last}: the first is after the last")
    name = os.fspath(path)
    found = _hand_texts(name)
    if found is None:
        yield from itertools.islice(_file_hands(name, lenient, on_skip), first, last)
        return
    fmt, texts = found
    block = list(itertools.islice(texts, first, last))
    if not block:
        return
    # Blank lines up to the first hand's line keep the file's line numbers in messages.
    parts = ["\n" * (block[0].line - 1)]
    at = block[0].line
    for hand in block:
        parts.append("\n" * (hand.line - at))
        parts.append("\n".join(hand.lines) + "\n")
        at = hand.line + len(hand.lines)
    yield from iter_hands("".join(parts), name, lenient=lenient, on_skip=on_skip, fmt=fmt)


def _skip(exc: OmahaError, lenient: bool, on_skip: Callable[[OmahaError], None] | None) -> None:
    """Report a skipped hand or file when ``lenient``; raise ``exc`` otherwise."""
    if not lenient:
        raise exc
    if on_skip is not None:
        on_skip(exc)
    else:
        warnings.warn(f"{exc} (skipped)", HandSkippedWarning, stacklevel=4)


def iter_histories(
    sources: Source | Iterable[Source],
    *,
    lenient: bool = False,
    on_skip: Callable[[OmahaError], None] | None = None,
) -> Iterator[HandHistory]:
    """Yield every PHH hand of ``sources``, one file and one hand at a time.

    Parameters
    ----------
    sources : path, glob, HandHistory, or an iterable of them
        Sites' files (the format is detected, :func:`omaha.history.read`),
        ``.phh`` and ``.phhs`` files, globs (``"hands/**/*.txt"``) and PHH
        hands.
    lenient, on_skip
        As :func:`omaha.history.iter_file`: a hand that cannot be read is
        skipped (and reported) instead of raising.

    Raises
    ------
    ArgumentError
        A path or glob that names no file.
    ArgumentTypeError
        A source that is none of those.
    HistoryError, PHHError
        A file that cannot be read (not lenient).
    """
    items: Iterable[object] = (
        [sources] if isinstance(sources, str | os.PathLike | HandHistory) else sources
    )
    if isinstance(items, bytes) or not isinstance(items, Iterable):
        raise ArgumentTypeError(
            f"sources must be a path, a glob, a HandHistory or an iterable of them, not {sources!r}"
        )
    for item in items:
        if isinstance(item, HandHistory):
            yield item
        elif isinstance(item, str | os.PathLike):
            for path in _expand(item):
                yield from _file_hands(path, lenient, on_skip)
        else:
            raise ArgumentTypeError(
                f"a source must be a path, a glob or a HandHistory, not {item!r}"
            )


def _time(fields: Mapping[str, Any]) -> datetime.datetime | None:
    """Return the hand's start as the site states it (its own time zone, not converted)."""
    t = fields.get("time")
    try:
        day = datetime.date(int(fields["year"]), int(fields["month"]), int(fields["day"]))
    except (KeyError, TypeError, ValueError):
        return None
    if isinstance(t, datetime.datetime):
        return t.replace(tzinfo=None)
    if isinstance(t, datetime.time):
        return datetime.datetime.combine(day, t.replace(tzinfo=None))
    return datetime.datetime.combine(day, datetime.time())


def _unit(history: HandHistory) -> decimal.Decimal:
    unit = decimal.Decimal(1).scaleb(-history.places)
    if history.places > _UNIT_PLACES:
        raise ArgumentError(
            f"{history.name}: amounts with {history.places} decimal places; "
            f"a frame holds at most {_UNIT_PLACES}"
        )
    return unit


def _rake_shares(hand: Hand) -> list[int]:
    """Each seat's part of the rake: each pot's rake by the share of the pot it won."""
    return _shares(hand, [pot.rake for pot in hand.result.pots])


def _house_shares(hand: Hand) -> list[int]:
    """Each seat's part of the house's money (§4.12): the main pot's winners', by their share."""
    pots = hand.result.pots
    return _shares(hand, [hand.house if i == 0 else 0 for i in range(len(pots))])


def _shares(hand: Hand, chips: list[int]) -> list[int]:
    """Cut ``chips[i]`` among the winners of pot ``i`` by the share of the pot each won.

    The chips that do not divide go one at a time to the largest remainders
    (the first winner in the order of the deal on a tie), so the parts add
    up to each pot's chips exactly.
    """
    result = hand.result
    out = [0] * len(result.net)
    order = hand.layout.order
    for pot, cut in zip(result.pots, chips, strict=True):
        if not cut:
            continue
        winners = [s for s in order if pot.payouts.get(s)]
        if not winners or not pot.amount:
            winners = [s for s in order if s in pot.payouts] or list(pot.high_winners)
            for s, part in split_chips(cut, winners).items():
                out[s] += part
            continue
        parts = {s: cut * pot.payouts[s] // pot.amount for s in winners}
        left = cut - sum(parts.values())
        by_rest = sorted(
            winners, key=lambda s: (-(cut * pot.payouts[s] % pot.amount), order.index(s))
        )
        for s in by_rest[:left]:
            parts[s] += 1
        for s, part in parts.items():
            out[s] += part
    return out


def hand_rows(history: HandHistory, hand: Hand, ev: AllInEV | None = None) -> dict[str, list[Any]]:
    """Return the rows of one replayed hand, column by column (the columns of :data:`COLUMNS`).

    Parameters
    ----------
    history : HandHistory
        The hand as read.
    hand : omaha.Hand
        Its replay, finished (:func:`omaha.phh.replay`).
    ev : AllInEV, optional
        Its all-in EV (computed when not given, :func:`omaha.history.allin_ev`).

    Raises
    ------
    ArgumentError
        The hand is not over.
    """
    fields = history.fields
    ev = ev if ev is not None else allin_ev(hand)
    out = outcome(hand)
    stats = hand_stats(hand)
    names = positions(hand)
    rakes = _rake_shares(hand)
    house = _house_shares(hand)
    result = hand.result
    holes = {s.seat: s.hole_cards for s in result.shown}
    boards = result.boards or (result.board,)
    board = "|".join(format_cards(b) for b in boards)
    structure = history.structure()
    players = fields.get("players")
    seat_numbers = fields.get("seats")
    common: dict[str, Any] = {
        "site": fields.get("venue"),
        "hand": None if fields.get("hand") is None else str(fields["hand"]),
        "time": _time(fields),
        "table": None if fields.get("table") is None else str(fields["table"]),
        "game": history.game,
        "hole_count": history.hole_count,
        "structure": structure.kind.label,
        "currency": fields.get("currency"),
        "unit": _unit(history),
        "small_blind": structure.small_blind,
        "big_blind": structure.big_blind,
        "board": board,
    }
    seats = hand.layout.order
    cols: dict[str, list[Any]] = {name: [] for name, _ in COLUMNS}
    for s in seats:
        for key, value in common.items():
            cols[key].append(value)
        st = stats[s]
        hole = holes.get(s) or hand.hole_cards[s]
        equity = ev.equity[s]
        cols["player"].append(str(players[s]) if players else f"p{s + 1}")
        cols["seat"].append(int(seat_numbers[s]) if seat_numbers else s + 1)
        cols["position"].append(names[s])
        cols["hole"].append(format_cards(hole) if hole else None)
        cols["put_in"].append(out.put_in[s])
        cols["won"].append(out.won[s])
        cols["net"].append(out.net[s])
        cols["rake"].append(rakes[s])
        cols["house"].append(house[s])
        cols["vpip"].append(st.vpip)
        cols["pfr"].append(st.pfr)
        cols["three_bet"].append(st.three_bet)
        cols["saw_flop"].append(st.saw_flop)
        cols["went_to_showdown"].append(st.went_to_showdown)
        cols["won_at_showdown"].append(st.won_at_showdown)
        cols["allin_street"].append(ev.street if s in ev.contesting else None)
        cols["allin_equity"].append(None if equity is None else float(equity))
        cols["allin_ev_net"].append(float(ev.net[s]))
    return cols


def _replayed(
    history: HandHistory, lenient: bool, on_skip: Callable[[OmahaError], None] | None
) -> dict[str, list[Any]] | None:
    """Return the rows of one hand, or None when ``lenient`` skips it."""
    try:
        r = replay(history)
        if not r.complete:
            raise ArgumentError(
                f"{history.name}: the hand stops before it is over ({r.stopped_at})"
            )
        return hand_rows(history, r.hand)
    except OmahaError as exc:
        _skip(exc, lenient, on_skip)
        return None


def iter_batches(
    sources: Source | Iterable[Source],
    *,
    lenient: bool = False,
    on_skip: Callable[[OmahaError], None] | None = None,
    batch_rows: int = _BATCH_ROWS,
    progress: bool = False,
) -> Iterator[pa.RecordBatch]:
    """Yield the rows of :func:`to_frame` as record batches of about ``batch_rows`` rows.

    One file and one hand are read at a time: memory holds one batch, not
    the frame.

    Parameters
    ----------
    sources, lenient, on_skip
        As :func:`to_frame`.
    batch_rows : int, default 4096
        Rows per batch (a hand's rows are never split).
    progress : bool, default False
        A progress bar (tqdm, on standard error) counting hands.

    Raises
    ------
    ArgumentError
        ``batch_rows`` below 1, or (see :func:`to_frame`).
    """
    if isinstance(batch_rows, bool) or not isinstance(batch_rows, int) or batch_rows < 1:
        raise ArgumentError(f"batch_rows must be a positive integer, got {batch_rows!r}")
    schema = SCHEMA
    cols: dict[str, list[Any]] = {name: [] for name, _ in COLUMNS}
    bar = None
    if progress:
        import sys

        from tqdm import tqdm

        bar = tqdm(unit=" hands", file=sys.stderr, desc="hands", leave=False, delay=1.0)
    try:
        for history in iter_histories(sources, lenient=lenient, on_skip=on_skip):
            rows = _replayed(history, lenient, on_skip)
            if bar is not None:
                bar.update(1)
            if rows is None:
                continue
            for key, values in rows.items():
                cols[key].extend(values)
            if len(cols["site"]) >= batch_rows:
                yield pa.RecordBatch.from_pydict(cols, schema=schema)
                cols = {name: [] for name, _ in COLUMNS}
    finally:
        if bar is not None:
            bar.close()
    if cols["site"]:
        yield pa.RecordBatch.from_pydict(cols, schema=schema)


def to_frame(
    sources: Source | Iterable[Source],
    *,
    lenient: bool = False,
    on_skip: Callable[[OmahaError], None] | None = None,
    progress: bool = False,
) -> pa.Table:
    """Read hand histories into a table: one row per player per hand (docs/analysis.md).

    Parameters
    ----------
    sources : path, glob, HandHistory, or an iterable of them
        Sites' files (PokerStars, GGPoker, Full Tilt, PartyPoker, Winamax,
        iPoker: the format is detected), ``.phh`` and ``.phhs`` files, globs
        and PHH hands (:class:`omaha.phh.HandHistory`), in any mix.
    lenient : bool, default False
        Skip a hand that cannot be read or replayed, or whose replay
        differs from what the file states (a
        :class:`~omaha.errors.HandSkippedWarning`, or ``on_skip``), and go on.
    on_skip : callable, optional
        With ``lenient``: called with the error of each hand skipped.
    progress : bool, default False
        A progress bar counting hands (tqdm, on standard error).

    Returns
    -------
    pyarrow.Table
        The columns of :data:`COLUMNS`, in order (``.to_pandas()`` for
        pandas). Money columns are integers in ``unit`` of ``currency``.

    Raises
    ------
    ArgumentError
        A path or glob that names no file, or a hand that stops before the end.
    ArgumentTypeError
        A source that is no path, glob or HandHistory.
    HistoryError, PHHError, ReplayActionError, StatedResultError
        (not lenient) A hand that cannot be read or replayed, or whose
        replay differs from the file (the message names the file and the hand).
    OSError
        A file that cannot be read.
    """
    batches = list(iter_batches(sources, lenient=lenient, on_skip=on_skip, progress=progress))
    return pa.Table.from_batches(batches, schema=SCHEMA)
