"""feldherr.sim.simulate and bench from Python: determinism across job counts, records, errors."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from feldherr.core.errors import OptionError
from feldherr.core.play import make_bots, play_game
from feldherr.core.record import GameRecord, records_digest, replay
from feldherr.core.rng import seed_for_game
from feldherr.games import get_game
from feldherr.sim import BackendUnavailable, bench, simulate
from feldherr.sim.backends import chunk_size, effective_jobs


def test_results_do_not_depend_on_the_job_count() -> None:
    one = simulate("toy", 3, games=60, seed=1, bots="heuristic,random,random", jobs=1, keep_games=True)
    two = simulate(
        "toy", 3, games=60, seed=1, bots=["heuristic", "random", "random"], jobs=2, keep_games=True
    )
    assert one.to_json() == two.to_json()
    assert [s.record_digest for s in one.per_game] == [s.record_digest for s in two.per_game]
    other_seed = simulate("toy", 3, games=60, seed=2, bots="heuristic,random,random")
    assert other_seed.digest != one.digest


REAL_OPTION_SETS = [
    ("elgrande", 5, {"variant": ["short", "machtverschiebung", "hidden_castillo", "alte_hasen"]}),
    ("wallenstein", 5, {"setup": "fixed", "modules": ["court", "landsknechte", "leaders"]}),
    ("mansfeld", 4, {"ages": [10, 20, 30, 40]}),
]


@pytest.mark.parametrize(
    ("name", "players", "options"), REAL_OPTION_SETS, ids=[n for n, _, _ in REAL_OPTION_SETS]
)
def test_real_games_under_options_do_not_depend_on_the_job_count(
    name: str, players: int, options: dict[str, object]
) -> None:
    """The games of a real game under combined options played in this process and shared out to
    two worker processes: the same results and records (the toy game's test above, for the
    real engines, their bots and their options)."""
    bots = ["heuristic"] + ["random"] * (players - 1)
    one = simulate(name, players, games=4, seed=5, bots=bots, jobs=1, options=options, keep_games=True)
    two = simulate(name, players, games=4, seed=5, bots=bots, jobs=2, options=options, keep_games=True)
    assert one.to_json() == two.to_json()
    assert [s.record_digest for s in one.per_game] == [s.record_digest for s in two.per_game]
    assert one.to_json()["options"] == get_game(name).normalize_options({"players": players, **options})


def test_totals_match_games_played_one_by_one(tmp_path: Path) -> None:
    result = simulate("toy", 2, games=12, seed=5, bots="heuristic,random", records_dir=tmp_path)
    game = get_game("toy")
    records: list[GameRecord] = []
    wins = [0.0, 0.0]
    scores = [0.0, 0.0]
    for i in range(12):
        seed = seed_for_game(5, i)
        record, state, _ = play_game(
            game, {"players": 2}, seed, make_bots(game, ["heuristic", "random"], seed)
        )
        records.append(record)
        for seat in range(2):
            wins[seat] += state.outcome().win_shares[seat]
            scores[seat] += state.outcome().scores[seat]
        written = GameRecord.from_json(json.loads((tmp_path / f"game-{i:05d}.json").read_text()))
        assert written == record
        assert replay(game, written).digest() == record.final_digest
    assert result.digest == records_digest(records)
    assert result.wins == wins
    assert result.mean_score == [s / 12 for s in scores]
    shares = [
        [
            g.win_shares[seat]
            for g in simulate("toy", 2, games=12, seed=5, bots="heuristic,random", keep_games=True).per_game
        ]
        for seat in range(2)
    ]
    for seat in range(2):
        mean = sum(shares[seat]) / 12
        sample_var = sum((x - mean) ** 2 for x in shares[seat]) / 11
        assert result.win_rate_stderr[seat] == pytest.approx((sample_var / 12) ** 0.5)
    assert sum(result.wins) == pytest.approx(12)
    assert result.games == 12 and result.players == 2
    assert result.per_game == []  # not kept unless asked for


def test_streamed_digest_equals_the_canonical_one() -> None:
    from feldherr.core.game import canonical_digest
    from feldherr.sim.batch import summarize

    kept = simulate("toy", 2, games=7, seed=9, keep_games=True)
    assert kept.digest == canonical_digest([g.record_digest for g in kept.per_game])
    again = summarize("toy", kept.options, kept.bots, 9, kept.per_game)
    assert again.to_json() == kept.to_json()
    assert [g.index for g in kept.per_game] == list(range(7))


def test_json_has_the_documented_keys() -> None:
    data = simulate("toy", 2, games=3).to_json()
    for key in ("game", "players", "games", "seed", "wins", "mean_score", "digest", "bots", "options"):
        assert key in data
    assert data["bots"] == ["random", "random"]
    json.dumps(data)


def test_progress_bar_goes_to_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    simulate("toy", 2, games=5, progress=True)
    captured = capsys.readouterr()
    assert "5/5" in captured.err and captured.out == ""


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"players": 9}, "2 to 4 players"),
        (
            {"players": 2, "bots": "random"},
            r"the seat list \(random\) does not name one bot per player \(2 players\)",
        ),
        ({"players": 2, "bots": "random,genius"}, "unknown player 'genius'"),
        ({"players": 2, "games": 0}, "at least 1"),
        ({"players": 2, "jobs": -1}, "jobs"),
        ({"players": 2, "options": {"colour": "red"}}, "unknown option"),
        ({"players": 2, "backend": "cloud"}, "unknown backend"),
        ({"players": 2, "seed": -1}, r"a seed is a whole number from 0 to 2\^64-1, not -1"),
        ({"players": 2, "seed": 2**64}, r"a seed is a whole number from 0 to 2\^64-1"),
        ({"players": 2, "seed": True}, r"not True"),
    ],
)
def test_bad_arguments_raise_option_errors(kwargs: dict[str, object], match: str) -> None:
    with pytest.raises(OptionError, match=match):
        simulate("toy", **kwargs)  # type: ignore[arg-type]


def test_unknown_game() -> None:
    with pytest.raises(OptionError, match="unknown game"):
        simulate("chess", 2)


@pytest.mark.skipif(importlib.util.find_spec("ray") is not None, reason="ray is installed")
def test_ray_backend_without_ray_is_a_clear_error() -> None:
    with pytest.raises(BackendUnavailable, match="Ray"):
        simulate("toy", 2, games=2, backend="ray")


def test_job_and_chunk_sizes() -> None:
    assert effective_jobs(4, 2) == 2
    assert effective_jobs(0, 10_000) >= 1
    assert effective_jobs(1, 0) == 1
    assert chunk_size(10, 2) == 1
    assert chunk_size(100_000, 2) == 64


def test_bench_reports_rates() -> None:
    result = bench("toy", 2, seconds=0.05, seed=3)
    data = result.to_json()
    assert result.games >= 1 and result.decisions >= result.games
    assert data["games_per_second"] > 0 and data["decisions_per_second"] >= data["games_per_second"]
    assert data["options"] == {"players": 2, "rounds": 3, "variant": "double"}
    capped = bench("toy", 2, seconds=60, max_games=3)
    assert capped.games == 3


def test_bench_modes_play_the_same_games() -> None:
    api = bench("toy", 3, seconds=60, max_games=12)
    playout = bench("toy", 3, seconds=60, max_games=12, mode="playout")
    assert api.mode == "api" and api.to_json()["mode"] == "api"  # the toy has no fast playout
    assert playout.to_json()["mode"] == "playout"
    assert playout.games == api.games == 12 and playout.decisions == api.decisions
    with pytest.raises(OptionError, match="unknown bench mode"):
        bench("toy", 2, seconds=1, mode="turbo")


@pytest.mark.slow
def test_ray_backend_matches_local() -> None:
    """Simulations and tournaments on a local Ray give what one core gives. One Ray for both (its
    start and its workers' imports were most of each check's time: 13 s and 22 s apart)."""
    from feldherr.sim.tournament import tournament

    ray = pytest.importorskip("ray")
    bots = "ismcts@8i,heuristic,random"
    try:
        local = simulate("toy", 3, games=20, seed=4, jobs=1)
        on_ray = simulate("toy", 3, games=20, seed=4, jobs=2, backend="ray")
        assert ray.is_initialized()
        # (tournament(ray="local") joins the Ray this process started)
        local_cup = tournament("toy", bots, games=9, seed=4)
        cup_on_ray = tournament("toy", bots, games=9, seed=4, jobs=2, ray="local")
    finally:
        ray.shutdown()
    assert on_ray.to_json() == local.to_json()
    assert cup_on_ray.to_json() == local_cup.to_json()


def test_records_dir_problems_are_refused_before_any_game(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(OptionError, match="is a file"):
        simulate("toy", 2, games=2, records_dir=blocker)
    with pytest.raises(OptionError, match="cannot write"):
        simulate("toy", 2, games=2, records_dir=blocker / "below")
    assert blocker.read_text() == "x"


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"max_games": 0}, "at least 1"),
        ({"max_games": 1.5}, "at least 1"),
        ({"seconds": float("nan")}, "finite"),
        ({"seconds": float("inf")}, "finite"),
        ({"seconds": -1.0}, "finite"),
    ],
)
def test_bench_refuses_bad_limits(kwargs: dict[str, object], match: str) -> None:
    with pytest.raises(OptionError, match=match):
        bench("toy", 2, **kwargs)  # type: ignore[arg-type]


def test_bots_see_only_their_seat() -> None:
    """The batch hands bots a SeatAccess: a view, legal moves and determinize, never the state."""
    from feldherr.core.bots import SeatAccess

    seen: list[object] = []

    class Spy:
        def __init__(self, seed: int) -> None:
            pass

        def choose(self, seat: SeatAccess) -> tuple[object, ...]:
            seen.append(type(seat))
            assert not hasattr(seat, "hands") and "hands" not in seat.view
            return seat.legal_moves()[0]

    game = get_game("toy")
    record, _, _ = play_game(game, {"players": 2}, 1, [Spy(0), Spy(1)])
    assert seen and set(seen) == {SeatAccess} and len(record.moves) == len(seen)


def test_games_from_a_position_write_records_that_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--from-position`` with ``--records`` was refused ("a record starts from a seed"), though a
    record carries the position it starts from (GameRecord.position) and replays from it."""
    from feldherr.cli import main

    docs = Path(__file__).resolve().parents[2] / "docs" / "positions"
    position = json.loads((docs / "elgrande-example.json").read_text(encoding="utf-8"))
    game = get_game("elgrande")
    bots = "random,random,random"
    plain = simulate("elgrande", games=3, seed=4, bots=bots, position=position, keep_games=True)
    result = simulate(
        "elgrande", games=3, seed=4, bots=bots, position=position, records_dir=tmp_path, keep_games=True
    )
    assert result.to_json() == plain.to_json()  # writing records changes no result (nor the digest)
    for summary in result.per_game:
        written = GameRecord.from_json(json.loads((tmp_path / f"game-{summary.index:05d}.json").read_text()))
        assert written.position is not None and written.seed == summary.seed
        assert len(written.moves) == summary.decisions
        final = replay(game, written)  # from the position, every move checked, the final digest too
        assert final.outcome().scores == summary.scores
    # the command line: the same records, and `feldherr replay` replays one
    cli_dir = tmp_path / "cli"
    path = docs / "elgrande-example.json"
    command = ["simulate", "elgrande", "--from-position", str(path), "--games", "3", "--seed", "4"]
    assert main([*command, "--bots", bots, "--quiet", "--records", str(cli_dir)]) == 0
    assert sorted(p.name for p in cli_dir.iterdir()) == [f"game-0000{i}.json" for i in range(3)]
    assert (cli_dir / "game-00001.json").read_text() == (tmp_path / "game-00001.json").read_text()
    capsys.readouterr()
    assert main(["replay", str(cli_dir / "game-00002.json"), "--lang", "en"]) == 0
    assert "final digest matches" in capsys.readouterr().out
