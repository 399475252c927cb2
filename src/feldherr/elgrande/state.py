"""The El Grande position as data: its fields and the JSON form (``clone`` is declared in
:mod:`feldherr.elgrande.game` with the state class).

The state is flat: lists of ints indexed by colour and area. ``caballeros[c * AREAS + a]`` is the
number of Caballeros of colour ``c`` in region ``a`` (0..8) or the Castillo (9). Colours
``0..num_players-1`` are the players; in the two-player game colour ``num_players`` is the dummy.
Power cards and modifiers in hands and discard piles are bit masks (bit ``v`` = card ``v``).

Nothing here knows the rules: the flow, the legal moves and the effects live in
:mod:`feldherr.elgrande.rules`, the protocol binding in :mod:`feldherr.elgrande.game`. The JSON
form keeps the short keys of the first engine (``"cab"``, ``"fxq"``, ...) so that the digests of
recorded games stay the same; :data:`FIELDS` maps each attribute to its key.
"""

from __future__ import annotations

from typing import Any

from feldherr.core.game import LogEntry, Move
from feldherr.core.rng import Rng
from feldherr.elgrande.data import BOARD

# phases
MODPASS, POWER, COURT, RECALL, ABILITY, TAKE, ACT, VETO, EFFECT, DISC, OVER = range(11)
PHASE_NAMES = (
    "modpass",
    "power",
    "court",
    "recall",
    "ability",
    "take",
    "act",
    "veto",
    "effect",
    "disc",
    "over",
)

# why secret discs are being set
DISC_SCORING, DISC_RETURN, DISC_UMSTURZ, DISC_UNIQUE = range(4)

# the two halves of an action card's turn (place_stage / special_stage)
NOT_STARTED, STARTED, DONE = 0, 1, 2

ROUNDS_FULL: tuple[int, ...] = tuple(BOARD["rounds"]["full"])
ROUNDS_SHORT: tuple[int, ...] = tuple(BOARD["rounds"]["short"])
SCORING_ROUNDS: tuple[int, ...] = tuple(BOARD["rounds"]["scoring_after"])

FIELDS: tuple[tuple[str, str], ...] = (
    # (attribute, JSON key)
    ("num_players", "n"),
    ("colours", "C"),  # players plus the dummy of the two-player game
    ("dummy", "dummy"),  # the dummy's colour, -1 without one
    ("short_game", "short"),
    ("hidden_castillo", "hidden"),
    ("machtverschiebung", "mv"),
    ("neue_regentschaft", "nr"),
    ("third_place", "third"),  # 4-5 players: the third number of a scoring field counts
    ("rng", "rng"),
    ("caballeros", "cab"),
    ("court", "court"),
    ("province", "prov"),
    ("grande", "grande"),
    ("king", "king"),
    ("score", "score"),
    ("scoreboards", "boards"),  # area of each mobile scoreboard, -1 while unused
    ("power_hand", "hand"),
    ("power_discard", "pdisc"),
    ("power_played", "played"),  # the power card each colour played this round (0: none yet)
    ("power_total", "total"),  # with a modifier: card + modifier
    ("modifier_hand", "mhand"),
    ("modifier_played", "mplayed"),
    ("modifier_discard", "mdisc"),
    ("stacks", "stacks"),  # action card stacks, top card last
    ("open_cards", "up"),  # the face-up card of each stack, -1 when taken
    ("permanent_stacks", "permanent"),  # 1: the stack's card returns every round (the King's card)
    ("action_discard", "discard"),
    ("start_player", "start"),
    ("round_index", "ridx"),
    ("turn_order", "order"),
    ("turn_index", "turn"),
    ("current", "cur"),
    ("card", "card"),  # the action card in use, -1 between turns
    ("place_left", "place_left"),
    ("place_stage", "place_st"),
    ("special_stage", "spec_st"),
    ("smuggle", "smuggle"),
    ("vetos", "veto"),  # per player: round index of each Veto held (see _vetos_to_json)
    ("veto_asking", "veto_ask"),
    ("phase", "phase"),
    ("effect_source", "fx_src"),  # [0 card / 1 modifier, index, option of a choice or -1]
    ("effect_args", "fx"),  # the running effect's counters (see rules.effects)
    ("effect_queue", "fxq"),  # players who still owe a step of the effect
    ("discs", "disc"),  # secret discs set, -1 none
    ("disc_waiting", "disc_wait"),  # seats that still owe a disc (or a modifier to pass)
    ("disc_kind", "disc_kind"),
    ("dummy_power", "dpower"),  # the dummy's power cards, top last
    ("region_deck", "rdeck"),  # the dummy's region cards, top last
    ("recall_left", "recall_left"),
    ("passed_modifier", "pending_pass"),
)
ATTRIBUTES = tuple(a for a, _ in FIELDS)
NESTED = ("stacks", "vetos")
"""The fields that are lists of lists."""


