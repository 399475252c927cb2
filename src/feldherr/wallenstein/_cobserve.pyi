from typing import Any, TypeVar

T = TypeVar("T")

def init(
    layout: dict[str, int],
    phase_index: dict[str, int],
    plan_cells: dict[int, tuple[tuple[int, float], ...]],
    /,
) -> None: ...
def suitable(buffer: object, /) -> bool: ...
def observe(state: Any, seat: int, buffer: T, /) -> T: ...
