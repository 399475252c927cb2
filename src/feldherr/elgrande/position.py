"""El Grande positions: the table as data a person reads and writes (docs/positions.md).

Regions by their printed names (``data/board.json``), action cards by their ids
(``data/cards.json``), power cards by their values 1..13, modifiers by their number in
``data/decks.json``, players by the names the position gives them (the two-player game's neutral
colour is ``"Dummy"``). The hidden parts (the order of the action card stacks, the dummy's power and
region cards, the generator) are under ``"hidden"``; left out, they are drawn from the seed: each
stack from the cards of a fresh deal that are not on the table, cut to the stack sizes the
position gives.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, NoReturn

from feldherr.core.position import (
    COUNT,
    COUNT_TERMS,
    POSITION_FORMAT,
    RAW,
    Bits,
    Choice,
    Codec,
    Count,
    Field,
    Names,
    Reader,
    Ref,
    Refs,
    check_game,
    fail,
    field_terms,
    fields_schema,
    name_schema,
    object_schema,
    player_path,
    read_fields,
    read_options,
    write_fields,
    wrong,
)
from feldherr.core.rng import Rng
from feldherr.elgrande import data as D
from feldherr.elgrande.state import MODPASS, OVER, PHASE_NAMES, POWER, ElGrandeData

AREAS = Names("region", D.AREA_NAMES)
CARDS = Names("action card", D.CARD_IDS)
PHASES = Names("phase", PHASE_NAMES)
MODIFIERS = len(D.MODIFIER_VALUES)
DUMMY_NAME = "Dummy"
STAGES = Names("stage", ("not started", "started", "done"))
"""The two halves of a turn with an action card (``place_stage``, ``special_stage``)."""
DISC_KINDS = Names("disc step", ("scoring", "return", "umsturz", "unique"))
"""Why secret discs are set (``disc_kind``): the general scoring, Caballeros returning from the
Castillo, Umsturz, a card's one-region choice."""
NO_EFFECT = [-1, -1, -1]


class EffectSource(Codec):
    """The effect under way (``flow.effect_source``): ``{"card": id}`` for an action card's
    special action, ``{"modifier": n}`` for a modifier's ability (Machtverschiebung, its number
    in ``decks.json``), with ``"option"`` the chosen option of a choice (0 the first); ``null``
    none. The engine's ``[kind, index, option]``, as positions written before had it, loads too."""

    def enc(self, value: Any) -> Any:
        kind, index, option = value
        if kind < 0:
            return None
        out: dict[str, Any] = {"card": D.CARD_IDS[index]} if kind == 0 else {"modifier": index}
        if option >= 0:
            out["option"] = option
        return out

    def dec(self, value: Any, field: str, like: Any) -> Any:
        if value is None:
            return list(NO_EFFECT)
        if isinstance(value, list):
            if len(value) != 3 or not all(type(v) is int and v >= -1 for v in value):
                wrong(field, "[kind, index, option]", value)
            return list(value)
        r = Reader(value, field)
        if r.has("card") == r.has("modifier"):
            wrong(field, "a card or a modifier", sorted(map(str, value)))
        if r.has("card"):
            source = [0, CARDS.index(r.raw("card"), r.path("card"))]
        else:
            source = [1, r.integer("modifier", low=0, high=MODIFIERS - 1)]
        source.append(r.integer("option", -1, low=0) if r.has("option") else -1)
        r.done()
        return source

    def schema(self, like: Any) -> dict[str, Any]:
        option = {"type": "integer", "minimum": 0}
        modifier = {"type": "integer", "minimum": 0, "maximum": MODIFIERS - 1}
        return {
            "anyOf": [
                {"type": "null"},
                object_schema({"card": name_schema(CARDS), "option": option}, ["card"]),
                object_schema({"modifier": modifier, "option": option}, ["modifier"]),
                {"type": "array", "items": {"type": "integer", "minimum": -1}, "minItems": 3, "maxItems": 3},
            ]
        }


