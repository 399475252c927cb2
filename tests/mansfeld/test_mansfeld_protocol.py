"""The core contract for Mansfeld: options, move codec, typed errors, JSON round trips, replays, texts."""

from __future__ import annotations

import json
from typing import Any

import pytest

from feldherr.core.bots import RandomBot, SeatAccess
from feldherr.core.errors import (
    GameOverError,
    IllegalMoveError,
    MalformedMoveError,
    NotOwnedError,
    NotYourTurnError,
    OptionError,
    RuleError,
    UnaffordableError,
    WrongPhaseError,
)
from feldherr.core.play import make_bots, play_game
from feldherr.core.record import GameRecord, replay
from feldherr.games import get_game
from feldherr.mansfeld.data import CARDS
from feldherr.mansfeld.game import MansfeldGame, MansfeldState
from feldherr.mansfeld.state import COMMIT, DICE, OVER, RECRUIT
from feldherr.mansfeld.text import CATALOGUE

GAME = MansfeldGame()


def advance_to(phase: int, seed: int = 3, players: int = 4) -> MansfeldState:
    state = GAME.new_state({"players": players}, seed)
    bots = [RandomBot(seed * 10 + s) for s in range(players)]
    while state.phase != phase:
        for seat in state.to_move():
            state.apply(seat, bots[seat].choose(SeatAccess(state, seat)))
    return state


def test_registry_and_metadata() -> None:
    game = get_game("mansfeld")
    assert isinstance(game, MansfeldGame)
    assert (game.name, game.min_players, game.max_players) == ("mansfeld", 2, 4)
    assert set(game.bots()) == {"heuristic"}


def test_options_defaults_and_checks() -> None:
    assert GAME.normalize_options({"players": 3}) == {"players": 3, "ages": [3, 2, 1]}
    assert GAME.normalize_options({"players": 2, "ages": "40, 12"})["ages"] == [40, 12]
    assert GAME.normalize_options({"players": 4, "ages": [30, 40, 30, 20]}) == {
        "players": 4,
        "ages": [30, 40, 30, 20],
    }
    assert GAME.normalize_options({}) == {"players": 2, "ages": [2, 1]}
    for bad in (
        {"players": "2"},
        {"players": 2.0},
        {"players": True},
        {"players": 2, "ages": [1e999, 1]},
        {"players": 2, "ages": [True, 1]},
        {"players": 2, "ages": [2.0, 1]},
        {"players": 2, "ages": [151, 1]},
        {"players": 2, "ages": {"a": 1}},
        {"players": 2, "variant": None},
        {"players": 5},
        {"players": 1},
        {"players": "x"},
        {"players": 3, "ages": [1, 2]},
        {"players": 2, "ages": "a,b"},
        {"players": 2, "ages": [-1, 3]},
        {"players": 2, "colour": "red"},
        {"players": 2, "variant": "short"},
    ):
        with pytest.raises(OptionError):
            GAME.normalize_options(bad)


def test_move_codec_round_trip() -> None:
    moves: list[Any] = [("dice", 4), ("pass",), ("recruit", 5), ("commit", ()), ("commit", (1, 7, 12))]
    for move in moves:
        data = GAME.move_to_json(move)
        assert json.loads(json.dumps(data)) == data
        assert GAME.move_from_json(data) == move
        assert GAME.move_from_json(json.dumps(data)) == move
    assert GAME.move_to_json(("recruit", 0)) == ["recruit", CARDS[0].key]


@pytest.mark.parametrize(
    "data",
    ['["dice", 3', "{}", "[]", '["fly"]', '["dice", "3"]', '["recruit", "nobody"]', '["commit", "x"]', 7],
)
def test_malformed_json_moves(data: Any) -> None:
    with pytest.raises(MalformedMoveError):
        GAME.move_from_json(data)


