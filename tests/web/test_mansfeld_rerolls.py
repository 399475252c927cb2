"""Ernst von Mansfeld's dice thrown again, each as its own step on the board: a tie's luck dice
("so werfen die Beteiligten so lange ihren Kriegsglück-Würfel erneut") and a recruit roll thrown
again by a character's ability. Render-only: the log entries are the game's, the board draws the
dice as first thrown, then each throw again one step later at the pace setting."""

from __future__ import annotations

from typing import Any

import pytest

from feldherr.core.bots import RandomBot
from feldherr.core.match import Match
from feldherr.games import get_game

from .conftest import Pages, Server, shot
from .drive import text_problems

BOARD = """async ([view, prev, fresh]) => {
  const { renderBoard } = await import('/static/boards.js');
  const { rerollHold } = await import('/static/board-mansfeld.js');
  const draw = () => {
    const ctx = { keys: new Set(), names: ['Anna', 'Ben'], me: null, pick() {}, choices: [], send() {},
      filter: '', stage: null, prev, fresh };
    document.getElementById('app').replaceChildren(renderBoard('mansfeld', view, ctx));
  };
  draw();
  await new Promise((r) => setTimeout(r, 300));
  draw(); // the printed data and the terms have come: drawn again, the steps' clock goes on
  return rerollHold(fresh, prev);
}"""


def _moment(server: Server, kind: str) -> tuple[Any, Any, list[Any]]:
    """A recorded bot game with a move that threw dice again (``tie.reroll``, or two rolls of one
    seat): the spectator's view before and after that move and the move's log items."""
    game = get_game("mansfeld")
    for seed in range(1, 400):
        match = Match(game, {"players": 2}, seed)
        match.run([RandomBot(seed * 7 + s) for s in range(2)])
        log = match.log_since(None)
        if kind == "tie":
            hits = [i["version"] for i in log if i["entry"]["k"] == "tie.reroll"]
        else:
            seen: dict[tuple[int, int], int] = {}
            for item in log:
                if item["entry"]["k"] in ("roll", "miss"):
                    key = (item["version"], item["entry"]["a"]["seat"])
                    seen[key] = seen.get(key, 0) + 1
            hits = [version for (version, _), n in seen.items() if n > 1]
        if hits:
            break
    else:
        pytest.fail(f"no Mansfeld game with a {kind} re-roll")
    record = match.finish_record().to_json()
    made = server.api("/api/records", record)
    at = hits[0]
    before = server.api(f"/api/games/{made['id']}/replay?at={at - 1}")
    after = server.api(f"/api/games/{made['id']}/replay?at={at}&lang=de")
    fresh = [item for item in after["log"] if item["version"] == at]
    return after["view"], before["view"], fresh


def test_a_ties_luck_dice_thrown_again_are_steps(server: Server, pages: Pages) -> None:
    view, prev, fresh = _moment(server, "tie")
    page = pages.new(pace="slow", viewport={"width": 1280, "height": 900})
    page.goto(server.url + "/")
    page.wait_for_selector("#start")
    hold = page.evaluate(BOARD, [view, prev, fresh])
    ties = [i for i in fresh if i["entry"]["k"] == "tie.reroll"]
    steps = page.locator("#rerolls .reroll-step")
    assert steps.count() == 1 + len(ties)
    assert hold >= 2000 * len(ties)  # the next move waits until every throw was seen
    # the first step: each tied seat's luck die as thrown for the province; then the throws again
    tied = sorted(int(s) for s in ties[0]["entry"]["a"]["luck"])
    luck = {p["seat"]: p["luck"] for p in prev["players"]}
    first = steps.nth(0).locator(".die-svg")
    assert [int(first.nth(k).get_attribute("data-value")) for k in range(len(tied))] == [
        luck[s] for s in tied
    ]
    again = steps.nth(1).locator(".die-svg")
    thrown = ties[0]["entry"]["a"]["luck"]
    assert [int(again.nth(k).get_attribute("data-value")) for k in range(len(tied))] == [
        thrown[str(s)] for s in tied
    ]
    # at the slow pace the throw again comes about two seconds after the first (its own step)
    delay = steps.nth(1).evaluate("n => parseFloat(getComputedStyle(n).animationDelay)")
    assert 1.0 < delay <= 2.0
    opacity = lambda: float(steps.nth(1).evaluate("n => getComputedStyle(n).opacity"))  # noqa: E731
    assert opacity() < 0.5
    shot(page, "mansfeld-reroll-luck")
    second = "document.querySelectorAll('#rerolls .reroll-step')[1]"
    page.wait_for_function(f"() => parseFloat(getComputedStyle({second}).opacity) > 0.99", timeout=5000)
    assert text_problems(page.locator("#rerolls").inner_text(), "en") == []


def test_a_recruit_roll_thrown_again_is_a_step_and_instant_shows_all(server: Server, pages: Pages) -> None:
    view, prev, fresh = _moment(server, "roll")
    page = pages.new(pace="instant", viewport={"width": 390, "height": 844})
    page.goto(server.url + "/")
    page.wait_for_selector("#start")
    page.click("#lang")  # German
    hold = page.evaluate(BOARD, [view, prev, fresh])
    assert hold == 0  # "at once": nothing held, every throw shown at once
    rolls = [i["entry"]["a"]["dice"] for i in fresh if i["entry"]["k"] in ("roll", "miss")]
    steps = page.locator("#rerolls .reroll-step")
    assert steps.count() >= 2
    shown = [
        [int(v) for v in steps.nth(i).locator(".die-svg").evaluate_all("ns => ns.map(n => n.dataset.value)")]
        for i in range(steps.count())
    ]
    assert shown == rolls[: len(shown)]
    text = page.locator("#rerolls").inner_text()
    assert "erneut geworfen" in text and text_problems(text, "de") == []
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
