"""Scale-out on Dask: evaluation, equity tables and ``omaha eval`` over a cluster.

An optional part of :mod:`omaha` (``pip install "omaha-poker[dask]"``);
``import omaha`` never imports it. Three entry points, each running the
same code as its local counterpart on every worker, so that the results do
not depend on the cluster:

- :func:`evaluate_frame` maps :func:`omaha.files.tabular.evaluate_frame` over the
  partitions of a Dask DataFrame (lazily: nothing is computed until the
  caller computes or writes the result);
- :func:`equity_table` spreads one :func:`omaha.equity` call per
  (hole, opponent) pair over the workers and gathers a pandas DataFrame;
- :func:`evaluate_files` (``omaha eval --dask``) has the workers read the
  input files from shared storage, evaluate them as ``omaha eval`` does
  (:mod:`omaha.files`) and write Parquet parts; the
  client sends only the task graph and receives a summary.
- :func:`history_frame` (``omaha report --dask``): the table of
  :func:`omaha.history.to_frame` as a Dask DataFrame, one task per
  hand-history file, read on the workers (docs/analysis.md).

Work goes to the Dask scheduler that is current where the call is made: a
``client=`` given (a :class:`distributed.Client` or a scheduler address),
else the default :class:`distributed.Client` if one is active, else Dask's
local threads. :func:`connect` opens a client for an address, or a
:class:`distributed.LocalCluster` for ``"local:N"``.

Examples
--------
>>> import dask.dataframe as dd
>>> import pandas as pd
>>> deals = pd.DataFrame({"hole": ["AhKsKd4c", "AsKd7h2c"], "board": ["2sKh8d5cAd", "2hKh8d5sAc"]})
>>> lazy = evaluate_frame(dd.from_pandas(deals, npartitions=2), columns=["hi_name"])
>>> lazy.compute()["hi_name"].tolist()
['Three of a kind, kings', 'Two pair, aces and kings']
>>> table = equity_table(["AhAsKhKs", "AdKdQc3c"], ["JdTd9c8c"], board="Qs7h2c")
>>> table[["hole", "opponent"]].values.tolist()
[['AhAsKhKs', 'JdTd9c8c'], ['AdKdQc3c', 'JdTd9c8c']]
>>> [f"{e:.4f}" for e in table["equity"]]
['0.8183', '0.8293']
"""

from __future__ import annotations

import contextlib
import errno
import glob
import hashlib
import logging
import os
import shutil
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from omaha.errors import (
    ArgumentError,
    ArgumentTypeError,
    InputRowError,
    InvalidCardError,
    MissingDependencyError,
)

try:
    import dask
    import dask.dataframe as dd
    import distributed
except ImportError as exc:  # pragma: no cover (the tests run with Dask installed)
    raise MissingDependencyError(
        f'omaha.dask needs Dask, which is not installed ({exc}): pip install "omaha-poker[dask]"'
    ) from exc

if TYPE_CHECKING:
    import pandas as pd
    import pyarrow as pa

    from omaha.equities import Method
    from omaha.files.readers import Chunk, RejectedRow
    from omaha.files.tabular import Errors
    from omaha.games import GameName

__all__ = [
    "InputRowError",
    "RunSummary",
    "connect",
    "equity_table",
    "evaluate_files",
    "evaluate_frame",
    "flop_equities",
    "history_frame",
    "row_seed",
]

_PAIRS_PER_TASK = 32
_FLOPS_PER_TASK = 256
_ROWS_PER_TASK = 1 << 20
_PART = "part.{:05d}.parquet"


# ------------------------------------------------------------------ clients


@contextlib.contextmanager
def connect(address: str) -> Iterator[distributed.Client]:
    """Open a Dask client for a scheduler address, or a local cluster to try things.

    Parameters
    ----------
    address : str
        A scheduler address (``"tcp://10.0.0.5:8786"``, as ``dask scheduler``
        prints it), or ``"local:N"``: a :class:`distributed.LocalCluster` of
        N worker processes of one thread each, started here and stopped
        when the block ends.

    Yields
    ------
    distributed.Client
        Closed when the block ends (the remote cluster keeps running).

    Raises
    ------
    ArgumentError
        A ``local:N`` whose N is not a positive integer.
    OSError
        If the scheduler cannot be reached (Dask's own timeout).
    """
    if address.startswith("local:"):
        count = address.removeprefix("local:")
        if not count.isdigit() or int(count) < 1:
            raise ArgumentError(f"local:N needs a positive number of workers, got {address!r}")
        with (
            distributed.LocalCluster(
                n_workers=int(count),
                threads_per_worker=1,
                processes=True,
                dashboard_address=":0",  # a free port: a fixed one may be taken
                # A task's error goes to the caller, which reports it: the workers'
                # own log of it (a traceback on stderr) would say it twice.
                silence_logs=logging.CRITICAL,
            ) as cluster,
            distributed.Client(cluster, set_as_default=False) as client,
        ):
            yield client
        return
    with distributed.Client(address, set_as_default=False) as client:
        yield client


