"""Phase 1, Rekrutieren: reveals, secret dice, turn order, exact sums, abilities, the end of recruiting."""

from __future__ import annotations

import json

import pytest

from feldherr.core.errors import IllegalMoveError, UnaffordableError
from feldherr.mansfeld.data import BY_KEY, CARDS
from feldherr.mansfeld.game import MansfeldGame, MansfeldState
from feldherr.mansfeld.scenario import card_ids, recruiting
from feldherr.mansfeld.state import COMMIT, DICE, RECRUIT

GAME = MansfeldGame()
BY_COST = sorted(CARDS, key=lambda c: c.cost)


def with_ability(name: str) -> str:
    for card in CARDS:
        if card.ability == name:
            return card.key
    pytest.skip(f"the deck has no card with {name}")


def set_dice(state: MansfeldState, choices: list[int]) -> None:
    for seat, count in enumerate(choices):
        state.apply(seat, ("dice", count))


def entries(state: MansfeldState, key: str) -> list[dict[str, object]]:
    return [e["a"] for e in state.log if e["k"] == key]


@pytest.mark.parametrize(("players", "target"), [(2, 2), (3, 2), (4, 3)])
def test_round_one_reveals_two_or_three_cards(players: int, target: int) -> None:
    state = GAME.new_state({"players": players}, seed=5)
    assert len(state.open) == target
    assert len(state.deck) == len(CARDS) - target
    assert state.phase == DICE and state.to_move() == tuple(range(players))


@pytest.mark.parametrize(("players", "before", "after"), [(4, 3, 4), (4, 1, 3), (3, 2, 3), (2, 1, 2)])
def test_at_least_one_new_card_each_round(players: int, before: int, after: int) -> None:
    # The most expensive cards lie open and everyone sets one die: nobody can recruit.
    expensive = [c.key for c in BY_COST[-before:]]
    deck = [c.key for c in BY_COST[:4]]
    state = recruiting(players, expensive, deck)
    set_dice(state, [1] * players)
    assert state.phase == DICE and state.round == 2
    assert state.open[:before] == card_ids(expensive)  # "bleiben liegen"
    assert len(state.open) == after


def test_dice_are_set_secretly_and_revealed_together() -> None:
    state = GAME.new_state({"players": 3}, seed=1)
    other = state.clone()
    state.apply(0, ("dice", 2))
    other.apply(0, ("dice", 5))
    for seat in (1, 2, None):
        assert json.dumps(state.view(seat), sort_keys=True) == json.dumps(other.view(seat), sort_keys=True)
    assert state.view(1)["players"][0]["dice"] is None and state.view(1)["players"][0]["dice_set"] is True
    assert state.view(0)["players"][0]["dice"] == 2
    assert state.to_move() == (1, 2)
    assert not entries(state, "dice")  # nothing revealed yet
    state.apply(1, ("dice", 4))
    state.apply(2, ("dice", 6))
    assert entries(state, "dice") == [{"choice": [2, 4, 6], "seats": [0, 1, 2]}]
    assert [p["dice"] for p in state.view(1)["players"]] == [2, 4, 6]


def test_a_seat_sets_its_die_only_once_per_round() -> None:
    state = GAME.new_state({"players": 2}, seed=1)
    state.apply(0, ("dice", 2))
    before = state.digest()
    with pytest.raises(Exception) as err:
        state.apply(0, ("dice", 3))
    assert type(err.value).__name__ == "NotYourTurnError"
    assert state.digest() == before


def test_fewest_dice_go_first() -> None:
    state = recruiting(4, [c.key for c in BY_COST[-3:]], [c.key for c in BY_COST[:5]])
    set_dice(state, [3, 1, 2, 4])
    assert entries(state, "dice")[0]["seats"] == [1, 2, 0, 3]


def test_ties_fewer_cards_then_most_expensive_card_then_younger() -> None:
    cheap, mid, dear = BY_COST[0].key, BY_COST[5].key, BY_COST[9].key
    opened = [c.key for c in BY_COST[-3:]]
    deck = [c.key for c in BY_COST[10:13]]
    # seat 0: two cards; seat 1: one dear card; seat 2: one cheap card; seat 3: one cheap... no, none.
    owned = [[cheap, mid], [dear], [BY_COST[1].key], []]
    state = recruiting(4, opened, deck, owned, ages=[30, 30, 30, 30])
    set_dice(state, [2, 2, 2, 2])
    # fewest cards: seat 3 (0 cards); then seats 1 and 2 (1 card) by the dearer card; then seat 0
    assert entries(state, "dice")[0]["seats"] == [3, 1, 2, 0]


