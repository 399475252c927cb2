"""The steps of a round in a position (docs/positions.md, "The steps of the round"): the county
draft's order, the bonus tiles laid out, and a module's players still to act are as the rules have
them, or the position is refused with the rule it breaks, in both languages, and nothing is set up.
Each of these loaded before and stopped the game a few moves later (no legal move for the player to
move, a pop from an empty list)."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from typing import Any

import pytest

from feldherr.core.errors import PositionError
from feldherr.core.rng import Rng
from feldherr.core.textscan import text_problems

from .scenario import GAME


def _played_to(options: dict[str, Any], seed: int, stop: Callable[[Any], bool]) -> dict[str, Any]:
    """The position of a random game (``options``, ``seed``) at its first decision where ``stop``."""
    st = GAME.new_state({"players": 4, **options}, seed)
    rng = Rng(seed)
    while not stop(st):
        assert not st.is_terminal()
        seat = st.to_move()[0]
        moves = st.legal_moves(seat)
        st.apply(seat, moves[rng.below(len(moves))])
    pos: dict[str, Any] = json.loads(json.dumps(GAME.position(st)))
    GAME.from_position(pos, 1)  # the engine's own position loads
    return pos


def _refused(pos: dict[str, Any], rule: str, english: str, german: str) -> None:
    before = copy.deepcopy(pos)
    with pytest.raises(PositionError) as err:
        GAME.from_position(pos, 1)
    assert err.value.rule == rule, str(err.value)
    assert pos == before
    en, de = GAME.error_text(err.value, "en"), GAME.error_text(err.value, "de")
    assert english in en, en
    assert german in de, de
    assert not re.search(r"\{[a-z_]+[}:]", en + de), (en, de)
    assert not text_problems(en, "en") and not text_problems(de, "de"), (en, de)


def _draft() -> dict[str, Any]:
    """Four players' county draft after six picks: Yellow's turn, Red and Blue have placed two
    groups, Yellow and Purple one."""
    return _played_to({"setup": "draft"}, 3, lambda st: st.version >= 6)


def test_the_draft_goes_clockwise_from_the_oldest_player() -> None:
    """ "starting with the oldest player and continuing clockwise, the players take turns": a
    changed entry of the order (Red twice in a row) is refused; it loaded before, and the player
    with a turn too many had no group left to place (no legal move)."""
    pos = _draft()
    assert pos["flow"]["pending"] == {"player": "yellow"}
    pos["flow"]["draft_seat_order"][6] = "red"
    _refused(
        pos,
        "wallenstein.position.draft-order",
        "starting with the oldest player (Red) and continuing clockwise",
        "beginnend mit dem ältesten Spieler (Rot) und weiter im Uhrzeigersinn",
    )


def test_each_player_has_as_many_turns_left_as_groups_to_place() -> None:
    pos = _draft()
    pos["players"][0]["draft_groups"].pop()  # Red placed a group out of turn
    _refused(
        pos,
        "wallenstein.position.draft-turns",
        "Red has 5 groups of armies still to place but 6 turns left",
        "Rot hat noch 5 Armeegruppen einzusetzen, in der Reihenfolge der Länderwahl aber noch 6 Züge",
    )
    pos = _draft()
    pos["flow"]["draft_turn"] = 5  # Blue again
    _refused(pos, "wallenstein.position.draft-turns", "Blue has 6 groups", "Blau hat noch 6 Armeegruppen")
    pos = _draft()
    pos["players"][2]["draft_groups"][0] = 9  # no group of the mat has 9 armies
    _refused(
        pos,
        "wallenstein.position.draft-groups",
        "with 4 players the mat has groups of 5, 4, 4, 3, 3, 2, 2, 2 armies",
        "mit 4 Spielern hat es Gruppen von 5, 4, 4, 3, 3, 2, 2, 2 Armeen",
    )
    pos = _draft()
    pos["flow"]["pending"] = {"player": "purple"}
    _refused(pos, "wallenstein.position.draft-pending", "the decision is Yellow's", "entscheidet Gelb")


def test_all_bonus_tiles_lie_out_from_the_first_round_on() -> None:
    """ "Shuffle the bonus tiles, then place them face up in their designated boxes": left out of a
    drafted game's plan, the tiles were the draft's (none) and the first bid took a box without a
    tile (an illegal move of the engine's own list); a tile twice or one missing is refused too."""
    pos = _played_to({"setup": "draft"}, 3, lambda st: st.phase == "plan")
    assert len(pos["bonus_tiles"]) == 5
    for change in (
        lambda p: p.pop("bonus_tiles"),
        lambda p: p["bonus_tiles"].pop(),
        lambda p: p["bonus_tiles"].__setitem__(0, p["bonus_tiles"][1]),
    ):
        bad = copy.deepcopy(pos)
        change(bad)
        _refused(
            bad,
            "wallenstein.position.bonus-tiles",
            "laid out at the start of every round, all 5 of them",
            "zu Beginn jeder Runde gemischt und alle 5 ausgelegt",
        )
    draft = _draft()
    draft["bonus_tiles"] = pos["bonus_tiles"]
    _refused(draft, "wallenstein.position.bonus-tiles", "before the first round none", "vor der ersten Runde")


def test_a_box_of_the_bonus_tiles_is_taken_once() -> None:
    pos = _played_to({"setup": "fixed"}, 2, lambda st: st.phase == "move")
    boxes = [p["bonus_position"] for p in pos["players"]]
    pos["players"][3]["bonus_position"] = boxes[0]
    _refused(
        pos,
        "wallenstein.position.bonus-box",
        f"Red and Purple have both taken box {boxes[0] + 1} of the bonus tiles",
        f"Rot und Lila haben beide das Feld {boxes[0] + 1} der Bonusplättchen genommen",
    )


def _favor() -> dict[str, Any]:
    """Am Kaiserhof, four players: Purple vies for the Emperor's favor, then Yellow (6 courtiers
    in the entrance hall), Red (4), Blue (3)."""
    pos = _played_to(
        {"setup": "fixed", "modules": ["court"]}, 1, lambda st: st.phase == "favor" and len(st.queue) >= 3
    )
    assert pos["flow"]["queue"] == ["purple", "yellow", "red", "blue"], pos["flow"]["queue"]
    return pos


def test_the_emperors_favor_goes_to_the_most_courtiers_first() -> None:
    """ "The player who has the most courtiers at the entrance hall may vie first … In case of a tie,
    the basic player order prevails": the players still to act in another order are refused, and
    the decision owed is the first one's (an empty queue loaded before, and the favor taken popped
    from an empty list)."""
    pos = _favor()
    pos["flow"]["queue"] = ["purple", "red", "yellow", "blue"]
    _refused(
        pos,
        "wallenstein.position.queue-order",
        "the player with the most courtiers in the entrance hall first",
        "zuerst der Spieler mit den meisten Höflingen in der Empfangshalle",
    )
    for queue in ([], ["yellow", "purple", "red", "blue"], ["purple", "yellow", "red", "blue", "red"]):
        pos = _favor()
        pos["flow"]["queue"] = queue
        _refused(
            pos,
            "wallenstein.position.queue",
            "the decision owed is that of the first of the players still to act",
            "die ausstehende Entscheidung ist die des ersten der Spieler, die noch handeln",
        )


def test_a_modules_step_belongs_to_its_phase_and_module() -> None:
    """A step of a module in a phase without one (while planning), a step of a module not played
    and players still to act outside a step are refused; an unknown step by name."""
    plan = _played_to({"setup": "fixed"}, 2, lambda st: st.phase == "plan")
    for stage, queue in (("court_favor", []), ("", ["red"])):
        pos = copy.deepcopy(plan)
        pos["flow"].update(stage=stage, queue=queue)
        rule = "wallenstein.position.stage" if stage else "wallenstein.position.queue"
        _refused(pos, rule, "", "")
    pos = _favor()  # Am Kaiserhof only: no leader to move
    pos["phase"] = "leader"
    pos["flow"]["stage"] = "leader_move"
    _refused(
        pos,
        "wallenstein.position.stage",
        "the step “the leaders' move” does not belong to this point of the round",
        "Der Schritt „Zug der Heerführer“ gehört nicht an diese Stelle der Runde",
    )
    pos = _favor()
    pos["flow"]["stage"] = "lsk"
    _refused(pos, "wallenstein.position.stage", "“Landsknechte”", "„Landsknechte“")
    pos = _favor()
    pos["flow"]["stage"] = "Hofball"
    english = "“Hofball” in “turn in progress › step” is not a module step"
    _refused(pos, "core.position.name", english, "Moduls")


def test_every_county_card_lies_once_during_the_draft() -> None:
    """ "If one of the two face-up cards is selected, immediately replace it with the top card from
    the deck": an emptied deck loaded before, and the draft ran out of counties for the groups
    still to place (no legal move)."""
    pos = _draft()
    pos["hidden"]["draft_deck"] = []
    _refused(
        pos,
        "wallenstein.position.draft-cards",
        "during the county draft every county card of the game lies once, held by a player, face up",
        "Während der Länderwahl liegt jede Länderkarte des Spiels genau einmal",
    )
    pos = _draft()
    pos["hidden"]["draft_deck"].append(pos["draft_faceup"][0])
    _refused(pos, "wallenstein.position.draft-cards", f"{pos['draft_faceup'][0]} does not", "nicht")
