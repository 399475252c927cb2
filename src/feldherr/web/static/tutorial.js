// A guided first game per title: started from the lobby, a game against bots from a fixed seed
// (so the opening on screen is always the same), and a panel that explains each step of the
// opening on the real board as the player makes it — the part of the board it talks about is
// outlined. The guide follows the phases of the player's own decisions; after the opening it says
// so and the game goes on.
import { api, h } from "./dom.js";
import { lang } from "./i18n.js";
import { remember } from "./store.js";
import { tw } from "./words-table.js";

export const GUIDED = {
  mansfeld: { players: 3, seed: 2317 },
  elgrande: { players: 3, seed: 2317 },
  wallenstein: { players: 3, seed: 2317 },
};

// The number of characters the player holds (Mansfeld's view).
const ownCards = (view) => (view?.players || []).find((p) => p.seat === view?.seat)?.cards?.length || 0;

// Each step: the phase of the player's decision it explains, the board part to outline, its words
// (a key of the table's catalogue, words-table.js; `keyIf(view)` may name other words for the
// position on the board).
const SCRIPT = {
  mansfeld: [
    { phase: "dice", focus: "#characters", key: "guide.mansfeld.1" },
    { phase: "recruit", focus: "#dice", key: "guide.mansfeld.2" },
    // round two: the words depend on whether the player recruited anybody in round one
    { phase: "dice", focus: "#players", key: "guide.mansfeld.3", keyIf: (view) => (ownCards(view) ? null : "guide.mansfeld.3none") },
  ],
  elgrande: [
    { phase: "power", focus: "#hand", key: "guide.elgrande.1" },
    { phase: "court", focus: "#players", key: "guide.elgrande.2" },
    { phase: "take", focus: "#stacks", key: "guide.elgrande.3" },
    { phase: "act", repeat: true, focus: "#map", key: "guide.elgrande.4" },
    { phase: "effect", repeat: true, focus: "#map", key: "guide.elgrande.5" },
  ],
  wallenstein: [
    { phase: "draft", repeat: true, focus: "#draft", key: "guide.wallenstein.1" },
    { phase: "plan", repeat: true, focus: "#plan", key: "guide.wallenstein.2" },
    { phase: "position", focus: "#decision", key: "guide.wallenstein.3" }, // the places with their bonus tiles
    { phase: "move", repeat: true, focus: "#map", key: "guide.wallenstein.4" },
  ],
};

const KEY = (id) => `feldherr:guide:${id}`;

// Start a guided game: the player and bots, a fixed seed; then the seat's page.
export async function startGuided(game) {
  const g = GUIDED[game];
  // the player without a name: the game names the seat by its colour in each page's language ("Rot
  // nimmt …", "Red takes …"; a stored "Gast" read "Gast takes …" once the page was switched to
  // English, and a name "Du" made "Du nimmt …" and "Du · du" in the seats)
  const seats = [{ kind: "human" }];
  for (let i = 1; i < g.players; i++) seats.push({ kind: "bot", bot: "random", name: `Bot ${i}` });
  const out = await api(`/api/games?lang=${lang()}`, { method: "POST", body: JSON.stringify({ game, options: { players: g.players }, seats, seed: g.seed, public: false }) });
  const token = out.seats[0].token;
  remember(out.id, [token]);
  localStorage.setItem(KEY(out.id), JSON.stringify({ game, step: 0, seen: null, done: false }));
  location.assign(`/play/${out.id}#tokens=${token}`);
}

// Whether this game is a guided one still being explained (its seat's page asks for no name then).
export function guided(gameId) {
  try { return localStorage.getItem(KEY(gameId)) !== null; } catch { return false; }
}

// play.js tells the guide when the player sent a move.
export function guideMoved(gameId, version) {
  try {
    const state = JSON.parse(localStorage.getItem(KEY(gameId)) || "null");
    if (state) localStorage.setItem(KEY(gameId), JSON.stringify({ ...state, moves: (state.moves || 0) + 1, movedAt: version }));
  } catch { /* not a guided game */ }
}

