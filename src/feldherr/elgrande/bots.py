"""A greedy heuristic bot for El Grande.

It reads only its seat's view and legal moves (:class:`~feldherr.core.bots.SeatAccess`): the
board, courts, scores, its own hand, the Castillo counts of others only when they are public.
It scores each candidate by a one-step estimate: the points the board would pay now if the
affected region were scored.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from feldherr.core.bots import SeatAccess
from feldherr.core.game import Move
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

_SCORING_OPS = ("score", "castillo_score")


class _Board:
    """What the bot needs of a view, as indices and counts."""

    __slots__ = ("counts", "grande", "hidden", "king", "players", "scoreboards", "seat", "third")

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

    def points(self, a: int) -> tuple[int, int, int]:
        return points_for(self.scoreboards, self.third, a)


class HeuristicBot:
    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, access: SeatAccess) -> Move:
        moves = access.legal_moves()
        if len(moves) == 1:
            return moves[0]
        view = access.view
        seat = access.seat
        board = _Board(view, seat)
        best: list[Move] = []
        best_v = -1e9
        for m in moves:
            v = self._value(view, board, seat, m)
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

    def _value(self, view: Mapping[str, Any], b: _Board, seat: int, m: Move) -> float:
        phase = view["phase"]
        r = self.rng.random() * 0.01
        if phase == "power" and isinstance(m, Power):
            target = 3 if view["players"][seat]["court"] < 4 else 10
            return -abs(int(m.value) - target) - (0.5 if m.modifier != NO_MODIFIER else 0) + r
        if isinstance(m, Court):
            return int(m.caballeros) + r
        if isinstance(m, Take):
            c = D.CARD_INDEX[view["open_cards"][m.slot]]
            return D.CARD_PLACE[c] + r
        if isinstance(m, Place | FreePlace | MoveTo):
            return self._gain(b, seat, m.area) + r
        if isinstance(m, EndPlace) and phase == "act":
            return -0.5
        if isinstance(m, Special):
            return self._special_value(view, b, seat) + r
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
            scores = [p.get("score", 0) for p in view["players"]]
            actor = view["current"]
            return (1.0 if scores[actor] >= scores[seat] else -1.0) * (1 if m.use else -1) + r
        if isinstance(m, EndMove) and phase == "effect":
            return 0.2
        return r

    def _special_value(self, view: Mapping[str, Any], b: _Board, seat: int) -> float:
        eff = D.CARD_EFFECT[D.CARD_INDEX[view["card_in_use"]]]
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
