"""A readable text picture of one seat's view, for play in the terminal: drawn from the view alone
(which proves the view holds everything a player needs). Its words come from the catalogue
(:mod:`feldherr.wallenstein.text`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from feldherr.core.i18n import render, term
from feldherr.wallenstein.codec import SLOT_NAMES
from feldherr.wallenstein.data import BUILDINGS, COUNTIES, REGIONS, SITES
from feldherr.wallenstein.text import (
    CATALOGUE,
    cubes_text,
    event_name,
    favor_name,
    listing,
    lsk_benefits,
    plan_value_text,
    seat_name,
)


def _t(key: str, lang: str) -> str:
    return term(CATALOGUE, key, lang)


def _r(key: str, lang: str, **args: Any) -> str:
    return render(CATALOGUE, key, args, lang, translate_args=False)


def render_view(view: Mapping[str, Any], lang: str = "en") -> str:
    seat = view["seat"]
    lines: list[str] = []
    phase = _t("phase." + view["phase"], lang)
    lines.append(
        f"== {_r('tv.title', lang, season=_t(view['season'], lang), year=view['year'], phase=phase)} =="
    )
    tiles = view["bonus_tiles"]
    for info in view["players"]:
        s = info["seat"]
        you = f" {_t('tv.you', lang)}" if s == seat else ""
        pos = info["position"]
        tile = _t(tiles[pos - 1], lang) if pos and pos <= len(tiles) else "–"
        stats = _r(
            "tv.player",
            lang,
            thaler=info["thaler"],
            grain=info["grain"],
            vp=info["vp"],
            supply=info["supply"],
            pos=pos or "–",
            tile=tile,
        )
        lines.append(f"  {seat_name(s, lang)}{you}: {stats}")
    event = view["event"]
    if view["open_events"]:
        shown = [event_name(e, lang) for e in view["open_events"]]
        lines.append(_r("tv.open-events", lang, events="; ".join(shown)))
    if event is not None:
        lines.append(_r("tv.event", lang, event=event_name(event, lang)))
    if view["actions"] and view["season"] != "winter":
        current = view["current_action"]
        acts = [
            f"{i + 1}. {_t(a, lang)}{' ' + _t('tv.current', lang) if i == current else ''}"
            for i, a in enumerate(view["actions"])
        ]
        hidden = view["actions_hidden"]
        if hidden:
            acts.append(_r("tv.hidden", lang, n=hidden))
        lines.append(_r("tv.actions", lang, actions=", ".join(acts)))
        lines.append(
            _r("tv.bonus", lang, tiles=", ".join(f"{i + 1}: {_t(b, lang)}" for i, b in enumerate(tiles)))
        )
    lines.append(
        _r(
            "tv.tower",
            lang,
            inside=cubes_text(view["tower"]["inside"], lang),
            tray=cubes_text(view["tower"]["tray"], lang),
        )
    )
    lines.extend(_module_lines(view, lang))
    for r, region in enumerate(REGIONS):
        lines.append(f"-- {region}")
        for county in COUNTIES:
            here = view["counties"].get(county.name)
            if county.region != r or here is None:
                continue
            owner = seat_name(here["owner"], lang) if here["owner"] >= 0 else _t("mv.neutral", lang)
            built = [_t("b." + name, lang) for name in BUILDINGS if name in here["buildings"]]
            buildings = f"{len(built)}/{SITES[county.id]}" + (f" ({listing(built, lang)})" if built else "")
            text = _r(
                "tv.county",
                lang,
                owner=owner,
                armies=here["armies"],
                buildings=buildings,
                tax=county.tax,
                grain=county.grain,
            )
            marks = []
            if here["revolt_markers"]:
                marks.append(_r("tv.unrest", lang, n=here["revolt_markers"]))
            marks.extend(_county_marks(view, county.name, lang))
            lines.append(f"   {county.name}: {text}" + (f"; {'; '.join(marks)}" if marks else ""))
    if "draft" in view:
        draft = view["draft"]
        lines.append(_r("tv.faceup", lang, cards=listing(draft["faceup"], lang), n=draft["deck_size"]))
        if seat is not None:
            groups = listing([_r("mv.armies", lang, armies=g) for g in draft["groups"][seat]], lang)
            lines.append(_r("tv.groups", lang, groups=groups))
    if seat is not None:
        me = view["players"][seat]
        if "hand" in me:
            lines.append(_r("tv.hand", lang, cards=listing(me["hand"], lang)))
        if me["plan"]:
            shown = [
                f"{_t(name, lang)}: {plan_value_text(me['plan'][name], lang)}"
                for name in SLOT_NAMES
                if name in me["plan"]
            ]
            lines.append(_r("tv.plan", lang, plan="; ".join(shown)))
    if view["phase"] == "over":
        scores = ", ".join(
            _r("score.item", lang, p=seat_name(p["seat"], lang), vp=p["vp"]) for p in view["players"]
        )
        lines.append(_r("tv.over", lang, scores=scores))
    return "\n".join(lines)


def _county_marks(view: Mapping[str, Any], name: str, lang: str) -> list[str]:
    """Leaders and statues in a county (Heerführer)."""
    leaders = view.get("leaders")
    if leaders is None:
        return []
    marks = [
        _r("tv.leader-here", lang, p=seat_name(s, lang))
        for s, where in enumerate(leaders["leader"])
        if where == name
    ]
    marks += [
        _r("tv.statues-here", lang, n=row[name], p=seat_name(s, lang))
        for s, row in enumerate(leaders["statues"])
        if row.get(name)
    ]
    return marks


def _module_lines(view: Mapping[str, Any], lang: str) -> list[str]:
    lines: list[str] = []
    if "court" in view:
        court = view["court"]
        shown = [
            _r(
                "tv.favor-space",
                lang,
                cost=space["courtiers"],
                favor=favor_name(space["card"], lang) if space["card"] is not None else "–",
            )
            for space in court["favors"]
        ]
        lines.append(_r("tv.court", lang, favors="; ".join(shown) or "–", n=court["favor_deck_size"]))
        for s in range(len(view["players"])):
            extra = []
            if court["shield"][s]:
                actions = listing([_t(a, lang) for a in court["shield"][s]], lang)
                extra.append(_r("tv.safe", lang, actions=actions))
            if court["parry"][s]:
                extra.append(_t("parry", lang))
            text = _r(
                "tv.courtiers",
                lang,
                p=seat_name(s, lang),
                supply=court["courtier_supply"][s],
                hall=court["entrance_hall"][s],
                audience=court["audience_hall"][s],
            )
            lines.append("   " + text + (f" ({'; '.join(extra)})" if extra else ""))
    if "leaders" in view:
        info = view["leaders"]
        lines.append(_t("leaders", lang) + ":")
        for s in range(len(view["players"])):
            lines.append(
                "   "
                + _r(
                    "tv.leaders",
                    lang,
                    p=seat_name(s, lang),
                    where=_r("tv.in", lang, county=info["leader"][s])
                    if info["leader"][s]
                    else _t("tv.off-board", lang),
                    statues=sum(info["statues"][s].values()),
                    supply=info["statue_supply"][s],
                    trophies=sum(info["trophies"][s]),
                )
            )
    if "landsknechte" in view:
        for s, top in enumerate(view["landsknechte"]["top_card"]):
            lines.append("   " + _r("tv.lsk", lang, p=seat_name(s, lang), benefits=lsk_benefits(top, lang)))
    return lines
