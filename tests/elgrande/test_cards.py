"""The 2023 card explanations (rulebook p. 12), the Veto flow and the two-player dummy."""

from __future__ import annotations

from feldherr.elgrande import data as D
from feldherr.elgrande.rules import flow
from feldherr.elgrande.rules.scoring import points_of, score_area
from feldherr.elgrande.state import ACT, DISC, POWER, VETO

from .helpers import Board, R, count, fresh

NR = "neue_regentschaft"


def test_veto_announce_and_prevent() -> None:
    st = Board(4).empty().king("Aragón").veto(2, [0]).put(1, "Toledo", 3).turn(0, "fiesta", court=0).state()
    st.apply(0, ("special",))  # announced: the Veto holder decides at once
    assert st.phase == VETO and st.to_move() == (2,)
    st.apply(2, ("veto", 1))
    assert st.score == [0, 0, 0, 0] and st.vetos[2] == []
    # a held Veto lasts this and the next round only
    st2 = Board(4).veto(1, [0]).flow(round_index=1).state()
    flow.end_round(st2)
    assert st2.vetos[1] == []


def test_veto_declined_lets_the_action_run() -> None:
    st = Board(4).empty().king("Aragón").veto(3, [0]).put(1, "Valencia", 3).turn(0, "fiesta", court=0).state()
    st.apply(0, ("special",))
    st.apply(3, ("veto", 0))
    assert st.score[1] == 5 and len(st.vetos[3]) == 1


def test_ermaechtigung_keeps_the_start_marker_case() -> None:
    st = fresh(4)
    for seat, v in ((0, 1), (1, 5), (2, 6), (3, 7)):
        st.apply(seat, ("power", v, -1))
    while st.current != 0:
        seat = st.to_move()[0]
        st.apply(seat, st.legal_moves(seat)[-1])
    board = Board.of(st).turn(0, "ermaechtigung", court=0)
    st = board.flow(turn_order=[board.name(s) for s in (1, 2, 3, 0)], turn_index=3).state()
    st.apply(0, ("special",))  # only the card just played can go back: taken automatically
    assert st.power_hand[0] >> 1 & 1
    assert st.phase == POWER and st.start_player == 0  # still the lowest card of the round: start marker
    assert not st.power_discard[0] >> 1 & 1


def test_revolte_makes_the_castillo_the_kings_region() -> None:
    st = Board(4, NR).empty().king("Toledo").turn(0, "revolte", court=5).state()
    st.apply(0, ("special",))
    assert st.king == D.CASTILLO
    places = {m[1] for m in st.legal_moves(0) if m[0] == "place"}
    assert places == set(range(9))  # every region neighbours the Castillo, which is now taboo
    st = Board.of(st).put(0, "Castillo", 2).put(1, "Castillo", 1).state()
    flow.begin_general_scoring(st)
    assert st.phase != DISC and count(st, 0, "Castillo") == 2  # thrown back, not moved
    castillo = next(e for e in st.log if e["k"] == "scored" and e["a"]["r"] == "Castillo")
    assert castillo["a"]["pts"][0] == 5 + D.KING_BONUS


def test_landsitz_fewest_but_not_empty() -> None:
    board = Board(4, NR).empty().king("Toledo")
    board.put(0, "Galicia", 3).put(1, "Sevilla", 1).put(2, "Navarra", 1).put(3, "Toledo", 1)
    st = board.turn(0, "landsitz", court=0).state()
    st.apply(0, ("special",))
    assert sorted(m[1] for m in st.legal_moves(0)) == [R["Navarra"], R["Sevilla"]]
    st.apply(0, ("king", R["Sevilla"]))
    assert st.king == R["Sevilla"]


def test_gefolge_takes_two_along() -> None:
    st = Board(4, NR).empty().king("Toledo").put(1, "Toledo", 3).turn(0, "gefolge", court=0).state()
    st.apply(0, ("special",))
    st.apply(0, ("king", R["Galicia"]))
    assert count(st, 1, "Galicia") == 2 and count(st, 1, "Toledo") == 1  # forced: one colour only
    st2 = Board(4, NR).empty().king("Toledo").put(2, "Toledo", 1).turn(0, "gefolge", court=0).state()
    st2.apply(0, ("special",))
    st2.apply(0, ("king", R["Galicia"]))
    assert count(st2, 2, "Galicia") == 1  # only one there: the second is forfeited


