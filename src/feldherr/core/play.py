"""Driving a game with bots: the loop shared by simulate, bench, tournaments and tests."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping, Sequence
from functools import cache, partial
from importlib.metadata import entry_points
from typing import Any

from feldherr.core.bots import Bot, RandomBot
from feldherr.core.errors import OptionError
from feldherr.core.game import MAX_DECISIONS, Game, State, drive
from feldherr.core.match import Match
from feldherr.core.record import GameRecord
from feldherr.core.rng import Rng

BotSpec = str
"""A bot name, optionally with a parameter after ``@`` for the bots of ``feldherr.bots`` (such as
``hard@0.5s``)."""

BOTS_ENTRY_POINT_GROUP = "feldherr.bots"
"""Bots for every game (such as the search strengths ``easy``, ``medium``, ``hard``), announced by
name as ``factory(game, seed)`` or ``factory(game, seed, parameter)``. The core reads the group
and never imports the packages behind it."""

GenericBotFactory = Callable[..., Bot]


@cache
def generic_bots() -> dict[str, GenericBotFactory]:
    """The factories of the ``feldherr.bots`` group by name; one that fails to load is skipped with a
    warning (a broken plugin must not take the games down)."""
    found: dict[str, GenericBotFactory] = {}
    for ep in entry_points(group=BOTS_ENTRY_POINT_GROUP):
        try:
            found[ep.name] = ep.load()
        except Exception as exc:
            warnings.warn(f"bot plugin {ep.value} failed to load: {exc!r}", RuntimeWarning, stacklevel=2)
    return found


def bot_table(game: Game) -> dict[str, Callable[[int], Bot]]:
    """Every bot name the game offers, each with its factory: ``random``, the bots of the
    ``feldherr.bots`` group, and the game's own bots (which win a clash of names)."""
    table: dict[str, Callable[[int], Bot]] = {"random": RandomBot}
    for name, factory in generic_bots().items():
        table[name] = partial(factory, game)
    table.update(game.bots())
    return table


def bot_factory(game: Game, spec: BotSpec) -> Callable[[int], Bot]:
    """The factory for one bot spec: ``NAME`` or ``NAME@PARAMETER`` (only the bots of the
    ``feldherr.bots`` group take a parameter; it is checked here by building one bot)."""
    if not isinstance(spec, str):
        raise OptionError(
            f"a bot is named by text, not {type(spec).__name__}",
            typed={"de": "ein Bot wird mit einem Text benannt"},
        )
    name, sep, arg = spec.partition("@")
    own: dict[str, Callable[[int], Bot]] = {"random": RandomBot, **game.bots()}
    if name in own:
        if sep:
            raise OptionError(
                f"bot {name!r} of {game.name} takes no parameter (got {spec[:60]!r})",
                typed={"de": f"der Bot {name!r} von {game.title} nimmt keine Angabe nach @ ({spec[:60]!r})"},
            )
        return own[name]
    generic = generic_bots()
    if name not in generic:
        known = ", ".join(sorted(bot_table(game)))
        raise OptionError(
            f"unknown bot {spec[:60]!r} for {game.name} (known: {known})",
            typed={"de": f"einen Bot {spec[:60]!r} gibt es für {game.title} nicht (bekannt: {known})"},
        )
    if not sep:
        return partial(generic[name], game)
    factory = partial(generic[name], game, arg=arg)
    factory(0)  # a bad parameter fails here, where the bots are chosen, not in the middle of a game
    return lambda seed: factory(seed)


def make_bots(game: Game, specs: Sequence[BotSpec], seed: int) -> list[Bot]:
    """Bots by spec (see :func:`bot_factory`), each with its own generator derived from ``seed``
    and its seat."""
    factories = [bot_factory(game, spec) for spec in specs]
    return [f(bot_seed) for f, bot_seed in zip(factories, bot_seeds(seed, len(specs)), strict=True)]


def bot_seeds(seed: int, count: int) -> list[int]:
    """The seeds :func:`make_bots` gives the bots of seats ``0..count-1`` for game seed ``seed``
    (for :meth:`~feldherr.core.game.State.random_playout`: the same games as random bots)."""
    rng = Rng(seed ^ 0x5EED)
    return [rng.derive(seat) for seat in range(count)]


def play_game(
    game: Game,
    options: Mapping[str, Any],
    seed: int,
    bots: Sequence[Bot],
    record_moves: bool = True,
    max_decisions: int = MAX_DECISIONS,
) -> tuple[GameRecord, State, int]:
    """Play one game to the end; returns (record, final state, number of decisions).

    With ``record_moves`` the game runs in a :class:`~feldherr.core.match.Match` (the loop the
    terminal and the server use); without, straight through :func:`~feldherr.core.game.drive`."""
    if record_moves:
        match = Match(game, options, seed)
        decisions = match.run(bots, max_decisions)
        record = match.finish_record()
        return record, match._state, decisions
    opts = game.normalize_options(options)
    state = game.new_state(opts, seed)
    decisions = drive(state, bots, None, max_decisions)
    return GameRecord(game=game.name, options=opts, seed=seed, engine=game.engine_version), state, decisions
