// Wallenstein: an action's results for every player, one after the other. When an action card is
// turned over, every player carries it out in player order without a decision in between (build,
// collect taxes or grain, deploy), and the server sends the whole round of it as one update: the
// board jumped once. A panel over the map shows each player's result in turn at the pace setting
// (pace.js; at least a short step, "at once" shows all), the county of the result shown last marked
// on the map (`.acting`), with "show all" and "close"; the next move waits until the last result was
// seen (`actionHold`, like the tower and the winter scoring). The players' table under the map
// moves with the panel: each step shows it as it stands after that step (`stepNumbers`), ending at
// the update's numbers. Where the position before the move is known, the table is reckoned on from
// it line by line, so that what has no result line of its own comes at its moment too: a battle's
// losses with the tower that ran it (the first step after it), the winter's grain loss and revolts
// with the winter, its points step by step with the scoring panel (scoring-steps.js, which starts
// once the results were seen and moves the table through `winterStep`). Render-only: built from the
// last move's log lines (the server's words, nothing hidden), it lives across re-renders; a reload
// shows no panel.
import { colour, h } from "./dom.js";
import { lang } from "./i18n.js";
import { paceSetting, seenInFull, SPEEDS } from "./pace.js";
import { stepPanel } from "./step-panel.js";
import { isBattle, TOWER_MS } from "./tower.js";

// The lines an action leaves for the player who carries it out (a revolt comes before the taxes).
const RESULTS = new Set(["build", "collect", "deploy", "skip", "skip_lost", "calmed", "parried",
  "revolt", "revolt_subdued", "revolt_won"]);
const STEP_MIN = 700; // a step is seen even at the fastest paced speed
let scene = null; // {key, lang, node, timer, county, shown, tables, actions, winter, away}
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

const n = (x) => (typeof x === "number" ? x : 0); // a line's number, 0 where it has none

// What a result line did to its player's numbers in the players' table (the fields of the view's
// player records): a building's cost, the taxes or grain collected, a deployment's cost and armies,
// a revolt's armies back to the supply (those that fell out of the tower, less those that keep the
// county) and a county lost with its card. Skips, parried and calmed revolt markers change none.
function effect(entry, add) {
  const a = entry?.a || {};
  if (typeof a.p !== "number") return;
  if (entry.k === "build") add(a.p, "thaler", -n(a.cost));
  else if (entry.k === "collect") add(a.p, a.action === "taxes" ? "thaler" : "grain", n(a.amount));
  else if (entry.k === "deploy") {
    add(a.p, "thaler", -n(a.cost)); add(a.p, "supply", -n(a.n));
    // a favor card's armies into a county of nobody's: its county card with them
    for (const extra of a.plus || []) add(a.p, "cards", n(extra?.county_card));
  }
  else if (entry.k === "revolt") add(a.p, "supply", n(a.out?.[a.p]));
  else if (entry.k === "revolt_subdued") add(a.p, "supply", -n(a.armies));
  else if (entry.k === "revolt_won") add(a.p, "cards", -1);
}

const FIELDS = ["thaler", "grain", "vp", "supply", "cards"];
const GAINS = { taler: "thaler", grain: "grain", vp: "vp" }; // a favor's or a Landsknechte card's gain

// What any line of the move did to the numbers, on `table` (Map seat -> numbers) in place; `battle`
// carries the battle under way for the lines after it (its defender loses the county's card). A
// battle's cubes that fell out go back to their players' supplies less the armies that stay on the
// board (conquered, held); the winter's grain loss takes what there is; a scoring adds its points.
// Lines that change none of these numbers (or none known here) leave the table as it is.
function reckon(entry, table, battle) {
  const a = entry?.a || {};
  const add = (seat, field, by) => {
    const row = table.get(seat);
    if (row && typeof row[field] === "number") row[field] += by;
  };
  switch (entry?.k) {
    case "battle":
      battle.defender = typeof a.d === "number" ? a.d : -1;
      add(a.p, "supply", n(a.out?.[a.p]));
      if (battle.defender >= 0) add(a.d, "supply", n(a.out?.[a.d]));
      for (const extra of a.plus || []) add(extra.p, "supply", -n(extra.n)); // a bonus tile's army from the supply
      break;
    case "conquered":
      add(a.p, "supply", -n(a.armies));
      add(a.p, "cards", 1);
      if (battle.defender >= 0) add(battle.defender, "cards", -1);
      break;
    case "held": add(a.p, "supply", -n(a.armies)); break;
    case "tie_neutral": if (battle.defender >= 0) add(battle.defender, "cards", -1); break;
    case "winter_begins":
      for (const row of table.values()) if (typeof row.grain === "number") row.grain = Math.max(0, row.grain - n(a.loss));
      break;
    case "score": add(a.p, "vp", n(a.base) + n(a.majorities)); break;
    case "leader_score": add(a.p, "vp", n(a.vp)); break;
    // the other lines that move the numbers: the draft's county cards with their armies, the bids
    // paid (a money card's value; a county or dice tower card pays nothing), Am Kaiserhof's armies
    // turned into courtiers (back to the supply)
    case "draft": add(a.p, "cards", 1); add(a.p, "supply", -n(a.armies)); break;
    case "tower_filled": // the tower filled at the start: each player's cubes thrown, those that fell out back
      for (const seat of table.keys()) add(seat, "supply", n(a.out?.[seat]) - n(a.thrown?.[seat]));
      break;
    case "bid_revealed": add(a.p, "thaler", -n(a.bid)); break;
    case "court_convert": add(a.p, "supply", n(a.n)); break;
    case "favor_gain": case "lsk_benefit":
      if (GAINS[a.kind]) add(a.p, GAINS[a.kind], n(a.n));
      else if (a.kind === "armies") add(a.p, "supply", -n(a.n)); // into the tray
      break;
    default: effect(entry, add);
  }
}

