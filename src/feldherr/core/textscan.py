"""A scan of texts a player reads, for tests: what no log line, move phrase, error text or board
label may show (issue 21). Game-agnostic; the games' and the browser's tests share it::

    from feldherr.core.textscan import catalogue_english_words, text_problems
    words = catalogue_english_words(game.messages())
    assert text_problems(game.render_log(entry, "de"), "de", words) == []

:func:`text_problems` finds seat numbers and ids ("Seat 0", "Player 2", "Spieler 1", "Platz 3",
"card 17", "Karte 0", "#12"), raw literals (brackets and braces, ``None``/``null``/``True``/
``False``), snake_case tokens, plural slips ("1 armies", "1 Armeen", "3 army") and, in German
texts, English words (the given list, e.g. :func:`catalogue_english_words`, and a few common ones).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from feldherr.core.game import Game

#: Ids and seat numbers: a person is named, a card by its printed name.
_IDS = re.compile(
    r"\b(?:Seat|Player|Spieler|Platz|Sitz|card|Karte|cards|Karten|event|Ereignis)[ \u00a0]+#?\d", re.I
)
_HASH_ID = re.compile(r"(?<![\w&])#\d")
#: Raw literals of JSON and Python.
_LITERALS = re.compile(r"[\[\]{}]|\b(?:None|null|True|False|undefined|NaN)\b")
_SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
#: Counted nouns in the wrong number. The English plurals after "1", the singulars after other
#: numbers (a following "group"/"card" word makes a compound: "2 army groups" is fine).
_EN_PLURAL_NOUNS = (
    r"armies|Thalers|thalers|ducats|coins|points|victory points|VPs|courtiers|counties|statues|"
    r"peasants|revolt markers|markers|cards|trophies|players|regions|buildings|cubes|dice|rounds|"
    r"years|moves|tiles|Caballeros|Grandes|kings|castles|provinces|soldiers|troops|units|votes|"
    r"characters"
)
_EN_SINGULAR_NOUNS = (
    r"army|Thaler|courtier|county|statue|peasant|revolt marker|victory point|trophy|player|region|"
    r"building|cube|round|year|tile|Caballero|province|soldier|troop|unit|character|die"
)
_DE_PLURAL_NOUNS = (
    r"Armeen|Siegpunkte|Höflinge|Länder|Denkmäler|Bauern|Karten|Trophäen|Spielerinnen|Regionen|"
    r"Runden|Jahre|Caballeros|Provinzen|Soldaten|Truppen|Stimmen|Dukaten|Punkte|Charaktere"
)
_DE_SINGULAR_NOUNS = (
    r"Armee|Siegpunkt|Höfling|Denkmal|Bauer|Karte|Trophäe|Region|Runde|Provinz|Soldat|Punkt|Charakter"
)
#: Nouns after which a singular is an adjective: "2 army groups", "2 peasant armies".
_COMPOUND = r"group|card|box|tile|space|marker|army|armie|token|cube"
_ONE = r"(?<![\d.,])\b1"
_MANY = r"(?<![\d.,])\b(?:0|[2-9]|[1-9]\d+)"
_SLIPS = {
    "en": (
        re.compile(rf"{_ONE} (?:{_EN_PLURAL_NOUNS})\b"),
        re.compile(rf"{_MANY} (?:{_EN_SINGULAR_NOUNS})\b(?! (?:{_COMPOUND})s?\b)"),
    ),
    "de": (
        re.compile(rf"{_ONE} (?:{_DE_PLURAL_NOUNS})\b(?!-)"),
        re.compile(rf"{_MANY} (?:{_DE_SINGULAR_NOUNS})\b(?!-)"),
    ),
}

#: English words that are never German (checked in German texts besides a game's own list).
COMMON_ENGLISH = frozenset(
    {
        "the", "and", "with", "from", "into", "takes", "player", "players", "card", "cards", "seat",
        "your", "you", "points", "round", "armies", "army", "none", "true", "false", "turn",
        "moves", "county", "counties", "winner", "score", "scores", "game", "over", "bid",
        "of", "for", "onto", "take", "places", "place", "scored", "point", "move", "court",
        "king", "regions", "nobody", "stop", "dice", "recruit", "recruits", "commit", "commits",
        "strength", "cost", "luck", "power", "scoreboard", "province", "provinces", "sets", "throws",
        "back", "each", "colour", "color", "returns", "chooses", "choose", "vetoes", "keeps", "uses",
        "plays", "play", "announces", "rolls", "conquers", "winners", "left", "open", "hidden",
        "short", "merged", "stacks", "variant", "variants", "draft", "scoreboards", "favors",
        "favours", "courtier", "courtiers", "supply", "event", "events", "attack",
    }
)  # fmt: skip
_WORD = re.compile(r"[^\W\d_]+(?:'[a-z]+)?")


def text_problems(text: str, lang: str, english_words: Iterable[str] = ()) -> list[str]:
    """What is wrong with ``text`` as a player would read it in ``lang`` ("en" or "de"): one
    finding per problem, empty when the text is clean. ``english_words``: words (lower case) that
    must not appear in a German text, besides :data:`COMMON_ENGLISH`."""
    found: list[str] = []
    for pattern, what in ((_IDS, "an id or seat number"), (_HASH_ID, "a numbered id")):
        for m in pattern.finditer(text):
            found.append(f"{what}: {m.group(0)!r} in {text!r}")
    for m in _LITERALS.finditer(text):
        found.append(f"a raw literal {m.group(0)!r} in {text!r}")
    for m in _SNAKE.finditer(text):
        found.append(f"snake_case {m.group(0)!r} in {text!r}")
    for pattern in _SLIPS.get(lang, ()):
        for m in pattern.finditer(text):
            found.append(f"a plural slip {m.group(0)!r} in {text!r}")
    if lang == "de":
        banned = COMMON_ENGLISH | {w.lower() for w in english_words}
        for m in _WORD.finditer(text):
            if m.group(0).lower() in banned:
                found.append(f"an English word {m.group(0)!r} in the German text {text!r}")
    return found


def catalogue_english_words(
    catalogue: Mapping[str, Mapping[str, str]], min_length: int = 4
) -> frozenset[str]:
    """The words (lower case, at least ``min_length`` letters) of a catalogue's English texts that
    none of its German texts uses: a German text showing one of them is (half) English. A German
    text that equals its English one does not count as German (an untranslated copy)."""
    field = re.compile(r"\{[^{}]*\}")
    en: set[str] = set()
    de: set[str] = set()
    for entry in catalogue.values():
        en_text, de_text = entry.get("en"), entry.get("de")
        if isinstance(en_text, str):
            en.update(w.lower() for w in _WORD.findall(field.sub(" ", en_text)))
        if isinstance(de_text, str) and de_text != en_text:
            de.update(w.lower() for w in _WORD.findall(field.sub(" ", de_text)))
    return frozenset(w for w in en - de if len(w) >= min_length)


def log_texts(game: Game, entry: Any, lang: str, names: Sequence[str] | None = None) -> list[str]:
    """Every text a player reads of one log entry: its line and, where it is a table
    (``game.log_table``), each header and cell (numbers as written), for scanning."""
    texts = [game.render_log(entry, lang, names)]
    table = game.log_table(entry, lang, names)
    if table is not None:
        texts += [str(cell) for cell in [*table["columns"], *(c for row in table["rows"] for c in row)]]
    return texts


__all__ = ["COMMON_ENGLISH", "catalogue_english_words", "log_texts", "text_problems"]
