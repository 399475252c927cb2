"""The flow of a Wallenstein game: setup, the three action rounds, winter, the end.

``apply_move`` validates a decision completely (raising a typed :class:`RuleError` that names the
rule, with nothing changed), records it, and then ``_run`` carries the game on through every step
that needs no decision until one is owed again or the game is over.
"""

from __future__ import annotations

from typing import Any, TypeVar, cast

from feldherr.core.errors import GameOverError, NotYourTurnError, WrongPhaseError, shown_json
from feldherr.core.game import Move, Outcome
from feldherr.core.rng import Rng
from feldherr.wallenstein.data import (
    ACTIONS,
    ACTIONS_FACE_UP,
    ARMIES_PER_PLAYER,
    BONUS_TILES,
    BUILDING_SUPPLY,
    EVENTS,
    EVENTS_PER_YEAR,
    FAVORS,
    FILL_ARMIES,
    FILL_PEASANTS,
    NAMES,
    PEASANTS_TOTAL,
    REVOLT_MARKERS,
    YEARS,
    active_counties,
    lineup,
    start_groups,
    starting_money,
)
from feldherr.wallenstein.moves import POSITION as POSITION_MOVES
from feldherr.wallenstein.moves import REVOLT, Movement, Revolt, typed
from feldherr.wallenstein.rules import actions, court, flow, landsknechte, leaders, planning
from feldherr.wallenstein.rules.board import log
from feldherr.wallenstein.rules.winter import (
    begin_winter,
    end_of_year,
    next_revolt_decision,
    run_revolt,
    score,
)
from feldherr.wallenstein.state import (
    DRAFT,
    FAVOR,
    LANDSKNECHTE,
    LEADER,
    LOST,
    MOVE,
    OVER,
    PLAN,
    POSITION,
    REVOLT_ORDER,
    UNPLANNED,
    WallensteinState,
)
from feldherr.wallenstein.tower.model import NCOLOURS, PEASANT, Tower
from feldherr.wallenstein.tower.registry import game_tower_model

SEASONS = ("spring", "summer", "fall", "winter")
S = TypeVar("S", bound=WallensteinState)


# -- setup ----------------------------------------------------------------------------------------


def new_game(cls: type[S], options: dict[str, Any], seed: int) -> S:
    """A fresh game of the concrete state class ``cls`` (normalised ``options``)."""
    n = int(options["players"])
    tower = Tower(game_tower_model(options["tower"], options.get("tower_params")))
    st = cls(options, Rng(seed), tower, active_counties(n))
    st.money = [starting_money(n)] * n
    st.supply = [ARMIES_PER_PLAYER] * n
    st.peasant_supply = PEASANTS_TOTAL
    st.unrest_supply = REVOLT_MARKERS
    st.building_supply = list(BUILDING_SUPPLY)
    deck = [c for c in range(len(st.active)) if st.active[c]]
    st.rng.shuffle(deck)
    if options["setup"] == "fixed":
        for seat, counties in enumerate(lineup(n)):
            for county, armies in counties:
                _place_group(st, seat, county, armies)
            log(st, "lineup", p=seat, counties=[NAMES[c] for c, _ in counties])
        st.draft_deck = [c for c in deck if st.owner[c] < 0]
        _finish_setup(st)
    else:
        st.groups = [start_groups(n) for _ in range(n)]
        st.draft_deck = deck
        st.faceup = [deck.pop(), deck.pop()]
        st.draft_seat_order = list(range(n)) * len(st.groups[0])
        st.draft_turn = 0
        st.phase = DRAFT
        st.pending = [st.draft_seat_order[0]]
    return st


def _place_group(st: WallensteinState, seat: int, county: int, armies: int) -> None:
    st.owner[county] = seat
    st.card[county] = seat
    st.armies[county] = armies
    st.supply[seat] -= armies


