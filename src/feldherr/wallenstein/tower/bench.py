"""Benchmarks for docs/benchmarks.md (The cube tower):
``python -m feldherr.wallenstein.tower.bench [--physical]``.

Odds queries per second over a fixed mix of attacks, neutral attacks and revolts with tray and tower
contents of game-like size; drops per second for the fast models; seconds per physical drop."""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from feldherr.core.rng import Rng
from feldherr.wallenstein.rules.combat import BattleKind
from feldherr.wallenstein.tower.fitted import FittedTower
from feldherr.wallenstein.tower.model import SimpleTower, TowerModel, TwoLevelTower
from feldherr.wallenstein.tower.odds import Battle, Roles, battle_odds
from feldherr.wallenstein.tower.stats import simulate_session


def query_mix(n: int, seed: int = 1) -> list[tuple[Battle, Roles]]:
    rng = Rng(seed)
    mix: list[tuple[Battle, Roles]] = []
    for _ in range(n):
        kind = (BattleKind.ATTACK, BattleKind.ATTACK, BattleKind.NEUTRAL, BattleKind.REVOLT)[rng.below(4)]
        tray = Roles(rng.below(2), rng.below(2), rng.below(3), rng.below(4))
        inside = Roles(3 + rng.below(6), 3 + rng.below(6), 3 + rng.below(6), 5 + rng.below(15))
        if kind is BattleKind.ATTACK:
            battle = Battle(
                kind, armies=1 + rng.below(8), defenders=1 + rng.below(6), markers=rng.below(2), tray=tray
            )
        elif kind is BattleKind.NEUTRAL:
            battle = Battle(kind, armies=1 + rng.below(6), tray=tray)
        else:
            battle = Battle(kind, defenders=1 + rng.below(6), markers=1 + rng.below(3), tray=tray)
        mix.append((battle, inside))
    return mix


def odds_rate(model: TowerModel, mix: Sequence[tuple[Battle, Roles]], samples: int = 0) -> float:
    t0 = time.perf_counter()
    for battle, inside in mix:
        battle_odds(battle, model, inside=inside, samples=samples)
    return len(mix) / (time.perf_counter() - t0)


def drop_rate(model: TowerModel, sessions: int) -> float:
    t0 = time.perf_counter()
    for s in range(sessions):
        simulate_session(model, 4, 20, s)
    return sessions * 21 / (time.perf_counter() - t0)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m feldherr.wallenstein.tower.bench")
    p.add_argument("--queries", type=int, default=5000)
    p.add_argument("--physical", action="store_true", help="also time physical drops (slow)")
    args = p.parse_args(argv)
    mix = query_mix(args.queries)
    print(f"odds, fitted model, exact:        {odds_rate(FittedTower(), mix):9.0f} queries/s")
    print(f"odds, simple guess, exact:        {odds_rate(SimpleTower(), mix):9.0f} queries/s")
    few = mix[: max(1, args.queries // 100)]
    print(f"odds, two-level guess, 1000 MC:   {odds_rate(TwoLevelTower(), few, 1000):9.1f} queries/s")
    for model in (FittedTower(), SimpleTower(), TwoLevelTower()):
        print(f"drops, {model.name:10s}               {drop_rate(model, 200):9.0f} drops/s")
    if args.physical:
        from feldherr.wallenstein.tower.physical import PhysicalTower

        rate = drop_rate(PhysicalTower(), 2)
        print(f"drops, physical:                  {1 / rate:9.2f} s/drop (fill + 20 battles, 4 players)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
