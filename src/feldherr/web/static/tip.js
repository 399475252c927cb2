// Tooltips: any element with data-tip (and optionally data-tip-title) shows its text on hover, on
// keyboard focus and on tap (phones). One listener set for the whole page.
let tip = null;

function show(target) {
  const text = target.getAttribute("data-tip");
  if (!text) return;
  if (!tip) { tip = document.createElement("div"); tip.className = "tip"; tip.id = "tip"; tip.setAttribute("role", "tooltip"); }
  tip.replaceChildren();
  const title = target.getAttribute("data-tip-title");
  if (title) { const strong = document.createElement("strong"); strong.textContent = title; tip.append(strong); }
  tip.append(document.createTextNode(text));
  document.body.append(tip);
  const box = target.getBoundingClientRect();
  const width = Math.min(320, window.innerWidth - 16);
  tip.style.maxWidth = `${width}px`;
  const left = Math.max(8, Math.min(box.left, window.innerWidth - tip.offsetWidth - 8));
  const below = box.bottom + 6 + tip.offsetHeight < window.innerHeight;
  tip.style.left = `${left}px`;
  shownAt = performance.now();
  tip.style.top = `${below ? box.bottom + 6 : Math.max(8, box.top - tip.offsetHeight - 6)}px`;
}
function hide() { if (tip) tip.remove(); }

const find = (e) => (e.target instanceof Element ? e.target.closest("[data-tip]") : null);
// After a tap the browser's pointer stays where the finger was, and when the page is drawn anew
// under it (the next move's update) it sends a "mouseover" for whatever now lies there, which hid
// the tip just tapped open (a Mansfeld die's tip lasted a blink). So after a touch no "mouseover"
// shows or hides a tip until a real mouse moves again (keyboard focus still does).
let touching = false;
document.addEventListener("pointermove", (e) => { if (e.pointerType === "mouse" && (e.movementX || e.movementY)) touching = false; }, { passive: true });
document.addEventListener("mouseover", (e) => { if (touching) return; const t = find(e); if (t) show(t); else hide(); });
document.addEventListener("focusin", (e) => { const t = find(e); if (t) show(t); else hide(); });
document.addEventListener("touchstart", (e) => { touching = true; const t = find(e); if (t) show(t); else hide(); }, { passive: true });
// A scroll moves the page under a fixed tip: hide it, but not for the scroll that brought the
// element into view just before it was shown.
let shownAt = 0;
document.addEventListener("scroll", () => { if (performance.now() - shownAt > 400) hide(); }, { passive: true, capture: true });