def test_exil_and_france_neighbours() -> None:
    st = Board(4, NR).king("Toledo").turn(0, "exil", court=5).state()
    st.apply(0, ("special",))
    assert ("king", D.FRANCE) in st.legal_moves(0)
    st.apply(0, ("king", D.FRANCE))
    places = {m[1] for m in st.legal_moves(0) if m[0] == "place"}
    assert places == {*D.NEIGHBOURS[D.FRANCE], D.CASTILLO}
    st = Board.of(st).turn(0, "nr_majestaet", court=5).state()  # (Neue Regentschaft's Majestät)
    st.apply(0, ("special",))
    assert ("king", D.FRANCE) not in st.legal_moves(0) and ("king", D.PORTUGAL) not in st.legal_moves(0)


def test_vertretung_swaps_king_and_grande() -> None:
    st = Board(4, NR).king("Toledo").grande(0, "Galicia").turn(0, "vertretung", court=0).state()
    st.apply(0, ("special",))
    assert (st.king, st.grande[0]) == (R["Galicia"], R["Toledo"])
    board = Board.of(st).king(D.AREA_NAMES[D.FRANCE])
    board.pos["discard_pile"].remove("vertretung")  # (the deck has one: the same card again)
    st = board.turn(0, "vertretung", court=0).state()
    assert ("special",) not in st.legal_moves(0)


def test_konkurrenz_and_offenbarung() -> None:
    board = Board(4, NR).empty().king("Toledo").grande(0, "Galicia")
    st = board.put(0, "Castillo", 2).put(1, "Castillo", 1).turn(0, "konkurrenz", court=0).state()
    st.apply(0, ("special",))
    assert st.grande[0] == D.CASTILLO
    st = Board.of(st).turn(1, "offenbarung", court=0).state()
    st.apply(1, ("special",))
    assert st.score[0] == 5 + D.GRANDE_BONUS and st.score[1] == 3
    assert count(st, 0, "Castillo") == 2 and st.grande[0] == D.CASTILLO  # all thrown back
    flow.begin_general_scoring(st)
    st.apply(0, ("disc", R["Sevilla"]))
    if st.phase == DISC:
        st.apply(1, ("disc", R["Sevilla"]))
    assert st.grande[0] == R["Sevilla"] and count(st, 0, "Sevilla") == 2


def test_miliz_anywhere_but_not_castillo_or_kings_region() -> None:
    st = Board(4, "deck_2023").king("Toledo").turn(0, "miliz", court=5).state()
    st.apply(0, ("special",))
    targets = {m[1] for m in st.legal_moves(0) if m[0] == "fplace"}
    assert targets == set(range(9)) - {R["Toledo"]}
    st.apply(0, ("fplace", R["Galicia"]))
    st.apply(0, ("fplace", R["Galicia"]))
    assert st.phase == ACT and st.special_stage == 2


def test_buergerkrieg_only_the_others_choose() -> None:
    board = Board(4, "deck_2023").empty().king("Toledo")
    board.put(0, "Galicia", 2).put(1, "Galicia", 2).put(1, "Sevilla", 1).put(2, "Sevilla", 2)
    st = board.turn(0, "buergerkrieg", court=0).state()
    st.apply(0, ("special",))
    assert sorted(st.to_move()) == [1, 2]  # not you; not seat 3 (no Caballero in a region)
    assert st.legal_moves(2) == [("disc", R["Sevilla"])]
    st.apply(1, ("disc", R["Galicia"]))
    st.apply(2, ("disc", R["Sevilla"]))
    assert count(st, 1, "Galicia") == 0 and count(st, 2, "Sevilla") == 0 and count(st, 0, "Galicia") == 2


def test_gesetzeserlass_never_into_or_out_of_the_kings_region() -> None:
    board = Board(4, "deck_2023").king("Toledo")
    board.pos["scoreboards"] = ["Toledo", None]
    st = board.turn(0, "gesetzeserlass", court=0).state()
    st.apply(0, ("special",))
    moves = st.legal_moves(0)
    assert all(m[1] == 1 for m in moves) and ("board", 1, R["Toledo"]) not in moves
    st.apply(0, ("board", 1, D.CASTILLO))
    assert points_of(st, D.CASTILLO) == D.SCOREBOARDS[1]


