"""German and English texts: log entries, move phrases (and the steps that build a move), rule
errors, scoring tables and the terminal picture.

Players are named by their player's name where the caller gives ``names``, else by their colour
(``colour.<n>``); the two-player game's neutral player is its colour with "(neutral)". Action cards
go by their printed names, power cards by their value ("the 8"), counts by the catalogue's plural
terms (``{n:@unit.caballero}``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from feldherr.core.game import LogEntry, Move
from feldherr.core.i18n import LANGS, format_text, render, seat_label, term
from feldherr.elgrande import data as D
from feldherr.elgrande.moves import AT_COURT, NO_MODIFIER, STOP, typed
from feldherr.elgrande.rules.scoring import points_for

COLOURS_EN = ("Red", "Blue", "Yellow", "Green", "Purple")
COLOURS_DE = ("Rot", "Blau", "Gelb", "Grün", "Lila")
"""The seats' colours, as the browser's boards draw them (seat 0 red, 1 blue, 2 yellow, ...)."""

_PHASES: dict[str, tuple[str, str]] = {
    "modpass": ("passing modifiers", "Modifikatoren weitergeben"),
    "power": ("power cards", "Machtkarten"),
    "court": ("to the court", "an den Hof"),
    "recall": ("back to the court", "zurück an den Hof"),
    "ability": ("modifier ability", "Sonderfähigkeit"),
    "take": ("action cards", "Aktionskarten"),
    "act": ("action", "Aktion"),
    "veto": ("Veto", "Veto"),
    "effect": ("special action", "Sonderaktion"),
    "disc": ("secret discs", "Geheimscheiben"),
    "over": ("game over", "Spielende"),
}

CATALOGUE: dict[str, dict[str, str]] = {
    # ------------------------------------------------------------------ terms
    **{
        f"colour.{i}": {"en": en, "de": de}
        for i, (en, de) in enumerate(zip(COLOURS_EN, COLOURS_DE, strict=True))
    },
    **{f"phase.{k}": {"en": en, "de": de} for k, (en, de) in _PHASES.items()},
    "neutral": {"en": "{colour} (neutral)", "de": "{colour} (neutral)"},
    "area.France": {"en": "France", "de": "Frankreich"},
    "area.Portugal": {"en": "Portugal", "de": "Portugal"},
    "at_court": {"en": "the court", "de": "dem Hof"},
    "all_places": {"en": "regions and court", "de": "Regionen und Hof"},
    "player": {"en": "Player", "de": "Person"},
    "points": {"en": "Points", "de": "Punkte"},
    "total": {"en": "Total", "de": "Gesamt"},
    "nobody": {"en": "nobody", "de": "niemand"},
    "confirm": {"en": "confirm", "de": "bestätigen"},
    "none": {"en": "none", "de": "keine"},
    "unit.caballero#one": {"en": "{n} Caballero", "de": "{n} Caballero"},
    "unit.caballero#other": {"en": "{n} Caballeros", "de": "{n} Caballeros"},
    "unit.point#one": {"en": "{n} point", "de": "{n} Punkt"},
    "unit.point#other": {"en": "{n} points", "de": "{n} Punkte"},
    # ------------------------------------------------------------------ log lines
    "setup": {
        "en": "The King starts in {king}. Grandes: {grandes}.",
        "de": "Der König beginnt in {king}. Granden: {grandes}.",
    },
    "grande_at": {"en": "{p} in {r}", "de": "{p} in {r}"},
    "round": {"en": "Round {r}.", "de": "Runde {r}."},
    "reveal": {"en": "Action cards: {cards}.", "de": "Aktionskarten: {cards}."},
    "dummy_place": {
        "en": "{d} places {n:@unit.caballero} in {r}.",
        "de": "{d} setzt {n:@unit.caballero} nach {r}.",
    },
    "dummy_take": {"en": "{d} takes the card “{card}”.", "de": "{d} nimmt die Karte „{card}“."},
    "power": {"en": "{p} plays the {v}.", "de": "{p} spielt die {v} aus."},
    "power.mod": {
        "en": "{p} plays the {v} with the modifier {m} ({t}).",
        "de": "{p} spielt die {v} mit dem Modifikator {m} aus ({t}).",
    },
    "to_court": {
        "en": "{p} takes {n:@unit.caballero} to the court.",
        "de": "{p} holt {n:@unit.caballero} an den Hof.",
    },
    "to_court.none": {
        "en": "{p} takes no Caballeros to the court.",
        "de": "{p} holt keine Caballeros an den Hof.",
    },
    "recall": {
        "en": "{p} takes a Caballero from {r} back to the court.",
        "de": "{p} nimmt einen Caballero aus {r} zurück an den Hof.",
    },
    "take": {"en": "{p} takes the card “{card}”.", "de": "{p} nimmt die Karte „{card}“."},
    "place": {"en": "{p} places a Caballero in {r}.", "de": "{p} setzt einen Caballero nach {r}."},
    "place_hidden": {
        "en": "{p} throws Caballeros into the Castillo.",
        "de": "{p} wirft Caballeros ins Castillo.",
    },
    "place_own": {
        "en": "You throw a Caballero into the Castillo ({n:@unit.caballero} in this throw).",
        "de": "Du wirfst einen Caballero ins Castillo ({n:@unit.caballero} bei diesem Wurf).",
    },
    "announce": {
        "en": "{p} announces the special action of the card “{card}”.",
        "de": "{p} kündigt die Sonderaktion der Karte „{card}“ an.",
    },
    "veto": {
        "en": "{p} vetoes the card “{card}”.",
        "de": "{p} verhindert die Karte „{card}“ mit dem Veto.",
    },
    "veto_kept": {"en": "{p} keeps a Veto.", "de": "{p} legt ein Veto aus."},
    "ability": {
        "en": "{p} uses the modifier's ability.",
        "de": "{p} nutzt die Sonderfähigkeit des Modifikators.",
    },
    "moved": {
        "en": "{p} moves a Caballero of {c} from {from} to {r}.",
        "de": "{p} versetzt einen Caballero von {c} aus {from} nach {r}.",
    },
    "moved_hidden": {
        "en": "{p} moves a Caballero of {c} out of {from}.",
        "de": "{p} versetzt einen Caballero von {c} aus {from}.",
    },
    "moved_all": {
        "en": "{p} moves {n:@unit.caballero} from {from} to {r}.",
        "de": "{p} versetzt {n:@unit.caballero} aus {from} nach {r}.",
    },
    "returned": {
        "en": "{p} returns {n:@unit.caballero} from {r} to the province.",
        "de": "{p} schickt {n:@unit.caballero} aus {r} zurück in die Provinz.",
    },
    "umsturz": {"en": "{p} chooses {r}.", "de": "{p} wählt {r}."},
    "board": {
        "en": "{p} puts the mobile scoreboard {b} in {r}.",
        "de": "{p} legt die Wertungstafel {b} nach {r}.",
    },
    "king": {"en": "The King moves to {r}.", "de": "Der König zieht nach {r}."},
    "grande_moved": {"en": "{p}'s Grande moves to {r}.", "de": "Der Grande von {p} zieht nach {r}."},
    "swap": {
        "en": "{p} swaps King and Grande; the King is now in {king}.",
        "de": "{p} tauscht König und Grande; der König steht nun in {king}.",
    },
    "power_back": {"en": "{p} takes a power card back.", "de": "{p} nimmt eine Machtkarte zurück."},
    "power_back_own": {"en": "You take the {v} back.", "de": "Du nimmst die {v} zurück."},
    "power_back_own.mod": {
        "en": "You take the modifier {v} back.",
        "de": "Du nimmst den Modifikator {v} zurück.",
    },
    "start_marker": {"en": "{p} takes the start marker.", "de": "{p} nimmt den Startmarker."},
    "scoring": {"en": "General scoring after round {r}.", "de": "Allgemeine Wertung nach Runde {r}."},
    "disc_set": {"en": "{p} sets the secret disc.", "de": "{p} stellt die Geheimscheibe ein."},
    "disc_own": {"en": "Your secret disc shows {r}.", "de": "Deine Geheimscheibe zeigt {r}."},
    "disc_reveal": {"en": "{p}'s secret disc shows {r}.", "de": "Die Geheimscheibe von {p} zeigt {r}."},
    "scored": {"en": "Scoring of {r}: {pts}.", "de": "Wertung von {r}: {pts}."},
    "scored_item": {"en": "{p} {n:@unit.point}", "de": "{p} {n:@unit.point}"},
    "mod_received": {"en": "You receive the modifier {v}.", "de": "Du erhältst den Modifikator {v}."},
    "game_over": {"en": "Game over. Final scores: {scores}.", "de": "Spielende. Endstand: {scores}."},
    # ------------------------------------------------------------------ move phrases
    # a power card by its number and the Caballeros it brings to the court, as printed on it (on a
    # phone the hand's cards lie a screen below the choices)
    "mv.power": {
        "en": "play the {v} ({n:@unit.caballero} to the court)",
        "de": "Machtkarte {v} ausspielen ({n:@unit.caballero} an den Hof)",
    },
    "mv.power.mod": {
        "en": "play the {v} with the modifier {m} ({t})",
        "de": "Machtkarte {v} mit dem Modifikator {m} ausspielen ({t})",
    },
    "step.power": {
        "en": "the {v} ({n:@unit.caballero} to the court)",
        "de": "Machtkarte {v} ({n:@unit.caballero} an den Hof)",
    },
    "step.modifier": {"en": "modifier {m}", "de": "Modifikator {m}"},
    "step.nomodifier": {"en": "no modifier", "de": "kein Modifikator"},
    "step.from.colour": {"en": "a Caballero of {c}", "de": "einen Caballero von {c}"},
    "step.from.region": {"en": "in {r}", "de": "in {r}"},
    "mv.court": {"en": "take {n:@unit.caballero} to the court", "de": "{n:@unit.caballero} an den Hof holen"},
    "mv.court.none": {"en": "take no Caballeros to the court", "de": "keine Caballeros an den Hof holen"},
    "mv.recall": {"en": "take a Caballero back from {r}", "de": "einen Caballero aus {r} zurücknehmen"},
    "mv.recall.stop": {"en": "take no more back", "de": "keine weiteren zurücknehmen"},
    "mv.take": {
        "en": "take the card “{card}” from stack {s} ({n:@unit.caballero})",
        "de": "die Karte „{card}“ von Stapel {s} nehmen ({n:@unit.caballero})",
    },
    "mv.take.plain": {
        "en": "take the action card of stack {s}",
        "de": "die Aktionskarte von Stapel {s} nehmen",
    },
    "mv.place": {"en": "place a Caballero in {r}", "de": "einen Caballero nach {r} setzen"},
    "mv.endplace": {"en": "end placing", "de": "Einsetzen beenden"},
    "mv.special": {"en": "carry out the special action", "de": "Sonderaktion ausführen"},
    "mv.nospecial": {"en": "forgo the special action", "de": "auf die Sonderaktion verzichten"},
    "mv.veto.use": {"en": "play your Veto", "de": "Veto einlegen"},
    "mv.veto.pass": {"en": "let it pass", "de": "kein Veto einlegen"},
    "mv.disc": {"en": "set the secret disc to {r}", "de": "die Geheimscheibe auf {r} stellen"},
    "mv.king": {"en": "move the King to {r}", "de": "den König nach {r} versetzen"},
    "mv.ability": {"en": "use the modifier's ability", "de": "die Sonderfähigkeit nutzen"},
    "mv.noability": {"en": "skip the modifier's ability", "de": "auf die Sonderfähigkeit verzichten"},
    "mv.choose.move": {
        "en": "move Caballeros out of one region",
        "de": "Caballeros aus einer Region versetzen",
    },
    "mv.choose.place_free": {
        "en": "place {n:@unit.caballero} from your court",
        "de": "{n:@unit.caballero} vom Hof einsetzen",
    },
    "mv.choose.other": {"en": "the possibility {n}", "de": "die Möglichkeit {n}"},
    "mv.from": {"en": "pick up a Caballero of {c} in {r}", "de": "einen Caballero von {c} in {r} aufnehmen"},
    "mv.to": {"en": "move it to {r}", "de": "ihn nach {r} versetzen"},
    "mv.endmove": {"en": "stop moving", "de": "Versetzen beenden"},
    "mv.fplace": {"en": "place a Caballero in {r}", "de": "einen Caballero nach {r} setzen"},
    "mv.endfplace": {"en": "stop placing", "de": "Einsetzen beenden"},
    "mv.ret": {
        "en": "send a Caballero from {r} back to the province",
        "de": "einen Caballero aus {r} zurück in die Provinz schicken",
    },
    "mv.send": {
        "en": "send a Caballero of {c} from {r} back to the province",
        "de": "einen Caballero von {c} aus {r} zurück in die Provinz schicken",
    },
    "mv.skip": {"en": "spare this player", "de": "diese Person verschonen"},
    "mv.pick": {"en": "choose {r}", "de": "{r} wählen"},
    "mv.board": {"en": "put the mobile scoreboard {b} in {r}", "de": "die Wertungstafel {b} nach {r} legen"},
    "mv.escort": {"en": "take a Caballero of {c} along", "de": "einen Caballero von {c} mitnehmen"},
    "mv.grande": {"en": "move your Grande to {r}", "de": "deinen Granden nach {r} versetzen"},
    "mv.pb": {"en": "take the {v} back", "de": "die {v} zurücknehmen"},
    "mv.pbm": {"en": "take the modifier {m} back", "de": "den Modifikator {m} zurücknehmen"},
    "mv.mpass": {
        "en": "pass the modifier {m} to the left",
        "de": "den Modifikator {m} nach links weitergeben",
    },
    # a modifier card with its ability
    "mod.court_gain": {
        "en": "{v} ({n:@unit.caballero} to the court)",
        "de": "{v} ({n:@unit.caballero} an den Hof)",
    },
    "mod.place_free": {"en": "{v} (place {n:@unit.caballero})", "de": "{v} ({n:@unit.caballero} einsetzen)"},
    "mod.move": {"en": "{v} (move {n:@unit.caballero})", "de": "{v} ({n:@unit.caballero} versetzen)"},
    # ------------------------------------------------------------------ rule errors, by rule id
    "elgrande.game-over": {"en": "the game is over", "de": "Das Spiel ist vorbei"},
    "elgrande.move.format": {"en": "this is not a move of El Grande", "de": "Das ist kein Zug von El Grande"},
    "elgrande.move.kind": {
        "en": "El Grande has no such move",
        "de": "Einen solchen Zug gibt es in El Grande nicht",
    },
    "elgrande.move.arity": {
        "en": "this move has the wrong number of parts",
        "de": "Dieser Zug hat die falsche Zahl von Teilen",
    },
    "elgrande.move.arg": {
        "en": "a part of this move is not valid",
        "de": "Ein Teil dieses Zuges ist ungültig",
    },
    "elgrande.turn-order": {"en": "it is not {seat}'s turn", "de": "{seat} ist gerade nicht am Zug"},
    **{
        f"elgrande.phase.{name}": {
            "en": f"this move does not belong to the phase now played ({en})",
            "de": f"Dieser Zug gehört nicht in die laufende Phase ({de})",
        }
        for name, (en, de) in _PHASES.items()
    },
    "elgrande.power.distinct-value": {
        "en": "the power card must differ from the values already played this round",
        "de": "Die Machtkarte muss sich von den bereits ausgespielten Werten unterscheiden",
    },
    "elgrande.court.count": {
        "en": "not that many Caballeros to the court",
        "de": "So viele Caballeros darfst du nicht an den Hof holen",
    },
    "elgrande.court.from-regions": {
        "en": "take Caballeros back only from your regions outside the King's region",
        "de": "Caballeros nur aus deinen Regionen außerhalb der Königsregion zurücknehmen",
    },
    "elgrande.action-card.open": {
        "en": "take one of the open action cards",
        "de": "Nimm eine der offenen Aktionskarten",
    },
    "elgrande.place.king-neighbours": {
        "en": "place only in regions next to the King's region or in the Castillo",
        "de": "Setze nur in Nachbarregionen der Königsregion oder ins Castillo ein",
    },
    "elgrande.action.whole": {
        "en": "not possible at this point of your action",
        "de": "An dieser Stelle deiner Aktion nicht möglich",
    },
    "elgrande.disc.region": {
        "en": "the secret disc cannot show that region",
        "de": "Auf diese Region darf die Geheimscheibe nicht zeigen",
    },
    "elgrande.machtverschiebung.pass": {
        "en": "pass one of the modifiers in your hand",
        "de": "Gib einen Modifikator aus deiner Hand weiter",
    },
    "elgrande.rules": {"en": "this move is not allowed now", "de": "Dieser Zug ist jetzt nicht erlaubt"},
}

# The action cards' names as printed (``data/cards.json``) as terms ``card.<id>``: the client's
# boards label the open cards with them (an id alone would clash with log keys such as "veto").
CATALOGUE.update(
    {f"card.{cid}": {"en": D.CARD_EN[i], "de": D.CARD_DE[i]} for i, cid in enumerate(D.CARD_IDS)}
)

_CHOICE_OPS = ("move", "place_free")


def _lang(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r} (known: {', '.join(LANGS)})")
    return lang


def _t(key: str, lang: str, **values: Any) -> str:
    return format_text(CATALOGUE, term(CATALOGUE, key, lang), values, lang)


def colour_names(lang: str) -> tuple[str, ...]:
    return COLOURS_DE if lang == "de" else COLOURS_EN


def who(p: int, lang: str, names: Sequence[str] | None = None, players: int | None = None) -> str:
    """How a text names colour ``p``: the player's name or colour; the neutral player (a colour
    beyond the seats: ``players`` or the given ``names`` say how many seats there are) by its colour
    with "(neutral)"."""
    colours = colour_names(lang)
    seats = players if players is not None else (len(names) if names else None)
    if seats is not None and p >= seats:
        return _t("neutral", lang, colour=colours[p % len(colours)])
    return seat_label(p, names, colours)


def card_name(card: str | int, lang: str) -> str:
    c = D.CARD_INDEX[card] if isinstance(card, str) else card
    return D.CARD_DE[c] if lang == "de" else D.CARD_EN[c]


def area(name: str, lang: str) -> str:
    """An area's name in ``lang`` (the regions keep their Spanish names in both languages)."""
    entry = CATALOGUE.get(f"area.{name}")
    return entry[lang] if entry else name


