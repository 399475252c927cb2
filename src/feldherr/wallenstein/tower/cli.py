"""``feldherr tower fit|stats|simulate`` and ``feldherr odds``: added to the main CLI by
:func:`register`. Each handler takes the parsed arguments and returns the exit code."""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
from typing import Any

from feldherr.core.commandline import MAX_COUNT, output_problem, picture_problem, seed_value, whole_number
from feldherr.wallenstein.rules.combat import BattleKind
from feldherr.wallenstein.tower.errors import TowerInputError
from feldherr.wallenstein.tower.registry import CHOICES, model_by_name

WHOLE = whole_number(-MAX_COUNT, MAX_COUNT)
"""A count of the odds command: any whole number here, the battle says which it takes."""


def _err(msg: str) -> int:
    print(f"feldherr: error: {msg}", file=sys.stderr)
    return 2


def _writable(path: str, what: str, picture: bool = False) -> str | None:
    """Why ``path`` could not be written at the end of the work (checked before it), or None. A
    ``picture`` must have a type matplotlib writes (when matplotlib is there to ask)."""
    target = pathlib.Path(path)
    if target.is_dir() or not target.parent.is_dir():
        return output_problem(target, what)
    return (picture_problem(target, what) if picture else None) or output_problem(target, what)


def _tower_args(p: argparse.ArgumentParser, default: str = "fitted") -> None:
    p.add_argument("--tower", choices=CHOICES, default=default, help="tower model (default %(default)s)")
    p.add_argument("--tower-params", metavar="FILE", help="fitted-model parameters from 'tower fit'")


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    tower = subparsers.add_parser("tower", help="cube tower: fit, statistics, simulation")
    tsub = tower.add_subparsers(dest="tower_action", required=True)

    fit = tsub.add_parser("fit", help="fit the tower model to drops recorded at a real tower (CSV)")
    fit.add_argument("csv", help="CSV file of recorded drops (format: docs/tower.md)")
    fit.add_argument("-o", "--output", default="tower-params.json", help="parameter file to write")
    fit.add_argument("--iters", type=whole_number(1, 10**6), default=800, help="optimiser iterations")
    fit.add_argument(
        "--prior-sd",
        type=float,
        default=0.5,
        help="how far the fit may stray from the shipped parameters (logit/log scale; default 0.5)",
    )
    fit.set_defaults(func=cmd_fit)

    stats = tsub.add_parser("stats", help="retention and win-probability statistics per model")
    stats.add_argument("--models", default="fitted,simple,two-level", help="comma list of models")
    stats.add_argument(
        "--drops", type=whole_number(0, 10**6), default=30, help="battles after the filling drop"
    )
    stats.add_argument("--runs", type=whole_number(1, 10**6), default=200, help="simulated towers per model")
    stats.add_argument("--seed", type=seed_value, default=1, help="seed of the simulated towers (default 1)")
    stats.add_argument("--players", type=whole_number(2, 5), default=4, help="players, 2 to 5 (default 4)")
    stats.add_argument(
        "--samples", type=whole_number(1, 10**8), default=4000, help="Monte Carlo drops per odds (two-level)"
    )
    stats.add_argument("--plot", metavar="FILE.png", help="draw the pictures (needs matplotlib)")
    stats.add_argument("--tower-params", metavar="FILE", help="parameters for the fitted model")
    stats.set_defaults(func=cmd_stats)

    sim = tsub.add_parser("simulate", help="fill a tower and drop battle-sized throws, drop by drop")
    _tower_args(sim)
    sim.add_argument("--players", type=whole_number(2, 5), default=4, help="players, 2 to 5 (default 4)")
    sim.add_argument(
        "--drops", type=whole_number(0, 10**6), default=10, help="battles after the filling drop"
    )
    sim.add_argument("--seed", type=seed_value, default=1, help="seed of the simulation (default 1)")
    sim.set_defaults(func=cmd_simulate)

    odds = subparsers.add_parser("odds", help="battle odds: win, tie, loss and expected survivors")
    odds.add_argument(
        "kind", choices=[k.value for k in BattleKind],
        help="attack (a player against another player's county), neutral (against a county without "
        "armies, defended by peasants) or revolt (peasants rise against a player's county)",
    )  # fmt: skip
    odds.add_argument("--armies", type=WHOLE, default=0, help="attacking armies moved in")
    odds.add_argument("--defenders", type=WHOLE, default=0, help="defending armies in the county")
    odds.add_argument("--markers", type=WHOLE, default=0, help="revolt markers in the county")
    odds.add_argument("--attacker-bonus", action="store_true", help="bonus tile +1 army attacking")
    odds.add_argument("--defender-bonus", action="store_true", help="bonus tile +1 army defending")
    odds.add_argument("--palace", action="store_true", help="event: palace county attacked (+1 defender)")
    odds.add_argument("--double-peasants", action="store_true", help="event: 2 peasants in a neutral county")
    odds.add_argument("--winter-extra", type=WHOLE, default=0, help="revolt in winter: extra peasants")
    odds.add_argument("--tray", default="", help="cubes in the tray by role, e.g. a=1,d=0,p=2,o=3")
    odds.add_argument("--inside", default="", help="cubes inside the tower by role, e.g. a=5,d=4,p=6,o=20")
    odds.add_argument("--upper", help="exact content of the upper level by role (with --lower)")
    odds.add_argument("--lower", help="exact content of the lower level by role (with --upper)")
    _tower_args(odds)
    odds.add_argument(
        "--samples", type=whole_number(0, 10**8), default=0, help="Monte Carlo drops (0: exact if possible)"
    )
    odds.add_argument("--seed", type=seed_value, default=0, help="seed of the Monte Carlo drops (default 0)")
    odds.add_argument("--json", action="store_true", help="print JSON")
    odds.set_defaults(func=cmd_odds)


