"""Helpers for driving the command line in tests."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from feldherr.cli import main
from feldherr.core.play import make_bots, play_game
from feldherr.core.record import GameRecord
from feldherr.games import get_game

Capsys = pytest.CaptureFixture[str]


def run(capsys: Capsys, *argv: str) -> tuple[int, str, str]:
    """Run ``feldherr ARGV``; return the exit code, standard output and standard error."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def feed(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    """Answer the prompts with ``text``."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))


def write_record(path: Path, seed: int = 3, players: int = 3) -> GameRecord:
    """Play a random game of the toy game and save its record at ``path``."""
    game = get_game("toy")
    record, _, _ = play_game(game, {"players": players}, seed, make_bots(game, ["random"] * players, seed))
    path.write_text(json.dumps(record.to_json()))
    return record
