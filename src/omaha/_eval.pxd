# The C API of omaha._eval, for other compiled modules (``cimport omaha._eval``).
#
# Card code: 4 * rank + suit (rank 0..12 = 2..A, suit 0..3 = c d h s).
# Hi strength 1..7462 and Lo strength 1..56 (0 = no low): larger is stronger.
# Every function here is a kernel: it never raises and never checks its
# input; callers validate codes (0..51, no duplicate) first.

from libc.stdint cimport uint8_t, uint16_t, uint32_t


cdef struct EvalTables:
    const uint16_t *big          # [1820 * 6188]: hole x board rank multiset -> Hi, no flush
    const uint16_t *nf5          # additive rank-key sum of 5 ranks -> Hi, no flush
    const uint16_t *flush        # [8192]: 13-bit rank set of a 5-card flush -> Hi
    const uint8_t *lo            # [65536]: hole low set << 8 | board low set -> Lo
    const uint8_t *lowbit        # [256]: card -> bit of its rank in a low set (A = 1), or 0
    const uint32_t *rkey         # [13]: additive rank keys
    const uint16_t *hole_colex   # [4 * 16]: hole_colex[16 * i + r_i + i] for sorted ranks
    const uint16_t *board_colex  # [5 * 17]: board_colex[17 * i + r_i + i] for sorted ranks
    int n_board                  # 6188: the big table's row length


cdef class SelectedHand:
    cdef readonly uint16_t strength
    cdef uint8_t _kind
    cdef uint8_t _codes[5]


# Pointers to the read-only tables; builds the large Hi table on first use
# (needs the GIL; raises MemoryError if it cannot be allocated).
cdef const EvalTables *eval_tables() except NULL

# Best flush from 2 of hole_ranks and 3 of board_ranks (rank bits of one suit).
cdef uint16_t flush_value(uint32_t hole_ranks, uint32_t board_ranks) noexcept nogil
# Colex index 0..1819 of 4 hole cards' rank multiset (any order).
cdef uint32_t hole_index(const uint8_t *hole4) noexcept nogil
# Colex index 0..6187 of 5 board cards' rank multiset (any order).
cdef uint32_t board_index(const uint8_t *board5) noexcept nogil
# The binomial coefficient C(n, k) (0 when k < 0 or k > n; n <= 52 fits).
cdef uint32_t binom(int n, int k) noexcept nogil
# The ten straight windows as 13-bit rank sets, highest first (index 9 is
# the wheel A-2-3-4-5); filled at import, read-only.
cdef const uint16_t *straight_windows() noexcept nogil
