"""What a new player reads on a seat's page, checked where a Board Game Arena player found it wrong:
bots named as the log names them (by colour, not by the name the table gave them), a move built
in parts saying which part the buttons are, the Wallenstein map readable on a phone, El Grande's
neutral player and table headers, and no raw view (JSON) on a game's page."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from feldherr.elgrande import data as ELGRANDE

from .conftest import ROOT, Pages, Server, shot
from .drive import Scan, play_to_end, set_look

BOTS = [{"kind": "bot", "bot": "random", "name": "random"}] * 2


def _log(page: Any) -> str:
    return str(page.locator("#log").inner_text())


def test_wallenstein_phone_names_parts_and_map(server: Server, pages: Pages) -> None:
    seats = [{"kind": "human", "name": "Anna"}, *BOTS]
    game = server.create("wallenstein", {"players": 3, "modules": ["court", "leaders"]}, seats, seed=3)
    page = pages.new(viewport={"width": 390, "height": 844})
    page.add_init_script("localStorage.setItem('feldherr:lang', 'de')")
    page.goto(game["seats"][0]["invite"])
    page.wait_for_selector("#map .county")
    page.wait_for_selector("#choices button:not([disabled])")
    # the bots as the log names them (their colour), the strength beside it; never "random"
    page.wait_for_function("document.querySelector('#seat-list').innerText.includes('Blau')")
    bar = page.locator("#seat-list").inner_text()
    assert "Blau (Zufallszüge)" in bar and "Gelb (Zufallszüge)" in bar and "random" not in bar
    assert "random" not in page.locator("#players").inner_text()
    # The draft: a county card, then its armies. The heading says which part the buttons are, and
    # the buttons are that part's choices (the cards on offer), not the whole moves.
    assert page.locator("#decision h2").inner_text() == "Deine Entscheidung · Teil 1 von 2"
    cards = page.locator("#choices button").count()
    assert 1 < cards < 12
    page.click("#choices button >> nth=0")
    page.wait_for_function("document.querySelector('#decision h2').innerText.endsWith('Teil 2 von 2')")
    page.click("#step-back")
    assert page.locator("#decision h2").inner_text().endswith("Teil 1 von 2")
    # The map keeps readable names on a phone; its frame (not the page) moves sideways.
    height = page.evaluate(
        "Math.min(...[...document.querySelectorAll('#map text.cname')]"
        ".map((t) => t.getBoundingClientRect().height))"
    )
    assert height >= 10, f"county names {height:.1f} px high"
    frame = page.evaluate(
        "(() => { const f = document.querySelector('#map-frame'); return [f.scrollWidth, f.clientWidth]; })()"
    )
    assert frame[0] > frame[1]
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # ... and one quiet line above the frame says so, in the reader's language, never over the map
    _swipe_hint_above_the_map(page, "Seitlich wischen, um die ganze Karte zu sehen")
    # where the player moved the map stays across the page's redraws
    page.evaluate("document.querySelector('#map-frame').scrollLeft = 150")
    page.click("#choices button >> nth=0")
    page.click("#step-back")
    page.wait_for_timeout(100)
    assert abs(page.evaluate("document.querySelector('#map-frame').scrollLeft") - 150) <= 1
    # no raw view of the game's data anywhere on the page
    assert page.locator("details.raw, pre").count() == 0
    assert "{" not in page.locator("body").inner_text()
    shot(page, "player-view-wallenstein-de-phone")
    set_look(page, "en", 390, 844)
    _swipe_hint_above_the_map(page, "Swipe sideways to see the whole map")
    shot(page, "player-view-wallenstein-en-phone")
    # on a wide screen the whole map fits its frame: nothing scrolls, no hint
    set_look(page, "en", 1280, 900)
    page.wait_for_selector("#map-hint", state="hidden")
    assert page.evaluate(
        "(() => { const f = document.querySelector('#map-frame'); return f.scrollWidth <= f.clientWidth; })()"
    )
    shot(page, "player-view-wallenstein-en-desktop")


def _swipe_hint_above_the_map(page: Any, words: str) -> None:
    hint = page.locator("#map-hint")
    hint.wait_for(state="visible")
    assert hint.inner_text().strip() == f"↔ {words}"
    box, frame = hint.bounding_box(), page.locator("#map-frame").bounding_box()
    assert box["y"] + box["height"] <= frame["y"] + 0.5, (box, frame)
    assert box["height"] < 40, box  # one short line


def test_elgrande_two_players_neutral_player_and_table(server: Server, pages: Pages) -> None:
    seats = [{"kind": "human", "name": "Anna"}, BOTS[0]]
    game = server.create("elgrande", {"players": 2}, seats, seed=3)
    page = pages.new(viewport={"width": 390, "height": 844})
    page.add_init_script("localStorage.setItem('feldherr:lang', 'en')")
    page.goto(game["seats"][0]["invite"])
    page.wait_for_selector("#map .region")
    for _ in range(6):  # the power card, then into the action-card step: cards are taken
        page.wait_for_selector("#choices button:not([disabled])")
        if page.locator(".acard.empty").count():
            break
        page.click("#choices button:not([disabled]) >> nth=0")
    page.wait_for_function("document.querySelector('#players').innerText.includes('(neutral)')")
    rows = page.locator("#players tbody tr").all_inner_texts()
    neutral = [r for r in rows if "(neutral)" in r]
    assert len(neutral) == 1 and "dummy" not in neutral[0]
    colour = neutral[0].split(" (neutral)")[0].strip()
    assert f"{colour} (neutral)" in _log(page)  # the same name as in the log
    bot = page.locator("#players tbody tr >> nth=1 >> th").inner_text().strip()
    assert bot in ("Blue", "Yellow", "Green", "Purple", "Red") and bot in _log(page)
    # Each header in one piece (not broken inside a word at 390 px).
    broken = page.evaluate(
        """[...document.querySelectorAll('#players thead th')].filter((th) => {
          const range = document.createRange(); range.selectNodeContents(th);
          return range.getClientRects().length > 1; }).map((th) => th.innerText)"""
    )
    assert broken == []
    # The power cards left in each hand in words under the card played (never a bare "(12)"); the
    # dummy plays from its own pile and has no hand. Anna and Blue have each played one of 13.
    assert page.locator("#players .hand-left").all_inner_texts() == ["12 cards left in hand"] * 2
    assert (
        page.locator("#players .hand-left >> nth=0").get_attribute("data-tip")
        == "12 power cards left in hand"
    )
    assert not re.search(r"\(\d+\)", page.locator("#players").inner_text())
    # a stack whose open card was taken says so, with its stack and the cards left
    assert page.locator(".acard.empty").count() >= 1
    empty = page.locator(".acard.empty >> nth=0").inner_text()
    assert "taken this round" in empty and "Stack" not in empty and "stack" in empty
    assert page.locator("details.raw").count() == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # Every Grande stands wholly inside its region and on land (seed 3: one in Galicia, whose label is
    # near its border with Navarra and the coast).
    grandes = page.evaluate(
        """[...document.querySelectorAll('#map .region-pieces .grande')].map((r) => {
          const where = r.closest('.region-pieces').dataset.region;
          const shape = document.querySelector(`#map .region[data-region="${where}"] .shape`);
          const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((k) => r[k].baseVal.value);
          const land = document.querySelector('#map path.land');
          const pt = (px, py) => {
            const p = new DOMPoint(px, py);
            const sel = `#map .region:not([data-region="${where}"]) .shape`;
            const others = [...document.querySelectorAll(sel)];
            return shape.isPointInFill(p) && land.isPointInFill(p) && !others.some((o) => o.isPointInFill(p));
          };
          return [where,
                  [[x, y], [x + w, y], [x, y + h], [x + w, y + h]].every(([px, py]) => pt(px, py))];
        })"""
    )
    assert "Galicia" in [g[0] for g in grandes]
    assert all(ok for _, ok in grandes), grandes
    # the map fits the phone whole and keeps its values readable
    values = page.evaluate(
        "Math.min(...[...document.querySelectorAll('#map text.rpoints')]"
        ".map((t) => t.getBoundingClientRect().height))"
    )
    assert values >= 10, f"region values {values:.1f} px high"
    page.wait_for_timeout(100)
    assert page.locator("#map-hint").is_hidden()  # the map fits: nothing to swipe
    shot(page, "player-view-elgrande-en-phone")
    set_look(page, "de", 390, 844)
    page.wait_for_function("document.querySelector('#players')?.innerText.includes('12 Karten auf der Hand')")
    assert page.locator("#players .hand-left").all_inner_texts() == ["12 Karten auf der Hand"] * 2
    assert (
        page.locator("#players .hand-left >> nth=1").get_attribute("data-tip")
        == "12 Machtkarten auf der Hand"
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # Every word of every action card's name (both languages) fits a card's title on a phone, so
    # no name breaks inside a word (it read "Gesetzeserl / ass" and "Ermächtigu / ng").
    split = page.evaluate(
        """(names) => { const el = document.querySelector('.acard:not(.empty) strong');
          const css = getComputedStyle(el);
          const pen = document.createElement('canvas').getContext('2d');
          pen.font = `${css.fontStyle} ${css.fontWeight} ${css.fontSize} ${css.fontFamily}`;
          const wide = (w) => pen.measureText(w).width > el.clientWidth + 0.5;
          return names.flatMap((n) => n.split(/\\s+/)).filter(wide);
        }""",
        sorted({*ELGRANDE.CARD_DE, *ELGRANDE.CARD_EN}),
    )
    assert split == [], f"card-name words wider than a card's title: {split}"
    shot(page, "player-view-elgrande-de-phone")
    set_look(page, "de", 1280, 900)
    assert page.locator("#map-hint").is_hidden()
    shot(page, "player-view-elgrande-de-desktop")
    # one card left: the singular in both languages (Intl.PluralRules)
    one = page.evaluate(
        """async () => { const i = await import('/static/i18n.js'); const out = [];
          for (const l of ['en', 'de']) { i.setLang(l); out.push(i.tn('handN', 1), i.tn('handPowerN', 1)); }
          return out; }"""
    )
    assert one == [
        "1 card left in hand",
        "1 power card left in hand",
        "1 Karte auf der Hand",
        "1 Machtkarte auf der Hand",
    ]


def test_battle_chart_names_each_players_pair_of_bars(server: Server, pages: Pages) -> None:
    """The ending's battles chart: each player's name once under that player's two bars (won "+",
    lost "−"), every value label below the title."""
    page = pages.new(viewport={"width": 390, "height": 844})
    page.goto(server.url + "/")
    page.wait_for_selector("#new-game")
    found = page.evaluate(
        """async () => {
          const { battleChart } = await import('/static/ending.js');
          const battle = (p, d, verdict) => ({ entry: { k: 'battle', a: { p, d, verdict } } });
          const log = [battle(0, 1, 'attacker'), battle(1, 2, 'defender')];
          const chart = battleChart(log, ['Anna', 'Blue', 'Yellow']);
          document.body.append(chart);
          const texts = [...chart.querySelectorAll('text')];
          const title = chart.querySelector('.chart-title').getBBox();
          const values = texts.filter((t) => /^\\d+$/.test(t.textContent)).map((t) => t.getBBox());
          return {
            groups: texts.filter((t) => t.classList.contains('group')).map((t) => t.textContent),
            signs: texts.filter((t) => ['+', '−'].includes(t.textContent)).length,
            clash: values.some((b) => b.y < title.y + title.height),
          };
        }"""
    )
    assert found["groups"] == ["Anna", "Blue", "Yellow"]
    assert found["signs"] == 6
    assert not found["clash"]


def test_mansfeld_says_when_the_provinces_come(server: Server, pages: Pages) -> None:
    """While the characters are recruited there are no provinces yet: the board says when they come
    instead of an empty heading."""
    game = server.create("mansfeld", {"players": 2}, [{"kind": "human", "name": "Anna"}, BOTS[0]], seed=3)
    page = pages.new(viewport={"width": 390, "height": 844})
    page.add_init_script("localStorage.setItem('feldherr:lang', 'de')")
    page.goto(game["seats"][0]["invite"])
    page.wait_for_selector("#characters")
    assert page.locator("#provinces li").count() == 0
    assert "sobald das Rekrutieren vorbei ist" in page.locator("#provinces-later").inner_text()
    assert page.locator("details.raw").count() == 0


def test_lobby_list_and_replay_title_on_a_phone(server: Server, pages: Pages) -> None:
    """The lobby's game list fits a phone with every word whole (the same bot counted: "× 3"), and
    the replay names the game by its title, not its id."""
    seats = [{"kind": "human", "name": "Anna"}, *([{"kind": "bot", "bot": "random"}] * 3)]
    server.create("mansfeld", {"players": 4}, seats, seed=5)
    page = pages.new(viewport={"width": 390, "height": 844})
    page.add_init_script("localStorage.setItem('feldherr:lang', 'de')")
    page.goto(server.url + "/")
    page.wait_for_selector("#games td.who")
    assert "Anna, Zufallszüge × 3" in page.locator("#games").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    broken = page.evaluate(
        """[...document.querySelectorAll('#games td:not(.who)')].filter((td) => {
          const words = td.innerText.trim().split(/\\s+/).length;
          const text = (td.querySelector('a') || td).firstChild;  // the text node: its lines
          const range = document.createRange(); range.selectNodeContents(text);
          return range.getClientRects().length > words; }).map((td) => td.innerText)"""
    )
    assert broken == []
    done = server.create("mansfeld", {"players": 2}, [{"kind": "bot", "bot": "random"}] * 2, seed=5)
    server.wait_status(done["id"], "finished")
    page.goto(f"{server.url}/replay/{done['id']}")
    page.wait_for_function("document.querySelector('#where').innerText.includes('Ernst von Mansfeld')")
    assert "mansfeld" not in page.locator("#where").inner_text()


def test_elgrande_modifiers_in_hand_are_shown(server: Server, pages: Pages) -> None:
    """Machtverschiebung: the player's modifier cards are on the board by their signed values (the
    choices offer "modifier +2"; the player sees which ones are in hand before choosing)."""
    seats = [{"kind": "human", "name": "Anna"}, *BOTS]
    game = server.create("elgrande", {"players": 3, "variant": ["machtverschiebung"]}, seats, seed=3)
    page = pages.new(viewport={"width": 1280, "height": 900})
    page.add_init_script("localStorage.setItem('feldherr:lang', 'de')")
    page.goto(game["seats"][0]["invite"])
    page.wait_for_selector("#modifiers")
    values = page.locator("#modifiers .modifier").all_inner_texts()
    assert sorted(values) == sorted(["−1", "+2", "+3"])
    assert page.locator("#modifiers").inner_text().startswith("Modifikatoren:")


def test_replay_shows_the_winter_scoring_step_by_step(server: Server, pages: Pages) -> None:
    """The replay at the move that ends a winter shows the scoring's steps (as the live table does),
    with the points per player."""
    bots = [{"kind": "bot", "bot": "random"}] * 3
    game = server.create("wallenstein", {"players": 3, "setup": "fixed"}, bots, seed=3)
    server.wait_status(game["id"], "finished", timeout=120)
    whole = server.api(f"/api/games/{game['id']}/replay?lang=en")
    winter = next(item["version"] for item in whole["log"] if (item.get("entry") or {}).get("k") == "score")
    page = pages.new(viewport={"width": 1280, "height": 900})
    page.add_init_script("localStorage.setItem('feldherr:lang', 'en')")
    page.goto(f"{server.url}/replay/{game['id']}")
    page.wait_for_selector("#timeline")
    page.fill("#at", str(winter))
    page.press("#at", "Enter")
    page.wait_for_selector("#scoring-steps.done")
    assert page.locator("#scoring-points tbody tr").count() == 3
    assert page.locator("#scoring-steps li.step.shown").count() >= 2
    page.fill("#at", str(winter - 1))  # the move before: no scoring
    page.press("#at", "Enter")
    page.wait_for_function(f"document.querySelector('#at').value === '{winter - 1}'")
    page.wait_for_selector("#scoring-steps", state="detached")


def test_the_ending_is_one_tap_away_on_a_phone(server: Server, pages: Pages) -> None:
    """At the end the decision panel links to the final scoring under the board."""
    seats = [{"kind": "human", "name": "Anna"}, BOTS[0]]
    game = server.create("mansfeld", {"players": 2}, seats, seed=7)
    page = pages.new(viewport={"width": 390, "height": 844})
    page.add_init_script("localStorage.setItem('feldherr:lang', 'de')")
    page.goto(game["seats"][0]["invite"])
    page.wait_for_selector("#characters")
    play_to_end(page, random.Random(3), None, 400)
    page.wait_for_selector("#final-scoring")
    assert page.locator("#to-ending").inner_text() == "↓ Schlusswertung"
    page.evaluate("window.scrollTo(0, 0)")
    page.click("#to-ending")
    page.wait_for_function(
        "(() => { const r = document.querySelector('#ending').getBoundingClientRect();"
        " return r.top < window.innerHeight && r.bottom > 0; })()"
    )


def test_elgrande_mobile_scoreboard_values_say_what_they_are(server: Server, pages: Pages) -> None:
    """A mobile scoreboard's points beside a region ("8/4/0") carry their meaning, as the region's
    own values do, in the page's language (they stood on the map without a word)."""
    from feldherr.games import get_game

    game = get_game("elgrande")
    position = game.position(game.new_state({"players": 3}, 1))
    position["scoreboards"] = ["Toledo", None]
    seats = [{"kind": "human", "name": "Anna"}, *BOTS]
    created = server.api("/api/games", {"game": "elgrande", "position": position, "seats": seats, "seed": 3})
    page = pages.new(viewport={"width": 390, "height": 844})
    page.add_init_script("localStorage.setItem('feldherr:lang', 'de')")
    page.goto(created["seats"][0]["invite"])
    page.wait_for_selector("#map .board-values")
    said = page.locator("#map .board-values title").all_text_contents()
    assert said == ["Wertungstafel: Punkte für 1. / 2. / 3."]
    assert re.fullmatch(r"\d+/\d+/\d+", page.locator("#map .board-values text").text_content() or "")
    set_look(page, "en", 390, 844)
    page.wait_for_function(
        "document.querySelector('#map .board-values title')?.textContent.startsWith('mobile scoreboard')"
    )
    assert page.locator("#map .board-values title").all_text_contents() == [
        "mobile scoreboard: points for 1st / 2nd / 3rd"
    ]


