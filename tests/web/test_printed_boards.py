"""Wallenstein drawn like the printed game (issue 23): the planning board with its boxes (printed
names and costs) and the cards on it by their faces, the module boards (court, Landsknechte,
leaders) with their cards' texts on hover, the winter scoring step by step with the points per
player, and the county names inside the map's frame. Boards are drawn from a seat's update made
here (``boards.renderBoard`` on a blank page, as in ``test_boards``), the plan also live."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from feldherr import web
from feldherr.core.match import Match
from feldherr.games import get_game

from .conftest import ARTIFACTS, Pages, Server, shot
from .drive import text_problems, wait_ready
from .test_boards import seat_update

ALL_MODULES = {"players": 3, "modules": ["court", "landsknechte", "leaders"]}

RENDER = """async ([game, update, fresh, lang]) => {
  const i18n = await import('/static/i18n.js');
  i18n.setLang(lang);
  document.getElementById('lang').textContent = i18n.t('lang'); // the header's button, as a page's
  const boards = await import('/static/boards.js');
  const sent = [];
  const draw = () => {
    boards.onData(draw);
    const node = boards.renderBoard(game, update.view, {
      keys: boards.moveKeys(update.choices), names: ['Anna', 'Bert', 'Clara', 'Dora'], me: update.seat,
      pick: (k) => sent.push(['pick', k]), send: (c) => sent.push(['send', c.move]),
      choices: update.choices || [], filter: '', fresh, prev: update.prev || null, version: update.version});
    document.getElementById('app').replaceChildren(node);
  };
  draw();
  window.__sent = sent;
  window.__draw = draw;
}"""

PAGE_TEXT = """() => {
  const game = [...document.querySelectorAll('[data-game]')].map((n) => n.innerText);
  let text = document.getElementById('app').innerText;
  for (const g of game) text = text.replace(g, '\\n');
  return text.replace(/\\n\\s*View \\(raw\\)[\\s\\S]*$/, '');
}"""


def _blank(server: Server, pages: Pages, pace: str = "instant", **look: Any) -> Any:
    page = pages.new(pace=pace, viewport=look.pop("viewport", {"width": 1280, "height": 900}), **look)
    page.goto(server.url + "/")
    page.wait_for_selector("#start")
    return page


def _render(page: Any, update: dict[str, Any], fresh: list[Any] | None = None, lang: str = "en") -> None:
    page.evaluate(RENDER, ["wallenstein", update, fresh or [], lang])
    page.wait_for_selector("#map .county")


def region(page: Any, selectors: str, name: str, pad: int = 8) -> None:
    """A screenshot of the part of the page that holds ``selectors`` (for docs/img)."""
    page.evaluate("window.scrollTo(0, 0)")
    boxes = page.evaluate(
        """(sel) => [...document.querySelectorAll(sel)].map((e) => e.getBoundingClientRect())
          .map((r) => [r.left, r.top + window.scrollY, r.right, r.bottom + window.scrollY])""",
        selectors,
    )
    assert boxes, selectors
    left, top = min(b[0] for b in boxes) - pad, min(b[1] for b in boxes) - pad
    right, bottom = max(b[2] for b in boxes) + pad, max(b[3] for b in boxes) + pad
    width = page.evaluate("document.documentElement.clientWidth")
    clip = {
        "x": max(0, left),
        "y": max(0, top),
        "width": min(width, right) - max(0, left),
        "height": bottom - max(0, top),
    }
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True, clip=clip)


def _clean(page: Any, lang: str) -> None:
    text = page.evaluate(PAGE_TEXT)
    assert not text_problems(text, lang), text_problems(text, lang)[:10]


def test_planning_board_shows_its_boxes_and_the_cards_by_face(server: Server, pages: Pages) -> None:
    update = seat_update("wallenstein", {"players": 4}, "plan")
    rules = web.printed_data(get_game("wallenstein"), "rules")
    assert rules is not None
    page = _blank(server, pages)
    _render(page, update)
    page.wait_for_selector("#plan .space-cost:has-text('3')")
    boxes = page.locator("#plan li.box")
    assert boxes.count() == 11
    assert page.locator("#plan li.box[data-box='bid']").count() == 1
    # Each box its printed name and, where it has one, its cost from rules.json.
    palace = page.locator("#plan li.box[data-box='palace']")
    cost = rules["actions"]["build_cost"]["palace"]
    assert palace.locator(".space-name").inner_text().strip()
    assert f"{cost} Thalers" in palace.locator(".space-cost").inner_text()  # the English rulebook's word
    deploy = rules["actions"]["deploy"]["deploy5"]
    assert (
        f"{deploy['armies']} armies for {deploy['cost']} Thalers"
        in page.locator("#plan li.box[data-box='deploy5'] .space-cost").inner_text()
    )
    # The asked box offers its legal cards by face: county cards with their region, money as coins.
    asked = page.locator("#plan .box.asked")
    box = asked.get_attribute("data-box")
    legal = [c["move"][2] for c in update["choices"] if c["move"][1] == box]
    assert asked.locator("button .pcard").count() == len(legal)
    counties = [c for c in legal if isinstance(c, str) and c != "tower"]
    if counties:
        card = asked.locator(f".pcard.county[data-card='{counties[0]}']")
        assert card.locator(".band").inner_text().strip()  # the region
        card.hover()
        page.locator("#tip").wait_for()
        assert "taxes" in page.locator("#tip").inner_text()
    money = [c for c in legal if isinstance(c, int)]
    if money:
        assert asked.locator(".pcard.money .coin").count() == len(money)
    _clean(page, "en")
    shot(page, "printed-plan-asked")


def _to_plan(page: Any) -> None:
    for _ in range(200):  # up to the first plan (a fixed setup has no draft)
        seen = wait_ready(page, "#plan-confirm, #choices button:not([disabled])", ("#plan-confirm",))
        if seen["#plan-confirm"]:
            return
        page.click("#choices button:not([disabled]) >> nth=0")
    raise AssertionError("no plan")


def test_staged_plan_on_the_board_and_the_confirmed_plan_arrives(server: Server, pages: Pages) -> None:
    seats = [{"kind": "human", "name": "Anna"}] + [
        {"kind": "bot", "bot": "random", "name": f"Bot {i}"} for i in range(1, 4)
    ]
    game = server.create("wallenstein", {"players": 4, "setup": "fixed"}, seats, seed=4)
    page = pages.new(viewport={"width": 1280, "height": 900})
    page.goto(game["seats"][0]["invite"])
    _to_plan(page)
    boxes = page.locator("#plan li.box.staged").count()
    assert boxes >= 11 and page.locator("#plan-progress").count() == 1
    # Fill every box (the last card offered each time), then take one back out on the board.
    for _ in range(boxes):
        page.click("#choices button:not(#plan-confirm) >> nth=-1")
    assert page.locator("#plan li.box.staged .pcard:not(.empty)").count() == boxes
    assert page.locator("#plan .pcard.county").count() >= 1
    assert page.locator("#plan .pcard.money .coin").count() >= 1
    shot(page, "printed-plan-staged-en")
    region(page, "#plan, #plans-others", "printed-plan-board-en")
    page.click("#plan li.box[data-box='palace'] .space-card")
    assert page.locator("#plan li.box[data-box='palace'] .pcard.empty").count() == 1
    assert not page.locator("#plan-confirm").is_enabled()
    page.keyboard.press("Tab")  # the board is keyboard operable: the card buttons take the focus
    page.focus("#choices button:not(#plan-confirm) >> nth=0")
    page.keyboard.press("Enter")
    assert page.locator("#plan-confirm").is_enabled()
    staged = {
        page.locator(f"#plan li.box >> nth={i}").get_attribute("data-box"): page.locator(
            f"#plan li.box >> nth={i} >> .pname"
        ).inner_text()
        for i in range(boxes)
    }
    page.click("#lang")
    page.wait_for_selector("#plan li.box")
    _clean(page, "de")
    shot(page, "printed-plan-staged-de")
    region(page, "#plan, #plans-others", "printed-plan-board-de")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    region(page, "#plan", "printed-plan-board-phone-de")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.click("#lang")
    page.wait_for_selector("#plan-confirm")
    page.click("#plan-confirm")
    # The confirmed plan arrives: every box filled on the board with the staged card.
    filled = f"document.querySelectorAll('#plan li.box.filled').length >= {boxes}"
    page.wait_for_function(filled, timeout=30_000)
    for box, name in staged.items():
        assert page.locator(f"#plan li.box[data-box='{box}'] .pname").inner_text() == name
    # At phone width: no sideways scrolling, the board still there.
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "printed-plan-phone")


def test_module_boards_are_boards_with_their_cards(server: Server, pages: Pages) -> None:
    update = seat_update("wallenstein", ALL_MODULES, "favor")
    view = update["view"]
    terms = web.terms(get_game("wallenstein"))
    for lang in ("en", "de"):
        page = _blank(server, pages)
        _render(page, update, lang=lang)
        page.wait_for_selector("#court-board")
        assert page.locator("#module-court #court-board .favor-space").count() == 3
        assert page.locator(".module table").count() == 0  # boards, not tables
        # the halls by the rulebook's names (German: "Empfangshalle", as the log says; not "Vorzimmer")
        halls = {"en": ["Audience hall", "Entrance hall"], "de": ["Audienzsaal", "Empfangshalle"]}[lang]
        assert page.locator("#court-board .hall h4").all_inner_texts() == halls
        # every part of the module boards says what it is for: the halls, the statues, the trophies
        for part, word in (
            ("#court-board .hall.audience h4", {"en": "favor card", "de": "Gunstkarte"}),
            ("#court-board .hall.entrance h4", {"en": "most courtiers", "de": "meisten Höflinge"}),
            ("#leaders-board .statues", {"en": "adjacent", "de": "benachbart"}),
            ("#leaders-board .trophies", {"en": "trophy", "de": "erobert"}),
        ):
            node = page.locator(part).first
            assert node.get_attribute("tabindex") == "0", part
            node.hover()
            page.wait_for_function(
                "(w) => (document.querySelector('#tip')?.innerText || '').includes(w)",
                arg=word[lang],
            )
        favors = [f for f in view["court"]["favors"]]
        cards = page.locator("#court-board .mcard.favor:not(.none)")
        assert cards.count() == len(favors)
        for f in favors:
            text = terms[f"favor.{f['card']}"][lang]
            space = page.locator(f"#court-board .favor-space[data-courtiers='{f['courtiers']}']")
            assert space.locator(".mtext").inner_text() == text
            space.locator(".mcard").hover()
            page.locator("#tip").wait_for()
            assert text in page.locator("#tip").inner_text()
        # Each seat's Landsknechte deck: four cards, the top one the view's, with its benefits.
        decks = page.locator("#lsk-board .lsk-deck")
        assert decks.count() == 3
        for seat, top in enumerate(view["landsknechte"]["top_card"]):
            deck = decks.nth(seat)
            assert deck.locator(".mcard.lsk").count() == 4
            first = deck.locator(".mcard.lsk.top")
            assert first.get_attribute("data-lsk") == str(top)
            assert first.inner_text().strip().endswith(terms[f"lsk.card.{top}"][lang])
        page.locator("#lsk-board .mcard.lsk.top").first.hover()
        page.locator("#tip").wait_for()
        # The leaders: each seat's leader in its county; the upgraded actions as printed on hover.
        leaders = page.locator("#leaders-board .leader-card")
        assert leaders.count() == 3
        leaders.first.locator(".mcard.leader").hover()
        page.wait_for_function(
            "document.querySelector('#tip') && document.querySelector('#tip').innerText.includes('6')"
        )
        for seat, county in enumerate(view["leaders"]["leader"]):
            if county:
                assert county in leaders.nth(seat).inner_text()
        _clean(page, lang)
        page.locator("#module-court").scroll_into_view_if_needed()
        shot(page, f"printed-modules-{lang}")
        region(page, ".module", f"printed-module-boards-{lang}")
    phone = _blank(server, pages, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    _render(phone, update, lang="de")
    phone.wait_for_selector("#court-board")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.locator("#court-board .mcard.favor").first.tap()
    phone.locator("#tip").wait_for()
    shot(phone, "printed-modules-phone-de")


NAMES = ["Anna", "Bert", "Clara", "Dora"]


def _random_moves(options: dict[str, Any], seed: int) -> Iterator[tuple[Match, int, list[dict[str, Any]]]]:
    """A random Wallenstein game played move by move: after each move the match, its version
    before the move and the move's log items in English (the players named from :data:`NAMES`)."""
    game = get_game("wallenstein")
    match = Match(game, options, seed)
    rng = random.Random(seed)
    while not match.is_over():
        before = match.version
        seat = match.to_move()[0]
        match.submit(seat, game.move_to_json(rng.choice(match.seat_access(seat).legal_moves())))
        yield match, before, match.log_since(0, before, "en", NAMES[: options["players"]])


