"""Rendering log entries and terms in German and English from a game's message catalogue.

A catalogue maps ``key -> {"en": template, "de": template}``; templates use ``str.format`` fields.
String arguments that are themselves catalogue keys (terms such as action names) are translated
before formatting, so a log entry stores only language-neutral keys and names.

**Counts and plurals** come from Babel (CLDR plural rules and number formats), never from hand-made
``if n == 1``: a field whose format spec starts with ``@`` names a *plural term*, and renders the
number with that term's plural form in the language::

    "unit.army#one":   {"en": "{n} army",   "de": "{n} Armee"}
    "unit.army#other": {"en": "{n} armies", "de": "{n} Armeen"}
    "log.raise":       {"en": "{seat} raises {armies:@unit.army}", ...}

renders ``{"seat": "Anna", "armies": 1}`` as "Anna raises 1 army". A plural term has one catalogue
key per CLDR category of each language (``KEY#one``, ``KEY#other``; :func:`plural_categories`),
and ``{n}`` in it is the number formatted for the language (``1.000`` in German). A plain number
field may use ``{n:#}`` for the language's number format without a noun.

**Players** are named by the caller: the methods that make texts (``Game.render_log``,
``Game.describe_move``, ``Game.error_text``) take ``names``, the display name of each seat (the
table's player names); without it a game names seats by their colour. :func:`seat_label` is the
one place that picks between the two.
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from babel import Locale
from babel.numbers import format_decimal, format_percent

LANGS = ("en", "de")

Catalogue = Mapping[str, Mapping[str, str]]


@cache
def _locale(lang: str) -> Locale:
    return Locale.parse(lang)


def plural_form(n: int | float, lang: str) -> str:
    """The CLDR plural category of ``n`` in ``lang`` ("one", "other", ...), from Babel."""
    return str(_locale(lang).plural_form(abs(n)))


def plural_categories(lang: str) -> frozenset[str]:
    """The CLDR plural categories ``lang`` distinguishes (for checking catalogues)."""
    return frozenset(_locale(lang).plural_form.tags | {"other"})


def number(n: int | float, lang: str) -> str:
    """``n`` in the language's number format (Babel): ``1,000`` / ``1.000``, ``0.5`` / ``0,5``."""
    return str(format_decimal(n, locale=_locale(lang)))


def fixed(n: float, digits: int, lang: str) -> str:
    """``n`` with exactly ``digits`` decimals in the language's number format (German ``90,01``);
    infinity as ``∞``."""
    if n == float("inf"):
        return "∞"
    return str(format_decimal(n, format="0." + "0" * digits if digits else "0", locale=_locale(lang)))


def percent(share: float, digits: int, lang: str) -> str:
    """``share`` (a fraction: 0.435) as a percentage with exactly ``digits`` decimals in the
    language's format (Babel's percent pattern of the locale): English ``43.5%``, German ``43,5 %``
    (a no-break space before the sign, which keeps the number and its sign on one line)."""
    pattern = str(_locale(lang).percent_formats[None].pattern)  # "#,##0%", "#,##0\xa0%"
    if digits:
        pattern = pattern.replace("0", "0." + "0" * digits, 1)
    return str(format_percent(share, format=pattern, locale=_locale(lang)))


def percent_range(low: float, high: float, digits: int, lang: str) -> str:
    """From ``low`` to ``high`` (fractions) in percent (:func:`percent`), with an en dash:
    ``61.0%–100.0%``, ``61,0 %–100,0 %``."""
    return f"{percent(low, digits, lang)}–{percent(high, digits, lang)}"


def plural(catalogue: Catalogue, key: str, n: int | float, lang: str) -> str:
    """The plural term ``key`` for the count ``n`` in ``lang`` ("1 army", "3 Armeen")."""
    entry = catalogue.get(f"{key}#{plural_form(n, lang)}") or catalogue.get(f"{key}#other")
    if entry is None:
        return number(n, lang)
    template = entry.get(lang) or entry.get("en") or "{n}"
    return template.format(n=number(n, lang))


