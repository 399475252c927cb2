"""The worked examples of the 2023 rulebook as scenario tests (seats: you 0, Orange 1, Blue 2, Green 3)."""

from __future__ import annotations

from feldherr.elgrande import data as D
from feldherr.elgrande.rules import flow
from feldherr.elgrande.rules.scoring import score_area
from feldherr.elgrande.state import COURT, DISC, POWER, RECALL, TAKE

from .helpers import GAME, Board, R, count, fresh

YOU, ORANGE, BLUE, GREEN = 0, 1, 2, 3


def test_power_cards_distinct_values_and_turn_order() -> None:
    # p. 4: Green starts with 8, Blue may play anything but 8 (plays 3), Orange neither 8 nor 3
    # (plays 5), you play 9; turns go 9, 8, 5, 3.
    board = Board(4)
    board.pos["flow"].update(start_player=board.name(GREEN), current=board.name(GREEN))
    st = board.state()
    assert st.phase == POWER
    st.apply(GREEN, ("power", 8, -1))
    # seat order is clockwise from the start marker: Green (3) -> you (0) -> Orange (1) -> Blue (2)
    assert st.to_move() == (YOU,)
    assert ("power", 8, -1) not in st.legal_moves(YOU)
    st.apply(YOU, ("power", 9, -1))
    st.apply(ORANGE, ("power", 5, -1))
    assert ("power", 8, -1) not in st.legal_moves(BLUE) and ("power", 5, -1) not in st.legal_moves(BLUE)
    assert ("power", 9, -1) not in st.legal_moves(BLUE)
    st.apply(BLUE, ("power", 3, -1))
    assert st.turn_order == [YOU, GREEN, ORANGE, BLUE]
    assert st.to_move() == (YOU,)


def test_caballeros_to_the_court_fewer_allowed_and_none_for_12() -> None:
    # p. 4: the 9 brings 2 Caballeros; fewer are allowed; 12 and 13 bring none.
    st = fresh(4)
    for seat, v in ((0, 12), (1, 9), (2, 1), (3, 4)):
        st.apply(seat, ("power", v, -1))
    assert st.current == 0 and st.phase == TAKE  # the 12: no court step at all
    st.apply(0, ("take", 0))
    while st.current == 0:
        st.apply(0, st.legal_moves(0)[-1])
    assert st.phase == COURT and st.current == 1
    assert st.legal_moves(1) == [("court", 0), ("court", 1), ("court", 2)]
    court, prov = st.court[1], st.province[1]
    st.apply(1, ("court", 1))
    assert (st.court[1], st.province[1]) == (court + 1, prov - 1)
    assert st.phase == TAKE


def test_court_from_the_regions_when_the_province_is_empty() -> None:
    # p. 4 Sonderfall: own Caballeros may come back from the regions (not from the Castillo).
    board = Board(4).empty().king("Castilla").put(0, "Toledo", 3)
    board.put(0, "Castilla", 2)  # the King's region is taboo
    board.court(0, board.player(0)["court"] + board.player(0)["province"])
    st = board.state()
    for seat, v in ((0, 1), (1, 2), (2, 3), (3, 4)):
        st.apply(seat, ("power", v, -1))
    while st.current != 0:  # the others go first and forgo everything
        seat = st.to_move()[0]
        st.apply(seat, st.legal_moves(seat)[-1])
    assert st.phase == COURT
    assert st.legal_moves(0)[-1] == ("court", 3)  # 6 on the card, but only 3 outside the King's region
    court = st.court[0]
    board = Board.of(st)
    board.put(0, "Sevilla", 1)
    board.court(0, court + board.player(0)["province"])  # the province stays empty
    st = board.state()
    court = st.court[0]
    st.apply(0, ("court", 2))
    assert st.phase == RECALL
    assert st.legal_moves(0) == [("recall", R["Toledo"]), ("recall", R["Sevilla"])]
    st.apply(0, ("recall", R["Toledo"]))
    st.apply(0, ("recall", R["Toledo"]))
    assert st.phase == TAKE and st.court[0] == court + 2
    assert count(st, 0, "Toledo") == 1 and count(st, 0, "Castilla") == 2


