"""Fitting the fitted model to drops recorded by hand at a real tower (docs/tower.md, "CSV format").

The file lists drops in the order they were made. Each ``session`` starts with an empty tower (empty
it, then record every drop, the filling drop included). Columns: ``session``, then for each colour
used ``thrown_<c>`` and ``out_<c>`` with ``<c>`` one of ``0``..``4`` (the players' colours, in any
order you like) or ``peasant``. Lines starting with ``#`` are comments.

Only what goes in and what comes out is seen; how the cubes inside are shared between the two levels
is not. The fit therefore follows the expected load of each level (a mean-field filter, corrected
after every drop to the exactly known number of cubes of each colour inside) and maximises a
Gaussian quasi-likelihood of the cubes out, with a prior pulling towards the shipped parameters
so that a small file still gives sensible values.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from feldherr.core.commandline import read_problem
from feldherr.core.errors import clip
from feldherr.wallenstein.tower.errors import TowerInputError
from feldherr.wallenstein.tower.fitted import FittedTower, shipped_params
from feldherr.wallenstein.tower.model import NCOLOURS, PEASANT

COLOUR_NAMES = {"0": 0, "1": 1, "2": 2, "3": 3, "4": 4, "peasant": PEASANT}


@dataclass(frozen=True)
class Drop:
    session: str
    line: int
    thrown: tuple[int, ...]  # per colour 0..5
    out: tuple[int, ...]


def read_drops(text: str, source: str = "<csv>") -> list[Drop]:
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    if not lines:
        raise TowerInputError(
            f"{source}: no header and no drops", f"{source}: keine Kopfzeile und keine Würfe"
        )
    reader = csv.reader(io.StringIO("\n".join(lines)))
    header = [h.strip() for h in next(reader)]
    if "session" not in header:
        raise TowerInputError(
            f"{source}: the header needs a 'session' column",
            f"{source}: die Kopfzeile braucht eine Spalte 'session'",
        )
    thrown_cols: dict[int, int] = {}
    out_cols: dict[int, int] = {}
    for i, name in enumerate(header):
        if name == "session":
            continue
        kind, _, colour = name.partition("_")
        if kind not in ("thrown", "out") or colour not in COLOUR_NAMES:
            shown, known = clip(repr(name), 40), ", ".join(COLOUR_NAMES)
            raise TowerInputError(
                f"{source}: unknown column {shown} (use session, thrown_<c>, out_<c> with <c> one of "
                f"{known})",
                f"{source}: die Spalte {shown} gibt es nicht (session, thrown_<c>, out_<c> mit <c> aus "
                f"{known})",
            )
        (thrown_cols if kind == "thrown" else out_cols)[COLOUR_NAMES[colour]] = i
    if set(thrown_cols) != set(out_cols) or not thrown_cols:
        raise TowerInputError(
            f"{source}: every colour needs both a thrown_ and an out_ column",
            f"{source}: jede Farbe braucht eine Spalte thrown_ und eine Spalte out_",
        )
    drops: list[Drop] = []
    inside: dict[str, list[int]] = {}
    # Line numbers count every line of the file, comments included.
    file_lines = [
        i + 1 for i, ln in enumerate(text.splitlines()) if ln.strip() and not ln.lstrip().startswith("#")
    ]
    for row_no, row in enumerate(reader, start=1):
        line = file_lines[row_no]
        if len(row) != len(header):
            raise TowerInputError(
                f"{source}, line {line}: {len(row)} fields, the header has {len(header)}",
                f"{source}, Zeile {line}: {len(row)} Felder, die Kopfzeile hat {len(header)}",
            )

        def cell(col: int, line: int = line, row: list[str] = row) -> int:
            raw = row[col].strip()
            try:
                value = int(raw)
            except ValueError:
                shown = clip(repr(raw), 40)
                raise TowerInputError(
                    f"{source}, line {line}: {header[col]} must be a whole number, not {shown}",
                    f"{source}, Zeile {line}: {header[col]} muss eine ganze Zahl sein, nicht {shown}",
                ) from None
            if value < 0:
                raise TowerInputError(
                    f"{source}, line {line}: {header[col]} must not be negative",
                    f"{source}, Zeile {line}: {header[col]} darf nicht negativ sein",
                )
            return value

        thrown = [0] * NCOLOURS
        out = [0] * NCOLOURS
        for c, col in thrown_cols.items():
            thrown[c] = cell(col)
            out[c] = cell(out_cols[c])
        session = row[header.index("session")].strip()
        if not session:
            raise TowerInputError(
                f"{source}, line {line}: empty session", f"{source}, Zeile {line}: leere Sitzung"
            )
        held = inside.setdefault(session, [0] * NCOLOURS)
        for c in range(NCOLOURS):
            if out[c] > held[c] + thrown[c]:
                column, in_play = header[out_cols[c]], held[c] + thrown[c]
                raise TowerInputError(
                    f"{source}, line {line}: {column} is {out[c]}, but only {in_play} cubes of that colour "
                    "were in play (inside + thrown)",
                    f"{source}, Zeile {line}: {column} ist {out[c]}, aber nur {in_play} Würfel dieser Farbe "
                    "waren im Spiel (im Turm + geworfen)",
                )
            held[c] += thrown[c] - out[c]
        drops.append(Drop(session, line, tuple(thrown), tuple(out)))
    if not drops:
        raise TowerInputError(
            f"{source}: no drops after the header", f"{source}: keine Würfe nach der Kopfzeile"
        )
    return drops


def read_drops_file(path: str) -> list[Drop]:
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise TowerInputError(
            f"cannot read {path}: {read_problem(exc)}", f"{path} ist nicht lesbar: {read_problem(exc, 'de')}"
        ) from exc
    return read_drops(text, path)


# -- the mean-field quasi-likelihood ---------------------------------------------------------------


def filter_drops(model: FittedTower, drops: Sequence[Drop]) -> tuple[float, float, float]:
    """Run the mean-field filter: (quasi log-likelihood, RMS error of cubes out per colour and drop,
    mean share of inside cubes on the upper level)."""
    loglik = 0.0
    sq = 0.0
    terms = 0
    share_sum = 0.0
    share_n = 0
    session = None
    e0 = e1 = [0.0] * NCOLOURS
    for d in drops:
        if d.session != session:
            session = d.session
            e0, e1 = [0.0] * NCOLOURS, [0.0] * NCOLOURS
        n = sum(d.thrown)
        if n == 0:
            continue
        f = model.fate(n, sum(e0), sum(e1))
        new0, new1 = [0.0] * NCOLOURS, [0.0] * NCOLOURS
        for c in range(NCOLOURS):
            t = d.thrown[c]
            if t == 0 and e0[c] == 0 and e1[c] == 0:
                continue
            mu = t * f.thrown + e0[c] * f.upper + e1[c] * f.lower
            var = (
                t * f.thrown * (1 - f.thrown)
                + e0[c] * f.upper * (1 - f.upper)
                + e1[c] * f.lower * (1 - f.lower)
                + 0.05
            )
            err = d.out[c] - mu
            loglik -= 0.5 * (err * err / var + math.log(var))
            sq += err * err
            terms += 1
            a = e0[c] * (1 - f.rel0) + t * f.lam0
            b = e1[c] * (1 - f.rel1) + (t * (1 - f.lam0) + e0[c] * f.rel0) * f.lam1
            known = e0[c] + e1[c] + t - d.out[c]  # exact count inside after the drop
            if a + b > 1e-12:
                new0[c], new1[c] = known * a / (a + b), known * b / (a + b)
            else:
                new0[c], new1[c] = known * model.top_share, known * (1 - model.top_share)
        e0, e1 = new0, new1
        tot = sum(e0) + sum(e1)
        if tot > 0:
            share_sum += sum(e0) / tot
            share_n += 1
    rmse = math.sqrt(sq / terms) if terms else 0.0
    return loglik, rmse, (share_sum / share_n if share_n else model.top_share)


def _logit(p: float) -> float:
    p = min(max(p, 1e-6), 1 - 1e-6)
    return math.log(p / (1 - p))


def _expit(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, x))))


def to_vector(params: dict[str, Any]) -> list[float]:
    v: list[float] = []
    for lvl in range(2):
        v += [
            _logit(params["lodge"][lvl]),
            math.log(max(params["jam"][lvl], 1e-4)),
            math.log(max(params["cap"][lvl] - 1.0, 1e-6)),
            math.log(max(params["grow"][lvl], 1e-4)),
            _logit(params["base"][lvl]),
            _logit(params["knock"][lvl]),
        ]
    return v


def from_vector(v: Sequence[float], top_share: float) -> dict[str, Any]:
    return {
        "lodge": [_expit(v[0]), _expit(v[6])],
        "jam": [math.exp(min(v[1], 0.0)), math.exp(min(v[7], 0.0))],
        "cap": [1.0 + math.exp(min(v[2], 13.0)), 1.0 + math.exp(min(v[8], 13.0))],
        "grow": [math.exp(min(v[3], 0.0)), math.exp(min(v[9], 0.0))],
        "base": [_expit(v[4]), _expit(v[10])],
        "knock": [_expit(v[5]), _expit(v[11])],
        "top_share": top_share,
    }


def nelder_mead(
    f: Callable[[list[float]], float], x0: Sequence[float], step: float = 0.5, iters: int = 800
) -> list[float]:
    """Minimise ``f`` from ``x0`` (plain Nelder-Mead, deterministic)."""
    n = len(x0)
    pts = [list(x0)] + [[x + (step if i == j else 0.0) for j, x in enumerate(x0)] for i in range(n)]
    vals = [f(p) for p in pts]
    for _ in range(iters):
        order = sorted(range(n + 1), key=vals.__getitem__)
        pts, vals = [pts[i] for i in order], [vals[i] for i in order]
        if vals[-1] - vals[0] < 1e-7:
            break
        centre = [sum(p[j] for p in pts[:-1]) / n for j in range(n)]
        worst = pts[-1]

        def towards(t: float, worst: list[float] = worst, centre: list[float] = centre) -> list[float]:
            return [c + t * (w - c) for c, w in zip(centre, worst, strict=True)]

        refl = towards(-1.0)
        fr = f(refl)
        if fr < vals[0]:
            exp = towards(-2.0)
            fe = f(exp)
            pts[-1], vals[-1] = (exp, fe) if fe < fr else (refl, fr)
        elif fr < vals[-2]:
            pts[-1], vals[-1] = refl, fr
        else:
            con = towards(0.5)
            fc = f(con)
            if fc < vals[-1]:
                pts[-1], vals[-1] = con, fc
            else:
                best = pts[0]
                pts = [best] + [[b + 0.5 * (x - b) for b, x in zip(best, p, strict=True)] for p in pts[1:]]
                vals = [vals[0]] + [f(p) for p in pts[1:]]
    return pts[min(range(n + 1), key=vals.__getitem__)]


def fit_drops(drops: Sequence[Drop], prior_sd: float = 0.5, iters: int = 800) -> dict[str, Any]:
    """Fit the fitted model's parameters to recorded drops; returns the JSON document to save."""
    prior = shipped_params()
    x0 = to_vector(prior)
    share = float(prior["top_share"])

    def objective(v: list[float]) -> float:
        model = FittedTower(**from_vector(v, share))
        loglik = filter_drops(model, drops)[0]
        penalty = sum((a - b) ** 2 for a, b in zip(v, x0, strict=True)) / (2 * prior_sd**2)
        return -loglik + penalty

    best = nelder_mead(objective, x0, iters=iters)
    params = from_vector(best, share)
    loglik, rmse, top_share = filter_drops(FittedTower(**params), drops)
    params["top_share"] = round(top_share, 4)
    prior_loglik, prior_rmse, _ = filter_drops(FittedTower(**prior), drops)
    return {
        "model": "fitted",
        "params": {k: [round(x, 6) for x in v] if isinstance(v, list) else v for k, v in params.items()},
        "fit": {
            "drops": len(drops),
            "sessions": len({d.session for d in drops}),
            "quasi_loglik": round(loglik, 3),
            "rmse_out_per_colour": round(rmse, 4),
            "prior_quasi_loglik": round(prior_loglik, 3),
            "prior_rmse_out_per_colour": round(prior_rmse, 4),
            "prior_sd": prior_sd,
        },
    }
