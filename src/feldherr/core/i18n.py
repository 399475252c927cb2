"""Rendering log entries and terms in German and English from a game's message catalogue.

A catalogue maps ``key -> {"en": template, "de": template}``; templates use ``str.format`` fields.
String arguments that are themselves catalogue keys (terms such as action names) are translated
before formatting, so a log entry stores only language-neutral keys and names.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

LANGS = ("en", "de")

Catalogue = Mapping[str, Mapping[str, str]]


def term(catalogue: Catalogue, key: str, lang: str) -> str:
    entry = catalogue.get(key)
    if entry is None:
        return key
    return entry.get(lang) or entry.get("en") or key


def render(
    catalogue: Catalogue, key: str, args: Mapping[str, Any], lang: str, translate_args: bool = True
) -> str:
    """Format the template ``key``; with ``translate_args``, string arguments that are catalogue
    keys are translated first (pass False when the arguments are already in ``lang``)."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r} (known: {', '.join(LANGS)})")
    template = term(catalogue, key, lang)
    values = {
        name: (term(catalogue, v, lang) if translate_args and isinstance(v, str) and v in catalogue else v)
        for name, v in args.items()
    }
    try:
        return template.format(**values)
    except (KeyError, IndexError):
        return f"{template} {dict(args)}"


#: Messages of the rules the core itself enforces (seats, versions, reading moves).
CORE_ERRORS: dict[str, dict[str, str]] = {
    "core.seat": {
        "en": "seat {seat} is not a seat of this game (0 to {last})",
        "de": "Platz {seat} gibt es in diesem Spiel nicht (0 bis {last})",
    },
    "core.turn": {
        "en": "seat {seat} has no decision to make now",
        "de": "Platz {seat} ist gerade nicht am Zug",
    },
    "core.game-over": {"en": "the game is over", "de": "Das Spiel ist vorbei"},
    "core.move": {
        "en": "cannot read the move {move}",
        "de": "Der Zug {move} ist nicht lesbar",
    },
    "core.move.type": {
        "en": "a move holds only texts, whole numbers and lists of them, not {value}",
        "de": "Ein Zug besteht nur aus Texten, ganzen Zahlen und Listen davon, nicht aus {value}",
    },
    "core.stale": {
        "en": "the move was made against version {expected}, but the game is at version {version}",
        "de": "Der Zug bezieht sich auf Stand {expected}, das Spiel ist aber bei Stand {version}",
    },
    "core.position.unsupported": {
        "en": "{game} has no position format",
        "de": "Für {game} gibt es kein Stellungsformat",
    },
    "core.position.field": {
        "en": "the position's field {field} must be {expected}, not {value}",
        "de": "Das Feld {field} der Stellung muss {expected} sein, nicht {value}",
    },
    "core.position.unknown-field": {
        "en": "the position has a field {field} that this game does not know",
        "de": "Die Stellung hat ein Feld {field}, das dieses Spiel nicht kennt",
    },
    "core.position.name": {
        "en": "{value} in {field} is not a {kind} of this game",
        "de": "{value} in {field} ist kein {kind} dieses Spiels",
    },
    "core.position.game": {
        "en": "the position is one of {found}, not of {game}",
        "de": "Die Stellung gehört zu {found}, nicht zu {game}",
    },
    "core.position.inconsistent": {
        "en": "the position cannot be played on: {reason}",
        "de": "Von dieser Stellung aus kann nicht weitergespielt werden: {reason}",
    },
    "core.illegal": {
        "en": "{move} is not a legal move now",
        "de": "{move} ist jetzt kein erlaubter Zug",
    },
}


def error_text(err: Exception, catalogue: Catalogue, lang: str = "en") -> str:
    """A :class:`~feldherr.core.errors.RuleError` in words: the template of its rule id from
    ``catalogue`` (or the core's), filled with its details; the English message as written where
    the error was raised when no template fits."""
    rule = getattr(err, "rule", "")
    details = getattr(err, "details", {})
    message = getattr(err, "message", str(err))
    for source in (catalogue, CORE_ERRORS):
        entry = source.get(rule)
        if entry is None:
            continue
        template = entry.get(lang) or entry.get("en")
        if template is None:
            break
        try:
            return template.format(**details)
        except (KeyError, IndexError, ValueError):
            break
    return message
