"""What a Board Game Arena player found playing each game to its end on a phone (390 px, a touch
screen), in German and English: the end of El Grande's scoring track, the parts of a move of
Caballeros, an empty section in Ernst von Mansfeld's conquest, a Wallenstein favor's second part."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import Pages, Server, shot

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
BOTS = [{"kind": "bot", "bot": "random"}] * 2

#: The scoring track's numbers that run into one another: [left number, right number].
CROWDED_TICKS = """() => {
  const ticks = [...document.querySelectorAll('#track .tick')]
    .map((t) => [t.textContent, t.getBoundingClientRect()]);
  const out = [];
  for (let i = 1; i < ticks.length; i++) {
    if (ticks[i][1].left < ticks[i - 1][1].right + 2) out.push([ticks[i - 1][0], ticks[i][0]]);
  }
  return out;
}"""


def _elgrande_at_scores(server: Server, pages: Pages, scores: list[int], lang: str) -> Any:
    from feldherr.games import get_game

    game = get_game("elgrande")
    position = game.position(game.new_state({"players": 3}, 1))
    for player, score in zip(position["players"], scores, strict=True):
        player["score"] = score
    seats = [{"kind": "human", "name": "Anna"}, *BOTS]
    created = server.api("/api/games", {"game": "elgrande", "position": position, "seats": seats, "seed": 3})
    page = pages.new(**PHONE)
    page.add_init_script(f"localStorage.setItem('feldherr:lang', '{lang}')")
    page.goto(created["seats"][0]["invite"])
    page.wait_for_selector("#track .tick")
    return page


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_scoring_track_numbers_stay_apart_at_a_games_end(server: Server, pages: Pages, lang: str) -> None:
    """El Grande's scoring track on a phone with scores of a game's end (156, 153, 45): its numbers
    ran into one another past 100 ("90 100110120130140150"). Every number stands apart, the track
    still reaches the leader's score, and a low score keeps its numbers every 10."""
    page = _elgrande_at_scores(server, pages, [45, 156, 153], lang)
    assert page.evaluate(CROWDED_TICKS) == []
    numbers = [int(x) for x in page.locator("#track .tick").all_text_contents()]
    assert numbers[0] == 0 and numbers[-1] >= 140, numbers
    heights = page.evaluate(
        "[...document.querySelectorAll('#track .tick')].map((t) => t.getBoundingClientRect().height)"
    )
    assert min(heights) >= 10, heights
    shot(page, f"phone-elgrande-track-end-{lang}")
    page = _elgrande_at_scores(server, pages, [45, 30, 12], lang)
    assert page.locator("#track .tick").all_text_contents() == [str(10 * k) for k in range(6)]
    assert page.evaluate(CROWDED_TICKS) == []


def _elgrande_intrigue(server: Server, pages: Pages, lang: str, card: str = "intrigue") -> Any:
    """Anna's page (390 px) in the middle of Intrigue's special action (after p. 10 of the rulebook:
    her three Caballeros in Granada, Green's two in Toledo and one in Castilla, Yellow's two in
    Sevilla)."""
    from feldherr.games import get_game

    from ..elgrande.helpers import Board

    board = Board(4).empty().king("Aragón")
    board.put(0, "Granada", 3).put(3, "Toledo", 2).put(3, "Castilla", 1).put(2, "Sevilla", 2)
    state = board.turn(0, card, court=0).state()
    state.apply(0, ("special",))
    position = get_game("elgrande").position(state)
    seats = [{"kind": "human", "name": "Anna"}, *[{"kind": "bot", "bot": "random"}] * 3]
    created = server.api("/api/games", {"game": "elgrande", "position": position, "seats": seats, "seed": 3})
    page = pages.new(**PHONE)
    page.add_init_script(f"localStorage.setItem('feldherr:lang', '{lang}')")
    page.goto(created["seats"][0]["invite"])
    page.wait_for_selector("#choices button:not([disabled])")
    return page


