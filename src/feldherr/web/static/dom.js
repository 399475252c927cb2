// Building DOM and SVG nodes without innerHTML (texts from the server are never parsed as HTML).
import { lang, t } from "./i18n.js";
import { readToken } from "./store.js";

const SVGNS = "http://www.w3.org/2000/svg";

function fill(node, attrs, children, svg) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), (e) => { if (!redrawing) value(e); });
    else if (key === "text") node.textContent = value;
    else if (key === "class" && !svg) node.className = value;
    else if (key in node && !svg && typeof value !== "string") node[key] = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children, false);
}

export function s(tag, attrs, ...children) {
  return fill(document.createElementNS(SVGNS, tag), attrs, children, true);
}

// A redraw (clear, then the page built anew) takes the field the player is in off the page: the
// browser then fires its blur and, if its text was edited, a "change" as if the player had left it
// (Chromium does, synchronously, during the removal). Those events belong to nobody's action (the
// text was not confirmed; the page is being drawn anew, often by another answer coming in): the
// handlers of `h` and `s` ignore every event fired while `clear` removes nodes.
let redrawing = 0;

export function clear(node) {
  redrawing++;
  try {
    while (node.firstChild) node.firstChild.remove();
  } finally {
    redrawing--;
  }
  return node;
}

// The players' table (#players): a row per seat, its seat cell (a th with the seat's --seat colour)
// first, then a cell per column under `heads` (the column words, from the caller's catalogue). On a
// phone (table.css, at most 600 px) each row is that player's card: the name over the values, each
// value under its column's word (the cell's data-label), so the table never runs wider than the
// screen and never scrolls sideways.
export function playersTable(heads, rows) {
  for (const row of rows) {
    const [seat, ...cells] = row.children;
    const ink = seat?.style?.getPropertyValue("--seat");
    if (ink) row.style.setProperty("--seat", ink);
    cells.forEach((cell, i) => { if (heads[i]) cell.dataset.label = heads[i]; });
  }
  return h("table", { class: "players reflow", id: "players" },
    h("thead", {}, h("tr", {}, h("th", {}), heads.map((x) => h("th", { scope: "col" }, x)))),
    h("tbody", {}, rows));
}

// Seat colours, shared by boards and plots; a game may bring its own (Wallenstein's seats are red,
// blue, yellow, purple, black, and its peasants green). One game per page: the page sets it.
export const COLOURS = ["#c0392b", "#2471a3", "#d4ac0d", "#229954", "#7d3c98", "#ca6f1e"];
const PALETTES = { wallenstein: ["#c0392b", "#2471a3", "#d4ac0d", "#7d3c98", "#2b2b2b", "#3c9a4a"] };
let palette = COLOURS;

// A seat's colour as the game's terms (/api/web/terms/<game>) name it: "colour.<seat>", or
// Wallenstein's cube colours; null where the terms have none.
const COLOUR_TERMS = { wallenstein: ["red", "blue", "yellow", "purple", "black", "peasants"] };
export function colourTerm(game, seat, terms) {
  return (terms && (terms[`colour.${seat}`] || terms[COLOUR_TERMS[game]?.[seat]])) || null;
}

export function usePalette(game) { palette = PALETTES[game] || COLOURS; }
export function colour(seat) { return palette[seat % palette.length]; }

// A request to the server in the page's language: a refusal's `message` is the server's own words
// in that language; an answer without one (no server, a proxy's page) gets the client's words, never
// the raw answer.
export async function api(path, options = {}) {
  const url = /[?&]lang=/.test(path) ? path : `${path}${path.includes("?") ? "&" : "?"}lang=${lang()}`;
  // a game's own address: with a seat token this device holds for it (a private game's replay,
  // charts and analysis are its players'), unless the caller names one
  const game = path.match(/^\/api\/games\/([^/?]+)/);
  const token = game ? readToken(decodeURIComponent(game[1])) : null;
  let response;
  try {
    response = await fetch(url, {
      ...options,
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}), ...(options.headers || {}) },
    });
  } catch {
    throw new Error(t("noAnswer"));
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const said = typeof data.message === "string" && data.message ? data.message : "";
    const error = new Error(said || t("refused", { status: response.status }));
    error.data = data;
    throw error;
  }
  return data;
}

