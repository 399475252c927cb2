"""A tiny game implementing the whole core contract, for testing the game-agnostic layers.

"Toy Auction": every player is dealt a secret hand of numbered cards. Each round a prize (1-6) is
drawn; with the ``double`` variant the round's start player may first double it (a sequential
decision). Then everyone bids one card from their hand at the same time, in secret; when all bids
are in they are revealed and the highest bid no one else matched wins the prize. Cards are spent.
Most points wins; a tie is shared.

It has everything the command line must cope with: options with defaults and rejections, chance
drawn from the state's generator, a simultaneous secret decision, hidden hands in ``view``, a log
with private entries, German and English text, and a game-specific bot.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from feldherr.core.errors import (
    GameOverError,
    MalformedMoveError,
    NotOwnedError,
    NotYourTurnError,
    OptionError,
    WrongPhaseError,
)
from feldherr.core.game import JSON, Bot, Game, LogEntry, Move, Outcome, State
from feldherr.core.i18n import render, term
from feldherr.core.rng import Rng

HAND = 5
CATALOGUE: dict[str, dict[str, str]] = {
    "prize": {"en": "Round {round}: the prize is {prize}.", "de": "Runde {round}: Der Preis ist {prize}."},
    "double": {
        "en": "Seat {seat} doubles the prize to {prize}.",
        "de": "Platz {seat} verdoppelt den Preis auf {prize}.",
    },
    "keep": {"en": "Seat {seat} keeps the prize.", "de": "Platz {seat} lässt den Preis."},
    "bid": {"en": "You bid {card} in secret.", "de": "Du bietest verdeckt {card}."},
    "reveal": {"en": "Bids revealed: {bids}.", "de": "Gebote aufgedeckt: {bids}."},
    "win": {
        "en": "Seat {seat} wins {prize} points.",
        "de": "Platz {seat} gewinnt {prize} Punkte.",
    },
    "nowin": {"en": "No single highest bid: nobody scores.", "de": "Kein alleiniges Höchstgebot."},
    "end": {"en": "The game ends.", "de": "Das Spiel endet."},
    "move.double": {"en": "double the prize", "de": "Preis verdoppeln"},
    "move.keep": {"en": "keep the prize", "de": "Preis lassen"},
    "move.bid": {"en": "bid {card}", "de": "{card} bieten"},
}


class ToyState(State):
    game_name = "toy"

    def __init__(self, players: int, rounds: int, double: bool, rng: Rng) -> None:
        self.num_players = players
        self.rounds = rounds
        self.double = double
        self.rng = rng
        self.log: list[LogEntry] = []
        self.round = 0
        self.phase = "bid"
        self.prize = 0
        self.hands: list[list[int]] = []
        self.bids: list[int | None] = [None] * players
        self.scores = [0] * players

    # -- setup and flow ---------------------------------------------------------------------
    def deal(self) -> None:
        self.hands = [sorted(self.rng.below(9) + 1 for _ in range(HAND)) for _ in range(self.num_players)]
        self.start_round()

    def start_round(self) -> None:
        self.prize = self.rng.below(6) + 1
        self.log.append({"k": "prize", "a": {"round": self.round + 1, "prize": self.prize}, "to": None})
        self.phase = "double" if self.double else "bid"
        self.bids = [None] * self.num_players

    def reveal(self) -> None:
        bids = [b if b is not None else 0 for b in self.bids]
        self.log.append({"k": "reveal", "a": {"bids": ", ".join(map(str, bids))}, "to": None})
        top = max(bids)
        if bids.count(top) == 1:
            seat = bids.index(top)
            self.scores[seat] += self.prize
            self.log.append({"k": "win", "a": {"seat": seat, "prize": self.prize}, "to": None})
        else:
            self.log.append({"k": "nowin", "a": {}, "to": None})
        self.round += 1
        if self.round >= self.rounds:
            self.phase = "over"
            self.log.append({"k": "end", "a": {}, "to": None})
        else:
            self.start_round()

    # -- the contract -----------------------------------------------------------------------
    def to_move(self) -> tuple[int, ...]:
        if self.phase == "over":
            return ()
        if self.phase == "double":
            return (self.round % self.num_players,)
        return tuple(s for s in range(self.num_players) if self.bids[s] is None)

    def legal_moves(self, seat: int) -> list[Move]:
        if seat not in self.to_move():
            return []
        if self.phase == "double":
            return [("double", False), ("double", True)]
        return [("bid", card) for card in sorted(set(self.hands[seat]))]

    def apply(self, seat: int, move: Move) -> None:
        if self.phase == "over":
            raise GameOverError("the game is over", rule="toy.over")
        if seat not in self.to_move():
            raise NotYourTurnError(f"seat {seat} has no decision now", rule="toy.turn")
        if not isinstance(move, tuple) or not move:
            raise MalformedMoveError(f"not a move: {move!r}", rule="toy.move")
        if move[0] != self.phase:
            raise WrongPhaseError(f"{move[0]!r} is not a {self.phase} move", rule=f"toy.{self.phase}")
        if move[0] == "double":
            if len(move) != 2 or not isinstance(move[1], bool):
                raise MalformedMoveError(f"not a double move: {move!r}", rule="toy.move")
            if move[1]:
                self.prize *= 2
                self.log.append({"k": "double", "a": {"seat": seat, "prize": self.prize}, "to": None})
            else:
                self.log.append({"k": "keep", "a": {"seat": seat}, "to": None})
            self.phase = "bid"
            return
        if len(move) != 2 or not isinstance(move[1], int) or isinstance(move[1], bool):
            raise MalformedMoveError(f"not a bid: {move!r}", rule="toy.move")
        card = move[1]
        if card not in self.hands[seat]:
            raise NotOwnedError(f"seat {seat} holds no {card}", rule="toy.bid.own-card")
        self.hands[seat].remove(card)
        self.bids[seat] = card
        self.log.append({"k": "bid", "a": {"card": card}, "to": seat})
        if all(b is not None for b in self.bids):
            self.reveal()

    def clone(self) -> ToyState:
        other = ToyState(self.num_players, self.rounds, self.double, self.rng.clone())
        other.log = list(self.log)
        other.round, other.phase, other.prize = self.round, self.phase, self.prize
        other.hands = [list(h) for h in self.hands]
        other.bids = list(self.bids)
        other.scores = list(self.scores)
        return other

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def outcome(self) -> Outcome:
        best = max(self.scores)
        winners = tuple(s for s, v in enumerate(self.scores) if v == best)
        return Outcome(tuple(float(v) for v in self.scores), winners)

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "round": self.round,
            "rounds": self.rounds,
            "phase": self.phase,
            "prize": self.prize,
            "scores": list(self.scores),
            "to_move": list(self.to_move()),
            "hand_sizes": [len(h) for h in self.hands],
            "bid_in": [b is not None for b in self.bids],
            "hand": list(self.hands[seat]) if seat is not None else None,
            "my_bid": self.bids[seat] if seat is not None else None,
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.num_players,
            "rounds": self.rounds,
            "double": self.double,
            "rng": self.rng.state,
            "log": [dict(e) for e in self.log],
            "round": self.round,
            "phase": self.phase,
            "prize": self.prize,
            "hands": [list(h) for h in self.hands],
            "bids": list(self.bids),
            "scores": list(self.scores),
        }


class HeuristicBot:
    """Bids its highest card for big prizes, its lowest otherwise; doubles when holding a 7+."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State, seat: int) -> Move:
        view = state.view(seat)
        moves = state.legal_moves(seat)
        hand: list[int] = view["hand"]
        if view["phase"] == "double":
            return ("double", max(hand) >= 7)
        return moves[-1] if view["prize"] >= 4 else moves[0]


