// Small inline SVG charts drawn from numbers (no library).
import { colour, h, s } from "./dom.js";

// series: [{name, values: [[x, y], ...]}]; one line per series in the seat colours.
export function lineChart(title, series, { width = 420, height = 220, id = null } = {}) {
  const pad = { l: 36, r: 10, t: 24, b: 28 };
  const xs = series.flatMap((one) => one.values.map((p) => p[0]));
  const ys = series.flatMap((one) => one.values.map((p) => p[1]));
  const x0 = Math.min(0, ...xs), x1 = Math.max(1, ...xs);
  const y0 = Math.min(0, ...ys), y1 = Math.max(1, ...ys);
  const X = (x) => pad.l + ((x - x0) / (x1 - x0)) * (width - pad.l - pad.r);
  const Y = (y) => height - pad.b - ((y - y0) / (y1 - y0)) * (height - pad.t - pad.b);
  const ticks = niceTicks(y0, y1);
  const svg = s("svg", { viewBox: `0 0 ${width} ${height}`, class: "chart", role: "img", "aria-label": title, id },
    s("title", {}, title),
    s("text", { x: pad.l, y: 15, class: "chart-title" }, title),
    ticks.map((v) => [s("line", { x1: pad.l, x2: width - pad.r, y1: Y(v), y2: Y(v), class: "grid" }),
      s("text", { x: pad.l - 4, y: Y(v) + 4, "text-anchor": "end", class: "tick" }, v)]),
    s("line", { x1: pad.l, x2: width - pad.r, y1: Y(y0), y2: Y(y0), class: "axis" }),
    series.map((one, i) => s("polyline", {
      points: one.values.map(([x, y]) => `${X(x).toFixed(1)},${Y(y).toFixed(1)}`).join(" "),
      fill: "none", stroke: one.colour || colour(i), "stroke-width": 2.5, class: "series",
    }, s("title", {}, one.name))));
  const legend = h("ul", { class: "legend" }, series.map((one, i) => h("li", { style: `--seat:${one.colour || colour(i)}` }, h("span", { class: "dot" }), one.name)));
  return h("figure", { class: "plot" }, svg, legend);
}

// Bars: one per seat, or a pair per seat (battles won and lost): a bar's label under it, a group's
// name (the player) once under its bars.
export function barChart(title, bars, { width = 420, height = 210 } = {}) {
  const pad = { l: 36, r: 10, t: 36, b: 44 };
  const max = Math.max(1, ...bars.map((b) => b.value));
  const w = (width - pad.l - pad.r) / Math.max(1, bars.length);
  const span = (i) => { let n = 1; while (i + n < bars.length && bars[i + n].group === bars[i].group) n += 1; return n; };
  return h("figure", { class: "plot" }, s("svg", { viewBox: `0 0 ${width} ${height}`, class: "chart", role: "img", "aria-label": title },
    s("title", {}, title),
    s("text", { x: pad.l, y: 15, class: "chart-title" }, title),
    bars.map((b, i) => {
      const bh = (b.value / max) * (height - pad.t - pad.b);
      return [s("rect", { x: pad.l + i * w + 4, y: height - pad.b - bh, width: w - 8, height: bh, fill: b.colour || colour(i) }),
        s("text", { x: pad.l + i * w + w / 2, y: height - pad.b - bh - 4, "text-anchor": "middle", class: "tick" }, b.value),
        s("text", { x: pad.l + i * w + w / 2, y: height - pad.b + 14, "text-anchor": "middle", class: "tick" }, b.label),
        b.group && (i === 0 || bars[i - 1].group !== b.group)
          ? s("text", { x: pad.l + (i + span(i) / 2) * w, y: height - pad.b + 32, "text-anchor": "middle", class: "tick group" }, b.group) : null];
    })));
}

function niceTicks(lo, hi) {
  const span = hi - lo || 1;
  const step = [1, 2, 5, 10, 20, 25, 50, 100, 200, 500].find((st) => span / st <= 6) || Math.ceil(span / 5);
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi; v += step) out.push(v);
  return out;
}