// The lobby's panel: one button per title.
export function guidedPanel(catalogue) {
  const titles = new Map((catalogue || []).map((c) => [c.name, c.title]));
  return h("section", { class: "panel", id: "guided" }, h("h2", {}, tw("guided")), h("p", {}, tw("guidedHint")),
    h("div", { class: "keys" }, Object.keys(GUIDED).filter((g) => titles.has(g)).map((g) =>
      h("button", { type: "button", id: `guided-${g}`, onclick: (e) => { e.target.disabled = true; startGuided(g).catch(() => { e.target.disabled = false; }); } }, titles.get(g)))));
}

// The guide on the seat's page: null when this game is not guided.
export function guidePanel(gameId, update, root) {
  let state;
  try { state = JSON.parse(localStorage.getItem(KEY(gameId)) || "null"); } catch { state = null; }
  if (!state || !SCRIPT[state.game] || !update) return null;
  const script = SCRIPT[state.game];
  const phase = update.view?.phase;
  const asked = (update.choices || []).length > 0;
  // (Other seats' simultaneous moves change the version while my decision stays the same: a new
  // decision is one asked after a move of mine, counted by guideMoved.)
  if (!state.done && asked && state.seen !== (state.moves || 0) && !(update.version <= state.movedAt)) {
    // A new decision of mine: the next scripted step of its phase; a step marked "repeat" covers
    // several decisions (the ten boxes of a plan); back at a phase already explained, or past the
    // last step, the opening is over.
    if (state.seen === undefined || state.seen === null) {
      state.step = Math.max(0, script.findIndex((step) => step.phase === phase));
      state.skipped = state.step; // the steps before it never came: they are not counted
      state.skippedHere = state.step > 0;
    } else {
      const ahead = script.findIndex((step, i) => i > state.step && step.phase === phase);
      const current = script[state.step];
      state.skippedHere = false;
      if (ahead >= 0) {
        // a step between never came (Mansfeld: dice that make no character ask for no recruit)
        state.skipped = (state.skipped || 0) + ahead - state.step - 1;
        state.skippedHere = ahead > state.step + 1;
        state.step = ahead;
      }
      else if (current.phase === phase && current.repeat) { /* the same step goes on */ }
      else if (script.some((step) => step.phase === phase) || state.step === script.length - 1) state.done = true;
    }
    state.seen = state.moves || 0;
    localStorage.setItem(KEY(gameId), JSON.stringify(state));
  }
  for (const old of root.querySelectorAll(".guide-focus")) old.classList.remove("guide-focus");
  if (state.done || update.outcome) {
    return h("section", { class: "panel guide done", id: "guide", "data-step": "done" }, h("h2", {}, tw("guided")), h("p", {}, tw("guideDone")),
      h("button", { type: "button", id: "guide-close", onclick: () => { localStorage.removeItem(KEY(gameId)); document.querySelector("#guide")?.remove(); } }, tw("guideClose")));
  }
  const step = script[state.step];
  const here = step.phase === phase && asked;
  if (here) requestAnimationFrame(() => root.querySelector(step.focus)?.classList.add("guide-focus"));
  // counted as the player sees them: a step the game never asked for is not counted (and said so)
  const skipped = state.skipped || 0;
  return h("section", { class: "panel guide", id: "guide", "data-step": state.step + 1 },
    h("h2", {}, `${tw("guided")} · ${tw("guideStep", { n: state.step + 1 - skipped })} / ${script.length - skipped}`),
    state.skippedHere ? h("p", { class: "help", id: "guide-skipped" }, tw("guideSkipped")) : null,
    h("p", {}, tw((step.keyIf && step.keyIf(update.view)) || step.key)),
    // the outlined part may lie far down the page (a phone shows the board under the decision)
    here ? h("button", { type: "button", id: "guide-show", onclick: () => root.querySelector(step.focus)?.scrollIntoView({ block: "start" }) }, tw("guideShow")) : null);
}
