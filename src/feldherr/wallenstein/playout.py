"""A fast random playout: the same game as random bots through the generic loop, only quicker.

:meth:`State.random_playout` promises to end exactly where :func:`feldherr.core.game.drive` with one
``RandomBot(seed)`` per seat ends. This loop keeps every draw and every move of that loop (the same
rounds over ``to_move()``, the same skip of settled seats, the same ``Rng.below`` over the same
legal-move lists) and saves only the layers in between:

* the planning slots, which are most of a game's decisions, are placed without being validated a
  second time and without the generic dispatch, a whole planning phase at a time
  (:func:`_plan_phase`: the draw is made over the number of options without building the option
  list; each seat draws from its own generator, so the order of the seats' draws is free);
* a movement (:func:`_movement`) and a position are drawn over the number of legal moves, a draft
  over its legal moves, and played without the checks of ``apply_move`` (what it plays is one of
  the legal moves);
* every other decision has one seat, ``pending[0]``, and goes through the engine as before.

``tests/wallenstein/test_playout.py`` checks the equality of the final states.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from feldherr.core.game import MAX_DECISIONS
from feldherr.core.rng import Rng
from feldherr.wallenstein.data import ACTIONS, BONUS_TILES, MONEY_BASE, TOWER_CARD
from feldherr.wallenstein.moves import DECK, REDRAW
from feldherr.wallenstein.moves import DRAFT as DRAFT_MOVES
from feldherr.wallenstein.rules import engine
from feldherr.wallenstein.rules.actions import move, move_targets
from feldherr.wallenstein.rules.board import log
from feldherr.wallenstein.rules.planning import (
    COURT_PLAN_ORDER,
    PLAN_ORDER,
    can_redraw,
    draft_options,
    place_position,
    redraw,
    take_draft,
)
from feldherr.wallenstein.state import DRAFT, EMPTY, MOVE, OVER, PLAN, POSITION, WallensteinState

Below = Callable[[int], int]


def random_playout(st: WallensteinState, bot_seeds: Sequence[int]) -> int:
    below = [Rng(seed).below for seed in bot_seeds]  # RandomBot(seed) draws with Rng(seed).below
    legal_moves = engine.legal_moves
    apply_move = engine.apply_move
    run = engine.run
    positions = len(BONUS_TILES)
    decisions = 0
    while True:
        phase = st.phase
        if phase == MOVE:
            _movement(st, below)
            run(st)
        elif phase == POSITION:
            # ``legal_moves`` lists the free positions in ascending order
            seat = st.pending[0]
            taken = st.positions
            free = [p for p in range(positions) if p not in taken]
            place_position(st, seat, free[below[seat](len(free))])
            engine.next_position(st)
            run(st)
        elif phase == DRAFT:
            seat = st.pending[0]
            if st.leaders:
                moves = draft_options(st, seat)
                chosen = moves[below[seat](len(moves))]
                if chosen is REDRAW:
                    redraw(st, seat)
                else:
                    take_draft(st, seat, chosen)
            else:
                _draft(st, seat, below[seat])
            engine.after_draft(st)
        elif phase == PLAN:
            decisions += _plan_phase(st, below) - 1
            engine.resolve_plans(st)
        elif phase == OVER:
            break
        else:
            # outside planning ``to_move()`` is ``(pending[0],)``: a round of one seat
            seat = st.pending[0]
            moves = legal_moves(st, seat)
            apply_move(st, seat, moves[below[seat](len(moves))])
        decisions += 1
        if decisions > MAX_DECISIONS:
            raise RuntimeError(f"wallenstein: no end after {MAX_DECISIONS} decisions")
    return decisions


def _movement(st: WallensteinState, below: Sequence[Below]) -> None:
    """The draw over :func:`~feldherr.wallenstein.rules.actions.move_options` (pass first, then per
    target county in order the movements of 1 to all but one of the armies) and its move, as
    ``apply_move`` plays it."""
    seat, county, action = st.pending
    targets = move_targets(st, seat, action, county)
    per_target = st.armies[county] - 1
    pick = below[seat](1 + len(targets) * per_target)
    if pick:
        target, armies = divmod(pick - 1, per_target)
        move(st, seat, county, targets[target], armies + 1)
    else:
        log(st, "pass", p=seat, action=ACTIONS[action])
    st.turn_index += 1
    st.phase = "execute"


def _draft(st: WallensteinState, seat: int, draw: Below) -> None:
    """The draw over :func:`~feldherr.wallenstein.rules.planning.draft_options` without
    Heerführer (per source, the face-up cards then the deck, each of the seat's distinct group
    sizes from the largest; then the redraw where it is allowed) and its move."""
    sizes = sorted(set(st.groups[seat]), reverse=True)
    faceup = len(st.faceup)
    sources = faceup + 1 if st.draft_deck else faceup
    count = sources * len(sizes)
    pick = draw(count + 1 if can_redraw(st, seat) else count)
    if pick == count:
        redraw(st, seat)
        return
    source, size = divmod(pick, len(sizes))
    take_draft(st, seat, DRAFT_MOVES[DECK if source == faceup else source][sizes[size]])


def _plan_phase(st: WallensteinState, below: Sequence[Below]) -> int:
    """The generic loop's rounds of the planning phase, to the last slot; returns the number of
    decisions. In each round every seat whose plan is not complete (``to_move()``) places its next
    slot, in seat order. A seat's slot changes only its own plan and its draw comes from its own
    generator, so each seat's plan is made here at once; the plans are complete in the round of
    each seat's last slot, and they say so ("planned") in that order: by the slots owed, then by
    seat. The draw is the one ``RandomBot`` makes over
    :func:`~feldherr.wallenstein.rules.planning.plan_options` (the same options in the same order:
    the cards left, for the bid only those affordable, the dice tower cards as one option with
    the court, then the empty slot where cards are too few), and each slot is placed as
    :func:`~feldherr.wallenstein.rules.planning.place_slot` places it."""
    slots = st.nslots
    steps = st.plan_step
    court = st.court
    order = COURT_PLAN_ORDER if court else PLAN_ORDER
    plans = st.plans
    owed = sorted((slots - steps[s], s) for s in range(st.num_players) if steps[s] < slots)
    if not owed:
        raise RuntimeError("wallenstein: the game is not over but no seat owes a decision")
    decisions = 0
    for _, seat in owed:
        draw = below[seat]
        plan = plans[seat]
        left = st.plan_left[seat]
        step = steps[seat]
        if step == 0:  # the bid: county cards, dice tower cards and the affordable coins
            limit = MONEY_BASE + st.money[seat]
            values = [c for c in left if c <= limit or c >= TOWER_CARD]
            if court and TOWER_CARD in values:
                values = values[: values.index(TOWER_CARD) + 1]
            count = len(values)
            pick = draw(count + 1 if len(left) < slots else count)
            if pick < count:
                plan[order[0]] = values[pick]
                left.remove(values[pick])
            else:
                plan[order[0]] = EMPTY
            step = 1
        # Past the bid the options are the cards left in order (with the court only up to the
        # first dice tower card): the option drawn is the card at that index of ``left``.
        for box in order[step:]:
            count = size = len(left)
            if court and TOWER_CARD in left:
                count = left.index(TOWER_CARD) + 1
            pick = draw(count + 1 if size < slots - step else count)
            plan[box] = left.pop(pick) if pick < count else EMPTY
            step += 1
        decisions += slots - steps[seat]
        steps[seat] = slots
    for _, seat in owed:
        st._events.append(("planned", {"p": seat}, None))
    return decisions