// A map's frame (#map-frame). On a phone Wallenstein's map of 37 counties is drawn wider than the
// screen so its names stay readable, and its frame (not the page) moves sideways: it keeps where
// the player moved it across the page's redraws (each update draws the board anew). El Grande's
// nine regions fit the phone's width whole. With a hint (the words, from the caller's catalogue) a
// short line above the frame says that it moves sideways: shown only while the map is wider than
// its frame, measured whenever the frame or the map changes size (a phone turned, a window resized).
const frameAt = new Map();
const hinted = new Map(); // whether the hint was shown on the last drawing: a redraw starts so (no jump)
export function mapFrame(key, content, hint = null) {
  const frame = h("div", { class: `map-frame map-frame-${key}`, id: "map-frame", onscroll: (e) => frameAt.set(key, e.target.scrollLeft) }, content);
  const x = frameAt.get(key);
  if (x) requestAnimationFrame(() => { if (frame.isConnected) frame.scrollLeft = x; });
  if (!hint || typeof ResizeObserver !== "function") return frame;
  const note = h("p", { class: "map-hint", id: "map-hint", hidden: !hinted.get(key) }, h("span", { class: "map-hint-arrows", "aria-hidden": "true" }, "↔"), " ", hint);
  let placed = false; // on the page once (before that the observer may report the frame unplaced)
  const watch = new ResizeObserver(() => {
    if (!frame.isConnected) { if (placed) watch.disconnect(); return; } // the board was drawn anew
    placed = true;
    note.hidden = frame.scrollWidth <= frame.clientWidth + 1;
    hinted.set(key, !note.hidden);
  });
  watch.observe(frame);
  if (content instanceof Element) watch.observe(content);
  return [note, frame];
}

// A file field in the page's words: the browser's own button ("Choose File", in the browser's
// language, not the page's) is hidden but stays focusable; a label acts as the button and the
// chosen file's name (or `none`) stands beside it.
export function filePicker(input, choose, none) {
  input.classList.add("file-input");
  const shown = h("span", { class: "file-name" }, none);
  input.addEventListener("change", () => { shown.textContent = input.files && input.files[0] ? input.files[0].name : none; });
  return h("span", { class: "file-picker" }, input, h("label", { for: input.id, class: "file-button" }, choose), " ", shown);
}

// The names on narrow cards (El Grande's action cards, the Wallenstein planning board's boxes and
// county cards) never break inside a word ("Geheimscheib-e", "Niederösterre-ich" on a phone): where
// a name's longest word is wider than its box, its type is made smaller, down to 70 %; a word that
// still does not fit may break rather than spill over the card.
export const FIT_WORDS = ".acard strong.card, .plan.mat .space-name, .pcard .pname";
export function fitWords(root) {
  for (const el of root.querySelectorAll(FIT_WORDS)) {
    el.style.fontSize = "";
    el.style.overflowWrap = "normal";
    let size = parseFloat(getComputedStyle(el).fontSize);
    const least = size * 0.7;
    while (el.scrollWidth > el.clientWidth + 0.5 && size > least) {
      size -= 0.5;
      el.style.fontSize = `${size}px`;
    }
    if (el.scrollWidth > el.clientWidth + 0.5) el.style.overflowWrap = "anywhere";
  }
}

// A link copied to the clipboard (the field selected and copied where the clipboard API is not
// allowed, as on a page without https); `note` says so.
export async function copyText(text, field, note) {
  try { await navigator.clipboard.writeText(text); } catch { field.select(); document.execCommand("copy"); }
  note.textContent = t("copied");
}
