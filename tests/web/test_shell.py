"""The client's shell with the toy game (tests/core/toygame.py, the whole core contract): the lobby
form, a game to the end by keyboard alone, hot-seat hand-overs, two browsers that never see each
other's secrets, a reload mid-game, the language switch, the replay viewer and record import."""

from __future__ import annotations

import json
import re
from typing import Any

from .conftest import Pages, Server, shot

HUMAN = {"kind": "human", "name": "Anna"}


def bot(name: str = "Bot") -> dict[str, Any]:
    return {"kind": "bot", "bot": "random", "name": name}


def play_url(server: Server, game: dict[str, Any], seat: int) -> str:
    return game["seats"][seat]["invite"]


def test_lobby_form_then_a_game_to_the_end_by_keyboard(server: Server, pages: Pages) -> None:
    page = pages.new()
    page.goto(server.url + "/")
    page.wait_for_selector("#start")
    page.select_option("#game", "toy")
    # The form comes from the option spec: players, rounds, variant.
    assert page.locator("#opt-rounds").count() == 1
    assert page.locator("#opt-variant option").count() == 2
    page.select_option("#opt-players", "3")
    assert page.locator("#seats .seat-row").count() == 3
    page.select_option("#bot-1", "heuristic")
    page.fill("#name-0", "Anna")
    shot(page, "lobby")
    page.click("#start")
    page.wait_for_url(re.compile(r"/play/"))
    page.wait_for_selector("#choices button")
    shot(page, "toy-decision")
    for _ in range(60):  # the focus sits on the first choice: Enter plays it
        if page.locator("#ending").count():
            break
        page.wait_for_selector("#choices button:not([disabled]), #ending")
        if page.locator("#ending").count():
            break
        page.keyboard.press("Enter")
    page.wait_for_selector("#final-scoring")
    assert "The game ends" in page.locator("#scoring-lines").inner_text()
    page.wait_for_selector("#plot-score polyline", state="attached")
    assert page.locator("#plot-score polyline").count() == 3
    shot(page, "toy-ending")
    # A rematch with the same seats opens at once.
    old_url = page.url
    page.click("#rematch")
    page.wait_for_url(lambda url: "/play/" in url and url.split("#")[0] != old_url.split("#")[0])
    page.wait_for_selector("#choices button")


def test_hot_seat_hands_over_before_every_secret_step(server: Server, pages: Pages) -> None:
    page = pages.new()
    page.goto(server.url + "/")
    page.wait_for_selector("#start")
    page.select_option("#game", "toy")
    page.select_option("#opt-players", "2")
    page.select_option("#seat-0", "hotseat")
    page.select_option("#seat-1", "hotseat")
    page.fill("#name-0", "Anna")
    page.fill("#name-1", "Bert")
    page.click("#start")
    page.wait_for_selector("#pass")
    shot(page, "hotseat-pass")
    handovers = []
    for _ in range(40):
        page.wait_for_selector("#pass, #choices button:not([disabled]), #ending")
        if page.locator("#ending").count():
            break
        if page.locator("#pass").count():
            text = page.locator("#pass h1").inner_text()
            handovers.append(text)
            # Nothing of anybody's seat is on screen while the device is handed over.
            assert page.locator("#board").count() == 0 and page.locator("#log").count() == 0
            page.click("#ready")
            continue
        page.click("#choices button >> nth=0")
    assert page.locator("#ending").count() == 1
    assert any("Anna" in t for t in handovers) and any("Bert" in t for t in handovers)
    assert len(handovers) >= 4  # each round: a bid by each, in secret


def test_two_browsers_see_public_moves_and_never_the_others_secret(server: Server, pages: Pages) -> None:
    game = server.create("toy", {"players": 2, "rounds": 2}, [HUMAN, {"kind": "human", "name": "Bert"}])
    a, b = pages.new(), pages.new()
    frames: dict[str, list[Any]] = {"a": [], "b": []}
    for key, page in (("a", a), ("b", b)):
        page.on(
            "websocket",
            lambda ws, key=key: ws.on("framereceived", lambda f, key=key: frames[key].append(json.loads(f))),
        )
    a.goto(play_url(server, game, 0))
    b.goto(play_url(server, game, 1))
    a.wait_for_selector("#choices button")
    b.wait_for_selector("#waiting")
    a.click("#choices button >> text=/double/i")  # the start player's public decision
    b.wait_for_selector("#log li >> text=/doubles/")
    # Both bid in secret; A first: B must not learn A's card before the reveal.
    b.wait_for_selector("#choices button")
    a.wait_for_selector("#choices button:not([disabled])")
    a_card = a.locator("#choices button >> nth=0").inner_text()
    a.click("#choices button >> nth=0")
    a.wait_for_selector("#log li >> text=/You bid/")
    assert "You bid" not in b.locator("#log").inner_text()
    b.click("#choices button >> nth=0")
    a.wait_for_selector("#log li >> text=/revealed/")
    b.wait_for_selector("#log li >> text=/revealed/")
    shot(a, "two-browsers-a")
    shot(b, "two-browsers-b")
    # A spectator by the watch link sees the public log and nobody's hand.
    watcher = pages.new()
    watcher.goto(game["watch"])
    watcher.wait_for_selector("#log li >> text=/revealed/")
    assert "You bid" not in watcher.locator("#log").inner_text()
    assert watcher.locator("#choices").count() == 0
    assert a_card
    # On the wire: every update B received is B's own, and B never got A's hand or A's private lines.
    for msg in frames["b"]:
        if msg.get("type") == "update":
            assert msg["seat"] == 1
            assert msg["view"]["seat"] == 1
            assert all(item["entry"].get("to") in (None, 1) for item in msg["log"])
    hands_a = {json.dumps(m["view"]["hand"]) for m in frames["a"] if m.get("type") == "update"}
    hands_b = {json.dumps(m["view"]["hand"]) for m in frames["b"] if m.get("type") == "update"}
    assert not hands_a & hands_b


