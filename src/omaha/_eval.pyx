# The compiled core of omaha: card bitmasks, the five-card evaluator, Omaha
# Hi and eight-or-better Lo selection (exactly 2 hole + 3 board cards), batch
# kernels that run with the GIL released, and the exact-enumeration loops
# used by equity.  It knows nothing of tables, betting or text notation.
#
# Compiler directives are set once, in setup.py.
#
# Card code: 4 * rank + suit, rank 0..12 (2..A), suit 0..3 (c d h s).
# Hi strength: 1..7462, larger is stronger.  Lo strength: 1..56, larger is
# stronger (56 = 5-4-3-2-A), 0 = no qualifying low.

cimport cython
from cpython.unicode cimport PyUnicode_AsUTF8AndSize

cdef extern from "Python.h":
    bint PyUnicode_IS_ASCII(object o)
from cpython.object cimport PyObject, PyObject_GenericSetAttr, PyTypeObject

cdef extern from "Python.h":
    # Borrowed item reads and the exact-int test, without reference counting
    # (no Python code runs while _load holds them).
    PyObject *_tuple_item "PyTuple_GET_ITEM"(object p, Py_ssize_t i)
    PyObject *_list_item "PyList_GET_ITEM"(object p, Py_ssize_t i)
    bint _exact_int "PyLong_CheckExact"(PyObject *o)

cdef extern from *:
    """
    /* A card code from an exact int: its value when it is 0..51, else -1
       (negative, too large, or any value of more than one digit). Reads the
       digit in place where the layout is known (3.11; 3.12 and later through
       the compact-value API), else through PyLong_AsLongAndOverflow. */
    static inline long OMAHA_SMALL_INT(PyObject *o) {
    #if PY_VERSION_HEX >= 0x030C0000 && !defined(Py_LIMITED_API)
        if (PyUnstable_Long_IsCompact((PyLongObject *)o)) {
            Py_ssize_t v = PyUnstable_Long_CompactValue((PyLongObject *)o);
            return (v >= 0 && v <= 51) ? (long)v : -1;
        }
        return -1;
    #elif PY_VERSION_HEX >= 0x030B0000 && !defined(Py_LIMITED_API)
        Py_ssize_t size = Py_SIZE(o);
        if (size == 0) return 0;
        if (size == 1) {
            digit d = ((PyLongObject *)o)->ob_digit[0];
            return d <= 51 ? (long)d : -1;
        }
        return -1;
    #else
        int overflow = 0;
        long v = PyLong_AsLongAndOverflow(o, &overflow);
        return (overflow || v < 0 || v > 51) ? -1 : v;
    #endif
    }
    """
    long OMAHA_SMALL_INT(PyObject *o) noexcept
from cpython.type cimport PyType_IsSubtype
from libc.stdint cimport int8_t, uint8_t, uint16_t, uint32_t, uint64_t

cdef extern from *:
    """
    #if defined(__linux__)
    #include <stdlib.h>
    #include <sys/mman.h>
    #endif
    /* The large Hi table on transparent huge pages where Linux offers them:
       its reads are random, and 4 KB pages make nearly each one a TLB miss
       (measured: 240 M reads/s against 340 M/s on huge pages). Elsewhere,
       or if the kernel declines, plain pages. Freed with free(). */
    static void *OMAHA_ALLOC_HUGE(size_t n) {
    #if defined(__linux__) && defined(MADV_HUGEPAGE)
        void *p = NULL;
        size_t huge = (size_t)2 << 20;
        size_t size = (n + huge - 1) & ~(huge - 1);
        if (posix_memalign(&p, huge, size) != 0) return NULL;
        (void)madvise(p, size, MADV_HUGEPAGE);
        return p;
    #else
        return malloc(n);
    #endif
    }
    """
    void *OMAHA_ALLOC_HUGE(size_t n) noexcept nogil

cdef extern from *:
    """
    /* A table pointer written once, after the table is filled: readers that
       test it without the lock load it with acquire ordering. */
    #if defined(__GNUC__) || defined(__clang__)
    #define OMAHA_LOAD_PTR(pp) __atomic_load_n((pp), __ATOMIC_ACQUIRE)
    #define OMAHA_STORE_PTR(pp, v) __atomic_store_n((pp), (v), __ATOMIC_RELEASE)
    #else
    #define OMAHA_LOAD_PTR(pp) (*(pp))
    #define OMAHA_STORE_PTR(pp, v) (*(pp) = (v))
    #endif
    """
    const uint16_t *OMAHA_LOAD_PTR(uint16_t **pp) noexcept nogil
    void OMAHA_STORE_PTR(uint16_t **pp, uint16_t *v) noexcept nogil

from omaha._cardtext cimport parse_text
from omaha._bits cimport (
    OMAHA_CTZ,
    OMAHA_POPCOUNT,
    OMAHA_PREFETCH,
    board_colex,
    hole_colex,
    insertion_sort,
    sort4,
    sort5,
    sort_codes,
    top_bits,
)


# ---------------------------------------------------------------------------
# Constants and tables (filled once at import by _init_tables, read-only after)
# ---------------------------------------------------------------------------

# Additive rank keys: every multiset of five ranks (repetition allowed) has a
# distinct key sum (a greedy B5 sequence; tests/eval/test_eval.py re-checks it).
cdef uint32_t RKEY[13]
RKEY[:] = [0, 1, 6, 31, 108, 366, 926, 2286, 5733, 12905, 27316, 44676, 94545]
cdef enum:
    NF5_SIZE = 5 * 94545 + 1
    N_HOLE_MS = 1820        # multisets of 4 ranks: C(16, 4)
    N_BOARD_MS = 6188       # multisets of 5 ranks: C(17, 5) (13 never occur)
    N_PAIRS = 91            # multisets of 2 ranks
    PAIR_STRIDE = 96        # entries a PAIRBEST row takes: 192 bytes, three whole cache lines
    BLOCK = 32              # rows per prefetch block in the batch kernel
    N_HI = 7462             # distinct five-card values
    N_RANK_MS = 6175        # five-rank multisets without five of a kind
    N_LO = 56               # distinct eight-or-better lows

cdef uint16_t NF5[NF5_SIZE]       # key sum of 5 ranks -> strength, no flush
cdef uint16_t FLUSH[8192]         # 13-bit rank set of a 5-card flush -> strength
cdef uint32_t HI_RAW[7463]        # strength -> raw (category << 20 | ranks)
cdef uint8_t LO[65536]            # (hole low set << 8 | board low set) -> lo
cdef uint8_t LO_STRENGTH[256]     # 5-rank low mask -> lo strength
cdef uint8_t LO_MASK[57]          # lo strength -> 5-rank low mask
cdef uint16_t SF_WINDOW[10]       # straight rank windows, highest first
cdef uint16_t HOLE_COLEX[4][16]   # C(r_i + i, i + 1) for sorted hole ranks
cdef uint16_t BOARD_COLEX[5][17]  # C(r_i + i, i + 1) for sorted board ranks
cdef uint8_t PAIR_ID[13][13]      # pair of ranks (x <= y) -> 0..90
cdef uint8_t LOWBIT[256]          # card -> its rank's bit in a low set (A = 1), or 0
cdef uint32_t HI_TARGET[7463]     # strength -> rank-key sum (no flush) or rank set (flush)
cdef uint8_t HI_CAT[7463]         # strength -> category 0..8
cdef uint64_t HI_NIB[7463]        # strength -> its five ranks as per-rank counts (nibbles)
cdef uint64_t NIB_GUARD = 0x8888888888888   # the top bit of each of the 13 nibbles
cdef int8_t PAIR_INDEX[7][30]     # hole size -> its pairs (i, j), i < j, in lexicographic order
cdef int PAIRS_OF[7]              # hole size -> number of pairs
cdef uint64_t CARD_NIB[256]       # card -> 1 in its rank's nibble (0 for a non-card)
cdef uint8_t LO_ORDER[57][5]      # lo strength -> its five low-set bits, highest first
cdef uint64_t CARD_RANK_NIB[256]  # card -> its rank's whole nibble (0xF), 0 for a non-card
cdef uint8_t POP8[256]            # bits set in a byte
cdef uint8_t CARD_PAIR[64 * 64]   # (code a << 6 | code b) -> PAIR_ID of their ranks (codes < 52)
cdef uint32_t SUIT_NIB[256]       # card -> 1 in its suit's nibble (0 for a non-card)
cdef uint64_t CARD_BIT[256]       # card -> its bit 0..51; any other byte -> bit 52
cdef uint16_t RANK169[256]        # card -> 169 * rank (0 for a non-card)
cdef uint16_t RANK13[256]         # card -> 13 * rank
cdef uint16_t RANK1[256]          # card -> rank
cdef uint32_t TRIPLE_OF[2197]     # 169 r0 + 13 r1 + r2 (any order) -> 169 * its multiset's colex
cdef uint16_t BOARD_OF[455 * 169]  # TRIPLE_OF[...] + 13 r3 + r4 -> the 5-rank multiset's colex

# The large Omaha Hi table: hole rank multiset x board rank multiset -> the
# best strength without flushes.  Hole-major: one 12 KB row per hole.
cdef uint16_t *BIG = NULL
# Board rank multiset x rank pair -> the best strength without flushes of the
# pair with any three of the board (1.2 MB, board-major, each board's 91
# pairs padded to PAIR_STRIDE: three whole cache lines). BIG is built from it.
cdef uint16_t *PAIRBEST = NULL
cdef cython.pymutex BIG_LOCK
cdef double BIG_BUILD_SECONDS = 0.0


include "_tables.pxi"   # _init_tables and the builders of PAIRBEST and BIG

_init_tables()


# ---------------------------------------------------------------------------
# Kernels: no Python objects, never raise
# ---------------------------------------------------------------------------

