// Wallenstein's planning board drawn like the printed player mat: the bid box and the ten action
// boxes in the mat's order, each with its printed action name and cost (from the rules' data file,
// the one source of the numbers), the court module's extra board with its three boxes, and in each
// box the card placed there by its face: a county card (name on its region's colour), a money card
// (a coin with its Taler), the dice tower card, or a card face down. The seat's own board takes the
// staged plan (play.js: boxes filled in any order until Confirm); the other seats' boards show
// what has been revealed of their plans.
import { colour, h } from "./dom.js";
import { tn } from "./i18n.js";
import { wb } from "./words-boards.js";

export const BOXES = ["bid", "palace", "church", "trading_post", "grain", "taxes", "deploy5", "deploy3", "deploy1", "combat_a", "combat_b"];
const COURT_BOXES = ["court1", "court2", "court3"];
export const REGION_CARD = { Brandenburg: ["#e8dcc0", "#9b7f45"], Sachsen: ["#d5e3c8", "#5f8a4a"], Kurpfalz: ["#cfdbe8", "#4f6f95"],
  Bayern: ["#e6d0d8", "#96566c"], "Österreich": ["#e9e2b5", "#9a8a26"] };

// The printed cost line of a box, from rules.json / modules.json (served by /api/web/data).
function costLine(box, rules, modules) {
  const actions = rules?.actions;
  if (box === "bid") return wb("bidNote");
  if (actions?.build_cost && box in actions.build_cost) return wb("costN", { n: actions.build_cost[box] });
  if (actions?.deploy && box in actions.deploy) return wb("armiesForN", { n: actions.deploy[box].cost, a: actions.deploy[box].armies });
  const k = COURT_BOXES.indexOf(box);
  if (k >= 0 && modules?.court?.convert_boxes) return wb("convertN", { n: modules.court.convert_boxes[k] });
  return "";
}

// A card by its face. value: a county's name, a number (money card), "tower", "hidden", "lost".
export function cardFace(value, kit, small = false) {
  const cls = small ? " small" : "";
  if (value === undefined || value === null) return h("span", { class: `pcard empty${cls}` }, wb("planEmpty"));
  if (typeof value === "number") {
    return h("span", { class: `pcard money${cls}`, "data-tip": wb("coinTip", { n: value }), "data-tip-title": wb("moneyCard") },
      h("span", { class: "coin", "aria-hidden": "true" }, String(value)), h("span", { class: "pname" }, tn("talerN", value)));
  }
  if (value === "hidden") return h("span", { class: `pcard back${cls}`, "aria-label": wb("planHidden") }, h("span", { class: "pname" }, wb("planHidden")));
  if (value === "lost") return h("span", { class: `pcard lost${cls}` }, h("span", { class: "pname" }, wb("planLost")));
  if (value === "tower") {
    return h("span", { class: `pcard towercard${cls}`, "data-tip": wb("planTowerTip"), "data-tip-title": wb("planTower") },
      h("span", { class: "tower-ico", "aria-hidden": "true" }, "▥"), h("span", { class: "pname" }, wb("planTower")));
  }
  const county = kit.map?.counties?.[value];
  const [tint, band] = REGION_CARD[county?.region] || ["#eee", "#888"];
  const led = kit.led === value; // Heerführer: the own leader stands here, so its actions are upgraded
  const tip = [county ? wb("countyTip", { region: county.region, tax: county.tax, grain: county.grain }) : "", led ? wb("leaderHere", { county: value }) : ""].filter(Boolean).join(" · ");
  return h("span", { class: `pcard county${cls}`, style: `--tint:${tint};--band:${band}`, "data-card": value,
    "data-tip": tip || null, "data-tip-title": value },
  h("span", { class: "band" }, county ? county.region : wb("countyCard")), h("span", { class: "pname" }, value),
  led ? h("span", { class: "led", "aria-label": wb("leaderHere", { county: value }) }, "★") : null);
}

