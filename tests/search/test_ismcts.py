"""Information-set MCTS on the toy game: legal, deterministic, honest about what it sees, decoupled
at simultaneous decisions, stronger than chance, and within its time budget."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from toygame import GAME, ToyState

from feldherr.core.bots import RandomBot, SeatAccess
from feldherr.core.game import Outcome, State
from feldherr.core.play import play_game
from feldherr.core.rng import Rng
from feldherr.search import ISMCTS, BotPlayout, Budget, RandomPlayout, SearchBot
from feldherr.search.strengths import heuristic_playout
from feldherr.sim.tournament import tournament


def new_state(players: int = 3, rounds: int = 3, variant: str = "double", seed: int = 1) -> ToyState:
    return GAME.new_state({"players": players, "rounds": rounds, "variant": variant}, seed)


def first_choice(state: State) -> SeatAccess:
    """The access of the first seat to move (a real decision with several moves)."""
    return SeatAccess(state, state.to_move()[0])


def test_every_decision_is_legal_and_the_game_ends() -> None:
    bots = [SearchBot(seed, Budget(iterations=20)) for seed in range(3)]
    record, state, decisions = play_game(GAME, {"players": 3, "rounds": 5}, 7, bots)
    assert state.is_terminal()
    assert decisions == len(record.moves)


def test_an_iteration_budget_makes_the_bot_deterministic() -> None:
    def play() -> str:
        bots = [SearchBot(seed, Budget(iterations=30)) for seed in (11, 12)]
        record, _, _ = play_game(GAME, {"players": 2, "rounds": 5}, 3, bots)
        return record.digest()

    assert play() == play()


def test_the_budget_is_spent_and_reported() -> None:
    bot = SearchBot(1, Budget(iterations=40))
    bot.choose(first_choice(new_state()))
    assert bot.last.iterations == 40
    assert bot.last.dropped == 0
    assert bot.last.root is not None and sum(v for v, _ in bot.last.root.values()) == 40


def test_a_forced_move_is_played_without_search() -> None:
    state = new_state(players=2, rounds=1, variant="plain")
    state.hands[0] = [4, 4, 4, 4, 4]
    bot = SearchBot(1, Budget(iterations=50))
    assert bot.choose(SeatAccess(state, 0)) == ("bid", 4)
    assert bot.last.iterations == 0


class SpyAccess(SeatAccess):
    """Counts the samples the bot asks for."""

    __slots__ = ("seeds",)

    def __init__(self, state: State, seat: int) -> None:
        super().__init__(state, seat)
        self.seeds: list[int] = []

    def determinize(self, seed: int) -> State:
        self.seeds.append(seed)
        return super().determinize(seed)


def test_every_iteration_searches_a_fresh_sample() -> None:
    state = new_state()
    access = SpyAccess(state, state.to_move()[0])
    bot = SearchBot(5, Budget(iterations=60))
    before = state.digest()
    bot.choose(access)
    assert len(access.seeds) == 60
    assert len(set(access.seeds)) == 60, "each iteration its own world (hidden cards, future chance)"
    assert state.digest() == before, "the real state is never touched"


def test_samples_differ_in_what_the_seat_cannot_see() -> None:
    state = new_state(players=3, variant="plain")
    access = SeatAccess(state, 0)
    worlds = [access.determinize(seed) for seed in range(20)]
    assert {tuple(w.hands[0]) for w in worlds} == {tuple(state.hands[0])}
    assert len({tuple(w.hands[1]) for w in worlds}) > 1
    assert len({w.rng.state for w in worlds}) == 20, "chance is resampled"


def test_simultaneous_bids_are_decoupled() -> None:
    """One round, both seats bid at once: the opponent's decision is one information set, the same
    whichever bid seat 0 tries, so its statistics never depend on seat 0's secret bid."""
    state = new_state(players=2, rounds=1, variant="plain")
    access = SeatAccess(state, 0)
    search = ISMCTS(Budget(iterations=80), RandomPlayout(), Rng(3))
    search.run(access, access.legal_moves())
    assert len(search.root) == len(access.legal_moves()) > 1
    assert len(search.table) == 1
    (seat, _), node = next(iter(search.table.items()))
    assert seat == 1
    assert sum(stats[0] for stats in node.values()) > 0


