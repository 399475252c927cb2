"""Building rulebook scenarios: a table written as a position (``Table``), loaded with
``from_position``; a scripted tower is the position's ``hidden.tower_script``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from feldherr.games import get_game
from feldherr.wallenstein.data import BID, BONUS_TILES, COUNTY_ID, EVENTS, EVENTS_PER_YEAR
from feldherr.wallenstein.position import ROUND_PHASES, SEASONS
from feldherr.wallenstein.state import WallensteinState

GAME = get_game("wallenstein")
PEASANT = 5


def cid(name: str) -> int:
    return COUNTY_ID[name]


def fresh(players: int = 4, seed: int = 1, setup: str = "fixed") -> WallensteinState:
    state = GAME.new_state({"players": players, "setup": setup}, seed)
    assert isinstance(state, WallensteinState)
    return state


def fresh_modules(
    modules: Sequence[str], players: int = 4, seed: int = 1, setup: str = "fixed", **options: object
) -> WallensteinState:
    state = GAME.new_state({"players": players, "setup": setup, "modules": list(modules), **options}, seed)
    assert isinstance(state, WallensteinState)
    return state


def event_index(effect: str) -> int:
    """The index of the (first) event card with ``effect``."""
    return next(i for i, e in enumerate(EVENTS) if e.effect == effect)


def give_plan(st: WallensteinState, seat: int, slots: tuple[int, ...]) -> None:
    """Give a whole plan as the engine takes it: checked whole first (the errors a player would
    meet, nothing changed), then box by box in the order the boxes are asked for."""
    from feldherr.wallenstein.data import NUM_SLOTS
    from feldherr.wallenstein.rules import planning
    from feldherr.wallenstein.state import EMPTY

    if st.court and len(slots) == NUM_SLOTS:
        slots = (*slots, EMPTY, EMPTY, EMPTY)  # a plan without the court boxes
    planning.check_plan(st, seat, slots)
    for slot in planning.plan_order(st)[st.plan_step[seat] :]:
        st.apply(seat, ("slot", slot, slots[slot]))


def _is_county(card: object) -> bool:
    return isinstance(card, str) and card in COUNTY_ID


# -- tables set through positions (docs/positions.md) ------------------------------------------------
COLOURS = ("red", "blue", "yellow", "purple", "black")


def _bid_rank(card: object) -> int:
    """A plan's bid (a position's auction box) ranked as the engine's ``bid_rank`` ranks it: money
    high to low, then county cards (and a box not planned), then "0" or a tower card, then none."""
    if card == "empty":
        return 0
    if card == "tower card":
        return 1
    if isinstance(card, dict):
        return 10 + card["taler"] if card["taler"] > 0 else 1
    return 5


class Table:
    """A Wallenstein table written as a position and loaded with ``from_position``: every change
    keeps the pieces counted (armies, revolt markers, buildings and event cards move between the
    board and their supplies), and loading checks it again."""

    def __init__(self, players: int = 4, seed: int = 1, setup: str = "fixed", **options: object) -> None:
        self.seed = seed
        self.pos: dict[str, Any] = GAME.position(
            GAME.new_state({"players": players, "setup": setup, **options}, seed)
        )

    @classmethod
    def of(cls, state: WallensteinState, seed: int = 1) -> Table:
        """The table of a running ``state`` (to change it between two steps of an example)."""
        table = cls.__new__(cls)
        table.seed = seed
        table.pos = GAME.position(state)
        return table

    def county(self, name: str) -> dict[str, Any]:
        county: dict[str, Any] = self.pos["counties"][name]
        return county

    def player(self, seat: int) -> dict[str, Any]:
        player: dict[str, Any] = self.pos["players"][seat]
        return player

    def give(self, seat: int, county: str, armies: int) -> int:
        """``seat`` holds ``county`` (and its card) with ``armies`` from its supply."""
        c = self.county(county)
        if c["owner"] is not None:
            self.player(COLOURS.index(c["owner"]))["armies_in_supply"] += c["armies"]
        self.player(seat)["armies_in_supply"] -= armies
        self._hand_over(county, seat)
        c.update(owner=COLOURS[seat], armies=armies)
        return cid(county)

    def clear(self, county: str) -> int:
        """Nobody holds ``county``: armies, revolt markers and buildings go back to their supplies."""
        c = self.county(county)
        if c["owner"] is not None:
            self.player(COLOURS.index(c["owner"]))["armies_in_supply"] += c["armies"]
        self.revolt_markers(county, 0)
        self.build(county)
        self._hand_over(county, None)
        c.update(owner=None, armies=0)
        return cid(county)

    def _hand_over(self, county: str, seat: int | None) -> None:
        """The county card goes to ``seat`` (``None``: the supply) as the game hands it over: from
        the mat, where its box is then ``"lost"`` ("must immediately give the card", also from the
        mat), or from the hand and the cards still to place; the new holder takes it into the hand
        and among the cards to place (as if the round had begun so). Hands and plans stay as the
        position's check wants them (docs/positions.md, "Hands and plans")."""
        c = self.county(county)
        old, new = c["card_held_by"], None if seat is None else COLOURS[seat]
        if old == new:
            return
        if old is not None:
            before = self.player(COLOURS.index(old))
            if county in before["plan"]:
                before["plan"] = ["lost" if v == county else v for v in before["plan"]]
            else:
                before["hand"] = [v for v in before["hand"] if v != county]
                before["cards_to_place"] = [v for v in before["cards_to_place"] if v != county]
        if seat is not None:
            after = self.player(seat)
            if county not in after["hand"]:
                after["hand"] = sorted([*after["hand"], county], key=cid)
            if county not in after["cards_to_place"] and county not in after["plan"]:
                rest = after["cards_to_place"]
                counties = sorted([v for v in rest if _is_county(v)] + [county], key=cid)
                after["cards_to_place"] = [*counties, *(v for v in rest if not _is_county(v))]
        c["card_held_by"] = new

    def revolt_markers(self, county: str, count: int) -> None:
        c = self.county(county)
        self.pos["revolt_marker_supply"] -= count - c["revolt_markers"]
        c["revolt_markers"] = count

    def build(self, county: str, *buildings: str) -> None:
        """``county`` has exactly ``buildings`` (palace, church, trading_post)."""
        from feldherr.wallenstein.data import BUILDINGS

        c = self.county(county)
        for b, name in enumerate(BUILDINGS):
            self.pos["building_supply"][b] += (name in c["buildings"]) - (name in buildings)
        c["buildings"] = [b for b in BUILDINGS if b in buildings]

    def tray(self, cubes: Sequence[int]) -> None:
        """The tray holds ``cubes`` (per colour, peasants last), taken from the supplies."""
        for colour, count in enumerate(cubes):
            change = count - self.pos["tower_tray"][colour]
            if colour == PEASANT:
                self.pos["peasant_supply"] -= change
            elif change:
                self.player(colour)["armies_in_supply"] -= change
        self.pos["tower_tray"] = list(cubes)

    def _take_event(self, number: str) -> None:
        hidden = self.pos["hidden"]
        for key, where in (("open_events", self.pos), ("events_gone", self.pos), ("event_deck", hidden)):
            if number in where[key]:
                where[key].remove(number)
        if self.pos["current_event"] == number:
            self.pos["current_event"] = None
        self.pos["event_deck_size"] = len(hidden["event_deck"])

    def _to_deck(self, number: str | None) -> None:
        if number is not None:
            self.pos["hidden"]["event_deck"].append(number)
            self.pos["event_deck_size"] += 1

    def event(self, effect: str) -> None:
        """The (first) event card with ``effect`` is this round's event; an open card it was is
        replaced by the deck's top card (the open cards stay as many as the season has)."""
        number = str(EVENTS[event_index(effect)].id)
        was_open = number in self.pos["open_events"]
        self._take_event(number)
        self._to_deck(self.pos["current_event"])
        self.pos["current_event"] = number
        if was_open:
            self._open_from_deck()

    def _open_from_deck(self) -> None:
        deck = self.pos["hidden"]["event_deck"]
        self.pos["open_events"].append(deck.pop(0))
        self.pos["event_deck_size"] = len(deck)

    def keep_event_count(self) -> None:
        """The open event cards as many as the rules leave at the table's step (docs/rules-notes.md,
        "Open event cards"; a table moved on from planning by hand still had the planning's count):
        once the season's event is drawn one fewer than planning, the card drawn out of play where no
        event is set (none in effect, as after the first favor card removed it), others back into the
        deck; too few filled from the deck; 1 while the winter's revolts are settled, none after."""
        pos, season = self.pos, SEASONS.names.index(self.pos["season"])
        if season < 3 and pos["phase"] in ROUND_PHASES:
            target = EVENTS_PER_YEAR - 1 - season
        elif season == 3 and pos["phase"] == "revolt-order":
            target = 1
        elif season == 3 and pos["phase"] in ("leader", "winter-end", "over"):
            target = 0
        else:
            return
        while len(pos["open_events"]) > target:
            number = pos["open_events"].pop()  # the first stays: the winter's grain loss
            if pos["current_event"] is None and len(pos["open_events"]) == target and season < 3:
                pos["events_gone"].append(number)
            else:
                self._to_deck(number)
        while len(pos["open_events"]) < target:
            self._open_from_deck()

    def open_events(self, effects: Sequence[str]) -> None:
        """These events lie open for the year, first (the winter's grain loss is read from the first
        one), then cards of the deck, as many as were open (the season's count while planning); the
        others open before go into the deck."""
        count = len(self.pos["open_events"])
        for number in self.pos["open_events"][:]:
            self._take_event(number)
            self._to_deck(number)
        numbers = [str(EVENTS[event_index(e)].id) for e in effects]
        for number in numbers:
            self._take_event(number)
        self.pos["open_events"] = numbers
        while len(self.pos["open_events"]) < count:
            self._open_from_deck()

    def keep_places(self) -> None:
        """Once the places in player order are taken (after the position phase) every player has
        one (``wallenstein.position.place-missing``): a player the table left without one takes a
        free box, in turn order."""
        pos = self.pos
        if pos["phase"] in ("draft", "plan", "position"):
            return
        by_colour = {p["colour"]: p for p in pos["players"]}
        taken = {p.get("bonus_position", -1) for p in pos["players"]}
        free = [box for box in range(len(BONUS_TILES)) if box not in taken]
        for colour in pos["turn_order"]:
            player = by_colour[colour]
            if player.get("bonus_position", -1) < 0:
                player["bonus_position"] = free.pop(0)

    def hold_tile(self, seat: int, tile: str) -> None:
        """Seat ``seat`` holds bonus tile ``tile`` this round (the first position), nobody else one."""
        tiles = list(BONUS_TILES)
        t = tiles.index(tile)
        tiles[0], tiles[t] = tiles[t], tiles[0]
        self.pos["bonus_tiles"] = tiles
        for s, player in enumerate(self.pos["players"]):
            player["bonus_position"] = 0 if s == seat else -1

    def tiles(self, by_seat: dict[int, str]) -> None:
        """Seats hold the given bonus tiles (positions in seat order), nobody else one."""
        tiles = list(BONUS_TILES)
        for pos, (_, tile) in enumerate(sorted(by_seat.items())):
            j = tiles.index(tile)
            tiles[pos], tiles[j] = tiles[j], tiles[pos]
        self.pos["bonus_tiles"] = tiles
        order = {seat: pos for pos, seat in enumerate(sorted(by_seat))}
        for s, player in enumerate(self.pos["players"]):
            player["bonus_position"] = order.get(s, -1)

    def owe_movement(self, seat: int, county: str, action: int) -> None:
        """``seat`` owes the movement of ``action`` (an index into the actions) from ``county``
        (the position's ``flow.pending`` in words, in the action phase), as the engine owes it: the
        county's card on that box of the plan, the action card turned and under way, ``seat`` the
        player whose turn it is (``wallenstein.position.pending``)."""
        from feldherr.wallenstein.data import ACTIONS

        if self.player(seat)["plan"][action] != county:  # the county's card on that box of the plan
            self.plan(seat, action, county)
        pos, name = self.pos, ACTIONS[action]
        if name not in pos["actions"]:  # the action card turned: one of the face-down ones
            hidden = pos["hidden"]["actions"]
            hidden[hidden.index(name)], pos["actions"][-1] = pos["actions"][-1], name
        pos["phase"] = "move"
        flow = pos["flow"]
        flow["bid_queue"] = []  # the places in player order are all taken (bid-queue)
        flow["action_index"] = pos["actions"].index(name)
        flow["turn_index"] = pos["turn_order"].index(COLOURS[seat])
        flow["pending"] = {"player": COLOURS[seat], "county": county, "action": name}
        self.keep_places()  # every player has a place in player order by now (place-missing)

    def script_tower(self, drops: Sequence[Sequence[int]]) -> None:
        """From now on the tower lets out exactly ``drops`` (cubes per colour, peasants last); the
        cubes inside stay inside (the position's ``hidden.tower_script``)."""
        self.pos["hidden"].pop("tower_content", None)
        self.pos["hidden"]["tower_script"] = [list(d) for d in drops]

    # -- the modules' boards ------------------------------------------------------------------
    def courtiers(self, hall: Sequence[int] | None = None, audience: Sequence[int] | None = None) -> None:
        """Am Kaiserhof: courtiers in the entrance and the audience hall; the rest in each supply."""
        from feldherr.wallenstein.data import COURTIERS

        for seat, player in enumerate(self.pos["players"]):
            if hall is not None:
                player["courtiers_in_entrance_hall"] = hall[seat]
            if audience is not None:
                player["courtiers_in_audience_hall"] = audience[seat]
            busy = player["courtiers_in_entrance_hall"] + player["courtiers_in_audience_hall"]
            player["courtiers_in_supply"] = COURTIERS - busy

    def favor_display(self, numbers: Sequence[int | None]) -> None:
        """Am Kaiserhof: the favor cards (printed numbers) on the 4/3/2-courtier spaces."""
        self.pos["favor_display"] = [None if n is None else str(n) for n in numbers]
        deck = self.pos["hidden"].get("favor_deck")
        if deck is not None:  # a card on display is not in the deck (wallenstein.position.favor-once)
            self.favor_deck([int(n) for n in deck if int(n) not in numbers])

    def favor_deck(self, numbers: Sequence[int]) -> None:
        """Am Kaiserhof: the favor deck, top card first."""
        shown = {int(n) for n in self.pos.get("favor_display") or [] if n is not None}
        self.pos["hidden"]["favor_deck"] = [str(n) for n in numbers if n not in shown]
        self.pos["favor_deck_size"] = len(self.pos["hidden"]["favor_deck"])

    def order(self, seats: Sequence[int]) -> None:
        self.pos["turn_order"] = [COLOURS[s] for s in seats]

    def plan(self, seat: int, box: int, card: object) -> None:
        """Box ``box`` of ``seat``'s plan holds ``card`` (a county's name, ``{"taler": v}``,
        ``"tower card"``, ``"empty"``): the card comes from the cards still to place, and a card
        the box held before goes back there. A card placed by hand describes the table after
        planning: a table still planning moves on to it (:meth:`planned`)."""
        if self.pos["phase"] == "plan":
            self.planned()
        player = self.player(seat)
        old = player["plan"][box]
        left: list[Any] = player["cards_to_place"]
        if card in left:
            left.remove(card)
        if old is not None and old not in ("empty", "lost"):
            left.append(old)
        player["plan"][box] = card

    def planned(self) -> None:
        """The table after planning, as the rule steps between the plans and the actions find it:
        every plan is in (the boxes left open, ``null``, do nothing), and the players without a
        place in player order take one (the position phase): all of them wait, the highest bid
        first, equal bids in turn order (``wallenstein.position.bid-waiting``, ``.bid-order``). A
        position still planning must have its boxes filled in the order the plan asks for them
        (``wallenstein.position.plan-order``)."""
        slots = len(self.player(0)["plan"])
        for player in self.pos["players"]:
            player["boxes_filled"] = slots
        by_colour = {p["colour"]: p for p in self.pos["players"]}
        placeless = [c for c in self.pos["turn_order"] if by_colour[c].get("bonus_position", -1) < 0]
        queue = sorted(placeless, key=lambda c: -_bid_rank(by_colour[c]["plan"][BID]))
        self.pos["phase"] = "position"
        self.pos["flow"]["pending"] = {"player": queue[0]}
        self.pos["flow"]["bid_queue"] = queue

    def leader(self, seat: int, county: str | None) -> None:
        """Heerführer: ``seat``'s military leader stands in ``county`` (``None``: off the board)."""
        self.player(seat)["leader"] = county

    def statues(self, seat: int, county: str, count: int) -> None:
        """Heerführer: ``seat`` has ``count`` statues in ``county`` (from its supply)."""
        statues = self.player(seat)["statues"]
        self.player(seat)["statues_in_supply"] -= count - statues.get(county, 0)
        statues[county] = count

    def state(self) -> WallensteinState:
        """The table loaded; the boxes filled and the boxes face up are left out, so the position
        takes them as the engine has them at the table's point of the round (docs/positions.md,
        "Hands and plans"): a table changed by hand (a phase, an action under way) keeps them right."""
        for player in self.pos["players"]:
            player.pop("boxes_filled", None)
            player.pop("plan_revealed", None)
        self.keep_event_count()
        self.keep_places()
        state = GAME.from_position(self.pos, self.seed)
        assert isinstance(state, WallensteinState)
        return state
