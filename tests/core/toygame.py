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

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from feldherr.core.bots import Bot, SeatAccess
from feldherr.core.errors import (
    GameOverError,
    MalformedMoveError,
    NotOwnedError,
    NotYourTurnError,
    WrongPhaseError,
    shown,
)
from feldherr.core.game import JSON, Game, LogEntry, Move, Outcome, State
from feldherr.core.i18n import render, term
from feldherr.core.info import GameInfo
from feldherr.core.observation import Features, Observation
from feldherr.core.options import OptionSpec, players_spec
from feldherr.core.rng import Rng
from feldherr.core.validate import check_seat, check_seed
from feldherr.core.views import envelope, view_schema

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
    "toy.over": {"en": "the game is over", "de": "Das Spiel ist vorbei"},
    "toy.turn": {"en": "{seat} has no decision now", "de": "{seat} ist nicht am Zug"},
    "toy.move": {"en": "not a toy move: {move}", "de": "Kein Zug dieses Spiels: {move}"},
    "toy.double": {"en": "now is the time to double or keep", "de": "Jetzt wird verdoppelt oder gelassen"},
    "toy.bid": {"en": "now is the time to bid", "de": "Jetzt wird geboten"},
    "toy.bid.own-card": {"en": "{seat} holds no {card}", "de": "{seat} hat keine {card}"},
}
ACTIONS = 2 + 9  # double no/yes, bid 1..9
OBS = 1 + 1 + 1 + 9 + 4 + 4 + 4


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
        self.version = 0

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

    @property
    def options(self) -> dict[str, Any]:
        return {
            "players": self.num_players,
            "rounds": self.rounds,
            "variant": "double" if self.double else "plain",
        }

    def legal_moves(self, seat: int) -> list[Move]:
        check_seat(seat, self.num_players)
        if seat not in self.to_move():
            return []
        if self.phase == "double":
            return [("double", False), ("double", True)]
        return [("bid", card) for card in sorted(set(self.hands[seat]))]

    def apply(self, seat: int, move: Move) -> None:
        if self.phase == "over":
            raise GameOverError("the game is over", rule="toy.over")
        check_seat(seat, self.num_players)
        if seat not in self.to_move():
            raise NotYourTurnError(f"seat {seat} has no decision now", rule="toy.turn", seat=seat)
        if not isinstance(move, tuple) or not move:
            raise MalformedMoveError(f"not a move: {shown(move, 80)}", rule="toy.move", move=shown(move, 80))
        if move[0] != self.phase:
            raise WrongPhaseError(f"{move[0]!r} is not a {self.phase} move", rule=f"toy.{self.phase}")
        if move[0] == "double":
            if len(move) != 2 or not isinstance(move[1], bool):
                raise MalformedMoveError(
                    f"not a double move: {shown(move, 80)}", rule="toy.move", move=shown(move, 80)
                )
            self.version += 1
            if move[1]:
                self.prize *= 2
                self.log.append({"k": "double", "a": {"seat": seat, "prize": self.prize}, "to": None})
            else:
                self.log.append({"k": "keep", "a": {"seat": seat}, "to": None})
            self.phase = "bid"
            return
        if len(move) != 2 or type(move[1]) is not int:
            raise MalformedMoveError(f"not a bid: {shown(move, 80)}", rule="toy.move", move=shown(move, 80))
        card = move[1]
        if card not in self.hands[seat]:
            raise NotOwnedError(f"seat {seat} holds no {card}", rule="toy.bid.own-card", seat=seat, card=card)
        self.version += 1
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
        other.version = self.version
        return other

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def outcome(self) -> Outcome:
        best = max(self.scores)
        winners = tuple(s for s, v in enumerate(self.scores) if v == best)
        return Outcome(tuple(float(v) for v in self.scores), winners)

    def view(self, seat: int | None) -> dict[str, Any]:
        if seat is not None:
            check_seat(seat, self.num_players)
        players = [
            {
                "seat": s,
                "score": self.scores[s],
                "hand_size": len(self.hands[s]),
                "bid_in": self.bids[s] is not None,
            }
            for s in range(self.num_players)
        ]
        view = envelope(GAME, self, seat, self.phase, players)
        view.update(
            {
                "round": self.round,
                "rounds": self.rounds,
                "prize": self.prize,
                "hand": list(self.hands[seat]) if seat is not None else None,
                "my_bid": self.bids[seat] if seat is not None else None,
            }
        )
        return view

    def determinize(self, seat: int, seed: int) -> ToyState:
        """Others' hands (and secret bids) redrawn from the cards they could hold; reseeded."""
        check_seat(seat, self.num_players)
        rng = Rng(seed)
        other = self.clone()
        other.rng = Rng(rng.derive(1))
        for s in range(self.num_players):
            if s == seat:
                continue
            other.hands[s] = sorted(rng.below(9) + 1 for _ in self.hands[s])
            if self.bids[s] is not None:
                other.bids[s] = rng.below(9) + 1
        return other

    def observation(self, seat: int) -> Observation:
        return observe(self.view(seat))

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
            "version": self.version,
        }


