"""A scan of a text a player reads for what a player must never see (issue 21).

:func:`text_problems` names each defect it finds in one text: a seat number or index
("Seat 0", "Spieler 2", "card 7"), a Python or JSON literal (brackets, braces, ``None``,
``null``, ``True``, ``False``), a snake_case identifier, a counted noun in the wrong number
("1 Caballeros", "1 Punkte", "3 army") and, in German, an English word from a fixed list. It
knows no game: the games' tests run it over every log line, move phrase and error text.
"""

from __future__ import annotations

import re

_IDS = re.compile(r"\b(?:Seat|Player|Spieler|Platz|card|Karte)\s+\d", re.IGNORECASE)
_LITERALS = re.compile(r"[\[\]{}]|\b(?:None|null|True|False)\b")
_SNAKE = re.compile(r"\b[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]+\b")

# one of something with a plural noun, or another count with a singular noun
_PLURAL_NOUNS = {
    "en": "Caballeros|points|armies|cards|provinces|regions|Thalers|victory points|rounds|characters",
    "de": "Punkte|Armeen|Karten|Provinzen|Regionen|Siegpunkte|Runden|Charaktere",
}
_SINGULAR_NOUNS = {
    "en": "Caballero|point|army|card|province|region|Thaler|victory point|round|character|die",
    "de": "Punkt|Armee|Karte|Provinz|Region|Siegpunkt|Runde|Charakter",
}

#: English words that are not also German words: in a German text they are a missed translation.
ENGLISH_WORDS = frozenset(
    """the and of with from into onto for player players takes take places place card cards round
    rounds score scores scored points point moves move court king regions nobody game over stop
    dice recruit recruits commit commits strength cost luck you your seat power scoreboard dummy
    province provinces sets set throws back each none turn colour color returns chooses choose
    vetoes keeps uses plays play announces rolls conquers winner winners left open hidden short
    merged stacks variant variants draft scoreboards favors favours courtier courtiers supply
    bid army armies event events attack""".split()  # noqa: SIM905
)
_WORD = re.compile(r"[A-Za-zÄÖÜäöüß']+")


def text_problems(text: str, lang: str) -> list[str]:
    """The defects found in ``text`` (in language ``lang``, "en" or "de"); empty when clean."""
    problems: list[str] = []
    for m in _IDS.finditer(text):
        problems.append(f"an id or seat number: {m.group(0)!r}")
    for m in _LITERALS.finditer(text):
        problems.append(f"a literal: {m.group(0)!r}")
    for m in _SNAKE.finditer(text):
        problems.append(f"snake_case: {m.group(0)!r}")
    lang = "de" if lang == "de" else "en"
    for m in re.finditer(rf"(?<![\d.,])\b1 (?:{_PLURAL_NOUNS[lang]})\b", text):
        problems.append(f"a plural after one: {m.group(0)!r}")
    for m in re.finditer(rf"(?<![\d.,])\b(?:0|[2-9]|\d{{2,}}) (?:{_SINGULAR_NOUNS[lang]})\b(?!-)", text):
        problems.append(f"a singular after a count: {m.group(0)!r}")
    if lang == "de":
        for m in _WORD.finditer(text):
            if m.group(0).lower() in ENGLISH_WORDS:
                problems.append(f"an English word in German: {m.group(0)!r}")
    return problems


__all__ = ["ENGLISH_WORDS", "text_problems"]
