# Byte-level structure of text tables, for the readers and writers of
# omaha.files: where each CSV record starts (its line number, for error
# messages; Arrow's reader does the parsing), a first look at JSON Lines
# blocks (which lines Arrow's JSON reader may be given), and JSON Lines text
# written from Arrow string buffers. It knows nothing of cards or hands.

from cpython.bytearray cimport PyByteArray_AS_STRING, PyByteArray_GET_SIZE, PyByteArray_Resize
from libc.stdint cimport int64_t, uint8_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy


cdef struct CsvState:
    int64_t records
    int64_t line
    int in_quotes, quote_seen, field_start, in_record, prev_cr
    uint8_t delimiter
    int64_t offset
    int nbreaks


cdef Py_ssize_t _csv_scan(const uint8_t *data, Py_ssize_t i, Py_ssize_t n, CsvState *st,
                          int64_t *brk_rec, int64_t *brk_off, int room) noexcept nogil:
    """Follow data[i:n]; return where it stopped (n, or earlier when room for breaks ran out).

    Outside quotes the common case is a record per line: the loop only
    looks for line ends and quotes until something else needs attention.
    """
    cdef uint8_t c
    cdef int64_t off
    while i < n:
        c = data[i]
        if st.prev_cr:
            st.prev_cr = 0
            if c == 10:  # the LF of a CRLF: already counted
                i += 1
                continue
        if st.in_quotes:
            if st.quote_seen:
                st.quote_seen = 0
                if c == 34:  # "" inside quotes: a quote
                    i += 1
                    continue
                st.in_quotes = 0  # the lone quote closed the field; c is read below
            elif c == 34:
                st.quote_seen = 1
                i += 1
                continue
            else:
                if c == 10 or c == 13:
                    st.line += 1
                    st.prev_cr = c == 13
                i += 1
                continue
        if c == 10 or c == 13:
            st.line += 1
            st.prev_cr = c == 13
            st.in_record = 0
            st.field_start = 1
            i += 1
            continue
        if not st.in_record:
            if st.nbreaks == room:
                return i
            st.in_record = 1
            off = st.line - 1 - st.records
            if off != st.offset:
                st.offset = off
                brk_rec[st.nbreaks] = st.records
                brk_off[st.nbreaks] = off
                st.nbreaks += 1
            st.records += 1
        if c == 34 and st.field_start:
            st.in_quotes = 1
            st.field_start = 0
        else:
            st.field_start = c == st.delimiter
        i += 1
        # Inside a record and outside quotes: skip to the next byte that matters.
        if not st.in_quotes:
            while i < n:
                c = data[i]
                if c == 10 or c == 13 or c == 34 or c == st.delimiter:
                    break
                st.field_start = 0
                i += 1
    return i


cdef Py_ssize_t _csv_quick(const uint8_t *data, Py_ssize_t n, CsvState *st) noexcept nogil:
    """Follow all of data[0:n] at once if each line is one record; else return 0 (_csv_scan).

    That holds when the scan is outside quotes and not after a CR, the
    bytes hold no quote, no CR and no blank line (none at their start
    either), and the first record to start in them keeps the current
    offset: each LF then ends a line, and each line after it starts a
    record on the next byte, so no break is due. Two passes the compiler
    can vectorize, instead of a look at every byte.
    """
    cdef Py_ssize_t i, j, m, lfs = 0
    cdef uint8_t bad = 0, count, c
    cdef uint8_t last = data[n - 1]
    if st.in_quotes or st.prev_cr or st.quote_seen:
        return 0
    # The first record to start here would start on line st.line (outside a
    # record) or st.line + 1 (after the LF ending the current one, which may
    # have spanned lines): a new offset there is a break, for _csv_scan.
    if st.in_record:
        if st.line - st.records != st.offset:
            return 0
    elif data[0] == 10 or st.line - 1 - st.records != st.offset:
        return 0  # (or a blank line)
    i = 0
    while i < n:  # byte counters over runs of 240 bytes: the compiler's 16-byte steps
        m = min(n - i, 240)
        count = 0
        for j in range(m):
            c = data[i + j]
            count += c == 10
            bad |= (c == 34) | (c == 13)
        lfs += count
        i += m
    for i in range(n - 1):
        bad |= (data[i] == 10) & (data[i + 1] == 10)
    if bad:
        return 0
    # Records started: at data[0] when outside one, and after each LF but a last one.
    st.records += (0 if st.in_record else 1) + lfs - (last == 10)
    st.line += lfs
    st.in_record = last != 10
    st.field_start = last == 10 or last == st.delimiter
    return n


