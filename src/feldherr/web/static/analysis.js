// The analysis board of a finished game: one seat's decision at the replay's step, searched by the
// server (POST /api/games/{id}/analysis) from that seat's information only. Each legal move in the
// player's words with the seat's expected win share, every seat's share and score, and the
// search's visits, best first; a progress bar while the search runs. Its own words, English and
// German (counted words through Intl.PluralRules, numbers through Intl.NumberFormat).
import { api, colour, copyText, h } from "./dom.js";
import { capital, lang, moveWords, num, pct as percent, t } from "./i18n.js";

const WORDS = {
  en: {
    analyse: "Analyse", title: "Analysis", seatFor: "for", run: "Analyse this decision", again: "analyse again",
    close: "close", searching: "The search is thinking…", elapsed: "{s} s",
    intro: "The search looks at this decision from {name}'s view only: what {name} could see at the table.",
    noDecision: "Nobody decides at this step. Step back to a decision.",
    move: "move", winShare: "win chance of {name}", perSeat: "every player: win chance · average final points",
    "visits#one": "{n} search", "visits#other": "{n} searches",
    "summary#one": "{n} search in {s} s", "summary#other": "{n} searches in {s} s",
    interval: "{conf} sure: between {low} and {high}", best: "the search's choice", asGood: "about as good", better: "probably better",
    asGoodHint: "Its {conf} range overlaps the range of the search's choice: the numbers cannot tell the two apart, even where this percentage is higher.",
    betterHint: "Its {conf} range lies wholly above the range of the search's choice: by the numbers this move is better.",
    bestHint: "The move the search chose: the one it searched most.", stale: "This result is for move {at}.",
    unsearched: "not searched: the search had no time left for this move", few: "The search had time for only {n} of the {moves} moves; the others are not rated. A longer search rates more.",
    longer: "search {n} times as long", longerHint: "The same decision with {n} times the search: more moves rated, narrower ranges",
    stop: "stop", stopped: "Stopped: the search gave no result. Ask again to see one.",
    help: "What the numbers mean",
    helpShare: "The bar and the percentage: {name}'s win chance after this move as the search estimates it. The search plays the game on from here many times (each play-out is one search), drawing what {name} cannot see anew each time; the percentage is the share of those games {name} won (a win shared by two counts as half). {share} means about 45 wins in 100 such games.",
    helpInterval: "“{conf} sure: between … and …”: how exact that estimate is. With few searches behind a move the range is wide and the percentage says little; more searches narrow it.",
    helpOrder: "The order: the search spends most of its searches on the moves it finds best, so the move it searched most is its choice and comes first (“the search's choice”), the others follow by their searches, not by their percentages. A move marked “about as good” has a {conf} range that overlaps the range of the choice: the numbers cannot tell the two apart, so a higher percentage there (often from few searches) does not make it better; either is a sound move. A move without a mark is worse by the numbers; one marked “probably better” has a range wholly above the choice's (rare: a search longer would likely choose it).",
    helpSeats: "Under each move: every player's win chance and average final points in the search's games after it.",
    thin: "Only a few searches stand behind each move: the order and the percentages are rough (the range of the search's choice spans {points} points). Search longer for a surer picture.",
    link: "Link to this decision", linkHint: "Whoever opens it sees this step with the analysis board open.",
  },
  de: {
    analyse: "Analysieren", title: "Analyse", seatFor: "für", run: "Diese Entscheidung analysieren", again: "erneut analysieren",
    close: "schließen", searching: "Die Suche denkt nach …", elapsed: "{s} s",
    intro: "Die Suche betrachtet diese Entscheidung nur aus der Sicht von {name}: was {name} am Tisch sehen konnte.",
    noDecision: "Bei diesem Schritt entscheidet niemand. Geh zu einer Entscheidung zurück.",
    move: "Zug", winShare: "Siegchance von {name}", perSeat: "alle Spieler: Siegchance · durchschnittliche Schlusspunkte",
    "visits#one": "{n} Suchlauf", "visits#other": "{n} Suchläufe",
    "summary#one": "{n} Suchlauf in {s} s", "summary#other": "{n} Suchläufe in {s} s",
    interval: "zu {conf} sicher: zwischen {low} und {high}", best: "Wahl der Suche", asGood: "etwa gleich gut", better: "wohl besser",
    asGoodHint: "Sein Bereich (zu {conf} sicher) überschneidet sich mit dem Bereich der Wahl der Suche: Die Zahlen können die beiden nicht unterscheiden, auch wenn diese Prozentzahl höher ist.",
    betterHint: "Sein Bereich (zu {conf} sicher) liegt ganz über dem Bereich der Wahl der Suche: Nach den Zahlen ist dieser Zug besser.",
    bestHint: "Der Zug, den die Suche gewählt hat: der am meisten untersuchte.", stale: "Dieses Ergebnis gilt für Zug {at}.",
    unsearched: "nicht untersucht: Für diesen Zug blieb der Suche keine Zeit", few: "Die Suche kam nur zu {n} der {moves} Züge; die übrigen sind nicht bewertet. Eine längere Suche bewertet mehr.",
    longer: "{n}-mal so lange suchen", longerHint: "Dieselbe Entscheidung mit {n}-mal so viel Suche: mehr Züge bewertet, engere Bereiche",
    stop: "anhalten", stopped: "Angehalten: Die Suche hat kein Ergebnis geliefert. Frag erneut, um eines zu sehen.",
    help: "Was die Zahlen bedeuten",
    helpShare: "Der Balken und die Prozentzahl: die Siegchance von {name} nach diesem Zug, wie die Suche sie schätzt. Die Suche spielt die Partie von hier aus viele Male weiter (jedes Weiterspielen ist ein Suchlauf) und lost dabei jedes Mal neu aus, was {name} nicht sehen kann; die Prozentzahl ist der Anteil dieser Partien, die {name} gewonnen hat (ein Sieg, den sich zwei teilen, zählt halb). {share} heißt: etwa 45 Siege in 100 solchen Partien.",
    helpInterval: "„zu {conf} sicher: zwischen … und …“: wie genau diese Schätzung ist. Stehen hinter einem Zug nur wenige Suchläufe, ist der Bereich breit und die Prozentzahl sagt wenig; mehr Suchläufe machen ihn enger.",
    helpOrder: "Die Reihenfolge: Die Suche verwendet die meisten Suchläufe auf die Züge, die sie für die besten hält, daher ist der am meisten untersuchte Zug ihre Wahl und steht oben („Wahl der Suche“); die übrigen folgen nach ihren Suchläufen, nicht nach ihren Prozentzahlen. Ein Zug mit „etwa gleich gut“ hat einen Bereich (zu {conf} sicher), der sich mit dem Bereich der Wahl überschneidet: Die Zahlen können die beiden nicht unterscheiden, eine höhere Prozentzahl dort (oft aus wenigen Suchläufen) macht ihn also nicht besser; beide sind gute Züge. Ein Zug ohne Zeichen ist nach den Zahlen schlechter; einer mit „wohl besser“ hat einen Bereich ganz über dem der Wahl (selten: Eine längere Suche würde ihn wohl wählen).",
    helpSeats: "Unter jedem Zug: die Siegchance und die durchschnittlichen Schlusspunkte jedes Spielers in den Partien der Suche nach diesem Zug.",
    thin: "Hinter jedem Zug stehen nur wenige Suchläufe: Reihenfolge und Prozentzahlen sind grob (der Bereich der Wahl der Suche umfasst {points} Punkte). Länger suchen gibt ein sichereres Bild.",
    link: "Link zu dieser Entscheidung", linkHint: "Wer ihn öffnet, sieht diesen Schritt mit dem offenen Analysebrett.",
  },
};

