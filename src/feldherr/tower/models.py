"""Choosing a tower model by name (``--tower physical|fitted|simple|two-level``)."""

from __future__ import annotations

from typing import Any

from feldherr.core.errors import OptionError
from feldherr.tower.errors import TowerInputError
from feldherr.tower.fitted import load_params_file
from feldherr.wallenstein.tower import TOWER_MODELS, TowerModel, make_tower_model, register_tower_model

OUR_MODELS = {
    "fitted": "feldherr.tower.fitted:FittedTower",
    "physical": "feldherr.tower.physical:PhysicalTower",
}
CHOICES = ("fitted", "physical", "simple", "two-level")


def ensure_registered() -> None:
    """Add this package's models to the game's registry (if the game does not list them yet)."""
    for name, target in OUR_MODELS.items():
        if name not in TOWER_MODELS:
            register_tower_model(name, target)


def model_by_name(name: str, params_file: str | None = None) -> TowerModel:
    ensure_registered()
    params: dict[str, Any] | None = None
    if params_file is not None:
        if name != "fitted":
            raise TowerInputError("a parameter file (from 'feldherr tower fit') is for the fitted model")
        try:
            params = load_params_file(params_file)
        except OptionError as exc:
            raise TowerInputError(str(exc)) from exc
    try:
        return make_tower_model(name, params)
    except OptionError as exc:
        raise TowerInputError(str(exc)) from exc
    except ImportError as exc:
        raise TowerInputError(f"tower model {name!r} cannot be loaded: {exc}") from exc
