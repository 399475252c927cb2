"""Scoring: one region or the Castillo (majorities, tie rule, bonuses) and the general scoring.

Tie rule (2023 rulebook p. 8, "Was passiert bei Gleichstand?"): players tied for a place all get
the points of the next lower place; the following player then takes the place after that. So with
5/3/1, three players tied for first get 3 each and the next player gets 1 (the Navarra example),
and two players tied for second both get the third value (the Granada example).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from feldherr.elgrande import data as D

if TYPE_CHECKING:
    from feldherr.elgrande.state import ElGrandeState


def ranking(counts: list[int]) -> list[tuple[int, list[int]]]:
    """Groups of colours by descending count (zero counts left out), each with its place index.

    The place index is the 0-based scoring place the group is paid for: a lone colour takes the
    current place, a tied group the next lower one, and the place after a tie skips one.
    """
    values = sorted({v for v in counts if v > 0}, reverse=True)
    out: list[tuple[int, list[int]]] = []
    place = 0
    for v in values:
        group = [c for c, x in enumerate(counts) if x == v]
        if len(group) == 1:
            out.append((place, group))
            place += 1
        else:
            out.append((place + 1, group))
            place += 2
    return out


def score_area(st: ElGrandeState, a: int, first_only: bool = False) -> list[int]:
    """Add the points of area ``a`` to the players' scores; return each player's gain."""
    n = st.n
    counts = st.cab[a :: D.AREAS]
    gains = [0] * n
    if not any(counts):
        return gains
    pts = st.points_of(a)
    place = 0
    for v in sorted(set(counts), reverse=True):
        if v == 0 or place > 2:
            break
        k = counts.count(v)
        if k == 1:
            w = counts.index(v)
            if w < n:
                gains[w] += pts[place]
                if place == 0:
                    if st.king == a:
                        gains[w] += D.KING_BONUS
                    if st.grande[w] == a:
                        gains[w] += D.GRANDE_BONUS
            place += 1
        else:
            if first_only:
                break
            if place + 1 <= 2:
                value = pts[place + 1]
                for c in range(len(counts)):
                    if counts[c] == v and c < n:
                        gains[c] += value
            place += 2
        if first_only:
            break
    score = st.score
    for p in range(n):
        score[p] += gains[p]
    return gains


def begin_general_scoring(st: ElGrandeState) -> None:
    """After rounds 3, 6 and 9: everyone with something in the Castillo sets a secret disc."""
    from feldherr.elgrande.state import DISC_SCORING

    st.log.append({"k": "scoring", "a": {"r": st.round}, "to": None})
    if st.king == D.CASTILLO:
        st._finish_scoring()
        return
    wait = []
    for p in range(st.n):
        if st.hidden or st.cab[p * D.AREAS + D.CASTILLO] or st.grande[p] == D.CASTILLO:
            wait.append(p)
    st.start_disc(DISC_SCORING, wait)


def finish_general_scoring(st: ElGrandeState) -> None:
    """Score the Castillo, empty it by the discs, score the regions in board order, go on."""
    from feldherr.elgrande.state import OVER, ROUNDS_FULL, ROUNDS_SHORT

    st.score_area(D.CASTILLO)
    if st.king != D.CASTILLO:
        k = st.king
        for p in range(st.n):
            d = st.disc[p]
            if d < 0:
                continue
            i = p * D.AREAS + D.CASTILLO
            cnt = st.cab[i]
            st.log.append({"k": "disc_reveal", "a": {"p": p, "r": D.AREA_NAMES[d], "n": cnt}, "to": None})
            if not cnt and st.grande[p] != D.CASTILLO:
                continue
            st.cab[i] = 0
            if d == k:
                st.court[p] += cnt  # the King's region is taboo: back to the court
            else:
                st.cab[p * D.AREAS + d] += cnt
                if st.grande[p] == D.CASTILLO:
                    st.grande[p] = d
    for r in range(D.NREG):
        st.score_area(r)
    if st.dummy >= 0:
        st.rdeck = list(range(D.NREG))
        st.rng.shuffle(st.rdeck)
    last = ROUNDS_SHORT[-1] if st.short else ROUNDS_FULL[-1]
    if st.round == last:
        st.phase = OVER
        st.log.append({"k": "game_over", "a": {"scores": list(st.score)}, "to": None})
        return
    st.ridx += 1
    st._start_round()