ERRORS: dict[str, dict[str, str]] = {
    **COUNT_TERMS,  # counts below take their plural forms (core.i18n); Caballeros the game's own
    **field_terms(Path(__file__).with_name("data") / "position_fields.json"),  # where a refusal looks
    "elgrande.position.caballeros": {
        "en": "{player} has {count:@unit.caballero} on the table; each colour has {max}",
        "de": "{player} hat {count:@unit.caballero} auf dem Tisch; jede Farbe hat {max}",
    },
    "elgrande.position.card-once": {
        "en": "{player}'s power card of value {card} is both in the hand and on the discard pile",
        "de": "Die Machtkarte mit dem Wert {card} von {player} ist zugleich auf der Hand und im Ablagestapel",
    },
    "elgrande.position.modifier-once": {
        "en": "the modifier {value} listed as {card} is in two places: with {player} and with {other}",
        "de": "Der Modifikator {value} mit der Nummer {card} liegt an zwei Stellen: "
        "bei {player} und bei {other}",
    },
    "elgrande.position.modifier-twice": {
        "en": "the modifier {value} listed as {card} of {player} is both in the hand and on the discard pile",
        "de": "Der Modifikator {value} mit der Nummer {card} von {player} ist zugleich auf der Hand "
        "und im Ablagestapel",
    },
    "elgrande.position.stack": {
        "en": "stack {stack} should hold {size:@pos.unit.card}; its cards not on the table: {left:#}",
        "de": "Stapel {stack} soll {size:@pos.unit.card} haben; seine Karten, die nicht offen liegen: "
        "{left:#}",
    },
    "elgrande.position.action-card": {
        "en": "the action card “{card_name}” lies in {count:@pos.unit.place} ({first} and {second}); "
        "the game has it {copies:@pos.unit.time}",
        "de": "Die Aktionskarte „{card_name}“ liegt an {count:@pos.unit.place} ({first} und {second}); "
        "das Spiel hat sie {copies:@pos.unit.time}",
    },
    "elgrande.position.action-card-game": {
        "en": "the action card “{card_name}” is not in the game with these options",
        "de": "Die Aktionskarte „{card_name}“ ist bei diesen Optionen nicht im Spiel",
    },
    "elgrande.position.stack-card": {
        "en": "the action card “{card_name}” is not a card of stack {stack}; each stack shows only its own "
        "cards",
        "de": "Die Aktionskarte „{card_name}“ gehört nicht zum Stapel {stack}; jeder Stapel zeigt nur seine "
        "eigenen Karten",
    },
    "elgrande.position.king-card": {
        "en": "the King's card is never discarded: it lies open again every round (its stack holds it alone)",
        "de": "Die Königskarte wird nie abgelegt: sie liegt jede Runde wieder offen (ihr Stapel hat nur sie)",
    },
    "elgrande.position.permanent": {
        "en": "only the stack of the King's card stays from round to round (the last one; none with "
        "Neue Regentschaft)",
        "de": "Nur der Stapel der Königskarte bleibt von Runde zu Runde liegen (der letzte; mit Neue "
        "Regentschaft keiner)",
    },
    "pos.unit.place#one": {"en": "{n} place", "de": "{n} Stelle"},
    "pos.unit.place#other": {"en": "{n} places", "de": "{n} Stellen"},
    "pos.unit.time#one": {"en": "once", "de": "einmal"},
    "pos.unit.time#other": {"en": "{n} times", "de": "{n}-mal"},
    "elgrande.position.power-cards": {
        "en": "{player}'s power card of value {card} is neither in the hand, nor on the discard pile, "
        "nor played; each player has power cards of the values 1 to 13",
        "de": "Die Machtkarte mit dem Wert {card} von {player} ist weder auf der Hand noch im "
        "Ablagestapel noch ausgespielt; jeder Spieler hat Machtkarten mit den Werten 1 bis 13",
    },
    "elgrande.position.power-played": {
        "en": "{player} has no power card played, but after the start player every player plays one, "
        "clockwise, before anybody takes an action card",
        "de": "{player} hat keine Machtkarte ausgespielt, aber nach dem Startspieler spielt jeder im "
        "Uhrzeigersinn eine aus, bevor jemand eine Aktionskarte nimmt",
    },
    "elgrande.position.power-early": {
        "en": "{player} has a power card played before their turn: the start player plays first, then "
        "the others clockwise",
        "de": "{player} hat eine Machtkarte ausgespielt, bevor er an der Reihe war: der Startspieler "
        "spielt zuerst, dann die anderen im Uhrzeigersinn",
    },
    "elgrande.position.players": {
        "en": "the position names {count:@pos.unit.player}, each once; the options say {players}",
        "de": "Die Stellung nennt {count:@pos.unit.player}, jeden einmal; die Optionen sagen {players}",
    },
}


