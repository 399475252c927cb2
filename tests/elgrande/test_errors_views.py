"""Illegal input raises typed errors and changes nothing; views hide other seats' secrets."""

from __future__ import annotations

import json
from typing import Any

import pytest

from feldherr.core.bots import RandomBot, SeatAccess
from feldherr.core.errors import (
    GameOverError,
    IllegalMoveError,
    MalformedMoveError,
    NotYourTurnError,
    OptionError,
    WrongPhaseError,
)
from feldherr.elgrande import data as D
from feldherr.elgrande.game import ElGrandeState
from feldherr.elgrande.state import DISC

from .helpers import GAME, Board, R, fresh


def _unchanged(st: ElGrandeState, seat: int, move: Any, err: type[Exception]) -> None:
    before = st.digest()
    with pytest.raises(err) as info:
        st.apply(seat, move)
    assert getattr(info.value, "rule", "").startswith("elgrande.")
    assert st.digest() == before


def test_illegal_moves_raise_typed_errors_and_change_nothing() -> None:
    st = fresh(4)
    seat = st.to_move()[0]
    _unchanged(st, (seat + 1) % 4, ("power", 5, -1), NotYourTurnError)
    _unchanged(st, seat, ("place", R["Toledo"]), WrongPhaseError)
    _unchanged(st, seat, ("nonsense", 1), MalformedMoveError)
    _unchanged(st, seat, ("power", 14, -1), IllegalMoveError)
    _unchanged(st, seat, "power", MalformedMoveError)
    _unchanged(st, seat, ("power", "7", -1), MalformedMoveError)
    _unchanged(st, seat, ("power", 7), MalformedMoveError)
    st.apply(seat, ("power", 7, -1))
    _unchanged(st, (seat + 1) % 4, ("power", 7, -1), IllegalMoveError)  # distinct values


def test_placing_where_not_allowed() -> None:
    st = Board(4).king("Castilla").turn(0, "intrigue", court=5).state()
    _unchanged(st, 0, ("place", R["Castilla"]), IllegalMoveError)  # the King's region
    _unchanged(st, 0, ("place", R["Granada"]), IllegalMoveError)  # not next to the King
    _unchanged(st, 0, ("place", D.FRANCE), IllegalMoveError)


def test_schmuggel_opens_the_kings_region() -> None:
    st = Board(4, "neue_regentschaft").king("Castilla").turn(0, "schmuggel", court=5).state()
    assert ("place", R["Castilla"]) not in st.legal_moves(0)
    st.apply(0, ("special",))
    assert ("place", R["Castilla"]) in st.legal_moves(0)


def test_malformed_json_moves() -> None:
    for bad in [
        None,
        [],
        [3],
        ["place"],
        ["place", "Atlantis"],
        ["place", 99],
        ["court", "two"],
        {"k": "place"},
        ["power", True],
    ]:
        with pytest.raises(MalformedMoveError):
            GAME.move_from_json(bad)


def test_game_over_and_options() -> None:
    st = fresh(3, "short")
    bots = [RandomBot(s) for s in range(3)]
    while not st.is_terminal():
        for seat in st.to_move():
            st.apply(seat, bots[seat].choose(SeatAccess(st, seat)))
    _unchanged(st, 0, ("power", 1, -1), GameOverError)
    assert st.legal_moves(0) == []
    with pytest.raises(OptionError):
        GAME.normalize_options({"players": 6})
    with pytest.raises(OptionError):
        GAME.normalize_options({"players": 4, "variant": "bogus"})
    with pytest.raises(OptionError):
        GAME.normalize_options({"players": 4, "colour": "red"})
    with pytest.raises(OptionError):
        GAME.normalize_options({"players": 4, "variant": "merged_stacks"})
    a = GAME.normalize_options({"players": 3, "variant": "short, nr,mv"})
    b = GAME.normalize_options({"players": 3, "variant": ["machtverschiebung", "short", "neue_regentschaft"]})
    assert (
        a
        == b
        == {"players": 3, "deck": "2023", "variant": ["machtverschiebung", "neue_regentschaft", "short"]}
    )
    picked = GAME.normalize_options({"players": 4, "variant": "alte_hasen:veto"})["variant"]
    assert picked == ["alte_hasen:veto"]
    st = GAME.new_state({"players": 4, "variant": picked}, 3)
    vetos = [c for stack in st.stacks for c in stack] + [c for c in st.open_cards if c >= 0]
    assert vetos.count(D.CARD_INDEX["veto"]) == 2 and D.CARD_INDEX["the_court"] not in vetos
    assert (
        sum(len(s) for s in st.stacks) + sum(1 for c in st.open_cards if c >= 0) == 40 + 2
    )  # stacks 1-4, and the open King's card also stays in its stack
    with pytest.raises(OptionError):
        GAME.normalize_options({"players": 4, "variant": "alte_hasen:fiesta"})
    with pytest.raises(OptionError):  # the classic deck holds the 'Alte Hasen' cards already
        GAME.normalize_options({"players": 4, "deck": "classic", "variant": ["alte_hasen"]})
    for bad in (
        {"players": "4"},
        {"players": 4.0},
        {"players": 4, "deck": "1999"},
        {"players": 4, "short": True},
    ):
        with pytest.raises(OptionError):
            GAME.normalize_options(bad)
    # the form of engine 1: the 2023 deck named as a variant
    assert GAME.normalize_options({"players": 4, "variant": ["deck_2023", "hidden"]}) == {
        "players": 4,
        "deck": "2023",
        "variant": ["hidden_castillo"],
    }
    assert GAME.normalize_options({"players": 4})["deck"] == "2023"


