"""The round structure: action cards, power cards, the court, turns, end of round and the general
scoring (rulebook "Spielablauf", phases 1-5), and the Machtverschiebung pass.

Every function takes the state and changes it; the effect interpreter
(:mod:`feldherr.elgrande.rules.effects`) hands control back through ``effect_finished`` and a
disc phase with nobody left to ask, which :func:`run_on` picks up after every step. So the effect
interpreter never calls into the flow, and neither module imports the other in a circle.
"""

from __future__ import annotations

from itertools import compress

from feldherr.core.game import Move
from feldherr.elgrande import data as D
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
from feldherr.elgrande.rules.common import (
    ANNOUNCE_LOG,
    COURT_LOG,
    PLACE_LOG,
    PLACE_TARGETS,
    POWER_LOG,
    TAKE_LOG,
    log_to_area,
    recallable,
    start_disc,
    takeable,
)
from feldherr.elgrande.rules.scoring import score_area
from feldherr.elgrande.state import (
    ABILITY,
    ACT,
    COURT,
    DISC,
    DISC_SCORING,
    DONE,
    NOT_STARTED,
    OVER,
    POWER,
    RECALL,
    ROUNDS_FULL,
    ROUNDS_SHORT,
    SCORING_ROUNDS,
    STARTED,
    TAKE,
    VETO,
    ElGrandeData,
)

POWER_MOVES = mt.POWER
ENDPLACE = mt.END_PLACE
PLACE_MOVES: list[list[Move]] = [[mt.PLACE[a] for a in t] for t in PLACE_TARGETS]
SPECIAL = mt.SPECIAL
NOSPECIAL = mt.NO_SPECIAL


def run_on(st: ElGrandeData) -> None:
    """Continue after the effect interpreter finished an effect or left discs to resolve."""
    while True:
        done = st.effect_finished
        if done:
            st.effect_finished = 0
            if done == 2:
                begin_take(st)  # a modifier's ability came before taking a card
            else:
                special_done(st)
        elif st.phase == DISC and not st.disc_waiting:
            if st.disc_kind == DISC_SCORING:
                finish_general_scoring(st)
            else:
                fx.resolve_disc(st)
        else:
            return


# ---------------------------------------------------------------------------- rounds
def start_round(st: ElGrandeData) -> None:
    """Phase 1: reveal the action cards (the dummy then places and plays its power card)."""
    st.log.append({"k": "round", "a": {"r": st.round}, "to": None})
    for s, stack in enumerate(st.stacks):
        if st.permanent_stacks[s]:
            st.open_cards[s] = stack[0]
        else:
            st.open_cards[s] = stack.pop() if stack else -1
    st.log.append(
        {"k": "reveal", "a": {"cards": [D.CARD_IDS[c] if c >= 0 else "" for c in st.open_cards]}, "to": None}
    )
    st.power_played = [0] * st.colours
    st.power_total = [0] * st.colours
    if st.dummy >= 0:
        _dummy_regions(st)
        d = st.dummy
        v = st.dummy_power.pop() if st.dummy_power else 0
        st.power_played[d] = v
        st.power_total[d] = v
        st.log.append({"k": "power", "a": {"p": d, "v": v, "m": 0}, "to": None})
    st.turn_order = []
    st.phase = POWER
    st.current = st.start_player


def _dummy_regions(st: ElGrandeData) -> None:
    """Two-player game: the dummy places 2 Caballeros in each of the next two region cards."""
    d = st.dummy
    base = d * D.AREAS
    for _ in range(2):
        if st.province[d] <= 0 or not st.region_deck:
            break
        r = st.region_deck.pop()
        if r == st.king:
            continue
        k = min(2, st.province[d])
        st.province[d] -= k
        st.caballeros[base + r] += k
        st.log.append({"k": "dummy_place", "a": {"n": k, "r": D.AREA_NAMES[r]}, "to": None})


# ---------------------------------------------------------------------------- power cards
_POWER_BY_MASK: dict[int, list[Move]] = {}
"""The power moves of each set of playable cards (a bit mask of 1..13, so at most 2**13 lists;
shared, see legal_act)."""


