"""The compiled observation (``_cobserve.c``) gives exactly the numbers of its Python twin
(``info.observe_pure``), bit for bit in float32, at every position of random games under every
option set and for every seat; bad buffers and unreadable states raise and change nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from feldherr.core import testing
from feldherr.elgrande import info
from feldherr.elgrande.game import ElGrandeGame, ElGrandeState
from feldherr.elgrande.rules.moves import to_move
from feldherr.elgrande.state import ElGrandeData

from .helpers import Board
from .test_observe import OPTION_SETS, _name

cobserve = pytest.importorskip(
    "feldherr.elgrande._cobserve", reason="the C observation (feldherr.elgrande._cobserve) is not built here"
)
cobserve.init(info._LAYOUT)  # (FELDHERR_PURE leaves the module unloaded by info)

GAME = ElGrandeGame()
SIZE = info.OBSERVATION_SIZE


@pytest.fixture(autouse=True)
def kernel(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """``info.observe`` runs the compiled kernel in these tests, even under FELDHERR_PURE."""
    monkeypatch.setattr(info, "native", cobserve)
    yield cobserve


def same_bits(a: np.ndarray[Any, Any], b: np.ndarray[Any, Any]) -> bool:
    return a.dtype == b.dtype == np.float32 and np.array_equal(a.view(np.uint32), b.view(np.uint32))


def assert_twins(state: ElGrandeData, seat: int, dirty: np.ndarray[Any, Any]) -> None:
    """The kernel into a used buffer, the kernel into a new array and the Python twin agree bit
    for bit."""
    reference = info.observe_pure(state, seat)
    assert info.observe(state, seat, dirty) is dirty
    fresh = info.observe(state, seat)
    assert np.array_equal(dirty, reference), np.flatnonzero(dirty != reference)
    assert same_bits(dirty, reference) and same_bits(fresh, reference)


def assert_rows(state: ElGrandeData, seats: list[int]) -> None:
    """observe_seats into a used array: row i is the Python twin's observation of seats[i]."""
    rows = np.full((len(seats), SIZE), 7.0, np.float32)
    assert info.observe_seats(state, seats, rows) is rows
    for row, seat in zip(rows, seats, strict=True):
        assert same_bits(row, info.observe_pure(state, seat)), (
            seat,
            np.flatnonzero(row != info.observe_pure(state, seat)),
        )


def positions(options: dict[str, Any], seed: int) -> Iterator[ElGrandeState]:
    """Every position of a random game (the end included), each a copy."""
    yield from testing.positions(GAME, options, seed, every=1)  # type: ignore[misc]


@pytest.mark.parametrize("options", OPTION_SETS, ids=_name)
def test_the_kernel_is_the_python_twin_bit_for_bit(options: dict[str, Any]) -> None:
    """Every seat at every position (before the first turn, in every phase, at the end); now and
    then a determinized world and a state read back from JSON (ints and lists as JSON gives them)."""
    dirty = np.full(SIZE, 7.0, np.float32)
    count = 0
    for k, state in enumerate(positions(options, 3 + len(repr(options)))):
        for seat in range(state.num_players):
            assert_twins(state, seat, dirty)
            count += 1
        seats = list(range(state.num_players))
        assert_rows(state, seats if k % 2 else seats[::-1])  # every seat at once, in any order
        if k % 29 == 0:
            assert_rows(state, [k % state.num_players])
            seat = state.to_move()[0] if state.to_move() else 0
            assert_twins(state.determinize(seat, k), seat, dirty)  # type: ignore[arg-type]
            loaded = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
            assert_twins(loaded, seat, dirty)  # type: ignore[arg-type]
            if not state.is_terminal():  # a table written as a position (the scenario tests')
                assert_twins(Board.of(state, k).state(), seat, dirty)
    assert count > 100


