"""The information layer: what one seat sees (``view``), its number vector (``observation``, from
the view only), and a complete state that fits what it sees (``determinize``).

Public: the board (Caballeros per region, King, Grandes, scoreboards), courts, the face-up action
cards, the power cards played this round, scores, hand and discard sizes, Vetos held. Secret:
another player's hand and discard pile (discards lie face down), secret discs before the reveal,
modifiers in hand and the one being passed, the decks' order, the generator, and - with the
``hidden_castillo`` option - the other colours' Caballeros in the Castillo (and so their
provinces, which would give it away: province + Castillo = 30 - court - regions).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from feldherr.core.info import field_layout
from feldherr.core.native import native_module
from feldherr.core.observation import Features, Observation, by_rows, finish, zeroed
from feldherr.core.rng import Rng
from feldherr.core.views import envelope, view_schema
from feldherr.elgrande import data as D
from feldherr.elgrande.rules.common import disc_options
from feldherr.elgrande.rules.moves import to_move
from feldherr.elgrande.state import DISC, MODPASS, PHASE_NAMES, ROUNDS_FULL, ROUNDS_SHORT, ElGrandeData

if TYPE_CHECKING:
    from feldherr.core.game import Game, State

MAX_COLOURS = 5
MAX_SCORE = 400.0
"""No player scores more (9 regions + Castillo at three scorings plus the special scorings stay
far below)."""


def max_decisions(players: int) -> int:
    """A true upper bound on the decisions of a game (loose: every Caballero moves every round)."""
    return 9 * players * 400 + 2000


def _bits(mask: int, limit: int) -> list[int]:
    return [v for v in range(limit) if mask >> v & 1]


# ---------------------------------------------------------------------------- the view
def view(game: Game, st: ElGrandeData, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` (``None``: a spectator) in the core envelope."""
    A = D.AREAS
    hidden = st.hidden_castillo
    players: list[dict[str, Any]] = []
    for c in range(st.colours):
        row = st.caballeros[c * A : c * A + A]
        entry: dict[str, Any] = {
            "seat": c,
            "dummy": c == st.dummy,
            "regions": {D.REGION_NAMES[r]: row[r] for r in range(D.NREG) if row[r]},
            "court": st.court[c],
            "province": st.province[c] if not hidden or c == seat else None,
            "castillo": row[D.CASTILLO] if not hidden or c == seat else None,
            "played": st.power_played[c] or None,
            "total": st.power_total[c] if st.power_played[c] else None,
        }
        if c < st.num_players:
            entry["score"] = st.score[c]
            entry["grande"] = D.AREA_NAMES[st.grande[c]]
            entry["hand_size"] = bin(st.power_hand[c]).count("1")
            entry["discard_size"] = bin(st.power_discard[c]).count("1")
            entry["vetos"] = len(st.vetos[c])
            if st.machtverschiebung:
                entry["modifiers_in_hand"] = bin(st.modifier_hand[c]).count("1")
                m = st.modifier_played[c]
                entry["modifier_played"] = D.MODIFIER_VALUES[m] if m >= 0 and st.power_played[c] else None
            if c == seat:
                entry["hand"] = _bits(st.power_hand[c], 14)
                entry["discard"] = _bits(st.power_discard[c], 14)
                if st.machtverschiebung:
                    entry["modifiers"] = [
                        {"id": m, "value": D.MODIFIER_VALUES[m], "ability": D.MODIFIER_ABILITY[m]}
                        for m in _bits(st.modifier_hand[c], len(D.MODIFIER_VALUES))
                    ]
                    if st.passed_modifier[c] >= 0:
                        entry["passing"] = st.passed_modifier[c]
                if st.discs[c] >= 0:
                    entry["disc"] = D.AREA_NAMES[st.discs[c]]
        players.append(entry)
    state: State = st  # type: ignore[assignment]
    out = envelope(game, state, seat, PHASE_NAMES[st.phase], players)
    out.update(
        {
            "players_count": st.num_players,
            "round": st.round,
            "scoring_places": 3 if st.third_place else 2,
            "hidden_castillo": bool(hidden),
            "current": st.current,
            "start_marker": st.start_player,
            "king": D.AREA_NAMES[st.king],
            "scoreboards": [D.AREA_NAMES[b] if b >= 0 else None for b in st.scoreboards],
            "castillo_total": None
            if hidden
            else sum(st.caballeros[c * A + D.CASTILLO] for c in range(st.colours)),
            "open_cards": [D.CARD_IDS[c] if c >= 0 else None for c in st.open_cards],
            "stack_sizes": [len(s) for s in st.stacks],
            "discard_pile": [D.CARD_IDS[c] for c in st.action_discard],
            "card_in_use": D.CARD_IDS[st.card] if st.card >= 0 else None,
            "placements_left": st.place_left if st.card >= 0 else 0,
            "discs_pending": list(st.disc_waiting) if st.phase in (DISC, MODPASS) else [],
        }
    )
    return out


