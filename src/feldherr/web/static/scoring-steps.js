// Wallenstein's winter scoring shown step by step (issue 23): when a move's log holds the winter
// scoring (the log entries "score", "majority" and "leader_score"), a panel on the table reveals
// each step one at a time at the pace setting (pace.js; "at once" shows all): the points for
// counties and buildings, each region's majority of palaces, churches and trading posts, the
// military leaders' statues and trophies; beside them the points each player got so far and their
// totals. "show all" reveals the rest at once, "close" removes the panel (either lets the next move
// come one plain step later: `seenInFull`). The panel lives across
// re-renders (the same node is put into each new board); a reload shows no panel, only the
// position. Where the move's last action was carried out player by player (action-steps.js), the
// scoring follows once those results were seen ("show all" there shows the scoring at once too,
// "close" starts it now: `onResultsSeen`), and the players' table under the map moves with its
// steps (`winterStep`): the grain lost and the revolts with the first, the points step by step.
import { colour, h } from "./dom.js";
import { lang } from "./i18n.js";
import { paceSetting, seenInFull, SPEEDS } from "./pace.js";
import { wb } from "./words-boards.js";
import { actionsMs, courtMs, newer, onResultsSeen, winterStep } from "./action-steps.js";
import { stepPanel } from "./step-panel.js";
import { isBattle, TOWER_MS } from "./tower.js";

const KINDS = new Set(["score", "majority", "leader_score"]);
let scene = null; // {key, lang, node, timer}
const closed = new Set();

const isScoring = (item) => item?.entry?.k === "score";

// The results before the scoring were seen early: "show all" on their panel shows the scoring's
// steps at once too (as its own "show all"), "close" starts them now at the pace.
onResultsSeen((key, all) => { if (scene && scene.key === key) scene.start?.(all); });

// What the scoring waits for: the results of the move's last action shown player by player (after
// the conversions of Am Kaiserhof before them), else the conversions and the tower of a revolt (a
// battle) before it.
function before(log) {
  const items = log || [];
  const first = items.findIndex(isScoring);
  const wait = SPEEDS[paceSetting()];
  if (!wait) return 0;
  return actionsMs(items) || courtMs(items) + (items.slice(0, first).some(isBattle) ? TOWER_MS + 800 : 0);
}

// How long a paced update with a scoring holds the next move: its steps at the current pace.
export function scoringHold(log) {
  const items = (log || []).filter((item) => KINDS.has(item?.entry?.k));
  if (!items.some(isScoring)) return 0;
  const wait = SPEEDS[paceSetting()];
  return wait ? before(log) + (1 + items.filter((x) => x.entry.k === "majority").length + 2) * wait : 0;
}

// The steps of a scoring: [{caption, game, gains: [[seat, points], ...]}].
function steps(items, kit = {}) {
  const out = [];
  const scores = items.filter(isScoring);
  out.push({ caption: wb("scoringBase"), game: false, gains: scores.map((it) => [it.entry.a.p, it.entry.a.base]) });
  for (const it of items.filter((x) => x.entry.k === "majority")) {
    const a = it.entry.a;
    const what = kit.words?.[`most.${a.building}`] ? kit.term(`most.${a.building}`) : null;
    // "Most palaces in Bayern" in the client's words where the game's terms name the building, else the game's line
    // a tie scores one less each ("a tie gives each tied player the amount minus 1"): said, not left to guess
    const tie = (a.seats || []).length > 1 ? ` (${wb("scoringTie")})` : "";
    out.push(what ? { caption: wb("scoringMost", { what, region: a.region }) + tie, game: false, gains: (a.seats || []).map((seat) => [seat, a.vp]) }
      : { caption: it.text ?? "", game: true, gains: (a.seats || []).map((seat) => [seat, a.vp]) });
  }
  const leaders = items.filter((x) => x.entry.k === "leader_score");
  // (a player whose leader left no statue and took none gains nothing: not named with "0 VP")
  if (leaders.length) out.push({ caption: wb("scoringLeaders"), game: false, gains: leaders.filter((it) => it.entry.a.vp).map((it) => [it.entry.a.p, it.entry.a.vp]) });
  return out;
}

