"""The client speaks like the game: the lobby for players (printed names, bots by strength, the
technical settings under "Advanced", invite links with Copy on the address friends reach), the step
picker that builds a move part by part (toggles of a set, one Confirm, never over 40 buttons), and
the Wallenstein plan staged box by box and sent only on Confirm."""

from __future__ import annotations

import random

from .conftest import Pages, Server, shot
from .drive import Scan, scan_every_look, set_look, wallenstein_with_bots


def test_lobby_for_players_in_both_languages_and_on_a_phone(server: Server, pages: Pages) -> None:
    page = pages.new(viewport={"width": 1280, "height": 900})
    page.goto(server.url + "/")
    page.wait_for_selector("#start")
    set_look(page, "en", 1280, 900)
    page.select_option("#game", "wallenstein")
    # Bots named for players and ordered by strength; the research bot only under Advanced.
    labels = page.locator("#bot-1 option").all_inner_texts()
    assert labels == ["Random moves", "Rule of thumb", "Beginner", "Medium", "Strong"], labels
    assert not page.locator("#advanced").evaluate("d => d.open")
    assert page.locator("#advanced #opt-tower").count() == 1 and page.locator("#advanced #seed").count() == 1
    # the tower's parameters, unset: an empty field that says so in words, no "{}" on screen
    params = page.locator("#advanced #opt-tower_params")
    assert params.input_value() == "" and params.get_attribute("placeholder") == "the model's own values"
    page.click("#advanced summary")
    page.check("#research")
    assert "Plain tree search (research)" in page.locator("#bot-1 option").all_inner_texts()
    page.uncheck("#research")
    page.click("#advanced summary")
    set_look(page, "de", 1280, 900)
    assert page.locator("#advanced #opt-tower_params").get_attribute("placeholder") == "die Werte des Modells"
    assert page.locator("#bot-1 option").all_inner_texts() == [
        "Zufallszüge",
        "Faustregel",
        "Anfänger",
        "Mittel",
        "Stark",
    ]
    scan = Scan()
    for game in ("wallenstein", "elgrande", "mansfeld"):
        page.select_option("#game", game)
        scan_every_look(page, scan, f"lobby {game}", "#start")
    shot(page, "lobby-de")
    assert not scan.client, sorted(scan.client)
    # A friend's seat: the created page shows the link on the address a friend reaches, with Copy.
    set_look(page, "en", 390, 844)
    page.select_option("#game", "mansfeld")
    page.select_option("#seat-1", "friend")
    page.fill("#name-0", "Anna")
    page.fill("#name-1", "Bert")
    page.click("#start")
    page.wait_for_selector("#created .copy")
    link = page.locator("#created .invite").input_value()
    address = page.locator("#public-url").inner_text()
    assert link.startswith(address) and "/play/" in link
    page.click("#created .copy")
    page.wait_for_selector("#created .copied >> text=copied")
    shot(page, "lobby-created-phone")
    scan.read(page, "created")
    assert not scan.client, sorted(scan.client)
    known = server.api("/openapi.json")["paths"]
    if "/api/server" not in known:  # before the server's /api/server lands, asking for it is a 404
        pages.errors[:] = [e for e in pages.errors if "404" not in e]
    scan.check()  # the options' words are the games' (their option specs): listed if any


PICKER = """async ([choices]) => {
  const { stepPicker } = await import('/static/steps.js');
  const sent = [];
  const sel = { path: [], toggled: [] };
  const draw = () => {
    const ctx = { send: (c) => sent.push(c.move), rerender: draw, busy: false, filter: '' };
    const nodes = stepPicker(choices, sel, ctx);
    document.getElementById('app').replaceChildren(...nodes.filter(Boolean));
  };
  draw();
  window.__sent = sent;
}"""


