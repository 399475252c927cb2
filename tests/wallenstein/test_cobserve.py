"""The optional C observation (``feldherr.wallenstein._cobserve``) gives exactly the numbers of its
pure-Python twin ``info.observe_pure``, bit for bit, and refuses what it cannot fill."""

from __future__ import annotations

import itertools
import sys
from typing import Any

import numpy as np
import pytest

from feldherr.core import testing
from feldherr.core.errors import NotYourTurnError
from feldherr.core.native import pure_requested
from feldherr.wallenstein import info
from feldherr.wallenstein.game import WallensteinGame
from feldherr.wallenstein.state import WallensteinState
from feldherr.wallenstein.tower.fitted import FittedTower
from feldherr.wallenstein.tower.model import NCOLOURS, SimpleTower, Tower, TowerModel

NOT_BUILT = "the C observation kernel (feldherr.wallenstein._cobserve) is not built here"
cobserve = pytest.importorskip("feldherr.wallenstein._cobserve", reason=NOT_BUILT)

GAME = WallensteinGame()
MODULE_SETS = [
    list(modules)
    for k in range(4)
    for modules in itertools.combinations(("court", "landsknechte", "leaders"), k)
]
TOWERS = ("fitted", "simple", "two-level")


@pytest.fixture
def kernel(monkeypatch: pytest.MonkeyPatch) -> Any:
    """The kernel as info loads it (told the layout), even where FELDHERR_PURE is set."""
    monkeypatch.delenv("FELDHERR_PURE", raising=False)
    loaded = info._load_native()
    assert loaded is cobserve
    return loaded


def _positions(options: dict[str, Any], seed: int) -> list[WallensteinState]:
    """Every position of a random game (each a copy)."""
    return list(testing.positions(GAME, options, seed, every=1))  # type: ignore[arg-type]


def _same_bits(a: np.ndarray[Any, Any], b: np.ndarray[Any, Any]) -> bool:
    return a.dtype == b.dtype == np.float32 and np.array_equal(a.view(np.uint32), b.view(np.uint32))


def _assert_rows(kernel: Any, state: WallensteinState, seats: list[int]) -> None:
    """observe_seats into a used array: row i is the pure twin's observation of seats[i], bit for bit."""
    rows = np.full((len(seats), info.OBSERVATION_SIZE), 7.5, np.float32)
    assert kernel.observe_seats(state, state.to_move(), rows, seats) is rows
    for row, seat in zip(rows, seats, strict=True):
        pure = info.observe_pure(state, seat)
        assert _same_bits(row, pure), (state.phase, seats, seat, np.flatnonzero(row != pure))


def test_info_uses_the_kernel_unless_pure_python_is_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    assert info.native is (None if pure_requested() else cobserve)
    monkeypatch.setenv("FELDHERR_PURE", "1")
    assert info._load_native() is None
    monkeypatch.setenv("FELDHERR_PURE", "0")
    assert info._load_native() is cobserve


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_kernel_gives_the_twins_numbers_bit_for_bit(kernel: Any, players: int) -> None:
    """Every module set, each with another tower, every seat at every third position of a random
    game (and the last): the kernel's numbers are the pure twin's, the same float32 bits, written
    into a dirty buffer; so are the rows of observe_seats, every seat at once (in varying order) and
    one seat alone."""
    dirty = np.full(info.OBSERVATION_SIZE, 7.5, np.float32)
    phases = set()
    compared = 0
    for i, modules in enumerate(MODULE_SETS):
        options = {"players": players, "modules": modules, "tower": TOWERS[(i + players) % 3]}
        positions = _positions(options, 100 * players + i)
        for k, state in enumerate(positions[i % 3 :: 3] + positions[-1:]):
            phases.add(state.phase)
            seats = list(range(players))  # every seat at once, in another order each time
            _assert_rows(kernel, state, seats[k % players :] + seats[: k % players] if k % 2 else seats[::-1])
            _assert_rows(kernel, state, [k % players])
            for seat in range(players):
                pure = info.observe_pure(state, seat)
                fast = kernel.observe(state, seat, dirty)
                assert fast is dirty
                assert _same_bits(fast, pure), (state.phase, seat, np.flatnonzero(fast != pure))
                dirty[:] = 7.5  # told the seats to move (as the adapters tell it): the same numbers
                assert _same_bits(kernel.observe(state, seat, dirty, state.to_move()), pure)
                compared += 1
    every = {"draft", "plan", "position", "move", "revolt-order", "leader", "favor", "landsknechte", "over"}
    assert compared > 2000 and every <= phases


