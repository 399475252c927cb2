"""Declared game options: one spec per option, from which normalising, the command-line flags and
the server's lobby form are all derived. No layer above the games names a game's options.

An :class:`OptionSpec` says what values an option takes (its ``kind``, ``choices``, range), its
default, and what it means in English and German. :func:`normalize` checks a raw options mapping
against a game's specs by exact type (``2.0`` is not ``2``, ``True`` is not ``1``) and fills the
defaults; a game may add cross-checks on top (an ``ages`` list needs one entry per player).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from feldherr.core.errors import OptionError, clip, shown
from feldherr.core.i18n import readable

OptionKind = Literal["int", "bool", "choice", "multi", "int_list", "mapping"]
PLAYERS = "players"


@dataclass(frozen=True)
class Needs:
    """A choice that goes only with some values of another option (El Grande's Alte Hasen cards
    only with the 2023 deck): :func:`normalize` refuses the choice otherwise, in ``words``, and the
    lobby does not offer it meanwhile, with ``words`` beside it."""

    option: str
    """The other option's name."""
    values: tuple[Any, ...]
    """The values of that option the choice goes with."""
    words: Mapping[str, str]
    """Why the choice is not offered, ``{"en": ..., "de": ...}``: the refusal and the lobby's note."""
    message: str = ""
    """The English message for programs (the refusal's ``str``); empty: ``words["en"]``."""

    def to_json(self) -> dict[str, Any]:
        return {"option": self.option, "values": list(self.values), "words": dict(self.words)}


