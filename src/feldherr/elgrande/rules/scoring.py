"""Scoring one region or the Castillo: majorities, the tie rule, the bonuses.

Tie rule (2023 rulebook p. 8, "Was passiert bei Gleichstand?"): players tied for a place all get
the points of the next lower place; the following player then takes the place after that. So with
5/3/1, three players tied for first get 3 each and the next player gets 1 (the Navarra example),
and two players tied for second both get the third value (the Granada example).

:func:`area_gains` is pure (counts in, points out) so that the heuristic bot can use it on what its
view shows; :func:`score_area` applies it to the state.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import add

from feldherr.elgrande import data as D
from feldherr.elgrande.state import ElGrandeData


def ranking(counts: Sequence[int]) -> list[tuple[int, list[int]]]:
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


def points_for(scoreboards: Sequence[int], third_place: int, a: int) -> tuple[int, int, int]:
    """The scoring field that pays in area ``a`` (a mobile scoreboard lying there wins)."""
    if scoreboards[0] == a:
        pts = D.SCOREBOARDS[0]
    elif scoreboards[1] == a:
        pts = D.SCOREBOARDS[1]
    else:
        pts = D.CASTILLO_POINTS if a == D.CASTILLO else D.REGION_POINTS[a]
    if not third_place:
        return (pts[0], pts[1], 0)
    return pts


_AREA_POINTS: tuple[list[tuple[int, int, int]], list[tuple[int, int, int]]] = (
    [(p[0], p[1], 0) for p in (*D.REGION_POINTS, D.CASTILLO_POINTS)],
    [(p[0], p[1], p[2]) for p in (*D.REGION_POINTS, D.CASTILLO_POINTS)],
)
"""``_AREA_POINTS[third_place][a]``: the printed scoring field of area ``a`` (see points_for)."""


def points_of(st: ElGrandeData, a: int) -> tuple[int, int, int]:
    return points_for(st.scoreboards, st.third_place, a)


def area_gains(
    counts: Sequence[int],
    players: int,
    pts: Sequence[int],
    king_here: bool,
    grandes: Sequence[int],
    a: int,
    first_only: bool = False,
) -> list[int]:
    """What each player gets in area ``a`` for these ``counts`` (one per colour)."""
    if not any(counts):
        return [0] * players
    return _gains(counts, players, pts, king_here, grandes, a, first_only)


def _gains(
    counts: Sequence[int],
    players: int,
    pts: Sequence[int],
    king_here: bool,
    grandes: Sequence[int],
    a: int,
    first_only: bool,
) -> list[int]:
    if first_only:
        return _gains_first_only(counts, players, pts, king_here, grandes, a)
    gains = [0] * players
    key = tuple(counts)
    plan = _PLANS.get(key)
    if plan is None:
        plan = _plan(key)
    for paid, group in plan:
        if len(group) == 1:
            w = group[0]
            if w < players:
                gains[w] += pts[paid]
                if paid == 0:
                    if king_here:
                        gains[w] += D.KING_BONUS
                    if grandes[w] == a:
                        gains[w] += D.GRANDE_BONUS
        else:
            value = pts[paid]
            for c in group:
                if c < players:
                    gains[c] += value
    return gains


_PLANS: dict[tuple[int, ...], list[tuple[int, tuple[int, ...]]]] = {}
"""Memo of :func:`_plan` (it depends on the counts alone); bounded, see _plan."""


def _plan(counts: tuple[int, ...]) -> list[tuple[int, tuple[int, ...]]]:
    """Who is paid which place (0..2) for these counts: a lone colour the current place, a tied
    group the next lower one (the place after a tie skips one); places past the third pay nothing."""
    plan: list[tuple[int, tuple[int, ...]]] = []
    place = 0
    for v in sorted(set(counts), reverse=True):
        if v == 0 or place > 2:
            break
        group = tuple(c for c, x in enumerate(counts) if x == v)
        if len(group) == 1:
            plan.append((place, group))
            place += 1
        else:
            if place + 1 <= 2:
                plan.append((place + 1, group))
            place += 2
    if len(_PLANS) >= 1 << 14:
        _PLANS.clear()  # a bound on the memory; the plans are rebuilt as needed
    _PLANS[counts] = plan
    return plan


def _gains_first_only(
    counts: Sequence[int],
    players: int,
    pts: Sequence[int],
    king_here: bool,
    grandes: Sequence[int],
    a: int,
) -> list[int]:
    """Only a lone first place scores (a tie for the first place: nobody)."""
    gains = [0] * players
    v = max(counts)
    if v > 0 and counts.count(v) == 1:
        w = counts.index(v)
        if w < players:
            gains[w] += pts[0]
            if king_here:
                gains[w] += D.KING_BONUS
            if grandes[w] == a:
                gains[w] += D.GRANDE_BONUS
    return gains


def score_area(st: ElGrandeData, a: int, first_only: bool = False) -> list[int]:
    """Score one region (or the Castillo) now: add the points, log them, return each gain."""
    counts = st.caballeros[a :: D.AREAS]
    n = st.num_players
    if not any(counts):
        return [0] * n
    boards = st.scoreboards
    if boards[0] != a and boards[1] != a:
        pts = _AREA_POINTS[st.third_place][a]  # points_for without a mobile scoreboard
    else:
        pts = points_for(boards, st.third_place, a)
    gains = _gains(counts, n, pts, st.king == a, st.grande, a, first_only)
    if any(gains):
        st.score[:n] = map(add, st.score, gains)  # in place
        st.log.append({"k": "scored", "a": {"r": D.AREA_NAMES[a], "pts": gains}, "to": None})
    return gains


def area_totals(st: ElGrandeData) -> list[int]:
    """Caballeros of all colours per region."""
    cab = st.caballeros  # colour after colour, D.AREAS areas each: a stride picks one area
    return [sum(cab[r :: D.AREAS]) for r in range(D.NREG)]


def targets_by_mode(
    mode: str, values: Sequence[int], points: Sequence[int], totals: Sequence[int]
) -> list[int]:
    """Regions a special scoring card scores: ``points[r]`` is the first-place value of region
    ``r``, ``totals[r]`` its Caballeros (pure, for the bot as well)."""
    if mode == "top":
        return [r for r in range(D.NREG) if points[r] in values]
    if mode == "first_only":
        return list(range(D.NREG))
    nonzero = [t for t in totals if t > 0]
    if not nonzero:
        return []
    target = max(nonzero) if mode == "most" else min(nonzero)
    return [r for r in range(D.NREG) if totals[r] == target]