def test_placement_targets_around_castilla() -> None:
    # p. 5: King in Castilla -> Galicia, Navarra, Aragón, Toledo and the Castillo.
    st = Board(4).king("Castilla").turn(0, "intrigue", court=5).state()
    places = {m[1] for m in st.legal_moves(0) if m[0] == "place"}
    assert places == {R["Galicia"], R["Navarra"], R["Aragón"], R["Toledo"], D.CASTILLO}


def test_ihre_majestaet_example() -> None:
    # p. 5 example 1: King in Valencia; 2 to Granada, 2 to Toledo, 1 into the Castillo; then the
    # King moves to Toledo.
    st = Board(4).king("Valencia").turn(0, "ihre_majestaet", court=7).state()
    before = {a: count(st, 0, a) for a in ("Granada", "Toledo", "Castillo")}
    for a in ("Granada", "Granada", "Toledo", "Toledo", "Castillo"):
        st.apply(0, ("place", R[a]))
    assert ("place", R["Toledo"]) not in st.legal_moves(0)  # five were allowed, five are placed
    st.apply(0, ("special",))
    assert ("king", R["Valencia"]) not in st.legal_moves(0)
    st.apply(0, ("king", R["Toledo"]))
    assert st.king == R["Toledo"]
    assert count(st, 0, "Granada") == before["Granada"] + 2
    assert count(st, 0, "Toledo") == before["Toledo"] + 2
    assert count(st, 0, "Castillo") == before["Castillo"] + 1
    assert st.phase == POWER  # turn (and the staged round) over
    assert D.KING_CARD not in st.action_discard  # the King's card is never discarded ...
    assert st.open_cards[4] == D.KING_CARD  # ... and open again in the next round


def test_declined_fiesta_changes_no_score() -> None:
    # p. 5 example 2: Fiesta would score the 5-regions; declined, then 1 to Aragón, 2 to Toledo.
    st = Board(4).king("Valencia").turn(0, "fiesta", court=5).state()
    scores = list(st.score)
    st.apply(0, ("nospecial",))
    st.apply(0, ("place", R["Aragón"]))
    st.apply(0, ("place", R["Toledo"]))
    st.apply(0, ("place", R["Toledo"]))
    assert st.score == scores and st.phase == POWER


def test_actions_are_not_split() -> None:
    st = Board(4).king("Valencia").turn(0, "fiesta", court=5).state()
    st.apply(0, ("place", R["Aragón"]))
    assert ("special",) not in st.legal_moves(0)  # placement begun: finish it first
    st.apply(0, ("endplace",))
    assert ("special",) in st.legal_moves(0)


def test_castillo_scoring_example_and_transfer() -> None:
    # p. 7: you 3, Blue 2, Orange 1 in the Castillo -> 5, 3, 1; Green nothing. You move yours to Granada.
    board = Board(4).empty().king("Castilla")
    board.put(YOU, "Castillo", 3).put(BLUE, "Castillo", 2).put(ORANGE, "Castillo", 1)
    board.grandes(["Castilla"] * 4)  # keep the region scoring from adding bonuses
    st = board.state()
    flow.begin_general_scoring(st)
    assert st.phase == DISC and sorted(st.to_move()) == [YOU, ORANGE, BLUE]
    st.apply(YOU, ("disc", R["Granada"]))
    st.apply(ORANGE, ("disc", R["Castilla"]))  # the King's region: back to the court
    court = st.court[ORANGE]
    st.apply(BLUE, ("disc", R["Sevilla"]))
    castillo = next(e for e in st.log if e["k"] == "scored" and e["a"]["r"] == "Castillo")
    assert castillo["a"]["pts"] == [5, 1, 3, 0]
    assert count(st, YOU, "Castillo") == 0 and st.court[ORANGE] == court + 1


