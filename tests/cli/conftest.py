"""Makes the toy game (tests/core/toygame.py) importable and registers it as game ``toy``."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

CORE_TESTS = str(Path(__file__).resolve().parents[1] / "core")
if CORE_TESTS not in sys.path:
    sys.path.insert(0, CORE_TESTS)

from gamelist import TOY, TOY_TARGET  # noqa: E402

import feldherr.games  # noqa: E402


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setitem(feldherr.games._GAMES, TOY, TOY_TARGET)
    return TOY
