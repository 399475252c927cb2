"""The optional C observation (``feldherr.mansfeld._cobserve``) is its pure-Python twin
(``info.observe_pure``) bit for bit, refuses a buffer it cannot fill with a clear error, and raises
(never crashes) on anything unexpected."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from feldherr.core import testing
from feldherr.core.errors import NotYourTurnError
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


def assert_rows(state: MansfeldState, seats: list[int], staged: list[tuple[int, ...]] | None = None) -> None:
    """observe_seats into a used array: row i is the pure twin's observation of seats[i] with its
    partial staged commitment staged[i] (none when staged is None)."""
    rows = np.full((len(seats), SIZE), 7.0, np.float32)
    assert info.observe_seats(state, seats, rows, staged) is rows
    for i, (row, seat) in enumerate(zip(rows, seats, strict=True)):
        pure = info.observe_pure(state, seat, staged[i] if staged else ())
        assert same_bits(row, pure), (seat, np.flatnonzero(row != pure))


def test_the_kernel_is_the_pure_twin_bit_for_bit() -> None:
    """For every seat at every position of random games of 2 to 4 players, partial commitments
    included: the same float32 numbers, the same bits; a reused buffer (even one holding other
    numbers) is filled completely. So are the rows of observe_seats, for every seat at once (with
    and without staged commitments) and for one seat alone."""
    reused = np.full(SIZE, 7.0, np.float32)
    seen = {"positions": 0, "partials": 0, "over": 0, "staged": 0}
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
        seats = list(range(state.num_players))
        order = seats if seen["positions"] % 2 else seats[::-1]
        assert_rows(state, order)  # every seat at once, in either order
        staged = [partials(state, seat)[-1] for seat in order]  # the largest staged commitment
        assert_rows(state, order, staged)
        seen["staged"] += any(staged)
        seat = seen["positions"] % state.num_players
        assert_rows(state, [seat], [partials(state, seat)[-1]])  # one seat alone
    assert seen["positions"] > 300 and seen["partials"] > 100 and seen["over"] == 9 and seen["staged"] > 20


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


def test_observe_seats_refuses_bad_arrays_and_info_copies_into_them() -> None:
    state = next(s for s in positions(range(3)) if s.phase == COMMIT and s.num_players == 3)
    seat = next(s for s in range(3) if state.commit[s] is None)
    moving = to_move(state)
    staged = [partials(state, seat)[-1], ()]
    assert staged[0]
    expected = np.stack([info.observe_pure(state, seat, staged[0]), info.observe_pure(state, 2)])
    readonly = np.zeros((2, SIZE), np.float32)
    readonly.flags.writeable = False
    bad: list[tuple[Any, type[Exception], str]] = [
        (np.zeros((2, SIZE), np.float64), TypeError, "float32"),
        (readonly, ValueError, "writable"),
        (np.zeros((2, 2 * SIZE), np.float32)[:, ::2], ValueError, "C-contiguous"),
        (np.zeros(2 * SIZE, np.float32), ValueError, "one row"),
        (np.zeros((3, SIZE), np.float32), ValueError, "one row"),
        (np.zeros((2, SIZE + 1), np.float32), ValueError, "one row"),
        ([[0.0] * SIZE] * 2, TypeError, "float32 array"),
        (None, TypeError, "float32 array"),
    ]
    for rows, error, words in bad:
        with pytest.raises(error, match=words):
            cobserve.observe_seats(state, moving, (), rows, [seat, 2], staged)
        if isinstance(rows, np.ndarray) and rows.shape == (2, SIZE) and rows.flags.writeable:
            assert info.observe_seats(state, [seat, 2], rows, staged) is rows  # filled seat by seat
            assert np.array_equal(rows, expected)
        elif isinstance(rows, np.ndarray) and rows.shape != (2, SIZE):
            with pytest.raises(ValueError, match="shape"):
                info.observe_seats(state, [seat, 2], rows, staged)
    assert not readonly.any()
    rows = np.full((2, SIZE), 3.0, np.float32)
    cases: list[tuple[Any, Any, type[Exception]]] = [
        ([0, 3.5], [(), ()], TypeError),  # a seat that is no integer
        ([0, "1"], [(), ()], TypeError),
        ([0, 7], [(), ()], ValueError),  # no such seat
        ([-1, 0], [(), ()], ValueError),
        (5, [(), ()], TypeError),  # seats that are no list or tuple
        ([0, 1], [()], ValueError),  # partials of another length
        ([0, 1], [(), (), ()], ValueError),
        ([0, 1], None, TypeError),
        ([0, 1], [(), None], TypeError),
        ([0, 1], [(), (1.5,)], TypeError),
        ([0, 1], [(), (codec.COMMIT_BASE + 99,)], ValueError),
    ]
    for seats, staged_, error in cases:
        with pytest.raises(error):
            cobserve.observe_seats(state, moving, (), rows, seats, staged_)
    with pytest.raises(ValueError, match="seats"):  # more seats than the layout holds
        cobserve.observe_seats(state, moving, (), np.zeros((9, SIZE), np.float32), [0] * 9, [()] * 9)
    with pytest.raises(TypeError, match="6 arguments"):
        cobserve.observe_seats(state, moving, (), rows, [0, 1])
    broken = state.clone()
    broken.phase = 7
    with pytest.raises(ValueError, match="phase"):
        cobserve.observe_seats(broken, moving, (), rows, [0, 1], [(), ()])
    assert (rows == 3.0).all()  # an error leaves the array as it was
    empty = np.zeros((0, SIZE), np.float32)
    assert cobserve.observe_seats(state, moving, (), empty, [], []) is empty
    assert cobserve.observe_seats(state, moving, (), rows, (seat, 2), (staged[0], ())) is rows
    assert same_bits(rows, expected)  # tuples as well as lists
    with pytest.raises(ValueError, match="partials"):
        info.observe_seats(state, [0, 1], np.zeros((2, SIZE), np.float64), [()])


def test_observe_seats_in_pure_python_is_the_twin_seat_by_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(info, "native", None)
    state = next(s for s in positions(range(3)) if s.phase == COMMIT and s.num_players == 3)
    staged = [partials(state, s)[-1] for s in (2, 0, 1)]
    for dtype in (np.float32, np.float64):
        rows = np.full((3, SIZE), 7.0, dtype)
        assert info.observe_seats(state, [2, 0, 1], rows, staged) is rows
        for row, seat, partial in zip(rows, (2, 0, 1), staged, strict=True):
            assert np.array_equal(row, info.observe_pure(state, seat, partial))
    with pytest.raises(ValueError, match="shape"):
        info.observe_seats(state, [2, 0], np.zeros((3, SIZE), np.float32))
    one = GAME.observe_seats(state, [1], np.zeros((1, SIZE), np.float32), {1: staged[2], 0: staged[1]})
    assert staged[2] and same_bits(one[0], info.observe_pure(state, 1, staged[2]))


def test_the_game_checks_each_seat_and_hands_each_its_partial() -> None:
    state = next(s for s in positions(range(3)) if s.phase == COMMIT and s.num_players == 3)
    staged = {s: partials(state, s)[-1] for s in range(3)}
    assert any(staged.values())
    rows = np.full((3, SIZE), 7.0, np.float32)
    assert GAME.observe_seats(state, [1, 2, 0], rows, staged) is rows
    for row, seat in zip(rows, (1, 2, 0), strict=True):
        assert same_bits(row, info.observe_pure(state, seat, staged[seat]))
    assert GAME.observe_seats(state, [0, 1, 2], rows) is rows  # no partials: none staged
    for row, seat in zip(rows, (0, 1, 2), strict=True):
        assert same_bits(row, info.observe_pure(state, seat))
    for seats in ([0, 3], [-1], [True]):
        with pytest.raises(NotYourTurnError, match=r"core\.seat"):
            GAME.observe_seats(state, seats, rows[: len(seats)])
    assert same_bits(rows[2], info.observe_pure(state, 2))  # left as it was


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
