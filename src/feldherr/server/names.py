"""Players' names that read as the same at a table: case and Unicode forms aside (``same_name``),
and characters that print alike (``looks_alike``): a Greek "Α" in "Αnna" reads as the "A" of
"Anna", "rn" as "m", a digit "0" as an "O", "l" as "I" and "1".

The test is Unicode's for confusable strings (Technical Standard #39, "Unicode Security
Mechanisms", section 4): two strings are confusable when their *skeletons* are equal, a skeleton
being the string with the default-ignorable characters dropped and each character replaced by its
*prototype* from ``confusables.txt``. :data:`PROTOTYPES` holds the part of that table that matters
for players' names here (the whole one has some 6,000 rows, most of them symbols and letters of
scripts whose names look like no Latin one): the Greek, Cyrillic, Armenian, Cherokee, Lisu and
Coptic letters, Canadian syllabics, Latin letter variants, digits and signs whose prototype is a
Latin letter (or a string of them), and beyond the table the Latin small capitals ("ᴀnna" reads as
"Anna"; the standard maps only those that look like the small letter, "ᴏ" as "o"). Two
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
    # small capitals that TR39 leaves out (they are a smaller capital, not the small letter, so its
    # table has no row for them), read as the capital: "ᴀnna" reads as "Anna" at a table all the same
    "\u1d00": "A",  # ᴀ, small capital A
    "\u0299": "B",  # ʙ, small capital B
    "\u1d05": "D",  # ᴅ, small capital D
    "\u1d07": "E",  # ᴇ, small capital E
    "\ua730": "F",  # ꜰ, small capital F
    "\u0262": "G",  # ɢ, small capital G
    "\u029c": "H",  # ʜ, small capital H
    "\ua7ae": "l",  # Ɪ, capital letter small capital I (as I)
    "\u1d0a": "J",  # ᴊ, small capital J
    "\u1d0b": "K",  # ᴋ, small capital K
    "\u029f": "L",  # ʟ, small capital L
    "\u1d0d": "M",  # ᴍ, small capital M
    "\u0274": "N",  # ɴ, small capital N
    "\u1d18": "P",  # ᴘ, small capital P
    "\u1d29": "P",  # ᴩ, Greek small capital rho
    "\ua7af": "Q",  # ꞯ, small capital Q
    "\u0280": "R",  # ʀ, small capital R
    "\u1d1b": "T",  # ᴛ, small capital T
    "\u1d01": "AE",  # ᴁ, small capital AE
    "\u0276": "OE",  # ɶ, small capital OE
    "\u01c0": "l",  # ǀ, dental click
    "\u01c3": "!",  # ǃ, retroflex click
    "\u00c6": "AE",  # Æ, latin capital letter ae
    "\u00e6": "ae",  # æ, latin small letter ae
    "\u0152": "OE",  # Œ, latin capital ligature oe
    "\u0153": "oe",  # œ, latin small ligature oe
    "\u017f": "f",  # ſ, latin small letter long s
    "\u0184": "b",  # Ƅ, latin capital letter tone six
    "\u018d": "g",  # ƍ, latin small letter turned delta
    "\u0196": "l",  # Ɩ, latin capital letter iota
    "\u01a6": "R",  # Ʀ, latin letter yr
    "\u01bd": "s",  # ƽ, latin small letter tone five
    "\u01c1": "ll",  # ǁ, latin letter lateral click
    "\u0263": "y",  # ɣ, latin small letter gamma
    "\u026f": "w",  # ɯ, latin small letter turned m
    "\u028b": "u",  # ʋ, latin small letter v with hook
    "\u02a3": "dz",  # ʣ, latin small letter dz digraph
    "\u02a6": "ts",  # ʦ, latin small letter ts digraph
    "\u02aa": "ls",  # ʪ, latin small letter ls digraph
    "\u02ab": "lz",  # ʫ, latin small letter lz digraph
    "\u1d11": "o",  # ᴑ, latin small letter sideways o
    "\u1d6b": "ue",  # ᵫ, latin small letter ue
    "\u1d83": "g",  # ᶃ, latin small letter g with palatal hook
    "\u1d8c": "y",  # ᶌ, latin small letter v with palatal hook
    "\u1e9d": "f",  # ẝ, latin small letter long s with high stroke
    "\u1eff": "y",  # ỿ, latin small letter y with loop
    "\ua732": "AA",  # Ꜳ, latin capital letter aa
    "\ua733": "aa",  # ꜳ, latin small letter aa
    "\ua734": "AO",  # Ꜵ, latin capital letter ao
    "\ua735": "ao",  # ꜵ, latin small letter ao
    "\ua736": "AU",  # Ꜷ, latin capital letter au
    "\ua737": "au",  # ꜷ, latin small letter au
    "\ua738": "AV",  # Ꜹ, latin capital letter av
    "\ua739": "av",  # ꜹ, latin small letter av
    "\ua73a": "AV",  # Ꜻ, latin capital letter av with horizontal bar
    "\ua73b": "av",  # ꜻ, latin small letter av with horizontal bar
    "\ua73c": "AY",  # Ꜽ, latin capital letter ay
    "\ua73d": "ay",  # ꜽ, latin small letter ay
    "\ua74e": "OO",  # Ꝏ, latin capital letter oo
    "\ua74f": "oo",  # ꝏ, latin small letter oo
    "\ua777": "tf",  # ꝷ, latin small letter tum
    "\ua798": "F",  # Ꞙ, latin capital letter f with stroke
    "\ua799": "f",  # ꞙ, latin small letter f with stroke
    "\ua79f": "u",  # ꞟ, latin small letter volapuk ue
    "\ua7b2": "J",  # Ʝ, latin capital letter j with crossed-tail
    "\ua7b3": "X",  # Ꭓ, latin capital letter chi
    "\ua7b4": "B",  # Ꞵ, latin capital letter beta
    "\uab32": "e",  # ꬲ, latin small letter blackletter e
    "\uab35": "f",  # ꬵ, latin small letter lenis f
    "\uab3d": "o",  # ꬽ, latin small letter blackletter o
    "\uab47": "r",  # ꭇ, latin small letter r without handle
    "\uab48": "r",  # ꭈ, latin small letter double r
    "\uab4e": "u",  # ꭎ, latin small letter u with short right leg
    "\uab52": "u",  # ꭒ, latin small letter u with left hook
    "\uab5a": "y",  # ꭚ, latin small letter y with short right leg
    "\uab63": "uo",  # ꭣ, latin small letter uo
    # Cherokee letters
    "\u13a0": "D",  # Ꭰ, cherokee letter a
    "\u13a1": "R",  # Ꭱ, cherokee letter e
    "\u13a2": "T",  # Ꭲ, cherokee letter i
    "\u13a5": "i",  # Ꭵ, cherokee letter v
    "\u13a9": "Y",  # Ꭹ, cherokee letter gi
    "\u13aa": "A",  # Ꭺ, cherokee letter go
    "\u13ab": "J",  # Ꭻ, cherokee letter gu
    "\u13ac": "E",  # Ꭼ, cherokee letter gv
    "\u13b3": "W",  # Ꮃ, cherokee letter la
    "\u13b7": "M",  # Ꮇ, cherokee letter lu
    "\u13bb": "H",  # Ꮋ, cherokee letter mi
    "\u13bd": "Y",  # Ꮍ, cherokee letter mu
    "\u13c0": "G",  # Ꮐ, cherokee letter nah
    "\u13c2": "h",  # Ꮒ, cherokee letter ni
    "\u13c3": "Z",  # Ꮓ, cherokee letter no
    "\u13cf": "b",  # Ꮟ, cherokee letter si
    "\u13d2": "R",  # Ꮢ, cherokee letter sv
    "\u13d4": "W",  # Ꮤ, cherokee letter ta
    "\u13d5": "S",  # Ꮥ, cherokee letter de
    "\u13d9": "V",  # Ꮩ, cherokee letter do
    "\u13da": "S",  # Ꮪ, cherokee letter du
    "\u13de": "L",  # Ꮮ, cherokee letter tle
    "\u13df": "C",  # Ꮯ, cherokee letter tli
    "\u13e2": "P",  # Ꮲ, cherokee letter tlv
    "\u13e6": "K",  # Ꮶ, cherokee letter tso
    "\u13e7": "d",  # Ꮷ, cherokee letter tsu
    "\u13f3": "G",  # Ᏻ, cherokee letter yu
    "\u13f4": "B",  # Ᏼ, cherokee letter yv
    "\uab75": "i",  # ꭵ, cherokee small letter v
    "\uab81": "r",  # ꮁ, cherokee small letter hu
    "\uab83": "w",  # ꮃ, cherokee small letter la
    "\uab93": "z",  # ꮓ, cherokee small letter no
    "\uaba9": "v",  # ꮩ, cherokee small letter do
    "\uabaa": "s",  # ꮪ, cherokee small letter du
    "\uabaf": "c",  # ꮯ, cherokee small letter tli
    # Lisu letters (an alphabet made of Latin capitals)
    "\ua4d0": "B",  # ꓐ, lisu letter ba
    "\ua4d1": "P",  # ꓑ, lisu letter pa
    "\ua4d2": "d",  # ꓒ, lisu letter pha
    "\ua4d3": "D",  # ꓓ, lisu letter da
    "\ua4d4": "T",  # ꓔ, lisu letter ta
    "\ua4d6": "G",  # ꓖ, lisu letter ga
    "\ua4d7": "K",  # ꓗ, lisu letter ka
    "\ua4d9": "J",  # ꓙ, lisu letter ja
    "\ua4da": "C",  # ꓚ, lisu letter ca
    "\ua4dc": "Z",  # ꓜ, lisu letter dza
    "\ua4dd": "F",  # ꓝ, lisu letter tsa
    "\ua4df": "M",  # ꓟ, lisu letter ma
    "\ua4e0": "N",  # ꓠ, lisu letter na
    "\ua4e1": "L",  # ꓡ, lisu letter la
    "\ua4e2": "S",  # ꓢ, lisu letter sa
    "\ua4e3": "R",  # ꓣ, lisu letter zha
    "\ua4e6": "V",  # ꓦ, lisu letter ha
    "\ua4e7": "H",  # ꓧ, lisu letter xa
    "\ua4ea": "W",  # ꓪ, lisu letter wa
    "\ua4eb": "X",  # ꓫ, lisu letter sha
    "\ua4ec": "Y",  # ꓬ, lisu letter ya
    "\ua4ee": "A",  # ꓮ, lisu letter a
    "\ua4f0": "E",  # ꓰ, lisu letter e
    "\ua4f2": "l",  # ꓲ, lisu letter i
    "\ua4f3": "O",  # ꓳ, lisu letter o
    "\ua4f4": "U",  # ꓴ, lisu letter u
    # Coptic letters
    "\u2c85": "r",  # ⲅ, coptic small letter gamma
    "\u2c8e": "H",  # Ⲏ, coptic capital letter hate
    "\u2c92": "l",  # Ⲓ, coptic capital letter iauda
    "\u2c94": "K",  # Ⲕ, coptic capital letter kapa
    "\u2c98": "M",  # Ⲙ, coptic capital letter mi
    "\u2c9a": "N",  # Ⲛ, coptic capital letter ni
    "\u2c9e": "O",  # Ⲟ, coptic capital letter o
    "\u2c9f": "o",  # ⲟ, coptic small letter o
    "\u2ca2": "P",  # Ⲣ, coptic capital letter ro
    "\u2ca3": "p",  # ⲣ, coptic small letter ro
    "\u2ca4": "C",  # Ⲥ, coptic capital letter sima
    "\u2ca5": "c",  # ⲥ, coptic small letter sima
    "\u2ca6": "T",  # Ⲧ, coptic capital letter tau
    "\u2ca8": "Y",  # Ⲩ, coptic capital letter ua
    "\u2cac": "X",  # Ⲭ, coptic capital letter khi
    "\u2cd0": "L",  # Ⳑ, coptic capital letter l-shaped ha
    # Canadian syllabics
    "\u142f": "V",  # ᐯ, canadian syllabics pe
    "\u144c": "U",  # ᑌ, canadian syllabics te
    "\u146d": "P",  # ᑭ, canadian syllabics ki
    "\u146f": "d",  # ᑯ, canadian syllabics ko
    "\u1472": "b",  # ᑲ, canadian syllabics ka
    "\u148d": "J",  # ᒍ, canadian syllabics co
    "\u14aa": "L",  # ᒪ, canadian syllabics ma
    "\u1541": "x",  # ᕁ, canadian syllabics sayisi yi
    "\u157c": "H",  # ᕼ, canadian syllabics nunavut h
    "\u157d": "x",  # ᕽ, canadian syllabics hk
    "\u1587": "R",  # ᖇ, canadian syllabics tlhi
    "\u15af": "b",  # ᖯ, canadian syllabics aivilik b
    "\u15b4": "F",  # ᖴ, canadian syllabics blackfoot we
    "\u15c5": "A",  # ᗅ, canadian syllabics carrier gho
    "\u15de": "D",  # ᗞ, canadian syllabics carrier the
    "\u15ea": "D",  # ᗪ, canadian syllabics carrier pe
    "\u15f0": "M",  # ᗰ, canadian syllabics carrier go
    "\u15f7": "B",  # ᗷ, canadian syllabics carrier khe
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
