"""The search-bot targets within a time limit: several tournaments at once, every game saved as it ends.

    # play: every core, until the deadline; one JSON line per finished game
    .venv/bin/python scripts/search-targets.py play --out games.jsonl --seconds 480 \
        --tournament elgrande:hard@1s,heuristic,heuristic,heuristic \
        --tournament wallenstein:hard@1s,heuristic,heuristic,heuristic
    # report: win rates (95 % Wilson intervals), mean scores and OpenSkill ratings per tournament
    .venv/bin/python scripts/search-targets.py report games.jsonl
    # the same deals played at 1s on one machine and at 1cpu on another, as one tournament
    .venv/bin/python scripts/search-targets.py report --pool-budgets device.jsonl local.jsonl

`feldherr tournament` reports when all its games are done; this runner is for a machine lent for a
fixed time (such as the 16-core device machine): it deals the tournaments' games in turn (deal 0
of each, deal 1 of each, ...; every deal is played in all seat rotations), keeps every core busy,
stops dealing at ``--seconds`` and waits for the games in play up to ``--grace`` more seconds. The
report counts only complete deals, so every bot has played every deal from every seat. Game ``i`` of
a tournament is exactly game ``i`` of ``feldherr tournament GAME --bots ... --seed SEED`` (same
deal, same seats, same bot seeds).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time
from collections import defaultdict
from dataclasses import asdict
from typing import Any

from feldherr.sim.setup import parse_seats, prepare_options, resolve_game
from feldherr.sim.tournament import Totals, TournamentGame, TournamentJob, play_tournament_game, wilson


def make_job(spec: str, seed: int) -> TournamentJob:
    name, _, bots = spec.partition(":")
    game = resolve_game(name)
    specs = [b.strip() for b in bots.split(",")]
    options = prepare_options(game, len(specs), {"players": len(specs)})
    parse_seats(game, specs, options["players"])
    return TournamentJob(type(game), options, seed, tuple(specs))


def _play(task: tuple[int, TournamentJob, int]) -> tuple[int, dict[str, Any], float]:
    t, job, index = task
    started = time.perf_counter()
    game = play_tournament_game(job, index)
    return t, asdict(game), time.perf_counter() - started


def play(args: argparse.Namespace) -> None:
    jobs = [make_job(spec, args.seed) for spec in args.tournament]
    weights = args.deal_every or [1] * len(jobs)
    tasks = [
        (t, job, deal * len(job.entrants) + rotation)
        for deal in range(args.first_deal, args.max_deals)
        for t, job in enumerate(jobs)
        if deal % weights[t] == 0
        for rotation in range(len(job.entrants))
    ]
    workers = args.jobs or os.cpu_count() or 1
    started = time.perf_counter()
    done = 0
    with (
        open(args.out, "a", encoding="utf-8") as out,
        multiprocessing.get_context("fork").Pool(workers) as pool,
    ):
        pending: list[Any] = []
        queue = iter(tasks)
        dealing = True
        while True:
            now = time.perf_counter() - started
            if dealing and now > args.seconds:
                dealing = False
            while dealing and len(pending) < workers:
                task = next(queue, None)
                if task is None:
                    dealing = False
                    break
                pending.append(pool.apply_async(_play, (task,)))
            if not pending or now > args.seconds + args.grace:
                break
            time.sleep(0.2)
            for result in [p for p in pending if p.ready()]:
                pending.remove(result)
                t, game, spent = result.get()
                line = {
                    **game,
                    "tournament": args.tournament[t],
                    "tournament_seed": args.seed,
                    "seconds": round(spent, 2),
                }
                out.write(json.dumps(line) + "\n")
                out.flush()
                done += 1
        pool.terminate()
    print(f"{done} games in {time.perf_counter() - started:.0f} s on {workers} processes "
          f"({len(pending)} unfinished at the deadline)", file=sys.stderr)  # fmt: skip


def pooled(spec: str) -> str:
    """The tournament with its bots' budgets left out (``elgrande:hard@1s,...`` -> ``elgrande:hard,...``):
    the games of runs at ``1s`` on one machine and ``1cpu`` on another are the same deals."""
    game, _, bots = spec.partition(":")
    return game + ":" + ",".join(b.partition("@")[0] for b in bots.split(","))


def report(args: argparse.Namespace) -> None:
    by: dict[tuple[str, int], list[dict[str, Any]]] = defaultdict(list)
    for path in args.files:
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    g = json.loads(line)
                    spec = pooled(g["tournament"]) if args.pool_budgets else g["tournament"]
                    by[spec, g["tournament_seed"]].append(g)
    columns = ("tournament (seed)", "complete deals", "games", "entrant", "wins (95 % interval)",
               "mean score", "rating (mu ± sigma)", "s/game")  # fmt: skip
    print("| " + " | ".join(columns) + " |")
    print("|" + "---|" * len(columns))
    for (spec, seed), games in sorted(by.items()):
        job = make_job(spec, seed)
        n = len(job.entrants)
        deals: dict[int, list[dict[str, Any]]] = defaultdict(list)
        for g in games:
            deals[g["index"] // n].append(g)
        complete = sorted(d for d, gs in deals.items() if len({g["index"] for g in gs}) == n)
        kept = sorted((g for d in complete for g in deals[d]), key=lambda g: g["index"])
        unique = list({g["index"]: g for g in kept}.values())
        totals = Totals(spec.partition(":")[0], job.options, seed, list(job.entrants))
        for g in unique:
            fields = {
                k: (tuple(v) if isinstance(v, list) else v)
                for k, v in g.items()
                if k in TournamentGame.__dataclass_fields__
            }
            totals.add(TournamentGame(**fields))
        result = totals.finish()
        seconds = sum(g["seconds"] for g in unique) / max(1, len(unique))
        for e, name in enumerate(result.names):
            rate = result.wins[e] / result.games if result.games else 0.0
            lo, hi = wilson(rate, result.games)
            rating = result.ratings[e] if result.ratings else None
            shown = f"{rating['mu']:.1f} ± {rating['sigma']:.1f}" if rating else "–"
            mean = result.score_sums[e] / result.games if result.games else 0.0
            print(f"| {spec} ({seed}) | {len(complete)} | {result.games} | {name} | {100 * rate:.1f} % "
                  f"({100 * lo:.1f}-{100 * hi:.1f}) | {mean:.1f} | {shown} | {seconds:.0f} |")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(required=True)
    p = sub.add_parser("play")
    p.add_argument("--tournament", action="append", required=True, metavar="GAME:BOT,BOT,...")
    p.add_argument(
        "--deal-every", type=int, action="append", help="per tournament: play every k-th deal only"
    )
    p.add_argument("--out", required=True)
    p.add_argument("--seconds", type=float, default=480.0, help="stop dealing after this (default 480)")
    p.add_argument("--grace", type=float, default=60.0, help="then wait this long for games in play")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=0, help="processes (0: every core)")
    p.add_argument("--max-deals", type=int, default=50, help="deal numbers below this (default 50)")
    p.add_argument("--first-deal", type=int, default=0, help="start at this deal (to extend an earlier run)")
    p.set_defaults(func=play)
    r = sub.add_parser("report")
    r.add_argument("files", nargs="+")
    r.add_argument(
        "--pool-budgets", action="store_true", help="count runs that differ only in budgets as one tournament"
    )
    r.set_defaults(func=report)
    args = parser.parse_args()
    args.func(args)


if __name__ == "__main__":
    main()