def test_edge_states_the_game_does_not_reach_by_itself() -> None:
    """Numbers beyond [0, 1] are clamped the same way (a negative score, a huge one), flags may
    be bools, the current colour may be none (-1) and the seats to move may be none."""
    state = GAME.new_state({"players": 4, "variant": ["hidden_castillo", "machtverschiebung"]}, 9)
    dirty = np.full(SIZE, 7.0, np.float32)
    assert state.current == -1
    for seat in range(4):
        assert_twins(state, seat, dirty)
    state.score = [-7, 1000, 75, 0]
    state.hidden_castillo = True
    state.machtverschiebung = True
    state.power_played = [13, 0, 1, 5, 0]
    state.power_total = [25, 0, 1, 5, 0]
    for seat in range(4):
        assert_twins(state, seat, dirty)
    assert info.observe(state, 0)[info._COLOUR_AT + info._NREG + 7] == 0.0  # the negative score
    for index in (40, -2):  # past the round track's end (after the last round), from its end
        state.round_index = index
        assert_twins(state, 1, dirty)
    state.round_index = -100
    with pytest.raises(IndexError):
        info.observe_pure(state, 1)
    with pytest.raises(IndexError, match="round_index"):
        info.observe(state, 1)
    state.round_index = 3
    state.phase = len(info.PHASE_NAMES) - 1  # over: nobody to move
    assert to_move(state) == ()
    assert_twins(state, 2, dirty)


def test_bad_buffers_raise_a_clear_error() -> None:
    state = GAME.new_state({"players": 3}, 4)
    moving = to_move(state)
    readonly = np.zeros(SIZE, np.float32)
    readonly.flags.writeable = False
    bad: list[tuple[Any, type[Exception], str]] = [
        (np.zeros(SIZE, np.float64), TypeError, "float32"),
        (np.zeros(SIZE, np.int32), TypeError, "float32"),
        (np.zeros(SIZE, ">f4"), TypeError, "float32"),
        (readonly, TypeError, "writable"),
        (bytearray(4 * SIZE), TypeError, "float32"),
        ([0.0] * SIZE, TypeError, "buffer protocol"),
        (None, TypeError, "buffer protocol"),
        (np.zeros(SIZE - 1, np.float32), ValueError, "exactly"),
        (np.zeros(SIZE + 1, np.float32), ValueError, "exactly"),
        (np.zeros((1, SIZE), np.float32), ValueError, "one-dimensional"),
        (np.zeros(2 * SIZE, np.float32)[::2], ValueError, "contiguous"),
    ]
    for buffer, error, words in bad:
        with pytest.raises(error, match=words):
            cobserve.observe(state, 0, buffer, moving)
    good = np.zeros(SIZE, np.float32)
    assert cobserve.observe(state, 0, good, moving) is good
    assert same_bits(good, info.observe_pure(state, 0))
    with pytest.raises(TypeError, match="4 arguments"):
        cobserve.observe(state, 0, moving)


def test_observe_seats_refuses_bad_arrays_and_info_copies_into_them() -> None:
    state = GAME.new_state({"players": 3, "variant": ["machtverschiebung"]}, 4)
    moving = to_move(state)
    expected = np.stack([info.observe_pure(state, s) for s in (2, 0)])
    bad: list[tuple[Any, type[Exception], str]] = [
        (np.zeros((2, SIZE), np.float64), TypeError, "float32"),
        (np.zeros(2 * SIZE, np.float32), ValueError, "one row"),
        (np.zeros((3, SIZE), np.float32), ValueError, "one row"),
        (np.zeros((2, SIZE + 1), np.float32), ValueError, "one row"),
        (np.zeros((2, 2 * SIZE), np.float32)[:, ::2], ValueError, "contiguous"),
        (None, TypeError, "buffer protocol"),
    ]
    for rows, error, words in bad:
        with pytest.raises(error, match=words):
            cobserve.observe_seats(state, moving, rows, [2, 0])
        if rows is not None and rows.shape == (2, SIZE):  # info fills it seat by seat instead
            assert info.observe_seats(state, [2, 0], rows) is rows
            assert np.array_equal(rows, expected)
        elif rows is not None:
            with pytest.raises(ValueError, match="shape"):
                info.observe_seats(state, [2, 0], rows)
    for seats, error in [([0, 3.5], TypeError), ([9], ValueError), (5, TypeError), ([0] * 9, ValueError)]:
        with pytest.raises(error):
            cobserve.observe_seats(state, moving, np.zeros((1, SIZE), np.float32), seats)
    with pytest.raises(TypeError, match="4 arguments"):
        cobserve.observe_seats(state, moving, np.zeros((2, SIZE), np.float32))
    empty = np.zeros((0, SIZE), np.float32)
    assert cobserve.observe_seats(state, moving, empty, []) is empty
    spoiled = state.clone()
    spoiled.king = -1  # type: ignore[attr-defined]
    rows = np.full((2, SIZE), 3.0, np.float32)
    with pytest.raises(ValueError, match="king"):
        cobserve.observe_seats(spoiled, moving, rows, [2, 0])
    with pytest.raises(ValueError, match="seat"):
        cobserve.observe_seats(state, moving, rows, [2, 7])
    assert (rows == 3.0).all()  # an error leaves the array as it was


