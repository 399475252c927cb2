"""Undo where the table allows it, in Chromium: the step picker's "back" takes back the last toggle
or part before Confirm, the Wallenstein plan's last card comes out again before Confirm, and a sent
move the server lets the seat take back (update.undo) is taken back with the "Undo" button."""

from __future__ import annotations

import json
import random
from typing import Any

from .conftest import Pages, Server, playwright_api, shot
from .drive import text_problems, wait_ready, wallenstein_with_bots
from .test_words import PICKER


def test_back_takes_back_the_last_toggle_then_the_last_part(server: Server, pages: Pages) -> None:
    page = pages.new(viewport={"width": 390, "height": 844})
    page.goto(server.url + "/")
    page.wait_for_selector("#start")
    cards = ["Pikenier", "Obrist", "Trommler"]
    subsets = [[c for i, c in enumerate(cards) if mask >> i & 1] for mask in range(8)]
    # two parts: a province, then the cards to commit there
    choices = [
        {"move": ["commit", p, s], "text": f"{p}: {', '.join(s)}", "steps": [p, s]}
        for p in ("Anhalt", "Baden")
        for s in subsets
    ]
    page.evaluate(PICKER, [choices])
    assert page.locator("#step-back").count() == 0  # nothing to take back yet
    page.click("#choices button >> text=Baden")
    page.click("#choices button.toggle >> text=Obrist")
    page.click("#choices button.toggle >> text=Trommler")
    pressed = lambda: page.locator("#choices button.toggle[aria-pressed=true]").all_inner_texts()  # noqa: E731
    assert [t.split(" ", 1)[1] for t in pressed()] == ["Obrist", "Trommler"]
    page.click("#step-back")  # the last toggle
    assert [t.split(" ", 1)[1] for t in pressed()] == ["Obrist"]
    page.click("#step-back")
    assert pressed() == []
    page.click("#step-back")  # then the part before
    assert page.locator("#choices button").all_inner_texts() == ["Anhalt", "Baden"]
    assert page.evaluate("window.__sent") == []


def test_the_wallenstein_plan_takes_back_its_last_card(server: Server, pages: Pages) -> None:
    page, moves = wallenstein_with_bots(server, pages, 4)
    for _ in range(200):  # up to the first plan
        seen = wait_ready(page, "#plan-confirm, #choices button:not([disabled])", ("#plan-confirm",))
        if seen["#plan-confirm"]:
            break
        page.click("#choices button:not([disabled]) >> nth=0")
    sent = len(moves)
    assert page.locator("#plan-undo").is_disabled()
    # a box of the printed planning board: the card staged in it ("" while empty)
    box = lambda i: (  # noqa: E731
        page.locator(f"#plan li.box.staged >> nth={i} >> .pcard:not(.empty) .pname").all_inner_texts() or [""]
    )[0]
    assert box(0) == box(1) == ""
    page.click("#choices button:not(#plan-confirm) >> nth=-1")
    page.click("#choices button:not(#plan-confirm) >> nth=-1")
    assert box(0) and box(1)
    page.click("#plan-undo")  # the second card comes out; its box is the one to fill again
    assert box(0) and box(1) == ""
    assert "asked" in (page.locator("#plan li.box.staged >> nth=1").get_attribute("class") or "")
    page.click("#plan-undo")
    assert box(0) == "" and page.locator("#plan-undo").is_disabled()
    assert len(moves) == sent  # nothing was sent


def test_a_staged_wallenstein_plan_outlives_a_reload(server: Server, pages: Pages) -> None:
    """Three boxes of the plan staged, then the page reloaded (a phone reloads a tab left for
    another app): the plan came back empty, every card to be staged again. It comes back as staged,
    the last card still the one "take back" takes out, and nothing has been sent."""
    page, moves = wallenstein_with_bots(server, pages, 3)
    page.wait_for_selector("#plan-confirm", timeout=30_000)  # a fixed setup begins with the plan
    sent = len(moves)
    for _ in range(3):
        page.click("#choices button:not(#plan-confirm) >> nth=-1")
    staged = page.locator("#plan li.box.staged .pcard:not(.empty) .pname").all_inner_texts()
    assert len(staged) == 3 and page.locator("#plan-progress").inner_text().startswith("3 of")
    page.reload()
    page.wait_for_selector("#plan-progress")
    assert page.locator("#plan-progress").inner_text().startswith("3 of")
    assert page.locator("#plan li.box.staged .pcard:not(.empty) .pname").all_inner_texts() == staged
    page.click("#plan-undo")
    assert page.locator("#plan li.box.staged .pcard:not(.empty) .pname").all_inner_texts() == staged[:2]
    assert len(moves) == sent  # nothing was sent


