"""The size of the long fuzz runs (``slow``): ``OMAHA_FUZZ_SCALE`` multiplies it.

The default, 1, is the size whose counts the fuzzers' docstrings state; CI
runs them at 0.1 to stay within its time (the same seeds, fewer inputs each).
"""

from __future__ import annotations

import os


def scaled(n: int) -> int:
    """Return ``n`` times ``OMAHA_FUZZ_SCALE`` (a positive number; at least 1)."""
    text = os.environ.get("OMAHA_FUZZ_SCALE", "1")
    try:
        scale = float(text)
    except ValueError:
        raise ValueError(f"OMAHA_FUZZ_SCALE must be a positive number, not {text!r}") from None
    if not scale > 0:
        raise ValueError(f"OMAHA_FUZZ_SCALE must be a positive number, not {text!r}")
    return max(1, round(n * scale))