def test_full_tie_goes_to_the_younger_player_ages_option() -> None:
    opened = [c.key for c in BY_COST[-2:]]
    deck = [c.key for c in BY_COST[:3]]
    state = recruiting(3, opened, deck, ages=[25, 61, 19])
    set_dice(state, [2, 2, 2])
    assert entries(state, "dice")[0]["seats"] == [2, 0, 1]
    # default ages: seat order is oldest first, so the last seat is the youngest
    default = GAME.normalize_options({"players": 3})["ages"]
    state = recruiting(3, opened, deck, ages=default)
    set_dice(state, [2, 2, 2])
    assert entries(state, "dice")[0]["seats"] == [2, 1, 0]


def test_any_combination_of_dice_makes_the_exact_cost() -> None:
    # dice 6, 1, 4 make the sums 1,4,5,6,7,10,11 exactly (rule: "beliebige Kombination ... exakt")
    makeable = {1, 4, 5, 6, 7, 10, 11}
    yes = [c for c in CARDS if c.cost in makeable]
    no = [c for c in CARDS if c.cost not in makeable and c.cost <= 11]
    assert yes and no
    opened = [yes[-1].key, no[-1].key]
    state = recruiting(2, opened, [BY_COST[-1].key], dice=[6, 1, 4])
    set_dice(state, [3, 4])  # seat 0 goes first with 3 dice
    assert state.phase == RECRUIT and state.to_move() == (0,)
    assert list(state.dice) == [6, 1, 4]
    assert state.reach == [yes[-1].id]
    before = state.digest()
    with pytest.raises(UnaffordableError) as err:
        state.apply(0, ("recruit", no[-1].id))
    assert err.value.rule == "mansfeld.recruit.exact-sum"
    assert state.digest() == before
    with pytest.raises(IllegalMoveError) as err2:
        state.apply(0, ("recruit", BY_COST[-1].id))  # still in the deck
    assert err2.value.rule == "mansfeld.recruit.open-card"
    assert state.digest() == before
    state.apply(0, ("recruit", yes[-1].id))
    assert state.cards[0] == [yes[-1].id]
    assert yes[-1].id not in state.open


def test_only_one_card_per_turn_even_if_the_dice_allow_more() -> None:
    a, b = BY_COST[0], BY_COST[1]
    dice = [a.cost, b.cost] if max(a.cost, b.cost) <= 6 else None
    if dice is None:
        pytest.skip("the two cheapest cards need more than one die each")
    # seat 0 rolls both costs, seat 1 rolls 1s
    state = recruiting(2, [a.key, b.key], [c.key for c in BY_COST[5:8]], dice=[*dice, 1, 1, 1])
    set_dice(state, [2, 3])
    assert sorted(state.reach) == sorted([a.id, b.id])
    state.apply(0, ("recruit", a.id))
    assert state.cards[0] == [a.id]
    assert state.to_move() != (0,) or state.phase == DICE
    assert b.id in state.open  # the second card stays for others / later rounds


def test_passing_leaves_the_card_open() -> None:
    a = BY_COST[0]
    dice = [a.cost] if a.cost <= 6 else [6] * 5
    state = recruiting(2, [a.key, BY_COST[-1].key], [c.key for c in BY_COST[5:8]], dice=dice)
    set_dice(state, [1 if a.cost <= 6 else 5, 6])
    assert state.to_move() == (0,)
    assert ("pass",) in state.legal_moves(0)
    state.apply(0, ("pass",))
    assert a.id in state.open and state.cards[0] == []


