#!/usr/bin/env python3
"""Make the El Grande map's outlines once: src/feldherr/web/static/data/spain-map.json.

The coastline and the borders of Spain, Portugal, France and Andorra come from Natural Earth
(public domain) through the npm package ``world-atlas@2`` (``countries-50m.json``, TopoJSON).
Get it and run this script (Python only; the TopoJSON arcs are decoded here):

    cd /tmp && npm pack world-atlas@2 && tar xzf world-atlas-2.*.tgz
    .venv/bin/python scripts/make-spain-map.py /tmp/package/countries-50m.json

The nine El Grande regions are NOT geography: their inner borders are the project's drawing after
the printed board (rough polygons in degrees below, each region = its polygon inside the mainland
outline; neighbours as in src/feldherr/elgrande/data/board.json). The result is projected
(equirectangular around 40° N) into a 100-wide box, north up.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parents[1] / "src" / "feldherr" / "web" / "static" / "data" / "spain-map.json"
LON0, LON1, LAT0, LAT1 = -10.0, 4.5, 35.6, 44.3
COS = math.cos(math.radians(40.0))
K = 100.0 / ((LON1 - LON0) * COS)
HEIGHT = round((LAT1 - LAT0) * K, 2)

# The regions as the project draws them after the printed board, in degrees (lon, lat); each is
# cut to the mainland outline in the browser (an SVG clip path). Shared vertices keep the borders
# of neighbours identical.
REGIONS: dict[str, list[tuple[float, float]]] = {
    "Galicia": [(-10.5, 44.5), (-6.9, 44.5), (-6.9, 42.5), (-6.9, 41.8), (-10.5, 41.8)],
    "Navarra": [(-6.9, 44.5), (-1.3, 44.5), (-1.3, 42.0), (-6.9, 42.5)],
    "Castilla": [
        (-6.9, 42.5),
        (-1.3, 42.0),
        (-1.8, 41.0),
        (-3.0, 40.5),
        (-7.5, 40.2),
        (-7.5, 41.8),
        (-6.9, 41.8),
    ],
    "Aragón": [
        (-1.3, 44.5),
        (0.7, 44.5),
        (0.3, 40.5),
        (-0.6, 40.0),
        (-1.6, 40.1),
        (-1.8, 41.0),
        (-1.3, 42.0),
    ],
    "Cataluña": [(0.7, 44.5), (4.5, 44.5), (4.5, 40.5), (0.3, 40.5)],
    "Valencia": [
        (0.3, 40.5),
        (4.5, 40.5),
        (4.5, 37.8),
        (-1.0, 37.8),
        (-1.5, 38.6),
        (-1.6, 40.1),
        (-0.6, 40.0),
    ],
    "Toledo": [
        (-7.5, 40.2),
        (-3.0, 40.5),
        (-1.8, 41.0),
        (-1.6, 40.1),
        (-1.5, 38.6),
        (-3.8, 38.3),
        (-5.0, 37.3),
        (-5.8, 38.3),
        (-10.5, 38.2),
        (-10.5, 40.2),
    ],
    "Sevilla": [(-5.0, 37.3), (-5.3, 35.5), (-10.5, 35.5), (-10.5, 38.2), (-5.8, 38.3)],
    "Granada": [
        (-1.5, 38.6),
        (-1.0, 37.8),
        (4.5, 37.8),
        (4.5, 35.5),
        (-5.3, 35.5),
        (-5.0, 37.3),
        (-3.8, 38.3),
    ],
}
# Where each region's label and pieces go (degrees), the Castillo in the sea east of Valencia, and
# the King's places abroad.
LABELS: dict[str, tuple[float, float]] = {
    "Galicia": (-8.0, 42.75),
    "Navarra": (-3.9, 43.0),
    "Castilla": (-4.6, 41.5),
    "Aragón": (-0.7, 41.9),
    "Cataluña": (1.7, 41.85),
    "Valencia": (-0.75, 39.3),
    "Toledo": (-4.6, 39.5),
    "Sevilla": (-6.0, 37.5),
    "Granada": (-3.2, 37.3),
    "Castillo": (2.7, 37.55),
    "France": (1.0, 43.9),
    "Portugal": (-8.3, 39.6),
}


def project(lon: float, lat: float) -> tuple[float, float]:
    return round((lon - LON0) * COS * K, 2), round((LAT1 - lat) * K, 2)


def decode_arcs(topo: dict[str, Any]) -> list[list[tuple[float, float]]]:
    """TopoJSON's quantized, delta-encoded arcs as lists of (lon, lat)."""
    (sx, sy), (tx, ty) = topo["transform"]["scale"], topo["transform"]["translate"]
    out = []
    for arc in topo["arcs"]:
        x = y = 0
        points = []
        for dx, dy in arc:
            x += dx
            y += dy
            points.append((x * sx + tx, y * sy + ty))
        out.append(points)
    return out