def test_each_variant_box_stands_on_the_line_of_its_own_words(server: Server, pages: Pages) -> None:
    """The variants' and modules' checkboxes flowed as loose words: where a line broke, a box
    stood at the end of one line and its words began the next ("... Machtverschiebung ☐" /
    "Stapel 2 und 3 gemischt"), so a player could not tell which box was which."""
    for width, game, lang in ((1280, "elgrande", "en"), (390, "elgrande", "de"), (1280, "wallenstein", "de")):
        page = pages.new(viewport={"width": width, "height": 900})
        page.add_init_script(f"localStorage.setItem('feldherr:lang', '{lang}')")
        page.goto(server.url + "/")
        page.select_option("#game", game)
        page.wait_for_selector(".multi label")
        apart = page.evaluate(
            """() => [...document.querySelectorAll('.multi label')].filter((label) => {
              const box = label.querySelector('input').getBoundingClientRect();
              const range = document.createRange(); range.selectNodeContents(label.querySelector('span'));
              const first = range.getClientRects()[0];
              return Math.abs((box.top + box.bottom) / 2 - (first.top + first.bottom) / 2) > 6
                || first.left < box.right;
            }).map((label) => label.textContent.trim())"""
        )
        assert apart == [], (width, game, apart)


def test_step_picker_builds_a_move_part_by_part(server: Server, pages: Pages) -> None:
    """Choices with steps (the words contract): the distinct labels of the first part, then of
    the next among the moves left; a set part as toggles, confirmed once it is one move's set."""
    # 60 moves: from one of 3 counties, to one of 20: never more than 40 buttons at once.
    marches = [
        {"move": ["march", a, b], "text": f"{a} to {b}", "steps": [a, b]}
        for a in ("Anhalt", "Baden", "Cleve")
        for b in (f"County {chr(65 + i)}" for i in range(20))
    ]
    page = pages.new(viewport={"width": 390, "height": 844})
    page.goto(server.url + "/")
    page.wait_for_selector("#start")
    page.evaluate(PICKER, [marches])
    assert page.locator("#choices button").all_inner_texts() == ["Anhalt", "Baden", "Cleve"]
    page.click("#choices button >> text=Baden")
    assert page.locator("#choices button").count() == 20
    page.click("#step-back")
    page.click("#choices button >> text=Cleve")
    page.click("#choices button >> text=County C")
    assert page.evaluate("window.__sent") == [["march", "Cleve", "County C"]]
    # A set: commit any of the cards that make one move's set (here: every subset of three cards).
    cards = ["Pikenier", "Obrist", "Trommler"]
    subsets = [[c for i, c in enumerate(cards) if mask >> i & 1] for mask in range(8)]
    commits = [{"move": ["commit", s], "text": ", ".join(s) or "nothing", "steps": [s]} for s in subsets]
    pairs = [{"move": ["pair", s], "text": "x", "steps": [s]} for s in subsets if len(s) == 2]
    page.evaluate(PICKER, [commits])
    assert page.locator("#choices button.toggle").count() == 3
    page.click("#choices button.toggle >> text=Obrist")
    page.click("#choices button.toggle >> text=Trommler")
    shot(page, "step-picker-set")
    page.click("#step-confirm")
    assert page.evaluate("window.__sent") == [["commit", ["Obrist", "Trommler"]]]
    # Confirm is enabled only when the toggled items are one move's set.
    page.evaluate(PICKER, [pairs])
    assert page.locator("#step-confirm").is_disabled()
    page.click("#choices button.toggle >> text=Pikenier")
    assert page.locator("#step-confirm").is_disabled()
    page.click("#choices button.toggle >> text=Obrist")
    assert page.locator("#step-confirm").is_enabled()
    page.click("#step-confirm")
    assert page.evaluate("window.__sent") == [["pair", ["Pikenier", "Obrist"]]]


#: The contrast (WCAG) of an element's text against its background, as the player sees it.
CONTRAST = """(sel) => {
  const e = document.querySelector(sel);
  const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lin = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const lum = (c) => { const [r, g, b] = rgb(c).map(lin); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const st = getComputedStyle(e);
  const [a, b] = [lum(st.color), lum(st.backgroundColor)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}"""


