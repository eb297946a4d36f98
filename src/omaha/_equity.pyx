# The equity loops of omaha: exact enumeration and Monte Carlo over deals
# (hands drawn from ranges, unknown hole cards and the missing board cards),
# scoring every player on every board with the lookup tables of omaha._eval,
# and the board-by-board kernel of the exact preflop table.  It knows nothing
# of text notation or result objects: omaha.equities validates and reports.
#
# Compiler directives are set once, in setup.py.
#
# Card code: 4 * rank + suit, rank 0..12 (2..A), suit 0..3 (c d h s).
#
# Counts.  For every deal each player gets one count (or the deal's weight,
# for hands drawn from weighted ranges) in a table of N_OUT = 11 * 12 cells,
# cell hi * 12 + lo:
#   hi = 0 when the player does not have the best high hand, else the number
#        of players sharing it (1 = alone);
#   lo = 0 when the player does not have the best qualifying low, else the
#        number of players sharing it; lo = 11 when nobody has a qualifying
#        low (always, in Omaha Hi): the high winners then share the pot.
# The Python layer turns these integer counts into exact pot shares.  One
# more count after the players' tables (slot n * N_OUT) sums the weights of
# the range combinations enumerated (exact runs with ranges).

from array import array

from cpython.exc cimport PyErr_CheckSignals
from libc.stdint cimport int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc, qsort
from libc.string cimport memset

from omaha._bits cimport (
    OMAHA_CTZ,
    OMAHA_POPCOUNT,
    OMAHA_PREFETCH,
    board_colex_term,
    hole_colex,
    insertion_sort,
    top_bits,
)
from omaha._eval cimport (
    EvalTables,
    binom,
    board_index,
    eval_tables,
    flush_value,
    hole_index,
    straight_windows,
)
from omaha._rng cimport Rng, below, seed_block

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
    N_HOLE_MS = 1820      # rank multisets of 4 hole cards
    N_BOARD_MS = 6188     # rank multisets of 5 board cards (colex indices)
    POLL_WORK = 1 << 18   # deals between two looks at Ctrl-C / the stop flag
    MC_BATCH = 16         # Monte Carlo deals drawn (and prefetched) together
    MAX_REJECT = 10000000  # Monte Carlo: range draws in a row that may collide
    DUEL_COLS = 5         # duel_shares' out columns: win, tie, high, share, valid

# For a hole's rank set in one suit: the straight windows holding two or
# more of it (bit w, windows as omaha._eval's straight_windows()), and its
# two highest ranks.
cdef const uint16_t *SFWIN = straight_windows()
cdef uint16_t SFW_OF[8192]
cdef uint16_t TOP2_OF[8192]
# The four-card subsets (as index quadruples) of a 5- or 6-card hole.
cdef uint8_t SUB4[15][4]
cdef int N_SUB4[7]
# The rank multisets of 4 cards, by their colex index (omaha._eval's
# hole_index): distinct ranks (13 pads), their multiplicities, the low set.
cdef uint8_t MS_RANK[N_HOLE_MS][4]
cdef uint8_t MS_MULT[N_HOLE_MS][4]
cdef uint8_t MS_LOW[N_HOLE_MS]
# The five sorted ranks of each board rank multiset, by colex index.
cdef uint8_t BOARD_RANKS[N_BOARD_MS][5]
# C(a, m) for a, m <= 4; and C(c, 2), C(c, 3) for card codes (pair and
# triple ids: colex over the 52 cards).
cdef int64_t CB[5][5]
cdef uint16_t C2[52]
cdef uint16_t C3[52]


cdef inline uint32_t _rank_low(int r) noexcept nogil:
    """The bit of rank r (0..12 = 2..A) in a low set (A = bit 0, 2..8 = bits 1..7)."""
    if r == 12:
        return 1
    return ((<uint32_t>1) << (r + 1)) if r <= 6 else 0


cdef void _init() noexcept nogil:
    cdef int x, i, j, k, top, n, r0, r1, r2, r3, r4
    cdef uint8_t codes[5]
    cdef uint32_t idx
    for x in range(8192):
        SFW_OF[x] = 0
        for i in range(10):
            if OMAHA_POPCOUNT(SFWIN[i] & x) >= 2:
                SFW_OF[x] |= <uint16_t>(1 << i)
        TOP2_OF[x] = <uint16_t>top_bits(x, 2)
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
    for r0 in range(13):
        for r1 in range(r0, 13):
            for r2 in range(r1, 13):
                for r3 in range(r2, 13):
                    codes[0] = <uint8_t>(4 * r0)
                    codes[1] = <uint8_t>(4 * r1)
                    codes[2] = <uint8_t>(4 * r2)
                    codes[3] = <uint8_t>(4 * r3)
                    idx = hole_index(codes)
                    n = 0
                    for i in range(4):
                        MS_RANK[idx][i] = 13
                        MS_MULT[idx][i] = 0
                    MS_LOW[idx] = 0
                    for i in range(4):
                        x = codes[i] >> 2
                        MS_LOW[idx] |= <uint8_t>_rank_low(x)
                        if n and MS_RANK[idx][n - 1] == x:
                            MS_MULT[idx][n - 1] += 1
                        else:
                            MS_RANK[idx][n] = <uint8_t>x
                            MS_MULT[idx][n] = 1
                            n += 1
                    for r4 in range(r3, 13):
                        codes[4] = <uint8_t>(4 * r4)
                        idx = board_index(codes)
                        for i in range(5):
                            BOARD_RANKS[idx][i] = codes[i] >> 2
    for i in range(5):
        for j in range(5):
            CB[i][j] = binom(i, j)
    for i in range(52):
        C2[i] = <uint16_t>binom(i, 2)
        C3[i] = <uint16_t>binom(i, 3)


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
    uint16_t sranks[4]         # the hole's ranks of suit s (bits)
    const uint8_t *lo_row      # lo table row of the hole's low set


cdef struct Ctx:
    const EvalTables *t
    int n                      # players
    int h                      # hole cards per player
    int nu                     # unknown players
    int nr                     # players drawn from ranges
    int m                      # known board cards
    int k                      # board cards to deal: 5 - m
    int hilo
    int grouped                # 1: one unknown 4-card hand by rank multisets
    int ndeck                  # cards left to deal from
    int unknown[MAX_PLAYERS]   # indices of the unknown players
    int ranged[MAX_PLAYERS]    # indices of the ranged players
    const uint8_t *rc[MAX_PLAYERS]   # each range's combinations, rn x h codes
    const uint64_t *rm[MAX_PLAYERS]  # their card masks
    const int64_t *rw[MAX_PLAYERS]   # their weights (integers >= 1)
    int64_t rn[MAX_PLAYERS]          # combinations per range
    int64_t rwmax[MAX_PLAYERS]       # the largest weight of each range
    uint8_t board[5]
    uint8_t deck[52]           # ascending
    PEval pe[MAX_PLAYERS]      # filled for the known players


cdef struct Run:
    int64_t *acc               # n * N_OUT counts, then the sum of combination weights
    int *stop                  # set by another thread to end the run early
    int signals                # 1 in the main thread: look at Ctrl-C
    int64_t work               # deals since the last look
    int64_t w                  # the weight of every deal counted now


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
        p.nrows = 1
        p.rows[0] = t.big + <size_t>hole_index(hole) * t.n_board
    else:
        insertion_sort(r, h)
        p.nrows = N_SUB4[h]
        for i in range(p.nrows):
            q[0] = r[SUB4[i][0]]
            q[1] = r[SUB4[i][1]]
            q[2] = r[SUB4[i][2]]
            q[3] = r[SUB4[i][3]]
            p.rows[i] = t.big + <size_t>hole_colex(t.hole_colex, q) * t.n_board
    p.fl_nib = (cnt + 0x6666) & 0x8888
    for s in range(4):
        p.top2[s] = TOP2_OF[suit_ranks[s]]
        p.sfw[s] = SFW_OF[suit_ranks[s]]
        p.sranks[s] = <uint16_t>suit_ranks[s]
    p.lo_row = t.lo + (hs << 8)


cdef inline uint16_t _flush(const EvalTables *t, const PEval *p, int s,
                            uint32_t br) noexcept nogil:
    """Best flush of 2 hole + 3 board cards of suit s (board ranks br, >= 3).

    The same value as omaha._eval's flush_value(hole ranks, br), with the
    windows that can hold two hole cards found once per hole.
    """
    cdef uint32_t ws = p.sfw[s]
    cdef int w
    while ws:
        w = OMAHA_CTZ(ws)
        ws &= ws - 1
        if OMAHA_POPCOUNT(SFWIN[w] & br) >= 3:
            return t.flush[SFWIN[w]]
    return t.flush[p.top2[s] | top_bits(br, 3)]


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


cdef inline void _tally(const uint16_t *hv, const uint8_t *lv, int n, int hilo,
                        int64_t *acc, int64_t w) noexcept nogil:
    """Count a deal of known values (hv, lv: 0 = no low) w times for every player."""
    cdef int p, nwh = 0, nwl = 0
    cdef uint16_t best = 0
    cdef uint8_t bestlo = 0
    for p in range(n):
        if hv[p] > best:
            best = hv[p]
    for p in range(n):
        nwh += hv[p] == best
    if hilo:
        for p in range(n):
            if lv[p] > bestlo:
                bestlo = lv[p]
        if bestlo:
            for p in range(n):
                nwl += lv[p] == bestlo
            for p in range(n):
                acc[p * N_OUT + (hv[p] == best) * nwh * 12 + (lv[p] == bestlo) * nwl] += w
            return
    for p in range(n):
        acc[p * N_OUT + (hv[p] == best) * nwh * 12 + NO_LOW] += w


