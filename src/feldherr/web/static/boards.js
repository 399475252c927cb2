// Per-game boards, drawn from the seat's view JSON alone. Each board gets a context:
//   keys   strings that occur in the pending decision's legal moves (to highlight),
//   pick   called with such a key when the player clicks it (filters the choices),
//   names  the seats' names, me: the viewing seat (null: spectator).
import { colour, colourTerm, fitWords, h, mapFrame, playersTable, s, usePalette } from "./dom.js";
import { lang, phaseName, t, tn } from "./i18n.js";
import { elgrandeBoard } from "./board-elgrande.js";
import { isBattle, towerScene } from "./tower.js";
import { contestedProvince, mansfeldBoard } from "./board-mansfeld.js";
import { planBoard } from "./board-wallenstein-plan.js"; // table: the planning board as printed
import { moduleBoards } from "./board-modules.js"; // table: the module boards as printed
import { scoringSteps } from "./scoring-steps.js"; // table: winter scoring step by step
import { actionSteps, stepNumbers } from "./action-steps.js"; // table: an action's results player by player
import { courtNumbers, courtSteps } from "./court-steps.js"; // table: Am Kaiserhof's conversions player by player
import { buildingIcon, fitLabels } from "./board-wallenstein-map.js"; // table: names inside the frame, buildings drawn
import { effectText, tw } from "./words-table.js";

const data = {};
const loading = {};
const waiters = new Set();

// Board data files (outlines) load once; a board drawn before they arrive is redrawn after.
function needs(name, url = `/static/data/${name}.json`) {
  if (data[name]) return data[name];
  if (!loading[name]) {
    // (a file that cannot be had counts as empty: a page waiting for it is drawn all the same)
    loading[name] = fetch(url).then((r) => (r.ok ? r.json() : {})).catch(() => ({})).then((d) => {
      data[name] = d;
      const now = [...waiters];
      waiters.clear(); // before the calls: a redraw registers itself again for the next file
      for (const fn of now) fn();
    });
  }
  return null;
}

export function onData(fn) { waiters.add(fn); }

// Whether the game's own words (its terms: seasons, actions, colours, ...) are here; asks for them
// if not. A page draws a game's table only once they are: drawn before, the table showed the ids
// ("spring", "palace") for as long as the file took, in English on a German page.
export function termsReady(game) {
  return needs(`terms-${game}`, `/api/web/terms/${encodeURIComponent(game)}`) !== null;
}

export function moveKeys(choices) {
  const keys = new Set();
  const walk = (x) => {
    if (typeof x === "string") keys.add(x);
    else if (Array.isArray(x)) x.forEach(walk);
    else if (x && typeof x === "object") Object.values(x).forEach(walk);
  };
  for (const c of choices || []) walk(c.move);
  return keys;
}

// Per seat numbers for the plots: {score: [...], money: [...]}.
export function numbers(game, view) {
  if (game === "wallenstein") {
    const players = wallensteinPlayers(view);
    return { score: players.map((p) => p.vp), money: players.map((p) => p.thaler) };
  }
  if (game === "elgrande" && Array.isArray(view.players)) {
    return { score: view.players.filter((p) => !p.dummy).map((p) => p.score ?? 0) };
  }
  if (Array.isArray(view.scores)) return { score: view.scores };
  if (Array.isArray(view.players) && view.players.every((p) => p && typeof p === "object" && "score" in p)) {
    return { score: view.players.map((p) => p.score) };
  }
  return {};
}

// The rules' names of fixed things (seasons, actions, colours, tiles, events) in the current
// language, from the game's own catalogue; an id without an entry is shown as it is.
let words = {};
export function term(key, prefix = "") {
  const entry = words[prefix + key] || words[key];
  return entry ? entry[lang()] || entry.en : human(key);
}

// A card's name: the term "card.<id>" (El Grande's action cards, Mansfeld's characters).
export function cardName(id) {
  const entry = words[`card.${id}`];
  return entry ? entry[lang()] || entry.en : human(id);
}