@contextlib.contextmanager
def _scheduler(client: distributed.Client | str | None) -> Iterator[Any]:
    """Yield the ``scheduler=`` for :func:`dask.compute`: a client, or None for the current one."""
    if isinstance(client, str):
        with connect(client) as opened:
            yield opened
    else:
        yield client


# ------------------------------------------------------------------ frames


def evaluate_frame(
    ddf: dd.DataFrame,
    hole: str = "hole",
    board: str = "board",
    columns: Sequence[str] | None = None,
    errors: Errors = "raise",
    threads: int = 1,
    replace: bool = False,
) -> dd.DataFrame:
    """Evaluate every deal of a Dask DataFrame, partition by partition (lazily).

    :func:`omaha.files.tabular.evaluate_frame` mapped over the partitions, with the
    result's ``meta`` computed from an empty frame, so that nothing is read
    or computed until the caller computes, persists or writes the result.

    Parameters
    ----------
    ddf : dask.dataframe.DataFrame
        One deal per row: a hole card text column and a board card text
        column, or integer code columns ``hole0..`` and ``board0..``
        (see :func:`omaha.files.tabular.evaluate_frame`).
    hole, board : str, default "hole", "board"
        The column names (matched ignoring case and surrounding spaces).
    columns : sequence of str, optional
        Which of :data:`omaha.files.tabular.RESULT_COLUMNS` to append (default: all).
    errors : {"raise", "coerce"}, default "raise"
        On a bad row: raise when the partition is computed (naming the
        partition number, the row's index label and the reason), or give
        that row null results and a ``reason`` column, as the local call.
    threads : int, default 1
        Threads running the compiled kernel inside each task.
    replace : bool, default False
        An input column named like a result column is replaced by the
        result; without it, such a column is a :class:`~omaha.ColumnError`,
        at once.

    Returns
    -------
    dask.dataframe.DataFrame
        The input's columns, then the result columns, with the same types
        (names are categoricals with the same categories in every partition)
        and values as the local call gives for each partition.

    Raises
    ------
    TypeError
        If ``ddf`` is not a Dask DataFrame.
    InvalidCardError
        When computed, the first bad row of a partition (with
        ``errors="raise"``): ``"partition 3, row 1234: hole: duplicate card
        'As' in 'AsAs7h2c'"``.
    ValueError
        At once, for an unknown result column, ``errors`` value or ``threads``,
        or missing card columns (:class:`~omaha.errors.ColumnError`).

    Examples
    --------
    >>> import dask.dataframe as dd
    >>> import pandas as pd
    >>> deals = pd.DataFrame({"hole": ["AhKsKd4c", "AsAs7h2c"], "board": ["2sKh8d5cAd"] * 2})
    >>> lazy = evaluate_frame(dd.from_pandas(deals, npartitions=2))
    >>> lazy.compute()
    Traceback (most recent call last):
    ...
    omaha.errors.InvalidCardError: partition 1, row 1: hole: duplicate card 'As' in 'AsAs7h2c'
    >>> out = evaluate_frame(dd.from_pandas(deals, npartitions=2), errors="coerce").compute()
    >>> out["hi_strength"].tolist(), out["reason"].tolist()[1]
    ([5783, <NA>], "hole: duplicate card 'As' in 'AsAs7h2c'")
    """
    from omaha.files import tabular

    if not isinstance(ddf, dd.DataFrame):
        raise ArgumentTypeError(f"ddf must be a Dask DataFrame, not {type(ddf).__name__}")
    wanted = None if columns is None else list(columns)
    # The empty frame checks the arguments and the columns now and gives the result's types.
    # An empty object column reads as Arrow nulls, not text: look at it as strings.
    empty = ddf._meta
    found = tabular.find_columns([str(c) for c in empty.columns], hole, board)
    text = [c for c in found if isinstance(c, str) and empty[c].dtype == object]
    meta = tabular.evaluate_frame(
        empty.astype(dict.fromkeys(text, "string")), hole, board, wanted, errors, threads, replace
    )
    for c in text:
        meta[c] = empty[c]
    return ddf.map_partitions(
        _evaluate_partition, hole, board, wanted, errors, threads, replace, meta=meta
    )