def test_galicia_navarra_sevilla_granada_examples() -> None:
    board = Board(4).empty().king("Granada").grandes(["Granada", "Aragón", "Sevilla", "Navarra"])
    # Galicia 4/2/0: Orange 4, Blue 3, you 2 -> 4, 2, 0; Green (none) 0
    board.put(ORANGE, "Galicia", 4).put(BLUE, "Galicia", 3).put(YOU, "Galicia", 2)
    # Navarra 5/3/1: you, Blue, Green 2 each -> all 3 (Green's Grande gives nothing); Orange 1 -> 1
    for c in (YOU, BLUE, GREEN):
        board.put(c, "Navarra", 2)
    board.put(ORANGE, "Navarra", 1)
    # Sevilla 4/3/1: Blue and Green 2 each -> 3 each, no Grande bonus for Blue; you 1 -> 1
    board.put(BLUE, "Sevilla", 2).put(GREEN, "Sevilla", 2).put(YOU, "Sevilla", 1)
    # Granada 6/3/1: you 3 with your Grande in the King's region -> 6 + 2 + 2 = 10; Orange and Green 1 each
    board.put(YOU, "Granada", 3).put(ORANGE, "Granada", 1).put(GREEN, "Granada", 1)
    st = board.state()
    assert score_area(st, R["Galicia"]) == [0, 4, 2, 0]
    assert score_area(st, R["Navarra"]) == [3, 1, 3, 3]
    assert score_area(st, R["Sevilla"]) == [1, 0, 3, 3]
    assert score_area(st, R["Granada"]) == [10, 1, 0, 1]


def test_three_players_use_two_values_only() -> None:
    board = Board(3).empty().king("Galicia").grandes(["Galicia"] * 3)
    st = board.put(0, "Navarra", 3).put(1, "Navarra", 2).put(2, "Navarra", 1).state()
    assert score_area(st, R["Navarra"]) == [5, 3, 0]


def test_aussenposten_with_mobile_scoreboards() -> None:
    # p. 11: all 4-regions: Sevilla, Cataluña and Toledo (4/0/0 on it), not Galicia (8/4/0 on it).
    board = Board(4).empty().king("Aragón")
    board.pos["scoreboards"] = ["Galicia", "Toledo"]
    for a in ("Galicia", "Sevilla", "Cataluña", "Toledo", "Navarra"):
        board.put(YOU, a, 1)
    st = board.turn(YOU, "aussenposten", court=0).state()
    st.apply(YOU, ("special",))
    scored = [e["a"]["r"] for e in st.log if e["k"] == "scored"]
    assert scored == ["Cataluña", "Toledo", "Sevilla"]
    assert st.score[YOU] == 4 * 3


def test_intrigue_example() -> None:
    # p. 10: 1 own from Granada to Castilla, 1 own into the Castillo, 1 green to Valencia, 1 blue to Castilla.
    board = Board(4).empty().king("Aragón")
    board.put(YOU, "Granada", 3).put(GREEN, "Toledo", 2).put(BLUE, "Sevilla", 2)
    st = board.turn(YOU, "intrigue", court=0).state()
    st.apply(YOU, ("special",))
    for move in (
        ("from", YOU, R["Granada"]),
        ("to", R["Castilla"]),
        ("from", YOU, R["Granada"]),
        ("to", D.CASTILLO),
    ):
        st.apply(YOU, move)
    assert ("from", YOU, R["Granada"]) not in st.legal_moves(YOU)  # two own moved already
    st.apply(YOU, ("from", GREEN, R["Toledo"]))
    assert ("to", R["Aragón"]) not in st.legal_moves(YOU)  # never into the King's region
    st.apply(YOU, ("to", R["Valencia"]))
    st.apply(YOU, ("from", BLUE, R["Sevilla"]))
    st.apply(YOU, ("to", R["Castilla"]))
    assert count(st, YOU, "Castilla") == 1 and count(st, YOU, "Castillo") == 1
    assert count(st, GREEN, "Valencia") == 1 and count(st, BLUE, "Castilla") == 1
    assert st.phase == POWER


