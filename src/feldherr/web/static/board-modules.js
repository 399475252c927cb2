// The Wallenstein modules' boards drawn like the printed pieces, not as tables: the Emperor's Court
// (the audience hall with its three favor spaces for 4, 3 and 2 courtiers and the favor cards on
// them, the entrance hall with each colour's courtiers), each player's Landsknechte deck (the four
// cards in order, the top one face up) and the Military Leaders (each leader's county, the statues
// left on the board, the trophies taken). Every card shows its printed text, also on hover and tap
// (tip.js: data-tip). The numbers printed on the boards come from modules.json.
import { colour, h } from "./dom.js";
import { wb } from "./words-boards.js";

const pips = (n, seat, cls = "courtier") => Array.from({ length: n }, () => h("span", { class: `pip ${cls}`, style: `--seat:${colour(seat)}`, "aria-hidden": "true" }));

// view: the seat's view; kit: {term, name, words, players, modules}.
export function moduleBoards(view, ctx, kit) {
  const n = kit.players.length;
  const word = (key, fallback) => (kit.words[key] ? kit.term(key) : fallback);
  return [
    view.court ? module("court", word("court", wb("court")), courtBoard(view.court, ctx, kit, n)) : null,
    view.landsknechte ? module("landsknechte", word("landsknechte", wb("landsknechte")), lskBoard(view.landsknechte, ctx, kit)) : null,
    view.leaders ? module("leaders", word("leaders", wb("leaders")), leadersBoard(view.leaders, ctx, kit)) : null,
  ];
}

function module(key, title, body) {
  return h("details", { class: "module", id: `module-${key}`, open: true }, h("summary", {}, title), body);
}

const seatTag = (ctx, kit, seat) => h("span", { class: "seat-tag", style: `--seat:${colour(seat)}` }, h("span", { class: "dot" }), kit.name(ctx, seat));

function courtBoard(court, ctx, kit, n) {
  const seats = Array.from({ length: n }, (_, i) => i);
  const spaces = kit.modules?.court?.favor_spaces || [4, 3, 2];
  const favors = court.favors || [];
  const favorCard = (card) => {
    const text = card !== null && card !== undefined && kit.words[`favor.${card}`] ? kit.term(`favor.${card}`) : null;
    return text ? h("span", { class: "mcard favor", tabindex: 0, "data-tip": text, "data-tip-title": wb("favorCard") },
      h("span", { class: "mtitle" }, wb("favorCard")), h("span", { class: "mtext" }, text))
      : h("span", { class: "mcard favor none" }, wb("favorEmpty"));
  };
  return h("div", { class: "mboard court-board", id: "court-board" },
    h("div", { class: "hall audience" }, h("h4", { tabindex: 0, "data-tip": wb("audienceTip"), "data-tip-title": wb("audience") }, wb("audience")),
      h("div", { class: "favor-spaces" }, spaces.map((need) => {
        const f = favors.find((x) => x.courtiers === need);
        return h("div", { class: "favor-space", "data-courtiers": need },
          h("span", { class: "need", "data-tip": wb("favorSpace", { n: need }) }, pips(need, 5, "courtier blank"), " ", wb("courtiersN", { n: need })),
          favorCard(f ? f.card : null));
      })),
      h("div", { class: "in-hall" }, seats.filter((s) => (court.audience_hall || [])[s]).map((s) => h("span", { class: "hall-seat" },
        seatTag(ctx, kit, s), " ", pips(court.audience_hall[s], s), " ", wb("courtiersN", { n: court.audience_hall[s] }))))),
    h("div", { class: "hall entrance" }, h("h4", { tabindex: 0, "data-tip": wb("entranceTip"), "data-tip-title": wb("entrance") }, wb("entrance")),
      h("div", { class: "in-hall" }, seats.map((s) => h("span", { class: "hall-seat" },
        seatTag(ctx, kit, s), " ", pips((court.entrance_hall || [])[s] || 0, s), " ", wb("courtiersN", { n: (court.entrance_hall || [])[s] || 0 }))))),
    h("p", { class: "court-foot" },
      typeof court.favor_deck_size === "number" ? h("span", { class: "deck", "data-tip": wb("favorDeck") }, h("span", { class: "mcard back mini", "aria-hidden": "true" }), wb("favorDeckN", { n: court.favor_deck_size })) : null,
      seats.map((s) => h("span", { class: "supply" }, seatTag(ctx, kit, s), `: ${wb("courtiersN", { n: (court.courtier_supply || [])[s] ?? 0 })} ${wb("courtierSupply")}`,
        ((court.shield || [])[s] || []).length ? ` · ${wb("safeFrom")} ${court.shield[s].map((b) => kit.term(b)).join(", ")}` : "",
        (court.parry || [])[s] ? ` · ${wb("parries")}` : ""))));
}