def test_the_search_beats_random_and_holds_against_the_heuristic() -> None:
    options = {"rounds": 5, "variant": "plain"}
    vs_random = tournament("toy", "ismcts@60i,random", games=40, seed=2, options=options)
    assert vs_random.win_rate[0] > 0.6
    vs_heuristic = tournament("toy", "ismcts@60i,heuristic", games=40, seed=2, options=options)
    assert vs_heuristic.win_rate[0] > 0.4


def test_rewards_blend_the_win_with_the_rank() -> None:
    search = ISMCTS(Budget(iterations=1), RandomPlayout(), Rng(0), rank_weight=0.2)
    rewards = search.rewards(Outcome((5.0, 3.0, 3.0, 1.0), (0,)), 4)
    assert rewards == pytest.approx([0.8 + 0.2, 0.2 * 1.5 / 3, 0.2 * 1.5 / 3, 0.0])
    tie = search.rewards(Outcome((5.0, 5.0), (0, 1)), 2)
    assert tie == pytest.approx([0.5 * 0.8 + 0.1, 0.5 * 0.8 + 0.1])


# -- time budgets ------------------------------------------------------------------------------
class FakeTime:
    """A clock that moves only when the game does work: ``cost`` seconds per applied move."""

    def __init__(self, cost: float) -> None:
        self.now = 1000.0
        self.cost = cost

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def slow_moves(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeTime]:
    clock = FakeTime(0.0)
    apply = ToyState.apply

    def costly_apply(self: ToyState, seat: int, move: tuple[object, ...]) -> None:
        clock.now += clock.cost
        apply(self, seat, move)

    monkeypatch.setattr(ToyState, "apply", costly_apply)
    yield clock


@pytest.mark.parametrize("cost", [1e-5, 1e-4, 1e-3, 4e-3, 1e-2])
@pytest.mark.parametrize("policy", ["random", "heuristic", "heuristic, flat"])
def test_a_time_budget_is_never_overrun_by_more_than_ten_percent(
    slow_moves: FakeTime, cost: float, policy: str
) -> None:
    """With moves costing from 1/10,000 of the budget to a tenth of it (a playout then costs more than
    the whole budget, and the search must stop in the middle of one); also searched flat, as
    Wallenstein and Mansfeld ask for."""
    slow_moves.cost = cost
    budget = 0.1
    playout = None if policy == "random" else heuristic_playout(GAME)
    flat = policy.endswith("flat")
    bots = [
        SearchBot(
            seed,
            Budget(seconds=budget),
            playout,
            clock=slow_moves,
            tree_depth=0 if flat else None,
            margin_weight=0.3 if flat else 0.0,
        )
        for seed in range(3)
    ]
    state = new_state(players=3, rounds=5)
    spent: list[float] = []
    while not state.is_terminal():
        for seat in state.to_move():
            if seat not in state.to_move():
                continue
            started = slow_moves()
            move = bots[seat].choose(SeatAccess(state, seat))
            if bots[seat].last.root and len(bots[seat].last.root) > 1:
                spent.append(slow_moves() - started)
            state.apply(seat, move)
    assert spent
    assert max(spent) <= 1.1 * budget, spent


def test_a_time_budget_on_the_real_clock() -> None:
    """A loose check on the real clock (the machine may be busy): the search stops near its budget
    and gets a useful number of iterations done."""
    bot = SearchBot(2, Budget(seconds=0.05))
    bot.choose(first_choice(new_state()))
    assert bot.last.iterations > 1
    assert bot.last.seconds <= 0.05 * 1.1 + 0.05
    cpu = SearchBot(2, Budget(seconds=0.05, cpu=True))
    assert cpu.clock is time.process_time
    cpu.choose(first_choice(new_state()))
    assert cpu.last.iterations > 1 and cpu.last.seconds <= 0.05 * 1.1


def test_bot_playouts_use_the_bot_on_the_sample() -> None:
    class Counting(RandomBot):
        calls = 0

        def choose(self, seat: SeatAccess) -> tuple[object, ...]:
            Counting.calls += 1
            assert isinstance(seat, SeatAccess)
            return super().choose(seat)

    bot = SearchBot(1, Budget(iterations=10), lambda: BotPlayout(Counting, epsilon=0.0))
    bot.choose(first_choice(new_state(rounds=5)))
    assert Counting.calls > 10


