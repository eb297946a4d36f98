# The equity loops of omaha: exact enumeration and Monte Carlo over deals
# (unknown hole cards and the missing board cards), scoring every player on
# every board with the lookup tables of omaha._eval.  It knows nothing of
# text notation or result objects: omaha.equity validates and reports.
#
# Compiler directives are set once, in setup.py.
#
# Card code: 4 * rank + suit, rank 0..12 (2..A), suit 0..3 (c d h s).
#
# Counts.  For every deal each player gets one count in a table of
# N_OUT = 11 * 12 cells, cell hi * 12 + lo:
#   hi = 0 when the player does not have the best high hand, else the number
#        of players sharing it (1 = alone);
#   lo = 0 when the player does not have the best qualifying low, else the
#        number of players sharing it; lo = 11 when nobody has a qualifying
#        low (always, in Omaha Hi): the high winners then share the pot.
# The Python layer turns these integer counts into exact pot shares.

from cpython.exc cimport PyErr_CheckSignals
from libc.stdint cimport int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memset

from omaha._bits cimport (
    OMAHA_CTZ,
    OMAHA_PREFETCH,
    board_colex,
    hole_colex,
    insertion_sort,
    sort4,
    sort5,
)
from omaha._eval cimport EvalTables, eval_tables

cdef extern from *:
    """
    /* The stop flag is written by one thread and read by others. */
    static inline int eq_load_flag(const int *p) { return *(const volatile int *)p; }
    static inline void eq_store_flag(int *p, int v) { *(volatile int *)p = v; }
    """
    int eq_load_flag(const int *p) noexcept nogil
    void eq_store_flag(int *p, int v) noexcept nogil


cdef enum:
    MAX_PLAYERS = 10
    MAX_HOLE = 6
    N_OUT = 132           # 11 high codes x 12 low codes per player
    NO_LOW = 11           # low code: nobody has a qualifying low
    N_BOARD = 6188        # row length of the big Hi table
    POLL_WORK = 1 << 18   # deals between two looks at Ctrl-C / the stop flag
    MC_BATCH = 16         # Monte Carlo deals drawn (and prefetched) together

# Popcount of 13-bit rank sets (and 8-bit low sets).
cdef uint8_t POPC[8192]
# Straight windows (13-bit rank sets), highest first; window 9 is the wheel.
cdef uint16_t SFWIN[10]
# For a hole's rank set in one suit: the straight windows holding two or
# more of it (bit w), and its two highest ranks.
cdef uint16_t SFW_OF[8192]
cdef uint16_t TOP2_OF[8192]
# The four-card subsets (as index quadruples) of a 5- or 6-card hole.
cdef uint8_t SUB4[15][4]
cdef int N_SUB4[7]


cdef void _init() noexcept nogil:
    cdef int x, i, j, k, top, n
    for x in range(8192):
        n = 0
        for i in range(13):
            n += (x >> i) & 1
        POPC[x] = <uint8_t>n
    for i in range(9):
        SFWIN[i] = <uint16_t>(0x1F << (8 - i))
    SFWIN[9] = 0x100F
    for x in range(8192):
        SFW_OF[x] = 0
        for i in range(10):
            if POPC[SFWIN[i] & x] >= 2:
                SFW_OF[x] |= <uint16_t>(1 << i)
        n = x
        while POPC[n] > 2:
            n &= n - 1
        TOP2_OF[x] = <uint16_t>n
    n = 0
    # Colex order: the 5 subsets of range(5) come before any holding 5.
    for top in range(3, 6):
        for k in range(2, top):
            for j in range(1, k):
                for i in range(j):
                    SUB4[n][0] = <uint8_t>i
                    SUB4[n][1] = <uint8_t>j
                    SUB4[n][2] = <uint8_t>k
                    SUB4[n][3] = <uint8_t>top
                    n += 1
    N_SUB4[4] = 1
    N_SUB4[5] = 5
    N_SUB4[6] = 15


_init()


# ---------------------------------------------------------------------------
# Per-player and per-board state (no Python objects)
# ---------------------------------------------------------------------------

