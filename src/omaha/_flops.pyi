# Hand-written stub of the compiled board-centred flop count omaha._flops.
from collections.abc import Sequence
from typing import Any

def board_classes(
    hero: Sequence[int],
    combos: Any,
    weights: Any,
    deck: Sequence[int],
    perms: Sequence[Sequence[int]],
    flop_row: Any,
    hilo: bool,
    first: int,
    last: int,
    acc: Any,
    signals: bool,
) -> None: ...
