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
import errno
import json
import math
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

from feldherr.core.errors import clip
from feldherr.core.i18n import plural_form, render
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
    "number.positive": {
        "en": "must be a number above 0, not {text}",
        "de": "muss eine Zahl über 0 sein, nicht {text}",
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


def positive_number(text: str) -> float:
    """An ``argparse`` type: a finite number above 0 (``0.5``; German ``0,5`` too)."""
    try:
        value = float(text.replace(",", ".", 1) if text.count(",") == 1 and "." not in text else text)
    except ValueError:
        raise ValueRefused("number.positive", text=_shown(text)) from None
    if not math.isfinite(value) or value <= 0:
        raise ValueRefused("number.positive", text=clip(text, 60))
    return value


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
    "not-json": {
        "en": "it is not JSON (line {line}, column {column})",
        "de": "das ist kein JSON (Zeile {line}, Spalte {column})",
    },
    "out.folder": {
        "en": "{what} {path} is a folder, not a file",
        "de": "{what} {path} ist ein Ordner, keine Datei",
    },
    "out.no-folder": {
        "en": "{what} {path}: the folder {folder} does not exist",
        "de": "{what} {path}: den Ordner {folder} gibt es nicht",
    },
    "out.picture": {
        "en": "{what} {path}: cannot write a .{kind} picture file (types: {types})",
        "de": "{what} {path}: ein Bild vom Typ .{kind} kann nicht geschrieben werden (Typen: {types})",
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


def json_problem(exc: OSError | ValueError, lang: str = "en") -> str:
    """Why a JSON file could not be read: :func:`read_problem`, or where its text stops being JSON."""
    if isinstance(exc, json.JSONDecodeError):
        return render(FILE_WORDS, "not-json", {"line": exc.lineno, "column": exc.colno}, lang)
    return read_problem(exc, lang)


WRITE_WORDS: dict[int, dict[str, str]] = {
    errno.ENOENT: {
        "en": "there is no such file or folder",
        "de": "diese Datei oder diesen Ordner gibt es nicht",
    },
    errno.EACCES: {"en": "there is no permission to write it", "de": "keine Berechtigung, sie zu schreiben"},
    errno.EPERM: {"en": "there is no permission to write it", "de": "keine Berechtigung, sie zu schreiben"},
    errno.EROFS: {"en": "the file system is read-only", "de": "das Dateisystem ist nur lesbar"},
    errno.ENOSPC: {"en": "there is no space left", "de": "es ist kein Platz mehr frei"},
    errno.ENOTDIR: {"en": "a part of the path is not a folder", "de": "ein Teil des Pfades ist kein Ordner"},
    errno.EISDIR: {"en": "it is a folder, not a file", "de": "das ist ein Ordner, keine Datei"},
}
"""Why a file or folder could not be written, by the system's error number, in words (the system's
own text, ``No such file or directory``, is English whatever the language)."""


def write_problem(exc: OSError | ValueError, lang: str = "en") -> str:
    """Why writing failed, in ``lang``: :data:`WRITE_WORDS` where the error number is known, else
    the system's text."""
    if isinstance(exc, OSError) and exc.errno in WRITE_WORDS:
        return WRITE_WORDS[exc.errno][lang if lang in ("en", "de") else "en"]
    return clip(exc.strerror or str(exc), 120) if isinstance(exc, OSError) else clip(str(exc), 120)


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
            reason=write_problem(exc, lang),
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


def picture_problem(path: Path, what: str, lang: str = "en") -> str | None:
    """Why ``path`` names no picture matplotlib can write (its type), or None (also when matplotlib
    is not installed: then no picture is drawn, and the command says so); in ``lang``."""
    kind = path.suffix[1:].lower()
    if kind in ("png", "pdf", "svg"):
        return None
    types = picture_types()
    if types is None or kind in types:
        return None
    shown = clip(str(path), 120)
    values = {"what": what, "path": shown, "kind": clip(kind, 20), "types": ", ".join(types)}
    return render(FILE_WORDS, "out.picture", values, lang, translate_args=False)


# -- the language of a command line and argparse's own words ----------------------------------------
_COMMAND_LANG = ["en"]


def set_command_lang(lang: str) -> None:
    """Set the language the running command line speaks (its ``--lang``, else the locale's); the
    ``feldherr`` command sets it before it builds its parser, so a plugin command's help can be in
    that language too (:func:`command_lang`)."""
    _COMMAND_LANG[0] = lang if lang in ("en", "de") else "en"


def command_lang() -> str:
    """The language the running command line speaks (``en`` unless :func:`set_command_lang` said
    otherwise)."""
    return _COMMAND_LANG[0]


def helptext(catalogue: Mapping[str, Mapping[str, str]], key: str, **values: object) -> str:
    """The text ``key`` of ``catalogue`` in the command line's language (:func:`command_lang`), with
    ``%`` doubled as argparse wants in help texts (``95 %`` stays ``95 %`` on screen)."""
    text = render(catalogue, key, values, command_lang(), translate_args=False)
    return text.replace("%", "%%")


ARGPARSE_WORDS: dict[str, dict[str, str]] = {
    msgid: {"en": msgid, "de": german}
    for msgid, german in (
        ("usage: ", "Aufruf: "),
        ("positional arguments", "Argumente"),
        ("options", "Optionen"),
        ("subcommands", "Befehle"),
        ("show this help message and exit", "diese Hilfe zeigen und beenden"),
        ("show program's version number and exit", "die Versionsnummer zeigen und beenden"),
        ("argument %(argument_name)s: %(message)s", "Argument %(argument_name)s: %(message)s"),
        ("unrecognized arguments: %s", "unbekannte Angaben: %s"),
        ("not allowed with argument %s", "nicht zusammen mit %s"),
        ("ignored explicit argument %r", "nimmt keinen Wert, nicht %r"),
        ("the following arguments are required: %s", "es fehlt: %s"),
        ("one of the arguments %s is required", "eine dieser Angaben fehlt: %s"),
        ("expected one argument", "erwartet einen Wert"),
        ("expected at most one argument", "erwartet höchstens einen Wert"),
        ("expected at least one argument", "erwartet mindestens einen Wert"),
        (
            "ambiguous option: %(option)s could match %(matches)s",
            "mehrdeutig: %(option)s kann %(matches)s sein",
        ),
        ("unexpected option string: %s", "unerwartete Angabe: %s"),
        ("invalid %(type)s value: %(value)r", "%(value)r ist kein gültiger Wert (%(type)s)"),
        (
            "invalid choice: %(value)r (choose from %(choices)s)",
            "%(value)r gibt es nicht (zur Wahl: %(choices)s)",
        ),
        (
            "unknown parser %(parser_name)r (choices: %(choices)s)",
            "%(parser_name)r gibt es nicht (zur Wahl: %(choices)s)",
        ),
        ("can't open '%(filename)s': %(error)s", "'%(filename)s' lässt sich nicht öffnen: %(error)s"),
        ("%(prog)s: error: %(message)s\n", "%(prog)s: Fehler: %(message)s\n"),
    )
}
ARGPARSE_WORDS["expected %s argument#one"] = {"en": "expected %s argument", "de": "erwartet %s Wert"}
ARGPARSE_WORDS["expected %s argument#other"] = {"en": "expected %s arguments", "de": "erwartet %s Werte"}
"""argparse's own words (usage, headings, its usage errors), keyed by argparse's English text as
gettext would be; counted ones as ``TEXT#one``/``TEXT#other`` (CLDR categories via Babel)."""


def argparse_word(text: str, lang: str) -> str:
    """argparse's ``text`` in ``lang`` (the text itself where the catalogue has none)."""
    entry = ARGPARSE_WORDS.get(text)
    return entry.get(lang, text) if entry is not None else text


@contextlib.contextmanager
def argparse_speaks(lang: str) -> Iterator[None]:
    """While the block runs, argparse says its own words (``usage:``, ``options``, ``invalid
    choice``, ``the following arguments are required``, ...) in ``lang`` from
    :data:`ARGPARSE_WORDS`: argparse looks them up through gettext's ``_``/``ngettext`` at the
    moment it needs them, so they are replaced there for the block and put back after it."""
    saved = (argparse._, argparse.ngettext)  # type: ignore[attr-defined]

    def one(text: str) -> str:
        return argparse_word(text, lang)

    def counted(singular: str, plural_text: str, n: int) -> str:
        key = f"{singular}#{plural_form(n, lang)}"
        if key in ARGPARSE_WORDS:
            return ARGPARSE_WORDS[key][lang]
        return str(saved[1](singular, plural_text, n))  # argparse's own English (no catalogue entry)

    argparse._ = one  # type: ignore[attr-defined]
    argparse.ngettext = counted  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]
