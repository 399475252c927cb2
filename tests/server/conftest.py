"""Fixtures of the server tests: the toy game in this process too, one server for the session."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi")

from .serverutil import Server


@pytest.fixture(autouse=True)
def _toy(toy_registered: str) -> str:
    return toy_registered


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the modules that take it as it comes (a start costs about a second of CPU
    and several of waiting on a busy machine; with a server per module each test worker started
    it again for every module, and again for a module whose slow tests run first)."""
    srv = Server(Path(tmp_path_factory.mktemp("server"))).start()
    yield srv
    srv.stop()
