"""Words for Ernst von Mansfeld: the catalogue (log lines, terms and an error message per rule id,
in German and English), move phrases and the terminal picture, drawn from a seat's view alone."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any

from feldherr.core.game import LogEntry, Move
from feldherr.core.i18n import LANGS, format_text, render, seat_label, term
from feldherr.mansfeld.data import BY_KEY, CARDS
from feldherr.mansfeld.moves import Commit, Dice, Pass, Recruit, typed


def _load_locale() -> dict[str, dict[str, dict[str, str]]]:
    raw = resources.files("feldherr.mansfeld").joinpath("data/locale.json").read_text("utf-8")
    data: dict[str, dict[str, dict[str, str]]] = json.loads(raw)
    return data


_LOCALE = _load_locale()
CARD_TERMS: dict[str, dict[str, str]] = {f"card.{c.key}": {"en": c.en, "de": c.de} for c in CARDS}
"""The characters' names as terms (``card.<key>``), from the one data file that prints the cards."""
CATALOGUE: dict[str, dict[str, str]] = {**_LOCALE["log"], **CARD_TERMS}
"""Log lines and terms (``data/locale.json``) and the characters' names."""
ERRORS: dict[str, dict[str, str]] = _LOCALE["errors"]
"""An error message per rule id the game raises (fields: the error's ``details``)."""
MESSAGES: dict[str, dict[str, str]] = {**CATALOGUE, **ERRORS}


def _lang(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r} (known: {', '.join(LANGS)})")
    return lang


COLOURS = ("colour.0", "colour.1", "colour.2", "colour.3")
"""The seats' colours, as the browser's boards draw them (seat 0 red, 1 blue, 2 yellow, 3 green)."""


def _t(key: str, lang: str, **values: Any) -> str:
    return format_text(MESSAGES, term(MESSAGES, key, lang), values, lang)


def colour_names(lang: str) -> list[str]:
    return [CATALOGUE[c][_lang(lang)] for c in COLOURS]


def seat_name(seat: int, lang: str, names: Sequence[str] | None = None) -> str:
    """A seat by its player's name (``names``) or, without one, its colour."""
    return seat_label(seat, names, colour_names(lang))


def card_name(key: str, lang: str) -> str:
    card = BY_KEY.get(key)
    return card.name(lang) if card else _t("this_character", lang)


def _names(keys: list[str], lang: str) -> str:
    return ", ".join(card_name(k, lang) for k in keys) or "—"


def _per_seat(values: Any, lang: str, names: Sequence[str] | None, item: str, skip_zero: bool = False) -> str:
    pairs = values.items() if isinstance(values, Mapping) else enumerate(values)
    shown = [_t(item, lang, seat=seat_name(int(s), lang, names), n=v) for s, v in pairs if v or not skip_zero]
    return ", ".join(shown) or "—"


def render_log(entry: LogEntry, lang: str = "en", names: Sequence[str] | None = None) -> str:
    _lang(lang)
    key = str(entry["k"])
    args: dict[str, Any] = dict(entry.get("a", {}))
    if "seat" in args:
        args["seat"] = seat_name(int(args["seat"]), lang, names)
    if "seats" in args:
        args["seats"] = ", ".join(seat_name(int(s), lang, names) for s in args["seats"])
    if "card" in args:
        args["card"] = card_name(str(args["card"]), lang)
    if "left" in args:
        args["left"] = _names(list(args["left"]), lang) if args["left"] else _t("none", lang)
    if "cards" in args:
        args["cards"] = "; ".join(
            _t(
                "item.cards",
                lang,
                seat=seat_name(s, lang, names),
                cards=_names(list(c), lang) if c else _t("none", lang),
            )
            for s, c in enumerate(args["cards"])
        )
    if "dice" in args:
        args["dice"] = " ".join(str(d) for d in args["dice"])
    if "choice" in args:
        args["choice"] = _per_seat(args["choice"], lang, names, "item.dice")
    if key == "province" and not any(args.get("luck") or ()):
        key = "province.unfought"  # nobody holds a card: no luck dice ("Luck dice: —."); "aside" follows
    if "luck" in args:
        args["luck"] = _per_seat(args["luck"], lang, names, "item.value", skip_zero=True)
    if "scores" in args:
        args["scores"] = _per_seat(args["scores"], lang, names, "item.points")
    return render(CATALOGUE, key, args, lang, translate_args=False)


def log_table(entry: LogEntry, lang: str = "en", names: Sequence[str] | None = None) -> dict[str, Any] | None:
    """The final scoring as a table: each player's points."""
    _lang(lang)
    if entry.get("k") != "end":
        return None
    scores = entry.get("a", {}).get("scores") or []
    pairs = scores.items() if isinstance(scores, Mapping) else enumerate(scores)
    return {
        "columns": [_t("player", lang), _t("points", lang)],
        "rows": [[seat_name(int(s), lang, names), v] for s, v in pairs],
    }


def error_details(details: Mapping[str, Any], lang: str, names: Sequence[str] | None) -> dict[str, Any]:
    """An error's details as a player reads them: the seat by name or colour, the card by name."""
    out = dict(details)
    if type(out.get("seat")) is int:
        out["seat"] = seat_name(out["seat"], lang, names)
    if "card" in out:
        out["card"] = card_name(str(out["card"]), lang)
    # a refused position (feldherr.mansfeld.position): its phase, what it lacks, where a card lies
    if isinstance(out.get("phase"), str) and f"phase.{out['phase']}" in CATALOGUE:
        out["phase"] = _t(f"phase.{out['phase']}", lang)
    if isinstance(out.get("need"), str) and f"need.{out['need']}" in CATALOGUE:
        out["need"] = _t(f"need.{out['need']}", lang)
    for key in ("first", "second"):
        if isinstance(out.get(key), str):
            out[key] = place_words(out[key], lang)
    return out


