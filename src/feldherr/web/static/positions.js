// Games from a position (docs/positions.md): the lobby's field that reads a position file (or a
// pasted one) and has the server check it, then starts a game from it or analyses it (the replay
// viewer's analysis board at the position), and the replay viewer's "play on from here", which
// hands the table at its step to the lobby. Its own words, English and German.
import { api, filePicker, h } from "./dom.js";
import { lang, num } from "./i18n.js";

const WORDS = {
  en: {
    fromPosition: "Start from a position", positionFile: "position file", positionPaste: "or paste a position here",
    positionHint: "A table set up by hand or taken from a replay: for puzzles, teaching and playing on from a step of a finished game.",
    loaded: "A position of {title}", clearPosition: "new game instead", checking: "checking the position …",
    notReadable: "This is not a position: the text cannot be read.", playOn: "Play on from here",
    "players#one": "{n} player", "players#other": "{n} players", chooseFile: "Choose a file …", noFile: "no file chosen",
    analyse: "Analyse", analyseHint: "What the search thinks of each move of the player to decide, from that player's view only",
    analysing: "setting up the analysis …",
    setup: "Set up a position by hand", setupHint: "The start of a new game of the game and players chosen above, opened in the position editor: change the table, then apply it to analyse it",
    settingUp: "setting up the table …",
    save: "Save position", saveHint: "The table at this step as a position file: to start a game or an analysis from it again in the lobby (“{field}”), or to give to a student",
  },
  de: {
    fromPosition: "Aus einer Stellung beginnen", positionFile: "Stellungs-Datei", positionPaste: "oder eine Stellung hier einfügen",
    positionHint: "Ein von Hand aufgebauter Tisch oder einer aus einer Wiederholung: für Rätsel, zum Lehren und um eine beendete Partie ab einem Schritt weiterzuspielen.",
    loaded: "Eine Stellung von {title}", clearPosition: "stattdessen neues Spiel", checking: "Die Stellung wird geprüft …",
    notReadable: "Das ist keine Stellung: Der Text lässt sich nicht lesen.", playOn: "Von hier weiterspielen",
    "players#one": "{n} Spieler", "players#other": "{n} Spieler", chooseFile: "Datei wählen …", noFile: "keine Datei gewählt",
    analyse: "Analysieren", analyseHint: "Was die Suche von jedem Zug des Spielers hält, der entscheidet, nur aus dessen Sicht",
    analysing: "Die Analyse wird vorbereitet …",
    setup: "Eine Stellung von Hand aufbauen", setupHint: "Der Beginn einer neuen Partie des oben gewählten Spiels mit den gewählten Spielern, geöffnet im Stellungs-Editor: den Tisch ändern und übernehmen, um ihn zu analysieren",
    settingUp: "Der Tisch wird aufgebaut …",
    save: "Stellung speichern", saveHint: "Der Tisch bei diesem Schritt als Stellungs-Datei: um in der Übersicht wieder ein Spiel oder eine Analyse daraus zu beginnen („{field}“) oder sie einer Schülerin zu geben",
  },
};

const KEY = "feldherr:position";

function w(key, args = {}) {
  let text = WORDS[lang()]?.[key] ?? WORDS.en[key] ?? "";
  for (const [k, v] of Object.entries(args)) text = text.replaceAll(`{${k}}`, typeof v === "number" ? num(v) : v);
  return text;
}

function players(n) {
  const table = WORDS[lang()] ?? WORDS.en;
  return (table[`players#${new Intl.PluralRules(lang()).select(n)}`] ?? table["players#other"]).replace("{n}", num(n));
}

// The server's check of a position: { game, title, options, players } or an Error in the player's words.
export async function checkPosition(text) {
  let position;
  try { position = JSON.parse(text); } catch { throw new Error(w("notReadable")); }
  if (!position || typeof position !== "object" || Array.isArray(position)) throw new Error(w("notReadable"));
  const info = await api(`/api/positions?lang=${lang()}`, { method: "POST", body: JSON.stringify({ position }) });
  return { ...info, position };
}

