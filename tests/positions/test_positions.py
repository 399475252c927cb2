"""Positions (docs/positions.md): every state reached in random games of every option set exports
to a position that loads back to the same state (so the same view for every seat, and the same
future), and without its hidden parts to a state with the same view for every seat."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from feldherr.core.errors import PositionError, PositionUnsupportedError
from feldherr.core.rng import Rng
from feldherr.core.testing import check_position_refused, text_problems
from feldherr.games import get_game
from feldherr.wallenstein.data import ACTIONS, NAMES

OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "wallenstein": [
        {"players": 3, "setup": "fixed"},
        {"players": 4},
        {"players": 5, "modules": ["court", "landsknechte", "leaders"], "tower": "simple"},
        {"players": 4, "setup": "fixed", "modules": ["court"], "tower": "two-level"},
    ],
    "elgrande": [
        {"players": 2},
        {"players": 3, "deck": "classic", "variant": ["merged_stacks", "neue_regentschaft"]},
        {"players": 4, "variant": ["machtverschiebung", "hidden_castillo", "alte_hasen"]},
        {"players": 5, "variant": ["short", "alte_hasen:veto"]},
    ],
    "mansfeld": [{"players": 2}, {"players": 3}, {"players": 4, "ages": [30, 30, 12, 50]}],
}
CASES = [(name, opts) for name, sets in OPTION_SETS.items() for opts in sets]
CHECKS_PER_GAME = 60
"""States checked per option set (spread over one random game): a few hundred per game."""


def _without_log(state: Any) -> dict[str, Any]:
    data = state.to_json()
    data.pop("log", None)
    return dict(data)


def _states(name: str, options: dict[str, Any], seed: int) -> Any:
    game = get_game(name)
    state = game.new_state(options, seed)
    rng = Rng(seed)
    states = []
    while True:
        states.append(state.clone())
        if state.is_terminal():
            break
        seat = state.to_move()[rng.below(len(state.to_move()))]
        moves = state.legal_moves(seat)
        state.apply(seat, moves[rng.below(len(moves))])
    step = max(1, len(states) // CHECKS_PER_GAME)
    return game, [*states[::step], states[-1]]


@pytest.mark.parametrize(("name", "options"), CASES, ids=[f"{n}-{i}" for i, (n, _) in enumerate(CASES)])
def test_positions_round_trip(name: str, options: dict[str, Any]) -> None:
    game, states = _states(name, options, seed=5)
    for state in states:
        pos = json.loads(json.dumps(game.position(state)))
        back = game.from_position(pos, seed=99)
        assert _without_log(back) == _without_log(state)  # the hidden parts given: the same future
        assert back.version == state.version
        seats = [*range(state.num_players), None]
        assert all(back.view(s) == state.view(s) for s in seats)
        del pos["hidden"]
        drawn = game.from_position(pos, seed=99)
        assert all(drawn.view(s) == state.view(s) for s in seats), state.version
        if not state.is_terminal():
            assert drawn.to_move() == state.to_move()


@pytest.mark.parametrize("name", sorted(OPTION_SETS))
def test_same_future_when_everything_is_given(name: str) -> None:
    game, states = _states(name, OPTION_SETS[name][0], seed=8)
    state = states[len(states) // 2]
    back = game.from_position(json.loads(json.dumps(game.position(state))), seed=1)
    for a in (state, back):
        rng = Rng(3)
        while not a.is_terminal():
            seat = a.to_move()[0]
            moves = a.legal_moves(seat)
            a.apply(seat, moves[rng.below(len(moves))])
    assert _without_log(back) == _without_log(state)


def test_toy_game_has_no_position_format(toy_registered: str) -> None:
    game = get_game(toy_registered)
    state = game.new_state({"players": 2}, 1)
    with pytest.raises(PositionUnsupportedError) as err:
        game.position(state)
    assert isinstance(err.value, NotImplementedError) and err.value.rule == "core.position.unsupported"
    assert "kein Stellungsformat" in game.error_text(err.value, "de")


def _start(name: str, options: dict[str, Any]) -> dict[str, Any]:
    game = get_game(name)
    pos: dict[str, Any] = json.loads(json.dumps(game.position(game.new_state(options, 4))))
    return pos


def _refused(name: str, pos: Any, rule: str) -> PositionError:
    return check_position_refused(get_game(name), pos, rule)


def test_bad_positions_name_the_rule() -> None:
    pos = _start("wallenstein", {"players": 4, "setup": "fixed"})
    county = next(c for c, v in pos["counties"].items() if v["owner"] == "red")
    pos["counties"][county]["armies"] += 1
    err = _refused("wallenstein", pos, "wallenstein.position.armies")
    assert err.details["player"] == "red"

    pos = _start("wallenstein", {"players": 4, "setup": "fixed"})
    pos["counties"]["Atlantis"] = {"owner": "red"}
    _refused("wallenstein", pos, "core.position.name")

    pos = _start("wallenstein", {"players": 4, "setup": "fixed"})
    pos["counties"][county]["owner"] = None
    err = _refused("wallenstein", pos, "wallenstein.position.owner")
    armies = pos["counties"][county]["armies"]
    game = get_game("wallenstein")  # what the county holds, not "armies but no owner, or ...":
    assert game.error_text(err, "en").startswith(f"{county} holds {armies} armies and its owner is nobody")
    assert game.error_text(err, "de").startswith(f"{county} hat {armies} Armeen und als Besitzer niemanden")

    pos = _start("wallenstein", {"players": 4, "setup": "fixed"})
    pos["counties"][county]["armies"] = 0
    err = _refused("wallenstein", pos, "wallenstein.position.owner")
    assert "holds 0 armies and its owner is Red" in get_game("wallenstein").error_text(err, "en")
    assert "hat 0 Armeen und als Besitzer Rot" in get_game("wallenstein").error_text(err, "de")

    pos = _start("wallenstein", {"players": 4, "setup": "fixed"})
    pos["events_gone"] = [pos["open_events"][0]]
    _refused("wallenstein", pos, "wallenstein.position.card-once")

    pos = _start("wallenstein", {"players": 4, "setup": "fixed"})
    pos["players"][0]["taler"] = 2.0
    _refused("wallenstein", pos, "core.position.field")

    pos = _start("wallenstein", {"players": 4, "setup": "fixed"})
    pos["players"][0]["thaler"] = 2
    _refused("wallenstein", pos, "core.position.unknown-field")

    pos = _start("mansfeld", {"players": 3})
    pos["open"].append(pos["hidden"]["deck"][0])
    _refused("mansfeld", pos, "mansfeld.position.card-once")

    pos = _start("mansfeld", {"players": 3})
    pos["game"] = "elgrande"
    _refused("mansfeld", pos, "core.position.game")

    pos = _start("elgrande", {"players": 3})
    pos["players"][0]["court"] = 40
    _refused("elgrande", pos, "elgrande.position.caballeros")

    pos = _start("elgrande", {"players": 3})
    pos["players"][1]["power_discard"] = [5]
    _refused("elgrande", pos, "elgrande.position.card-once")


def test_each_modifier_card_is_in_one_place() -> None:
    """Machtverschiebung: the 16 modifier cards are each somewhere once (a hand, a discard pile,
    in play); a position that deals one twice is refused in the game's words."""
    options = {"players": 3, "variant": ["machtverschiebung"]}
    pos = _start("elgrande", options)
    hands = [p["modifiers"] for p in pos["players"][:3]]
    assert all(hands) and not set(hands[0]) & set(hands[1])
    get_game("elgrande").from_position(pos, 1)  # as dealt: fine
    pos["players"][1]["modifiers"].append(hands[0][0])
    err = _refused("elgrande", pos, "elgrande.position.modifier-once")
    text = get_game("elgrande").error_text(err, "de")
    assert "Player 1" in text and "Player 2" in text and "Modifikator" in text
    pos = _start("elgrande", options)
    pos["players"][2]["modifier_discard"] = [pos["players"][2]["modifiers"][0]]
    _refused("elgrande", pos, "elgrande.position.modifier-twice")