def test_rueckzug_example() -> None:
    # p. 10: Orange returns 3 from the court; Blue 2 from the court and 1 from Valencia; Green 2 from
    # Toledo and 1 from Valencia. Orange (left of you) goes first.
    board = Board(4).empty().king("Aragón")
    for seat, k in enumerate([5, 5, 2, 0]):
        board.court(seat, k)
    board.put(BLUE, "Valencia", 2).put(GREEN, "Toledo", 3).put(GREEN, "Valencia", 1)
    st = board.turn(YOU, "rueckzug", court=0).state()
    st.apply(YOU, ("special",))
    # Orange has Caballeros only at court: her three returns are forced and taken automatically
    assert st.court[ORANGE] == 2
    assert st.to_move() == (BLUE,)
    st.apply(BLUE, ("ret", -1))
    st.apply(BLUE, ("ret", -1))
    # Blue's third one can only come from Valencia now: forced, taken automatically
    assert st.to_move() == (GREEN,)
    st.apply(GREEN, ("ret", R["Toledo"]))
    st.apply(GREEN, ("ret", R["Toledo"]))
    st.apply(GREEN, ("ret", R["Valencia"]))
    assert st.court[:4] == [0, 2, 0, 0]  # you, Orange, Blue, Green
    assert count(st, BLUE, "Valencia") == 1 and count(st, GREEN, "Toledo") == 1
    assert count(st, GREEN, "Valencia") == 0 and st.phase == POWER


def test_umsturz_example() -> None:
    # p. 11: you choose Toledo; Orange moves 1 to Cataluña, Blue 2 to Granada, Green 2 to Valencia.
    board = Board(4).empty().king("Aragón")
    board.put(YOU, "Toledo", 2).put(ORANGE, "Toledo", 1).put(BLUE, "Toledo", 2).put(GREEN, "Toledo", 2)
    st = board.turn(YOU, "umsturz", court=0).state()
    st.apply(YOU, ("special",))
    st.apply(YOU, ("pick", R["Toledo"]))
    assert st.phase == DISC and sorted(st.to_move()) == [ORANGE, BLUE, GREEN]
    assert ("disc", R["Toledo"]) not in st.legal_moves(ORANGE)
    st.apply(ORANGE, ("disc", R["Cataluña"]))
    st.apply(BLUE, ("disc", R["Granada"]))
    st.apply(GREEN, ("disc", R["Valencia"]))
    assert (count(st, ORANGE, "Cataluña"), count(st, BLUE, "Granada"), count(st, GREEN, "Valencia")) == (
        1,
        2,
        2,
    )
    assert count(st, YOU, "Toledo") == 2 and count(st, BLUE, "Toledo") == 0


def test_machtverschiebung_totals() -> None:
    # p. 10: 9 + 1 = 10 is fine after a 9; after an 8, 7 + 1 (= 8) is not.
    st = fresh(4, "machtverschiebung")
    for seat in range(4):
        st.apply(seat, st.legal_moves(seat)[0])
    assert st.phase == POWER
    pluses = [i for i, v in enumerate(D.MODIFIER_VALUES) if v == 1]  # five +1 cards, each once

    def hand_out(board: Board, seat: int, card: int) -> None:
        for player in board.pos["players"]:
            player["modifiers"] = [c for c in player["modifiers"] if c != card]
        board.player(seat)["modifiers"].append(card)

    seat = st.to_move()[0]
    nxt = (seat + 1) % 4
    plus = pluses[1]  # the next player's +1
    board = Board.of(st)
    hand_out(board, seat, pluses[0])
    hand_out(board, nxt, plus)
    st = board.state()
    st.apply(seat, ("power", 9, -1))
    assert ("power", 9, plus) in st.legal_moves(nxt)
    assert ("power", 8, plus) not in st.legal_moves(nxt)  # 8 + 1 = 9 is taken
    st2 = fresh(4, "machtverschiebung")
    for s in range(4):
        st2.apply(s, st2.legal_moves(s)[0])
    seat = st2.to_move()[0]
    nxt = (seat + 1) % 4
    board = Board.of(st2)
    hand_out(board, nxt, plus)
    st2 = board.state()
    st2.apply(seat, ("power", 8, -1))
    assert ("power", 7, plus) not in st2.legal_moves(nxt)
    st2.apply(nxt, ("power", 9, plus))
    assert st2.power_total[nxt] == 10


def test_start_marker_goes_to_the_lowest_card() -> None:
    st = fresh(4)
    for seat, v in ((0, 13), (1, 12), (2, 2), (3, 11)):
        st.apply(seat, ("power", v, -1))
    while st.round == 1:
        seat = st.to_move()[0]
        st.apply(seat, st.legal_moves(seat)[-1])
    assert st.start_player == 2 and st.current == 2 and st.phase == POWER


