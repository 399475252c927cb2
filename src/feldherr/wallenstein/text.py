"""Words: the log in German and English, move phrases and steps, scoring tables, and the terms the
boards and the terminal picture use. Every text a player reads comes from :data:`MESSAGES`; players
are named by the table's ``names`` (else by their colour), cards, counties, events and favor cards
by what is printed on them, counts through the catalogue's plural terms (``{n:@unit.army}``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from babel.lists import format_list

from feldherr.core.i18n import capital, capital_steps, plural, render, seat_label, term
from feldherr.wallenstein.data import (
    ACTIONS,
    BID,
    BONUS_TILES,
    BUILDINGS,
    EVENTS,
    FAVOR_COSTS,
    FAVORS,
    LSK_CARDS,
    LSK_KINDS,
    MONEY_BASE,
    NAMES,
    NEIGHBOURS,
    TOWER_CARD,
)
from feldherr.wallenstein.moves import (
    DECK,
    NO_SPACE,
    REMOVE_EVENT,
    Draft,
    Favor,
    Landsknechte,
    Leader,
    LeaderDraft,
    Movement,
    Pass,
    Position,
    Redraw,
    Revolt,
    Slot,
    typed,
)
from feldherr.wallenstein.state import EMPTY

COLOURS = ("red", "blue", "yellow", "purple", "black", "peasants")

CATALOGUE: dict[str, dict[str, str]] = {
    # -- counted nouns (one key per CLDR plural category of English and German) ------------------
    "unit.army#one": {"en": "{n} army", "de": "{n} Armee"},
    "unit.army#other": {"en": "{n} armies", "de": "{n} Armeen"},
    "unit.tray-army#one": {"en": "{n} army into the tray", "de": "{n} Armee in die Schale"},
    "unit.tray-army#other": {"en": "{n} armies into the tray", "de": "{n} Armeen in die Schale"},
    "unit.free-army#one": {"en": "{n} free army", "de": "{n} kostenlose Armee"},
    "unit.free-army#other": {"en": "{n} free armies", "de": "{n} kostenlose Armeen"},
    "unit.peasant#one": {"en": "{n} peasant army", "de": "{n} Bauernarmee"},
    "unit.peasant#other": {"en": "{n} peasant armies", "de": "{n} Bauernarmeen"},
    "unit.thaler#one": {"en": "{n} Thaler", "de": "{n} Taler"},
    "unit.thaler#other": {"en": "{n} Thalers", "de": "{n} Taler"},
    "unit.grain#one": {"en": "{n} grain", "de": "{n} Getreide"},
    "unit.grain#other": {"en": "{n} grain", "de": "{n} Getreide"},
    "unit.vp#one": {"en": "{n} victory point", "de": "{n} Siegpunkt"},
    "unit.vp#other": {"en": "{n} victory points", "de": "{n} Siegpunkte"},
    "unit.courtier#one": {"en": "{n} courtier", "de": "{n} Höfling"},
    "unit.courtier#other": {"en": "{n} courtiers", "de": "{n} Höflinge"},
    "unit.county#one": {"en": "{n} county", "de": "{n} Land"},
    "unit.county#other": {"en": "{n} counties", "de": "{n} Länder"},
    "unit.statue#one": {"en": "{n} statue", "de": "{n} Denkmal"},
    "unit.statue#other": {"en": "{n} statues", "de": "{n} Denkmäler"},
    "unit.trophy#one": {"en": "{n} trophy", "de": "{n} erobertes Denkmal"},
    "unit.trophy#other": {"en": "{n} trophies", "de": "{n} eroberte Denkmäler"},
    "unit.marker#one": {"en": "{n} revolt marker", "de": "{n} Unruhemarker"},
    "unit.marker#other": {"en": "{n} revolt markers", "de": "{n} Unruhemarker"},
    "unit.card#one": {"en": "{n} card", "de": "{n} Karte"},
    "unit.card#other": {"en": "{n} cards", "de": "{n} Karten"},
    # -- terms: colours, seasons, actions, buildings, tiles, modules, phases ------------------------
    "red": {"en": "Red", "de": "Rot"},
    "blue": {"en": "Blue", "de": "Blau"},
    "yellow": {"en": "Yellow", "de": "Gelb"},
    "purple": {"en": "Purple", "de": "Lila"},
    "black": {"en": "Black", "de": "Schwarz"},
    "peasants": {"en": "the peasants", "de": "die Bauern"},
    "nobody": {"en": "nobody", "de": "niemand"},
    "cubes.none": {"en": "none", "de": "keine"},
    "cubes.empty": {"en": "empty", "de": "leer"},
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
    "deploy1": {"en": "Deploy 1 army / move", "de": "1 Armee aufstellen / bewegen"},
    "combat_a": {"en": "Combat / movement A", "de": "Kampf / Bewegung A"},
    "combat_b": {"en": "Combat / movement B", "de": "Kampf / Bewegung B"},
    "bid": {"en": "Bid", "de": "Gebot"},
    "court1": {"en": "Convert 1 army", "de": "1 Armee umwandeln"},
    "court2": {"en": "Convert 2 armies", "de": "2 Armeen umwandeln"},
    "court3": {"en": "Convert 3 armies", "de": "3 Armeen umwandeln"},
    "a.palace": {"en": "a palace", "de": "einen Palast"},
    "a.church": {"en": "a church", "de": "eine Kirche"},
    "a.trading_post": {"en": "a trading post", "de": "ein Handelshaus"},
    "b.palace": {"en": "palace", "de": "Palast"},
    "b.church": {"en": "church", "de": "Kirche"},
    "b.trading_post": {"en": "trading post", "de": "Handelshaus"},
    "most.palace": {"en": "palaces", "de": "Paläste"},
    "most.church": {"en": "churches", "de": "Kirchen"},
    "most.trading_post": {"en": "trading posts", "de": "Handelshäuser"},
    "plus_taler": {"en": "+1 Thaler", "de": "+1 Taler"},
    "plus_grain": {"en": "+1 grain", "de": "+1 Getreide"},
    "six_armies": {"en": "6 armies", "de": "6 Armeen"},
    "attack_plus1": {"en": "+1 army when attacking", "de": "+1 Armee beim Angriff"},
    "defend_plus1": {"en": "+1 army when defending", "de": "+1 Armee beim Verteidigen"},
    "court": {"en": "Emperor's Court", "de": "Am Kaiserhof"},
    "landsknechte": {"en": "Landsknechte", "de": "Landsknechte"},
    "leaders": {"en": "Military Leaders", "de": "Heerführer"},
    "phase.draft": {"en": "Assigning the counties", "de": "Verteilung der Länder"},
    "phase.plan": {"en": "Planning", "de": "Planung"},
    "phase.position": {"en": "Player order", "de": "Spielerreihenfolge"},
    "phase.pre": {"en": "Before the actions", "de": "Vor den Aktionen"},
    "phase.execute": {"en": "Actions", "de": "Aktionen"},
    "phase.move": {"en": "Movement", "de": "Bewegung"},
    "phase.post": {"en": "After the actions", "de": "Nach den Aktionen"},
    "phase.favor": {"en": "Favor cards", "de": "Gunstkarten"},
    "phase.leader": {"en": "Military leader", "de": "Heerführer"},
    "phase.landsknechte": {"en": "Landsknechte", "de": "Landsknechte"},
    "phase.winter": {"en": "Winter", "de": "Winter"},
    "phase.revolt-order": {"en": "Winter revolts", "de": "Winteraufstände"},
    "phase.winter-end": {"en": "End of winter", "de": "Ende des Winters"},
    "phase.over": {"en": "Game over", "de": "Spielende"},
    # module panels (the keys of the view's module parts, shown by the boards)
    "favors": {"en": "Favor cards on display", "de": "Ausliegende Gunstkarten"},
    "favor_deck_size": {"en": "Favor cards in the deck", "de": "Gunstkarten im Stapel"},
    "courtier_supply": {"en": "Courtiers in supply", "de": "Höflinge im Vorrat"},
    "entrance_hall": {"en": "Entrance hall", "de": "Empfangshalle"},
    "audience_hall": {"en": "Audience hall", "de": "Audienzsaal"},
    "shield": {"en": "Safe from", "de": "Sicher vor"},
    "parry": {"en": "Parries the next revolt marker", "de": "Wehrt den nächsten Unruhemarker ab"},
    "leader": {"en": "Military leader", "de": "Heerführer"},
    "statue_supply": {"en": "Statues in supply", "de": "Denkmäler im Vorrat"},
    "statues": {"en": "Statues on the board", "de": "Denkmäler auf dem Plan"},
    "trophies": {"en": "Trophies", "de": "Eroberte Denkmäler"},
    "top_card": {"en": "Landsknechte card", "de": "Landsknechte-Karte"},
    "courtiers": {"en": "Courtiers", "de": "Höflinge"},
    "card": {"en": "Card", "de": "Karte"},
    # bids, sources and reasons
    "none": {"en": "nothing (no card)", "de": "nichts (keine Karte)"},
    "tower": {"en": "nothing (a dice tower card)", "de": "nichts (eine Würfelturmkarte)"},
    "county": {"en": "nothing (a county card)", "de": "nichts (eine Länderkarte)"},
    "faceup": {"en": "the face-up cards", "de": "den offenen Karten"},
    "deck": {"en": "the deck", "de": "dem Stapel"},
    "tray": {"en": "the tray", "de": "der Würfelturmschale"},
    "cannot_pay": {"en": "not enough Thalers", "de": "zu wenig Taler"},
    "no_armies": {"en": "not enough armies in supply", "de": "zu wenig Armeen im Vorrat"},
    "no_site": {"en": "no free building site", "de": "kein freier Bauplatz"},
    "same_building": {"en": "that building already stands there", "de": "das Gebäude steht dort schon"},
    "no_tiles": {"en": "no building tile left", "de": "kein Gebäude mehr im Vorrat"},
    "too_few_armies": {"en": "too few armies", "de": "zu wenig Armeen"},
    "no_courtiers": {"en": "too few courtiers in supply", "de": "zu wenig Höflinge im Vorrat"},
    "card_lost": {
        "en": "the county card on it was handed over (conquered or lost)",
        "de": "die Länderkarte darauf wurde abgegeben (erobert oder verloren)",
    },
    # -- events: the effect printed on each card ---------------------------------------------------
    "ev.trading_post_calms": {
        "en": "Building a trading post removes 1 revolt marker",
        "de": "Beim Bau eines Handelshauses wird 1 Unruhemarker entfernt",
    },
    "ev.neutral_two_peasants": {
        "en": "2 peasant armies defend a neutral county",
        "de": "2 Bauernarmeen verteidigen ein neutrales Land",
    },
    "ev.palace_defender_plus1": {
        "en": "A palace county under attack gets 1 more army from the defender's supply",
        "de": "Ein angegriffenes Land mit Palast erhält 1 zusätzliche Armee aus dem Vorrat des Verteidigers",
    },
    "ev.church_safe": {
        "en": "Counties with a church are safe from attacks",
        "de": "Länder mit Kirche dürfen nicht angegriffen werden",
    },
    "ev.tax_max5": {"en": "Taxes at most 5 Thalers", "de": "Steuern höchstens 5 Taler"},
    "ev.tax_min6": {"en": "Taxes at least 6 Thalers", "de": "Steuern mindestens 6 Taler"},
    "ev.grain_min4": {"en": "Grain at least 4", "de": "Getreide mindestens 4"},
    "ev.grain_max3": {"en": "Grain at most 3", "de": "Getreide höchstens 3"},
    "ev.deploy_reduced": {
        "en": "Deploy 5 armies gives only 3, deploy 3 armies only 2",
        "de": "5 Armeen aufstellen bringt nur 3, 3 Armeen aufstellen nur 2",
    },
    "event.name": {
        "en": "“{effect}” (winter: lose {loss:@unit.grain})",
        "de": "„{effect}“ (Winter: {loss:@unit.grain} Verlust)",
    },
    # -- favor cards (Am Kaiserhof): what each does ------------------------------------------------
    "fv.cancel_event": {"en": "Remove this round's event", "de": "Ereignis dieser Runde entfernen"},
    "fv.taler": {"en": "+{n:@unit.thaler}", "de": "+{n:@unit.thaler}"},
    "fv.tray_armies": {"en": "{n:@unit.tray-army}", "de": "{n:@unit.tray-army}"},
    "fv.calm": {
        "en": "Remove a revolt marker (or parry the next)",
        "de": "Unruhemarker entfernen (oder den nächsten abwehren)",
    },
    "fv.grain": {"en": "+{n:@unit.grain}", "de": "+{n:@unit.grain}"},
    "fv.vp": {"en": "+{n:@unit.vp}", "de": "+{n:@unit.vp}"},
    "fv.build": {"en": "A free {building}", "de": "{building} kostenlos"},
    "fv.shield": {"en": "Safe from {against} this round", "de": "Diese Runde sicher vor {against}"},
    "fv.deploy": {
        "en": "{n:@unit.free-army} (own or neutral county)",
        "de": "{n:@unit.free-army} (eigenes oder neutrales Land)",
    },
    "favor.name": {"en": "the favor card “{effect}”", "de": "die Gunstkarte „{effect}“"},
    "lsk.none": {"en": "no benefit", "de": "kein Vorteil"},
    "lsk.or": {"en": "{first} or {last}", "de": "{first} oder {last}"},
    # -- scoring tables ---------------------------------------------------------------------------
    "col.player": {"en": "Player", "de": "Spieler"},
    "col.base": {"en": "Counties and buildings", "de": "Länder und Gebäude"},
    "col.majorities": {"en": "Majorities", "de": "Mehrheiten"},
    "col.total": {"en": "Victory points now", "de": "Siegpunkte jetzt"},
    "col.statues": {"en": "Statues", "de": "Denkmäler"},
    "col.trophies": {"en": "Trophies", "de": "Erobert"},
    "col.vp": {"en": "Victory points", "de": "Siegpunkte"},
    "col.gained": {"en": "Victory points gained", "de": "Erhaltene Siegpunkte"},
    "col.thaler": {"en": "Thalers", "de": "Taler"},
    "col.rank": {"en": "Rank", "de": "Rang"},
    "rank": {"en": "{n}.", "de": "{n}."},
    "score.item": {"en": "{p} {vp:@unit.vp}", "de": "{p} {vp:@unit.vp}"},
    # -- move phrases and steps -------------------------------------------------------------------
    "mv.draft": {
        "en": "Take {card} with {armies:@unit.army}",
        "de": "{card} mit {armies:@unit.army} nehmen",
    },
    "mv.draft-leader": {
        "en": "Take {card} with {armies:@unit.army} and the military leader",
        "de": "{card} mit {armies:@unit.army} und dem Heerführer nehmen",
    },
    "mv.deck-card": {"en": "the top card of the deck", "de": "die oberste Karte des Stapels"},
    "mv.armies": {"en": "{armies:@unit.army}", "de": "{armies:@unit.army}"},
    "mv.armies-leader": {
        "en": "{armies:@unit.army} and the military leader",
        "de": "{armies:@unit.army} und der Heerführer",
    },
    "mv.redraw": {
        "en": "Put the same two face-up cards under the deck and draw two new ones",
        "de": "Die gleichen zwei offenen Karten unter den Stapel legen und zwei neue aufdecken",
    },
    "mv.redraw-step": {"en": "Replace the face-up cards", "de": "Offene Karten austauschen"},
    "mv.confirm": {"en": "Confirm", "de": "Bestätigen"},
    "mv.unknown": {"en": "a move this game does not know", "de": "ein Zug, den dieses Spiel nicht kennt"},
    "mv.unknown-favor": {"en": "a favor card", "de": "eine Gunstkarte"},
    "lsk.taler": {"en": "Thalers", "de": "Taler"},
    "lsk.grain": {"en": "grain", "de": "Getreide"},
    "lsk.armies": {"en": "armies into the tray", "de": "Armeen in die Schale"},
    "lsk.vp": {"en": "victory points", "de": "Siegpunkte"},
    "plan.tower": {"en": "a dice tower card", "de": "eine Würfelturmkarte"},
    "plan.lost": {"en": "card handed over", "de": "Karte abgegeben"},
    "plan.hidden": {"en": "face down", "de": "verdeckt"},
    "mv.slot": {"en": "{box}: {card}", "de": "{box}: {card}"},
    "mv.money": {"en": "money card of {n:@unit.thaler}", "de": "Münzkarte über {n:@unit.thaler}"},
    "mv.tower-card": {"en": "a dice tower card", "de": "eine Würfelturmkarte"},
    "mv.empty": {"en": "leave it empty", "de": "frei lassen"},
    "mv.position": {
        "en": "Take position {pos} in player order (bonus: {tile})",
        "de": "Den {pos}. Platz der Spielerreihenfolge nehmen (Vorteil: {tile})",
    },
    "mv.move": {
        "en": "Move {armies:@unit.army} from {src} to {dst}",
        "de": "{armies:@unit.army} von {src} nach {dst} ziehen",
    },
    "mv.attack": {
        "en": "Attack {dst} ({owner}) from {src} with {armies:@unit.army}",
        "de": "{dst} ({owner}) von {src} aus mit {armies:@unit.army} angreifen",
    },
    "mv.to": {"en": "To {dst}", "de": "Nach {dst}"},
    "mv.attack-to": {"en": "Attack {dst} ({owner})", "de": "{dst} ({owner}) angreifen"},
    "mv.neutral": {"en": "neutral", "de": "neutral"},
    "mv.pass": {"en": "Move no armies", "de": "Keine Armeen ziehen"},
    "mv.revolt": {"en": "The next revolt is in {county}", "de": "Der nächste Aufstand ist in {county}"},
    "mv.no-favor": {"en": "Take no favor card", "de": "Keine Gunstkarte nehmen"},
    "mv.favor": {
        "en": "Take {favor} for {cost:@unit.courtier}",
        "de": "{favor} für {cost:@unit.courtier} nehmen",
    },
    "mv.favor-on": {
        "en": "Take {favor} for {cost:@unit.courtier}, in {county}",
        "de": "{favor} für {cost:@unit.courtier} nehmen, in {county}",
    },
    "mv.favor-event": {
        "en": "Take {favor} for {cost:@unit.courtier} and remove the event",
        "de": "{favor} für {cost:@unit.courtier} nehmen und das Ereignis entfernen",
    },
    "mv.favor-step": {"en": "{favor} ({cost:@unit.courtier})", "de": "{favor} ({cost:@unit.courtier})"},
    # a button's words begin with a capital, as "Take no favor card" beside it does
    "mv.favor-card-step": {
        "en": "The favor card “{effect}” ({cost:@unit.courtier})",
        "de": "Die Gunstkarte „{effect}“ ({cost:@unit.courtier})",
    },
    "mv.in": {"en": "In {county}", "de": "In {county}"},
    "mv.remove-event": {"en": "Remove the event", "de": "Ereignis entfernen"},
    "mv.keep-event": {"en": "Leave the event", "de": "Ereignis liegen lassen"},
    "mv.keep-parry": {
        "en": "Keep it to parry the next revolt marker",
        "de": "Behalten, um den nächsten Unruhemarker abzuwehren",
    },
    "mv.favor-keep-event": {
        "en": "Take {favor} for {cost:@unit.courtier} and leave the event",
        "de": "{favor} für {cost:@unit.courtier} nehmen und das Ereignis liegen lassen",
    },
    "mv.leader": {"en": "Military leader to {county}", "de": "Heerführer nach {county}"},
    "mv.leader-notes": {"en": "{text} ({notes})", "de": "{text} ({notes})"},
    "mv.leader-statue": {
        "en": "victorious: a statue in {county}",
        "de": "im Triumph: ein Denkmal in {county}",
    },
    "mv.leader-flee": {"en": "flees {county}: no statue", "de": "Flucht aus {county}: kein Denkmal"},
    "mv.leader-trophy": {"en": "takes {n:@unit.trophy}", "de": "erobert {n:@unit.statue}"},
    "mv.lsk": {"en": "Take {gain}", "de": "{gain} nehmen"},
    "mv.lsk-tray": {"en": "Place {gain}", "de": "{gain} legen"},  # "Place ... armies into the tray"
    "mv.odds": {
        # {win}, {tie}, {lose}: percentages in the language's format (core.i18n.percent: Babel)
        "en": "{text} — win {win}, tie {tie}, lose {lose}",
        "de": "{text} — Sieg {win}, Unentschieden {tie}, Niederlage {lose}",
    },
    # -- the terminal picture ------------------------------------------------------------------------
    "tv.title": {
        "en": "Wallenstein — {season}, year {year} — {phase}",
        "de": "Wallenstein — {season}, Jahr {year} — {phase}",
    },
    "tv.you": {"en": "(you)", "de": "(du)"},
    "tv.player": {
        "en": "{thaler:@unit.thaler}, {grain:@unit.grain}, {vp:@unit.vp}, {supply:@unit.army} in supply, position {pos} ({tile})",
        "de": "{thaler:@unit.thaler}, {grain:@unit.grain}, {vp:@unit.vp}, {supply:@unit.army} im Vorrat, Platz in der Reihenfolge: {pos} ({tile})",
    },
    "tv.open-events": {"en": "Events of this year: {events}", "de": "Ereignisse dieses Jahres: {events}"},
    "tv.event": {"en": "This round's event: {event}", "de": "Ereignis dieser Runde: {event}"},
    "tv.actions": {"en": "Actions: {actions}", "de": "Aktionen: {actions}"},
    "tv.hidden": {"en": "{n:@unit.card} still face down", "de": "{n:@unit.card} noch verdeckt"},
    "tv.current": {"en": "(now)", "de": "(jetzt)"},
    "tv.bonus": {"en": "Bonus tiles: {tiles}", "de": "Vorteilsplättchen: {tiles}"},
    "tv.tower": {
        "en": "Inside the tower: {inside} | in the tray: {tray}",
        "de": "Im Turm: {inside} | in der Schale: {tray}",
    },
    "tv.county": {
        "en": "{owner}, {armies:@unit.army}, buildings {buildings}, tax {tax}, grain {grain}",
        "de": "{owner}, {armies:@unit.army}, Gebäude {buildings}, Steuer {tax}, Getreide {grain}",
    },
    "tv.unrest": {"en": "{n:@unit.marker}", "de": "{n:@unit.marker}"},
    "tv.leader-here": {"en": "military leader of {p}", "de": "Heerführer von {p}"},
    "tv.statues-here": {"en": "{n:@unit.statue} of {p}", "de": "{n:@unit.statue} von {p}"},
    "tv.faceup": {
        "en": "Face-up county cards: {cards} ({n:@unit.card} in the deck)",
        "de": "Offene Länderkarten: {cards} ({n:@unit.card} im Stapel)",
    },
    "tv.groups": {"en": "Your army groups: {groups}", "de": "Deine Armeegruppen: {groups}"},
    "tv.hand": {"en": "Your county cards: {cards}", "de": "Deine Länderkarten: {cards}"},
    "tv.plan": {"en": "Your plan: {plan}", "de": "Dein Plan: {plan}"},
    "tv.over": {"en": "Game over: {scores}", "de": "Spielende: {scores}"},
    "tv.court": {
        "en": "Emperor's Court, favor cards: {favors} ({n:@unit.card} in the deck)",
        "de": "Kaiserhof, Gunstkarten: {favors} ({n:@unit.card} im Stapel)",
    },
    "tv.favor-space": {"en": "{cost:@unit.courtier}: {favor}", "de": "{cost:@unit.courtier}: {favor}"},
    "tv.courtiers": {
        "en": "{p}: courtiers in supply {supply}, in the entrance hall {hall}, in the audience hall {audience}",
        "de": "{p}: Höflinge im Vorrat {supply}, in der Empfangshalle {hall}, im Audienzsaal {audience}",
    },
    "tv.safe": {"en": "safe from {actions}", "de": "sicher vor {actions}"},
    "tv.leaders": {
        "en": "{p}: military leader {where}, {statues:@unit.statue} on the board, {supply} in supply, {trophies:@unit.trophy}",
        "de": "{p}: Heerführer {where}, {statues:@unit.statue} auf dem Plan, {supply} im Vorrat, {trophies:@unit.trophy}",
    },
    "tv.lsk": {"en": "{p}: Landsknechte card: {benefits}", "de": "{p}: Landsknechte-Karte: {benefits}"},
    "tv.off-board": {"en": "off the board", "de": "nicht auf dem Plan"},
    "tv.in": {"en": "in {county}", "de": "in {county}"},
    # -- log lines (the keys the engine stores; the arguments are turned into words below) -------
    "courtiers_from_tower": {
        "en": "{p} places {n:@unit.courtier} in the entrance hall for the armies from the tray.",
        "de": "{p} stellt für die herausgefallenen Armeen {n:@unit.courtier} in die Empfangshalle.",
    },
    "favors_shown": {
        "en": "Favor cards at the Emperor's Court (for 4, 3 and 2 courtiers): {cards}.",
        "de": "Gunstkarten am Kaiserhof (für 4, 3 und 2 Höflinge): {cards}.",
    },
    "court_convert": {
        "en": "{p} converts {n:@unit.army} from {source} into {n:@unit.courtier}.",
        "de": "{p} wandelt {n:@unit.army} aus {source} in {n:@unit.courtier} um.",
    },
    "court_skip": {
        "en": "{p} cannot convert {n:@unit.army} from {source}: {reason}.",
        "de": "{p} kann {n:@unit.army} aus {source} nicht umwandeln: {reason}.",
    },
    "court_skip_lost": {
        "en": "{p} cannot convert {n:@unit.army}: {reason}.",
        "de": "{p} kann {n:@unit.army} nicht umwandeln: {reason}.",
    },
    "audience": {
        "en": "{p} moves {n:@unit.courtier} into the audience hall.",
        "de": "{p} zieht {n:@unit.courtier} in den Audienzsaal.",
    },
    "favor_none": {"en": "{p} takes no favor card.", "de": "{p} nimmt keine Gunstkarte."},
    "favor_taken": {
        "en": "{p} takes {card} for {cost:@unit.courtier}.",
        "de": "{p} nimmt {card} für {cost:@unit.courtier}.",
    },
    "favor_gain": {"en": "{p} receives {gain}.", "de": "{p} erhält {gain}."},
    "favor_kept": {
        "en": "{p} keeps {card} to parry the next revolt marker.",
        "de": "{p} behält {card}, um den nächsten Unruhemarker abzuwehren.",
    },
    "favor_shield": {
        "en": "{p} is protected by {card}.",
        "de": "{p} ist durch {card} geschützt.",
    },
    "event_removed": {
        "en": "{p} removes the event {event}: it does not take place.",
        "de": "{p} entfernt das Ereignis {event}: es findet nicht statt.",
    },
    "parried": {
        "en": "{p} parries the revolt marker for {county} with the favor card.",
        "de": "{p} wehrt mit der Gunstkarte den Unruhemarker für {county} ab.",
    },
    "favors_removed": {
        "en": "Unused favor cards leave the game: {cards}.",
        "de": "Ungenutzte Gunstkarten kommen aus dem Spiel: {cards}.",
    },
    "lsk_card": {
        "en": "{p} holds counties in at least four regions and turns over the next Landsknechte card: {benefits}.",
        "de": "{p} hat Länder in mindestens vier Regionen und deckt die nächste Landsknechte-Karte auf: {benefits}.",
    },
    "lsk_benefit": {"en": "{p} receives {gain}.", "de": "{p} erhält {gain}."},
    "leader_placed": {
        "en": "The military leader of {p} stands in {county}.",
        "de": "Der Heerführer von {p} steht in {county}.",
    },
    "statue": {
        "en": "The military leader of {p} leaves {county} victorious: a statue is erected there.",
        "de": "Der Heerführer von {p} verlässt {county} im Triumph: dort wird ein Denkmal errichtet.",
    },
    "leader_fled": {
        "en": "The military leader of {p} flees {county} to a distant county: no statue.",
        "de": "Der Heerführer von {p} flieht aus {county} in ein fernes Land: kein Denkmal.",
    },
    "trophy": {
        "en": "The military leader of {p} enters {county} and takes {n:@unit.statue} of {d} as trophies.",
        "de": "Der Heerführer von {p} betritt {county} und erobert {n:@unit.statue} von {d}.",
    },
    "leader_lost": {
        "en": "{p} loses {county}; the military leader leaves the board until after winter.",
        "de": "{p} verliert {county}; der Heerführer verlässt den Plan bis nach dem Winter.",
    },
    "leader_score": {
        "en": "{p} scores {vp:@unit.vp} for {statues:@unit.statue} on the board and {trophies:@unit.trophy}.",
        "de": "{p} erhält {vp:@unit.vp} für {statues:@unit.statue} auf dem Plan und {trophies:@unit.trophy}.",
    },
    "draft": {
        "en": "{p} takes {county} from {source} and places {armies:@unit.army} there.",
        "de": "{p} nimmt {county} von {source} und setzt {armies:@unit.army} dorthin.",
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
        "en": "Year {year}: the events are {events}.",
        "de": "Jahr {year}: die Ereignisse sind {events}.",
    },
    "round": {
        "en": "{season}, year {year}. Open actions: {actions}. Bonus tiles: {bonus}.",
        "de": "{season}, Jahr {year}. Offene Aktionen: {actions}. Vorteilsplättchen: {bonus}.",
    },
    "planned": {"en": "{p} has planned.", "de": "{p} hat geplant."},
    "event": {
        "en": "This round's event: {event}.",
        "de": "Ereignis dieser Runde: {event}.",
    },
    "bid_revealed": {"en": "{p} bids {bid}.", "de": "{p} bietet {bid}."},
    "bid_tie": {
        "en": "Tie: the bag decides the order {seats}.",
        "de": "Gleichstand: der Beutel entscheidet die Reihenfolge {seats}.",
    },
    "position": {
        "en": "{p} takes position {pos} in player order, with the bonus tile {tile}.",
        "de": "{p} nimmt den {pos}. Platz der Spielerreihenfolge, mit dem Vorteil {tile}.",
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
    "build": {
        "en": "{p} builds {building} in {county} for {cost:@unit.thaler}.",
        "de": "{p} baut {building} in {county} für {cost:@unit.thaler}.",
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
        "en": "{p} pays {cost:@unit.thaler} and deploys {n:@unit.army} in {county}.",
        "de": "{p} zahlt {cost:@unit.thaler} und stellt {n:@unit.army} in {county} auf.",
    },
    "move": {
        "en": "{p} moves {n:@unit.army} from {src} to {county}.",
        "de": "{p} zieht {n:@unit.army} von {src} nach {county}.",
    },
    "pass": {"en": "{p} moves no armies ({action}).", "de": "{p} zieht keine Armeen ({action})."},
    "battle": {
        "en": "Battle for {county} ({p} from {src} against {d}): thrown {thrown} with the tray ({tray}); out came {out}.",
        "de": "Kampf um {county} ({p} aus {src} gegen {d}): geworfen {thrown} mit der Schale ({tray}); heraus fallen {out}.",
    },
    # What a bonus tile or the military leader added (the entry's "plus"): a sentence after the line.
    "plus.note": {"en": "Of this, {items}.", "de": "Davon {items}."},
    "plus.tile": {"en": "+{n} from the bonus tile “{tile}”", "de": "+{n} durch das Bonusplättchen „{tile}“"},
    "plus.leader": {"en": "+{n} from the military leader", "de": "+{n} durch den Heerführer"},
    "plus.build": {
        "en": "The military leader in {county} makes it {n:@unit.thaler} cheaper.",
        "de": "Der Heerführer in {county} macht es {n:@unit.thaler} billiger.",
    },
    "plus.battle": {"en": "Among the cubes thrown: {items}.", "de": "Unter den geworfenen Würfeln: {items}."},
    # A favor card's building or armies (Am Kaiserhof): the line without its cost of nothing, and the
    # card that added them.
    "build-favor": {"en": "{p} builds {building} in {county}.", "de": "{p} baut {building} in {county}."},
    "deploy-favor": {
        "en": "{p} deploys {n:@unit.army} in {county}.",
        "de": "{p} stellt {n:@unit.army} in {county} auf.",
    },
    "plus.favor": {"en": "Added by {card}.", "de": "Hinzugefügt durch {card}."},
    "plus.favor-county": {
        "en": "Added by {card}, together with the county card.",
        "de": "Hinzugefügt durch {card}, samt der Länderkarte.",
    },
    "plus.battle-tile": {
        "en": "{n:@unit.army} of {p} from the bonus tile “{tile}”",
        "de": "{n:@unit.army} von {p} durch das Bonusplättchen „{tile}“",
    },
    "plus.battle-palace": {
        "en": "{n:@unit.army} of {p} for the palace (this round's event)",
        "de": "{n:@unit.army} von {p} für den Palast (Ereignis dieser Runde)",
    },
    "conquered": {
        "en": "{p} conquers {county} with {armies:@unit.army} and takes its card.",
        "de": "{p} erobert {county} mit {armies:@unit.army} und erhält die Länderkarte.",
    },
    "held": {
        "en": "{p} holds {county} with {armies:@unit.army}.",
        "de": "{p} hält {county} mit {armies:@unit.army}.",
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
        "en": "Revolt in {county} against {p}: thrown {thrown} with the tray ({tray}); out came {out}.",
        "de": "Aufstand in {county} gegen {p}: geworfen {thrown} mit der Schale ({tray}); heraus fallen {out}.",
    },
    "revolt_subdued": {
        "en": "{p} subdues the revolt and keeps {county} with {armies:@unit.army}.",
        "de": "{p} schlägt den Aufstand nieder und behält {county} mit {armies:@unit.army}.",
    },
    "revolt_won": {
        "en": "The peasants win: {p} loses {county}, its buildings and revolt markers.",
        "de": "Die Bauern siegen: {p} verliert {county} samt Gebäuden und Unruhemarkern.",
    },
    "winter_begins": {
        "en": "Winter of year {year}: everyone loses {loss:@unit.grain}.",
        "de": "Winter im Jahr {year}: jeder verliert {loss:@unit.grain}.",
    },
    "unsupplied": {
        "en": "{p} cannot supply {n:@unit.county}: revolts in {counties} (each with {extra:@unit.peasant} added).",
        "de": "{p} kann {n:@unit.county} nicht versorgen: Aufstände in {counties} (je Aufstand {extra:@unit.peasant} zusätzlich).",
    },
    "majority": {
        "en": "Most {building} in {region}: {seats} (+{vp:@unit.vp}).",
        "de": "Meiste {building} in {region}: {seats} (+{vp:@unit.vp}).",
    },
    "majority-tie": {  # a rendering of "majority" with several seats, not a stored key
        "en": "Most {building} in {region}: {seats} (+{vp:@unit.vp}; a tie: 1 less each).",
        "de": "Meiste {building} in {region}: {seats} (+{vp:@unit.vp}; Gleichstand: je 1 weniger).",
    },
    "score": {
        "en": "{p} scores {base:@unit.vp} for counties and buildings and {majorities:@unit.vp} for majorities and now has {total:@unit.vp}.",
        "de": "{p} erhält {base:@unit.vp} für Länder und Gebäude und {majorities:@unit.vp} für Mehrheiten und hat nun {total:@unit.vp}.",
    },
    "game_over": {
        "en": "Game over. Victory goes to {winners}. {scores}.",
        "de": "Spielende. Der Sieg geht an {winners}. {scores}.",
    },
}


def _t(key: str, lang: str) -> str:
    return term(CATALOGUE, key, lang)


def _r(key: str, lang: str, **args: Any) -> str:
    return render(CATALOGUE, key, args, lang, translate_args=False)


def listing(items: Sequence[str], lang: str) -> str:
    """Items joined the language's way ("A, B and C" / "A, B und C"; Babel's list patterns)."""
    items = [str(i) for i in items]
    return format_list(items, locale=lang) if items else "–"


def alternatives(items: Sequence[str], lang: str) -> str:
    """ "A, B or C" / "A, B oder C"."""
    items = [str(i) for i in items]
    if len(items) < 2:
        return items[0] if items else "–"
    return _r("lsk.or", lang, first=", ".join(items[:-1]), last=items[-1])


def colour_names(lang: str) -> list[str]:
    """The seats' colours in ``lang`` (how a seat without a player name is named)."""
    return [_t(c, lang) for c in COLOURS[:5]]