def _fail(rule: str, **details: Any) -> NoReturn:
    """Refuse the position by the rule ``rule`` of :data:`ERRORS` (the English text as the message;
    a ``card_name`` detail is a key of the game's words, named in the reader's)."""
    from feldherr.core.i18n import WORD_DETAILS, format_text, term
    from feldherr.elgrande.text import CATALOGUE

    words = {**CATALOGUE, **ERRORS}
    named = {
        k: term(words, v, "en") if k in WORD_DETAILS and isinstance(v, str) else v for k, v in details.items()
    }
    fail(format_text(words, ERRORS[rule]["en"], named, "en"), rule, **details)


def _power_cards(st: ElGrandeData, names: list[str]) -> None:
    """Each player's 13 power cards (docs/rules-notes.md, El Grande 12 and "Power cards played"):
    each in the hand, on the discard pile or played this round (a card taken back with
    Ermächtigung both played and in hand); "Die Person mit dem Startmarker beginnt und spielt eine
    Machtkarte ... Danach spielen alle anderen im Uhrzeigersinn": in the power card phase the
    players from the start player up to the one whose turn it is have played, the others not; after
    it (the action cards, a scoring) every player has."""
    full = (1 << 14) - 2  # the cards 1..13
    n = st.num_players
    for p in range(n):
        played = st.power_played[p]
        missing = full & ~(st.power_hand[p] | st.power_discard[p] | (1 << played if played else 0))
        if missing:
            card = next(v for v in range(1, 14) if missing >> v & 1)
            _fail("elgrande.position.power-cards", card=card, player=names[p])
    if st.phase in (MODPASS, OVER):
        return
    for p in range(n):
        played = st.power_played[p] > 0
        turn = st.phase != POWER or (p - st.start_player) % n < (st.current - st.start_player) % n
        if turn and not played:
            _fail("elgrande.position.power-played", player=names[p])
        if played and not turn:
            _fail("elgrande.position.power-early", player=names[p])


def _modifiers_once(st: ElGrandeData, names: list[str]) -> None:
    """Machtverschiebung: each of the 16 modifier cards is in one place only: one player's hand,
    discard pile or play (a card just played may also be back in its player's hand)."""
    where: dict[int, str] = {}
    for p in range(st.num_players):
        played = st.modifier_played[p]
        hand, discard = st.modifier_hand[p], st.modifier_discard[p]
        twice = hand & discard | (discard & 1 << played if played >= 0 else 0)
        if twice:
            m = next(b for b in range(MODIFIERS) if twice >> b & 1)
            _fail(
                "elgrande.position.modifier-twice",
                card=m,
                value=f"{D.MODIFIER_VALUES[m]:+d}",
                player=names[p],
            )
        mine = hand | discard | (1 << played if played >= 0 else 0)
        for m in range(MODIFIERS):
            if mine >> m & 1:
                if m in where:
                    _fail(
                        "elgrande.position.modifier-once",
                        card=m,
                        value=f"{D.MODIFIER_VALUES[m]:+d}",
                        player=where[m],
                        other=names[p],
                    )
                where[m] = names[p]


def _shapes(st: ElGrandeData) -> None:
    """What the fields' types alone do not hold: one open card (or none) per stack, each stack
    permanent or not, the place in the turn order within it (``st.stacks`` is still the fresh
    deal's here: one per stack)."""
    for key in ("open_cards", "permanent_stacks"):
        if len(getattr(st, key)) != len(st.stacks):
            wrong(key, f"a list of {len(st.stacks)} entries", getattr(st, key))
    if len(st.scoreboards) != 2:  # the game has "2 Wertungstafeln"
        wrong("scoreboards", "a list of 2 entries", [AREAS.name(a) for a in st.scoreboards])
    for i, flag in enumerate(st.permanent_stacks):
        if flag not in (0, 1):
            wrong(f"permanent_stacks[{i}]", "a whole number 0 to 1", flag)
    if st.turn_order and not 0 <= st.turn_index <= len(st.turn_order):  # (kept between rounds)
        wrong("flow.turn_index", f"a whole number 0 to {len(st.turn_order)}", st.turn_index)


def _player_names(st: ElGrandeData) -> list[str]:
    return [f"Player {c + 1}" if c < st.num_players else DUMMY_NAME for c in range(st.colours)]


