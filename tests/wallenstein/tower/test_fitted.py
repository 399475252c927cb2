"""The fitted model: conservation, determinism, parameters, and per-cube probabilities."""

from __future__ import annotations

import pytest

from feldherr.core.errors import OptionError
from feldherr.core.rng import Rng
from feldherr.wallenstein.tower.fitted import FittedTower, load_params_file, shipped_params
from feldherr.wallenstein.tower.model import NCOLOURS, Tower
from feldherr.wallenstein.tower.registry import model_by_name, tower_from_json
from feldherr.wallenstein.tower.stats import fill_throw, simulate_session


def test_cubes_are_conserved_and_never_negative() -> None:
    model = FittedTower()
    for seed in range(20):
        rows = simulate_session(model, 2 + seed % 4, 25, seed)
        inside = [0] * NCOLOURS
        for thrown, out, after in rows:
            for c in range(NCOLOURS):
                assert 0 <= out[c] <= inside[c] + thrown[c]
                inside[c] += thrown[c] - out[c]
                assert after[c] == inside[c] >= 0


def test_seeded_and_deterministic() -> None:
    model = FittedTower()
    assert simulate_session(model, 4, 15, 5) == simulate_session(model, 4, 15, 5)
    assert simulate_session(model, 4, 15, 5) != simulate_session(model, 4, 15, 6)


def test_json_round_trip_through_the_game_registry() -> None:
    model = model_by_name("fitted")
    tower = Tower(model)
    tower.drop(fill_throw(5), Rng(1))
    again = tower_from_json(tower.to_json())
    assert again.content == tower.content and again.model.params() == model.params()
    r1, r2 = Rng(9), Rng(9)
    assert tower.drop([3, 2, 0, 0, 0, 1], r1) == again.drop([3, 2, 0, 0, 0, 1], r2)


def test_fate_matches_sampled_frequencies() -> None:
    model = FittedTower(
        lodge=[0.3, 0.2],
        cap=[30.0, 25.0],
        base=[0.05, 0.1],
        knock=[0.03, 0.02],
        top_share=0.5,
        jam=[0.01, 0],
        grow=[0.0, 0.05],
    )
    f = model.fate(8, 5.0, 4.0)
    assert f.lam0 == pytest.approx((0.3 + 0.08) * (1 - 5 / 30))
    assert f.lam1 == pytest.approx(0.2 * (1 - 4 / 25) * (1 + 0.05 * 4))
    assert f.rel1 == pytest.approx(1 - 0.9 * 0.98**8)
    rng = Rng(3)
    n = 4000
    outs = [0, 0, 0]
    for _ in range(n):
        content = [[5, 0, 0, 0, 0, 0], [0, 4, 0, 0, 0, 0]]
        out = model.drop(content, [0, 0, 8, 0, 0, 0], rng)
        outs[0] += out[0]
        outs[1] += out[1]
        outs[2] += out[2]
    assert outs[0] / (5 * n) == pytest.approx(f.upper, abs=0.01)
    assert outs[1] / (4 * n) == pytest.approx(f.lower, abs=0.01)
    assert outs[2] / (8 * n) == pytest.approx(f.thrown, abs=0.01)


def test_nothing_thrown_nothing_moves() -> None:
    model = FittedTower()
    content = [[1, 2, 0, 0, 0, 3], [2, 0, 0, 0, 0, 1]]
    assert model.drop(content, [0] * NCOLOURS, Rng(1)) == [0] * NCOLOURS
    assert content == [[1, 2, 0, 0, 0, 3], [2, 0, 0, 0, 0, 1]]


@pytest.mark.parametrize(
    "params",
    [
        {"lodge": [0.5, 1.5]},
        {"cap": [0.0, 3.0]},
        {"knock": [0.1]},
        {"base": "no"},
        {"top_share": -0.1},
        {"lodge": [True, 0.1]},
        {"jam": [0.1, -0.1]},
        {"grow": [0.1, 2.0]},
    ],
)
def test_bad_parameters(params: dict[str, object]) -> None:
    full = shipped_params() | params
    with pytest.raises(OptionError):
        FittedTower(**full)


def test_shipped_parameters_load(tmp_path: object) -> None:
    params = shipped_params()
    assert set(params) == {"lodge", "jam", "cap", "grow", "base", "knock", "top_share"}
    assert FittedTower().params() == FittedTower(**params).params()


def test_parameter_file_errors(tmp_path: pytest.TempPathFactory) -> None:
    import pathlib

    p = pathlib.Path(str(tmp_path)) / "p.json"
    p.write_text("{not json")
    with pytest.raises(OptionError):
        load_params_file(str(p))
    p.write_text(
        '{"params": {"lodge": [0.1, 0.2], "cap": [10, 10], "base": [0, 0], "knock": [0, 2], '
        '"top_share": 0.5}}'
    )
    with pytest.raises(OptionError):
        load_params_file(str(p))