def cmd_fit(args: argparse.Namespace) -> int:
    from feldherr.wallenstein.tower.csvfit import fit_drops, read_drops_file

    try:
        drops = read_drops_file(args.csv)
    except TowerInputError as exc:
        return _err(str(exc))
    if args.iters < 1:
        return _err("--iters must be at least 1")
    if not args.prior_sd > 0:
        return _err("--prior-sd must be positive")
    problem = _writable(args.output, "--output")
    if problem:
        return _err(problem)
    doc = fit_drops(drops, prior_sd=args.prior_sd, iters=args.iters)
    doc["provenance"] = f"fitted by 'feldherr tower fit {args.csv}'"
    with open(args.output, "w", encoding="utf-8") as fh:
        json.dump(doc, fh, indent=2)
        fh.write("\n")
    fit = doc["fit"]
    print(
        f"fitted {fit['drops']} drops in {fit['sessions']} session(s): RMS error of cubes out per "
        f"colour {fit['rmse_out_per_colour']} (shipped parameters: {fit['prior_rmse_out_per_colour']})"
    )
    # the tower commands read the file; a game's --tower-params takes the parameters themselves (JSON)
    params = json.dumps(doc["params"], separators=(",", ":"))
    written = f"parameters written to {args.output}"
    print(f"{written}; use them with: feldherr odds ... --tower-params {args.output}")
    print(f"and in a game with: --tower fitted --tower-params '{params}'")
    return 0