def test_hot_seat_players_are_named_in_the_log_as_on_the_seats_bar(server: Server, pages: Pages) -> None:
    """Two people on one device (hot-seat) typed their names; the log named the second one by her
    colour ("Blue 5 dice", "Blue conquers province 1") while the seats bar and the boards said
    "Bert": a hot seat is a person's seat and the log names it as typed."""
    seats = [{"kind": "hotseat", "name": "Anna"}, {"kind": "hotseat", "name": "Bert"}]
    game = server.create("mansfeld", {"players": 2}, seats, seed=5)
    page = pages.new(viewport={"width": 390, "height": 844})
    page.goto(server.url + f"/play/{game['id']}#tokens={','.join(game['hotseat_tokens'])}")
    for _ in range(2):  # each sets her dice, after the hand-over screen
        page.click("#ready")
        page.click("#choices button >> nth=1")
    page.wait_for_selector("#ready, #log")
    if page.locator("#ready").count():  # the device goes round again (else the one shown goes on)
        page.click("#ready")
    log = page.locator("#log")
    log.filter(has_text="Order:").wait_for()  # the dice revealed together, the order they give
    assert "Bert" in page.locator("#seat-list").inner_text()
    text = log.inner_text()
    assert "Bert" in text and "Blue" not in text and "Red" not in text, text


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_hand_over_promises_what_each_game_keeps_secret(server: Server, pages: Pages, lang: str) -> None:
    """The hot-seat hand-over said "The other seats' plans stay hidden" ("Die Pläne der anderen")
    in El Grande and Mansfeld too, where nobody plans: there the players hold hands and turn secret
    discs (El Grande) or set their dice in secret (Mansfeld); Wallenstein's players plan."""
    wanted = {
        "en": {
            "wallenstein": "The other seats' plans stay hidden until this button is pressed.",
            "elgrande": "The other seats' hands and secret choices stay hidden until this button is pressed.",
            "mansfeld": "The other seats' secret choices stay hidden until this button is pressed.",
        },
        "de": {
            "wallenstein": "Die Pläne der anderen bleiben verborgen, bis dieser Knopf gedrückt wird.",
            "elgrande": "Die Handkarten und geheimen Entscheidungen der anderen bleiben verborgen, "
            "bis dieser Knopf gedrückt wird.",
            "mansfeld": "Die geheimen Entscheidungen der anderen bleiben verborgen, "
            "bis dieser Knopf gedrückt wird.",
        },
    }[lang]
    seats = [{"kind": "hotseat", "name": "Anna"}, {"kind": "hotseat", "name": "Bert"}]
    page = pages.new(viewport={"width": 390, "height": 844})
    page.add_init_script(f"localStorage.setItem('feldherr:lang', '{lang}')")
    for name, words in wanted.items():
        options: dict[str, Any] = {"players": 2}
        table = seats
        if name == "wallenstein":  # three at least
            options, table = {"players": 3, "setup": "fixed"}, [*seats, {"kind": "hotseat", "name": "Cleo"}]
        game = server.create(name, options, table, seed=5)
        page.goto(server.url + f"/play/{game['id']}#tokens={','.join(game['hotseat_tokens'])}")
        hint = page.locator("#pass #pass-hint")
        hint.wait_for()
        assert hint.inner_text() == words, (name, hint.inner_text())
        shot(page, f"hotseat-pass-{name}-{lang}")


