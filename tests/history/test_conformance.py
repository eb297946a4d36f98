"""Conformance: every real file of ../shared/data/hh and hh_more, imported and replayed to the cent.

Each file (see ``tests/conformance_corpus.py``) is read strictly and every
hand replayed (each stated collect, pot, rake and total checked) and
written as PHH and read back; the number of hands read must be the number
``SOURCES.md`` gives (no hand lost). A file ``SOURCES.md`` marks broken at
the source must instead give an :class:`~omaha.errors.OmahaError` naming
the file, the hand and the line, and, read leniently, still yield each of
its good hands. Files the importer does not read right yet are listed in
:data:`KNOWN_FAILING` (strict xfail: a file that starts passing must leave
the list). The shared folder holds AGPL files: they are never copied here,
and the module is skipped when the folder is absent (CI has it).

The per-site counts: ``PYTHONPATH=src python tools/conformance.py``.
"""

from __future__ import annotations

import pytest

import conformance_corpus as cc
from paths import README

if not cc.available():
    pytest.skip(f"no conformance corpus at {cc.ROOT}", allow_module_level=True)

KNOWN_FAILING: dict[str, str] = {}
"""Files not read right yet: {path under ../shared/data: why}. Remove a file once it passes."""

SOURCES = cc.sources()
FILES = cc.files()


def _param(rel: str) -> object:
    reason = KNOWN_FAILING.get(rel)
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(rel, marks=marks, id=rel)


def test_known_failing_are_files() -> None:
    """Every entry of the list names a corpus file (a renamed file leaves no stale entry)."""
    assert sorted(set(KNOWN_FAILING) - set(FILES)) == []


def test_sources_name_every_file() -> None:
    """SOURCES.md's rows are the files of hh_more, each with its count of hands."""
    more = {rel for rel in FILES if rel.startswith("hh_more/")}
    assert more == {rel for rel in SOURCES if rel.startswith("hh_more/")}
    assert all(SOURCES[rel].hands for rel in more)


@pytest.mark.parametrize("rel", [_param(rel) for rel in FILES])
def test_file(rel: str) -> None:
    """The file gives the right result: every hand to the cent, or (broken) a clear error."""
    result = cc.check_file(rel, SOURCES.get(rel))
    assert result.escapes == [], "a traceback that is no OmahaError"
    assert result.lost == 0, f"{result.lost} hands lost without an error"
    if result.broken is None:
        assert result.strict_error is None
        assert result.strict_hands == result.expected  # hands read, and hands cancelled
        assert result.ok == result.expected and result.failing == 0
    else:
        assert result.strict_error is not None, f"accepted, but {result.broken}"
        assert cc.names_place(result.strict_error, rel), result.strict_error
        assert result.bad_replays == 0, "a hand yielded leniently that does not replay"
    assert result.passes


README_SITES = {
    "PokerStars": "pokerstars",
    "Full Tilt": "fulltilt",
    "GGPoker": "ggpoker",
    "iPoker": "ipoker",
    "PartyPoker": "partypoker",
    "Winamax": "winamax",
    "888poker": "888",
    "Winning": "winning",
    "Bovada": "bovada",
}


def test_the_readme_table_is_what_the_corpus_gives() -> None:
    """The README's per-site table (files, hands, hands that replay) is today's result."""
    import re

    readme = README.read_text("utf-8")
    rows = re.findall(r"^\| ([\w ]+) \| (\d+) \| (\d+) \| (\d+) \|", readme, re.M)
    stated = {README_SITES[name]: (int(f), int(h), int(ok)) for name, f, h, ok in rows}
    results = [cc.check_file(rel, SOURCES.get(rel)) for rel in FILES]
    counted: dict[str, tuple[int, int, int]] = {}
    for r in results:
        f, h, ok = counted.get(r.site, (0, 0, 0))
        counted[r.site] = (f + 1, h + (r.expected or 0), ok + r.ok)
    assert stated == counted
