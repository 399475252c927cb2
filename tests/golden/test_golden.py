"""Games stay the same: a fixed set of seeded games replays to the same moves and final states."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from golden import FILE, play

ENTRIES: list[dict[str, Any]] = json.loads(FILE.read_text())


@pytest.mark.parametrize(
    "entry", ENTRIES, ids=[f"{e['game']}-{e['seed']}-{e['bots']}-{i}" for i, e in enumerate(ENTRIES)]
)
def test_golden_game_is_unchanged(entry: dict[str, Any]) -> None:
    again = play(entry["game"], entry["options"], entry["seed"], entry["bots"])
    assert again == entry
