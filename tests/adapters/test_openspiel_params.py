"""OpenSpiel keeps an integer parameter in 32 bits: ``rounds=2**31`` failed inside pyspiel, a
``RuntimeError`` (``Unable to cast Python instance of type <class 'int'> to C++ type '?'``) or a
``SpielError`` (``game_parameters.cc ... CHECK_TRUE(success)``) that named neither the parameter
nor what it may be. Now such a number is refused before pyspiel sees it, naming both. The checks
need no pyspiel; the tests that load a game skip without it."""

from __future__ import annotations

from typing import Any

import pytest

from feldherr.adapters.openspiel_params import INT_MAX, INT_MIN, check_params, string_params

try:
    import pyspiel  # noqa: F401  (only whether it loads)

    NO_PYSPIEL = False
except ImportError:  # the adapters extra is not installed
    NO_PYSPIEL = True


@pytest.mark.parametrize(
    ("params", "said"),
    [
        ({"rounds": 2**31}, "parameter rounds must be a whole number from 1 to 5 (the game's option), "),
        (
            {"players": -(2**31) - 1},
            "parameter players must be a whole number from 2 to 4 (the game's option), ",
        ),
        ({"seeds": 2**31}, "parameter seeds must be a whole number from 1 to 1,048,576 (the opening chance "),
        (
            {"other": 2**40},
            "parameter other must be a whole number from -2,147,483,648 to 2,147,483,647 "
            "(OpenSpiel's integer parameters are 32-bit), not 1099511627776",
        ),
        (
            {"rounds": 10**5000},
            "parameter rounds must be a whole number from 1 to 5 (the game's option), not a ",
        ),
    ],
)
def test_a_number_past_32_bits_is_refused_by_name_and_bounds(params: dict[str, Any], said: str) -> None:
    with pytest.raises(ValueError) as refused:
        check_params("toy", params)
    assert str(refused.value).startswith(said) and "\n" not in str(refused.value)
    assert len(str(refused.value)) < 200


def test_numbers_pyspiel_can_hold_are_left_to_the_game() -> None:
    check_params("toy", {"rounds": 3, "players": 2, "turn_based": True, "reward": "win"})
    check_params("toy", {"rounds": INT_MAX, "other": INT_MIN, "seeds": 2**30})  # refused later, as before


def test_a_game_string_is_read_for_its_numbers() -> None:
    assert string_params("python_feldherr_toy(players=3,rounds=3000000000,variant=plain)") == (
        "toy",
        {"players": 3, "rounds": 3000000000},
    )
    assert string_params("python_feldherr_toy") == ("toy", {})
    assert string_params("toy(nested=other(x=1),rounds=9999999999)") == ("toy", {})
    assert string_params("toy(rounds=" + "9" * 5000 + ")")[1]["rounds"] > INT_MAX


@pytest.mark.skipif(
    NO_PYSPIEL, reason="open_spiel (pyspiel) is not installed: pip install 'feldherr[adapters]'"
)
@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("python_feldherr_toy", {"rounds": 2**31}),
        ("toy", {"players": 3, "seeds": 2**40}),
        ("python_feldherr_toy(players=3,rounds=3000000000)", None),
    ],
)
def test_the_adapter_refuses_them_before_pyspiel(name: str, params: dict[str, Any] | None) -> None:
    from feldherr.adapters.openspiel import FeldherrGame, load_game

    with pytest.raises(ValueError, match=r"^parameter (rounds|seeds) must be a whole number from 1 to "):
        load_game(name, params)
    with pytest.raises(ValueError, match=r"^parameter other must be a whole number from -2,147,483,648 "):
        FeldherrGame("toy", {"other": 2**31})
    game = load_game("python_feldherr_toy(players=3,rounds=2)")
    assert game.num_players() == 3 and game.get_parameters()["rounds"] == 2
    assert load_game("toy", {"players": 4}).num_players() == 4
