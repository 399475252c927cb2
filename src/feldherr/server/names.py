"""Players' names that read as the same at a table: case and Unicode forms aside (``same_name``),
and characters that print alike (``looks_alike``): a Greek "Α" in "Αnna" reads as the "A" of
"Anna", "rn" as "m", a digit "0" as an "O", "l" as "I" and "1".

The test is Unicode's for confusable strings (Technical Standard #39, "Unicode Security
Mechanisms", section 4): two strings are confusable when their *skeletons* are equal, a skeleton
being the string with the default-ignorable characters dropped and each character replaced by its
*prototype* from ``confusables.txt``. :data:`PROTOTYPES` holds the part of that table that matters
for players' names here (the whole one has some 6,000 rows, most of them symbols and letters of
scripts whose names look like no Latin one): the Greek, Cyrillic and Armenian letters, Latin
letter variants, digits and signs whose prototype is a Latin letter (or a string of them). Two
deliberate differences from the standard's skeleton: the name is brought to NFKC first (the
standard uses NFD), so fullwidth and mathematical letters ("Ａnna", "𝐀nna") read as plain ones;
and case does not count (:func:`skeletons`), as it does not for :func:`same_name`.

A name mixing Latin letters with look-alike letters of another alphabet within one word is refused
outright (``mixed_word``, after the standard's mixed-script detection); a name written wholly in
Greek or Cyrillic is a name like any other, refused only next to a player whose name it looks
like."""

from __future__ import annotations

import re
import unicodedata

PROTOTYPES: dict[str, str] = {
    # Greek capitals
    "Α": "A",
    "Β": "B",
    "Ε": "E",
    "Ζ": "Z",
    "Η": "H",
    "Ι": "l",
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
    "І": "l",
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
    "Ӏ": "l",
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
    # Armenian letters
    "Օ": "O",
    "Ս": "U",
    "օ": "o",
    "ս": "u",
    "ո": "n",
    "հ": "h",
    "զ": "q",
    "ց": "g",
    # Latin letters that print as other Latin letters
    "I": "l",
    "m": "rn",
    "\u0131": "i",  # ı, dotless i
    "\u0251": "a",  # ɑ, alpha
    "\u0261": "g",  # ɡ, script g
    "\u0269": "i",  # ɩ, iota
    "\u026a": "i",  # ɪ, small capital I
    "\u028f": "y",  # ʏ, small capital Y
    "\u1d04": "c",  # ᴄ, small capital C
    "\u1d0f": "o",  # ᴏ, small capital O
    "\u1d1c": "u",  # ᴜ, small capital U
    "\u1d20": "v",  # ᴠ, small capital V
    "\u1d21": "w",  # ᴡ, small capital W
    "\u1d22": "z",  # ᴢ, small capital Z
    "\ua731": "s",  # ꜱ, small capital S
    "\u01c0": "l",  # ǀ, dental click
    "\u01c3": "!",  # ǃ, retroflex click
    # digits and signs
    "0": "O",
    "1": "l",
    "|": "l",
}
"""Characters that print like a Latin letter (or a string of them) in common fonts, each with its
prototype as Unicode's ``confusables.txt`` (TR39) gives it: a prototype is what all the characters
that look like it are read as, and is itself in no row ("I", "1" and "|" all read as "l"; "m" reads
as "rn", so "rn" and "m" have one skeleton)."""

IGNORABLE = frozenset(
    "\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180e\u180f\u3164\uffa0"
    + "".join(chr(c) for c in range(0xFE00, 0xFE10))
)
"""Default-ignorable characters (they print as nothing) besides those of the format category
``Cf`` (joiners, the soft hyphen, the word joiner): the skeleton drops them, so that "An\u200dna"
with a zero-width joiner reads as "Anna"."""

LETTERS = re.compile(r"[^\W\d_]+")
"""A word of a name: a run of letters (a space, a hyphen, a digit or a sign ends it)."""


def _key(name: str) -> str:
    return unicodedata.normalize("NFKC", name).strip().casefold()


def ignorable(ch: str) -> bool:
    """Whether ``ch`` is default-ignorable: printed as nothing (:data:`IGNORABLE`, the format
    characters, the variation selectors)."""
    return ch in IGNORABLE or unicodedata.category(ch) == "Cf" or 0xE0100 <= ord(ch) <= 0xE01EF


def skeleton(text: str) -> str:
    """TR39's skeleton of ``text`` (after NFKC): the default-ignorable characters dropped, each
    other character replaced by its prototype (:data:`PROTOTYPES`); case counts."""
    plain = "".join(PROTOTYPES.get(ch, ch) for ch in text if not ignorable(ch))
    return unicodedata.normalize("NFKC", plain)


def skeletons(name: str) -> set[str]:
    """How ``name`` looks, case aside: its skeleton taken before case-folding (the Greek "Η" reads
    as "H", and so as "h"; "I" reads as "l") and after (the Greek "Α" folds to "α", which reads as
    "a"), each folded and read again ("M" folds to "m", which reads as "rn"); the spaces around
    it, which print as nothing, left out (after the characters that print as nothing: "\u200b Anna"
    reads as "Anna")."""
    normal = unicodedata.normalize("NFKC", name)
    return {skeleton(skeleton(normal).casefold()).strip(), skeleton(normal.casefold()).strip()}


def same_name(a: str, b: str) -> bool:
    """Whether two players' names are the same (case, Unicode forms and the spaces around them
    aside: a position's names come as written)."""
    return bool(a) and _key(a) == _key(b)


def looks_alike(a: str, b: str) -> bool:
    """Whether two players' names read as the same at the table: the same (:func:`same_name`),
    or with one skeleton (:func:`skeletons`): "Αnna" with a Greek Α, "Аnna" with a Cyrillic А,
    "ΑΝΝΑ" in Greek capitals and "Anna"; "Kim" and "Kirn"; "Ida" and "lda"; "Le0" and "Leo"."""
    return bool(a) and bool(b) and (same_name(a, b) or bool(skeletons(a) & skeletons(b)))


def _latin(ch: str) -> bool:
    return ch.isascii() or unicodedata.name(ch, "").startswith("LATIN ")


def mixed_word(name: str) -> bool:
    """Whether a word of ``name`` mixes Latin letters with letters of another alphabet that look
    like Latin ones ("Αnna" with a Greek Α, "Mаrtin" with a Cyrillic а). Words wholly in one
    alphabet, and a name with a Latin word next to a Cyrillic one ("Ivan Иванов"), are fine."""
    for word in LETTERS.findall(unicodedata.normalize("NFKC", name)):
        if any(ch in PROTOTYPES and not _latin(ch) for ch in word) and any(_latin(ch) for ch in word):
            return True
    return False