_INT = {"type": "integer"}
_OPT_INT = {"type": ["integer", "null"]}
_OPT_STR = {"type": ["string", "null"]}
VIEW_SCHEMA: dict[str, Any] = view_schema(
    {
        "players": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["seat", "dummy", "regions", "court", "province", "castillo", "played", "total"],
                "properties": {
                    "seat": _INT,
                    "dummy": {"type": "boolean"},
                    "regions": {"type": "object", "additionalProperties": _INT},
                    "court": _INT,
                    "province": _OPT_INT,
                    "castillo": _OPT_INT,
                    "played": _OPT_INT,
                    "total": _OPT_INT,
                    "score": _INT,
                    "grande": {"type": "string"},
                    "hand_size": _INT,
                    "discard_size": _INT,
                    "vetos": _INT,
                    "hand": {"type": "array", "items": _INT},
                    "discard": {"type": "array", "items": _INT},
                    "disc": {"type": "string"},
                },
            },
        },
        "players_count": _INT,
        "round": _INT,
        "scoring_places": {"enum": [2, 3]},
        "hidden_castillo": {"type": "boolean"},
        "current": _INT,
        "start_marker": _INT,
        "king": {"type": "string"},
        "scoreboards": {"type": "array", "items": _OPT_STR, "minItems": 2, "maxItems": 2},
        "castillo_total": _OPT_INT,
        "open_cards": {"type": "array", "items": _OPT_STR},
        "stack_sizes": {"type": "array", "items": _INT},
        "discard_pile": {"type": "array", "items": {"type": "string"}},
        "card_in_use": _OPT_STR,
        "placements_left": _INT,
        "discs_pending": {"type": "array", "items": _INT},
    },
    required=["players_count", "round", "king", "scoreboards", "open_cards", "card_in_use", "current"],
)


# ---------------------------------------------------------------------------- observation
_AREAS = D.AREA_NAMES  # 12 King positions
_CARDS = len(D.CARD_IDS)
_PER_COLOUR = D.NREG + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + len(_AREAS)
# regions, castillo, castillo known, court, province, province known, played, total, score,
# hand size, discard size, vetos, grande one-hot
OBSERVATION_SIZE = (
    1  # round
    + len(PHASE_NAMES)
    + len(_AREAS)  # King
    + 2 * (D.AREAS + 1)  # scoreboards: an area or unused
    + 1  # castillo total (or -1)
    + 5 * (_CARDS + 1)  # open cards (one-hot, last slot: none)
    + (_CARDS + 1)  # card in use
    + 1  # placements left
    + 3 * MAX_COLOURS  # seat, current, to move
    + MAX_COLOURS * _PER_COLOUR
    + 14 * 2  # own hand and discard
    + len(D.MODIFIER_VALUES)  # own modifiers
)


SCORE_SCALE = 150
"""Scores are divided by this (and capped at 1, as every number: the observation lies in [0, 1])."""