export function scoringSteps(ctx, kit) {
  const fresh = (ctx.fresh || []).filter((item) => KINDS.has(item?.entry?.k));
  const first = fresh.find(isScoring);
  if (first && kit.words && Object.keys(kit.words).length) { // (built once the game's terms are here)
    const key = `${first.version}:${ctx.me}`;
    if ((!scene || scene.key !== key) && !closed.has(key)) build(key, fresh, kit, before(ctx.fresh));
  }
  if (ctx.replay && !first) return null; // the replay shows it only at the move that scored
  // a reconnect's first update (no lines of its own, and no position before it) at a later move:
  // the scoring is dropped at once, not played to its end over the newer position (without the
  // update's version: where the points differ from the scoring's totals). A later move without
  // lines (the next season's plans, hidden, one box at a time right after each winter) keeps it as
  // any later move does: taken for a reconnect, it dropped the panel as soon as it came.
  if (scene && !first && !ctx.prev && !(ctx.fresh || []).length && !closed.has(scene.key)) {
    const differs = (kit.players || []).some((p) => scene.totals.has(p.seat) && scene.totals.get(p.seat) !== p.vp);
    if (newer(ctx, scene.key, differs)) { clearTimeout(scene.timer); scene.node.remove(); scene = null; return null; }
  }
  if (!scene || closed.has(scene.key)) return null;
  if (scene.lang !== lang()) { stop(); return null; } // the captions are in the language of their time
  return scene.node;
}

function stop() {
  if (scene) { clearTimeout(scene.timer); closed.add(scene.key); scene.node.remove(); winterStep(0, true); }
  scene = null;
}

// `delay`: the results before the winter are shown first (the panel waits hidden meanwhile).
function build(key, items, kit, delay = 0) {
  if (scene) clearTimeout(scene.timer);
  const list = steps(items, kit);
  const scores = items.filter(isScoring);
  const seats = scores.map((it) => it.entry.a.p);
  const before = new Map(scores.map((it) => [it.entry.a.p, it.entry.a.total - it.entry.a.base - it.entry.a.majorities]));
  const lis = list.map((step, i) => h("li", { class: "step", "data-step": i },
    h("span", { class: "caption", "data-game": step.game ? "1" : null }, step.caption), step.game ? " " : ": ",
    h("span", { class: "gains" }, step.gains.length
      ? step.gains.map(([seat, points]) => h("span", { class: "gain", style: `--seat:${colour(seat)}` }, h("span", { class: "dot" }), `${kit.name(seat)} ${wb("vpN", { n: points })}`))
      : wb("scoringNobody"))));
  const panel = stepPanel({
    name: "scoring", title: "scoring", lis,
    skip: () => { clearTimeout(scene?.timer); panel.all(); seenInFull(key); },
    close: () => { stop(); seenInFull(key); }, // (closed: the player is done watching, as with "show all")
    points: { heads: ["scoringGained", "scoringTotal"], seats, name: kit.name, base: before },
    onStep: (i) => {
      for (const [seat, points] of list[i].gains) panel.add(seat, points);
      winterStep(i, i === list.length - 1); // the players' table as it stands after this step
    },
  });
  const node = panel.node;
  const wait = SPEEDS[paceSetting()];
  // each player's points once scored (the leaders' come after the score lines' totals)
  const totals = new Map(scores.map((it) => [it.entry.a.p, it.entry.a.total]));
  for (const it of items.filter((x) => x.entry.k === "leader_score")) totals.set(it.entry.a.p, (totals.get(it.entry.a.p) ?? 0) + (it.entry.a.vp ?? 0));
  scene = { key, lang: lang(), node, timer: null, totals };
  const tick = () => { panel.reveal(); if (panel.shown < list.length) scene.timer = setTimeout(tick, wait); };
  // (only while it still waits for the results: a scoring under way goes on as it is)
  scene.start = (all) => {
    if (panel.shown || scene?.key !== key) return;
    clearTimeout(scene.timer);
    if (all || !wait) panel.all();
    else tick();
  };
  if (!wait) panel.all();
  else if (delay) { node.hidden = true; scene.timer = setTimeout(tick, delay); } // after the results
  else tick();
}