def _update(match: Match) -> dict[str, Any]:
    """Seat 0's update now, with its choices in English."""
    return web.add_choices(match.game, match, {"seat": 0, "view": match.view(0)}, "en")


def _winter(options: dict[str, Any], seed: int = 3) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A seat's update right after a winter scoring, and the log items of that move."""
    for match, _, items in _random_moves(options, seed):
        if any(item["entry"]["k"] == "score" for item in items):
            return _update(match), items
    raise AssertionError("no winter")


def test_winter_scoring_is_shown_step_by_step(server: Server, pages: Pages) -> None:
    update, items = _winter(ALL_MODULES)
    majorities = [i for i in items if i["entry"]["k"] == "majority"]
    scores = {i["entry"]["a"]["p"]: i["entry"]["a"] for i in items if i["entry"]["k"] == "score"}
    leaders = {
        i["entry"]["a"]["p"]: i["entry"]["a"]["vp"] for i in items if i["entry"]["k"] == "leader_score"
    }
    steps = 1 + len(majorities) + (1 if leaders else 0)
    page = _blank(server, pages, pace="slow")  # 2 s a step
    _render(page, update, items)
    panel = page.locator("#scoring-steps")
    panel.wait_for()
    assert page.locator("#scoring-steps .step").count() == steps
    assert page.locator("#scoring-steps .step.shown").count() == 1  # one at a time
    # the first step: counties and buildings, the points each player got
    for seat, a in scores.items():
        row = page.locator(f"#scoring-points tr[data-seat='{seat}']")
        assert row.locator(".got").inner_text() == f"+{a['base']}"
    if steps > 1:
        two = "document.querySelectorAll('#scoring-steps .step.shown').length === 2"
        page.wait_for_function(two, timeout=5000)
        assert "of" in page.locator("#scoring-count").inner_text()
    shot(page, "printed-winter-step")
    page.click("#scoring-skip")  # show the rest at once
    assert page.locator("#scoring-steps .step.shown").count() == steps
    for seat, a in scores.items():
        row = page.locator(f"#scoring-points tr[data-seat='{seat}']")
        total = a["total"] + leaders.get(seat, 0)
        assert row.locator(".now").inner_text() == str(total)
        assert row.locator(".got").inner_text() == f"+{a['base'] + a['majorities'] + leaders.get(seat, 0)}"
    # a majority step names its region and its players with their points
    for k, item in enumerate(majorities):
        step = page.locator(f"#scoring-steps .step[data-step='{k + 1}']")
        assert item["entry"]["a"]["region"] in step.inner_text()
        assert step.locator(".gain").count() == len(item["entry"]["a"]["seats"])
        # in the game's words: victory points, as its log lines and the table beside them say
        gains = step.locator(".gain").all_inner_texts()
        assert all(g.endswith(("victory point", "victory points")) for g in gains), gains
        # a tie says why it scores one less ("a tie gives each tied player the amount minus 1")
        tied = len(item["entry"]["a"]["seats"]) > 1
        assert ("tie: 1 less each" in step.inner_text()) == tied, step.inner_text()
    _clean(page, "en")
    shot(page, "printed-winter-done-en")
    page.wait_for_timeout(500)  # the last step has faded in
    region(page, "#scoring-steps", "printed-winter-panel-en")
    page.click("#scoring-close")
    assert page.locator("#scoring-steps").count() == 0
    shot(page, "printed-table-en")
    # "at once": every step at once, in German.
    game = get_game("wallenstein")
    names = ["Anna", "Bert", "Clara"]
    de_items = [{**item, "text": game.render_log(item["entry"], "de", names)} for item in items]
    instant = _blank(server, pages, pace="instant", viewport={"width": 390, "height": 844})
    _render(instant, update, de_items, lang="de")
    instant.locator("#scoring-steps").wait_for()
    assert instant.locator("#scoring-steps .step.shown").count() == steps
    instant.wait_for_timeout(500)  # the steps have faded in
    assert instant.evaluate("document.documentElement.scrollWidth") <= 390
    _clean(instant, "de")
    shot(instant, "printed-winter-de-phone")
    desk = _blank(server, pages, pace="instant")
    _render(desk, update, de_items, lang="de")
    desk.locator("#scoring-steps").wait_for()
    desk.wait_for_timeout(500)
    region(desk, "#scoring-steps", "printed-winter-panel-de")
    desk.click("#scoring-close")
    shot(desk, "printed-table-de")


def test_county_names_stay_inside_the_map(server: Server, pages: Pages) -> None:
    update = seat_update("wallenstein", {"players": 4}, "plan")
    for width in (1280, 390):
        page = _blank(server, pages, viewport={"width": width, "height": 900})
        _render(page, update)
        page.wait_for_timeout(300)  # the names are fitted in the next frame
        outside = page.evaluate(
            """() => {
          const svg = document.querySelector('#map');
          const vb = svg.viewBox.baseVal;
          return [...svg.querySelectorAll('text.cname')].map((t) => [t.textContent, t.getBBox()])
            .filter(([, b]) => b.x < vb.x || b.y < vb.y
              || b.x + b.width > vb.x + vb.width || b.y + b.height > vb.y + vb.height)
            .map(([n]) => n);
        }"""
        )
        assert outside == [], (width, outside)
        names = page.evaluate("[...document.querySelectorAll('#map text.cname')].map((t) => t.textContent)")
        assert "Oberösterreich" in names and "Niederösterreich" in names
        # each county's owner and armies on it; its state in words on hover (and tap)
        assert page.locator("#map .county text.armies").count() > 0
        owned = page.locator("#map .county:has(text.armies)").first
        owned.hover()
        page.locator("#tip").wait_for()
        assert owned.get_attribute("data-county") in page.locator("#tip").inner_text()


def test_the_boards_words_are_in_both_languages() -> None:
    """words-boards.js: every key in English and German; counted keys with their plural forms."""
    import re

    text = (web.STATIC / "words-boards.js").read_text(encoding="utf-8")
    block = text.split("const WORDS = {", 1)[1].split("\n};", 1)[0]
    en, de = block.split("\n  de: {")
    keys = lambda part: set(re.findall(r'"?([\w#]+)"?: "', part))  # noqa: E731
    assert keys(en) == keys(de), keys(en) ^ keys(de)
    counted = {k.split("#")[0] for k in keys(en) if "#" in k}
    for key in counted:
        assert {f"{key}#one", f"{key}#other"} <= keys(en), key
    assert "Intl.PluralRules" in text


def _before_the_first_winter(options: dict[str, Any], seed: int) -> dict[str, Any]:
    """The position at the start of the last plan before the first winter scoring of a game of
    random moves (then come the season's plan, its actions and the winter)."""
    game = get_game("wallenstein")
    state = game.new_state(options, seed)
    rng = random.Random(seed)
    plan: dict[str, Any] | None = None
    phase = None
    while not state.is_terminal():
        if state.phase == "plan" and phase != "plan":
            plan = game.position(state)
        phase = state.phase
        seat = state.to_move()[0]
        logged = len(state.log)
        state.apply(seat, rng.choice(state.legal_moves(seat)))
        if any(entry["k"] == "score" for entry in state.log[logged:]):
            assert plan is not None
            return plan
    raise AssertionError("no winter")


@pytest.mark.slow
def test_winter_scoring_appears_in_a_live_game(server: Server, pages: Pages) -> None:
    """One browser seat with all three modules against bots, played by random clicks until the
    first winter: the scoring panel comes with that move, every step shown (pace "at once"), and its
    totals are the players' victory points on the board. The game starts at the plan of the season
    before that winter (a position of a random game played here; from the game's start the browser
    made three times the clicks, about 20 s of the suite)."""
    from .drive import CLICK, READY

    seats = [{"kind": "human", "name": "Anna"}] + [
        {"kind": "bot", "bot": "random", "name": f"Bot {i}"} for i in range(1, 3)
    ]
    position = _before_the_first_winter(ALL_MODULES, seed=9)
    game = server.api("/api/games", {"game": "wallenstein", "position": position, "seats": seats, "seed": 9})
    page = pages.new(viewport={"width": 1280, "height": 900})
    page.goto(game["seats"][0]["invite"])
    rng = random.Random(9)
    for _ in range(800):
        seen = wait_ready(page, f"{READY}, #scoring-steps", ("#scoring-steps", "#ending"))
        if seen["#scoring-steps"]:
            break
        assert not seen["#ending"]
        page.evaluate(CLICK, rng.random())
    else:
        raise AssertionError("no winter")
    steps = page.locator("#scoring-steps .step")
    assert steps.count() >= 1 and page.locator("#scoring-steps .step.shown").count() == steps.count()
    rows = page.locator("#scoring-points tbody tr")
    assert rows.count() == 3
    rows_js = "[...document.querySelectorAll('#players tbody tr')]"
    vp = page.evaluate(f"{rows_js}.map((r) => r.querySelectorAll('td')[2].innerText)")  # thaler, grain, vp
    now = [rows.nth(i).locator(".now").inner_text() for i in range(3)]
    assert now == vp
    shot(page, "printed-winter-live")
    # A reload shows the position at once: no scoring steps to watch again.
    page.reload()
    page.wait_for_selector("#map .county")
    page.wait_for_selector("#players tbody tr")
    assert page.locator("#scoring-steps").count() == 0


