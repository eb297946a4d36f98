# The C API of omaha._cardtext, for other compiled modules (``cimport omaha._cardtext``).
#
# Card text (docs/rules.md §1) into card codes 4 * rank + suit: the count of
# cards, or a negative code (-1 malformed, too many or a card twice; -2 a
# byte over 127, for the one-text parser omaha.cards.parse_cards to decide).

from libc.stdint cimport uint8_t

cdef int parse_text(const uint8_t *p, Py_ssize_t n, uint8_t *out, int max_cards) noexcept nogil
