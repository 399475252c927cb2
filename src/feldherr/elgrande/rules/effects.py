"""The special actions of the action cards: one interpreter for the effect vocabulary.

A card's ``effect`` (in ``data/cards.json``) is a dict whose ``op`` names one of the operations
below; the other keys are its parameters. The same vocabulary serves the abilities of the
*Machtverschiebung* modifiers.

=================  =====================================================================
op                 meaning (parameters)
=================  =====================================================================
move               move Caballeros region -> region/Castillo, one at a time; caps ``own``,
                   ``foreign``, ``any``; ``one_source``: all from one region
place_free         place up to ``count`` from the court into any region (``castillo``: also
                   the Castillo); never the King's region
choice             do one of ``options`` (each an effect)
return_court       every other player sends ``count`` (0 = all) from the court to the province
return_mixed       every other player, from your left, returns ``count`` own Caballeros from
                   regions and/or court (each chooses)
disc_return        players (``who``: all/others) pick by secret disc a region where they have
                   at least ``min``; each returns ``amount`` (0 = all) from it
send_back_each     you send one Caballero of each other colour from a region to the province
score              special scoring, ``mode``: top (``values``), choose (``castillo``),
                   first_only, most, fewest, disc_unique
castillo_score     score the Castillo; its contents stay inside
umsturz            you pick a region; the others move all theirs out by secret disc
scoreboard         put a mobile scoreboard on a free region/Castillo or move one
king               move the King, ``mode``: any, adjacent, exil, gefolge (``escort``),
                   landsitz, revolte
grande             move your Grande to another region
grande_castillo    throw your Grande into the Castillo
power_back         take back the power card just played or one from your discard pile
court_gain         take ``count`` Caballeros from the province to the court
veto               keep a Veto for this and the next round
smuggle            this turn you may also place into the King's region
swap               swap the King and your Grande (both must stand in regions)
=================  =====================================================================
"""

from __future__ import annotations

from itertools import compress
from typing import Any

from feldherr.core.game import Move
from feldherr.elgrande import data as D
from feldherr.elgrande import moves as mt
from feldherr.elgrande.moves import (
    AT_COURT,
    EndFreePlace,
    EndMove,
    King,
    ModifierBack,
    MoveFrom,
    PowerBack,
    Send,
)
from feldherr.elgrande.rules.common import log_to_area, others, recallable, start_disc, takeable
from feldherr.elgrande.rules.scoring import area_totals, points_of, score_area, targets_by_mode
from feldherr.elgrande.state import (
    DISC_RETURN,
    DISC_UMSTURZ,
    DISC_UNIQUE,
    EFFECT,
    RECALL,
    ElGrandeData,
)

Effect = dict[str, Any]

EFFECT_KINDS = frozenset(
    {
        "choose",
        "from",
        "to",
        "endmove",
        "fplace",
        "endfplace",
        "ret",
        "send",
        "skip",
        "pick",
        "board",
        "king",
        "escort",
        "grande",
        "pb",
        "pbm",
    }
)

A = D.AREAS
NREG = D.NREG
CAST = D.CASTILLO


def current(st: ElGrandeData) -> Effect:
    kind, idx, opt = st.effect_source
    eff = D.CARD_EFFECT[idx] if kind == 0 else D.MODIFIER_ABILITY[idx]
    assert eff is not None
    if opt >= 0:
        sub: Effect = eff["options"][opt]
        return sub
    return eff


# ---------------------------------------------------------------------------- start / finish
CONDITIONAL_OPS = frozenset(
    {"move", "place_free", "choice", "scoreboard", "king", "grande", "grande_castillo", "swap", "power_back"}
)
"""The operations that :func:`can_start` may refuse (every other one can always start)."""


