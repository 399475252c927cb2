"""A heuristic bot for Ernst von Mansfeld. It reads only what its seat may know
(:class:`~feldherr.core.bots.SeatAccess`: the view and the legal moves).

* Dice: for each count 1..6 it computes exactly (from the distribution of subset-sum masks) the
  expected value of the best open card the roll could recruit, and discounts it by the chance that
  players moving earlier (those who set fewer dice) take the open cards first.
* Recruiting: the reachable card of highest value (strength, plus a bonus for a recruiting ability
  while much of the deck is still to come).
* Conquering: it budgets its hand strength over the remaining provinces by value and commits the
  cheapest set of cards expected to beat the strongest opponent's likely commitment.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from feldherr.core.bots import SeatAccess
from feldherr.core.game import Move
from feldherr.core.rng import Rng
from feldherr.mansfeld.data import BY_KEY, CARDS, PROVINCES, RECRUIT_ABILITIES
from feldherr.mansfeld.moves import Commit, Dice, Recruit
from feldherr.mansfeld.rules.dice import mask_distribution

View = Mapping[str, Any]


def card_value(cid: int, deck_size: int) -> float:
    card = CARDS[cid]
    bonus = 0.0
    if card.ability in RECRUIT_ABILITIES:
        bonus = 3.0 * deck_size / max(1, len(CARDS))
    elif card.ability is not None:
        bonus = 1.0
    return card.strength + bonus


@lru_cache(maxsize=1 << 15)
def expected_best(count: int, adjust: bool, rerolls: int, items: tuple[tuple[int, float], ...]) -> float:
    """Expected value of the best card (cost, value) a roll of ``count`` dice can recruit, where a
    roll that recruits nothing is repeated up to ``rerolls`` times."""
    ev = 0.0
    miss = 0.0
    for mask, p in mask_distribution(count, adjust):
        best = 0.0
        for cost, value in items:
            if (mask >> cost) & 1 and value > best:
                best = value
        ev += p * best
        if best == 0.0:
            miss += p
    if rerolls and 0.0 < miss < 1.0:
        # E[best | hit] times the chance of a hit within 1 + rerolls rolls
        ev = ev / (1.0 - miss) * (1.0 - miss ** (1 + rerolls))
    return ev


KEEP_CARDS = Commit("commit", ())


class HeuristicBot:
    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, access: SeatAccess) -> Move:
        seat = access.seat
        moves = access.legal_moves()
        if len(moves) == 1:
            return moves[0]
        view = access.view
        kind = moves[0][0]
        if kind == "dice":
            return self._dice(view, seat, moves)
        if kind in ("recruit", "pass"):
            return self._recruit(view, moves)
        return self._commit(view, seat, moves)

    # ----------------------------------------------------------- recruiting
    def dice_scores(self, view: View, seat: int) -> dict[int, float]:
        """Score of setting k dice: expected best recruit value times the chance it is still there."""
        mine = [BY_KEY[k] for k in view["players"][seat]["cards"]]
        extra = sum(1 for c in mine if c.ability == "extra_die")
        adjust = any(c.ability == "adjust" for c in mine)
        rerolls = sum(1 for c in mine if c.ability == "reroll")
        deck_size = int(view["deck_size"])
        opened = [BY_KEY[k].id for k in view["open"]]
        others = len(view["players"]) - 1
        items = tuple(sorted((CARDS[c].cost, round(card_value(c, deck_size), 1)) for c in opened))
        scores: dict[int, float] = {}
        for k in range(1, 7):
            ev = expected_best(k + extra, adjust, rerolls, items)
            before = others * (k - 0.5) / 6.0  # expected players moving earlier
            still_there = max(0.0, 1.0 - 0.45 * before / max(1, len(opened)))
            scores[k] = ev * still_there
        return scores

    def _dice(self, view: View, seat: int, moves: list[Move]) -> Move:
        scores = self.dice_scores(view, seat)
        best = max(scores.values())
        good = [m for m in moves if isinstance(m, Dice) and scores[m.number] >= best - 1e-9]
        return good[self.rng.below(len(good))]

    def _recruit(self, view: View, moves: list[Move]) -> Move:
        deck_size = int(view["deck_size"])
        recruits = [m for m in moves if isinstance(m, Recruit)]
        if not recruits:
            return moves[0]
        return max(recruits, key=lambda m: (card_value(m.card, deck_size), -m.card))

    # ----------------------------------------------------------- conquering
    def _commit(self, view: View, seat: int, moves: list[Move]) -> Move:
        provinces = view["provinces"]
        current = provinces[-1]
        number, value = int(current["no"]), int(current["value"])
        future = sum(3.5 + n for n in range(number + 1, PROVINCES + 1))
        share = value / (value + future)
        luck = [p["luck"] for p in view["players"]]
        cards = [p["cards"] for p in view["players"]]
        threat = 0.0
        for s, hand in enumerate(cards):
            if s == seat or not hand:
                continue
            strengths = sorted((BY_KEY[k].strength for k in hand), reverse=True)
            budget = max(strengths[0], sum(strengths) * share * 1.3)
            threat = max(threat, budget + luck[s])
        my_total = sum(BY_KEY[k].strength for k in cards[seat])
        my_luck = int(luck[seat])

        if len(moves) > 256:  # a big hand: singles, pairs and the weakest-first prefixes only
            hand = sorted(BY_KEY[k].id for k in cards[seat])
            hand.sort(key=lambda c: CARDS[c].strength)
            picks = {tuple(sorted(hand[:i])) for i in range(len(hand) + 1)}
            picks |= {(a,) for a in hand} | {tuple(sorted((a, b))) for a in hand for b in hand if a < b}
            moves = [Commit("commit", p) for p in sorted(picks)]
        scored = []
        for m in moves:
            if not isinstance(m, Commit):
                continue
            chosen = m.cards
            if not chosen:
                continue
            strength = 0
            times = 1
            for c in chosen:
                strength += CARDS[c].strength
                times += CARDS[c].ability == "double_luck"
            if strength + my_luck * times > threat:
                scored.append((strength, len(chosen), m))
        if not scored:
            return KEEP_CARDS  # save the cards
        strength, _, cheapest = min(scored, key=lambda t: (t[0], t[1]))
        affordable = strength <= max(my_total * share * 2.0, 1.0) or number == PROVINCES
        return cheapest if affordable else KEEP_CARDS
