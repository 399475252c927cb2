"""The turn in progress in an El Grande position (docs/positions.md, El Grande; docs/rules-notes.md,
El Grande "Effects under way"): the special action under way, its counters (``flow.effect_args``)
within what the card's data and the table allow, the Caballeros of the action card still to place
and those still to take back to the court. Each changed counter below loaded before (or was refused
only as "cannot be played on") and left a player without a legal move, or let the card do more than
it says, a few moves later; now it is refused by the rule it breaks, in both languages, and nothing
is set up."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from feldherr.core.rng import Rng
from feldherr.core.testing import check_position_refused

from .helpers import GAME

CLASSIC = {"players": 4, "deck": "classic"}
SPOTS: dict[str, tuple[dict[str, Any], int, int]] = {
    # what: (options, seed, decision) of a random game (moves drawn by Rng(seed)) standing there
    "escort": ({"players": 3, "variant": ["neue_regentschaft"]}, 47, 132),
    "picked": (CLASSIC, 1, 124),
    "intrigue": (CLASSIC, 6, 262),
    "miliz": (CLASSIC, 1, 91),
    "rueckzug": (CLASSIC, 17, 127),
    "disc_return": (CLASSIC, 1, 45),
    "umsturz": (CLASSIC, 1, 114),
    "send_back": (CLASSIC, 2, 7),
    "recall": (CLASSIC, 20, 223),
    "act": (CLASSIC, 1, 5),
    "modifier": ({"players": 5, "variant": ["machtverschiebung", "alte_hasen"]}, 2, 237),
}
_CACHE: dict[str, dict[str, Any]] = {}


def _at(spot: str) -> dict[str, Any]:
    """The position of a random game at one of :data:`SPOTS` (it loads as it is)."""
    if spot not in _CACHE:
        options, seed, decision = SPOTS[spot]
        st = GAME.new_state(options, seed)
        rng = Rng(seed)
        while st.version < decision:
            seat = st.to_move()[0]
            moves = st.legal_moves(seat)
            st.apply(seat, moves[rng.below(len(moves))])
        _CACHE[spot] = GAME.position(st)
        GAME.from_position(_CACHE[spot], 1)
    return copy.deepcopy(_CACHE[spot])


def _refused(
    spot: str, change: Callable[[dict[str, Any]], None], rule: str, english: str, german: str
) -> None:
    pos = _at(spot)
    change(pos)
    check_position_refused(GAME, pos, rule, english, german)


def _args(*values: int) -> Callable[[dict[str, Any]], None]:
    return lambda pos: pos["flow"].__setitem__("effect_args", list(values))


def _player(pos: dict[str, Any], name: str) -> dict[str, Any]:
    return next(p for p in pos["players"] if p["name"] == name)


def test_the_spots_stand_where_the_tests_say() -> None:
    flows = {spot: _at(spot)["flow"] for spot in SPOTS}
    assert flows["escort"]["effect_source"] == {"card": "gefolge"} and flows["escort"]["effect_args"] == [
        2,
        2,
    ]
    assert _at("escort")["king"] == "Valencia"
    assert flows["picked"]["effect_args"] == [0, 0, 3, 0, -1, 3, 6]
    assert flows["intrigue"]["effect_source"] == {"card": "intrigue_own_4"}
    assert flows["miliz"]["effect_source"] == {"card": "intrigue_either", "option": 1}
    assert flows["rueckzug"]["effect_queue"] == ["Player 2", "Player 3", "Player 4"]
    assert flows["disc_return"]["effect_args"] == [1, 0] and flows["disc_return"]["phase"] == "disc"
    assert flows["umsturz"]["effect_args"] == [1] and flows["umsturz"]["phase"] == "disc"
    assert flows["send_back"]["effect_args"] == [1, 2, 3]
    assert flows["recall"]["phase"] == "recall" and flows["recall"]["effect_source"] is None
    assert flows["act"]["phase"] == "act" and _at("act")["card_in_use"] == "aussenposten"
    assert flows["modifier"]["effect_source"] == {"modifier": 7}


# -- Gefolge: "Du musst 2 Caballeros zusammen mit dem König versetzen" ------------------------------


@pytest.mark.parametrize("escort", [0, 3, 5])
def test_gefolge_moves_at_most_two_caballeros_with_the_king(escort: int) -> None:
    """The escort count above the card's 2 let the King take more Caballeros along; 0 left the
    player in the escort step with nothing to do."""
    _refused(
        "escort",
        _args(2, escort),
        "elgrande.position.effect-count",
        f"the counter “Caballeros still to go with the King (at most those in its old region)” of the card "
        f"“Retinue” is {escort} in the position; the rules allow 1 to 2 here",
        f"Der Zähler „Caballeros, die noch mit dem König ziehen (höchstens die in seiner alten Region)“ für "
        f"die Karte „Gefolge“ steht in der Stellung auf {escort}; die Regeln erlauben hier 1 bis 2",
    )


def test_gefolge_escorts_only_the_caballeros_left_in_the_old_region() -> None:
    """ "Falls nur 1 Caballero in der Region steht, musst du diesen mitversetzen. Der zweite
    verfällt": two to escort with one left is refused (the player had no second move), and with
    none left (no legal move at all: refused before only as "cannot be played on")."""

    def one_left(pos: dict[str, Any]) -> None:
        for name, left in (("Player 1", 1), ("Player 2", 0)):
            cab = _player(pos, name)["caballeros"]
            cab["Galicia"] = cab.get("Galicia", 0) + cab["Aragón"] - left
            cab["Aragón"] = left

    _refused("escort", one_left, "elgrande.position.effect-count", "the rules allow 1 to 1 here", "1 bis 1")

    def none_left(pos: dict[str, Any]) -> None:
        one_left(pos)
        cab = _player(pos, "Player 1")["caballeros"]
        cab["Galicia"] += 1
        del cab["Aragón"]

    _refused(
        "escort",
        none_left,
        "elgrande.position.effect-escort",
        "for the card “Retinue” the King has left Aragón, but no Caballero stands there any more",
        "Für die Karte „Gefolge“ hat der König Aragón verlassen, dort steht aber kein Caballero mehr",
    )
    _refused(
        "escort",
        _args(6, 2),
        "elgrande.position.effect-region",
        "the counter “the King's old region (-1: not moved yet)” of the card “Retinue” names the King's "
        "region (Valencia)",
        "Der Zähler „alte Region des Königs (-1: noch nicht versetzt)“ für die Karte „Gefolge“ nennt die "
        "Königsregion (Valencia)",
    )
    _refused(
        "escort",
        _args(-1, 2),
        "elgrande.position.effect-count",
        "“Caballeros to go with the King before it has moved” of the card “Retinue” is 2",
        "„Caballeros, die mit dem König ziehen, bevor er versetzt ist“",
    )


# -- moving Caballeros (Intrigue): "Versetze bis zu 4 eigene" ----------------------------------------


def test_an_intrigue_moves_no_more_than_its_card_says() -> None:
    _refused(
        "intrigue",
        _args(5, 0, 0, 0, -1, -1, -1),
        "elgrande.position.effect-count",
        "the counter “moves of own Caballeros left” of the card “Intrigue” is 5 in the position; the rules "
        "allow 0 to 4 here",
        "Der Zähler „übrige Züge mit eigenen Caballeros“ für die Karte „Intrige“ steht in der Stellung auf "
        "5; die Regeln erlauben hier 0 bis 4",
    )
    _refused("intrigue", _args(4, 1, 0, 0, -1, -1, -1), "elgrande.position.effect-count", "0 to 0", "0 bis 0")
    _refused(
        "intrigue",
        _args(4, 0, 0, 1, -1, -1, -1),
        "elgrande.position.effect-count",
        "“from one region only (1) or not (0)”",
        "„nur aus einer Region (1) oder nicht (0)“",
    )
    _refused(
        "intrigue",
        _args(4, 0, 0, 0),
        "elgrande.position.effect-args",
        "the special action of the card “Intrigue” under way keeps 7 counters in this step, not 4",
        "Für die Karte „Intrige“ hat die laufende Sonderaktion in diesem Schritt 7 Zähler, nicht 4",
    )


def test_the_caballero_picked_up_stands_where_the_counters_say() -> None:
    """Player 4's Caballero picked up in Valencia: gone from there, the move put one more
    somewhere and left Valencia at −1; in the King's region, it was taken out of it."""

    def gone(pos: dict[str, Any]) -> None:
        cab = _player(pos, "Player 4")["caballeros"]
        del cab["Valencia"]
        cab["Castilla"] += 1

    _refused(
        "picked",
        gone,
        "elgrande.position.effect-picked",
        "the Caballero picked up for the card “Intrigue” is one of Player 4 in Valencia, but none stands",
        "Der aufgenommene Caballero für die Karte „Intrige“ ist einer von Player 4 in Valencia",
    )
    _refused(
        "picked",
        _args(0, 0, 3, 0, -1, 3, 2),
        "elgrande.position.effect-region",
        "names the King's region (Aragón): nothing may be taken out of it or put into it",
        "nennt die Königsregion (Aragón): aus ihr darf nichts genommen und in sie nichts gestellt werden",
    )
    _refused(
        "picked",
        _args(0, 0, 0, 0, -1, 3, 6),
        "elgrande.position.effect-picked",
        "moves no more",
        "keine mehr",
    )
    _refused(
        "picked",
        _args(0, 0, 3, 0, -1, 3, -1),
        "elgrande.position.effect-count",
        "is -1",
        "steht in der Stellung auf -1",
    )