def cmd_odds(args: argparse.Namespace) -> int:
    from feldherr.wallenstein.tower.odds import Battle, Roles, battle_odds

    try:
        battle = Battle(
            BattleKind(args.kind),
            armies=args.armies,
            defenders=args.defenders,
            markers=args.markers,
            attacker_bonus=args.attacker_bonus,
            defender_bonus=args.defender_bonus,
            palace=args.palace,
            double_peasants=args.double_peasants,
            winter_extra=args.winter_extra,
            tray=Roles.parse(args.tray),
        )
        if (args.upper is None) != (args.lower is None):
            raise TowerInputError("--upper and --lower go together")
        levels = None
        if args.upper is not None:
            if args.inside:
                raise TowerInputError("give --inside or --upper/--lower, not both")
            levels = (Roles.parse(args.upper), Roles.parse(args.lower))
        if args.samples < 0:
            raise TowerInputError("--samples must not be negative")
        model = model_by_name(args.tower, args.tower_params)
        odds = battle_odds(
            battle,
            model,
            inside=Roles.parse(args.inside) if levels is None else None,
            levels=levels,
            samples=args.samples,
            seed=args.seed,
        )
    except TowerInputError as exc:
        return _err(str(exc))
    if args.json:
        print(json.dumps(odds.to_json()))
        return 0
    side = "peasants win " if battle.kind is BattleKind.REVOLT else "attacker wins"
    how = "exact" if odds.exact else f"Monte Carlo, {odds.samples} drops, std. error {odds.stderr:.4f}"
    thrown = battle.thrown()
    cubes = ", ".join(
        f"{role} {getattr(thrown, role)}" for role in ("attacker", "defender", "peasants", "other")
    )
    print(f"{battle.kind.value} with {args.tower} tower ({how}); thrown: {cubes}")
    print(f"  {side.strip():<15s}{odds.attacker:8.2%}")
    print(f"  {'tie':<15s}{odds.tie:8.2%}")
    print(f"  {'defender holds':<15s}{odds.defender:8.2%}")
    print(
        f"  expected survivors: attacker {odds.attacker_survivors:.3f}, "
        f"defender {odds.defender_survivors:.3f}"
    )
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from feldherr.wallenstein.tower.stats import simulate_session

    try:
        model = model_by_name(args.tower, args.tower_params)
        rows = simulate_session(model, args.players, args.drops, args.seed)
    except TowerInputError as exc:
        return _err(str(exc))
    from feldherr.wallenstein.text import colour_names

    colours = "/".join([*colour_names("en"), "peasants"])
    print(f"drop  thrown  out  inside-after  out and inside by colour ({colours})")
    for i, (thrown, out, inside) in enumerate(rows):
        by_colour = f"{'/'.join(map(str, out))}  {'/'.join(map(str, inside))}"  # not Python lists
        print(f"{i:4d}  {sum(thrown):6d}  {sum(out):3d}  {sum(inside):12d}  {by_colour}")
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    from feldherr.wallenstein.tower.stats import model_stats, plot_stats

    problem = _writable(args.plot, "--plot", picture=True) if args.plot else None
    if problem:
        return _err(problem)
    try:
        names = [n.strip() for n in args.models.split(",") if n.strip()]
        for n in names:
            if n not in CHOICES:
                raise TowerInputError(f"unknown tower model {n!r} (known: {', '.join(CHOICES)})")
        if args.drops < 1 or args.runs < 1 or args.samples < 1 or not 2 <= args.players <= 5:
            raise TowerInputError("--drops, --runs and --samples must be positive, --players 2..5")
        results: list[dict[str, Any]] = []
        for n in names:
            model = model_by_name(n, args.tower_params if n == "fitted" else None)
            runs = args.runs if n != "physical" else min(args.runs, 5)
            results.append(model_stats(model, args.players, args.drops, runs, args.seed, args.samples))
    except TowerInputError as exc:
        return _err(str(exc))
    for r in results:
        ret = r["retention"]
        win = r["win_vs_ratio"]
        odds = f"; P(attacker wins) 3 vs 3 {win[2][1]:.3f}" if win else ""
        print(
            f"{r['model']:10s} inside after filling {ret[0]:5.1f}, after {len(ret) - 1} battles "
            f"{ret[-1]:5.1f}{odds}"
        )
    if args.plot:
        try:
            plot_stats(results, args.plot)
        except TowerInputError as exc:
            return _err(str(exc))
        print(f"plot written to {args.plot}")
    return 0