def test_a_finished_hot_seat_game_opens_without_a_hand_over(server: Server, pages: Pages) -> None:
    """Opened again after its end, a hot-seat game showed "Pass the device to Anna" before its final
    scoring: nothing is secret any more and nobody is asked, so the page shows the ending at once."""
    seats = [{"kind": "hotseat", "name": "Anna"}, {"kind": "hotseat", "name": "Bert"}]
    game = server.create("mansfeld", {"players": 2}, seats, seed=5)
    gid, tokens = game["id"], game["hotseat_tokens"]
    for _ in range(300):  # both play their first choice through the HTTP API until the end
        if server.api(f"/api/games/{gid}")["status"] == "finished":
            break
        for token in tokens:
            update = server.api(f"/api/games/{gid}/update", token=token)
            if update.get("choices"):
                move = {"move": update["choices"][0]["move"], "version": update["version"]}
                server.api(f"/api/games/{gid}/moves", move, token=token)
    else:
        raise AssertionError("the game did not end")
    page = pages.new(viewport={"width": 390, "height": 844})
    page.goto(server.url + f"/play/{gid}#tokens={','.join(tokens)}")
    page.wait_for_selector("#to-ending, #pass")
    assert page.locator("#pass").count() == 0
    assert page.locator("#ending").count() == 1
    # its links read alike ("Rematch replay Analyse Lobby" had one in lower case)
    links = [page.locator(f"#ending {s}").inner_text() for s in ("#rematch", "#to-replay", "#to-analysis")]
    assert links == ["Rematch", "Replay", "Analyse"], links