def test_wallensteins_owed_decision_is_in_words_and_old_positions_still_load() -> None:
    """``flow.pending`` names the player, the county and the action; a position written with the
    engine's numbers (before) loads to the same state."""
    game = get_game("wallenstein")
    docs = Path(__file__).resolve().parents[2] / "docs" / "positions"
    example = json.loads((docs / "wallenstein-example.json").read_text(encoding="utf-8"))
    assert example["flow"]["pending"] == {"player": "blue", "county": "Neumark", "action": "combat_a"}
    state = game.from_position(example, 1)
    old = json.loads(json.dumps(example))
    old["flow"]["pending"] = list(state.pending)  # type: ignore[attr-defined]
    assert game.from_position(old, 1).digest() == state.digest()
    assert game.position(game.from_position(old, 1))["flow"]["pending"] == example["flow"]["pending"]
    for bad in ({"player": "green"}, {"player": "blue", "county": "Neumark"}, {"who": "blue"}):
        broken = json.loads(json.dumps(example))
        broken["flow"]["pending"] = bad
        rule = "core.position.name" if "green" in bad.values() else "core.position.field"
        _refused("wallenstein", broken, rule)


def test_a_wallenstein_position_before_an_automatic_step_goes_on_as_in_play() -> None:
    """A position may stand just before a step nobody decides (here the court's reveal and favors
    after the player order): loading lets the engine run on to the next decision; a stage the
    engine does not know is refused by name (it was an inconsistent table before)."""
    pos = _start("wallenstein", {"players": 4, "setup": "fixed", "modules": ["court"]})
    pos["phase"] = "pre"
    pos["flow"]["stage"] = "court_reveal"
    for player in pos["players"]:  # left out: as the engine has them there (every box filled, the bids up)
        del player["boxes_filled"], player["plan_revealed"]
    for box, colour in enumerate(pos["turn_order"]):  # the places in player order are taken
        next(p for p in pos["players"] if p["colour"] == colour)["bonus_position"] = box
    # the season's event is drawn after planning: one open card fewer (out of play, none in effect)
    pos["events_gone"].append(pos["open_events"].pop())
    state: Any = get_game("wallenstein").from_position(pos, 1)
    assert state.phase == "favor" and len(state.to_move()) == 1
    assert [e["k"] for e in state.log][:1] == ["audience"]  # the first in the favor order steps up
    pos["flow"]["stage"] = "court_dance"
    _refused("wallenstein", pos, "core.position.name")