cdef inline void _score(const EvalTables *t, const PEval *pe, int n, int hilo,
                        uint32_t idx, uint32_t sc, uint64_t m64, uint32_t lowset,
                        int64_t *acc, int64_t wt) noexcept nogil:
    """Count one deal, wt times, for every player (see the counts at the top)."""
    cdef uint16_t hv[MAX_PLAYERS]
    cdef uint8_t lv[MAX_PLAYERS]
    cdef uint32_t fbits = (sc + 0x5555) & 0x8888
    cdef uint32_t br = 0
    cdef int s = 0, p, nwh = 0, nwl = 0, j0, j1
    cdef uint16_t v0, v1
    cdef uint8_t l0, l1
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
        acc[(v0 >= v1) * nwh * 12 + j0] += wt
        acc[N_OUT + (v1 >= v0) * nwh * 12 + j1] += wt
        return
    for p in range(n):
        hv[p] = _hi(t, &pe[p], idx, fbits, s, br)
        lv[p] = pe[p].lo_row[lowset] if hilo else 0
    _tally(hv, lv, n, hilo, acc, wt)


cdef inline void _board_of(const EvalTables *t, const uint8_t *b, uint32_t *idx,
                           uint32_t *sc, uint64_t *m64, uint32_t *lowset) noexcept nogil:
    """Colex index, suit counts, suit-rank mask and low set of 5 board cards."""
    cdef int i
    sc[0] = lowset[0] = 0
    m64[0] = 0
    for i in range(5):
        sc[0] += (<uint32_t>1) << ((b[i] & 3) << 2)
        m64[0] |= (<uint64_t>1) << (((b[i] & 3) << 4) + (b[i] >> 2))
        lowset[0] |= t.lowbit[b[i]]
    idx[0] = board_index(b)


cdef inline void _score_codes(const EvalTables *t, const PEval *pe, int n,
                              int hilo, const uint8_t *b, int64_t *acc,
                              int64_t wt) noexcept nogil:
    """Count the deal of a complete board given as 5 card codes."""
    cdef uint32_t idx, sc, lowset
    cdef uint64_t m64
    _board_of(t, b, &idx, &sc, &m64, &lowset)
    _score(t, pe, n, hilo, idx, sc, m64, lowset, acc, wt)


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
    cdef int64_t wt = run.w
    for i0 in range(nd):
        rk = deck[i0] >> 2
        x0[i0] = board_colex_term(t.board_colex, 0, rk)
        x1[i0] = board_colex_term(t.board_colex, 1, rk)
        x2[i0] = board_colex_term(t.board_colex, 2, rk)
        x3[i0] = board_colex_term(t.board_colex, 3, rk)
        x4[i0] = board_colex_term(t.board_colex, 4, rk)
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
                               m3 | mb[i4], l3 | lb[i4], acc, wt)
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
        _score_codes(c.t, pe, c.n, c.hilo, b, run.acc, run.w)
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
        _score_codes(c.t, pe, c.n, c.hilo, b, run.acc, run.w)
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
            c = binom(nd - x - 1, h - i - 1)
            if t < c:
                break
            t -= c
            x += 1
        pos[i] = x
        x += 1


cdef int _rest(const uint8_t *deck, int nd, uint64_t used, uint8_t *rest) noexcept nogil:
    """Copy the cards of deck[0:nd] not in used into rest; return how many."""
    cdef int i, nr = 0
    for i in range(nd):
        if not (used >> deck[i]) & 1:
            rest[nr] = deck[i]
            nr += 1
    return nr


cdef int _hands(const Ctx *c, PEval *pe, int u, const uint8_t *deck, int nd,
                int64_t first, int64_t last, Run *run) except -1 nogil:
    """Every hand of unknown player u (the first-th to last-th in
    lexicographic order), then the later players' hands and the boards."""
    cdef int h = c.h, i, j, nr
    cdef int pos[MAX_HOLE]
    cdef uint8_t hole[MAX_HOLE]
    cdef uint8_t rest[52]
    cdef uint64_t used
    cdef int64_t t
    cdef PEval *p = &pe[c.unknown[u]]
    if first >= last:
        return 0
    _unrank(first, nd, h, pos)
    t = first
    while True:
        used = 0
        for i in range(h):
            hole[i] = deck[pos[i]]
            used |= (<uint64_t>1) << hole[i]
        _set_player(c.t, p, hole, h)
        nr = _rest(deck, nd, used, rest)
        if u + 1 < c.nu:
            if _hands(c, pe, u + 1, rest, nr, 0, binom(nr, h), run):
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
# Exact, one unknown 4-card hand: boards grouped, the hand by rank multisets
# ---------------------------------------------------------------------------
#
# With the other hands fixed, a complete board matters only through
#   - its rank multiset R, when no suit has three cards on it: nobody can
#     make a flush, every value depends on ranks alone;
#   - R, the suit s with three or more cards and the ranks F of s on the
#     board, otherwise (a five-card board has at most one such suit).
# For one such group, the unknown hand's cards come from the cards left,
# avail(r) of each rank r; without a flush its high and low values depend
# only on its rank multiset M (1,820 of them), and exactly
#   prod over the ranks r of M of C(avail(r), mult(r))
# hands have multiset M.  In a flush group a hand makes a flush only with
# two or more cards of s, so it is counted in two parts: hands with at most
# one card of s, by multiset (the product split by whether rank r's card of
# s is taken), and hands with j >= 2 cards of s, by their s-ranks T and the
# multiset U of their other 4 - j cards (value: the better of the multiset
# value of T + U and the flush of T with F).  Each part of the unknown
# hand's hands then only needs its place against the best known high and
# low (lower, equal, higher; or no low at all): 12 classes, each scored
# once with its count as the weight.  Suits that every known holder (each
# hand, the board, the deck left) holds alike are interchangeable, so a
# flush group in one of them counts for all.  Every deal is counted once
# with its own outcome: the counts equal plain enumeration's.

cdef struct Group:
    const EvalTables *t
    int u                      # the unknown player
    int deckr[13]              # cards of each rank in the deck
    uint32_t deck_s[4]         # ranks of each suit in the deck
    int brd_r[13]              # known board cards of each rank
    int canon[4]               # the smallest interchangeable suit
    uint16_t col[N_HOLE_MS]    # the big table's column of the current board
    int col_of                 # whose column col holds (-1: none)


cdef inline uint32_t _hkey(uint32_t key, int bits) noexcept nogil:
    return (key * <uint32_t>2654435761) >> (32 - bits)


cdef int _cmp_u64(const void *a, const void *b) noexcept nogil:
    cdef uint64_t x = (<const uint64_t *>a)[0]
    cdef uint64_t y = (<const uint64_t *>b)[0]
    return (x > y) - (x < y)


cdef inline int64_t _ms_count(const int64_t (*tab)[5], int idx) noexcept nogil:
    """Hands of rank multiset idx: the product of tab[rank][multiplicity]."""
    return (tab[MS_RANK[idx][0]][MS_MULT[idx][0]] * tab[MS_RANK[idx][1]][MS_MULT[idx][1]]
            * tab[MS_RANK[idx][2]][MS_MULT[idx][2]] * tab[MS_RANK[idx][3]][MS_MULT[idx][3]])


cdef inline int _flush_class(const EvalTables *t, const uint16_t *col, int *q,
                             uint16_t fl, uint16_t best, const uint8_t *lomap,
                             const uint8_t *lo_col, uint32_t lowset) noexcept nogil:
    """The class of an unknown hand that can make a flush: ranks q (its suited
    ranks and the others, sorted here), flush value fl, low set lowset."""
    cdef uint16_t v
    insertion_sort(q, 4)
    v = col[hole_colex(t.hole_colex, q)]
    if fl > v:
        v = fl
    return ((v > best) + (v >= best)) * 4 + lomap[lo_col[lowset << 8]]


