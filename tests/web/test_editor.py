"""The analysis board's position editor in the browser (editor.js): a position of each game opened
in the replay viewer, edited by hand in the form (the pieces on the board, a score, the cards in a
hand), applied and analysed at once — the board and the analysis show the edited table; a table
the rules refuse is refused beside the form in the game's words and changes nothing. In English and
German, at desktop and phone width; screenshots go to test-artifacts/web."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .conftest import ARTIFACTS, ROOT, Pages, Server, shot
from .drive import Scan, set_look
from .test_analysis import run_analysis

# game, the page's language and width
LOOKS = [("wallenstein", "de", 1280), ("elgrande", "en", 390), ("mansfeld", "de", 390)]


def imported(server: Server, name: str) -> str:
    """The game's worked example (Wallenstein's without its scripted tower) stored for analysis."""
    position = json.loads((ROOT / "docs" / "positions" / f"{name}-example.json").read_text("utf-8"))
    position.get("hidden", {}).pop("tower_script", None)
    return str(server.api("/api/positions/import", {"position": position})["id"])


def open_editor(page: Any, server: Server, game_id: str, lang: str, width: int) -> None:
    page.goto(f"{server.url}/replay/{game_id}#analyse")
    page.wait_for_selector("#analysis-edit")
    set_look(page, lang, width, 844 if width < 600 else 900)
    page.click("#analysis-edit")
    page.wait_for_selector("#editor-apply")


def apply(page: Any, old_id: str) -> None:
    """Apply: the edited position opens as a position of its own, with the board for its player."""
    page.click("#editor-apply")
    page.wait_for_function(
        "(old) => !location.pathname.endsWith(old) || document.querySelector('#editor-error')", arg=old_id
    )
    refused = page.locator("#editor-error")
    assert not refused.count(), refused.inner_text()  # the edit was meant to be accepted
    page.wait_for_url(lambda url: "/replay/" in url and old_id not in url)
    page.wait_for_selector("#analysis-run")


def apply_refused(page: Any, pages: Pages) -> str:
    """Apply, expecting a refusal: its words beside the form (the server's 422 taken as meant)."""
    page.click("#editor-apply")
    page.wait_for_selector("#editor-error")
    refusal: str = page.locator("#editor-error").inner_text()
    pages.take_refused(page, 422)
    return refusal


def lobby_editor(
    page: Any, server: Server, game: str, options: dict[str, str], look: tuple[str, int, int]
) -> None:
    """The lobby's "Set up a position by hand" for ``game`` under ``options`` (the lobby's option
    fields by name: ``{"players": "3"}``), the page in ``look`` (language, width, height), until
    the editor's form is there."""
    page.goto(server.url)
    page.wait_for_selector("#new-game")
    set_look(page, *look)
    page.select_option("#game", game)
    for name, value in options.items():
        page.select_option(f"#opt-{name}", value)
    page.click("#advanced summary")
    page.click("#position-setup")
    page.wait_for_url("**/replay/**#edit")
    page.wait_for_selector("#editor-apply")


def set_up_in_the_lobby(page: Any, server: Server, scan: Scan) -> None:
    """The lobby's "Set up a position by hand": El Grande for three, its start in the editor, the
    players (unnamed in a new game) by their colours."""
    lobby_editor(page, server, "elgrande", {"players": "3"}, ("en", 390, 844))
    assert page.locator("#editor-players legend").all_inner_texts() == ["Players", "Red", "Blue", "Yellow"]
    scan.read(page, "lobby set up elgrande en 390")


@pytest.mark.parametrize(("name", "lang", "width"), LOOKS, ids=[look[0] for look in LOOKS])
def test_a_position_is_edited_applied_and_analysed(
    server: Server, pages: Pages, name: str, lang: str, width: int
) -> None:
    game_id = imported(server, name)
    page = pages.new(viewport={"width": width, "height": 900})
    scan = Scan()
    if name == "elgrande":
        set_up_in_the_lobby(page, server, scan)
    open_editor(page, server, game_id, lang, width)
    scan.read(page, f"{name} editor {lang} {width}")
    shot(page, f"editor-{name}-{lang}-{width}")
    page.locator("#position-editor").screenshot(path=str(ARTIFACTS / f"editor-{name}-{lang}-form.png"))
    editor = page.locator("#position-editor")
    if name == "wallenstein":
        # a county of Yellow's without armies: the rules refuse it, in German, beside the form
        row = editor.locator(".editor-place", has_text="Schlesien")
        assert row.locator("select").input_value() is not None
        assert row.locator("option:checked").inner_text() == "Gelb"  # the owner by the colour's word
        row.locator("input[aria-label='Schlesien: Armeen']").fill("0")
        refusal = apply_refused(page, pages)
        assert "Schlesien" in refusal and "Besitzer" in refusal, refusal
        assert game_id in page.url  # nothing else opened: the same replay, the form as it was left
        assert row.locator("input[aria-label='Schlesien: Armeen']").input_value() == "0"
        scan.read(page, "wallenstein editor refused de")
        editor.screenshot(path=str(ARTIFACTS / "editor-wallenstein-refused-de.png"))
        armies = row.locator("input[aria-label='Schlesien: Armeen']")
        armies.fill("6")  # 6 armies of Yellow's in Schlesien now
        editor.locator(".editor-player", has_text="Blau").locator("input[aria-label='Siegpunkte']").fill("20")
        # Osnabrück to Blue: Red planned its card, the box is lost now (else refused: not Red's)
        editor.locator(".editor-place", has_text="Osnabrück").locator("select").select_option(label="Blau")
        # and Yellow's box of the last action card (Schlesien) is carried out, not Blue's
        turn = editor.locator("#editor-turn select")
        assert turn.locator("option:checked").inner_text() == "Blau: Neumark"
        turn.select_option(label="Gelb: Schlesien")
        apply(page, game_id)
        page.wait_for_selector("#map g[data-county='Schlesien'] text.armies")
        assert page.locator("#map g[data-county='Schlesien'] text.armies").text_content() == "6"
        assert "Gelb" in page.locator("#analysis h2").inner_text()  # the board for Yellow now
        moves = run_analysis(page)
        assert len(moves) > 1, moves  # armies to move out of Schlesien (with 1 there: none)
    elif name == "elgrande":
        # Isabel gets three Caballeros in Valencia and two points more (her province is counted
        # again), and the last Caballero of the card is Diego's to place
        editor.locator("input[aria-label='Valencia: Isabel']").fill("3")
        editor.locator(".editor-player", has_text="Isabel").locator("input[aria-label='Score']").fill("60")
        editor.locator("#editor-current select").select_option(label="Diego")  # Diego places instead
        # her power card 11 out of her hand: onto her discard pile (else refused: a card nowhere)
        isabel = editor.locator(".editor-player", has_text="Isabel")
        isabel.locator("label.editor-card", has_text="11").locator("input").uncheck()
        # Diego first in the turn order: Carmen and Isabel have not taken their cards yet, so two
        # of the three stacks taken this round show their cards again, those taken latest (the
        # editor follows the turn; the server's check would refuse it otherwise)
        shown = editor.locator("#editor-open_cards select option:checked").all_inner_texts()
        assert shown.count("taken this round") == 1, shown
        apply(page, game_id)
        assert "Diego" in page.locator("#analysis h2").inner_text()
        stack = page.locator("#board g.region-pieces[data-region='Valencia'] g.stack")
        assert stack.count() == 1 and stack.get_attribute("data-tip") == "Isabel: 3 Caballeros"
        isabel_row = page.locator("#players tr", has_text="Isabel")
        assert "60" in isabel_row.inner_text()
        assert isabel_row.locator(".hand-left").get_attribute("data-tip") is not None
        assert "3" in isabel_row.locator(".hand-left").inner_text()  # 3 power cards left, not 4
        assert run_analysis(page)
    else:
        # Anna recruits the Obrist too: taken from the characters left over, into her hand
        anna = editor.locator(".editor-player", has_text="Anna")
        hand = anna.locator("[role=group][aria-label='Karten auf der Hand']")
        hand.locator("label", has_text="Obrist").locator("input").check()
        before = run_analysis(page)  # her choices before: commit her one card, or none
        assert len(before) == 2, before
        apply(page, game_id)
        assert "Obrist" in page.locator("#players").inner_text()
        after = run_analysis(page)  # now either card, both, or none
        assert len(after) == 4 and any("Obrist" in text for text in after), after
    scan.read(page, f"{name} edited and analysed {lang} {width}")
    shot(page, f"editor-{name}-applied-{lang}-{width}")
    scan.check()
