"""What the game commands share: the generic flags, the game's own flags derived from its
``option_spec()``, and turning the parsed arguments into a game plus normalised options.

No game's option is named here. ``feldherr play GAME`` is parsed in two stages (see
:func:`feldherr.cli.main`): the game name is found first, then :func:`add_game_options` adds one
flag per declared option of that game (``--rounds``, ``--tower-params``, ...) with the spec's help,
choices and default, so ``feldherr play GAME --help`` lists exactly that game's options.
``--option KEY=VALUE`` stays as the generic form for any option.
"""

from __future__ import annotations

import argparse
import json
import os
import textwrap
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from feldherr.cli.helptexts import h, said
from feldherr.cli.messages import msg
from feldherr.core.commandline import output_problem, seed_value, whole_number
from feldherr.core.errors import OptionError, clip
from feldherr.core.game import Game
from feldherr.core.i18n import LANGS, number
from feldherr.core.options import PLAYERS, OptionSpec, parse_cli_value
from feldherr.sim.setup import check_seat_names, prepare_options, resolve_game

OPTION_DEST = "game_option_"
"""Prefix of the ``argparse`` destinations of the game's own flags."""


class CliError(Exception):
    """A problem with what the user asked for; printed as one line without a traceback, in German
    where ``de`` gives its German words and the command line speaks German."""

    def __init__(self, message: str, code: int = 2, de: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.de = de

    def text(self, lang: str) -> str:
        return self.de if lang == "de" and self.de else str(self)


# -- flags every game command has ---------------------------------------------------------------
def add_game_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", metavar=said("mv.game"), help=h("game"))
    parser.set_defaults(takes_game_options=True)


def locale_lang() -> str:
    """The language of the user's locale, the default of ``--lang``: ``de`` where the first of
    ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set (POSIX's order) is German (``de_DE.UTF-8``,
    ``de_AT``, ``de``), else ``en``."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value:
            return "de" if value.lower().startswith("de") else "en"
    return "en"


def add_lang_argument(parser: argparse.ArgumentParser, what: str = "lang.game") -> None:
    """``--lang de|en``, by default the locale's (:func:`locale_lang`); ``what`` is the catalogue key
    (:mod:`feldherr.cli.helptexts`) of what the language is for."""
    parser.add_argument("--lang", choices=LANGS, default=locale_lang(), help=h("lang", what=said(what)))


def add_common_arguments(parser: argparse.ArgumentParser, seed_help: str) -> None:
    """--players, --seed, --lang and the generic --option (the game's own flags come later)."""
    parser.add_argument("--players", type=whole_number(1, 64), metavar="N", help=h("players"))
    parser.add_argument("--seed", type=seed_value, metavar="N", help=seed_help)
    add_lang_argument(parser)
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar=said("mv.option"),
        help=h("option"),
    )


# -- the game's own flags -----------------------------------------------------------------------
def flag_name(spec: OptionSpec) -> str:
    return "--" + spec.name.replace("_", "-")


def has_menu(spec: OptionSpec) -> bool:
    """Whether a person picks the choices of ``spec`` from a numbered menu (``1 = Short game``):
    a choice or multi option whose every choice has a label and is a text that cannot be read as
    one of the menu's numbers. The numbers are what :func:`option_help` shows; a choice's key
    (what the records hold) is read too, for scripts."""
    count = len(spec.choices)
    return (
        spec.kind in ("choice", "multi")
        and count > 0
        and all(
            isinstance(c, str) and bool(spec.labels.get(c)) and not (c.isdigit() and 1 <= int(c) <= count)
            for c in spec.choices
        )
    )


def menu_items(spec: OptionSpec, lang: str, short: bool = False) -> list[str]:
    """The menu of ``spec`` in ``lang``: ``1 = 2023 edition``, ``2 = Classic deck`` (each choice by
    its label and what it means where the spec says it, ``1 = Fixed start: the start lineups printed
    in the rules``; ``short``: by the short name a line of text uses)."""
    items = []
    for n, choice in enumerate(spec.choices, 1):
        words = spec.labels.get(str(choice), {})
        label = spec.choice_name(choice, lang) if short else words.get(lang) or words.get("en") or str(choice)
        about = spec.about.get(str(choice), {})
        if not short and (about.get(lang) or about.get("en")):
            label = f"{label}: {about.get(lang) or about['en']}"
        items.append(msg("opt_menu_item", lang, n=n, label=label))
    return items


QUOTES = {"en": ("“", "”"), "de": ("„", "“")}
"""How a text quotes a name (an option's label, a choice's) in each language."""

MENU_INDENT = "  "
"""How far a menu's lines stand in under the flag's help."""


class MenuLines(argparse.HelpFormatter):
    """argparse's help, wrapped as usual, except that a flag's help keeps its line breaks: a
    menu's choices (:func:`option_help`) stand one to a line, a long one wrapped under itself.
    Mixed into the command's own formatter (:func:`with_menus`)."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        lines: list[str] = []
        for paragraph in text.split("\n"):
            indent = paragraph[: len(paragraph) - len(paragraph.lstrip())]
            if indent:  # a menu item: "  1 = label", continued under its label
                hang = indent + " " * (paragraph.find("= ") + 2 - len(indent))
                lines += textwrap.wrap(paragraph, width, subsequent_indent=hang) or [""]
            else:
                lines += super()._split_lines(paragraph, width)
        return lines


_WITH_MENUS: dict[type[argparse.HelpFormatter], type[argparse.HelpFormatter]] = {}


def with_menus(formatter: type[argparse.HelpFormatter]) -> type[argparse.HelpFormatter]:
    """``formatter`` with :class:`MenuLines`'s line breaks in a flag's help (its description and
    everything else as ``formatter`` lays them out)."""
    if issubclass(formatter, MenuLines):
        return formatter
    if formatter not in _WITH_MENUS:
        _WITH_MENUS[formatter] = type(f"Menu{formatter.__name__}", (MenuLines, formatter), {})
    return _WITH_MENUS[formatter]


def from_menu(spec: OptionSpec, text: str) -> str:
    """A typed value with its menu numbers (:func:`has_menu`) turned into the choices' keys: ``2``
    is the second choice, ``1,3`` the first and third of a multi option; a key stays as it is, and
    anything else as typed (the game's check refuses it)."""
    if not has_menu(spec) or text.lstrip().startswith("["):
        return text

    def one(item: str) -> str:
        item = item.strip()
        if item not in spec.choices and item.isdigit() and 1 <= int(item) <= len(spec.choices):
            return str(spec.choices[int(item) - 1])
        return item

    if spec.kind == "multi":
        return ",".join(one(item) for item in text.split(","))
    return one(text)


def option_help(spec: OptionSpec, lang: str) -> str:
    """The spec's help with its choices or range and its default, in ``lang``: a menu of numbers
    and labels where the choices have labels (:func:`has_menu`), never a choice's key."""
    text = spec.help(lang).replace("%", "%%").rstrip()
    parts = [text[:-1] if text.endswith(".") and not text.endswith("..") else text]  # no ".;"
    if has_menu(spec):  # a menu: one line per choice, its number and its label
        default = spec.default if isinstance(spec.default, list) else [spec.default]
        if not callable(spec.default) and default and all(d in spec.choices for d in default):
            numbers = ",".join(str(spec.choices.index(d) + 1) for d in default)
            named = ", ".join(spec.choice_name(d, lang) for d in default)
            parts.append(msg("opt_menu_default", lang, numbers=numbers, names=named))
        parts.append(msg("opt_menu_multi" if spec.kind == "multi" else "opt_menu_choice", lang))
        items = [MENU_INDENT + item for item in menu_items(spec, lang)]
        return "\n".join(["; ".join(parts), *items]).replace("%", "%%")
    if spec.choices:
        names = []
        for choice in spec.choices:
            label = spec.labels.get(str(choice), {}).get(lang)
            names.append(f"{choice} ({label})" if label else str(choice))
        key = "opt_multi" if spec.kind == "multi" else "opt_choice"
        parts.append(msg(key, lang, choices=", ".join(names)))
    elif spec.kind == "int" and (spec.min is not None or spec.max is not None):
        low = "" if spec.min is None else spec.min
        high = "" if spec.max is None else spec.max
        parts.append(f"{low}..{high}")
    elif spec.kind in ("int_list", "mapping"):
        parts.append(msg(f"opt_{spec.kind}", lang))
    if not callable(spec.default) and spec.default not in (None, [], {}):
        parts.append(msg("opt_default", lang, default=show(spec.default)))
    return "; ".join(parts)


def add_game_options(parser: argparse.ArgumentParser, game: Game, lang: str = "en") -> list[str]:
    """One flag per option of ``game`` (``players`` has its own); returns the flags added.

    Every flag takes its value as text and is read like ``--option`` (:func:`parse_cli_value`), so
    the game's own ``normalize_options`` checks it; a ``bool`` option is ``--x``/``--no-x``. A
    flag that would clash with a flag of the command is left out (``--option`` still sets it).
    """
    if isinstance(parser.formatter_class, type) and issubclass(
        parser.formatter_class, argparse.HelpFormatter
    ):
        parser.formatter_class = with_menus(parser.formatter_class)  # a menu's choices one to a line
    group = parser.add_argument_group(msg("opt_group", lang, title=game.title))
    added = []
    for spec in game.option_spec():
        if spec.name == PLAYERS:
            continue
        flag = flag_name(spec)
        dest = OPTION_DEST + spec.name
        try:
            if spec.kind == "bool":
                group.add_argument(
                    flag, dest=dest, action=argparse.BooleanOptionalAction, help=option_help(spec, lang)
                )
            else:
                group.add_argument(flag, dest=dest, metavar="X", help=option_help(spec, lang))
        except argparse.ArgumentError:
            continue  # clashes with a command flag: reachable through --option only
        added.append(flag)
    return added


# -- from arguments to options ------------------------------------------------------------------
def parse_option(text: str) -> tuple[str, str]:
    key, sep, raw = text.partition("=")
    key = key.strip()
    if not sep or not key:
        shown = clip(repr(text), 80)
        raise CliError(
            f"--option wants KEY=VALUE, not {shown}", de=f"--option braucht KEY=VALUE, nicht {shown}"
        )
    return key, raw


def read_value(spec: OptionSpec | None, text: str) -> Any:
    """A command-line text as an option value (JSON where it parses, else the text)."""
    if spec is not None:
        return parse_cli_value(spec, from_menu(spec, text))
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return text


def options_from_args(args: argparse.Namespace, game: Game) -> dict[str, Any]:
    """The raw options from --option and the game's flags (the game normalises them later)."""
    specs = {spec.name: spec for spec in game.option_spec()}
    options: dict[str, Any] = {}
    for text in args.option:
        key, raw = parse_option(text)
        if key == PLAYERS:
            raise CliError(
                "give the player count with --players, not --option players=...",
                de="die Spielerzahl mit --players angeben, nicht mit --option players=...",
            )
        if key in options:
            shown = clip(repr(key), 60)
            raise CliError(f"option {shown} given twice", de=f"Option {shown} zweimal angegeben")
        options[key] = read_value(specs.get(key), raw)
    for name, spec in specs.items():
        value = getattr(args, OPTION_DEST + name, None)
        if value is None:
            continue
        if name in options:
            both = f"{flag_name(spec)}, --option {name}=..."
            raise CliError(
                f"option {name!r} given twice ({both})", de=f"Option {name!r} zweimal angegeben ({both})"
            )
        options[name] = value if isinstance(value, bool) else read_value(spec, value)
    return options


def game_and_options(
    args: argparse.Namespace, seats: int | None = None, names: str | None = None, extra: tuple[str, ...] = ()
) -> tuple[Game, dict[str, Any]]:
    """Resolve the game and normalise options; ``seats`` is the count implied by a seat list,
    ``names`` that list, whose unknown bots are named first (before a count it does not fit)."""
    game = resolve_game(args.game)
    if names is not None:
        check_seat_names(game, names, extra)
    players = args.players if args.players is not None else seats
    options = options_from_args(args, game)
    try:
        return game, prepare_options(game, players, options)
    except OptionError as err:
        count = players if players is not None else options.get(PLAYERS, game.min_players)
        raise option_error(game, err, {**options, PLAYERS: count}) from err


def option_error(
    game: Game, err: OptionError, options: dict[str, Any], record: bool = False
) -> CliError | OptionError:
    """A refused option as a person at the command line reads it, in German too: the game's own
    words where the error brings them, else what the option's flag takes (from its spec), never the
    option's key or a Python literal of the value. ``err`` itself where there is nothing to say
    (its ``said`` words: the game's own, else the core's words for a form). ``record``: the options
    of a record (``play --resume``, ``replay``), which nobody typed as flags: a choice option is
    named by its label and its choices by their names, as its menu names them, not by the flag and
    the menu's numbers."""
    if err.said("de") and not err.generic:
        return err
    specs = {spec.name: spec for spec in game.option_spec()}
    spec = specs.get(err.option)
    if spec is None:
        unknown = sorted(str(k) for k in options if k not in specs)
        if not unknown:
            return err
        known = ", ".join(flag_name(s) for s in specs.values() if s.name != PLAYERS)
        named = {"title": game.title, "names": clip(", ".join(unknown), 120), "known": known}
        return CliError(msg("opt_unknown", "en", **named), de=msg("opt_unknown", "de", **named))
    value = options.get(spec.name, spec)
    if value is spec:
        return err
    flag = flag_name(spec)
    try:
        fits = spec.check(value)  # the value alone is right: refused with the others (a count)
    except (OptionError, ValueError, TypeError):
        fits = None
    if fits is not None:
        if spec.per_player and isinstance(fits, list):
            count = {"flag": flag, "n": len(fits), "players": options.get(PLAYERS, "?")}
            return CliError(msg("opt_per_player", "en", **count), de=msg("opt_per_player", "de", **count))
        return err
    if spec.kind == "multi":
        given = value.split(",") if isinstance(value, str) else value if isinstance(value, list) else [value]
        bad = [v for v in given if v not in spec.choices] or [value]
        shown_value = clip(", ".join(quoted(v) for v in bad), 120)
    else:
        shown_value = clip(quoted(value), 120)
    if has_menu(spec) and record:
        key = "opt_record_multi" if spec.kind == "multi" else "opt_record_choice"
        words = {}
        for lang in LANGS:
            left, right = QUOTES[lang]
            names = ", ".join(f"{left}{spec.choice_name(c, lang)}{right}" for c in spec.choices)
            title = f"{left}{spec.title.get(lang) or spec.title.get('en') or flag}{right}"
            words[lang] = msg(key, lang, option=title, choices=names, value=shown_value)
        return CliError(words["en"], de=words["de"])
    if has_menu(spec):
        key = "opt_bad_menu_multi" if spec.kind == "multi" else "opt_bad_menu"
        menu = {"flag": flag, "value": shown_value, "n": len(spec.choices)}
        words = {}
        for lang in LANGS:
            words[lang] = msg(key, lang, **menu, choices=", ".join(menu_items(spec, lang, short=True)))
        return CliError(words["en"], de=words["de"])
    ranged = spec.min is not None and spec.max is not None
    if spec.kind == "int":
        key = "opt_bad_range" if ranged else "opt_bad_int"
    elif spec.kind == "int_list" and ranged:
        key = "opt_bad_int_list_range"
    else:
        key = f"opt_bad_{spec.kind}"
    choices = ", ".join(str(c) for c in spec.choices)
    values: dict[str, object] = {
        "flag": flag,
        "value": shown_value,
        "low": spec.min,
        "high": spec.max,
        "choices": choices,
    }
    if msg(key, "de", **values) == key:  # no words for this kind: the core's own
        return err
    return CliError(msg(key, "en", **values), de=msg(key, "de", **values))


def seat_count(spec: str | None) -> int | None:
    return None if spec is None else len(spec.split(","))


def show(value: object) -> str:
    """An option value for people: text as it is, anything else as JSON."""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def option_words(game: Game, options: dict[str, Any], lang: str) -> str:
    """A game's options in words for a title line, in ``lang``: each option by its title and its
    value by the choices' names (``Startländer: feste Startaufstellung; Module: Am Kaiserhof,
    Heerführer``), never the option's key, a choice's key or a literal; the player count, empty
    values and options the game leaves at their defaults are left out."""
    specs = {spec.name: spec for spec in game.option_spec()}
    parts = []
    for key, value in options.items():
        spec = specs.get(key)
        if key == PLAYERS or value in ([], {}, None, "") or spec is None:
            continue
        if not callable(spec.default) and value == spec.default and spec.kind != "bool":
            continue
        title = spec.title.get(lang) or spec.title.get("en")
        if spec.kind == "bool":
            said = msg("opt_yes" if value else "opt_no", lang)
        elif spec.kind in ("choice", "multi"):
            said = ", ".join(
                spec.choice_name(v, lang) for v in (value if isinstance(value, list) else [value])
            )
        elif spec.kind == "int" and isinstance(value, int):
            said = number(value, lang)
        elif spec.kind == "int_list" and isinstance(value, list):
            said = ", ".join(number(v, lang) if isinstance(v, int) else str(v) for v in value)
        else:
            said = msg("opt_own", lang)
        # an option without a title for people: the flag that sets it, as typed
        parts.append(
            msg("opt_words", lang, title=title, value=said) if title else f"{flag_name(spec)} {said}"
        )
    return "; ".join(parts)


def quoted(value: object) -> str:
    """A refused value as the refusal quotes it: text in quotes (``'x'``), anything else as JSON."""
    return f"'{value}'" if isinstance(value, str) else show(value)


# -- files ----------------------------------------------------------------------------------------
def check_writable(path: Path, what: str) -> None:
    """Refuse at once a file that could not be written later (``core.commandline.output_problem``:
    missing folder, a folder, no rights)."""
    problem = output_problem(path, what)
    if problem is not None:
        raise CliError(problem, de=output_problem(path, what, "de"))


def write_text_safely(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder, so an interrupted
    write never leaves half a file behind."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def described(description: str, *examples: str) -> dict[str, Any]:
    """``add_parser`` keywords: a wrapped description and an epilog of examples kept as written."""
    epilog = said("examples") + "\n" + "\n".join(f"  {e}" for e in examples) if examples else None
    return {
        "description": textwrap.fill(description, 78),
        "epilog": epilog,
        "formatter_class": argparse.RawDescriptionHelpFormatter,
    }


__all__ = ["CliError", "OptionError"]


def position_names(game: Game, position: Mapping[str, Any] | None, lang: str) -> list[str] | None:
    """Each player of a game played on from ``position`` (a record's ``"position"``) as the
    position names them, in ``lang`` (a colour by its word: "blue" is "Blau"); None for a new game,
    whose seats are named by the game's colours."""
    from feldherr.core.position import player_names, player_words

    if position is None:
        return None
    return player_words(player_names(position), game.messages(), lang)
