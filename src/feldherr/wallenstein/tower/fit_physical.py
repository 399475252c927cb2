"""Fit the fast model to simulated physical drops, and measure how well it agrees.

    python -m feldherr.wallenstein.tower.fit_physical generate --sessions 48 --drops 20 --out drops.jsonl
    python -m feldherr.wallenstein.tower.fit_physical fit drops.jsonl \
        --write src/feldherr/wallenstein/tower/data

(the shipped fit's exact commands are in docs/tower.md).

``generate`` plays sessions like a game (the filling drop for 2..5 players, then battle-sized
throws, uninvolved colours staying in the tray) with the physical tower and records every drop:
the throw, the level loads before it, and where each cube started and ended. ``fit`` estimates the
fitted model's parameters by maximum likelihood from those per-cube fates (lodging per level against
the level's load; release per level against the drop size), then compares the fitted model with the
physical drops (cubes out per drop at several loads, content over a session) and writes
``fitted.json`` and ``fit-report.json``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import Any

from feldherr.core.rng import Rng
from feldherr.wallenstein.tower.csvfit import nelder_mead
from feldherr.wallenstein.tower.fitted import FittedTower
from feldherr.wallenstein.tower.model import NCOLOURS, PEASANT
from feldherr.wallenstein.tower.stats import battle_throw, fill_throw, simulate_session

Record = dict[str, Any]


def physical_session(players: int, drops: int, seed: int) -> list[Record]:
    from feldherr.wallenstein.tower.physical import OUT, PhysicalTower

    model = PhysicalTower()
    rng = Rng(seed)
    content = model.new_content()
    records: list[Record] = []
    tray = [0] * NCOLOURS
    for i in range(drops + 1):
        if i == 0:
            thrown, a, d = fill_throw(players), -1, -1
        else:
            thrown, a, d = battle_throw(rng, players, tray)
        n0, n1 = sum(content[0]), sum(content[1])
        fates = model.drop_detail(content, thrown, rng)
        trans = [[0, 0, 0] for _ in range(3)]  # [source][dest]
        out = [0] * NCOLOURS
        for f in fates:
            trans[f.source][f.dest] += 1
            if f.dest == OUT:
                out[f.colour] += 1
        records.append(
            {
                "seed": seed,
                "players": players,
                "drop": i,
                "thrown": thrown,
                "n0": n0,
                "n1": n1,
                "out": out,
                "trans": trans,
                "inside_after": sum(content[0]) + sum(content[1]),
                "sim_time": round(model.last_time, 3),
            }
        )
        tray = [0 if c in (a, d, PEASANT) or i == 0 else out[c] for c in range(NCOLOURS)]
    return records


def cmd_generate(args: argparse.Namespace) -> int:
    t0 = time.perf_counter()
    with open(args.out, "a", encoding="utf-8") as fh:
        for s in range(args.first, args.first + args.sessions):
            players = 2 + s % 4
            for rec in physical_session(players, args.drops, s):
                fh.write(json.dumps(rec) + "\n")
            fh.flush()
            print(f"session {s} ({players} players) done, {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    return 0


# -- maximum likelihood from per-cube fates ----------------------------------------------------------


Key = tuple[int, int]  # (cubes lodged on the level before the drop, cubes dropped)
Groups = dict[Key, list[int]]  # key -> [events, cubes]


def _bernoulli_nll(groups: Groups, prob: Callable[[int, int], float]) -> float:
    nll = 0.0
    for (n, size), (k, m) in groups.items():
        p = min(max(prob(n, size), 1e-9), 1 - 1e-9)
        nll -= k * math.log(p) + (m - k) * math.log(1 - p)
    return nll


def _expit(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, x))))


def _groups(records: Sequence[Record]) -> tuple[list[Groups], list[Groups]]:
    """Per-cube Bernoulli events: lodging on each level, release from each level."""
    lodge: list[Groups] = [defaultdict(lambda: [0, 0]), defaultdict(lambda: [0, 0])]
    rel: list[Groups] = [defaultdict(lambda: [0, 0]), defaultdict(lambda: [0, 0])]
    for r in records:
        t = r["trans"]  # [source: thrown, upper, lower][dest: upper, lower, tray]
        size = sum(r["thrown"])
        n0, n1 = r["n0"], r["n1"]
        # Thrown cubes meet the upper level: lodged there (dest 0) or not.
        g = lodge[0][n0, size]
        g[0] += t[0][0]
        g[1] += sum(t[0])
        # Cubes reaching the lower level: thrown ones past the upper level, and freed upper ones.
        g = lodge[1][n1, size]
        g[0] += t[0][1] + t[1][1]
        g[1] += t[0][1] + t[0][2] + t[1][1] + t[1][2]
        # Lodged cubes: freed (left their level) or not.
        g = rel[0][n0, size]
        g[0] += t[1][1] + t[1][2]
        g[1] += sum(t[1])
        g = rel[1][n1, size]
        g[0] += t[2][2]
        g[1] += sum(t[2])
    return lodge, rel


def _rate_table(
    groups: Groups, pred: Callable[[int, int], float], axis: int, bins: Sequence[int]
) -> list[Any]:
    rows = []
    for lo, hi in itertools.pairwise(bins):
        k = m = 0
        p = 0.0
        for key, (kk, mm) in groups.items():
            if lo <= key[axis] < hi:
                k, m, p = k + kk, m + mm, p + mm * pred(*key)
        if m:
            se = math.sqrt(max(k / m * (1 - k / m), 1e-4) / m)
            rows.append(
                {
                    "range": [lo, hi - 1],
                    "cubes": m,
                    "observed": round(k / m, 4),
                    "predicted": round(p / m, 4),
                    "stderr": round(se, 4),
                }
            )
    return rows


def fit_records(records: Sequence[Record]) -> tuple[dict[str, Any], dict[str, Any]]:
    lodge_groups, rel_groups = _groups(records)
    params: dict[str, Any] = {k: [0.0, 0.0] for k in ("lodge", "jam", "cap", "grow", "base", "knock")}
    for lvl in range(2):
        lg = lodge_groups[lvl]

        def lodge_nll(v: list[float], lg: Groups = lg) -> float:
            a, j, cap = _expit(v[0]), math.exp(min(v[1], 0.0)), 1.0 + math.exp(min(v[2], 13.0))
            g = math.exp(min(v[3], 0.0))
            return _bernoulli_nll(
                lg, lambda n, size: min(1.0, (a + j * size) * max(0.0, 1.0 - n / cap) * (1.0 + g * n))
            )

        v = nelder_mead(lodge_nll, [-2.0, math.log(0.005), math.log(40.0), math.log(0.01)], iters=4000)
        params["lodge"][lvl] = round(_expit(v[0]), 5)
        params["jam"][lvl] = round(math.exp(min(v[1], 0.0)), 6)
        params["cap"][lvl] = round(1.0 + math.exp(min(v[2], 13.0)), 3)
        params["grow"][lvl] = round(math.exp(min(v[3], 0.0)), 6)
        rg = rel_groups[lvl]

        def rel_nll(v: list[float], rg: Groups = rg) -> float:
            b, k = _expit(v[0]), _expit(v[1])
            return _bernoulli_nll(rg, lambda n, size: 1.0 - (1.0 - b) * (1.0 - k) ** size)

        v = nelder_mead(rel_nll, [-3.0, -4.0], iters=3000)
        params["base"][lvl] = round(_expit(v[0]), 5)
        params["knock"][lvl] = round(_expit(v[1]), 5)
    shares = [r["n0"] / (r["n0"] + r["n1"]) for r in records if r["drop"] > 0 and r["n0"] + r["n1"] > 0]
    params["top_share"] = round(sum(shares) / len(shares), 4) if shares else 0.5
    model = FittedTower(**params)
    # Observed against predicted rates, binned, to show where the model's functional form fits.
    preds: list[tuple[str, Groups, Callable[[int, int], float]]] = [
        ("lodge_upper", lodge_groups[0], lambda n, size: model.fate(size, n, 0).lam0),
        ("lodge_lower", lodge_groups[1], lambda n, size: model.fate(size, 0, n).lam1),
        ("release_upper", rel_groups[0], lambda n, size: model.fate(size, 0, 0).rel0),
        ("release_lower", rel_groups[1], lambda n, size: model.fate(size, 0, 0).rel1),
    ]
    checks: dict[str, Any] = {}
    for name, groups, pred in preds:
        checks[f"{name}_by_load"] = _rate_table(groups, pred, 0, (0, 1, 5, 10, 15, 20, 25, 30, 40, 999))
        checks[f"{name}_by_drop_size"] = _rate_table(groups, pred, 1, (1, 4, 7, 10, 13, 20, 30, 999))
    return params, checks


def _moments(xs: Sequence[float]) -> tuple[float, float]:
    if not xs:
        return 0.0, 0.0
    m = sum(xs) / len(xs)
    return m, math.sqrt(sum((x - m) ** 2 for x in xs) / max(1, len(xs) - 1))


LOAD_BINS = ((0, 0), (1, 19), (20, 29), (30, 39), (40, 999))


def _out_fraction_rows(
    rows: Sequence[tuple[int, int, int, int]], lo: int, hi: int, tlo: int, thi: int
) -> list[float]:
    """Fractions out/thrown of drops (index, load before, thrown, out) in a load and size bin; the
    filling drops form the bin of load 0 with 13+ cubes."""
    picked = []
    for d, n, t, o in rows:
        if d == 0:
            if lo == 0 and tlo == 13:
                picked.append(o / t)
        elif lo <= n <= hi and tlo <= t <= thi:
            picked.append(o / t)
    return picked


def quality(records: Sequence[Record], model: FittedTower, runs_per_session: int = 20) -> dict[str, Any]:
    """Compare cubes out per drop (by load inside before the drop) and content over a session: each
    physical session is replayed ``runs_per_session`` times with the fitted model (same player
    count and throw protocol, other random draws)."""
    sessions: dict[int, list[Record]] = defaultdict(list)
    for r in records:
        sessions[r["seed"]].append(r)
    drops = max(len(v) for v in sessions.values()) - 1
    fitted_rows: list[tuple[int, int, int, int]] = []  # drop index, load before, thrown, out
    fitted_inside: list[list[float]] = [[] for _ in range(drops + 1)]
    for seed, recs in sessions.items():
        players = recs[0]["players"]
        for k in range(runs_per_session):
            rows = simulate_session(model, players, len(recs) - 1, Rng(seed).derive(1000 + k))
            before = 0
            for i, (thrown, out, inside) in enumerate(rows):
                fitted_rows.append((i, before, sum(thrown), sum(out)))
                before = sum(inside)
                fitted_inside[i].append(float(before))
    phys_rows = [(r["drop"], r["n0"] + r["n1"], sum(r["thrown"]), sum(r["out"])) for r in records]
    by_load = []
    for lo, hi in LOAD_BINS:
        for tlo, thi in ((1, 6), (7, 12), (13, 99)):
            ph = _out_fraction_rows(phys_rows, lo, hi, tlo, thi)
            ft = _out_fraction_rows(fitted_rows, lo, hi, tlo, thi)
            if len(ph) < 5:
                continue
            pm, ps = _moments(ph)
            fm, fs = _moments(ft)
            by_load.append(
                {
                    "inside_before": [lo, hi],
                    "thrown": [tlo, thi],
                    "physical_drops": len(ph),
                    "physical_mean_out_fraction": round(pm, 4),
                    "physical_sd": round(ps, 4),
                    "physical_mean_stderr": round(ps / math.sqrt(len(ph)), 4),
                    "fitted_mean_out_fraction": round(fm, 4),
                    "fitted_sd": round(fs, 4),
                }
            )
    curve = []
    for i in range(drops + 1):
        at_i = [float(r["inside_after"]) for r in records if r["drop"] == i]
        pm, ps = _moments(at_i)
        fm, fs = _moments(fitted_inside[i])
        curve.append(
            {
                "drop": i,
                "sessions": len(at_i),
                "physical_mean_inside": round(pm, 3),
                "physical_sd": round(ps, 3),
                "fitted_mean_inside": round(fm, 3),
                "fitted_sd": round(fs, 3),
            }
        )
    return {"out_fraction_by_load": by_load, "content_over_session": curve}


def read_records(path: str) -> list[Record]:
    with open(path, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def cmd_fit(args: argparse.Namespace) -> int:
    records = read_records(args.records)
    params, checks = fit_records(records)
    model = FittedTower(**params)
    report = {
        "records": args.records,
        "sessions": len({r["seed"] for r in records}),
        "drops": len(records),
        "cubes_dropped": sum(sum(r["thrown"]) for r in records),
        "params": params,
        "rate_checks": checks,
        **quality(records, model),
    }
    print(json.dumps(params))
    if args.write:
        doc = {
            "model": "fitted",
            "provenance": (
                "fitted by 'python -m feldherr.wallenstein.tower.fit_physical fit' to "
                f"{len(records)} simulated physical "
                f"drops in {report['sessions']} sessions (geometry: data/geometry.json, itself assumed)"
            ),
            "params": params,
        }
        with open(f"{args.write}/fitted.json", "w", encoding="utf-8") as fh:
            json.dump(doc, fh, indent=2)
            fh.write("\n")
        with open(f"{args.write}/fit-report.json", "w", encoding="utf-8") as fh:
            json.dump(report, fh, indent=1)
            fh.write("\n")
    return 0


def cmd_example(args: argparse.Namespace) -> int:
    """Write recorded physical sessions in the hand-recording CSV format (the shipped example)."""
    records = read_records(args.records)
    seeds = [int(x) for x in args.sessions.split(",")]
    chosen = [r for r in records if r["seed"] in seeds]
    players = max(r["players"] for r in chosen)
    cols = [*map(str, range(players)), "peasant"]
    idx = [*range(players), PEASANT]
    lines = [
        "# Example of drops recorded by hand (format: docs/tower.md, 'Fitting to a real tower').",
        "# Each session starts with an emptied tower; its first line is the filling drop.",
        "# These lines come from the physical simulation "
        "(python -m feldherr.wallenstein.tower.fit_physical example).",
        ",".join(["session"] + [f"thrown_{c}" for c in cols] + [f"out_{c}" for c in cols]),
    ]
    for r in sorted(chosen, key=lambda r: (seeds.index(r["seed"]), r["drop"])):
        values = [r["thrown"][c] for c in idx] + [r["out"][c] for c in idx]
        lines.append(",".join([f"game{seeds.index(r['seed']) + 1}", *map(str, values)]))
    with open(args.out, "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m feldherr.wallenstein.tower.fit_physical")
    sub = p.add_subparsers(dest="action", required=True)
    g = sub.add_parser("generate")
    g.add_argument("--sessions", type=int, default=48)
    g.add_argument("--first", type=int, default=0, help="first session seed")
    g.add_argument("--drops", type=int, default=20)
    g.add_argument("--out", required=True)
    g.set_defaults(func=cmd_generate)
    f = sub.add_parser("fit")
    f.add_argument("records")
    f.add_argument("--write", metavar="DIR", help="write fitted.json and fit-report.json there")
    f.set_defaults(func=cmd_fit)
    e = sub.add_parser("example", help="write recorded sessions as an example CSV")
    e.add_argument("records")
    e.add_argument("--sessions", default="2,6", help="session seeds (comma list)")
    e.add_argument("--out", required=True)
    e.set_defaults(func=cmd_example)
    args = p.parse_args(argv)
    code: int = args.func(args)
    return code


if __name__ == "__main__":
    raise SystemExit(main())