def test_turns_stop_when_no_card_lies_open() -> None:
    a, b = BY_COST[0], BY_COST[1]
    if b.cost > 6:
        pytest.skip("cheapest cards need more than one die")
    state = recruiting(3, [a.key, b.key], [c.key for c in BY_COST[5:8]], dice=[a.cost, b.cost])
    set_dice(state, [1, 1, 6])  # seats 1 then 0 go first (younger first), seat 2 last
    first, second = entries(state, "dice")[0]["seats"][:2]  # type: ignore[index]
    state.apply(first, ("recruit", state.reach[0]))
    state.apply(second, ("recruit", state.reach[0]))
    # seat 2 never rolls: no card was left
    assert all(e["seat"] != 2 for e in entries(state, "roll") + entries(state, "miss"))
    assert state.phase == DICE and state.round == 2


def test_recruiting_ends_when_a_card_should_be_revealed_but_the_deck_is_empty() -> None:
    # 4 players want 3 open cards. One dear card lies open, one card is left in the deck: after a
    # round without recruits the deck card is revealed, then the deck is empty while a second card
    # should be revealed, so recruiting ends at once: nobody sets dice again.
    dear, last = BY_COST[-1], BY_COST[-2]
    state = recruiting(4, [dear.key], [last.key], owned=[[BY_COST[0].key], [], [], []])
    set_dice(state, [1, 1, 1, 1])
    assert state.phase == COMMIT
    assert entries(state, "reveal") == [{"card": last.key}]
    assert entries(state, "recruit.end")[-1] == {"left": [dear.key, last.key]}
    assert state.deck == [] and state.open == []


def test_recruiting_ends_at_round_start_with_cards_still_open() -> None:
    opened = [c.key for c in BY_COST[-3:]]
    state = recruiting(4, opened, [], owned=[[BY_COST[0].key], [], [], []])
    set_dice(state, [1, 1, 1, 1])  # nobody can make the dear cards with one die
    assert state.phase == COMMIT
    assert entries(state, "recruit.end")[-1] == {"left": opened}
    assert state.to_move() == (0,)  # only seat 0 holds a card


def test_extra_die_counts_from_the_next_round_but_not_for_the_order() -> None:
    key = with_ability("extra_die")
    opened = [c.key for c in BY_COST[-2:]]
    state = recruiting(2, opened, [c.key for c in BY_COST[:4]], owned=[[key], []])
    set_dice(state, [2, 2])
    rolls = {e["seat"]: e["dice"] for e in entries(state, "miss") + entries(state, "roll")}
    assert len(rolls[0]) == 3 and len(rolls[1]) == 2  # type: ignore[arg-type]
    order = entries(state, "dice")[0]["seats"]
    assert order == [1, 0]  # same dice set: fewer cards first, the extra die does not count


def test_reroll_when_nothing_can_be_recruited() -> None:
    key = with_ability("reroll")
    target = BY_COST[0]
    if target.cost > 6:
        pytest.skip("cheapest card needs more than one die")
    miss = 6 if target.cost != 6 else 5
    deck = [c.key for c in BY_COST[5:9] if c.key != key][:3]  # the reroll card is in seat 0's hand
    # seat 1 first (fewer cards): miss; seat 0: miss, then hit
    state = recruiting(
        2, [target.key, BY_COST[-1].key], deck, owned=[[key], []], dice=[miss, miss, target.cost]
    )
    set_dice(state, [1, 1])
    assert state.to_move() == (0,)
    assert list(state.dice) == [target.cost] and state.reach == [target.id]


def test_adjust_counts_one_die_one_pip_more_or_less() -> None:
    key = with_ability("adjust")
    target = next(c for c in BY_COST if c.cost <= 6)
    near = target.cost - 1 if target.cost > 1 else target.cost + 1
    deck = [c.key for c in BY_COST[5:9] if c.key != key][:3]
    dice = [6 if target.cost < 5 else 1, near]
    state = recruiting(2, [target.key, BY_COST[-1].key], deck, owned=[[key], []], dice=dice)
    set_dice(state, [1, 1])
    assert state.to_move() == (0,) and state.reach == [target.id]
    assert list(state.dice) == [near]


def test_game_reveals_every_card_or_leaves_it_over() -> None:
    state = GAME.new_state({"players": 4}, seed=11)
    while state.phase in (DICE, RECRUIT):
        for seat in state.to_move():
            state.apply(seat, state.legal_moves(seat)[0])
    recruited = sum(len(h) for h in state.cards)
    assert recruited + len(state.left) == len(CARDS) and not state.deck
    assert set(BY_KEY) == {CARDS[c].key for c in state.left + [c for h in state.cards for c in h]}
