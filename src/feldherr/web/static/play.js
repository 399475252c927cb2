// A seat's page: the WebSocket, the board, the pending decision's choices, the log, hot-seat
// hand-overs and the end of the game.
import { api, clear, colour, copyText, h, usePalette } from "./dom.js";
import { botName, capital, lang, moveWords, oddsWords, t, tn, touchScreen } from "./i18n.js";
import { moveKeys, onData, phaseDetail, renderBoard, seatNames, slotValue, term, termsReady } from "./boards.js";
import { MAX_BUTTONS, hasSteps, remaining, stepPicker } from "./steps.js";
import { endOfGame, logItem, says } from "./ending.js";
import { foreignInvite, forget, fromHash, held, hideTokens, inHash, invites, remember, tabHold } from "./store.js";
import { makePacer, onSeenInFull } from "./pace.js"; // table: paced turns
import { tableBar, turnReset, turnSignal } from "./table.js"; // table: help line, speed, turn signals
import { holdFor } from "./tower.js"; // table: a battle holds the next move while the tower runs
import { scoringHold } from "./scoring-steps.js"; // table: a winter scoring holds it while its steps show
import { rerollHold } from "./board-mansfeld.js"; // Mansfeld: dice thrown again are seen step by step
import { actionHold } from "./action-steps.js"; // Wallenstein: an action's results player by player
import { courtHold } from "./court-steps.js"; // Wallenstein: Am Kaiserhof's conversions player by player
import { guideMoved, guidePanel, guided } from "./tutorial.js"; // table: the guided first game's explanations

// What the hot-seat hand-over hides, in each game's words (i18n.js): Wallenstein's players plan,
// El Grande's players hold hands and turn secret discs; the others (Mansfeld's dice) choose in secret.
const PASS_HINT = { wallenstein: "passHintPlans", elgrande: "passHintHands" };

