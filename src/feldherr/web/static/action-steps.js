// Wallenstein: an action's results for every player, one after the other. When an action card is
// turned over, every player carries it out in player order without a decision in between (build,
// collect taxes or grain, deploy), and the server sends the whole round of it as one update: the
// board jumped once. A panel over the map shows each player's result in turn at the pace setting
// (pace.js; at least a short step, "at once" shows all), the county of the result shown last marked
// on the map (`.acting`), with "show all" and "close"; the next move waits until the last result was
// seen (`actionHold`, like the tower and the winter scoring). The players' table under the map
// moves with the panel: each step shows it as it stands after that step (`stepNumbers`), ending at
// the update's numbers. Render-only: built from the last move's log lines (the server's words), it
// lives across re-renders; a reload shows no panel.
import { colour, h } from "./dom.js";
import { lang } from "./i18n.js";
import { paceSetting, SPEEDS } from "./pace.js";
import { isBattle, TOWER_MS } from "./tower.js";
import { wb } from "./words-boards.js";

// The lines an action leaves for the player who carries it out (a revolt comes before the taxes).
const RESULTS = new Set(["build", "collect", "deploy", "skip", "skip_lost", "calmed", "parried",
  "revolt", "revolt_subdued", "revolt_won"]);
const STEP_MIN = 700; // a step is seen even at the fastest paced speed
let scene = null; // {key, lang, node, timer, county, shown, tables}
const closed = new Set();

function stepMs() {
  const pace = SPEEDS[paceSetting()];
  return pace > 0 ? Math.max(STEP_MIN, pace) : 0;
}

// The steps of the last move's actions: [{action, seat, items}], one per player and action, in the
// order they were carried out. Fewer than two: nothing to step through.
export function actionStepList(fresh) {
  const steps = [];
  let action = null;
  for (const item of fresh || []) {
    const k = item?.entry?.k;
    const a = item?.entry?.a || {};
    if (k === "reveal_action") { action = a.action ?? null; continue; }
    if (!RESULTS.has(k)) continue; // (before the first card turned over: the action under way goes on)
    const last = steps[steps.length - 1];
    const seat = typeof a.p === "number" ? a.p : last?.seat; // "calmed" names no player: the one before
    if (typeof seat !== "number") continue;
    if (last && last.seat === seat && last.action === action) last.items.push(item);
    else steps.push({ action, seat, items: [item] });
  }
  return steps.length > 1 ? steps : [];
}

// What a result line did to its player's numbers in the players' table (the fields of the view's
// player records): a building's cost, the taxes or grain collected, a deployment's cost and armies,
// a revolt's armies back to the supply (those that fell out of the tower, less those that keep the
// county) and a county lost with its card. Skips, parried and calmed revolt markers change none.
function effect(entry, add) {
  const a = entry?.a || {};
  const n = (x) => (typeof x === "number" ? x : 0);
  if (typeof a.p !== "number") return;
  if (entry.k === "build") add(a.p, "thaler", -n(a.cost));
  else if (entry.k === "collect") add(a.p, a.action === "taxes" ? "thaler" : "grain", n(a.amount));
  else if (entry.k === "deploy") { add(a.p, "thaler", -n(a.cost)); add(a.p, "supply", -n(a.n)); }
  else if (entry.k === "revolt") add(a.p, "supply", n(a.out?.[a.p]));
  else if (entry.k === "revolt_subdued") add(a.p, "supply", -n(a.armies));
  else if (entry.k === "revolt_won") add(a.p, "cards", -1);
}

const FIELDS = ["thaler", "grain", "vp", "supply", "cards"];

// The players' table after 0, 1, ... all steps: [Map(seat -> numbers)], the last one the update's
// own numbers (`players`). Counted back from them, so whatever else the move did (a battle before
// the results) shows with the first step; where the move went on after the results (the winter
// after the last action) and the position before it is known (`before`), counted on from that
// instead, so the winter's numbers come with the last step, not the first.
export function stepTables(list, players, before = null, trailing = false) {
  const deltas = list.map((step) => {
    const d = new Map();
    for (const item of step.items) effect(item.entry, (seat, field, by) => {
      const row = d.get(seat) || {};
      row[field] = (row[field] ?? 0) + by;
      d.set(seat, row);
    });
    return d;
  });
  const row = (p) => Object.fromEntries(FIELDS.map((f) => [f, p[f]]));
  const final = new Map((players || []).filter((p) => typeof p?.seat === "number").map((p) => [p.seat, row(p)]));
  const shift = (table, d, sign) => new Map([...table].map(([seat, r]) => [seat,
    Object.fromEntries(FIELDS.map((f) => [f, typeof r[f] === "number" ? r[f] + sign * (d.get(seat)?.[f] ?? 0) : r[f]]))]));
  const tables = [final];
  const start = trailing && Array.isArray(before) && before.length ? new Map(before.map((p) => [p.seat, row(p)])) : null;
  if (start) { // on from the position before the move; the last step: the update's numbers
    const on = [start];
    for (const d of deltas.slice(0, -1)) on.push(shift(on[on.length - 1], d, 1));
    return [...on, final];
  }
  for (const d of [...deltas].reverse()) tables.unshift(shift(tables[0], d, -1));
  return tables;
}

// A player's numbers as the players' table shows them now: after the steps shown so far while the
// panel runs, else the view's own (`p`, a record of the view's players).
export function stepNumbers(p) {
  const now = scene && scene.tables ? scene.tables[scene.shown]?.get(p.seat) : null;
  return now ? { ...p, ...now } : p;
}

