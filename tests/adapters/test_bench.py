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
