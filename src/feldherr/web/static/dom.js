// Building DOM and SVG nodes without innerHTML (texts from the server are never parsed as HTML).
const SVGNS = "http://www.w3.org/2000/svg";

function fill(node, attrs, children, svg) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
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

export function clear(node) {
  while (node.firstChild) node.firstChild.remove();
  return node;
}

// Seat colours, shared by boards and plots.
export const COLOURS = ["#c0392b", "#2471a3", "#d4ac0d", "#229954", "#7d3c98", "#ca6f1e"];
export const COLOUR_NAMES = {
  en: ["red", "blue", "yellow", "green", "purple", "orange"],
  de: ["Rot", "Blau", "Gelb", "Grün", "Lila", "Orange"],
};

export async function api(path, options = {}) {
  const response = await fetch(path, {
    ...options,
    headers: { "content-type": "application/json", ...(options.headers || {}) },
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = new Error(data.message || `HTTP ${response.status}`);
    error.data = data;
    throw error;
  }
  return data;
}