cdef int _group(const Ctx *c, PEval *pe, Group *g, uint32_t ridx, int s,
                uint32_t fr, int64_t nboards, Run *run) except -1 nogil:
    """Score every deal of one board group (ridx; flush suit s with ranks fr,
    or s = -1) with the unknown hand's hands counted by class."""
    cdef const EvalTables *t = g.t
    cdef int cnt_r[13]
    cdef int avail[14]
    cdef int nons[14]
    cdef int64_t tab0[14][5]
    cdef int64_t tab1[14][5]
    cdef uint16_t hv[MAX_PLAYERS]
    cdef uint8_t lv[MAX_PLAYERS]
    cdef uint8_t lomap[57]
    cdef int64_t W[12]
    cdef int ar[13]
    cdef int q[4]
    cdef int i, j, p, r, u = g.u, n = c.n, na, a, b, d, e, nt, cls
    cdef uint32_t blow = 0, fbits = 0, A = 0, tl, tl3, tset, tset3
    cdef uint16_t best = 0, v, fl
    cdef uint8_t bestlo = 0
    cdef int64_t x0, x1, cnt, ta, tb, tc, td
    cdef const uint8_t *lo_col
    cdef uint16_t *col = g.col
    if g.col_of != <int>ridx:
        for i in range(N_HOLE_MS):
            col[i] = t.big[<size_t>i * t.n_board + ridx]
        g.col_of = ridx
    memset(cnt_r, 0, sizeof(cnt_r))
    for i in range(5):
        r = BOARD_RANKS[ridx][i]
        cnt_r[r] += 1
        blow |= _rank_low(r)
    for r in range(13):
        avail[r] = g.deckr[r] - (cnt_r[r] - g.brd_r[r])
    avail[13] = 0
    if s >= 0:
        fbits = (<uint32_t>8) << (4 * s)
        A = g.deck_s[s] & ~fr
    for p in range(n):
        if p == u:
            continue
        hv[p] = _hi(t, &pe[p], ridx, fbits, s, fr)
        lv[p] = pe[p].lo_row[blow] if c.hilo else 0
        if hv[p] > best:
            best = hv[p]
        if lv[p] > bestlo:
            bestlo = lv[p]
    # The unknown hand's classes: high (lower, equal, higher) x 4 + low
    # (0 lower, 1 equal, 2 higher, 3 nobody has a low).
    for i in range(57):
        if not c.hilo or (bestlo == 0 and i == 0):
            lomap[i] = 3
        elif i < bestlo:
            lomap[i] = 0
        else:
            lomap[i] = 1 if i == bestlo else 2
    lo_col = t.lo + blow
    memset(W, 0, sizeof(W))
    for r in range(14):
        e = (A >> r) & 1 if r < 13 else 0
        nons[r] = avail[r] - e
        for j in range(5):
            tab0[r][j] = CB[nons[r]][j]
            tab1[r][j] = CB[nons[r]][j - 1] if e and j else 0
    tab0[13][0] = 1
    if s < 0:
        for i in range(N_HOLE_MS):
            cnt = _ms_count(tab0, i)
            if cnt:
                v = col[i]
                cls = ((v > best) + (v >= best)) * 4 + lomap[lo_col[<uint32_t>MS_LOW[i] << 8]]
                W[cls] += cnt
    else:
        # Hands with at most one card of s: none, or rank r's card of s.
        for i in range(N_HOLE_MS):
            ta = tab0[MS_RANK[i][0]][MS_MULT[i][0]]
            tb = tab0[MS_RANK[i][1]][MS_MULT[i][1]]
            tc = tab0[MS_RANK[i][2]][MS_MULT[i][2]]
            td = tab0[MS_RANK[i][3]][MS_MULT[i][3]]
            x0 = ta * tb * tc * td
            x1 = (tab1[MS_RANK[i][0]][MS_MULT[i][0]] * tb * tc * td
                  + ta * tab1[MS_RANK[i][1]][MS_MULT[i][1]] * tc * td
                  + ta * tb * tab1[MS_RANK[i][2]][MS_MULT[i][2]] * td
                  + ta * tb * tc * tab1[MS_RANK[i][3]][MS_MULT[i][3]])
            cnt = x0 + x1
            if cnt:
                v = col[i]
                cls = ((v > best) + (v >= best)) * 4 + lomap[lo_col[<uint32_t>MS_LOW[i] << 8]]
                W[cls] += cnt
        # Hands with j >= 2 cards of s: their s-ranks T, the other ranks U.
        na = 0
        for r in range(13):
            if (A >> r) & 1:
                ar[na] = r
                na += 1
        for a in range(na):
            for b in range(a + 1, na):
                tset = ((<uint32_t>1) << ar[a]) | ((<uint32_t>1) << ar[b])
                fl = flush_value(tset, fr)
                tl = _rank_low(ar[a]) | _rank_low(ar[b])
                # U: two cards of ranks d <= e, not of suit s.
                for d in range(13):
                    for e in range(d, 13):
                        cnt = CB[nons[d]][2] if d == e else CB[nons[d]][1] * CB[nons[e]][1]
                        if not cnt:
                            continue
                        q[0] = ar[a]
                        q[1] = ar[b]
                        q[2] = d
                        q[3] = e
                        W[_flush_class(t, col, q, fl, best, lomap, lo_col,
                                       tl | _rank_low(d) | _rank_low(e))] += cnt
                for d in range(b + 1, na):
                    tset3 = tset | ((<uint32_t>1) << ar[d])
                    fl = flush_value(tset3, fr)
                    tl3 = tl | _rank_low(ar[d])
                    # U: one card of rank e, not of suit s.
                    for e in range(13):
                        cnt = nons[e]
                        if not cnt:
                            continue
                        q[0] = ar[a]
                        q[1] = ar[b]
                        q[2] = ar[d]
                        q[3] = e
                        W[_flush_class(t, col, q, fl, best, lomap, lo_col,
                                       tl3 | _rank_low(e))] += cnt
                    for e in range(d + 1, na):
                        fl = flush_value(tset3 | ((<uint32_t>1) << ar[e]), fr)
                        q[0] = ar[a]
                        q[1] = ar[b]
                        q[2] = ar[d]
                        q[3] = ar[e]
                        W[_flush_class(t, col, q, fl, best, lomap, lo_col,
                                       tl3 | _rank_low(ar[e]))] += 1
    for cls in range(12):
        if not W[cls]:
            continue
        nt = cls >> 2
        hv[u] = 0 if nt == 0 else (best if nt == 1 else best + 1)
        nt = cls & 3
        lv[u] = bestlo if nt == 1 else (bestlo + 1 if nt == 2 else 0)
        _tally(hv, lv, n, c.hilo, run.acc, W[cls] * nboards * run.w)
    run.work += 2048
    if run.work >= POLL_WORK and _poll(run):
        return 1
    return 0


cdef inline int _same_suits(const Ctx *c, const PEval *pe, const Group *g,
                            const uint32_t *bsr, int s, int x) noexcept nogil:
    """1 when swapping suits s and x maps every known holder onto itself."""
    cdef int p
    if g.deck_s[s] != g.deck_s[x] or bsr[s] != bsr[x]:
        return 0
    for p in range(c.n):
        if p != g.u and pe[p].sranks[s] != pe[p].sranks[x]:
            return 0
    return 1


cdef inline int _flush_key(const Group *g, uint32_t ridx, uint32_t sc, uint64_t m64,
                           uint32_t *key) noexcept nogil:
    """The group of a complete board: 0 and ridx's own group when no suit has
    three cards, else 1 and the flush group's key (ridx, canonical suit, ranks)."""
    cdef uint32_t fb = (sc + 0x5555) & 0x8888
    cdef int s
    if not fb:
        return 0
    s = OMAHA_CTZ(fb) >> 2
    key[0] = (ridx << 15) | (<uint32_t>g.canon[s] << 13) | (<uint32_t>(m64 >> (16 * s)) & 0x1FFF)
    return 1


cdef inline int _count_board(const Group *g, uint32_t ridx, uint32_t sc, uint64_t m64,
                             int64_t *nf, uint32_t *hkeys, int64_t *hcnt,
                             int bits) noexcept nogil:
    """Count one complete board in its group: nf[ridx] without a flush suit,
    else the flush group's entry of the hash table (linear probing; keys
    stored plus one, 0 = empty).  Returns 1 when that entry is new."""
    cdef uint32_t key, hh, hmask = (1U << bits) - 1
    cdef int new = 0
    if not _flush_key(g, ridx, sc, m64, &key):
        nf[ridx] += 1
        return 0
    hh = _hkey(key, bits)
    while hkeys[hh] and hkeys[hh] != key + 1:
        hh = (hh + 1) & hmask
    if not hkeys[hh]:
        hkeys[hh] = key + 1
        hcnt[hh] = 0
        new = 1
    hcnt[hh] += 1
    return new


