"""The client's shell with the toy game (tests/core/toygame.py, the whole core contract): the lobby
form, a game to the end by keyboard alone, hot-seat hand-overs, two browsers that never see each
other's secrets, a reload mid-game, the language switch, the replay viewer and record import."""

from __future__ import annotations

import json
import re
from typing import Any

from .conftest import Pages, Server, shot
from .drive import text_problems

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


def test_hot_seat_choices_stay_off_until_the_movers_own_update(server: Server, pages: Pages) -> None:
    """A move's choices come back only with the moving seat's own update of the version its ack
    names, and an ack that comes last draws them again. A hot-seat Mansfeld game stuck: Bert's move
    was acknowledged, Anna's update of the next step came first, and Bert's page showed the choices
    he had just answered, enabled (the ack had ended the move in flight); a click sent the same
    move again, the server answered that duplicate with an ack and no update, and the choices
    stayed disabled for good (an ack did not draw the page). The socket is held back here to bring
    about both orders."""
    seats = [{"kind": "hotseat", "name": "Anna"}, {"kind": "hotseat", "name": "Bert"}]
    game = server.create("toy", {"players": 2, "rounds": 3, "variant": "plain"}, seats)
    hold: dict[str, Any] = {"ack": None, "update": None}  # the seat whose ack / own update is held
    held: list[Any] = []
    passed: list[dict[str, Any]] = []  # what reached the page
    sent: list[tuple[int, int]] = []
    sockets: list[Any] = []

    def route(ws: Any) -> None:
        upstream = ws.connect_to_server()
        sockets.append(ws)

        def from_page(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") == "move":
                sent.append((data["seat"], data["version"]))
            upstream.send(message)

        def from_server(message: str | bytes) -> None:
            data = json.loads(message)
            kind, seat = data.get("type"), data.get("seat")
            acked = any(m["type"] == "ack" and m.get("seat") == seat for m in passed[-3:])
            own_update = kind == "update" and seat == hold["update"] and acked
            if (kind == "ack" and seat == hold["ack"]) or own_update:
                held.append(message)
                return
            passed.append(data)
            ws.send(message)

        ws.on_message(from_page)
        upstream.on_message(from_server)

    def release() -> None:
        hold["ack"] = hold["update"] = None
        while held:
            sockets[-1].send(held.pop(0))

    page = pages.new()
    page.route_web_socket(re.compile(r"/ws/games/"), route)
    page.goto(server.url + f"/play/{game['id']}#tokens={','.join(game['hotseat_tokens'])}")
    enabled = "#choices button:not([disabled])"
    me = lambda: page.locator("#seat-list li.me").inner_text()  # noqa: E731
    page.click("#ready")  # the device goes to Anna first
    page.wait_for_selector(enabled)
    assert "Anna" in me()
    # 1. Anna bids and her ack is held while both seats' updates come: the hand-over, then Bert's
    # choices, disabled while Anna's move is unacknowledged; the ack alone brings them back.
    hold["ack"] = 0
    page.click(f"{enabled} >> nth=0")
    page.wait_for_selector("#pass")
    page.click("#ready")
    page.wait_for_selector("#choices button")
    assert "Bert" in me()
    page.wait_for_timeout(200)
    assert page.locator(enabled).count() == 0 and len(held) == 1
    release()
    page.wait_for_selector(enabled)
    # 2. Bert bids (the round ends: both are asked again) and his own update is held: Anna's comes
    # first, and the choices Bert just answered are not offered again meanwhile.
    version = passed[-1]["version"]
    hold["update"] = 1
    page.click(f"{enabled} >> nth=0")
    for _ in range(400):  # Anna's update of the new round has reached the page, Bert's is held
        if held and any(m["type"] == "update" and m["seat"] == 0 and m["version"] > version for m in passed):
            break
        page.wait_for_timeout(50)
    page.wait_for_timeout(200)
    assert len(held) == 1, held
    assert page.locator(enabled).count() == 0 and page.locator("#pass").count() == 0
    release()
    page.wait_for_selector(f"#pass, {enabled}")
    assert len(sent) == len(set(sent)) == 2, sent  # no move was sent twice


def test_hot_seat_language_switch_never_shows_the_old_languages_game_texts(
    server: Server, pages: Pages
) -> None:
    """After the language switch a seat's page shows none of the game's texts (log, choices) in the
    old language, also while the fresh connection's texts in the new one are still on their way.
    A hot-seat Mansfeld game read English log lines and choices on its German page: the switch
    came at a hand-over screen, which had no connection status to wait for, and "I am Bert" drew
    Bert's page from the updates received before the switch. Here the fresh connection's messages
    are held back until the page has been read, both ways (English to German, German to English)."""
    seats = [{"kind": "hotseat", "name": "Anna"}, {"kind": "hotseat", "name": "Bert"}]
    game = server.create("toy", {"players": 2, "rounds": 3, "variant": "plain"}, seats)
    hold = {"on": False}
    held: list[tuple[Any, str | bytes]] = []
    opened: list[Any] = []

    def route(ws: Any) -> None:
        upstream = ws.connect_to_server()
        holding = hold["on"]  # a connection opened while the hold is on: its messages wait
        opened.append(ws)

        def from_server(message: str | bytes) -> None:
            if holding and hold["on"]:
                held.append((ws, message))
                return
            ws.send(message)

        ws.on_message(lambda message: upstream.send(message))
        upstream.on_message(from_server)

    def release() -> None:
        hold["on"] = False
        while held:
            ws, message = held.pop(0)
            ws.send(message)

    def game_texts() -> list[str]:
        return [t for t in page.locator("[data-game], #log li").all_inner_texts() if t.strip()]

    def switch(to: str, before: set[str]) -> None:
        """The language switch with the fresh connection's messages held back; the page read
        (and Bert's page asked for, where the device was being handed over) meanwhile: none of
        the game's texts ``before`` (in the old language) is on it."""
        assert before
        hold["on"] = True
        sockets = len(opened)
        page.click("#lang")
        page.wait_for_function(f"document.documentElement.lang === '{to}'")
        for _ in range(200):  # the fresh connection is open (its messages held)
            if len(opened) > sockets:
                break
            page.wait_for_timeout(25)
        assert len(opened) > sockets
        if page.locator("#ready").count():
            page.click("#ready")
        page.wait_for_timeout(300)  # time for a late draw of the old texts
        shown = game_texts()
        shot(page, f"hotseat-language-switch-{to}-waiting")
        assert not before & set(shown), (to, sorted(before & set(shown)))
        release()

    page = pages.new(locale="en-GB")
    page.route_web_socket(re.compile(r"/ws/games/"), route)
    page.goto(server.url + f"/play/{game['id']}#tokens={','.join(game['hotseat_tokens'])}")
    enabled = "#choices button:not([disabled])"
    page.click("#ready")  # the device goes to Anna first
    page.wait_for_selector(enabled)
    english = set(game_texts())  # Anna's: the round's prize, "bid 1", ... (Bert's page reads alike)
    page.click(f"{enabled} >> nth=0")  # Anna bids: the device goes round to Bert
    page.wait_for_selector("#pass")
    # 1. English to German at the hand-over screen.
    switch("de", english)
    page.wait_for_selector(f"{enabled} >> text=/bieten/")
    page.wait_for_selector("#log li >> text=/Preis/")
    assert "Bert" in page.locator("#seat-list li.me").inner_text()
    assert not [p for t in game_texts() for p in text_problems(t, "de") if "english" in p.lower()]
    # 2. German to English on Bert's page.
    switch("en", set(game_texts()))
    page.wait_for_selector(f"{enabled} >> text=/bid/")
    page.wait_for_selector("#log li >> text=/prize/")
    shot(page, "hotseat-language-switch")


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


def test_replay_language_switch_never_shows_the_old_languages_texts(server: Server, pages: Pages) -> None:
    """The replay viewer after a language switch: none of the server's texts (the step's log, the
    jump marks) in the old language, neither while those in the new one are on their way nor from
    an answer asked before the switch that comes after them (it named the rounds in English on a
    German page for good)."""
    game = server.create("toy", {"players": 2, "rounds": 3}, [bot("A"), bot("B")])
    server.wait_status(game["id"], "finished")
    hold = {"on": True}
    held: list[Any] = []

    def route(request: Any) -> None:
        if hold["on"]:
            held.append(request)
        else:
            request.continue_()

    def asked(n: int) -> None:
        for _ in range(400):
            if len(held) >= n:
                return
            page.wait_for_timeout(25)
        raise AssertionError(f"{len(held)} of {n} requests")

    def release(lang: str) -> None:
        for request in [r for r in held if f"lang={lang}" in r.request.url]:
            held.remove(request)
            request.continue_()

    def texts() -> list[str]:
        return [t for t in page.locator("[data-game], #log li").all_inner_texts() if t.strip()]

    page = pages.new(locale="en-GB")
    page.route(re.compile(r"/api/games/[^/]+/replay\?"), route)
    page.goto(server.url + f"/replay/{game['id']}")
    asked(2)  # the first step and the jump marks, in English: held
    # 1. Switched before the English answers came: they come last, after the German ones.
    page.click("#lang")
    asked(4)
    release("de")
    page.wait_for_selector("#log li >> text=/Preis/")
    page.wait_for_selector("#round option >> text=/Runde/", state="attached")
    release("en")
    page.wait_for_timeout(300)  # time for the late English answers to be drawn
    german = texts()
    assert not [p for t in german for p in text_problems(t, "de") if "english" in p.lower()], german
    assert page.locator("#round option >> text=/Round/").count() == 0
    # 2. Switched while a step is shown: its German texts go at once, before the English come.
    page.click("#lang")
    asked(2)
    page.wait_for_timeout(300)
    shot(page, "replay-language-switch-waiting")
    assert not set(german) & set(texts()), sorted(set(german) & set(texts()))
    assert page.locator("#where").inner_text() == "· replay · Toy Auction"  # the client's words at once
    hold["on"] = False
    release("en")
    page.wait_for_selector("#log li >> text=/prize/")
    page.wait_for_selector("#round option >> text=/Round/", state="attached")


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


def test_the_browsers_own_language_is_read_in_any_case(server: Server, pages: Pages) -> None:
    """The language a page starts in: the stored choice, else the browser's language, by its first
    two letters in any case ("DE" stored, "DE-de" said by the browser: German, not English)."""
    stored = pages.new(locale="en-GB")
    stored.add_init_script("localStorage.setItem('feldherr:lang', 'DE')")
    said = pages.new()  # no stored choice: what the browser says, in capitals
    said.add_init_script("Object.defineProperty(navigator, 'language', { get: () => 'DE-de' })")
    for page in (stored, said):
        page.goto(server.url + "/")
        page.wait_for_selector("#start >> text=Los")
        assert page.evaluate("document.documentElement.lang") == "de"
    shot(said, "language-from-capitals")
    english = pages.new(locale="en-GB")  # the default is unchanged
    english.goto(server.url + "/")
    english.wait_for_selector("#start >> text=Start")
    assert english.evaluate("document.documentElement.lang") == "en"
