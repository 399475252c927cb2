"""What command lines share below the ``cli`` layer: the ``feldherr`` command's own checks
(``feldherr.cli.common``), a game's plugin commands (the Wallenstein tower's) and the adapters'
programs (``python -m feldherr.adapters.train``, ...), which may not import that layer, read
numbers, seconds and seeds and check the files they will write alike.

The ``argparse`` types here are the only ones: :func:`whole_number`, :func:`seconds_value` and
:func:`seed_value`. Each refusal has one wording, in English and German (:data:`WORDS`);
``argparse`` shows it after the flag (``argument --games: must be a whole number from 1 to
1000000000, not 0``)."""

from __future__ import annotations

import argparse
import contextlib
import math
from collections.abc import Callable
from pathlib import Path

from feldherr.core.errors import clip
from feldherr.core.i18n import render
from feldherr.core.validate import MAX_SEED

MAX_COUNT = 10**9
"""The most of anything a command counts (games, iterations, inputs): more is a typing slip."""

MAX_SECONDS = 7 * 24 * 3600.0
"""The longest duration a command takes (a week): a larger one is a typing slip, not a plan."""

WORDS: dict[str, dict[str, str]] = {
    "whole": {
        "en": "must be a whole number, not {text}",
        "de": "muss eine ganze Zahl sein, nicht {text}",
    },
    "whole.range": {
        "en": "must be a whole number from {low} to {high}, not {text}",
        "de": "muss eine ganze Zahl von {low} bis {high} sein, nicht {text}",
    },
    "whole.low": {
        "en": "must be a whole number of at least {low}, not {text}",
        "de": "muss eine ganze Zahl ab {low} sein, nicht {text}",
    },
    "seconds": {
        "en": "must be a number of seconds from {low} to {high}, not {text}",
        "de": "muss eine Sekundenzahl von {low} bis {high} sein, nicht {text}",
    },
    "seconds.positive": {
        "en": "must be a number of seconds above 0 and at most {high}, not {text}",
        "de": "muss eine Sekundenzahl über 0 und höchstens {high} sein, nicht {text}",
    },
    "seed": {
        "en": "a seed is a whole number from 0 to 2^64-1, not {text}",
        "de": "ein Startwert ist eine ganze Zahl von 0 bis 2^64-1, nicht {text}",
    },
}


class ValueRefused(argparse.ArgumentTypeError):
    """An ``argparse`` type's refusal, with its catalogue key and values (:data:`WORDS`), so a
    command line that speaks German can say it in German (:meth:`text`)."""

    def __init__(self, key: str, **values: object) -> None:
        self.key = key
        self.values = values
        super().__init__(self.text("en"))

    def text(self, lang: str) -> str:
        return render(WORDS, self.key, self.values, lang, translate_args=False)


def _shown(text: str) -> str:
    """The refused input as the refusal quotes it (bounded, control characters visible)."""
    return clip(repr(text), 60)


def whole_number(low: int, high: int | None = None) -> Callable[[str], int]:
    """An ``argparse`` type: a whole number from ``low`` to ``high`` (None: no upper bound)."""

    def parse(text: str) -> int:
        try:
            value = int(text, 10)
        except ValueError:
            raise ValueRefused("whole", text=_shown(text)) from None
        if value < low or (high is not None and value > high):
            if high is None:
                raise ValueRefused("whole.low", low=low, text=clip(text, 60))
            raise ValueRefused("whole.range", low=low, high=high, text=clip(text, 60))
        return value

    parse.__name__ = "whole number"  # argparse names the type so in its own messages
    return parse


def seconds_value(
    positive: bool = False, high: float = MAX_SECONDS, low: float = 0.0
) -> Callable[[str], float]:
    """An ``argparse`` type: a finite number of seconds from ``low`` (``positive``: above 0) to
    ``high``; a negative ``low`` for a duration whose negative values mean "never"."""
    key = "seconds.positive" if positive else "seconds"
    shown_high, shown_low = f"{high:g}", f"{low:g}"

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise ValueRefused(key, low=shown_low, high=shown_high, text=_shown(text)) from None
        if not math.isfinite(value) or value < low or (positive and value <= 0) or value > high:
            raise ValueRefused(key, low=shown_low, high=shown_high, text=clip(text, 60))
        return value

    parse.__name__ = "seconds"
    return parse