class _Formatter(string.Formatter):
    """``str.format`` with ``{field:@term}`` (a counted noun) and ``{field:#}`` (a number)."""

    def __init__(self, catalogue: Catalogue, lang: str) -> None:
        super().__init__()
        self.catalogue = catalogue
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec.startswith("@") and isinstance(value, int | float) and not isinstance(value, bool):
            return plural(self.catalogue, format_spec[1:], value, self.lang)
        if format_spec == "#" and isinstance(value, int | float) and not isinstance(value, bool):
            return number(value, self.lang)
        return str(super().format_field(value, format_spec))


def format_text(catalogue: Catalogue, template: str, values: Mapping[str, Any], lang: str) -> str:
    """Fill ``template`` with ``values`` (``@term`` and ``#`` fields as described above)."""
    return _Formatter(catalogue, lang).vformat(
        template, (), values if isinstance(values, dict) else dict(values)
    )


def seat_label(seat: int, names: Sequence[str] | None, colour_names: Sequence[str]) -> str:
    """How a text names ``seat``: its player's name from ``names`` when given, else the seat's
    colour name (``colour_names``, already in the reader's language)."""
    if names is not None and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return colour_names[seat % len(colour_names)]


PLAYER_WORD = {"en": "Player {n}", "de": "Spieler {n}"}


def player_word(seat: int, lang: str) -> str:
    """A seat of a game without colours, as a person counts: "Player 1" for seat 0 (the name a
    position gives a player it does not name)."""
    return PLAYER_WORD.get(lang, PLAYER_WORD["en"]).format(n=seat + 1)


def capital(text: str) -> str:
    """A button's words start with a capital, as a sentence does (a move's phrase also stands inside
    the log's sentences, there in lower case: "die Gunstkarte „+2 Taler“ ...", "play the 1 ...")."""
    return text[:1].upper() + text[1:]


def capital_steps(steps: list[str | list[str]] | None) -> list[str | list[str]] | None:
    """A move's parts (``Game.move_steps``) as buttons say them: each with a capital."""
    if steps is None:
        return None
    return [capital(p) if isinstance(p, str) else [capital(x) for x in p] for p in steps]


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
        return format_text(catalogue, template, values, lang)
    except (KeyError, IndexError, ValueError):  # a defect in a game's log: show what is there
        return format_text(catalogue, template, _Missing(values), lang)


class _Missing(dict[str, Any]):
    """Values for a template some of whose fields were not given: those read as "…" (never a
    Python literal on a player's screen)."""

    def __missing__(self, key: str) -> str:
        return "…"


