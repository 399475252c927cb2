"""Small rules shared by the flow and the effect interpreter: where Caballeros may go, the court's
recall, logging a Caballero into an area (the hidden Castillo), and secret discs."""

from __future__ import annotations

from feldherr.core.game import LogEntry
from feldherr.elgrande import data as D
from feldherr.elgrande.state import DISC, DISC_RETURN, DISC_SCORING, DISC_UNIQUE, ElGrandeData

# placement targets by King position (without Schmuggel): the King's neighbours and the Castillo
PLACE_TARGETS: list[tuple[int, ...]] = [
    (*(a for a in D.NEIGHBOURS[k] if a != k), *((D.CASTILLO,) if k != D.CASTILLO else ())) for k in range(12)
]


# Log entries of the most frequent kinds, built once: an entry is never changed in place (clones
# share their log's entries already), so every game may append the same dict.
_COLOURS = range(5)  # seats plus the dummy: the most colours a game has
PLACE_LOG: list[list[LogEntry]] = [
    [{"k": "place", "a": {"p": p, "r": name}, "to": None} for name in D.AREA_NAMES[: D.AREAS]]
    for p in _COLOURS
]
"""``PLACE_LOG[p][a]``: ``p`` places a Caballero in area ``a`` (seen by everyone)."""
TAKE_LOG: list[list[LogEntry]] = [
    [{"k": "take", "a": {"p": p, "card": cid}, "to": None} for cid in D.CARD_IDS] for p in _COLOURS
]
ANNOUNCE_LOG: list[list[LogEntry]] = [
    [{"k": "announce", "a": {"p": p, "card": cid}, "to": None} for cid in D.CARD_IDS] for p in _COLOURS
]
COURT_LOG: list[list[LogEntry]] = [
    [{"k": "to_court", "a": {"p": p, "n": n}, "to": None} for n in range(max(D.POWER_CABALLEROS) + 1)]
    for p in _COLOURS
]
"""``COURT_LOG[p][n]``: ``p`` brings ``n`` Caballeros to the court (n up to a power card's)."""
POWER_LOG: list[list[list[LogEntry]]] = [
    [
        [{"k": "power", "a": {"p": p, "v": v, "m": m}, "to": None} for m in (0, *D.MODIFIER_VALUES)]
        for v in range(14)
    ]
    for p in _COLOURS
]
"""``POWER_LOG[p][v][m + 1]``: ``p`` plays the power card ``v`` with the modifier card ``m`` (or
none: ``m`` -1, logged as 0)."""


def others(st: ElGrandeData, p: int) -> list[int]:
    """The other players from ``p``'s left."""
    n = st.num_players
    return [(p + i) % n for i in range(1, n)]


def takeable(st: ElGrandeData, c: int) -> list[int]:
    """Colour ``c``'s Caballeros region by region (a new list), the King's region counted as empty:
    nothing may be taken out of it. ``itertools.compress`` picks the moves of a prebuilt table by it."""
    base = c * D.AREAS
    counts = st.caballeros[base : base + D.NREG]
    k = st.king
    if k < D.NREG:
        counts[k] = 0
    return counts


def recallable(st: ElGrandeData, p: int) -> int:
    """Caballeros of ``p`` in regions other than the King's (what may be taken back to the court)."""
    return sum(takeable(st, p))


def log_to_area(st: ElGrandeData, key: str, p: int, a: int) -> None:
    """Log one Caballero of ``p`` going to area ``a``.

    With the hidden Castillo the table sees that a player throws Caballeros into the Castillo, not
    how many: one public line per throw (a run of Caballeros into the Castillo), and a private
    line per Caballero for the thrower with the running count of the throw."""
    log = st.log
    if a == D.CASTILLO and st.hidden_castillo:
        last = log[-1] if log else None
        if last is not None and last["k"] == key + "_own" and last["to"] == p:
            count = last["a"]["n"] + 1  # the same throw goes on
        else:
            count = 1
            log.append({"k": key + "_hidden", "a": {"p": p}, "to": None})
        log.append({"k": key + "_own", "a": {"p": p, "n": count}, "to": p})
    elif key == "place":
        log.append(PLACE_LOG[p][a])
    else:
        log.append({"k": key, "a": {"p": p, "r": D.AREA_NAMES[a]}, "to": None})


# ---------------------------------------------------------------------------- secret discs
def disc_options(st: ElGrandeData, p: int) -> list[int]:
    """Regions ``p`` may set its disc to for the discs being set now."""
    kind = st.disc_kind
    if kind in (DISC_SCORING, DISC_UNIQUE):
        return list(range(D.NREG))
    k = st.king
    base = p * D.AREAS
    if kind == DISC_RETURN:
        need = st.effect_args[0]
        return [r for r in range(D.NREG) if r != k and st.caballeros[base + r] >= need]
    src = st.effect_args[0]  # Umsturz: anywhere but the chosen region
    return [r for r in range(D.NREG) if r != k and r != src]


def start_disc(st: ElGrandeData, kind: int, seats: list[int]) -> None:
    """Ask ``seats`` (those with a choice) for a secret disc. With nobody to ask the flow resolves
    the discs at once (``phase`` DISC with nobody waiting never outlasts a decision)."""
    st.discs = [-1] * st.colours
    st.disc_kind = kind
    st.disc_waiting = [p for p in seats if disc_options(st, p)]
    st.phase = DISC