def place_words(path: str, lang: str) -> str:
    """Where a card lies in a position, as the position names it (``open``, ``left``,
    ``hidden.deck``, ``players.<name>.cards`` / ``.used``), in words."""
    simple = {"open": "place.open", "left": "place.left", "hidden.deck": "place.deck"}.get(path)
    if simple is not None:
        return _t(simple, lang)
    for field in ("cards", "used"):
        if path.startswith("players.") and path.endswith(f".{field}"):
            return _t(f"place.{field}", lang, player=path[len("players.") : -len(field) - 1])
    return path


def describe_move(
    view: Mapping[str, Any], move: Move, lang: str = "en", names: Sequence[str] | None = None
) -> str:
    """A short phrase for ``move`` (the view is not needed: every fact of a move is printed data)."""
    _lang(lang)
    move = typed(move)
    if isinstance(move, Dice):
        return _t("mv.dice", lang, n=move.number)
    if isinstance(move, Recruit):
        card = CARDS[move.card]
        return _t("mv.recruit", lang, card=card.name(lang), cost=card.cost, strength=card.strength)
    if isinstance(move, Pass):
        return _t("mv.pass", lang)
    if isinstance(move, Commit):
        cards = [CARDS[c] for c in move.cards]
        if not cards:
            return _t("mv.commit.none", lang)
        strength = sum(c.strength for c in cards)
        return _t("mv.commit", lang, cards=", ".join(c.name(lang) for c in cards), strength=strength)
    return _t("mansfeld.move", lang)


def move_steps(
    view: Mapping[str, Any], move: Move, lang: str = "en", names: Sequence[str] | None = None
) -> list[str | list[str]]:
    """How a person builds ``move``: a commitment is one set of the characters committed (toggled
    on and off, then confirmed: up to 2^13 moves, at most 13 toggles), each by its name and
    strength, what the choice turns on (on a phone the cards' table lies a screen below); every
    other move is one step, its phrase (at most 9 choices)."""
    _lang(lang)
    move = typed(move)
    if isinstance(move, Commit):
        cards = [CARDS[c] for c in move.cards]
        return [[_t("step.commit.card", lang, card=c.name(lang), strength=c.strength) for c in cards]]
    return [describe_move(view, move, lang, names)]


def ability_text(ability: str | None, lang: str) -> str | None:
    """The rules' text of an ability (``ability.<id>`` in the catalogue), or None for none."""
    return CATALOGUE[f"ability.{ability}"][_lang(lang)] if ability else None


def _card_line(key: str, lang: str) -> str:
    c = BY_KEY[key]
    ab = f" — {ability_text(c.ability, lang)}" if c.ability else ""
    return f"{c.name(lang)} ({c.cost}/{c.strength}{ab})"


def render_view(v: Mapping[str, Any], lang: str = "en", names: Sequence[str] | None = None) -> str:
    """The text picture of a view (the terminal); it shows only what the view holds, in the
    catalogue's words (``view.*``); players by name (``names``: as a position names them) or else
    by colour."""
    _lang(lang)
    phase = v["phase"]
    seat = v["seat"]
    title = "ERNST VON MANSFELD — " + CATALOGUE[f"phase.{phase}"][lang]
    if phase in ("dice", "recruit"):
        title += f" ({_t('view.round', lang, n=v['round'])})"
    lines = [title, _t("view.deck", lang, n=v["deck_size"])]
    if phase in ("dice", "recruit"):
        shown = ", ".join(_card_line(k, lang) for k in v["open"]) or "-"
        lines.append(_t("view.open", lang, cards=shown))
    for p in v["players"]:
        s = p["seat"]
        mark = ">" if s in v["to_move"] else " "
        you = f" *{_t('view.you', lang)}*" if s == seat else ""
        hand = ", ".join(_card_line(k, lang) for k in p["cards"]) or "-"
        extra = ""
        if phase == "dice":
            ch = p["dice"]
            number = str(ch) if ch else _t("view.dice_set", lang) if p["dice_set"] else "…"
            extra = " | " + _t("view.dice", lang, n=number)
        elif phase == "recruit":
            extra = " | " + _t("view.dice", lang, n=p["dice"])
        elif phase == "commit":
            extra = " | " + _t("view.luck", lang, n=p["luck"])
            if p["committed"]:
                extra += " ✓"
        lines.append(f"{mark} {seat_name(s, lang, names)}{you}: {hand}{extra} | {p['score']}")
    if phase == "recruit":
        mover = v["to_move"][0]
        reach = ", ".join(card_name(k, lang) for k in v["reach"])
        dice = " ".join(map(str, v["roll"]))
        lines.append(_t("view.rolled", lang, seat=seat_name(mover, lang, names), dice=dice, cards=reach))
    if v["provinces"]:
        prov = []
        for p in v["provinces"]:
            who = "—" if p["owner"] is None else seat_name(p["owner"], lang, names)
            prov.append(f"{p['no']}:{p['value']} {who}")
        lines.append(_t("view.provinces", lang, provinces="; ".join(prov)))
    if phase == "commit" and v["my_commit"] is not None:
        lines.append(_t("view.committed", lang, cards=_names(v["my_commit"], lang)))
    if phase == "over" and v["winners"] is not None:
        winners = ", ".join(seat_name(s, lang, names) for s in v["winners"])
        lines.append(_t("view.winners", lang, seats=winners))
    return "\n".join(lines)
