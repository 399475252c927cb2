"""German and English texts: log entries, move phrases and the terminal picture."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from feldherr.core.game import LogEntry, Move
from feldherr.core.i18n import render
from feldherr.elgrande import data as D
from feldherr.elgrande.moves import NO_MODIFIER, Power, Take, typed
from feldherr.elgrande.rules.kinds import ARGS
from feldherr.elgrande.rules.scoring import points_for
from feldherr.elgrande.state import PHASE_NAMES

CATALOGUE: dict[str, dict[str, str]] = {
    "setup": {
        "en": "The King starts in {king}; Grandes in {grandes}.",
        "de": "Der König beginnt in {king}; Granden in {grandes}.",
    },
    "round": {"en": "Round {r}.", "de": "Runde {r}."},
    "reveal": {"en": "Action cards: {cards}.", "de": "Aktionskarten: {cards}."},
    "dummy_place": {"en": "The dummy places {n} in {r}.", "de": "Der Dummy setzt {n} nach {r}."},
    "dummy_take": {"en": "The dummy takes {card}.", "de": "Der Dummy nimmt {card}."},
    "power": {
        "en": "Player {p} plays power card {v} (modifier {m}).",
        "de": "Spieler {p} spielt Machtkarte {v} (Modifikator {m}).",
    },
    "at_court": {"en": "the court", "de": "dem Hof"},
    "all_places": {"en": "regions and court", "de": "Regionen und Hof"},
    "to_court": {
        "en": "Player {p} takes {n} Caballeros to the court.",
        "de": "Spieler {p} holt {n} Caballeros an den Hof.",
    },
    "recall": {
        "en": "Player {p} takes a Caballero from {r} to the court.",
        "de": "Spieler {p} nimmt einen Caballero aus {r} an den Hof.",
    },
    "take": {"en": "Player {p} takes {card}.", "de": "Spieler {p} nimmt {card}."},
    "place": {
        "en": "Player {p} places a Caballero in {r}.",
        "de": "Spieler {p} setzt einen Caballero nach {r}.",
    },
    "place_hidden": {
        "en": "Player {p} throws Caballeros into the Castillo.",
        "de": "Spieler {p} wirft Caballeros ins Castillo.",
    },
    "place_own": {
        "en": "You throw a Caballero into the Castillo ({n} in this throw).",
        "de": "Du wirfst einen Caballero ins Castillo ({n} bei diesem Wurf).",
    },
    "announce": {
        "en": "Player {p} announces the special action of {card}.",
        "de": "Spieler {p} kündigt die Sonderaktion von {card} an.",
    },
    "veto": {"en": "Player {p} vetoes {card}.", "de": "Spieler {p} verhindert {card} mit dem Veto."},
    "veto_kept": {"en": "Player {p} keeps a Veto.", "de": "Spieler {p} legt das Veto aus."},
    "ability": {
        "en": "Player {p} uses the modifier's ability.",
        "de": "Spieler {p} nutzt die Sonderfähigkeit.",
    },
    "moved": {
        "en": "Player {p} moves a Caballero of colour {c} from {from} to {r}.",
        "de": "Spieler {p} versetzt einen Caballero der Farbe {c} aus {from} nach {r}.",
    },
    "moved_hidden": {
        "en": "Player {p} moves a Caballero of colour {c} out of {from}.",
        "de": "Spieler {p} versetzt einen Caballero der Farbe {c} aus {from}.",
    },
    "moved_all": {
        "en": "Player {p} moves {n} from {from} to {r}.",
        "de": "Spieler {p} versetzt {n} aus {from} nach {r}.",
    },
    "returned": {
        "en": "Player {p} returns {n} from {r} to the province.",
        "de": "Spieler {p} schickt {n} aus {r} zurück in die Provinz.",
    },
    "umsturz": {"en": "Player {p} chooses {r}.", "de": "Spieler {p} wählt {r}."},
    "board": {
        "en": "Player {p} puts scoreboard {b} in {r}.",
        "de": "Spieler {p} legt Wertungstafel {b} nach {r}.",
    },
    "king": {"en": "The King moves to {r}.", "de": "Der König zieht nach {r}."},
    "grande_moved": {
        "en": "Player {p}'s Grande moves to {r}.",
        "de": "Der Grande von Spieler {p} zieht nach {r}.",
    },
    "swap": {
        "en": "Player {p} swaps King and Grande; the King is now in {king}.",
        "de": "Spieler {p} tauscht König und Grande; der König steht nun in {king}.",
    },
    "power_back": {
        "en": "Player {p} takes a power card back.",
        "de": "Spieler {p} nimmt eine Machtkarte zurück.",
    },
    "power_back_own": {"en": "You take back {v}.", "de": "Du nimmst {v} zurück."},
    "start_marker": {"en": "Player {p} takes the start marker.", "de": "Spieler {p} nimmt den Startmarker."},
    "scoring": {"en": "General scoring after round {r}.", "de": "Allgemeine Wertung nach Runde {r}."},
    "disc_set": {"en": "Player {p} sets the secret disc.", "de": "Spieler {p} stellt die Geheimscheibe ein."},
    "disc_own": {"en": "Your disc shows {r}.", "de": "Deine Scheibe zeigt {r}."},
    "disc_reveal": {"en": "Player {p}'s disc shows {r}.", "de": "Die Scheibe von Spieler {p} zeigt {r}."},
    "scored": {"en": "{r} scores {pts}.", "de": "{r} wird gewertet: {pts}."},
    "mod_received": {"en": "You receive modifier {v}.", "de": "Du erhältst den Modifikator {v}."},
    "game_over": {"en": "Game over: {scores}.", "de": "Spielende: {scores}."},
    # rule errors, keyed by rule id (fields: the error's details)
    "elgrande.game-over": {"en": "the game is over", "de": "Das Spiel ist vorbei"},
    "elgrande.move.format": {"en": "not a move: {move}", "de": "Kein Zug: {move}"},
    "elgrande.move.kind": {"en": "unknown move kind {kind}", "de": "Unbekannte Zugart {kind}"},
    "elgrande.move.arity": {
        "en": "{kind!r} takes {count} whole-number argument(s): {move}",
        "de": "{kind!r} braucht {count} ganze Zahl(en): {move}",
    },
    "elgrande.move.arg": {"en": "not a valid argument: {value}", "de": "Kein gültiges Argument: {value}"},
    "elgrande.turn-order": {
        "en": "seat {seat} has no decision now",
        "de": "Platz {seat} ist gerade nicht am Zug",
    },
    **{
        f"elgrande.phase.{name}": {
            "en": f"{{kind!r}} does not belong to the {name} phase",
            "de": f"{{kind!r}} gehört nicht in die Phase {name}",
        }
        for name in PHASE_NAMES
    },
    "elgrande.power.distinct-value": {
        "en": "{move}: the total must differ from the values already played this round",
        "de": "{move}: Der Gesamtwert muss sich von den bereits ausgespielten Werten unterscheiden",
    },
    "elgrande.court.count": {
        "en": "{move}: not that many Caballeros to the court",
        "de": "{move}: So viele Caballeros darfst du nicht an den Hof holen",
    },
    "elgrande.court.from-regions": {
        "en": "{move}: take Caballeros back only from your regions outside the King's region",
        "de": "{move}: Caballeros nur aus deinen Regionen außerhalb der Königsregion zurücknehmen",
    },
    "elgrande.action-card.open": {
        "en": "{move}: take one of the open action cards",
        "de": "{move}: Nimm eine der offenen Aktionskarten",
    },
    "elgrande.place.king-neighbours": {
        "en": "{move}: place only in regions next to the King's region or in the Castillo",
        "de": "{move}: Setze nur in Nachbarregionen der Königsregion oder ins Castillo ein",
    },
    "elgrande.action.whole": {
        "en": "{move}: not at this point of your action",
        "de": "{move}: An dieser Stelle deiner Aktion nicht möglich",
    },
    "elgrande.disc.region": {
        "en": "{move}: the disc cannot show that region",
        "de": "{move}: Auf diese Region darf die Geheimscheibe nicht zeigen",
    },
    "elgrande.machtverschiebung.pass": {
        "en": "{move}: pass one of the modifiers in your hand",
        "de": "{move}: Gib einen Modifikator aus deiner Hand weiter",
    },
    "elgrande.rules": {"en": "{move} is not allowed now", "de": "{move} ist jetzt nicht erlaubt"},
}

# The action cards' names as printed (``data/cards.json``) as terms ``card.<id>``: the client's
# boards label the open cards with them (an id alone would clash with log keys such as "veto").
CATALOGUE.update(
    {f"card.{cid}": {"en": D.CARD_EN[i], "de": D.CARD_DE[i]} for i, cid in enumerate(D.CARD_IDS)}
)

MOVES: dict[str, tuple[str, str]] = {
    "power": ("play power card {0}", "Machtkarte {0} ausspielen"),
    "court": ("take {0} Caballeros to the court", "{0} Caballeros an den Hof holen"),
    "recall": ("take one back from {0}", "einen aus {0} zurücknehmen"),
    "take": ("take the card of stack {0}", "die Karte von Stapel {0} nehmen"),
    "place": ("place a Caballero in {0}", "einen Caballero nach {0} setzen"),
    "endplace": ("end placing", "Einsetzen beenden"),
    "special": ("carry out the special action", "Sonderaktion ausführen"),
    "nospecial": ("forgo the special action", "auf die Sonderaktion verzichten"),
    "veto": ("veto (1) or let it pass (0): {0}", "Veto (1) oder nicht (0): {0}"),
    "disc": ("set the disc to {0}", "Geheimscheibe auf {0} stellen"),
    "king": ("move the King to {0}", "den König nach {0} versetzen"),
    "ability": ("use the modifier's ability", "die Sonderfähigkeit nutzen"),
    "noability": ("skip the modifier's ability", "auf die Sonderfähigkeit verzichten"),
    "choose": ("choose option {0}", "Möglichkeit {0} wählen"),
    "from": ("take a Caballero of colour {0} from {1}", "einen Caballero der Farbe {0} aus {1} nehmen"),
    "to": ("move it to {0}", "ihn nach {0} versetzen"),
    "endmove": ("stop moving", "Versetzen beenden"),
    "fplace": ("place a Caballero in {0}", "einen Caballero nach {0} setzen"),
    "endfplace": ("stop placing", "Einsetzen beenden"),
    "ret": ("return one from {0}", "einen aus {0} zurückschicken"),
    "send": (
        "send a Caballero of colour {0} from {1} to the province",
        "einen Caballero der Farbe {0} aus {1} in die Provinz schicken",
    ),
    "skip": ("leave this colour alone", "diese Farbe auslassen"),
    "pick": ("choose {0}", "{0} wählen"),
    "board": ("put scoreboard {0} on {1}", "Wertungstafel {0} nach {1} legen"),
    "escort": ("take a Caballero of colour {0} along", "einen Caballero der Farbe {0} mitnehmen"),
    "grande": ("move your Grande to {0}", "deinen Granden nach {0} versetzen"),
    "pb": ("take power card {0} back", "Machtkarte {0} zurücknehmen"),
    "pbm": ("take modifier {0} back", "Modifikator {0} zurücknehmen"),
    "mpass": ("pass modifier {0} to the left", "Modifikator {0} nach links weitergeben"),
}


def _card_name(c: int, lang: str) -> str:
    return D.CARD_DE[c] if lang == "de" else D.CARD_EN[c]


def describe(
    view: Mapping[str, Any] | None, move: Move, lang: str, names: Sequence[str] | None = None
) -> str:
    """A short phrase for ``move`` (the view names the open cards)."""
    move = typed(move)
    kind = move[0]
    de = lang == "de"
    types = ARGS.get(kind, "")
    args: list[str] = []
    for t, v in zip(types, move[1:], strict=False):
        if t in "ac" and 0 <= v < len(D.AREA_NAMES):
            args.append(D.AREA_NAMES[v])
        elif t == "c":
            args.append(("dem Hof" if de else "the court") if kind == "ret" else ("Ende" if de else "stop"))
        else:
            args.append(str(v))
    cards = view.get("open_cards", []) if view is not None else []
    if isinstance(move, Take) and 0 <= move.slot < len(cards) and cards[move.slot] is not None:
        c = D.CARD_INDEX[cards[move.slot]]
        args[0] = f"{move.slot + 1} ({_card_name(c, lang)}, {D.CARD_PLACE[c]})"
    if isinstance(move, Power) and move.modifier != NO_MODIFIER:
        sign = D.MODIFIER_VALUES[move.modifier]
        args[0] = f"{move.value} {sign:+d}"
    if kind in MOVES:
        return MOVES[kind][1 if de else 0].format(*args)
    return " ".join([kind, *args])


def render_entry(entry: LogEntry, lang: str, names: Sequence[str] | None = None) -> str:
    args = dict(entry.get("a", {}))
    if "card" in args and args["card"] in D.CARD_INDEX:
        args["card"] = _card_name(D.CARD_INDEX[args["card"]], lang)
    if "cards" in args and isinstance(args["cards"], list):  # the revealed cards, "" for none
        args["cards"] = ", ".join(
            _card_name(D.CARD_INDEX[c], lang) if c in D.CARD_INDEX else "–" for c in args["cards"]
        )
    return render(CATALOGUE, entry["k"], args, lang)


def render_view(v: Mapping[str, Any], lang: str) -> str:
    """The terminal picture of a view (from the view alone)."""
    de = lang == "de"
    lines = [
        f"{'Runde' if de else 'Round'} {v['round']}  {'Phase' if de else 'phase'}: {v['phase']}  "
        f"{'König' if de else 'King'}: {v['king']}",
    ]
    header = f"{'':10}" + "".join(
        f"{'P' + str(p['seat']) if not p['dummy'] else 'Dummy':>7}" for p in v["players"]
    )
    lines.append(header)
    boards = [D.AREA_NAMES.index(b) if b is not None else -1 for b in v["scoreboards"]]
    third = 1 if v["scoring_places"] == 3 else 0
    for r in [*D.REGION_NAMES, "Castillo"]:
        cells = []
        for p in v["players"]:
            if r == "Castillo":
                x = p["castillo"]
                cells.append(f"{'?' if x is None else x!s:>7}")
            else:
                cells.append(f"{p['regions'].get(r, 0):>7}")
        pts = points_for(boards, third, D.AREA_NAMES.index(r))
        mark = "*" if r == v["king"] else " "
        lines.append(f"{r:9}{mark}" + "".join(cells) + f"   {pts[0]}/{pts[1]}/{pts[2]}")
    lines.append(f"{'Hof' if de else 'court':10}" + "".join(f"{p['court']:>7}" for p in v["players"]))
    lines.append(
        f"{'Punkte' if de else 'score':10}" + "".join(f"{p.get('score', '-')!s:>7}" for p in v["players"])
    )
    lines.append(
        f"{'Macht' if de else 'power'}:".ljust(10)
        + "".join(f"{p['total'] or '-'!s:>7}" for p in v["players"])
    )
    cards = []
    for i, cid in enumerate(v["open_cards"]):
        if cid is None:
            cards.append(f"{i + 1}:-")
        else:
            c = D.CARD_INDEX[cid]
            cards.append(f"{i + 1}:{_card_name(c, lang)}({D.CARD_PLACE[c]})")
    lines.append(f"{'Karten' if de else 'cards'}: {'  '.join(cards)}")
    if v["card_in_use"] is not None:
        c = D.CARD_INDEX[v["card_in_use"]]
        lines.append(f"{'Im Einsatz' if de else 'in use'}: {_card_name(c, lang)} (P{v['current']})")
    lines.append(f"{'Am Zug' if de else 'to move'}: {', '.join('P' + str(x) for x in v['to_move'])}")
    seat = v["seat"]
    me = v["players"][seat] if seat is not None and seat < len(v["players"]) else None
    if me is not None and "hand" in me:
        lines.append(f"{'Hand' if de else 'hand'}: {me['hand']}")
    return "\n".join(lines)
