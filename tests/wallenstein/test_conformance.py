"""The core contracts for Wallenstein (feldherr.core.testing), the package layout, and the hostile
inputs of issue 9 that concern the engine and its JSON reader."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from typing import Any

import pytest

import feldherr.wallenstein
from feldherr.core.bots import RandomBot, SeatAccess
from feldherr.core.errors import MalformedMoveError, NotYourTurnError, OptionError, RuleError
from feldherr.core.testing import check_conformance, find_cycle, import_graph
from feldherr.games import get_game
from feldherr.wallenstein.data import COMBAT_A, TAXES
from feldherr.wallenstein.state import LOST, MOVE, PLAN, POSITION

from .scenario import Table

GAME = get_game("wallenstein")
PACKAGE = Path(feldherr.wallenstein.__file__).resolve().parent

# Every option combination docs/games/wallenstein.md lists: player counts with both setups, each
# module alone and all three, and the tower models a player may choose.
COMBINATIONS: list[dict[str, Any]] = [
    *({"players": n, "setup": setup} for n in (3, 4, 5) for setup in ("draft", "fixed")),
    *({"players": 4, "modules": [m]} for m in ("court", "landsknechte", "leaders")),
    {"players": 5, "setup": "fixed", "modules": ["court", "landsknechte", "leaders"]},
    {"players": 3, "modules": ["court", "landsknechte", "leaders"]},
    {"players": 4, "tower": "simple"},
    {"players": 4, "tower": "two-level", "setup": "fixed"},
    {"players": 4, "tower": "simple", "tower_params": {"p_through": 0.5, "p_release": 0.5}},
]


@pytest.mark.parametrize("options", COMBINATIONS, ids=[str(sorted(o.items())) for o in COMBINATIONS])
def test_conformance(options: dict[str, Any]) -> None:
    counts = check_conformance(GAME, options, games=1, seed=5, every=60, hostile_limit=25)
    assert counts["positions"] >= 4 and counts["hostile"] > 100


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("mujoco") is None, reason="the physical tower needs MuJoCo")
@pytest.mark.skipif(not os.environ.get("FELDHERR_PHYSICAL"), reason="about a minute: FELDHERR_PHYSICAL=1")
def test_conformance_physical_tower() -> None:
    check_conformance(GAME, {"players": 3, "tower": "physical"}, games=1, seed=2, every=150, hostile_limit=10)


def test_no_import_circle_and_no_upward_imports() -> None:
    graph = import_graph(PACKAGE, "feldherr.wallenstein")
    assert find_cycle(graph) is None
    forbidden = ("feldherr.cli", "feldherr.sim", "feldherr.server", "feldherr.adapters", "feldherr.search")
    forbidden += ("feldherr.elgrande", "feldherr.mansfeld")
    for path in PACKAGE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for name in forbidden:
            assert f"import {name}" not in text and f"from {name}" not in text, f"{path} imports {name}"
    assert (PACKAGE / "__init__.py").read_text().strip().startswith('"""')
    assert "import" not in (PACKAGE / "__init__.py").read_text()
    upper = {"feldherr.wallenstein." + m for m in ("game", "info", "codec", "text", "bots", "terminal")}
    for module, targets in graph.items():
        if module.startswith("feldherr.wallenstein.rules"):
            assert not targets & upper, f"{module} imports a layer above the rules: {targets & upper}"
    assert not graph["feldherr.wallenstein.state"] - {
        "feldherr.wallenstein.data",
        "feldherr.wallenstein.tower",
        "feldherr.wallenstein.tower.model",
        "feldherr.wallenstein.tower.registry",
    }


def _at(phase: str, seed: int = 1, **options: Any) -> Any:
    state = GAME.new_state({"players": 4, **options}, seed)
    bots = [RandomBot(seed + s) for s in range(4)]
    while state.phase != phase:
        seat = state.to_move()[0]
        state.apply(seat, bots[seat].choose(SeatAccess(state, seat)))
    return state


