"""The rulebook's sentences that the other rules tests leave unpinned, each test quoting its sentence
(``shared/rules/ernst-von-mansfeld-de.md``; the readings are in ``docs/rules-notes.md``, M1-M23).

The cards are picked from the data file by cost, strength and ability, so the tests keep working
when an owner corrects the assumed cards (a test skips itself where the deck has no fitting cards).
"""

from __future__ import annotations

from itertools import combinations

import pytest

from feldherr.mansfeld.data import CARDS, Card
from feldherr.mansfeld.game import MansfeldState
from feldherr.mansfeld.scenario import conquering, recruiting
from feldherr.mansfeld.state import COMMIT, OVER

PLAIN = [c for c in CARDS if c.ability is None]
BY_COST = sorted(CARDS, key=lambda c: c.cost)


def commit(state: MansfeldState, seat: int, cards: list[Card]) -> None:
    state.apply(seat, ("commit", tuple(sorted(c.id for c in cards))))


def entries(state: MansfeldState, key: str) -> list[dict[str, object]]:
    return [e["a"] for e in state.log if e["k"] == key]


def test_every_province_is_worth_its_die_plus_its_number() -> None:
    """ "Dazu wird ein Würfel geworfen und ein zweiter Würfel auf die Augenzahl gedreht, um die
    wievielte Provinz es sich handelt. Wird z. B. bei der ersten Provinz eine 4 gewürfelt, so ist
    diese 5 Punkte wert (4+1)." — for all six provinces, and with the example's 4 for the first."""
    rolled = [4, 1, 6, 3, 2, 5]
    dice: list[int] = []
    for die in rolled:
        dice += [die, 3, 3]  # the province's die, then the two players' luck dice
    state = conquering(2, [[PLAIN[0].key], [PLAIN[1].key]], province_dice=dice)
    for number in range(1, 7):
        assert state.phase == COMMIT and len(state.values) == number
        commit(state, 0, [])  # nobody commits: the province is set aside, the hands stay
        commit(state, 1, [])
    assert state.values == [die + number for number, die in enumerate(rolled, 1)]
    assert state.values[0] == 5
    assert state.phase == OVER and state.owner == [-1] * 6  # "erobert (oder beiseite gelegt)"


def test_whoever_alone_commits_a_card_conquers_whatever_the_totals() -> None:
    """ "Wer keine Karten gelegt hat, kann auf keinen Fall eine Provinz erobern." — the weakest
    card with luck 1 conquers against players who hold stronger cards and rolled 6 but commit none."""
    weak = min(PLAIN, key=lambda c: c.strength)
    strong = [c for c in PLAIN if c.strength > weak.strength][:2]
    state = conquering(3, [[weak.key], [strong[0].key], [strong[1].key]], province_dice=[3, 1, 6, 6])
    commit(state, 0, [weak])
    commit(state, 1, [])
    commit(state, 2, [])
    assert state.owner[0] == 0
    assert entries(state, "conquer")[-1]["seat"] == 0


def test_a_battle_tie_compares_the_price_of_the_highest_card_not_the_sum_of_prices() -> None:
    """ "Haben mehrere Spieler ein gleichstarkes Heer in den Kampf geschickt, entscheidet zuerst die
    Mehrheit der gelegten Karten und dann der Preis der höchsten Karte." — equal totals, two cards
    each: the army with the dearest single card wins although the other army cost more in all."""
    found = None
    for (a, b), (x, y) in combinations(list(combinations(PLAIN, 2)), 2):
        if {a, b} & {x, y} or a.strength + b.strength != x.strength + y.strength:
            continue
        if max(a.cost, b.cost) > max(x.cost, y.cost) and a.cost + b.cost < x.cost + y.cost:
            found = (a, b), (x, y)
            break
        if max(x.cost, y.cost) > max(a.cost, b.cost) and x.cost + y.cost < a.cost + b.cost:
            found = (x, y), (a, b)
            break
    if found is None:
        pytest.skip("no two pairs of plain cards with equal strength whose top and total prices disagree")
    dear_top, dear_sum = found
    state = conquering(2, [[c.key for c in dear_sum], [c.key for c in dear_top]], province_dice=[2, 4, 4])
    commit(state, 0, list(dear_sum))
    commit(state, 1, list(dear_top))
    assert state.owner[0] == 1
    assert not entries(state, "tie.reroll")


def test_only_the_tied_players_reroll_until_one_is_higher() -> None:
    """ "Herrscht dann immer noch Gleichstand, so werfen die beteiligten so lange ihren
    Kriegsglück-Würfel erneut, bis einer ein höheres Ergebnis erzielt und damit den Kampf gewinnt.
    Die gelegten Karten werden dabei jeweils auch mit eingerechnet." — three players: the third,
    lower, never re-rolls; a re-roll that ties again is rolled again, the cards still counting."""
    pair = next(
        ((a, b) for a, b in combinations(PLAIN, 2) if a.strength == b.strength and a.cost == b.cost), None
    )
    if pair is None:
        pytest.skip("no two plain cards alike in strength and cost")
    weaker = next((c for c in PLAIN if c.strength < pair[0].strength), None)
    if weaker is None:
        pytest.skip("no weaker plain card")
    a, b = pair
    # province 1 worth 3; luck 2, 2, 1: seats 0 and 1 tie, seat 2 is lower and stays out;
    # the re-roll of seats 0 and 1: 5, 5 (a tie again), then 1, 3: seat 1 wins
    state = conquering(3, [[a.key], [b.key], [weaker.key]], province_dice=[2, 2, 2, 1, 5, 5, 1, 3])
    commit(state, 0, [a])
    commit(state, 1, [b])
    commit(state, 2, [weaker])
    assert entries(state, "tie.reroll") == [{"luck": {"0": 5, "1": 5}}, {"luck": {"0": 1, "1": 3}}]
    assert state.owner[0] == 1
    assert state.used[2] == [weaker.id]  # the loser's card is used up too


