"""The position editor's parts beyond the pieces and scores (editor.js): Wallenstein's buildings,
revolt markers and open event cards, El Grande's mobile scoreboards, open action cards and secret
discs, Mansfeld's used characters and luck dice. Each test sets one of them on a game's worked
example, applies it and sees it on the analysis board; a phone's width (390 px) and a desktop's,
German and English. Screenshots go to test-artifacts/web."""

from __future__ import annotations

from typing import Any

from .conftest import ARTIFACTS, Pages, Server, shot
from .drive import Scan
from .test_analysis import run_analysis
from .test_editor import apply, apply_refused, imported, lobby_editor, open_editor


def form_shot(page: Any, name: str) -> None:
    shot(page, name)
    page.locator("#position-editor").screenshot(path=str(ARTIFACTS / f"{name}-form.png"))


def test_wallenstein_buildings_and_revolt_markers_are_set_per_county(server: Server, pages: Pages) -> None:
    game_id = imported(server, "wallenstein")
    page = pages.new(viewport={"width": 390, "height": 844})
    scan = Scan()
    open_editor(page, server, game_id, "de", 390)
    editor = page.locator("#position-editor")
    county = editor.locator(".editor-place", has_text="Schlesien")
    buildings = county.locator("[role=group][aria-label='Schlesien: Gebäude']")
    # the county's palace and church are there, by their German words; a trading post is added,
    # and two revolt markers
    assert buildings.locator("label", has_text="Palast").locator("input").is_checked()
    assert buildings.locator("label", has_text="Kirche").locator("input").is_checked()
    assert not buildings.locator("label", has_text="Handelshaus").locator("input").is_checked()
    buildings.locator("label", has_text="Handelshaus").locator("input").check()
    county.locator("input[aria-label='Schlesien: Unruhemarker']").fill("2")
    # the open event cards by their printed texts, as many checked as lie open
    events = editor.locator("#editor-open_events")
    assert events.locator("legend").inner_text() == "Offene Ereigniskarten"
    assert events.locator("input:checked").count() >= 1
    assert "Getreide Verlust" in events.inner_text()
    # the event card in play: 12 ("5 Armeen aufstellen bringt nur 3 …"), now 7 (taxes at most 5)
    event = editor.locator("#editor-current_event select")
    assert event.locator("option:checked").inner_text().startswith("„5 Armeen aufstellen bringt nur 3")
    assert event.locator("option").last.inner_text() == "keine"  # none drawn yet
    event.select_option(label="„Steuern höchstens 5 Taler“ (Winter: 0 Getreide Verlust)")
    scan.read(page, "wallenstein editor buildings de 390")
    form_shot(page, "editor-fields-wallenstein-de-390")
    apply(page, game_id)
    shape = page.locator("#map g[data-county='Schlesien']")
    shape.wait_for()
    words = shape.get_attribute("aria-label") or ""
    assert "Palast" in words and "Handelshaus" in words, words  # the three buildings on the map
    assert shape.locator("path.bld.trading_post").count() == 1 and shape.locator("path.bld").count() == 3
    assert shape.locator("text.unrest-l").text_content() == "2"
    board = page.locator("#board").inner_text()
    assert "Steuern höchstens 5 Taler" in board and "5 Armeen aufstellen bringt nur 3" not in board
    scan.read(page, "wallenstein applied de 390")
    shot(page, "editor-fields-wallenstein-applied-de-390")
    scan.check()