def seed_value(text: str) -> int:
    """An ``argparse`` type: a whole number from 0 to 2^64-1 (a float such as 7.5 is refused), in
    the words of :func:`feldherr.core.validate.check_seed`."""
    try:
        value = int(text, 10)
    except ValueError:
        raise ValueRefused("seed", text=_shown(text)) from None
    if not 0 <= value < MAX_SEED:
        raise ValueRefused("seed", text=clip(text, 60))
    return value


FILE_WORDS: dict[str, dict[str, str]] = {
    "no-file": {"en": "there is no such file", "de": "diese Datei gibt es nicht"},
    "folder": {"en": "it is a folder, not a file", "de": "das ist ein Ordner, keine Datei"},
    "no-permission": {"en": "there is no permission to read it", "de": "keine Berechtigung, sie zu lesen"},
    "not-text": {"en": "the file is not text in UTF-8", "de": "die Datei ist kein Text in UTF-8"},
    "unreadable": {"en": "the file cannot be read", "de": "die Datei kann nicht gelesen werden"},
    "out.folder": {
        "en": "{what} {path} is a folder, not a file",
        "de": "{what} {path} ist ein Ordner, keine Datei",
    },
    "out.no-folder": {
        "en": "{what} {path}: the folder {folder} does not exist",
        "de": "{what} {path}: den Ordner {folder} gibt es nicht",
    },
    "out.unwritable": {
        "en": "{what} {path} cannot be written: {reason}",
        "de": "{what} {path} kann nicht geschrieben werden: {reason}",
    },
}


def read_problem(exc: OSError | ValueError, lang: str = "en") -> str:
    """Why a file could not be read, in words (not Python's ``[Errno 2] No such file or directory:
    '...'``): no such file, a folder, no permission, not text in UTF-8, or else unreadable."""
    if isinstance(exc, FileNotFoundError):
        key = "no-file"
    elif isinstance(exc, IsADirectoryError):
        key = "folder"
    elif isinstance(exc, PermissionError):
        key = "no-permission"
    elif isinstance(exc, UnicodeDecodeError):
        key = "not-text"
    else:
        key = "unreadable"
    return render(FILE_WORDS, key, {}, lang)


def output_problem(path: Path, what: str, lang: str = "en") -> str | None:
    """Why ``path`` could not be written at the end of the work (a folder, a missing folder, no
    rights), or None. The test is a real one: the file is opened for appending (which neither
    truncates nor changes an existing file) and removed again if it did not exist before."""
    shown = clip(str(path), 120)

    def said(key: str, **values: str) -> str:
        return render(FILE_WORDS, key, {"what": what, "path": shown, **values}, lang, translate_args=False)

    if path.is_dir():
        return said("out.folder")
    if not path.parent.is_dir():
        return said("out.no-folder", folder=clip(str(path.parent), 120))
    existed = path.exists()
    try:
        with path.open("a", encoding="utf-8"):
            pass
    except (OSError, ValueError) as exc:
        return said(
            "out.unwritable",
            reason=clip(exc.strerror or str(exc), 120) if isinstance(exc, OSError) else clip(str(exc), 120),
        )
    if not existed:
        with contextlib.suppress(OSError):
            path.unlink()
    return None


def picture_types() -> tuple[str, ...] | None:
    """The file types matplotlib writes pictures as (``None``: matplotlib is not installed)."""
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
    except ImportError:
        return None
    return tuple(sorted(FigureCanvasAgg.get_supported_filetypes()))


def picture_problem(path: Path, what: str) -> str | None:
    """Why ``path`` names no picture matplotlib can write (its type), or None (also when matplotlib
    is not installed: then no picture is drawn, and the command says so)."""
    kind = path.suffix[1:].lower()
    if kind in ("png", "pdf", "svg"):
        return None
    types = picture_types()
    if types is None or kind in types:
        return None
    shown = clip(str(path), 120)
    return f"{what} {shown}: cannot write a .{clip(kind, 20)} picture file (types: {', '.join(types)})"