export function showPlay(root, gameId) {
  let tokens = fromHash(gameId);
  // A friend's invitation opened on a device that holds other seats of this game (its creator
  // trying the link) is not taken without asking: taken, the friend would count as having come.
  const invite = inHash().invite;
  let asking = foreignInvite(gameId, invite) ? { invite, info: null } : null;
  const st = {
    ws: null, welcome: null, bySeat: new Map(), shown: null, pending: null, confirmed: new Set(),
    status: "reconnecting", error: "", busy: false, filter: "", stopped: false, retry: 0, nextId: 1, ended: null,
    sel: { key: null, path: [], toggled: [] }, // the step picker's parts picked so far (per seat and version)
    plan: { key: null, staged: {}, target: null, queue: false, order: [] }, // the Wallenstein plan staged here until Confirm (order: boxes as filled)
    prev: new Map(), ownVersion: -1, // table: the position before the last move shown; the version after my own move
    undoable: null, // {seat, version}: the server lets that seat take back its move of that version
    awaiting: null, // {seat, version}: my move was taken; the choices stay off until that seat's update of that version
    standIns: [], // seats a bot plays for while their players are away
    rematch: null, // {id, seat}: a rematch someone at this table started (seat: who, when known)
    naming: "", nameError: "", // the name typed for this seat (unnamed seats give one at the table)
    replacing: null, // the seat of a friend who has not come that a bot is about to take (asked first)
    taken: false, // this page's invitation was given to a bot: the page offers to watch
    list: null, // {key, nodes}: the choice buttons drawn last, kept by a redraw while their choice stands
  };
  // table: other seats' moves come one at a time (pace.js); each batch is one version.
  const pacer = makePacer((batch) => {
    // a seat's first update (a reload, a reconnect) brings the whole log and shows it without a
    // tower or a panel: it holds nothing (the log's battles and winters held the next move for
    // all of them, a minute and more late in a game)
    const moved = batch.filter((m) => st.bySeat.has(m.seat === null ? "spectator" : m.seat));
    for (const m of batch) applyUpdate(m);
    decide();
    renderSoon();
    if (st.plan.queue && batch.some((m) => m.seat === st.shown)) pumpPlan(); // the staged plan goes on
    return Math.max(0, ...moved.map((m) => Math.max(holdFor(m.log), scoringHold(m.log), rerollHold(m.log), actionHold(m.log), courtHold(m.log))));
  },
    () => { const skip = root.querySelector("#skip"); if (skip) skip.replaceWith(tableBarNode().querySelector("#skip")); });
  // "show all" on a move's results or scoring: the rest of that move's hold is dropped
  const unheld = onSeenInFull((version) => pacer.release(version));

  function connect() {
    if (st.stopped) return;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws/games/${encodeURIComponent(gameId)}?lang=${lang()}`);
    st.ws = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: "hello", tokens, lang: lang() }));
    // a connection given up (a language switch, a reconnect) says nothing more to this page
    ws.onmessage = (event) => { if (st.ws === ws) receive(JSON.parse(event.data)); };
    ws.onclose = () => {
      if (st.ws !== ws || st.stopped) return;
      st.status = "reconnecting";
      renderStatus();
      st.retry = Math.min(st.retry + 1, 6);
      setTimeout(connect, 200 * 2 ** st.retry);
    };
  }

  function receive(msg) {
    if (msg.type === "welcome") {
      st.welcome = msg;
      st.rematch = msg.rematch ? { id: msg.rematch, seat: null } : null;
      st.ended = null; // the ending is drawn again from the fresh log (a new language after a switch)
      st.bySeat = new Map();
      st.prev = new Map();
      pacer.reset();
      st.status = "connected";
      st.retry = 0;
      if (msg.seats.length) hideTokens(); // the seat is claimed: its token leaves the visible address
      st.sent = null; // a move in flight when the connection dropped: the fresh updates say whether it was taken
      st.awaiting = null;
      st.busy = false;
    } else if (msg.type === "update") {
      const key = msg.seat === null ? "spectator" : msg.seat;
      // a choice's phrase with the facts sent apart (an attack's odds) in the page's number format
      if (Array.isArray(msg.choices)) msg.choices = msg.choices.map((c) => (c.details ? { ...c, text: moveWords(c.text, c.details) } : c));
      // table: a first update (reload, late join) and my own move show at once; others are paced.
      pacer.push(msg, !st.bySeat.has(key) || msg.version <= st.ownVersion);
      return;
    } else if (msg.type === "table") { // a friend came, left, took a name, a bot stands in
      if (st.welcome) st.welcome = { ...st.welcome, table: msg.table };
      st.standIns = msg.stand_ins || [];
      st.ended = null; // the ending names the players as the table does
      renderSoon();
      return;
    } else if (msg.type === "rematch") { // a friend started the rematch: the ending offers to join it
      st.rematch = { id: msg.rematch, seat: msg.seat };
      st.ended = null;
      renderSoon();
      return;
    } else if (msg.type === "undoable") { // the seat's last move can be taken back (after its update)
      st.undoable = { seat: msg.seat, version: msg.version };
      renderSoon();
      return;
    } else if (msg.type === "error") {
      if (msg.code === "stale") pacer.skip(); // table: catch up before deciding what to send again
      // Another seat moved between our update and our click (simultaneous decisions): the move is
      // sent again against the newest version if it is still legal there.
      const again = msg.code === "stale" && st.sent ? st.bySeat.get(st.sent.seat) : null;
      if (again && again.version !== st.sent.version && (again.choices || []).some((c) => same(c.move, st.sent.move))) {
        transmit(st.sent.seat, st.sent.move, again.version);
        return;
      }
      if (msg.code === "rate" && st.sent) { // too fast: the same move once more, a moment later
        const { seat, move, version } = st.sent;
        setTimeout(() => transmit(seat, move, st.bySeat.get(seat)?.version ?? version), 500);
        return;
      }
      st.busy = false;
      if (msg.rule === "server.name") { st.nameError = msg.message; renderSoon(); return; }
      if (msg.rule === "server.seat-taken" && !st.welcome) { // a bot plays this seat: no reconnecting with it
        for (const token of tokens) forget(gameId, token);
        hideTokens();
        st.taken = true;
        st.ws = null;
      }
      // keys that open no seat of this game (a link copied wrong) are not kept as this device's
      // seats: the right link opened next would be asked about as someone else's invitation. The
      // server names the wrong ones (their places in the hello): the device's other seats' keys
      // (hot-seat, several on one device) stay; all of them went with a single wrong one.
      if (msg.rule === "server.token" && !st.welcome) {
        const wrong = Array.isArray(msg.wrong) ? msg.wrong.map((i) => tokens[i]).filter(Boolean) : tokens;
        for (const token of wrong) forget(gameId, token);
      }
      st.error = msg.message;
      if (!st.welcome) st.status = "error";
    } else {
      if (msg.type === "ack" && !msg.named) { // taken: nothing to send again
        st.sent = null;
        if (typeof msg.version === "number") st.ownVersion = msg.version;
        // A move's choices stay off until the seat's own update of that version has come: the
        // updates of other seats held here come first (hot-seat), and the seat's choices shown
        // meanwhile were those it just answered (a click sent the same move again).
        const known = st.bySeat.get(msg.seat);
        const move = !msg.undone && typeof msg.replaced !== "number" && typeof msg.version === "number";
        st.awaiting = move && known && known.version < msg.version ? { seat: msg.seat, version: msg.version } : null;
        st.busy = st.awaiting !== null;
        // drawn again: an ack that comes last (a move sent twice is answered as a duplicate, and no
        // update follows) left the choices disabled for good
        renderSoon();
      }
      if (msg.type === "ack" && msg.undone) st.ownVersion = msg.version; // undo: the position before it shows at once
      if (msg.type === "ack" && typeof msg.replaced === "number") { st.replacing = null; renderSoon(); }
      if (msg.type === "ack" && msg.named) { st.naming = ""; st.nameError = ""; try { localStorage.setItem("feldherr:name", msg.named); } catch { /* storage off */ } }
      return; // ack, pong: the update that follows says it all
    }
    decide();
    renderSoon();
  }

  // Messages that come together (a move's update, the bots' answers, the undo flag) are drawn once:
  // the page is rebuilt after the messages already waiting, not after each of them.
  let drawSoon = null;
  function renderSoon() {
    if (drawSoon === null) drawSoon = setTimeout(() => { drawSoon = null; if (!st.stopped) render(); }, 0);
  }

  function applyUpdate(msg) {
    const key = msg.seat === null ? "spectator" : msg.seat;
    const known = st.bySeat.get(key);
    const log = known && known.version < msg.version ? known.log.concat(msg.log) : msg.log;
    st.prev.set(key, known ? { version: known.version, view: known.view } : null); // table: last move
    st.bySeat.set(key, { ...msg, log });
    if (Array.isArray(msg.stand_ins)) st.standIns = msg.stand_ins;
    if (st.undoable && st.undoable.seat === msg.seat && st.undoable.version !== msg.version) st.undoable = null;
    if (st.awaiting && st.awaiting.seat === msg.seat && msg.version >= st.awaiting.version) st.awaiting = null;
    // Another seat's move may come between my move and its ack (simultaneous decisions), another
    // seat's update held here between the ack and my seat's own (hot-seat): the choices stay
    // disabled and a staged plan does not send the same box again until then.
    if (!st.sent && !st.awaiting) st.busy = false;
    st.error = "";
  }

  // table: the bar over the decision (help line, speed, skip, sound, rules).
  function tableBarNode() {
    const update = st.bySeat.get(st.shown);
    // the players who decide now, named where this page's player is not one of them ("Anna
    // chooses …", not "Choose …" while Anna decides)
    const deciding = Array.isArray(update?.view?.to_move) ? update.view.to_move : [];
    const deciders = deciding.length && !deciding.includes(st.shown) ? deciding.map((seat) => seatName(seat)) : null;
    return tableBar({ game: st.welcome?.name, phase: update?.view?.phase, detail: phaseDetail(st.welcome?.name, update?.view),
      pacer, rerender: render, spectator: st.shown === "spectator", deciders, locked: lockedFor(update, deciding) });
  }

  // This page's seat has sent its decision of a simultaneous phase and its update (in which it no
  // longer decides) is still on the way: the others still deciding (names), else null. A
  // Wallenstein plan is sent box by box once Confirm was pressed: locked from then on.
  function lockedFor(update, deciding) {
    const seat = st.shown;
    if (!update || !deciding.includes(seat) || update.outcome) return null;
    const sent = planning(update.choices || []) ? st.plan.queue
      : st.sent?.seat === seat || st.awaiting?.seat === seat;
    return sent ? deciding.filter((s) => s !== seat).map((s) => seatName(s)) : null;
  }

  // Which seat's page this device shows. With several seats here (hot-seat), a switch to another
  // seat goes through the hand-over screen, so nobody sees another's secrets.
  function decide() {
    const held = st.welcome ? st.welcome.seats : [];
    if (held.length === 0) { st.shown = "spectator"; return; }
    if (held.length === 1) { st.shown = held[0]; return; }
    // the seats' first updates are on their way: nothing to hand over yet (a game that turns out
    // to be over showed "Pass the device to …" for a moment before its ending)
    if (held.some((s) => !st.bySeat.has(s))) return;
    // a game that is over hides nothing and asks nobody: its ending at once, without a hand-over
    if (held.some((s) => st.bySeat.get(s)?.outcome)) {
      if (st.shown === null) { st.shown = st.pending ?? held[0]; st.pending = null; }
      return;
    }
    const asked = held.filter((s) => (st.bySeat.get(s)?.choices || []).length);
    if (st.shown !== null && asked.includes(st.shown)) return;
    const target = asked.length ? asked[0] : st.shown ?? held[0];
    if (target !== st.shown) { st.pending = target; st.shown = null; }
  }

  function send(choice) {
    const seat = st.shown;
    const update = st.bySeat.get(seat);
    if (!update || st.busy) return;
    st.busy = true;
    st.filter = "";
    guideMoved(gameId, update.version); // table
    transmit(seat, choice.move, update.version);
    render();
  }

  // Undo: the server says (update.undo) when the seat's last move can still be taken back.
  function undoButton(update) {
    const can = update.undo || (st.undoable && st.undoable.seat === st.shown && st.undoable.version === update.version);
    if (!can || update.outcome || st.plan.queue) return null;
    return h("p", { class: "row undo" }, h("button", { type: "button", id: "undo", disabled: st.busy, title: t("undoHint"),
      onclick: () => { st.busy = true; st.ws.send(JSON.stringify({ type: "undo", seat: st.shown, version: update.version, id: st.nextId++ })); render(); } },
    `↶ ${t("undo")}`));
  }

  function transmit(seat, move, version) {
    st.sent = { seat, move, version };
    st.ws.send(JSON.stringify({ type: "move", seat, move, version, id: st.nextId++ }));
  }

  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

  // The same seats again: every seat held here asks for its place in the new game.
  async function rematch() {
    const fresh = [];
    let id = null;
    for (const token of tokens) {
      const out = await api(`/api/games/${encodeURIComponent(gameId)}/rematch?lang=${lang()}`, { method: "POST", body: "{}", headers: { authorization: `Bearer ${token}` } });
      id = out.id;
      fresh.push(out.token);
    }
    remember(id, fresh);
    location.assign(`/play/${id}#tokens=${fresh.join(",")}`);
  }

  // A seat as the game's texts name it (a bot by its colour, as in the log), else by its strength.
  const names = () => (st.welcome ? seatNames(st.welcome.name, st.welcome.table) : []);
  const seatName = (seat) => {
    const s = st.welcome?.table?.[seat];
    return names()[seat] || s?.name || (s?.kind === "bot" ? botName(s.bot) : t("player"));
  };

  // Whether a friend's seat is taken and its player here: "notJoined" (the invitation not opened
  // yet), "standIn" (away, a bot plays meanwhile), "away" (not connected), or null (here; a bot;
  // this device's own seats).
  function presence(s) {
    if (s.kind !== "human" || st.welcome.seats.includes(s.seat) || s.present === undefined) return null;
    if (!s.claimed) return "notJoined";
    if (st.standIns.includes(s.seat)) return "standIn";
    return s.present ? null : "away";
  }

  // A seat of this device whose player has no name yet (a friend's invitation without one): the
  // player gives one here, and every text at the table then names them by it.
  function namePanel() {
    const mine = st.welcome.seats.length === 1 ? st.welcome.table[st.welcome.seats[0]] : null;
    if (!mine || mine.kind !== "human" || mine.name || st.bySeat.get(mine.seat)?.outcome || guided(gameId)) return null;
    let remembered = "";
    try { remembered = localStorage.getItem("feldherr:name") || ""; } catch { /* storage off */ }
    const value = st.naming || remembered;
    const take = (e) => {
      e.preventDefault();
      const typed = root.querySelector("#my-name").value;
      st.naming = typed;
      st.nameError = "";
      st.ws.send(JSON.stringify({ type: "name", seat: mine.seat, name: typed, id: st.nextId++ }));
    };
    return h("section", { id: "name-panel", class: "panel" },
      h("h2", {}, t("nameTitle")),
      h("p", { class: "label" }, t("nameHint", { name: seatName(mine.seat) })),
      h("form", { id: "name-form", class: "row", onsubmit: take },
        h("input", { id: "my-name", type: "text", maxlength: 40, value, "aria-label": t("name"), placeholder: t("yourName"), autocomplete: "nickname",
          oninput: (e) => { st.naming = e.target.value; } }),
        h("button", { type: "submit", class: "primary", id: "take-name" }, t("nameTake"))),
      st.nameError ? h("p", { role: "alert", class: "error", id: "name-error", "data-game": "1" }, capital(st.nameError)) : null);
  }

  // Friends who have not opened their invitation yet: the game's creator hands out the links here
  // again (kept from the lobby's created page), and anyone at the table may let a bot take such a
  // seat instead of waiting (asked once more before it is done: it holds for the rest of the game).
  function invitePanel() {
    const table = st.welcome.table;
    if (!st.welcome.seats.length || st.bySeat.get(st.shown)?.outcome) return null;
    const links = new Map(invites(gameId).map((i) => [i.seat, i.link]));
    const waiting = table.filter((s) => s.kind === "human" && !s.claimed && !st.welcome.seats.includes(s.seat));
    if (!waiting.length) return null;
    const anyLink = waiting.some((s) => links.has(s.seat));
    const replace = (seat) => { if (st.ws?.readyState !== WebSocket.OPEN) return; st.replacing = null; st.error = ""; st.ws.send(JSON.stringify({ type: "replace", seat, id: st.nextId++ })); render(); };
    return h("section", { id: "invite-panel", class: "panel" },
      h("h2", {}, t(anyLink ? "invite" : "notComeTitle")),
      h("p", { class: "label" }, t(anyLink ? "inviteHint" : "notComeHint")),
      h("ul", { class: "invites" }, waiting.map((s) => {
        const name = seatName(s.seat);
        const link = links.get(s.seat);
        const field = link ? h("input", { class: "invite", readonly: true, value: link, "aria-label": t("inviteFor", { name }), onfocus: (e) => e.target.select() }) : null;
        const note = h("span", { class: "copied", role: "status" });
        const asked = st.replacing === s.seat;
        return h("li", { style: `--seat:${colour(s.seat)}`, "data-seat": s.seat }, h("span", {}, h("span", { class: "dot" }), link ? `${name}: ` : name),
          field, link ? h("button", { type: "button", class: "copy", onclick: () => copyText(link, field, note) }, t("copyBtn")) : null, link ? note : null,
          asked ? null : h("button", { type: "button", class: "replace", onclick: () => { st.replacing = s.seat; render(); } }, t("replaceBtn", { name })),
          asked ? h("div", { class: "replace-ask", role: "group" },
            h("p", {}, t("replaceAsk", { name })),
            h("p", { class: "row" },
              h("button", { type: "button", class: "primary", id: "replace-yes", onclick: () => replace(s.seat) }, t("replaceYes", { name })),
              h("button", { type: "button", id: "replace-no", onclick: () => { st.replacing = null; render(); } }, t("replaceNo")))) : null);
      })));
  }

  // Before a friend's invitation is taken on this device: whose seat it is, and the choice.
  function askPanel() {
    const info = asking.info;
    const seats = info && Array.isArray(info.seats) ? info.seats : [];
    const seat = info && Number.isInteger(info.seat) ? info.seat : null;
    const name = seat === null ? "" : seatNames(info.game, seats)[seat] || seats[seat]?.name || "";
    const own = held(gameId).filter((x) => x !== asking.invite); // this device's own seats of the game
    return h("section", { id: "invite-ask", class: "panel pass", style: seat === null ? "" : `--seat:${colour(seat)}` },
      h("h1", {}, name ? t("askTitle", { name }) : t("askTitleUnnamed")),
      h("p", {}, name ? t("askHint", { name }) : t("askHintUnnamed")),
      h("p", { class: "row" },
        h("button", { type: "button", class: "primary", id: "ask-take", onclick: () => {
          tokens = [asking.invite];
          tabHold(gameId, tokens);
          asking = null;
          connect();
          render();
        } }, name ? t("askTake", { name }) : t("askTakeUnnamed")),
        h("button", { type: "button", id: "ask-mine", onclick: () => {
          tokens = own;
          asking = null;
          hideTokens();
          connect();
          render();
        } }, t(own.length ? "askMine" : "askWatch"))));
  }

  // A late friend whose seat a bot took: the server's words, and the game to watch.
  function takenPanel() {
    return h("section", { id: "seat-taken", class: "panel" },
      h("p", { role: "alert", class: "error" }, capital(st.error)),
      h("p", { class: "row" },
        h("button", { type: "button", class: "primary", id: "watch-instead", onclick: () => {
          tokens = [];
          st.taken = false;
          st.error = "";
          st.status = "reconnecting";
          connect();
          render();
        } }, t("watchInstead")),
        h("a", { href: "/" }, t("back"))));
  }

  let statusNode = null;
  function renderStatus() {
    if (!statusNode) return;
    statusNode.textContent = t(st.status === "connected" ? "connected" : "reconnecting");
    statusNode.className = `conn ${st.status}`;
  }

  function render() {
    if (drawSoon !== null) { clearTimeout(drawSoon); drawSoon = null; }
    onData(render);
    // a name being typed keeps the focus and the caret through a redraw (an update that comes
    // meanwhile must not move the keys to the first choice, where Enter would play it)
    const typing = document.activeElement?.id === "my-name"
      ? [document.activeElement.selectionStart, document.activeElement.selectionEnd] : null;
    // a choice in focus (keyboard) and the list's scrolling stay through a redraw that keeps the list
    const chosen = document.activeElement?.closest?.("#choices") ? document.activeElement : null;
    const list = root.querySelector("#choices");
    const scrolled = list ? list.scrollTop : 0;
    clear(root);
    document.getElementById("where").textContent = st.welcome ? ` · ${st.welcome.title}` : "";
    statusNode = h("span", { id: "conn", class: `conn ${st.status}` });
    renderStatus();
    if (asking) { onData(render); root.append(askPanel()); return; }
    if (st.taken) { root.append(takenPanel()); return; }
    if (st.status === "error") { // no seat and no game here (a link copied wrong, a game removed): the way on
      root.append(h("section", { class: "panel", id: "no-table" }, h("p", { role: "alert", class: "error" }, capital(st.error)),
        h("p", {}, h("a", { href: "/", class: "button", id: "to-lobby" }, t("toLobby")))));
      return;
    }
    if (!st.welcome || !termsReady(st.welcome.name)) { root.append(statusNode); return; } // (redrawn when they come)
    turnSignal(st.welcome.seats.some((seat) => (st.bySeat.get(seat)?.choices || []).length) && !st.bySeat.get(st.welcome.seats[0])?.outcome, st.welcome.title); // table
    usePalette(st.welcome.name);
    if (st.shown === null && st.pending !== null) {
      const name = seatName(st.pending);
      root.append(h("section", { id: "pass", class: "pass", style: `--seat:${colour(st.pending)}` },
        h("h1", {}, `${t("passTo")} ${name}`),
        h("p", { id: "pass-hint" }, t(PASS_HINT[st.welcome.name] ?? "passHint")),
        h("button", { id: "ready", class: "primary", onclick: () => { st.shown = st.pending; st.pending = null; render(); } }, t("ready", { name })),
        h("p", { class: "pass-conn" }, statusNode))); // whether this device is still at the table, as on the table's bar
      root.querySelector("#ready").focus();
      return;
    }
    const update = st.bySeat.get(st.shown);
    if (!update) { root.append(statusNode); return; }
    const view = update.view;
    const choices = update.choices || [];
    const keys = moveKeys(choices);
    const prev = st.prev.get(st.shown) || null; // table: the position before the last move shown
    const game = st.welcome.name;
    const table = st.welcome.table;
    const toMove = view.to_move || [];
    const seatsBar = h("ol", { class: "seats", id: "seat-list" }, table.map((s) => h("li", {
      class: `${toMove.includes(s.seat) ? "to-move" : ""} ${s.seat === st.shown ? "me" : ""}`, style: `--seat:${colour(s.seat)}`,
    }, h("span", { class: "dot" }), seatName(s.seat), s.kind === "bot" ? ` (${botName(s.bot)})` : "", s.seat === st.shown ? ` · ${t("you")}` : "",
    presence(s) ? h("span", { class: `presence ${presence(s)}` }, ` · ${t(presence(s))}`) : "",
    s.replaced ? h("span", { class: "presence replaced" }, ` · ${t("replaced")}`) : "")));
    const board = h("section", { id: "board", class: "board", "aria-label": t("board") },
      renderBoard(game, view, { keys, names: names(), me: st.shown === "spectator" ? null : st.shown,
        // A board piece that belongs to exactly one legal move plays it at once; else it narrows the list.
        pick: (key) => {
          if (planning(choices)) { stage(key); return; }
          const hits = choices.filter((c) => moveKeys([c]).has(key));
          if (hits.length === 1) send(hits[0]);
          else { st.filter = st.filter === key ? "" : key; render(); }
        },
        choices, send, filter: st.filter, stage: planning(choices) ? stageCtx(update) : null,
        prev: prev?.view ?? null, fresh: prev ? update.log.filter((item) => item.version > prev.version) : [], version: update.version }));
    const side = h("aside", { class: "side" }, namePanel(), invitePanel(), guidePanel(gameId, update, root), tableBarNode(), decisionPanel(update, choices), logPanel(update.log, prev?.version));
    root.append(h("div", { class: "bar" }, seatsBar, statusNode), h("div", { class: "play" }, board, side));
    if (!performance.getEntriesByName("feldherr:interactive").length) performance.mark("feldherr:interactive");
    if (update.outcome) {
      // drawn again when the players' names change: the game's terms (a bot's colour) come after
      // the first update, and the ending names every player as the log and the seats bar do
      const named = names();
      if (!st.ended || st.ended.names !== named.join("\n")) {
        st.ended = { ...endOfGame(gameId, game, update.outcome, named, update.log), names: named.join("\n") };
        const started = st.rematch && st.rematch.seat !== null && !st.welcome.seats.includes(st.rematch.seat);
        if (started) st.ended.node.append(h("p", { id: "rematch-note", role: "status" }, t("rematchBy", { name: seatName(st.rematch.seat) })));
        st.ended.node.append(h("p", { class: "row" },
          tokens.length ? h("button", { type: "button", id: "rematch", class: st.rematch ? "primary" : null, onclick: rematch }, t(st.rematch ? "rematchJoin" : "rematch")) : null,
          h("a", { href: `/replay/${gameId}`, id: "to-replay" }, t("toReplay")), h("a", { href: `/replay/${gameId}#analyse`, id: "to-analysis" }, t("analyse")), h("a", { href: "/" }, t("back"))));
      }
      root.append(st.ended.node);
    }
    if (list?.isConnected && scrolled) list.scrollTop = scrolled;
    if (chosen?.isConnected) chosen.focus({ preventScroll: true });
    const nameField = typing ? root.querySelector("#my-name") : null;
    if (nameField) { nameField.focus({ preventScroll: true }); nameField.setSelectionRange(...typing); }
    // Keyboard use: a fresh page puts the focus on the first choice unless it is elsewhere already.
    // Not on a touch screen: there is no Enter to press, and the first choice stood out in the
    // focus's colour as if it were suggested.
    const first = touchScreen() ? null : root.querySelector("#choices button:not([disabled])");
    if (first && (document.activeElement === document.body || !document.activeElement)) first.focus({ preventScroll: true });
    const logList = root.querySelector("#log ol");
    if (logList) logList.scrollTop = logList.scrollHeight;
  }

  // The choice buttons stay while their choice stands: a redraw for anything else (a friend came,
  // the undo flag, another seat's update, the speed) built them anew, and a keyboard's focus fell
  // back to the first choice. (A press whose finger or mouse button goes down before a redraw and
  // up after it still plays nothing: the redraw takes the kept button out of the page and puts it
  // back, which ends the press.) `what`: all the buttons depend on (their seat, version, words, the
  // parts picked); the nodes drawn last for the same are drawn again.
  function kept(what, build) {
    const key = JSON.stringify([lang(), st.filter, ...what]);
    if (st.list?.key !== key) st.list = { key, nodes: build() };
    return st.list.nodes;
  }

  function decisionPanel(update, choices) {
    const panel = h("section", { id: "decision", class: "panel" });
    if (st.error) panel.append(h("p", { role: "alert", class: "error", "data-game": "1" }, capital(st.error)));
    if (st.shown === "spectator") panel.append(h("p", { id: "watching", class: "label" }, t("watching")));
    if (update.outcome) { // the final scoring is under the board (far down on a phone): a link to it
      panel.append(h("h2", {}, t("gameOver")), h("p", {}, h("button", { type: "button", class: "link", id: "to-ending",
        onclick: () => root.querySelector("#ending")?.scrollIntoView({ behavior: "smooth", block: "start" }) }, `↓ ${t("finalScore")}`)));
      return panel;
    }
    if (!choices.length) {
      const waiting = (update.view.to_move || []).map(seatName).join(", ");
      // why the wait may be long: a friend not here yet, away, or played by a bot meanwhile
      const why = (update.view.to_move || []).map((seat) => {
        const s = st.welcome.table[seat];
        const state = s ? presence(s) : null;
        const key = state === "notJoined" ? "waitNotJoined" : state === "standIn" ? "waitStandIn"
          : state === "away" ? (st.welcome.absent_after === null ? "waitAwayNever" : "waitAway") : null;
        return key ? h("p", { class: "label absent", "data-seat": seat }, t(key, { name: seatName(seat) })) : null;
      }).filter(Boolean);
      panel.append(h("h2", {}, t("waiting")), h("p", { id: "waiting" }, waiting || t("nothing")), ...why, undoButton(update) || "");
      return panel;
    }
    const undo = undoButton(update);
    if (undo) panel.append(undo);
    if (planning(choices)) return planPanel(panel, update, choices);
    // A move built part by part names the part (its buttons are that part's choices, not the moves).
    const parts = hasSteps(choices) ? choices[0].steps.length : 1;
    const part = Math.min(st.sel.key === `${st.shown}:${update.version}` ? st.sel.path.length + 1 : 1, parts);
    // a set of toggles alone counts no choices: they are its subsets ("1,024" over ten cards)
    const setAlone = parts === 1 && hasSteps(choices) && Array.isArray(choices[0].steps[0]);
    panel.append(h("h2", {}, parts > 1 ? `${t("yourTurn")} · ${t("partOf", { k: part, n: parts })}`
      : setAlone ? t("yourTurn") : `${t("yourTurn")} (${tn("choicesN", choices.length)})`));
    const filterBox = () => h("input", { type: "search", id: "filter", value: st.filter, placeholder: t("filter"), "aria-label": t("filter"),
      oninput: (e) => { st.filter = e.target.value; const pos = e.target.selectionStart; render(); const again = root.querySelector("#filter"); again.focus(); again.setSelectionRange(pos, pos); } });
    // A board piece picked (st.filter) narrows the moves; a typed filter narrows the phrases.
    const filter = st.filter.toLowerCase();
    const narrowed = choices.filter((c) => !filter || c.text.toLowerCase().includes(filter) || moveKeys([c]).has(st.filter));
    if (hasSteps(choices)) {
      const key = `${st.shown}:${update.version}`;
      if (st.sel.key !== key) st.sel = { key, path: [], toggled: [] };
      const pool = narrowed.length && hasSteps(narrowed) ? narrowed : choices;
      // the filter box also where this part has more labels than buttons are shown (none hidden)
      const left = remaining(choices, st.sel.path);
      const part = st.sel.path.length;
      const labels = new Set(left.map((c) => (Array.isArray(c.steps[part]) ? null : c.steps[part])).filter((x) => x !== null && x !== undefined));
      if (st.filter || labels.size > MAX_BUTTONS) panel.append(filterBox());
      const decorate = (c) => (c.details?.odds ? { class: "attack", label: c.text, onfocus: () => showOdds(c), onmouseenter: () => showOdds(c), after: oddsBar(c.details.odds) } : null);
      panel.append(...kept([key, st.busy, st.sel.path, st.sel.toggled, pool.map((c) => c.text)],
        () => stepPicker(pool, st.sel, { send, rerender: render, busy: st.busy, filter: "", decorate }).filter(Boolean)));
      return panel;
    }
    if (choices.length > 8 || filter) panel.append(filterBox());
    const shown = choices.map((c, i) => [c, i]).filter(([c]) => narrowed.includes(c));
    panel.append(...kept([st.shown, update.version, st.busy, shown.map(([c, i]) => [i, c.text])],
      () => [h("ol", { id: "choices", class: "choices" }, shown.slice(0, MAX_BUTTONS).map(([c, i]) => h("li", {},
        h("button", { type: "button", disabled: st.busy, "data-index": i, "data-game": "1", onclick: () => send(c),
          class: c.details?.odds ? "attack" : null, onfocus: () => showOdds(c), onmouseenter: () => showOdds(c) },
        c.text, c.details?.odds ? oddsBar(c.details.odds) : null))))]));
    if (shown.length > MAX_BUTTONS) panel.append(h("p", { class: "label", id: "more" }, tn("matchN", shown.length)));
    return panel;
  }

  // -- the Wallenstein plan: staged here box by box, changed freely, sent only on Confirm ---------
  // (the engine takes a plan one box at a time in a fixed order, so Confirm sends the boxes in that
  // order, each as soon as the engine asks for it)
  const PLAN_BOXES = ["bid", "palace", "church", "trading_post", "grain", "taxes", "deploy5", "deploy3", "deploy1", "combat_a", "combat_b"];
  function planning(choices) {
    return st.welcome?.name === "wallenstein" && choices.length > 0 && choices.every((c) => Array.isArray(c.move) && c.move[0] === "slot");
  }
  // The staged plan outlives a reload of the tab (a phone reloads a tab left for another app): kept
  // per game, seat and season for this tab, read back when that plan is asked for again.
  const planKept = (key) => `feldherr:plan:${gameId}:${key}`;
  function keptPlan(key) {
    try {
      const kept = JSON.parse(sessionStorage.getItem(planKept(key)) || "null");
      if (kept && kept.staged && typeof kept.staged === "object" && Array.isArray(kept.order)) {
        return { staged: kept.staged, order: kept.order.filter((b) => b in kept.staged) };
      }
    } catch { /* nothing kept that can be read: a fresh plan */ }
    return { staged: {}, order: [] };
  }
  function planState(update) {
    const view = update.view;
    const key = `${st.shown}:${view.year}:${view.season}`;
    if (st.plan.key !== key) st.plan = { key, ...keptPlan(key), target: null, queue: false };
    const me = (view.players || []).find((p) => p && p.seat === st.shown) || {};
    const sent = me.plan || {};
    const slots = (update.choices || []).filter((c) => Array.isArray(c.move) && c.move[0] === "slot");
    const courtBoxes = view.court ? ["court1", "court2", "court3"] : [];
    const open = [...PLAN_BOXES, ...courtBoxes].filter((b) => !(b in sent));
    // The cards to place: the hand's counties, the five money cards (0-4 Taler) and whatever else
    // the box asked now takes, less those in boxes already sent. The box the engine asks for
    // now offers exactly its legal cards; the others are checked when Confirm sends them.
    const hand = new Set(me.hand || []);
    const unique = (card) => typeof card === "number" || hand.has(card);
    const all = [];
    for (const card of [...(me.hand || []), ...slots.map((c) => c.move[2]), 0, 1, 2, 3, 4]) {
      if (!all.some((x) => same(x, card)) && !(unique(card) && Object.values(sent).some((v) => same(v, card)))) all.push(card);
    }
    const asked = slots.length ? slots[0].move[1] : null;
    const legalNow = slots.filter((c) => c.move[1] === asked).map((c) => c.move[2]);
    const cardsFor = (box) => (box === asked ? all.filter((c) => legalNow.some((x) => same(x, c))) : all);
    const used = (card, except) => unique(card) && Object.entries(st.plan.staged).some(([b, v]) => b !== except && same(v, card));
    const target = open.includes(st.plan.target) && !(st.plan.target in st.plan.staged) ? st.plan.target : open.find((b) => !(b in st.plan.staged)) ?? null;
    return { open, cards: all, cardsFor, used, target, slots };
  }
  const cardLabel = (card) => slotValue(card);
  function stage(card, box = null) {
    const update = st.bySeat.get(st.shown);
    if (!update || st.plan.queue) return;
    const ps = planState(update);
    const into = box ?? ps.target;
    if (!into || !ps.cardsFor(into).some((c) => same(c, card)) || ps.used(card, into)) return;
    st.plan.staged[into] = card;
    st.plan.order = [...st.plan.order.filter((b) => b !== into), into];
    st.plan.target = null;
    render();
  }
  function stageCtx(update) {
    const ps = planState(update);
    return { staged: st.plan.staged, target: ps.target, label: cardLabel,
      put: (box, card) => stage(card, box), aim: (box) => { delete st.plan.staged[box]; st.plan.target = box; render(); } };
  }
  function planPanel(panel, update) {
    const ps = planState(update);
    try { sessionStorage.setItem(planKept(st.plan.key), JSON.stringify({ staged: st.plan.staged, order: st.plan.order })); } catch { /* storage full or off */ }
    const done = ps.open.every((b) => b in st.plan.staged);
    // The boxes themselves are the printed planning board's (a box there is clicked to fill or change
    // it); here: how far the plan is, the box being filled, its cards and Confirm.
    const filled = ps.open.filter((b) => b in st.plan.staged).length;
    panel.append(h("h2", { id: "plan-heading" }, t(st.plan.queue ? "planSending" : "planStaged")), h("p", { class: "label" }, t("planHint")),
      h("p", { id: "plan-progress" }, tn("boxesFilledN", ps.open.length, { k: filled })));
    if (ps.target) panel.append(h("h3", { id: "plan-target" }, `${t("planNext")}: ${term(ps.target)}`));
    panel.append(h("ol", { id: "choices", class: "choices" },
      (ps.target ? ps.cardsFor(ps.target).filter((c) => !ps.used(c, ps.target)) : []).map((card) => h("li", {},
        h("button", { type: "button", disabled: st.busy || st.plan.queue, onclick: () => stage(card) }, cardLabel(card)))),
      h("li", {}, h("button", { type: "button", id: "plan-confirm", class: "primary", disabled: !done || st.busy || st.plan.queue,
        onclick: () => { st.plan.queue = true; pumpPlan(); } }, t("sendPlan")))),
    h("p", { class: "row" }, h("button", { type: "button", id: "plan-undo", disabled: st.plan.queue || !planLast(), onclick: planUndo }, `↶ ${t("planUndo")}`),
      h("button", { type: "button", id: "plan-clear", disabled: st.plan.queue, onclick: () => { st.plan.staged = {}; st.plan.order = []; st.plan.target = null; render(); } }, t("resetPlan"))));
    return panel;
  }
  // Undo while staging: the card put in last comes out again and its box is the one to fill.
  function planLast() { return [...st.plan.order].reverse().find((b) => b in st.plan.staged) ?? null; }
  function planUndo() {
    const box = planLast();
    if (!box) return;
    delete st.plan.staged[box];
    st.plan.order = st.plan.order.filter((b) => b !== box);
    st.plan.target = box;
    render();
  }
  // Sends the staged card of the box the engine asks for; stops (and says why) if it is not legal.
  function pumpPlan() {
    const update = st.bySeat.get(st.shown);
    const slots = (update?.choices || []).filter((c) => Array.isArray(c.move) && c.move[0] === "slot");
    if (!update || !slots.length) { st.plan.queue = false; render(); return; }
    // a move in flight, or a position from before my last move (another seat's move held back
    // by the pace): the box it asks for is filled already
    if (st.busy || update.version < st.ownVersion) return;
    const box = slots[0].move[1];
    const choice = slots.find((c) => c.move[1] === box && same(c.move[2], st.plan.staged[box]));
    if (!choice) {
      st.plan.queue = false;
      delete st.plan.staged[box];
      st.plan.target = box;
      st.error = t("planBad", { why: term(box) });
      render();
      return;
    }
    send(choice);
  }

  // An attack's battle odds (win / tie / lose, from the server's move details) as a bar on its
  // choice; the phrase already says them, so the bar is hidden from screen readers.
  function oddsBar(odds) {
    const [win, tie, lose] = odds.percent;
    return h("span", { class: "odds", "aria-hidden": "true" },
      h("span", { class: "win", style: `width:${win}%` }), h("span", { class: "tie", style: `width:${tie}%` }),
      h("span", { class: "lose", style: `width:${lose}%` }));
  }

  // Before the player confirms: the attacked county is marked on the map with the odds beside it.
  function showOdds(choice) {
    const board = root.querySelector("#board");
    if (!board) return;
    for (const old of board.querySelectorAll(".odds-target")) old.classList.remove("odds-target");
    const note = board.querySelector("#odds-note");
    const odds = choice.details?.odds;
    const county = Array.isArray(choice.move) ? choice.move[1] : null;
    if (!odds || typeof county !== "string") { if (note) note.remove(); return; }
    const target = [...board.querySelectorAll("[data-county]")].find((g) => g.getAttribute("data-county") === county);
    if (target) target.classList.add("odds-target");
    const text = `${county} · ${tn("armiesN", choice.move[2])}: ${oddsWords(odds)}`;
    const node = note || board.insertBefore(h("p", { id: "odds-note", class: "odds-note", role: "status" }), board.firstChild);
    node.textContent = text;
    node.append(oddsBar(odds));
  }

  function logPanel(log, since) {
    // table: the lines of the last move shown are marked (class "last").
    const last = (item) => typeof since === "number" && item.version > since;
    return h("section", { id: "log", class: "panel log" }, h("h2", {}, t("log")),
      h("ol", { tabindex: 0, "aria-label": t("log") }, log.filter(says).map((item) => {
        const li = logItem(item);
        if (last(item)) li.classList.add("last");
        return li;
      })));
  }

  if (asking) { // whose invitation this is, to ask by name (a private game answers the holder of its token)
    api(`/api/games/${encodeURIComponent(gameId)}`, { headers: { authorization: `Bearer ${invite}` } })
      .then((info) => { if (asking) { asking.info = info; render(); } }, () => { /* asked without the name */ });
  } else connect();
  render();
  return {
    relang() {
      if (asking) { render(); return; } // not connected yet: the question in the new language
      // The server renders the log and the choices: a fresh connection brings them in the new
      // language. Until its welcome and updates come, the page holds none of the game's texts in
      // the old one: the updates received (and those the pace still holds back) are dropped, so
      // no redraw meanwhile shows them under the new language (a hot-seat page switched at its
      // hand-over screen drew the next seat's page from them, English log and choices on a German
      // page, on a busy machine where the welcome came late).
      const old = st.ws;
      st.ws = null;
      if (old) old.close();
      pacer.reset();
      st.bySeat = new Map();
      st.prev = new Map();
      st.ended = null;
      st.error = ""; // the server's words, in the old language
      st.nameError = "";
      st.sel = { key: null, path: [], toggled: [] }; // the parts' words change with the language
      st.status = "reconnecting";
      render(); // the client's own words at once; the game's come with the fresh connection
      connect();
    },
    stop() { st.stopped = true; pacer.reset(); unheld(); turnReset(); if (st.ws) st.ws.close(); },
  };
}
