"""``omaha.files._textio.CsvLines``: the line of each CSV record, read block by block.

The quick pass (a whole block of a record per line at once) must give
exactly what the byte-by-byte scan gives, for any text cut into any blocks;
the byte-by-byte scan itself is held to the line numbers of the readers'
messages by tests/cli/test_cli_eval.py and tests/cli/test_cli_eval_adversarial.py.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from omaha.files._textio import CsvLines


def _follow(text: bytes, cuts: list[int], delimiter: str, quick: bool) -> CsvLines:
    lines = CsvLines(delimiter, quick)
    start = 0
    for cut in [*sorted(c % (len(text) + 1) for c in cuts), len(text)]:
        lines.feed(text[start:cut] if cut > start else b"")
        start = max(start, cut)
    return lines


def _same(a: CsvLines, b: CsvLines) -> None:
    assert (a.records, a.line, a.breaks) == (b.records, b.line, b.breaks)
    assert [a.line_of(k) for k in range(a.records + 1)] == [
        b.line_of(k) for k in range(b.records + 1)
    ]


@settings(max_examples=2000, deadline=None)
@given(
    st.lists(st.sampled_from(["a", "b", ",", "\t", "\n", "\n", "\r", '"', "é"]), max_size=60),
    st.lists(st.integers(0, 60), max_size=6),
    st.sampled_from([",", "\t"]),
)
def test_the_quick_pass_follows_any_text_as_the_byte_by_byte_scan(
    chars: list[str], cuts: list[int], delimiter: str
) -> None:
    text = "".join(chars).encode()
    _same(_follow(text, cuts, delimiter, True), _follow(text, cuts, delimiter, False))


@settings(max_examples=500, deadline=None)
@given(
    st.lists(
        st.sampled_from(["AsKs,2c3d4h\n", "x,y\n", "\n", "a,b", '"q\nq",1\n', "\r\n"]), max_size=12
    ),
    st.lists(st.integers(0, 120), max_size=4),
)
def test_the_quick_pass_on_records_with_now_and_then_a_blank_line_or_quotes(
    rows: list[str], cuts: list[int]
) -> None:
    # Mostly blocks the quick pass takes, with the cases it must leave to
    # the scan (a blank line, a quoted line break, a CR) at any cut.
    text = "".join(rows).encode()
    _same(_follow(text, cuts, ",", True), _follow(text, cuts, ",", False))


def test_the_quick_pass_leaves_a_due_break_to_the_scan() -> None:
    # The blank line ends the first block; the record after it starts the
    # second, whose first record must note the new offset (line 4, not 3).
    lines = CsvLines(",")
    lines.feed(b"h\nr1\n\n")
    lines.feed(b"r2\nr3\n")
    assert [lines.line_of(k) for k in range(4)] == [1, 2, 4, 5]
    assert lines.breaks == [(0, 0), (2, 1)]


def test_the_quick_pass_after_a_record_of_two_lines() -> None:
    # Found by the test above: the block after the first half of a quoted
    # line break holds the end of that record (line 2) and a record on line
    # 3: one line later than its number says, a break the quick pass left
    # out when it took the offset of the record it ended for the next one's.
    text = b'"q\nq",1\nAsKs,2c3d4h\n'
    lines = CsvLines(",")
    lines.feed(text[:6])
    lines.feed(text[6:])
    assert [lines.line_of(k) for k in range(2)] == [1, 3]
    assert lines.breaks == [(0, 0), (1, 1)]