def test_an_empty_tray_says_so(server: Server, pages: Pages) -> None:
    """Cubes in the tower and none in the tray: the tray's row said "tray" with nothing after it;
    it says "empty", in English and German."""
    update = seat_update("wallenstein", {"players": 3}, "plan")
    update["view"]["tower"] = {"inside": [4, 5, 6, 4], "tray": [0, 0, 0, 0]}
    page = _blank(server, pages)
    for lang, tray, empty in (("en", "tray", "empty"), ("de", "Schale", "leer")):
        _render(page, update, lang=lang)
        rows = [r.split("\n") for r in page.locator("#tower .tower-row").all_inner_texts()]
        assert [r[0] for r in rows] == [rows[0][0], tray] and len(rows[0]) > 1, rows
        assert " ".join(rows[1]).split() == [tray, empty], rows


def test_mansfeld_names_its_turn_order(server: Server, pages: Pages) -> None:
    """Mansfeld's line over the board gave the turn order as "→ Blue → Yellow → Anna", an arrow
    where a word belongs; it says "turn order" / "Reihenfolge"."""
    update = seat_update("mansfeld", {"players": 3}, "recruit")
    assert update["view"]["order"]
    page = _blank(server, pages)
    for lang, word in (("en", "turn order"), ("de", "Reihenfolge")):
        page.evaluate(RENDER, ["mansfeld", update, [], lang])
        page.wait_for_selector("#characters")
        line = page.locator(".info").filter(has_text="→").inner_text()
        assert line.startswith(word) and " → " in line, line


def test_the_plan_marks_the_county_card_of_the_own_military_leader(server: Server, pages: Pages) -> None:
    """Heerführer: an action in the leader's county is upgraded, but a county card on the planning
    board looked like any other: the player had to find the ★ on the map. The card of that county
    carries the leader's star with a tip saying why (English and German)."""
    update = seat_update("wallenstein", ALL_MODULES, "plan")
    led = update["view"]["leaders"]["leader"][update["seat"]]
    assert led
    for lang, word in (("en", "military leader"), ("de", "Heerführer")):
        page = _blank(server, pages)
        _render(page, update, lang=lang)
        card = page.locator(f"#plan .pcard.county[data-card='{led}']").first
        card.wait_for()
        assert card.locator(".led").count() == 1
        assert page.locator("#plan .pcard.county .led").count() == 1  # that county's card only
        card.hover()
        tip_has = "(w) => (document.querySelector('#tip')?.innerText || '').includes(w)"
        page.wait_for_function(tip_has, arg=word)
        assert led in page.locator("#tip").inner_text()
        region(page, "#plan", f"printed-plan-leader-{lang}")


def test_winter_steps_shown_stay_still_when_the_board_is_drawn_again(server: Server, pages: Pages) -> None:
    """The board is drawn anew at every update (another seat's move, a card put into the plan) and
    the scoring panel moves into the new board: every step already shown faded in again from
    nothing each time, so in a hot-seat game with bots the list blinked empty (a screenshot at
    "Step 12 of 12" showed no step at all). Only the step just revealed fades in."""
    update, items = _winter(ALL_MODULES)
    page = _blank(server, pages, pace="slow")  # 2 s a step
    _render(page, update, items)
    # the first step has faded in (its ``new`` mark is gone: a condition, not a time, on a busy machine)
    page.wait_for_function("() => document.querySelector('#scoring-steps .step.shown:not(.new)')")
    still, moving = page.evaluate(
        """() => { const still = [...document.querySelectorAll('#scoring-steps .step.shown:not(.new)')];
          window.__draw();  // the steps shown before the drawing (a step revealed meanwhile may fade in)
          return [still.length, still.filter((li) => li.getAnimations().length
            || getComputedStyle(li).opacity !== '1').length]; }"""
    )
    assert still >= 1 and moving == 0, (still, moving)


RESULT_KEYS = {"build", "collect", "deploy", "skip", "skip_lost", "calmed", "parried", "revolt",
               "revolt_subdued", "revolt_won"}  # fmt: skip


def step_seats(items: list[dict[str, Any]]) -> list[int]:
    """The seat of each step of an action's results as the panel cuts them (a new step where the
    action or the player changes), from the log items of a move."""
    steps: list[tuple[int, int]] = []  # (action, seat)
    action = 0
    for item in items:
        k, a = item["entry"]["k"], item["entry"]["a"]
        if k == "reveal_action":
            action += 1
        elif k in RESULT_KEYS:
            who = a.get("p", steps[-1][1] if steps else None)
            if who is not None and (not steps or steps[-1] != (action, who)):
                steps.append((action, who))
    return [who for _, who in steps]


def _action_round(
    options: dict[str, Any], seed: int = 3, battle: bool = False
) -> tuple[dict[str, Any], list[dict[str, Any]], list[int], list[dict[str, Any]]]:
    """A seat's update right after a move that turned an action over which every player carried out
    in turn (no decision in between): the update, the move's log items, the seats in the order
    their results came, the log items in German. ``battle``: a move whose log has a battle (the
    movement that ended the action before) ahead of the results, else one without."""
    for match, before, items in _random_moves(options, seed):
        keys = [item["entry"]["k"] for item in items]
        if ("battle" in keys) != battle:
            continue
        order = step_seats(items)
        first = next((k for k, key in enumerate(keys) if key in RESULT_KEYS), len(keys))
        if 3 <= len(order) <= (10 if battle else 6) and (not battle or keys.index("battle") < first):
            return _update(match), items, order, match.log_since(0, before, "de", NAMES[: options["players"]])
    raise AssertionError("no action carried out by every player in one move")


def test_an_actions_results_are_shown_player_by_player(server: Server, pages: Pages) -> None:
    """An action turned over is carried out by every player in turn, and the server sends it as one
    update: the board jumped once. A panel shows each player's result one after the other at the
    pace (the county of the result just shown marked on the map), "show all" the rest at once; the
    next move waits meanwhile; "at once" shows every result at once. English and German."""
    update, items, order, german = _action_round({"players": 3})
    page = _clocked(server, pages)  # 2 s a step, on the page's own clock (a loaded machine let a
    _render(page, update, items)  # second step come between two looks on the wall clock)
    panel = page.locator("#action-steps")
    panel.wait_for()
    steps = page.locator("#action-steps .step")
    assert steps.count() == len(order)
    assert page.locator("#action-steps .step.shown").count() == 1  # one at a time
    names = ["Anna", "Bert", "Clara"]
    assert [int(s) for s in steps.evaluate_all("(els) => els.map((e) => e.dataset.seat)")] == order
    assert names[order[0]] in steps.first.inner_text()
    acting = page.locator("#map .county.acting")
    first_county = next(
        (
            i["entry"]["a"].get("county")
            for i in items
            if i["entry"]["k"] in RESULT_KEYS and i["entry"]["a"].get("p") == order[0]
        ),
        None,
    )
    if first_county:
        page.clock.run_for(100)  # (the map is marked on the next frame)
        acting.first.wait_for()
        assert acting.first.get_attribute("data-county") == first_county
    page.clock.run_for(2000)  # one step
    assert page.locator("#action-steps .step.shown").count() == 2
    assert "2 of" in page.locator("#action-count").inner_text()
    shot(page, "action-steps-en")
    region(page, "#action-steps", "action-steps-panel-en")
    # the next move waits until the last result was seen (at this pace), not at all "at once"
    holds = page.evaluate(
        """async (log) => { const m = await import('/static/action-steps.js');
          const slow = m.actionHold(log); localStorage.setItem('feldherr:pace', 'instant');
          const now = m.actionHold(log); localStorage.setItem('feldherr:pace', 'slow');
          return [slow, now]; }""",
        items,
    )
    assert holds[0] >= (len(order) - 1) * 2000 and holds[1] == 0, holds
    page.click("#action-skip")
    assert page.locator("#action-steps .step.shown").count() == len(order)
    _clean(page, "en")
    page.click("#action-close")
    assert page.locator("#action-steps").count() == 0
    # German, "at once": every result at once
    de = _blank(server, pages, pace="instant", viewport={"width": 390, "height": 844})
    _render(de, update, german, lang="de")
    de.locator("#action-steps.done").wait_for()
    de.wait_for_timeout(500)  # the steps have faded in
    _clean(de, "de")
    assert de.locator("#action-steps .step.shown").count() == len(order)
    assert "Spieler für Spieler" in de.locator("#action-steps h3").inner_text()
    shot(de, "action-steps-de-phone")


def test_an_actions_results_follow_the_tower_of_the_battle_before_them(server: Server, pages: Pages) -> None:
    """A movement's battle that ends an action comes in the same update as the next action's
    results: the tower ran while the results were already being shown. The results now wait for
    the tower (the panel hidden meanwhile), and the next move waits for both."""
    update, items, order, _ = _action_round({"players": 3}, seed=3, battle=True)
    page = _blank(server, pages, pace="slow")
    _render(page, update, items)
    page.locator("#tower-scene").wait_for()
    assert page.locator("#action-steps").count() == 1 and page.locator("#action-steps").is_hidden()
    page.locator("#action-steps").wait_for(state="visible", timeout=8000)
    assert page.locator("#action-steps .step.shown").count() == 1
    hold = page.evaluate("async (log) => (await import('/static/action-steps.js')).actionHold(log)", items)
    assert hold >= 3200 + (len(order) - 1) * 2000, hold


# What a move may log before and after its results without changing a player's numbers in the
# players' table.
QUIET_BEFORE = {"reveal_action", "move", "pass"}
QUIET_AFTER = {"reveal_action", "round"}
TABLE_FIELDS = ("thaler", "grain", "vp", "supply", "cards")


def _action_cases(options: dict[str, Any], seed: int) -> list[dict[str, Any]]:
    """Every move of a random game whose log has an action's results and nothing before or after
    them that changes a player's numbers: the log items, the players' numbers before and after the
    move (seat 0's views)."""
    cases = []
    # seat 0's view before each move: the game's start (the same options and seed), then each after
    prev = Match(get_game("wallenstein"), options, seed).view(0)
    for match, _, items in _random_moves(options, seed):
        after = match.view(0)
        keys = [item["entry"]["k"] for item in items]
        results = [k for k, key in enumerate(keys) if key in RESULT_KEYS]
        if (
            results
            and set(keys[: results[0]]) <= QUIET_BEFORE
            and set(keys[results[-1] + 1 :]) <= QUIET_AFTER
        ):
            cases.append(
                {"items": items, "before": prev["players"], "after": after["players"], "view": after}
            )
        prev = after
    return cases


