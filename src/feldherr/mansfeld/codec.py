"""Moves as JSON and as integers.

The moves (typed tuples, kind first; see :mod:`feldherr.mansfeld.moves`) and their actions:

=================================  ==============================  ================================
move                               JSON                            actions
=================================  ==============================  ================================
``Dice("dice", k)``                ``["dice", k]``                 ``k - 1`` (k = 1..6)
``Recruit("recruit", c)``          ``["recruit", "<card key>"]``   ``6 + c`` (card id 0..N-1)
``Pass("pass")``                   ``["pass"]``                    ``6 + N``
``Commit("commit", (c, ...))``     ``["commit", ["<key>", ...]]``  ``7 + N + c`` for each card c,
                                                                   ascending, then ``7 + 2N``
=================================  ==============================  ================================

A commitment (any subset of the hand) is a staged choice (:meth:`feldherr.core.game.Game.
staged_actions`): "add card c" for each of its cards in ascending card order, then "done"
(``COMMIT_DONE``); after the cards ``partial``, the legal actions are "add" for the cards of the
hand above the last one added, and "done". So every subset has exactly one spelling, and with the
shipped deck (N = 18 cards) the action space has ``7 + 18 + 18 + 1`` = 44 actions. The move, its
JSON and the records stay one commitment; only the integer interface spells it in steps.

The JSON reader checks exact types: ``3.0``, ``true`` and ``"3"`` are not the number 3, cards are
named by key only (never by number), and a commitment names distinct cards (read in any order, it
is returned with the ids sorted, the one form ``apply`` accepts).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from feldherr.core.errors import MalformedMoveError, shown_json
from feldherr.core.game import JSON, Move
from feldherr.mansfeld.data import BY_KEY, CARDS, KEYS, MAX_DICE
from feldherr.mansfeld.moves import Commit, Dice, Pass, Recruit, typed

N_CARDS = len(CARDS)
RECRUIT_BASE = MAX_DICE
PASS_ACTION = RECRUIT_BASE + N_CARDS
COMMIT_BASE = PASS_ACTION + 1
"""``COMMIT_BASE + c``: add card ``c`` to the commitment being chosen."""
COMMIT_DONE = COMMIT_BASE + N_CARDS
"""Commit the cards added so far (none: commit no card)."""
NUM_ACTIONS = COMMIT_DONE + 1
PASS = Pass()


def _malformed(data: Any, wanted: str) -> MalformedMoveError:
    text = shown_json(data, 120)
    return MalformedMoveError(
        f"expected {wanted}, not {text}", rule="mansfeld.move", move=text, wanted=wanted
    )


def move_to_json(move: Move) -> JSON:
    # by position: the JSON form is the tuple's (typed or plain), and this runs once per decision
    kind = move[0]
    if kind == "recruit":
        return ["recruit", KEYS[move[1]]]
    if kind == "commit":
        return ["commit", [KEYS[c] for c in move[1]]]
    return list(move)


def move_from_json(data: JSON) -> Move:
    """The move ``data`` (a JSON list, or its text) names; MalformedMoveError if it names none."""
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except (ValueError, RecursionError) as exc:
            raise _malformed(data, "a move as JSON") from exc
    if type(data) is not list or not data or type(data[0]) is not str:
        raise _malformed(data, "a move [kind, ...]")
    kind, args = data[0], data[1:]
    if kind == "pass" and not args:
        return PASS
    if kind == "dice" and len(args) == 1 and type(args[0]) is int:
        return Dice("dice", args[0])
    if kind == "recruit" and len(args) == 1:
        return Recruit("recruit", _card_id(args[0], data))
    if kind == "commit" and len(args) == 1 and type(args[0]) is list:
        ids = sorted(_card_id(c, data) for c in args[0])
        if len(set(ids)) != len(ids):
            raise _malformed(data, "distinct cards")
        return Commit("commit", tuple(ids))
    raise _malformed(data, '["dice", k], ["recruit", card], ["pass"] or ["commit", [card, ...]]')


def _card_id(ref: Any, data: Any) -> int:
    if type(ref) is str:
        card = BY_KEY.get(ref)
        if card is not None:
            return card.id
    raise _malformed(data, "the key of a character card")


def _staged(what: Any) -> MalformedMoveError:
    text = shown_json(what, 60)
    return MalformedMoveError(
        f"{text} is a commitment, spelled by several actions (add card ..., done)",
        rule="mansfeld.action.staged",
        action=text,
    )


def encode(move: Move) -> int:
    """The action of a move of one action (a commitment takes several: :func:`actions`)."""
    move = typed(move)
    if not isinstance(move, Commit | Dice | Pass | Recruit):
        raise _malformed(move, "a move (kind, ...)")
    if isinstance(move, Dice):
        return int(move.number) - 1
    if isinstance(move, Recruit):
        return RECRUIT_BASE + int(move.card)
    if isinstance(move, Pass):
        return PASS_ACTION
    raise _staged(move)


def actions(move: Move) -> tuple[int, ...]:
    """The actions that spell ``move`` (see the module docstring)."""
    move = typed(move)
    if isinstance(move, Commit):
        return (*[COMMIT_BASE + int(c) for c in sorted(move.cards)], COMMIT_DONE)
    return (encode(move),)


def decode(action: Any) -> Move:
    """The move of an action of one action; MalformedMoveError for anything but an int in
    ``range(NUM_ACTIONS)`` and for the steps of a commitment."""
    if type(action) is not int or not 0 <= action < NUM_ACTIONS:
        text = shown_json(action, 60)
        raise MalformedMoveError(
            f"no action {text} (0 to {NUM_ACTIONS - 1})",
            rule="mansfeld.action",
            action=text,
            last=NUM_ACTIONS - 1,
        )
    if action < RECRUIT_BASE:
        return Dice("dice", action + 1)
    if action < PASS_ACTION:
        return Recruit("recruit", action - RECRUIT_BASE)
    if action == PASS_ACTION:
        return PASS
    raise _staged(action)


def commit_actions(hand: Sequence[int], partial: tuple[int, ...]) -> list[int]:
    """The actions that can follow ``partial`` (add-card actions, ascending) for a seat holding
    ``hand`` that owes a commitment: add a card of the hand above the last one added, or done."""
    last = partial[-1] - COMMIT_BASE if partial else -1
    out = []
    for c in sorted(hand):  # a loop: cheaper than a comprehension for a few cards
        if c > last:
            out.append(COMMIT_BASE + c)
    out.append(COMMIT_DONE)
    return out


def commit_step(hand: Sequence[int], partial: tuple[int, ...], action: Any) -> Commit | None:
    """The commitment ``partial + (action,)`` completes (``done``), or None after "add card";
    MalformedMoveError for an action that cannot follow ``partial``."""
    if action == COMMIT_DONE and type(action) is int:
        # tuple.__new__ skips the NamedTuple's Python-level __new__ (as rules.moves.commit_moves)
        return tuple.__new__(Commit, ("commit", tuple([a - COMMIT_BASE for a in partial])))
    if type(action) is int and COMMIT_BASE <= action < COMMIT_DONE:
        card = action - COMMIT_BASE
        if card in hand and (not partial or card > partial[-1] - COMMIT_BASE):
            return None
    text = shown_json(action, 60)
    raise MalformedMoveError(
        f"action {text} cannot follow {list(partial)}: "
        "add a card of the hand above the last one added, or done",
        rule="mansfeld.action.step",
        action=text,
    )
