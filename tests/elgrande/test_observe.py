"""The fast paths of the research adapters: the observation read from the state and the actions
worked out once per legal-move list must give exactly what the view and the codec give."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from feldherr.core import testing
from feldherr.core.actions import Choices
from feldherr.elgrande import codec, info
from feldherr.elgrande.game import VARIANTS, ElGrandeGame

GAME = ElGrandeGame()

OPTION_SETS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 3, "deck": "classic"},
    {"players": 4},
    {"players": 5, "variant": ["alte_hasen"]},
    *({"players": p, "variant": [v]} for p, v in zip((2, 3, 4, 5, 3, 4), VARIANTS, strict=True)),
    {"players": 2, "variant": ["hidden_castillo", "machtverschiebung", "neue_regentschaft"]},
    {"players": 3, "variant": list(VARIANTS)},
]


def _name(options: dict[str, Any]) -> str:
    return f"{options['players']}p-{'+'.join(options.get('variant', []))}"


@pytest.mark.parametrize("options", OPTION_SETS, ids=_name)
def test_the_fast_observation_is_the_views(options: dict[str, Any]) -> None:
    """``observe`` reads the state directly; at every position of a random game and for every seat
    it gives exactly the numbers of the view-based reference (``observation`` of ``view(seat)``),
    so two states with the same view give the same observation and nothing hidden leaks; every
    number lies in [0, 1]. A reused buffer gets the same numbers."""
    positions, _ = testing.check_observe_is_the_views(GAME, options, info.observation, 97)
    assert positions > 100


def test_an_unsuitable_buffer_gets_the_numbers_copied() -> None:
    state = GAME.new_state({"players": 3}, 5)
    wide = np.zeros(info.OBSERVATION_SIZE, np.float64)
    assert GAME.observe(state, 1, (), wide) is wide
    assert np.array_equal(wide, info.observation(state.view(1)))
    strided = np.zeros(2 * info.OBSERVATION_SIZE, np.float32)[::2]
    assert np.array_equal(GAME.observe(state, 1, (), strided), wide)


@pytest.mark.parametrize("options", OPTION_SETS[:4], ids=lambda o: f"{o['players']}p")
def test_the_actions_are_the_codecs(options: dict[str, Any]) -> None:
    """The actions worked out once per legal-move list are the codec's numbers of the legal moves,
    and an action is played as the shared move ``decode`` hands out (which ``apply`` takes by its
    fast path: typed, exact ints, equal to a legal move)."""
    state = GAME.new_state(options, 11)
    choices = Choices(GAME)
    rng = np.random.default_rng(3)
    while not state.is_terminal():
        seat = state.to_move()[0]
        legal = state.legal_moves(seat)
        actions = choices.legal(state, seat)
        assert actions == sorted(codec.encode(m) for m in legal)
        assert choices.legal(state, seat) == actions  # asked again: the same list, a fresh copy
        action = actions[int(rng.integers(len(actions)))]
        move = GAME.staged_move(state, seat, (), action)
        assert move == codec.decode(action) and move in legal
        choices.play(state, seat, action)
    with pytest.raises(Exception, match="no action"):
        GAME.staged_move(state, 0, (), codec.NUM_ACTIONS)


def test_a_decoded_move_plays_as_the_legal_one_and_an_illegal_one_is_refused() -> None:
    """``apply`` takes a move of ``decode`` that equals a legal move as that move (the same state
    after it), and refuses one that is not legal now in the rule's words, the state unchanged."""
    from feldherr.core.errors import RuleError

    rng = np.random.default_rng(5)
    state = GAME.new_state({"players": 4}, 21)
    while not state.is_terminal():
        seat = state.to_move()[0]
        legal = state.legal_moves(seat)
        codes = {codec.encode(m) for m in legal}
        illegal = next(a for a in range(codec.NUM_ACTIONS) if a not in codes)
        before = state.digest()
        with pytest.raises(RuleError):
            state.apply(seat, codec.decode(illegal))
        assert state.digest() == before
        move = legal[int(rng.integers(len(legal)))]
        twin = state.clone()
        twin.apply(seat, move)
        state.apply(seat, codec.decode(codec.encode(move)))
        assert state.digest() == twin.digest()
