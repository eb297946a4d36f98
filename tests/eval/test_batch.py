"""The batch API: dtypes, shapes, ``out=``, threads, bad rows, and abuse.

``evaluate_hi_batch(holes, boards, out=None, threads=1)`` and
``evaluate_lo_batch(...)`` take ``holes`` (n, 4 | 5 | 6) and ``boards``
(n, 3 | 4 | 5) of card codes; ``uint8`` passes as is, other integer dtypes are
range-checked before conversion (256 must not wrap to card 0), anything else
is a ``TypeError``. Every row is validated and a bad row raises
:class:`omaha.InvalidCardError` naming its index (docs/rules.md §7).
"""

from __future__ import annotations

import itertools
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import omaha
import reference as ref
from omaha import DuplicateCardError, InvalidCardError, OmahaError
from select60 import select60

U8 = npt.NDArray[np.uint8]
BatchFn = Callable[..., npt.NDArray[Any]]
BATCH_FNS: list[BatchFn] = [omaha.evaluate_hi_batch, omaha.evaluate_lo_batch]
OUT_DTYPE = {omaha.evaluate_hi_batch: np.uint16, omaha.evaluate_lo_batch: np.uint8}


def deal(n: int, nh: int = 4, nb: int = 5, seed: int = 0) -> tuple[U8, U8]:
    rng = np.random.default_rng(seed)
    order = np.argsort(rng.random((n, 52)), axis=1)[:, : nh + nb].astype(np.uint8)
    return np.ascontiguousarray(order[:, :nh]), np.ascontiguousarray(order[:, nh:])


def single(fn: BatchFn, hole: list[int], board: list[int]) -> int:
    if fn is omaha.evaluate_hi_batch:
        return omaha.evaluate_hi(hole, board).strength
    low = omaha.evaluate_lo(hole, board)
    return 0 if low is None else low.strength


# -------------------------------------------------------------- good input


@pytest.mark.parametrize("fn", BATCH_FNS)
@pytest.mark.parametrize("nh", [4, 5, 6])
@pytest.mark.parametrize("nb", [3, 4, 5])
def test_every_shape_matches_single_calls(fn: BatchFn, nh: int, nb: int) -> None:
    holes, boards = deal(500, nh, nb, seed=nh * 10 + nb)
    got = fn(holes, boards)
    assert got.dtype == OUT_DTYPE[fn] and got.shape == (500,)
    want = [single(fn, h, b) for h, b in zip(holes.tolist(), boards.tolist(), strict=True)]
    assert got.tolist() == want


@pytest.mark.parametrize("fn", BATCH_FNS)
@pytest.mark.parametrize(
    "dtype", [np.int8, np.int16, np.int32, np.int64, np.uint16, np.uint32, np.uint64, ">i4", "<u2"]
)
def test_other_integer_dtypes_are_converted(fn: BatchFn, dtype: Any) -> None:
    holes, boards = deal(300, seed=3)
    want = fn(holes, boards)
    np.testing.assert_array_equal(fn(holes.astype(dtype), boards.astype(dtype)), want)
    np.testing.assert_array_equal(fn(holes.astype(dtype), boards), want)


@pytest.mark.parametrize("fn", BATCH_FNS)
def test_lists_and_non_contiguous_input(fn: BatchFn) -> None:
    holes, boards = deal(300, seed=4)
    want = fn(holes, boards)
    np.testing.assert_array_equal(fn(holes.tolist(), boards.tolist()), want)
    np.testing.assert_array_equal(fn(np.asfortranarray(holes), np.asfortranarray(boards)), want)
    wide_h = np.repeat(holes, 2, axis=0)[::2]  # a strided view
    wide_b = np.repeat(boards, 2, axis=0)[::2]
    assert not wide_h.flags.c_contiguous
    np.testing.assert_array_equal(fn(wide_h, wide_b), want)
    # Card order within a row does not matter.
    np.testing.assert_array_equal(fn(holes[:, ::-1], boards[:, ::-1]), want)
    # Read-only input is fine (nothing is written to it).
    ro_h, ro_b = holes.copy(), boards.copy()
    ro_h.setflags(write=False)
    ro_b.setflags(write=False)
    np.testing.assert_array_equal(fn(ro_h, ro_b), want)