def observation(v: Mapping[str, Any], out: Observation | None = None) -> Observation:
    """The float32 vector of a view (see ``docs/games/elgrande.md`` for the layout), every number
    scaled into [0, 1]."""
    f = Features(OBSERVATION_SIZE)
    f.add(v["round"] / 9)
    f.one_hot(PHASE_NAMES.index(v["phase"]), len(PHASE_NAMES))
    f.one_hot(_AREAS.index(v["king"]), len(_AREAS))
    for b in v["scoreboards"]:
        f.one_hot(_AREAS.index(b) if b is not None else D.AREAS, D.AREAS + 1)
    total = v["castillo_total"]
    f.add(0.0 if total is None else total / D.CABALLEROS)
    for i in range(5):
        cards = v["open_cards"]
        cid = cards[i] if i < len(cards) else None
        f.one_hot(D.CARD_INDEX[cid] if cid is not None else _CARDS, _CARDS + 1)
    cid = v["card_in_use"]
    f.one_hot(D.CARD_INDEX[cid] if cid is not None else _CARDS, _CARDS + 1)
    f.add(v["placements_left"] / 10)
    f.one_hot(v["seat"], MAX_COLOURS)
    f.one_hot(v["current"], MAX_COLOURS)
    moving = [0.0] * MAX_COLOURS
    for s in v["to_move"]:
        moving[s] = 1.0
    f.extend(moving)
    players = v["players"]
    for c in range(MAX_COLOURS):
        if c >= len(players):
            f.skip(_PER_COLOUR)
            continue
        p = players[c]
        regions = p["regions"]
        f.extend(regions.get(name, 0) / 10 for name in D.REGION_NAMES)
        known = p["castillo"] is not None
        f.add(p["castillo"] / 10 if known else 0.0)
        f.add(1.0 if known else 0.0)
        f.add(p["court"] / D.CABALLEROS)
        f.add(p["province"] / D.CABALLEROS if p["province"] is not None else 0.0)
        f.add(1.0 if p["province"] is not None else 0.0)
        f.add((p["played"] or 0) / 13)
        f.add((p["total"] or 0) / 20)
        f.add(p.get("score", 0) / SCORE_SCALE)
        f.add(p.get("hand_size", 0) / 13)
        f.add(p.get("discard_size", 0) / 13)
        f.add(p.get("vetos", 0) / 5)
        grande = p.get("grande")
        f.one_hot(_AREAS.index(grande) if grande is not None else None, len(_AREAS))
    me = players[v["seat"]] if v["seat"] is not None else {}
    hand = [0.0] * 14
    for x in me.get("hand", ()):
        hand[x] = 1.0
    f.extend(hand)
    discard = [0.0] * 14
    for x in me.get("discard", ()):
        discard[x] = 1.0
    f.extend(discard)
    mods = [0.0] * len(D.MODIFIER_VALUES)
    for m in me.get("modifiers", ()):
        mods[m["id"]] = 1.0
    f.extend(mods)
    return f.done(out, (0.0, 1.0))


# The observation's layout as offsets (the same order as ``observation`` fills it)
_ROUND_AT = 0
_PHASE_AT = 1
_KING_AT = _PHASE_AT + len(PHASE_NAMES)
_BOARDS_AT = _KING_AT + len(_AREAS)
_TOTAL_AT = _BOARDS_AT + 2 * (D.AREAS + 1)
_OPEN_AT = _TOTAL_AT + 1
_IN_USE_AT = _OPEN_AT + 5 * (_CARDS + 1)
_PLACE_AT = _IN_USE_AT + _CARDS + 1
_SEAT_AT = _PLACE_AT + 1
_CURRENT_AT = _SEAT_AT + MAX_COLOURS
_MOVING_AT = _CURRENT_AT + MAX_COLOURS
_COLOUR_AT = _MOVING_AT + MAX_COLOURS
_HAND_AT = _COLOUR_AT + MAX_COLOURS * _PER_COLOUR
_DISCARD_AT = _HAND_AT + 14
_MODS_AT = _DISCARD_AT + 14
assert _MODS_AT + len(D.MODIFIER_VALUES) == OBSERVATION_SIZE
FIELDS = field_layout(
    OBSERVATION_SIZE,
    ("round", (1,), "the round / 9"),
    ("phase", (len(PHASE_NAMES),), "the phase, one-hot"),
    ("king", (len(_AREAS),), "the King's area, one-hot"),
    ("scoreboards", (2, D.AREAS + 1), "each mobile scoreboard's area, one-hot (last column: unused)"),
    ("castillo_total", (1,), "Caballeros in the Castillo / 30 (0 while hidden)"),
    ("open_cards", (5, _CARDS + 1), "each open action card's kind, one-hot (last column: none)"),
    ("card_in_use", (_CARDS + 1,), "the action card in use, one-hot (last column: none)"),
    ("placements_left", (1,), "Caballeros left to place / 10"),
    ("seat", (MAX_COLOURS,), "the viewing colour, one-hot"),
    ("current", (MAX_COLOURS,), "the current player, one-hot"),
    ("to_move", (MAX_COLOURS,), "the colours to move"),
    (
        "colours",
        (MAX_COLOURS, _PER_COLOUR),
        "one row per colour (zero for an absent one): Caballeros in each of the 9 regions / 10, "
        "Castillo / 10, Castillo known, court / 30, province / 30, province known, power card / 13, "
        "power total / 20, score / 150, hand size / 13, discard size / 13, Vetos / 5, Grande's "
        "area one-hot (12)",
    ),
    ("hand", (14,), "the own power cards in hand, by value (column 0 unused; cards 1-13)"),
    ("discard", (14,), "the own played-out power cards, by value (column 0 unused)"),
    ("modifiers", (len(D.MODIFIER_VALUES),), "the own modifier cards (Machtverschiebung)"),
)
"""The observation's named blocks (``GameInfo.observation_fields``)."""
assert [f.offset for f in FIELDS[-4:]] == [_COLOUR_AT, _HAND_AT, _DISCARD_AT, _MODS_AT]
_NREG = D.NREG
_CASTILLO = D.CASTILLO
_BITS14 = [[v for v in range(14) if mask >> v & 1] for mask in range(1 << 14)]
"""The set bits of every 14-bit mask (hands and discard piles of power cards)."""