// What the help line adds to its phase's words from the board: the El Grande action card in use
// and its printed text while it is placed with, carried out or vetoed ("Carry out the card's special
// action." named no card, and on a phone the card lies far below the decision); the Wallenstein
// county the armies move out of ("from the county that just acted" named none). Null when none.
const CARD_PHASES = new Set(["act", "effect", "veto"]);
export function phaseDetail(game, view) {
  if (game === "wallenstein" && view?.phase === "move" && view.step?.kind === "move" && view.step.from) {
    return tw("movesFrom", { county: view.step.from, action: term(view.step.action) });
  }
  const fought = game === "mansfeld" ? contestedProvince(view) : null;
  if (fought) return tw("foughtOver", { no: fought.no, value: fought.value });
  if (game !== "elgrande" || !view || !CARD_PHASES.has(view.phase) || !view.card_in_use) return null;
  const cards = needs("elgrande-cards", "/api/web/data/elgrande/cards");
  const card = (cards?.cards || []).find((c) => c.id === view.card_in_use);
  return card ? tw("cardInUse", { card: cardName(card.id), text: effectText(card.effect) }) : null;
}

export function renderBoard(game, view, ctx) {
  usePalette(game);
  words = needs(`terms-${game}`, `/api/web/terms/${encodeURIComponent(game)}`) || {};
  const draw = BOARDS[game] || generic;
  const node = draw(view, ctx);
  // The view as data only for a game without a drawn board (a player of the three games never
  // meets JSON on the page).
  const out = h("div", { class: `board-${game}` }, node, BOARDS[game] ? null : raw(view));
  requestAnimationFrame(() => fitWords(out)); // drawn on the page by then: a name's words fit its card
  return out;
}

const BOARDS = { wallenstein, elgrande, mansfeld };

// The players' names as the game's texts name them: a person by the typed name, a bot (and an
// unnamed seat) by its colour in the reader's language, as the log does (the server hands the games
// "" for bots), so the seats bar, the boards and the log speak of the same "Blue". The colour terms
// load with the board; until then a bot keeps the name the table gave it.
export function seatNames(game, seats) {
  const terms = needs(`terms-${game}`, `/api/web/terms/${encodeURIComponent(game)}`) || {};
  const colourName = (seat) => {
    const entry = colourTerm(game, seat, terms);
    return entry ? entry[lang()] || entry.en : null;
  };
  // a person's seat (also hot-seat) by the typed name, an imported one by the name its position
  // gives (the server's seat_name); a bot's, an unnamed one and an import stored before, which
  // the server filed as "1", "2" (never a name to show), by colour
  const named = (s) => s.name && (s.kind === "human" || s.kind === "hotseat" ||
    (s.kind === "imported" && s.name !== String(s.seat + 1)));
  return seats.map((s) => (!named(s) && colourName(s.seat)) || s.name || "");
}

// -- shared pieces -------------------------------------------------------------------------------
const human = (id) => (id === null || id === undefined ? "–" : String(id).replaceAll("_", " "));
// A seat beyond the table's (El Grande's neutral player of a two-player game) as the log names it:
// its colour with "(neutral)".
const neutral = (seat) => (words[`colour.${seat}`] ? t("neutralOf", { colour: term(`colour.${seat}`) }) : t("dummy"));
const name = (ctx, seat) => ctx.names[seat] || (seat >= ctx.names.length ? neutral(seat) : t("player"));

function chips(items, cls = "") {
  return h("ul", { class: `chips ${cls}` }, (items || []).map((x) => h("li", { class: x === null ? "face-down" : "" }, x === null ? "?" : cardName(x))));
}

function pickable(ctx, key, label) {
  const legal = ctx.keys.has(key);
  return h("button", { type: "button", class: `key ${legal ? "legal" : ""} ${ctx.filter === key ? "active" : ""}`, disabled: !legal,
    onclick: () => ctx.pick(key), title: legal ? t("legal") : "" }, label ?? human(key));
}

