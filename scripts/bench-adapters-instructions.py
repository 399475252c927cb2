"""Every loop of the adapter bench by instructions per decision, counted by callgrind (issue 24).

    .venv/bin/python scripts/bench-adapters-instructions.py GAME [--players N] [--games G]

``python -m feldherr.adapters.bench`` reads decisions per CPU second, which on a shared machine
swing with the load. This script counts the instructions each loop of
:data:`feldherr.adapters.bench.LOOPS` executes per decision instead, which does not depend on the
load: it re-runs itself under ``valgrind --tool=callgrind --instr-atstart=no --collect-atstart=no``
with ``PYTHONHASHSEED=0``, warms every loop by one game (seed ``WARM_SEED``: imports, caches,
OpenSpiel's registration), then runs each loop on seeds 1..G with callgrind's instrumentation and
collection switched on only around the loop, through client requests (``CALLGRIND_ZERO_STATS``,
``CALLGRIND_START_INSTRUMENTATION``, ``CALLGRIND_TOGGLE_COLLECT``, ``CALLGRIND_DUMP_STATS_AT``)
from a tiny C library compiled on the spot (``cc`` and valgrind's ``callgrind.h``) and called
through ctypes. Each loop's dump holds the instructions of that loop alone; the two ctypes calls
around it add a few hundred instructions, nothing against a loop's millions. The counts repeat from
run to run within a few instructions per decision (addresses of objects vary a little).

Printed: a Markdown table of every loop's decisions, instructions per decision, cost against the
loop's baseline (as in the bench) and share of the raw engine (``engine: moves`` instructions per
decision / the loop's), the issue's target being at least 50 %. Valgrind runs Python about 50 times
slower, so the default games are few (Mansfeld 10, El Grande 3, Wallenstein 2; otherwise 3).
Exits 2 when valgrind, a C compiler or ``valgrind/callgrind.h`` is missing. ``--loops WORDS``
(repeatable) counts only the loops whose name holds WORDS, with their baselines and the raw engine:
``--loops parallel`` takes seconds where every loop takes minutes.
"""

from __future__ import annotations

import argparse
import ctypes
import gc
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, NoReturn

DEFAULT_GAMES = {"mansfeld": 10, "elgrande": 3, "wallenstein": 2}
COLUMNS = (
    "loop", "decisions", "instructions per decision", "baseline", "cost vs baseline",
    "share of the raw engine",
)  # fmt: skip
WARM_SEED = 100
"""The seed of the warming game, outside the measured seeds 1..G."""

TOGGLE_C = r"""
#include <valgrind/callgrind.h>
void cg_start(void) {
    CALLGRIND_ZERO_STATS;
    CALLGRIND_START_INSTRUMENTATION;
    CALLGRIND_TOGGLE_COLLECT;
}
void cg_stop(const char *label) {
    CALLGRIND_TOGGLE_COLLECT;
    CALLGRIND_DUMP_STATS_AT(label);
    CALLGRIND_STOP_INSTRUMENTATION;
}
"""


def missing(what: str) -> NoReturn:
    print(f"bench-adapters-instructions: {what}; nothing measured.", file=sys.stderr)
    sys.exit(2)


def build_toggle(workdir: Path) -> Path:
    """Compile the client-request library into ``workdir``; exit 2 without valgrind or a compiler."""
    if shutil.which("valgrind") is None:
        missing("valgrind is not installed (apt-get install valgrind)")
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        missing("no C compiler (cc) to build the callgrind client requests")
    source = workdir / "cgtoggle.c"
    source.write_text(TOGGLE_C)
    lib = workdir / "cgtoggle.so"
    built = subprocess.run(
        [cc, "-shared", "-fPIC", "-O1", "-o", str(lib), str(source)], capture_output=True, text=True
    )
    if built.returncode != 0:
        missing(f"valgrind/callgrind.h or the compiler failed: {built.stderr.strip()}")
    return lib


def chosen_loops(wanted: list[str] | None) -> dict[str, Any]:
    """The loops of :data:`feldherr.adapters.bench.LOOPS` to count: all, or those whose name holds
    one of ``wanted`` (case-insensitive), each with its baseline and the raw engine (the share's
    reference), in the bench's order. Exits 2 when a word names no loop."""
    from feldherr.adapters.bench import LOOPS, RAW

    if not wanted:
        return dict(LOOPS)
    names = {RAW}
    for word in wanted:
        found = [name for name in LOOPS if word.lower() in name.lower()]
        if not found:
            print(
                f"bench-adapters-instructions: no loop named like {word!r}; the loops: {', '.join(LOOPS)}",
                file=sys.stderr,
            )
            sys.exit(2)
        for name in found:
            names.add(name)
            if LOOPS[name][1]:
                names.add(LOOPS[name][1])
    return {name: loop for name, loop in LOOPS.items() if name in names}


