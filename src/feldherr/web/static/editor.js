// The position editor of the analysis board: a form for the table shown at the replay's step (or a
// new game's start), generated from the game's position schema and named in the words of its
// position catalogue (GET /api/positions/form/<game>: each field's label and help, the printed
// names of colours, areas and cards, docs/positions.md). It covers what a teacher changes most:
// the pieces on the board per county / region and player, whose turn it is, the scores, the cards
// in hand; every field it does not show keeps its value, and the counts that follow from the rest
// (a supply, a province, the deck) are left out so the game counts them again. "Apply" sends the
// position through the server's check (POST /api/positions/import): a refusal is shown in its
// words beside the form and changes nothing; an accepted position opens in the replay viewer with
// the analysis board, as a loaded position file does. Its own words, English and German. What
// each game's form shows, and the sections only one game has, are in editor-games.js.
import { api, colour, h } from "./dom.js";
import { gameSections, PLANS } from "./editor-games.js";
import { capital, lang, num } from "./i18n.js";

const WORDS = {
  en: {
    edit: "Edit position", title: "Edit the position", close: "close",
    intro: "Change the table, then apply: the server checks the position and the analysis board opens at it. What the form does not show stays as it is.",
    atStep: "The table at move {at}.", atStart: "The start of a new game.",
    fresh: "start of a new game instead", back: "the table at move {at} instead",
    apply: "Apply", applying: "checking the position …", loading: "loading the position …",
    nobody: "nobody", nowhere: "nowhere", none: "none", whoseTurn: "Whose turn",
    region: "region", player: "Player", fromBox: "{card} from “{box}”",
  },
  de: {
    edit: "Stellung bearbeiten", title: "Die Stellung bearbeiten", close: "schließen",
    intro: "Ändere den Tisch und übernimm ihn: Der Server prüft die Stellung, und das Analysebrett öffnet sich bei ihr. Was das Formular nicht zeigt, bleibt, wie es ist.",
    atStep: "Der Tisch bei Zug {at}.", atStart: "Der Beginn einer neuen Partie.",
    fresh: "stattdessen Beginn einer neuen Partie", back: "stattdessen der Tisch bei Zug {at}",
    apply: "Übernehmen", applying: "Die Stellung wird geprüft …", loading: "Die Stellung wird geladen …",
    nobody: "niemand", nowhere: "nirgends", none: "keine", whoseTurn: "Wer am Zug ist",
    region: "Region", player: "Spieler", fromBox: "{card} aus „{box}“",
  },
};

function w(key, args = {}) {
  let text = WORDS[lang()]?.[key] ?? WORDS.en[key] ?? "";
  for (const [k, v] of Object.entries(args)) text = text.replaceAll(`{${k}}`, typeof v === "number" ? num(v) : v);
  return text;
}

// The schema's node for a path of the position (through objects, their maps and lists).
function node(schema, path) {
  let at = schema;
  for (const key of path) {
    if (!at) return null;
    if (key === "[]") at = at.items;
    else if (key === "{}") at = at.additionalProperties;
    else at = at.properties?.[key];
  }
  return at || null;
}

