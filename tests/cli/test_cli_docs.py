"""docs/api.md runs as written: its Python blocks are executed in order, once per game.

The page uses Wallenstein; here the game name is swapped for the toy game and for every real
game in this build, so the examples stay true for all of them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from gamelist import TOY, real_games

from feldherr.games import get_game

API = Path(__file__).resolve().parents[2] / "docs" / "api.md"
PLAYERS = 4


def blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", API.read_text(encoding="utf-8"), flags=re.S)


def test_the_page_has_examples() -> None:
    assert len(blocks()) >= 10


@pytest.mark.parametrize("name", [TOY, *real_games()])
def test_api_examples_run(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    game = get_game(name)
    if not game.min_players <= PLAYERS <= game.max_players:
        pytest.skip(f"the examples use {PLAYERS} players")
    namespace: dict[str, object] = {"__name__": "docs_api"}
    for index, code in enumerate(blocks()):
        source = code.replace('"wallenstein"', f'"{name}"')
        exec(compile(source, f"{API.name}[block {index}]", "exec"), namespace)
    out = capsys.readouterr().out
    assert out.count("inconsistent:") == 2 and "engine version" in out
    assert "'duplicate': True" in out and "refused:" in out and "Monte Carlo:" in out