def test_elgrande_region_names_are_never_under_a_neighbour(server: Server, pages: Pages) -> None:
    """On a phone the names are larger against the map: "Valencia" reached into Toledo, drawn after
    it, so the King's Toledo covered its "V" and the left of its values ("alencia"). Every region's
    name and values lie over every region's shape."""
    seats = [{"kind": "human", "name": "Anna"}, *BOTS, {"kind": "bot", "bot": "random", "name": "r"}]
    game = server.create("elgrande", {"players": 4}, seats, seed=3)
    page = pages.new(viewport={"width": 390, "height": 844})
    page.add_init_script("localStorage.setItem('feldherr:lang', 'de')")
    page.goto(game["seats"][0]["invite"])
    page.wait_for_selector("#map .rname")
    covered = page.evaluate(
        """() => [...document.querySelectorAll('#map .rname, #map .values-box')].flatMap((e) => {
          e.scrollIntoView({ block: 'center' });
          const r = e.getBoundingClientRect();
          return [0.08, 0.3, 0.5, 0.7, 0.92].map((f) => {
            const hit = document.elementFromPoint(r.left + f * r.width, r.top + r.height / 2);
            return hit && hit.closest('.shape') ? `${e.textContent || e.nextElementSibling.textContent}`
              + ` under ${hit.closest('[data-region]').dataset.region}` : null;
          }).filter(Boolean);
        })"""
    )
    assert covered == [], covered