def _area_of(a: int, lang: str) -> str:
    return area(D.AREA_NAMES[a], lang) if 0 <= a < len(D.AREA_NAMES) else "…"


def _signed(v: int) -> str:
    return f"{v:+d}".replace("-", "−")


def modifier_name(m: int, lang: str) -> str:
    """A modifier card by its value and, where it has one, its ability ("+1 (1 Caballero to the court)")."""
    if not 0 <= m < len(D.MODIFIER_VALUES):
        return "…"
    v = _signed(D.MODIFIER_VALUES[m])
    ability = D.MODIFIER_ABILITY[m]
    if ability is None:
        return v
    key = f"mod.{ability['op']}"
    if key not in CATALOGUE:
        return v
    return _t(key, lang, v=v, n=int(ability.get("count", ability.get("own", 1))))


def scoreboard_name(b: int) -> str:
    """A mobile scoreboard by its printed values ("8/4/0")."""
    return "/".join(map(str, D.SCOREBOARDS[b])) if 0 <= b < len(D.SCOREBOARDS) else "…"


# ---------------------------------------------------------------------------- moves
def _players(view: Mapping[str, Any] | None) -> int | None:
    if view is None:
        return None
    n = view.get("players_count")
    return n if isinstance(n, int) else None


def describe(
    view: Mapping[str, Any] | None, move: Move, lang: str, names: Sequence[str] | None = None
) -> str:
    """A short phrase for ``move`` (the view names the open cards and the card in use)."""
    _lang(lang)
    m = typed(move)
    kind = m[0]
    n = _players(view)
    if kind == "power":
        if m.modifier == NO_MODIFIER:
            return _t("mv.power", lang, v=m.value, n=D.POWER_CABALLEROS[m.value])
        total = m.value + D.MODIFIER_VALUES[m.modifier]
        return _t("mv.power.mod", lang, v=m.value, m=modifier_name(m.modifier, lang), t=total)
    if kind == "court":
        # none: in words ("take 0 Caballeros to the court" read like a slip)
        return _t("mv.court.none" if m.caballeros == 0 else "mv.court", lang, n=m.caballeros)
    if kind == "recall":
        return (
            _t("mv.recall.stop", lang)
            if m.region == STOP
            else _t("mv.recall", lang, r=_area_of(m.region, lang))
        )
    if kind == "take":
        cards = view.get("open_cards", []) if view is not None else []
        if 0 <= m.slot < len(cards) and cards[m.slot] is not None:
            c = D.CARD_INDEX[cards[m.slot]]
            return _t("mv.take", lang, card=card_name(c, lang), s=m.slot + 1, n=D.CARD_PLACE[c])
        return _t("mv.take.plain", lang, s=m.slot + 1)
    if kind == "veto":
        return _t("mv.veto.use" if m.use else "mv.veto.pass", lang)
    if kind == "choose":
        card = view.get("card_in_use") if view is not None else None
        options = D.CARD_EFFECT[D.CARD_INDEX[card]].get("options", []) if card in D.CARD_INDEX else []
        if 0 <= m.option < len(options) and options[m.option]["op"] in _CHOICE_OPS:
            opt = options[m.option]
            return _t(f"mv.choose.{opt['op']}", lang, n=int(opt.get("count", 0)))
        return _t("mv.choose.other", lang, n=m.option + 1)
    if kind in ("from", "send"):
        return _t(f"mv.{kind}", lang, c=who(m.colour, lang, names, n), r=_area_of(m.region, lang))
    if kind == "escort":
        return _t("mv.escort", lang, c=who(m.colour, lang, names, n))
    if kind == "ret":
        r = _t("at_court", lang) if m.region == AT_COURT else _area_of(m.region, lang)
        return _t("mv.ret", lang, r=r)
    if kind == "board":
        return _t("mv.board", lang, b=scoreboard_name(m.board), r=_area_of(m.area, lang))
    if kind == "pb":
        return _t("mv.pb", lang, v=m.value)
    if kind in ("pbm", "mpass"):
        return _t(f"mv.{kind}", lang, m=modifier_name(m.modifier, lang))
    if kind in ("place", "disc", "king", "to", "fplace", "pick", "grande"):
        return _t(f"mv.{kind}", lang, r=_area_of(m[1], lang))
    if f"mv.{kind}" in CATALOGUE:
        return _t(f"mv.{kind}", lang)
    return _t("elgrande.rules", lang)


