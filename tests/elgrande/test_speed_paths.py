"""The fast paths of the rules against their plain forms (the scoring memo, the shared lists)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from feldherr.elgrande import data as D
from feldherr.elgrande import moves as mt
from feldherr.elgrande.game import ElGrandeGame
from feldherr.elgrande.rules import scoring


def _reference_gains(
    counts: Sequence[int],
    players: int,
    pts: Sequence[int],
    king_here: bool,
    grandes: Sequence[int],
    a: int,
    first_only: bool,
) -> list[int]:
    """The scoring of a region as the engine had it before the memo (the tie rule written out)."""
    gains = [0] * players
    place = 0
    for v in sorted(set(counts), reverse=True):
        if v == 0 or place > 2:
            break
        k = counts.count(v)
        if k == 1:
            w = counts.index(v)
            if w < players:
                gains[w] += pts[place]
                if place == 0:
                    if king_here:
                        gains[w] += D.KING_BONUS
                    if grandes[w] == a:
                        gains[w] += D.GRANDE_BONUS
            place += 1
        else:
            if first_only:
                break
            if place + 1 <= 2:
                value = pts[place + 1]
                for c in range(len(counts)):
                    if counts[c] == v and c < players:
                        gains[c] += value
            place += 2
        if first_only:
            break
    return gains


def test_memoised_scoring_pays_as_the_tie_rule_says() -> None:
    rng = random.Random(5)
    for _ in range(20000):
        colours = rng.randint(3, 5)
        players = colours if colours > 3 or rng.random() < 0.5 else 2  # 2 players + the dummy
        counts = [rng.choice((0, 0, 1, 1, 2, 3, 4, 7)) for _ in range(colours)]
        pts = (rng.randint(1, 9), rng.randint(0, 6), rng.choice((0, 1, 2)))
        a = rng.randint(0, D.CASTILLO)
        grandes = [rng.randint(0, D.CASTILLO) for _ in range(players)]
        for first_only in (False, True):
            for king_here in (False, True):
                args = (counts, players, pts, king_here, grandes, a, first_only)
                assert scoring._gains(*args) == _reference_gains(*args), args


def test_shared_legal_move_lists_stay_unchanged() -> None:
    """The rules hand out prebuilt lists (placing, court, ability, veto): a game changes none."""
    from feldherr.elgrande.rules import effects, flow, moves

    def snapshot() -> list[object]:
        lists = [*flow._PLACE_END, *flow._SMUGGLE_END, flow._END_ONLY, *flow._COURT_UPTO]
        lists += [moves._VETO_MOVES, moves._ABILITY_MOVES, moves._ALL_DISCS]
        lists += [*(x for row in effects._MOVE_TO for x in row), *effects._KING_ANYWHERE]
        return [list(x) for x in lists]

    before = snapshot()
    game = ElGrandeGame()
    rng = random.Random(3)
    for seed in range(3):
        st = game.new_state({"players": 4}, seed)
        while not st.is_terminal():
            seat = st.to_move()[0]
            moves_now = st.legal_moves(seat)
            moves_now.append(("endplace",))  # the caller's copy is the caller's own
            st.apply(seat, moves_now[rng.randrange(len(moves_now) - 1)])
    assert snapshot() == before
    assert flow._POWER_BY_MASK
    for mask, power_moves in flow._POWER_BY_MASK.items():
        assert power_moves == [mt.POWER[v] for v in range(1, 14) if mask >> v & 1]
    assert flow._TAKE_BY_OPEN
    for up, take_moves in flow._TAKE_BY_OPEN.items():
        assert take_moves == [mt.TAKE[s] for s, c in enumerate(up) if c >= 0]