def test_the_flow_is_in_players_words_and_old_positions_still_load() -> None:
    """The step of the turn names players, cards, counties and stages; the engine's numbers, as
    positions written before had them, load to the same table (and are written back in words)."""
    from feldherr.elgrande.data import CARD_INDEX
    from feldherr.elgrande.position import from_position as elgrande_table
    from feldherr.wallenstein.data import COUNTY_ID
    from feldherr.wallenstein.position import from_position as wallenstein_table

    game = get_game("elgrande")
    pos = _played("elgrande", {"players": 4, "deck": "classic"}, 1, 91)  # the either/or Intrigue: placing
    assert pos["flow"]["effect_source"] == {"card": "intrigue_either", "option": 1}
    words, old = json.loads(json.dumps(pos)), json.loads(json.dumps(pos))
    words["flow"].update(
        place_stage="started",
        special_stage="done",
        disc_kind="umsturz",
        disc_waiting=["Player 2", "Player 3"],
        effect_queue=["Player 3"],
        veto_asking=["Player 1"],
        effect_source={"card": "intrigue_either", "option": 1},
    )
    old["flow"].update(
        place_stage=1,
        special_stage=2,
        disc_kind=2,
        disc_waiting=[1, 2],
        effect_queue=[2],
        veto_asking=[0],
        effect_source=[0, CARD_INDEX["intrigue_either"], 1],
    )
    state = elgrande_table(game, words, 1)
    assert elgrande_table(game, old, 1).digest() == state.digest()
    assert state.effect_source == [0, CARD_INDEX["intrigue_either"], 1] and state.disc_waiting == [1, 2]
    assert game.position(state)["flow"] == words["flow"]
    words = _played("elgrande", {"players": 5, "variant": ["machtverschiebung", "alte_hasen"]}, 2, 237)
    old = json.loads(json.dumps(words))
    words["flow"]["effect_source"] = {"modifier": 7}  # the ability of the modifier played (its number)
    old["flow"]["effect_source"] = [1, 7, -1]
    state = elgrande_table(game, words, 1)
    assert elgrande_table(game, old, 1).digest() == state.digest()
    assert state.effect_source == [1, 7, -1] and game.position(state)["flow"]["effect_source"] == {
        "modifier": 7
    }
    words["flow"]["effect_source"] = {"card": "intrigue", "modifier": 3}
    _refused("elgrande", words, "core.position.field")

    game = get_game("wallenstein")
    table = game.new_state({"players": 4, "setup": "fixed", "modules": ["leaders"]}, 4)
    rng = Rng(4)
    while table.phase != "leader":  # a step of a module: the players still to act are a queue
        seat = table.to_move()[0]
        moves = table.legal_moves(seat)
        table.apply(seat, moves[rng.below(len(moves))])
    pos = json.loads(json.dumps(game.position(table)))
    colours = ["red", "blue", "yellow", "purple"]
    acting = pos["flow"]["queue"]
    words, old = json.loads(json.dumps(pos)), json.loads(json.dumps(pos))
    queue = {"player": "blue", "extra_peasants": 2, "counties": ["Anhalt", "Baden"]}
    words["flow"].update(winter_queue=[queue])
    anhalt, baden = COUNTY_ID["Anhalt"], COUNTY_ID["Baden"]
    numbers = [colours.index(c) for c in acting]
    old["flow"].update(winter_queue=[[1, 2, anhalt, baden]], queue=numbers)
    state = wallenstein_table(game, words, 1)
    assert wallenstein_table(game, old, 1).digest() == state.digest()
    assert state.winter_queue == [[1, 2, anhalt, baden]]
    assert state.queue == numbers
    written = game.position(state)["flow"]
    assert (written["winter_queue"], written["queue"]) == ([queue], acting)
    words["flow"]["winter_queue"] = [{**queue, "player": "green"}]
    _refused("wallenstein", words, "core.position.name")
    # the players still to take a place in player order (only while the places are taken)
    table = game.new_state({"players": 4, "setup": "fixed"}, 4)
    while table.phase != "position":
        seat = table.to_move()[0]
        moves = table.legal_moves(seat)
        table.apply(seat, moves[rng.below(len(moves))])
    words = json.loads(json.dumps(game.position(table)))
    waiting = words["flow"]["bid_queue"]
    assert len(waiting) == 4 and all(isinstance(c, str) for c in waiting)
    old = json.loads(json.dumps(words))
    old["flow"]["bid_queue"] = [colours.index(c) for c in waiting]
    state = wallenstein_table(game, words, 1)
    assert wallenstein_table(game, old, 1).digest() == state.digest()
    assert game.position(state)["flow"]["bid_queue"] == waiting


EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "positions"


def _played(name: str, options: dict[str, Any], seed: int, decisions: int) -> dict[str, Any]:
    """The position of a random game (moves drawn by ``Rng(seed)``) after ``decisions`` decisions."""
    game = get_game(name)
    st = game.new_state(options, seed)
    rng = Rng(seed)
    while st.version < decisions:
        seat = st.to_move()[0]
        moves = st.legal_moves(seat)
        st.apply(seat, moves[rng.below(len(moves))])
    position: dict[str, Any] = json.loads(json.dumps(game.position(st)))
    return position


def _example(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / f"{name}-example.json").read_text(encoding="utf-8"))
    return data


def test_refusals_are_all_in_the_readers_language_and_name_what_the_file_holds() -> None:
    """A refusal in German has no English phrase in it (what a field must be, the kind of a name),
    names colours and buildings as the game does, and echoes a value as the file writes it (JSON,
    not a Python literal); a negative count (money, points) is refused, not set up."""
    wrong_type = _example("mansfeld")
    wrong_type["round"] = "2"
    left_out = _example("mansfeld")
    del left_out["players"]
    unknown = _example("elgrande")
    unknown["players"][0]["caballeros"]["Atlantis"] = 2
    armies = _example("wallenstein")
    armies["players"][0]["armies_in_supply"] += 5
    debt = _example("wallenstein")
    debt["players"][1]["taler"] = -1
    unrest = _example("wallenstein")
    unrest["peasant_supply"] = -1
    late = _example("wallenstein")
    late["year"] = 9  # the game has two years
    crowded = _example("elgrande")
    crowded["options"] = {"players": 9}
    cases = [
        (
            "elgrande",
            crowded,
            "core.position.options",
            "Die Option „Spieler“ muss eine ganze Zahl von 2 bis 5 sein",
        ),
        ("mansfeld", wrong_type, "core.position.field", "muss eine ganze Zahl von 0 bis 18 sein, nicht „2“"),
        (
            "wallenstein",
            late,
            "core.position.field",
            "Das Feld „Jahr“ der Stellung muss eine ganze Zahl von 1 bis 2",
        ),
        ("mansfeld", left_out, "core.position.field", "Der Stellung fehlt das Feld „Spieler“"),
        (
            "elgrande",
            unknown,
            "core.position.name",
            "Eine Region dieses Namens gibt es in diesem Spiel nicht",
        ),
        ("wallenstein", armies, "wallenstein.position.armies", "Rot hat 67 Armeen"),
        (
            "wallenstein",
            debt,
            "core.position.field",
            "Das Feld „Spieler › Blau › Taler“ der Stellung muss eine ganze Zahl ab 0",
        ),
    ]
    for name, pos, rule, german in cases:
        err = _refused(name, pos, rule)
        text = get_game(name).error_text(err, "de")
        assert german in text, text
        for english in ("a whole number", "region", "given", "red ", "None", "'2'", "[0]", "[1]", "players"):
            assert english not in text, text
    assert "Red has 67 armies" in get_game("wallenstein").error_text(
        _refused("wallenstein", armies, "wallenstein.position.armies"), "en"
    )


