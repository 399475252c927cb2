"""The information-set key (:meth:`MansfeldGame.infoset_key`): the facts of
:func:`feldherr.mansfeld.info.view` as one tuple, without building the view.

Two positions of one game (same options) get equal keys exactly when their views for the seat
are equal: the key holds every fact the view shows, raw (card ids instead of names, the scores as
the provinces that make them), and nothing the view hides (``tests/mansfeld/test_infoset.py``
checks both directions over random games and their determinizations).
"""

from __future__ import annotations

from typing import Any

from feldherr.mansfeld.state import COMMIT, DICE, RECRUIT, MansfeldData


def infoset_key(
    st: MansfeldData, seat: int | None, to_move: tuple[int, ...], moves: list[Any] | None
) -> tuple[Any, ...]:
    """The key of ``seat``'s view (``None``: a spectator's); ``to_move`` is the state's, ``moves``
    the seat's legal moves when it owes a decision (the view's ``decision``), else ``None``."""
    phase = st.phase
    n = st.num_players
    if phase == DICE:
        dice = tuple(c if s == seat else c > 0 for s, c in enumerate(st.choice))
    else:
        dice = tuple(st.choice)
    seen: list[Any] = [
        seat,
        st.version,
        phase,
        to_move,
        None if moves is None else tuple(moves),
        dice,
        *[tuple(st.cards[s]) for s in range(n)],
        *[tuple(st.used[s]) for s in range(n)],
        st.round,
        len(st.deck),
        tuple(st.open),
        tuple(st.left),
        *st.values,
        *st.owner,
        *st.ages,
    ]
    if phase == RECRUIT:
        seen.extend((tuple(st.order), tuple(st.dice), tuple(st.reach)))
    elif phase == COMMIT:
        seen.extend(st.luck)
        seen.extend(c is not None for c in st.commit)
        if seat is not None:
            mine = st.commit[seat]
            seen.append(None if mine is None else tuple(mine))
    return tuple(seen)