def test_round_end_discards_the_unused_card_but_keeps_the_kings_card() -> None:
    st = fresh(4)
    up = list(st.open_cards)
    for seat, v in ((0, 13), (1, 12), (2, 2), (3, 11)):
        st.apply(seat, ("power", v, -1))
    taken = []
    while st.round == 1:
        seat = st.to_move()[0]
        if st.phase == TAKE:
            stack = (
                4 if 4 in [s for s, c in enumerate(st.open_cards) if c >= 0] else st.legal_moves(seat)[0][1]
            )
            taken.append(stack)
            st.apply(seat, ("take", stack))
            continue
        st.apply(seat, st.legal_moves(seat)[-1])
    assert st.open_cards[4] == D.KING_CARD
    unused = [up[s] for s in range(5) if s not in taken]
    assert len(unused) == 1 and unused[0] in st.action_discard


def test_move_codec_round_trip() -> None:
    for move in [
        ("power", 9, -1),
        ("power", 3, 2),
        ("place", R["Toledo"]),
        ("recall", -1),
        ("ret", -1),
        ("from", 2, R["Aragón"]),
        ("board", 1, D.CASTILLO),
        ("king", D.FRANCE),
        ("endplace",),
    ]:
        assert GAME.move_from_json(GAME.move_to_json(move)) == move
    assert GAME.move_to_json(("place", R["Aragón"])) == ["place", "Aragón"]
    assert GAME.move_from_json(["place", "Aragon"]) == ("place", R["Aragón"])


def test_setup_for_four() -> None:
    # pp. 2-3 "Aufbau" (4 players): 13 power cards each, the King and each Grande on a region card
    # of its own with 2 Caballeros beside the Grande, 7 at court ("Hof"), the other 21 of the 30 in
    # the province; stacks 1-4 of 10 cards with the top one open, stack 5 the King's card alone.
    st = fresh(4, seed=3)
    assert [bin(h).count("1") for h in st.power_hand] == [13] * 4
    assert len({st.king, *st.grande}) == 5 and all(g < D.NREG for g in st.grande) and st.king < D.NREG
    for seat in range(4):
        row = st.caballeros[seat * D.AREAS : (seat + 1) * D.AREAS]
        assert row[st.grande[seat]] == 2 and sum(row) == 2
        assert (st.court[seat], st.province[seat]) == (7, 21)
    assert [len(s) + 1 for s in st.stacks[:4]] == [10] * 4
    assert st.open_cards[4] == D.KING_CARD and st.stacks[4] == [D.KING_CARD]
    assert st.score == [0] * 4 and st.round == 1 and st.start_player == 0 and st.phase == POWER


def test_gesetzeserlass_example_lowers_castilla() -> None:
    # p. 8: "Du legst die Wertungstafel nach Castilla, um die Punkte in dieser Region bei einer
    # Wertung zu reduzieren." Castilla prints 6/4/2; the 4/0/0 board replaces it.
    board = Board(4).empty().king("Sevilla").grandes(["Galicia"] * 4)
    board.put(YOU, "Castilla", 1).put(ORANGE, "Castilla", 3).put(BLUE, "Castilla", 2)
    st = board.turn(YOU, "gesetzeserlass", court=0).state()
    assert score_area(st.clone(), R["Castilla"]) == [2, 6, 4, 0]
    st.apply(YOU, ("special",))
    st.apply(YOU, ("board", 1, R["Castilla"]))
    assert st.scoreboards[1] == R["Castilla"]
    assert score_area(st, R["Castilla"]) == [0, 4, 0, 0]


def test_alte_hasen_example() -> None:
    # p. 10: "Verwendest du alle, legst du also 2 Karten vom 2er Stapel sowie je 1 Karte vom 1er
    # und 4er Stapel zurück in die Schachtel" - each stack keeps its 10 cards.
    st = fresh(4, "alte_hasen", seed=7)
    stacks = [[*s, st.open_cards[i]] for i, s in enumerate(st.stacks[:4])]
    assert [len(s) for s in stacks] == [10] * 4
    base = fresh(4, seed=7)
    base_cards = [sorted([*s, base.open_cards[i]]) for i, s in enumerate(base.stacks[:4])]
    added = {1: ["intrigue_either"], 2: ["veto", "veto"], 3: [], 4: ["the_court"]}
    for n, stack in enumerate(stacks, start=1):
        new = [D.CARD_IDS[c] for c in stack if D.CARD_IDS[c] in {"intrigue_either", "veto", "the_court"}]
        assert sorted(new) == added[n]
        kept = list(base_cards[n - 1])
        for c in stack:  # the others all come from the base stack, one card fewer per added card
            if D.CARD_IDS[c] not in added[n]:
                kept.remove(c)
        assert len(kept) == len(added[n])


