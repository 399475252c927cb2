"""The Ernst von Mansfeld position and its rules engine.

The state is flat (lists of ints) so that ``clone`` is cheap and random play is fast. Phases:

* ``DICE``: every player secretly sets a number of dice (1..6) on the own die (simultaneous);
* ``RECRUIT``: in turn order the player to move has rolled and may take one open card whose cost an
  exact subset sum of the dice makes (or pass); rolls that can recruit nobody pass on by themselves;
* ``COMMIT``: for the current province every player holding cards secretly commits any of them
  (simultaneous); the reveal, the fight and the next province follow by themselves;
* ``OVER``.

``apply`` checks a move with a fast test that only legal moves pass; anything else goes to
:mod:`feldherr.mansfeld.checks`, which raises the typed error (and so changes nothing).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from feldherr.core.errors import GameOverError
from feldherr.core.game import LogEntry, Move, Outcome, State
from feldherr.core.rng import Rng
from feldherr.mansfeld.cards import ABILITY, CARDS, COST, MAX_DICE, STRENGTH
from feldherr.mansfeld.checks import check_move, view_of
from feldherr.mansfeld.dice import POW6, ROLLS, TABLE_MAX, adjusted_roll, big_roll, refill, shuffled

DICE, RECRUIT, COMMIT, OVER = 0, 1, 2, 3
PHASES = ("dice", "recruit", "commit", "over")
PROVINCES = 6
PASS: Move = ("pass",)
DICE_MOVES: tuple[Move, ...] = tuple(("dice", k) for k in range(1, MAX_DICE + 1))
RECRUIT_MOVES: tuple[Move, ...] = tuple(("recruit", c) for c in range(len(CARDS)))
KEYS: tuple[str, ...] = tuple(c.key for c in CARDS)
EXTRA = tuple(int(a == "extra_die") for a in ABILITY)
REROLL = tuple(int(a == "reroll") for a in ABILITY)
ADJUST = tuple(int(a == "adjust") for a in ABILITY)
DOUBLE_LUCK = tuple(int(a == "double_luck") for a in ABILITY)
TIEBREAK = tuple(int(a == "tiebreak") for a in ABILITY)
_SUBSETS_CACHE: dict[tuple[int, ...], tuple[Move, ...]] = {}


def open_target(players: int) -> int:
    """Cards to lie open at the start of a round: 2 with 2 or 3 players, 3 with 4."""
    return 3 if players >= 4 else 2


def commit_moves(hand: Sequence[int]) -> tuple[Move, ...]:
    """Every subset of ``hand`` (sorted card ids) as a commit move, the empty one first."""
    key = tuple(hand)
    moves = _SUBSETS_CACHE.get(key)
    if moves is None:
        subsets: list[tuple[int, ...]] = [()]
        for card in key:
            subsets += [(*s, card) for s in subsets]
        moves = tuple([("commit", s) for s in subsets])
        if len(_SUBSETS_CACHE) >= 256:  # small: big caches slow the garbage collector
            _SUBSETS_CACHE.clear()
        _SUBSETS_CACHE[key] = moves
    return moves


def _keys(cards: Sequence[int]) -> list[str]:
    return [KEYS[c] for c in cards]


class MansfeldState(State):
    game_name: ClassVar[str] = "mansfeld"

    num_players: int
    ages: list[int]
    phase: int
    round: int
    deck: list[int]  # face down; the top card is the last element
    open: list[int]  # face-up characters, in the order they were revealed
    cards: list[list[int]]  # per seat: recruited cards (phase 1), the hand (phase 2); sorted
    used: list[list[int]]  # per seat: cards committed in battles (discarded)
    left: list[int]  # open cards nobody recruited when recruiting ended
    choice: list[int]  # per seat: dice set this round (0 = not yet); secret until all are set
    order: list[int]  # turn order of the round
    turn: int  # index into order
    dice: tuple[int, ...]  # the current roll of the player to move (phase RECRUIT)
    reach: list[int]  # open cards the current roll can recruit
    values: list[int]  # values of the provinces drawn so far
    owner: list[int]  # per province drawn: the conquering seat, or -1 (set aside / undecided)
    luck: list[int]  # per seat: luck die for the current province (0 without cards)
    commit: list[tuple[int, ...] | None]  # per seat: committed cards (secret until all are in)
    pool: int  # undrawn dice (base-6 digits), drawn from rng
    pool_size: int
    extra: list[int]  # derived: extra dice per seat
    adjust: list[bool]  # derived: may adjust one die
    reroll: list[int]  # derived: rerolls per turn
    top: list[int]  # derived: cost of the most expensive recruited card (0: none)
    rng: Rng
    _log: list[LogEntry]
    _pending: list[tuple[Any, ...]]  # log entries of a fast playout, still as compact events

    # ------------------------------------------------------------------- log
    @property
    def log(self) -> list[LogEntry]:
        """The log. A fast playout (:mod:`feldherr.mansfeld.playout`) leaves its entries as compact
        events; they are written out, exactly as the engine writes them, when the log is first read."""
        if self._pending:
            from feldherr.mansfeld.playout import log_entries

            self._log.extend(log_entries(self._pending))
            self._pending.clear()  # the same list: a playout still running keeps adding to it
        return self._log

    @log.setter
    def log(self, entries: list[LogEntry]) -> None:
        self._log = entries
        self._pending = []

    # ----------------------------------------------------------------- setup
    @classmethod
    def new(cls, players: int, ages: Sequence[int], seed: int) -> MansfeldState:
        st = cls.__new__(cls)
        st.num_players = players
        st.ages = list(ages)
        st.rng = Rng(seed)
        st.deck = shuffled(st.rng, len(CARDS))
        st.pool, st.pool_size = 0, 0
        st.open, st.left = [], []
        st.cards = [[] for _ in range(players)]
        st.used = [[] for _ in range(players)]
        st.choice = [0] * players
        st.order, st.turn, st.dice, st.reach = [], 0, (), []
        st.values, st.owner = [], []
        st.luck = [0] * players
        st.commit = [None] * players
        st.round = 0
        st.phase = DICE
        st.log = []
        st.extra, st.adjust, st.reroll, st.top = (
            [0] * players,
            [False] * players,
            [0] * players,
            [0] * players,
        )
        st._start_round()
        return st

    def _take(self, count: int) -> int:
        """``count`` fresh dice as a base-6 number (digit d means a die showing d + 1)."""
        if self.pool_size < count:
            self.pool, self.pool_size = refill(self.rng, self.pool, self.pool_size, count)
        self.pool, r = divmod(self.pool, POW6[count])
        self.pool_size -= count
        return r

    # --------------------------------------------------------- derived facts
    def _derive(self) -> None:
        """Per-seat facts that follow from the recruited cards (not stored in JSON): extra dice,
        adjust ability, rerolls per turn, the most expensive card's cost."""
        self.extra = [sum(EXTRA[c] for c in h) for h in self.cards]
        self.adjust = [any(ADJUST[c] for c in h) for h in self.cards]
        self.reroll = [sum(REROLL[c] for c in h) for h in self.cards]
        self.top = [max((COST[c] for c in h), default=0) for h in self.cards]

    def order_key(self, seat: int) -> tuple[int, int, int, int, int]:
        """Fewest dice, then fewer cards, then the most expensive card, then the younger player
        (a lower age; equal ages: the later seat)."""
        return (self.choice[seat], len(self.cards[seat]), -self.top[seat], self.ages[seat], -seat)

    # ------------------------------------------------------------ protocol
    def to_move(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == DICE:
            choice = self.choice
            return tuple([s for s in range(self.num_players) if not choice[s]])
        if phase == RECRUIT:
            return (self.order[self.turn],)
        if phase == COMMIT:
            commit, cards = self.commit, self.cards
            return tuple([s for s in range(self.num_players) if commit[s] is None and cards[s]])
        return ()

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def legal_moves(self, seat: int) -> list[Move]:
        phase = self.phase
        if phase == DICE:
            if type(seat) is int and 0 <= seat < self.num_players and not self.choice[seat]:
                return list(DICE_MOVES)
        elif phase == RECRUIT:
            if type(seat) is int and seat == self.order[self.turn]:
                moves: list[Move] = [RECRUIT_MOVES[c] for c in self.reach]
                moves.append(PASS)
                return moves
        elif (
            phase == COMMIT
            and type(seat) is int
            and 0 <= seat < self.num_players
            and self.commit[seat] is None
            and self.cards[seat]
        ):
            return list(commit_moves(self.cards[seat]))
        return []

    def apply(self, seat: int, move: Move) -> None:
        phase = self.phase
        if phase == DICE:
            if (
                type(move) is tuple
                and len(move) == 2
                and move[0] == "dice"
                and type(move[1]) is int
                and 1 <= move[1] <= MAX_DICE
                and type(seat) is int
                and 0 <= seat < self.num_players
                and not self.choice[seat]
            ):
                self._set_dice(seat, move[1])
                return
            check_move(self, seat, move)
            self._set_dice(seat, move[1])
        elif phase == RECRUIT:
            if not (
                type(seat) is int
                and seat == self.order[self.turn]
                and (move == PASS or self._recruitable(move))
            ):
                check_move(self, seat, move)
            self._recruit(seat, move)
        elif phase == COMMIT:
            if self._committable(seat, move):
                self._commit(seat, move[1])
            else:
                self._commit(seat, check_move(self, seat, move)[1])
        else:
            raise GameOverError("the game is over", rule="mansfeld.end")

    def _committable(self, seat: int, move: Move) -> bool:
        """A quick test passed only by a canonical legal commitment (sorted card ids in hand)."""
        if not (
            type(move) is tuple
            and len(move) == 2
            and move[0] == "commit"
            and type(move[1]) is tuple
            and type(seat) is int
            and 0 <= seat < self.num_players
            and self.commit[seat] is None
        ):
            return False
        hand = self.cards[seat]
        if not hand:
            return False
        prev = -1
        for c in move[1]:
            if type(c) is not int or c <= prev or c not in hand:
                return False
            prev = c
        return True

    def _recruitable(self, move: Move) -> bool:
        return (
            type(move) is tuple
            and len(move) == 2
            and move[0] == "recruit"
            and type(move[1]) is int
            and move[1] in self.reach
        )

    # --------------------------------------------------------- recruiting
    def _start_round(self) -> None:
        """Reveal until the target lies open, at least one card; an empty deck ends recruiting."""
        need = (3 if self.num_players >= 4 else 2) - len(self.open)  # open_target()
        if need < 1:
            need = 1
        deck, log = self.deck, self.log
        for _ in range(need):
            if not deck:
                self._end_recruiting()
                return
            card = deck.pop()
            self.open.append(card)
            log.append({"k": "reveal", "a": {"card": KEYS[card]}, "to": None})
        self.round += 1
        self.phase = DICE
        self.choice = [0] * self.num_players

    def _set_dice(self, seat: int, count: int) -> None:
        choice = self.choice
        choice[seat] = count
        if 0 in choice:
            return
        # All dice are set: reveal together and fix the order of the round.
        cards, ages, top = self.cards, self.ages, self.top
        keys = [(choice[s], len(cards[s]), -top[s], ages[s], -s, s) for s in range(self.num_players)]
        keys.sort()
        self.order = order = [k[5] for k in keys]
        log = self.log
        log.append({"k": "dice", "a": {"choice": choice[:], "seats": order}, "to": None})
        self.turn = 0
        self.phase = RECRUIT
        self._next_roll()

    def _roll(self, count: int, adjust: bool) -> tuple[tuple[int, ...], int]:
        r = self._take(count)
        if adjust:
            return adjusted_roll(count, r)
        if count <= TABLE_MAX:
            return ROLLS[count][r]
        return big_roll(count, r)

    def _next_roll(self) -> None:
        """Roll for the next player in order until someone can recruit; else start the next round."""
        order, opened, log, choice = self.order, self.open, self.log, self.choice
        n_order = len(order)
        wanted = 0  # the costs of the open cards, as a sums mask
        for c in opened:
            wanted |= 1 << COST[c]
        turn = self.turn
        extra, adjusts, rerolls = self.extra, self.adjust, self.reroll
        while turn < n_order and opened:
            seat = order[turn]
            count = choice[seat] + extra[seat]
            if adjusts[seat]:
                dice, mask = self._roll(count, True)
            else:
                if self.pool_size < count:
                    self.pool, self.pool_size = refill(self.rng, self.pool, self.pool_size, count)
                self.pool, r = divmod(self.pool, POW6[count])
                self.pool_size -= count
                dice, mask = ROLLS[count][r] if count <= TABLE_MAX else big_roll(count, r)
            if not mask & wanted and rerolls[seat]:
                left = rerolls[seat]
                while not mask & wanted and left:
                    left -= 1
                    log.append({"k": "roll", "a": {"seat": seat, "dice": list(dice)}, "to": None})
                    dice, mask = self._roll(count, adjusts[seat])
            if mask & wanted:
                log.append({"k": "roll", "a": {"seat": seat, "dice": list(dice)}, "to": None})
                self.turn = turn
                self.dice = dice
                self.reach = [c for c in opened if (mask >> COST[c]) & 1]
                return
            log.append({"k": "miss", "a": {"seat": seat, "dice": list(dice)}, "to": None})
            turn += 1
        self.turn = turn
        self.dice, self.reach = (), []
        self._start_round()

    def _recruit(self, seat: int, move: Move) -> None:
        if len(move) == 1:
            self.log.append({"k": "pass", "a": {"seat": seat}, "to": None})
        else:
            card = move[1]
            self.open.remove(card)
            owned = self.cards[seat]
            owned.append(card)
            owned.sort()
            self.extra[seat] += EXTRA[card]
            self.adjust[seat] = self.adjust[seat] or bool(ADJUST[card])
            self.reroll[seat] += REROLL[card]
            self.top[seat] = max(self.top[seat], COST[card])
            self.log.append({"k": "recruit", "a": {"seat": seat, "card": KEYS[card]}, "to": None})
        self.turn += 1
        self._next_roll()

    def _end_recruiting(self) -> None:
        self.left = self.open
        self.open = []
        self.log.append({"k": "recruit.end", "a": {"left": _keys(self.left)}, "to": None})
        self.phase = COMMIT
        self._next_province()

    # ---------------------------------------------------------- conquering
    def _next_province(self) -> None:
        log, cards, n = self.log, self.cards, self.num_players
        while len(self.values) < PROVINCES:
            number = len(self.values) + 1
            fighters = [s for s in range(n) if cards[s]]
            r = self._take(1 + len(fighters))
            value = r % 6 + 1 + number
            self.values.append(value)
            self.owner.append(-1)
            if not fighters:
                log.append({"k": "province", "a": {"no": number, "value": value, "luck": []}, "to": None})
                log.append({"k": "aside", "a": {"no": number}, "to": None})
                continue
            luck = [0] * n
            for s in fighters:
                r //= 6
                luck[s] = r % 6 + 1
            self.luck = luck
            log.append({"k": "province", "a": {"no": number, "value": value, "luck": luck[:]}, "to": None})
            self.commit = [None] * n
            return
        self.phase = OVER
        self.luck = [0] * n
        log.append({"k": "end", "a": {"scores": self.scores()}, "to": None})

    def _commit(self, seat: int, chosen: tuple[int, ...]) -> None:
        commit = self.commit
        commit[seat] = chosen
        cards = self.cards
        for s in range(self.num_players):
            if commit[s] is None and cards[s]:
                return
        self._fight()

    def _total(self, cards: tuple[int, ...], luck: int) -> int:
        """Strength of the cards plus luck (luck only with at least one card; double_luck adds it)."""
        if not cards:
            return 0
        total = luck
        for c in cards:
            total += STRENGTH[c] + luck * DOUBLE_LUCK[c]
        return total

    def _fight(self) -> None:
        number = len(self.values)
        committed = self.commit
        cards, used = self.cards, self.used
        contenders = []
        shown = []
        for s in range(self.num_players):
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
            self.log.append({"k": "aside", "a": {"no": number}, "to": None})
        else:
            winner = contenders[0] if len(contenders) == 1 else self._winner(contenders)
            self.owner[-1] = winner
            args = {"seat": winner, "no": number, "value": self.values[-1], "cards": shown}
            self.log.append({"k": "conquer", "a": args, "to": None})
        self.commit = [None] * self.num_players
        self._next_province()

    def _winner(self, contenders: list[int]) -> int:
        """Highest total; ties: tiebreak ability, more cards, priciest card, then luck re-rolls."""
        committed: list[tuple[int, ...]] = [c or () for c in self.commit]
        luck = self.luck
        keyed = [(self._total(committed[s], luck[s]), s) for s in contenders]
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
            r = self._take(len(tied))
            again = {}
            for s in tied:
                r, d = divmod(r, 6)
                again[s] = d + 1
            self.log.append(
                {"k": "tie.reroll", "a": {"luck": {str(s): v for s, v in again.items()}}, "to": None}
            )
            totals = {s: self._total(committed[s], again[s]) for s in tied}
            best = max(totals.values())
            tied = [s for s in tied if totals[s] == best]
        return tied[0]

    # -------------------------------------------------------------- scoring
    def scores(self) -> list[int]:
        out = [0] * self.num_players
        for value, seat in zip(self.values, self.owner, strict=True):
            if seat >= 0:
                out[seat] += value
        return out

    def outcome(self) -> Outcome:
        """Sum of province values; ties: more provinces, then the most valuable one, else shared."""
        scores = self.scores()
        count = [0] * self.num_players
        best = [0] * self.num_players
        for value, seat in zip(self.values, self.owner, strict=True):
            if seat >= 0:
                count[seat] += 1
                best[seat] = max(best[seat], value)
        keys = [(scores[s], count[s], best[s]) for s in range(self.num_players)]
        top = max(keys)
        winners = tuple(s for s in range(self.num_players) if keys[s] == top)
        detail = {"provinces": count, "best_province": best, "values": list(self.values)}
        return Outcome(tuple(float(x) for x in scores), winners, detail)

    # ------------------------------------------------------ copy and JSON
    def clone(self) -> MansfeldState:
        st = MansfeldState.__new__(MansfeldState)
        st.num_players = self.num_players
        st.ages = self.ages
        st.phase, st.round, st.turn = self.phase, self.round, self.turn
        st.deck, st.open, st.left = self.deck[:], self.open[:], self.left[:]
        st.cards = [h[:] for h in self.cards]
        st.used = [h[:] for h in self.used]
        st.choice, st.order = self.choice[:], self.order[:]
        st.dice, st.reach = self.dice, self.reach[:]
        st.values, st.owner = self.values[:], self.owner[:]
        st.luck, st.commit = self.luck[:], self.commit[:]
        st.pool, st.pool_size = self.pool, self.pool_size
        st.extra, st.adjust, st.reroll, st.top = self.extra[:], self.adjust[:], self.reroll[:], self.top[:]
        st.rng = self.rng.clone()
        st.log = self.log[:]
        return st

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game_name,
            "players": self.num_players,
            "ages": list(self.ages),
            "phase": PHASES[self.phase],
            "round": self.round,
            "deck": list(self.deck),
            "open": list(self.open),
            "left": list(self.left),
            "cards": [list(h) for h in self.cards],
            "used": [list(h) for h in self.used],
            "choice": list(self.choice),
            "order": list(self.order),
            "turn": self.turn,
            "dice": list(self.dice),
            "reach": list(self.reach),
            "values": list(self.values),
            "owner": list(self.owner),
            "luck": list(self.luck),
            "commit": [None if c is None else list(c) for c in self.commit],
            "pool": [self.pool, self.pool_size],
            "rng": self.rng.state,
            "log": self.log,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MansfeldState:
        st = cls.__new__(cls)
        st.num_players = int(data["players"])
        st.ages = [int(a) for a in data["ages"]]
        st.phase = PHASES.index(data["phase"])
        st.round, st.turn = int(data["round"]), int(data["turn"])
        st.deck, st.open, st.left = list(data["deck"]), list(data["open"]), list(data["left"])
        st.cards = [list(h) for h in data["cards"]]
        st.used = [list(h) for h in data["used"]]
        st.choice, st.order = list(data["choice"]), list(data["order"])
        st.dice, st.reach = tuple(data["dice"]), list(data["reach"])
        st.values, st.owner = list(data["values"]), list(data["owner"])
        st.luck = list(data["luck"])
        st.commit = [None if c is None else tuple(c) for c in data["commit"]]
        st.pool, st.pool_size = int(data["pool"][0]), int(data["pool"][1])
        st.rng = Rng.from_state(int(data["rng"]))
        st.log = [dict(e) for e in data["log"]]
        st._derive()
        return st

    # ------------------------------------------------------- random play
    def random_playout(self, bot_seeds: Sequence[int]) -> int:
        """The generic random playout's game, fast (see :mod:`feldherr.mansfeld.playout`)."""
        from feldherr.mansfeld.playout import random_playout  # it builds on this module

        return random_playout(self, bot_seeds)

    # ---------------------------------------------------------------- view
    def view(self, seat: int | None) -> dict[str, Any]:
        return view_of(self, seat)