@dataclass(frozen=True)
class OptionSpec:
    """One option of a game.

    ``kind``: ``int`` (``min``..``max``), ``bool``, ``choice`` (one of ``choices``), ``multi`` (a
    set of ``choices``, stored sorted; a comma list is read too), ``int_list`` (integers in
    ``min``..``max``, one per player when ``per_player``), ``mapping`` (a JSON object the game
    checks itself). ``omit_default``: the normalised options leave the option out while it has
    its default (so records written before the option existed stay the same).
    """

    name: str
    kind: OptionKind
    default: Any
    help_en: str
    help_de: str
    choices: tuple[Any, ...] = ()
    min: int | None = None
    max: int | None = None
    per_player: bool = False
    omit_default: bool = False
    labels: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """Per choice: ``{"en": ..., "de": ...}`` names for forms and help."""
    title: Mapping[str, str] = field(default_factory=dict)
    """The option's own name for people, ``{"en": ..., "de": ...}`` (a form's label); empty: the
    help text stands for it."""
    short: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """Per choice: a short name for a line of text (a table's title), where the label also
    explains the choice; empty: the label is short already."""
    about: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """Per choice: what it means, ``{"en": ..., "de": ...}``, where its label only names it (a menu
    shows the label, short enough for a phone; the words under it and a command line's help add
    this); empty: the label says it all."""
    needs: Mapping[str, tuple[Needs, ...]] = field(default_factory=dict)
    """Per choice: the values of other options it goes with only (:class:`Needs`)."""

    def choice_name(self, choice: Any, lang: str) -> str:
        """A choice as a line of text names it in ``lang``: its short name, else its label, else
        the choice as typed."""
        key = str(choice)
        words = self.short.get(key) or self.labels.get(key) or {}
        return words.get(lang) or words.get("en") or key

    def help(self, lang: str = "en") -> str:
        return self.help_de if lang == "de" else self.help_en

    def to_json(self) -> dict[str, Any]:
        """The spec as JSON (for the lobby form and the docs)."""
        return {
            "name": self.name,
            "kind": self.kind,
            "default": None if callable(self.default) else self.default,
            "help": {"en": self.help_en, "de": self.help_de},
            "choices": list(self.choices),
            "min": self.min,
            "max": self.max,
            "per_player": self.per_player,
            "labels": {k: dict(v) for k, v in self.labels.items()},
            "about": {k: dict(v) for k, v in self.about.items()},
            "label": dict(self.title) or None,
            "needs": {k: [n.to_json() for n in v] for k, v in self.needs.items()},
        }

    # -- checking one value -----------------------------------------------------------------
    def check(self, value: Any, players: int | None = None) -> Any:
        """The normalised value, or OptionError naming the option."""
        kind = self.kind
        if kind == "int":
            return self._int(value)
        if kind == "bool":
            if type(value) is not bool:
                raise self._error(value, "true or false")
            return value
        if kind == "choice":
            if not isinstance(value, str | int) or isinstance(value, bool) or value not in self.choices:
                raise self._error(value, "one of " + ", ".join(map(str, self.choices)))
            return value
        if kind == "multi":
            items = [v for v in value.split(",") if v] if isinstance(value, str) else value
            if not isinstance(items, list | tuple) or any(
                not isinstance(v, str) or v not in self.choices for v in items
            ):
                wanted = "a list of " + ", ".join(map(str, self.choices))
                if isinstance(items, list | tuple) and all(isinstance(v, str) for v in items):
                    # the items that are not choices, as the person wrote them ("not ['nope']" before)
                    bad = ", ".join(shown(v) for v in items if v not in self.choices)
                    raise OptionError(f"option {self.name} must be {wanted}, not {bad}", self.name)
                raise self._error(value, wanted)
            return sorted(set(items))
        if kind == "int_list":
            items = [v.strip() for v in value.split(",") if v.strip()] if isinstance(value, str) else value
            if not isinstance(items, list | tuple):
                raise self._error(value, "a list of whole numbers")
            out = [self._int(int(v) if isinstance(v, str) and _is_int_text(v) else v) for v in items]
            if self.per_player and players is not None and len(out) != players:
                raise OptionError(
                    f"{self.name} needs one entry per player ({players}), got {len(out)}", self.name
                )
            return out
        if kind == "mapping":
            if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
                raise self._error(value, "a JSON object")
            return dict(value)
        raise OptionError(f"{self.name}: unknown option kind {kind!r}", self.name)  # pragma: no cover

    def _int(self, value: Any) -> int:
        if type(value) is not int:
            raise self._error(value, self._range_text())
        if (self.min is not None and value < self.min) or (self.max is not None and value > self.max):
            raise self._error(value, self._range_text())
        return value

    def _range_text(self) -> str:
        if self.min is not None and self.max is not None:
            return f"a whole number from {self.min} to {self.max}"
        if self.min is not None:
            return f"a whole number of at least {self.min}"
        return "a whole number"

    def _error(self, value: Any, wanted: str) -> OptionError:
        return OptionError(f"option {self.name} must be {wanted}, not {shown(value)}", self.name)


def _is_int_text(text: str) -> bool:
    return text.lstrip("-").isdigit()


def players_spec(low: int, high: int, default: int) -> OptionSpec:
    """The ``players`` option every game has."""
    return OptionSpec(
        PLAYERS,
        "int",
        default,
        f"number of players ({low}-{high})",
        f"Anzahl der Spieler ({low}-{high})",
        min=low,
        max=high,
        title={"en": "Players", "de": "Spieler"},
    )


def titled(specs: Sequence[OptionSpec], titles: Mapping[str, Mapping[str, str]]) -> tuple[OptionSpec, ...]:
    """``specs`` with the option titles of ``titles`` (by option name) filled in."""
    return tuple(replace(spec, title=titles[spec.name]) if spec.name in titles else spec for spec in specs)


def normalize(specs: Sequence[OptionSpec], options: Mapping[str, Any], game: str) -> dict[str, Any]:
    """Check ``options`` against ``specs`` and fill defaults; OptionError on anything unknown or bad.

    The error's ``str`` is the English message for programs (the option by its key, the value as a
    literal); its :attr:`~feldherr.core.errors.OptionError.text` the catalogue's words in each
    language (:func:`refusal_words`; ``generic`` set), for a record's refusal, a form, a log."""
    try:
        return _normalize(specs, options, game)
    except OptionError as err:
        if not err.text and not err.typed:
            err.text = refusal_words(specs, err, options if isinstance(options, Mapping) else None)
            err.generic = True
        raise