# -- placing from the court (Miliz, the modifier's ability) --------------------------------------------


def test_caballeros_placed_from_the_court_are_as_many_as_the_card_says() -> None:
    _refused(
        "miliz",
        _args(3, 0),
        "elgrande.position.effect-count",
        "the counter “Caballeros still to place” of the card “Intrigue” is 3 in the position; the rules "
        "allow 1 to 2 here",
        "„noch einzusetzende Caballeros“ für die Karte „Intrige“ steht in der Stellung auf 3",
    )
    _refused(
        "miliz", _args(2, 1), "elgrande.position.effect-count", "“Castillo allowed (1) or not (0)”", "0 bis 0"
    )
    _refused(
        "modifier",
        _args(2, 0),
        "elgrande.position.effect-count",
        "“Caballeros still to place” of the modifier's ability is 2 in the position; the rules allow 1 to 1",
        "für die Sonderfähigkeit des Modifikators steht in der Stellung auf 2",
    )

    def empty_court(pos: dict[str, Any]) -> None:
        _player(pos, "Player 2")["province"] += _player(pos, "Player 2")["court"]
        _player(pos, "Player 2")["court"] = 0

    _refused(
        "miliz",
        empty_court,
        "elgrande.position.effect-court",
        "Player 2 places Caballeros from the court for the card “Intrigue”, but has none at court",
        "Player 2 setzt für die Karte „Intrige“ Caballeros vom Hof ein, hat aber keinen am Hof",
    )


