"""The hostile-input fuzz runner (``feldherr fuzz``), on the toy game and on a broken copy of it."""

from __future__ import annotations

import json
import re

import pytest
from toygame import ToyGame, ToyState

import feldherr.games
from feldherr.cli import main
from feldherr.core.errors import OptionError
from feldherr.core.game import Move
from feldherr.core.rng import Rng
from feldherr.sim.fuzz import draw_options, fuzz, fuzz_game


def test_the_toy_game_survives_the_fuzz() -> None:
    result = fuzz_game("toy", 3000, seed=2)
    data = result.to_json()
    assert data["inputs"] >= 3000 and data["positions"] > 5 and data["option_sets"] > 3
    assert data["crashes"] == data["state_changes"] == data["accepted"] == data["bad_texts"] == 0
    assert data["examples"] == []


def test_the_fuzz_is_determined_by_its_seed() -> None:
    a, b = fuzz_game("toy", 800, seed=5), fuzz_game("toy", 800, seed=5)
    keep = ("inputs", "positions", "games", "option_sets")
    assert {k: a.to_json()[k] for k in keep} == {k: b.to_json()[k] for k in keep}


def test_option_sets_are_drawn_from_the_spec() -> None:
    game = ToyGame()
    rng = Rng(1)
    drawn = [draw_options(game, rng) for _ in range(60)]
    assert {d["players"] for d in drawn} == {2, 3, 4}
    assert {d["variant"] for d in drawn} == {"double", "plain"}
    assert {d["rounds"] for d in drawn} == {1, 2, 3, 4, 5}


class SloppyState(ToyState):
    """Compares moves with == (so 2.0 and True pass) and stores what it was given."""

    game_name = "sloppy"

    def apply(self, seat: int, move: Move) -> None:
        sloppy = isinstance(move, tuple) and len(move) == 2 and move[0] == "bid" and type(move[1]) is not int
        if sloppy and move[1] in self.hands[seat]:
            self.hands[seat].remove(move[1])
            self.hands[seat].append(move[1])  # a float or bool lands in the hand
            self.version += 1
            raise KeyError("half a move")
        super().apply(seat, move)

    def clone(self) -> SloppyState:
        other = super().clone()
        other.__class__ = SloppyState
        return other  # type: ignore[return-value]


class SloppyGame(ToyGame):
    name = "sloppy"

    def new_state(self, options, seed):  # type: ignore[no-untyped-def]
        state = super().new_state(options, seed)
        state.__class__ = SloppyState
        return state


def test_the_fuzz_finds_crashes_and_state_changes() -> None:
    result = fuzz_game(SloppyGame(), 2000, seed=1).to_json()
    assert result["crashes"] > 0 and result["state_changes"] > 0
    assert any("KeyError" in e for e in result["examples"])


def test_the_progress_bar_ends_at_the_inputs_asked_for(capsys: pytest.CaptureFixture[str]) -> None:
    """A position's inputs are thrown whole, so more than --inputs may be thrown; the bar counted
    past its end ("0/100" and then "200input")."""
    assert main(["fuzz", "toy", "--inputs", "7", "--json"]) == 0
    err = capsys.readouterr().err
    assert "7/7" in err and " inputs/s]" in err and not re.search(r"\d+input ", err), err


def test_bad_arguments() -> None:
    with pytest.raises(OptionError):
        fuzz(["toy"], 0)
    with pytest.raises(OptionError):
        fuzz([], 10)


def test_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fuzz", "toy", "--inputs", "500", "--seed", "3", "--json", "--quiet"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["totals"]["inputs"] >= 500 and data["totals"]["crashes"] == 0
    feldherr.games.register("sloppy", "test_sim_fuzz:SloppyGame")
    try:
        assert main(["fuzz", "sloppy", "--inputs", "500", "--quiet"]) == 1
        out = capsys.readouterr().out
        assert "state changes" in out and "sloppy: " in out
        assert "_" not in out.splitlines()[0]  # the table's headings are words, not the JSON's keys
        # the examples are a developer's diagnostics (English: the call, the exception), introduced
        # as such in the reader's language
        assert main(["fuzz", "sloppy", "--inputs", "500", "--quiet", "--lang", "de"]) == 1
        lines = capsys.readouterr().out.splitlines()
        head = lines.index(
            "Beispiele (Diagnose für Entwickler, auf Englisch: der Aufruf und was er auslöste):"
        )
        assert lines[head + 1 :] and all(line.startswith("  sloppy: ") for line in lines[head + 1 :])
    finally:
        feldherr.games.unregister("sloppy")
