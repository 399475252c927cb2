"""Rulebook cases of the 2023 El Grande rulebook that no worked example covers: each test sets up the
situation a sentence of the text describes and asserts what the sentence says (seats: you 0,
Orange 1, Blue 2, Green 3)."""

from __future__ import annotations

from feldherr.elgrande import data as D
from feldherr.elgrande.game import ElGrandeState
from feldherr.elgrande.rules import flow
from feldherr.elgrande.rules.scoring import score_area
from feldherr.elgrande.state import ABILITY, COURT, POWER, TAKE

from .helpers import Board, R, count

YOU, ORANGE, BLUE, GREEN = 0, 1, 2, 3
NR = "neue_regentschaft"


def _scored(st: ElGrandeState, area: str) -> list[int]:
    """The points of ``area``'s one scoring in the log."""
    return list(next(e for e in st.log if e["k"] == "scored" and e["a"]["r"] == area)["a"]["pts"])


def fresh_mv() -> ElGrandeState:
    """A four-player Machtverschiebung game with the modifiers passed (power card phase)."""
    st = Board(4, "machtverschiebung").state()
    for seat in range(4):
        st.apply(seat, st.legal_moves(seat)[0])
    assert st.phase == POWER
    return st


# ------------------------------------------------------------------------------------- scoring


def test_a_grande_alone_scores_nothing() -> None:
    """ "Wer keinen Caballero im gewerteten Gebiet hat, bekommt auch keine Punkte." and "Die
    Granden geben Bonuspunkte ..., werden aber bei der Bestimmung der Mehrheiten nicht mitgezählt":
    your Grande alone in Galicia (4/2/0) gives you nothing; Orange's one Caballero is first."""
    board = Board(4).empty().king("Sevilla").grandes(["Galicia", "Granada", "Granada", "Granada"])
    st = board.put(ORANGE, "Galicia", 1).state()
    assert score_area(st, R["Galicia"]) == [0, 4, 0, 0]


def test_a_tie_for_first_in_the_kings_region_gives_no_bonus() -> None:
    """ "Hinweis: Bei Gleichstand bekommst du also nie Bonuspunkte." The King and your Grande stand
    in Castilla (6/4/2): you and Orange tie at 3 and both get the second value, 4, and no bonus;
    Blue alone behind the tie takes the third place, 2."""
    board = Board(4).empty().king("Castilla").grandes(["Castilla", "Castilla", "Galicia", "Galicia"])
    st = board.put(YOU, "Castilla", 3).put(ORANGE, "Castilla", 3).put(BLUE, "Castilla", 1).state()
    assert score_area(st, R["Castilla"]) == [4, 4, 2, 0]


def test_a_tie_for_third_pays_nothing() -> None:
    """ "bekommen alle Beteiligten die Punkte für die nächstniedrigere Position": tied for the
    third place, Blue and Green get the fourth, and there is none (Navarra 5/3/1)."""
    board = Board(4).empty().king("Galicia").grandes(["Galicia"] * 4)
    board.put(YOU, "Navarra", 4).put(ORANGE, "Navarra", 3).put(BLUE, "Navarra", 2).put(GREEN, "Navarra", 2)
    assert score_area(board.state(), R["Navarra"]) == [5, 3, 0, 0]


def test_the_castillo_ties_like_a_region() -> None:
    """ "Haben mehrere von euch bei einer Wertung gleich viele Caballeros in einer Region oder im
    Castillo, bekommen alle Beteiligten die Punkte für die nächstniedrigere Position": you and Blue
    tie with 2 in the Castillo (5/3/1) and get 3 each; Orange with 1 gets 1."""
    board = Board(4).empty().king("Galicia").grandes(["Galicia"] * 4)
    board.put(YOU, "Castillo", 2).put(BLUE, "Castillo", 2).put(ORANGE, "Castillo", 1)
    st = board.state()
    flow.begin_general_scoring(st)
    for seat in (YOU, ORANGE, BLUE):
        st.apply(seat, ("disc", R["Sevilla"]))
    assert _scored(st, "Castillo") == [3, 1, 3, 0]


