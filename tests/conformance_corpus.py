"""The conformance corpus of real site files (../shared/data/hh, ../shared/data/hh_more).

The files are other people's (AGPL-3.0 fpdb-3, MIT HHSmithy): they stay in
the shared folder and are read from there; this module knows where they
are, what ``SOURCES.md`` says of each (how many hands, whether it is broken
at its source), and checks one file the way a tracker's user meets it:

- ``strict``: :func:`omaha.history.read` of the whole file, then every hand
  replayed (:func:`omaha.phh.replay`: every stated collect, pot, rake and
  total checked) and written as PHH and read back, replaying the same;
- ``lenient``: ``read(..., lenient=True)``: the hands that can be read, each
  replayed; a hand skipped, failing its replay, or lost (the file names
  more hands than were yielded and skipped) is a hand failing.

A hand the site cancelled (``Hand cancelled``) is left out by the importer
with a note (:class:`~omaha.errors.HandCancelled`): that is its right
result, and it counts as a hand that conforms.

``tools/conformance.py`` prints the per-site table of the counts;
``tests/history/test_conformance.py`` holds every file to it.
"""

from __future__ import annotations

import os
import pathlib
import re
import warnings
from dataclasses import dataclass, field

import paths
from omaha import history, phh
from omaha.errors import HistoryError, OmahaError
from omaha.history.text import decode

ROOT = pathlib.Path(os.environ.get("OMAHA_SHARED_DATA", paths.ROOT.parent / "shared" / "data"))
"""The shared data folder (``OMAHA_SHARED_DATA`` overrides it)."""

FOLDERS = ("hh", "hh_more")

_ROW = re.compile(r"^\| `(?P<file>[^`]+)` \|(?P<cells>.*)\|\s*$")
_STARTS = re.compile(
    r"^(?:PokerStars (?:Zoom |Home Game |Rush )?(?:Hand|Game) #|Poker Hand #"
    r"|Full ?Tilt ?Poker (?:Game|Hand) #|\*{5} Hand History [Ff]or Game |Winamax Poker - )",
    re.MULTILINE,
)


@dataclass(frozen=True)
class Source:
    """What ``SOURCES.md`` says of a file: its hands, and why it is broken (or None)."""

    hands: int | None
    broken: str | None


@dataclass
class FileResult:
    """One file's conformance: hands expected, hands that replay, and the errors met."""

    rel: str
    site: str
    expected: int | None
    broken: str | None
    strict_error: str | None = None
    strict_hands: int = 0
    ok: int = 0
    failing: int = 0
    bad_replays: int = 0
    """Hands a lenient read yielded whose replay (or PHH round trip) fails."""
    lost: int = 0
    """Hands neither yielded nor reported skipped by a lenient read (lost silently)."""
    escapes: list[str] = field(default_factory=list)
    """Errors that were no :class:`~omaha.errors.OmahaError` (tracebacks): always a bug."""

    @property
    def passes(self) -> bool:
        """Whether the file gives the right result (see :func:`check_file`)."""
        if self.escapes or self.lost:
            return False
        if self.broken is None:
            return self.strict_error is None and self.failing == 0 and self.ok > 0
        return self.strict_error is not None and names_place(self.strict_error, self.rel)


def names_place(message: str, rel: str) -> bool:
    """A broken file's error names the file, the hand and the line."""
    return os.path.basename(rel) in message and ", hand " in message and ", line " in message


def available() -> bool:
    """Whether the shared folder is there (it is in CI; a fresh clone may lack it)."""
    return all((ROOT / folder).is_dir() for folder in FOLDERS)


def files() -> list[str]:
    """Every corpus file, as a path relative to :data:`ROOT`, sorted."""
    found = []
    for folder in FOLDERS:
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and path.suffix.lower() != ".md":
                found.append(path.relative_to(ROOT).as_posix())
    return sorted(found)


def sources() -> dict[str, Source]:
    """Each file's row of its folder's ``SOURCES.md`` (hands, broken-at-the-source note)."""
    out: dict[str, Source] = {}
    for folder in FOLDERS:
        md = ROOT / folder / "SOURCES.md"
        if not md.is_file():
            continue
        site = ""
        for line in md.read_text(encoding="utf-8").splitlines():
            if line.startswith("## ") and line.rstrip().endswith("/"):
                site = line[3:].strip().rstrip("/")
                continue
            m = _ROW.match(line)
            if m is None or not site:
                continue
            cells = [c.strip() for c in m["cells"].split("|")]
            hands = int(cells[3]) if len(cells) > 3 and cells[3].isdigit() else None
            note = cells[-1] if cells else ""
            broken = note if "broken at the source" in note else None
            out[f"{folder}/{site}/{m['file']}"] = Source(hands, broken)
    return out


