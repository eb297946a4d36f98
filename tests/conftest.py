"""Shared fixtures and the stale-build guard."""

from __future__ import annotations

import pathlib

import pytest

import omaha
from omaha import _equity, _eval

DATA = pathlib.Path(__file__).parent / "data"


def pytest_sessionstart(session: pytest.Session) -> None:
    """Fail early when an in-place build is older than its .pyx source.

    ``pip install -e .`` compiles once; after editing a .pyx, rerun
    ``pip install -e . --no-build-isolation`` (docs: README, Development).
    """
    for mod in (_eval, _equity):
        so = pathlib.Path(mod.__file__ or "")
        pyx = so.with_name(so.name.split(".")[0] + ".pyx")
        if pyx.exists() and so.exists() and pyx.stat().st_mtime > so.stat().st_mtime + 1:
            raise pytest.UsageError(
                f"{so.name} is older than {pyx.name}: rebuild with "
                "`pip install -e . --no-build-isolation`"
            )


@pytest.fixture(scope="session")
def data_dir() -> pathlib.Path:
    """The directory of test data shipped with the tests (tests/data)."""
    return DATA


@pytest.fixture(scope="session", autouse=True)
def _built_tables() -> None:
    omaha.warmup()