def _fields(who: Names) -> tuple[Field, ...]:
    ref = Ref(who)
    return (
        Field("court", "players", codec=COUNT),
        Field("province", "players", codec=COUNT),
        Field("grande", "players", codec=Ref(AREAS)),
        Field("score", "players", codec=COUNT),
        Field("power_hand", "players", "power_cards", Bits(14)),
        Field("power_discard", "players", "power_discard", Bits(14)),
        Field("power_played", "players", codec=Count(0, 13)),
        Field("power_total", "players"),
        Field("modifier_hand", "players", "modifiers", Bits(MODIFIERS)),
        Field("modifier_played", "players", codec=Count(-1, MODIFIERS - 1)),
        Field("modifier_discard", "players", codec=Bits(MODIFIERS)),
        Field("vetos", "players"),
        Field("discs", "players", "disc", Ref(AREAS)),
        Field("passed_modifier", "players"),
        Field("king", "top", codec=Ref(AREAS)),
        Field("scoreboards", "top", codec=Refs(AREAS, nullable=True)),
        Field("open_cards", "top", codec=Refs(CARDS, nullable=True)),
        Field("permanent_stacks", "top"),
        Field("action_discard", "top", "discard_pile", Refs(CARDS)),
        Field("card", "top", "card_in_use", Ref(CARDS)),
        Field("round_index", "flow"),
        Field("start_player", "flow", codec=ref),
        Field("turn_order", "flow", codec=Refs(who)),
        Field("turn_index", "flow"),
        Field("current", "flow", codec=ref),
        Field("phase", "flow", codec=Choice(PHASES)),
        Field("place_left", "flow"),
        Field("place_stage", "flow", codec=Choice(STAGES, numbers=True)),
        Field("special_stage", "flow", codec=Choice(STAGES, numbers=True)),
        Field("smuggle", "flow"),
        Field("veto_asking", "flow", codec=Refs(who, numbers=True)),
        Field("effect_source", "flow", codec=EffectSource()),
        Field("effect_args", "flow"),
        Field("effect_queue", "flow", codec=Refs(who, numbers=True)),
        Field("disc_waiting", "flow", codec=Refs(who, numbers=True)),
        Field("disc_kind", "flow", codec=Choice(DISC_KINDS, numbers=True)),
        Field("recall_left", "flow"),
    )


INT: dict[str, Any] = {"type": "integer", "minimum": 0}


def schema(game: Any) -> dict[str, Any]:
    """The JSON Schema of an El Grande position (docs/positions/elgrande.schema.json)."""
    fresh = game.new_state({"players": 5, "variant": ["machtverschiebung"]}, 0)
    parts = fields_schema(_fields(Names("player", ["Player 1"])), fresh)
    for key in ("start_player", "current"):
        parts["flow"][key] = {"type": ["string", "null"]}
    parts["flow"]["turn_order"] = {"type": "array", "items": {"type": "string"}}
    for key in ("veto_asking", "effect_queue", "disc_waiting"):  # players' names (numbers: before)
        parts["flow"][key] = {"type": "array", "items": {"type": ["string", "integer"]}}
    regions = {"type": "object", "propertyNames": name_schema(Names("area", D.AREA_NAMES[: D.AREAS]))}
    caballeros = {**regions, "additionalProperties": INT}
    player = object_schema({"name": {"type": "string"}, "caballeros": caballeros, **parts["players"]})
    hidden = object_schema(
        {
            "stacks": {"type": "array", "items": {"type": "array", "items": name_schema(CARDS)}},
            "dummy_power": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 13}},
            "region_deck": {"type": "array", "items": name_schema(AREAS)},
            "generator": {"type": "integer", "minimum": 0, "maximum": 2**64 - 1},
        }
    )
    top = {
        "game": {"const": "elgrande"},
        "format": {"const": POSITION_FORMAT},
        "options": {"type": "object"},
        "decisions": INT,
        "players": {"type": "array", "items": player, "minItems": 2, "maxItems": 5},
        "stack_sizes": {"type": "array", "items": INT},
        **parts["top"],
        "flow": object_schema(parts["flow"]),
        "hidden": hidden,
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "An El Grande position",
        **object_schema(top, ["game", "players"]),
    }


