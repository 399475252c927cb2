// Paced turns: the server pushes one update per move; the other seats' moves are shown one at a
// time, at the speed the player chose ("at once" shows each as it comes), and "skip" shows the
// newest position at once. A page's first update (reload, late join) and the update after the
// player's own move are never held back.
export const SPEEDS = { instant: 0, fast: 400, normal: 1000, slow: 2000 };
const KEY = "feldherr:pace";

export function paceSetting() {
  const value = localStorage.getItem(KEY);
  return value in SPEEDS ? value : "normal";
}
export function setPace(value) { localStorage.setItem(KEY, value in SPEEDS ? value : "normal"); }

// How long a paced update of ``lines`` new log lines holds the next one: one step per move, and a
// quarter step more for each line after the second, up to four steps (a Wallenstein move that turns
// an action over brings a dozen lines at once — every player's buildings, grain, armies — and the
// next move came a second later). Nothing at "at once".
export function readingHold(lines, setting = paceSetting()) {
  const step = SPEEDS[setting] || 0;
  return lines > 2 ? Math.round(step * Math.min(4, 1 + (lines - 2) / 4)) : 0;
}

// A move's results or scoring were shown in full at the player's asking ("show all" on the panel,
// action-steps.js and scoring-steps.js): the table's pacer lets the next move come (`release`).
const fullHandlers = [];
export function onSeenInFull(handler) { // returns: the handler's end (a table page left)
  fullHandlers.push(handler);
  return () => { const i = fullHandlers.indexOf(handler); if (i >= 0) fullHandlers.splice(i, 1); };
}
export function seenInFull(key) { // key: the panel's "<version>:<seat>"
  const version = Number(String(key).split(":")[0]);
  for (const handler of fullHandlers) handler(version);
}

// apply(batch) shows the messages of one version (one per seat held on this device) and may return
// a longer wait before the next (a battle's tower). release(version): the player saw that move's
// results in full ("show all" on its results or scoring panel): the rest of its hold is dropped, the
// next move comes one plain step later (sooner if it was due sooner).
export function makePacer(apply, changed = () => {}) {
  const queue = [];
  let timer = null;
  let held = null; // the version whose hold the timer runs out, and when it is due
  let due = 0;
  function start(ms, version) {
    timer = setTimeout(tick, ms);
    held = version;
    due = Date.now() + ms;
  }

  function next() {
    const batch = [queue.shift()];
    while (queue.length && queue[0].version === batch[0].version) batch.push(queue.shift());
    held = batch[0].version;
    // a move held back and shown now: the time to read its lines (never the first update of a page
    // with its whole log, nor the answer to one's own move: those are not held back)
    return Math.max(apply(batch) || 0, ...batch.map((m) => readingHold((m.log || []).length)));
  }
  function tick() {
    timer = null;
    if (!queue.length) return;
    arm(next());
    changed();
  }
  function arm(hold = 0) {
    const wait = SPEEDS[paceSetting()];
    if (wait > 0) start(Math.max(wait, hold), held);
    else while (queue.length) next();
  }
  function skip() {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!queue.length) return false;
    apply(queue.splice(0));
    return true;
  }
  return {
    // now: show at once (and everything held before it).
    push(msg, now) {
      if (now) { // (a battle of my own still holds the next move while the tower runs)
        skip();
        const hold = apply([msg]) || 0;
        if (hold && SPEEDS[paceSetting()] > 0) start(hold, msg.version);
        return;
      }
      queue.push(msg);
      if (!timer) arm(next());
      changed();
    },
    skip,
    release(version) {
      if (!timer || held !== version) return;
      const left = Math.min(due - Date.now(), SPEEDS[paceSetting()]);
      clearTimeout(timer);
      start(Math.max(0, left), version);
    },
    waiting: () => queue.length,
    reset() { if (timer) clearTimeout(timer); timer = null; queue.length = 0; },
  };
}
