"""Decisions: who decides, the legal moves, checking a move by exact type, and playing it.

Decisions are small (one Caballero, one card, one region per move) so that a search bot can
branch on them. A decision with exactly one legal move is taken automatically (:func:`settle`).
The current decider's legal moves are kept in ``_legal_cache`` (rebuilt by :func:`play` and
:func:`settle`); the cache is never handed out, callers get a copy. Lists of legal moves may be
shared (the cache between clones, prebuilt lists between games): none is ever changed in place.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from feldherr.core.errors import (
    GameOverError,
    IllegalMoveError,
    MalformedMoveError,
    NotYourTurnError,
    WrongPhaseError,
    shown_json,
)
from feldherr.core.game import Move
from feldherr.elgrande import moves as mt
from feldherr.elgrande.moves import (
    Ability,
    Court,
    Disc,
    EndPlace,
    ModifierPass,
    NoAbility,
    NoSpecial,
    Place,
    Power,
    Recall,
    Special,
    Take,
    Veto,
)
from feldherr.elgrande.rules import effects as fx
from feldherr.elgrande.rules.common import disc_options
from feldherr.elgrande.rules.flow import (
    do_ability,
    do_court,
    do_disc,
    do_endplace,
    do_mpass,
    do_noability,
    do_nospecial,
    do_place,
    do_power,
    do_recall,
    do_special,
    do_take,
    do_veto,
    legal_act,
    legal_court,
    legal_mpass,
    legal_power,
    legal_recall,
    legal_take,
    run_on,
)
from feldherr.elgrande.rules.kinds import ARGS, notation
from feldherr.elgrande.state import (
    ABILITY,
    ACT,
    COURT,
    DISC,
    DISC_SCORING,
    DISC_UNIQUE,
    EFFECT,
    MODPASS,
    OVER,
    PHASE_NAMES,
    POWER,
    RECALL,
    TAKE,
    VETO,
    ElGrandeData,
)

PHASE_KINDS: dict[int, frozenset[str]] = {
    MODPASS: frozenset({"mpass"}),
    POWER: frozenset({"power"}),
    COURT: frozenset({"court"}),
    RECALL: frozenset({"recall"}),
    ABILITY: frozenset({"ability", "noability"}),
    TAKE: frozenset({"take"}),
    ACT: frozenset({"place", "endplace", "special", "nospecial"}),
    VETO: frozenset({"veto"}),
    EFFECT: fx.EFFECT_KINDS,
    DISC: frozenset({"disc"}),
    OVER: frozenset(),
}
ALL_KINDS = frozenset().union(*PHASE_KINDS.values())

RULES = {
    "power": "elgrande.power.distinct-value",
    "court": "elgrande.court.count",
    "recall": "elgrande.court.from-regions",
    "take": "elgrande.action-card.open",
    "place": "elgrande.place.king-neighbours",
    "endplace": "elgrande.action.whole",
    "special": "elgrande.action.whole",
    "nospecial": "elgrande.action.whole",
    "disc": "elgrande.disc.region",
    "mpass": "elgrande.machtverschiebung.pass",
}
"""The rule a refused move of each kind breaks (effects and the rest: ``elgrande.rules``)."""


def to_move(st: ElGrandeData) -> tuple[int, ...]:
    ph = st.phase
    if MODPASS < ph <= ACT:
        return (st.current,)
    if ph == EFFECT:
        return (st.effect_queue[0] if st.effect_queue else st.current,)
    if ph == VETO:
        return (st.veto_asking[0],)
    if ph == OVER:
        return ()
    return tuple(st.disc_waiting)


_ALL_DISCS: list[Move] = list(mt.DISC)


def legal_disc(st: ElGrandeData, seat: int) -> list[Move]:
    if st.disc_kind == DISC_SCORING or st.disc_kind == DISC_UNIQUE:
        return _ALL_DISCS  # any region (see disc_options)
    return [mt.DISC[r] for r in disc_options(st, seat)]


def disc_ok(st: ElGrandeData, seat: object, move: object) -> bool:
    """Whether ``seat`` may set its disc by ``move`` now, for a move of the prebuilt table only
    (what legal_moves hands out); anything else is for :func:`check` to judge. Called in the
    disc phase, which keeps no cache (the seats decide at the same time)."""
    if type(move) is not Disc or type(seat) is not int or seat not in st.disc_waiting:
        return False
    r = move[1]
    return 0 <= r < len(mt.DISC) and mt.DISC[r] is move and r in disc_options(st, seat)


def _legal_none(st: ElGrandeData, seat: int) -> list[Move]:
    return []


_VETO_MOVES: list[Move] = [mt.VETO_USE, mt.VETO_NOT]
_ABILITY_MOVES: list[Move] = [mt.ABILITY, mt.NO_ABILITY]


def _legal_veto(st: ElGrandeData, seat: int) -> list[Move]:
    return _VETO_MOVES


def _legal_ability(st: ElGrandeData, seat: int) -> list[Move]:
    return _ABILITY_MOVES


LEGAL: tuple[Callable[[ElGrandeData, int], list[Move]], ...] = (
    legal_mpass,  # MODPASS
    legal_power,  # POWER
    legal_court,  # COURT
    legal_recall,  # RECALL
    _legal_ability,  # ABILITY
    legal_take,  # TAKE
    legal_act,  # ACT
    _legal_veto,  # VETO
    fx.legal,  # EFFECT
    legal_disc,  # DISC
    _legal_none,  # OVER
)
"""The legal moves of the decider ``seat`` by phase. A list may be shared (prebuilt, or the
cache): never change one in place (``legal_moves`` hands out copies)."""
assert len(LEGAL) == OVER + 1


def legal(st: ElGrandeData, seat: int) -> list[Move]:
    """``seat``'s legal moves (``seat`` owes the decision; the list may be shared, see LEGAL)."""
    return LEGAL[st.phase](st, seat)


