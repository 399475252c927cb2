"""The shortcuts of ``legal_moves``/``apply`` decide exactly as the full way.

``apply`` places a typed planning Slot without the generic checks, and the engine tests a
movement, a draft or a revolt order directly instead of building the list of legal moves. Over
random games (every module, both setups), each candidate move near a legal one (fields off by one,
as floats or bools, other kinds) must be judged the same both ways.
"""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from feldherr.core.bots import RandomBot, SeatAccess
from feldherr.core.errors import RuleError
from feldherr.wallenstein.moves import Slot
from feldherr.wallenstein.rules import actions, planning
from feldherr.wallenstein.state import DRAFT, MOVE, PLAN, REVOLT_ORDER, WallensteinState

from .scenario import GAME

MODULE_SETS = ["", "court", "court,landsknechte,leaders", "leaders"]


def _variants(move: tuple[Any, ...]) -> list[tuple[Any, ...]]:
    """Moves near ``move``: each number off by one either way, as a float, as a bool; shorter and
    longer; the other kinds' first fields."""
    out: list[tuple[Any, ...]] = [move, tuple(move), move[:-1], (*move, 1)]
    for i in range(1, len(move)):
        for value in (move[i] - 1, move[i] + 1, float(move[i]), bool(move[i]), -1, 0, 2):
            out.append((*move[:i], value, *move[i + 1 :]))
    for kind in ("pass", "move", "draft", "slot", "revolt"):
        out.append((kind, *move[1:]))
    if type(move) is Slot:  # a typed Slot may still hold anything
        _, box, card = move
        out += [Slot("move", box, card), Slot(_Str("slot"), box, card)]  # type: ignore[arg-type]
        out += [Slot("slot", box, True), Slot("slot", bool(box), card), Slot("slot", box, 2**40)]
        out += [tuple.__new__(Slot, ("slot", box, card, 0)), tuple.__new__(Slot, ("slot", box))]
    return out


class _Str(str):
    """A kind that equals "slot" without being a plain str."""


def _exact(st: WallensteinState) -> bytes:
    """The complete state but ``version`` (what ``digest`` hashes), pickled: the type of every value
    and the order of every key kept, so equal bytes mean equal digests (the digest's canonical JSON
    cannot tell more apart). A fifth of the cost of a digest; this test compares some ten thousand
    states."""
    data = st.to_json()
    data.pop("version", None)
    return pickle.dumps(data, protocol=5)


def _outcome(st: WallensteinState, seat: int, move: Any, full: bool) -> tuple[Any, ...]:
    """What ``apply`` (or, with ``full``, the plain tuple through the full checks) does to a copy."""
    twin = st.clone()
    try:
        if full and isinstance(move, tuple):
            move = tuple(move)  # a plain tuple never takes the Slot shortcut
        twin.apply(seat, move)
    except RuleError as exc:
        return ("refused", type(exc).__name__, exc.rule, _exact(twin))
    return ("played", _exact(twin), twin.version, len(twin.log))


def _candidates(st: WallensteinState, seat: int) -> list[Any]:
    legal = st.legal_moves(seat)
    picks = legal[:: max(1, len(legal) // 4)][:5]
    return [v for m in picks for v in _variants(m) if v]


@pytest.mark.parametrize("modules", MODULE_SETS)
def test_shortcuts_judge_like_the_lists(modules: str) -> None:
    for seed in range(3):
        players = 3 + seed
        st = GAME.new_state(
            {"players": players, "modules": modules, "setup": ("draft", "fixed")[seed % 2]}, seed
        )
        assert isinstance(st, WallensteinState)
        bots = [RandomBot(seed * 10 + s) for s in range(players)]
        steps = 0
        while not st.is_terminal() and steps < 900:
            seat = st.to_move()[0]
            plan = st.phase == PLAN
            for move in _candidates(st, seat) if not plan or steps % 5 == 0 else ():
                if plan:
                    if move[0] == "slot" and all(type(v) is int for v in move[1:]):
                        listed = move in planning.plan_options(st, seat)
                        assert planning._slot_is_legal(st, seat, move) == listed, move
                    if type(move) is Slot:
                        assert _outcome(st, seat, move, False) == _outcome(st, seat, move, True), move
                elif st.phase == MOVE and move[0] in ("pass", "move"):
                    _, county, action = st.pending
                    listed = move in actions.move_options(st, seat, action, county)
                    assert actions.movement_is_legal(st, seat, action, county, move) == listed, move
                elif st.phase == DRAFT and move[0] == "draft":
                    listed = move in planning.draft_options(st, seat)
                    assert planning._draft_is_legal(st, seat, move) == listed, move
                elif (
                    st.phase == REVOLT_ORDER and move[0] == "revolt" and all(type(v) is int for v in move[1:])
                ):
                    listed = move in st.legal_moves(seat)
                    assert _outcome(st, seat, move, False)[0] == ("played" if listed else "refused"), move
            st.apply(seat, bots[seat].choose(SeatAccess(st, seat)))
            steps += 1
