"""Taking a move back (Match.undo): allowed where the table allows it, refused with the rule named."""

from __future__ import annotations

import pytest
from toygame import ToyGame, ToyState

from feldherr.core.errors import StaleMoveError, UndoError
from feldherr.core.game import Move, State
from feldherr.core.i18n import error_text
from feldherr.core.match import Match
from feldherr.core.record import replay
from feldherr.core.undo import no_news


def toy(players: int = 3, variant: str = "double", seed: int = 5) -> Match:
    return Match(ToyGame(), {"players": players, "variant": variant}, seed)


def moves(match: Match, seat: int) -> list[object]:
    decision = match.view(seat)["decision"]
    assert decision is not None
    return list(decision["moves"])


def test_a_choice_without_chance_or_secrets_is_taken_back() -> None:
    match = toy()
    before = (match.digest(), match.version, match.view(1), match.log_since(1))
    match.submit(0, ["double", True], expected_version=0)
    assert match.can_undo(0) and match.undo_refusal(0) is None
    answer = match.undo(0, expected_version=1)
    assert answer.applied and answer.version == 0 == match.version
    assert (match.digest(), match.version, match.view(1), match.log_since(1)) == before
    assert match.record.moves == []  # the record never saw it
    match.submit(0, ["double", False], expected_version=0)  # the seat chooses again
    assert match.record.moves == [(0, ["double", False])]
    assert replay(ToyGame(), match.record).digest() == match.digest()


def test_a_secret_bid_is_taken_back_while_others_still_bid() -> None:
    match = toy(variant="plain")
    match.submit(0, moves(match, 0)[0], expected_version=0)
    assert match.undo_refusal(0) is None
    match.undo(0, 1)
    assert match.view(0)["my_bid"] is None and 0 in match.to_move()


def test_a_move_that_drew_chance_is_refused() -> None:
    match = toy(players=2, variant="plain")
    match.submit(0, moves(match, 0)[0], 0)
    match.submit(1, moves(match, 1)[0], 1)  # the last bid: bids revealed, the next prize drawn
    digest, record = match.digest(), list(match.record.moves)
    assert match.undo_refusal(1) == "core.undo.chance"
    with pytest.raises(UndoError) as info:
        match.undo(1, 2)
    assert info.value.rule == "core.undo.chance" and info.value.code == "undo"
    assert match.digest() == digest and match.record.moves == record and match.version == 2
    words = error_text(info.value, ToyGame().messages(), "de")
    assert "Zufall" in words and "core" not in words


def test_nothing_taken_back_twice_nor_after_another_seat_moved() -> None:
    match = toy(variant="plain")
    match.submit(0, moves(match, 0)[0], 0)
    match.undo(0, 1)
    with pytest.raises(UndoError) as twice:
        match.undo(0, 0)
    assert twice.value.rule == "core.undo.none"
    match.submit(0, moves(match, 0)[0], 0)
    match.submit(1, moves(match, 1)[0], 1)
    digest = match.digest()
    with pytest.raises(UndoError) as moved:
        match.undo(0, 2)
    assert moved.value.rule == "core.undo.moved"
    assert match.digest() == digest and len(match.record.moves) == 2
    assert match.undo_refusal(2) == "core.undo.none"  # a seat that never moved


def test_a_stale_undo_is_refused() -> None:
    match = toy()
    match.submit(0, ["double", True], 0)
    with pytest.raises(StaleMoveError):
        match.undo(0, 0)
    with pytest.raises(StaleMoveError):
        match.undo(0, True)  # type: ignore[arg-type]
    assert match.version == 1 and match.can_undo(0)


def test_a_game_without_the_hook_takes_nothing_back() -> None:
    class Strict(ToyGame):
        def undoable(self, before: State, seat: int, move: Move, after: State) -> bool:
            return False

    match = Match(Strict(), {"players": 3, "variant": "double"}, 5)
    match.submit(0, ["double", True], 0)
    assert match.undo_refusal(0) == "core.undo.rule"


