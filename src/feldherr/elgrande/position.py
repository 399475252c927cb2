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
from feldherr.elgrande.state import (
    ACT,
    COURT,
    DISC,
    DISC_RETURN,
    DISC_UMSTURZ,
    DISC_UNIQUE,
    EFFECT,
    MODPASS,
    OVER,
    PHASE_NAMES,
    POWER,
    RECALL,
    ROUNDS_FULL,
    ROUNDS_SHORT,
    ElGrandeData,
)

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
    "elgrande.position.modifier-name": {  # a modifier card named twice in one list, in quotes
        "en": "modifier {value} (number {card})",
        "de": "Modifikator {value} (Nummer {card})",
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
        "en": "the action card “{card_name}” lies in {count:@pos.unit.place}, {first} and {second} among "
        "them; the game has it {copies:@pos.unit.time}",
        "de": "Die Aktionskarte „{card_name}“ liegt an {count:@pos.unit.place}, darunter {first} und "
        "{second}; das Spiel hat sie {copies:@pos.unit.time}",
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
    "elgrande.position.card-in-play": {
        "en": "“{card_name}” is in play though {player} carries out no action card at this step: a "
        "card is in play from the moment a player takes it from its stack until that player's turn "
        "ends, when it goes onto the discard pile",
        "de": "„{card_name}“ ist im Spiel, obwohl {player} bei diesem Schritt keine Aktionskarte "
        "ausführt: Eine Karte ist im Spiel, sobald ein Spieler sie von ihrem Stapel nimmt, bis sein "
        "Zug endet; dann kommt sie auf den Ablagestapel",
    },
    "elgrande.position.card-missing": {
        "en": "{player} carries out an action card at this step, but no card is in play: the card a "
        "player takes from its stack stays in play until that player's turn ends",
        "de": "{player} führt bei diesem Schritt eine Aktionskarte aus, aber keine Karte ist im Spiel: "
        "Die Karte, die ein Spieler von ihrem Stapel nimmt, bleibt im Spiel, bis sein Zug endet",
    },
    "elgrande.position.taken": {
        "en": "the open action cards do not fit the turn: stacks without an open card: {missing:#}; "
        "cards taken this round: {count:#} (each player before {player} in the turn order has taken "
        "one, and {player} too once a card is in play)",
        "de": "Die offenen Aktionskarten passen nicht zum Zug: Stapel ohne offene Karte: {missing:#}; in "
        "dieser Runde genommene Karten: {count:#} (jeder Spieler vor {player} in der Reihenfolge hat "
        "eine genommen, und {player} auch, sobald eine Karte im Spiel ist)",
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
    "elgrande.position.power-left": {
        "en": "{player} has {count:@pos.unit.power-card} in hand, but {total:@pos.unit.round} still to play "
        "need one each: each player has 13 power cards for the whole game",
        "de": "{player} hat {count:@pos.unit.power-card} auf der Hand, aber {total:@pos.unit.round} sind "
        "noch zu spielen, jede braucht eine: jeder Spieler hat 13 Machtkarten für das ganze Spiel",
    },
    "pos.unit.power-card#one": {"en": "{n} power card", "de": "{n} Machtkarte"},
    "pos.unit.power-card#other": {"en": "{n} power cards", "de": "{n} Machtkarten"},
    "pos.unit.round#one": {"en": "{n} round", "de": "{n} Runde"},
    "pos.unit.round#other": {"en": "{n} rounds", "de": "{n} Runden"},
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
    "elgrande.position.turn-order": {
        "en": "{player} is at the turn, but the turn order has {other} at this place: from the court "
        "phase to the action cards the players take their turns in the order of their power cards",
        "de": "{player} ist an der Reihe, aber die Zugreihenfolge hat an dieser Stelle {other}: von der "
        "Hofphase bis zu den Aktionskarten sind die Spieler in der Reihenfolge ihrer Machtkarten dran",
    },
    # the special action under way (flow.effect_source, effect_args, effect_queue, recall_left) and
    # the action card's placements left (place_left): docs/rules-notes.md, El Grande "Effects under way"
    "elgrande.position.effect-source": {
        "en": "the special action under way is that of the action card in use or of the modifier the "
        "player whose turn it is played, and only one that takes more than one step",
        "de": "Die laufende Sonderaktion ist die der genutzten Aktionskarte oder des Modifikators, den der "
        "Spieler am Zug ausgespielt hat, und nur eine, die mehr als einen Schritt braucht",
    },
    "elgrande.position.effect-args": {
        "en": "the special action of {card_name} under way keeps {number:@pos.unit.counter} in this step, "
        "not {count:#}",
        "de": "Für {card_name} hat die laufende Sonderaktion in diesem Schritt {number:@pos.unit.counter}, "
        "nicht {count:#}",
    },
    "elgrande.position.effect-count": {
        "en": "the counter “{counter}” of {card_name} is {value} in the position; the rules allow {low} to "
        "{high} here",
        "de": "Der Zähler „{counter}“ für {card_name} steht in der Stellung auf {value}; die Regeln erlauben "
        "hier {low} bis {high}",
    },
    "elgrande.position.disc": {
        "en": "{player}'s secret disc shows {region}; a secret disc shows one of the nine regions",
        "de": "Die Geheimscheibe von {player} zeigt {region}; eine Geheimscheibe zeigt eine der neun "
        "Regionen",
    },
    "elgrande.position.effect-region": {
        "en": "the counter “{counter}” of {card_name} names the King's region ({region}): nothing may be "
        "taken out of it or put into it",
        "de": "Der Zähler „{counter}“ für {card_name} nennt die Königsregion ({region}): aus ihr darf nichts "
        "genommen und in sie nichts gestellt werden",
    },
    "elgrande.position.effect-picked": {
        "en": "the Caballero picked up for {card_name} is one of {player} in {region}, but none stands "
        "there, or the card moves no more of that colour",
        "de": "Der aufgenommene Caballero für {card_name} ist einer von {player} in {region}, aber dort "
        "steht keiner, oder die Karte versetzt keine mehr dieser Farbe",
    },
    "elgrande.position.effect-court": {
        "en": "{player} places Caballeros from the court for {card_name}, but has none at court",
        "de": "{player} setzt für {card_name} Caballeros vom Hof ein, hat aber keinen am Hof",
    },
    "elgrande.position.effect-queue": {
        "en": "the players still to send Caballeros back for {card_name} are the others from the left of "
        "{player}, each once, those done left out",
        "de": "Die Spieler, die für {card_name} noch Caballeros zurückschicken, sind die anderen von links "
        "von {player} an, jeder einmal, ohne die schon fertigen",
    },
    "elgrande.position.effect-return": {
        "en": "{player} is to choose {count:@unit.caballero} to send back for {card_name}, but has {left:#} "
        "in the regions and at court: with no more than that, all go back without a choice",
        "de": "{player} soll für {card_name} {count:@unit.caballero} zum Zurückschicken wählen, hat aber "
        "{left:#} in den Regionen und am Hof: sind es nicht mehr, gehen alle ohne Wahl zurück",
    },
    "elgrande.position.effect-colours": {
        "en": "the colours still to lose a Caballero to {card_name} are the other colours after the last one "
        "done, in seat order, each once",
        "de": "Die Farben, die durch {card_name} noch einen Caballero verlieren, sind die anderen Farben "
        "nach der zuletzt erledigten, in Sitzreihenfolge, jede einmal",
    },
    "elgrande.position.effect-escort": {
        "en": "for {card_name} the King has left {region}, but no Caballero stands there any more to go "
        "with him",
        "de": "Für {card_name} hat der König {region} verlassen, dort steht aber kein Caballero mehr, der "
        "mitziehen könnte",
    },
    "pos.unit.counter#one": {"en": "{n} counter", "de": "{n} Zähler"},
    "pos.unit.counter#other": {"en": "{n} counters", "de": "{n} Zähler"},
    "pos.effect.power": {"en": "the power card played", "de": "die ausgespielte Machtkarte"},
    "pos.effect.modifier": {"en": "the modifier's ability", "de": "die Sonderfähigkeit des Modifikators"},
    **{
        f"pos.effect.{cid}": {"en": f"the card “{D.CARD_EN[i]}”", "de": f"die Karte „{D.CARD_DE[i]}“"}
        for i, cid in enumerate(D.CARD_IDS)
    },
    "pos.counter.own": {
        "en": "moves of own Caballeros left",
        "de": "übrige Züge mit eigenen Caballeros",
    },
    "pos.counter.foreign": {
        "en": "moves of other colours' Caballeros left",
        "de": "übrige Züge mit fremden Caballeros",
    },
    "pos.counter.any": {
        "en": "moves of Caballeros of any colour left",
        "de": "übrige Züge mit beliebigen Caballeros",
    },
    "pos.counter.one-source": {
        "en": "from one region only (1) or not (0)",
        "de": "nur aus einer Region (1) oder nicht (0)",
    },
    "pos.counter.source": {
        "en": "region moved from (-1: none yet)",
        "de": "Region, aus der versetzt wird (-1: noch keine)",
    },
    "pos.counter.picked-colour": {
        "en": "colour of the Caballero picked up (-1: none)",
        "de": "Farbe des aufgenommenen Caballeros (-1: keiner)",
    },
    "pos.counter.picked-region": {
        "en": "region of the Caballero picked up (-1: none)",
        "de": "Region des aufgenommenen Caballeros (-1: keiner)",
    },
    "pos.counter.place": {
        "en": "Caballeros still to place",
        "de": "noch einzusetzende Caballeros",
    },
    "pos.counter.castillo": {
        "en": "Castillo allowed (1) or not (0)",
        "de": "Castillo erlaubt (1) oder nicht (0)",
    },
    "pos.counter.return-left": {
        "en": "Caballeros the player at it still sends back",
        "de": "Caballeros, die der Spieler an der Reihe noch zurückschickt",
    },
    "pos.counter.return-each": {
        "en": "Caballeros each player sends back",
        "de": "Caballeros, die jeder zurückschickt",
    },
    "pos.counter.disc-min": {
        "en": "Caballeros a region chosen must hold",
        "de": "Caballeros, die eine gewählte Region mindestens haben muss",
    },
    "pos.counter.disc-amount": {
        "en": "Caballeros sent back from the region chosen (0: all)",
        "de": "Caballeros, die aus der gewählten Region zurückgehen (0: alle)",
    },
    "pos.counter.chosen": {
        "en": "region chosen (-1: none yet)",
        "de": "gewählte Region (-1: noch keine)",
    },
    "pos.counter.step": {
        "en": "step not taken yet (-1)",
        "de": "noch nicht getaner Schritt (-1)",
    },
    "pos.counter.king-old": {
        "en": "the King's old region (-1: not moved yet)",
        "de": "alte Region des Königs (-1: noch nicht versetzt)",
    },
    "pos.counter.escort": {
        "en": "Caballeros still to go with the King (at most those in its old region)",
        "de": "Caballeros, die noch mit dem König ziehen (höchstens die in seiner alten Region)",
    },
    "pos.counter.king-moved": {
        "en": "Caballeros to go with the King before it has moved",
        "de": "Caballeros, die mit dem König ziehen, bevor er versetzt ist",
    },
    "pos.counter.recall": {
        "en": "Caballeros still to take back to the court from the regions",
        "de": "Caballeros, die noch aus den Regionen an den Hof kommen",
    },
    "pos.counter.card-place": {
        "en": "Caballeros of the action card still to place",
        "de": "noch einzusetzende Caballeros der Aktionskarte",
    },
    "elgrande.position.players": {
        "en": "the position names {count:@pos.unit.player}, each once; the options say {players}",
        "de": "Die Stellung nennt {count:@pos.unit.player}, jeden einmal; die Optionen sagen {players}",
    },
}

MODIFIER_WORDS: dict[int, dict[str, str]] = {
    m: {
        lang: words.format(value=f"{v:+d}", card=m)
        for lang, words in ERRORS["elgrande.position.modifier-name"].items()
    }
    for m, v in enumerate(D.MODIFIER_VALUES)
}
"""A modifier card (Machtverschiebung) as a person reads it, for a refusal naming one twice: its
value and its number (the file names it by its number in ``decks.json``)."""


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
    if st.phase != OVER:  # one card each round still to play: "13 Machtkarten" for 9 rounds
        rounds = len(ROUNDS_SHORT if st.short_game else ROUNDS_FULL)
        for p in range(n):
            need = rounds - st.round_index - (1 if st.power_played[p] else 0)
            held = bin(st.power_hand[p] & full).count("1")
            if held < need:
                _fail("elgrande.position.power-left", player=names[p], count=held, total=need)
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


Counter = tuple[str, int, int]
"""A counter of the effect under way: its words (``pos.counter.<key>``), the lowest and the highest
value the rules allow at this step."""


def _effect_counters(st: ElGrandeData, eff: dict[str, Any]) -> list[Counter] | None:
    """The counters (``effect_args``) the effect ``eff`` keeps at this step of the turn, with their
    bounds from the card's data; ``None`` where it cannot be under way at this step (an effect that
    is carried out at once, or another phase)."""
    op, phase, f = eff["op"], st.phase, st.effect_args
    if phase == EFFECT:
        if op == "move":
            one = int(eff.get("one_source", False))
            return [
                ("own", 0, eff.get("own", 0)),
                ("foreign", 0, eff.get("foreign", 0)),
                ("any", 0, eff.get("any", 0)),
                ("one-source", one, one),
                ("source", -1, D.NREG - 1 if one else -1),
                ("picked-colour", -1, st.colours - 1),
                ("picked-region", -1, D.NREG - 1),
            ]
        if op == "place_free":
            castillo = int(eff.get("castillo", False))
            return [("place", 1, eff["count"]), ("castillo", castillo, castillo)]
        if op == "return_mixed":
            return [("return-left", 1, eff["count"]), ("return-each", eff["count"], eff["count"])]
        if op == "score" and eff["mode"] == "choose":
            castillo = int(eff.get("castillo", False))
            return [("castillo", castillo, castillo)]
        if op in ("umsturz", "scoreboard", "grande", "power_back"):
            return [("chosen" if op == "umsturz" else "step", -1, -1)]
        if op == "king" and eff["mode"] != "revolte":
            if eff["mode"] == "gefolge" and f and type(f[0]) is int and f[0] >= 0:  # the escort
                return [("king-old", 0, D.NREG - 1), ("escort", 1, eff.get("escort", 2))]
            return [("king-old", -1, -1), ("king-moved", 0, 0)]
        if op == "choice":
            return []
    elif phase == DISC:
        if op == "disc_return" and st.disc_kind == DISC_RETURN:
            return [("disc-min", eff["min"], eff["min"]), ("disc-amount", eff["amount"], eff["amount"])]
        if op == "umsturz" and st.disc_kind == DISC_UMSTURZ:
            return [("chosen", 0, D.NREG - 1)]
        if op == "score" and eff["mode"] == "disc_unique" and st.disc_kind == DISC_UNIQUE:
            return []
    elif phase == RECALL and op == "court_gain":
        return []
    return None


def _effect_source(st: ElGrandeData) -> tuple[dict[str, Any], str]:
    """The effect under way (the option chosen of a choice) and the words naming it; refused where
    it is not that of the action card in use or of the modifier the player to move played."""
    kind, index, option = st.effect_source
    p = st.current
    eff: dict[str, Any] | None = None
    if kind == 0 and index == st.card >= 0:
        eff, name = D.CARD_EFFECT[index], f"pos.effect.{D.CARD_IDS[index]}"
    elif kind == 1 and st.machtverschiebung and 0 <= p < st.num_players and st.modifier_played[p] == index:
        eff, name = D.MODIFIER_ABILITY[index], "pos.effect.modifier"
    if eff is None or not 0 <= p < st.num_players:
        _fail("elgrande.position.effect-source")
    if option >= 0:
        if eff["op"] != "choice" or option >= len(eff["options"]):
            _fail("elgrande.position.effect-source")
        eff = eff["options"][option]
    return eff, name


def _effect(st: ElGrandeData, names: list[str]) -> None:
    """The counters of the turn in progress (docs/rules-notes.md, El Grande "Effects under way"):
    the action card's placements left, the Caballeros still to take back to the court, and the
    special action under way with its counters (``effect_args``) within what the card's data and the
    table allow, so that every step the rules still take has a legal move: "Führst du sie aus,
    musst du sie soweit möglich vollständig ausführen"."""
    p = st.current
    if st.card >= 0 and not 0 <= st.place_left <= D.CARD_PLACE[st.card]:
        name = f"pos.effect.{D.CARD_IDS[st.card]}"
        _count("card-place", name, st.place_left, 0, D.CARD_PLACE[st.card])
    if st.effect_source[0] < 0:
        if st.effect_args:
            _fail("elgrande.position.effect-source")
        if st.phase == RECALL and 0 <= p < st.num_players:  # the court intake of the power card
            want = D.POWER_CABALLEROS[st.power_played[p]]
            if not 1 <= st.recall_left <= want:
                _count("recall", "pos.effect.power", st.recall_left, 1, want)
        return
    eff, name = _effect_source(st)
    f = st.effect_args
    if eff["op"] == "send_back_each" and st.phase == EFFECT:
        others = [c for c in range(st.colours) if c != p]  # one of each other colour, in seat order
        if not f or others[len(others) - len(f) :] != f:
            _fail("elgrande.position.effect-colours", card_name=name)
        return
    counters = _effect_counters(st, eff)
    if counters is None:
        _fail("elgrande.position.effect-source")
    if len(f) != len(counters):
        _fail("elgrande.position.effect-args", card_name=name, number=len(counters), count=len(f))
    for i, ((key, low, high), value) in enumerate(zip(counters, f, strict=True)):
        if type(value) is not int:
            wrong(f"flow.effect_args[{i}]", "a whole number", value)
        if not low <= value <= high:
            _count(key, name, value, low, high)
    if eff["op"] == "court_gain" and not 1 <= st.recall_left <= eff["count"]:
        _count("recall", name, st.recall_left, 1, eff["count"])
    _effect_table(st, eff, name, names)


def _effect_table(st: ElGrandeData, eff: dict[str, Any], name: str, names: list[str]) -> None:
    """What the counters of the effect under way say about the table, checked against it."""
    op, f, k, p = eff["op"], st.effect_args, st.king, st.current
    A = D.AREAS
    if op == "move":
        own, foreign, anyc, one, source, colour, region = f
        if (colour < 0) != (region < 0):
            if colour < 0:
                _count("picked-colour", name, colour, 0, st.colours - 1)
            _count("picked-region", name, region, 0, D.NREG - 1)
        for key, r in (("source", source), ("picked-region", region)):
            if r == k:
                _fail("elgrande.position.effect-region", counter=f"pos.counter.{key}", card_name=name,
                      region=D.AREA_NAMES[r])  # fmt: skip
        if region >= 0:
            if one and source != region:
                _count("source", name, source, region, region)
            allowed = own + anyc if colour == p else foreign + anyc
            if not st.caballeros[colour * A + region] or not allowed:
                _fail("elgrande.position.effect-picked", card_name=name, player=names[colour],
                      region=D.AREA_NAMES[region])  # fmt: skip
    elif op == "place_free" and st.court[p] <= 0:
        _fail("elgrande.position.effect-court", card_name=name, player=names[p])
    elif op == "return_mixed":
        queue, others = st.effect_queue, [(p + i) % st.num_players for i in range(1, st.num_players)]
        if not queue or others[len(others) - len(queue) :] != queue:
            _fail("elgrande.position.effect-queue", card_name=name, player=names[p])
        q = queue[0]
        left = st.court[q] + sum(
            st.caballeros[q * A + r] for r in range(D.NREG) if r != k
        )  # what may be sent back: the court and the regions but the King's
        if left <= f[0]:
            _fail("elgrande.position.effect-return", card_name=name, player=names[q], count=f[0], left=left)
    elif op == "umsturz" and f[0] == k:
        _fail("elgrande.position.effect-region", counter="pos.counter.chosen", card_name=name,
              region=D.AREA_NAMES[k])  # fmt: skip
    elif op == "king" and f[0] >= 0:
        old = f[0]
        if old == k:
            _fail("elgrande.position.effect-region", counter="pos.counter.king-old", card_name=name,
                  region=D.AREA_NAMES[old])  # fmt: skip
        standing = sum(st.caballeros[c * A + old] for c in range(st.colours))
        if not standing:
            _fail("elgrande.position.effect-escort", card_name=name, region=D.AREA_NAMES[old])
        if f[1] > standing:
            _count("escort", name, f[1], 1, min(eff.get("escort", 2), standing))


def _count(key: str, name: str, value: int, low: int, high: int) -> NoReturn:
    _fail("elgrande.position.effect-count", counter=f"pos.counter.{key}", card_name=name, value=value,
          low=low, high=high)  # fmt: skip


def _turn_order(st: ElGrandeData, names: list[str]) -> None:
    """From the court phase to the action cards the player at the turn is the one the turn order
    points to (flow.current is turn_order[turn_index], as the engine keeps them: "Die Person, die
    die höchste Machtkarte ausgespielt hat, beginnt … folgt die Person mit der zweithöchsten
    Machtkarte"; docs/rules-notes.md, El Grande 14)."""
    if not COURT <= st.phase <= ACT:
        return
    order, at = st.turn_order, st.turn_index
    if not 0 <= at < len(order):
        wrong("flow.turn_index", f"a whole number 0 to {max(0, len(order) - 1)}", at)
    if order[at] != st.current:
        _fail("elgrande.position.turn-order", player=names[st.current], other=names[order[at]])


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
    rounds = len(ROUNDS_SHORT if st.short_game else ROUNDS_FULL)
    if not 0 <= st.round_index < rounds:  # the rounds of the game (the short game has 6)
        wrong("flow.round_index", f"a whole number 0 to {rounds - 1}", st.round_index)
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
        Field("modifier_hand", "players", "modifiers", Bits(MODIFIERS, words=MODIFIER_WORDS)),
        Field("modifier_played", "players", codec=Count(-1, MODIFIERS - 1)),
        Field("modifier_discard", "players", codec=Bits(MODIFIERS, words=MODIFIER_WORDS)),
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
    _turn_order(st, names)
    _modifiers_once(st, names)
    for p, disc in enumerate(st.discs):  # the disc's dial has the nine regions (not the Castillo)
        if disc >= D.NREG:
            _fail("elgrande.position.disc", player=names[p], region=_area_word(disc))
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
    _cards_this_round(st, names)
    _effect(st, names)
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


def _cards_this_round(st: ElGrandeData, names: list[str]) -> None:
    """The card in play as the turns have it (docs/rules-notes.md, El Grande 14): the player at the
    turn takes an open action card and carries it out; at the turn's end it goes onto the discard
    pile. So a card is in play while a player carries one out (placing Caballeros, a veto against
    it), none before the player takes one (the court, the choice of a card). (A card in play was
    accepted at any step: the choice of a card then offered the open ones while another was in
    play.)"""
    phase = PHASE_NAMES[st.phase]
    player = names[st.current] if 0 <= st.current < len(names) else ""
    if phase in ("act", "veto") and st.card < 0:
        _fail("elgrande.position.card-missing", player=player)
    if phase in ("modpass", "power", "court", "ability", "take") and st.card >= 0:
        _fail("elgrande.position.card-in-play", card_name=f"card.{D.CARD_IDS[st.card]}", player=player)
    if phase in ("court", "ability", "take", "act", "veto", "effect"):
        missing = sum(1 for c in st.open_cards if c < 0)
        count = st.turn_index + (1 if st.card >= 0 else 0)
        if missing != count:
            _fail("elgrande.position.taken", missing=missing, count=count, player=player)


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


def _area_word(area: int) -> str:
    """An area as a refusal names it: its catalogue key where the reader's language has a word of
    its own for it ("France": "Frankreich"), else its printed name ("Castillo")."""
    from feldherr.elgrande.text import CATALOGUE

    key = f"area.{D.AREA_NAMES[area]}"
    return key if key in CATALOGUE else D.AREA_NAMES[area]


def editor_choices(game: Any, options: Mapping[str, Any] | None, lang: str) -> dict[str, Any]:
    """What the position editor offers where the schema alone does not say (server.editor): the
    two mobile scoreboards by their printed values (``"8/4/0"``, as the log names them), the 16
    modifier cards of Machtverschiebung by their values and abilities in ``lang`` (a position
    numbers them from 0: ``"+1 (1 Caballero an den Hof)"``), and with the game's ``options``
    (normalised) the action cards each stack may show open, by their ids, in the deck's order."""
    from feldherr.elgrande.text import modifier_name

    out: dict[str, Any] = {
        "scoreboards": ["/".join(map(str, values)) for values in D.SCOREBOARDS],
        "modifiers": [modifier_name(m, lang) for m in range(MODIFIERS)],
    }
    if options is not None:
        count = len(game.new_state(options, 0).stacks)
        out["open_cards"] = [
            [D.CARD_IDS[c] for c in dict.fromkeys(pool)] for pool in _stack_pools(options, count)
        ]
    return out


__all__ = ["ERRORS", "RAW", "editor_choices", "from_position", "position"]
