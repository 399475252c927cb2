"""The optional C helpers (``feldherr.core._cfast``) behave exactly like their Python references:
the generator makes the same draws, and the copiers make the same copies."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from feldherr.core import fastcopy
from feldherr.core.rng import PyRng, Rng, native_rng

cfast = pytest.importorskip("feldherr.core._cfast", reason="the C extension is not built here")
SEEDS = [0, 1, 2, 42, -1, -(2**70), 2**64 - 1, 2**64, 2**200 + 12345, True]


def pair(seed: int) -> tuple[Any, PyRng]:
    return cfast.Rng(seed), PyRng(seed)


def test_the_package_uses_the_native_generator_unless_told_otherwise() -> None:
    if os.environ.get("FELDHERR_PURE", "") not in ("", "0"):
        assert native_rng() is None and Rng is PyRng
    else:
        assert native_rng() is cfast.Rng and Rng is cfast.Rng


@pytest.mark.slow
def test_the_pure_python_package_plays_the_golden_games_bit_for_bit() -> None:
    """The recorded games replay to the same digests with the generator and the copiers in Python
    (the rest of the suite runs them with the C extension)."""
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "FELDHERR_PURE": "1"}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:cacheprovider",
            "-n",
            "0",
            str(root / "tests" / "golden" / "test_golden.py"),
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        cwd=root,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and "skipped" not in done.stdout


def test_the_native_rng_is_a_drop_in_twin_of_pyrng_draw_for_draw() -> None:
    for seed in SEEDS:
        c, p = pair(seed)
        assert c.state == p.state
        for step in range(300):
            n = (step * 7919) % 97 + 1
            k = step % 6
            if k == 0:
                assert c.next64() == p.next64()
            elif k == 1:
                assert c.below(n) == p.below(n)
            elif k == 2:
                assert c.random() == p.random()
            elif k == 3:
                assert c.chance(n / 100) == p.chance(n / 100)
            elif k == 4:
                assert c.binomial(n % 20, n / 97) == p.binomial(n % 20, n / 97)
            else:
                assert c.derive(step - 150) == p.derive(step - 150)
            assert c.state == p.state


def test_cascade_matches_the_python_reference() -> None:
    """The fitted tower's drop through two levels: the same draws, outputs and level contents."""
    for seed in range(40):
        c, p = pair(seed)
        probe = PyRng(1000 + seed)
        colours = 1 + probe.below(7)
        thrown = [probe.below(9) if probe.chance(0.6) else 0 for _ in range(colours)]
        upper = [probe.below(6) if probe.chance(0.5) else 0 for _ in range(colours)]
        lower = [probe.below(6) if probe.chance(0.5) else 0 for _ in range(colours)]
        probs = [probe.random() for _ in range(4)]
        cu, cl, pu, pl = upper[:], lower[:], upper[:], lower[:]
        out = c.cascade(thrown[:], cu, cl, *probs)
        assert out == p.cascade(thrown[:], pu, pl, *probs)
        assert (cu, cl, c.state) == (pu, pl, p.state)
        assert sum(out) + sum(cu) + sum(cl) == sum(thrown) + sum(upper) + sum(lower)
    c, _ = pair(1)
    with pytest.raises(TypeError):
        c.cascade((1, 2), [0, 0], [0, 0], 0.1, 0.1, 0.1, 0.1)
    with pytest.raises(IndexError):
        c.cascade([1, 2], [0], [0, 0], 0.1, 0.1, 0.1, 0.1)


def test_shuffle_and_choice_match_on_lists_and_other_sequences() -> None:
    c, p = pair(9)
    for n in range(0, 30):
        a, b = list(range(n)), list(range(n))
        c.shuffle(a)
        p.shuffle(b)
        assert a == b
        if n:
            letters = "abcdefghijklmnopqrstuvwxyz0123"[:n]
            assert c.choice(letters) == p.choice(letters)
    ba, bb = bytearray(range(20)), bytearray(range(20))
    c.shuffle(ba)
    p.shuffle(bb)
    assert ba == bb and c.state == p.state


