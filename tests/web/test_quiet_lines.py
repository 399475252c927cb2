"""Lines that say nothing are left out of what a player reads, not out of the log: a Wallenstein
game with the military leaders ended with a line per player such as "Yellow scores 0 victory points
for 0 statues on the board and 0 trophies" (German "0 Siegpunkte für 0 Denkmäler …"), in the log and
in the final scoring's lines; the record and the log's data keep them. Mansfeld's players' table
showed a score of "0" for everyone, round after round, until the first province was conquered."""

from __future__ import annotations

import json
from typing import Any

import pytest

from feldherr.wallenstein.text import render_log

from .conftest import Pages, Server, shot
from .test_boards import RENDER, seat_update

NAMES = ["Anna", "Ben", "Clara"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_leaders_scoring_of_nothing_is_not_shown(server: Server, pages: Pages, lang: str) -> None:
    seats = [{"kind": "bot", "bot": "random", "name": name} for name in NAMES]
    game = server.create("wallenstein", {"players": 3, "modules": ["leaders"]}, seats, seed=3)
    info = server.wait_status(game["id"], "finished", timeout=180)
    last = server.api(f"/api/games/{game['id']}/replay?at={info['version']}&lang={lang}")
    lines = [item for item in last["log"] if item["entry"]["k"] == "leader_score"]
    assert len(lines) == 3, lines
    # Ben's leader is made to have left no statue and taken none (random bots' leaders seldom do):
    # the server's own words for that line, as it sends them
    nothing = {"p": 1, "statues": 0, "trophies": 0, "vp": 0}
    said = render_log({"k": "leader_score", "a": nothing}, lang, NAMES)
    assert said.startswith("Ben") and ("0 victory points" in said or "0 Siegpunkte" in said), said

    def ben_scores_nothing(route: Any) -> None:
        body = route.fetch().json()
        for item in body.get("log", []):
            if item["entry"]["k"] == "leader_score" and item["entry"]["a"]["p"] == 1:
                item["entry"]["a"] = dict(nothing)
                item["text"] = said
                item["table"]["rows"] = [[NAMES[1], 0, 0, 0]]
        route.fulfill(status=200, content_type="application/json", body=json.dumps(body))

    page = pages.new()
    page.add_init_script(f"localStorage.setItem('feldherr:lang', '{lang}')")
    page.route("**/api/games/*/replay*", ben_scores_nothing)
    page.goto(f"{server.url}/replay/{game['id']}")
    page.click("#last")  # the end of the game: the final scoring's lines under the scores
    final = page.locator("#scoring-lines")
    final.wait_for()
    others = [item["text"] for item in lines if item["entry"]["a"]["p"] != 1]
    for where in (final, page.locator("#log ol")):
        text = where.inner_text()
        assert all(line in text for line in others), (others, text)  # the players who scored are there
        assert said not in text, text  # Ben's line of nothing is not
    shot(page, f"quiet-leaders-{lang}")
    page.unroute_all(behavior="ignoreErrors")  # a request still under way when the page closes


def test_mansfeld_shows_no_scores_before_anyone_scored(server: Server, pages: Pages) -> None:
    update = seat_update("mansfeld", {"players": 3}, "dice")
    assert [p["score"] for p in update["view"]["players"]] == [0, 0, 0]
    page = pages.new(viewport={"width": 1280, "height": 900})
    page.goto(server.url + "/")  # the lobby, then its screen is replaced by the board
    page.wait_for_selector("#start")
    page.evaluate(RENDER, ["mansfeld", update])
    cells = page.locator("#players td.score")
    cells.first.wait_for()
    assert cells.all_inner_texts() == ["–", "–", "–"]
    shot(page, "mansfeld-no-scores-yet")
    update["view"]["players"][1]["score"] = 8  # a province conquered: every score counts, 0 too
    page.evaluate(RENDER, ["mansfeld", update])
    page.locator("#players td.score", has_text="8").wait_for()
    assert page.locator("#players td.score").all_inner_texts() == ["0", "8", "0"]
