"""``feldherr fuzz``: hostile input at random positions of every game and option set."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from feldherr.cli.common import add_lang_argument, described
from feldherr.cli.helptexts import h, said
from feldherr.cli.messages import msg
from feldherr.core.commandline import MAX_COUNT, seed_value, whole_number
from feldherr.core.progress import progress_bar
from feldherr.games import game_names
from feldherr.sim.fuzz import fuzz, totals
from feldherr.sim.setup import resolve_game

COLUMNS = ("game", "option_sets", "positions", "inputs", "crashes", "state_changes", "accepted", "bad_texts")
HEADS = {
    "en": ("game", "option sets", "positions", "inputs", "crashes", "state changes", "accepted", "bad texts"),
    "de": (
        "Spiel",
        "Optionen",
        "Stellungen",
        "Eingaben",
        "Abstürze",
        "Zustand geändert",
        "angenommen",
        "Texte fehlerhaft",
    ),
}
"""The table's headings per language (its columns are the JSON's keys)."""
ALL = {"en": "all", "de": "alle"}
UNIT = {"en": ("inputs", "input"), "de": ("Eingaben", "Eingabe")}


def run(args: argparse.Namespace) -> int:
    lang = args.lang
    names = [resolve_game(name).name for name in args.games] or game_names()
    many, one = UNIT.get(lang, UNIT["en"])
    bar = progress_bar(many=many, one=one, lang=lang, total=args.inputs, file=sys.stderr, disable=args.quiet)

    def step(count: int) -> None:
        bar.update(min(count, args.inputs - bar.n))  # the last position may throw a few more

    try:
        results = fuzz(names, args.inputs, args.seed, progress=step, per_position=args.per_position)
    finally:
        bar.close()
    sums = totals(results)
    if args.json:
        print(json.dumps({"seed": args.seed, "games": [r.to_json() for r in results], "totals": sums}))
    else:
        rows = [{**{k: r.to_json()[k] for k in COLUMNS}, "game": resolve_game(r.game).title} for r in results]
        every = ALL.get(lang, ALL["en"])
        rows.append({"game": every, "option_sets": sum(int(r["option_sets"]) for r in rows), **sums})
        heads = dict(zip(COLUMNS, HEADS.get(lang, HEADS["en"]), strict=True))
        widths = {k: max(len(heads[k]), *(len(str(row[k])) for row in rows)) for k in COLUMNS}
        print("  ".join(heads[k].rjust(widths[k]) for k in COLUMNS))
        for row in rows:
            print("  ".join(str(row[k]).rjust(widths[k]) for k in COLUMNS))
        examples = [f"{r.game}: {example}" for r in results for example in r.report.examples]
        if examples:
            # what went wrong, for whoever mends the game: the call as Python writes it and what it
            # raised, in English (a developer's diagnostics, introduced in the reader's language)
            print(msg("fuzz_examples", lang))
            for line in examples:
                print(f"  {line}")
    clean = sums["crashes"] == sums["state_changes"] == sums["accepted"] == sums["bad_texts"] == 0
    return 0 if clean else 1


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "fuzz",
        help=h("fuzz.help"),
        **described(
            said("fuzz.description"),
            "feldherr fuzz --inputs 200000 --seed 1",
            "feldherr fuzz wallenstein --inputs 5000 --json",
        ),
    )
    parser.add_argument("games", nargs="*", metavar=said("mv.game"), help=h("fuzz.games"))
    parser.add_argument(
        "--inputs",
        type=whole_number(1, MAX_COUNT),
        default=10_000,
        metavar="N",
        help=h("fuzz.inputs"),
    )
    parser.add_argument("--seed", type=seed_value, default=0, metavar="N", help=h("fuzz.seed"))
    parser.add_argument(
        "--per-position",
        type=whole_number(1, 10_000),
        default=60,
        metavar="N",
        help=h("fuzz.per_position"),
    )
    parser.add_argument("--json", action="store_true", help=h("json.plain"))
    parser.add_argument("--quiet", action="store_true", help=h("quiet"))
    add_lang_argument(parser, "lang.output")
    parser.set_defaults(func=run)
