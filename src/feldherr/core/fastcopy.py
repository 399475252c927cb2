"""Fast copies of game states for search: every ``clone`` is a handful of these.

A state is mostly flat lists of ints plus a few lists of lists. Copying it field by field in a
Python loop (``getattr``, ``type`` test, ``setattr``) costs more than the copies themselves, so a
game declares once which fields of its ``__slots__`` class are shared (immutable values, or
read-only objects), which are lists to copy one level deep, which are lists of lists to copy two
levels deep and which are copied by their own ``clone()`` (the generator), and gets a copier from
:func:`slot_cloner`.

Where the optional C extension ``feldherr.core._cfast`` is built (and ``FELDHERR_PURE`` is not set),
the copier is native; otherwise it is Python source generated for exactly those fields. Both do the
same thing: a field declared as a list that holds something else (``None``, a tuple) is shared, as
is an item of a list of lists that is not itself a list. ``tests/core/test_cfast.py`` checks both.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from feldherr.core.native import native_module

T = TypeVar("T")


def _native() -> Any:
    return native_module("feldherr.core._cfast")


def _compile(name: str, lines: list[str], namespace: dict[str, Any]) -> Any:
    exec(compile("\n".join(lines), f"<feldherr.core.fastcopy {name}>", "exec"), namespace)
    return namespace[name]


def _check_names(*groups: tuple[str, ...]) -> None:
    for group in groups:
        for field in group:
            if not field.isidentifier():
                raise ValueError(f"not a field name: {field!r}")


def python_slot_cloner(
    cls: type[T],
    shared: tuple[str, ...],
    lists: tuple[str, ...],
    nested: tuple[str, ...],
    cloned: tuple[str, ...] = (),
) -> Callable[[T], T]:
    """The pure-Python copier of :func:`slot_cloner` (generated straight-line code)."""
    _check_names(shared, lists, nested, cloned)
    lines = ["def clone(src):", "    dst = new(cls)"]
    lines += [f"    dst.{f} = src.{f}" for f in shared]
    for f in lists:
        lines += [f"    v = src.{f}", f"    dst.{f} = v[:] if type(v) is list else v"]
    for f in nested:
        lines += [
            f"    v = src.{f}",
            f"    dst.{f} = [r[:] if type(r) is list else r for r in v] if type(v) is list else v",
        ]
    lines += [f"    dst.{f} = src.{f}.clone()" for f in cloned]
    lines.append("    return dst")
    clone: Callable[[T], T] = _compile("clone", lines, {"new": object.__new__, "cls": cls})
    return clone


def slot_cloner(
    cls: type[T],
    shared: tuple[str, ...],
    lists: tuple[str, ...],
    nested: tuple[str, ...],
    cloned: tuple[str, ...] = (),
) -> Callable[[T], T]:
    """A copier of objects of exactly ``cls`` (a ``__slots__`` class without ``__dict__``); the
    fields in ``cloned`` are copied by their own ``clone()`` (a generator, a tower).

    The copy is made without calling ``__init__``; a slot unset in the source stays unset (the
    Python copier raises ``AttributeError`` instead: declare only fields that are always set).
    Set as a class attribute, the copier is a method: ``clone = slot_cloner(...)`` after the
    class body makes ``state.clone()`` one call (natively: no Python frame at all)."""
    native = _native()
    if native is not None:
        cloner: Callable[[T], T] = native.Cloner(cls, shared, lists, nested, cloned)
        return cloner
    return python_slot_cloner(cls, shared, lists, nested, cloned)