cdef int _grouped(const Ctx *c, PEval *pe, const uint8_t *deck, int nd,
                  Run *run) except -1 nogil:
    """Every deal of the one unknown 4-card hand and the board completions
    from deck[0:nd], by groups (see above)."""
    cdef const EvalTables *t = c.t
    cdef Group g
    cdef uint32_t bsr[4]
    cdef uint8_t b[5]
    cdef int pos[5]
    cdef uint16_t xs[5][52]
    cdef uint32_t sb[52]
    cdef uint64_t mb[52]
    cdef int i, j, s, x, k = c.k, m = c.m, bits, ret = 0
    cdef int i0, i1, i2, i3, i4
    cdef uint32_t key, ridx, a1, a2, a3, a4, s1, s2, s3, s4
    cdef uint64_t m1, m2, m3, m4
    cdef int64_t ncomp, nflush = 0, fi
    cdef int64_t *nf = NULL
    cdef uint32_t *hkeys = NULL
    cdef int64_t *hcnt = NULL
    cdef uint64_t *flist = NULL
    g.t = t
    g.u = c.unknown[0]
    g.col_of = -1
    memset(g.deckr, 0, sizeof(g.deckr))
    memset(g.deck_s, 0, sizeof(g.deck_s))
    memset(g.brd_r, 0, sizeof(g.brd_r))
    memset(bsr, 0, sizeof(bsr))
    for i in range(nd):
        g.deckr[deck[i] >> 2] += 1
        g.deck_s[deck[i] & 3] |= (<uint32_t>1) << (deck[i] >> 2)
    for i in range(m):
        g.brd_r[c.board[i] >> 2] += 1
        bsr[c.board[i] & 3] |= (<uint32_t>1) << (c.board[i] >> 2)
    for s in range(4):
        g.canon[s] = s
        for x in range(s):
            if _same_suits(c, pe, &g, bsr, s, x):
                g.canon[s] = g.canon[x]
                break
    if nd - k < 4:
        return 0
    ncomp = binom(nd, k)
    bits = 4
    while (<int64_t>1 << bits) < 2 * ncomp and bits < 19:
        bits += 1
    nf = <int64_t *>malloc(N_BOARD_MS * sizeof(int64_t))
    hkeys = <uint32_t *>malloc((<size_t>1 << bits) * sizeof(uint32_t))
    hcnt = <int64_t *>malloc((<size_t>1 << bits) * sizeof(int64_t))
    try:
        if nf == NULL or hkeys == NULL or hcnt == NULL:
            with gil:
                raise MemoryError()
        memset(nf, 0, N_BOARD_MS * sizeof(int64_t))
        memset(hkeys, 0, (<size_t>1 << bits) * sizeof(uint32_t))
        # Count the completions of each group.
        if k == 5:
            for i in range(nd):
                for j in range(5):
                    xs[j][i] = board_colex_term(t.board_colex, j, deck[i] >> 2)
                sb[i] = (<uint32_t>1) << ((deck[i] & 3) << 2)
                mb[i] = (<uint64_t>1) << (((deck[i] & 3) << 4) + (deck[i] >> 2))
            for i0 in range(nd - 4):
                for i1 in range(i0 + 1, nd - 3):
                    a1 = xs[0][i0] + xs[1][i1]
                    s1 = sb[i0] + sb[i1]
                    m1 = mb[i0] | mb[i1]
                    for i2 in range(i1 + 1, nd - 2):
                        a2 = a1 + xs[2][i2]
                        s2 = s1 + sb[i2]
                        m2 = m1 | mb[i2]
                        for i3 in range(i2 + 1, nd - 1):
                            a3 = a2 + xs[3][i3]
                            s3 = s2 + sb[i3]
                            m3 = m2 | mb[i3]
                            for i4 in range(i3 + 1, nd):
                                a4 = a3 + xs[4][i4]
                                s4 = s3 + sb[i4]
                                m4 = m3 | mb[i4]
                                nflush += _count_board(&g, a4, s4, m4, nf, hkeys, hcnt,
                                                       bits)
        else:
            for i in range(m):
                b[i] = c.board[i]
            for i in range(k):
                pos[i] = i
            while True:
                for i in range(k):
                    b[m + i] = deck[pos[i]]
                _board_of(t, b, &ridx, &s4, &m4, &a4)
                nflush += _count_board(&g, ridx, s4, m4, nf, hkeys, hcnt, bits)
                i = k - 1
                while i >= 0 and pos[i] == nd - k + i:
                    i -= 1
                if i < 0:
                    break
                pos[i] += 1
                for j in range(i + 1, k):
                    pos[j] = pos[j - 1] + 1
        # The flush groups in key order (board multiset first), packed with
        # their counts (fewer than 2**24 completions each).
        flist = <uint64_t *>malloc((nflush + 1) * sizeof(uint64_t))
        if flist == NULL:
            with gil:
                raise MemoryError()
        fi = 0
        for i in range(1 << bits):
            if hkeys[i]:
                flist[fi] = ((<uint64_t>(hkeys[i] - 1)) << 24) | <uint64_t>hcnt[i]
                fi += 1
        qsort(flist, nflush, sizeof(uint64_t), _cmp_u64)
        fi = 0
        for ridx in range(N_BOARD_MS):
            if nf[ridx]:
                ret = _group(c, pe, &g, ridx, -1, 0, nf[ridx], run)
                if ret:
                    break
            while fi < nflush and (flist[fi] >> 39) == ridx:
                key = <uint32_t>(flist[fi] >> 24)
                ret = _group(c, pe, &g, ridx, (key >> 13) & 3, key & 0x1FFF,
                             <int64_t>(flist[fi] & 0xFFFFFF), run)
                fi += 1
                if ret:
                    break
            if ret:
                break
    finally:
        free(nf)
        free(hkeys)
        free(hcnt)
        free(flist)
    return ret


# ---------------------------------------------------------------------------
# Hands drawn from ranges: every combination (exact), one each (Monte Carlo)
# ---------------------------------------------------------------------------

cdef int _inner(const Ctx *c, PEval *pe, const uint8_t *deck, int nd,
                Run *run) except -1 nogil:
    """Every deal once the known and ranged hands are set: the unknown hands
    and the board completions from deck[0:nd]."""
    if c.nu == 0:
        return _boards(c, pe, deck, nd, 0, nd - c.k + 1, run)
    if c.grouped:
        return _grouped(c, pe, deck, nd, run)
    return _hands(c, pe, 0, deck, nd, 0, binom(nd, c.h), run)


cdef int _tuples(const Ctx *c, PEval *pe, int j, uint64_t used, int64_t w,
                 int64_t first, int64_t last, Run *run) except -1 nogil:
    """Combinations first..last-1 of ranged player j that avoid the cards
    used, each with every combination of the later ranged players and every
    deal after them; a deal counts the product of the combinations' weights."""
    cdef uint8_t rest[52]
    cdef int64_t i
    cdef int nr
    cdef uint64_t mk
    for i in range(first, last):
        mk = c.rm[j][i]
        if mk & used:
            continue
        _set_player(c.t, &pe[c.ranged[j]], c.rc[j] + i * c.h, c.h)
        if j + 1 < c.nr:
            if _tuples(c, pe, j + 1, used | mk, w * c.rw[j][i], 0, c.rn[j + 1], run):
                return 1
            continue
        run.w = w * c.rw[j][i]
        run.acc[c.n * N_OUT] += run.w
        nr = _rest(c.deck, c.ndeck, used | mk, rest)
        if _inner(c, pe, rest, nr, run):
            return 1
        run.work += 1
        if run.work >= POLL_WORK and _poll(run):
            return 1
    return 0


# ---------------------------------------------------------------------------
# Monte Carlo: the generator of omaha._rng, seeded per block
# ---------------------------------------------------------------------------

cdef inline int _draw_ranges(const Ctx *c, Rng *g, int64_t *pick) noexcept nogil:
    """Propose one combination per ranged player; 1 when it is accepted.

    Each proposal is uniform over the combinations of each range and is kept
    with probability weight / largest weight, and only when no two
    combinations share a card.  An accepted draw of all the ranges therefore
    has probability proportional to the product of its weights among the
    draws without a shared card: exactly the joint distribution of the
    ranges (rejection sampling, no bias).
    """
    cdef uint64_t used = 0, mk
    cdef int j
    cdef int64_t i
    for j in range(c.nr):
        i = below(g, <uint32_t>c.rn[j])
        if c.rwmax[j] > 1 and below(g, <uint32_t>c.rwmax[j]) >= c.rw[j][i]:
            return 0
        mk = c.rm[j][i]
        if mk & used:
            return 0
        used |= mk
        pick[j] = i
    return 1


cdef int _monte_carlo(const Ctx *c, uint64_t seed, int64_t block0, int64_t block1,
                      int64_t block_size, int64_t samples, Run *run) except -1 nogil:
    """Deals of blocks block0..block1-1 (the last block may be short).

    Deals are drawn MC_BATCH at a time: the unknown players' table entries
    (random rows of the 22.5 MB table) are prefetched for the whole batch
    before any is scored, so their cache misses overlap.  Ranged players'
    combinations are drawn first (_draw_ranges, repeated until accepted) and
    their cards set aside at the end of the deck; the unknown hands and the
    board come uniformly from the rest.
    """
    cdef PEval pe[MC_BATCH][MAX_PLAYERS]
    cdef uint32_t bidx[MC_BATCH]
    cdef uint32_t bsc[MC_BATCH]
    cdef uint64_t bm64[MC_BATCH]
    cdef uint32_t blow[MC_BATCH]
    cdef uint8_t deck[52]
    cdef uint8_t pos[52]
    cdef int64_t pick[MAX_PLAYERS]
    cdef uint8_t b[5]
    cdef Rng g
    cdef int64_t blk, nb, done, tries
    cdef int nd = c.ndeck, h = c.h, nu = c.nu, nr = c.nr, m = c.m, k = c.k, n = c.n
    cdef int need = nu * h + k, j, u, x, q, batch, tail, i0
    cdef uint32_t r
    cdef uint8_t tmp
    cdef const uint8_t *hole
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
        seed_block(&g, seed, <uint64_t>blk)
        for j in range(nd):
            deck[j] = c.deck[j]
            pos[deck[j]] = <uint8_t>j
        done = 0
        while done < nb:
            batch = MC_BATCH if nb - done >= MC_BATCH else <int>(nb - done)
            for x in range(batch):
                tail = nd
                if nr:
                    tries = 0
                    while not _draw_ranges(c, &g, pick):
                        tries += 1
                        if tries >= MAX_REJECT:
                            with gil:
                                raise ValueError(
                                    f"the ranges leave almost no deal: {MAX_REJECT:,} "
                                    "draws in a row held a card twice")
                    for j in range(nr):
                        hole = c.rc[j] + pick[j] * h
                        for q in range(h):
                            # Set the card aside: swap it to the end of the deck.
                            tail -= 1
                            i0 = pos[hole[q]]
                            tmp = deck[tail]
                            deck[tail] = deck[i0]
                            deck[i0] = tmp
                            pos[tmp] = <uint8_t>i0
                            pos[deck[tail]] = <uint8_t>tail
                        pu = &pe[x][c.ranged[j]]
                        _set_player(c.t, pu, hole, h)
                # Partial Fisher-Yates: deck[0:need] is a uniform ordered draw
                # from deck[0:tail].
                for j in range(need):
                    r = j + below(&g, <uint32_t>(tail - j))
                    tmp = deck[j]
                    deck[j] = deck[r]
                    deck[r] = tmp
                    if nr:
                        pos[deck[j]] = <uint8_t>j
                        pos[tmp] = <uint8_t>r
                for j in range(k):
                    b[m + j] = deck[nu * h + j]
                _board_of(c.t, b, &bidx[x], &bsc[x], &bm64[x], &blow[x])
                for u in range(nu):
                    pu = &pe[x][c.unknown[u]]
                    _set_player(c.t, pu, &deck[u * h], h)
                for u in range(nu + nr):
                    pu = &pe[x][c.unknown[u] if u < nu else c.ranged[u - nu]]
                    for q in range(pu.nrows):
                        OMAHA_PREFETCH(pu.rows[q] + bidx[x])
            for x in range(batch):
                _score(c.t, pe[x], n, c.hilo, bidx[x], bsc[x], bm64[x], blow[x], run.acc, 1)
            done += batch
        run.work += nb
        if run.work >= POLL_WORK and _poll(run):
            return 1
    return 0