function w(key, args = {}) {
  let text = WORDS[lang()]?.[key] ?? WORDS.en[key] ?? "";
  for (const [k, v] of Object.entries(args)) text = text.replaceAll(`{${k}}`, typeof v === "number" ? num(v) : v);
  return text;
}

function counted(key, n, args = {}) {
  const form = new Intl.PluralRules(lang()).select(n);
  const table = WORDS[lang()] ?? WORDS.en;
  const text = table[`${key}#${form}`] ?? table[`${key}#other`];
  return Object.entries({ n, ...args }).reduce((out, [k, v]) => out.replaceAll(`{${k}}`, typeof v === "number" ? num(v) : v), text);
}

// An interval's bounds in percent, with as many decimals (up to two) as it takes to tell them
// apart: 11,598 searches gave "between 100 % and 100 %", which says nothing of how sure.
function bounds(low, high) {
  let digits = 0;
  while (digits < 2 && percent(low, digits) === percent(high, digits)) digits += 1;
  return [percent(low, digits), percent(high, digits)];
}

function decimal(x) {
  return new Intl.NumberFormat(lang(), { maximumFractionDigits: 1 }).format(x);
}

const THIN = 0.4;

// The seconds a search budget names ("hard@2s" → 2); null for an iteration budget.
function budgetSeconds(bot) {
  const m = /@([\d.]+)s$/.exec(bot || "");
  return m ? parseFloat(m[1]) : null;
}

