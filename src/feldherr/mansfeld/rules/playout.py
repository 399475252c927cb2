"""Random play to the end, fast: the same games as ``RandomBot``s through ``play_game``, bit for bit.

``MansfeldState.random_playout`` (:mod:`feldherr.mansfeld.game`) runs here. It plays exactly the
game the generic loop plays (:meth:`feldherr.core.game.State.random_playout`, i.e. ``play_game``
with ``RandomBot(seed)`` per seat): every seat draws ``below(len(legal_moves))`` from its own
SplitMix64 stream over the legal moves in the rules' order, dice come from the same pool in the
same order, and the log gets the same entries, so the final state has the same ``digest()`` and
``version`` (``tests/mansfeld/test_mansfeld_playout.py`` proves it over many seeds and positions).
What it leaves out is the protocol around each decision: no ``to_move`` tuples, no legal-move
lists, no move tuples, no validation, no method call per draw (the generator is inlined);
recruiting and conquering run on local variables, and only rare steps
(re-rolls, ties) call the rules' own functions.

The legal moves it draws from, in the engine's order (see :mod:`feldherr.mansfeld.rules.moves`):

* dice: ``("dice", 1..6)`` — index ``i`` sets ``i + 1`` dice;
* recruiting: the reachable open cards (in the order they were revealed), then ``("pass",)``;
* commitment: every subset of the sorted hand, built by doubling, so index ``i`` takes the cards
  whose bit is set in ``i``.

The log: building ~120 dict entries a game would cost about a fifth of the playout, so it appends
compact events (tuples) to the state's ``_pending`` list instead; reading ``state.log`` (which
``to_json``, ``digest``, ``clone`` and ``view`` do) turns them into the engine's entries with
:func:`feldherr.mansfeld.state.log_entries`. Through the state's interface nothing can tell the difference.

The same loop in C: ``_cplayout.c`` (an optional extension built by ``setup.py``) follows
:func:`pure_random_playout` line by line and appends the very same events; :func:`random_playout`
uses it where it is built, unless ``FELDHERR_PURE=1`` asks for the pure-Python loop.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from typing import Any

from feldherr.core.native import native_module
from feldherr.core.rng import Rng
from feldherr.mansfeld.data import (
    ADJUST,
    CARDS,
    COST,
    COST_BIT,
    DOUBLE_LUCK,
    EXTRA,
    MAX_COST,
    PROVINCES,
    REROLL,
    STRENGTH,
)
from feldherr.mansfeld.rules.dice import POOL_REFILL, POW6, ROLLS, TABLE_MAX, adjusted_roll, big_roll
from feldherr.mansfeld.rules.flow import roll, scores, winner
from feldherr.mansfeld.state import COMMIT, DICE, OVER, RECRUIT, MansfeldData

# SplitMix64, as in feldherr.core.rng.Rng.below (inlined below).
_GOLDEN = 0x9E3779B97F4A7C15
_MASK = (1 << 64) - 1
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
_REFILL = POW6[POOL_REFILL]
_CHOICE_SHIFT = 22
_RECRUIT_ABILITY = tuple(e or a or r for e, a, r in zip(EXTRA, ADJUST, REROLL, strict=True))
_SELECT_MAX = 1 << 10
_SELECT = tuple(tuple((pick >> j) & 1 for j in range(10)) for pick in range(_SELECT_MAX))
"""Commitment ``pick`` of a hand of up to ten cards takes card ``j`` where ``_SELECT[pick][j]``."""


def _order_base(cards: int, top: int, rank: int, seat: int) -> int:
    """The turn order key without the dice: fewer cards, dearer top card, younger (rank by age and
    then later seat), the seat itself in the low three bits (seats 0..7)."""
    return (((cards << 8 | (255 - top)) << 3 | rank) << 3) | seat


assert len(CARDS) < 256 and MAX_COST < 255  # the fields of _order_base


def _load_native() -> Any:
    """The compiled playout (``_cplayout.c``, built by ``setup.py`` where a C compiler exists), set
    up with the card data; None where it is not built or ``FELDHERR_PURE=1`` asks for pure Python."""
    _cplayout = native_module("feldherr.mansfeld._cplayout")
    if _cplayout is None:
        return None
    _cplayout.setup(COST, STRENGTH, EXTRA, ADJUST, REROLL, DOUBLE_LUCK, PROVINCES, POOL_REFILL, _CHOICE_SHIFT)
    return _cplayout


native: Any = _load_native()
"""The compiled playout module in use, or None (pure Python); tests switch it."""


def random_playout(st: MansfeldData, bot_seeds: Sequence[int]) -> int:
    """Play ``st`` to the end as random bots seeded ``bot_seeds`` would; return the decisions.
    Runs the compiled loop where it is built (see :data:`native`), else :func:`pure_random_playout`."""
    n = st.num_players
    if len(bot_seeds) < n:
        raise ValueError(f"{n} players need {n} bot seeds, got {len(bot_seeds)}")
    if native is None:
        return pure_random_playout(st, bot_seeds)
    if st.phase == OVER:
        return 0
    decisions = int(native.playout(st, [Rng(seed).state for seed in bot_seeds[:n]]))
    st.version += decisions  # the C loop leaves the count of decisions to its caller
    return decisions


def pure_random_playout(st: MansfeldData, bot_seeds: Sequence[int]) -> int:
    """:func:`random_playout` in pure Python (the reference the C loop follows line by line)."""
    n = st.num_players
    if len(bot_seeds) < n:
        raise ValueError(f"{n} players need {n} bot seeds, got {len(bot_seeds)}")
    bots = [Rng(seed).state for seed in bot_seeds]
    decisions = 0
    phase = st.phase
    if phase in (DICE, RECRUIT):
        decisions += _recruiting(st, bots)
        decisions += _conquering(st, bots, True)
    elif phase == COMMIT:
        decisions += _conquering(st, bots, False)
    st.version += decisions
    return decisions


def _conquering(st: MansfeldData, bots: list[int], opening: bool) -> int:
    """The open province's commitments, its fight, the next provinces (the rules' ``commit``,
    ``fight`` and ``next_province`` on local variables; ``winner`` when totals tie). With
    ``opening`` recruiting has just ended and the first province is still to be drawn."""
    n = st.num_players
    add = st._pending.append
    cards, used, values, owner = st.cards, st.used, st.values, st.owner
    commit, luck = st.commit, st.luck
    pool, size, rs = st.pool, st.pool_size, st.rng.state
    golden, mask64, mix1, mix2 = _GOLDEN, _MASK, _MIX1, _MIX2
    seats = range(n)
    decisions = 0
    while True:
        if opening:
            opening = False
        else:
            # ---- commitments: each seat with cards draws a subset of its sorted hand (seat order)
            for seat in seats:
                if commit[seat] is None and cards[seat]:
                    hand = cards[seat]
                    x = (bots[seat] + golden) & mask64
                    bots[seat] = x
                    x = ((x ^ (x >> 30)) * mix1) & mask64
                    x = ((x ^ (x >> 27)) * mix2) & mask64
                    pick = ((x ^ (x >> 31)) << len(hand)) >> 64
                    if pick < _SELECT_MAX:
                        commit[seat] = tuple(compress(hand, _SELECT[pick]))
                    else:
                        commit[seat] = tuple([c for j, c in enumerate(hand) if pick >> j & 1])
                    decisions += 1
            # ---- the fight
            contenders = []
            totals = []
            for s in seats:
                played = commit[s]
                if played:
                    contenders.append(s)
                    hand = cards[s]
                    lucky = luck[s]
                    total = lucky
                    for c in played:
                        hand.remove(c)
                        total += STRENGTH[c] + lucky * DOUBLE_LUCK[c]
                    totals.append(total)
                    used[s].extend(played)
            if not contenders:
                add(("aside", len(values)))
            else:
                best = max(totals)
                if totals.count(best) == 1:
                    won = contenders[totals.index(best)]
                else:  # the engine breaks ties (and may re-roll luck, drawing dice)
                    st.pool, st.pool_size, st.rng.state, st.commit, st.luck = pool, size, rs, commit, luck
                    won = winner(st, contenders)
                    pool, size, rs = st.pool, st.pool_size, st.rng.state
                owner[-1] = won
                add(("conquer", won, len(values), values[-1], commit))
        commit = [None] * n
        # ---- the next province: its value and the luck dice of everyone holding cards
        while len(values) < PROVINCES:
            number = len(values) + 1
            fighters = [s for s in seats if cards[s]]
            count = 1 + len(fighters)
            if size < count:
                while size < count:
                    rs = (rs + golden) & mask64
                    x = ((rs ^ (rs >> 30)) * mix1) & mask64
                    x = ((x ^ (x >> 27)) * mix2) & mask64
                    pool += (((x ^ (x >> 31)) * _REFILL) >> 64) * POW6[size]
                    size += POOL_REFILL
            pool, r = divmod(pool, POW6[count])
            size -= count
            value = r % 6 + 1 + number
            values.append(value)
            owner.append(-1)
            if fighters:
                luck = [0] * n
                for s in fighters:
                    r //= 6
                    luck[s] = r % 6 + 1
                add(("province", number, value, luck[:]))
                break
            add(("province", number, value, []))
            add(("aside", number))
        else:
            break
    st.phase, st.luck, st.commit = OVER, [0] * n, commit
    st.pool, st.pool_size, st.rng.state = pool, size, rs
    add(("end", scores(st)))
    return decisions


def _recruiting(st: MansfeldData, bots: list[int]) -> int:
    """Recruiting rounds until the deck runs out (the rules' ``set_dice``, ``next_roll``,
    ``recruit`` and ``start_round`` on local variables); ends by handing over to conquering."""

    n = st.num_players
    add = st._pending.append
    deck, opened, cards, ages = st.deck, st.open, st.cards, st.ages
    # own copies: clones share the derived lists (state.COPY), and this loop changes them in place
    st.extra, st.adjust, st.reroll, st.top = extra, adjusts, rerolls, top = (
        st.extra[:],
        st.adjust[:],
        st.reroll[:],
        st.top[:],
    )
    # keys: the round's sorted turn-order keys; a key's low three bits are the seat (st.order's
    # seats are their own keys)
    choice, keys, turn, rnd = st.choice, st.order, st.turn, st.round
    pool, size, rs = st.pool, st.pool_size, st.rng.state
    golden, mask64, mix1, mix2, pow6, rolls, cost = _GOLDEN, _MASK, _MIX1, _MIX2, POW6, ROLLS, COST
    bit, roll_top, top_size = COST_BIT, ROLLS[TABLE_MAX], POW6[TABLE_MAX]
    target = 3 if n >= 4 else 2
    seats = range(n)
    # The turn order key (dice, cards, -dearest, age, -seat) as one int: dice << _CHOICE_SHIFT | base.
    by_age = sorted(seats, key=lambda s: (ages[s], -s))
    rank = [by_age.index(s) for s in seats]
    base = [_order_base(len(cards[s]), top[s], rank[s], s) for s in seats]
    decisions = 0
    resume = st.phase == RECRUIT  # the player to move has rolled already: st.dice, st.reach
    fresh = False  # a new round: every seat owes its dice
    wanted = 0  # the open cards' costs as a sums mask
    for c in opened:
        wanted |= bit[c]
    shift = _CHOICE_SHIFT
    while True:
        if fresh:
            # ---- dice: every seat draws its number (seat order, as to_move() lists them)
            choice = []
            keys = []
            for s in seats:
                x = (bots[s] + golden) & mask64
                bots[s] = x
                x = ((x ^ (x >> 30)) * mix1) & mask64
                x = ((x ^ (x >> 27)) * mix2) & mask64
                c = (((x ^ (x >> 31)) * 6) >> 64) + 1
                choice.append(c)
                keys.append(c << shift | base[s])
            decisions += n
            keys.sort()
            add(("dice", choice, keys))  # neither list changes after this
            turn = 0
        elif not resume:
            # ---- dice, some already set (a position from the middle of the dice phase)
            keys = []
            for s in seats:
                if not choice[s]:
                    x = (bots[s] + golden) & mask64
                    bots[s] = x
                    x = ((x ^ (x >> 30)) * mix1) & mask64
                    x = ((x ^ (x >> 27)) * mix2) & mask64
                    choice[s] = (((x ^ (x >> 31)) * 6) >> 64) + 1
                    decisions += 1
                keys.append(choice[s] << shift | base[s])
            keys.sort()
            add(("dice", choice[:], keys))
            turn = 0
        # ---- turns: roll until someone reaches an open card, who then recruits or passes
        n_order = len(keys)
        while turn < n_order and opened:
            seat = keys[turn] & 7
            if resume:
                resume = False
                reach = st.reach
            else:
                count = choice[seat] + extra[seat]
                if size < count:
                    while size < count:
                        rs = (rs + golden) & mask64
                        x = ((rs ^ (rs >> 30)) * mix1) & mask64
                        x = ((x ^ (x >> 27)) * mix2) & mask64
                        pool += (((x ^ (x >> 31)) * _REFILL) >> 64) * pow6[size]
                        size += POOL_REFILL
                pool, r = divmod(pool, pow6[count])
                size -= count
                if adjusts[seat]:
                    dice, mask = adjusted_roll(count, r)
                elif count <= TABLE_MAX:
                    dice, mask = rolls[count][r]
                elif count == TABLE_MAX + 1:  # big_roll(count, r), inlined
                    dice, mask = roll_top[r % top_size]
                    d = r // top_size + 1
                    mask |= mask << d
                    dice += (d,)
                else:
                    dice, mask = big_roll(count, r)
                hit = mask & wanted
                if not hit and rerolls[seat]:
                    left = rerolls[seat]
                    while not hit and left:
                        left -= 1
                        add(("roll", seat, dice))
                        st.pool, st.pool_size, st.rng.state = pool, size, rs
                        dice, mask = roll(st, count, adjusts[seat])
                        pool, size, rs = st.pool, st.pool_size, st.rng.state
                        hit = mask & wanted
                if not hit:
                    add(("miss", seat, dice))
                    turn += 1
                    continue
                add(("roll", seat, dice))
                reach = []
                for c in opened:
                    if hit & bit[c]:
                        reach.append(c)
            # the decision: reach[i] for i < len(reach), else pass
            x = (bots[seat] + golden) & mask64
            bots[seat] = x
            x = ((x ^ (x >> 30)) * mix1) & mask64
            x = ((x ^ (x >> 27)) * mix2) & mask64
            k = len(reach)
            pick = ((x ^ (x >> 31)) * (k + 1)) >> 64
            decisions += 1
            if pick < k:
                card = reach[pick]
                opened.remove(card)
                owned = cards[seat]
                owned.append(card)
                owned.sort()
                if _RECRUIT_ABILITY[card]:
                    extra[seat] += EXTRA[card]
                    if ADJUST[card]:
                        adjusts[seat] = True
                    rerolls[seat] += REROLL[card]
                if cost[card] > top[seat]:
                    top[seat] = cost[card]
                base[seat] = (((len(owned) << 8 | (255 - top[seat])) << 3 | rank[seat]) << 3) | seat
                add(("recruit", seat, card))
                wanted = 0
                for c in opened:
                    wanted |= bit[c]
            else:
                add(("pass", seat))
            turn += 1
        # ---- the round is over: reveal for the next one, or end recruiting on an empty deck
        need = target - len(opened)
        if need < 1:
            need = 1
        ended = False
        for _ in range(need):
            if not deck:
                ended = True
                break
            card = deck.pop()
            opened.append(card)
            wanted |= bit[card]
            add(("reveal", card))
        if ended:
            break
        rnd += 1
        fresh = True
    st.choice, st.order, st.turn, st.round = choice, [k & 7 for k in keys], turn, rnd
    st.pool, st.pool_size, st.rng.state = pool, size, rs
    st.dice, st.reach = (), []
    st.left, st.open = opened, []  # the rules' end_recruiting (the province follows)
    add(("recruit.end", opened[:]))
    st.phase = COMMIT
    return decisions
