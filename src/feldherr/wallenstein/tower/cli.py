"""``feldherr tower fit|stats|simulate`` and ``feldherr odds``: added to the main CLI by
:func:`register`. Each handler takes the parsed arguments and returns the exit code."""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
from typing import Any

from feldherr.core.commandline import (
    MAX_COUNT,
    command_lang,
    output_problem,
    picture_problem,
    positive_number,
    seed_value,
    whole_number,
)
from feldherr.core.errors import clip
from feldherr.core.i18n import LANGS, fixed, percent
from feldherr.wallenstein.rules.combat import BattleKind
from feldherr.wallenstein.tower.errors import TowerInputError
from feldherr.wallenstein.tower.registry import CHOICES, model_by_name
from feldherr.wallenstein.tower.words import help_text, help_word, model_name, said

WHOLE = whole_number(-MAX_COUNT, MAX_COUNT)
"""A count of the odds command: any whole number here, the battle says which it takes."""


def _err(problem: str, lang: str = "en") -> int:
    print(f"feldherr: {said('error', lang, error=problem)}", file=sys.stderr)
    return 2


def _writable(path: str, what: str, picture: bool = False, lang: str = "en") -> str | None:
    """Why ``path`` could not be written at the end of the work (checked before it), or None. A
    ``picture`` must have a type matplotlib writes (when matplotlib is there to ask)."""
    target = pathlib.Path(path)
    if target.is_dir() or not target.parent.is_dir():
        return output_problem(target, what, lang)
    return (picture_problem(target, what, lang) if picture else None) or output_problem(target, what, lang)


def _tower_args(p: argparse.ArgumentParser, default: str = "fitted") -> None:
    p.add_argument(
        "--tower", choices=CHOICES, default=default, help=help_text("help.tower.model", model=default)
    )
    p.add_argument("--tower-params", metavar=help_word("mv.file"), help=help_text("help.tower.params"))