def test_the_players_table_moves_with_an_actions_results_step_by_step(server: Server, pages: Pages) -> None:
    """While an action's results are shown player by player, the players' table (Thalers, grain,
    points, armies in supply, cards) stands as it is after the step shown, not at the update's final
    numbers from the start; "show all" brings it to them. And the client's reckoning of what each
    result did, counted back from the update's numbers over all of a move's steps, comes to the
    numbers before the move in every such move of several random games (revolts included)."""
    page = _blank(server, pages, pace="slow")  # 2 s a step
    cases = [c for seed in (3, 5) for c in _action_cases({"players": 4}, seed)]
    cases += _action_cases(ALL_MODULES, 4)
    evaluated = [{k: c[k] for k in ("items", "before", "after")} for c in cases]
    kinds = {item["entry"]["k"] for c in cases for item in c["items"]}
    assert {"build", "collect", "deploy", "revolt"} <= kinds, kinds
    wrong = page.evaluate(
        """async (cases) => { const m = await import('/static/action-steps.js');
          const pick = (p) => [p.thaler, p.grain, p.vp, p.supply, p.cards];
          const out = [];
          for (const c of cases) {
            const list = m.actionStepList(c.items);
            if (!list.length) continue;
            const tables = m.stepTables(list, c.after);
            if (tables.length !== list.length + 1) { out.push(['count', tables.length]); continue; }
            for (const p of c.before) {
              const got = tables[0].get(p.seat);
              if (JSON.stringify(pick(got)) !== JSON.stringify(pick(p)))
                out.push([c.items.map((i) => i.entry.k), p.seat, pick(got), pick(p)]);
            }
          }
          return out; }""",
        evaluated,
    )
    assert wrong == [], wrong[:3]
    assert len(cases) >= 20, len(cases)

    # On the page, the first step shown: a player whose results all came in it has the numbers
    # after them, a player whose results come later still those from before the move.
    def numbers(p: dict[str, Any]) -> list[int]:
        return [p[f] for f in TABLE_FIELDS]

    def later_changes(c: dict[str, Any]) -> bool:
        order = step_seats(c["items"])
        late = set(order[1:]) - {order[0]}
        return len(order) >= 3 and any(numbers(c["before"][s]) != numbers(c["after"][s]) for s in late)

    case = next(c for c in cases if later_changes(c) and "round" not in [i["entry"]["k"] for i in c["items"]])
    order = step_seats(case["items"])
    update = {"seat": 0, "view": case["view"], "choices": []}
    final = {p["seat"]: numbers(p) for p in case["after"]}
    before = {p["seat"]: numbers(p) for p in case["before"]}
    expect = {s: final[s] for s in final if order.count(s) == 1 and order[0] == s}
    expect.update({s: before[s] for s in final if s in order[1:] and s != order[0]})

    def table() -> dict[int, list[int]]:
        rows = page.evaluate(
            """() => [...document.querySelectorAll('#players tbody tr')].map((tr) => [Number(tr.dataset.seat),
                 [...tr.querySelectorAll('td')].map((td) => Number(td.textContent))])"""
        )
        return {seat: cells for seat, cells in rows}

    _render(page, update, case["items"])
    page.locator("#action-steps .step.shown").first.wait_for()
    assert page.locator("#action-steps .step.shown").count() == 1
    shown = table()
    assert {s: shown[s] for s in expect} == expect, (order, shown, expect, final)
    assert shown != final  # not the update's numbers yet
    shot(page, "action-steps-table-first")
    page.evaluate("window.__draw()")  # drawn anew while the steps run: the table keeps the step's numbers
    assert table() == shown
    page.wait_for_function(
        "document.querySelectorAll('#action-steps .step.shown').length === 2", timeout=5000
    )
    assert table()[order[1]] != before[order[1]] or before[order[1]] == final[order[1]]
    page.click("#action-skip")
    assert table() == final
    shot(page, "action-steps-table-all")
    page.evaluate("window.__draw()")
    assert table() == final
    page.click("#action-close")
    assert table() == final


def _plan_with_fewer_cards_than_boxes(server: Server, seed: int = 1) -> dict[str, Any]:
    """A Am-Kaiserhof game created from a position (random play here, 0.1 s) where the first seat
    plans with fewer cards than boxes: its bid may be left empty (the move's card is null)."""
    game = get_game("wallenstein")
    options = {"players": 4, "modules": ["court"]}
    match = Match(game, options, seed)
    rng = random.Random(seed)
    while not match.is_over():
        seat = match.to_move()[0]
        access = match.seat_access(seat)
        moves = [game.move_to_json(m) for m in access.legal_moves()]
        if seat == 0 and access.view["phase"] == "plan" and ["slot", "bid", None] in moves:
            position = game.position(game.state_from_json(match.snapshot()["state"]))
            seats = [{"kind": "human", "name": "Anna"}] + [{"kind": "bot", "bot": "random"}] * 3
            body = {"game": "wallenstein", "position": position, "seats": seats, "seed": seed}
            return dict(server.api("/api/games", body))
        match.submit(seat, moves[int(rng.random() * len(moves))])
    raise AssertionError("the first seat never planned with fewer cards than boxes")


def test_a_plan_box_left_empty_is_offered_in_words(server: Server, pages: Pages) -> None:
    """With fewer cards than boxes a box may stay empty: the card buttons offer that in words ("leave
    it empty", "frei lassen"; it was a bare "–" without any help), and the board shows it."""
    made = _plan_with_fewer_cards_than_boxes(server)
    page = pages.new(viewport={"width": 390, "height": 844})
    page.goto(made["seats"][0]["invite"])
    page.wait_for_selector("#plan-target")
    labels = page.locator("#choices button:not(#plan-confirm)").all_inner_texts()
    assert "leave it empty" in labels and "–" not in labels, labels
    page.click("#choices button:has-text('leave it empty')")
    bid = page.locator("#plan li.box[data-box='bid'] .space-card")
    assert (bid.get_attribute("aria-label") or "").startswith("Bid: leave it empty")
    page.click("#lang")
    page.wait_for_selector("#plan-target")
    assert "frei lassen" in page.locator("#choices button, #plan .space-card").evaluate_all(
        "els => els.map((e) => e.innerText + ' ' + (e.getAttribute('aria-label') || '')).join(' | ')"
    )


# The lines whose effect on the players' numbers the client reckons (action-steps.js); a move with
# others (the court's conversions, say) is left out of the reckoning's check.
RECKONED = RESULT_KEYS | {"battle", "conquered", "held", "tie_neutral", "repelled", "winter_begins",
    "unsupplied", "majority", "score", "leader_score", "favor_gain", "lsk_benefit", "reveal_action",
    "move", "pass", "round", "order", "events", "event", "planned", "lineup", "tower_filled",
    "statue", "trophy", "game_over"}  # fmt: skip


def _moves_with_before(options: dict[str, Any], seed: int) -> list[dict[str, Any]]:
    """Every move of a random game: its log items, seat 0's view before and after it."""
    out = []
    prev = Match(get_game("wallenstein"), options, seed).view(0)
    for match, _, items in _random_moves(options, seed):
        after = match.view(0)
        out.append({"items": items, "before": prev, "after": after})
        prev = after
    return out


def test_the_client_reckons_every_line_that_moves_the_players_numbers(server: Server, pages: Pages) -> None:
    """Reckoned on from the numbers before a move, line by line (a battle's losses, a county
    conquered, the winter's grain loss and scoring, the results), the players' table comes to the
    update's numbers in every move of random games, with the modules too (the draft's cards and
    armies, the bids paid, Am Kaiserhof's armies turned into courtiers, a favor card's county),
    save the grain the end of the year takes (no line says so: the scoring's last step shows the
    update's)."""
    page = _blank(server, pages)
    moves = [m for seed in (3, 5) for m in _moves_with_before({"players": 4}, seed)]
    moves += [m for seed in (4, 5) for m in _moves_with_before(ALL_MODULES, seed)]
    cases = [
        {"items": m["items"], "before": m["before"]["players"], "after": m["after"]["players"]} for m in moves
    ]
    kinds = {i["entry"]["k"] for c in cases for i in c["items"]}
    assert {"battle", "conquered", "held", "winter_begins", "score", "revolt"} <= kinds, kinds
    assert {"draft", "bid_revealed", "court_convert", "favor_gain", "lsk_benefit"} <= kinds, kinds
    wrong = page.evaluate(
        """async (cases) => { const m = await import('/static/action-steps.js');
          const fields = ['thaler', 'grain', 'vp', 'supply', 'cards'];
          const out = [];
          for (const c of cases) {
            const row = (p) => Object.fromEntries(fields.map((f) => [f, p[f]]));
            const start = new Map(c.before.map((p) => [p.seat, row(p)]));
            const got = c.items.length ? m.reckonOn(c.items, start).pop() : start;
            const winter = c.items.some((i) => i.entry.k === 'score');
            for (const p of c.after) for (const f of fields) {
              if (winter && f === 'grain') continue;
              const kinds = c.items.map((i) => i.entry.k).join(' ');
              if (got.get(p.seat)[f] !== p[f]) out.push([kinds, p.seat, f, got.get(p.seat)[f], p[f]]);
            }
          }
          return out; }""",
        cases,
    )
    assert wrong == [], wrong[:4]
    assert len(cases) >= 200, len(cases)


def _numbers(page: Any) -> dict[int, list[int]]:
    """The players' table on the page: seat -> Thalers, grain, points, armies in supply, cards."""
    rows = page.evaluate(
        """() => [...document.querySelectorAll('#players tbody tr')].map((tr) => [Number(tr.dataset.seat),
             [...tr.querySelectorAll('td[data-field]')].map((td) => Number(td.textContent))])"""
    )
    return {seat: cells for seat, cells in rows}


def test_the_winter_moves_the_players_table_at_its_own_moment(server: Server, pages: Pages) -> None:
    """The winter in the players' table. The year's last action carried out player by player, then
    the winter begins: its grain loss came with the last result; now it comes a step after it. The
    next move's revolts and scoring: the table showed the revolts' losses and every point at once
    while the tower still ran and the scoring panel counted; now it stands as before the move while
    the tower runs, the scoring panel follows the tower, and its steps move the table (the revolts
    and the counties and buildings first), the update's numbers with the last step."""
    fields = ("thaler", "grain", "vp", "supply", "cards")
    moves = [m for seed in (3, 5) for m in _moves_with_before({"players": 4}, seed)]

    def keys(m: dict[str, Any]) -> list[str]:
        return [i["entry"]["k"] for i in m["items"]]

    def table(players: list[dict[str, Any]]) -> dict[int, list[int]]:
        return {p["seat"]: [p[f] for f in fields] for p in players}

    # the winter begins after the results: the grain loss a step after the last result
    case = next(m for m in moves if "winter_begins" in keys(m) and len(step_seats(m["items"])) >= 2)
    items = case["items"]
    loss = next(i["entry"]["a"]["loss"] for i in items if i["entry"]["k"] == "winter_begins")
    update = {"seat": 0, "view": case["after"], "choices": [], "prev": case["before"]}
    page = _blank(server, pages, pace="slow")  # 2 s a step
    _render(page, update, items)
    steps = page.locator("#action-steps .step").count()
    last = f"document.querySelectorAll('#action-steps .step.shown').length === {steps}"
    page.wait_for_function(last, timeout=60_000)
    final = table(case["after"]["players"])
    if loss:  # before the loss: at least as much grain, more where there was some to lose
        grain = {s: row[1] for s, row in _numbers(page).items()}
        assert all(grain[s] >= final[s][1] for s in final), (grain, final)
        assert grain != {s: final[s][1] for s in final} or not any(grain.values()), (grain, final)
    grains = json.dumps({str(s): r[1] for s, r in final.items()})
    page.wait_for_function(
        f"() => [...document.querySelectorAll('#players tbody tr')].every((tr) => "
        f"tr.querySelectorAll('td[data-field]')[1].textContent === String({grains}[tr.dataset.seat]))",
        timeout=5000,
    )
    assert _numbers(page) == final

    # the revolts and the scoring of the next move
    case = next(m for m in moves if "score" in keys(m) and "revolt" in keys(m))
    items, before, after = case["items"], case["before"]["players"], case["after"]["players"]
    base = {i["entry"]["a"]["p"]: i["entry"]["a"]["base"] for i in items if i["entry"]["k"] == "score"}
    update = {"seat": 0, "view": case["after"], "choices": [], "prev": case["before"]}
    page = _blank(server, pages, pace="slow")
    _render(page, update, items)
    page.locator("#tower-scene").wait_for()
    assert page.locator("#scoring-steps").is_hidden()  # the revolts' tower first
    assert _numbers(page) == table(before)
    page.locator("#scoring-steps").wait_for(state="visible", timeout=20_000)
    assert page.locator("#scoring-steps .step.shown").count() == 1
    vp = {p["seat"]: p["vp"] + base[p["seat"]] for p in before}
    now = _numbers(page)
    assert {s: row[2] for s, row in now.items()} == vp, (now, vp)
    won = [i["entry"]["a"]["p"] for i in items if i["entry"]["k"] == "revolt_won"]
    cards = {p["seat"]: p["cards"] - won.count(p["seat"]) for p in before}
    assert {s: row[4] for s, row in now.items()} == cards
    shot(page, "winter-table-scoring")
    page.evaluate("window.__draw()")  # drawn anew meanwhile: the table keeps the step's numbers
    assert _numbers(page) == now
    page.click("#scoring-skip")
    assert _numbers(page) == table(after)