def test_an_imported_games_players_are_named_by_colour(server: Server, pages: Pages) -> None:
    """An imported record's seats have no names (the server files them as "1", "2", "3"): the
    replay's players' table, province owners, final scoring and plots said "1", "2", "3" while
    the log said "Red", "Blue", "Yellow". They are named by colour, as the log names them."""
    from .test_boards import bot_record

    imported = server.api("/api/records", bot_record("mansfeld", {"players": 3}))
    page = pages.new(viewport={"width": 1280, "height": 900})
    page.goto(server.url + f"/replay/{imported['id']}")
    page.wait_for_selector("#players tbody tr")
    page.keyboard.press("End")
    page.wait_for_selector("#ending table.scoring")
    page.wait_for_function("document.querySelector('#players tbody th')?.innerText.trim() === 'Red'")
    players = [t.strip() for t in page.locator("#players tbody th").all_inner_texts()]
    assert players == ["Red", "Blue", "Yellow"], players
    ending = page.locator("#ending table.scoring").inner_text()
    assert "Red" in ending and not re.search(r"\b[123]\b\s★|^\d\.\s+[123]\s", ending, re.M), ending


def test_replay_says_each_steps_move_even_a_secret_one(server: Server, pages: Pages) -> None:
    """The replay viewer named the step's move by its log line; a secret move writes none until it
    is revealed (Mansfeld's dice set, each of the ten boxes of a Wallenstein plan), so most steps
    of a Wallenstein replay said only "Blue". Now every step says its move as it was chosen."""
    from .test_boards import JUMP, SHOWN, bot_record

    imported = server.api("/api/records", bot_record("mansfeld", {"players": 3}))
    page = pages.new(viewport={"width": 1280, "height": 900})
    page.goto(server.url + f"/replay/{imported['id']}")
    page.wait_for_selector("#players tbody tr")
    page.evaluate(JUMP, 1)  # the first player has set her dice: nothing in the log yet
    page.wait_for_function(SHOWN, arg=1)
    said = page.locator("#last-move").inner_text()
    assert re.fullmatch(r"(Red|Blue|Yellow): Set \d dic?e", said), said


