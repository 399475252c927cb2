from collections.abc import Sequence
from typing import Any

def setup(
    cost: Sequence[int],
    strength: Sequence[int],
    extra: Sequence[int],
    adjust: Sequence[int],
    reroll: Sequence[int],
    double_luck: Sequence[int],
    provinces: int,
    pool_refill: int,
    choice_shift: int,
    /,
) -> None: ...
def playout(state: Any, bot_states: Sequence[int], /) -> int: ...
