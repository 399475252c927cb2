"""Decisions before the actions: the start draft, the secret plan with its bid, the positions.

Plans are given one slot at a time (``Slot("slot", box, card)``), the bid first and then the boxes in
mat order (then the court boxes), so a search bot never faces more than a dozen options and
``legal_moves`` is the whole action set. :func:`check_plan` checks a whole plan (for tests and bots
that work one out at once). A slot value is a county id, ``money(v)`` = ``MONEY_BASE + v``
for the money card of value ``v``, ``TOWER_CARD`` or ``EMPTY`` (see :mod:`feldherr.wallenstein.moves`).
"""

from __future__ import annotations

from typing import Any

from feldherr.core.errors import (
    IllegalMoveError,
    NotOwnedError,
    UnaffordableError,
    WrongPhaseError,
    shown_json,
)
from feldherr.core.game import Move
from feldherr.wallenstein.data import (
    ACTIONS,
    BID,
    BONUS_TILES,
    COMBAT_A,
    COURT_SLOTS,
    MONEY_BASE,
    MONEY_CARDS,
    NAMES,
    NEIGHBOURS,
    TOWER_CARD,
    TOWER_CARDS,
)
from feldherr.wallenstein.moves import DECK, DRAFT, LEAD, LEADER_DRAFT, REDRAW, SLOT, LeaderDraft
from feldherr.wallenstein.rules.board import log
from feldherr.wallenstein.state import EMPTY, WallensteinState

PLAN_ORDER: tuple[int, ...] = (BID, *range(10))
COURT_PLAN_ORDER: tuple[int, ...] = (*PLAN_ORDER, *COURT_SLOTS)
MONEY_SLOTS: tuple[int, ...] = tuple(MONEY_BASE + v for v in MONEY_CARDS)
TOWER_SLOTS: tuple[int, ...] = (TOWER_CARD,) * TOWER_CARDS


def plan_order(st: WallensteinState) -> tuple[int, ...]:
    return COURT_PLAN_ORDER if st.court else PLAN_ORDER


def is_money(value: int) -> bool:
    return MONEY_BASE <= value < TOWER_CARD


def illegal(message: str, rule: str) -> IllegalMoveError:
    return IllegalMoveError(message, rule=rule)


# -- the draft ----------------------------------------------------------------------------------


def draft_options(st: WallensteinState, seat: int) -> list[Move]:
    sizes = sorted(set(st.groups[seat]), reverse=True)
    sources = [i for i in range(len(st.faceup))]
    if st.draft_deck:
        sources.append(2)
    moves: list[Move] = [DRAFT[src][g] for src in sources for g in sizes]
    if st.leaders and st.leader[seat] < 0 and len(st.groups[seat]) > 1:
        # Heerführer: "decide when claiming a county whether to place their military leader in it"
        # (on the last claim the leader goes there without a choice).
        moves.extend(LEADER_DRAFT[src][g] for src in sources for g in sizes)
    if can_redraw(st, seat):
        moves.append(REDRAW)
    return moves


def _draft_is_legal(st: WallensteinState, seat: int, move: Any) -> bool:
    """Whether a "draft" move is one of ``draft_options``, without building the list (the same
    equality tests: ``in range`` compares like ``==``)."""
    if len(move) == 4:
        if move[3] != LEAD or not (st.leaders and st.leader[seat] < 0 and len(st.groups[seat]) > 1):
            return False
    elif len(move) != 3:
        return False
    src = move[1]
    if not (src in range(len(st.faceup)) or (src == DECK and st.draft_deck)):
        return False
    return move[2] in st.groups[seat]


def can_redraw(st: WallensteinState, seat: int) -> bool:
    """ "If the two face-up cards are the same as those available during the player's previous
    selection, they can place these two cards on the bottom of the deck and reveal the next two.\""""
    return len(st.faceup) == 2 and len(st.draft_deck) >= 2 and sorted(st.faceup) == st.prev_pair[seat]


