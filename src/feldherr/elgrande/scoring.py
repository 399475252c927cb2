"""Scoring one region or the Castillo: majorities, the tie rule, King's and Grande's bonuses.

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
