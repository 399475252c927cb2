"""docs/positions.md runs as written; its schema files are the games' schemas; its worked examples
are valid positions of their schemas."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest

from feldherr.games import get_game

DOCS = Path(__file__).resolve().parents[2] / "docs"
PAGE = DOCS / "positions.md"
GAMES = ("wallenstein", "elgrande", "mansfeld")


def test_the_page_runs(capsys: pytest.CaptureFixture[str]) -> None:
    namespace: dict[str, object] = {"__name__": "docs_positions"}
    blocks = re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), flags=re.S)
    assert len(blocks) >= 2
    for index, code in enumerate(blocks):
        exec(compile(code, f"{PAGE.name}[block {index}]", "exec"), namespace)
    assert "mansfeld.position.card-once | Der Charakter" in capsys.readouterr().out


@pytest.mark.parametrize("name", GAMES)
def test_schema_files_are_the_games_schemas(name: str) -> None:
    schema = get_game(name).position_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    written = json.loads((DOCS / "positions" / f"{name}.schema.json").read_text(encoding="utf-8"))
    assert written == schema, f"regenerate docs/positions/{name}.schema.json from position_schema()"


@pytest.mark.parametrize("name", GAMES)
def test_examples_follow_their_schema_and_load(name: str) -> None:
    path = DOCS / "positions" / f"{name}-example.json"
    if not path.exists():
        pytest.skip(f"no worked example for {name}")
    game = get_game(name)
    example = json.loads(path.read_text(encoding="utf-8"))
    jsonschema.validate(example, game.position_schema())
    state = game.from_position(example, 0)
    assert state.to_move()
    again = game.position(state)
    jsonschema.validate(again, game.position_schema())
    assert all(
        game.from_position(again, 5).view(s) == state.view(s) for s in [*range(state.num_players), None]
    )


@pytest.mark.parametrize("name", GAMES)
def test_exported_positions_follow_the_schema(name: str) -> None:
    game = get_game(name)
    options = {"players": 4, "modules": ["court", "landsknechte", "leaders"]} if name == "wallenstein" else {}
    state = game.new_state(options or {"players": 4}, 3)
    schema = game.position_schema()
    for _ in range(40):
        jsonschema.validate(json.loads(json.dumps(game.position(state))), schema)
        if state.is_terminal():
            break
        seat = state.to_move()[0]
        state.apply(seat, state.legal_moves(seat)[-1])
