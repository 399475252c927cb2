"""Phase 2, Erobern, and the end: province values, luck, hidden commitments, the tie-break chain."""

from __future__ import annotations

import json
from itertools import combinations

import pytest

from feldherr.core.errors import NotOwnedError
from feldherr.mansfeld.data import CARDS, KEYS, Card
from feldherr.mansfeld.game import GAME, MansfeldState
from feldherr.mansfeld.scenario import conquering
from feldherr.mansfeld.state import COMMIT, OVER

PLAIN = [c for c in CARDS if c.ability is None]


def commit(state: MansfeldState, seat: int, cards: list[Card]) -> None:
    state.apply(seat, ("commit", tuple(sorted(c.id for c in cards))))


def last(state: MansfeldState, key: str) -> dict[str, object]:
    return [e["a"] for e in state.log if e["k"] == key][-1]


def test_province_value_is_a_roll_plus_its_number() -> None:
    # "Wird z. B. bei der ersten Provinz eine 4 gewürfelt, so ist diese 5 Punkte wert (4+1)."
    state = conquering(2, [[PLAIN[0].key], [PLAIN[1].key]], province_dice=[4, 2, 3])
    assert state.values == [5]
    assert state.luck == [2, 3]
    assert [p["luck"] for p in state.view(1)["players"]] == [2, 3]  # luck dice are rolled openly
    assert state.view(1)["provinces"] == [{"no": 1, "value": 5, "owner": None}]


def test_strength_plus_luck_highest_wins() -> None:
    weak, strong = PLAIN[0], PLAIN[-1]
    state = conquering(2, [[weak.key], [strong.key]], province_dice=[1, 6, 1])
    commit(state, 0, [weak])
    commit(state, 1, [strong])
    expected = 0 if weak.strength + 6 > strong.strength + 1 else 1
    assert state.owner[0] == expected
    shown = [[weak.key], [strong.key]]
    assert last(state, "conquer") == {"seat": expected, "no": 1, "value": 2, "cards": shown}


def test_luck_counts_only_with_at_least_one_card() -> None:
    weak, strong = PLAIN[0], PLAIN[-1]
    state = conquering(2, [[strong.key], [weak.key]], province_dice=[3, 6, 1])
    commit(state, 0, [])  # no card: luck 6 does not count, and no conquest at all
    commit(state, 1, [weak])
    assert state.owner[0] == 1


def test_nobody_commits_the_province_is_set_aside() -> None:
    state = conquering(3, [[PLAIN[0].key], [PLAIN[1].key], []], province_dice=[2, 3, 4])
    assert state.to_move() == (0, 1)  # only seats holding cards decide
    commit(state, 0, [])
    commit(state, 1, [])
    assert state.owner[0] == -1
    assert last(state, "aside") == {"no": 1}
    assert state.cards[0] == [PLAIN[0].id]  # nothing used
    assert len(state.values) == 2 and state.phase == COMMIT


def test_without_any_cards_every_province_is_set_aside_and_the_win_is_shared() -> None:
    state = conquering(3, [[], [], []])
    assert state.phase == OVER
    assert state.owner == [-1] * 6 and len(state.values) == 6
    out = state.outcome()
    assert out.winners == (0, 1, 2) and out.scores == (0.0, 0.0, 0.0)


def _sum_pair() -> tuple[Card, Card, Card]:
    for a, b in combinations(PLAIN, 2):
        for x in PLAIN:
            if x not in (a, b) and a.strength + b.strength == x.strength:
                return a, b, x
    pytest.skip("no two plain cards add up to a third")


def test_tie_more_cards_wins() -> None:
    a, b, x = _sum_pair()
    state = conquering(2, [[x.key], [a.key, b.key]], province_dice=[3, 4, 4])
    commit(state, 0, [x])
    commit(state, 1, [a, b])
    assert state.owner[0] == 1


def _equal_strength(same_cost: bool) -> tuple[Card, Card]:
    for a, b in combinations(PLAIN, 2):
        if a.strength == b.strength and (a.cost == b.cost) == same_cost:
            return (a, b) if a.cost >= b.cost else (b, a)
    pytest.skip("no suitable pair of plain cards")


def test_tie_same_count_the_more_expensive_card_wins() -> None:
    dear, cheap = _equal_strength(same_cost=False)
    state = conquering(2, [[cheap.key], [dear.key]], province_dice=[3, 5, 5])
    commit(state, 0, [cheap])
    commit(state, 1, [dear])
    assert state.owner[0] == 1


def test_full_tie_rerolls_luck_until_broken_cards_still_count() -> None:
    a, b = _equal_strength(same_cost=True)
    # province 3 with luck 2/2; re-rolls: 4/4 (tie again), then 1/5
    state = conquering(2, [[a.key], [b.key]], province_dice=[2, 2, 2, 4, 4, 1, 5])
    commit(state, 0, [a])
    commit(state, 1, [b])
    rerolls = [e["a"] for e in state.log if e["k"] == "tie.reroll"]
    assert rerolls == [{"luck": {"0": 4, "1": 4}}, {"luck": {"0": 1, "1": 5}}]
    assert state.owner[0] == 1


