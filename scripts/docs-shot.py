"""Copy a browser test's screenshot into docs/img the way the docs keep them: scaled to 960 px wide
(desktop) or 390 px (phone), cut to at most 1600 px high (from a chosen top), 128 colours.

    .venv/bin/python scripts/docs-shot.py test-artifacts/web/printed-modules-en.png \
        docs/img/web-wallenstein-modules-en.png [--top 1400] [--height 1600] [--width 960]
    .venv/bin/python scripts/docs-shot.py --all      # every picture of docs/img from SHOTS below

The screenshots come from the browser tests (``tests/web``; ``shot()`` writes full pages to
``test-artifacts/web/``): run the tests that take them first,

    .venv/bin/python -m pytest tests/web/test_games.py tests/web/test_table.py \
        tests/web/test_printed_boards.py tests/web/test_analysis.py tests/web/test_shell.py \
        tests/web/test_words.py tests/web/test_boards.py -q

Needs Pillow (installed with the dev extras).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
SHOTS_FROM = ROOT / "test-artifacts" / "web"
DOCS_IMG = ROOT / "docs" / "img"

#: Every picture of docs/img: the test's screenshot it is made from, and how (``raw``: copied as it
#: is, the analysis board alone; ``height``: rows kept after scaling; ``width``: scaled width).
SHOTS: dict[str, tuple[str, dict[str, int | bool]]] = {
    "web-analysis-en": ("analysis-en-board", {"raw": True}),
    "web-analysis-de": ("analysis-de-board", {"raw": True}),
    "web-analysis-phone": ("analysis-phone-board", {"raw": True}),
    "web-analysis-position-de": ("analysis-position-de-board", {"raw": True}),
    "web-elgrande": ("elgrande-mid", {}),
    "web-elgrande-de-phone": ("elgrande-mid-de-phone", {}),
    "web-elgrande-ending-de": ("elgrande-ending-de-desktop", {"height": 900}),
    "web-guided-elgrande-en": ("guided-elgrande-en", {}),
    "web-guided-elgrande-de": ("guided-elgrande-de", {}),
    "web-guided-mansfeld-en": ("guided-mansfeld-en", {}),
    "web-guided-mansfeld-de": ("guided-mansfeld-de", {}),
    "web-guided-wallenstein-en": ("guided-wallenstein-en", {}),
    "web-guided-wallenstein-de": ("guided-wallenstein-de", {}),
    "web-hotseat": ("hotseat-pass", {}),
    "web-lobby": ("lobby", {}),
    "web-lobby-de": ("lobby-de", {}),
    "web-lobby-created-phone": ("lobby-created-phone", {}),
    "web-mansfeld-characters": ("mansfeld-characters", {"height": 360}),
    "web-mansfeld-ending": ("mansfeld-ending", {}),
    "web-mansfeld-ending-de": ("mansfeld-ending-de-desktop", {}),
    "web-mansfeld-phone": ("mansfeld-hotseat-ending", {}),
    "web-phone": ("table-phone-wallenstein", {}),
    "web-step-picker": ("step-picker-set", {"height": 500}),
    "web-table-elgrande-en": ("table-board-elgrande-en", {}),
    "web-table-elgrande-de": ("table-board-elgrande-de", {}),
    "web-table-mansfeld-en": ("table-board-mansfeld-en", {}),
    "web-table-mansfeld-de": ("table-board-mansfeld-de", {}),
    "web-table-paced": ("table-paced", {}),
    "web-table-phone-elgrande": ("table-phone-elgrande", {}),
    "web-table-rules": ("table-rules-elgrande", {}),
    "web-table-tooltip": ("table-elgrande-tooltip", {}),
    "web-table-tower-mid": ("table-tower-mid", {}),
    "web-table-wallenstein-en": ("printed-table-en", {}),
    "web-table-wallenstein-de": ("printed-table-de", {}),
    "web-wallenstein": ("wallenstein-mid", {}),
    "web-wallenstein-de-phone": ("wallenstein-mid-de-phone", {}),
    "web-wallenstein-ending": ("wallenstein-ending", {}),
    "web-wallenstein-ending-de": ("wallenstein-ending-de-desktop", {"height": 900}),
    "web-wallenstein-modules-en": ("printed-module-boards-en", {}),
    "web-wallenstein-modules-de": ("printed-module-boards-de", {}),
    "web-wallenstein-plan": ("wallenstein-plan-staged", {}),
    "web-wallenstein-plan-board-en": ("printed-plan-board-en", {}),
    "web-wallenstein-plan-board-de": ("printed-plan-board-de", {}),
    "web-wallenstein-plan-board-phone": ("printed-plan-board-phone-de", {"width": 390}),
    "web-wallenstein-planning": ("wallenstein-planning", {}),
    "web-wallenstein-winter-en": ("printed-winter-panel-en", {}),
    "web-wallenstein-winter-de-phone": ("printed-winter-de-phone", {}),
}


def copy(source: Path, target: Path, top: int = 0, height: int = 1600, width: int = 0) -> None:
    """The docs' copy of one screenshot (see the module's docstring)."""
    image = Image.open(source).convert("RGB")
    width = width or (390 if image.width <= 420 else 960)
    scale = width / image.width
    image = image.crop((0, top, image.width, image.height))
    image = image.resize((width, round(image.height * scale)), Image.Resampling.LANCZOS)
    image = image.crop((0, 0, width, min(image.height, height)))
    image.quantize(colors=128, method=Image.Quantize.FASTOCTREE).save(target, optimize=True)
    print(f"{target}: {image.width}x{image.height}")


def copy_all() -> None:
    """Every picture of :data:`SHOTS` from the tests' screenshots; says which are missing."""
    missing = []
    for name, (shot, how) in SHOTS.items():
        source = SHOTS_FROM / f"{shot}.png"
        if not source.exists():
            missing.append(shot)
            continue
        target = DOCS_IMG / f"{name}.png"
        if how.get("raw"):
            Image.open(source).convert("RGB").save(target, optimize=True)
            print(f"{target}: as taken")
        else:
            copy(source, target, height=int(how.get("height", 1600)), width=int(how.get("width", 0)))
    if missing:
        raise SystemExit(f"no screenshot (run the browser tests first): {', '.join(missing)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--all", action="store_true", help="every picture of docs/img (SHOTS)")
    parser.add_argument("source", type=Path, nargs="?")
    parser.add_argument("target", type=Path, nargs="?")
    parser.add_argument("--top", type=int, default=0, help="first row to keep, in the source's pixels")
    parser.add_argument("--height", type=int, default=1600, help="most rows to keep, after scaling")
    parser.add_argument(
        "--width", type=int, default=0, help="scaled width (default: 960, or 390 for a phone shot)"
    )
    args = parser.parse_args()
    if args.all:
        copy_all()
        return
    if args.source is None or args.target is None:
        parser.error("a source and a target, or --all")
    copy(args.source, args.target, args.top, args.height, args.width)


if __name__ == "__main__":
    main()
