"""Recorded drops: the CSV format, its errors, and the fit."""

from __future__ import annotations

from importlib import resources

import pytest

from feldherr.wallenstein.tower.csvfit import fit_drops, read_drops
from feldherr.wallenstein.tower.errors import TowerInputError
from feldherr.wallenstein.tower.fitted import FittedTower
from feldherr.wallenstein.tower.stats import simulate_session

HEADER = "session,thrown_0,thrown_1,thrown_peasant,out_0,out_1,out_peasant\n"


def test_example_file_reads() -> None:
    text = resources.files("feldherr.wallenstein.tower").joinpath("data", "example-drops.csv").read_text()
    drops = read_drops(text)
    assert len(drops) >= 20 and {d.session for d in drops} == {"game1", "game2"}
    assert drops[0].thrown == (7, 7, 7, 7, 0, 10)


def test_comments_and_line_numbers() -> None:
    text = "# hello\n" + HEADER + "s,7,7,10,2,3,4\n# mid\ns,1,0,0,7,0,0\n"
    with pytest.raises(TowerInputError, match="line 5: out_0 is 7, but only 6 cubes of that colour"):
        read_drops(text)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("s,7,7,10,2,3\n", "fields"),
        ("s,7,-1,10,2,0,4\n", "negative"),
        ("s,7,x,10,2,0,4\n", "whole number"),
        (",7,7,10,2,3,4\n", "empty session"),
        ("", "no drops"),
    ],
)
def test_malformed_rows(body: str, message: str) -> None:
    with pytest.raises(TowerInputError, match=message):
        read_drops(HEADER + body)


@pytest.mark.parametrize(
    ("header", "message"),
    [
        ("session,thrown_0,out_0,thrown_7,out_7\n", "unknown column 'thrown_7'"),
        ("session,thrown_0,out_1\n", "both a thrown_ and an out_"),
        ("thrown_0,out_0\n", "session"),
        ("session,thrown_green,out_green\n", "unknown column"),
    ],
)
def test_bad_headers(header: str, message: str) -> None:
    with pytest.raises(TowerInputError, match=message):
        read_drops(header + "s,1,1\n")


def test_fit_moves_towards_the_generating_parameters() -> None:
    truth = FittedTower(
        lodge=[0.5, 0.4],
        cap=[30.0, 30.0],
        base=[0.02, 0.02],
        knock=[0.01, 0.01],
        top_share=0.5,
        jam=[0.0, 0.0],
    )
    lines = [
        HEADER.replace("thrown_1,", "thrown_1,thrown_2,thrown_3,").replace("out_1,", "out_1,out_2,out_3,")
    ]
    for s in range(8):
        for thrown, out, _ in simulate_session(truth, 4, 20, 50 + s):
            cols = [thrown[c] for c in (0, 1, 2, 3, 5)] + [out[c] for c in (0, 1, 2, 3, 5)]
            lines.append(",".join([f"s{s}", *map(str, cols)]) + "\n")
    drops = read_drops("".join(lines))
    doc = fit_drops(drops, iters=300)
    fit = doc["fit"]
    assert fit["drops"] == 8 * 21
    # The fitted parameters explain the drops better than the shipped ones ...
    assert fit["quasi_loglik"] > fit["prior_quasi_loglik"]
    # ... and the fraction of thrown cubes retained moves towards the truth (0.7 retained here).
    fitted = FittedTower(**doc["params"])
    assert 1 - fitted.fate(20, 0, 0).thrown == pytest.approx(1 - truth.fate(20, 0, 0).thrown, abs=0.12)
