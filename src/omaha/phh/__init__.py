"""PHH hand histories: read, write and replay Omaha hands.

PHH (the Poker Hand History format) is TOML: a ``.phh`` file holds one hand,
a ``.phhs`` file many hands as tables ``[1]``, ``[2]``, ... This package reads
and writes the Omaha variants and replays them through :class:`omaha.Table`,
validating every action against the rules (docs/rules.md §4-§6). One idea a
module:

- :mod:`omaha.phh.toml`: TOML text to fields and back;
- :mod:`omaha.phh.fields`: the variant codes and the house-rule fields;
- :mod:`omaha.phh.amounts`: amounts in the file's units and integer chips;
- :mod:`omaha.phh.actions`: the action notation, read and written;
- :mod:`omaha.phh.history`: :class:`HandHistory`, the hand as a model;
- :mod:`omaha.phh.record`: the fields of a hand played through the API;
- :mod:`omaha.phh.replaying`: :func:`replay`, through :meth:`omaha.Hand.apply`;
- :mod:`omaha.phh.files`: ``.phh`` and ``.phhs`` files.

The errors (:class:`PHHError`, :class:`FinishingStacksError`,
:class:`ReplayActionError`) live in :mod:`omaha.errors`.

Variants
--------
PHH defines ``PO`` (pot-limit Omaha) and ``FO/8`` (fixed-limit Omaha hi-lo,
eight or better). Following PHH's pattern (``F``/``P``/``N`` for the betting
structure, ``O`` for Omaha, ``/8`` for the eight-or-better split), this
package also reads and writes the extension codes ``FO`` (fixed-limit Omaha
high), ``NO`` (no-limit Omaha high), ``PO/8`` and ``NO/8``. The user-defined
field ``_hole_card_count = 5`` or ``6`` selects 5- or 6-card Omaha (4 by
default).

House rules
-----------
A hand played under a house rule other than the default records it as a
user-defined field: ``_cap`` (the fixed-limit cap in bets per round, 4 by
default) and ``_heads_up_unlimited = true`` (fixed limit: no cap while only
two players are in the hand). PHH writes a big-blind ante as the big blind's
entry in ``antes``; ``_big_blind_ante`` gives it outright when the hand also
has per-position antes (or when a lone ante at the big blind's position is
a per-position ante).

Players and seats
-----------------
Player ``pN`` is the N-th player clockwise from the button's left: ``p1``
posts the small blind and the last player is the button; heads-up ``p1`` is
the big blind and ``p2`` the button, and ``antes`` and
``blinds_or_straddles`` apply reversed. Replaying, player ``pN`` sits at the
engine's seat ``N - 1`` and the button is the last seat.

Amounts
-------
A file may give amounts as decimals (``starting_stacks = [1259450.25,
678473.5]``). They are scaled by the smallest power of ten that makes every
amount in the file an integer (here 100); :attr:`HandHistory.scale` keeps
it, the engine plays in those integer chips and every amount reported or
written is converted back to the file's own units (``1937923.75``).
Infinite stacks (``inf``) are rejected.

Examples
--------
>>> text = '''
... variant = "PO"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ["d dh p1 AsKsQsJs", "d dh p2 2c3c4d5d", "d dh p3 ????????",
...            "p3 f", "p1 cbr 6", "p2 f"]
... '''
>>> history = loads(text)
>>> history.variant, history.game, history.scale
('PO', 'hi', 1)
>>> replay(history).finishing_stacks
(102, 98, 100)
"""

from __future__ import annotations

from omaha.errors import FinishingStacksError, PHHError, ReplayActionError
from omaha.phh.actions import PHHAction
from omaha.phh.fields import EXTENSION_VARIANTS, STANDARD_VARIANTS, VARIANTS
from omaha.phh.files import (
    dump,
    dump_all,
    dumps,
    dumps_all,
    load,
    load_all,
    loads,
    loads_all,
    read,
    write,
)
from omaha.phh.history import HandHistory
from omaha.phh.replaying import Replay, replay

__all__ = [
    "EXTENSION_VARIANTS",
    "FinishingStacksError",
    "HandHistory",
    "PHHAction",
    "PHHError",
    "Replay",
    "ReplayActionError",
    "STANDARD_VARIANTS",
    "VARIANTS",
    "dump",
    "dump_all",
    "dumps",
    "dumps_all",
    "load",
    "load_all",
    "loads",
    "loads_all",
    "read",
    "replay",
    "write",
]
