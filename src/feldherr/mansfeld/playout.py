"""Random play to the end, fast: the same games as ``RandomBot``s through ``play_game``, bit for bit.

:meth:`MansfeldState.random_playout` runs here. It plays exactly the game the generic loop plays
(:meth:`feldherr.core.game.State.random_playout`, i.e. ``play_game`` with ``RandomBot(seed)`` per
seat): every seat draws ``below(len(legal_moves))`` from its own SplitMix64 stream over the legal
moves in the engine's order, dice come from the same pool, and the log gets the same entries, so the
final state has the same ``digest()`` (``tests/mansfeld/test_mansfeld_playout.py`` proves it over
many seeds). What it leaves out is the protocol around each decision: no ``to_move`` tuples, no
legal-move lists, no move tuples, no validation, no method call per draw (the generator is inlined),
and recruiting runs on local variables.

The legal moves it draws from, in the engine's order (see ``state.py``):

* dice: ``("dice", 1..6)`` — index ``i`` sets ``i + 1`` dice;
* recruiting: the reachable open cards, then ``("pass",)``;
* commitment: every subset of the sorted hand, built by doubling, so index ``i`` takes the cards
  whose bit is set in ``i``.

Conquering (about six provinces and a dozen commitments a game) reuses the engine's own methods.
"""

from __future__ import annotations

from collections.abc import Sequence

from feldherr.core.rng import Rng
from feldherr.mansfeld.cards import CARDS, COST, MAX_COST, STRENGTH
from feldherr.mansfeld.dice import POOL_REFILL, POW6, ROLLS, TABLE_MAX, adjusted_roll, big_roll
from feldherr.mansfeld.state import (
    ADJUST,
    COMMIT,
    DICE,
    DOUBLE_LUCK,
    EXTRA,
    KEYS,
    OVER,
    PROVINCES,
    RECRUIT,
    REROLL,
    MansfeldState,
)

# SplitMix64, as in feldherr.core.rng.Rng.below (inlined below).
_GOLDEN = 0x9E3779B97F4A7C15
_MASK = (1 << 64) - 1
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
_REFILL = POW6[POOL_REFILL]
_CHOICE_SHIFT = 22


def _order_base(cards: int, top: int, rank: int, seat: int) -> int:
    """The turn order key without the dice: fewer cards, dearer top card, younger (rank by age and
    then later seat), the seat itself in the low three bits (seats 0..7)."""
    return (((cards << 8 | (255 - top)) << 3 | rank) << 3) | seat


assert len(CARDS) < 256 and MAX_COST < 255  # the fields of _order_base


def random_playout(st: MansfeldState, bot_seeds: Sequence[int]) -> int:
    """Play ``st`` to the end as random bots seeded ``bot_seeds`` would; return the decisions."""

    n = st.num_players
    if len(bot_seeds) < n:
        raise ValueError(f"{n} players need {n} bot seeds, got {len(bot_seeds)}")
    bots = [Rng(seed).state for seed in bot_seeds]
    decisions = 0
    if st.phase in (DICE, RECRUIT):
        decisions += _recruiting(st, bots)
    if st.phase == COMMIT:
        decisions += _conquering(st, bots)
    assert st.phase == OVER
    return decisions


def _conquering(st: MansfeldState, bots: list[int]) -> int:
    """The open province's commitments, its fight, the next provinces (the engine's ``_commit``,
    ``_fight`` and ``_next_province`` on local variables; ``_winner`` when totals tie)."""

    n = st.num_players
    append = st.log.append
    cards, used, values, owner = st.cards, st.used, st.values, st.owner
    commit, luck = st.commit, st.luck
    pool, size, rs = st.pool, st.pool_size, st.rng.state
    decisions = 0
    while True:
        # ---- commitments: each seat with cards draws a subset of its sorted hand (seat order)
        for seat in range(n):
            if commit[seat] is None and cards[seat]:
                hand = cards[seat]
                x = (bots[seat] + _GOLDEN) & _MASK
                bots[seat] = x
                x = ((x ^ (x >> 30)) * _MIX1) & _MASK
                x = ((x ^ (x >> 27)) * _MIX2) & _MASK
                pick = ((x ^ (x >> 31)) << len(hand)) >> 64
                commit[seat] = tuple([c for j, c in enumerate(hand) if pick >> j & 1])
                decisions += 1
        # ---- the fight
        number = len(values)
        contenders = []
        totals = []
        shown: list[list[str]] = []
        for s in range(n):
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
                shown.append([KEYS[c] for c in played])
            else:
                shown.append([])
        if not contenders:
            append({"k": "aside", "a": {"no": number}, "to": None})
        else:
            best = max(totals)
            if totals.count(best) == 1:
                winner = contenders[totals.index(best)]
            else:
                st.pool, st.pool_size, st.rng.state, st.commit, st.luck = pool, size, rs, commit, luck
                winner = st._winner(contenders)
                pool, size, rs = st.pool, st.pool_size, st.rng.state
            owner[-1] = winner
            args = {"seat": winner, "no": number, "value": values[-1], "cards": shown}
            append({"k": "conquer", "a": args, "to": None})
        commit = [None] * n
        # ---- the next province: its value and the luck dice of everyone holding cards
        while len(values) < PROVINCES:
            number = len(values) + 1
            fighters = [s for s in range(n) if cards[s]]
            count = 1 + len(fighters)
            if size < count:
                while size < count:
                    rs = (rs + _GOLDEN) & _MASK
                    x = ((rs ^ (rs >> 30)) * _MIX1) & _MASK
                    x = ((x ^ (x >> 27)) * _MIX2) & _MASK
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
                append({"k": "province", "a": {"no": number, "value": value, "luck": luck[:]}, "to": None})
                break
            append({"k": "province", "a": {"no": number, "value": value, "luck": []}, "to": None})
            append({"k": "aside", "a": {"no": number}, "to": None})
        else:
            break
    st.phase, st.luck, st.commit = OVER, [0] * n, commit
    st.pool, st.pool_size, st.rng.state = pool, size, rs
    append({"k": "end", "a": {"scores": st.scores()}, "to": None})
    return decisions