def _rejects(state: MansfeldState, seat: Any, move: Any, error: type[RuleError]) -> RuleError:
    before = state.digest()
    with pytest.raises(error) as err:
        state.apply(seat, move)
    assert type(err.value) is error
    assert err.value.rule.startswith(("mansfeld.", "core."))
    assert GAME.error_text(err.value, "de") and GAME.error_text(err.value, "en")
    assert state.digest() == before
    return err.value


def test_illegal_moves_raise_typed_errors_and_change_nothing() -> None:
    state = advance_to(DICE)
    _rejects(state, 0, ("commit", ()), WrongPhaseError)
    _rejects(state, 0, ("recruit", state.open[0]), WrongPhaseError)
    _rejects(state, 0, ("dice", 7), IllegalMoveError)
    _rejects(state, 0, ("dice", 0), IllegalMoveError)
    _rejects(state, 0, ("dice", "3"), MalformedMoveError)
    _rejects(state, 0, ("dice", True), MalformedMoveError)
    _rejects(state, True, ("dice", 3), NotYourTurnError)
    _rejects(state, 0, ["dice", 3], MalformedMoveError)
    _rejects(state, 0, ("jump",), MalformedMoveError)
    _rejects(state, 9, ("dice", 3), NotYourTurnError)
    _rejects(state, -1, ("dice", 3), NotYourTurnError)
    for bad_seat in (None, "0", 0.0, True, -1, 10**9):
        _rejects(state, bad_seat, ("dice", 3), NotYourTurnError)
        with pytest.raises(NotYourTurnError) as seat_err:
            state.legal_moves(bad_seat)
        assert seat_err.value.rule == "core.seat"
    version = state.version
    state.apply(0, ("dice", 3))
    assert state.version == version + 1

    state = advance_to(RECRUIT)
    mover = state.to_move()[0]
    other = (mover + 1) % state.num_players
    _rejects(state, other, ("pass",), NotYourTurnError)
    _rejects(state, mover, ("dice", 2), WrongPhaseError)
    _rejects(state, mover, ("pass", 1), MalformedMoveError)
    _rejects(state, mover, ("recruit", True), MalformedMoveError)
    _rejects(state, mover, ["pass"], MalformedMoveError)
    unreachable = [c for c in state.open if c not in state.reach]
    if unreachable:
        _rejects(state, mover, ("recruit", unreachable[0]), UnaffordableError)
    absent = next(c.id for c in CARDS if c.id not in state.open)
    _rejects(state, mover, ("recruit", absent), IllegalMoveError)

    state = advance_to(COMMIT)
    seat = state.to_move()[0]
    foreign = next(c.id for c in CARDS if c.id not in state.cards[seat])
    _rejects(state, seat, ("commit", (foreign,)), NotOwnedError)
    card = state.cards[seat][0]
    _rejects(state, seat, ("commit", (card, card)), IllegalMoveError)
    _rejects(state, seat, ("commit", ("x",)), MalformedMoveError)
    _rejects(state, seat, ("commit", [card]), MalformedMoveError)
    if len(state.cards[seat]) > 1:
        _rejects(state, seat, ("commit", tuple(reversed(state.cards[seat]))), MalformedMoveError)
    _rejects(state, seat, ("dice", 1), WrongPhaseError)

    state = advance_to(OVER)
    _rejects(state, 0, ("dice", 1), GameOverError)
    assert state.legal_moves(0) == []


def test_legal_moves_are_exactly_the_accepted_ones() -> None:
    for phase in (DICE, RECRUIT, COMMIT):
        state = advance_to(phase, seed=8)
        for seat in range(state.num_players):
            legal = state.legal_moves(seat)
            assert (seat in state.to_move()) == bool(legal)
            for move in legal:
                state.clone().apply(seat, move)


def test_json_round_trip_mid_game_gives_equal_digest_and_same_continuation() -> None:
    for phase in (DICE, RECRUIT, COMMIT):
        state = advance_to(phase, seed=21)
        state.apply(state.to_move()[0], state.legal_moves(state.to_move()[0])[-1])  # a hidden choice
        copy = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
        assert copy.digest() == state.digest()
        bots_a = [RandomBot(s) for s in range(4)]
        bots_b = [RandomBot(s) for s in range(4)]
        for st, bots in ((state, bots_a), (copy, bots_b)):
            while not st.is_terminal():
                for seat in st.to_move():
                    st.apply(seat, bots[seat].choose(SeatAccess(st, seat)))
        assert copy.digest() == state.digest()
        assert copy.log == json.loads(json.dumps(state.log))