# ---------------------------------------------------------------------------
# Every hole against one random hole, board by board (the preflop table)
# ---------------------------------------------------------------------------
#
# For one complete board B, every 4-card hole h of the given holes that
# avoids B is scored against every such hole o that also avoids h.  The
# holes o avoiding h are counted by inclusion-exclusion over the subsets S
# of h's cards:  #{o : o and h disjoint} = sum over S of (-1)^|S| #{o >= S}.
# Sweeping the holes in increasing value order while counting, per card,
# pair and triple of cards (52 + 1,326 + 22,100 counters), the holes seen so
# far gives each hole the number of disjoint holes of lower value (before
# its value's holes are added) and of lower or equal value (after), in 15
# counter reads each.  The pot share against one random hole needs three
# such sweeps:
#   H = sum over o of [hi(h) > hi(o)] + [hi(h) = hi(o)] / 2   (all o),
#   Hl = the same over the o that have a low,
#   L = the same by low value, over all o (no low is below every low).
# In Hi the share is H; in Hi-Lo it is H / 2 + L / 2 when h has a low,
# H - Hl / 2 when it has none (half the pot when o has the low), and H
# when the board allows no low.  Counted in half deals (hi) and quarter
# deals (hi-lo), these are integers.

cdef struct Counts:
    int32_t total
    int32_t c1[52]
    int32_t c2[1326]
    int32_t c3[22100]


cdef struct Part:
    uint16_t pair[6]           # pair ids (colex over the 52 cards)
    uint16_t trip[4]           # triple ids
    uint8_t card[4]            # the codes, ascending
    uint16_t hv                # on the current board
    uint8_t lv
    int32_t slot               # where its shares are added (an opponent: its weight)


cdef inline int32_t _disjoint(const Counts *k, const Part *p) noexcept nogil:
    """The holes counted in k that share no card with p (p itself, when
    counted, comes out as -1 + 1 = 0 only once its own term is added)."""
    return (k.total
            - k.c1[p.card[0]] - k.c1[p.card[1]] - k.c1[p.card[2]] - k.c1[p.card[3]]
            + k.c2[p.pair[0]] + k.c2[p.pair[1]] + k.c2[p.pair[2]]
            + k.c2[p.pair[3]] + k.c2[p.pair[4]] + k.c2[p.pair[5]]
            - k.c3[p.trip[0]] - k.c3[p.trip[1]] - k.c3[p.trip[2]] - k.c3[p.trip[3]])


cdef inline void _count(Counts *k, const Part *p, int32_t w) noexcept nogil:
    """Count p w times: in the total, and at each of its cards, pairs and triples."""
    cdef int i
    k.total += w
    for i in range(4):
        k.c1[p.card[i]] += w
        k.c3[p.trip[i]] += w
    for i in range(6):
        k.c2[p.pair[i]] += w


cdef struct BoardEval:
    uint64_t bm                # the board's cards
    uint32_t blow              # its low set
    uint32_t fr                # its ranks of suit s
    int s                      # the suit it holds three or more of, or -1
    int lowpos                 # 1: it has three low ranks (a low is possible)
    uint16_t col[N_HOLE_MS]    # the high value of each hole rank multiset on it


cdef void _board_eval(const EvalTables *t, const uint8_t *b, BoardEval *e) noexcept nogil:
    """Fill e for the complete board b (5 card codes)."""
    cdef uint32_t sc = 0, fb, bidx
    cdef int i
    e.bm = 0
    e.blow = 0
    e.fr = 0
    e.s = -1
    for i in range(5):
        e.bm |= (<uint64_t>1) << b[i]
        sc += (<uint32_t>1) << ((b[i] & 3) << 2)
        e.blow |= t.lowbit[b[i]]
    fb = (sc + 0x5555) & 0x8888
    if fb:
        e.s = OMAHA_CTZ(fb) >> 2
        for i in range(5):
            if (b[i] & 3) == e.s:
                e.fr |= (<uint32_t>1) << (b[i] >> 2)
    e.lowpos = OMAHA_POPCOUNT(e.blow) >= 3
    bidx = board_index(b)
    for i in range(N_HOLE_MS):
        e.col[i] = t.big[<size_t>i * t.n_board + bidx]


cdef struct Holes:
    int nh
    uint64_t *mask             # per hole: its cards
    uint16_t *ms               # per hole: its rank multiset's colex index
    uint8_t *low               # per hole: its low set
    uint16_t *sranks           # per hole: 4 suit rank sets
    Part *tmpl                 # per hole: its card, pair and triple ids, slot


cdef int _holes_alloc(Holes *h, Py_ssize_t n) except -1:
    """Allocate h for n holes (free with _holes_free, also after a failure)."""
    h.nh = <int>n
    h.mask = <uint64_t *>malloc(n * sizeof(uint64_t) + 1)
    h.ms = <uint16_t *>malloc(n * sizeof(uint16_t) + 1)
    h.low = <uint8_t *>malloc(n + 1)
    h.sranks = <uint16_t *>malloc(4 * n * sizeof(uint16_t) + 1)
    h.tmpl = <Part *>malloc(n * sizeof(Part) + 1)
    if h.mask == NULL or h.ms == NULL or h.low == NULL or h.sranks == NULL or h.tmpl == NULL:
        raise MemoryError()
    return 0


cdef void _holes_free(Holes *h) noexcept:
    free(h.mask)
    free(h.ms)
    free(h.low)
    free(h.sranks)
    free(h.tmpl)


cdef void _hole_set(const EvalTables *t, Holes *h, Py_ssize_t j, const uint8_t *hh,
                    int32_t slot) noexcept:
    """Fill hole j of h from 4 ascending card codes hh."""
    cdef int a, b2, c3, pp = 0, qq = 0
    cdef Part *p = &h.tmpl[j]
    h.mask[j] = 0
    h.low[j] = 0
    for a in range(4):
        h.sranks[4 * j + a] = 0
    for a in range(4):
        h.mask[j] |= (<uint64_t>1) << hh[a]
        h.low[j] |= <uint8_t>t.lowbit[hh[a]]
        h.sranks[4 * j + (hh[a] & 3)] |= <uint16_t>(1 << (hh[a] >> 2))
        p.card[a] = hh[a]
    h.ms[j] = <uint16_t>hole_index(hh)
    for a in range(4):
        for b2 in range(a + 1, 4):
            p.pair[pp] = <uint16_t>(C2[hh[b2]] + hh[a])
            pp += 1
            for c3 in range(b2 + 1, 4):
                p.trip[qq] = <uint16_t>(C3[hh[c3]] + C2[hh[b2]] + hh[a])
                qq += 1
    p.slot = slot
    p.hv = 0
    p.lv = 0


cdef int _place(const EvalTables *t, const BoardEval *e, const Holes *h, Part *parts,
                int32_t *vals, int32_t *idx, int32_t *start) noexcept nogil:
    """Value the holes of h that avoid the board and write them to parts in
    ascending high value (start: 7464 counts); return how many."""
    cdef int i, q, n = 0, v
    cdef uint16_t hv, fv
    cdef uint32_t hr
    cdef uint8_t lv
    cdef Part *p
    memset(start, 0, 7464 * sizeof(int32_t))
    for i in range(h.nh):
        if h.mask[i] & e.bm:
            continue
        hv = e.col[h.ms[i]]
        if e.s >= 0:
            hr = h.sranks[4 * i + e.s]
            if OMAHA_POPCOUNT(hr) >= 2:
                fv = flush_value(hr, e.fr)
                if fv > hv:
                    hv = fv
        lv = t.lo[(<uint32_t>h.low[i] << 8) | e.blow] if e.lowpos else 0
        vals[n] = (<int32_t>hv << 8) | lv
        idx[n] = i
        start[hv + 1] += 1
        n += 1
    for v in range(1, 7464):
        start[v] += start[v - 1]
    for q in range(n):
        hv = <uint16_t>(vals[q] >> 8)
        p = &parts[start[hv]]
        start[hv] += 1
        p[0] = h.tmpl[idx[q]]
        p.hv = hv
        p.lv = <uint8_t>(vals[q] & 0xFF)
    return n