def _lang_arg(p: argparse.ArgumentParser) -> None:
    """``--lang de|en``: the language of the output, by default the command line's (its locale's)."""
    p.add_argument("--lang", choices=LANGS, default=command_lang(), help=help_text("help.lang"))


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``tower`` and ``odds``; their help is in the command line's language
    (:func:`feldherr.core.commandline.command_lang`)."""
    tower = subparsers.add_parser("tower", help=help_text("help.tower"), description=said_now("help.tower"))
    tsub = tower.add_subparsers(dest="tower_action", required=True, metavar=help_word("help.action"))

    fit = tsub.add_parser("fit", help=help_text("help.fit"), description=said_now("help.fit"))
    fit.add_argument("csv", metavar="CSV", help=help_text("help.fit.csv"))
    fit.add_argument(
        "-o", "--output", default="tower-params.json", metavar=help_word("mv.file"),
        help=help_text("help.fit.output"),
    )  # fmt: skip
    fit.add_argument(
        "--iters", type=whole_number(1, 10**6), default=800, metavar="N", help=help_text("help.fit.iters")
    )
    fit.add_argument(
        "--prior-sd", type=positive_number, default=0.5, metavar="X", help=help_text("help.fit.prior_sd")
    )
    _lang_arg(fit)
    fit.set_defaults(func=cmd_fit)

    stats = tsub.add_parser("stats", help=help_text("help.stats"), description=said_now("help.stats"))
    stats.add_argument(
        "--models", default="fitted,simple,two-level", metavar=help_word("mv.models"),
        help=help_text("help.stats.models"),
    )  # fmt: skip
    stats.add_argument(
        "--drops", type=whole_number(0, 10**6), default=30, metavar="N", help=help_text("help.drops", n=30)
    )
    stats.add_argument(
        "--runs", type=whole_number(1, 10**6), default=200, metavar="N", help=help_text("help.stats.runs")
    )
    stats.add_argument("--seed", type=seed_value, default=1, metavar="N", help=help_text("help.stats.seed"))
    stats.add_argument(
        "--players", type=whole_number(2, 5), default=4, metavar="N", help=help_text("help.players")
    )
    stats.add_argument(
        "--samples", type=whole_number(1, 10**8), default=4000, metavar="N",
        help=help_text("help.stats.samples"),
    )  # fmt: skip
    stats.add_argument("--plot", metavar=help_word("mv.file"), help=help_text("help.stats.plot"))
    stats.add_argument("--tower-params", metavar=help_word("mv.file"), help=help_text("help.params.fitted"))
    _lang_arg(stats)
    stats.set_defaults(func=cmd_stats)

    sim = tsub.add_parser("simulate", help=help_text("help.simulate"), description=said_now("help.simulate"))
    _tower_args(sim)
    sim.add_argument(
        "--players", type=whole_number(2, 5), default=4, metavar="N", help=help_text("help.players")
    )
    sim.add_argument(
        "--drops", type=whole_number(0, 10**6), default=10, metavar="N", help=help_text("help.drops", n=10)
    )
    sim.add_argument("--seed", type=seed_value, default=1, metavar="N", help=help_text("help.simulate.seed"))
    _lang_arg(sim)
    sim.set_defaults(func=cmd_simulate)

    odds = subparsers.add_parser("odds", help=help_text("help.odds"), description=said_now("help.odds"))
    odds.add_argument(
        "kind", choices=[k.value for k in BattleKind], metavar=help_word("help.odds.kind"),
        help=help_text("help.odds.kind.text"),
    )  # fmt: skip
    for flag, key in (("--armies", "armies"), ("--defenders", "defenders"), ("--markers", "markers")):
        odds.add_argument(flag, type=WHOLE, default=0, metavar="N", help=help_text(f"help.odds.{key}"))
    for flag in ("--attacker-bonus", "--defender-bonus", "--palace", "--double-peasants"):
        key = flag[2:].replace("-", "_")
        odds.add_argument(flag, action="store_true", help=help_text(f"help.odds.{key}"))
    odds.add_argument(
        "--winter-extra", type=WHOLE, default=0, metavar="N", help=help_text("help.odds.winter_extra")
    )
    odds.add_argument("--tray", default="", metavar=help_word("mv.roles"), help=help_text("help.odds.tray"))
    odds.add_argument(
        "--inside", default="", metavar=help_word("mv.roles"), help=help_text("help.odds.inside")
    )
    odds.add_argument("--upper", metavar=help_word("mv.roles"), help=help_text("help.odds.upper"))
    odds.add_argument("--lower", metavar=help_word("mv.roles"), help=help_text("help.odds.lower"))
    _tower_args(odds)
    odds.add_argument(
        "--samples", type=whole_number(0, 10**8), default=0, metavar="N", help=help_text("help.odds.samples")
    )
    odds.add_argument("--seed", type=seed_value, default=0, metavar="N", help=help_text("help.odds.seed"))
    odds.add_argument("--json", action="store_true", help=help_text("help.odds.json"))
    _lang_arg(odds)
    odds.set_defaults(func=cmd_odds)


def said_now(key: str) -> str:
    """A description in the command line's language (argparse does not %-format descriptions): the
    command's help as a sentence."""
    text = said(key, command_lang())
    return text[:1].upper() + text[1:] + "."


def cmd_fit(args: argparse.Namespace) -> int:
    from feldherr.wallenstein.tower.csvfit import fit_drops, read_drops_file

    lang = args.lang
    try:
        drops = read_drops_file(args.csv)
    except TowerInputError as exc:
        return _err(exc.text(lang), lang)
    if not args.prior_sd > 0:
        return _err(said("err.prior_sd", lang), lang)
    problem = _writable(args.output, "--output", lang=lang)
    if problem:
        return _err(problem, lang)
    doc = fit_drops(drops, prior_sd=args.prior_sd, iters=args.iters)
    doc["provenance"] = f"fitted by 'feldherr tower fit {args.csv}'"
    with open(args.output, "w", encoding="utf-8") as fh:
        json.dump(doc, fh, indent=2)
        fh.write("\n")
    fit = doc["fit"]
    print(
        said(
            "fit.done",
            lang,
            drops=fit["drops"],
            sessions=fit["sessions"],
            rmse=_decimal(fit["rmse_out_per_colour"], lang),
            prior=_decimal(fit["prior_rmse_out_per_colour"], lang),
        )
    )
    # the tower commands read the file; a game's --tower-params takes the parameters themselves (JSON)
    params = json.dumps(doc["params"], separators=(",", ":"))
    print(said("fit.written", lang, path=args.output))
    print(said("fit.in_game", lang, params=params))
    return 0


