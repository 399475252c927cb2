"""The information layer: what a seat sees (``view``), the view's JSON Schema, the observation
tensor built from the view alone, and ``determinize`` (a complete position sampled to fit a view).

What is public at the table (see the rulebook and ``docs/rules-notes.md``): the open characters,
everyone's recruited characters (laid out face up, so the hands of the conquering phase are known
too), the cards used in battles, the revealed dice, rolls, luck dice and provinces, the number of
cards left in the deck. Secret: the deck's order, the number of dice another player has set on
the own die until all are revealed, another player's commitment (not even how many cards) until
all are in, and every future die (the generator and the undrawn dice pool).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from feldherr.core.info import field_layout
from feldherr.core.native import native_module
from feldherr.core.observation import Features, Observation, by_rows, finish, unpack, zeroed
from feldherr.core.rng import Rng
from feldherr.core.validate import check_seat
from feldherr.core.views import envelope, view_schema
from feldherr.mansfeld.codec import COMMIT_BASE
from feldherr.mansfeld.data import ABILITIES, BY_KEY, CARDS, KEYS, MAX_COST, MAX_DICE, PROVINCES
from feldherr.mansfeld.rules.dice import shuffled
from feldherr.mansfeld.rules.flow import scores
from feldherr.mansfeld.rules.moves import to_move
from feldherr.mansfeld.state import COMMIT, DICE, OVER, PHASES, RECRUIT, MansfeldData
from feldherr.mansfeld.text import CATALOGUE

if TYPE_CHECKING:
    from feldherr.core.game import Game

D = TypeVar("D", bound=MansfeldData)

MAX_PLAYERS = 4
MAX_AGE = 150
MAX_SCORE = sum(6 + number for number in range(1, PROVINCES + 1))
"""A province is worth one die plus its number: 6 provinces give at most 57 points."""


def _keys(cards: Any) -> list[str]:
    return [KEYS[c] for c in cards]


def _printed(card: int) -> dict[str, Any]:
    """What the face of an open card shows (printed data, so public): its name, recruitment cost,
    strength and ability with the rules' text, in German and English. Not part of the state."""
    c = CARDS[card]
    text = CATALOGUE[f"ability.{c.ability}"] if c.ability else None
    return {
        "key": c.key,
        "name": {"en": c.en, "de": c.de},
        "cost": c.cost,
        "strength": c.strength,
        "ability": c.ability,
        "text": {"en": text["en"], "de": text["de"]} if text else None,
    }


def view(game: Game, st: MansfeldData, seat: int | None) -> dict[str, Any]:
    """What ``seat`` (None: a spectator) sees, in the core envelope; see the module docstring."""
    n = st.num_players
    if seat is not None:
        check_seat(seat, n)
    phase = st.phase
    secret_dice = phase == DICE
    points = scores(st)
    players = []
    for s in range(n):
        players.append(
            {
                "seat": s,
                "age": st.ages[s],
                "cards": _keys(st.cards[s]),
                "used": _keys(st.used[s]),
                "dice_set": st.choice[s] > 0 if secret_dice else True,
                "dice": (st.choice[s] or None) if (not secret_dice or s == seat) else None,
                "luck": st.luck[s] if phase == COMMIT else 0,
                "committed": st.commit[s] is not None if phase == COMMIT else False,
                "score": points[s],
            }
        )
    out = envelope(game, st, seat, PHASES[phase], players)  # type: ignore[arg-type]
    my_commit = None
    if phase == COMMIT and seat is not None and st.commit[seat] is not None:
        my_commit = _keys(st.commit[seat] or ())
    out.update(
        {
            "round": st.round,
            "deck_size": len(st.deck),
            "open": _keys(st.open),
            "open_cards": [_printed(c) for c in st.open],
            "left": _keys(st.left),
            "order": list(st.order) if phase == RECRUIT else [],
            "roll": list(st.dice) if phase == RECRUIT else [],
            "reach": _keys(st.reach) if phase == RECRUIT else [],
            "provinces": [
                {"no": i + 1, "value": v, "owner": (o if o >= 0 else None)}
                for i, (v, o) in enumerate(zip(st.values, st.owner, strict=True))
            ],
            "my_commit": my_commit,
            "winners": list(winners(st.values, st.owner, n)) if phase == OVER else None,
        }
    )
    return out


