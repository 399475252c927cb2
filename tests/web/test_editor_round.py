"""The position editor's Wallenstein round (editor-games.js): the action cards turned this round,
the bonus tiles and who holds each box, Am Kaiserhof's favor display, and each player's hand and
plan once the plans are in. Each is set on a table in the browser, refused in the game's words
where the rules do not allow it, and applied; German at a phone's width (390 px) and English at a
desktop's. Screenshots go to test-artifacts/web."""

from __future__ import annotations

import json
import random
from typing import Any

from feldherr.games import get_game

from .conftest import ARTIFACTS, Pages, Server
from .drive import Scan
from .test_editor import apply, apply_refused, imported, open_editor
from .test_editor_fields import form_shot
from .test_lobby_options import FITS


def court_table(server: Server) -> str:
    """A four-player game of Am Kaiserhof at its first plan (three favor cards on display), stored
    for analysis without its hidden parts."""
    game = get_game("wallenstein")
    position: dict[str, Any] = json.loads(
        json.dumps(game.position(game.new_state({"players": 4, "setup": "fixed", "modules": ["court"]}, 5)))
    )
    del position["hidden"]
    return str(server.api("/api/positions/import", {"position": position})["id"])


def test_wallenstein_actions_bonus_tiles_and_plans_are_set(server: Server, pages: Pages) -> None:
    """The worked example (Combat / movement A under way, the tenth card): its action cards, the
    bonus tiles and Red's plan, in German on a phone and in English on a desktop."""
    game_id = imported(server, "wallenstein")
    words = {
        "de": {
            "actions": "Aktionen",
            "done": "Ausgeführt",
            "now": "Wird ausgeführt",
            "b": "Kampf / Bewegung B",
            "box": "Feld 1",
            "tile": "6 Armeen",
            "plans": "Planungstableau",
            "grain": "Getreide einziehen",
            "empty": "Leer gelassen",
            "cover": "jedes Feld muss nach Möglichkeit belegt werden",
            "to_place": "Noch zu verplanende Karten",
        },
        "en": {
            "actions": "Actions",
            "done": "Carried out",
            "now": "Under way",
            "b": "Combat / movement B",
            "box": "Box 1",
            "tile": "6 armies",
            "plans": "Plan",
            "grain": "Collect grain",
            "empty": "Left empty",
            "cover": "every box must be covered if possible",
            "to_place": "Cards still to place",
        },
    }
    for lang, width in (("de", 390), ("en", 1280)):
        say = words[lang]
        page = pages.new(viewport={"width": width, "height": 844 if width < 600 else 900})
        scan = Scan()
        open_editor(page, server, game_id, lang, width)
        editor = page.locator("#position-editor")
        # the ten action cards in the order turned: nine carried out, the tenth under way
        actions = editor.locator("#editor-actions")
        assert actions.locator("legend").inner_text() == say["actions"]
        states = actions.locator(".editor-state").all_inner_texts()
        assert states == [say["done"]] * 9 + [say["now"]], states
        assert say["b"] in actions.inner_text() and "combat_a" not in actions.inner_text()
        # the bonus tiles, by their words, and who holds each box (Red box 1)
        tiles = editor.locator("#editor-bonus_tiles")
        first = tiles.locator(f"select[aria-label='{say['box']}: {tiles.locator('legend').inner_text()}']")
        before = first.locator("option:checked").inner_text()
        first.select_option(label=say["tile"])
        assert first.locator("option:checked").inner_text() == say["tile"]
        assert before == say["tile"] or tiles.locator("option:checked", has_text=before).count() == 1
        # Red's plan: a box left empty though cards are left to cover it is refused in words
        plans = editor.locator("#editor-plans")
        assert plans.locator("legend").first.inner_text() == say["plans"]
        red = plans.locator(".editor-player").first
        grain = red.locator(f"select[aria-label$=': {say['grain']}']")
        assert grain.locator("option:checked").inner_text() == "Vogtland"
        grain.select_option(label=say["empty"])
        assert "Vogtland" in red.locator(".editor-value").inner_text()  # back among the cards to place
        assert red.locator(".editor-value").inner_text().startswith(say["to_place"])
        refusal = apply_refused(page, pages)
        assert say["cover"] in refusal and ("Red" if lang == "en" else "Rot") in refusal, refusal
        grain.select_option(label="Vogtland")
        assert red.locator(".editor-value").inner_text().endswith(("keine", "none"))
        scan.read(page, f"wallenstein round {lang} {width}")
        form_shot(page, f"editor-round-wallenstein-{lang}-{width}")
        apply(page, game_id)
        scan.read(page, f"wallenstein round applied {lang} {width}")
        scan.check()


def test_wallenstein_favor_display_is_set_as_dealt(server: Server, pages: Pages) -> None:
    """Am Kaiserhof's favor display at the first plan: a lower card on the space of four courtiers
    is refused in words ("the highest number lies on the space showing four courtiers")."""
    game_id = court_table(server)
    for lang, width, space, rule in (
        (
            "en",
            1280,
            "Space of 4 courtiers",
            "the card with the highest number lies on the space showing four courtiers",
        ),
        (
            "de",
            390,
            "Feld mit 4 Höflingen",
            "Die Karte mit der höchsten Nummer liegt auf dem Feld mit vier Höflingen",
        ),
    ):
        page = pages.new(viewport={"width": width, "height": 844 if width < 600 else 900})
        scan = Scan()
        open_editor(page, server, game_id, lang, width)
        favors = page.locator("#editor-favor_display")
        four = favors.locator(f"select[aria-label='{space}']")
        shown = four.locator("option:checked").inner_text()
        texts = four.locator("option").all_inner_texts()
        assert texts[0] in ("none", "keine") and all(not t.isdigit() for t in texts), texts
        four.select_option(index=len(texts) - 1)  # the lowest number
        refusal = apply_refused(page, pages)
        assert rule in refusal, refusal
        four.select_option(label=shown)
        # the bonus tiles lie out while planning, nobody holds a box yet
        assert page.locator("#editor-bonus_tiles select").count() == 5
        scan.read(page, f"wallenstein favors {lang} {width}")
        form_shot(page, f"editor-round-favors-{lang}-{width}")
        apply(page, game_id)
        scan.check()


