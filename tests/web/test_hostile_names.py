"""A player's name is the other players' to read, never their browser's to run: a name made of HTML
and script shows as its characters at the table, in the log and in the lobby's list, and runs
nothing (the client builds its nodes without innerHTML; this holds it)."""

from __future__ import annotations

from .conftest import Pages, Server

NAME = "<img src=x onerror=window.pwned=1>"


def test_a_name_made_of_html_shows_as_text_and_runs_nothing(server: Server, pages: Pages) -> None:
    seats = [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": NAME}]
    game = server.create("mansfeld", {"players": 2}, seats, seed=3)
    page = pages.new(viewport={"width": 1280, "height": 900})
    page.add_init_script("window.pwned = 0")
    page.goto(game["seats"][0]["invite"])
    page.wait_for_selector("#choices button:not([disabled]), #log li")
    page.get_by_text(NAME).first.wait_for()
    assert page.evaluate("window.pwned") == 0
    assert page.locator("img[src='x']").count() == 0
    page.goto(server.url + "/")
    page.wait_for_selector("#start")
    page.wait_for_timeout(500)
    assert page.evaluate("window.pwned") == 0
    assert page.locator("img[src='x']").count() == 0
