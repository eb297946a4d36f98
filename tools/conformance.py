"""Print the conformance corpus's per-site table (files, hands, hands that replay, failing).

Run from the repository (the shared folder ../shared/data beside it, or
``OMAHA_SHARED_DATA``)::

    PYTHONPATH=src python tools/conformance.py          # the table
    PYTHONPATH=src python tools/conformance.py -v       # and each file's result

The checks are those of ``tests/history/test_conformance.py`` (``tests/conformance_corpus.py``).
"""

from __future__ import annotations

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tests"))

import conformance_corpus as cc


def main(argv: list[str]) -> int:
    """Print the table (``-v``: each file too); return 1 when the corpus is absent."""
    if not cc.available():
        print(f"no conformance corpus at {cc.ROOT}", file=sys.stderr)
        return 1
    known = cc.sources()
    results = [cc.check_file(rel, known.get(rel)) for rel in cc.files()]
    if "-v" in argv:
        for r in results:
            state = "pass" if r.passes else "FAIL"
            why = r.escapes[0] if r.escapes else (r.strict_error or "")
            print(f"{state} {r.rel}: {r.ok}/{r.expected} ok  {why[:160]}")
        print()
    print("\n".join(cc.summary(results)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
