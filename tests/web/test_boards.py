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
    ("elgrande", {"players": 2}, "#map .region", 10),
    ("mansfeld", {"players": 3}, "#players tbody tr", 3),
]


def bot_record(name: str, options: dict[str, Any], seed: int = 3) -> dict[str, Any]:
    game = get_game(name)
    match = Match(game, options, seed)
    match.run(make_bots(game, ["random"] * options["players"], seed))
    assert match.is_over()
    data: dict[str, Any] = match.finish_record().to_json()
    return data


@pytest.mark.parametrize(("name", "options", "piece", "count"), CASES, ids=[c[0] for c in CASES])
def test_board_through_a_whole_game(server: Server, pages: Pages, name: str, options: dict[str, Any], piece: str, count: int) -> None:
    imported = server.api("/api/records", bot_record(name, options))
    page = pages.new(viewport={"width": 1280, "height": 900})
    page.goto(server.url + f"/replay/{imported['id']}")
    page.wait_for_selector(piece)
    total = int(page.locator("#scrub").get_attribute("max"))
    for label, at in (("start", 0), ("early", total // 6), ("middle", total // 2), ("end", total)):
        page.fill("#at", str(at))
        page.dispatch_event("#at", "change")
        page.wait_for_function(f"document.querySelector('#at').value === '{at}'")
        page.wait_for_selector(piece)
        assert page.locator(piece).count() >= count
        if label in ("middle", "end"):
            shot(page, f"board-{name}-{label}")
    page.wait_for_selector("#final-scoring")