def seat_name(seat: int, lang: str, names: Sequence[str] | None = None) -> str:
    """A seat as a text names it: its player's name, else its colour; -1 is the peasants."""
    if seat < 0:
        return _t("peasants", lang)
    if seat >= 5:
        return _t("nobody", lang)
    return seat_label(seat, names, colour_names(lang))


def cubes_text(counts: Sequence[int], lang: str, names: Sequence[str] | None = None) -> str:
    """Cubes by whose they are: "Red 3, the peasants 1"."""
    parts = [f"{seat_name(c if c < 5 else -1, lang, names)} {n}" for c, n in enumerate(counts) if n]
    return ", ".join(parts) if parts else "–"


def event_name(event_id: int, lang: str) -> str:
    """An event card as printed: its effect and its winter grain loss."""
    event = EVENTS[event_id - 1]
    return _r("event.name", lang, effect=_t("ev." + event.effect, lang), loss=event.grain_loss)


def favor_effect(favor_id: int, lang: str) -> str:
    """What the favor card ``favor_id`` (printed number) does: "+2 victory points"."""
    card = FAVORS[favor_id - 1]
    against = listing(
        [_t(name, lang) for bit, name in ((1, "combat_a"), (2, "combat_b")) if card.shield & bit], lang
    )
    building = _t("b." + BUILDINGS[card.building], lang) if card.building >= 0 else ""
    return _r("fv." + card.effect, lang, n=card.amount, building=building, against=against)


