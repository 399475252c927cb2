"""The game-agnostic core: protocol, errors, generator, records, the bot-driven game loop."""

from feldherr.core.errors import (
    GameOverError,
    IllegalMoveError,
    MalformedMoveError,
    NotOwnedError,
    NotYourTurnError,
    OptionError,
    RecordError,
    RuleError,
    UnaffordableError,
    WrongPhaseError,
)
from feldherr.core.game import (
    Bot,
    Game,
    LogEntry,
    Move,
    Outcome,
    RandomBot,
    State,
    canonical_digest,
    step,
)
from feldherr.core.play import make_bots, play_game
from feldherr.core.record import GameRecord, records_digest, replay
from feldherr.core.rng import Rng, seed_for_game

__all__ = [
    "Bot",
    "Game",
    "GameOverError",
    "GameRecord",
    "IllegalMoveError",
    "LogEntry",
    "MalformedMoveError",
    "Move",
    "NotOwnedError",
    "NotYourTurnError",
    "OptionError",
    "Outcome",
    "RandomBot",
    "RecordError",
    "Rng",
    "RuleError",
    "State",
    "UnaffordableError",
    "WrongPhaseError",
    "canonical_digest",
    "make_bots",
    "play_game",
    "records_digest",
    "replay",
    "seed_for_game",
    "step",
]
