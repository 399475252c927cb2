"""The Wallenstein position: flat lists of ints, cheap to copy and to serialise.

The rules live in :mod:`feldherr.wallenstein.rules` and act on this class; this module only holds
data (and imports only the printed data and the tower). County-indexed lists have 45 entries (ids
from ``data/counties.json``), seat-indexed lists one per player. Plans are lists of 11 slots (10
action boxes + the auction box; with Am Kaiserhof 14: + the boxes "convert 1/2/3 armies") holding a
county id, ``MONEY_BASE + value`` for a money card, ``TOWER_CARD`` for a dice tower card,
:data:`EMPTY`, :data:`UNPLANNED` or :data:`LOST`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from feldherr.core.fastcopy import slot_cloner
from feldherr.core.game import LogEntry, State, canonical_digest
from feldherr.core.rng import Rng
from feldherr.wallenstein.data import COURT_NUM_SLOTS, COURTIERS, NUM_SLOTS, STATUES, active_counties
from feldherr.wallenstein.tower.model import NCOLOURS, Tower
from feldherr.wallenstein.tower.registry import tower_from_json

S = TypeVar("S", bound="WallensteinState")

UNPLANNED = -2  # slot not decided yet
EMPTY = -1  # slot left uncovered (too few cards)
LOST = -3  # the county card was handed over (conquest, revolt) while on the mat

# Phases in which a decision is owed; everything else runs on its own.
DRAFT = "draft"
PLAN = "plan"
POSITION = "position"
MOVE = "move"
REVOLT_ORDER = "revolt-order"
LEADER = "leader"  # Heerführer: place or move the military leader
LANDSKNECHTE = "landsknechte"  # choose one benefit of the new top card
FAVOR = "favor"  # Am Kaiserhof: take one favor card (or none)
OVER = "over"

_LIST_FIELDS = (
    "owner", "armies", "buildings", "unrest", "card", "money", "grain", "vp", "supply", "tray",
    "building_supply", "open_events", "event_deck", "used_events", "actions", "bonus", "positions",
    "order", "fall_order", "bid_queue", "draft_deck", "faceup", "draft_seat_order", "queue",
    "lsk_top", "leader", "statue_supply", "courtiers", "hall", "audience", "favor_deck", "favors",
    "shield", "parry",
)  # fmt: skip
_NESTED_FIELDS = (
    "plans", "plan_hand", "plan_left", "revealed", "groups", "prev_pair", "winter_queue", "statues",
    "trophies",
)  # fmt: skip


_FIELDS = (
    "num_players",
    "version",
    "options",
    "active",
    "rng",
    "tower",
    "owner",
    "armies",
    "buildings",
    "unrest",
    "card",
    "money",
    "grain",
    "vp",
    "supply",
    "peasant_supply",
    "unrest_supply",
    "building_supply",
    "tray",
    "year",
    "season",
    "phase",
    "open_events",
    "event_deck",
    "used_events",
    "event",
    "actions",
    "revealed_actions",
    "action_index",
    "turn_index",
    "bonus",
    "court",
    "lsk",
    "leaders",
    "nslots",
    "plans",
    "plan_hand",
    "plan_left",
    "plan_step",
    "revealed",
    "bid_queue",
    "positions",
    "order",
    "fall_order",
    "pending",
    "draft_deck",
    "faceup",
    "draft_seat_order",
    "draft_turn",
    "groups",
    "prev_pair",
    "winter_queue",
    "stage",
    "queue",
    "lsk_top",
    "leader",
    "statue_supply",
    "statues",
    "trophies",
    "courtiers",
    "hall",
    "audience",
    "favor_deck",
    "favors",
    "shield",
    "parry",
    "log",
)
"""Every attribute of a position, in the order ``to_json`` writes them."""


class WallensteinState(State):
    """The position as data. The protocol methods that need the rules (``legal_moves``, ``apply``,
    ``view``, ``outcome``, …) are bound in :class:`feldherr.wallenstein.game.WallensteinPosition`,
    the class every state of a game actually has; this module imports no rules."""

    game_name = "wallenstein"
    # slots copy faster than a __dict__ (see clone); the log is a property over two of them
    __slots__ = (*(f for f in _FIELDS if f != "log"), "_log", "_events")

    # The attributes are declared for readers and type checkers; __init__ sets them all.
    options: dict[str, Any]
    active: tuple[bool, ...]
    rng: Rng
    tower: Tower
    owner: list[int]
    armies: list[int]
    buildings: list[int]
    unrest: list[int]
    card: list[int]
    money: list[int]
    grain: list[int]
    vp: list[int]
    supply: list[int]
    peasant_supply: int
    unrest_supply: int
    building_supply: list[int]
    tray: list[int]
    year: int
    season: int
    phase: str
    open_events: list[int]
    event_deck: list[int]
    used_events: list[int]
    event: int
    actions: list[int]
    revealed_actions: int
    action_index: int
    turn_index: int
    bonus: list[int]
    plans: list[list[int]]
    plan_hand: list[list[int]]
    plan_left: list[list[int]]
    plan_step: list[int]
    revealed: list[list[bool]]
    bid_queue: list[int]
    positions: list[int]
    order: list[int]
    fall_order: list[int]
    pending: list[int]
    draft_deck: list[int]
    faceup: list[int]
    draft_seat_order: list[int]
    draft_turn: int
    groups: list[list[int]]
    prev_pair: list[list[int]]
    winter_queue: list[list[int]]
    # the modules (issue 4); the lists exist (and stay at their start values) when a module is off
    court: bool
    lsk: bool
    leaders: bool
    nslots: int
    stage: str
    queue: list[int]
    lsk_top: list[int]
    leader: list[int]
    statue_supply: list[int]
    statues: list[list[int]]
    trophies: list[list[int]]
    courtiers: list[int]
    hall: list[int]
    audience: list[int]
    favor_deck: list[int]
    favors: list[int]
    shield: list[int]
    parry: list[int]
    _log: list[LogEntry]
    _events: list[tuple[str, dict[str, Any], int | None]]  # entries not yet written: (k, a, to)

    def __init__(self, options: dict[str, Any], rng: Rng, tower: Tower, active: tuple[bool, ...]) -> None:
        n = int(options["players"])
        self.num_players = n
        self.version = 0
        self.options = options
        self.active = active
        self.rng = rng
        self.tower = tower
        c = len(active)
        self.owner = [-1] * c
        self.armies = [0] * c
        self.buildings = [0] * c
        self.unrest = [0] * c
        self.card = [-1] * c  # holder of each county card: a seat, or -1 for the common supply
        self.money = [0] * n
        self.grain = [0] * n
        self.vp = [0] * n
        self.supply = [0] * n
        self.peasant_supply = 0
        self.unrest_supply = 0
        self.building_supply = [0, 0, 0]
        self.tray = [0] * NCOLOURS
        self.year = 1
        self.season = 0  # 0 spring, 1 summer, 2 fall, 3 winter
        self.phase = DRAFT
        self.open_events = []
        self.event_deck = []
        self.used_events = []
        self.event = -1
        self.actions = []
        self.revealed_actions = 0
        self.action_index = 0
        self.turn_index = 0
        self.bonus = []
        modules = options.get("modules", ())
        self.court = "court" in modules
        self.lsk = "landsknechte" in modules
        self.leaders = "leaders" in modules
        self.nslots = COURT_NUM_SLOTS if self.court else NUM_SLOTS  # plan slots: + 3 court boxes
        self.plans = [[UNPLANNED] * self.nslots for _ in range(n)]
        self.plan_hand = [[] for _ in range(n)]
        self.plan_left = [[] for _ in range(n)]  # cards not yet placed this round
        self.plan_step = [0] * n
        self.revealed = [[False] * self.nslots for _ in range(n)]
        self.bid_queue = []
        self.positions = [-1] * n
        self.order = list(range(n))
        self.fall_order = []
        self.pending = []  # the owed decision: [seat, county, action] for a move
        self.draft_deck = []
        self.faceup = []
        self.draft_seat_order = []
        self.draft_turn = 0
        self.groups = [[] for _ in range(n)]
        self.prev_pair = [[] for _ in range(n)]
        self.winter_queue = []  # [seat, extra peasants, county, county, ...] per affected player
        self.stage = ""  # the module step in progress (see feldherr.wallenstein.rules.flow)
        self.queue = []  # seats still to act in that step
        self.lsk_top = [0] * n  # Landsknechte: index of each player's top card (0: empty banner)
        self.leader = [-1] * n  # Heerführer: the county of each leader, -1 off the board
        self.statue_supply = [STATUES if self.leaders else 0] * n
        self.statues = [[0] * c for _ in range(n)]  # statues[seat][county]
        self.trophies = [[0] * n for _ in range(n)]  # trophies[captor][owner of the statue]
        self.courtiers = [COURTIERS if self.court else 0] * n  # Am Kaiserhof: courtiers in supply
        self.hall = [0] * n  # in the entrance hall
        self.audience = [0] * n  # in the audience hall
        self.favor_deck = []
        self.favors = []  # displayed favor card indexes by space (4, 3, 2 courtiers); -1 taken
        self.shield = [0] * n  # favor #10/#11/#18 this round: bit 1 Combat A, bit 2 Combat B
        self.parry = [0] * n  # favor #4 kept: parries the next revolt marker
        self.log = []

    # -- the log -------------------------------------------------------------------------------

    @property
    def log(self) -> list[LogEntry]:
        """The log. The rules (:func:`feldherr.wallenstein.rules.board.log`) leave each entry as a
        compact event ``(key, args, to)``, written out as ``{"k": key, "a": args, "to": to}`` when
        the log is first read: a random playout or a search that never reads the log never builds
        the entries. The events' argument dicts are never changed, so a copy of the state copies
        the two lists one level deep."""
        if self._events:
            self.write_log()
        return self._log

    @log.setter
    def log(self, entries: list[LogEntry]) -> None:
        self._log = entries
        self._events = []

    def write_log(self) -> None:
        """Turn the compact events into log entries (see :attr:`log`)."""
        self._log.extend([{"k": k, "a": a, "to": to} for k, a, to in self._events])
        self._events = []

    # -- the State protocol (rules delegated to the engine) ------------------------------------

    def to_move(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == PLAN:
            slots = self.nslots
            step = self.plan_step
            return tuple([s for s in range(self.num_players) if step[s] < slots])
        if phase == OVER:
            return ()
        return (self.pending[0],)

    def is_terminal(self) -> bool:
        return self.phase == OVER

    # -- copying and serialisation -------------------------------------------------------------

    def clone(self: S) -> S:
        # the lists copied (nested ones two levels deep), the generator and the tower by their own
        # clone(), the rest shared
        new: S = _COPIERS[type(self), self.court, self.lsk, self.leaders](self)
        return new

    def to_json(self) -> dict[str, Any]:
        skip = _SKIP_JSON if self.court or self.lsk or self.leaders else _SKIP_JSON_BASE
        data: dict[str, Any] = {name: getattr(self, name) for name in _FIELDS if name not in skip}
        data["rng"] = self.rng.state
        data["tower"] = self.tower.to_json()
        return data

    def digest(self) -> str:
        """The digest of :meth:`State.digest` without the notes a log line carries for its words
        only (``plus``: what a bonus tile or the military leader added; they follow from the
        position): the records written before the notes came replay to the same digest."""
        data = self.to_json()
        data.pop("version", None)
        log = data.get("log") or []
        if any("plus" in entry["a"] for entry in log):
            data["log"] = [
                {**entry, "a": {k: v for k, v in entry["a"].items() if k != "plus"}}
                if "plus" in entry["a"]
                else entry
                for entry in log
            ]
        return canonical_digest(data)

    @classmethod
    def from_json(cls: type[S], data: dict[str, Any]) -> S:
        options = dict(data["options"])
        state = cls(options, Rng.from_state(int(data["rng"])), tower_from_json(data["tower"]), ())
        for name, value in data.items():
            if name in ("rng", "tower", "options"):
                continue
            if name not in _FIELD_SET:
                raise ValueError(f"unknown field {name!r} in a Wallenstein state")
            setattr(state, name, _copy(value))
        state.active = active_counties(int(options["players"]))
        return state


# The fields of a module that is off keep their start values for the whole game: no rule writes
# them then (tests/wallenstein/test_clone.py checks it over random games), so clones share them.
_MODULE_LISTS = {
    "court": ("courtiers", "hall", "audience", "favor_deck", "favors", "shield", "parry"),
    "lsk": ("lsk_top",),
    "leaders": ("leader", "statue_supply", "statues", "trophies"),
}


class _Copiers(dict[tuple[type, bool, bool, bool], Callable[[Any], Any]]):
    """A copier per state class and module combination, made on first use."""

    def __missing__(self, key: tuple[type, bool, bool, bool]) -> Callable[[Any], Any]:
        cls, court, lsk, leaders = key
        off = {name for module, on in (("court", court), ("lsk", lsk), ("leaders", leaders)) if not on
               for name in _MODULE_LISTS[module]}  # fmt: skip
        if not (court or lsk or leaders):
            off.add("queue")  # the steps of the modules are its only users
        # the log's entries are never changed once written: copying the list is enough
        lists = tuple(f for f in (*_LIST_FIELDS, "plan_step", "pending", "_log", "_events") if f not in off)
        nested = tuple(f for f in _NESTED_FIELDS if f not in off)
        cloned = ("rng", "tower")
        fields = [f for f in _FIELDS if f != "log"]
        shared = tuple(f for f in fields if f not in lists and f not in nested and f not in cloned)
        copier = self[key] = slot_cloner(cls, shared, lists, nested, cloned)
        return copier


_COPIERS = _Copiers()
_FIELD_SET = frozenset(_FIELDS)

_SKIP_JSON = frozenset({"rng", "tower", "active"})
# Without modules their fields keep the start values: left out, so base-game states (and the digests
# in their records) read the same as before the modules existed.
_MODULE_FIELDS = frozenset(
    {
        "court", "lsk", "leaders", "nslots", "stage", "queue", "lsk_top", "leader", "statue_supply",
        "statues", "trophies", "courtiers", "hall", "audience", "favor_deck", "favors", "shield", "parry",
    }
)  # fmt: skip
_SKIP_JSON_BASE = _SKIP_JSON | _MODULE_FIELDS


def _copy(value: Any) -> Any:
    if isinstance(value, list):
        return [_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    return value