def can_start(st: ElGrandeData, eff: Effect) -> bool:
    op = eff["op"]
    p = st.current
    k = st.king
    if op == "move":
        return _has_move_source(st, p, eff.get("own", 0), eff.get("foreign", 0), eff.get("any", 0), -1)
    if op == "place_free":
        return st.court[p] > 0
    if op == "choice":
        return any(can_start(st, o) for o in eff["options"])
    if op == "scoreboard":
        # a board in the King's region stays; the other finds one of 10 areas (3 at most taken)
        return st.scoreboards[0] != k or st.scoreboards[1] != k
    if op == "king":
        mode = eff["mode"]
        return mode == "any" or mode == "gefolge" or bool(_king_dests(st, mode))  # any: 8 regions
    if op == "grande":
        g = st.grande[p]
        return g != k and g != CAST
    if op == "grande_castillo":
        g = st.grande[p]
        return g != k and g != CAST and k != CAST
    if op == "swap":
        g = st.grande[p]
        return k < NREG and g < NREG and g != k
    if op == "power_back":  # in play always the card just played; a table written by hand may lack it
        return any(_power_back_pool(st, p))
    return True


def _power_back_pool(st: ElGrandeData, p: int) -> tuple[int, int]:
    """What Ermächtigung can take back (bit masks): the power card just played unless it is back in
    the hand, or one from the discard pile; with Machtverschiebung the same of the modifiers."""
    played = st.power_played[p]
    pool = st.power_discard[p] | ((1 << played) if not st.power_hand[p] >> played & 1 else 0)
    mpool = 0
    if st.machtverschiebung:
        m = st.modifier_played[p]
        mpool = st.modifier_discard[p] | ((1 << m) if m >= 0 and not st.modifier_hand[p] >> m & 1 else 0)
    return pool & ((1 << 14) - 2), mpool


def start(st: ElGrandeData, eff: Effect, src_kind: int, src_idx: int, opt: int) -> None:
    st.effect_source = [src_kind, src_idx, opt]
    st.effect_queue = []
    st.effect_args = []
    op = eff["op"]
    p = st.current
    if op == "move":
        st.effect_args = [
            eff.get("own", 0),
            eff.get("foreign", 0),
            eff.get("any", 0),
            int(eff.get("one_source", False)),
            -1,
            -1,
            -1,
        ]
        st.phase = EFFECT
    elif op == "place_free":
        st.effect_args = [eff["count"], int(eff.get("castillo", False))]
        st.phase = EFFECT
    elif op == "choice":
        st.phase = EFFECT
    elif op == "return_court":
        for q in others(st, p):
            k = st.court[q] if eff["count"] == 0 else min(eff["count"], st.court[q])
            st.court[q] -= k
            st.province[q] += k
            if k:
                st.log.append({"k": "returned", "a": {"p": q, "n": k, "r": "at_court"}, "to": None})
        finish(st)
    elif op == "return_mixed":
        st.effect_queue = others(st, p)
        st.effect_args = [eff["count"], eff["count"]]
        _next_returner(st)
    elif op == "disc_return":
        seats = list(range(st.num_players)) if eff["who"] == "all" else others(st, p)
        st.effect_args = [eff["min"], eff["amount"]]
        start_disc(st, DISC_RETURN, seats)
    elif op == "send_back_each":
        st.effect_args = [c for c in range(st.colours) if c != p]
        _next_send(st)
    elif op == "score":
        mode = eff["mode"]
        if mode == "choose":
            st.effect_args = [int(eff.get("castillo", False))]
            st.phase = EFFECT
        elif mode == "disc_unique":
            start_disc(st, DISC_UNIQUE, list(range(st.num_players)))
        else:
            for r in score_targets(st, eff):
                score_area(st, r, first_only=mode == "first_only")
            finish(st)
    elif op == "castillo_score":
        score_area(st, CAST)
        finish(st)
    elif op in ("umsturz", "scoreboard", "grande", "power_back"):
        st.effect_args = [-1]
        st.phase = EFFECT
    elif op == "king":
        mode = eff["mode"]
        if mode == "revolte":
            _move_king(st, CAST)
            finish(st)
        else:
            st.effect_args = [-1, 0]
            st.phase = EFFECT
    elif op == "grande_castillo":
        st.grande[p] = CAST
        st.log.append({"k": "grande_moved", "a": {"p": p, "r": "Castillo"}, "to": None})
        finish(st)
    elif op == "court_gain":
        want = eff["count"]
        take = min(want, st.province[p])
        st.province[p] -= take
        st.court[p] += take
        st.log.append({"k": "to_court", "a": {"p": p, "n": take}, "to": None})
        if take < want and recallable(st, p):
            st.recall_left = want - take
            st.phase = RECALL
        else:
            finish(st)
    elif op == "veto":
        st.vetos[p].append(st.round_index)  # a second Veto is kept beside the first
        st.log.append({"k": "veto_kept", "a": {"p": p}, "to": None})
        finish(st)
    elif op == "smuggle":
        st.smuggle = 1
        finish(st)
    elif op == "swap":
        g = st.grande[p]
        st.grande[p] = st.king
        st.king = g
        st.log.append({"k": "swap", "a": {"p": p, "king": D.AREA_NAMES[g]}, "to": None})
        finish(st)
    else:  # pragma: no cover - data error
        raise ValueError(f"unknown effect op {op!r}")


