"""The action cards in an El Grande position (docs/positions.md, El Grande): every card lies in one
place (its stack, open on its stack, in play, the discard pile), each as often as the game has it;
the King's card is never discarded and only its stack stays from round to round. A position that
breaks this is refused with the rule, in both languages, and nothing is set up."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from feldherr.core.rng import Rng
from feldherr.core.testing import check_position_refused

from .helpers import GAME

NAMES = ("Isabel", "Carlos", "Juana", "Felipe")


def _turn() -> dict[str, Any]:
    """Four players, round 1, a few decisions in: stack 3 shows Outpost (one of the deck's two),
    stack 4 Ermächtigung, stack 5 the King's card; Intrigue is in play."""
    st = GAME.new_state({"players": 4}, 3)
    rng = Rng(3)
    while st.version <= 12:
        seat = st.to_move()[0]
        moves = st.legal_moves(seat)
        st.apply(seat, moves[rng.below(len(moves))])
    text = json.dumps(GAME.position(st))
    for seat, name in enumerate(NAMES):  # players by the names a position gives them
        text = text.replace(f'"Player {seat + 1}"', json.dumps(name))
    pos: dict[str, Any] = json.loads(text)
    assert pos["open_cards"] == [None, None, "aussenposten", "ermaechtigung", "ihre_majestaet"]
    GAME.from_position(pos, 1)
    return pos


def _refused(change: Callable[[dict[str, Any]], None], rule: str, english: str, german: str) -> None:
    """:func:`_turn` changed by ``change`` is refused (the shared check)."""
    pos = _turn()
    change(pos)
    check_position_refused(GAME, pos, rule, english, german)


def test_two_open_stacks_cannot_show_the_same_card() -> None:
    """Outpost open on stack 3 and stack 4 loaded before (the player who took the second one took
    a card of stack 3 from stack 4); each stack shows only its own cards."""
    _refused(
        lambda p: p["open_cards"].__setitem__(3, "aussenposten"),
        "elgrande.position.stack-card",
        "the action card “Outpost” is not a card of stack 4",
        "Die Aktionskarte „Außenposten“ gehört nicht zum Stapel 4",
    )


def test_an_action_card_lies_in_one_place() -> None:
    _refused(
        lambda p: p["discard_pile"].append("aussenposten"),  # open, in stack 3 and discarded: 3 of 2
        "elgrande.position.action-card",
        "the action card “Outpost” lies in 3 places, “hidden parts › action card stacks › no. 3” and"
        " “open action cards › no. 3” among them; the game has it 2 times",
        "Die Aktionskarte „Außenposten“ liegt an 3 Stellen, darunter",
    )
    _refused(
        lambda p: p.__setitem__("card_in_use", "ihre_majestaet"),  # open and in play at once
        "elgrande.position.action-card",
        "the game has it once",
        "das Spiel hat sie einmal",
    )
    _refused(
        lambda p: p["discard_pile"].append("nr_berater"),  # a Neue Regentschaft card without it
        "elgrande.position.action-card-game",
        "is not in the game with these options",
        "ist bei diesen Optionen nicht im Spiel",
    )


def test_the_kings_card_stays_with_its_stack() -> None:
    """ "Die Königskarte (5. Stapel) legst du nicht ab, sie steht jede Runde zur Verfügung." """
    _refused(
        lambda p: p["discard_pile"].append("ihre_majestaet"),
        "elgrande.position.king-card",
        "the King's card is never discarded",
        "Die Königskarte wird nie abgelegt",
    )
    _refused(
        lambda p: p.__setitem__("permanent_stacks", [1, 1, 1, 1, 1]),
        "elgrande.position.permanent",
        "only the stack of the King's card stays from round to round",
        "Nur der Stapel der Königskarte bleibt von Runde zu Runde liegen",
    )


def test_a_player_written_anew_must_fit_the_round() -> None:
    """A player's object replaced by an empty one (every field left out: the fresh deal's, all 13
    power cards in hand and none played) loaded in the middle of round 1 before, and Ermächtigung
    then had no card to take back (no legal move): every player has played a power card before
    the action cards."""
    _refused(
        lambda p: p["players"].__setitem__(1, {"name": "Carlos"}),
        "elgrande.position.power-played",
        "Carlos has no power card played, but after the start player every player plays one",
        "Carlos hat keine Machtkarte ausgespielt, aber nach dem Startspieler spielt jeder",
    )


def test_each_power_card_is_in_the_hand_on_the_pile_or_played() -> None:
    def lose(p: dict[str, Any]) -> None:
        player = p["players"][0]
        player["power_cards"].remove(max(player["power_cards"]))

    _refused(
        lose,
        "elgrande.position.power-cards",
        "is neither in the hand, nor on the discard pile, nor played",
        "ist weder auf der Hand noch im Ablagestapel noch ausgespielt",
    )


def test_power_cards_are_played_clockwise_from_the_start_player() -> None:
    """ "Die Person mit dem Startmarker beginnt und spielt eine Machtkarte ... Danach spielen alle
    anderen im Uhrzeigersinn." """
    st = GAME.new_state({"players": 4}, 3)
    seat = st.to_move()[0]
    st.apply(seat, st.legal_moves(seat)[0])  # the start player has played; the next one's turn
    pos: dict[str, Any] = GAME.position(st)
    assert pos["flow"]["phase"] == "power"
    GAME.from_position(pos, 1)
    later = (seat + 2) % 4
    player = pos["players"][later]
    player["power_played"] = min(player["power_cards"])
    player["power_cards"].remove(player["power_played"])
    check_position_refused(
        GAME, pos, "elgrande.position.power-early", "played before their turn", "bevor er an der Reihe war"
    )


def test_ermaechtigung_is_offered_only_with_a_card_to_take_back() -> None:
    """ "Du darfst entweder die gerade ausgespielte Machtkarte zurück auf die Hand nehmen oder eine
    aus deinem Ablagestapel": in play the card just played is always there to take back; a table
    written by hand with it back in the hand and nothing discarded offered the special action, and
    then no move at all (a power card written into the hand again, found by the position fuzzer)."""
    from .helpers import Board

    board = Board(4).turn(0, "ermaechtigung", court=0)
    red = board.player(0)
    red["power_cards"] = list(range(1, 14))  # the card played (13) back in the hand
    red["power_discard"] = []
    st = board.state()
    assert ("special",) not in st.legal_moves(0)
    red["power_discard"] = [5]
    red["power_cards"].remove(5)
    st = board.state()
    st.apply(0, ("special",))  # the only card to take back: taken at once (a forced step)
    assert st.power_hand[0] >> 5 & 1 and not st.power_discard[0]


def test_the_two_scoreboards_have_a_place_each() -> None:
    """The game has "2 Wertungstafeln": an empty list loaded before and the scoreboard card's
    special action looked up the second one (an IndexError a few moves on)."""
    _refused(
        lambda p: p.__setitem__("scoreboards", []),
        "core.position.field",
        "“mobile scoreboards” must be a list of 2 entries, not an empty list",
        "„Wertungstafeln“ der Stellung muss eine Liste mit 2 Einträgen sein",
    )


def test_a_secret_disc_shows_one_of_the_nine_regions() -> None:
    """The editor offers a disc every area of the board; the disc's dial has the nine regions, and a
    disc set to the Castillo or France was accepted (the engine never sets one there)."""
    for area, english, german in (
        (
            "France",
            "secret disc shows France; a secret disc shows one of the nine regions",
            "zeigt Frankreich",
        ),
        ("Castillo", "secret disc shows Castillo", "Geheimscheibe von"),
    ):
        _refused(
            lambda p, area=area: p["players"][0].__setitem__("disc", area),
            "elgrande.position.disc",
            english,
            german,
        )
