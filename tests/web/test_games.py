"""Each real game in the browser through the UI only: one browser seat against bots to the end of
the game (Ernst von Mansfeld with 4 players, El Grande with 2 and the dummy, Wallenstein with 4),
and a hot-seat Mansfeld game of two on one device. Every update is read by the text scan
(``drive.Scan``) while the page turns between English and German, desktop and phone width; the
ending is read in all four. A game whose engine does not count its decisions in ``version``
cannot be served live and is skipped with that reason."""

from __future__ import annotations

import random
from typing import Any

import pytest

from feldherr.core.match import Match
from feldherr.games import get_game

from .conftest import Pages, Server, shot
from .drive import Scan, play_to_end, scan_every_look, set_look

GAMES = [
    ("mansfeld", {"players": 4}, "#characters", 600),
    ("elgrande", {"players": 2}, "#map .region", 800),
    ("wallenstein", {"players": 4}, "#map .county", 1500),
]


def counts_versions(name: str, options: dict[str, Any]) -> bool:
    game = get_game(name)
    match = Match(game, options, 1)
    seat = match.to_move()[0]
    move = match.seat_access(seat).legal_moves()[0]
    match.submit(seat, game.move_to_json(move))
    return match.version == 1


@pytest.mark.slow
@pytest.mark.parametrize(("name", "options", "board", "limit"), GAMES, ids=[g[0] for g in GAMES])
def test_one_browser_seat_against_bots_to_the_end(
    server: Server, pages: Pages, name: str, options: dict[str, Any], board: str, limit: int
) -> None:
    assert counts_versions(name, options)
    seats = [{"kind": "human", "name": "Anna"}] + [
        {"kind": "bot", "bot": "random", "name": f"Bot {i}"} for i in range(1, options["players"])
    ]
    game = server.create(name, options, seats, seed=11)
    page = pages.new(viewport={"width": 1280, "height": 900})
    page.goto(game["seats"][0]["invite"])
    page.wait_for_selector(board)
    scan = Scan()
    shots = {10: "mid", 50: "mid-de-phone"}  # the look turns to German at 390 px at step 40

    def pictures(step: int) -> None:
        if step in shots:
            shot(page, f"{name}-{shots[step]}")

    # Wallenstein's long game is read at every third update (its page is the largest): CI time
    play_to_end(
        page, random.Random(5), scan, limit, on_step=pictures, stride=3 if name == "wallenstein" else 1
    )
    page.wait_for_selector("#final-scoring")
    set_look(page, "en", 1280, 900)
    page.wait_for_selector("#plot-score polyline", state="attached")
    if name == "wallenstein":
        page.wait_for_selector("#plot-money polyline", state="attached")
        assert page.locator("#plot-battles rect").count() == 2 * options["players"]
    # The final scoring: places 1., 2., … in the first column, the players by name in the second.
    places = page.locator("#final-scoring tbody td.rank").all_inner_texts()
    assert places[0] == "1." and all(p.endswith(".") for p in places)
    assert "Anna" in " ".join(page.locator("#final-scoring tbody th").all_inner_texts())
    shot(page, f"{name}-ending")
    scan_every_look(page, scan, "ending", "#final-scoring")
    shot(page, f"{name}-ending-de-desktop")
    assert scan.reads > 20
    scan.check()


@pytest.mark.slow
def test_hot_seat_real_game_hands_over_before_every_secret_step(server: Server, pages: Pages) -> None:
    """Ernst von Mansfeld with two hot seats: the dice and the commitments are secret and
    simultaneous, so the device goes round with a hand-over screen before each seat's page."""
    options = {"players": 2}
    assert counts_versions("mansfeld", options)
    seats = [{"kind": "hotseat", "name": "Anna"}, {"kind": "hotseat", "name": "Bert"}]
    game = server.create("mansfeld", options, seats, seed=5)
    tokens = ",".join(game["hotseat_tokens"])
    page = pages.new(viewport={"width": 390, "height": 844})
    page.goto(server.url + f"/play/{game['id']}#tokens={tokens}")
    scan = Scan()
    handovers = play_to_end(page, random.Random(3), scan, 800)
    assert handovers >= 4
    set_look(page, "en", 390, 844)  # the picture at phone width (the scan turned the look round)
    page.wait_for_selector("#final-scoring")
    shot(page, "mansfeld-hotseat-ending")
    scan.check()