# -- Rückzug: "Alle anderen müssen je 3 eigene ... zurück in die Provinz schicken" ---------------------


def test_rueckzug_sends_back_three_each_from_the_left() -> None:
    _refused(
        "rueckzug",
        _args(4, 3),
        "elgrande.position.effect-count",
        "“Caballeros the player at it still sends back” of the card “The King returns!” is 4",
        "„Caballeros, die der Spieler an der Reihe noch zurückschickt“ für die Karte „Rückzug“",
    )
    _refused("rueckzug", _args(3, 2), "elgrande.position.effect-count", "allow 3 to 3", "3 bis 3")
    for queue in (["Player 1", "Player 2"], ["Player 2", "Player 4"], []):
        _refused(
            "rueckzug",
            lambda pos, queue=queue: pos["flow"].__setitem__("effect_queue", queue),
            "elgrande.position.effect-queue",
            "the players still to send Caballeros back for the card “The King returns!” are the others "
            "from the left of Player 1",
            "Die Spieler, die für die Karte „Rückzug“ noch Caballeros zurückschicken",
        )

    def three_left(pos: dict[str, Any]) -> None:  # 2 at court and 1 in Aragón: all go, no choice
        _player(pos, "Player 2")["caballeros"] = {"Aragón": 1, "Castillo": 3}

    _refused(
        "rueckzug",
        three_left,
        "elgrande.position.effect-return",
        "Player 2 is to choose 3 Caballeros to send back for the card “The King returns!”, but has 3 in "
        "the regions",
        "Player 2 soll für die Karte „Rückzug“ 3 Caballeros zum Zurückschicken wählen, hat aber 3",
    )


# -- secret discs, one of each colour, the placements and the court ------------------------------------


def test_the_cards_with_secret_discs_keep_their_numbers() -> None:
    _refused(
        "disc_return",
        _args(2, 0),
        "elgrande.position.effect-count",
        "“Caballeros a region chosen must hold” of the card “Secret disc” is 2 in the position; the rules "
        "allow 1 to 1 here",
        "„Caballeros, die eine gewählte Region mindestens haben muss“",
    )
    _refused(
        "umsturz",
        _args(2),
        "elgrande.position.effect-region",
        "the counter “region chosen (-1: none yet)” of the card “Movement” names the King's region (Aragón)",
        "Der Zähler „gewählte Region (-1: noch keine)“ für die Karte „Umsturz“ nennt die Königsregion",
    )
    _refused("umsturz", _args(-1), "elgrande.position.effect-count", "allow 0 to 8", "0 bis 8")