def test_the_castillo_pays_three_places_once_and_two_with_three_players() -> None:
    """The Castillo's board: "bekommt die Person mit den meisten Caballeros 5 Punkte, die mit den
    zweitmeisten 3 Punkte, und die Person mit den drittmeisten Caballeros noch 1 Punkt" and "Ihr
    wertet das Castillo wie die Regionen immer nur 1 Mal"; with three players "Es gelten nur die
    ersten beiden Zahlen der Wertungstafeln"."""
    for players, third in ((4, 1), (3, 0)):
        board = Board(players).empty().king("Galicia").grandes(["Galicia"] * players)
        board.put(YOU, "Castillo", 3).put(ORANGE, "Castillo", 2).put(BLUE, "Castillo", 1)
        st = board.state()
        flow.begin_general_scoring(st)
        for seat in (YOU, ORANGE, BLUE):
            st.apply(seat, ("disc", R["Sevilla"]))
        assert sum(1 for e in st.log if e["k"] == "scored" and e["a"]["r"] == "Castillo") == 1
        assert _scored(st, "Castillo")[:3] == [5, 3, third]


def test_a_scoreboard_keeps_the_king_and_grande_bonus() -> None:
    """ "Auch in Regionen mit so einer besonderen Wertungstafel bekommst du den Königs- und
    Grandenbonus." The King moved to Toledo where the 4/0/0 board lies; you are alone first there
    with your Grande: 4 + 2 + 2."""
    board = Board(4).empty().king("Toledo").grandes(["Toledo", "Galicia", "Galicia", "Galicia"])
    board.pos["scoreboards"] = [None, "Toledo"]
    st = board.put(YOU, "Toledo", 2).put(ORANGE, "Toledo", 1).state()
    assert score_area(st, R["Toledo"]) == [4 + D.KING_BONUS + D.GRANDE_BONUS, 0, 0, 0]


def test_a_special_scoring_pays_the_bonuses_too() -> None:
    """ "Sowohl der Grandenbonus als auch der Königsbonus können dir zusätzlich Punkte bringen" and
    "Wenn du eine Region auswählen darfst, darfst du auch die Königsregion werten": the scoring of
    a chosen region scores the King's region Sevilla (4/3/1) with both bonuses."""
    board = Board(4).empty().king("Sevilla").grandes(["Sevilla", "Galicia", "Galicia", "Galicia"])
    board.put(YOU, "Sevilla", 3).put(ORANGE, "Sevilla", 1)
    st = board.turn(YOU, "score_choose", court=0).state()
    st.apply(YOU, ("special",))
    assert ("pick", R["Sevilla"]) in st.legal_moves(YOU)
    st.apply(YOU, ("pick", R["Sevilla"]))
    assert st.score[:2] == [4 + D.KING_BONUS + D.GRANDE_BONUS, 3]


def test_one_scoreboard_a_region() -> None:
    """ "In einer Region und beim Castillo darf höchstens eine dieser Wertungstafeln liegen" and
    Gesetzeserlass "lege sie auf ein freies Wertungsfeld": neither board goes where the other lies."""
    board = Board(4).king("Sevilla")
    board.pos["scoreboards"] = ["Toledo", "Castillo"]
    st = board.turn(YOU, "gesetzeserlass", court=0).state()
    st.apply(YOU, ("special",))
    moves = st.legal_moves(YOU)
    assert ("board", 0, D.CASTILLO) not in moves and ("board", 1, R["Toledo"]) not in moves
    assert ("board", 0, R["Galicia"]) in moves and ("board", 1, R["Galicia"]) in moves
    assert all(m[2] != R["Sevilla"] for m in moves)  # nor into the King's region


# ------------------------------------------------------------------------ placing and moving