const isType = (n, type) => n && (n.type === type || (Array.isArray(n.type) && n.type.includes(type)));
const clone = (value) => JSON.parse(JSON.stringify(value));
export function positionEditor(gameId) {
  const st = { open: false, at: null, base: null, origin: null, draft: null, form: null, fresh: false, busy: "", error: "", cards: null };
  const el = h("section", { class: "panel editor", id: "position-editor", hidden: true });
  let seq = 0;

  // A player as the page names them: a colour by its word, an unnamed seat ("Player 2") by its
  // colour, a name as the position gives it.
  function playerName(p, i) {
    const f = st.form;
    if (p.colour) return f.names[p.colour] || w("player");
    if (p.name === `Player ${i + 1}` && f.colours[i]) return f.colours[i];
    if (f.neutral && p.name === f.neutral.name && f.colours[i]) return f.neutral.words.replace("{colour}", f.colours[i]);
    return p.name || f.colours[i] || w("player");
  }
  const playerId = (p) => p.colour ?? p.name;
  // a field's words as a heading or a label of its own line: the catalogue writes them for the
  // middle of a sentence ("power cards"), the form shows them first ("Power cards")
  const label = (key) => { const text = st.form.fields[key] || ""; return text.charAt(0).toLocaleUpperCase(lang()) + text.slice(1); };
  const thing = (value) => (value === null ? w("nobody") : st.form.names[value] ?? String(value));

  function helpOf(key) {
    const text = st.form.help[key];
    return text ? h("small", { class: "help" }, text) : null;
  }

  // A number field with the schema's bounds; an empty box is sent as it is (the server says so).
  function numberInput(schemaNode, value, set, name) {
    const attrs = { type: "number", step: 1, value: value ?? "", "aria-label": name, inputmode: "numeric",
      oninput: (e) => { const v = e.target.value.trim(); set(v === "" || Number.isNaN(Number(v)) ? null : Number(v)); } };
    if (schemaNode && typeof schemaNode.minimum === "number") attrs.min = schemaNode.minimum;
    if (schemaNode && typeof schemaNode.maximum === "number") attrs.max = schemaNode.maximum;
    return h("input", attrs);
  }

  // A choice among the schema's enum (names by the catalogue), or among the players.
  function select(choices, value, set, name) {
    return h("select", { "aria-label": name, onchange: (e) => set(choices[parseInt(e.target.value, 10)][0]) },
      choices.map(([v, text], i) => h("option", { value: i, selected: v === value }, text)));
  }

  function playerChoices(withNobody) {
    const list = st.draft.players.map((p, i) => [playerId(p), playerName(p, i)]);
    return withNobody ? [[null, w("nobody")], ...list] : list;
  }

  // null is "nobody" among players, "none" for a card (PLANS' `none`: Wallenstein's event card in
  // play), "nowhere" among the places of the board (the King, a disc)
  function enumChoices(schemaNode, players, field) {
    const values = schemaNode.enum.filter((v) => v === null || !players || players.includes(v));
    const empty = players ? "nobody" : (PLANS[st.draft.game]?.none || []).includes(field) ? "none" : "nowhere";
    return values.map((v) => [v, v === null ? w(empty) : thing(v)]);
  }

  // A field's widget from its schema node: a number, a choice, or a set of cards as check boxes
  // (`field`: the position's key, for the cards that lie in one place and for cards the form's
  // `choices` name: El Grande's modifiers by their values, numbered from 0 in a position).
  function widget(schemaNode, value, set, name, asPlayer = false, field = null) {
    if (asPlayer) return select(playerChoices(isType(schemaNode, "null")), value, set, name);
    if (schemaNode.enum) {
      const colours = st.draft.players.map((p) => p.colour).filter(Boolean);
      const isColour = colours.length && schemaNode.enum.some((v) => colours.includes(v));
      return select(enumChoices(schemaNode, isColour ? colours : null, field), value, set, name);
    }
    if (isType(schemaNode, "integer")) return numberInput(schemaNode, value, set, name);
    if (isType(schemaNode, "array") && schemaNode.items) {
      const items = schemaNode.items;
      let values = items.enum ? items.enum.filter((v) => v !== null) : [];
      const named = field && Array.isArray(st.form.choices?.[field]) ? st.form.choices[field] : null;
      if (named) values = named.map((_, i) => i);
      else if (!items.enum && isType(items, "integer") && typeof items.maximum === "number") {
        values = [];  // numbered cards (El Grande's power cards 1–13): numbered from 1
        for (let n = Math.max(1, items.minimum ?? 1); n <= items.maximum; n += 1) values.push(n);
      }
      const text = (v) => (named ? named[v] : typeof v === "number" ? num(v) : capital(thing(v)));
      const chosen = new Set(value || []);
      const long = values.some((v) => String(thing(v)).length > 24);  // sentences (an event card): one a line
      return h("div", { class: `editor-cards${long ? " editor-cards-long" : ""}`, role: "group", "aria-label": name },
        values.map((v) => h("label", { class: "editor-card" },
          h("input", { type: "checkbox", checked: chosen.has(v), onchange: (e) => {
            if (e.target.checked) chosen.add(v); else chosen.delete(v);
            if (e.target.checked && takeAway(v, field)) { set(values.filter((x) => chosen.has(x))); draw(); return; }
            set(values.filter((x) => chosen.has(x)));
          } }), " ", text(v))));
    }
    return null;
  }

  // A card that lies in one place only (PLANS' `exclusive`: checked into one of those places)
  // taken out of every place it lay in: whether it lay anywhere (the form is then drawn again to
  // show it gone). The place it goes to takes it afterwards.
  function takeAway(card, field) {
    const places = PLANS[st.draft.game]?.exclusive;
    if (!places || ![...(places.top || []), ...(places.players || [])].includes(field)) return false;
    let moved = false;
    const out = (holder, key) => {
      const list = holder[key];
      if (Array.isArray(list) && list.includes(card)) { holder[key] = list.filter((x) => x !== card); moved = true; }
    };
    for (const key of places.top || []) out(st.draft, key);
    for (const p of st.draft.players || []) for (const key of places.players || []) out(p, key);
    return moved;
  }

  // The other place of a player's cards (PLANS' `pairs`): what leaves `key` goes there, what comes
  // into `key` leaves it.
  function pairUp(p, key, now) {
    const other = PLANS[st.draft.game]?.pairs?.[key];
    if (!other || !Array.isArray(now) || !Array.isArray(p[other])) return;
    const before = new Set(p[key] || []);
    const next = new Set(now);
    const there = p[other].filter((card) => !next.has(card));
    for (const card of before) if (!next.has(card) && !there.includes(card)) there.push(card);
    p[other] = there.sort((a, b) => (typeof a === "number" && typeof b === "number" ? a - b : 0));
  }

  function fieldRow(key, schemaNode, value, set, asPlayer = false, name = label(key)) {
    const input = schemaNode ? widget(schemaNode, value, set, name, asPlayer, key) : null;
    if (!input) return null;
    return h("div", { class: "editor-field" }, h("span", { class: "editor-label" }, name), input);
  }

  // One box per player: the player's numbers and cards.
  function playersSection(section, schema) {
    const fields = section.fields.filter((key) => !section.only?.[key] || section.only[key](st.draft));
    return h("fieldset", { class: "editor-section", id: "editor-players" }, h("legend", {}, label("players")),
      st.draft.players.map((p, i) => h("fieldset", { class: "editor-player", style: `--seat:${colour(i)}` },
        h("legend", {}, h("span", { class: "dot" }), playerName(p, i)),
        // only what the player has: El Grande's neutral player of two has no score, hand or Grande
        fields.filter((key) => key in p).map((key) => fieldRow(key, node(schema, ["players", "[]", key]), p[key], (v) => { pairUp(p, key, v); p[key] = v; }, false, label(key))))),
      h("div", { class: "editor-helps" }, fields.map((key) => st.form.help[key] ? h("small", { class: "help" }, `${label(key)}: ${st.form.help[key]}`) : null)));
  }

  function single(section, schema) {
    const key = section.path[section.path.length - 1];
    let holder = st.draft;
    for (const part of section.path.slice(0, -1)) holder = holder?.[part];
    if (!holder || !(key in holder)) return null;
    const schemaNode = node(schema, section.path);
    const input = schemaNode ? widget(schemaNode, holder[key], (v) => {
      holder[key] = v;
      // El Grande's player at the turn: their place in the turn order goes with them (who acts
      // after them), where the round has an order (not while the power cards are played)
      if (section.order && Array.isArray(holder[section.order]) && holder[section.order].includes(v)) holder[section.orderIndex] = holder[section.order].indexOf(v);
      // and what follows the turn (El Grande's stacks taken this round), shown at once
      if (section.follow && games[section.follow]) { games[section.follow](); draw(); }
    }, label(key), section.player, key) : null;
    return input ? h("fieldset", { class: "editor-section", id: `editor-${key}` }, h("legend", {}, label(key)), helpOf(key), input) : null;
  }

  // the sections of one game only (editor-games.js), with this editor's state and helpers
  const games = gameSections({ st, w, label, thing, helpOf, widget, select, numberInput, fieldRow, playerName, playerId, node, isType, draw });

  // The position sent: the draft without the counts that follow from the rest.
  function edited() {
    const out = clone(st.draft);
    const derived = PLANS[out.game]?.derived || {};
    for (const key of derived.top || []) delete out[key];
    for (const p of out.players || []) for (const key of derived.players || []) delete p[key];
    return out;
  }

  async function apply() {
    st.busy = w("applying");
    st.error = "";
    draw();
    try {
      const out = await api(`/api/positions/import?lang=${lang()}`, { method: "POST", body: JSON.stringify({ position: edited() }) });
      st.busy = "";
      if (out.id === gameId) { location.hash = "#analyse"; location.reload(); return; }
      location.assign(`/replay/${encodeURIComponent(out.id)}#analyse`);
    } catch (err) {
      st.busy = "";
      st.error = err.message;  // the server's words; the table stays as the player left it
      draw();
      el.querySelector("#editor-error")?.scrollIntoView({ block: "nearest" });
    }
  }

  // The form's words for a game: with the options of the table edited (the choices they allow),
  // with `players` a new game's start
  function formUrl(game, options, players = null) {
    const query = new URLSearchParams({ lang: lang() });
    if (players) query.set("players", players);
    if (options && typeof options === "object") query.set("options", JSON.stringify(options));
    return `/api/positions/form/${encodeURIComponent(game)}?${query}`;
  }

  async function load(fresh) {
    const ticket = ++seq;
    st.busy = w("loading");
    st.error = "";
    draw();
    try {
      const base = st.base || await api(`/api/games/${encodeURIComponent(gameId)}/position?at=${st.at}&lang=${lang()}`);
      const players = Array.isArray(base.players) ? base.players.length : null;
      const options = fresh && players ? { players } : base.options;
      const form = await api(formUrl(base.game, options, fresh && players ? players : null));
      const cards = base.game === "elgrande" ? await api("/api/web/data/elgrande/cards").catch(() => null) : null;
      if (ticket !== seq) return;
      st.cards = cards;
      st.options = options;
      st.base = base;
      st.form = form;
      st.fresh = fresh && Boolean(form.start);
      st.origin = st.fresh ? form.start : base;  // the table before any edit
      st.draft = clone(st.origin);
      st.busy = "";
    } catch (err) {
      if (ticket !== seq) return;
      st.busy = "";
      st.error = err.message;
    }
    draw();
  }

  function draw() {
    el.hidden = !st.open;
    el.replaceChildren();
    if (!st.open) return;
    el.append(h("h2", {}, w("title"),
      h("button", { type: "button", class: "link", id: "editor-close", onclick: () => { st.open = false; draw(); } }, w("close"))));
    if (st.draft && st.form) {
      const plan = PLANS[st.draft.game];
      const schema = st.form.schema;
      el.append(h("p", { class: "note" }, w("intro")),
        h("p", { class: "note editor-source" }, st.fresh ? w("atStart") : w("atStep", { at: st.at }), " ",
          h("button", { type: "button", class: "link", id: "editor-fresh", onclick: () => load(!st.fresh) }, st.fresh ? w("back", { at: st.at }) : w("fresh"))));
      const parts = (plan?.sections || []).map((section) => ({
        ...games, players: playersSection, single,
      })[section.kind](section, schema));
      el.append(h("form", { class: "editor-form", onsubmit: (e) => { e.preventDefault(); apply(); } }, parts.filter(Boolean),
        h("div", { class: "editor-apply" },
          h("button", { type: "submit", id: "editor-apply", disabled: Boolean(st.busy) }, w("apply")),
          st.busy ? h("small", { role: "status" }, st.busy) : null,
          st.error ? h("p", { class: "error", id: "editor-error", role: "alert" }, capital(st.error)) : null)));
    } else {
      if (st.busy) el.append(h("p", { class: "note", role: "status" }, st.busy));
      if (st.error) el.append(h("p", { class: "error", id: "editor-error", role: "alert" }, capital(st.error)));
    }
  }

  return {
    // The board's button: opens the form at the replay's step (a new step: that step's table).
    button(at) {
      return h("button", { type: "button", id: "analysis-edit", "aria-pressed": st.open ? "true" : "false", onclick: () => {
        if (st.open && st.at === at) { st.open = false; draw(); return; }
        st.open = true;
        if (st.at !== at || !st.draft) { st.at = at; st.base = null; st.draft = null; load(false); } else draw();
        el.scrollIntoView?.({ block: "nearest" });
      } }, `✎ ${w("edit")}`);
    },
    // open at step `at` (the lobby's "Set up a position by hand" opens the replay with it)
    open(at) { st.open = true; st.at = at; st.base = null; st.draft = null; load(false); },
    // another language: the form's words again, the edits kept
    relang() {
      if (!st.open || !st.draft) { draw(); return; }
      const ticket = ++seq;
      api(formUrl(st.draft.game, st.options)).then((form) => {
        if (ticket !== seq) return;
        st.form = form;
        draw();
      }).catch((err) => { if (ticket === seq) { st.error = err.message; draw(); } });
    },
    node() { return el; },
  };
}