def test_a_sent_move_is_taken_back_where_the_table_allows_it(server: Server, pages: Pages) -> None:
    """The toy game: the start player's "double the prize" and a secret bid may be taken back while
    the other player has not acted; the log line goes and the choice is offered again."""
    seats = [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Ben"}]
    game = server.create("toy", {"players": 2, "variant": "double"}, seats, seed=3)
    page = pages.new(viewport={"width": 1280, "height": 900})
    page.goto(game["seats"][0]["invite"])
    page.wait_for_selector("#choices button >> text=double the prize")
    assert page.locator("#undo").count() == 0
    page.click("#choices button >> text=double the prize")
    page.wait_for_selector("#undo")
    assert "doubles the prize" in page.locator("#log").inner_text()
    assert text_problems(page.inner_text("#undo"), "en") == []
    shot(page, "undo-offered")
    page.click("#undo")
    page.wait_for_selector("#choices button >> text=double the prize")
    assert "doubles the prize" not in page.locator("#log").inner_text()
    assert page.locator("#undo").count() == 0
    page.click("#choices button >> text=keep the prize")
    page.wait_for_selector("#choices button >> text=bid")
    page.click("#choices button >> text=bid >> nth=0")
    page.wait_for_selector("#waiting")
    page.click("#undo")  # the secret bid, while Ben still bids
    page.wait_for_selector("#choices button >> text=bid")
    status = json.loads(page.evaluate(f"fetch('/api/games/{game['id']}').then(r => r.text())"))
    assert status["version"] == 1  # the kept prize stands, the bid is gone
    # German: the button's words from the catalogue
    page.click("#lang")
    page.wait_for_selector("#choices button >> text=bieten")
    page.click("#choices button >> nth=0")
    page.wait_for_selector("#undo")
    assert "zurücknehmen" in page.locator("#undo").inner_text()
    assert text_problems(page.inner_text("#undo"), "de") == []


def test_an_el_grande_placement_is_taken_back(server: Server, pages: Pages) -> None:
    """A real game: the browser seat plays at random against a bot until the server offers to take
    a move back (a Caballero placed, the seat still to act); the button takes it back once."""
    from .drive import CLICK

    seats = [{"kind": "human", "name": "Anna"}, {"kind": "bot", "bot": "random", "name": "Bot"}]
    game = server.create("elgrande", {"players": 2}, seats, seed=5)
    page = pages.new(viewport={"width": 1280, "height": 900})
    page.goto(game["seats"][0]["invite"])
    rng = random.Random(1)

    def version() -> int:
        return int(
            json.loads(page.evaluate(f"fetch('/api/games/{game['id']}').then(r => r.text())"))["version"]
        )

    for _ in range(300):
        seen = wait_ready(page, "#choices button:not([disabled]), #undo, #ending", ("#ending", "#undo"))
        assert not seen["#ending"]
        if seen["#undo"]:
            before = version()
            log = page.locator("#log li").count()
            try:  # the offer may go with an update that was on its way (a CI run saw it vanish)
                page.click("#undo", timeout=5000)
            except playwright_api.TimeoutError:  # the browser fixture skips where Playwright is absent
                continue
            break
        page.evaluate(CLICK, rng.random())
    else:
        raise AssertionError("no move of the browser seat could be taken back")
    page.wait_for_function(f"document.querySelectorAll('#log li').length < {log}")
    assert version() == before - 1
    page.wait_for_selector("#choices button:not([disabled])")
    assert page.locator("#undo").count() == 0  # one step back, not more
    shot(page, "undo-elgrande")


def test_a_mansfeld_commitment_takes_back_its_last_toggle(server: Server, pages: Pages) -> None:
    """A real game: the browser seat plays at random until it commits cards to a province (a set of
    toggles); "back" takes back the last card toggled, then the one before; nothing is sent."""
    from .drive import CLICK

    seats = [{"kind": "human", "name": "Anna"}, {"kind": "bot", "bot": "random", "name": "Bot"}]
    game = server.create("mansfeld", {"players": 2}, seats, seed=3)
    page = pages.new(viewport={"width": 1280, "height": 900})
    sent: list[Any] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda f: sent.append(f) if '"move"' in f else None))
    page.goto(game["seats"][0]["invite"])
    rng = random.Random(2)
    for _ in range(400):
        toggles = "#choices button.toggle"
        seen = wait_ready(page, "#choices button:not([disabled]), #ending", ("#ending", toggles))
        assert not seen["#ending"]
        if seen[toggles] >= 2:
            break
        page.evaluate(CLICK, rng.random())
    else:
        raise AssertionError("the browser seat never committed two or more cards")
    # the heading counts no "1,024 choices" (every subset of ten cards) over ten toggles
    assert page.locator("#decision h2").inner_text() == "Your decision"
    before = len(sent)
    toggles = page.locator("#choices button.toggle")
    toggles.nth(0).click()
    toggles.nth(1).click()
    pressed = "#choices button.toggle[aria-pressed=true]"
    assert page.locator(pressed).count() == 2
    page.click("#step-back")
    assert page.locator(pressed).count() == 1
    assert page.locator("#choices button.toggle").nth(0).get_attribute("aria-pressed") == "true"
    page.click("#step-back")
    assert page.locator(pressed).count() == 0
    assert len(sent) == before
