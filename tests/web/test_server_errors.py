"""A server's refusal on a German page reads in German, in the server's own words (never a JSON dump,
a Python literal or the raw HTTP status), and an answer without words gets the client's words."""

from __future__ import annotations

import json
from typing import Any

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