def _finish_setup(st: WallensteinState) -> None:
    """Fill the tower (what falls out goes home), reveal the first four events, start spring."""
    n = st.num_players
    thrown = [0] * NCOLOURS
    for s in range(n):
        thrown[s] = FILL_ARMIES
        st.supply[s] -= FILL_ARMIES
    thrown[PEASANT] = FILL_PEASANTS
    st.peasant_supply -= FILL_PEASANTS
    out = st.tower.drop(thrown, st.rng)
    for s in range(n):
        st.supply[s] += out[s]
    st.peasant_supply += out[PEASANT]
    log(st, "tower_filled", thrown=thrown, out=out)
    st.event_deck = list(range(len(EVENTS)))
    st.rng.shuffle(st.event_deck)
    if st.court:
        court.fill_from_tower(st, out)
        st.favor_deck = list(range(len(FAVORS)))
        st.rng.shuffle(st.favor_deck)
    _start_year(st)


def _start_year(st: WallensteinState) -> None:
    st.open_events = [st.event_deck.pop() for _ in range(EVENTS_PER_YEAR)]
    log(st, "events", year=st.year, events=[EVENTS[e].id for e in st.open_events])
    st.season = 0
    _start_round(st)


def _start_round(st: WallensteinState) -> None:
    """Display action cards and bonus tiles; everyone plans at once."""
    rng = st.rng
    st.actions = list(range(len(ACTIONS)))
    rng.shuffle(st.actions)
    st.revealed_actions = ACTIONS_FACE_UP
    st.action_index = 0
    st.turn_index = 0
    st.bonus = list(range(len(BONUS_TILES)))
    rng.shuffle(st.bonus)
    st.event = -1
    n = st.num_players
    st.positions = [-1] * n
    slots = st.nslots
    st.plans = [[UNPLANNED] * slots for _ in range(n)]
    st.plan_step = [0] * n
    st.revealed = [[False] * slots for _ in range(n)]
    hands: list[list[int]] = [[] for _ in range(n)]
    for c, holder in enumerate(st.card):  # ascending counties, as the hands always were
        if holder >= 0:
            hands[holder].append(c)
    st.plan_hand = hands
    extra = planning.TOWER_SLOTS if st.court else ()
    st.plan_left = [[*hand, *planning.MONEY_SLOTS, *extra] for hand in st.plan_hand]
    st.pending = []
    st.phase = PLAN
    log(
        st,
        "round",
        year=st.year,
        season=SEASONS[st.season],
        actions=[ACTIONS[a] for a in st.actions[:ACTIONS_FACE_UP]],
        bonus=[BONUS_TILES[b] for b in st.bonus],
    )
    if st.court:
        court.display(st)


# -- the decision dispatch ----------------------------------------------------------------------


def legal_moves(st: WallensteinState, seat: int) -> list[Move]:
    phase = st.phase
    if phase == PLAN:
        return planning.plan_options(st, seat) if st.plan_step[seat] < st.nslots else []
    if phase == OVER or not st.pending or st.pending[0] != seat:
        return []
    if phase == MOVE:
        _, county, action = st.pending
        return actions.move_options(st, seat, action, county)
    if phase == POSITION:
        taken = set(st.positions)
        return [POSITION_MOVES[p] for p in range(len(BONUS_TILES)) if p not in taken]
    if phase == DRAFT:
        return planning.draft_options(st, seat)
    if phase == REVOLT_ORDER:
        return [REVOLT[c] for c in st.winter_queue[0][2:]]
    if phase == FAVOR:
        return court.options(st, seat)
    if phase == LEADER:
        return leaders.legal(st, seat)
    if phase == LANDSKNECHTE:
        return landsknechte.options(st, seat)
    return []