def test_confirm_stays_readable_under_the_pointer_and_the_focus(server: Server, pages: Pages) -> None:
    """A choice list's highlight (pale yellow under the pointer or the keyboard focus) turned its
    Confirm button, white on red, into white on pale yellow: "Bestätigen (0 Karten)" could not be
    read at the moment it was about to be pressed."""
    cards = ["Pikenier", "Obrist"]
    commits = [{"move": ["commit", s], "text": "x", "steps": [s]} for s in ([], cards[:1], cards[1:], cards)]
    page = pages.new(viewport={"width": 390, "height": 844})
    page.goto(server.url + "/")
    page.wait_for_selector("#start")
    page.evaluate(PICKER, [commits])
    assert page.evaluate(CONTRAST, "#step-confirm") >= 4.5
    page.hover("#step-confirm")
    assert page.evaluate(CONTRAST, "#step-confirm") >= 4.5, "under the pointer"
    page.mouse.move(0, 0)
    page.focus("#choices button.toggle >> nth=-1")
    page.keyboard.press("Tab")  # the keyboard's focus (focus-visible) onto Confirm
    assert page.evaluate("document.activeElement.id") == "step-confirm"
    assert page.evaluate(CONTRAST, "#step-confirm") >= 4.5, "with the keyboard focus"


def test_wallenstein_plan_is_staged_and_sent_only_on_confirm(server: Server, pages: Pages) -> None:
    page, moves = wallenstein_with_bots(server, pages, 4)
    rng = random.Random(2)
    for _ in range(200):  # up to the first plan (a fixed setup has no draft)
        page.wait_for_selector("#plan-confirm, #choices button:not([disabled])", timeout=30_000)
        if page.locator("#plan-confirm").count():
            break
        page.click("#choices button:not([disabled]) >> nth=0")
        rng.random()
    sent_before = len(moves)
    # The boxes to fill are the printed planning board's (the side panel says how far the plan is).
    boxes = page.locator("#plan li.box.staged").count()
    assert boxes >= 11
    assert page.locator("#plan-stage").count() == 0  # no second list of the boxes beside the board
    # Fill the first box, change it, then fill every box card by card; nothing is sent yet.
    first = page.locator("#choices button:not(#plan-confirm)").first.inner_text()
    page.click("#choices button:not(#plan-confirm) >> nth=0")
    assert first in page.locator("#plan li.box.staged >> nth=0").inner_text()
    assert page.locator("#plan-progress").inner_text() == f"1 of {boxes} boxes filled"
    page.click("#plan li.box.staged >> nth=0 >> .space-card")  # change it: the box is open again
    assert first not in page.locator("#plan li.box.staged >> nth=0").inner_text()
    assert page.locator("#plan-target").inner_text() == "Card for: Bid"  # the box opened again
    for _ in range(boxes):
        page.click("#choices button:not(#plan-confirm) >> nth=-1")
    shot(page, "wallenstein-plan-staged")
    assert page.locator("#plan-confirm").is_enabled()
    assert len(moves) == sent_before
    page.click("#plan-confirm")
    page.wait_for_function(f"!document.querySelector('#plan-confirm') || {boxes} === 0")
    slots = [m["move"] for m in moves[sent_before:]]
    assert len(slots) == boxes and all(m[0] == "slot" for m in slots)
    assert slots[0][1] == "bid"


def test_unnamed_people_are_named_by_colour_in_each_language(server: Server, pages: Pages) -> None:
    """Hot-seat seats left without a name were stored as "Guest" in the creator's language, so the
    German page (a language switch, the replay) read "Guest" in its lines: now they go by their
    colour, which each page says in its own language."""
    page = pages.new(viewport={"width": 390, "height": 844})
    page.goto(server.url + "/")
    page.wait_for_selector("#start")
    set_look(page, "en", 390, 844)
    page.select_option("#game", "mansfeld")
    page.select_option("#opt-players", "2")
    page.select_option("#seat-0", "hotseat")
    page.select_option("#seat-1", "hotseat")
    page.fill("#name-0", "")
    page.click("#start")
    page.wait_for_selector("#pass")
    assert page.locator("#pass h2, #pass h1").first.inner_text() == "Pass the device to Red"
    page.click("#ready")
    page.wait_for_selector("#choices button:not([disabled])")
    page.click("#lang")
    page.wait_for_selector("#seat-list li.me:has-text('Rot')")
    text = page.locator("body").inner_text()
    assert "Guest" not in text and "Gast" not in text