def _dump(st: ElGrandeState, seat: int) -> str:
    return json.dumps(st.view(seat), ensure_ascii=False)


def test_views_hide_hands_discards_and_discs() -> None:
    st = fresh(4)
    hand0 = st.view(0)["players"][0]["hand"]
    assert hand0 == list(range(1, 14))
    other = st.view(1)
    assert "hand" not in other["players"][0] and other["players"][0]["hand_size"] == 13
    assert "rng" not in _dump(st, 1) and "stacks" not in other
    # secret discs during a scoring: seat 0's choice is not in seat 1's view
    board = Board(4).empty().king("Castilla").put(0, "Castillo", 2).put(1, "Castillo", 1)
    st = board.last_turn(0, "intrigue", round_index=2).state()
    st.apply(0, ("nospecial",))  # round 3 ends: the general scoring
    assert st.phase == DISC and sorted(st.to_move()) == [0, 1]
    st.apply(0, ("disc", R["Granada"]))
    assert st.view(0)["players"][0]["disc"] == "Granada"
    v1 = st.view(1)
    assert "disc" not in v1["players"][0]
    assert "Granada" not in json.dumps([e for e in st.visible_log(1) if e["k"].startswith("disc")])


def test_views_hide_the_castillo_when_asked() -> None:
    st = Board(4, "hidden_castillo").king("Valencia").turn(0, "ihre_majestaet", court=7).state()
    st.apply(0, ("place", D.CASTILLO))
    st.apply(0, ("place", D.CASTILLO))
    mine = st.view(0)
    assert mine["players"][0]["castillo"] == 2
    theirs = st.view(2)
    assert theirs["players"][0]["castillo"] is None and theirs["castillo_total"] is None
    assert theirs["players"][0]["province"] is None  # province + court + regions would reveal it
    # the table sees one throw, not how many: one public line, the count in the thrower's entries
    public_log = st.visible_log(2)
    assert "Castillo" not in json.dumps([e for e in public_log if e["k"] == "place"])
    assert [e["k"] for e in public_log].count("place_hidden") == 1
    assert [e["a"]["n"] for e in st.visible_log(0) if e["k"] == "place_own"] == [1, 2]
    st.apply(0, ("place", R["Aragón"]))  # the throw is over; a later one is a new public line
    st.apply(0, ("place", D.CASTILLO))
    assert [e["k"] for e in st.visible_log(2)].count("place_hidden") == 2
    public = Board(4).king("Valencia").turn(0, "ihre_majestaet", court=7).state()
    public.apply(0, ("place", D.CASTILLO))
    assert public.view(2)["players"][0]["castillo"] == 1


def test_scoring_discs_are_asked_of_everyone_when_hidden() -> None:
    board = Board(4, "hidden_castillo").empty().king("Castilla").put(0, "Castillo", 1)
    st = board.last_turn(0, "intrigue", round_index=2).state()
    st.apply(0, ("nospecial",))  # round 3 ends: the general scoring
    assert st.phase == DISC and sorted(st.to_move()) == [0, 1, 2, 3]


def test_views_hide_modifiers_and_retaken_power_cards() -> None:
    st = fresh(4, "machtverschiebung")
    v = st.view(1)
    assert "modifiers" not in v["players"][0] and "modifiers" in v["players"][1]
    board = Board(4).turn(0, "ermaechtigung", court=0)
    red = board.player(0)
    red["power_discard"] = [5]  # played in an earlier round
    red["power_played"] = 9  # this round's card
    red["power_cards"] = [v for v in range(1, 14) if v not in (5, 9)]
    st2 = board.state()
    st2.apply(0, ("special",))
    st2.apply(0, ("pb", 5))
    seen = json.dumps([e for e in st2.visible_log(1) if e["k"].startswith("power_back")])
    assert '"v"' not in seen
    assert st2.power_hand[0] >> 5 & 1