function seatCell(ctx, seat) {
  return h("th", { style: `--seat:${colour(seat)}`, scope: "row" }, h("span", { class: "dot" }), name(ctx, seat), seat === ctx.me ? ` · ${t("you")}` : "");
}

function info(label, value) {
  return h("div", { class: "info" }, h("span", { class: "label" }, label), " ", h("strong", {}, value));
}

function raw(view) {
  return h("details", { class: "raw" }, h("summary", {}, t("view")), h("pre", {}, JSON.stringify(view, null, 1)));
}

function generic(view, ctx) {
  const skip = new Set(["game", "seat", "log", "decision"]);
  return h("dl", { class: "generic" }, Object.entries(view).filter(([k]) => !skip.has(k)).map(([k, v]) => [
    h("dt", {}, human(k)), h("dd", {}, typeof v === "object" && v !== null ? JSON.stringify(v) : human(v))]));
}

// -- Wallenstein ------------------------------------------------------------------------------------
const REGION_TINT = { Brandenburg: "#e8dcc0", Sachsen: "#d5e3c8", Kurpfalz: "#cfdbe8", Bayern: "#e6d0d8", "Österreich": "#e9e2b5" };
const TOWER_COLOURS = ["red", "blue", "yellow", "purple", "black", "peasants"];
const PLAYER_FIELDS = ["thaler", "grain", "vp", "supply", "cards"];

