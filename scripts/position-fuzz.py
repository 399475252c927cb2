"""Mutated positions (docs/positions.md, "Checked at scale"): refused in clean words, or playable to
the end.

    .venv/bin/python scripts/position-fuzz.py GAME MUTATIONS [SEED]

Plays random games of GAME with option sets drawn as ``feldherr fuzz`` draws them (Wallenstein's
physical tower left out), keeps a sample of their states, and MUTATES one field of the position of a
random one: deletes it, repeats a list entry, adds an unknown key, shifts a number (-100, -1, +1,
+7, +100) or puts a value of another kind there (null, -1, 999, 2.5, "", a name of nothing, [], {},
true, a list, an object, 0, 10**20). A mutation the game refuses must be a ``PositionError`` whose
English and German texts are clean (``text_problems``, what the mutation itself wrote aside); one it
accepts must build every view, round-trip, and play with random moves to the end of the game. Any
other exception, or a game that cannot go on, is a defect: the script prints the counts and the
first example of each kind, and writes its position to ``/tmp/position-fuzz-GAME-N.json``.
"""

from __future__ import annotations

import collections
import copy
import json
import random
import re
import sys
import traceback
from collections.abc import Iterator
from typing import Any

from feldherr.core.errors import PositionError
from feldherr.core.rng import Rng
from feldherr.core.textscan import text_problems
from feldherr.games import get_game
from feldherr.sim.fuzz import draw_options

WEIRD: list[Any] = [
    None,
    -1,
    999,
    2.5,
    "",
    "nonsense_value",
    "Nowhere",
    [],
    {},
    True,
    [1, 2],
    {"x": 1},
    0,
    10**20,
]
#: What a mutation writes, echoed by a refusal as the file wrote it (not a words defect).
ECHO = re.compile(r"[\w.-]*_x\b|nonsense_value|Player \d+|Nowhere")


def paths(obj: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield prefix
    if isinstance(obj, dict):
        for key, value in obj.items():
            yield from paths(value, (*prefix, key))
    elif isinstance(obj, list):
        for i, value in enumerate(obj):
            yield from paths(value, (*prefix, i))


def mutate(position: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], tuple[Any, ...]]:
    position = copy.deepcopy(position)
    path = rng.choice([p for p in paths(position) if p])
    parent: Any = position
    for key in path[:-1]:
        parent = parent[key]
    last, kind = path[-1], rng.random()
    if kind < 0.25 and isinstance(parent, dict):
        del parent[last]
    elif kind < 0.35 and isinstance(parent, list):
        parent.append(copy.deepcopy(parent[last]))
    elif kind < 0.45 and isinstance(parent, dict):
        parent[f"{last}_x"] = 1
    else:
        value = parent[last]
        if type(value) is int and rng.random() < 0.5:
            parent[last] = value + rng.choice([-100, -1, 1, 7, 100])
        else:
            parent[last] = copy.deepcopy(rng.choice(WEIRD))
    return position, path


def sample_states(game: Any, name: str, rng: random.Random, games: int = 12) -> list[Any]:
    out = []
    for _ in range(games):
        seed = rng.randrange(10**6)
        options = draw_options(game, Rng(seed))
        if name == "wallenstein" and options.get("tower") == "physical":
            options["tower"] = "fitted"
        state = game.new_state(options, seed)
        while not state.is_terminal():
            if rng.random() < 0.04:
                out.append(state.clone())
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_moves(seat)))
    return out


def play_out(game: Any, state: Any, rng: random.Random, limit: int = 5000) -> None:
    for seat in [None, *range(state.num_players)]:
        state.view(seat)
    again = game.from_position(game.position(state), 5)
    if json.dumps(game.position(again), sort_keys=True) != json.dumps(game.position(state), sort_keys=True):
        raise AssertionError("the position written again differs")
    for _ in range(limit):
        if state.is_terminal():
            state.outcome()
            return
        seats = state.to_move()
        if not seats:
            raise AssertionError("nobody to move")
        seat = rng.choice(seats)
        moves = state.legal_moves(seat)
        if not moves:
            raise AssertionError("no legal move for the seat to move")
        state.apply(seat, rng.choice(moves))
    raise AssertionError(f"no end in {limit} moves")


def main(name: str, mutations: int, seed: int) -> int:
    game = get_game(name)
    rng = random.Random(seed)
    pool = sample_states(game, name, rng)
    broken: collections.Counter[tuple[str, ...]] = collections.Counter()
    examples: dict[tuple[str, ...], str] = {}
    accepted = refused = 0
    for i in range(mutations):
        bad, path = mutate(game.position(rng.choice(pool)), rng)
        try:
            state = game.from_position(bad, 1)
        except PositionError as err:
            refused += 1
            for lang in ("en", "de"):
                text = game.error_text(err, lang)
                for problem in text_problems(ECHO.sub("X", text), lang):
                    key = ("words", err.rule, lang, problem.split(":")[0][:40])
                    broken[key] += 1
                    examples.setdefault(key, f"{path}: {text[:300]}")
            continue
        except Exception as exc:  # a crash while loading
            key, trace = ("load", type(exc).__name__, str(exc)[:80]), traceback.format_exc()
        else:
            accepted += 1
            try:
                play_out(game, state, random.Random(i))
                continue
            except Exception as exc:  # broken in play
                trace = traceback.format_exc()
                frames = [line for line in trace.splitlines() if "feldherr" in line]
                key = ("play", type(exc).__name__, frames[-1].strip()[-90:] if frames else "", str(exc)[:60])
        broken[key] += 1
        if key not in examples:
            examples[key] = f"{path}: {trace[-600:]}"
            with open(f"/tmp/position-fuzz-{name}-{i}.json", "w", encoding="utf-8") as out:
                json.dump(bad, out, ensure_ascii=False)
    print(
        f"{name}: {mutations} mutations of {len(pool)} positions, accepted {accepted}, refused {refused}, "
        f"defects {sum(broken.values())}"
    )
    for key, count in broken.most_common():
        print(count, key)
        print("   ", examples[key])
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else 1))
