"""feldherr: rules-exact engines for historical strategy board games.

The public entry points are :func:`feldherr.games.get_game` (a game by name) and the core
protocol in :mod:`feldherr.core`.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from importlib.util import spec_from_file_location
from types import ModuleType

__version__ = "0.1.0"


class _Interpreted:
    """An import hook for the opt-in compiled build (``bash scripts/setup.sh compiled``): finds
    the listed modules as their ``.py`` source, so that their compiled twins beside them stay
    unused."""

    def __init__(self, modules: frozenset[str]) -> None:
        self.modules = modules

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname not in self.modules or not path:
            return None
        for entry in path:
            source = os.path.join(entry, fullname.rpartition(".")[2] + ".py")
            if os.path.isfile(source):
                return spec_from_file_location(fullname, source)
        return None


def _compiled_build() -> None:
    """Where a compiled build exists (its manifest ``_compiled.json``, written by
    ``scripts/build-compiled.py``), use it only while every compiled module's source is unchanged
    since the build (its size and modification time) and ``FELDHERR_PURE`` is not set; else load
    the interpreted source of all of them (compiled modules call each other directly, so one
    changed source retires the whole build)."""
    here = os.path.dirname(os.path.abspath(__file__))
    try:
        with open(os.path.join(here, "_compiled.json"), encoding="utf-8") as manifest:
            modules: dict[str, dict[str, int]] = json.load(manifest)["modules"]
    except (OSError, ValueError, KeyError, TypeError):
        return
    fresh = os.environ.get("FELDHERR_PURE", "") in ("", "0")
    for module, built in modules.items() if fresh else ():
        try:
            stat = os.stat(os.path.join(os.path.dirname(here), *module.split(".")) + ".py")
        except OSError:
            fresh = False
            break
        if (stat.st_size, stat.st_mtime_ns) != (built.get("size"), built.get("mtime_ns")):
            fresh = False
            break
    if not fresh:
        sys.meta_path.insert(0, _Interpreted(frozenset(modules)))


_compiled_build()
