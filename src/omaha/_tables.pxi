# The table builders of omaha._eval, included into it: one compiled module,
# so the kernels read these tables as module-level C arrays (no call or
# pointer between them) and the C API of _eval.pxd stays where it is.
#
# _init_tables fills the small tables at import (microseconds); the pair
# table (1.2 MB) and the hole x board table (22.5 MB) are built on first use,
# under BIG_LOCK, by _need_pairs and _need_big in _eval.pyx.

from libc.stdlib cimport qsort
from libc.string cimport memset

# ---------------------------------------------------------------------------
# The small tables, filled once at import
# ---------------------------------------------------------------------------

cdef uint32_t _binom(int n, int k) noexcept nogil:
    cdef uint32_t r = 1
    cdef int i
    if k < 0 or k > n:
        return 0
    for i in range(k):
        r = r * <uint32_t>(n - i) // <uint32_t>(i + 1)
    return r


cdef int _straight_high(uint32_t rankbits) noexcept nogil:
    """Rank index of the straight's top card in a 13-bit set, or -1."""
    cdef int h
    for h in range(12, 3, -1):
        if (rankbits >> (h - 4)) & 0x1F == 0x1F:
            return h
    if rankbits & 0x100F == 0x100F:
        return 3
    return -1


cdef uint32_t _raw_counts(int *cnt) noexcept nogil:
    """Raw score of a non-flush five-card rank multiset (counts per rank)."""
    cdef int seq[5]
    cdef int n = 0, c, r, cat
    cdef uint32_t bits = 0, raw
    for c in range(4, 0, -1):
        for r in range(12, -1, -1):
            if cnt[r] == c:
                seq[n] = r
                n += 1
    for r in range(13):
        if cnt[r]:
            bits |= (<uint32_t>1) << r
    if n == 2:
        cat = 7 if cnt[seq[0]] == 4 else 6
    elif n == 3:
        cat = 3 if cnt[seq[0]] == 3 else 2
    elif n == 4:
        cat = 1
    else:
        r = _straight_high(bits)
        if r >= 0:
            return (<uint32_t>4 << 20) | (<uint32_t>r << 16)
        cat = 0
    raw = <uint32_t>cat << 20
    for c in range(n):
        raw |= <uint32_t>seq[c] << (16 - 4 * c)
    return raw


cdef uint32_t _raw_flush(uint32_t bits) noexcept nogil:
    cdef int r = _straight_high(bits)
    cdef int c = 0
    cdef uint32_t raw
    if r >= 0:
        return (<uint32_t>8 << 20) | (<uint32_t>r << 16)
    raw = <uint32_t>5 << 20
    for r in range(12, -1, -1):
        if (bits >> r) & 1:
            raw |= <uint32_t>r << (16 - 4 * c)
            c += 1
    return raw


cdef int _cmp_u32(const void *a, const void *b) noexcept nogil:
    cdef uint32_t x = (<const uint32_t *>a)[0]
    cdef uint32_t y = (<const uint32_t *>b)[0]
    return (x > y) - (x < y)


cdef uint16_t _strength_of_raw(uint32_t raw) noexcept nogil:
    cdef int lo = 1, hi = N_HI, mid
    while lo < hi:
        mid = (lo + hi) // 2
        if HI_RAW[mid] < raw:
            lo = mid + 1
        else:
            hi = mid
    return <uint16_t>lo