def _decimal(value: object, lang: str) -> str:
    """A measured number in the language's format (``0,412``); anything else as it is."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return fixed(float(value), 3, lang)
    return str(value)


def cmd_odds(args: argparse.Namespace) -> int:
    from feldherr.wallenstein.tower.odds import Battle, Roles, battle_odds

    lang = args.lang
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
            raise TowerInputError(said("err.upper_lower", "en"), said("err.upper_lower", "de"))
        levels = None
        if args.upper is not None:
            if args.inside:
                raise TowerInputError(said("err.inside_levels", "en"), said("err.inside_levels", "de"))
            levels = (Roles.parse(args.upper), Roles.parse(args.lower))
        if args.samples < 0:
            raise TowerInputError(said("err.samples", "en"), said("err.samples", "de"))
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
        return _err(exc.text(lang), lang)
    if args.json:
        print(json.dumps(odds.to_json()))
        return 0
    side = said("odds.peasants_win" if battle.kind is BattleKind.REVOLT else "odds.attacker_wins", lang)
    if odds.exact:
        how = said("odds.exact", lang)
    else:
        how = said("odds.sampled", lang, samples=odds.samples, stderr=fixed(odds.stderr, 4, lang))
    thrown = battle.thrown()
    cubes = ", ".join(
        said("odds.role", lang, role=said(f"role.{role}", lang), n=getattr(thrown, role))
        for role in ("attacker", "defender", "peasants", "other")
    )
    kind = said(f"kind.{battle.kind.value}", lang)
    print(said("odds.title", lang, kind=kind, model=model_name(args.tower, lang), how=how, cubes=cubes))
    rows = [(side, odds.attacker), (said("odds.tie", lang), odds.tie)]
    rows.append((said("odds.defender_holds", lang), odds.defender))
    width = max(len(label) for label, _ in rows) + 1
    for label, p in rows:
        print(f"  {label:<{width}}{percent(p, 2, lang):>9}")
    print(
        "  "
        + said(
            "odds.survivors",
            lang,
            attacker=fixed(odds.attacker_survivors, 3, lang),
            defender=fixed(odds.defender_survivors, 3, lang),
        )
    )
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from feldherr.wallenstein.tower.stats import simulate_session

    lang = args.lang
    try:
        model = model_by_name(args.tower, args.tower_params)
        rows = simulate_session(model, args.players, args.drops, args.seed)
    except TowerInputError as exc:
        return _err(exc.text(lang), lang)
    from feldherr.wallenstein.text import colour_names

    colours = "/".join([*colour_names(lang), said("role.peasants", lang)])
    heads = said("simulate.head", lang, colours=colours).split(",")
    widths = [max(len(head), 4) for head in heads[:4]]
    print("  ".join(f"{head:>{w}}" for head, w in zip(heads[:4], widths, strict=True)) + "  " + heads[4])
    for i, (thrown, out, inside) in enumerate(rows):
        by_colour = f"{'/'.join(map(str, out))}  {'/'.join(map(str, inside))}"  # not Python lists
        numbers = (i, sum(thrown), sum(out), sum(inside))
        print("  ".join(f"{n:>{w}d}" for n, w in zip(numbers, widths, strict=True)) + "  " + by_colour)
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    from feldherr.wallenstein.tower.stats import model_stats, plot_stats

    lang = args.lang
    problem = _writable(args.plot, "--plot", picture=True, lang=lang) if args.plot else None
    if problem:
        return _err(problem, lang)
    try:
        names = [n.strip() for n in args.models.split(",") if n.strip()]
        for n in names:
            if n not in CHOICES:
                shown = clip(repr(n), 60)
                raise TowerInputError(
                    said("err.model", "en", name=shown, known=", ".join(CHOICES)),
                    said("err.model", "de", name=shown, known=", ".join(CHOICES)),
                )
        if args.drops < 1 or args.runs < 1 or args.samples < 1 or not 2 <= args.players <= 5:
            raise TowerInputError(said("err.stats_counts", "en"), said("err.stats_counts", "de"))
        results: list[dict[str, Any]] = []
        for n in names:
            model = model_by_name(n, args.tower_params if n == "fitted" else None)
            runs = args.runs if n != "physical" else min(args.runs, 5)
            results.append(model_stats(model, args.players, args.drops, runs, args.seed, args.samples))
    except TowerInputError as exc:
        return _err(exc.text(lang), lang)
    for r in results:
        ret = r["retention"]
        win = r["win_vs_ratio"]
        odds = said("stats.odds", lang, p=fixed(win[2][1], 3, lang)) if win else ""
        line = said(
            "stats.line",
            lang,
            model=model_name(r["model"], lang),
            first=fixed(ret[0], 1, lang),
            battles=len(ret) - 1,
            last=fixed(ret[-1], 1, lang),
        )
        print(line + odds)
    if args.plot:
        try:
            plot_stats(results, args.plot, lang)
        except TowerInputError as exc:
            return _err(exc.text(lang), lang)
        print(said("stats.plot", lang, path=args.plot))
    return 0
