"""Copy a browser test's screenshot into docs/img the way the docs keep them: scaled to 960 px wide
(desktop) or 390 px (phone), cut to at most 1600 px high (from a chosen top), 128 colours.

    .venv/bin/python scripts/docs-shot.py test-artifacts/web/printed-modules-en.png \
        docs/img/web-wallenstein-modules-en.png [--top 1400] [--height 1600] [--width 960]

The screenshots come from the browser tests (``tests/web``; ``shot()`` writes full pages to
``test-artifacts/web/``). Needs Pillow (installed with the dev extras).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from PIL import Image


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path)
    parser.add_argument("target", type=Path)
    parser.add_argument("--top", type=int, default=0, help="first row to keep, in the source's pixels")
    parser.add_argument("--height", type=int, default=1600, help="most rows to keep, after scaling")
    parser.add_argument(
        "--width", type=int, default=0, help="scaled width (default: 960, or 390 for a phone shot)"
    )
    args = parser.parse_args()
    image = Image.open(args.source).convert("RGB")
    width = args.width or (390 if image.width <= 420 else 960)
    scale = width / image.width
    image = image.crop((0, args.top, image.width, image.height))
    image = image.resize((width, round(image.height * scale)), Image.Resampling.LANCZOS)
    image = image.crop((0, 0, width, min(image.height, args.height)))
    image.quantize(colors=128, method=Image.Quantize.FASTOCTREE).save(args.target, optimize=True)
    print(f"{args.target}: {image.width}x{image.height}")


if __name__ == "__main__":
    main()
