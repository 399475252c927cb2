"""A greedy heuristic bot for El Grande.

It reads only its seat's view and legal moves (:class:`~feldherr.core.bots.SeatAccess`): the
board, courts, scores, its own hand, the Castillo counts of others only when they are public.
It scores each candidate by a one-step estimate: the points the board would pay now if the
affected region were scored.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from feldherr.core.bots import SeatAccess
from feldherr.core.game import Move, State
from feldherr.core.rng import Rng
from feldherr.elgrande import data as D
from feldherr.elgrande.moves import (
    NO_MODIFIER,
    Court,
    Disc,
    EndMove,
    EndPlace,
    FreePlace,
    King,
    MoveFrom,
    MoveTo,
    NoSpecial,
    Place,
    Power,
    Special,
    Take,
    Veto,
)
from feldherr.elgrande.rules.scoring import area_gains, points_for, ranking, targets_by_mode
from feldherr.elgrande.state import PHASE_NAMES, ElGrandeData

_SCORING_OPS = ("score", "castillo_score")


class _Board:
    """What the bot needs of a view, as indices and counts."""

    __slots__ = (
        "card", "counts", "court", "current", "grande", "hidden", "king", "open_cards", "phase", "players",
        "scoreboards", "scores", "seat", "third",
    )  # fmt: skip

    def __init__(self, view: Mapping[str, Any], seat: int) -> None:
        names = D.AREA_NAMES
        self.seat = seat
        self.players = view["players_count"]
        self.third = 1 if view["scoring_places"] == 3 else 0
        self.hidden = view["hidden_castillo"]
        self.king = names.index(view["king"])
        self.scoreboards = [names.index(b) if b is not None else -1 for b in view["scoreboards"]]
        self.counts: list[list[int]] = []  # per area, per colour
        rows = view["players"]
        for a in range(D.AREAS):
            if a == D.CASTILLO:
                self.counts.append([p["castillo"] if p["castillo"] is not None else 0 for p in rows])
            else:
                name = names[a]
                self.counts.append([p["regions"].get(name, 0) for p in rows])
        self.grande = [names.index(p["grande"]) for p in rows if not p["dummy"]]
        self.phase: str = view["phase"]
        self.court = [p["court"] for p in rows]
        self.scores = [p.get("score", 0) for p in rows]
        self.current: int = view["current"]
        self.open_cards = [D.CARD_INDEX[c] if c is not None else -1 for c in view["open_cards"]]
        self.card = D.CARD_INDEX[view["card_in_use"]] if view["card_in_use"] is not None else -1

    @classmethod
    def from_state(cls, st: ElGrandeData, seat: int) -> _Board:
        """The same board as ``_Board(view, seat)`` for ``view = st.view(seat)``, read from the
        state without building the view, and reading nothing the view does not show
        (``tests/elgrande/test_bot_sample.py`` compares the two at every position of random
        games). For the search's playouts, which run on its own sampled states."""
        b = cls.__new__(cls)
        A = D.AREAS
        colours = st.colours
        hidden = st.hidden_castillo
        b.seat = seat
        b.players = st.num_players
        b.third = 1 if st.third_place else 0
        b.hidden = bool(hidden)
        b.king = st.king
        b.scoreboards = st.scoreboards[:]
        cab = st.caballeros
        b.counts = [[cab[c * A + a] for c in range(colours)] for a in range(D.NREG)]
        b.counts.append([cab[c * A + D.CASTILLO] if not hidden or c == seat else 0 for c in range(colours)])
        b.grande = [st.grande[c] for c in range(colours) if c != st.dummy]
        b.phase = PHASE_NAMES[st.phase]
        b.court = st.court[:colours]
        b.scores = [st.score[c] if c < st.num_players else 0 for c in range(colours)]
        b.current = st.current
        b.open_cards = st.open_cards[:]
        b.card = st.card
        return b

    def points(self, a: int) -> tuple[int, int, int]:
        return points_for(self.scoreboards, self.third, a)