cdef class CsvLines:
    """Follows CSV text as it is read and maps each record to its first line.

    The rules are Arrow's CSV reader's (the one that parses the text): a
    record is a non-empty line, or several when a quoted field holds a line
    break; a quote opens a quoted field only at the start of a field, where
    ``""`` is a quote and a lone ``"`` closes it; a line ends at LF, CRLF or
    a lone CR. Record k (0-based, the header included) starts on line
    ``k + 1 + offset``; the offset changes only after a blank line or a
    multi-line record, and is kept as breakpoints.

    ``quick`` (the default) follows a block that holds a record per line
    (no quote, no CR, no blank line) in one vectorized pass; ``False``
    looks at every byte, as for any other block (the tests' reference).
    """

    cdef CsvState st                  # where the scan is (records started, line, quoting)
    cdef public list breaks           # [(first record, offset)], offsets from there on
    cdef bint quick                   # whole blocks of a record per line at once

    def __init__(self, str delimiter=",", bint quick=True):
        if len(delimiter) != 1 or ord(delimiter) > 127:
            raise ValueError(f"the delimiter must be one ASCII character, got {delimiter!r}")
        self.st.delimiter = <uint8_t>ord(delimiter)
        self.st.records = 0
        self.st.line = 1
        self.st.in_quotes = 0
        self.st.quote_seen = 0
        self.st.field_start = 1
        self.st.in_record = 0
        self.st.prev_cr = 0
        self.st.offset = 0
        self.st.nbreaks = 0
        self.breaks = [(0, 0)]
        self.quick = quick

    @property
    def records(self):
        """Records started so far (the header included)."""
        return self.st.records

    @property
    def line(self):
        """The current line (1-based)."""
        return self.st.line

    def feed(self, const uint8_t[::1] data):
        """Follow the next bytes of the text."""
        cdef Py_ssize_t n = data.shape[0]
        if n == 0:
            return
        cdef int64_t brk_rec[64]
        cdef int64_t brk_off[64]
        cdef Py_ssize_t pos = 0
        cdef int k
        if self.quick:
            with nogil:
                pos = _csv_quick(&data[0], n, &self.st)
        while pos < n:
            with nogil:
                pos = _csv_scan(&data[0], pos, n, &self.st, brk_rec, brk_off, 64)
            for k in range(self.st.nbreaks):
                self.breaks.append((brk_rec[k], brk_off[k]))
            self.st.nbreaks = 0

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


cdef enum:
    COL_RAW = 0      # text as it is
    COL_CSV = 1      # text as a quoted CSV field ("" for a quote)
    COL_JSON = 2     # text as a JSON string literal
    COL_DICT = 3     # a dictionary of ready texts, by index
    COL_INT = 4      # int64 in decimal


cdef struct Column:
    int kind
    const int64_t *offsets      # COL_RAW/CSV/JSON: n + 1; COL_DICT: the dictionary's
    const uint8_t *data
    const uint8_t *validity     # a bitmap from bit bit_offset, or NULL when all valid
    Py_ssize_t bit_offset
    const int64_t *values       # COL_DICT: indices; COL_INT: the integers
    Py_ssize_t dict_size
    const uint8_t *prefix
    Py_ssize_t prefix_len
    const uint8_t *null
    Py_ssize_t null_len
    bint plain                  # COL_CSV / COL_JSON text holding nothing to escape
    const uint8_t *data_end     # the end of data: no read goes past it