@pytest.mark.parametrize("fn", BATCH_FNS)
def test_input_is_not_modified(fn: BatchFn) -> None:
    holes, boards = deal(1000, 6, 5, seed=5)
    h0, b0 = holes.copy(), boards.copy()
    fn(holes, boards, threads=2)
    omaha.select_batch(holes, boards)
    np.testing.assert_array_equal(holes, h0)
    np.testing.assert_array_equal(boards, b0)


@pytest.mark.parametrize("fn", BATCH_FNS)
def test_out_is_filled_and_returned(fn: BatchFn) -> None:
    holes, boards = deal(1000, seed=6)
    out = np.full(1000, 99, OUT_DTYPE[fn])
    result = fn(holes, boards, out=out)
    assert result is out
    np.testing.assert_array_equal(out, fn(holes, boards))


@pytest.mark.parametrize("fn", BATCH_FNS)
def test_bad_out_is_rejected(fn: BatchFn) -> None:
    holes, boards = deal(4, seed=7)
    right = OUT_DTYPE[fn]
    wrong = np.int32 if right == np.uint16 else np.uint16
    read_only = np.zeros(4, right)
    read_only.setflags(write=False)
    for out in (
        np.zeros(4, wrong),
        np.zeros(5, right),
        np.zeros(3, right),
        np.zeros((4, 1), right),
        np.zeros(8, right)[::2],
        np.zeros(4, np.dtype(right).newbyteorder(">")) if right == np.uint16 else np.zeros(4, bool),
        read_only,
        [0, 0, 0, 0],
    ):
        with pytest.raises(ValueError, match="out"):
            fn(holes, boards, out=out)


@pytest.mark.parametrize("fn", BATCH_FNS)
@pytest.mark.parametrize(("nh", "nb"), [(4, 5), (6, 3)])
def test_empty_batches(fn: BatchFn, nh: int, nb: int) -> None:
    holes = np.empty((0, nh), np.uint8)
    boards = np.empty((0, nb), np.uint8)
    for threads in (1, 2):
        got = fn(holes, boards, threads=threads)
        assert got.shape == (0,) and got.dtype == OUT_DTYPE[fn]
    sel = omaha.select_batch(holes, boards)
    assert sel.hi_strength.shape == (0,) and sel.hi_cards.shape == (0, 5)
    assert sel.lo_strength.shape == (0,) and sel.lo_cards.shape == (0, 5)


def test_big_batch_threads_give_identical_results() -> None:
    holes, boards = deal(1_000_000, seed=8)
    hi1 = omaha.evaluate_hi_batch(holes, boards, threads=1)
    lo1 = omaha.evaluate_lo_batch(holes, boards, threads=1)
    for k in (2, 3, 8):
        np.testing.assert_array_equal(omaha.evaluate_hi_batch(holes, boards, threads=k), hi1)
        np.testing.assert_array_equal(omaha.evaluate_lo_batch(holes, boards, threads=k), lo1)
    sel = omaha.select_batch(holes, boards)
    np.testing.assert_array_equal(sel.hi_strength, hi1)
    np.testing.assert_array_equal(sel.lo_strength, lo1)
    for k in (2, 3):
        for got, want in zip(omaha.select_batch(holes, boards, threads=k), sel, strict=True):
            np.testing.assert_array_equal(got, want)
    for i in range(0, 1_000_000, 20_011):
        h, b = holes[i].tolist(), boards[i].tolist()
        assert ref.omaha_hi(h, b)[0] == hi1[i]
        assert ref.omaha_lo(h, b)[0] == lo1[i]
    assert 0.3 < np.count_nonzero(lo1) / lo1.size < 0.6


