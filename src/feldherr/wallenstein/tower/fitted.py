"""The fitted fast tower: two levels, every cube on its own path (docs/tower.md, "Fitted model").

State: cubes lodged per colour on the upper level (0) and the lower level (1). One drop of ``N``
cubes, with ``n0``/``n1`` cubes (all colours) lodged on the levels before the drop:

* a cube falling on to level ``l`` lodges there with probability
  ``lam_l = min(1, (lodge[l] + jam[l] * N) * max(0, 1 - n_l / cap[l]) * (1 + grow[l] * n_l))``
  (cubes falling together jam more; ledges fill up; cubes also catch on lodged cubes);
* a cube lodged on level ``l`` is shaken free with probability
  ``rel_l = 1 - (1 - base[l]) * (1 - knock[l]) ** N`` (each thrown cube may knock it loose);
  a cube freed from the upper level falls on to the lower one.

Given the drop size and the levels' loads before the drop, every cube's fate is independent of the
others, so the cubes of one colour that come out are a sum of three binomials (thrown cubes, cubes on
the upper level, cubes on the lower level). That makes battle odds exact
(:mod:`feldherr.wallenstein.tower.odds`).
"""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from feldherr.core.commandline import json_problem
from feldherr.core.errors import OptionError, clip
from feldherr.core.rng import PyRng, Rng
from feldherr.wallenstein.tower.model import NCOLOURS, Content, TowerModel

PARAM_NAMES = ("lodge", "jam", "cap", "grow", "base", "knock")
DATA_FILE = "fitted.json"
_FATE_MEMO = 4096  # most drop loads remembered per model


@dataclass(frozen=True)
class FateProbs:
    """Probability that one cube comes out in this drop, by where it starts."""

    thrown: float
    upper: float
    lower: float
    lam0: float  # lodging probabilities and release probabilities used for them
    lam1: float
    rel0: float
    rel1: float


def _pair(name: str, value: Any, lo: float, hi: float) -> list[float]:
    if not isinstance(value, Sequence) or isinstance(value, str) or len(value) != 2:
        raise OptionError(
            f"fitted tower: {name!r} must be a list of two numbers (upper, lower level)",
            "tower_params",
            typed={
                "de": f"angepasster Turm: {name} muss eine Liste zweier Zahlen sein (obere, untere Ebene)"
            },
        )
    out: list[float] = []
    for v in value:
        if isinstance(v, bool) or not isinstance(v, int | float) or not lo <= float(v) <= hi:
            shown = clip(repr(v), 40)
            raise OptionError(
                f"fitted tower: {name!r} values must be numbers in [{lo}, {hi}], not {shown}",
                "tower_params",
                typed={
                    "de": f"angepasster Turm: die Werte von {name} müssen Zahlen von {lo} bis {hi} sein, "
                    f"nicht {shown}"
                },
            )
        out.append(float(v))
    return out


def shipped_params() -> dict[str, Any]:
    """The parameters in ``data/fitted.json`` (fitted to simulated physical drops)."""
    return copy.deepcopy(_shipped_params())


@functools.cache
def _shipped_params() -> dict[str, Any]:
    # Read once per process: every new game builds its tower model from these.
    text = (
        resources.files("feldherr.wallenstein.tower").joinpath("data", DATA_FILE).read_text(encoding="utf-8")
    )
    params: dict[str, Any] = json.loads(text)["params"]
    return params


def load_params_file(path: str) -> dict[str, Any]:
    """Parameters from a JSON file written by ``feldherr tower fit`` (or ``data/fitted.json``)."""
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, ValueError) as exc:  # no file, not text, not JSON
        why = {lang: json_problem(exc, lang) for lang in ("en", "de")}
        raise OptionError(
            f"cannot read tower parameters from {path}: {why['en']}",
            "tower_params",
            typed={"de": f"die Turmparameter in {path} sind nicht lesbar: {why['de']}"},
        ) from exc
    if not isinstance(data, dict):
        raise OptionError(
            f"{path}: expected a JSON object with 'params'",
            "tower_params",
            typed={"de": f"{path}: erwartet ein JSON-Objekt mit 'params'"},
        )
    params = data.get("params", data)
    if not isinstance(params, dict):
        raise OptionError(
            f"{path}: 'params' must be an object",
            "tower_params",
            typed={"de": f"{path}: 'params' muss ein JSON-Objekt sein"},
        )
    FittedTower(**params)  # validates
    return dict(params)