def test_a_hint_is_searched_first_and_favoured() -> None:
    state = new_state(players=2, rounds=3, variant="plain")
    access = SeatAccess(state, 0)
    moves = access.legal_moves()
    hint = moves[-1]
    search = ISMCTS(Budget(iterations=1), RandomPlayout(), Rng(4), hint=hint)
    move, report = search.run(access, moves)
    assert move == hint and report.root is not None and report.root[hint][0] == 1
    bot = SearchBot(1, Budget(iterations=5), hint=lambda seed: HintBot())
    bot.choose(access)
    assert bot.last.root is not None and bot.last.root[moves[-1]][0] >= 1


class HintBot:
    def choose(self, seat: SeatAccess) -> tuple[object, ...]:
        return seat.legal_moves()[-1]


def test_the_hint_stays_unless_the_search_shows_better() -> None:
    search = ISMCTS(Budget(iterations=1), RandomPlayout(), Rng(0), hint=("b",))
    moves = [("a",), ("b",)]
    search.root = {("a",): [3.0, 2.0, 3.0], ("b",): [2.0, 0.5, 3.0]}
    assert search.best(moves) == ("b",), "3 against 2 visits: noise"
    search.root = {("a",): [300.0, 200.0, 300.0], ("b",): [200.0, 50.0, 300.0]}
    assert search.best(moves) == ("a",), "0.67 against 0.25 over hundreds of visits"
    search.hint = None
    search.root = {("a",): [3.0, 2.0, 3.0], ("b",): [2.0, 0.5, 3.0]}
    assert search.best(moves) == ("a",), "without a hint: the most visited"


def test_rewards_can_count_the_margin_over_the_best_other_seat() -> None:
    search = ISMCTS(Budget(iterations=1), RandomPlayout(), Rng(0), rank_weight=0.0, margin_weight=0.5)
    rewards = search.rewards(Outcome((6.0, 4.0, 2.0), (0,)), 3)
    # spread 4: the winner leads by 2 (0.75), the second trails by 2 (0.25), the last by 4 (0)
    assert rewards == pytest.approx([0.5 + 0.5 * 0.75, 0.5 * 0.25, 0.0])


class LastMoveChooser:
    """A sample chooser that always names the last legal move."""

    calls = 0

    def __init__(self, seed: int = 0) -> None:
        pass

    def choose(self, seat: SeatAccess) -> tuple[object, ...]:
        return seat.legal_moves()[-1]

    def choose_in_sample(
        self, state: State, seat: int, legal: list[tuple[object, ...]]
    ) -> tuple[object, ...]:
        LastMoveChooser.calls += 1
        return legal[-1]


def _first_visits(search: ISMCTS) -> list[bool]:
    """For each node below the root visited once: whether that visit went to its last legal move."""
    out = []
    for node in search.table.values():
        visited = [m for m, s in node.items() if s[0] > 0]
        if len(node) > 1 and len(visited) == 1:
            out.append(visited[0] == list(node)[-1])
    return out


def test_tree_hints_expand_every_node_with_the_policy_move_first() -> None:
    state = new_state(players=2, rounds=3, variant="plain")
    access = SeatAccess(state, 0)
    moves = access.legal_moves()
    bot = SearchBot(1, Budget(iterations=40), hint=LastMoveChooser, tree_hints=True)
    bot.choose(access)
    assert LastMoveChooser.calls > 0
    guided = ISMCTS(
        Budget(iterations=40), RandomPlayout(), Rng(1), tree_hint=LastMoveChooser().choose_in_sample
    )
    guided.run(access, moves)
    firsts = _first_visits(guided)
    assert firsts and all(firsts)
    unguided = ISMCTS(Budget(iterations=40), RandomPlayout(), Rng(1))
    unguided.run(access, moves)
    assert not all(_first_visits(unguided))


def test_a_tree_depth_of_zero_searches_only_the_root() -> None:
    state = new_state(players=2, rounds=3, variant="plain")
    access = SeatAccess(state, 0)
    moves = access.legal_moves()
    flat = ISMCTS(Budget(iterations=60), RandomPlayout(), Rng(1), tree_depth=0)
    flat.run(access, moves)
    assert flat.table == {} and sum(s[0] for s in flat.root.values()) == 60
    one = ISMCTS(Budget(iterations=60), RandomPlayout(), Rng(1), tree_depth=1)
    one.run(access, moves)
    deep = ISMCTS(Budget(iterations=60), RandomPlayout(), Rng(1))
    deep.run(access, moves)
    assert 0 < len(one.table) < len(deep.table)
