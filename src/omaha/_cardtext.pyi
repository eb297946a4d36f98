# Hand-written stub of omaha._cardtext (checked by stubtest).
from typing import Any

import numpy as np
import numpy.typing as npt

def parse_offsets(
    data: npt.NDArray[np.uint8],
    offsets: npt.NDArray[np.signedinteger[Any]],
    validity: npt.NDArray[np.uint8] | None,
    bit_offset: int,
    max_cards: int,
    codes: npt.NDArray[np.uint8],
    counts: npt.NDArray[np.int8],
) -> int: ...
def parse_fixed(
    texts: npt.NDArray[np.uint8],
    max_cards: int,
    codes: npt.NDArray[np.uint8],
    counts: npt.NDArray[np.int8],
) -> int: ...
def format_offsets(
    codes: npt.NDArray[np.uint8], offsets: npt.NDArray[np.int32], data: npt.NDArray[np.uint8]
) -> int: ...
def text_codes(text: str) -> bytes | None: ...
