"""Judging a battle from the cubes that came out of the tower (rulebook p. 11, "Combat result").

Pure functions, shared by the engine and by the battle-odds calculator. Only the cubes of the two
parties count; cubes of uninvolved colours stay in the tray for the next battle.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from enum import StrEnum


class BattleKind(StrEnum):
    ATTACK = "attack"  # player against another player's county
    NEUTRAL = "neutral"  # player against a county without armies (defended by peasants)
    REVOLT = "revolt"  # peasants rise against a player's county


class Verdict(StrEnum):
    ATTACKER = "attacker"  # attacker (peasants, in a revolt) wins
    DEFENDER = "defender"  # defender (the player, in a revolt) wins
    TIE = "tie"


@dataclass(frozen=True)
class BattleResult:
    verdict: Verdict
    attacker_survivors: int  # attacking armies to place in the county (0 unless the attacker won)
    defender_survivors: int  # defending armies that go back into the county (0 unless it held)
    peasants_involved: bool  # whether the green cubes in the tray took part (else they stay)


@functools.lru_cache(maxsize=1 << 14, typed=True)  # pure, of a few small numbers; results are frozen
def judge(kind: BattleKind, attacker: int, defender: int, peasants: int, unrest: bool) -> BattleResult:
    """The verdict for the cubes of each party in the tray after the drop.

    ``attacker``/``defender``: cubes of the attacking/defending player's colour in the tray (in a
    revolt, ``attacker`` is ignored and ``defender`` is the player). ``peasants``: green cubes in the
    tray. ``unrest``: the defending county holds revolt markers (then peasants do not side with the
    defender in an attack and stay in the tray).
    """
    if kind is BattleKind.REVOLT:
        if defender > peasants:
            return BattleResult(Verdict.DEFENDER, 0, defender - peasants, True)
        verdict = Verdict.ATTACKER if peasants > defender else Verdict.TIE
        return BattleResult(verdict, 0, 0, True)

    # "If no revolt markers are in the defending county, any peasants' armies in the tray are allied
    # with the defender." A neutral county never holds revolt markers.
    allied = peasants if (kind is BattleKind.NEUTRAL or not unrest) else 0
    own = 0 if kind is BattleKind.NEUTRAL else defender
    total_defence = own + allied
    if attacker > total_defence:
        return BattleResult(
            Verdict.ATTACKER, attacker - total_defence, 0, allied > 0 or kind is BattleKind.NEUTRAL
        )
    if total_defence > attacker and own > 0:
        # Losses equal to the loser's cubes; "peasants' armies will be removed first".
        own_losses = max(0, attacker - allied)
        return BattleResult(Verdict.DEFENDER, 0, own - own_losses, allied > 0)
    # An equal count, or a defence won only by peasants ("considered a tie").
    return BattleResult(Verdict.TIE, 0, 0, allied > 0 or kind is BattleKind.NEUTRAL)