cdef inline uint32_t _lowbit(uint8_t code) noexcept nogil:
    """Bit of the card's rank in an ace-to-eight low set (A = bit 0), or 0."""
    return LOWBIT[code]


cdef inline uint16_t _eval5(uint8_t a, uint8_t b, uint8_t c, uint8_t d,
                            uint8_t e) noexcept nogil:
    if (a & 3) == (b & 3) == (c & 3) == (d & 3) == (e & 3):
        return FLUSH[((<uint32_t>1) << (a >> 2)) | ((<uint32_t>1) << (b >> 2))
                     | ((<uint32_t>1) << (c >> 2)) | ((<uint32_t>1) << (d >> 2))
                     | ((<uint32_t>1) << (e >> 2))]
    return NF5[RKEY[a >> 2] + RKEY[b >> 2] + RKEY[c >> 2] + RKEY[d >> 2]
               + RKEY[e >> 2]]


cdef inline uint16_t _flush_best(uint32_t hole_ranks,
                                 uint32_t board_ranks) noexcept nogil:
    """Best flush from 2 of hole_ranks and 3 of board_ranks (one suit)."""
    cdef int w
    cdef uint32_t win
    for w in range(10):
        win = SF_WINDOW[w]
        if (OMAHA_POPCOUNT(win & hole_ranks) >= 2
                and OMAHA_POPCOUNT(win & board_ranks) >= 3):
            return FLUSH[win]
    return FLUSH[top_bits(hole_ranks, 2) | top_bits(board_ranks, 3)]


cdef inline uint16_t _flush_part(const uint8_t *h, int nh, const uint8_t *b,
                                 int nb) noexcept nogil:
    """Best flush of an Omaha selection, or 0 when none is possible."""
    cdef uint32_t hs = 0, bs = 0, f, hr = 0, br = 0
    cdef int i, s
    for i in range(nh):
        hs += (<uint32_t>1) << ((h[i] & 3) << 2)
    for i in range(nb):
        bs += (<uint32_t>1) << ((b[i] & 3) << 2)
    f = (hs + 0x6666) & (bs + 0x5555) & 0x8888
    if f == 0:
        return 0
    s = OMAHA_CTZ(f) >> 2
    for i in range(nh):
        if (h[i] & 3) == s:
            hr |= (<uint32_t>1) << (h[i] >> 2)
    for i in range(nb):
        if (b[i] & 3) == s:
            br |= (<uint32_t>1) << (b[i] >> 2)
    return _flush_best(hr, br)


cdef inline uint32_t _hole_index(int r0, int r1, int r2, int r3) noexcept nogil:
    """Colex index 0..1819 of a sorted 4-rank multiset."""
    cdef int r[4]
    r[0] = r0
    r[1] = r1
    r[2] = r2
    r[3] = r3
    return hole_colex(&HOLE_COLEX[0][0], r)


cdef inline uint32_t _board_index(const int *r) noexcept nogil:
    """Colex index 0..6187 of a sorted 5-rank multiset."""
    return board_colex(&BOARD_COLEX[0][0], r)


cdef inline uint32_t _hole4_index(const uint8_t *h) noexcept nogil:
    cdef int r[4]
    r[0] = h[0] >> 2
    r[1] = h[1] >> 2
    r[2] = h[2] >> 2
    r[3] = h[3] >> 2
    sort4(r)
    return _hole_index(r[0], r[1], r[2], r[3])


cdef inline uint32_t _board5_index(const uint8_t *b) noexcept nogil:
    cdef int r[5]
    r[0] = b[0] >> 2
    r[1] = b[1] >> 2
    r[2] = b[2] >> 2
    r[3] = b[3] >> 2
    r[4] = b[4] >> 2
    sort5(r)
    return _board_index(r)


cdef inline uint16_t _hi_ranks_combo(const uint8_t *h, int nh, const uint8_t *b,
                                     int nb) noexcept nogil:
    """Best strength ignoring flushes, over every 2 + 3 selection."""
    cdef int i, j, p, q, s
    cdef uint32_t tk[10]
    cdef int nt = 0
    cdef uint32_t kp
    cdef uint16_t best = 0, v
    for p in range(nb):
        for q in range(p + 1, nb):
            for s in range(q + 1, nb):
                tk[nt] = RKEY[b[p] >> 2] + RKEY[b[q] >> 2] + RKEY[b[s] >> 2]
                nt += 1
    for i in range(nh):
        for j in range(i + 1, nh):
            kp = RKEY[h[i] >> 2] + RKEY[h[j] >> 2]
            for p in range(nt):
                v = NF5[kp + tk[p]]
                if v > best:
                    best = v
    return best


cdef inline uint16_t _pairs_best(const uint16_t *row, const uint8_t *h,
                                 int nh) noexcept nogil:
    """The best no-flush strength of the hole's rank pairs on one board's PAIRBEST row."""
    cdef uint16_t v = 0, w
    cdef int i, j
    for i in range(nh):
        for j in range(i + 1, nh):
            w = row[PAIR_ID[h[i] >> 2][h[j] >> 2]]
            v = w if w > v else v
    return v


cdef inline const uint16_t *_board_row(const uint8_t *b) noexcept nogil:
    """A valid 5-card board's PAIRBEST row (cards in any order; PAIRBEST built).

    Two lookups, no sort: the first three ranks give their multiset's index
    (TRIPLE_OF), and with the last two the board's (BOARD_OF).
    """
    return PAIRBEST + <size_t>BOARD_OF[
        TRIPLE_OF[RANK169[b[0]] + RANK13[b[1]] + RANK1[b[2]]]
        + RANK13[b[3]] + RANK1[b[4]]] * PAIR_STRIDE


cdef inline const uint16_t *_prefetched(const uint16_t *row) noexcept nogil:
    """Start reading a PAIRBEST row (its three cache lines); return it."""
    OMAHA_PREFETCH(row)
    OMAHA_PREFETCH(row + 32)
    OMAHA_PREFETCH(row + 64)
    return row


cdef inline Py_ssize_t _block_len(Py_ssize_t r, Py_ssize_t stop) noexcept nogil:
    """Rows of the next prefetch block from r: BLOCK, or what is left before stop."""
    return BLOCK if stop - r > BLOCK else stop - r


cdef inline uint16_t _hi_fast(const uint8_t *h, int nh, const uint8_t *b,
                              int nb) noexcept nogil:
    """Omaha Hi strength by the table path (PAIRBEST must be built when nb == 5).

    Every pair of hole cards lies in an Omaha selection, so without flushes
    the best is the best of the hole's rank pairs with the board (PAIRBEST);
    with a flop or turn, the pair and triple sums (_hi_ranks_combo).
    """
    cdef uint16_t v, w
    if nb == 5:
        v = _pairs_best(_board_row(b), h, nh)
    else:
        v = _hi_ranks_combo(h, nh, b, nb)
    w = _flush_part(h, nh, b, nb)
    return w if w > v else v


cdef inline uint8_t _lo_fast(const uint8_t *h, int nh, const uint8_t *b,
                             int nb) noexcept nogil:
    cdef uint32_t hs = 0, bs = 0
    cdef int i
    for i in range(nh):
        hs |= _lowbit(h[i])
    for i in range(nb):
        bs |= _lowbit(b[i])
    return LO[(hs << 8) | bs]


cdef inline int _row_ok(const uint8_t *h, int nh, const uint8_t *b,
                        int nb) noexcept nogil:
    """1 when every code is 0..51 and no card repeats in hole + board."""
    cdef uint64_t seen = 0, bit
    cdef int i
    for i in range(nh):
        if h[i] > 51:
            return 0
        bit = (<uint64_t>1) << h[i]
        if seen & bit:
            return 0
        seen |= bit
    for i in range(nb):
        if b[i] > 51:
            return 0
        bit = (<uint64_t>1) << b[i]
        if seen & bit:
            return 0
        seen |= bit
    return 1


cdef struct Selection:
    uint16_t strength
    int8_t i, j          # indices into the hole
    int8_t p, q, s       # indices into the board


cdef void _hi_select(const uint8_t *h, int nh, const uint8_t *b, int nb,
                     Selection *out) noexcept nogil:
    """The 60-combination selection: best strength and the first best cards.

    h and b must be sorted ascending: the first selection found with the
    best strength is then the lexicographically smallest (hole pair, board
    triple) of codes.  Pairs and triples are combined from partial sums.
    """
    cdef uint32_t pk[15]
    cdef uint32_t pr[15]
    cdef int ps[15]
    cdef uint32_t tk[10]
    cdef uint32_t tr[10]
    cdef int ts[10]
    cdef int pi[15]
    cdef int pj[15]
    cdef int tp[10]
    cdef int tq[10]
    cdef int tt[10]
    cdef int np_ = 0, nt = 0, i, j, p, q, s, x, y
    cdef int best_x = 0, best_y = 0
    cdef uint16_t v, best = 0
    for i in range(nh):
        for j in range(i + 1, nh):
            pk[np_] = RKEY[h[i] >> 2] + RKEY[h[j] >> 2]
            pr[np_] = ((<uint32_t>1) << (h[i] >> 2)) | ((<uint32_t>1) << (h[j] >> 2))
            ps[np_] = (h[i] & 3) if (h[i] & 3) == (h[j] & 3) else -1
            pi[np_] = i
            pj[np_] = j
            np_ += 1
    for p in range(nb):
        for q in range(p + 1, nb):
            for s in range(q + 1, nb):
                tk[nt] = RKEY[b[p] >> 2] + RKEY[b[q] >> 2] + RKEY[b[s] >> 2]
                tr[nt] = (((<uint32_t>1) << (b[p] >> 2)) | ((<uint32_t>1) << (b[q] >> 2))
                          | ((<uint32_t>1) << (b[s] >> 2)))
                ts[nt] = (b[p] & 3) if (b[p] & 3) == (b[q] & 3) == (b[s] & 3) else -2
                tp[nt] = p
                tq[nt] = q
                tt[nt] = s
                nt += 1
    # Pass 1: the best value, branch-free; pass 2: the first selection
    # reaching it (its lookups are in cache by then).
    for x in range(np_):
        for y in range(nt):
            v = FLUSH[pr[x] | tr[y]] if ps[x] == ts[y] else NF5[pk[x] + tk[y]]
            best = v if v > best else best
    for x in range(np_):
        for y in range(nt):
            v = FLUSH[pr[x] | tr[y]] if ps[x] == ts[y] else NF5[pk[x] + tk[y]]
            if v == best:
                best_x = x
                best_y = y
                break
        else:
            continue
        break
    out.strength = best
    out.i = <int8_t>pi[best_x]
    out.j = <int8_t>pj[best_x]
    out.p = <int8_t>tp[best_y]
    out.q = <int8_t>tq[best_y]
    out.s = <int8_t>tt[best_y]