class ToyGame(Game):
    name = "toy"
    title = "Toy Auction"
    min_players = 2
    max_players = 4

    def normalize_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        unknown = set(options) - {"players", "rounds", "variant"}
        if unknown:
            raise OptionError(f"toy: unknown option(s) {', '.join(sorted(unknown))}")
        players = options.get("players")
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise OptionError(f"toy: players must be 2-4, not {players!r}")
        rounds = options.get("rounds", 3)
        if not isinstance(rounds, int) or not 1 <= rounds <= HAND:
            raise OptionError(f"toy: rounds must be 1-{HAND}, not {rounds!r}")
        variant = options.get("variant", "double")
        if variant not in ("double", "plain"):
            raise OptionError(f"toy: variant must be double or plain, not {variant!r}")
        return {"players": players, "rounds": rounds, "variant": variant}

    def new_state(self, options: Mapping[str, Any], seed: int) -> ToyState:
        opts = self.normalize_options(options)
        state = ToyState(opts["players"], opts["rounds"], opts["variant"] == "double", Rng(seed))
        state.deal()
        return state

    def state_from_json(self, data: Mapping[str, Any]) -> ToyState:
        state = ToyState(data["players"], data["rounds"], data["double"], Rng.from_state(data["rng"]))
        state.log = [dict(e) for e in data["log"]]
        state.round, state.phase, state.prize = data["round"], data["phase"], data["prize"]
        state.hands = [list(h) for h in data["hands"]]
        state.bids = list(data["bids"])
        state.scores = list(data["scores"])
        return state

    def move_to_json(self, move: Move) -> JSON:
        return list(move)

    def move_from_json(self, data: JSON) -> Move:
        if isinstance(data, list) and len(data) == 2:
            kind, arg = data
            if kind == "double" and isinstance(arg, bool):
                return ("double", arg)
            if kind == "bid" and isinstance(arg, int) and not isinstance(arg, bool):
                return ("bid", arg)
        raise MalformedMoveError(f"not a toy move: {data!r}", rule="toy.move")

    def describe_move(self, state: State, seat: int, move: Move, lang: str = "en") -> str:
        if move[0] == "double":
            return term(CATALOGUE, "move.double" if move[1] else "move.keep", lang)
        return render(CATALOGUE, "move.bid", {"card": move[1]}, lang)

    def render_log(self, entry: LogEntry, lang: str = "en") -> str:
        return render(CATALOGUE, entry["k"], entry["a"], lang)

    def render_text(self, state: State, seat: int | None, lang: str = "en") -> str:
        view = state.view(seat)
        label = ("Round", "Prize", "Scores", "Hand") if lang == "en" else ("Runde", "Preis", "Punkte", "Hand")
        lines = [
            f"{label[0]} {view['round'] + 1}/{view['rounds']}  {label[1]} {view['prize']}",
            f"{label[2]}: {view['scores']}",
        ]
        if view["hand"] is not None:
            lines.append(f"{label[3]}: {view['hand']}")
        return "\n".join(lines)

    def bots(self) -> dict[str, type[Bot]]:
        return {"heuristic": HeuristicBot}
