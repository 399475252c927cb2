"""The OpenSpiel adapter's parameters checked before ``pyspiel`` sees them (no ``pyspiel`` needed
here, so the checks run, and are tested, without it).

OpenSpiel keeps an integer parameter in a C++ ``int``, 32 bits: a larger Python number fails inside
``pyspiel`` before the game is asked, a ``RuntimeError`` (``Unable to cast Python instance of type
<class 'int'> to C++ type '?'``) for a dict of parameters, a ``SpielError`` (``game_parameters.cc
... CHECK_TRUE(success)``) for a game string; neither names the parameter. :func:`check_params`
refuses such a number first, with a ``ValueError`` that names the parameter and its bounds: those
of the game's option where it declares them (``rounds`` from 1 to 5), of ``seeds`` (1 to
:data:`MAX_SEEDS`), else OpenSpiel's (:data:`INT_MIN` to :data:`INT_MAX`).
:func:`feldherr.adapters.openspiel.load_game` checks so before it loads a game, and so does the
game itself when pyspiel constructs it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from feldherr.games import get_game

PREFIX = "python_feldherr_"
MAX_SEEDS = 1 << 20
"""The most seeds the opening chance node may choose from (1,048,576): OpenSpiel's tools list every
chance outcome (the first list of 2**20 takes 0.3-0.8 CPU seconds and 100 MB, kept per process;
each ``chance_outcomes()`` after it 16-160 ms, on the shared 2-core machine), so a larger value
would make them crawl or run out of memory rather than give more distinct games worth having."""
INT_MIN = -(1 << 31)
INT_MAX = (1 << 31) - 1
"""The integers an OpenSpiel parameter can hold (a C++ ``int``)."""

_SIMPLE = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)\((.*)\)$", re.S)


def seeds_value(value: Any) -> int:
    """The ``seeds`` parameter, checked: a whole number from 1 to :data:`MAX_SEEDS`; anything
    else a ``ValueError`` in one line that names the parameter and its range (pyspiel would
    otherwise build and keep ten million outcomes for 10**7, and answer a value past 32 bits with
    a ``RuntimeError`` that names neither)."""
    if type(value) is not int or not 1 <= value <= MAX_SEEDS:
        raise ValueError(
            f"parameter seeds must be a whole number from 1 to {MAX_SEEDS:,} (the opening chance "
            f"node lists every seed as an outcome), not {value!r:.40}"
        )
    return value


def check_params(game: str, params: Mapping[str, Any]) -> None:
    """Refuse an integer in ``params`` (the parameters of ``game``, a feldherr game's name) that an
    OpenSpiel parameter cannot hold, before pyspiel converts it: a ``ValueError`` naming the
    parameter and its bounds (see the module docstring). Numbers it can hold are left to the game's
    own checks (an option out of its range is an ``OptionError``)."""
    specs = {spec.name: spec for spec in get_game(game).option_spec()}
    for key, value in params.items():
        if type(value) is not int or INT_MIN <= value <= INT_MAX:
            continue
        if key == "seeds":
            seeds_value(value)
        spec = specs.get(key)
        if spec is not None and spec.kind == "int" and spec.min is not None and spec.max is not None:
            low, high, why = max(spec.min, INT_MIN), min(spec.max, INT_MAX), "the game's option"
        else:
            low, high, why = INT_MIN, INT_MAX, "OpenSpiel's integer parameters are 32-bit"
        raise ValueError(
            f"parameter {str(key)[:40]} must be a whole number from {low:,} to {high:,} ({why}), "
            f"not {_shown(value)}"
        )


def _shown(value: int) -> str:
    """A number as a message shows it: a long one by its length (Python will not even write one of
    more than 4,300 digits)."""
    if value.bit_length() <= 64:
        return str(value)
    return f"{'-' if value < 0 else ''}a number of about {int(value.bit_length() * 0.30103) + 1:,} digits"


def string_params(text: str) -> tuple[str, dict[str, Any]]:
    """A game string ``python_feldherr_toy(players=3,rounds=5)`` as its game's name (``toy``) and
    its integer parameters, as far as a plain reading finds them (values of digits; a value in
    parentheses, which OpenSpiel allows for a nested game, ends the reading: the rest is left to
    pyspiel). A name without the adapter's prefix is returned as it is."""
    match = _SIMPLE.match(text.strip())
    name = match.group(1) if match else text.strip()
    short = name[len(PREFIX) :] if name.startswith(PREFIX) else name
    found: dict[str, Any] = {}
    if match is None:
        return short, found
    for item in match.group(2).split(","):
        key, sep, value = item.partition("=")
        if not sep or "(" in value or ")" in value:
            break
        if re.fullmatch(r"[+-]?\d+", value.strip()):  # (4,000 digits at most: Python reads no more)
            found[key.strip()] = int(value.strip()[:4000])
    return short, found