def finish(st: ElGrandeData) -> None:
    kind = st.effect_source[0]
    st.effect_source = [-1, -1, -1]
    st.effect_args = []
    st.effect_queue = []
    st.effect_finished = 2 if kind == 1 else 1  # the flow takes over (rules.flow.run_on)


# ---------------------------------------------------------------------------- legal moves
def legal(st: ElGrandeData, seat: int) -> list[Move]:
    eff = current(st)
    op = eff["op"]
    p = st.current
    f = st.effect_args
    k = st.king
    if op == "move":
        if f[5] >= 0:
            return _MOVE_TO[f[6]][k]
        return _move_from_moves(st, p, f[0], f[1], f[2], f[4] if f[3] else -1)
    if op == "place_free":
        out: list[Move] = [mt.FREE_PLACE[r] for r in range(NREG) if r != k]
        if f[1] and k != CAST:
            out.append(mt.FREE_PLACE[CAST])
        out.append(mt.END_FREE_PLACE)
        return out
    if op == "choice":
        return [mt.CHOOSE[i] for i, o in enumerate(eff["options"]) if can_start(st, o)]
    if op == "return_mixed":
        q = st.effect_queue[0]
        out = list(compress(mt.RETURN, takeable(st, q)))
        if st.court[q]:
            out.append(mt.RETURN_FROM_COURT)
        return out
    if op == "send_back_each":
        c = f[0]
        return [*compress(mt.SEND[c], takeable(st, c)), mt.SKIP]
    if op == "score":
        out = [mt.PICK[r] for r in range(NREG)]
        if f[0]:
            out.append(mt.PICK[CAST])
        return out
    if op == "umsturz":
        return [mt.PICK[r] for r in range(NREG) if r != k]
    if op == "scoreboard":
        return _board_moves(st)
    if op == "king":
        if f[1] == 0:
            mode = eff["mode"]
            if mode == "any" or mode == "gefolge":
                return _KING_ANYWHERE[k]
            return [mt.KING[a] for a in _king_dests(st, mode)]
        old = f[0]
        return [mt.ESCORT[c] for c in range(st.colours) if st.caballeros[c * A + old]]
    if op == "grande":
        g = st.grande[p]
        return [mt.GRANDE[r] for r in range(NREG) if r != k and r != g]
    if op == "power_back":
        pool, mpool = _power_back_pool(st, p)
        out = [mt.POWER_BACK[v] for v in range(1, 14) if pool >> v & 1]
        out.extend(mt.MODIFIER_BACK[i] for i in range(len(D.MODIFIER_VALUES)) if mpool >> i & 1)
        return out
    return []


