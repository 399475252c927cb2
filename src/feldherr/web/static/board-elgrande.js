// El Grande on a map of Spain: the real outline of the peninsula (Natural Earth, data/spain-map.json)
// with the nine regions as the project draws them after the printed board, each region's pieces
// inside it (a counted stack of Caballeros per colour, the Grandes, the King), its scoring values
// and mobile scoreboards; the Castillo in the sea; France and Portugal where the King may go. Below:
// the five action-card stacks with each open card's text, the power cards with their Caballeros.
import { colour, h, s } from "./dom.js";
import { t, tn } from "./i18n.js";
import { effectText, tw } from "./words-table.js";
import "./tip.js";

// A modifier's value as printed: "+2", "−1" (a true minus sign).
const signed = (v) => (typeof v === "number" ? (v > 0 ? `+${v}` : v < 0 ? `−${-v}` : "0") : String(v ?? "–"));

export function elgrandeBoard(view, ctx, { needs, cardName, info, name, scoringTrack, seatCell }) {
  const map = needs("spain-map");
  const printed = needs("elgrande-board-data", "/api/web/data/elgrande/board");
  const cards = needs("elgrande-cards", "/api/web/data/elgrande/cards");
  const byId = new Map((cards?.cards || []).map((c) => [c.id, c]));
  const points = new Map((printed?.regions || []).map((r) => [r.name, r.points]));
  const players = view.players || [];
  const prev = ctx.prev;
  const cardTip = (id) => {
    const card = byId.get(id);
    return card ? { "data-tip-title": cardName(id), "data-tip": `${effectText(card.effect)} ${tw("place", { n: card.place })}` } : {};
  };
  let svg = h("p", {}, "…");
  if (map) {
    const H = map.height;
    const pickAttrs = (key, legal) => ({
      tabindex: legal ? 0 : null, role: legal ? "button" : null,
      onclick: legal ? () => ctx.pick(key) : null,
      onkeydown: legal ? (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); ctx.pick(key); } } : null,
    });
    const count = (p, r) => (p.regions || {})[r] || 0;
    const regionChanged = (r) => prev && (prev.king !== view.king && (prev.king === r || view.king === r)
      || (prev.players || []).some((p, i) => count(p, r) !== count(players[i] || {}, r) || (p.grande === r) !== (players[i]?.grande === r)));
    // A Grande stands beside the region's label, on the first side where it is wholly inside the
    // region's outline (Galicia's label is near its border: a Grande right of it stood on the border).
    const inside = (poly, x, y) => {
      let yes = false;
      for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
        const [xi, yi] = poly[i], [xj, yj] = poly[j];
        if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) yes = !yes;
      }
      return yes;
    };
    const grandeAt = (key, k, lx, ly, x0) => {
      const poly = map.regions[key]?.outline;
      const spots = [[lx + 6.2 + k * 2.6, ly - 2], [x0 - 2.8 - k * 2.6, ly + 2], [lx - 1 + k * 2.6, ly + 6.8], [lx + 6.2 + k * 2.6, ly + 2.5]];
      if (!poly) return spots[0];
      return spots.find(([x, y]) => [[x, y], [x + 2, y], [x, y + 5], [x + 2, y + 5]].every(([px, py]) => inside(poly, px, py))) || spots[0];
    };
    const pieces = (key, [lx, ly]) => {
      const here = players.map((p, i) => [p.seat ?? i, key === "Castillo" ? p.castillo || 0 : count(p, key)]).filter(([, n]) => n > 0);
      const grandes = players.filter((p) => p.grande === key);
      const w = 4.2;
      const x0 = lx - (here.length * w) / 2;
      return [
        here.map(([seat, n], k) => s("g", { class: "stack", "data-seat-colour": colour(seat) },
          s("title", {}, `${name(ctx, seat)}: ${n}`),
          [2, 1, 0].map((d) => s("rect", { x: x0 + k * w + d * 0.35, y: ly + 2.6 - d * 0.5, width: 3.4, height: 3.4, fill: colour(seat), class: "cab" })),
          s("text", { x: x0 + k * w + 1.7, y: ly + 5.2, class: "cab-n", "text-anchor": "middle" }, n))),
        grandes.map((p, k) => s("g", { class: "grande-piece" }, s("title", {}, `Grande · ${name(ctx, p.seat)}`),
          ((x, y) => s("rect", { x, y, width: 2, height: 5, rx: 0.6, fill: colour(p.seat), class: "grande" }))(...grandeAt(key, k, lx, ly, x0)))),
        view.king === key ? s("text", { x: lx - 8.5, y: ly + 1.5, class: "king", "text-anchor": "middle" }, s("title", {}, t("king")), "♚") : null,
      ];
    };
    const boards = (view.scoreboards || []).map((area, i) => [area, i]).filter(([area]) => area);
    const values = (r, [lx, ly]) => {
      const pts = points.get(r) || [];
      const extra = boards.filter(([area]) => area === r);
      return [s("g", { class: "values" }, s("title", {}, tw("regionValues")),
        s("rect", { x: lx - 5.5, y: ly - 1.6, width: 11, height: 3, rx: 0.5, class: "values-box" }),
        s("text", { x: lx, y: ly + 0.7, class: "rpoints", "text-anchor": "middle" }, pts.slice(0, view.scoring_places ?? 3).join(" · "))),
      extra.map(([, i], k) => s("text", { x: lx + 7, y: ly + 1 + k * 2.6, class: "rpoints board-extra" },
        (printed?.mobile_scoreboards?.values?.[i] || []).join("/")))];
    };
    svg = s("svg", { viewBox: `0 0 100 ${H}`, class: "map spain", id: "map", role: "group", "aria-label": t("board") },
      s("defs", {}, s("clipPath", { id: "spain-clip" }, s("path", { d: map.land.spain }))),
      s("rect", { x: 0, y: 0, width: 100, height: H, class: "sea", fill: "#cfe3ef" }),
      ["france", "portugal", "andorra"].map((k) => s("path", { d: map.land[k], class: "abroad" })),
      s("path", { d: map.land.spain, class: "land" }),
      s("path", { d: map.land.balearics, class: "land" }),
      Object.entries(map.regions).map(([r, g]) => {
        const legal = ctx.keys.has(r);
        const here = players.map((p, i) => [p.seat ?? i, count(p, r)]).filter(([, n]) => n > 0);
        const label = `${r} (${(points.get(r) || []).join("/")})` + (view.king === r ? ` — ${t("king")}` : "") + here.map(([seat, n]) => `, ${name(ctx, seat)}: ${n}`).join("");
        return s("g", { class: `region ${legal ? "legal" : ""} ${ctx.filter === r ? "active" : ""} ${regionChanged(r) ? "changed" : ""}`, "data-region": r, "aria-label": label, ...pickAttrs(r, legal) },
          s("title", {}, label),
          s("polygon", { points: g.outline.map((p) => p.join(",")).join(" "), class: "shape", "clip-path": "url(#spain-clip)",
            fill: view.king === r ? "#f3e3a0" : "#efe6d2" }),
          s("text", { x: g.label[0], y: g.label[1] - 2.6, class: "rname", "text-anchor": "middle" }, r),
          values(r, g.label), pieces(r, g.label));
      }),
      ["France", "Portugal"].map((k) => {
        const [x, y] = map.places[k];
        const legal = ctx.keys.has(k);
        return s("g", { class: `abroad-place ${legal ? "legal" : ""}`, "data-area": k, ...pickAttrs(k, legal) },
          s("text", { x, y, class: "abroad-l", "text-anchor": "middle" }, tw(k.toLowerCase())),
          view.king === k ? s("text", { x, y: y + 4, class: "king", "text-anchor": "middle" }, "♚") : null);
      }),
      (() => {
        const [x, y] = map.places.Castillo;
        const legal = ctx.keys.has("Castillo");
        const known = view.castillo_total;
        return s("g", { class: `region castillo ${legal ? "legal" : ""} ${ctx.filter === "Castillo" ? "active" : ""}`, "data-region": "Castillo", ...pickAttrs("Castillo", legal) },
          s("title", {}, tw("castilloTitle")),
          s("path", { d: `M${x - 6},${y + 7} L${x - 6},${y - 3} L${x - 4},${y - 3} L${x - 4},${y - 5} L${x - 2},${y - 5} L${x - 2},${y - 3} L${x + 2},${y - 3} L${x + 2},${y - 5} L${x + 4},${y - 5} L${x + 4},${y - 3} L${x + 6},${y - 3} L${x + 6},${y + 7} Z`, class: "shape", fill: "#d9cbb0" }),
          s("text", { x, y: y - 0.5, class: "rname", "text-anchor": "middle" }, t("castillo")),
          s("text", { x, y: y + 2.5, class: "rpoints", "text-anchor": "middle" }, `${(printed?.castillo?.points || []).join(" · ")}`),
          s("text", { x, y: y + 5.8, class: "rpoints", "text-anchor": "middle" }, known === null || known === undefined ? `? ${t("hidden")}` : `${known}`));
      })());
  }
  const mine = players.find((p) => p.seat === ctx.me);
  const cabs = (v) => printed?.power_cards?.caballeros?.[v - 1];
  const power = (v, cls = "") => h("span", { class: `power-card ${cls}`, "data-tip-title": `${t("powerCards")} ${v}`, "data-tip": tw("power", { n: v, c: cabs(v) ?? "?" }) },
    h("strong", {}, v), h("small", {}, `${cabs(v) ?? "?"} ♟`));
  return h("div", { class: "elgrande" },
    h("div", { class: "row" }, info(t("round"), view.round ?? "–"), info(t("king"), view.king ?? "–"),
      view.card_in_use ? h("div", { class: "info", ...cardTip(view.card_in_use) }, h("span", { class: "label" }, t("played")), " ", h("strong", {}, cardName(view.card_in_use))) : null),
    svg,
    map ? h("p", { class: "map-note" }, tw("mapNote")) : null,
    h("div", { id: "stacks" }, h("h3", {}, `${t("openCards")} (${t("stacks")})`),
      h("ol", { class: "stacks" }, (view.open_cards || []).map((card, i) => {
        const legal = card !== null && ctx.keys.has(card);
        const left = h("small", { class: "stack-left" }, `${t("stack")} ${i + 1} · ${typeof view.stack_sizes?.[i] === "number" ? tn("leftN", view.stack_sizes[i]) : "–"}`);
        return h("li", {}, card === null ? h("span", { class: "acard empty" }, h("span", { class: "text" }, t(view.stack_sizes?.[i] === 0 ? "stackEmpty" : "cardTaken")), left) : h("div", {
          class: `acard ${legal ? "legal" : ""}`, "data-id": card, ...cardTip(card), tabindex: 0,
          onclick: legal ? () => ctx.pick(card) : null,
          onkeydown: legal ? (e) => { if (e.key === "Enter") ctx.pick(card); } : null,
        }, h("strong", { class: "card", "data-card": card }, cardName(card)),
        h("span", { class: "text" }, byId.has(card) ? effectText(byId.get(card).effect) : ""),
        h("span", { class: "place" }, byId.has(card) ? tw("place", { n: byId.get(card).place }) : ""),
        left));
      }))),
    h("table", { class: "players", id: "players" },
      h("thead", {}, h("tr", {}, h("th", {}), [t("score"), t("court"), t("province"), t("played"), t("castillo")].map((x) => h("th", {}, x)))),
      h("tbody", {}, players.map((p, i) => h("tr", { class: p.dummy ? "dummy" : "" }, seatCell(ctx, p.seat ?? i),
        h("td", {}, p.dummy ? "–" : p.score ?? "–"), h("td", {}, p.court ?? "–"), h("td", {}, p.province ?? "–"),
        h("td", {}, p.played ? power(p.played) : "–", p.modifier_played !== null && p.modifier_played !== undefined ? ` ${signed(p.modifier_played)}` : "",
          p.hand_size !== undefined ? ` (${p.hand_size})` : ""),
        h("td", {}, p.castillo ?? t("hidden"), p.disc ? ` → ${p.disc}` : ""))))),
    scoringTrack(players.filter((p) => !p.dummy), ctx),
    mine && mine.hand ? h("div", { id: "hand" }, h("h3", {}, t("powerCards")),
      h("div", { class: "powers" }, mine.hand.map((v) => power(v, ctx.keys.has(String(v)) ? "legal" : ""))),
      mine.discard && mine.discard.length ? h("div", { class: "powers" }, h("small", {}, `${t("played")}: `), mine.discard.map((v) => power(v, "used"))) : null,
      // Machtverschiebung: the modifier cards in the hand, by their printed value
      Array.isArray(mine.modifiers) ? h("div", { class: "powers", id: "modifiers" }, h("small", {}, `${t("modifiers")}: `),
        mine.modifiers.length ? mine.modifiers.map((m) => h("span", { class: "power modifier" }, h("strong", {}, signed(m.value)))) : "–") : null) : null);
}
