"""The core contract, checked the same way for the toy game and every real game in this build.

Random games are played; along the way every checked position must round-trip through JSON to the
same digest, clones must be independent, bad moves must be rejected without changing anything, and
all text (log in German and English, move descriptions) must render.
"""

from __future__ import annotations

import json

import pytest
from gamelist import TOY, real_games

from feldherr.core.bots import SeatAccess
from feldherr.core.errors import MalformedMoveError, RuleError
from feldherr.core.game import State
from feldherr.core.play import make_bots
from feldherr.core.testing import check_conformance, find_cycle, import_graph
from feldherr.games import get_game

GAMES = [TOY, *real_games()]
FULL_CHECKS = 150  # positions checked completely per game; later ones are sampled
SAMPLE_EVERY = 40


def check_position(name: str, state: State) -> None:
    game = get_game(name)
    data = json.loads(json.dumps(state.to_json()))
    copy = game.state_from_json(data)
    assert copy.digest() == state.digest(), "JSON round trip changed the state"
    assert copy.to_move() == state.to_move()
    for seat in state.to_move():
        moves = state.legal_moves(seat)
        assert copy.legal_moves(seat) == moves
        for move in moves[:20]:
            assert game.move_from_json(json.loads(json.dumps(game.move_to_json(move)))) == move
            for lang in ("en", "de"):
                assert isinstance(game.describe_move(state.view(seat), move, lang), str)
    for seat in [None, *range(state.num_players)]:
        view = json.loads(json.dumps(state.view(seat)))
        for lang in ("en", "de"):
            assert isinstance(game.render_view(view, lang), str)


def check_rejections(state: State) -> None:
    before = state.digest()
    movers = state.to_move()
    with pytest.raises(RuleError):
        state.apply(movers[0], ("no-such-move-kind",))
    idle = [s for s in range(state.num_players) if s not in movers]
    if idle:
        moves = state.legal_moves(movers[0])
        with pytest.raises(RuleError):
            state.apply(idle[0], moves[0] if moves else ("no-such-move-kind",))
    assert state.digest() == before, "a rejected move changed the state"


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_contract_over_random_games(name: str) -> None:
    game = get_game(name)
    players = game.min_players
    for seed in (1, 2):
        opts = game.normalize_options({"players": players})
        state = game.new_state(opts, seed)
        bots = make_bots(game, ["random"] * players, seed)
        decisions = 0
        while not state.is_terminal():
            if decisions < FULL_CHECKS or decisions % SAMPLE_EVERY == 0:
                check_position(name, state)
                check_rejections(state)
                clone = state.clone()
                seat = clone.to_move()[0]
                before = state.digest()
                clone.apply(seat, bots[seat].choose(SeatAccess(clone, seat)))
                assert state.digest() == before, "applying to a clone changed the original"
            for seat in state.to_move():
                state.apply(seat, bots[seat].choose(SeatAccess(state, seat)))
                decisions += 1
        outcome = state.outcome()
        assert len(outcome.scores) == players
        assert outcome.winners and set(outcome.winners) <= set(range(players))
        assert abs(sum(outcome.win_shares) - 1.0) < 1e-9
        for entry in state.log:
            for lang in ("en", "de"):
                assert isinstance(game.render_log(entry, lang), str)
        with pytest.raises(RuleError):
            state.apply(0, ("no-such-move-kind",))


@pytest.mark.parametrize("name", GAMES)
def test_unreadable_moves_are_malformed(name: str) -> None:
    game = get_game(name)
    for junk in (None, 17, "?", {"no": "move"}, ["no-such-move-kind", 1, 2, 3]):
        with pytest.raises(MalformedMoveError):
            game.move_from_json(junk)


def test_toy_views_hide_hands_and_secret_bids() -> None:
    game = get_game(TOY)
    state = game.new_state({"players": 3, "variant": "plain"}, 3)
    hands = json.loads(json.dumps(state.to_json()))["hands"]
    view1 = state.view(1)
    assert view1["hand"] == hands[1]
    assert "hands" not in view1 and hands[0] != hands[1]
    card = state.legal_moves(0)[0]
    state.apply(0, card)
    assert state.view(1)["my_bid"] is None
    assert [p["bid_in"] for p in state.view(1)["players"]] == [True, False, False]
    assert state.view(0)["my_bid"] == card[1]
    assert [e for e in state.visible_log(1) if e["k"] == "bid"] == []
    assert [e for e in state.visible_log(0) if e["k"] == "bid"] != []


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 4, "variant": "plain", "rounds": 5}])
def test_the_toy_game_passes_the_conformance_suite(options: dict[str, object]) -> None:
    counts = check_conformance(get_game(TOY), options, games=2, seed=3)
    assert counts["positions"] > 2 and counts["hostile"] > 100


def test_the_layers_above_the_games_import_no_game_and_have_no_circles() -> None:
    from pathlib import Path

    import feldherr

    root = Path(feldherr.__file__).parent
    for package in ("cli", "sim"):
        graph = import_graph(root / package, f"feldherr.{package}")
        assert find_cycle(graph) is None, package
    for package in ("core", "cli", "sim"):
        for path in (root / package).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            for game in ("wallenstein", "elgrande", "mansfeld"):
                assert f"feldherr.{game}" not in text, f"{path.name} imports {game}"
