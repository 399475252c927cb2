"""Shared fixtures: the toy game of tests/core/toygame.py, registered as game ``toy`` on request."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

CORE_TESTS = str(Path(__file__).resolve().parent / "core")
if CORE_TESTS not in sys.path:
    sys.path.insert(0, CORE_TESTS)

from gamelist import TOY, TOY_TARGET  # noqa: E402

import feldherr.games  # noqa: E402


@pytest.fixture(autouse=True)
def _english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command line speaks the language of the user's locale when --lang is not given: the
    tests run in a neutral one, whatever the machine's (a test that wants German says so)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


@pytest.fixture
def toy_registered() -> Iterator[str]:
    feldherr.games.register(TOY, TOY_TARGET)
    yield TOY
    feldherr.games.unregister(TOY)
