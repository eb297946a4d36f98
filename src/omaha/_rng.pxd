# The random number generator of omaha._equity's Monte Carlo: xoshiro256**
# (Blackman and Vigna), each block of samples seeded from (seed, block) alone
# by splitmix64, so a run's samples do not depend on the number of threads or
# the order the blocks run in. Header-only: every function is inline.

from libc.stdint cimport uint32_t, uint64_t


cdef struct Rng:
    uint64_t s[4]


cdef inline uint64_t splitmix(uint64_t *x) noexcept nogil:
    x[0] += 0x9E3779B97F4A7C15ULL
    cdef uint64_t z = x[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline uint64_t rotl(uint64_t x, int k) noexcept nogil:
    return (x << k) | (x >> (64 - k))


cdef inline uint64_t next_u64(Rng *g) noexcept nogil:
    cdef uint64_t r = rotl(g.s[1] * 5, 7) * 9
    cdef uint64_t t = g.s[1] << 17
    g.s[2] ^= g.s[0]
    g.s[3] ^= g.s[1]
    g.s[1] ^= g.s[2]
    g.s[0] ^= g.s[3]
    g.s[2] ^= t
    g.s[3] = rotl(g.s[3], 45)
    return r


cdef inline void seed_block(Rng *g, uint64_t seed, uint64_t block) noexcept nogil:
    """The generator of one block: a function of (seed, block) only."""
    cdef uint64_t x = seed
    cdef uint64_t y = splitmix(&x) ^ (block * 0xD1B54A32D192ED03ULL)
    g.s[0] = splitmix(&y)
    g.s[1] = splitmix(&y)
    g.s[2] = splitmix(&y)
    g.s[3] = splitmix(&y)


cdef inline uint32_t below(Rng *g, uint32_t n) noexcept nogil:
    """Uniform integer in [0, n), without bias (Lemire's method)."""
    cdef uint64_t m = (next_u64(g) >> 32) * n
    cdef uint32_t low = <uint32_t>m, thresh
    if low < n:
        thresh = (0U - n) % n
        while low < thresh:
            m = (next_u64(g) >> 32) * n
            low = <uint32_t>m
    return <uint32_t>(m >> 32)
