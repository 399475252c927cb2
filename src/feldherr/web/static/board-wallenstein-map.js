// Wallenstein's map, small helpers: the county names kept inside the map's frame (measured once
// the map is on the page: "Oberösterreich" and "Niederösterreich" at the edge are moved in, not
// cut), and the buildings drawn as small pictures instead of letters (palace, church, trading post).
import { s } from "./dom.js";

// Moves every county name (text.cname) inside the svg's viewBox, by its measured box.
export function fitLabels(svg) {
  if (!svg || !svg.isConnected || !svg.viewBox?.baseVal) return;
  const { x: X, y: Y, width: W, height: H } = svg.viewBox.baseVal;
  for (const text of svg.querySelectorAll("text.cname")) {
    const box = text.getBBox();
    if (!box.width) continue;
    const x = Number(text.getAttribute("x"));
    const y = Number(text.getAttribute("y"));
    let dx = 0;
    if (box.x < X + 2) dx = X + 2 - box.x;
    else if (box.x + box.width > X + W - 2) dx = X + W - 2 - (box.x + box.width);
    let dy = 0;
    if (box.y < Y + 2) dy = Y + 2 - box.y;
    else if (box.y + box.height > Y + H - 2) dy = Y + H - 2 - (box.y + box.height);
    if (dx) text.setAttribute("x", (x + dx).toFixed(1));
    if (dy) text.setAttribute("y", (y + dy).toFixed(1));
  }
}

// A building as a small picture at (x, y) (its top left), 18 units wide.
export function buildingIcon(kind, x, y) {
  const shape = {
    palace: `M${x},${y + 18}V${y + 7}l3,-4l3,4l3,-7l3,7l3,-4l3,4V${y + 18}Z`,
    church: `M${x + 1},${y + 18}V${y + 9}l8,-5l8,5V${y + 18}ZM${x + 9},${y + 4}V${y - 3}M${x + 6},${y - 0.5}H${x + 12}`,
    trading_post: `M${x},${y + 18}V${y + 8}l9,-7l9,7V${y + 18}ZM${x + 7},${y + 18}v-6h4v6`,
  }[kind];
  return s("path", { d: shape || `M${x},${y}h18v18h-18Z`, class: `bld ${kind}` });
}