def test_clone_is_independent() -> None:
    state = advance_to(RECRUIT, seed=4)
    before = state.digest()
    twin = state.clone()
    mover = twin.to_move()[0]
    twin.apply(mover, twin.legal_moves(mover)[0])
    assert state.digest() == before != twin.digest()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_record_replays_to_the_same_final_digest(players: int) -> None:
    bots = make_bots(GAME, ["heuristic"] + ["random"] * (players - 1), seed=17)
    record, final, _ = play_game(GAME, {"players": players}, 99, bots)
    assert record.final_digest == final.digest()
    again = GameRecord.from_json(json.loads(json.dumps(record.to_json())))
    assert replay(GAME, again).digest() == final.digest()


def test_log_and_texts_render_in_both_languages() -> None:
    state = advance_to(OVER, seed=5)
    keys = {e["k"] for e in state.log}
    assert {"reveal", "dice", "roll", "province", "conquer", "end"} <= keys
    for lang in ("de", "en"):
        for entry in state.log:
            line = GAME.render_log(entry, lang)
            assert "{" not in line and line
    assert keys <= set(CATALOGUE)
    for phase in (DICE, RECRUIT, COMMIT, OVER):
        st = advance_to(phase, seed=5)
        for lang in ("de", "en"):
            for seat in (0, None):
                assert "MANSFELD" in GAME.render_view(st.view(seat), lang)
            for seat in st.to_move():
                for move in st.legal_moves(seat)[:8]:
                    assert GAME.describe_move(st.view(seat), move, lang)
    assert "Würfel" in GAME.describe_move(state.view(0), ("dice", 3), "de")
    with pytest.raises(ValueError):
        GAME.render_log(state.log[0], "fr")


def test_heuristic_bot_decides_from_its_view_only() -> None:
    state = GAME.new_state({"players": 3}, seed=2)
    a, b = state.clone(), state.clone()
    a.apply(0, ("dice", 1))
    b.apply(0, ("dice", 6))
    bot_cls = GAME.bots()["heuristic"]
    assert bot_cls(5).choose(SeatAccess(a, 1)) == bot_cls(5).choose(SeatAccess(b, 1))


@pytest.mark.slow
def test_heuristic_bot_beats_random_players() -> None:
    shares = 0.0
    games = 120
    for i in range(games):
        seat = i % 2
        specs = ["random", "random"]
        specs[seat] = "heuristic"
        _, final, _ = play_game(GAME, {"players": 2}, i, make_bots(GAME, specs, i), record_moves=False)
        shares += final.outcome().win_shares[seat]
    assert shares / games > 0.6


def test_terminal_picture_hides_the_secrets_too() -> None:
    state = advance_to(DICE, seed=12)
    a, b = state.clone(), state.clone()
    a.apply(0, ("dice", 1))
    b.apply(0, ("dice", 6))
    for lang in ("de", "en"):
        assert GAME.render_text(a, 1, lang) == GAME.render_text(b, 1, lang)
        assert GAME.render_text(a, 0, lang) != GAME.render_text(b, 0, lang)
    state = advance_to(COMMIT, seed=12)
    assert len(state.to_move()) >= 2
    seat = state.to_move()[0]
    a, b = state.clone(), state.clone()
    a.apply(seat, ("commit", ()))
    b.apply(seat, ("commit", tuple(state.cards[seat])))
    other = state.to_move()[1]
    for lang in ("de", "en"):
        assert GAME.render_text(a, other, lang) == GAME.render_text(b, other, lang)
        assert GAME.render_text(a, seat, lang) != GAME.render_text(b, seat, lang)