function wallenstein(view, ctx) {
  const map = needs("wallenstein-map");
  const W = 1000 * map?.aspect || 950, H = 1000;
  let svg;
  if (!map) svg = h("p", {}, "…");
  else {
    svg = s("svg", { viewBox: `0 0 ${W} ${H}`, class: "map", id: "map", role: "group", "aria-label": t("board") },
      Object.entries(map.counties).map(([cname, c]) => {
        const state = view.counties?.[cname];
        if (!state) { // not in play (the 3-player game)
          const pts = c.outline.map(([x, y]) => `${(x * W).toFixed(1)},${(y * H).toFixed(1)}`).join(" ");
          return s("g", { class: "county out", "data-county": cname, "data-tip": t("countyOut", { name: cname }) }, s("polygon", { points: pts, class: "shape", fill: "#d8d8d8" }));
        }
        const leaderOf = (view.leaders?.leader || []).indexOf(cname);
        const legal = ctx.keys.has(cname);
        const [cx, cy] = [c.centre[0] * W, c.centre[1] * H];
        const owner = state.owner;
        const pts = c.outline.map(([x, y]) => `${(x * W).toFixed(1)},${(y * H).toFixed(1)}`).join(" ");
        // "Neumark (Brandenburg) — Clara: 2 armies, 1 revolt marker, palace" (it read "armies: 2,
        // unrest: 0, Clara", a form's fields); a county nobody holds: its neutral word
        const parts = [state.revolt_markers ? tn("unrestN", state.revolt_markers) : null, ...state.buildings.map((b) => term(b, "b."))].filter(Boolean);
        const title = `${cname} (${c.region}) — ` +
          (owner >= 0 ? `${name(ctx, owner)}: ${[tn("armiesN", state.armies), ...parts].join(", ")}` : [t("neutralCounty"), ...parts].join(", "));
        const moved = ctx.prev && JSON.stringify(ctx.prev.counties?.[cname]) !== JSON.stringify(state);
        return s("g", { class: `county ${legal ? "legal" : ""} ${ctx.filter === cname ? "active" : ""} ${moved ? "changed" : ""}`, "data-county": cname,
          tabindex: legal ? 0 : null, role: legal ? "button" : null, "aria-label": title, "data-tip": title, // table: on hover and tap
          onclick: legal ? () => ctx.pick(cname) : null,
          onkeydown: legal ? (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); ctx.pick(cname); } } : null },
        s("polygon", { points: pts, fill: REGION_TINT[c.region] || "#eee", class: "shape" }),
        owner >= 0 ? s("circle", { cx, cy: cy + 8, r: 17, fill: colour(owner), class: "owner" }) : null,
        owner >= 0 ? s("text", { x: cx, y: cy + 14, class: "armies", "text-anchor": "middle" }, state.armies) : null,
        leaderOf >= 0 ? s("text", { x: cx - 24, y: cy + 16, class: "leader", fill: colour(leaderOf), "text-anchor": "middle" }, "★") : null,
        state.buildings.map((b, i) => buildingIcon(b, cx + 20 + i * 20, cy - 4)),
        state.revolt_markers ? s("g", {}, s("polygon", { points: `${cx - 34},${cy + 14} ${cx - 24},${cy - 4} ${cx - 14},${cy + 14}`, class: "unrest" }),
          s("text", { x: cx - 24, y: cy + 12, class: "unrest-l", "text-anchor": "middle" }, state.revolt_markers)) : null);
      }),
      s("path", { d: regionBorders(map, W, H), class: "region-border" }),
      // The names on top of every county (a neighbour's shape never covers them), kept inside the
      // frame (Oberösterreich, Niederösterreich at the edge).
      s("g", { class: "cnames" }, Object.entries(map.counties).map(([cname, c]) => {
        const half = cname.length * 3.6;
        const x = Math.min(Math.max(c.centre[0] * W, half + 3), W - half - 3);
        return s("text", { x, y: c.centre[1] * H - 14, class: "cname", "text-anchor": "middle" }, cname);
      })));
    requestAnimationFrame(() => fitLabels(svg));
  }
  const players = wallensteinPlayers(view);
  const me = players.find((p) => p.seat === ctx.me);
  // the results' steps first: the winter scoring after them moves the same players' table on
  const acting = actionSteps(ctx, { name: (seat) => name(ctx, seat), players });
  const scoring = scoringSteps(ctx, { name: (seat) => name(ctx, seat), term, words, players });
  const converting = courtSteps(ctx, { name: (seat) => name(ctx, seat), term, words, players, court: view.court });
  const tower = view.tower || { inside: [], tray: [] };
  // a row with no cubes says so (the tray stood as "tray" with nothing after it)
  const cube = (counts, label) => h("div", { class: "tower-row" }, h("span", { class: "label" }, label),
    counts.some((n) => n) ? counts.map((n, i) => (n ? h("span", { class: "cube", style: `--seat:${colour(i)}`, "data-tip": `${term(TOWER_COLOURS[i] ?? String(i))}: ${n}` }, n) : null))
      : h("span", { class: "empty-note" }, t("rowEmpty")));
  return h("div", { class: "wallenstein" },
    h("div", { class: "row" }, info(t("year"), `${view.year ?? "–"} · ${term(view.season)}`), info(t("phase"), phaseName(view.phase)),
      // the event by its title: the game's term "event.<id>" (an id alone is never shown)
      view.event !== null && view.event !== undefined && (words[`event.${view.event}`] || words[`ev.${view.event}`])
        ? info(t("event"), term(view.event, words[`event.${view.event}`] ? "event." : "ev.")) : null),
    scoring,
    converting,
    acting,
    // the last move's battle by the map, where the player is looking while it runs
    lastBattle(ctx),
    // the map's frame: on a phone the map keeps a readable size and is moved sideways in its frame
    mapFrame("wallenstein", svg, t("mapSwipe")),
    // (while the court's conversions or an action's results are shown player by player, the
    // numbers as they stand after the step shown: court-steps.js and action-steps.js bring the
    // cells along with their steps)
    playersTable(PLAYER_FIELDS.map((k) => t(k)), players.map((p) => {
      const now = courtNumbers(p) ?? stepNumbers(p);
      return h("tr", { "data-seat": p.seat }, seatCell(ctx, p.seat), PLAYER_FIELDS.map((k) => h("td", { "data-field": k }, now[k])));
    })),
    planBoard(view, me, ctx, { term, name, players, map, rules: needs("rules-wallenstein", "/api/web/data/wallenstein/rules"),
      modules: needs("modules-wallenstein", "/api/web/data/wallenstein/modules") }),
    me && me.hand?.length ? h("div", { id: "hand" }, h("h3", {}, t("hand")), h("div", { class: "keys" }, me.hand.map((c) => {
      const card = pickable(ctx, c);
      if (ctx.keys.has(c)) {
        card.draggable = true;
        card.addEventListener("dragstart", (e) => e.dataTransfer.setData("text/plain", c));
      }
      return card;
    }))) : null,
    // the tower's cubes; an empty tower says so (its two rows stood there with nothing in them)
    h("div", { class: "tower", id: "tower" }, h("h3", {}, t("tower")),
      [...(tower.inside || []), ...(tower.tray || [])].some((n) => n) ? [cube(tower.inside || [], t("inside")), cube(tower.tray || [], t("tray"))]
        : h("p", { class: "empty-note" }, t("towerEmpty"))),
    // the round's action cards and bonus tiles, once they are out (not while the counties are drafted)
    (view.actions || []).length || view.actions_hidden || (view.bonus_tiles || []).length ? h("div", { class: "row" },
      h("div", {}, h("h3", {}, t("actions")), chips((view.actions || []).map((a) => term(a))), view.actions_hidden ? h("small", {}, `+${tn("hiddenN", view.actions_hidden)}`) : null),
      h("div", {}, h("h3", {}, t("bonus")), chips((view.bonus_tiles || []).map((b) => term(b))))) : null,
    view.draft ? h("div", { id: "draft" }, h("h3", {}, t("draft")), view.draft.faceup ? h("div", { class: "keys" }, view.draft.faceup.map((c) => pickable(ctx, c))) : null,
      typeof view.draft.deck_size === "number" ? h("small", {}, tn("leftN", view.draft.deck_size)) : null,
      Array.isArray(view.draft.groups) ? h("ul", { class: "chips" }, view.draft.groups.map((g, seat) => (Array.isArray(g) ? h("li", { style: `--seat:${colour(seat)}` },
        h("span", { class: "dot" }), `${name(ctx, seat)} · ${t("armyGroups")}: ${g.join(" · ")}`) : null))) : null) : null,
    moduleBoards(view, ctx, { term, name, words, players, modules: needs("modules-wallenstein", "/api/web/data/wallenstein/modules") }));
}