def winners(values: list[int], owner: list[int], players: int) -> tuple[int, ...]:
    """Highest total of province values; ties: more provinces, then the most valuable one, else
    the seats share the win (the same rule as the outcome, from public facts only)."""
    points, count, best = [0] * players, [0] * players, [0] * players
    for value, seat in zip(values, owner, strict=True):
        if seat >= 0:
            points[seat] += value
            count[seat] += 1
            best[seat] = max(best[seat], value)
    keys = [(points[s], count[s], best[s]) for s in range(players)]
    top = max(keys)
    return tuple(s for s in range(players) if keys[s] == top)


# Shared parts are referenced, not repeated: a small schema is checked much faster.
_CARD_LIST = {"$ref": "#/$defs/cards"}
_SEAT = {"$ref": "#/$defs/seat"}
_WORDS = {
    "type": "object",
    "required": ["en", "de"],
    "additionalProperties": False,
    "properties": {"en": {"type": "string"}, "de": {"type": "string"}},
}
DEFS: dict[str, Any] = {
    "cards": {"type": "array", "items": {"enum": list(KEYS)}},
    "words": _WORDS,
    "printed": {
        "type": "object",
        "required": ["key", "name", "cost", "strength", "ability", "text"],
        "additionalProperties": False,
        "properties": {
            "key": {"enum": list(KEYS)},
            "name": {"$ref": "#/$defs/words"},
            "cost": {"type": "integer", "minimum": 1, "maximum": MAX_COST},
            "strength": {"type": "integer", "minimum": 0},
            "ability": {"enum": [None, *ABILITIES]},
            "text": {"oneOf": [{"type": "null"}, {"$ref": "#/$defs/words"}]},
        },
    },
    "seat": {"type": "integer", "minimum": 0, "maximum": MAX_PLAYERS - 1},
}
PLAYER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["seat", "age", "cards", "used", "dice_set", "dice", "luck", "committed", "score"],
    "additionalProperties": False,
    "properties": {
        "seat": _SEAT,
        "age": {"type": "integer", "minimum": 0},
        "cards": _CARD_LIST,
        "used": _CARD_LIST,
        "dice_set": {"type": "boolean"},
        "dice": {"type": ["integer", "null"], "minimum": 1, "maximum": MAX_DICE},
        "luck": {"type": "integer", "minimum": 0, "maximum": 6},
        "committed": {"type": "boolean"},
        "score": {"type": "integer", "minimum": 0, "maximum": MAX_SCORE},
    },
}
GAME_KEYS: dict[str, Any] = {
    "phase": {"enum": list(PHASES)},
    "players": {"type": "array", "minItems": 2, "maxItems": MAX_PLAYERS, "items": PLAYER_SCHEMA},
    "round": {"type": "integer", "minimum": 0},
    "deck_size": {"type": "integer", "minimum": 0, "maximum": len(CARDS)},
    "open": _CARD_LIST,
    "open_cards": {"type": "array", "items": {"$ref": "#/$defs/printed"}},
    "left": _CARD_LIST,
    "order": {"type": "array", "items": _SEAT},
    "roll": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 6}},
    "reach": _CARD_LIST,
    "provinces": {
        "type": "array",
        "maxItems": PROVINCES,
        "items": {
            "type": "object",
            "required": ["no", "value", "owner"],
            "additionalProperties": False,
            "properties": {
                "no": {"type": "integer", "minimum": 1, "maximum": PROVINCES},
                "value": {"type": "integer", "minimum": 2, "maximum": 6 + PROVINCES},
                "owner": {"type": ["integer", "null"], "minimum": 0},
            },
        },
    },
    "my_commit": {"oneOf": [{"type": "null"}, _CARD_LIST]},
    "winners": {"oneOf": [{"type": "null"}, {"type": "array", "items": _SEAT}]},
}
SCHEMA: dict[str, Any] = {
    **view_schema(GAME_KEYS, [k for k in GAME_KEYS if k not in ("phase", "players")]),
    "$defs": DEFS,
    "additionalProperties": False,  # a key the schema does not know is a bug (or a leak)
}


