"""The Python examples in docs/games/mansfeld.md run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "games" / "mansfeld.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text("utf-8"), flags=re.S)


def test_the_page_has_examples() -> None:
    assert len(BLOCKS) >= 3


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_example_runs(index: int, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(BLOCKS[index], f"{DOC.name}[{index}]", "exec"), {"__name__": "__doc_example__"})
    assert capsys.readouterr().out or "assert" in BLOCKS[index]


ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_rules_summary_names_every_reading(lang: str) -> None:
    """The players' rules page (web/static/rules/mansfeld.*.html) points to the readings M1 to the
    last one in docs/rules-notes.md, and states the rules that decide a battle and the game."""
    notes = (ROOT / "docs" / "rules-notes.md").read_text("utf-8")
    last = max(int(n) for n in re.findall(r"\*\*M(\d+)\. ", notes))
    page = (ROOT / "src" / "feldherr" / "web" / "static" / "rules" / f"mansfeld.{lang}.html").read_text(
        "utf-8"
    )
    assert f"(M1–M{last})" in page
    words = {
        "de": [
            "nur mit mindestens einer Karte",
            "beiseitegelegt",
            "mehr Provinzen",
            "höchstens einen pro Runde",
        ],
        "en": ["only with at least one card", "set aside", "more provinces", "at most one per round"],
    }[lang]
    for phrase in words:
        assert phrase in page, phrase