def steps(
    view: Mapping[str, Any] | None, move: Move, lang: str, names: Sequence[str] | None = None
) -> list[str | list[str]]:
    """How a person builds ``move`` part by part: a power card, then a modifier (Machtverschiebung:
    up to 13 x 7 choices); a player's colour, then the region to pick one of its Caballeros up in
    (moving Caballeros: "a Caballero of Yellow", then "in Galicia", up to 5 colours x 10 areas;
    "stop moving" is its two parts too); every other move is one step, its phrase (those decisions
    have at most 18 choices)."""
    _lang(lang)
    m = typed(move)
    kind = m[0]
    if kind == "power" and _has_modifiers(view):
        mod = (
            _t("step.nomodifier", lang)
            if m.modifier == NO_MODIFIER
            else _t("step.modifier", lang, m=modifier_name(m.modifier, lang))
        )
        return [_t("step.power", lang, v=m.value, n=D.POWER_CABALLEROS[m.value]), mod]
    if kind == "from":  # the parts say what they are: a bare "Yellow", "Galicia" did not
        colour = who(m.colour, lang, names, _players(view))
        return [
            _t("step.from.colour", lang, c=colour),
            _t("step.from.region", lang, r=_area_of(m.region, lang)),
        ]
    if kind == "endmove":  # the other choice of a "from" decision: as many parts as those
        return [describe(view, move, lang, names), _t("confirm", lang)]
    return [describe(view, move, lang, names)]


