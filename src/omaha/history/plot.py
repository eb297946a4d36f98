"""The results graph: net won, the all-in EV line, showdown and non-showdown (docs/analysis.md).

The graph players look at first: over the hands of one player, in the
order they were played (by time when every hand has one, else as read),
the cumulative net won, the cumulative all-in EV net (luck taken out), and
the net split into the hands that went to showdown and those that did
not. Needs matplotlib (``pip install "omaha-poker[plot]"``); without it a
:class:`~omaha.errors.MissingDependencyError` says so.
"""

from __future__ import annotations

import datetime
import os
from typing import TYPE_CHECKING, Any, Literal

from omaha.errors import ArgumentError, MissingDependencyError

if TYPE_CHECKING:
    import pyarrow as pa
    from matplotlib.axes import Axes

__all__ = ["GraphUnit", "graph_lines", "plot_results", "save_graph"]

GraphUnit = Literal["bb", "money"]

_COLUMNS = (
    "player",
    "time",
    "currency",
    "unit",
    "big_blind",
    "net",
    "allin_ev_net",
    "went_to_showdown",
)


def _matplotlib() -> Any:
    try:
        import matplotlib
    except ImportError as exc:
        raise MissingDependencyError(
            f"the graph needs matplotlib, which is not installed ({exc}): "
            'pip install "omaha-poker[plot]"'
        ) from exc
    return matplotlib


def graph_lines(
    frame: pa.Table, player: str, *, in_: GraphUnit = "bb"
) -> tuple[str, dict[str, list[float]]]:
    """Return the y label and the four cumulative lines of :func:`plot_results`.

    Parameters
    ----------
    frame : pyarrow.Table
        Rows of :func:`omaha.history.to_frame`.
    player : str
        The player (the name as the site writes it).
    in_ : {"bb", "money"}, default "bb"
        Big blinds (each hand's net over its own big blind), or money (in
        the currency of the hands: they must all have the same).

    Returns
    -------
    (str, dict of str to list of float)
        The axis label, and the lines ``"net won"``, ``"all-in EV"``,
        ``"showdown"`` and ``"non-showdown"``, one point per hand (the
        first point is the first hand's).

    Raises
    ------
    ArgumentError
        An unknown unit, a player without hands in the table, or money
        asked for hands of more than one currency.
    """
    import pyarrow.compute as pc

    if in_ not in ("bb", "money"):
        raise ArgumentError(f"graph unit {in_!r}: 'bb' or 'money'")
    missing = [c for c in _COLUMNS if c not in frame.column_names]
    if missing:
        raise ArgumentError(f"the table has no column {missing[0]!r} (see omaha.history.to_frame)")
    rows = frame.filter(pc.equal(frame["player"], player)).select(list(_COLUMNS)).to_pylist()
    if not rows:
        raise ArgumentError(f"player {player!r} has no hand in the table")
    if all(isinstance(r["time"], datetime.datetime) for r in rows):
        rows.sort(key=lambda r: r["time"])
    currencies = sorted({str(r["currency"] or "chips") for r in rows})
    if in_ == "money" and len(currencies) > 1:
        raise ArgumentError(
            f"{player!r} played in {', '.join(currencies)}: the graph in money needs one "
            "currency (graph in bb, or pass the hands of one currency)"
        )
    label = "net won (big blinds)" if in_ == "bb" else f"net won ({currencies[0]})"
    lines: dict[str, list[float]] = {k: [] for k in ("net won", "all-in EV", "showdown")}
    lines["non-showdown"] = []
    totals = dict.fromkeys(lines, 0.0)
    for r in rows:
        scale = 1 / (r["big_blind"] or 1) if in_ == "bb" else float(r["unit"])
        net = r["net"] * scale
        totals["net won"] += net
        totals["all-in EV"] += r["allin_ev_net"] * scale
        totals["showdown" if r["went_to_showdown"] else "non-showdown"] += net
        for key, value in totals.items():
            lines[key].append(value)
    return label, lines


def plot_results(
    frame: pa.Table, player: str, ax: Axes | None = None, *, in_: GraphUnit = "bb"
) -> Axes:
    """Draw a player's results graph on ``ax`` (a new figure when None) and return the axes.

    The lines are those of :func:`graph_lines` over the hands 1, 2, ...,
    with axis labels, a title naming the player and a legend.

    Parameters
    ----------
    frame : pyarrow.Table
        Rows of :func:`omaha.history.to_frame`.
    player : str
    ax : matplotlib.axes.Axes, optional
    in_ : {"bb", "money"}, default "bb"

    Raises
    ------
    MissingDependencyError
        matplotlib is not installed (``pip install "omaha-poker[plot]"``).
    ArgumentError
        As :func:`graph_lines`.
    """
    _matplotlib()
    label, lines = graph_lines(frame, player, in_=in_)
    if ax is None:
        from matplotlib.figure import Figure

        ax = Figure(figsize=(10, 6)).add_subplot()
    x = list(range(1, len(lines["net won"]) + 1))
    styles = {
        "net won": ("tab:green", 2.0),
        "all-in EV": ("tab:orange", 1.5),
        "showdown": ("tab:blue", 1.0),
        "non-showdown": ("tab:red", 1.0),
    }
    for name, ys in lines.items():
        color, width = styles[name]
        ax.plot(x, ys, label=name, color=color, linewidth=width)
    ax.axhline(0, color="grey", linewidth=0.5)
    ax.set_xlabel("hands")
    ax.set_ylabel(label)
    ax.set_title(f"{player}: {len(x):,} hands")
    ax.legend(loc="best")
    ax.grid(True, alpha=0.3)
    return ax


def save_graph(
    frame: pa.Table,
    player: str,
    path: str | os.PathLike[str],
    *,
    in_: GraphUnit = "bb",
    width: int = 1000,
    height: int = 600,
) -> None:
    """Write a player's results graph to a PNG or SVG file of ``width`` x ``height`` pixels.

    Raises
    ------
    ArgumentError
        A file name that ends neither in ``.png`` nor ``.svg``, a size below
        100 pixels, or as :func:`graph_lines`.
    MissingDependencyError
        matplotlib is not installed.
    OSError
        The file cannot be written.
    """
    name = os.fspath(path)
    ext = os.path.splitext(name)[1].lower()
    if ext not in (".png", ".svg"):
        raise ArgumentError(f"graph file {name!r}: name it .png or .svg")
    for what, value in (("width", width), ("height", height)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 100:
            raise ArgumentError(f"graph {what} {value!r}: a whole number of pixels, at least 100")
    _matplotlib()
    from matplotlib.figure import Figure

    dpi = 100
    fig = Figure(figsize=(width / dpi, height / dpi), dpi=dpi)
    plot_results(frame, player, fig.add_subplot(), in_=in_)
    fig.tight_layout()
    fig.savefig(name, dpi=dpi, format=ext[1:])
