"""Search steps before and after: `feldherr bench GAME --mode step` on this tree and on an older
commit, alternating, on the same positions.

    .venv/bin/python scripts/bench-steps.py [--before REF] [--seconds S] [--rounds R] [--players N]

The older commit is checked out into a temporary git worktree and imported through PYTHONPATH (its
pure-Python code: engines before the C helpers had none for the step); the measuring code is this
tree's ``feldherr.sim.stepbench``, which uses only the public API, so both sides measure the same
positions and moves. Prints one JSON line per run and a Markdown table of the best rounds.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("wallenstein", "elgrande", "mansfeld")
MEASURE = """
import json, runpy, sys
module = runpy.run_path(sys.argv[1], run_name="stepbench")
result = module["step_bench"](sys.argv[2], int(sys.argv[3]), seconds=float(sys.argv[4]))
print(json.dumps(result.to_json()))
"""


def measure(src: Path, game: str, players: int, seconds: float) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    bench = ROOT / "src" / "feldherr" / "sim" / "stepbench.py"
    out = subprocess.run(
        [sys.executable, "-c", MEASURE, str(bench), game, str(players), str(seconds)],
        env=env, cwd=tempfile.gettempdir(), check=True, capture_output=True, text=True,
    )  # fmt: skip
    data: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default="5525bfc", help="the older commit (default: before issue 13)")
    parser.add_argument("--seconds", type=float, default=5.0, help="per measurement (default 5)")
    parser.add_argument("--rounds", type=int, default=2, help="alternations (default 2)")
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        old = Path(tmp) / "before"
        add = ["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(old), args.before]
        subprocess.run(add, check=True)
        try:
            best: dict[tuple[str, str], dict[str, float]] = {}
            for _ in range(args.rounds):
                for game in GAMES:
                    for side, src in (("before", old / "src"), ("after", ROOT / "src")):
                        data = measure(src, game, args.players, args.seconds)
                        print(json.dumps({"side": side, **data}), flush=True)
                        key = (game, side)
                        if key not in best or data["step_us"] < best[key]["step_us"]:
                            best[key] = data
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old)], check=False)
    print()
    print("| game | clone µs | legal_moves µs | apply µs | step µs | speed-up |")
    print("|---|---|---|---|---|---|")
    for game in GAMES:
        b, a = best[game, "before"], best[game, "after"]
        cells = [f"{b[k]:.2f} → {a[k]:.2f}" for k in ("clone_us", "legal_moves_us", "apply_us", "step_us")]
        print(f"| {game} | {' | '.join(cells)} | {b['step_us'] / a['step_us']:.2f}× |")


if __name__ == "__main__":
    main()
