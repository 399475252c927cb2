"""Each game's board in the replay viewer: a bot game recorded here, imported through the lobby's
API, stepped through in the browser. This draws the boards from views at every stage of a game
whatever the state of the live seat page for that game."""

from __future__ import annotations

from typing import Any

import pytest

from feldherr.core.match import Match
from feldherr.core.play import make_bots
from feldherr.games import get_game

from .conftest import Pages, Server, shot

CASES = [
    ("wallenstein", {"players": 4}, "#map .county", 45),
    ("wallenstein", {"players": 3, "modules": ["court", "landsknechte", "leaders"]}, "#module-court", 1),
    ("elgrande", {"players": 2}, "#map .region", 10),
    ("mansfeld", {"players": 3}, "#players tbody tr", 3),
]


JUMP = """(at) => {
  const field = document.querySelector('#at');
  field.value = String(at);
  field.dispatchEvent(new Event('change'));
}"""
SHOWN = """(at) => document.querySelector('#scrub')?.value === String(at)"""
"""Whether the replay shows step ``at``: the slider is drawn anew with each step shown (JUMP sets
the move box itself, which says nothing about what is shown yet)."""


def bot_record(name: str, options: dict[str, Any], seed: int = 3) -> dict[str, Any]:
    game = get_game(name)
    match = Match(game, options, seed)
    match.run(make_bots(game, ["random"] * options["players"], seed))
    assert match.is_over()
    data: dict[str, Any] = match.finish_record().to_json()
    return data


