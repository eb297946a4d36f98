"""Shared fixtures and the stale-build guard."""

from __future__ import annotations

import os
import pathlib
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import settings

import omaha
from omaha import _equity, _eval
from paths import DATA

# OMAHA_HYPOTHESIS_PROFILE=ci (set by .ci/run): the property tests draw the same examples
# on every machine, so a CI failure is reproduced by the same command here; the default
# profile draws new examples each run (the search goes on wherever the suite runs).
settings.register_profile("ci", derandomize=True, print_blob=True)
settings.load_profile(os.environ.get("OMAHA_HYPOTHESIS_PROFILE", "default"))


SLOW_TIMEOUT = 2400
"""Seconds a ``slow`` test may run (pyproject's ``timeout`` of 600 s holds for the rest).

The long fuzz runs take minutes at full size (``OMAHA_FUZZ_SCALE=1``, the
README's command) and longer on a loaded machine: the general limit would
fail a healthy run there.
"""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Give each ``slow`` test without a timeout of its own :data:`SLOW_TIMEOUT`."""
    for item in items:
        if item.get_closest_marker("slow") and not item.get_closest_marker("timeout"):
            item.add_marker(pytest.mark.timeout(SLOW_TIMEOUT))


def pytest_sessionstart(session: pytest.Session) -> None:
    """Fail early when an in-place build is older than its Cython sources.

    ``pip install -e .`` compiles once; after editing a .pyx or .pxd, rerun
    ``pip install -e . --no-build-isolation`` (README, Development). Only
    in-place builds in a source tree (``src/omaha``) are checked: an
    installed wheel's files all carry their install time.
    """
    try:
        from omaha import _flops
    except ImportError as exc:  # a build from before omaha._flops (a copied .so)
        raise pytest.UsageError(
            f"{exc}: rebuild with `pip install -e . --no-build-isolation`"
        ) from None
    for mod in (_eval, _equity, _flops):
        so = pathlib.Path(mod.__file__ or "")
        if so.parent.parent.name != "src" or not so.exists():
            continue
        # its own .pyx and every .pxd (a module is rebuilt alone when only its .pyx changed)
        sources = [so.parent / f"{so.name.split('.')[0]}.pyx", *so.parent.glob("*.pxd")]
        newest = max(sources, key=lambda p: p.stat().st_mtime)
        if newest.stat().st_mtime > so.stat().st_mtime + 1:
            raise pytest.UsageError(
                f"{so.name} is older than {newest.name}: rebuild with "
                "`pip install -e . --no-build-isolation`"
            )


@pytest.fixture(scope="session")
def data_dir() -> pathlib.Path:
    """The directory of test data shipped with the tests (tests/data)."""
    return DATA


@pytest.fixture(scope="session", autouse=True)
def _built_tables() -> None:
    omaha.warmup()


CLUSTER_TIMEOUT = 120
"""Seconds the Dask client waits to connect and for both workers before a test fails."""


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    """A client of a new LocalCluster, closed after the module's tests (tests/cluster/).

    Two worker processes under nannies (a killed worker is started again),
    one thread each, the dashboard on a free port. Skips without Dask.
    """
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",
            worker_class=distributed.Nanny,
        ) as cluster,
        distributed.Client(cluster, set_as_default=False, timeout=CLUSTER_TIMEOUT) as c,
    ):
        c.wait_for_workers(2, timeout=CLUSTER_TIMEOUT)
        yield c
