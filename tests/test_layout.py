"""The layout shows the architecture: a game-agnostic core, games on one template, and layers that
only use games through the core. No package imports itself in a circle, and nothing imports a
layer above it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import feldherr
from feldherr.core.testing import find_cycle, import_graph

ROOT = Path(feldherr.__file__).parent
GAMES = ("wallenstein", "elgrande", "mansfeld")
#: Each package's layer; a module may import its own package and packages of lower layers only.
LAYER = {
    "core": 0,
    "games": 0,  # the registry's short public name
    **dict.fromkeys(GAMES, 1),
    "search": 2,
    "sim": 2,
    "adapters": 2,
    "server": 3,
    "web": 3,
    "cli": 4,
}
PACKAGES = sorted(p.name for p in ROOT.iterdir() if p.is_dir() and (p / "__init__.py").exists())


def test_every_package_has_a_layer() -> None:
    assert set(PACKAGES) <= set(LAYER), set(PACKAGES) - set(LAYER)


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_circle_inside_a_package(package: str) -> None:
    graph = import_graph(ROOT / package, f"feldherr.{package}")
    assert find_cycle(graph) is None


def _imported_packages(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        for name in names:
            parts = name.split(".")
            if parts[0] == "feldherr" and len(parts) > 1:
                found.add(parts[1])
    return found


@pytest.mark.parametrize("package", PACKAGES)
def test_no_package_imports_a_layer_above_it_or_another_game(package: str) -> None:
    own = LAYER[package]
    for path in sorted((ROOT / package).rglob("*.py")):
        for other in _imported_packages(path) - {package}:
            if other not in LAYER:
                continue  # a top-level module such as feldherr.games
            assert LAYER[other] < own or (other == "games" and own > 0), (
                f"{path.relative_to(ROOT)} imports feldherr.{other}"
            )
