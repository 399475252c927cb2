"""The table around the board (issue 23): the other seats' moves paced one at a time with the
last move marked and a "skip", a reload showing the position at once, the turn signal (tab title,
favicon), the help line per phase in both languages, and the El Grande cards' printed texts on
hover."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .conftest import Pages, Server, shot
from .drive import play_until_attack, set_look, wallenstein_at_an_attack


def _game(server: Server, name: str, players: int, seed: int = 11) -> Any:
    seats = [{"kind": "human", "name": "Anna"}] + [
        {"kind": "bot", "bot": "random", "name": f"Bot {i}"} for i in range(1, players)
    ]
    return server.create(name, {"players": players}, seats, seed=seed)


#: The page either holds moves back to show them one at a time ("skip" is enabled) or asks the
#: player again (an enabled choice).
HELD_OR_MINE = """() => !!document.querySelector('#skip:not([disabled]), #choices button:not([disabled])')"""


#: Clicks "skip" if moves are held back now (one step: they cannot all be shown in between).
SKIP_IF_HELD = """() => {
  const b = document.querySelector('#skip:not([disabled])');
  if (b) b.click();
  return !!b;
}"""


def _play_until_held(page: Any) -> bool:
    """Plays the first choice until the bots' answers are held back to be shown one by one."""
    for _ in range(12):
        page.locator("#choices button:not([disabled])").first.click()
        # The bots' answers that arrive together are shown one by one (2 s apart at "slow"): "skip"
        # counts the moves still to show. Answers that come one by one are shown as they come, and
        # the choice is mine again (then the next move is played).
        page.wait_for_function(HELD_OR_MINE, timeout=60_000)
        if page.locator("#skip:not([disabled])").count():
            return True
    return False


def _log_count(page: Any) -> int:
    return int(page.locator("#log li").count())


def test_other_moves_come_one_at_a_time_with_the_last_marked(server: Server, pages: Pages) -> None:
    game = _game(server, "elgrande", 3)
    page = pages.new(pace="slow", viewport={"width": 1280, "height": 900})
    page.goto(game["seats"][0]["invite"])
    page.wait_for_selector("#choices button:not([disabled])")
    # The first page shows the position at once: nothing waits to be shown.
    assert page.locator("#skip").is_disabled()
    assert page.title().startswith("● Your turn")
    assert page.locator("link[rel=icon]").get_attribute("data-turn") == "yes"
    assert page.locator("#phase-help").inner_text().strip()
    assert _play_until_held(page), "the bots' moves were never held back to be shown one at a time"
    assert page.locator("#log li.last").count() >= 1
    shot(page, "table-paced")
    # skip: the newest position at once, and the choice is mine again. (At "slow" the held moves
    # may all have been shown meanwhile, on a busy machine: then skip the next ones held back.)
    for _ in range(5):
        if page.evaluate(SKIP_IF_HELD):
            break
        page.wait_for_selector("#choices button:not([disabled])", timeout=60_000)
        assert _play_until_held(page), "the bots' moves were never held back again"
    else:
        raise AssertionError("the held moves were always shown before skip could be clicked")
    page.wait_for_selector("#choices button:not([disabled])", timeout=60_000)
    assert page.locator("#skip").is_disabled()
    assert page.title().startswith("● Your turn")
    # A reload shows the current position at once, the same log, nothing held back.
    count = _log_count(page)
    page.reload()
    page.wait_for_selector("#choices button:not([disabled])")
    assert _log_count(page) == count
    assert page.locator("#skip").is_disabled()
    # The help line in German.
    page.click("#lang")
    page.wait_for_function("document.title.startsWith('● Du bist dran')")
    assert "Was jetzt zu tun ist" in page.locator("#phase-help").inner_text()
    assert page.locator("#rules-link").get_attribute("href") == "/static/rules/elgrande.de.html"


