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
    with pytest.raises(IndexError):
        cfast.mask_into(mask, [-1])
    with pytest.raises(IndexError):
        cfast.mask_into(mask, ["1"])
    with pytest.raises(TypeError, match="list of ints"):
        cfast.mask_into(mask, (1, 2))
    with pytest.raises(TypeError, match="int8"):
        cfast.mask_into(np.zeros(5, np.float32), [1])
    with pytest.raises((ValueError, BufferError)):
        cfast.mask_into(np.zeros(10, np.int8)[::2], [1])
    frozen = np.zeros(5, np.int8)
    frozen.flags.writeable = False
    with pytest.raises((ValueError, BufferError, TypeError)):
        cfast.mask_into(frozen, [1])


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
