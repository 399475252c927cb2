"""The client's files ship in the package and hang together (no browser needed)."""

from __future__ import annotations

import json
import re

from feldherr import web


def test_every_module_is_preloaded_and_every_import_exists() -> None:
    modules = {p.name for p in web.STATIC.glob("*.js")}
    index = web.page()
    preloaded = set(re.findall(r'rel="modulepreload" href="/static/([^"]+)"', index))
    assert preloaded == modules
    for name in modules:
        text = (web.STATIC / name).read_text(encoding="utf-8")
        for target in re.findall(r'from "\\./([^"]+)"', text):
            assert target in modules, (name, target)


def test_board_data_files_carry_their_provenance() -> None:
    wallenstein = json.loads((web.STATIC / "data" / "wallenstein-map.json").read_text(encoding="utf-8"))
    assert len(wallenstein["counties"]) == 45
    assert {c["region"] for c in wallenstein["counties"].values()} == {
        "Brandenburg",
        "Sachsen",
        "Kurpfalz",
        "Bayern",
        "Österreich",
    }
    elgrande = json.loads((web.STATIC / "data" / "elgrande-board.json").read_text(encoding="utf-8"))
    assert len(elgrande["regions"]) == 9
    for data in (wallenstein, elgrande):
        assert data["provenance"] and data["about"]


def test_both_languages_have_every_word() -> None:
    text = (web.STATIC / "i18n.js").read_text(encoding="utf-8")
    en, de = text.split("  de: {")
    keys = lambda part: set(re.findall(r"(\w+): \"", part))  # noqa: E731
    assert keys(en) == keys(de)
