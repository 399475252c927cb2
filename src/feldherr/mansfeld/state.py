"""The Ernst von Mansfeld position as data: its fields, ``clone`` and the JSON form.

The state is flat (lists of ints) so that ``clone`` is cheap and random play is fast. The rules that
act on it live in :mod:`feldherr.mansfeld.rules`; the protocol methods (``apply``, ``view``, …) are
bound to it in :mod:`feldherr.mansfeld.game`. Phases:

* ``DICE``: every player secretly sets a number of dice (1..6) on the own die (simultaneous);
* ``RECRUIT``: in turn order the player to move has rolled and may take one open card whose cost an
  exact subset sum of the dice makes (or pass); rolls that can recruit nobody pass on by themselves;
* ``COMMIT``: for the current province every player holding cards secretly commits any of them
  (simultaneous); the reveal, the fight and the next province follow by themselves;
* ``OVER``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from feldherr.core.fastcopy import slot_cloner
from feldherr.core.game import LogEntry
from feldherr.core.rng import Rng
from feldherr.mansfeld.data import ADJUST, COST, EXTRA, KEYS, REROLL

DICE, RECRUIT, COMMIT, OVER = 0, 1, 2, 3
PHASES = ("dice", "recruit", "commit", "over")
D = TypeVar("D", bound="MansfeldData")


class MansfeldData:
    """Every field of a position (secrets and the generator included)."""

    __slots__ = (
        "_log",
        "_pending",
        "adjust",
        "ages",
        "cards",
        "choice",
        "commit",
        "deck",
        "dice",
        "extra",
        "left",
        "luck",
        "num_players",
        "open",
        "options",
        "order",
        "owner",
        "phase",
        "pool",
        "pool_size",
        "reach",
        "reroll",
        "rng",
        "round",
        "top",
        "turn",
        "used",
        "values",
        "version",
    )  # fmt: skip

    num_players: int
    ages: list[int]
    options: dict[str, Any]  # the normalised options: {"players": n, "ages": [...]}
    version: int  # decisions applied so far (not part of the digest)
    phase: int
    round: int
    deck: list[int]  # face down; the top card is the last element
    open: list[int]  # face-up characters, in the order they were revealed
    cards: list[list[int]]  # per seat: recruited cards (phase 1), the hand (phase 2); sorted
    used: list[list[int]]  # per seat: cards committed in battles (discarded)
    left: list[int]  # open cards nobody recruited when recruiting ended
    choice: list[int]  # per seat: dice set this round (0 = not yet); secret until all are set
    order: list[int]  # turn order of the round
    turn: int  # index into order
    dice: tuple[int, ...]  # the current roll of the player to move (phase RECRUIT)
    reach: list[int]  # open cards the current roll can recruit
    values: list[int]  # values of the provinces drawn so far
    owner: list[int]  # per province drawn: the conquering seat, or -1 (set aside / undecided)
    luck: list[int]  # per seat: luck die for the current province (0 without cards)
    commit: list[tuple[int, ...] | None]  # per seat: committed cards (secret until all are in)
    pool: int  # undrawn dice (base-6 digits), drawn from rng
    pool_size: int
    extra: list[int]  # derived: extra dice per seat
    adjust: list[bool]  # derived: may adjust one die
    reroll: list[int]  # derived: rerolls per turn
    top: list[int]  # derived: cost of the most expensive recruited card (0: none)
    rng: Rng
    _log: list[LogEntry]
    _pending: list[tuple[Any, ...]]  # log entries of moves and playouts, still as compact events

    # ------------------------------------------------------------------- log
    @property
    def log(self) -> list[LogEntry]:
        """The log. The rules (:mod:`feldherr.mansfeld.rules.flow`) and the fast playout
        (:mod:`feldherr.mansfeld.rules.playout`) leave their entries as compact events (a search
        that never reads the log never builds its dicts); they are written out, as
        :func:`log_entries` spells them, when the log is first read. A copy of the state copies
        ``_pending`` along with ``_log`` (or reads ``log`` first); the events are tuples whose lists
        are never changed in place, so a shallow copy of the list will do."""
        if self._pending:
            self.write_log()
        return self._log

    @log.setter
    def log(self, entries: list[LogEntry]) -> None:
        self._log = entries
        self._pending = []

    def write_log(self) -> None:
        """Turn the compact events into log entries (see :attr:`log`)."""
        self._log.extend(log_entries(self._pending))
        self._pending.clear()  # the same list: a playout still running keeps adding to it

    # ----------------------------------------------------------------- build
    @classmethod
    def blank(cls: type[D], players: int, ages: Sequence[int], rng: Rng) -> D:
        """A position before the deck is shuffled: empty hands, no province, phase DICE."""
        st = cls.__new__(cls)
        st.num_players = players
        st.ages = list(ages)
        st.options = {"players": players, "ages": list(ages)}
        st.version = 0
        st.rng = rng
        st.deck = []
        st.pool, st.pool_size = 0, 0
        st.open, st.left = [], []
        st.cards = [[] for _ in range(players)]
        st.used = [[] for _ in range(players)]
        st.choice = [0] * players
        st.order, st.turn, st.dice, st.reach = [], 0, (), []
        st.values, st.owner = [], []
        st.luck = [0] * players
        st.commit = [None] * players
        st.round = 0
        st.phase = DICE
        st.log = []
        st.extra, st.adjust, st.reroll, st.top = (
            [0] * players,
            [False] * players,
            [0] * players,
            [0] * players,
        )
        return st

    def derive(self) -> None:
        """Per-seat facts that follow from the recruited cards (not stored in JSON): extra dice,
        adjust ability, rerolls per turn, the most expensive card's cost."""
        self.extra = [sum(EXTRA[c] for c in h) for h in self.cards]
        self.adjust = [any(ADJUST[c] for c in h) for h in self.cards]
        self.reroll = [sum(REROLL[c] for c in h) for h in self.cards]
        self.top = [max((COST[c] for c in h), default=0) for h in self.cards]

    # ------------------------------------------------------ copy and JSON
    def clone(self: D) -> D:
        copy: D = _COPIERS[type(self)](self)
        return copy

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "mansfeld",
            "players": self.num_players,
            "ages": list(self.ages),
            "phase": PHASES[self.phase],
            "round": self.round,
            "deck": list(self.deck),
            "open": list(self.open),
            "left": list(self.left),
            "cards": [list(h) for h in self.cards],
            "used": [list(h) for h in self.used],
            "choice": list(self.choice),
            "order": list(self.order),
            "turn": self.turn,
            "dice": list(self.dice),
            "reach": list(self.reach),
            "values": list(self.values),
            "owner": list(self.owner),
            "luck": list(self.luck),
            "commit": [None if c is None else list(c) for c in self.commit],
            "pool": [self.pool, self.pool_size],
            "rng": self.rng.state,
            "log": self.log,
            "version": self.version,
        }

    @classmethod
    def from_json(cls: type[D], data: dict[str, Any]) -> D:
        st = cls.blank(int(data["players"]), [int(a) for a in data["ages"]], Rng.from_state(int(data["rng"])))
        st.version = int(data.get("version", 0))
        st.phase = PHASES.index(data["phase"])
        st.round, st.turn = int(data["round"]), int(data["turn"])
        st.deck, st.open, st.left = list(data["deck"]), list(data["open"]), list(data["left"])
        st.cards = [list(h) for h in data["cards"]]
        st.used = [list(h) for h in data["used"]]
        st.choice, st.order = list(data["choice"]), list(data["order"])
        st.dice, st.reach = tuple(data["dice"]), list(data["reach"])
        st.values, st.owner = list(data["values"]), list(data["owner"])
        st.luck = list(data["luck"])
        st.commit = [None if c is None else tuple(c) for c in data["commit"]]
        st.pool, st.pool_size = int(data["pool"][0]), int(data["pool"][1])
        st.log = [dict(e) for e in data["log"]]
        st.derive()
        return st


