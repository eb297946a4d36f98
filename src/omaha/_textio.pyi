# Hand-written stub of omaha._textio (checked by stubtest).
from typing import Any

import numpy as np
import numpy.typing as npt
from typing_extensions import disjoint_base

@disjoint_base
class CsvLines:
    records: int
    line: int
    breaks: list[tuple[int, int]]
    def __init__(self, delimiter: str = ",") -> None: ...
    def feed(self, data: Any) -> None: ...
    def line_of(self, record: int) -> int: ...

def jsonl_lines(
    data: npt.NDArray[np.uint8], starts: npt.NDArray[np.int64], ends: npt.NDArray[np.int64]
) -> tuple[int, int, bool]: ...
def write_rows(columns: list[tuple[Any, ...]], end: bytes) -> bytearray: ...
