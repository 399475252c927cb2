// The lobby: start a game (the form comes from the catalogue's option spec), the game list, and
// importing a record for the replay viewer.
import { api, clear, h } from "./dom.js";
import { lang, t } from "./i18n.js";
import { remember } from "./store.js";
import { guidedPanel } from "./tutorial.js"; // table: guided first games

export function showLobby(root) {
  let catalogue = null;
  let games = [];
  const form = { game: null, options: {}, seats: [], public: true };
  let created = null;

  const load = async () => {
    const [cat, list] = await Promise.all([api("/api/catalog"), api("/api/games?limit=30").catch(() => ({ games: [] }))]);
    catalogue = cat;
    games = list.games || [];
    if (!form.game && catalogue.length) pick(catalogue[0].name);
    render();
  };

  const entry = () => catalogue.find((g) => g.name === form.game);

  function pick(name) {
    form.game = name;
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
      form.seats.push(form.seats.length === 0 ? { kind: "me", bot: g.default_bot, name: "" } : { kind: "bot", bot: g.default_bot, name: "" });
    }
    form.seats.length = n;
    for (const seat of form.seats) if (!g.bots.includes(seat.bot)) seat.bot = g.default_bot;
  }

  function optionField(spec) {
    const id = `opt-${spec.name}`;
    const help = spec.help[lang()] || spec.help.en || spec.name;
    const value = form.options[spec.name];
    const label = (choice) => (spec.labels[choice] && (spec.labels[choice][lang()] || spec.labels[choice].en)) || choice;
    let input;
    if (spec.kind === "int") {
      input = h("input", { id, type: "number", min: spec.min ?? undefined, max: spec.max ?? undefined, value: value ?? "",
        oninput: (e) => { form.options[spec.name] = parseInt(e.target.value, 10); if (spec.name === "players") { fitSeats(); renderSeats(); } } });
      if (spec.name === "players" && spec.min !== null && spec.max !== null) {
        input = h("select", { id, onchange: (e) => { form.options.players = parseInt(e.target.value, 10); fitSeats(); renderSeats(); } },
          range(spec.min, spec.max).map((n) => h("option", { value: n, selected: n === value }, n)));
      }
    } else if (spec.kind === "bool") {
      input = h("input", { id, type: "checkbox", checked: !!value, onchange: (e) => { form.options[spec.name] = e.target.checked; } });
    } else if (spec.kind === "choice") {
      input = h("select", { id, onchange: (e) => { form.options[spec.name] = e.target.value; } },
        spec.choices.map((c) => h("option", { value: c, selected: c === value }, label(c))));
    } else if (spec.kind === "multi") {
      const chosen = new Set(value || []);
      input = h("span", { id, class: "multi" }, spec.choices.map((c) => h("label", {},
        h("input", { type: "checkbox", checked: chosen.has(c), onchange: (e) => {
          if (e.target.checked) chosen.add(c); else chosen.delete(c);
          form.options[spec.name] = spec.choices.filter((x) => chosen.has(x));
        } }), " ", label(c))));
    } else {
      input = h("input", { id, type: "text", value: value === null || value === undefined ? "" : JSON.stringify(value),
        onchange: (e) => { try { form.options[spec.name] = e.target.value ? JSON.parse(e.target.value) : null; } catch { /* shown by the server */ } } });
    }
    return h("div", { class: "field" }, h("label", { for: id }, help), input);
  }

  let seatBox = null;
  function renderSeats() {
    if (!seatBox) return;
    clear(seatBox);
    const g = entry();
    form.seats.forEach((seat, i) => {
      const kind = h("select", { id: `seat-${i}`, "aria-label": `${t("seat")} ${i + 1}`, onchange: (e) => { seat.kind = e.target.value; renderSeats(); } },
        ["me", "friend", "hotseat", "bot"].map((k) => h("option", { value: k, selected: seat.kind === k }, t(k))));
      const bot = seat.kind === "bot"
        ? h("select", { id: `bot-${i}`, "aria-label": t("strength"), onchange: (e) => { seat.bot = e.target.value; } },
          g.bots.map((b) => h("option", { value: b, selected: seat.bot === b }, b)))
        : null;
      const name = h("input", { type: "text", id: `name-${i}`, maxlength: 40, placeholder: t("name"), "aria-label": t("name"), value: seat.name,
        oninput: (e) => { seat.name = e.target.value; } });
      seatBox.append(h("div", { class: "seat-row" }, h("span", { class: "seat-no" }, `${i + 1}.`), kind, bot, name));
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
        const name = seat.name.trim() || (seat.kind === "bot" ? `${seat.bot} ${i + 1}` : seat.kind === "me" ? t("you") : `${t("seat")} ${i + 1}`);
        out.name = name.slice(0, 40);
        return out;
      }),
    };
    const status = root.querySelector("#create-status");
    try {
      const game = await api(`/api/games?lang=${lang()}`, { method: "POST", body: JSON.stringify(body) });
      const mine = game.seats.filter((s, i) => form.seats[i].kind === "me" || form.seats[i].kind === "hotseat");
      remember(game.id, mine.map((s) => s.token));
      const friends = game.seats.filter((s, i) => form.seats[i].kind === "friend");
      const target = `/play/${game.id}#tokens=${mine.map((s) => s.token).join(",")}`;
      if (!friends.length) { location.assign(target); return; }
      created = { game, friends, target };
      render();
    } catch (err) {
      status.textContent = `${t("error")}: ${err.message}`;
    }
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
      root.append(h("section", { class: "panel", id: "created" },
        h("h1", {}, t("created")),
        h("h2", {}, t("invite")),
        h("ul", {}, created.friends.map((s) => h("li", {}, `${s.name}: `,
          h("input", { class: "invite", readonly: true, value: s.invite, "aria-label": `${t("invite")} ${s.name}`, onfocus: (e) => e.target.select() })))),
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
              catalogue.map((c) => h("option", { value: c.name, selected: c.name === g.name }, c.title)))),
          g.options.map(optionField),
          h("fieldset", {}, h("legend", {}, t("seats")), seatBox),
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
          h("div", { class: "field" }, h("label", { for: "record-file" }, t("chooseFile")), h("input", { type: "file", id: "record-file", accept: ".json,application/json" })),
          h("textarea", { id: "record-text", rows: 3, "aria-label": "JSON", placeholder: "{\"game\": …}" }),
          h("button", { type: "submit" }, t("importBtn")),
          h("span", { id: "import-status", role: "alert" }))),
    );
    renderSeats();
    if (!performance.getEntriesByName("feldherr:interactive").length) performance.mark("feldherr:interactive");
  }

  function gameRow(game) {
    const title = (catalogue.find((c) => c.name === game.game) || {}).title || game.game;
    const done = game.status === "finished" || game.status === "imported";
    const names = (game.seats || []).map((s) => s.name).join(", ");
    return h("tr", {}, h("td", {}, title), h("td", {}, t(game.status)), h("td", {}, names),
      h("td", {}, done ? h("a", { href: `/replay/${game.id}` }, t("replay")) : h("a", { href: `/play/${game.id}` }, t("watch"))));
  }

  load().catch((err) => { root.textContent = `${t("error")}: ${err.message}`; });
  return { relang: render, stop() {} };
}

function range(a, b) {
  const out = [];
  for (let i = a; i <= b; i++) out.push(i);
  return out;
}
