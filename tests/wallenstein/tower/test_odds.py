"""Battle odds: the exact convolution agrees with judging every outcome, and with sampling."""

from __future__ import annotations

import itertools

import pytest

from feldherr.core.rng import Rng
from feldherr.wallenstein.rules.combat import BattleKind, Verdict, judge
from feldherr.wallenstein.tower.errors import TowerInputError
from feldherr.wallenstein.tower.fitted import FittedTower
from feldherr.wallenstein.tower.model import SimpleTower, TwoLevelTower
from feldherr.wallenstein.tower.odds import Battle, Roles, battle_odds, binomial_pmf, odds_from_distributions


def brute(kind: BattleKind, unrest: bool, pa: list[float], pd: list[float], pp: list[float]) -> list[float]:
    res = [0.0] * 5
    for (a, wa), (d, wd), (p, wp) in itertools.product(enumerate(pa), enumerate(pd), enumerate(pp)):
        w = wa * wd * wp
        r = judge(kind, a, d, p, unrest)
        res[[Verdict.ATTACKER, Verdict.TIE, Verdict.DEFENDER].index(r.verdict)] += w
        res[3] += w * r.attacker_survivors
        res[4] += w * r.defender_survivors
    return res


def random_pmf(rng: Rng, n: int) -> list[float]:
    w = [rng.random() + 0.01 for _ in range(n)]
    s = sum(w)
    return [x / s for x in w]


@pytest.mark.parametrize("kind", list(BattleKind))
@pytest.mark.parametrize("unrest", [False, True])
def test_exact_aggregation_matches_judge(kind: BattleKind, unrest: bool) -> None:
    rng = Rng(7)
    for _ in range(40):
        pa, pd, pp = (random_pmf(rng, 1 + rng.below(7)) for _ in range(3))
        if kind is BattleKind.NEUTRAL:
            pd = [1.0]  # no defender colour in a neutral county
        got = odds_from_distributions(kind, unrest and kind is BattleKind.ATTACK, pa, pd, pp)
        want = brute(kind, unrest and kind is BattleKind.ATTACK, pa, pd, pp)
        assert got == pytest.approx(want, abs=1e-12)


def test_binomial_pmf() -> None:
    assert binomial_pmf(3, 0.5) == pytest.approx([0.125, 0.375, 0.375, 0.125])
    assert binomial_pmf(2, 0.0) == [1.0, 0.0, 0.0]
    assert binomial_pmf(2, 1.0) == [0.0, 0.0, 1.0]
    assert sum(binomial_pmf(30, 0.37)) == pytest.approx(1.0)


BATTLES = [
    (Battle(BattleKind.ATTACK, armies=4, defenders=3, tray=Roles(1, 0, 2, 1)), Roles(5, 4, 6, 10)),
    (Battle(BattleKind.ATTACK, armies=2, defenders=3, markers=1, defender_bonus=True), Roles(3, 3, 8, 0)),
    (Battle(BattleKind.NEUTRAL, armies=3, double_peasants=True, attacker_bonus=True), Roles(4, 0, 7, 12)),
    (Battle(BattleKind.REVOLT, defenders=3, markers=2, winter_extra=1), Roles(0, 5, 6, 9)),
]


@pytest.mark.parametrize(("battle", "inside"), BATTLES)
@pytest.mark.parametrize("model", [FittedTower(), SimpleTower()], ids=["fitted", "simple"])
def test_exact_agrees_with_monte_carlo(battle: Battle, inside: Roles, model: object) -> None:
    assert isinstance(model, FittedTower | SimpleTower)
    exact = battle_odds(battle, model, inside=inside)
    mc = battle_odds(battle, model, inside=inside, samples=4000, seed=3)
    assert exact.exact and not mc.exact and mc.stderr > 0
    total = exact.attacker + exact.tie + exact.defender
    assert total == pytest.approx(1.0)
    # The exact split of inside cubes over the levels is averaged into one probability per cube,
    # the sampler draws the split: allow 4.5 standard errors plus 0.01 for that approximation.
    tol = 4.5 * mc.stderr + 0.01
    assert mc.attacker == pytest.approx(exact.attacker, abs=tol)
    assert mc.tie == pytest.approx(exact.tie, abs=tol)
    assert mc.defender == pytest.approx(exact.defender, abs=tol)
    assert mc.attacker_survivors == pytest.approx(exact.attacker_survivors, abs=0.1)
    assert mc.defender_survivors == pytest.approx(exact.defender_survivors, abs=0.1)


