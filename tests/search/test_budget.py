"""Search budgets: written forms and rejections."""

from __future__ import annotations

import pytest

from feldherr.core.errors import OptionError
from feldherr.search import Budget


@pytest.mark.parametrize(
    ("text", "iterations", "seconds"),
    [
        ("400", 400, None),
        ("400i", 400, None),
        ("1s", None, 1.0),
        ("0.25s", None, 0.25),
        ("250ms", None, 0.25),
        ("2000i+1s", 2000, 1.0),
        ("1s+50i", 50, 1.0),
        ("0.5cpu", None, 0.5),
        ("20i+2cpu", 20, 2.0),
    ],
)
def test_parse(text: str, iterations: int | None, seconds: float | None) -> None:
    budget = Budget.parse(text)
    assert (budget.iterations, budget.seconds) == (iterations, seconds)
    assert Budget.parse(str(budget)) == budget
    assert budget.deterministic == (seconds is None)


@pytest.mark.parametrize(
    "text", ["", "fast", "0i", "-1s", "0s", "1s+2s", "3i+4i", "1i+1s+1i", "nans", "infs", "1s+1cpu", "cpu"]
)
def test_bad_budgets(text: str) -> None:
    with pytest.raises(OptionError):
        Budget.parse(text)


def test_a_budget_needs_a_limit() -> None:
    with pytest.raises(OptionError):
        Budget()
    with pytest.raises(OptionError):
        Budget(iterations=True)


def test_cpu_budgets() -> None:
    assert Budget.parse("1cpu").cpu and not Budget.parse("1s").cpu
    assert str(Budget.parse("20i+0.5cpu")) == "20i+0.5cpu"