def _has_modifiers(view: Mapping[str, Any] | None) -> bool:
    if view is None:
        return False
    seat = view.get("seat")
    players = view.get("players") or []
    if not isinstance(seat, int) or not 0 <= seat < len(players):
        return False
    return "modifiers" in players[seat]


# ---------------------------------------------------------------------------- log
def _pairs(values: Sequence[int], lang: str, names: Sequence[str] | None) -> list[tuple[str, int]]:
    return [(who(p, lang, names, len(values)), int(v)) for p, v in enumerate(values)]


def render_entry(entry: LogEntry, lang: str, names: Sequence[str] | None = None) -> str:
    _lang(lang)
    key = str(entry["k"])
    args: dict[str, Any] = dict(entry.get("a", {}))
    if "p" in args and isinstance(args["p"], int):
        args["p"] = who(args["p"], lang, names)
    if "c" in args and isinstance(args["c"], int):
        args["c"] = who(args["c"], lang, names)
    for k in ("r", "from", "king"):
        if isinstance(args.get(k), str):
            args[k] = _t(args[k], lang) if args[k] in ("at_court", "all_places") else area(args[k], lang)
    if "card" in args and args["card"] in D.CARD_INDEX:
        args["card"] = card_name(args["card"], lang)
    if key == "to_court" and args.get("n") == 0:  # "holt keine Caballeros" (it read "holt 0 Caballeros")
        key = "to_court.none"
    if key == "setup":
        grandes = args.get("grandes") or []
        args["grandes"] = ", ".join(
            _t("grande_at", lang, p=who(p, lang, names, len(grandes)), r=area(str(g), lang))
            for p, g in enumerate(grandes)
        )
    elif key == "reveal":
        args["cards"] = ", ".join(
            card_name(c, lang) if c in D.CARD_INDEX else "–" for c in args.get("cards") or []
        )
    elif key in ("dummy_place", "dummy_take"):
        args["d"] = _t("neutral", lang, colour=colour_names(lang)[2])
    elif key == "power":
        m = args.get("m", 0)
        if m:
            args["m"] = _signed(int(m))
            args["t"] = int(args.get("v", 0)) + int(m)
            key = "power.mod"
    elif key == "power_back_own":
        if args.get("mod"):
            args["v"] = modifier_name(int(args.get("v", -1)), lang)
            key = "power_back_own.mod"
    elif key == "mod_received":
        args["v"] = _signed(int(args.get("v", 0)))
    elif key == "board":
        args["b"] = scoreboard_name(int(args.get("b", -1)))
    elif key == "scored":
        pts = [(name, v) for name, v in _pairs(args.get("pts") or [], lang, names) if v]
        args["pts"] = ", ".join(_t("scored_item", lang, p=name, n=v) for name, v in pts) or _t("nobody", lang)
    elif key == "game_over":
        pts = _pairs(args.get("scores") or [], lang, names)
        args["scores"] = ", ".join(_t("scored_item", lang, p=name, n=v) for name, v in pts)
    return render(CATALOGUE, key, args, lang, translate_args=False)