def test_exact_with_known_levels_matches_sampling() -> None:
    battle = Battle(BattleKind.ATTACK, armies=4, defenders=3)
    levels = (Roles(2, 2, 3, 4), Roles(3, 2, 3, 6))
    model = FittedTower()
    exact = battle_odds(battle, model, levels=levels)
    mc = battle_odds(battle, model, levels=levels, samples=5000, seed=11)
    assert mc.attacker == pytest.approx(exact.attacker, abs=4.5 * mc.stderr)
    assert mc.defender == pytest.approx(exact.defender, abs=4.5 * mc.stderr)


def test_two_level_guess_is_sampled_with_error() -> None:
    battle = Battle(BattleKind.ATTACK, armies=5, defenders=2)
    odds = battle_odds(battle, TwoLevelTower(), inside=Roles(2, 2, 2, 2), samples=500, seed=1)
    assert not odds.exact and odds.samples == 500 and 0 < odds.stderr < 0.03


def test_more_attackers_win_more() -> None:
    model = FittedTower()
    inside = Roles(3, 3, 4, 8)
    wins = [
        battle_odds(Battle(BattleKind.ATTACK, armies=k, defenders=3), model, inside=inside).attacker
        for k in range(1, 9)
    ]
    assert wins == sorted(wins) and wins[0] < 0.2 < 0.6 < wins[-1]


def test_bonus_and_event_change_what_is_thrown() -> None:
    b = Battle(
        BattleKind.ATTACK,
        armies=3,
        defenders=2,
        attacker_bonus=True,
        defender_bonus=True,
        palace=True,
        tray=Roles(0, 1, 2, 3),
    )
    assert b.thrown() == Roles(4, 5, 2, 3)
    n = Battle(BattleKind.NEUTRAL, armies=2, double_peasants=True)
    assert n.engaged() == Roles(2, 0, 2, 0)
    r = Battle(BattleKind.REVOLT, defenders=4, markers=1, winter_extra=2)
    assert r.engaged() == Roles(0, 4, 3, 0)
    assert Battle(BattleKind.ATTACK, armies=1, defenders=1, markers=2).unrest


@pytest.mark.parametrize(
    "kwargs",
    [
        {"kind": BattleKind.ATTACK, "armies": -1, "defenders": 2},
        {"kind": BattleKind.ATTACK, "armies": 0, "defenders": 2},
        {"kind": BattleKind.ATTACK, "armies": 2, "defenders": 0},
        {"kind": BattleKind.NEUTRAL, "armies": 2, "defenders": 1},
        {"kind": BattleKind.REVOLT, "defenders": 2, "attacker_bonus": True},
        {"kind": BattleKind.REVOLT, "defenders": 0, "markers": 1},
        {"kind": BattleKind.ATTACK, "armies": 2, "defenders": 1, "winter_extra": 1},
        {"kind": BattleKind.ATTACK, "armies": 2.5, "defenders": 1},
    ],
)
def test_bad_battles_are_rejected(kwargs: dict[str, object]) -> None:
    with pytest.raises(TowerInputError):
        Battle(**kwargs)  # type: ignore[arg-type]


def test_roles_parse() -> None:
    assert Roles.parse("a=3, d=2,p=1,o=4") == Roles(3, 2, 1, 4)
    assert Roles.parse("peasants=2") == Roles(peasants=2)
    assert Roles.parse("") == Roles()
    with pytest.raises(TowerInputError, match="there is no role"):
        Roles.parse("x=3")
    with pytest.raises(TowerInputError, match="negative"):
        Roles.parse("a=-1")
    with pytest.raises(TowerInputError, match="role=count"):
        Roles.parse("a:3")
    with pytest.raises(TowerInputError):
        Roles(attacker=-2)


def test_roles_from_game_colours() -> None:
    assert Roles.from_colours([3, 1, 4, 0, 2, 6], attacker=2, defender=0) == Roles(4, 3, 6, 3)
    assert Roles.from_colours([3, 1, 4, 0, 2, 6], attacker=None, defender=1) == Roles(0, 1, 6, 9)
    with pytest.raises(TowerInputError, match="unknown colour"):
        Roles.from_colours([0] * 6, attacker=7, defender=1)
    with pytest.raises(TowerInputError):
        Roles.from_colours([0, -1, 0, 0, 0, 0], attacker=0, defender=1)
    with pytest.raises(TowerInputError):
        Roles.from_colours([0] * 5, attacker=0, defender=1)
