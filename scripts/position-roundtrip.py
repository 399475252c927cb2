"""Positions round trip at every decision of random games (docs/positions.md).

    .venv/bin/python scripts/position-roundtrip.py GAME GAMES

Plays GAMES random games of GAME, each with an option set drawn from the game's option_spec (as
``feldherr fuzz`` draws them; Wallenstein's physical tower, minutes per game, is left out), and at
every decision exports the position, loads it back with another seed and checks: the same state
(log aside), the same JSON when written again, the same seats to move and legal moves for every
seat, and (every 20th decision) the same 30 moves and state after them under the same seed.
Prints the counts and the first example of each kind of mismatch.
"""

from __future__ import annotations

import collections
import json
import sys
import time
from typing import Any

from feldherr.core.rng import Rng
from feldherr.games import get_game
from feldherr.sim.fuzz import draw_options


def without_log(state: Any) -> dict[str, Any]:
    data = dict(state.to_json())
    data.pop("log", None)
    return data


def legal(state: Any) -> list[list[str]]:
    return [sorted(map(repr, state.legal_moves(s))) for s in range(state.num_players)]


def future(state: Any, seed: int, steps: int = 30) -> tuple[list[str], dict[str, Any]]:
    rng, state, played = Rng(seed), state.clone(), []
    for _ in range(steps):
        if state.is_terminal():
            break
        seats = state.to_move()
        seat = seats[rng.below(len(seats))]
        moves = state.legal_moves(seat)
        move = moves[rng.below(len(moves))]
        state.apply(seat, move)
        played.append(repr(move))
    return played, without_log(state)


def main(name: str, games: int) -> int:
    game = get_game(name)
    bad: collections.Counter[str] = collections.Counter()
    first: dict[str, Any] = {}
    positions, started, option_sets = 0, time.time(), set()
    for g in range(games):
        options = draw_options(game, Rng(1000 + g))
        if options.get("tower") == "physical":
            options.pop("tower")
        option_sets.add(json.dumps(options, sort_keys=True))
        state, rng, i = game.new_state(options, g), Rng(g * 7 + 1), 0
        while True:
            positions += 1
            try:
                pos = json.loads(json.dumps(game.position(state)))
                back = game.from_position(pos, seed=12345)
                found = []
                if without_log(back) != without_log(state):
                    found.append("state")
                if json.loads(json.dumps(game.position(back))) != pos:
                    found.append("json")
                if not state.is_terminal() and (back.to_move() != state.to_move() or legal(back) != legal(state)):
                    found.append("legal")
                if i % 20 == 0 and future(back, i) != future(state, i):
                    found.append("future")
            except Exception as exc:  # report, do not stop
                found = [f"error {type(exc).__name__}: {str(exc)[:200]}"]
            for kind in found:
                bad[kind.split(":")[0]] += 1
                first.setdefault(kind.split(":")[0], (options, g, i, kind))
            if state.is_terminal():
                break
            seats = state.to_move()
            seat = seats[rng.below(len(seats))]
            moves = state.legal_moves(seat)
            state.apply(seat, moves[rng.below(len(moves))])
            i += 1
    print(
        f"{name}: {games} games, {len(option_sets)} option sets, {positions} positions, "
        f"mismatches {dict(bad) or 0}, {time.time() - started:.0f} s"
    )
    for kind, example in first.items():
        print(f"  first {kind}: {example}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], int(sys.argv[2])))
