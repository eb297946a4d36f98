# Hand-written stub of the compiled equity loops omaha._equity.
from collections.abc import Sequence
from typing import Any, Self

from typing_extensions import disjoint_base

N_OUTCOMES: int

@disjoint_base
class Spot:
    def __new__(
        cls,
        holes: Sequence[Sequence[int] | None],
        board: Sequence[int],
        dead: Sequence[int],
        hilo: bool,
        hole_size: int,
    ) -> Self: ...
    @property
    def deck_size(self) -> int: ...
    def stop(self) -> None: ...
    def exact(self, first: int, last: int, acc: Any, signals: bool) -> bool: ...
    def monte_carlo(
        self,
        seed: int,
        block0: int,
        block1: int,
        block_size: int,
        samples: int,
        acc: Any,
        signals: bool,
    ) -> bool: ...
