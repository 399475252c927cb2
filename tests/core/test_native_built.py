"""Where a C compiler and the Python headers exist, every optional C extension of ``setup.py`` is
built and imports. ``setup.py`` marks them optional, so an extension that fails to compile (or,
compiled with a missing declaration, fails to load) is left out without a word, and the tests of
its kernel skip themselves through ``pytest.importorskip``: this test makes that loud."""

from __future__ import annotations

import importlib
import re
import shutil
import sysconfig
from pathlib import Path

import pytest

SETUP = Path(__file__).resolve().parents[2] / "setup.py"


def extensions() -> list[str]:
    """The dotted names of the extensions ``setup.py`` declares."""
    return re.findall(r'Extension\(\s*"([\w.]+)"', SETUP.read_text())


def test_setup_declares_the_extensions_the_code_loads() -> None:
    assert set(extensions()) == {
        "feldherr.core._cfast",
        "feldherr.wallenstein._cobserve",
        "feldherr.mansfeld._cplayout",
        "feldherr.mansfeld._cobserve",
        "feldherr.elgrande._cobserve",
    }


def test_every_extension_is_built_where_a_compiler_is() -> None:
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None or not Path(sysconfig.get_paths()["include"], "Python.h").exists():
        pytest.skip("no C compiler or Python headers here: the pure-Python twins run instead")
    broken = []
    for name in extensions():
        try:
            importlib.import_module(name)
        except ImportError as err:
            broken.append(f"{name}: {err}")
    assert not broken, "extensions not built or not loadable (setup.py left them out): " + "; ".join(broken)