def apply_move(st: WallensteinState, seat: int, move: Any) -> None:
    """Check and play ``move`` (flat: a kind and exact ints; typed where it has a move's shape, see
    :func:`feldherr.wallenstein.moves.typed`, so that past each check the rules read its fields)."""
    move = typed(move)
    phase = st.phase
    if phase == OVER:
        raise GameOverError("the game is over", rule="wallenstein.end")
    if not isinstance(move, tuple) or not move:
        raise WrongPhaseError(f"not a move: {shown_json(move)}", rule="wallenstein.move-format")
    kind = move[0]
    if phase == PLAN:
        if not (0 <= seat < st.num_players and st.plan_step[seat] < st.nslots):
            raise NotYourTurnError(f"seat {seat} has no plan to make now", rule="wallenstein.plan")
        planning.apply_plan_move(st, seat, move)
        if min(st.plan_step) >= st.nslots:
            resolve_plans(st)
        return
    if seat != st.pending[0]:
        raise NotYourTurnError(
            f"it is seat {st.pending[0]}'s decision, not seat {seat}'s", rule="wallenstein.turn"
        )
    if phase == DRAFT:
        planning.apply_draft_move(st, seat, move)
        after_draft(st)
    elif phase == POSITION:
        _expect(kind, "position", phase)
        planning.apply_position(st, seat, move)
        _next_position(st)
        _run(st)
    elif phase == MOVE:
        if kind != "pass":
            _expect(kind, "move", phase)
        _, county, action = st.pending
        if not actions.movement_is_legal(st, seat, action, county, move):
            planning.explain_illegal_move(st, seat, action, county, move)
        if isinstance(move, Movement):
            actions.move(st, seat, county, move.county, move.armies)
        else:  # Pass, the only other legal move
            log(st, "pass", p=seat, action=ACTIONS[action])
        st.turn_index += 1
        st.phase = "execute"
        _run(st)
    elif phase == REVOLT_ORDER:
        _expect(kind, "revolt", phase)
        if len(move) != 2 or move[1] not in st.winter_queue[0][2:]:  # not one of legal_moves
            raise planning.illegal(
                "choose one of the counties drawn for a revolt", "wallenstein.winter.revolt-order"
            )
        run_revolt(st, cast(Revolt, move).county)
        st.phase = "winter"
        _run(st)
    elif phase in _MODULE_PHASES:
        wanted, module_apply = _MODULE_PHASES[phase]
        _expect(kind, wanted, phase)
        module_apply(st, seat, move)
        st.phase = flow.resume_phase(st)
        _run(st)


def after_draft(st: WallensteinState) -> None:
    """After a draft decision: the next seat drafts, or the setup ends; then the game runs on."""
    if st.draft_turn >= len(st.draft_seat_order):
        _finish_setup(st)
    else:
        st.pending = [st.draft_seat_order[st.draft_turn]]
    _run(st)


_MODULE_PHASES = {
    FAVOR: ("favor", court.apply),
    LEADER: ("leader", leaders.apply),
    LANDSKNECHTE: ("lsk", landsknechte.apply),
}


def _expect(kind: Any, wanted: str, phase: str) -> None:
    if kind != wanted:
        raise WrongPhaseError(
            f'a {shown_json(kind)} move does not belong to the {phase} phase (it takes "{wanted}" moves)',
            rule=f"wallenstein.{phase}",
        )


# -- automatic steps ---------------------------------------------------------------------------


def resolve_plans(st: WallensteinState) -> None:
    """Every plan is in: reveal, order, and run on to the next decision."""
    _resolve_plans(st)
    _run(st)


def _resolve_plans(st: WallensteinState) -> None:
    """Determine the event, reveal and pay the bids, and queue the choice of positions."""
    rng = st.rng
    st.event = st.open_events.pop(rng.below(len(st.open_events)))
    log(st, "event", event=EVENTS[st.event].id, effect=EVENTS[st.event].effect)
    st.bid_queue = planning.reveal_bids(st)
    st.phase = POSITION
    _next_position(st)


def _next_position(st: WallensteinState) -> None:
    """The next bidder chooses a position; the last one takes what is left without a decision."""
    n = st.num_players
    while st.bid_queue:
        seat = st.bid_queue[0]
        free = [p for p in range(len(BONUS_TILES)) if p not in st.positions]
        if len(free) == 1:
            planning.apply_position(st, seat, POSITION_MOVES[free[0]])
            continue
        st.pending = [seat]
        return
    st.order = sorted(range(n), key=lambda s: st.positions[s])
    log(st, "order", seats=st.order)
    st.action_index = 0
    st.turn_index = 0
    flow.begin_pre(st)