def test_below_with_huge_negative_and_non_integer_bounds_behaves_like_python() -> None:
    for n in (2**64, 2**64 + 1, 2**100, -5, 0, True):
        c, p = pair(3)
        assert c.below(n) == p.below(n)
        assert c.state == p.state
    c, p = pair(3)
    with pytest.raises(TypeError):
        c.below(2.5)
    with pytest.raises(TypeError):
        p.below(2.5)
    assert c.state == p.state  # both advanced before the arithmetic failed
    with pytest.raises(IndexError):
        c.choice([])


def test_state_round_trips_and_pickles() -> None:
    c = cfast.Rng(5)
    c.next64()
    copy = cfast.Rng.from_state(c.state)
    assert copy.next64() == c.clone().next64()
    restored = pickle.loads(pickle.dumps(c))
    assert type(restored) is cfast.Rng and restored.state == c.state
    c.state = 2**64 + 3  # masked to 64 bits, as from_state does
    assert c.state == 3
    with pytest.raises(TypeError):
        c.state = "3"
    with pytest.raises(TypeError):
        cfast.Rng(1.5)


class Slotted:
    __slots__ = ("a", "b", "extra", "items", "rows")

    def __init__(self) -> None:
        self.a = 1
        self.b = (2, 3)
        self.items = [1, 2, 3]
        self.rows = [[1, 2], [3], (4, 5), None]
        self.extra = None


def test_slot_cloners_native_and_python_copy_alike() -> None:
    for make in (fastcopy.slot_cloner, fastcopy.python_slot_cloner):
        clone = make(Slotted, ("a", "b"), ("items", "extra"), ("rows",))
        src = Slotted()
        dst = clone(src)
        assert type(dst) is Slotted
        assert (dst.a, dst.b, dst.items, dst.rows, dst.extra) == (src.a, src.b, src.items, src.rows, None)
        assert dst.items is not src.items and dst.rows is not src.rows
        assert dst.rows[0] is not src.rows[0] and dst.rows[2] is src.rows[2]
        dst.items.append(4)
        dst.rows[0].append(9)
        assert src.items == [1, 2, 3] and src.rows[0] == [1, 2]


class WithClone:
    __slots__ = ("items", "rng")

    def __init__(self) -> None:
        self.rng = PyRng(3)
        self.items = [1]


def test_cloners_copy_clone_fields_by_their_clone_and_bind_as_methods() -> None:
    for make in (fastcopy.slot_cloner, fastcopy.python_slot_cloner):

        class Pos(WithClone):
            __slots__ = ()

        Pos.clone = make(Pos, (), ("items",), (), ("rng",))  # type: ignore[attr-defined]
        src = Pos()
        copy = src.clone()  # type: ignore[attr-defined]
        assert type(copy) is Pos and copy.items == [1] and copy.items is not src.items
        assert copy.rng.state == src.rng.state and copy.rng is not src.rng


def test_the_native_cloner_refuses_what_it_cannot_copy() -> None:
    class Plain:
        pass

    with pytest.raises(TypeError):
        cfast.Cloner(Plain, (), (), ())
    with pytest.raises(TypeError):
        cfast.Cloner(Slotted, ("nope",), (), ())
    clone = cfast.Cloner(Slotted, ("a",), (), ())
    with pytest.raises(TypeError):
        clone(Plain())


def test_mask_into_marks_exactly_the_listed_actions_like_the_numpy_reference() -> None:
    import random

    import numpy as np

    from feldherr.adapters.table import mask_numpy

    rng = random.Random(7)
    for size in (1, 2, 44, 495, 3947):
        for _ in range(20):
            legal = sorted(rng.sample(range(size), rng.randrange(size + 1)))
            native = np.full(size, 7, np.int8)  # stale numbers: both clear them first
            reference = np.full(size, 7, np.int8)
            cfast.mask_into(native, legal)
            mask_numpy(reference, legal)
            assert native.tobytes() == reference.tobytes()
            assert native.sum() == len(legal)