def _refused(state: Any, seat: Any, move: Any, error: type[RuleError] = RuleError) -> RuleError:
    before = (state.digest(), state.version, state.legal_moves(state.to_move()[0]))
    with pytest.raises(error) as err:
        state.apply(seat, move)
    assert (state.digest(), state.version, state.legal_moves(state.to_move()[0])) == before
    return err.value


def test_floats_bools_strings_and_huge_numbers_in_moves() -> None:
    st = _at(MOVE)
    seat = st.to_move()[0]
    moves = [m for m in st.legal_moves(seat) if m[0] == "move"]
    _, county, n = moves[0]
    for bad in (float(n), True, str(n), 10**30, -n, n + 0.5):
        _refused(st, seat, ("move", county, bad))
    for bad in (float(county), str(county), 2**70):
        _refused(st, seat, ("move", bad, n))
    st = _at(POSITION)
    seat = st.to_move()[0]
    _, pos = st.legal_moves(seat)[0]
    for bad in (False, True, float(pos), str(pos), -1, 10**9):
        _refused(st, seat, ("position", bad))


def test_bad_seats() -> None:
    st = _at(PLAN)
    move = st.legal_moves(0)[0]
    for seat in ("0", None, 0.0, -1, 10**9, True, [0]):
        err = _refused(st, seat, move, NotYourTurnError)
        assert err.rule == "core.seat"
        with pytest.raises(NotYourTurnError):
            st.legal_moves(seat)


def test_json_reader_reads_exact_types() -> None:
    for bad in (
        ["draft", 1.0, 5],
        ["draft", True, 5],
        ["draft", 2, 5],
        ["draft", 0, 5.0],
        ["position", 1.0],
        ["position", False],
        ["move", "Kursachsen", 2.0],
        ["slot", "bid", 2.0],
        ["slot", "bid", -100],
        ["slot", "bid", 5],
        ["slot", "bid", True],
        ["favor", 4.0],
        ["lsk", ["vp"]],
        ["plan", {"bid": 0}],
    ):
        with pytest.raises(MalformedMoveError):
            GAME.move_from_json(bad)
    assert GAME.move_from_json(["draft", "deck", 5]) == ("draft", 2, 5)
    assert GAME.move_from_json(["slot", "bid", 4]) == ("slot", 10, 104)


def test_whole_plan_is_not_a_move() -> None:
    """legal_moves is the whole action set: a plan is given box by box, never all at once."""
    st = _at(PLAN)
    assert all(m[0] == "slot" for m in st.legal_moves(0))
    _refused(st, 0, ("plan", tuple([-1] * 11)))


@pytest.mark.parametrize(
    "options",
    [
        {"tower": "simple", "tower_params": {"p_through": "x"}},
        {"tower": "simple", "tower_params": {"p_through": 5}},
        {"tower": "simple", "tower_params": {"p_through": True}},
        {"tower": "simple", "tower_params": {"p_through": float("nan")}},
        {"tower": "two-level", "tower_params": {"p_pass": -1}},
        {"tower": "two-level", "tower_params": {"p_knock": 1.5}},
        {"tower": "simple", "tower_params": {"speed": 1}},
        {"tower": "simple", "tower_params": "abc"},
        {"tower": "fitted", "tower_params": {"lodge": "x"}},
        {"tower": "scripted"},
        {"tower": "scripted", "tower_params": {"script": [[1]]}},
        {"tower": "magic"},
        {"players": 4.0},
        {"players": "4"},
        {"modules": ["court", "dance"]},
        {"setup": "random"},
    ],
)
def test_bad_options_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(OptionError):
        GAME.new_state({"players": 4, **options}, 1)


def test_tower_options_in_range_are_kept() -> None:
    options = {"players": 4, "tower": "simple", "tower_params": {"p_through": 1, "p_release": 0.0}}
    assert GAME.normalize_options(options)["tower_params"] == {"p_through": 1, "p_release": 0.0}
    assert "tower_params" not in GAME.normalize_options({"players": 4, "tower_params": {}})
    spec = {s.name: s for s in GAME.option_spec()}
    assert "scripted" not in spec["tower"].choices