function lskBoard(lsk, ctx, kit) {
  const tops = lsk.top_card || [];
  const count = kit.modules?.landsknechte?.cards?.length || 4;
  return h("div", { class: "mboard lsk-board", id: "lsk-board" }, tops.map((top, seat) => h("div", { class: "lsk-deck", "data-seat": seat },
    seatTag(ctx, kit, seat),
    h("div", { class: "lsk-cards" }, Array.from({ length: count }, (_, k) => ((top - 1 + k) % count) + 1).map((card, k) => {
      const text = kit.words[`lsk.card.${card}`] ? kit.term(`lsk.card.${card}`) : "";
      return h("span", { class: `mcard lsk ${k === 0 ? "top" : "under"}`, tabindex: 0, "data-lsk": card, "data-tip": `${text}. ${wb("lskTip")}`,
        "data-tip-title": `${wb("landsknechte")}${k === 0 ? ` · ${wb("lskTop")}` : k === 1 ? ` · ${wb("lskNext")}` : ""}` },
      h("span", { class: "banner", "aria-hidden": "true" }, "⚑", k < 2 ? h("small", {}, ` ${wb(k === 0 ? "lskTop" : "lskNext")}`) : null),
      h("span", { class: "mtext" }, text));
    })))));
}

function leadersBoard(leaders, ctx, kit) {
  const where = leaders.leader || [];
  const L = kit.modules?.leaders; // the upgraded actions as printed (modules.json)
  const tip = L?.build_cost && L.deploy_armies ? wb("leaderRules", { p: L.build_cost.palace, c: L.build_cost.church, t: L.build_cost.trading_post,
    x: L.taxes_plus, d5: L.deploy_armies.deploy5, d3: L.deploy_armies.deploy3, d1: L.deploy_armies.deploy1, n: L.vp_per_statue }) : wb("leaderTip");
  return h("div", { class: "mboard leaders-board", id: "leaders-board" }, where.map((county, seat) => {
    const statues = (leaders.statues || [])[seat] || {};
    const onBoard = Object.values(statues).reduce((a, b) => a + b, 0);
    const trophies = ((leaders.trophies || [])[seat] || []);
    return h("div", { class: "leader-card", "data-seat": seat, style: `--seat:${colour(seat)}` },
      seatTag(ctx, kit, seat),
      h("span", { class: "mcard leader", tabindex: 0, "data-tip": tip, "data-tip-title": wb("leaders") },
        h("span", { class: "figure", "aria-hidden": "true" }, "★"), h("span", { class: "mtext" }, county ? `${wb("leaderIn")} ${county}` : wb("leaderOff"))),
      h("span", { class: "statues", tabindex: 0, "data-tip": wb("statuesTip", { n: L?.vp_per_statue ?? 1 }), "data-tip-title": wb("statues") }, pips(onBoard, seat, "statue"), " ", wb("statuesN", { n: onBoard }),
        Object.keys(statues).length ? `: ${Object.entries(statues).map(([c, k]) => (k > 1 ? `${c} ×${k}` : c)).join(", ")}` : "",
        typeof (leaders.statue_supply || [])[seat] === "number" ? ` · ${wb("statueSupplyN", { n: leaders.statue_supply[seat] })}` : ""),
      h("span", { class: "trophies", tabindex: 0, "data-tip": wb("trophiesTip", { n: L?.vp_per_trophy ?? 1 }), "data-tip-title": wb("trophies") }, trophies.map((k, other) => (k ? pips(k, other, "statue") : null)), " ", wb("trophiesN", { n: trophies.reduce((a, b) => a + b, 0) })));
  }));
}