cdef struct PEval:
    const uint16_t *rows[15]   # big-table rows of the hole's 4-card subsets
    int nrows
    uint32_t fl_nib            # bit 4s+3: the hole has >= 2 cards of suit s
    uint16_t top2[4]           # the two highest hole ranks of suit s (bits)
    uint16_t sfw[4]            # bit w: straight window w holds >= 2 of suit s
    const uint8_t *lo_row      # lo table row of the hole's low set


cdef struct Ctx:
    const EvalTables *t
    int n                      # players
    int h                      # hole cards per player
    int nu                     # unknown players
    int m                      # known board cards
    int k                      # board cards to deal: 5 - m
    int hilo
    int ndeck                  # cards left to deal from
    int unknown[MAX_PLAYERS]   # indices of the unknown players
    uint8_t board[5]
    uint8_t deck[52]           # ascending
    PEval pe[MAX_PLAYERS]      # filled for the known players


cdef struct Run:
    int64_t *acc               # n * N_OUT counts
    int *stop                  # set by another thread to end the run early
    int signals                # 1 in the main thread: look at Ctrl-C
    int64_t work               # deals since the last look


cdef inline uint32_t _hole_colex(const EvalTables *t, const int *r) noexcept nogil:
    """Colex index of a sorted 4-rank multiset (the big table's row)."""
    return hole_colex(t.hole_colex, r)


cdef inline uint32_t _board_colex(const EvalTables *t, const int *r) noexcept nogil:
    """Colex index of a sorted 5-rank multiset (the big table's column)."""
    return board_colex(t.board_colex, r)


cdef inline void _set_player(const EvalTables *t, PEval *p, const uint8_t *hole,
                             int h) noexcept nogil:
    """Everything a board needs from one player's hole cards."""
    cdef int r[MAX_HOLE]
    cdef int q[4]
    cdef uint32_t suit_ranks[4]
    cdef uint32_t cnt = 0, hs = 0
    cdef int i, s
    suit_ranks[0] = suit_ranks[1] = suit_ranks[2] = suit_ranks[3] = 0
    for i in range(h):
        r[i] = hole[i] >> 2
        suit_ranks[hole[i] & 3] |= (<uint32_t>1) << (hole[i] >> 2)
        cnt += (<uint32_t>1) << ((hole[i] & 3) << 2)
        hs |= t.lowbit[hole[i]]
    if h == 4:
        sort4(r)
        p.nrows = 1
        p.rows[0] = t.big + <size_t>_hole_colex(t, r) * N_BOARD
    else:
        insertion_sort(r, h)
        p.nrows = N_SUB4[h]
        for i in range(p.nrows):
            q[0] = r[SUB4[i][0]]
            q[1] = r[SUB4[i][1]]
            q[2] = r[SUB4[i][2]]
            q[3] = r[SUB4[i][3]]
            p.rows[i] = t.big + <size_t>_hole_colex(t, q) * N_BOARD
    p.fl_nib = (cnt + 0x6666) & 0x8888
    for s in range(4):
        p.top2[s] = TOP2_OF[suit_ranks[s]]
        p.sfw[s] = SFW_OF[suit_ranks[s]]
    p.lo_row = t.lo + (hs << 8)


cdef inline uint16_t _flush(const EvalTables *t, const PEval *p, int s,
                            uint32_t br) noexcept nogil:
    """Best flush of 2 hole + 3 board cards of suit s (board ranks br, >= 3)."""
    cdef uint32_t ws = p.sfw[s]
    cdef int w
    while ws:
        w = OMAHA_CTZ(ws)
        ws &= ws - 1
        if POPC[SFWIN[w] & br] >= 3:
            return t.flush[SFWIN[w]]
    while POPC[br] > 3:
        br &= br - 1
    return t.flush[p.top2[s] | br]


cdef inline uint16_t _hi(const EvalTables *t, const PEval *p, uint32_t idx,
                         uint32_t fbits, int s, uint32_t br) noexcept nogil:
    cdef uint16_t v = p.rows[0][idx], w
    cdef int i
    for i in range(1, p.nrows):
        w = p.rows[i][idx]
        if w > v:
            v = w
    if fbits & p.fl_nib:
        w = _flush(t, p, s, br)
        if w > v:
            v = w
    return v