def favor_name(favor_id: int, lang: str) -> str:
    """'the favor card “+2 victory points”'."""
    return _r("favor.name", lang, effect=favor_effect(favor_id, lang))


_GAIN_UNIT = {"taler": "unit.thaler", "grain": "unit.grain", "armies": "unit.tray-army", "vp": "unit.vp"}


def gain_text(kind: str, n: int, lang: str) -> str:
    """A Landsknechte or favor benefit: "2 Thalers", "1 army into the tray"."""
    return plural(CATALOGUE, _GAIN_UNIT[kind], n, lang)


def lsk_benefits(card: int, lang: str) -> str:
    """The benefits printed on Landsknechte card ``card`` (1-4), one of which is taken."""
    values = LSK_CARDS[card - 1] if 1 <= card <= len(LSK_CARDS) else None
    if values is None:
        return _t("lsk.none", lang)
    return alternatives([gain_text(kind, n, lang) for kind, n in zip(LSK_KINDS, values, strict=True)], lang)


def tile_text(tile: int, lang: str) -> str:
    return _t(BONUS_TILES[tile], lang)


def _bid(value: Any, lang: str) -> str:
    if isinstance(value, int):
        return plural(CATALOGUE, "unit.thaler", value, lang)
    return _t(str(value), lang)


