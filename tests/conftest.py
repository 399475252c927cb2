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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The long tests (marked ``slow``) run first. CI runs the suite on two pytest-xdist workers
    that get the tests in this order one at a time as they finish one (``scripts/test.sh``:
    ``--maxschedchunk 1``; by default each worker would first get a block of a quarter of its share,
    all the long tests in the first worker's): the long ones are shared out early and the many
    short ones fill the gaps after them, instead of a long test starting last on one worker while
    the other has nothing left to do. The sort is stable: the rest keep their order, and a module
    marked as a whole moves as a whole (its module-scoped fixtures start once)."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


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