# -- the observation -----------------------------------------------------------------------------
N_CARDS = len(CARDS)
CARD_SLOTS = 4 + 2 * MAX_PLAYERS  # open, left, reach, my_commit, held by seat p, used by seat p
SEAT_SLOTS = 8  # present, age, dice_set, dice, luck, committed, score, place in the order
PROVINCE_SLOTS = 2 + MAX_PLAYERS  # drawn, value, owner one-hot
OBSERVATION_SIZE = (
    len(PHASES)  # phase one-hot
    + MAX_PLAYERS  # the viewing seat, one-hot (none for a spectator)
    + MAX_PLAYERS  # seats to move
    + 3  # round, deck size, the seat owes a decision
    + N_CARDS * CARD_SLOTS
    + MAX_PLAYERS * SEAT_SLOTS
    + 7  # the roll: how many dice show each face, and how many dice
    + PROVINCES * PROVINCE_SLOTS
    + MAX_PLAYERS  # winners
)


def observation(v: Mapping[str, Any]) -> Observation:
    """A float32 vector of :data:`OBSERVATION_SIZE` numbers, from the view ``v`` alone (layout in
    ``docs/games/mansfeld.md``). Cards still in the deck have no location (they are unseen). The
    reference for :func:`observe`, which reads the same numbers from the state much faster."""
    f = Features(OBSERVATION_SIZE)
    f.one_hot(PHASES.index(v["phase"]), len(PHASES))
    f.one_hot(v["seat"], MAX_PLAYERS)
    moving = [0.0] * MAX_PLAYERS
    for s in v["to_move"]:
        moving[s] = 1.0
    f.extend(moving)
    f.add(v["round"] / N_CARDS)
    f.add(v["deck_size"] / N_CARDS)
    f.add(1.0 if v["decision"] is not None else 0.0)
    where = [[0.0] * CARD_SLOTS for _ in range(N_CARDS)]
    for slot, key in ((0, "open"), (1, "left"), (2, "reach")):
        for k in v[key]:
            where[BY_KEY[k].id][slot] = 1.0
    for k in v["my_commit"] or ():
        where[BY_KEY[k].id][3] = 1.0
    players = v["players"]
    for p in players:
        for k in p["cards"]:
            where[BY_KEY[k].id][4 + p["seat"]] = 1.0
        for k in p["used"]:
            where[BY_KEY[k].id][4 + MAX_PLAYERS + p["seat"]] = 1.0
    for row in where:
        f.extend(row)
    order = v["order"]
    for s in range(MAX_PLAYERS):
        if s >= len(players):
            f.skip(SEAT_SLOTS)
            continue
        p = players[s]
        f.add(1.0)
        f.add(p["age"] / MAX_AGE)
        f.add(1.0 if p["dice_set"] else 0.0)
        f.add((p["dice"] or 0) / MAX_DICE)
        f.add(p["luck"] / 6.0)
        f.add(1.0 if p["committed"] else 0.0)
        f.add(p["score"] / MAX_SCORE)
        f.add((order.index(s) + 1) / MAX_PLAYERS if s in order else 0.0)
    faces = [0.0] * 6
    for d in v["roll"]:
        faces[d - 1] += 0.1
    f.extend(faces)
    f.add(len(v["roll"]) / 10.0)
    provinces = v["provinces"]
    for i in range(PROVINCES):
        if i >= len(provinces):
            f.skip(PROVINCE_SLOTS)
            continue
        prov = provinces[i]
        f.add(1.0)
        f.add(prov["value"] / (6 + PROVINCES))
        f.one_hot(prov["owner"], MAX_PLAYERS)
    won = [0.0] * MAX_PLAYERS
    for s in v["winners"] or ():
        won[s] = 1.0
    f.extend(won)
    return np.minimum(f.done(), 1.0)


