"""The flow of the game: rounds of recruiting, the provinces and their fights, the score.

Every function acts on a :class:`~feldherr.mansfeld.state.MansfeldData` in place. The protocol layer
(:mod:`feldherr.mansfeld.rules.moves`) calls them only with moves it has checked, so nothing here
validates input; the random playout (:mod:`feldherr.mansfeld.rules.playout`) follows these functions
step by step on local variables.

The log: every entry goes to the state's ``_pending`` list as a compact event (the tuples of
:func:`feldherr.mansfeld.state.log_entries`), written out when ``state.log`` is read; the rare entry
written straight to ``state.log`` (a tie's re-roll) comes after them, since reading the log writes the
events out first. A search step that never reads the log builds no dicts.
"""

from __future__ import annotations

from feldherr.core.game import Outcome
from feldherr.mansfeld.data import (
    ADJUST,
    CARDS,
    COST,
    COST_BIT,
    DOUBLE_LUCK,
    EXTRA,
    PROVINCES,
    REROLL,
    STRENGTH,
    TIEBREAK,
)
from feldherr.mansfeld.moves import Pass, Recruit
from feldherr.mansfeld.rules.dice import POW6, ROLLS, TABLE_MAX, adjusted_roll, big_roll, refill, shuffled
from feldherr.mansfeld.state import COMMIT, DICE, OVER, RECRUIT, MansfeldData


def open_target(players: int) -> int:
    """Cards to lie open at the start of a round: 2 with 2 or 3 players, 3 with 4."""
    return 3 if players >= 4 else 2


def new_game(st: MansfeldData) -> None:
    """Shuffle the deck (from the state's generator) and start the first round of a blank state."""
    st.deck = shuffled(st.rng, len(CARDS))
    start_round(st)
    st.write_log()  # a new state holds its log written out (only moves leave compact events)


def take(st: MansfeldData, count: int) -> int:
    """``count`` fresh dice as a base-6 number (digit d means a die showing d + 1)."""
    if st.pool_size < count:
        st.pool, st.pool_size = refill(st.rng, st.pool, st.pool_size, count)
    st.pool, r = divmod(st.pool, POW6[count])
    st.pool_size -= count
    return r


def order_key(st: MansfeldData, seat: int) -> tuple[int, int, int, int, int]:
    """Fewest dice, then fewer cards, then the most expensive card, then the younger player
    (a lower age; equal ages: the later seat)."""
    return (st.choice[seat], len(st.cards[seat]), -st.top[seat], st.ages[seat], -seat)


def start_round(st: MansfeldData) -> None:
    """Reveal until the target lies open, at least one card; an empty deck ends recruiting."""
    need = (3 if st.num_players >= 4 else 2) - len(st.open)  # open_target()
    if need < 1:
        need = 1
    deck, opened, add = st.deck, st.open, st._pending.append
    for _ in range(need):
        if not deck:
            end_recruiting(st)
            return
        card = deck.pop()
        opened.append(card)
        add(("reveal", card))
    st.round += 1
    st.phase = DICE
    st.choice = [0] * st.num_players


def set_dice(st: MansfeldData, seat: int, count: int) -> None:
    choice = st.choice
    choice[seat] = count
    if 0 in choice:
        return
    reveal_dice(st)


def reveal_dice(st: MansfeldData) -> None:
    """All dice are set: reveal them together and fix the order of the round (see
    :func:`order_key`), then roll for its first player."""
    choice, cards, ages, top = st.choice, st.cards, st.ages, st.top
    keys = []
    for s in range(st.num_players):
        keys.append((choice[s], len(cards[s]), -top[s], ages[s], -s, s))
    keys.sort()
    order = []
    for k in keys:
        order.append(k[5])
    st.order = order
    st._pending.append(("dice", choice[:], order))  # order is never changed in place
    st.turn = 0
    st.phase = RECRUIT
    next_roll(st)


def roll(st: MansfeldData, count: int, adjust: bool) -> tuple[tuple[int, ...], int]:
    r = take(st, count)
    if adjust:
        return adjusted_roll(count, r)
    if count <= TABLE_MAX:
        return ROLLS[count][r]
    return big_roll(count, r)


_RECRUIT_ABILITY = tuple(e or a or r for e, a, r in zip(EXTRA, ADJUST, REROLL, strict=True))
_ROLL_TOP, _TOP_SIZE = ROLLS[TABLE_MAX], POW6[TABLE_MAX]


