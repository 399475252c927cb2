"""Issue 11 (rule deviations from the 2023 rulebook) and issue 9 (hostile input), each from the
sentence it rests on."""

from __future__ import annotations

import json

import pytest

from feldherr.core.bots import RandomBot, SeatAccess
from feldherr.core.errors import MalformedMoveError, NotYourTurnError, RuleError
from feldherr.elgrande import data as D
from feldherr.elgrande.state import ACT, POWER, VETO

from .helpers import GAME, Board, fresh

MOD = {v: [i for i, x in enumerate(D.MODIFIER_VALUES) if x == v] for v in set(D.MODIFIER_VALUES)}


def _after_the_pass(seed: int = 1):  # type: ignore[no-untyped-def]
    st = fresh(4, "machtverschiebung", seed)
    for seat in range(4):
        st.apply(seat, st.legal_moves(seat)[0])
    assert st.phase == POWER
    return st


def test_machtverschiebung_totals_differ_negative_ones_included() -> None:
    """ "Dabei muss sich der Gesamtwert von den bereits ausgespielten Werten unterscheiden." """
    st = _after_the_pass()
    p = st.current
    order = [(p + i) % 4 for i in range(4)]
    board = Board.of(st)
    for seat in range(4):
        board.player(seat)["modifiers"] = []
    board.player(order[0])["modifiers"] = [MOD[-2][0]]
    board.player(order[1])["modifiers"] = [MOD[-2][1]]
    st = board.state()
    st.apply(order[0], ("power", 1, MOD[-2][0]))  # 1 - 2 = -1
    moves = st.legal_moves(order[1])
    assert ("power", 1, MOD[-2][1]) not in moves  # -1 again: not allowed
    assert ("power", 2, MOD[-2][1]) in moves  # 0 is free
    st.apply(order[1], ("power", 2, MOD[-2][1]))
    st.apply(order[2], ("power", 13, -1))
    st.apply(order[3], ("power", 5, -1))
    totals = [st.power_total[c] for c in order]
    assert totals == [-1, 0, 13, 5] and len(set(totals)) == 4
    # the turn order follows the totals: 13, 5, 0, and the negative total last
    assert st.turn_order == [order[2], order[3], order[1], order[0]]
    # ... and the lowest total, the negative one, takes the start marker
    bots = [RandomBot(s) for s in range(4)]
    while st.phase != POWER:
        for seat in st.to_move():
            if seat in st.to_move():
                st.apply(seat, bots[seat].choose(SeatAccess(st, seat)))
    assert st.start_player == order[0]


def test_two_vetos_each_used_once() -> None:
    """ "Du legst die Vetokarte offen vor dir aus … einmalig … verhindern … Die Vetokarte legst du
    ab, sobald du sie eingesetzt hast." Two Veto cards (Alte Hasen: the deck has two): two vetos,
    each for its own duration."""
    st = Board(4, "alte_hasen", seed=2).empty().king("Aragón").state()
    for _ in range(2):
        board = Board.of(st, seed=2).turn(2, "veto", court=0)
        st = board.flow(turn_order=[board.name(2), board.name(3)]).state()  # the round goes on after the turn
        st.apply(2, ("special",))
    assert st.vetos[2] == [st.round_index, st.round_index]
    assert st.view(0)["players"][2]["vetos"] == 2
    st = Board.of(st, seed=2).put(1, "Valencia", 3).state()
    for actor in (0, 1):
        board = Board.of(st, seed=2).turn(actor, "fiesta", court=0)
        st = board.flow(turn_order=[board.name(actor), board.name(3)]).state()
        st.apply(actor, ("special",))
        assert st.phase == VETO and st.to_move() == (2,)
        st.apply(2, ("veto", 1))
        assert st.score == [0, 0, 0, 0]
    assert st.vetos[2] == []
    # a third announcement finds no Veto left (the deck has two Fiestas: one comes back from the
    # discard pile for it)
    board = Board.of(st, seed=2)
    board.pos["discard_pile"].remove("fiesta")
    st = board.turn(0, "fiesta", court=0).state()
    st.apply(0, ("special",))
    assert st.phase != VETO and st.score[1] == 5


def test_each_veto_expires_on_its_own() -> None:
    """A Veto lasts the round it is taken in and the next; a younger one outlives an older one."""
    from feldherr.elgrande.rules import flow

    st = Board(4).veto(1, [0, 1]).flow(round_index=1).state()
    flow.end_round(st)
    assert st.vetos[1] == [1]


