"""Two revisions of the project side by side: `feldherr bench` for each, alternating, in one run.

    .venv/bin/python scripts/bench-revisions.py [--before REF] [--after REF] [--mode search]
        [--games wallenstein,elgrande,mansfeld] [--players 4] [--seconds S] [--rounds R]

``--before`` (default ``7db0497``, main before issue 26) and ``--after`` (default: this working
tree as it is, with its opt-in compiled build where one is made and fresh: remove it with
``scripts/build-compiled.py --clean`` to measure the interpreted code) are checked out into
temporary git worktrees, their C extensions built in place (``python setup.py build_ext
--inplace``), and each side runs in its own process with
``PYTHONPATH`` at its tree's ``src``, through the same interpreter. The two sides alternate
(before, after, before, after, ...) so that a drift of the machine's speed hits both alike.

``--mode search`` (the default) runs this tree's :mod:`feldherr.search.bench` file on both sides
(it uses only the public API, so an older tree measures the very same searches): ISMCTS iterations
per CPU second. ``--mode playout`` and ``--mode api`` run each side's own ``feldherr bench`` (games
per CPU second). Prints one JSON line per run, then per game the median of the rounds' after/before
ratios.
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
SEARCH = """
import json, runpy, sys
module = runpy.run_path(sys.argv[1], run_name="searchbench")
result = module["search_bench"](sys.argv[2], int(sys.argv[3]), seconds=float(sys.argv[4]))
print(json.dumps(result.to_json()))
"""
RATE = {"search": "iterations_per_second", "playout": "games_per_second", "api": "games_per_second"}


def builder(tmp: Path) -> str:
    """A Python (the same interpreter) whose setuptools reads this project's ``pyproject.toml``
    (``setuptools>=77``, as its build-system asks): this one if it can, else a small venv in ``tmp``."""
    check = "import setuptools, sys; sys.exit(int(setuptools.__version__.split('.')[0]) < 77)"
    if subprocess.run([sys.executable, "-c", check], check=False).returncode == 0:
        return sys.executable
    venv = tmp / "build-venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "-q", "setuptools>=77", "wheel"]
    subprocess.run(pip, check=True)
    return str(venv / "bin" / "python")


def checkout(ref: str, where: Path, python: str) -> Path:
    """A worktree of ``ref`` at ``where`` with its extensions built in place; its ``src``."""
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(where), ref], check=True)
    subprocess.run(
        [python, "setup.py", "-q", "build_ext", "--inplace"], cwd=where, check=True, capture_output=True
    )
    return where / "src"


def measure(src: Path, mode: str, game: str, players: int, seconds: float) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    env.pop("FELDHERR_PURE", None)
    if mode == "search":
        bench = ROOT / "src" / "feldherr" / "search" / "bench.py"
        command = [sys.executable, "-c", SEARCH, str(bench), game, str(players), str(seconds)]
    else:
        command = [sys.executable, "-m", "feldherr.cli", "bench", game, "--players", str(players)]
        command += ["--seconds", str(seconds), "--mode", mode, "--json"]
    out = subprocess.run(
        command, env=env, cwd=tempfile.gettempdir(), check=True, capture_output=True, text=True
    )
    data: dict[str, object] = json.loads(out.stdout.strip().splitlines()[-1])
    return data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default="7db0497", help="the older revision (default: 7db0497)")
    parser.add_argument("--after", help="the newer revision (default: this working tree)")
    parser.add_argument("--mode", choices=sorted(RATE), default="search")
    parser.add_argument("--games", default="wallenstein,elgrande,mansfeld", help="comma-separated")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=5.0, help="per run (default 5)")
    parser.add_argument("--rounds", type=int, default=3, help="alternations (default 3)")
    args = parser.parse_args()
    games = args.games.split(",")
    rate = RATE[args.mode]
    with tempfile.TemporaryDirectory() as tmp:
        trees = []
        try:
            python = builder(Path(tmp))
            old = checkout(args.before, Path(tmp) / "before", python)
            trees.append(old.parent)
            if args.after is None:
                new = ROOT / "src"
            else:
                new = checkout(args.after, Path(tmp) / "after", python)
                trees.append(new.parent)
            ratios: dict[str, list[float]] = {game: [] for game in games}
            for _ in range(args.rounds):
                for game in games:
                    pair = {}
                    for side, src in (("before", old), ("after", new)):
                        data = measure(src, args.mode, game, args.players, args.seconds)
                        print(json.dumps({"side": side, **data}), flush=True)
                        pair[side] = float(data[rate])  # type: ignore[arg-type]
                    ratios[game].append(pair["after"] / pair["before"])
        finally:
            for tree in trees:
                subprocess.run(
                    ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False
                )
    print()
    print(f"{rate}, after / before ({args.before} → {args.after or 'this tree'}), {args.players} players:")
    for game in games:
        cells = ", ".join(f"{r:.2f}" for r in ratios[game])
        print(f"  {game}: median {statistics.median(ratios[game]):.2f}× (rounds: {cells})")


if __name__ == "__main__":
    main()