_SHARED = (
    "num_players", "ages", "options", "version", "phase", "round", "turn", "dice", "pool", "pool_size",
    "extra", "adjust", "reroll", "top",
)  # fmt: skip
"""Ints, the tuple of dice, and values never changed in place: ``ages``, ``options``, and the
derived lists (``extra``, ``adjust``, ``reroll``, ``top``), which a recruit replaces rather than
changes (``rules.flow.recruit_card``; the pure playout takes its own copies)."""
_LISTS = (
    "deck", "open", "left", "choice", "order", "reach", "values", "owner", "luck", "commit", "_log",
    "_pending",
)  # fmt: skip
"""Lists of ints, bools, immutable tuples and log entries (never changed once written)."""
_NESTED = ("cards", "used")
COPY = (_SHARED, _LISTS, _NESTED, ("rng",))
"""How a position is copied (see :func:`feldherr.core.fastcopy.slot_cloner`): shared, lists,
lists of lists, and the generator by its own ``clone``."""


class _Copiers(dict[type, Callable[[Any], Any]]):
    """One copier per state class (the data class, and the game's subclass), made on first use."""

    def __missing__(self, cls: type) -> Callable[[Any], Any]:
        copier = self[cls] = slot_cloner(cls, *COPY)
        return copier


_COPIERS = _Copiers()


def log_entries(events: Sequence[tuple[Any, ...]]) -> list[LogEntry]:
    """The log entries of a playout's compact events, exactly as the rules write them."""
    out: list[LogEntry] = []
    for event in events:
        kind = event[0]
        if kind == "roll" or kind == "miss":
            args: dict[str, Any] = {"seat": event[1], "dice": list(event[2])}
        elif kind == "dice":
            args = {"choice": list(event[1]), "seats": [k & 7 for k in event[2]]}
        elif kind == "recruit":
            args = {"seat": event[1], "card": KEYS[event[2]]}
        elif kind == "pass":
            args = {"seat": event[1]}
        elif kind == "reveal":
            args = {"card": KEYS[event[1]]}
        elif kind == "province":
            args = {"no": event[1], "value": event[2], "luck": event[3]}
        elif kind == "aside":
            args = {"no": event[1]}
        elif kind == "conquer":
            shown = [[KEYS[c] for c in played] if played else [] for played in event[4]]
            args = {"seat": event[1], "no": event[2], "value": event[3], "cards": shown}
        elif kind == "recruit.end":
            args = {"left": [KEYS[c] for c in event[1]]}
        elif kind == "end":
            args = {"scores": event[1]}
        else:  # pragma: no cover - every kind the playout writes is listed above
            raise ValueError(f"unknown playout event {kind!r}")
        out.append({"k": kind, "a": args, "to": None})
    return out