def _arg(
    key: str, name: str, value: Any, entry_args: Mapping[str, Any], lang: str, names: Sequence[str] | None
) -> Any:
    if name in ("p", "d"):
        return seat_name(value, lang, names)
    if name in ("seats", "winners"):
        return listing([seat_name(s, lang, names) for s in value], lang)
    if name in ("thrown", "out", "tray"):
        if not any(value):  # in words: "with the tray (empty)", "out came none" (they read "(–)")
            return _t("cubes.empty" if name == "tray" else "cubes.none", lang)
        return cubes_text(value, lang, names)
    if name == "building":
        return _t({"majority": "most.", "build": "a."}.get(key, "b.") + value, lang)
    if name == "effect":
        return _t("ev." + value, lang)
    if name == "event":
        return event_name(value, lang)
    if name == "events":
        return listing([event_name(e, lang) for e in value], lang)
    if name == "cards" and key in ("favors_shown", "favors_removed"):
        return listing([favor_name(c, lang) for c in value], lang)
    if name == "card":
        return favor_name(value, lang)
    if name == "bid":
        return _bid(value, lang)
    if name in ("actions", "bonus"):
        return listing([_t(v, lang) for v in value], lang)
    if isinstance(value, list):
        return listing([_t(str(v), lang) for v in value], lang)
    if isinstance(value, str):
        return _t(value, lang)
    return value


