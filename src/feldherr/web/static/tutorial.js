// A guided first game per title: started from the lobby, a game against bots from a fixed seed
// (so the opening on screen is always the same), and a panel that explains each step of the
// opening on the real board as the player makes it — the part of the board it talks about is
// outlined. The guide follows the phases of the player's own decisions; after the opening it says
// so and the game goes on.
import { api, h } from "./dom.js";
import { lang, t } from "./i18n.js";
import { remember } from "./store.js";
import { tw } from "./words-table.js";

export const GUIDED = {
  mansfeld: { players: 3, seed: 2317 },
  elgrande: { players: 3, seed: 2317 },
  wallenstein: { players: 3, seed: 2317 },
};

// Each step: the phase of the player's decision it explains, the board part to outline, the words.
const SCRIPT = {
  mansfeld: [
    { phase: "dice", focus: "#characters", en: "Every round begins with a secret choice: how many dice you will roll (1–6). Look at the open characters: their cost is the sum that some of your dice (any of them) must make exactly. Fewer dice go earlier in the turn order, more dice reach the dear characters.", de: "Jede Runde beginnt mit einer geheimen Wahl: wie viele Würfel du wirfst (1–6). Sieh dir die offenen Charaktere an: ihre Kosten muss ein Teil deiner Würfel genau ergeben. Wer weniger Würfel wählt, ist früher dran; mehr Würfel erreichen die teuren Charaktere." },
    { phase: "recruit", focus: "#dice", en: "Your dice are rolled (drawn here as dice). A character marked ✓ can be made from some of them: take him — or nobody, if you would rather wait.", de: "Deine Würfel sind geworfen (hier als Würfel gezeichnet). Ein Charakter mit ✓ lässt sich aus einigen davon bilden: nimm ihn — oder keinen, wenn du lieber wartest." },
    { phase: "dice", focus: "#players", en: "Round two. Your characters are in your row of the table; their strength counts later, when the provinces are conquered. Set your dice again.", de: "Zweite Runde. Deine Charaktere stehen in deiner Zeile der Tabelle; ihre Kampfkraft zählt später, beim Erobern der Provinzen. Lege wieder deine Würfel fest." },
  ],
  elgrande: [
    { phase: "power", focus: "#hand", en: "Play a power card from your hand. The highest card of the round chooses an action card first; the small number on the card is how many Caballeros come from your province into your court.", de: "Spiele eine Machtkarte aus deiner Hand. Die höchste Karte der Runde wählt zuerst eine Aktionskarte; die kleine Zahl auf der Karte sagt, wie viele Caballeros aus deiner Provinz an deinen Hof kommen." },
    { phase: "court", focus: "#players", en: "Your Caballeros move from the province to the court (the columns of the table): only Caballeros at court can be placed on the map.", de: "Deine Caballeros ziehen aus der Provinz an den Hof (die Spalten der Tabelle): nur Caballeros vom Hof kommen auf die Karte." },
    { phase: "take", focus: "#stacks", en: "Take one of the five open action cards. Point at a card (or tap it) to read its text; its last line says how many Caballeros you may place.", de: "Nimm eine der fünf offenen Aktionskarten. Zeig auf eine Karte (oder tippe sie an), um ihren Text zu lesen; die letzte Zeile sagt, wie viele Caballeros du setzen darfst." },
    { phase: "act", repeat: true, focus: "#map", en: "Place your Caballeros: into the regions next to the King's (♚), outlined in gold, or into the Castillo in the sea. The card's special action may come before or after.", de: "Setze deine Caballeros: in die Nachbarregionen der Region des Königs (♚), golden umrandet, oder ins Castillo im Meer. Die Sonderaktion der Karte darf vorher oder nachher kommen." },
    { phase: "effect", repeat: true, focus: "#map", en: "Now the card's special action: the choices say what it does here. After the third round every region is scored: most Caballeros take the first value.", de: "Jetzt die Sonderaktion der Karte: die Auswahl sagt, was sie hier bewirkt. Nach der dritten Runde wird jede Region gewertet: die meisten Caballeros bekommen den ersten Wert." },
  ],
  wallenstein: [
    { phase: "draft", repeat: true, focus: "#draft", en: "First you choose your starting counties, one at a time, from the open row; each county you hold gives a card for planning and a point at the scoring.", de: "Zuerst wählst du deine Startgrafschaften, eine nach der anderen, aus der offenen Reihe; jede Grafschaft bringt eine Karte für die Planung und bei der Wertung einen Punkt." },
    { phase: "plan", repeat: true, focus: "#plan", en: "Plan the round: the box outlined in gold asks for a county card or money. Click one (or drag a card from your hand onto it). Nobody sees your plan until it is carried out.", de: "Plane die Runde: das golden umrandete Feld verlangt eine Grafschaftskarte oder Geld. Klicke eine an (oder zieh eine Karte aus der Hand darauf). Niemand sieht deinen Plan, bis er ausgeführt wird." },
    { phase: "position", focus: "#table-bar", en: "Bids decide the turn order: take a place; each place comes with a bonus tile (more Taler, grain, armies, or +1 in battle).", de: "Die Gebote entscheiden die Zugfolge: nimm einen Platz; jeder Platz bringt ein Bonusplättchen (mehr Taler, Getreide, Armeen oder +1 im Kampf)." },
    { phase: "move", repeat: true, focus: "#map", en: "Your plan is carried out. Move armies from the county that acted: into a neighbour of yours, or attack — an attack shows its odds through the cube tower before you confirm.", de: "Dein Plan wird ausgeführt. Ziehe Armeen aus der Grafschaft, die gehandelt hat: in eine eigene Nachbargrafschaft oder zum Angriff — ein Angriff zeigt seine Chancen im Würfelturm, bevor du bestätigst." },
  ],
};

const KEY = (id) => `feldherr:guide:${id}`;

// Start a guided game: the player and bots, a fixed seed; then the seat's page.
export async function startGuided(game) {
  const g = GUIDED[game];
  // the player as "Guest" ("Gast"): the game's lines read "Gast nimmt …" (a name "Du" made "Du
  // nimmt …" and "Du · du" in the seats)
  const seats = [{ kind: "human", name: t("guest") }];
  for (let i = 1; i < g.players; i++) seats.push({ kind: "bot", bot: "random", name: `Bot ${i}` });
  const out = await api(`/api/games?lang=${lang()}`, { method: "POST", body: JSON.stringify({ game, options: { players: g.players }, seats, seed: g.seed, public: false }) });
  const token = out.seats[0].token;
  remember(out.id, [token]);
  localStorage.setItem(KEY(out.id), JSON.stringify({ game, step: 0, seen: null, done: false }));
  location.assign(`/play/${out.id}#tokens=${token}`);
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
    h("p", {}, step[lang()] || step.en));
}
