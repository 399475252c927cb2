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