CARD_OFFSET = len(PHASES) + 2 * MAX_PLAYERS + 3
"""Where the card rows start (row ``c``: ``CARD_SLOTS`` numbers)."""
SEAT_OFFSET = CARD_OFFSET + N_CARDS * CARD_SLOTS
ROLL_OFFSET = SEAT_OFFSET + MAX_PLAYERS * SEAT_SLOTS
PROVINCE_OFFSET = ROLL_OFFSET + 7
WINNER_OFFSET = PROVINCE_OFFSET + PROVINCES * PROVINCE_SLOTS
FIELDS = field_layout(
    OBSERVATION_SIZE,
    ("phase", (len(PHASES),), "the phase, one-hot (dice, recruit, commit, over)"),
    ("seat", (MAX_PLAYERS,), "the viewing seat, one-hot"),
    ("to_move", (MAX_PLAYERS,), "the seats to move"),
    ("counters", (3,), "round / N, deck size / N, whether the seat owes a decision"),
    (
        "cards",
        (N_CARDS, CARD_SLOTS),
        "one row per card: open, left, reachable by the roll, in the own commitment, held by seat "
        "0-3, used by seat 0-3 (a card in the deck has no location)",
    ),
    (
        "players",
        (MAX_PLAYERS, SEAT_SLOTS),
        "one row per seat: present, age / 150, dice set, dice / 6, luck / 6, committed, "
        "score / 57, place in the turn order / 4",
    ),
    ("roll", (7,), "0.1 per die showing each face 1-6, the number of dice / 10"),
    ("provinces", (PROVINCES, PROVINCE_SLOTS), "one row per province: drawn, value / 12, owner one-hot"),
    ("winners", (MAX_PLAYERS,), "the winners, at the end"),
)
"""The observation's named blocks (``GameInfo.observation_fields``; :func:`blocks` reads them)."""
BLOCKS: dict[str, tuple[int, tuple[int, ...]]] = {f.name: (f.offset, f.shape) for f in FIELDS}
"""The observation's blocks: name -> (offset, shape); :func:`blocks` gives them as shaped views."""
assert BLOCKS["cards"][0] == CARD_OFFSET and BLOCKS["winners"][0] == WINNER_OFFSET
_CARD_AT = np.arange(N_CARDS) * CARD_SLOTS + CARD_OFFSET
_PROVINCE_VALUE = 1.0 / (6 + PROVINCES)


def blocks(obs: Observation) -> dict[str, Observation]:
    """The observation's blocks as shaped views (no copy): ``cards`` is a plane of one row per
    card, ``players`` one row per seat, ``provinces`` one row per province."""
    return unpack(obs, FIELDS)


def observe(
    st: MansfeldData,
    seat: int,
    partial: tuple[int, ...] = (),
    out: Observation | None = None,
    moving: tuple[int, ...] | None = None,
) -> Observation:
    """The seat's observation, read from the state straight into ``out`` (a buffer to reuse; a new
    array when None, and an array that is no writable contiguous float32 vector of the size gets
    the numbers copied in): the same numbers as :func:`observation` of ``view(seat)`` (the tests
    compare them at every position of random games), so it holds nothing the seat cannot see. The
    cards of the seat's partial staged commitment (``partial``: the "add card" actions taken) are
    marked as its commitment. Every number lies in [0, 1].

    Written by the compiled kernel (``_cobserve.c``, see :data:`native`) where it is built, else by
    its pure twin :func:`observe_pure`; both give the same numbers bit for bit. The seats to move
    and the winners come from the rules' functions here, not from C (``moving``: ``to_move(st)``,
    if the caller has it)."""
    if native is None:
        return observe_pure(st, seat, partial, out)
    won = winners(st.values, st.owner, st.num_players) if st.phase == OVER else ()
    if moving is None:
        moving = to_move(st)
    buf = np.empty(OBSERVATION_SIZE, np.float32) if out is None else out
    try:
        native.observe(st, seat, partial, buf, moving, won)
    except (TypeError, ValueError):
        if buf is not out:
            raise  # the state or the arguments, not the buffer
        buf = np.empty(OBSERVATION_SIZE, np.float32)  # an unsuitable ``out``: fill a fresh one
        native.observe(st, seat, partial, buf, moving, won)
        out[...] = buf
    return buf if out is None else out


