"""A readable text picture of one seat's view, for play in the terminal: drawn from the view alone
(which proves the view holds everything a player needs)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from feldherr.core.i18n import term
from feldherr.wallenstein.codec import SLOT_NAMES
from feldherr.wallenstein.data import BONUS_TILES, BUILDINGS, COUNTIES, EVENTS, REGIONS, SITES
from feldherr.wallenstein.text import CATALOGUE, cubes_text, event_text, favor_text, seat_name, tile_text

_EVENT_INDEX = {e.id: i for i, e in enumerate(EVENTS)}
_TILE_INDEX = {t: i for i, t in enumerate(BONUS_TILES)}

_BUILDING_LETTER = {"en": ("P", "C", "T"), "de": ("P", "K", "H")}


def render_view(view: Mapping[str, Any], lang: str = "en") -> str:
    de = lang == "de"
    seat = view["seat"]
    lines: list[str] = []
    season = term(CATALOGUE, view["season"], lang)
    lines.append(f"== Wallenstein — {season}, {'Jahr' if de else 'year'} {view['year']} — {view['phase']} ==")
    tiles = view["bonus_tiles"]
    for info in view["players"]:
        s = info["seat"]
        you = (" (du)" if de else " (you)") if s == seat else ""
        pos = info["position"]
        tile = tile_text(_TILE_INDEX[tiles[pos - 1]], lang) if pos and pos <= len(tiles) else "–"
        lines.append(
            f"  {seat_name(s, lang):7}{you:6} {info['thaler']:3} Taler  "
            f"{'Getreide' if de else 'grain'} {info['grain']:2}  {'SP' if de else 'VP'} {info['vp']:3}  "
            f"{'Vorrat' if de else 'supply'} {info['supply']:2}  "
            f"{'Platz' if de else 'position'} {pos or '–'} ({tile})"
        )
    event = view["event"]
    if view["open_events"] or event is not None:
        shown = [event_text(_EVENT_INDEX[e], lang) for e in view["open_events"]]
        lines.append(("Offene Ereignisse: " if de else "Open events: ") + "; ".join(shown))
    if event is not None:
        lines.append(
            ("Ereignis dieser Runde: " if de else "This round's event: ")
            + event_text(_EVENT_INDEX[event], lang)
        )
    if view["actions"] and view["season"] != "winter":
        current = view["current_action"]
        acts = [
            f"{i + 1}.{term(CATALOGUE, a, lang)}{' <' if i == current else ''}"
            for i, a in enumerate(view["actions"])
        ]
        hidden = view["actions_hidden"]
        lines.append(
            ("Aktionen: " if de else "Actions: ") + ", ".join(acts) + (f", +{hidden} ?" if hidden else "")
        )
        lines.append(
            ("Vorteile: " if de else "Bonus tiles: ")
            + ", ".join(f"{i + 1}:{term(CATALOGUE, b, lang)}" for i, b in enumerate(tiles))
        )
    lines.append(
        ("Turm innen: " if de else "Tower inside: ")
        + cubes_text(view["tower"]["inside"], lang)
        + (" | Schale: " if de else " | tray: ")
        + cubes_text(view["tower"]["tray"], lang)
    )
    lines.extend(_module_lines(view, lang))
    letters = _BUILDING_LETTER.get(lang, _BUILDING_LETTER["en"])
    for r, region in enumerate(REGIONS):
        lines.append(f"-- {region}")
        for county in COUNTIES:
            here = view["counties"].get(county.name)
            if county.region != r or here is None:
                continue
            c = county.id
            owner = seat_name(here["owner"], lang) if here["owner"] >= 0 else "–"
            built = here["buildings"]
            blds = "".join(letters[b] if name in built else "." for b, name in enumerate(BUILDINGS))
            markers = here["revolt_markers"]
            unrest = f" {'Unruhe' if de else 'unrest'} {markers}" if markers else ""
            unrest += _county_marks(view, county.name, lang)
            tax, grain = ("Steuer", "Getreide") if de else ("tax", "grain")
            lines.append(
                f"   {county.name:18} {owner:7} {here['armies']:3}  [{blds[: SITES[c]]:3}]  "
                f"{tax} {county.tax} {grain} {county.grain}{unrest}"
            )
    if "draft" in view:
        draft = view["draft"]
        lines.append(
            ("Offene Länderkarten: " if de else "Face-up county cards: ")
            + ", ".join(f"{i}:{name}" for i, name in enumerate(draft["faceup"]))
            + f"  ({'Stapel' if de else 'deck'}: {draft['deck_size']})"
        )
        if seat is not None:
            lines.append(
                ("Deine Armeegruppen: " if de else "Your army groups: ") + str(draft["groups"][seat])
            )
    if seat is not None:
        me = view["players"][seat]
        if "hand" in me:
            lines.append(("Deine Länderkarten: " if de else "Your county cards: ") + ", ".join(me["hand"]))
        if me["plan"]:
            shown = [
                f"{term(CATALOGUE, name, lang)}={me['plan'][name]}"
                for name in SLOT_NAMES
                if name in me["plan"]
            ]
            lines.append(("Dein Plan: " if de else "Your plan: ") + "; ".join(shown))
    if view["phase"] == "over":
        scores = ", ".join(f"{seat_name(p['seat'], lang)} {p['vp']}" for p in view["players"])
        lines.append(("Spielende. " if de else "Game over. ") + scores)
    return "\n".join(lines)


def _county_marks(view: Mapping[str, Any], name: str, lang: str) -> str:
    """Leaders and statues in a county (Heerführer)."""
    leaders = view.get("leaders")
    if leaders is None:
        return ""
    de = lang == "de"
    marks = [
        ("Heerführer " if de else "leader ") + seat_name(s, lang)
        for s, where in enumerate(leaders["leader"])
        if where == name
    ]
    marks += [
        f"{'Denkmal' if de else 'statue'} {seat_name(s, lang)}" + (f" x{row[name]}" if row[name] > 1 else "")
        for s, row in enumerate(leaders["statues"])
        if row.get(name)
    ]
    return ("  [" + ", ".join(marks) + "]") if marks else ""


def _module_lines(view: Mapping[str, Any], lang: str) -> list[str]:
    de = lang == "de"
    lines: list[str] = []
    if "court" in view:
        court = view["court"]
        shown = [
            f"{space['courtiers']}: {favor_text(space['card'] - 1, lang)}"
            if space["card"] is not None
            else f"{space['courtiers']}: –"
            for space in court["favors"]
        ]
        lines.append(
            ("Kaiserhof, Gunstkarten: " if de else "Emperor's Court, favor cards: ")
            + ("; ".join(shown) or "–")
            + f"  ({'Stapel' if de else 'deck'} {court['favor_deck_size']})"
        )
        for s in range(len(view["players"])):
            extra = []
            if court["shield"][s]:
                extra.append(("geschützt vor " if de else "safe from ") + "+".join(court["shield"][s]))
            if court["parry"][s]:
                extra.append("#4")
            lines.append(
                f"   {seat_name(s, lang):7} {'Höflinge' if de else 'courtiers'}: "
                f"{'Vorrat' if de else 'supply'} {court['courtier_supply'][s]}, "
                f"{'Empfangshalle' if de else 'entrance hall'} {court['entrance_hall'][s]}, "
                f"{'Audienzsaal' if de else 'audience hall'} {court['audience_hall'][s]}"
                + (f"  ({'; '.join(extra)})" if extra else "")
            )
    if "leaders" in view:
        info = view["leaders"]
        parts = []
        for s in range(len(view["players"])):
            where = info["leader"][s] or "–"
            trophies = sum(info["trophies"][s])
            parts.append(
                f"{seat_name(s, lang)}: {where} ({'Denkmäler' if de else 'statues'} "
                f"{sum(info['statues'][s].values())} {'im Plan' if de else 'on the board'}, "
                f"{info['statue_supply'][s]} {'im Vorrat' if de else 'in supply'}, "
                f"{'Trophäen' if de else 'trophies'} {trophies})"
            )
        lines.append(("Heerführer: " if de else "Military leaders: ") + "; ".join(parts))
    if "landsknechte" in view:
        tops = view["landsknechte"]["top_card"]
        lines.append(
            ("Landsknechte, oberste Karte: " if de else "Landsknechte, top card: ")
            + ", ".join(f"{seat_name(s, lang)} {t}" for s, t in enumerate(tops))
        )
    return lines
