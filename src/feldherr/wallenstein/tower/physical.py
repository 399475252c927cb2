"""The physical tower: a MuJoCo rigid-body simulation of funnel, shaft, two perforated levels with
ledges, exit ramp and tray (docs/tower.md, "Physical simulation").

The geometry, the cube and the contact settings are read from ``data/geometry.json``. Each drop builds
(or reuses) a model with one free body per cube, puts the lodged cubes where the last drop left them,
releases the thrown cubes above the funnel at seeded random positions, orientations and speeds, and
steps until every cube still inside has come to rest. A cube whose centre ends beyond the front wall
lies in the tray; any other cube is inside, on the upper level when it rests above ``split_z``.

Content (JSON-ready integers): row 0 and row 1 hold the cubes per colour on the upper and lower
level; every further row is one lodged cube ``[colour, level, x, y, z, qw, qx, qy, qz]`` with the
position in micrometres and the orientation quaternion times 10**6, so a state round-trips exactly.
Runs are deterministic for a given seed on a given machine and MuJoCo build.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from feldherr.core.errors import OptionError
from feldherr.core.rng import Rng
from feldherr.wallenstein.tower.model import NCOLOURS, Content, TowerModel

try:
    import mujoco  # type: ignore[import-untyped, import-not-found, unused-ignore]
except ImportError as exc:  # pragma: no cover - depends on the installation
    raise ImportError("the physical tower needs MuJoCo: pip install 'feldherr[physics]'") from exc

OUT = 2  # destination code for "fell into the tray"
SOURCES = ("thrown", "upper", "lower")


def load_geometry(path: str | None = None) -> dict[str, Any]:
    if path is None:
        text = (
            resources.files("feldherr.wallenstein.tower").joinpath("data", "geometry.json").read_text("utf-8")
        )
    else:
        try:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
        except OSError as exc:
            raise OptionError(f"cannot read tower geometry {path}: {exc}") from exc
    geo: dict[str, Any] = json.loads(text)
    return geo


def _f(v: float) -> str:
    return f"{v:.6g}"


def _box(name: str, pos: Sequence[float], half: Sequence[float], euler: Sequence[float] = (0, 0, 0)) -> str:
    return (
        f'<geom name="{name}" type="box" pos="{" ".join(map(_f, pos))}" size="{" ".join(map(_f, half))}" '
        f'euler="{" ".join(map(_f, euler))}" rgba="0.6 0.5 0.4 0.4"/>'
    )


def static_geoms(geo: Mapping[str, Any]) -> list[str]:
    """The tower's fixed parts as MJCF box geoms."""
    sh = geo["shaft"]
    w, d, h, t, ex = sh["width"], sh["depth"], sh["height"], sh["wall"], sh["exit_height"]
    g: list[str] = [
        _box("wall_back", (-w / 2 - t / 2, 0, h / 2), (t / 2, d / 2 + t, h / 2)),
        _box("wall_left", (0, d / 2 + t / 2, h / 2), (w / 2 + t, t / 2, h / 2)),
        _box("wall_right", (0, -d / 2 - t / 2, h / 2), (w / 2 + t, t / 2, h / 2)),
        _box("wall_front", (w / 2 + t / 2, 0, (ex + h) / 2), (t / 2, d / 2 + t, (h - ex) / 2)),
    ]
    fu = geo["funnel"]
    fh, tw, ft = fu["height"], fu["top_width"], fu["thickness"]
    run = (tw - w) / 2
    phi = math.degrees(math.atan2(run, fh))
    half_len = math.hypot(run, fh) / 2
    mid = (w / 2 + tw / 2) / 2 + ft / 2
    zc = h + fh / 2
    g += [
        _box("funnel_px", (mid, 0, zc), (ft / 2, tw / 2, half_len), (0, phi, 0)),
        _box("funnel_nx", (-mid, 0, zc), (ft / 2, tw / 2, half_len), (0, -phi, 0)),
        _box("funnel_py", (0, mid, zc), (tw / 2, ft / 2, half_len), (-phi, 0, 0)),
        _box("funnel_ny", (0, -mid, zc), (tw / 2, ft / 2, half_len), (phi, 0, 0)),
    ]
    for li, lvl in enumerate(geo["levels"]):
        g += _level_geoms(li, lvl, w, d)
    ra = geo["ramp"]
    tau = math.radians(ra["tilt"])
    rt = ra["thickness"]
    g.append(
        _box(
            "ramp",
            (0, 0, rt / 2 + (w / 2) * math.tan(tau)),
            (w / 2 / math.cos(tau), d / 2, rt / 2),
            (0, ra["tilt"], 0),
        )
    )
    tr = geo["tray"]
    tl, rh, tt = tr["length"], tr["rim_height"], tr["thickness"]
    x0, x1 = w / 2 + t, w / 2 + t + tl
    yw = d / 2 + 0.02
    g += [
        _box("tray_end", (x1 + tt / 2, 0, rh / 2), (tt / 2, yw + tt, rh / 2)),
        _box("tray_left", ((x0 + x1) / 2, yw + tt / 2, rh / 2), ((x1 - x0) / 2, tt / 2, rh / 2)),
        _box("tray_right", ((x0 + x1) / 2, -yw - tt / 2, rh / 2), ((x1 - x0) / 2, tt / 2, rh / 2)),
    ]
    return g