_MOVE_TO: list[list[list[Move]]] = [
    [
        [
            *(mt.MOVE_TO[a] for a in range(NREG) if a != src and a != k),
            *((mt.MOVE_TO[CAST],) if k != CAST else ()),
        ]
        for k in range(D.PORTUGAL + 1)
    ]
    for src in range(NREG)
]
"""``_MOVE_TO[src][k]``: where a Caballero picked up in region ``src`` may go with the King in
``k`` (any other region but the King's, and the Castillo). Shared lists: never changed in place."""
_KING_ANYWHERE: list[list[Move]] = [
    [mt.KING[r] for r in range(NREG) if r != k] for k in range(D.PORTUGAL + 1)
]
"""``_KING_ANYWHERE[k]``: the King from ``k`` to any other region (modes any, gefolge)."""


def _move_from_moves(st: ElGrandeData, p: int, own: int, foreign: int, anyc: int, only: int) -> list[Move]:
    """The Caballeros that may be picked up (``only``: from that region alone), then the end."""
    out: list[Move] = []
    for c in range(st.colours):
        if c == p:
            if own <= 0 and anyc <= 0:
                continue
        elif foreign <= 0 and anyc <= 0:
            continue
        counts = takeable(st, c)
        if only < 0:
            out += compress(mt.MOVE_FROM[c], counts)
        elif counts[only]:
            out.append(mt.MOVE_FROM[c][only])
    out.append(mt.END_MOVE)
    return out


def _has_move_source(st: ElGrandeData, p: int, own: int, foreign: int, anyc: int, only: int) -> bool:
    """Whether a Caballero may be picked up (see :func:`_move_from_moves`)."""
    for c in range(st.colours):
        if c == p:
            if own <= 0 and anyc <= 0:
                continue
        elif foreign <= 0 and anyc <= 0:
            continue
        counts = takeable(st, c)
        if counts[only] if only >= 0 else any(counts):
            return True
    return False


def _board_moves(st: ElGrandeData) -> list[Move]:
    k = st.king  # an area index (>= 0), so a board off the board (-1) is never in the King's
    boards = st.scoreboards
    out: list[Move] = []
    for b in (0, 1):
        pos = boards[b]
        if pos == k:
            continue  # nothing may be taken out of the King's region
        other = boards[1 - b]
        row = mt.BOARD[b]
        out += [row[a] for a in range(NREG + 1) if a != k and a != pos and a != other]
    return out


def _king_dests(st: ElGrandeData, mode: str) -> list[int]:
    k = st.king
    if mode == "any" or mode == "gefolge":
        return [r for r in range(NREG) if r != k]
    if mode == "adjacent":
        return [r for r in D.NEIGHBOURS[k] if r != k]
    if mode == "exil":
        return [r for r in (*range(NREG), D.FRANCE, D.PORTUGAL) if r != k]
    if mode == "landsitz":
        totals = [sum(st.caballeros[c * A + r] for c in range(st.colours)) for r in range(NREG)]
        nonzero = [t for t in totals if t > 0]
        if not nonzero:
            return []
        low = min(nonzero)
        return [r for r in range(NREG) if totals[r] == low and r != k]
    if mode == "revolte":
        return [CAST] if k != CAST else []
    raise ValueError(mode)


def score_targets(st: ElGrandeData, eff: Effect) -> list[int]:
    """The regions a special scoring card scores now."""
    mode = eff["mode"]
    if mode == "first_only":
        return list(range(NREG))
    if mode == "top":
        points = [points_of(st, r)[0] for r in range(NREG)]
        return targets_by_mode(mode, eff["values"], points, ())
    return targets_by_mode(mode, (), (), area_totals(st))


