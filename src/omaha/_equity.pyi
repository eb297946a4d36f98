# Hand-written stub of the compiled equity loops omaha._equity.
from collections.abc import Mapping, Sequence
from typing import Any, Self

import numpy as np
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
        ranges: Mapping[int, tuple[np.ndarray, np.ndarray]] | None = None,
        grouped: bool = True,
    ) -> Self: ...
    @property
    def deck_size(self) -> int: ...
    @property
    def unknown(self) -> int: ...
    @property
    def grouped(self) -> bool: ...
    @property
    def tasks(self) -> int: ...
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

def preflop_shares(
    boards: np.ndarray,
    weights: np.ndarray,
    holes: np.ndarray,
    slots: np.ndarray,
    out_hi: np.ndarray,
    out_hilo: np.ndarray,
    signals: bool = True,
) -> bool: ...
def duel_shares(
    board: Sequence[int],
    dead: Sequence[int],
    heroes: np.ndarray,
    opponents: np.ndarray,
    weights: np.ndarray,
    self_weights: np.ndarray,
    hilo: bool,
    first: int,
    last: int,
    out: np.ndarray,
    signals: bool = True,
) -> bool: ...
