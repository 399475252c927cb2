"""docs/adapters.md runs as written: its Python blocks are executed in order, once for the toy game
and once for every real game that implements the information layer (the page uses Wallenstein)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from gamelist import TOY

from feldherr.adapters.openspiel import register

from .conftest import ready_games

PAGE = Path(__file__).resolve().parents[2] / "docs" / "adapters.md"


def blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), flags=re.S)


def test_the_page_has_examples() -> None:
    assert len(blocks()) >= 6


@pytest.mark.parametrize("name", [TOY, *ready_games()])
def test_examples_run(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    register([name])
    namespace: dict[str, object] = {"__name__": "docs_adapters"}
    for index, code in enumerate(blocks()):
        source = code.replace('"wallenstein"', f'"{name}"').replace(
            "python_feldherr_wallenstein", f"python_feldherr_{name}"
        )
        exec(compile(source, f"{PAGE.name}[block {index}]", "exec"), namespace)
    out = capsys.readouterr().out
    assert "final rewards" in out and "mean return" in out