def test_bots_moves_are_never_taken_back() -> None:
    match = toy(variant="plain")
    from feldherr.core.bots import RandomBot

    match.run([None, RandomBot(1), RandomBot(2)])
    assert match.record.moves[-1][0] == 2
    assert match.undo_refusal(2) == "core.undo.none"  # its own last move: a bot's, kept
    assert match.undo_refusal(1) == "core.undo.moved" and match.undo_refusal(0) == "core.undo.none"


def test_a_retry_of_the_taken_back_move_is_a_new_move_not_a_duplicate() -> None:
    match = toy()
    match.submit(0, ["double", True], 0)
    match.undo(0, 1)
    again = match.submit(0, ["double", True], 0)
    assert again.applied and not again.duplicate and match.version == 1


class _Open(ToyState):
    """The toy with a fixed prize: the last bid reveals every bid without drawing anything."""

    def start_round(self) -> None:
        self.prize = 3
        self.log.append({"k": "prize", "a": {"round": self.round + 1, "prize": self.prize}, "to": None})
        self.phase = "bid"
        self.bids = [None] * self.num_players

    def clone(self) -> _Open:
        other = super().clone()
        other.__class__ = _Open
        return other


def test_a_move_that_reveals_hidden_bids_is_refused_without_any_draw() -> None:
    state = ToyGame().new_state({"players": 2, "variant": "plain"}, 9)
    state.__class__ = _Open
    state.apply(0, state.legal_moves(0)[0])
    before = state.clone()
    move = before.legal_moves(1)[-1]
    state.apply(1, move)
    assert state.rng.state == before.rng.state  # no chance: the hidden bids alone decide
    assert no_news(before, 1, move, state) == "core.undo.hidden"
    first = ToyGame().new_state({"players": 2, "variant": "plain"}, 9)
    first.__class__ = _Open
    early = first.clone()
    first.apply(0, first.legal_moves(0)[0])
    assert no_news(early, 0, early.legal_moves(0)[0], first) is None


@pytest.mark.parametrize("name", ["elgrande", "wallenstein", "mansfeld"])
def test_the_games_undo_only_what_shows_nothing(name: str) -> None:
    """Across a bot game: every move the match lets a seat take back comes back exactly (the state
    and every seat's view), and a move that drew chance is never among them."""
    from feldherr.core.bots import RandomBot
    from feldherr.games import get_game

    game = get_game(name)
    match = Match(game, {"players": 3}, 11)
    bots = [RandomBot(s + 1) for s in range(3)]
    allowed = refused = 0
    for _ in range(160):
        if match.is_over():
            break
        seat = match.to_move()[0]
        view = {s: match.view(s) for s in range(3)}
        digest, version = match.digest(), match.version
        rng = match.seat_access(seat)._state.rng.state  # type: ignore[attr-defined]
        move = bots[seat].choose(match.seat_access(seat))
        match.submit(seat, game.move_to_json(move), version)
        if match.can_undo(seat):
            assert match.seat_access(seat)._state.rng.state == rng  # type: ignore[attr-defined]
            match.undo(seat, version + 1)
            assert match.digest() == digest and match.version == version
            assert {s: match.view(s) for s in range(3)} == view
            match.submit(seat, game.move_to_json(move), version)
            allowed += 1
        else:
            refused += 1
    assert refused > 0
    if name != "mansfeld":
        assert allowed > 0, f"{name}: no move could be taken back"


def test_the_test_can_run_later_on_copies_and_is_remembered() -> None:
    match = toy()
    match.submit(0, ["double", True], 0)
    assert match.undo_known(0) is None and match.undo_known(1) is False
    test = match.undo_test(0)
    assert test is not None and match.undo_test(1) is None
    assert test() is True and match.undo_known(0) is True
    assert match.undo_test(0) is None  # decided: nothing left to run
    stale = toy(variant="plain")
    stale.submit(0, moves(stale, 0)[0], 0)
    late = stale.undo_test(0)
    stale.submit(1, moves(stale, 1)[0], 1)  # another seat moved before the test ran
    assert late is not None and late() is True  # the old move's verdict, not the match's now
    assert stale.undo_known(0) is False and stale.undo_refusal(0) == "core.undo.moved"
