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
        ``elgrande.position.action-card``): open on its stack, else one copy from its stack or the
        discard pile, and the card open on its stack goes back into the stack in its place (the
        player took the stack's open card: ``elgrande.position.taken``)."""
        from feldherr.elgrande.data import CARD_INDEX
        from feldherr.elgrande.position import _stack_pools

        pos = self.pos
        opened = pos["open_cards"]
        if card in opened:
            opened[opened.index(card)] = None
            return
        pools = _stack_pools(GAME.normalize_options(pos["options"]), len(opened))
        home = next(i for i, pool in enumerate(pools) if CARD_INDEX[card] in pool)
        stacks = pos.get("hidden", {}).get("stacks")
        if stacks is not None and card in stacks[home] and not pos["permanent_stacks"][home]:
            stacks[home].remove(card)
            pos["stack_sizes"][home] -= 1
        elif card in pos["discard_pile"]:
            pos["discard_pile"].remove(card)
        if opened[home] is not None and stacks is not None:
            stacks[home].insert(0, opened[home])
            pos["stack_sizes"][home] += 1
        opened[home] = None

    def last_turn(self, seat: int, card: str, round_index: int) -> Board:
        """``seat`` takes the last turn of round ``round_index`` (0 the first) with ``card``, its
        Caballeros placed: its ``("nospecial",)`` ends the round as in play (the players played the
        power cards 13, 12, ... this round)."""
        self.turn(seat, card)
        self.flow(round_index=round_index, place_stage="done")
        return self

    def keep_taken(self) -> None:
        """During the turns of a round the stacks without an open card are the turns taken: one
        for each player before the one at the turn, and one more while a card is in play
        (``elgrande.position.taken``). A table whose turn was set by hand (a turn order, another
        turn in the same round) has its open cards fitted to it: the first open cards go back on top
        of their stacks, or a stack shows its top card again (not the stack of the card in play,
        nor the King's that stays)."""
        from feldherr.elgrande.data import CARD_INDEX
        from feldherr.elgrande.position import _stack_pools

        pos, flow = self.pos, self.pos["flow"]
        stacks = pos.get("hidden", {}).get("stacks")
        if flow["phase"] not in ("court", "ability", "take", "act", "veto", "effect") or stacks is None:
            return
        in_play = pos.get("card_in_use")
        count = flow["turn_index"] + (1 if in_play else 0)
        opened, sizes, stays = pos["open_cards"], pos["stack_sizes"], pos["permanent_stacks"]
        pools = _stack_pools(GAME.normalize_options(pos["options"]), len(opened))
        free = [
            i
            for i in range(len(opened))
            if not stays[i] and not (in_play and CARD_INDEX[in_play] in pools[i])
        ]
        for i in free:
            if opened.count(None) < count and opened[i] is not None:
                stacks[i].insert(0, opened[i])
                sizes[i] += 1
                opened[i] = None
            elif opened.count(None) > count and opened[i] is None and stacks[i]:
                opened[i] = stacks[i].pop(0)
                sizes[i] -= 1

    def state(self) -> ElGrandeState:
        self.keep_taken()
        return GAME.from_position(self.pos, self.seed)
