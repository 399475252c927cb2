"""Match: submissions against a version, duplicates applied once, per-seat log deltas, records."""

from __future__ import annotations

import json
import random
from collections import deque

import pytest
from gamelist import TOY, real_games
from toygame import ToyGame

from feldherr.core.bots import RandomBot
from feldherr.core.errors import (
    GameOverError,
    MalformedMoveError,
    NotYourTurnError,
    RuleError,
    StaleMoveError,
)
from feldherr.core.match import Match
from feldherr.core.play import make_bots, play_game
from feldherr.core.record import GameRecord, replay
from feldherr.games import get_game


def new_match(players: int = 3, seed: int = 3, **options: object) -> Match:
    return Match(ToyGame(), {"players": players, "variant": "plain", **options}, seed)


def legal_json(match: Match, seat: int) -> list[object]:
    decision = match.view(seat)["decision"]
    assert decision is not None
    return list(decision["moves"])


def test_submit_applies_and_records() -> None:
    match = new_match()
    move = legal_json(match, 0)[0]
    answer = match.submit(0, move, expected_version=0)
    assert answer.applied and not answer.duplicate and answer.version == 1 == match.version
    assert match.record.moves == [(0, move)]
    assert answer.to_json() == {"version": 1, "applied": True, "duplicate": False}


def test_a_stale_submission_is_refused_and_changes_nothing() -> None:
    match = new_match()
    match.submit(0, legal_json(match, 0)[0], expected_version=0)
    before = match.digest()
    with pytest.raises(StaleMoveError) as info:
        match.submit(1, legal_json(match, 1)[0], expected_version=0)
    assert info.value.rule == "core.stale" and info.value.details["version"] == 1
    for stale in (1.0, True, "1", None.__class__):
        with pytest.raises(StaleMoveError):
            match.submit(1, legal_json(match, 1)[0], expected_version=stale)  # type: ignore[arg-type]
    assert match.digest() == before and match.version == 1 and len(match.record.moves) == 1


def test_an_identical_retry_is_a_duplicate_and_applied_once() -> None:
    match = new_match()
    move = legal_json(match, 0)[0]
    match.submit(0, move, expected_version=0)
    again = match.submit(0, json.loads(json.dumps(move)), expected_version=0)  # the retry
    assert again.duplicate and not again.applied and again.version == 1
    assert len(match.record.moves) == 1
    other = next(m for m in legal_json(match, 1))
    with pytest.raises(StaleMoveError):  # another seat's move made against version 0 is stale
        match.submit(1, other, expected_version=0)


def test_bad_submissions_are_rule_errors_and_change_nothing() -> None:
    match = new_match()
    before = match.digest()
    move = legal_json(match, 0)[0]
    for seat, answer in [
        (0, ["bid", 2.0]),
        (0, ["bid", True]),
        (0, "x"),
        (0, [[[[]]]]),
        (7, move),
        ("0", move),
    ]:
        with pytest.raises(RuleError):
            match.submit(seat, answer, expected_version=0)  # type: ignore[arg-type]
    assert match.digest() == before and match.record.moves == []
    with pytest.raises(MalformedMoveError):
        match.submit(0, ["bid", 2.0])
    with pytest.raises(NotYourTurnError):
        match.submit(10**9, move)


def test_log_deltas_per_seat() -> None:
    match = new_match(players=2)
    first = match.log_since(None)
    assert [e["version"] for e in first] == [0] and first[0]["entry"]["k"] == "prize"
    match.submit(0, legal_json(match, 0)[0], 0)
    assert match.log_since(1, 0) == []  # seat 0's secret bid is not seat 1's to read
    mine = match.log_since(0, 0, lang="de")
    assert [e["entry"]["k"] for e in mine] == ["bid"] and mine[0]["text"].startswith("Du bietest")
    match.submit(1, legal_json(match, 1)[0], 1)
    public = [e["entry"]["k"] for e in match.log_since(None, 1)]
    assert public[0] == "reveal" and "prize" in public
    assert [e["entry"]["k"] for e in match.log_since(1, 1)] == ["bid", *public]
    update = match.update(1, since=1, lang="en")
    assert update["version"] == 2 and update["view"]["seat"] == 1 and len(update["log"]) == len(public) + 1
    assert "outcome" not in update


