"""The English prose of README.md and docs/ writes percentages as English does ("95%"); only
German quotations keep their space ("92,5 %", "Sieg 56 %")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
#: A number with a space before its percent sign that is not a German decimal ("92,5 %").
SPACED = re.compile(r"(?<![,\d.])\d+(?:\.\d+)? %")
#: German quotations in the English text, which keep the German spacing.
GERMAN = ("Sieg 56 %", "German `56 %`")


@pytest.mark.parametrize("path", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_english_percentages_have_no_space(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    for quote in GERMAN:
        text = text.replace(quote, "")
    spaced = [
        f"{number}: {line.strip()[:80]}"
        for number, line in enumerate(text.splitlines(), 1)
        if SPACED.search(line)
    ]
    assert not spaced, spaced


def test_the_check_finds_an_english_percentage_with_a_space() -> None:
    assert SPACED.search("wins with 95 % intervals")
    assert not SPACED.search("wins with 95% intervals")
    assert not SPACED.search("German `92,5 %`")