cdef void _lo_select(const uint8_t *h, int nh, const uint8_t *b, int nb,
                     Selection *out) noexcept nogil:
    """The 60-combination low selection (strength 0 when there is no low).

    Like _hi_select: sorted input, the first best selection is reported.
    Smaller 5-rank masks are better lows.
    """
    cdef uint32_t pm[15]
    cdef uint32_t tm[10]
    cdef int pi[15]
    cdef int pj[15]
    cdef int tp[10]
    cdef int tq[10]
    cdef int tt[10]
    cdef int np_ = 0, nt = 0, i, j, p, q, s, x, y
    cdef int best_x = -1, best_y = -1
    cdef uint32_t m, best = 0x100
    for i in range(nh):
        for j in range(i + 1, nh):
            m = LOWBIT[h[i]] | LOWBIT[h[j]]
            if OMAHA_POPCOUNT(m) == 2:
                pm[np_] = m
                pi[np_] = i
                pj[np_] = j
                np_ += 1
    for p in range(nb):
        for q in range(p + 1, nb):
            for s in range(q + 1, nb):
                m = LOWBIT[b[p]] | LOWBIT[b[q]] | LOWBIT[b[s]]
                if OMAHA_POPCOUNT(m) == 3:
                    tm[nt] = m
                    tp[nt] = p
                    tq[nt] = q
                    tt[nt] = s
                    nt += 1
    for x in range(np_):
        for y in range(nt):
            if pm[x] & tm[y]:
                continue
            m = pm[x] | tm[y]
            if m < best:
                best = m
                best_x = x
                best_y = y
    if best_x < 0:
        out.strength = 0
        return
    out.strength = LO_STRENGTH[best]
    out.i = <int8_t>pi[best_x]
    out.j = <int8_t>pj[best_x]
    out.p = <int8_t>tp[best_y]
    out.q = <int8_t>tq[best_y]
    out.s = <int8_t>tt[best_y]

# ---------------------------------------------------------------------------
# The cards used, from the value: the first selection that makes it
# ---------------------------------------------------------------------------

cdef enum:
    ROW_OK = 0
    ROW_HOLE_COUNT = 1    # not 4 to 6 hole cards
    ROW_BOARD_COUNT = 2   # not 3 to 5 board cards
    ROW_CODE = 3          # a code outside 0..51
    ROW_DUPLICATE = 4     # a card twice in the row (hole and board together)
    NO_CARD = 255


cdef inline void _copy_small(const uint8_t *src, uint8_t *dst, int n) noexcept nogil:
    """Copy n <= 6 bytes, once each, without a call to memcpy (see _copy_row)."""
    if n >= 4:
        dst[0] = src[0]
        dst[1] = src[1]
        dst[2] = src[2]
        dst[3] = src[3]
        if n >= 5:
            dst[4] = src[4]
            if n == 6:
                dst[5] = src[5]
    else:
        for i in range(n):
            dst[i] = src[i]


cdef inline uint8_t _row_status(const uint8_t *h, int nh, const uint8_t *b,
                                int nb) noexcept nogil:
    """ROW_OK, or why the row (already copied) cannot be evaluated (no branch per card)."""
    cdef uint64_t seen = 0, bit, dup = 0, bad = 0
    cdef int i
    if nh < 4 or nh > 6:
        return ROW_HOLE_COUNT
    if nb < 3 or nb > 5:
        return ROW_BOARD_COUNT
    for i in range(nh):
        bad |= h[i] > 51
        bit = (<uint64_t>1) << (h[i] & 63)
        dup |= seen & bit
        seen |= bit
    for i in range(nb):
        bad |= b[i] > 51
        bit = (<uint64_t>1) << (b[i] & 63)
        dup |= seen & bit
        seen |= bit
    if bad:
        return ROW_CODE
    return ROW_DUPLICATE if dup else ROW_OK


cdef inline void _lo_ranking_order(int *c, uint8_t v) noexcept nogil:
    """Put the five cards of the low v in order: highest low rank first, the ace last."""
    cdef int slot[8]
    cdef int i
    for i in range(5):
        slot[OMAHA_CTZ(LOWBIT[c[i]])] = c[i]
    for i in range(5):
        c[i] = slot[LO_ORDER[v][i]]


cdef inline void _hi_ranking_order(int *c, uint16_t v) noexcept nogil:
    """Put the five cards of a high hand of value v in ranking order.

    Groups first (the larger group, then the higher rank), then by rank and
    code, highest first; a five-high straight (the wheel) is 5-4-3-2-A.
    Codes order cards by rank, then suit, so the key is the group size,
    then the code.
    """
    cdef int key[5]
    cdef int i
    cdef uint64_t counts = HI_NIB[v]
    cdef uint32_t raw = HI_RAW[v]
    cdef int cat = raw >> 20
    if (cat == 4 or cat == 8) and ((raw >> 16) & 0xF) == 3:
        for i in range(5):  # the ace plays low: below the deuce
            key[i] = c[i] - 48 if c[i] >= 48 else c[i] + 4
        sort5(key)
        for i in range(5):
            c[i] = key[4 - i] + 48 if key[4 - i] < 4 else key[4 - i] - 4
        return
    for i in range(5):
        key[i] = ((<int>(counts >> ((c[i] >> 2) << 2)) & 15) << 6) | c[i]
    sort5(key)
    for i in range(5):
        c[i] = key[4 - i] & 63


cdef inline uint64_t _nib(uint8_t code) noexcept nogil:
    """The card's rank as one count in a per-rank nibble vector (13 nibbles)."""
    return CARD_NIB[code]


cdef inline bint _covers(uint64_t a, uint64_t c) noexcept nogil:
    """Whether every rank count of a is at least c's (counts 0..4 per nibble)."""
    return (((a | NIB_GUARD) - c) & NIB_GUARD) == NIB_GUARD


cdef inline void _hi_cards_of_pair(const uint8_t *b, int nb, uint16_t v, uint8_t x,
                                   uint8_t y, int *out) noexcept nogil:
    """The selection worth v (no flush) with the hole pair x, y, into out.

    The board b sorted: the lowest board card of each rank still needed, in
    order (the first triple of the pair in the tie order).
    """
    cdef uint64_t need = HI_NIB[v] - CARD_NIB[x] - CARD_NIB[y], mask
    cdef int tmp[8]
    cdef int k, n = 0, take
    out[0] = x
    out[1] = y
    for k in range(nb):
        tmp[n] = b[k]
        mask = need & CARD_RANK_NIB[b[k]]       # this rank's count still needed
        take = mask != 0
        need -= CARD_NIB[b[k]] if take else 0
        n += take
    out[2] = tmp[0]
    out[3] = tmp[1]
    out[4] = tmp[2]


cdef inline int _hi_cards_of(const uint8_t *h, int nh, const uint8_t *b, int nb,
                             uint16_t v, int *out) noexcept nogil:
    """The first selection (in the tie order of _hi_select) worth v, into out.

    h and b sorted ascending. v's five ranks are known (HI_NIB: per-rank
    counts; HI_TARGET: the rank set of a flush). Pairs are tried in
    lexicographic order; a pair fits when its ranks are among v's and the
    board holds the rest (for a flush: all of one suit). The first triple
    of a fitting pair is the lowest board card of each rank still needed,
    which a walk over the sorted board picks in order. Without a flush, a
    selection of v's ranks cannot be suited (it would be worth more than the
    best, v). Returns 0 if no selection is worth v (never, for the best
    value of the hand).
    """
    cdef int cat = HI_CAT[v]
    cdef uint64_t board = 0
    cdef uint32_t target, pair, bits, suit_board[4]
    cdef int i, j, k, n, su
    if cat == 5 or cat == 8:
        target = HI_TARGET[v]
        suit_board[0] = suit_board[1] = suit_board[2] = suit_board[3] = 0
        for k in range(nb):
            suit_board[b[k] & 3] |= (<uint32_t>1) << (b[k] >> 2)
        for i in range(nh):
            for j in range(i + 1, nh):
                su = h[i] & 3
                if (h[j] & 3) != su:
                    continue
                pair = ((<uint32_t>1) << (h[i] >> 2)) | ((<uint32_t>1) << (h[j] >> 2))
                bits = target & ~pair
                if (pair & ~target) or (bits & ~suit_board[su]):
                    continue
                out[0] = h[i]
                out[1] = h[j]
                n = 2
                for k in range(nb):
                    if (b[k] & 3) == su and (bits >> (b[k] >> 2)) & 1:
                        out[n] = b[k]
                        n += 1
                return 1
        return 0
    # Every pair at once, without branches: bit k of fits for pair k.
    cdef uint64_t target_nib = HI_NIB[v], p
    cdef uint64_t hn[6]
    cdef uint32_t fits = 0
    cdef const int8_t *pi = PAIR_INDEX[nh]
    for k in range(nb):
        board += CARD_NIB[b[k]]
    for k in range(nh):
        hn[k] = CARD_NIB[h[k]]
    n = PAIRS_OF[nh]
    for k in range(n):
        p = hn[pi[2 * k]] + hn[pi[2 * k + 1]]
        fits |= (<uint32_t>(_covers(target_nib, p) & _covers(board, target_nib - p))) << k
    if fits == 0:
        return 0
    k = OMAHA_CTZ(fits)
    _hi_cards_of_pair(b, nb, v, h[pi[2 * k]], h[pi[2 * k + 1]], out)
    return 1