def test_run_lets_bots_move_until_a_person_owes() -> None:
    game = ToyGame()
    match = Match(game, {"players": 3}, 4)
    bots = make_bots(game, ["random"] * 3, 4)
    made = match.run([None, bots[1], bots[2]])
    assert match.to_move() == (0,) and made == len(match.record.moves) == 0  # seat 0 doubles first
    match.submit(0, ["double", False], 0)
    made = match.run([None, bots[1], bots[2]])
    assert made == 2 and match.to_move() == (0,)  # the bots bid; seat 0's bid is still owed
    assert [seat for seat, _ in match.record.moves] == [0, 1, 2]


def test_run_with_bots_only_is_play_game() -> None:
    game = ToyGame()
    bots = make_bots(game, ["heuristic", "random"], 9)
    match = Match(game, {"players": 2}, 9)
    match.run(bots)
    expected, final, _ = play_game(game, {"players": 2}, 9, make_bots(game, ["heuristic", "random"], 9))
    assert match.finish_record() == expected and match.digest() == final.digest()
    assert match.is_over() and match.outcome() is not None
    with pytest.raises(GameOverError):
        match.submit(0, ["bid", 1])


def test_from_record_continues_where_the_record_stops() -> None:
    game = ToyGame()
    match = new_match(players=2, seed=5)
    bots = [RandomBot(1), RandomBot(2)]
    for _ in range(3):
        seat = match.to_move()[0]
        match.apply(seat, bots[seat].choose(match.seat_access(seat)))
    record = GameRecord.from_json(json.loads(json.dumps(match.finish_record().to_json())))
    again = Match.from_record(game, record)
    assert again.version == match.version == 3 and again.digest() == match.digest()
    assert again.log_since(0) == match.log_since(0)
    last_seat, last_move = record.moves[-1]
    assert again.submit(last_seat, last_move, expected_version=2).duplicate  # a retry after resuming
    assert replay(game, again.finish_record()).digest() == again.digest()


def test_a_defect_in_apply_leaves_the_match_unchanged() -> None:
    match = Match(ToyGame(), {"players": 2, "variant": "plain"}, 1)
    before = match.digest()

    class Exploding(RuntimeError):
        pass

    def explode(seat: int, move: object) -> None:
        raise Exploding

    trial_clone = match._state.clone  # the match applies to a clone and keeps it only on success
    match._state.clone = lambda: _with_apply(trial_clone(), explode)  # type: ignore[method-assign]
    with pytest.raises(Exploding):
        match.submit(0, legal_json(match, 0)[0], 0)
    assert match.digest() == before and match.version == 0 and match.record.moves == []


def _with_apply(state, apply):  # type: ignore[no-untyped-def]
    def broken(seat, move):  # type: ignore[no-untyped-def]
        state.scores[0] += 1  # half a move ...
        apply(seat, move)  # ... then the defect

    state.apply = broken
    return state


def test_a_simultaneous_decision_stays_valid_while_others_move() -> None:
    # Three seats bid at once: seat 1 was handed its decision at version 0; seat 0's bid raises
    # the version, but seat 1's question is the same, so its move against version 0 is taken.
    match = new_match()
    offered = match.update(1)
    assert offered["version"] == 0 and offered["view"]["decision"] is not None
    match.submit(0, legal_json(match, 0)[0], expected_version=0)
    answer = match.submit(1, offered["view"]["decision"]["moves"][0], expected_version=0)
    assert answer.applied and match.version == 2


def test_a_decision_that_changed_is_stale() -> None:
    # Seat 2 was never handed its decision at version 0 through update(): a move against an old
    # version is refused; and after a round ends its question has changed (new hand, new prize).
    match = new_match()
    with pytest.raises(StaleMoveError):
        match.submit(2, legal_json(match, 2)[0], expected_version=-1)
    offered = match.update(2)
    for seat in (0, 1, 2):
        match.submit(seat, legal_json(match, seat)[0], expected_version=match.version)
    before = match.version
    with pytest.raises(StaleMoveError) as err:
        match.submit(2, offered["view"]["decision"]["moves"][0], expected_version=0)
    assert err.value.rule == "core.stale" and match.version == before