cdef inline void _score(const EvalTables *t, const PEval *pe, int n, int hilo,
                        uint32_t idx, uint32_t sc, uint64_t m64, uint32_t lowset,
                        int64_t *acc) noexcept nogil:
    """Count one deal for every player (see the counts at the top)."""
    cdef uint16_t hv[MAX_PLAYERS]
    cdef uint8_t lv[MAX_PLAYERS]
    cdef uint32_t fbits = (sc + 0x5555) & 0x8888
    cdef uint32_t br = 0
    cdef int s = 0, p, nwh = 0, nwl = 0, j0, j1
    cdef uint16_t best = 0, v0, v1
    cdef uint8_t bestlo = 0, l0, l1
    if fbits:
        s = OMAHA_CTZ(fbits) >> 2
        br = <uint32_t>(m64 >> (16 * s)) & 0x1FFF
    if n == 2:
        v0 = _hi(t, &pe[0], idx, fbits, s, br)
        v1 = _hi(t, &pe[1], idx, fbits, s, br)
        nwh = 1 + (v0 == v1)
        j0 = j1 = NO_LOW
        if hilo:
            # The lo table gives 0 (no low) when the board has fewer than
            # three low ranks.
            l0 = pe[0].lo_row[lowset]
            l1 = pe[1].lo_row[lowset]
            if l0 | l1:
                nwl = 1 + (l0 == l1)
                j0 = (l0 >= l1) * nwl
                j1 = (l1 >= l0) * nwl
        acc[(v0 >= v1) * nwh * 12 + j0] += 1
        acc[N_OUT + (v1 >= v0) * nwh * 12 + j1] += 1
        return
    for p in range(n):
        hv[p] = _hi(t, &pe[p], idx, fbits, s, br)
        if hv[p] > best:
            best = hv[p]
    for p in range(n):
        nwh += hv[p] == best
    if hilo and POPC[lowset] >= 3:
        for p in range(n):
            lv[p] = pe[p].lo_row[lowset]
            if lv[p] > bestlo:
                bestlo = lv[p]
        if bestlo:
            for p in range(n):
                nwl += lv[p] == bestlo
            for p in range(n):
                acc[p * N_OUT + (hv[p] == best) * nwh * 12
                    + (lv[p] == bestlo) * nwl] += 1
            return
    for p in range(n):
        acc[p * N_OUT + (hv[p] == best) * nwh * 12 + NO_LOW] += 1


cdef inline void _score_codes(const EvalTables *t, const PEval *pe, int n,
                              int hilo, const uint8_t *b, int64_t *acc) noexcept nogil:
    """Count the deal of a complete board given as 5 card codes."""
    cdef int r[5]
    cdef uint32_t sc = 0, lowset = 0
    cdef uint64_t m64 = 0
    cdef int i
    for i in range(5):
        r[i] = b[i] >> 2
        sc += (<uint32_t>1) << ((b[i] & 3) << 2)
        m64 |= (<uint64_t>1) << (((b[i] & 3) << 4) + (b[i] >> 2))
        lowset |= t.lowbit[b[i]]
    sort5(r)
    _score(t, pe, n, hilo, _board_colex(t, r), sc, m64, lowset, acc)


cdef int _poll(Run *run) except -1 nogil:
    """1 when the run must stop; raises KeyboardInterrupt (main thread)."""
    run.work = 0
    if eq_load_flag(run.stop):
        return 1
    if run.signals:
        with gil:
            PyErr_CheckSignals()
    return 0


# ---------------------------------------------------------------------------
# Exact enumeration
# ---------------------------------------------------------------------------

