"""Fixtures of the server tests: the toy game in this process too, a server per module."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi")

from .serverutil import Server


@pytest.fixture(autouse=True)
def _toy(toy_registered: str) -> str:
    return toy_registered


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(Path(tmp_path_factory.mktemp("server"))).start()
    yield srv
    srv.stop()
