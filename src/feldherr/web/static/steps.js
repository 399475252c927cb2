// Building a move part by part from the choices' "steps" (the words contract: a string part is one
// step, a list part a set of toggles confirmed once), so no decision is a long list of buttons.
import { h } from "./dom.js";
import { t, tn } from "./i18n.js";

export const MAX_BUTTONS = 40;

// Steps are usable when every choice has them, all with the same number of parts.
export function hasSteps(choices) {
  if (!choices.length || !choices.every((c) => Array.isArray(c.steps) && c.steps.length)) return false;
  const n = choices[0].steps.length;
  return choices.every((c) => c.steps.length === n);
}

const setKey = (items) => JSON.stringify([...items].sort());

// The choices still possible after the parts picked so far (a set part is kept as its sorted list).
export function remaining(choices, path) {
  return choices.filter((c) => path.every((part, i) => (Array.isArray(part)
    ? Array.isArray(c.steps[i]) && setKey(c.steps[i]) === setKey(part)
    : c.steps[i] === part)));
}

// The picker: `sel` holds {path: [...], toggled: [...]} across renders; `send(choice)` plays one.
// `decorate(choice)` (optional) gives a button that stands for exactly one move its extras: a class,
// focus and hover handlers, its words instead of the label, a node after them (a Wallenstein
// attack: the whole phrase with its odds, and the odds as a bar).
export function stepPicker(choices, sel, { send, rerender, busy, filter, decorate }) {
  const left = remaining(choices, sel.path);
  const k = sel.path.length;
  const nodes = [];
  if (k) {
    nodes.push(h("p", { class: "step-path", id: "step-path", "data-game": "1" }, h("span", { class: "label" }, `${t("chosen")}: `),
      sel.path.map((p) => (Array.isArray(p) ? p.join(", ") || "–" : p)).join(" › ")));
  }
  // "back" takes back the last thing done before Confirm: the last toggle of a set, else the last part.
  const back = () => { if (sel.toggled.length) sel.toggled = sel.toggled.slice(0, -1); else { sel.path.pop(); sel.toggled = []; } rerender(); };
  const nav = k || sel.toggled.length ? h("p", { class: "step-nav row" },
    h("button", { type: "button", id: "step-back", onclick: back }, `← ${t("stepBack")}`),
    h("button", { type: "button", id: "step-clear", onclick: () => { sel.path = []; sel.toggled = []; rerender(); } }, t("stepClear"))) : null;
  if (!left.length) { sel.path = []; sel.toggled = []; return stepPicker(choices, sel, { send, rerender, busy, filter, decorate }); }
  if (k >= left[0].steps.length) { // every part chosen: one move (the choices differ in their parts)
    nodes.push(h("ol", { id: "choices", class: "choices" }, h("li", {}, h("button", { type: "button", class: "primary", "data-game": "1", disabled: busy, onclick: () => send(left[0]) }, left[0].text))));
    return [...nodes, nav];
  }
  const pick = (part) => {
    sel.path.push(part);
    sel.toggled = [];
    const now = remaining(choices, sel.path);
    // one move left: sent at once, unless it has facts to see before confirming (an attack's odds)
    const whole = now.length === 1 && sel.path.length === now[0].steps.length;
    if (now.length === 1 && (whole || !now[0].details) && now[0].steps.slice(sel.path.length).every((p) => !Array.isArray(p))) send(now[0]);
    else rerender();
  };
  if (left.some((c) => Array.isArray(c.steps[k]))) {
    // A set: each item as a toggle (as often as one move holds it), Confirm once it is one move's set.
    const most = new Map();
    for (const c of left) {
      const counts = new Map();
      for (const item of c.steps[k] || []) counts.set(item, (counts.get(item) || 0) + 1);
      for (const [item, n] of counts) most.set(item, Math.max(most.get(item) || 0, n));
    }
    const items = [...most].flatMap(([item, n]) => Array.from({ length: n }, (_, i) => [item, i]));
    const on = new Set(sel.toggled);
    const chosen = items.filter(([item, i]) => on.has(`${i}|${item}`)).map(([item]) => item);
    const fits = left.some((c) => setKey(c.steps[k]) === setKey(chosen));
    nodes.push(h("p", { class: "label" }, t("pickSet")),
      h("ol", { id: "choices", class: "choices toggles" },
        items.slice(0, MAX_BUTTONS - 1).map(([item, i]) => {
          const id = `${i}|${item}`;
          return h("li", {}, h("button", { type: "button", class: "toggle", "data-game": "1", "aria-pressed": on.has(id) ? "true" : "false", disabled: busy,
            onclick: () => { if (on.has(id)) sel.toggled = sel.toggled.filter((x) => x !== id); else sel.toggled = [...sel.toggled, id]; rerender(); } },
          on.has(id) ? "☑ " : "☐ ", item));
        }),
        h("li", {}, h("button", { type: "button", id: "step-confirm", class: "primary", disabled: busy || !fits, onclick: () => pick(chosen) },
          `${t("confirm")} (${tn("cardsN", chosen.length)})`))));
    return [...nodes, nav];
  }
  const seen = [];
  for (const c of left) if (!seen.includes(c.steps[k])) seen.push(c.steps[k]);
  const wanted = (filter || "").toLowerCase();
  const shown = seen.filter((label) => !wanted || label.toLowerCase().includes(wanted));
  const only = (label) => { // the one move a label stands for, when it is that move's last part
    const hits = left.filter((c) => c.steps[k] === label);
    return hits.length === 1 && k === hits[0].steps.length - 1 ? hits[0] : null;
  };
  nodes.push(h("ol", { id: "choices", class: "choices" }, shown.slice(0, MAX_BUTTONS).map((label) => {
    const one = only(label);
    const extra = one && decorate ? decorate(one) || {} : {};
    return h("li", {}, h("button", { type: "button", "data-game": "1", disabled: busy, onclick: () => pick(label),
      class: extra.class, onfocus: extra.onfocus, onmouseenter: extra.onmouseenter }, extra.label ?? label, extra.after));
  })));
  if (shown.length > MAX_BUTTONS) nodes.push(h("p", { class: "label", id: "more" }, tn("matchN", shown.length)));
  return [...nodes, nav];
}
