"""The named search bots every game gets: ``easy``, ``medium``, ``hard`` and ``ismcts``.

They are announced in the ``feldherr.bots`` entry-point group (``pyproject.toml``), which
:func:`feldherr.core.play.bot_table` reads, so the core never imports this package. Each factory is
called as ``factory(game, seed)`` or, for a bot name with a parameter such as ``hard@0.5s``, as
``factory(game, seed, "0.5s")``; the parameter is a :class:`~feldherr.search.budget.Budget`.

=========  ==========================================================  ================
name       what it is                                                  default budget
=========  ==========================================================  ================
easy       the game's ``heuristic`` bot (ISMCTS with 50 iterations if  –
           the game has none)
medium     ISMCTS guided by the game's heuristic: its playouts (10 %   0.25 s
           random moves) and its choice, searched first and kept
           unless the search shows a better move (random playouts and
           no hint if the game has no heuristic)
hard       the same search with four times the time                    1 s
ismcts     ISMCTS with random playouts and no hint; deterministic      200 iterations
=========  ==========================================================  ================

``medium`` and ``hard`` search as the game's ``search_settings`` ask (Wallenstein and Mansfeld:
only the decision at hand, with the score margin in the reward; see ``docs/search.md``), unless
settings follow the budget after ``:`` (``hard@63i:tree``, ``medium@:margin_weight=0.5``;
:func:`search_spec`).

Why ``medium`` is guided too: in the scaled-down tournaments of ``docs/benchmarks.md``, ISMCTS with
random playouts lost to the heuristic bots at the budgets tried (Mansfeld: 8 % in a four-way
ladder, 21 % against three heuristics), so a random-playout ``medium`` would rank below ``easy``.

Time budgets make a bot's moves depend on the machine's speed; give an iteration budget
(``hard@300i``) where results must be reproducible, a CPU budget (``hard@1cpu``) to measure one
core's worth of thinking on a busy machine.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

from feldherr.core.bots import Bot
from feldherr.core.errors import OptionError
from feldherr.core.game import Game
from feldherr.search.budget import Budget
from feldherr.search.ismcts import SearchBot
from feldherr.search.playout import BotPlayout, Playout

HEURISTIC = "heuristic"
EPSILON = 0.1
_SETTING_RULES: dict[str, tuple[Callable[[float], bool], str]] = {
    "tree_depth": (lambda v: v.is_integer() and v >= 0, "a whole number >= 0"),
    "margin_weight": (lambda v: 0.0 <= v <= 1.0, "between 0 and 1"),
    "tree_hints": (lambda v: v in (0.0, 1.0), "0 or 1"),
}
"""Each search setting: which values a bot's name may give it, and how to say so."""
NEED_DE = {"a whole number >= 0": "eine ganze Zahl ab 0", "between 0 and 1": "einen Wert von 0 bis 1"}
"""How a setting's refusal says in German what it needs."""
SEARCH_SETTINGS = tuple(_SETTING_RULES)
"""What a game's ``search_settings`` may set (:attr:`feldherr.core.game.Game.search_settings`)."""


def _budget(arg: str | None, default: str) -> Budget:
    return Budget.parse(default if arg is None else arg)


