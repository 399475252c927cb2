"""Rules audit against the 2023 rulebook: each defect found, tested from the sentences it rests on."""

from __future__ import annotations

from feldherr.elgrande import data as D

from .helpers import Board, R, count

NR = "neue_regentschaft"


def test_schmuggel_opens_the_castillo_while_the_king_stands_beside_it() -> None:
    """Revolte: "Das Castillo ist nun die Königsregion, mit allen Konsequenzen." Schmuggel: "Hier
    wird die wichtigste Regel des Spiels gebrochen. Wählst du diese Aktionskarte, darfst du deine
    Caballeros auch in die Königsregion einsetzen." With the King beside the Castillo the
    Castillo is the King's region, so Schmuggel opens it (and every region stays open)."""
    board = Board(4, NR).empty()
    board.pos["king"] = "Castillo"
    st = board.turn(0, "schmuggel", court=5).state()
    assert ("place", D.CASTILLO) not in st.legal_moves(0)  # taboo without Schmuggel
    st.apply(0, ("special",))
    places = {m[1] for m in st.legal_moves(0) if m[0] == "place"}
    assert places == {*range(D.NREG), D.CASTILLO}
    st.apply(0, ("place", D.CASTILLO))
    st.apply(0, ("place", R["Galicia"]))
    assert count(st, 0, "Castillo") == 1 and count(st, 0, "Galicia") == 1


def test_schmuggel_never_opens_france() -> None:
    """ "Frankreich (France) und Portugal zählen nicht zu den Regionen. Du darfst dort nie
    Caballeros einsetzen": with the King in France (Exil) Schmuggel opens nothing more."""
    board = Board(4, NR).empty()
    board.pos["king"] = "France"
    st = board.turn(0, "schmuggel", court=5).state()
    st.apply(0, ("special",))
    places = {m[1] for m in st.legal_moves(0) if m[0] == "place"}
    assert places == {*D.NEIGHBOURS[D.FRANCE], D.CASTILLO}


def test_buergerkrieg_never_names_the_kings_region() -> None:
    """ "Die Königsregion ist tabu!" / "Du darfst sie nicht aus dem Castillo oder der Königsregion
    nehmen": the disc of Bürgerkrieg offers only regions outside the King's region; with
    Caballeros only there, "Glück gehabt" (not asked)."""
    board = Board(4).empty().king("Toledo")
    board.put(1, "Toledo", 3).put(1, "Galicia", 1).put(2, "Toledo", 2).put(3, "Sevilla", 1)
    st = board.turn(0, "buergerkrieg", court=0).state()
    st.apply(0, ("special",))
    assert sorted(st.to_move()) == [1, 3]
    assert st.legal_moves(1) == [("disc", R["Galicia"])]
    st.apply(1, ("disc", R["Galicia"]))
    st.apply(3, ("disc", R["Sevilla"]))
    assert count(st, 1, "Toledo") == 3 and count(st, 1, "Galicia") == 0 and count(st, 2, "Toledo") == 2
