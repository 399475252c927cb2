"""Friends at one table over the network, as a group would play: Anna starts a game in the lobby
with a friend's seat left unnamed, the friend opens the invitation (German, a phone) and gives a
name there, the others read it everywhere at once, a name already at the table is refused in the
friend's words; Anna sees whether the friend has come, and when the friend leaves and comes back.
Each person is a browser context of their own; every socket frame the friend receives is checked
for Anna's token."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from .conftest import Pages, Server, shot


def bar(page: Any) -> str:
    return str(page.locator("#seat-list").inner_text())


def test_a_friend_joins_by_link_names_themselves_leaves_and_comes_back(server: Server, pages: Pages) -> None:
    anna = pages.new(viewport={"width": 1280, "height": 900}, locale="en-US")
    anna.goto(server.url + "/")
    anna.wait_for_selector("#start")
    anna.select_option("#game", "elgrande")
    anna.select_option("#opt-players", "2")
    anna.fill("#name-0", "Anna")
    anna.select_option("#seat-1", "friend")
    anna.click("#start")
    anna.wait_for_selector("#created")
    invites = anna.locator("input.invite")
    assert invites.count() == 1
    link = invites.input_value()
    # listed by the seat's colour until the friend gives a name
    anna.get_by_text("Blue · a friend (gives a name on joining)").wait_for()
    shot(anna, "friends-created")
    anna.click("#go")
    anna.wait_for_selector("#seat-list")
    anna.wait_for_function("document.querySelector('#seat-list').innerText.includes('not here yet')")
    assert anna.locator("#name-panel").count() == 0  # Anna has her name
    # the link is at hand on her page too, until the friend has opened it
    assert anna.locator("#invite-panel input.invite").input_value() == link
    assert "Blue:" in anna.locator("#invite-panel").inner_text()

    friend = pages.new(viewport={"width": 390, "height": 844}, locale="de-DE", is_mobile=True, has_touch=True)
    frames: list[str] = []
    friend.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(f)))
    friend.goto(link)
    friend.wait_for_selector("#name-panel")
    hint = friend.locator("#name-panel").inner_text()
    assert "Dein Name an diesem Tisch" in hint and "Blau" in hint  # by colour until named
    anna.wait_for_function("!document.querySelector('#seat-list').innerText.includes('not here yet')")
    assert "Blue" in bar(anna)
    assert anna.locator("#invite-panel").count() == 0

    friend.fill("#my-name", "anna")  # Anna sits here already
    friend.click("#take-name")
    friend.wait_for_selector("#name-error")
    assert "anna spielt an diesem Tisch schon mit" in friend.locator("#name-error").inner_text()
    friend.fill("#my-name", "Jörg")
    friend.click("#take-name")
    friend.wait_for_function("!document.querySelector('#name-panel')")
    shot(friend, "friends-named-phone-de")
    # everyone reads the name at once: the seats bar and the log's very first line
    anna.wait_for_function("document.querySelector('#seat-list').innerText.includes('Jörg')")
    anna.wait_for_function("document.querySelector('#log li').innerText.includes('Jörg')")
    assert "Jörg · du" in bar(friend)
    assert "Jörg" in friend.locator("#log li").first.inner_text()

    # a spectator (German) is told that they watch, and reads what the players do, not "what to do"
    watcher = pages.new(locale="de-DE")
    watcher.add_init_script("localStorage.setItem('feldherr:lang', 'de')")
    watcher.goto(link.split("#")[0])
    watcher.wait_for_selector("#watching")
    assert watcher.locator("#watching").inner_text() == "Du schaust bei diesem Spiel zu."
    assert watcher.locator("#phase-help strong").inner_text().startswith("Was die Spieler jetzt tun")
    assert watcher.locator("#sound, #notify, #name-panel, #invite-panel").count() == 0
    assert "Jörg" in bar(watcher) and "du" not in bar(watcher).split()
    # the friend closes the tab: Anna sees that he is away, and why she may wait
    friend.context.close()
    anna.wait_for_function("document.querySelector('#seat-list').innerText.includes('away')")
    shot(anna, "friends-away")
    # ... and comes back with the same link on another device: no name asked again
    again = pages.new(viewport={"width": 1280, "height": 900}, locale="de-DE")
    again.goto(link)
    again.wait_for_selector("#seat-list")
    again.wait_for_function("document.querySelector('#seat-list').innerText.includes('Jörg · du')")
    assert again.locator("#name-panel").count() == 0
    anna.wait_for_function("!document.querySelector('#seat-list').innerText.includes('away')")

    held = "JSON.parse(localStorage.getItem(`feldherr:tokens:${location.pathname.split('/')[2]}`))[0]"
    anna_token = anna.evaluate(held)
    assert anna_token and frames and not any(anna_token in f for f in frames)
    assert all("token" not in json.loads(f).get("table", [{}])[0] for f in frames if '"table"' in f)


@pytest.mark.parametrize("pace", ["instant", "slow"])
def test_a_friends_move_between_my_move_and_its_ack_sends_nothing_twice(
    server: Server, pages: Pages, pace: str
) -> None:
    """Three friends plan in Wallenstein at once. Anna confirms her staged plan; while its first box
    is on its way, Bert fills a box of his, so Anna's page hears of Bert's move before its own
    move's ack. The page used to take that update as the end of its move: the choices came back
    and the staged plan sent the same box again, refused as "the game has moved on". At "slow"
    the others' moves are held back by the pace: a position from before Anna's own last move
    sends nothing either."""
    seats = [
        {"kind": "human", "name": "Anna"},
        {"kind": "human", "name": "Bert"},
        {"kind": "bot", "bot": "random", "name": "Cora"},
    ]
    game = server.create("wallenstein", {"players": 3, "setup": "fixed"}, seats, seed=4)
    bert = game["seats"][1]["token"]

    def bert_moves() -> bool:
        """Bert's first legal move, if he is asked one; whether he moved."""
        update = server.api(f"/api/games/{game['id']}/update", token=bert)
        decision = update["view"]["decision"]
        if not decision or not decision["moves"]:
            return False
        server.api(
            f"/api/games/{game['id']}/moves",
            {"move": decision["moves"][0], "version": update["version"]},
            bert,
        )
        return True

    sent: list[dict[str, Any]] = []
    received: list[dict[str, Any]] = []

    def route(ws: Any) -> None:
        upstream = ws.connect_to_server()

        def from_page(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") == "move":
                sent.append(data)
                if data["move"][0] == "slot" and len([m for m in sent if m["move"][0] == "slot"]) == 1:
                    assert bert_moves()  # before Anna's first box reaches the server
            upstream.send(message)

        def from_server(message: str | bytes) -> None:
            received.append(json.loads(message))
            ws.send(message)

        ws.on_message(from_page)
        upstream.on_message(from_server)

    anna = pages.new(pace=pace, viewport={"width": 1280, "height": 900})
    anna.route_web_socket(re.compile(r"/ws/games/"), route)
    anna.goto(game["seats"][0]["invite"])
    for _ in range(100):  # up to the first plan (a fixed setup has no draft)
        anna.wait_for_selector("#plan-confirm, #choices button:not([disabled]), #waiting", timeout=30_000)
        if anna.locator("#plan-confirm").count():
            break
        if not bert_moves():
            anna.click("#choices button:not([disabled]) >> nth=0")
    boxes = anna.locator("#plan li.box.staged").count()
    for _ in range(boxes):
        anna.click("#choices button:not(#plan-confirm) >> nth=-1")
    anna.click("#plan-confirm")
    anna.wait_for_function("!document.querySelector('#plan-confirm')")
    slots = [tuple(m["move"][:2]) for m in sent if m["move"][0] == "slot"]
    assert len(slots) == boxes and len(set(slots)) == boxes, slots  # every box once
    assert not [m for m in received if m["type"] == "error"]
    assert anna.locator("#decision .error").count() == 0


def test_a_name_reads_as_typed_in_every_sentence(server: Server, pages: Pages) -> None:
    """A player's name fills the client's sentences as typed: "$&" and "$'" in a name are
    characters, not the replacement patterns of String.replace (they printed the placeholder or
    the rest of the sentence in the name's place); a placeholder used twice is filled twice."""
    page = pages.new()
    page.goto(server.url + "/")
    page.wait_for_selector("#start")
    said = page.evaluate(
        """async () => { const m = await import('/static/i18n.js');
        return [m.t('ready', { name: "Ca$h $& $' Co" }), m.t('waitStandIn', { name: 'Jörg' }),
                m.tn('boxesFilledN', 3, { k: "$&" })]; }"""
    )
    assert said[0] == "I am Ca$h $& $' Co: show my seat"
    assert said[1] == "Jörg is away: a bot plays meanwhile, until Jörg is back."
    assert said[2] == "$& of 3 boxes filled"


def test_a_friend_hears_of_the_rematch_and_joins_it(server: Server, pages: Pages) -> None:
    seats = [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Bert"}]
    game = server.create("toy", {"players": 2, "rounds": 1}, seats, seed=5)
    tokens = [s["token"] for s in game["seats"]]
    for _ in range(10):  # both bid (over HTTP) until the game is over
        for token in tokens:
            update = server.api(f"/api/games/{game['id']}/update", token=token)
            decision = update["view"]["decision"]
            if decision and decision["moves"]:
                body = {"move": decision["moves"][0], "version": update["version"]}
                server.api(f"/api/games/{game['id']}/moves", body, token)
    server.wait_status(game["id"], "finished")
    anna = pages.new()
    bert = pages.new(locale="de-DE")
    bert.add_init_script("localStorage.setItem('feldherr:lang', 'de')")
    anna.goto(game["seats"][0]["invite"])
    bert.goto(game["seats"][1]["invite"])
    for page in (anna, bert):
        page.wait_for_selector("#ending #rematch")
    assert bert.locator("#rematch").inner_text() == "Revanche"
    anna.click("#rematch")
    anna.wait_for_url(re.compile(r"/play/(?!" + re.escape(game["id"]) + ")"))
    new_id = anna.url.split("/play/")[1].split("#")[0]
    # Bert's page hears of it: who started it, and the button joins it
    bert.wait_for_selector("#rematch-note")
    assert bert.locator("#rematch-note").inner_text() == "Anna hat eine Revanche gestartet."
    assert bert.locator("#rematch").inner_text() == "Zur Revanche"
    shot(bert, "friends-rematch-de")
    bert.click("#rematch")
    bert.wait_for_url(re.compile(re.escape(new_id)))
    bert.wait_for_selector("#seat-list")
    anna.wait_for_function("!document.querySelector('#seat-list').innerText.includes('not here yet')")
    assert "Bert" in bar(anna) and "Anna" in bar(bert)


MIDDLE = """(sel) => {
  const el = document.querySelector(sel);
  const range = document.createRange();
  range.selectNodeContents(el);
  const words = range.getBoundingClientRect(), box = el.getBoundingClientRect();
  const off = (words.top + words.bottom) / 2 - (box.top + box.bottom) / 2;
  return [Math.round(box.height), Math.round(Math.abs(off))];
}"""


def test_the_created_pages_button_on_a_phone_has_its_words_in_the_middle(
    server: Server, pages: Pages
) -> None:
    """A link styled as a button ("open the game") is 44 px high on a phone; its words stood at its
    top edge, the rest of the button empty under them."""
    page = pages.new(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page.goto(server.url + "/")
    page.wait_for_selector("#start")
    page.select_option("#game", "mansfeld")
    page.select_option("#seat-1", "friend")
    page.click("#start")
    page.wait_for_selector("#created #go")
    height, off = page.evaluate(MIDDLE, "#go")
    assert height >= 44 and off <= 2, (height, off)


def test_the_creator_trying_a_friends_link_keeps_one_seat_on_the_device(server: Server, pages: Pages) -> None:
    seats = [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Bert"}]
    game = server.create("mansfeld", {"players": 2}, seats, seed=3)
    anna = pages.new()
    anna.goto(server.url + f"/play/{game['id']}#tokens={game['seats'][0]['token']}")
    anna.wait_for_function("document.querySelector('#seat-list')?.innerText.includes('Anna · you')")
    anna.goto(game["seats"][1]["invite"])  # Bert's link, tried on Anna's device: asked first
    ask = anna.locator("#invite-ask")
    ask.wait_for()
    anna.wait_for_function("document.querySelector('#invite-ask h1').innerText.includes('Bert')")
    assert "This invitation is for Bert" in ask.inner_text() and "see Bert as having come" in ask.inner_text()
    shot(anna, "friends-invite-ask")
    anna.click("#ask-mine")  # back to her own seat: Bert has not come
    anna.wait_for_function("document.querySelector('#seat-list')?.innerText.includes('Anna · you')")
    assert "not here yet" in bar(anna) and "token" not in anna.url
    assert server.api(f"/api/games/{game['id']}")["seats"][1]["claimed"] is False
    anna.goto(game["seats"][1]["invite"])
    anna.click("#ask-take")  # taken here on purpose: this tab plays Bert
    anna.wait_for_function("document.querySelector('#seat-list')?.innerText.includes('Bert · you')")
    assert "token" not in anna.url
    anna.reload()  # the tab keeps Bert's seat without the token in the address
    anna.wait_for_function("document.querySelector('#seat-list')?.innerText.includes('Bert · you')")
    # the game's address alone: Anna's seat, not both seats as hot-seat (no hand-over to Bert)
    anna.goto(server.url + f"/play/{game['id']}")
    anna.wait_for_function("document.querySelector('#seat-list')?.innerText.includes('Anna · you')")
    assert anna.locator("#pass").count() == 0
    assert "Bert · you" not in bar(anna)
    # a friend's own device remembers the invitation: the address alone opens Bert's seat
    bert = pages.new()
    bert.goto(game["seats"][1]["invite"])
    bert.wait_for_function("document.querySelector('#seat-list')?.innerText.includes('Bert · you')")
    bert.goto(server.url + f"/play/{game['id']}")
    bert.wait_for_function("document.querySelector('#seat-list')?.innerText.includes('Bert · you')")


def test_a_bot_takes_the_seat_of_a_friend_who_never_opens_the_invitation(
    server: Server, pages: Pages
) -> None:
    """Anna starts Mansfeld for three with two friends by link. Cora comes (German, a phone); Bert
    never opens his invitation. Anna may send his link again or let a bot take his seat: asked
    once more in words, then a bot plays it. Bert, opening his link later, reads that a bot plays
    his seat and may watch. Every page that claims a seat takes its token out of the address."""
    anna = pages.new(viewport={"width": 1280, "height": 900}, locale="en-US")
    anna.goto(server.url + "/")
    anna.wait_for_selector("#start")
    anna.select_option("#game", "mansfeld")
    anna.select_option("#opt-players", "3")
    anna.fill("#name-0", "Anna")
    anna.select_option("#seat-1", "friend")
    anna.select_option("#seat-2", "friend")
    anna.click("#start")
    anna.wait_for_selector("#created")
    bert_link, cora_link = (anna.locator("input.invite").nth(i).input_value() for i in (0, 1))
    game_id = bert_link.split("/play/")[1].split("#")[0]
    anna.click("#go")
    anna.wait_for_selector("#invite-panel")
    assert "#" not in anna.url  # the seat is claimed: no token in the address
    assert anna.locator("#invite-panel button.replace").count() == 2

    cora = pages.new(viewport={"width": 390, "height": 844}, locale="de-DE", is_mobile=True, has_touch=True)
    cora.goto(cora_link)
    cora.wait_for_selector("#name-panel")
    assert "token" not in cora.url and cora.url.endswith(f"/play/{game_id}")
    # Cora holds no link of Bert's, but has the same say: wait, or let a bot play
    panel = cora.locator("#invite-panel")
    panel.wait_for()
    assert "Noch nicht da" in panel.inner_text() and cora.locator("#invite-panel input.invite").count() == 0
    assert cora.locator("#invite-panel button.replace").inner_text().startswith("Einen Bot für ")
    cora.click("#invite-panel button.replace")
    cora.locator(".replace-ask").wait_for()
    assert "für den Rest dieser Partie" in cora.locator(".replace-ask").inner_text()
    shot(cora, "friends-not-come-phone-de")
    cora.click("#replace-no")  # Weiter warten
    assert cora.locator(".replace-ask").count() == 0
    cora.reload()  # the seat stays hers without the token in the address
    cora.wait_for_selector("#name-panel")
    anna.wait_for_function("document.querySelectorAll('#invite-panel li').length === 1")
    shot(anna, "friends-not-come")

    anna.click("#invite-panel button.replace")
    ask = anna.locator(".replace-ask")
    ask.wait_for()
    assert "for the rest of this game" in ask.inner_text() and "can only watch" in ask.inner_text()
    shot(anna, "friends-replace-ask")
    anna.click("#replace-no")  # not yet: nothing happens
    assert anna.locator(".replace-ask").count() == 0
    assert server.api(f"/api/games/{game_id}")["seats"][1]["kind"] == "human"
    anna.click("#invite-panel button.replace")
    anna.click("#replace-yes")
    anna.wait_for_function("!document.querySelector('#invite-panel')")
    cora.wait_for_function("!document.querySelector('#invite-panel')")
    assert "instead of a friend who did not come" in bar(anna)
    assert "statt eines Mitspielers, der nicht kam" in bar(cora)
    info = server.api(f"/api/games/{game_id}")
    assert info["status"] == "running" and info["seats"][1]["kind"] == "bot"
    shot(anna, "friends-replaced")

    # Bert comes late: told in words, and offered to watch
    bert = pages.new(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    bert.goto(bert_link)
    bert.wait_for_selector("#seat-taken")
    said = bert.locator("#seat-taken").inner_text()
    assert said.startswith("A bot plays this seat now") and "you can still watch" in said  # a sentence
    assert "token" not in bert.url
    shot(bert, "friends-seat-taken-phone")
    bert.click("#watch-instead")
    bert.wait_for_selector("#watching")
    held = bert.evaluate(f"localStorage.getItem('feldherr:tokens:{game_id}')")
    assert held in (None, "[]")


def test_the_creator_is_asked_in_her_language_on_a_phone(server: Server, pages: Pages) -> None:
    """The question before a friend's seat is taken on the creator's device, in German on a phone:
    whose invitation it is, and both ways out; declined, the friend still has not come."""
    seats = [{"kind": "human", "name": "Anna"}, {"kind": "human"}]
    game = server.create("elgrande", {"players": 2}, seats, seed=3)
    anna = pages.new(viewport={"width": 390, "height": 844}, locale="de-DE", is_mobile=True, has_touch=True)
    anna.add_init_script("localStorage.setItem('feldherr:lang', 'de')")
    anna.goto(game["seats"][0]["invite"])
    anna.wait_for_function("document.querySelector('#seat-list')?.innerText.includes('Anna · du')")
    anna.goto(game["seats"][1]["invite"])
    ask = anna.locator("#invite-ask")
    ask.wait_for()
    anna.wait_for_function("document.querySelector('#invite-ask h1').innerText.includes('Blau')")
    text = ask.inner_text()
    assert "Diese Einladung ist für Blau" in text and "schick den Link lieber weiter" in text
    assert anna.locator("#ask-take").inner_text() == "Den Platz von Blau hier nehmen"
    shot(anna, "friends-invite-ask-phone-de")
    anna.click("#ask-mine")
    anna.wait_for_function("document.querySelector('#seat-list')?.innerText.includes('Anna · du')")
    assert "noch nicht da" in bar(anna)
    assert server.api(f"/api/games/{game['id']}")["seats"][1]["claimed"] is False
