"""Words: the log in German and English, move descriptions, and the terminal picture of a view."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from feldherr.core.i18n import render, term
from feldherr.wallenstein.data import BONUS_TILES, BUILDINGS, EVENTS, FAVORS

COLOURS = ("red", "blue", "yellow", "purple", "black", "peasants")

CATALOGUE: dict[str, dict[str, str]] = {
    # terms
    "red": {"en": "Red", "de": "Rot"},
    "blue": {"en": "Blue", "de": "Blau"},
    "yellow": {"en": "Yellow", "de": "Gelb"},
    "purple": {"en": "Purple", "de": "Lila"},
    "black": {"en": "Black", "de": "Schwarz"},
    "peasants": {"en": "peasants", "de": "Bauern"},
    "nobody": {"en": "nobody", "de": "niemand"},
    "spring": {"en": "Spring", "de": "Frühling"},
    "summer": {"en": "Summer", "de": "Sommer"},
    "fall": {"en": "Fall", "de": "Herbst"},
    "winter": {"en": "Winter", "de": "Winter"},
    "palace": {"en": "Build a palace", "de": "Palast bauen"},
    "church": {"en": "Build a church", "de": "Kirche bauen"},
    "trading_post": {"en": "Build a trading post", "de": "Handelshaus bauen"},
    "grain": {"en": "Collect grain", "de": "Getreide einziehen"},
    "taxes": {"en": "Collect taxes", "de": "Steuern einziehen"},
    "deploy5": {"en": "Deploy 5 armies", "de": "5 Armeen aufstellen"},
    "deploy3": {"en": "Deploy 3 armies", "de": "3 Armeen aufstellen"},
    "deploy1": {"en": "Deploy 1 army/move", "de": "1 Armee aufstellen/bewegen"},
    "combat_a": {"en": "Combat/Movement A", "de": "Kampf/Bewegung A"},
    "combat_b": {"en": "Combat/Movement B", "de": "Kampf/Bewegung B"},
    "bid": {"en": "bid", "de": "Gebot"},
    "b.palace": {"en": "palace", "de": "Palast"},
    "b.church": {"en": "church", "de": "Kirche"},
    "b.trading_post": {"en": "trading post", "de": "Handelshaus"},
    "plus_taler": {"en": "+1 Thaler", "de": "+1 Taler"},
    "plus_grain": {"en": "+1 grain", "de": "+1 Getreide"},
    "six_armies": {"en": "6 armies", "de": "6 Armeen"},
    "attack_plus1": {"en": "+1 army when attacking", "de": "+1 Armee beim Angriff"},
    "defend_plus1": {"en": "+1 army when defending", "de": "+1 Armee beim Verteidigen"},
    "faceup": {"en": "a face-up card", "de": "einer offenen Karte"},
    "deck": {"en": "the deck", "de": "dem Stapel"},
    "cannot_pay": {"en": "not enough Thalers", "de": "zu wenig Taler"},
    "no_armies": {"en": "not enough armies in supply", "de": "zu wenig Armeen im Vorrat"},
    "no_site": {"en": "no free building site", "de": "kein freier Bauplatz"},
    "same_building": {"en": "that building already stands there", "de": "das Gebäude steht dort schon"},
    "no_tiles": {"en": "no building tile left", "de": "kein Gebäude mehr im Vorrat"},
    "county": {"en": "a county card", "de": "eine Länderkarte"},
    "none": {"en": "no card", "de": "keine Karte"},
    "ev.trading_post_calms": {
        "en": "building a trading post removes 1 revolt marker",
        "de": "beim Bau eines Handelshauses wird 1 Unruhemarker entfernt",
    },
    "ev.neutral_two_peasants": {
        "en": "2 peasants defend a neutral county",
        "de": "2 Bauern verteidigen ein neutrales Land",
    },
    "ev.palace_defender_plus1": {
        "en": "a defended palace county adds 1 army from the defender's supply",
        "de": "bei Angriff auf ein Land mit Palast 1 zusätzliche Armee des Verteidigers",
    },
    "ev.church_safe": {
        "en": "counties with a church are safe from attacks",
        "de": "Länder mit Kirche dürfen nicht angegriffen werden",
    },
    "ev.tax_max5": {"en": "taxes at most 5 Thalers", "de": "Steuern höchstens 5 Taler"},
    "ev.tax_min6": {"en": "taxes at least 6 Thalers", "de": "Steuern mindestens 6 Taler"},
    "ev.grain_min4": {"en": "grain at least 4", "de": "Getreide mindestens 4"},
    "ev.grain_max3": {"en": "grain at most 3", "de": "Getreide höchstens 3"},
    "ev.deploy_reduced": {
        "en": "'Deploy 5 (3) armies' give only 3 (2)",
        "de": "'5 bzw. 3 Armeen aufstellen' bringen nur 3 bzw. 2",
    },
    "court1": {"en": "Convert 1 army", "de": "1 Armee umwandeln"},
    "court2": {"en": "Convert 2 armies", "de": "2 Armeen umwandeln"},
    "court3": {"en": "Convert 3 armies", "de": "3 Armeen umwandeln"},
    "tower": {"en": "a dice tower card", "de": "eine Würfelturmkarte"},
    "tray": {"en": "the tray", "de": "der Würfelturmschale"},
    "too_few_armies": {"en": "too few armies", "de": "zu wenig Armeen"},
    "no_courtiers": {"en": "too few courtiers in supply", "de": "zu wenig Höflinge im Vorrat"},
    "lsk.taler": {"en": "Thalers", "de": "Taler"},
    "lsk.grain": {"en": "grain", "de": "Getreide"},
    "lsk.armies": {"en": "armies into the tray", "de": "Armeen in die Schale"},
    "lsk.vp": {"en": "victory points", "de": "Siegpunkte"},
    "fv.cancel_event": {"en": "remove this round's event", "de": "Ereignis dieser Runde entfernen"},
    "fv.taler": {"en": "+{n} Thalers", "de": "+{n} Taler"},
    "fv.tray_armies": {"en": "{n} armies into the tray", "de": "{n} Armeen in die Schale"},
    "fv.calm": {
        "en": "remove a revolt marker (or parry the next)",
        "de": "Unruhemarker entfernen (oder den nächsten abwehren)",
    },
    "fv.grain": {"en": "+{n} grain", "de": "+{n} Getreide"},
    "fv.vp": {"en": "+{n} VP", "de": "+{n} SP"},
    "fv.build": {"en": "free {building}", "de": "{building} kostenlos"},
    "fv.shield": {"en": "safe from {against} this round", "de": "diese Runde sicher vor {against}"},
    "fv.deploy": {
        "en": "{n} free armies (own or neutral county)",
        "de": "{n} kostenlose Armeen (eigenes oder neutrales Land)",
    },
    # log lines
    "courtiers_from_tower": {
        "en": "{p} places {n} courtiers in the entrance hall for the armies from the tray.",
        "de": "{p} stellt für die herausgefallenen Armeen {n} Höflinge in die Empfangshalle.",
    },
    "favors_shown": {
        "en": "Favor cards at the Emperor's Court (4, 3, 2 courtiers): {cards}.",
        "de": "Gunstkarten am Kaiserhof (4, 3, 2 Höflinge): {cards}.",
    },
    "court_convert": {
        "en": "{p} converts {n} armies from {source} into courtiers.",
        "de": "{p} wandelt {n} Armeen aus {source} in Höflinge um.",
    },
    "court_skip": {
        "en": "{p} cannot convert {n} armies from {source}: {reason}.",
        "de": "{p} kann {n} Armeen aus {source} nicht umwandeln: {reason}.",
    },
    "court_skip_lost": {
        "en": "{p} cannot convert {n} armies: {reason}.",
        "de": "{p} kann {n} Armeen nicht umwandeln: {reason}.",
    },
    "audience": {
        "en": "{p} moves {n} courtiers into the audience hall.",
        "de": "{p} zieht {n} Höflinge in den Audienzsaal.",
    },
    "favor_none": {"en": "{p} takes no favor card.", "de": "{p} nimmt keine Gunstkarte."},
    "favor_taken": {
        "en": "{p} takes favor card #{card} for {cost} courtiers.",
        "de": "{p} nimmt Gunstkarte {card} für {cost} Höflinge.",
    },
    "favor_gain": {"en": "{p} receives {n} {kind}.", "de": "{p} erhält {n} {kind}."},
    "favor_kept": {
        "en": "{p} keeps favor card #{card} to parry the next revolt marker.",
        "de": "{p} behält Gunstkarte {card}, um den nächsten Unruhemarker abzuwehren.",
    },
    "favor_shield": {
        "en": "{p} cannot be attacked with the action(s) of favor card #{card} this round.",
        "de": "{p} kann in dieser Runde mit der Aktion der Gunstkarte {card} nicht angegriffen werden.",
    },
    "event_removed": {
        "en": "{p} removes event card {event}: the event does not take place.",
        "de": "{p} entfernt Ereigniskarte {event}: das Ereignis findet nicht statt.",
    },
    "parried": {
        "en": "{p} parries the revolt marker for {county} with the favor card.",
        "de": "{p} wehrt mit der Gunstkarte den Unruhemarker für {county} ab.",
    },
    "favors_removed": {
        "en": "Favor cards {cards} leave the game unused.",
        "de": "Gunstkarten {cards} kommen ungenutzt aus dem Spiel.",
    },
    "lsk_card": {
        "en": "{p} holds counties in four regions and turns Landsknechte card {card}.",
        "de": "{p} hat Länder in vier Regionen und deckt Landsknechte-Karte {card} auf.",
    },
    "lsk_benefit": {"en": "{p} receives {n} {kind}.", "de": "{p} erhält {n} {kind}."},
    "leader_placed": {
        "en": "{p}'s military leader stands in {county}.",
        "de": "{p}s Heerführer steht in {county}.",
    },
    "statue": {
        "en": "{p}'s leader leaves {county} victorious: a statue is erected there.",
        "de": "{p}s Heerführer verlässt {county} im Triumph: dort wird ein Denkmal errichtet.",
    },
    "leader_fled": {
        "en": "{p}'s leader flees {county} to a distant county: no statue.",
        "de": "{p}s Heerführer flieht aus {county} in ein fernes Land: kein Denkmal.",
    },
    "trophy": {
        "en": "{p}'s leader enters {county} and takes {n} statue(s) of {d} as trophies.",
        "de": "{p}s Heerführer betritt {county} und erobert {n} Denkmal/Denkmäler von {d}.",
    },
    "leader_lost": {
        "en": "{p} loses {county}; the military leader leaves the board until after winter.",
        "de": "{p} verliert {county}; der Heerführer verlässt den Plan bis nach dem Winter.",
    },
    "leader_score": {
        "en": "{p} scores {vp} for {statues} statues on the board and {trophies} trophies.",
        "de": "{p} erhält {vp} für {statues} Denkmäler auf dem Plan und {trophies} eroberte Denkmäler.",
    },
    "draft": {
        "en": "{p} takes {county} from {source} and places {armies} armies there.",
        "de": "{p} nimmt {county} von {source} und setzt {armies} Armeen dorthin.",
    },
    "redraw": {
        "en": "{p} puts the same two cards under the deck; face up now: {cards}.",
        "de": "{p} legt die beiden gleichen Karten unter den Stapel; offen liegen nun: {cards}.",
    },
    "lineup": {"en": "{p} starts in {counties}.", "de": "{p} beginnt in {counties}."},
    "tower_filled": {
        "en": "The tower is filled with {thrown}; out came {out}, which go back to the supplies.",
        "de": "Der Turm wird mit {thrown} gefüllt; heraus fallen {out}, sie kommen zurück in den Vorrat.",
    },
    "events": {
        "en": "Year {year}: the events are cards {events}.",
        "de": "Jahr {year}: die Ereignisse sind die Karten {events}.",
    },
    "round": {
        "en": "{season}, year {year}. Open actions: {actions}. Bonus tiles: {bonus}.",
        "de": "{season}, Jahr {year}. Offene Aktionen: {actions}. Vorteilsplättchen: {bonus}.",
    },
    "planned": {"en": "{p} has planned.", "de": "{p} hat geplant."},
    "event": {
        "en": "Event card {event}: {effect}.",
        "de": "Ereigniskarte {event}: {effect}.",
    },
    "bid_revealed": {"en": "{p} bids {bid}.", "de": "{p} bietet {bid}."},
    "bid_tie": {
        "en": "Tie: the bag decides the order {seats}.",
        "de": "Gleichstand: der Beutel entscheidet die Reihenfolge {seats}.",
    },
    "position": {
        "en": "{p} takes position {pos} with bonus {tile}.",
        "de": "{p} nimmt Platz {pos} mit dem Vorteil {tile}.",
    },
    "order": {"en": "Player order: {seats}.", "de": "Spielerreihenfolge: {seats}."},
    "reveal_action": {"en": "Next action revealed: {action}.", "de": "Nächste Aktion aufgedeckt: {action}."},
    "skip": {
        "en": "{p} skips {action} in {county}: {reason}.",
        "de": "{p} lässt {action} in {county} ausfallen: {reason}.",
    },
    "skip_lost": {
        "en": "{p} skips {action}: {reason}.",
        "de": "{p} lässt {action} ausfallen: {reason}.",
    },
    "card_lost": {
        "en": "the county card on it was handed over (conquered or lost)",
        "de": "die Länderkarte darauf wurde abgegeben (erobert oder verloren)",
    },
    "build": {
        "en": "{p} builds a {building} in {county} for {cost} Thalers.",
        "de": "{p} baut {building} in {county} für {cost} Taler.",
    },
    "calmed": {
        "en": "A revolt marker leaves {county}.",
        "de": "Ein Unruhemarker verlässt {county}.",
    },
    "collect": {
        "en": "{p}: {action} in {county} brings {amount}.",
        "de": "{p}: {action} in {county} bringt {amount}.",
    },
    "deploy": {
        "en": "{p} pays {cost} and deploys {n} armies in {county}.",
        "de": "{p} zahlt {cost} und stellt {n} Armeen in {county} auf.",
    },
    "move": {
        "en": "{p} moves {n} armies from {src} to {county}.",
        "de": "{p} zieht {n} Armeen von {src} nach {county}.",
    },
    "pass": {"en": "{p} moves no armies ({action}).", "de": "{p} zieht keine Armeen ({action})."},
    "battle": {
        "en": "Battle for {county} ({p} from {src} against {d}): thrown {thrown} with the tray ({tray}); out {out}.",
        "de": "Kampf um {county} ({p} aus {src} gegen {d}): geworfen {thrown} mit der Schale ({tray}); heraus {out}.",
    },
    "conquered": {
        "en": "{p} conquers {county} with {armies} armies and takes its card.",
        "de": "{p} erobert {county} mit {armies} Armeen und erhält die Länderkarte.",
    },
    "held": {
        "en": "{p} holds {county} with {armies} armies.",
        "de": "{p} hält {county} mit {armies} Armeen.",
    },
    "tie_neutral": {
        "en": "A tie: {county} loses all armies, buildings and revolt markers and becomes neutral.",
        "de": "Unentschieden: {county} verliert alle Armeen, Gebäude und Unruhemarker und wird neutral.",
    },
    "repelled": {
        "en": "{p} fails to take {county}.",
        "de": "{p} kann {county} nicht einnehmen.",
    },
    "revolt": {
        "en": "Revolt in {county} against {p}: thrown {thrown} with the tray ({tray}); out {out}.",
        "de": "Aufstand in {county} gegen {p}: geworfen {thrown} mit der Schale ({tray}); heraus {out}.",
    },
    "revolt_subdued": {
        "en": "{p} subdues the revolt and keeps {county} with {armies} armies.",
        "de": "{p} schlägt den Aufstand nieder und behält {county} mit {armies} Armeen.",
    },
    "revolt_won": {
        "en": "The peasants win: {p} loses {county}, its buildings and revolt markers.",
        "de": "Die Bauern siegen: {p} verliert {county} samt Gebäuden und Unruhemarkern.",
    },
    "winter_begins": {
        "en": "Winter of year {year}: everyone loses {loss} grain.",
        "de": "Winter im Jahr {year}: jeder verliert {loss} Getreide.",
    },
    "unsupplied": {
        "en": "{p} cannot supply {n} counties: revolts in {counties} (+{extra} peasants each).",
        "de": "{p} kann {n} Länder nicht versorgen: Aufstände in {counties} (+{extra} Bauern je Aufstand).",
    },
    "majority": {
        "en": "Most {building} in {region}: {seats} (+{vp}).",
        "de": "Meiste {building} in {region}: {seats} (+{vp}).",
    },
    "score": {
        "en": "{p} scores {base} for counties and buildings and {majorities} for majorities: {total} VP.",
        "de": "{p} erhält {base} für Länder und Gebäude und {majorities} für Mehrheiten: {total} SP.",
    },
    "game_over": {
        "en": "Game over. Victory points {vp}, Thalers {money}. Winner: {winners}.",
        "de": "Spielende. Siegpunkte {vp}, Taler {money}. Sieger: {winners}.",
    },
}

_SEAT_ARGS = {"p", "d"}
_SEAT_LIST_ARGS = {"seats", "winners"}
_CUBE_ARGS = {"thrown", "out", "tray"}


def seat_name(seat: int, lang: str) -> str:
    return (
        term(CATALOGUE, COLOURS[seat], lang) if 0 <= seat < len(COLOURS) else term(CATALOGUE, "nobody", lang)
    )


def cubes_text(counts: Sequence[int], lang: str) -> str:
    parts = [f"{n} {term(CATALOGUE, COLOURS[c], lang)}" for c, n in enumerate(counts) if n]
    return ", ".join(parts) if parts else "–"


def render_log(entry: Mapping[str, Any], lang: str = "en", names: Sequence[str] | None = None) -> str:
    key = entry["k"]
    args: dict[str, Any] = {}
    for name, value in entry["a"].items():
        if name in _SEAT_ARGS:
            args[name] = seat_name(value, lang) if value >= 0 else term(CATALOGUE, "peasants", lang)
        elif name in _SEAT_LIST_ARGS:
            args[name] = ", ".join(seat_name(s, lang) for s in value)
        elif name in _CUBE_ARGS:
            args[name] = cubes_text(value, lang)
        elif name == "building":
            args[name] = term(CATALOGUE, "b." + value, lang)
        elif name == "effect":
            args[name] = term(CATALOGUE, "ev." + value, lang)
        elif name == "kind":
            args[name] = term(CATALOGUE, "lsk." + value, lang)
        elif isinstance(value, list):
            args[name] = ", ".join(term(CATALOGUE, str(v), lang) for v in value)
        elif isinstance(value, str):
            args[name] = term(CATALOGUE, value, lang)
        else:
            args[name] = value
    return render(CATALOGUE, key, args, lang, translate_args=False)


def event_text(index: int, lang: str) -> str:
    event = EVENTS[index]
    return f"#{event.id} {term(CATALOGUE, 'ev.' + event.effect, lang)} (-{event.grain_loss})"


def favor_text(index: int, lang: str) -> str:
    """'#13 +2 VP': a favor card's number and what it does."""
    card = FAVORS[index]
    against = "+".join(
        term(CATALOGUE, name, lang) for bit, name in ((1, "combat_a"), (2, "combat_b")) if card.shield & bit
    )
    building = term(CATALOGUE, "b." + BUILDINGS[card.building], lang) if card.building >= 0 else ""
    effect = render(
        CATALOGUE,
        "fv." + card.effect,
        {"n": card.amount, "building": building, "against": against},
        lang,
        translate_args=False,
    )
    return f"#{card.id} {effect}"