def _run(st: WallensteinState) -> None:
    """Carry the game on until a decision is owed or the game is over."""
    while True:
        phase = st.phase
        if phase == "execute":
            if _execute(st):
                return
            if st.leaders:
                flow.begin_post(st)
            else:
                _end_round(st)
        elif phase == flow.PRE:
            if flow.run_pre(st):
                return
        elif phase == flow.POST:
            if flow.run_leaders(st):
                return
            _end_round(st)
        elif phase == flow.WINTER_END:
            if flow.run_leaders(st):
                return
            st.year += 1
            _start_year(st)
            return
        elif phase == "winter":
            if next_revolt_decision(st):
                st.phase = REVOLT_ORDER
                return
            score(st)
            end_of_year(st)
            if st.year >= YEARS:
                if st.leaders:
                    leaders.score(st)
                st.phase = OVER
                st.pending = []
                result = outcome(st)
                log(st, "game_over", winners=list(result.winners), vp=st.vp[:], money=st.money[:])
                return
            if st.lsk:
                landsknechte.reset(st)
            if st.leaders:
                flow.begin_winter_end(st)
                continue
            st.year += 1
            _start_year(st)
            return
        else:
            return


run = _run
"""Public for the random playout (:mod:`feldherr.wallenstein.playout`), which plays some decisions
itself and then lets the game run on as ``apply_move`` does."""
next_position = _next_position


def _execute(st: WallensteinState) -> bool:
    """Perform actions card by card, in player order; True when a movement decision is owed."""
    # The lists are read once (no rule performed here replaces them, they change in place), and
    # the two indexes are written back where the loop stops: only the engine reads them.
    order = st.order
    n = len(order)
    cards = st.actions
    plans = st.plans
    revealed = st.revealed
    owner = st.owner
    counties = len(owner)
    perform = actions.perform
    index = st.action_index
    turn = st.turn_index
    while index < len(cards):
        if index >= st.revealed_actions:
            st.revealed_actions = index + 1
            st._events.append(("reveal_action", {"action": ACTIONS[cards[index]]}, None))
        action = cards[index]
        while turn < n:
            seat = order[turn]
            revealed[seat][action] = True
            slot = plans[seat][action]
            if slot == LOST:
                # The county card went to a conqueror (or the supply) while on the mat: the action
                # is skipped, and said so like every other skipped action.
                log(st, "skip_lost", p=seat, action=ACTIONS[action], reason="card_lost")
            elif 0 <= slot < counties and owner[slot] == seat and perform(st, seat, action, slot):
                st.action_index = index
                st.turn_index = turn
                st.phase = MOVE
                st.pending = [seat, slot, action]
                return True
            turn += 1
        index += 1
        turn = 0
    st.action_index = index
    st.turn_index = 0
    return False


def _end_round(st: WallensteinState) -> None:
    if st.event >= 0:  # (favor #1 may have removed it already)
        st.used_events.append(st.event)
    st.event = -1
    st.pending = []
    if st.court:
        st.shield = [0] * st.num_players  # "Remove the card from the game at the end of the round"
    if st.season == 2:
        st.fall_order = st.order[:]  # "this player order remains unchanged during winter"
        begin_winter(st)
        st.phase = "winter"
        return
    st.season += 1
    _start_round(st)


# -- the end -----------------------------------------------------------------------------------


def outcome(st: WallensteinState) -> Outcome:
    """Most victory points; "in the case of a tie, the tied player with the most Thalers wins"."""
    best = max(st.vp)
    tied = [s for s in range(st.num_players) if st.vp[s] == best]
    richest = max(st.money[s] for s in tied)
    winners = tuple(s for s in tied if st.money[s] == richest)
    return Outcome(
        scores=tuple(float(v) for v in st.vp),
        winners=winners,
        detail={"money": st.money[:], "counties": [st.owner.count(s) for s in range(st.num_players)]},
    )