def legal_power(st: ElGrandeData, seat: int) -> list[Move]:
    """Phase 2: a power card whose value (with a modifier: card + modifier) differs from every
    value already played this round ("Dabei muss sich der Gesamtwert von den bereits
    ausgespielten Werten unterscheiden"), totals below 1 included."""
    played = st.power_played
    total = st.power_total
    h = st.power_hand[seat]
    if not st.machtverschiebung:
        used = 0
        for c in range(st.colours):
            if played[c]:
                used |= 1 << total[c]
        free = h & ~used
        moves = _POWER_BY_MASK.get(free)
        if moves is None:
            moves = _POWER_BY_MASK[free] = [POWER_MOVES[v] for v in range(1, 14) if free >> v & 1]
        return moves
    taken = {total[c] for c in range(st.colours) if played[c]}
    out: list[Move] = []
    mods = [i for i in range(len(D.MODIFIER_VALUES)) if st.modifier_hand[seat] >> i & 1]
    for v in range(1, 14):
        if h >> v & 1:
            if v not in taken:
                out.append(POWER_MOVES[v])
            for m in mods:
                if v + D.MODIFIER_VALUES[m] not in taken:
                    out.append(mt.POWER_WITH[v][m])
    return out


def do_power(st: ElGrandeData, p: int, move: Power) -> None:
    _, v, m = move
    st.power_hand[p] &= ~(1 << v)
    st.power_played[p] = v
    t = v
    if m >= 0:
        st.modifier_hand[p] &= ~(1 << m)
        t += D.MODIFIER_VALUES[m]
    st.modifier_played[p] = m
    st.power_total[p] = t
    st.log.append(POWER_LOG[p][v][m + 1])
    nxt = (p + 1) % st.num_players
    if nxt == st.start_player:
        # highest total first; the totals all differ, so a negative one simply comes last
        total = st.power_total
        st.turn_order = sorted(range(st.colours), key=total.__getitem__, reverse=True)  # stable
        st.turn_index = 0
        begin_turn(st)
    else:
        st.current = nxt


# ---------------------------------------------------------------------------- turns
def begin_turn(st: ElGrandeData) -> None:
    """Phase 3 for the next player in turn order (the dummy takes its card at once)."""
    while st.turn_index < len(st.turn_order):
        p = st.turn_order[st.turn_index]
        st.current = p
        if p == st.dummy:
            _dummy_turn(st)
            st.turn_index += 1
            continue
        st.card = -1
        st.smuggle = 0
        if court_max(st) > 0:
            st.phase = COURT
        else:
            after_court(st)
        return
    end_round(st)


def _dummy_turn(st: ElGrandeData) -> None:
    """The dummy takes the open card with the most Caballeros printed (and does nothing with it)."""
    best = -1
    up = st.open_cards
    for s, c in enumerate(up):
        if c >= 0 and (best < 0 or D.CARD_PLACE[c] > D.CARD_PLACE[up[best]]):
            best = s
    if best >= 0:
        c = up[best]
        up[best] = -1
        if not st.permanent_stacks[best]:
            st.action_discard.append(c)
        st.log.append({"k": "dummy_take", "a": {"card": D.CARD_IDS[c]}, "to": None})


_COURT_UPTO: list[list[Move]] = [list(mt.COURT[: k + 1]) for k in range(len(mt.COURT))]
"""``_COURT_UPTO[k]``: court moves 0..k (shared lists, see legal_act)."""


def court_max(st: ElGrandeData) -> int:
    """How many Caballeros the current player's power card brings to the court (from the
    province, then from regions when the province runs short)."""
    p = st.current
    want = D.POWER_CABALLEROS[st.power_played[p]]
    if want == 0:
        return 0
    have = st.province[p]
    if have >= want:
        return want
    return min(want, have + recallable(st, p))


def legal_court(st: ElGrandeData, seat: int) -> list[Move]:
    return _COURT_UPTO[court_max(st)]


def do_court(st: ElGrandeData, p: int, move: Court) -> None:
    k = move.caballeros
    have = st.province[p]
    take = k if k <= have else have
    st.province[p] -= take
    st.court[p] += take
    st.log.append(COURT_LOG[p][k])
    if k > take:
        st.recall_left = k - take
        st.phase = RECALL
    else:
        after_court(st)