def test_a_battles_losses_come_with_its_tower(server: Server, pages: Pages) -> None:
    """A battle ahead of an action's results: while its tower runs the players' table stands as
    before the move (it showed the battle's losses before the cubes fell); the first result comes
    after the tower, with them."""
    case = next(
        m
        for m in _moves_with_before({"players": 3}, 3)
        if (keys := [i["entry"]["k"] for i in m["items"]])
        and "battle" in keys
        and any(k in RESULT_KEYS for k in keys)
        and keys.index("battle") < min(k for k, key in enumerate(keys) if key in RESULT_KEYS)
        and len(step_seats(m["items"])) >= 2
        and set(keys) <= RECKONED
        and "score" not in keys
    )
    items, before = case["items"], case["before"]["players"]
    fields = ("thaler", "grain", "vp", "supply", "cards")
    start = {p["seat"]: [p[f] for f in fields] for p in before}
    battle = next(i["entry"]["a"] for i in items if i["entry"]["k"] == "battle")
    update = {"seat": 0, "view": case["after"], "choices": [], "prev": case["before"]}
    page = _blank(server, pages, pace="slow")
    _render(page, update, items)
    page.locator("#tower-scene").wait_for()
    assert page.locator("#action-steps").is_hidden()
    assert _numbers(page) == start  # the cubes have not fallen yet
    page.locator("#action-steps").wait_for(state="visible", timeout=8000)
    now = _numbers(page)
    first = step_seats(items)[0]
    # the attacker's cubes that fell out are back in its supply (less those that stay on the board)
    kept = sum(
        i["entry"]["a"]["armies"]
        for i in items
        if i["entry"]["k"] == "conquered" and i["entry"]["a"]["p"] == battle["p"]
    )
    extra = sum(x["n"] for x in battle.get("plus", []) if x["p"] == battle["p"])
    if battle["p"] != first:
        assert now[battle["p"]][3] == start[battle["p"]][3] + battle["out"][battle["p"]] - kept - extra, now


def test_a_battle_alone_changes_the_table_when_its_cubes_have_fallen(server: Server, pages: Pages) -> None:
    """A movement's battle with nothing after it: the players' table showed its losses (or the
    county's card changing hands) while the cubes were still falling; now it stands as before the
    move while the tower runs and comes to the update's numbers after it."""
    fields = ("thaler", "grain", "vp", "supply", "cards")

    def table(players: list[dict[str, Any]]) -> dict[int, list[int]]:
        return {p["seat"]: [p[f] for f in fields] for p in players}

    case = next(
        m
        for m in _moves_with_before({"players": 3}, 3)
        if "battle" in (keys := [i["entry"]["k"] for i in m["items"]])
        and not set(keys) & (RESULT_KEYS | {"score", "winter_begins"})
        and table(m["before"]["players"]) != table(m["after"]["players"])
    )
    update = {"seat": 0, "view": case["after"], "choices": [], "prev": case["before"]}
    page = _blank(server, pages, pace="slow")
    _render(page, update, case["items"])
    page.locator("#tower-scene").wait_for()
    assert _numbers(page) == table(case["before"]["players"])
    after = json.dumps({str(p["seat"]): p["supply"] for p in case["after"]["players"]})
    page.wait_for_function(
        "() => [...document.querySelectorAll('#players tbody tr')].every((tr) => "
        f"tr.querySelectorAll('td[data-field]')[3].textContent === String({after}[tr.dataset.seat]))",
        timeout=8000,
    )
    assert _numbers(page) == table(case["after"]["players"])


def test_show_all_on_the_results_brings_the_winter_scoring_at_once(server: Server, pages: Pages) -> None:
    """The year's last action carried out player by player, and the winter scoring in the same
    move: "show all" on the results' panel showed them all, but the scoring still waited for its
    own timer (the results' time at the pace). Now "show all" shows the scoring's steps at once too
    (as the scoring's own "show all"), the players' table at the update's numbers; "close" starts
    the scoring at once, step by step at the pace."""
    fields = ("thaler", "grain", "vp", "supply", "cards")
    case = next(
        m
        for m in _moves_with_before({"players": 4}, 4)
        if any(i["entry"]["k"] == "score" for i in m["items"]) and len(step_seats(m["items"])) >= 2
    )
    update = {"seat": 0, "view": case["after"], "choices": [], "prev": case["before"]}
    final = {p["seat"]: [p[f] for f in fields] for p in case["after"]["players"]}
    page = _blank(server, pages, pace="slow")  # 2 s a step: the scoring would come after 4 s or more
    _render(page, update, case["items"])
    page.locator("#action-steps").wait_for(state="visible")
    assert page.locator("#scoring-steps").is_hidden()  # it waits for the results
    page.click("#action-skip")
    steps = page.locator("#scoring-steps .step").count()
    page.wait_for_function(
        f"document.querySelectorAll('#scoring-steps .step.shown').length === {steps}", timeout=600
    )
    assert page.locator("#scoring-steps").is_visible()
    assert page.locator("#scoring-skip").is_disabled()
    assert _numbers(page) == final
    page.wait_for_timeout(500)  # the last steps have faded in
    shot(page, "action-steps-show-all-winter")

    # "close": the scoring starts now, a step at a time
    page = _blank(server, pages, pace="slow")
    _render(page, update, case["items"])
    page.locator("#action-steps").wait_for(state="visible")
    page.click("#action-close")
    page.locator("#scoring-steps").wait_for(state="visible", timeout=600)
    assert page.locator("#scoring-steps .step.shown").count() == 1
    assert _numbers(page) != final or steps == 1


REPLAY_STEP = """async ([view, fresh]) => {
  const boards = await import('/static/boards.js');
  // the step shown last, drawn again when a board's data file comes, as the replay page does (a
  // step drawn before the map's outlines came had no map and stayed so: CI, under load)
  window.__step = [view, fresh];
  window.__replayDraw ??= () => {
    boards.onData(window.__replayDraw);
    const [v, f] = window.__step;
    const node = boards.renderBoard('wallenstein', v, { keys: new Set(),
      names: ['Anna', 'Bert', 'Clara', 'Dora'], me: null, pick() {}, filter: '', replay: true, fresh: f });
    document.getElementById('app').replaceChildren(node);
  };
  window.__replayDraw();
}"""


def test_the_replays_next_step_shows_its_own_numbers_while_the_results_before_ran(
    server: Server, pages: Pages
) -> None:
    """The replay stepped on while a move's results were still shown player by player: the next
    step's players' table showed that move's numbers of the step then shown for every player whose
    numbers the next move left alone, and the results' timer kept writing them into it. Now the
    next step's table shows its own numbers, at once and after the results' pace."""
    fields = ("thaler", "grain", "vp", "supply", "cards")
    moves = _moves_with_before({"players": 4}, 3)
    at = next(
        k
        for k, m in enumerate(moves[:-1])
        if len(step_seats(m["items"])) >= 3
        and not any(i["entry"]["k"] in RESULT_KEYS for i in moves[k + 1]["items"])
    )
    page = _blank(server, pages, pace="slow")  # 2 s a step
    page.evaluate(REPLAY_STEP, [moves[at]["after"], moves[at]["items"]])
    page.locator("#action-steps .step.shown").first.wait_for()
    page.evaluate(REPLAY_STEP, [moves[at + 1]["after"], moves[at + 1]["items"]])
    page.wait_for_selector("#map .county")
    assert page.locator("#action-steps").count() == 0
    own = {p["seat"]: [p[f] for f in fields] for p in moves[at + 1]["after"]["players"]}
    assert _numbers(page) == own
    page.wait_for_timeout(2500)  # the results' next step has come meanwhile
    assert _numbers(page) == own


def test_a_newer_position_after_a_reconnect_shows_its_own_numbers(server: Server, pages: Pages) -> None:
    """The connection came back while a move's results were still shown player by player, with a
    newer position (the bots moved meanwhile; a first update brings no log lines to step through):
    the players' table showed the old move's step numbers for every player the moves since left
    alone. Now it shows the position's own numbers, also after the results' pace."""
    fields = ("thaler", "grain", "vp", "supply", "cards")
    moves = _moves_with_before({"players": 4}, 3)
    at = next(k for k, m in enumerate(moves[:-1]) if len(step_seats(m["items"])) >= 3)

    def table(m: dict[str, Any]) -> dict[int, list[int]]:
        return {p["seat"]: [p[f] for f in fields] for p in m["after"]["players"]}

    # the position some moves on: some players' numbers changed since, not all
    later = next(
        m
        for m in moves[at + 1 :]
        if table(m) != table(moves[at]) and any(table(m)[s] == table(moves[at])[s] for s in table(m))
    )
    page = _blank(server, pages, pace="slow")  # 2 s a step
    _render(page, {"seat": 0, "view": moves[at]["after"], "choices": []}, moves[at]["items"])
    page.locator("#action-steps .step.shown").first.wait_for()
    _render(page, {"seat": 0, "view": later["after"], "choices": []}, [])
    own = table(later)
    assert _numbers(page) == own
    page.wait_for_timeout(2500)  # the results' next step has come meanwhile
    assert _numbers(page) == own


#: A table's pacer as the game page wires it (play.js): each move held for its results, scoring and
#: court conversions (``actionHold``, ``scoringHold``, ``courtHold``), "show all" on their panels
#: releasing it; the move of ``log`` (version ``v``) and the next one (``v + 1``) come from other
#: seats. ``window.__shown``: the versions shown so far.
PACED_MOVES = """async ([log, v]) => {
  const { makePacer, onSeenInFull } = await import('/static/pace.js');
  const { actionHold } = await import('/static/action-steps.js');
  const { scoringHold } = await import('/static/scoring-steps.js');
  const { courtHold } = await import('/static/court-steps.js');
  const shown = [];
  const pacer = makePacer((batch) => {
    for (const m of batch) shown.push(m.version);
    return Math.max(...batch.map((m) => Math.max(actionHold(m.log), scoringHold(m.log), courtHold(m.log))));
  });
  window.__unheld?.();
  window.__unheld = onSeenInFull((version) => pacer.release(version));
  pacer.push({ version: v, log }, false);
  pacer.push({ version: v + 1, log: [] }, false);
  window.__shown = shown;
}"""


