"""A fast random playout: the same game as random bots through the generic loop, only quicker.

:meth:`State.random_playout` promises to end exactly where :func:`feldherr.core.game.drive` with one
``RandomBot(seed)`` per seat ends. This loop keeps every draw and every move of that loop (the same
rounds over ``to_move()``, the same skip of settled seats, the same ``Rng.below`` over the same
legal-move lists) and saves only the layers in between: no copy of the legal-move list, no seat or
move check (the move is one of the rules' own legal moves), no ``SeatAccess`` or bot dispatch;
where one seat decides, its seat and legal moves are read from the legal-move cache that ``play``
has just set (no ``to_move`` round).
``tests/elgrande/test_playout.py`` checks that it gives the same games as the generic loop.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from feldherr.core.game import MAX_DECISIONS
from feldherr.core.rng import Rng
from feldherr.elgrande.rules.moves import cached_legal, play, to_move
from feldherr.elgrande.state import OVER, ElGrandeData


def random_playout(
    st: ElGrandeData, bot_seeds: Sequence[int], on_move: Callable[[int, Any], None] | None = None
) -> int:
    """Play ``st`` to the end as ``RandomBot(bot_seeds[s])`` for each seat ``s`` would; return the
    number of decisions (``version`` is counted up by the caller). ``on_move(seat, move)`` is
    called after each move, as :func:`~feldherr.core.game.drive` calls it (for the tests)."""
    below = [Rng(seed).below for seed in bot_seeds]  # RandomBot(seed) draws with Rng(seed).below
    decisions = 0
    fresh = False
    while True:
        cache = st._legal_cache
        if fresh and cache is not None:
            # After ``play`` the cache holds the legal moves of the one seat that decides next
            # (``to_move()`` is that seat alone; in the simultaneous phases the cache is empty).
            seat = st._legal_cache_seat
            move = cache[below[seat](len(cache))]
            play(st, seat, move)
            if on_move is not None:
                on_move(seat, move)
            decisions += 1
        else:
            if st.phase == OVER:
                break
            seats = to_move(st)
            if not seats:
                raise RuntimeError("elgrande: the game is not over but no seat owes a decision")
            first = True
            for seat in seats:
                if first:
                    first = False
                elif seat not in to_move(st):
                    continue
                moves = cached_legal(st, seat)
                if not moves:
                    raise RuntimeError(f"elgrande: seat {seat} was asked to move but has no legal move")
                move = moves[below[seat](len(moves))]
                play(st, seat, move)
                if on_move is not None:
                    on_move(seat, move)
                decisions += 1
            fresh = True
        if decisions > MAX_DECISIONS:
            raise RuntimeError(f"elgrande: no end after {MAX_DECISIONS} decisions")
    return decisions
