"""The named strengths reach every game through the ``feldherr.bots`` entry points."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from toygame import GAME, HeuristicBot, ToyGame

from feldherr.core.bots import Bot
from feldherr.core.errors import OptionError
from feldherr.core.play import bot_factory, bot_table, generic_bots, make_bots, play_game
from feldherr.games import get_game
from feldherr.search import BotPlayout, RandomPlayout, SearchBot
from feldherr.sim.setup import bot_names, parse_seats

STRENGTHS = ("easy", "medium", "hard", "ismcts")


def test_the_strengths_are_announced_as_entry_points() -> None:
    assert set(STRENGTHS) <= set(generic_bots())


def test_every_game_gets_the_strengths_besides_random_and_its_own() -> None:
    names = set(bot_table(GAME))
    assert {"random", "heuristic", *STRENGTHS} <= names
    assert bot_names(GAME) == sorted(names)


def test_what_each_strength_is() -> None:
    easy, medium, hard, ismcts = (bot_factory(GAME, name)(1) for name in STRENGTHS)
    assert isinstance(easy, HeuristicBot), "easy is the game's heuristic bot"
    assert isinstance(medium, SearchBot) and medium.budget.seconds == 0.25
    assert isinstance(medium.make_playout(), BotPlayout), "medium plays out with the heuristic"
    assert isinstance(medium.hint_bot, HeuristicBot), "and searches the heuristic's choice first"
    assert isinstance(hard, SearchBot) and hard.budget.seconds == 1.0
    assert isinstance(hard.make_playout(), BotPlayout) and isinstance(hard.hint_bot, HeuristicBot)
    assert isinstance(ismcts, SearchBot) and ismcts.budget.deterministic
    assert isinstance(ismcts.make_playout(), RandomPlayout) and ismcts.hint_bot is None


class PlainToy(ToyGame):
    """The toy game without a bot of its own."""

    def bots(self) -> dict[str, Callable[[int], Bot]]:
        return {}


class ToyWithHard(ToyGame):
    """The toy game with its own bot called ``hard``."""

    def bots(self) -> dict[str, Callable[[int], Bot]]:
        return {"hard": HeuristicBot}


def test_without_a_heuristic_the_strengths_search_with_random_playouts() -> None:
    game = PlainToy()
    easy, medium, hard = (bot_factory(game, name)(1) for name in ("easy", "medium", "hard"))
    assert isinstance(easy, SearchBot) and easy.budget.iterations == 50
    for bot in (medium, hard):
        assert isinstance(bot, SearchBot) and isinstance(bot.make_playout(), RandomPlayout)
        assert bot.hint_bot is None


def test_a_games_own_bot_wins_a_clash_of_names() -> None:
    assert bot_table(ToyWithHard())["hard"] is HeuristicBot


@pytest.mark.parametrize(
    ("spec", "iterations", "seconds"),
    [("hard@5i", 5, None), ("medium@0.1s", None, 0.1), ("ismcts@2i+1s", 2, 1.0)],
)
def test_a_budget_after_the_at_sign(spec: str, iterations: int | None, seconds: float | None) -> None:
    bot = bot_factory(GAME, spec)(3)
    assert isinstance(bot, SearchBot)
    assert (bot.budget.iterations, bot.budget.seconds) == (iterations, seconds)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("hard@fast", "not a search budget"),
        ("medium@0i", "at least 1 iteration"),
        ("heuristic@1s", "takes no parameter"),
        ("random@3", "takes no parameter"),
        ("easy@10i", "takes no budget"),
        ("deep-blue", "unknown bot"),
        ("deep-blue@1s", "unknown bot"),
        ("hard@5i:deep", "not a search setting"),
        ("hard@5i:tree_dpeth=1", "not a search setting"),
        ("hard@5i:tree_depth", "not a search setting"),
        ("hard@5i:tree_depth=-1", "whole number"),
        ("hard@5i:tree_depth=1.5", "whole number"),
        ("medium@5i:margin_weight=2", "between 0 and 1"),
        ("hard@5i:tree_hints=yes", "0 or 1"),
        ("hard@", "not a search budget"),
        ("hard@1e9s", "at most 86400 \\(a day\\), not 1e\\+09"),  # was accepted: 31 years a move
        ("hard@2000000000i", "at most 1000000000, not 2000000000"),
    ],
)
def test_bad_specs_are_option_errors(spec: str, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        make_bots(GAME, [spec, "random"], 1)


def test_seat_lists_accept_strengths_with_budgets() -> None:
    assert parse_seats(GAME, "medium@10i,hard@3i", 2) == ["medium@10i", "hard@3i"]
    with pytest.raises(OptionError, match="unknown player"):
        parse_seats(GAME, "medium@10i,strong", 2)
    with pytest.raises(OptionError, match="not a search budget"):
        parse_seats(GAME, "medium@x,random", 2)


def test_every_strength_plays_a_whole_game() -> None:
    specs = ["easy", "medium@8i", "hard@8i", "ismcts@8i"]
    record, state, _ = play_game(GAME, {"players": 4}, 5, make_bots(GAME, specs, 5))
    assert state.is_terminal() and record.moves


def test_a_games_search_settings_reach_the_guided_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    assert ToyGame.search_settings == {}
    plain = bot_factory(GAME, "hard")(1)
    assert isinstance(plain, SearchBot) and plain.tree_depth is None and plain.margin_weight == 0.0
    monkeypatch.setattr(ToyGame, "search_settings", {"tree_depth": 0, "margin_weight": 0.3})
    for name in ("medium", "hard"):
        bot = bot_factory(GAME, name)(1)
        assert isinstance(bot, SearchBot) and bot.tree_depth == 0 and bot.margin_weight == 0.3
    monkeypatch.setattr(ToyGame, "search_settings", {"tree_dpeth": 0})
    with pytest.raises(ValueError, match="tree_dpeth"):
        bot_factory(GAME, "hard")(1)


@pytest.mark.parametrize(
    ("spec", "depth", "margin", "hints", "iterations"),
    [
        ("hard@5i", 0, 0.3, False, 5),
        ("hard@5i:tree", None, 0.0, False, 5),
        ("medium@5i:tree:margin_weight=0.3", None, 0.3, False, 5),
        ("hard@:margin_weight=0.5", 0, 0.5, False, None),
        ("hard@7i:tree_depth=2", 2, 0.3, False, 7),
        ("ismcts@5i", None, 0.0, False, 5),
        ("ismcts@5i:tree_depth=0", 0, 0.0, False, 5),
    ],
)
def test_search_settings_in_the_bots_name(
    monkeypatch: pytest.MonkeyPatch,
    spec: str,
    depth: int | None,
    margin: float,
    hints: bool,
    iterations: int | None,
) -> None:
    monkeypatch.setattr(ToyGame, "search_settings", {"tree_depth": 0, "margin_weight": 0.3})
    bot = bot_factory(GAME, spec)(1)
    assert isinstance(bot, SearchBot)
    assert (bot.tree_depth, bot.margin_weight, bot.tree_hint is not None) == (depth, margin, hints)
    assert bot.budget.iterations == iterations
    if iterations is None:
        assert bot.budget.seconds == 1.0, "an empty budget before the settings is the default"


def test_tree_hints_in_the_name_reach_a_game_whose_heuristic_reads_samples() -> None:
    game = get_game("wallenstein")
    assert game.search_settings.get("tree_hints", 0) == 0
    hinted = bot_factory(game, "hard@5i:tree:tree_hints=1")(1)
    assert isinstance(hinted, SearchBot) and hinted.tree_hint is not None and hinted.tree_depth is None
    plain = bot_factory(game, "hard@5i:tree")(1)
    assert isinstance(plain, SearchBot) and plain.tree_hint is None
