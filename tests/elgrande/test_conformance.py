"""The core contracts for El Grande: every option combination docs/games/elgrande.md lists, and
the package layout (no import circles, no upward imports)."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from feldherr.core.testing import check_conformance, find_cycle, import_graph
from feldherr.elgrande.game import GAME

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "feldherr" / "elgrande"

CASES: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 5},
    {"players": 4, "deck": "classic"},
    {"players": 2, "deck": "classic"},
    {"players": 4, "variant": ["short"]},
    {"players": 3, "variant": ["merged_stacks"]},
    {"players": 4, "variant": ["neue_regentschaft"]},
    {"players": 4, "variant": ["alte_hasen"]},
    {"players": 4, "variant": ["alte_hasen:veto"]},
    {"players": 4, "variant": ["machtverschiebung"]},
    {"players": 5, "deck": "classic", "variant": ["machtverschiebung"]},
    {"players": 4, "variant": ["hidden_castillo"]},
    {"players": 2, "deck": "classic", "variant": ["hidden_castillo", "machtverschiebung"]},
]


@pytest.mark.parametrize("options", CASES, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_conformance(options: dict[str, Any]) -> None:
    counts = check_conformance(GAME, options, games=1, seed=3, every=23, hostile_limit=25)
    assert counts["positions"] > 5 and counts["hostile"] > 50


def test_no_import_circles_and_no_upward_imports() -> None:
    graph = import_graph(PACKAGE, "feldherr.elgrande")
    assert find_cycle(graph) is None
    assert graph["feldherr.elgrande"] == set()  # __init__ imports nothing
    forbidden = ("feldherr.cli", "feldherr.sim", "feldherr.server", "feldherr.adapters", "feldherr.search")
    others = ("feldherr.wallenstein", "feldherr.mansfeld", "feldherr.tower")
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert not name.startswith(forbidden + others), f"{path.name} imports {name}"
    # the rules never reach up to the binding, the codec, the information layer, texts or bots
    upper = {f"feldherr.elgrande.{m}" for m in ("game", "info", "codec", "text", "bots")}
    for module, edges in graph.items():
        if module.startswith("feldherr.elgrande.rules") or module == "feldherr.elgrande.state":
            assert not edges & upper, f"{module} imports {edges & upper}"


def test_every_rule_id_has_a_german_and_an_english_text() -> None:
    from feldherr.elgrande.rules.moves import RULES
    from feldherr.elgrande.state import PHASE_NAMES

    ids = {
        "elgrande.game-over",
        "elgrande.move.format",
        "elgrande.move.kind",
        "elgrande.move.arity",
        "elgrande.move.arg",
        "elgrande.turn-order",
        "elgrande.rules",
        *RULES.values(),
        *(f"elgrande.phase.{name}" for name in PHASE_NAMES),
    }
    messages = GAME.messages()
    for rule in ids:
        assert set(messages[rule]) == {"en", "de"}, rule
