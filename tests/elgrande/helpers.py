"""Scenario helpers: build El Grande positions by hand."""

from __future__ import annotations

from typing import Any

from feldherr.elgrande import data as D
from feldherr.elgrande.game import ElGrandeGame, ElGrandeState

GAME = ElGrandeGame()
R = {name: i for i, name in enumerate(D.AREA_NAMES)}


def fresh(players: int = 4, variant: str = "", seed: int = 1) -> ElGrandeState:
    return GAME.new_state({"players": players, "variant": variant}, seed)


def count(st: ElGrandeState, colour: int, area: str) -> int:
    return st.caballeros[colour * D.AREAS + R[area]]


class Board:
    """An El Grande table written as a position and loaded with ``from_position`` (no private field
    is written): Caballeros move between the board, the court and the province, so each colour
    keeps its 30, and loading checks it again."""

    def __init__(self, players: int = 4, variant: str = "", seed: int = 1) -> None:
        self.seed = seed
        self.pos: dict[str, Any] = GAME.position(fresh(players, variant, seed))

    @classmethod
    def of(cls, st: ElGrandeState, seed: int = 1) -> Board:
        """The table of a running game (to change it between two steps of an example)."""
        board = cls.__new__(cls)
        board.seed = seed
        board.pos = GAME.position(st)
        return board

    def player(self, seat: int) -> dict[str, Any]:
        player: dict[str, Any] = self.pos["players"][seat]
        return player

    def name(self, seat: int) -> str:
        return str(self.player(seat)["name"])

    def empty(self) -> Board:
        """All Caballeros off the board (back to the provinces), the scores 0."""
        for player in self.pos["players"]:
            player["province"] += sum(player["caballeros"].values())
            player["caballeros"] = {}
            if "score" in player:
                player["score"] = 0
        return self

    def put(self, seat: int, area: str, k: int) -> Board:
        """``k`` Caballeros of ``seat`` in ``area`` (from or to its province)."""
        player = self.player(seat)
        player["province"] -= k - player["caballeros"].get(area, 0)
        player["caballeros"][area] = k
        return self

    def court(self, seat: int, k: int) -> Board:
        """``k`` Caballeros of ``seat`` at court (from or to its province)."""
        player = self.player(seat)
        player["province"] -= k - player["court"]
        player["court"] = k
        return self

    def king(self, region: str) -> Board:
        self.pos["king"] = region
        return self

    def grandes(self, regions: list[str]) -> Board:
        for seat, region in enumerate(regions):
            self.player(seat)["grande"] = region
        return self

    def grande(self, seat: int, region: str) -> Board:
        self.player(seat)["grande"] = region
        return self

    def veto(self, seat: int, rounds: list[int]) -> Board:
        """``seat`` holds a Veto taken in each of ``rounds`` (round indexes, 0 the first)."""
        self.player(seat)["vetos"] = list(rounds)
        return self

    def flow(self, **step: Any) -> Board:
        """Fields of the turn in progress (``flow`` in docs/positions.md); seats by their names."""
        self.pos["flow"].update(step)
        return self

    def hidden(self, **parts: Any) -> Board:
        """Hidden parts (``hidden`` in docs/positions.md: ``region_deck`` top first, …)."""
        self.pos.setdefault("hidden", {}).update(parts)
        return self

    def turn(self, seat: int, card: str, court: int | None = None) -> Board:
        """``seat`` is about to use ``card`` (phase act, nothing done yet)."""
        flow = self.pos["flow"]
        flow.update(
            current=self.name(seat),
            phase="act",
            turn_order=[self.name(seat)],
            turn_index=0,
            place_left=D.CARD_PLACE[D.CARD_INDEX[card]],
            place_stage="not started",
            special_stage="not started",
        )
        self.pos["card_in_use"] = card
        if court is not None:
            self.court(seat, court)
        return self

    def last_turn(self, seat: int, card: str, round_index: int) -> Board:
        """``seat`` takes the last turn of round ``round_index`` (0 the first) with ``card``, its
        Caballeros placed: its ``("nospecial",)`` ends the round as in play (the players played the
        power cards 13, 12, ... this round)."""
        self.turn(seat, card)
        self.flow(round_index=round_index, place_stage="done")
        for s, player in enumerate(self.pos["players"][: self.pos["options"]["players"]]):
            player["power_cards"].remove(13 - s)
            player["power_played"] = player["power_total"] = 13 - s
        return self

    def state(self) -> ElGrandeState:
        return GAME.from_position(self.pos, self.seed)
