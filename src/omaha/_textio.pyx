# Byte-level structure of text tables, for the readers and writers of
# omaha.tableio: where each CSV record starts (its line number, for error
# messages; Arrow's reader does the parsing), a first look at JSON Lines
# blocks (which lines Arrow's JSON reader may be given), and JSON Lines text
# written from Arrow string buffers. It knows nothing of cards or hands.

from libc.stdint cimport int32_t, int64_t, uint8_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy


cdef class CsvLines:
    """Follows CSV text as it is read and maps each record to its first line.

    The rules are Arrow's CSV reader's (the one that parses the text): a
    record is a non-empty line, or several when a quoted field holds a line
    break; a quote opens a quoted field only at the start of a field, where
    ``""`` is a quote and a lone ``"`` closes it; a line ends at LF, CRLF or
    a lone CR. Record k (0-based, the header included) starts on line
    ``k + 1 + offset``; the offset changes only after a blank line or a
    multi-line record, and is kept as breakpoints.
    """

    cdef public int64_t records       # records started so far
    cdef public int64_t line          # the current line (1-based)
    cdef int in_quotes, quote_seen, field_start, in_record, prev_cr
    cdef uint8_t delimiter
    cdef int64_t offset
    cdef public list breaks           # [(first record, offset)], offsets from there on

    def __init__(self, str delimiter=","):
        if len(delimiter) != 1 or ord(delimiter) > 127:
            raise ValueError(f"the delimiter must be one ASCII character, got {delimiter!r}")
        self.delimiter = <uint8_t>ord(delimiter)
        self.records = 0
        self.line = 1
        self.in_quotes = 0
        self.quote_seen = 0
        self.field_start = 1
        self.in_record = 0
        self.prev_cr = 0
        self.offset = 0
        self.breaks = [(0, 0)]

    def feed(self, const uint8_t[::1] data):
        """Follow the next bytes of the text."""
        cdef Py_ssize_t i, n = data.shape[0]
        cdef uint8_t c
        cdef int64_t off
        for i in range(n):
            c = data[i]
            if self.prev_cr:
                self.prev_cr = 0
                if c == 10:  # the LF of a CRLF: already counted
                    continue
            if self.in_quotes:
                if self.quote_seen:
                    self.quote_seen = 0
                    if c == 34:  # "" inside quotes: a quote
                        continue
                    self.in_quotes = 0  # the lone quote closed the field
                elif c == 34:
                    self.quote_seen = 1
                    continue
                else:
                    if c == 10 or c == 13:
                        self.line += 1
                        self.prev_cr = c == 13
                    continue
            if c == 10 or c == 13:
                self.line += 1
                self.prev_cr = c == 13
                self.in_record = 0
                self.field_start = 1
                continue
            if not self.in_record:
                self.in_record = 1
                off = self.line - 1 - self.records
                if off != self.offset:
                    self.offset = off
                    self.breaks.append((self.records, off))
                self.records += 1
            if c == 34 and self.field_start:
                self.in_quotes = 1
                self.field_start = 0
            else:
                self.field_start = c == self.delimiter

    def line_of(self, int64_t record):
        """The line on which record ``record`` (0-based, header included) starts."""
        cdef int64_t off = 0
        cdef tuple b
        for b in self.breaks:
            if b[0] > record:
                break
            off = b[1]
        return record + 1 + off


def jsonl_lines(const uint8_t[::1] data, int64_t[::1] starts, int64_t[::1] ends):
    """Find the JSON Lines of a block of whole lines (each ending with LF).

    Writes the start and end (past the last character) of each non-blank
    line's text, without surrounding ASCII whitespace, and returns
    ``(lines, blank, plain)``: the number of lines, of blank ones, and
    whether every other line is a plain object: it starts with ``{`` and
    ends with ``}`` (so no value spans lines, and a line holding two values
    shows as an extra row), holds at most 256 opening brackets (Arrow's
    parser recurses on nesting) and no run of 19 or more digits (an integer
    that does not fit in 64 bits, which Arrow would round to a float).
    """
    cdef Py_ssize_t n = data.shape[0], i = 0, s, e, k = 0, m = starts.shape[0]
    cdef int64_t lines = 0, blank = 0, brackets, digits
    cdef int plain = 1
    cdef uint8_t c
    while i < n:
        s = i
        while i < n and data[i] != 10:
            i += 1
        e = i
        i += 1
        lines += 1
        while s < e and (data[s] == 32 or data[s] == 9 or data[s] == 13 or data[s] == 12
                         or data[s] == 11):
            s += 1
        while e > s and (data[e - 1] == 32 or data[e - 1] == 9 or data[e - 1] == 13
                         or data[e - 1] == 12 or data[e - 1] == 11):
            e -= 1
        if s == e:
            blank += 1
            continue
        if k >= m:
            raise ValueError("starts and ends are too short for the lines")
        starts[k] = s
        ends[k] = e
        k += 1
        if not plain:
            continue
        if data[s] != 123 or data[e - 1] != 125:
            plain = 0
            continue
        brackets = 0
        digits = 0
        for j in range(s, e):
            c = data[j]
            brackets += c == 91 or c == 123
            if 48 <= c <= 57:
                digits += 1
                if digits >= 19:
                    plain = 0
            else:
                digits = 0
        if brackets > 256:
            plain = 0
    return lines, blank, bool(plain)


ctypedef fused offset_t:
    int32_t
    int64_t