cdef inline bint _valid(const Column *c, Py_ssize_t r) noexcept nogil:
    if c.validity == NULL:
        return 1
    return (c.validity[(c.bit_offset + r) >> 3] >> ((c.bit_offset + r) & 7)) & 1


cdef inline void _copy(uint8_t *o, const uint8_t *p, Py_ssize_t n) noexcept nogil:
    """Copy a few bytes (a separator, a short cell) without a call for the shortest."""
    if n == 1:
        o[0] = p[0]
    elif n == 2:
        o[0] = p[0]
        o[1] = p[1]
    elif n > 0:
        memcpy(o, p, n)


cdef enum:
    SLACK = 32   # bytes past the bound of the text that a short copy may overwrite


cdef inline void _copy_cell(uint8_t *o, const uint8_t *p, Py_ssize_t n,
                            const uint8_t *end) noexcept nogil:
    """Copy a cell's n bytes by whole 16-byte moves when that reads nothing past end.

    A cell of at most 16 bytes is moved as 16 (the bytes after n are
    overwritten by what follows; the output has SLACK bytes spare); one of 16
    to 32 as two overlapping moves of 16. Anything else, or a cell too near
    the end of its buffer, is copied as it is.
    """
    if n <= 16 and p + 16 <= end:
        memcpy(o, p, 16)
    elif 16 <= n <= 32:
        memcpy(o, p, 16)
        memcpy(o + n - 16, p + n - 16, 16)
    else:
        _copy(o, p, n)


cdef inline Py_ssize_t _escaped(int kind, const uint8_t *p, Py_ssize_t n) noexcept nogil:
    """Extra bytes escaping needs in p[0:n] (0: plain)."""
    cdef Py_ssize_t i, extra = 0
    cdef uint8_t c
    if kind == COL_CSV:
        for i in range(n):
            extra += p[i] == 34
    else:
        for i in range(n):
            c = p[i]
            if c == 34 or c == 92 or c == 8 or c == 9 or c == 10 or c == 12 or c == 13:
                extra += 1
            elif c < 32:
                extra += 5
    return extra


cdef inline Py_ssize_t _put_text(uint8_t *o, int kind, bint plain, const uint8_t *p,
                                 Py_ssize_t n, const uint8_t *end) noexcept nogil:
    cdef Py_ssize_t i, k = 0
    cdef uint8_t c
    cdef const char *hexd = b"0123456789abcdef"
    if kind == COL_RAW:
        _copy_cell(o, p, n, end)
        return n
    o[0] = 34
    if plain:
        _copy_cell(o + 1, p, n, end)
        o[n + 1] = 34
        return n + 2
    k = 1
    if kind == COL_CSV:
        for i in range(n):
            c = p[i]
            o[k] = c
            k += 1
            if c == 34:
                o[k] = 34
                k += 1
    else:
        for i in range(n):
            c = p[i]
            if c == 34 or c == 92:
                o[k] = 92
                o[k + 1] = c
                k += 2
            elif c < 32:
                o[k] = 92
                if c == 8:
                    o[k + 1] = 98
                elif c == 9:
                    o[k + 1] = 116
                elif c == 10:
                    o[k + 1] = 110
                elif c == 12:
                    o[k + 1] = 102
                elif c == 13:
                    o[k + 1] = 114
                else:
                    o[k + 1] = 117
                    o[k + 2] = 48
                    o[k + 3] = 48
                    o[k + 4] = hexd[c >> 4]
                    o[k + 5] = hexd[c & 15]
                    k += 4
                k += 2
            else:
                o[k] = c
                k += 1
    o[k] = 34
    return k + 1


cdef const char *DIGITS2 = (
    b"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    b"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    b"8081828384858687888990919293949596979899"
)