def _hold_clock(page: Any) -> None:
    """Stops the page's clock: its timers fire only with ``page.clock.run_for``. Installed alone, the
    clock goes on with the wall clock, and on a loaded machine a step came by itself between two
    looks (a screenshot, a redraw: 3 steps shown where the test had let 2 come)."""
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)


def _paced_page(server: Server, pages: Pages, update: Any, items: Any, panel: str, held: int) -> Any:
    """A page at "slow" pace on its own clock (advanced by hand) showing ``update`` with ``panel``
    open, its pacer holding the move of version ``held`` (PACED_MOVES)."""
    page = pages.new(pace="slow", viewport={"width": 1280, "height": 900})
    page.clock.install()
    page.goto(server.url + "/")
    page.wait_for_selector("#start")
    _hold_clock(page)
    _render(page, update, items)
    page.locator(panel).wait_for(state="visible")
    page.evaluate(PACED_MOVES, [items, held])
    return page


def test_show_all_lets_the_next_move_come_after_one_step(server: Server, pages: Pages) -> None:
    """A move's results shown player by player (or its winter scoring step by step) hold the next
    move until the last step was seen. "show all" showed them at once, but the next move still
    waited for the rest of the original time. Now "show all" drops the rest of that move's hold: the
    next move comes one plain step later (2 s at "slow"); without it the hold runs as before; the
    winter scoring's "close" too. Read on the page's own clock, advanced by hand."""
    update, items, order, _ = _action_round({"players": 3})
    version = items[0]["version"]
    for clicked in (False, True):
        page = _paced_page(server, pages, update, items, "#action-steps", version)
        hold = page.evaluate(
            "async (log) => (await import('/static/action-steps.js')).actionHold(log)", items
        )
        assert hold >= 4000, hold  # two steps or more: a step later it still holds
        if clicked:
            page.click("#action-skip")
            assert page.locator("#action-steps .step.shown").count() == len(order)
        assert page.evaluate("window.__shown") == [version]
        page.clock.run_for(2100)  # one step
        assert page.evaluate("window.__shown") == ([version, version + 1] if clicked else [version])
        if not clicked:
            page.clock.run_for(hold)
            assert page.evaluate("window.__shown") == [version, version + 1]
    shot(page, "action-steps-show-all-released")
    # the winter scoring's own "show all"; that of another move than the one held releases nothing
    update, items = _winter(ALL_MODULES)
    version = items[0]["version"]
    for held in (version + 5, version):
        page = _paced_page(server, pages, update, items, "#scoring-steps", held)
        page.click("#scoring-skip")
        page.clock.run_for(2100)
        assert page.evaluate("window.__shown") == ([held, held + 1] if held == version else [held])
    # and its "close": the player is done watching (the next move waited out the whole hold)
    page = _paced_page(server, pages, update, items, "#scoring-steps", version)
    page.click("#scoring-close")
    assert page.locator("#scoring-steps").count() == 0
    page.clock.run_for(2100)
    assert page.evaluate("window.__shown") == [version, version + 1]
    # Am Kaiserhof's conversions: "show all" on their panel releases their move's hold too
    update, items, _ = _court_round()
    version = items[0]["version"]
    page = _paced_page(server, pages, update, items, "#court-steps", version)
    assert (
        page.evaluate("async (log) => (await import('/static/court-steps.js')).courtHold(log)", items) >= 4000
    )
    page.click("#court-skip")
    page.clock.run_for(2100)
    assert page.evaluate("window.__shown") == [version, version + 1]


def test_a_reconnect_at_a_newer_position_drops_the_older_moves_panels(server: Server, pages: Pages) -> None:
    """The connection came back while a move's results were shown player by player (or its winter
    scoring counted), and the first update brings a newer position: the older move's panel went
    on playing to its end over it. Now it is gone at once and the newer position's numbers stand
    (by the update's version, as the table page gives it). The same position again (nothing moved
    meanwhile) keeps the panel running."""
    fields = ("thaler", "grain", "vp", "supply", "cards")
    moves = _moves_with_before({"players": 4}, 3)

    def table(m: dict[str, Any]) -> dict[int, list[int]]:
        return {p["seat"]: [p[f] for f in fields] for p in m["after"]["players"]}

    def version(m: dict[str, Any]) -> int:
        return int(m["items"][-1]["version"])

    at = next(k for k, m in enumerate(moves[:-1]) if len(step_seats(m["items"])) >= 3)
    later = moves[at + 1]
    page = _blank(server, pages, pace="slow")  # 2 s a step
    _render(
        page,
        {"seat": 0, "view": moves[at]["after"], "choices": [], "version": version(moves[at])},
        moves[at]["items"],
    )
    page.locator("#action-steps .step.shown").first.wait_for()
    # the same position again: the results go on
    _render(page, {"seat": 0, "view": moves[at]["after"], "choices": [], "version": version(moves[at])}, [])
    assert page.locator("#action-steps").count() == 1
    _render(page, {"seat": 0, "view": later["after"], "choices": [], "version": version(later)}, [])
    assert page.locator("#action-steps").count() == 0
    assert _numbers(page) == table(later)
    shot(page, "reconnect-newer-drops-results-en-1280")
    page.wait_for_timeout(2500)  # the results' next step would have come meanwhile
    assert page.locator("#action-steps").count() == 0 and _numbers(page) == table(later)

    # the winter scoring, counted on a phone in German
    scored = next(k for k, m in enumerate(moves[:-1]) if any(i["entry"]["k"] == "score" for i in m["items"]))
    after = next(m for m in moves[scored + 1 :] if table(m) != table(moves[scored]))
    page = _blank(server, pages, pace="slow", viewport={"width": 390, "height": 844})
    winter = {"seat": 0, "view": moves[scored]["after"], "choices": [], "version": version(moves[scored])}
    _render(page, winter, moves[scored]["items"], "de")
    page.locator("#scoring-steps .step.shown").first.wait_for()
    _render(page, {"seat": 0, "view": after["after"], "choices": [], "version": version(after)}, [], "de")
    assert page.locator("#scoring-steps").count() == 0 and page.locator("#action-steps").count() == 0
    assert _numbers(page) == table(after)
    shot(page, "reconnect-newer-drops-scoring-de-390")
    page.wait_for_timeout(2500)
    assert page.locator("#scoring-steps").count() == 0 and _numbers(page) == table(after)


def test_a_later_move_without_lines_keeps_the_winter_scoring(server: Server, pages: Pages) -> None:
    """Right after a winter the next season's plans come, one box at a time and hidden: moves with
    no line of their own for the other seats. Such an update at a later version was taken for a
    reconnect's first update and dropped the scoring panel at once (the bots plan at once: at pace
    "at once" the panel was gone as soon as it came, and a test saw it vanish between two looks).
    Only a page's first update after a reconnect (no position before it) drops it; a later move
    with or without lines keeps it, every step shown and its totals."""
    moves = _moves_with_before({"players": 4}, 3)
    scored = next(k for k, m in enumerate(moves[:-1]) if any(i["entry"]["k"] == "score" for i in m["items"]))
    quiet = next(k for k in range(scored + 1, len(moves)) if not moves[k]["items"])
    winter = moves[scored]
    at = int(winter["items"][-1]["version"])
    page = _blank(server, pages)
    first = {"seat": 0, "view": winter["after"], "prev": winter["before"], "choices": [], "version": at}
    _render(page, first, winter["items"])
    steps = page.locator("#scoring-steps .step")
    assert steps.count() >= 1 and page.locator("#scoring-steps .step.shown").count() == steps.count()
    later = {
        "seat": 0,
        "view": moves[quiet]["after"],
        "prev": moves[quiet]["before"],
        "choices": [],
        "version": at + quiet - scored,
    }
    _render(page, later, [])
    assert steps.count() >= 1 and page.locator("#scoring-steps .step.shown").count() == steps.count()
    assert page.locator("#scoring-points tbody tr").count() == 4
    # a reconnect's first update at that move (no position before it): gone at once
    _render(page, {**later, "prev": None}, [])
    assert page.locator("#scoring-steps").count() == 0


COURT_KEYS = {"court_convert", "court_skip", "court_skip_lost"}


def _court_round(seed: int = 3) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
    """Seat 0's update right after the move whose plans set off Am Kaiserhof's conversions (two
    players or more converted or could not), the move's log items in English and in German."""
    options = {"players": 3, "modules": ["court"]}
    for match, before, items in _random_moves(options, seed):
        seats = {i["entry"]["a"]["p"] for i in items if i["entry"]["k"] in COURT_KEYS}
        converted = [i for i in items if i["entry"]["k"] == "court_convert"]
        if len(seats) >= 2 and converted:
            return _update(match), items, match.log_since(0, before, "de", NAMES[:3])
    raise AssertionError("no conversions")


def test_the_courts_conversions_are_shown_player_by_player(server: Server, pages: Pages) -> None:
    """Am Kaiserhof: once the plans are in, every player's court boxes are carried out in one
    update, and the courtiers jumped with nothing to show who converted what (a battle and the
    winter have panels of their own). Now a panel shows each player's conversions in turn at the
    pace, in the client's words (the armies and where they came from, a box not carried out with
    its reason), beside a table of the new courtiers and those in the entrance hall, numbers in
    the page's language; "show all", "close", the next move held meanwhile. English at a
    desktop's width, German at a phone's."""
    update, items, german = _court_round()
    seats: list[int] = []
    gains: dict[int, int] = {}
    for item in items:
        k, a = item["entry"]["k"], item["entry"]["a"]
        if k in COURT_KEYS and (not seats or seats[-1] != a["p"]):
            seats.append(a["p"])
        if k == "court_convert":
            gains[a["p"]] = gains.get(a["p"], 0) + a["n"]
    court = update["view"]["court"]
    at_court = [e + a for e, a in zip(court["entrance_hall"], court["audience_hall"], strict=True)]
    page = _blank(server, pages, pace="slow")  # 2 s a step
    _render(page, update, items)
    panel = page.locator("#court-steps")
    panel.wait_for()
    steps = page.locator("#court-steps .step")
    assert steps.count() == len(seats)
    assert page.locator("#court-steps .step.shown").count() == 1  # one at a time
    assert [int(s) for s in steps.evaluate_all("(els) => els.map((e) => e.dataset.seat)")] == seats
    assert panel.locator("h3").inner_text() == "Emperor's Court: armies into courtiers"
    first = steps.first.inner_text()
    assert first.startswith(f"{NAMES[seats[0]]}: "), first
    for seat in range(3):  # before any step: the courtiers at court before the conversions
        row = page.locator(f"#court-points tr[data-seat='{seat}']")
        assert row.locator(".now").inner_text() == str(at_court[seat] - gains.get(seat, 0))
    page.wait_for_function("document.querySelectorAll('#court-steps .step.shown').length === 2", timeout=5000)
    assert page.locator("#court-count").inner_text() == f"Step 2 of {len(seats)}"
    holds = page.evaluate(
        """async (log) => { const m = await import('/static/court-steps.js');
          const slow = m.courtHold(log); localStorage.setItem('feldherr:pace', 'instant');
          const now = m.courtHold(log); localStorage.setItem('feldherr:pace', 'slow');
          return [slow, now]; }""",
        items,
    )
    assert holds[0] >= len(seats) * 2000 and holds[1] == 0, holds
    shot(page, "court-steps-en-1280")
    page.click("#court-skip")
    assert page.locator("#court-steps .step.shown").count() == len(seats)
    for seat in range(3):
        row = page.locator(f"#court-points tr[data-seat='{seat}']")
        assert row.locator(".got").inner_text() == f"+{gains.get(seat, 0)}"
        assert row.locator(".now").inner_text() == str(at_court[seat])
    text = panel.inner_text()
    assert "_" not in text and "{" not in text and "tray" not in text.replace("the tray", ""), text
    assert any(w in text for w in ("into courtiers", "into a courtier")), text
    page.wait_for_timeout(500)  # the last step has faded in
    region(page, "#court-steps", "court-steps-panel-en")
    _clean(page, "en")
    page.click("#court-close")
    assert page.locator("#court-steps").count() == 0
    # a reconnect at a later move while the conversions still run: the panel is gone at once
    moved = _blank(server, pages, pace="slow")
    version = int(items[-1]["version"])
    _render(moved, {**update, "version": version}, items)
    moved.locator("#court-steps .step.shown").first.wait_for()
    _render(moved, {**update, "version": version}, [])  # the same position again: it runs on
    assert moved.locator("#court-steps").count() == 1
    _render(moved, {**update, "version": version + 1}, [])
    assert moved.locator("#court-steps").count() == 0
    # German at a phone's width, "at once": every player at once, the words and numbers German
    de = _blank(server, pages, pace="instant", viewport={"width": 390, "height": 844})
    _render(de, update, german, lang="de")
    de.locator("#court-steps.done").wait_for()
    de.wait_for_timeout(500)
    assert de.locator("#court-steps h3").inner_text() == "Am Kaiserhof: Armeen werden Höflinge"
    text = de.locator("#court-steps").inner_text()
    assert "umgewandelt" in text and "Höfling" in text and "armies" not in text, text
    box = de.locator("#court-steps").bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390, box
    _clean(de, "de")
    region(de, "#court-steps", "court-steps-panel-de-390")
    shot(de, "court-steps-de-390")