def _evaluate_partition(
    part: pd.DataFrame,
    hole: str,
    board: str,
    columns: list[str] | None,
    errors: Any,
    threads: int,
    replace: bool,
    partition_info: dict[str, Any] | None = None,
) -> pd.DataFrame:
    from omaha.files import tabular

    try:
        return tabular.evaluate_frame(part, hole, board, columns, errors, threads, replace)
    except InvalidCardError as exc:
        number = partition_info["number"] if partition_info else "?"
        raise InvalidCardError(f"partition {number}, {exc}") from None


# ------------------------------------------------------------------ equity


def row_seed(seed: int, row: int) -> int:
    """Return the Monte Carlo seed of row ``row`` of an :func:`equity_table` seeded ``seed``.

    A function of ``(seed, row)`` alone (the first 8 bytes of a BLAKE2b
    digest), so a row's result does not depend on the workers or on how
    the rows were split into tasks; ``omaha.equity([hole, opponent], ...,
    seed=row_seed(seed, row))`` reproduces it.

    Parameters
    ----------
    seed : int
        The table's seed, 0 <= seed < 2**64.
    row : int
        The row's position in the table, from 0.

    Returns
    -------
    int
        A seed in [0, 2**64).

    Examples
    --------
    >>> row_seed(7, 0) == row_seed(7, 0) != row_seed(7, 1)
    True
    """
    digest = hashlib.blake2b(f"omaha.dask:{seed}:{row}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little")


def _cards_of(value: object) -> frozenset[int] | None:
    """Return the card codes of a hole given as cards, or None (a random hand, a range)."""
    from omaha.cards import parse_cards

    if value is None or not isinstance(value, str | Sequence):
        return None
    try:
        return frozenset(parse_cards(value))
    except (InvalidCardError, TypeError):
        return None  # not card text: passed to omaha.equity as given (a range)