def apply_draft_move(st: WallensteinState, seat: int, move: Any) -> None:
    """Check and play a draft move (flat and typed by the engine; past the checks a Draft or a
    LeaderDraft)."""
    kind = move[0]
    if kind == "redraw":
        if len(move) != 1 or not can_redraw(st, seat):
            raise illegal(
                "the face-up cards may only be replaced when they are the same two as at your "
                "previous selection",
                "wallenstein.setup.same-two-cards",
            )
        redraw(st, seat)
        return
    if kind != "draft":
        raise WrongPhaseError(
            f"a {shown_json(kind)} move does not belong to the draft", rule="wallenstein.setup"
        )
    if isinstance(move, LeaderDraft) and move.leader == LEAD and (not st.leaders or st.leader[seat] >= 0):
        raise illegal(
            "your military leader is already placed" if st.leaders else "Heerführer is not played",
            "wallenstein.leaders.placement",
        )
    if not _draft_is_legal(st, seat, move):
        raise illegal(
            "take one of the two face-up county cards (0, 1) or the top card of the deck (2) and "
            f"one of your remaining army groups {sorted(st.groups[seat], reverse=True)}",
            "wallenstein.setup.assign-counties",
        )
    take_draft(st, seat, move)


def redraw(st: WallensteinState, seat: int) -> None:
    """Play the legal redraw: the face-up cards to the bottom of the deck, two new ones up."""
    st.draft_deck[:0] = st.faceup  # to the bottom (the deck's top is its end)
    st.faceup = [st.draft_deck.pop(), st.draft_deck.pop()]
    st.prev_pair[seat] = []
    log(st, "redraw", p=seat, cards=[NAMES[c] for c in st.faceup])


def take_draft(st: WallensteinState, seat: int, move: Any) -> None:
    """Play a legal draft move (a Draft or a LeaderDraft, one of ``draft_options``)."""
    src, size = move.source, move.armies
    st.prev_pair[seat] = sorted(st.faceup)
    if src == DECK:
        county = st.draft_deck.pop()
    else:
        county = st.faceup[src]
        if st.draft_deck:
            st.faceup[src] = st.draft_deck.pop()
        else:
            st.faceup.pop(src)
    st.groups[seat].remove(size)
    st.owner[county] = seat
    st.card[county] = seat
    st.armies[county] = size
    st.supply[seat] -= size
    st.draft_turn += 1
    st._events.append(
        (
            "draft",
            {
                "p": seat,
                "county": NAMES[county],
                "armies": size,
                "source": "deck" if src == DECK else "faceup",
            },
            None,
        )
    )
    if st.leaders and st.leader[seat] < 0 and (isinstance(move, LeaderDraft) or not st.groups[seat]):
        st.leader[seat] = county
        log(st, "leader_placed", p=seat, county=NAMES[county])


# -- the plan -----------------------------------------------------------------------------------


def plan_options(st: WallensteinState, seat: int) -> list[Move]:
    step = st.plan_step[seat]
    court = st.court
    cards = SLOT[(COURT_PLAN_ORDER if court else PLAN_ORDER)[step]]
    left = st.plan_left[seat]
    if step == 0:  # the bid (always asked first)
        # A county card (below MONEY_BASE), a dice tower card (counts as "0") or an affordable coin.
        limit = MONEY_BASE + st.money[seat]
        values = [c for c in left if c <= limit or c >= TOWER_CARD]
    else:
        values = left
    if court and TOWER_CARD in values:
        # The three dice tower cards are alike: one option. They sit together at the end of the
        # unplaced cards (engine._start_round), so the first one ends the list.
        values = values[: values.index(TOWER_CARD) + 1]
    moves: list[Move] = list(map(cards.__getitem__, values))
    if len(left) < st.nslots - step:  # too few cards to cover every box: some stay uncovered
        moves.append(cards[EMPTY])
    return moves


def apply_plan_move(st: WallensteinState, seat: int, move: Any) -> None:
    kind = move[0]
    if kind == "slot":
        if not _slot_is_legal(st, seat, move):
            _explain_slot(st, seat, move)
        place_slot(st, seat, move.box, move.card)  # checked: a typed Slot
        return
    # A plan is given box by box (what legal_moves lists); a whole plan at once is not a move.
    raise WrongPhaseError(
        f'a {shown_json(kind)} move does not belong to planning (it takes "slot" moves)',
        rule="wallenstein.plan",
    )


