// The table around the board: what to do now (one line per phase), the speed of the other moves
// with "skip", the turn signals (tab title, favicon, an optional beep, a notification when
// allowed) and the link to the game's rules page.
import { h } from "./dom.js";
import { lang } from "./i18n.js";
import { paceSetting, setPace, SPEEDS } from "./pace.js";
import { lockedHelp, phaseHelp, tw } from "./words-table.js";

const SOUND = "feldherr:sound";
const SPEED_WORD = { instant: "paceInstant", fast: "paceFast", normal: "paceNormal", slow: "paceSlow" };
const RULES = new Set(["wallenstein", "elgrande", "mansfeld"]);

// A spectator reads what the players do now, and has no turn to be called to (no sound, no notice).
// ``detail``: words the board adds to the phase's line (the El Grande card in use and its text).
// ``deciders``: the names of the players deciding now when this page's player is not one of them.
// ``locked``: this page's player has sent a secret decision whose update is still on the way: the
// names of the others still deciding (the line says it is locked and whom it waits for), else null.
export function tableBar({ game, phase, detail = null, pacer, rerender, spectator = false, deciders = null, locked = null }) {
  const lockedLine = locked ? lockedHelp(game, phase, locked) : null;
  const help = lockedLine ?? phaseHelp(game, phase, deciders);
  const watching = spectator || !!(deciders && deciders.length) || !!lockedLine;
  const waiting = pacer.waiting();
  const notifyAsk = !spectator && "Notification" in window && Notification.permission === "default";
  return h("section", { id: "table-bar", class: "panel table-bar" },
    help ? h("p", { id: "phase-help", class: "phase-help" }, h("strong", {}, `${tw(watching ? "helpWatching" : "help")}: `), help,
      detail && !lockedLine ? h("span", { id: "phase-card" }, ` ${detail}`) : null) : null,
    h("div", { class: "row" },
      h("label", {}, `${tw("pace")} `, h("select", { id: "pace", onchange: (e) => { setPace(e.target.value); rerender(); } },
        Object.keys(SPEEDS).map((k) => h("option", { value: k, selected: k === paceSetting() }, tw(SPEED_WORD[k]))))),
      h("button", { type: "button", id: "skip", disabled: !waiting, onclick: () => { pacer.skip(); } },
        tw("skip"), waiting ? ` (${tw("queued", { n: waiting })})` : ""),
      spectator ? null : h("label", {}, h("input", { type: "checkbox", id: "sound", checked: localStorage.getItem(SOUND) === "on",
        onchange: (e) => { localStorage.setItem(SOUND, e.target.checked ? "on" : "off"); if (e.target.checked) beep(); } }), ` ${tw("sound")}`),
      notifyAsk ? h("button", { type: "button", id: "notify", onclick: () => Notification.requestPermission().then(rerender) }, tw("notify")) : null,
      RULES.has(game) ? h("a", { id: "rules-link", href: `/static/rules/${game}.${lang() === "de" ? "de" : "en"}.html`, target: "_blank", rel: "noopener" }, tw("rules")) : null));
}

// The turn signal: called on every render with whether a seat held here is asked now.
let asked = false;
let baseTitle = null;
export function turnSignal(now, title) {
  if (baseTitle === null) baseTitle = document.title;
  if (now) document.title = `${tw("yourTurnTitle")} · ${title || baseTitle}`;
  else document.title = title ? `${title} · feldherr` : baseTitle;
  if (now !== asked) favicon(now);
  if (now && !asked) {
    if (localStorage.getItem(SOUND) === "on") beep();
    if ("Notification" in window && Notification.permission === "granted" && document.hidden) {
      try { new Notification(tw("yourTurnTitle"), { body: tw("yourTurnBody", { game: title || "" }), tag: "feldherr-turn" }); } catch { /* not allowed here */ }
    }
  }
  asked = now;
  requestAnimationFrame(placePill); // the page is drawn by then
}
export function turnReset() { if (asked) favicon(false); asked = false; if (baseTitle !== null) document.title = baseTitle; placePill(); }

// On a phone the tab's title is not seen, and the decision sits at the top of a long page: while
// a seat held here is asked and the decision is scrolled out of view, a small bar at the foot of
// the screen says so ("● Your turn ↑"); a tap brings the decision into view.
let pill = null;
function placePill() {
  // while a seat here is asked, the page's foot has room for the bar: the last things on the page
  // (El Grande's power cards and modifiers) lay under it and could not be seen or tapped
  document.body.classList.toggle("turn-room", Boolean(asked));
  const decision = document.getElementById("decision");
  const box = decision?.getBoundingClientRect();
  const away = box && (box.bottom < 0 || box.top > window.innerHeight);
  if (!(asked && away)) { pill?.remove(); return; }
  if (!pill) {
    pill = h("button", { type: "button", id: "turn-pill", class: "turn-pill",
      onclick: () => document.getElementById("decision")?.scrollIntoView({ block: "start" }) });
  }
  pill.textContent = `${tw("yourTurnTitle")} ↑`;
  if (!pill.isConnected) document.body.append(pill);
}
document.addEventListener("scroll", () => placePill(), { passive: true });

function favicon(on) {
  let link = document.querySelector("link[rel=icon]");
  if (!link) { link = document.createElement("link"); link.rel = "icon"; document.head.append(link); }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="${on ? "#e0a800" : "#3b2f22"}"/>${on ? '<circle cx="8" cy="8" r="3" fill="#8b2d1a"/>' : ""}</svg>`;
  link.href = `data:image/svg+xml,${encodeURIComponent(svg)}`;
  link.dataset.turn = on ? "yes" : "no";
}

let audio = null;
export function beep() {
  try {
    audio = audio || new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.35);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.35);
  } catch { /* no audio here */ }
}