def test_default_is_the_2023_base_game() -> None:
    """ "Die Stapel 1 bis 4 bestehen aus jeweils 10 Karten." The classic deck stays an option."""

    def sizes(options: dict[str, object]) -> list[int]:
        st = GAME.new_state(options, 5)
        return [len(s) + (1 if st.open_cards[i] >= 0 else 0) for i, s in enumerate(st.stacks)]

    assert GAME.normalize_options({"players": 4})["deck"] == "2023"
    assert sizes({"players": 4})[:4] == [10, 10, 10, 10]
    assert sizes({"players": 4, "deck": "classic"})[:4] == [11, 11, 11, 11]
    base = GAME.new_state({"players": 4}, 5)
    cards = {c for s in base.stacks for c in s} | {c for c in base.open_cards if c >= 0}
    for cid in ("veto", "intrigue_either", "the_court"):  # the 'Alte Hasen' cards are not in it
        assert D.CARD_INDEX[cid] not in cards


def test_modifiers_match_the_rules_notes() -> None:
    """16 modifiers (rulebook: "16 Machtkarten mit grauer Rückseite"): ±1 ×5, ±2 ×2, ±3 ×1."""
    values = D.MODIFIER_VALUES
    assert len(values) == 16
    assert {v: values.count(v) for v in set(values)} == {1: 5, -1: 5, 2: 2, -2: 2, 3: 1, -3: 1}
    assert "x5" in D.DECKS["modifiers"]["provenance"]


# ---------------------------------------------------------------------------- issue 9
def test_floats_and_bools_are_refused_on_every_path() -> None:
    st = Board(4).turn(0, "ihre_majestaet", court=5).king("Aragón").state()
    legal = st.legal_moves(0)
    target = next(m for m in legal if m[0] == "place")
    before = st.digest()
    for bad in (("place", float(target[1])), ("place", True), ("place", str(target[1])), ("place", -0.0)):
        assert bad == target or bad[1] != target[1] or True
        with pytest.raises(MalformedMoveError):
            st.apply(0, bad)
        assert st.digest() == before and st.court[0] == 5
    st = fresh(4)
    st.apply(st.current, ("power", 1, -1))
    while st.phase == POWER:
        seat = st.current
        st.apply(seat, st.legal_moves(seat)[-1])
    seat = st.current
    if st.phase == ACT:
        pytest.skip("no court decision in this seed")
    before = st.digest()
    with pytest.raises(MalformedMoveError):
        st.apply(seat, ("court", 1.0))
    assert st.digest() == before
    assert all(type(x) is int for x in st.court)


def test_bad_seats_are_refused() -> None:
    st = fresh(4)
    for bad in (None, "0", 0.0, True, -1, 10**9):
        with pytest.raises(NotYourTurnError):
            st.legal_moves(bad)  # type: ignore[arg-type]
        with pytest.raises(NotYourTurnError):
            st.apply(bad, ("power", 5, -1))  # type: ignore[arg-type]
        if bad is not None:  # None is the spectator's view
            with pytest.raises(NotYourTurnError):
                st.view(bad)  # type: ignore[arg-type]


def test_legal_moves_is_a_fresh_list() -> None:
    """A caller clearing its list empties neither the state's legal moves nor its clone's."""
    st = fresh(4)
    seat = st.current
    twin = st.clone()
    moves = st.legal_moves(seat)
    expected = list(moves)
    moves.clear()
    assert st.legal_moves(seat) == expected and twin.legal_moves(seat) == expected
    st.legal_moves(seat).append(("power", 99, -1))
    with pytest.raises(RuleError):
        st.apply(seat, ("power", 99, -1))


def test_determinize_keeps_the_view_and_resamples_the_rest() -> None:
    st = fresh(4, "hidden_castillo,machtverschiebung", 4)
    bots = [RandomBot(10 + s) for s in range(4)]
    for _ in range(60):
        for seat in st.to_move():
            if seat in st.to_move():
                st.apply(seat, bots[seat].choose(SeatAccess(st, seat)))
    changed = 0
    for k in range(6):
        sample = st.determinize(1, k)
        assert sample.view(1) == st.view(1)
        assert sample.legal_moves(1) == st.legal_moves(1)
        changed += sample.power_hand != st.power_hand or sample.stacks != st.stacks
        for c in range(4):  # the others' Castillo contents, within the public total
            i = c * D.AREAS + D.CASTILLO
            assert sample.caballeros[i] + sample.province[c] == st.caballeros[i] + st.province[c]
        assert all(e["to"] in (None, 1) for e in sample.log)  # no other seat's private lines
        assert sample.rng.state != st.rng.state
        json.dumps(sample.to_json())
    assert changed
