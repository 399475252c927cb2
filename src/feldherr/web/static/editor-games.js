// The parts of the position editor's form that are particular to a game (editor.js builds the
// form from them): what each game's form shows (PLANS, by the position's fields, docs/web.md
// "Editing a position"), and the sections only one game has — Wallenstein's counties with their
// buildings and revolt markers and its turns, El Grande's Caballeros, mobile scoreboards and
// action card stacks, Mansfeld's provinces and turn while recruiting.
import { colour, h } from "./dom.js";
import { capital, num, t } from "./i18n.js";
import { effectText } from "./words-table.js";

// What each game's form shows, by the position's fields (docs/positions.md); the widgets and their
// bounds come from the schema. `derived`: the counts the game takes from the rest when left out.
export const PLANS = {
  wallenstein: {
    // a county's owner and armies, and below them its buildings and revolt markers
    sections: [{ kind: "places", field: "counties", columns: ["owner", "armies"], more: ["buildings", "revolt_markers"] },
      { kind: "players", fields: ["victory_points", "taler", "grain"] }, { kind: "single", path: ["open_events"] },
      { kind: "single", path: ["current_event"] }, { kind: "turned" }, { kind: "bonus" }, { kind: "favors" },
      { kind: "movement" }, { kind: "bidTurn" }, { kind: "plans" }],
    derived: { players: ["armies_in_supply"], top: ["building_supply", "revolt_marker_supply"] },
    none: ["current_event"],  // no event card in play: "none", not "nowhere"
    // the action boxes of the planning board in the mat's printed order (a plan's first ten boxes)
    boxes: ["palace", "church", "trading_post", "grain", "taxes", "deploy5", "deploy3", "deploy1", "combat_a", "combat_b"],
  },
  elgrande: {
    sections: [{ kind: "grid", field: "caballeros" },
      // the modifier cards only where the table plays Machtverschiebung
      { kind: "players", fields: ["score", "court", "power_cards", "modifiers", "grande", "disc"],
        only: { modifiers: (table) => (table.options?.variant || []).some((v) => v === "machtverschiebung" || v === "mv") } },
      { kind: "single", path: ["king"] }, { kind: "slots", field: "scoreboards", item: "scoreboard" }, { kind: "stacks", field: "open_cards" },
      { kind: "inPlay", field: "card_in_use" }, { kind: "discard", field: "discard_pile" },
      { kind: "single", path: ["flow", "current"], player: true, order: "turn_order", orderIndex: "turn_index", follow: "takenFollowsTurn" }],
    derived: { players: ["province"] },
    // a power card taken out of a hand goes onto the player's discard pile, and one put back into
    // the hand leaves it (each of a player's 13 cards lies in one place)
    pairs: { power_cards: "power_discard", modifiers: "modifier_discard" },
    // a modifier card lies in one place: checked into a hand, it leaves the other hands and piles
    exclusive: { players: ["modifiers", "modifier_discard"] },
  },
  mansfeld: {
    sections: [{ kind: "players", fields: ["cards", "used", "luck", "age"] }, { kind: "single", path: ["open"] },
      { kind: "list", field: "provinces", columns: ["value", "owner"], players: ["owner"] }, { kind: "turn" }],
    derived: { top: ["deck_size"] },
    // a character lies in one place: checked into a hand, the used ones or the open ones, it leaves
    // the others (and the ones left over after recruiting)
    exclusive: { players: ["cards", "used"], top: ["open", "left"] },
  },
};

