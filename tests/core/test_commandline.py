"""The command lines' one set of ``argparse`` types (:mod:`feldherr.core.commandline`): the
``feldherr`` command and the adapters' programs refuse the same input in the same words, and
absurd durations and counts are refused before any work."""

from __future__ import annotations

import argparse
import importlib

import pytest

from feldherr.core.commandline import MAX_COUNT, ValueRefused, seconds_value, seed_value, whole_number


@pytest.mark.parametrize(
    ("parse", "text", "en", "de"),
    [
        (
            whole_number(1, 64),
            "abc",
            "must be a whole number, not 'abc'",
            "muss eine ganze Zahl sein, nicht 'abc'",
        ),
        (whole_number(1, 64), "1.5", "must be a whole number, not '1.5'", "muss eine ganze Zahl sein"),
        (
            whole_number(1, 64),
            "0",
            "must be a whole number from 1 to 64, not 0",
            "von 1 bis 64 sein, nicht 0",
        ),
        (whole_number(0), "-1", "must be a whole number of at least 0, not -1", "ganze Zahl ab 0 sein"),
        (seconds_value(), "-1", "must be a number of seconds from 0 to 604800, not -1", "von 0 bis 604800"),
        (seconds_value(), "nan", "must be a number of seconds from 0 to 604800, not nan", "Sekunden"),
        (seconds_value(), "1e308", "must be a number of seconds from 0 to 604800, not 1e308", "nicht 1e308"),
        (seconds_value(), "soon", "must be a number of seconds from 0 to 604800, not 'soon'", "nicht 'soon'"),
        (
            seconds_value(positive=True),
            "0",
            "must be a number of seconds above 0 and at most 604800",
            "über 0",
        ),
        (seed_value, "-1", "a seed is a whole number from 0 to 2^64-1, not -1", "ein Startwert ist"),
        (seed_value, "7.5", "a seed is a whole number from 0 to 2^64-1, not '7.5'", "nicht '7.5'"),
    ],
)
def test_one_wording_per_refusal_in_both_languages(parse: object, text: str, en: str, de: str) -> None:
    assert callable(parse)
    with pytest.raises(ValueRefused) as refused:
        parse(text)
    assert isinstance(refused.value, argparse.ArgumentTypeError)  # argparse reports it as a usage error
    assert en in str(refused.value) and en in refused.value.text("en")
    assert de in refused.value.text("de")


def test_accepted_values() -> None:
    assert whole_number(0, 5)("5") == 5 and whole_number(1)(str(10**12)) == 10**12
    assert seconds_value()("0") == 0.0 and seconds_value(positive=True)("0.5") == 0.5
    assert seed_value(str(2**64 - 1)) == 2**64 - 1


def test_the_types_exist_once() -> None:
    """The ``feldherr`` command and the adapters' programs use these types, not copies of them."""
    common = importlib.import_module("feldherr.cli.common")
    script = importlib.import_module("feldherr.adapters._script")
    for module in (common, script):
        for copy in ("count_value", "seconds_value", "at_least", "seconds", "whole_number_of"):
            assert not hasattr(module, copy) or getattr(module, copy) in (seconds_value,), (module, copy)
    assert MAX_COUNT == 10**9