def court_plans_table(server: Server) -> tuple[str, dict[str, Any]]:
    """A three-player game of Am Kaiserhof once the plans are in (seed 1, random moves), whose first
    player has dice tower cards on his plan: stored for analysis without its hidden parts; its
    position returned too."""
    game = get_game("wallenstein")
    state = game.new_state({"players": 3, "setup": "fixed", "modules": ["court"]}, 1)
    rng = random.Random(1)
    while True:
        position: dict[str, Any] = json.loads(json.dumps(game.position(state)))
        plans = [p.get("plan") for p in position["players"]]
        planned = all(isinstance(plan, list) and None not in plan for plan in plans)
        if planned and plans[0].count("tower card") >= 2:
            break
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    del position["hidden"]
    return str(server.api("/api/positions/import", {"position": position})["id"]), position


def test_a_tower_card_moved_to_another_box_swaps_the_two(server: Server, pages: Pages) -> None:
    """A dice tower card put on a box whose player has none left to place is taken from a box it
    lay on, and the two boxes swap (a box left "not planned" was refused). Where several boxes hold
    one, the menu offers it once per box, by the box's name, and the swap takes it from the box
    chosen: the second box with a tower card gets the county, the first keeps its tower card (it
    always came from the first box). The cards still to place stay as they were, and the plan is
    accepted. German at a phone's width, English at a desktop's."""
    game_id, position = court_plans_table(server)
    plan = position["players"][0]["plan"]
    towers = [k for k, c in enumerate(plan) if c == "tower card"]
    cards = ("tower card", "empty", "lost")
    county = next(k for k, c in enumerate(plan) if isinstance(c, str) and c not in cards)
    names = {
        "de": ["Palast bauen", "Kirche bauen", "Handelshaus bauen", "Getreide einziehen"],
        "en": ["Build a palace", "Build a church", "Build a trading post", "Collect grain"],
    }
    say = {
        "de": ("Eine Würfelturmkarte", "Noch zu verplanende Karten", "{card} aus „{box}“"),
        "en": ("A dice tower card", "Cards still to place", "{card} from “{box}”"),
    }
    first_tower, tower = towers[:2]
    assert len(towers) == 3 and tower < 4 and county < 4, plan  # the boxes named above (the seed's plan)
    for lang, width in (("de", 390), ("en", 1280)):
        card, to_place, from_box = say[lang]
        page = pages.new(viewport={"width": width, "height": 844 if width < 600 else 900})
        scan = Scan()
        open_editor(page, server, game_id, lang, width)
        first = page.locator("#editor-plans .editor-player").first
        at = first.locator(f"select[aria-label$=': {names[lang][county]}']")
        was = first.locator(f"select[aria-label$=': {names[lang][tower]}']")
        stays = first.locator(f"select[aria-label$=': {names[lang][first_tower]}']")
        assert at.locator("option:checked").inner_text() == plan[county]
        assert was.locator("option:checked").inner_text() == card
        offered = at.locator("option").all_inner_texts()
        assert card not in offered and sum(text.startswith(card) for text in offered) == len(towers), offered
        left = first.locator(".editor-value").inner_text()
        assert left.startswith(to_place), left
        at.select_option(label=from_box.format(card=card, box=names[lang][tower]))
        assert at.locator("option:checked").inner_text() == card
        assert was.locator("option:checked").inner_text() == plan[county]  # swapped, not unplanned
        assert stays.locator("option:checked").inner_text() == card  # the box not chosen keeps its card
        assert first.locator(".editor-value").inner_text() == left  # nothing more, nothing less to place
        box = at.bounding_box()
        assert box is not None and box["x"] + box["width"] <= width, box
        first.screenshot(path=str(ARTIFACTS / f"editor-round-tower-swap-{lang}-{width}-plan.png"))
        scan.read(page, f"wallenstein tower card swap {lang} {width}")
        form_shot(page, f"editor-round-tower-swap-{lang}-{width}")
        apply(page, game_id)
        scan.check()


def test_each_action_card_turned_reads_whole_on_a_phone(server: Server, pages: Pages) -> None:
    """At 390 px the number, the card and its state stood on one line, and the card's menu was cut
    to fit: "1 Armee aufstellen / bew…", and the card under way read "Kampf / Bewegung" (A or B?).
    Every card turned now reads whole in its closed menu, its state still beside or under it."""
    game_id = imported(server, "wallenstein")
    for lang in ("de", "en"):
        page = pages.new(viewport={"width": 390, "height": 844})
        open_editor(page, server, game_id, lang, 390)
        rows = page.locator("#editor-actions .editor-turned")
        assert rows.count() == 10
        cut = []
        for i in range(rows.count()):
            seen = rows.nth(i).locator("select").evaluate(FITS)
            if seen["wide"] > seen["room"] or seen["right"] > 390:
                cut.append((lang, i + 1, seen["text"]))
            state = rows.nth(i).locator(".editor-state")
            box = state.bounding_box()
            assert state.is_visible() and box is not None and box["x"] + box["width"] <= 390, (lang, i)
        assert not cut, cut
        shot = ARTIFACTS / f"editor-round-actions-{lang}-390.png"
        page.locator("#editor-actions").screenshot(path=str(shot))
