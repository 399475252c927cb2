"""The seeded generator: determinism, independence of copies, ranges and rough uniformity."""

from __future__ import annotations

import json

import pytest

from feldherr.core.rng import Rng, seed_for_game


def draws(rng: Rng, n: int = 50) -> list[int]:
    return [rng.next64() for _ in range(n)]


def test_same_seed_same_stream_and_different_seeds_differ() -> None:
    assert draws(Rng(42)) == draws(Rng(42))
    assert draws(Rng(42)) != draws(Rng(43))
    assert Rng(0).next64() != Rng(1).next64()


def test_clone_and_from_state_continue_identically_and_independently() -> None:
    rng = Rng(7)
    draws(rng, 10)
    copy = rng.clone()
    restored = Rng.from_state(json.loads(json.dumps(rng.state)))
    expected = draws(rng, 20)
    assert draws(copy, 20) == expected
    assert draws(restored, 20) == expected
    # advancing the copy did not touch the original
    again = Rng(7)
    draws(again, 30)
    assert rng.state == again.state


def test_below_stays_in_range_and_is_roughly_uniform() -> None:
    rng = Rng(123)
    n, k = 60_000, 6
    counts = [0] * k
    for _ in range(n):
        v = rng.below(k)
        assert 0 <= v < k
        counts[v] += 1
    expected = n / k
    chi2 = sum((c - expected) ** 2 / expected for c in counts)
    assert chi2 < 25.0  # 5 degrees of freedom: p < 0.0002 for a fair die


def test_random_float_range_and_mean() -> None:
    rng = Rng(5)
    values = [rng.random() for _ in range(20_000)]
    assert all(0.0 <= v < 1.0 for v in values)
    assert abs(sum(values) / len(values) - 0.5) < 0.01


def test_shuffle_is_a_permutation_and_deterministic() -> None:
    a, b = list(range(30)), list(range(30))
    Rng(9).shuffle(a)
    Rng(9).shuffle(b)
    assert a == b
    assert sorted(a) == list(range(30))
    assert a != list(range(30))


def test_shuffle_positions_roughly_uniform() -> None:
    rng = Rng(77)
    first = [0] * 4
    for _ in range(8000):
        items = [0, 1, 2, 3]
        rng.shuffle(items)
        first[items[0]] += 1
    assert all(1800 < c < 2200 for c in first)


def test_binomial_and_choice() -> None:
    rng = Rng(3)
    assert rng.binomial(0, 0.5) == 0
    assert rng.binomial(10, 1.0) == 10
    assert rng.binomial(10, 0.0) == 0
    mean = sum(rng.binomial(10, 0.3) for _ in range(5000)) / 5000
    assert abs(mean - 3.0) < 0.1
    assert rng.choice("abc") in "abc"


def test_derive_does_not_advance_and_seed_for_game_is_stable() -> None:
    rng = Rng(11)
    before = rng.state
    assert rng.derive(1) == rng.derive(1)
    assert rng.derive(1) != rng.derive(2)
    assert rng.state == before
    seeds = [seed_for_game(1, i) for i in range(1000)]
    assert len(set(seeds)) == 1000
    assert seeds == [seed_for_game(1, i) for i in range(1000)]
    assert seed_for_game(1, 0) != seed_for_game(2, 0)


@pytest.mark.parametrize("n", [1, 2, 3, 7, 1000, 2**40])
def test_below_bounds(n: int) -> None:
    rng = Rng(n)
    assert all(0 <= rng.below(n) < n for _ in range(200))


def test_binomial_is_exactly_n_uniform_draws() -> None:
    for n, p in ((0, 0.3), (1, 0.5), (17, 0.25), (200, 0.9)):
        a, b = Rng(n), Rng(n)
        assert a.binomial(n, p) == sum(1 for _ in range(n) if b.random() < p)
        assert a.state == b.state