@pytest.mark.parametrize(
    ("name", "options", "english", "german"),
    [
        (
            "elgrande",
            {"players": 3, "variant": ["neue_regentschaft", "regency"]},
            "the option “Variants and mini-expansions” takes only “Short game”, “Neue Regentschaft”,",
            "Die Option „Varianten und Mini-Erweiterungen“ kennt nur „Kurzes Spiel“, „Neue Regentschaft“,",
        ),
        (
            "elgrande",
            {"players": 3, "deck": "2024"},
            "the option “Action cards” must be one of “2023 edition”, “Classic deck”",
            "Die Option „Aktionskarten“ muss eine von „Ausgabe 2023“, „Klassisches Deck“ sein",
        ),
        (
            "wallenstein",
            {"players": 4, "modules": ["court", "plague"]},
            "the option “Modules” takes only “Emperor's Court (Am Kaiserhof):",
            "Die Option „Module“ kennt nur „Am Kaiserhof:",
        ),
        (
            "wallenstein",
            {"players": 4, "towers": "fitted"},
            "this game has no option “towers”",
            "Dieses Spiel hat keine Option „towers“",
        ),
        ("wallenstein", {"players": 6}, "“Players” must be a whole number from 3 to 5", "von 3 bis 5 sein"),
    ],
)
def test_refused_options_name_the_option_and_its_values_in_words(
    name: str, options: dict[str, Any], english: str, german: str
) -> None:
    """Options a game refuses are named by the option's title and its values by their labels in the
    reader's language, never by their keys (it said "option variant must be a list of short,
    neue_regentschaft, …, not 'regency'" in English, and in German only that the option has a value
    that does not exist)."""
    pos = _example(name)
    pos["options"] = options
    err = _refused(name, pos, "core.position.options")
    game = get_game(name)
    en, de = game.error_text(err, "en"), game.error_text(err, "de")
    assert english in en, en
    assert german in de, de
    for text in (en, de):
        for key in (
            "neue_regentschaft",
            "alte_hasen",
            "merged_stacks",
            "'regency'",
            "not '",
            "modules",
            "variant ",
        ):
            assert key not in text, text


def test_a_position_of_no_game_echoes_what_it_holds_in_words() -> None:
    """The game field echoed as the file holds it, in words: a list or an object by what it is (it
    was its JSON, "the position is one of [1, 2]"), a text that is no game's name in quotes; the
    game expected by its printed name."""
    for value, english, german in (
        (
            [1, 2],
            "the position's game is a list, not Ernst von Mansfeld",
            "Das Spiel der Stellung ist eine Liste",
        ),
        (
            {},
            "the position's game is an empty object, not Ernst von Mansfeld",
            "ist ein leeres Objekt, nicht",
        ),
        (
            "chess",
            "the position's game is “chess”, not Ernst von Mansfeld",
            "ist „chess“, nicht Ernst von Mansfeld",
        ),
    ):
        pos = _example("mansfeld")
        pos["game"] = value
        err = _refused("mansfeld", pos, "core.position.game")
        game = get_game("mansfeld")
        assert english in game.error_text(err, "en")
        assert german in game.error_text(err, "de")


@pytest.mark.parametrize(
    ("name", "other", "english", "german"),
    [
        (
            "mansfeld",
            "wallenstein",
            "is Wallenstein, not Ernst von Mansfeld",
            "ist Wallenstein, nicht Ernst von Mansfeld",
        ),
        ("wallenstein", "elgrande", "is El Grande, not Wallenstein", "ist El Grande, nicht Wallenstein"),
        (
            "elgrande",
            "mansfeld",
            "is Ernst von Mansfeld, not El Grande",
            "ist Ernst von Mansfeld, nicht El Grande",
        ),
    ],
)
def test_a_position_of_another_game_names_both_games_as_printed(
    name: str, other: str, english: str, german: str
) -> None:
    """A person reads the games' printed names, not their keys: the position of another game was
    refused with "the position's game is “wallenstein”, not mansfeld"."""
    err = _refused(name, _example(other), "core.position.game")
    game = get_game(name)
    en, de = game.error_text(err, "en"), game.error_text(err, "de")
    assert english in en, en
    assert german in de, de
    for key in ("mansfeld", "elgrande", "wallenstein"):
        assert key not in en + de, (en, de)