def test_replay_caption_names_the_mover_once(server: Server, pages: Pages) -> None:
    """A step whose log line names its mover ("Yellow announces …") was captioned "Yellow: Yellow
    announces …"; the line now stands alone, and a line or move that does not name the mover keeps
    the name in front."""
    from .test_boards import JUMP, SHOWN, bot_record

    imported = server.api("/api/records", bot_record("elgrande", {"players": 3}))
    page = pages.new(viewport={"width": 1280, "height": 900})
    page.goto(server.url + f"/replay/{imported['id']}")
    page.wait_for_selector("#players tbody tr")
    said = []
    for at in range(1, 25):
        page.evaluate(JUMP, at)
        page.wait_for_function(SHOWN, arg=at)
        said.append(page.locator("#last-move").inner_text())
    colours = "Red|Blue|Yellow"
    assert not [s for s in said if re.match(rf"({colours}): .*\b\1\b", s)], said
    assert [s for s in said if re.match(rf"({colours})\b(?!:)", s)], said  # a line that names its mover
    assert [s for s in said if re.match(rf"({colours}): ", s)], said  # a move named without its mover


@pytest.mark.parametrize("lang", ["de", "en"])
def test_mansfeld_marks_the_province_fought_over(server: Server, pages: Pages, lang: str) -> None:
    """During a conquest the province being fought over is marked on the board (its card
    highlighted and labelled) and named in the help line with its value, as the printed game lays
    it out in the middle of the table; the provinces already conquered are not marked."""
    position = json.loads((ROOT / "docs" / "positions" / "mansfeld-example.json").read_text("utf-8"))
    seats = [{"kind": "human", "name": "Anna"}, BOTS[0]]
    created = server.api("/api/games", {"game": "mansfeld", "position": position, "seats": seats, "seed": 3})
    page = pages.new(viewport={"width": 390, "height": 844})
    page.add_init_script(f"localStorage.setItem('feldherr:lang', '{lang}')")
    page.goto(created["seats"][0]["invite"])
    page.wait_for_selector("#choices button:not([disabled])")
    marked = page.locator("#provinces .province.contested")
    assert marked.count() == 1
    assert page.locator("#provinces .province").last.get_attribute("id") == "province-contested"
    card = marked.inner_text()
    words = {"de": ("jetzt umkämpft", "Provinz 6", "Jetzt umkämpft: Provinz 6"),
             "en": ("fought over now", "province 6", "Fought over now: province 6")}[lang]  # fmt: skip
    assert words[0] in card and words[1] in card, card
    help_line = page.locator("#phase-help").inner_text()
    assert words[2] in help_line, help_line
    assert {"de": "8 Punkte wert", "en": "worth 8 points"}[lang] in help_line, help_line
    shot(page, f"mansfeld-fought-over-{lang}")
    scan = Scan()
    scan.read(page, f"mansfeld fought over {lang}")
    scan.check()


