"""Registers the toy game (tests/core/toygame.py) as game ``toy`` for the core tests."""

from __future__ import annotations

import pytest
from gamelist import TOY, TOY_TARGET

import feldherr.games


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setitem(feldherr.games._GAMES, TOY, TOY_TARGET)
    return TOY