cdef inline int _lo_cards_of(const uint8_t *h, int nh, const uint8_t *b, int nb,
                             uint8_t v, uint32_t board, int *out) noexcept nogil:
    """The first selection (in the tie order of _lo_select) making the low v.

    As _hi_cards_of, with the five low ranks as a set: the first pair of two
    different low ranks among v's whose other three ranks are on the board,
    then the lowest board card of each of those ranks. board is the low
    set of b.
    """
    cdef uint32_t target = LO_MASK[v], x, need, fits = 0, ok
    cdef uint32_t hl[6]
    cdef int k, n
    cdef int tmp[8]
    cdef const int8_t *pi = PAIR_INDEX[nh]
    for k in range(nh):
        hl[k] = LOWBIT[h[k]]
    n = PAIRS_OF[nh]
    for k in range(n):
        x = hl[pi[2 * k]] | hl[pi[2 * k + 1]]   # two different low ranks, both in v
        ok = (POP8[x] == 2) & ((x & ~target) == 0) & ((target & ~x & ~board) == 0)
        fits |= ok << k
    if fits == 0:
        return 0
    k = OMAHA_CTZ(fits)
    out[0] = h[pi[2 * k]]
    out[1] = h[pi[2 * k + 1]]
    need = target & ~(hl[pi[2 * k]] | hl[pi[2 * k + 1]])
    n = 0
    for k in range(nb):  # the lowest board card of each rank still needed, in order
        tmp[n] = b[k]
        x = need & LOWBIT[b[k]]
        need &= ~x
        n += x != 0
    out[2] = tmp[0]
    out[3] = tmp[1]
    out[4] = tmp[2]
    return 1


cdef struct SelectOut:
    uint16_t *hi            # (n,) high strength, 0 for a bad row
    uint8_t *category       # (n,) HandCategory of the high hand
    uint8_t *hi_cards       # (n, 5) the high hand in ranking order
    uint8_t *lo             # (n,) low strength, 0 = no low (or a bad row)
    uint8_t *lo_cards       # (n, 5) the low in ranking order, NO_CARD without one
    uint8_t *status         # (n,) in: a nonzero status skips the row; out: ROW_*


cdef inline void _finish_row(const uint8_t *h, int nh, const uint8_t *b, int nb,
                             uint16_t v, const SelectOut *o, Py_ssize_t r) noexcept nogil:
    """Write a good row's results; h and b are sorted."""
    cdef Selection sel
    cdef int hc[5]
    if not _hi_cards_of(h, nh, b, nb, v, hc):  # not reached: v is the hand's value
        _hi_select(h, nh, b, nb, &sel)
        v = sel.strength
        hc[0] = h[sel.i]
        hc[1] = h[sel.j]
        hc[2] = b[sel.p]
        hc[3] = b[sel.q]
        hc[4] = b[sel.s]
    _finish_row_cards(h, nh, b, nb, v, hc, o, r)


cdef inline void _finish_row_cards(const uint8_t *h, int nh, const uint8_t *b, int nb,
                                   uint16_t v, int *hc, const SelectOut *o,
                                   Py_ssize_t r) noexcept nogil:
    """Write a good row's results, its high hand's cards hc known; h and b are sorted.

    The cards are worked out in local ints and stored once at the end: a
    store through a uint8_t pointer may alias anything, and would make the
    compiler reload every table value around it.
    """
    cdef int lc[5]
    cdef uint8_t lv
    cdef uint32_t hs = 0, bs = 0
    cdef int i
    cdef uint8_t *out
    _hi_ranking_order(hc, v)
    for i in range(nh):
        hs |= LOWBIT[h[i]]
    for i in range(nb):
        bs |= LOWBIT[b[i]]
    lv = LO[(hs << 8) | bs]
    if lv and _lo_cards_of(h, nh, b, nb, lv, bs, lc):
        _lo_ranking_order(lc, lv)
    else:
        lv = 0
        for i in range(5):
            lc[i] = NO_CARD
    o.hi[r] = v
    o.category[r] = HI_CAT[v]
    o.lo[r] = lv
    out = o.hi_cards + 5 * r
    for i in range(5):
        out[i] = <uint8_t>hc[i]
    out = o.lo_cards + 5 * r
    for i in range(5):
        out[i] = <uint8_t>lc[i]


cdef inline void _bad_row(const SelectOut *o, Py_ssize_t r, uint8_t status) noexcept nogil:
    cdef int k
    o.status[r] = status
    o.hi[r] = 0
    o.category[r] = 0
    o.lo[r] = 0
    for k in range(5):
        o.hi_cards[5 * r + k] = NO_CARD
        o.lo_cards[5 * r + k] = NO_CARD


cdef inline int _same_count(const int8_t *n, Py_ssize_t start, Py_ssize_t stop) noexcept nogil:
    """The count every row of start:stop has (start < stop), or -1 if they differ."""
    cdef int first = n[start], differ = 0
    cdef Py_ssize_t r
    for r in range(start + 1, stop):
        differ |= n[r] != first
    return -1 if differ else first


cdef inline bint _cards_ok(const uint8_t *h, int nh, const uint8_t *b) noexcept nogil:
    """Whether a row's nh hole cards and 5 board cards are distinct cards, with one branch.

    CARD_BIT gives a card its bit and any other byte bit 52: no card repeats
    when the sum of the bits equals their union (at most eleven bits, so the
    sum cannot wrap), and all are cards when the union has no bit 52.
    """
    cdef uint64_t seen = 0, total = 0, bit
    cdef int i
    for i in range(nh):
        bit = CARD_BIT[h[i]]
        seen |= bit
        total += bit
    for i in range(5):
        bit = CARD_BIT[b[i]]
        seen |= bit
        total += bit
    return (seen == total) & ((seen >> 52) == 0)


cdef inline uint16_t _row_flush(const uint8_t *h, int nh, const uint8_t *b) noexcept nogil:
    """The best flush of a valid row with a 5-card board, or 0 (usually, at once).

    A flush needs 2 hole and 3 board cards of one suit: the suit counts in
    nibbles tell, and only the rare rows that pass go to _flush_part.
    """
    cdef uint32_t hs = 0, bs = 0
    cdef int i
    for i in range(nh):
        hs += SUIT_NIB[h[i]]
    for i in range(5):
        bs += SUIT_NIB[b[i]]
    if (hs + 0x6666) & (bs + 0x5555) & 0x8888:
        return _flush_part(h, nh, b, 5)
    return 0


cdef inline Py_ssize_t _select_fixed(const uint8_t *holes, int hw, int nh,
                                     const uint8_t *boards, int bw, const SelectOut *o,
                                     Py_ssize_t start, Py_ssize_t stop) noexcept nogil:
    """_select_rows for rows all of nh hole cards and a 5-card board (nh a constant).

    Row r's cards are the first nh of holes' hw-wide row r and the first 5
    of boards' bw-wide row r.

    As _hi_rows_pairs: _cards_ok (a bad row then gets its reason from
    _row_status), _board_row, the pairs unrolled, CARD_PAIR on the sorted
    codes. The cards used come from the pairs' entries themselves
    (without a flush, a pair is in a best selection exactly when its
    PAIRBEST entry is the best value), so only flushes take _hi_cards_of.
    """
    cdef uint8_t h[BLOCK][6]
    cdef uint8_t b[BLOCK][5]
    cdef uint8_t good[BLOCK]
    cdef const uint16_t *rows[BLOCK]
    cdef uint16_t fl[BLOCK]
    cdef Py_ssize_t r = start, m, k, bad = 0
    cdef uint8_t st
    cdef uint16_t w, best
    cdef uint16_t pw[15]
    cdef int hc[5]
    cdef int i, j, n
    cdef uint32_t fits
    cdef const uint16_t *row
    while r < stop:
        m = _block_len(r, stop)
        for k in range(m):
            good[k] = 0
            st = o.status[r + k]
            if st != ROW_OK:  # marked by the caller (a null row)
                _bad_row(o, r + k, st)
                bad += 1
                continue
            _copy_small(holes + (r + k) * hw, h[k], nh)
            _copy_small(boards + (r + k) * bw, b[k], 5)
            if not _cards_ok(h[k], nh, b[k]):
                _bad_row(o, r + k, _row_status(h[k], nh, b[k], 5))
                bad += 1
                continue
            good[k] = 1
            sort_codes(h[k], nh)
            sort_codes(b[k], 5)
            rows[k] = _prefetched(_board_row(b[k]))
            fl[k] = _row_flush(h[k], nh, b[k])
        for k in range(m):
            if not good[k]:
                continue
            row = rows[k]
            n = 0
            best = 0
            for i in range(nh):
                for j in range(i + 1, nh):
                    w = row[CARD_PAIR[(<uint32_t>h[k][i] << 6) | h[k][j]]]
                    pw[n] = w
                    n += 1
                    best = w if w > best else best
            if fl[k] > best:  # a flush: its own search
                _finish_row(h[k], nh, b[k], 5, fl[k], o, r + k)
                continue
            # Without a flush, a pair makes the best hand exactly when its
            # entry is the best: the first such pair, in the tie order.
            fits = 0
            for i in range(n):
                fits |= (<uint32_t>(pw[i] == best)) << i
            i = OMAHA_CTZ(fits)
            _hi_cards_of_pair(b[k], 5, best, h[k][PAIR_INDEX[nh][2 * i]],
                              h[k][PAIR_INDEX[nh][2 * i + 1]], hc)
            _finish_row_cards(h[k], nh, b[k], 5, best, hc, o, r + k)
        r += m
    return bad


