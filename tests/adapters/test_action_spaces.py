"""Every game keeps a small action space under every option set (staged choices, issue 24)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest

from feldherr.core.errors import OptionError
from feldherr.core.options import OptionSpec
from feldherr.games import get_game

MAX_ACTIONS = 5000


def option_values(spec: OptionSpec) -> list[Any]:
    if spec.kind == "int":
        assert spec.min is not None and spec.max is not None
        return list(range(spec.min, spec.max + 1))
    if spec.kind == "bool":
        return [False, True]
    if spec.kind == "choice":
        return list(spec.choices)
    if spec.kind == "multi":
        sizes = range(len(spec.choices) + 1)
        return [list(c) for r in sizes for c in itertools.combinations(spec.choices, r)]
    return [None]  # int_list, mapping: the game's default


def option_sets(name: str) -> Iterator[dict[str, Any]]:
    specs = get_game(name).option_spec()
    for values in itertools.product(*(option_values(s) for s in specs)):
        yield {s.name: v for s, v in zip(specs, values, strict=True) if v is not None}


@pytest.mark.parametrize("name", ["wallenstein", "elgrande", "mansfeld"])
def test_num_actions_is_small_for_every_option_set(name: str) -> None:
    game = get_game(name)
    checked = 0
    for options in option_sets(name):
        try:
            normal = game.normalize_options(options)
        except OptionError:  # a combination the game refuses (e.g. exclusive variants)
            continue
        info = game.info(normal)
        assert 0 < info.num_actions <= MAX_ACTIONS, (options, info.num_actions)
        assert info.max_actions >= info.max_decisions
        checked += 1
    assert checked >= 3