# ---------------------------------------------------------------------------- apply
def apply(st: ElGrandeData, seat: int, move: Any) -> None:
    """Play the checked typed ``move`` of the current effect."""
    eff = current(st)
    op = eff["op"]
    p = st.current
    f = st.effect_args
    if op == "move":
        if isinstance(move, EndMove):
            finish(st)
        elif isinstance(move, MoveFrom):
            f[5], f[6] = move.colour, move.region
            if f[3]:
                f[4] = move.region
        else:
            c, src, dst = f[5], f[6], move.area
            if c == p:
                if f[0] > 0:
                    f[0] -= 1
                else:
                    f[2] -= 1
            elif f[1] > 0:
                f[1] -= 1
            else:
                f[2] -= 1
            st.caballeros[c * A + src] -= 1
            st.caballeros[c * A + dst] += 1
            f[5] = f[6] = -1
            _log_move(st, p, c, src, dst)
            if not _has_move_source(st, p, f[0], f[1], f[2], f[4] if f[3] else -1):
                finish(st)
    elif op == "place_free":
        if isinstance(move, EndFreePlace):
            finish(st)
            return
        a = move.area
        st.court[p] -= 1
        st.caballeros[p * A + a] += 1
        f[0] -= 1
        log_to_area(st, "place", p, a)
        if f[0] == 0 or st.court[p] == 0:
            finish(st)
    elif op == "choice":
        sub = eff["options"][move.option]
        start(st, sub, st.effect_source[0], st.effect_source[1], move.option)
    elif op == "return_mixed":
        q = st.effect_queue[0]
        a = move.region
        if a == AT_COURT:
            st.court[q] -= 1
        else:
            st.caballeros[q * A + a] -= 1
        st.province[q] += 1
        st.log.append(
            {
                "k": "returned",
                "a": {"p": q, "n": 1, "r": "at_court" if a == AT_COURT else D.AREA_NAMES[a]},
                "to": None,
            }
        )
        f[0] -= 1
        if f[0] == 0:
            st.effect_queue.pop(0)
            f[0] = f[1]
        _next_returner(st)
    elif op == "send_back_each":
        c = f.pop(0)
        if isinstance(move, Send):
            st.caballeros[c * A + move.region] -= 1
            st.province[c] += 1
            st.log.append(
                {"k": "returned", "a": {"p": c, "n": 1, "r": D.AREA_NAMES[move.region]}, "to": None}
            )
        _next_send(st)
    elif op == "score":
        a = move.area
        score_area(st, a)
        finish(st)
    elif op == "umsturz":
        r = move.area
        f[0] = r
        st.log.append({"k": "umsturz", "a": {"p": p, "r": D.AREA_NAMES[r]}, "to": None})
        seats = [q for q in others(st, p) if st.caballeros[q * A + r]]
        start_disc(st, DISC_UMSTURZ, seats)
    elif op == "scoreboard":
        b, a = move.board, move.area
        st.scoreboards[b] = a
        st.log.append({"k": "board", "a": {"p": p, "b": b, "r": D.AREA_NAMES[a]}, "to": None})
        finish(st)
    elif op == "king":
        if isinstance(move, King):
            old = st.king
            _move_king(st, move.area)
            if eff["mode"] == "gefolge" and old < NREG:
                total = sum(st.caballeros[c * A + old] for c in range(st.colours))
                if total:
                    f[0] = old
                    f[1] = min(eff.get("escort", 2), total)
                    return
            finish(st)
        else:
            c, old = move.colour, f[0]
            st.caballeros[c * A + old] -= 1
            st.caballeros[c * A + st.king] += 1
            _log_move(st, p, c, old, st.king)
            f[1] -= 1
            if f[1] == 0:
                finish(st)
    elif op == "grande":
        st.grande[p] = move.region
        st.log.append({"k": "grande_moved", "a": {"p": p, "r": D.AREA_NAMES[move.region]}, "to": None})
        finish(st)
    elif op == "power_back":
        if isinstance(move, PowerBack):
            v = move.value
            st.power_discard[p] &= ~(1 << v)
            st.power_hand[p] |= 1 << v
        else:
            v = m = move.modifier
            st.modifier_discard[p] &= ~(1 << m)
            st.modifier_hand[p] |= 1 << m
        st.log.append({"k": "power_back", "a": {"p": p}, "to": None})
        st.log.append(
            {
                "k": "power_back_own",
                "a": {"p": p, "v": v, "mod": int(isinstance(move, ModifierBack))},
                "to": p,
            }
        )
        finish(st)


