// Wallenstein's cube tower, animated from a battle's log entry ({k: "battle" | "revolt", a: {thrown,
// tray, out, ...}}): the cubes thrown in (the fight's armies and the tray's cubes) fall into the
// tower, the ones that fall out land in the tray, the rest stay inside; then the battle's result
// (the next log line, as the game words it). The animation's clock survives re-renders: a scene
// seen again continues where it was.
import { colour, h, s } from "./dom.js";
import { tw } from "./words-table.js";

const started = new Map();
export const TOWER_MS = 3200;

export function towerScene(item, result, key) {
  const a = item.entry.a;
  const colours = a.thrown.length;
  const now = performance.now();
  if (!started.has(key)) started.set(key, now);
  const elapsed = now - started.get(key);
  const cubes = [];
  let outIndex = 0;
  let stayIndex = 0;
  for (let c = 0; c < colours; c++) {
    const thrownIn = a.thrown[c] + a.tray[c];
    const out = a.out[c];
    for (let k = 0; k < Math.max(thrownIn, out); k++) {
      const fromInside = k >= thrownIn; // came out of the tower's inside, not thrown now
      const fallsOut = k < out;
      cubes.push({ c, fromInside, fallsOut, i: cubes.length, slot: fallsOut ? outIndex++ : stayIndex++ });
    }
  }
  const total = cubes.length || 1;
  const node = s("svg", { viewBox: "0 0 220 150", class: "tower-svg", id: "tower-anim", role: "img", "aria-label": tw("tower"),
    style: `--delay:${-elapsed}ms; --dur:${TOWER_MS}ms` },
  s("rect", { x: 20, y: 12, width: 56, height: 112, class: "tower-body", rx: 3 }),
  [34, 58, 82].map((y, i) => s("line", { x1: i % 2 ? 76 : 20, x2: i % 2 ? 38 : 58, y1: y, y2: y + 8, class: "baffle" })),
  s("path", { d: "M76,124 L205,124 L205,142 L76,142 Z", class: "tray" }),
  // the words where no cube passes: right of the tower (the cubes fall in above it and keep
  // inside it) and above the tray (the cubes that fall out leave the tower's foot downwards)
  s("text", { x: 82, y: 16, class: "tower-l" }, `← ${tw("towerIn")}`),
  s("text", { x: 140, y: 108, class: "tower-l", "text-anchor": "middle" }, tw("towerOut")),
  cubes.map((cube) => {
    const start = cube.fromInside ? [40 + (cube.i % 5) * 6, 60 + (cube.i % 4) * 8] : [30 + (cube.i % 8) * 5, -12 - Math.floor(cube.i / 8) * 6];
    const inside = [28 + (cube.slot % 6) * 7, 40 + Math.floor(cube.slot / 6) * 8 + (cube.c % 3) * 2];
    const tray = [82 + (cube.slot % 16) * 7.5, 128 + Math.floor(cube.slot / 16) * 7];
    const end = cube.fallsOut ? tray : inside;
    const mid = cube.fallsOut ? [48, 112] : inside;
    return s("rect", { width: 8, height: 8, x: 0, y: 0, fill: colour(cube.c), class: `tcube ${cube.fallsOut ? "out" : "stays"}`,
      "data-colour": cube.c,
      style: `--x0:${start[0]}px;--y0:${start[1]}px;--x1:${mid[0]}px;--y1:${mid[1]}px;--x2:${end[0]}px;--y2:${end[1]}px;--i:${cube.i / total}` });
  }));
  return h("div", { class: "towerbox", id: "tower-scene", "data-key": key },
    node,
    h("div", {},
      h("p", { class: "tower-counts" }, `${tw("towerIn")}: ${a.thrown.reduce((x, y) => x + y, 0) + a.tray.reduce((x, y) => x + y, 0)} · ${tw("towerOut")}: ${a.out.reduce((x, y) => x + y, 0)}`),
      result ? h("p", { class: "battle-result", style: `--delay:${-elapsed}ms; --dur:${TOWER_MS}ms` }, result) : null));
}

// A battle in a paced update holds the next move until the tower has run.
export function isBattle(item) { return ["battle", "revolt"].includes(item?.entry?.k) && Array.isArray(item.entry.a?.thrown); }
export function holdFor(log) { return (log || []).some(isBattle) ? TOWER_MS + 800 : 0; }
