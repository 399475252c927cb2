"""The information-set key (:meth:`ElGrandeGame.infoset_key`): the facts of
:func:`feldherr.elgrande.info.view` as one flat tuple of ints, without building the view.

Two positions of one game (same options) get equal keys exactly when their views for the seat
are equal: the key holds every fact the view shows, raw (indices instead of names), and nothing
the view hides (``tests/elgrande/test_infoset.py`` checks both directions over random games and
their determinizations).
"""

from __future__ import annotations

from typing import Any

from feldherr.elgrande import data as D
from feldherr.elgrande.state import DISC, MODPASS, ElGrandeData

_A = D.AREAS
_CASTILLO = D.CASTILLO


def infoset_key(
    st: ElGrandeData, seat: int | None, to_move: tuple[int, ...], moves: list[Any] | None
) -> tuple[Any, ...]:
    """The key of ``seat``'s view (``None``: a spectator's); ``to_move`` is the state's, ``moves``
    the seat's legal moves when it owes a decision (the view's ``decision``), else ``None``."""
    colours = st.colours
    players = st.num_players
    cab = st.caballeros
    played = st.power_played
    if st.hidden_castillo:
        board: list[Any] = []
        for c in range(colours):
            if c == seat:
                board.extend(cab[c * _A : c * _A + _A])
                board.append(st.province[c])
            else:
                board.extend(cab[c * _A : c * _A + _CASTILLO])
        hidden_part: tuple[Any, ...] = tuple(board)
    else:
        hidden_part = (*cab, *st.province)
    seen: list[Any] = [
        seat,
        st.version,
        st.phase,
        to_move,
        None if moves is None else tuple(moves),
        hidden_part,
        *st.court,
        *played,
        *[st.power_total[c] if played[c] else -1 for c in range(colours)],
        *st.score,
        *st.grande,
        *[st.power_hand[c].bit_count() for c in range(players)],
        *[st.power_discard[c].bit_count() for c in range(players)],
        *[len(st.vetos[c]) for c in range(players)],
        st.round,
        st.current,
        st.start_player,
        st.king,
        *st.scoreboards,
        *st.open_cards,
        *[len(s) for s in st.stacks],
        tuple(st.action_discard),
        st.card,
        st.place_left if st.card >= 0 else 0,
        tuple(st.disc_waiting) if st.phase in (DISC, MODPASS) else (),
    ]
    if st.machtverschiebung:
        seen.extend(st.modifier_hand[c].bit_count() for c in range(players))
        modifiers = st.modifier_played
        seen.extend(modifiers[c] if modifiers[c] >= 0 and played[c] else -1 for c in range(players))
    if seat is not None and seat < players:
        seen.extend((st.power_hand[seat], st.power_discard[seat], st.discs[seat]))
        if st.machtverschiebung:
            seen.extend((st.modifier_hand[seat], st.passed_modifier[seat]))
    return tuple(seen)
