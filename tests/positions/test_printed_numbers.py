"""One source for every printed number: the rules read the games' data files, never a copy."""

from __future__ import annotations

import json
from importlib import resources

from feldherr.elgrande import state as elgrande_state
from feldherr.mansfeld import data as mansfeld_data
from feldherr.mansfeld import state as mansfeld_state
from feldherr.mansfeld.rules import flow as mansfeld_flow
from feldherr.mansfeld.rules import moves as mansfeld_moves
from feldherr.mansfeld.rules import playout as mansfeld_playout
from feldherr.wallenstein import data as wallenstein_data


def _data(package: str, name: str) -> dict[str, object]:
    loaded: dict[str, object] = json.loads(
        resources.files(package).joinpath(f"data/{name}").read_text("utf-8")
    )
    return loaded


def test_mansfeld_costs_have_one_source() -> None:
    printed = [card["cost"] for card in _data("feldherr.mansfeld", "characters.json")["cards"]]  # type: ignore[index]
    assert list(mansfeld_data.COST) == printed
    for module in (mansfeld_state, mansfeld_flow, mansfeld_moves, mansfeld_playout):
        assert getattr(module, "COST", mansfeld_data.COST) is mansfeld_data.COST, module.__name__
        assert getattr(module, "COST_BIT", mansfeld_data.COST_BIT) is mansfeld_data.COST_BIT, module.__name__
        assert not hasattr(module, "_COST_BIT"), module.__name__
    assert tuple(1 << c for c in printed) == mansfeld_data.COST_BIT


def test_elgrande_rounds_and_wallenstein_face_up_actions_come_from_the_data() -> None:
    rounds = _data("feldherr.elgrande", "board.json")["rounds"]
    assert list(elgrande_state.ROUNDS_FULL) == rounds["full"]  # type: ignore[index]
    assert list(elgrande_state.ROUNDS_SHORT) == rounds["short"]  # type: ignore[index]
    assert list(elgrande_state.SCORING_ROUNDS) == rounds["scoring_after"]  # type: ignore[index]
    actions = _data("feldherr.wallenstein", "rules.json")["actions"]
    assert wallenstein_data.ACTIONS_FACE_UP == actions["face_up"] == 5  # type: ignore[index]
