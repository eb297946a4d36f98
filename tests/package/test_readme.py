"""The README's Python examples run and print what the README says."""

from __future__ import annotations

import doctest
import re

import pytest

from paths import README

BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


@pytest.mark.parametrize("block", [b for b in BLOCKS if ">>>" in b], ids=lambda b: b[:40])
def test_readme_examples(block: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(README.parent)  # paths in the README are relative to the repository
    parser = doctest.DocTestParser()
    test = parser.get_doctest(block, {}, "README", str(README), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    failures: list[str] = []
    runner.run(test, out=failures.append)
    assert not failures, "\n".join(failures)
