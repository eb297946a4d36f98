"""The time of ``import omaha`` in a fresh interpreter (pytest-benchmark).

``python -X importtime -c "import omaha"`` is run in a new process each
round and the cumulative time of the ``omaha`` package is read from its
report (the interpreter's own start-up is left out). What keeps it short
(no NumPy, no pyarrow, no command line at import) is held by
``tests/package/test_import.py``; the time is measured here, never asserted in a
test, since a loaded machine stretches it. Aim: about 20-30 ms. Run::

    pytest bench/bench_import.py --benchmark-only
"""

from __future__ import annotations

import re
import subprocess
import sys
from typing import Any

_OMAHA = re.compile(r"^import time:\s+\d+ \|\s+(\d+) \| omaha$", re.M)


def _import_seconds() -> float:
    run = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import omaha"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    (micros,) = _OMAHA.findall(run.stderr)
    return int(micros) / 1e6


def test_import_omaha(benchmark: Any) -> None:
    """Each round one fresh interpreter; ``extra_info`` holds the package's own import times."""
    times: list[float] = []
    benchmark.pedantic(lambda: times.append(_import_seconds()), rounds=7, iterations=1)
    benchmark.extra_info["import_ms_min"] = min(times) * 1000
    benchmark.extra_info["import_ms_median"] = sorted(times)[len(times) // 2] * 1000
    assert all(t > 0 for t in times)