INTRIGUE = {
    "en": (
        "Carry out the card's special action. “Intrigue”: Move up to 2 of your own and 2 other Caballeros"
        " to other regions.",
        ["A Caballero of Anna", "A Caballero of Yellow", "A Caballero of Green", "Stop moving"],
        ["In Castilla", "In Toledo"],
    ),
    "de": (  # the card's name as the German rulebook of 2023 prints it (p. 10)
        "Führe die Sonderaktion der Karte aus. „Intrigue“: Versetze bis zu 2 eigene und 2 fremde Caballeros"
        " in andere Regionen.",
        [*(f"Einen Caballero von {c}" for c in ("Anna", "Gelb", "Grün")), "Versetzen beenden"],
        ["In Castilla", "In Toledo"],
    ),
}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_special_action_names_its_card_and_its_parts(server: Server, pages: Pages, lang: str) -> None:
    """Carrying out Intrigue on a phone: the help line said only "Carry out the card's special
    action." (the card lies a screen below the decision) and the step picker offered bare colours,
    then bare regions. The line names the card with its printed text; each part says what it picks."""
    page = _elgrande_intrigue(server, pages, lang)
    help_line, colours, regions = INTRIGUE[lang]
    page.wait_for_selector("#phase-card")
    said = page.locator("#phase-help").inner_text()
    assert said.split(": ", 1)[1] == help_line, said
    assert page.locator("#choices button").all_inner_texts() == colours
    page.locator("#choices button").nth(2).click()  # Green's
    page.wait_for_function("document.querySelector('#decision h2').innerText.endsWith('2')")
    assert sorted(page.locator("#choices button").all_inner_texts()) == regions
    shot(page, f"phone-elgrande-intrigue-{lang}")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_no_open_characters_heading_over_nothing(server: Server, pages: Pages, lang: str) -> None:
    """Ernst von Mansfeld's conquest on a phone (the example position, nothing left over from the
    recruiting): "offene Charaktere" stood as a heading with nothing under it through the whole
    conquest and on the final page; the section is left out, the provinces come first."""
    import json

    from .conftest import ROOT

    position = json.loads((ROOT / "docs" / "positions" / "mansfeld-example.json").read_text())
    position["left"] = []
    seats = [{"kind": "human", "name": "Anna"}, {"kind": "bot", "bot": "random"}]
    created = server.api("/api/games", {"game": "mansfeld", "position": position, "seats": seats, "seed": 3})
    page = pages.new(**PHONE)
    page.add_init_script(f"localStorage.setItem('feldherr:lang', '{lang}')")
    page.goto(created["seats"][0]["invite"])
    page.wait_for_selector("#provinces .province")
    page.wait_for_selector("#choices button:not([disabled])")
    headings = page.locator(".mansfeld h3").all_inner_texts()
    assert headings[0] == {"de": "Provinzen", "en": "provinces"}[lang], headings
    assert page.locator("#characters").count() == 0
    shot(page, f"phone-mansfeld-conquest-{lang}")


#: The lines each player's cell of the final scoring takes: {name: number of lines}.
SCORING_LINES = """() => Object.fromEntries([...document.querySelectorAll('#final-scoring tbody th')]
.map((th) => {
  const tops = new Set();
  const walk = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top / 4));
  }
  return [th.innerText.replace(/\\s*★/, '').trim(), tops.size];
}))"""

ENDING = """async ([lang, names]) => {
  const i18n = await import('/static/i18n.js');
  i18n.setLang(lang);
  const { scoringTable } = await import('/static/ending.js');
  const outcome = { scores: [39, 62, 80], winners: [2], money: [1, 3, 7], counties: [7, 10, 11] };
  document.getElementById('app').replaceChildren(scoringTable(outcome, names, 'wallenstein'));
}"""


