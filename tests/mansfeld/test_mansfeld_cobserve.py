"""The optional C observation (``feldherr.mansfeld._cobserve``) is its pure-Python twin
(``info.observe_pure``) bit for bit, refuses a buffer it cannot fill with a clear error, and raises
(never crashes) on anything unexpected."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from feldherr.core import testing
from feldherr.mansfeld import codec, info
from feldherr.mansfeld.game import MansfeldGame, MansfeldState
from feldherr.mansfeld.rules.moves import to_move
from feldherr.mansfeld.state import COMMIT, OVER

cobserve = pytest.importorskip("feldherr.mansfeld._cobserve", reason="the C extension is not built here")
GAME = MansfeldGame()
SIZE = info.OBSERVATION_SIZE


@pytest.fixture(autouse=True)
def _native(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kernel in use, also where the suite runs with FELDHERR_PURE=1."""
    cobserve.init(info.KERNEL_LAYOUT)
    monkeypatch.setattr(info, "native", cobserve)


def positions(seeds: range) -> Iterator[MansfeldState]:
    """Every position of a random game per seed (each a copy), for 2, 3 and 4 players in turn."""
    for seed in seeds:
        yield from testing.positions(GAME, {"players": 2 + seed % 3}, seed, every=1)  # type: ignore[misc]


def partials(state: MansfeldState, seat: int) -> list[tuple[int, ...]]:
    """No card, and each partial commitment spelled by the "add card" actions of a prefix of the
    hand (what the staged actions build), where the seat owes a commitment."""
    out: list[tuple[int, ...]] = [()]
    if state.phase == COMMIT and state.commit[seat] is None:
        hand = sorted(state.cards[seat])
        out += [tuple(codec.COMMIT_BASE + c for c in hand[:k]) for k in range(1, len(hand) + 1)]
    return out


def same_bits(a: np.ndarray[Any, Any], b: np.ndarray[Any, Any]) -> bool:
    return a.dtype == b.dtype == np.float32 and bool(np.array_equal(a.view(np.uint32), b.view(np.uint32)))


def test_the_kernel_is_the_pure_twin_bit_for_bit() -> None:
    """For every seat at every position of random games of 2 to 4 players, partial commitments
    included: the same float32 numbers, the same bits; a reused buffer (even one holding other
    numbers) is filled completely."""
    reused = np.full(SIZE, 7.0, np.float32)
    seen = {"positions": 0, "partials": 0, "over": 0}
    for state in positions(range(9)):
        for seat in range(state.num_players):
            for partial in partials(state, seat):
                pure = info.observe_pure(state, seat, partial)
                fresh = info.observe(state, seat, partial)
                assert np.array_equal(fresh, pure) and same_bits(fresh, pure)
                assert info.observe(state, seat, partial, reused) is reused
                assert same_bits(reused, pure)
                seen["partials"] += bool(partial)
            seen["positions"] += 1
        seen["over"] += state.phase == OVER
    assert seen["positions"] > 300 and seen["partials"] > 100 and seen["over"] == 9


def test_an_unsuitable_out_gets_the_numbers_copied_in_as_the_twin_does() -> None:
    state = next(s for s in positions(range(1)) if s.phase == COMMIT)
    pure = info.observe_pure(state, 0)
    for out in (np.zeros(SIZE, np.float64), np.zeros(2 * SIZE, np.float32)[::2]):
        assert info.observe(state, 0, (), out) is out
        assert np.array_equal(out, pure)
    for bad in ([0.0] * SIZE, np.zeros(SIZE, np.float32)[:-1]):
        with pytest.raises((TypeError, ValueError)):
            info.observe_pure(state, 0, (), bad)  # type: ignore[arg-type]
        with pytest.raises((TypeError, ValueError)):
            info.observe(state, 0, (), bad)  # type: ignore[arg-type]


