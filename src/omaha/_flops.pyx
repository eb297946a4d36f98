# The board-centred count of omaha.study.flops: one known 4-card hand
# against a list of 4-card combinations (a range, or one hand) on every
# flop, each complete board evaluated once.
#
# Compiler directives are set once, in setup.py.
#
# Card code: 4 * rank + suit, rank 0..12 (2..A), suit 0..3 (c d h s).
#
# A complete board B is the completion of its C(5, 3) = 10 flops, each by
# the other two cards as turn and river, so the deals of a flop F (every
# combination c avoiding F, every turn and river avoiding F and c) are the
# pairs (B, c) with F in B and c avoiding B.  For each board the hand's
# values are found once and every combination avoiding it is scored
# against them; the combination's weight goes to one of 12 classes (the
# hand's high against the combination's: lower, equal, higher; times the
# lows: nobody has one, the hand's better, the combination's better,
# equal), and the board's class totals are added to each of its 10 flops.
#
# Suit folding: a permutation of the suits that keeps the hand, the
# combinations (with their weights) and the dead cards gives equal counts
# on a board and its image.  Only one board per orbit is evaluated (the one
# with the largest card mask) and its totals are added, times the orbit's
# size, to the row of each of its flops, a row standing for a flop's whole
# orbit: each row receives (orbit size of its flop) x (the counts of one
# flop), which the caller divides out.

from cpython.exc cimport PyErr_CheckSignals
from libc.stdint cimport int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc

from omaha._bits cimport OMAHA_CTZ, OMAHA_POPCOUNT
from omaha._eval cimport EvalTables, board_index, eval_tables, flush_value, hole_index

cdef enum:
    N_CLASS = 12           # hand's high vs the combination's (3) x lows (4)
    N_HOLE_MS = 1820       # rank multisets of 4 hole cards
    MAX_PERMS = 24
    POLL_BOARDS = 4096     # boards evaluated between two looks at Ctrl-C


cdef struct Hole:
    uint64_t mask
    uint16_t sranks[4]     # the hole's ranks of each suit (bits)
    uint16_t ms            # rank multiset: its slot in the board's column
    uint8_t low            # low set (t.lowbit of its cards, or-ed)
    int64_t w


cdef struct Plan:
    const EvalTables *t
    Hole hero
    Hole *holes
    int nh
    uint16_t *ms_of        # per column slot: the rank multiset's colex index
    int nms
    uint16_t *col          # per column slot: its high value on the board
    uint8_t deck[52]
    int nd
    uint64_t perm_card[MAX_PERMS][52]  # the image of each card's bit
    int nperm
    const int32_t *flop_row  # per flop (colex of 3 codes): its row
    int64_t *acc           # rows x N_CLASS
    int hilo
    int signals


cdef inline uint16_t _value(const Plan *p, const Hole *h, uint16_t nf, int s,
                            uint32_t fr) noexcept nogil:
    """The hole's best high: nf (no flush), or its flush in suit s (s >= 0)."""
    cdef uint16_t fv
    cdef uint32_t hr
    if s >= 0:
        hr = h.sranks[s]
        if OMAHA_POPCOUNT(hr) >= 2:
            fv = flush_value(hr, fr)
            if fv > nf:
                return fv
    return nf