class HeuristicBot:
    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, access: SeatAccess) -> Move:
        moves = access.legal_moves()
        if len(moves) == 1:
            return moves[0]
        return self._choose(_Board(access.view, access.seat), access.seat, moves)

    def choose_in_sample(self, state: State, seat: int, legal: list[Move]) -> Move:
        """The move ``choose(SeatAccess(state, seat))`` returns, from the state itself (see
        :meth:`_Board.from_state`): a search's playouts call this on their sampled states."""
        if len(legal) == 1:
            return legal[0]
        return self._choose(_Board.from_state(cast(ElGrandeData, state), seat), seat, legal)

    def _choose(self, board: _Board, seat: int, moves: list[Move]) -> Move:
        best: list[Move] = []
        best_v = -1e9
        for m in moves:
            v = self._value(board, seat, m)
            if v > best_v:
                best, best_v = [m], v
            elif v == best_v:
                best.append(m)
        return best[self.rng.below(len(best))]

    # one-step estimates -----------------------------------------------------------------------
    def _pay(self, b: _Board, seat: int, a: int, extra: int) -> float:
        """What ``seat`` would get in area ``a`` now, with ``extra`` more of its Caballeros."""
        counts = list(b.counts[a])
        if a == D.CASTILLO and b.hidden:
            counts = [counts[c] if c == seat else 1 for c in range(len(counts))]
        counts[seat] += extra
        pts = b.points(a)
        for place, group in ranking(counts):
            if seat in group:
                pay = pts[place] if place < 3 else 0
                if place == 0 and len(group) == 1:
                    pay += 2 * (b.king == a) + 2 * (b.grande[seat] == a)
                return float(pay)
        return 0.0

    def _gain(self, b: _Board, seat: int, a: int) -> float:
        return self._pay(b, seat, a, 1) - self._pay(b, seat, a, 0)

    def _value(self, b: _Board, seat: int, m: Move) -> float:
        phase = b.phase
        r = self.rng.random() * 0.01
        if phase == "power" and isinstance(m, Power):
            target = 3 if b.court[seat] < 4 else 10
            return -abs(int(m.value) - target) - (0.5 if m.modifier != NO_MODIFIER else 0) + r
        if isinstance(m, Court):
            return int(m.caballeros) + r
        if isinstance(m, Take):
            c = b.open_cards[m.slot]
            return D.CARD_PLACE[c] + r
        if isinstance(m, Place | FreePlace | MoveTo):
            return self._gain(b, seat, m.area) + r
        if isinstance(m, EndPlace) and phase == "act":
            return -0.5
        if isinstance(m, Special):
            return self._special_value(b, seat) + r
        if isinstance(m, NoSpecial):
            return 0.0
        if isinstance(m, Disc) and phase == "disc":
            n = b.counts[D.CASTILLO][seat]
            if b.king == m.region:
                return -5.0
            return self._pay(b, seat, m.region, n) - self._pay(b, seat, m.region, 0) + r
        if isinstance(m, MoveFrom):
            own = m.colour == seat
            return (1.0 if not own else 0.5) + r
        if isinstance(m, King):
            return self._pay(b, seat, m.area, 0) + r if m.area < D.NREG else r
        if isinstance(m, Veto):
            scores = b.scores
            actor = b.current
            return (1.0 if scores[actor] >= scores[seat] else -1.0) * (1 if m.use else -1) + r
        if isinstance(m, EndMove) and phase == "effect":
            return 0.2
        return r

    def _special_value(self, b: _Board, seat: int) -> float:
        eff = D.CARD_EFFECT[b.card]
        if eff["op"] not in _SCORING_OPS or eff.get("mode") in ("choose", "disc_unique"):
            return 0.5
        if b.hidden and eff["op"] == "castillo_score":
            return 0.1
        # what scoring the affected areas now would pay
        if eff["op"] == "castillo_score":
            areas: Sequence[int] = [D.CASTILLO]
            first_only = False
        else:
            points = [b.points(r)[0] for r in range(D.NREG)]
            totals = [sum(b.counts[r]) for r in range(D.NREG)]
            areas = targets_by_mode(eff["mode"], eff.get("values", ()), points, totals)
            first_only = eff["mode"] == "first_only"
        gain = [0] * b.players
        for a in areas:
            g = area_gains(b.counts[a], b.players, b.points(a), b.king == a, b.grande, a, first_only)
            gain = [x + y for x, y in zip(gain, g, strict=True)]
        mine = gain[seat]
        other = max((g for i, g in enumerate(gain) if i != seat), default=0)
        return float(mine - other)