def test_placements_beyond_the_court_are_forfeited() -> None:
    """ "Befinden sich an deinem Hof weniger Caballeros, als du einsetzen darfst, verfallen die
    übrigen": with 2 at court, Ihre Majestät's 5 placements end after two."""
    st = Board(4).king("Valencia").turn(YOU, "ihre_majestaet", court=2).state()
    st.apply(YOU, ("place", R["Toledo"]))
    st.apply(YOU, ("place", R["Toledo"]))
    assert not any(m[0] == "place" for m in st.legal_moves(YOU))
    assert st.court[YOU] == 0


def test_nothing_is_moved_out_of_the_castillo() -> None:
    """ "Wenn du Caballeros versetzt, darfst du diese niemals aus dem Castillo nehmen. Du darfst
    jedoch einige oder alle ins Castillo werfen.": Intrigue offers no Caballero in the Castillo."""
    board = Board(4).empty().king("Aragón").put(YOU, "Castillo", 3).put(ORANGE, "Castillo", 2)
    st = board.put(YOU, "Galicia", 1).put(ORANGE, "Sevilla", 1).turn(YOU, "intrigue", court=0).state()
    st.apply(YOU, ("special",))
    froms = {m[1:] for m in st.legal_moves(YOU) if m[0] == "from"}
    assert froms == {(YOU, R["Galicia"]), (ORANGE, R["Sevilla"])}
    st.apply(YOU, ("from", YOU, R["Galicia"]))
    assert ("to", D.CASTILLO) in st.legal_moves(YOU)


def test_rueckzug_never_takes_from_the_castillo_or_the_kings_region() -> None:
    """In die Provinz zurückschicken: "Du darfst sie nicht aus dem Castillo oder der Königsregion
    nehmen." and "Hast du am angegebenen Ort nicht genug Caballeros, musst du so viele
    zurückschicken, wie du kannst": Orange, with 4 in the Castillo, 3 in the King's region and 1
    in Galicia, sends back the one from Galicia only."""
    board = Board(4).empty().king("Aragón")
    for seat in range(4):
        board.court(seat, 0)
    board.put(ORANGE, "Castillo", 4).put(ORANGE, "Aragón", 3).put(ORANGE, "Galicia", 1)
    st = board.turn(YOU, "rueckzug", court=0).state()
    st.apply(YOU, ("special",))
    assert count(st, ORANGE, "Galicia") == 0
    assert count(st, ORANGE, "Castillo") == 4 and count(st, ORANGE, "Aragón") == 3


def test_ihre_majestaet_never_to_france_portugal_or_the_castillo() -> None:
    """Ihre Majestät: "Du darfst den König in jede Region versetzen. Du darfst ihn nicht ins
    Castillo werfen und auch nicht nach France oder Portugal versetzen." """
    st = Board(4).king("Toledo").turn(YOU, "ihre_majestaet", court=0).state()
    st.apply(YOU, ("special",))
    kings = {m[1] for m in st.legal_moves(YOU) if m[0] == "king"}
    assert kings == set(range(D.NREG)) - {R["Toledo"]}


def test_the_king_leaves_the_castillo_only_when_moved() -> None:
    """Revolte: "Der König bleibt solange dort stehen, bis er wieder bewegt wird." Ihre Majestät
    moves him from beside the Castillo to a region; then the Castillo is open again and his new
    region taboo."""
    board = Board(4, NR).king("Castillo")
    st = board.turn(YOU, "nr_majestaet", court=3).state()
    assert ("place", D.CASTILLO) not in st.legal_moves(YOU)
    st.apply(YOU, ("special",))
    st.apply(YOU, ("king", R["Toledo"]))
    assert st.king == R["Toledo"]
    places = {m[1] for m in st.legal_moves(YOU) if m[0] == "place"}
    assert places == {*D.NEIGHBOURS[R["Toledo"]], D.CASTILLO}


# ------------------------------------------------------------------------------- the dummy