def _level_geoms(li: int, lvl: Mapping[str, Any], w: float, d: float) -> list[str]:
    """A perforated inclined plate: mask rows run from uphill to downhill, ``#`` solid, ``.`` a hole,
    ``L`` solid with a lip (a ledge) standing at its downhill edge."""
    s = 1.0 if lvl["downhill"] == "+x" else -1.0
    theta = math.radians(lvl["tilt"])
    gap, th = lvl["gap"], lvl["thickness"]
    mask: list[str] = lvl["mask"]
    rows, cols = len(mask), len(mask[0])
    length = (w - gap) / math.cos(theta)
    cu, cv = length / rows, d / cols
    dx, dz = s * math.cos(theta), -math.sin(theta)  # downhill unit vector (y = 0)
    nx, nz = s * math.sin(theta), math.cos(theta)  # plate normal, upwards
    cx, cz = -s * gap / 2, lvl["z"]
    euler = (0.0, math.degrees(s * theta), 0.0)
    lh, lt = lvl["lip_height"], lvl["lip_thickness"]
    out: list[str] = []
    for r, line in enumerate(mask):
        if len(line) != cols or set(line) - set("#.L"):
            raise OptionError(f"tower geometry: level {li} mask rows must be equally long, of '#', '.', 'L'")
        u = -length / 2 + (r + 0.5) * cu
        for c, ch in enumerate(line):
            if ch == ".":
                continue
            v = -d / 2 + (c + 0.5) * cv
            pos = (cx + u * dx, v, cz + u * dz)
            out.append(_box(f"l{li}_{r}_{c}", pos, (cu / 2, cv / 2, th / 2), euler))
            if ch == "L":
                e = u + cu / 2 - lt / 2
                k = th / 2 + lh / 2
                lpos = (cx + e * dx + k * nx, v, cz + e * dz + k * nz)
                out.append(_box(f"l{li}_{r}_{c}_lip", lpos, (lt / 2, cv / 2, lh / 2), euler))
    return out


def build_mjcf(geo: Mapping[str, Any], n_cubes: int) -> str:
    ph, cube = geo["physics"], geo["cube"]
    half = cube["edge"] / 2
    fr = " ".join(map(_f, ph["friction"]))
    sr = " ".join(map(_f, ph["solref"]))
    bodies = "".join(
        f'<body name="c{i}" pos="0 0 {-1 - i}"><freejoint/>'
        f'<geom type="box" size="{_f(half)} {_f(half)} {_f(half)}" density="{_f(cube["density"])}"/></body>'
        for i in range(n_cubes)
    )
    return (
        f'<mujoco model="wallenstein-tower">'
        f'<option timestep="{_f(ph["timestep"])}" integrator="implicitfast"/>'
        f'<default><geom friction="{fr}" solref="{sr}"/></default>'
        f'<worldbody><geom name="floor" type="plane" size="1 1 0.01"/>{"".join(static_geoms(geo))}'
        f"{bodies}</worldbody></mujoco>"
    )


