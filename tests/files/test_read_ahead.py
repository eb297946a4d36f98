"""The readers' read-ahead (omaha._threads.ReadAhead): order, bounds, errors, closing."""

from __future__ import annotations

import gzip
import pathlib
import threading
from collections.abc import Iterator

import pytest

from omaha._threads import ReadAhead
from omaha.errors import BadRowError, TableFormatError
from omaha.files import evaluate_file, open_reader


class Steps:
    """A generator's steps: which thread made each, and whether it was closed."""

    def __init__(self, n: int, fail_at: int | None = None) -> None:
        self.n, self.fail_at = n, fail_at
        self.threads: list[int] = []
        self.closed = False

    def items(self) -> Iterator[int]:
        try:
            for i in range(self.n):
                self.threads.append(threading.get_ident())
                if i == self.fail_at:
                    raise TableFormatError(f"bad item {i}")
                yield i
        finally:
            self.closed = True


def _read_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("omaha-read")]


def test_items_come_in_order_made_on_one_other_thread() -> None:
    steps = Steps(5)
    assert list(ReadAhead(steps.items())) == [0, 1, 2, 3, 4]
    assert len(set(steps.threads)) == 1
    assert steps.threads[0] != threading.get_ident()
    assert steps.closed
    assert not _read_threads()


@pytest.mark.parametrize("taken", [0, 1, 3])
def test_at_most_one_item_is_made_ahead_and_none_after_close(taken: int) -> None:
    steps = Steps(10)
    ahead = ReadAhead(steps.items())
    for want in range(taken):
        assert next(ahead) == want
    ahead.close()
    assert len(steps.threads) == taken + 1  # the one in flight was let finish, no more
    assert steps.closed  # the generator's cleanup ran
    assert not _read_threads()
    with pytest.raises(StopIteration):
        next(ahead)
    ahead.close()  # twice is harmless


def test_an_error_is_raised_where_its_item_would_have_come() -> None:
    steps = Steps(5, fail_at=2)
    ahead = ReadAhead(steps.items())
    assert [next(ahead), next(ahead)] == [0, 1]
    with pytest.raises(TableFormatError, match="bad item 2"):
        next(ahead)
    with pytest.raises(StopIteration):
        next(ahead)
    assert not _read_threads()


def _csv(path: pathlib.Path, rows: int, bad_at: int | None = None) -> pathlib.Path:
    lines = ["id,site,hole,board"]
    for i in range(rows):
        hole = "As" if i == bad_at else "AsKsQsJs"
        lines.append(f"h{i},s{i % 10},{hole},Ts9s8s2d3c")
    path.write_text("\n".join(lines) + "\n")
    return path


def test_a_reader_closed_early_stops_reading(tmp_path: pathlib.Path) -> None:
    source = _csv(tmp_path / "deals.csv", 3000)
    reader = open_reader(str(source), chunk_rows=100)
    first = next(iter(reader))
    assert first.batch.num_rows >= 1 and reader.names == ["id", "site", "hole", "board"]
    reader.close()
    assert not _read_threads()
    with pytest.raises(StopIteration):
        next(iter(reader))


def test_a_bad_row_past_the_first_chunk_stops_the_run_and_the_reading(
    tmp_path: pathlib.Path,
) -> None:
    source = _csv(tmp_path / "deals.csv", 200_000, bad_at=150_000)
    out = tmp_path / "out.csv"
    with pytest.raises(BadRowError, match="line 150002"):
        evaluate_file(str(source), str(out), chunk_rows=10_000)
    assert not out.exists()
    assert not _read_threads()


def test_a_reading_error_past_the_first_chunk_keeps_its_type(tmp_path: pathlib.Path) -> None:
    """Raised on the reading thread (a cut gzip stream), raised to the caller as it was."""
    data = gzip.compress(b"hole,board\n" + b"AsKsQsJs,Ts9s8s2d3c\n" * 300_000)
    source = tmp_path / "cut.csv.gz"
    source.write_bytes(data[: len(data) // 2])
    out = tmp_path / "out.csv"
    with pytest.raises(TableFormatError, match="cut short"):
        evaluate_file(str(source), str(out), chunk_rows=10_000)
    assert not out.exists()
    assert not _read_threads()