def test_one_caballero_of_each_other_colour_goes_back_in_seat_order() -> None:
    for args in ([1, 3], [3, 2], [0, 1, 2, 3], []):
        _refused(
            "send_back",
            _args(*args),
            "elgrande.position.effect-colours",
            "the colours still to lose a Caballero to the card “",
            "Die Farben, die durch die Karte „",
        )


def test_the_action_card_places_no_more_than_its_number() -> None:
    _refused(
        "act",
        lambda pos: pos["flow"].__setitem__("place_left", 4),
        "elgrande.position.effect-count",
        "“Caballeros of the action card still to place” of the card “Outpost” is 4 in the position; the "
        "rules allow 0 to 3 here",
        "„noch einzusetzende Caballeros der Aktionskarte“ für die Karte „Außenposten“",
    )
    _refused(
        "recall",
        lambda pos: pos["flow"].__setitem__("recall_left", 7),
        "elgrande.position.effect-count",
        "“Caballeros still to take back to the court from the regions” of the power card played is 7",
        "für die ausgespielte Machtkarte steht in der Stellung auf 7",
    )


def test_the_special_action_under_way_is_that_of_the_card_in_use() -> None:
    for spot, change in (
        ("miliz", lambda pos: pos["flow"].__setitem__("effect_source", {"card": "miliz"})),
        (
            "miliz",
            lambda pos: pos["flow"].__setitem__("effect_source", {"card": "intrigue_either", "option": 2}),
        ),
        ("act", _args(1)),
        ("act", lambda pos: pos["flow"].__setitem__("effect_source", {"card": "aussenposten"})),
    ):
        _refused(
            spot,
            change,
            "elgrande.position.effect-source",
            "the special action under way is that of the action card in use",
            "Die laufende Sonderaktion ist die der genutzten Aktionskarte",
        )


def test_each_player_keeps_a_power_card_for_every_round_left() -> None:
    """Each player has 13 power cards for the nine rounds and plays one each round ("Die Person mit
    dem Startmarker beginnt und spielt eine Machtkarte ... Danach spielen alle anderen"): round 9
    with four cards left in each hand, moved back to round 4, loaded (the round left out of a
    position took the new game's first) and the game stopped in round 9 without a card to play."""
    _refused(
        "recall",
        lambda pos: pos["flow"].__setitem__("round_index", 3),
        "elgrande.position.power-left",
        "Player 1 has 4 power cards in hand, but 5 rounds still to play need one each",
        "Player 1 hat 4 Machtkarten auf der Hand, aber 5 Runden sind noch zu spielen",
    )
    _refused(
        "recall",
        lambda pos: pos["flow"].__setitem__("round_index", 9),
        "core.position.field",
        "must be a whole number from 0 to 8, not 9",
        "muss eine ganze Zahl von 0 bis 8 sein",
    )


def test_the_player_at_the_turn_is_the_one_the_turn_order_points_to() -> None:
    """From the court phase to the action cards the players take their turns in the turn order:
    a player at the turn whom the order does not have at its place is refused in words (the
    engine took it and went on from the order's place)."""
    _refused(
        "act",
        lambda pos: pos["flow"].__setitem__("current", "Player 3"),
        "elgrande.position.turn-order",
        "Player 3 is at the turn, but the turn order has Player 2 at this place",
        "Player 3 ist an der Reihe, aber die Zugreihenfolge hat an dieser Stelle Player 2",
    )
    pos = _at("act")  # the order moved on with its player: the same table, loaded
    pos["flow"]["turn_index"], pos["flow"]["current"] = 2, "Player 4"
    # the two players before took a card each (elgrande.position.taken): two more stacks show none
    opened, stacks = pos["open_cards"], pos["hidden"]["stacks"]
    for i in [i for i, card in enumerate(opened) if card is not None and not pos["permanent_stacks"][i]][:2]:
        stacks[i].insert(0, opened[i])
        pos["stack_sizes"][i] += 1
        opened[i] = None
    assert GAME.from_position(pos, 1).to_move() == (3,)
