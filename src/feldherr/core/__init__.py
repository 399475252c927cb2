"""The game-agnostic core: the contracts every game implements and every layer above uses.

* :mod:`~feldherr.core.game` — the ``Game``/``State`` protocol and the one game loop (``drive``)
* :mod:`~feldherr.core.info` — ``GameInfo``: action-space size, observation shape, facts
* :mod:`~feldherr.core.options` — declared options (``OptionSpec``) and their checking
* :mod:`~feldherr.core.errors` — the ``RuleError`` family (stable rule ids, de/en texts)
* :mod:`~feldherr.core.validate` — exact-type checks of seats and moves at the boundary
* :mod:`~feldherr.core.views` — the view envelope every game shares, and its schema
* :mod:`~feldherr.core.observation` — numeric observations built from views
* :mod:`~feldherr.core.bots` — ``SeatAccess`` (what a bot may know), ``RandomBot``
* :mod:`~feldherr.core.match` — ``Match``: a game served to people, with versions and log deltas
* :mod:`~feldherr.core.record` — records that replay bit-exactly, with the engine version
* :mod:`~feldherr.core.testing` — the conformance suite every game runs
"""

from feldherr.core.bots import Bot, RandomBot, SeatAccess
from feldherr.core.errors import (
    GameOverError,
    IllegalMoveError,
    MalformedMoveError,
    NotOwnedError,
    NotYourTurnError,
    OptionError,
    RecordError,
    RuleError,
    StaleMoveError,
    UnaffordableError,
    WrongPhaseError,
)
from feldherr.core.game import (
    Game,
    LogEntry,
    Move,
    Outcome,
    State,
    canonical_digest,
    drive,
    step,
)
from feldherr.core.info import GameInfo
from feldherr.core.match import Match, Submission
from feldherr.core.options import OptionSpec
from feldherr.core.play import make_bots, play_game
from feldherr.core.record import GameRecord, records_digest, replay
from feldherr.core.rng import Rng, seed_for_game

__all__ = [
    "Bot",
    "Game",
    "GameInfo",
    "GameOverError",
    "GameRecord",
    "IllegalMoveError",
    "LogEntry",
    "MalformedMoveError",
    "Match",
    "Move",
    "NotOwnedError",
    "NotYourTurnError",
    "OptionError",
    "OptionSpec",
    "Outcome",
    "RandomBot",
    "RecordError",
    "Rng",
    "RuleError",
    "SeatAccess",
    "StaleMoveError",
    "State",
    "Submission",
    "UnaffordableError",
    "WrongPhaseError",
    "canonical_digest",
    "drive",
    "make_bots",
    "play_game",
    "records_digest",
    "replay",
    "seed_for_game",
    "step",
]
