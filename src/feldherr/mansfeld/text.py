"""Words for Ernst von Mansfeld: the catalogue (log lines, terms and an error message per rule id,
in German and English), move phrases and the terminal picture, drawn from a seat's view alone."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from feldherr.core.game import LogEntry, Move
from feldherr.core.i18n import LANGS, render
from feldherr.mansfeld.data import BY_KEY, CARDS

CATALOGUE: dict[str, dict[str, str]] = {
    "reveal": {"en": "Revealed: {card}.", "de": "Aufgedeckt: {card}."},
    "dice": {
        "en": "Dice set (revealed together): {choice}. Order: {seats}.",
        "de": "Gesetzte Würfel (gleichzeitig aufgedeckt): {choice}. Reihenfolge: {seats}.",
    },
    "roll": {"en": "{seat} rolls {dice}.", "de": "{seat} würfelt {dice}."},
    "miss": {
        "en": "{seat} rolls {dice} and can recruit nobody.",
        "de": "{seat} würfelt {dice} und kann niemanden rekrutieren.",
    },
    "pass": {"en": "{seat} recruits nobody.", "de": "{seat} verzichtet."},
    "recruit": {"en": "{seat} recruits {card}.", "de": "{seat} rekrutiert {card}."},
    "recruit.end": {
        "en": "The deck is empty: recruiting ends (left over: {left}).",
        "de": "Der Stapel ist leer: Das Rekrutieren endet (übrig: {left}).",
    },
    "province": {
        "en": "Province {no} is worth {value}. Luck dice: {luck}.",
        "de": "Provinz {no} ist {value} Punkte wert. Kriegsglück: {luck}.",
    },
    "aside": {
        "en": "Nobody fights for province {no}: it is set aside.",
        "de": "Niemand kämpft um Provinz {no}: Sie wird beiseitegelegt.",
    },
    "conquer": {
        "en": "Committed cards: {cards}. {seat} conquers province {no} ({value}).",
        "de": "Eingesetzte Karten: {cards}. {seat} erobert Provinz {no} ({value}).",
    },
    "tie.reroll": {
        "en": "Tie: luck re-rolled {luck}.",
        "de": "Gleichstand: Kriegsglück neu gewürfelt {luck}.",
    },
    "end": {"en": "Game over. Scores: {scores}.", "de": "Spielende. Punkte: {scores}."},
    "player": {"en": "Seat {n}", "de": "Platz {n}"},  # seat numbers as in the API and the CLI
    "phase.dice": {"en": "set your dice", "de": "Würfel festlegen"},
    "phase.recruit": {"en": "recruiting", "de": "Rekrutieren"},
    "phase.commit": {"en": "conquering", "de": "Erobern"},
    "phase.over": {"en": "game over", "de": "Spielende"},
}

ERRORS: dict[str, dict[str, str]] = {
    "mansfeld.end": {"en": "the game is over", "de": "Das Spiel ist vorbei"},
    "mansfeld.turn": {
        "en": "seat {seat} has no decision to make now",
        "de": "Platz {seat} ist gerade nicht am Zug",
    },
    "mansfeld.move": {
        "en": "cannot read the move {move} (expected {wanted})",
        "de": "Der Zug {move} ist nicht lesbar",
    },
    "mansfeld.action": {
        "en": "there is no action {action} (0 to {last})",
        "de": "Eine Aktion {action} gibt es nicht (0 bis {last})",
    },
    "mansfeld.phase.dice": {
        "en": "{kind} does not belong to the dice phase: everyone sets dice now",
        "de": "{kind} passt nicht in diese Phase: Jetzt werden die Würfel festgelegt",
    },
    "mansfeld.phase.recruit": {
        "en": "{kind} does not belong to recruiting: recruit a character or pass",
        "de": "{kind} passt nicht ins Rekrutieren: einen Charakter nehmen oder verzichten",
    },
    "mansfeld.phase.commit": {
        "en": "{kind} does not belong to conquering: commit cards (or none)",
        "de": "{kind} passt nicht ins Erobern: Karten (oder keine) einsetzen",
    },
    "mansfeld.recruit.dice-count": {
        "en": "the own die shows 1 to {max}, not {count}",
        "de": "Der eigene Würfel zeigt 1 bis {max}, nicht {count}",
    },
    "mansfeld.recruit.open-card": {
        "en": "the character {card} does not lie open",
        "de": "Der Charakter {card} liegt nicht offen aus",
    },
    "mansfeld.recruit.exact-sum": {
        "en": "no combination of the dice {dice} makes exactly {cost}, the cost of {card}",
        "de": "Keine Kombination der Würfel {dice} ergibt genau {cost}, die Kosten von {card}",
    },
    "mansfeld.conquer.own-cards": {
        "en": "seat {seat} cannot commit {card}: not in the hand, or named twice",
        "de": "Platz {seat} kann {card} nicht einsetzen: nicht auf der Hand oder doppelt genannt",
    },
}
"""An error message per rule id the game raises (fields: the error's ``details``)."""

MESSAGES: dict[str, dict[str, str]] = {**CATALOGUE, **ERRORS}


def _lang(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r} (known: {', '.join(LANGS)})")
    return lang


def seat_name(seat: int, lang: str) -> str:
    return CATALOGUE["player"][_lang(lang)].format(n=seat)


def card_name(key: str, lang: str) -> str:
    card = BY_KEY.get(key)
    return card.name(lang) if card else key


def _names(keys: list[str], lang: str) -> str:
    return ", ".join(card_name(k, lang) for k in keys) or "—"


def render_log(entry: LogEntry, lang: str = "en") -> str:
    _lang(lang)
    args: dict[str, Any] = dict(entry.get("a", {}))
    if "seat" in args:
        args["seat"] = seat_name(int(args["seat"]), lang)
    if "seats" in args:
        args["seats"] = ", ".join(seat_name(int(s), lang) for s in args["seats"])
    if "card" in args:
        args["card"] = card_name(str(args["card"]), lang)
    if "left" in args:
        args["left"] = _names(list(args["left"]), lang)
    if "cards" in args:
        args["cards"] = "; ".join(
            f"{seat_name(s, lang)}: {_names(list(c), lang)}" for s, c in enumerate(args["cards"])
        )
    for key in ("dice",):
        if key in args:
            args[key] = " ".join(str(d) for d in args[key])
    for key in ("choice", "luck", "scores"):
        if key in args:
            vals = args[key]
            pairs = vals.items() if isinstance(vals, Mapping) else enumerate(vals)
            shown = [f"{seat_name(int(s), lang)} {v}" for s, v in pairs if v or key != "luck"]
            args[key] = ", ".join(shown) or "—"
    return render(CATALOGUE, str(entry["k"]), args, lang)


def describe_move(view: Mapping[str, Any], move: Move, lang: str = "en") -> str:
    """A short phrase for ``move`` (the view is not needed: every fact of a move is printed data)."""
    _lang(lang)
    de = lang == "de"
    kind = move[0]
    if kind == "dice":
        n = move[1]
        return f"{n} Würfel setzen" if de else f"set {n} {'die' if n == 1 else 'dice'}"
    if kind == "recruit":
        card = CARDS[move[1]]
        return (
            f"{card.de} rekrutieren (Kosten {card.cost}, Stärke {card.strength})"
            if de
            else f"recruit {card.en} (cost {card.cost}, strength {card.strength})"
        )
    if kind == "pass":
        return "niemanden nehmen" if de else "take nobody"
    if kind == "commit":
        cards = [CARDS[c] for c in move[1]]
        if not cards:
            return "keine Karte einsetzen" if de else "commit no card"
        strength = sum(c.strength for c in cards)
        names = ", ".join(c.name(lang) for c in cards)
        return f"einsetzen: {names} (Stärke {strength})" if de else f"commit {names} (strength {strength})"
    return repr(move)


def _card_line(key: str, lang: str) -> str:
    c = BY_KEY[key]
    ab = f" [{c.ability}]" if c.ability else ""
    return f"{c.name(lang)} ({c.cost}/{c.strength}{ab})"


def render_view(v: Mapping[str, Any], lang: str = "en") -> str:
    """The text picture of a view (the terminal); it shows only what the view holds."""
    _lang(lang)
    de = lang == "de"
    phase = v["phase"]
    seat = v["seat"]
    lines = [
        "ERNST VON MANSFELD — "
        + CATALOGUE[f"phase.{phase}"][lang]
        + (f" ({'Runde' if de else 'round'} {v['round']})" if phase in ("dice", "recruit") else "")
    ]
    lines.append(("Stapel" if de else "Deck") + f": {v['deck_size']}")
    if phase in ("dice", "recruit"):
        shown = ", ".join(_card_line(k, lang) for k in v["open"]) or "-"
        lines.append(("Offen (Kosten/Stärke)" if de else "Open (cost/strength)") + f": {shown}")
    for p in v["players"]:
        s = p["seat"]
        mark = ">" if s in v["to_move"] else " "
        you = (" *du*" if de else " *you*") if s == seat else ""
        hand = ", ".join(_card_line(k, lang) for k in p["cards"]) or "-"
        extra = ""
        if phase == "dice":
            ch = p["dice"]
            extra = f" | {'Würfel' if de else 'dice'}: " + (
                str(ch) if ch else ("gesetzt" if de else "set") if p["dice_set"] else "…"
            )
        elif phase == "recruit":
            extra = f" | {'Würfel' if de else 'dice'}: {p['dice']}"
        elif phase == "commit":
            extra = f" | {'Glück' if de else 'luck'}: {p['luck']}"
            if p["committed"]:
                extra += " ✓"
        lines.append(f"{mark} {seat_name(s, lang)}{you}: {hand}{extra} | {p['score']}")
    if phase == "recruit":
        mover = v["to_move"][0]
        reach = ", ".join(card_name(k, lang) for k in v["reach"])
        lines.append(
            f"{seat_name(mover, lang)} {'würfelt' if de else 'rolled'} "
            + " ".join(map(str, v["roll"]))
            + f" → {reach}"
        )
    if v["provinces"]:
        prov = []
        for p in v["provinces"]:
            who = "—" if p["owner"] is None else seat_name(p["owner"], lang)
            prov.append(f"{p['no']}:{p['value']} {who}")
        lines.append(("Provinzen" if de else "Provinces") + ": " + "; ".join(prov))
    if phase == "commit" and v["my_commit"] is not None:
        lines.append(("Eingesetzt" if de else "Committed") + ": " + _names(v["my_commit"], lang))
    if phase == "over" and v["winners"] is not None:
        lines.append(
            ("Sieger" if de else "Winners") + ": " + ", ".join(seat_name(s, lang) for s in v["winners"])
        )
    return "\n".join(lines)
