"""OpenSpiel's own ISMCTS bot on a feldherr game: one seat searches, the others play at random.

The game is loaded with ``turn_based=True`` (OpenSpiel's ISMCTS acts at decision nodes, not at
simultaneous ones); ISMCTS samples worlds with ``resample_from_infostate`` (the engine's
``determinize``) and keys its tree by the information-state string::

    python -m feldherr.adapters.ismcts toy --simulations 50 --games 4
"""

from __future__ import annotations

import sys
import time
from typing import Any

import numpy as np

from feldherr.adapters._script import checked_game, program, unavailable
from feldherr.core.commandline import MAX_COUNT, whole_number

try:
    from open_spiel.python.algorithms import ismcts, mcts

    from feldherr.adapters.openspiel import load_game
except ImportError as exc:
    raise unavailable(__name__, "python -m feldherr.adapters.ismcts", "open_spiel (pyspiel)", exc) from exc


def play(
    game: str,
    params: dict[str, Any] | None = None,
    simulations: int = 50,
    seed: int = 0,
    seat: int = 0,
    max_moves: int | None = None,
) -> Any:
    """One game: ISMCTS at ``seat``, uniform random elsewhere; returns the OpenSpiel state at the
    end (or after ``max_moves`` moves of all players, for a quick look at a long game)."""
    spiel_game = load_game(game, {**(params or {}), "turn_based": True})  # big numbers refused first
    rng = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(
        game=spiel_game,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        uct_c=2.0,
        max_simulations=simulations,
        random_state=rng,
    )
    state = spiel_game.new_initial_state()
    moves = 0
    while not state.is_terminal() and (max_moves is None or moves < max_moves):
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
            continue
        if state.current_player() == seat:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
        moves += 1
    return state


def main(argv: list[str] | None = None) -> None:
    parser = program(
        "python -m feldherr.adapters.ismcts",
        "OpenSpiel's ISMCTS bot (seat 0) against uniformly random players, on the "
        "turn-based OpenSpiel form of a feldherr game. Prints one line per game on standard error "
        "and the mean win share of seat 0.",
    )
    parser.add_argument(
        "--simulations", type=whole_number(1, MAX_COUNT), default=50, metavar="N",
        help="ISMCTS simulations per decision (default 50)",
    )  # fmt: skip
    parser.add_argument(
        "--games",
        type=whole_number(1, MAX_COUNT),
        default=4,
        metavar="N",
        help="games, seeds 0 to N-1 (default 4)",
    )
    args = parser.parse_args(argv)
    params = {} if args.players is None else {"players": args.players}
    checked_game(parser, args.game, params)
    wins = []
    for seed in range(args.games):
        started = time.perf_counter()
        state = play(args.game, params, args.simulations, seed)
        wins.append(state.returns()[0])
        print(
            f"game {seed + 1}/{args.games}: seat 0 win share {wins[-1]:.3f}, "
            f"{len(state.history())} actions, {time.perf_counter() - started:.1f} s",
            file=sys.stderr,
            flush=True,
        )
    print(f"ISMCTS seat 0: mean win share {sum(wins) / len(wins):.3f} over {args.games} games")


if __name__ == "__main__":
    main()