def next_roll(st: MansfeldData) -> None:
    """Roll for the next player in order until someone can recruit; else start the next round.

    Hot in search: the pool of dice lives in local variables while the plain rolls are drawn (the
    rare re-rolls and adjustable rolls go through :func:`roll` on the state)."""
    order, opened = st.order, st.open
    n_order = len(order)
    turn = st.turn
    if turn < n_order and opened:
        wanted = 0  # the costs of the open cards, as a sums mask
        for c in opened:
            wanted |= COST_BIT[c]
        choice, extra, adjusts, rerolls = st.choice, st.extra, st.adjust, st.reroll
        add = st._pending.append
        pool, size = st.pool, st.pool_size
        while turn < n_order:
            seat = order[turn]
            count = choice[seat] + extra[seat]
            if adjusts[seat]:
                st.pool, st.pool_size = pool, size
                dice, mask = roll(st, count, True)
                pool, size = st.pool, st.pool_size
            else:
                if size < count:
                    pool, size = refill(st.rng, pool, size, count)
                pool, r = divmod(pool, POW6[count])
                size -= count
                if count <= TABLE_MAX:
                    dice, mask = ROLLS[count][r]
                elif count == TABLE_MAX + 1:  # big_roll(count, r), inlined
                    dice, mask = _ROLL_TOP[r % _TOP_SIZE]
                    d = r // _TOP_SIZE + 1
                    mask |= mask << d
                    dice += (d,)
                else:
                    dice, mask = big_roll(count, r)
            hit = mask & wanted
            if not hit and rerolls[seat]:
                left = rerolls[seat]
                st.pool, st.pool_size = pool, size
                while not hit and left:
                    left -= 1
                    add(("roll", seat, dice))
                    dice, mask = roll(st, count, adjusts[seat])
                    hit = mask & wanted
                pool, size = st.pool, st.pool_size
            if hit:
                add(("roll", seat, dice))
                st.pool, st.pool_size = pool, size
                st.turn = turn
                st.dice = dice
                reach = []  # a loop: cheaper than a comprehension for a few cards
                for c in opened:
                    if hit & COST_BIT[c]:
                        reach.append(c)
                st.reach = reach
                return
            add(("miss", seat, dice))
            turn += 1
        st.pool, st.pool_size = pool, size
    st.turn = turn
    st.dice, st.reach = (), []
    start_round(st)


def recruit(st: MansfeldData, seat: int, move: Recruit | Pass) -> None:
    if isinstance(move, Pass):
        pass_turn(st, seat)
    else:
        recruit_card(st, seat, move.card)


def pass_turn(st: MansfeldData, seat: int) -> None:
    """The player in turn recruits nothing."""
    st._pending.append(("pass", seat))
    st.turn += 1
    next_roll(st)


def recruit_card(st: MansfeldData, seat: int, card: int) -> None:
    """The player in turn recruits the open card ``card`` (a card the roll reaches)."""
    st.open.remove(card)
    owned = st.cards[seat]
    owned.append(card)
    owned.sort()
    # the derived lists are shared by clones (state.COPY): replaced, never changed in place
    if _RECRUIT_ABILITY[card]:
        extra = st.extra = st.extra[:]
        extra[seat] += EXTRA[card]
        if ADJUST[card]:
            adjust = st.adjust = st.adjust[:]
            adjust[seat] = True
        reroll = st.reroll = st.reroll[:]
        reroll[seat] += REROLL[card]
    if COST[card] > st.top[seat]:
        top = st.top = st.top[:]
        top[seat] = COST[card]
    st._pending.append(("recruit", seat, card))
    st.turn += 1
    next_roll(st)


def end_recruiting(st: MansfeldData) -> None:
    st.left = st.open
    st.open = []
    st._pending.append(("recruit.end", st.left[:]))
    st.phase = COMMIT
    next_province(st)