# -- positions written by hand: what a field left out means ------------------------------------------


def test_counts_left_out_of_a_hand_written_position_follow_from_the_rest() -> None:
    """A designer writes only what the situation needs; the counts that follow from the rest are
    derived, not taken from a new game's table (which made each of these minimal tables fail:
    Mansfeld's "the face-down deck holds 0 cards", El Grande's "Isabel has 31 Caballeros" for 3
    placed, Wallenstein's "Red has 35 armies" and "Osnabrück in hand but does not hold it")."""
    mansfeld = get_game("mansfeld")
    table = {
        "game": "mansfeld",
        "players": [{"name": "Anna", "age": 40, "cards": ["trossbube"]}, {"name": "Ben", "age": 35}],
    }
    state: Any = mansfeld.from_position(table, 1)
    assert len(state.deck) == 17 - len(state.open)  # the characters not on the table
    deck = ["mansfeld", "obrist"]
    given = {**table, "open": [], "left": [], "hidden": {"deck": deck}}
    with pytest.raises(PositionError) as err:  # the other 13 characters are nowhere
        mansfeld.from_position(given, 1)
    assert err.value.rule == "mansfeld.position.deck"
    elgrande = get_game("elgrande")
    players = [
        {"name": "Isabel", "caballeros": {"Castilla": 3}, "court": 5},
        {"name": "Diego"},
        {"name": "Carmen"},
    ]
    state = elgrande.from_position({"game": "elgrande", "options": {"players": 3}, "players": players}, 1)
    assert state.province[0] == 30 - 3 - 5
    wallenstein = get_game("wallenstein")
    planning = {
        "game": "wallenstein",
        "options": {"players": 3, "setup": "fixed"},
        "counties": {"Osnabrück": {"owner": "red", "armies": 6, "card_held_by": "red"}},
        "players": [{"colour": "red"}, {"colour": "blue"}, {"colour": "yellow"}],
    }
    state = wallenstein.from_position(planning, 1)
    inside = state.tower.inside()
    assert state.supply[0] == 62 - 6 - inside[0] - state.tray[0]
    assert state.plan_hand == [[NAMES.index("Osnabrück")], [], []]
    assert state.to_move() == (0, 1, 2)
    assert sorted(map(str, state.legal_moves(1))) == sorted(map(str, state.legal_moves(2)))


def test_a_textbook_movement_written_by_hand_loads() -> None:
    """Wallenstein's Combat / movement A for Red from Osnabrück, written from docs/positions.md
    alone: the counties that matter, each player's hand and plan, the action card turned and who
    moves; the supplies, the boxes filled and face up follow from it."""
    game = get_game("wallenstein")
    money = [{"taler": v} for v in range(5)]
    position = {
        "game": "wallenstein",
        "options": {"players": 3, "setup": "fixed"},
        "phase": "move",
        "counties": {
            "Osnabrück": {"owner": "red", "armies": 6, "card_held_by": "red"},
            "Hm. Paderborn": {"owner": "blue", "armies": 2, "card_held_by": "blue"},
            "Gft. Mark": {"owner": "yellow", "armies": 3, "card_held_by": "yellow"},
        },
        "players": [
            {
                "colour": "red",
                "hand": ["Osnabrück"],
                "plan": [None] * 8 + ["Osnabrück", None, None],
                "cards_to_place": money,
                "bonus_position": 0,
            },
            {
                "colour": "blue",
                "hand": ["Hm. Paderborn"],
                "cards_to_place": ["Hm. Paderborn", *money],
                "bonus_position": 1,
            },
            {
                "colour": "yellow",
                "hand": ["Gft. Mark"],
                "cards_to_place": ["Gft. Mark", *money],
                "bonus_position": 2,
            },
        ],
        "actions": ["combat_a", "palace", "church", "taxes", "grain"],  # five face up as the round starts
        "actions_hidden": 5,
        "turn_order": ["red", "blue", "yellow"],
        "flow": {"pending": {"player": "red", "county": "Osnabrück", "action": "combat_a"}},
    }
    state: Any = game.from_position(position, 1)
    assert state.to_move() == (0,)
    texts = [game.describe_move(state.view(0), m, "en") for m in state.legal_moves(0)]
    assert "Attack Hm. Paderborn (Blue) from Osnabrück with 5 armies" in " | ".join(texts)
    assert state.revealed[0][ACTIONS.index("combat_a")] and not state.revealed[1][ACTIONS.index("combat_a")]


