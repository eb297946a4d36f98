# Card text over whole buffers: the compiled half of omaha.cards's array
# functions. It reads the notation of docs/rules.md §1 (rank 2-9 T J Q K A
# or 10, suit c d h s, either case; cards run together or apart, separated
# by ASCII whitespace or commas) from Arrow-style string buffers (offsets
# into one data buffer) or fixed-width byte rows, and writes card text the
# same way. It knows nothing of hands or tables.
#
# A row's result is its number of cards, or one of the negative codes below;
# the Python layer (omaha.cards) turns those into messages, and resolves
# TEXT_NOT_ASCII rows with the one-text parser (Unicode whitespace).

from cpython.bytes cimport PyBytes_FromStringAndSize
from cpython.unicode cimport PyUnicode_AsUTF8AndSize
from libc.string cimport memcpy, memset
from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint32_t, uint64_t

cdef enum:
    TEXT_MALFORMED = -1   # not cards, too many, or a card twice
    TEXT_NOT_ASCII = -2   # a byte over 127: for the one-text parser to decide
    TEXT_NULL = -3        # a null entry
    NO_CARD = 255

cdef uint8_t RANK_OF[256]   # byte -> rank 0..12, or 255
cdef uint8_t SUIT_OF[256]   # byte -> suit 0..3, or 255
cdef uint8_t IS_SEP[256]    # ASCII whitespace (as str.split) and the comma
cdef uint8_t TEXT[104]      # code -> its two characters
cdef uint8_t CARD2[65536]   # two bytes (first | second << 8) -> card code, or 255


cdef void _init() noexcept nogil:
    cdef int i
    cdef const char *ranks = b"23456789TJQKA"
    cdef const char *lower = b"23456789tjqka"
    cdef const char *suits = b"cdhs"
    cdef const char *upper = b"CDHS"
    cdef const char *seps = b" \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f,"
    for i in range(256):
        RANK_OF[i] = 255
        SUIT_OF[i] = 255
        IS_SEP[i] = 0
    for i in range(13):
        RANK_OF[<uint8_t>ranks[i]] = <uint8_t>i
        RANK_OF[<uint8_t>lower[i]] = <uint8_t>i
    for i in range(4):
        SUIT_OF[<uint8_t>suits[i]] = <uint8_t>i
        SUIT_OF[<uint8_t>upper[i]] = <uint8_t>i
    for i in range(11):
        IS_SEP[<uint8_t>seps[i]] = 1
    for i in range(52):
        TEXT[2 * i] = <uint8_t>ranks[i >> 2]
        TEXT[2 * i + 1] = <uint8_t>suits[i & 3]
    for i in range(65536):  # a rank character then a suit character, as the full reader reads
        CARD2[i] = 255
        if RANK_OF[i & 255] != 255 and SUIT_OF[i >> 8] != 255:
            CARD2[i] = 4 * RANK_OF[i & 255] + SUIT_OF[i >> 8]


_init()


cdef inline int _parse_run(const uint8_t *p, Py_ssize_t n, uint8_t *out,
                           int max_cards) noexcept nogil:
    """Parse cards run together ("AsKd7h"), a lookup of two bytes each; -1 for anything else.

    The common text in one pass. Any other text (a separator, "10", too
    many cards, a card twice, a byte that is not a card's) gives -1 and is
    left to _parse_one's full reader, which reads the same cards first and
    so rewrites every entry written here.
    """
    cdef Py_ssize_t i
    cdef uint64_t seen = 0, bit
    cdef uint8_t code
    if n & 1 or n > 2 * max_cards:
        return -1
    for i in range(n >> 1):
        code = CARD2[p[2 * i] | (<uint32_t>p[2 * i + 1] << 8)]
        if code == 255:
            return -1
        bit = (<uint64_t>1) << code
        if seen & bit:
            return -1
        seen |= bit
        out[i] = code
    return <int>(n >> 1)


cdef inline int _parse_one(const uint8_t *p, Py_ssize_t n, uint8_t *out,
                           int max_cards) noexcept nogil:
    """Parse one text into out[0:max_cards]; return the count or a TEXT_* code."""
    cdef int fast = _parse_run(p, n, out, max_cards)
    if fast >= 0:
        return fast
    cdef Py_ssize_t i = 0
    cdef int count = 0, bad = 0
    cdef uint8_t c, r, s, code
    cdef uint64_t seen = 0, bit
    while i < n:
        c = p[i]
        if c > 127:
            return TEXT_NOT_ASCII
        if IS_SEP[c]:
            i += 1
            continue
        if c == 49:  # "10"
            if i + 1 < n and p[i + 1] == 48:
                r = 8
                i += 2
            else:
                bad = 1
                r = 0
                i += 1
        else:
            r = RANK_OF[c]
            i += 1
        if i >= n:
            return TEXT_MALFORMED
        c = p[i]
        if c > 127:
            return TEXT_NOT_ASCII
        s = SUIT_OF[c]
        i += 1
        if bad or r == 255 or s == 255:
            # The rest may still hold a non-ASCII byte, which decides first
            # (the one-text parser reads Unicode whitespace as a separator).
            while i < n:
                if p[i] > 127:
                    return TEXT_NOT_ASCII
                i += 1
            return TEXT_MALFORMED
        code = 4 * r + s
        bit = (<uint64_t>1) << code
        if seen & bit or count >= max_cards:
            bad = 1  # keep reading: a later non-ASCII byte still decides
            continue
        seen |= bit
        out[count] = code
        count += 1
    return TEXT_MALFORMED if bad else count