def test_mask_into_refuses_what_is_no_mask_and_leaves_it_cleared() -> None:
    import numpy as np

    mask = np.ones(5, np.int8)
    with pytest.raises(IndexError, match=r"action 5 is not in 0\.\.4"):
        cfast.mask_into(mask, [1, 5])
    assert not mask.any()
    mask[:] = 1
    with pytest.raises(IndexError, match=r"action -1 is not in 0\.\.4"):
        cfast.mask_into(mask, [2, -1])  # no wrap-around to the last action
    assert not mask.any()
    with pytest.raises(TypeError, match="action '1' is not an int"):
        cfast.mask_into(mask, ["1"])
    with pytest.raises(TypeError, match=r"action 1\.0 is not an int"):
        cfast.mask_into(mask, [1.0])
    with pytest.raises(TypeError, match="list of ints"):
        cfast.mask_into(mask, (1, 2))
    with pytest.raises(TypeError, match="int8"):
        cfast.mask_into(np.zeros(5, np.float32), [1])
    with pytest.raises(ValueError, match="one dimension, not 2"):
        cfast.mask_into(np.zeros((2, 3), np.int8), [1])
    frozen = np.zeros(5, np.int8)
    frozen.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        cfast.mask_into(frozen, [1])


def test_mask_into_takes_numpy_integers_and_strided_vectors() -> None:
    import numpy as np

    mask = np.ones(5, np.int8)
    cfast.mask_into(mask, [np.int64(4), np.uint8(0), True])
    assert mask.tolist() == [1, 1, 0, 0, 1]
    block = np.full(10, 7, np.int8)
    cfast.mask_into(block[::-2], [0, 4])  # cells 9 and 1
    assert block.tolist() == [7, 1, 7, 0, 7, 0, 7, 0, 7, 1]


class _Index:
    def __init__(self, number: int) -> None:
        self.number = number

    def __index__(self) -> int:
        return self.number

    def __repr__(self) -> str:
        return f"_Index({self.number})"


class _BadIndex:
    def __index__(self) -> int:
        raise ValueError("no number today")


def _mask_outs() -> dict[str, Any]:
    """Fresh outs for mask_into, stale numbers in them, valid ones and refused ones."""
    import array
    import ctypes

    import numpy as np

    frozen = np.ones(5, np.int8)
    frozen.flags.writeable = False
    return {
        "int8": np.ones(5, np.int8),
        "uint8": np.ones(5, np.uint8),
        "bool": np.ones(5, np.bool_),
        "empty": np.ones(0, np.int8),
        "every other": np.ones(10, np.int8)[::2],
        "reversed": np.ones(10, np.int8)[::-3],
        "bytearray": bytearray(b"\x01" * 5),
        "memoryview": memoryview(bytearray(b"\x01" * 5)),
        "array b": array.array("b", [1] * 5),
        "ctypes bytes": (ctypes.c_byte * 5)(1, 1, 1, 1, 1),
        "2-D": np.ones((2, 3), np.int8),
        "2-D memoryview": memoryview(bytearray(6)).cast("b", (2, 3)),
        "0-D": np.ones((), np.int8),
        "numpy scalar": np.int8(1),
        "read-only": frozen,
        "bytes": bytes(5),
        "float32": np.ones(5, np.float32),
        "int16": np.ones(5, np.int16),
        "array h": array.array("h", [1] * 5),
        "list": [1] * 5,
        "none": None,
    }


def _mask_legals() -> dict[str, Any]:
    import numpy as np

    return {
        "empty": [],
        "ends": [0, 4],
        "duplicates": [4, 0, 4, 2],
        "minus one": [1, -1],
        "n": [5],
        "far": [2**70],
        "far below": [-(2**70)],
        "numpy int64": [np.int64(3)],
        "numpy mixed": [np.int8(1), 2, np.uint64(4)],
        "numpy too far": [np.int64(5)],
        "numpy negative": [np.int32(-1)],
        "bool": [True, False],
        "numpy bool": [np.True_],
        "float": [1.0],
        "numpy float": [np.float64(1)],
        "string": ["1"],
        "none": [None],
        "nested": [[1]],
        "range first": [1, 9, "x"],
        "type first": [1, "x", 9],
        "own index": [_Index(2), _Index(3)],
        "own index too far": [_Index(7)],
        "failing index": [_BadIndex()],
        "tuple": (1, 2),
        "numpy array": np.array([1, 2]),
    }


