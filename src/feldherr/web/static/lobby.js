// The lobby: start a game (the form comes from the catalogue's option spec), the game list, and
// importing a record for the replay viewer.
import { api, clear, colour, colourTerm, copyText, filePicker, h, usePalette } from "./dom.js";
import { BOT_ORDER, RESEARCH_BOTS, botName, capital, lang, t } from "./i18n.js";
import { remember, rememberInvites } from "./store.js";
import { guidedPanel } from "./tutorial.js"; // table: guided first games
import { checkPosition, handedPosition, positionField } from "./positions.js";

export function showLobby(root) {
  let catalogue = null;
  let games = [];
  const form = { game: null, options: {}, seats: [], public: true, seed: "", research: false, position: null, checking: null };
  let created = null;

  let publicUrl = location.origin; // the address a friend can reach (the server may know a better one)
  const load = async () => {
    const [cat, list] = await Promise.all([api("/api/catalog"), api("/api/games?limit=30").catch(() => ({ games: [] }))]);
    catalogue = Array.isArray(cat) ? cat : cat.games || [];
    publicUrl = (!Array.isArray(cat) && cat.public_url) || catalogue.find((g) => g.public_url)?.public_url || location.origin;
    base = publicUrl;
    games = list.games || [];
    if (!form.game && catalogue.length) pick(catalogue[0].name);
    render();
    const handed = handedPosition(); // "play on from here" in the replay viewer
    if (handed) checkPosition(handed).then(usePosition).catch((err) => { root.querySelector("#create-status").textContent = `${t("error")}: ${err.message}`; });
  };

  // A checked position (positions.js) fits the form: its game, options and player count; null: a new game again.
  function usePosition(info) {
    if (info) {
      pick(info.game);
      form.options = { ...info.options };
      form.position = info;
      fitSeats();
    } else {
      form.position = null;
      pick(form.game);
    }
    render();
  }

  const entry = () => catalogue.find((g) => g.name === form.game);

  function pick(name) {
    form.game = name;
    form.position = null;
    form.checking = null; // a position check under way no longer counts (positions.js)
    form.options = {};
    for (const spec of entry().options) form.options[spec.name] = spec.default;
    fitSeats();
  }

  function players() {
    const g = entry();
    const n = form.options.players;
    return Number.isInteger(n) ? n : g.min_players;
  }

  function fitSeats() {
    const g = entry();
    const n = players();
    while (form.seats.length < n) {
      form.seats.push(form.seats.length === 0 ? { kind: "me", bot: g.default_bot, name: rememberedName() } : { kind: "bot", bot: g.default_bot, name: "" });
    }
    form.seats.length = n;
    for (const seat of form.seats) if (!g.bots.includes(seat.bot)) seat.bot = g.default_bot;
  }

  // The bots a player is offered, by strength; the research bot only when asked for under Advanced.
  function botsOffered() {
    const g = entry();
    const rank = (b) => (BOT_ORDER.includes(b.split("@")[0]) ? BOT_ORDER.indexOf(b.split("@")[0]) : BOT_ORDER.length);
    return [...g.bots].filter((b) => form.research || !RESEARCH_BOTS.has(b)).sort((a, b) => rank(a) - rank(b));
  }

  // Technical options go under "Advanced": the tower model and its parameters, values typed as JSON.
  const technical = (spec) => spec.name.startsWith("tower") || !["int", "bool", "choice", "multi"].includes(spec.kind);
  const words = (w) => (w && typeof w === "object" ? w[lang()] || w.en : w);

  // Why a choice cannot go with the other options as they stand now (El Grande's Alte Hasen cards
  // with the classic deck), in the game's words from its option spec (`needs`); null: it can.
  function blocked(spec, choice) {
    for (const need of spec.needs?.[choice] || []) {
      const other = entry().options.find((o) => o.name === need.option);
      const value = need.option in form.options ? form.options[need.option] : other?.default;
      if (!need.values.includes(value)) return words(need.words);
    }
    return null;
  }

  // After a change of one option: the choices of the others that no longer go with it are dropped,
  // and the fields with such choices are drawn again (those choices off, their reason beside them;
  // the others stay as they are, a number being typed keeps its caret).
  const hasNeeds = (spec) => !!spec.needs && Object.keys(spec.needs).length > 0;
  function optionChanged() {
    for (const spec of entry().options.filter(hasNeeds)) {
      const value = form.options[spec.name];
      if (spec.kind === "multi" && Array.isArray(value)) form.options[spec.name] = value.filter((c) => !blocked(spec, c));
      else if (spec.kind === "choice" && blocked(spec, value)) form.options[spec.name] = spec.choices.find((c) => !blocked(spec, c)) ?? value;
    }
    for (const [name, node] of fieldNodes) {
      const spec = entry().options.find((o) => o.name === name);
      if (!spec || !hasNeeds(spec) || !node.isConnected) continue;
      const focused = node.contains(document.activeElement) ? document.activeElement.id : null;
      const fresh = optionField(spec);
      node.replaceWith(fresh);
      if (focused) document.getElementById(focused)?.focus();
    }
  }
  const fieldNodes = new Map(); // each option's field as drawn (optionChanged draws them again)

  function optionField(spec) {
    const id = `opt-${spec.name}`;
    const help = words(spec.label) || words(spec.help) || spec.name;
    const value = form.options[spec.name];
    const label = (choice) => words(spec.labels?.[choice]) || choice;
    const about = (choice) => words(spec.choice_help?.[choice]) || null;
    // the reasons of the choices not offered now, once each, under the field
    const reasons = [...new Set(spec.choices.map((c) => blocked(spec, c)).filter((w) => w))];
    let input;
    if (spec.kind === "int") {
      input = h("input", { id, type: "number", min: spec.min ?? undefined, max: spec.max ?? undefined, value: value ?? "",
        oninput: (e) => { form.options[spec.name] = parseInt(e.target.value, 10); if (spec.name === "players") { fitSeats(); renderSeats(); } optionChanged(); } });
      if (spec.name === "players" && spec.min !== null && spec.max !== null) {
        input = h("select", { id, onchange: (e) => { form.options.players = parseInt(e.target.value, 10); fitSeats(); renderSeats(); optionChanged(); } },
          range(spec.min, spec.max).map((n) => h("option", { value: n, selected: n === value }, n)));
      }
    } else if (spec.kind === "bool") {
      input = h("input", { id, type: "checkbox", checked: !!value, onchange: (e) => { form.options[spec.name] = e.target.checked; optionChanged(); } });
    } else if (spec.kind === "choice") {
      // the menu names a choice (short enough for a phone's closed menu); what the chosen one
      // means stands under it (the spec's `about`). A long label without one: in full under the
      // menu on a phone, which cuts it (shown by style.css at 600 px and less).
      const full = h("small", { class: "chosen", "data-game": "1", id: `${id}-chosen` });
      const meaning = (c) => words(spec.about?.[c]) || "";
      const say = (c) => {
        full.textContent = meaning(c) ? capital(meaning(c)) : label(c).length > 28 ? label(c) : "";
        full.classList.toggle("about", !!meaning(c));
      };
      say(value);
      input = [h("select", { id, onchange: (e) => { form.options[spec.name] = e.target.value; say(e.target.value); optionChanged(); } },
        spec.choices.map((c) => h("option", { value: c, selected: c === value, disabled: !!blocked(spec, c), "data-game": "1" }, label(c)))), full];
    } else if (spec.kind === "multi") {
      const chosen = new Set(value || []);
      input = h("span", { id, class: "multi" }, spec.choices.map((c) => h("label", { title: blocked(spec, c) || about(c), class: blocked(spec, c) ? "off" : null },
        h("input", { type: "checkbox", id: `${id}-${c}`, checked: chosen.has(c), disabled: !!blocked(spec, c), onchange: (e) => {
          if (e.target.checked) chosen.add(c); else chosen.delete(c);
          form.options[spec.name] = spec.choices.filter((x) => chosen.has(x));
          optionChanged();
        } }), " ", h("span", { "data-game": "1" }, label(c)))));
    } else {
      // nothing set (null, or an empty mapping: the default) shows as an empty field that says so
      // in words, not as "{}"
      const unset = value === null || value === undefined || (typeof value === "object" && !Array.isArray(value) && !Object.keys(value).length);
      input = h("input", { id, type: "text", value: unset ? "" : JSON.stringify(value), placeholder: t("modelDefaults"),
        onchange: (e) => {
          if (!e.target.value.trim()) { delete form.options[spec.name]; return; } // the default again
          try { form.options[spec.name] = JSON.parse(e.target.value); } catch { /* shown by the server */ }
        } });
    }
    // The option's words come from the game's option spec (marked as the game's text).
    const more = spec.label && spec.help ? h("small", { class: "help", "data-game": "1" }, words(spec.help)) : null;
    const why = reasons.length ? h("small", { class: "needs", id: `${id}-needs`, "data-game": "1" }, reasons.map((r) => h("span", {}, capital(r)))) : null;
    const node = h("div", { class: "field" }, h("label", { for: id, "data-game": "1" }, help), input, why, more);
    fieldNodes.set(spec.name, node);
    return node;
  }

  // Each seat by the colour it plays in the game ("● Red"), as the table names it, in the game's
  // words (its terms, fetched once a game is picked; "1." until they come): the seat selector's
  // label said "Seat 1" to a screen reader.
  const termsOf = new Map();
  function seatColour(game, seat) {
    if (!termsOf.has(game)) {
      termsOf.set(game, null);
      api(`/api/web/terms/${encodeURIComponent(game)}`).then((terms) => {
        termsOf.set(game, terms);
        if (form.game === game) labelSeats();
      }).catch(() => { /* the seats keep their numbers */ });
    }
    const named = colourTerm(game, seat, termsOf.get(game));
    return named ? named[lang()] || named.en : null;
  }
  function seatLabel(i) {
    // from a position: the row shows the player as the position names them (below)
    const named = form.position?.names?.[lang()]?.[i] ?? form.position?.names?.en?.[i];
    if (named) return { node: h("span", { class: "seat-no" }), aria: t("seatOf", { colour: named }) };
    const hue = seatColour(form.game, i);
    return {
      node: h("span", { class: "seat-no", "data-game": hue ? "1" : null }, hue ? [h("span", { class: "dot", style: `--seat:${colour(i)}` }), hue] : `${i + 1}.`),
      aria: hue ? t("seatOf", { colour: hue }) : t("seat"),
    };
  }
  function labelSeats() {
    if (!seatBox) return;
    usePalette(form.game);
    seatBox.querySelectorAll(".seat-row").forEach((row, i) => {
      const { node, aria } = seatLabel(i);
      row.querySelector(".seat-no").replaceWith(node);
      row.querySelector(`#seat-${i}`).setAttribute("aria-label", aria);
    });
  }

  let seatBox = null;
  function renderSeats() {
    if (!seatBox) return;
    clear(seatBox);
    usePalette(form.game);
    const g = entry();
    form.seats.forEach((seat, i) => {
      const label = seatLabel(i);
      const kind = h("select", { id: `seat-${i}`, "aria-label": label.aria, onchange: (e) => { seat.kind = e.target.value; renderSeats(); } },
        ["me", "friend", "hotseat", "bot"].map((k) => h("option", { value: k, selected: seat.kind === k }, t(k))));
      const bot = seat.kind === "bot"
        ? h("select", { id: `bot-${i}`, "aria-label": t("strength"), onchange: (e) => { seat.bot = e.target.value; } },
          botsOffered().map((b) => h("option", { value: b, selected: seat.bot === b }, botName(b))))
        : null;
      const name = seat.kind === "bot" ? null : h("input", { type: "text", id: `name-${i}`, maxlength: 40, placeholder: t("yourName"), "aria-label": t("name"), value: seat.name,
        oninput: (e) => { seat.name = e.target.value; } });
      // from a position: whose place this is, as the position names the player (a colour, a name)
      const named = form.position?.names?.[lang()]?.[i] ?? form.position?.names?.en?.[i];
      const player = named ? h("span", { class: "seat-player", "data-game": "1", style: `--seat:${colour(i)}` }, h("span", { class: "dot" }), named) : null;
      seatBox.append(h("div", { class: "seat-row" }, label.node, player, kind, bot, name));
    });
  }

  async function start(event) {
    event.preventDefault();
    const g = entry();
    const body = {
      game: g.name,
      options: Object.fromEntries(Object.entries(form.options).filter(([, v]) => v !== null && v !== undefined && !Number.isNaN(v))),
      public: form.public,
      seats: form.seats.map((seat, i) => {
        const out = { kind: seat.kind === "bot" ? "bot" : seat.kind === "hotseat" ? "hotseat" : "human" };
        if (seat.kind === "bot") out.bot = seat.bot;
        // A person without a typed name is named by the seat's colour in each reader's language (a
        // stored "Guest" read "Guest" on a German page); a friend, or the lone player of this
        // device, gives one at the table (the seat's page asks).
        if (seat.kind === "bot" || seat.name.trim()) out.name = defaultName(seat, i).slice(0, 40);
        return out;
      }),
    };
    if (/^\d+$/.test(form.seed.trim())) body.seed = parseInt(form.seed.trim(), 10);
    if (form.position) { body.position = form.position.position; delete body.options; }
    const status = root.querySelector("#create-status");
    try {
      const game = await api(`/api/games?lang=${lang()}`, { method: "POST", body: JSON.stringify(body) });
      const mine = game.seats.filter((s, i) => form.seats[i].kind === "me" || form.seats[i].kind === "hotseat");
      const me = form.seats.find((seat) => seat.kind === "me" && seat.name.trim());
      if (me) { try { localStorage.setItem("feldherr:name", me.name.trim()); } catch { /* storage off */ } }
      remember(game.id, mine.map((s) => s.token));
      const friends = game.seats.filter((s, i) => form.seats[i].kind === "friend");
      const target = `/play/${game.id}#tokens=${mine.map((s) => s.token).join(",")}`;
      if (!friends.length) { location.assign(target); return; }
      // The address friends can reach: the server's public address where it says one.
      const server = await api("/api/server").catch(() => null);
      if (server && (server.public_url || server.url)) { publicUrl = server.public_url || server.url; base = publicUrl; }
      created = { game, friends, target, terms: null };
      // the creator's page hands the links out again until every friend has come
      rememberInvites(game.id, friends.map((s) => ({ seat: s.seat, link: reachable(s.invite) })));
      render();
      // a friend without a name is listed by the seat's colour, in the game's words
      if (friends.some((s) => !s.name)) {
        api(`/api/web/terms/${encodeURIComponent(g.name)}`).then((terms) => { if (created) { created.terms = terms; render(); } }).catch(() => {});
      }
    } catch (err) {
      status.textContent = `${t("error")}: ${err.message}`;
    }
  }

  // A bot without a typed name: by its strength; repeated names get II, III (never a seat number).
  function defaultName(seat, i) {
    const typed = seat.name.trim();
    if (typed) return typed;
    const base = botName(seat.bot);
    const before = form.seats.slice(0, i).filter((s) => s.kind === "bot" && !s.name.trim() && botName(s.bot) === base).length;
    return before ? `${base} ${["II", "III", "IV", "V", "VI"][before - 1] ?? ""}`.trim() : base;
  }

  async function importRecord(event) {
    event.preventDefault();
    const status = root.querySelector("#import-status");
    const file = root.querySelector("#record-file").files[0];
    const text = file ? await file.text() : root.querySelector("#record-text").value;
    try {
      const out = await api(`/api/records?lang=${lang()}`, { method: "POST", body: text });
      location.assign(`/replay/${out.id}`);
    } catch (err) {
      status.textContent = `${t("error")}: ${err.message}`;
    }
  }

  function render() {
    clear(root);
    document.getElementById("where").textContent = "";
    document.title = "feldherr";
    if (!catalogue) return;
    if (created) {
      usePalette(created.game.game);
      root.append(h("section", { class: "panel", id: "created" },
        h("h1", {}, t("created")),
        h("h2", {}, t("invite")),
        h("p", {}, t("reachAt"), " ", h("strong", { id: "public-url" }, publicUrl)),
        h("ul", { class: "invites" }, created.friends.map((s) => {
          const link = reachable(s.invite);
          // a friend without a name: the seat's colour and "gives a name on joining"
          const named = colourTerm(created.game.game, s.seat, created.terms);
          const colourName = named ? named[lang()] || named.en : "";
          const unnamed = colourName ? `${colourName} · ${t("friendUnnamed")}` : t("friendUnnamed");
          const field = h("input", { class: "invite", readonly: true, value: link, "aria-label": t("inviteFor", { name: s.name || colourName || t("friendUnnamed") }), onfocus: (e) => e.target.select() });
          const note = h("span", { class: "copied", role: "status" });
          const who = s.name ? `${s.name}: ` : h("span", { class: "seat-player", style: `--seat:${colour(s.seat)}` }, h("span", { class: "dot" }), `${unnamed}: `);
          return h("li", {}, h("span", {}, who), field,
            h("button", { type: "button", class: "copy", onclick: () => copyText(link, field, note) }, t("copyBtn")), note);
        })),
        h("p", {}, h("a", { href: created.target, class: "button", id: "go" }, t("openGame")))));
      return;
    }
    const g = entry();
    seatBox = h("div", { id: "seats" });
    root.append(
      h("section", { class: "panel" },
        h("h1", {}, t("newGame")),
        h("form", { id: "new-game", onsubmit: start },
          h("div", { class: "field" }, h("label", { for: "game" }, t("game")),
            h("select", { id: "game", onchange: (e) => { pick(e.target.value); render(); } },
              catalogue.map((c) => h("option", { value: c.name, selected: c.name === g.name }, gameTitle(c))))),
          form.position ? null : g.options.filter((spec) => !technical(spec)).map(optionField),
          h("fieldset", {}, h("legend", {}, t("seats")), seatBox),
          h("details", { id: "advanced", class: "advanced", open: !!form.position }, h("summary", {}, t("advanced")),
            form.position ? null : g.options.filter(technical).map(optionField),
            positionField(form, usePosition),
            h("div", { class: "field" }, h("label", { for: "seed" }, t("seedLabel")),
              h("input", { id: "seed", type: "number", min: 0, value: form.seed, oninput: (e) => { form.seed = e.target.value; } })),
            h("div", { class: "field" }, h("label", {}, h("input", { type: "checkbox", id: "research", checked: form.research,
              onchange: (e) => { form.research = e.target.checked; if (!form.research) for (const seat of form.seats) if (RESEARCH_BOTS.has(seat.bot)) seat.bot = g.default_bot; renderSeats(); } }), " ", t("researchBots")))),
          h("div", { class: "field" }, h("label", {}, h("input", { type: "checkbox", id: "public", checked: form.public, onchange: (e) => { form.public = e.target.checked; } }), " ", t("public"))),
          h("button", { type: "submit", id: "start", class: "primary" }, t("start")),
          h("span", { id: "create-status", role: "alert" }))),
      guidedPanel(catalogue), // table: a guided first game per title
      h("section", { class: "panel" },
        h("h2", {}, t("games")),
        games.length ? h("table", { id: "games" }, h("tbody", {}, games.map(gameRow))) : h("p", {}, t("noGames"))),
      h("section", { class: "panel" },
        h("h2", {}, t("importRecord")),
        h("form", { id: "import", onsubmit: importRecord },
          h("div", { class: "field" }, h("label", { for: "record-file" }, t("chooseFile")),
            filePicker(h("input", { type: "file", id: "record-file", accept: ".json,application/json" }), t("pickFile"), t("noFile"))),
          h("textarea", { id: "record-text", rows: 3, "aria-label": t("pasteRecord"), placeholder: t("pasteRecord") }),
          h("button", { type: "submit" }, t("importBtn")),
          h("span", { id: "import-status", role: "alert" }))),
    );
    renderSeats();
    if (!performance.getEntriesByName("feldherr:interactive").length) performance.mark("feldherr:interactive");
  }

  function gameRow(game) {
    const title = gameTitle(catalogue.find((c) => c.name === game.game) || { title: game.game });
    const done = game.status === "finished" || game.status === "imported";
    // bots by their strength in the reader's language; imported seats have no names
    // (the same name more than once is counted: "Anna, Random moves × 3", short enough for a phone)
    const all = (game.seats || []).map((s) => (s.kind === "bot" && s.bot ? botName(s.bot) : s.kind === "imported" ? "" : s.name)).filter((n) => n);
    const names = [...new Set(all)].map((n) => { const k = all.filter((x) => x === n).length; return k > 1 ? `${n} × ${k}` : n; }).join(", ");
    return h("tr", {}, h("td", {}, title), h("td", {}, t(game.status)), h("td", { class: "who" }, names),
      h("td", {}, done ? h("a", { href: `/replay/${game.id}` }, t("replay")) : h("a", { href: `/play/${game.id}` }, t("watch"))));
  }

  load().catch((err) => { root.textContent = `${t("error")}: ${err.message}`; });
  return { relang: render, stop() {} };
}

// The name this device's player gave last (at a table or in the lobby): the "me" seat's to start with.
function rememberedName() {
  try { return localStorage.getItem("feldherr:name") || ""; } catch { return ""; }
}

// A game's printed name in the current language (the catalogue may give one per language).
function gameTitle(entry) {
  const titles = entry.titles;
  return (titles && (titles[lang()] || titles.en)) || (entry.title && typeof entry.title === "object" ? entry.title[lang()] || entry.title.en : entry.title) || "";
}

// An invite link on the address friends can reach (the server's public address).
function reachable(invite) {
  try {
    const url = new URL(invite, location.origin);
    return `${publicBase()}${url.pathname}${url.search}${url.hash}`;
  } catch { return invite; }
}
let base = location.origin;
function publicBase() { return base.replace(/\/$/, ""); }

// A reason as a sentence of its own under a field ("the 'Alte Hasen' cards …" → "The 'Alte Hasen' cards …").
function range(a, b) {
  const out = [];
  for (let i = a; i <= b; i++) out.push(i);
  return out;
}
