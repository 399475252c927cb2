"""The odds of an attack the seat is offered, from its view alone (docs/games/wallenstein.md).

A ``Movement`` into a county the seat does not hold is a battle through the cube tower. Everything
the battle depends on is public at the table and in the view: the armies moved and the defenders,
revolt markers (peasants do not side with a county in unrest), the bonus tiles by position, this
round's event (two peasants for neutral counties, +1 defender for a palace), the personal supplies
(a bonus cube only comes if the supply has one), the peasant supply, the cubes lying in the tray and
the tower's content by colour. Where the cubes sit inside the tower is not public and not used: the
odds treat the content as a player counting cubes would (:func:`tower.odds.battle_odds` with the
content in total).

The battle is built exactly as :func:`rules.battle.attack` builds it, so the odds shown are those of
the battle the move starts under the game's own tower model.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from feldherr.core.errors import OptionError
from feldherr.core.game import Move
from feldherr.wallenstein.data import ATTACK_PLUS1, BONUS_TILES, DEFEND_PLUS1, EVENTS, NAMES
from feldherr.wallenstein.moves import Movement, typed
from feldherr.wallenstein.rules.combat import BattleKind
from feldherr.wallenstein.tower.errors import TowerInputError
from feldherr.wallenstein.tower.model import TowerModel
from feldherr.wallenstein.tower.odds import Battle, Odds, Roles, battle_odds
from feldherr.wallenstein.tower.registry import DEFAULT_TOWER, make_tower_model

EVENT_EFFECT = {e.id: e.effect for e in EVENTS}
MC_SAMPLES = 2_000  # models without exact odds (two-level): a quick, seeded estimate
"""Monte Carlo drops for a model whose odds cannot be computed exactly."""


@lru_cache(maxsize=16)
def _model(name: str, params: str) -> TowerModel | None:
    try:
        return make_tower_model(name, json.loads(params) or None)
    except (OptionError, TowerInputError, ImportError):
        return None


def tower_model(view: Mapping[str, Any]) -> TowerModel | None:
    """The game's tower model, from the options in the view (None where it cannot be built)."""
    options = view.get("options") or {}
    name = options.get("tower", DEFAULT_TOWER)
    if name == "physical":  # its content is cube positions: no odds from counts
        return None
    return _model(str(name), json.dumps(options.get("tower_params") or {}, sort_keys=True))


def battle_for(view: Mapping[str, Any], move: Move) -> tuple[Battle, Roles] | None:
    """The battle ``move`` would start and the tower's content by role, or None if it is no attack
    (a move into an own county, another kind of move, or a view not at a movement decision)."""
    try:
        move = typed(move)
    except Exception:
        return None
    step = view.get("step")
    if not isinstance(move, Movement) or not step or step.get("kind") != "move":
        return None
    seat = step["seat"]
    counties = view["counties"]
    if not 0 <= move.county < len(NAMES) or NAMES[move.county] not in counties:
        return None
    target = counties[NAMES[move.county]]
    defender = target["owner"]
    if defender == seat:
        return None
    players = view["players"]
    tiles = view.get("bonus_tiles") or []

    def tile(s: int) -> int:
        pos = players[s]["position"]
        if pos is None or not tiles or pos > len(tiles):
            return -1
        return BONUS_TILES.index(tiles[pos - 1])

    attacker_bonus = tile(seat) == ATTACK_PLUS1 and players[seat]["supply"] > 0
    effect = EVENT_EFFECT.get(view["event"], "") if view.get("event") is not None else ""
    tray = view["tower"]["tray"]
    inside = view["tower"]["inside"]
    if defender < 0:
        peasants = min(2 if effect == "neutral_two_peasants" else 1, view["peasant_supply"])
        # An empty peasant supply sends no peasant (rules.battle._take_peasants).
        kind = Battle if peasants else _NoPeasantBattle
        battle = kind(
            BattleKind.NEUTRAL,
            armies=move.armies,
            attacker_bonus=attacker_bonus,
            double_peasants=peasants == 2,
            tray=Roles.from_colours(tray, seat, None),
        )
        return battle, Roles.from_colours(inside, seat, None)
    supply = players[defender]["supply"]
    defender_bonus = tile(defender) == DEFEND_PLUS1 and supply > 0
    palace = (
        effect == "palace_defender_plus1"
        and "palace" in target["buildings"]
        and supply - int(defender_bonus) > 0
    )
    battle = Battle(
        BattleKind.ATTACK,
        armies=move.armies,
        defenders=target["armies"],
        markers=target["revolt_markers"],
        attacker_bonus=attacker_bonus,
        defender_bonus=defender_bonus,
        palace=palace,
        tray=Roles.from_colours(tray, seat, defender),
    )
    return battle, Roles.from_colours(inside, seat, defender)


class _NoPeasantBattle(Battle):
    """A neutral attack while the peasant supply is empty: no peasant is engaged."""

    def engaged(self) -> Roles:
        return Roles(attacker=self.armies + int(self.attacker_bonus))


def move_odds(view: Mapping[str, Any], move: Move) -> Odds | None:
    """The odds of the battle ``move`` starts (None if it starts none or the model gives none)."""
    found = battle_for(view, move)
    model = tower_model(view) if found else None
    if found is None or model is None:
        return None
    return _odds(*found, model)


@lru_cache(maxsize=4096)
def _odds(battle: Battle, inside: Roles, model: TowerModel) -> Odds | None:
    """Cached: the phrase and the details ask for the same battle, and every update of a seat at the
    same decision asks again (battles and contents are frozen values; models come from ``_model``)."""
    try:
        return battle_odds(battle, model, inside=inside, fallback_samples=MC_SAMPLES)
    except TowerInputError:
        return None


def odds_details(odds: Odds) -> dict[str, Any]:
    """The odds as the client shows them: whole percent plus the exact probabilities."""
    return {
        "win": odds.attacker,
        "tie": odds.tie,
        "lose": odds.defender,
        "percent": percents(odds),
        "exact": odds.exact,
    }


def percents(odds: Odds) -> list[int]:
    """Win, tie, lose in whole percent, rounded so that they add up to 100."""
    raw = [odds.attacker * 100, odds.tie * 100, odds.defender * 100]
    out = [int(x) for x in raw]
    order = sorted(range(3), key=lambda i: out[i] - raw[i])
    for i in order[: max(0, 100 - sum(out))]:
        out[i] += 1
    return out


__all__ = ["battle_for", "move_odds", "odds_details", "percents", "tower_model"]
