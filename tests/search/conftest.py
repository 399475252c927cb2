"""Every test in this folder sees the toy game registered (fixture in tests/conftest.py)."""

import pytest


@pytest.fixture(autouse=True)
def _toy(toy_registered: str) -> str:
    return toy_registered
