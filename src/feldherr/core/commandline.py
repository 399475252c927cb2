"""What command lines share below the ``cli`` layer: the ``feldherr`` command's own checks
(``feldherr.cli.common``) and a game's plugin commands (the Wallenstein tower's), which may not
import that layer, read seeds and check the files they will write alike."""

from __future__ import annotations

import argparse
import contextlib
from pathlib import Path

from feldherr.core.errors import clip
from feldherr.core.validate import MAX_SEED


def seed_value(text: str) -> int:
    """An ``argparse`` type: a whole number from 0 to 2^64-1 (a float such as 7.5 is refused)."""
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seed is a whole number, not {clip(repr(text), 60)}") from None
    if not 0 <= value < MAX_SEED:
        raise argparse.ArgumentTypeError(f"a seed is from 0 to 2^64-1, not {clip(text, 60)}")
    return value


def output_problem(path: Path, what: str) -> str | None:
    """Why ``path`` could not be written at the end of the work (a folder, a missing folder, no
    rights), or None. The test is a real one: the file is opened for appending (which neither
    truncates nor changes an existing file) and removed again if it did not exist before."""
    shown = clip(str(path), 120)
    if path.is_dir():
        return f"{what} {shown} is a folder, not a file"
    if not path.parent.is_dir():
        return f"{what} {shown}: the folder {clip(str(path.parent), 120)} does not exist"
    existed = path.exists()
    try:
        with path.open("a", encoding="utf-8"):
            pass
    except (OSError, ValueError) as exc:
        return f"{what} {shown} cannot be written: {clip(str(exc), 120)}"
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
