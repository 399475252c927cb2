"""The fitted model agrees with the physical simulation it was fitted to (fixed seeds, few drops).

Four physical sessions (3 players: the filling drop of 31 cubes, then 3 battles; seeds 900-903,
not used in the fit), checked two ways:

* drop by drop: given the true content of each level before a drop (the simulation knows it), the
  fitted model predicts a mean and variance of the cubes out; over the 16 drops the standardised sum
  of (observed - predicted) must lie within 3.5 (a 1-in-2000 miss if the model were exact). The
  variance is widened by 1.2: physical cubes jam together, so over the 1740 fitting drops the squared
  residuals are 1.16 times the binomial variance (and their sum is 0.05 standard errors off);
* session summaries against 400 fitted-model sessions of the same protocol: the mean fraction out of
  the filling drop and the mean content after the last drop, within 3 standard errors of the
  four-session mean (spread taken from the fitted model) plus a stated model error (0.06 of the
  filling drop; 2.5 cubes of content).
"""

from __future__ import annotations

import math
from functools import cache

import pytest

pytest.importorskip("mujoco")

from feldherr.core.rng import Rng
from feldherr.wallenstein.tower.fitted import FittedTower
from feldherr.wallenstein.tower.model import NCOLOURS, PEASANT
from feldherr.wallenstein.tower.physical import PhysicalTower
from feldherr.wallenstein.tower.stats import battle_throw, fill_throw, simulate_session

PLAYERS, DROPS, SEEDS = 3, 3, range(900, 904)
FITTED = FittedTower()

Drop = tuple[list[int], list[int], list[int], list[int]]  # upper, lower before; thrown; out


@cache
def physical_sessions() -> list[list[Drop]]:
    """Sessions played exactly like ``simulate_session``, keeping each level's content before each drop."""
    model = PhysicalTower()
    sessions = []
    for seed in SEEDS:
        rng = Rng(seed)
        content = model.new_content()
        tray = [0] * NCOLOURS
        drops: list[Drop] = []
        for i in range(DROPS + 1):
            thrown, a, d = (fill_throw(PLAYERS), -1, -1) if i == 0 else battle_throw(rng, PLAYERS, tray)
            upper, lower = list(content[0]), list(content[1])
            out = model.drop(content, thrown, rng)
            drops.append((upper, lower, thrown, out))
            if i:
                tray = [0 if c in (a, d, PEASANT) else out[c] for c in range(NCOLOURS)]
        sessions.append(drops)
    return sessions


def test_drop_by_drop_given_the_true_levels() -> None:
    resid = var = 0.0
    for session in physical_sessions():
        for upper, lower, thrown, out in session:
            f = FITTED.fate(sum(thrown), sum(upper), sum(lower))
            for n, p in ((sum(thrown), f.thrown), (sum(upper), f.upper), (sum(lower), f.lower)):
                resid -= n * p
                var += n * p * (1 - p)
            resid += sum(out)
    z = resid / math.sqrt(1.2 * var)
    assert abs(z) <= 3.5, (resid, var, z)


def mean_sd(xs: list[float]) -> tuple[float, float]:
    m = sum(xs) / len(xs)
    return m, math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))


def test_session_summaries() -> None:
    physical = []
    for session in physical_sessions():
        _, _, thrown0, out0 = session[0]
        inside = sum(sum(t) - sum(o) for _, _, t, o in session)
        physical.append((sum(out0) / sum(thrown0), float(inside)))
    fitted = []
    for k in range(400):
        rows = simulate_session(FITTED, PLAYERS, DROPS, Rng(7).derive(k))
        fitted.append((sum(rows[0][1]) / sum(rows[0][0]), float(sum(rows[-1][2]))))
    n = len(physical)
    for i, model_error in ((0, 0.06), (1, 2.5)):
        phys_mean = sum(p[i] for p in physical) / n
        fit_mean, fit_sd = mean_sd([f[i] for f in fitted])
        tol = 3 * fit_sd / math.sqrt(n) + model_error
        assert abs(phys_mean - fit_mean) <= tol, (i, phys_mean, fit_mean, tol)
