"""A fast random playout: the same game as random bots through the generic loop, only quicker.

:meth:`State.random_playout` promises to end exactly where :func:`feldherr.core.game.drive` with one
``RandomBot(seed)`` per seat ends. This loop keeps every draw and every move of that loop (the same
rounds over ``to_move()``, the same skip of settled seats, the same ``Rng.below`` over the same
legal-move lists) and saves only the layers in between: the planning slots, which are most of a
game's decisions, are placed without being validated a second time and without the generic
dispatch. ``tests/wallenstein/test_playout.py`` checks the equality of the final states.
"""

from __future__ import annotations

from collections.abc import Sequence

from feldherr.core.game import MAX_DECISIONS
from feldherr.core.rng import Rng
from feldherr.wallenstein.rules import engine, planning
from feldherr.wallenstein.state import OVER, PLAN, WallensteinState


def random_playout(st: WallensteinState, bot_seeds: Sequence[int]) -> int:
    below = [Rng(seed).below for seed in bot_seeds]  # RandomBot(seed) draws with Rng(seed).below
    plan_options = planning.plan_options
    place_slot = planning.place_slot
    legal_moves = engine.legal_moves
    apply_move = engine.apply_move
    decisions = 0
    while st.phase != OVER:
        seats = st.to_move()
        if not seats:
            raise RuntimeError("wallenstein: the game is not over but no seat owes a decision")
        for i, seat in enumerate(seats):
            if i and seat not in st.to_move():
                continue
            if st.phase == PLAN:
                moves = plan_options(st, seat)
                _, slot, value = moves[below[seat](len(moves))]
                place_slot(st, seat, slot, value)
                if min(st.plan_step) >= st.nslots:
                    engine.resolve_plans(st)
            else:
                moves = legal_moves(st, seat)
                apply_move(st, seat, moves[below[seat](len(moves))])
            decisions += 1
        if decisions > MAX_DECISIONS:
            raise RuntimeError(f"wallenstein: no end after {MAX_DECISIONS} decisions")
    return decisions