@pytest.mark.parametrize(
    ("lang", "names"), [("de", ["Anna", "Blau", "Gelb"]), ("en", ["Anna", "Blue", "Yellow"])]
)
def test_the_winners_star_keeps_to_the_name_on_a_phone(
    server: Server, pages: Pages, lang: str, names: list[str]
) -> None:
    """Wallenstein's final scoring (place, player, victory points, Thalers, counties) on a 360 and a
    390 px phone: the winner's star stood alone on a second line under "Yellow"; each player's
    cell is one line, the star beside the name."""
    page = pages.new(**PHONE)
    page.goto(server.url + "/")
    page.wait_for_selector("#start")
    page.evaluate(ENDING, [lang, names])
    for width in (390, 360):
        page.set_viewport_size({"width": width, "height": 844})
        page.wait_for_timeout(50)
        assert page.evaluate(SCORING_LINES) == dict.fromkeys(names, 1), width
    winner = page.locator("#final-scoring tbody th").first.inner_text()
    assert winner.replace("\u00a0", " ").strip() == f"{names[2]} ★", winner


#: The element in focus: [its id or text, whether it is a choice, its focus ring's reach outside it
#: in px (outline width + offset; > 0 is cut by the scrolling list)].
FOCUSED = """() => {
  const el = document.activeElement;
  const style = getComputedStyle(el);
  return [el.id || el.textContent.trim().slice(0, 30), !!el.closest('#choices'),
    parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset)];
}"""


@pytest.mark.parametrize("lang", ["de", "en"])
def test_no_choice_stands_out_as_if_suggested_on_a_phone(server: Server, pages: Pages, lang: str) -> None:
    """Each decision on a phone showed its first choice in the focus's pale yellow with a blue bar
    under it (the keyboard's focus ring, cut by the scrolling list), as if it were suggested. A
    touch screen puts no choice in focus; a keyboard's page still does, its ring inside the button."""
    made = server.create("mansfeld", {"players": 3}, [{"kind": "human", "name": "Anna"}, *BOTS], seed=21)
    phone = pages.new(**PHONE)
    phone.add_init_script(f"localStorage.setItem('feldherr:lang', '{lang}')")
    phone.goto(made["seats"][0]["invite"])
    phone.wait_for_selector("#choices button:not([disabled])")
    phone.wait_for_timeout(100)
    assert phone.evaluate(FOCUSED)[1] is False
    colours = phone.evaluate(
        "[...document.querySelectorAll('#choices button')].map((b) => getComputedStyle(b).backgroundColor)"
    )
    assert set(colours) == {"rgb(255, 255, 255)"}, colours
    desk = pages.new(viewport={"width": 1280, "height": 900})
    desk.add_init_script(f"localStorage.setItem('feldherr:lang', '{lang}')")
    desk.goto(made["seats"][0]["invite"])
    desk.wait_for_selector("#choices button:not([disabled])")
    desk.wait_for_function("!!document.activeElement.closest('#choices')")
    assert desk.evaluate(FOCUSED)[2] <= 0


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_replay_and_analysis_controls_are_a_fingers_size(server: Server, pages: Pages, lang: str) -> None:
    """The replay viewer and its analysis board of a finished game on a 390 px touch screen: every
    control at least 40 px high (the slider through the game was 16 px), nothing sideways."""
    from .test_phone_walk import SMALL_CONTROLS

    made = server.create("mansfeld", {"players": 2}, [{"kind": "bot", "bot": "random"}] * 2, seed=5)
    server.wait_status(made["id"], "finished", timeout=120)
    page = pages.new(**PHONE)
    page.add_init_script(f"localStorage.setItem('feldherr:lang', '{lang}')")
    for address, ready in (("", "#scrub"), ("#analyse", "#analysis")):
        page.goto(f"{server.url}/replay/{made['id']}{address}")
        page.wait_for_selector(ready)
        page.wait_for_selector("#scrub")
        assert page.evaluate(SMALL_CONTROLS) == [], address
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, f"phone-analysis-{lang}")


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "de",
            "„Intrige“: Versetze bis zu 5 Caballeros beliebiger Farbe in andere Regionen."
            " Alle aus einer Region.",
        ),
        ("en", "“Intrigue”: Move up to 5 Caballeros of any colour to other regions. All from one region."),
    ],
)
def test_an_intrigue_from_one_region_says_so(server: Server, pages: Pages, lang: str, said: str) -> None:
    """The Intrigue that moves up to 5 Caballeros of any colour, all from one region: its text on
    the card and in the help line left out "All from one region" (only a card moving one's own
    Caballeros got the words), and a player could think any regions would do."""
    page = _elgrande_intrigue(server, pages, lang, card="intrigue_region_5")
    page.wait_for_selector("#phase-card")
    assert page.locator("#phase-card").inner_text().strip() == said


