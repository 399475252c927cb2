"""Information-set Monte Carlo tree search over the core API, for any game.

Each iteration samples a complete world consistent with what the deciding seat sees
(:meth:`~feldherr.core.bots.SeatAccess.determinize`: others' hands and plans, deck orders, hidden
commitments, the generator), walks the search tree in that world, adds one new edge, plays the world
on to the end with a playout policy, and credits every decision on the way with the result for the
seat that made it.

**Nodes are information sets, not positions.** A node is keyed by what its deciding seat can know:
the searching seat's own decisions by its view in the sampled world; every other seat's decisions by
the public view (``view(None)``) plus the seat. The key is the game's
:meth:`~feldherr.core.game.Game.infoset_key` (equal exactly when the views are equal; the games
give a tuple of the raw facts their views show, far cheaper than building the view), hashed. So

* statistics are shared across all sampled worlds that look the same to the decider (the hidden
  parts do not split the tree);
* a simultaneous secret decision is *decoupled*: no seat's node depends on another seat's secret
  move of the same round, because that move is in neither its view nor the public one. Each seat
  chooses on its own statistics, as in decoupled UCT;
* chance is handled by the sampling itself: a determinized state's generator is reseeded, so every
  iteration meets different dice and cards, and the outcome of a chance event (being public) leads
  to a different node.

Because the legal moves at a node differ between worlds (an opponent's options depend on its
sampled hand), selection uses UCB with *availability counts* (Cowling, Powley, Whitehouse 2012):
a move's exploration term counts only the visits in which it was legal. The move played is the
root move visited most (ties: the better mean, then the earlier legal move).

The version (decisions so far) is part of every view envelope, so keys never repeat along a path.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from feldherr.core.bots import Bot, SeatAccess
from feldherr.core.game import Move, Outcome, State
from feldherr.core.rng import Rng
from feldherr.search.budget import Budget
from feldherr.search.playout import Clock, Playout, RandomPlayout, SampleChooser, _next_seat

Stats = list[float]
"""[visits, reward sum, availability] of one move at one node."""
Node = dict[Move, Stats]
TreeHint = Callable[[State, int, list[Move]], Move]
"""``(state, seat, legal) -> move``: a policy's choice for ``seat`` in a sampled state."""

SAFETY = 0.95
"""Share of a time budget a search plans to use; the rest absorbs the final bookkeeping."""


@dataclass
class SearchReport:
    """What the last search did (for tests, logs and benchmarks)."""

    iterations: int = 0
    dropped: int = 0
    seconds: float = 0.0
    nodes: int = 0
    root: dict[Move, tuple[int, float]] | None = None
    """Root move -> (visits, mean reward)."""


def _view_key(state: State, seat: int | None) -> Hashable:
    """The core's default key (the view's canonical JSON), for a game this process cannot look up."""
    return json.dumps(state.view(seat), sort_keys=True, separators=(",", ":"), default=str)


def _key_function(access: SeatAccess) -> Callable[[State, int | None], Hashable]:
    """The game's information-set key; the view's JSON where the registry of this process does not
    know the game (a game registered only in the process that sent the job, e.g. on a Ray worker)."""
    try:
        return access.game.infoset_key
    except ValueError:
        return _view_key