class FittedTower(TowerModel):
    name = "fitted"
    levels = 2

    def __init__(
        self,
        lodge: Sequence[float] | None = None,
        cap: Sequence[float] | None = None,
        base: Sequence[float] | None = None,
        knock: Sequence[float] | None = None,
        top_share: float | None = None,
        jam: Sequence[float] | None = None,
        grow: Sequence[float] | None = None,
    ) -> None:
        given = {
            "lodge": lodge,
            "cap": cap,
            "base": base,
            "knock": knock,
            "top_share": top_share,
            "jam": jam,
            "grow": grow,
        }
        if any(v is None for v in given.values()):
            defaults = shipped_params()
            given = {k: defaults[k] if v is None else v for k, v in given.items()}
        self.lodge = _pair("lodge", given["lodge"], 0.0, 1.0)
        self.jam = _pair("jam", given["jam"], 0.0, 1.0)
        self.cap = _pair("cap", given["cap"], 1.0, 1e6)
        self.grow = _pair("grow", given["grow"], 0.0, 1.0)
        self.base = _pair("base", given["base"], 0.0, 1.0)
        self.knock = _pair("knock", given["knock"], 0.0, 1.0)
        share = given["top_share"]
        if isinstance(share, bool) or not isinstance(share, int | float) or not 0.0 <= share <= 1.0:
            shown = clip(repr(share), 40)
            raise OptionError(
                f"fitted tower: 'top_share' must be a number in [0, 1], not {shown}",
                "tower_params",
                typed={"de": f"angepasster Turm: top_share muss eine Zahl von 0 bis 1 sein, nicht {shown}"},
            )
        self.top_share = float(share)
        self._fates: dict[tuple[int, int, int], tuple[float, float, float, float]] = {}
        """The probabilities a drop uses, by (cubes thrown, cubes on the upper, on the lower level)."""

    def params(self) -> dict[str, Any]:
        return {
            "lodge": list(self.lodge),
            "jam": list(self.jam),
            "cap": list(self.cap),
            "grow": list(self.grow),
            "base": list(self.base),
            "knock": list(self.knock),
            "top_share": self.top_share,
        }

    @classmethod
    def from_mapping(cls, params: Mapping[str, Any]) -> FittedTower:
        unknown = set(params) - {*PARAM_NAMES, "top_share"}
        if unknown:
            named = ", ".join(clip(repr(k), 40) for k in sorted(unknown))
            raise OptionError(
                f"fitted tower: unknown parameters {named}",
                "tower_params",
                typed={"de": f"angepasster Turm: unbekannte Parameter {named}"},
            )
        return cls(**dict(params))

    def fate(self, n_thrown: int, n_upper: float, n_lower: float) -> FateProbs:
        """Per-cube exit probabilities for a drop of ``n_thrown`` cubes with the given level loads."""
        lam0 = min(
            1.0,
            (self.lodge[0] + self.jam[0] * n_thrown)
            * max(0.0, 1.0 - n_upper / self.cap[0])
            * (1.0 + self.grow[0] * n_upper),
        )
        lam1 = min(
            1.0,
            (self.lodge[1] + self.jam[1] * n_thrown)
            * max(0.0, 1.0 - n_lower / self.cap[1])
            * (1.0 + self.grow[1] * n_lower),
        )
        if n_thrown > 0:
            rel0 = 1.0 - (1.0 - self.base[0]) * (1.0 - self.knock[0]) ** n_thrown
            rel1 = 1.0 - (1.0 - self.base[1]) * (1.0 - self.knock[1]) ** n_thrown
        else:
            rel0 = rel1 = 0.0  # nothing is dropped, nothing moves
        return FateProbs(
            thrown=(1.0 - lam0) * (1.0 - lam1),
            upper=rel0 * (1.0 - lam1),
            lower=rel1,
            lam0=lam0,
            lam1=lam1,
            rel0=rel0,
            rel1=rel1,
        )

    def drop(self, content: Content, thrown: Sequence[int], rng: Rng) -> list[int]:
        upper, lower = content[0], content[1]
        key = (sum(thrown), sum(upper), sum(lower))
        probs = self._fates.get(key)
        if probs is None:
            # A game meets few distinct loads: the same floats as a fresh call, computed once.
            if len(self._fates) >= _FATE_MEMO:
                self._fates.clear()
            f = self.fate(*key)
            probs = self._fates[key] = (f.lam0, f.lam1, f.rel0, f.rel1)
        # Rng.binomial(n, p) makes the same draws, in the same order, as n calls of
        # ``rng.random() < p``: each cube's fate is drawn in turn, only faster. ``Rng.cascade``
        # is that loop over the colours (in C where the extension is built).
        lam0, lam1, rel0, rel1 = probs
        if type(thrown) is not list or len(thrown) != NCOLOURS:
            thrown = [thrown[c] for c in range(NCOLOURS)]
        try:
            return rng.cascade(thrown, upper, lower, lam0, lam1, rel0, rel1)
        except AttributeError:  # a C extension built before ``cascade`` existed
            return PyRng.cascade(rng, thrown, upper, lower, lam0, lam1, rel0, rel1)
