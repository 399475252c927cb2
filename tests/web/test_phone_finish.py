"""What a Board Game Arena player found playing each game to its end on a phone (390 px, a touch
screen), in German and English: the end of El Grande's scoring track, the parts of a move of
Caballeros, an empty section in Ernst von Mansfeld's conquest, a Wallenstein favor's second part."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import Pages, Server, shot

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
BOTS = [{"kind": "bot", "bot": "random"}] * 2

#: The scoring track's numbers that run into one another: [left number, right number].
CROWDED_TICKS = """() => {
  const ticks = [...document.querySelectorAll('#track .tick')]
    .map((t) => [t.textContent, t.getBoundingClientRect()]);
  const out = [];
  for (let i = 1; i < ticks.length; i++) {
    if (ticks[i][1].left < ticks[i - 1][1].right + 2) out.push([ticks[i - 1][0], ticks[i][0]]);
  }
  return out;
}"""


def _elgrande_at_scores(server: Server, pages: Pages, scores: list[int], lang: str) -> Any:
    from feldherr.games import get_game

    game = get_game("elgrande")
    position = game.position(game.new_state({"players": 3}, 1))
    for player, score in zip(position["players"], scores, strict=True):
        player["score"] = score
    seats = [{"kind": "human", "name": "Anna"}, *BOTS]
    created = server.api("/api/games", {"game": "elgrande", "position": position, "seats": seats, "seed": 3})
    page = pages.new(**PHONE)
    page.add_init_script(f"localStorage.setItem('feldherr:lang', '{lang}')")
    page.goto(created["seats"][0]["invite"])
    page.wait_for_selector("#track .tick")
    return page


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_scoring_track_numbers_stay_apart_at_a_games_end(server: Server, pages: Pages, lang: str) -> None:
    """El Grande's scoring track on a phone with scores of a game's end (156, 153, 45): its numbers
    ran into one another past 100 ("90 100110120130140150"). Every number stands apart, the track
    still reaches the leader's score, and a low score keeps its numbers every 10."""
    page = _elgrande_at_scores(server, pages, [45, 156, 153], lang)
    assert page.evaluate(CROWDED_TICKS) == []
    numbers = [int(x) for x in page.locator("#track .tick").all_text_contents()]
    assert numbers[0] == 0 and numbers[-1] >= 140, numbers
    heights = page.evaluate(
        "[...document.querySelectorAll('#track .tick')].map((t) => t.getBoundingClientRect().height)"
    )
    assert min(heights) >= 10, heights
    shot(page, f"phone-elgrande-track-end-{lang}")
    page = _elgrande_at_scores(server, pages, [45, 30, 12], lang)
    assert page.locator("#track .tick").all_text_contents() == [str(10 * k) for k in range(6)]
    assert page.evaluate(CROWDED_TICKS) == []