def test_every_el_grande_card_has_its_text_on_hover(server: Server, pages: Pages) -> None:
    """Every open action card of an El Grande game shows its printed text in a tooltip on hover
    (names and effects from the game's card data), in English and German; the rules page opens
    from the table in both languages."""
    game = _game(server, "elgrande", 3, seed=4)
    page = pages.new(viewport={"width": 1280, "height": 900})
    page.goto(game["seats"][0]["invite"])
    page.wait_for_selector("#stacks .acard[data-tip]")
    cards = page.locator("#stacks .acard[data-tip]")
    assert cards.count() >= 4
    for i in range(cards.count()):
        card = cards.nth(i)
        card.hover()
        tip = page.locator("#tip")
        tip.wait_for()
        text = tip.inner_text()
        assert card.locator(".card").inner_text() in text
        assert "Caballeros from the court" in text
        assert "_" not in text and "{" not in text
    shot(page, "table-elgrande-tooltip")
    page.locator("#hand .power-card").first.hover()
    assert "Caballeros" in page.locator("#tip").inner_text()
    page.click("#lang")
    page.wait_for_function(
        "document.querySelector('#stacks .acard')?.getAttribute('data-tip')?.includes('Caballeros vom Hof')"
    )
    page.goto(server.url + page.locator("#rules-link").get_attribute("href"))
    assert "El Grande — die Regeln in Kürze" in page.locator("h1").inner_text()
    page.click("text=English")
    assert "El Grande — the rules in short" in page.locator("h1").inner_text()
    shot(page, "table-rules-elgrande")


def test_printed_data_is_served_read_only(server: Server) -> None:
    cards = server.api("/api/web/data/elgrande/cards")
    assert len(cards["cards"]) == 43 and cards["about"]
    bad_paths = ("/api/web/data/elgrande/nope", "/api/web/data/nogame/cards", "/api/web/data/elgrande/..%2Fx")
    for bad in bad_paths:
        try:
            server.api(bad)
        except Exception as error:  # urllib raises HTTPError 404
            assert "404" in str(error)
        else:
            raise AssertionError(f"{bad} was served")


@pytest.mark.slow
def test_the_cube_tower_runs_in_a_wallenstein_battle(server: Server, pages: Pages) -> None:
    """The browser seat attacks: the tower shows the cubes thrown in falling, the ones that fall
    out landing in the tray and the rest staying inside, then the battle's result line; the next
    move waits for it."""
    import random

    seats = [{"kind": "human", "name": "Anna"}] + [
        {"kind": "bot", "bot": "random", "name": f"Bot {i}"} for i in range(1, 4)
    ]
    game = wallenstein_at_an_attack(server, 4, 11, seats)  # the decision that offers an attack
    page = pages.new(viewport={"width": 1280, "height": 900})
    page.goto(game["seats"][0]["invite"])
    page.wait_for_selector("#map .county")
    attacks = play_until_attack(page, random.Random(5))
    page.select_option("#pace", "slow")
    attacks.first.click()
    scene = page.locator("#tower-scene")
    scene.wait_for(timeout=10_000)
    # ... where the player looks: by the map, seen without scrolling (it ran far down the page,
    # under the planning boards, and was over before anyone got there)
    seen = "(() => { const r = document.querySelector('#tower-scene').getBoundingClientRect();"
    seen += " return [Math.round(r.top), Math.round(r.bottom), innerHeight, scrollY]; })()"
    where = page.evaluate(seen)
    assert where[0] >= 0 and where[1] <= where[2], where
    cubes = page.locator("#tower-anim .tcube")
    assert cubes.count() > 0
    out = page.locator("#tower-anim .tcube.out").count()
    assert out + page.locator("#tower-anim .tcube.stays").count() == cubes.count()
    # mid-animation (held at 1.2 s of its run for the picture): the cubes are in the tower
    page.evaluate(HOLD_TOWER, 1200)
    shot(page, "table-tower-mid")
    page.evaluate(
        "document.querySelectorAll('#tower-scene *').forEach("
        "(n) => n.getAnimations().forEach((a) => a.play()))"
    )
    result = page.locator("#tower-scene .battle-result")
    assert result.count() == 1 and result.inner_text().strip()
    # The animation is a CSS animation on every cube (it runs, it is not a still picture).
    running = page.evaluate("document.querySelector('#tower-anim .tcube').getAnimations().length")
    assert running >= 1
    shown = "getComputedStyle(document.querySelector('#tower-scene .battle-result')).opacity === '1'"
    page.wait_for_function(shown)
    shot(page, "table-tower-end")