def _scramble_secrets_of(st: ElGrandeState, other: int) -> ElGrandeState:
    """A twin that differs from ``st`` only in what ``other`` keeps secret, and in hidden decks."""
    twin = st.clone()
    full = (1 << 14) - 2
    for field in ("power_hand", "power_discard"):
        mask = getattr(twin, field)[other]
        k = bin(mask).count("1")
        # the same number of cards, other values (keep the card just played out of both)
        free = [v for v in range(1, 14) if v != twin.power_played[other]]
        low = sum(1 << v for v in free[:k]) & full
        high = sum(1 << v for v in free[len(free) - k :]) & full
        getattr(twin, field)[other] = low if low != mask else high
    mods = bin(twin.modifier_hand[other]).count("1")
    twin.modifier_hand[other] = sum(1 << m for m in range(15, 15 - mods, -1))
    if twin.discs[other] >= 0 and twin.phase == DISC:
        twin.discs[other] = (twin.discs[other] + 1) % 9
    for stack in twin.stacks:
        stack.reverse()
    twin.dummy_power.reverse()
    twin.region_deck.reverse()
    twin.rng.state ^= 0xABCDEF
    if twin.hidden_castillo:
        i = other * D.AREAS + D.CASTILLO
        if twin.province[other] > 0:
            twin.province[other] -= 1
            twin.caballeros[i] += 1
    return twin


@pytest.mark.parametrize("variant", ["", "hidden_castillo,machtverschiebung", "neue_regentschaft"])
def test_views_do_not_depend_on_other_seats_secrets(variant: str) -> None:
    for seed in range(4):
        players = 2 + seed % 4
        st = fresh(players, variant, seed)
        bots = [RandomBot(seed * 5 + s) for s in range(players)]
        step = changed = 0
        while not st.is_terminal():
            for seat in st.to_move():
                st.apply(seat, bots[seat].choose(SeatAccess(st, seat)))
                step += 1
                if step % 5 == 0 and not st.is_terminal():
                    viewer = step % players
                    other = (viewer + 1) % players
                    twin = _scramble_secrets_of(st, other)
                    changed += twin.power_hand[other] != st.power_hand[other]
                    mine = json.loads(json.dumps(st.view(viewer)))
                    theirs = json.loads(json.dumps(twin.view(viewer)))
                    assert mine == theirs
        assert changed > 10  # the twins really differ


def test_option_refusals_name_the_choices_as_the_lobby_labels_them() -> None:
    """A refused combination of options is read by a person in the lobby: it names the choices by
    the form's labels ("2023 edition", "Stacks 2 and 3 merged"), not by values ("use deck 2023",
    "merged stacks 2+3")."""
    spec = {o.name: o for o in GAME.option_spec()}
    deck = spec["deck"].labels["2023"]
    merged = spec["variant"].labels["merged_stacks"]
    with pytest.raises(OptionError) as classic:
        GAME.normalize_options({"players": 3, "deck": "classic", "variant": ["alte_hasen:veto"]})
    with pytest.raises(OptionError) as four:
        GAME.normalize_options({"players": 4, "variant": ["merged_stacks"]})
    for lang in ("en", "de"):
        assert deck[lang].lower() in classic.value.text[lang].lower(), classic.value.text[lang]
    assert merged["en"] in four.value.text["en"] and merged["de"] in four.value.text["de"], four.value.text


def test_the_option_spec_declares_what_the_refusals_say() -> None:
    """The combinations refused above are declared in the option spec (``needs``: what the lobby
    reads to leave such a choice off): every Alte Hasen choice goes with the 2023 deck only, the
    merged stacks with three players only, each in the refusal's words; a choice that fits passes."""
    spec = {o.name: o for o in GAME.option_spec()}["variant"]
    declared = spec.to_json()["needs"]
    hasen = [c for c in spec.choices if c.startswith("alte_hasen")]
    assert sorted(declared) == sorted([*hasen, "merged_stacks"])
    for choice in hasen:
        [need] = declared[choice]
        assert need["option"] == "deck" and need["values"] == ["2023"]
        with pytest.raises(OptionError) as refused:
            GAME.normalize_options({"players": 4, "deck": "classic", "variant": [choice]})
        assert refused.value.text == need["words"]
    [need] = declared["merged_stacks"]
    assert need["option"] == "players" and need["values"] == [3]
    for players in (2, 4, 5):
        with pytest.raises(OptionError) as refused:
            GAME.normalize_options({"players": players, "variant": ["merged_stacks"]})
        assert refused.value.text == need["words"]
    fits = GAME.normalize_options({"players": 3, "variant": ["merged_stacks", "alte_hasen:veto"]})
    assert fits["variant"] == ["alte_hasen:veto", "merged_stacks"]