const copyTable = (table) => new Map([...table].map(([seat, row]) => [seat, { ...row }]));

// The table after each line of `items`, reckoned on from `start`: [after line 0, after line 1, ...].
export function reckonOn(items, start) {
  const out = [];
  let table = copyTable(start);
  const battle = { defender: -1 };
  for (const item of items) {
    reckon(item?.entry, table, battle);
    out.push(table);
    table = copyTable(table);
  }
  return out;
}

// The winter scoring's lines of a move (grain loss and revolts come before them), [] without one.
const SCORING = new Set(["score", "majority", "leader_score"]);
export function hasScoring(items) { return (items || []).some((item) => item?.entry?.k === "score"); }

// The table at each step of the scoring panel (scoring-steps.js: the counties and buildings, each
// majority, the leaders), on from the table after the lines before the scoring (the winter's grain
// loss and revolts); the last one the update's numbers.
function winterTables(items, start, final) {
  const first = items.findIndex((item) => SCORING.has(item?.entry?.k));
  const on = first > 0 ? reckonOn(items.slice(0, first), start).pop() : copyTable(start); // (from the move's start)
  const lines = items.slice(first).map((item) => item.entry);
  const tables = [];
  const gain = (pairs) => {
    const table = copyTable(tables.length ? tables[tables.length - 1] : on);
    for (const [seat, vp] of pairs) { const row = table.get(seat); if (row && typeof row.vp === "number") row.vp += vp; }
    tables.push(table);
  };
  gain(lines.filter((e) => e.k === "score").map((e) => [e.a.p, e.a.base ?? 0]));
  for (const e of lines.filter((x) => x.k === "majority")) gain((e.a.seats || []).map((seat) => [seat, e.a.vp ?? 0]));
  const leaders = lines.filter((e) => e.k === "leader_score");
  if (leaders.length) gain(leaders.map((e) => [e.a.p, e.a.vp ?? 0]));
  tables[tables.length - 1] = final;
  return tables;
}

// The players' table after 0, 1, ... all steps: [Map(seat -> numbers)], the last one the update's
// own numbers (`players`). Where the position before the move is known (`before`, with the move's
// log lines `items`), reckoned on from it line by line: a battle before the results comes with the
// first step (the tower has run), and where a winter scoring follows (`winter`) the steps end at
// the numbers before the winter and the scoring's steps follow (`winterTables`). Else counted back
// from the update's numbers, so whatever else the move did shows with the first step.
export function stepTables(list, players, before = null, items = null, winter = false) {
  const row = (p) => Object.fromEntries(FIELDS.map((f) => [f, p[f]]));
  const final = new Map((players || []).filter((p) => typeof p?.seat === "number").map((p) => [p.seat, row(p)]));
  const start = Array.isArray(before) && before.length && Array.isArray(items) ? new Map(before.map((p) => [p.seat, row(p)])) : null;
  if (start) { // on from the position before the move
    const after = reckonOn(items, start);
    const on = [start, ...list.map((step) => after[items.indexOf(step.items[step.items.length - 1])] || final)];
    if (winter) return [...on, ...winterTables(items, start, final)];
    if (!list.length) return [start, final]; // a battle alone: before it, and after its tower
    const same = (a, b) => [...a].every(([seat, r]) => FIELDS.every((f) => r[f] === b.get(seat)?.[f]));
    if (same(on[on.length - 1], final)) return on;
    // the move went on after the results (the winter begins: its grain loss): a moment of its own
    if (trailing(items, list)) return [...on, final];
    on[on.length - 1] = final; // the last step: the update's numbers (whatever is not reckoned here too)
    return on;
  }
  // counted back from the update's numbers
  const deltas = list.map((step) => {
    const d = new Map();
    for (const item of step.items) effect(item.entry, (seat, field, by) => {
      const row = d.get(seat) || {};
      row[field] = (row[field] ?? 0) + by;
      d.set(seat, row);
    });
    return d;
  });
  const shift = (table, d, sign) => new Map([...table].map(([seat, r]) => [seat,
    Object.fromEntries(FIELDS.map((f) => [f, typeof r[f] === "number" ? r[f] + sign * (d.get(seat)?.[f] ?? 0) : r[f]]))]));
  const tables = [final];
  for (const d of [...deltas].reverse()) tables.unshift(shift(tables[0], d, -1));
  return tables;
}

