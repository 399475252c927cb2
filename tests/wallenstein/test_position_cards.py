"""Hands, plans and county cards in a position (docs/positions.md, "Hands and plans"): a position
whose cards do not fit together as the table has them is refused with the rule it breaks, in both
languages, and nothing is set up; every position the engine writes loads and round-trips."""

from __future__ import annotations

import importlib.util
import itertools
import json
from typing import Any

import pytest

from feldherr.core.errors import PositionError
from feldherr.core.i18n import position_field
from feldherr.core.rng import Rng
from feldherr.core.testing import check_position_refused
from feldherr.wallenstein.data import ACTIONS, BID, TAXES
from feldherr.wallenstein.state import PLAN, POSITION, WallensteinState

from .scenario import COLOURS, GAME

RED, BLUE = 0, 1
MODULES = ("court", "landsknechte", "leaders")


def _played_to(phase: str, seed: int = 2, **options: Any) -> dict[str, Any]:
    """The position of a random game of four at its first decision in ``phase``."""
    st = GAME.new_state({"players": 4, "setup": "fixed", **options}, seed)
    rng = Rng(seed)
    while st.phase != phase:
        seat = st.to_move()[0]
        moves = st.legal_moves(seat)
        st.apply(seat, moves[rng.below(len(moves))])
    pos: dict[str, Any] = json.loads(json.dumps(GAME.position(st)))
    return pos


def _held(pos: dict[str, Any], colour: str) -> list[str]:
    return [name for name, c in pos["counties"].items() if c["card_held_by"] == colour]


def _refused(pos: dict[str, Any], rule: str, english: str, german: str) -> PositionError:
    """Refused by ``rule``, nothing changed, clean words (the shared check), no English colour or
    field word in the German."""
    return check_position_refused(GAME, pos, rule, english, german, not_in_german=("Red", "Blue", " in hand"))


# -- the engine's own positions --------------------------------------------------------------------

CASES = [
    (players, combo)
    for players in (3, 4, 5)
    for k in range(len(MODULES) + 1)
    for combo in itertools.combinations(MODULES, k)
]


@pytest.mark.parametrize(
    ("players", "modules"), CASES, ids=[f"{p}-{'+'.join(m) or 'base'}" for p, m in CASES]
)
def test_every_position_the_engine_writes_loads_and_round_trips(
    players: int, modules: tuple[str, ...]
) -> None:
    """Random games of every player count and module set, from the draft or the fixed setup: a
    sample of about 40 decisions each (the first and the last among them) loads back to the same
    state."""
    seed = players * 10 + len(modules)
    setup = "draft" if seed % 2 else "fixed"
    st = GAME.new_state({"players": players, "setup": setup, "modules": list(modules)}, seed)
    assert isinstance(st, WallensteinState)
    rng = Rng(seed)
    checked = 0
    while True:
        if st.is_terminal() or rng.below(4) == 0 or st.version == 0:
            data = json.loads(json.dumps(GAME.position(st)))
            back = GAME.from_position(data, seed=7)
            want, got = st.to_json(), back.to_json()
            want.pop("log"), got.pop("log")
            assert got == want, (st.phase, st.version)
            assert GAME.position(back) == data
            checked += 1
        if st.is_terminal():
            break
        seats = st.to_move()
        seat = seats[rng.below(len(seats))]
        moves = st.legal_moves(seat)
        st.apply(seat, moves[rng.below(len(moves))])
    assert checked >= 20


# -- refusals ----------------------------------------------------------------------------------------


def test_a_county_card_of_another_player_in_hand_is_refused() -> None:
    """The audit's case: Blue's county card in Red's hand (and so among Red's cards to place, to bid
    or plan with)."""
    pos = _played_to(PLAN)
    stolen = _held(pos, "blue")[0]
    red = pos["players"][RED]
    red["hand"].append(stolen)
    red["cards_to_place"].append(stolen)
    err = _refused(
        pos,
        "wallenstein.position.not-held",
        f"Red has the county card {stolen} in hand but does not hold it",
        f"Rot hat die Länderkarte {stolen} auf der Hand, besitzt sie aber nicht",
    )
    assert err.details["player"] == "red" and err.details["county"] == stolen


