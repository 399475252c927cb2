"""The tower models by name, and a tower rebuilt from its JSON.

The models a player may choose (:data:`CHOICES`, the ``tower`` option) and the test model
``scripted`` (a position's ``hidden.tower_script``, or read back from a saved state) are all
listed here; this module imports the models, never the other way round. The physical model needs
MuJoCo, so it is imported only when asked for.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable, Mapping
from typing import Any

from feldherr.core.errors import OptionError, shown
from feldherr.wallenstein.tower.errors import TowerInputError
from feldherr.wallenstein.tower.fitted import FittedTower, load_params_file
from feldherr.wallenstein.tower.model import ScriptedTower, SimpleTower, Tower, TowerModel, TwoLevelTower

CHOICES = ("fitted", "physical", "simple", "two-level")
"""The models offered to players (``--tower``)."""
DEFAULT_TOWER = "fitted"
TEST_MODELS = ("scripted",)
"""Models for tests only: rebuilt from a saved state, never offered as an option."""


def _physical(**params: Any) -> TowerModel:
    from feldherr.wallenstein.tower.physical import PhysicalTower  # needs MuJoCo: only on demand

    return PhysicalTower(**params)


TowerFactory = Callable[..., TowerModel]
FACTORIES: dict[str, TowerFactory] = {
    "fitted": FittedTower,
    "physical": _physical,
    "simple": SimpleTower,
    "two-level": TwoLevelTower,
    "scripted": ScriptedTower,
}


def make_tower_model(name: str, params: Mapping[str, Any] | None = None) -> TowerModel:
    """The model ``name`` with ``params``; OptionError (option ``tower``/``tower_params``) if the
    name is unknown or a parameter is missing, unknown, of the wrong type or out of range."""
    factory = FACTORIES.get(name) if isinstance(name, str) else None
    if factory is None:
        known = ", ".join(CHOICES)
        raise OptionError(
            f"unknown tower model {shown(name)} (known: {known})",
            "tower",
            typed={"de": f"das Turmmodell {shown(name)} gibt es nicht (bekannt: {known})"},
        )
    if params is not None and (
        not isinstance(params, Mapping) or not all(isinstance(k, str) for k in params)
    ):
        raise OptionError(
            f"tower_params must be a JSON object, not {shown(params)}",
            "tower_params",
            typed={"de": f"--tower-params muss ein JSON-Objekt sein, nicht {shown(params)}"},
        )
    try:
        return factory(**dict(params or {}))
    except TypeError as exc:
        accepted = _parameters(name)
        unknown = sorted(set(params or {}) - set(accepted or ()))
        if accepted is not None and unknown:
            named = ", ".join(shown(k, 40) for k in unknown)
            raise OptionError(
                f"tower model {name!r} has no parameter {named} "
                f"(its parameters: {', '.join(accepted) or 'none'})",
                "tower_params",
                typed={
                    "de": f"das Turmmodell {name} hat keinen Parameter {named} (seine Parameter: "
                    f"{', '.join(accepted) or 'keine'})"
                },
            ) from exc
        raise OptionError(
            f"bad parameters for tower model {name!r}: {shown(str(exc))}",
            "tower_params",
            typed={"de": f"falsche Parameter für das Turmmodell {name}: {shown(str(exc))}"},
        ) from exc


def _parameters(name: str) -> list[str] | None:
    """The parameter names the model ``name`` takes (None: its class cannot be looked at here)."""
    factory: Any = FACTORIES[name]
    if name == "physical":
        try:
            from feldherr.wallenstein.tower.physical import PhysicalTower
        except ImportError:
            return None
        factory = PhysicalTower
    try:
        return [p for p in inspect.signature(factory).parameters if p not in ("self", "args", "kwargs")]
    except (TypeError, ValueError):
        return None


SHAREABLE = ("fitted", "simple", "two-level")
"""Models that keep no state of their own (only a memo of their probabilities): one instance per
parameter set may serve every game of a process (:func:`game_tower_model`)."""
_SHARED: dict[tuple[str, str], TowerModel] = {}
_SHARED_MAX = 64


def game_tower_model(name: str, params: Mapping[str, Any] | None = None) -> TowerModel:
    """:func:`make_tower_model`, remembered per process for the stateless models (a new game and
    checking a game's options would otherwise build and check the model each time, and its memo of
    drop probabilities would start empty in every game): the same draws, the same games."""
    if name not in SHAREABLE or (params is not None and not isinstance(params, Mapping)):
        return make_tower_model(name, params)
    try:
        key = (name, json.dumps(params, sort_keys=True) if params else "")
    except (TypeError, ValueError):
        return make_tower_model(name, params)
    model = _SHARED.get(key)
    if model is None:
        model = make_tower_model(name, params)
        if len(_SHARED) >= _SHARED_MAX:
            _SHARED.clear()
        _SHARED[key] = model
    return model


def tower_from_json(data: Mapping[str, Any]) -> Tower:
    """A tower (model and content) from :meth:`Tower.to_json`."""
    model = make_tower_model(data["model"], data.get("params"))
    return Tower(model, [list(level) for level in data["content"]])


def model_by_name(name: str, params_file: str | None = None) -> TowerModel:
    """A model for the tower tools (``feldherr tower …``, ``feldherr odds``), optionally with
    parameters from a file written by ``feldherr tower fit``."""
    params: dict[str, Any] | None = None
    if params_file is not None:
        if name != "fitted":
            raise TowerInputError(
                "a parameter file (from 'feldherr tower fit') is for the fitted model",
                "eine Parameterdatei (von 'feldherr tower fit') gilt für das angepasste Modell (fitted)",
            )
        try:
            params = load_params_file(params_file)
        except OptionError as exc:
            raise TowerInputError(str(exc), exc.said("de")) from exc
    try:
        return make_tower_model(name, params)
    except OptionError as exc:
        raise TowerInputError(str(exc), exc.said("de")) from exc
    except ImportError as exc:
        raise TowerInputError(
            f"tower model {name!r} cannot be loaded: {exc}",
            f"das Turmmodell {name} lässt sich nicht laden: {exc}",
        ) from exc
