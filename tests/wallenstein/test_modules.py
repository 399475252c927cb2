"""Properties over random games for every combination of the three modules."""

from __future__ import annotations

import itertools
import json

import pytest

from feldherr.core import GameRecord, RandomBot, make_bots, play_game, replay
from feldherr.core.bots import SeatAccess
from feldherr.wallenstein.data import MODULES
from feldherr.wallenstein.state import WallensteinState

from .invariants import check_invariants, play_checked
from .scenario import GAME

COMBINATIONS = [list(c) for r in range(1, 4) for c in itertools.combinations(MODULES, r)]


def _ids(modules: list[str]) -> str:
    return "+".join(modules)


@pytest.mark.parametrize("modules", COMBINATIONS, ids=_ids)
def test_invariants_and_secrecy_after_every_decision(modules: list[str]) -> None:
    for seed in range(24):
        players = 3 + seed % 3
        options = {"players": players, "setup": "draft" if seed % 2 else "fixed", "modules": modules}
        bots = ["heuristic" if (seed + s) % 3 == 0 else "random" for s in range(players)]
        state = play_checked(options, seed, bots, view_every=6)
        assert state.phase == "over" and state.year == 2


@pytest.mark.parametrize("modules", COMBINATIONS, ids=_ids)
def test_random_games_end_consistent_and_use_the_modules(modules: list[str]) -> None:
    seen: set[str] = set()
    for seed in range(150):
        players = 3 + seed % 3
        _, state, _ = play_game(
            GAME,
            {"players": players, "modules": modules, "setup": "fixed" if seed % 2 else "draft"},
            seed,
            [RandomBot(seed * 7 + s) for s in range(players)],
            record_moves=False,
        )
        assert isinstance(state, WallensteinState)
        check_invariants(state)
        seen.update(e["k"] for e in state.log)
    if "court" in modules:
        assert {"court_convert", "favor_taken", "audience"} <= seen
    if "landsknechte" in modules:
        assert {"lsk_card", "lsk_benefit"} <= seen
    if "leaders" in modules:
        assert {"statue", "leader_lost", "leader_score"} <= seen  # trophies: rare, see examples


@pytest.mark.parametrize("modules", COMBINATIONS, ids=_ids)
def test_records_replay_and_states_round_trip(modules: list[str]) -> None:
    for seed in range(3):
        players = 3 + seed
        record, state, _ = play_game(
            GAME,
            {"players": players, "setup": "draft" if seed % 2 else "fixed", "modules": modules},
            seed,
            make_bots(GAME, ["heuristic", *["random"] * (players - 1)], seed),
        )
        data = json.loads(json.dumps(record.to_json()))
        replayed = replay(GAME, GameRecord.from_json(data))
        assert replayed.digest() == state.digest() == record.final_digest
        # every recorded move reads back to itself
        for _, move in record.moves:
            assert GAME.move_to_json(GAME.move_from_json(move)) == move


def test_mid_game_json_round_trip_with_all_modules() -> None:
    modules = list(MODULES)
    for players, cut in [(3, 30), (4, 150), (5, 400)]:
        state = GAME.new_state({"players": players, "modules": modules}, players + cut)
        assert isinstance(state, WallensteinState)
        bots = [RandomBot(s) for s in range(players)]
        done = 0
        while done < cut and not state.is_terminal():
            for seat in state.to_move():
                state.apply(seat, bots[seat].choose(SeatAccess(state, seat)))
                done += 1
        copy = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
        assert copy.digest() == state.digest() and copy.view(1) == state.view(1)
        twin = state.clone()
        for s in (copy, twin, state):
            bots = [RandomBot(100 + i) for i in range(players)]
            while not s.is_terminal():
                for seat in s.to_move():
                    s.apply(seat, bots[seat].choose(SeatAccess(s, seat)))
        assert copy.digest() == state.digest() == twin.digest()


def test_module_options() -> None:
    from feldherr.core.errors import OptionError

    normal = GAME.normalize_options({"modules": "leaders,court"})
    assert normal["modules"] == ["court", "leaders"]
    with pytest.raises(OptionError):
        GAME.normalize_options({"modules": ["castles"]})


def test_base_game_state_has_no_module_fields() -> None:
    """Without modules the JSON (and so the digest) is what it was before the modules existed."""
    data = GAME.new_state({"players": 4}, 1).to_json()
    assert not {"courtiers", "leader", "lsk_top", "nslots"} & set(data)
    with_court = GAME.new_state({"players": 4, "modules": ["court"]}, 1).to_json()
    assert {"courtiers", "leader", "lsk_top", "nslots"} <= set(with_court)


def test_module_steps_come_where_the_sequence_puts_them() -> None:
    """Landsknechte before the court, the court before the first action, the leaders' move after
    the tenth action, leaders coming back only after winter."""
    from feldherr.wallenstein.rules import leaders
    from feldherr.wallenstein.state import FAVOR, LANDSKNECHTE, LEADER

    seen = set()
    for seed in range(12):
        players = 3 + seed % 3
        state = GAME.new_state({"players": players, "modules": list(MODULES)}, seed)
        assert isinstance(state, WallensteinState)
        bots = [RandomBot(seed + s) for s in range(players)]
        while not state.is_terminal():
            phase = state.phase
            if phase == LANDSKNECHTE:
                assert not any(state.revealed[s][11] for s in range(players))
            if phase in (LANDSKNECHTE, FAVOR):
                assert state.action_index == 0 and state.turn_index == 0
                keys = [e["k"] for e in state.log]
                since_order = keys[len(keys) - keys[::-1].index("order") :]
                assert not {"collect", "skip", "reveal_action", "battle", "move", "pass"} & set(since_order)
            if phase == LEADER:
                seen.add(state.stage)
                if state.stage == leaders.MOVE:
                    assert state.action_index == len(state.actions)
                elif state.stage == leaders.WINTER:
                    assert state.season == 3
            for seat in state.to_move():
                state.apply(seat, bots[seat].choose(SeatAccess(state, seat)))
    assert {leaders.MOVE, leaders.WINTER} <= seen