@dataclass(frozen=True)
class CubeFate:
    colour: int
    source: int  # 0 thrown, 1 upper level, 2 lower level
    dest: int  # 0 upper level, 1 lower level, 2 tray


def _random_quat(rng: Rng) -> tuple[float, float, float, float]:
    u1, u2, u3 = rng.random(), rng.random(), rng.random()
    a, b = math.sqrt(1 - u1), math.sqrt(u1)
    return (
        a * math.sin(2 * math.pi * u2),
        a * math.cos(2 * math.pi * u2),
        b * math.sin(2 * math.pi * u3),
        b * math.cos(2 * math.pi * u3),
    )


class PhysicalTower(TowerModel):
    name = "physical"
    levels = 2

    def __init__(self, geometry: Mapping[str, Any] | str | None = None) -> None:
        self.geometry_arg = geometry
        if isinstance(geometry, Mapping):
            self.geo = dict(geometry)
        else:
            self.geo = load_geometry(geometry)
        self._models: dict[int, Any] = {}
        static_geoms(self.geo)  # validates the masks early
        self.last_time = 0.0  # simulated seconds of the last drop (diagnostics)
        self.escaped = 0  # cubes that ended outside both the tower and the tray (counted as out)

    def params(self) -> dict[str, Any]:
        if self.geometry_arg is None:
            return {}
        return {"geometry": self.geometry_arg if isinstance(self.geometry_arg, str) else self.geo}

    def _model(self, n: int) -> Any:
        model = self._models.get(n)
        if model is None:
            model = mujoco.MjModel.from_xml_string(build_mjcf(self.geo, n))
            self._models[n] = model
        return model

    def content_fits(self, content: Any) -> bool:
        """The two levels' counts per colour, then one row per lodged cube: its colour, its level
        (0 upper, 1 lower), its position and orientation in millionths; the counts are the rows'."""
        if not isinstance(content, list) or len(content) < 2:
            return False
        if not all(isinstance(row, list) and all(type(v) is int for v in row) for row in content):
            return False
        levels = [[0] * NCOLOURS, [0] * NCOLOURS]
        for row in content[2:]:
            if len(row) != 9 or not 0 <= row[0] < NCOLOURS or row[1] not in (0, 1):
                return False
            levels[row[1]][row[0]] += 1
        return [list(content[0]), list(content[1])] == levels

    def resample(self, content: Content, rng: Rng) -> None:
        """The lodged cubes keep their places; their colours are shuffled among them (the level
        counts follow), so the cubes inside per colour stay what they are."""
        rows = content[2:]
        colours = [row[0] for row in rows]
        rng.shuffle(colours)
        levels = [[0] * NCOLOURS, [0] * NCOLOURS]
        for row, colour in zip(rows, colours, strict=True):
            row[0] = colour
            levels[row[1]][colour] += 1
        content[0], content[1] = levels

    def drop(self, content: Content, thrown: Sequence[int], rng: Rng) -> list[int]:
        out = [0] * NCOLOURS
        for fate in self.drop_detail(content, thrown, rng):
            if fate.dest == OUT:
                out[fate.colour] += 1
        return out

    def drop_detail(self, content: Content, thrown: Sequence[int], rng: Rng) -> list[CubeFate]:
        """Drop, update ``content`` and say where every cube started and ended."""
        lodged = [list(row) for row in content[2:]]
        colours = [row[0] for row in lodged] + [c for c in range(NCOLOURS) for _ in range(thrown[c])]
        sources = [1 + row[1] for row in lodged] + [0] * sum(thrown)
        n = len(colours)
        if n == 0:
            return []
        model = self._model(n)
        data = mujoco.MjData(model)
        qpos, qvel = data.qpos, data.qvel
        for i, row in enumerate(lodged):
            quat = [q / 1e6 for q in row[5:9]]
            norm = math.sqrt(sum(q * q for q in quat)) or 1.0
            qpos[7 * i : 7 * i + 3] = [v / 1e6 for v in row[2:5]]
            qpos[7 * i + 3 : 7 * i + 7] = [q / norm for q in quat]
        self._release(qpos, qvel, len(lodged), n - len(lodged), rng)
        self._run(model, data, n)
        return self._classify(content, data.qpos, colours, sources)

    def _release(self, qpos: Any, qvel: Any, first: int, k: int, rng: Rng) -> None:
        rel = self.geo["release"]
        sp, spread, jit, speed = rel["spacing"], rel["spread"], rel["jitter"], rel["speed"]
        per_side = max(1, int(spread / sp))
        slots = [
            (i, j, m)
            for m in range((k + per_side * per_side - 1) // (per_side * per_side))
            for i in range(per_side)
            for j in range(per_side)
        ]
        rng.shuffle(slots)
        off = (per_side - 1) * sp / 2
        for idx in range(k):
            i, j, m = slots[idx]
            b = first + idx
            qpos[7 * b : 7 * b + 3] = [
                i * sp - off + (rng.random() - 0.5) * 2 * jit,
                j * sp - off + (rng.random() - 0.5) * 2 * jit,
                rel["z"] + m * sp + (rng.random() - 0.5) * 2 * jit,
            ]
            qpos[7 * b + 3 : 7 * b + 7] = _random_quat(rng)
            qvel[6 * b : 6 * b + 3] = [
                (rng.random() - 0.5) * speed,
                (rng.random() - 0.5) * speed,
                -speed * rng.random(),
            ]
            qvel[6 * b + 3 : 6 * b + 6] = [(rng.random() - 0.5) * 20 for _ in range(3)]

    def _run(self, model: Any, data: Any, n: int) -> None:
        ph = self.geo["physics"]
        dt = ph["timestep"]
        every = int(ph["check_every"])
        min_steps, max_steps = int(ph["min_time"] / dt), int(ph["max_time"] / dt)
        limit = ph["settle_speed"] ** 2
        front = self.geo["shaft"]["width"] / 2 + self.geo["shaft"]["wall"]
        steps = 0
        while steps < max_steps:
            mujoco.mj_step(model, data, nstep=every)
            steps += every
            if steps < min_steps:
                continue
            qp, qv = data.qpos, data.qvel
            moving = False
            for b in range(n):
                if qp[7 * b] > front:
                    continue  # in the tray
                vx, vy, vz = qv[6 * b], qv[6 * b + 1], qv[6 * b + 2]
                if vx * vx + vy * vy + vz * vz > limit:
                    moving = True
                    break
            if not moving:
                break
        self.last_time = steps * dt

    def _classify(
        self, content: Content, qpos: Any, colours: list[int], sources: list[int]
    ) -> list[CubeFate]:
        sh = self.geo["shaft"]
        hw, hd = sh["width"] / 2, sh["depth"] / 2
        split = self.geo["split_z"]
        levels = [[0] * NCOLOURS, [0] * NCOLOURS]
        rows: list[list[int]] = []
        fates: list[CubeFate] = []
        for b, colour in enumerate(colours):
            x, y, z = (float(v) for v in qpos[7 * b : 7 * b + 3])
            inside = -hw < x < hw and -hd < y < hd and 0.0 < z < sh["height"] + self.geo["funnel"]["height"]
            if not inside:
                dest = OUT
                if x <= hw or abs(y) > hd + 0.03:
                    self.escaped += 1
            else:
                dest = 0 if z > split else 1
                levels[dest][colour] += 1
                quat = [round(float(q) * 1e6) for q in qpos[7 * b + 3 : 7 * b + 7]]
                rows.append([colour, dest, round(x * 1e6), round(y * 1e6), round(z * 1e6), *quat])
            fates.append(CubeFate(colour, sources[b], dest))
        content[:] = [levels[0], levels[1], *rows]
        return fates
