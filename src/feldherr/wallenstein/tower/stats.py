"""Statistics per tower model: retention over repeated drops, win probability against the army
ratio, and the pictures of ``feldherr tower stats --plot``."""

from __future__ import annotations

from typing import Any

from feldherr.core.rng import Rng
from feldherr.wallenstein.rules.combat import BattleKind
from feldherr.wallenstein.tower.errors import TowerInputError
from feldherr.wallenstein.tower.model import NCOLOURS, PEASANT, Tower, TowerModel
from feldherr.wallenstein.tower.odds import Battle, Roles, battle_odds
from feldherr.wallenstein.tower.words import model_name, said

DEFENDERS = 3  # the win curve: 1..9 attackers against 3 defenders
ATTACKERS = tuple(range(1, 10))

Row = tuple[list[int], list[int], list[int]]  # thrown, out, inside after the drop


def fill_throw(players: int) -> list[int]:
    """The filling drop: 7 cubes per player and 10 peasants (rulebook, set-up)."""
    thrown = [7 if c < players else 0 for c in range(NCOLOURS)]
    thrown[PEASANT] = 10
    return thrown


def battle_throw(rng: Rng, players: int, tray: list[int]) -> tuple[list[int], int, int]:
    """A battle-sized throw: a random attacker and defender seat with 1..6 and 0..5 armies (0: a
    neutral county, 1 peasant), plus the tray."""
    a = rng.below(players)
    d = (a + 1 + rng.below(players - 1)) % players
    thrown = list(tray)
    thrown[a] += 1 + rng.below(6)
    n_def = rng.below(6)
    if n_def:
        thrown[d] += n_def
    else:
        thrown[PEASANT] += 1
    return thrown, a, d


def simulate_session(model: TowerModel, players: int, drops: int, seed: int) -> list[Row]:
    """The filling drop, then ``drops`` battles; cubes of uninvolved colours stay in the tray and are
    thrown again with the next battle (peasants are always returned)."""
    if not 2 <= players <= 5 or drops < 0:
        raise TowerInputError("players must be 2..5 and drops not negative")
    rng = Rng(seed)
    tower = Tower(model)
    rows: list[Row] = []
    out = tower.drop(fill_throw(players), rng)
    rows.append((fill_throw(players), out, tower.inside()))
    tray = [0] * NCOLOURS
    for _ in range(drops):
        thrown, a, d = battle_throw(rng, players, tray)
        out = tower.drop(thrown, rng)
        rows.append((thrown, out, tower.inside()))
        tray = [0 if c in (a, d, PEASANT) else out[c] for c in range(NCOLOURS)]
    return rows


def model_stats(
    model: TowerModel, players: int, drops: int, runs: int, seed: int, samples: int = 4000
) -> dict[str, Any]:
    """Retention curve and win curve; ``samples``: Monte Carlo drops per odds query for models
    without exact odds."""
    retention = [0.0] * (drops + 1)
    out_sum = [0.0] * (drops + 1)
    last: list[float] = [0.0] * NCOLOURS
    for r in range(runs):
        rows = simulate_session(model, players, drops, Rng(seed).derive(r))
        for i, (_, out, inside) in enumerate(rows):
            retention[i] += sum(inside) / runs
            out_sum[i] += sum(out) / runs
        for c in range(NCOLOURS):
            last[c] += rows[-1][2][c] / runs
    # The tower a player would see late in a game: the mean content after the last battle.
    per_seat = sum(last[:players]) / players
    late = Roles(
        attacker=round(per_seat),
        defender=round(per_seat),
        peasants=round(last[PEASANT]),
        other=round(per_seat * (players - 2)),
    )
    win: list[tuple[float, float]] = []
    if model.name != "physical":
        for k in ATTACKERS:
            battle = Battle(BattleKind.ATTACK, armies=k, defenders=DEFENDERS)
            odds = battle_odds(battle, model, inside=late, seed=seed, fallback_samples=samples)
            win.append((k / DEFENDERS, odds.attacker))
    return {
        "model": model.name,
        "retention": retention,
        "out_per_drop": out_sum,
        "steady_inside": late.__dict__,
        "win_vs_ratio": win,
    }


def plot_stats(results: list[dict[str, Any]], path: str, lang: str = "en") -> None:
    """Draw the retention and win-probability pictures of ``results`` into ``path``, every title,
    axis and model name in ``lang``."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as exc:  # pragma: no cover - depends on the installation
        raise TowerInputError(said("err.matplotlib", "en"), said("err.matplotlib", "de")) from exc
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.2))
    for r in results:
        label = model_name(r["model"], lang)
        ax1.plot(range(len(r["retention"])), r["retention"], marker=".", label=label)
        if r["win_vs_ratio"]:
            xs, ys = zip(*r["win_vs_ratio"], strict=True)
            ax2.plot(xs, ys, marker="o", label=label)
    ax1.set_xlabel(said("plot.retention.x", lang))
    ax1.set_ylabel(said("plot.retention.y", lang))
    ax1.set_title(said("plot.retention.title", lang))
    ax1.legend()
    ax2.set_xlabel(said("plot.win.x", lang, n=DEFENDERS))
    ax2.set_ylabel(said("plot.win.y", lang))
    ax2.set_title(said("plot.win.title", lang))
    ax2.set_ylim(0, 1)
    ax2.grid(alpha=0.3)
    ax2.legend()
    if lang == "de":  # decimal commas on the axes, as the German text around them
        for ax in (ax1, ax2):
            ax.xaxis.set_major_formatter(_comma_formatter())
            ax.yaxis.set_major_formatter(_comma_formatter())
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def _comma_formatter() -> Any:
    from matplotlib.ticker import FuncFormatter

    return FuncFormatter(lambda value, _pos: f"{value:g}".replace(".", ","))