class ISMCTS:
    """One search for one decision. Use :class:`SearchBot` to play."""

    def __init__(
        self,
        budget: Budget,
        playout: Playout,
        rng: Rng,
        exploration: float = 0.7,
        rank_weight: float = 0.2,
        clock: Clock = time.perf_counter,
        hint: Move | None = None,
        hint_weight: float = 1.0,
        hint_margin: float = 1.0,
        tree_hint: TreeHint | None = None,
        margin_weight: float = 0.0,
        tree_depth: int | None = None,
    ) -> None:
        self.budget = budget
        self.playout = playout
        self.rng = rng
        self.exploration = exploration
        self.rank_weight = rank_weight
        self.clock = clock
        self.hint = hint
        """A root move suggested by a policy (the game's heuristic): tried first and favoured by a
        bonus ``hint_weight / (1 + visits)`` that fades as the search learns (progressive bias)."""
        self.hint_weight = hint_weight
        self.hint_margin = hint_margin
        self.tree_hint = tree_hint
        """A policy's move at the nodes below the root (any seat's, from the sampled state): tried
        first there and favoured like the root's hint, so the tree's players follow the policy until
        the statistics say otherwise (instead of trying their moves in random order)."""
        self.margin_weight = margin_weight
        self.tree_depth = tree_depth
        """How many decisions below the root get nodes (``None``: as many as the tree grows; ``0``:
        only the root's moves are searched, and the playout policy plays everything after them)."""
        self.root: Node = {}
        self.table: dict[tuple[int, int], Node] = {}
        self.on_result: Callable[[Move, Outcome], None] | None = None
        """Called after each completed iteration with its root move and the outcome it reached
        (the analysis board keeps per-seat totals with it: :mod:`feldherr.search.analysis`)."""
        self._infoset_key: Callable[[State, int | None], Hashable] | None = None

    # -- the search ---------------------------------------------------------------------------
    def run(
        self, access: SeatAccess, moves: list[Move], started: float | None = None
    ) -> tuple[Move, SearchReport]:
        """Search from ``access``'s position; the time budget counts from ``started`` (default:
        now)."""
        if started is None:
            started = self.clock()
        budget = self.budget
        deadline = None if budget.seconds is None else started + budget.seconds * SAFETY
        limit = budget.iterations
        self.playout.start(access.num_players, self.rng, self.clock)
        self._infoset_key = _key_function(access)  # looked up once, not per iteration
        report = SearchReport()
        slowest = 0.0
        while limit is None or report.iterations < limit:
            now = self.clock()
            if deadline is not None and report.iterations + report.dropped > 0 and now + slowest > deadline:
                break
            done = self.iterate(access, moves, self.rng.next64(), deadline)
            spent = self.clock() - now
            if done:
                report.iterations += 1
                slowest = max(slowest, spent)
            else:
                report.dropped += 1
                if deadline is not None and self.clock() >= deadline:
                    break
        report.seconds = self.clock() - started
        report.nodes = len(self.table) + 1
        report.root = {m: (int(s[0]), s[1] / s[0] if s[0] else 0.0) for m, s in self.root.items()}
        return self.best(moves), report

    def best(self, moves: list[Move]) -> Move:
        """The most visited root move (ties: the better mean, then the earlier move).

        With a hint, the search must *show* that it knows better: the hint stays unless the most
        visited move's mean beats the hint's by more than ``hint_margin`` standard errors (a
        result is at most 1, so its variance at most 1/4). With few iterations every mean is
        noise, and a bot that followed them would play worse than its hint."""

        def rank(index: int) -> tuple[float, float, int]:
            stats = self.root.get(moves[index])
            if stats is None or stats[0] == 0:
                return (0.0, 0.0, -index)
            return (stats[0], stats[1] / stats[0], -index)

        choice = moves[max(range(len(moves)), key=rank)]
        hint = self.hint
        if hint is None or hint == choice or hint not in moves:
            return choice
        mine, theirs = self.root.get(hint), self.root.get(choice)
        if mine is None or theirs is None or mine[0] == 0 or theirs[0] == 0:
            return hint
        gap = theirs[1] / theirs[0] - mine[1] / mine[0]
        error = math.sqrt(0.25 / theirs[0] + 0.25 / mine[0])
        return choice if gap > self.hint_margin * error else hint

    def iterate(self, access: SeatAccess, root_moves: list[Move], seed: int, deadline: float | None) -> bool:
        """One iteration; ``False`` if the playout ran into ``deadline`` (nothing is credited)."""
        state = access.determinize(seed)
        me = access.seat
        infoset_key = self._infoset_key
        if infoset_key is None:  # iterate called without run
            infoset_key = self._infoset_key = _key_function(access)
        path: list[tuple[Node, Move, int]] = []
        move, fresh = self.select(self.root, root_moves, self.hint)
        state.apply(me, move)
        path.append((self.root, move, me))
        queue: list[int] = []
        depth = self.tree_depth
        while not fresh and not state.is_terminal() and (depth is None or len(path) <= depth):
            seat = _next_seat(state, queue)
            moves = state.legal_moves(seat)
            if len(moves) == 1:  # a forced move is no decision: no node for it
                state.apply(seat, moves[0])
                continue
            key = (seat, hash(infoset_key(state, seat if seat == me else None)))
            node = self.table.get(key)
            if node is None:
                node = self.table[key] = {}
            hint = None if self.tree_hint is None else self.tree_hint(state, seat, moves)
            move, fresh = self.select(node, moves, hint)
            state.apply(seat, move)
            path.append((node, move, seat))
            if deadline is not None and self.clock() > deadline:
                return False
        if not state.is_terminal() and not self.playout.play(state, deadline):
            return False
        outcome = state.outcome()
        rewards = self.rewards(outcome, state.num_players)
        if self.on_result is not None:
            self.on_result(path[0][1], outcome)
        for node, move, seat in path:
            stats = node[move]
            stats[0] += 1.0
            stats[1] += rewards[seat]
        return True

    def select(self, node: Node, moves: list[Move], hint: Move | None = None) -> tuple[Move, bool]:
        """The move to follow at ``node`` and whether it is new there (the tree grows by that edge).

        Untried moves first (the ``hint`` if untried, else a random one); then UCB1 with
        availability counts, plus the hint's fading bonus."""
        untried: list[Move] = []
        best: Move | None = None
        best_value = -math.inf
        c = self.exploration
        get = node.get
        sqrt, log = math.sqrt, math.log
        for move in moves:
            stats = get(move)
            if stats is None:
                stats = node[move] = [0.0, 0.0, 0.0]
            stats[2] += 1.0
            if stats[0] == 0:
                untried.append(move)
            elif not untried:
                value = stats[1] / stats[0] + c * sqrt(log(stats[2]) / stats[0])
                if move == hint:
                    value += self.hint_weight / (1.0 + stats[0])
                if value > best_value:
                    best, best_value = move, value
        if untried:
            if hint is not None and hint in untried:
                return hint, True
            return untried[self.rng.below(len(untried))], True
        assert best is not None
        return best, False

    def rewards(self, outcome: Outcome, players: int) -> list[float]:
        """Per seat: its share of the win, blended with the share of opponents it outscored."""
        shares = outcome.win_shares
        w = self.rank_weight
        m = self.margin_weight
        if players < 2 or w == m == 0:
            return list(shares)
        scores = outcome.scores
        spread = max(max(scores) - min(scores), 1e-9) if m else 1.0
        out = []
        for seat in range(players):
            beaten = sum(1.0 if scores[seat] > s else 0.5 if scores[seat] == s else 0.0 for s in scores)
            rank = (beaten - 0.5) / (players - 1)  # the seat ties with itself: subtract that half
            value = (1.0 - w - m) * shares[seat] + w * rank
            if m:
                best_other = max(s for o, s in enumerate(scores) if o != seat)
                value += m * (0.5 + 0.5 * (scores[seat] - best_other) / spread)
            out.append(value)
        return out