def tile_text(tile: int, lang: str) -> str:
    return term(CATALOGUE, BONUS_TILES[tile], lang)


# Error messages, keyed by the rule id the engine raises (the fields are the error's details).
ERRORS: dict[str, dict[str, str]] = {
    "wallenstein.end": {"en": "the game is over", "de": "Das Spiel ist vorbei"},
    "wallenstein.turn": {"en": "it is not your decision now", "de": "Du bist jetzt nicht am Zug"},
    "wallenstein.move-format": {
        "en": "this is not a Wallenstein move (see docs/games/wallenstein.md)",
        "de": "Das ist kein Zug in Wallenstein (siehe docs/games/wallenstein.md)",
    },
    "wallenstein.setup": {
        "en": "now the counties are assigned: take a county card with an army group",
        "de": "Jetzt werden die Länder verteilt: nimm eine Länderkarte mit einer Armeegruppe",
    },
    "wallenstein.setup.assign-counties": {
        "en": "take one of the two face-up county cards or the top card of the deck, with one of your army groups",
        "de": "Nimm eine der beiden offenen Länderkarten oder die oberste des Stapels, mit einer deiner Armeegruppen",
    },
    "wallenstein.setup.same-two-cards": {
        "en": "the face-up cards may only be replaced when they are the same two as at your previous selection",
        "de": "Die offenen Karten dürfen nur ausgetauscht werden, wenn es dieselben zwei wie bei deiner letzten Wahl sind",
    },
    "wallenstein.setup.three-players": {
        "en": "this county is not used in a game of this size",
        "de": "Dieses Land ist in dieser Spielerzahl nicht im Spiel",
    },
    "wallenstein.plan": {
        "en": "now the plan is made, one box at a time",
        "de": "Jetzt wird geplant, ein Feld nach dem anderen",
    },
    "wallenstein.plan.box-order": {
        "en": "plan one box at a time: the bid first, then the boxes in mat order",
        "de": "Plane ein Feld nach dem anderen: zuerst das Gebot, dann die Felder in der Reihenfolge des Tableaus",
    },
    "wallenstein.plan.card-once": {
        "en": "each card can be placed only once",
        "de": "Jede Karte kann nur einmal gelegt werden",
    },
    "wallenstein.plan.cover-all": {
        "en": "every box must be covered while cards are left",
        "de": "Jedes Feld muss belegt werden, solange Karten übrig sind",
    },
    "wallenstein.plan.own-cards": {
        "en": "that is not one of your county cards",
        "de": "Das ist keine deiner Länderkarten",
    },
    "wallenstein.order": {
        "en": "choose one of the free positions 1-5",
        "de": "Wähle einen der freien Plätze 1-5",
    },
    "wallenstein.order.position-taken": {
        "en": "that position is already taken",
        "de": "Dieser Platz ist schon vergeben",
    },
    "wallenstein.order.pay-bid": {
        "en": "a bid must be paid: you do not have that many Thalers",
        "de": "Ein Gebot muss bezahlt werden: so viele Taler hast du nicht",
    },
    "wallenstein.position": {
        "en": "now a position in player order is chosen",
        "de": "Jetzt wird ein Platz in der Spielerreihenfolge gewählt",
    },
    "wallenstein.move": {
        "en": "now armies are moved (or not): a movement or a pass",
        "de": "Jetzt werden Armeen bewegt (oder nicht): ein Zug oder passen",
    },
    "wallenstein.move.adjacent": {
        "en": "armies move only into an adjacent county",
        "de": "Armeen ziehen nur in ein angrenzendes Land",
    },
    "wallenstein.move.leave-one": {
        "en": "at least 1 army must be left behind",
        "de": "Mindestens 1 Armee muss zurückbleiben",
    },
    "wallenstein.action.deploy1-move": {
        "en": "'Deploy 1 army/move' moves only into an adjacent county under your own control",
        "de": "'1 Armee aufstellen/bewegen' zieht nur in ein angrenzendes eigenes Land",
    },
    "wallenstein.event.church-safe": {
        "en": "this county has a church and is safe from attacks this round",
        "de": "Dieses Land hat eine Kirche und kann in dieser Runde nicht angegriffen werden",
    },
    "wallenstein.revolt-order": {
        "en": "now the county of the next winter revolt is chosen",
        "de": "Jetzt wird das Land des nächsten Winteraufstands gewählt",
    },
    "wallenstein.winter.revolt-order": {
        "en": "choose one of the counties drawn for a revolt",
        "de": "Wähle eines der für einen Aufstand gezogenen Länder",
    },
    "wallenstein.court": {
        "en": "that does not belong to Am Kaiserhof now",
        "de": "Das gehört jetzt nicht zu Am Kaiserhof",
    },
    "wallenstein.court.convert": {
        "en": "a court box takes one of your county cards or a dice tower card",
        "de": "Ein Feld des Kaiserhofs nimmt eine deiner Länderkarten oder eine Würfelturmkarte",
    },
    "wallenstein.court.tower-card": {
        "en": "dice tower cards belong to Am Kaiserhof",
        "de": "Würfelturmkarten gehören zu Am Kaiserhof",
    },
    "wallenstein.court.favor": {
        "en": "take one of the displayed favor cards, or none",
        "de": "Nimm eine der ausliegenden Gunstkarten oder keine",
    },
    "wallenstein.court.favor-cost": {
        "en": "you have too few courtiers in the audience hall for that favor card",
        "de": "Du hast zu wenige Höflinge im Audienzsaal für diese Gunstkarte",
    },
    "wallenstein.court.favor-target": {
        "en": "that favor card cannot be used there",
        "de": "Diese Gunstkarte kann dort nicht eingesetzt werden",
    },
    "wallenstein.court.favor-shield": {
        "en": "the owner holds a favor card: it cannot be attacked with this action this round",
        "de": "Der Besitzer hat eine Gunstkarte: mit dieser Aktion kann er in dieser Runde nicht angegriffen werden",
    },
    "wallenstein.favor": {
        "en": "now a favor card is taken (or none)",
        "de": "Jetzt wird eine Gunstkarte genommen (oder keine)",
    },
    "wallenstein.leader": {
        "en": "now the military leader is placed or moved",
        "de": "Jetzt wird der Heerführer eingesetzt oder bewegt",
    },
    "wallenstein.leaders.move": {
        "en": "the military leader cannot go there",
        "de": "Dorthin kann der Heerführer nicht",
    },
    "wallenstein.leaders.placement": {
        "en": "your military leader is already placed (or Heerführer is not played)",
        "de": "Dein Heerführer steht schon (oder Heerführer wird nicht gespielt)",
    },
    "wallenstein.landsknechte": {
        "en": "now one benefit of the Landsknechte card is chosen",
        "de": "Jetzt wird ein Vorteil der Landsknechte-Karte gewählt",
    },
    "wallenstein.landsknechte.benefit": {
        "en": "choose one of the benefits of your new top card",
        "de": "Wähle einen der Vorteile deiner neuen obersten Karte",
    },
}

MESSAGES: dict[str, dict[str, str]] = {**CATALOGUE, **ERRORS}
