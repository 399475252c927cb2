// The client's entry: the router picks a screen from the address; every screen re-renders itself
// when the language changes. The lobby's modules are preloaded by index.html; a seat's page and
// the replay viewer (boards, tower, plots, ...) are loaded when their address is opened, so the
// first page fetches only what it shows.
import { lang, setLang, t } from "./i18n.js";

const app = document.getElementById("app");
const langButton = document.getElementById("lang");
const SCREENS = {
  play: () => import("./play.js").then((m) => m.showPlay),
  replay: () => import("./replay.js").then((m) => m.showReplay),
  lobby: () => import("./lobby.js").then((m) => m.showLobby),
};
let screen = null;
let routed = 0;

async function route() {
  if (screen && screen.stop) screen.stop();
  screen = null;
  const path = location.pathname;
  const turn = ++routed;
  let m;
  let kind = "lobby";
  let arg = null;
  if ((m = path.match(/^\/play\/([^/]+)$/))) [kind, arg] = ["play", decodeURIComponent(m[1])];
  else if ((m = path.match(/^\/replay\/([^/]+)$/))) [kind, arg] = ["replay", decodeURIComponent(m[1])];
  const show = await SCREENS[kind]();
  if (turn !== routed) return; // another address was opened meanwhile
  screen = arg === null ? show(app) : show(app, arg);
  window.feldherrReady = true; // the tests wait for this
}

function labelLang() {
  langButton.textContent = t("lang");
  langButton.setAttribute("aria-label", `${t("language")}: ${t("lang")}`);
}

langButton.addEventListener("click", () => {
  setLang(lang() === "de" ? "en" : "de");
  labelLang();
  if (screen && screen.relang) screen.relang();
});

labelLang();
route();
window.addEventListener("popstate", route);
