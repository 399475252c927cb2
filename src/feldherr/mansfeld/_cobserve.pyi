from collections.abc import Mapping, Sequence
from typing import Any

def init(layout: Mapping[str, float], /) -> None: ...
def observe(
    state: Any,
    seat: int,
    partial: Sequence[int],
    out: Any,
    to_move: Sequence[int],
    winners: Sequence[int],
    /,
) -> None: ...