def _wallenstein_at(phase: str) -> tuple[dict[str, Any], int]:
    """A position of a three-player Wallenstein game with every module at the first ``phase`` step
    (one player deciding), from a random game; and the seat that decides."""
    from feldherr.games import get_game

    game = get_game("wallenstein")
    state = game.new_state(
        game.normalize_options({"players": 3, "modules": ["court", "landsknechte", "leaders"]}), 1
    )
    rng = random.Random(1)
    while not state.is_terminal():
        moving = state.to_move()
        if state.view(None)["phase"] == phase and len(moving) == 1:
            return game.position(state), moving[0]
        seat = moving[0]
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    raise AssertionError(f"no {phase} step")


#: Per module step: the decider's line (to "you") and everyone else's (naming the decider).
MODULE_STEPS = {
    "landsknechte": {
        "de": ("Wähle einen Vorteil der neuen Landsknechte-Karte.",
               "{who} wählt einen Vorteil der neuen Landsknechte-Karte."),
        "en": ("Choose one benefit of the new Landsknechte card.",
               "{who} chooses one benefit of the new Landsknechte card."),
    },
    "favor": {
        "de": ("Nimm eine Gunstkarte vom Kaiserhof, oder keine.",
               "{who} nimmt eine Gunstkarte vom Kaiserhof, oder keine."),
        "en": ("Take one favor card from the court, or none.",
               "{who} takes one favor card from the court, or none."),
    },
    "leader": {
        "de": ("Setze oder ziehe deinen Heerführer.", "{who} setzt oder zieht den eigenen Heerführer."),
        "en": ("Place or move your military leader.", "{who} places or moves their military leader."),
    },
}  # fmt: skip