cdef int _boards5(const Ctx *c, const PEval *pe, const uint8_t *deck, int nd,
                  int first, int last, Run *run) except -1 nogil:
    """Every 5-card board from deck[0:nd] whose first card is deck[first:last].

    The deck is ascending, so the board's ranks come sorted and its colex
    index is a sum of one term per card; the suit counts (nibbles), the
    suit-rank mask and the low set are built level by level too.
    """
    cdef const EvalTables *t = c.t
    cdef uint16_t x0[52]
    cdef uint16_t x1[52]
    cdef uint16_t x2[52]
    cdef uint16_t x3[52]
    cdef uint16_t x4[52]
    cdef uint32_t sb[52]
    cdef uint64_t mb[52]
    cdef uint32_t lb[52]
    cdef int i0, i1, i2, i3, i4, rk, n = c.n, hilo = c.hilo
    cdef uint32_t a0, a1, a2, a3, s0, s1, s2, s3, l0, l1, l2, l3
    cdef uint64_t m0, m1, m2, m3
    cdef int64_t *acc = run.acc
    for i0 in range(nd):
        rk = deck[i0] >> 2
        x0[i0] = t.board_colex[rk]
        x1[i0] = t.board_colex[17 + rk + 1]
        x2[i0] = t.board_colex[34 + rk + 2]
        x3[i0] = t.board_colex[51 + rk + 3]
        x4[i0] = t.board_colex[68 + rk + 4]
        sb[i0] = (<uint32_t>1) << ((deck[i0] & 3) << 2)
        mb[i0] = (<uint64_t>1) << (((deck[i0] & 3) << 4) + rk)
        lb[i0] = t.lowbit[deck[i0]]
    if last > nd - 4:
        last = nd - 4
    for i0 in range(first, last):
        a0 = x0[i0]
        s0 = sb[i0]
        m0 = mb[i0]
        l0 = lb[i0]
        for i1 in range(i0 + 1, nd - 3):
            if run.work >= POLL_WORK and _poll(run):
                return 1
            run.work += (nd - 1 - i1) * (nd - 2 - i1) * (nd - 3 - i1) // 6
            a1 = a0 + x1[i1]
            s1 = s0 + sb[i1]
            m1 = m0 | mb[i1]
            l1 = l0 | lb[i1]
            for i2 in range(i1 + 1, nd - 2):
                a2 = a1 + x2[i2]
                s2 = s1 + sb[i2]
                m2 = m1 | mb[i2]
                l2 = l1 | lb[i2]
                for i3 in range(i2 + 1, nd - 1):
                    a3 = a2 + x3[i3]
                    s3 = s2 + sb[i3]
                    m3 = m2 | mb[i3]
                    l3 = l2 | lb[i3]
                    for i4 in range(i3 + 1, nd):
                        _score(t, pe, n, hilo, a3 + x4[i4], s3 + sb[i4],
                               m3 | mb[i4], l3 | lb[i4], acc)
    return 0


cdef int _boards(const Ctx *c, const PEval *pe, const uint8_t *deck, int nd,
                 int first, int last, Run *run) except -1 nogil:
    """Every completion of the known board by k cards of deck[0:nd], the
    first of them from deck[first:last] (all boards when k == 0)."""
    cdef uint8_t b[5]
    cdef int pos[5]
    cdef int k = c.k, m = c.m, i, j
    if first >= last:
        return 0
    if k == 5:
        return _boards5(c, pe, deck, nd, first, last, run)
    for i in range(m):
        b[i] = c.board[i]
    if k == 0:
        run.work += 1
        _score_codes(c.t, pe, c.n, c.hilo, b, run.acc)
        return 0
    if last > nd - k + 1:
        last = nd - k + 1
    if first >= last:
        return 0
    for i in range(k):
        pos[i] = first + i
    while True:
        for i in range(k):
            b[m + i] = deck[pos[i]]
        _score_codes(c.t, pe, c.n, c.hilo, b, run.acc)
        run.work += 1
        if run.work >= POLL_WORK and _poll(run):
            return 1
        # Next combination in lexicographic order.
        i = k - 1
        while i >= 0 and pos[i] == nd - k + i:
            i -= 1
        if i < 0:
            return 0
        if i == 0 and pos[0] + 1 >= last:
            return 0
        pos[i] += 1
        for j in range(i + 1, k):
            pos[j] = pos[j - 1] + 1


cdef void _unrank(int64_t t, int nd, int h, int *pos) noexcept nogil:
    """The t-th h-subset of range(nd) in lexicographic order."""
    cdef int i, x = 0
    cdef int64_t c
    for i in range(h):
        while True:
            c = _comb(nd - x - 1, h - i - 1)
            if t < c:
                break
            t -= c
            x += 1
        pos[i] = x
        x += 1