def test_the_kernel_refuses_a_buffer_it_cannot_fill() -> None:
    state = GAME.new_state({"players": 3}, 1)
    moving = to_move(state)
    readonly = np.zeros(SIZE, np.float32)
    readonly.flags.writeable = False
    cases: list[tuple[Any, type[Exception], str]] = [
        (np.zeros(SIZE, np.float64), TypeError, "float32"),
        ([0.0] * SIZE, TypeError, "float32 array"),
        (bytearray(4 * SIZE), TypeError, "float32"),
        (None, TypeError, "float32 array"),
        (np.zeros(SIZE - 1, np.float32), ValueError, "size"),
        (np.zeros((1, SIZE), np.float32), ValueError, "one dimension"),
        (np.zeros(2 * SIZE, np.float32)[::2], ValueError, "C-contiguous"),
        (readonly, ValueError, "writable"),
    ]
    for out, error, words in cases:
        with pytest.raises(error, match=words):
            cobserve.observe(state, 0, (), out, moving, ())
    assert not readonly.any()


def test_the_kernel_raises_on_unexpected_input_and_never_crashes() -> None:
    state = next(s for s in positions(range(2)) if s.phase == COMMIT)
    out = np.zeros(SIZE, np.float32)
    moving = to_move(state)
    good = (state, 0, (), out, moving, ())
    cases: list[tuple[tuple[Any, ...], type[Exception]]] = [
        ((state, "0", (), out, moving, ()), TypeError),
        ((state, 9, (), out, moving, ()), ValueError),
        ((state, 0, (1.5,), out, moving, ()), TypeError),
        ((state, 0, (codec.COMMIT_BASE + 99,), out, moving, ()), ValueError),
        ((state, 0, None, out, moving, ()), TypeError),
        ((state, 0, (), out, None, ()), TypeError),
        ((state, 0, (), out, (0, 7), ()), ValueError),
        ((state, 0, (), out, moving, (2**70,)), OverflowError),
        ((object(), 0, (), out, moving, ()), AttributeError),
        (good[:5], TypeError),
    ]
    for args, error in cases:
        with pytest.raises(error):
            cobserve.observe(*args)
    for field, value, error in (
        ("phase", 7, ValueError),
        ("phase", "commit", TypeError),
        ("cards", None, TypeError),
        ("cards", [[0]], ValueError),
        ("owner", [5] * len(state.values), ValueError),
        ("values", [*state.values, 3], ValueError),
        ("commit", {}, TypeError),
        ("num_players", 9, ValueError),
    ):
        broken = state.clone()
        setattr(broken, field, value)
        with pytest.raises(error):
            cobserve.observe(broken, 0, (), out, moving, ())
    recruiting = next(s for s in positions(range(2)) if s.phase != COMMIT and s.dice)
    for dice in ((0,), (7,), (1.0,)):
        broken = recruiting.clone()
        broken.dice = dice  # type: ignore[assignment]
        with pytest.raises((TypeError, ValueError)):
            cobserve.observe(broken, 0, (), out, to_move(recruiting), ())
    cobserve.observe(*good)  # still well
    assert np.array_equal(out, info.observe_pure(state, 0))


def test_a_layout_that_does_not_fit_is_refused_and_leaves_the_one_in_use() -> None:
    state = GAME.new_state({"players": 2}, 3)
    for change in ({"size": 10}, {"card_slots": 2}, {"max_players": 99}, {"seat_slots": 2**40}):
        with pytest.raises(ValueError, match="layout"):
            cobserve.init({**info.KERNEL_LAYOUT, **change})
    with pytest.raises(KeyError):
        cobserve.init({k: v for k, v in info.KERNEL_LAYOUT.items() if k != "faces"})
    with pytest.raises(TypeError):
        cobserve.init({**info.KERNEL_LAYOUT, "size": 310.0})
    assert np.array_equal(info.observe(state, 1), info.observe_pure(state, 1))


def test_feldherr_pure_selects_the_twin(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FELDHERR_PURE", "1")
    assert info._load_native() is None
    monkeypatch.setenv("FELDHERR_PURE", "0")
    assert info._load_native() is cobserve
