"""A fast random playout: the same game as random bots through the generic loop, only quicker.

:meth:`State.random_playout` promises to end exactly where :func:`feldherr.core.game.drive` with one
``RandomBot(seed)`` per seat ends. This loop keeps every draw and every move of that loop (the same
rounds over ``to_move()``, the same skip of settled seats, the same ``Rng.below`` over the same
legal-move lists) and saves only the layers in between: the planning slots, which are most of a
game's decisions, are placed without being validated a second time and without the generic
dispatch, a whole planning round at a time (:func:`_plan_round`: the draw is made over the number
of options without building the option list); every other round has one seat, ``pending[0]``.
``tests/wallenstein/test_playout.py`` checks the equality of the final states.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from feldherr.core.game import MAX_DECISIONS
from feldherr.core.rng import Rng
from feldherr.wallenstein.data import MONEY_BASE, TOWER_CARD
from feldherr.wallenstein.rules import engine
from feldherr.wallenstein.rules.board import log
from feldherr.wallenstein.rules.planning import COURT_PLAN_ORDER, PLAN_ORDER
from feldherr.wallenstein.state import EMPTY, OVER, PLAN, WallensteinState

Below = Callable[[int], int]


def random_playout(st: WallensteinState, bot_seeds: Sequence[int]) -> int:
    below = [Rng(seed).below for seed in bot_seeds]  # RandomBot(seed) draws with Rng(seed).below
    legal_moves = engine.legal_moves
    apply_move = engine.apply_move
    decisions = 0
    while st.phase != OVER:
        if st.phase == PLAN:
            decisions += _plan_round(st, below)
            if min(st.plan_step) >= st.nslots:
                engine.resolve_plans(st)
        else:
            # outside planning ``to_move()`` is ``(pending[0],)``: a round of one seat
            seat = st.pending[0]
            moves = legal_moves(st, seat)
            apply_move(st, seat, moves[below[seat](len(moves))])
            decisions += 1
        if decisions > MAX_DECISIONS:
            raise RuntimeError(f"wallenstein: no end after {MAX_DECISIONS} decisions")
    return decisions


def _plan_round(st: WallensteinState, below: Sequence[Below]) -> int:
    """One round of the generic loop in the planning phase: every seat whose plan is not complete
    (``to_move()``) places its next slot, in seat order. A seat's slot changes only its own plan,
    so no seat of the round is settled by another's move (the generic loop's skip never happens),
    and the plans are resolved only after the round's last seat. The draw is the one
    ``RandomBot`` makes over :func:`~feldherr.wallenstein.rules.planning.plan_options` (the same
    options in the same order: the cards left, for the bid only those affordable, the dice tower
    cards as one option with the court, then the empty slot where cards are too few), and the
    slot is placed as :func:`~feldherr.wallenstein.rules.planning.place_slot` places it."""
    slots = st.nslots
    steps = st.plan_step
    seats = [s for s in range(st.num_players) if steps[s] < slots]
    if not seats:
        raise RuntimeError("wallenstein: the game is not over but no seat owes a decision")
    court = st.court
    order = COURT_PLAN_ORDER if court else PLAN_ORDER
    plans = st.plans
    for seat in seats:
        step = steps[seat]
        left = st.plan_left[seat]
        if step == 0:  # the bid: county cards, dice tower cards and the affordable coins
            limit = MONEY_BASE + st.money[seat]
            values = [c for c in left if c <= limit or c >= TOWER_CARD]
        else:
            values = left
        if court and TOWER_CARD in values:
            values = values[: values.index(TOWER_CARD) + 1]
        count = len(values)
        pick = below[seat](count + 1 if len(left) < slots - step else count)
        value = values[pick] if pick < count else EMPTY
        plans[seat][order[step]] = value
        steps[seat] = step + 1
        if value != EMPTY:
            left.remove(value)
        if step + 1 == slots:
            log(st, "planned", p=seat)
    return len(seats)
