"""OpenSpiel's own ISMCTS bot on a feldherr game: one seat searches, the others play at random.

The game is loaded with ``turn_based=True`` (OpenSpiel's ISMCTS acts at decision nodes, not at
simultaneous ones); ISMCTS samples worlds with ``resample_from_infostate`` (the engine's
``determinize``) and keys its tree by the information-state string::

    python -m feldherr.adapters.ismcts toy --simulations 50 --games 4
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from feldherr.adapters.openspiel import register, short_name


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
    register([game])
    spiel_game = pyspiel.load_game(short_name(game), {**(params or {}), "turn_based": True})
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
    parser = argparse.ArgumentParser(description="OpenSpiel's ISMCTS against random players")
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--simulations", type=int, default=50)
    parser.add_argument("--games", type=int, default=4)
    args = parser.parse_args(argv)
    params = {} if args.players is None else {"players": args.players}
    wins = [play(args.game, params, args.simulations, seed).returns()[0] for seed in range(args.games)]
    print(f"ISMCTS seat 0: mean win share {sum(wins) / len(wins):.3f} over {args.games} games")


if __name__ == "__main__":
    main()
