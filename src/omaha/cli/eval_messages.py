"""What ``omaha eval`` says on standard error, and the exit status of a refused input.

Shared by the local run (:mod:`omaha.cli.eval_cmd`) and the Dask run
(:mod:`omaha.cli.eval_dask`).
"""

from __future__ import annotations

import os
import sys

from omaha.errors import ColumnError

__all__ = ["os_problem", "refused", "say"]


def say(message: str) -> None:
    """Write ``omaha eval: message`` to standard error."""
    print(f"omaha eval: {message}", file=sys.stderr)


def refused(exc: Exception) -> int:
    """Say why the input was refused; return the exit status: 2 for a column, else 1."""
    say(str(exc))
    return 2 if isinstance(exc, ColumnError) else 1


def os_problem(exc: OSError, inputs: list[str]) -> str:
    """One line for a failed read or write, naming the file when it is known."""
    name = getattr(exc, "filename", None)
    if name is not None and exc.strerror:
        for path in inputs:
            if os.path.abspath(str(name)) == os.path.abspath(path):
                return f"cannot read {path!r}: {exc.strerror}"
        return f"cannot write {str(name)!r}: {exc.strerror}"
    return str(exc)