def _normalize(specs: Sequence[OptionSpec], options: Mapping[str, Any], game: str) -> dict[str, Any]:
    if not isinstance(options, Mapping):
        raise OptionError(f"options must be a JSON object, not {shown(options)}")
    by_name = {spec.name: spec for spec in specs}
    unknown = sorted(str(k) for k in options if k not in by_name)
    if unknown:
        raise OptionError(
            f"unknown option(s) for {game}: {clip(', '.join(unknown))} (known: {', '.join(by_name)})",
            unknown[0],
        )
    players: int | None = None
    if PLAYERS in by_name:
        players = by_name[PLAYERS].check(options.get(PLAYERS, by_name[PLAYERS].default))
    out: dict[str, Any] = {}
    for spec in specs:
        if spec.name not in options or options[spec.name] is None:
            if not spec.omit_default:
                out[spec.name] = _default(spec, players)
            continue
        value = spec.check(options[spec.name], players)
        if spec.omit_default and value == spec.default:
            continue
        out[spec.name] = value
    check_needs(specs, out)
    return out


def check_needs(specs: Sequence[OptionSpec], options: Mapping[str, Any]) -> None:
    """OptionError in the words of the first :class:`Needs` that ``options`` (normalised; an option
    left out has its default) break: a choice made together with a value of another option it does
    not go with."""
    by_name = {spec.name: spec for spec in specs}
    for spec in specs:
        if not spec.needs:
            continue
        value = options.get(spec.name, spec.default)
        chosen = value if isinstance(value, list | tuple) else [value]
        for choice in chosen:
            for need in spec.needs.get(str(choice), ()):
                other = by_name.get(need.option)
                got = options.get(need.option, other.default if other is not None else None)
                if got not in need.values:
                    raise OptionError(need.message or need.words["en"], spec.name, dict(need.words))


def _default(spec: OptionSpec, players: int | None) -> Any:
    default = spec.default
    if callable(default):
        return default(players)
    return json.loads(json.dumps(default))  # a fresh copy of lists and dicts


def parse_cli_value(spec: OptionSpec, text: str) -> Any:
    """A command-line text as the option's value: JSON where it parses and fits, else the text."""
    if spec.kind in ("multi", "int_list") and not text.lstrip().startswith("["):
        return text
    if spec.kind == "choice" and text in spec.choices:
        return text
    try:
        return json.loads(text)
    except (ValueError, RecursionError):  # not JSON, or nested too deep: the text itself
        return text


# -- a refused option in words ---------------------------------------------------------------------

#: The words of a refusal of options (the server's lobby, a position's options), each language: the
#: option by its title, a choice by its label, never the option's key or a Python literal.
OPTION_WORDS: dict[str, dict[str, str]] = {
    "option.value": {
        "en": "the option “{option}” has a value this game does not allow",
        "de": "Die Option „{option}“ hat einen Wert, den dieses Spiel nicht zulässt",
    },
    "option.range": {
        "en": "the option “{option}” must be a whole number from {low} to {high}",
        "de": "Die Option „{option}“ muss eine ganze Zahl von {low} bis {high} sein",
    },
    "option.bool": {
        "en": "the option “{option}” is either on or off",
        "de": "Die Option „{option}“ ist entweder an oder aus",
    },
    "option.choice": {
        "en": "the option “{option}” must be one of {choices}",
        "de": "Die Option „{option}“ muss eine von {choices} sein",
    },
    "option.choices": {
        "en": "the option “{option}” takes only {choices}",
        "de": "Die Option „{option}“ kennt nur {choices}",
    },
    "option.per-player": {
        "en": "the option “{option}” needs one entry per player ({players})",
        "de": "Die Option „{option}“ braucht einen Eintrag je Person ({players})",
    },
    "option.unknown": {
        "en": "this game has no option “{option}”",
        "de": "Dieses Spiel hat keine Option „{option}“",
    },
    "option.unfit": {
        "en": "they do not fit this game",
        "de": "Sie passen nicht zu diesem Spiel",
    },
}
LANGS = ("en", "de")
MAX_CHOICES_SHOWN = 240
"""The longest list of a choice option's labels a refusal names (a longer one: "has a value this
game does not allow")."""
_QUOTES = {"en": ("“", "”"), "de": ("„", "“")}