def next_province(st: MansfeldData) -> None:
    add, cards, n = st._pending.append, st.cards, st.num_players
    values = st.values
    while len(values) < PROVINCES:
        number = len(values) + 1
        fighters = []
        for s in range(n):
            if cards[s]:
                fighters.append(s)
        r = take(st, 1 + len(fighters))
        value = r % 6 + 1 + number
        values.append(value)
        st.owner.append(-1)
        if not fighters:
            add(("province", number, value, []))
            add(("aside", number))
            continue
        luck = [0] * n
        for s in fighters:
            r //= 6
            luck[s] = r % 6 + 1
        st.luck = luck
        add(("province", number, value, luck[:]))
        st.commit = [None] * n
        return
    st.phase = OVER
    st.luck = [0] * n
    add(("end", scores(st)))


def commit(st: MansfeldData, seat: int, chosen: tuple[int, ...]) -> None:
    commits = st.commit
    commits[seat] = chosen
    cards = st.cards
    for s in range(st.num_players):
        if commits[s] is None and cards[s]:
            return
    fight(st)


def total(st: MansfeldData, cards: tuple[int, ...], luck: int) -> int:
    """Strength of the cards plus luck (luck only with at least one card; double_luck adds it)."""
    if not cards:
        return 0
    out = luck
    for c in cards:
        out += STRENGTH[c] + luck * DOUBLE_LUCK[c]
    return out


def fight(st: MansfeldData) -> None:
    number = len(st.values)
    committed = st.commit
    cards, used, luck = st.cards, st.used, st.luck
    contenders: list[int] = []
    totals: list[int] = []
    for s in range(st.num_players):
        played = committed[s]
        if played:
            contenders.append(s)
            hand = cards[s]
            lucky = luck[s]
            strength = lucky  # total(st, played, lucky), inlined
            for c in played:
                hand.remove(c)
                strength += STRENGTH[c] + lucky * DOUBLE_LUCK[c]
            totals.append(strength)
            used[s].extend(played)
    if not contenders:
        st._pending.append(("aside", number))
    else:
        best = max(totals)
        if totals.count(best) == 1:
            won = contenders[totals.index(best)]
        else:  # the tie-breaks (and maybe re-rolls of the luck dice)
            won = winner(st, contenders)
        st.owner[-1] = won
        # The log shows every seat's committed cards; committed is not changed after this.
        st._pending.append(("conquer", won, number, st.values[-1], committed))
    st.commit = [None] * st.num_players
    next_province(st)


def winner(st: MansfeldData, contenders: list[int]) -> int:
    """Highest total; ties: tiebreak ability, more cards, priciest card, then luck re-rolls."""
    committed: list[tuple[int, ...]] = [c or () for c in st.commit]
    luck = st.luck
    keyed = [(total(st, committed[s], luck[s]), s) for s in contenders]
    best = max(keyed)[0]
    tied = [s for t, s in keyed if t == best]
    if len(tied) > 1:
        special = [s for s in tied if any(TIEBREAK[c] for c in committed[s])]
        tied = special or tied
    if len(tied) > 1:
        most = max(len(committed[s]) for s in tied)
        tied = [s for s in tied if len(committed[s]) == most]
    if len(tied) > 1:
        price = {s: max(COST[c] for c in committed[s]) for s in tied}
        top = max(price.values())
        tied = [s for s in tied if price[s] == top]
    while len(tied) > 1:
        r = take(st, len(tied))
        again = {}
        for s in tied:
            r, d = divmod(r, 6)
            again[s] = d + 1
        st.log.append({"k": "tie.reroll", "a": {"luck": {str(s): v for s, v in again.items()}}, "to": None})
        totals = {s: total(st, committed[s], again[s]) for s in tied}
        best = max(totals.values())
        tied = [s for s in tied if totals[s] == best]
    return tied[0]


def scores(st: MansfeldData) -> list[int]:
    out = [0] * st.num_players
    for value, seat in zip(st.values, st.owner, strict=True):
        if seat >= 0:
            out[seat] += value
    return out


def outcome(st: MansfeldData) -> Outcome:
    """Sum of province values; ties: more provinces, then the most valuable one, else shared."""
    points = scores(st)
    count = [0] * st.num_players
    best = [0] * st.num_players
    for value, seat in zip(st.values, st.owner, strict=True):
        if seat >= 0:
            count[seat] += 1
            best[seat] = max(best[seat], value)
    keys = [(points[s], count[s], best[s]) for s in range(st.num_players)]
    top = max(keys)
    winners = tuple(s for s in range(st.num_players) if keys[s] == top)
    detail = {"provinces": count, "best_province": best, "values": list(st.values)}
    return Outcome(tuple(float(x) for x in points), winners, detail)