cdef Py_ssize_t _select_rows(const uint8_t *holes, int hw, const int8_t *hn,
                             const uint8_t *boards, int bw, const int8_t *bn,
                             const SelectOut *o, Py_ssize_t start,
                             Py_ssize_t stop) noexcept nogil:
    """High and low with the cards used, for rows start:stop; returns the bad rows.

    Row r holds hn[r] hole cards of the hw-wide row r of holes (hw cards
    when hn is NULL), likewise for boards. BIG must be built. Each row is
    copied once, validated, sorted; rows with a 5-card board read their
    board's PAIRBEST row in blocks of BLOCK with prefetch (as
    _hi_rows_pairs), the others take _hi_fast.
    """
    cdef uint8_t h[BLOCK][6]
    cdef uint8_t b[BLOCK][5]
    cdef int nh[BLOCK]
    cdef int nb[BLOCK]
    cdef const uint16_t *rows[BLOCK]
    cdef uint16_t fl[BLOCK]
    cdef Py_ssize_t r = start, m, k, bad = 0
    cdef uint8_t st
    cdef uint16_t v
    cdef int hk = hw if hn == NULL else _same_count(hn, start, stop)
    cdef int bk = bw if bn == NULL else _same_count(bn, start, stop)
    if bk == 5 and bw >= 5:  # one size in every row: the path of constant sizes
        if hk == 4 and hw >= 4:
            return _select_fixed(holes, hw, 4, boards, bw, o, start, stop)
        if hk == 5 and hw >= 5:
            return _select_fixed(holes, hw, 5, boards, bw, o, start, stop)
        if hk == 6 and hw >= 6:
            return _select_fixed(holes, hw, 6, boards, bw, o, start, stop)
    while r < stop:
        m = _block_len(r, stop)
        for k in range(m):
            nh[k] = hn[r + k] if hn != NULL else hw
            nb[k] = bn[r + k] if bn != NULL else bw
            st = o.status[r + k]
            if st == ROW_OK:
                if nh[k] < 0 or nh[k] > hw:
                    st = ROW_HOLE_COUNT
                elif nb[k] < 0 or nb[k] > bw:
                    st = ROW_BOARD_COUNT
                else:
                    _copy_small(holes + (r + k) * hw, h[k], nh[k])
                    _copy_small(boards + (r + k) * bw, b[k], nb[k])
                    st = _row_status(h[k], nh[k], b[k], nb[k])
            if st != ROW_OK:
                _bad_row(o, r + k, st)
                nh[k] = 0
                bad += 1
                continue
            sort_codes(h[k], nh[k])
            sort_codes(b[k], nb[k])
            if nb[k] == 5:
                rows[k] = _prefetched(_board_row(b[k]))
                fl[k] = _flush_part(h[k], nh[k], b[k], 5)
        for k in range(m):
            if nh[k] == 0:
                continue
            if nb[k] == 5:
                v = _pairs_best(rows[k], h[k], nh[k])
                if fl[k] > v:
                    v = fl[k]
                if nh[k] == 4:
                    _finish_row(h[k], 4, b[k], 5, v, o, r + k)  # constant sizes: unrolled
                else:
                    _finish_row(h[k], nh[k], b[k], 5, v, o, r + k)
            else:
                v = _hi_fast(h[k], nh[k], b[k], nb[k])
                _finish_row(h[k], nh[k], b[k], nb[k], v, o, r + k)
        r += m
    return bad


from functools import update_wrapper as _update_wrapper
from time import perf_counter as _perf_counter

cdef EvalTables _TABLES    # filled once by warmup(), under BIG_LOCK


cdef inline bint _pairs_ready() noexcept nogil:
    """Whether the pair table is built (an acquire load: its content is seen too)."""
    return OMAHA_LOAD_PTR(&PAIRBEST) != NULL


cdef int _need_pairs() except -1:
    """Build the pair table on first use (the batch kernels' table), under the lock."""
    global PAIRBEST, BIG_BUILD_SECONDS
    cdef uint16_t *p
    cdef double t0
    with BIG_LOCK:
        if PAIRBEST != NULL:
            return 0
        t0 = _perf_counter()
        with nogil:
            p = _build_pairs()
        if p == NULL:
            raise MemoryError("cannot allocate the 1.2 MB Omaha Hi pair table")
        OMAHA_STORE_PTR(&PAIRBEST, p)
        BIG_BUILD_SECONDS += _perf_counter() - t0
    return 0


def warmup():
    """Build the table the batch kernels read now instead of on their first call.

    The pair table: for each of the 6,188 board rank multisets, the best
    strength without flushes of each of the 91 rank pairs with three of the
    board (1.2 MB: rows padded to three cache lines). It is built in C once
    per process, under a lock, so
    concurrent first calls (also with the GIL released or on free-threaded
    Python) build it once. (The equity loops also read a 22.5 MB hole x
    board table, built from it on their first call.)

    Returns
    -------
    float
        The seconds the build took (0.0 if it was already built, whose time
        is in :func:`hi_table_build_seconds`).

    Raises
    ------
    MemoryError
        If the table cannot be allocated.
    """
    cdef double before
    with BIG_LOCK:
        if PAIRBEST != NULL:
            return 0.0
        before = BIG_BUILD_SECONDS
    _need_pairs()
    return BIG_BUILD_SECONDS - before


def hi_table_build_seconds():
    """Seconds the Hi tables took to build so far, or None if none is built yet."""
    with BIG_LOCK:
        if PAIRBEST == NULL:
            return None
        return BIG_BUILD_SECONDS


cdef int _need_big() except -1:
    """Build the large hole x board table (the equity loops'), under the lock."""
    global BIG, BIG_BUILD_SECONDS
    cdef uint16_t *p
    cdef double t0
    _need_pairs()
    with BIG_LOCK:
        if BIG != NULL:
            return 0
        t0 = _perf_counter()
        with nogil:
            p = _build_big(PAIRBEST)
        if p == NULL:
            raise MemoryError("cannot allocate the 22.5 MB Omaha Hi table")
        _TABLES.big = p
        _TABLES.nf5 = NF5
        _TABLES.flush = FLUSH
        _TABLES.lo = LO
        _TABLES.lowbit = LOWBIT
        _TABLES.rkey = RKEY
        _TABLES.hole_colex = &HOLE_COLEX[0][0]
        _TABLES.board_colex = &BOARD_COLEX[0][0]
        _TABLES.n_board = N_BOARD_MS
        BIG = p
        BIG_BUILD_SECONDS += _perf_counter() - t0
    return 0


cdef const EvalTables *eval_tables() except NULL:
    _need_big()
    return &_TABLES


cdef uint16_t flush_value(uint32_t hole_ranks, uint32_t board_ranks) noexcept nogil:
    return _flush_best(hole_ranks, board_ranks)


cdef uint32_t hole_index(const uint8_t *hole4) noexcept nogil:
    return _hole4_index(hole4)


cdef uint32_t board_index(const uint8_t *board5) noexcept nogil:
    return _board5_index(board5)


cdef uint32_t binom(int n, int k) noexcept nogil:
    return _binom(n, k)


cdef const uint16_t *straight_windows() noexcept nogil:
    return SF_WINDOW


# ---------------------------------------------------------------------------
# Results: a compiled base for the Python HighHand / LowHand classes
# ---------------------------------------------------------------------------

class CardError(ValueError):
    """Internal: bad cards; the Python layer re-raises it as InvalidCardError."""


class NotCodes(CardError):
    """Internal: not a sequence of card codes (text, card strings, None, 2.0, True...).

    The Python layer then reads the cards with omaha.cards, which names a
    value that is no card.
    """


cdef class SelectedHand:
    """A hand value with the two hole cards and three board cards selected.

    The compiled base of :class:`omaha.HighHand` and :class:`omaha.LowHand`.
    Comparisons use the value only (``strength``; larger is stronger) and
    only between results of the same kind.
    """

    @property
    def hole_cards(self):
        """The two hole card codes used, ascending: ``tuple[int, int]``."""
        return (self._codes[0], self._codes[1])

    @property
    def board_cards(self):
        """The three board card codes used, ascending: ``tuple[int, int, int]``."""
        return (self._codes[2], self._codes[3], self._codes[4])

    def __richcmp__(self, other, int op):
        if not isinstance(other, SelectedHand):
            return NotImplemented
        if (<SelectedHand>other)._kind != self._kind:
            return NotImplemented
        cdef int a = self.strength
        cdef int b = (<SelectedHand>other).strength
        if op == 0:
            return a < b
        if op == 1:
            return a <= b
        if op == 2:
            return a == b
        if op == 3:
            return a != b
        if op == 4:
            return a > b
        return a >= b

    def __hash__(self):
        return hash((self._kind, self.strength))

    def __reduce__(self):
        return (_rebuild, (type(self), self._kind, self.strength,
                           bytes([self._codes[k] for k in range(5)])))


cdef tuple _EMPTY = ()


cdef SelectedHand _make(type cls, uint8_t kind, uint16_t strength,
                        const uint8_t *h, const uint8_t *b,
                        const Selection *sel):
    cdef SelectedHand r = <SelectedHand>(<PyTypeObject *>cls).tp_new(
        cls, <PyObject *>_EMPTY, NULL)
    r.strength = strength
    r._kind = kind
    r._codes[0] = h[sel.i]
    r._codes[1] = h[sel.j]
    r._codes[2] = b[sel.p]
    r._codes[3] = b[sel.q]
    r._codes[4] = b[sel.s]
    return r