def test_the_dummy_never_takes_the_start_marker() -> None:
    """Zwei Personen: "der Dummy erhält nie den Startmarker" - even with the lowest card of the
    round the marker goes to the player with the lowest card."""
    board = Board(2)
    dummy = board.player(2)
    dummy["power_played"] = dummy["power_total"] = 1
    board.player(YOU)["power_played"] = board.player(YOU)["power_total"] = 13
    board.player(ORANGE)["power_played"] = board.player(ORANGE)["power_total"] = 12
    for seat, value in ((YOU, 13), (ORANGE, 12)):
        board.player(seat)["power_cards"].remove(value)
    st = board.last_turn(ORANGE, "intrigue", round_index=0).state()
    st.apply(ORANGE, ("nospecial",))
    assert st.round == 2 and st.start_player == ORANGE


def test_the_dummy_turns_the_kings_card_down() -> None:
    """ "Ist der Dummy am Zug, nimmt er jeweils die höchste noch übrige Aktionskarte ... Diese
    Karte steht euch diese Runde nicht zur Verfügung, du legst sie sofort auf den Ablagestapel
    (oder dreht die Königskarte um)": the King's card (5 Caballeros) is the dummy's when it goes
    first, is not discarded and lies open again next round."""
    st = None
    for seed in range(1, 40):
        candidate = Board(2, seed=seed).state()
        if candidate.power_played[2] >= 12:
            st = candidate
            break
    assert st is not None
    while st.phase == POWER:
        seat = st.to_move()[0]
        st.apply(seat, min((m for m in st.legal_moves(seat) if m[0] == "power"), key=lambda m: m[1]))
    taken = [e["a"]["card"] for e in st.log if e["k"] == "dummy_take"]
    assert taken == ["ihre_majestaet"]
    assert st.open_cards[3] == -1 and D.KING_CARD not in st.action_discard
    round_now = st.round
    while st.round == round_now:
        seat = st.to_move()[0]
        st.apply(seat, st.legal_moves(seat)[-1])
    assert st.open_cards[3] == D.KING_CARD


# ------------------------------------------------------------------------------ end of game


def test_the_game_ends_after_the_third_scoring_and_a_tie_shares_the_win() -> None:
    """ "Das Spiel endet nach der 3. allgemeinen Wertung. Wer dann mit dem Zählstein auf der
    Zählleiste vorne liegt, gewinnt ... Bei Gleichstand teilt ihr euch den Sieg." """
    board = Board(4).empty().king("Galicia")
    for seat, score in enumerate([30, 30, 12, 7]):
        board.player(seat)["score"] = score
    for seat, value in enumerate([13, 12, 11, 10]):
        player = board.player(seat)
        player["power_cards"] = [value]
        player["power_discard"] = [v for v in range(1, 14) if v != value]
    st = board.last_turn(YOU, "intrigue", round_index=8).state()
    st.apply(YOU, ("nospecial",))
    assert st.is_terminal()
    assert sum(1 for e in st.log if e["k"] == "scoring") == 1
    outcome = st.outcome()
    assert outcome.winners == (YOU, ORANGE) and outcome.win_shares[:2] == (0.5, 0.5)


# ----------------------------------------------------------------- cards and mini-expansions