def search_spec(
    arg: str | None, default: str, settings: Mapping[str, float]
) -> tuple[Budget, dict[str, float]]:
    """Read the parameter of a search bot's name: ``BUDGET`` optionally followed by ``:``-separated
    settings, each ``NAME=VALUE`` (one of :data:`SEARCH_SETTINGS`) or ``tree``, which drops the
    settings asked for so far (the game's) and searches the full tree.

    ``hard@63i:tree`` is the full-tree search of the screening in ``docs/benchmarks.md``,
    ``medium@:margin_weight=0.5`` the default budget with a bigger margin share. The budget part
    may be empty (the default budget). Returns the budget and the settings to search with."""
    if arg is None:
        return _budget(None, default), dict(settings)
    budget_text, *terms = arg.split(":")
    chosen = dict(settings)
    for term in terms:
        key, sep, value = (t.strip() for t in term.partition("="))
        if key == "tree" and not sep:
            chosen.clear()
            continue
        if key not in SEARCH_SETTINGS or not sep:
            known = ", ".join(SEARCH_SETTINGS)
            raise OptionError(
                f"not a search setting: {term[:40]!r} (known: tree, or NAME=VALUE with NAME one of {known})",
                typed={
                    "de": f"keine Sucheinstellung: {term[:40]!r} (bekannt: tree, oder NAME=WERT mit NAME "
                    f"aus {known})"
                },
            )
        chosen[key] = _setting_value(key, value)
    return _budget(budget_text if budget_text or not terms else None, default), chosen


def _setting_value(key: str, text: str) -> float:
    valid, need = _SETTING_RULES[key]
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not valid(value):
        raise OptionError(
            f"search setting {key} needs {need}, not {text[:20]!r}",
            typed={"de": f"die Sucheinstellung {key} braucht {NEED_DE.get(need, need)}, nicht {text[:20]!r}"},
        )
    return value


def heuristic_playout(game: Game) -> Callable[[], Playout] | None:
    """Playouts by the game's heuristic bot, if it has one."""
    factory = game.bots().get(HEURISTIC)
    if factory is None:
        return None
    return lambda: BotPlayout(factory, EPSILON)


def easy(game: Game, seed: int, arg: str | None = None) -> Bot:
    factory = game.bots().get(HEURISTIC)
    if factory is None:
        return SearchBot(seed, _budget(arg, "50i"))
    if arg is not None:
        raise OptionError(
            f"easy is {game.name}'s heuristic bot here and takes no budget ({arg[:40]!r})",
            typed={
                "de": f"easy ist hier der heuristische Bot von {game.title} und nimmt kein Budget "
                f"({arg[:40]!r})"
            },
        )
    return factory(seed)


def guided(game: Game, seed: int, budget: Budget, settings: Mapping[str, float]) -> SearchBot:
    """ISMCTS guided by the game's heuristic bot (playouts and the hint), where it has one, searching
    as ``settings`` say (:func:`search_spec`: the game's, changed by the bot's name)."""
    return _search_bot(seed, budget, settings, heuristic_playout(game), game.bots().get(HEURISTIC))


def game_settings(game: Game) -> Mapping[str, float]:
    """The game's :attr:`~feldherr.core.game.Game.search_settings`, checked."""
    settings = game.search_settings
    unknown = set(settings) - set(SEARCH_SETTINGS)
    if unknown:
        raise ValueError(f"{game.name}.search_settings: unknown {sorted(unknown)} (known: {SEARCH_SETTINGS})")
    return settings


def _search_bot(
    seed: int,
    budget: Budget,
    settings: Mapping[str, float],
    playout: Callable[[], Playout] | None,
    hint: Callable[[int], Bot] | None,
) -> SearchBot:
    depth = settings.get("tree_depth")
    return SearchBot(
        seed,
        budget,
        playout,
        hint=hint,
        tree_hints=bool(settings.get("tree_hints", 0)),
        margin_weight=float(settings.get("margin_weight", 0.0)),
        tree_depth=None if depth is None else int(depth),
    )


def medium(game: Game, seed: int, arg: str | None = None) -> Bot:
    return guided(game, seed, *search_spec(arg, "0.25s", game_settings(game)))


def hard(game: Game, seed: int, arg: str | None = None) -> Bot:
    return guided(game, seed, *search_spec(arg, "1s", game_settings(game)))


def ismcts(game: Game, seed: int, arg: str | None = None) -> Bot:
    """Random playouts and no hint; it does not take the game's settings, only those of its name."""
    budget, settings = search_spec(arg, "200i", {})
    return _search_bot(seed, budget, settings, None, None)