// The lobby's field (under Advanced). `state.position` is the checked position or null; `apply(info)`
// fits the lobby's form to it (null: back to a new game). `state.checking` is the check under way:
// only the last one the player started counts, and only while nothing else changed the form (the
// lobby's pick() sets it null): a slow answer to an earlier paste, or one that comes after the
// player went back to a new game, is dropped instead of putting its position back.
export function positionField(state, apply) {
  const status = h("span", { id: "position-status", role: "alert" });
  // the field's words where the player sees them: the lobby may have been drawn anew meanwhile
  const say = (text) => { const shown = status.isConnected ? status : document.getElementById("position-status"); if (shown) shown.textContent = text; };
  async function take(text) {
    if (!text.trim()) return;
    const ticket = {};
    state.checking = ticket;
    say(w("checking"));
    try {
      const info = await checkPosition(text);
      if (state.checking !== ticket) return;
      state.checking = null;
      say("");
      apply(info);
    } catch (err) {
      if (state.checking !== ticket) return;
      state.checking = null;
      say(err.message);
    }
  }
  if (state.position) {
    return h("fieldset", { id: "position", class: "position", style: "min-width:0" }, h("legend", {}, w("fromPosition")),
      h("p", { id: "position-loaded" }, `${w("loaded", { title: state.position.title })} · ${players(state.position.players)}`, " ",
        h("button", { type: "button", id: "position-clear", onclick: () => apply(null) }, w("clearPosition")), " ",
        analyseButton(state.position.position, status)),
      status);
  }
  return h("fieldset", { id: "position", class: "position", style: "min-width:0" }, h("legend", {}, w("fromPosition")),
    h("small", { class: "help" }, w("positionHint")),
    h("div", { class: "field" }, h("label", { for: "position-file" }, w("positionFile")),
      filePicker(h("input", { type: "file", id: "position-file", accept: ".json,application/json", onchange: async (e) => { const file = e.target.files[0]; if (file) take(await file.text()); } }), w("chooseFile"), w("noFile"))),
    h("textarea", { id: "position-text", rows: 3, style: "width:100%;box-sizing:border-box", "aria-label": w("positionPaste"), placeholder: w("positionPaste"), onchange: (e) => take(e.target.value) }),
    h("p", {}, setupButton(state, status)),
    status);
}

// "Set up a position by hand": the start of a new game of the lobby's game and options (POST
// /api/positions/start), stored as a position to analyse (POST /api/positions/import) and opened in
// the replay viewer with the position editor open (/replay/<id>#edit, editor.js).
function setupButton(state, status) {
  return h("button", { type: "button", id: "position-setup", title: w("setupHint"), onclick: async (e) => {
    const button = e.currentTarget;
    button.disabled = true;
    status.textContent = w("settingUp");
    try {
      const position = await api(`/api/positions/start?lang=${lang()}`, { method: "POST", body: JSON.stringify({ game: state.game, options: state.options }) });
      const out = await api(`/api/positions/import?lang=${lang()}`, { method: "POST", body: JSON.stringify({ position }) });
      location.assign(`/replay/${encodeURIComponent(out.id)}#edit`);
    } catch (err) {
      status.textContent = err.message;
      button.disabled = false;
    }
  } }, `✎ ${w("setup")}`);
}

// "Analyse": the position stored as a game with no moves yet (POST /api/positions/import), opened in
// the replay viewer with the analysis board open at it (the same board as a finished game's).
function analyseButton(position, status) {
  return h("button", { type: "button", id: "position-analyse", title: w("analyseHint"), onclick: async (e) => {
    const button = e.currentTarget;
    button.disabled = true;
    status.textContent = w("analysing");
    try {
      const out = await api(`/api/positions/import?lang=${lang()}`, { method: "POST", body: JSON.stringify({ position }) });
      location.assign(`/replay/${encodeURIComponent(out.id)}#analyse`);
    } catch (err) {
      status.textContent = err.message;
      button.disabled = false;
    }
  } }, `⚖ ${w("analyse")}`);
}

// A position handed over by the replay viewer ("play on from here"), once.
export function handedPosition() {
  const text = sessionStorage.getItem(KEY);
  if (text) sessionStorage.removeItem(KEY);
  return text;
}

// The replay viewer's button: the table at this step to the lobby, hidden parts drawn anew there.
export function playOnButton(gameId, at, onError) {
  return h("button", { type: "button", id: "play-on", onclick: async () => {
    try {
      const position = await api(`/api/games/${encodeURIComponent(gameId)}/position?at=${at}&lang=${lang()}`);
      sessionStorage.setItem(KEY, JSON.stringify(position));
      location.assign("/");
    } catch (err) {
      onError(err.message);
    }
  } }, `↪ ${w("playOn")}`);
}

// The replay viewer's "save position": the table at this step (as "play on from here" takes it,
// without the hidden parts) downloaded as a position file, which the lobby's field, feldherr
// analyse and simulate --from-position load again (docs/positions.md).
export function savePositionButton(gameId, at, onError) {
  return h("button", { type: "button", id: "save-position", title: w("saveHint", { field: w("fromPosition") }), onclick: async () => {
    try {
      const position = await api(`/api/games/${encodeURIComponent(gameId)}/position?at=${at}&lang=${lang()}`);
      const blob = new Blob([`${JSON.stringify(position, null, 1)}\n`], { type: "application/json" });
      const link = h("a", { href: URL.createObjectURL(blob), download: `${position.game}-${gameId}-${at}.json` });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    } catch (err) {
      onError(err.message);
    }
  } }, `⤓ ${w("save")}`);
}