@pytest.mark.parametrize(("nh", "nb"), [(4, 5), (5, 4), (6, 5)])
def test_select_batch_cards(nh: int, nb: int) -> None:
    holes, boards = deal(2000, nh, nb, seed=9)
    sel = select60(holes, boards)
    assert sel.hi_cards.dtype == np.uint8 and sel.lo_cards.dtype == np.uint8
    fast = omaha.select_batch(holes, boards)
    assert fast.hi_cards.dtype == np.uint8 and fast.lo_cards.dtype == np.uint8
    for i, (h, b) in enumerate(zip(holes.tolist(), boards.tolist(), strict=True)):
        hand = omaha.evaluate_hi(h, b)
        assert sel.hi_cards[i].tolist() == [*hand.hole_cards, *hand.board_cards]
        assert fast.hi_strength[i] == hand.strength
        assert fast.hi_category[i] == hand.category
        assert fast.hi_cards[i].tolist() == list(hand.cards)
        low = omaha.evaluate_lo(h, b)
        if low is None:
            assert sel.lo_strength[i] == 0 and sel.lo_cards[i].tolist() == [255] * 5
            assert fast.lo_strength[i] == 0 and fast.lo_cards[i].tolist() == [255] * 5
        else:
            assert sel.lo_cards[i].tolist() == [*low.hole_cards, *low.board_cards]
            assert fast.lo_strength[i] == low.strength
            assert fast.lo_cards[i].tolist() == list(low.cards)


def test_concurrent_callers_share_the_kernels() -> None:
    holes, boards = deal(200_000, seed=10)
    want_hi = omaha.evaluate_hi_batch(holes, boards)
    want_lo = omaha.evaluate_lo_batch(holes, boards)
    results: list[bool] = []

    def work() -> None:
        for _ in range(3):
            ok = np.array_equal(omaha.evaluate_hi_batch(holes, boards, threads=2), want_hi)
            ok &= np.array_equal(omaha.evaluate_lo_batch(holes, boards), want_lo)
            results.append(bool(ok))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [True] * 12