def test_a_bid_with_a_county_card_the_player_does_not_hold_is_refused() -> None:
    pos = _played_to(PLAN)
    stolen = _held(pos, "blue")[0]
    red = pos["players"][RED]
    red["plan"][BID] = stolen
    red["boxes_filled"] = 1
    _refused(
        pos,
        "wallenstein.position.not-held",
        f"Red has the county card {stolen} on the plan but does not hold it",
        f"Rot hat die Länderkarte {stolen} auf dem Tableau, besitzt sie aber nicht",
    )


def test_a_planned_county_card_must_still_be_held_after_planning() -> None:
    """After planning a card that leaves its holder leaves the mat too (the box is "lost")."""
    pos = _played_to(POSITION)
    red = pos["players"][RED]
    county = next(v for v in red["plan"] if isinstance(v, str) and v in pos["counties"])
    armies = pos["counties"][county]["armies"]
    pos["counties"][county]["card_held_by"] = pos["counties"][county]["owner"] = "blue"
    pos["players"][RED]["armies_in_supply"] += armies
    pos["players"][BLUE]["armies_in_supply"] -= armies
    _refused(
        pos,
        "wallenstein.position.not-held",
        f"Red has the county card {county} on the plan but does not hold it",
        "auf dem Tableau, besitzt sie aber nicht",
    )


def test_a_county_card_goes_with_its_county() -> None:
    pos = _played_to(PLAN)
    county = _held(pos, "red")[0]
    pos["counties"][county]["card_held_by"] = "blue"
    _refused(
        pos,
        "wallenstein.position.card-holder",
        f"{county}: the county card is not with the county's owner",
        f"{county}: Die Länderkarte liegt nicht beim Besitzer des Landes",
    )


def test_planning_begins_with_every_held_card_in_hand() -> None:
    pos = _played_to(PLAN)
    red = pos["players"][RED]
    county = red["hand"].pop()
    red["cards_to_place"].remove(county)
    _refused(
        pos,
        "wallenstein.position.hand",
        f"Red holds the county card {county}, but it is not in the hand",
        f"Rot besitzt die Länderkarte {county}, aber sie ist nicht auf der Hand",
    )


def test_a_county_card_in_two_hands_or_twice_on_a_plan_is_refused() -> None:
    pos = _played_to(POSITION)
    county = pos["players"][RED]["hand"][0]
    pos["players"][BLUE]["hand"].append(county)
    _refused(
        pos,
        "wallenstein.position.card-once",
        f"the card “{county}” lies in two places (“players › Red › hand” and “players › Blue › hand”)",
        f"Die Karte „{county}“ liegt an zwei Stellen („Spieler › Rot › Hand“ und „Spieler › Blau › Hand“)",
    )
    pos = _played_to(POSITION)
    red = pos["players"][RED]
    money = next(v for v in red["plan"] if isinstance(v, dict))
    red["cards_to_place"].append(money)
    _refused(
        pos,
        "wallenstein.position.money-once",
        f"the {money['taler']}-Thaler card lies in two places (“players › Red › plan” and "
        "“players › Red › cards still to place”)",
        f"Die {money['taler']}-Taler-Karte liegt an zwei Stellen („Spieler › Rot › Planungstableau“ und "
        "„Spieler › Rot › noch zu verplanende Karten“)",
    )


def test_a_planned_card_must_come_from_the_hand() -> None:
    pos = _played_to(POSITION)
    red = pos["players"][RED]
    county = next(v for v in red["plan"] if isinstance(v, str) and v in pos["counties"])
    red["hand"].remove(county)
    _refused(
        pos,
        "wallenstein.position.not-in-hand",
        f"Red has the county card {county} on the plan, but it was not in the hand when planning began",
        f"Rot hat die Länderkarte {county} auf dem Tableau, aber sie war zu Beginn der Planung nicht",
    )


def test_every_card_of_a_player_is_on_the_plan_or_still_to_place() -> None:
    """A money card is named in words (it was its JSON, ``{"taler": 3}``)."""
    pos = _played_to(PLAN)
    pos["players"][RED]["cards_to_place"].remove({"taler": 3})
    err = _refused(
        pos,
        "wallenstein.position.plan-money",
        "Red's money card of 3 Thalers is neither on the plan nor among the cards to place",
        "Die Münzkarte über 3 Taler von Rot liegt weder auf dem Tableau noch bei den noch zu legenden",
    )
    assert "{" not in GAME.error_text(err, "en") + GAME.error_text(err, "de")


