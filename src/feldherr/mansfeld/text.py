"""Words for Ernst von Mansfeld: the log catalogue (de/en), move phrases and the terminal picture."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from feldherr.core.game import LogEntry, Move
from feldherr.core.i18n import LANGS, render
from feldherr.mansfeld.cards import BY_KEY, CARDS
from feldherr.mansfeld.state import COMMIT, DICE, OVER, RECRUIT, MansfeldState

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


def describe_move(state: MansfeldState, seat: int, move: Move, lang: str = "en") -> str:
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


def _card_line(cid: int, lang: str) -> str:
    c = CARDS[cid]
    ab = f" [{c.ability}]" if c.ability else ""
    return f"{c.name(lang)} ({c.cost}/{c.strength}{ab})"


def render_text(state: MansfeldState, seat: int | None, lang: str = "en") -> str:
    """Text picture of what ``seat`` sees; only facts from ``state.view(seat)`` are shown."""
    _lang(lang)
    de = lang == "de"
    v = state.view(seat)
    phase = state.phase
    lines = [
        "ERNST VON MANSFELD — "
        + CATALOGUE[f"phase.{v['phase']}"][lang]
        + (f" ({'Runde' if de else 'round'} {v['round']})" if phase in (DICE, RECRUIT) else "")
    ]
    lines.append(("Stapel" if de else "Deck") + f": {v['deck_size']}")
    if phase in (DICE, RECRUIT):
        shown = ", ".join(_card_line(BY_KEY[k].id, lang) for k in v["open"]) or "-"
        lines.append(("Offen (Kosten/Stärke)" if de else "Open (cost/strength)") + f": {shown}")
    for s in range(state.num_players):
        mark = ">" if s in v["to_move"] else " "
        you = (" *du*" if de else " *you*") if s == seat else ""
        hand = ", ".join(_card_line(BY_KEY[k].id, lang) for k in v["cards"][s]) or "-"
        extra = ""
        if phase == DICE:
            ch = v["choice"][s]
            extra = f" | {'Würfel' if de else 'dice'}: " + (
                str(ch) if ch else ("gesetzt" if de else "set") if v["dice_set"][s] else "…"
            )
        elif phase == RECRUIT:
            extra = f" | {'Würfel' if de else 'dice'}: {v['choice'][s]}"
        elif phase == COMMIT:
            extra = f" | {'Glück' if de else 'luck'}: {v['luck'][s]}"
            if v["committed"][s]:
                extra += " ✓"
        lines.append(f"{mark} {seat_name(s, lang)}{you}: {hand}{extra} | {v['scores'][s]}")
    if phase == RECRUIT:
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
    if phase == COMMIT and v["my_commit"] is not None:
        lines.append(("Eingesetzt" if de else "Committed") + ": " + _names(v["my_commit"], lang))
    if phase == OVER:
        out = state.outcome()
        lines.append(
            ("Sieger" if de else "Winners") + ": " + ", ".join(seat_name(s, lang) for s in out.winners)
        )
    for entry in state.visible_log(seat)[-6:]:
        lines.append("  · " + render_log(entry, lang))
    return "\n".join(lines)
