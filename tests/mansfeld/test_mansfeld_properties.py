"""Properties over thousands of random games: conservation, rule invariants, hidden information."""

from __future__ import annotations

import json
from typing import Any

from feldherr.core.bots import RandomBot, SeatAccess
from feldherr.core.errors import RuleError
from feldherr.core.play import play_game
from feldherr.core.rng import Rng
from feldherr.mansfeld.data import CARDS, COST, PROVINCES
from feldherr.mansfeld.game import MansfeldGame, MansfeldState
from feldherr.mansfeld.rules.dice import sums_mask
from feldherr.mansfeld.rules.flow import open_target
from feldherr.mansfeld.state import COMMIT, DICE, OVER, RECRUIT

GAME = MansfeldGame()
ALL = list(range(len(CARDS)))


def all_cards(state: MansfeldState) -> list[int]:
    held = [c for h in state.cards for c in h] + [c for h in state.used for c in h]
    return sorted(state.deck + state.open + state.left + held)


def check_step(state: MansfeldState) -> None:
    assert all_cards(state) == ALL  # every card is somewhere, exactly once
    n = state.num_players
    moving = state.to_move()
    if state.phase == DICE:
        assert moving and all(state.choice[s] == 0 for s in moving)
        assert state.open  # a round never starts without an open card
    elif state.phase == RECRUIT:
        (seat,) = moving
        assert state.reach and set(state.reach) <= set(state.open)
    elif state.phase == COMMIT:
        assert not state.deck and not state.open
        assert moving and all(state.cards[s] for s in moving)
        assert all(1 <= state.luck[s] <= 6 for s in moving)
    for seat in range(n):
        view = state.view(seat)
        assert "rng" not in view and "pool" not in view and "deck" not in view
        if state.phase == DICE:
            assert all(view["players"][o]["dice"] is None for o in range(n) if o != seat)
    # A secret never shows: change one seat's hidden choice and no other seat's view changes.
    for secret_seat in range(n):
        altered = state.clone()
        if state.phase == DICE and state.choice[secret_seat]:
            altered.choice[secret_seat] = 7 - state.choice[secret_seat]
        elif state.phase == COMMIT and state.commit[secret_seat] is not None:
            hand = tuple(state.cards[secret_seat])
            altered.commit[secret_seat] = () if state.commit[secret_seat] else hand
        else:
            continue
        for seat in [s for s in range(n) if s != secret_seat] + [None]:
            mine = json.dumps(state.view(seat), sort_keys=True)
            assert mine == json.dumps(altered.view(seat), sort_keys=True)


def check_final(state: MansfeldState) -> None:
    assert state.phase == OVER and state.to_move() == ()
    assert all_cards(state) == ALL
    n = state.num_players
    assert len(state.values) == PROVINCES
    for number, (value, owner) in enumerate(zip(state.values, state.owner, strict=True), start=1):
        assert number + 1 <= value <= number + 6
        assert -1 <= owner < n
    out = state.outcome()
    assert sum(out.scores) == sum(v for v, o in zip(state.values, state.owner, strict=True) if o >= 0)
    assert min(out.scores) >= 0 and out.winners
    assert abs(sum(out.win_shares) - 1.0) < 1e-9
    # conquerors committed cards, and nobody recruited twice in one round, and each recruit was
    # made by an exact sum of the preceding roll (abilities aside)
    conquered = [e["a"]["seat"] for e in state.log if e["k"] == "conquer"]
    assert all(state.used[s] for s in conquered)
    last_roll: dict[int, list[int]] = {}
    per_round: dict[int, int] = {}
    reveals_in_round = 0
    for entry in state.log:
        key, args = entry["k"], entry["a"]
        if key == "reveal":
            reveals_in_round += 1
        elif key == "dice":
            assert reveals_in_round >= 1  # at least one new card each round
            reveals_in_round = 0
            per_round = {}
        elif key == "roll":
            last_roll[args["seat"]] = args["dice"]
        elif key == "recruit":
            seat = args["seat"]
            per_round[seat] = per_round.get(seat, 0) + 1
            assert per_round[seat] == 1
            cost = next(c.cost for c in CARDS if c.key == args["card"])
            dice = last_roll[seat]
            assert sums_mask(dice, adjust=True) >> cost & 1
            assert len(dice) <= 6 + sum(1 for c in CARDS if c.ability == "extra_die")


def test_thousands_of_random_games_end_consistently() -> None:
    games = 0
    for players in (2, 3, 4):
        for seed in range(1000):
            bots = [RandomBot(seed * 7 + s) for s in range(players)]
            _, final, decisions = play_game(GAME, {"players": players}, seed, bots, record_moves=False)
            assert isinstance(final, MansfeldState)
            check_final(final)
            assert decisions > 0
            games += 1
    assert games == 3000


def test_invariants_after_every_move_and_fuzzed_illegal_moves() -> None:
    fuzz: list[Any] = [("dice", 0), ("dice", 9), ("recruit", -1), ("commit", (99,)), ("pass", 1), ("x",), ()]
    for seed in range(150):
        players = 2 + seed % 3
        state = GAME.new_state({"players": players}, seed)
        bots = [RandomBot(seed + s) for s in range(players)]
        rng = Rng(seed)
        assert len(state.open) == open_target(players)
        while not state.is_terminal():
            check_step(state)
            for seat in state.to_move():
                before = state.digest()
                bad = fuzz[rng.below(len(fuzz))]
                try:
                    state.apply(rng.below(players + 1), bad)
                except RuleError:
                    assert state.digest() == before
                else:  # pragma: no cover - the fuzz list holds only illegal moves
                    raise AssertionError(f"accepted {bad!r}")
                state.apply(seat, bots[seat].choose(SeatAccess(state, seat)))
        check_final(state)


def test_costs_of_recruited_cards_are_sums_of_the_roll_without_abilities() -> None:
    checked = 0
    for seed in range(300):
        state = GAME.new_state({"players": 4}, seed)
        bots = [RandomBot(seed + s) for s in range(4)]
        while state.phase in (DICE, RECRUIT):
            for seat in state.to_move():
                move = bots[seat].choose(SeatAccess(state, seat))
                if move[0] == "recruit" and not any(CARDS[c].ability == "adjust" for c in state.cards[seat]):
                    assert sums_mask(state.dice) >> COST[move[1]] & 1
                    checked += 1
                state.apply(seat, move)
    assert checked > 1000