def test_money_and_dice_tower_cards_as_the_rules_deal_them() -> None:
    pos = _played_to(PLAN)
    pos["players"][RED]["cards_to_place"].append({"taler": 7})
    _refused(
        pos,
        "wallenstein.position.money-card",
        "Red has a money card of 7 Thalers; each player has one money card of each value from 0 to 4",
        "Rot hat eine Münzkarte über 7 Taler; jeder Spieler hat je eine Münzkarte der Werte 0 bis 4",
    )
    pos = _played_to(PLAN)
    pos["players"][RED]["cards_to_place"].append("tower card")
    _refused(
        pos,
        "wallenstein.position.tower-card",
        "Red has 1 tower card of the dice tower; with Am Kaiserhof each player has 3 tower cards, "
        "without it none",
        "Rot hat 1 Würfelturmkarte; mit Am Kaiserhof bekommt jeder 3 Würfelturmkarten, ohne keine",
    )
    pos = _played_to(PLAN, modules=["court"])
    pos["players"][RED]["cards_to_place"].remove("tower card")
    _refused(
        pos,
        "wallenstein.position.tower-card",
        "Red has 2 tower cards of the dice tower",
        "Rot hat 2 Würfelturmkarten",
    )


def test_a_box_is_lost_only_for_a_card_that_left_the_mat() -> None:
    pos = _played_to(POSITION)
    red = pos["players"][RED]
    box = next(i for i, v in enumerate(red["plan"]) if isinstance(v, dict))
    red["cards_to_place"].append(red["plan"][box])
    red["plan"][box] = "lost"
    _refused(
        pos,
        "wallenstein.position.lost",
        "Red's plan has 1 box marked lost, but 0 county cards of the hand left the plan",
        "Als verloren markiert auf dem Tableau von Rot: 1 Feld; Länderkarten der Hand, die das Tableau "
        "verlassen haben: 0",
    )


def test_every_box_is_covered_if_possible() -> None:
    pos = _played_to(POSITION)
    red = pos["players"][RED]
    red["cards_to_place"].append(red["plan"][TAXES])
    red["plan"][TAXES] = "empty"
    _refused(
        pos,
        "wallenstein.position.cover",
        "Red's plan leaves 1 box empty, where the cards of Red leave only 0 boxes uncovered",
        "Das Tableau von Rot lässt 1 Feld frei, obwohl die Karten von Rot nur 0 Felder unbelegt lassen",
    )


def test_a_plan_is_filled_in_the_order_the_boxes_are_asked_for() -> None:
    pos = _played_to(PLAN)
    red = pos["players"][RED]
    red["plan"][TAXES] = {"taler": 2}
    red["cards_to_place"].remove({"taler": 2})
    _refused(
        pos,
        "wallenstein.position.plan-order",
        "Red's plan does not fit the number of its boxes filled (0): the bid is placed first",
        "Das Tableau von Rot passt nicht zur Zahl der belegten Felder (0): zuerst wird das Gebot gelegt",
    )
    pos = _played_to(PLAN)
    pos["players"][RED]["boxes_filled"] = 2
    _refused(pos, "wallenstein.position.plan-order", "its boxes filled (2)", "belegten Felder (2)")


def test_a_money_bid_must_be_affordable() -> None:
    pos = _played_to(PLAN)
    red = pos["players"][RED]
    red["taler"] = 3
    red["plan"][BID] = {"taler": 4}
    red["cards_to_place"].remove({"taler": 4})
    red["boxes_filled"] = 1
    _refused(
        pos,
        "wallenstein.position.bid",
        "Red bids a money card of 4 Thalers but has only 3 Thalers; a bid must be paid",
        "Rot bietet eine Münzkarte über 4 Taler, hat aber nur 3 Taler; ein Gebot muss",
    )


def test_a_consistent_hand_written_plan_loads() -> None:
    """The refusals are not too strict: a bid and two boxes planned by hand in the plan phase load
    and play on (Red's next box is the third in plan order)."""
    pos = _played_to(PLAN)
    red = pos["players"][RED]
    county = red["hand"][0]
    red["plan"][BID] = {"taler": 1}
    red["plan"][0] = county  # box 0 of the mat (palace), asked second
    red["cards_to_place"] = [v for v in red["cards_to_place"] if v not in (county, {"taler": 1})]
    red["boxes_filled"] = 2
    st = GAME.from_position(pos, 1)
    assert st.plan_step[RED] == 2 and COLOURS[RED] == "red"
    assert all(move[1] == 1 for move in st.legal_moves(RED))


