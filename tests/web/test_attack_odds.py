"""Wallenstein in the browser: an attack choice shows the battle odds of the cube tower before the
player confirms it (on the choice, and on the map when the choice has the focus)."""

from __future__ import annotations

import random
import re

from .conftest import Pages, Server, shot
from .drive import play_until_attack, wallenstein_at_an_attack

ODDS = re.compile(r"win (\d+)%, tie (\d+)%, lose (\d+)%")


def test_attack_choice_shows_the_odds_before_it_is_confirmed(server: Server, pages: Pages) -> None:
    seats = [{"kind": "human", "name": "Anna"}] + [
        {"kind": "bot", "bot": "random", "name": f"Bot {i}"} for i in range(1, 4)
    ]
    game = wallenstein_at_an_attack(server, 4, 11, seats)  # the decision that offers an attack
    page = pages.new(viewport={"width": 1280, "height": 900})
    page.goto(game["seats"][0]["invite"])
    page.wait_for_selector("#map .county")
    attacks = play_until_attack(page, random.Random(5))
    choice = attacks.first
    text = choice.inner_text()
    found = ODDS.search(text)
    assert found, text
    win, tie, lose = (int(x) for x in found.groups())
    assert win + tie + lose == 100
    assert choice.locator(".odds .win").count() == 1
    county = re.match(r"Attack (.+?) \(", text)
    assert county, text
    # Focus (keyboard) shows the odds on the map: the county marked, the odds beside the map.
    choice.focus()
    note = page.locator("#odds-note")
    note.wait_for()
    assert re.search(rf"win {win}\s?%, tie {tie}\s?%, lose {lose}\s?%", note.inner_text()), note.inner_text()
    marked = page.locator("#map .county.odds-target")
    assert marked.count() == 1
    assert marked.get_attribute("data-county") == county.group(1)
    shot(page, "wallenstein-attack-odds")
    # Nothing was sent yet: the same decision is still open; Enter confirms the attack.
    assert page.locator("#choices button.attack").count() == attacks.count()
    before = page.locator("#log li").count()
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelectorAll('#log li').length > {before}")


def test_attack_odds_are_in_the_pages_percent_format(server: Server, pages: Pages) -> None:
    """German: the choice's odds and the note on the map as Intl.NumberFormat writes a percentage
    in German ("Sieg 56 %" with a no-break space), the phrase itself from the server in German."""
    seats = [{"kind": "human", "name": "Anna"}] + [
        {"kind": "bot", "bot": "random", "name": f"Bot {i}"} for i in range(1, 4)
    ]
    game = wallenstein_at_an_attack(server, 4, 11, seats)
    page = pages.new(viewport={"width": 1280, "height": 900})
    page.add_init_script("localStorage.setItem('feldherr:lang', 'de')")
    page.goto(game["seats"][0]["invite"])
    page.wait_for_selector("#map .county")
    choice = play_until_attack(page, random.Random(5)).first
    text = choice.text_content() or ""
    found = re.search(r"— Sieg (\d+)\u00a0%, Unentschieden (\d+)\u00a0%, Niederlage (\d+)\u00a0%$", text)
    assert found, repr(text)
    assert " angreifen — " in text, text
    win = int(found.group(1))
    intl = page.evaluate("(n) => new Intl.NumberFormat('de', { style: 'percent' }).format(n / 100)", win)
    assert f"Sieg {intl}," in text
    choice.focus()
    note = page.locator("#odds-note")
    note.wait_for()
    assert f"Sieg {intl}," in (note.text_content() or ""), note.text_content()
    shot(page, "wallenstein-attack-odds-de")