cdef void _lo_order(const Part *parts, int n, int32_t *lord, int32_t *lstart) noexcept nogil:
    """lord: the positions of parts[0:n] in ascending low value (lstart: 58 counts)."""
    cdef int q, v
    cdef int32_t x
    memset(lstart, 0, 58 * sizeof(int32_t))
    for q in range(n):
        lstart[parts[q].lv + 1] += 1
    for v in range(1, 58):
        lstart[v] += lstart[v - 1]
    for q in range(n):
        x = parts[q].lv
        lord[lstart[x]] = q
        lstart[x] += 1


cdef struct Sweep:
    const EvalTables *t
    Holes h
    Part *parts                # the holes of one board in value order
    int32_t *vals              # per hole of the board: hv << 8 | lv
    int32_t *idx               # per hole of the board: its hole
    int32_t *lord              # parts by low value
    int32_t *h2                # per part: 2 H (half deals)
    int32_t *h2l               # per part: 2 Hl
    int32_t *l2                # per part: 2 L
    Counts *ka
    Counts *kl
    int32_t start[7464]
    int32_t lstart[58]
    BoardEval e


cdef void _board_shares(Sweep *w, const uint8_t *b, int64_t weight, int64_t *out_hi,
                        int64_t *out_hilo) noexcept nogil:
    """Add every hole's pot shares on board b (times weight) to its slot."""
    cdef int i, j, q, n, lowpos
    cdef uint8_t lv
    cdef int64_t hi2, hilo4
    cdef Part *p
    _board_eval(w.t, b, &w.e)
    lowpos = w.e.lowpos
    n = _place(w.t, &w.e, &w.h, w.parts, w.vals, w.idx, w.start)
    # High sweep (all holes, and the holes with a low for those without).
    memset(w.ka, 0, sizeof(Counts))
    if lowpos:
        memset(w.kl, 0, sizeof(Counts))
    i = 0
    while i < n:
        j = i
        while j < n and w.parts[j].hv == w.parts[i].hv:
            j += 1
        for q in range(i, j):
            w.h2[q] = _disjoint(w.ka, &w.parts[q])
            if lowpos and not w.parts[q].lv:
                w.h2l[q] = _disjoint(w.kl, &w.parts[q])
        for q in range(i, j):
            _count(w.ka, &w.parts[q], 1)
            if lowpos and w.parts[q].lv:
                _count(w.kl, &w.parts[q], 1)
        for q in range(i, j):
            # lower + (lower or equal) = 2 lower + equal; +1: the hole itself
            w.h2[q] += _disjoint(w.ka, &w.parts[q]) + 1
            if lowpos and not w.parts[q].lv:
                w.h2l[q] += _disjoint(w.kl, &w.parts[q])
        i = j
    # Low sweep.
    if lowpos:
        _lo_order(w.parts, n, w.lord, w.lstart)
        memset(w.ka, 0, sizeof(Counts))
        i = 0
        while i < n:
            j = i
            lv = w.parts[w.lord[i]].lv
            while j < n and w.parts[w.lord[j]].lv == lv:
                j += 1
            if lv:
                for q in range(i, j):
                    w.l2[w.lord[q]] = _disjoint(w.ka, &w.parts[w.lord[q]])
            for q in range(i, j):
                _count(w.ka, &w.parts[w.lord[q]], 1)
            if lv:
                for q in range(i, j):
                    w.l2[w.lord[q]] += _disjoint(w.ka, &w.parts[w.lord[q]]) + 1
            i = j
    for q in range(n):
        p = &w.parts[q]
        hi2 = w.h2[q]
        if not lowpos:
            hilo4 = 2 * hi2
        elif p.lv:
            hilo4 = hi2 + w.l2[q]
        else:
            hilo4 = 2 * hi2 - w.h2l[q]
        out_hi[p.slot] += weight * hi2
        out_hilo[p.slot] += weight * hilo4


cdef int _check_holes(const uint8_t[:, ::1] holes, uint64_t avoid, str name) except -1:
    """Raise ValueError unless every row is 4 ascending codes 0..51 outside avoid."""
    cdef Py_ssize_t j
    cdef int a
    if holes.shape[1] != 4:
        raise ValueError(f"{name} must be (n, 4) card codes")
    for j in range(holes.shape[0]):
        for a in range(4):
            if holes[j, a] > 51 or (a and holes[j, a] <= holes[j, a - 1]):
                raise ValueError(f"{name} row {j} is not 4 ascending card codes 0..51")
            if (avoid >> holes[j, a]) & 1:
                raise ValueError(f"{name} row {j} holds a board or dead card")
    return 0


def preflop_shares(const uint8_t[:, ::1] boards, const int64_t[::1] weights,
                   const uint8_t[:, ::1] holes, const int32_t[::1] slots,
                   int64_t[::1] out_hi, int64_t[::1] out_hilo, bint signals=True):
    """Add every hole's pot share against one random hole on each board.

    For each board ``boards[i]`` (5 card codes) and each hole ``holes[j]``
    (4 ascending card codes) that avoids it, the hole's share of the pot
    against one hole drawn uniformly from the other rows of ``holes`` that
    avoid both, summed over those rows, is added ``weights[i]`` times to
    ``out_hi[slots[j]]`` in half deals (Omaha Hi: a win 2, a tie 1) and to
    ``out_hilo[slots[j]]`` in quarter deals (Hi-Lo eight or better pot
    share).  ``holes`` is normally every hole of the cards in play (all
    270,725 for a full deck).  Returns True, or raises KeyboardInterrupt
    on Ctrl-C when ``signals``.
    """
    cdef const EvalTables *t = eval_tables()
    cdef Sweep w
    cdef Py_ssize_t nh = holes.shape[0], nb = boards.shape[0], i, j
    cdef int a, d
    cdef uint8_t bd[5]
    if boards.shape[1] != 5:
        raise ValueError("holes must be (n, 4) and boards (m, 5) card codes")
    _check_holes(holes, 0, "holes")
    if weights.shape[0] != nb or slots.shape[0] != nh:
        raise ValueError("one weight per board and one slot per hole")
    for j in range(nh):
        if slots[j] < 0 or slots[j] >= out_hi.shape[0] or slots[j] >= out_hilo.shape[0]:
            raise ValueError(f"slot {slots[j]} of hole {j} is outside the outputs")
    for i in range(nb):
        for a in range(5):
            if boards[i, a] > 51:
                raise ValueError(f"board {i} holds a code outside 0..51")
    w.t = t
    memset(&w.h, 0, sizeof(Holes))
    w.parts = <Part *>malloc(nh * sizeof(Part) + 1)
    w.vals = <int32_t *>malloc(nh * sizeof(int32_t) + 1)
    w.idx = <int32_t *>malloc(nh * sizeof(int32_t) + 1)
    w.lord = <int32_t *>malloc(nh * sizeof(int32_t) + 1)
    w.h2 = <int32_t *>malloc(nh * sizeof(int32_t) + 1)
    w.h2l = <int32_t *>malloc(nh * sizeof(int32_t) + 1)
    w.l2 = <int32_t *>malloc(nh * sizeof(int32_t) + 1)
    w.ka = <Counts *>malloc(sizeof(Counts))
    w.kl = <Counts *>malloc(sizeof(Counts))
    try:
        _holes_alloc(&w.h, nh)
        if (w.parts == NULL or w.vals == NULL or w.idx == NULL or w.lord == NULL
                or w.h2 == NULL or w.h2l == NULL or w.l2 == NULL or w.ka == NULL
                or w.kl == NULL):
            raise MemoryError()
        for j in range(nh):
            _hole_set(t, &w.h, j, &holes[j, 0], slots[j])
        for i in range(nb):
            for d in range(5):
                bd[d] = boards[i, d]
            with nogil:
                _board_shares(&w, bd, weights[i], &out_hi[0], &out_hilo[0])
            if signals and i % 16 == 15:
                PyErr_CheckSignals()
    finally:
        _holes_free(&w.h)
        free(w.parts)
        free(w.vals)
        free(w.idx)
        free(w.lord)
        free(w.h2)
        free(w.h2l)
        free(w.l2)
        free(w.ka)
        free(w.kl)
    return True


# ---------------------------------------------------------------------------
# One hole or range against a weighted range, board by board
# ---------------------------------------------------------------------------
#
# For each runout of the board, every hero hole and every opponent hole that
# avoid it are valued once and sorted; a sweep over the opponents in value
# order (Counts: their weights in total, per card, pair and triple) gives each
# hero the weight of the opponents below it and at most equal to it that
# share no card with it, by inclusion-exclusion over the hero's cards.  The
# one term the counters lack, the hero itself (all four cards), is its weight
# in the opponent range (self_weights), equal in value: added to "at most".