def _mask_outcome(fill: Any, out: Any, legal: Any) -> tuple[str, str, Any]:
    """What fill(out, legal) does: the error's type and words, and what out holds after."""
    try:
        fill(out, legal)
        error = ("", "")
    except Exception as e:
        error = (type(e).__name__, str(e))
    try:
        held: Any = memoryview(out).tobytes()
    except TypeError:
        held = repr(out)
    return (*error, held)


def test_mask_into_and_its_numpy_reference_give_the_same_answer_for_every_input() -> None:
    """Parity of the C helper and ``mask_numpy`` over valid and invalid outs and action lists: the
    same mask, or the same error in the same words, and a refused list leaves out all 0."""
    from feldherr.adapters.table import mask_numpy

    outs = _mask_outs()
    for out_name in outs:
        for legal_name, legal in _mask_legals().items():
            native = _mask_outcome(cfast.mask_into, _mask_outs()[out_name], legal)
            reference = _mask_outcome(mask_numpy, _mask_outs()[out_name], legal)
            assert native == reference, (out_name, legal_name)
            if native[0] in ("IndexError", "TypeError") and "action" in native[1]:
                assert not any(native[2]), (out_name, legal_name)  # cleared
    ok = _mask_outcome(mask_numpy, outs["int8"], _mask_legals()["numpy mixed"])
    assert ok == ("", "", bytes([0, 1, 1, 0, 1]))
    assert _mask_outcome(mask_numpy, outs["uint8"], [1, -1])[:2] == (
        "IndexError",
        "mask_into: action -1 is not in 0..4",
    )


def test_mask_into_survives_an_index_that_changes_the_list_or_the_mask() -> None:
    """An action's own ``__index__`` runs Python code in the middle of the C loop: one that empties
    the list, or reallocates the mask the loop writes, is no crash."""
    import numpy as np

    class Emptying:
        def __init__(self, legal: list[Any]) -> None:
            self.legal = legal

        def __index__(self) -> int:
            self.legal.clear()
            return 1

    legal: list[Any] = [0]
    legal += [Emptying(legal), 2, 3]
    mask = np.zeros(5, np.int8)
    cfast.mask_into(mask, legal)
    assert mask.tolist() == [1, 1, 0, 0, 0] and legal == []

    class Growing:
        def __index__(self) -> int:
            mask.resize(1 << 20, refcheck=False)
            return 1

    with pytest.raises(RuntimeError, match="out changed"):
        cfast.mask_into(mask, [0, Growing(), 2])


def test_codes_of_looks_the_moves_numbers_up_as_python_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """The legal-move lists' action numbers (``core.actions.sorted_codes``): the C look-up gives
    what the Python loop gives, duplicates and clashing numbers included, and hands a list with a
    move not in the table yet to Python, which fills the table."""
    import random

    from feldherr.core import actions

    rng = random.Random(5)
    encode = {("m", i): (i * 7919) % 100 for i in range(300)}.__getitem__  # clashing numbers too
    for trial in range(200):
        moves = [("m", rng.randrange(300)) for _ in range(rng.randrange(0, 60))]
        known = {m: encode(m) for m in moves if rng.random() < (1.0 if trial % 2 else 0.9)}
        complete = all(m in known for m in moves)
        native = cfast.codes_of(moves, dict(known))
        assert native == (sorted(encode(m) for m in moves) if complete else None)
        fast_table, slow_table = dict(known), dict(known)
        fast = actions.sorted_codes(moves, fast_table, encode)
        monkeypatch.setattr(actions, "_codes_of", None)
        slow = actions.sorted_codes(moves, slow_table, encode)
        monkeypatch.setattr(actions, "_codes_of", cfast.codes_of)
        assert fast == slow and fast_table == slow_table == {**known, **{m: encode(m) for m in moves}}