def render_log(entry: Mapping[str, Any], lang: str = "en", names: Sequence[str] | None = None) -> str:
    """A log entry in words (the entry stores keys, county names and numbers; see the catalogue)."""
    key = entry["k"]
    stored = entry["a"]
    args = {name: _arg(key, name, value, stored, lang, names) for name, value in stored.items()}
    if key in ("favor_gain", "lsk_benefit"):
        args["gain"] = gain_text(stored["kind"], stored["n"], lang)
    elif key == "lsk_card":
        args["benefits"] = lsk_benefits(stored["card"], lang)
    elif key == "collect":
        unit = "unit.thaler" if stored["action"] == "taxes" else "unit.grain"
        args["amount"] = plural(CATALOGUE, unit, stored["amount"], lang)
    elif key == "game_over":
        vp = stored["vp"]
        ranked = sorted(range(len(vp)), key=lambda s: (-vp[s], -stored["money"][s]))
        args["scores"] = ", ".join(
            _r("score.item", lang, p=seat_name(s, lang, names), vp=vp[s]) for s in ranked
        )
    if key == "majority" and len(stored.get("seats") or ()) > 1:
        key = "majority-tie"  # "a tie gives each tied player the amount minus 1"
    plus = stored.get("plus")
    if key in ("build", "deploy") and plus and plus[0].get("by") == "favor":
        key += "-favor"  # a favor card's gift costs nothing: no "for 0 Thalers"
    args.pop("plus", None)
    text = render(CATALOGUE, key, args, lang, translate_args=False)
    return f"{text} {plus_note(key, stored, lang, names)}" if plus else text