def test_too_many_revolt_markers_are_refused_and_a_neutral_county_loses_its_buildings(
    server: Server, pages: Pages
) -> None:
    game_id = imported(server, "wallenstein")
    page = pages.new(viewport={"width": 1280, "height": 900})
    open_editor(page, server, game_id, "en", 1280)
    editor = page.locator("#position-editor")
    editor.locator("input[aria-label='Schlesien: Revolt markers']").fill("99")
    refusal = apply_refused(page, pages)
    assert "revolt markers" in refusal and "the game has" in refusal, refusal
    assert game_id in page.url
    editor.locator("input[aria-label='Schlesien: Revolt markers']").fill("0")
    # Vogtland (Red's: 6 armies, a church, a revolt marker) turns neutral: its church and marker go
    county = editor.locator(".editor-place", has_text="Vogtland")
    assert county.locator("label", has_text="Church").locator("input").is_checked()
    county.locator("input[aria-label='Vogtland: Armies']").fill("0")
    county.locator("select").select_option(label="nobody")
    assert not county.locator("input[type=checkbox]:checked").count()
    assert county.locator("input[aria-label='Vogtland: Revolt markers']").input_value() == "0"
    apply(page, game_id)
    shape = page.locator("#map g[data-county='Vogtland']")
    shape.wait_for()
    assert shape.locator("path.bld").count() == 0 and shape.locator("text.unrest-l").count() == 0


def test_el_grande_scoreboard_open_card_and_disc_are_set(server: Server, pages: Pages) -> None:
    game_id = imported(server, "elgrande")
    page = pages.new(viewport={"width": 390, "height": 844})
    scan = Scan()
    open_editor(page, server, game_id, "en", 390)
    editor = page.locator("#position-editor")
    # the mobile scoreboards by their printed values: the 4/0/0 one is not on the board yet
    boards = editor.locator("#editor-scoreboards")
    small = boards.locator("select[aria-label='Mobile scoreboard 4/0/0']")
    assert small.locator("option:checked").inner_text() == "nowhere"
    small.select_option(label="Valencia")
    # stack 4 shows Grande ("wahlheimat"); each card with its special action, a taken stack as such
    stacks = editor.locator("#editor-open_cards")
    fourth = stacks.locator("select[aria-label='Stack 4']")
    assert fourth.locator("option:checked").inner_text() == "Grande"
    assert stacks.locator("select[aria-label='Stack 1'] option:checked").inner_text() == "taken this round"
    options = fourth.locator("option").all_inner_texts()
    assert len(set(options)) == len(options), options
    # a card of which the game has one, on the discard pile: put open, it leaves the pile
    pile = editor.locator("#editor-discard_pile")
    pile.locator("summary").click()
    movement = pile.locator("label", has_text="Movement:").locator("input")
    assert movement.is_checked()
    fourth.select_option(label=next(text for text in options if text.startswith("Movement")))
    assert not pile.locator("label", has_text="Movement:").locator("input").is_checked()
    # the King's card laid on the discard pile: refused in words (it lies open every round)
    pile.locator("label", has_text="King's card:").locator("input").check()
    assert stacks.locator("select[aria-label='Stack 5'] option:checked").inner_text() == "taken this round"
    refusal = apply_refused(page, pages)
    assert "King's card is never discarded" in refusal and "ihre_majestaet" not in refusal, refusal
    pile.locator("label", has_text="King's card:").locator("input").uncheck()
    assert stacks.locator("select[aria-label='Stack 5'] option:checked").inner_text() == "King's card"
    fourth.select_option(label=next(text for text in options if text.startswith("Special Scoring")))
    scan.read(page, "elgrande editor fields en 390")
    form_shot(page, "editor-fields-elgrande-en-390")
    apply(page, game_id)
    assert page.locator("#stacks .acard[data-id='score_disc_unique']").count() == 1
    assert page.locator("#stacks .acard[data-id='wahlheimat']").count() == 0
    # (the scoreboards' printed values come with the game's printed data, which the board may get
    # after its first drawing)
    valencia = page.locator("#board .board-extra", has_text="4/0/0")
    valencia.wait_for()
    assert valencia.count() == 1
    scan.read(page, "elgrande applied en 390")
    shot(page, "editor-fields-elgrande-applied-en-390")
    scan.check()