def test_neue_regentschaft_fifth_stack() -> None:
    # p. 10: "Lege jedoch die 5er Aktionskarte („Ihre Majestät") zurück in die Schachtel. Mische die
    # zehn 5er Aktionskarten ... Am Ende der Runde kommt die Karte (egal, ob sie genutzt wurde) auf
    # den Ablagestapel und du deckst eine neue Karte auf."
    st = fresh(4, "neue_regentschaft", seed=2)
    fifth = [*st.stacks[4], st.open_cards[4]]
    assert len(fifth) == 10 and D.KING_CARD not in fifth
    assert all(D.CARD_PLACE[c] == 5 for c in fifth)
    assert all(D.KING_CARD not in s for s in st.stacks)
    first = st.open_cards[4]
    for seat, v in ((0, 13), (1, 12), (2, 11), (3, 10)):
        st.apply(seat, ("power", v, -1))
    while st.round == 1:  # nobody takes the 5-card
        seat = st.to_move()[0]
        if st.phase == TAKE:
            st.apply(seat, next(m for m in st.legal_moves(seat) if m[1] != 4))
        else:
            st.apply(seat, st.legal_moves(seat)[-1])
    assert first in st.action_discard and st.open_cards[4] not in (first, -1)
    assert len(st.stacks[4]) == 8


def test_two_players_region_cards() -> None:
    # p. 9: "Hat der Dummy alle 30 Caballeros auf dem Spielplan, ziehst du keine weiteren
    # Regionenkarten." and "Nach jeder allgemeinen Wertung mischst du **alle** Regionenkarten."
    board = Board(2).empty().king("Galicia")
    dummy = board.player(2)
    dummy["province"], dummy["caballeros"] = 0, {"Sevilla": 20, "Castillo": 10}
    st = board.hidden(region_deck=["Granada", "Toledo", "Aragón"]).state()
    flow._dummy_regions(st)
    assert len(st.region_deck) == 3 and count(st, 2, "Granada") == 0
    st = Board(2).empty().king("Galicia").hidden(region_deck=["Granada"]).state()
    flow._dummy_regions(st)  # two cards are drawn, but only one is left
    assert count(st, 2, "Granada") == 2 and st.region_deck == []
    flow.begin_general_scoring(st)
    flow.run_on(st)  # nobody has anything in the Castillo: no disc to wait for
    # all nine shuffled again; round 2 has begun and drawn its two
    assert st.round == 2 and len(set(st.region_deck)) == len(st.region_deck) == D.NREG - 2


def test_two_players_the_dummy_is_left_out() -> None:
    # p. 9: "Benötigt eine Aktionskarte eine Entscheidung oder Aktion des Dummys (z.B. Wähle eine
    # Region), lasst ihr den Dummy aus." Rückzug ("Alle anderen müssen je 3 eigene ...") leaves
    # the dummy's Caballeros; Intrigue may move them ("nach den üblichen Regeln versetzen").
    board = Board(2).empty().king("Galicia").put(2, "Toledo", 4).put(ORANGE, "Toledo", 2).court(ORANGE, 1)
    st = board.turn(YOU, "rueckzug", court=0).state()
    st.apply(YOU, ("special",))  # Orange has exactly 3: all go back, no choice left
    assert count(st, ORANGE, "Toledo") == 0 and st.court[ORANGE] == 0
    assert not any(e["k"] == "returned" and e["a"]["p"] == 2 for e in st.log)
    assert count(st, 2, "Toledo") >= 4  # (the next round's region cards may add to them)
    st = Board(2).empty().king("Galicia").put(2, "Toledo", 2).turn(YOU, "intrigue", court=0).state()
    st.apply(YOU, ("special",))
    assert ("from", 2, R["Toledo"]) in st.legal_moves(YOU)