def test_a_mansfeld_round_beyond_the_deck_is_refused() -> None:
    """Every round shows at least one new character, so a game has at most as many rounds as cards;
    round 99 loaded before (and the observation's round number left [0, 1])."""
    game = get_game("mansfeld")
    pos = game.position(game.new_state({"players": 2}, 1))
    pos["round"] = 99
    err = _refused("mansfeld", pos, "core.position.field")
    assert "“round” must be a whole number from 0 to 18, not 99" in game.error_text(err, "en")
    pos["round"] = 18
    state = game.from_position(pos, 1)
    assert float(state.observation(0).max()) <= 1.0


def test_the_shared_refusal_check_fails_where_it_must() -> None:
    """``check_position_refused`` (feldherr.core.testing) is the check every position test shares:
    it fails for a position the game accepts, a refusal by another rule and words it does not hold."""
    game = get_game("mansfeld")
    with pytest.raises(AssertionError, match="accepted"):
        check_position_refused(game, _example("mansfeld"), "mansfeld.position.deck")
    other = _example("mansfeld")
    other["game"] = "elgrande"
    with pytest.raises(AssertionError, match=r"not mansfeld\.position\.deck"):
        check_position_refused(game, other, "mansfeld.position.deck")
    with pytest.raises(AssertionError):
        check_position_refused(game, other, "core.position.game", "not Wallenstein")
    err = check_position_refused(game, other, "core.position.game", "is El Grande", "ist El Grande")
    assert err.details["game"] == "Ernst von Mansfeld"


class _Stuck:
    """A table on which the seat to move has no legal move (what :func:`load` must refuse)."""

    num_players = 3

    def view(self, seat: int | None) -> dict[str, Any]:
        return {}

    def is_terminal(self) -> bool:
        return False

    def to_move(self) -> list[int]:
        return [1]

    def legal_moves(self, seat: int) -> list[Any]:
        return []


@pytest.mark.parametrize(
    ("name", "players", "english", "german"),
    [
        (
            "wallenstein",
            [{"colour": "red"}, {"colour": "blue"}, {"colour": "yellow"}],
            "Blue owes",
            "Blau muss",
        ),
        ("elgrande", [{"name": "Isabel"}, {"name": "Diego"}, {"name": "Carmen"}], "Diego owes", "Diego muss"),
    ],
)
def test_a_player_without_a_legal_move_is_named_not_numbered(
    name: str, players: list[dict[str, Any]], english: str, german: str
) -> None:
    """The player who owes a decision without a legal move is named as the position names them (a
    colour in the reader's language): the refusal read "1 owes a decision but has no legal move"."""
    from feldherr.core.position import load, seat_namer

    position = {"game": name, "players": players}
    with pytest.raises(PositionError) as err:
        load(_Stuck, seat_namer(position))
    assert err.value.rule == "core.position.inconsistent"
    game = get_game(name)
    en, de = game.error_text(err.value, "en"), game.error_text(err.value, "de")
    assert f"{english} a decision but has no legal move" in en, en
    assert f"{german} entscheiden, hat aber keinen erlaubten Zug" in de, de
    for text, lang in ((en, "en"), (de, "de")):
        assert not text_problems(text, lang), text
    with pytest.raises(PositionError) as err:
        load(_Stuck)  # no names: "a player"
    assert "ein Spieler muss entscheiden" in game.error_text(err.value, "de")


def test_a_character_is_committed_once() -> None:
    """Every character card is unique: a commitment naming Anna's one card twice loaded (each was in
    her hand) and the battle stopped with "list.remove(x): x not in list" (found by
    scripts/position-fuzz.py)."""
    pos = _example("mansfeld")
    pos["players"][0]["commit"] = ["trossbube", "trossbube"]
    check_position_refused(
        get_game("mansfeld"),
        pos,
        "core.position.field",
        "the position's field “players › Anna › commitment” names “Camp Boy” twice; each may appear once",
        "nennt „Trossbube“ zweimal; jedes darf nur einmal vorkommen",
    )