cdef void _init_tables() noexcept nogil:
    cdef int r0, r1, r2, r3, r4, i, n, x, y, c
    cdef int cnt[13]
    cdef uint32_t bits, rest, l1, l2, l3, m, best
    cdef uint32_t ms_key[N_RANK_MS]
    cdef uint32_t ms_raw[N_RANK_MS]
    cdef uint64_t ms_nib[N_RANK_MS]
    cdef int h, b

    # Every distinct five-card value, sorted: its position is its strength.
    # The 6,175 non-flush rank multisets (no five of a kind) come first,
    # remembered with their key sums, then the 1,287 flush rank sets.
    n = 0
    for r0 in range(13):
        for r1 in range(r0, 13):
            for r2 in range(r1, 13):
                for r3 in range(r2, 13):
                    for r4 in range(r3, 13):
                        if r0 == r4:
                            continue
                        memset(cnt, 0, sizeof(cnt))
                        cnt[r0] += 1
                        cnt[r1] += 1
                        cnt[r2] += 1
                        cnt[r3] += 1
                        cnt[r4] += 1
                        ms_key[n] = RKEY[r0] + RKEY[r1] + RKEY[r2] + RKEY[r3] + RKEY[r4]
                        ms_nib[n] = 0
                        for c in range(13):
                            ms_nib[n] |= (<uint64_t>cnt[c]) << (4 * c)
                        ms_raw[n] = _raw_counts(cnt)
                        HI_RAW[n + 1] = ms_raw[n]
                        n += 1
    n += 1
    for bits in range(8192):
        if OMAHA_POPCOUNT(bits) == 5:
            HI_RAW[n] = _raw_flush(bits)
            n += 1
    HI_RAW[0] = 0
    qsort(&HI_RAW[1], N_HI, sizeof(uint32_t), _cmp_u32)

    memset(NF5, 0, sizeof(NF5))
    for i in range(N_RANK_MS):
        x = _strength_of_raw(ms_raw[i])
        NF5[ms_key[i]] = <uint16_t>x
        HI_TARGET[x] = ms_key[i]
        HI_NIB[x] = ms_nib[i]
    memset(FLUSH, 0, sizeof(FLUSH))
    for bits in range(8192):
        if OMAHA_POPCOUNT(bits) == 5:
            x = _strength_of_raw(_raw_flush(bits))
            FLUSH[bits] = <uint16_t>x
            HI_TARGET[x] = bits
            HI_NIB[x] = 0
            for c in range(13):
                HI_NIB[x] |= (<uint64_t>((bits >> c) & 1)) << (4 * c)
    HI_TARGET[0] = 0
    for c in range(256):
        CARD_NIB[c] = ((<uint64_t>1) << (4 * (c >> 2))) if c < 52 else 0
        CARD_RANK_NIB[c] = CARD_NIB[c] * 15
        POP8[c] = <uint8_t>OMAHA_POPCOUNT(c)
    for n in range(7):
        PAIRS_OF[n] = 0
        for x in range(n):
            for y in range(x + 1, n):
                PAIR_INDEX[n][2 * PAIRS_OF[n]] = <int8_t>x
                PAIR_INDEX[n][2 * PAIRS_OF[n] + 1] = <int8_t>y
                PAIRS_OF[n] += 1
    HI_CAT[0] = 0
    for i in range(1, N_HI + 1):
        HI_CAT[i] = <uint8_t>(HI_RAW[i] >> 20)

    SF_WINDOW[9] = 0x100F
    for i in range(9):
        SF_WINDOW[i] = <uint16_t>(0x1F << (8 - i))

    for i in range(4):
        for c in range(16):
            HOLE_COLEX[i][c] = <uint16_t>_binom(c, i + 1)
    for i in range(5):
        for c in range(17):
            BOARD_COLEX[i][c] = <uint16_t>_binom(c, i + 1)
    n = 0
    for x in range(13):
        for y in range(x, 13):
            PAIR_ID[x][y] = <uint8_t>n
            PAIR_ID[y][x] = <uint8_t>n
            n += 1
    memset(CARD_PAIR, 0, sizeof(CARD_PAIR))
    for x in range(52):
        for y in range(52):
            CARD_PAIR[(x << 6) | y] = PAIR_ID[x >> 2][y >> 2]
    for c in range(256):
        SUIT_NIB[c] = ((<uint32_t>1) << (4 * (c & 3))) if c < 52 else 0
        CARD_BIT[c] = (<uint64_t>1) << (c if c < 52 else 52)
        RANK169[c] = <uint16_t>(169 * (c >> 2)) if c < 52 else 0
        RANK13[c] = <uint16_t>(13 * (c >> 2)) if c < 52 else 0
        RANK1[c] = <uint16_t>(c >> 2) if c < 52 else 0

    # Lows: the 56 five-rank subsets of A..8, in increasing numeric mask
    # order, which is best-first; strength 56 is the wheel.
    memset(LO_STRENGTH, 0, sizeof(LO_STRENGTH))
    n = 0
    for bits in range(256):
        if OMAHA_POPCOUNT(bits) == 5:
            LO_STRENGTH[bits] = <uint8_t>(N_LO - n)
            LO_MASK[N_LO - n] = <uint8_t>bits
            n += 1
    LO_MASK[0] = 0
    for i in range(1, N_LO + 1):
        n = 0
        for x in range(7, -1, -1):
            if (LO_MASK[i] >> x) & 1:
                LO_ORDER[i][n] = <uint8_t>x
                n += 1
    memset(LOWBIT, 0, sizeof(LOWBIT))
    for c in range(52):
        x = c >> 2
        LOWBIT[c] = 1 if x == 12 else ((1 << (x + 1)) if x <= 6 else 0)
    for h in range(256):
        for b in range(256):
            best = 0x100
            if OMAHA_POPCOUNT(h) >= 2 and OMAHA_POPCOUNT(b) >= 3:
                for x in range(8):
                    if not (h >> x) & 1:
                        continue
                    for y in range(x + 1, 8):
                        if not (h >> y) & 1:
                            continue
                        rest = <uint32_t>b & ~((<uint32_t>1 << x) | (<uint32_t>1 << y))
                        if OMAHA_POPCOUNT(rest) < 3:
                            continue
                        l1 = rest & (~rest + 1)
                        rest ^= l1
                        l2 = rest & (~rest + 1)
                        rest ^= l2
                        l3 = rest & (~rest + 1)
                        m = l1 | l2 | l3 | (<uint32_t>1 << x) | (<uint32_t>1 << y)
                        if m < best:
                            best = m
            LO[(h << 8) | b] = LO_STRENGTH[best] if best < 0x100 else 0


