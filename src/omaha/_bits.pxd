# Small branch-free helpers shared by the compiled modules (_eval, _equity):
# inline, stateless, never raise.  Tables are passed in, never referenced.

from libc.stdint cimport uint8_t, uint16_t, uint32_t

cdef extern from *:
    """
    #ifndef OMAHA_BITS_H
    #define OMAHA_BITS_H
    /* Portable popcount: without -mpopcnt (the baseline a shipped wheel
       targets) __builtin_popcount becomes a slow library call. */
    static inline int OMAHA_POPCOUNT(unsigned int x) {
        x = x - ((x >> 1) & 0x55555555u);
        x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
        x = (x + (x >> 4)) & 0x0F0F0F0Fu;
        return (int)((x * 0x01010101u) >> 24);
    }
    #if defined(__GNUC__) || defined(__clang__)
    #define OMAHA_PREFETCH(p) __builtin_prefetch((const void *)(p), 0, 0)
    #define OMAHA_CTZ(x) __builtin_ctz((unsigned int)(x))
    #else
    #define OMAHA_PREFETCH(p) ((void)0)
    static int OMAHA_CTZ(unsigned int x) {
        int n = 0; while (!(x & 1u)) { x >>= 1; n++; } return n;
    }
    #endif
    /* Branchless compare-exchange (compiles to cmov): sorting random ranks
       with branches mispredicts about half the time. */
    #define OMAHA_CSWAP(a, b) do { int _lo = (a) < (b) ? (a) : (b); \\
        int _hi = (a) < (b) ? (b) : (a); (a) = _lo; (b) = _hi; } while (0)
    #endif
    """
    void OMAHA_CSWAP(int a, int b) noexcept nogil
    void OMAHA_PREFETCH(const void *p) noexcept nogil
    int OMAHA_POPCOUNT(unsigned int x) noexcept nogil
    int OMAHA_CTZ(unsigned int x) noexcept nogil


cdef inline void sort4(int *r) noexcept nogil:
    """Sort 4 ints ascending (a 5-comparator network)."""
    OMAHA_CSWAP(r[0], r[1])
    OMAHA_CSWAP(r[2], r[3])
    OMAHA_CSWAP(r[0], r[2])
    OMAHA_CSWAP(r[1], r[3])
    OMAHA_CSWAP(r[1], r[2])


cdef inline void sort5(int *r) noexcept nogil:
    """Sort 5 ints ascending (a 9-comparator network)."""
    OMAHA_CSWAP(r[0], r[1])
    OMAHA_CSWAP(r[3], r[4])
    OMAHA_CSWAP(r[2], r[4])
    OMAHA_CSWAP(r[2], r[3])
    OMAHA_CSWAP(r[0], r[3])
    OMAHA_CSWAP(r[0], r[2])
    OMAHA_CSWAP(r[1], r[4])
    OMAHA_CSWAP(r[1], r[3])
    OMAHA_CSWAP(r[1], r[2])


cdef inline uint32_t hole_colex(const uint16_t *colex, const int *r) noexcept nogil:
    """Colex index 0..1819 of a sorted 4-rank multiset; colex is [4][16]."""
    return (colex[r[0]] + colex[16 + r[1] + 1] + colex[32 + r[2] + 2]
            + colex[48 + r[3] + 3])


cdef inline uint32_t board_colex_term(const uint16_t *colex, int i, int r) noexcept nogil:
    """The term of the i-th smallest rank r (0 <= i < 5) in a board's colex index.

    A sorted 5-rank multiset's index is the sum of its five terms, so a loop
    that deals board cards in rank order can add them one card at a time.
    """
    return colex[17 * i + r + i]


cdef inline uint32_t board_colex(const uint16_t *colex, const int *r) noexcept nogil:
    """Colex index 0..6187 of a sorted 5-rank multiset; colex is [5][17]."""
    return (board_colex_term(colex, 0, r[0]) + board_colex_term(colex, 1, r[1])
            + board_colex_term(colex, 2, r[2]) + board_colex_term(colex, 3, r[3])
            + board_colex_term(colex, 4, r[4]))


cdef inline uint32_t top_bits(uint32_t x, int k) noexcept nogil:
    """x with all but its k highest set bits cleared."""
    while OMAHA_POPCOUNT(x) > k:
        x &= x - 1
    return x


ctypedef fused small_int:
    int
    uint8_t


cdef inline void insertion_sort(small_int *a, int n) noexcept nogil:
    """Sort a few values ascending in place (hole cards, ranks: n <= 6)."""
    cdef int i, j
    cdef small_int t
    for i in range(1, n):
        t = a[i]
        j = i - 1
        while j >= 0 and a[j] > t:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = t


cdef inline void sort6(int *r) noexcept nogil:
    """Sort 6 ints ascending (a 12-comparator network)."""
    OMAHA_CSWAP(r[1], r[2])
    OMAHA_CSWAP(r[4], r[5])
    OMAHA_CSWAP(r[0], r[2])
    OMAHA_CSWAP(r[3], r[5])
    OMAHA_CSWAP(r[0], r[1])
    OMAHA_CSWAP(r[3], r[4])
    OMAHA_CSWAP(r[2], r[5])
    OMAHA_CSWAP(r[0], r[3])
    OMAHA_CSWAP(r[1], r[4])
    OMAHA_CSWAP(r[2], r[4])
    OMAHA_CSWAP(r[1], r[3])
    OMAHA_CSWAP(r[2], r[3])


cdef inline void sort_codes(uint8_t *a, int n) noexcept nogil:
    """Sort n <= 6 card codes ascending without branches on their values."""
    cdef int r[6]
    cdef int i
    for i in range(n):
        r[i] = a[i]
    if n == 4:
        sort4(r)
    elif n == 5:
        sort5(r)
    elif n == 6:
        sort6(r)
    elif n == 3:
        OMAHA_CSWAP(r[0], r[1])
        OMAHA_CSWAP(r[1], r[2])
        OMAHA_CSWAP(r[0], r[1])
    else:
        insertion_sort(r, n)
    for i in range(n):
        a[i] = <uint8_t>r[i]
