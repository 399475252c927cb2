"""Ernst von Mansfeld against the core contracts (feldherr.core.testing), and the package layout."""

from __future__ import annotations

import ast
import os
from pathlib import Path
from typing import Any

import pytest

import feldherr.mansfeld
from feldherr.core.testing import check_conformance, find_cycle, import_graph
from feldherr.games import get_game

PACKAGE = Path(feldherr.mansfeld.__file__).resolve().parent
OPTIONS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 4, "ages": [30, 40, 30, 20]},
]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_conformance(options: dict[str, Any]) -> None:
    counts = check_conformance(get_game("mansfeld"), options, games=1, seed=3)
    assert counts["positions"] > 5 and counts["hostile"] > 300


@pytest.mark.skipif(not os.environ.get("FELDHERR_LONG_FUZZ"), reason="FELDHERR_LONG_FUZZ=1 runs it")
@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_conformance_long(options: dict[str, Any]) -> None:
    """The long run (a few minutes): 10 games per option set, every third position, 400 bad inputs
    per position and seat to move."""
    check_conformance(get_game("mansfeld"), options, games=10, seed=100, every=3, hostile_limit=400)


def test_no_import_circle_in_the_package() -> None:
    assert find_cycle(import_graph(PACKAGE, "feldherr.mansfeld")) is None


def test_no_upward_or_sideways_imports() -> None:
    forbidden = ("feldherr.cli", "feldherr.sim", "feldherr.server", "feldherr.adapters", "feldherr.search")
    games = ("feldherr.wallenstein", "feldherr.elgrande", "feldherr.tower")
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names = [node.module]
            for name in names:
                assert not name.startswith(forbidden + games), f"{path.name} imports {name}"


def test_template_layers() -> None:
    """state.py imports only the data; the rules never import the layers above them."""
    graph = import_graph(PACKAGE, "feldherr.mansfeld")
    assert graph["feldherr.mansfeld"] == set()  # __init__ imports nothing
    assert graph["feldherr.mansfeld.state"] <= {"feldherr.mansfeld.data"}
    above = {f"feldherr.mansfeld.{m}" for m in ("game", "info", "codec", "text", "bots")}
    for module, targets in graph.items():
        if module.startswith("feldherr.mansfeld.rules"):
            assert not targets & above, f"{module} imports {targets & above}"
