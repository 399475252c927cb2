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
        """``seat`` is about to use ``card`` (phase act, nothing done yet; every player has played
        a power card this round, as before any action card: those who have none play 13, 12, ...
        by seat, else their highest card no other player has played)."""
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
        self._off_the_table(card)
        players = self.pos["players"][: self.pos["options"]["players"]]
        taken = {player.get("power_played") for player in players}
        for s, player in enumerate(players):
            if not player.get("power_played"):
                choices = [13 - s, *sorted(player["power_cards"], reverse=True)]
                value = next(v for v in choices if v not in taken)
                if value in player["power_cards"]:
                    player["power_cards"].remove(value)
                player["power_played"] = player["power_total"] = value
                taken.add(value)
        if court is not None:
            self.court(seat, court)
        return self

    def _off_the_table(self, card: str) -> None:
        """The card now in play leaves the place it lay in (an action card lies in one place,
        ``elgrande.position.action-card``): open on its stack, else one copy from its stack, and
        the card open there goes back into the stack in its place (the player took the stack's open
        card: ``elgrande.position.taken``)."""
        pos = self.pos
        if card in pos["open_cards"]:
            pos["open_cards"][pos["open_cards"].index(card)] = None
            return
        for i, stack in enumerate(pos.get("hidden", {}).get("stacks", [])):
            if card in stack and not pos["permanent_stacks"][i]:
                stack.remove(card)
                if pos["open_cards"][i] is not None:
                    stack.insert(0, pos["open_cards"][i])
                else:
                    pos["stack_sizes"][i] -= 1
                pos["open_cards"][i] = None
                return

    def last_turn(self, seat: int, card: str, round_index: int) -> Board:
        """``seat`` takes the last turn of round ``round_index`` (0 the first) with ``card``, its
        Caballeros placed: its ``("nospecial",)`` ends the round as in play (the players played the
        power cards 13, 12, ... this round)."""
        self.turn(seat, card)
        self.flow(round_index=round_index, place_stage="done")
        return self

    def state(self) -> ElGrandeState:
        return GAME.from_position(self.pos, self.seed)