def test_the_court_card_takes_from_the_regions_when_the_province_is_empty() -> None:
    """Sonderfall: "Sollten in der Provinz nicht mehr genügend Caballeros in deiner Farbe liegen,
    darfst du eigene Caballeros aus den Regionen an deinen Hof zurücknehmen (nicht aus dem
    Castillo). Das gilt auch, wenn du durch Aktionskarten Caballeros an deinen Hof holen
    dürftest." The Court (Alte Hasen) brings 2; your province is empty, so they come from Galicia
    (not from the Castillo, not from the King's region Aragón)."""
    board = Board(4, "alte_hasen").empty().king("Aragón")
    province = board.player(YOU)["province"]
    board.put(YOU, "Galicia", 3).put(YOU, "Castillo", 2).put(YOU, "Aragón", 2)
    board.court(YOU, province - 7 + board.player(YOU)["court"])
    assert board.player(YOU)["province"] == 0
    st = board.turn(YOU, "the_court").state()
    court = st.court[YOU]
    st.apply(YOU, ("special",))
    assert st.legal_moves(YOU)[0] == ("recall", R["Galicia"])
    assert {m[1] for m in st.legal_moves(YOU)} <= {R["Galicia"], -1}
    st.apply(YOU, ("recall", R["Galicia"]))
    st.apply(YOU, ("recall", R["Galicia"]))
    assert st.court[YOU] == court + 2 and count(st, YOU, "Galicia") == 1
    assert count(st, YOU, "Castillo") == 2 and count(st, YOU, "Aragón") == 2


def test_wahlheimat_never_takes_the_grande_out_of_the_kings_region() -> None:
    """Wahlheimat: "Du darfst ihn weder in die Königsregion stellen, noch dort daraus nehmen": with
    your Grande in the King's region the special action cannot be taken."""
    board = Board(4).king("Toledo").grandes(["Toledo", "Sevilla", "Navarra", "Aragón"])
    st = board.turn(YOU, "wahlheimat", court=0).state()
    assert ("special",) not in st.legal_moves(YOU)


def test_umsturz_never_chooses_the_kings_region() -> None:
    """ "Die Königsregion ist tabu! In der Königsregion darf nichts verändert werden": Umsturz's
    region of your choice is never the King's region, even with the others' Caballeros there."""
    board = Board(4).empty().king("Toledo").put(ORANGE, "Toledo", 3).put(BLUE, "Galicia", 1)
    st = board.turn(YOU, "umsturz", court=0).state()
    st.apply(YOU, ("special",))
    picks = {m[1] for m in st.legal_moves(YOU) if m[0] == "pick"}
    assert R["Toledo"] not in picks and R["Galicia"] in picks


def test_a_modifier_ability_comes_after_the_court_and_before_the_card() -> None:
    """Machtverschiebung: "Hast du einen Modifikator ausgespielt, darfst du die Sonderfähigkeit am
    Anfang deines Zuges nutzen: nachdem du deine Caballeros an den Hof geholt hast und bevor du
    eine Aktionskarte wählst." """
    st = fresh_mv()
    gain = next(i for i, a in enumerate(D.MODIFIER_ABILITY) if a and a["op"] == "court_gain")
    first = st.to_move()[0]
    board = Board.of(st)
    for player in board.pos["players"]:
        player["modifiers"] = [c for c in player["modifiers"] if c != gain]
    board.player(first)["modifiers"].append(gain)
    st = board.state()
    st.apply(first, ("power", 9, gain))
    while st.phase == POWER:
        seat = st.to_move()[0]
        st.apply(seat, min((m for m in st.legal_moves(seat) if m[2] == -1), key=lambda m: m[1]))
    assert st.current == first and st.phase == COURT
    st.apply(first, ("court", 2))
    assert st.phase == ABILITY
    court = st.court[first]
    st.apply(first, ("ability",))
    assert st.court[first] == court + 1 and st.phase == TAKE


def test_ermaechtigung_may_take_a_modifier_back() -> None:
    """Ermächtigung, Machtverschiebung: "du darfst stattdessen einen deiner Modifikatoren zurück auf
    die Hand nehmen." """
    st = fresh_mv()
    board = Board.of(st)
    held = board.player(YOU)["modifiers"]
    spent = held.pop()
    board.player(YOU)["modifier_discard"] = [spent]
    st = board.turn(YOU, "ermaechtigung", court=0).state()
    st.apply(YOU, ("special",))
    assert ("pbm", spent) in st.legal_moves(YOU)
    st.apply(YOU, ("pbm", spent))
    assert st.modifier_hand[YOU] >> spent & 1 and not st.modifier_discard[YOU] >> spent & 1