def equity_table(
    holes: Sequence[Any] | str,
    opponents: Sequence[Any] | str | None,
    board: Any = (),
    dead: Any = (),
    game: GameName = "hi",
    method: Method = "auto",
    samples: int | None = None,
    seed: int | None = None,
    threads: int = 1,
    pairs_per_task: int = _PAIRS_PER_TASK,
    client: distributed.Client | str | None = None,
) -> pd.DataFrame:
    r"""Compute the heads-up equity of every hole against every opponent, on the workers.

    One row per (hole, opponent) pair that shares no card, holes in the
    order given, then opponents. Each pair is one :func:`omaha.equity` call
    (``[hole, opponent]``, with the board, dead cards, game, method and
    samples given); the calls are grouped ``pairs_per_task`` to a task.

    Parameters
    ----------
    holes : sequence of cards, or one
        Hole cards as :func:`omaha.equity` takes them (text such as
        ``"AhAsKhKs"``, or card codes); a single text is one hole. What is not
        card text (a range, once :func:`omaha.equity` accepts ranges) is
        passed through as given.
    opponents : sequence of cards or None, or one
        The same; ``None`` is a random hand (Monte Carlo with the default
        ``method``). A single text or ``None`` is one opponent.
    board, dead : cards, default ()
        As :func:`omaha.equity`.
    game : {"hi", "hilo"}, default "hi"
        Omaha High, or Omaha Hi-Lo eight or better.
    method : {"auto", "exact", "monte-carlo"}, default "auto"
        As :func:`omaha.equity`, for each pair (``"auto"``: exact when both
        hands are known and ``samples`` is not given).
    samples : int, optional
        Monte Carlo: deals sampled per pair (default 100,000).
    seed : int, optional
        The table's seed; row ``k`` is seeded ``row_seed(seed, k)`` (:func:`row_seed`),
        so a Monte Carlo result depends only on the inputs and ``seed``, not
        on the number of workers or ``pairs_per_task``. ``None`` draws one
        from ``os.urandom`` (in ``result.attrs["seed"]``).
    threads : int, default 1
        Threads per :func:`omaha.equity` call (the workers give the parallelism).
    pairs_per_task : int, default 32
        Pairs computed by one task.
    client : distributed.Client or str, optional
        Where to run: a client, a scheduler address or ``"local:N"`` (see
        :func:`connect`); by default the current Dask scheduler.

    Returns
    -------
    pandas.DataFrame
        Columns ``hole`` and ``opponent`` (the values as given), then the
        hole's ``equity``, ``win`` and ``tie`` and, in ``"hilo"``, ``scoop``,
        ``high_share`` and ``low_share`` (floats in [0, 1]; see
        :class:`omaha.PlayerEquity`). ``attrs["seed"]`` holds the seed.

    Raises
    ------
    InvalidCardError
        At once for a malformed board or dead card, or a hole given as cards
        that holds a board or dead card (:class:`DuplicateCardError`); when
        a task runs, whatever :func:`omaha.equity` raises for its pair.
    ValueError
        At once for a bad ``game``, ``method``, ``seed`` or ``pairs_per_task``.

    Examples
    --------
    >>> t = equity_table("AhAsKhKs", [None, "AdKdQc2c"], samples=20_000, seed=1)
    >>> t["opponent"].tolist(), t.attrs["seed"]
    ([None, 'AdKdQc2c'], 1)
    >>> bool(t["equity"][1] != t["equity"][0])
    True
    """
    import pandas as pd

    from omaha.cards import as_cards, require_distinct
    from omaha.games import check_game

    game = check_game(game)
    if method not in ("auto", "exact", "monte-carlo"):
        raise ArgumentError(f"method must be 'auto', 'exact' or 'monte-carlo', got {method!r}")
    if seed is not None and (
        isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64
    ):
        raise ArgumentError(f"seed must be an integer in [0, 2**64), got {seed!r}")
    if type(pairs_per_task) is not int or pairs_per_task < 1:
        raise ArgumentError(f"pairs_per_task must be a positive integer, got {pairs_per_task!r}")
    hole_list = [holes] if isinstance(holes, str) else list(holes)
    opponent_list = (
        [opponents] if opponents is None or isinstance(opponents, str) else list(opponents)
    )
    known = [("on the board", as_cards(board, "board")), ("dead", as_cards(dead, "dead cards"))]
    require_distinct(known)
    hole_cards = [_cards_of(h) for h in hole_list]
    opponent_cards = [_cards_of(o) for o in opponent_list]
    given = [*hole_list, *opponent_list]
    for value, cards in zip(given, [*hole_cards, *opponent_cards], strict=True):
        if cards is not None:
            require_distinct([*known, (f"in {value!r}", cards)])
    pairs = [
        (h, o)
        for h, hc in zip(hole_list, hole_cards, strict=True)
        for o, oc in zip(opponent_list, opponent_cards, strict=True)
        if hc is None or oc is None or not hc & oc
    ]
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little")
    options = {"board": board, "dead": dead, "game": game, "method": method,
               "samples": samples, "threads": threads}  # fmt: skip
    tasks = [
        dask.delayed(_equity_rows, pure=True)(pairs[i : i + pairs_per_task], i, seed, options)
        for i in range(0, len(pairs), pairs_per_task)
    ]
    with _scheduler(client) as scheduler:
        parts = dask.compute(*tasks, scheduler=scheduler) if tasks else ()
    fields = ["equity", "win", "tie"] + (["scoop", "high_share", "low_share"] * (game == "hilo"))
    rows: list[tuple[Any, Any, tuple[float, ...]]] = [row for part in parts for row in part]
    table = pd.DataFrame(
        {
            "hole": pd.Series([h for h, _, _ in rows], dtype=object),
            "opponent": pd.Series([o for _, o, _ in rows], dtype=object),
            **{
                name: pd.Series([v[k] for _, _, v in rows], dtype="float64")
                for k, name in enumerate(fields)
            },
        }
    )
    table.attrs["seed"] = seed
    return table


