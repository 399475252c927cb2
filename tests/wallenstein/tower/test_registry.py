"""One tower model per parameter set serves every game of a process (the stateless models only)."""

from __future__ import annotations

import pytest

from feldherr.core.errors import OptionError
from feldherr.core.rng import Rng
from feldherr.wallenstein.tower.model import Tower
from feldherr.wallenstein.tower.registry import game_tower_model, make_tower_model


def test_stateless_models_are_shared_per_parameter_set() -> None:
    assert game_tower_model("fitted") is game_tower_model("fitted", None)
    assert game_tower_model("simple") is game_tower_model("simple")
    other = game_tower_model("fitted", {"top_share": 0.5})
    assert other is not game_tower_model("fitted")
    assert other is game_tower_model("fitted", {"top_share": 0.5})
    script = {"script": [[1, 0, 0, 0, 0, 0]]}
    assert game_tower_model("scripted", script) is not game_tower_model("scripted", script)


def test_a_shared_model_drops_like_a_fresh_one() -> None:
    shared, fresh = Tower(game_tower_model("fitted")), Tower(make_tower_model("fitted"))
    rng_a, rng_b = Rng(3), Rng(3)
    for n in range(1, 30):
        thrown = [n % 5, n % 3, 0, 1, 0, n % 4]
        assert shared.drop(list(thrown), rng_a) == fresh.drop(list(thrown), rng_b)
        assert shared.content == fresh.content


def test_bad_parameters_are_still_refused() -> None:
    with pytest.raises(OptionError):
        game_tower_model("fitted", {"top_share": 2.0})
    with pytest.raises(OptionError):
        game_tower_model("nonsense")


@pytest.mark.parametrize(
    ("name", "accepted"),
    [("fitted", "lodge, cap, base"), ("simple", "p_through, p_release"), ("two-level", "p_pass, p_knock")],
)
def test_an_unknown_parameter_is_named_with_the_models_parameters(name: str, accepted: str) -> None:
    """Not Python's ``TypeError("...__init__() got an unexpected keyword argument ...")``."""
    with pytest.raises(OptionError) as refused:
        make_tower_model(name, {"bad": 1})
    text = str(refused.value)
    assert f"tower model '{name}' has no parameter 'bad' (its parameters: {accepted}" in text
    assert "__init__" not in text and "TypeError" not in text