# ---------------------------------------------------------------------------
# The large Hi table, built in C on first use under a lock
# ---------------------------------------------------------------------------

cdef void _build_board_of() noexcept nogil:
    """Fill TRIPLE_OF and BOARD_OF: a board's colex index by two lookups, without sorting.

    The first three cards' ranks, in any order, give their 3-multiset's
    colex index (times 169); with the last two ranks it gives the 5-rank
    multiset's colex index, the row of PAIRBEST.
    """
    cdef int r[5]
    cdef int t[3]
    cdef int a, b, c, d, e
    cdef uint32_t m3
    for a in range(13):
        for b in range(13):
            for c in range(13):
                t[0] = a
                t[1] = b
                t[2] = c
                insertion_sort(t, 3)
                m3 = _binom(t[0], 1) + _binom(t[1] + 1, 2) + _binom(t[2] + 2, 3)
                TRIPLE_OF[169 * a + 13 * b + c] = 169 * m3
                for d in range(13):
                    for e in range(13):
                        r[0] = t[0]
                        r[1] = t[1]
                        r[2] = t[2]
                        r[3] = d
                        r[4] = e
                        sort5(r)
                        BOARD_OF[169 * m3 + 13 * d + e] = <uint16_t>_board_index(r)


cdef uint16_t *_build_pairs() noexcept nogil:
    """Fill the board x rank-pair table (PAIRBEST's content); NULL if out of memory.

    For every board multiset, the best no-flush strength of each of the 91
    rank pairs with any 3 of the board (910 lookups per board).
    """
    cdef uint16_t *bp = <uint16_t *>OMAHA_ALLOC_HUGE(N_BOARD_MS * PAIR_STRIDE * sizeof(uint16_t))
    cdef int r[5]
    cdef uint32_t tk[10]
    cdef uint32_t kp, bidx
    cdef int p, q, s, nt, x, y, t
    cdef uint16_t best, v
    if bp == NULL:
        return NULL
    _build_board_of()
    memset(bp, 0, N_BOARD_MS * PAIR_STRIDE * sizeof(uint16_t))
    for r[0] in range(13):
        for r[1] in range(r[0], 13):
            for r[2] in range(r[1], 13):
                for r[3] in range(r[2], 13):
                    for r[4] in range(r[3], 13):
                        if r[0] == r[4]:
                            continue
                        bidx = _board_index(r)
                        nt = 0
                        for p in range(5):
                            for q in range(p + 1, 5):
                                for s in range(q + 1, 5):
                                    tk[nt] = RKEY[r[p]] + RKEY[r[q]] + RKEY[r[s]]
                                    nt += 1
                        for x in range(13):
                            for y in range(x, 13):
                                kp = RKEY[x] + RKEY[y]
                                best = 0
                                for t in range(10):
                                    v = NF5[kp + tk[t]]
                                    if v > best:
                                        best = v
                                bp[bidx * PAIR_STRIDE + PAIR_ID[x][y]] = best
    return bp


cdef uint16_t *_build_big(const uint16_t *bp) noexcept nogil:
    """Fill the hole x board rank-multiset table from the pair table; NULL if out of memory.

    Each hole entry is the best of its at most 6 rank pairs. Hole-major:
    the equity loops, which fix the hole, read one 12 KB row.
    """
    cdef uint16_t *big = <uint16_t *>OMAHA_ALLOC_HUGE(
        <size_t>N_HOLE_MS * N_BOARD_MS * sizeof(uint16_t))
    cdef int r[4]
    cdef int p, q, k
    cdef uint32_t bidx
    cdef uint16_t best
    cdef uint16_t *row
    cdef const uint16_t *col
    cdef int pid[6]
    if big == NULL:
        return NULL
    for r[0] in range(13):
        for r[1] in range(r[0], 13):
            for r[2] in range(r[1], 13):
                for r[3] in range(r[2], 13):
                    k = 0
                    for p in range(4):
                        for q in range(p + 1, 4):
                            pid[k] = PAIR_ID[r[p]][r[q]]
                            k += 1
                    row = big + <size_t>_hole_index(r[0], r[1], r[2], r[3]) * N_BOARD_MS
                    for bidx in range(N_BOARD_MS):
                        col = bp + bidx * PAIR_STRIDE
                        best = col[pid[0]]
                        for k in range(1, 6):
                            if col[pid[k]] > best:
                                best = col[pid[k]]
                        row[bidx] = best
    return big
