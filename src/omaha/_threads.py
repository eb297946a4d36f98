"""Work on Python threads: compiled kernels over rows, tasks as they finish, writes behind.

The compiled kernels release the GIL, so Python threads run them side by
side. Three shapes of work, each with one owner here:

- :func:`run_rows`: one kernel over rows ``0..n`` cut into equal parts
  (the batch evaluators, :func:`omaha.files.evaluate_columns`);
- :class:`Workers`: many tasks on a pool, their results taken as they
  finish (the equity runs, which sum counts in any order);
- :class:`WriteBehind`: writes run one at a time, in order, on a thread of
  their own behind the caller (the table writer);
- :class:`ReadAhead`: the items of an iterator made one ahead of the
  caller, on a thread of their own (the table readers).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar

from omaha.errors import ArgumentError

if TYPE_CHECKING:
    from concurrent.futures import Future, ThreadPoolExecutor

__all__ = ["MIN_ROWS", "ReadAhead", "Workers", "WriteBehind", "check_threads", "run_rows"]

T = TypeVar("T")
R = TypeVar("R")

MIN_ROWS = 4096
"""Rows below which a part of :func:`run_rows` is not worth a thread."""


def check_threads(threads: object) -> int:
    """Return ``threads`` if it is a positive integer.

    Raises
    ------
    ArgumentError
        Otherwise (a bool, a float, zero or less), naming the value.

    >>> check_threads(2)
    2
    """
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
        raise ArgumentError(f"threads must be a positive integer, got {threads!r}")
    return threads


def run_rows(kernel: Callable[[int, int], int], n: int, threads: int) -> list[int]:
    """Run ``kernel(start, stop)`` over rows 0..n split across Python threads.

    Each part runs the compiled kernel with the GIL released; rows are split
    evenly, and never into parts of fewer than :data:`MIN_ROWS` rows.

    Returns
    -------
    list of int
        What the kernel returned for each part, in row order.

    Raises
    ------
    ArgumentError
        If ``threads`` is not a positive integer.

    Examples
    --------
    >>> run_rows(lambda start, stop: stop - start, 10_000, 2)
    [5000, 5000]
    """
    threads = min(check_threads(threads), max(1, n // MIN_ROWS))
    if threads == 1:
        return [kernel(0, n)]
    from concurrent.futures import ThreadPoolExecutor

    cuts = [n * k // threads for k in range(threads + 1)]
    with ThreadPoolExecutor(threads) as pool:
        return list(pool.map(lambda k: kernel(cuts[k], cuts[k + 1]), range(threads)))


class Workers:
    """Tasks run on ``threads`` threads (on the caller's for one), results as they finish.

    A context manager: the pool starts on entry and ends on exit; leaving
    with an exception calls ``on_error`` first (to tell running tasks to
    stop) and drops the tasks not yet started.

    Parameters
    ----------
    threads : int
        1 runs every task on the caller's thread, in order.
    name : str
        The threads' name prefix.
    on_error : callable, optional
        Called when the block is left with an exception, before the wait.

    Examples
    --------
    >>> with Workers(2, "omaha-doc") as workers:
    ...     sorted(workers.as_done(lambda x: x * x, [1, 2, 3]))
    [(1, 1), (2, 4), (3, 9)]
    """

    def __init__(self, threads: int, name: str, on_error: Callable[[], None] | None = None) -> None:
        self.threads = check_threads(threads)
        self.name = name
        self._on_error = on_error
        self._pool: ThreadPoolExecutor | None = None

    @property
    def inline(self) -> bool:
        """Whether the tasks run on the caller's thread (one thread)."""
        return self.threads == 1

    def __enter__(self) -> Workers:
        if not self.inline:
            from concurrent.futures import ThreadPoolExecutor

            self._pool = ThreadPoolExecutor(self.threads, thread_name_prefix=self.name)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._pool is not None:
            if exc[0] is not None and self._on_error is not None:
                self._on_error()
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def as_done(self, fn: Callable[[T], R], items: Iterable[T]) -> Iterator[tuple[T, R]]:
        """Yield ``(item, fn(item))`` for every item, in the order they finish.

        On one thread that is the items' order. A task's error is raised
        when its result is taken.
        """
        if self._pool is None:
            for item in items:
                yield item, fn(item)
            return
        from concurrent.futures import FIRST_COMPLETED, wait

        pending = {self._pool.submit(fn, item): item for item in items}
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield pending.pop(future), future.result()


class WriteBehind:
    """Runs one write at a time on a thread of its own, behind its caller.

    :meth:`put` waits for the write before (raising its error, if any), then
    starts the next: at most one is in flight, and they run in order. The
    thread is started with the first write and ended by :meth:`finish`.

    Examples
    --------
    >>> out = []
    >>> behind = WriteBehind("omaha-doc")
    >>> for word in ("a", "b"):
    ...     behind.put(out.append, word)
    >>> behind.finish()
    >>> out
    ['a', 'b']
    """

    def __init__(self, name: str = "omaha-write") -> None:
        self.name = name
        self._pool: ThreadPoolExecutor | None = None
        self._last: Future[Any] | None = None

    def put(self, fn: Callable[..., object], *args: Any, **kwargs: Any) -> None:
        """Wait for the write in flight, then start ``fn(*args, **kwargs)``."""
        self.wait()
        if self._pool is None:
            from concurrent.futures import ThreadPoolExecutor

            self._pool = ThreadPoolExecutor(1, thread_name_prefix=self.name)
        self._last = self._pool.submit(fn, *args, **kwargs)

    def wait(self) -> None:
        """Wait for the write in flight; raise its error."""
        last, self._last = self._last, None
        if last is not None:
            last.result()

    def finish(self, raising: bool = True) -> None:
        """Wait for the write in flight and end the thread; raise its error if ``raising``."""
        try:
            if raising:
                self.wait()
            else:
                import contextlib

                with contextlib.suppress(BaseException):
                    self.wait()
        finally:
            if self._pool is not None:
                self._pool.shutdown(wait=True)
                self._pool = None


_END = object()
"""What the thread of a :class:`ReadAhead` gives past the last item."""


class ReadAhead(Iterator[T]):
    """Iterates ``items`` one item ahead of its caller, on a thread of its own.

    While the caller works on an item, the next one is made on the thread
    (a file's next batch read and decoded: Arrow releases the GIL), so at
    most one item waits and memory stays bounded. ``items`` is only ever
    advanced on that thread, one step at a time, and never after
    :meth:`close`, which waits for the step in flight: what ``items`` reads
    from can then be closed safely. An error of ``items`` is raised by the
    :func:`next` that would have returned its item.

    Examples
    --------
    >>> ahead = ReadAhead(iter([1, 2, 3]), "omaha-doc")
    >>> list(ahead)
    [1, 2, 3]
    >>> ahead.close()
    """

    def __init__(self, items: Iterator[T], name: str = "omaha-read") -> None:
        from concurrent.futures import ThreadPoolExecutor

        self._items = items
        self._pool: ThreadPoolExecutor | None = ThreadPoolExecutor(1, thread_name_prefix=name)
        self._next: Future[Any] | None = self._pool.submit(next, items, _END)

    def __iter__(self) -> ReadAhead[T]:
        return self

    def __next__(self) -> T:
        future, self._next = self._next, None
        if future is None or self._pool is None:
            raise StopIteration
        try:
            item = future.result()
        except BaseException:
            self.close()
            raise
        if item is _END:
            self.close()
            raise StopIteration
        self._next = self._pool.submit(next, self._items, _END)
        return item  # type: ignore[no-any-return]

    def close(self) -> None:
        """Wait for the step in flight (dropping its item or error) and end the thread."""
        import contextlib

        future, self._next = self._next, None
        if future is not None:
            with contextlib.suppress(BaseException):
                future.result()
        if self._pool is not None:
            self._pool.shutdown(wait=True)
            self._pool = None
            closer = getattr(self._items, "close", None)  # a generator: its cleanup, here
            if closer is not None:
                with contextlib.suppress(Exception):
                    closer()