cdef inline Py_ssize_t _put_int(uint8_t *o, int64_t v) noexcept nogil:
    """Write v in decimal at o; return its length.

    Two digits at a time from the end into a scratch, then one fixed move of
    24 bytes (at most 20 digits; the bytes past the number are overwritten
    by what follows: the output has SLACK bytes spare).
    """
    cdef uint8_t tmp[48]
    cdef Py_ssize_t p = 40, n
    cdef uint64_t u, q, d
    cdef bint neg = v < 0
    u = <uint64_t>(-(v + 1)) + 1 if neg else <uint64_t>v
    while u >= 100:
        q = u // 100
        d = 2 * (u - 100 * q)
        p -= 2
        tmp[p] = DIGITS2[d]
        tmp[p + 1] = DIGITS2[d + 1]
        u = q
    if u >= 10:
        p -= 2
        tmp[p] = DIGITS2[2 * u]
        tmp[p + 1] = DIGITS2[2 * u + 1]
    else:
        p -= 1
        tmp[p] = <uint8_t>(48 + u)
    n = 40 - p
    if neg:
        o[0] = 45
        memcpy(o + 1, tmp + p, 24)
        return n + 1
    memcpy(o, tmp + p, 24)
    return n


cdef inline Py_ssize_t _put_cell(uint8_t *o, const Column *c, Py_ssize_t r) noexcept nogil:
    cdef int64_t j, a
    if not _valid(c, r):
        _copy(o, c.null, c.null_len)
        return c.null_len
    if c.kind == COL_DICT:
        j = c.values[r]
        a = c.offsets[j]
        _copy_cell(o, c.data + a, c.offsets[j + 1] - a, c.data_end)
        return c.offsets[j + 1] - a
    if c.kind == COL_INT:
        return _put_int(o, c.values[r])
    a = c.offsets[r]
    return _put_text(o, c.kind, c.plain, c.data + a, c.offsets[r + 1] - a, c.data_end)


cdef uint8_t _NOTHING[1]   # where an empty buffer's data points


cdef int _measure(Column *cols, Py_ssize_t k, Py_ssize_t n, Py_ssize_t elen,
                  Py_ssize_t *size, int64_t *bad) noexcept nogil:
    """Check the columns and bound the text they make: its cells (escaped) or nulls, prefixes.

    Returns 0, or 1 for offsets that decrease, 2 for a dictionary index out
    of range (put in bad). Marks the text columns that need no escaping.
    """
    cdef Py_ssize_t j, r, m, longest, extra, total = 0
    cdef Column *c
    for j in range(k):
        c = &cols[j]
        if c.offsets != NULL:
            for r in range(c.dict_size):
                if c.offsets[r + 1] < c.offsets[r]:
                    return 1
        total += n * (c.prefix_len + c.null_len)
        if c.kind == COL_INT:
            total += 20 * n
        elif c.kind == COL_DICT:
            longest = 0
            for r in range(c.dict_size):
                longest = max(longest, c.offsets[r + 1] - c.offsets[r])
            for r in range(n):
                if _valid(c, r) and not 0 <= c.values[r] < c.dict_size:
                    bad[0] = c.values[r]
                    return 2
            total += n * longest
        else:
            m = c.offsets[n] - c.offsets[0] if n else 0
            extra = 0
            if c.kind != COL_RAW:
                extra = _escaped(c.kind, c.data + c.offsets[0], m)
                c.plain = extra == 0
            total += m + extra + (2 * n if c.kind != COL_RAW else 0)
    size[0] = total + n * elen + SLACK
    return 0