class SearchBot:
    """A bot that runs :class:`ISMCTS` for each decision with more than one legal move.

    ``playout`` makes the playout policy (default: random); ``budget`` bounds each decision (on
    ``clock``: by default wall time, or CPU time for a CPU budget);
    ``hint`` makes a bot (such as the game's heuristic) whose choice for this seat is searched first
    and favoured while the search knows little (see :attr:`ISMCTS.hint`); with ``tree_hints``, a
    second such bot names the move tried first at every node below the root too, where it is a
    :class:`~feldherr.search.playout.SampleChooser` (:attr:`ISMCTS.tree_hint`; otherwise there is
    none). ``margin_weight`` and ``tree_depth`` are :class:`ISMCTS`'s.
    ``last`` holds the :class:`SearchReport` of the latest search.
    """

    def __init__(
        self,
        seed: int = 0,
        budget: Budget | None = None,
        playout: Callable[[], Playout] | None = None,
        exploration: float = 0.7,
        rank_weight: float = 0.2,
        clock: Clock | None = None,
        hint: Callable[[int], Bot] | None = None,
        tree_hints: bool = False,
        margin_weight: float = 0.0,
        tree_depth: int | None = None,
    ) -> None:
        self.rng = Rng(seed)
        self.hint_bot = None if hint is None else hint(self.rng.next64())
        self.tree_hint: TreeHint | None = None
        if tree_hints and hint is not None:
            tree_bot = hint(self.rng.next64())
            if isinstance(tree_bot, SampleChooser):
                self.tree_hint = tree_bot.choose_in_sample
        self.margin_weight = margin_weight
        self.tree_depth = tree_depth
        self.budget = budget or Budget(iterations=200)
        self.make_playout: Callable[[], Playout] = playout or RandomPlayout
        self.exploration = exploration
        self.rank_weight = rank_weight
        self.clock: Clock = clock or (time.process_time if self.budget.cpu else time.perf_counter)
        self.last = SearchReport()

    def choose(self, seat: SeatAccess) -> Move:
        moves = seat.legal_moves()
        if not moves:
            raise RuntimeError(f"{seat.game_name}: seat {seat.seat} was asked to move but has no legal move")
        if len(moves) == 1:
            self.last = SearchReport(root={moves[0]: (0, 0.0)})
            return moves[0]
        move, self.last = self.search(seat, moves)
        return move

    def search(
        self,
        seat: SeatAccess,
        moves: list[Move],
        on_result: Callable[[Move, Outcome], None] | None = None,
    ) -> tuple[Move, SearchReport]:
        """One search over ``moves`` (at least one) as :meth:`choose` runs it; ``on_result`` sees
        every completed iteration (:attr:`ISMCTS.on_result`)."""
        started = self.clock()
        hint = None if self.hint_bot is None else self.hint_bot.choose(seat)
        search = ISMCTS(
            self.budget,
            self.make_playout(),
            Rng(self.rng.next64()),
            self.exploration,
            self.rank_weight,
            self.clock,
            hint,
            tree_hint=self.tree_hint,
            margin_weight=self.margin_weight,
            tree_depth=self.tree_depth,
        )
        search.on_result = on_result
        return search.run(seat, moves, started)
