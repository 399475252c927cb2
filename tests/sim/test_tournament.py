"""Tournaments: rotated seats, intervals, ratings, and the same results however they run."""

from __future__ import annotations

from pathlib import Path

import pytest

from feldherr.core.errors import OptionError
from feldherr.sim.tournament import entrant_names, plot, seating, tournament, wilson

BOTS = "ismcts@8i,heuristic,random"


def test_seats_rotate_over_shared_deals() -> None:
    assert [seating(i, 3) for i in range(4)] == [(0, 1, 2), (1, 2, 0), (2, 0, 1), (0, 1, 2)]
    result = tournament("toy", BOTS, games=6, seed=1)
    seeds = [g.seed for g in result.per_game]
    assert seeds[0] == seeds[1] == seeds[2] != seeds[3] == seeds[4] == seeds[5]
    for entrant in range(3):
        assert result.seat_games[entrant] == [2, 2, 2]


def test_totals_add_up() -> None:
    result = tournament("toy", BOTS, games=12, seed=3)
    data = result.to_json()
    assert data["games"] == 12
    assert sum(e["wins"] for e in data["entrants"]) == pytest.approx(12)
    for entrant in data["entrants"]:
        low, high = entrant["ci95"]
        assert low <= entrant["win_rate"] <= high
    assert data["fair_share"] == pytest.approx(1 / 3)


def test_the_same_seed_gives_the_same_results_on_any_number_of_cores() -> None:
    one = tournament("toy", BOTS, games=9, seed=4, jobs=1)
    two = tournament("toy", BOTS, games=9, seed=4, jobs=2)
    assert one.to_json() == two.to_json()
    assert tournament("toy", BOTS, games=9, seed=5).to_json()["digest"] != one.to_json()["digest"]


def test_ratings_follow_the_results() -> None:
    pytest.importorskip("openskill")
    result = tournament("toy", "heuristic,random", games=30, seed=2, options={"rounds": 5})
    assert result.win_rate[0] > result.win_rate[1]
    assert result.ratings is not None
    assert result.ratings[0]["mu"] > result.ratings[1]["mu"]


def test_repeated_bots_are_told_apart() -> None:
    assert entrant_names(["hard", "heuristic", "heuristic", "heuristic"]) == [
        "hard",
        "heuristic",
        "heuristic#2",
        "heuristic#3",
    ]


def test_wilson_interval() -> None:
    low, high = wilson(0.5, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0.0, 10)[0] == 0.0 and wilson(1.0, 10)[1] == 1.0


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"bots": "random"}, "2 to 4 players"),
        ({"bots": "random,nobody"}, "unknown player"),
        ({"bots": "random,random", "games": 0}, "at least 1"),
        ({"bots": "random,random", "jobs": -1}, "jobs"),
        ({"bots": "random,hard@zzz"}, "not a search budget"),
        ({"bots": "random,random", "seed": -1}, r"a seed is a whole number from 0 to 2\^64-1, not -1"),
        ({"bots": "random,random", "seed": 2**64}, r"a seed is a whole number from 0 to 2\^64-1"),
    ],
)
def test_bad_arguments(kwargs: dict[str, object], match: str) -> None:
    with pytest.raises(OptionError, match=match):
        tournament("toy", **kwargs)  # type: ignore[arg-type]


def test_plot(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    result = tournament("toy", BOTS, games=3, seed=1)
    path = plot(result, tmp_path / "t.png")
    assert path.read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize(
    ("lang", "said", "not_said"),
    [
        ("en", ["Toy Auction: 3 games, seats rotated", "win rate", "fair share 50%", "ratings"],
         ["Partien"]),
        ("de", ["Toy Auction: 3 Partien, Plätze rotiert", "Siegquote", "fairer Anteil 50\xa0%", "Wertungen"],
         ["games", "win rate", "fair share", "ratings"]),
    ],
)  # fmt: skip
def test_the_plot_speaks_the_readers_language(
    tmp_path: Path, lang: str, said: list[str], not_said: list[str]
) -> None:
    """The plot's title, axes and legend are in the table's language, headed by the game's title
    (a German table came with an English plot headed by the game's key)."""
    matplotlib = pytest.importorskip("matplotlib")
    result = tournament("toy", "heuristic,random", games=3, seed=1)
    with matplotlib.rc_context({"svg.fonttype": "none"}):  # the words as text, not as outlines
        text = plot(result, tmp_path / "t.svg", lang, "Toy Auction").read_text(encoding="utf-8")
    for words in said:
        assert words in text, (words, lang)
    for words in not_said:
        assert words not in text, (words, lang)


@pytest.mark.parametrize(
    ("lang", "said", "not_said"),
    [
        ("en", ["Rule of thumb", "Random moves", "Rule of thumb II", "μ ± σ"],
         ["Faustregel", "sigma", "heuristic", "random"]),
        ("de", ["Faustregel", "Zufallszüge", "Faustregel II", "μ ± σ"],
         ["Rule of thumb", "sigma", "heuristic", "random"]),
    ],
)  # fmt: skip
def test_the_plot_names_the_bots_in_words(
    tmp_path: Path, lang: str, said: list[str], not_said: list[str]
) -> None:
    """Each entrant on the plot is the bot as the lobby names it, in the reader's language, as the
    table names it (a German plot read "heuristic", "random" only; then the words over the keys,
    "heuristic#2"), a repeat marked II; the rating's spread is "μ ± σ", not "mu ± sigma"."""
    matplotlib = pytest.importorskip("matplotlib")
    result = tournament("toy", "heuristic,random,heuristic", games=3, seed=1)
    with matplotlib.rc_context({"svg.fonttype": "none"}):
        text = plot(result, tmp_path / "t.svg", lang, "Toy Auction").read_text(encoding="utf-8")
    for words in said:
        assert words in text, (words, lang)
    for words in not_said:
        assert words not in text, (words, lang)


# The same results on a local Ray: tests/sim/test_sim_simulate.py::test_ray_backend_matches_local
# (one Ray for simulations and tournaments).
