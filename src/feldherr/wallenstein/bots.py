"""A simple greedy Wallenstein bot.

It reads only what its seat may know (a :class:`SeatAccess`: the view and the legal moves): the
public board, the open events and action cards, everyone's money, and its own hand and plan. Plans
are made whole (taxes and grain where they pay most without unrest, buildings where sites are free,
armies where neighbours threaten, attacks where the odds look good) and given box by box.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from feldherr.core.bots import SeatAccess
from feldherr.core.game import Move, State
from feldherr.core.rng import Rng
from feldherr.wallenstein.codec import SLOT_NAMES, slot_value_from_json
from feldherr.wallenstein.data import (
    ACTIONS,
    BID,
    BONUS_TILES,
    BUILD_BIT,
    BUILD_COST,
    BUILDING_COUNT,
    BUILDINGS,
    COMBAT_A,
    COMBAT_B,
    COUNTY_ID,
    COURT_NUM_SLOTS,
    COURT_SLOTS,
    DEPLOY1,
    DEPLOY3,
    DEPLOY5,
    EVENTS,
    FAVORS,
    GRAIN,
    GRAIN_ACTION,
    MONEY_BASE,
    NAMES,
    NEIGHBOURS,
    NUM_SLOTS,
    SITES,
    TAX,
    TAXES,
    TOWER_CARD,
    TOWER_CARDS,
)
from feldherr.wallenstein.moves import (
    DECK,
    NO_SPACE,
    PASS,
    Draft,
    Favor,
    Landsknechte,
    Leader,
    LeaderDraft,
    Movement,
    Position,
    Slot,
    WallensteinMove,
)
from feldherr.wallenstein.rules.actions import collect_amount
from feldherr.wallenstein.rules.planning import PLAN_ORDER
from feldherr.wallenstein.state import EMPTY, LOST, UNPLANNED, WallensteinState

_EVENT_INDEX = {e.id: i for i, e in enumerate(EVENTS)}


class Board:
    """What the bot reads, rebuilt from the seat's view in the engine's own terms (county ids,
    seat-indexed lists), so the bot's arithmetic stays what it was when it read the state."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        seat = view["seat"]
        players = view["players"]
        n = len(players)
        c = len(NAMES)
        self.num_players = n
        self.active = [False] * c
        self.owner = [-1] * c
        self.armies = [0] * c
        self.buildings = [0] * c
        self.unrest = [0] * c
        for name, county in view["counties"].items():
            i = COUNTY_ID[name]
            self.active[i] = True
            self.owner[i] = county["owner"]
            self.armies[i] = county["armies"]
            self.buildings[i] = sum(BUILD_BIT[BUILDINGS.index(b)] for b in county["buildings"])
            self.unrest[i] = county["revolt_markers"]
        self.money = [p["thaler"] for p in players]
        self.grain = [p["grain"] for p in players]
        self.positions = [p["position"] - 1 if p["position"] else -1 for p in players]
        me = players[seat]
        self.hand = [COUNTY_ID[name] for name in me.get("hand", ())]
        self.court = "court" in view
        self.nslots = COURT_NUM_SLOTS if self.court else NUM_SLOTS
        self.plan = [_plan_value(me["plan"].get(name, _MISSING)) for name in SLOT_NAMES[: self.nslots]]
        self.bonus = [BONUS_TILES.index(t) for t in view["bonus_tiles"]]
        self.event = _EVENT_INDEX[view["event"]] if view["event"] is not None else -1
        self.tray = view["tower"]["tray"]
        court = view.get("court")
        self.courtiers = court["courtier_supply"] if court else [0] * n
        self.favors = (
            [space["card"] - 1 if space["card"] is not None else -1 for space in court["favors"]]
            if court
            else []
        )
        leaders = view.get("leaders")
        self.leader = (
            [COUNTY_ID[w] if w is not None else -1 for w in leaders["leader"]] if leaders else [-1] * n
        )
        self.statues = [[row.get(name, 0) for name in NAMES] for row in leaders["statues"]] if leaders else []
        draft = view.get("draft")
        self.faceup = [COUNTY_ID[name] for name in draft["faceup"]] if draft else []
        self.groups = draft["groups"] if draft else [[] for _ in range(n)]
        step = view["step"] or {}
        self.pending = (
            [step["seat"], COUNTY_ID[step["from"]], ACTIONS.index(step["action"])] if "from" in step else []
        )

    @classmethod
    def from_state(cls, st: WallensteinState, seat: int) -> Board:
        """The same board as ``Board(st.view(seat))``, read straight from a state without building
        the view, and reading nothing the view does not show (``tests/wallenstein/test_bots.py``
        compares the two at every position of random games). For the search's playouts, which
        run on its own sampled states."""
        b = cls.__new__(cls)
        n = st.num_players
        active = st.active
        b.num_players = n
        b.active = list(active)
        b.owner = [o if a else -1 for o, a in zip(st.owner, active, strict=True)]
        b.armies = [k if a else 0 for k, a in zip(st.armies, active, strict=True)]
        b.buildings = [k & 7 if a else 0 for k, a in zip(st.buildings, active, strict=True)]
        b.unrest = [k if a else 0 for k, a in zip(st.unrest, active, strict=True)]
        b.money = st.money[:]
        b.grain = st.grain[:]
        b.positions = [p if p >= 0 else -1 for p in st.positions]
        b.hand = [c for c, holder in enumerate(st.card) if holder == seat]
        b.court = st.court
        b.nslots = COURT_NUM_SLOTS if b.court else NUM_SLOTS
        b.plan = st.plans[seat][: b.nslots]
        b.bonus = st.bonus[:]
        b.event = st.event
        b.tray = st.tray[:]
        b.courtiers = st.courtiers[:] if st.court else [0] * n
        b.favors = [FAVORS[f].id - 1 if f >= 0 else -1 for f in st.favors] if st.court else []
        b.leader = st.leader[:] if st.leaders else [-1] * n
        b.statues = [row[:] for row in st.statues] if st.leaders else []
        drafting = st.phase == "draft"
        b.faceup = st.faceup[:] if drafting else []
        b.groups = [sorted(g, reverse=True) for g in st.groups] if drafting else [[] for _ in range(n)]
        b.pending = st.pending[:3] if st.phase == "move" else []
        return b


