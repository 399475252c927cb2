"""The registry: games come from the ``feldherr.games`` entry-point group or ``register``."""

from __future__ import annotations

from importlib.metadata import entry_points

import pytest

import feldherr.games
from feldherr.core.game import Game
from feldherr.games import ENTRY_POINT_GROUP, game_names, get_game, register, unregister


def test_installed_games_are_the_entry_points() -> None:
    announced = {ep.name for ep in entry_points(group=ENTRY_POINT_GROUP)}
    assert announced  # this distribution announces its games
    present = set(game_names())
    assert "toy" in present  # registered by the fixture
    assert present - {"toy"} <= announced


def test_register_and_unregister() -> None:
    register("toy2", "toygame:ToyGame")
    try:
        game = get_game("toy2")
        assert isinstance(game, Game) and game is get_game("toy2")  # one shared instance
        assert "toy2" in game_names()
    finally:
        unregister("toy2")
    assert "toy2" not in game_names()
    with pytest.raises(ValueError, match="unknown game 'toy2'"):
        get_game("toy2")


@pytest.mark.parametrize("name", [None, 7, "", "x" * 100_000, "toy "])
def test_unknown_names_are_value_errors_with_a_bounded_message(name: object) -> None:
    with pytest.raises(ValueError) as info:
        get_game(name)  # type: ignore[arg-type]
    assert len(str(info.value)) < 400


def test_a_game_whose_module_is_missing_is_not_available() -> None:
    register("ghost", "feldherr_no_such_package.game:Ghost")
    try:
        assert "ghost" not in game_names()
        with pytest.raises(ValueError, match="not available"):
            get_game("ghost")
    finally:
        unregister("ghost")


def test_a_game_module_with_a_broken_import_surfaces_its_error(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "brokengame.py").write_text("import feldherr_no_such_dependency\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    register("broken", "brokengame:Broken")
    try:
        with pytest.raises(ModuleNotFoundError, match="feldherr_no_such_dependency"):
            get_game("broken")
    finally:
        unregister("broken")
        feldherr.core.registry._instance.cache_clear()