def observe(
    st: ElGrandeData, seat: int, out: Observation | None = None, moving: tuple[int, ...] | None = None
) -> Observation:
    """The seat's observation read from the state straight into ``out`` (a buffer to reuse; a new
    array when None, and the numbers copied into an ``out`` that is no contiguous float32 vector):
    the same numbers as :func:`observation` of ``view(seat)`` (the tests compare them at every
    position of random games under every option set), so it holds nothing the seat cannot see.
    The compiled kernel (:data:`native`) computes them where it is built, else :func:`observe_pure`
    (the same numbers, bit for bit). ``moving``: ``to_move(st)``, if the caller has it."""
    if native is None:
        return observe_pure(st, seat, out)
    if moving is None:
        moving = to_move(st)
    if out is not None:
        try:  # a writable contiguous float32 vector of the size is filled in place
            return native.observe(st, seat, out, moving)  # type: ignore[no-any-return]
        except (TypeError, ValueError):
            pass  # not such a vector (or a spoiled state, which raises again below)
    return finish(native.observe(st, seat, np.empty(OBSERVATION_SIZE, np.float32), moving), out)


def observe_seats(
    st: ElGrandeData, seats: Sequence[int], out: Observation, moving: tuple[int, ...] | None = None
) -> Observation:
    """The observations of ``seats`` as the rows of ``out`` (``(len(seats), OBSERVATION_SIZE)``),
    row ``i`` exactly :func:`observe` of ``seats[i]``: the kernel reads what every seat sees alike
    once and adds each seat's own part (its seat, hidden Castillo and hands) to a copy of it."""
    if native is not None:
        if moving is None:
            moving = to_move(st)
        try:  # a writable C-contiguous float32 array of one row per seat is filled in place
            return native.observe_seats(st, moving, out, seats)  # type: ignore[no-any-return]
        except (TypeError, ValueError):
            pass  # not such an array (or a spoiled state, which raises again below)
    return by_rows(out, seats, OBSERVATION_SIZE, lambda i, row: observe(st, seats[i], row, moving))