def test_codes_of_refuses_what_is_no_list_and_table() -> None:
    with pytest.raises(TypeError, match="list"):
        cfast.codes_of((("m", 1),), {("m", 1): 3})
    with pytest.raises(TypeError, match="dict"):
        cfast.codes_of([("m", 1)], [(("m", 1), 3)])
    with pytest.raises(TypeError, match="2 arguments"):
        cfast.codes_of([], {}, False)
    with pytest.raises(TypeError, match="unhashable"):
        cfast.codes_of([["m", 1]], {})
    assert cfast.codes_of([("m", 1)], {("m", 1): True}) is None  # not a plain int: Python's way
    with pytest.raises(OverflowError):
        cfast.codes_of([("m", 1)], {("m", 1): 2**70})


def test_unheld_answers_as_its_python_reference_for_every_way_an_array_is_held_or_changed() -> None:
    """``unheld`` (an adapter writes an array again only when it says so) agrees with
    ``unheld_numpy`` on arrays held by nothing but the list, and says no for each way a user can
    still see one or has changed it: held by a name, a view of it kept, a weak reference to it,
    made read-only, retyped, reshaped, a subclass, not contiguous, another dtype object, and for a
    range outside the list."""
    import numpy as np

    from feldherr.adapters.table import unheld_numpy

    f32, i8 = np.dtype(np.float32), np.dtype(np.int8)

    def both(arrays: list[Any], start: int, stop: int, dtype: Any, shape: tuple[int, ...]) -> bool:
        native = cfast.unheld(arrays, start, stop, dtype, shape)
        assert native is unheld_numpy(arrays, start, stop, dtype, shape)
        return bool(native)

    arrays: list[Any] = [np.empty(5, f32), np.empty(5, f32), np.empty(7, i8)]
    assert both(arrays, 0, 2, f32, (5,)) and both(arrays, 2, 3, i8, (7,))
    assert not both(arrays, 0, 3, f32, (5,))  # the mask is no float32 array of 5
    assert not both(arrays, 0, 1, f32, (4,)) and not both(arrays, 2, 3, i8, (7, 1))
    assert not both(arrays, 1, 1, f32, (5,)) and not both(arrays, 2, 4, i8, (7,))
    assert not both(arrays, -1, 1, f32, (5,))
    held = arrays[0]
    assert not both(arrays, 0, 1, f32, (5,)) and both(arrays, 1, 2, f32, (5,))
    del held
    view = arrays[1][1:]  # a view keeps its base
    assert both(arrays, 0, 1, f32, (5,)) and not both(arrays, 1, 2, f32, (5,))
    del view
    import weakref

    ref = weakref.ref(arrays[0])  # a weak reference would see it written again, where it would die
    assert not both(arrays, 0, 1, f32, (5,)) and both(arrays, 1, 2, f32, (5,))
    del ref
    assert both(arrays, 0, 1, f32, (5,))
    arrays[0].flags.writeable = False
    assert not both(arrays, 0, 1, f32, (5,))
    arrays[0] = np.empty(5, f32)
    arrays[0].dtype = np.int32  # (the same size)
    assert not both(arrays, 0, 1, f32, (5,))
    arrays[0] = np.empty(5, f32)
    arrays[0].shape = (1, 5)
    assert not both(arrays, 0, 1, f32, (5,)) and both(arrays, 0, 1, f32, (1, 5))

    class Sub(np.ndarray):
        pass

    arrays[0] = np.empty(5, f32).view(Sub)
    assert not both(arrays, 0, 1, f32, (5,))
    arrays[0] = np.empty(10, f32)[::2]
    assert not both(arrays, 0, 1, f32, (5,))
    arrays[0] = np.empty(5, np.dtype(">f4"))  # float32 of the other byte order: another dtype
    assert not both(arrays, 0, 1, f32, (5,))
    arrays[0] = None
    assert not both(arrays, 0, 1, f32, (5,))
    rows = np.empty((3, 5), f32)
    arrays = [rows[i] for i in range(3)]
    ref = weakref.ref(rows)  # a weak reference to the rows' base sees them all
    del rows
    assert not both(arrays, 0, 1, f32, (5,)) and not both(arrays, 2, 3, f32, (5,))
    rows = ref()
    del ref
    del rows  # each row holds its base: the rows alone are checked
    assert both(arrays, 0, 3, f32, (5,))