def place_slot(st: WallensteinState, seat: int, slot: int, value: int) -> None:
    """Put a validated card into the seat's next slot."""
    st.plans[seat][slot] = value
    st.plan_step[seat] += 1
    if value != EMPTY:
        st.plan_left[seat].remove(value)
    if st.plan_step[seat] == st.nslots:
        log(st, "planned", p=seat)


def _slot_is_legal(st: WallensteinState, seat: int, move: Move) -> bool:
    """The same test as membership in ``plan_options``, without building the list."""
    return len(move) == 3 and type(move[2]) is int and slot_is_legal(st, seat, move[1], move[2])


def slot_is_legal(st: WallensteinState, seat: int, box: int, card: int) -> bool:
    """Whether ``card`` (an int) may go on ``box`` as the next slot of the seat's plan (not complete
    yet): the test of membership in ``plan_options``."""
    step = st.plan_step[seat]
    if box != (COURT_PLAN_ORDER if st.court else PLAN_ORDER)[step]:
        return False
    left = st.plan_left[seat]
    if card == EMPTY:
        return len(left) < st.nslots - step
    if card not in left:
        return False
    return box != BID or not MONEY_BASE <= card < TOWER_CARD or card - MONEY_BASE <= st.money[seat]


def _explain_slot(st: WallensteinState, seat: int, move: Move) -> None:
    if len(move) != 3:
        raise illegal('a slot move is ["slot", box, card]', "wallenstein.plan")
    _, slot, value = move
    expected = plan_order(st)[st.plan_step[seat]]
    if slot != expected:
        raise illegal(
            f"plan one box at a time: the bid first, then the boxes in mat order (then the court's "
            f"convert 1, 2, 3); next is {_slot_name(expected)}",
            "wallenstein.plan.box-order",
        )
    _check_value(st, seat, value, slot, st.plans[seat])
    raise illegal(
        "every box must be covered while cards are left ('No box can contain more than 1 card')",
        "wallenstein.plan.cover-all",
    )


def _slot_name(slot: int) -> str:
    if slot == BID:
        return "the bid"
    if slot in COURT_SLOTS:
        return f"the court box 'convert {slot - 10}'"
    return ACTIONS[slot]


def _check_value(st: WallensteinState, seat: int, value: object, slot: int, used: list[int]) -> None:
    if not isinstance(value, int):
        raise illegal(f"{shown_json(value)} is not a card", "wallenstein.plan")
    if value == EMPTY:
        return
    if value == TOWER_CARD:
        if not st.court:
            raise illegal("dice tower cards belong to Am Kaiserhof", "wallenstein.court.tower-card")
        if used.count(TOWER_CARD) >= TOWER_CARDS:
            raise illegal(f"you have only {TOWER_CARDS} dice tower cards", "wallenstein.plan.card-once")
        return
    if value >= MONEY_BASE:
        if value not in MONEY_SLOTS:
            raise illegal(f"there is no money card worth {value - MONEY_BASE}", "wallenstein.plan")
        if slot == BID and value - MONEY_BASE > st.money[seat]:
            raise UnaffordableError(
                f"a bid of {value - MONEY_BASE} Taler must be paid, you have {st.money[seat]}",
                rule="wallenstein.order.pay-bid",
            )
    elif value not in st.plan_hand[seat]:
        raise NotOwnedError(
            f"{NAMES[value] if 0 <= value < len(NAMES) else value} is not one of your county cards",
            rule="wallenstein.court.convert" if slot in COURT_SLOTS else "wallenstein.plan.own-cards",
        )
    if value in used:
        raise illegal("each card can be placed only once", "wallenstein.plan.card-once")


def check_plan(st: WallensteinState, seat: int, slots: object) -> None:
    if not isinstance(slots, tuple) or len(slots) != st.nslots:
        raise illegal(
            f"a plan has {st.nslots} slots: the ten action boxes, the bid"
            + (" and the three court boxes" if st.court else ""),
            "wallenstein.plan",
        )
    used: list[int] = []
    for slot in plan_order(st):
        value = slots[slot]
        _check_value(st, seat, value, slot, used)
        if value != EMPTY:
            used.append(value)
    cards = len(st.plan_hand[seat]) + len(MONEY_SLOTS) + (TOWER_CARDS if st.court else 0)
    if len(used) != min(st.nslots, cards):
        raise illegal(
            "each action box must be covered if possible, and a bid must be placed",
            "wallenstein.plan.cover-all",
        )