def legal_recall(st: ElGrandeData, seat: int) -> list[Move]:
    out: list[Move] = list(compress(mt.RECALL, takeable(st, seat)))
    if st.effect_source[0] >= 0 and out:
        out.append(mt.RECALL_STOP)  # a card's intake may stop short (the recall is optional)
    return out


def do_recall(st: ElGrandeData, p: int, move: Recall) -> None:
    r = move.region
    if r < 0:
        st.recall_left = 0
    else:
        st.caballeros[p * D.AREAS + r] -= 1
        st.court[p] += 1
        st.recall_left -= 1
        st.log.append({"k": "recall", "a": {"p": p, "r": D.AREA_NAMES[r]}, "to": None})
    if st.recall_left <= 0 or not recallable(st, p):
        st.recall_left = 0
        if st.effect_source[0] >= 0:
            fx.finish(st)
        else:
            after_court(st)


def after_court(st: ElGrandeData) -> None:
    if st.machtverschiebung:  # a modifier may bring an ability first
        m = st.modifier_played[st.current]
        ability = D.MODIFIER_ABILITY[m] if m >= 0 else None
        if ability is not None and fx.can_start(st, ability):
            st.phase = ABILITY
            return
    begin_take(st)


def do_ability(st: ElGrandeData, p: int, move: Ability) -> None:
    ability = D.MODIFIER_ABILITY[st.modifier_played[p]]
    assert ability is not None
    st.log.append({"k": "ability", "a": {"p": p}, "to": None})
    fx.start(st, ability, 1, st.modifier_played[p], -1)


def do_noability(st: ElGrandeData, p: int, move: NoAbility) -> None:
    begin_take(st)


def begin_take(st: ElGrandeData) -> None:
    st.phase = TAKE
    up = st.open_cards
    if not up or max(up) < 0:  # no card left to take
        end_turn(st)


_TAKE_BY_OPEN: dict[tuple[int, ...], list[Move]] = {}
"""Memo of the take moves by the open cards (shared lists, see legal_act; bounded)."""


def legal_take(st: ElGrandeData, seat: int) -> list[Move]:
    key = tuple(st.open_cards)
    moves = _TAKE_BY_OPEN.get(key)
    if moves is None:
        if len(_TAKE_BY_OPEN) >= 4096:
            _TAKE_BY_OPEN.clear()
        moves = _TAKE_BY_OPEN[key] = [mt.TAKE[s] for s, c in enumerate(key) if c >= 0]
    return moves


def do_take(st: ElGrandeData, p: int, move: Take) -> None:
    s = move.slot
    c = st.open_cards[s]
    st.open_cards[s] = -1
    st.card = c
    st.place_left = D.CARD_PLACE[c]
    st.place_stage = NOT_STARTED
    st.special_stage = NOT_STARTED
    st.log.append(TAKE_LOG[p][c])
    if st.court[p] == 0 and D.CARD_EFFECT[c]["op"] not in ("court_gain", "choice"):
        st.place_stage = DONE  # nothing to place, and nothing the card could bring
    st.phase = ACT


# ---------------------------------------------------------------------------- the action card
# The lists legal_act hands out are shared (a legal-move list is never changed in place: the cache
# keeps it, ``legal_moves`` copies it), so the usual ones are built once here, by King position.
_PLACE_END: list[list[Move]] = [[*moves, ENDPLACE] for moves in PLACE_MOVES]
_SMUGGLE_END: list[list[Move]] = [
    [*(mt.PLACE[a] for a in (*PLACE_TARGETS[k], k)), ENDPLACE] for k in range(D.CASTILLO + 1)
]  # Schmuggel: the King's region too (the Castillo while Revolte has put the King beside it)
_END_ONLY: list[Move] = [ENDPLACE]
_WITH_SPECIAL: list[Move] = [SPECIAL, NOSPECIAL]
_WITHOUT_SPECIAL: list[Move] = [NOSPECIAL]
_ALWAYS_STARTS: list[bool] = [eff["op"] not in fx.CONDITIONAL_OPS for eff in D.CARD_EFFECT]
"""Per card: its special action can always be carried out (no need to ask fx.can_start)."""