def test_moved_caballeros_never_go_to_france_or_portugal() -> None:
    """ "Frankreich (France) und Portugal zählen nicht zu den Regionen. Du darfst dort nie
    Caballeros einsetzen": a Caballero moved by Intrigue goes to a region or the Castillo, never
    to France or Portugal (nor into the King's region)."""
    board = Board(4).empty().king("Aragón").put(YOU, "Galicia", 2)
    st = board.turn(YOU, "intrigue", court=0).state()
    st.apply(YOU, ("special",))
    st.apply(YOU, ("from", YOU, R["Galicia"]))
    targets = {m[1] for m in st.legal_moves(YOU) if m[0] == "to"}
    assert D.FRANCE not in targets and D.PORTUGAL not in targets and R["Aragón"] not in targets
    assert D.CASTILLO in targets and R["Navarra"] in targets


def test_vertretung_never_with_the_grande_in_the_castillo() -> None:
    """Vertretung: "Du darfst nur tauschen, wenn sich beide in den Regionen befinden (also nicht in
    France, Portugal oder dem Castillo)": your Grande thrown into the Castillo (Konkurrenz) cannot
    change places with the King."""
    board = Board(4, NR).king("Toledo").grande(YOU, "Castillo")
    st = board.turn(YOU, "vertretung", court=0).state()
    assert ("special",) not in st.legal_moves(YOU)


def test_beside_the_castillo_the_king_closes_it_with_all_consequences() -> None:
    """Revolte: "Das Castillo ist nun die Königsregion, mit allen Konsequenzen. Werstest du das
    Castillo, kannst du den Königsbonus bekommen." and "In der Königsregion darf nichts verändert
    werden. Ihr dürft keine Caballeros, keine Granden und keine Wertungstafeln in die Königsregion
    stellen": no Caballero moved in (Intrigue), no Grande thrown in (Konkurrenz), no scoreboard laid
    there (Gesetzeserlass); Offenbarung's scoring pays the King's bonus."""
    board = Board(4).empty().king("Castillo").put(YOU, "Galicia", 2)
    st = board.turn(YOU, "intrigue", court=0).state()
    st.apply(YOU, ("special",))
    st.apply(YOU, ("from", YOU, R["Galicia"]))
    assert ("to", D.CASTILLO) not in st.legal_moves(YOU)
    st = Board(4, NR).king("Castillo").grande(YOU, "Galicia").turn(YOU, "konkurrenz", court=0).state()
    assert ("special",) not in st.legal_moves(YOU)
    st = Board(4).king("Castillo").turn(YOU, "gesetzeserlass", court=0).state()
    st.apply(YOU, ("special",))
    assert st.legal_moves(YOU) and all(m[2] != D.CASTILLO for m in st.legal_moves(YOU))
    board = Board(4).empty().king("Castillo").grandes(["Galicia"] * 4)
    st = board.put(YOU, "Castillo", 2).put(ORANGE, "Castillo", 1).turn(BLUE, "offenbarung", court=0).state()
    st.apply(BLUE, ("special",))
    assert st.score == [5 + D.KING_BONUS, 3, 0, 0]


def test_a_disc_names_a_region_never_france_or_portugal() -> None:
    """ "Zunächst musst du entscheiden, in welche Region du deine Caballeros aus dem Castillo
    versetzen willst" and "Frankreich (France) und Portugal zählen nicht zu den Regionen": with
    the King in France (Exil) the disc offers the nine regions only."""
    board = Board(4).empty().king("France").put(YOU, "Castillo", 2)
    st = board.last_turn(ORANGE, "intrigue", round_index=2).state()
    st.apply(ORANGE, ("nospecial",))  # the third round ends: the first general scoring
    assert st.to_move() == (YOU,)
    assert sorted(m[1] for m in st.legal_moves(YOU)) == list(range(D.NREG))
