"""The throughput benchmark runs (figures in docs/benchmarks.md), and every loop plays the same
number of decisions as the raw engine on the same seeds."""

from __future__ import annotations

import pytest

from feldherr.adapters import bench
from feldherr.adapters.table import Table


def test_loops_play_the_same_games() -> None:
    table = Table("toy", {"players": 3})
    seeds = [1, 2, 3]
    counts = {name: loop(table, seeds) for name, (loop, _) in bench.LOOPS.items()}
    assert len(set(counts.values())) == 1, counts


def test_bench_command(capsys: pytest.CaptureFixture[str]) -> None:
    bench.main(["toy", "--games", "2", "--repeats", "1"])
    out = capsys.readouterr().out
    assert "pettingzoo AEC" in out and "openspiel" in out


def test_parts_of_an_aec_decision(capsys: pytest.CaptureFixture[str]) -> None:
    parts = bench.aec_parts(Table("toy", {"players": 3}), [1, 2])
    assert set(parts) == set(bench.PARTS) and all(v >= 0.0 for v in parts.values())
    assert parts["raw engine decision"] > 0.0
    bench.main(["toy", "--games", "1", "--parts"])
    assert "rest of last()" in capsys.readouterr().out