class ElGrandeData:
    """The fields of a position (see :data:`FIELDS`), the log and the decision counter.

    ``_legal_cache`` holds the current decider's legal moves (never handed out: ``legal_moves``
    returns a copy); ``effect_finished`` is a hand-over flag from the effect interpreter to the
    flow, always 0 between decisions, and so not part of the JSON.
    """

    __slots__ = (*ATTRIBUTES, "log", "version", "effect_finished", "_legal_cache", "_legal_cache_seat")

    num_players: int
    colours: int
    dummy: int
    short_game: int
    hidden_castillo: int
    machtverschiebung: int
    neue_regentschaft: int
    third_place: int
    rng: Rng
    caballeros: list[int]
    court: list[int]
    province: list[int]
    grande: list[int]
    king: int
    score: list[int]
    scoreboards: list[int]
    power_hand: list[int]
    power_discard: list[int]
    power_played: list[int]
    power_total: list[int]
    modifier_hand: list[int]
    modifier_played: list[int]
    modifier_discard: list[int]
    stacks: list[list[int]]
    open_cards: list[int]
    permanent_stacks: list[int]
    action_discard: list[int]
    start_player: int
    round_index: int
    turn_order: list[int]
    turn_index: int
    current: int
    card: int
    place_left: int
    place_stage: int
    special_stage: int
    smuggle: int
    vetos: list[list[int]]
    veto_asking: list[int]
    phase: int
    effect_source: list[int]
    effect_args: list[int]
    effect_queue: list[int]
    discs: list[int]
    disc_waiting: list[int]
    disc_kind: int
    dummy_power: list[int]
    region_deck: list[int]
    recall_left: int
    passed_modifier: list[int]
    log: list[LogEntry]
    version: int
    effect_finished: int
    _legal_cache: list[Move] | None
    _legal_cache_seat: int

    @property
    def round(self) -> int:
        """The printed round number (the short game skips rounds 1, 4 and 7)."""
        rounds = ROUNDS_SHORT if self.short_game else ROUNDS_FULL
        return rounds[min(self.round_index, len(rounds) - 1)]

    def fields_to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, key in FIELDS:
            out[key] = getattr(self, name)
        out["rng"] = self.rng.state
        out["veto"] = _vetos_to_json(self.vetos)
        out["log"] = self.log
        out["version"] = self.version
        return out

    def fields_from_json(self, data: dict[str, Any]) -> None:
        for name, key in FIELDS:
            v = data[key]
            if isinstance(v, list):
                v = [list(x) for x in v] if name == "stacks" else list(v)
            setattr(self, name, v)
        self.rng = Rng.from_state(int(data["rng"]))
        self.vetos = _vetos_from_json(data["veto"])
        self.log = [dict(e) for e in data["log"]]
        self.version = int(data.get("version", 0))
        self.effect_finished = 0
        self._legal_cache = None
        self._legal_cache_seat = -1


def _vetos_to_json(vetos: list[list[int]]) -> list[Any]:
    """-1 for no Veto, the round index for one, a list for two: the form of engine 1 (one slot per
    player) wherever a player holds at most one, so such games keep their digests."""
    return [(-1 if not v else v[0]) if len(v) < 2 else list(v) for v in vetos]


def _vetos_from_json(data: list[Any]) -> list[list[int]]:
    return [list(v) if isinstance(v, list) else ([] if v < 0 else [v]) for v in data]
