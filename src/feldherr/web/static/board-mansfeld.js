// Ernst von Mansfeld at the table: the open characters as cards (name, cost, strength, ability),
// every die drawn as a die (the number of dice set face down until revealed, the roll, each luck
// die), the provinces as cards with their values and owners, each player's commitment face down
// until revealed, scores per player. Every character shows its card on hover and on tap.
import { colour, h, playersTable, s } from "./dom.js";
import { lang, t, tn } from "./i18n.js";
import { SPEEDS, paceSetting } from "./pace.js";
import "./tip.js";

const PIPS = { 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [3, 1], [1, 3], [3, 3]],
  5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]], 6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]] };

// A die: its face (1-6), or face down ("?") while it is secret.
export function die(value, { cls = "", label = "", seat = null, tip = null } = {}) {
  const hidden = value === null || value === undefined;
  return s("svg", { viewBox: "0 0 40 40", class: `die-svg ${cls} ${hidden ? "hidden" : ""}`, role: "img",
    "aria-label": label || (hidden ? t("hidden") : String(value)), "data-value": hidden ? "" : value, "data-tip": tip },
  s("rect", { x: 2, y: 2, width: 36, height: 36, rx: 7, class: "face", style: seat !== null ? `stroke:${colour(seat)}` : null }),
  hidden || !PIPS[value] ? s("text", { x: 20, y: 27, "text-anchor": "middle", class: "q" }, hidden ? "?" : value)
    : (PIPS[value] || []).map(([x, y]) => s("circle", { cx: x * 10, cy: y * 10, r: 3.6, class: "pip" })));
}

// Dice rolled again, each as its own step (render-only: the log entries are what they are). A tie's
// luck dice ("tie.reroll", rules: "so werfen die Beteiligten so lange ihren Kriegsglück-Würfel erneut,
// bis einer ein höheres Ergebnis erzielt") and a recruit roll thrown again by a character's ability
// (two "roll" entries of one seat in one move): the dice as rolled first, then each throw again one
// step later at the pace setting, the dice that changed marked.
const STEP_MIN = 700; // a step is seen even at the fastest paced speed
const started = new Map();
function stepMs() {
  const pace = SPEEDS[paceSetting()];
  return pace > 0 ? Math.max(STEP_MIN, pace) : 0;
}

// The steps of the last move's re-rolls: [{kind, rows: [{seat, dice, before}]}], the first one the
// dice as first rolled. Empty when the move threw nothing again.
export function rerollSteps(fresh, prevView) {
  const items = fresh || [];
  const ties = items.filter((i) => i?.entry?.k === "tie.reroll");
  if (ties.length) {
    const luck = {};
    for (const p of prevView?.players || []) if (p && p.luck) luck[p.seat] = p.luck;
    const seats = Object.keys(ties[0].entry.a.luck || {}).map(Number);
    const steps = [{ kind: "luck", rows: seats.map((seat) => ({ seat, dice: luck[seat] ? [luck[seat]] : [], before: null })) }];
    for (const item of ties) {
      const now = item.entry.a.luck || {};
      const last = steps[steps.length - 1].rows;
      steps.push({ kind: "luck", rows: Object.keys(now).map(Number).map((seat) => ({
        seat, dice: [now[seat]], before: last.find((r) => r.seat === seat)?.dice || [] })) });
    }
    return steps;
  }
  const rolls = items.filter((i) => i?.entry?.k === "roll" || i?.entry?.k === "miss");
  const bySeat = new Map();
  for (const item of rolls) bySeat.set(item.entry.a.seat, [...(bySeat.get(item.entry.a.seat) || []), item.entry.a.dice || []]);
  for (const [seat, throws] of bySeat) {
    if (throws.length < 2) continue;
    return throws.map((dice, i) => ({ kind: "roll", rows: [{ seat, dice, before: i ? throws[i - 1] : null }] }));
  }
  return [];
}

// How long a paced update holds the next one so that its re-rolls are seen step by step.
export function rerollHold(log, prevView = null) {
  const steps = rerollSteps(log, prevView);
  const ms = stepMs();
  return steps.length > 1 && ms > 0 ? (steps.length - 1) * ms + 400 : 0;
}

function rerollScene(ctx, name) {
  const steps = rerollSteps(ctx.fresh, ctx.prev);
  if (steps.length < 2) return null;
  const first = (ctx.fresh || [])[0];
  const key = `${first?.version}:${steps.length}`;
  const now = performance.now();
  if (!started.has(key)) started.set(key, now);
  const elapsed = now - started.get(key);
  const ms = stepMs();
  return h("div", { id: "rerolls", class: "rerolls", "data-steps": steps.length },
    h("h3", {}, t(steps[0].kind === "luck" ? "luckAgain" : "rollAgain")),
    h("ol", { class: "reroll-steps" }, steps.map((step, i) => h("li", {
      class: `reroll-step ${i ? "again" : "first"}`, "data-step": i,
      style: `--delay:${i * ms - elapsed}ms` },
    h("span", { class: "label" }, i ? t("thrownAgainN", { n: i }) : t("thrownFirst")),
    step.rows.map((row) => h("span", { class: "reroll-row" }, h("span", { class: "who" }, name(ctx, row.seat)),
      row.dice.map((d, k) => die(d, { seat: row.seat, cls: `${row.before && row.before[k] !== d ? "changed-die" : ""} ${step.kind}` }))))))));
}