#: Holds the tower's animations at a moment of their run (ms).
HOLD_TOWER = """(ms) => document.querySelectorAll('#tower-scene *').forEach((n) => n.getAnimations()
  .forEach((a) => { a.pause(); a.currentTime = a.effect.getTiming().delay + ms; }))"""

#: The tower's words ("thrown in", "fell out") that a cube is drawn over at some moment of its
#: animation: each cube's animation set to every 50 ms of the run (Web Animations: the current time
#: past its delay), its box compared with the labels' boxes.
CUBES_OVER_LABELS = """(ms) => {
  const svg = document.querySelector('#tower-anim');
  const labels = [...svg.querySelectorAll('.tower-l')].map((t) => [t.textContent, t.getBoundingClientRect()]);
  const animations = [...svg.querySelectorAll('.tcube')].flatMap((c) => c.getAnimations());
  const hit = new Set();
  for (let at = 0; at <= ms; at += 50) {
    for (const a of animations) { a.pause(); a.currentTime = a.effect.getTiming().delay + at; }
    for (const cube of svg.querySelectorAll('.tcube')) {
      const c = cube.getBoundingClientRect();
      for (const [text, l] of labels) {
        if (c.right > l.left && c.left < l.right && c.bottom > l.top && c.top < l.bottom) hit.add(text);
      }
    }
  }
  return [...hit];
}"""


def test_the_tower_draws_no_cube_over_its_words(server: Server, pages: Pages) -> None:
    """The cube tower's labels ("thrown in", "fell out") stay readable through the whole animation:
    no cube passes over them, in English and German, for a small battle and a big one (the cubes
    that fall out fill two rows of the tray)."""
    page = pages.new(viewport={"width": 1280, "height": 900})
    page.goto(server.url)
    page.wait_for_selector("#new-game")
    battles = [
        {"thrown": [3, 2, 0], "tray": [1, 0, 1], "out": [2, 1, 1]},
        {"thrown": [14, 9, 0], "tray": [3, 2, 4], "out": [15, 9, 5]},
    ]
    for lang in ("en", "de"):
        set_look(page, lang, 1280, 900)
        for battle in battles:
            page.evaluate(
                """async (a) => {
                  const { towerScene, TOWER_MS } = await import('/static/tower.js');
                  document.querySelector('#tower-scene')?.remove();
                  const scene = towerScene({ entry: { k: 'battle', a } }, 'Rot gewinnt', `t${Math.random()}`);
                  document.querySelector('#app').prepend(scene);
                  window.towerMs = TOWER_MS;
                }""",
                battle,
            )
            over = page.evaluate(CUBES_OVER_LABELS, page.evaluate("window.towerMs"))
            assert over == [], (lang, battle, over)


GUIDED = ["mansfeld", "elgrande", "wallenstein"]

