"""Checking what a batch or a terminal game is started with: game, player count, options, seats.

Every problem raises :class:`~feldherr.core.errors.OptionError` with a message meant for people, so
the command line can print it as it is.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from feldherr.core.errors import OptionError, clip
from feldherr.core.game import Game
from feldherr.games import get_game

RANDOM = "random"


def resolve_game(game: str | Game) -> Game:
    """A game by registry name (or the game itself); unknown names raise :class:`OptionError`."""
    if isinstance(game, Game):
        return game
    try:
        return get_game(game)
    except ValueError as exc:
        raise OptionError(str(exc)) from exc


def bot_names(game: Game) -> list[str]:
    """The bots available for ``game``: ``random`` plus the game's own."""
    return sorted({RANDOM, *game.bots()})


def prepare_options(game: Game, players: int | None, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """Merge the player count into ``options`` and let the game normalise them.

    ``players`` overrides ``options["players"]``; if neither is given the game's minimum is used.
    """
    opts = dict(options or {})
    count = players if players is not None else opts.get("players", game.min_players)
    if isinstance(count, bool) or not isinstance(count, int):
        raise OptionError(f"the player count must be a whole number, not {clip(repr(count), 60)}")
    if not game.min_players <= count <= game.max_players:
        raise OptionError(
            f"{game.name} is played by {game.min_players} to {game.max_players} players, not {count}"
        )
    opts["players"] = count
    return game.normalize_options(opts)


def parse_seats(
    game: Game, spec: str | Sequence[str] | None, players: int, extra: Iterable[str] = ()
) -> list[str]:
    """A list of one bot name per seat; ``extra`` names (such as ``human``) are also accepted.

    ``spec`` is a comma-separated string or a sequence; ``None`` means ``random`` for every seat.
    """
    if spec is None:
        return [RANDOM] * players
    names = [s.strip() for s in spec.split(",")] if isinstance(spec, str) else [str(s) for s in spec]
    if len(names) != players:
        given = clip(", ".join(names), 120)
        raise OptionError(f"{len(names)} seat(s) given ({given}) for {players} players")
    known = set(bot_names(game)) | set(extra)
    for name in names:
        if name not in known:
            raise OptionError(
                f"unknown player {clip(repr(name), 60)} for {game.name} (known: {', '.join(sorted(known))})"
            )
    return names