def observe_seats(
    st: MansfeldData,
    seats: Sequence[int],
    out: Observation,
    partials: Sequence[tuple[int, ...]] | None = None,
    moving: tuple[int, ...] | None = None,
) -> Observation:
    """The observations of ``seats`` as the rows of ``out`` (``(len(seats), OBSERVATION_SIZE)``),
    row ``i`` exactly :func:`observe` of ``seats[i]`` with its partial staged commitment
    ``partials[i]`` (none when ``partials`` is None): the kernel reads what every seat sees alike
    once and adds each seat's own part (its seat, whether it owes a decision, its commitment, its
    secret dice choice) to a copy of it. An array the kernel cannot fill (not a writable
    C-contiguous float32 one) is filled seat by seat; one of another shape is a ValueError."""
    if partials is None:
        partials = ((),) * len(seats)
    if native is not None:
        won = winners(st.values, st.owner, st.num_players) if st.phase == OVER else ()
        if moving is None:
            moving = to_move(st)
        try:  # a writable C-contiguous float32 array of one row per seat is filled in place
            return native.observe_seats(st, moving, won, out, seats, partials)  # type: ignore[no-any-return]
        except (TypeError, ValueError):
            pass  # not such an array (or a spoiled state or seat, which raises again below)
    if len(partials) != len(seats):
        raise ValueError(f"observe_seats: {len(partials)} partials for {len(seats)} seats (one per seat)")
    return by_rows(
        out, seats, OBSERVATION_SIZE, lambda i, row: observe(st, seats[i], partials[i], row, moving)
    )


def seats_kernel(
    st: MansfeldData, moving: tuple[int, ...], out: Observation, seats: Sequence[int]
) -> Observation:
    """:func:`observe_seats` of seats without a partial staged commitment, by the kernel alone (the
    adapters' hot loop: ``Game.seats_observer``); the winners worked out here, as there. An array
    the kernel cannot fill is its TypeError or ValueError, nothing written."""
    assert native is not None  # (handed out only where it is built)
    won = winners(st.values, st.owner, st.num_players) if st.phase == OVER else ()
    return native.observe_seats(st, moving, won, out, seats, ((),) * len(seats))  # type: ignore[no-any-return]


def observe_pure(
    st: MansfeldData, seat: int, partial: tuple[int, ...] = (), out: Observation | None = None
) -> Observation:
    """:func:`observe` in pure Python, the twin of the compiled kernel (used where it is not built
    or ``FELDHERR_PURE=1`` asks for pure Python). Only the numbers that are not 0 are written, each
    straight into the buffer through a memoryview: as fast as a list's item assignment, and no
    list to convert afterwards."""
    buf, v = zeroed(out, OBSERVATION_SIZE)
    n = st.num_players
    phase = st.phase
    v[phase] = 1.0
    v[len(PHASES) + seat] = 1.0
    base = len(PHASES) + MAX_PLAYERS
    moving = to_move(st)
    for s in moving:
        v[base + s] = 1.0
    base += MAX_PLAYERS
    v[base] = st.round / N_CARDS
    v[base + 1] = len(st.deck) / N_CARDS
    v[base + 2] = 1.0 if seat in moving else 0.0
    at = _CARD_AT_LIST
    for c in st.open:
        v[at[c]] = 1.0
    for c in st.left:
        v[at[c] + 1] = 1.0
    recruiting = phase == RECRUIT
    if recruiting:
        for c in st.reach:
            v[at[c] + 2] = 1.0
    if phase == COMMIT:
        for c in st.commit[seat] or ():
            v[at[c] + 3] = 1.0
    for action in partial:
        v[at[action - COMMIT_BASE] + 3] = 1.0
    secret_dice = phase == DICE
    order = st.order if recruiting else ()
    points = [0] * n
    for value, owner in zip(st.values, st.owner, strict=True):
        if owner >= 0:
            points[owner] += value
    row = SEAT_OFFSET
    for s in range(n):
        held_at = 4 + s
        for c in st.cards[s]:
            v[at[c] + held_at] = 1.0
        used_at = 4 + MAX_PLAYERS + s
        for c in st.used[s]:
            v[at[c] + used_at] = 1.0
        choice = st.choice[s]
        v[row] = 1.0
        v[row + 1] = min(st.ages[s] / MAX_AGE, 1.0)
        v[row + 2] = 1.0 if (choice > 0 or not secret_dice) else 0.0
        if not secret_dice or s == seat:
            v[row + 3] = choice / MAX_DICE
        if phase == COMMIT:
            v[row + 4] = st.luck[s] / 6.0
            v[row + 5] = 1.0 if st.commit[s] is not None else 0.0
        v[row + 6] = points[s] / MAX_SCORE
        if s in order:
            v[row + 7] = (order.index(s) + 1) / MAX_PLAYERS
        row += SEAT_SLOTS
    if recruiting:
        faces = [0.0] * 6  # summed as the view-based observation sums them (float64)
        for d in st.dice:
            faces[d - 1] += 0.1
        for i, x in enumerate(faces):
            if x:
                v[ROLL_OFFSET + i] = x
        v[ROLL_OFFSET + 6] = min(len(st.dice) / 10.0, 1.0)
    row = PROVINCE_OFFSET
    for value, owner in zip(st.values, st.owner, strict=True):
        v[row] = 1.0
        v[row + 1] = value * _PROVINCE_VALUE
        if owner >= 0:
            v[row + 2 + owner] = 1.0
        row += PROVINCE_SLOTS
    if phase == OVER:
        for s in winners(st.values, st.owner, n):
            v[WINNER_OFFSET + s] = 1.0
    np.minimum(buf, 1.0, out=buf)
    return finish(buf, out)


