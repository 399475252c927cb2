"""Setting up a game (rulebook "Aufbau" and the variants' setup changes)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from feldherr.core.rng import Rng
from feldherr.elgrande import data as D

if TYPE_CHECKING:
    from feldherr.elgrande.state import ElGrandeState


def setup(s: ElGrandeState, players: int, variant: frozenset[str], seed: int) -> None:
    """Fill the fields of the blank state ``s`` for a new game."""
    from feldherr.elgrande.state import MODPASS, POWER

    n = players
    s.n = s.num_players = n
    s.dummy = n if n == 2 else -1
    s.C = n + (1 if n == 2 else 0)
    s.short = int("short" in variant)
    s.hidden = int("hidden_castillo" in variant)
    s.mv = int("machtverschiebung" in variant)
    s.nr = int("neue_regentschaft" in variant)
    s.third = int(n >= 4)
    s.rng = rng = Rng(seed)
    s.log = []
    s._lm = None
    s._lm_seat = -1
    C = s.C
    s.cab = [0] * (C * D.AREAS)
    s.court = [D.START_COURT] * n + [0] * (C - n)
    s.prov = [D.CABALLEROS - D.START_COURT - D.START_BOARD] * n + [D.CABALLEROS] * (C - n)
    # King and Grandes by the region cards (setup 8)
    rcards = list(range(D.NREG))
    rng.shuffle(rcards)
    s.king = rcards[0]
    s.grande = [0] * n
    for p in range(n):
        r = rcards[1 + p]
        s.grande[p] = r
        s.cab[p * D.AREAS + r] = D.START_BOARD
    s.score = [0] * n
    s.boards = [-1, -1]
    full = (1 << 14) - 2  # power cards 1..13
    s.hand = [full] * n
    s.pdisc = [0] * n
    s.played = [0] * C
    s.total = [0] * C
    s.mhand = [0] * n
    s.mplayed = [-1] * n
    s.mdisc = [0] * n
    # action card stacks
    deck = "2023" if "deck_2023" in variant else "classic"
    stacks = D.deck_stacks(deck)
    for st in stacks:
        rng.shuffle(st)
    picked = {t.split(":", 1)[1] for t in variant if t.startswith("alte_hasen:")}
    if "alte_hasen" in variant or picked:
        for stack_no, card in D.alte_hasen_cards():
            if picked and D.CARD_IDS[card] not in picked:
                continue
            st = stacks[stack_no - 1]
            st.pop(rng.below(len(st)))  # one card of that stack back into the box, unseen
            st.append(card)
        for st in stacks[:4]:
            rng.shuffle(st)
    permanent = [0, 0, 0, 0, 1]
    if s.nr:
        stacks[4] = D.regentschaft_cards()
        rng.shuffle(stacks[4])
        permanent[4] = 0
    if n == 2 or (n == 3 and "merged_stacks" in variant):
        merged = stacks[1] + stacks[2]
        rng.shuffle(merged)
        stacks = [stacks[0], merged, stacks[3], stacks[4]]
        permanent = [0, 0, 0, permanent[4]]
    s.stacks = stacks
    s.permanent = permanent
    s.up = [-1] * len(stacks)
    s.discard = []
    s.start = 0
    s.ridx = 0
    s.order = []
    s.turn = 0
    s.cur = -1
    s.card = -1
    s.place_left = 0
    s.place_st = 0
    s.spec_st = 0
    s.smuggle = 0
    s.veto = [-1] * n
    s.veto_ask = []
    s.phase = POWER
    s.fx_src = [-1, -1, -1]
    s.fx = []
    s.fxq = []
    s.disc = [-1] * C
    s.disc_wait = []
    s.disc_kind = 0
    s.dpower = []
    s.rdeck = []
    s.recall_left = 0
    s.pending_pass = [-1] * n
    if s.dummy >= 0:
        s.dpower = list(range(1, 14))
        rng.shuffle(s.dpower)
        s.rdeck = list(range(D.NREG))
        rng.shuffle(s.rdeck)
    s.log.append(
        {
            "k": "setup",
            "a": {"king": D.AREA_NAMES[s.king], "grandes": [D.AREA_NAMES[g] for g in s.grande]},
            "to": None,
        }
    )
    if s.mv:
        mods = list(range(len(D.MODIFIER_VALUES)))
        rng.shuffle(mods)
        for p in range(n):
            for m in mods[3 * p : 3 * p + 3]:
                s.mhand[p] |= 1 << m
        s.phase = MODPASS
        s.disc_wait = list(range(n))
        s._settle()
    else:
        s._start_round()