@pytest.mark.parametrize("name", ["wallenstein", "elgrande", "mansfeld"])
def test_an_unknown_phase_is_echoed_in_quotes_like_every_misspelt_name(name: str) -> None:
    """A misspelt phase is echoed as the file writes it, in quotes, as every other unknown name
    (Mansfeld's phase was echoed bare: "fight in “phase” names no phase")."""
    position = _example(name)
    where = position["flow"] if name == "elgrande" else position  # El Grande's phase is the turn's
    where["phase"] = "fight"
    check_position_refused(
        get_game(name),
        position,
        "core.position.name",
        "“fight” in “",
        "„fight“ in „",
    )
    assert "phase” names no phase of this game" in get_game(name).error_text(
        _refused(name, position, "core.position.name"), "en"
    )


def test_what_a_wallenstein_field_must_hold_is_said_in_words_not_as_a_key() -> None:
    """A player's colour out of seat order said what to write as a bare key ("muss red sein") and a
    malformed winter entry as the engine's tuple ("[seat, extra peasants, county, ...]"); now the
    colour to write is quoted as the file writes it and the entry is described in words."""
    game = get_game("wallenstein")
    colour = _example("wallenstein")
    colour["players"][0]["colour"] = "green"
    check_position_refused(
        game,
        colour,
        "core.position.field",
        "“players › green › colour” must be “red”, not “green”",
        "„Spieler › green › Farbe“ der Stellung muss „red“ sein, nicht „green“",
    )
    winter = _example("wallenstein")
    winter["flow"]["winter_queue"] = [[-1]]
    err = check_position_refused(
        game,
        winter,
        "core.position.field",
        "must be an object with the player, the extra peasants and the counties (or the engine's numbers)",
        "muss ein Objekt mit dem Spieler, den zusätzlichen Bauern und den Ländern (oder die Zahlen",
    )
    assert "[" not in game.error_text(err, "en") + game.error_text(err, "de")


@pytest.mark.parametrize(
    ("name", "where", "english", "german"),
    [
        ("mansfeld", ("hidden", "dice"), "a whole number from 1 to 6, not 12", "von 1 bis 6 sein, nicht 12"),
        ("mansfeld", ("roll",), "a whole number from 1 to 6, not 12", "von 1 bis 6 sein, nicht 12"),
        ("wallenstein", ("tower_inside",), "a whole number of at least 0, not -1", "ab 0 sein, nicht -1"),
    ],
)
def test_a_number_out_of_range_in_a_list_names_the_range(
    name: str, where: tuple[str, ...], english: str, german: str
) -> None:
    """A die of 12 among the dice was refused as "must be a whole number, not 12" (a whole number
    it is): a list's numbers name their range as a single number's do."""
    position = _example(name)
    holder = position
    for key in where[:-1]:
        holder = holder.setdefault(key, {})
    holder[where[-1]] = [12] if english.endswith("12") else [-1]  # the list's first number out of range
    check_position_refused(get_game(name), position, "core.position.field", english, german)


def test_an_entry_named_twice_is_named() -> None:
    """A list that may hold each entry once (a county's buildings, a player's commitment) was
    refused as "must be a list without repeats, not a list"; the refusal names the entry twice, by
    its word in the reader's language (it quoted the file's key, "names “trading_post” twice",
    found by scripts/position-fuzz.py)."""
    buildings = _example("wallenstein")
    county = next(c for c, v in buildings["counties"].items() if v.get("buildings"))
    buildings["counties"][county]["buildings"] = ["trading_post", "trading_post"]
    check_position_refused(
        get_game("wallenstein"),
        buildings,
        "core.position.field",
        f"“counties › {county} › buildings” names “trading post” twice; each may appear once",
        f"„Länder › {county} › Gebäude“ der Stellung nennt „Handelshaus“ zweimal; jedes darf nur einmal "
        "vorkommen",
    )
    # a player's commitment: test_a_character_is_committed_once


def test_a_modifier_named_twice_in_one_hand_is_named_by_its_value() -> None:
    """Machtverschiebung: a hand listing one modifier card twice was refused as "names 3 twice",
    the card's number in the game's data file; it names the modifier by its value too."""
    from feldherr.elgrande.data import MODIFIER_VALUES

    pos = _start("elgrande", {"players": 3, "variant": ["machtverschiebung"]})
    card = pos["players"][0]["modifiers"][0]
    pos["players"][0]["modifiers"].append(card)
    value = f"{MODIFIER_VALUES[card]:+d}"
    check_position_refused(
        get_game("elgrande"),
        pos,
        "core.position.field",
        f"names “modifier {value} (number {card})” twice; each may appear once",
        f"nennt „Modifikator {value} (Nummer {card})“ zweimal",
    )
