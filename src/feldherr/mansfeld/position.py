"""Ernst von Mansfeld positions: the table as data a person reads and writes (docs/positions.md).

A position names the characters by their keys in ``data/characters.json`` and the players by the
names it gives them; the hidden parts (the order of the face-down deck, the dice the engine has
drawn but not rolled yet, the generator) are under ``"hidden"`` and drawn from the seed where left
out. :func:`position` writes one, :func:`from_position` reads one, checks it against the rules of
the table and builds the state.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, NoReturn

from feldherr.core.position import (
    COUNT_TERMS,
    POSITION_FORMAT,
    Names,
    Reader,
    check_game,
    fail,
    field_terms,
    name_schema,
    object_schema,
    player_path,
    repeated,
    shown_json,
)
from feldherr.core.rng import Rng
from feldherr.mansfeld.data import CARDS, KEYS, MAX_DICE, PROVINCES
from feldherr.mansfeld.rules.dice import POW6
from feldherr.mansfeld.rules.flow import next_province
from feldherr.mansfeld.state import COMMIT, DICE, PHASES, RECRUIT, MansfeldData

CARD_NAMES = Names("character", KEYS, {c.key: {"en": c.name("en"), "de": c.name("de")} for c in CARDS})
PHASE_NAMES = Names("phase", PHASES)

ERRORS: dict[str, dict[str, str]] = {
    "mansfeld.position.card-once": {
        "en": "the character {card} lies in two places ({first} and {second}); every card exists once",
        "de": "Der Charakter {card} liegt an zwei Stellen ({first} und {second}); jede Karte gibt es einmal",
    },
    **COUNT_TERMS,  # counts below take their plural forms (core.i18n)
    **field_terms(Path(__file__).with_name("data") / "position_fields.json"),  # where a refusal looks
    "mansfeld.position.deck": {
        "en": "the face-down deck holds {size:@pos.unit.card}; characters not on the table: {free:#}",
        "de": "Der verdeckte Stapel hat {size:@pos.unit.card}; Charaktere, die nicht auf dem Tisch "
        "liegen: {free:#}",
    },
    "mansfeld.position.players": {
        "en": "the position has {count:@pos.unit.player}; the game is for 2 to 4, each named once",
        "de": "Die Stellung hat {count:@pos.unit.player}; das Spiel ist für 2 bis 4, jeder mit eigenem Namen",
    },
    "mansfeld.position.commit": {
        "en": "{player} commits {card}, which is not in the hand",
        "de": "{player} setzt {card} ein, hat die Karte aber nicht auf der Hand",
    },
    "mansfeld.position.provinces": {
        "en": "provinces drawn: {count:#}; the game has {max}",
        "de": "Gezogene Provinzen: {count:#}; das Spiel hat {max}",
    },
    "mansfeld.position.order": {
        "en": "the turn order must name every player once",
        "de": "Die Zugreihenfolge muss jeden Spieler genau einmal nennen",
    },
    "mansfeld.position.phase": {
        "en": "the phase {phase} needs {need}",
        "de": "Die Phase {phase} braucht {need}",
    },
}


def _fail(rule: str, **details: Any) -> NoReturn:
    """Refuse the position by the rule ``rule`` of :data:`ERRORS` (the English text as the message)."""
    from feldherr.core.i18n import format_text
    from feldherr.mansfeld.text import error_details

    fail(format_text(ERRORS, ERRORS[rule]["en"], error_details(details, "en", None), "en"), rule, **details)


INT: dict[str, Any] = {"type": "integer", "minimum": 0}


def schema() -> dict[str, Any]:
    """The JSON Schema of a Mansfeld position (docs/positions/mansfeld.schema.json)."""
    cards = {"type": "array", "items": name_schema(CARD_NAMES), "uniqueItems": True}
    player = object_schema(
        {
            "name": {"type": "string"},
            "age": {"type": "integer", "minimum": 0, "maximum": 150},
            "cards": cards,
            "used": cards,
            "dice_set": {"type": "integer", "minimum": 0, "maximum": MAX_DICE},
            "luck": {"type": "integer", "minimum": 0, "maximum": 6},
            "commit": {"anyOf": [cards, {"type": "null"}]},
        }
    )
    province = object_schema(
        {"value": {"type": "integer", "minimum": 1}, "owner": {"type": ["string", "null"]}}, ["value"]
    )
    hidden = object_schema(
        {
            "deck": cards,
            "dice": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 6}},
            "generator": {"type": "integer", "minimum": 0, "maximum": 2**64 - 1},
        }
    )
    top = {
        "game": {"const": "mansfeld"},
        "format": {"const": POSITION_FORMAT},
        "decisions": INT,
        "players": {"type": "array", "items": player, "minItems": 2, "maxItems": 4},
        "phase": name_schema(PHASE_NAMES),
        "round": {"type": "integer", "minimum": 0, "maximum": len(CARDS)},
        "open": cards,
        "left": cards,
        "deck_size": INT,
        "turn_order": {"type": "array", "items": {"type": "string"}},
        "turn": INT,
        "roll": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 6}},
        "reach": cards,
        "provinces": {"type": "array", "items": province, "maxItems": PROVINCES},
        "hidden": hidden,
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "An Ernst von Mansfeld position",
        **object_schema(top, ["game", "players"]),
    }


def default_names(players: int) -> list[str]:
    return [f"Player {i + 1}" for i in range(players)]


def position(st: MansfeldData) -> dict[str, Any]:
    """``st`` as a position (everything, the hidden parts included)."""
    names = default_names(st.num_players)
    players = []
    for s in range(st.num_players):
        players.append(
            {
                "name": names[s],
                "age": st.ages[s],
                "cards": [KEYS[c] for c in st.cards[s]],
                "used": [KEYS[c] for c in st.used[s]],
                "dice_set": st.choice[s],
                "luck": st.luck[s],
                "commit": _keys(st.commit[s]),
            }
        )
    return {
        "game": "mansfeld",
        "format": POSITION_FORMAT,
        "decisions": st.version,
        "players": players,
        "phase": PHASES[st.phase],
        "round": st.round,
        "open": [KEYS[c] for c in st.open],
        "left": [KEYS[c] for c in st.left],
        "deck_size": len(st.deck),
        "turn_order": [names[s] for s in st.order],
        "turn": st.turn,
        "roll": list(st.dice),
        "reach": [KEYS[c] for c in st.reach],
        "provinces": [
            {"value": v, "owner": names[o] if o >= 0 else None}
            for v, o in zip(st.values, st.owner, strict=True)
        ],
        "hidden": {
            "deck": [KEYS[c] for c in reversed(st.deck)],
            "dice": [(st.pool // POW6[i]) % 6 + 1 for i in range(st.pool_size)],
            "generator": st.rng.state,
        },
    }


def _keys(cards: tuple[int, ...] | None) -> list[str] | None:
    return None if cards is None else [KEYS[c] for c in cards]


def from_position(cls: type[MansfeldData], data: Mapping[str, Any], seed: int) -> MansfeldData:
    """The state ``data`` describes; hidden parts it leaves out drawn from ``seed``."""
    top = check_game(data, "mansfeld")
    rng = Rng(seed)
    raw_players = top.array("players")
    count = len(raw_players)
    if not 2 <= count <= 4:
        _fail("mansfeld.position.players", count=count)
    readers = [Reader(p, player_path(i, p)) for i, p in enumerate(raw_players)]
    names = [r.text("name", default_names(count)[i]) for i, r in enumerate(readers)]
    if len(set(names)) != count:
        _fail("mansfeld.position.players", count=count)
    who = Names("player", names)
    ages = [r.integer("age", count - i, 0, 150) for i, r in enumerate(readers)]
    st = cls.blank(count, ages, rng)
    st.version = top.integer("decisions", 0)
    phase_name = top.text("phase", "dice")
    if phase_name not in PHASES:
        fail(
            f"{shown_json(phase_name)} is not a phase",
            "core.position.name",
            value=shown_json(phase_name),
            field="phase",
            kind="phase",
        )
    st.phase = PHASES.index(phase_name)
    st.round = top.integer("round", 1, 0, len(CARDS))  # each round shows a new card: at most one a card
    where: dict[int, str] = {}

    def place(cards: list[int], field: str) -> list[int]:
        for c in cards:
            if c in where:
                _fail(
                    "mansfeld.position.card-once",
                    card=KEYS[c],
                    first=where[c],
                    second=field,
                )
            where[c] = field
        return cards

    for s, r in enumerate(readers):
        st.cards[s] = sorted(place(CARD_NAMES.indices(r.raw("cards", []), r.path("cards")), r.path("cards")))
        st.used[s] = place(CARD_NAMES.indices(r.raw("used", []), r.path("used")), r.path("used"))
        st.choice[s] = r.integer("dice_set", 0, 0, MAX_DICE)
        st.luck[s] = r.integer("luck", 0, 0, 6)
        commit = r.raw("commit", None)
        if commit is not None:
            committed = CARD_NAMES.indices(commit, r.path("commit"))
            if len(set(committed)) != len(committed):  # each character once (every card is unique)
                repeated(r.path("commit"), commit, CARD_NAMES.words)
            for c in committed:
                if c not in st.cards[s]:
                    _fail("mansfeld.position.commit", player=names[s], card=KEYS[c])
            st.commit[s] = tuple(committed)
        r.done()
    st.open = place(CARD_NAMES.indices(top.raw("open", []), "open"), "open")
    st.left = place(CARD_NAMES.indices(top.raw("left", []), "left"), "left")
    order = [who.index(v, f"turn_order[{i}]") for i, v in enumerate(top.array("turn_order", []))]
    if order and sorted(order) != list(range(count)):
        _fail("mansfeld.position.order")
    st.order = order
    st.turn = top.integer("turn", 0, 0, count)
    st.dice = tuple(top.ints("roll", [], 1, 6))
    st.reach = CARD_NAMES.indices(top.raw("reach", []), "reach")
    provinces = top.array("provinces", [])
    if len(provinces) > PROVINCES:
        _fail("mansfeld.position.provinces", count=len(provinces), max=PROVINCES)
    for i, p in enumerate(provinces):
        pr = Reader(p, f"provinces[{i}]")
        st.values.append(pr.integer("value", low=1, high=6 + PROVINCES))
        st.owner.append(who.index(pr.raw("owner", None), pr.path("owner"), allow_none=True))
        pr.done()
    given = top.has("deck_size")  # left out: the characters not on the table (or the deck given)
    deck_size = top.integer("deck_size", 0, 0, len(CARDS))
    hidden = top.obj("hidden", {})
    free = [c for c in range(len(CARDS)) if c not in where]
    if not given:
        deck_size = (
            len(hidden.raw("deck"))
            if hidden.has("deck") and isinstance(hidden.raw("deck"), list)
            else len(free)
        )
    if hidden.has("deck"):
        deck = place(CARD_NAMES.indices(hidden.raw("deck"), "hidden.deck"), "hidden.deck")
        if len(deck) != deck_size or len(where) != len(CARDS):
            _fail("mansfeld.position.deck", size=deck_size, free=len(free))
        st.deck = deck[::-1]
    else:
        if len(free) != deck_size:
            _fail("mansfeld.position.deck", size=deck_size, free=len(free))
        rng.shuffle(free)
        st.deck = free
    pool: list[int] = hidden.ints("dice", [], 1, 6)
    st.pool = sum((die - 1) * POW6[i] for i, die in enumerate(pool))
    st.pool_size = len(pool)
    st.rng = Rng.from_state(hidden.integer("generator", rng.derive(1), 0, 2**64 - 1))
    hidden.done()
    top.raw("game")
    top.raw("format", POSITION_FORMAT)
    top.done()
    st.derive()
    if st.phase == COMMIT and (not st.values or st.owner[-1] >= 0 or all(c is not None for c in st.commit)):
        # the conquering phase begins, or a province is decided: the game draws the next one
        if st.values and all(c is not None for c in st.commit):
            fail("a decided province", "core.position.inconsistent", reason="every commitment is in")
        st.commit = [None] * count
        next_province(st)
    _check_phase(st, phase_name)
    return st


def _check_phase(st: MansfeldData, phase: str) -> None:
    if st.phase == RECRUIT and (not st.order or not st.dice):
        _fail("mansfeld.position.phase", phase=phase, need="order-roll")
    if st.phase == COMMIT and not st.values:
        _fail("mansfeld.position.phase", phase=phase, need="province")
    if (
        st.phase != DICE
        and st.phase != COMMIT
        and any(st.commit[s] is not None for s in range(st.num_players))
    ):
        _fail("mansfeld.position.phase", phase=phase, need="no-commit")