cdef int64_t _comb(int n, int k) noexcept nogil:
    cdef int64_t r = 1
    cdef int i
    if k < 0 or k > n:
        return 0
    for i in range(k):
        r = r * (n - i) // (i + 1)
    return r


cdef int _hands(const Ctx *c, PEval *pe, int u, const uint8_t *deck, int nd,
                int64_t first, int64_t last, Run *run) except -1 nogil:
    """Every hand of unknown player u (the first-th to last-th in
    lexicographic order), then the later players' hands and the boards."""
    cdef int h = c.h, i, j, r, nr
    cdef int pos[MAX_HOLE]
    cdef uint8_t hole[MAX_HOLE]
    cdef uint8_t rest[52]
    cdef int64_t t
    cdef PEval *p = &pe[c.unknown[u]]
    if first >= last:
        return 0
    _unrank(first, nd, h, pos)
    t = first
    while True:
        for i in range(h):
            hole[i] = deck[pos[i]]
        _set_player(c.t, p, hole, h)
        nr = 0
        j = 0
        for r in range(nd):
            if j < h and pos[j] == r:
                j += 1
            else:
                rest[nr] = deck[r]
                nr += 1
        if u + 1 < c.nu:
            if _hands(c, pe, u + 1, rest, nr, 0, _comb(nr, h), run):
                return 1
        else:
            # Every board: its first dealt card at positions 0..nr-k (the one
            # task 0 when the board is complete, even with no card left).
            if _boards(c, pe, rest, nr, 0, nr - c.k + 1, run):
                return 1
            if run.work >= POLL_WORK and _poll(run):
                return 1
        t += 1
        if t >= last:
            return 0
        i = h - 1
        while pos[i] == nd - h + i:
            i -= 1
        pos[i] += 1
        for j in range(i + 1, h):
            pos[j] = pos[j - 1] + 1


# ---------------------------------------------------------------------------
# Monte Carlo: xoshiro256** seeded per block by splitmix64
# ---------------------------------------------------------------------------

cdef struct Rng:
    uint64_t s[4]


