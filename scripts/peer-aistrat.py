"""El Grande against its peer: random games per CPU second of feldherr and of AIStrat, side by side.

    .venv/bin/python scripts/peer-aistrat.py [--players 4] [--seconds 10] [--rounds 3]
        [--aistrat DIR] [--venv DIR]

AIStrat (https://github.com/ebaillie/AIStrat, commit ab3c214, Elspeth Baillie) is an El Grande
implementation as an OpenSpiel Python game. It is measured in a virtual environment of its own
(``--venv``, default ``.peer-aistrat/venv`` in this tree, created on first use with the same Python
as this script): ``open_spiel==2.0.2`` and ``numpy<2`` from PyPI (AIStrat calls ``np.product``,
which NumPy 2 removed). Two things AIStrat imports are supplied in memory before it is imported:

* a stub ``couchdb`` module: ``ElGrandeGame()`` opens a CouchDB server object it only uses to load
  a recorded game, which a fresh random game never does;
* ``pyspiel.GameParameter``, removed from OpenSpiel's Python API: AIStrat's default game
  parameters are built with it (``GameParameter(2).int_value()``); the shim gives ints and
  strings with those methods, which pyspiel accepts as parameter values;
* and ``pyspiel.Game`` and ``pyspiel.State`` as thin subclasses that drop the second ``self`` of
  AIStrat's ``super().__init__(self, ...)`` calls (the binding of 2021 took the object twice;
  OpenSpiel 2.0.2's binding crashes with a segmentation fault on the extra argument), the state's
  subclass also naming AIStrat's ``do_apply_action`` by today's hook name, ``_apply_action``
  (``apply_action`` goes through OpenSpiel's binding, which keeps the history, as in AIStrat's
  own searches).

The source comes from ``--aistrat DIR`` (a checkout), else it is cloned from GitHub into
``.peer-aistrat/AIStrat`` and checked out at ab3c214. A game is ``new_initial_state()`` then
uniformly random ``legal_actions()`` (Python's ``random``, seeded) until ``is_terminal()``; AIStrat
deals the cards inside the state (deterministic chance mode), so there are no chance nodes.

feldherr's side is ``feldherr bench elgrande --players N --option deck=classic`` (AIStrat plays
the classic deck), in its default mode (the game's own playout loop) and in ``--mode api``. The
sides alternate, each in its own process, CPU time of that process; prints one JSON line per run
and the median of the rounds' ratios.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
AISTRAT_URL = "https://github.com/ebaillie/AIStrat"
AISTRAT_COMMIT = "ab3c214"
PEER_REQUIREMENTS = ["open_spiel==2.0.2", "numpy<2"]

WORKER = r"""
import json, random, sys, time, types

source, players, seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
sys.path.insert(0, source)


class _Couch:  # the stub: AIStrat opens a server object it uses only to load recorded games
    def __init__(self, *args, **kwargs):
        pass

    def __getitem__(self, name):
        raise KeyError(f"stub couchdb: no database {name!r}")


couchdb = types.ModuleType("couchdb")
couchdb.Server = _Couch
sys.modules["couchdb"] = couchdb

import pyspiel  # noqa: E402

if not hasattr(pyspiel, "GameParameter"):  # removed from OpenSpiel's Python API

    class _Int(int):
        def int_value(self):
            return int(self)

    class _Str(str):
        def string_value(self):
            return str(self)

    pyspiel.GameParameter = lambda value: _Int(value) if isinstance(value, int) else _Str(value)


def _drop_self(base):
    # AIStrat calls super().__init__(self, ...) (the binding of its day took the object twice);
    # OpenSpiel 2's takes it once, and the extra argument crashes the binding.

    class Shim(base):
        def __init__(self, *args):
            if args and args[0] is self:
                args = args[1:]
            base.__init__(self, *args)

    Shim.__name__ = base.__name__
    return Shim


pyspiel.Game = _drop_self(pyspiel.Game)
pyspiel.State = _drop_self(pyspiel.State)
# OpenSpiel's apply_action calls a Python state's _apply_action; in 2021 the hook was named
# do_apply_action, which is what AIStrat defines.
pyspiel.State._apply_action = lambda self, action: self.do_apply_action(action)

import el_grande  # noqa: E402

P = pyspiel.GameParameter
game = el_grande.ElGrandeGame({"players": P(players), "game_state": P(""), "game_state_json": P("")})
rng = random.Random(0)
games = decisions = 0
wall, cpu = time.perf_counter(), time.process_time()
while games == 0 or time.perf_counter() - wall < seconds:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
    games += 1
cpu = time.process_time() - cpu
print(json.dumps({"side": "aistrat", "players": players, "games": games, "decisions": decisions,
                  "cpu_seconds": round(cpu, 4), "games_per_second": round(games / cpu, 3)}))
"""


def peer_venv(where: Path) -> Path:
    python = where / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(where)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", *PEER_REQUIREMENTS], check=True)
    return python


def aistrat_source(given: str | None) -> Path:
    if given:
        return Path(given).resolve()
    where = ROOT / ".peer-aistrat" / "AIStrat"
    if not where.exists():
        subprocess.run(["git", "clone", "-q", AISTRAT_URL, str(where)], check=True)
        subprocess.run(["git", "-C", str(where), "checkout", "-q", AISTRAT_COMMIT], check=True)
    return where


def last_json(command: list[str], env: dict[str, str] | None = None) -> dict[str, object]:
    out = subprocess.run(
        command, check=True, capture_output=True, text=True, env=env, cwd=tempfile.gettempdir()
    )
    data: dict[str, object] = json.loads(out.stdout.strip().splitlines()[-1])
    return data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=10.0, help="per run (default 10)")
    parser.add_argument("--rounds", type=int, default=3, help="alternations (default 3)")
    parser.add_argument("--aistrat", help="a checkout of AIStrat (default: cloned into .peer-aistrat/)")
    parser.add_argument("--venv", default=str(ROOT / ".peer-aistrat" / "venv"), help="the peer's venv")
    args = parser.parse_args()
    python = peer_venv(Path(args.venv))
    source = aistrat_source(args.aistrat)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    bench = [sys.executable, "-m", "feldherr.cli", "bench", "elgrande", "--players", str(args.players)]
    bench += ["--option", "deck=classic", "--seconds", str(args.seconds), "--json"]
    ratios: dict[str, list[float]] = {"playout": [], "api": []}
    for _ in range(args.rounds):
        peer = last_json([str(python), "-c", WORKER, str(source), str(args.players), str(args.seconds)])
        print(json.dumps(peer), flush=True)
        for mode in ratios:
            ours = last_json([*bench, "--mode", mode], env)
            print(json.dumps({"side": "feldherr", **ours}), flush=True)
            ratios[mode].append(float(ours["games_per_second"]) / float(peer["games_per_second"]))  # type: ignore[arg-type]
    print()
    print(f"random {args.players}-player games per CPU second, feldherr / AIStrat:")
    for mode, values in ratios.items():
        cells = ", ".join(f"{r:.1f}" for r in values)
        print(f"  feldherr {mode} mode: median {statistics.median(values):.1f}× (rounds: {cells})")


if __name__ == "__main__":
    main()