def position(st: Any) -> dict[str, Any]:
    """``st`` (an El Grande state) as a position, the hidden parts included."""
    names = _player_names(st)
    who = Names("player", names)
    players: list[dict[str, Any]] = []
    for c in range(st.colours):
        row = st.caballeros[c * D.AREAS : c * D.AREAS + D.AREAS]
        players.append(
            {"name": names[c], "caballeros": {D.AREA_NAMES[a]: row[a] for a in range(D.AREAS) if row[a]}}
        )
    out: dict[str, Any] = {
        "game": "elgrande",
        "format": POSITION_FORMAT,
        "options": dict(st.options),
        "decisions": st.version,
        "players": players,
    }
    write_fields(st, _fields(who), out, AREAS)
    out["stack_sizes"] = [len(s) for s in st.stacks]
    out["hidden"] = {
        "stacks": [[D.CARD_IDS[c] for c in reversed(s)] for s in st.stacks],
        "dummy_power": list(reversed(st.dummy_power)),
        "region_deck": [D.AREA_NAMES[r] for r in reversed(st.region_deck)],
        "generator": st.rng.state,
    }
    return out


def from_position(game: Any, data: Mapping[str, Any], seed: int) -> Any:
    """The state ``data`` describes (see the module docstring); ``game`` makes the fresh deal."""
    top = check_game(data, "elgrande")
    options = read_options(game, top)
    st = game.new_state(options, seed)
    rng = Rng(seed ^ 0x5EED)
    raw_players = top.array("players")
    fresh_names = _player_names(st)
    if len(raw_players) != st.colours:
        _fail("elgrande.position.players", count=len(raw_players), players=options["players"])
    readers = [Reader(p, player_path(i, p)) for i, p in enumerate(raw_players)]
    names = [r.text("name", fresh_names[i]) for i, r in enumerate(readers)]
    if len(set(names)) != len(names):
        _fail("elgrande.position.players", count=len(names), players=options["players"])
    who = Names("player", names)
    st.version = top.integer("decisions", 0)
    cab = [0] * (st.colours * D.AREAS)
    for c, r in enumerate(readers):
        counts = r.obj("caballeros", {})
        for area in counts.data:
            a = AREAS.index(area, counts.path(str(area)))
            if a >= D.AREAS:
                AREAS.index(None, counts.path(str(area)))
            cab[c * D.AREAS + a] = counts.integer(area, low=0, high=D.CABALLEROS)
        counts.done()
    st.caballeros = cab
    permanent = list(st.permanent_stacks)  # the deal's: the options decide it
    sections = {name: top.obj(name, {}) for name in ("flow",)}
    read_fields(st, _fields(who), top, readers, {}, AREAS, sections)
    for r in readers:
        r.done()
    sections["flow"].done()
    _shapes(st)
    for c, r in enumerate(readers):  # left out: the Caballeros in the province are those not elsewhere
        if not r.has("province") and st.province[c] >= 0:
            elsewhere = sum(cab[c * D.AREAS : c * D.AREAS + D.AREAS]) + st.court[c]
            st.province[c] = max(0, D.CABALLEROS - elsewhere)
    for c in range(st.colours):
        placed = sum(cab[c * D.AREAS : c * D.AREAS + D.AREAS]) + st.court[c] + max(0, st.province[c])
        if placed > D.CABALLEROS:
            _fail("elgrande.position.caballeros", player=names[c], count=placed, max=D.CABALLEROS)
    for p in range(st.num_players):
        both = st.power_hand[p] & st.power_discard[p]
        if both:
            card = next(v for v in range(14) if both >> v & 1)
            _fail("elgrande.position.card-once", card=card, player=names[p])
    _power_cards(st, names)
    _modifiers_once(st, names)
    hidden = top.obj("hidden", {})
    sizes = top.ints("stack_sizes", [len(s) for s in st.stacks])
    if len(sizes) != len(st.stacks):
        wrong("stack_sizes", f"a list of {len(st.stacks)} numbers", sizes)
    if hidden.has("stacks"):
        stacks = hidden.array("stacks")
        if len(stacks) != len(st.stacks):
            wrong("hidden.stacks", f"a list of {len(st.stacks)} stacks", stacks)
        st.stacks = [CARDS.indices(s, f"hidden.stacks[{i}]")[::-1] for i, s in enumerate(stacks)]
        for i, s in enumerate(st.stacks):
            if len(s) != sizes[i]:
                _fail("elgrande.position.stack", stack=i + 1, size=sizes[i], left=len(s))
    else:
        seen = [*st.action_discard, *(c for c in st.open_cards if c >= 0)]
        if st.card >= 0:
            seen.append(st.card)
        stacks = []
        for i, pool in enumerate(_stack_pools(options, len(st.stacks))):
            left = list(st.stacks[i]) if st.permanent_stacks[i] else list(pool)
            if not st.permanent_stacks[i]:
                for c in seen:
                    if c in left:
                        left.remove(c)
                rng.shuffle(left)
            if len(left) < sizes[i]:
                _fail("elgrande.position.stack", stack=i + 1, size=sizes[i], left=len(left))
            stacks.append(left[: sizes[i]])
        st.stacks = stacks
    _action_cards_once(st, options, permanent)
    if hidden.has("dummy_power"):
        st.dummy_power = hidden.ints("dummy_power", low=1, high=13)[::-1]
    if hidden.has("region_deck"):
        st.region_deck = [
            AREAS.index(v, f"hidden.region_deck[{i}]") for i, v in enumerate(hidden.array("region_deck"))
        ][::-1]
    st.rng = Rng.from_state(hidden.integer("generator", rng.derive(1), 0, 2**64 - 1))
    hidden.done()
    top.raw("game")
    top.raw("format", POSITION_FORMAT)
    top.done()
    st._legal_cache = None
    st._legal_cache_seat = -1
    st.log = []
    return st