def test_the_order_tie_compares_the_single_most_expensive_card() -> None:
    """ "Zuerst der Spieler mit weniger Karten, bei erneutem Gleichstand der Spieler mit der
    teuersten Karte" — two cards each: the player whose dearest card costs more goes first, though
    the other player's two cards cost more together."""
    cheap, dearest = BY_COST[0], BY_COST[-1]
    pair = next(
        (
            (x, y)
            for x, y in combinations(BY_COST[1:-1], 2)
            if max(x.cost, y.cost) < dearest.cost and x.cost + y.cost > cheap.cost + dearest.cost
        ),
        None,
    )
    if pair is None:
        pytest.skip("no pair of cards dearer in sum but cheaper at the top")
    used = {cheap.key, dearest.key, pair[0].key, pair[1].key}
    rest = [c.key for c in BY_COST if c.key not in used]
    opened, deck = rest[-2:], rest[:3]
    state = recruiting(
        2, opened, deck, owned=[[p.key for p in pair], [cheap.key, dearest.key]], ages=[20, 50]
    )
    state.apply(0, ("dice", 3))
    state.apply(1, ("dice", 3))
    # same dice, same number of cards: seat 1 (the dearest card) before seat 0, the younger player
    assert entries(state, "dice")[0]["seats"] == [1, 0]


def test_luck_is_rolled_by_every_player_holding_cards_before_committing() -> None:
    """ "Dann wirft jeder Spieler einen eigenen Würfel. Das Ergebnis gibt an, wie viel Kriegsglück der
    Spieler in dieser Runde an seiner Seite hat. Dann legt jeder Spieler beliebig viele Karten vor sich
    ab" — every player holding cards has an own luck die, open to all, before anyone commits; each
    province rolls it anew."""
    hands = [[PLAIN[0].key, PLAIN[1].key], [PLAIN[2].key, PLAIN[3].key], [PLAIN[4].key, PLAIN[5].key]]
    state = conquering(3, hands, province_dice=[1, 6, 2, 5, 3, 1, 4, 6])
    assert state.luck == [6, 2, 5]
    assert [p["luck"] for p in state.view(2)["players"]] == [6, 2, 5]
    for seat in range(3):
        commit(state, seat, [])
    assert state.luck == [1, 4, 6]  # province 2: new luck dice
    assert entries(state, "province")[-1] == {"no": 2, "value": 5, "luck": [1, 4, 6]}


def test_the_reroll_counts_the_committed_cards() -> None:
    """ "Die gelegten Karten werden dabei jeweils auch mit eingerechnet." — two single cards of equal
    price but unequal strength tie through their luck; in the re-roll the weaker card's player
    rolls one more and ties again (the cards count), then the same roll wins for the stronger card."""
    no_battle_ability = [c for c in CARDS if c.ability not in ("double_luck", "tiebreak")]
    pair = next(
        (
            (a, b) if a.strength > b.strength else (b, a)
            for a, b in combinations(no_battle_ability, 2)
            if a.cost == b.cost and abs(a.strength - b.strength) == 1
        ),
        None,
    )
    if pair is None:
        pytest.skip("no two cards of equal price whose strengths differ by one")
    strong, weak = pair
    # luck 2 and 3: strong + 2 == weak + 3; re-roll 3 and 4: a tie again; then 5 and 5: strong wins
    state = conquering(2, [[strong.key], [weak.key]], province_dice=[1, 2, 3, 3, 4, 5, 5])
    commit(state, 0, [strong])
    commit(state, 1, [weak])
    assert entries(state, "tie.reroll") == [{"luck": {"0": 3, "1": 4}}, {"luck": {"0": 5, "1": 5}}]
    assert state.owner[0] == 0


def test_a_conquering_ability_works_once_its_card_is_used_up() -> None:
    """ "Beim Erobern wirksame Fähigkeiten können jeweils nur einmal eingesetzt werden, da die
    Charakterkarten dann verbraucht sind." — a card with a conquering ability, committed for
    province 1, is gone: no commitment for province 2 can hold it."""
    special = next((c for c in CARDS if c.ability in ("double_luck", "tiebreak")), None)
    if special is None:
        pytest.skip("the deck has no conquering ability")
    other = PLAIN[0]
    state = conquering(2, [[special.key, other.key], [PLAIN[1].key]], province_dice=[1, 2, 3])
    commit(state, 0, [special])
    commit(state, 1, [])
    assert state.used[0] == [special.id] and state.cards[0] == [other.id]
    assert all(special.id not in move[1] for move in state.legal_moves(0))


def test_the_hands_of_phase_two_are_the_cards_recruited_in_phase_one() -> None:
    """ "Alle Spieler nehmen die Karten auf die Hand, die sie in der ersten Phase rekrutieren
    konnten." — over a whole game: each hand at the first province is what its player recruited."""
    from feldherr.mansfeld.game import GAME

    for players in (2, 3, 4):
        state = GAME.new_state({"players": players}, seed=40 + players)
        while state.phase != COMMIT and state.phase != OVER:
            for seat in state.to_move():
                moves = state.legal_moves(seat)
                state.apply(seat, moves[0] if moves[0][0] != "dice" else moves[-1])
        recruited: list[list[str]] = [[] for _ in range(players)]
        for e in entries(state, "recruit"):
            recruited[int(str(e["seat"]))].append(str(e["card"]))
        assert any(recruited)
        hands = [sorted(CARDS[c].key for c in state.cards[s]) for s in range(players)]
        assert hands == [sorted(r) for r in recruited]
        assert state.used == [[] for _ in range(players)]