_MISSING = object()


def _plan_value(shown: Any) -> int:
    """A box of the seat's own plan as the engine stores it."""
    if shown is _MISSING:
        return UNPLANNED
    if shown == "lost":
        return LOST
    return slot_value_from_json(shown)


def _lsk_value(benefit: int, need: int) -> float:
    """Landsknechte: victory points first, grain when short of it, then Thalers."""
    return 3 if benefit == 3 else 2.5 if benefit == 1 and need > 0 else benefit == 0


class HeuristicBot:
    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, access: SeatAccess) -> Move:
        legal = access.legal_moves()
        if len(legal) == 1:
            return legal[0]
        return self._choose(Board(access.view), access.seat, legal)

    def choose_in_sample(self, state: State, seat: int, legal: list[Move]) -> Move:
        """The move ``choose(SeatAccess(state, seat))`` returns, from the state itself (see
        :meth:`Board.from_state`): a search's playouts call this on their sampled states."""
        if len(legal) == 1:
            return legal[0]
        return self._choose(Board.from_state(cast(WallensteinState, state), seat), seat, legal)

    def _choose(self, st: Board, seat: int, moves: list[Move]) -> Move:
        legal = cast(list[WallensteinMove], moves)  # feldherr.wallenstein.moves
        first = legal[0]
        kind = first.kind
        if isinstance(first, Slot):
            # The whole plan is worked out from the board (which does not change while everyone
            # plans), then given one box at a time, in the order the boxes are asked for. It is
            # planned around the boxes given so far: the bot's own choices (then it is the same
            # plan), or other cards that a search tried there.
            box = first.box
            move = Slot("slot", box, self._plan(st, seat, fixed=True)[box])
            return move if move in legal else first
        if kind == "draft" or kind == "redraw":
            return self._draft(st, seat, list(legal))
        if kind == "position":
            return self._position(st, seat, cast(list[Position], legal))
        if kind in ("pass", "move"):
            return self._movement(st, seat, list(legal))
        if kind == "favor":
            return max(cast(list[Favor], legal), key=lambda m: self._favor_value(st, seat, m))
        if kind == "lsk":
            need = st.owner.count(seat) - st.grain[seat]
            return max(cast(list[Landsknechte], legal), key=lambda m: _lsk_value(m.benefit, need))
        if kind == "leader":
            return max(cast(list[Leader], legal), key=lambda m: self._leader_value(st, seat, m.county))
        return legal[self.rng.below(len(legal))]

    # -- modules -------------------------------------------------------------------------------

    def _favor_value(self, st: Board, seat: int, move: Favor) -> float:
        if move.space == NO_SPACE:
            return 0.0
        card = FAVORS[st.favors[move.space]]
        target = move.target
        weights = {"vp": 3.0, "taler": 1.0, "grain": 0.8, "tray_armies": 0.5}
        if card.effect in weights:
            return weights[card.effect] * card.amount
        if card.effect == "build":
            return 3.0 if target >= 0 else 0.1
        if card.effect == "deploy":
            if target < 0:
                return 0.1
            gain = 4.0 if st.owner[target] < 0 else 2.0
            return gain + 0.2 * (TAX[target] + GRAIN[target]) + 0.3 * self._threat(st, seat, target)
        if card.effect == "shield":
            return 2.0
        if card.effect == "calm":
            return 2.0
        return 1.0 if target >= 0 and st.event >= 0 else 0.2  # cancel_event

    def _leader_value(self, st: Board, seat: int, c: int) -> float:
        here = st.leader[seat]
        statue = 4.0 if here >= 0 and c in NEIGHBOURS[here] else 0.0
        trophy = 3.0 * sum(st.statues[o][c] for o in range(st.num_players) if o != seat)
        value: float = statue + trophy + TAX[c] + GRAIN[c] + 0.5 * SITES[c] - 0.3 * self._threat(st, seat, c)
        return value

    # -- setup ---------------------------------------------------------------------------------

    def _county_value(self, st: Board, seat: int, c: int) -> float:
        friends = sum(1 for n in NEIGHBOURS[c] if st.owner[n] == seat)
        return TAX[c] + GRAIN[c] + 1.5 * SITES[c] + 2.0 * friends

    def _draft(self, st: Board, seat: int, legal: list[Move]) -> Move:
        best_group = max(st.groups[seat])
        options = [m for m in legal if isinstance(m, Draft | LeaderDraft) and m.armies == best_group]
        lead: list[Draft | LeaderDraft] = [m for m in options if isinstance(m, LeaderDraft)]  # Heerführer
        if lead:
            options = lead
        faceup = [m for m in options if m.source != DECK]
        if faceup:
            return max(faceup, key=lambda m: self._county_value(st, seat, st.faceup[m.source]))
        return options[0]

    # -- planning ------------------------------------------------------------------------------

    def _threat(self, st: Board, seat: int, c: int) -> int:
        return sum(st.armies[n] for n in NEIGHBOURS[c] if st.owner[n] not in (-1, seat) and st.active[n])

    def _attack_target(self, st: Board, seat: int, c: int) -> tuple[float, int]:
        """Best (odds margin, target) reachable from c."""
        best = (-99.0, -1)
        for n in NEIGHBOURS[c]:
            if not st.active[n] or st.owner[n] == seat:
                continue
            defence = st.armies[n] if st.owner[n] >= 0 else 1
            margin = (st.armies[c] - 1) - 1.5 * defence + 0.3 * (TAX[n] + GRAIN[n])
            if margin > best[0]:
                best = (margin, n)
        return best

    def _plan(self, st: Board, seat: int, fixed: bool = False) -> tuple[int, ...]:
        """The plan this bot would make; with ``fixed``, around the boxes already given (they keep
        their cards, which are no longer free; a box's choice below is skipped where it is given)."""
        hand = list(st.hand)
        slots = [EMPTY] * st.nslots
        money = st.money[seat]
        free = set(hand)
        given = [v != UNPLANNED for v in st.plan] if fixed else [False] * st.nslots
        if fixed:
            for box, value in enumerate(st.plan):
                if given[box]:
                    slots[box] = value
                    free.discard(value)

        def assign(box: int, county: int) -> None:
            if not given[box]:
                slots[box] = county
                free.discard(county)

        # The bid: a county card costs nothing and still precedes the "0" bids.
        if given[BID]:
            pass
        elif hand:
            bid_card = min(hand, key=lambda c: (st.armies[c] > 1, TAX[c] + GRAIN[c]))
            assign(BID, bid_card)
        else:
            slots[BID] = MONEY_BASE
        calm = [c for c in free if st.unrest[c] == 0]
        if calm:
            assign(TAXES, max(calm, key=lambda c: collect_amount(cast(WallensteinState, st), seat, TAXES, c)))
        calm = [c for c in free if st.unrest[c] == 0]
        grain_need = len(hand) - st.grain[seat]
        if calm and grain_need > 0:
            assign(GRAIN_ACTION, max(calm, key=lambda c: GRAIN[c]))
        attackers = sorted(free, key=lambda c: self._attack_target(st, seat, c)[0], reverse=True)
        for box in (COMBAT_A, COMBAT_B):
            if not given[box] and attackers and self._attack_target(st, seat, attackers[0])[0] > 0:
                assign(box, attackers.pop(0))
        budget = money + 4
        for box in (DEPLOY5, DEPLOY3):
            if given[box]:
                budget -= (3 if box == DEPLOY5 else 2) if 0 <= slots[box] < MONEY_BASE else 0
                continue
            candidates = [c for c in free if self._threat(st, seat, c) > 0 or slots[COMBAT_A] == c]
            if candidates and budget >= 3:
                target = max(candidates, key=lambda c: self._threat(st, seat, c))
                assign(box, target)
                budget -= 3 if box == DEPLOY5 else 2
        for b in (0, 1, 2):
            if given[b]:
                budget -= BUILD_COST[b] if 0 <= slots[b] < MONEY_BASE else 0
                continue
            sites = [
                c
                for c in free
                if not st.buildings[c] & BUILD_BIT[b] and BUILDING_COUNT[st.buildings[c]] < SITES[c]
            ]
            if sites and budget >= BUILD_COST[b]:
                assign(b, max(sites, key=lambda c: SITES[c] - BUILDING_COUNT[st.buildings[c]]))
                budget -= BUILD_COST[b]
        interior = [c for c in free if self._threat(st, seat, c) == 0 and st.armies[c] > 1]
        if interior:
            assign(DEPLOY1, interior[0])
        towers = TOWER_CARDS - slots.count(TOWER_CARD) if st.court else 0
        if st.court:  # courtiers from the tray first, then from big quiet counties
            tray = st.tray[seat]
            for box in reversed(COURT_SLOTS):
                k = box - BID
                if given[box]:
                    continue
                if towers and tray >= k and st.courtiers[seat] >= k:
                    slots[box] = TOWER_CARD
                    towers -= 1
                    tray -= k
                    continue
                quiet = [c for c in free if self._threat(st, seat, c) == 0 and st.armies[c] >= k + 2]
                if quiet and st.courtiers[seat] >= k:
                    assign(box, max(quiet, key=lambda c: st.armies[c]))
        # Cover the remaining boxes: money cards (court boxes) and dice tower cards (mat boxes) do
        # nothing, so they go first; the county cards left last.
        money_cards = [MONEY_BASE + v for v in range(5) if MONEY_BASE + v not in slots]
        rest = [c for c in hand if c in free]
        court_fillers = money_cards + [TOWER_CARD] * towers + rest
        for box in COURT_SLOTS if st.court else ():
            if slots[box] == EMPTY and not given[box] and court_fillers:
                slots[box] = court_fillers.pop(0)
        towers = court_fillers.count(TOWER_CARD)
        fillers = [TOWER_CARD] * towers + [c for c in court_fillers if c != TOWER_CARD]
        for box in PLAN_ORDER[1:]:
            if slots[box] == EMPTY and not given[box] and fillers:
                slots[box] = fillers.pop(0)
        return tuple(slots)

    def _position(self, st: Board, seat: int, legal: list[Position]) -> Move:
        plan = st.plan
        wants = {
            "plus_taler": 1.5 if plan[TAXES] >= 0 and plan[TAXES] < MONEY_BASE else 0.0,
            "plus_grain": 1.0 if plan[GRAIN_ACTION] >= 0 and plan[GRAIN_ACTION] < MONEY_BASE else 0.0,
            "six_armies": 2.0 if 0 <= plan[DEPLOY5] < MONEY_BASE else 0.0,
            "attack_plus1": 2.0 if 0 <= plan[COMBAT_A] < MONEY_BASE else 0.0,
            "defend_plus1": 1.0,
        }
        return max(legal, key=lambda m: wants[BONUS_TILES[st.bonus[m.position]]] - 0.4 * m.position)

    # -- movement ------------------------------------------------------------------------------

    def _movement(self, st: Board, seat: int, legal: list[Move]) -> Move:
        _, county, action = st.pending
        armies = st.armies[county]
        best: Move = PASS
        best_value = 0.0
        for move in legal:
            if not isinstance(move, Movement) or move.armies != armies - 1:
                continue
            dst = move.county
            if st.owner[dst] == seat:
                value = 0.5 * (self._threat(st, seat, dst) - self._threat(st, seat, county))
            elif action >= COMBAT_A:
                defence = st.armies[dst] if st.owner[dst] >= 0 else 1
                value = (armies - 1) - 1.5 * defence - 0.5
            else:
                continue
            if value > best_value:
                best, best_value = move, value
        return best