def _words(key: str, **args: Any) -> dict[str, str]:
    entry = OPTION_WORDS[key]
    return {lang: entry[lang].format(**args) for lang in LANGS}


def refusal_words(
    specs: Sequence[OptionSpec], exc: Exception, options: Mapping[str, Any] | None = None
) -> dict[str, str]:
    """Why the options were refused, in each language: the game's own words where the error brings
    them (:attr:`OptionError.text`), else the option by its title and, where the value itself is
    wrong (``options``: the options asked for), what the option takes (a whole number from 2 to 4;
    one of its choices by their labels). Never the English message of :meth:`OptionSpec.check`: it
    shows the value as a Python literal (``not 'x'``) and the option by its key (``tower_params``),
    which is what a command line wants, not a person reading a form or a position."""
    said = exc.text if isinstance(exc, OptionError) else {}
    option = exc.option if isinstance(exc, OptionError) else ""
    spec = next((spec for spec in specs if spec.name == option), None) if option else None
    if spec is not None:
        value = options.get(option, spec) if isinstance(options, Mapping) else spec
        players = options.get(PLAYERS) if isinstance(options, Mapping) else None
        out = {
            lang: _value_words(spec, spec.title.get(lang) or option, lang, value, players) for lang in LANGS
        }
    elif option:
        out = _words("option.unknown", option=readable(option))  # as sent: no line break, no direction mark
    else:
        out = _words("option.unfit")
    out.update({lang: text for lang, text in said.items() if lang in LANGS and text})
    return out


def _value_words(spec: OptionSpec, title: str, lang: str, value: Any, players: Any = None) -> str:
    """Why ``value`` does not fit the option ``spec``, in ``lang``: what the option takes where the
    value itself is wrong for it (``spec`` as the value: not given), one entry per player where a
    per-player list has another length than ``players``, else that this game does not allow it (a
    value the option takes, refused together with the others)."""
    wrong = value is not spec
    if wrong:
        try:
            fits = spec.check(value)
            wrong = False
        except (OptionError, ValueError, TypeError):
            fits = None
        if spec.per_player and type(players) is int and isinstance(fits, list) and len(fits) != players:
            return _words("option.per-player", option=title, players=players)[lang]
    if wrong and spec.kind == "int" and spec.min is not None and spec.max is not None:
        return _words("option.range", option=title, low=spec.min, high=spec.max)[lang]
    if wrong and spec.kind == "bool":
        return _words("option.bool", option=title)[lang]
    if wrong and spec.kind in ("choice", "multi"):
        shown = {lang: _labels(spec, lang) for lang in LANGS}  # the same list in every language
        if all(0 < len(text) <= MAX_CHOICES_SHOWN for text in shown.values()):
            key = "option.choice" if spec.kind == "choice" else "option.choices"
            return _words(key, option=title, choices=shown[lang])[lang]
    return _words("option.value", option=title)[lang]


def _labels(spec: OptionSpec, lang: str) -> str:
    """The choices of ``spec`` by their labels in ``lang``, quoted (``""`` where one has none)."""
    labels = [spec.labels.get(str(c), {}).get(lang) for c in spec.choices]
    if not all(labels):
        return ""
    left, right = _QUOTES[lang]
    return ", ".join(f"{left}{x}{right}" for x in labels)