// The board's state lives here; the replay viewer re-renders often and appends node() each time.
// `editor` (optional): the position editor (editor.js), whose "Edit position" button the board shows.
export function analysisBoard(gameId, onChange, editor = null) {
  const st = { open: false, seat: null, at: null, result: null, running: false, error: "", started: 0, expected: null, timer: null, stopper: null, stopped: false, helpOpen: false, base: null, wanted: null };
  const el = h("section", { class: "panel analysis", id: "analysis", "aria-live": "polite" });
  let names = [];
  let toMove = [];

  const nameOf = (seat) => names[seat] || t("player");

  // longer: the server's budget times the factor its last answer named ("search longer")
  async function run(longer = false) {
    if (st.running || st.seat === null) return;
    const factor = longer && st.result ? st.result.longer || 1 : 1;
    st.running = true;
    st.error = "";
    st.result = null;
    st.stopped = false;
    st.expected = st.base ? st.base * factor : null;  // the seconds the progress bar fills over
    st.started = performance.now();
    st.timer = setInterval(draw, 200);
    const stopper = new AbortController();  // "stop": the page lets go of the answer
    st.stopper = stopper;
    const at = st.at;
    draw();
    try {
      const out = await api(`/api/games/${encodeURIComponent(gameId)}/analysis?lang=${lang()}`, {
        method: "POST", body: JSON.stringify({ at, seat: st.seat, lang: lang(), longer }), signal: stopper.signal,
      });
      st.result = { ...out, lang: lang() };
      const seconds = budgetSeconds(out.bot);
      st.base = seconds ? seconds / factor : null;  // the server's own budget, in seconds
    } catch (err) {
      if (stopper.signal.aborted) st.stopped = true;
      else st.error = err.message;
    } finally {
      st.stopper = null;
      st.running = false;
      clearInterval(st.timer);
      st.timer = null;
      draw();
      if (onChange) onChange();
    }
  }

  function seatPicker() {
    if (toMove.length <= 1) return h("strong", {}, toMove.length ? nameOf(toMove[0]) : "");
    return h("select", { id: "analysis-seat", "aria-label": w("seatFor"), onchange: (e) => { st.seat = parseInt(e.target.value, 10); st.result = null; draw(); } },
      toMove.map((seat) => h("option", { value: seat, selected: seat === st.seat }, nameOf(seat))));
  }

  function progress() {
    const seconds = (performance.now() - st.started) / 1000;
    const expected = st.expected;
    const bar = expected
      ? h("progress", { id: "analysis-progress", max: 1, value: Math.min(0.97, seconds / (expected + 0.5)) })
      : h("progress", { id: "analysis-progress" });
    return h("p", { class: "analysis-progress" }, bar, " ", w("searching"), " ", h("small", {}, w("elapsed", { s: decimal(seconds) })),
      h("button", { type: "button", id: "analysis-stop", onclick: () => st.stopper?.abort() }, w("stop")));
  }

  // How a move stands against the search's choice (the first, most searched move), by their 95 %
  // ranges: "choice" (the first), "asGood" (the ranges overlap: the numbers cannot tell them
  // apart, whichever percentage is higher), "better" (its range wholly above), null (worse).
  function standing(m, i, choice) {
    if (m.standing !== undefined) return { choice: "best", as_good: "asGood", better: "better" }[m.standing] ?? null; // the server's
    if (!choice || !choice.visits || !m.visits) return null;
    if (i === 0) return "best";
    const [low, high] = m.win_share_interval;
    const [choiceLow, choiceHigh] = choice.win_share_interval;
    if (low > choiceHigh) return "better";
    if (high >= choiceLow) return "asGood";
    return null;
  }

  function moveItem(m, i, seat, choice) {
    if (!m.visits) {  // no search went through it: nothing is known, no share and no score to show
      return h("li", { class: "unsearched" }, h("div", { class: "analysis-move" }, h("span", { class: "analysis-text", "data-game": "1" }, moveWords(m.text, m.details))),
        h("small", { class: "analysis-unsearched" }, w("unsearched")));
    }
    const mark = standing(m, i, choice);
    const [low, high] = bounds(m.win_share_interval[0], m.win_share_interval[1]);
    const interval = w("interval", { conf: percent(0.95), low, high });
    const head = h("div", { class: "analysis-move" },
      h("span", { class: "analysis-text", "data-game": "1" }, moveWords(m.text, m.details)),
      mark ? h("span", { class: `badge ${mark}`, title: w(`${mark}Hint`, { conf: percent(0.95) }) }, w(mark)) : null);
    const main = h("div", { class: "analysis-main" },
      h("meter", { min: 0, max: 1, value: m.win_share[seat], "aria-label": w("winShare", { name: nameOf(seat) }) }),
      h("strong", { class: "share" }, percent(m.win_share[seat])),
      h("small", {}, `${interval} · ${counted("visits", m.visits)}`));
    const seats = h("ul", { class: "analysis-seats" }, m.win_share.map((share, s) => h("li", { style: `--seat:${colour(s)}`, class: s === seat ? "me" : "" },
      h("span", { class: "dot" }), `${nameOf(s)} ${percent(share)} · ${decimal(m.score[s])}`)));
    return h("li", { class: mark === "best" ? "best" : "" }, head, main, seats);
  }

  function results() {
    const r = st.result;
    if (!r) return null;
    const searched = r.moves.filter((m) => m.visits > 0).length;
    return h("div", { class: "analysis-result" },
      r.at !== st.at ? h("p", { class: "note" }, w("stale", { at: r.at })) : null,
      h("p", { class: "note" }, counted("summary", r.iterations, { s: decimal(r.seconds) }), " · ", w("perSeat")),
      help(nameOf(r.seat)),
      searched < r.moves.length ? h("p", { class: "note", id: "analysis-few" }, w("few", { n: searched, moves: r.moves.length })) : null,
      thinness(r),
      h("ol", { class: "analysis-moves", id: "analysis-moves" }, r.moves.map((m, i) => moveItem(m, i, r.seat, r.moves[0]))));
  }

  // A search too short to rank the moves: the best move's 95 % range wider than THIN (40 points
  // of percentage, e.g. 2 searches: between 9 % and 91 %) says the list is rough, in words.
  function thinness(r) {
    const best = r.moves[0];
    if (!best || !best.visits) return null;
    const [low, high] = best.win_share_interval;
    if (high - low <= THIN) return null;
    return h("p", { class: "note analysis-thin", id: "analysis-thin" }, w("thin", { points: Math.round(100 * (high - low)) }));
  }

  // How to read the list, in words: what the percentage estimates, how sure it is, the order.
  function help(name) {
    return h("details", { class: "analysis-help", id: "analysis-help", open: st.helpOpen, ontoggle: (e) => { st.helpOpen = e.target.open; } }, h("summary", {}, w("help")),
      ["helpShare", "helpInterval", "helpOrder", "helpSeats"].map((key) => h("p", {}, w(key, { name, conf: percent(0.95), share: percent(0.45) }))));
  }

  // The address of this step with the board open (a teacher sends it to a student).
  function shareLink() {
    if (st.at === null) return null;
    const several = toMove.length > 1 && st.seat !== null ? `&seat=${st.seat}` : "";  // the player chosen
    const link = `${location.origin}/replay/${encodeURIComponent(gameId)}#analyse=${st.at}${several}`;
    const field = h("input", { id: "analysis-link", readonly: true, value: link, "aria-label": w("link"), onfocus: (e) => e.target.select() });
    const note = h("span", { class: "copied", role: "status" });
    return h("p", { class: "analysis-share" }, h("small", {}, `${w("link")}: `), field,
      h("button", { type: "button", class: "copy", onclick: () => copyText(link, field, note) }, t("copyBtn")), note,
      h("small", { class: "help" }, w("linkHint")));
  }

  function draw() {
    el.replaceChildren();
    if (!st.open) return;
    const who = st.seat === null ? "" : nameOf(st.seat);
    el.append(...[
      h("h2", {}, w("title"), " ", h("small", {}, w("seatFor"), " "), seatPicker(),
        h("button", { type: "button", class: "link", id: "analysis-close", onclick: () => { st.open = false; draw(); if (onChange) onChange(); } }, w("close"))),
      toMove.length ? h("p", { class: "note" }, w("intro", { name: who })) : h("p", { class: "note" }, w("noDecision")),
      toMove.length || editor ? h("p", { class: "analysis-buttons" },
        toMove.length ? h("button", { type: "button", id: "analysis-run", onclick: () => run(false), disabled: st.running }, st.result ? w("again") : w("run")) : null,
        toMove.length && st.result && st.result.longer > 1 && !st.running && st.result.at === st.at
          ? h("button", { type: "button", id: "analysis-longer", title: w("longerHint", { n: st.result.longer }), onclick: () => run(true) }, w("longer", { n: st.result.longer }))
          : null,
        editor && st.at !== null ? editor.button(st.at) : null) : null,
      st.running ? progress() : null,
      st.stopped && !st.running ? h("p", { class: "note", id: "analysis-stopped" }, w("stopped")) : null,
      st.error ? h("p", { class: "error", role: "alert" }, capital(st.error)) : null,
      st.running ? null : results(),
      toMove.length ? shareLink() : null].filter(Boolean));
  }

  return {
    // The replay's step changed (or its names): keep the seat when it still decides.
    update(at, view, seatNames) {
      names = seatNames;
      toMove = view && Array.isArray(view.to_move) ? view.to_move : [];
      if (st.at !== at) { st.at = at; if (!st.running) st.result = null; st.error = ""; st.stopped = false; }
      if (st.wanted !== null && toMove.includes(st.wanted)) st.seat = st.wanted;  // a link's player, once
      st.wanted = null;
      if (!toMove.includes(st.seat)) st.seat = toMove.length ? toMove[0] : null;
      draw();
    },
    button() {
      return h("button", { type: "button", id: "analyse", "aria-pressed": st.open ? "true" : "false", onclick: () => { st.open = !st.open; draw(); if (onChange) onChange(); } }, `⚖ ${w("analyse")}`);
    },
    open(seat = null) { st.open = true; st.wanted = seat; draw(); },
    isOpen() { return st.open; },
    relang() { st.result = null; draw(); },
    node() { return el; },
    stop() { if (st.timer) clearInterval(st.timer); st.stopper?.abort(); },
  };
}

// Load this board's styles once.
if (!document.querySelector('link[href="/static/analysis.css"]')) {
  document.head.append(h("link", { rel: "stylesheet", href: "/static/analysis.css" }));
}