@pytest.mark.parametrize("phase", list(MODULE_STEPS))
def test_a_module_step_names_who_decides(server: Server, pages: Pages, phase: str) -> None:
    """Am Kaiserhof, Landsknechte, Heerführer: while one player decides, the help line spoke to
    "you" ("Wähle einen Vorteil …") on every page. The player who decides reads it so; the others
    and a spectator read who decides ("Ben wählt einen Vorteil …"), in German and English."""
    position, decider = _wallenstein_at(phase)
    names = ["Anna", "Ben", "Clara"]
    seats = [{"kind": "human", "name": n} for n in names]
    created = server.api(
        "/api/games", {"game": "wallenstein", "position": position, "seats": seats, "seed": 3}
    )
    other = (decider + 1) % 3
    looks = {
        "decider": created["seats"][decider]["invite"],
        "other": created["seats"][other]["invite"],
        "spectator": created["seats"][other]["invite"].split("#")[0],
    }
    scan = Scan()
    for who, link in looks.items():
        page = pages.new(viewport={"width": 390, "height": 844})
        page.add_init_script("localStorage.setItem('feldherr:lang', 'de')")
        page.goto(link)
        page.wait_for_selector("#phase-help")
        for lang in ("de", "en"):
            set_look(page, lang, 390, 844)
            mine, theirs = MODULE_STEPS[phase][lang]
            expected = mine if who == "decider" else theirs.format(who=names[decider])
            page.wait_for_function(
                "(t) => document.querySelector('#phase-help')?.innerText.includes(t)",
                arg=expected,
                timeout=10_000,
            )
            line = page.locator("#phase-help").inner_text()
            label = {"de": ("Was jetzt zu tun ist", "Was die Spieler jetzt tun"),
                     "en": ("What to do now", "What the players do now")}[lang]  # fmt: skip
            assert line.startswith(label[0] if who == "decider" else label[1]), line
            if who != "decider":
                assert not re.search(r"\b(deinen|deine|dein|Wähle|Nimm|Setze|Choose|Take|your)\b", line), line
            scan.read(page, f"{phase} {who} {lang}")
        if who == "other":
            shot(page, f"wallenstein-{phase}-other-en")
    scan.check()


def test_a_table_waits_for_the_games_words_before_it_is_drawn(server: Server, pages: Pages) -> None:
    """A German page drew the table with the game's ids ("spring", "palace", "bid") for as long as
    the game's words took to come (a fresh-clone run on a busy machine read them so): the page
    shows only its connection until they are here, then the table in German."""
    position, decider = _wallenstein_at("favor")
    seats = [{"kind": "human", "name": n} for n in ("Anna", "Ben", "Clara")]
    body = {"game": "wallenstein", "position": position, "seats": seats, "seed": 3}
    created = server.api("/api/games", body)
    page = pages.new(viewport={"width": 390, "height": 844})
    page.add_init_script("localStorage.setItem('feldherr:lang', 'de')")
    held: list[Any] = []
    page.route("**/api/web/terms/**", lambda route: held.append(route))
    page.goto(created["seats"][decider]["invite"])
    page.wait_for_function("document.querySelector('#conn')?.innerText.length > 0")
    page.wait_for_timeout(1_000)  # the welcome and the first update are here by now
    assert held, "the page did not ask for the game's words"
    assert page.locator("#phase-help").count() == 0
    text = page.locator("body").inner_text()
    assert not re.search(r"\b(spring|palace|bid|court1)\b", text), text
    for route in held:
        route.continue_()
    page.wait_for_selector("#phase-help")
    page.wait_for_function("document.body.innerText.includes('Frühling')")
    assert not re.search(r"\b(spring|palace)\b", page.locator("body").inner_text())


def test_the_hand_over_screen_says_whether_the_device_is_connected(server: Server, pages: Pages) -> None:
    """The table's bar says "connected" or "reconnecting…"; the hot-seat hand-over screen said
    nothing, so a device that had lost the server was passed round as if all were well. It says
    so there too, in the reader's language, and follows the connection (cut here by closing the
    page's game socket and refusing new ones for a while)."""
    seats = [{"kind": "hotseat", "name": "Anna"}, {"kind": "hotseat", "name": "Bert"}]
    for lang, words in (("en", ("connected", "reconnecting…")), ("de", ("verbunden", "verbinde neu…"))):
        game = server.create("mansfeld", {"players": 2}, seats, seed=5)
        page = pages.new(viewport={"width": 390, "height": 844})
        page.add_init_script(f"localStorage.setItem('feldherr:lang', '{lang}')")
        line: dict[str, Any] = {"cut": False, "open": []}

        def through(ws: Any, line: dict[str, Any] = line) -> None:
            if line["cut"]:
                ws.close()
                return
            ws.connect_to_server()
            line["open"].append(ws)

        page.route_web_socket(re.compile(r"/ws/games/"), through)
        page.goto(server.url + f"/play/{game['id']}#tokens={','.join(game['hotseat_tokens'])}")
        conn = page.locator("#pass #conn")
        conn.wait_for()
        page.wait_for_selector("#pass #conn.connected")
        assert conn.inner_text() == words[0] and conn.is_visible()
        shot(page, f"hotseat-pass-connected-{lang}")
        line["cut"] = True
        for ws in line["open"]:
            ws.close()
        page.wait_for_selector("#pass #conn.reconnecting")
        assert page.locator("#pass #conn").inner_text() == words[1]
        shot(page, f"hotseat-pass-reconnecting-{lang}")
        line["cut"] = False
        page.wait_for_selector("#pass #conn.connected", timeout=30_000)
        assert page.locator("#pass #conn").inner_text() == words[0]