// The seat's own board (and the others' as far as revealed). ctx as in boards.js; kit: {term, name,
// map, rules, modules}.
export function planBoard(view, me, ctx, kit) {
  const slots = (ctx.choices || []).filter((c) => Array.isArray(c.move) && c.move[0] === "slot");
  const players = kit.players;
  const plan = (me && me.plan) || {};
  const others = players.filter((p) => p !== me && p.plan && Object.keys(p.plan).length);
  const mine = slots.length || Object.keys(plan).length;
  if (!mine && !others.length) return null;
  const boxes = view.court ? [...BOXES, ...COURT_BOXES] : BOXES;
  kit = { ...kit, led: me ? view.leaders?.leader?.[me.seat] : null }; // the own leader's county card wears his star
  return h("div", { class: "plan-area" },
    mine ? h("div", { class: "plan mat", id: "plan", style: me ? `--seat:${colour(me.seat)}` : null },
      h("h3", {}, h("span", { class: "dot" }), me ? `${wb("planBoard")} · ${kit.name(ctx, me.seat)}` : wb("planBoard")),
      ownBoxes(view, boxes, plan, slots, ctx, kit)) : null,
    others.length ? h("details", { class: "plans-others", id: "plans-others", open: true },
      h("summary", {}, wb(me ? "planOthers" : "planAll")),
      h("div", { class: "mats" }, others.map((p) => h("div", { class: "plan mat small", "data-seat": p.seat, style: `--seat:${colour(p.seat)}` },
        h("h4", {}, h("span", { class: "dot" }), kit.name(ctx, p.seat)),
        Object.values(p.plan).every((v) => v === "hidden") // nothing revealed yet: the cards as a face-down row
          ? h("p", { class: "all-hidden" }, Object.keys(p.plan).map(() => h("span", { class: "back-mini", "aria-hidden": "true" })), " ",
            wb("faceDownN", { n: Object.keys(p.plan).length }))
          : h("ol", { class: "boxes mat-grid" }, boxes.filter((b) => b in p.plan).map((box) => h("li", { class: `box ${COURT_BOXES.includes(box) ? "extra" : ""}`, "data-box": box },
          h("span", { class: "space-name" }, kit.term(box)), cardFace(p.plan[box], kit, true))))))))
    : null);
}

function ownBoxes(view, boxes, plan, slots, ctx, kit) {
  const asked = slots.length ? slots[0].move[1] : null;
  const stage = ctx.stage; // the seat's page stages the plan box by box until Confirm (play.js)
  return h("ol", { class: "boxes mat-grid" }, boxes.map((box) => {
    const value = plan[box];
    const here = slots.filter((c) => c.move[1] === box);
    const head = [h("span", { class: "space-name" }, kit.term(box)), h("small", { class: "space-cost" }, costLine(box, kit.rules, kit.modules))];
    const extra = COURT_BOXES.includes(box) ? " extra" : "";
    // A card dragged from the hand onto the box being filled places it, like a click.
    const drop = stage && !(box in plan) ? {
      ondragover: (e) => e.preventDefault(),
      ondrop: (e) => { e.preventDefault(); stage.put(box, e.dataTransfer.getData("text/plain")); },
    } : box === asked ? {
      ondragover: (e) => e.preventDefault(),
      ondrop: (e) => {
        e.preventDefault();
        const card = e.dataTransfer.getData("text/plain");
        const choice = here.find((c) => String(c.move[2]) === card);
        if (choice) ctx.send(choice);
      },
    } : {};
    if (stage && value === undefined) {
      const staged = stage.staged[box];
      const target = box === stage.target;
      return h("li", { class: `box staged${target ? " asked" : ""}${extra}`, "data-box": box, ...drop },
        head,
        h("button", { type: "button", class: "space-card", "aria-label": `${kit.term(box)}: ${staged !== undefined ? stage.label(staged) : wb("planEmpty")} — ${staged !== undefined ? wb("changeBox") : wb("fillBox")}`,
          "aria-pressed": target ? "true" : "false", onclick: () => stage.aim(box) },
        staged !== undefined ? cardFace(staged, kit) : h("span", { class: "pcard empty" }, target ? "▼" : "–")));
    }
    return h("li", { class: `box${box === asked && !stage ? " asked" : ""}${value !== undefined ? " filled" : ""}${extra}`, "data-box": box, ...drop },
      head,
      value !== undefined ? cardFace(value, kit) : here.length && !stage ? null : cardFace(undefined, kit),
      here.length && !stage ? h("div", { class: "keys" }, here.map((c) => h("button", { type: "button", class: "key legal", title: c.text,
        onclick: () => ctx.send(c) }, cardFace(c.move[2], kit, true)))) : null);
  }));
}
