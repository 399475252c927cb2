"""Scenario helpers: build El Grande positions by hand."""

from __future__ import annotations

from feldherr.elgrande import data as D
from feldherr.elgrande.game import ElGrandeGame, ElGrandeState

GAME = ElGrandeGame()
R = {name: i for i, name in enumerate(D.AREA_NAMES)}


def fresh(players: int = 4, variant: str = "", seed: int = 1) -> ElGrandeState:
    return GAME.new_state({"players": players, "variant": variant}, seed)


def empty_board(st: ElGrandeState) -> None:
    """Clear all Caballeros from the board (back to the provinces) and the scores."""
    for c in range(st.colours):
        row = st.caballeros[c * D.AREAS : c * D.AREAS + D.AREAS]
        st.province[c] += sum(row)
        for a in range(D.AREAS):
            st.caballeros[c * D.AREAS + a] = 0
    st.score = [0] * st.num_players


def put(st: ElGrandeState, colour: int, area: str, k: int) -> None:
    i = colour * D.AREAS + R[area]
    st.province[colour] -= k - st.caballeros[i]
    st.caballeros[i] = k


def count(st: ElGrandeState, colour: int, area: str) -> int:
    return st.caballeros[colour * D.AREAS + R[area]]


def give_turn(st: ElGrandeState, seat: int, card: str, court: int | None = None) -> None:
    """Make ``seat`` the player about to use ``card`` (phase ACT, nothing done yet)."""
    from feldherr.elgrande.state import ACT

    c = D.CARD_INDEX[card]
    st.current = seat
    st.card = c
    st.place_left = D.CARD_PLACE[c]
    st.place_stage = 0
    st.special_stage = 0
    st.phase = ACT
    st.turn_order = [seat]
    st.turn_index = 0
    if court is not None:
        st.province[seat] += st.court[seat] - court
        st.court[seat] = court
    st._legal_cache = None