def test_an_unsuitable_out_gets_the_numbers_copied() -> None:
    state = GAME.new_state({"players": 5}, 2)
    wide = np.zeros(SIZE, np.float64)
    assert info.observe(state, 3, wide) is wide
    assert np.array_equal(wide, info.observe_pure(state, 3))
    strided = np.zeros(2 * SIZE, np.float32)[::2]
    assert info.observe(state, 3, strided) is strided
    assert same_bits(np.ascontiguousarray(strided), info.observe_pure(state, 3))


def test_an_unreadable_state_raises_and_leaves_the_buffer_as_it_was() -> None:
    """Wrong types, missing fields and values out of range raise (never a crash), and the buffer
    keeps its numbers."""
    base = GAME.new_state({"players": 3, "variant": ["machtverschiebung"]}, 6)
    changes: list[tuple[str, Any, type[Exception]]] = [
        ("phase", 99, ValueError),
        ("phase", "act", TypeError),
        ("king", -1, ValueError),
        ("scoreboards", [-1, -1, -1], ValueError),
        ("scoreboards", [12, -1], ValueError),
        ("caballeros", [0] * 5, ValueError),
        ("caballeros", None, TypeError),
        ("open_cards", [99], ValueError),
        ("card", 2**80, OverflowError),
        ("colours", 9, ValueError),
        ("score", [0], IndexError),
        ("score", [0.5, 0, 0], TypeError),
        ("power_hand", [1 << 20] * 3, ValueError),
        ("power_hand", [-1] * 3, ValueError),
        ("grande", [12, 0, 0], ValueError),
        ("vetos", [0, 0, 0], TypeError),
        ("modifier_hand", [], IndexError),
        ("round_index", "x", TypeError),
    ]
    for name, value, error in changes:
        state = base.clone()
        setattr(state, name, value)
        buffer = np.full(SIZE, 3.0, np.float32)
        with pytest.raises(error):
            cobserve.observe(state, 1, buffer, to_move(base))
        assert (buffer == 3.0).all(), name
    buffer = np.full(SIZE, 3.0, np.float32)
    for seat, moving, error in [
        (5, (), ValueError),
        (-1, (), ValueError),
        (1, (7,), ValueError),
        (1, (None,), TypeError),
    ]:
        with pytest.raises(error):
            cobserve.observe(base, seat, buffer, moving)
    with pytest.raises(TypeError):
        cobserve.observe(base, 1, buffer, 5)
    with pytest.raises(AttributeError):
        cobserve.observe(object(), 1, buffer, ())
    assert (buffer == 3.0).all()


def test_a_bad_layout_is_refused_and_the_one_in_use_stays() -> None:
    for change in ({"size": 0}, {"phases": None}, {"mods_at": info.OBSERVATION_SIZE}, {"score_scale": 0}):
        layout = {**info._LAYOUT, **change}
        with pytest.raises((ValueError, TypeError)):
            cobserve.init(layout)
    with pytest.raises(KeyError, match="round_scale"):
        cobserve.init({k: v for k, v in info._LAYOUT.items() if k != "round_scale"})
    with pytest.raises(TypeError):
        cobserve.init(list(info._LAYOUT.items()))
    state = GAME.new_state({"players": 2}, 1)
    assert_twins(state, 1, np.zeros(SIZE, np.float32))


