"""What the mutation fuzzers of hand-history files share: the mutants and the counts.

Used by ``tests/history/test_fuzz_sites.py`` (site files) and
``tests/phh/test_fuzz_phh.py`` (PHH files): a seeded generator of damaged
copies of a file's bytes, the cuts after each line, and :class:`Counts`, what
a run met (inputs accepted, refused, escapes, the slowest input), which
``tests/ranges/test_fuzz_ranges.py`` counts in too.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Callable, Iterator

_AMOUNT = re.compile(r"\d+(?:[.,]\d+)?")
_EDITS: tuple[Callable[[str], str], ...] = (
    lambda n: str(int(n.replace(",", "").replace(".", "") or 0) + 1),
    lambda n: n + "0",
    lambda n: n[:-1] or "0",
    lambda n: n + "1",
    lambda n: "-" + n,
    lambda n: n[:-1] + "\u0663",
    lambda n: n + "e3",
    lambda n: "NaN",
    lambda n: n[::-1],
    lambda n: "9" * 17,
)


@dataclasses.dataclass
class Counts:
    """What a run met."""

    inputs: int = 0
    accepted: int = 0
    refused: int = 0
    escapes: list[str] = dataclasses.field(default_factory=list)
    slowest: float = 0.0

    def timed(self, name: str, seconds: float, bound: float) -> None:
        """Note how long one input took; over ``bound`` seconds it is an escape."""
        self.slowest = max(self.slowest, seconds)
        if seconds > bound:
            self.escapes.append(f"{name}: took {seconds:.1f} s")

    def add(self, other: Counts) -> None:
        """Add another run's counts to these (the slowest is the slower of the two)."""
        self.inputs += other.inputs
        self.accepted += other.accepted
        self.refused += other.refused
        self.escapes += other.escapes
        self.slowest = max(self.slowest, other.slowest)

    def summary(self, what: str) -> str:
        """One line for the log: ``what``, then every count."""
        return (
            f"{what}: {self.inputs} inputs, {self.accepted} accepted, "
            f"{self.refused} refused, {len(self.escapes)} escapes, "
            f"slowest {self.slowest:.3f} s"
        )


def mutants(data: bytes, rng: random.Random, count: int) -> Iterator[tuple[str, bytes]]:
    """Yield ``count`` seeded mutations of a file's bytes, each named by what was done."""
    lines = data.split(b"\n")
    for _ in range(count):
        kind = rng.randrange(4)
        if kind == 0 and data:  # flip bytes
            out = bytearray(data)
            for _ in range(rng.randint(1, 3)):
                out[rng.randrange(len(out))] = rng.randrange(256)
            yield "flip", bytes(out)
        elif kind == 1:  # delete a line
            i = rng.randrange(len(lines))
            yield f"delete line {i + 1}", b"\n".join(lines[:i] + lines[i + 1 :])
        elif kind == 2:  # repeat a line
            i = rng.randrange(len(lines))
            yield f"repeat line {i + 1}", b"\n".join(lines[: i + 1] + lines[i:])
        else:  # edit an amount
            text = data.decode("utf-8", errors="surrogateescape")
            found = list(_AMOUNT.finditer(text))
            if not found:
                continue
            m = rng.choice(found)
            edit = rng.choice(_EDITS)
            new = text[: m.start()] + edit(m.group()) + text[m.end() :]
            yield f"edit {m.group()!r} at {m.start()}", new.encode("utf-8", "surrogateescape")


def cuts(data: bytes) -> Iterator[tuple[str, bytes]]:
    """Yield the file cut after each of its lines (before that line's newline), named."""
    ends = [i for i, byte in enumerate(data) if byte == 0x0A]
    for i, end in enumerate(ends):
        yield f"cut after line {i + 1}", data[:end]
