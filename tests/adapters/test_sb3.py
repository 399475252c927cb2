"""sb3-contrib's MaskablePPO on the Gymnasium environments, untouched (the opt-in ``sb3`` extra:
``pip install -e '.[adapters,sb3]'``, which brings PyTorch; the default set-up installs none of it
and these tests skip)."""

from __future__ import annotations

import importlib.util
from typing import Any

import numpy as np
import pytest

if importlib.util.find_spec("sb3_contrib") is None:  # pragma: no cover -- the extra is opt-in
    pytest.skip(
        "sb3-contrib is not installed (opt-in: pip install -e '.[adapters,sb3]', which brings PyTorch)",
        allow_module_level=True,
    )

import gymnasium
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.utils import get_action_masks

import feldherr.adapters.gym  # noqa: F401 -- registers the ids


def _win_rate(model: Any, games: int, seed: int = 10**6) -> float:
    """The trained policy's mean win share (deterministic, masked) over ``games`` games."""
    env = gymnasium.make("feldherr/Mansfeld-v0", players=2)
    total = 0.0
    for k in range(games):
        obs, _ = env.reset(seed=seed + k)
        done = False
        while not done:
            action, _ = model.predict(obs, action_masks=get_action_masks(env), deterministic=True)
            obs, reward, terminated, truncated, _ = env.step(int(action))
            done = terminated or truncated
            total += float(reward)
    return total / games


@pytest.mark.slow
def test_maskable_ppo_learns_mansfeld_against_the_random_bot() -> None:
    """MaskablePPO takes ``gymnasium.make("feldherr/Mansfeld-v0", players=2)`` as it is (the mask
    through the wrappers by ``get_wrapper_attr("action_masks")``) and, after a short training,
    wins most games against the random bot."""
    env = gymnasium.make("feldherr/Mansfeld-v0", players=2)
    assert np.asarray(env.get_wrapper_attr("action_masks")()).dtype == np.bool_
    model = MaskablePPO("MultiInputPolicy", env, n_steps=512, batch_size=128, seed=0, verbose=0)
    model.learn(total_timesteps=6_000)
    assert _win_rate(model, 100) > 0.65
