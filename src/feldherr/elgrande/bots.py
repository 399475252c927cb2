"""A greedy heuristic bot for El Grande.

It reads only what its seat may see (the board, courts, scores, its own hand; the Castillo counts
of others only when they are public) and scores each candidate by a one-step estimate: the points
the board would pay now if the affected region were scored.
"""

from __future__ import annotations

from feldherr.core.bots import SeatAccess
from feldherr.core.game import Move, State
from feldherr.core.rng import Rng
from feldherr.elgrande import data as D
from feldherr.elgrande.effects import score_targets
from feldherr.elgrande.scoring import ranking
from feldherr.elgrande.state import ACT, DISC, FX, POWER, ElGrandeState

_SCORING_OPS = ("score", "castillo_score")


class HeuristicBot:
    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, access: SeatAccess) -> Move:
        # TODO(template): interim shim, the bot must read access.view / legal_moves only
        state: State = access._state
        seat = access.seat
        assert isinstance(state, ElGrandeState)
        moves = state.legal_moves(seat)
        if len(moves) == 1:
            return moves[0]
        best: list[Move] = []
        best_v = -1e9
        for m in moves:
            v = self._value(state, seat, m)
            if v > best_v:
                best, best_v = [m], v
            elif v == best_v:
                best.append(m)
        return best[self.rng.below(len(best))]

    # one-step estimates -----------------------------------------------------------------------
    def _pay(self, st: ElGrandeState, seat: int, a: int, extra: int) -> float:
        """What ``seat`` would get in area ``a`` now, with ``extra`` more of its Caballeros."""
        counts = [st.cab[c * D.AREAS + a] for c in range(st.C)]
        if a == D.CASTILLO and st.hidden:
            counts = [counts[c] if c == seat else 1 for c in range(st.C)]
        counts[seat] += extra
        pts = st.points_of(a)
        for place, group in ranking(counts):
            if seat in group:
                pay = pts[place] if place < 3 else 0
                if place == 0 and len(group) == 1:
                    pay += 2 * (st.king == a) + 2 * (st.grande[seat] == a)
                return float(pay)
        return 0.0

    def _gain(self, st: ElGrandeState, seat: int, a: int) -> float:
        return self._pay(st, seat, a, 1) - self._pay(st, seat, a, 0)

    def _value(self, st: ElGrandeState, seat: int, m: Move) -> float:
        kind = m[0]
        r = self.rng.random() * 0.01
        if st.phase == POWER:
            target = 3 if st.court[seat] < 4 else 10
            return -abs(int(m[1]) - target) - (0.5 if m[2] >= 0 else 0) + r
        if kind == "court":
            return int(m[1]) + r
        if kind == "take":
            c = st.up[m[1]]
            return D.CARD_PLACE[c] + r
        if kind == "place" or kind == "fplace" or kind == "to":
            return self._gain(st, seat, m[1]) + r
        if kind == "endplace" and st.phase == ACT:
            return -0.5
        if kind == "special":
            return self._special_value(st, seat) + r
        if kind == "nospecial":
            return 0.0
        if kind == "disc" and st.phase == DISC:
            n = st.cab[seat * D.AREAS + D.CASTILLO]
            if st.king == m[1]:
                return -5.0
            return self._pay(st, seat, m[1], n) - self._pay(st, seat, m[1], 0) + r
        if kind == "from":
            own = m[1] == seat
            return (1.0 if not own else 0.5) + r
        if kind == "king":
            return self._pay(st, seat, m[1], 0) + r if m[1] < D.NREG else r
        if kind == "veto":
            actor = st.cur
            return (1.0 if st.score[actor] >= st.score[seat] else -1.0) * (1 if m[1] else -1) + r
        if kind == "endmove" and st.phase == FX:
            return 0.2
        return r

    def _special_value(self, st: ElGrandeState, seat: int) -> float:
        eff = D.CARD_EFFECT[st.card]
        if eff["op"] not in _SCORING_OPS or eff.get("mode") in ("choose", "disc_unique"):
            return 0.5
        if st.hidden and eff["op"] == "castillo_score":
            return 0.1
        # score the affected areas on a copy, without running the game on
        trial = st.clone()
        before = list(trial.score)
        if eff["op"] == "castillo_score":
            trial.score_area(D.CASTILLO)
        else:
            for r in score_targets(trial, eff):
                trial.score_area(r, first_only=eff["mode"] == "first_only")
        gain = [a - b for a, b in zip(trial.score, before, strict=True)]
        mine = gain[seat]
        other = max((g for i, g in enumerate(gain) if i != seat), default=0)
        return float(mine - other)