#: The words outside the guide's outlined part that its outline is drawn over (El Grande's map:
#: the line "round 1 · King Cataluña" above it and the map's credit under it were struck through).
OUTLINE_COVERS = """() => {
  const focus = document.querySelector('.guide-focus');
  if (!focus) return [];
  const st = getComputedStyle(focus);
  const reach = parseFloat(st.outlineOffset) + parseFloat(st.outlineWidth);
  const r = focus.getBoundingClientRect();
  const ring = { left: r.left - reach, right: r.right + reach, top: r.top - reach, bottom: r.bottom + reach };
  const shown = (t, el) => { // not scrolled out of a box (the log's early lines sit above it, unseen)
    for (let a = el; a; a = a.parentElement) {
      const o = getComputedStyle(a);
      if (o.overflowX === 'visible' && o.overflowY === 'visible') continue;
      const b = a.getBoundingClientRect();
      if (t.bottom <= b.top || t.top >= b.bottom || t.right <= b.left || t.left >= b.right) return false;
    }
    return true;
  };
  const covered = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    if (!node.textContent.trim() || focus.contains(node)) continue;
    const range = document.createRange(); range.selectNodeContents(node);
    for (const t of range.getClientRects()) {
      const inside = t.left >= r.left && t.right <= r.right && t.top >= r.top && t.bottom <= r.bottom;
      const under = t.right > ring.left && t.left < ring.right
        && t.bottom > ring.top + 1 && t.top < ring.bottom - 1;
      if (!inside && under && shown(t, node.parentElement)) {
        covered.push(node.textContent.trim().slice(0, 40)); break;
      }
    }
  }
  return covered;
}"""


@pytest.mark.slow
def test_each_guided_first_game_runs_to_its_end(server: Server, pages: Pages) -> None:
    """Started from the lobby: a guided game from a fixed seed explains each step of the opening
    (the part of the board it talks about outlined) until it says the opening is over; the first
    step in English and in German."""
    for name in GUIDED:
        page = pages.new(viewport={"width": 1280, "height": 900})
        page.goto(server.url + "/")
        page.click(f"#guided-{name}")
        page.wait_for_selector("#guide[data-step='1']", timeout=30_000)
        page.wait_for_selector(".guide-focus", state="attached")
        # the player is named by the seat's colour in the page's language, not asked for a name
        # (a name "You" read "You · you" and "Du nimmt …"; a stored "Guest" read "Guest" in German)
        assert page.locator("#seat-list li.me").inner_text().strip() == "Red · you"
        assert page.locator("#name-panel").count() == 0
        shot(page, f"guided-{name}-en")
        page.click("#lang")  # the same step in German
        page.wait_for_selector("#guide h2:has-text('Geführte erste Partie')")
        page.wait_for_selector("#seat-list li.me:has-text('Rot · du')")
        page.wait_for_selector(".guide-focus", state="attached")
        shot(page, f"guided-{name}-de")
        steps = {"1"}
        for _ in range(80):
            page.wait_for_selector("#choices button:not([disabled])", timeout=30_000)
            step = page.locator("#guide").get_attribute("data-step")
            if step == "done":
                break
            steps.add(step or "")
            assert page.evaluate(OUTLINE_COVERS) == [], (name, step)
            page.locator("#choices button:not([disabled])").first.click()
            # the move is out (every choice disabled) until the update comes back
            # (a Confirm that waits for a whole plan or set stays disabled while it is being built)
            page.wait_for_function(
                "!document.querySelector('#choices button[disabled]:not(#plan-confirm):not(#step-confirm)')",
                timeout=30_000,
            )
        else:
            raise AssertionError(f"{name}: the guided opening did not end")
        assert len(steps) >= 2, (name, steps)