# -- boxes filled and boxes face up (docs/rules-notes.md, "Boxes filled and revealed") ------------


@pytest.mark.parametrize(
    ("players", "modules"), CASES, ids=[f"{p}-{'+'.join(m) or 'base'}" for p, m in CASES]
)
def test_boxes_filled_and_face_up_are_the_engines_at_every_decision(
    players: int, modules: tuple[str, ...]
) -> None:
    """The rules the position checks are the engine's own: at every decision of random games (four
    per case, from the draft and the fixed setup; about 40,000 states over all cases) the boxes
    face up are those ``_revealed_now`` derives from the round's point, and outside planning the
    boxes filled are ``_boxes_filled_now``'s; a position that leaves both out loads to the same
    state."""
    from feldherr.wallenstein.position import _boxes_filled_now, _revealed_now

    states = 0
    for seed in range(players * 10, players * 10 + 4):
        setup = "draft" if seed % 2 else "fixed"
        st = GAME.new_state({"players": players, "setup": setup, "modules": list(modules)}, seed)
        assert isinstance(st, WallensteinState)
        rng = Rng(seed)
        while True:
            states += 1
            assert _revealed_now(st) == st.revealed, (st.phase, st.stage, st.version)
            if st.phase != PLAN:
                assert [_boxes_filled_now(st, s) for s in range(players)] == st.plan_step, st.phase
            if rng.below(40) == 0 or st.is_terminal():
                pos = json.loads(json.dumps(GAME.position(st)))
                for player in pos["players"]:
                    del player["boxes_filled"], player["plan_revealed"]
                want, got = st.to_json(), GAME.from_position(pos, 7).to_json()
                want.pop("log"), got.pop("log")
                assert got == want, (st.phase, st.version)
            if st.is_terminal():
                break
            seats = st.to_move()
            seat = seats[rng.below(len(seats))]
            moves = st.legal_moves(seat)
            st.apply(seat, moves[rng.below(len(moves))])
    assert states > 1000


def test_boxes_filled_must_fit_the_point_of_the_game() -> None:
    """Once the plans are in every box counts as filled (11, 14 with Am Kaiserhof); before the
    first round none is."""
    pos = _played_to(POSITION)
    pos["players"][BLUE]["boxes_filled"] = 3
    err = _refused(
        pos,
        "wallenstein.position.boxes-filled",
        "Blue has 3 boxes filled where this point of the game asks for 11",
        "Blau hat 3 Felder belegt, an dieser Stelle des Spiels sind es 11",
    )
    assert err.details == {"player": "blue", "count": 3, "total": 11}
    pos = _played_to("draft", seed=3, setup="draft")
    pos["players"][RED]["boxes_filled"] = 1
    _refused(
        pos,
        "wallenstein.position.boxes-filled",
        "Red has 1 box filled where this point of the game asks for 0: before the first round",
        "Rot hat 1 Feld belegt, an dieser Stelle des Spiels sind es 0: vor der ersten Runde",
    )
    pos["players"][RED]["boxes_filled"] = -1
    _refused(pos, "core.position.field", "“players › Red › boxes filled”", "„Spieler › Rot › belegte Felder“")


def test_a_box_lies_face_up_exactly_when_the_round_has_revealed_it() -> None:
    """Face up too early (a bid while planning: the other players would see it) and face down too
    late (a bid after planning, an action box of a card already carried out) are refused."""
    pos = _played_to(PLAN)
    pos["players"][RED]["plan_revealed"][BID] = True
    err = _refused(
        pos,
        "wallenstein.position.revealed",
        "Red's box “Bid” lies face up, but at this point of the round it lies the other way up",
        "Das Feld „Gebot“ von Rot liegt offen, an dieser Stelle der Runde liegt es aber andersherum",
    )
    assert err.details == {"player": "red", "box": "bid", "face": "pos.face-up"}
    pos = _played_to(POSITION)
    pos["players"][BLUE]["plan_revealed"][BID] = False
    _refused(
        pos,
        "wallenstein.position.revealed",
        "Blue's box “Bid” lies face down",
        "Das Feld „Gebot“ von Blau liegt verdeckt",
    )
    pos = _played_to("move")
    mover = COLOURS.index(pos["flow"]["pending"]["player"])
    shown = pos["players"][mover]["plan_revealed"]
    assert shown[ACTIONS.index(pos["flow"]["pending"]["action"])]  # the box being carried out
    carried_out = pos["actions"][: pos["flow"]["action_index"] + 1]
    later = next(a for a in ACTIONS if a not in carried_out)
    shown[ACTIONS.index(later)] = True
    _refused(pos, "wallenstein.position.revealed", "lies face up", "liegt offen")


