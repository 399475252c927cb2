"""Taking a move back where the table allows it: the game-agnostic test.

A move may be taken back (:meth:`feldherr.core.match.Match.undo`) only when doing so cannot give
anyone an advantage: the move drew no chance and told nobody anything that was hidden before.
:func:`no_news` decides that from the states alone, for any game that implements
:meth:`~feldherr.core.game.State.determinize`:

* **chance**: the state's generator is the same after the move as before (a game whose generator
  cannot be read is refused);
* **the mover learned nothing**: the move is applied again to states that agree with everything the
  mover could see before it but differ in what it could not (``before.determinize(seat, k)``: the
  others' hands and plans, the deck orders, the generator resampled); the mover's view afterwards
  must be the same in every one of them as in the real game;
* **nobody else learned anything but the move**: for every other seat and a spectator, what changed
  in their view (the paths of the view JSON that differ, with their new values; the seat's own
  legal moves left out, which follow from its view) must be the same in those states as in the real
  game. A card turned up, a plan revealed or a draw from a face-down deck differs between the
  samples; the public part of the mover's own choice does not.

The test is conservative: it may refuse a harmless move (then the move stands, as at a table
without undo), it never lets a seat take back a move after which it or anyone saw something new.
A game says which kinds of move a player may take back at all (:meth:`Game.undoable`, default
none); :class:`~feldherr.core.match.Match` applies both.
"""

from __future__ import annotations

from typing import Any

from feldherr.core.errors import RuleError
from feldherr.core.game import Move, State

SAMPLES = 4
"""How many resampled states the hidden-information test compares (more: fewer accidental agreements)."""

_MISSING = object()


def generator_state(state: State) -> Any:
    """The state's generator position (``state.rng.state``, else the ``rng`` field of its JSON), or
    None if it has none that can be read."""
    rng = getattr(state, "rng", None)
    value = getattr(rng, "state", None)
    if value is not None:
        return value
    return state.to_json().get("rng")


def no_news(before: State, seat: int, move: Move, after: State, samples: int = SAMPLES) -> str | None:
    """None when ``move`` of ``seat`` (which turned ``before`` into ``after``) drew no chance and told
    no one anything hidden (see the module docstring); otherwise the rule id that refuses it:
    ``core.undo.over``, ``core.undo.chance`` or ``core.undo.hidden``."""
    if after.is_terminal():
        return "core.undo.over"
    chance = generator_state(before)
    if chance is None or chance != generator_state(after):
        return "core.undo.chance"
    others: list[int | None] = [s for s in range(before.num_players) if s != seat]
    others.append(None)
    real_mine = after.view(seat)
    real = {other: _delta(before.view(other), after.view(other)) for other in others}
    for k in range(samples):
        try:
            sample = before.determinize(seat, 7919 * (k + 1))
            moved = sample.clone()
            moved.apply(seat, move)
        except (NotImplementedError, RuleError):
            return "core.undo.hidden"
        if moved.view(seat) != real_mine:
            return "core.undo.hidden"
        for other in others:
            if _delta(sample.view(other), moved.view(other)) != real[other]:
                return "core.undo.hidden"
    return None


def _delta(old: dict[str, Any], new: dict[str, Any]) -> dict[tuple[Any, ...], Any]:
    """The paths of ``new`` whose values differ from ``old`` (a removed path: ``_MISSING``), the
    seat's own legal moves (``decision``) left out."""
    a = _flat({k: v for k, v in old.items() if k != "decision"})
    b = _flat({k: v for k, v in new.items() if k != "decision"})
    changed = {path for path in a.keys() | b.keys() if a.get(path, _MISSING) != b.get(path, _MISSING)}
    return {path: b.get(path, _MISSING) for path in changed}


def _flat(data: Any, path: tuple[Any, ...] = ()) -> dict[tuple[Any, ...], Any]:
    out: dict[tuple[Any, ...], Any] = {}
    stack: list[tuple[Any, tuple[Any, ...]]] = [(data, path)]
    while stack:
        value, where = stack.pop()
        if isinstance(value, dict):
            if not value:
                out[where] = "{}"
            stack.extend((v, (*where, k)) for k, v in value.items())
        elif isinstance(value, list | tuple):
            out[(*where, "#")] = len(value)
            stack.extend((v, (*where, i)) for i, v in enumerate(value))
        else:
            out[where] = value
    return out
