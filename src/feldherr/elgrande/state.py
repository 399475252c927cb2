"""The El Grande position and its round structure (setup, power cards, turns, scoring).

The state is flat: lists of ints indexed by colour and area. ``cab[c * 10 + a]`` is the number of
Caballeros of colour ``c`` in region ``a`` (0..8) or the Castillo (9). Colours ``0..n-1`` are the
players; in the two-player game colour ``n`` is the dummy. Special actions of the action cards are
interpreted by :mod:`feldherr.elgrande.effects` from the card data.

Decisions are small (one Caballero, one card, one region per move) so that a search bot can
branch on them. A decision with exactly one legal move is taken automatically.
"""

from __future__ import annotations

from typing import Any

from feldherr.core.errors import (
    GameOverError,
    IllegalMoveError,
    MalformedMoveError,
    NotYourTurnError,
    WrongPhaseError,
)
from feldherr.core.game import Move, Outcome, State
from feldherr.core.rng import Rng
from feldherr.elgrande import data as D
from feldherr.elgrande import effects as fx
from feldherr.elgrande.moves import ARGS
from feldherr.elgrande.scoring import begin_general_scoring, finish_general_scoring, score_area

# phases
MODPASS, POWER, COURT, RECALL, ABILITY, TAKE, ACT, VETO, FX, DISC, OVER = range(11)
PHASE_NAMES = (
    "modpass",
    "power",
    "court",
    "recall",
    "ability",
    "take",
    "act",
    "veto",
    "effect",
    "disc",
    "over",
)
PHASE_KINDS: dict[int, frozenset[str]] = {
    MODPASS: frozenset({"mpass"}),
    POWER: frozenset({"power"}),
    COURT: frozenset({"court"}),
    RECALL: frozenset({"recall"}),
    ABILITY: frozenset({"ability", "noability"}),
    TAKE: frozenset({"take"}),
    ACT: frozenset({"place", "endplace", "special", "nospecial"}),
    VETO: frozenset({"veto"}),
    FX: fx.FX_KINDS,
    DISC: frozenset({"disc"}),
    OVER: frozenset(),
}
ALL_KINDS = frozenset().union(*PHASE_KINDS.values())

# disc purposes
DISC_SCORING, DISC_RETURN, DISC_UMSTURZ, DISC_UNIQUE = range(4)

_POWER_MOVES: list[Move] = [("power", v, -1) for v in range(14)]
_ENDPLACE: Move = ("endplace",)

ROUNDS_FULL = (1, 2, 3, 4, 5, 6, 7, 8, 9)
ROUNDS_SHORT = (2, 3, 5, 6, 8, 9)
SCORING_ROUNDS = (3, 6, 9)

# placement targets by King position (without Schmuggel)
PLACE_TARGETS: list[tuple[int, ...]] = [
    (*(a for a in D.NEIGHBOURS[k] if a != k), *((D.CASTILLO,) if k != D.CASTILLO else ())) for k in range(12)
]

_PLACE_MOVES: list[list[Move]] = [[("place", a) for a in t] for t in PLACE_TARGETS]

_SLOTS = (
    "n",
    "C",
    "dummy",
    "short",
    "hidden",
    "mv",
    "nr",
    "third",
    "rng",
    "cab",
    "court",
    "prov",
    "grande",
    "king",
    "score",
    "boards",
    "hand",
    "pdisc",
    "played",
    "total",
    "mhand",
    "mplayed",
    "mdisc",
    "stacks",
    "up",
    "permanent",
    "discard",
    "start",
    "ridx",
    "order",
    "turn",
    "cur",
    "card",
    "place_left",
    "place_st",
    "spec_st",
    "smuggle",
    "veto",
    "veto_ask",
    "phase",
    "fx_src",
    "fx",
    "fxq",
    "disc",
    "disc_wait",
    "disc_kind",
    "dpower",
    "rdeck",
    "recall_left",
    "pending_pass",
)