def legal_act(st: ElGrandeData, seat: int) -> list[Move]:
    """Place Caballeros and carry out (or forgo) the special action, in either order."""
    place = st.place_stage
    if place != DONE:
        if st.place_left > 0 and st.court[st.current] > 0:
            k = st.king
            out = _SMUGGLE_END[k] if st.smuggle and k <= D.CASTILLO else _PLACE_END[k]
        else:
            out = _END_ONLY
        if place == STARTED or st.special_stage != NOT_STARTED:
            return out
    elif st.special_stage != NOT_STARTED:
        return []
    else:
        out = []
    c = st.card
    return out + (
        _WITH_SPECIAL if _ALWAYS_STARTS[c] or fx.can_start(st, D.CARD_EFFECT[c]) else _WITHOUT_SPECIAL
    )


def do_place(st: ElGrandeData, p: int, move: Place) -> None:
    a = move.area
    court = st.court
    court[p] -= 1
    st.caballeros[p * D.AREAS + a] += 1
    left = st.place_left - 1
    st.place_left = left
    if a == D.CASTILLO and st.hidden_castillo:
        log_to_area(st, "place", p, a)
    else:
        st.log.append(PLACE_LOG[p][a])  # log_to_area's plain case
    if left == 0 or court[p] == 0:
        st.place_stage = DONE
        if st.special_stage == DONE:
            end_turn(st)
    else:
        st.place_stage = STARTED


def do_endplace(st: ElGrandeData, p: int, move: EndPlace) -> None:
    st.place_stage = DONE
    if st.special_stage == DONE:
        end_turn(st)


def do_nospecial(st: ElGrandeData, p: int, move: NoSpecial) -> None:
    st.special_stage = DONE
    if st.place_stage == DONE:
        end_turn(st)


def do_special(st: ElGrandeData, p: int, move: Special) -> None:
    st.special_stage = STARTED
    st.log.append(ANNOUNCE_LOG[p][st.card])
    vetos = st.vetos
    if any(vetos):  # rare: a Veto card is held
        n = st.num_players
        asks = [q for q in ((p + i) % n for i in range(1, n)) if vetos[q] and veto_usable(st, q)]
    else:
        asks = []
    if asks:
        st.veto_asking = asks
        st.phase = VETO
        return
    fx.start(st, D.CARD_EFFECT[st.card], 0, st.card, -1)


def veto_usable(st: ElGrandeData, q: int) -> bool:
    """``q`` holds a Veto taken this round or the last (each Veto card counts on its own)."""
    limit = st.round_index - 1
    return any(r >= limit for r in st.vetos[q])


def do_veto(st: ElGrandeData, q: int, move: Veto) -> None:
    if move.use:
        # "Die Vetokarte legst du ab, sobald du sie eingesetzt hast": one card, the older one
        held = st.vetos[q]
        limit = st.round_index - 1
        held.pop(next(i for i, r in enumerate(held) if r >= limit))
        st.veto_asking = []
        st.log.append({"k": "veto", "a": {"p": q, "card": D.CARD_IDS[st.card]}, "to": None})
        st.special_stage = DONE
        st.phase = ACT
        check_turn_end(st)
        return
    st.veto_asking.pop(0)
    if not st.veto_asking:
        fx.start(st, D.CARD_EFFECT[st.card], 0, st.card, -1)


def special_done(st: ElGrandeData) -> None:
    """A card's special action is complete."""
    st.special_stage = DONE
    st.phase = ACT
    if st.place_stage == NOT_STARTED and (st.place_left == 0 or st.court[st.current] == 0):
        st.place_stage = DONE
    check_turn_end(st)


def check_turn_end(st: ElGrandeData) -> None:
    if st.place_stage == DONE and st.special_stage == DONE:
        end_turn(st)


def end_turn(st: ElGrandeData) -> None:
    c = st.card
    if c >= 0 and not (st.permanent_stacks[-1] and c == D.KING_CARD):
        st.action_discard.append(c)
    st.card = -1
    st.smuggle = 0
    st.turn_index += 1
    begin_turn(st)