def test_the_guided_wallenstein_plan_says_tap_on_a_touch_screen(server: Server, pages: Pages) -> None:
    """The guided Wallenstein game's planning step and the plan's hint say "click" (and "drag")
    with a mouse; on a phone they said so too, where the player taps: there they say tap, in
    English and German."""
    desk = pages.new(viewport={"width": 1280, "height": 900})
    desk.goto(server.url + "/")
    desk.wait_for_selector("#guided-wallenstein")
    words = "async () => (await import('/static/words-table.js')).tw('guide.wallenstein.2')"
    assert "Click one (or drag a card" in desk.evaluate(words)
    phone = pages.new(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    phone.goto(server.url + "/")
    phone.locator("#guided-wallenstein").tap()
    phone.wait_for_selector("#guide[data-step='1']", timeout=30_000)
    for _ in range(20):  # the starting counties, one at a time, until the plan
        phone.wait_for_selector("#choices button:not([disabled])", timeout=30_000)
        if phone.locator("#guide").get_attribute("data-step") == "2":
            break
        phone.locator("#choices button:not([disabled])").first.tap()
        phone.wait_for_function(
            "!document.querySelector('#choices button[disabled]:not(#plan-confirm):not(#step-confirm)')",
            timeout=30_000,
        )
    else:
        raise AssertionError("the guided Wallenstein game never came to its plan")
    said = {"en": phone.locator("#guide").inner_text() + phone.locator("#decision").inner_text()}
    shot(phone, "guided-wallenstein-plan-phone")
    phone.locator("#lang").tap()
    phone.wait_for_selector("#guide h2:has-text('Geführte erste Partie')")
    phone.wait_for_selector("#decision h2:has-text('Plan')")
    said["de"] = phone.locator("#guide").inner_text() + phone.locator("#decision").inner_text()
    assert "Tap one of the cards offered" in said["en"] and "tap a box there" in said["en"], said
    assert "Tippe eine der angebotenen Karten an" in said["de"], said
    assert "tippe dort ein Feld an" in said["de"], said
    for text in said.values():
        assert not re.search(r"(?i)click|drag|klick|zieh eine Karte", text), said


BOARDS = [("wallenstein", 4, "#map .county"), ("elgrande", 3, "#map .region"), ("mansfeld", 3, "#characters")]


@pytest.mark.slow
def test_every_board_in_both_languages_and_on_a_phone(server: Server, pages: Pages) -> None:
    """Each game's board at the start of a game against bots, in English and German (screenshots
    for docs/img); on a 390 px phone the table bar, the board and a card's text on tap fit without
    horizontal scrolling."""
    for name, players, piece in BOARDS:
        game = _game(server, name, players, seed=5)
        page = pages.new(viewport={"width": 1280, "height": 900})
        page.goto(game["seats"][0]["invite"])
        page.wait_for_selector(piece)
        page.wait_for_selector("#choices button:not([disabled])")
        shot(page, f"table-board-{name}-en")
        page.click("#lang")
        page.wait_for_function("document.title.startsWith('● Du bist dran')")
        page.wait_for_selector(piece)
        assert "_" not in page.locator("#phase-help").inner_text()
        shot(page, f"table-board-{name}-de")
        phone = pages.new(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
        phone.goto(game["seats"][0]["invite"])
        phone.wait_for_selector(piece)
        phone.wait_for_selector("#table-bar")
        width = phone.evaluate("document.documentElement.scrollWidth")
        wide = phone.evaluate(
            "[...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > 391)"
            ".slice(0, 5).map((e) => e.tagName + '.' + e.className + '#' + e.id)"
        )
        assert width <= 390, (name, width, wide)
        tip_target = phone.locator("[data-tip]").first
        if tip_target.count():
            tip_target.tap(force=True)  # a card that cannot be taken now (aria-disabled) still shows its text
            phone.locator("#tip").wait_for()
            box = phone.locator("#tip").bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
        shot(phone, f"table-phone-{name}")


def test_a_scoring_table_reads_names_from_the_left_and_numbers_from_the_right(
    server: Server, pages: Pages
) -> None:
    """Wallenstein's final result (rank, player, points, Thalers): the names and ranks are
    left-aligned like text, wherever their column stands; the numbers right-aligned."""
    from feldherr.wallenstein.game import WallensteinGame

    entry = {"k": "game_over", "a": {"vp": [31, 44, 28], "money": [5, 2, 9]}, "to": None}
    table = WallensteinGame().log_table(entry, "en", ["Anna", "Bert", ""])
    assert table is not None and table["rows"][0][1] == "Bert"
    page = pages.new(viewport={"width": 1280, "height": 900})
    page.goto(server.url + "/")
    page.wait_for_selector("#start")
    aligns = page.evaluate(
        """async (table) => {
          const { logTable } = await import('/static/ending.js');
          document.getElementById('app').replaceChildren(logTable(table));
          const align = (el) => getComputedStyle(el).textAlign;
          return [...document.querySelectorAll('.log-table tr')].map((tr) => [...tr.children].map(align));
        }""",
        table,
    )
    assert len(aligns) == 4
    for row in aligns:
        assert row[:2] == ["left", "left"] and row[2:] == ["right", "right"], aligns


def test_the_guided_mansfeld_game_counts_the_steps_the_player_sees(server: Server, pages: Pages) -> None:
    """Fewest dice: the first roll can make no character, so the guide's "recruit" step never
    comes; the counter said "Step 1/3", then "Step 3/3". It counts the steps shown ("Step 2/2"),
    and says why one was left out, in English and German."""
    page = pages.new(viewport={"width": 1280, "height": 900})
    page.goto(server.url + "/")
    page.click("#guided-mansfeld")
    page.wait_for_selector("#guide[data-step='1']", timeout=30_000)
    said = []
    for _ in range(12):
        page.wait_for_selector("#choices button:not([disabled])", timeout=30_000)
        assert page.locator("#guide").get_attribute("data-step") != "done", said
        said.append((page.locator("#guide h2").inner_text(), page.locator("#guide").inner_text()))
        if len(said) == 2:
            break
        page.locator("#choices button:not([disabled])").first.click()
        page.wait_for_function(
            "!document.querySelector('#choices button[disabled]:not(#plan-confirm):not(#step-confirm)')",
            timeout=30_000,
        )
    page.click("#lang")  # the same step in German
    page.wait_for_selector("#guide h2:has-text('Geführte erste Partie')")
    said.append((page.locator("#guide h2").inner_text(), page.locator("#guide").inner_text()))
    assert [h2 for h2, _ in said] == [
        "Guided first game · Step 1 / 3",
        "Guided first game · Step 2 / 2",
        "Geführte erste Partie · Schritt 2 / 2",
    ], said
    assert "A step was left out" in said[1][1] and "Ein Schritt ist ausgefallen" in said[2][1], said
    # round two after no recruit: the step says so (it spoke of "your characters in your row")
    assert "You recruited nobody in round one" in said[1][1], said
    assert "Your characters are in your row" not in said[1][1], said
    assert "In der ersten Runde hast du niemanden rekrutiert" in said[2][1], said


def test_the_wallenstein_final_scoring_says_victory_points_and_thalers(server: Server, pages: Pages) -> None:
    """Wallenstein's final scoring under the board headed its columns "Punkte" and "Geld" while
    the game's own result table under the log's last line said "Siegpunkte" and "Taler"; the
    columns and the plots' titles use the game's words, in German and English (another game keeps
    the general ones)."""
    outcome = {"scores": [31, 44, 28], "winners": [1], "money": [5, 2, 9], "counties": [6, 8, 5]}
    page = pages.new(viewport={"width": 1280, "height": 900})
    page.goto(server.url + "/")
    page.wait_for_selector("#start")
    heads = """async ([outcome, game, lang]) => {
      const i18n = await import('/static/i18n.js');
      i18n.setLang(lang);
      const { scoringTable } = await import('/static/ending.js');
      document.getElementById('app').replaceChildren(scoringTable(outcome, ['Anna', 'Bert', 'Clara'], game));
      return [...document.querySelectorAll('#final-scoring thead th')].map((th) => th.textContent);
    }"""
    assert page.evaluate(heads, [outcome, "wallenstein", "de"]) == [
        "Platz",
        "Spieler",
        "Siegpunkte",
        "Taler",
        "Länder",
    ]
    assert page.evaluate(heads, [outcome, "wallenstein", "en"])[2:] == [
        "victory points",
        "Thalers",
        "counties",
    ]
    assert page.evaluate(heads, [outcome, "mansfeld", "de"])[2:4] == ["Punkte", "Geld"]


def _held_updates(page: Any) -> dict[str, Any]:
    """Routes the page's game socket through the test: while ``hold["on"]``, the server's updates
    wait in ``hold["kept"]`` (everything else passes), ``release()`` sends them on."""
    import json

    hold: dict[str, Any] = {"on": False, "kept": [], "ws": None}

    def route(ws: Any) -> None:
        upstream = ws.connect_to_server()
        hold["ws"] = ws

        def from_server(message: str | bytes) -> None:
            if hold["on"] and json.loads(message).get("type") == "update":
                hold["kept"].append(message)
            else:
                ws.send(message)

        upstream.on_message(from_server)
        ws.on_message(lambda message: upstream.send(message))

    def release() -> None:
        hold["on"] = False
        kept, hold["kept"] = hold["kept"], []
        for message in kept:
            hold["ws"].send(message)

    hold["release"] = release
    page.route_web_socket(re.compile(r"/ws/games/"), route)
    return hold


def test_the_help_line_says_a_sent_secret_decision_is_locked(server: Server, pages: Pages) -> None:
    """A seat that has sent its secret decision of a simultaneous phase is no longer told to make
    it ("Plan the round ...") while its own update is on the way (a Wallenstein plan is sent box by
    box after Confirm): the help line says the decision is locked and whom the table waits for,
    English and German; once the update has come it names the players still deciding."""
    seats = [
        {"kind": "human", "name": "Anna"},
        {"kind": "human", "name": "Bert"},
        {"kind": "bot", "bot": "random"},
    ]
    game = server.create("wallenstein", {"players": 3, "setup": "fixed"}, seats, seed=4)
    page = pages.new(viewport={"width": 1280, "height": 900})
    hold = _held_updates(page)
    page.goto(game["seats"][0]["invite"])
    page.wait_for_selector("#plan-confirm")
    assert "Plan the round" in page.locator("#phase-help").inner_text()
    assert page.locator("#plan-heading").inner_text() == "Your plan (not sent yet)"
    for _ in range(page.locator("#plan li.box.staged").count()):
        page.click("#choices button:not(#plan-confirm) >> nth=-1")
    hold["on"] = True  # the answers to the plan's boxes stay away: the plan is on its way
    page.click("#plan-confirm")
    page.wait_for_function("document.querySelector('#phase-help')?.innerText.includes('locked')")
    line = page.locator("#phase-help").inner_text()
    assert "Your plan is locked in; waiting for Bert." in line, line
    assert "Plan the round" not in line and "What the players do now" in line, line
    assert page.locator("#plan-heading").inner_text() == "Your plan (being sent)"
    shot(page, "help-locked-en")
    hold["release"]()
    page.wait_for_function("!document.querySelector('#plan-confirm')")
    page.wait_for_function(
        "document.querySelector('#phase-help')?.innerText.includes('Bert is still planning')"
    )
    assert "locked" not in page.locator("#phase-help").inner_text()

    # Ernst von Mansfeld in German: the number of dice set, Bert's still to come
    seats = [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Bert"}]
    game = server.create("mansfeld", {"players": 2}, seats, seed=4)
    de = pages.new(viewport={"width": 390, "height": 844})
    de.add_init_script("localStorage.setItem('feldherr:lang', 'de')")
    hold = _held_updates(de)
    de.goto(game["seats"][0]["invite"])
    de.wait_for_selector("#choices button:not([disabled])")
    assert "Lege verdeckt fest" in de.locator("#phase-help").inner_text()
    hold["on"] = True
    de.locator("#choices button:not([disabled])").first.click()
    de.wait_for_function("document.querySelector('#phase-help')?.innerText.includes('steht fest')")
    line = de.locator("#phase-help").inner_text()
    assert "Deine Würfelzahl steht fest; es wird noch auf Bert gewartet." in line, line
    assert "Was die Spieler jetzt tun" in line, line
    shot(de, "help-locked-de-phone")
    hold["release"]()
    de.wait_for_function(
        "document.querySelector('#phase-help')?.innerText.includes('Bert legt noch verdeckt')"
    )