def test_a_repeated_update_keeps_the_earlier_version_valid() -> None:
    # Issue 22: seat 0 is handed its decision at version 0; seat 1 moves and the server pushes
    # seat 0 the same decision again at version 1; the move chosen from the first update is taken.
    match = new_match()
    u0 = match.update(0)
    match.submit(1, legal_json(match, 1)[0], expected_version=0)
    again = match.update(0)
    assert again["version"] == 1 and again["view"]["decision"]["moves"] == u0["view"]["decision"]["moves"]
    answer = match.submit(0, u0["view"]["decision"]["moves"][0], expected_version=u0["version"])
    assert answer.applied and match.version == 2
    # ... once seat 0 has moved, the earlier version takes no other move from it (the same move
    # against the version it was applied at is the retry of it, answered as a duplicate)
    match.submit(2, legal_json(match, 2)[0], expected_version=match.version)
    with pytest.raises(StaleMoveError):
        match.submit(0, u0["view"]["decision"]["moves"][0], expected_version=0)
    assert match.submit(0, u0["view"]["decision"]["moves"][0], expected_version=1).duplicate


def test_a_version_never_handed_to_the_seat_stays_stale() -> None:
    match = new_match()
    match.update(0)
    match.submit(1, legal_json(match, 1)[0], expected_version=0)
    match.submit(2, legal_json(match, 2)[0], expected_version=1)
    match.update(0)  # handed out at 0 and 2, never at 1
    with pytest.raises(StaleMoveError):
        match.submit(0, legal_json(match, 0)[0], expected_version=1)
    assert match.submit(0, legal_json(match, 0)[0], expected_version=0).applied


def immediate_clients(name: str, players: int, seed: int) -> tuple[int, int]:
    """A complete game served as the server serves it: after every applied move each seat is sent
    its update; a client asked by an update answers it at once (a move drawn from that update,
    against its version) unless its previous answer is still on the way; answers reach the match in
    the order they were sent. Returns (moves applied, answers refused as stale)."""
    rng = random.Random(seed)
    match = Match(get_game(name), {"players": players}, seed)
    arriving: deque[tuple[int, object, int]] = deque()
    on_the_way: set[int] = set()
    refused = 0

    def push() -> None:
        seats = list(range(players))
        rng.shuffle(seats)  # which client reads its update first
        for seat in seats:
            update = match.update(seat)
            decision = update["view"]["decision"]
            if decision is not None and seat not in on_the_way:
                on_the_way.add(seat)
                arriving.append((seat, rng.choice(decision["moves"]), update["version"]))

    push()
    while arriving and not match.is_over():
        seat, move, version = arriving.popleft()
        on_the_way.discard(seat)
        try:
            match.submit(seat, move, expected_version=version)  # type: ignore[arg-type]
        except StaleMoveError:
            refused += 1
        push()
    assert match.is_over()
    return len(match.record.moves), refused


@pytest.mark.parametrize("name", [TOY, *real_games()])
def test_immediate_clients_are_never_refused_as_stale(name: str) -> None:
    game = get_game(name)
    for players in sorted({game.min_players, min(4, game.max_players)}):
        moves, refused = immediate_clients(name, players, seed=7 + players)
        assert moves > 0 and refused == 0, (name, players, moves, refused)


def test_offer_hands_a_decision_out_without_an_update() -> None:
    # A bot thinking outside the match is handed its decision with offer(); its move against that
    # version is taken after another seat moved, as a person's would be.
    match = new_match()
    version = match.offer(2)
    move = legal_json(match, 2)[0]
    match.submit(0, legal_json(match, 0)[0], expected_version=0)
    assert match.submit(2, move, expected_version=version).applied
    with pytest.raises(StaleMoveError):  # never handed out to seat 1 at version 0
        match.submit(1, legal_json(match, 1)[0], expected_version=0)