def json_strings(const uint8_t[::1] data, const offset_t[::1] offsets,
                 const uint8_t[::1] validity, Py_ssize_t bit_offset,
                 int64_t[::1] out_offsets):
    """JSON string literals of Arrow strings (nulls become ``null``).

    Quotes, backslashes and control characters are escaped as JSON wants;
    other bytes (UTF-8) are kept. Returns the text as bytes; out_offsets
    (n + 1) gets each literal's place in it.
    """
    cdef Py_ssize_t n = offsets.shape[0] - 1, r
    cdef int64_t i, size = 0, pos = 0
    cdef uint8_t c
    cdef bytearray out
    cdef uint8_t *o
    cdef const char *hexd = b"0123456789abcdef"
    if out_offsets.shape[0] != n + 1:
        raise ValueError("out_offsets must have n + 1 entries")
    if n > 0 and (offsets[0] < 0 or offsets[n] > data.shape[0]):
        raise ValueError("offsets point outside the data buffer")
    for r in range(n):  # first the size
        if validity is not None and not (validity[(bit_offset + r) >> 3]
                                         >> ((bit_offset + r) & 7)) & 1:
            size += 4
            continue
        size += 2
        for i in range(offsets[r], offsets[r + 1]):
            c = data[i]
            if c == 34 or c == 92 or c == 8 or c == 9 or c == 10 or c == 12 or c == 13:
                size += 2
            elif c < 32:
                size += 6
            else:
                size += 1
    out = bytearray(size)
    o = <uint8_t *>(<char *>out)
    out_offsets[0] = 0
    for r in range(n):
        if validity is not None and not (validity[(bit_offset + r) >> 3]
                                         >> ((bit_offset + r) & 7)) & 1:
            o[pos] = 110
            o[pos + 1] = 117
            o[pos + 2] = 108
            o[pos + 3] = 108
            pos += 4
            out_offsets[r + 1] = pos
            continue
        o[pos] = 34
        pos += 1
        for i in range(offsets[r], offsets[r + 1]):
            c = data[i]
            if c == 34 or c == 92:
                o[pos] = 92
                o[pos + 1] = c
                pos += 2
            elif c < 32:
                o[pos] = 92
                if c == 8:
                    o[pos + 1] = 98
                elif c == 9:
                    o[pos + 1] = 116
                elif c == 10:
                    o[pos + 1] = 110
                elif c == 12:
                    o[pos + 1] = 102
                elif c == 13:
                    o[pos + 1] = 114
                else:
                    o[pos + 1] = 117
                    o[pos + 2] = 48
                    o[pos + 3] = 48
                    o[pos + 4] = hexd[c >> 4]
                    o[pos + 5] = hexd[c & 15]
                    pos += 4
                pos += 2
            else:
                o[pos] = c
                pos += 1
        o[pos] = 34
        pos += 1
        out_offsets[r + 1] = pos
    return bytes(out)


def join_lines(list texts, list offsets, list prefixes, bytes end):
    """Join row-aligned texts into lines: prefix0 text0 prefix1 text1 ... end.

    texts[k] is a bytes object holding column k's text for every row,
    offsets[k] an int64 array (n + 1) of where each row's text lies in it,
    prefixes[k] bytes. Returns the lines as bytes.
    """
    cdef Py_ssize_t k = len(texts), n, r, j
    cdef int64_t size = 0, pos = 0, a, b
    cdef const int64_t[::1] off
    cdef bytearray out
    cdef uint8_t *o
    cdef const uint8_t **txt
    cdef const int64_t **offp
    cdef const uint8_t **pre
    cdef Py_ssize_t *prelen
    cdef const uint8_t *e = end
    cdef Py_ssize_t elen = len(end)
    if len(offsets) != k or len(prefixes) != k:
        raise ValueError("texts, offsets and prefixes must have one entry per column")
    if k == 0:
        return b""
    n = len(offsets[0]) - 1
    views = []
    for j in range(k):
        off = offsets[j]
        if not isinstance(texts[j], bytes) or not isinstance(prefixes[j], bytes):
            raise TypeError("texts and prefixes must be bytes")
        if off.shape[0] != n + 1:
            raise ValueError("every column needs n + 1 offsets")
        for r in range(n):
            if off[r + 1] < off[r]:
                raise ValueError("offsets must not decrease")
        if n and (off[0] < 0 or off[n] > len(texts[j])):
            raise ValueError("offsets point outside the text")
        size += (off[n] - off[0] if n else 0) + n * len(prefixes[j])
        views.append(off)
    size += n * elen
    out = bytearray(size)
    o = <uint8_t *>(<char *>out)
    txt = <const uint8_t **>malloc(k * sizeof(uint8_t *))
    offp = <const int64_t **>malloc(k * sizeof(int64_t *))
    pre = <const uint8_t **>malloc(k * sizeof(uint8_t *))
    prelen = <Py_ssize_t *>malloc(k * sizeof(Py_ssize_t))
    if txt == NULL or offp == NULL or pre == NULL or prelen == NULL:
        free(txt)
        free(offp)
        free(pre)
        free(prelen)
        raise MemoryError()
    try:
        for j in range(k):
            txt[j] = <const uint8_t *>(<const char *>texts[j])
            off = views[j]
            offp[j] = &off[0]
            pre[j] = <const uint8_t *>(<const char *>prefixes[j])
            prelen[j] = len(prefixes[j])
        with nogil:
            for r in range(n):
                for j in range(k):
                    memcpy(o + pos, pre[j], prelen[j])
                    pos += prelen[j]
                    a = offp[j][r]
                    b = offp[j][r + 1]
                    memcpy(o + pos, txt[j] + a, b - a)
                    pos += b - a
                memcpy(o + pos, e, elen)
                pos += elen
    finally:
        free(txt)
        free(offp)
        free(pre)
        free(prelen)
    return bytes(out)
