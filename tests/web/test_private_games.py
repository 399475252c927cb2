"""A private game (unticked "public" in the lobby, and every guided first game) is its players' to
read after its end: the ending's charts, the replay, the analysis board. The page asked for them
without the seat's token and read "This game is private: only its players can see it"."""

from __future__ import annotations

import random

from .conftest import Pages, Server, shot
from .drive import CLICK, READY, wait_ready


def test_a_private_game_ending_replay_and_analysis_are_its_players(server: Server, pages: Pages) -> None:
    seats = [{"kind": "human", "name": "Anna"}, {"kind": "bot", "bot": "random", "name": "Bot"}]
    body = {"game": "mansfeld", "options": {"players": 2}, "seats": seats, "seed": 5, "public": False}
    game = server.api("/api/games", body)
    page = pages.new(viewport={"width": 390, "height": 844})
    page.add_init_script("localStorage.setItem('feldherr:lang', 'de')")
    page.goto(game["seats"][0]["invite"])
    rng = random.Random(1)
    for _ in range(400):
        if wait_ready(page, READY, ("#ending",))["#ending"]:
            break
        page.evaluate(CLICK, rng.random())
    page.wait_for_selector("#final-scoring")
    # the charts of the ending, drawn from the replay's steps
    page.wait_for_selector("#plot-score polyline", state="attached")
    shot(page, "private-ending-de-phone")
    page.get_by_role("link", name="Wiederholung").click()
    page.wait_for_selector("#scrub")
    assert "privat" not in page.locator("main").inner_text()
    page.get_by_role("button", name="Analysieren").click()
    page.get_by_role("button", name="Diese Entscheidung analysieren").click()
    page.wait_for_selector("#analysis-moves li", timeout=60_000)
    assert "privat" not in page.locator("main").inner_text()
