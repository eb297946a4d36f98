"""Where the tests' files are, named once: a test file's folder never matters.

Every test reads the repository's files through these names (never through its
own ``__file__``), so a test moves between the folders of ``tests/`` unchanged.
The same holds in the unpacked sdist, whose ``tests/`` sits beside ``src/``,
``docs/``, ``examples/`` and ``tools/`` as in the repository.
"""

from __future__ import annotations

import pathlib

TESTS = pathlib.Path(__file__).resolve().parent
"""The ``tests/`` folder: this module, the helper modules and ``conftest.py``."""
ROOT = TESTS.parent
"""The repository (or the unpacked sdist)."""
DATA = TESTS / "data"
"""The test data shipped with the tests: ``hh/`` (site files), ``phh/``."""
EXAMPLES = ROOT / "examples"
README = ROOT / "README.md"
DOCS = ROOT / "docs"
TOOLS = ROOT / "tools"