// The last move's battle, if it had one: the tower animated (tower.js), then its result line.
function lastBattle(ctx) {
  const fresh = ctx.fresh || [];
  const at = fresh.findLastIndex(isBattle);
  if (at < 0) return null;
  const item = fresh[at];
  const result = fresh[at + 1]?.text ?? null;
  return towerScene(item, result, `${item.version}:${at}:${item.entry.a.county}`);
}

// A plan box's card in words: money by its Taler, a county by name, a handed-over card ("lost"),
// the tower card by the game's terms, no card (null: fewer cards than boxes) as leaving it empty.
export function slotValue(value) {
  if (typeof value === "number") return tn("talerN", value);
  if (value === "lost") return t("planLost");
  if (value === null) return t("planLeaveEmpty");
  return words[value] ? term(value) : human(value);
}

// The regions' borders: the county edges that two counties of different regions share, and the
// coast (edges of one county only). Neighbouring outlines share their vertices exactly.
const borderCache = new Map();
function regionBorders(map, W, H) {
  if (borderCache.has(map)) return borderCache.get(map);
  const seen = new Map();
  for (const [cname, c] of Object.entries(map.counties)) {
    c.outline.forEach((a, i) => {
      const b = c.outline[(i + 1) % c.outline.length];
      const key = [a.join(","), b.join(",")].sort().join("|");
      const entry = seen.get(key) || { a, b, regions: [] };
      entry.regions.push(c.region);
      seen.set(key, entry);
    });
  }
  const pt = ([x, y]) => `${(x * W).toFixed(1)},${(y * H).toFixed(1)}`;
  const d = [...seen.values()].filter((e) => e.regions.length === 1 || e.regions[0] !== e.regions[1])
    .map((e) => `M${pt(e.a)}L${pt(e.b)}`).join("");
  borderCache.set(map, d);
  return d;
}

