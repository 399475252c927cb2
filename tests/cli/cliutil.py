"""Helpers for driving the command line in tests."""

from __future__ import annotations

import io
import sys

import pytest

from feldherr.cli import main

Capsys = pytest.CaptureFixture[str]


def run(capsys: Capsys, *argv: str) -> tuple[int, str, str]:
    """Run ``feldherr ARGV``; return the exit code, standard output and standard error."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def feed(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    """Answer the prompts with ``text``."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
