"""Battle odds: win, tie and loss probabilities and expected survivors (docs/tower.md, "Battle odds").

A battle is described from the table (:class:`Battle`): armies moved, defenders, revolt markers,
bonus tiles and events, the cubes lying in the tray, and the tower content a player can know (cubes
of each role inside, from what was thrown and what came out). Roles: the attacker's colour, the
defender's colour, the peasants, and all other colours together (they only matter through the drop
size and the load of the levels).

With the fitted model (and the simple guess) every cube's fate is independent given the drop, so the
cubes of each role that come out follow a convolution of binomials and the odds are exact. Other
models are sampled (Monte Carlo) and the result carries its standard error.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from feldherr.core.errors import clip
from feldherr.core.rng import Rng
from feldherr.wallenstein.rules.combat import BattleKind, judge
from feldherr.wallenstein.tower.errors import TowerInputError
from feldherr.wallenstein.tower.fitted import FittedTower
from feldherr.wallenstein.tower.model import NCOLOURS, PEASANT, Content, SimpleTower, TowerModel

# Colours the roles take when a generic model is sampled.
ROLE_COLOURS = {"attacker": 0, "defender": 1, "other": 2, "peasants": PEASANT}
_ROLE_KEYS = {"a": "attacker", "d": "defender", "p": "peasants", "o": "other"}


ROLE_WORDS = {
    "attacker": {"en": "the attacker's cubes", "de": "die Würfel des Angreifers"},
    "defender": {"en": "the defender's cubes", "de": "die Würfel des Verteidigers"},
    "peasants": {"en": "the peasants' cubes", "de": "die Würfel der Bauern"},
    "other": {"en": "the other colours' cubes", "de": "die Würfel der anderen Farben"},
    "armies": {"en": "--armies", "de": "--armies"},
    "defenders": {"en": "--defenders", "de": "--defenders"},
    "markers": {"en": "--markers", "de": "--markers"},
    "winter_extra": {"en": "--winter-extra", "de": "--winter-extra"},
    "samples": {"en": "--samples", "de": "--samples"},
}
"""How a refusal names a count: a role's cubes in words, a battle's numbers by the flag that sets
them (the tower tools are their only source of a bad count)."""


def _count(name: str, value: object) -> int:
    words = ROLE_WORDS.get(name, {"en": name, "de": name})
    if isinstance(value, bool) or not isinstance(value, int):
        shown = clip(repr(value), 40)
        raise TowerInputError(
            f"{words['en']} must be a whole number, not {shown}",
            f"{words['de']}: eine ganze Zahl, nicht {shown}",
        )
    if value < 0:
        raise TowerInputError(
            f"{words['en']} must not be negative, not {value}",
            f"{words['de']}: nicht negativ, nicht {value}",
        )
    return value


@dataclass(frozen=True)
class Roles:
    """Cube counts by role: the attacker's colour, the defender's, peasants, all others."""

    attacker: int = 0
    defender: int = 0
    peasants: int = 0
    other: int = 0

    def __post_init__(self) -> None:
        for name in ("attacker", "defender", "peasants", "other"):
            _count(name, getattr(self, name))

    @classmethod
    def parse(cls, text: str) -> Roles:
        """Read ``"a=3,d=2,p=1,o=4"`` (a: attacker, d: defender, p: peasants, o: other colours)."""
        counts: dict[str, int] = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            m = re.fullmatch(r"([A-Za-z]+)\s*=\s*(-?\d+)", part)
            if not m:
                shown = clip(repr(part), 40)
                raise TowerInputError(
                    f"cannot read {shown}: write role=count, e.g. a=3,d=2,p=1,o=0",
                    f"{shown} ist nicht lesbar: Rolle=Anzahl schreiben, z. B. a=3,d=2,p=1,o=0",
                )
            key, value = m.group(1).lower(), int(m.group(2))
            role = _ROLE_KEYS.get(key) or (key if key in _ROLE_KEYS.values() else None)
            if role is None:
                shown = clip(repr(key), 40)
                raise TowerInputError(
                    f"there is no role {shown} (a: attacker, d: defender, p: peasants, o: others)",
                    f"die Rolle {shown} gibt es nicht (a: Angreifer, d: Verteidiger, p: Bauern, o: andere)",
                )
            _count(role, value)
            counts[role] = counts.get(role, 0) + value
        return cls(**counts)

    @classmethod
    def from_colours(cls, counts: Sequence[int], attacker: int | None, defender: int | None) -> Roles:
        """Map the game's per-colour counts (seats 0..4, 5 = peasants) to roles; ``attacker`` or
        ``defender`` is None where that party is the peasants (revolt) or nobody (neutral county)."""
        if len(counts) != NCOLOURS:
            raise TowerInputError(f"expected {NCOLOURS} counts (seats 0..4, peasants), got {len(counts)}")
        for c in (attacker, defender):
            if c is not None and not 0 <= c < PEASANT:
                raise TowerInputError(f"unknown colour {c} (seats are 0..4)")
        if attacker is not None and attacker == defender:
            raise TowerInputError("attacker and defender must differ")
        for n in counts:
            _count("cube count", n)
        a = counts[attacker] if attacker is not None else 0
        d = counts[defender] if defender is not None else 0
        return cls(a, d, counts[PEASANT], sum(counts[:PEASANT]) - a - d)

    def plus(self, other: Roles) -> Roles:
        return Roles(
            self.attacker + other.attacker,
            self.defender + other.defender,
            self.peasants + other.peasants,
            self.other + other.other,
        )

    def total(self) -> int:
        return self.attacker + self.defender + self.peasants + self.other

    def colours(self) -> list[int]:
        out = [0] * NCOLOURS
        for role, colour in ROLE_COLOURS.items():
            out[colour] += getattr(self, role)
        return out


_NEUTRAL_ONLY = {
    "en": "the 2-peasants event applies to attacks on neutral counties only",
    "de": "das Ereignis mit 2 Bauern gilt nur für Angriffe auf neutrale Länder",
}


@dataclass(frozen=True)
class Battle:
    """A proposed attack, neutral attack or revolt, as a player sees it at the table."""

    kind: BattleKind
    armies: int = 0  # attacking armies moved into the county (attack, neutral)
    defenders: int = 0  # the defender's armies in the county (attack, revolt)
    markers: int = 0  # revolt markers in the county (attack: unrest; revolt: peasants thrown)
    attacker_bonus: bool = False  # bonus tile "+1 army when attacking"
    defender_bonus: bool = False  # bonus tile "+1 army when defending"
    palace: bool = False  # event: "a county containing a palace is attacked" (+1 defender cube)
    double_peasants: bool = False  # event: a neutral county is defended by 2 peasants instead of 1
    winter_extra: int = 0  # revolt in winter: extra peasants from the supply chart
    tray: Roles = field(default_factory=Roles)  # cubes lying in the tray (dropped too)

    def __post_init__(self) -> None:
        for name in ("armies", "defenders", "markers", "winter_extra"):
            _count(name, getattr(self, name))
        k = self.kind
        if k is BattleKind.REVOLT:
            if self.armies or self.attacker_bonus or self.defender_bonus or self.palace:
                raise TowerInputError(
                    "a revolt has no attacking armies, bonus tiles or palace event",
                    "ein Aufstand hat keine angreifenden Armeen, Bonusplättchen oder Palast-Ereignis",
                )
            if self.double_peasants:
                raise TowerInputError(_NEUTRAL_ONLY["en"], _NEUTRAL_ONLY["de"])
            if self.defenders < 1:
                raise TowerInputError(
                    "a revolt needs at least 1 defending army in the county",
                    "ein Aufstand braucht mindestens 1 verteidigende Armee im Land",
                )
            return
        if self.armies < 1:
            raise TowerInputError(
                "an attack needs at least 1 army moved into the county",
                "ein Angriff braucht mindestens 1 Armee, die in das Land einzieht",
            )
        if self.winter_extra:
            raise TowerInputError(
                "winter extra peasants apply to revolts only",
                "zusätzliche Bauern im Winter gibt es nur bei einem Aufstand",
            )
        if k is BattleKind.NEUTRAL:
            if self.defenders or self.markers or self.defender_bonus or self.palace:
                raise TowerInputError(
                    "a neutral county has no defending armies, revolt markers or defence bonuses",
                    "ein neutrales Land hat keine verteidigenden Armeen, Unruhemarker oder Verteidigungsboni",
                )
        else:
            if self.defenders < 1:
                raise TowerInputError(
                    "a county without armies is neutral: use kind 'neutral'",
                    "ein Land ohne Armeen ist neutral: die Art 'neutral' nehmen",
                )
            if self.double_peasants:
                raise TowerInputError(_NEUTRAL_ONLY["en"], _NEUTRAL_ONLY["de"])

    @property
    def unrest(self) -> bool:
        return self.kind is BattleKind.ATTACK and self.markers > 0

    def engaged(self) -> Roles:
        """The cubes the battle itself puts into the tower (without the tray)."""
        if self.kind is BattleKind.REVOLT:
            return Roles(defender=self.defenders, peasants=self.markers + self.winter_extra)
        attacker = self.armies + int(self.attacker_bonus)
        if self.kind is BattleKind.NEUTRAL:
            return Roles(attacker=attacker, peasants=2 if self.double_peasants else 1)
        return Roles(attacker=attacker, defender=self.defenders + int(self.defender_bonus) + int(self.palace))

    def thrown(self) -> Roles:
        return self.engaged().plus(self.tray)


@dataclass(frozen=True)
class Odds:
    """Outcome probabilities, from the attacker's side (the peasants' side in a revolt)."""

    attacker: float  # the attacker (peasants, in a revolt) wins
    tie: float
    defender: float  # the defender (the player, in a revolt) holds the county
    attacker_survivors: float  # expected attacking armies placed in the county (0 when not won)
    defender_survivors: float  # expected defending armies going back into the county
    exact: bool
    stderr: float = 0.0  # Monte Carlo: the largest standard error of the three probabilities
    samples: int = 0

    def to_json(self) -> dict[str, float | bool | int]:
        return {
            "attacker_wins": self.attacker,
            "tie": self.tie,
            "defender_wins": self.defender,
            "attacker_survivors": self.attacker_survivors,
            "defender_survivors": self.defender_survivors,
            "exact": self.exact,
            "stderr": self.stderr,
            "samples": self.samples,
        }


def binomial_pmf(n: int, p: float) -> list[float]:
    if p <= 0.0:
        return [1.0] + [0.0] * n
    if p >= 1.0:
        return [0.0] * n + [1.0]
    q = 1.0 - p
    out = [q**n]
    ratio = p / q
    for k in range(n):
        out.append(out[-1] * ratio * (n - k) / (k + 1))
    return out


def convolve(a: Sequence[float], b: Sequence[float]) -> list[float]:
    if len(b) == 1:
        return [x * b[0] for x in a]
    if len(a) == 1:
        return [a[0] * y for y in b]
    out = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def _prefix(p: Sequence[float], length: int = 0) -> tuple[list[float], list[float]]:
    """``C[k] = P(X < k)`` and ``M[k] = E[X; X < k]`` for ``k = 0..max(len(p), length)``."""
    cum, mom = [0.0], [0.0]
    for k, x in enumerate(p):
        cum.append(cum[-1] + x)
        mom.append(mom[-1] + k * x)
    pad = length - len(p)
    if pad > 0:
        cum += [cum[-1]] * pad
        mom += [mom[-1]] * pad
    return cum, mom


TINY = 1e-15  # outcomes less likely than this are left out of the sums (error below 1e-13)


def _support(p: Sequence[float]) -> list[tuple[int, float]]:
    return [(k, x) for k, x in enumerate(p) if x > TINY]


def odds_from_distributions(
    kind: BattleKind, unrest: bool, pa: Sequence[float], pd: Sequence[float], pp: Sequence[float]
) -> tuple[float, float, float, float, float]:
    """Exact (attacker, tie, defender, E attacker survivors, E defender survivors) for independent
    counts of attacker, defender and peasant cubes out of the tower (pmfs indexed by count)."""
    if kind is BattleKind.REVOLT:
        cp, mp = _prefix(pp)
        n = len(pp)
        win_d = surv_d = 0.0
        win_p = 0.0
        for d, w in _support(pd):
            k = min(d, n)
            win_d += w * cp[k]
            surv_d += w * (d * cp[k] - mp[k])
            win_p += w * (1.0 - cp[min(d + 1, n)])
        return win_p, max(0.0, 1.0 - win_d - win_p), win_d, 0.0, surv_d
    if kind is BattleKind.NEUTRAL:
        pd = [1.0]
    elif unrest:
        pp = [1.0]  # peasants do not side with the defender; they stay in the tray
    ca, ma = _prefix(pa, len(pd) + len(pp))  # padded: indices up to d + p + 1 are valid
    mean_a = ma[-1]
    win_a = surv_a = win_d = surv_d = 0.0
    support_p = _support(pp)
    for d, wd in _support(pd):
        for p, wp in support_p:
            w = wd * wp
            t = d + p
            tail = 1.0 - ca[t + 1]  # the attacker wins when a >= t + 1
            win_a += w * tail
            surv_a += w * ((mean_a - ma[t + 1]) - t * tail)
            if d > 0:
                # The defender wins when a <= t - 1, without own losses while a <= p.
                below_t, upto_p = ca[t], ca[p + 1]
                win_d += w * below_t
                surv_d += w * (d * upto_p + t * (below_t - upto_p) - (ma[t] - ma[p + 1]))
    return win_a, max(0.0, 1.0 - win_a - win_d), win_d, surv_a, surv_d


def _role_pmfs(
    model: TowerModel, thrown: Roles, inside: Roles, levels: tuple[Roles, Roles] | None
) -> tuple[list[float], list[float], list[float]] | None:
    """Per-role pmfs of cubes out, when the model makes every cube independent; else None."""
    names = ("attacker", "defender", "peasants")
    if isinstance(model, FittedTower):
        n = thrown.total()
        if levels is not None:
            up, low = levels
            f = model.fate(n, up.total(), low.total())
            return tuple(  # type: ignore[return-value]
                convolve(
                    convolve(
                        binomial_pmf(getattr(thrown, r), f.thrown), binomial_pmf(getattr(up, r), f.upper)
                    ),
                    binomial_pmf(getattr(low, r), f.lower),
                )
                for r in names
            )
        s = model.top_share
        total = inside.total()
        f = model.fate(n, s * total, (1.0 - s) * total)
        q = s * f.upper + (1.0 - s) * f.lower
        return tuple(  # type: ignore[return-value]
            convolve(binomial_pmf(getattr(thrown, r), f.thrown), binomial_pmf(getattr(inside, r), q))
            for r in names
        )
    if isinstance(model, SimpleTower) and levels is None:
        pt, pr = model.p_through, model.p_release
        return tuple(  # type: ignore[return-value]
            convolve(binomial_pmf(getattr(thrown, r), pt), binomial_pmf(getattr(inside, r), pr))
            for r in names
        )
    return None


def _content_for(model: TowerModel, inside: Roles, levels: tuple[Roles, Roles] | None, rng: Rng) -> Content:
    content = model.new_content()
    if model.name == "physical":
        raise TowerInputError(
            "the physical tower cannot be set up from cube counts (its content is cube positions); "
            "use the fitted model for odds",
            "der physikalische Turm lässt sich nicht aus Würfelzahlen aufbauen (sein Inhalt sind "
            "Würfellagen); für Chancen das angepasste Modell nehmen (--tower fitted)",
        )
    if len(content) != model.levels or any(len(row) != NCOLOURS for row in content):
        raise TowerInputError(
            f"tower model {model.name!r} cannot be set up from cube counts; use 'fitted'",
            f"das Turmmodell {model.name} lässt sich nicht aus Würfelzahlen aufbauen; 'fitted' nehmen",
        )
    if levels is not None:
        if model.levels != 2:
            raise TowerInputError(
                f"the {model.name} tower has not 2 levels: give its content with --inside",
                f"der Turm {model.name} hat nicht 2 Ebenen: seinen Inhalt mit --inside angeben",
            )
        return [levels[0].colours(), levels[1].colours()]
    if model.levels == 1:
        return [inside.colours()]
    share = float(getattr(model, "top_share", 0.5))
    top = [rng.binomial(n, share) for n in inside.colours()]
    rows = [top, [n - t for n, t in zip(inside.colours(), top, strict=True)]]
    rows += [[0] * NCOLOURS for _ in range(model.levels - 2)]
    return rows


def battle_odds(
    battle: Battle,
    model: TowerModel,
    inside: Roles | None = None,
    levels: tuple[Roles, Roles] | None = None,
    samples: int = 0,
    seed: int = 0,
    fallback_samples: int = 10_000,
) -> Odds:
    """Odds of ``battle`` with ``inside`` cubes in the tower (per role; or per level, ``levels``).

    Exact where the model allows it and ``samples`` is 0; otherwise ``samples`` Monte Carlo drops
    (``fallback_samples`` when 0 is given for a model that cannot be computed exactly).
    """
    if inside is not None and levels is not None:
        raise TowerInputError("give the tower content either in total (inside) or per level, not both")
    inside = inside or Roles()
    if levels is not None:
        inside = levels[0].plus(levels[1])
    thrown = battle.thrown()
    unrest = battle.unrest
    if samples == 0:
        pmfs = _role_pmfs(model, thrown, inside, levels)
        if pmfs is not None:
            pa, pd, pp = pmfs
            res = odds_from_distributions(battle.kind, unrest, pa, pd, pp)
            return Odds(*res, exact=True)
        samples = fallback_samples
    _count("samples", samples)
    if samples < 1:
        raise TowerInputError(
            "Monte Carlo odds need at least 1 sample", "Monte-Carlo-Chancen brauchen mindestens 1 Wurf"
        )
    rng = Rng(seed)
    colours = thrown.colours()
    a_col, d_col = ROLE_COLOURS["attacker"], ROLE_COLOURS["defender"]
    wins = [0, 0, 0]
    surv_a = surv_d = 0
    for _ in range(samples):
        content = _content_for(model, inside, levels, rng)
        out = model.drop(content, colours, rng)
        r = judge(battle.kind, out[a_col], out[d_col], out[PEASANT], unrest)
        wins[("attacker", "tie", "defender").index(r.verdict.value)] += 1
        surv_a += r.attacker_survivors
        surv_d += r.defender_survivors
    probs = [w / samples for w in wins]
    stderr = max(math.sqrt(p * (1.0 - p) / samples) for p in probs)
    return Odds(probs[0], probs[1], probs[2], surv_a / samples, surv_d / samples, False, stderr, samples)
