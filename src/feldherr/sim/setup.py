"""Checking what a batch or a terminal game is started with: game, player count, options, seats.

Every problem raises :class:`~feldherr.core.errors.OptionError` with a message meant for people, so
the command line can print it as it is.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from feldherr.core.errors import OptionError, clip
from feldherr.core.game import Game
from feldherr.core.play import bot_factory, bot_table
from feldherr.games import game_names, get_game

RANDOM = "random"


def resolve_game(game: str | Game) -> Game:
    """A game by registry name (or the game itself); unknown names raise :class:`OptionError`."""
    if isinstance(game, Game):
        return game
    try:
        return get_game(game)
    except ValueError as exc:
        known = ", ".join(game_names())
        shown = clip(repr(game), 60)
        german = f"ein Spiel {shown} gibt es nicht (bekannt: {known})"
        raise OptionError(str(exc), text={"en": str(exc), "de": german}) from exc


def bot_names(game: Game) -> list[str]:
    """The bots available for ``game``: ``random``, the bots of every game (``feldherr.bots``, such
    as ``easy``, ``medium``, ``hard``) and the game's own."""
    return sorted(bot_table(game))


def prepare_options(game: Game, players: int | None, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """Merge the player count into ``options`` and let the game normalise them.

    ``players`` overrides ``options["players"]``; if neither is given the game's minimum is used.
    """
    opts = dict(options or {})
    count = players if players is not None else opts.get("players", game.min_players)
    if isinstance(count, bool) or not isinstance(count, int):
        raise OptionError(f"the player count must be a whole number, not {clip(repr(count), 60)}")
    if not game.min_players <= count <= game.max_players:
        low, high = game.min_players, game.max_players
        raise OptionError(
            f"{game.name} is played by {low} to {high} players, not {count}",
            "players",
            {
                "en": f"{game.title} is played by {low} to {high} players, not {count}",
                "de": f"{game.title} spielen {low} bis {high} Personen, nicht {count}",
            },
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
    names = check_seat_names(game, spec, extra)
    if len(names) != players:
        given = clip(", ".join(names), 120)
        raise OptionError(
            f"the seat list ({given}) does not name one bot per player ({players} players)",
            typed={
                "de": f"die Liste der Plätze ({given}) nennt nicht einen Bot je Spieler ({players} Spieler)"
            },
        )
    return names


def check_seat_names(game: Game, spec: str | Sequence[str], extra: Iterable[str] = ()) -> list[str]:
    """The names of a seat list, each a bot of ``game`` (or one of ``extra``); an unknown one is an
    :class:`OptionError` naming it, whatever the list's length."""
    names = [s.strip() for s in spec.split(",")] if isinstance(spec, str) else [str(s) for s in spec]
    extra = tuple(extra)
    for name in names:
        if name in extra:
            continue
        if name.partition("@")[0] not in bot_table(game):
            known = ", ".join(sorted({*bot_names(game), *extra}))
            shown = clip(repr(name), 60)
            raise OptionError(
                f"unknown player {shown} for {game.name} (known: {known})",
                text={
                    "en": f"unknown player {shown} for {game.name} (known: {known})",
                    "de": f"unbekannter Mitspieler {shown} für {game.title} (bekannt: {known})",
                },
            )
        bot_factory(game, name)  # checks a parameter (hard@0.5s)
    return names