def text_codes(str text):
    """The card codes of one text as bytes, or None when it is not plain ASCII cards.

    The fast path of the one-hand API: None (malformed, a duplicate, a
    non-ASCII character) leaves the text to :func:`omaha.cards.parse_cards`,
    which names the problem or reads Unicode whitespace.
    """
    cdef Py_ssize_t n
    cdef const char *p
    cdef uint8_t out[52]
    cdef int got
    try:
        p = PyUnicode_AsUTF8AndSize(text, &n)
    except UnicodeEncodeError:  # a lone surrogate: never a card
        return None
    got = _parse_one(<const uint8_t *>p, n, out, 52)
    if got < 0:
        return None
    return PyBytes_FromStringAndSize(<const char *>out, got)


cdef int parse_text(const uint8_t *p, Py_ssize_t n, uint8_t *out, int max_cards) noexcept nogil:
    return _parse_one(p, n, out, max_cards)


ctypedef fused offset_t:
    int32_t
    int64_t


def parse_offsets(const uint8_t[::1] data, const offset_t[::1] offsets,
                  const uint8_t[::1] validity, Py_ssize_t bit_offset, int max_cards,
                  uint8_t[:, ::1] codes, int8_t[::1] counts):
    """Parse n texts given as Arrow buffers (n + 1 offsets into data).

    validity (an Arrow bitmap, or None) marks null rows from bit bit_offset.
    Writes codes (n, max_cards; 255 after the cards) and counts (n). Returns
    the number of rows that are not plain cards (any negative count).
    """
    cdef Py_ssize_t n = offsets.shape[0] - 1, r, bad = 0
    cdef int64_t lo, hi
    cdef int got
    cdef const uint8_t *base
    cdef uint8_t spare[1]
    cdef uint8_t *row
    if n < 0 or codes.shape[0] != n or counts.shape[0] != n or codes.shape[1] != max_cards:
        raise ValueError("codes must be (n, max_cards) and counts (n,) for n + 1 offsets")
    if max_cards < 0 or max_cards > 52:
        raise ValueError(f"max_cards must be 0..52, got {max_cards}")
    if validity is not None and validity.shape[0] * 8 < bit_offset + n:
        raise ValueError("the validity bitmap is too short")
    if n == 0:
        return 0
    if offsets[0] < 0 or offsets[n] > data.shape[0]:
        raise ValueError("offsets point outside the data buffer")
    base = &data[0] if data.shape[0] else NULL
    with nogil:
        for r in range(n):
            row = &codes[r, 0] if max_cards else spare
            memset(row, NO_CARD, max_cards)
            lo = offsets[r]
            hi = offsets[r + 1]
            if validity is not None and not (validity[(bit_offset + r) >> 3]
                                             >> ((bit_offset + r) & 7)) & 1:
                got = TEXT_NULL
            elif hi < lo or lo < offsets[0] or hi > offsets[n]:
                got = TEXT_MALFORMED  # offsets out of order: never read past them
            else:
                # rows of no card (max_cards 0): spare, never an index past the row
                got = _parse_one(base + lo, hi - lo, row, max_cards)
            if got < 0:
                memset(row, NO_CARD, max_cards)
                bad += 1
            counts[r] = <int8_t>got
    return bad


def parse_fixed(const uint8_t[:, ::1] texts, int max_cards, uint8_t[:, ::1] codes,
                int8_t[::1] counts):
    """Parse n fixed-width texts (rows of bytes; NUL bytes at the end are padding).

    As parse_offsets otherwise.
    """
    cdef Py_ssize_t n = texts.shape[0], w = texts.shape[1], r, k, end, bad = 0
    cdef int got
    cdef uint8_t spare[1]
    if codes.shape[0] != n or counts.shape[0] != n or codes.shape[1] != max_cards:
        raise ValueError("codes must be (n, max_cards) and counts (n,)")
    if max_cards < 0 or max_cards > 52:
        raise ValueError(f"max_cards must be 0..52, got {max_cards}")
    if n == 0:
        return 0
    with nogil:
        for r in range(n):
            for k in range(max_cards):
                codes[r, k] = NO_CARD
            end = w
            while end > 0 and texts[r, end - 1] == 0:
                end -= 1
            got = (_parse_one(&texts[r, 0], end, &codes[r, 0] if max_cards else spare,
                              max_cards) if w else 0)
            if got < 0:
                for k in range(max_cards):
                    codes[r, k] = NO_CARD
                bad += 1
            counts[r] = <int8_t>got
    return bad


def format_offsets(const uint8_t[:, ::1] codes, int32_t[::1] offsets, uint8_t[::1] data):
    """Write the text of each row of codes (255 = no card) as Arrow buffers.

    offsets gets n + 1 entries; data needs 2 bytes per card. Returns the
    bytes written, or -1 - (the first row holding a code neither 0..51 nor
    255) without writing past that row.
    """
    cdef Py_ssize_t n = codes.shape[0], k = codes.shape[1], r, j
    cdef int64_t pos = 0
    cdef uint8_t c
    cdef const uint8_t *row
    cdef uint8_t *out
    if offsets.shape[0] != n + 1 or data.shape[0] < 2 * n * k:
        raise ValueError("offsets must have n + 1 entries and data 2 * n * k bytes")
    if 2 * n * k > 2147483647:
        raise ValueError("too much text for 32-bit offsets: write fewer rows at a time")
    if n == 0 or k == 0:
        for r in range(n + 1):
            offsets[r] = 0
        return 0
    out = &data[0]
    with nogil:
        offsets[0] = 0
        for r in range(n):
            row = &codes[r, 0]
            for j in range(k):
                c = row[j]
                if c < 52:
                    memcpy(out + pos, &TEXT[2 * c], 2)
                    pos += 2
                elif c != NO_CARD:
                    pos = -1 - r
                    break
            if pos < 0:
                break
            offsets[r + 1] = <int32_t>pos
    return pos