def plus_note(key: str, stored: Mapping[str, Any], lang: str, names: Sequence[str] | None = None) -> str:
    """The sentence that says what a bonus tile or the military leader added to a result (the
    entry's ``plus``): "Of this, +1 from the bonus tile “+1 Thaler”." (taxes, grain, deployed
    armies), what the leader saved on a building, the extra cubes of a battle and whose they are;
    the favor card that gave a building or armies ("Added by the favor card “A free palace”.")."""
    plus = stored["plus"]
    if plus[0].get("by") == "favor":  # Am Kaiserhof: a favor card's building, armies or tray armies
        item = plus[0]
        card = favor_name(int(item["card"]), lang)
        return _r("plus.favor-county" if item.get("county_card") else "plus.favor", lang, card=card)
    if key == "build":
        saved = -sum(int(item["n"]) for item in plus)
        return _r("plus.build", lang, county=stored["county"], n=saved)
    if key == "battle":
        items = []
        for item in plus:
            who = seat_name(int(item["p"]), lang, names)
            if item["by"] == "tile":
                items.append(_r("plus.battle-tile", lang, n=item["n"], p=who, tile=_t(item["tile"], lang)))
            else:
                items.append(_r("plus.battle-palace", lang, n=item["n"], p=who))
        return _r("plus.battle", lang, items=listing(items, lang))
    parts = [
        _r("plus.tile", lang, n=item["n"], tile=_t(item["tile"], lang))
        if item["by"] == "tile"
        else _r("plus.leader", lang, n=item["n"])
        for item in plus
    ]
    return _r("plus.note", lang, items=listing(parts, lang))


