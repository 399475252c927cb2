"""The optional C extensions: one rule for whether to use them.

``setup.py`` builds them where a C compiler and the Python headers exist; where one is not built,
or ``FELDHERR_PURE`` is set to anything but ``0`` in the environment, the pure-Python code runs
instead, with the same results (only slower).
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType


def pure_requested() -> bool:
    """Whether ``FELDHERR_PURE`` asks for the pure-Python code everywhere."""
    return os.environ.get("FELDHERR_PURE", "") not in ("", "0")


def native_module(name: str) -> ModuleType | None:
    """The compiled module ``name`` (a dotted name), or None where it is not built or pure Python
    is requested. Imported by name, so it is no module of a package's import graph."""
    if pure_requested():
        return None
    try:
        return importlib.import_module(name)
    except ImportError:
        return None
