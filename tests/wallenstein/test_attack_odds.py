"""The battle odds shown with an offered attack (feldherr.wallenstein.attack_odds): they are the odds
``battle_odds`` gives for that very battle, use only the seat's view, and match the engine."""

from __future__ import annotations

from feldherr.core.game import Move
from feldherr.wallenstein.attack_odds import percents
from feldherr.wallenstein.data import COMBAT_A
from feldherr.wallenstein.rules.combat import BattleKind
from feldherr.wallenstein.state import WallensteinState
from feldherr.wallenstein.tower.fitted import FittedTower
from feldherr.wallenstein.tower.odds import Battle, Odds, Roles, battle_odds

from .scenario import COLOURS, GAME, Table, cid


def _at_attack() -> Table:
    """Seat 0 owes a movement from Anhalt (6 armies); seat 1 holds Kursachsen with 2 (1 marker)."""
    table = Table()
    table.give(0, "Anhalt", 6)
    table.give(1, "Kursachsen", 2)
    table.revolt_markers("Kursachsen", 1)
    table.clear("Altmark")
    table.tray([1, 2, 0, 1, 0, 1])
    table.owe_movement(0, "Anhalt", COMBAT_A)
    return table


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
    table = _at_attack()
    table.tiles({0: "attack_plus1", 1: "defend_plus1"})
    st = table.state()
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
        text == f"Attack Kursachsen (Blue) from Anhalt with 4 armies — win {win}%, tie {tie}%, lose {lose}%"
    )
    # German as Babel writes a percentage: a no-break space before the sign
    german = GAME.describe_move(st.view(0), move, "de")
    assert f"Sieg {win}\u00a0%, Unentschieden {tie}\u00a0%, Niederlage {lose}\u00a0%" in german, german
    # the browser's phrase leaves the odds to the client (move_details, worded with Intl)
    assert (
        GAME.describe_move_bare(st.view(0), move, "en")
        == "Attack Kursachsen (Blue) from Anhalt with 4 armies"
    )


def test_palace_event_and_empty_supply() -> None:
    table = _at_attack()
    table.build("Kursachsen", "palace")
    table.event("palace_defender_plus1")
    st = table.state()
    move = ("move", cid("Kursachsen"), 3)
    inside = Roles.from_colours(st.tower.inside(), 0, 1)
    tray = Roles.from_colours(st.tray, 0, 1)
    palace = Battle(BattleKind.ATTACK, armies=3, defenders=2, markers=1, palace=True, tray=tray)
    _same(_shown(st, move), battle_odds(palace, FittedTower(), inside=inside))
    # the extra defender comes from the supply: none there (all of Blue's armies stand in its
    # counties far away), none thrown
    table = Table.of(st)
    far = next(n for n, c in table.pos["counties"].items() if c["owner"] == COLOURS[1] and n != "Kursachsen")
    table.give(1, far, table.county(far)["armies"] + table.player(1)["armies_in_supply"])
    assert table.player(1)["armies_in_supply"] == 0
    st = table.state()
    plain = Battle(BattleKind.ATTACK, armies=3, defenders=2, markers=1, tray=tray)
    _same(_shown(st, move), battle_odds(plain, FittedTower(), inside=inside))


def test_neutral_county_with_the_two_peasants_event() -> None:
    table = _at_attack()
    table.event("neutral_two_peasants")
    st = table.state()
    move = ("move", cid("Altmark"), 2)
    assert move in st.legal_moves(0)
    battle = Battle(
        BattleKind.NEUTRAL, armies=2, double_peasants=True, tray=Roles.from_colours(st.tray, 0, None)
    )
    inside = Roles.from_colours(st.tower.inside(), 0, None)
    _same(_shown(st, move), battle_odds(battle, FittedTower(), inside=inside))


def test_no_odds_without_a_battle() -> None:
    table = _at_attack()
    table.give(0, "Altmark", 1)
    st = table.state()
    view = st.view(0)
    own = ("move", cid("Altmark"), 2)
    assert own in st.legal_moves(0)
    assert GAME.move_details(view, own) is None
    assert GAME.move_details(view, ("pass",)) is None
    assert "%" not in GAME.describe_move(view, own)


def test_odds_use_only_public_facts() -> None:
    """Where the cubes sit inside the tower is hidden: a determinized state shows the same odds."""
    st = _at_attack().state()
    move = ("move", cid("Kursachsen"), 5)
    shown = _shown(st, move)
    for seed in range(5):
        other = st.determinize(0, seed)
        assert GAME.move_details(other.view(0), move) == {"odds": shown}


def test_odds_match_the_engine() -> None:
    """Play the attack many times from states a player cannot tell apart: the frequencies of the
    verdicts agree with the odds shown (2,000 battles: within 4 standard errors)."""
    st = _at_attack().state()
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
