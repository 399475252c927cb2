"""Research interfaces: PettingZoo, OpenSpiel and Gymnasium views of every registered game.

The adapters are thin and game-agnostic: they use only the core contracts (``game.info``, the
action codec, ``state.action_mask``, ``state.observation``, ``state.observation_string``,
``state.determinize``, ``state.to_move``, the bots through ``SeatAccess``), so a new game gets
them for free. Each submodule imports its library on import; install them with the ``adapters``
extra (``pip install 'feldherr[adapters]'``).

* :mod:`feldherr.adapters.pettingzoo` -- ``env(game, **options)`` (AEC) and ``parallel_env``.
* :mod:`feldherr.adapters.openspiel` -- ``register()`` makes ``python_feldherr_<game>`` games.
* :mod:`feldherr.adapters.gym` -- ``SingleAgentEnv``: one seat learns, bots play the others.
* :mod:`feldherr.adapters.train` -- a numpy random-search trainer for the Gymnasium env.

See ``docs/adapters.md``.
"""


def missing_library(library: str, module: str) -> str:
    """What an adapter says when its research library is not installed: what to install."""
    return (
        f"{module} needs {library}, which is not installed here: pip install 'feldherr[adapters]' "
        "(in a checkout: pip install -e '.[adapters]')"
    )
