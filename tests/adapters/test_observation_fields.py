"""The observation's named blocks (``GameInfo.fields()``, ``core.observation.unpack``): each game's
blocks read what its docs say they hold, for every seat at positions of random games; batches
and the environments' arrays unpack the same way; OpenSpiel's observer hands them out by name."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from feldherr.core.bots import RandomBot, SeatAccess
from feldherr.core.game import Game, State
from feldherr.core.info import ObservationField, field_layout
from feldherr.core.observation import unpack
from feldherr.games import get_game


def positions(name: str, options: dict[str, Any], seed: int, every: int) -> Iterator[tuple[Game, State]]:
    """Every ``every``-th position of one random game (the last one too)."""
    game = get_game(name)
    state = game.new_state(game.normalize_options(options), seed)
    bots = [RandomBot(seed * 7 + s) for s in range(state.num_players)]
    step = 0
    while not state.is_terminal():
        if step % every == 0:
            yield game, state
        seat = state.to_move()[0]
        state.apply(seat, bots[seat].choose(SeatAccess(state, seat)))
        step += 1
    yield game, state


def seat_blocks(
    name: str, options: dict[str, Any], seed: int, every: int
) -> Iterator[tuple[int, dict[str, Any], dict[str, Any]]]:
    """(seat, its view, its observation's blocks) for every seat at those positions."""
    for game, state in positions(name, options, seed, every):
        fields = game.info(state.options).fields()
        for seat in range(state.num_players):
            yield seat, state.view(seat), unpack(state.observation(seat), fields)


def scaled(x: float, scale: float) -> np.float32:
    """A count as the observation holds it: divided by its scale in float32, capped at 1."""
    return np.float32(min(x / scale, 1.0))


def test_unpack_reads_views_of_one_observation_and_of_a_batch() -> None:
    fields = field_layout(8, ("a", (2,), ""), ("b", (2, 3), "two rows"))
    obs = np.arange(8, dtype=np.float32)
    blocks = unpack(obs, fields)
    assert blocks["b"].tolist() == [[2, 3, 4], [5, 6, 7]]
    blocks["b"][1, 2] = -1.0  # a view: writing to it writes to the observation
    assert obs[7] == -1.0
    batch = np.arange(24, dtype=np.float32).reshape(3, 8)
    rows = unpack(batch, fields)
    assert rows["a"].shape == (3, 2) and rows["b"].shape == (3, 2, 3)
    assert rows["b"][2].tolist() == [[18, 19, 20], [21, 22, 23]]
    assert np.shares_memory(rows["b"], batch)
    with pytest.raises(ValueError, match="8 numbers"):
        unpack(np.zeros(7, np.float32), fields)
    with pytest.raises(ValueError, match="no fields"):
        unpack(obs, ())


def test_a_layout_must_cover_the_observation_exactly() -> None:
    with pytest.raises(AssertionError, match="cover 5 of 6"):
        field_layout(6, ("a", (2,), ""), ("b", (3,), ""))
    with pytest.raises(AssertionError):
        field_layout(4, ("a", (2,), ""), ("a", (2,), ""))


def test_a_game_without_fields_has_the_whole_observation_as_one() -> None:
    info = get_game("mansfeld").info({"players": 2})
    bare = type(info)(**{**info.__dict__, "observation_fields": ()})
    assert bare.fields() == (
        ObservationField("observation", 0, info.observation_shape, "the whole observation"),
    )
    assert info.to_json()["observation_fields"][4] == {
        "name": "cards",
        "offset": info.fields()[4].offset,
        "shape": [18, 12],
        "doc": info.fields()[4].doc,
    }


@pytest.mark.parametrize("players", [2, 4])
def test_mansfeld_blocks_hold_the_cards_players_and_provinces(players: int) -> None:
    from feldherr.mansfeld.data import BY_KEY
    from feldherr.mansfeld.info import blocks

    checked = 0
    for seat, v, b in seat_blocks("mansfeld", {"players": players}, 5, 3):
        obs = np.concatenate([x.ravel() for x in b.values()])
        assert {k: x.tolist() for k, x in b.items()} == {k: x.tolist() for k, x in blocks(obs).items()}
        assert b["seat"].tolist() == [float(s == seat) for s in range(4)]
        for p in v["players"]:
            row = b["players"][p["seat"]]
            assert row[0] == 1.0 and row[6] == scaled(p["score"], 57)
            held = {BY_KEY[k].id for k in p["cards"]}
            assert {c for c in range(len(BY_KEY)) if b["cards"][c, 4 + p["seat"]]} == held
        for i, prov in enumerate(v["provinces"]):
            assert b["provinces"][i, 0] == 1.0
            assert b["provinces"][i, 2:].tolist() == [float(prov["owner"] == s) for s in range(4)]
        checked += 1
    assert checked > 20


@pytest.mark.parametrize(
    "options", [{"players": 3}, {"players": 5, "variant": ["machtverschiebung", "hidden_castillo"]}]
)
def test_el_grande_blocks_hold_every_colours_row_and_the_own_hand(options: dict[str, Any]) -> None:
    from feldherr.elgrande import data as D

    regions = D.AREA_NAMES[: D.NREG]
    checked = 0
    for seat, v, b in seat_blocks("elgrande", options, 2, 11):
        assert b["seat"][seat] == 1.0 and b["round"][0] == scaled(v["round"], 9)
        for c, p in enumerate(v["players"]):
            row = b["colours"][c]
            assert row[: D.NREG].tolist() == [scaled(p["regions"].get(r, 0), 10) for r in regions]
            assert row[D.NREG + 2] == scaled(p["court"], 30)
            if p["castillo"] is None:  # hidden: neither the number nor "known"
                assert row[D.NREG] == 0.0 and row[D.NREG + 1] == 0.0
            if not p["dummy"]:
                assert row[D.NREG + 7] == np.float32(min(max(p["score"] / 150, 0.0), 1.0))
        hand = v["players"][seat]["hand"]
        assert {x for x in range(14) if b["hand"][x]} == set(hand)
        checked += 1
    assert checked > 20


@pytest.mark.parametrize(
    "options", [{"players": 4}, {"players": 5, "modules": ["court", "leaders", "landsknechte"]}]
)
def test_wallenstein_blocks_hold_the_counties_players_and_plans(options: dict[str, Any]) -> None:
    from feldherr.wallenstein.data import NAMES

    checked = 0
    for seat, v, b in seat_blocks("wallenstein", options, 4, 37):
        for i, name in enumerate(NAMES):
            county = v["counties"].get(name)
            row = b["counties"][i]
            if county is None:
                assert not row.any()
                continue
            assert row[0] == 1.0 and row[1 + county["owner"] + 1] == 1.0
            assert row[7] == scaled(county["armies"], 10) and row[11] == scaled(county["revolt_markers"], 3)
        for p in v["players"]:
            row = b["players"][p["seat"]]
            assert row[:4].tolist() == [
                1.0,
                scaled(p["thaler"], 20),
                scaled(p["grain"], 10),
                scaled(p["vp"], 50),
            ]
            assert int(b["plans"][p["seat"], :, 0].sum()) == len(p["plan"])  # the boxes planned
        hand = set(v["players"][seat]["hand"])
        assert [name for i, name in enumerate(NAMES) if b["hand"][i]] == [n for n in NAMES if n in hand]
        checked += 1
    assert checked > 20


def test_the_environments_rows_unpack_as_a_batch() -> None:
    pytest.importorskip("pettingzoo")
    from feldherr.adapters.pettingzoo import parallel_env

    env = parallel_env("wallenstein", players=3)
    observations, _ = env.reset(seed=3)
    fields = env.table.info.fields()
    batch = np.stack([o["observation"] for o in observations.values()])
    counties = unpack(batch, fields)["counties"]
    assert counties.shape == (3, 45, 12)
    assert np.array_equal(counties[0], counties[2])  # the board is public
    assert unpack(batch, fields)["seat"].argmax(axis=1).tolist() == [0, 1, 2]


def test_openspiel_observers_hand_out_the_blocks_by_name() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.observation import make_observation

    from feldherr.adapters.openspiel import register

    (name,) = register(["elgrande"])
    game = pyspiel.load_game(name, {"players": 3})
    state = game.new_initial_state()
    state.apply_action(5)
    for recall in (False, True):
        obs = make_observation(game, pyspiel.IIGObservationType(perfect_recall=recall))
        obs.set_from(state, 1)
        names = [f.name for f in get_game("elgrande").info({"players": 3}).fields()]
        assert list(obs.dict) == names + (["own_actions"] if recall else [])
        assert sum(x.size for x in obs.dict.values()) == obs.tensor.size  # the pieces make up the tensor
        assert all(np.shares_memory(x, obs.tensor) for x in obs.dict.values())
        assert obs.dict["colours"].shape == (5, 32) and obs.dict["seat"].argmax() == 1
        expected = state.information_state_tensor(1) if recall else state.observation_tensor(1)
        assert np.array_equal(obs.tensor, np.asarray(expected, np.float32))