def log_table(
    entry: Mapping[str, Any], lang: str = "en", names: Sequence[str] | None = None
) -> dict[str, Any] | None:
    """The scorings as tables: a player's winter score (counties and buildings, majorities,
    total), a leader scoring (statues, trophies, points) and the final result (rank, victory
    points, Thalers)."""
    key, a = entry["k"], entry["a"]
    if key == "score":
        return {
            "columns": [_t(c, lang) for c in ("col.player", "col.base", "col.majorities", "col.total")],
            "rows": [[seat_name(a["p"], lang, names), a["base"], a["majorities"], a["total"]]],
        }
    if key == "leader_score":
        return {
            "columns": [_t(c, lang) for c in ("col.player", "col.statues", "col.trophies", "col.gained")],
            "rows": [[seat_name(a["p"], lang, names), a["statues"], a["trophies"], a["vp"]]],
        }
    if key == "game_over":
        vp, money = a["vp"], a["money"]
        ranked = sorted(range(len(vp)), key=lambda s: (-vp[s], -money[s]))
        rows = []
        for s in ranked:
            rank = 1 + sum(1 for o in range(len(vp)) if (vp[o], money[o]) > (vp[s], money[s]))
            rows.append([_r("rank", lang, n=rank), seat_name(s, lang, names), vp[s], money[s]])
        return {
            "columns": [_t(c, lang) for c in ("col.rank", "col.player", "col.vp", "col.thaler")],
            "rows": rows,
        }
    return None


# -- move phrases and steps ----------------------------------------------------------------------
def _card_terms() -> dict[str, dict[str, str]]:
    """Each card by its number as the view shows it, for the boards: ``ev.<id>`` (an event card's
    effect and grain loss), ``favor.<id>`` (what a favor card does), ``lsk.card.<n>`` (the
    benefits on a Landsknechte card)."""
    out: dict[str, dict[str, str]] = {}
    for lang in ("en", "de"):
        for event in EVENTS:
            out.setdefault(f"ev.{event.id}", {})[lang] = event_name(event.id, lang)
        for favor in FAVORS:
            out.setdefault(f"favor.{favor.id}", {})[lang] = favor_effect(favor.id, lang)
        for n in range(1, len(LSK_CARDS) + 1):
            out.setdefault(f"lsk.card.{n}", {})[lang] = lsk_benefits(n, lang)
    return out


CATALOGUE.update(_card_terms())


def card_text(value: int, lang: str) -> str:
    """A plan slot's card: a county, a money card, a dice tower card, or nothing."""
    if value == EMPTY:
        return _t("mv.empty", lang)
    if value == TOWER_CARD:
        return _t("mv.tower-card", lang)
    if value >= MONEY_BASE:
        return _r("mv.money", lang, n=value - MONEY_BASE)
    return NAMES[value]


def plan_value_text(value: Any, lang: str) -> str:
    """A box of a plan as the view shows it (a county name, a money card's value, ...)."""
    if value is None:
        return _t("mv.empty", lang)
    if isinstance(value, int):
        return _r("mv.money", lang, n=value)
    if value in ("tower", "lost", "hidden"):
        return _t("plan." + value, lang)
    return str(value)


def _draft_card(view: Mapping[str, Any], source: int, lang: str) -> str:
    faceup = view.get("draft", {}).get("faceup", [])
    if source == DECK or not 0 <= source < len(faceup):
        return _t("mv.deck-card", lang)
    return str(faceup[source])


def _owner(view: Mapping[str, Any], county: int, lang: str, names: Sequence[str] | None) -> int:
    here = view.get("counties", {}).get(NAMES[county])
    return -1 if here is None else int(here["owner"])


def _favor_card(view: Mapping[str, Any], space: int) -> int | None:
    court = view.get("court")
    if court is None or not 0 <= space < len(court["favors"]):
        return None
    card = court["favors"][space]["card"]
    return None if card is None else int(card)


def _favor_kind(view: Mapping[str, Any], space: int) -> str:
    """The effect of the favor card on ``space`` ("cancel_event", "calm", ...), "" if unknown."""
    card = _favor_card(view, space)
    return FAVORS[card - 1].effect if card is not None and 0 < card <= len(FAVORS) else ""


def _favor_label(view: Mapping[str, Any], space: int, lang: str) -> str:
    card = _favor_card(view, space)
    return favor_name(card, lang) if card is not None else _t("mv.unknown-favor", lang)


def move_phrase(
    view: Mapping[str, Any], move: Any, lang: str = "en", names: Sequence[str] | None = None
) -> str:
    """A legal move in words, as a button says it."""
    return capital(_move_phrase(view, move, lang, names))


