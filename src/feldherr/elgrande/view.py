"""What one seat sees at the table (``State.view``).

Public: the board (Caballeros per region, King, Grandes, scoreboards), courts and provinces, the
face-up action cards, the power cards played this round, scores, hand and discard sizes. Secret:
another player's hand and discard pile (discards lie face down), secret discs before the reveal,
modifiers in hand, the decks' order, the generator, and - with the ``hidden_castillo`` option -
the other players' Caballeros in the Castillo (and so their provinces, which would give it away).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from feldherr.elgrande import data as D

if TYPE_CHECKING:
    from feldherr.elgrande.state import ElGrandeState


def _bits(mask: int, limit: int) -> list[int]:
    return [v for v in range(limit) if mask >> v & 1]


def build_view(st: ElGrandeState, seat: int | None) -> dict[str, Any]:
    from feldherr.elgrande.state import DISC, MODPASS, PHASE_NAMES

    A = D.AREAS
    players: list[dict[str, Any]] = []
    for c in range(st.C):
        row = st.cab[c * A : c * A + A]
        regions = {D.REGION_NAMES[r]: row[r] for r in range(D.NREG) if row[r]}
        entry: dict[str, Any] = {
            "seat": c,
            "dummy": c == st.dummy,
            "regions": regions,
            "court": st.court[c],
            # with the hidden Castillo the province is not counted either: province + Castillo
            # would give the Castillo away (30 Caballeros per colour)
            "province": st.prov[c] if not st.hidden or c == seat else None,
            "played": st.played[c] or None,
            "total": st.total[c] if st.played[c] else None,
        }
        if not st.hidden or c == seat:
            entry["castillo"] = row[D.CASTILLO]
        if c < st.n:
            entry["score"] = st.score[c]
            entry["grande"] = D.AREA_NAMES[st.grande[c]]
            entry["hand_size"] = bin(st.hand[c]).count("1")
            entry["discard_size"] = bin(st.pdisc[c]).count("1")
            entry["veto"] = st.veto[c] >= 0
            if st.mv:
                entry["modifiers_in_hand"] = bin(st.mhand[c]).count("1")
                m = st.mplayed[c]
                entry["modifier_played"] = D.MODIFIER_VALUES[m] if m >= 0 and st.played[c] else None
            if c == seat:
                entry["hand"] = _bits(st.hand[c], 14)
                entry["discard"] = _bits(st.pdisc[c], 14)
                if st.mv:
                    entry["modifiers"] = [
                        {"id": m, "value": D.MODIFIER_VALUES[m], "ability": D.MODIFIER_ABILITY[m]}
                        for m in _bits(st.mhand[c], len(D.MODIFIER_VALUES))
                    ]
                if st.disc[c] >= 0:
                    entry["disc"] = D.AREA_NAMES[st.disc[c]]
        players.append(entry)
    if st.hidden:
        castillo_total = None
    else:
        castillo_total = sum(st.cab[c * A + D.CASTILLO] for c in range(st.C))
    to_move = list(st.to_move())
    v: dict[str, Any] = {
        "game": "elgrande",
        "seat": seat,
        "round": st.round,
        "phase": PHASE_NAMES[st.phase],
        "to_move": to_move,
        "current": st.cur,
        "start_marker": st.start,
        "king": D.AREA_NAMES[st.king],
        "scoreboards": [D.AREA_NAMES[b] if b >= 0 else None for b in st.boards],
        "castillo_total": castillo_total,
        "open_cards": [D.CARD_IDS[c] if c >= 0 else None for c in st.up],
        "stack_sizes": [len(s) for s in st.stacks],
        "discard_pile": [D.CARD_IDS[c] for c in st.discard],
        "card_in_use": D.CARD_IDS[st.card] if st.card >= 0 else None,
        "placements_left": st.place_left if st.card >= 0 else 0,
        "players": players,
        "discs_pending": list(st.disc_wait) if st.phase in (DISC, MODPASS) else [],
        "log": st.visible_log(seat),
    }
    return v
