"""The public API: exports, annotations, docstrings, the typing markers, examples.

* every public module of the evaluator has a sorted ``__all__`` whose names
  exist, and ``omaha`` exports what issue 2 promises;
* public functions are fully annotated and documented (numpy style);
* the package ships ``py.typed`` and a hand-written ``_eval.pyi``;
* a type checker sees the documented types (when mypy is installed);
* the examples in the docstrings run and print what they say.
"""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import inspect
import os
import pathlib
import subprocess
import sys
import textwrap
from collections.abc import Callable
from types import ModuleType

import pytest

import omaha

MODULES = [
    "omaha",
    "omaha.betting",
    "omaha.cards",
    "omaha.dask",
    "omaha.equities",
    "omaha.errors",
    "omaha.evaluator",
    "omaha.files",
    "omaha.files.cells",
    "omaha.files.formats",
    "omaha.files.pipeline",
    "omaha.files.readers",
    "omaha.files.tabular",
    "omaha.files.writer",
    "omaha.games",
    "omaha.history",
    "omaha.history.allin",
    "omaha.history.bovada",
    "omaha.history.builder",
    "omaha.history.detect",
    "omaha.history.frame",
    "omaha.history.fulltilt",
    "omaha.history.ggpoker",
    "omaha.history.ipoker",
    "omaha.history.lines",
    "omaha.history.notation",
    "omaha.history.pacific",
    "omaha.history.partypoker",
    "omaha.history.plot",
    "omaha.history.pokerstars",
    "omaha.history.reconcile",
    "omaha.history.reports",
    "omaha.history.stats",
    "omaha.history.text",
    "omaha.history.winamax",
    "omaha.history.winning",
    "omaha.hand",
    "omaha.ledger",
    "omaha.phh",
    "omaha.phh.actions",
    "omaha.phh.amounts",
    "omaha.phh.fields",
    "omaha.phh.files",
    "omaha.phh.history",
    "omaha.phh.record",
    "omaha.phh.replaying",
    "omaha.phh.toml",
    "omaha.phh.verify",
    "omaha.pots",
    "omaha.preflop",
    "omaha.rake",
    "omaha.ranges",
    "omaha.ranks",
    "omaha.seating",
    "omaha.result",
    "omaha.streets",
    "omaha.structures",
    "omaha.study",
    "omaha.study.breakdown",
    "omaha.study.distribution",
    "omaha.study.flops",
    "omaha.study.texture",
    "omaha.table",
]


def _python_modules() -> list[str]:
    """Every Python module of the package (the compiled ones aside), private ones too."""
    import pkgutil

    names = ["omaha"]
    for info in pkgutil.walk_packages(omaha.__path__, "omaha."):
        spec = importlib.util.find_spec(info.name)
        main = info.name.endswith("__main__")  # importing it runs the command
        if spec is not None and spec.origin and spec.origin.endswith(".py") and not main:
            names.append(info.name)
    return sorted(names)


ALL_PYTHON = _python_modules()


def test_every_public_module_is_checked() -> None:
    """A new public module joins MODULES (its __all__, annotations and docstrings are checked)."""
    public = [
        n for n in ALL_PYTHON
        if not any(part.startswith("_") for part in n.split(".")) and not n.startswith("omaha.cli")
    ]  # fmt: skip
    assert sorted(MODULES) == public


PROMISED = [
    "DuplicateCardError",
    "HandCategory",
    "HighHand",
    "InvalidCardError",
    "LowHand",
    "OmahaError",
    "card_mask",
    "evaluate5",
    "evaluate_frame",
    "evaluate_hi",
    "evaluate_hi_batch",
    "evaluate_lo",
    "evaluate_lo_batch",
    "format_cards",
    "format_cards_array",
    "parse_cards",
    "parse_cards_array",
    "select_batch",
    "showdown",
    "warmup",
]
PACKAGE_DIR = pathlib.Path(omaha.__file__ or "").parent


def _module(name: str) -> ModuleType:
    return importlib.import_module(name)


@pytest.mark.parametrize("name", MODULES)
def test_all_is_sorted_and_complete(name: str) -> None:
    mod = _module(name)
    exported = list(mod.__all__)
    assert exported == sorted(exported), name
    assert len(set(exported)) == len(exported)
    for attr in exported:
        assert hasattr(mod, attr), f"{name}.{attr}"


def test_promised_names_are_exported() -> None:
    missing = [n for n in PROMISED if n not in omaha.__all__]
    assert not missing
    assert isinstance(omaha.__version__, str) and omaha.__version__


def test_error_hierarchy() -> None:
    assert issubclass(omaha.InvalidCardError, omaha.OmahaError)
    assert issubclass(omaha.InvalidCardError, ValueError)
    assert issubclass(omaha.DuplicateCardError, omaha.InvalidCardError)
    assert omaha.InvalidCardError is omaha.errors.InvalidCardError


@pytest.mark.parametrize("name", MODULES)
def test_public_functions_are_annotated_and_documented(name: str) -> None:
    mod = _module(name)
    for attr in mod.__all__:
        obj = getattr(mod, attr)
        if not inspect.isfunction(obj):
            continue
        assert obj.__doc__ and obj.__doc__.strip(), f"{name}.{attr} has no docstring"
        sig = inspect.signature(obj)
        assert sig.return_annotation is not inspect.Signature.empty, f"{name}.{attr} return"
        for p in sig.parameters.values():
            assert p.annotation is not inspect.Parameter.empty, f"{name}.{attr}({p.name})"