def test_el_grande_card_in_play_is_taken_from_its_stack(server: Server, pages: Pages) -> None:
    """The card in play (Isabel's Verbannung in the worked example) changed to the Wahlheimat open
    on stack 4: that stack shows none, the Verbannung lies open on its stack again, and the turn
    starts with the Wahlheimat (its 4 Caballeros still to place)."""
    game_id = imported(server, "elgrande")
    for lang, width in (("de", 1280), ("en", 390)):
        page = pages.new(viewport={"width": width, "height": 900 if width > 600 else 844})
        scan = Scan()
        open_editor(page, server, game_id, lang, width)
        editor = page.locator("#position-editor")
        section = editor.locator("#editor-card_in_use")
        words = {
            "de": (
                "Ausgespielte Aktionskarte",
                "Verbannung: ",
                "Wahlheimat: ",
                "Stapel",
                "diese Runde genommen",
            ),
            "en": ("Action card in play", "Banishment: ", "Grande: ", "Stack", "taken this round"),
        }[lang]
        legend, banishment, grande, stack, taken = words
        assert section.locator("legend").inner_text() == legend
        in_play = section.locator("select")
        # the menu names the cards (a whole sentence each was cut on a phone), the chosen card's
        # special action is written under it, as the stacks' menus tell it
        options = in_play.locator("option").all_inner_texts()
        assert not any(": " in text for text in options) and len(set(options)) == len(options), options
        assert in_play.locator("option:checked").inner_text() == banishment.rstrip(": ")
        text = section.locator("#editor-card_in_use-text")
        assert text.inner_text().strip()
        stacks = editor.locator("#editor-open_cards")
        on_four = stacks.locator(f"select[aria-label='{stack} 4'] option:checked").inner_text()
        assert on_four == grande.rstrip(": ")
        grande_text = stacks.locator("#editor-open_cards-text-4").inner_text()
        in_play.select_option(label=grande.rstrip(": "))
        assert text.inner_text() == grande_text
        box = in_play.bounding_box()
        assert box["x"] + box["width"] <= width, box
        assert text.evaluate(
            "(e) => e.scrollWidth <= e.clientWidth && e.getBoundingClientRect().right <= innerWidth"
        )
        assert stacks.locator(f"select[aria-label='{stack} 4'] option:checked").inner_text() == taken
        section.screenshot(path=str(ARTIFACTS / f"editor-card-in-play-{lang}-{width}.png"))
        shown = [
            stacks.locator(f"select[aria-label='{stack} {i}'] option:checked").inner_text() for i in (1, 2, 3)
        ]
        assert shown.count(banishment.rstrip(": ")) == 1, shown
        scan.read(page, f"elgrande card in play {lang} {width}")
        form_shot(page, f"editor-fields-elgrande-in-play-{lang}-{width}")
        apply(page, game_id)
        board = page.locator("#board").inner_text()
        assert grande.rstrip(": ") in board, board
        scan.read(page, f"elgrande card in play applied {lang} {width}")
        shot(page, f"editor-fields-elgrande-in-play-applied-{lang}-{width}")
        scan.check()


def test_el_grandes_stacks_name_their_cards_with_the_text_under_them(server: Server, pages: Pages) -> None:
    """Each stack's menu names its cards (the menu showed "name: sentence", cut on a phone after
    the name); a name that several of the stack's cards share (stack 1's Intrigues) is numbered,
    and the special action of the card open is written under the menu, the same as the discard
    pile's words for that card. Changed, the words under the menu follow. German at a desktop's
    width, English at a phone's."""
    game_id = imported(server, "elgrande")
    for lang, width in (("de", 1280), ("en", 390)):
        page = pages.new(viewport={"width": width, "height": 900 if width > 600 else 844})
        scan = Scan()
        open_editor(page, server, game_id, lang, width)
        editor = page.locator("#position-editor")
        stack, grande, scoring, intrigue = {
            "de": ("Stapel", "Wahlheimat", "Sonderwertung", "Intrige"),
            "en": ("Stack", "Grande", "Special Scoring", "Intrigue"),
        }[lang]
        stacks = editor.locator("#editor-open_cards")
        fourth = stacks.locator(f"select[aria-label='{stack} 4']")
        assert fourth.locator("option:checked").inner_text() == grande
        for i in range(1, 6):
            options = stacks.locator(f"select[aria-label='{stack} {i}'] option").all_inner_texts()
            assert not any(": " in text for text in options) and len(set(options)) == len(options), options
        first = stacks.locator(f"select[aria-label='{stack} 1'] option").all_inner_texts()
        assert f"{intrigue} ({1})" in first and f"{intrigue} ({2})" in first and intrigue not in first, first
        pile = editor.locator("#editor-discard_pile")
        cards = pile.locator("label").all_text_contents()  # (the pile folded away)
        under = stacks.locator("#editor-open_cards-text-4")
        said = under.inner_text()
        assert said and any(text.strip() == f"{grande}: {said}" for text in cards), (said, cards)
        assert stacks.locator("#editor-open_cards-text-1").count() == 0  # taken this round: no card, no text
        fourth.select_option(label=scoring)
        assert fourth.locator("option:checked").inner_text() == scoring
        now = under.inner_text()
        assert now != said and any(text.strip() == f"{scoring}: {now}" for text in cards), (now, cards)
        for element in (fourth, under):
            assert element.evaluate("(e) => e.getBoundingClientRect().right <= innerWidth")
        assert under.evaluate("(e) => e.scrollWidth <= e.clientWidth")
        stacks.screenshot(path=str(ARTIFACTS / f"editor-stacks-{lang}-{width}.png"))
        scan.read(page, f"elgrande stacks {lang} {width}")
        form_shot(page, f"editor-fields-elgrande-stacks-{lang}-{width}")
        apply(page, game_id)
        assert page.locator("#stacks .acard[data-id='score_disc_unique']").count() == 1
        scan.check()