# -- bids and positions ---------------------------------------------------------------------------


def bid_rank(value: int) -> int:
    """Money bids high to low, then county cards, then "0", then no card at all."""
    if value == EMPTY:
        return 0
    if value < MONEY_BASE:
        return 5
    if value == TOWER_CARD:  # "A dice tower card on the auction box is treated like a '0' money card"
        return 1
    v = value - MONEY_BASE
    return 10 + v if v > 0 else 1


def reveal_bids(st: WallensteinState) -> list[int]:
    """Reveal and pay the bids; return the seats in the order they choose positions."""
    ranks: dict[int, list[int]] = {}
    for seat in range(st.num_players):
        value = st.plans[seat][BID]
        st.revealed[seat][BID] = True
        if is_money(value):
            st.money[seat] -= value - MONEY_BASE
        ranks.setdefault(bid_rank(value), []).append(seat)
        st._events.append(("bid_revealed", {"p": seat, "bid": _bid_name(value)}, None))
    queue: list[int] = []
    for rank in sorted(ranks, reverse=True):
        tied = ranks[rank]
        if len(tied) > 1:  # "place the military leader tokens of these players into the linen bag"
            st.rng.shuffle(tied)
            log(st, "bid_tie", seats=tied[:])
        queue.extend(tied)
    return queue


def _bid_name(value: int) -> str | int:
    if value == EMPTY:
        return "none"
    if value == TOWER_CARD:
        return "tower"
    if value >= MONEY_BASE:
        return value - MONEY_BASE
    return "county"


def apply_position(st: WallensteinState, seat: int, move: Any) -> None:
    if len(move) != 2 or not isinstance(move[1], int) or not 0 <= move[1] < len(st.bonus):
        raise illegal("a position is 0-4 (the boxes 1-5 of the bonus tiles)", "wallenstein.order")
    pos = move.position  # checked: a typed Position
    if pos in st.positions:
        raise illegal("that position is already taken", "wallenstein.order.position-taken")
    place_position(st, seat, pos)


def place_position(st: WallensteinState, seat: int, pos: int) -> None:
    """The first bidder in the queue, ``seat``, takes the free position ``pos``."""
    st.positions[seat] = pos
    st.bid_queue.pop(0)
    st._events.append(("position", {"p": seat, "pos": pos + 1, "tile": BONUS_TILES[st.bonus[pos]]}, None))


# -- explaining an illegal movement -----------------------------------------------------------------


def explain_illegal_move(st: WallensteinState, seat: int, action: int, county: int, move: Move) -> None:
    """Raise the most specific error for a movement that is not among the legal ones."""
    if len(move) != 3 or not all(isinstance(x, int) for x in move[1:]):
        raise illegal('a movement is ["move", county, armies] or ["pass"]', "wallenstein.move")
    _, dst, n = move
    if not 0 <= dst < len(st.owner) or dst not in NEIGHBOURS[county]:
        raise illegal(
            f"armies move from {NAMES[county]} only into an adjacent county",
            "wallenstein.move.adjacent",
        )
    if not st.active[dst]:
        raise illegal(f"{NAMES[dst]} is not used in a 3-player game", "wallenstein.setup.three-players")
    if n < 1 or n > st.armies[county] - 1:
        raise illegal(
            f"at least 1 army must be left behind: move 1-{st.armies[county] - 1} armies",
            "wallenstein.move.leave-one",
        )
    if action < COMBAT_A and st.owner[dst] != seat:
        raise NotOwnedError(
            "'Deploy 1 army/move' moves only into an adjacent county under your own control",
            rule="wallenstein.action.deploy1-move",
        )
    defender = st.owner[dst]
    if st.court and defender >= 0 and st.shield[defender] & (1 if action == COMBAT_A else 2):
        raise illegal(
            f"{NAMES[dst]}'s owner holds a favor card: it cannot be attacked with this action this round",
            "wallenstein.court.favor-shield",
        )
    raise illegal(
        f"{NAMES[dst]} has a church and is safe from attacks this round", "wallenstein.event.church-safe"
    )
