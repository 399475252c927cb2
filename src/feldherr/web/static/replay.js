// The replay viewer: a finished or imported game step by step, with a timeline (step, jump, play).
import { api, clear, h, usePalette } from "./dom.js";
import { capital, lang, moveWords, num, t } from "./i18n.js";
import { onData, renderBoard, seatNames, termsReady } from "./boards.js";
import { battleChart, drawPlots, logItem, says, scoringLines, scoringTable } from "./ending.js";
import { analysisBoard } from "./analysis.js";
import { positionEditor } from "./editor.js";
import { playOnButton, savePositionButton } from "./positions.js";

const MARKS = new Set(["round", "winter_begins", "scoring", "province", "prize", "game_over"]);

export function showReplay(root, gameId) {
  const st = { marks: [], at: null, step: null, game: null, kept: null, info: null, timer: null, error: "", stopped: false, plots: null };
  const editor = positionEditor(gameId);
  const analysis = analysisBoard(gameId, () => render(), editor);

  // Steps asked for in turn; an answer that comes after a later one was shown is dropped (two quick
  // clicks, a typed move and the player's timer: the page shows the last step asked for).
  let asked = 0;
  let shown = 0;
  // An answer in the language the page had before a switch is dropped too: the switch asks again.
  async function go(at) {
    const turn = ++asked;
    const said = lang();
    try {
      const step = await api(`/api/games/${encodeURIComponent(gameId)}/replay?lang=${said}${at === null ? "" : `&at=${at}`}`);
      if (st.stopped || turn < shown || said !== lang()) return;
      shown = turn;
      st.step = step;
      st.at = step.at;
      st.error = "";
    } catch (err) {
      if (st.stopped || turn < shown || said !== lang()) return;
      st.error = err.message;
      stopPlaying();
    }
    render();
  }

  // The move typed into the box, confirmed (Enter, or leaving the box). A number outside the game
  // goes to its first or last move, and the box then shows that move. Enter is read by itself: a
  // number typed before a redraw moves into the new box (render), which the browser then counts
  // as unchanged and would not report on Enter.
  function goTyped(box, total) {
    if (box.value === box.dataset.at) return; // shown, or asked for already
    box.dataset.at = box.value;
    go(Math.max(0, Math.min(total, parseInt(box.value, 10) || 0)));
  }

  function stopPlaying() {
    if (st.timer) clearInterval(st.timer);
    st.timer = null;
  }

  function toggle() {
    if (st.timer) { stopPlaying(); render(); return; }
    if (st.at >= st.step.total) st.at = -1;
    st.timer = setInterval(() => {
      if (!st.step) return; // a language switch: the step in the new language is on its way
      if (st.at >= st.step.total) { stopPlaying(); render(); return; }
      go(st.at + 1);
    }, 350);
    render();
  }

  function onKey(e) {
    if (!st.step || e.target.tagName === "INPUT" || e.target.tagName === "TEXTAREA") return;
    const moves = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity };
    if (e.key in moves) {
      e.preventDefault();
      go(Math.max(0, Math.min(st.step.total, st.at + moves[e.key])));
    }
  }

  // "Yellow: places a Caballero …"; a line that names its mover already ("Yellow announces …")
  // stands alone, without the name again in front.
  function lastMoveCaption(who, line) {
    if (!line) return h("small", { id: "last-move" }, who);
    const esc = who.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    if (new RegExp(`(^|[^\\p{L}\\p{N}])${esc}($|[^\\p{L}\\p{N}])`, "u").test(line)) {
      return h("small", { id: "last-move" }, h("span", { "data-game": "1" }, line));
    }
    return h("small", { id: "last-move" }, who, h("span", { "data-game": "1" }, `: ${line}`));
  }

  function render() {
    onData(render);
    // The page is drawn anew as its data come in: a move number being typed into the box (not yet
    // confirmed: other than the move it was drawn with) moves into the new box, with the focus,
    // instead of being lost. The page drawn without a step (after a language switch, until the
    // step in the new language comes) keeps the element that had the focus for the next drawing.
    const kept = st.kept;
    st.kept = null;
    const old = kept ?? document.activeElement;
    const typing = old?.id === "at" && old.value !== old.dataset.at ? old.value : null;
    const focusHere = kept !== null || (old !== null && root.contains(old));
    clear(root);
    const step = st.step;
    // no game to replay here (a link copied wrong, a game removed, a running game's replay): the way on
    if (st.error && !step) root.append(h("section", { class: "panel", id: "no-table" }, h("p", { class: "error", role: "alert" }, capital(st.error)),
      h("p", {}, h("a", { href: "/", class: "button", id: "to-lobby" }, t("toLobby")))));
    else if (st.error) root.append(h("p", { class: "error", role: "alert" }, capital(st.error)));
    if (step) st.game = step.view.game;
    // the game's title, as the lobby names it (also while a step in a new language is on its way)
    const title = st.game ? st.titles?.[st.game] || st.game : null;
    document.getElementById("where").textContent = title ? ` · ${t("replay")} · ${title}` : ` · ${t("replay")}`;
    if (!step || !termsReady(step.view.game)) { // (redrawn when the step and the game's words come)
      if (focusHere) st.kept = old;
      return;
    }
    usePalette(step.view.game);
    const info = st.info;
    const names = info ? seatNames(step.view.game, info.seats) : [];
    const total = step.total;
    const at = step.at;
    const lastMove = at > 0 ? step.moves[at - 1] : null;
    const lastLines = lastMove ? step.log.filter((item) => item.version === at && item.text) : [];
    const timeline = h("div", { class: "timeline panel", id: "timeline", role: "group", "aria-label": t("replay") },
      h("button", { type: "button", id: "first", onclick: () => go(0), disabled: at === 0 }, "« ", t("first")),
      h("button", { type: "button", id: "prev", onclick: () => go(at - 1), disabled: at === 0 }, "◀ ", t("prev")),
      h("button", { type: "button", id: "playpause", onclick: toggle }, st.timer ? `❚❚ ${t("pause")}` : `▶ ${t("playBtn")}`),
      h("button", { type: "button", id: "next", onclick: () => go(at + 1), disabled: at >= total }, t("next"), " ▶"),
      h("button", { type: "button", id: "last", onclick: () => go(total), disabled: at >= total }, t("last"), " »"),
      h("input", { type: "range", id: "scrub", min: 0, max: total, value: at, "aria-label": t("jump"), onchange: (e) => go(parseInt(e.target.value, 10)) }),
      h("label", {}, `${t("move")} `, h("input", { type: "number", id: "at", min: 0, max: total, value: at, "data-at": String(at),
        onchange: (e) => goTyped(e.target, total), onkeydown: (e) => { if (e.key === "Enter") goTyped(e.target, total); } }), ` ${t("of")} ${num(total)}`),
      st.marks.length ? h("select", { id: "round", "aria-label": t("round"), onchange: (e) => go(parseInt(e.target.value, 10)) },
        h("option", { value: at }, `${t("round")} …`),
        // a long line cut after its last whole word ("3 Armee…" read as a slip of "3 Armeen")
        st.marks.map((m) => h("option", { value: m.version, "data-game": "1" }, m.text.length > 60 ? `${m.text.slice(0, 61).replace(/\s+\S*$/, "")} …` : m.text))) : null,
      analysis.button(), !step.outcome ? playOnButton(gameId, at, (message) => { st.error = message; render(); }) : null,
      !step.outcome ? savePositionButton(gameId, at, (message) => { st.error = message; render(); }) : null,
      // the step's move: its log line, else the move as its player chose it (a plan box, a secret
      // choice: they write no line until revealed, and a step said only whose move it was)
      lastMove ? lastMoveCaption(names[lastMove[0]] || t("player"), lastLines.length ? lastLines[0].text : moveWords(step.last, step.last_details)) : null);
    const board = h("section", { class: "board", id: "board" },
      // the step's own log lines: a winter scoring shows step by step, a battle its tower
      renderBoard(step.view.game, step.view, { keys: new Set(), names, me: null, pick() {}, filter: "", replay: true, fresh: step.log.filter((item) => item.version === at) }));
    const log = h("section", { id: "log", class: "panel log" }, h("h2", {}, t("log")),
      h("ol", { tabindex: 0 }, step.log.filter(says).map(logItem)));
    analysis.update(at, step.view, names);
    const parts = [timeline, analysis.isOpen() ? analysis.node() : null, analysis.isOpen() ? editor.node() : null,
      h("div", { class: "play" }, board, h("aside", { class: "side" }, log))];
    if (step.outcome && at === total) {
      if (!st.plots) {
        st.plots = h("div", { class: "plots", id: "plots" });
        drawPlots(gameId, step.view.game, names, st.plots).catch(() => {});
      }
      parts.push(h("section", { class: "panel ending", id: "ending" }, h("h2", {}, t("finalScore")), scoringTable(step.outcome, names, step.view.game), scoringLines(step.log), st.plots, battleChart(step.log, names)));
    }
    root.append(...parts.filter(Boolean));
    if (typing !== null) {
      const box = root.querySelector("#at");
      box.value = typing;
      box.focus();
    } else if (old?.id === "at") {
      root.querySelector("#at")?.focus(); // the keyboard stays in the box the page was drawn around
    } else if (old && old !== document.activeElement && editor.node().contains(old)) {
      old.focus({ preventScroll: true }); // a field of the position editor keeps the keyboard
    }
    const list = root.querySelector("#log ol");
    list.scrollTop = list.scrollHeight;
  }

  // Jump targets: the log lines that open a round (or a winter, a scoring, a province), read from
  // the whole game's log once.
  async function loadMarks() {
    const said = lang();
    const whole = await api(`/api/games/${encodeURIComponent(gameId)}/replay?lang=${said}`);
    if (said === lang()) { // (the marks of a language switched from: the switch asks again)
      st.marks = whole.log.filter((item) => MARKS.has(item.entry.k) && item.text);
      render();
    }
    return whole;
  }

  document.addEventListener("keydown", onKey);
  // "#analyse" (the finished game's Analyse link): the board open at the last decision;
  // "#analyse=N" (the board's link to a decision, sent to somebody): open at step N, and
  // "#analyse=N&seat=S" for the player S of several who decide at once (the one the sender chose).
  // "#edit" (the lobby's "Set up a position by hand"): the board and the position editor open at step 0.
  const editing = location.hash === "#edit";
  const hashed = editing ? ["#analyse=0", "0"] : /^#analyse(?:=(\d+)(?:&seat=(\d+))?)?$/.exec(location.hash);
  const analyseFirst = hashed !== null;
  const analyseAt = hashed && hashed[1] !== undefined ? parseInt(hashed[1], 10) : null;
  if (analyseFirst) analysis.open(hashed[2] !== undefined ? parseInt(hashed[2], 10) : null);
  if (editing) editor.open(0);
  loadMarks().then((whole) => {
    if (analyseFirst) go(analyseAt === null ? Math.max(0, whole.total - 1) : Math.min(analyseAt, whole.total));
  }).catch(() => {});
  api(`/api/games/${encodeURIComponent(gameId)}`).then((info) => { st.info = info; render(); }).catch(() => {});
  api("/api/catalog").then((cat) => {
    st.titles = Object.fromEntries((Array.isArray(cat) ? cat : cat.games || []).map((g) => [g.name, g.title]));
    render();
  }).catch(() => {});
  if (!analyseFirst) go(0);
  return {
    // The step's log and the jump marks are the server's words: none in the old language stays on
    // the page while those in the new one are on their way.
    relang() {
      st.plots = null;
      st.step = null;
      st.marks = [];
      st.error = ""; // the server's words too (asked again)
      analysis.relang();
      editor.relang();
      render();
      go(st.at);
      loadMarks().catch(() => {});
    },
    stop() { st.stopped = true; stopPlaying(); analysis.stop(); document.removeEventListener("keydown", onKey); },
  };
}