def test_mansfeld_used_characters_and_luck_are_set(server: Server, pages: Pages) -> None:
    game_id = imported(server, "mansfeld")
    page = pages.new(viewport={"width": 390, "height": 844})
    scan = Scan()
    open_editor(page, server, game_id, "de", 390)
    editor = page.locator("#position-editor")
    ben = editor.locator(".editor-player", has_text="Ben")
    anna = editor.locator(".editor-player", has_text="Anna")
    # the Colonel was left over after recruiting: used by Ben now (it leaves the ones left over)
    used = ben.locator("[role=group][aria-label='Verbrauchte Karten']")
    used.locator("label", has_text="Obrist").locator("input").check()
    assert anna.locator("input[aria-label='Kriegsglück']").input_value() == "3"
    anna.locator("input[aria-label='Kriegsglück']").fill("6")
    scan.read(page, "mansfeld editor fields de 390")
    form_shot(page, "editor-fields-mansfeld-de-390")
    apply(page, game_id)
    row = page.locator("#players tr", has_text="Ben")
    assert "Obrist" in row.locator("td.held").nth(1).inner_text()
    anna_row = page.locator("#players tr", has_text="Anna")
    luck = anna_row.locator("svg.luck")
    assert luck.get_attribute("data-value") == "6"
    assert luck.get_attribute("data-tip") == "Kriegsglück-Würfel: 6"
    scan.read(page, "mansfeld applied de 390")
    shot(page, "editor-fields-mansfeld-applied-de-390")
    scan.check()


def test_a_wallenstein_start_set_up_in_the_lobby_takes_another_owner_and_a_building(
    server: Server, pages: Pages
) -> None:
    """The lobby's "Set up a position by hand" for Wallenstein's fixed start: the plans are being
    made, so a county given to another player goes into that player's hand (the old owner's hand
    kept it, and the rules refused the table); a palace is built there."""
    page = pages.new(viewport={"width": 1280, "height": 900})
    lobby_editor(page, server, "wallenstein", {"players": "3", "setup": "fixed"}, ("en", 1280, 900))
    editor = page.locator("#position-editor")
    county = editor.locator(".editor-place", has_text="Osnabrück")
    assert county.locator("select option:checked").inner_text() == "Red"
    county.locator("select").select_option(label="Blue")
    county.locator("label", has_text="palace").locator("input").check()
    shot(page, "editor-fields-wallenstein-lobby-en-1280")
    old = page.url.split("/replay/")[1].split("#")[0]
    apply(page, old)
    shape = page.locator("#map g[data-county='Osnabrück']")
    shape.wait_for()
    words = shape.get_attribute("aria-label") or ""
    assert "Blue" in words and "palace" in words, words
    assert shape.locator("path.bld.palace").count() == 1


