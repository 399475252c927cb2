// The frame the table's step panels share (the winter scoring, scoring-steps.js; an action's
// results, action-steps.js; Am Kaiserhof's conversions, court-steps.js): a section over the map with
// its head (the title, the step count, "show all", "close") and the ordered list of its steps, and
// where the panel counts something per player a table beside the list (the player, what each got so
// far, where each stands now), with the reveal of one step after the other. What the steps say,
// what each step does to the players' table or the map, the timers and the holds stay with each panel.
import { colour, h } from "./dom.js";
import { num } from "./i18n.js";
import { wb } from "./words-boards.js";

// The panel: `name` gives its ids (`<name>-steps`, `-count`, `-skip`, `-close`, `-points`) and its
// class beside the frame's; `title` the words' key of its heading and its label; `lis` its steps'
// list items; `skip` and `close` the buttons' clicks; `onStep(i)` what the panel does once its step
// `i` was shown. `points` (optional): {heads: the words' keys of the two number columns, seats, name:
// seat -> the player's name, base: Map seat -> the number before the first step}; the panel adds to
// a player's count with `add(seat, n)` in `onStep`. Returns {node, shown, add, reveal, all}.
export function stepPanel({ name, title, lis, skip: onSkip, close: onClose, onStep = () => {}, points = null }) {
  const count = h("span", { class: "step-count", id: `${name}-count` });
  const skip = h("button", { type: "button", id: `${name}-skip`, onclick: onSkip }, wb("scoringSkip"));
  // (the two buttons go onto the next line together where the head is too narrow: "close" went
  // alone under the title at a phone's width)
  const head = h("div", { class: "head" }, h("h3", {}, wb(title)), count, h("span", { class: "tools" }, skip,
    h("button", { type: "button", id: `${name}-close`, onclick: onClose }, wb("scoringClose"))));
  const list = h("ol", { class: "steps" }, lis);
  const gained = new Map((points?.seats || []).map((seat) => [seat, 0]));
  const rows = new Map((points?.seats || []).map((seat) => [seat,
    { got: h("td", { class: "got" }, num(0)), now: h("td", { class: "now" }, num(points.base.get(seat))) }]));
  const table = points && h("div", { class: "scroll" }, h("table", { class: "scoring-points", id: `${name}-points` },
    h("thead", {}, h("tr", {}, h("th", {}, wb("player")), h("th", {}, wb(points.heads[0])), h("th", {}, wb(points.heads[1])))),
    h("tbody", {}, points.seats.map((seat) => h("tr", { "data-seat": seat },
      h("th", { scope: "row", style: `--seat:${colour(seat)}` }, h("span", { class: "dot" }), points.name(seat)), rows.get(seat).got, rows.get(seat).now)))));
  const node = h("section", { class: name === "scoring" ? "scoring-steps" : `scoring-steps ${name}-steps`, id: `${name}-steps`, role: "region", "aria-label": wb(title) },
    head, table ? h("div", { class: "body" }, list, table) : list);
  let shown = 0;
  const panel = {
    node,
    get shown() { return shown; },
    add(seat, n) { gained.set(seat, (gained.get(seat) ?? 0) + n); },
    reveal() {
      if (shown >= lis.length) return;
      // Only the step just revealed fades in: the panel moves into each new drawing of the board,
      // and a CSS animation runs again on a node put back into the page (every shown step blinked).
      const li = lis[shown];
      li.classList.add("shown", "new");
      setTimeout(() => li.classList.remove("new"), 450);
      node.hidden = false; // (a panel waiting hidden for what comes before it in its move)
      shown += 1;
      onStep(shown - 1);
      for (const [seat, row] of rows) {
        row.got.textContent = `+${num(gained.get(seat))}`;
        row.now.textContent = num(points.base.get(seat) + gained.get(seat));
      }
      count.textContent = wb("scoringStep", { n: shown, of: lis.length });
      if (shown === lis.length) { node.classList.add("done"); skip.disabled = true; }
    },
    all() { while (shown < lis.length) panel.reveal(); },
  };
  return panel;
}