def observe_pure(st: ElGrandeData, seat: int, out: Observation | None = None) -> Observation:
    """:func:`observe` in Python, the reference of the kernel: only the numbers that are not 0 are
    written, each straight into the buffer (:func:`zeroed`)."""
    buf, v = zeroed(out, OBSERVATION_SIZE)
    v[_ROUND_AT] = st.round / 9
    v[_PHASE_AT + st.phase] = 1.0
    v[_KING_AT + st.king] = 1.0
    base = _BOARDS_AT
    for b in st.scoreboards:
        v[base + (b if b >= 0 else D.AREAS)] = 1.0
        base += D.AREAS + 1
    hidden = st.hidden_castillo
    cab = st.caballeros
    colours = st.colours
    A = D.AREAS
    if not hidden:
        v[_TOTAL_AT] = sum(cab[c * A + _CASTILLO] for c in range(colours)) / D.CABALLEROS
    base = _OPEN_AT
    cards = st.open_cards
    for i in range(5):
        c = cards[i] if i < len(cards) else -1
        v[base + (c if c >= 0 else _CARDS)] = 1.0
        base += _CARDS + 1
    card = st.card
    v[_IN_USE_AT + (card if card >= 0 else _CARDS)] = 1.0
    if card >= 0:
        v[_PLACE_AT] = st.place_left / 10
    v[_SEAT_AT + seat] = 1.0
    current = st.current
    if 0 <= current < MAX_COLOURS:
        v[_CURRENT_AT + current] = 1.0
    for s in to_move(st):
        v[_MOVING_AT + s] = 1.0
    n = st.num_players
    base = _COLOUR_AT
    for c in range(colours):
        row = c * A
        r = base
        for x in cab[row : row + _NREG]:
            if x:
                v[r] = x / 10
            r += 1
        if not hidden or c == seat:
            v[base + _NREG] = cab[row + _CASTILLO] / 10
            v[base + _NREG + 1] = 1.0
            v[base + _NREG + 3] = st.province[c] / D.CABALLEROS
            v[base + _NREG + 4] = 1.0
        v[base + _NREG + 2] = st.court[c] / D.CABALLEROS
        played = st.power_played[c]
        if played:
            v[base + _NREG + 5] = played / 13
            v[base + _NREG + 6] = st.power_total[c] / 20
        if c < n:
            v[base + _NREG + 7] = st.score[c] / SCORE_SCALE
            v[base + _NREG + 8] = len(_BITS14[st.power_hand[c]]) / 13
            v[base + _NREG + 9] = len(_BITS14[st.power_discard[c]]) / 13
            v[base + _NREG + 10] = len(st.vetos[c]) / 5
            v[base + _NREG + 11 + st.grande[c]] = 1.0
        base += _PER_COLOUR
    for x in _BITS14[st.power_hand[seat]]:
        v[_HAND_AT + x] = 1.0
    for x in _BITS14[st.power_discard[seat]]:
        v[_DISCARD_AT + x] = 1.0
    if st.machtverschiebung:
        mods = st.modifier_hand[seat]
        for m in range(len(D.MODIFIER_VALUES)):
            if mods >> m & 1:
                v[_MODS_AT + m] = 1.0
    np.minimum(buf, 1.0, out=buf)
    np.maximum(buf, 0.0, out=buf)  # (a score can fall below 0)
    return finish(buf, out)


_LAYOUT: dict[str, int | tuple[int, ...]] = {
    "size": OBSERVATION_SIZE,
    "round_at": _ROUND_AT,
    "phase_at": _PHASE_AT,
    "phases": len(PHASE_NAMES),
    "king_at": _KING_AT,
    "king_areas": len(_AREAS),
    "boards_at": _BOARDS_AT,
    "areas": D.AREAS,
    "total_at": _TOTAL_AT,
    "open_at": _OPEN_AT,
    "cards": _CARDS,
    "in_use_at": _IN_USE_AT,
    "place_at": _PLACE_AT,
    "max_colours": MAX_COLOURS,
    "seat_at": _SEAT_AT,
    "current_at": _CURRENT_AT,
    "moving_at": _MOVING_AT,
    "colour_at": _COLOUR_AT,
    "per_colour": _PER_COLOUR,
    "regions": _NREG,
    "castillo": _CASTILLO,
    "grande_areas": len(_AREAS),
    "power_cards": 14,
    "hand_at": _HAND_AT,
    "discard_at": _DISCARD_AT,
    "modifiers": len(D.MODIFIER_VALUES),
    "mods_at": _MODS_AT,
    "rounds_full": ROUNDS_FULL,  # the round tracks that ElGrandeData.round reads
    "rounds_short": ROUNDS_SHORT,
    # the divisors of observe_pure (the tests hold the kernel to its numbers bit for bit)
    "round_scale": 9,
    "place_scale": 10,
    "area_scale": 10,
    "supply_scale": D.CABALLEROS,
    "played_scale": 13,
    "total_scale": 20,
    "score_scale": SCORE_SCALE,
    "cards_scale": 13,
    "veto_scale": 5,
}
"""The observation's layout for the compiled kernel (``_cobserve.c``): offsets, widths, divisors
and the round tracks."""