cdef inline uint32_t _c3(int x, int y, int z) noexcept nogil:
    """The colex index of the 3-set x < y < z of card codes."""
    return <uint32_t>(x + y * (y - 1) // 2 + z * (z - 1) * (z - 2) // 6)


cdef int _board(Plan *p, const uint8_t *b, int64_t orbit) except -1 nogil:
    """Score every combination on board b (ascending codes) and add the
    class totals, times orbit, to the rows of its 10 flops."""
    cdef const EvalTables *t = p.t
    cdef uint64_t bm = 0
    cdef uint64_t m64 = 0
    cdef uint32_t sc = 0, blow = 0, fb, fr = 0, bidx
    cdef int i, j, k, s = -1, lowpos, cls
    cdef int32_t row
    cdef uint16_t v0, v1
    cdef uint8_t l0 = 0, l1
    cdef int64_t W[N_CLASS]
    cdef const Hole *h
    for i in range(5):
        bm |= (<uint64_t>1) << b[i]
        sc += (<uint32_t>1) << ((b[i] & 3) << 2)
        m64 |= (<uint64_t>1) << (((b[i] & 3) << 4) + (b[i] >> 2))
        blow |= t.lowbit[b[i]]
    fb = (sc + 0x5555) & 0x8888
    if fb:
        s = OMAHA_CTZ(fb) >> 2
        fr = <uint32_t>(m64 >> (16 * s)) & 0x1FFF
    lowpos = p.hilo and OMAHA_POPCOUNT(blow) >= 3
    bidx = board_index(b)
    for i in range(p.nms):
        p.col[i] = t.big[<size_t>p.ms_of[i] * t.n_board + bidx]
    v0 = _value(p, &p.hero, t.big[<size_t>p.hero.ms * t.n_board + bidx], s, fr)
    if lowpos:
        l0 = t.lo[(<uint32_t>p.hero.low << 8) | blow]
    for i in range(N_CLASS):
        W[i] = 0
    # Branch-free on the blocked combinations (about a third of them): they
    # are scored too and add a weight of 0.
    if s < 0 and not lowpos:
        for j in range(p.nh):
            h = &p.holes[j]
            v1 = p.col[h.ms]
            W[4 * ((v0 > v1) + (v0 >= v1))] += h.w * ((h.mask & bm) == 0)
    else:
        for j in range(p.nh):
            h = &p.holes[j]
            v1 = _value(p, h, p.col[h.ms], s, fr)
            cls = 4 * ((v0 > v1) + (v0 >= v1))
            if lowpos:
                l1 = t.lo[(<uint32_t>h.low << 8) | blow]
                if l0 | l1:
                    cls += 1 + (l0 < l1) + 2 * (l0 == l1)
            W[cls] += h.w * ((h.mask & bm) == 0)
    for i in range(3):
        for j in range(i + 1, 4):
            for k in range(j + 1, 5):
                row = p.flop_row[_c3(b[i], b[j], b[k])]
                if row < 0:
                    with gil:
                        raise ValueError("a flop of the deck has no row")
                for cls in range(N_CLASS):
                    p.acc[<size_t>row * N_CLASS + cls] += orbit * W[cls]
    return 0


cdef int _boards(Plan *p, int first, int last) except -1 nogil:
    """Every board of the deck whose lowest card is deck[first:last]: each
    orbit's largest board scored, times the orbit's size."""
    cdef int i0, i1, i2, i3, i4, g, nd = p.nd, stab
    cdef int64_t done = 0
    cdef uint64_t m0, m1, m2, m3, bm, img
    cdef uint8_t b[5]
    cdef bint rep
    cdef uint64_t cb[52]
    for i0 in range(nd):
        cb[i0] = (<uint64_t>1) << p.deck[i0]
    if last > nd - 4:
        last = nd - 4
    for i0 in range(first, last):
        m0 = cb[i0]
        for i1 in range(i0 + 1, nd - 3):
            m1 = m0 | cb[i1]
            if p.signals and done >= POLL_BOARDS:
                done = 0
                with gil:
                    PyErr_CheckSignals()
            for i2 in range(i1 + 1, nd - 2):
                m2 = m1 | cb[i2]
                for i3 in range(i2 + 1, nd - 1):
                    m3 = m2 | cb[i3]
                    for i4 in range(i3 + 1, nd):
                        bm = m3 | cb[i4]
                        rep = True
                        stab = 0
                        for g in range(p.nperm):
                            img = (p.perm_card[g][p.deck[i0]] | p.perm_card[g][p.deck[i1]]
                                   | p.perm_card[g][p.deck[i2]] | p.perm_card[g][p.deck[i3]]
                                   | p.perm_card[g][p.deck[i4]])
                            if img > bm:
                                rep = False
                                break
                            stab += img == bm
                        if not rep:
                            continue
                        b[0] = p.deck[i0]
                        b[1] = p.deck[i1]
                        b[2] = p.deck[i2]
                        b[3] = p.deck[i3]
                        b[4] = p.deck[i4]
                        _board(p, b, p.nperm // stab)
                        done += 1
    return 0


cdef void _set_hole(const EvalTables *t, Hole *h, const uint8_t *cards,
                    int64_t w) noexcept nogil:
    cdef int i
    h.mask = 0
    h.low = 0
    h.w = w
    for i in range(4):
        h.sranks[i] = 0
    for i in range(4):
        h.mask |= (<uint64_t>1) << cards[i]
        h.sranks[cards[i] & 3] |= <uint16_t>(1 << (cards[i] >> 2))
        h.low |= t.lowbit[cards[i]]
    h.ms = <uint16_t>hole_index(cards)


def board_classes(hero, const uint8_t[:, ::1] combos, const int64_t[::1] weights, deck,
                  perms, const int32_t[::1] flop_row, bint hilo, int first, int last,
                  int64_t[::1] acc, bint signals):
    """Add the class counts of the boards whose lowest card is deck[first:last] to acc.

    ``hero``: the 4 codes of the known hand; ``combos``: C-contiguous uint8
    ``(c, 4)`` codes of the other player's combinations (each avoiding
    ``hero``), with int64 ``weights`` >= 1; ``deck``: the codes the boards
    are dealt from, ascending (none of ``hero``); ``perms``: the suit
    permutations (each 4 suits, ``perm[s]`` the image of suit ``s``, the
    identity among them) that keep the spot; ``flop_row``: int32 per flop
    (the colex index ``x + C(y, 2) + C(z, 3)`` of its codes ``x < y < z``)
    the row of its orbit, -1 for flops off the deck; ``acc``: int64
    ``rows x 12`` class totals (see the comment at the top), added to.  The
    GIL is released; with ``signals``, Ctrl-C raises KeyboardInterrupt.
    Raises ValueError on inputs out of shape.
    """
    cdef Plan p
    cdef uint8_t cards[4]
    cdef Py_ssize_t i, nrows
    cdef int j, g, s, x
    cdef int slot[N_HOLE_MS]
    cdef uint64_t seen = 0
    wtot = 0
    if len(hero) != 4 or combos.shape[1] != 4 or weights.shape[0] != combos.shape[0]:
        raise ValueError("4 hero cards, 4 cards per combination and a weight for each")
    if combos.shape[0] >= 1 << 31:
        raise ValueError("fewer than 2**31 combinations")
    if flop_row.shape[0] != 22100 or acc.shape[0] % N_CLASS:
        raise ValueError("flop_row has 22100 entries and acc 12 per row")
    if not 1 <= len(perms) <= MAX_PERMS:
        raise ValueError(f"1 to {MAX_PERMS} permutations")
    nrows = acc.shape[0] // N_CLASS
    for i in range(22100):
        if flop_row[i] >= nrows:
            raise ValueError(f"flop_row {i} is past the {nrows} rows")
    p.t = eval_tables()
    for j in range(4):
        x = hero[j]
        if not 0 <= x <= 51 or (seen >> x) & 1:
            raise ValueError(f"bad hero card {x!r}")
        seen |= (<uint64_t>1) << x
        cards[j] = <uint8_t>x
    _set_hole(p.t, &p.hero, cards, 1)
    p.nd = len(deck)
    if p.nd > 52 or (p.nd >= 5 and not 0 <= first <= last):
        raise ValueError("a deck of at most 52 cards and 0 <= first <= last")
    for j in range(p.nd):
        x = deck[j]
        if not 0 <= x <= 51 or (seen >> x) & 1 or (j and x <= p.deck[j - 1]):
            raise ValueError(f"deck must be ascending codes off the hand, got {x!r}")
        seen |= (<uint64_t>1) << x
        p.deck[j] = <uint8_t>x
    p.nperm = len(perms)
    for g in range(p.nperm):
        if sorted(perms[g]) != [0, 1, 2, 3]:
            raise ValueError(f"not a permutation of the 4 suits: {perms[g]!r}")
        for j in range(52):
            p.perm_card[g][j] = (<uint64_t>1) << (4 * (j >> 2) + <int>perms[g][j & 3])
    p.flop_row = &flop_row[0]
    p.acc = &acc[0]
    p.hilo = hilo
    p.signals = signals
    p.nh = <int>combos.shape[0]
    p.nms = 0
    p.holes = <Hole *>malloc((p.nh + 1) * sizeof(Hole))
    p.ms_of = <uint16_t *>malloc(N_HOLE_MS * sizeof(uint16_t))
    p.col = <uint16_t *>malloc(N_HOLE_MS * sizeof(uint16_t))
    try:
        if p.holes == NULL or p.ms_of == NULL or p.col == NULL:
            raise MemoryError()
        for s in range(N_HOLE_MS):
            slot[s] = -1
        for i in range(p.nh):
            if weights[i] < 1 or weights[i] >= 1 << 31:
                raise ValueError(f"weight {weights[i]} of combination {i}")
            for j in range(4):
                if combos[i, j] > 51:
                    raise ValueError(f"bad card in combination {i}")
            _set_hole(p.t, &p.holes[i], &combos[i, 0], weights[i])
            if (OMAHA_POPCOUNT(<uint32_t>p.holes[i].mask)
                    + OMAHA_POPCOUNT(<uint32_t>(p.holes[i].mask >> 32)) != 4
                    or p.holes[i].mask & p.hero.mask):
                raise ValueError(f"combination {i} repeats a card or holds a hero card")
            s = p.holes[i].ms
            if slot[s] < 0:
                slot[s] = p.nms
                p.ms_of[p.nms] = <uint16_t>s
                p.nms += 1
            p.holes[i].ms = <uint16_t>slot[s]
            wtot += weights[i]
        # A row gets (its flop's orbit size <= 24) x (a flop's deals <= the
        # weights x C(nd - 3, 2)) at most in any class: 64 bits must hold it.
        if wtot * p.nperm * max(p.nd - 3, 0) * max(p.nd - 4, 0) // 2 >= 2**63:
            raise OverflowError("the weights are too large for 64-bit counts")
        with nogil:
            if p.nd >= 5:
                _boards(&p, first, last)
    finally:
        free(p.holes)
        free(p.ms_of)
        free(p.col)
    return None