def _move_phrase(view: Mapping[str, Any], move: Any, lang: str, names: Sequence[str] | None) -> str:
    move = typed(move)
    if isinstance(move, LeaderDraft):
        return _r("mv.draft-leader", lang, card=_draft_card(view, move.source, lang), armies=move.armies)
    if isinstance(move, Draft):
        return _r("mv.draft", lang, card=_draft_card(view, move.source, lang), armies=move.armies)
    if isinstance(move, Redraw):
        return _t("mv.redraw", lang)
    if isinstance(move, Slot):
        if move.box == BID:
            box = _t("bid", lang)
        elif move.box > BID:
            box = _t(f"court{move.box - BID}", lang)
        else:
            box = _t(ACTIONS[move.box], lang)
        return _r("mv.slot", lang, box=box, card=card_text(move.card, lang))
    if isinstance(move, Position):
        tiles = view.get("bonus_tiles", [])
        tile = _t(tiles[move.position], lang) if 0 <= move.position < len(tiles) else "–"
        return _r("mv.position", lang, pos=move.position + 1, tile=tile)
    if isinstance(move, Movement):
        src = (view.get("step") or {}).get("from", "–")
        owner = _owner(view, move.county, lang, names)
        me = view.get("seat")
        dst = NAMES[move.county]
        if owner == me:
            return _r("mv.move", lang, armies=move.armies, src=src, dst=dst)
        who = _t("mv.neutral", lang) if owner < 0 else seat_name(owner, lang, names)
        return _r("mv.attack", lang, armies=move.armies, src=src, dst=dst, owner=who)
    if isinstance(move, Pass):
        return _t("mv.pass", lang)
    if isinstance(move, Revolt):
        return _r("mv.revolt", lang, county=NAMES[move.county])
    if isinstance(move, Favor):
        if move.space == NO_SPACE:
            return _t("mv.no-favor", lang)
        favor, cost = _favor_label(view, move.space, lang), FAVOR_COSTS[move.space]
        if move.target == REMOVE_EVENT:
            return _r("mv.favor-event", lang, favor=favor, cost=cost)
        if 0 <= move.target < len(NAMES):
            return _r("mv.favor-on", lang, favor=favor, cost=cost, county=NAMES[move.target])
        if _favor_kind(view, move.space) == "cancel_event" and view.get("event") is not None:
            # "may also leave the event card"
            return _r("mv.favor-keep-event", lang, favor=favor, cost=cost)
        return _r("mv.favor", lang, favor=favor, cost=cost)
    if isinstance(move, Leader):
        return _leader_phrase(view, move.county, lang)
    if isinstance(move, Landsknechte):
        key = "mv.lsk-tray" if LSK_KINDS[move.benefit] == "armies" else "mv.lsk"
        return _r(key, lang, gain=_lsk_gain(view, move.benefit, lang))
    return _t("mv.unknown", lang)


def _leader_phrase(view: Mapping[str, Any], county: int, lang: str) -> str:
    """Heerführer: where the leader goes, and what the move leaves and takes: "if the military
    leader is moved to an adjacent county, he leaves the county victorious and the player can place
    a statue token" (one is left in supply), "not moved to an adjacent county ... had to flee"; and
    another player's statues in the county entered become trophies."""
    text = _r("mv.leader", lang, county=NAMES[county])
    leaders = view.get("leaders")
    seat = view.get("seat")
    if not isinstance(leaders, Mapping) or not isinstance(seat, int):
        return text
    notes: list[str] = []
    here = (leaders.get("leader") or [None] * (seat + 1))[seat]
    if here in NAMES:
        if county in NEIGHBOURS[NAMES.index(here)]:
            if (leaders.get("statue_supply") or [0] * (seat + 1))[seat] > 0:
                notes.append(_r("mv.leader-statue", lang, county=here))
        else:
            notes.append(_r("mv.leader-flee", lang, county=here))
    taken = sum(
        int(row.get(NAMES[county], 0))
        for other, row in enumerate(leaders.get("statues") or [])
        if other != seat
    )
    if taken:
        notes.append(_r("mv.leader-trophy", lang, n=taken))
    return _r("mv.leader-notes", lang, text=text, notes="; ".join(notes)) if notes else text


def _lsk_gain(view: Mapping[str, Any], benefit: int, lang: str) -> str:
    seat = view.get("seat")
    tops = view.get("landsknechte", {}).get("top_card", [])
    kind = LSK_KINDS[benefit]
    if isinstance(seat, int) and 0 <= seat < len(tops):
        values = LSK_CARDS[tops[seat] - 1] if 1 <= tops[seat] <= len(LSK_CARDS) else None
        if values is not None:
            return gain_text(kind, values[benefit], lang)
    return _t("lsk." + kind, lang)


def move_steps(
    view: Mapping[str, Any], move: Any, lang: str = "en", names: Sequence[str] | None = None
) -> list[str | list[str]] | None:
    """The parts a player builds a move from: the draft's card, then its armies; a movement's
    destination, then its armies; a favor card, then where it acts. The other decisions are short
    lists: one choice each (None). Each part's words start with a capital, as a button's do."""
    return capital_steps(_move_steps(view, move, lang, names))


def _move_steps(
    view: Mapping[str, Any], move: Any, lang: str, names: Sequence[str] | None
) -> list[str | list[str]] | None:
    move = typed(move)
    confirm = _t("mv.confirm", lang)
    if isinstance(move, LeaderDraft):
        return [_draft_card(view, move.source, lang), _r("mv.armies-leader", lang, armies=move.armies)]
    if isinstance(move, Draft):
        return [_draft_card(view, move.source, lang), _r("mv.armies", lang, armies=move.armies)]
    if isinstance(move, Redraw):
        return [_t("mv.redraw-step", lang), confirm]
    if isinstance(move, Movement):
        owner = _owner(view, move.county, lang, names)
        dst = NAMES[move.county]
        if owner == view.get("seat"):
            first = _r("mv.to", lang, dst=dst)
        else:
            who = _t("mv.neutral", lang) if owner < 0 else seat_name(owner, lang, names)
            first = _r("mv.attack-to", lang, dst=dst, owner=who)
        return [first, _r("mv.armies", lang, armies=move.armies)]
    if isinstance(move, Pass):
        return [_t("mv.pass", lang), confirm]
    if isinstance(move, Favor):
        if move.space == NO_SPACE:
            return [_t("mv.no-favor", lang), confirm]
        card = _favor_card(view, move.space)
        cost = FAVOR_COSTS[move.space]
        if card is None:
            first = _r("mv.favor-step", lang, favor=_favor_label(view, move.space, lang), cost=cost)
        else:
            first = _r("mv.favor-card-step", lang, effect=favor_effect(card, lang), cost=cost)
        if move.target == REMOVE_EVENT:
            return [first, _t("mv.remove-event", lang)]
        if 0 <= move.target < len(NAMES):
            return [first, _r("mv.in", lang, county=NAMES[move.target])]
        kind = _favor_kind(view, move.space)
        if kind == "cancel_event" and view.get("event") is not None:
            # "Der Spieler darf die Ereigniskarte aber auch liegen lassen."
            return [first, _t("mv.keep-event", lang)]
        if kind == "calm":  # no revolt marker in the player's counties: kept for the next one
            return [first, _t("mv.keep-parry", lang)]
        return [first, confirm]
    return None


# Error messages, keyed by the rule id the engine raises (the fields are the error's details).
ERRORS: dict[str, dict[str, str]] = {
    "wallenstein.end": {"en": "the game is over", "de": "Das Spiel ist vorbei"},
    "wallenstein.turn": {"en": "it is not your decision now", "de": "Du bist jetzt nicht am Zug"},
    "wallenstein.move-format": {
        "en": "this is not a move of Wallenstein",
        "de": "Das ist kein Zug in Wallenstein",
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