def _load_native() -> Any:
    """The compiled observation (``_cobserve.c``, built by ``setup.py`` where a C compiler exists),
    set up with the layout; None where it is not built or ``FELDHERR_PURE=1`` asks for pure Python."""
    kernel = native_module("feldherr.elgrande._cobserve")
    if kernel is not None:
        kernel.init(_LAYOUT)
    return kernel


native: Any = _load_native()
"""The compiled observation module in use, or None (pure Python); tests switch it."""


# ---------------------------------------------------------------------------- determinize
def determinize(st: ElGrandeData, seat: int, seed: int) -> None:
    """Resample in ``st`` (a copy) everything ``seat`` cannot see; see the module docstring."""
    rng = Rng(seed)
    n = st.num_players
    others = [q for q in range(n) if q != seat]
    # power cards: hand and face-down discard of each other player, sizes kept
    for q in others:
        pool = _bits(st.power_hand[q] | st.power_discard[q], 14)
        rng.shuffle(pool)
        k = bin(st.power_hand[q]).count("1")
        st.power_hand[q] = sum(1 << v for v in pool[:k])
        st.power_discard[q] = sum(1 << v for v in pool[k:])
    if st.machtverschiebung:
        _modifiers(st, seat, others, rng)
    # secret discs not yet revealed (the disc phase, before everyone has set one)
    if st.phase == DISC:
        for q in others:
            if st.discs[q] >= 0:
                options = disc_options(st, q)
                st.discs[q] = options[rng.below(len(options))]
    # deck orders
    for s, stack in enumerate(st.stacks):
        if not st.permanent_stacks[s]:
            rng.shuffle(stack)
    rng.shuffle(st.dummy_power)
    rng.shuffle(st.region_deck)
    if st.hidden_castillo:
        _castillo(st, seat, rng)
    st.rng = Rng(rng.derive(1))
    st.log = [e for e in st.log if e["to"] is None or e["to"] == seat]
    st._legal_cache = None
    st._legal_cache_seat = -1


def _modifiers(st: ElGrandeData, seat: int, others: list[int], rng: Rng) -> None:
    """Others' modifiers in hand and on their discard piles (and one being passed), counts kept."""
    pool: list[int] = []
    for q in others:
        pool.extend(_bits(st.modifier_hand[q] | st.modifier_discard[q], len(D.MODIFIER_VALUES)))
    rng.shuffle(pool)
    i = 0
    for q in others:
        k = bin(st.modifier_hand[q]).count("1")
        d = bin(st.modifier_discard[q]).count("1")
        st.modifier_hand[q] = sum(1 << m for m in pool[i : i + k])
        st.modifier_discard[q] = sum(1 << m for m in pool[i + k : i + k + d])
        i += k + d
        if st.passed_modifier[q] >= 0:
            held = _bits(st.modifier_hand[q], len(D.MODIFIER_VALUES))
            st.passed_modifier[q] = held[rng.below(len(held))]


def _castillo(st: ElGrandeData, seat: int, rng: Rng) -> None:
    """Others' Castillo contents: the public total of Castillo + province per colour split anew.

    At least as many as the public log shows going in since the last general scoring (one per
    public throw line, one per Caballero moved out of a region into it): nothing leaves the
    Castillo between scorings."""
    least = [0] * st.colours
    for e in reversed(st.log):
        k = e["k"]
        if k == "scoring":
            break
        if e["to"] is None:
            if k == "place_hidden":
                least[e["a"]["p"]] += 1
            elif k == "moved_hidden":
                least[e["a"]["c"]] += 1
    for c in range(st.colours):
        if c == seat:
            continue
        i = c * D.AREAS + D.CASTILLO
        both = st.caballeros[i] + st.province[c]
        low = min(least[c], st.caballeros[i])
        inside = low + rng.below(both - low + 1)
        st.caballeros[i] = inside
        st.province[c] = both - inside
