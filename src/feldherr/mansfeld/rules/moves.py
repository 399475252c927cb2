"""The decisions: which moves a seat has now, and playing one after checking it completely.

Moves are the typed tuples of :mod:`feldherr.mansfeld.moves` (``Dice``, ``Recruit``, ``Pass``,
``Commit`` with the card ids sorted); the legal move lists reuse prebuilt instances, which keeps the
hot path of random play cheap. ``apply`` first runs a fast test that only a legal typed move passes
(exact types: ``3.0``, ``True`` and ``"3"`` are not ``3``, a list is not a tuple); anything else —
a plain tuple included — goes to :func:`check_move`, which raises the typed error naming the rule,
or returns the move typed, so a refused move changes nothing. Every accepted decision adds one to
``version``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from feldherr.core.errors import (
    GameOverError,
    IllegalMoveError,
    MalformedMoveError,
    NotOwnedError,
    NotYourTurnError,
    UnaffordableError,
    WrongPhaseError,
    shown_json,
)
from feldherr.core.game import Move
from feldherr.core.validate import check_seat
from feldherr.mansfeld.data import CARDS, COST, KEYS, MAX_DICE
from feldherr.mansfeld.moves import Commit, Dice, MansfeldMove, Pass, Recruit, typed
from feldherr.mansfeld.rules.flow import fight, pass_turn, recruit, recruit_card, reveal_dice
from feldherr.mansfeld.state import COMMIT, DICE, OVER, PHASES, RECRUIT, MansfeldData

PASS = Pass()
DICE_MOVES: tuple[Dice, ...] = tuple(Dice("dice", k) for k in range(1, MAX_DICE + 1))
RECRUIT_MOVES: tuple[Recruit, ...] = tuple(Recruit("recruit", c) for c in range(len(CARDS)))
_DICE_NUMBER: dict[int, int] = {id(m): m.number for m in DICE_MOVES}
_RECRUIT_CARD: dict[int, int] = {id(m): m.card for m in RECRUIT_MOVES}
"""The prebuilt moves by identity (they live as long as the module: no other object has their id)."""
_SUBSETS_CACHE: dict[tuple[int, ...], tuple[Commit, ...]] = {}
_PHASE_OF_KIND = {"dice": DICE, "recruit": RECRUIT, "pass": RECRUIT, "commit": COMMIT}


def commit_moves(hand: Sequence[int]) -> tuple[Commit, ...]:
    """Every subset of ``hand`` (sorted card ids) as a commit move, the empty one first; subset
    ``i`` takes the cards whose bit is set in ``i`` (the random playout relies on this order)."""
    key = tuple(hand)
    moves = _SUBSETS_CACHE.get(key)
    if moves is None:
        subsets: list[tuple[int, ...]] = [()]
        for card in key:
            subsets += [(*s, card) for s in subsets]
        # tuple.__new__ skips the NamedTuple's Python-level __new__ (a hand of n cards has 2**n)
        new = tuple.__new__
        moves = tuple([new(Commit, ("commit", s)) for s in subsets])
        if len(_SUBSETS_CACHE) >= 256:  # small: big caches slow the garbage collector
            _SUBSETS_CACHE.clear()
        _SUBSETS_CACHE[key] = moves
    return moves


def to_move(st: MansfeldData) -> tuple[int, ...]:
    """The seats that owe a decision: everyone without dice set, the player in turn, everyone
    holding cards who has not committed yet. (Asked several times per decision by the integer
    interfaces: plain loops, which cost less than comprehensions, a function call each.)"""
    phase = st.phase
    seats = []
    if phase == DICE:
        choice = st.choice
        for s in range(st.num_players):
            if not choice[s]:
                seats.append(s)
    elif phase == RECRUIT:
        return (st.order[st.turn],)
    elif phase == COMMIT:
        commits, cards = st.commit, st.cards
        for s in range(st.num_players):
            if commits[s] is None and cards[s]:
                seats.append(s)
    return tuple(seats)


def legal_moves(st: MansfeldData, seat: int) -> list[Move]:
    """Exactly the moves :func:`apply` accepts from ``seat`` now, as a fresh list."""
    if type(seat) is not int or not 0 <= seat < st.num_players:
        check_seat(seat, st.num_players)
    phase = st.phase
    if phase == DICE:
        if not st.choice[seat]:
            return list(DICE_MOVES)
    elif phase == RECRUIT:
        if seat == st.order[st.turn]:
            moves: list[Move] = []
            for c in st.reach:  # a loop: cheaper than a comprehension for a few cards
                moves.append(RECRUIT_MOVES[c])
            moves.append(PASS)
            return moves
    elif phase == COMMIT and st.commit[seat] is None:
        hand = st.cards[seat]
        if hand:
            subsets = _SUBSETS_CACHE.get(tuple(hand))
            return list(commit_moves(hand) if subsets is None else subsets)
    return []


def apply(st: MansfeldData, seat: int, move: Any) -> None:
    """Check ``move`` for ``seat`` and play it (see the module docstring); past the checks,
    ``move`` is the typed move of the phase.

    The moves :func:`legal_moves` hands out are prebuilt objects that never die, so their identity
    (``id``) names them: such a move needs only the test that it is legal now. Any other object
    takes the field-by-field test, and whatever fails that goes to :func:`check_move`."""
    if type(seat) is not int or not 0 <= seat < st.num_players:
        check_seat(seat, st.num_players)
    phase = st.phase
    if phase == DICE:
        choice = st.choice
        number = _DICE_NUMBER.get(id(move))
        if number is None or choice[seat]:
            if not (
                type(move) is Dice
                and move.kind == "dice"
                and type(move.number) is int
                and 1 <= move.number <= MAX_DICE
                and not choice[seat]
            ):
                move = check_move(st, seat, move)
            number = move.number
        st.version += 1
        choice[seat] = number  # flow.set_dice, inlined
        if 0 not in choice:
            reveal_dice(st)
    elif phase == RECRUIT:
        if seat == st.order[st.turn]:
            if move is PASS:
                st.version += 1
                pass_turn(st, seat)
                return
            card = _RECRUIT_CARD.get(id(move))
            if card is not None and card in st.reach:
                st.version += 1
                recruit_card(st, seat, card)
                return
        if not (
            seat == st.order[st.turn] and ((type(move) is Pass and move == PASS) or _recruitable(st, move))
        ):
            move = check_move(st, seat, move)
        st.version += 1
        recruit(st, seat, move)
    elif phase == COMMIT:
        commits, hand = st.commit, st.cards[seat]
        if type(move) is Commit and commits[seat] is None and hand and move.kind == "commit":
            # the quick test: only a canonical legal commitment (sorted card ids in hand) passes
            chosen = move.cards
            ok = type(chosen) is tuple
            if ok:
                prev = -1
                for c in chosen:
                    if type(c) is not int or c <= prev or c not in hand:
                        ok = False
                        break
                    prev = c
        else:
            ok = False
        if not ok:
            chosen = cast(Commit, check_move(st, seat, move)).cards
        st.version += 1
        commits[seat] = chosen  # flow.commit, inlined: the fight when the last seat is in
        cards = st.cards
        for s in range(st.num_players):
            if commits[s] is None and cards[s]:
                return
        fight(st)
    else:
        raise GameOverError("the game is over", rule="mansfeld.end")


def _recruitable(st: MansfeldData, move: Move) -> bool:
    return (
        type(move) is Recruit and move.kind == "recruit" and type(move.card) is int and move.card in st.reach
    )


def _malformed(move: Any, wanted: str) -> MalformedMoveError:
    text = shown_json(move, 120)
    return MalformedMoveError(
        f"expected {wanted}, not {text}", rule="mansfeld.move", move=text, wanted=wanted
    )


def check_move(st: MansfeldData, seat: int, move: Any) -> MansfeldMove:
    """Return ``move`` (typed) if ``seat`` may play it now; else raise the typed error naming the
    rule."""
    check_seat(seat, st.num_players)
    phase = st.phase
    if phase == OVER:
        raise GameOverError("the game is over", rule="mansfeld.end")
    if seat not in to_move(st):
        raise NotYourTurnError(f"seat {seat} has no decision to make now", rule="mansfeld.turn", seat=seat)
    if not isinstance(move, tuple) or not move or type(move[0]) is not str:
        raise _malformed(move, "a move [kind, ...]")
    kind = move[0]
    want = _PHASE_OF_KIND.get(kind)
    if want is None:
        raise _malformed(move, "dice, recruit, pass or commit")
    if want != phase:
        name = PHASES[phase]
        raise WrongPhaseError(
            f"{shown_json(kind, 40)} does not belong to the {name} phase",
            rule=f"mansfeld.phase.{name}",
            kind=kind,
        )
    if kind == "dice":
        if len(move) != 2 or type(move[1]) is not int:
            raise _malformed(move, '["dice", count]')
        if not 1 <= move[1] <= MAX_DICE:
            count = shown_json(move[1], 40)
            raise IllegalMoveError(
                f"the own die shows 1..{MAX_DICE}, not {count}",
                rule="mansfeld.recruit.dice-count",
                count=count,
                max=MAX_DICE,
            )
        return cast(Dice, typed(move))
    if kind == "pass":
        if len(move) != 1:
            raise _malformed(move, '["pass"]')
        return cast(Pass, typed(move))
    if kind == "recruit":
        if len(move) != 2 or type(move[1]) is not int:
            raise _malformed(move, '["recruit", card number]')
        card = move[1]
        if card not in st.open:
            text = KEYS[card] if 0 <= card < len(KEYS) else shown_json(card, 40)
            raise IllegalMoveError(
                f"card {text} does not lie open", rule="mansfeld.recruit.open-card", card=text
            )
        if card not in st.reach:
            dice = " ".join(map(str, st.dice))
            raise UnaffordableError(
                f"no combination of the dice {dice} makes exactly {COST[card]}",
                rule="mansfeld.recruit.exact-sum",
                card=KEYS[card],
                cost=COST[card],
                dice=dice,
            )
        return cast(Recruit, typed(move))
    # commit
    if len(move) != 2 or type(move[1]) is not tuple:
        raise _malformed(move, '["commit", [card number, ...]]')
    chosen = move[1]
    hand = st.cards[seat]
    prev = -1
    for c in chosen:
        if type(c) is not int:
            raise _malformed(move, '["commit", [card number, ...]] with card numbers')
        if c not in hand:
            text = KEYS[c] if 0 <= c < len(KEYS) else shown_json(c, 40)
            raise NotOwnedError(
                f"card {text} is not in seat {seat}'s hand",
                rule="mansfeld.conquer.own-cards",
                card=text,
                seat=seat,
            )
        if c == prev:
            raise IllegalMoveError(
                f"card {KEYS[c]} can be committed only once",
                rule="mansfeld.conquer.own-cards",
                card=KEYS[c],
                seat=seat,
            )
        if c < prev:
            raise _malformed(move, '["commit", [card number, ...]] with the card numbers in ascending order')
        prev = c
    return cast(Commit, typed(move))