// The view's per-seat records: "players" in the template's envelope, "player_info" before it.
function wallensteinPlayers(view) {
  if (Array.isArray(view.player_info)) return view.player_info;
  return Array.isArray(view.players) && view.players.every((p) => p && typeof p === "object") ? view.players : [];
}

// -- El Grande: board-elgrande.js (the map of Spain) ----------------------------------------------
function elgrande(view, ctx) {
  return elgrandeBoard(view, ctx, { needs, cardName, info, name, scoringTrack, seatCell });
}

// The scoring track: a ruler from 0 with each seat's marker at its score (stacked when equal). A
// mark every 10 points; a number at most every twelfth of the ruler (every 20 or 50 points once
// the scores pass 120: a phone's numbers, 13 px, ran into each other, "100110120130140150").
function scoringTrack(players, ctx) {
  const top = Math.max(50, ...players.map((p) => p.score ?? 0));
  const X = (v) => 10 + (v / top) * 380;
  const every = [10, 20, 50, 100].find((n) => top / n <= 12) || 10 * Math.ceil(top / 120);
  const seen = new Map();
  return s("svg", { viewBox: "0 0 400 52", class: "track", id: "track", role: "img", "aria-label": t("score") },
    s("line", { x1: 10, x2: 390, y1: 30, y2: 30, class: "axis" }),
    Array.from({ length: Math.floor(top / 10) + 1 }, (_, k) => [s("line", { x1: X(k * 10), x2: X(k * 10), y1: 26, y2: 34, class: "axis" }),
      (k * 10) % every ? null : s("text", { x: X(k * 10), y: 50, class: "tick", "text-anchor": "middle" }, k * 10)]),
    players.map((p) => {
      const v = p.score ?? 0;
      const k = seen.get(v) || 0;
      seen.set(v, k + 1);
      // the marker's player and score on hover and tap (tip.js)
      return s("circle", { cx: X(v), cy: 22 - k * 7, r: 4, fill: colour(p.seat), class: "marker", "data-tip": `${name(ctx, p.seat)}: ${tn("pointsN", v)}` });
    }));
}

// -- Ernst von Mansfeld: board-mansfeld.js ----------------------------------------------------------
function mansfeld(view, ctx) {
  return mansfeldBoard(view, ctx, { needs, cardName, info, name, seatCell, character, term });
}

// An open character as its card shows it: name, cost, strength and ability (the view's
// "open_cards"); a legal one recruits with a click, ✓ where the current roll reaches it.
function character(ctx, key, card, reachable) {
  const legal = ctx.keys.has(key);
  const words = (w) => (w ? w[lang()] || w.en : null);
  return h("button", { type: "button", class: `key character ${legal ? "legal" : ""} ${ctx.filter === key ? "active" : ""}`,
    // not disabled: a card that cannot be taken still shows its text on hover and tap
    "aria-disabled": legal ? null : "true", "data-card": key, onclick: legal ? () => ctx.pick(key) : null, title: legal ? t("legal") : null },
  h("strong", { class: "name" }, card ? words(card.name) : cardName(key), reachable ? " ✓" : ""),
  card ? h("span", { class: "stats" }, `${t("cost")} ${card.cost} · ${t("strength")} ${card.strength}`) : null,
  card && card.text ? h("small", { class: "ability" }, words(card.text)) : null);
}