def ring(arcs: list[list[tuple[float, float]]], indices: list[int]) -> list[tuple[float, float]]:
    points: list[tuple[float, float]] = []
    for i in indices:
        arc = arcs[i] if i >= 0 else list(reversed(arcs[~i]))
        points.extend(arc[1:] if points else arc)  # consecutive arcs share their end points
    return points


def polygons(
    topo: dict[str, Any], arcs: list[list[tuple[float, float]]], name: str
) -> list[list[tuple[float, float]]]:
    """The outer rings of a country's polygons."""
    geo = next(g for g in topo["objects"]["countries"]["geometries"] if g["properties"]["name"] == name)
    parts = [geo["arcs"]] if geo["type"] == "Polygon" else geo["arcs"]
    return [ring(arcs, part[0]) for part in parts]


def path(points: list[tuple[float, float]], step: float = 0.25) -> str:
    """An SVG path of a ring in board units: points clamped to a margin around the box (a country
    reaching far outside, France, keeps just the part near Spain) and thinned to ``step``."""
    kept: list[tuple[float, float]] = []
    for lon, lat in points:
        x, y = project(lon, lat)
        x, y = min(max(x, -3.0), 103.0), min(max(y, -3.0), HEIGHT + 3.0)
        if kept and math.dist(kept[-1], (x, y)) < step:
            continue
        kept.append((x, y))
    return "M" + "L".join(f"{x:g},{y:g}" for x, y in kept) + "Z"


def area(points: list[tuple[float, float]]) -> float:
    return (
        abs(sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(points, points[1:] + points[:1], strict=True))) / 2
    )


def main(source: str) -> None:
    topo = json.loads(Path(source).read_text(encoding="utf-8"))
    arcs = decode_arcs(topo)
    spain = polygons(topo, arcs, "Spain")
    mainland = max(spain, key=area)
    balearics = [
        p for p in spain if p is not mainland and all(0.5 < lon < 4.5 and 38.5 < lat < 40.2 for lon, lat in p)
    ]
    data = {
        "about": (
            "The El Grande map of the browser client: the outline of the Iberian peninsula (Spain's "
            "mainland, the Balearic Islands, Portugal, France and Andorra near the Pyrenees) and the "
            "nine regions of the board, in a box 100 wide and 'height' high, north up (equirectangular "
            "around 40 degrees north). Made by scripts/make-spain-map.py; do not edit by hand."
        ),
        "provenance": [
            "Coastline and country borders: Natural Earth 1:50m Admin 0 countries, version 4.1.0 "
            "(public domain, naturalearthdata.com), through the npm package world-atlas@2.0.2 "
            "(countries-50m.json, TopoJSON), decoded and projected by scripts/make-spain-map.py.",
            "Inner borders of the nine regions: the project's own drawing after the printed El Grande "
            "board (not geography, not the publisher's artwork); each region is its polygon cut to the "
            "mainland outline. Region names, values and neighbours: src/feldherr/elgrande/data/board.json.",
        ],
        "height": HEIGHT,
        "land": {
            "spain": path(mainland),
            "balearics": "".join(path(p, 0.15) for p in balearics),
            "portugal": "".join(path(p) for p in polygons(topo, arcs, "Portugal") if area(p) > 1),
            "france": "".join(path(p) for p in polygons(topo, arcs, "France") if area(p) > 1),
            "andorra": "".join(path(p, 0.1) for p in polygons(topo, arcs, "Andorra")),
        },
        "regions": {
            name: {
                "outline": [list(project(lon, lat)) for lon, lat in pts],
                "label": list(project(*LABELS[name])),
            }
            for name, pts in REGIONS.items()
        },
        "places": {name: list(project(*LABELS[name])) for name in ("Castillo", "France", "Portugal")},
    }
    OUT.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{OUT}: {OUT.stat().st_size} bytes")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/tmp/package/countries-50m.json")