cdef inline uint64_t _splitmix(uint64_t *x) noexcept nogil:
    x[0] += 0x9E3779B97F4A7C15ULL
    cdef uint64_t z = x[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline uint64_t _rotl(uint64_t x, int k) noexcept nogil:
    return (x << k) | (x >> (64 - k))


cdef inline uint64_t _next(Rng *g) noexcept nogil:
    cdef uint64_t r = _rotl(g.s[1] * 5, 7) * 9
    cdef uint64_t t = g.s[1] << 17
    g.s[2] ^= g.s[0]
    g.s[3] ^= g.s[1]
    g.s[1] ^= g.s[2]
    g.s[0] ^= g.s[3]
    g.s[2] ^= t
    g.s[3] = _rotl(g.s[3], 45)
    return r


cdef void _seed_block(Rng *g, uint64_t seed, uint64_t block) noexcept nogil:
    """The generator of one block: a function of (seed, block) only."""
    cdef uint64_t x = seed
    cdef uint64_t y = _splitmix(&x) ^ (block * 0xD1B54A32D192ED03ULL)
    g.s[0] = _splitmix(&y)
    g.s[1] = _splitmix(&y)
    g.s[2] = _splitmix(&y)
    g.s[3] = _splitmix(&y)


cdef inline uint32_t _below(Rng *g, uint32_t n) noexcept nogil:
    """Uniform integer in [0, n), without bias (Lemire's method)."""
    cdef uint64_t m = (_next(g) >> 32) * n
    cdef uint32_t low = <uint32_t>m, thresh
    if low < n:
        thresh = (0U - n) % n
        while low < thresh:
            m = (_next(g) >> 32) * n
            low = <uint32_t>m
    return <uint32_t>(m >> 32)


cdef inline void _board_of(const EvalTables *t, const uint8_t *b, uint32_t *idx,
                           uint32_t *sc, uint64_t *m64, uint32_t *lowset) noexcept nogil:
    """Colex index, suit counts, suit-rank mask and low set of 5 board cards."""
    cdef int r[5]
    cdef int i
    sc[0] = lowset[0] = 0
    m64[0] = 0
    for i in range(5):
        r[i] = b[i] >> 2
        sc[0] += (<uint32_t>1) << ((b[i] & 3) << 2)
        m64[0] |= (<uint64_t>1) << (((b[i] & 3) << 4) + (b[i] >> 2))
        lowset[0] |= t.lowbit[b[i]]
    sort5(r)
    idx[0] = _board_colex(t, r)


cdef int _monte_carlo(const Ctx *c, uint64_t seed, int64_t block0, int64_t block1,
                      int64_t block_size, int64_t samples, Run *run) except -1 nogil:
    """Deals of blocks block0..block1-1 (the last block may be short).

    Deals are drawn MC_BATCH at a time: the unknown players' table entries
    (random rows of the 22.5 MB table) are prefetched for the whole batch
    before any is scored, so their cache misses overlap.
    """
    cdef PEval pe[MC_BATCH][MAX_PLAYERS]
    cdef uint32_t bidx[MC_BATCH]
    cdef uint32_t bsc[MC_BATCH]
    cdef uint64_t bm64[MC_BATCH]
    cdef uint32_t blow[MC_BATCH]
    cdef uint8_t deck[52]
    cdef uint8_t b[5]
    cdef Rng g
    cdef int64_t blk, nb, done
    cdef int nd = c.ndeck, h = c.h, nu = c.nu, m = c.m, k = c.k, n = c.n
    cdef int need = nu * h + k, j, u, x, q, batch
    cdef uint32_t r
    cdef uint8_t tmp
    cdef PEval *pu
    for x in range(MC_BATCH):
        for j in range(n):
            pe[x][j] = c.pe[j]
    for j in range(m):
        b[j] = c.board[j]
    for blk in range(block0, block1):
        nb = samples - blk * block_size
        if nb > block_size:
            nb = block_size
        if nb <= 0:
            break
        _seed_block(&g, seed, <uint64_t>blk)
        for j in range(nd):
            deck[j] = c.deck[j]
        done = 0
        while done < nb:
            batch = MC_BATCH if nb - done >= MC_BATCH else <int>(nb - done)
            for x in range(batch):
                # Partial Fisher-Yates: deck[0:need] is a uniform ordered draw.
                for j in range(need):
                    r = j + _below(&g, <uint32_t>(nd - j))
                    tmp = deck[j]
                    deck[j] = deck[r]
                    deck[r] = tmp
                for j in range(k):
                    b[m + j] = deck[nu * h + j]
                _board_of(c.t, b, &bidx[x], &bsc[x], &bm64[x], &blow[x])
                for u in range(nu):
                    pu = &pe[x][c.unknown[u]]
                    _set_player(c.t, pu, &deck[u * h], h)
                    for q in range(pu.nrows):
                        OMAHA_PREFETCH(pu.rows[q] + bidx[x])
            for x in range(batch):
                _score(c.t, pe[x], n, c.hilo, bidx[x], bsc[x], bm64[x], blow[x], run.acc)
            done += batch
        run.work += nb
        if run.work >= POLL_WORK and _poll(run):
            return 1
    return 0


# ---------------------------------------------------------------------------
# def boundary
# ---------------------------------------------------------------------------

cdef class Spot:
    """One equity question in compiled form: hole cards (or unknown), the
    known board and the deck left to deal from.  Read-only once built, so
    several threads may run it at once; each run adds into its own counts.

    Arguments are card codes already validated by omaha.equity; bad input
    still raises ValueError here rather than reading out of bounds.
    """

    cdef Ctx c
    cdef int _stop

    def __cinit__(self, holes, board, dead, bint hilo, int hole_size):
        cdef uint64_t used = 0, bit
        cdef int i, j, n = len(holes), nk = 0
        cdef uint8_t hole[MAX_HOLE]
        if n < 1 or n > MAX_PLAYERS:
            raise ValueError(f"1 to {MAX_PLAYERS} players, got {n}")
        if hole_size < 4 or hole_size > MAX_HOLE:
            raise ValueError(f"hole size must be 4 to 6, got {hole_size}")
        if len(board) not in (0, 3, 4, 5):
            raise ValueError(f"board must have 0, 3, 4 or 5 cards, got {len(board)}")
        self.c.t = eval_tables()
        self.c.n = n
        self.c.h = hole_size
        self.c.hilo = hilo
        self.c.m = len(board)
        self.c.k = 5 - self.c.m
        self._stop = 0
        groups = [(x, hole_size) for x in holes if x is not None]
        groups += [(board, len(board)), (dead, len(dead))]
        for cards, size in groups:
            if len(cards) != size:
                raise ValueError(f"expected {size} cards, got {cards!r}")
            for x in cards:
                if not 0 <= x <= 51:
                    raise ValueError(f"card code {x!r} is outside 0..51")
                bit = (<uint64_t>1) << <int>x
                if used & bit:
                    raise ValueError(f"card code {x!r} appears twice")
                used |= bit
        for i in range(self.c.m):
            self.c.board[i] = board[i]
        self.c.nu = 0
        for i in range(n):
            if holes[i] is None:
                self.c.unknown[self.c.nu] = i
                self.c.nu += 1
                memset(&self.c.pe[i], 0, sizeof(PEval))
            else:
                for j in range(hole_size):
                    hole[j] = holes[i][j]
                _set_player(self.c.t, &self.c.pe[i], hole, hole_size)
        self.c.ndeck = 0
        for i in range(52):
            if not (used >> i) & 1:
                self.c.deck[self.c.ndeck] = <uint8_t>i
                self.c.ndeck += 1
        nk = self.c.nu * hole_size + self.c.k
        if nk > self.c.ndeck:
            raise ValueError(f"{nk} cards to deal but only {self.c.ndeck} left in the deck")

    @property
    def deck_size(self):
        """Cards left to deal from."""
        return self.c.ndeck

    def stop(self):
        """Ask every run of this spot to end at its next check (any thread)."""
        eq_store_flag(&self._stop, 1)

    def exact(self, long long first, long long last, int64_t[::1] acc,
              bint signals):
        """Enumerate tasks first..last-1 and add their counts into acc.

        A task is the first unknown player's hand (in lexicographic order
        of deck positions) when a player is unknown, else the position in
        the deck of the first board card dealt (a single task 0 when the
        board is complete).  Returns True if the run completed, False if
        stop() ended it; with signals, Ctrl-C raises KeyboardInterrupt.
        """
        cdef Run run
        cdef PEval pe[MAX_PLAYERS]
        cdef int r
        if acc.shape[0] != self.c.n * N_OUT:
            raise ValueError(f"acc must have {self.c.n * N_OUT} counts")
        run.acc = &acc[0]
        run.stop = &self._stop
        run.signals = signals
        run.work = 0
        pe[:] = self.c.pe
        with nogil:
            if self.c.nu:
                r = _hands(&self.c, pe, 0, self.c.deck, self.c.ndeck, first, last, &run)
            else:
                r = _boards(&self.c, pe, self.c.deck, self.c.ndeck, <int>first,
                            <int>last, &run)
        return r == 0

    def monte_carlo(self, unsigned long long seed, long long block0, long long block1,
                    long long block_size, long long samples, int64_t[::1] acc,
                    bint signals):
        """Deal the samples of blocks block0..block1-1 and add their counts.

        Block b holds samples b * block_size .. min((b + 1) * block_size,
        samples) - 1, drawn by a generator seeded from (seed, b) alone, so
        any split of the blocks between calls and threads adds up to the
        same counts.  Returns like :meth:`exact`.
        """
        cdef Run run
        cdef int r
        if acc.shape[0] != self.c.n * N_OUT:
            raise ValueError(f"acc must have {self.c.n * N_OUT} counts")
        if block_size < 1:
            raise ValueError("block_size must be positive")
        run.acc = &acc[0]
        run.stop = &self._stop
        run.signals = signals
        run.work = 0
        with nogil:
            r = _monte_carlo(&self.c, seed, block0, block1, block_size, samples, &run)
        return r == 0


N_OUTCOMES = N_OUT