def end_round(st: ElGrandeData) -> None:
    """Phase 4: cards away, the start marker to the lowest total, discard piles, Veto expiry."""
    for s, c in enumerate(st.open_cards):
        if c >= 0 and not st.permanent_stacks[s]:
            st.action_discard.append(c)
        st.open_cards[s] = -1
    total = st.power_total
    low = min(range(st.num_players), key=total.__getitem__)  # a negative total is the lowest
    st.start_player = low
    ridx = st.round_index
    for p in range(st.num_players):
        bit = 1 << st.power_played[p]
        if not st.power_hand[p] & bit:
            st.power_discard[p] |= bit
        m = st.modifier_played[p]
        if m >= 0 and not st.modifier_hand[p] >> m & 1:
            st.modifier_discard[p] |= 1 << m
        st.modifier_played[p] = -1
        held = st.vetos[p]
        if held and any(r < ridx for r in held):
            st.vetos[p] = [r for r in held if r >= ridx]  # each Veto lasts its round and the next
    st.log.append({"k": "start_marker", "a": {"p": low}, "to": None})
    if st.round in SCORING_ROUNDS:
        begin_general_scoring(st)
    else:
        st.round_index += 1
        start_round(st)


# ---------------------------------------------------------------------------- general scoring
def begin_general_scoring(st: ElGrandeData) -> None:
    """After rounds 3, 6 and 9: everyone with something in the Castillo sets a secret disc."""
    st.log.append({"k": "scoring", "a": {"r": st.round}, "to": None})
    if st.king == D.CASTILLO:
        finish_general_scoring(st)
        return
    wait = []
    for p in range(st.num_players):
        if st.hidden_castillo or st.caballeros[p * D.AREAS + D.CASTILLO] or st.grande[p] == D.CASTILLO:
            wait.append(p)
    start_disc(st, DISC_SCORING, wait)


def finish_general_scoring(st: ElGrandeData) -> None:
    """Score the Castillo, empty it by the discs, score the regions in board order, go on."""
    score_area(st, D.CASTILLO)
    if st.king != D.CASTILLO:
        k = st.king
        for p in range(st.num_players):
            d = st.discs[p]
            if d < 0:
                continue
            i = p * D.AREAS + D.CASTILLO
            cnt = st.caballeros[i]
            st.log.append({"k": "disc_reveal", "a": {"p": p, "r": D.AREA_NAMES[d], "n": cnt}, "to": None})
            if not cnt and st.grande[p] != D.CASTILLO:
                continue
            st.caballeros[i] = 0
            if d == k:
                st.court[p] += cnt  # the King's region is taboo: back to the court
            else:
                st.caballeros[p * D.AREAS + d] += cnt
                if st.grande[p] == D.CASTILLO:
                    st.grande[p] = d
    for r in range(D.NREG):
        score_area(st, r)
    if st.dummy >= 0:
        st.region_deck = list(range(D.NREG))
        st.rng.shuffle(st.region_deck)
    last = ROUNDS_SHORT[-1] if st.short_game else ROUNDS_FULL[-1]
    if st.round == last:
        st.phase = OVER
        st.log.append({"k": "game_over", "a": {"scores": list(st.score)}, "to": None})
        return
    st.round_index += 1
    start_round(st)


def do_disc(st: ElGrandeData, p: int, move: Disc) -> None:
    r = move.region
    st.discs[p] = r
    st.disc_waiting.remove(p)
    st.log.append({"k": "disc_set", "a": {"p": p}, "to": None})
    st.log.append({"k": "disc_own", "a": {"p": p, "r": D.AREA_NAMES[r]}, "to": p})
    # the last disc resolves in run_on


# ---------------------------------------------------------------------------- Machtverschiebung
def legal_mpass(st: ElGrandeData, seat: int) -> list[Move]:
    m = st.modifier_hand[seat]
    return [mt.MPASS[i] for i in range(len(D.MODIFIER_VALUES)) if m >> i & 1]


def do_mpass(st: ElGrandeData, p: int, move: ModifierPass) -> None:
    """Everyone passes one modifier to the left at the same time, in secret."""
    st.passed_modifier[p] = move.modifier
    st.disc_waiting.remove(p)
    if st.disc_waiting:
        return
    n = st.num_players
    for q in range(n):
        st.modifier_hand[q] &= ~(1 << st.passed_modifier[q])
    for q in range(n):
        to = (q + 1) % n
        st.modifier_hand[to] |= 1 << st.passed_modifier[q]
        st.log.append(
            {"k": "mod_received", "a": {"p": to, "v": D.MODIFIER_VALUES[st.passed_modifier[q]]}, "to": to}
        )
    st.passed_modifier = [-1] * n
    start_round(st)
