"""Moves as JSON and as integers.

The moves (typed tuples, kind first; see :mod:`feldherr.mansfeld.moves`):

=================================  ==============================  ================================
move                               JSON                            action
=================================  ==============================  ================================
``Dice("dice", k)``                ``["dice", k]``                 ``k - 1`` (k = 1..6)
``Recruit("recruit", c)``          ``["recruit", "<card key>"]``   ``6 + c`` (card id 0..N-1)
``Pass("pass")``                   ``["pass"]``                    ``6 + N``
``Commit("commit", (c, ...))``     ``["commit", ["<key>", ...]]``  ``7 + N + sum(2**c)`` (bit mask)
=================================  ==============================  ================================

With the shipped deck (N = 18 cards) the action space has ``7 + 18 + 2**18`` = 262,169 actions: a
commitment is any subset of the hand, and a hand may hold any of the cards.

The JSON reader checks exact types: ``3.0``, ``true`` and ``"3"`` are not the number 3, cards are
named by key only (never by number), and a commitment names distinct cards (read in any order, it
is returned with the ids sorted, the one form ``apply`` accepts).
"""

from __future__ import annotations

import json
from typing import Any

from feldherr.core.errors import MalformedMoveError, shown
from feldherr.core.game import JSON, Move
from feldherr.mansfeld.data import BY_KEY, CARDS, KEYS, MAX_DICE
from feldherr.mansfeld.moves import Commit, Dice, Pass, Recruit, typed

N_CARDS = len(CARDS)
RECRUIT_BASE = MAX_DICE
PASS_ACTION = RECRUIT_BASE + N_CARDS
COMMIT_BASE = PASS_ACTION + 1
NUM_ACTIONS = COMMIT_BASE + (1 << N_CARDS)
PASS = Pass()


def _malformed(data: Any, wanted: str) -> MalformedMoveError:
    text = shown(data, 120)
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


def encode(move: Move) -> int:
    """The move's action (see the module docstring)."""
    move = typed(move)
    if not isinstance(move, Commit | Dice | Pass | Recruit):
        raise _malformed(move, "a move (kind, ...)")
    if isinstance(move, Dice):
        return int(move.number) - 1
    if isinstance(move, Recruit):
        return RECRUIT_BASE + int(move.card)
    if isinstance(move, Pass):
        return PASS_ACTION
    bits = 0
    for c in move.cards:
        bits |= 1 << c
    return COMMIT_BASE + bits


def decode(action: Any) -> Move:
    """The move of ``action``; MalformedMoveError for anything but an int in ``range(NUM_ACTIONS)``."""
    if type(action) is not int or not 0 <= action < NUM_ACTIONS:
        text = shown(action, 60)
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
    bits = action - COMMIT_BASE
    return Commit("commit", tuple(c for c in range(N_CARDS) if bits >> c & 1))