def _rebuild(type cls, int kind, int strength, bytes codes):
    """Unpickle a SelectedHand subclass."""
    cdef Selection sel
    cdef uint8_t c[5]
    if not PyType_IsSubtype(cls, SelectedHand) or len(codes) != 5:
        raise TypeError("cannot rebuild a hand from this state")
    for k in range(5):
        c[k] = codes[k]
    sel.i, sel.j, sel.p, sel.q, sel.s = 0, 1, 2, 3, 4
    return _make(cls, <uint8_t>kind, <uint16_t>strength, c, c, &sel)


# ---------------------------------------------------------------------------
# def boundary: one hand
# ---------------------------------------------------------------------------

cdef int _load(object seq, uint8_t *out, int lo, int hi, str what) except -1:
    """Card codes of text, a bytes object or a tuple or list of ints into out; the count.

    Text is read by omaha._cardtext's parser (the notation is not this
    module's). Raises NotCodes for anything else, for text that parser
    leaves to the Python one (malformed, a duplicate, non-ASCII), and for a
    tuple or list of the wrong length or with a code outside 0..51: the
    Python layer then reads the cards with omaha.cards, which names the
    value (nothing here calls repr on the caller's objects). CardError for
    text or bytes of a wrong count, or a byte over 51.
    """
    cdef Py_ssize_t n, i
    cdef long c
    cdef const unsigned char *p
    cdef const char *t
    cdef uint8_t codes[7]
    cdef int got
    if type(seq) is str:
        t = PyUnicode_AsUTF8AndSize(seq, &n) if PyUnicode_IS_ASCII(seq) else NULL
        if t == NULL:
            raise NotCodes(what)
        got = parse_text(<const uint8_t *>t, n, codes, hi + 1)
        if got < 0:
            raise NotCodes(what)
        if got < lo or got > hi:
            raise CardError(f"{what} needs {lo} to {hi} cards, got {got}: {seq!r}")
        for i in range(got):
            out[i] = codes[i]
        return got
    if type(seq) is bytes:
        n = len(<bytes>seq)
        if n < lo or n > hi:
            raise CardError(f"{what} needs {lo} to {hi} cards, got {n}: {tuple(seq)!r}")
        p = <const unsigned char *>(<const char *>seq)
        for i in range(n):
            if p[i] > 51:
                raise CardError(f"card code {p[i]} in {what} {tuple(seq)!r} is outside 0..51")
            out[i] = p[i]
        return <int>n
    if type(seq) is not tuple and type(seq) is not list:
        raise NotCodes(what)
    n = len(seq)
    if n < lo or n > hi:  # the Python layer says so, naming the cards
        raise NotCodes(what)
    cdef bint is_tuple = type(seq) is tuple
    cdef PyObject *cell
    for i in range(n):
        cell = _tuple_item(seq, i) if is_tuple else _list_item(seq, i)
        if not _exact_int(cell):
            raise NotCodes(what)  # numpy integers, strings, floats: the Python layer reads them
        c = OMAHA_SMALL_INT(cell)  # an exact int: never fails
        if c < 0:  # outside 0..51: the Python layer names it (no repr of the rest here)
            raise NotCodes(what)
        out[i] = <uint8_t>c
    return <int>n


cdef int _load_deal(object hole, object board, uint8_t *h, int *nh, uint8_t *b,
                    int *nb) except -1:
    nh[0] = _load(hole, h, 4, 6, "hole")
    nb[0] = _load(board, b, 3, 5, "board")
    if not _row_ok(h, nh[0], b, nb[0]):
        raise CardError("a card is repeated in the hole and the board")
    sort_codes(h, nh[0])
    sort_codes(b, nb[0])
    return 0


cdef object _CHECKED_HI = None   # the last result classes found to subclass SelectedHand
cdef object _CHECKED_LO = None


cdef inline int _check_class(type cls) except -1:
    global _CHECKED_HI, _CHECKED_LO
    if cls is _CHECKED_HI or cls is _CHECKED_LO:
        return 0
    if not PyType_IsSubtype(cls, SelectedHand):
        raise TypeError("cls must be a subclass of SelectedHand")
    if _CHECKED_HI is None:
        _CHECKED_HI = cls
    else:
        _CHECKED_LO = cls
    return 0


cdef SelectedHand _make_cards(type cls, uint8_t kind, uint16_t strength,
                              const int *codes):
    cdef SelectedHand r = <SelectedHand>(<PyTypeObject *>cls).tp_new(
        cls, <PyObject *>_EMPTY, NULL)
    cdef int k
    r.strength = strength
    r._kind = kind
    for k in range(5):
        r._codes[k] = <uint8_t>codes[k]
    return r


cdef object _hi_sorted(const uint8_t *h, int nh, const uint8_t *b, int nb, type cls):
    """Omaha Hi of a valid deal, h and b sorted, as a ``cls`` (a SelectedHand)."""
    cdef int codes[5]
    cdef uint16_t v
    cdef Selection sel
    if nb == 5 and _pairs_ready() == 0:
        _need_pairs()
    v = _hi_fast(h, nh, b, nb)
    if not _hi_cards_of(h, nh, b, nb, v, codes):  # not reached
        _hi_select(h, nh, b, nb, &sel)
        return _make(cls, 0, sel.strength, h, b, &sel)
    return _make_cards(cls, 0, v, codes)


cdef object _lo_sorted(const uint8_t *h, int nh, const uint8_t *b, int nb, type cls):
    """Omaha eight-or-better Lo of a valid deal, h and b sorted, as a ``cls``, or None."""
    cdef int codes[5]
    cdef int i
    cdef uint32_t hs = 0, bs = 0
    cdef uint8_t v
    for i in range(nh):
        hs |= LOWBIT[h[i]]
    for i in range(nb):
        bs |= LOWBIT[b[i]]
    v = LO[(hs << 8) | bs]
    if v == 0 or not _lo_cards_of(h, nh, b, nb, v, bs, codes):
        return None
    return _make_cards(cls, 1, v, codes)


cdef object _one(object hole, object board, type cls, bint low):
    """Omaha Hi (or, when low, eight-or-better Lo or None) of one deal as a ``cls``."""
    cdef uint8_t h[6]
    cdef uint8_t b[5]
    cdef int nh, nb
    _load_deal(hole, board, h, &nh, b, &nb)
    if low:
        return _lo_sorted(h, nh, b, nb, cls)
    return _hi_sorted(h, nh, b, nb, cls)


def evaluate_hi(hole, board, type cls):
    """Omaha Hi of one deal; ``cls`` is the result class (a SelectedHand).

    hole: 4 to 6 card codes; board: 3 to 5 card codes (a bytes object or a
    tuple or list of ints). The value comes from the tables, the cards used
    from the search of select_rows (the tie order of _hi_select). Raises
    NotCodes when the arguments are not code sequences, CardError (a
    ValueError) on a code outside 0..51, a duplicate or a wrong count.
    """
    _check_class(cls)
    return _one(hole, board, cls, False)


def evaluate_lo(hole, board, type cls):
    """Omaha eight-or-better Lo of one deal, or None (as evaluate_hi)."""
    _check_class(cls)
    return _one(hole, board, cls, True)


# The public doors (omaha.evaluate_hi, omaha.evaluate_lo, omaha.showdown):
# the compiled path, then the Python function each was made from for what it
# does not take (card strings in a sequence, NumPy integers, bad input and
# its message). No Python frame on the fast path. evaluator.py hands its
# classes and those functions over once, by name, through bind().
cdef class _Bound:
    """What bind() was given: the result classes and the Python fallbacks."""
    cdef type high          # HighHand (a SelectedHand subclass)
    cdef type low           # LowHand
    cdef type showdown      # Showdown (slots dataclass, fields SD_FIELDS)
    cdef type player        # PlayerShowdown (slots dataclass, fields PS_FIELDS)
    cdef object hi_slow     # evaluate_hi(hole, board) in Python
    cdef object lo_slow     # evaluate_lo(hole, board)
    cdef object sd_slow     # showdown(holes, board, game)


cdef _Bound _BOUND = None
cdef tuple _SD_FIELDS = ("board", "game", "players", "high_winners", "low_winners")
cdef tuple _PS_FIELDS = ("hole_cards", "high", "low")
cdef enum:
    SD_MAX_PLAYERS = 12     # more than fit in a deck with a board: the Python path says so


cdef inline _Bound _bound():
    if _BOUND is None:
        raise RuntimeError("omaha._eval is not bound yet: import omaha.evaluator first")
    return _BOUND


def _hi_door(hole, board):
    cdef _Bound b = _bound()
    try:
        return _one(hole, board, b.high, False)
    except CardError:
        pass  # the slow path runs outside the handler: no chained traceback
    return b.hi_slow(hole, board)


def _lo_door(hole, board):
    cdef _Bound b = _bound()
    try:
        return _one(hole, board, b.low, True)
    except CardError:
        pass
    return b.lo_slow(hole, board)


cdef int _check_record(type cls, tuple names, str what) except -1:
    """cls must be a slots dataclass whose fields are exactly ``names`` (any order)."""
    fields = getattr(cls, "__dataclass_fields__", None)
    if fields is None or "__slots__" not in cls.__dict__:
        raise TypeError(f"{what} must be a slots dataclass, not {cls!r}")
    if set(fields) != set(names):
        raise TypeError(f"{what} must have the fields {names}, not {tuple(fields)}")
    return 0


cdef object _door(object door, object fallback, str name):
    """The door with the fallback's name, docstring and signature (``__wrapped__``)."""
    _update_wrapper(door, fallback)
    door.__name__ = name
    door.__qualname__ = name
    return door