def _clocked(server: Server, pages: Pages, **look: Any) -> Any:
    """A page at "slow" pace (2 s a step) on its own clock, advanced by hand."""
    page = pages.new(pace="slow", viewport=look.pop("viewport", {"width": 1280, "height": 900}), **look)
    page.clock.install()
    page.goto(server.url + "/")
    page.wait_for_selector("#start")
    _hold_clock(page)
    return page


def _court_tables(before: list[dict[str, Any]], items: list[dict[str, Any]]) -> list[dict[int, list[int]]]:
    """The players' table (seat -> Thalers, grain, points, supply, cards) before the conversions and
    after each player's step of them: the armies converted go back to their player's supply."""
    table = {p["seat"]: [p[f] for f in TABLE_FIELDS] for p in before}
    out = [{s: list(r) for s, r in table.items()}]
    last = None
    for item in items:
        k, a = item["entry"]["k"], item["entry"]["a"]
        if k not in COURT_KEYS:
            continue
        if last is not None and a["p"] != last:
            out.append({s: list(r) for s, r in table.items()})
        last = a["p"]
        if k == "court_convert":
            table[a["p"]][3] += a["n"]
    out.append({s: list(r) for s, r in table.items()})
    return out


def test_the_players_table_moves_with_the_courts_conversions(server: Server, pages: Pages) -> None:
    """Am Kaiserhof's conversions shown player by player: the players' table under the map showed
    every supply after all of them at once (only an action's results moved it). Now it moves with
    the conversions' panel, each player's armies back in their supply with their step, the update's
    numbers with the last; told from the position before the move and, without it (counted back
    from the update's numbers), the same."""
    moves = _moves_with_before({"players": 3, "modules": ["court"]}, 3)
    case = next(
        m
        for m in moves
        if len({i["entry"]["a"]["p"] for i in m["items"] if i["entry"]["k"] == "court_convert"}) >= 2
        and not {i["entry"]["k"] for i in m["items"]} & (RESULT_KEYS | {"score", "battle"})
    )
    items = case["items"]
    tables = _court_tables(case["before"]["players"], items)
    final = {p["seat"]: [p[f] for f in TABLE_FIELDS] for p in case["after"]["players"]}
    assert tables[-1] == final and tables[1] != final, (tables, final)
    for prev in (case["before"], None):
        page = _clocked(server, pages)
        _render(page, {"seat": 0, "view": case["after"], "choices": [], "prev": prev}, items)
        page.locator("#court-steps .step.shown").first.wait_for()
        for k in range(1, len(tables)):
            assert page.locator("#court-steps .step.shown").count() == k
            assert _numbers(page) == tables[k], (k, prev is not None)
            if k == 1:
                page.evaluate("window.__draw()")  # drawn anew meanwhile: the step's numbers stay
                assert _numbers(page) == tables[1]
                shot(page, "court-table-step1-en-1280")
            page.clock.run_for(2000)
        assert _numbers(page) == final
    # "close" during the first step: the update's numbers at once, in German on a phone
    page = _clocked(server, pages, viewport={"width": 390, "height": 844})
    _render(page, {"seat": 0, "view": case["after"], "choices": [], "prev": case["before"]}, items, "de")
    page.locator("#court-steps .step.shown").first.wait_for()
    assert _numbers(page) == tables[1]
    shot(page, "court-table-step1-de-390")
    page.click("#court-close")
    assert _numbers(page) == final


def test_the_replays_next_step_keeps_its_numbers_while_the_conversions_before_ran(
    server: Server, pages: Pages
) -> None:
    """The replay steps on while a move's conversions are still shown player by player: the next
    step's players' table shows its own numbers, at once and after the conversions' time (their
    end does not write the converting move's numbers into it)."""
    moves = _moves_with_before({"players": 3, "modules": ["court"]}, 3)
    at = next(
        k
        for k, m in enumerate(moves[:-1])
        if len({i["entry"]["a"]["p"] for i in m["items"] if i["entry"]["k"] == "court_convert"}) >= 2
        and not any(i["entry"]["k"] in COURT_KEYS for i in moves[k + 1]["items"])
    )
    page = _clocked(server, pages)
    page.evaluate(REPLAY_STEP, [moves[at]["after"], moves[at]["items"]])
    # (the panel is built once the game's terms are here, as the replay's page draws it again then)
    page.wait_for_function("import('/static/boards.js').then((b) => b.termsReady('wallenstein'))")
    page.evaluate(REPLAY_STEP, [moves[at]["after"], moves[at]["items"]])
    page.locator("#court-steps .step.shown").first.wait_for()
    page.evaluate(REPLAY_STEP, [moves[at + 1]["after"], moves[at + 1]["items"]])
    page.wait_for_selector("#map .county")
    assert page.locator("#court-steps").count() == 0
    own = {p["seat"]: [p[f] for f in TABLE_FIELDS] for p in moves[at + 1]["after"]["players"]}
    assert _numbers(page) == own
    page.clock.run_for(2000 * 4)  # the conversions' steps and their end have come meanwhile
    assert _numbers(page) == own


def _court_and_results(seed: int = 1) -> dict[str, Any]:
    """A move with Am Kaiserhof's conversions and an action's results after them: a game played to
    its first plans, written as a position with the favor display empty (no favor step between the
    conversions and the actions, as once all displayed cards are taken) and played on until the
    plans are in. Its log items (English, German), seat 0's views before and after it."""
    game = get_game("wallenstein")
    match = Match(game, {"players": 3, "modules": ["court"]}, seed)
    rng = random.Random(seed)
    while match.view(0).get("phase") != "plan":
        seat = match.to_move()[0]
        match.submit(seat, game.move_to_json(rng.choice(match.seat_access(seat).legal_moves())))
    match = Match(game, {}, seed, position={**game.position(match._state), "favor_display": []})
    while True:
        before, prev = match.version, match.view(0)
        seat = match.to_move()[0]
        match.submit(seat, game.move_to_json(rng.choice(match.seat_access(seat).legal_moves())))
        items = match.log_since(0, before, "en", NAMES[:3])
        if any(i["entry"]["k"] in COURT_KEYS for i in items):
            return {"items": items, "de": match.log_since(0, before, "de", NAMES[:3]), "before": prev,
                    "after": match.view(0)}  # fmt: skip


def test_the_courts_conversions_and_the_results_after_them_run_one_after_the_other(
    server: Server, pages: Pages
) -> None:
    """Plans in, the conversions carried out, and the first action's results with them in the same
    move: both panels ran at the same time. Now the results wait, hidden, until the conversions
    were seen (their last step's time, "close": at once; "show all": everything at once), the
    players' table moves with the conversions first and the results after them, and the move holds
    the next one for both."""
    case = _court_and_results()
    items = case["items"]
    court = len(_court_tables(case["before"]["players"], items)) - 1
    results = len(step_seats(items))
    assert court >= 2 and results >= 3, (court, results)
    tables = _court_tables(case["before"]["players"], items)
    final = {p["seat"]: [p[f] for f in TABLE_FIELDS] for p in case["after"]["players"]}
    update = {"seat": 0, "view": case["after"], "choices": [], "prev": case["before"]}
    page = _clocked(server, pages)
    _render(page, update, items)
    page.locator("#court-steps .step.shown").first.wait_for()
    hold = page.evaluate(
        """async (log) => { const a = await import('/static/action-steps.js');
          const c = await import('/static/court-steps.js');
          return [a.actionHold(log), c.courtHold(log)]; }""",
        items,
    )
    assert hold[0] >= court * 2000 + (results - 1) * 2000, (hold, court, results)
    for k in range(1, court + 1):
        assert page.locator("#court-steps .step.shown").count() == k
        assert page.locator("#action-steps").is_hidden()
        assert page.locator("#action-steps .step.shown").count() == 0
        assert _numbers(page) == tables[k], k
        if k == 1:
            shot(page, "court-then-results-court-en-1280")
        page.clock.run_for(2000)
    page.locator("#action-steps").wait_for(state="visible")
    assert page.locator("#action-steps .step.shown").count() == 1
    assert page.locator("#court-steps .step.shown").count() == court  # the conversions stay, all seen
    shot(page, "court-then-results-results-en-1280")
    page.clock.run_for(2000 * results)
    assert page.locator("#action-steps .step.shown").count() == results
    assert _numbers(page) == final
    # "close" on the conversions: the results start at once, step by step (in German on a phone)
    page = _clocked(server, pages, viewport={"width": 390, "height": 844})
    _render(page, update, case["de"], "de")
    page.locator("#court-steps .step.shown").first.wait_for()
    assert page.locator("#action-steps").is_hidden()
    page.click("#court-close")
    page.locator("#action-steps").wait_for(state="visible")
    assert page.locator("#action-steps .step.shown").count() == 1
    _clean(page, "de")
    shot(page, "court-then-results-close-de-390")
    # "show all" on the conversions: the results all at once too, the update's numbers
    page = _clocked(server, pages)
    _render(page, update, items)
    page.locator("#court-steps .step.shown").first.wait_for()
    page.click("#court-skip")
    assert page.locator("#court-steps .step.shown").count() == court
    assert page.locator("#action-steps .step.shown").count() == results
    assert _numbers(page) == final