def _taking_places() -> tuple[dict[str, Any], list[int]]:
    """A Wallenstein table when the places in player order are taken, whose first two bidders bid
    alike (the bag decided between them), and the bids' ranks in the bidding order."""
    from feldherr.wallenstein.data import BID
    from feldherr.wallenstein.rules.planning import bid_rank

    from ..wallenstein.test_position_bids import choosing_places

    for seed in range(1, 60):
        st, position = choosing_places(seed)
        ranks = [bid_rank(st.plans[s][BID]) for s in st.bid_queue]
        if ranks[0] == ranks[1] > ranks[-1]:
            position.pop("hidden")
            return position, ranks
    raise AssertionError("no table with a tie first and a lower bid last")


def test_wallensteins_turn_while_the_places_in_player_order_are_taken(server: Server, pages: Pages) -> None:
    position, _ = _taking_places()
    game_id = str(server.api("/api/positions/import", {"position": position})["id"])
    queue = position["flow"]["bid_queue"]
    words = {"red": "Rot", "blue": "Blau", "yellow": "Gelb", "purple": "Lila"}
    page = pages.new(viewport={"width": 390, "height": 844})
    scan = Scan()
    open_editor(page, server, game_id, "de", 390)
    turn = page.locator("#editor-turn select")
    assert turn.locator("option:checked").inner_text() == words[queue[0]]
    assert turn.locator("option").all_inner_texts() == [words[c] for c in queue]
    assert "höchste Gebot wählt zuerst" in page.locator("#editor-turn").inner_text()
    # the last bidder bid less: refused in words, beside the form
    turn.select_option(label=words[queue[-1]])
    refusal = apply_refused(page, pages)
    assert "das höchste Gebot wählt zuerst" in refusal and words[queue[-1]] in refusal, refusal
    # the second bid as much as the first (the bag decided): the second chooses first now
    turn.select_option(label=words[queue[1]])
    scan.read(page, "wallenstein bid turn de 390")
    form_shot(page, "editor-fields-wallenstein-bid-turn-de-390")
    apply(page, game_id)
    assert words[queue[1]] in page.locator("#analysis h2").inner_text()
    scan.check()


def test_el_grande_modifier_cards_are_set_by_their_values(server: Server, pages: Pages) -> None:
    """Machtverschiebung: a modifier card out of Red's hand goes onto Red's discard pile, and one
    of Yellow's checked into Red's hand leaves Yellow's; the board for Red shows the hand."""
    from feldherr.games import get_game

    game = get_game("elgrande")
    position = game.position(game.new_state({"players": 3, "variant": ["machtverschiebung"]}, 1))
    position.pop("hidden")
    red, yellow = position["players"][0], position["players"][2]
    assert red["modifiers"] == [8, 11, 12] and 14 in yellow["modifiers"]  # +2, −2 (court), +3; +1 (move)
    game_id = str(server.api("/api/positions/import", {"position": position})["id"])
    page = pages.new(viewport={"width": 1280, "height": 900})
    scan = Scan()
    open_editor(page, server, game_id, "en", 1280)
    editor = page.locator("#position-editor")
    hand = editor.locator(".editor-player", has_text="Red").locator(
        "[role=group][aria-label='Modifier cards']"
    )
    assert hand.locator("input:checked").count() == 3
    assert "+1 (move 1 Caballero)" in hand.inner_text() and "12" not in hand.inner_text()  # no numbers
    hand.locator("label.editor-card", has_text="+3").locator("input").uncheck()
    hand.locator("label.editor-card", has_text="+1 (move 1 Caballero)").locator("input").check()
    theirs = editor.locator(".editor-player", has_text="Yellow").locator(
        "[role=group][aria-label='Modifier cards']"
    )
    assert (
        not theirs.locator("label.editor-card", has_text="+1 (move 1 Caballero)")
        .locator("input")
        .is_checked()
    )
    scan.read(page, "elgrande modifiers en 1280")
    form_shot(page, "editor-fields-elgrande-modifiers-en-1280")
    apply(page, game_id)
    assert "Red" in page.locator("#analysis h2").inner_text()
    # Red's choices now: pass one of the three modifiers of the hand as edited to the left
    moves = run_analysis(page)
    assert len(moves) == 3 and any("+1 (move 1 Caballero)" in text for text in moves), moves
    assert not any("+3" in text for text in moves), moves
    scan.check()