def test_a_plan_has_one_entry_per_box() -> None:
    """A plan or its faces with too few or too many boxes is refused as a field of the wrong
    shape (it loaded before, or failed later with the engine's IndexError in the message)."""
    for key, cut in (("plan", 5), ("plan_revealed", 3)):
        pos = _played_to(POSITION)
        pos["players"][RED][key] = pos["players"][RED][key][:cut]
        _refused(
            pos, "core.position.field", "must be a list of 11 boxes", "muss eine Liste von 11 Feldern sein"
        )
        pos = _played_to(POSITION)
        pos["players"][RED][key] = [*pos["players"][RED][key], pos["players"][RED][key][-1]]
        words = {
            "plan": ("plan", "Planungstableau"),
            "plan_revealed": ("plan boxes revealed", "aufgedeckte Felder des Plans"),
        }
        en, de = words[key]
        _refused(
            pos,
            "core.position.field",
            f"“players › Red › {en}” must be a list of 11 boxes",
            f"„Spieler › Rot › {de}“",
        )


@pytest.mark.skipif(importlib.util.find_spec("mujoco") is None, reason="the physical tower needs MuJoCo")
def test_a_game_with_the_physical_tower_round_trips() -> None:
    """The physical tower keeps every lodged cube's place (a row per cube after the two levels'
    counts): its content loads back (it was refused as not fitting the model), and content whose
    counts do not match its cubes is refused."""
    st = GAME.new_state({"players": 4, "setup": "fixed", "tower": "physical"}, 1)
    pos = json.loads(json.dumps(GAME.position(st)))
    assert len(pos["hidden"]["tower_content"]) > 2  # cubes lodged by the first filling
    want, got = st.to_json(), GAME.from_position(pos, 3).to_json()
    want.pop("log"), got.pop("log")
    assert got == want
    row = pos["hidden"]["tower_content"][2]
    row[0] = (row[0] + 1) % 6  # a cube of another colour than the counts say
    _refused(
        pos,
        "wallenstein.position.tower",
        "does not fit the tower model physical",
        "passt nicht zum Turmmodell physical",
    )


def test_the_step_of_the_round_must_be_one_the_game_has() -> None:
    """The flow's counters are in range (an action index of 99, a turn of player 99, a bonus
    position of 9 loaded before), and a movement owed is the one of the action under way (another
    action than the card at ``action_index`` loaded before)."""
    for where, key, value in (
        ("flow", "action_index", 11),
        ("flow", "revealed_actions", 99),
        ("flow", "turn_index", 4),
        ("player", "bonus_position", 5),
    ):
        pos = _played_to("move")
        (pos["players"][RED] if where == "player" else pos["flow"])[key] = value
        path = f"players.red.{key}" if where == "player" else f"flow.{key}"
        en, de = (position_field(path, GAME.messages(), lang) for lang in ("en", "de"))
        _refused(pos, "core.position.field", f"{en} must be a whole number", f"Das Feld {de}")
    pos = _played_to("move")
    pending = pos["flow"]["pending"]
    other = next(a for a in ACTIONS if a != pending["action"])
    pending["action"] = other
    err = _refused(
        pos,
        "wallenstein.position.pending",
        "the movement owed is not the one of the action under way: during “",
        "Die geschuldete Bewegung ist nicht die der laufenden Aktion: bei „",
    )
    assert err.details["action"] != other


def test_a_phase_the_game_does_not_have_is_refused_by_name() -> None:
    """A misspelt phase is a name the game does not know (it was refused by whatever rule came
    first, here the boxes face up)."""
    pos = _played_to("move")
    pos["phase"] = "Move"
    _refused(pos, "core.position.name", "“Move” in “phase” names no phase of this game", "Eine Phase")