@pytest.mark.parametrize(
    ("lang", "said"),
    [("de", "Jetzt aus Anhalt (Kampf / Bewegung A)."), ("en", "Now out of Anhalt (Combat / movement A).")],
)
def test_a_wallenstein_movement_names_the_county_it_leaves(
    server: Server, pages: Pages, lang: str, said: str
) -> None:
    """A movement on a phone: the help line said "Move armies: from the county that just acted" and
    the first part offered the counties to move to; which county the armies leave stood nowhere in
    sight (the map lies a screen below). The line names it, with the action."""
    from feldherr.wallenstein.data import ACTIONS, COMBAT_A

    from ..wallenstein.scenario import Table

    table = Table()
    table.give(0, "Anhalt", 6)
    table.owe_movement(0, "Anhalt", COMBAT_A)
    # the boxes turned up by now: the bids (the last box), the actions carried out, Red's box acting
    done = [ACTIONS.index(a) for a in table.pos["actions"][:-1]]
    for seat, player in enumerate(table.pos["players"]):
        boxes = len(player["plan_revealed"])
        player["plan_revealed"] = [
            b in done or b == boxes - 1 or (seat == 0 and b == COMBAT_A) for b in range(boxes)
        ]
    table.keep_event_count()  # the season's event drawn, as in the action phase
    seats = [{"kind": "human", "name": "Anna"}, *[{"kind": "bot", "bot": "random"}] * 3]
    created = server.api(
        "/api/games", {"game": "wallenstein", "position": table.pos, "seats": seats, "seed": 3}
    )
    page = pages.new(**PHONE)
    page.add_init_script(f"localStorage.setItem('feldherr:lang', '{lang}')")
    page.goto(created["seats"][0]["invite"])
    page.wait_for_selector("#choices button:not([disabled])")
    page.wait_for_selector("#phase-card")
    assert page.locator("#phase-card").inner_text().strip() == said
    shot(page, f"phone-wallenstein-move-{lang}")