def bind(*, type HighHand, type LowHand, type Showdown, type PlayerShowdown,
         evaluate_hi, evaluate_lo, showdown):
    """Bind the one-hand and showdown doors to evaluator.py's classes and fallbacks.

    Called once, by omaha.evaluator, by name. ``HighHand`` and ``LowHand``
    are the SelectedHand subclasses of the results; ``Showdown`` and
    ``PlayerShowdown`` slots dataclasses with the fields board, game,
    players, high_winners, low_winners and hole_cards, high, low (set by
    name). The fallbacks ``evaluate_hi(hole, board)``,
    ``evaluate_lo(hole, board)`` and ``showdown(holes, board, game)`` run for
    what the compiled path does not take as it is, and must give the same
    result or raise the error that names the bad value. Returns the three
    doors ``(evaluate_hi, evaluate_lo, showdown)``, each with its fallback's
    docstring and signature. Everything is checked before anything is bound;
    a second call rebinds all of it.
    """
    global _BOUND
    cdef _Bound b = _Bound()
    _check_class(HighHand)
    _check_class(LowHand)
    _check_record(Showdown, _SD_FIELDS, "Showdown")
    _check_record(PlayerShowdown, _PS_FIELDS, "PlayerShowdown")
    for name, fn in (("evaluate_hi", evaluate_hi), ("evaluate_lo", evaluate_lo),
                     ("showdown", showdown)):
        if not callable(fn):
            raise TypeError(f"{name} must be callable, not {fn!r}")
    b.high, b.low, b.showdown, b.player = HighHand, LowHand, Showdown, PlayerShowdown
    b.hi_slow, b.lo_slow, b.sd_slow = evaluate_hi, evaluate_lo, showdown
    _BOUND = b
    return (_door(_hi_door, evaluate_hi, "evaluate_hi"),
            _door(_lo_door, evaluate_lo, "evaluate_lo"),
            _door(_showdown_door, showdown, "showdown"))


cdef object _record(type cls, tuple names, tuple values):
    """An instance of a slots dataclass with its fields set by name, as its own __init__ does."""
    cdef object obj = (<PyTypeObject *>cls).tp_new(cls, <PyObject *>_EMPTY, NULL)
    cdef Py_ssize_t i
    for i in range(len(names)):
        PyObject_GenericSetAttr(obj, names[i], values[i])
    return obj


cdef object _showdown_fast(object holes, object board, object game):
    """The showdown, or None for the Python path to handle (or explain)."""
    cdef uint8_t bc[5]
    cdef uint8_t bs[5]
    cdef uint8_t hc[SD_MAX_PLAYERS][6]
    cdef uint8_t hs[6]
    cdef uint16_t hi_of[SD_MAX_PLAYERS]
    cdef uint8_t lo_of[SD_MAX_PLAYERS]
    cdef int nh = 0, nb, n, i, k, got
    cdef bint lo_game
    cdef uint64_t seen = 0, bit
    cdef uint16_t best_hi = 0
    cdef uint8_t best_lo = 0
    cdef object high, low
    cdef list players, hole, high_winners, low_winners
    cdef _Bound b = _bound()
    if type(game) is not str:
        return None
    if game == "hi":
        lo_game = False
    elif game == "hilo":
        lo_game = True
    else:
        return None
    if type(holes) is not list and type(holes) is not tuple:
        return None
    n = len(holes)
    if n < 1 or n > SD_MAX_PLAYERS:
        return None
    try:
        nb = _load(board, bc, 3, 5, "board")
        for i in range(n):
            got = _load(holes[i], hc[i], 4, 6, "hole")
            if i and got != nh:
                return None
            nh = got
    except CardError:
        return None
    for k in range(nb):
        bit = (<uint64_t>1) << bc[k]
        if seen & bit:
            return None
        seen |= bit
    for i in range(n):
        for k in range(nh):
            bit = (<uint64_t>1) << hc[i][k]
            if seen & bit:
                return None
            seen |= bit
    for k in range(nb):
        bs[k] = bc[k]
    sort_codes(bs, nb)
    players = []
    for i in range(n):
        for k in range(nh):
            hs[k] = hc[i][k]
        sort_codes(hs, nh)
        high = _hi_sorted(hs, nh, bs, nb, b.high)
        hi_of[i] = (<SelectedHand>high).strength
        best_hi = hi_of[i] if hi_of[i] > best_hi else best_hi
        low = None
        lo_of[i] = 0
        if lo_game:
            low = _lo_sorted(hs, nh, bs, nb, b.low)
            if low is not None:
                lo_of[i] = <uint8_t>(<SelectedHand>low).strength
                best_lo = lo_of[i] if lo_of[i] > best_lo else best_lo
        hole = [hc[i][k] for k in range(nh)]
        players.append(_record(b.player, _PS_FIELDS, (tuple(hole), high, low)))
    high_winners = [i for i in range(n) if hi_of[i] == best_hi]
    low_winners = [i for i in range(n) if best_lo and lo_of[i] == best_lo]
    return _record(b.showdown, _SD_FIELDS, (
        tuple([bc[k] for k in range(nb)]),
        "hilo" if lo_game else "hi",
        tuple(players),
        tuple(high_winners),
        tuple(low_winners),
    ))


def _showdown_door(holes, board, game="hi"):
    cdef object result = _showdown_fast(holes, board, game)
    if result is not None:
        return result
    return _bound().sd_slow(holes, board, game)


def evaluate5(cards):
    """Plain five-card strength 1..7462 (larger is stronger) of 5 card codes."""
    cdef uint8_t c[5]
    _load(cards, c, 5, 5, "five-card hand")
    if not _row_ok(c, 5, c, 0):
        raise CardError(f"duplicate card in {cards!r}")
    return _eval5(c[0], c[1], c[2], c[3], c[4])


def hi_class(int strength):
    """``(category, ranks)`` of a Hi strength: category 0..8, ranks of the
    rank groups (largest group first, then by rank; one rank for straights)."""
    if strength < 1 or strength > N_HI:
        raise ValueError(f"hi strength {strength!r} is outside 1..7462")
    cdef uint32_t raw = HI_RAW[strength]
    cdef int cat = raw >> 20
    cdef list ranks = []
    cdef int k, r
    cdef int n = {0: 5, 1: 4, 2: 3, 3: 3, 4: 1, 5: 5, 6: 2, 7: 2, 8: 1}[cat]
    for k in range(n):
        r = (raw >> (16 - 4 * k)) & 0xF
        ranks.append(r)
    return cat, tuple(ranks)


def lo_ranks(int strength):
    """The five low ranks of a Lo strength 1..56, highest first, ace = 1."""
    if strength < 1 or strength > N_LO:
        raise ValueError(f"lo strength {strength!r} is outside 1..56")
    cdef uint32_t m = LO_MASK[strength]
    return tuple(r + 1 for r in range(7, -1, -1) if (m >> r) & 1)


# ---------------------------------------------------------------------------
# def boundary: batches (C-contiguous uint8 codes; the GIL is released)
# ---------------------------------------------------------------------------

cdef inline void _copy_row(const uint8_t *src, uint8_t *dst, int n) noexcept nogil:
    """Copy a row before validating it: the caller's array may be written
    by another thread meanwhile, so every byte is read exactly once and the
    kernels only see the validated copy."""
    cdef int i
    for i in range(n):
        dst[i] = src[i]


cdef inline Py_ssize_t _hi_rows_pairs(const uint8_t *holes, int nh, const uint8_t *boards,
                                      uint16_t *out, Py_ssize_t start,
                                      Py_ssize_t stop) noexcept nogil:
    """Hi of rows with a 5-card board: the best of the hole's pairs in PAIRBEST.

    Every pair of hole cards lies in an Omaha selection, so without flushes
    the best hand is the best over the hole's rank pairs of that pair's best
    with the board (PAIRBEST). A block of BLOCK rows is copied (each byte read
    once), validated (_cards_ok) and its rows found (_board_row) and
    prefetched, then read. Called with a constant nh, so the compiler
    unrolls the pairs, whose ids come from the card codes (CARD_PAIR).
    Flushes as _row_flush.
    """
    cdef const uint16_t *rows[BLOCK]
    cdef uint16_t fl[BLOCK]
    cdef uint8_t pid[BLOCK][15]
    cdef uint8_t h[6]
    cdef uint8_t b[5]
    cdef Py_ssize_t r = start, k, m
    cdef int i, j, n, np_ = nh * (nh - 1) // 2
    cdef uint16_t v, w
    cdef const uint16_t *row
    while r < stop:
        m = _block_len(r, stop)
        for k in range(m):
            _copy_small(holes + (r + k) * nh, h, nh)
            _copy_small(boards + (r + k) * 5, b, 5)
            if not _cards_ok(h, nh, b):
                return r + k
            rows[k] = _prefetched(_board_row(b))
            n = 0
            for i in range(nh):
                for j in range(i + 1, nh):
                    pid[k][n] = CARD_PAIR[(<uint32_t>h[i] << 6) | h[j]]
                    n += 1
            fl[k] = _row_flush(h, nh, b)
        for k in range(m):
            row = rows[k]
            v = fl[k]
            for i in range(np_):
                w = row[pid[k][i]]
                v = w if w > v else v
            out[r + k] = v
        r += m
    return -1


cdef Py_ssize_t _hi_rows(const uint8_t *holes, int nh, const uint8_t *boards,
                         int nb, uint16_t *out, Py_ssize_t start,
                         Py_ssize_t stop) noexcept nogil:
    cdef uint8_t h[6]
    cdef uint8_t b[5]
    cdef Py_ssize_t r
    if nb == 5:  # each size its own copy of the loop, its pairs unrolled
        if nh == 4:
            return _hi_rows_pairs(holes, 4, boards, out, start, stop)
        if nh == 5:
            return _hi_rows_pairs(holes, 5, boards, out, start, stop)
        return _hi_rows_pairs(holes, 6, boards, out, start, stop)
    for r in range(start, stop):
        _copy_row(holes + r * nh, h, nh)
        _copy_row(boards + r * nb, b, nb)
        if not _row_ok(h, nh, b, nb):
            return r
        out[r] = _hi_fast(h, nh, b, nb)
    return -1