// The province fought over now: during the commitments the last drawn one, still unowned (the
// printed game lays it out in the middle of the table; here its card is marked and the help line
// names it). Null outside a conquest.
export function contestedProvince(view) {
  if (view?.phase !== "commit") return null;
  const provinces = (view.provinces || []).filter((p) => p && typeof p === "object");
  const last = provinces[provinces.length - 1];
  return last && (last.owner === null || last.owner === undefined) ? last : null;
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
  const fought = contestedProvince(view);
  const reach = new Set(view.reach || []);
  const printed = new Map((view.open_cards || []).map((c) => [c.key, c]));
  const prevProvinces = ctx.prev?.provinces || [];
  const held = (keys, cls = "") => h("ul", { class: `chips ${cls}` }, (keys || []).map((k) => h("li", { ...tipOf(k), tabindex: 0 }, cardName(k))));
  const commitment = (p) => {
    if (p.seat === ctx.me && view.my_commit) return held(view.my_commit.cards || view.my_commit);
    return p.committed ? h("span", { class: "card face-down", "data-tip": t("commitSecret") }, "?") : "–";
  };
  // nobody has a point before the first province is conquered: a column of "0" round after round
  // said nothing ("–" as the other empty cells); once someone scored, every score shows, 0 too
  const scored = players.some((p) => p.score);
  return h("div", { class: "mansfeld" },
    h("div", { class: "row" }, info(t("round"), view.round ?? "–"), info(t("phase"), term(view.phase, "phase.")), info(t("deck"), view.deck_size ?? "–"),
      (view.order || []).length ? info(t("turnOrder"), view.order.map((seat) => name(ctx, seat)).join(" → ")) : null),
    // no heading over nothing: once the deck and the open row are used up (the conquest, the end)
    (view.open || []).length || (view.left || []).length ? h("div", { id: "characters" }, h("h3", {}, t("characters")),
      h("div", { class: "keys characters" }, (view.open || []).map((c) => {
        const node = character(ctx, c, printed.get(c), reach.has(c));
        for (const [k, v] of Object.entries(tipOf(c))) node.setAttribute(k, v);
        return node;
      })),
      view.left && view.left.length ? h("small", {}, `${t("leftOver")}: `, held(view.left, "used")) : null) : null,
    rerollScene(ctx, name),
    (view.roll || []).length ? h("div", { id: "dice" }, h("h3", {}, t("dice")),
      h("div", { class: "dice-row" }, view.roll.map((d) => die(d, { cls: "rolled" })))) : null,
    h("div", { id: "provinces" }, h("h3", {}, t("provinces")),
      (view.provinces || []).length ? null : h("p", { class: "label", id: "provinces-later" }, t("provincesLater")),
      h("ul", { class: "provinces" }, (view.provinces || []).map((p, i) => (p && typeof p === "object"
        ? h("li", { class: `province pcard ${JSON.stringify(prevProvinces[i]) !== JSON.stringify(p) && ctx.prev ? "changed" : ""} ${p === fought ? "contested" : ""}`,
          id: p === fought ? "province-contested" : null, "aria-current": p === fought ? "true" : null,
          style: p.owner !== null && p.owner !== undefined ? `--seat:${colour(p.owner)}` : "" },
        p === fought ? h("span", { class: "contested-mark" }, `⚔ ${t("foughtOverNow")}`) : null,
        h("small", {}, `${t("province")} ${p.no}`), h("strong", { class: "value" }, p.value),
        p.owner !== null && p.owner !== undefined ? h("span", {}, h("span", { class: "dot" }), name(ctx, p.owner)) : null)
        : h("li", { class: "province" }, String(p)))))),
    playersTable([t("score"), t("cards"), t("used"), t("dice"), t("luck"), t("committed")],
      players.map((p) => h("tr", {}, seatCell(ctx, p.seat),
        h("td", { class: "score" }, scored ? p.score ?? "–" : "–"), h("td", { class: "held" }, held(p.cards)), h("td", { class: "held" }, held(p.used, "used")),
        // what a die in the table means, on hover and tap: the number of dice set (or that it is
        // secret until all have set), the luck die
        h("td", {}, p.dice_set || p.dice ? die(p.dice ?? null, { seat: p.seat, cls: "set",
          tip: p.dice ? tn("diceSetN", p.dice) : t("diceSecret") }) : "–"),
        h("td", {}, p.luck ? die(p.luck, { seat: p.seat, cls: "luck", tip: t("luckDie", { n: p.luck }) }) : "–"),
        h("td", {}, commitment(p))))));
}