// The game's sections, built with the editor's state and helpers (`ctx`: `st`, its words `w`,
// `label`, `thing`, `helpOf`, its widgets, the schema's `node` and `isType`, `draw` the form again).
export function gameSections(ctx) {
  const { st, w, label, thing, helpOf, widget, select, numberInput, fieldRow, playerName, playerId, node, isType, draw } = ctx;

  // Wallenstein's counties: an owner and armies per county in the game (the card goes with the
  // owner), and below them (`more`) its buildings and revolt markers, each with its word; a small
  // box each, as many side by side as the page is wide.
  function places(section, schema) {
    const map = st.draft[section.field] || {};
    const entry = node(schema, [section.field, "{}"]);
    const input = (place, col) => widget(entry.properties[col], map[place][col], (v) => {
      map[place][col] = v;
      if (col === "owner") handOver(place, v);
    }, `${place}: ${label(col)}`);
    const more = (section.more || []).filter((col) => entry.properties[col]);
    const boxes = Object.keys(map).map((place) => h("div", { class: "editor-place" },
      h("span", { class: "editor-place-name" }, place),
      section.columns.map((col) => input(place, col)),
      more.length ? h("div", { class: "editor-place-more" }, more.map((col) => isType(entry.properties[col], "integer")
        ? h("label", { class: "editor-place-count" }, h("span", {}, label(col)), input(place, col)) : input(place, col))) : null));
    return h("fieldset", { class: "editor-section", id: `editor-${section.field}` }, h("legend", {}, label(section.field)), helpOf(section.field),
      more.map((col) => (st.form.help[col] ? h("small", { class: "help" }, `${label(col)}: ${st.form.help[col]}`) : null)),
      h("small", { class: "help editor-columns" }, section.columns.map(label).join(" · ")),
      h("div", { class: "editor-places" }, boxes));
  }

  // A Wallenstein county given to another owner: its card goes with it ("the former owner must hand
  // over that county card immediately"); once the plans are in, a plan box that held the card is
  // "lost" for the player who planned it, and the box is the county again when it comes back
  // (docs/positions.md, "Hands and plans"). While planning the plans are left as they are, and the
  // hands and the cards still to place are left out: the game deals them from the cards held (a
  // new game's start set up by hand kept the old owner's hand, and was refused). A county that
  // turns neutral loses its buildings and revolt markers, as in play (the form shows them gone).
  function handOver(place, owner) {
    const county = st.draft.counties[place];
    if ("card_held_by" in county) county.card_held_by = owner;
    if (owner === null && ((county.buildings || []).length || county.revolt_markers)) {
      if ("buildings" in county) county.buildings = [];
      if ("revolt_markers" in county) county.revolt_markers = 0;
      draw();
    }
    if (st.draft.phase === "plan") {
      for (const p of st.draft.players) { delete p.hand; delete p.cards_to_place; }
      return;
    }
    if (st.draft.phase === "draft") return;
    st.draft.players.forEach((p, i) => {
      if (!Array.isArray(p.plan)) return;
      const before = st.origin?.players?.[i]?.plan || [];
      p.plan = (p.plan || []).map((card, k) => {
        if (card === place && p.colour !== owner) return "lost";
        if (card === "lost" && before[k] === place && p.colour === owner) return place;
        return card;
      });
    });
  }

  // El Grande's Caballeros: a number per region (and the Castillo) and player.
  function grid(section, schema) {
    const ofPlayer = node(schema, ["players", "[]", section.field]);
    const areas = ofPlayer?.propertyNames?.enum || [];
    const count = ofPlayer?.additionalProperties || {};
    const players = st.draft.players;
    const rows = areas.map((area) => h("tr", {}, h("th", { scope: "row" }, thing(area)),
      players.map((p, i) => h("td", {}, numberInput(count, p[section.field]?.[area] ?? 0, (v) => {
        p[section.field] = p[section.field] || {};
        if (v === 0) delete p[section.field][area]; else p[section.field][area] = v;
      }, `${thing(area)}: ${playerName(p, i)}`)))));
    return h("fieldset", { class: "editor-section", id: `editor-${section.field}` }, h("legend", {}, label(section.field)), helpOf(section.field),
      h("div", { class: "editor-scroll" }, h("table", { class: "editor-table" },
        h("thead", {}, h("tr", {}, h("th", {}, ""), players.map((p, i) => h("th", { scope: "col", style: `--seat:${colour(i)}` }, h("span", { class: "dot" }), playerName(p, i))))),
        h("tbody", {}, rows))));
  }

  // Mansfeld's provinces: each drawn province's value and who conquered it, a row each.
  function listSection(section, schema) {
    const list = st.draft[section.field] || [];
    const entry = node(schema, [section.field, "[]"]);
    if (!list.length || !entry) return null;
    const rows = list.map((item, i) => h("tr", {}, h("th", { scope: "row" }, `${num(i + 1)}.`),
      section.columns.map((col) => h("td", {}, widget(entry.properties[col], item[col], (v) => { item[col] = v; },
        `${num(i + 1)}. ${label(col)}`, section.players.includes(col))))));
    return h("fieldset", { class: "editor-section", id: `editor-${section.field}` }, h("legend", {}, label(section.field)), helpOf(section.field),
      h("div", { class: "editor-scroll" }, h("table", { class: "editor-table" },
        h("thead", {}, h("tr", {}, h("th", {}, ""), section.columns.map((col) => h("th", { scope: "col" }, label(col))))),
        h("tbody", {}, rows))));
  }

  // El Grande's mobile scoreboards: a region (or nowhere) for each, named by its printed values.
  function slots(section, schema) {
    const list = st.draft[section.field];
    const itemNode = node(schema, [section.field, "[]"]);
    const names = st.form.choices?.[section.field] || [];
    if (!Array.isArray(list) || !itemNode?.enum) return null;
    return h("fieldset", { class: "editor-section", id: `editor-${section.field}` }, h("legend", {}, label(section.field)), helpOf(section.field),
      list.map((value, i) => {
        const name = `${label(section.item)} ${names[i] ?? num(i + 1)}`;
        return fieldRow(section.item, itemNode, value, (v) => { list[i] = v; }, false, name);
      }));
  }

  // El Grande's action cards: each with its special action (several cards share a name), and the
  // stack a card belongs to (the form's `choices.open_cards`: the cards each stack may show).
  const cardsById = () => new Map((st.cards?.cards || []).map((c) => [c.id, c]));
  const cardWords = (id) => { const card = cardsById().get(id); return card ? `${thing(id)}: ${effectText(card.effect)}` : thing(id); };
  const stackOf = (id) => (st.form.choices?.open_cards || []).findIndex((cards) => cards.includes(id));
  const pile = () => (Array.isArray(st.draft.discard_pile) ? st.draft.discard_pile : null);
  const stays = (i) => Boolean(st.draft.permanent_stacks?.[i]); // a stack that stays from round to round (the King's)

  // El Grande's action cards open on the stacks: per stack the card on top (among those the stack
  // holds under the game's options), or none (taken this round); each with its special action.
  // A card taken this round goes onto the discard pile (unless it is the card in play; the King's
  // card of a stack that stays is never discarded), and a card put open leaves the pile.
  function stacks(section, schema) {
    const list = st.draft[section.field];
    const itemNode = node(schema, [section.field, "[]"]);
    if (!Array.isArray(list) || !itemNode?.enum) return null;
    const stackName = (i) => `${label("stack")} ${num(i + 1)}`;
    // a menu names the cards (each whole sentence was cut on a phone after the name), a name that
    // several of the stack's cards share numbered in the stack's order; the special action of the
    // card open is written under the menu
    const optionNames = (ids) => {
      const named = ids.map(thing);
      return ids.map((id, k) => {
        const same = named.filter((x) => x === named[k]);
        return same.length > 1 ? `${named[k]} (${num(named.slice(0, k + 1).filter((x) => x === named[k]).length)})` : named[k];
      });
    };
    // a card put open on a stack that showed none comes off the discard pile, or else from the
    // stack's face-down cards (one fewer there)
    const put = (i, v) => {
      const old = list[i];
      list[i] = v;
      const discarded = pile();
      if (!discarded) return;
      const sizes = st.draft.stack_sizes;
      if (v !== null && discarded.includes(v)) discarded.splice(discarded.indexOf(v), 1);
      else if (v !== null && old === null && !stays(i) && Array.isArray(sizes) && sizes[i] > 0) sizes[i] -= 1;
      if (v === null && old !== null && old !== st.draft.card_in_use && !stays(i)) discarded.push(old);
      draw();
    };
    return h("fieldset", { class: "editor-section", id: `editor-${section.field}` }, h("legend", {}, label(section.field)), helpOf(section.field),
      list.map((value, i) => {
        const allowed = st.form.choices?.[section.field]?.[i] || itemNode.enum.filter((v) => v !== null);
        const ids = value === null || allowed.includes(value) ? allowed : [value, ...allowed];
        const names = optionNames(ids);
        const choices = [[null, t("cardTaken")], ...ids.map((id, k) => [id, names[k]])];
        const open = value === null ? null : cardsById().get(value);
        return h("div", { class: "editor-field" }, h("span", { class: "editor-label" }, stackName(i)),
          select(choices, value, (v) => put(i, v), stackName(i)),
          open ? h("small", { class: "help editor-card-text", id: `editor-open_cards-text-${i + 1}` }, effectText(open.effect)) : null);
      }));
  }

  // El Grande's open action cards follow the player at the turn (the position's check
  // "elgrande.position.taken"): each player before them in the round's turn order has taken a
  // card, and they too once a card is in play. The turn moved back, the cards taken latest (the end
  // of the discard pile) lie open on their stacks again; moved on, the first stacks still open are
  // taken (their cards onto the discard pile). The card in play's stack and the King's stack (it
  // stays from round to round) are left as they are; only in the steps the check covers.
  function takenFollowsTurn() {
    const flow = st.draft.flow;
    const open = st.draft.open_cards;
    const discarded = pile();
    if (!flow || !Array.isArray(open) || !Number.isInteger(flow.turn_index)) return;
    if (!["court", "ability", "take", "act", "veto", "effect"].includes(flow.phase)) return;
    const inPlay = st.draft.card_in_use ?? null;
    const inPlayHome = inPlay === null ? -1 : stackOf(inPlay);
    const wanted = flow.turn_index + (inPlay === null ? 0 : 1);
    const missing = () => open.filter((c) => c === null).length;
    for (let k = (discarded?.length ?? 0) - 1; k >= 0 && missing() > wanted; k -= 1) {
      const home = stackOf(discarded[k]);
      if (home < 0 || open[home] !== null || home === inPlayHome || stays(home)) continue;
      open[home] = discarded[k];
      discarded.splice(k, 1);
    }
    for (let i = 0; i < open.length && missing() < wanted; i += 1) {
      if (open[i] === null || stays(i)) continue;
      discarded?.push(open[i]);
      open[i] = null;
    }
  }

  // El Grande's card in play: the card the player at the turn has taken and carries out, or none
  // (the player has not taken one yet). It changes while the player chooses a card or before the
  // special action begins: taking a card takes it from its stack (the stack shows none), the card
  // given back lies open on its stack again, and the turn is at its start with that card (the
  // Caballeros it allows still to place). Elsewhere the card is shown as it is.
  function inPlay(section) {
    const flow = st.draft.flow;
    if (!flow || !(section.field in st.draft) || !Array.isArray(st.draft.open_cards)) return null;
    const now = st.draft[section.field];
    const open = st.draft.open_cards;
    const editable = flow.phase === "take" || (flow.phase === "act" && flow.special_stage === "not started" && !flow.effect_source);
    const legend = h("legend", {}, label(section.field));
    if (!editable) {
      return h("fieldset", { class: "editor-section", id: `editor-${section.field}` }, legend, helpOf(section.field),
        h("p", { class: "editor-value" }, now === null ? w("none") : cardWords(now)));
    }
    const ids = [...new Set([...(now === null ? [] : [now]), ...open.filter((id) => id !== null)])];
    // the menu names the cards (their sentences were cut on a phone), a name that two cards share
    // with the stack each lies on; the chosen card's special action is written under the menu
    const named = ids.map(thing);
    const optionName = (id, k) => {
      const home = stackOf(id);
      return named.indexOf(named[k]) !== named.lastIndexOf(named[k]) && home >= 0 ? `${named[k]} (${label("stack")} ${num(home + 1)})` : named[k];
    };
    const choices = [[null, w("none")], ...ids.map((id, k) => [id, optionName(id, k)])];
    const chosen = now === null ? null : cardsById().get(now);
    return h("fieldset", { class: "editor-section", id: `editor-${section.field}` }, legend, helpOf(section.field),
      select(choices, now, (v) => {
        if (v === now) return;
        const at = v === null ? -1 : open.indexOf(v);
        if (at >= 0) open[at] = null;
        if (now !== null) {  // back open onto its stack where that stack shows none, else discarded
          const home = stackOf(now);
          if (home >= 0 && open[home] === null) open[home] = now;
          else pile()?.push(now);
        }
        st.draft[section.field] = v;
        flow.phase = v === null ? "take" : "act";
        flow.place_left = v === null ? 0 : cardsById().get(v)?.place ?? 0;
        flow.place_stage = "not started";
        flow.special_stage = "not started";
        draw();
      }, label(section.field)),
      chosen ? h("small", { class: "help editor-card-text", id: "editor-card_in_use-text" }, effectText(chosen.effect)) : null);
  }

  // El Grande's discard pile: the action cards played in earlier turns and rounds, a check box
  // each (every card of the game's stacks, with its special action). A card discarded leaves the
  // stack it lay open on (taken this round) or, unseen, its stack (one card fewer in it); a card
  // taken off the pile goes back into its stack. The card in play is not offered.
  function discard(section) {
    const discarded = pile();
    const stackCards = st.form.choices?.open_cards;
    if (!discarded || !Array.isArray(stackCards)) return null;
    const inPlayNow = st.draft.card_in_use;
    const all = [...new Set([...stackCards.flat(), ...discarded])].filter((id) => id !== inPlayNow);
    const sizes = st.draft.stack_sizes;
    const open = st.draft.open_cards || [];
    // a stack that stays from round to round (the King's) always holds its card: nothing leaves it
    const change = (id, on) => {
      const home = stackOf(id);
      if (on) {
        const at = open.indexOf(id);
        if (at >= 0) open[at] = null;
        else if (home >= 0 && !stays(home) && Array.isArray(sizes) && sizes[home] > 0) sizes[home] -= 1;
        discarded.push(id);
      } else {
        discarded.splice(discarded.indexOf(id), 1);
        if (stays(home)) { if (open[home] === null) open[home] = id; } else if (home >= 0 && Array.isArray(sizes)) sizes[home] += 1;
      }
      draw();
    };
    return h("fieldset", { class: "editor-section", id: `editor-${section.field}` }, h("legend", {}, label(section.field)), helpOf(section.field),
      h("details", { class: "editor-more", open: Boolean(st.discardOpen), ontoggle: (e) => { st.discardOpen = e.target.open; } }, h("summary", {}, `${label(section.field)}: ${num(discarded.length)}`),
        h("div", { class: "editor-cards editor-cards-long", role: "group", "aria-label": label(section.field) },
          all.map((id) => h("label", { class: "editor-card" },
            h("input", { type: "checkbox", checked: discarded.includes(id), onchange: (e) => change(id, e.target.checked) }), " ", cardWords(id))))));
  }

  // Mansfeld's turn while recruiting: the place in the turn order, chosen by the player's name.
  function turnSection() {
    const order = st.draft.turn_order || [];
    const byId = new Map(st.draft.players.map((p, i) => [playerId(p), playerName(p, i)]));
    if (!order.length) return null;  // nobody recruits now (the dice, the conquest)
    return h("fieldset", { class: "editor-section", id: "editor-turn" }, h("legend", {}, w("whoseTurn")), helpOf("turn"),
      select(order.map((id, i) => [i, byId.get(id) || id]), st.draft.turn, (v) => { st.draft.turn = v; }, w("whoseTurn")));
  }

  // Wallenstein's turn during the actions: whose box of the action card under way is carried out,
  // among the players in the turn order who planned a county on it. The movement owed follows
  // (that player, that county, that card), and the boxes face up are counted again for it
  // (plan_revealed, boxes_filled left out: docs/positions.md, "Hands and plans").
  function movementSection() {
    const flow = st.draft.flow;
    const pending = flow?.pending;
    const order = st.draft.turn_order || [];
    const box = PLANS.wallenstein.boxes.indexOf(pending?.action);
    if (!pending || !pending.county || box < 0 || !order.length) return null;
    const byColour = new Map(st.draft.players.map((p) => [p.colour, p]));
    const planned = (colour) => {
      const card = byColour.get(colour)?.plan?.[box];
      return typeof card === "string" && !["empty", "lost", "tower card"].includes(card) ? card : null;
    };
    const choices = order.map((colour, i) => [i, colour]).filter(([, colour]) => planned(colour));
    if (!choices.length) return null;
    return h("fieldset", { class: "editor-section", id: "editor-turn" }, h("legend", {}, w("whoseTurn")), helpOf("turn_index"),
      select(choices.map(([i, colour]) => [i, `${thing(colour)}: ${planned(colour)}`]), flow.turn_index, (i) => {
        const colour = order[i];
        flow.turn_index = i;
        flow.pending = { player: colour, county: planned(colour), action: pending.action };
        for (const p of st.draft.players) { delete p.plan_revealed; delete p.boxes_filled; }
      }, w("whoseTurn")));
  }

  // Wallenstein's turn while the places in player order are taken: who takes one next, among the
  // players still to take one (the others after them in the table's order of bids, however often
  // the choice changes; the decision owed follows). The highest bid chooses first, a tie by the
  // bag: the rules refuse a lower bid first, in words.
  function bidTurnSection() {
    const flow = st.draft.flow;
    const queue = flow?.bid_queue || [];
    if (st.draft.phase !== "position" || queue.length < 2) return null;
    const before = (st.origin?.flow?.bid_queue || []).filter((c) => queue.includes(c));
    const order = before.length === queue.length ? before : queue;
    return h("fieldset", { class: "editor-section", id: "editor-turn" }, h("legend", {}, w("whoseTurn")), helpOf("bid_queue"),
      select(order.map((colour) => [colour, thing(colour)]), queue[0], (colour) => {
        flow.bid_queue = [colour, ...order.filter((c) => c !== colour)];
        flow.pending = { player: colour };
      }, w("whoseTurn")));
  }

  const seats = () => st.draft.players.map((p, i) => [p.colour, playerName(p, i)]);
  // the boxes face up and filled follow from the round's step: left out, the game counts them again
  const recount = () => { for (const p of st.draft.players) { delete p.plan_revealed; delete p.boxes_filled; } };

  // Wallenstein's action cards turned this round, in the order turned (how many follows the step:
  // five when the round starts, one more for each action after them), each with whether it is
  // carried out, under way or still to come. A card chosen that lies elsewhere in the row swaps
  // with it; one face down takes its place (the other goes face down). The card under way changes
  // the movement owed: the first player in turn order with a county planned on that box.
  function turnedSection() {
    const cards = st.draft.actions;
    const names = st.form.choices?.actions;
    if (!Array.isArray(cards) || !cards.length || !names) return null;
    const flow = st.draft.flow || {};
    const index = flow.action_index ?? 0;
    const moving = st.draft.phase === "move";
    const follow = () => {
      const action = cards[index];
      const box = PLANS.wallenstein.boxes.indexOf(action);
      const order = st.draft.turn_order || [];
      const byColour = new Map(st.draft.players.map((p) => [p.colour, p]));
      const planned = (c) => { const card = byColour.get(c)?.plan?.[box]; return typeof card === "string" && !["empty", "lost", "tower card"].includes(card) ? card : null; };
      const turn = order.findIndex((c) => planned(c));
      if (turn >= 0) { flow.turn_index = turn; flow.pending = { player: order[turn], county: planned(order[turn]), action }; } else if (flow.pending) flow.pending = { ...flow.pending, action };
    };
    const state = (i) => (i < index ? "turned_done" : i === index && moving ? "turned_now" : "turned_next");
    return h("fieldset", { class: "editor-section", id: "editor-actions" }, h("legend", {}, label("actions")), helpOf("actions"),
      cards.map((card, i) => {
        const name = `${label("actions")} ${num(i + 1)}`;
        return h("div", { class: "editor-field editor-turned" }, h("span", { class: "editor-label" }, `${num(i + 1)}.`),
          select(Object.keys(names).map((a) => [a, names[a]]), card, (v) => {
            const j = cards.indexOf(v);
            if (j >= 0) cards[j] = cards[i];
            cards[i] = v;
            if (moving && flow.pending?.county && (i === index || j === index)) follow();
            recount();
            draw();
          }, name), h("small", { class: "editor-state" }, label(state(i))));
      }));
  }

  // Wallenstein's bonus tiles on the boxes of the player order, and who has taken each box (not
  // while planning: the places are taken after it). A tile chosen swaps with the box that held it;
  // a player put on a box leaves the one they had, and the player there has none. Once everyone has
  // a place the player order follows the boxes; while the places are taken, those without one wait
  // in the order of bids (the decision owed is the first's).
  function bonusSection() {
    const tiles = st.draft.bonus_tiles;
    const names = st.form.choices?.bonus_tiles;
    if (!Array.isArray(tiles) || !tiles.length || !names || st.draft.phase === "draft") return null;
    const players = st.draft.players;
    const places = st.draft.phase !== "plan";
    const take = (box, colour) => {
      for (const p of players) if (p.bonus_position === box || p.colour === colour) p.bonus_position = -1;
      const p = players.find((x) => x.colour === colour);
      if (p) p.bonus_position = box;
      const flow = st.draft.flow;
      if (st.draft.phase === "position" && flow) {
        const waiting = players.filter((x) => x.bonus_position < 0).map((x) => x.colour);
        const before = (flow.bid_queue || []).filter((c) => waiting.includes(c));
        flow.bid_queue = [...before, ...waiting.filter((c) => !before.includes(c))];
        if (flow.bid_queue.length) flow.pending = { player: flow.bid_queue[0] };
      } else if (players.every((x) => x.bonus_position >= 0)) {
        st.draft.turn_order = [...players].sort((a, b) => a.bonus_position - b.bonus_position).map((x) => x.colour);
      }
      draw();
    };
    return h("fieldset", { class: "editor-section", id: "editor-bonus_tiles" }, h("legend", {}, label("bonus_tiles")), helpOf("bonus_tiles"),
      tiles.map((tile, box) => {
        const name = `${capital(label("bonus_box"))} ${num(box + 1)}`;
        const holder = players.find((p) => p.bonus_position === box)?.colour ?? null;
        return h("div", { class: "editor-field" }, h("span", { class: "editor-label" }, name),
          select(Object.keys(names).map((t) => [t, names[t]]), tile, (v) => {
            const j = tiles.indexOf(v);
            if (j >= 0) tiles[j] = tiles[box];
            tiles[box] = v;
            draw();
          }, `${name}: ${label("bonus_tiles")}`),
          places ? select([[null, w("nobody")], ...seats()], holder, (colour) => take(box, colour), `${name}: ${label("player")}`) : null);
      }));
  }

  // Am Kaiserhof's favor display: per space (4, 3, 2 courtiers) its favor card by its effect, or
  // none (taken). Only with the module, and only while cards lie there this round.
  function favorsSection() {
    const shown = st.draft.favor_display;
    const names = st.form.choices?.favor_display;
    const spaces = st.form.choices?.favor_spaces || [];
    if (!(st.draft.options?.modules || []).includes("court") || !Array.isArray(shown) || !shown.length || !names) return null;
    const ids = Object.keys(names).sort((a, b) => Number(b) - Number(a));
    return h("fieldset", { class: "editor-section", id: "editor-favor_display" }, h("legend", {}, label("favor_display")), helpOf("favor_display"),
      shown.map((card, i) => {
        const name = spaces[i] ?? `${num(i + 1)}.`;
        return h("div", { class: "editor-field" }, h("span", { class: "editor-label" }, name),
          // by the printed number too: the rules lay them out by it
          select([[null, w("none")], ...ids.map((id) => [id, `${num(Number(id))}: ${names[id]}`])], card, (v) => { shown[i] = v; }, name));
      }));
  }

  // Wallenstein's hands and plans once the plans are in (while planning the game deals the hands
  // itself): per player the county cards of the hand as dealt, and per box of the plan (in the
  // mat's order, then the bid and the court's boxes) its card: a county of the hand, a money card,
  // a dice tower card, left empty, card handed over, or not planned. A card put on a box leaves the
  // cards still to place, and the card it replaces goes back among them (shown under the boxes);
  // a card none of which is left to place is taken from the box it lay on, and the two boxes swap
  // (a tower card moved to another box leaves the card it replaces on the first, not "not planned").
  function plansSection() {
    const boxNames = st.form.choices?.plan_boxes;
    const cardWords = st.form.choices?.plan_cards;
    if (["draft", "plan"].includes(st.draft.phase) || !boxNames || !cardWords) return null;
    const players = st.draft.players.filter((p) => Array.isArray(p.plan) && Array.isArray(p.hand));
    if (!players.length) return null;
    const court = (st.draft.options?.modules || []).includes("court");
    const key = (card) => (card === null ? "" : typeof card === "object" ? `money:${card.taler}` : card);
    const same = (a, b) => key(a) === key(b);
    const words = (card) => {
      if (card === null) return capital(label("box_open"));
      if (typeof card === "object") return capital(cardWords.money[card.taler] ?? String(card.taler));
      if (card === "empty") return capital(label("box_empty"));
      if (card === "tower card" || card === "lost") return capital(cardWords[card]);
      return card;
    };
    const held = (p) => Object.entries(st.draft.counties || {}).filter(([, c]) => c.card_held_by === p.colour).map(([name]) => name);
    const money = [0, 1, 2, 3, 4].map((v) => ({ taler: v }));
    return h("fieldset", { class: "editor-section", id: "editor-plans" }, h("legend", {}, label("plan")), helpOf("plan"),
      players.map((p) => {
        const i = st.draft.players.indexOf(p);
        p.cards_to_place = Array.isArray(p.cards_to_place) ? p.cards_to_place : [];
        const counties = [...new Set([...p.hand, ...held(p)])].sort((a, b) => a.localeCompare(b));
        // the other boxes holding a card (a tower card or a money card may lie on several)
        const holding = (card, box) => p.plan.flatMap((c, k) => (k !== box && same(c, card) ? [k] : []));
        // `from`: the box the card was taken from, where the menu offered one entry per box
        const put = (box, card, from = null) => {
          const old = p.plan[box];
          const left = p.cards_to_place;
          let swapped = false;
          if (card !== null && card !== "empty" && card !== "lost") {
            const at = from === null ? left.findIndex((c) => same(c, card)) : -1;
            if (at >= 0) left.splice(at, 1);
            else {
              // the card taken from another box (a tower card, a county, money): the two boxes
              // swap, so that box is not left unplanned
              const other = from ?? holding(card, box)[0] ?? -1;
              if (other >= 0) { p.plan[other] = old; swapped = true; }
            }
          }
          if (!swapped && old !== null && old !== "empty" && old !== "lost") left.push(old);
          p.plan[box] = card;
          recount();
          draw();
        };
        const hand = (county, on) => {
          if (on) { p.hand.push(county); p.cards_to_place.push(county); } else {
            p.hand = p.hand.filter((c) => c !== county);
            p.cards_to_place = p.cards_to_place.filter((c) => c !== county);
            p.plan = p.plan.map((c) => (c === county ? null : c));
          }
          recount();
          draw();
        };
        const options = [null, ...p.hand, ...money, ...(court ? ["tower card"] : []), "empty", "lost"];
        return h("fieldset", { class: "editor-player", style: `--seat:${colour(i)}` },
          h("legend", {}, h("span", { class: "dot" }), playerName(p, i)),
          h("div", { class: "editor-field" }, h("span", { class: "editor-label" }, label("hand")),
            h("div", { class: "editor-cards", role: "group", "aria-label": `${playerName(p, i)}: ${label("hand")}` },
              counties.map((county) => h("label", { class: "editor-card" },
                h("input", { type: "checkbox", checked: p.hand.includes(county), onchange: (e) => hand(county, e.target.checked) }), " ", county)))),
          p.plan.map((card, box) => {
            const name = boxNames[box] ?? `${num(box + 1)}.`;
            const list = options.some((c) => same(c, card)) ? options.map((c) => (same(c, card) ? card : c)) : [card, ...options];
            // a card none of which is left to place and that lies on several other boxes: an entry
            // per box, so that the swap takes it from the box chosen (it took the first one)
            const entries = list.flatMap((c) => {
              const from = c === null || c === "empty" || c === "lost" || same(c, card) || p.cards_to_place.some((x) => same(x, c)) ? [] : holding(c, box);
              return from.length > 1 ? from.map((k) => [{ card: c, from: k }, w("fromBox", { card: words(c), box: boxNames[k] ?? `${num(k + 1)}.` })]) : [[c, words(c)]];
            });
            return h("div", { class: "editor-field" }, h("span", { class: "editor-label" }, name),
              select(entries, card, (v) => (v !== null && typeof v === "object" && "from" in v ? put(box, v.card, v.from) : put(box, v)), `${playerName(p, i)}: ${name}`));
          }),
          h("p", { class: "editor-value" }, `${label("cards_to_place")}: `, p.cards_to_place.length ? p.cards_to_place.map(words).join(", ") : w("none")));
      }));
  }

  return { places, grid, list: listSection, slots, stacks, inPlay, discard, takenFollowsTurn, turn: turnSection, movement: movementSection, bidTurn: bidTurnSection, turned: turnedSection, bonus: bonusSection, favors: favorsSection, plans: plansSection };
}
