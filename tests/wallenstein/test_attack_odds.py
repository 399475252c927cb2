"""The battle odds shown with an offered attack (feldherr.wallenstein.attack_odds): they are the odds
``battle_odds`` gives for that very battle, use only the seat's view, and match the engine."""

from __future__ import annotations

from feldherr.core.game import Move
from feldherr.wallenstein.attack_odds import percents
from feldherr.wallenstein.data import BONUS_TILES, BUILD_BIT, COMBAT_A, PALACE
from feldherr.wallenstein.rules.combat import BattleKind
from feldherr.wallenstein.state import MOVE, WallensteinState
from feldherr.wallenstein.tower.fitted import FittedTower
from feldherr.wallenstein.tower.odds import Battle, Odds, Roles, battle_odds

from .scenario import GAME, cid, clear, event_index, fresh, give


def _at_attack(st: WallensteinState) -> None:
    """Seat 0 owes a movement from Anhalt (6 armies); seat 1 holds Kursachsen with 2 (1 marker)."""
    anhalt = give(st, 0, "Anhalt", 6)
    give(st, 1, "Kursachsen", 2)
    st.unrest[cid("Kursachsen")] = 1
    clear(st, "Altmark")
    st.tray = [1, 2, 0, 1, 0, 1]
    st.phase = MOVE
    st.pending = [0, anhalt, COMBAT_A]


def _tiles(st: WallensteinState, by_seat: dict[int, str]) -> None:
    """Seats hold the given bonus tiles (positions in seat order)."""
    st.bonus = list(range(len(BONUS_TILES)))
    st.positions = [-1] * st.num_players
    for pos, (seat, tile) in enumerate(sorted(by_seat.items())):
        t = BONUS_TILES.index(tile)
        j = st.bonus.index(t)
        st.bonus[pos], st.bonus[j] = st.bonus[j], st.bonus[pos]
        st.positions[seat] = pos


def _shown(st: WallensteinState, move: Move) -> dict[str, object]:
    details = GAME.move_details(st.view(0), move)
    assert details is not None
    odds = details["odds"]
    assert isinstance(odds, dict)
    return odds


def _same(shown: dict[str, object], expected: Odds) -> None:
    assert shown["win"] == expected.attacker
    assert shown["tie"] == expected.tie
    assert shown["lose"] == expected.defender
    assert shown["percent"] == percents(expected)
    assert sum(percents(expected)) == 100


def test_attack_odds_are_battle_odds_of_that_battle() -> None:
    st = fresh()
    _at_attack(st)
    _tiles(st, {0: "attack_plus1", 1: "defend_plus1"})
    move = ("move", cid("Kursachsen"), 4)
    assert move in st.legal_moves(0)
    inside = st.tower.inside()
    battle = Battle(
        BattleKind.ATTACK,
        armies=4,
        defenders=2,
        markers=1,
        attacker_bonus=True,
        defender_bonus=True,
        tray=Roles.from_colours(st.tray, 0, 1),
    )
    expected = battle_odds(battle, FittedTower(), inside=Roles.from_colours(inside, 0, 1))
    _same(_shown(st, move), expected)
    win, tie, lose = percents(expected)
    text = GAME.describe_move(st.view(0), move, "en")
    assert (
        text
        == f"Attack Kursachsen (Blue) from Anhalt with 4 armies — win {win} %, tie {tie} %, lose {lose} %"
    )
    assert f"Sieg {win} %" in GAME.describe_move(st.view(0), move, "de")


def test_palace_event_and_empty_supply() -> None:
    st = fresh()
    _at_attack(st)
    st.buildings[cid("Kursachsen")] |= BUILD_BIT[PALACE]
    st.event = event_index("palace_defender_plus1")
    move = ("move", cid("Kursachsen"), 3)
    inside = Roles.from_colours(st.tower.inside(), 0, 1)
    tray = Roles.from_colours(st.tray, 0, 1)
    palace = Battle(BattleKind.ATTACK, armies=3, defenders=2, markers=1, palace=True, tray=tray)
    _same(_shown(st, move), battle_odds(palace, FittedTower(), inside=inside))
    st.supply[1] = 0  # the extra defender comes from the supply: none there, none thrown
    plain = Battle(BattleKind.ATTACK, armies=3, defenders=2, markers=1, tray=tray)
    _same(_shown(st, move), battle_odds(plain, FittedTower(), inside=inside))


def test_neutral_county_with_the_two_peasants_event() -> None:
    st = fresh()
    _at_attack(st)
    st.event = event_index("neutral_two_peasants")
    move = ("move", cid("Altmark"), 2)
    assert move in st.legal_moves(0)
    battle = Battle(
        BattleKind.NEUTRAL, armies=2, double_peasants=True, tray=Roles.from_colours(st.tray, 0, None)
    )
    inside = Roles.from_colours(st.tower.inside(), 0, None)
    _same(_shown(st, move), battle_odds(battle, FittedTower(), inside=inside))


def test_no_odds_without_a_battle() -> None:
    st = fresh()
    _at_attack(st)
    give(st, 0, "Altmark", 1)
    view = st.view(0)
    own = ("move", cid("Altmark"), 2)
    assert own in st.legal_moves(0)
    assert GAME.move_details(view, own) is None
    assert GAME.move_details(view, ("pass",)) is None
    assert "%" not in GAME.describe_move(view, own)


def test_odds_use_only_public_facts() -> None:
    """Where the cubes sit inside the tower is hidden: a determinized state shows the same odds."""
    st = fresh()
    _at_attack(st)
    move = ("move", cid("Kursachsen"), 5)
    shown = _shown(st, move)
    for seed in range(5):
        other = st.determinize(0, seed)
        assert GAME.move_details(other.view(0), move) == {"odds": shown}


def test_odds_match_the_engine() -> None:
    """Play the attack many times from states a player cannot tell apart: the frequencies of the
    verdicts agree with the odds shown (2,000 battles: within 4 standard errors)."""
    st = fresh()
    _at_attack(st)
    move = ("move", cid("Kursachsen"), 4)
    shown = _shown(st, move)
    n = 2000
    counts = {"attacker": 0, "tie": 0, "defender": 0}
    for seed in range(n):
        trial = st.determinize(0, seed)
        trial.apply(0, move)
        battle = next(e for e in reversed(trial.log) if e["k"] == "battle")
        counts[battle["a"]["verdict"]] += 1
    for key, p in (("attacker", shown["win"]), ("tie", shown["tie"]), ("defender", shown["lose"])):
        assert isinstance(p, float)
        assert abs(counts[key] / n - p) < 4 * (p * (1 - p) / n) ** 0.5 + 1e-3, (key, counts, shown)
