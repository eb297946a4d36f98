"""``omaha import``: convert sites' hand histories to PHH.

Each file's format is detected (PokerStars, GGPoker, Full Tilt, PartyPoker,
Winamax, iPoker XML) and each of its Omaha hands becomes a PHH hand
(:mod:`omaha.history`). By default every hand is replayed through the
engine and checked against everything the file states (each collect, pot,
the rake, the uncalled bet) before it is written; ``--no-check`` only
converts. ``-o`` names the output (``.phhs`` for many hands, ``.phh`` for
one); without it the hands go to standard output as ``.phhs`` text.

Exit status: 0 when every hand is converted, 1 for a file or hand that
cannot be read, a hand whose replay differs from the file, or a file from
which no hand is converted (even with ``--lenient``), 2 for an illegal
action (or a usage error), 3 when ``--lenient`` skipped hands. A hand the
site cancelled (``Hand cancelled``) moved no chips: it is left out with a
note, and is no error.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import tempfile
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from omaha.errors import HistoryError, OmahaError, ReplayActionError

if TYPE_CHECKING:
    from omaha.phh import HandHistory

__all__ = ["add_parser", "run"]


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the ``import`` subcommand."""
    p = sub.add_parser(
        "import",
        help="convert sites' hand histories (PokerStars, GGPoker, ...) to PHH",
        description=(
            "Read the Omaha hands of sites' hand-history files (PokerStars, GGPoker, Full Tilt, "
            "PartyPoker, Winamax, iPoker XML; the format is detected), check each by replaying "
            "it, and write them as PHH. Exit status 1: a hand that cannot be read or whose "
            "replay differs from the file; 2: an illegal action; 3: --lenient skipped hands."
        ),
    )
    p.add_argument("paths", nargs="+", metavar="FILE", help="a site's hand-history file")
    p.add_argument("-o", "--output", metavar="OUT", help="the .phhs (or .phh) file to write")
    p.add_argument(
        "--lenient",
        action="store_true",
        help="skip a hand that cannot be read or replayed (with a warning) and go on",
    )
    p.add_argument(
        "--no-check",
        dest="check",
        action="store_false",
        help="do not replay the hands before writing them",
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Convert every file; return the exit status (0, 1, 2 or 3).

    The hands are written as they are converted (one hand held at a time);
    the output file appears, whole, only at the end (atomically), and not
    at all when nothing could be converted and a file or hand failed.
    """
    from omaha import history, phh

    status = 0
    skipped = 0
    dropped = 0  # the current file's hands the site cancelled

    def skip(exc: OmahaError) -> None:
        nonlocal skipped
        skipped += 1
        print(f"omaha import: warning: {exc} (hand skipped)", file=sys.stderr, flush=True)

    def cancelled(exc: OmahaError) -> None:
        nonlocal dropped
        dropped += 1
        print(f"omaha import: note: {exc}", file=sys.stderr, flush=True)

    def converted() -> Iterator[HandHistory]:
        nonlocal status, dropped
        for path in args.paths:
            made, dropped = 0, 0
            try:
                for hand in history.iter_file(
                    path, lenient=args.lenient, on_skip=skip, on_cancelled=cancelled
                ):
                    if args.check:
                        try:
                            phh.replay(hand)
                        except OmahaError as e:  # an illegal action, or a result not as stated
                            if args.lenient:
                                skip(e)
                                continue
                            print(f"omaha import: {e}", file=sys.stderr, flush=True)
                            status = max(status, 2 if isinstance(e, ReplayActionError) else 1)
                            continue
                    made += 1
                    yield hand
            except OSError as exc:
                print(f"omaha import: cannot read {path!r}: {exc}", file=sys.stderr, flush=True)
                status = max(status, 1)
                continue
            except HistoryError as exc:
                print(f"omaha import: {exc}", file=sys.stderr, flush=True)
                status = max(status, 1)
                continue
            if made == 0 and not dropped:  # a file that gives no hand is never a success
                print(f"omaha import: {path}: no hand converted", file=sys.stderr, flush=True)
                status = max(status, 1)

    _write(converted(), args.output, keep=lambda count: count > 0 or status == 0)
    if status == 0 and skipped:
        return 3
    return status


def _write(hands: Iterator[HandHistory], output: str | None, keep: Callable[[int], bool]) -> int:
    """Write the hands as they come, to ``output`` (atomically) or standard output; count them.

    A ``.phh`` output holds one hand; more than one becomes ``.phhs`` text
    all the same. The output file is created only if ``keep(count)``.
    """
    from omaha import phh
    from omaha.files.writer import created_mode

    if output is None:
        sys.stdout.flush()
        count = phh.dump_all(hands, sys.stdout.buffer)
        sys.stdout.buffer.flush()
        return count
    folder = os.path.dirname(os.path.abspath(output))
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".omaha-import-")
    try:
        with os.fdopen(fd, "wb") as fp:
            first = next(hands, None)
            second = next(hands, None) if first is not None else None
            if first is not None and second is None and output.endswith(".phh"):
                fp.write(first.dumps().encode())
                count = 1
            else:
                found = [h for h in (first, second) if h is not None]
                count = phh.dump_all(itertools.chain(found, hands), fp)
        if keep(count):
            os.chmod(tmp, created_mode())  # mkstemp's file is private
            os.replace(tmp, output)
        else:
            os.unlink(tmp)
    except BaseException:
        os.unlink(tmp)
        raise
    return count