def write_rows(list columns, bytes end, bytearray out):
    """Write the text of n rows into out: each row the columns' prefixes and cells, then end.

    Each column is ``(kind, prefix, null, offsets, data, validity, bit_offset,
    values)``: kind 0 raw text, 1 a quoted CSV field, 2 a JSON string, 3 a
    dictionary entry (``values`` the int64 indices into ``offsets`` /
    ``data``, entries ready to insert), 4 an int64 in decimal (``values``);
    ``null`` is written for a null cell. ``offsets`` are int64; ``data`` bytes
    or any contiguous byte buffer (read in place); ``validity``
    an Arrow bitmap or None. Returns the number of bytes written, from the
    start of out.

    One pass writes into out, grown first (never shrunk, never zeroed) to a
    size bounded from above (a column's text scanned once for what needs
    escaping): a writer passing the same buffer every time touches no new
    memory after the first batch.
    """
    cdef Py_ssize_t k = len(columns), n = -1, r, j, size = 0, pos = 0, m
    cdef Column *cols
    cdef Column *c
    cdef uint8_t *o
    cdef const int64_t[::1] off
    cdef const int64_t[::1] val
    cdef const uint8_t[::1] bits
    cdef const uint8_t[::1] dv
    cdef Py_ssize_t dlen
    cdef list keep = []
    cdef const uint8_t *e = end
    cdef Py_ssize_t elen = len(end)
    cdef int status
    cdef int64_t bad = 0
    if k == 0:
        return 0
    cols = <Column *>malloc(k * sizeof(Column))
    if cols == NULL:
        raise MemoryError()
    try:
        for j in range(k):
            kind, prefix, null, offsets, data, validity, bit_offset, values = columns[j]
            if not isinstance(prefix, bytes) or not isinstance(null, bytes):
                raise TypeError("prefix and null must be bytes")
            c = &cols[j]
            c.kind = kind
            c.prefix = <const uint8_t *>(<const char *>prefix)
            c.prefix_len = len(prefix)
            c.null = <const uint8_t *>(<const char *>null)
            c.null_len = len(null)
            c.validity = NULL
            c.bit_offset = bit_offset
            c.offsets = NULL
            c.data = NULL
            c.values = NULL
            c.plain = 1
            c.data_end = NULL
            keep.append((prefix, null, data))
            if kind in (COL_RAW, COL_CSV, COL_JSON, COL_DICT):
                off = offsets
                keep.append(off)
                if isinstance(data, bytes):
                    dlen = len(<bytes>data)
                    c.data = <const uint8_t *>(<const char *>data)
                else:  # a buffer (an Arrow buffer's bytes, read in place)
                    dv = data
                    keep.append(dv)
                    dlen = dv.shape[0]
                    c.data = &dv[0] if dlen else _NOTHING
                c.data_end = c.data + dlen
                m = off.shape[0] - 1
                if m < 0 or off[0] < 0 or off[m] > dlen:
                    raise ValueError("offsets point outside the data")
                c.offsets = &off[0]
                c.dict_size = m
            if kind in (COL_DICT, COL_INT):
                val = values
                keep.append(val)
                m = val.shape[0]
                c.values = &val[0] if m else NULL
            elif kind in (COL_RAW, COL_CSV, COL_JSON):
                m = c.dict_size
            else:
                raise ValueError(f"unknown column kind {kind!r}")
            if n < 0:
                n = m
            elif m != n:
                raise ValueError("every column needs n rows")
            if validity is not None:
                bits = validity
                keep.append(bits)
                if bits.shape[0] * 8 < bit_offset + n:
                    raise ValueError("a validity bitmap is too short")
                c.validity = &bits[0] if bits.shape[0] else NULL
        # Each column's most text (checked and measured without the GIL).
        with nogil:
            status = _measure(cols, k, n, elen, &size, &bad)
        if status == 1:
            raise ValueError("offsets must not decrease")
        if status == 2:
            raise ValueError(f"dictionary index {bad} out of range")
        if PyByteArray_GET_SIZE(out) < size:
            PyByteArray_Resize(out, size)  # raises BufferError while out is exported
        o = <uint8_t *>PyByteArray_AS_STRING(out)
        with nogil:
            for r in range(n):
                for j in range(k):
                    c = &cols[j]
                    _copy(o + pos, c.prefix, c.prefix_len)
                    pos += c.prefix_len
                    pos += _put_cell(o + pos, c, r)
                _copy(o + pos, e, elen)
                pos += elen
    finally:
        free(cols)
    return pos
