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
