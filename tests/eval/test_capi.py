"""The C API of ``omaha._eval`` (``_eval.pxd``): a module that cimports it
compiles against the installed package and gets the same answers as the
Python API (cytoolz's cimport smoke test).

Every function and type declared in ``_eval.pxd`` is called or used here,
so a declaration that drifts from ``_eval.pyx`` fails the build of the
probe and a wrong export fails an assertion.
"""

from __future__ import annotations

import pathlib
import shutil
import subprocess
import sys
import textwrap
from typing import Any

import pytest

import omaha

PROBE = textwrap.dedent(
    """
    from libc.stdint cimport uint8_t, uint16_t, uint32_t

    from omaha._eval cimport (
        EvalTables,
        SelectedHand,
        binom,
        board_index,
        eval_tables,
        flush_value,
        hole_index,
        straight_windows,
    )


    def hi_by_table(hole, board):
        # The big table's value of a deal without a flush.
        cdef const EvalTables *t = eval_tables()
        cdef uint8_t h[4]
        cdef uint8_t b[5]
        cdef int i
        for i in range(4):
            h[i] = hole[i]
        for i in range(5):
            b[i] = board[i]
        return t.big[<size_t>hole_index(h) * t.n_board + board_index(b)]


    def lo_by_table(hole, board):
        cdef const EvalTables *t = eval_tables()
        cdef uint32_t hs = 0, bs = 0
        for c in hole:
            hs |= t.lowbit[<int>c]
        for c in board:
            bs |= t.lowbit[<int>c]
        return t.lo[(hs << 8) | bs]


    def indices():
        cdef uint8_t h[4]
        cdef uint8_t b[5]
        holes = set()
        boards = set()
        for r0 in range(13):
            for r1 in range(r0, 13):
                for r2 in range(r1, 13):
                    for r3 in range(r2, 13):
                        h[0], h[1], h[2], h[3] = 4 * r3, 4 * r1 + 1, 4 * r2, 4 * r0
                        holes.add(hole_index(h))
                        for r4 in range(r3, 13):
                            b[0], b[1], b[2], b[3], b[4] = 4 * r4, 4 * r0, 4 * r2, 4 * r1, 4 * r3
                            boards.add(board_index(b))
        return holes, boards, eval_tables().n_board


    def flush(uint32_t hole_ranks, uint32_t board_ranks):
        return flush_value(hole_ranks, board_ranks)


    def windows():
        cdef const uint16_t *w = straight_windows()
        return [w[i] for i in range(10)]


    def choose(int n, int k):
        return binom(n, k)


    def strength(hand):
        cdef SelectedHand s = hand
        return s.strength
    """
)

BUILD = textwrap.dedent(
    """
    import sys
    from Cython.Build import cythonize
    from setuptools import Extension, setup

    setup(
        script_args=["build_ext", "--inplace", "-q"],
        ext_modules=cythonize(
            [Extension("omaha_capi_probe", ["omaha_capi_probe.pyx"])],
            include_path=[sys.argv[1]],
            compiler_directives={"language_level": 3},
            quiet=True,
        ),
    )
    """
)


@pytest.fixture(scope="module")
def probe(tmp_path_factory: pytest.TempPathFactory) -> object:
    pytest.importorskip("Cython")
    pytest.importorskip("setuptools")
    if sys.platform != "win32" and shutil.which("cc") is None and shutil.which("gcc") is None:
        pytest.skip("no C compiler")
    where = tmp_path_factory.mktemp("capi")
    (where / "omaha_capi_probe.pyx").write_text(PROBE, encoding="utf-8")
    (where / "build.py").write_text(BUILD, encoding="utf-8")
    package_root = pathlib.Path(omaha.__file__).parent.parent  # holds omaha/_eval.pxd
    assert (package_root / "omaha" / "_eval.pxd").exists()
    done = subprocess.run(
        [sys.executable, "build.py", str(package_root)],
        cwd=where,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    sys.path.insert(0, str(where))
    try:
        import omaha_capi_probe  # type: ignore[import-not-found]
    finally:
        sys.path.remove(str(where))
    return omaha_capi_probe


def test_the_index_functions_number_every_rank_multiset(probe: Any) -> None:
    holes, boards, n_board = probe.indices()
    assert holes == set(range(1820))
    assert boards == set(range(6188))  # five of a kind has an index too
    assert n_board == 6188


@pytest.mark.parametrize(
    ("hole", "board"),
    [("AhKsKd4c", "2sKh8d5cAd"), ("2s2c3h4h", "7s7h7d7c2d"), ("9c8c7h6h", "TdJs2h3c4d")],
)
def test_the_tables_agree_with_the_python_api(probe: Any, hole: str, board: str) -> None:
    h, b = omaha.parse_cards(hole), omaha.parse_cards(board)
    assert probe.hi_by_table(h, b) == omaha.evaluate_hi(h, b).strength
    lo = omaha.evaluate_lo(h, b)
    assert probe.lo_by_table(h, b) == (lo.strength if lo else 0)
    assert probe.strength(omaha.evaluate_hi(h, b)) == omaha.evaluate_hi(h, b).strength


def test_flush_value_windows_and_binom(probe: Any) -> None:
    # AhKh with QhJhTh on the board: the royal flush; 2h3h with 9hJhKh: K-J-9-3-2.
    def bits(ranks: str) -> int:
        return sum(1 << "23456789TJQKA".index(r) for r in ranks)

    royal = omaha.evaluate_hi("AhKh2c3d", "QhJhTh4s5s").strength
    assert probe.flush(bits("AK"), bits("QJT")) == royal == 7462
    low_flush = omaha.evaluate_hi("2h3h5c6d", "9hJhKh4s8s").strength
    assert probe.flush(bits("23"), bits("9JK")) == low_flush
    assert probe.windows()[0] == bits("AKQJT") and probe.windows()[9] == bits("A2345")
    assert probe.choose(52, 5) == 2_598_960 and probe.choose(5, 6) == 0