def test_batch_docstrings_state_dtypes_and_shapes() -> None:
    for fn in (omaha.evaluate_hi_batch, omaha.evaluate_lo_batch, omaha.select_batch):
        doc = fn.__doc__ or ""
        assert "uint8" in doc and "shape (n" in doc, fn.__name__
        assert "Raises" in doc and "InvalidCardError" in doc, fn.__name__


def test_result_classes_are_documented() -> None:
    for cls in (omaha.HighHand, omaha.LowHand, omaha.HandCategory):
        assert cls.__doc__ and cls.__doc__.strip()
    assert "larger is stronger" in (omaha.HighHand.__doc__ or "")


def test_typing_markers_are_shipped() -> None:
    assert (PACKAGE_DIR / "py.typed").is_file()
    stub = PACKAGE_DIR / "_eval.pyi"
    assert stub.is_file()
    text = stub.read_text()
    for name in ("evaluate_hi", "evaluate_lo", "evaluate5", "hi_batch", "lo_batch", "warmup"):
        assert f"def {name}(" in text, name


# ------------------------------------------------------ a type checker's view

SNIPPET = """
import numpy as np
import omaha

hand = omaha.evaluate_hi("AsKsQsJs", "2c3c4c")
reveal_type(hand)
reveal_type(hand.strength)
reveal_type(hand.category)
reveal_type(hand.cards)
reveal_type(hand.hole_cards)
reveal_type(hand.board_cards)
reveal_type(omaha.evaluate_lo("AsKsQsJs", "2c3c4c"))
reveal_type(omaha.evaluate5([0, 4, 8, 12, 17]))
reveal_type(omaha.parse_cards("As"))
reveal_type(omaha.format_cards((51,)))
reveal_type(omaha.card_mask([51]))
reveal_type(omaha.showdown(["AsKsQsJs"], "2c3c4c").high_winners)
reveal_type(omaha.warmup())
"""
EXPECTED = [
    "omaha.ranks.HighHand",
    "builtins.int",
    "omaha.ranks.HandCategory",
    "tuple[builtins.int, builtins.int, builtins.int, builtins.int, builtins.int]",
    "tuple[builtins.int, builtins.int]",
    "tuple[builtins.int, builtins.int, builtins.int]",
    "omaha.ranks.LowHand | None",
    "builtins.int",
    "tuple[builtins.int, ...]",
    "builtins.str",
    "builtins.int",
    "tuple[builtins.int, ...]",
    "builtins.float",
]


def test_a_type_checker_sees_the_documented_types(tmp_path: pathlib.Path) -> None:
    pytest.importorskip("mypy")
    (tmp_path / "snippet.py").write_text(textwrap.dedent(SNIPPET))
    env = dict(os.environ)
    if PACKAGE_DIR.parent.name == "src":  # a source tree; an installed package is found as is
        env["MYPYPATH"] = str(PACKAGE_DIR.parent)  # (mypy refuses site-packages in MYPYPATH)
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "--no-pretty",
         "--cache-dir", str(tmp_path / "cache"), "--config-file", os.devnull, "snippet.py"],
        cwd=tmp_path, capture_output=True, text=True, timeout=300, env=env,
    )  # fmt: skip
    revealed = []
    for line in run.stdout.splitlines():
        if "Revealed type is" in line:
            revealed.append(line.split('Revealed type is "', 1)[1].rstrip('"'))
    errors = [line for line in run.stdout.splitlines() if ": error:" in line]
    assert not errors, run.stdout
    assert run.returncode == 0, run.stdout + run.stderr
    normal = [r.replace("builtins.", "") for r in revealed]
    assert normal == [e.replace("builtins.", "") for e in EXPECTED], run.stdout


# ---------------------------------------------------- the documented examples


@pytest.mark.parametrize("name", ALL_PYTHON)
def test_docstring_examples(name: str) -> None:
    mod = _module(name)
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    failures = []
    for test in finder.find(mod, name):
        if test.examples and test.name.startswith(name):
            result = runner.run(test, out=lambda s: failures.append(s))
            assert result.attempted == len(test.examples)
    assert not failures, "\n".join(failures)


def test_bad_arguments_raise_omaha_errors_naming_the_value() -> None:
    # Every public function's argument checks raise an OmahaError subclass
    # (ArgumentError is a ValueError, ArgumentTypeError also a TypeError).
    import numpy as np
    import pytest

    import omaha
    from omaha.errors import ArgumentError, ArgumentTypeError

    holes = np.zeros((1, 4), np.uint8) + np.arange(4, dtype=np.uint8)
    boards = np.arange(4, 9, dtype=np.uint8).reshape(1, 5)
    calls: list[tuple[Callable[[], object], type[Exception], str]] = [
        (lambda: omaha.evaluate_hi_batch(holes, boards, threads=0), ArgumentError, "threads"),
        (lambda: omaha.evaluate_hi_batch(holes.astype(float), boards), ArgumentTypeError, "dtype"),
        (lambda: omaha.showdown(["AhKsKd4c"], "2sKh8d5cAd", game="stud"), ArgumentError, "stud"),  # type: ignore[arg-type]
        (lambda: omaha.equity(["AhAsKhKs"]), ArgumentError, "2 to 10 players"),
        (lambda: omaha.Table([100, -5], omaha.NoLimit(1, 2)), ArgumentError, "-5"),
        (lambda: omaha.preflop_table("stud"), ArgumentError, "stud"),  # type: ignore[arg-type]
        (lambda: omaha.NoLimit(-1, 2), ArgumentError, "-1"),
    ]
    for call, kind, text in calls:
        with pytest.raises(kind, match=text) as info:
            call()
        assert isinstance(info.value, omaha.OmahaError), info.value