cdef struct Duel:
    const EvalTables *t
    Holes hero
    Holes opp
    const int32_t *selfw       # per hero: its weight in the opponent range
    Part *hp                   # the heroes of one board, by high value
    Part *op                   # the opponents of one board, by high value
    int32_t *vals              # scratch of _place
    int32_t *idx
    int32_t *hlord             # heroes by low value
    int32_t *olord             # opponents by low value
    int32_t *lt                # per hero of the board: opponents below it
    int32_t *le                # per hero of the board: opponents at most equal
    int64_t *hi2               # per hero of the board: 2 W + T (high)
    int64_t *s4                # per hero of the board: its share, quarter pots
    Counts *k
    int32_t start[7464]
    int32_t lstart[58]
    BoardEval e


cdef inline int32_t _key(const Part *p, int by_low) noexcept nogil:
    return p.lv if by_low else p.hv


cdef inline int32_t _at(const int32_t *order, int i) noexcept nogil:
    return order[i] if order != NULL else i


cdef inline int _duel_add(Duel *d, int i, int no, const int32_t *oo, int32_t v, int by_low,
                          int low_opp, int upto) noexcept nogil:
    """Count the opponents from position i on whose key is below v (upto 0)
    or at most v (upto 1); return the position after them."""
    cdef const Part *p
    while i < no and _key(&d.op[_at(oo, i)], by_low) < v + upto:
        p = &d.op[_at(oo, i)]
        if not low_opp or p.lv:
            _count(d.k, p, p.slot)
        i += 1
    return i


cdef inline void _duel_ask(Duel *d, int q, int g, const int32_t *ho, int nolow_hero,
                           int32_t *into) noexcept nogil:
    """Write the counted weight sharing no card with heroes q..g-1 into into."""
    cdef const Part *p
    cdef int j
    for j in range(q, g):
        p = &d.hp[_at(ho, j)]
        if not nolow_hero or not p.lv:
            into[_at(ho, j)] = _disjoint(d.k, p)


cdef void _duel_sweep(Duel *d, int nh, int no, int by_low, int low_opp,
                      int nolow_hero) noexcept nogil:
    """Fill d.lt and d.le for the heroes of the board (by position in d.hp).

    The order is high value (by_low 0: d.hp and d.op as placed) or low
    value (1: through d.hlord and d.olord).  low_opp: count only the
    opponents with a low; nolow_hero: fill only the heroes without one.
    """
    cdef const int32_t *ho = d.hlord if by_low else NULL
    cdef const int32_t *oo = d.olord if by_low else NULL
    cdef int i = 0, q = 0, g
    cdef int32_t v
    memset(d.k, 0, sizeof(Counts))
    while q < nh:
        v = _key(&d.hp[_at(ho, q)], by_low)
        g = q
        while g < nh and _key(&d.hp[_at(ho, g)], by_low) == v:
            g += 1
        i = _duel_add(d, i, no, oo, v, by_low, low_opp, 0)
        _duel_ask(d, q, g, ho, nolow_hero, d.lt)
        i = _duel_add(d, i, no, oo, v, by_low, low_opp, 1)
        _duel_ask(d, q, g, ho, nolow_hero, d.le)
        q = g


cdef void _duel_board(Duel *d, const uint8_t *b, int hilo, int64_t *out) noexcept nogil:
    """Add every hero's counts on the complete board b to its row of out.

    Shares are in quarter pots.  Hi, or no low possible: 2 * (2 W + T) with
    W, T the opponents' weight below and equal in high value.  Hi-Lo, the
    hero without a low: a scoop (4) or half of it (2) against the opponents
    without a low, a half (2) or a quarter (1) against those with one, so
    2 (2 W + T) - (2 W + T among those with a low).  The hero with a low:
    2 W + T by high and the same by low, where every opponent without a low
    counts below it.
    """
    cdef int nh, no, q, x, split
    cdef int64_t lt, le
    cdef const Part *p
    _board_eval(d.t, b, &d.e)
    nh = _place(d.t, &d.e, &d.hero, d.hp, d.vals, d.idx, d.start)
    no = _place(d.t, &d.e, &d.opp, d.op, d.vals, d.idx, d.start)
    if nh == 0 or no == 0:
        return
    split = hilo and d.e.lowpos
    _duel_sweep(d, nh, no, 0, 0, 0)
    for q in range(nh):
        x = d.hp[q].slot
        lt = d.lt[q]
        le = d.le[q] + d.selfw[x]
        d.hi2[q] = lt + le
        d.s4[q] = 2 * (lt + le)
        out[x * DUEL_COLS] += lt
        out[x * DUEL_COLS + 1] += le - lt
    if split:
        _duel_sweep(d, nh, no, 0, 1, 1)
        for q in range(nh):
            if not d.hp[q].lv:
                d.s4[q] -= d.lt[q] + d.le[q]
        _lo_order(d.hp, nh, d.hlord, d.lstart)
        _lo_order(d.op, no, d.olord, d.lstart)
        _duel_sweep(d, nh, no, 1, 0, 0)
    for q in range(nh):
        p = &d.hp[q]
        x = p.slot
        if split and p.lv:
            out[x * DUEL_COLS + 2] += d.hi2[q]
            out[x * DUEL_COLS + 3] += d.hi2[q] + d.lt[q] + d.le[q] + d.selfw[x]
        else:
            out[x * DUEL_COLS + 2] += d.s4[q]
            out[x * DUEL_COLS + 3] += d.s4[q]


def duel_shares(board, dead, const uint8_t[:, ::1] heroes, const uint8_t[:, ::1] opponents,
                const int32_t[::1] weights, const int32_t[::1] self_weights, bint hilo,
                long long first, long long last, int64_t[:, ::1] out, bint signals=True):
    """Add each hero hole's counts against a weighted opponent range, runout by runout.

    ``board``: 3, 4 or 5 card codes; ``dead``: card codes.  The runouts
    are the ``5 - len(board)``-card subsets of the other cards, in
    lexicographic order; runouts ``first..last-1`` are counted.
    ``heroes`` and ``opponents``: C-contiguous uint8 ``(n, 4)`` rows of 4
    ascending card codes that avoid the board and dead cards; ``weights``
    (int32 ``(len(opponents),)``, each >= 1, sum below 2**31) weighs the
    opponents; ``self_weights[i]`` (int32 ``(len(heroes),)``) is the weight
    of the row equal to hero ``i`` in ``opponents`` (0 if none).

    For every runout, hero ``i`` that avoids it and every opponent that
    avoids both, ``out[i]`` (int64 ``(len(heroes), 5)``) gets the
    opponent's weight added: ``out[i, 0]`` when the hero's high hand is
    better (a win), ``out[i, 1]`` when equal (a tie), ``out[i, 2]`` its
    high pot share and ``out[i, 3]`` its whole pot share, both in quarter
    pots (Hi: a win 4, a tie 2; Hi-Lo eight or better: half by high, half
    by the best qualifying low, a half split in two on a tie; with no
    qualifying low the high hand takes all).  ``out[i, 4]`` is set to the
    weight of the opponents that share no card with hero ``i``.  Returns
    True, or raises KeyboardInterrupt on Ctrl-C when ``signals``;
    ValueError on bad input.
    """
    cdef const EvalTables *t = eval_tables()
    cdef Duel d
    cdef Py_ssize_t nh = heroes.shape[0], no = opponents.shape[0], j, n
    cdef uint64_t used = 0
    cdef int m = len(board), k, nd = 0, i
    cdef int64_t total = 0, tasks, r
    cdef uint8_t deck[52]
    cdef uint8_t bd[5]
    cdef int pos[5]
    for x in (*board, *dead):
        if not 0 <= x <= 51 or (used >> <int>x) & 1:
            raise ValueError(f"board and dead cards: bad or repeated code {x!r}")
        used |= (<uint64_t>1) << <int>x
    if m not in (3, 4, 5):
        raise ValueError(f"board must have 3, 4 or 5 cards, got {m}")
    _check_holes(heroes, used, "heroes")
    _check_holes(opponents, used, "opponents")
    if weights.shape[0] != no or self_weights.shape[0] != nh:
        raise ValueError("one weight per opponent and one self weight per hero")
    if out.shape[0] != nh or out.shape[1] != DUEL_COLS:
        raise ValueError(f"out must be ({nh}, {DUEL_COLS}) counts")
    for j in range(no):
        if weights[j] < 1:
            raise ValueError(f"weight {weights[j]} of opponent {j} is below 1")
        total += weights[j]
    if total >= 1 << 31:
        raise ValueError("the opponent weights must sum below 2**31")
    for j in range(nh):
        if self_weights[j] < 0:
            raise ValueError(f"self weight {self_weights[j]} of hero {j} is below 0")
    for i in range(m):
        bd[i] = board[i]
    for i in range(52):
        if not (used >> i) & 1:
            deck[nd] = <uint8_t>i
            nd += 1
    k = 5 - m
    tasks = binom(nd, k)
    if first < 0 or first > last or last > tasks:
        raise ValueError(f"runouts must lie in 0..{tasks}")
    n = max(nh, no)
    memset(&d, 0, sizeof(Duel))
    d.t = t
    d.selfw = &self_weights[0] if nh else NULL
    try:
        _holes_alloc(&d.hero, nh)
        _holes_alloc(&d.opp, no)
        # one block per type, cut into the arrays
        d.hp = <Part *>malloc((nh + no) * sizeof(Part) + 1)
        d.vals = <int32_t *>malloc((2 * n + 3 * nh + no) * sizeof(int32_t) + 1)
        d.hi2 = <int64_t *>malloc(2 * nh * sizeof(int64_t) + 1)
        d.k = <Counts *>malloc(sizeof(Counts))
        if d.hp == NULL or d.vals == NULL or d.hi2 == NULL or d.k == NULL:
            raise MemoryError()
        d.op = d.hp + nh
        d.idx = d.vals + n
        d.hlord = d.idx + n
        d.lt = d.hlord + nh
        d.le = d.lt + nh
        d.olord = d.le + nh
        d.s4 = d.hi2 + nh
        for j in range(nh):
            _hole_set(t, &d.hero, j, &heroes[j, 0], <int32_t>j)
        for j in range(no):
            _hole_set(t, &d.opp, j, &opponents[j, 0], weights[j])
        memset(d.k, 0, sizeof(Counts))
        for j in range(no):
            _count(d.k, &d.opp.tmpl[j], weights[j])
        for j in range(nh):
            out[j, 4] = _disjoint(d.k, &d.hero.tmpl[j]) + self_weights[j]
        if nh == 0 or no == 0:
            return True
        for r in range(first, last):
            _unrank(r, nd, k, pos)
            for i in range(k):
                bd[m + i] = deck[pos[i]]
            with nogil:
                _duel_board(&d, bd, hilo, &out[0, 0])
            if signals and r % 16 == 15:
                PyErr_CheckSignals()
    finally:
        _holes_free(&d.hero)
        _holes_free(&d.opp)
        free(d.hp)
        free(d.vals)
        free(d.hi2)
        free(d.k)
    return True