class ElGrandeState(State):
    game_name = "elgrande"
    __slots__ = (*_SLOTS, "num_players", "log", "_lm", "_lm_seat")

    n: int
    C: int
    dummy: int
    short: int
    hidden: int
    mv: int
    nr: int
    third: int
    rng: Rng
    cab: list[int]
    court: list[int]
    prov: list[int]
    grande: list[int]
    king: int
    score: list[int]
    boards: list[int]
    hand: list[int]
    pdisc: list[int]
    played: list[int]
    total: list[int]
    mhand: list[int]
    mplayed: list[int]
    mdisc: list[int]
    stacks: list[list[int]]
    up: list[int]
    permanent: list[int]
    discard: list[int]
    start: int
    ridx: int
    order: list[int]
    turn: int
    cur: int
    card: int
    place_left: int
    place_st: int
    spec_st: int
    smuggle: int
    veto: list[int]
    veto_ask: list[int]
    phase: int
    fx_src: list[int]
    fx: list[int]
    fxq: list[int]
    disc: list[int]
    disc_wait: list[int]
    disc_kind: int
    dpower: list[int]
    rdeck: list[int]
    recall_left: int
    pending_pass: list[int]
    _lm: list[Move] | None
    _lm_seat: int

    # ------------------------------------------------------------------ setup
    @classmethod
    def new(cls, players: int, variant: frozenset[str], seed: int) -> ElGrandeState:
        """A new game (see :mod:`feldherr.elgrande.setup`)."""
        from feldherr.elgrande.setup import setup

        s = cls.__new__(cls)
        setup(s, players, variant, seed)
        return s

    # ------------------------------------------------------------------ protocol
    def to_move(self) -> tuple[int, ...]:
        ph = self.phase
        if MODPASS < ph <= ACT:
            return (self.cur,)
        if ph == FX:
            return (self.fxq[0] if self.fxq else self.cur,)
        if ph == VETO:
            return (self.veto_ask[0],)
        if ph == OVER:
            return ()
        return tuple(self.disc_wait)

    def fx_decider(self) -> int:
        return self.fxq[0] if self.fxq else self.cur

    def is_terminal(self) -> bool:
        return self.phase == OVER

    @property
    def round(self) -> int:
        rounds = ROUNDS_SHORT if self.short else ROUNDS_FULL
        return rounds[min(self.ridx, len(rounds) - 1)]

    def legal_moves(self, seat: int) -> list[Move]:
        if self._lm is not None and self._lm_seat == seat:
            return self._lm
        if seat not in self.to_move():
            return []
        lm = self._legal(seat)
        if self.phase != DISC and self.phase != MODPASS:
            self._lm = lm
            self._lm_seat = seat
        return lm

    def _legal(self, seat: int) -> list[Move]:
        ph = self.phase
        if ph == ACT:
            return self._legal_act()
        if ph == POWER:
            return self._legal_power(seat)
        if ph == COURT:
            return [("court", k) for k in range(self._court_max() + 1)]
        if ph == TAKE:
            return [("take", s) for s, c in enumerate(self.up) if c >= 0]
        if ph == RECALL:
            return self._legal_recall(seat)
        if ph == FX:
            return fx.legal(self, seat)
        if ph == DISC:
            return [("disc", r) for r in self._disc_options(seat)]
        if ph == VETO:
            return [("veto", 1), ("veto", 0)]
        if ph == ABILITY:
            return [("ability",), ("noability",)]
        if ph == MODPASS:
            m = self.mhand[seat]
            return [("mpass", i) for i in range(len(D.MODIFIER_VALUES)) if m >> i & 1]
        return []

    def apply(self, seat: int, move: Move) -> None:
        lm = self._lm if (self._lm is not None and self._lm_seat == seat) else None
        if lm is None or move not in lm:
            lm = self._check(seat, move)
        self._do(seat, move)
        self._settle()

    def _check(self, seat: int, move: Move) -> list[Move]:
        if self.phase == OVER:
            raise GameOverError("the game is over", rule="elgrande.game-over")
        if not isinstance(move, tuple) or not move or not isinstance(move[0], str):
            raise MalformedMoveError(f"not a move: {move!r}", rule="elgrande.move.format")
        if move[0] not in ALL_KINDS:
            raise MalformedMoveError(f"unknown move kind {move[0]!r}", rule="elgrande.move.kind")
        types = ARGS.get(move[0], "")
        if len(move) != 1 + len(types) or any(type(x) is not int for x in move[1:]):
            raise MalformedMoveError(
                f"{move[0]!r} takes {len(types)} whole-number argument(s): {move!r}",
                rule="elgrande.move.arity",
            )
        if seat not in self.to_move():
            raise NotYourTurnError(f"seat {seat} has no decision now", rule="elgrande.turn-order")
        if move[0] not in PHASE_KINDS[self.phase]:
            raise WrongPhaseError(
                f"{move[0]!r} does not belong to the {PHASE_NAMES[self.phase]} phase",
                rule=f"elgrande.phase.{PHASE_NAMES[self.phase]}",
            )
        lm = self._legal(seat)
        if move not in lm:
            raise IllegalMoveError(f"{move!r} is not allowed now", rule=_RULES.get(move[0], "elgrande.rules"))
        return lm

    def _settle(self) -> None:
        """Take forced single-choice decisions and refresh the legal-move cache."""
        self._lm = None
        while True:
            ph = self.phase
            if MODPASS < ph <= ACT:
                seat = self.cur
            elif ph == FX:
                seat = self.fxq[0] if self.fxq else self.cur
            elif ph == VETO:
                seat = self.veto_ask[0]
            else:
                # simultaneous phases are never auto-played: a driver may hold the seat tuple
                return
            lm = self._legal_act() if ph == ACT else self._legal(seat)
            if len(lm) == 1:
                self._do(seat, lm[0])
                continue
            self._lm = lm
            self._lm_seat = seat
            return

    def _do(self, seat: int, move: Move) -> None:
        kind = move[0]
        ph = self.phase
        if ph == ACT:
            self._do_act(move)
        elif ph == FX:
            fx.apply(self, seat, move)
        elif kind == "power":
            self._do_power(seat, move[1], move[2])
        elif kind == "court":
            self._do_court(move[1])
        elif kind == "take":
            self._do_take(move[1])
        elif kind == "recall":
            self._do_recall(seat, move[1])
        elif kind == "disc":
            self._do_disc(seat, move[1])
        elif kind == "veto":
            self._do_veto(seat, move[1])
        elif kind == "ability":
            p = self.cur
            ab = D.MODIFIER_ABILITY[self.mplayed[p]]
            assert ab is not None
            self.log.append({"k": "ability", "a": {"p": p}, "to": None})
            fx.start(self, ab, 1, self.mplayed[p], -1)
        elif kind == "noability":
            self._begin_take()
        elif kind == "mpass":
            self._do_mpass(seat, move[1])

    # ------------------------------------------------------------------ rounds
    def _start_round(self) -> None:
        rnd = self.round
        self.log.append({"k": "round", "a": {"r": rnd}, "to": None})
        for s, st in enumerate(self.stacks):
            if self.permanent[s]:
                self.up[s] = st[0]
            else:
                self.up[s] = st.pop() if st else -1
        self.log.append(
            {"k": "reveal", "a": {"cards": [D.CARD_IDS[c] if c >= 0 else "" for c in self.up]}, "to": None}
        )
        C = self.C
        self.played = [0] * C
        self.total = [0] * C
        if self.dummy >= 0:
            self._dummy_regions()
            d = self.dummy
            v = self.dpower.pop() if self.dpower else 0
            self.played[d] = v
            self.total[d] = v
            self.log.append({"k": "power", "a": {"p": d, "v": v, "m": 0}, "to": None})
        self.order = []
        self.phase = POWER
        self.cur = self.start

    def _dummy_regions(self) -> None:
        d = self.dummy
        base = d * D.AREAS
        for _ in range(2):
            if self.prov[d] <= 0:
                break
            if not self.rdeck:
                break
            r = self.rdeck.pop()
            if r == self.king:
                continue
            k = min(2, self.prov[d])
            self.prov[d] -= k
            self.cab[base + r] += k
            self.log.append({"k": "dummy_place", "a": {"n": k, "r": D.AREA_NAMES[r]}, "to": None})

    def _legal_power(self, seat: int) -> list[Move]:
        played = self.played
        total = self.total
        used = 0
        for c in range(self.C):
            if played[c]:
                t = total[c]
                if 0 <= t < 32:
                    used |= 1 << t
        h = self.hand[seat]
        if not self.mv:
            free = h & ~used
            return [_POWER_MOVES[v] for v in range(1, 14) if free >> v & 1]
        out: list[Move] = []
        mods = [i for i in range(len(D.MODIFIER_VALUES)) if self.mhand[seat] >> i & 1]
        for v in range(1, 14):
            if h >> v & 1:
                if not used >> v & 1:
                    out.append(_POWER_MOVES[v])
                for m in mods:
                    t = v + D.MODIFIER_VALUES[m]
                    if t < 0 or t >= 32 or not used >> t & 1:
                        out.append(("power", v, m))
        return out

    def _do_power(self, p: int, v: int, m: int) -> None:
        self.hand[p] &= ~(1 << v)
        self.played[p] = v
        t = v
        if m >= 0:
            self.mhand[p] &= ~(1 << m)
            t += D.MODIFIER_VALUES[m]
        self.mplayed[p] = m
        self.total[p] = t
        self.log.append(
            {"k": "power", "a": {"p": p, "v": v, "m": D.MODIFIER_VALUES[m] if m >= 0 else 0}, "to": None}
        )
        nxt = (p + 1) % self.n
        if nxt == self.start:
            self.order = sorted(range(self.C), key=lambda c: -self.total[c])
            self.turn = 0
            self._begin_turn()
        else:
            self.cur = nxt

    def _begin_turn(self) -> None:
        while self.turn < len(self.order):
            p = self.order[self.turn]
            self.cur = p
            if p == self.dummy:
                self._dummy_turn()
                self.turn += 1
                continue
            self.card = -1
            self.smuggle = 0
            if self._court_max() > 0:
                self.phase = COURT
            else:
                self._after_court()
            return
        self._end_round()

    def _dummy_turn(self) -> None:
        best = -1
        for s, c in enumerate(self.up):
            if c >= 0 and (best < 0 or D.CARD_PLACE[c] > D.CARD_PLACE[self.up[best]]):
                best = s
        if best >= 0:
            c = self.up[best]
            self.up[best] = -1
            if not self.permanent[best]:
                self.discard.append(c)
            self.log.append({"k": "dummy_take", "a": {"card": D.CARD_IDS[c]}, "to": None})

    def _recallable(self, p: int) -> int:
        base = p * D.AREAS
        k = self.king
        return sum(self.cab[base + r] for r in range(D.NREG) if r != k)

    def _court_max(self) -> int:
        p = self.cur
        want = D.POWER_CABALLEROS[self.played[p]]
        if want == 0:
            return 0
        have = self.prov[p]
        if have >= want:
            return want
        return min(want, have + self._recallable(p))

    def _do_court(self, k: int) -> None:
        p = self.cur
        take = min(k, self.prov[p])
        self.prov[p] -= take
        self.court[p] += take
        self.log.append({"k": "to_court", "a": {"p": p, "n": k}, "to": None})
        if k > take:
            self.recall_left = k - take
            self.phase = RECALL
        else:
            self._after_court()

    def _legal_recall(self, seat: int) -> list[Move]:
        base = seat * D.AREAS
        out: list[Move] = [("recall", r) for r in range(D.NREG) if r != self.king and self.cab[base + r]]
        if self.fx_src[0] >= 0 and out:
            out.append(("recall", -1))  # a card's intake may stop short (the recall is optional)
        return out

    def _do_recall(self, p: int, r: int) -> None:
        if r < 0:
            self.recall_left = 0
        else:
            self.cab[p * D.AREAS + r] -= 1
            self.court[p] += 1
            self.recall_left -= 1
            self.log.append({"k": "recall", "a": {"p": p, "r": D.AREA_NAMES[r]}, "to": None})
        if self.recall_left <= 0 or not self._recallable(p):
            self.recall_left = 0
            if self.fx_src[0] >= 0:
                fx.finish(self)
            else:
                self._after_court()

    def _after_court(self) -> None:
        p = self.cur
        m = self.mplayed[p] if self.mv else -1
        if m >= 0 and D.MODIFIER_ABILITY[m] is not None and fx.can_start(self, D.MODIFIER_ABILITY[m]):  # type: ignore[arg-type]
            self.phase = ABILITY
        else:
            self._begin_take()

    def _begin_take(self) -> None:
        self.phase = TAKE
        if not any(c >= 0 for c in self.up):
            self._end_turn()

    def _do_take(self, s: int) -> None:
        p = self.cur
        c = self.up[s]
        self.up[s] = -1
        self.card = c
        self.place_left = D.CARD_PLACE[c]
        self.place_st = 0
        self.spec_st = 0
        self.log.append({"k": "take", "a": {"p": p, "card": D.CARD_IDS[c]}, "to": None})
        if self.court[p] == 0 and D.CARD_EFFECT[c]["op"] not in ("court_gain", "choice"):
            self.place_st = 2
        self.phase = ACT

    def _place_targets(self) -> tuple[int, ...]:
        t = PLACE_TARGETS[self.king]
        if self.smuggle and self.king < D.NREG:
            return (*t, self.king)
        return t

    def _legal_act(self) -> list[Move]:
        p = self.cur
        out: list[Move] = []
        if self.place_st != 2:
            if self.place_left > 0 and self.court[p] > 0:
                if self.smuggle and self.king < D.NREG:
                    out = [("place", a) for a in self._place_targets()]  # Schmuggel
                else:
                    out = list(_PLACE_MOVES[self.king])
            out.append(_ENDPLACE)
        if self.spec_st == 0 and self.place_st != 1:
            if fx.can_start(self, D.CARD_EFFECT[self.card]):
                out.append(("special",))
            out.append(("nospecial",))
        return out

    def _do_act(self, move: Move) -> None:
        kind = move[0]
        p = self.cur
        if kind == "place":
            a = move[1]
            self.court[p] -= 1
            self.cab[p * D.AREAS + a] += 1
            self.place_left -= 1
            self.place_st = 1
            self._log_to_area("place", p, a)
            if self.place_left == 0 or self.court[p] == 0:
                self.place_st = 2
        elif kind == "endplace":
            self.place_st = 2
        elif kind == "nospecial":
            self.spec_st = 2
        elif kind == "special":
            self.spec_st = 1
            self.log.append({"k": "announce", "a": {"p": p, "card": D.CARD_IDS[self.card]}, "to": None})
            asks = [
                q
                for q in ((p + i) % self.n for i in range(1, self.n))
                if self.veto[q] >= 0 and self.veto[q] >= self.ridx - 1
            ]
            if asks:
                self.veto_ask = asks
                self.phase = VETO
                return
            fx.start(self, D.CARD_EFFECT[self.card], 0, self.card, -1)
            return
        self._check_turn_end()

    def _log_to_area(self, key: str, p: int, a: int) -> None:
        if a == D.CASTILLO and self.hidden:
            self.log.append({"k": key, "a": {"p": p, "r": "Castillo"}, "to": p})
            self.log.append({"k": key + "_hidden", "a": {"p": p}, "to": None})
        else:
            self.log.append({"k": key, "a": {"p": p, "r": D.AREA_NAMES[a]}, "to": None})

    def _do_veto(self, q: int, yes: int) -> None:
        if yes:
            self.veto[q] = -1
            self.veto_ask = []
            self.log.append({"k": "veto", "a": {"p": q, "card": D.CARD_IDS[self.card]}, "to": None})
            self.spec_st = 2
            self.phase = ACT
            self._check_turn_end()
            return
        self.veto_ask.pop(0)
        if not self.veto_ask:
            fx.start(self, D.CARD_EFFECT[self.card], 0, self.card, -1)

    def special_done(self) -> None:
        """Called by the effect interpreter when a card's special action is complete."""
        self.spec_st = 2
        self.phase = ACT
        if self.place_st == 0 and (self.place_left == 0 or self.court[self.cur] == 0):
            self.place_st = 2
        self._check_turn_end()

    def ability_done(self) -> None:
        self._begin_take()

    def _check_turn_end(self) -> None:
        if self.place_st == 2 and self.spec_st == 2:
            self._end_turn()

    def _end_turn(self) -> None:
        c = self.card
        if c >= 0 and not (self.permanent[-1] and c == D.KING_CARD):
            self.discard.append(c)
        self.card = -1
        self.smuggle = 0
        self.turn += 1
        self._begin_turn()

    def _end_round(self) -> None:
        for s, c in enumerate(self.up):
            if c >= 0 and not self.permanent[s]:
                self.discard.append(c)
            self.up[s] = -1
        low = min(range(self.n), key=lambda p: self.total[p])
        self.start = low
        for p in range(self.n):
            bit = 1 << self.played[p]
            if not self.hand[p] & bit:
                self.pdisc[p] |= bit
            m = self.mplayed[p]
            if m >= 0 and not self.mhand[p] >> m & 1:
                self.mdisc[p] |= 1 << m
            self.mplayed[p] = -1
            if 0 <= self.veto[p] < self.ridx:
                self.veto[p] = -1
        self.log.append({"k": "start_marker", "a": {"p": low}, "to": None})
        if self.round in SCORING_ROUNDS:
            self._begin_scoring()
        else:
            self.ridx += 1
            self._start_round()

    # ------------------------------------------------------------------ scoring
    def _begin_scoring(self) -> None:
        begin_general_scoring(self)

    def start_disc(self, kind: int, seats: list[int]) -> None:
        self.disc = [-1] * self.C
        self.disc_kind = kind
        self.disc_wait = [p for p in seats if self._disc_options(p)]
        if self.disc_wait:
            self.phase = DISC
        else:
            self._resolve_disc()

    def _disc_options(self, p: int) -> list[int]:
        kind = self.disc_kind
        if kind in (DISC_SCORING, DISC_UNIQUE):
            return list(range(D.NREG))
        return fx.disc_options(self, p)

    def _do_disc(self, p: int, r: int) -> None:
        self.disc[p] = r
        self.disc_wait.remove(p)
        self.log.append({"k": "disc_set", "a": {"p": p}, "to": None})
        self.log.append({"k": "disc_own", "a": {"p": p, "r": D.AREA_NAMES[r]}, "to": p})
        if not self.disc_wait:
            self._resolve_disc()

    def _resolve_disc(self) -> None:
        if self.disc_kind == DISC_SCORING:
            self._finish_scoring()
        else:
            fx.resolve_disc(self)

    def _finish_scoring(self) -> None:
        finish_general_scoring(self)

    def points_of(self, a: int) -> tuple[int, int, int]:
        b = self.boards
        if b[0] == a:
            pts = D.SCOREBOARDS[0]
        elif b[1] == a:
            pts = D.SCOREBOARDS[1]
        else:
            pts = D.CASTILLO_POINTS if a == D.CASTILLO else D.REGION_POINTS[a]
        if not self.third:
            return (pts[0], pts[1], 0)
        return pts

    def score_area(self, a: int, first_only: bool = False) -> list[int]:
        """Score one region (or the Castillo) now; returns the points each player got."""
        gains = score_area(self, a, first_only)
        if any(gains):
            self.log.append({"k": "scored", "a": {"r": D.AREA_NAMES[a], "pts": gains}, "to": None})
        return gains

    # ------------------------------------------------------------------ Machtverschiebung
    def _do_mpass(self, p: int, m: int) -> None:
        self.pending_pass[p] = m
        self.disc_wait.remove(p)
        if not self.disc_wait:
            n = self.n
            for q in range(n):
                self.mhand[q] &= ~(1 << self.pending_pass[q])
            for q in range(n):
                self.mhand[(q + 1) % n] |= 1 << self.pending_pass[q]
                self.log.append(
                    {
                        "k": "mod_received",
                        "a": {"p": (q + 1) % n, "v": D.MODIFIER_VALUES[self.pending_pass[q]]},
                        "to": (q + 1) % n,
                    }
                )
            self.pending_pass = [-1] * n
            self._start_round()

    # ------------------------------------------------------------------ bookkeeping
    def outcome(self) -> Outcome:
        best = max(self.score)
        winners = tuple(p for p in range(self.n) if self.score[p] == best)
        return Outcome(scores=tuple(float(x) for x in self.score), winners=winners)

    def clone(self) -> ElGrandeState:
        s = ElGrandeState.__new__(ElGrandeState)
        for name in _SLOTS:
            v = getattr(self, name)
            if type(v) is list:
                v = [list(x) for x in v] if name == "stacks" else list(v)
            setattr(s, name, v)
        s.rng = self.rng.clone()
        s.num_players = self.num_players
        s.log = list(self.log)
        s._lm = self._lm
        s._lm_seat = self._lm_seat
        return s

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name in _SLOTS:
            v = getattr(self, name)
            out[name] = v.state if name == "rng" else v
        out["log"] = self.log
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ElGrandeState:
        s = cls.__new__(cls)
        for name in _SLOTS:
            v = data[name]
            if name == "rng":
                v = Rng.from_state(int(v))
            elif isinstance(v, list):
                v = [list(x) for x in v] if name == "stacks" else list(v)
            setattr(s, name, v)
        s.num_players = s.n
        s.log = [dict(e) for e in data["log"]]
        s._lm = None
        s._lm_seat = -1
        if s.phase != OVER and s.phase != DISC and s.phase != MODPASS:
            s._settle()
        return s

    def view(self, seat: int | None) -> dict[str, Any]:
        from feldherr.elgrande.view import build_view

        return build_view(self, seat)


_RULES = {
    "power": "elgrande.power.distinct-value",
    "court": "elgrande.court.count",
    "recall": "elgrande.court.from-regions",
    "take": "elgrande.action-card.open",
    "place": "elgrande.place.king-neighbours",
    "endplace": "elgrande.action.whole",
    "special": "elgrande.action.whole",
    "nospecial": "elgrande.action.whole",
    "disc": "elgrande.disc.region",
    "mpass": "elgrande.machtverschiebung.pass",
}