def _recruiting(st: MansfeldState, bots: list[int]) -> int:
    """Recruiting rounds until the deck runs out (the engine's ``_set_dice``, ``_next_roll``,
    ``_recruit`` and ``_start_round`` on local variables); ends by handing over to conquering."""

    n = st.num_players
    log = st.log
    append = log.append
    deck, opened, cards, ages = st.deck, st.open, st.cards, st.ages
    extra, adjusts, rerolls, top = st.extra, st.adjust, st.reroll, st.top
    choice, order, turn, rnd = st.choice, st.order, st.turn, st.round
    pool, size, rs = st.pool, st.pool_size, st.rng.state
    target = 3 if n >= 4 else 2
    # The turn order key (dice, cards, -dearest, age, -seat) as one int: dice << _CHOICE_SHIFT | base.
    by_age = sorted(range(n), key=lambda s: (ages[s], -s))
    rank = [by_age.index(s) for s in range(n)]
    base = [_order_base(len(cards[s]), top[s], rank[s], s) for s in range(n)]
    decisions = 0
    resume = st.phase == RECRUIT  # the player to move has rolled already: st.dice, st.reach
    while True:
        if not resume:
            # ---- dice: every seat still owing a number draws it (seat order, as to_move() lists)
            for s in range(n):
                if not choice[s]:
                    x = (bots[s] + _GOLDEN) & _MASK
                    bots[s] = x
                    x = ((x ^ (x >> 30)) * _MIX1) & _MASK
                    x = ((x ^ (x >> 27)) * _MIX2) & _MASK
                    choice[s] = (((x ^ (x >> 31)) * 6) >> 64) + 1
                    decisions += 1
            keys = [choice[s] << _CHOICE_SHIFT | base[s] for s in range(n)]
            keys.sort()
            order = [k & 7 for k in keys]
            append({"k": "dice", "a": {"choice": choice[:], "seats": order}, "to": None})
            turn = 0
        # ---- turns: roll until someone reaches an open card, who then recruits or passes
        wanted = 0
        for c in opened:
            wanted |= 1 << COST[c]
        n_order = len(order)
        while turn < n_order and opened:
            seat = order[turn]
            if resume:
                resume = False
                reach = st.reach
            else:
                count = choice[seat] + extra[seat]
                if size < count:
                    while size < count:
                        rs = (rs + _GOLDEN) & _MASK
                        x = ((rs ^ (rs >> 30)) * _MIX1) & _MASK
                        x = ((x ^ (x >> 27)) * _MIX2) & _MASK
                        pool += (((x ^ (x >> 31)) * _REFILL) >> 64) * POW6[size]
                        size += POOL_REFILL
                pool, r = divmod(pool, POW6[count])
                size -= count
                if adjusts[seat]:
                    dice, mask = adjusted_roll(count, r)
                elif count <= TABLE_MAX:
                    dice, mask = ROLLS[count][r]
                else:
                    dice, mask = big_roll(count, r)
                if not mask & wanted and rerolls[seat]:
                    left = rerolls[seat]
                    while not mask & wanted and left:
                        left -= 1
                        append({"k": "roll", "a": {"seat": seat, "dice": list(dice)}, "to": None})
                        st.pool, st.pool_size, st.rng.state = pool, size, rs
                        dice, mask = st._roll(count, adjusts[seat])
                        pool, size, rs = st.pool, st.pool_size, st.rng.state
                if not mask & wanted:
                    append({"k": "miss", "a": {"seat": seat, "dice": list(dice)}, "to": None})
                    turn += 1
                    continue
                append({"k": "roll", "a": {"seat": seat, "dice": list(dice)}, "to": None})
                reach = [c for c in opened if (mask >> COST[c]) & 1]
            # the decision: reach[i] for i < len(reach), else pass
            x = (bots[seat] + _GOLDEN) & _MASK
            bots[seat] = x
            x = ((x ^ (x >> 30)) * _MIX1) & _MASK
            x = ((x ^ (x >> 27)) * _MIX2) & _MASK
            pick = ((x ^ (x >> 31)) * (len(reach) + 1)) >> 64
            decisions += 1
            if pick < len(reach):
                card = reach[pick]
                opened.remove(card)
                owned = cards[seat]
                owned.append(card)
                owned.sort()
                extra[seat] += EXTRA[card]
                adjusts[seat] = adjusts[seat] or bool(ADJUST[card])
                rerolls[seat] += REROLL[card]
                if COST[card] > top[seat]:
                    top[seat] = COST[card]
                base[seat] = _order_base(len(owned), top[seat], rank[seat], seat)
                append({"k": "recruit", "a": {"seat": seat, "card": KEYS[card]}, "to": None})
                wanted = 0
                for c in opened:
                    wanted |= 1 << COST[c]
            else:
                append({"k": "pass", "a": {"seat": seat}, "to": None})
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
            append({"k": "reveal", "a": {"card": KEYS[card]}, "to": None})
        if ended:
            break
        rnd += 1
        choice = [0] * n
    st.choice, st.order, st.turn, st.round = choice, order, turn, rnd
    st.pool, st.pool_size, st.rng.state = pool, size, rs
    st.dice, st.reach = (), []
    st._end_recruiting()
    return decisions