#: Messages of the rules the core itself enforces (seats, versions, reading moves), as a player
#: reads them: seats by their player's name (``{seat}`` is replaced by :func:`error_text`), no
#: versions, indices or move literals (those stay in the error's English ``message`` for programs).
CORE_ERRORS: dict[str, dict[str, str]] = {
    "core.seat": {
        "en": "there is no such player in this game",
        "de": "Diesen Mitspieler gibt es in diesem Spiel nicht",
    },
    "core.turn": {
        "en": "it is not {seat}'s turn",
        "de": "{seat} ist gerade nicht am Zug",
    },
    "core.game-over": {"en": "the game is over", "de": "Das Spiel ist vorbei"},
    "core.move": {
        "en": "this move cannot be read",
        "de": "Dieser Zug ist nicht lesbar",
    },
    "core.move.type": {
        "en": "a move holds only texts, whole numbers and lists of them",
        "de": "Ein Zug besteht nur aus Texten, ganzen Zahlen und Listen davon",
    },
    "core.staged": {
        "en": "this game takes this decision in one step",
        "de": "Diese Entscheidung fällt in diesem Spiel in einem Schritt",
    },
    "core.stale": {
        "en": "the game has moved on since this choice was shown; please choose again",
        "de": "Das Spiel ist inzwischen weitergegangen; bitte neu wählen",
    },
    "core.undo.none": {
        "en": "there is no move of yours to take back",
        "de": "Es gibt keinen Zug von dir, der zurückgenommen werden kann",
    },
    "core.undo.moved": {
        "en": "another player has moved since; your move stands",
        "de": "Inzwischen hat ein anderer Mitspieler gezogen; dein Zug bleibt",
    },
    "core.undo.over": {
        "en": "the game is over; no move can be taken back",
        "de": "Das Spiel ist vorbei; kein Zug kann zurückgenommen werden",
    },
    "core.undo.chance": {
        "en": "this move brought chance into play (dice, cards, the tower); it cannot be taken back",
        "de": "Dieser Zug hat den Zufall befragt (Würfel, Karten, Turm); er kann nicht zurückgenommen werden",
    },
    "core.undo.hidden": {
        "en": "this move showed something that was hidden; it cannot be taken back",
        "de": "Dieser Zug hat etwas Verdecktes gezeigt; er kann nicht zurückgenommen werden",
    },
    "core.undo.rule": {
        "en": "this kind of move cannot be taken back in this game",
        "de": "Diese Art Zug kann in diesem Spiel nicht zurückgenommen werden",
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
    "core.position.field-missing": {
        "en": "the position has no field {field}; it needs one",
        "de": "Der Stellung fehlt das Feld {field}",
    },
    "core.position.field-repeat": {
        "en": "the position's field {field} names {value} twice; each may appear once",
        "de": "Das Feld {field} der Stellung nennt {value} zweimal; jedes darf nur einmal vorkommen",
    },
    "core.position.name": {
        "en": "{value} in {field} names no {kind} of this game",
        "de": "{value} in {field}: {kind} dieses Namens gibt es in diesem Spiel nicht",
    },
    "core.position.game": {
        "en": "the position's game is {found}, not {game}",
        "de": "Das Spiel der Stellung ist {found}, nicht {game}",
    },
    "core.position.options": {
        "en": "the position's options do not fit the game: {reason_en}",
        "de": "Die Optionen der Stellung passen nicht zum Spiel: {reason_de}",
    },
    "core.position.inconsistent": {
        "en": "the position cannot be played on: {reason}",
        "de": "Von dieser Stellung aus kann nicht weitergespielt werden: {reason}",
    },
    "core.position.no-move": {
        "en": "the position cannot be played on: {player} owes a decision but has no legal move",
        "de": "Von dieser Stellung aus kann nicht weitergespielt werden: {player} muss entscheiden, hat "
        "aber keinen erlaubten Zug",
    },
    "core.illegal": {
        "en": "this move is not allowed now",
        "de": "Dieser Zug ist jetzt nicht erlaubt",
    },
}

#: The words a position's refusal is made of (``core.position.*``): what a field must be, the
#: kind of a name, why the rules cannot go on. The raising code writes them in English (its
#: ``message`` for programs); :func:`error_text` puts them in the reader's language. German kinds
#: open a sentence ("Eine Region dieses Namens gibt es … nicht").
POSITION_WORDS: dict[str, dict[str, str]] = {
    "an object": {"en": "an object with fields", "de": "ein Objekt mit Feldern"},
    "true or false": {"en": "true or false", "de": "wahr oder falsch"},
    "a text": {"en": "a text", "de": "ein Text"},
    "a list": {"en": "a list", "de": "eine Liste"},
    "a whole number": {"en": "a whole number", "de": "eine ganze Zahl"},
    "a list of names": {"en": "a list of names", "de": "eine Liste von Namen"},
    "a number, a text or a list": {
        "en": "a number, a text or a list",
        "de": "eine Zahl, ein Text oder eine Liste",
    },
    "a list without repeats": {"en": "a list without repeats", "de": "eine Liste ohne Wiederholungen"},
    "a card or a modifier": {"en": "a card or a modifier", "de": "eine Karte oder eine Machtverschiebung"},
    "[kind, index, option]": {
        "en": "a card or a modifier (or the engine's three numbers)",
        "de": "eine Karte oder eine Machtverschiebung (oder die drei Zahlen der Engine)",
    },
    "[seat, extra peasants, county, ...]": {
        "en": "an object with the player, the extra peasants and the counties (or the engine's numbers)",
        "de": "ein Objekt mit dem Spieler, den zusätzlichen Bauern und den Ländern (oder die Zahlen der "
        "Engine)",
    },
    "a seat and counties of the game": {
        "en": "a player and counties of the game",
        "de": "ein Spieler und Länder des Spiels",
    },
    "a player, or a player with a county and an action": {
        "en": "a player, or a player with a county and an action",
        "de": "ein Spieler, oder ein Spieler mit einem Land und einer Aktion",
    },
    "options of the game": {"en": "options of the game", "de": "Optionen des Spiels"},
    "a list of rows of cubes per colour": {
        "en": "a list of rows of cubes per colour",
        "de": "eine Liste von Zeilen mit Würfeln je Farbe",
    },
    "action": {"en": "action", "de": "Eine Aktion"},
    "action card": {"en": "action card", "de": "Eine Aktionskarte"},
    "area": {"en": "region", "de": "Eine Region"},
    "region": {"en": "region", "de": "Eine Region"},
    "bonus tile": {"en": "bonus tile", "de": "Ein Bonusplättchen"},
    "building": {"en": "building", "de": "Ein Gebäude"},
    "character": {"en": "character", "de": "Einen Charakter"},
    "county": {"en": "county", "de": "Ein Land"},
    "disc step": {"en": "step of the secret discs", "de": "Einen Schritt der geheimen Scheiben"},
    "event card": {"en": "event card", "de": "Eine Ereigniskarte"},
    "favor card": {"en": "favor card", "de": "Eine Gunstkarte"},
    "phase": {"en": "phase", "de": "Eine Phase"},
    "player": {"en": "player", "de": "Einen Spieler"},
    "season": {"en": "season", "de": "Eine Jahreszeit"},
    "stage": {"en": "stage", "de": "Eine Stufe"},
    "module step": {"en": "module step", "de": "Einen Schritt eines Moduls"},
    "every commitment is in": {
        "en": "every commitment of this province is in already",
        "de": "alle Einsätze für diese Provinz liegen schon",
    },
    "null": {"en": "empty", "de": "leer"},
    "a player owes a decision but has no legal move": {
        "en": "a player owes a decision but has no legal move",
        "de": "ein Spieler muss entscheiden, hat aber keinen erlaubten Zug",
    },
    "nobody owes a decision, yet the game is not over": {
        "en": "nobody owes a decision, yet the game is not over",
        "de": "niemand ist am Zug, und doch ist das Spiel nicht vorbei",
    },
}

#: The same for words with numbers in them: (pattern of the English, its words per language).
_POSITION_PATTERNS: tuple[tuple[re.Pattern[str], dict[str, str]], ...] = (
    (
        re.compile(r"a whole number (-?\d+) to (-?\d+)"),
        {"en": "a whole number from {0} to {1}", "de": "eine ganze Zahl von {0} bis {1}"},
    ),
    (
        re.compile(r"a whole number at least (-?\d+)"),
        {"en": "a whole number of at least {0}", "de": "eine ganze Zahl ab {0}"},
    ),
    (
        re.compile(r"a list of numbers (-?\d+) to (-?\d+)"),
        {"en": "a list of numbers from {0} to {1}", "de": "eine Liste von Zahlen von {0} bis {1}"},
    ),
    (
        re.compile(r"a list of (\d+) numbers"),
        {"en": "a list of {0} numbers", "de": "eine Liste von {0} Zahlen"},
    ),
    (
        re.compile(r"a list of at least (\d+) names"),
        {"en": "a list of at least {0} names", "de": "eine Liste von mindestens {0} Namen"},
    ),
    (
        re.compile(r"a list of (\d+) entries"),
        {"en": "a list of {0} entries", "de": "eine Liste mit {0} Einträgen"},
    ),
    (
        re.compile(r"a list of (\d+) stacks"),
        {"en": "a list of {0} stacks", "de": "eine Liste von {0} Stapeln"},
    ),
    (
        re.compile(r"a list of (\d+) boxes"),
        {"en": "a list of {0} boxes", "de": "eine Liste von {0} Feldern"},
    ),
    (
        re.compile(r"(.+) owes a decision but has no legal move"),
        {
            "en": "{0} owes a decision but has no legal move",
            "de": "{0} muss entscheiden, hat aber keinen erlaubten Zug",
        },
    ),
    # an engine's own exception while setting the table up: its name is for programs, not people
    (
        re.compile(r"(?:the phase \S+ cannot go on: )?[A-Z][A-Za-z]*(?:Error|Exception): .*", re.S),
        {
            "en": "the rules cannot go on from this table",
            "de": "die Regeln kommen von diesem Tisch aus nicht weiter",
        },
    ),
)


#: The words of the position fields every game has (``pos.field.<key>``; a game's catalogue adds
#: its own fields, ``core.position.field_terms``), for a refusal that names where in the position
#: it found something wrong: ``players.Anna.luck`` reads “players › Anna › luck” /
#: „Spieler › Anna › Kriegsglück“.
FIELD_TERMS: dict[str, dict[str, str]] = {
    "pos.field.game": {"en": "game", "de": "Spiel"},
    "pos.field.format": {"en": "format", "de": "Format"},
    "pos.field.options": {"en": "options", "de": "Optionen"},
    "pos.field.decisions": {"en": "decisions", "de": "Entscheidungen"},
    "pos.field.players": {"en": "players", "de": "Spieler"},
    "pos.field.name": {"en": "name", "de": "Name"},
    "pos.field.flow": {"en": "turn in progress", "de": "laufender Zug"},
    "pos.field.hidden": {"en": "hidden parts", "de": "verdeckte Teile"},
    "pos.field.generator": {"en": "random generator", "de": "Zufallsgenerator"},
    "pos.field.phase": {"en": "phase", "de": "Phase"},
    "pos.field.turn_order": {"en": "turn order", "de": "Zugreihenfolge"},
    "pos.field.turn_index": {"en": "place in the turn order", "de": "Platz in der Zugreihenfolge"},
    "pos.field.entry": {"en": "no. {n}", "de": "Nr. {n}"},
    "pos.field.whole": {"en": "the position", "de": "die Stellung"},
}

#: A field's path as the readers build it: keys joined by "." (a dot followed by a space belongs to
#: a name, "Sächs. Lande"), list entries as "[i]".
_PATH_PART = re.compile(r"\.(?! )")
_ENTRY = re.compile(r"\[(\d+)\]")
_QUOTES = {"en": ("“", "”"), "de": ("„", "“")}
_A_PATH = re.compile(r"[a-z][a-z_]*(?:[.\[]|$)")


_DIRECTION_MARKS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_UNSHOWN = ("Cc", "Co", "Cn", "Cs", "Zl", "Zp")


def readable(text: str) -> str:
    """``text`` echoed from someone's input into one line a person reads: every character that
    would break the line or turn it around (control characters, line and paragraph separators,
    text-direction marks) or that shows nothing (private use, unassigned, a lone surrogate) is
    replaced by U+FFFD, the mark of a character that cannot be shown."""
    if text.isascii() and text.isprintable():
        return text
    return "".join(
        "\ufffd" if ch in _DIRECTION_MARKS or unicodedata.category(ch) in _UNSHOWN else ch for ch in text
    )


def position_field(path: str, catalogue: Mapping[str, Mapping[str, str]], lang: str) -> str:
    """Where in a position a refusal found something, in the reader's words and quotes: each key
    by its term (the game's ``pos.field.<key>`` or :data:`FIELD_TERMS`), a thing the game's
    catalogue names by its term (Wallenstein's colours), each list entry by its number from 1,
    names (players, counties, regions) and keys no catalogue knows as written."""
    words: list[str] = []
    for part in _PATH_PART.split(path):
        head = part.partition("[")[0]
        if head:  # a field's key, a thing the game names (a colour: "red" is Red / Rot), or a name
            key = f"pos.field.{head}"
            entry = catalogue.get(key) or FIELD_TERMS.get(key) or catalogue.get(head)
            words.append((entry.get(lang) or entry.get("en") or head) if entry else readable(head))
        for index in _ENTRY.findall(part):  # (the head before the first "[" holds none)
            words.append(term(FIELD_TERMS, "pos.field.entry", lang).format(n=int(index) + 1))
    if not words or path in ("the position", ""):
        return term(FIELD_TERMS, "pos.field.whole", lang)
    left, right = _QUOTES.get(lang, _QUOTES["en"])
    return f"{left}{' › '.join(words)}{right}"


#: A value echoed from a position (its JSON text) as the reader reads it: texts and numbers as
#: written, the rest by what it is.
_VALUE_WORDS: dict[str, dict[str, str]] = {
    "true": {"en": "true", "de": "wahr"},
    "false": {"en": "false", "de": "falsch"},
    "null": {"en": "empty", "de": "leer"},
    "[]": {"en": "an empty list", "de": "eine leere Liste"},
    "[": {"en": "a list", "de": "eine Liste"},
    "{}": {"en": "an empty object", "de": "ein leeres Objekt"},
    "{": {"en": "an object with fields", "de": "ein Objekt mit Feldern"},
}


def position_value(text: str, lang: str) -> str:
    """A position's value, echoed as JSON text (``shown_json``), in the reader's words: a text in
    the language's quotes, a number as written, ``true``/``false``/``null``, lists and objects
    named by what they are (never JSON brackets on a person's screen)."""
    entry = _VALUE_WORDS.get(text) or (_VALUE_WORDS.get(text[:1]) if text[:1] in "[{" else None)
    if entry is not None:
        return entry.get(lang) or entry["en"]
    if len(text) >= 2 and text[0] == '"' and text[-1] == '"':
        left, right = _QUOTES.get(lang, _QUOTES["en"])
        return f"{left}{readable(text[1:-1])}{right}"
    return readable(text)


def position_word(text: str, lang: str) -> str:
    """One of a position refusal's words (:data:`POSITION_WORDS`) in ``lang``; a text the file
    must hold (JSON text: ``"red"``) in the language's quotes; other text as it is."""
    if len(text) >= 2 and text[0] == '"' and text[-1] == '"':
        return position_value(text, lang)
    entry = POSITION_WORDS.get(text)
    if entry is not None:
        return entry.get(lang) or entry["en"]
    for pattern, words in _POSITION_PATTERNS:
        found = pattern.fullmatch(text)
        if found is not None:
            return (words.get(lang) or words["en"]).format(*found.groups())
    return text


#: How the core names a seat when the caller gives no names (the games name seats by colour in
#: their own texts; this is only for the core's messages above).
_SEAT_FALLBACK = {"en": "this player", "de": "Dieser Spieler"}


#: The details of a refusal whose values may be keys of the game's words (a colour, a building, a
#: place, a box, a module step, an action card …): named in the reader's language.
WORD_DETAILS = (
    "player",
    "other",
    "building",
    "place",
    "box",
    "face",
    "action",
    "stage",
    "order",
    "card_name",
    "counter",
    "region",
)


def error_text(
    err: Exception, catalogue: Catalogue, lang: str = "en", names: Sequence[str] | None = None
) -> str:
    """A :class:`~feldherr.core.errors.RuleError` in words: the template of its rule id from
    ``catalogue`` (or the core's), filled with its details (a ``seat`` detail named from ``names``);
    the English message as written where the error was raised when no template fits."""
    rule = getattr(err, "rule", "")
    details = dict(getattr(err, "details", {}))
    seat = details.get("seat")
    if type(seat) is int:
        fallback = _SEAT_FALLBACK.get(lang, _SEAT_FALLBACK["en"])
        details["seat"] = seat_label(seat, names, [fallback]) if names is not None else fallback
    message = getattr(err, "message", str(err))
    if rule.startswith("core.position."):
        for key in ("value", "found"):  # what the file holds, as it holds it
            if isinstance(details.get(key), str):
                details[key] = position_value(details[key], lang)
        for key in ("expected", "kind", "reason"):
            if isinstance(details.get(key), str):
                details[key] = position_word(details[key], lang)
        if details.get("expected") == "given":  # a field left out, not one of a wrong type
            rule = "core.position.field-missing"
        elif getattr(err, "details", {}).get("expected") == "a list without repeats":
            rule = "core.position.field-repeat"  # the entry named twice, not "a list"
            word = details.get(f"entry_{lang}")
            if isinstance(word, str):  # a key of the file ("trading_post"), by its word
                left, right = _QUOTES.get(lang, _QUOTES["en"])
                details["value"] = f"{left}{word}{right}"
        if rule == "core.position.inconsistent" and isinstance(details.get("player"), str):
            rule = "core.position.no-move"  # the player in the game's words (a colour: "Rot")
    if ".position." in rule:  # places of the position (a field, an option, the places of a card)
        for key in ("field", "option", "first", "second"):
            value = details.get(key)
            if isinstance(value, str) and (key in ("field", "option") or _A_PATH.match(value)):
                details[key] = position_field(value, catalogue, lang)
    # a colour, a thing, a step …: words
    for key in WORD_DETAILS:
        value = details.get(key)
        if isinstance(value, str) and value in catalogue:
            details[key] = term(catalogue, value, lang)
    for source in (catalogue, CORE_ERRORS):
        entry = source.get(rule)
        if entry is None:
            continue
        template = entry.get(lang) or entry.get("en")
        if template is None:
            break
        try:
            return format_text(catalogue, template, details, lang)
        except (KeyError, IndexError, ValueError):
            break
    return message
