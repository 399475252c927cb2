"""The bot-driven loop shared by simulate, bench and tests."""

from __future__ import annotations

import pytest
from toygame import ToyGame

from feldherr.core.bots import RandomBot, SeatAccess
from feldherr.core.errors import OptionError
from feldherr.core.play import bot_seeds, make_bots, play_game


def test_same_seed_same_game() -> None:
    game = ToyGame()
    runs = [play_game(game, {"players": 4}, 21, make_bots(game, ["random"] * 4, 21)) for _ in range(2)]
    assert runs[0][0] == runs[1][0]
    assert runs[0][1].digest() == runs[1][1].digest()


def test_record_moves_false_plays_the_same_game_without_a_record() -> None:
    game = ToyGame()
    rec, final, n = play_game(game, {"players": 2}, 5, make_bots(game, ["random"] * 2, 5))
    rec2, final2, n2 = play_game(
        game, {"players": 2}, 5, make_bots(game, ["random"] * 2, 5), record_moves=False
    )
    assert final.digest() == final2.digest() and n == n2 == len(rec.moves)
    assert rec2.moves == [] and rec2.final_digest is None


def test_make_bots_knows_random_and_the_games_bots_and_rejects_others() -> None:
    game = ToyGame()
    bots = make_bots(game, ["random", "heuristic"], 1)
    assert isinstance(bots[0], RandomBot)
    with pytest.raises(OptionError, match="unknown bot"):
        make_bots(game, ["random", "genius"], 1)


def test_options_are_normalised_into_the_record() -> None:
    game = ToyGame()
    rec, _, _ = play_game(game, {"players": 2}, 1, make_bots(game, ["random"] * 2, 1))
    assert rec.options == {"players": 2, "rounds": 3, "variant": "double"}


def test_bot_seeds_are_the_seeds_make_bots_uses() -> None:
    game = ToyGame()
    bots = make_bots(game, ["random"] * 4, 77)
    assert [b.rng.state for b in bots if isinstance(b, RandomBot)] == [
        RandomBot(s).rng.state for s in bot_seeds(77, 4)
    ]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_default_random_playout_plays_the_game_of_play_game(players: int) -> None:
    game = ToyGame()
    for seed in range(30):
        bots = make_bots(game, ["random"] * players, seed)
        _, final, decisions = play_game(game, {"players": players}, seed, bots, record_moves=False)
        state = game.new_state({"players": players}, seed)
        assert state.random_playout(bot_seeds(seed, players)) == decisions
        assert state.is_terminal() and state.digest() == final.digest()


def test_default_random_playout_from_a_midgame_state() -> None:
    game = ToyGame()
    state = game.new_state({"players": 3}, 9)
    for _ in range(4):
        seat = state.to_move()[0]
        state.apply(seat, state.legal_moves(seat)[-1])
    copy = state.clone()
    bots = [RandomBot(s) for s in (4, 5, 6)]
    decisions = 0
    while not copy.is_terminal():
        for seat in copy.to_move():
            copy.apply(seat, bots[seat].choose(SeatAccess(copy, seat)))
            decisions += 1
    assert state.random_playout([4, 5, 6]) == decisions and state.digest() == copy.digest()
