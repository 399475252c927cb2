"""Players' names that read as the same at a table: case and Unicode forms aside (``same_name``),
and letters of another alphabet that look like Latin ones (``looks_alike``): a Greek "Α" in "Αnna"
reads as the "A" of "Anna". A name mixing Latin letters with such look-alikes within one word is
refused outright (``mixed_word``); a name written wholly in Greek or Cyrillic is a name like any
other, refused only next to a player whose name it looks like."""

from __future__ import annotations

import re
import unicodedata

LOOKALIKES: dict[str, str] = {
    # Greek capitals
    "Α": "A",
    "Β": "B",
    "Ε": "E",
    "Ζ": "Z",
    "Η": "H",
    "Ι": "I",
    "Κ": "K",
    "Μ": "M",
    "Ν": "N",
    "Ο": "O",
    "Ρ": "P",
    "Τ": "T",
    "Υ": "Y",
    "Χ": "X",
    "Ϲ": "C",
    "Ϳ": "J",
    # Greek small letters
    "α": "a",
    "γ": "y",
    "η": "n",
    "ι": "i",
    "ν": "v",
    "ο": "o",
    "ρ": "p",
    "υ": "u",
    "ϲ": "c",
    "ϳ": "j",
    # Cyrillic capitals
    "А": "A",
    "В": "B",
    "Е": "E",
    "Ѕ": "S",
    "І": "I",
    "Ј": "J",
    "К": "K",
    "М": "M",
    "Н": "H",
    "О": "O",
    "Р": "P",
    "С": "C",
    "Т": "T",
    "У": "Y",
    "Х": "X",
    "Ү": "Y",
    "Ԛ": "Q",
    "Ԝ": "W",
    "Ӏ": "I",
    # Cyrillic small letters
    "а": "a",
    "е": "e",
    "ѕ": "s",
    "і": "i",
    "ј": "j",
    "о": "o",
    "р": "p",
    "с": "c",
    "у": "y",
    "х": "x",
    "һ": "h",
    "ү": "y",
    "ԁ": "d",
    "ԛ": "q",
    "ԝ": "w",
    "ӏ": "l",
    "ѵ": "v",
}
"""Greek and Cyrillic letters that print like a Latin letter in common fonts (after Unicode's
confusables, ``confusables.txt``, for these two scripts only), each with the Latin letter."""

LETTERS = re.compile(r"[^\W\d_]+")
"""A word of a name: a run of letters (a space, a hyphen, a digit or a sign ends it)."""


def _key(name: str) -> str:
    return unicodedata.normalize("NFKC", name).casefold()


def _plain(text: str) -> str:
    return "".join(LOOKALIKES.get(ch, ch) for ch in text)


def skeletons(name: str) -> set[str]:
    """How ``name`` looks, as plain lower-case Latin where its letters look Latin: its look-alikes
    replaced before case-folding (the Greek "Η" reads as "H", and so as "h") and after (the Greek
    "Α" folds to "α", which reads as "a")."""
    normal = unicodedata.normalize("NFKC", name)
    return {_plain(normal).casefold(), _plain(normal.casefold())}


def same_name(a: str, b: str) -> bool:
    """Whether two players' names are the same (case and Unicode forms aside)."""
    return bool(a) and _key(a) == _key(b)


def looks_alike(a: str, b: str) -> bool:
    """Whether two players' names read as the same at the table: the same (:func:`same_name`),
    or alike once letters of another alphabet that look Latin are read as Latin ("Αnna" with a
    Greek Α, "Аnna" with a Cyrillic А, "ΑΝΝΑ" in Greek capitals and "Anna")."""
    return bool(a) and bool(b) and (same_name(a, b) or bool(skeletons(a) & skeletons(b)))


def _latin(ch: str) -> bool:
    return ch.isascii() or unicodedata.name(ch, "").startswith("LATIN ")


def mixed_word(name: str) -> bool:
    """Whether a word of ``name`` mixes Latin letters with Greek or Cyrillic letters that look like
    Latin ones ("Αnna" with a Greek Α). Words wholly in one alphabet, and a name with a Latin word
    next to a Cyrillic one ("Ivan Иванов"), are fine."""
    for word in LETTERS.findall(unicodedata.normalize("NFKC", name)):
        if any(ch in LOOKALIKES for ch in word) and any(_latin(ch) for ch in word):
            return True
    return False
