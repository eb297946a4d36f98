"""``import omaha`` stays light: no NumPy, no pyarrow, no command line at import.

What makes the import fast is held here as facts that cannot flake: the
heavy modules are not imported. The time itself is measured, never
asserted, in ``bench/bench_import.py`` (a timed assertion failed a new
user's first run on a loaded machine).
"""

from __future__ import annotations

import subprocess
import sys

from paths import TOOLS


def _run(code: str, *flags: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *flags, "-c", code], capture_output=True, text=True, timeout=60
    )


def test_import_does_not_import_numpy_or_pyarrow() -> None:
    run = _run(
        "import sys, omaha; print(sorted(m for m in ('numpy', 'pyarrow') if m in sys.modules))"
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]"


def test_single_hand_api_does_not_import_numpy() -> None:
    code = (
        "import sys, omaha\n"
        "omaha.evaluate_hi('AsKsQsJs', '2c3c4c5c6c')\n"
        "omaha.evaluate_lo('As2s3sJs', '4c5c6cKcQd')\n"
        "omaha.evaluate5('AsKsQsJsTs')\n"
        "omaha.showdown(['AsKsQsJs', '2h3h4h5h'], '2c3c4c5c6c', game='hilo')\n"
        "omaha.format_cards(omaha.parse_cards('AsKd'))\n"
        "print('numpy' in sys.modules)\n"
    )
    run = _run(code)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "False"


def test_batch_api_imports_numpy_on_first_use() -> None:
    code = (
        "import sys, omaha\n"
        "assert 'numpy' not in sys.modules\n"
        "r = omaha.evaluate_hi_batch([[51, 50, 49, 48]], [[0, 1, 2, 3, 4]])\n"
        "print(type(r).__module__, r.tolist())\n"
    )
    run = _run(code)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split()[0] == "numpy"


def test_import_does_not_load_the_cli() -> None:
    run = _run("import sys, omaha; print(sorted(m for m in sys.modules if 'argparse' in m or "
               "m.startswith('omaha.cli')))")  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]"


def test_lazy_names_are_listed_once() -> None:
    """The TYPE_CHECKING imports and __all__ agree with the one table of lazy names."""
    import ast
    import pathlib

    import omaha

    tree = ast.parse(pathlib.Path(omaha.__file__).read_text())
    typed: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            for imp in node.body:
                assert isinstance(imp, ast.ImportFrom)
                typed.update({alias.name: str(imp.module) for alias in imp.names})
    assert typed == omaha._LAZY
    eager = {n for n in omaha.__all__ if n not in omaha._LAZY}
    assert all(n in vars(omaha) for n in eager)
    assert set(omaha.__all__) == eager | set(omaha._LAZY)
    for name, module in omaha._LAZY.items():  # each resolves, from its module
        assert getattr(omaha, name) is getattr(__import__(module, fromlist=[name]), name)


def test_the_import_graph_has_no_circle() -> None:
    """No module imports, even from inside a function, one that imports it back."""
    tool = TOOLS / "import_graph.py"
    run = subprocess.run([sys.executable, str(tool)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "circles (with imports in functions): none" in run.stdout


def test_equity_of_cards_does_not_load_ranges_or_numpy() -> None:
    code = (
        "import sys, omaha\n"
        "omaha.equity(['AhAsKhKs', 'JdTd9c8c'], board='Qs7h2c')\n"
        "print(sorted(m for m in ('numpy', 'omaha.ranges') if m in sys.modules))"
    )
    run = _run(code)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]"
