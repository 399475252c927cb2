// Ernst von Mansfeld at the table: the open characters as cards (name, cost, strength, ability),
// every die drawn as a die (the number of dice set face down until revealed, the roll, each luck
// die), the provinces as cards with their values and owners, each player's commitment face down
// until revealed, scores per player. Every character shows its card on hover and on tap.
import { colour, h, s } from "./dom.js";
import { lang, t } from "./i18n.js";
import "./tip.js";

const PIPS = { 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [3, 1], [1, 3], [3, 3]],
  5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]], 6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]] };

// A die: its face (1-6), or face down ("?") while it is secret.
export function die(value, { cls = "", label = "", seat = null } = {}) {
  const hidden = value === null || value === undefined;
  return s("svg", { viewBox: "0 0 40 40", class: `die-svg ${cls} ${hidden ? "hidden" : ""}`, role: "img",
    "aria-label": label || (hidden ? t("hidden") : String(value)), "data-value": hidden ? "" : value },
  s("rect", { x: 2, y: 2, width: 36, height: 36, rx: 7, class: "face", style: seat !== null ? `stroke:${colour(seat)}` : null }),
  hidden || !PIPS[value] ? s("text", { x: 20, y: 27, "text-anchor": "middle", class: "q" }, hidden ? "?" : value)
    : (PIPS[value] || []).map(([x, y]) => s("circle", { cx: x * 10, cy: y * 10, r: 3.6, class: "pip" })));
}

export function mansfeldBoard(view, ctx, { needs, cardName, info, name, seatCell, character, term }) {
  const data = needs("mansfeld-characters", "/api/web/data/mansfeld/characters");
  const terms = (key) => { const w = needs("terms-mansfeld", "/api/web/terms/mansfeld") || {}; return w[key]?.[lang()] || w[key]?.en || null; };
  const byKey = new Map((data?.cards || []).map((c) => [c.key, c]));
  const tipOf = (key) => {
    const c = byKey.get(key);
    if (!c) return {};
    const ability = c.ability ? terms(`ability.${c.ability}`) : null;
    return { "data-tip-title": cardName(key), "data-tip": `${t("cost")} ${c.cost} · ${t("strength")} ${c.strength}${ability ? ` — ${ability}` : ""}` };
  };
  const players = Array.isArray(view.players) ? view.players : [];
  const reach = new Set(view.reach || []);
  const printed = new Map((view.open_cards || []).map((c) => [c.key, c]));
  const prevProvinces = ctx.prev?.provinces || [];
  const held = (keys, cls = "") => h("ul", { class: `chips ${cls}` }, (keys || []).map((k) => h("li", { ...tipOf(k), tabindex: 0 }, cardName(k))));
  const commitment = (p) => {
    if (p.seat === ctx.me && view.my_commit) return held(view.my_commit.cards || view.my_commit);
    return p.committed ? h("span", { class: "card face-down", title: t("hidden") }, "?") : "–";
  };
  return h("div", { class: "mansfeld" },
    h("div", { class: "row" }, info(t("round"), view.round ?? "–"), info(t("phase"), term(view.phase, "phase.")), info(t("deck"), view.deck_size ?? "–"),
      (view.order || []).length ? info("→", view.order.map((seat) => name(ctx, seat)).join(" → ")) : null),
    h("div", { id: "characters" }, h("h3", {}, t("characters")),
      h("div", { class: "keys characters" }, (view.open || []).map((c) => {
        const node = character(ctx, c, printed.get(c), reach.has(c));
        for (const [k, v] of Object.entries(tipOf(c))) node.setAttribute(k, v);
        return node;
      })),
      view.left && view.left.length ? h("small", {}, `${t("leftOver")}: `, held(view.left, "used")) : null),
    (view.roll || []).length ? h("div", { id: "dice" }, h("h3", {}, t("dice")),
      h("div", { class: "dice-row" }, view.roll.map((d) => die(d, { cls: "rolled" })))) : null,
    h("div", { id: "provinces" }, h("h3", {}, t("provinces")),
      h("ul", { class: "provinces" }, (view.provinces || []).map((p, i) => (p && typeof p === "object"
        ? h("li", { class: `province pcard ${JSON.stringify(prevProvinces[i]) !== JSON.stringify(p) && ctx.prev ? "changed" : ""}`,
          style: p.owner !== null && p.owner !== undefined ? `--seat:${colour(p.owner)}` : "" },
        h("small", {}, `${t("province")} ${p.no}`), h("strong", { class: "value" }, p.value),
        p.owner !== null && p.owner !== undefined ? h("span", {}, h("span", { class: "dot" }), name(ctx, p.owner)) : null)
        : h("li", { class: "province" }, String(p)))))),
    h("table", { class: "players", id: "players" },
      h("thead", {}, h("tr", {}, h("th", {}), [t("score"), t("cards"), t("used"), t("dice"), t("luck"), t("committed")].map((x) => h("th", {}, x)))),
      h("tbody", {}, players.map((p) => h("tr", {}, seatCell(ctx, p.seat),
        h("td", { class: "score" }, p.score ?? "–"), h("td", {}, held(p.cards)), h("td", {}, held(p.used, "used")),
        h("td", {}, p.dice_set || p.dice ? die(p.dice ?? null, { seat: p.seat, cls: "set" }) : "–"),
        h("td", {}, p.luck ? die(p.luck, { seat: p.seat, cls: "luck" }) : "–"),
        h("td", {}, commitment(p)))))));
}
