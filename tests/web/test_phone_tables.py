"""The players' table (#players) on a 390 px phone, where a Board Game Arena player reads it: it
fits the screen whole (neither the page nor the table scrolls sideways) and stays readable, each
player a card with every value under its column's word from the catalogue, in German and English.
El Grande with 2 and 5 players (five seats made its table the widest); Wallenstein and Mansfeld the
same way."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import Pages, Server, shot
from .drive import set_look

BOT = {"kind": "bot", "bot": "random", "name": "random"}

#: The column words of each game's players' table, as the catalogues (i18n.js) write them.
HEADS = {
    "elgrande": {
        "en": ["score", "court", "province", "played", "Castillo"],
        "de": ["Punkte", "Hof", "Provinz", "gespielt", "Castillo"],
    },
    "wallenstein": {
        "en": ["Thaler", "grain", "points", "supply", "cards"],
        "de": ["Taler", "Getreide", "Siegpunkte", "Vorrat", "Karten"],
    },
    "mansfeld": {
        "en": ["score", "cards", "used", "dice", "luck", "commitments"],
        "de": ["Punkte", "Karten", "verbraucht", "Würfel", "Kriegsglück", "Einsätze"],
    },
}

#: What sticks out of the screen: the page's width, the table's own scrolling, every element of
#: the page wider than the screen (the Wallenstein map's frame moves sideways on purpose and is
#: left out, its frame itself must fit), and per row of the table the words over its values.
MEASURE = """() => {
  const W = window.innerWidth;
  const table = document.querySelector('#players');
  const name = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
    + (typeof e.className === 'string' && e.className ? '.' + e.className.trim().replace(/\\s+/g, '.') : '');
  const box = (e) => e.getBoundingClientRect();
  const out = (r) => r.width > 0 && (r.right > W + 1 || r.left < -1);
  const wide = [...document.querySelectorAll('body *')]
    .filter((e) => !e.parentElement.closest('#map-frame') && out(box(e)))
    .map((e) => `${name(e)} ${Math.round(box(e).left)}..${Math.round(box(e).right)}`);
  const label = (td) => {
    const text = getComputedStyle(td, '::before').content;
    return text === 'none' || text === 'normal' ? null : text.replace(/^"|"$/g, '');
  };
  const rows = [...table.querySelectorAll('tbody tr')].map((tr) => ({
    cells: [...tr.querySelectorAll(':scope > td')].filter((td) => getComputedStyle(td).display !== 'none')
      .map((td) => [td.dataset.label, label(td)]),
    height: tr.getBoundingClientRect().height,
  }));
  const cells = [...table.querySelectorAll('tbody td')];
  const px = (pseudo) => Math.min(...cells.map((e) => parseFloat(getComputedStyle(e, pseudo).fontSize)));
  return {
    page: document.documentElement.scrollWidth, inner: W,
    table: [table.scrollWidth, table.clientWidth, Math.round(table.getBoundingClientRect().right)],
    wide: wide.slice(0, 12), rows,
    heads: [...table.querySelectorAll('thead th')].slice(1).map((th) => th.textContent),
    textPx: px(null), labelPx: px('::before'),
  };
}"""


def _fits_and_reads(page: Any, game: str, lang: str, players: int) -> dict[str, Any]:
    page.wait_for_timeout(150)  # the page drawn anew in this look
    seen: dict[str, Any] = page.evaluate(MEASURE)
    where = (game, players, lang)
    assert seen["page"] <= 390, (where, seen["page"], seen["wide"])
    assert seen["table"][0] <= seen["table"][1] and seen["table"][2] <= 390, (where, seen["table"])
    assert seen["wide"] == [], (where, seen["wide"])
    # Each value says its column: the column's word from the catalogue, shown over it.
    assert seen["heads"] == HEADS[game][lang], where
    assert len(seen["rows"]) == players, where
    for row in seen["rows"]:
        assert row["cells"], where
        for data_label, shown in row["cells"]:
            assert data_label in HEADS[game][lang] and shown == data_label, (where, row)
    # ... readable: no text smaller than on the printed game's cards (11 px)
    assert seen["textPx"] >= 12 and seen["labelPx"] >= 11, (where, seen["textPx"], seen["labelPx"])
    return seen


def _open(server: Server, pages: Pages, game: str, options: dict[str, Any], players: int, lang: str) -> Any:
    seats = [{"kind": "human", "name": "Anna"}] + [BOT] * (players - 1)
    made = server.create(game, options, seats, seed=3)
    page = pages.new(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page.add_init_script(f"localStorage.setItem('feldherr:lang', '{lang}')")
    page.goto(made["seats"][0]["invite"])
    page.wait_for_selector("#players tbody tr")
    page.wait_for_selector("#choices button:not([disabled])")
    return page


@pytest.mark.parametrize("players", [5, 2])
def test_elgrande_players_table_fits_a_phone_in_both_languages(
    server: Server, pages: Pages, players: int
) -> None:
    """El Grande's table of players, scores, Caballeros and power cards at 390 px: before, five
    English columns (and the German ones with five seats) ran up to 30 px past the screen and the
    table scrolled sideways in its box. Now each player is a card: the name, the four numbers each
    under its word, the power card played with the cards left in hand beside them."""
    page = _open(server, pages, "elgrande", {"players": players}, players, "en")
    # the first power cards played: the widest cell (the card and the hand left under it) is filled
    rows = players + (players == 2)  # two seats: and the neutral third
    for _ in range(4):
        if page.locator("#players .power-card").count() == rows:
            break
        page.click("#choices button:not([disabled]) >> nth=0")
        page.wait_for_selector("#choices button:not([disabled])")
    assert page.locator("#players .power-card").count() == rows
    assert page.locator("#players .hand-left").count() == players
    en = _fits_and_reads(page, "elgrande", "en", rows)
    shot(page, f"phone-table-elgrande{players}-en")
    # a player's card stays short: at most the height of the power card, its word and the hand left
    assert max(r["height"] for r in en["rows"]) < 130, en["rows"]
    set_look(page, "de", 390, 844)
    page.wait_for_function(
        "document.querySelector('#players thead th:nth-child(2)')?.textContent === 'Punkte'"
    )
    _fits_and_reads(page, "elgrande", "de", rows)
    shot(page, f"phone-table-elgrande{players}-de")
    # a wide screen keeps the table as a table, with its column heads
    set_look(page, "de", 1280, 900)
    assert page.locator("#players thead").is_visible()
    row = page.evaluate("getComputedStyle(document.querySelector('#players tbody tr')).display")
    assert row == "table-row"


@pytest.mark.parametrize(
    ("game", "options", "players"),
    [("wallenstein", {"players": 5}, 5), ("mansfeld", {"players": 4}, 4)],
)
def test_other_games_players_table_fits_a_phone(
    server: Server, pages: Pages, game: str, options: dict[str, Any], players: int
) -> None:
    """Wallenstein's (German: 90 px too wide, scrolled in its box) and Mansfeld's players' tables
    (130 px) the same way: each player a card, nothing wider than the phone."""
    page = _open(server, pages, game, options, players, "de")
    _fits_and_reads(page, game, "de", players)
    shot(page, f"phone-table-{game}-de")
    set_look(page, "en", 390, 844)
    page.wait_for_function(
        f"document.querySelector('#players thead th:last-child')?.textContent === {HEADS[game]['en'][-1]!r}"
    )
    _fits_and_reads(page, game, "en", players)
    shot(page, f"phone-table-{game}-en")


#: The widest scoring tables a Wallenstein log shows under a line (a player's winter score, a
#: leader's, the final result), as the game's catalogue writes them.
WALLENSTEIN_LOG_TABLES = [
    {"k": "score", "a": {"p": 4, "base": 12, "majorities": 5, "total": 17}},
    {"k": "leader_score", "a": {"p": 3, "statues": 2, "trophies": 3, "vp": 14}},
    {"k": "game_over", "a": {"vp": [30, 41, 22, 41, 17], "money": [3, 5, 8, 1, 0]}},
]


def test_wallenstein_scoring_tables_in_the_log_fit_a_phone(server: Server, pages: Pages) -> None:
    """A winter scoring's table under its log line ("Spieler · Länder und Gebäude · Mehrheiten ·
    Siegpunkte jetzt") ran 40 px past its box on a 390 px phone and scrolled in it; now each one
    fits the log whole, in both languages, with no word broken. So too in the log's column beside
    the board on a wide screen, no wider than a phone's log ("Siegpun|" cut at its edge)."""
    from feldherr.wallenstein.text import log_table

    page = _open(server, pages, "wallenstein", {"players": 5}, 5, "de")
    for lang, width in (("de", 390), ("en", 390), ("de", 1280), ("en", 1280)):
        set_look(page, lang, width, 844)
        page.wait_for_selector("#log ol", state="attached")
        tables = [log_table(entry, lang) for entry in WALLENSTEIN_LOG_TABLES]
        seen = page.evaluate(
            """async (tables) => {
              const { logItem } = await import('/static/ending.js');
              const log = document.querySelector('#log ol');
              const items = tables.map((table) => logItem({ text: '…', table, version: 0 }));
              log.append(...items);
              const out = items.map((li) => {
                const table = li.querySelector('table'), box = table.parentElement;
                const words = [...table.querySelectorAll('th')].filter((th) => {
                  const range = document.createRange(); range.selectNodeContents(th);
                  const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
                  return th.textContent.split(' ').length < lines.size; }).map((th) => th.textContent);
                return { head: table.querySelector('th').textContent, width: table.scrollWidth,
                  box: box.clientWidth, right: table.getBoundingClientRect().right, broken: words };
              });
              items.forEach((li) => li.remove());
              return out;
            }""",
            tables,
        )
        for table in seen:
            assert table["width"] <= table["box"] and table["right"] <= width, (lang, width, table)
            assert table["broken"] == [], (lang, width, table)