def flop_equities(
    hands: Sequence[Any],
    *,
    game: GameName = "hi",
    dead: Any = (),
    flops_per_task: int = _FLOPS_PER_TASK,
    client: distributed.Client | str | None = None,
) -> pa.Table:
    """:func:`omaha.flop_equities` with the flops spread over the workers: the same table.

    The flops (suit-isomorphic ones folded, as locally) are cut into tasks
    of ``flops_per_task``; each worker reads the hands again and counts its
    flops with the same exact loops, and the rows come back in the local
    order, so the table equals the local one row for row. Where the local
    call counts board by board (one known 4-card hand against a range, see
    :func:`omaha.flop_equities`), the complete boards are cut instead, by
    their lowest card, into as many tasks as the flops would make (at least
    8); each task returns its integer counts per flop, added here: the same
    table again.

    Parameters
    ----------
    hands, game, dead
        As :func:`omaha.flop_equities` (hole cards, ranges as text or
        :class:`omaha.Range`).
    flops_per_task : int, default 256
        Flops counted per task (board by board: it sets the number of tasks).
    client : distributed.Client or str, optional
        Where to run (see the module docstring).

    Returns
    -------
    pyarrow.Table
        The table of :func:`omaha.flop_equities`.

    Raises
    ------
    InvalidCardError, RangeSyntaxError, ArgumentError
        As :func:`omaha.flop_equities`; ``flops_per_task`` not a positive integer.
    """
    from omaha.study._boards import board_part, board_plan, board_rows, board_tasks
    from omaha.study._spot import Players
    from omaha.study.flops import flops_of, result_table

    if type(flops_per_task) is not int or flops_per_task < 1:
        raise ArgumentError(f"flops_per_task must be a positive integer, got {flops_per_task!r}")
    players = Players(hands, dead, game)
    flops = flops_of(players)
    plan = board_plan(players, flops)
    if plan is not None:
        # Board by board: tasks of boards by their lowest card, as many as
        # the flops would make (at least 8), the partial counts added here.
        shared = dask.delayed(plan, pure=True)
        parts_wanted = max(8, -(-len(flops) // flops_per_task))
        board_jobs = [
            dask.delayed(board_part, pure=True)(shared, first, last)
            for first, last in board_tasks(plan, parts_wanted)
        ]
        with _scheduler(client) as scheduler:
            sums = dask.compute(*board_jobs, scheduler=scheduler)
        total = sum(sums[1:], sums[0].copy())
        return result_table(players, board_rows(players, plan, flops, total))
    spec = list(hands)
    tasks = [
        dask.delayed(_flop_task, pure=True)(spec, game, dead, flops[i : i + flops_per_task])
        for i in range(0, len(flops), flops_per_task)
    ]
    with _scheduler(client) as scheduler:
        parts = dask.compute(*tasks, scheduler=scheduler) if tasks else ()
    return result_table(players, [row for part in parts for row in part])


def _flop_task(
    hands: list[Any], game: GameName, dead: Any, flops: list[tuple[tuple[int, ...], int]]
) -> list[Any]:
    """One task of :func:`flop_equities`: count these flops."""
    from omaha.study._spot import Players
    from omaha.study.flops import flop_rows

    return flop_rows(Players(hands, dead, game), flops)


def _equity_rows(
    pairs: list[tuple[Any, Any]], first: int, seed: int, options: dict[str, Any]
) -> list[tuple[Any, Any, tuple[float, ...]]]:
    """One task of :func:`equity_table`: ``omaha.equity`` for each pair."""
    import omaha

    hilo = options["game"] == "hilo"
    rows: list[tuple[Any, Any, tuple[float, ...]]] = []
    for k, (hole, opponent) in enumerate(pairs):
        p = omaha.equity([hole, opponent], seed=row_seed(seed, first + k), **options)[0]
        values: tuple[float, ...] = (p.equity, p.win, p.tie)
        if hilo:
            values += (p.scoop, p.high_share, p.low_share)
        rows.append((hole, opponent, values))
    return rows


# ------------------------------------------------------------------ files


@dataclass(frozen=True)
class RunSummary:
    """What :func:`evaluate_files` did."""

    rows: int
    """Rows evaluated and written."""
    rejected: list[tuple[str, RejectedRow]]
    """The rows skipped (with ``skip_invalid``): the input file and the row."""
    parts: int
    """Parquet files written in the output directory."""
    tasks: int
    """Tasks that read, evaluated and wrote a piece of the input."""
    seconds: float
    """Wall time, from planning to the renamed output directory."""


@dataclass(frozen=True)
class _Piece:
    """A piece of the input for one task: a file, or some row groups of a Parquet file."""

    path: str
    format: str
    row_groups: tuple[int, ...] | None
    """Parquet: the row groups; None: the whole file."""
    rows: int | None
    """The piece's rows, when its metadata tells (Parquet)."""


def _expand(inputs: Sequence[str]) -> list[str]:
    """Return the input files: names as given, glob patterns expanded (sorted)."""
    paths = []
    for name in inputs:
        if name == "-":
            raise ArgumentError("standard input cannot be read by the workers: name the files")
        if glob.has_magic(name) and not os.path.exists(name):
            found = sorted(glob.glob(name))
            if not found:
                raise FileNotFoundError(errno.ENOENT, "no file matches", name)
            paths.extend(found)
        else:
            paths.append(name)
    return paths


def _plan(
    inputs: Sequence[str], input_format: str | None, rows_per_task: int, output: str
) -> tuple[list[_Piece], str]:
    """Find the pieces of the input and make the temporary output directory (on a worker).

    Runs where the storage is: it expands the patterns, reads the Parquet
    footers (row counts) and creates ``.NAME.omaha-XXXX`` beside ``output``.
    """
    import pyarrow.parquet as pq

    from omaha.errors import TableFormatError
    from omaha.files.formats import format_of
    from omaha.files.writer import created_mode

    pieces = []
    for path in _expand(inputs):
        fmt = input_format or format_of(path)[0]
        if fmt is None:
            raise TableFormatError(
                f"no format for {path!r}: name it by its extension or give --input-format"
            )
        if fmt != "parquet":
            if not os.path.isfile(path):
                open(path, "rb").close()  # the OSError of a missing file
            pieces.append(_Piece(path, fmt, None, None))
            continue
        try:
            meta = pq.ParquetFile(path).metadata
        except OSError:
            raise
        except Exception as exc:  # pyarrow raises several kinds here
            raise TableFormatError(f"{path!r} is not a Parquet file: {exc}") from None
        group: list[int] = []
        rows = 0
        for g in range(meta.num_row_groups):
            n = meta.row_group(g).num_rows
            if group and rows + n > rows_per_task:
                pieces.append(_Piece(path, fmt, tuple(group), rows))
                rows, group = 0, []
            group.append(g)
            rows += n
        pieces.append(_Piece(path, fmt, tuple(group), rows))
    _check_replaceable(output)
    directory, name = os.path.split(os.path.abspath(output))
    temp = tempfile.mkdtemp(prefix=f".{name}.omaha-", dir=directory)
    os.chmod(temp, created_mode(directory=True))
    return pieces, temp


def _is_part(name: str) -> bool:
    return name.startswith("part.") and name.endswith(".parquet")


def _check_replaceable(output: str) -> None:
    """Refuse an output that exists and is not a directory of Parquet parts."""
    if not os.path.lexists(output):
        return
    if not os.path.isdir(output) or os.path.islink(output):
        raise FileExistsError(errno.EEXIST, "exists and is not a directory", output)
    if not all(_is_part(n) for n in os.listdir(output)):
        raise FileExistsError(
            errno.EEXIST, "is a directory with other files than part.*.parquet", output
        )


def _count(piece: _Piece) -> int:
    """Count the rows of a file whose metadata does not tell (a text file) by reading it."""
    from omaha.files.readers import open_reader

    last = 0
    with open_reader(piece.path, piece.format) as reader:
        for chunk in reader:
            if len(chunk.rows):
                last = max(last, int(chunk.rows[-1]))
            if chunk.rejected:
                last = max(last, chunk.rejected[-1].row)
    return last


def _parquet_chunks(piece: _Piece, offset: int, chunk_rows: int, threads: int) -> Iterator[Chunk]:
    import numpy as np

    from omaha.files.readers import Chunk, as_text, open_parquet

    with open_parquet(piece.path) as pf:
        row = offset
        for batch in pf.iter_batches(
            batch_size=chunk_rows, row_groups=list(piece.row_groups or ()), use_threads=threads > 1
        ):
            n = batch.num_rows
            yield Chunk(as_text(batch), np.arange(row + 1, row + n + 1, dtype=np.int64), None)
            row += n


def _run_piece(
    piece: _Piece,
    index: int,
    offset: int,
    temp: str,
    options: dict[str, Any],
) -> tuple[int, list[tuple[str, RejectedRow]]]:
    """One task of :func:`evaluate_files`: read a piece, evaluate it, write its part.

    ``offset`` is the number of input rows before the piece (the row
    numbers continue across the files). The part is written to a temporary
    file and renamed (:mod:`omaha.files.writer`); a piece without a good row
    writes no part. Returns the rows written and the rows rejected.
    """
    from omaha.files.pipeline import ID, ChunkEvaluator
    from omaha.files.readers import open_reader
    from omaha.files.tabular import CARD_COLUMNS
    from omaha.files.writer import open_writer

    threads, chunk_rows = options["threads"], options["chunk_rows"]
    reader: Any = None
    if piece.row_groups is not None:
        chunks = _parquet_chunks(piece, offset, chunk_rows, threads)
    else:
        reader = open_reader(piece.path, piece.format, chunk_rows=chunk_rows, threads=threads)
        chunks = (c.shifted(offset) for part in reader for c in part.split(chunk_rows))
    evaluator = ChunkEvaluator(
        piece.format,
        hole=options["hole"],
        board=options["board"],
        columns=options["columns"],
        threads=threads,
    )
    writer = None
    written = 0
    rejected: list[tuple[str, RejectedRow]] = []
    try:
        for chunk in chunks:
            good, _, bad = evaluator(chunk)
            if bad and not options["skip_invalid"]:
                raise InputRowError(piece.path, bad[0])
            rejected.extend((piece.path, r) for r in bad)
            if good is not None and good.num_rows:
                if writer is None:
                    part = os.path.join(temp, _PART.format(index))
                    writer = open_writer(
                        part, "parquet", plain_columns=CARD_COLUMNS, distinct_columns=(ID,)
                    )
                writer.write(good)
                written += good.num_rows
        if writer is not None:
            writer.close()
    except BaseException:
        if writer is not None:
            writer.abort()
        raise
    finally:
        if reader is not None:
            reader.close()
    return written, rejected


def _commit(temp: str, output: str, results: list[Any]) -> list[Any]:
    """Put the finished output in place: drop what killed workers left, rename the directory."""
    for name in os.listdir(temp):
        if not _is_part(name):  # a temporary file of a task whose worker died
            with contextlib.suppress(OSError):
                os.unlink(os.path.join(temp, name))
    _check_replaceable(output)
    if os.path.lexists(output):
        trash = tempfile.mkdtemp(prefix=f".{os.path.basename(output)}.old-", dir=os.path.dirname(
            os.path.abspath(output)))  # fmt: skip
        os.rename(output, os.path.join(trash, "old"))
        os.rename(temp, output)
        shutil.rmtree(trash, ignore_errors=True)
    else:
        os.rename(temp, output)
    return results


def _remove(temp: str) -> None:
    shutil.rmtree(temp, ignore_errors=True)


def evaluate_files(
    inputs: Sequence[str],
    output: str,
    *,
    input_format: str | None = None,
    columns: Sequence[str] | None = None,
    hole: str = "hole",
    board: str = "board",
    skip_invalid: bool = False,
    threads: int = 1,
    chunk_rows: int = 65_536,
    rows_per_task: int = _ROWS_PER_TASK,
    client: distributed.Client | str | None = None,
) -> RunSummary:
    """Evaluate table files on the workers into a directory of Parquet parts (``eval --dask``).

    Each task reads a piece of the input from storage (a text or Arrow file,
    or up to ``rows_per_task`` rows of row groups of a Parquet file),
    evaluates it as ``omaha eval`` does (:mod:`omaha.files.pipeline`: the same
    columns, ``id`` and row numbers, rejections and reasons) and writes
    ``part.NNNNN.parquet`` itself; parts are numbered in input order, so
    reading the directory in name order gives the rows in input order. The
    client sends the task graph and receives the counts (and, with
    ``skip_invalid``, the rejected rows); no data passes through it.

    The output is written into a temporary directory beside ``output``
    (``.NAME.omaha-XXXX``) and renamed to ``output`` once every task has
    finished; a failed run removes it. A worker that dies is replaced by
    Dask, which runs its lost tasks again; a part is written to a temporary
    file and renamed, so the dead worker's half-written file is never
    taken for a part (it is deleted before the rename).

    Parameters
    ----------
    inputs : sequence of str
        Input files or glob patterns (expanded by a worker, sorted), each a
        path that every worker can read (shared storage); a relative name is
        made absolute here, from the caller's working directory. Every format of
        :mod:`omaha.files.readers`; row numbers (the default ``id``) continue from
        one file to the next in the order given.
    output : str
        The output directory, on storage every worker can write. An
        existing directory is replaced only when it holds nothing but
        ``part.*.parquet`` files.
    input_format : str, optional
        The format of every input (default: from each name).
    columns, hole, board, skip_invalid, threads, chunk_rows
        As :func:`omaha.files.evaluate_file` (``threads`` per task).
    rows_per_task : int, default 1,048,576
        Most rows of Parquet row groups read by one task (a row group is
        never split).
    client : distributed.Client or str, optional
        Where to run (see :func:`equity_table`).

    Returns
    -------
    RunSummary

    Raises
    ------
    InputRowError
        Without ``skip_invalid``, the first bad row a task found (no output
        is left).
    omaha.errors.ColumnError, omaha.errors.TableFormatError, OSError
        As :func:`omaha.files.evaluate_file`; ``FileExistsError`` for an
        output that exists and is not a directory of parts.
    """
    started = time.perf_counter()
    if rows_per_task < 1:
        raise ArgumentError(f"rows_per_task must be at least 1, got {rows_per_task!r}")
    options = {
        "hole": hole,
        "board": board,
        "columns": None if columns is None else list(columns),
        "skip_invalid": skip_invalid,
        "threads": threads,
        "chunk_rows": chunk_rows,
    }
    # Relative names are taken from here (the workers may run elsewhere, with another cwd).
    inputs = [name if name == "-" else os.path.abspath(name) for name in inputs]
    output = os.path.abspath(output)
    with _scheduler(client) as scheduler:
        plan = dask.delayed(_plan, pure=False)(inputs, input_format, rows_per_task, output)
        pieces, temp = dask.compute(plan, scheduler=scheduler)[0]
        try:
            parts = []
            offset: Any = 0  # rows before the piece: an int, or a Delayed once a count is needed
            for i, piece in enumerate(pieces):
                parts.append(dask.delayed(_run_piece, pure=False)(piece, i, offset, temp, options))
                if i + 1 < len(pieces):
                    rows = piece.rows if piece.rows is not None else dask.delayed(_count)(piece)
                    offset = offset + rows
            done = dask.delayed(_commit, pure=False)(temp, output, parts)
            results = dask.compute(done, scheduler=scheduler)[0]
        except BaseException:
            with contextlib.suppress(Exception):
                dask.compute(dask.delayed(_remove, pure=False)(temp), scheduler=scheduler)
            raise
    rejected = [r for _, bad in results for r in bad]
    return RunSummary(
        rows=sum(n for n, _ in results),
        rejected=rejected,
        parts=sum(1 for n, _ in results if n),
        tasks=len(results),
        seconds=time.perf_counter() - started,
    )


# ------------------------------------------------------------------ hand histories


def _history_part(piece: tuple[str, int | None, int | None], lenient: bool) -> pd.DataFrame:
    """One file's rows of :func:`omaha.history.to_frame` (or a block of its hands), on a worker.

    The columns have Arrow dtypes (``pd.ArrowDtype``), as the meta says.
    """
    import pandas as pd

    from omaha.history.frame import iter_block, to_frame

    path, first, last = piece
    if first is None or last is None:
        table = to_frame(path, lenient=lenient)
    else:
        table = to_frame(iter_block(path, first, last, lenient=lenient), lenient=lenient)
    return table.to_pandas(types_mapper=pd.ArrowDtype)


def history_frame(
    paths: str | Sequence[str], *, lenient: bool = False, hands_per_task: int | None = None
) -> dd.DataFrame:
    """Return the table of :func:`omaha.history.to_frame` over files, as a lazy Dask DataFrame.

    One task per file, or per block of ``hands_per_task`` hands of a site's
    file, run where the scheduler puts it (the workers must see the files:
    shared storage); the partitions, in the order of the files and their
    hands, hold exactly the rows ``to_frame`` gives, with the columns of
    :data:`omaha.history.frame.SCHEMA` as ``pd.ArrowDtype`` dtypes
    (``.compute()`` gives the same values and types whatever the number of
    workers; a task lost with a worker is run again).

    Parameters
    ----------
    paths : str or sequence of str
        Files or globs (sites' files, ``.phh``, ``.phhs``), expanded here,
        on the client.
    lenient : bool, default False
        As :func:`omaha.history.to_frame` (the skipped hands' warnings are
        issued on the workers).
    hands_per_task : int, optional
        Cut each site's file into blocks of this many hands, one task each
        (the client cuts the files' texts to count their hands, reading no
        hand: :func:`omaha.history.frame.count_hands`). PHH files and iPoker
        XML stay one task per file.

    Returns
    -------
    dask.dataframe.DataFrame

    Raises
    ------
    ArgumentError
        A path or glob that names no file, or a ``hands_per_task`` below 1.
    OSError
        ``hands_per_task`` and a file that cannot be read.
    """
    import pandas as pd

    from omaha.history.frame import SCHEMA, count_hands, expand_sources

    bad = isinstance(hands_per_task, bool) or not isinstance(hands_per_task, int | None)
    if bad or (hands_per_task is not None and hands_per_task < 1):
        raise ArgumentError(f"hands_per_task must be a positive integer, got {hands_per_task!r}")
    files = expand_sources([paths] if isinstance(paths, str) else list(paths))
    pieces: list[tuple[str, int | None, int | None]] = []
    for path in files:
        count = count_hands(path) if hands_per_task is not None else None
        if count is None or hands_per_task is None or count <= hands_per_task:
            pieces.append((path, None, None))
            continue
        pieces += [
            (path, first, min(first + hands_per_task, count))
            for first in range(0, count, hands_per_task)
        ]
    meta = SCHEMA.empty_table().to_pandas(types_mapper=pd.ArrowDtype)
    return dd.from_map(_history_part, pieces, lenient=lenient, meta=meta, enforce_metadata=False)