def test_committed_cards_are_used_up() -> None:
    a, b = PLAIN[0], PLAIN[1]
    state = conquering(2, [[a.key, b.key], [PLAIN[2].key]], province_dice=[1, 1, 1])
    commit(state, 0, [a])
    commit(state, 1, [])
    assert state.cards[0] == [b.id] and state.used[0] == [a.id]
    before = state.digest()
    with pytest.raises(NotOwnedError) as err:
        state.apply(0, ("commit", (a.id,)))
    assert err.value.rule == "mansfeld.conquer.own-cards"
    assert state.digest() == before


def test_commitments_are_hidden_even_their_number() -> None:
    hands = [[c.key for c in PLAIN[:3]], [PLAIN[3].key], [PLAIN[4].key]]
    state = conquering(3, hands, province_dice=[2, 3, 4, 5])
    other = state.clone()
    third = state.clone()
    commit(state, 0, PLAIN[:3])
    commit(other, 0, [PLAIN[0]])
    commit(third, 0, [])
    for seat in (1, 2, None):
        views = {json.dumps(s.view(seat), sort_keys=True) for s in (state, other, third)}
        assert len(views) == 1
        text = views.pop()
        players = json.loads(text)["players"]
        assert all(PLAIN[1].key not in p["used"] for p in players)  # not even among used cards yet
    assert state.view(0)["my_commit"] == [c.key for c in PLAIN[:3]]
    assert [p["committed"] for p in state.view(1)["players"]] == [True, False, False]


def test_tiebreak_ability_wins_a_tie_before_card_count() -> None:
    special = next((c for c in CARDS if c.ability == "tiebreak"), None)
    if special is None:
        pytest.skip("no tiebreak card")
    pair = next(
        ((a, b) for a, b in combinations(PLAIN, 2) if a.strength + b.strength == special.strength), None
    )
    if pair is None:
        pytest.skip("no pair matching the tiebreak card's strength")
    state = conquering(2, [[special.key], [pair[0].key, pair[1].key]], province_dice=[1, 3, 3])
    commit(state, 0, [special])
    commit(state, 1, list(pair))
    assert state.owner[0] == 0


def test_double_luck_adds_the_luck_die_once_more() -> None:
    special = next((c for c in CARDS if c.ability == "double_luck"), None)
    if special is None:
        pytest.skip("no double_luck card")
    rival = next((c for c in PLAIN if special.strength + 5 < c.strength + 6 < special.strength + 10), None)
    if rival is None:
        pytest.skip("no rival card of suitable strength")
    state = conquering(2, [[special.key], [rival.key]], province_dice=[1, 5, 6])
    commit(state, 0, [special])
    commit(state, 1, [rival])
    assert state.owner[0] == 0  # special + 5 + 5 beats rival + 6


def test_six_provinces_then_game_over() -> None:
    state = conquering(2, [[c.key for c in PLAIN[:8]], [c.key for c in PLAIN[8:12]]])
    for _ in range(6):
        assert state.phase == COMMIT
        for seat in state.to_move():
            hand = state.cards[seat]
            state.apply(seat, ("commit", (hand[0],)))
    assert state.phase == OVER and state.to_move() == ()
    assert len(state.values) == 6
    assert all(n + 2 <= v <= n + 7 for n, v in enumerate(state.values))


def _finished(values: list[int], owner: list[int], players: int = 3) -> MansfeldState:
    """A game over: the six provinces drawn with these values and owners (-1: set aside), every
    character left over (the position's ``provinces``, phase ``over``)."""
    names = [f"Player {s + 1}" for s in range(players)]
    position = {
        "game": "mansfeld",
        "players": [{"name": name} for name in names],
        "phase": "over",
        "left": list(KEYS),
        "provinces": [
            {"value": v, "owner": names[o] if o >= 0 else None} for v, o in zip(values, owner, strict=True)
        ],
    }
    state = GAME.from_position(position, 0)
    assert state.phase == OVER and state.values == values and state.owner == owner
    return state


def test_end_highest_sum_wins() -> None:
    out = _finished([2, 3, 4, 5, 6, 7], [0, 0, 1, 1, 2, -1]).outcome()
    assert out.scores == (5.0, 9.0, 6.0) and out.winners == (1,)


def test_end_tie_more_provinces_then_most_valuable_then_shared() -> None:
    # equal sums 10; seat 0 holds three provinces, seat 1 two
    out = _finished([2, 3, 5, 4, 6, 7], [0, 0, 0, 1, 1, -1]).outcome()
    assert out.winners == (0,)
    # equal sums 11 and counts 2: the most valuable province (7 over 6) decides
    out = _finished([4, 7, 5, 6, 3, 3], [0, 0, 1, 1, -1, -1]).outcome()
    assert out.winners == (0,)
    # equal in everything: a shared win
    out = _finished([4, 7, 4, 7, 3, 3], [0, 0, 1, 1, -1, -1]).outcome()
    assert out.winners == (0, 1) and out.win_shares == (0.5, 0.5, 0.0)