# ---------------------------------------------------------------------------
# def boundary
# ---------------------------------------------------------------------------

cdef class Spot:
    """One equity question in compiled form: hole cards (known, unknown or
    drawn from a range), the known board and the deck left to deal from.
    Read-only once built, so several threads may run it at once; each run
    adds into its own counts.

    Arguments are card codes already validated by omaha.equities; bad input
    still raises ValueError here rather than reading out of bounds.
    ``ranges`` maps a player index (whose entry in ``holes`` is None) to
    ``(combos, weights)``: C-contiguous uint8 ``(c, hole_size)`` codes that
    avoid every known card, and int64 ``(c,)`` weights >= 1.  ``grouped``
    lets one unknown 4-card hand be counted by rank multisets (the default);
    False enumerates its every hand (the tests compare the two).
    """

    cdef Ctx c
    cdef int _stop
    cdef list _keep

    def __cinit__(self, holes, board, dead, bint hilo, int hole_size, ranges=None,
                  bint grouped=True):
        cdef uint64_t used = 0, bit, mk
        cdef int i, j, n = len(holes), nk = 0, q
        cdef Py_ssize_t row
        cdef uint8_t hole[MAX_HOLE]
        cdef const uint8_t[:, ::1] combos
        cdef const int64_t[::1] wts
        cdef uint64_t[::1] masks
        if n < 1 or n > MAX_PLAYERS:
            raise ValueError(f"1 to {MAX_PLAYERS} players, got {n}")
        if hole_size < 4 or hole_size > MAX_HOLE:
            raise ValueError(f"hole size must be 4 to 6, got {hole_size}")
        if len(board) not in (0, 3, 4, 5):
            raise ValueError(f"board must have 0, 3, 4 or 5 cards, got {len(board)}")
        ranges = dict(ranges or {})
        self.c.t = eval_tables()
        self.c.n = n
        self.c.h = hole_size
        self.c.hilo = hilo
        self.c.m = len(board)
        self.c.k = 5 - self.c.m
        self._stop = 0
        self._keep = []
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
        self.c.nr = 0
        for i in range(n):
            memset(&self.c.pe[i], 0, sizeof(PEval))
            if holes[i] is not None:
                if i in ranges:
                    raise ValueError(f"player {i} has both cards and a range")
                for j in range(hole_size):
                    hole[j] = holes[i][j]
                _set_player(self.c.t, &self.c.pe[i], hole, hole_size)
            elif i in ranges:
                combos, wts = ranges[i]
                if combos.shape[1] != hole_size or wts.shape[0] != combos.shape[0]:
                    raise ValueError(f"range of player {i}: {hole_size} cards and a weight per row")
                if combos.shape[0] < 1 or combos.shape[0] >= 1 << 31:
                    raise ValueError(f"range of player {i} must have 1 to 2**31 - 1 rows")
                masks = array("Q", bytes(8 * combos.shape[0]))
                self.c.rwmax[self.c.nr] = 0
                for row in range(combos.shape[0]):
                    mk = 0
                    for q in range(hole_size):
                        if combos[row, q] > 51 or (mk >> combos[row, q]) & 1:
                            raise ValueError(f"range of player {i}: bad row {row}")
                        mk |= (<uint64_t>1) << combos[row, q]
                    if mk & used:
                        raise ValueError(f"range of player {i}: row {row} holds a known card")
                    if wts[row] < 1:
                        raise ValueError(f"range of player {i}: weight {wts[row]} of row {row}")
                    if wts[row] > self.c.rwmax[self.c.nr]:
                        self.c.rwmax[self.c.nr] = wts[row]
                    masks[row] = mk
                if self.c.rwmax[self.c.nr] >= 1 << 31:
                    raise ValueError(f"range of player {i}: weights must be below 2**31")
                self._keep += [combos, wts, masks]
                self.c.ranged[self.c.nr] = i
                self.c.rc[self.c.nr] = &combos[0, 0]
                self.c.rw[self.c.nr] = &wts[0]
                self.c.rm[self.c.nr] = &masks[0]
                self.c.rn[self.c.nr] = combos.shape[0]
                self.c.nr += 1
            else:
                self.c.unknown[self.c.nu] = i
                self.c.nu += 1
        self.c.ndeck = 0
        for i in range(52):
            if not (used >> i) & 1:
                self.c.deck[self.c.ndeck] = <uint8_t>i
                self.c.ndeck += 1
        nk = (self.c.nu + self.c.nr) * hole_size + self.c.k
        if nk > self.c.ndeck:
            raise ValueError(f"{nk} cards to deal but only {self.c.ndeck} left in the deck")
        self.c.grouped = grouped and self.c.nu == 1 and hole_size == 4

    @property
    def deck_size(self):
        """Cards left to deal from (known cards removed, not ranged hands)."""
        return self.c.ndeck

    @property
    def unknown(self):
        """The number of unknown (random) hands."""
        return self.c.nu

    @property
    def grouped(self):
        """True when the one unknown hand is counted by rank multisets."""
        return bool(self.c.grouped)

    @property
    def tasks(self):
        """The number of tasks of :meth:`exact` (see there)."""
        if self.c.nr:
            return self.c.rn[0]
        if self.c.grouped:
            return 1
        if self.c.nu:
            return binom(self.c.ndeck, self.c.h)
        return max(self.c.ndeck - self.c.k + 1, 1)

    def stop(self):
        """Ask every run of this spot to end at its next check (any thread)."""
        eq_store_flag(&self._stop, 1)

    def exact(self, long long first, long long last, int64_t[::1] acc,
              bint signals):
        """Enumerate tasks first..last-1 and add their counts into acc.

        A task is a combination of the first ranged player when a player
        has a range; else the whole run when the one unknown hand is
        grouped; else the first unknown player's hand (in lexicographic
        order of deck positions) when a player is unknown; else the position
        in the deck of the first board card dealt (a single task 0 when the
        board is complete).  acc has n * N_OUTCOMES + 1 counts, the last the
        sum of the weights of the range combinations enumerated.  Returns
        True if the run completed, False if stop() ended it; with signals,
        Ctrl-C raises KeyboardInterrupt.
        """
        cdef Run run
        cdef PEval pe[MAX_PLAYERS]
        cdef int r = 0
        if acc.shape[0] != self.c.n * N_OUT + 1:
            raise ValueError(f"acc must have {self.c.n * N_OUT + 1} counts")
        if first < 0 or last > self.tasks:
            raise ValueError(f"tasks must lie in 0..{self.tasks}")
        run.acc = &acc[0]
        run.stop = &self._stop
        run.signals = signals
        run.work = 0
        run.w = 1
        pe[:] = self.c.pe
        with nogil:
            if self.c.nr:
                r = _tuples(&self.c, pe, 0, 0, 1, first, last, &run)
            elif self.c.grouped:
                if first < last:
                    r = _grouped(&self.c, pe, self.c.deck, self.c.ndeck, &run)
            elif self.c.nu:
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
        same counts.  Returns like :meth:`exact`; raises ValueError when
        the ranges keep colliding (see _draw_ranges).
        """
        cdef Run run
        cdef int r
        if acc.shape[0] != self.c.n * N_OUT + 1:
            raise ValueError(f"acc must have {self.c.n * N_OUT + 1} counts")
        if block_size < 1:
            raise ValueError("block_size must be positive")
        run.acc = &acc[0]
        run.stop = &self._stop
        run.signals = signals
        run.work = 0
        run.w = 1
        with nogil:
            r = _monte_carlo(&self.c, seed, block0, block1, block_size, samples, &run)
        return r == 0


N_OUTCOMES = N_OUT
