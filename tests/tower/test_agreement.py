"""The fitted model agrees with the physical simulation it was fitted to (fixed seeds, few drops).

Four physical sessions (3 players: the filling drop of 31 cubes, then 3 battles; seeds 900-903,
not used in the fit) against 400 fitted-model sessions of the same protocol. Tolerance for a mean:
3 standard errors of the four-session physical mean (estimated from the fitted model's spread) plus
a stated model error (0.06 for the fraction out of the filling drop, 2.5 cubes for the content).
"""

from __future__ import annotations

import math

import pytest

pytest.importorskip("mujoco")

from feldherr.core.rng import Rng
from feldherr.tower.fitted import FittedTower
from feldherr.tower.physical import PhysicalTower
from feldherr.tower.stats import simulate_session

PLAYERS, DROPS, SEEDS = 3, 3, range(900, 904)


def mean_sd(xs: list[float]) -> tuple[float, float]:
    m = sum(xs) / len(xs)
    return m, math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))


def summary(rows: list[tuple[list[int], list[int], list[int]]]) -> tuple[float, float]:
    fill_out = sum(rows[0][1]) / sum(rows[0][0])
    return fill_out, float(sum(rows[-1][2]))


def test_fitted_agrees_with_physical() -> None:
    physical = [summary(simulate_session(PhysicalTower(), PLAYERS, DROPS, s)) for s in SEEDS]
    fitted_model = FittedTower()
    fitted = [summary(simulate_session(fitted_model, PLAYERS, DROPS, Rng(7).derive(k))) for k in range(400)]
    n = len(physical)
    for i, model_error in ((0, 0.06), (1, 2.5)):
        phys_mean = sum(p[i] for p in physical) / n
        fit_mean, fit_sd = mean_sd([f[i] for f in fitted])
        tol = 3 * fit_sd / math.sqrt(n) + model_error
        assert abs(phys_mean - fit_mean) <= tol, (i, phys_mean, fit_mean, tol)
