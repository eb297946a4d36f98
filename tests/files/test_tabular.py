"""omaha.files.tabular: frames and Arrow columns in, the result columns out.

Every value is checked against the batch API (:func:`omaha.select_batch`)
and the names against :mod:`omaha.ranks`, on seeded random deals of every
hole and board size, through every kind of frame and string column.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pandas as pd
import pyarrow as pa
import pytest

import omaha
from eval_expect import BAD_ROWS
from omaha.files.tabular import RESULT_COLUMNS, evaluate_columns, evaluate_frame
from omaha.ranks import HandCategory, hi_name, lo_name

U8 = npt.NDArray[np.uint8]


def deal(n: int, nh: int = 4, nb: int = 5, seed: int = 0) -> tuple[U8, U8]:
    rng = np.random.default_rng(seed)
    d = np.argsort(rng.random((n, 52)), axis=1)[:, : nh + nb].astype(np.uint8)
    return np.ascontiguousarray(d[:, :nh]), np.ascontiguousarray(d[:, nh:])


def texts(codes: U8) -> list[str]:
    return [omaha.format_cards(row.tolist()) for row in codes]


def expected(holes: U8, boards: U8) -> dict[str, list[object]]:
    """The result columns, from select_batch and the names of omaha.ranks."""
    sel = omaha.select_batch(holes, boards)
    lo = sel.lo_strength.tolist()
    return {
        "hi_strength": sel.hi_strength.tolist(),
        "hi_category": [HandCategory(c).name for c in sel.hi_category.tolist()],
        "hi_name": [hi_name(s) for s in sel.hi_strength.tolist()],
        "hi_cards": [omaha.format_cards(r) for r in sel.hi_cards.tolist()],
        "lo_strength": [s or None for s in lo],
        "lo_name": [lo_name(s) if s else None for s in lo],
        "lo_cards": [
            omaha.format_cards(r) if s else None
            for s, r in zip(lo, sel.lo_cards.tolist(), strict=True)
        ],
    }


@pytest.mark.parametrize(("nh", "nb"), [(4, 5), (5, 5), (6, 5), (4, 3), (5, 4), (6, 3)])
def test_columns_agree_with_the_batch_api(nh: int, nb: int) -> None:
    holes, boards = deal(3000, nh, nb, seed=nh * 10 + nb)
    got = evaluate_columns(pa.array(texts(holes)), pa.array(texts(boards)))
    assert got.rejected.size == 0 and got.reasons == []
    assert got.columns.to_pydict() == expected(holes, boards)
    assert got.columns.schema.names == list(RESULT_COLUMNS)


def test_mixed_sizes_and_spellings_in_one_column() -> None:
    rows = [
        ("AhKs Kd 4c", "2s Kh 8d 5c Ad"),
        ("ahks10d4c9h", "2sKh8d"),
        ("AsKd7h2c3d4d", "2hkh8d5s"),
    ]
    got = evaluate_columns(pa.array([r[0] for r in rows]), pa.array([r[1] for r in rows]))
    for i, (h, b) in enumerate(rows):
        hand = omaha.evaluate_hi(h, b)
        assert got.columns.column("hi_strength")[i].as_py() == hand.strength
        assert got.columns.column("hi_cards")[i].as_py() == omaha.format_cards(hand.cards)


@pytest.mark.parametrize(
    "kind",
    [
        pa.string(),
        pa.large_string(),
        pa.binary(),
        pa.large_binary(),
        pa.string_view(),
        "dict",
        "chunked",
    ],
    ids=str,
)
def test_every_kind_of_string_column(kind: object) -> None:
    holes, boards = deal(500, seed=3)
    want = expected(holes, boards)
    h, b = texts(holes), texts(boards)
    if kind == "dict":
        hole, board = pa.array(h).dictionary_encode(), pa.array(b).dictionary_encode()
    elif kind == "chunked":
        hole, board = pa.chunked_array([h[:100], h[100:]]), pa.chunked_array([b[:333], b[333:]])
    else:
        hole, board = pa.array(h, kind), pa.array(b, kind)
    assert evaluate_columns(hole, board).columns.to_pydict() == want


def test_sliced_arrays_read_their_own_rows() -> None:
    holes, boards = deal(100, seed=4)
    h, b = pa.array(texts(holes)), pa.array(texts(boards))
    got = evaluate_columns(h.slice(37, 20), b.slice(37, 20))
    assert got.columns.to_pydict() == expected(holes[37:57], boards[37:57])


def test_code_columns() -> None:
    holes, boards = deal(400, seed=5)
    frame = pa.table(
        {f"hole{k}": pa.array(holes[:, k], pa.int16()) for k in range(4)}
        | {f"board{k}": pa.array(boards[:, k]) for k in range(5)}
    )
    out = evaluate_frame(frame)
    got = {c: out.column(c).to_pylist() for c in RESULT_COLUMNS}
    assert got == expected(holes, boards)


def test_code_columns_with_a_flop_and_bad_codes() -> None:
    frame = pa.table(
        {"hole0": [50, 50, 50], "hole1": [47, 47, 47], "hole2": [45, 45, 45], "hole3": [8, 8, 8],
         "board0": [3, 3, 3], "board1": [46, 46, 46], "board2": [25, 60, 25],
         "board3": [None, None, 12], "board4": [None, None, None]}
    )  # fmt: skip
    out = evaluate_frame(frame, errors="coerce")
    flop = omaha.evaluate_hi([50, 47, 45, 8], [3, 46, 25])
    turn = omaha.evaluate_hi([50, 47, 45, 8], [3, 46, 25, 12])
    assert out.column("hi_strength").to_pylist() == [flop.strength, None, turn.strength]
    assert out.column("reason").to_pylist()[1].startswith("board: a card code outside 0..51")


BAD = [*BAD_ROWS, (None, "2hKh8d5sAc", "missing 'hole'")]


@pytest.mark.parametrize(("hole", "board", "reason"), BAD)
def test_a_bad_row_is_named_and_the_others_evaluated(
    hole: str | None, board: str, reason: str
) -> None:
    got = evaluate_columns(
        pa.array(["AhKsKd4c", hole, "AhKsKd4c"]), pa.array(["2sKh8d5cAd", board, "2sKh8d5cAd"])
    )
    assert got.rejected.tolist() == [1]
    assert got.reasons[0] == reason
    hi = got.columns.column("hi_strength").to_pylist()
    assert hi[1] is None and hi[0] == hi[2] == omaha.evaluate_hi("AhKsKd4c", "2sKh8d5cAd").strength


def test_frames_keep_their_kind_and_columns() -> None:
    holes, boards = deal(200, seed=6)
    want = expected(holes, boards)
    df = pd.DataFrame(
        {"id": range(200), "Hole": texts(holes), "board ": texts(boards)}, index=range(5, 205)
    )
    out = evaluate_frame(df)
    assert isinstance(out, pd.DataFrame) and list(out.columns) == [
        "id",
        "Hole",
        "board ",
        *RESULT_COLUMNS,
    ]
    assert (out.index == df.index).all()
    assert out["hi_strength"].tolist() == want["hi_strength"]
    assert out["hi_name"].tolist() == want["hi_name"] and out["hi_name"].dtype == "category"
    assert out["lo_strength"].dtype == pd.UInt8Dtype()
    assert [None if pd.isna(v) else v for v in out["lo_cards"]] == want["lo_cards"]
    table = pa.Table.from_pandas(df, preserve_index=False)
    got = evaluate_frame(table, columns=["hi_name", "lo_name"])
    assert got.column_names == ["id", "Hole", "board ", "hi_name", "lo_name"]
    assert got.column("lo_name").to_pylist() == want["lo_name"]
    batch = table.to_batches()[0]
    assert evaluate_frame(batch).column("hi_cards").to_pylist() == want["hi_cards"]


def test_polars_frames() -> None:
    pl = pytest.importorskip("polars")
    holes, boards = deal(100, seed=7)
    frame = pl.DataFrame({"hole": texts(holes), "board": texts(boards)})
    out = evaluate_frame(frame)
    assert isinstance(out, pl.DataFrame)
    assert out["hi_strength"].to_list() == expected(holes, boards)["hi_strength"]


def test_errors_raise_with_the_index_label_or_coerce() -> None:
    df = pd.DataFrame(
        {"hole": ["AhKsKd4c", "AsXs7h2c"], "board": ["2sKh8d5cAd"] * 2}, index=["a", "b"]
    )
    with pytest.raises(omaha.InvalidCardError, match=r"row 'b': hole: malformed card 'Xs'"):
        evaluate_frame(df)
    out = evaluate_frame(df, errors="coerce")
    assert out["hi_strength"].isna().tolist() == [False, True]
    assert out["reason"].isna().tolist() == [True, False]


def test_bad_arguments() -> None:
    df = pd.DataFrame({"hole": ["AhKsKd4c"], "board": ["2sKh8d5cAd"]})
    with pytest.raises(ValueError, match="unknown result columns"):
        evaluate_frame(df, columns=["hi_nam"])
    with pytest.raises(ValueError, match="errors must be"):
        evaluate_frame(df, errors="ignore")  # type: ignore[arg-type]
    with pytest.raises(omaha.errors.ColumnError, match="no column 'hole'"):
        evaluate_frame(df.rename(columns={"hole": "h"}))
    with pytest.raises(TypeError, match="frame must be"):
        evaluate_frame({"hole": ["AhKsKd4c"]})
    with pytest.raises(TypeError, match="card texts must be strings"):
        evaluate_columns(pa.array([1.5]), pa.array(["2sKh8d5cAd"]))


def test_threads_give_the_same_columns() -> None:
    holes, boards = deal(50_000, seed=8)
    h, b = pa.array(texts(holes)), pa.array(texts(boards))
    one = evaluate_columns(h, b, threads=1).columns
    assert evaluate_columns(h, b, threads=2).columns.equals(one)


def test_an_empty_pandas_frame_gives_an_empty_result() -> None:
    # pandas makes an empty column float64: it raised TypeError (no cards to read).
    out = evaluate_frame(pd.DataFrame({"hole": [], "board": []}))
    assert len(out) == 0 and list(out.columns)[2:] == list(RESULT_COLUMNS)


@pytest.mark.parametrize(
    ("frame", "message"),
    [
        (pd.DataFrame({"hole": [1.5, 2.5], "board": ["2sKh8d5cAd"] * 2}), "hole column: "),
        (pd.DataFrame({"hole": ["AhKsKd4c"], "board": [7]}), "board column: "),
        (pd.DataFrame({"hole": ["AhKsKd4c", 5], "board": ["2sKh8d5cAd"] * 2}), "hole column: "),
        ([("AhKsKd4c", "2sKh8d5cAd")], "frame must be a pandas DataFrame"),
    ],
    ids=["floats", "ints", "mixed", "a list"],
)
def test_columns_of_no_text_are_a_column_type_error(frame: object, message: str) -> None:
    with pytest.raises(omaha.errors.ColumnTypeError, match=message) as info:
        evaluate_frame(frame)
    assert isinstance(info.value, omaha.OmahaError) and isinstance(info.value, TypeError)


def test_bad_arguments_are_argument_errors() -> None:
    df = pd.DataFrame({"hole": ["AhKsKd4c"], "board": ["2sKh8d5cAd"]})
    with pytest.raises(omaha.errors.ColumnError, match="unknown result columns"):
        evaluate_frame(df, columns=["hi_nmae"])
    with pytest.raises(omaha.errors.ArgumentError, match="errors must be"):
        evaluate_frame(df, errors="ignore")  # type: ignore[arg-type]
    with pytest.raises(omaha.errors.ColumnError, match="board column 2"):
        evaluate_columns(pa.array(["AhKsKd4c"]), pa.array(["2sKh8d5cAd"] * 2))


@pytest.mark.parametrize("value", [0, 7463, -1, 10**30])
def test_hi_name_out_of_range_is_an_argument_error(value: int) -> None:
    with pytest.raises(omaha.errors.ArgumentError, match=r"outside 1\.\.7462"):
        hi_name(value)


@pytest.mark.parametrize("value", [7462.9, 1.0, None, "5", True])
def test_names_of_no_integer_are_refused_never_rounded(value: object) -> None:
    # A float was truncated by the compiled call: hi_name(7462.9) was 'Royal flush'.
    with pytest.raises(omaha.errors.ArgumentTypeError, match="must be an integer"):
        hi_name(value)  # type: ignore[arg-type]
    with pytest.raises(omaha.errors.ArgumentTypeError, match="must be an integer"):
        lo_name(value)  # type: ignore[arg-type]
    # NumPy integers are integers too.
    assert hi_name(np.int64(7462)) == "Royal flush"  # type: ignore[arg-type]
    assert lo_name(np.uint8(56)) == "5-4-3-2-A"  # type: ignore[arg-type]