def test_el_grandes_neutral_player_shows_only_what_it_has(server: Server, pages: Pages) -> None:
    """The two-player game's neutral colour has Caballeros, a court and a secret disc, but no score,
    no power cards, no Grande: its box showed a score field and thirteen power cards, empty."""
    page = pages.new(viewport={"width": 390, "height": 844})
    lobby_editor(page, server, "elgrande", {"players": "2"}, ("de", 390, 844))
    boxes = page.locator("#editor-players .editor-player")
    assert boxes.count() == 3
    neutral = boxes.nth(2)
    assert "neutral" in neutral.locator("legend").inner_text()
    labels = neutral.locator(".editor-label").all_inner_texts()
    assert labels == ["Hof", "Geheimscheibe"], labels
    assert boxes.nth(0).locator(".editor-label").all_inner_texts()[:2] == ["Punkte", "Hof"]


def shown(editor: Any, stack: str) -> list[str]:
    """What El Grande's five action card stacks show in the editor, stack 1 first."""
    stacks = editor.locator("#editor-open_cards")
    return [
        stacks.locator(f"select[aria-label='{stack} {i}'] option:checked").inner_text() for i in range(1, 6)
    ]


def piled(editor: Any) -> str:
    """The discard pile's summary: its name and how many cards lie on it."""
    return str(editor.locator("#editor-discard_pile summary").inner_text())


def test_el_grandes_stacks_follow_the_player_at_the_turn(server: Server, pages: Pages) -> None:
    """The worked example (Isabel third in the turn order, her Verbannung from stack 2 in play,
    stacks 1 to 3 taken this round): the turn moved back to Diego, the two cards taken latest (the
    end of the discard pile: Fiesta, stack 3, and an Intrigue of stack 1) lie open again and leave
    the pile; moved on to Carmen, the first open stack (1) is taken again. The position applies
    without a refusal: the board for Carmen, the Fiesta open."""
    game_id = imported(server, "elgrande")
    for lang, width in (("de", 390), ("en", 1280)):
        page = pages.new(viewport={"width": width, "height": 844 if width < 600 else 900})
        scan = Scan()
        open_editor(page, server, game_id, lang, width)
        editor = page.locator("#position-editor")
        stack, taken, pile_word, fiesta = {
            "de": ("Stapel", "diese Runde genommen", "Ablagestapel", "Fiesta"),
            "en": ("Stack", "taken this round", "Discard pile", "Fiesta"),
        }[lang]
        assert shown(editor, stack)[:3] == [taken] * 3, shown(editor, stack)
        assert piled(editor) == f"{pile_word}: 34", piled(editor)
        turn = editor.locator("#editor-current select")
        turn.select_option(label="Diego")  # first in the turn order: only his card in play is taken
        back = shown(editor, stack)
        assert back[1] == taken and back[2] == fiesta and back[0] != taken, back
        assert piled(editor) == f"{pile_word}: 32", piled(editor)
        turn.select_option(label="Carmen")  # second: one stack more taken, its card discarded
        onwards = shown(editor, stack)
        assert onwards[:3] == [taken, taken, back[2]] and onwards[3:] == back[3:], onwards
        assert piled(editor) == f"{pile_word}: 33", piled(editor)
        scan.read(page, f"elgrande turn follows {lang} {width}")
        form_shot(page, f"editor-fields-elgrande-turn-{lang}-{width}")
        apply(page, game_id)
        assert "Carmen" in page.locator("#analysis h2").inner_text()
        assert page.locator("#stacks .acard[data-id='fiesta']").count() == 1
        scan.read(page, f"elgrande turn follows applied {lang} {width}")
        shot(page, f"editor-fields-elgrande-turn-applied-{lang}-{width}")
        scan.check()