def _action_cards_once(st: ElGrandeData, options: Mapping[str, Any], permanent: list[int]) -> None:
    """Every action card lies in one place (docs/rules-notes.md, El Grande 13 and "Action cards in
    one place"): in its stack, open on its stack, in play or on the discard pile, each card as many
    times as the game has it; the King's card only in its stack, open or in play, never discarded;
    only its stack stays from round to round."""
    if st.permanent_stacks != permanent:
        _fail("elgrande.position.permanent")
    pools = _stack_pools(options, len(st.stacks))
    copies: dict[int, int] = {}
    for pool in pools:
        for c in pool:
            copies[c] = copies.get(c, 0) + 1
    places: dict[int, list[str]] = {}

    def put(card: int, where: str) -> None:
        if card not in copies:
            _fail("elgrande.position.action-card-game", card_name=f"card.{D.CARD_IDS[card]}")
        places.setdefault(card, []).append(where)

    for s, stack in enumerate(st.stacks):
        for c in stack:
            if c not in pools[s]:
                _fail("elgrande.position.stack-card", card_name=f"card.{D.CARD_IDS[c]}", stack=s + 1)
            if not permanent[s]:
                put(c, f"hidden.stacks[{s}]")
        if permanent[s] and stack != pools[s]:
            _fail("elgrande.position.stack", stack=s + 1, size=len(pools[s]), left=len(stack))
    for s, c in enumerate(st.open_cards):
        if c >= 0:
            if c not in pools[s]:
                _fail("elgrande.position.stack-card", card_name=f"card.{D.CARD_IDS[c]}", stack=s + 1)
            put(c, f"open_cards[{s}]")
    for i, c in enumerate(st.action_discard):
        if c == D.KING_CARD and any(permanent):
            _fail("elgrande.position.king-card")
        put(c, f"discard_pile[{i}]")
    if st.card >= 0:
        put(st.card, "card_in_use")
    for c, where in places.items():
        if len(where) > copies[c]:
            _fail(
                "elgrande.position.action-card",
                card_name=f"card.{D.CARD_IDS[c]}",
                count=len(where),
                first=where[0],
                second=where[1],
                copies=copies[c],
            )


def _stack_pools(options: Mapping[str, Any], count: int) -> list[list[int]]:
    """Every card that may lie in each action card stack under ``options`` (as the setup deals
    them, with the Alte Hasen cards added to their stacks; cards sent back into the box unseen
    stay possible)."""
    variant = set(options["variant"])
    stacks = D.deck_stacks(options["deck"])
    picked = {t.split(":", 1)[1] for t in variant if t.startswith("alte_hasen:")}
    if "alte_hasen" in variant or picked:
        for stack_no, card in D.alte_hasen_cards():
            if not picked or D.CARD_IDS[card] in picked:
                stacks[stack_no - 1].append(card)
    if "neue_regentschaft" in variant:
        stacks[4] = D.regentschaft_cards()
    if count == 4 and len(stacks) == 5:
        stacks = [stacks[0], stacks[1] + stacks[2], stacks[3], stacks[4]]
    return stacks


__all__ = ["ERRORS", "RAW", "from_position", "position"]
