"""The Wallenstein game object: options, codec, words, bots."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from feldherr.core.bots import Bot
from feldherr.core.errors import OptionError
from feldherr.core.game import JSON, Game, LogEntry, Move, State
from feldherr.core.i18n import term
from feldherr.wallenstein import moves as codec
from feldherr.wallenstein.data import (
    ACTIONS,
    BID,
    FAVOR_COSTS,
    LSK_KINDS,
    MODULES,
    MONEY_BASE,
    NAMES,
    TOWER_CARD,
)
from feldherr.wallenstein.engine import new_game
from feldherr.wallenstein.state import EMPTY, WallensteinState
from feldherr.wallenstein.text import CATALOGUE, favor_text, render_log, seat_name
from feldherr.wallenstein.tower import DEFAULT_TOWER, TOWER_MODELS

KNOWN_MODULES: tuple[str, ...] = MODULES  # Am Kaiserhof, Landsknechte, Heerführer
OPTION_KEYS = {"players", "setup", "tower", "tower_params", "modules"}


class WallensteinGame(Game):
    name = "wallenstein"
    title = "Wallenstein"
    min_players = 3
    max_players = 5

    def normalize_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        unknown = set(options) - OPTION_KEYS
        if unknown:
            raise OptionError(
                f"unknown Wallenstein options {sorted(unknown)} (known: {', '.join(sorted(OPTION_KEYS))})"
            )
        try:
            players = int(options.get("players", 4))
        except (TypeError, ValueError) as exc:
            raise OptionError(f"players must be a number, not {options.get('players')!r}") from exc
        if not self.min_players <= players <= self.max_players:
            raise OptionError(f"Wallenstein is for 3 to 5 players, not {players}")
        setup = options.get("setup", "draft")
        if setup not in ("draft", "fixed"):
            raise OptionError(
                f"setup is 'draft' (assign counties by cards) or 'fixed' (the printed lineups), not {setup!r}"
            )
        tower = options.get("tower", DEFAULT_TOWER)
        if tower not in TOWER_MODELS:
            raise OptionError(f"unknown tower model {tower!r} (known: {', '.join(sorted(TOWER_MODELS))})")
        modules = options.get("modules", [])
        if isinstance(modules, str):
            modules = [m for m in modules.split(",") if m]
        if not isinstance(modules, (list, tuple)):
            raise OptionError(f"modules is a list (or comma list) of {', '.join(KNOWN_MODULES)}")
        for module in modules:
            if module not in KNOWN_MODULES:
                raise OptionError(
                    f"unknown Wallenstein module {module!r} (known: {', '.join(KNOWN_MODULES)})"
                )
        modules = sorted(set(modules))
        normal: dict[str, Any] = {
            "players": players,
            "setup": setup,
            "tower": tower,
            "modules": modules,
        }
        if options.get("tower_params"):
            normal["tower_params"] = dict(options["tower_params"])
        return normal

    def new_state(self, options: Mapping[str, Any], seed: int) -> WallensteinState:
        return new_game(self.normalize_options(options), seed)

    def state_from_json(self, data: Mapping[str, Any]) -> WallensteinState:
        return WallensteinState.from_json(dict(data))

    def move_to_json(self, move: Move) -> JSON:
        return codec.move_to_json(move)

    def move_from_json(self, data: JSON) -> Move:
        return codec.move_from_json(data)

    def describe_move(self, state: State, seat: int, move: Move, lang: str = "en") -> str:
        text = describe_move(move, lang)
        if move[0] == "favor" and move[1] >= 0 and isinstance(state, WallensteinState):
            text += ": " + favor_text(state.favors[move[1]], lang)
        return text

    def render_log(self, entry: LogEntry, lang: str = "en") -> str:
        return render_log(entry, lang)

    def render_view(self, view: Mapping[str, Any], lang: str = "en") -> str:
        raise NotImplementedError("TODO(template): render the text picture from the view")

    def render_text(self, state: State, seat: int | None, lang: str = "en") -> str:
        from feldherr.wallenstein.terminal import render_text

        assert isinstance(state, WallensteinState)
        return render_text(state, seat, lang)

    def bots(self) -> dict[str, type[Bot]]:
        from feldherr.wallenstein.bots import HeuristicBot

        return {"heuristic": HeuristicBot}


def _card(value: int, lang: str) -> str:
    if value == EMPTY:
        return "–"
    if value == TOWER_CARD:
        return "Würfelturmkarte" if lang == "de" else "dice tower card"
    if value >= MONEY_BASE:
        return ("money card " if lang == "en" else "Münzkarte ") + str(value - MONEY_BASE)
    return NAMES[value]


def describe_move(move: Move, lang: str = "en") -> str:
    kind = move[0]
    de = lang == "de"
    if kind == "draft":
        src = (
            ("Stapel" if de else "deck")
            if move[1] == 2
            else (f"offene Karte {move[1]}" if de else f"face-up card {move[1]}")
        )
        lead = (" + Heerführer" if de else " + military leader") if len(move) == 4 else ""
        return f"{src} + {move[2]} {'Armeen' if de else 'armies'}{lead}"
    if kind == "redraw":
        return "die gleichen zwei Karten austauschen" if de else "replace the same two face-up cards"
    if kind == "slot":
        if move[1] == BID:
            box = term(CATALOGUE, "bid", lang)
        elif move[1] > BID:
            box = term(CATALOGUE, f"court{move[1] - BID}", lang)
        else:
            box = term(CATALOGUE, ACTIONS[move[1]], lang)
        return f"{box}: {_card(move[2], lang)}"
    if kind == "plan":
        return "ganzer Plan" if de else "whole plan"
    if kind == "position":
        return f"{'Platz' if de else 'position'} {move[1] + 1}"
    if kind == "move":
        return f"{move[2]} {'Armeen nach' if de else 'armies to'} {NAMES[move[1]]}"
    if kind == "pass":
        return "keine Armeen ziehen" if de else "move no armies"
    if kind == "revolt":
        return f"{'Aufstand in' if de else 'revolt in'} {NAMES[move[1]]}"
    if kind == "favor":
        if move[1] < 0:
            return "keine Gunstkarte" if de else "no favor card"
        where = f" ({NAMES[move[2]]})" if 0 <= move[2] < len(NAMES) else ""
        if move[2] == 100:
            where = " (Ereignis entfernen)" if de else " (remove the event)"
        cost = FAVOR_COSTS[move[1]]
        return (f"Gunstkarte für {cost} Höflinge" if de else f"favor card for {cost} courtiers") + where
    if kind == "leader":
        return f"{'Heerführer nach' if de else 'military leader to'} {NAMES[move[1]]}"
    if kind == "lsk":
        return term(CATALOGUE, "lsk." + LSK_KINDS[move[1]], lang)
    return str(move)


__all__ = ["WallensteinGame", "describe_move", "seat_name"]
