"""Wallenstein positions: the table as data a person reads and writes (docs/positions.md).

Counties by their printed names (``data/counties.json``), players by their colours (red, blue,
yellow, purple, black), event cards by their printed numbers, actions, bonus tiles and buildings by
their names in ``data/rules.json``, favor cards (Am Kaiserhof) by their numbers. Plan boxes and
cards in hand hold a county's name, ``{"taler": v}`` for a money card, ``"tower card"`` (Am
Kaiserhof), ``"empty"``, ``"lost"`` (the county card was handed over while on the board) or
``null`` (not planned yet).

The hidden parts are under ``"hidden"``: the order of the event deck, of the draft deck, of the
favor deck and of the action cards not yet turned, where the cubes inside the tower lodge, and the
generator; left out, they are drawn from the seed. ``"hidden": {"tower_script": [...]}`` makes the
tower let out exactly the given cubes, drop by drop (per colour: red, blue, yellow, purple, black,
peasants): a scripted outcome for teaching and tests, which no game option offers.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NoReturn

from feldherr.core.errors import OptionError
from feldherr.core.position import (
    COUNT,
    COUNT_TERMS,
    POSITION_FORMAT,
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
    inconsistent,
    object_schema,
    player_path,
    read_fields,
    read_options,
    shown_json,
    write_fields,
    wrong,
)
from feldherr.core.rng import Rng
from feldherr.wallenstein.data import (
    ACTIONS,
    ACTIONS_FACE_UP,
    ARMIES_PER_PLAYER,
    BID,
    BONUS_TILES,
    BUILDING_SUPPLY,
    BUILDINGS,
    CONVERT_BOXES,
    COURT_SLOTS,
    EVENTS,
    EVENTS_PER_YEAR,
    FAVOR_COSTS,
    FAVORS,
    FAVORS_SHOWN,
    MONEY_BASE,
    MONEY_CARDS,
    NAMES,
    PEASANTS_TOTAL,
    REVOLT_MARKERS,
    TOWER_CARD,
    TOWER_CARDS,
    YEARS,
    active_counties,
    start_groups,
)
from feldherr.wallenstein.state import (
    DRAFT,
    EMPTY,
    FAVOR,
    LANDSKNECHTE,
    LEADER,
    LOST,
    MOVE,
    OVER,
    PLAN,
    POSITION,
    REVOLT_ORDER,
    UNPLANNED,
)
from feldherr.wallenstein.text import CATALOGUE as TEXTS
from feldherr.wallenstein.text import plan_value_text
from feldherr.wallenstein.tower.model import NCOLOURS, PEASANT, ScriptedTower, Tower

COLOURS = ("red", "blue", "yellow", "purple", "black")
CUBE_COLOURS = (*COLOURS, "peasants")
PLAN_ORDER = (BID, *range(BID))
"""The order the boxes of a plan are filled in: the bid, the ten action boxes (then the court's)."""
MONEY_SLOTS = tuple(MONEY_BASE + v for v in MONEY_CARDS)
SEASONS = Names("season", ("spring", "summer", "fall", "winter"))
COUNTIES = Names("county", NAMES)
ACTION_NAMES = Names("action", ACTIONS)
TILES = Names("bonus tile", BONUS_TILES)
BUILDING_NAMES = Names("building", BUILDINGS, {b: TEXTS[f"b.{b}"] for b in BUILDINGS})
EVENT_NAMES = Names("event card", [str(e.id) for e in EVENTS])
FAVOR_NAMES = Names("favor card", [str(f.id) for f in FAVORS])

ERRORS: dict[str, dict[str, str]] = {
    # counts in the messages below, each with its plural form (core.i18n)
    "pos.unit.peasant#one": {"en": "{n} peasant", "de": "{n} Bauer"},
    "pos.unit.peasant#other": {"en": "{n} peasants", "de": "{n} Bauern"},
    "pos.unit.building#one": {"en": "{n} building", "de": "{n} Gebäude"},
    "pos.unit.building#other": {"en": "{n} buildings", "de": "{n} Gebäude"},
    **COUNT_TERMS,
    **field_terms(Path(__file__).with_name("data") / "position_fields.json"),  # where a refusal looks
    "pos.unit.box#one": {"en": "{n} box", "de": "{n} Feld"},
    "pos.unit.box#other": {"en": "{n} boxes", "de": "{n} Felder"},
    "pos.unit.county-card#one": {"en": "{n} county card", "de": "{n} Länderkarte"},
    "pos.unit.county-card#other": {"en": "{n} county cards", "de": "{n} Länderkarten"},
    "pos.unit.tower-card#one": {"en": "{n} tower card", "de": "{n} Würfelturmkarte"},
    "pos.unit.tower-card#other": {"en": "{n} tower cards", "de": "{n} Würfelturmkarten"},
    "wallenstein.position.armies": {
        "en": "{player} has {count:@unit.army} on the table, in the tower and in the supply; "
        "each colour has {total}",
        "de": "{player} hat {count:@unit.army} auf dem Tisch, im Turm und im Vorrat; jede Farbe hat {total}",
    },
    "wallenstein.position.colour": {
        "en": "nobody plays {player} in a game of {players:@pos.unit.player}: none of its cubes lie in the "
        "tower or in its tray",
        "de": "In einem Spiel mit {players:@pos.unit.player-dative} spielt niemand {player}: keiner seiner "
        "Würfel liegt im Turm oder in dessen Auffangschale",
    },
    "wallenstein.position.events": {
        "en": "open event cards while planning: {count:#}; in this season there are {total}: each year 4 "
        "are revealed, and one of them is drawn each season (spring, summer, fall)",
        "de": "Offene Ereigniskarten beim Planen: {count:#}; in dieser Jahreszeit sind es {total}: jedes "
        "Jahr werden 4 aufgedeckt, und jede Jahreszeit (Frühling, Sommer, Herbst) wird eine davon gezogen",
    },
    "wallenstein.position.events-round": {
        "en": "open event cards once this season's event is drawn: {count:#}; in this season there are "
        "{total}: each year 4 are revealed, and one of them is drawn each season (spring, summer, fall)",
        "de": "Offene Ereigniskarten, sobald das Ereignis dieser Jahreszeit gezogen ist: {count:#}; in "
        "dieser Jahreszeit sind es {total}: jedes Jahr werden 4 aufgedeckt, und jede Jahreszeit "
        "(Frühling, Sommer, Herbst) wird eine davon gezogen",
    },
    "wallenstein.position.events-draft": {
        "en": "event cards revealed during the county draft: {count:#}; there are none yet: the year's 4 "
        "are revealed once the counties are chosen and the tower is filled",
        "de": "Aufgedeckte Ereigniskarten während der Wahl der Grafschaften: {count:#}; es sind noch "
        "keine: die 4 des Jahres werden aufgedeckt, wenn die Grafschaften gewählt sind und der Turm "
        "gefüllt ist",
    },
    "wallenstein.position.events-winter": {
        "en": "open event cards while the winter's revolts are settled: {count:#}; there is 1: the card "
        "left after fall, which says how much grain the winter takes",
        "de": "Offene Ereigniskarten, während die Aufstände des Winters ausgetragen werden: {count:#}; es "
        "ist 1: die nach dem Herbst übrige Karte, die sagt, wie viel Getreide der Winter kostet",
    },
    "wallenstein.position.events-year-end": {
        "en": "open event cards after the end of the year: {count:#}; there are none: the year's last "
        "card is put away in winter, and the next year's 4 are revealed when it begins",
        "de": "Offene Ereigniskarten nach dem Ende des Jahres: {count:#}; es sind keine: die letzte Karte "
        "des Jahres wird im Winter abgelegt, und die 4 des nächsten Jahres werden zu seinem Beginn "
        "aufgedeckt",
    },
    "wallenstein.position.peasants": {
        "en": "the table and the tower hold {count:@pos.unit.peasant}; the game has {total}",
        "de": "Auf dem Tisch und im Turm: {count:@pos.unit.peasant}; das Spiel hat {total}",
    },
    "wallenstein.position.buildings": {
        "en": "{building}: {count:@pos.unit.building} on the map; the game has {total}",
        "de": "{building}: {count:@pos.unit.building} auf dem Spielplan; das Spiel hat {total}",
    },
    "wallenstein.position.neutral": {
        "en": "{county} has no owner, yet buildings or revolt markers lie in it: a county that turns "
        "neutral loses its buildings and revolt markers, and nobody builds in a neutral county",
        "de": "{county} hat keinen Besitzer, aber Gebäude oder Unruhemarker: Ein Land, das neutral wird, "
        "verliert seine Gebäude und Unruhemarker, und in einem neutralen Land baut niemand",
    },
    "wallenstein.position.revolt-markers": {
        "en": "the map and the supply hold {count:@unit.marker}; the game has {total}",
        "de": "Auf dem Spielplan und im Vorrat: {count:@unit.marker}; das Spiel hat {total}",
    },
    # what the county holds, then the rule ("has armies but no owner, or an owner but no armies"
    # left the reader to find out which)
    "wallenstein.position.owner": {
        "en": "{county} holds {count:@unit.army} and its owner is {player}: a county's armies are its "
        "owner's, so a county with armies has an owner and a county with an owner holds armies",
        "de": "{county} hat {count:@unit.army} und als Besitzer {player}: Die Armeen eines Landes "
        "gehören seinem Besitzer, ein Land mit Armeen hat also einen Besitzer und ein Land mit "
        "Besitzer Armeen",
    },
    "pos.owner.none": {"en": "nobody", "de": "niemanden"},
    "wallenstein.position.county": {
        "en": "{county} is not in the game with {players:@pos.unit.player}",
        "de": "{county} ist im Spiel mit {players:@pos.unit.player-dative} nicht dabei",
    },
    "wallenstein.position.card-once": {
        "en": "the card “{card}” lies in two places ({first} and {second}); every card exists once",
        "de": "Die Karte „{card}“ liegt an zwei Stellen ({first} und {second}); jede Karte gibt es einmal",
    },
    "wallenstein.position.money-once": {
        "en": "the {taler:#}-Thaler card lies in two places ({first} and {second}); every card exists once",
        "de": "Die {taler:#}-Taler-Karte liegt an zwei Stellen ({first} und {second}); jede Karte gibt es "
        "einmal",
    },
    "wallenstein.position.players": {
        "en": "the position lists {count:@pos.unit.player}; the options say {players}",
        "de": "Die Stellung nennt {count:@pos.unit.player}; die Optionen sagen {players}",
    },
    "wallenstein.position.tower-script": {
        "en": "a scripted tower is for teaching and tests; a game at the table throws into the real tower",
        "de": "Ein vorgegebener Turm ist für Lehrbeispiele und Tests; ein Spiel am Tisch wirft in den "
        "echten Turm",
    },
    "wallenstein.position.tower": {
        "en": "the tower's content does not fit the tower model {model}",
        "de": "Der Inhalt des Turms passt nicht zum Turmmodell {model}",
    },
    # the cards of the plan (docs/positions.md, "Hands and plans")
    "wallenstein.position.card-holder": {
        "en": "{county}: the county card is not with the county's owner; whoever controls a county "
        "holds its card, and the card of a county nobody controls lies in the supply",
        "de": "{county}: Die Länderkarte liegt nicht beim Besitzer des Landes; wer ein Land beherrscht, "
        "hat seine Karte, und die Karte eines Landes, das niemand beherrscht, liegt im Vorrat",
    },
    "wallenstein.position.not-held": {
        "en": "{player} has the county card {county} {place} but does not hold it; a player plans and "
        "bids only with the county cards they hold",
        "de": "{player} hat die Länderkarte {county} {place}, besitzt sie aber nicht; geplant und "
        "geboten wird nur mit den eigenen Länderkarten",
    },
    "wallenstein.position.hand": {
        "en": "{player} holds the county card {county}, but it is not in the hand; planning begins "
        "with every county card a player holds in hand",
        "de": "{player} besitzt die Länderkarte {county}, aber sie ist nicht auf der Hand; die Planung "
        "beginnt mit allen Länderkarten eines Spielers auf der Hand",
    },
    "wallenstein.position.not-in-hand": {
        "en": "{player} has the county card {county} {place}, but it was not in the hand when planning began",
        "de": "{player} hat die Länderkarte {county} {place}, aber sie war zu Beginn der Planung "
        "nicht auf der Hand",
    },
    "wallenstein.position.plan-cards": {
        "en": "{player}'s card {card} is neither on the plan nor among the cards to place; each of a "
        "player's cards lies in one of the two",
        "de": "Die Karte {card} von {player} liegt weder auf dem Tableau noch bei den noch zu legenden "
        "Karten; jede Karte eines Spielers liegt an einer der beiden Stellen",
    },
    "wallenstein.position.plan-money": {
        "en": "{player}'s money card of {taler:@unit.thaler} is neither on the plan nor among the cards "
        "to place; each of a player's cards lies in one of the two",
        "de": "Die Münzkarte über {taler:@unit.thaler} von {player} liegt weder auf dem Tableau noch bei "
        "den noch zu legenden Karten; jede Karte eines Spielers liegt an einer der beiden Stellen",
    },
    "wallenstein.position.money-card": {
        "en": "{player} has a money card of {taler:@unit.thaler}; each player has one money card of each "
        "value from {low} to {high}",
        "de": "{player} hat eine Münzkarte über {taler:@unit.thaler}; jeder Spieler hat je eine Münzkarte "
        "der Werte {low} bis {high}",
    },
    "wallenstein.position.tower-card": {
        "en": "{player} has {count:@pos.unit.tower-card} of the dice tower; with Am Kaiserhof each "
        "player has {total:@pos.unit.tower-card}, without it none",
        "de": "{player} hat {count:@pos.unit.tower-card}; mit Am Kaiserhof bekommt jeder "
        "{total:@pos.unit.tower-card}, ohne keine",
    },
    "wallenstein.position.lost": {
        "en": "{player}'s plan has {count:@pos.unit.box} marked lost, but {missing:@pos.unit.county-card} "
        "of the hand left the plan; a box is lost only when its county card goes to a conqueror or the "
        "supply during the actions",
        "de": "Als verloren markiert auf dem Tableau von {player}: {count:@pos.unit.box}; Länderkarten "
        "der Hand, die das Tableau verlassen haben: {missing:#}; ein Feld ist nur verloren, wenn seine "
        "Länderkarte während der Aktionen an einen Eroberer oder in den Vorrat geht",
    },
    "wallenstein.position.cover": {
        "en": "{player}'s plan leaves {count:@pos.unit.box} empty, where the cards of {player} leave "
        "only {free:@pos.unit.box} uncovered; every box must be covered if possible",
        "de": "Das Tableau von {player} lässt {count:@pos.unit.box} frei, obwohl die Karten von {player} "
        "nur {free:@pos.unit.box} unbelegt lassen; jedes Feld muss nach Möglichkeit belegt werden",
    },
    "wallenstein.position.plan-order": {
        "en": "{player}'s plan does not fit the number of its boxes filled ({count:#}): the bid is "
        "placed first, then the action boxes in the mat's order (then the court's boxes), and the "
        "boxes not filled yet are left open; before the first round nothing is planned",
        "de": "Das Tableau von {player} passt nicht zur Zahl der belegten Felder ({count:#}): zuerst "
        "wird das Gebot gelegt, dann die Aktionsfelder in der Reihenfolge des Tableaus (dann die "
        "Felder des Kaiserhofs), und die noch nicht belegten Felder bleiben offen; vor der ersten "
        "Runde ist nichts geplant",
    },
    "wallenstein.position.bid": {
        "en": "{player} bids a money card of {taler:@unit.thaler} but has only "
        "{money:@unit.thaler}; a bid must be paid when it is revealed",
        "de": "{player} bietet eine Münzkarte über {taler:@unit.thaler}, hat aber nur "
        "{money:@unit.thaler}; ein Gebot muss beim Aufdecken bezahlt werden",
    },
    "wallenstein.position.boxes-filled": {
        "en": "{player} has {count:@pos.unit.box} filled where this point of the game asks for "
        "{total:#}: before the first round nothing is planned, and once every plan is in, every box "
        "of the planning board counts as filled",
        "de": "{player} hat {count:@pos.unit.box} belegt, an dieser Stelle des Spiels sind es {total:#}: "
        "vor der ersten Runde ist nichts geplant, und sobald alle Tableaus fertig sind, zählt jedes "
        "Feld des Planungstableaus als belegt",
    },
    "wallenstein.position.revealed": {
        "en": "{player}'s box “{box}” lies {face}, but at this point of the round it lies the other "
        "way up: the bids are turned up when every plan is in, the court's boxes at the court's "
        "reveal, and each action box when its action card is carried out for that player",
        "de": "Das Feld „{box}“ von {player} liegt {face}, an dieser Stelle der Runde liegt es aber "
        "andersherum: die Gebote werden aufgedeckt, wenn alle Tableaus fertig sind, die Felder des "
        "Kaiserhofs, wenn der Kaiserhof sie aufdeckt, und jedes Aktionsfeld, wenn seine Aktionskarte "
        "für diesen Spieler ausgeführt wird",
    },
    "wallenstein.position.pending": {
        "en": "the movement owed is not the one of the action under way: during “{action}” it is "
        "{player}'s turn, who moves from the county on that box of the plan",
        "de": "Die geschuldete Bewegung ist nicht die der laufenden Aktion: bei „{action}“ ist "
        "{player} an der Reihe und zieht aus dem Land auf diesem Feld des Tableaus",
    },
    # the county draft before the first round (docs/rules-notes.md, "Who drafts first")
    "pos.unit.group#one": {"en": "{n} group of armies", "de": "{n} Armeegruppe"},
    "pos.unit.group#other": {"en": "{n} groups of armies", "de": "{n} Armeegruppen"},
    "pos.unit.turn#one": {"en": "{n} turn", "de": "{n} Zug"},
    "pos.unit.turn#other": {"en": "{n} turns", "de": "{n} Züge"},
    "wallenstein.position.draft-order": {
        "en": "the order of choosing counties is not the rules' order: starting with the oldest "
        "player (Red) and continuing clockwise, the players take turns until each has placed all their "
        "{groups:@pos.unit.group}",
        "de": "Die Reihenfolge der Länderwahl ist nicht die der Regeln: beginnend mit dem ältesten "
        "Spieler (Rot) und weiter im Uhrzeigersinn sind die Spieler reihum am Zug, bis jeder alle "
        "{groups:@pos.unit.group} eingesetzt hat",
    },
    "wallenstein.position.draft-groups": {
        "en": "{player}'s army groups still to place are not groups of the player mat: with "
        "{players:@pos.unit.player} the mat has groups of {sizes} armies",
        "de": "Die noch einzusetzenden Armeegruppen von {player} sind keine Gruppen des "
        "Spielertableaus: mit {players:@pos.unit.player-dative} hat es Gruppen von {sizes} Armeen",
    },
    "wallenstein.position.draft-turns": {
        "en": "{player} has {groups:@pos.unit.group} still to place but {turns:@pos.unit.turn} left "
        "in the order of choosing counties; each turn places one group",
        "de": "{player} hat noch {groups:@pos.unit.group} einzusetzen, in der Reihenfolge der "
        "Länderwahl aber noch {turns:@pos.unit.turn}; jeder Zug setzt eine Gruppe ein",
    },
    "wallenstein.position.draft-supply": {
        "en": "{player} has only {count:@unit.army} in the supply, but the groups still to place hold "
        "{total:@unit.army}; they come from the supply",
        "de": "{player} hat nur {count:@unit.army} im Vorrat, die noch einzusetzenden Gruppen haben aber "
        "{total:@unit.army}; sie kommen aus dem Vorrat",
    },
    "wallenstein.position.draft-cards": {
        "en": "during the county draft every county card of the game lies once, held by a player, face "
        "up or in the deck; {county} does not",
        "de": "Während der Länderwahl liegt jede Länderkarte des Spiels genau einmal, bei einem Spieler, "
        "offen oder im Stapel; {county} nicht",
    },
    "wallenstein.position.draft-pending": {
        "en": "in the county draft the decision is {player}'s, whose turn it is in the order of "
        "choosing counties",
        "de": "Bei der Länderwahl entscheidet {player}, der in der Reihenfolge der Länderwahl an der "
        "Reihe ist",
    },
    "wallenstein.position.bonus-tiles": {
        "en": "the bonus tiles are shuffled and laid out at the start of every round, all {count} of "
        "them, each once; before the first round none lies out",
        "de": "Die Bonusplättchen werden zu Beginn jeder Runde gemischt und alle {count} ausgelegt, "
        "jedes einmal; vor der ersten Runde liegt keines aus",
    },
    "wallenstein.position.bonus-box": {
        "en": "{player} and {other} have both taken box {number} of the bonus tiles; each box is taken "
        "by one player",
        "de": "{player} und {other} haben beide das Feld {number} der Bonusplättchen genommen; jedes Feld "
        "nimmt nur ein Spieler",
    },
    # the module steps between the player order and the actions, after the tenth action, after winter
    "wallenstein.position.stage": {
        "en": "the step {stage} does not belong to this point of the round: the leaders' placement, "
        "Landsknechte and the court come between the player order and the actions, the leaders' move "
        "after the tenth action, their return after winter, and each only with its module",
        "de": "Der Schritt {stage} gehört nicht an diese Stelle der Runde: das Aufstellen der "
        "Heerführer, die Landsknechte und der Kaiserhof kommen zwischen Spielerreihenfolge und "
        "Aktionen, der Zug der Heerführer nach der zehnten Aktion, ihre Rückkehr nach dem Winter, "
        "und jeder nur mit seinem Modul",
    },
    "wallenstein.position.bid-queue": {
        "en": "while the places in player order are taken, the players still to take one are players "
        "without a place, each once, and the decision owed is that of the first of them; at any other "
        "step nobody is waiting to take a place",
        "de": "Während die Plätze der Spielerreihenfolge genommen werden, sind die Spieler, die noch "
        "einen nehmen, Spieler ohne Platz, jeder einmal, und die ausstehende Entscheidung ist die des "
        "ersten von ihnen; bei jedem anderen Schritt wartet niemand auf einen Platz",
    },
    "wallenstein.position.actions": {
        "en": "a round has all {count:#} action cards, each once, face up or face down in the row (none "
        "during the county draft)",
        "de": "Eine Runde hat alle {count:#} Aktionskarten, jede einmal, offen oder verdeckt in der "
        "Reihe (keine während der Länderwahl)",
    },
    "wallenstein.position.actions-turned": {
        "en": "{count:#} action cards are turned face up, but the round has {total:#} at this step: five "
        "when the round starts, one more for each action carried out after them, all once the actions "
        "are done",
        "de": "{count:#} Aktionskarten sind aufgedeckt, aber die Runde hat bei diesem Schritt {total:#}: "
        "fünf zu Beginn der Runde, eine mehr für jede danach ausgeführte Aktion, alle, sobald die "
        "Aktionen ausgeführt sind",
    },
    "wallenstein.position.place-missing": {
        "en": "{player} has no place on the bonus track though the places in player order are taken: "
        "every player takes one before the actions",
        "de": "{player} hat keinen Platz auf der Bonusleiste, obwohl die Plätze der Spielerreihenfolge "
        "genommen sind: Jeder Spieler nimmt einen vor den Aktionen",
    },
    "wallenstein.position.favor-module": {
        "en": "favor cards lie on display, but only the module Am Kaiserhof has them",
        "de": "Gunstkarten liegen aus, aber nur das Modul Am Kaiserhof hat sie",
    },
    "wallenstein.position.favor-display": {
        "en": "the favor cards on display do not lie as dealt: the card with the highest number lies on "
        "the space showing four courtiers, the next on three, the lowest on two",
        "de": "Die ausliegenden Gunstkarten liegen nicht wie ausgeteilt: Die Karte mit der höchsten "
        "Nummer liegt auf dem Feld mit vier Höflingen, die nächste auf drei, die niedrigste auf zwei",
    },
    "wallenstein.position.favor-once": {
        "en": "the favor card “{card_name}” lies in two places ({first} and {second}); every card exists "
        "once",
        "de": "Die Gunstkarte „{card_name}“ liegt an zwei Stellen ({first} und {second}); jede Karte gibt "
        "es einmal",
    },
    "wallenstein.position.bid-waiting": {
        "en": "{player} has no place in player order yet but is not among the players still to take "
        "one: once the bids are revealed every player takes a place, the highest bid first",
        "de": "{player} hat noch keinen Platz in der Spielerreihenfolge, ist aber nicht unter den "
        "Spielern, die noch einen nehmen: Sobald die Gebote aufgedeckt sind, nimmt jeder Spieler "
        "einen Platz, das höchste Gebot zuerst",
    },
    "wallenstein.position.bid-order": {
        "en": "{player} takes a place in player order before {other}, whose bid is higher: the "
        "highest bid chooses first (a tie is decided by the bag)",
        "de": "{player} nimmt einen Platz der Spielerreihenfolge vor {other}, dessen Gebot höher ist: "
        "das höchste Gebot wählt zuerst (bei Gleichstand entscheidet der Beutel)",
    },
    "wallenstein.position.queue": {
        "en": "in this step the players act one after another; the decision owed is that of the first "
        "of the players still to act, and each of them acts once",
        "de": "In diesem Schritt handeln die Spieler nacheinander; die ausstehende Entscheidung ist die "
        "des ersten der Spieler, die noch handeln, und jeder von ihnen handelt einmal",
    },
    "wallenstein.position.queue-order": {
        "en": "the players still to act are not in the order of this step: {order}",
        "de": "Die Spieler, die noch handeln, stehen nicht in der Reihenfolge dieses Schritts: {order}",
    },
    "pos.order.favor": {
        "en": "the player with the most courtiers in the entrance hall first, the others in descending "
        "order of their courtiers there, ties in player order",
        "de": "zuerst der Spieler mit den meisten Höflingen in der Empfangshalle, die anderen absteigend "
        "nach der Zahl ihrer Höflinge dort, bei Gleichstand in Spielerreihenfolge",
    },
    "pos.order.player": {"en": "in player order", "de": "in Spielerreihenfolge"},
    "pos.stage.": {"en": "“none”", "de": "„keiner“"},
    "pos.stage.leader_setup": {"en": "“placing the leaders”", "de": "„Heerführer aufstellen“"},
    "pos.stage.lsk": {"en": "“Landsknechte”", "de": "„Landsknechte“"},
    "pos.stage.court_reveal": {"en": "“the court's reveal”", "de": "„Aufdecken am Kaiserhof“"},
    "pos.favor-space": {"en": "Space of {n} courtiers", "de": "Feld mit {n} Höflingen"},
    "pos.stage.court_favor": {"en": "“the Emperor's favor”", "de": "„Gunst des Kaisers“"},
    "pos.stage.leader_move": {"en": "“the leaders' move”", "de": "„Zug der Heerführer“"},
    "pos.stage.leader_winter": {
        "en": "“the leaders' return after winter”",
        "de": "„Rückkehr der Heerführer nach dem Winter“",
    },
    "pos.face-up": {"en": "face up", "de": "offen"},
    "pos.face-down": {"en": "face down", "de": "verdeckt"},
    # where a card lies (the {place} of the messages above)
    "pos.in-hand": {"en": "in hand", "de": "auf der Hand"},
    "pos.on-plan": {"en": "on the plan", "de": "auf dem Tableau"},
    "pos.to-place": {"en": "among the cards to place", "de": "bei den noch zu legenden Karten"},
}


class Slot(Codec):
    """A plan box or a card in hand: a county, a money card, a tower card or a marker."""

    def enc(self, value: Any) -> Any:
        if value == UNPLANNED:
            return None
        if value == EMPTY:
            return "empty"
        if value == LOST:
            return "lost"
        if value == TOWER_CARD:
            return "tower card"
        if value >= MONEY_BASE:
            return {"taler": value - MONEY_BASE}
        return NAMES[value]

    def dec(self, value: Any, field: str, like: Any) -> Any:
        if value is None:
            return UNPLANNED
        if value == "empty":
            return EMPTY
        if value == "lost":
            return LOST
        if value == "tower card":
            return TOWER_CARD
        if isinstance(value, dict):
            money = Reader(value, field)
            out = MONEY_BASE + money.integer("taler", low=0, high=99)
            money.done()
            return out
        return COUNTIES.index(value, field)

    def schema(self, like: Any) -> dict[str, Any]:
        return SLOT_SCHEMA


SLOT_SCHEMA: dict[str, Any] = {
    "anyOf": [
        {"enum": [*NAMES, "empty", "lost", "tower card", None]},
        object_schema({"taler": {"type": "integer", "minimum": 0}}, ["taler"]),
    ]
}


class Slots(Codec):
    """A list of plan boxes or cards; ``boxes``: one per box of the planning board (a plan)."""

    def __init__(self, boxes: bool = False) -> None:
        self.boxes = boxes

    def enc(self, value: Any) -> Any:
        return [SLOT.enc(v) for v in value]

    def dec(self, value: Any, field: str, like: Any) -> Any:
        if not isinstance(value, list):
            wrong(field, "a list", value)
        if self.boxes and len(value) != len(like):
            wrong(field, f"a list of {len(like)} boxes", value)
        return [SLOT.dec(v, f"{field}[{i}]", 0) for i, v in enumerate(value)]

    def schema(self, like: Any) -> dict[str, Any]:
        return {"type": "array", "items": SLOT_SCHEMA}


SLOT = Slot()


class Shown(Codec):
    """``plan_revealed``: per box of the planning board, whether it lies face up."""

    def dec(self, value: Any, field: str, like: Any) -> Any:
        if not isinstance(value, list) or len(value) != len(like):
            wrong(field, f"a list of {len(like)} boxes", value)
        for i, v in enumerate(value):
            if type(v) is not bool:
                wrong(f"{field}[{i}]", "true or false", v)
        return list(value)

    def schema(self, like: Any) -> dict[str, Any]:
        return {"type": "array", "items": {"type": "boolean"}}  # 11 boxes, 14 with Am Kaiserhof


class PerCounty(Codec):
    """A list over the counties written as ``{county: n}`` (only the counties with a count)."""

    def enc(self, value: Any) -> Any:
        return {NAMES[c]: n for c, n in enumerate(value) if n}

    def dec(self, value: Any, field: str, like: Any) -> Any:
        r = Reader(value, field)
        out = [0] * len(like)
        for name in value:
            out[COUNTIES.index(name, field)] = r.integer(name, low=0)
        return out

    def schema(self, like: Any) -> dict[str, Any]:
        return {"type": "object", "propertyNames": {"enum": list(NAMES)}, "additionalProperties": INT}


class WinterQueue(Codec):
    """Winter's revolts still to come (``flow.winter_queue``), in fall player order: per player
    short of grain ``{"player": colour, "extra_peasants": n, "counties": [...]}`` (the supply
    chart's additional peasants per revolt, the counties drawn to revolt). The engine's
    ``[seat, extra, county, ...]``, as positions written before had it, loads too."""

    def __init__(self, who: Names) -> None:
        self.who = who

    def enc(self, value: Any) -> Any:
        return [
            {
                "player": self.who.names[seat],
                "extra_peasants": extra,
                "counties": [NAMES[c] for c in counties],
            }
            for seat, extra, *counties in value
        ]

    def dec(self, value: Any, field: str, like: Any) -> Any:
        if not isinstance(value, list):
            wrong(field, "a list", value)
        out = []
        for i, entry in enumerate(value):
            where = f"{field}[{i}]"
            if isinstance(entry, list):  # the engine's numbers
                if len(entry) < 2 or not all(type(v) is int and v >= 0 for v in entry):
                    wrong(where, "[seat, extra peasants, county, ...]", entry)
                if entry[0] >= len(self.who.names) or any(c >= len(NAMES) for c in entry[2:]):
                    wrong(where, "a seat and counties of the game", entry)
                out.append(list(entry))
                continue
            r = Reader(entry, where)
            seat = self.who.index(r.raw("player"), r.path("player"))
            extra = r.integer("extra_peasants", low=0)
            counties = COUNTIES.indices(r.raw("counties"), r.path("counties"))
            r.done()
            out.append([seat, extra, *counties])
        return out

    def schema(self, like: Any) -> dict[str, Any]:
        words = object_schema(
            {
                "player": {"enum": list(COLOURS)},
                "extra_peasants": INT,
                "counties": {"type": "array", "items": {"enum": list(NAMES)}},
            },
            ["player", "extra_peasants", "counties"],
        )
        return {"type": "array", "items": {"anyOf": [words, {"type": "array", "items": INT}]}}


def _fail(rule: str, **details: Any) -> NoReturn:
    """Refuse the position by the rule ``rule`` of :data:`ERRORS` (the English text as the message;
    a ``player`` or ``building`` detail is a key of the game's words, named in the reader's)."""
    from feldherr.core.i18n import WORD_DETAILS, format_text, term
    from feldherr.wallenstein.text import MESSAGES

    words = {**MESSAGES, **ERRORS}
    named = {k: term(words, v, "en") if k in WORD_DETAILS else v for k, v in details.items()}
    fail(format_text(words, ERRORS[rule]["en"], named, "en"), rule, **details)


class Phase(Codec):
    """The phase of the round by the engine's name (``plan``, ``move``, …, see :data:`PHASES`)."""

    def dec(self, value: Any, field: str, like: Any) -> Any:
        PHASES.index(value, field)
        return value

    def schema(self, like: Any) -> dict[str, Any]:
        return {"enum": list(PHASES.names)}


PHASES = Names(
    "phase",
    ("draft", "plan", "position", "pre", "landsknechte", "leader", "favor", "move", "post",
     "revolt-order", "winter-end", "over"),
)  # fmt: skip
"""The phases a position may stand in: those with a decision, and the automatic ones before a step
the engine takes by itself (``pre``, ``post``, ``winter-end``)."""
PHASE = Phase()


def _fields(who: Names) -> tuple[Field, ...]:
    ref, refs = Ref(who), Refs(who)
    return (
        Field("owner", "areas", codec=ref),
        Field("armies", "areas", codec=COUNT),
        Field("buildings", "areas", codec=Bits(3, BUILDING_NAMES)),
        Field("unrest", "areas", "revolt_markers", COUNT),
        Field("card", "areas", "card_held_by", ref),
        Field("money", "players", "taler", COUNT),
        Field("grain", "players", codec=COUNT),
        Field("vp", "players", "victory_points", COUNT),
        Field("supply", "players", "armies_in_supply", COUNT),
        Field("plan_hand", "players", "hand", Refs(COUNTIES)),
        Field("plans", "players", "plan", Slots(boxes=True)),
        Field("revealed", "players", "plan_revealed", Shown()),
        Field("plan_left", "players", "cards_to_place", Slots()),
        Field("plan_step", "players", "boxes_filled", COUNT),
        Field("positions", "players", "bonus_position", Count(-1, len(BONUS_TILES) - 1)),
        Field("groups", "players", "draft_groups"),
        Field("prev_pair", "players", "draft_previous_pair"),
        Field("lsk_top", "players", "landsknechte_top_card"),
        Field("leader", "players", "leader", Ref(COUNTIES)),
        Field("statue_supply", "players", "statues_in_supply", COUNT),
        Field("statues", "players", "statues", PerCounty()),
        Field("trophies", "players"),
        Field("courtiers", "players", "courtiers_in_supply", COUNT),
        Field("hall", "players", "courtiers_in_entrance_hall"),
        Field("audience", "players", "courtiers_in_audience_hall"),
        Field("shield", "players", "favor_shield"),
        Field("parry", "players", "favor_parry"),
        Field("year", "top", codec=Count(1, YEARS)),
        Field("season", "top", codec=Choice(SEASONS)),
        Field("phase", "top", codec=PHASE),
        Field("peasant_supply", "top", codec=COUNT),
        Field("unrest_supply", "top", "revolt_marker_supply", COUNT),
        Field("building_supply", "top"),
        Field("tray", "top", "tower_tray"),
        Field("open_events", "top", codec=Refs(EVENT_NAMES)),
        Field("event", "top", "current_event", Ref(EVENT_NAMES)),
        Field("used_events", "top", "events_gone", Refs(EVENT_NAMES)),
        Field("bonus", "top", "bonus_tiles", Refs(TILES)),
        Field("order", "top", "turn_order", refs),
        Field("fall_order", "top", "fall_order", refs),
        Field("faceup", "top", "draft_faceup", Refs(COUNTIES)),
        Field("favors", "top", "favor_display", Refs(FAVOR_NAMES, nullable=True)),
        Field("revealed_actions", "flow", codec=Count(0, len(ACTIONS))),
        Field("action_index", "flow", codec=Count(0, len(ACTIONS))),
        Field("turn_index", "flow", codec=COUNT),
        Field("bid_queue", "flow", codec=Refs(who, numbers=True)),
        Field("pending", "flow"),
        Field("draft_seat_order", "flow", codec=Refs(who, numbers=True)),
        Field("draft_turn", "flow"),
        Field("winter_queue", "flow", codec=WinterQueue(who)),
        Field("stage", "flow"),
        Field("queue", "flow", codec=Refs(who, numbers=True)),
    )


INT: dict[str, Any] = {"type": "integer", "minimum": 0}
PENDING: dict[str, Any] = {
    "anyOf": [
        object_schema(
            {
                "player": {"enum": list(COLOURS)},
                "county": {"enum": list(NAMES)},
                "action": {"enum": list(ACTIONS)},
            },
            ["player"],
        ),
        {"type": "array", "items": INT},
    ]
}
"""The decision owed: in words, or (positions written before) as the engine's numbers."""
NAME_LIST: dict[str, Any] = {"type": "array", "items": {"type": "string"}}


def schema(game: Any) -> dict[str, Any]:
    """The JSON Schema of a Wallenstein position (docs/positions/wallenstein.schema.json)."""
    fresh = game.new_state({"players": 5, "modules": ["court", "landsknechte", "leaders"]}, 0)
    parts = fields_schema(_fields(Names("player", COLOURS)), fresh)
    player = object_schema({"colour": {"enum": list(COLOURS)}, **parts["players"]})
    county = object_schema(parts["areas"])
    hidden = object_schema(
        {
            "actions": {"type": "array", "items": {"enum": list(ACTIONS)}},
            "event_deck": {"type": "array", "items": {"enum": list(EVENT_NAMES.names)}},
            "draft_deck": {"type": "array", "items": {"enum": list(NAMES)}},
            "favor_deck": {"type": "array", "items": {"enum": list(FAVOR_NAMES.names)}},
            "tower_content": {"type": "array", "items": {"type": "array", "items": INT}},
            "tower_script": {"type": "array", "items": {"type": "array", "items": INT, "maxItems": NCOLOURS}},
            "generator": {"type": "integer", "minimum": 0, "maximum": 2**64 - 1},
        }
    )
    top = {
        "game": {"const": "wallenstein"},
        "format": {"const": POSITION_FORMAT},
        "options": {"type": "object"},
        "decisions": INT,
        "players": {"type": "array", "items": player, "minItems": 3, "maxItems": 5},
        "counties": {
            "type": "object",
            "propertyNames": {"enum": list(NAMES)},
            "additionalProperties": county,
        },
        "actions": {"type": "array", "items": {"enum": list(ACTIONS)}},
        "actions_hidden": INT,
        "event_deck_size": INT,
        "favor_deck_size": INT,
        "tower_inside": {"type": "array", "items": INT, "minItems": NCOLOURS, "maxItems": NCOLOURS},
        **parts["top"],
        "flow": object_schema({**parts["flow"], "pending": PENDING}),
        "hidden": hidden,
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "A Wallenstein position",
        **object_schema(top, ["game", "players"]),
    }


def position(st: Any) -> dict[str, Any]:
    """``st`` (a Wallenstein state) as a position, the hidden parts included."""
    n = st.num_players
    who = Names("player", COLOURS[:n])
    options = {k: v for k, v in st.options.items()}
    out: dict[str, Any] = {
        "game": "wallenstein",
        "format": POSITION_FORMAT,
        "options": options,
        "decisions": st.version,
        "players": [{"colour": COLOURS[s]} for s in range(n)],
    }
    write_fields(st, _fields(who), out, COUNTIES)
    out["flow"]["pending"] = _pending_words(st.phase, st.pending)
    areas = out.pop("areas")
    out["counties"] = {NAMES[c]: areas[NAMES[c]] for c in range(len(NAMES)) if st.active[c]}
    out["actions"] = [ACTIONS[a] for a in st.actions[: st.revealed_actions]]
    out["tower_inside"] = st.tower.inside()
    out["actions_hidden"] = len(st.actions) - st.revealed_actions
    out["event_deck_size"] = len(st.event_deck)
    out["favor_deck_size"] = len(st.favor_deck)
    hidden: dict[str, Any] = {
        "actions": [ACTIONS[a] for a in st.actions[st.revealed_actions :]],
        "event_deck": [str(EVENTS[e].id) for e in reversed(st.event_deck)],
        "draft_deck": [NAMES[c] for c in reversed(st.draft_deck)],
        "favor_deck": [str(FAVORS[f].id) for f in reversed(st.favor_deck)],
        "tower_content": [list(level) for level in st.tower.content],
        "generator": st.rng.state,
    }
    if isinstance(st.tower.model, ScriptedTower):
        hidden["tower_script"] = [list(row) for row in st.tower.model.script]
    out["hidden"] = hidden
    return out


def refuse_teaching(data: Mapping[str, Any]) -> None:
    """A position with a scripted tower (``hidden.tower_script``) is for teaching and tests: no
    game at the table starts from it (a player cannot see the script, and a script that runs out
    stops the game)."""
    hidden = data.get("hidden")
    if isinstance(hidden, Mapping) and "tower_script" in hidden:
        _fail("wallenstein.position.tower-script")


def _pending_words(phase: str, pending: list[int]) -> Any:
    """The decision owed, in the players' words: a movement as ``{"player", "county", "action"}``
    (the colour, the county's printed name, the action's key), one seat as ``{"player": colour}``;
    anything else as the engine keeps it."""
    if phase == "move" and len(pending) == 3:
        seat, county, action = pending
        return {"player": COLOURS[seat], "county": NAMES[county], "action": ACTIONS[action]}
    if len(pending) == 1:
        return {"player": COLOURS[pending[0]]}
    return list(pending)


def _pending_numbers(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """``data`` with ``flow.pending`` in the engine's numbers (positions written before it was in
    words, with a list, load as they are)."""
    flow = data.get("flow")
    if not isinstance(flow, Mapping) or not isinstance(flow.get("pending"), Mapping):
        return data
    pending = flow["pending"]
    field = "flow.pending"
    extra = set(pending) - {"player", "county", "action"}
    if extra or "player" not in pending or ("county" in pending) != ("action" in pending):
        wrong(field, "a player, or a player with a county and an action", sorted(map(str, pending)))
    numbers = [Names("player", COLOURS).index(pending["player"], f"{field}.player")]
    if "county" in pending:
        numbers.append(COUNTIES.index(pending["county"], f"{field}.county"))
        numbers.append(ACTION_NAMES.index(pending["action"], f"{field}.action"))
    return {**data, "flow": {**flow, "pending": numbers}}


def from_position(game: Any, data: Mapping[str, Any], seed: int) -> Any:
    """The state ``data`` describes (see the module docstring); ``game`` makes the fresh state."""
    data = _pending_numbers(data)
    top = check_game(data, "wallenstein")
    options = read_options(game, top)
    st = game.new_state(options, seed)
    n = st.num_players
    rng = Rng(seed ^ 0x5EED)
    raw_players = top.array("players")
    if len(raw_players) != n:
        _fail("wallenstein.position.players", count=len(raw_players), players=n)
    readers = [Reader(p, player_path(i, p)) for i, p in enumerate(raw_players)]
    for s, r in enumerate(readers):
        if r.text("colour", COLOURS[s]) != COLOURS[s]:
            wrong(r.path("colour"), shown_json(COLOURS[s]), r.raw("colour"))  # the text to write: “red”
    who = Names("player", COLOURS[:n])
    st.version = top.integer("decisions", 0)
    active = active_counties(n)
    county_readers = top.obj("counties", {})
    areas: dict[str, Reader] = {}
    for name in county_readers.data:
        c = COUNTIES.index(name, f"counties.{name}")
        if not active[c]:
            _fail("wallenstein.position.county", county=name, players=n)
        areas[name] = county_readers.obj(name)
    county_readers.done()
    # counties the position leaves out are empty (no owner, no armies)
    st.owner = [-1] * len(NAMES)
    st.armies = [0] * len(NAMES)
    st.buildings = [0] * len(NAMES)
    st.unrest = [0] * len(NAMES)
    st.card = [-1] * len(NAMES)
    flow = top.obj("flow", {})
    read_fields(st, _fields(who), top, readers, areas, COUNTIES, {"flow": flow})
    for r in [*readers, *areas.values(), flow]:
        r.done()
    given = top.has("actions")
    revealed = [ACTION_NAMES.index(a, f"actions[{i}]") for i, a in enumerate(top.array("actions", []))]
    hidden = top.obj("hidden", {})
    # left out: the cards not turned lie face down (none during the county draft)
    unturned = 0 if st.phase == DRAFT else len(ACTIONS) - len(set(revealed))
    hidden_count = top.integer("actions_hidden", unturned, 0, len(ACTIONS))
    if hidden.has("actions"):
        rest = [ACTION_NAMES.index(a, f"hidden.actions[{i}]") for i, a in enumerate(hidden.array("actions"))]
    else:
        rest = [a for a in range(len(ACTIONS)) if a not in revealed]
        rng.shuffle(rest)
        rest = rest[:hidden_count]
    st.actions = revealed + rest
    if not flow.has("revealed_actions"):
        # left out altogether: as many turned face up as the round has at this step
        st.revealed_actions = len(revealed) if given else min(len(st.actions), _turned(st))
    if st.phase == PLAN:  # left out while planning: the hand is the cards held, all still to place
        for s, r in enumerate(readers):
            if not r.has("hand"):
                st.plan_hand[s] = [c for c, holder in enumerate(st.card) if holder == s]
            if not r.has("cards_to_place"):
                left = [*st.plan_hand[s], *MONEY_SLOTS, *((TOWER_CARD,) * TOWER_CARDS if st.court else ())]
                for v in st.plans[s]:
                    if v in left:
                        left.remove(v)
                st.plan_left[s] = left
    for s, r in enumerate(readers):  # left out: as the engine has them at this point of the round
        if not r.has("boxes_filled"):
            st.plan_step[s] = _boxes_filled_now(st, s)
        if not r.has("plan_revealed"):
            st.revealed[s] = _revealed_now(st)[s]
    if not top.has("open_events"):  # left out: as many as the rules leave open at this step
        fixed = _open_events_rule(st)
        if fixed is not None:
            del st.open_events[fixed[1] :]  # (the first stay: after fall, the winter's grain loss)
    sizes = (
        top.integer("event_deck_size", len(st.event_deck)),
        top.integer("favor_deck_size", len(st.favor_deck)),
    )
    _decks(st, hidden, rng, sizes)
    _tower(st, top, hidden, rng)
    # left out: the buildings and revolt markers in the supply are those of the box not on the map
    # (the game never takes one out of play: a county that turns neutral gives them back)
    if not top.has("building_supply"):
        for b in range(len(BUILDINGS)):
            on_map = sum(1 for mask in st.buildings if mask >> b & 1)
            st.building_supply[b] = max(0, BUILDING_SUPPLY[b] - on_map)
    if not top.has("revolt_marker_supply"):
        st.unrest_supply = max(0, REVOLT_MARKERS - sum(st.unrest))
    inside = st.tower.inside()  # left out: a colour's armies in its supply are those not elsewhere
    for s, r in enumerate(readers):  # (during the draft too: the groups still on the mat are in it)
        if not r.has("armies_in_supply"):
            on_board = sum(a for c, a in enumerate(st.armies) if st.owner[c] == s)
            st.supply[s] = max(0, ARMIES_PER_PLAYER - on_board - inside[s] - st.tray[s])
    st.rng = Rng.from_state(hidden.integer("generator", rng.derive(1), 0, 2**64 - 1))
    hidden.done()
    top.raw("game")
    top.raw("format", POSITION_FORMAT)
    top.done()
    st.log = []
    _shapes(st)
    _check(st)
    _check_cards(st)
    _check_flow(st)
    _check_draft(st)
    _check_queue(st)
    _check_bids(st)
    _check_round(st)
    _check_boxes(st)
    _carry_on(st)
    return st


AFTER_ACTIONS = ("post", REVOLT_ORDER, "winter-end", OVER)
"""The phases of a round once its ten actions are carried out."""


def _turned(st: Any) -> int:
    """The action cards face up at the table's step: "Shuffle the action cards and place the top
    five face up" when the round starts (``ACTIONS_FACE_UP``), one more turned for each action
    carried out beyond them, all ten once the actions are done; none during the county draft."""
    if st.phase == DRAFT:
        return 0
    if st.action_index >= len(ACTIONS) or st.phase in AFTER_ACTIONS:
        return len(ACTIONS)
    if st.phase == MOVE:
        return max(ACTIONS_FACE_UP, int(st.action_index) + 1)
    return ACTIONS_FACE_UP


def _check_round(st: Any) -> None:
    """The round's action cards, places in player order and favor display as the round has them at
    this step (docs/positions.md, "The round's cards"). Each was accepted at any step: ten action
    cards with one twice, or five turned face up while the eighth action was carried out; a player
    without a place in player order during the actions; two favor cards alike, or favor cards
    without Am Kaiserhof. (A place taken while planning is left to the tables of the rule tests,
    which hold a bonus tile and carry out one action by hand.)"""
    n = len(ACTIONS)
    if st.phase == DRAFT:
        if st.actions:
            _fail("wallenstein.position.actions", count=n)
    elif sorted(st.actions) != list(range(n)):
        _fail("wallenstein.position.actions", count=n)
    turned = _turned(st)
    if st.revealed_actions != turned:
        _fail("wallenstein.position.actions-turned", count=st.revealed_actions, total=turned)
    for s in range(st.num_players):
        if st.phase not in (DRAFT, PLAN, POSITION) and st.positions[s] < 0:
            _fail("wallenstein.position.place-missing", player=COLOURS[s])
    shown = [f for f in st.favors if f >= 0]
    if shown and not st.court:
        _fail("wallenstein.position.favor-module")
    if len(st.favors) > FAVORS_SHOWN:
        _fail("wallenstein.position.favor-display")
    numbers = [FAVORS[f].id for f in shown]
    if numbers != sorted(numbers, reverse=True):
        _fail("wallenstein.position.favor-display")
    seen: dict[int, str] = {}
    for where, cards in (("favor_display", st.favors), ("hidden.favor_deck", st.favor_deck)):
        for f in cards:
            if f < 0:
                continue
            if f in seen:
                _fail(
                    "wallenstein.position.favor-once",
                    card_name=f"favor.{FAVORS[f].id}",
                    first=seen[f],
                    second=where,
                )
            seen[f] = where


def _shapes(st: Any) -> None:
    """What the fields' types alone do not hold: places on the bonus tiles within the tiles, each
    tile once, draft groups no larger than the counties, the revealed actions among the actions, an
    event card open for the plans of this year's seasons to come."""
    for s in range(st.num_players):
        path = player_path(s, {"colour": COLOURS[s]})
        last = max(1, len(st.bonus)) - 1  # (the codec allows any tile of the box; these are the game's)
        if not -1 <= st.positions[s] <= last:
            wrong(f"{path}.bonus_position", f"a whole number -1 to {last}", st.positions[s])
        for i, size in enumerate(st.groups[s]):
            if not 0 <= size <= len(NAMES):
                wrong(f"{path}.draft_groups[{i}]", f"a whole number 0 to {len(NAMES)}", size)
    # "Shuffle the bonus tiles, then place them face up in their designated boxes" at the start of
    # every round: all of them, each once; none before the first round (the draft)
    laid_out = sorted(st.bonus) == list(range(len(BONUS_TILES)))
    if (st.phase == DRAFT and st.bonus) or (st.phase != DRAFT and not laid_out):
        _fail("wallenstein.position.bonus-tiles", count=len(BONUS_TILES))
    taken: dict[int, int] = {}
    for s in range(st.num_players):  # "replaces it with their military leader token": one a box
        box = st.positions[s]
        if box >= 0 and box in taken:
            first, second = COLOURS[taken[box]], COLOURS[s]
            _fail("wallenstein.position.bonus-box", player=first, other=second, number=box + 1)
        taken[box] = s
    if not 0 <= st.revealed_actions <= len(st.actions):
        wrong("flow.revealed_actions", f"a whole number 0 to {len(st.actions)}", st.revealed_actions)
    if st.phase == PLAN and not st.open_events:
        wrong("open_events", "a list of at least 1 names", st.open_events)
    # "Reveal the four topmost event cards" each year; "Shuffle the face-up event cards (2, 3, or 4,
    # depending on which round this is) and draw one of them": planning in spring 4 lie open, in
    # summer 3, in fall 2 (fewer ran out of cards to draw before the winter)
    _check_events(st)


ROUND_PHASES = (POSITION, "pre", LANDSKNECHTE, LEADER, FAVOR, MOVE, "post")
"""The phases of a season after its event is drawn ("Determine event" follows the planning)."""


def _open_events_rule(st: Any) -> tuple[str, int] | None:
    """The rule that fixes how many event cards lie open at the table's step, and that many, or
    None where the rules leave it open (fewer ran out of cards to draw). Docs/rules-notes.md,
    "Open event cards": none revealed during the county draft (set-up step 5, "Draw 4 event cards",
    follows it); "Reveal the four topmost event cards" each year and "Shuffle the face-up event
    cards (2, 3, or 4, depending on which round this is) and draw one of them": planning in spring
    4 lie open, in summer 3, in fall 2, and once the season's event is drawn one fewer; in winter
    "the remaining event card indicates how many grain units have to be removed" (1 while its
    revolts are settled), and after the year's end none (the next year's four come with its
    spring)."""
    if st.phase == DRAFT:
        return "wallenstein.position.events-draft", 0
    if st.season < 3 and st.phase == PLAN:
        return "wallenstein.position.events", int(EVENTS_PER_YEAR - st.season)
    if st.season < 3 and st.phase in ROUND_PHASES:
        return "wallenstein.position.events-round", int(EVENTS_PER_YEAR - 1 - st.season)
    if st.season == 3 and st.phase == REVOLT_ORDER:
        return "wallenstein.position.events-winter", 1
    if st.season == 3 and st.phase in (LEADER, "winter-end", OVER):
        return "wallenstein.position.events-year-end", 0
    return None


_EVENT_TOTAL_NAMED = ("wallenstein.position.events", "wallenstein.position.events-round")
"""The refusals whose words name how many cards the season has (the others say it in words)."""


def _check_events(st: Any) -> None:
    """The open event cards are as many as the rules leave at this step (:func:`_open_events_rule`;
    during the county draft no card is revealed at all: open, drawn or gone)."""
    fixed = _open_events_rule(st)
    if fixed is None:
        return
    rule, total = fixed
    count = len(st.open_events)
    if st.phase == DRAFT:
        count += len(st.used_events) + (st.event >= 0)
    if count != total:
        _fail(rule, count=count, **({"total": total} if rule in _EVENT_TOTAL_NAMED else {}))


AUTOMATIC = ("pre", "post", "winter-end")
"""Phases in which nobody decides: the module steps before the actions (``stage``: ``leader_setup``,
``lsk``, ``court_reveal``, ``court_favor``), the leaders' move after the tenth action, their return
after winter."""


def _carry_on(st: Any) -> None:
    """A position in an automatic phase, with no decision owed, goes on as in play: the engine
    runs its steps up to the next decision (the court's reveal and favors of a rulebook example)."""
    if st.phase not in AUTOMATIC or st.pending:
        return
    from feldherr.wallenstein.rules.engine import _run

    try:
        _run(st)
    except (AssertionError, LookupError, ValueError, TypeError, RuntimeError) as exc:
        inconsistent(f"the phase {st.phase} cannot go on: {type(exc).__name__}: {exc}")


def _decks(st: Any, hidden: Reader, rng: Rng, sizes: tuple[int, int]) -> None:
    seen: dict[str, str] = {}

    def place(kind: str, items: list[int], names: Names, where: str) -> None:
        for i in items:
            key = f"{kind} {names.names[i]}"
            if key in seen:
                _fail("wallenstein.position.card-once", card=names.names[i], first=seen[key], second=where)
            seen[key] = where

    place("event", st.open_events, EVENT_NAMES, "open_events")
    place("event", st.used_events, EVENT_NAMES, "events_gone")
    if st.event >= 0:
        place("event", [st.event], EVENT_NAMES, "current_event")
    if hidden.has("event_deck"):
        st.event_deck = EVENT_NAMES.indices(hidden.raw("event_deck"), "hidden.event_deck")[::-1]
    else:
        deck = [e for e in range(len(EVENTS)) if f"event {EVENT_NAMES.names[e]}" not in seen]
        rng.shuffle(deck)
        st.event_deck = deck[: sizes[0]]
    place("event", st.event_deck, EVENT_NAMES, "hidden.event_deck")
    if hidden.has("draft_deck"):
        st.draft_deck = COUNTIES.indices(hidden.raw("draft_deck"), "hidden.draft_deck")[::-1]
    elif st.phase == "draft":
        held = {c for c, h in enumerate(st.card) if h >= 0} | set(st.faceup)
        deck = [c for c in range(len(NAMES)) if st.active[c] and c not in held]
        rng.shuffle(deck)
        st.draft_deck = deck
    else:
        st.draft_deck = []
    if hidden.has("favor_deck"):
        st.favor_deck = FAVOR_NAMES.indices(hidden.raw("favor_deck"), "hidden.favor_deck")[::-1]
    elif st.court:
        shown = {f for f in st.favors if f >= 0}
        deck = [f for f in range(len(FAVORS)) if f not in shown]
        rng.shuffle(deck)
        st.favor_deck = deck[: sizes[1]]


def _tower(st: Any, top: Reader, hidden: Reader, rng: Rng) -> None:
    inside = top.ints("tower_inside", st.tower.inside())
    if len(inside) != NCOLOURS:
        wrong("tower_inside", f"a list of {NCOLOURS} numbers", inside)
    model = st.tower.model
    if hidden.has("tower_script"):
        script = hidden.array("tower_script")
        try:
            model = ScriptedTower(script)
        except OptionError:
            wrong("hidden.tower_script", "a list of rows of cubes per colour", script)
    if hidden.has("tower_content"):
        content = hidden.array("tower_content")
        if not model.content_fits(content):
            _fail("wallenstein.position.tower", model=model.name)
        tower = Tower(model, [list(row) for row in content])
        if tower.inside() != inside:
            _fail("wallenstein.position.tower", model=model.name)
    else:
        tower = Tower(model)
        tower.content[0][:NCOLOURS] = list(inside)
        model.resample(tower.content, rng)
    st.tower = tower


def _check(st: Any) -> None:
    n = st.num_players
    inside = st.tower.inside()
    for i, count in enumerate(st.tray):
        if type(count) is not int or count < 0:
            wrong(f"tower_tray[{i}]", "a whole number at least 0", count)
    for c in range(n, NCOLOURS - 1):  # the colours nobody plays: their cubes stay in the box
        if inside[c] or st.tray[c]:
            _fail("wallenstein.position.colour", player=COLOURS[c], players=n)
    for c in range(len(NAMES)):
        if (st.owner[c] >= 0) != (st.armies[c] > 0):
            owner = COLOURS[st.owner[c]] if st.owner[c] >= 0 else "pos.owner.none"
            _fail("wallenstein.position.owner", county=NAMES[c], count=st.armies[c], player=owner)
    for s in range(n):
        count = (
            sum(a for c, a in enumerate(st.armies) if st.owner[c] == s)
            + st.supply[s]
            + inside[s]
            + st.tray[s]
        )
        if count != ARMIES_PER_PLAYER:  # the draft too: "Each player takes ... 62 army cubes"
            _fail(
                "wallenstein.position.armies",
                player=COLOURS[s],
                count=count,
                total=ARMIES_PER_PLAYER,
            )
    peasants = st.peasant_supply + inside[PEASANT] + st.tray[PEASANT]
    if peasants > PEASANTS_TOTAL:
        _fail("wallenstein.position.peasants", count=peasants, total=PEASANTS_TOTAL)
    for b, name in enumerate(BUILDINGS):
        built = sum(1 for mask in st.buildings if mask >> b & 1) + st.building_supply[b]
        if built > BUILDING_SUPPLY[b]:
            _fail(
                "wallenstein.position.buildings", building=f"b.{name}", count=built, total=BUILDING_SUPPLY[b]
            )
    for c in range(len(NAMES)):  # "all armies, buildings and revolt markers" leave a neutral county
        if st.owner[c] < 0 and (st.buildings[c] or st.unrest[c]):
            _fail("wallenstein.position.neutral", county=NAMES[c])
    markers = sum(st.unrest) + st.unrest_supply
    if markers > REVOLT_MARKERS:
        _fail("wallenstein.position.revolt-markers", count=markers, total=REVOLT_MARKERS)


def _card_words(value: int) -> str:
    """A card of a plan as the position writes it: a county's name, else its JSON text."""
    if 0 <= value < len(NAMES):
        return NAMES[value]
    return shown_json(SLOT.enc(value))


def _check_cards(st: Any) -> None:
    """The county cards, the hands and the plans fit together as the table has them (docs/positions.md,
    "Hands and plans"; docs/rules-notes.md, "Cards follow the county" and "Hands and plans")."""
    for c in range(len(NAMES)):
        if st.card[c] != st.owner[c]:
            _fail("wallenstein.position.card-holder", county=NAMES[c])
    if st.phase in (DRAFT, PLAN):  # the hands are dealt from the cards held when planning begins
        for s in range(st.num_players):
            for c in st.plan_hand[s]:
                if st.card[c] != s:
                    _fail(
                        "wallenstein.position.not-held",
                        player=COLOURS[s],
                        county=NAMES[c],
                        place="pos.in-hand",
                    )
    in_hand: dict[int, str] = {}
    for s in range(st.num_players):
        where = f"players.{COLOURS[s]}.hand"
        for c in st.plan_hand[s]:
            if c in in_hand:
                _fail("wallenstein.position.card-once", card=NAMES[c], first=in_hand[c], second=where)
            in_hand[c] = where
    for s in range(st.num_players):
        _check_plan(st, s)


BEFORE_COURT_REVEAL = ("leader_setup", "lsk", "court_reveal")
"""The module steps before the actions that come before the court's reveal (``flow.stage``)."""


def _boxes_filled_now(st: Any, s: int) -> int:
    """``boxes_filled`` as the engine has it: none before the first round, the boxes filled in the
    plan's order while planning, every box once the plans are in."""
    if st.phase == DRAFT:
        return 0
    if st.phase != PLAN:
        return int(st.nslots)
    order = (*PLAN_ORDER, *COURT_SLOTS) if st.court else PLAN_ORDER
    filled = 0
    for slot in order:
        if st.plans[s][slot] == UNPLANNED:
            break
        filled += 1
    return filled


def _revealed_now(st: Any) -> list[list[bool]]:
    """Which boxes of each plan lie face up at this point of the round, as the engine turns them:
    none while drafting and planning; every bid once the plans are in (``reveal_bids``); the
    court's boxes from the court's reveal on; the box of each action card carried out (the cards
    before ``action_index`` for everybody, the card at it for the players in ``turn_order`` up to
    ``turn_index``, the one deciding a movement included)."""
    n, slots = st.num_players, st.nslots
    shown = [[False] * slots for _ in range(n)]
    if st.phase in (DRAFT, PLAN):
        return shown
    court = st.court and st.phase != POSITION and st.stage not in BEFORE_COURT_REVEAL
    for s in range(n):
        shown[s][BID] = True
        if court:
            for slot in COURT_SLOTS:
                shown[s][slot] = True
    cards, index = st.actions, st.action_index
    for card in cards[: max(0, index)]:
        for s in range(n):
            shown[s][card] = True
    if 0 <= index < len(cards):
        turns = st.turn_index + (1 if st.phase == MOVE else 0)
        for s in st.order[: max(0, turns)]:
            if 0 <= s < n:
                shown[s][cards[index]] = True
    return shown


def _box_words(slot: int) -> str:
    """The key of a plan box's name in the game's words."""
    if slot == BID:
        return "bid"
    if slot in COURT_SLOTS:
        return f"court{slot - BID}"
    return ACTIONS[slot]


def _check_flow(st: Any) -> None:
    """The step of the round in the flow fits the table: the player at ``turn_index`` is in the game,
    and a movement owed is the one of the action under way (its player, its action card, the
    county on that box of the plan), as the engine owes it."""
    if st.turn_index >= st.num_players:
        wrong("flow.turn_index", f"a whole number 0 to {st.num_players - 1}", st.turn_index)
    if st.phase != MOVE or len(st.pending) != 3 or not st.order:
        return
    index, turn = st.action_index, st.turn_index
    if index >= len(st.actions) or turn >= len(st.order):
        inconsistent("no action is under way for the movement owed")
    seat, action = st.order[turn], st.actions[index]
    if st.pending != [seat, st.plans[seat][action], action]:
        _fail("wallenstein.position.pending", player=COLOURS[seat], action=ACTIONS[action])


def _check_draft(st: Any) -> None:
    """The county draft (docs/rules-notes.md, "Who drafts first"): "starting with the oldest player
    and continuing clockwise, the players take turns ... until all players have placed all of their
    army groups". The order is Red's turn, Blue's, ... round after round, one round per group of
    the mat; each player's groups still to place are groups of the mat, as many as the player's
    turns left; and the decision owed is that of the player whose turn it is."""
    if st.phase != DRAFT:
        return
    n = st.num_players
    mat = start_groups(n)
    if st.draft_seat_order != [s for _ in mat for s in range(n)]:
        _fail("wallenstein.position.draft-order", groups=len(mat))
    order, turn = st.draft_seat_order, st.draft_turn
    if not 0 <= turn < len(order):
        wrong("flow.draft_turn", f"a whole number 0 to {len(order) - 1}", turn)
    sizes = ", ".join(map(str, mat))
    for s in range(n):
        if st.supply[s] < sum(st.groups[s]):  # the groups still on the mat are cubes of the supply
            _fail(
                "wallenstein.position.draft-supply",
                player=COLOURS[s],
                count=st.supply[s],
                total=sum(st.groups[s]),
            )
        left = list(mat)
        for size in st.groups[s]:
            if size not in left:
                _fail("wallenstein.position.draft-groups", player=COLOURS[s], players=n, sizes=sizes)
            left.remove(size)
        turns = order[turn:].count(s)
        if turns != len(st.groups[s]):
            groups = len(st.groups[s])
            _fail("wallenstein.position.draft-turns", player=COLOURS[s], groups=groups, turns=turns)
    if st.pending != [order[turn]]:
        _fail("wallenstein.position.draft-pending", player=COLOURS[order[turn]])
    # "Reveal the top two cards ... If one of the two face-up cards is selected, immediately replace
    # it with the top card from the deck": every county card of the game held, face up or in the deck
    cards = [*st.draft_deck, *st.faceup, *(c for c, holder in enumerate(st.card) if holder >= 0)]
    for c in range(len(NAMES)):
        if cards.count(c) != (1 if st.active[c] else 0):
            _fail("wallenstein.position.draft-cards", county=NAMES[c])


STAGES: dict[str, tuple[str, ...]] = {
    "pre": ("leader_setup", "lsk", "court_reveal", "court_favor"),
    LEADER: ("leader_setup", "leader_move", "leader_winter"),
    LANDSKNECHTE: ("lsk",),
    FAVOR: ("court_favor",),
    "post": ("leader_move",),
    "winter-end": ("leader_winter",),
}
"""The module steps (``flow.stage``) of each phase that has one; every other phase has none."""
STAGE_MODULE = {
    "leader_setup": "leaders",
    "leader_move": "leaders",
    "leader_winter": "leaders",
    "lsk": "lsk",
    "court_reveal": "court",
    "court_favor": "court",
}


def _check_queue(st: Any) -> None:
    """A module's step (``flow.stage``) and its players still to act (``flow.queue``) as the engine
    has them (docs/rules-notes.md, "Favor order", Landsknechte "When", Heerführer "Placement", "The
    move"): the step belongs to the phase and its module is played (a step of a module not played
    has nobody to act); the decision owed in a module's decision is that of the first player still
    to act; each player acts once, in player order (the fall order after winter), at the court's
    favor the player with the most courtiers in the entrance hall first."""
    stage, queue = st.stage, st.queue
    if stage and stage not in STAGE_MODULE:
        Names("module step", tuple(STAGE_MODULE)).index(stage, "flow.stage")
    if stage not in STAGES.get(st.phase, ("",)):
        _fail("wallenstein.position.stage", stage=f"pos.stage.{stage}")
    if not stage:
        if queue:
            _fail("wallenstein.position.queue")
        return
    played = bool(getattr(st, STAGE_MODULE[stage]))
    deciding = st.phase in (FAVOR, LANDSKNECHTE, LEADER)
    if not played and (deciding or queue):
        _fail("wallenstein.position.stage", stage=f"pos.stage.{stage}")
    if len(set(queue)) != len(queue) or (deciding and (not queue or st.pending != [queue[0]])):
        _fail("wallenstein.position.queue")
    if stage == "court_favor":
        from feldherr.wallenstein.rules.court import favor_order

        first = queue[:1] if deciding else []  # (the first has moved the courtiers to the audience)
        if queue != first + [s for s in favor_order(st) if s not in first]:
            _fail("wallenstein.position.queue-order", order="pos.order.favor")
    elif stage != "court_reveal":
        order = iter(st.fall_order if stage == "leader_winter" else st.order)
        if not all(s in order for s in queue):
            _fail("wallenstein.position.queue-order", order="pos.order.player")


def _check_bids(st: Any) -> None:
    """The places in player order taken after the bids are revealed (``flow.bid_queue``): "The
    player with the highest bid chooses first ... In case of a tie, ... the bag" (the engine's
    ``reveal_bids``). The players still to take a place are players without one, each once, in the
    order of their bids (ties in any order), and the decision owed is the first's; at any other step
    nobody waits (a position whose owed decision was another player's was accepted, and that
    player's choice took the first player's turn away). Every player without a place is in the
    queue: the bids rank all players, and each takes a place in turn (a table that left one out
    was accepted, and that player never chose: the round went on with a player outside the order)."""
    from feldherr.wallenstein.rules.planning import bid_rank

    queue = st.bid_queue
    if st.phase != POSITION:
        if queue:
            _fail("wallenstein.position.bid-queue")
        return
    placed = any(st.positions[s] >= 0 for s in queue)
    if not queue or placed or len(set(queue)) != len(queue) or st.pending != [queue[0]]:
        _fail("wallenstein.position.bid-queue")
    for s in range(st.num_players):
        if st.positions[s] < 0 and s not in queue:
            _fail("wallenstein.position.bid-waiting", player=COLOURS[s])
    for first, second in itertools.pairwise(queue):
        if bid_rank(st.plans[first][BID]) < bid_rank(st.plans[second][BID]):
            _fail("wallenstein.position.bid-order", player=COLOURS[first], other=COLOURS[second])


def _check_boxes(st: Any) -> None:
    """``boxes_filled`` and ``plan_revealed`` as the engine has them at this point of the round
    (docs/rules-notes.md, "Boxes filled and revealed")."""
    shown = _revealed_now(st)
    order = (*PLAN_ORDER, *COURT_SLOTS) if st.court else PLAN_ORDER
    for s in range(st.num_players):
        player = COLOURS[s]
        if st.phase != PLAN:  # while planning, plan-order checks the count against the plan
            want = _boxes_filled_now(st, s)
            if st.plan_step[s] != want:
                _fail("wallenstein.position.boxes-filled", player=player, count=st.plan_step[s], total=want)
        for slot in order:
            if st.revealed[s][slot] != shown[s][slot]:
                face = "pos.face-up" if st.revealed[s][slot] else "pos.face-down"
                _fail("wallenstein.position.revealed", player=player, box=_box_words(slot), face=face)


def _check_plan(st: Any, s: int) -> None:
    player = COLOURS[s]
    phase = st.phase
    hand, plan, left = st.plan_hand[s], st.plans[s], st.plan_left[s]
    held = {c for c, h in enumerate(st.card) if h == s}
    order = (*PLAN_ORDER, *COURT_SLOTS) if st.court else PLAN_ORDER
    # the hand is dealt when planning begins (and kept, as it was dealt, until the next round's)
    dealt_now = phase in (DRAFT, PLAN)
    for v in (*plan, *left) if dealt_now else plan:
        if 0 <= v < len(NAMES) and v not in held:
            place = "pos.on-plan" if v in plan else "pos.to-place"
            _fail("wallenstein.position.not-held", player=player, county=NAMES[v], place=place)
    if phase == PLAN:
        for c in sorted(held):
            if c not in hand:
                _fail("wallenstein.position.hand", player=player, county=NAMES[c])
    if phase in (DRAFT, PLAN):
        step = st.plan_step[s] if phase == PLAN else 0
        if not 0 <= step <= st.nslots or any(
            (plan[slot] != UNPLANNED) != (i < step) for i, slot in enumerate(order)
        ):
            _fail("wallenstein.position.plan-order", player=player, count=st.plan_step[s])
    if phase == DRAFT:  # the cards are dealt for planning when the draft is over
        if left:
            _fail("wallenstein.position.plan-order", player=player, count=st.plan_step[s])
        return
    # every card of the player: on the plan, still to place, or lost from the plan
    seen: dict[int, str] = {}
    towers = 0
    places = [(f"players.{player}.plan", v) for v in plan] + [
        (f"players.{player}.cards_to_place", v) for v in left
    ]
    for where, v in places:
        if v in (UNPLANNED, EMPTY, LOST):
            continue
        if v == TOWER_CARD:
            towers += 1
            continue
        if v >= MONEY_BASE and v - MONEY_BASE not in MONEY_CARDS:
            _fail(
                "wallenstein.position.money-card",
                player=player,
                taler=v - MONEY_BASE,
                low=min(MONEY_CARDS),
                high=max(MONEY_CARDS),
            )
        if v in seen and v >= MONEY_BASE:
            _fail("wallenstein.position.money-once", taler=v - MONEY_BASE, first=seen[v], second=where)
        if v in seen:
            _fail("wallenstein.position.card-once", card=_card_words(v), first=seen[v], second=where)
        seen[v] = where
        if v < MONEY_BASE and v not in hand:
            place = "pos.on-plan" if where.endswith(".plan") else "pos.to-place"
            _fail("wallenstein.position.not-in-hand", player=player, county=NAMES[v], place=place)
    total = TOWER_CARDS if st.court else 0
    if towers != total:
        _fail("wallenstein.position.tower-card", player=player, count=towers, total=TOWER_CARDS)
    for v in MONEY_SLOTS:
        if v not in seen:
            _fail("wallenstein.position.plan-money", player=player, taler=v - MONEY_BASE)
    gone = [c for c in hand if c not in seen]
    lost = plan.count(LOST)
    if lost > len(gone) or (lost and phase == PLAN):
        _fail(
            "wallenstein.position.lost", player=player, count=lost, missing=0 if phase == PLAN else len(gone)
        )
    if len(gone) > lost:
        _fail("wallenstein.position.plan-cards", player=player, card=_card_words(gone[0]))
    cards = len(hand) + len(MONEY_CARDS) + total
    free = max(0, st.nslots - cards)
    empty = plan.count(EMPTY)
    if empty > free:
        _fail("wallenstein.position.cover", player=player, count=empty, free=free)
    bid = plan[BID]
    if phase == PLAN and MONEY_BASE <= bid < TOWER_CARD and bid - MONEY_BASE > st.money[s]:
        _fail("wallenstein.position.bid", player=player, taler=bid - MONEY_BASE, money=st.money[s])


def editor_choices(game: Any, options: Mapping[str, Any] | None, lang: str) -> dict[str, Any]:
    """What the position editor offers where the schema alone does not say (server.editor), in
    ``lang``: the action cards and the bonus tiles by their printed words (``"combat_a"``: "Combat /
    movement A"), the favor cards by their effects (``"16"``: "+6 Thalers"), the favor display's
    spaces by the courtiers they cost ("Space of 4 courtiers", then 3, 2), the boxes of a plan in
    the mat's order (the ten actions, the bid, with Am Kaiserhof the three convert boxes) and the
    cards a box may hold: ``money`` the money cards 0–4 by their words, ``tower card``, ``lost``."""
    from feldherr.core.i18n import render, term

    catalogue = game.messages()
    words = functools.partial(term, catalogue, lang=lang)
    return {
        "actions": {a: words(a) for a in ACTIONS},
        "bonus_tiles": {t: words(t) for t in BONUS_TILES},
        "favor_display": {str(f.id): words(f"favor.{f.id}") for f in FAVORS},
        "favor_spaces": [render(catalogue, "pos.favor-space", {"n": n}, lang) for n in FAVOR_COSTS],
        "plan_boxes": [
            *(words(a) for a in ACTIONS),
            words("bid"),
            *(words(f"court{n}") for n in CONVERT_BOXES),
        ],
        "plan_cards": {
            "money": [plan_value_text(v, lang) for v in MONEY_CARDS],
            "tower card": plan_value_text("tower", lang),
            "lost": plan_value_text("lost", lang),
        },
    }