def test_info_observe_keeps_its_contract(kernel: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A new array when no buffer is given, the buffer itself when it fits, the numbers copied into
    one that does not fit; the pure twin (``native`` None, as under FELDHERR_PURE) does the same."""
    state = _positions({"players": 4, "modules": ["court", "leaders"]}, 9)[40]
    expected = info.observe_pure(state, 2)
    for twin in (kernel, None):
        monkeypatch.setattr(info, "native", twin)
        fresh = info.observe(state, 2)
        assert _same_bits(fresh, expected)
        fits = np.empty(info.OBSERVATION_SIZE, np.float32)
        assert info.observe(state, 2, fits) is fits and _same_bits(fits, expected)
        wide = np.full(info.OBSERVATION_SIZE, 3.0)
        assert info.observe(state, 2, wide) is wide and np.array_equal(wide, expected)
        strided = np.zeros(2 * info.OBSERVATION_SIZE, np.float32)[::2]
        assert info.observe(state, 2, strided) is strided
        assert _same_bits(np.ascontiguousarray(strided), expected)
        moving = state.to_move()
        assert _same_bits(info.observe(state, 2, None, moving), expected)
        assert info.observe(state, 2, wide, moving) is wide and np.array_equal(wide, expected)


def test_seats_to_move_that_are_no_sequence_of_seats_are_refused(kernel: Any) -> None:
    state = _positions({"players": 3}, 4)[10]
    buffer = np.zeros(info.OBSERVATION_SIZE, np.float32)
    with pytest.raises(TypeError, match="to_move must be a list or tuple, not int"):
        kernel.observe(state, 0, buffer, 1)
    with pytest.raises(TypeError, match="must be an int, not str"):
        kernel.observe(state, 0, buffer, ("a",))
    with pytest.raises(TypeError, match="takes 3 or 4 arguments"):
        kernel.observe(state, 0, buffer, (), None)


def test_numbers_beyond_their_scale_are_capped_as_the_twin_caps_them(kernel: Any) -> None:
    """Negative and too large counts (no rule makes them, a test may) end at 0 and 1 in both."""
    state = _positions({"players": 5, "modules": ["court"]}, 3)[25]
    state.money[0], state.vp[1], state.armies[3], state.courtiers[2] = -7, 10**6, 25, -1
    for seat in range(5):
        fast = kernel.observe(state, seat, np.empty(info.OBSERVATION_SIZE, np.float32))
        assert _same_bits(fast, info.observe_pure(state, seat))
        assert fast.min() == 0.0 and fast.max() == 1.0


def test_observe_seats_refuses_bad_arrays_and_seats_and_info_fills_them_seat_by_seat(kernel: Any) -> None:
    size = info.OBSERVATION_SIZE
    state = _positions({"players": 4, "modules": ["court", "leaders"]}, 5)[30]
    moving = state.to_move()
    expected = np.stack([info.observe_pure(state, s) for s in (2, 0)])
    readonly = np.zeros((2, size), np.float32)
    readonly.flags.writeable = False
    bad: list[tuple[Any, type[Exception], str]] = [
        (np.zeros((2, size)), TypeError, "float32"),
        (np.zeros((2, size), ">f4"), TypeError, "float32"),
        (readonly, TypeError, "read-only"),
        ([[0.0] * size] * 2, TypeError, "float32 array, not list"),
        (None, TypeError, "float32 array, not NoneType"),
        (np.zeros(2 * size, np.float32), ValueError, "one row"),
        (np.zeros(size, np.float32), ValueError, "one row"),
        (np.zeros((3, size), np.float32), ValueError, "one row"),
        (np.zeros((2, size + 1), np.float32), ValueError, "one row"),
        (np.zeros((1, 2, size), np.float32), ValueError, "one row"),
        (np.zeros((2, 2 * size), np.float32)[:, ::2], ValueError, "contiguous"),
        (np.zeros((size, 2), np.float32).T, ValueError, "contiguous"),
    ]
    for rows, error, words in bad:
        with pytest.raises(error, match=f"wallenstein observe: .*{words}"):
            kernel.observe_seats(state, moving, rows, [2, 0])
        if isinstance(rows, np.ndarray) and rows.shape == (2, size) and rows.flags.writeable:
            assert info.observe_seats(state, [2, 0], rows) is rows  # filled seat by seat instead
            assert np.array_equal(rows, expected)
        elif isinstance(rows, np.ndarray) and rows.flags.writeable:
            with pytest.raises(ValueError, match="shape"):
                info.observe_seats(state, [2, 0], rows)
    wide = np.full((2, size), 3.0)  # float64: the fallback, also told the seats to move
    assert info.observe_seats(state, [2, 0], wide, moving) is wide and np.array_equal(wide, expected)
    for seats, error, words in [
        ([0, 2.5], TypeError, "seat must be an int, not float"),
        (["0"], TypeError, "seat must be an int, not str"),
        (5, TypeError, "seats must be a sequence"),
        ([5], ValueError, "seat 5 is not one of the 5 seats"),
        ([-1], ValueError, "seat -1"),
        ([2**80], ValueError, "seat 1208"),
        ([0] * 6, ValueError, "6 seats"),
    ]:
        with pytest.raises(error, match=words):
            kernel.observe_seats(
                state,
                moving,
                np.zeros((len(seats) if isinstance(seats, list) else 1, size), np.float32),
                seats,
            )
    with pytest.raises(TypeError, match="takes 4 arguments"):
        kernel.observe_seats(state, moving, np.zeros((2, size), np.float32))
    with pytest.raises(TypeError, match="to_move must be a list or tuple, not int"):
        kernel.observe_seats(state, 1, np.zeros((1, size), np.float32), [0])
    empty = np.zeros((0, size), np.float32)
    assert kernel.observe_seats(state, moving, empty, []) is empty
    rows = np.full((2, size), 3.0, np.float32)
    assert kernel.observe_seats(state, None, rows, (2, 0)) is rows and _same_bits(
        rows, expected
    )  # asks to_move()
    rows[:] = 3.0
    with pytest.raises(KeyError, match="99"):
        kernel.observe_seats(_spoiled("plan-unknown"), moving, rows, [1, 0])
    with pytest.raises(TypeError, match="must be an int, not float"):
        kernel.observe_seats(_spoiled("money-float"), moving, rows, [1, 0])
    assert (rows == 3.0).all()  # an error leaves the array as it was


def test_game_observe_seats_checks_every_seat_and_fills_the_rows(kernel: Any) -> None:
    state = _positions({"players": 3, "modules": ["landsknechte"]}, 6)[20]
    rows = np.zeros((2, info.OBSERVATION_SIZE), np.float32)
    assert GAME.observe_seats(state, [1, 2], rows, {1: ()}) is rows
    assert _same_bits(rows[0], info.observe_pure(state, 1)) and _same_bits(
        rows[1], info.observe_pure(state, 2)
    )
    rows[:] = 3.0
    with pytest.raises(NotYourTurnError, match="seat 3 is not a seat"):
        GAME.observe_seats(state, [1, 3], rows)
    assert (rows == 3.0).all()  # every seat checked before any row is written


def _bad_buffers() -> list[tuple[str, Any, type[Exception]]]:
    size = info.OBSERVATION_SIZE
    readonly = np.zeros(size, np.float32)
    readonly.flags.writeable = False
    return [
        ("a list", [0.0] * size, TypeError),
        ("float64", np.zeros(size), TypeError),
        ("read-only", readonly, TypeError),
        ("byte-swapped", np.zeros(size, ">f4"), TypeError),
        ("too short", np.zeros(size - 1, np.float32), ValueError),
        ("two-dimensional", np.zeros((1, size), np.float32), ValueError),
        ("strided", np.zeros(2 * size, np.float32)[::2], ValueError),
    ]


@pytest.mark.parametrize(("name", "buffer", "error"), _bad_buffers(), ids=[b[0] for b in _bad_buffers()])
def test_a_bad_buffer_is_refused_with_a_clear_error(kernel: Any, name: str, buffer: Any, error: type) -> None:
    state = GAME.new_state({"players": 3}, 1)
    with pytest.raises(error, match=r"wallenstein observe: .*(buffer|float32)"):
        kernel.observe(state, 0, buffer)
    good = np.zeros(info.OBSERVATION_SIZE, np.float32)
    assert kernel.observe(state, 0, good) is good


def _spoiled(change: str) -> WallensteinState:
    state = _positions({"players": 3, "modules": ["leaders"]}, 4)[30]
    if change == "money-float":
        state.money[1] = 2.5  # type: ignore[call-overload]
    elif change == "owner-none":
        state.owner = None  # type: ignore[assignment]
    elif change == "money-huge":
        state.money[0] = 2**70
    elif change == "position-far":
        state.positions[0] = 10**6
    elif change == "plan-unknown":
        state.plans[0][0] = 99
    elif change == "season-str":
        state.season = "summer"  # type: ignore[assignment]
    return state


@pytest.mark.parametrize(
    ("change", "error", "words"),
    [
        ("money-float", TypeError, "must be an int, not float"),
        ("owner-none", TypeError, "state.owner must be a list or tuple, not NoneType"),
        ("money-huge", OverflowError, "too large"),
        ("position-far", IndexError, "outside the observation"),
        ("plan-unknown", KeyError, "99"),
        ("season-str", TypeError, "must be an int, not str"),
    ],
)
def test_an_unexpected_state_value_raises(kernel: Any, change: str, error: type, words: str) -> None:
    state = _spoiled(change)
    with pytest.raises(error, match=words):
        kernel.observe(state, 0, np.zeros(info.OBSERVATION_SIZE, np.float32))
    rows = np.full((3, info.OBSERVATION_SIZE), 3.0, np.float32)
    with pytest.raises(error, match=words):  # every seat at once: the same error, the rows untouched
        kernel.observe_seats(state, (), rows, [2, 1, 0])
    assert (rows == 3.0).all()


def test_init_refuses_a_layout_that_does_not_match_the_kernels_rows(kernel: Any) -> None:
    try:
        with pytest.raises(ValueError, match="layout"):
            kernel.init({**info._KERNEL_LAYOUT, "plans_at": info._KERNEL_LAYOUT["plans_at"] + 1}, {}, {})
        with pytest.raises(KeyError, match="size"):
            kernel.init({k: v for k, v in info._KERNEL_LAYOUT.items() if k != "size"}, {}, {})
        tables = (info._KERNEL_LAYOUT, info._PHASE_INDEX, info._PLAN_CELLS)
        with pytest.raises(TypeError, match=r"\(Tower\.inside, TowerModel\.inside, NCOLOURS\)"):
            kernel.init(*tables, (Tower.inside, TowerModel.inside))
        with pytest.raises(TypeError, match=r"\(Tower\.inside, TowerModel\.inside, NCOLOURS\)"):
            kernel.init(*tables, (len, TowerModel.inside, NCOLOURS))
        with pytest.raises(ValueError, match="99 tower colours"):
            kernel.init(*tables, (Tower.inside, TowerModel.inside, 99))
    finally:
        assert info._load_native() is cobserve  # told the right layout again


# ---------------------------------------------------------------- the tower's cubes inside
# The kernel sums the cubes inside itself when the tower and its model use the base inside
# functions (info._KERNEL_TOWER); any other tower or model is asked by calling its method.

INSIDE = slice(info._SUPPLIES_AT, info._SUPPLIES_AT + NCOLOURS)


class _Overriding(SimpleTower):
    def inside(self, content: list[list[int]]) -> list[int]:
        return [7, 0, 3, 0, 0, 2]


class _OwnTower(Tower):
    __slots__ = ()

    def inside(self) -> list[int]:
        return [0, 4, 0, 0, 9, 0]


class _LaterTower(Tower):
    __slots__ = ()


class _LaterModel(SimpleTower):
    pass


class _SlicedOtherwise(list):  # type: ignore[type-arg]
    """Content whose slices are not its items: the method sees [[5]*6, [0]*6]."""

    def __getitem__(self, i: Any) -> Any:
        return [[5] * NCOLOURS, [0] * NCOLOURS] if isinstance(i, slice) else super().__getitem__(i)


def _with_tower(tower: Tower) -> WallensteinState:
    state = _positions({"players": 4}, 7)[30]
    state.tower = tower
    return state


def _inside_shown(kernel: Any, state: WallensteinState) -> list[float]:
    """The cubes inside as the kernel's observation of seat 1 shows them (x 10), checked against the
    pure twin and against observe_seats."""
    fast = kernel.observe(state, 1, np.full(info.OBSERVATION_SIZE, 7.5, np.float32))
    assert _same_bits(fast, info.observe_pure(state, 1))
    rows = np.full((2, info.OBSERVATION_SIZE), 7.5, np.float32)
    kernel.observe_seats(state, None, rows, [1, 3])
    assert _same_bits(rows[0], fast) and _same_bits(rows[1], info.observe_pure(state, 3))
    return [round(float(x) * 10, 4) for x in fast[INSIDE]]


def _calls_to_inside(kernel: Any, state: WallensteinState) -> int:
    """How many Python functions named inside the kernel's observation of seat 0 calls."""
    calls: list[str] = []
    sys.setprofile(lambda frame, event, arg: calls.append(frame.f_code.co_name) if event == "call" else None)
    try:
        kernel.observe(state, 0, np.zeros(info.OBSERVATION_SIZE, np.float32))
    finally:
        sys.setprofile(None)
    return calls.count("inside")


def test_the_kernel_sums_the_base_towers_cubes_itself_and_asks_any_other(kernel: Any) -> None:
    """The base tower and models (fitted, two-level, simple) are summed without a Python call, the
    numbers the pure twin's; a model or tower that overrides inside, on its class or on the
    instance, or whose class changes after the kernel saw it, is asked: the observation shows what
    the method returns."""
    for name in ("fitted", "two-level", "simple"):
        state = _positions({"players": 4, "tower": name}, 3)[40]
        assert type(state.tower) is Tower and type(state.tower.model).inside is TowerModel.inside
        assert _inside_shown(kernel, state) == state.tower.inside()
        assert _calls_to_inside(kernel, state) == 0
    content = [[1, 1, 1, 1, 1, 1]]
    state = _with_tower(Tower(_Overriding(), content))
    assert _inside_shown(kernel, state) == [7, 0, 3, 0, 0, 2]
    assert _calls_to_inside(kernel, state) == 1
    state = _with_tower(Tower(SimpleTower(), content))
    assert _inside_shown(kernel, state) == [1, 1, 1, 1, 1, 1]  # the base, summed here
    state.tower.model.inside = lambda content: [0, 0, 6, 0, 0, 0]  # type: ignore[method-assign]
    assert _inside_shown(kernel, state) == [0, 0, 6, 0, 0, 0]
    state = _with_tower(_OwnTower(SimpleTower(), content))
    assert _inside_shown(kernel, state) == [0, 4, 0, 0, 9, 0]
    later = _with_tower(_LaterTower(_LaterModel(), content))
    assert _inside_shown(kernel, later) == [1, 1, 1, 1, 1, 1]  # the base functions, learnt as such
    try:
        _LaterTower.inside = lambda self: [2, 0, 0, 0, 0, 0]  # type: ignore[method-assign]
        assert _inside_shown(kernel, later) == [2, 0, 0, 0, 0, 0]
        del _LaterTower.inside
        assert _inside_shown(kernel, later) == [1, 1, 1, 1, 1, 1]
        _LaterModel.inside = lambda self, content: [0, 0, 0, 8, 0, 0]  # type: ignore[method-assign]
        assert _inside_shown(kernel, later) == [0, 0, 0, 8, 0, 0]
    finally:
        for cls in (_LaterTower, _LaterModel):
            if "inside" in vars(cls):
                delattr(cls, "inside")
    assert _inside_shown(kernel, later) == [1, 1, 1, 1, 1, 1]


def _outcome(state: WallensteinState) -> tuple[Any, ...]:
    """The kernel's observation of seat 0 and its observe_seats rows for 0 and 2 (bytes), or the
    error each raised (type and words)."""
    result: list[Any] = []
    size = info.OBSERVATION_SIZE
    for run in (
        lambda: info.native.observe(state, 0, np.zeros(size, np.float32)),
        lambda: info.native.observe_seats(state, None, np.zeros((2, size), np.float32), [0, 2]),
    ):
        try:
            result.append(run().tobytes())
        except Exception as error:  # the error is the outcome compared
            result.append((type(error), str(error)))
    return tuple(result)


MALFORMED: list[tuple[str, Any, Any]] = [
    ("short levels", [[1, 2, 3], [4, 5, 6, 7, 8, 9, 10]], None),
    ("long levels", [[1] * 8, [2] * 8], None),
    ("tuples", ((1, 0, 2, 0, 0, 0), (0, 3, 0, 0, 0, 0)), None),
    ("negative", [[-3, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0]], None),
    ("bools", [[True, False, 1, 0, 0, 0], [0] * 6], None),
    ("floats", [[1.5, 0, 0, 0, 0, 0], [0] * 6], None),
    ("big", [[2**40, 0, 0, 0, 0, 0], [0] * 6], None),
    ("huge", [[2**70, 0, 0, 0, 0, 0], [1] * 6], None),
    ("no level", [], None),
    ("one level", [[4, 0, 0, 0, 0, 1]], None),
    ("three levels", [[1] * 6, [2] * 6, [3] * 6], None),
    ("a str level", [[0] * 6, "abcdef"], None),
    ("an int level", [[0] * 6, 7], None),
    ("no content", None, None),
    ("a list subclass", _SlicedOtherwise([[1, 0, 0, 0, 0, 0], [0] * 6]), None),
    ("levels 1", [[1] * 6, [2] * 6], 1),
    ("levels 3", [[1] * 6, [2] * 6, [3] * 6], 3),
    ("levels -1", [[1] * 6, [2] * 6, [3] * 6], -1),
    ("levels 0", [[1] * 6, [2] * 6], 0),
    ("levels huge", [[1] * 6, [2] * 6], 10**30),
    ("levels True", [[1] * 6, [2] * 6], True),
    ("levels str", [[1] * 6, [2] * 6], "2"),
]


@pytest.mark.parametrize(("content", "levels"), [m[1:] for m in MALFORMED], ids=[m[0] for m in MALFORMED])
def test_malformed_tower_content_gives_what_the_method_gave(kernel: Any, content: Any, levels: Any) -> None:
    """Content the base formula does not cover for sure is left to the method: the kernel's numbers,
    or its error, are those of the kernel that always calls tower.inside() (told no base
    functions), and where it gives numbers they are the pure twin's."""
    model = FittedTower()
    if levels is not None:
        model.levels = levels
    state = _with_tower(Tower(model, content))
    summed = _outcome(state)
    try:
        kernel.init(info._KERNEL_LAYOUT, info._PHASE_INDEX, info._PLAN_CELLS)  # no base functions
        asked = _outcome(state)
    finally:
        assert info._load_native() is cobserve
    assert summed == asked
    if isinstance(summed[0], bytes):
        try:
            pure = info.observe_pure(state, 0)
        except TypeError:
            return  # (the pure twin refuses what the method returned otherwise: none of these)
        assert summed[0] == pure.tobytes()


def test_malformed_tower_content_is_refused_or_read_as_the_method_reads_it(kernel: Any) -> None:
    """The cases above have teeth: some give numbers (the list subclass's slices, not its items),
    some the method's own errors, some the kernel's refusal of what the method returned."""

    def outcome(name: str) -> tuple[Any, ...]:
        content, levels = next(m[1:] for m in MALFORMED if m[0] == name)
        model = FittedTower()
        if levels is not None:
            model.levels = levels
        return _outcome(_with_tower(Tower(model, content)))

    shown = np.frombuffer(outcome("a list subclass")[0], np.float32)[INSIDE]
    assert [round(float(x) * 10, 4) for x in shown] == [5] * NCOLOURS
    shown = np.frombuffer(outcome("short levels")[0], np.float32)[INSIDE]
    assert [round(float(x) * 10, 4) for x in shown[:3]] == [5, 7, 9]
    assert outcome("a str level")[0][0] is TypeError  # 1 + "a" in the method
    assert outcome("levels str")[0][0] is TypeError  # content[:"2"] in the method
    refused = (TypeError, "wallenstein observe: a number of the state must be an int, not float")
    assert outcome("floats") == (refused, refused)
    assert outcome("huge")[0] == (OverflowError, "wallenstein observe: a number of the state is too large")
