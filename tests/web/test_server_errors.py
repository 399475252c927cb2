"""A server's refusal on a German page reads in German, in the server's own words (never a JSON dump,
a Python literal or the raw HTTP status), and an answer without words gets the client's words."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

import pytest

from .conftest import Pages, Server


def test_a_refusal_on_a_german_page_shows_the_server_words(server: Server, pages: Pages) -> None:
    page = pages.new()
    page.add_init_script("localStorage.setItem('feldherr:lang', 'de')")
    bad: dict[str, int] = {}

    def too_long_a_name(route: Any) -> None:
        """The form keeps names to 40 characters: the request is made to carry a longer one."""
        if route.request.method != "POST":
            route.continue_()
            return
        body = json.loads(route.request.post_data)
        seat = next(i for i, s in enumerate(body["seats"]) if s["kind"] != "bot")
        body["seats"][seat]["name"] = "x" * 41
        bad["seat"] = seat
        route.continue_(post_data=json.dumps(body))

    page.route("**/api/games?*", too_long_a_name)
    page.goto(server.url + "/")
    page.wait_for_selector("#start")
    assert page.evaluate("document.documentElement.lang") == "de"
    page.click("#start")
    status = page.locator("#create-status")
    status.filter(has_text="Ungültige").wait_for()
    name = "Der Name des Spielers muss 1 bis 40 Zeichen haben"
    assert status.inner_text() == f"Fehler: Ungültige Plätze: Platz {bad['seat'] + 1}: {name}"
    # an answer without the server's words (an empty object), no such data file, and no answer at all
    page.route("**/api/unreachable*", lambda route: route.abort())
    page.route("**/api/wordless*", lambda route: route.fulfill(status=404, body="{}"))
    said = page.evaluate(
        """async () => {
          const { api } = await import('/static/dom.js');
          const out = [];
          const paths = [
            '/api/wordless', '/api/web/data/elgrande/nope', '/api/unreachable', '/api/games?limit=many'
          ];
          for (const path of paths) {
            try { await api(path); out.push('answered'); } catch (err) { out.push(err.message); }
          }
          return out;
        }"""
    )
    assert said == [
        "Der Server hat die Anfrage abgelehnt (Status 404)",
        "Unter dieser Adresse gibt es nichts",  # the data of no such card set: the server's words
        "Der Server antwortet nicht; bitte gleich noch einmal versuchen",
        "Feld limit muss eine ganze Zahl sein",
    ]
    # the browser reports each refused request on its console: those are the ones asked for here
    pages.errors[:] = [e for e in pages.errors if "Failed to load resource" not in e]


def test_an_address_with_nothing_at_it_is_a_page_in_the_reader_language(server: Server, pages: Pages) -> None:
    """A mistyped address in the browser showed the refusal's JSON ({"type":"error","code":
    "not-found","rule":"server.route",...}); it is a page in the browser's language with the way
    to the lobby (the API keeps answering scripts with JSON)."""
    for locale, words, link in (
        (
            "de-DE",
            "Unter dieser Adresse gibt es nichts.",
            "Zur Übersicht: ein Spiel beginnen oder weiterspielen",
        ),
        ("en-GB", "There is nothing at this address.", "To the lobby: start a game or go on with one"),
    ):
        page = pages.new(locale=locale, viewport={"width": 390, "height": 844})
        answer = page.goto(server.url + "/plya/abc")
        assert answer is not None and answer.status == 404
        assert page.evaluate("document.documentElement.lang") == locale[:2]
        text = page.locator("main").inner_text()
        assert "{" not in text and "server.route" not in text, text
        assert page.locator("#nowhere p").first.inner_text() == words
        page.get_by_role("link", name=link).click()
        page.wait_for_selector("#start")
        pages.errors[:] = [e for e in pages.errors if "status of 404" not in e]
    # German chosen on this device's pages, the browser English: German
    page = pages.new(locale="en-GB")
    page.add_init_script("localStorage.setItem('feldherr:lang', 'de')")
    page.goto(server.url + "/plya/abc")
    page.wait_for_function("document.documentElement.lang === 'de'")
    assert page.locator("#nowhere p").first.inner_text() == "Unter dieser Adresse gibt es nichts."
    pages.errors[:] = [e for e in pages.errors if "status of 404" not in e]
    # a script's call of an address that is not there: still the refusal as JSON
    request = urllib.request.Request(server.url + "/api/nowhere", headers={"accept": "text/html"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=30)
    assert json.loads(refused.value.read())["rule"] == "server.route"


def test_a_link_to_no_game_shows_the_way_to_the_lobby(server: Server, pages: Pages) -> None:
    """A seat's or a replay's address of a game that is not there (a link copied wrong) was a line of
    red words and nothing else on the page; it is a panel with the way to the lobby."""
    for lang, link in (
        ("de", "Zur Übersicht: ein Spiel beginnen oder weiterspielen"),
        ("en", "To the lobby: start a game or go on with one"),
    ):
        for screen in ("play", "replay"):
            page = pages.new(viewport={"width": 390, "height": 844})
            page.add_init_script(f"localStorage.setItem('feldherr:lang', '{lang}')")
            page.goto(server.url + f"/{screen}/no-such-game")
            said = page.locator("#no-table [role=alert]")
            said.wait_for()
            assert "no-such-game" not in said.inner_text()
            page.locator("#no-table").get_by_role("link", name=link).click()
            page.wait_for_selector("#start")
            pages.errors[:] = [e for e in pages.errors if "status of 404" not in e]


def test_an_invitation_link_copied_wrong_says_so_in_words_a_player_knows(
    server: Server, pages: Pages
) -> None:
    """A seat's link with a wrong key read "this token belongs to no seat of this game" on an
    otherwise empty page: a word of the protocol, and no way on."""
    seats = [{"kind": "human", "name": "Anna"}, {"kind": "bot", "bot": "random"}]
    game = server.create("mansfeld", {"players": 2}, seats)
    for lang, words, link in (
        ("de", "Dieser Einladungslink öffnet keinen Platz", "Zur Übersicht"),
        ("en", "This invitation link opens no seat", "To the lobby"),
    ):
        page = pages.new(viewport={"width": 390, "height": 844})
        page.add_init_script(f"localStorage.setItem('feldherr:lang', '{lang}')")
        page.goto(server.url + f"/play/{game['id']}#token=copied-wrong")
        said = page.locator("#no-table [role=alert]")
        said.wait_for()
        assert said.inner_text().startswith(words), said.inner_text()
        assert "token" not in said.inner_text().lower()
        assert page.locator("#no-table a", has_text=link).is_visible()


def test_the_right_link_after_a_wrong_one_opens_the_seat_without_asking(server: Server, pages: Pages) -> None:
    """A key copied wrong was kept on the device as if it were a seat of the game: the right link
    opened next asked "This invitation is for Anna — take Anna's seat here / back to my seat", as
    if the player had a seat there already."""
    seats = [{"kind": "human", "name": "Anna"}, {"kind": "bot", "bot": "random"}]
    game = server.create("mansfeld", {"players": 2}, seats)
    page = pages.new(viewport={"width": 390, "height": 844})
    page.goto(server.url + f"/play/{game['id']}#token=copied-wrong")
    page.locator("#no-table [role=alert]").wait_for()
    page.goto(game["seats"][0]["invite"])
    page.wait_for_selector("#choices button:not([disabled]), #invite-ask")
    assert page.locator("#invite-ask").count() == 0
    held = page.evaluate(f"localStorage.getItem('feldherr:tokens:{game['id']}')")
    assert "copied-wrong" not in held, held


def test_a_wrong_key_among_a_devices_seats_is_the_only_one_forgotten(server: Server, pages: Pages) -> None:
    """A device held two hot-seat keys and was given a third that opens nothing (copied wrong): the
    page forgot all three, and the game's address alone no longer opened the two seats it had."""
    seats = [{"kind": "hotseat", "name": "Anna"}, {"kind": "hotseat", "name": "Bert"}]
    game = server.create("mansfeld", {"players": 2}, seats, seed=5)
    anna, bert = game["hotseat_tokens"]
    page = pages.new(viewport={"width": 390, "height": 844})
    page.goto(server.url + f"/play/{game['id']}#tokens={anna},copied-wrong,{bert}")
    page.locator("#no-table [role=alert]").wait_for()
    held = json.loads(page.evaluate(f"localStorage.getItem('feldherr:tokens:{game['id']}')"))
    assert held == [anna, bert], held
    page.goto(server.url + "/")
    page.goto(server.url + f"/play/{game['id']}")
    page.locator("#pass h1", has_text="Anna").wait_for()  # the two seats, handed over on this device