// The players' table on the page brought to the steps shown (it is drawn once per render; the steps
// come in between); a number that changed with this step is marked a moment.
function paint(k, mark = true) {
  const table = scene?.tables?.[k];
  if (!table) return;
  for (const cell of document.querySelectorAll("#players td[data-field]")) {
    const value = table.get(Number(cell.closest("tr")?.dataset.seat))?.[cell.dataset.field];
    if (value === undefined || String(value) === cell.textContent) continue;
    cell.textContent = String(value);
    if (mark) { cell.classList.add("stepped"); setTimeout(() => cell.classList.remove("stepped"), 900); }
  }
}

// A battle before the first result (the movement that ended the action before): its tower runs
// first, the results follow it (they came together with the tower otherwise).
function towerFirst(fresh, list) {
  const items = fresh || [];
  const battle = items.findIndex(isBattle);
  return battle >= 0 && battle < items.indexOf(list[0].items[0]) ? TOWER_MS + 800 : 0;
}

// How long a paced update with such results holds the next move: each result one step (after the
// tower where a battle came first).
export function actionHold(log) {
  const items = log || [];
  const latest = items.length ? items[items.length - 1].version : null; // a page's first update brings the whole log: its last move only
  const last = items.filter((item) => item.version === latest);
  const steps = actionStepList(last);
  const ms = stepMs();
  return steps.length > 1 && ms > 0 ? towerFirst(last, steps) + (steps.length - 1) * ms + 400 : 0;
}

// The panel for the board (null when the last move had no such round); kit: {name}.
export function actionSteps(ctx, kit) {
  const list = actionStepList(ctx.fresh);
  if (list.length) {
    const key = `${list[0].items[0].version}:${ctx.me}`;
    if ((!scene || scene.key !== key) && !closed.has(key)) build(key, list, kit, towerFirst(ctx.fresh, list), tablesFor(ctx, list, kit));
  } else if (ctx.replay) return null; // the replay shows it only at the move that had it
  else if ((ctx.fresh || []).length && scene) { clearTimeout(scene.timer); scene.node.remove(); scene = null; mark(); } // a later move: gone
  if (!scene || closed.has(scene.key)) return null;
  if (scene.lang !== lang()) { stop(); return null; } // the lines are in the language of their time
  requestAnimationFrame(mark); // the map is drawn anew with each render: mark the county again
  return scene.node;
}

// The tables of the steps for this board (kit.players: the view's player records).
function tablesFor(ctx, list, kit) {
  const fresh = ctx.fresh || [];
  const lastItem = list[list.length - 1].items.slice(-1)[0];
  // the move went on after the results (the next card turned over alone does not count)
  const trailing = fresh.slice(fresh.indexOf(lastItem) + 1).some((item) => item?.entry?.k !== "reveal_action");
  const before = Array.isArray(ctx.prev?.player_info) ? ctx.prev.player_info
    : Array.isArray(ctx.prev?.players) ? ctx.prev.players : null;
  return stepTables(list, kit.players, before, trailing);
}

function countyOf(step) {
  for (const item of step.items) if (item.entry.a?.county) return item.entry.a.county;
  return null;
}

// The county of the result shown last, marked on the map.
function mark() {
  for (const el of document.querySelectorAll("#map .county.acting")) el.classList.remove("acting");
  if (!scene || !scene.county) return;
  const el = document.querySelector(`#map .county[data-county="${CSS.escape(scene.county)}"]`);
  if (el) el.classList.add("acting");
}

function stop() {
  if (scene) {
    clearTimeout(scene.timer); closed.add(scene.key); scene.node.remove(); scene.county = null; mark();
    paint(scene.tables ? scene.tables.length - 1 : 0, false); // closed: the table at the update's numbers
  }
  scene = null;
}

function build(key, list, kit, delay = 0, tables = null) {
  if (scene) clearTimeout(scene.timer);
  const lis = list.map((step, i) => h("li", { class: "step", "data-step": i, "data-seat": step.seat, style: `--seat:${colour(step.seat)}` },
    // the player's colour; the lines name the player and the action themselves
    h("span", { class: "dot", title: kit.name(step.seat) }), " ",
    step.items.map((item) => h("span", { class: "line", "data-game": "1" }, `${item.text ?? ""} `))));
  const count = h("span", { class: "step-count", id: "action-count" });
  const skip = h("button", { type: "button", id: "action-skip", onclick: () => { clearTimeout(scene?.timer); while (shown < list.length) reveal(); } }, wb("scoringSkip"));
  const node = h("section", { class: "scoring-steps action-steps", id: "action-steps", role: "region", "aria-label": wb("actionSteps") },
    h("div", { class: "head" }, h("h3", {}, wb("actionSteps")), count, skip,
      h("button", { type: "button", id: "action-close", onclick: stop }, wb("scoringClose"))),
    h("ol", { class: "steps" }, lis));
  let shown = 0;
  function reveal() {
    if (shown >= list.length) return;
    node.hidden = false;
    const li = lis[shown];
    li.classList.add("shown", "new");
    setTimeout(() => li.classList.remove("new"), 450);
    scene.county = countyOf(list[shown]);
    shown += 1;
    scene.shown = shown;
    paint(shown);
    count.textContent = wb("scoringStep", { n: shown, of: list.length });
    if (shown === list.length) { node.classList.add("done"); skip.disabled = true; }
    mark();
  }
  const wait = stepMs();
  scene = { key, lang: lang(), node, timer: null, county: null, shown: 0, tables };
  const tick = () => {
    reveal();
    if (shown < list.length) scene.timer = setTimeout(tick, wait);
    else scene.timer = setTimeout(() => { if (scene) scene.county = null; mark(); }, wait); // the last mark fades with the step
  };
  if (!wait) while (shown < list.length) reveal();
  else if (delay) { node.hidden = true; scene.timer = setTimeout(tick, delay); } // after the tower
  else tick();
}
