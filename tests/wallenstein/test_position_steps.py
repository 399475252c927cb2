"""The steps of a round in a position (docs/positions.md, "The steps of the round"): the county
draft's order, the bonus tiles laid out, and a module's players still to act are as the rules have
them, or the position is refused with the rule it breaks, in both languages, and nothing is set up.
Each of these loaded before and stopped the game a few moves later (no legal move for the player to
move, a pop from an empty list)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

from feldherr.core.rng import Rng
from feldherr.core.testing import check_position_refused

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
    check_position_refused(GAME, pos, rule, english, german)


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


def test_each_colour_has_its_62_armies_during_the_draft_too() -> None:
    """ "Each player takes ... 62 army cubes" and, while assigning initial counties, places "any one
    group of armies from their player mat" (the groups still on the mat are part of the supply);
    "The remaining armies are each player's personal supply". A draft position with an army too
    many on the map, or too few in the supply, loaded: the 62 were checked only after the draft."""
    pos = _draft()
    county = next(c for c, v in pos["counties"].items() if v.get("owner") == "red")
    pos["counties"][county]["armies"] += 1
    _refused(
        pos,
        "wallenstein.position.armies",
        "Red has 63 armies on the table, in the tower and in the supply; each colour has 62",
        "Rot hat 63 Armeen auf dem Tisch, im Turm und im Vorrat; jede Farbe hat 62",
    )
    pos = _draft()
    pos["players"][1]["armies_in_supply"] -= 2
    _refused(pos, "wallenstein.position.armies", "Blue has 60 armies", "Blau hat 60 Armeen")


def test_the_supply_of_a_draft_position_left_out_is_the_armies_not_on_the_map() -> None:
    """``armies_in_supply`` left out of a draft position is what the 62 leave (it was a new game's
    62, whatever stood on the map already)."""
    pos = _draft()
    for player in pos["players"]:
        del player["armies_in_supply"]
    st = GAME.from_position(pos, 1)
    for s in range(4):
        placed = sum(a for c, a in enumerate(st.armies) if st.owner[c] == s)
        assert placed > 0 and st.supply[s] == 62 - placed


def test_the_groups_still_on_the_mat_are_in_the_supply() -> None:
    """The groups of the mat not yet placed come out of the player's supply: a supply smaller than
    them (the 62 kept by more armies on the map) would run below zero at the next placements."""
    pos = _draft()
    red = pos["players"][0]
    county = next(c for c, v in pos["counties"].items() if v.get("owner") == "red")
    moved = red["armies_in_supply"] - sum(red["draft_groups"]) + 1
    pos["counties"][county]["armies"] += moved
    red["armies_in_supply"] -= moved
    _refused(
        pos,
        "wallenstein.position.draft-supply",
        f"Red has only {red['armies_in_supply']} armies in the supply, but the groups still to place "
        f"hold {sum(red['draft_groups'])} armies",
        f"Rot hat nur {red['armies_in_supply']} Armeen im Vorrat, die noch einzusetzenden Gruppen haben "
        f"aber {sum(red['draft_groups'])} Armeen",
    )


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
    english = "“Hofball” in “turn in progress › step” names no module step"
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


def test_cubes_of_a_colour_nobody_plays_stay_in_the_box() -> None:
    """ "If playing with less than 5 players, return the unused components to the box": a black
    cube in the tray of a four-player game loaded (the 62 are checked for the colours in play only)
    and a tray count of 10**20 stopped the tower's drop with an OverflowError; a count below zero
    or a list in place of a count is refused too (a list of trophies in place of a number loaded
    and stopped the leaders' scoring with a TypeError)."""
    pos = _played_to({"setup": "fixed"}, 2, lambda st: st.phase == "move")
    pos["tower_tray"][4] = 3
    _refused(
        pos,
        "wallenstein.position.colour",
        "nobody plays Black in a game of 4 players: none of its cubes lie in the tower or in its tray",
        "In einem Spiel mit 4 Spielern spielt niemand Schwarz",
    )
    pos = _played_to({"setup": "fixed"}, 2, lambda st: st.phase == "move")
    pos["tower_tray"][5] = -1
    _refused(pos, "core.position.field", "“tower tray › no. 6” must be a whole number of at least 0", "ab 0")
    pos = _played_to({"setup": "fixed", "modules": ["leaders"]}, 2, lambda st: st.phase == "move")
    pos["players"][1]["trophies"][2] = [1, 2]
    _refused(
        pos, "core.position.field", "“players › Blue › trophies › no. 3” must be a whole number", "ganze Zahl"
    )


def test_the_open_event_cards_are_as_many_as_the_season_draws_from() -> None:
    """ "Reveal the four topmost event cards" each year and "Shuffle the face-up event cards (2, 3,
    or 4, depending on which round this is) and draw one of them": a planning position of the summer
    with its season left out (spring: 4 to draw from) loaded with 3 open cards, and the fall found
    none left to draw ("pop from empty list", found by scripts/position-fuzz.py)."""
    pos = _played_to({"setup": "fixed"}, 2, lambda st: st.phase == "plan" and st.season == 1)
    assert len(pos["open_events"]) == 3
    del pos["season"]
    _refused(
        pos,
        "wallenstein.position.events",
        "open event cards while planning: 3; in this season there are 4: each year 4 are revealed",
        "Offene Ereigniskarten beim Planen: 3; in dieser Jahreszeit sind es 4",
    )
    pos = _played_to({"setup": "fixed"}, 2, lambda st: st.phase == "plan" and st.season == 1)
    pos["open_events"].pop()
    _refused(pos, "wallenstein.position.events", "while planning: 2; in this season there are 3", "sind es 3")


def test_the_open_event_cards_are_checked_in_every_step_of_the_year() -> None:
    """The count of open event cards was checked while planning only: a position of the actions
    with a card too few loaded, and the fall found none to draw; a winter position with its last
    card gone loaded and took no grain. Now each step has the count the rules leave: one fewer than
    planning once the season's event is drawn, none during the county draft (set-up step 5 draws
    them after it), 1 while the winter's revolts are settled (its grain loss), none after the
    year's end."""
    pos = _played_to({"setup": "fixed"}, 2, lambda st: st.phase == "move" and st.season == 1)
    assert len(pos["open_events"]) == 2
    pos["open_events"].pop()
    _refused(
        pos,
        "wallenstein.position.events-round",
        "open event cards once this season's event is drawn: 1; in this season there are 2: each year 4",
        "Offene Ereigniskarten, sobald das Ereignis dieser Jahreszeit gezogen ist: 1; in dieser "
        "Jahreszeit sind es 2",
    )
    pos = _played_to({"setup": "fixed"}, 2, lambda st: st.phase == "position" and st.season == 0)
    assert len(pos["open_events"]) == 3
    pos["season"] = "summer"  # a spring position said to be the summer's
    _refused(pos, "wallenstein.position.events-round", "drawn: 3; in this season there are 2", "sind es 2")
    pos = _draft()
    assert pos["open_events"] == [] and pos["events_gone"] == [] and pos["current_event"] is None
    pos["open_events"] = ["3"]
    _refused(
        pos,
        "wallenstein.position.events-draft",
        "event cards revealed during the county draft: 1; there are none yet",
        "Aufgedeckte Ereigniskarten während der Wahl der Grafschaften: 1; es sind noch keine",
    )
    winter = _played_to({"setup": "fixed"}, 1, lambda st: st.phase == "revolt-order")
    assert winter["season"] == "winter" and len(winter["open_events"]) == 1
    pos = copy.deepcopy(winter)
    pos["events_gone"].extend(pos["open_events"])
    pos["open_events"] = []
    _refused(
        pos,
        "wallenstein.position.events-winter",
        "open event cards while the winter's revolts are settled: 0; there is 1: the card left after fall",
        "während die Aufstände des Winters ausgetragen werden: 0; es ist 1",
    )
    pos = _played_to(
        {"setup": "fixed", "modules": ["leaders"]}, 1, lambda st: st.phase == "leader" and st.season == 3
    )
    assert pos["open_events"] == []
    pos["open_events"] = [pos["events_gone"].pop()]
    _refused(
        pos,
        "wallenstein.position.events-year-end",
        "open event cards after the end of the year: 1; there are none",
        "Offene Ereigniskarten nach dem Ende des Jahres: 1; es sind keine",
    )
