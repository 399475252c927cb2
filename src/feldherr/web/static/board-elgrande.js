// El Grande on a map of Spain: the real outline of the peninsula (Natural Earth, data/spain-map.json)
// with the nine regions as the project draws them after the printed board, each region's pieces
// inside it (a counted stack of Caballeros per colour, the Grandes, the King), its scoring values
// and mobile scoreboards; the Castillo in the sea; France and Portugal where the King may go. Below:
// the five action-card stacks with each open card's text, the power cards with their Caballeros.
import { colour, h, mapFrame, playersTable, s } from "./dom.js";
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
    // The land (the regions' outlines run on into the sea; the coast clips them on screen).
    const land = typeof Path2D === "function" ? new Path2D(map.land.spain) : null;
    const pen = land ? document.createElement("canvas").getContext("2d") : null;
    const onLand = (x, y) => !pen || pen.isPointInPath(land, x, y);
    const PER_ROW = 3; // Caballero stacks side by side; more colours go on a second row
    const W = 4.2;
    const grandeAt = (key, k, lx, ly, wide, rows, lastRow) => {
      const poly = map.regions[key]?.outline;
      const spots = [[lx + 6.2 + k * 2.6, ly - 2], [lx + wide / 2 + 0.8 + k * 2.6, ly + 2], [lx - wide / 2 - 2.8 - k * 2.6, ly + 2],
        [lx - 1 + k * 2.6, ly + 3 + rows * 4.6], [lx + wide / 2 + 0.8 + k * 2.6, ly + 6.6], [lx - wide / 2 - 2.8 - k * 2.6, ly + 6.6],
        ...(view.king === key ? [] : [[lx - 8.2 - k * 2.6, ly - 2]]), lastRow(k)];
      if (!poly) return spots[0];
      const others = Object.entries(map.regions).filter(([r]) => r !== key).map(([, g]) => g.outline);
      // corners of the piece inside the region, on land, in no other region (the outlines overlap a
      // little at the borders); the first spot with all four, else the one with most
      const score = ([x, y]) => [[x, y], [x + 2, y], [x, y + 5], [x + 2, y + 5]].filter(([px, py]) => inside(poly, px, py) && onLand(px, py)
        && !others.some((o) => inside(o, px, py))).length;
      let best = spots[0], most = -1;
      for (const spot of spots) {
        const n = score(spot);
        if (n === 4) return spot;
        if (n > most) { best = spot; most = n; }
      }
      return best;
    };
    const pieces = (key, [lx, ly]) => {
      const here = players.map((p, i) => [p.seat ?? i, key === "Castillo" ? p.castillo || 0 : count(p, key)]).filter(([, n]) => n > 0);
      const grandes = players.filter((p) => p.grande === key);
      const rows = Math.ceil(here.length / PER_ROW);
      const wide = Math.min(PER_ROW, here.length) * W;
      const at = (k) => { // a stack's top left: rows of up to three, each centred under the label
        const row = Math.floor(k / PER_ROW);
        const inRow = Math.min(PER_ROW, here.length - row * PER_ROW);
        return [lx - (inRow * W) / 2 + (k % PER_ROW) * W, ly + row * 4.6];
      };
      return [
        here.map(([seat, n], k) => { const [x, y] = at(k); return s("g", { class: "stack", "data-seat-colour": colour(seat), "data-tip": `${name(ctx, seat)}: ${tw("caballerosN", { n })}` },
          [2, 1, 0].map((d) => s("rect", { x: x + d * 0.35, y: y + 2.6 - d * 0.5, width: 3.4, height: 3.4, fill: colour(seat), class: "cab" })),
          s("text", { x: x + 1.7, y: y + 5.2, class: "cab-n", "text-anchor": "middle" }, n)); }),
        grandes.map((p, k) => s("g", { class: "grande-piece", "data-tip": `Grande · ${name(ctx, p.seat)}` },
          ((x, y) => s("rect", { x, y, width: 2, height: 5, rx: 0.6, fill: colour(p.seat), class: "grande" }))(...grandeAt(key, k, lx, ly, wide, rows, (j) => {
            const last = Math.max(1, here.length - (rows - 1) * PER_ROW); // beside the last row's stacks
            return [lx + (last * W) / 2 + 0.4 + j * 2.6, ly + Math.max(0, rows - 1) * 4.6 + 1.6];
          })))),
        view.king === key ? s("text", { x: lx - 8.5, y: ly + 1.5, class: "king", "text-anchor": "middle", "data-tip": t("king") }, "♚") : null,
      ];
    };
    const boards = (view.scoreboards || []).map((area, i) => [area, i]).filter(([area]) => area);
    const values = (r, [lx, ly]) => {
      const pts = points.get(r) || [];
      const extra = boards.filter(([area]) => area === r);
      return [s("g", { class: "values", "data-tip": `${r}: ${tw("regionValues")}` },
        s("rect", { x: lx - 5.5, y: ly - 1.6, width: 11, height: 3, rx: 0.5, class: "values-box" }),
        s("text", { x: lx, y: ly + 0.7, class: "rpoints", "text-anchor": "middle" }, pts.slice(0, view.scoring_places ?? 3).join(" · "))),
      extra.map(([, i], k) => s("g", { class: "board-values", "data-tip": tw("boardValues") }, s("title", {}, tw("boardValues")),
        s("text", { x: lx + 7, y: ly + 1 + k * 2.6, class: "rpoints board-extra" },
          (printed?.mobile_scoreboards?.values?.[i] || []).join("/"))))];
    };
    // a region in words: its name, values, the King, each colour's Caballeros (its tooltip)
    const regionWords = (r) => {
      const here = players.map((p, i) => [p.seat ?? i, count(p, r)]).filter(([, n]) => n > 0);
      return `${r} (${(points.get(r) || []).join("/")})` + (view.king === r ? ` — ${t("king")}` : "") + here.map(([seat, n]) => `, ${name(ctx, seat)}: ${n}`).join("");
    };
    svg = s("svg", { viewBox: `0 0 100 ${H}`, class: "map spain", id: "map", role: "group", "aria-label": t("board") },
      s("defs", {}, s("clipPath", { id: "spain-clip" }, s("path", { d: map.land.spain }))),
      s("rect", { x: 0, y: 0, width: 100, height: H, class: "sea", fill: "#cfe3ef" }),
      ["france", "portugal", "andorra"].map((k) => s("path", { d: map.land[k], class: "abroad" })),
      s("path", { d: map.land.spain, class: "land" }),
      s("path", { d: map.land.balearics, class: "land" }),
      Object.entries(map.regions).map(([r, g]) => {
        const legal = ctx.keys.has(r);
        const label = regionWords(r);
        return s("g", { class: `region ${legal ? "legal" : ""} ${ctx.filter === r ? "active" : ""} ${regionChanged(r) ? "changed" : ""}`, "data-region": r, "aria-label": label, "data-tip": label, ...pickAttrs(r, legal) }, // on tap too (tip.js), not also as a title
          s("polygon", { points: g.outline.map((p) => p.join(",")).join(" "), class: "shape", "clip-path": "url(#spain-clip)",
            fill: view.king === r ? "#f3e3a0" : "#efe6d2" }));
      }),
      // The names and values over every region's shape too (on a phone "Valencia" reaches into
      // Toledo, drawn after it, which covered its "V"); a click on them picks their region.
      Object.entries(map.regions).map(([r, g]) => s("g", { class: "region-label", "data-region": r, "data-tip": regionWords(r),
        onclick: ctx.keys.has(r) ? () => ctx.pick(r) : null },
      s("text", { x: g.label[0], y: g.label[1] - 2.6, class: "rname", "text-anchor": "middle" }, r),
      values(r, g.label))),
      // The pieces over every region's shape (a region drawn later no longer covers a neighbour's
      // stacks or Grande); a click on them picks their region like a click on the region.
      Object.entries(map.regions).map(([r, g]) => s("g", { class: "region-pieces", "data-region": r, "data-tip": regionWords(r),
        onclick: ctx.keys.has(r) ? () => ctx.pick(r) : null }, pieces(r, g.label))),
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
        return s("g", { class: `region castillo ${legal ? "legal" : ""} ${ctx.filter === "Castillo" ? "active" : ""}`, "data-region": "Castillo", "data-tip": tw("castilloTitle"), ...pickAttrs("Castillo", legal) },
          s("path", { d: `M${x - 6},${y + 7} L${x - 6},${y - 3} L${x - 4},${y - 3} L${x - 4},${y - 5} L${x - 2},${y - 5} L${x - 2},${y - 3} L${x + 2},${y - 3} L${x + 2},${y - 5} L${x + 4},${y - 5} L${x + 4},${y - 3} L${x + 6},${y - 3} L${x + 6},${y + 7} Z`, class: "shape", fill: "#d9cbb0" }),
          s("text", { x, y: y - 0.5, class: "rname", "text-anchor": "middle" }, t("castillo")),
          s("text", { x, y: y + 2.5, class: "rpoints", "text-anchor": "middle" }, `${(printed?.castillo?.points || []).join(" · ")}`),
          s("text", { x, y: y + 5.8, class: "rpoints", "text-anchor": "middle" }, known === null || known === undefined ? `? ${t("hidden")}` : `${known}`));
      })());
  }
  const mine = players.find((p) => p.seat === ctx.me);
  // a modifier card's help: what it does to a power card, and its ability where it has one
  const modifierTip = (m) => {
    const ability = m.ability ? tw(`mod.${m.ability.op}`, { n: m.ability.count ?? m.ability.own ?? 1 }) : "";
    return { "data-tip-title": `${t("modifier")} ${signed(m.value)}`, "data-tip": [tw("modifier", { v: signed(m.value) }), ability === `mod.${m.ability?.op}` ? "" : ability].filter(Boolean).join(" ") };
  };
  const cabs = (v) => printed?.power_cards?.caballeros?.[v - 1];
  const power = (v, cls = "") => h("span", { class: `power-card ${cls}`, "data-tip-title": tw("powerCard", { n: v }), "data-tip": tw("power", { c: cabs(v) === undefined ? "?" : tw("caballerosN", { n: cabs(v) }) }) },
    h("strong", {}, v), h("small", {}, `${cabs(v) ?? "?"} ♟`));
  return h("div", { class: "elgrande" },
    h("div", { class: "row" }, info(t("round"), view.round ?? "–"), info(t("king"), view.king ?? "–"),
      view.card_in_use ? h("div", { class: "info", ...cardTip(view.card_in_use) }, h("span", { class: "label" }, t("played")), " ", h("strong", {}, cardName(view.card_in_use))) : null),
    // the map's frame: on a phone the map keeps a readable size and is moved sideways in its frame
    mapFrame("elgrande", svg, t("mapSwipe")),
    map ? h("p", { class: "map-note" }, tw("mapNote")) : null,
    h("div", { id: "stacks" }, h("h3", {}, `${t("openCards")} (${t("stacks")})`),
      h("ol", { class: "stacks" }, (view.open_cards || []).map((card, i) => {
        const legal = card !== null && ctx.keys.has(card);
        const left = h("small", { class: "stack-left" }, `${t("stack")} ${i + 1} · ${typeof view.stack_sizes?.[i] === "number" ? tn("leftN", view.stack_sizes[i]) : "–"}`);
        // Machtverschiebung's modifiers are passed before the first round's cards are turned up
        return h("li", {}, card === null ? h("span", { class: "acard empty" }, h("span", { class: "text" }, t(view.stack_sizes?.[i] === 0 ? "stackEmpty" : view.phase === "modpass" ? "cardNotTurned" : "cardTaken")), left) : h("div", {
          class: `acard ${legal ? "legal" : ""}`, "data-id": card, ...cardTip(card), tabindex: 0,
          onclick: legal ? () => ctx.pick(card) : null,
          onkeydown: legal ? (e) => { if (e.key === "Enter") ctx.pick(card); } : null,
        }, h("strong", { class: "card", "data-card": card }, cardName(card)),
        h("span", { class: "text" }, byId.has(card) ? effectText(byId.get(card).effect) : ""),
        h("span", { class: "place" }, byId.has(card) ? tw("place", { n: byId.get(card).place }) : ""),
        left));
      }))),
    playersTable([t("score"), t("court"), t("province"), t("played"), t("castillo")],
      players.map((p, i) => h("tr", { class: p.dummy ? "dummy" : "" }, seatCell(ctx, p.seat ?? i),
        h("td", {}, p.dummy ? "–" : p.score ?? "–"), h("td", {}, p.court ?? "–"), h("td", {}, p.province ?? "–"),
        h("td", { class: "played" }, p.played ? power(p.played) : "–", p.modifier_played !== null && p.modifier_played !== undefined ? [" ", h("span", { class: "modifier-played", ...modifierTip({ value: p.modifier_played }) }, signed(p.modifier_played))] : "",
          // the power cards still in that player's hand, in words (the full name on hover and tap)
          typeof p.hand_size === "number" ? h("small", { class: "hand-left", "data-tip": tn("handPowerN", p.hand_size) }, tn("handN", p.hand_size)) : null),
        h("td", { class: "castillo" }, p.castillo ?? t("hidden"), p.disc ? ` → ${p.disc}` : "")))),
    scoringTrack(players.filter((p) => !p.dummy), ctx),
    mine && mine.hand ? h("div", { id: "hand" }, h("h3", {}, t("powerCards")),
      h("div", { class: "powers" }, mine.hand.map((v) => power(v, ctx.keys.has(String(v)) ? "legal" : ""))),
      mine.discard && mine.discard.length ? h("div", { class: "powers" }, h("small", {}, `${t("played")}: `), mine.discard.map((v) => power(v, "used"))) : null,
      // Machtverschiebung: the modifier cards in the hand, by their printed value
      Array.isArray(mine.modifiers) ? h("div", { class: "powers", id: "modifiers" }, h("small", {}, `${t("modifiers")}: `),
        mine.modifiers.length ? mine.modifiers.map((m) => h("span", { class: "power modifier", ...modifierTip(m) }, h("strong", {}, signed(m.value)))) : "–") : null) : null);
}
