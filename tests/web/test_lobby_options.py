"""The lobby's option fields follow the games' own option specs: a choice that does not go with the
others as they stand is not offered (El Grande's Alte Hasen cards with the classic deck), with the
game's reason beside it, and a long choice reads in its closed menu on a phone."""

from __future__ import annotations

import re

from .conftest import Pages, Server, shot

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def _needs(server: Server, game: str, option: str) -> dict[str, list[dict[str, object]]]:
    entry = next(g for g in server.api("/api/catalog") if g["name"] == game)
    spec = next(o for o in entry["options"] if o["name"] == option)
    return spec["needs"]


def test_the_lobby_does_not_offer_alte_hasen_with_the_classic_deck(server: Server, pages: Pages) -> None:
    """The classic deck with an Alte Hasen card was offered, and refused only at Start ("the 'Alte
    Hasen' cards are part of the classic deck already"). Now the cards are off while the classic
    deck is chosen (a card checked before is dropped), the game's reason stands under them, and the
    game starts as chosen; "Stacks 2 and 3 merged" likewise is offered only to three players."""
    needs = _needs(server, "elgrande", "variant")
    for lang in ("en", "de"):
        page = pages.new(**PHONE)
        page.add_init_script(f"localStorage.setItem('feldherr:lang', '{lang}')")
        page.goto(server.url + "/")
        page.select_option("#game", "elgrande")
        veto = page.locator("#opt-variant input[id='opt-variant-alte_hasen:veto']")
        merged = page.locator("#opt-variant input[id='opt-variant-merged_stacks']")
        assert veto.is_enabled() and merged.is_disabled()  # four players: no merged stacks
        veto.check()
        page.select_option("#opt-deck", "classic")
        assert veto.is_disabled() and not veto.is_checked()
        cards = page.locator("#opt-variant input[id^='opt-variant-alte_hasen']")
        assert all(cards.nth(i).is_disabled() for i in range(cards.count())), lang
        reasons = page.locator("#opt-variant-needs span").all_inner_texts()
        said = needs["alte_hasen:veto"][0]["words"][lang]  # type: ignore[index]
        assert any(r.lower() == said.lower() for r in reasons), (reasons, said)
        assert not any("_" in r or "{" in r for r in reasons), reasons
        shot(page, f"lobby-elgrande-classic-{lang}")
        page.select_option("#opt-players", "3")
        assert merged.is_enabled() and len(page.locator("#opt-variant-needs span").all_inner_texts()) == 1
        merged.check()
        page.select_option("#opt-deck", "2023")
        assert veto.is_enabled()
        page.select_option("#opt-deck", "classic")
        page.select_option("#opt-players", "4")  # the merged stacks go again with the fourth player
        assert not merged.is_checked()
        for seat in range(4):
            page.select_option(f"#seat-{seat}", "bot")
        page.click("#start")
        page.wait_for_url(re.compile(r"/play/"))
        game_id = page.url.split("/play/")[1].split("#")[0]
        options = server.api(f"/api/games/{game_id}")["options"]
        assert options["deck"] == "classic" and options["variant"] == [] and options["players"] == 4


FITS = """(sel) => {
  const style = getComputedStyle(sel);
  const pen = document.createElement('canvas').getContext('2d');
  pen.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const room = sel.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
  const right = sel.getBoundingClientRect().right;
  const text = sel.options[sel.selectedIndex].text;
  return { text, wide: pen.measureText(text).width, room, right };
}"""


def test_each_choice_reads_whole_in_its_closed_menu_on_a_phone(server: Server, pages: Pages) -> None:
    """Wallenstein's menus were cut at 390 px ("Länder verteilen: jeder nimmt Länderkart…", "Standard
    tower: a fast model fit…"); the whole label stood only under the field. Every choice of every
    game's menus, in both languages, now fits its closed menu (the menu names it; what it means
    stands under the menu, at every width)."""
    cut: list[tuple[str, str, str, str]] = []
    for lang in ("en", "de"):
        page = pages.new(**PHONE)
        page.add_init_script(f"localStorage.setItem('feldherr:lang', '{lang}')")
        page.goto(server.url + "/")
        page.wait_for_selector("#start")
        for game in ("wallenstein", "elgrande", "mansfeld"):
            page.select_option("#game", game)
            page.click("#advanced summary")
            menus = page.locator("#new-game select[id^='opt-']")
            for m in range(menus.count()):
                menu = menus.nth(m)
                name = menu.get_attribute("id") or ""
                for value in menu.locator("option").evaluate_all("(os) => os.map((o) => o.value)"):
                    menu.select_option(value)
                    seen = menu.evaluate(FITS)
                    if seen["wide"] > seen["room"] or seen["right"] > 390:
                        cut.append((lang, game, name, seen["text"]))
        page.select_option("#game", "wallenstein")
        shot(page, f"lobby-wallenstein-menus-{lang}")
    assert not cut, cut
    # what the chosen start means, under its menu, in the reader's language (also on a wide screen)
    wide = pages.new(viewport={"width": 1280, "height": 900})
    wide.add_init_script("localStorage.setItem('feldherr:lang', 'de')")
    wide.goto(server.url + "/")
    wide.select_option("#game", "wallenstein")
    about = wide.locator("#opt-setup-chosen")
    assert about.inner_text() == "Jeder nimmt Länderkarten mit Armeegruppen" and about.is_visible()
    wide.select_option("#opt-setup", "fixed")
    assert wide.locator("#opt-setup option:checked").inner_text() == "Feste Startaufstellung"
    assert about.inner_text() == "Die in der Regel gedruckten Aufstellungen"


def test_the_seats_are_named_by_the_colours_they_play(server: Server, pages: Pages) -> None:
    """Each seat of the new-game form shows the colour it plays in the game, as the table names it
    ("● Red"), and its menu is labelled by it: the menus were "Seat 1" … "Seat 4" to a screen
    reader (a seat's number, which the game never shows), the rows "1." … "4."."""
    for lang, wallenstein, elgrande in (
        ("en", ["Red", "Blue", "Yellow", "Purple"], ["Red", "Blue", "Yellow", "Green"]),
        ("de", ["Rot", "Blau", "Gelb", "Lila"], ["Rot", "Blau", "Gelb", "Grün"]),
    ):
        page = pages.new(**PHONE)
        page.add_init_script(f"localStorage.setItem('feldherr:lang', '{lang}')")
        page.goto(server.url + "/")
        for game, colours in (("wallenstein", wallenstein), ("elgrande", elgrande)):
            page.select_option("#game", game)
            page.wait_for_function(
                "(first) => document.querySelector('.seat-row .seat-no')?.textContent === first",
                arg=colours[0],
            )
            assert page.locator(".seat-row .seat-no").all_inner_texts() == colours
            labels = page.locator(".seat-row select[id^='seat-']").evaluate_all(
                "els => els.map((e) => e.getAttribute('aria-label'))"
            )
            who = "who plays" if lang == "en" else "wer spielt"
            assert labels == [f"{c}: {who}" for c in colours]
            assert not any(re.search(r"\d", label) for label in labels)
        shot(page, f"lobby-seat-colours-{lang}")
