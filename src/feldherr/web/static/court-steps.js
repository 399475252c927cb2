// Wallenstein with Am Kaiserhof: the court's conversions player by player. Once the plans are in,
// every player's three court boxes are revealed in player order ("convert 3 armies" first) and
// carried out without a decision in between, and the server sends all of it with one update: the
// courtiers jumped at once. A panel over the map (the scoring panel's frame) shows each player's
// conversions in turn at the pace setting (at least a short step; "at once" shows all), in the
// client's words (the armies and the county or the tray they came from, a box that could not be
// carried out with the game's reason), beside a table of the courtiers each player gained and
// those in the entrance hall after it; "show all" and "close" as on the other panels, and the next
// move waits until the last player was seen (`courtHold`). The players' table under the map moves
// with the steps (`courtNumbers`: the armies back in each supply as the player's step shows them).
// Where the same move went on with an action's results or the winter scoring, their panels wait
// until the conversions were seen (`afterCourt`: "close" starts them now, "show all" shows them at
// once too). Render-only, built from the last move's log lines; a later move, or a reconnect at a
// later move, takes it away; a reload shows none; the replay shows it at the move that converted.
import { colour, h } from "./dom.js";
import { lang } from "./i18n.js";
import { paceSetting, seenInFull, SPEEDS } from "./pace.js";
import { afterCourt, courtStepList, courtTables, newer, paintTable } from "./action-steps.js";
import { stepPanel } from "./step-panel.js";
import { wb } from "./words-boards.js";

export { courtStepList };
const STEP_MIN = 700; // a step is seen even at the fastest paced speed
let scene = null; // {key, lang, node, timer, tables, shown, handed, away}
const closed = new Set();

function stepMs() {
  const pace = SPEEDS[paceSetting()];
  return pace > 0 ? Math.max(STEP_MIN, pace) : 0;
}

// How long a paced update with conversions holds the next move: each player's step at the pace.
export function courtHold(log) {
  const steps = courtStepList(log);
  const ms = stepMs();
  return steps.length && ms > 0 ? steps.length * ms + 400 : 0;
}

const converted = (step) => step.items.reduce((sum, item) => sum + (item.entry.k === "court_convert" ? item.entry.a.n || 0 : 0), 0);

// A box's line in the page's words: the armies and where they came from (a county by its name,
// the tower's tray by the game's word), and why a box could not be carried out (the game's word).
function lineWords(entry, kit) {
  const a = entry.a || {};
  const source = a.source === "tray" ? kit.term("tray") : a.source;
  if (entry.k === "court_convert") return wb("courtConvertN", { n: a.n, source });
  if (entry.k === "court_skip") return wb("courtSkipN", { n: a.n, source, reason: kit.term(a.reason) });
  return wb("courtLostN", { n: a.n, reason: kit.term(a.reason) });
}

// The panel for the board (null when the last move converted nothing); kit: {name, term, words,
// court: the view's court (its halls: the courtiers at court after the move), players}.
export function courtSteps(ctx, kit) {
  const list = courtStepList(ctx.fresh);
  if (list.length && kit.words && Object.keys(kit.words).length) { // (built once the game's terms are here)
    const key = `${list[0].items[0].version}:${ctx.me}`;
    if ((!scene || scene.key !== key) && !closed.has(key)) build(key, list, kit, courtTables(ctx, list, kit.players));
    if (scene) scene.away = scene.key !== key;
  } else if (ctx.replay) { if (scene) scene.away = true; return null; } // the replay shows it only at the move that converted
  else if ((ctx.fresh || []).length) stop(false); // a later move: gone
  else if (scene && newer(ctx, scene.key, false)) stop(false); // a reconnect at a later move: gone at once
  if (!scene || closed.has(scene.key)) return null;
  if (scene.lang !== lang()) { stop(); return null; } // the lines are in the language of their time
  return scene.node;
}

// A player's numbers as the players' table shows them while the conversions run (after the steps
// shown so far); null once they were seen (what follows them, action-steps.js, moves it on) or
// where none run for this board.
export function courtNumbers(p) {
  if (!scene || scene.handed || scene.away || closed.has(scene.key)) return null;
  const now = scene.tables?.[scene.shown]?.get(p.seat);
  return now ? { ...p, ...now } : null;
}

// The conversions were seen (their time ran out, "show all" or "close"): the table as they left it,
// and what the move did after them starts (`all`: at once).
function hand(all) {
  if (!scene || scene.handed) return;
  scene.handed = true;
  if (!scene.away) paintTable(scene.tables?.[scene.tables.length - 1], false); // (not over another step's table)
  afterCourt(scene.key, all);
}

function stop(close = true) {
  if (scene) {
    clearTimeout(scene.timer);
    if (close) { closed.add(scene.key); hand(false); }
    scene.node.remove();
  }
  scene = null;
}

function build(key, list, kit, tables) {
  if (scene) clearTimeout(scene.timer);
  // every player at the table, in the order the page lists them; at court after the move: the
  // entrance and audience halls together (the audience hall fills from the entrance hall after the
  // conversions, and empties back into it)
  const seats = (kit.players || []).map((p) => p.seat);
  for (const step of list) if (!seats.includes(step.seat)) seats.push(step.seat);
  const court = kit.court || {};
  const after = new Map(seats.map((seat) => [seat, ((court.entrance_hall || [])[seat] ?? 0) + ((court.audience_hall || [])[seat] ?? 0)]));
  const gainOf = new Map(seats.map((seat) => [seat, list.filter((s) => s.seat === seat).reduce((sum, s) => sum + converted(s), 0)]));
  const lis = list.map((step, i) => h("li", { class: "step", "data-step": i, "data-seat": step.seat, style: `--seat:${colour(step.seat)}` },
    h("span", { class: "dot" }), h("span", { class: "who" }, kit.name(step.seat)), ": ",
    step.items.map((item, k) => h("span", { class: "line" }, `${k ? "; " : ""}${lineWords(item.entry, kit)}`))));
  const base = new Map(seats.map((seat) => [seat, after.get(seat) - gainOf.get(seat)]));
  const panel = stepPanel({
    name: "court", title: "courtSteps", lis,
    // "show all": every player's conversions, and what waited for them (the results, the scoring) at once
    skip: () => { clearTimeout(scene?.timer); panel.all(); hand(true); seenInFull(key); },
    close: () => stop(),
    points: { heads: ["courtGained", "courtHall"], seats, name: kit.name, base },
    onStep: (i) => {
      panel.add(list[i].seat, converted(list[i]));
      if (scene?.key === key && !scene.handed) { scene.shown = i + 1; if (!scene.away) paintTable(tables[i + 1]); }
    },
  });
  const wait = stepMs();
  scene = { key, lang: lang(), node: panel.node, timer: null, tables, shown: 0, handed: false, away: false };
  // the last player's step is seen for a step's time too before what follows starts
  const tick = () => { panel.reveal(); scene.timer = setTimeout(panel.shown < list.length ? tick : () => hand(false), wait); };
  if (!wait) { panel.all(); hand(false); }
  else tick();
}
