"""Setting up a game (rulebook "Aufbau" and the variants' setup changes)."""

from __future__ import annotations

from feldherr.core.rng import Rng
from feldherr.elgrande import data as D
from feldherr.elgrande.rules.flow import start_round
from feldherr.elgrande.rules.moves import settle
from feldherr.elgrande.state import MODPASS, POWER, ElGrandeData


def setup(s: ElGrandeData, players: int, deck: str, variant: frozenset[str], seed: int) -> None:
    """Fill the fields of the blank state ``s`` for a new game with the action cards of ``deck``
    ("2023" or "classic") and the ``variant`` tokens (see :mod:`feldherr.elgrande.game`)."""
    n = players
    s.num_players = n
    s.version = 0
    s.effect_finished = 0
    s.dummy = n if n == 2 else -1
    s.colours = n + (1 if n == 2 else 0)
    s.short_game = int("short" in variant)
    s.hidden_castillo = int("hidden_castillo" in variant)
    s.machtverschiebung = int("machtverschiebung" in variant)
    s.neue_regentschaft = int("neue_regentschaft" in variant)
    s.third_place = int(n >= 4)
    s.rng = rng = Rng(seed)
    s.log = []
    s._legal_cache = None
    s._legal_cache_seat = -1
    C = s.colours
    s.caballeros = [0] * (C * D.AREAS)
    s.court = [D.START_COURT] * n + [0] * (C - n)
    s.province = [D.CABALLEROS - D.START_COURT - D.START_BOARD] * n + [D.CABALLEROS] * (C - n)
    # King and Grandes by the region cards (setup 8)
    rcards = list(range(D.NREG))
    rng.shuffle(rcards)
    s.king = rcards[0]
    s.grande = [0] * n
    for p in range(n):
        r = rcards[1 + p]
        s.grande[p] = r
        s.caballeros[p * D.AREAS + r] = D.START_BOARD
    s.score = [0] * n
    s.scoreboards = [-1, -1]
    full = (1 << 14) - 2  # power cards 1..13
    s.power_hand = [full] * n
    s.power_discard = [0] * n
    s.power_played = [0] * C
    s.power_total = [0] * C
    s.modifier_hand = [0] * n
    s.modifier_played = [-1] * n
    s.modifier_discard = [0] * n
    # action card stacks
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
    if s.neue_regentschaft:
        stacks[4] = D.regentschaft_cards()
        rng.shuffle(stacks[4])
        permanent[4] = 0
    if n == 2 or (n == 3 and "merged_stacks" in variant):
        merged = stacks[1] + stacks[2]
        rng.shuffle(merged)
        stacks = [stacks[0], merged, stacks[3], stacks[4]]
        permanent = [0, 0, 0, permanent[4]]
    s.stacks = stacks
    s.permanent_stacks = permanent
    s.open_cards = [-1] * len(stacks)
    s.action_discard = []
    s.start_player = 0
    s.round_index = 0
    s.turn_order = []
    s.turn_index = 0
    s.current = -1
    s.card = -1
    s.place_left = 0
    s.place_stage = 0
    s.special_stage = 0
    s.smuggle = 0
    s.vetos = [[] for _ in range(n)]
    s.veto_asking = []
    s.phase = POWER
    s.effect_source = [-1, -1, -1]
    s.effect_args = []
    s.effect_queue = []
    s.discs = [-1] * C
    s.disc_waiting = []
    s.disc_kind = 0
    s.dummy_power = []
    s.region_deck = []
    s.recall_left = 0
    s.passed_modifier = [-1] * n
    if s.dummy >= 0:
        s.dummy_power = list(range(1, 14))
        rng.shuffle(s.dummy_power)
        s.region_deck = list(range(D.NREG))
        rng.shuffle(s.region_deck)
    s.log.append(
        {
            "k": "setup",
            "a": {"king": D.AREA_NAMES[s.king], "grandes": [D.AREA_NAMES[g] for g in s.grande]},
            "to": None,
        }
    )
    if s.machtverschiebung:
        mods = list(range(len(D.MODIFIER_VALUES)))
        rng.shuffle(mods)
        for p in range(n):
            for m in mods[3 * p : 3 * p + 3]:
                s.modifier_hand[p] |= 1 << m
        s.phase = MODPASS
        s.disc_waiting = list(range(n))
        settle(s)
    else:
        start_round(s)