def test_first_use_from_many_threads_builds_the_table_once() -> None:
    """In a fresh process, the large Hi table is built on first use under a lock."""
    code = textwrap.dedent(
        """
        import threading
        import numpy as np
        import omaha
        from omaha import _eval

        assert _eval.hi_table_build_seconds() is None
        rng = np.random.default_rng(1)
        cards = np.argsort(rng.random((50_000, 52)), axis=1)[:, :9].astype(np.uint8)
        holes, boards = np.ascontiguousarray(cards[:, :4]), np.ascontiguousarray(cards[:, 4:])
        out = [None] * 6
        barrier = threading.Barrier(6)

        def work(k):
            barrier.wait()
            out[k] = omaha.evaluate_hi_batch(holes, boards)

        ts = [threading.Thread(target=work, args=(k,)) for k in range(6)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        sel = omaha.select_batch(holes, boards).hi_strength
        assert all(np.array_equal(o, sel) for o in out)
        assert _eval.hi_table_build_seconds() is not None
        assert omaha.warmup() == 0.0
        print("ok")
        """
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "ok"


# --------------------------------------------------------------- bad input


@pytest.mark.parametrize("fn", BATCH_FNS)
@pytest.mark.parametrize(
    ("dtype", "value"),
    [(np.int16, 256), (np.uint16, 256), (np.int64, 52), (np.int8, -1), (np.int64, -1),
     (np.int64, 2**40), (np.uint64, 2**63), (np.int32, 308)],
)  # fmt: skip
def test_out_of_range_codes_in_wider_dtypes_do_not_wrap(
    fn: BatchFn, dtype: Any, value: int
) -> None:
    holes, boards = deal(10, seed=11)
    h = holes.astype(dtype)
    h[7, 2] = value  # 256 and 308 would wrap to 0 and 52; -1 to 255
    with pytest.raises(InvalidCardError, match=r"\b7\b") as info:
        fn(h, boards)
    assert str(value) in str(info.value)
    b = boards.astype(dtype)
    b[3, 0] = value
    with pytest.raises(InvalidCardError, match=r"\b3\b"):
        fn(holes, b)
    with pytest.raises(InvalidCardError, match=r"\b3\b"):
        omaha.select_batch(holes, b)


@pytest.mark.parametrize("fn", [*BATCH_FNS, omaha.select_batch])
@pytest.mark.parametrize("bad", [52, 53, 63, 64, 100, 128, 255])
@pytest.mark.parametrize(("nh", "nb"), [(4, 5), (6, 3), (5, 4)])
def test_uint8_codes_above_51_name_the_row(fn: BatchFn, bad: int, nh: int, nb: int) -> None:
    holes, boards = deal(100, nh, nb, seed=12)
    for where in ("hole", "board"):
        h, b = holes.copy(), boards.copy()
        (h if where == "hole" else b)[42, 0] = bad
        with pytest.raises(InvalidCardError, match=r"row 42\b") as info:
            fn(h, b)
        assert str(bad) in str(info.value)
        assert isinstance(info.value, ValueError) and isinstance(info.value, OmahaError)


@pytest.mark.parametrize("fn", [*BATCH_FNS, omaha.select_batch])
@pytest.mark.parametrize(("nh", "nb"), [(4, 5), (6, 3), (5, 4)])
def test_duplicate_in_a_row_names_the_row(fn: BatchFn, nh: int, nb: int) -> None:
    holes, boards = deal(100, nh, nb, seed=13)
    h = holes.copy()
    h[17, 1] = h[17, 0]  # twice in the hole
    with pytest.raises(DuplicateCardError, match=r"row 17\b"):
        fn(h, boards)
    b = boards.copy()
    b[55, 2] = holes[55, 3]  # hole and board share a card
    with pytest.raises(DuplicateCardError, match=r"row 55\b"):
        fn(holes, b)


@pytest.mark.parametrize("fn", BATCH_FNS)
def test_bad_row_found_by_any_thread_is_the_first(fn: BatchFn) -> None:
    holes, boards = deal(40_000, seed=14)
    late, early = holes.copy(), holes.copy()
    late[33_333, 0] = 60  # in the last thread's rows only
    early[33_333, 0] = 60
    early[1_234, 1] = early[1_234, 2]
    for threads in (1, 2, 4):
        with pytest.raises(InvalidCardError, match=r"row 33333\b"):
            fn(late, boards, threads=threads)
        with pytest.raises(DuplicateCardError, match=r"row 1234\b"):
            fn(early, boards, threads=threads)


@pytest.mark.parametrize("fn", [*BATCH_FNS, omaha.select_batch])
@pytest.mark.parametrize(
    "dtype", [np.float64, np.float32, object, bool, np.complex128, "U2", "m8[s]"]
)
def test_non_integer_arrays_are_type_errors(fn: BatchFn, dtype: Any) -> None:
    holes, boards = deal(3, seed=15)
    with pytest.raises(TypeError):
        fn(holes.astype(dtype), boards)
    with pytest.raises(TypeError):
        fn(holes, boards.astype(dtype))


@pytest.mark.parametrize("fn", [*BATCH_FNS, omaha.select_batch])
def test_wrong_shapes(fn: BatchFn) -> None:
    holes, boards = deal(6, seed=16)
    for h, b in [
        (holes[0], boards),  # 1-D
        (holes[None], boards),  # 3-D
        (np.zeros((6, 3), np.uint8), boards),  # 3 hole cards
        (np.zeros((6, 7), np.uint8), boards),  # 7 hole cards
        (np.zeros((6, 0), np.uint8), boards),
        (holes, np.zeros((6, 2), np.uint8)),  # 2 board cards
        (holes, np.zeros((6, 6), np.uint8)),
        (holes[:5], boards),  # row counts differ
        (holes, boards[:0]),
    ]:
        with pytest.raises(InvalidCardError):
            fn(h, b)


@pytest.mark.parametrize("fn", BATCH_FNS)
@pytest.mark.parametrize("threads", [0, -1, True, 1.0, "2", None])
def test_bad_thread_counts(fn: BatchFn, threads: Any) -> None:
    holes, boards = deal(3, seed=17)
    with pytest.raises(ValueError, match="threads"):
        fn(holes, boards, threads=threads)


@pytest.mark.parametrize("fn", BATCH_FNS)
def test_more_threads_than_rows(fn: BatchFn) -> None:
    holes, boards = deal(5, seed=18)
    np.testing.assert_array_equal(fn(holes, boards, threads=64), fn(holes, boards))


def test_every_bad_byte_in_every_position_is_caught() -> None:
    """No code 52..255 anywhere in a row gets past validation (nothing reads past a table)."""
    for nh, nb in [(4, 5), (6, 3)]:
        h0 = np.array([[0, 13, 26, 39, 51, 50][:nh]], np.uint8)
        b0 = np.array([[4, 17, 30, 43, 8][:nb]], np.uint8)
        for fn in (omaha.evaluate_hi_batch, omaha.evaluate_lo_batch, omaha.select_batch):
            fn(h0, b0)  # the row itself is fine
        for bad in range(52, 256):
            for col in range(nh + nb):
                h, b = h0.copy(), b0.copy()
                if col < nh:
                    h[0, col] = bad
                else:
                    b[0, col - nh] = bad
                for fn in (omaha.evaluate_hi_batch, omaha.evaluate_lo_batch, omaha.select_batch):
                    with pytest.raises(InvalidCardError, match="row 0"):
                        fn(h, b)


# ------------------------------------------------- threads and the GIL


@pytest.mark.parametrize("threads", [2, 3, 4])
def test_threads_split_the_rows_over_python_threads(
    monkeypatch: pytest.MonkeyPatch, threads: int
) -> None:
    from omaha import _eval

    holes, boards = deal(100_000, seed=20)
    want = omaha.evaluate_hi_batch(holes, boards)
    calls: list[tuple[int, int, int]] = []
    lock = threading.Lock()
    real = _eval.hi_batch
    # Every part waits for the others: the parts must run at the same time,
    # each in its own thread.
    together = threading.Barrier(threads, timeout=30)

    def spy(h: Any, b: Any, out: Any, start: int, stop: int) -> Any:
        with lock:
            calls.append((start, stop, threading.get_ident()))
        together.wait()
        return real(h, b, out, start, stop)

    monkeypatch.setattr(_eval, "hi_batch", spy)
    got = omaha.evaluate_hi_batch(holes, boards, threads=threads)
    np.testing.assert_array_equal(got, want)
    ranges = sorted((start, stop) for start, stop, _ in calls)
    assert len(ranges) == threads
    assert ranges[0][0] == 0 and ranges[-1][1] == 100_000
    assert all(a[1] == b[0] for a, b in itertools.pairwise(ranges))
    assert len({ident for _, _, ident in calls}) == threads


@pytest.mark.parametrize("fn", BATCH_FNS)
def test_kernel_releases_the_gil(fn: BatchFn) -> None:
    """Another Python thread runs while the kernel works.

    With a long switch interval the calling thread never hands over the GIL
    on its own; the other thread can only count while the GIL is released.
    """
    holes, boards = deal(200_000, seed=21)
    holes = np.tile(holes, (25, 1))  # 5 M rows
    boards = np.tile(boards, (25, 1))
    fn(holes[:10], boards[:10])  # tables built, NumPy warm
    count = 0
    stop = threading.Event()

    def counter() -> None:
        nonlocal count
        while not stop.is_set():
            count += 1
            time.sleep(0)  # let the caller take the GIL back whenever it wants it

    old = sys.getswitchinterval()
    sys.setswitchinterval(5.0)
    t = threading.Thread(target=counter)
    try:
        t.start()
        time.sleep(0.05)
        before = count
        fn(holes, boards)
        during = count - before
    finally:
        stop.set()
        t.join()
        sys.setswitchinterval(old)
    assert during > 100, during
