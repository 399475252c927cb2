from typing import Any, TypeVar

from feldherr.core.rng import PyRng

T = TypeVar("T")

class Rng(PyRng): ...

class Cloner:
    def __init__(
        self,
        cls: type[Any],
        shared: tuple[str, ...],
        lists: tuple[str, ...],
        nested: tuple[str, ...],
        cloned: tuple[str, ...] = (),
    ) -> None: ...
    def __call__(self, source: T) -> T: ...

def mask_into(out: Any, legal: list[int]) -> None: ...
def codes_of(moves: list[Any], codes: dict[Any, int], /) -> list[int] | None: ...
def unheld(arrays: list[Any], start: int, stop: int, dtype: Any, shape: tuple[int, ...], /) -> bool: ...
