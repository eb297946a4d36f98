"""The documentation pages' Python examples run and print what the pages say.

Each page of ``docs/`` is one doctest: its ```` ```python ```` blocks run in
order in one namespace, from the repository's root (the paths in the pages
are relative to it). The README's blocks are ``tests/package/test_readme.py``'s.
"""

from __future__ import annotations

import doctest
import pathlib
import re

import pytest

from paths import DOCS, ROOT

PAGES = sorted(DOCS.glob("*.md"))
# The pages that hold examples: a page losing all of its examples fails here.
WITH_EXAMPLES = {
    "analysis",
    "cli",
    "dask",
    "engine",
    "equity",
    "evaluating",
    "files",
    "histories",
    "study",
}


def _blocks(page: pathlib.Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), re.S)


def test_the_pages_with_examples_have_them() -> None:
    with_blocks = {p.stem for p in PAGES if any(">>>" in b for b in _blocks(p))}
    assert with_blocks == WITH_EXAMPLES


EXAMPLE_PAGES = [p for p in PAGES if p.stem in WITH_EXAMPLES]


@pytest.mark.parametrize("page", EXAMPLE_PAGES, ids=lambda p: p.stem)
def test_page_examples(page: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if page.stem == "dask":
        pytest.importorskip("dask.dataframe")
        pytest.importorskip("distributed")
    monkeypatch.chdir(ROOT)
    parser = doctest.DocTestParser()
    test = parser.get_doctest("\n".join(_blocks(page)), {}, page.stem, str(page), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    failures: list[str] = []
    runner.run(test, out=failures.append)
    assert not failures, "\n".join(failures)


def _modules() -> list[str]:
    """Every module of the package, from its sources (``.py`` and ``.pyx``)."""
    src = ROOT / "src"
    names = []
    for path in sorted([*src.glob("omaha/**/*.py"), *src.glob("omaha/**/*.pyx")]):
        parts = list(path.relative_to(src).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names.append(".".join(parts))
    return names


def test_the_architecture_page_names_every_module() -> None:
    page = (DOCS / "architecture.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`(omaha(?:\.\w+)*)`", page))
    missing = [m for m in _modules() if m not in named]
    assert not missing, f"docs/architecture.md does not name {missing}"
