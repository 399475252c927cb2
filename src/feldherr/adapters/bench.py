"""Adapter throughput against the raw engine: decisions per second in uniformly random games.

Every loop plays the same seeded games with uniformly random legal actions and counts decisions
(one seat's action; a staged choice, such as Mansfeld's commitment, takes several). The random
pick is Python's generator in every loop (as the random bots pick): a call of numpy's
``Generator.integers`` costs about an engine decision. The policy picks from the legal actions as
each interface hands them out: OpenSpiel's ``legal_actions()``, PettingZoo's ``info["legal_actions"]``
(the observation and mask are still built every step), Gymnasium's mask; the engine's loops from
the legal list they worked out for the mask. The raw loops call the engine directly:

* ``engine: moves`` -- the raw engine as ``feldherr bench`` plays it (random bots: ``legal_moves``,
  a pick, ``apply``), the reference of the target (issue 24): every adapter at least 50 % of it;

* ``engine: codec step`` -- the legal actions (``encode`` of each of ``legal_moves(seat)``, which
  is what ``action_mask`` marks), pick, ``decode``, ``apply``: what any integer-action interface
  must do (the baseline of the OpenSpiel loop, which asks for no observation). ``action_mask``
  itself is not called: its default builds a list of ``num_actions`` booleans, which for a large
  action space costs more than the step;
* ``engine: RL step`` -- the same plus ``observation(seat)`` of the acting seat and the dense
  ``num_actions`` mask a policy picks from: the baseline of the PettingZoo AEC and Gymnasium loops,
  which hand the acting seat its observation and mask each step;
* ``engine: RL step, all seats`` -- the codec step plus every seat's observation (all at once,
  ``Table.observations``) and mask: the baseline of the parallel environment, whose API returns
  every agent's observation each step;
* ``engine: RL seat 0, bots`` -- seat 0 takes RL steps, the other seats move as random bots do
  (``legal_moves``, pick, ``apply``): the baseline of the Gymnasium loop.

Run ``python -m feldherr.adapters.bench GAME --players N --games 200``; the toy game of the tests:
``PYTHONPATH=tests/core python -m feldherr.adapters.bench toy --register toy=toygame:ToyGame``.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from feldherr.adapters._script import checked_game, program
from feldherr.adapters.table import Table, mask_into
from feldherr.core.actions import Choices
from feldherr.core.bots import SeatAccess
from feldherr.core.commandline import MAX_COUNT, whole_number
from feldherr.core.game import State
from feldherr.core.play import make_bots


def _legal(mask: Any) -> Any:
    """The legal actions of an int8 mask, ascending: numpy's ``nonzero``, through a boolean view
    (no copy) for a large mask, where ``nonzero`` on booleans is several times faster than on int8
    (1.4 µs against 12 µs for Wallenstein's 3,947 actions), on the int8 mask itself for a small one,
    where the view costs more than it saves (0.4 µs against 1.1 µs for Mansfeld's 44)."""
    return (mask.view(np.bool_) if len(mask) > 128 else mask).nonzero()[0]


def _pick(rng: random.Random, mask: Any) -> int:
    """A uniformly random legal action of a mask: what a random policy does (Python's generator,
    as the random bots use: a call of numpy's ``Generator.integers`` costs about as much as an
    engine decision, which is the policy's cost, not the interface's; the legal actions found as
    :func:`_legal` finds them)."""
    legal = _legal(mask)
    return int(legal[rng.randrange(len(legal))])


def engine_loop(table: Table, seeds: list[int], observe: str = "none") -> int:
    """The raw engine: ``observe`` is ``none``, ``acting``, ``all`` or ``seat0`` (see the module
    docstring; ``seat0``: seat 0 takes RL steps, the others move as random bots do). Actions go
    through the core's action layer (:class:`~feldherr.core.actions.Choices`), so a staged choice
    takes its several actions here as in the adapters; a decision is one action."""
    rng = random.Random(0)
    game = table.game
    bots = make_bots(game, ["random"] * table.num_players, 0)
    everyone = list(range(table.num_players))
    shape = (table.num_players, *table.info.observation_shape)
    decisions = 0
    for seed in seeds:
        state: State = table.new_state(seed)
        choices = Choices(game)
        while not state.is_terminal():
            if observe == "all":  # every seat's observation and (dense) mask, then the actions
                seats = state.to_move()
                chosen = {}
                table.observations(state, everyone, choices, np.empty(shape, np.float32), seats)
                for seat in everyone:
                    if seat in seats:
                        actions = choices.legal(state, seat, seats)
                        mask_into(np.empty(table.num_actions, dtype=np.int8), actions)
                        chosen[seat] = actions[int(rng.randrange(len(actions)))]
                    else:
                        table.mask(state, seat, choices, None, seats)
                moving = seats
                for i, seat in enumerate(seats):
                    if i:
                        moving = () if state.is_terminal() else state.to_move()
                        if seat not in moving:
                            continue
                    choices.play(state, seat, chosen[seat], moving)
                    decisions += 1
                continue
            moving = state.to_move()
            for i, seat in enumerate(moving):
                if i:
                    moving = () if state.is_terminal() else state.to_move()
                    if seat not in moving:
                        continue
                if observe == "seat0" and seat != 0:
                    state.apply(seat, bots[seat].choose(SeatAccess(state, seat)))
                    decisions += 1
                    continue
                actions = choices.legal(state, seat, moving)
                if observe in ("acting", "seat0"):  # what an RL policy is handed
                    table.observation(state, seat, choices, None, moving)
                    mask = np.empty(table.num_actions, dtype=np.int8)
                    mask_into(mask, actions)
                action = actions[int(rng.randrange(len(actions)))]
                choices.play(state, seat, action, moving)
                decisions += 1
    return decisions


def aec_loop(table: Table, seeds: list[int]) -> int:
    from feldherr.adapters.pettingzoo import FeldherrAEC

    env = FeldherrAEC(table.game, table.options)
    rng = random.Random(0)
    decisions = 0
    for seed in seeds:
        env.reset(seed=seed)
        for _agent in env.agent_iter():
            _obs, _, terminated, truncated, info = env.last()  # (the observation is built)
            if terminated or truncated:
                env.step(None)
                continue
            legal = info["legal_actions"]
            env.step(legal[rng.randrange(len(legal))])
            decisions += 1
    return decisions


def parallel_loop(table: Table, seeds: list[int]) -> int:
    from feldherr.adapters.pettingzoo import FeldherrParallel

    env = FeldherrParallel(table.game, table.options)
    rng = random.Random(0)
    decisions = 0
    for seed in seeds:
        _obs, infos = env.reset(seed=seed)  # (every agent's observation is built)
        while env.agents:
            actions = {}
            for agent, info in infos.items():  # an agent without legal actions owes no decision
                legal = info["legal_actions"]
                if legal:
                    actions[agent] = legal[rng.randrange(len(legal))]
            decisions += len(actions)
            _obs, _, _, _, infos = env.step(actions)
    return decisions


def gym_loop(table: Table, seeds: list[int]) -> int:
    """Seat 0 acts through the environment, random bots play the others; every action of seat 0
    and every move of a bot counts."""
    from feldherr.adapters.gym import SingleAgentEnv

    env = SingleAgentEnv(table.game, options=table.options)
    rng = random.Random(0)
    decisions = 0
    for seed in seeds:
        obs, _ = env.reset(seed=seed)
        done = False
        while not done:
            obs, _, done, _, _ = env.step(_pick(rng, obs["action_mask"]))
            decisions += 1
        decisions += env.bot_moves
    return decisions


def openspiel_loop(table: Table, seeds: list[int], turn_based: bool) -> int:
    from feldherr.adapters.openspiel import load_game

    params: dict[str, Any] = {**_scalar_options(table), "turn_based": turn_based}
    game = load_game(table.game.name, params)
    rng = random.Random(0)
    players = range(game.num_players())
    pass_action = [game.pass_action]
    decisions = 0
    for seed in seeds:
        state = game.new_initial_state()
        state.apply_action(seed % game.get_parameters()["seeds"])
        while not state.is_terminal():
            if state.is_simultaneous_node():
                joint = []
                for p in players:
                    legal = state.legal_actions(p)
                    if legal == pass_action:  # a seat that owes nothing: no choice to make
                        joint.append(legal[0])
                        continue
                    joint.append(int(legal[rng.randrange(len(legal))]))
                    decisions += 1
                state.apply_actions(joint)
            else:
                legal = state.legal_actions()
                state.apply_action(int(legal[rng.randrange(len(legal))]))
                decisions += 1
    return decisions


def _scalar_options(table: Table) -> dict[str, Any]:
    return {k: v for k, v in table.options.items() if isinstance(v, bool | int | str)}


def moves_loop(table: Table, seeds: list[int]) -> int:
    """The raw engine as ``feldherr bench`` plays it: random bots (``legal_moves``, a pick,
    ``apply``), no action encoding, no observation. A staged choice is one decision here."""
    game = table.game
    bots = make_bots(game, ["random"] * table.num_players, 0)
    decisions = 0
    for seed in seeds:
        state: State = table.new_state(seed)
        while not state.is_terminal():
            for i, seat in enumerate(state.to_move()):
                if i and seat not in state.to_move():
                    continue
                state.apply(seat, bots[seat].choose(SeatAccess(state, seat)))
                decisions += 1
    return decisions


PARTS = ("observation", "mask", "rest of last()", "random pick", "step", "raw engine decision")


def aec_parts(table: Table, seeds: list[int]) -> dict[str, float]:
    """Where an AEC decision's time goes: CPU µs per decision of each part of the AEC loop (the
    seat's observation and mask, built again beside ``last()`` to time them; the rest of
    ``last()``; the random pick; ``step``, the engine's move included), timer calls included, and
    of a raw engine decision (random bots) on the same seeds."""
    from feldherr.adapters.pettingzoo import FeldherrAEC

    clock = time.process_time
    env = FeldherrAEC(table.game, table.options)
    rng = random.Random(0)
    spent = dict.fromkeys(PARTS, 0.0)
    decisions = 0
    for seed in seeds:
        env.reset(seed=seed)
        for agent in env.agent_iter():
            t0 = clock()
            obs, _, terminated, truncated, _ = env.last()
            t1 = clock()
            if terminated or truncated:
                env.step(None)
                continue
            seat = env.seat_of[agent]
            t2 = clock()
            env.table.observation(env.game_state, seat, env.choices)
            t3 = clock()
            env.table.mask(env.game_state, seat, env.choices)
            t4 = clock()
            action = _pick(rng, obs["action_mask"])
            t5 = clock()
            env.step(action)
            t6 = clock()
            spent["observation"] += t3 - t2
            spent["mask"] += t4 - t3
            spent["rest of last()"] += (t1 - t0) - (t3 - t2) - (t4 - t3)
            spent["random pick"] += t5 - t4
            spent["step"] += t6 - t5
            decisions += 1
    start = clock()
    raw = moves_loop(table, seeds)
    spent["raw engine decision"] = (clock() - start) / raw * decisions
    # a part found by subtraction ("rest of last()") can come out a little below 0 from the
    # clock's granularity: it is reported as 0
    return {part: max(0.0, total / decisions * 1e6) for part, total in spent.items()}


RAW = "engine: moves"
"""The raw engine that the target compares every adapter with (issue 24: at least 50 %)."""

LOOPS: dict[str, tuple[Callable[[Table, list[int]], int], str]] = {
    RAW: (moves_loop, ""),
    "engine: codec step": (lambda t, s: engine_loop(t, s, "none"), ""),
    "engine: RL step": (lambda t, s: engine_loop(t, s, "acting"), ""),
    "engine: RL step, all seats": (lambda t, s: engine_loop(t, s, "all"), ""),
    "engine: RL seat 0, bots": (lambda t, s: engine_loop(t, s, "seat0"), ""),
    "openspiel (simultaneous nodes)": (lambda t, s: openspiel_loop(t, s, False), "engine: codec step"),
    "openspiel (turn_based)": (lambda t, s: openspiel_loop(t, s, True), "engine: codec step"),
    "pettingzoo AEC": (aec_loop, "engine: RL step"),
    "gymnasium single-agent": (gym_loop, "engine: RL seat 0, bots"),
    "pettingzoo parallel": (parallel_loop, "engine: RL step, all seats"),
}


def run(
    game: str,
    options: dict[str, Any],
    games: int,
    repeats: int = 3,
    progress: Callable[[str], None] | None = None,
) -> list[tuple[str, float, str, float, float]]:
    """(loop, decisions per CPU second (best of ``repeats``), baseline, cost per decision relative
    to the baseline, rate as a share of the raw engine's) for every loop. ``progress(line)`` hears
    of each loop run as it finishes."""
    table = Table(game, options)
    seeds = list(range(1, games + 1))
    rates = dict.fromkeys(LOOPS, 0.0)
    for repeat in range(repeats):  # loops interleaved, so a busy moment hits them all alike
        for name, (loop, _) in LOOPS.items():
            start = time.process_time()  # CPU time: other jobs on a shared machine count less
            decisions = loop(table, seeds)
            rate = decisions / (time.process_time() - start)
            rates[name] = max(rates[name], rate)
            if progress is not None:
                progress(f"round {repeat + 1}/{repeats}: {name}: {rate:,.0f} decisions per CPU second")
    rows = []
    for name, (_, base) in LOOPS.items():
        ratio = rates[base] / rates[name] if base else 1.0
        rows.append((name, rates[name], base or "-", ratio, rates[name] / rates[RAW]))
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = program(
        "python -m feldherr.adapters.bench",
        "Adapter throughput against the raw engine: every adapter's loop and the raw "
        "engine's loops play the same random games; prints a Markdown table of decisions per CPU "
        "second (a line per loop and round on standard error while it runs).",
    )
    parser.add_argument(
        "--games", type=whole_number(1, MAX_COUNT), default=100, metavar="N",
        help="random games per loop, seeds 1 to N (default 100)",
    )  # fmt: skip
    parser.add_argument(
        "--repeats", type=whole_number(1, MAX_COUNT), default=3, metavar="N",
        help="rounds over all loops; the best rate of each loop counts (default 3)",
    )  # fmt: skip
    parser.add_argument("--register", metavar="NAME=MODULE:CLASS", help="register a game first (tests' toy)")
    parser.add_argument(
        "--parts", action="store_true", help="where an AEC decision's time goes, instead of the table"
    )
    args = parser.parse_args(argv)
    if args.register:
        from feldherr.games import register

        name, sep, target = args.register.partition("=")
        if not sep or ":" not in target:
            parser.error(f"--register takes NAME=MODULE:CLASS, not {args.register!r}")
        register(name, target)
    options = {} if args.players is None else {"players": args.players}
    checked_game(parser, args.game, options)
    try:  # the adapters' libraries, checked before any loop runs
        import feldherr.adapters.gym
        import feldherr.adapters.openspiel
        import feldherr.adapters.pettingzoo  # noqa: F401
    except ImportError as exc:
        parser.exit(2, f"{parser.prog}: error: {exc}\n")
    if args.parts:
        parts = aec_parts(Table(args.game, options), list(range(1, args.games + 1)))
        print(f"{args.game} {options or '(default options)'}, {args.games} random games: CPU µs per decision")
        print("| " + " | ".join(PARTS) + " |")
        print("|" + "---:|" * len(PARTS))
        print("| " + " | ".join(f"{parts[p]:.1f}" for p in PARTS) + " |")
        return
    print(f"{args.game} {options or '(default options)'}, {args.games} random games, best of {args.repeats}")
    print("| loop | decisions per CPU second | baseline | cost vs baseline | share of the raw engine |")
    print("|---|---:|---|---:|---:|")
    rows = run(
        args.game, options, args.games, args.repeats, lambda line: print(line, file=sys.stderr, flush=True)
    )
    for name, rate, base, ratio, share in rows:
        print(f"| {name} | {rate:,.0f} | {base} | {ratio:.2f}× | {share:.0%} |")


if __name__ == "__main__":
    main()