_CARD_AT_LIST = [int(i) for i in _CARD_AT]


KERNEL_LAYOUT: dict[str, float] = {
    "size": OBSERVATION_SIZE,
    "phases": len(PHASES),
    "max_players": MAX_PLAYERS,
    "cards": N_CARDS,
    "card_slots": CARD_SLOTS,
    "seat_slots": SEAT_SLOTS,
    "province_slots": PROVINCE_SLOTS,
    "provinces": PROVINCES,
    "faces": 6,  # the roll block: how many dice show each face, then how many dice
    "phase_at": BLOCKS["phase"][0],
    "seat_at": BLOCKS["seat"][0],
    "to_move_at": BLOCKS["to_move"][0],
    "counters_at": BLOCKS["counters"][0],
    "card_at": CARD_OFFSET,
    "player_at": SEAT_OFFSET,
    "roll_at": ROLL_OFFSET,
    "province_at": PROVINCE_OFFSET,
    "winner_at": WINNER_OFFSET,
    "commit_base": COMMIT_BASE,
    "dice_phase": DICE,
    "recruit_phase": RECRUIT,
    "commit_phase": COMMIT,
    "max_age": MAX_AGE,
    "max_dice": MAX_DICE,
    "max_score": MAX_SCORE,
    "luck_scale": 6.0,  # a luck die's faces
    "roll_scale": 10.0,  # a roll's count: each die adds 0.1 to its face
    "province_scale": _PROVINCE_VALUE,
}
"""The layout the compiled kernel is handed once (``init``): the offsets, counts and scales of
:func:`observe_pure`, so that the C code has no number of its own."""


def _load_native() -> Any:
    """The compiled observation (``_cobserve.c``, built by ``setup.py`` where a C compiler exists),
    handed :data:`KERNEL_LAYOUT`; None where it is not built or ``FELDHERR_PURE=1`` asks for pure Python."""
    module = native_module("feldherr.mansfeld._cobserve")
    if module is not None:
        module.init(KERNEL_LAYOUT)
    return module


native: Any = _load_native()
"""The compiled observation module in use, or None (pure Python); tests switch it."""


# -- determinize ---------------------------------------------------------------------------------
def determinize(st: D, seat: int, seed: int) -> D:
    """A copy of ``st`` with everything ``seat`` cannot see drawn afresh from ``seed``: the order of
    the face-down deck, the dice other players have set but not yet revealed, the other players'
    hidden commitments (any subset of their hands, which lie open), and every future die (the
    undrawn pool is emptied and the generator reseeded). ``seat``'s view stays the same."""
    check_seat(seat, st.num_players)
    rng = Rng(seed)
    other = st.clone()
    if len(other.deck) > 1:
        order = shuffled(rng, len(other.deck))
        other.deck = [other.deck[i] for i in order]
    for s in range(other.num_players):
        if s == seat:
            continue
        if other.phase == DICE and other.choice[s]:
            other.choice[s] = rng.below(MAX_DICE) + 1
        if other.phase == COMMIT and other.commit[s] is not None:
            hand = other.cards[s]
            bits = rng.below(1 << len(hand))
            other.commit[s] = tuple(c for j, c in enumerate(hand) if bits >> j & 1)
    other.pool, other.pool_size = 0, 0
    other.rng = Rng(rng.derive(1))
    return other
