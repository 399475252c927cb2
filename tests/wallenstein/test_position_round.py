"""Wallenstein positions: the round's action cards, places in player order and favor display as the
round has them at the table's step (docs/positions.md, "The round's cards"). Each was accepted at
any step before: ten action cards with one twice, five turned face up while the eighth action was
carried out, a player without a place during the actions, two favor cards alike, favor cards
without Am Kaiserhof."""

from __future__ import annotations

import copy
import functools
import json
from typing import Any

from feldherr.core.rng import Rng
from feldherr.core.testing import check_position_refused
from feldherr.games import get_game

GAME = get_game("wallenstein")


@functools.cache
def _tables(court: bool) -> dict[str, dict[str, Any]]:
    """The first position of each phase of a random four-player game (and one late in the actions)."""
    st = GAME.new_state({"players": 4, "setup": "fixed", "modules": ["court"] if court else []}, 3)
    rng = Rng(3)
    found: dict[str, dict[str, Any]] = {}
    while not st.is_terminal() and len(found) < 6:
        key = "late" if st.phase == "move" and st.action_index >= 6 else st.phase
        found.setdefault(key, json.loads(json.dumps(GAME.position(st))))
        seat = st.to_move()[0]
        moves = st.legal_moves(seat)
        st.apply(seat, moves[rng.below(len(moves))])
    return found


def table(phase: str, court: bool = False) -> dict[str, Any]:
    return copy.deepcopy(_tables(court)[phase])


def test_a_round_has_the_ten_action_cards_each_once() -> None:
    pos = table("move")
    del pos["hidden"]["actions"]
    pos["actions"][1] = pos["actions"][0]
    check_position_refused(
        GAME,
        pos,
        "wallenstein.position.actions",
        "a round has all 10 action cards, each once",
        "Eine Runde hat alle 10 Aktionskarten, jede einmal",
    )


def test_the_cards_turned_face_up_are_as_many_as_the_round_has_turned() -> None:
    pos = table("late")
    turned = len(pos["actions"])
    assert turned == pos["flow"]["action_index"] + 1 > 5
    pos["hidden"]["actions"] = pos["actions"][5:] + pos["hidden"]["actions"]
    pos["actions"], pos["actions_hidden"] = pos["actions"][:5], 5
    del pos["flow"]["revealed_actions"]
    check_position_refused(
        GAME,
        pos,
        "wallenstein.position.actions-turned",
        f"5 action cards are turned face up, but the round has {turned} at this step",
        f"5 Aktionskarten sind aufgedeckt, aber die Runde hat bei diesem Schritt {turned}",
    )
    plan = table("plan")  # while planning: the five turned when the round starts
    assert len(plan["actions"]) == 5 and plan["actions_hidden"] == 5
    del plan["actions"], plan["actions_hidden"], plan["hidden"]["actions"], plan["flow"]["revealed_actions"]
    drawn = GAME.position(GAME.from_position(plan, 1))  # left out: drawn, five face up
    assert len(drawn["actions"]) == 5 and drawn["actions_hidden"] == 5


def test_every_player_has_a_place_during_the_actions() -> None:
    pos = table("move")
    pos["players"][2]["bonus_position"] = -1
    err = check_position_refused(
        GAME,
        pos,
        "wallenstein.position.place-missing",
        "has no place on the bonus track though the places in player order are taken",
        "hat keinen Platz auf der Bonusleiste, obwohl die Plätze der Spielerreihenfolge genommen sind",
    )
    assert err.details["player"] == pos["players"][2]["colour"]


def test_favor_cards_only_with_am_kaiserhof() -> None:
    pos = table("plan")
    pos["favor_display"] = ["16", "13", "8"]
    check_position_refused(
        GAME,
        pos,
        "wallenstein.position.favor-module",
        "only the module Am Kaiserhof has them",
        "nur das Modul Am Kaiserhof hat sie",
    )


def test_the_favor_display_lies_as_dealt_each_card_once() -> None:
    pos = table("plan", court=True)
    shown = pos["favor_display"]
    assert len(shown) == 3 and shown == sorted(shown, key=int, reverse=True)
    low = copy.deepcopy(pos)
    low["favor_display"] = list(reversed(shown))
    check_position_refused(
        GAME,
        low,
        "wallenstein.position.favor-display",
        "the card with the highest number lies on the space showing four courtiers",
        "Die Karte mit der höchsten Nummer liegt auf dem Feld mit vier Höflingen",
    )
    twice = copy.deepcopy(pos)
    twice["hidden"]["favor_deck"][0] = shown[0]
    err = check_position_refused(
        GAME,
        twice,
        "wallenstein.position.favor-once",
        "lies in two places (“open favor cards” and “hidden parts › favor cards”)",
        "liegt an zwei Stellen (",
    )
    assert err.details["card_name"] == f"favor.{shown[0]}"
