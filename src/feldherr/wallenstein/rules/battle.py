"""Battles through the cube tower (rulebook "Combat rules").

Every battle drops the engaged cubes together with everything lying in the tray; the cubes that come
out form the new tray. The two parties' cubes are judged by :func:`combat.judge`; the cubes of
uninvolved colours stay in the tray for the next battle.
"""

from __future__ import annotations

from feldherr.wallenstein.data import ATTACK_PLUS1, BUILD_BIT, DEFEND_PLUS1, NAMES, PALACE
from feldherr.wallenstein.rules.board import bonus_tile, event_effect, hand_over, log, neutralise
from feldherr.wallenstein.rules.combat import BattleKind, BattleResult, Verdict, judge
from feldherr.wallenstein.state import WallensteinState
from feldherr.wallenstein.tower.model import NCOLOURS, PEASANT

PALACE_BIT = BUILD_BIT[PALACE]
# The members as plain module names: reading a member off its enum class costs an attribute lookup
# through the class on every battle.
ATTACK, NEUTRAL, REVOLT = BattleKind.ATTACK, BattleKind.NEUTRAL, BattleKind.REVOLT
ATTACKER, DEFENDER = Verdict.ATTACKER, Verdict.DEFENDER


def _drop(st: WallensteinState, thrown: list[int]) -> list[int]:
    """Drop ``thrown`` plus the whole tray; the tray becomes what falls out."""
    tray = st.tray
    for c in range(NCOLOURS):
        thrown[c] += tray[c]
    out = st.tower.drop(thrown, st.rng)
    st.tray = out
    return out


def _take_peasants(st: WallensteinState, wanted: int) -> int:
    """Peasants come from the common supply of 20 green cubes; no more than it holds."""
    n = min(wanted, st.peasant_supply)
    st.peasant_supply -= n
    return n


def _extra_cube(st: WallensteinState, seat: int) -> int:
    """One more army from the personal supply (bonus tile, palace event), if there is one."""
    if st.supply[seat] > 0:
        st.supply[seat] -= 1
        return 1
    return 0


def _settle(st: WallensteinState, seat: int, keep: int) -> None:
    """The seat's cubes leave the tray: ``keep`` of them go to the board, the rest to its supply."""
    st.supply[seat] += st.tray[seat] - keep
    st.tray[seat] = 0


def _release_peasants(st: WallensteinState) -> None:
    """Peasants are never placed in a county; involved ones go back to the common supply."""
    st.peasant_supply += st.tray[PEASANT]
    st.tray[PEASANT] = 0


def attack(st: WallensteinState, seat: int, src: int, dst: int, n: int) -> BattleResult:
    """``seat`` moves ``n`` armies from ``src`` into ``dst``, held by another player or by nobody."""
    thrown = [0] * NCOLOURS
    st.armies[src] -= n
    thrown[seat] = n
    plus: list[dict[str, object]] = []  # what a bonus tile or the event threw in besides (the log)
    if bonus_tile(st, seat) == ATTACK_PLUS1 and _extra_cube(st, seat):
        thrown[seat] += 1
        plus.append({"p": seat, "by": "tile", "tile": "attack_plus1", "n": 1})
    defender = st.owner[dst]
    effect = event_effect(st)
    if defender < 0:
        kind = NEUTRAL
        thrown[PEASANT] = _take_peasants(st, 2 if effect == "neutral_two_peasants" else 1)
    else:
        kind = ATTACK
        thrown[defender] = st.armies[dst]
        st.armies[dst] = 0
        if bonus_tile(st, defender) == DEFEND_PLUS1 and _extra_cube(st, defender):
            thrown[defender] += 1
            plus.append({"p": defender, "by": "tile", "tile": "defend_plus1", "n": 1})
        if effect == "palace_defender_plus1" and st.buildings[dst] & PALACE_BIT and _extra_cube(st, defender):
            thrown[defender] += 1
            plus.append({"p": defender, "by": "palace", "n": 1})
    thrown_log, tray_log = thrown[:], st.tray[:]
    out = _drop(st, thrown)
    own_defence = out[defender] if defender >= 0 else 0
    result = judge(kind, out[seat], own_defence, out[PEASANT], st.unrest[dst] > 0)
    args: dict[str, object] = {
        "p": seat,
        "d": defender,
        "src": NAMES[src],
        "county": NAMES[dst],
        "thrown": thrown_log,
        "tray": tray_log,
        "out": out[:],
        "verdict": str(result.verdict),
    }
    if plus:
        args["plus"] = plus
    st._events.append(("battle", args, None))
    _settle(st, seat, result.attacker_survivors)
    if defender >= 0:
        _settle(st, defender, result.defender_survivors)
    if result.peasants_involved:
        _release_peasants(st)
    if result.verdict is ATTACKER:
        hand_over(st, dst, seat, result.attacker_survivors)
        st._events.append(
            ("conquered", {"p": seat, "county": NAMES[dst], "armies": result.attacker_survivors}, None)
        )
    elif result.verdict is DEFENDER:
        st.armies[dst] = result.defender_survivors
        st._events.append(
            ("held", {"p": defender, "county": NAMES[dst], "armies": result.defender_survivors}, None)
        )
    elif defender >= 0:
        neutralise(st, dst)
        log(st, "tie_neutral", county=NAMES[dst])
    else:
        log(st, "repelled", p=seat, county=NAMES[dst])
    return result


def revolt(st: WallensteinState, seat: int, county: int, peasants: int) -> bool:
    """Peasants rise in ``seat``'s county; True if the player keeps it."""
    thrown = [0] * NCOLOURS
    thrown[seat] = st.armies[county]
    st.armies[county] = 0
    thrown[PEASANT] = _take_peasants(st, peasants)
    thrown_log, tray_log = thrown[:], st.tray[:]
    out = _drop(st, thrown)
    result = judge(REVOLT, 0, out[seat], out[PEASANT], True)
    st._events.append(
        (
            "revolt",
            {
                "p": seat,
                "county": NAMES[county],
                "thrown": thrown_log,
                "tray": tray_log,
                "out": out[:],
                "verdict": str(result.verdict),
            },
            None,
        )
    )
    _settle(st, seat, result.defender_survivors)
    _release_peasants(st)
    if result.verdict is DEFENDER:
        st.armies[county] = result.defender_survivors
        st._events.append(
            (
                "revolt_subdued",
                {"p": seat, "county": NAMES[county], "armies": result.defender_survivors},
                None,
            )
        )
        return True
    neutralise(st, county)
    st._events.append(("revolt_won", {"p": seat, "county": NAMES[county]}, None))
    return False