@pytest.mark.parametrize(
    ("name", "options", "piece", "count"),
    CASES,
    ids=["wallenstein", "wallenstein-modules", "elgrande", "mansfeld"],
)
def test_board_through_a_whole_game(
    server: Server, pages: Pages, name: str, options: dict[str, Any], piece: str, count: int
) -> None:
    declared = {spec.name for spec in get_game(name).option_spec()}
    assert set(options) <= declared
    imported = server.api("/api/records", bot_record(name, options))
    page = pages.new(viewport={"width": 1280, "height": 900})
    page.goto(server.url + f"/replay/{imported['id']}")
    page.wait_for_selector(piece)
    total = int(page.locator("#scrub").get_attribute("max"))
    for label, at in (("start", 0), ("early", total // 6), ("middle", total // 2), ("end", total)):
        # set and announce the value in one step of the page's own thread: the page re-renders its
        # timeline when its other requests come in, which could replace the field between two steps
        page.evaluate(JUMP, at)
        page.wait_for_function(SHOWN, arg=at)
        page.wait_for_selector(piece)
        assert page.locator(piece).count() >= count
        if label in ("middle", "end"):
            shot(page, f"board-{name}{'-modules' if 'modules' in options else ''}-{label}")
    page.wait_for_selector("#final-scoring")


def seat_update(name: str, options: dict[str, Any], phase: str, seed: int = 1) -> dict[str, Any]:
    """A seat's update as the server sends it (view and described choices) at the first decision
    of ``phase`` in a random game."""
    import random

    from feldherr import web

    game = get_game(name)
    match = Match(game, options, seed)
    rng = random.Random(seed)
    while not match.is_over():
        seat = match.to_move()[0]
        access = match.seat_access(seat)
        if access.view["phase"] == phase:
            message = {"seat": seat, "view": access.view}
            return web.add_choices(game, match, message, "en")
        match.submit(seat, game.move_to_json(rng.choice(access.legal_moves())))
    raise AssertionError(f"no {phase} phase")


RENDER = """async ([game, update]) => {
  const boards = await import('/static/boards.js');
  const sent = [];
  const draw = () => {
    boards.onData(draw);
    const node = boards.renderBoard(game, update.view, {
      keys: boards.moveKeys(update.choices), names: ['A', 'B', 'C', 'D'], me: update.seat,
      pick: (k) => sent.push(['pick', k]), send: (c) => sent.push(['send', c.move]),
      choices: update.choices, filter: ''});
    const main = document.getElementById('app');
    main.replaceChildren(node);
  };
  draw();
  window.__sent = sent;
}"""


def test_wallenstein_planning_board_places_a_card_with_one_click(server: Server, pages: Pages) -> None:
    update = seat_update("wallenstein", {"players": 4}, "plan")
    page = pages.new(viewport={"width": 1280, "height": 900})
    page.goto(server.url + "/")  # the lobby, then its screen is replaced by the board
    page.wait_for_selector("#start")
    page.evaluate(RENDER, ["wallenstein", update])
    page.wait_for_selector("#map .county")
    asked = page.locator("#plan .box.asked")
    assert asked.count() == 1
    box = asked.get_attribute("data-box")
    buttons = asked.locator("button")
    assert buttons.count() == sum(1 for c in update["choices"] if c["move"][1] == box)
    # Legal counties are highlighted on the map; the hand's counties are among them.
    legal = {c["move"][2] for c in update["choices"] if isinstance(c["move"][2], str)}
    assert {
        page.locator(f"#map .county.legal >> nth={i}").get_attribute("data-county")
        for i in range(page.locator("#map .county.legal").count())
    } == legal
    shot(page, "wallenstein-planning")
    buttons.first.click()
    first = next(c["move"] for c in update["choices"] if c["move"][1] == box)
    assert page.evaluate("window.__sent") == [["send", first]]
    # Or by drag: a hand card dropped on the asked box.
    card = next(
        c["move"][2] for c in update["choices"] if c["move"][1] == box and isinstance(c["move"][2], str)
    )
    page.drag_and_drop(f'#hand button:has-text("{card}")', "#plan .box.asked")
    assert page.evaluate("window.__sent")[-1] == ["send", ["slot", box, card]]


def test_mansfeld_open_characters_show_cost_strength_and_ability(server: Server, pages: Pages) -> None:
    """The open characters are drawn as their cards (name, cost, strength, ability text from the
    view's ``open_cards``) in both languages; a legal one recruits with a click."""
    update = seat_update("mansfeld", {"players": 3}, "recruit", seed=2)
    view = update["view"]
    assert [c["key"] for c in view["open_cards"]] == view["open"]
    page = pages.new(viewport={"width": 1280, "height": 900})
    page.goto(server.url + "/")
    page.wait_for_selector("#start")
    page.evaluate(RENDER, ["mansfeld", update])
    page.wait_for_selector("#characters .character")
    cards = page.locator("#characters .character")
    assert cards.count() == len(view["open"])
    for i, card in enumerate(view["open_cards"]):
        text = cards.nth(i).inner_text()
        assert card["name"]["en"] in text and f"cost {card['cost']}" in text, text
        assert f"strength {card['strength']}" in text, text
        if card["text"]:
            assert card["text"]["en"] in text, text
    shot(page, "mansfeld-characters")
    legal = [c for c in view["open"] if any(c in str(ch["move"]) for ch in update["choices"])]
    if legal:
        page.click(f'#characters .character[data-card="{legal[0]}"]')
        assert page.evaluate("window.__sent") == [["pick", legal[0]]]
    # German: the same cards with the German names and words.
    page.evaluate("async () => (await import('/static/i18n.js')).setLang('de')")
    page.evaluate(RENDER, ["mansfeld", update])
    first = view["open_cards"][0]
    page.wait_for_selector(f'#characters .character:has-text("Kosten {first["cost"]}")')
    assert first["name"]["de"] in cards.first.inner_text()


def test_elgrande_action_cards_by_their_printed_names(server: Server, pages: Pages) -> None:
    """The open action cards carry the names printed on them (the game's ``card.<id>`` terms)."""
    from feldherr.elgrande import data

    update = seat_update("elgrande", {"players": 3}, "power")
    page = pages.new(viewport={"width": 1280, "height": 900})
    page.goto(server.url + "/")
    page.wait_for_selector("#start")
    page.evaluate(RENDER, ["elgrande", update])
    open_cards = [c for c in update["view"]["open_cards"] if c]
    assert open_cards
    first = open_cards[0]
    name = data.CARD_EN[data.CARD_INDEX[first]]
    # The names arrive with the game's terms (one fetch); has-text would also match the id's words.
    page.wait_for_function(
        '([id, name]) => document.querySelector(`#stacks .card[data-card="${id}"]`)?.textContent === name',
        arg=[first, name],
    )
    for card in open_cards:
        assert (
            page.locator(f'#stacks .card[data-card="{card}"]').first.inner_text()
            == data.CARD_EN[data.CARD_INDEX[card]]
        )


def test_elgrande_machtverschiebung_before_the_first_round_says_what_goes_on(
    server: Server, pages: Pages
) -> None:
    """Machtverschiebung's modifiers are passed before the first round's action cards are turned up:
    the stacks say so, not "taken this round" (no card had been taken); the modifiers in the hand
    say what they do, and the step's help line says what to choose (it read "decide on the
    expansion's special step, or pass", and "Anna und Bert entscheidet" for those waited on)."""
    update = seat_update("elgrande", {"players": 3, "variant": ["machtverschiebung"]}, "modpass")
    assert update["view"]["open_cards"] == [None] * 5
    page = pages.new(viewport={"width": 390, "height": 844})
    page.goto(server.url + "/")
    page.wait_for_selector("#start")
    page.evaluate(RENDER, ["elgrande", update])
    empty = page.locator("#stacks .acard.empty .text")
    assert empty.all_inner_texts() == ["turned up when the round begins"] * 5
    # each modifier in the hand says what it does (it showed a bare "+2"), its ability where it has one
    tips = page.locator("#modifiers .modifier").evaluate_all("els => els.map((e) => e.dataset.tip)")
    mods = next(p for p in update["view"]["players"] if p["seat"] == update["seat"])["modifiers"]
    assert len(tips) == len(mods) == 3
    for tip, mod in zip(tips, mods, strict=True):
        assert tip.startswith("Played with a power card, it changes the card's value by "), tip
        assert ("Ability: " in tip) == bool(mod["ability"]), (tip, mod)
    # the help line of the step, for the player and for those waiting on several others
    words = page.evaluate(
        """async () => {
          const w = await import('/static/words-table.js');
          const i18n = await import('/static/i18n.js');
          const help = (who) => w.phaseHelp('elgrande', 'modpass', who);
          const out = [help(null), help(['Anna', 'Bert'])];
          i18n.setLang('de');
          out.push(help(['Anna', 'Bert']), help(['Anna']));
          i18n.setLang('en');
          return out;
        }"""
    )
    assert words == [
        "Choose the modifier you pass to the player on your left; everyone chooses at the same time.",
        "Anna and Bert are still choosing the modifiers to pass to the left.",
        "Anna und Bert wählen noch die Modifikatoren, die nach links weitergehen.",
        "Anna wählt noch den Modifikator, der nach links weitergeht.",
    ], words
    later = seat_update("elgrande", {"players": 3, "variant": ["machtverschiebung"]}, "act")
    page.evaluate(RENDER, ["elgrande", later])
    assert "taken this round" in empty.all_inner_texts()
    # the modifiers played this round, in the players' table, say what they are too
    played = [p["modifier_played"] for p in later["view"]["players"] if p.get("modifier_played") is not None]
    shown = page.locator(".modifier-played").evaluate_all("els => els.map((e) => e.dataset.tip)")
    assert played and len(shown) == len(played), (played, shown)
    assert all(tip.startswith("Played with a power card") for tip in shown), shown


#: The lines a players' table's name cell takes: the distinct tops of its text's boxes.
NAME_LINES = """async () => {
  const { h, playersTable } = await import('/static/dom.js');
  const chips = Array.from({ length: 14 }, (_, i) => h('span', { class: 'chip' }, `Kürassier ${i}`, ' '));
  const name = h('th', { style: '--seat:red', scope: 'row' }, h('span', { class: 'dot' }), 'Anna', ' · du');
  const row = h('tr', {}, name, h('td', {}, '0'), h('td', {}, chips));
  document.getElementById('app').replaceChildren(playersTable(['Punkte', 'Verbraucht'], [row]));
  const th = document.querySelector('#players tbody th');
  const dot = th.querySelector('.dot').getBoundingClientRect();
  const tops = [...th.childNodes].filter((n) => n.nodeType === 3).flatMap((n) => {
    const range = document.createRange(); range.selectNodeContents(n);
    return [...range.getClientRects()].map((r) => r.top);
  });
  // one line: every piece of the text and the chip beside it share their line's height
  const lines = new Set(tops.map((top) => Math.round(top)));
  if (tops.some((top) => top > dot.bottom)) lines.add('under the chip');
  return lines.size;
}"""


def test_a_players_name_stays_on_one_line_beside_a_long_column(server: Server, pages: Pages) -> None:
    """Mansfeld's players' table at the end of a game: a long column of used characters beside the
    names broke "● Anna · du" into three lines at 1280 px; the name stays on one line there, and on
    a phone (each player a card) it may wrap again."""
    page = pages.new(viewport={"width": 1280, "height": 900})
    page.goto(server.url)
    page.wait_for_selector("#new-game")
    assert page.evaluate(NAME_LINES) == 1


@pytest.mark.parametrize(
    ("lang", "title", "tips"),
    [
        ("en", "the 10 (power card)", "1 Caballero from the province to the court"),
        ("de", "Machtkarte 10", "1 Caballero aus der Provinz an den Hof"),
    ],
)
def test_elgrande_power_card_tip_counts_its_caballeros(
    server: Server, pages: Pages, lang: str, title: str, tips: str
) -> None:
    """A power card's tooltip names the one card ("power cards 10" was its title) and counts its
    Caballeros in words ("power card 10: 1 Caballeros", "0 Caballeros" on the 12 and 13)."""
    update = seat_update("elgrande", {"players": 3}, "power")
    page = pages.new(viewport={"width": 1280, "height": 900})
    page.add_init_script(f"localStorage.setItem('feldherr:lang', '{lang}')")
    page.goto(server.url + "/")
    page.wait_for_selector("#start")
    page.evaluate(RENDER, ["elgrande", update])
    card = page.locator("#hand .power-card", has=page.locator("strong", has_text="10")).first
    page.wait_for_function(  # (the counts come with the board's printed data)
        "() => [...document.querySelectorAll('#hand .power-card')]"
        ".every((c) => c.dataset.tip.includes('Caballero'))"
    )
    assert card.get_attribute("data-tip-title") == title
    assert card.get_attribute("data-tip") == tips


@pytest.mark.parametrize(
    ("lang", "held", "neutral"),
    [
        ("en", "{who}: {n} armies", "Altmark (Brandenburg) — neutral"),
        ("de", "{who}: {n} Armeen", "Altmark (Brandenburg) — neutral"),
    ],
)
def test_wallenstein_county_tip_reads_as_words(
    server: Server, pages: Pages, lang: str, held: str, neutral: str
) -> None:
    """A county's tooltip (and its label for a screen reader) read like a form's fields: "Lüneburg
    (Brandenburg) — armies: 4, unrest: 0, Yellow"; now "Lüneburg (Brandenburg) — Yellow: 4
    armies", a revolt marker only where there is one, a county nobody holds "neutral"."""
    update = seat_update("wallenstein", {"players": 3, "setup": "fixed"}, "plan")
    counties = update["view"]["counties"]
    assert counties["Altmark"]["owner"] == -1 and not counties["Altmark"]["revolt_markers"]
    lune = counties["Lüneburg"]
    assert lune["owner"] >= 0 and lune["armies"] > 1 and not lune["revolt_markers"] and not lune["buildings"]
    page = pages.new(viewport={"width": 1280, "height": 900})
    page.add_init_script(f"localStorage.setItem('feldherr:lang', '{lang}')")
    page.goto(server.url + "/")
    page.wait_for_selector("#start")
    page.evaluate(RENDER, ["wallenstein", update])
    tip = page.locator('#map .county[data-county="Lüneburg"]').get_attribute("data-tip")
    who = ["A", "B", "C"][lune["owner"]]
    assert tip == "Lüneburg (Brandenburg) — " + held.format(who=who, n=lune["armies"])
    assert page.locator('#map .county[data-county="Altmark"]').get_attribute("data-tip") == neutral