cdef Py_ssize_t _lo_rows(const uint8_t *holes, int nh, const uint8_t *boards,
                         int nb, uint8_t *out, Py_ssize_t start,
                         Py_ssize_t stop) noexcept nogil:
    cdef Py_ssize_t r
    cdef uint8_t h[6]
    cdef uint8_t b[5]
    if nh == 4 and nb == 5:
        for r in range(start, stop):
            if _lo45(holes + r * 4, boards + r * 5, &out[r]):
                return r
        return -1
    for r in range(start, stop):
        _copy_row(holes + r * nh, h, nh)
        _copy_row(boards + r * nb, b, nb)
        if not _row_ok(h, nh, b, nb):
            return r
        out[r] = _lo_fast(h, nh, b, nb)
    return -1


cdef inline uint64_t _lo45(const uint8_t *hp, const uint8_t *bp,
                           uint8_t *out) noexcept nogil:
    """Lo of a 4 + 5 row, validating it without branches; nonzero if bad.

    Each input byte is read once, and every table read is of a 256-entry
    table (or LO, indexed by two 8-bit sets), so a bad code reads nothing
    outside a table before the row is rejected.
    """
    cdef uint64_t seen = 0, bad = 0, bit
    cdef uint32_t hs = 0, bs = 0
    cdef int i
    cdef uint8_t c
    for i in range(4):
        c = hp[i]
        bit = (<uint64_t>1) << (c & 63)
        bad |= (seen & bit) | (c > 51)
        seen |= bit
        hs |= LOWBIT[c]
    for i in range(5):
        c = bp[i]
        bit = (<uint64_t>1) << (c & 63)
        bad |= (seen & bit) | (c > 51)
        seen |= bit
        bs |= LOWBIT[c]
    out[0] = LO[(hs << 8) | bs]
    return bad


cdef int _check_batch(Py_ssize_t n, Py_ssize_t nh, Py_ssize_t nb,
                      Py_ssize_t nboard_rows, Py_ssize_t nout, Py_ssize_t start,
                      Py_ssize_t stop) except -1:
    if nh < 4 or nh > 6:
        raise CardError(f"holes must have 4 to 6 columns, got {nh}")
    if nb < 3 or nb > 5:
        raise CardError(f"boards must have 3 to 5 columns, got {nb}")
    if nboard_rows != n:
        raise CardError(f"holes has {n} rows but boards has {nboard_rows}")
    if nout != n:
        raise CardError(f"out has {nout} rows, expected {n}")
    if start < 0 or stop > n or start > stop:
        raise CardError(f"row range {start}:{stop} is outside 0:{n}")
    return 0


def hi_batch(const uint8_t[:, ::1] holes, const uint8_t[:, ::1] boards,
             uint16_t[::1] out, Py_ssize_t start, Py_ssize_t stop):
    """Hi strengths of rows start:stop into out; returns the first bad row or -1."""
    cdef Py_ssize_t bad
    cdef int nh = <int>holes.shape[1], nb = <int>boards.shape[1]
    _check_batch(holes.shape[0], holes.shape[1], boards.shape[1], boards.shape[0],
                 out.shape[0], start, stop)
    if start == stop:
        return -1
    if nb == 5:
        _need_pairs()
    with nogil:
        bad = _hi_rows(&holes[0, 0], nh, &boards[0, 0], nb, &out[0], start, stop)
    return bad


def lo_batch(const uint8_t[:, ::1] holes, const uint8_t[:, ::1] boards,
             uint8_t[::1] out, Py_ssize_t start, Py_ssize_t stop):
    """Lo strengths (0 = no low) of rows start:stop; returns the first bad row or -1."""
    cdef Py_ssize_t bad
    cdef int nh = <int>holes.shape[1], nb = <int>boards.shape[1]
    _check_batch(holes.shape[0], holes.shape[1], boards.shape[1], boards.shape[0],
                 out.shape[0], start, stop)
    if start == stop:
        return -1
    with nogil:
        bad = _lo_rows(&holes[0, 0], nh, &boards[0, 0], nb, &out[0], start, stop)
    return bad


def select_rows(const uint8_t[:, ::1] holes, const int8_t[::1] hole_counts,
                const uint8_t[:, ::1] boards, const int8_t[::1] board_counts,
                uint16_t[::1] hi_out, uint8_t[::1] category, uint8_t[:, ::1] hi_cards,
                uint8_t[::1] lo_out, uint8_t[:, ::1] lo_cards, uint8_t[::1] status,
                Py_ssize_t start, Py_ssize_t stop):
    """High and low of rows start:stop with the cards used, in ranking order.

    holes (n, 4..6) and boards (n, 3..5) hold each row's cards first; with
    hole_counts / board_counts (int8, n) a row uses that many (else the
    whole width). A row whose status is nonzero on entry is skipped (its
    results are zeroed, cards 255); otherwise status gets ROW_OK (0),
    ROW_HOLE_COUNT (1), ROW_BOARD_COUNT (2), ROW_CODE (3) or ROW_DUPLICATE
    (4). Returns the number of rows with a nonzero status.
    """
    cdef Py_ssize_t n = holes.shape[0], bad
    cdef int hw = <int>holes.shape[1], bw = <int>boards.shape[1]
    cdef SelectOut o
    if hw < 4 or hw > 6:
        raise CardError(f"holes must have 4 to 6 columns, got {hw}")
    if bw < 3 or bw > 5:
        raise CardError(f"boards must have 3 to 5 columns, got {bw}")
    if (boards.shape[0] != n or hi_out.shape[0] != n or category.shape[0] != n
            or hi_cards.shape[0] != n or lo_out.shape[0] != n or lo_cards.shape[0] != n
            or status.shape[0] != n or hi_cards.shape[1] != 5 or lo_cards.shape[1] != 5):
        raise CardError("every array must have n rows (and the card arrays 5 columns)")
    if ((hole_counts is not None and hole_counts.shape[0] != n)
            or (board_counts is not None and board_counts.shape[0] != n)):
        raise CardError("the counts must have n rows")
    if start < 0 or stop > n or start > stop:
        raise CardError(f"row range {start}:{stop} is outside 0:{n}")
    if start == stop:
        return 0
    _need_pairs()
    o.hi = &hi_out[0]
    o.category = &category[0]
    o.hi_cards = &hi_cards[0, 0]
    o.lo = &lo_out[0]
    o.lo_cards = &lo_cards[0, 0]
    o.status = &status[0]
    with nogil:
        bad = _select_rows(&holes[0, 0], hw,
                           &hole_counts[0] if hole_counts is not None else NULL,
                           &boards[0, 0], bw,
                           &board_counts[0] if board_counts is not None else NULL,
                           &o, start, stop)
    return bad


def select60_batch(const uint8_t[:, ::1] holes, const uint8_t[:, ::1] boards,
                   uint16_t[::1] hi_out, uint8_t[:, ::1] hi_cards,
                   uint8_t[::1] lo_out, uint8_t[:, ::1] lo_cards):
    """The 60-combination selection for every row: hi and lo strengths and
    the 5 cards used (2 hole then 3 board, each ascending; lo cards are 255
    where there is no low).  Returns the first bad row or -1.

    The reference path, independent of the tables (the tests hold
    select_rows and the batch kernels to it); select_rows is the fast one."""
    cdef Py_ssize_t n = holes.shape[0], r
    cdef int nh = <int>holes.shape[1], nb = <int>boards.shape[1], k
    cdef uint8_t h[6]
    cdef uint8_t b[5]
    cdef Selection sel
    cdef Py_ssize_t bad = -1
    _check_batch(n, nh, nb, boards.shape[0], hi_out.shape[0], 0, n)
    if (lo_out.shape[0] != n or hi_cards.shape[0] != n or lo_cards.shape[0] != n
            or hi_cards.shape[1] != 5 or lo_cards.shape[1] != 5):
        raise CardError("output arrays must have n rows (and 5 card columns)")
    with nogil:
        for r in range(n):
            for k in range(nh):
                h[k] = holes[r, k]
            for k in range(nb):
                b[k] = boards[r, k]
            if not _row_ok(h, nh, b, nb):
                bad = r
                break
            insertion_sort(h, nh)
            insertion_sort(b, nb)
            _hi_select(h, nh, b, nb, &sel)
            hi_out[r] = sel.strength
            hi_cards[r, 0] = h[sel.i]
            hi_cards[r, 1] = h[sel.j]
            hi_cards[r, 2] = b[sel.p]
            hi_cards[r, 3] = b[sel.q]
            hi_cards[r, 4] = b[sel.s]
            _lo_select(h, nh, b, nb, &sel)
            lo_out[r] = <uint8_t>sel.strength
            if sel.strength:
                lo_cards[r, 0] = h[sel.i]
                lo_cards[r, 1] = h[sel.j]
                lo_cards[r, 2] = b[sel.p]
                lo_cards[r, 3] = b[sel.q]
                lo_cards[r, 4] = b[sel.s]
            else:
                for k in range(5):
                    lo_cards[r, k] = 255   # no card: 0 would read as 2c
    return bad


def evaluate5_batch(const uint8_t[:, ::1] cards, uint16_t[::1] out):
    """Five-card strengths of rows of 5 codes; returns the first bad row or -1."""
    cdef Py_ssize_t n = cards.shape[0], r
    cdef Py_ssize_t bad = -1
    cdef uint8_t c[5]
    if cards.shape[1] != 5 or out.shape[0] != n:
        raise CardError("cards must have shape (n, 5) and out shape (n,)")
    if n == 0:
        return -1
    with nogil:
        for r in range(n):
            _copy_row(&cards[r, 0], c, 5)
            if not _row_ok(c, 5, c, 0):
                bad = r
                break
            out[r] = _eval5(c[0], c[1], c[2], c[3], c[4])
    return bad
