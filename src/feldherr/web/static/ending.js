// The end of a game: the final scoring per seat and plots of the game's course (score and money
// over time), sampled from the replay of the finished game.
import { api, colour, h } from "./dom.js";
import { known, lang, num, t } from "./i18n.js";
import { numbers } from "./boards.js";
import { barChart, lineChart } from "./plots.js";

const SAMPLES = 24;

// The final scoring: a row per player in the order of places (1., 2., …; equal scores share a
// place), the player by colour chip and name, the score and every per-seat field of the outcome
// the client has a word for (a game's own where it has one: Wallenstein's "victory points" and
// "Thalers", as its scoring lines say, not "score" and "money").
const gameWord = (game, key) => (game && known(`${game}.${key}`) ? t(`${game}.${key}`) : t(key));

export function scoringTable(outcome, names, game = null) {
  const seats = outcome.scores.map((_, i) => i);
  const extra = Object.entries(outcome).filter(([key, value]) => !["scores", "winners"].includes(key) && Array.isArray(value)
    && value.length === seats.length && known(key));
  // j is placed before i: a higher score, or the same and the game's tie-break made j a winner.
  const won = (i) => outcome.winners.includes(i);
  const beats = (j, i) => outcome.scores[j] > outcome.scores[i] || (outcome.scores[j] === outcome.scores[i] && won(j) && !won(i));
  const place = (i) => 1 + seats.filter((j) => beats(j, i)).length;
  const order = [...seats].sort((a, b) => place(a) - place(b) || a - b);
  return h("div", { class: "scroll" }, h("table", { class: "scoring", id: "final-scoring" },
    h("thead", {}, h("tr", {}, h("th", {}, t("rank")), h("th", {}, t("player")), h("th", {}, gameWord(game, "score")), extra.map(([key]) => h("th", {}, gameWord(game, key))))),
    h("tbody", {}, order.map((i) => h("tr", { class: outcome.winners.includes(i) ? "winner" : "" },
      h("td", { class: "rank" }, `${place(i)}.`),
      h("th", { style: `--seat:${colour(i)}`, scope: "row" }, h("span", { class: "dot" }), names[i] || t("player"),
        // the winner's star keeps to the name (a phone put "★" alone on a second line under "Yellow")
        outcome.winners.includes(i) ? "\u00a0★" : ""),
      h("td", {}, num(outcome.scores[i])),
      extra.map(([, value]) => h("td", {}, fmt(value[i]))))))));
}

function fmt(value) {
  if (value === null || value === undefined) return "–";
  if (typeof value === "number") return num(value);
  if (Array.isArray(value)) return value.map(fmt).join(", ") || "–";
  return typeof value === "object" ? "–" : String(value);
}

// Whether a log item says something a player would miss: a military leader's scoring that is
// nothing at all ("Red scores 0 victory points for 0 statues on the board and 0 trophies", one per
// player without a leader's statues in a Wallenstein game with the module) is left out of the lines
// shown; the log itself (its record, the replay's steps) keeps it.
export function says(item) {
  const entry = item?.entry;
  if (entry?.k === "leader_score") return Boolean(entry.a?.vp || entry.a?.statues || entry.a?.trophies);
  return true;
}

// A log item: its line, and under it its table where the game gives one (a scoring per player).
export function logItem(item) {
  return h("li", { "data-version": item.version },
    h("span", { "data-game": "1" }, item.text ?? ""),
    item.table ? logTable(item.table) : null);
}

export function logTable(table) {
  const cell = (v) => (typeof v === "number" ? num(v) : v === null || v === undefined ? "–" : String(v));
  const rows = table.rows || [];
  // A column of words (a player's name, a rank) reads from the left like text; numbers from the right.
  const text = (table.columns || []).map((_, i) => rows.some((row) => typeof row[i] === "string"));
  const align = (i) => (text[i] ? { class: "text" } : {});
  return h("div", { class: "scroll" }, h("table", { class: "log-table", "data-game": "1" },
    h("thead", {}, h("tr", {}, (table.columns || []).map((c, i) => h("th", align(i), cell(c))))),
    h("tbody", {}, rows.map((row) => h("tr", {}, row.map((v, i) => (i === 0 ? h("th", { scope: "row", ...align(i) }, cell(v)) : h("td", align(i), cell(v)))))))));
}

// The log lines of the last step (the final scoring, line by line).
export function scoringLines(log) {
  if (!log || !log.length) return null;
  const last = log[log.length - 1].version;
  const lines = log.filter((item) => item.version === last && item.text && says(item));
  return lines.length ? h("ol", { class: "scoring-lines", id: "scoring-lines" }, lines.map(logItem)) : null;
}

// Battles won and lost per seat, counted from the log's battle lines (attacker p, defender d, the
// verdict); null when the game has none.
export function battleChart(log, names) {
  const won = names.map(() => 0);
  const lost = names.map(() => 0);
  let any = false;
  for (const item of log || []) {
    const a = item.entry && item.entry.k === "battle" ? item.entry.a : null;
    if (!a || !("verdict" in a)) continue;
    any = true;
    const winner = a.verdict === "attacker" ? a.p : a.verdict === "defender" ? a.d : null;
    for (const seat of [a.p, a.d]) {
      if (!(seat >= 0 && seat < names.length)) continue;
      if (seat === winner) won[seat] += 1;
      else lost[seat] += 1;
    }
  }
  if (!any) return null;
  const bars = names.flatMap((name, i) => [
    { label: "+", group: name, value: won[i], colour: colour(i) },
    { label: "−", group: name, value: lost[i], colour: "#999" },
  ]);
  const chart = barChart(t("battles"), bars);
  chart.id = "plot-battles";
  return chart;
}

export function endOfGame(gameId, game, outcome, names, log = []) {
  const plots = h("div", { class: "plots", id: "plots" });
  const winners = outcome.winners.map((i) => names[i] || t("player")).join(", ");
  const node = h("section", { class: "panel ending", id: "ending" },
    h("h2", {}, `${t("gameOver")} — ${outcome.winners.length > 1 ? t("winners") : t("winner")}: ${winners}`),
    h("h3", {}, t("finalScore")), scoringTable(outcome, names, game), scoringLines(log), plots);
  const battles = battleChart(log, names);
  if (battles) plots.append(battles);
  drawPlots(gameId, game, names, plots).catch(() => { /* the plots are a bonus; the table stands */ });
  return { node };
}

export async function drawPlots(gameId, game, names, into) {
  const first = await api(`/api/games/${gameId}/replay?at=0&lang=${lang()}`);
  const total = first.total;
  const points = [...new Set(Array.from({ length: SAMPLES + 1 }, (_, k) => Math.round((k * total) / SAMPLES)))];
  const steps = await Promise.all(points.map((at) => (at === 0 ? first : api(`/api/games/${gameId}/replay?at=${at}&lang=${lang()}`))));
  const tracks = steps.map((step) => [step.at, numbers(game, step.view)]);
  for (const [key, title] of [["score", gameWord(game, "scoreOverTime")], ["money", gameWord(game, "moneyOverTime")]]) {
    const seats = tracks.length ? (tracks[tracks.length - 1][1][key] || []).length : 0;
    if (!seats) continue;
    const series = Array.from({ length: seats }, (_, i) => ({
      name: names[i] || t("player"), colour: colour(i),
      values: tracks.filter(([, n]) => n[key] && n[key][i] !== undefined && n[key][i] !== null).map(([at, n]) => [at, n[key][i]]),
    }));
    into.append(lineChart(title, series, { id: `plot-${key}` }));
  }
}