#: Two moves of other seats through the pacer (pace.js) at "normal", the first of ``lines`` log
#: lines; ``window.__shown``: the versions shown so far.
PACED = """async (lines) => {
  const { makePacer } = await import('/static/pace.js');
  localStorage.setItem('feldherr:pace', 'normal');
  const shown = [];
  const pacer = makePacer((batch) => { for (const m of batch) shown.push(m.version); return 0; });
  pacer.push({ version: 1, log: Array.from({ length: lines }, (_, i) => ({ text: `line ${i}` })) }, false);
  pacer.push({ version: 2, log: [{ text: 'the next move' }] }, false);
  window.__shown = shown;
}"""


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_move_of_many_lines_is_given_the_time_to_read_them(server: Server, pages: Pages, lang: str) -> None:
    """Wallenstein: another player's move that turns an action over brings a dozen log lines at
    once (every player's buildings, grain, armies), and at the normal pace the next move replaced
    it a second later. A held-back move of many lines holds the next one longer (a quarter step a
    line after the second, at most four steps); a move of one or two lines keeps one step. Read on
    the page's own clock, advanced by hand: no wall-clock timing."""
    page = pages.new(**PHONE)
    page.add_init_script(f"localStorage.setItem('feldherr:lang', '{lang}')")
    page.clock.install()
    page.goto(server.url + "/")
    page.wait_for_selector("#start")
    # stopped: installed alone, the clock goes on with the wall clock (a loaded machine's slow look
    # let the hold run out by itself)
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)
    page.evaluate(PACED, 12)
    assert page.evaluate("window.__shown") == [1]
    page.clock.run_for(1500)
    assert page.evaluate("window.__shown") == [1]  # a dozen lines: not gone after one step
    page.clock.run_for(2600)  # four steps in all
    assert page.evaluate("window.__shown") == [1, 2]
    page.evaluate(PACED, 2)  # a new pacer: a move of two lines
    assert page.evaluate("window.__shown") == [1]
    page.clock.run_for(1100)  # one step
    assert page.evaluate("window.__shown") == [1, 2]


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_choice_is_whole_on_a_phone(server: Server, pages: Pages, lang: str) -> None:
    """El Grande's first decision offers 13 power cards: on a phone none of them is cut at the edge
    of a scrolling box of half the screen (the page scrolls instead), each can be scrolled into
    view and tapped whole; on a desktop the list keeps its box beside the board."""
    made = server.create("elgrande", {"players": 3}, [{"kind": "human", "name": "Anna"}, *BOTS], seed=5)
    phone = pages.new(**PHONE)
    phone.add_init_script(f"localStorage.setItem('feldherr:lang', '{lang}')")
    phone.goto(made["seats"][0]["invite"])
    phone.wait_for_function("document.querySelectorAll('#choices button:not([disabled])').length >= 13")
    box = phone.evaluate(
        "(() => { const l = document.querySelector('#choices');"
        " return [l.scrollHeight, l.clientHeight, getComputedStyle(l).overflowY]; })()"
    )
    assert box[0] <= box[1] + 1 and box[2] == "visible", box
    last = phone.locator("#choices button:not([disabled])").last
    last.scroll_into_view_if_needed()
    shot(phone, f"phone-choices-{lang}")
    inside = phone.evaluate(
        "(() => { const b = [...document.querySelectorAll('#choices button')].pop().getBoundingClientRect();"
        " return b.top >= 0 && b.bottom <= innerHeight && b.left >= 0 && b.right <= innerWidth; })()"
    )
    assert inside
    desk = pages.new(viewport={"width": 1280, "height": 900})
    desk.goto(made["seats"][0]["invite"])
    desk.wait_for_selector("#choices button:not([disabled])")
    assert desk.evaluate("getComputedStyle(document.querySelector('#choices')).overflowY") == "auto"


#: A redraw of the page for something other than the decision: the speed of the other seats' moves
#: chosen again (the same redraw as a friend coming, the undo flag, another seat's update).
REDRAW = """() => { const pace = document.querySelector('#pace');
  pace.value = pace.value === 'fast' ? 'normal' : 'fast'; pace.dispatchEvent(new Event('change')); }"""


def test_a_choices_buttons_stay_through_a_redraw(server: Server, pages: Pages) -> None:
    """El Grande's 13 power cards: every update, a friend coming and going, the speed chosen again
    redrew the page and built the choice buttons anew: a keyboard's focus on the fifth card fell
    back to the first, where Enter would play it, and a button found a moment earlier was gone.
    While the choice stands the buttons are the same ones and the focus stays."""
    made = server.create("elgrande", {"players": 3}, [{"kind": "human", "name": "Anna"}, *BOTS], seed=5)
    page = pages.new(viewport={"width": 1280, "height": 900})
    page.goto(made["seats"][0]["invite"])
    page.wait_for_function("document.querySelectorAll('#choices button:not([disabled])').length >= 13")
    page.evaluate("document.querySelectorAll('#choices button').forEach((b) => { b.__kept = true; })")
    fifth = page.locator("#choices button").nth(4)
    fifth.focus()
    page.evaluate(REDRAW)
    page.wait_for_function("document.querySelector('#pace').value === localStorage.getItem('feldherr:pace')")
    kept = page.evaluate("[...document.querySelectorAll('#choices button')].map((b) => b.__kept === true)")
    assert kept == [True] * 13, kept
    assert page.evaluate("document.activeElement === document.querySelectorAll('#choices button')[4]")
