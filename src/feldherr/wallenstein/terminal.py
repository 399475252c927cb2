"""A readable text picture of one seat's view, for play in the terminal."""

from __future__ import annotations

from typing import Any

from feldherr.core.i18n import term
from feldherr.wallenstein.data import ACTIONS, BUILDINGS, COUNTIES, FAVOR_COSTS, REGIONS, SITES
from feldherr.wallenstein.moves import SLOT_NAMES
from feldherr.wallenstein.state import WallensteinState
from feldherr.wallenstein.text import CATALOGUE, cubes_text, event_text, favor_text, seat_name, tile_text

_BUILDING_LETTER = {"en": ("P", "C", "T"), "de": ("P", "K", "H")}


def render_text(st: WallensteinState, seat: int | None, lang: str = "en") -> str:
    de = lang == "de"
    view = st.view(seat)
    lines: list[str] = []
    season = term(CATALOGUE, view["season"], lang)
    lines.append(f"== Wallenstein — {season}, {'Jahr' if de else 'year'} {st.year} — {view['phase']} ==")
    for info in view["player_info"]:
        s = info["seat"]
        you = (" (du)" if de else " (you)") if s == seat else ""
        pos = info["position"]
        tile = tile_text(st.bonus[pos - 1], lang) if pos else "–"
        lines.append(
            f"  {seat_name(s, lang):7}{you:6} {info['thaler']:3} Taler  "
            f"{'Getreide' if de else 'grain'} {info['grain']:2}  {'SP' if de else 'VP'} {info['vp']:3}  "
            f"{'Vorrat' if de else 'supply'} {info['supply']:2}  "
            f"{'Platz' if de else 'position'} {pos or '–'} ({tile})"
        )
    if st.open_events or st.event >= 0:
        shown = [event_text(e, lang) for e in st.open_events]
        lines.append(("Offene Ereignisse: " if de else "Open events: ") + "; ".join(shown))
    if st.event >= 0:
        lines.append(
            ("Ereignis dieser Runde: " if de else "This round's event: ") + event_text(st.event, lang)
        )
    if st.actions and st.season < 3:
        executing = st.phase in ("move", "execute")
        acts = [
            f"{i + 1}.{term(CATALOGUE, ACTIONS[a], lang)}{' <' if executing and i == st.action_index else ''}"
            for i, a in enumerate(st.actions[: st.revealed_actions])
        ]
        hidden = len(st.actions) - st.revealed_actions
        lines.append(
            ("Aktionen: " if de else "Actions: ") + ", ".join(acts) + (f", +{hidden} ?" if hidden else "")
        )
        lines.append(
            ("Vorteile: " if de else "Bonus tiles: ")
            + ", ".join(f"{i + 1}:{tile_text(b, lang)}" for i, b in enumerate(st.bonus))
        )
    lines.append(
        ("Turm innen: " if de else "Tower inside: ")
        + cubes_text(view["tower"]["inside"], lang)
        + (" | Schale: " if de else " | tray: ")
        + cubes_text(view["tower"]["tray"], lang)
    )
    lines.extend(_module_lines(st, view, lang))
    letters = _BUILDING_LETTER.get(lang, _BUILDING_LETTER["en"])
    for r, region in enumerate(REGIONS):
        lines.append(f"-- {region}")
        for county in COUNTIES:
            if county.region != r or not st.active[county.id]:
                continue
            c = county.id
            owner = seat_name(st.owner[c], lang) if st.owner[c] >= 0 else "–"
            blds = "".join(letters[b] if st.buildings[c] >> b & 1 else "." for b in range(len(BUILDINGS)))
            unrest = f" {'Unruhe' if de else 'unrest'} {st.unrest[c]}" if st.unrest[c] else ""
            unrest += _county_marks(st, c, lang)
            tax, grain = ("Steuer", "Getreide") if de else ("tax", "grain")
            lines.append(
                f"   {county.name:18} {owner:7} {st.armies[c]:3}  [{blds[: SITES[c]]:3}]  "
                f"{tax} {county.tax} {grain} {county.grain}{unrest}"
            )
    if st.phase == "draft":
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
        me = view["player_info"][seat]
        if "hand" in me:
            lines.append(("Deine Länderkarten: " if de else "Your county cards: ") + ", ".join(me["hand"]))
        if me["plan"]:
            shown = [
                f"{term(CATALOGUE, name, lang)}={me['plan'][name]}"
                for name in SLOT_NAMES
                if name in me["plan"]
            ]
            lines.append(("Dein Plan: " if de else "Your plan: ") + "; ".join(shown))
    if st.phase == "over":
        lines.append(("Spielende. " if de else "Game over. ") + str(st.outcome().to_json()))
    return "\n".join(lines)


def _county_marks(st: WallensteinState, c: int, lang: str) -> str:
    """Leaders and statues in a county (Heerführer)."""
    if not st.leaders:
        return ""
    de = lang == "de"
    marks = [
        ("Heerführer " if de else "leader ") + seat_name(s, lang)
        for s in range(st.num_players)
        if st.leader[s] == c
    ]
    marks += [
        f"{'Denkmal' if de else 'statue'} {seat_name(s, lang)}" + (f" x{row[c]}" if row[c] > 1 else "")
        for s, row in enumerate(st.statues)
        if row[c]
    ]
    return ("  [" + ", ".join(marks) + "]") if marks else ""


def _module_lines(st: WallensteinState, view: dict[str, Any], lang: str) -> list[str]:
    de = lang == "de"
    lines: list[str] = []
    if "court" in view:
        court = view["court"]
        shown = [
            f"{FAVOR_COSTS[i]}: {favor_text(f, lang)}" if f >= 0 else f"{FAVOR_COSTS[i]}: –"
            for i, f in enumerate(st.favors)
        ]
        lines.append(
            ("Kaiserhof, Gunstkarten: " if de else "Emperor's Court, favor cards: ")
            + ("; ".join(shown) or "–")
            + f"  ({'Stapel' if de else 'deck'} {court['favor_deck_size']})"
        )
        for s in range(st.num_players):
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
        for s in range(st.num_players):
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