def measure_child(
    game: str, options: dict[str, Any], games: int, lib: str, register: str | None, wanted: list[str] | None
) -> None:
    """Run under callgrind: warm every loop, then count each loop alone; print the decisions."""
    if register:
        from feldherr.games import register as register_game

        name, target = register.split("=", 1)
        register_game(name, target)
    from feldherr.adapters.table import Table

    loops = chosen_loops(wanted)
    toggle = ctypes.CDLL(lib)
    toggle.cg_stop.argtypes = [ctypes.c_char_p]
    table = Table(game, options)
    seeds = list(range(1, games + 1))
    for loop, _ in loops.values():
        loop(table, [WARM_SEED])
    decisions = {}
    for i, (name, (loop, _)) in enumerate(loops.items()):
        gc.collect()
        toggle.cg_start()
        count = loop(table, seeds)
        toggle.cg_stop(f"loop-{i:02d}".encode())
        decisions[name] = count
    print("RESULT " + json.dumps(decisions), flush=True)


def read_dumps(outdir: Path) -> dict[int, int]:
    """Instructions of each loop's dump, by the loop's index (from the dump's trigger label)."""
    counts: dict[int, int] = {}
    for path in outdir.glob("callgrind.out*"):
        text = path.read_text(errors="replace")
        label = re.search(r"^desc: Trigger: Client Request: loop-(\d+)$", text, re.M)
        total = re.search(r"^totals: (\d+)", text, re.M) or re.search(r"^summary: (\d+)", text, re.M)
        if label and total:
            counts[int(label.group(1))] = int(total.group(1))
    return counts


def measure(
    game: str,
    players: int | None,
    games: int,
    register: str | None,
    keep: Path | None,
    wanted: list[str] | None = None,
) -> list[tuple[str, int, int, str, float, float]]:
    """(loop, decisions, instructions per decision, baseline, cost vs baseline, share of raw) of
    the loops :func:`chosen_loops` picks."""
    from feldherr.adapters.bench import RAW

    loops = chosen_loops(wanted)

    workdir = Path(tempfile.mkdtemp(prefix="cg-adapters-")) if keep is None else keep
    workdir.mkdir(parents=True, exist_ok=True)
    try:
        lib = build_toggle(workdir)
        cmd = [
            "valgrind", "--tool=callgrind", "--instr-atstart=no", "--collect-atstart=no",
            f"--callgrind-out-file={workdir}/callgrind.out", f"--log-file={workdir}/valgrind.log",
            sys.executable, str(Path(__file__).resolve()), game,
            "--games", str(games), "--child-lib", str(lib),
        ]  # fmt: skip
        if players is not None:
            cmd += ["--players", str(players)]
        if register:
            cmd += ["--register", register]
        for word in wanted or ():
            cmd += ["--loops", word]
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        run = subprocess.run(cmd, env=env, capture_output=True, text=True)
        result = [line for line in run.stdout.splitlines() if line.startswith("RESULT ")]
        if run.returncode != 0 or not result:
            log = (workdir / "valgrind.log").read_text(errors="replace")[-3000:]
            sys.exit(f"the callgrind run failed ({run.returncode}):\n{run.stderr[-3000:]}\n{log}")
        decisions: dict[str, int] = json.loads(result[-1][len("RESULT ") :])
        dumps = read_dumps(workdir)
        names = list(loops)
        if sorted(dumps) != list(range(len(names))):
            sys.exit(f"expected {len(names)} callgrind dumps in {workdir}, found {sorted(dumps)}")
        per = {name: dumps[i] / decisions[name] for i, name in enumerate(names)}
        rows = []
        for name, (_, base) in loops.items():
            ratio = per[name] / per[base] if base else 1.0
            rows.append((name, decisions[name], round(per[name]), base or "-", ratio, per[RAW] / per[name]))
        return rows
    finally:
        if keep is None:
            shutil.rmtree(workdir, ignore_errors=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description="Instructions per decision of every adapter bench loop, counted by callgrind (issue 24)"
    )
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument(
        "--games", type=int, default=None, help="seeds 1..G (mansfeld 10, elgrande 3, wallenstein 2, else 3)"
    )
    parser.add_argument("--register", metavar="NAME=MODULE:CLASS", help="register a game first (tests' toy)")
    parser.add_argument("--keep", type=Path, default=None, help="keep callgrind's dumps in this folder")
    parser.add_argument(
        "--loops", action="append", metavar="WORDS",
        help="count only the loops named like WORDS (repeatable; their baselines and the raw engine too)",
    )  # fmt: skip
    parser.add_argument("--child-lib", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    games = args.games if args.games is not None else DEFAULT_GAMES.get(args.game, 3)
    options = {} if args.players is None else {"players": args.players}
    if args.child_lib:
        measure_child(args.game, options, games, args.child_lib, args.register, args.loops)
        return
    rows = measure(args.game, args.players, games, args.register, args.keep, args.loops)
    print(
        f"{args.game} {options or '(default options)'}, seeds 1..{games}, "
        f"callgrind instructions per decision (PYTHONHASHSEED=0, every loop warmed by one game)"
    )
    print("| " + " | ".join(COLUMNS) + " |")
    print("|---|---:|---:|---|---:|---:|")
    for name, count, per, base, ratio, share in rows:
        print(f"| {name} | {count:,} | {per:,} | {base} | {ratio:.2f}× | {share:.0%} |")


if __name__ == "__main__":
    main()
