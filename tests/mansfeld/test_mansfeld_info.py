"""The information layer and the codec: determinize resamples exactly the secrets, the action space
is fixed, the JSON reader is strict, observations come from the view."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from feldherr.core.actions import Choices
from feldherr.core.bots import RandomBot, SeatAccess
from feldherr.core.errors import MalformedMoveError, NotYourTurnError, WrongPhaseError
from feldherr.core.views import validate_view
from feldherr.mansfeld import codec
from feldherr.mansfeld.data import CARDS, KEYS
from feldherr.mansfeld.game import MansfeldGame, MansfeldState
from feldherr.mansfeld.scenario import conquering
from feldherr.mansfeld.state import COMMIT, OVER, RECRUIT

GAME = MansfeldGame()


def advance_to(phase: int, seed: int, players: int = 3) -> MansfeldState:
    state = GAME.new_state({"players": players}, seed)
    bots = [RandomBot(seed * 10 + s) for s in range(players)]
    while state.phase != phase:
        for seat in state.to_move():
            state.apply(seat, bots[seat].choose(SeatAccess(state, seat)))
    return state


def test_determinize_redraws_the_hidden_dice_and_the_deck_but_keeps_the_view() -> None:
    state = GAME.new_state({"players": 3}, seed=4)
    state.apply(0, ("dice", 2))
    state.apply(2, ("dice", 5))
    view = state.view(1)
    seen_dice: set[tuple[int, int]] = set()
    decks: set[tuple[int, ...]] = set()
    for k in range(30):
        sample = GAME.state_from_json(state.determinize(1, k).to_json())
        assert sample.view(1) == view
        assert sample.choice[1] == 0 and sample.choice[0] and sample.choice[2]
        seen_dice.add((sample.choice[0], sample.choice[2]))
        assert sorted(sample.deck) == sorted(state.deck)
        decks.add(tuple(sample.deck))
        assert sample.rng.state != state.rng.state and sample.pool_size == 0
        assert sample.version == state.version
    assert len(seen_dice) > 5 and len(decks) > 20
    # the seat's own secret stays: seat 0 sees its 2
    assert all(state.determinize(0, k).choice[0] == 2 for k in range(5))
    # the sample plays on like any state
    sample = state.determinize(1, 3)
    sample.random_playout([1, 2, 3])
    assert sample.is_terminal()


def test_determinize_redraws_hidden_commitments_from_the_open_hands() -> None:
    state = advance_to(COMMIT, seed=8)
    first = state.to_move()[0]
    hand = tuple(state.cards[first])
    state.apply(first, ("commit", hand))
    other = next(s for s in range(3) if s != first)
    samples = [state.determinize(other, k) for k in range(20)]
    assert all(s.view(other) == state.view(other) for s in samples)
    assert all(set(s.commit[first] or ()) <= set(hand) for s in samples)
    assert len({s.commit[first] for s in samples}) > 1
    assert all(s.commit[first] == hand for s in (state.determinize(first, k) for k in range(5)))


def test_determinize_keeps_public_facts_while_recruiting() -> None:
    state = advance_to(RECRUIT, seed=2)
    for seat in range(3):
        sample = state.determinize(seat, 1)
        assert (sample.dice, sample.reach, sample.order, sample.choice) == (
            state.dice,
            state.reach,
            state.order,
            state.choice,
        )
        assert sample.legal_moves(seat) == state.legal_moves(seat)


def test_the_action_space_is_fixed_and_small() -> None:
    assert 7 + 2 * len(CARDS) + 1 == codec.NUM_ACTIONS == 44
    info = GAME.info({"players": 4})
    assert info.num_actions == codec.NUM_ACTIONS
    assert info.max_actions == info.max_decisions + len(CARDS)
    assert codec.decode(0) == ("dice", 1) and codec.decode(5) == ("dice", 6)
    assert codec.decode(6) == ("recruit", 0) and codec.decode(6 + len(CARDS)) == ("pass",)
    for action in (-1, codec.NUM_ACTIONS, 1.0, True, "3", None, 2**70, codec.COMMIT_BASE, codec.COMMIT_DONE):
        with pytest.raises(MalformedMoveError):
            codec.decode(action)
    with pytest.raises(MalformedMoveError, match="several actions"):
        codec.encode(("commit", (0,)))
    assert codec.actions(("commit", ())) == (codec.COMMIT_DONE,)
    assert codec.actions(("commit", (5, 0))) == (codec.COMMIT_BASE, codec.COMMIT_BASE + 5, codec.COMMIT_DONE)


def test_an_action_decodes_to_the_rules_own_move_object() -> None:
    """``decode`` and ``staged_move`` give the move ``codec.decode`` gives, as the very object
    ``legal_moves`` hands out (which ``apply`` takes by identity); bad actions are refused as
    before."""
    state = GAME.new_state({"players": 3}, 2)
    dice = state.legal_moves(0)
    for action in range(codec.COMMIT_BASE):
        move = GAME.decode(state, 0, action)
        assert move == codec.decode(action) and type(move) is type(codec.decode(action))
        assert GAME.staged_move(state, 0, (), action) is move
    assert all(GAME.decode(state, 0, a) is m for a, m in enumerate(dice))
    recruiting = advance_to(RECRUIT, seed=4)
    seat = recruiting.to_move()[0]
    for move in recruiting.legal_moves(seat):
        assert GAME.decode(recruiting, seat, codec.encode(move)) is move
    for bad in (True, 1.0, -1, codec.COMMIT_BASE, codec.COMMIT_DONE, codec.NUM_ACTIONS, None):
        with pytest.raises(MalformedMoveError):
            GAME.decode(state, 0, bad)
    for bad in (True, 1.0, -1, codec.NUM_ACTIONS, None):
        with pytest.raises(MalformedMoveError):
            GAME.staged_move(state, 0, (), bad)
    with pytest.raises(MalformedMoveError):
        GAME.staged_move(state, 0, (1,), 2)  # no staged choice outside the commitment


def test_a_step_of_a_commitment_outside_the_conquering_phase_names_the_phase() -> None:
    """An agent that takes "add card c" or "done" while the dice are set or while recruiting is
    told that a commitment does not belong to this phase (as for a recruit during the dice), not
    that the action is a commitment spelled in several actions."""
    dice = GAME.new_state({"players": 3}, 2)
    recruiting = advance_to(RECRUIT, seed=4)
    seat = recruiting.to_move()[0]
    other = (seat + 1) % recruiting.num_players
    for action in (codec.COMMIT_BASE, codec.COMMIT_BASE + 4, codec.COMMIT_DONE):
        for state, who, error, rule in (
            (dice, 0, WrongPhaseError, "mansfeld.phase.dice"),
            (recruiting, seat, WrongPhaseError, "mansfeld.phase.recruit"),
            (recruiting, other, NotYourTurnError, "core.seat"),
        ):
            before = state.digest()
            with pytest.raises(error) as refused:
                Choices(GAME).play(state, who, action)
            assert refused.value.rule == rule and state.digest() == before
            assert "commit" in refused.value.message or rule == "core.seat"
            assert GAME.error_text(refused.value, "de") != refused.value.message


def test_a_commitment_is_a_staged_choice_of_cards() -> None:
    """Add card ... done: the mask offers the cards of the hand above the last one added and
    done; done commits exactly the cards added; every subset has one spelling; a wrong step is
    refused and changes nothing; the state sees only the finished commitment."""
    state = conquering(2, [[KEYS[0], KEYS[3], KEYS[5]], [KEYS[1]]])
    add = codec.COMMIT_BASE
    assert GAME.staged_actions(state, 0, ()) == [add, add + 3, add + 5, codec.COMMIT_DONE]
    assert GAME.staged_actions(state, 0, (add + 3,)) == [add + 5, codec.COMMIT_DONE]
    assert GAME.staged_actions(state, 1, ()) == [add + 1, codec.COMMIT_DONE]
    assert [int(f) for f in state.action_mask(0)].count(1) == 4
    spelled = {GAME.move_actions(state, 0, m) for m in state.legal_moves(0)}
    assert len(spelled) == len(state.legal_moves(0)) == 8
    for bad in (add + 1, add + 3, 0, codec.NUM_ACTIONS):  # not in hand, not above the last, a die
        with pytest.raises(MalformedMoveError) as err:
            GAME.staged_move(state, 0, (add + 3,), bad)
        assert GAME.error_text(err.value, "de") != err.value.message
    choices = Choices(GAME)
    before = state.digest()
    assert choices.play(state, 0, add + 3) is False and state.digest() == before
    assert choices.of(0) == (add + 3,) and choices.legal(state, 0) == [add + 5, codec.COMMIT_DONE]
    observed = choices.observe(state, 0)
    assert not np.array_equal(observed, state.observation(0))  # the chosen card is shown
    assert np.array_equal(Choices(GAME).observe(state, 0), state.observation(0))
    assert choices.play(state, 0, add + 5) is False
    assert choices.play(state, 0, codec.COMMIT_DONE) is True
    assert state.commit[0] == (3, 5) and choices.of(0) == ()


def test_every_option_set_has_a_small_action_space() -> None:
    for players in (2, 3, 4):
        assert GAME.info({"players": players}).num_actions <= 5000


@pytest.mark.parametrize(
    "data",
    [
        ["dice", 3.0],
        ["dice", True],
        ["recruit", 0],
        ["recruit", True],
        ["commit", [0]],
        ["commit", [KEYS[0], KEYS[0]]],
        ["commit", (KEYS[0],)],
        ("dice", 3),
        ["pass", None],
        "[" * 100_000,
    ],
)
def test_the_json_reader_checks_exact_types(data: Any) -> None:
    with pytest.raises(MalformedMoveError):
        GAME.move_from_json(data)


def test_the_json_reader_sorts_a_commitment() -> None:
    assert GAME.move_from_json(["commit", [KEYS[5], KEYS[2]]]) == ("commit", (2, 5))


def test_views_fit_the_schema_and_observations_follow_the_view() -> None:
    for phase in (RECRUIT, COMMIT):
        state = advance_to(phase, seed=6, players=4)
        for seat in (None, 0, 1, 2, 3):
            validate_view(state.view(seat), GAME.view_schema())
        obs = state.observation(1)
        assert obs.shape == GAME.info({"players": 4}).observation_shape and obs.dtype == np.float32
        assert GAME.render_view(state.view(1), "de") == state.observation_string(1, "de")


def test_every_rule_id_has_a_german_and_an_english_message() -> None:
    import re
    from pathlib import Path

    import feldherr.mansfeld
    from feldherr.core.errors import RuleError
    from feldherr.core.rng import Rng
    from feldherr.core.testing import check_hostile
    from feldherr.mansfeld.text import ERRORS

    source = "\n".join(p.read_text() for p in Path(feldherr.mansfeld.__file__).parent.rglob("*.py"))
    rules = set(re.findall(r'rule="(mansfeld\.[a-z.-]+)"', source))
    rules |= {f"mansfeld.phase.{p}" for p in ("dice", "recruit", "commit")}
    assert rules == set(ERRORS)
    # the templates' fields are the errors' details: the German text is the template, not the
    # English fallback
    seen: set[str] = set()
    for phase in (RECRUIT, COMMIT):
        state = advance_to(phase, seed=3, players=4)
        check_hostile(GAME, state, Rng(1), limit=200)
        seat = state.to_move()[0]
        bad: list[Any] = [
            ("dice", 9),
            ("dice", 1),
            ("commit", ()),
            ("recruit", 99),
            ("commit", (99,)),
            ("x",),
        ]
        bad += [("recruit", c) for c in state.open] + [("commit", (c, c)) for c in state.cards[seat]]
        for move in bad:
            for who in (seat, (seat + 1) % 4):
                try:
                    state.apply(who, move)
                except RuleError as err:
                    if err.rule.startswith("mansfeld."):
                        seen.add(err.rule)
                        assert GAME.error_text(err, "de") != err.message, err.rule
                    continue
                state = advance_to(phase, seed=3, players=4)  # a legal move: start again
    over = advance_to(OVER, seed=3)
    with pytest.raises(RuleError) as end:
        over.apply(0, ("dice", 1))
    assert GAME.error_text(end.value, "de") != end.value.message
    with pytest.raises(RuleError) as action:
        codec.decode(-1)
    assert GAME.error_text(action.value, "de") != action.value.message
    with pytest.raises(RuleError) as action:
        codec.encode(("commit", ()))
    assert GAME.error_text(action.value, "de") != action.value.message
    assert len(seen) >= 5


def test_the_fast_observation_is_the_views() -> None:
    """``observe`` reads the state directly; at every position of random games and for every seat
    it gives exactly the numbers of the view-based reference, so it holds nothing more than the
    view, and every number lies in [0, 1]. So does its pure-Python twin (``observe`` runs the C
    kernel where it is built; ``test_mansfeld_cobserve.py`` compares the two bit for bit)."""
    from feldherr.mansfeld import info

    positions = 0
    for seed in range(12):
        state = GAME.new_state({"players": 2 + seed % 3}, seed)
        bots = [RandomBot(seed * 10 + s) for s in range(state.num_players)]
        while not state.is_terminal():
            for seat in range(state.num_players):
                fast = info.observe(state, seat)
                reference = info.observation(state.view(seat))
                assert np.array_equal(fast, reference)
                assert np.array_equal(info.observe_pure(state, seat), reference)  # the twin as well
                assert fast.min() >= 0.0 and fast.max() <= 1.0
                positions += 1
            seat = state.to_move()[0]
            state.apply(seat, bots[seat].choose(SeatAccess(state, seat)))
    assert positions > 500
    shaped = info.blocks(info.observe(state, 0))
    assert shaped["cards"].shape == (len(CARDS), info.CARD_SLOTS)
    assert shaped["players"].shape == (info.MAX_PLAYERS, info.SEAT_SLOTS)
    assert sum(b.size for b in shaped.values()) == info.OBSERVATION_SIZE


def test_without_the_kernel_the_pure_twin_observes(monkeypatch: pytest.MonkeyPatch) -> None:
    """``FELDHERR_PURE=1`` (or no C compiler) leaves no kernel, and ``observe`` runs the twin."""
    from feldherr.mansfeld import info

    monkeypatch.setenv("FELDHERR_PURE", "1")
    assert info._load_native() is None
    monkeypatch.setattr(info, "native", None)
    calls: list[int] = []
    twin = info.observe_pure

    def spy(*args: Any) -> Any:
        calls.append(args[1])
        return twin(*args)

    monkeypatch.setattr(info, "observe_pure", spy)
    state = advance_to(COMMIT, seed=5)
    out = np.empty(info.OBSERVATION_SIZE, np.float32)
    assert info.observe(state, 2, (), out) is out and calls == [2]
    assert np.array_equal(out, info.observation(state.view(2)))