def log_table(entry: LogEntry, lang: str, names: Sequence[str] | None = None) -> dict[str, Any] | None:
    """A scoring as a table: each player's points in the region scored (``scored``), or the final
    scores (``game_over``)."""
    _lang(lang)
    key = entry.get("k")
    args = entry.get("a", {})
    if key == "scored":
        values = args.get("pts") or []
        column = area(str(args.get("r", "")), lang)
    elif key == "game_over":
        values = args.get("scores") or []
        column = _t("points", lang)
    else:
        return None
    return {
        "columns": [_t("player", lang), column],
        "rows": [[name, v] for name, v in _pairs(values, lang, names)],
    }


# ---------------------------------------------------------------------------- terminal
def render_view(v: Mapping[str, Any], lang: str, names: Sequence[str] | None = None) -> str:
    """The terminal picture of a view (from the view alone); players by name (``names``: as a
    position names them) or else by colour."""
    _lang(lang)
    de = lang == "de"
    n = v.get("players_count")
    players = v["players"]

    def label(c: int) -> str:
        return who(c, lang, names, n if isinstance(n, int) else None)

    phase = _t(f"phase.{v['phase']}", lang) if f"phase.{v['phase']}" in CATALOGUE else str(v["phase"])
    lines = [
        f"{'Runde' if de else 'Round'} {v['round']}  Phase: {phase}  "
        f"{'König' if de else 'King'}: {area(v['king'], lang)}",
    ]
    width = max(8, *(len(label(p["seat"])) + 1 for p in players))
    lines.append(f"{'':10}" + "".join(f"{label(p['seat']):>{width}}" for p in players))
    boards = [D.AREA_NAMES.index(b) if b is not None else -1 for b in v["scoreboards"]]
    third = 1 if v["scoring_places"] == 3 else 0
    for r in [*D.REGION_NAMES, "Castillo"]:
        cells = []
        for p in players:
            if r == "Castillo":
                x = p["castillo"]
                cells.append(f"{'?' if x is None else x!s:>{width}}")
            else:
                cells.append(f"{p['regions'].get(r, 0):>{width}}")
        pts = points_for(boards, third, D.AREA_NAMES.index(r))
        mark = "*" if r == v["king"] else " "
        lines.append(f"{r:9}{mark}" + "".join(cells) + f"   {pts[0]}/{pts[1]}/{pts[2]}")
    lines.append(f"{'Hof' if de else 'Court':10}" + "".join(f"{p['court']:>{width}}" for p in players))
    lines.append(
        f"{'Punkte' if de else 'Score':10}" + "".join(f"{p.get('score', '–')!s:>{width}}" for p in players)
    )
    lines.append(
        f"{'Macht' if de else 'Power'}:".ljust(10)
        + "".join(f"{p['total'] or '–'!s:>{width}}" for p in players)
    )
    cards = []
    for i, cid in enumerate(v["open_cards"]):
        if cid is None:
            cards.append(f"{i + 1}: –")
        else:
            c = D.CARD_INDEX[cid]
            cards.append(f"{i + 1}: {card_name(c, lang)} ({D.CARD_PLACE[c]})")
    lines.append(f"{'Aktionskarten' if de else 'Action cards'}: {'  '.join(cards)}")
    if v["card_in_use"] is not None:
        lines.append(
            f"{'Im Einsatz' if de else 'In use'}: {card_name(v['card_in_use'], lang)} ({label(v['current'])})"
        )
    lines.append(f"{'Am Zug' if de else 'To move'}: {', '.join(label(x) for x in v['to_move']) or '–'}")
    seat = v["seat"]
    me = players[seat] if seat is not None and seat < len(players) else None
    if me is not None and "hand" in me:
        lines.append(f"{'Machtkarten' if de else 'Power cards'}: {', '.join(map(str, me['hand'])) or '–'}")
        if me.get("modifiers"):
            mods = ", ".join(modifier_name(x["id"], lang) for x in me["modifiers"])
            lines.append(f"{'Modifikatoren' if de else 'Modifiers'}: {mods}")
    return "\n".join(lines)


__all__ = [
    "CATALOGUE",
    "card_name",
    "colour_names",
    "describe",
    "log_table",
    "render_entry",
    "render_view",
    "steps",
    "who",
]