def count_hands(path: pathlib.Path) -> int:
    """Count a file's hands without the importer: its hands' first lines, or ``<game`` tags."""
    data = path.read_bytes()
    text = decode(data, str(path))
    if "<session" in text[:4096]:
        return len(re.findall(r"<game\b", text))
    return len(_STARTS.findall(text))


def site_of(rel: str) -> str:
    """The site a corpus file is from: its folder."""
    return rel.split("/")[1]


def check_file(rel: str, source: Source | None = None) -> FileResult:
    """Check one corpus file strictly and leniently (see the module's text)."""
    path = ROOT / rel
    source = source or sources().get(rel) or Source(None, None)
    expected = source.hands if source.hands is not None else count_hands(path)
    result = FileResult(rel, site_of(rel), expected, source.broken)
    cancelled: list[HistoryError] = []  # a hand the site cancelled: left out, rightly
    try:
        hands = history.read(path, on_cancelled=cancelled.append)
        result.strict_hands = len(hands) + len(cancelled)
        for hand in hands:
            _replay_both_ways(hand)
        if expected is not None and result.strict_hands != expected:
            result.strict_error = f"{len(hands)} hands read of the {expected} the file holds"
    except OmahaError as exc:
        result.strict_error = str(exc)
    except Exception as exc:
        result.escapes.append(f"strict: {type(exc).__name__}: {exc}"[:300])
    skipped: list[HistoryError] = []
    yielded = 0
    refused = False
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            cancelled.clear()
            for hand in history.iter_file(
                path, lenient=True, on_skip=skipped.append, on_cancelled=cancelled.append
            ):
                yielded += 1
                try:
                    _replay_both_ways(hand)
                    result.ok += 1
                except OmahaError:
                    result.bad_replays += 1
    except OmahaError:
        refused = True  # the whole file refused (said, not lost): every hand fails
    except Exception as exc:
        result.escapes.append(f"lenient: {type(exc).__name__}: {exc}"[:300])
    result.ok += len(cancelled)
    yielded += len(cancelled)
    total = expected if expected is not None else yielded + len(skipped)
    result.lost = max(0, total - yielded - len(skipped)) if not refused else 0
    result.failing = max(total - result.ok, result.bad_replays + len(skipped))
    return result


def _replay_both_ways(hand: phh.HandHistory) -> None:
    """Replay a hand, write it as PHH, read it back, and replay that to the same stacks."""
    first = phh.replay(hand)
    again = phh.replay(phh.loads(hand.dumps(), name=f"{hand.name} (written and read back)"))
    if again.finishing_stacks != first.finishing_stacks:
        raise OmahaError(f"{hand.name}: the PHH written does not replay the same")


def summary(results: list[FileResult]) -> list[str]:
    """The per-site table: files, files passing, hands, hands that replay, hands failing."""
    rows: dict[str, list[int]] = {}
    for r in results:
        row = rows.setdefault(r.site, [0, 0, 0, 0, 0, 0])
        row[0] += 1
        row[1] += r.passes
        row[2] += r.expected or 0
        row[3] += r.ok
        row[4] += r.failing
        row[5] += len(r.escapes)
    head = f"{'site':<12} {'files':>5} {'pass':>5} {'hands':>6} {'ok':>5} {'failing':>8} {'esc':>4}"
    lines = [head, "-" * len(head)]
    totals = [0] * 6
    for site in sorted(rows):
        row = rows[site]
        totals = [a + b for a, b in zip(totals, row, strict=True)]
        lines.append(f"{site:<12} " + " ".join(_cells(row)))
    lines.append("-" * len(head))
    lines.append(f"{'total':<12} " + " ".join(_cells(totals)))
    return lines


def _cells(row: list[int]) -> list[str]:
    widths = (5, 5, 6, 5, 8, 4)
    return [f"{v:>{w}}" for v, w in zip(row, widths, strict=True)]