def test_wahlheimat_shared_regions_allowed() -> None:
    board = Board(4).king("Toledo").grandes(["Galicia", "Sevilla", "Navarra", "Aragón"])
    st = board.turn(0, "wahlheimat", court=0).state()
    st.apply(0, ("special",))
    assert ("grande", R["Sevilla"]) in st.legal_moves(0) and ("grande", R["Toledo"]) not in st.legal_moves(0)
    st.apply(0, ("grande", R["Sevilla"]))
    assert st.grande[0] == st.grande[1]


def test_two_player_dummy() -> None:
    st = fresh(2)
    assert st.colours == 3 and st.dummy == 2 and len(st.open_cards) == 4  # stacks 2 and 3 merged
    assert st.power_played[2] > 0  # the dummy's card is revealed before anyone plays
    placed = sum(st.caballeros[2 * D.AREAS : 3 * D.AREAS])
    assert placed in (0, 2, 4) and D.CABALLEROS - st.province[2] == placed
    for seat in st.to_move():
        assert ("power", st.power_played[2], -1) not in st.legal_moves(seat)
    board = Board(2).empty().put(2, "Galicia", 5).put(0, "Galicia", 2)
    st = board.grandes(["Sevilla", "Sevilla"]).king("Sevilla").state()
    assert score_area(st, R["Galicia"]) == [2, 0]  # the dummy takes first place but scores nothing


def test_dummy_takes_the_highest_card() -> None:
    st = fresh(2, seed=5)
    while st.phase == POWER:
        seat = st.to_move()[0]
        st.apply(seat, st.legal_moves(seat)[0])
    taken = [e for e in st.log if e["k"] == "dummy_take"]
    if st.power_played[2] > max(st.power_played[:2]):
        assert taken and taken[0]["a"]["card"] == "ihre_majestaet"


def test_short_game_has_six_rounds() -> None:
    st = fresh(4, "short")
    rounds = []
    while not st.is_terminal():
        if st.round not in rounds:
            rounds.append(st.round)
        seat = st.to_move()[0]
        st.apply(seat, st.legal_moves(seat)[0])
    assert rounds == [2, 3, 5, 6, 8, 9]
    assert sum(1 for e in st.log if e["k"] == "scoring") == 3


def test_machtverschiebung_pass_one_to_the_left() -> None:
    st = fresh(3, "machtverschiebung")
    hands = list(st.modifier_hand)
    assert all(bin(h).count("1") == 3 for h in hands)
    passed = []
    for seat in (0, 1, 2):
        move = st.legal_moves(seat)[1]
        passed.append(move[1])
        st.apply(seat, move)
    assert st.phase == POWER
    for seat in (0, 1, 2):
        assert bin(st.modifier_hand[seat]).count("1") == 3
        assert st.modifier_hand[seat] >> passed[(seat - 1) % 3] & 1  # received from the right-hand neighbour
        assert not st.modifier_hand[seat] >> passed[seat] & 1


def test_three_players_merged_stacks_and_dummy_skips_the_kings_region() -> None:
    assert len(fresh(3, "merged_stacks").open_cards) == 4 and len(fresh(3).open_cards) == 5
    board = Board(2)
    king = board.pos["king"]
    st = board.hidden(region_deck=[king, "Granada"]).state()  # the next card shows the King's region
    before = st.province[2]
    flow._dummy_regions(st)
    assert st.province[2] == before - 2 and count(st, 2, "Granada") >= 2
    assert count(st, 2, D.AREA_NAMES[st.king]) == 0 or st.king == R["Granada"]


def test_machtverschiebung_start_marker_to_the_lowest_total() -> None:
    st = fresh(3, "machtverschiebung")
    for seat in (0, 1, 2):
        st.apply(seat, st.legal_moves(seat)[0])
    plus3 = D.MODIFIER_VALUES.index(3)
    minus3 = D.MODIFIER_VALUES.index(-3)
    first = st.to_move()[0]
    second, third = (first + 1) % 3, (first + 2) % 3
    board = Board.of(st)
    for seat, card in ((first, plus3), (second, minus3)):  # each modifier card exists once
        for player in board.pos["players"]:
            player["modifiers"] = [c for c in player["modifiers"] if c != card]
        board.player(seat)["modifiers"].append(card)
    st = board.state()
    st.apply(first, ("power", 2, plus3))  # total 5, the lowest card
    st.apply(second, ("power", 4, minus3))  # total 1, the lowest total
    st.apply(third, ("power", 9, -1))
    assert st.turn_order[-1] == second
    while st.phase != POWER:
        seat = st.to_move()[0]
        st.apply(seat, st.legal_moves(seat)[-1])
    assert st.start_player == second