// A player's numbers as the players' table shows them now: after the steps shown so far while the
// panel runs, else the view's own (`p`, a record of the view's players).
export function stepNumbers(p) {
  if (scene?.away) return p; // the replay at another step than the scene's move
  const tables = scene?.tables;
  const last = tables?.[tables.length - 1]?.get(p.seat);
  // (a scene of an earlier update, whose steps end at other numbers than the view's: not this one)
  const ours = last && FIELDS.every((f) => last[f] === p[f]);
  const now = ours ? tables[scene.shown]?.get(p.seat) : null;
  return now ? { ...p, ...now } : p;
}

// The players' table on the page brought to the steps shown (it is drawn once per render; the steps
// come in between); a number that changed with this step is marked a moment.
function paint(k, mark = true) {
  if (scene?.away) return; // another step's table (the replay moved on while the steps ran)
  paintTable(scene?.tables?.[k], mark);
}

// The players' table on the page brought to `table` (Map seat -> numbers).
export function paintTable(table, mark = true) {
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

// Whether the move went on after the results with lines of its own (the winter begins), not just
// the next card turned over or the next round.
function trailing(items, list) {
  const lastItem = list[list.length - 1].items.slice(-1)[0];
  return items.slice(items.indexOf(lastItem) + 1).some((item) => !["reveal_action", "round"].includes(item?.entry?.k));
}

// The last move's lines of a log (a page's first update brings the whole log).
function lastMove(log) {
  const items = log || [];
  const latest = items.length ? items[items.length - 1].version : null;
  return items.filter((item) => item.version === latest);
}

// Am Kaiserhof's conversions (court-steps.js) come first in their move, once the plans are in: a
// step per player, [{seat, items}] in the order carried out; [] where the move converted nothing.
const COURT = new Set(["court_convert", "court_skip", "court_skip_lost"]);
export function courtStepList(fresh) {
  const steps = [];
  for (const item of lastMove(fresh)) {
    const a = item?.entry?.a || {};
    if (!COURT.has(item?.entry?.k) || typeof a.p !== "number") continue;
    const last = steps[steps.length - 1];
    if (last && last.seat === a.p) last.items.push(item);
    else steps.push({ seat: a.p, items: [item] });
  }
  return steps;
}

// How long the conversions of the move of `fresh` are shown before what comes after them in the
// same move (the results, the winter scoring): every player's step for one step's time.
export function courtMs(fresh) {
  const steps = courtStepList(fresh);
  const ms = stepMs();
  return steps.length && ms > 0 ? steps.length * ms : 0;
}

// How long a paced update with such results holds the next move: the conversions before them, then
// each result one step (after the tower where a battle came first), the last one too (it was on
// screen 400 ms before the next move took the panel away, the others a whole step), and the moment
// after them where the move went on (the winter's grain loss) one more.
export function actionHold(log) {
  const last = lastMove(log);
  const steps = actionStepList(last);
  const ms = stepMs();
  const after = steps.length > 1 && trailing(last, steps) && !hasScoring(last) ? ms : 0;
  return steps.length > 1 && ms > 0 ? courtMs(last) + towerFirst(last, steps) + steps.length * ms + after : 0;
}

// How long the results of the move of `fresh` are shown before what comes after them (the winter
// scoring): the conversions and the tower first, then every step for one step's time; 0 without
// such steps or "at once".
export function actionsMs(fresh) {
  const last = lastMove(fresh);
  const steps = actionStepList(last);
  const ms = stepMs();
  return steps.length > 1 && ms > 0 ? courtMs(last) + towerFirst(last, steps) + steps.length * ms : 0;
}

// The scoring panel has shown its step `k` (0, 1, ...; `done`: all of them, or closed): the players'
// table as it stands after it. Nothing where no table moves with the steps (a reload, a replay
// without the step before).
export function winterStep(k, done = false) {
  if (!scene || !scene.tables || !scene.winter) return;
  const at = done ? scene.tables.length - 1 : Math.min(scene.tables.length - 1, scene.actions + 1 + k);
  if (at <= scene.shown && !done) return;
  scene.shown = at;
  paint(at);
}

// The panel for the board (null when the last move had no such round); kit: {name}.
export function actionSteps(ctx, kit) {
  const list = actionStepList(ctx.fresh);
  const known = beforeOf(ctx) !== null;
  const winter = hasScoring(ctx.fresh) && known; // the table moves with the scoring's steps
  const fought = !list.length && !winter && known && (ctx.fresh || []).some(isBattle) && stepMs() > 0; // a battle alone
  if (list.length || winter || fought) {
    const first = list.length ? list[0].items[0] : (ctx.fresh || [])[0];
    const key = `${first.version}:${ctx.me}`;
    if ((!scene || scene.key !== key) && !closed.has(key)) {
      // (after the conversions of the same move, court-steps.js, which start them when seen)
      const delay = list.length ? courtMs(ctx.fresh) + towerFirst(ctx.fresh, list) : fought ? TOWER_MS : 0;
      build(key, list, kit, delay, tablesFor(ctx, list, kit, winter), winter);
    }
    if (scene) scene.away = scene.key !== key; // (a scene of another move: its numbers are not this board's)
  } else if (ctx.replay) { if (scene) scene.away = true; return null; } // the replay shows it only at the move that had it
  else if ((ctx.fresh || []).length && scene) { clearTimeout(scene.timer); scene.node?.remove(); scene = null; mark(); } // a later move: gone
  else if (scene?.tables) { // no lines to step through (a reconnect's first update): the scene's move only where its numbers end at these
    const last = scene.tables[scene.tables.length - 1];
    const away = !(kit.players || []).every((p) => FIELDS.every((f) => last.get(p.seat)?.[f] === p[f]));
    // a newer position than the scene's move (by the update's version where the page has it, else
    // by the numbers): its results are dropped at once, not played to their end over it
    if (newer(ctx, scene.key, away)) { clearTimeout(scene.timer); scene.node?.remove(); scene = null; mark(); return null; }
    scene.away = away;
  }
  if (!scene || closed.has(scene.key)) return null;
  if (scene.lang !== lang()) { stop(); return null; } // the lines are in the language of their time
  requestAnimationFrame(mark); // the map is drawn anew with each render: mark the county again
  return scene.node;
}

// Whether the update of `ctx` (a reconnect's first, no lines of its own) is at a later move than
// the panel's (`key`: "<version>:<seat>"): by the update's version where the page gives it, else
// `differs` (its numbers are not those the panel's move ended at).
export function newer(ctx, key, differs) {
  const at = Number(String(key).split(":")[0]);
  return typeof ctx.version === "number" && Number.isFinite(at) ? ctx.version > at : differs;
}

// The players' records of the position before the move (null where the page has none: a reload).
function beforeOf(ctx) {
  return Array.isArray(ctx.prev?.player_info) ? ctx.prev.player_info
    : Array.isArray(ctx.prev?.players) && ctx.prev.players.every((p) => p && typeof p === "object") ? ctx.prev.players : null;
}

// The tables of the steps for this board (kit.players: the view's player records).
function tablesFor(ctx, list, kit, winter) {
  return stepTables(list, kit.players, beforeOf(ctx), ctx.fresh || [], winter);
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

// Who waits for the results to be seen (the winter scoring of the same move): told when "show all"
// (`all`) or "close" ends the wait early, with the scene's key (the move's version and the seat).
const seenHandlers = [];
export function onResultsSeen(handler) { seenHandlers.push(handler); }
function seen(key, all) { for (const handler of seenHandlers) handler(key, all); }

// The conversions of the move (court-steps.js, key as the scene's) were seen: its results start
// now ("show all" there: at once, and whatever waited for them too), else what waited for them
// (the winter scoring).
export function afterCourt(key, all) {
  if (scene?.key === key && scene.start) scene.start(all);
  else seen(key, all);
}

// The players' table at each of the conversions' steps (court-steps.js: `steps`, court steps of
// the move of `ctx`): [before the first, after the first, ...]. Reckoned on from the position
// before the move where the page has it, else counted back from where the results begin (the
// update's numbers where none follow); where nothing follows the conversions that moves the table
// on, the last is the update's numbers.
export function courtTables(ctx, steps, players) {
  const row = (p) => Object.fromEntries(FIELDS.map((f) => [f, p[f]]));
  const final = new Map((players || []).filter((p) => typeof p?.seat === "number").map((p) => [p.seat, row(p)]));
  const items = ctx.fresh || [];
  const list = actionStepList(items);
  const before = beforeOf(ctx);
  if (before) {
    const start = new Map(before.map((p) => [p.seat, row(p)]));
    const after = reckonOn(items, start);
    const at = items.indexOf(steps[0].items[0]);
    const tables = [at > 0 ? after[at - 1] : start, ...steps.map((step) => after[items.indexOf(step.items[step.items.length - 1])] || final)];
    if (!list.length && !hasScoring(items)) tables[tables.length - 1] = final;
    return tables;
  }
  const end = list.length ? stepTables(list, players)[0] : final;
  const tables = [end];
  for (const step of [...steps].reverse()) {
    const table = copyTable(tables[0]);
    for (const item of step.items) {
      const r = table.get(item.entry.a.p);
      if (item.entry.k === "court_convert" && r && typeof r.supply === "number") r.supply -= n(item.entry.a.n);
    }
    tables.unshift(table);
  }
  return tables;
}

function stop() {
  if (scene) {
    const key = scene.key;
    clearTimeout(scene.timer); closed.add(scene.key); scene.node?.remove(); scene.county = null; mark();
    // closed: the table at the update's numbers, or where the winter scoring (still to come) starts
    const at = scene.winter ? Math.max(scene.shown, scene.actions) : scene.tables ? scene.tables.length - 1 : 0;
    paint(at, false);
    // closed: what waited for the results (the winter scoring) starts now
    if (scene.winter) { scene.shown = at; scene.node = null; seen(key, false); return; } // the scoring panel moves the table on
    seen(key, false);
  }
  scene = null;
}

function build(key, list, kit, delay = 0, tables = null, winter = false) {
  if (scene) clearTimeout(scene.timer);
  if (!list.length) { // no results stepped through: the table only, moved by the scoring or the tower
    scene = { key, lang: lang(), node: null, timer: null, county: null, shown: 0, tables, actions: 0, winter };
    // a battle alone: the numbers before it while its cubes fall, then the update's
    if (!winter) scene.timer = setTimeout(() => { if (scene?.key === key) { scene.shown = scene.tables.length - 1; paint(scene.shown); } }, delay);
    return;
  }
  const lis = list.map((step, i) => h("li", { class: "step", "data-step": i, "data-seat": step.seat, style: `--seat:${colour(step.seat)}` },
    // the player's colour; the lines name the player and the action themselves
    h("span", { class: "dot", title: kit.name(step.seat) }), " ",
    step.items.map((item) => h("span", { class: "line", "data-game": "1" }, `${item.text ?? ""} `))));
  const panel = stepPanel({
    name: "action", title: "actionSteps", lis,
    // "show all": the rest of the results, and whatever waited for them (the winter scoring) at once
    skip: () => { clearTimeout(scene?.timer); panel.all(); after(); seen(key, true); seenInFull(key); },
    close: stop,
    onStep: (i) => {
      scene.county = countyOf(list[i]);
      scene.shown = i + 1;
      paint(i + 1);
      mark();
    },
  });
  const node = panel.node;
  // after the results, what the move did next (the winter's grain loss) comes one step later
  function after() {
    if (!scene || scene.winter || !scene.tables || scene.tables.length <= list.length + 1) return;
    scene.shown = scene.tables.length - 1;
    paint(scene.shown);
  }
  const wait = stepMs();
  scene = { key, lang: lang(), node, timer: null, county: null, shown: 0, tables, actions: list.length, winter };
  const tick = () => {
    panel.reveal();
    if (panel.shown < list.length) scene.timer = setTimeout(tick, wait);
    else scene.timer = setTimeout(() => { if (scene) scene.county = null; mark(); after(); }, wait); // the last mark fades with the step
  };
  // the conversions before them were seen (afterCourt): the results start now, or all at once with
  // what waited for them (only while they still wait: results under way go on as they are)
  scene.start = (all) => {
    if (panel.shown || scene?.key !== key) return;
    clearTimeout(scene.timer);
    if (all || !wait) { panel.all(); after(); seen(key, true); }
    else tick();
  };
  if (!wait) { panel.all(); after(); }
  else if (delay) { node.hidden = true; scene.timer = setTimeout(tick, delay); } // after the tower
  else tick();
}