def observe(view: dict[str, Any]) -> Observation:
    f = Features(OBS)
    f.add(view["round"])
    f.add(view["prize"])
    f.add(1.0 if view["phase"] == "double" else 0.0)
    counts = [0.0] * 9
    for card in view["hand"] or []:
        counts[card - 1] += 1
    f.extend(counts)
    players = view["players"]
    f.extend([p["score"] for p in players] + [0.0] * (4 - len(players)))
    f.extend([p["hand_size"] for p in players] + [0.0] * (4 - len(players)))
    f.one_hot(view["seat"], 4)
    return f.done()


class HeuristicBot:
    """Bids its highest card for big prizes, its lowest otherwise; doubles when holding a 7+."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, seat: SeatAccess) -> Move:
        view = seat.view
        moves = seat.legal_moves()
        hand: list[int] = view["hand"]
        if view["phase"] == "double":
            return ("double", max(hand) >= 7)
        return moves[-1] if view["prize"] >= 4 else moves[0]


class ToyGame(Game):
    name = "toy"
    title = "Toy Auction"
    min_players = 2
    max_players = 4

    def option_spec(self) -> tuple[OptionSpec, ...]:
        return (
            players_spec(2, 4, 2),
            OptionSpec("rounds", "int", 3, "rounds to play", "Anzahl der Runden", min=1, max=HAND),
            OptionSpec(
                "variant",
                "choice",
                "double",
                "double: the start player may double the prize",
                "double: der Startspieler darf den Preis verdoppeln",
                choices=("double", "plain"),
            ),
        )

    def info(self, options: Mapping[str, Any]) -> GameInfo:
        opts = self.normalize_options(options)
        return GameInfo(
            name=self.name,
            title=self.title,
            num_players=opts["players"],
            num_actions=ACTIONS,
            observation_shape=(OBS,),
            max_decisions=opts["rounds"] * (opts["players"] + 1),
            simultaneous=True,
            chance=True,
            hidden_information=True,
            score_bounds=(0.0, 12.0 * HAND),
        )

    def encode(self, state: State, seat: int, move: Move) -> int:
        if move[0] == "double":
            return int(move[1])
        return 1 + move[1]

    def decode(self, state: State, seat: int, action: int) -> Move:
        if type(action) is not int or not 0 <= action < ACTIONS:
            raise MalformedMoveError(
                f"no action {shown(action, 80)}", rule="toy.move", move=shown(action, 80)
            )
        return ("double", bool(action)) if action < 2 else ("bid", action - 1)

    def messages(self) -> dict[str, dict[str, str]]:
        return CATALOGUE

    def undoable(self, before: State, seat: int, move: Move, after: State) -> bool:
        """Doubling (or keeping) the prize and a secret bid may be reconsidered before anyone acts."""
        return move[0] in ("double", "bid")

    def view_schema(self) -> dict[str, Any]:
        return view_schema({"round": {"type": "integer"}, "prize": {"type": "integer"}}, ["round", "prize"])

    def new_state(self, options: Mapping[str, Any], seed: int) -> ToyState:
        opts = self.normalize_options(options)
        state = ToyState(opts["players"], opts["rounds"], opts["variant"] == "double", Rng(check_seed(seed)))
        state.deal()
        return state

    def state_from_json(self, data: Mapping[str, Any]) -> ToyState:
        state = ToyState(data["players"], data["rounds"], data["double"], Rng.from_state(data["rng"]))
        state.log = [dict(e) for e in data["log"]]
        state.round, state.phase, state.prize = data["round"], data["phase"], data["prize"]
        state.hands = [list(h) for h in data["hands"]]
        state.bids = list(data["bids"])
        state.scores = list(data["scores"])
        state.version = data.get("version", 0)
        return state

    def move_to_json(self, move: Move) -> JSON:
        return list(move)

    def move_from_json(self, data: JSON) -> Move:
        if isinstance(data, list) and len(data) == 2:
            kind, arg = data
            if kind == "double" and isinstance(arg, bool):
                return ("double", arg)
            if kind == "bid" and type(arg) is int:
                return ("bid", arg)
        raise MalformedMoveError(f"not a toy move: {shown(data, 80)}", rule="toy.move", move=shown(data, 80))

    def describe_move(
        self, view: Mapping[str, Any], move: Move, lang: str = "en", names: Sequence[str] | None = None
    ) -> str:
        if move[0] == "double":
            return term(CATALOGUE, "move.double" if move[1] else "move.keep", lang)
        return render(CATALOGUE, "move.bid", {"card": move[1]}, lang)

    def render_log(self, entry: LogEntry, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return render(CATALOGUE, entry["k"], entry["a"], lang)

    def render_view(
        self, view: Mapping[str, Any], lang: str = "en", names: Sequence[str] | None = None
    ) -> str:
        label = ("Round", "Prize", "Scores", "Hand") if lang == "en" else ("Runde", "Preis", "Punkte", "Hand")
        lines = [
            f"{label[0]} {view['round'] + 1}/{view['rounds']}  {label[1]} {view['prize']}",
            f"{label[2]}: {[p['score'] for p in view['players']]}",
        ]
        if view["hand"] is not None:
            lines.append(f"{label[3]}: {view['hand']}")
        return "\n".join(lines)

    def bots(self) -> dict[str, Callable[[int], Bot]]:
        return {"heuristic": HeuristicBot}


GAME = ToyGame()