def test_reload_mid_game_resumes(server: Server, pages: Pages) -> None:
    game = server.create("toy", {"players": 2, "rounds": 3}, [HUMAN, bot()])
    page = pages.new()
    page.goto(play_url(server, game, 0))
    for _ in range(3):
        page.wait_for_selector("#choices button:not([disabled])")
        page.click("#choices button >> nth=0")
    page.wait_for_selector("#choices button:not([disabled])")
    before = page.locator("#log li").all_inner_texts()
    # A reload without the address's token: the device remembers it.
    page.goto(server.url + f"/play/{game['id']}")
    page.wait_for_selector("#choices button:not([disabled])")
    assert page.locator("#log li").all_inner_texts() == before
    page.click("#choices button >> nth=0")
    page.wait_for_function("n => document.querySelectorAll('#log li').length > n", arg=len(before))


def test_language_switch_at_any_moment(server: Server, pages: Pages) -> None:
    game = server.create("toy", {"players": 2}, [HUMAN, bot()])
    page = pages.new(locale="en-GB")
    page.goto(play_url(server, game, 0))
    page.wait_for_selector("#choices button")
    assert "Log" in page.locator("#log h2").inner_text()
    assert "prize" in page.locator("#log").inner_text()
    page.click("#lang")
    page.wait_for_selector("#log h2 >> text=Protokoll")
    page.wait_for_selector("#log li >> text=/Preis/")
    page.wait_for_selector("#choices button >> text=/Preis/")
    shot(page, "language-de")
    page.click("#lang")
    page.wait_for_selector("#log li >> text=/prize/")
    page.goto(server.url + "/")
    page.wait_for_selector("#start >> text=Start")


def test_replay_viewer_and_record_import(server: Server, pages: Pages) -> None:
    game = server.create("toy", {"players": 3, "rounds": 3}, [bot("A"), bot("B"), bot("C")])
    server.wait_status(game["id"], "finished")
    page = pages.new()
    page.goto(server.url + f"/replay/{game['id']}")
    page.wait_for_selector("#timeline")
    total = int(page.locator("#scrub").get_attribute("max"))
    assert total > 3
    assert page.locator("#at").input_value() == "0"
    page.click("#next")
    page.wait_for_function("document.querySelector('#at').value === '1'")
    page.keyboard.press("End")
    page.wait_for_function(f"document.querySelector('#at').value === '{total}'")
    page.wait_for_selector("#final-scoring")
    page.wait_for_selector("#plot-score polyline", state="attached")
    shot(page, "replay-end")
    page.keyboard.press("Home")
    page.wait_for_function("document.querySelector('#at').value === '0'")
    page.click("#playpause")
    page.wait_for_function("Number(document.querySelector('#at').value) >= 2")
    page.click("#playpause")
    # Jump to a round: the toy game's rounds open with the prize line.
    page.wait_for_selector("#round")
    target = page.locator("#round option").nth(2).get_attribute("value")
    page.select_option("#round", target)
    page.wait_for_function(f"document.querySelector('#at').value === '{target}'")
    # Import the record: it opens in the replay viewer.
    record = server.api(f"/api/games/{game['id']}/record")
    page.goto(server.url + "/")
    page.wait_for_selector("#record-text")
    page.fill("#record-text", json.dumps(record))
    page.click("#import button")
    page.wait_for_url(re.compile(r"/replay/"))
    page.wait_for_selector("#timeline")
    assert int(page.locator("#scrub").get_attribute("max")) == total


def test_phone_layout(server: Server, pages: Pages) -> None:
    phone = {
        "viewport": {"width": 390, "height": 844},
        "device_scale_factor": 2,
        "is_mobile": True,
        "has_touch": True,
    }
    # The client marks the moment the form is on screen with its handlers attached; how long that
    # takes is measured by scripts/bench-web.py (docs/benchmarks.md), never by a timed test.
    page = pages.new(**phone)
    page.goto(server.url + "/")
    page.wait_for_selector("#start")
    assert page.evaluate("performance.getEntriesByName('feldherr:interactive').length") == 1
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
    shot(page, "phone-lobby")
    game = server.create("toy", {"players": 2}, [HUMAN, bot()])
    page.goto(play_url(server, game, 0))
    page.wait_for_selector("#choices button")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "phone-play")
