"""The physical tower (MuJoCo): deterministic, conserving, and showing the known behaviour.

Few drops only (each takes about half a second); the statistics live in the fit report."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("mujoco")

from feldherr.core.errors import OptionError
from feldherr.core.rng import Rng
from feldherr.wallenstein.tower.model import NCOLOURS, Tower
from feldherr.wallenstein.tower.physical import OUT, PhysicalTower, build_mjcf, load_geometry
from feldherr.wallenstein.tower.registry import model_by_name, tower_from_json
from feldherr.wallenstein.tower.stats import fill_throw

MODEL = PhysicalTower()


def filled(seed: int, players: int = 3) -> tuple[Tower, Rng, list[int]]:
    rng = Rng(seed)
    tower = Tower(MODEL)
    out = tower.drop(fill_throw(players), rng)
    return tower, rng, out


def test_geometry_file_builds_a_model() -> None:
    geo = load_geometry()
    assert "assumed" in geo["provenance"]
    assert len(geo["levels"]) == 2 and geo["levels"][0]["mask"] != geo["levels"][1]["mask"]
    xml = build_mjcf(geo, 3)
    assert xml.count("<freejoint/>") == 3 and "l1_" in xml and "funnel_px" in xml


def test_bad_geometry_mask() -> None:
    geo = load_geometry()
    geo["levels"][0]["mask"] = ["##", "#x"]
    with pytest.raises(OptionError):
        PhysicalTower(geo)


def test_filling_drop_keeps_some_cubes_and_conserves() -> None:
    tower, _, out = filled(1)
    thrown = fill_throw(3)
    inside = tower.inside()
    assert [o + i for o, i in zip(out, inside, strict=True)] == thrown
    # Some cubes stay inside, most of them do not.
    assert 0 < sum(inside) < sum(thrown)
    assert sum(tower.content[0]) + sum(tower.content[1]) == len(tower.content) - 2
    assert all(row[1] in (0, 1) and 0 <= row[0] < NCOLOURS for row in tower.content[2:])


def test_seeded_deterministic_and_json_round_trip() -> None:
    a, rng_a, out_a = filled(5, players=2)
    b, _, out_b = filled(5, players=2)
    assert out_a == out_b and a.content == b.content
    # The content survives JSON exactly, and the next drop is the same from the copy.
    c = tower_from_json(json.loads(json.dumps(a.to_json())))
    rng_c = rng_a.clone()
    throw = [4, 3, 0, 0, 0, 1]
    assert a.drop(throw, rng_a) == c.drop(throw, rng_c)
    assert a.content == c.content


def test_later_drops_knock_lodged_cubes_out() -> None:
    """A big throw into a filled tower frees some of the lodged cubes. Summed over three towers
    (about 13 lodged cubes each, 40 thrown) about 4.5 are expected; none would be a 1-in-100 event."""
    freed = 0
    for seed in (1, 2, 3):
        tower, rng, _ = filled(seed)
        fates = MODEL.drop_detail(tower.content, [10, 10, 10, 0, 0, 10], rng)
        freed += sum(1 for f in fates if f.source > 0 and f.dest == OUT)
        assert sum(1 for f in fates if f.source == 0) == 40
    assert freed > 0


def test_registry_name() -> None:
    assert isinstance(model_by_name("physical"), PhysicalTower)