def _log_move(st: ElGrandeData, p: int, c: int, src: int, dst: int) -> None:
    if dst == CAST and st.hidden_castillo:
        st.log.append(
            {"k": "moved", "a": {"p": p, "c": c, "from": D.AREA_NAMES[src], "r": "Castillo"}, "to": p}
        )
        st.log.append({"k": "moved_hidden", "a": {"p": p, "c": c, "from": D.AREA_NAMES[src]}, "to": None})
    else:
        st.log.append(
            {
                "k": "moved",
                "a": {"p": p, "c": c, "from": D.AREA_NAMES[src], "r": D.AREA_NAMES[dst]},
                "to": None,
            }
        )


def _move_king(st: ElGrandeData, a: int) -> None:
    st.king = a
    st.log.append({"k": "king", "a": {"p": st.current, "r": D.AREA_NAMES[a]}, "to": None})


def _next_returner(st: ElGrandeData) -> None:
    k = st.king
    while st.effect_queue:
        q = st.effect_queue[0]
        base = q * A
        avail = st.court[q] + sum(takeable(st, q))
        need = st.effect_args[0]
        if avail > need:
            st.phase = EFFECT
            return
        # not enough (or exactly enough): everything goes back, no choice to make
        for r in range(NREG):
            if r != k and st.caballeros[base + r]:
                st.province[q] += st.caballeros[base + r]
                st.caballeros[base + r] = 0
        st.province[q] += st.court[q]
        st.court[q] = 0
        if avail:
            st.log.append({"k": "returned", "a": {"p": q, "n": avail, "r": "all_places"}, "to": None})
        st.effect_queue.pop(0)
        st.effect_args[0] = st.effect_args[1]
    finish(st)


def _next_send(st: ElGrandeData) -> None:
    f = st.effect_args
    while f:
        if any(takeable(st, f[0])):
            st.phase = EFFECT
            return
        f.pop(0)
    finish(st)


# ---------------------------------------------------------------------------- secret discs
def resolve_disc(st: ElGrandeData) -> None:
    kind = st.disc_kind
    for p in range(st.num_players):
        if st.discs[p] >= 0:
            st.log.append(
                {"k": "disc_reveal", "a": {"p": p, "r": D.AREA_NAMES[st.discs[p]], "n": -1}, "to": None}
            )
    if kind == DISC_RETURN:
        amount = st.effect_args[1]
        for p in range(st.num_players):
            r = st.discs[p]
            if r < 0:
                continue
            i = p * A + r
            k = st.caballeros[i] if amount == 0 else min(amount, st.caballeros[i])
            st.caballeros[i] -= k
            st.province[p] += k
            st.log.append({"k": "returned", "a": {"p": p, "n": k, "r": D.AREA_NAMES[r]}, "to": None})
    elif kind == DISC_UMSTURZ:
        src = st.effect_args[0]
        for p in range(st.num_players):
            d = st.discs[p]
            if d < 0:
                continue
            k = st.caballeros[p * A + src]
            st.caballeros[p * A + src] = 0
            st.caballeros[p * A + d] += k
            st.log.append(
                {
                    "k": "moved_all",
                    "a": {"p": p, "n": k, "from": D.AREA_NAMES[src], "r": D.AREA_NAMES[d]},
                    "to": None,
                }
            )
    else:  # disc_unique special scoring
        chosen = [st.discs[p] for p in range(st.num_players) if st.discs[p] >= 0]
        for r in range(NREG):
            if chosen.count(r) == 1:
                score_area(st, r)
    st.discs = [-1] * st.colours
    finish(st)