def test_feldherr_pure_selects_the_python_twin(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FELDHERR_PURE", "1")
    assert info._load_native() is None
    monkeypatch.setattr(info, "native", None)
    state = GAME.new_state({"players": 4}, 8)
    calls: list[int] = []

    def spy(st: ElGrandeData, seat: int, out: Any = None) -> Any:
        calls.append(seat)
        return pure(st, seat, out)

    pure = info.observe_pure
    monkeypatch.setattr(info, "observe_pure", spy)
    assert same_bits(info.observe(state, 2), pure(state, 2))  # type: ignore[arg-type]
    assert calls == [2]
    monkeypatch.setenv("FELDHERR_PURE", "0")
    assert info._load_native() is cobserve


def test_fields_read_from_their_slots_answer_as_getattr_does() -> None:
    """The kernel reads a state's fields straight from their slots (``_slots.h``) only where that
    is what attribute access gives: a subclass that makes a field a property is read through it,
    an empty slot raises AttributeError, and the plain class is read right again afterwards."""
    state = GAME.new_state({"players": 4}, 5)
    expected = info.observe_pure(state, 1)
    assert same_bits(info.observe(state, 1), expected)

    class Crowned(type(state)):  # type: ignore[misc]
        __slots__ = ()

        @property
        def king(self) -> int:
            return 3

        @king.setter
        def king(self, value: int) -> None:
            pass

    crowned = Crowned.__new__(Crowned)
    for klass in type(state).__mro__:  # every slot filled as the state's, the king's slot too
        for name in getattr(klass, "__slots__", ()):
            if hasattr(state, name):
                klass.__dict__[name].__set__(crowned, getattr(state, name))
    assert crowned.king == 3 != state.king  # the property, not the slot that holds state.king
    assert same_bits(info.observe(crowned, 1), info.observe_pure(crowned, 1))  # type: ignore[arg-type]
    assert same_bits(info.observe(state, 1), expected)
    emptied = state.clone()
    del emptied.king
    with pytest.raises(AttributeError, match="king"):
        info.observe(emptied, 1)
    assert same_bits(info.observe(state, 1), expected)


def test_plain_arrays_and_other_buffers_get_the_same_numbers() -> None:
    """The kernel writes a plain float32 array (numpy.empty's, the adapters' own) through the
    array's own fields and anything else through the buffer protocol: a subclass of ndarray, a
    memoryview, an array of the other byte order's twin type refused alike; the numbers are the
    same bit for bit, one row or several."""

    class Sub(np.ndarray):  # type: ignore[type-arg]
        pass

    state = GAME.new_state({"players": 4}, 6)
    moving = to_move(state)
    plain = np.full(SIZE, 7.0, np.float32)
    other = np.full(SIZE, 7.0, np.float32).view(Sub)
    shared = np.full(SIZE, 7.0, np.float32)
    cobserve.observe(state, 2, plain, moving)
    cobserve.observe(state, 2, other, moving)
    cobserve.observe(state, 2, memoryview(shared), moving)
    assert same_bits(plain, info.observe_pure(state, 2))
    assert same_bits(np.asarray(other), plain) and same_bits(shared, plain)
    rows, other_rows = np.full((2, SIZE), 7.0, np.float32), np.full((2, SIZE), 7.0, np.float32).view(Sub)
    cobserve.observe_seats(state, moving, rows, [3, 1])
    cobserve.observe_seats(state, moving, other_rows, [3, 1])
    assert same_bits(rows, np.stack([info.observe_pure(state, 3), info.observe_pure(state, 1)]))
    assert same_bits(np.asarray(other_rows), rows)


def test_an_array_changed_while_the_state_is_read_is_refused_and_not_written() -> None:
    """A plain array is checked again after the state was read (where a property of a subclass
    may run Python code): one reshaped or made read-only meanwhile is a TypeError, its numbers as
    they were."""
    state = GAME.new_state({"players": 4}, 5)
    out = np.full(SIZE, 7.0, np.float32)
    rows = np.full((2, SIZE), 7.0, np.float32)
    spoil: list[Any] = []

    class Meddling(type(state)):  # type: ignore[misc]
        __slots__ = ()

        @property
        def king(self) -> int:
            for spoiled in spoil:
                spoiled()
            return 3

        @king.setter
        def king(self, value: int) -> None:
            pass

    meddling = Meddling.__new__(Meddling)
    for klass in type(state).__mro__:
        for name in getattr(klass, "__slots__", ()):
            if hasattr(state, name):
                klass.__dict__[name].__set__(meddling, getattr(state, name))
    moving = to_move(state)
    spoil.append(lambda: setattr(out.flags, "writeable", False))
    with pytest.raises(TypeError, match="changed while the state was read"):
        cobserve.observe(meddling, 1, out, moving)
    assert (out == 7.0).all()
    spoil[:] = [lambda: setattr(rows, "shape", (2 * SIZE,))]
    with pytest.raises(TypeError, match="changed while the state was read"):
        cobserve.observe_seats(meddling, moving, rows, [0, 1])
    assert (rows == 7.0).all()
    spoil.clear()  # (nothing changes: the subclass is read through its property, and written)
    assert same_bits(
        cobserve.observe(meddling, 1, np.empty(SIZE, np.float32), moving), info.observe_pure(meddling, 1)
    )  # type: ignore[arg-type]
