"""Move checking with typed errors, and the per-seat view (what a player sees at the table).

:func:`check_move` is the complete validator; the engine's fast path only short-cuts moves that are
certainly legal. Every error names its rule (``mansfeld.*``) and nothing changes when one is raised.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from feldherr.core.errors import (
    GameOverError,
    IllegalMoveError,
    MalformedMoveError,
    NotOwnedError,
    NotYourTurnError,
    UnaffordableError,
    WrongPhaseError,
)
from feldherr.core.game import Move
from feldherr.mansfeld.cards import COST, MAX_DICE

if TYPE_CHECKING:
    from feldherr.mansfeld.state import MansfeldState

_PHASE_OF_KIND = {"dice": 0, "recruit": 1, "pass": 1, "commit": 2}
_PHASE_NAMES = ("dice", "recruit", "commit", "over")


def check_move(state: MansfeldState, seat: int, move: Move) -> Move:
    """Return the move in canonical form if ``seat`` may play it now; else raise a typed error."""
    phase = state.phase
    if phase == 3:
        raise GameOverError("the game is over", rule="mansfeld.end")
    if type(seat) is not int or seat not in state.to_move():
        raise NotYourTurnError(f"seat {seat!r} has no decision to make now", rule="mansfeld.turn")
    if not isinstance(move, tuple) or not move or not isinstance(move[0], str):
        raise MalformedMoveError(f"not a move: {move!r}", rule="mansfeld.move")
    kind = move[0]
    want = _PHASE_OF_KIND.get(kind)
    if want is None:
        raise MalformedMoveError(f"unknown kind of move {kind!r}", rule="mansfeld.move")
    if want != phase:
        name = _PHASE_NAMES[phase]
        raise WrongPhaseError(f"{kind!r} does not belong to the {name} phase", rule=f"mansfeld.phase.{name}")
    if kind == "dice":
        if len(move) != 2 or type(move[1]) is not int:
            raise MalformedMoveError(f"expected ('dice', count), got {move!r}", rule="mansfeld.move")
        if not 1 <= move[1] <= MAX_DICE:
            raise IllegalMoveError(
                f"the own die shows 1..{MAX_DICE}, not {move[1]}", rule="mansfeld.recruit.dice-count"
            )
        return move
    if kind == "pass":
        if len(move) != 1:
            raise MalformedMoveError(f"expected ('pass',), got {move!r}", rule="mansfeld.move")
        return move
    if kind == "recruit":
        if len(move) != 2 or type(move[1]) is not int:
            raise MalformedMoveError(f"expected ('recruit', card), got {move!r}", rule="mansfeld.move")
        card = move[1]
        if card not in state.open:
            raise IllegalMoveError(f"card {card!r} does not lie open", rule="mansfeld.recruit.open-card")
        if card not in state.reach:
            raise UnaffordableError(
                f"no combination of the dice {list(state.dice)} makes exactly {COST[card]}",
                rule="mansfeld.recruit.exact-sum",
            )
        return move
    # commit
    if len(move) != 2 or not isinstance(move[1], tuple | list):
        raise MalformedMoveError(f"expected ('commit', cards), got {move!r}", rule="mansfeld.move")
    chosen = move[1]
    hand = state.cards[seat]
    for c in chosen:
        if type(c) is not int:
            raise MalformedMoveError(f"not a card id: {c!r}", rule="mansfeld.move")
        if c not in hand:
            raise NotOwnedError(f"card {c} is not in seat {seat}'s hand", rule="mansfeld.conquer.own-cards")
    if len(set(chosen)) != len(chosen):
        raise IllegalMoveError("a card can be committed only once", rule="mansfeld.conquer.own-cards")
    return ("commit", tuple(sorted(chosen)))


def view_of(state: MansfeldState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` sees: open cards, everyone's recruited cards (laid out face up, so hands in the
    conquering phase are known too), revealed dice and luck; never the deck order, another seat's
    secret dice or commitment (not even how many cards), the dice pool or the generator."""
    from feldherr.mansfeld.state import COMMIT, DICE, KEYS, PHASES, RECRUIT

    def keys(cards: Any) -> list[str]:
        return [KEYS[c] for c in cards]

    n = state.num_players
    phase = state.phase
    secret_dice = phase == DICE
    own = seat if isinstance(seat, int) and 0 <= seat < n else None
    choice = [(state.choice[s] or None) if (not secret_dice or s == own) else None for s in range(n)]
    my_commit = None
    if phase == COMMIT and own is not None and state.commit[own] is not None:
        my_commit = keys(state.commit[own] or ())
    return {
        "game": state.game_name,
        "seat": seat,
        "players": n,
        "ages": list(state.ages),
        "phase": PHASES[phase],
        "round": state.round,
        "to_move": list(state.to_move()),
        "deck_size": len(state.deck),
        "open": keys(state.open),
        "left": keys(state.left),
        "cards": [keys(h) for h in state.cards],
        "used": [keys(h) for h in state.used],
        "dice_set": [state.choice[s] > 0 for s in range(n)] if secret_dice else [True] * n,
        "choice": choice,
        "order": list(state.order) if phase == RECRUIT else [],
        "roll": list(state.dice) if phase == RECRUIT else [],
        "reach": keys(state.reach) if phase == RECRUIT else [],
        "provinces": [
            {"no": i + 1, "value": v, "owner": (o if o >= 0 else None)}
            for i, (v, o) in enumerate(zip(state.values, state.owner, strict=True))
        ],
        "luck": list(state.luck) if phase == COMMIT else [],
        "committed": [state.commit[s] is not None for s in range(n)] if phase == COMMIT else [],
        "my_commit": my_commit,
        "scores": state.scores(),
    }
