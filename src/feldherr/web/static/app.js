// The client's entry: the router picks a screen from the address; every screen re-renders itself
// when the language changes.
import { lang, setLang, t } from "./i18n.js";
import { showLobby } from "./lobby.js";
import { showPlay } from "./play.js";
import { showReplay } from "./replay.js";

const app = document.getElementById("app");
const langButton = document.getElementById("lang");
let screen = null;

function route() {
  if (screen && screen.stop) screen.stop();
  const path = location.pathname;
  let m;
  if ((m = path.match(/^\/play\/([^/]+)$/))) screen = showPlay(app, decodeURIComponent(m[1]));
  else if ((m = path.match(/^\/replay\/([^/]+)$/))) screen = showReplay(app, decodeURIComponent(m[1]));
  else screen = showLobby(app);
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
window.feldherrReady = true; // the tests wait for this