def test_an_action_lost_to_a_conqueror_is_logged() -> None:
    """Issue 11: every skipped action is logged with its reason, also one whose county card went to
    a conqueror while it lay on the mat."""
    t = Table.of(_at(POSITION, seed=3), seed=3)
    for seat, box in ((1, TAXES), (2, COMBAT_A)):
        plan = t.player(seat)["plan"]
        county = next(v for v in plan if isinstance(v, str) and v in t.pos["counties"])  # on the mat
        other = plan.index(county)
        plan[box], plan[other] = county, plan[box]  # (planned on that box)
        t.clear(county)  # the county goes neutral: its card leaves the mat, the box is lost
    st = t.state()
    assert st.plans[1][TAXES] == st.plans[2][COMBAT_A] == LOST
    start = len(st.log)
    bots = [RandomBot(s) for s in range(4)]
    while st.phase != PLAN:
        seat = st.to_move()[0]
        st.apply(seat, bots[seat].choose(SeatAccess(st, seat)))
    lost = [e for e in st.log[start:] if e["k"] == "skip_lost"]
    assert {(e["a"]["p"], e["a"]["action"]) for e in lost} == {(1, "taxes"), (2, "combat_a")}
    assert all(e["a"]["reason"] == "card_lost" for e in lost)
    assert "Blue skips Collect taxes" in GAME.render_log(lost[0] if lost[0]["a"]["p"] == 1 else lost[1], "en")
    assert "ausfallen" in GAME.render_log(lost[0], "de")


def test_determinize_resamples_what_the_seat_cannot_see() -> None:
    st = _at(POSITION, seed=2)
    a, b = st.determinize(0, 1), st.determinize(0, 2)
    assert a.view(0) == b.view(0) == st.view(0)
    assert a.plans[0] == st.plans[0]
    assert a.event_deck != b.event_deck or a.plans[1:] != b.plans[1:]
    assert sorted(a.event_deck) == sorted(st.event_deck)
    for s in range(1, 4):
        assert sorted(a.plans[s]) == sorted(st.plans[s])
    assert a.tower.inside() == st.tower.inside()
    assert a.rng.state != st.rng.state


def test_playout_keeps_the_version() -> None:
    a = GAME.new_state({"players": 4}, 7)
    b = a.clone()
    decisions = a.random_playout([1, 2, 3, 4])
    bots = [RandomBot(s) for s in (1, 2, 3, 4)]
    from feldherr.core.game import drive

    assert drive(b, bots) == decisions
    assert a.version == b.version == decisions and a.digest() == b.digest()


def _positions(options: dict[str, Any], seed: int, every: int = 9) -> Any:
    state = GAME.new_state(options, seed)
    bots = [RandomBot(seed + s) for s in range(state.num_players)]
    count = 0
    while not state.is_terminal():
        seat = state.to_move()[0]
        state.apply(seat, bots[seat].choose(SeatAccess(state, seat)))
        count += 1
        if count % every == 0:
            yield state


def test_heuristic_bot_sees_only_its_seat() -> None:
    """The bot's choice depends only on what its seat may know: the same on a determinized copy
    (the others' plans, the decks, the tower's insides and the generator resampled)."""
    from feldherr.wallenstein.bots import HeuristicBot

    options = {"players": 4, "modules": ["court", "landsknechte", "leaders"]}
    for st in _positions(options, 4):
        for seat in st.to_move():
            mine = HeuristicBot(seat).choose(SeatAccess(st, seat))
            assert mine in st.legal_moves(seat)
            other = st.determinize(seat, 99)
            assert HeuristicBot(seat).choose(SeatAccess(other, seat)) == mine


def test_text_from_the_view_only() -> None:
    options = {"players": 5, "modules": ["court", "landsknechte", "leaders"]}
    for st in _positions(options, 6, every=17):
        for seat in (None, *range(st.num_players)):
            view = st.view(seat)
            for lang in ("en", "de"):
                assert "Wallenstein" in GAME.render_view(view, lang)
                if seat is not None and seat in st.to_move():
                    for move in st.legal_moves(seat)[:12]:
                        assert GAME.describe_move(view, move, lang)
        for entry in st.log[-20:]:
            assert GAME.render_log(entry, "de") and GAME.render_log(entry, "en")