def test_a_winter_scoring_after_the_courts_conversions_waits_for_them(server: Server, pages: Pages) -> None:
    """A move whose log holds Am Kaiserhof's conversions and a winter scoring (a crafted log: one
    move's conversions put ahead of another's winter, as one update): the scoring's steps ran at
    the same time as the conversions. Now the scoring waits, hidden, until the conversions were
    seen: their time at the pace, "close" (it starts at once), "show all" (all of it at once)."""
    update, winter = _winter(ALL_MODULES)
    _, court_items, _ = _court_round()
    version = winter[0]["version"]
    items = [{**i, "version": version} for i in court_items if i["entry"]["k"] in COURT_KEYS] + winter
    court = len({(i["entry"]["a"]["p"]) for i in court_items if i["entry"]["k"] in COURT_KEYS})
    assert court >= 2 and len(step_seats(winter)) < 2, step_seats(winter)
    scored = 1 + sum(1 for i in winter if i["entry"]["k"] == "majority")
    page = _clocked(server, pages)
    _render(page, update, items)
    page.locator("#court-steps .step.shown").first.wait_for()
    hold = page.evaluate("async (log) => (await import('/static/scoring-steps.js')).scoringHold(log)", items)
    assert hold >= court * 2000 + scored * 2000, hold
    page.clock.run_for(2000 * (court - 1) + 1000)  # the last player's conversions are shown
    assert page.locator("#court-steps .step.shown").count() == court
    assert page.locator("#scoring-steps").is_hidden()
    page.clock.run_for(1100)  # their step's time is over: the scoring's first step
    page.locator("#scoring-steps").wait_for(state="visible")
    assert page.locator("#scoring-steps .step.shown").count() == 1
    shot(page, "court-then-winter-en-1280")
    # "close" on the conversions: the scoring starts at once (in German on a phone)
    page = _clocked(server, pages, viewport={"width": 390, "height": 844})
    _render(page, update, items, "de")
    page.locator("#court-steps .step.shown").first.wait_for()
    assert page.locator("#scoring-steps").is_hidden()
    page.click("#court-close")
    page.locator("#scoring-steps").wait_for(state="visible")
    assert page.locator("#scoring-steps .step.shown").count() == 1
    shot(page, "court-then-winter-close-de-390")
    # "show all": the scoring all at once too
    page = _clocked(server, pages)
    _render(page, update, items)
    page.locator("#court-steps .step.shown").first.wait_for()
    page.click("#court-skip")
    assert page.locator("#scoring-steps .step.shown").count() == page.locator("#scoring-steps .step").count()


#: The page's socket: the real server's welcome goes through, its updates are left out, and the
#: test hands the page updates of its own (``window.__feed``).
FED_SOCKET = """(() => {
  const Real = window.WebSocket;
  window.WebSocket = class extends Real {
    constructor(...args) { super(...args); window.__sock = this; }
    set onmessage(f) {
      this._f = f;
      super.onmessage = (e) => {
        if (JSON.parse(e.data).type === 'welcome') { f(e); window.__welcomed = true; }
      };
    }
    get onmessage() { return this._f; }
  };
  window.__feed = (m) => window.__sock._f({ data: JSON.stringify(m) });
})()"""


def test_a_reload_late_in_a_game_holds_the_next_move_for_nothing(server: Server, pages: Pages) -> None:
    """A page's first update (a reload, a reconnect) brings the whole log, shown without a tower or
    a panel. Its battles and winters still held the next move as if they were being shown (every
    winter's steps: a minute and more late in a game), "skip" lit meanwhile. Now the next move
    comes at once; a move after it is paced as before."""
    names = ["Anna", "Bot 1", "Bot 2"]
    game = server.create(
        "wallenstein",
        {"players": 3},
        [{"kind": "human", "name": "Anna"}]
        + [{"kind": "bot", "bot": "random", "name": n} for n in names[1:]],
    )
    match = Match(get_game("wallenstein"), {"players": 3}, 3)
    rng = random.Random(3)

    def message(since: int | None) -> dict[str, Any]:
        body = {"type": "update", "game": game["id"], "seat": 0, **match.update(0, since, "en", names)}
        body.update({"asked": [], "turn": None, "stand_ins": []})
        return dict(web.add_choices(match.game, match, body, "en", names))

    def move() -> None:
        seat = match.to_move()[0]
        match.submit(seat, match.game.move_to_json(rng.choice(match.seat_access(seat).legal_moves())))

    while not any(i["entry"]["k"] == "score" for i in match.log_since(0, 0, "en", names)):
        move()
    first = message(None)
    assert any(i["entry"]["k"] == "score" for i in first["log"])  # what held the next move
    move()
    second = message(first["version"])
    move()
    third = message(second["version"])
    page = pages.new(pace="slow", viewport={"width": 1280, "height": 900})
    page.add_init_script(FED_SOCKET)
    page.goto(game["seats"][0]["invite"])
    page.wait_for_function("window.__welcomed === true")
    page.evaluate("(m) => window.__feed(m)", first)
    page.wait_for_selector("#board")
    page.evaluate("(m) => window.__feed(m)", second)
    page.wait_for_timeout(300)
    assert page.locator("#skip").is_disabled()  # shown at once: nothing held
    page.evaluate("(m) => window.__feed(m)", third)
    page.wait_for_timeout(300)
    assert page.locator("#skip").is_enabled()  # the move after it: paced as before
    shot(page, "reload-holds-nothing-en-1280")


#: Each step shown on the page's clock (``window.__steps``: [panel id, step, ms since the start]) and
#: each move the pacer lets come (``window.__moves``: [version, ms]), the pacer holding the move of
#: version ``v`` as play.js does (a later move pushed right behind it).
TIMED_MOVES = """async ([log, v]) => {
  const { makePacer } = await import('/static/pace.js');
  const { actionHold } = await import('/static/action-steps.js');
  const { scoringHold } = await import('/static/scoring-steps.js');
  const { courtHold } = await import('/static/court-steps.js');
  const t0 = Date.now();
  window.__moves = [];
  const pacer = makePacer((batch) => {
    for (const m of batch) window.__moves.push([m.version, Date.now() - t0]);
    return Math.max(...batch.map((m) => Math.max(actionHold(m.log), scoringHold(m.log), courtHold(m.log))));
  });
  pacer.push({ version: v, log }, false);
  pacer.push({ version: v + 1, log: [] }, false);
}"""

WATCH_STEPS = """() => {
  const t0 = Date.now();
  window.__steps = [];
  // (a panel's first step is shown before the panel is put into the page: looked for after each drawing)
  window.__scan = () => {
    for (const li of document.querySelectorAll('.step.shown:not([data-timed])')) {
      li.dataset.timed = '1';
      window.__steps.push([li.closest('section').id, Number(li.dataset.step), Date.now() - t0]);
    }
  };
  new MutationObserver(window.__scan)
    .observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
}"""


@pytest.mark.parametrize("pace,step", [("fast", 700), ("normal", 1000), ("slow", 2000)])
def test_the_last_step_is_shown_a_whole_step_before_the_next_move(
    server: Server, pages: Pages, pace: str, step: int
) -> None:
    """A move's results player by player (and the conversions before them) held the next move until
    400 ms after their last step came: that step was on screen 400 ms, the others a whole step (0.7,
    1 or 2 s), and the panel went with the next move. Now the last step is on screen a whole step
    too before the next move comes (an action's results, the conversions alone, the conversions
    with the results after them); measured on the page's own clock, at each paced speed."""
    update, items, _, _ = _action_round({"players": 3})
    court_update, court_items, _ = _court_round()
    case = _court_and_results()
    both = {"seat": 0, "view": case["after"], "choices": [], "prev": case["before"]}
    for shown, log in ((update, items), (court_update, court_items), (both, case["items"])):
        page = pages.new(pace=pace, viewport={"width": 1280, "height": 900})
        page.clock.install()
        page.goto(server.url + "/")
        page.wait_for_selector("#start")
        _hold_clock(page)
        page.evaluate(WATCH_STEPS)
        _render(page, shown, log)
        page.evaluate("window.__scan()")
        page.evaluate(TIMED_MOVES, [log, log[0]["version"]])
        page.clock.run_for(40_000)
        steps = page.evaluate("window.__steps")
        moves = dict(page.evaluate("window.__moves"))
        assert len(moves) == 2, moves
        times = [t for _, _, t in steps]
        assert len(times) >= 3 and times == sorted(times), steps
        gaps = [b - a for a, b in itertools.pairwise(times)]
        assert min(gaps) >= step, (steps, gaps)  # every step but the last: a whole step
        last = moves[log[0]["version"] + 1] - times[-1]
        assert last >= step, (pace, steps, moves, last)
        page.context.close()


HEAD_BOXES = """(name) => {
  const box = (sel) => { const r = document.querySelector(sel).getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height }; };
  const lines = (sel) => { // the lines a button's words take
    const range = document.createRange(); range.selectNodeContents(document.querySelector(sel));
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size; };
  return { panel: box(`#${name}-steps`), title: box(`#${name}-steps h3`), count: box(`#${name}-count`),
           skip: box(`#${name}-skip`), close: box(`#${name}-close`),
           lines: [lines(`#${name}-skip`), lines(`#${name}-close`)] };
}"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_panels_buttons_sit_on_one_line_on_a_phone(server: Server, pages: Pages, lang: str) -> None:
    """At a phone's 390 px the head of a step panel (its title, the step count, "show all",
    "close") wrapped where it could: in English the scoring panel's "close" went onto a line of its
    own under the title, apart from "show all". Now both buttons keep to one line together, each
    button's words on one line, inside the panel, the title and the count beside them or above
    them. The three panels (the winter scoring, an action's results, the conversions), in
    English and German."""
    update, items, _, german = _action_round({"players": 3})
    court_update, court_items, court_german = _court_round()
    winter_update, winter = _winter(ALL_MODULES)
    cases = [
        ("scoring", winter_update, winter),
        ("action", update, items if lang == "en" else german),
        ("court", court_update, court_items if lang == "en" else court_german),
    ]
    for name, shown, log in cases:
        page = _blank(server, pages, pace="slow", viewport={"width": 390, "height": 844})
        page.clock.install()
        _hold_clock(page)
        _render(page, shown, log, lang)
        page.locator(f"#{name}-steps").wait_for(state="visible")
        b = page.evaluate(HEAD_BOXES, name)
        skip, close, count, panel = b["skip"], b["close"], b["count"], b["panel"]
        assert abs(skip["top"] - close["top"]) < 2 and skip["right"] <= close["left"], (name, b)
        assert count["right"] <= skip["left"] or count["bottom"] <= skip["top"] + 1, (name, b)
        assert b["lines"] == [1, 1], (name, b)  # each button's words on one line
        assert panel["left"] <= b["title"]["left"] and close["right"] <= panel["right"], (name, b)
        title = b["title"]  # beside the count or above it, never over it
        assert title["right"] <= count["left"] or title["bottom"] <= count["top"] + 1, (name, b)
        page.locator(f"#{name}-steps").screenshot(path=str(ARTIFACTS / f"{name}-head-{lang}-390.png"))
        page.context.close()