def cached_legal(st: ElGrandeData, seat: int) -> list[Move]:
    """``seat``'s legal moves, shared with the cache: do not change the list (``legal_moves``
    copies it)."""
    cache = st._legal_cache
    if cache is not None and st._legal_cache_seat == seat:
        return cache
    if seat not in to_move(st):
        return []
    lm = legal(st, seat)
    if st.phase != DISC and st.phase != MODPASS:
        st._legal_cache = lm
        st._legal_cache_seat = seat
    return lm


def check(st: ElGrandeData, seat: int, move: object) -> None:
    """Raise the RuleError that refuses ``move`` by ``seat``, if any (nothing is changed).

    Every argument must be an ``int`` by exact type (``2.0``, ``True`` are not ``2``, ``1``)."""
    if st.phase == OVER:
        raise GameOverError("the game is over", rule="elgrande.game-over")
    if not isinstance(move, tuple) or not move or type(move[0]) is not str:
        raise MalformedMoveError(
            f"not a move: {shown_json(move)}", rule="elgrande.move.format", move=shown_json(move)
        )
    kind = move[0]
    if kind not in ALL_KINDS:
        raise MalformedMoveError(
            f"unknown move kind {shown_json(kind)}", rule="elgrande.move.kind", kind=shown_json(kind)
        )
    types = ARGS[kind]
    if len(move) != 1 + len(types) or any(type(x) is not int for x in move[1:]):
        raise MalformedMoveError(
            f"{shown_json(kind)} takes {len(types)} whole-number argument(s): {shown_json(move)}",
            rule="elgrande.move.arity",
            kind=kind,
            count=len(types),
            move=shown_json(move),
        )
    if seat not in to_move(st):
        raise NotYourTurnError(f"seat {seat} has no decision now", rule="elgrande.turn-order", seat=seat)
    if kind not in PHASE_KINDS[st.phase]:
        phase = PHASE_NAMES[st.phase]
        raise WrongPhaseError(
            f"{shown_json(kind)} does not belong to the {phase} phase",
            rule=f"elgrande.phase.{phase}",
            kind=kind,
        )
    if move not in cached_legal(st, seat) and move not in legal(st, seat):
        raise IllegalMoveError(
            f"{notation(move)} is not allowed now",
            rule=RULES.get(kind, "elgrande.rules"),
            move=notation(move),
        )


HANDLERS: dict[type[Any], Callable[[ElGrandeData, int, Any], None]] = {
    Power: do_power,
    Court: do_court,
    Recall: do_recall,
    Ability: do_ability,
    NoAbility: do_noability,
    Take: do_take,
    Place: do_place,
    EndPlace: do_endplace,
    Special: do_special,
    NoSpecial: do_nospecial,
    Veto: do_veto,
    Disc: do_disc,
    ModifierPass: do_mpass,
    **{t: fx.apply for t in (mt.TYPES[kind] for kind in fx.EFFECT_KINDS)},
}
"""What plays each move type (each type belongs to one phase, see PHASE_KINDS; the check keeps
a move of another phase's kind out)."""


def play(st: ElGrandeData, seat: int, move: Any) -> None:
    """Play a checked typed move, run the game on to the next decision and settle there (one
    loop: a forced move is played the same way)."""
    while True:
        HANDLERS[type(move)](st, seat, move)
        if st.effect_finished or st.phase == DISC:
            run_on(st)
        forced = _forced_or_cache(st)
        if forced is None:
            return
        seat, move = forced


def settle(st: ElGrandeData) -> None:
    """Take forced single-choice decisions and refresh the legal-move cache."""
    forced = _forced_or_cache(st)
    if forced is not None:
        play(st, *forced)


def _forced_or_cache(st: ElGrandeData) -> tuple[int, Move] | None:
    """At the next decision: its seat and move if only one move is legal; else ``None``, with the
    legal-move cache set (cleared in the simultaneous phases, which are never auto-played: a
    driver may hold the seat tuple)."""
    ph = st.phase
    if MODPASS < ph <= ACT:
        seat = st.current
    elif ph == EFFECT:
        seat = st.effect_queue[0] if st.effect_queue else st.current
    elif ph == VETO:
        seat = st.veto_asking[0]
    else:
        st._legal_cache = None
        return None
    lm = LEGAL[ph](st, seat)
    if len(lm) == 1:
        return seat, lm[0]
    st._legal_cache = lm
    st._legal_cache_seat = seat
    return None
