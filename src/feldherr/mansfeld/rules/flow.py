"""The flow of the game: rounds of recruiting, the provinces and their fights, the score.

Every function acts on a :class:`~feldherr.mansfeld.state.MansfeldData` in place. The protocol layer
(:mod:`feldherr.mansfeld.rules.moves`) calls them only with moves it has checked, so nothing here
validates input; the random playout (:mod:`feldherr.mansfeld.rules.playout`) follows these functions
step by step on local variables.
"""

from __future__ import annotations

from collections.abc import Sequence

from feldherr.core.game import Outcome
from feldherr.mansfeld.data import (
    ADJUST,
    CARDS,
    COST,
    DOUBLE_LUCK,
    EXTRA,
    KEYS,
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


def _keys(cards: Sequence[int]) -> list[str]:
    return [KEYS[c] for c in cards]


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
    deck, log = st.deck, st.log
    for _ in range(need):
        if not deck:
            end_recruiting(st)
            return
        card = deck.pop()
        st.open.append(card)
        log.append({"k": "reveal", "a": {"card": KEYS[card]}, "to": None})
    st.round += 1
    st.phase = DICE
    st.choice = [0] * st.num_players


def set_dice(st: MansfeldData, seat: int, count: int) -> None:
    choice = st.choice
    choice[seat] = count
    if 0 in choice:
        return
    # All dice are set: reveal together and fix the order of the round.
    cards, ages, top = st.cards, st.ages, st.top
    keys = [(choice[s], len(cards[s]), -top[s], ages[s], -s, s) for s in range(st.num_players)]
    keys.sort()
    st.order = order = [k[5] for k in keys]
    log = st.log
    log.append({"k": "dice", "a": {"choice": choice[:], "seats": order}, "to": None})
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


def next_roll(st: MansfeldData) -> None:
    """Roll for the next player in order until someone can recruit; else start the next round."""
    order, opened, log, choice = st.order, st.open, st.log, st.choice
    n_order = len(order)
    wanted = 0  # the costs of the open cards, as a sums mask
    for c in opened:
        wanted |= 1 << COST[c]
    turn = st.turn
    extra, adjusts, rerolls = st.extra, st.adjust, st.reroll
    while turn < n_order and opened:
        seat = order[turn]
        count = choice[seat] + extra[seat]
        if adjusts[seat]:
            dice, mask = roll(st, count, True)
        else:
            if st.pool_size < count:
                st.pool, st.pool_size = refill(st.rng, st.pool, st.pool_size, count)
            st.pool, r = divmod(st.pool, POW6[count])
            st.pool_size -= count
            dice, mask = ROLLS[count][r] if count <= TABLE_MAX else big_roll(count, r)
        if not mask & wanted and rerolls[seat]:
            left = rerolls[seat]
            while not mask & wanted and left:
                left -= 1
                log.append({"k": "roll", "a": {"seat": seat, "dice": list(dice)}, "to": None})
                dice, mask = roll(st, count, adjusts[seat])
        if mask & wanted:
            log.append({"k": "roll", "a": {"seat": seat, "dice": list(dice)}, "to": None})
            st.turn = turn
            st.dice = dice
            st.reach = [c for c in opened if (mask >> COST[c]) & 1]
            return
        log.append({"k": "miss", "a": {"seat": seat, "dice": list(dice)}, "to": None})
        turn += 1
    st.turn = turn
    st.dice, st.reach = (), []
    start_round(st)


def recruit(st: MansfeldData, seat: int, move: Recruit | Pass) -> None:
    if isinstance(move, Pass):
        st.log.append({"k": "pass", "a": {"seat": seat}, "to": None})
    else:
        card = move.card
        st.open.remove(card)
        owned = st.cards[seat]
        owned.append(card)
        owned.sort()
        st.extra[seat] += EXTRA[card]
        st.adjust[seat] = st.adjust[seat] or bool(ADJUST[card])
        st.reroll[seat] += REROLL[card]
        st.top[seat] = max(st.top[seat], COST[card])
        st.log.append({"k": "recruit", "a": {"seat": seat, "card": KEYS[card]}, "to": None})
    st.turn += 1
    next_roll(st)


def end_recruiting(st: MansfeldData) -> None:
    st.left = st.open
    st.open = []
    st.log.append({"k": "recruit.end", "a": {"left": _keys(st.left)}, "to": None})
    st.phase = COMMIT
    next_province(st)


def next_province(st: MansfeldData) -> None:
    log, cards, n = st.log, st.cards, st.num_players
    while len(st.values) < PROVINCES:
        number = len(st.values) + 1
        fighters = [s for s in range(n) if cards[s]]
        r = take(st, 1 + len(fighters))
        value = r % 6 + 1 + number
        st.values.append(value)
        st.owner.append(-1)
        if not fighters:
            log.append({"k": "province", "a": {"no": number, "value": value, "luck": []}, "to": None})
            log.append({"k": "aside", "a": {"no": number}, "to": None})
            continue
        luck = [0] * n
        for s in fighters:
            r //= 6
            luck[s] = r % 6 + 1
        st.luck = luck
        log.append({"k": "province", "a": {"no": number, "value": value, "luck": luck[:]}, "to": None})
        st.commit = [None] * n
        return
    st.phase = OVER
    st.luck = [0] * n
    log.append({"k": "end", "a": {"scores": scores(st)}, "to": None})


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
    cards, used = st.cards, st.used
    contenders = []
    shown = []
    for s in range(st.num_players):
        played = committed[s]
        if played:
            contenders.append(s)
            hand = cards[s]
            for c in played:
                hand.remove(c)
            used[s].extend(played)
            shown.append([KEYS[c] for c in played])
        else:
            shown.append([])
    if not contenders:
        st.log.append({"k": "aside", "a": {"no": number}, "to": None})
    else:
        won = contenders[0] if len(contenders) == 1 else winner(st, contenders)
        st.owner[-1] = won
        args = {"seat": won, "no": number, "value": st.values[-1], "cards": shown}
        st.log.append({"k": "conquer", "a": args, "to": None})
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
