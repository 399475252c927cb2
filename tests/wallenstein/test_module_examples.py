"""The modules' worked examples and rules, as scenarios (EN = wallenstein-bigbox-en.md,
DE = wallenstein-de.md, DE-BB = wallenstein-bigbox-de.txt)."""

from __future__ import annotations

import pytest

from feldherr.core.bots import SeatAccess
from feldherr.core.errors import IllegalMoveError, UnaffordableError
from feldherr.wallenstein.data import (
    BID,
    COMBAT_A,
    COMBAT_B,
    COURTIERS,
    DEPLOY1,
    DEPLOY5,
    FAVORS,
    GRAIN_ACTION,
    LSK_CARDS,
    MONEY_BASE,
    NEIGHBOURS,
    PALACE,
    REGION_OF,
    STATUES,
    TAXES,
    TOWER_CARD,
)
from feldherr.wallenstein.rules import actions, court, engine, flow, landsknechte, leaders, planning
from feldherr.wallenstein.state import FAVOR, LANDSKNECHTE, LEADER, WallensteinState

from .invariants import check_invariants
from .scenario import COLOURS, GAME, Table, cid, event_index, fresh_modules, give_plan

RED, BLUE, YELLOW, PURPLE = 0, 1, 2, 3
DIRK, FRANK, BARBARA, ANIKA = RED, BLUE, YELLOW, PURPLE
PEASANT = 5


def favor(number: int) -> int:
    return number - 1  # favor cards are stored by index


# -- Am Kaiserhof ------------------------------------------------------------------------------------


DIRK_OUT, FRANK_OUT, ANIKA_OUT, PEASANTS_OUT = 2, 2, 1, 2


def test_first_tower_filling_sends_courtiers() -> None:
    """EN/DE: 'During initial filling of the dice tower, 2 green peasant armies, 2 of Frank's blue
    armies, 2 of Dirk's red armies, and 1 of Anika's purple armies tumble down into the tray. Both
    Frank and Dirk put 2 of their courtiers in the entrance hall ...; Anika deploys one of her
    courtiers there. They retrieve their army pieces from the tray.'"""
    # The first filling ends the setup: a position at the draft's last pick, with a scripted tower
    # (the position's hidden.tower_script) that lets out exactly the rulebook's cubes.
    st = GAME.new_state({"players": 4, "setup": "draft", "modules": ["court"]}, 1)
    while st.draft_turn < len(st.draft_seat_order) - 1:
        seat = st.to_move()[0]
        st.apply(seat, st.legal_moves(seat)[0])
    position = GAME.position(st)
    del position["hidden"]["tower_content"]
    assert position["tower_inside"] == [0] * 6  # the tower is empty before its first filling
    position["hidden"]["tower_script"] = [[DIRK_OUT, FRANK_OUT, 0, ANIKA_OUT, 0, PEASANTS_OUT]]
    st = GAME.from_position(position, 1)
    seat = st.to_move()[0]
    st.apply(seat, st.legal_moves(seat)[0])  # the last pick; the tower is filled
    assert st.phase == "plan" and [e["a"]["out"] for e in st.log if e["k"] == "tower_filled"] == [
        [2, 2, 0, 1, 0, 2]
    ]
    assert st.hall == [2, 2, 0, 1]
    assert st.courtiers == [COURTIERS - 2, COURTIERS - 2, COURTIERS, COURTIERS - 1]
    assert st.tray == [0] * 6
    check_invariants(st)


def test_favor_cards_laid_out_by_number() -> None:
    """EN: 'The favor card #10 is placed on the space with 4 courtiers, the #8 card on the space
    with 3 courtiers, and the #2 card on the remaining space with 2 courtiers.'"""
    t = Table(modules=["court"])
    t.favor_deck([2, 10, 8, 5])
    st = t.state()
    court.display(st)
    assert [FAVORS[f].id for f in st.favors] == [10, 8, 2]


def test_barbaras_court_boxes() -> None:
    """EN: Barbara has 'Vogtland' in 'Convert 3 armies': 3 of her 4 armies there become courtiers,
    1 remains; a dice tower card in 'Convert 2 armies' takes 2 of her armies from the tray; a money
    card in the third box does nothing. 'She may deploy a total of 5 courtiers.'"""
    t = Table(modules=["court"])
    vogtland = t.give(BARBARA, "Vogtland", 4)
    t.tray([0, 0, 2, 0, 0, t.pos["tower_tray"][PEASANT]])
    t.courtiers(hall=[0] * 4, audience=[0] * 4)
    t.order([BARBARA, DIRK, FRANK, ANIKA])
    t.plan(BARBARA, 13, "Vogtland")  # convert 3
    t.plan(BARBARA, 12, "tower card")  # convert 2
    t.plan(BARBARA, 11, {"taler": 3})  # convert 1: "Ignore the Thalers on the money card"
    st = t.state()
    money = st.money[BARBARA]
    court.reveal_all(st)
    assert st.armies[vogtland] == 1
    assert st.tray[BARBARA] == 0
    assert st.hall[BARBARA] == 5 and st.courtiers[BARBARA] == COURTIERS - 5
    assert st.money[BARBARA] == money
    assert all(st.revealed[BARBARA][slot] for slot in (11, 12, 13))
    check_invariants(st)


def test_a_conversion_that_cannot_be_completed_is_not_performed() -> None:
    """'If an action cannot be completed (for example, there are not sufficient armies in the
    county/tray or the supply of courtiers is running short), this action is not performed.'
    'At least 1 army must remain in that county.'"""
    t = Table(modules=["court"])
    vogtland = t.give(BARBARA, "Vogtland", 3)
    t.tray([0, 0, 1, 0, 0, t.pos["tower_tray"][PEASANT]])
    t.order([BARBARA, DIRK, FRANK, ANIKA])
    t.courtiers(hall=[0] * 4, audience=[0] * 4)
    t.plan(BARBARA, 13, "Vogtland")  # 3 of 3 armies: one must stay -> not performed
    t.plan(BARBARA, 12, "tower card")  # only 1 in the tray -> not performed
    t.plan(BARBARA, 11, {"taler": 0})
    st = t.state()
    court.reveal_all(st)
    assert st.armies[vogtland] == 3 and st.tray[BARBARA] == 1 and st.hall[BARBARA] == 0
    assert [e["a"]["reason"] for e in st.log if e["k"] == "court_skip"] == ["too_few_armies"] * 2
    t = Table.of(st)
    t.courtiers(hall=[COURTIERS - 1 if s == BARBARA else 0 for s in range(4)])  # the supply runs short
    st = t.state()
    court.convert(st, BARBARA, 2, vogtland)
    assert st.armies[vogtland] == 3 and st.log[-1]["a"]["reason"] == "no_courtiers"


def test_favor_order_most_courtiers_first_ties_by_player_order() -> None:
    """EN/DE: Barbara (most courtiers) takes #8 and returns 3 courtiers; Dirk (second most) takes
    #2; Frank and Anika tie, Frank is ahead in player order: he moves his courtiers to the audience
    hall but cannot take #10; 'Anika can't take the card either, but she moves her courtiers to the
    audience hall nevertheless.'"""
    t = Table(modules=["court"])
    t.order([FRANK, ANIKA, DIRK, BARBARA])
    t.courtiers(hall=[3, 2, 5, 2], audience=[0] * 4)
    t.favor_display([10, 8, 2])
    t.event("tax_min6")
    # nothing planned (every box open): no action takes place this round
    assert court.favor_order(t.state()) == [BARBARA, DIRK, FRANK, ANIKA]
    # the court's step of the round, as it stands after the player order: the engine reveals the
    # court boxes (money cards: nothing happens) and asks for the favors in that order
    t.pos["phase"] = flow.PRE
    t.pos["flow"]["stage"] = flow.REVEAL
    st = t.state()
    assert st.phase == FAVOR and st.pending == [BARBARA]
    assert st.audience[BARBARA] == 5 and st.hall[BARBARA] == 0
    st.apply(BARBARA, ("favor", 1, -1))  # #8: armies into the tray
    assert st.phase == FAVOR and st.pending == [DIRK]
    money = st.money[DIRK]
    st.apply(DIRK, ("favor", 2, -1))  # #2: Thalers
    assert st.money[DIRK] == money + FAVORS[favor(2)].amount
    # Frank and Anika: no decision (they cannot pay 4), but both moved to the audience hall.
    moved = [e["a"]["p"] for e in st.log if e["k"] == "audience"]
    assert moved == [BARBARA, DIRK, FRANK, ANIKA]
    assert st.hall == [1, 2, 2, 2]  # after clean-up: back to the entrance hall
    assert st.courtiers[BARBARA] == COURTIERS - 5 + 3 and st.courtiers[DIRK] == COURTIERS - 3 + 2
    assert st.tray[BARBARA] == FAVORS[favor(8)].amount
    assert any(e["k"] == "favors_removed" and e["a"]["cards"] == [10] for e in st.log)
    check_invariants(st)


def test_dice_tower_card_on_the_mat_and_as_bid() -> None:
    """'A dice tower card on a player mat ... has the same effect as a money card'; 'A dice tower
    card on the auction box is treated like a "0" money card.'"""
    assert planning.bid_rank(TOWER_CARD) == planning.bid_rank(MONEY_BASE)
    assert planning.bid_rank(TOWER_CARD) < planning.bid_rank(0)  # behind a county card
    st = fresh_modules(["court"])
    money = st.money[:]
    for seat in range(4):
        hand = st.plan_hand[seat]  # 8 county cards each
        # palace: a dice tower card; the other boxes: counties and money; bid: a dice tower card
        boxes = [TOWER_CARD, *hand[1:8], hand[0], TOWER_CARD]
        court_boxes = [MONEY_BASE, MONEY_BASE + 1, MONEY_BASE + 2]
        give_plan(st, seat, (*boxes, TOWER_CARD, *court_boxes))
    assert [e["a"]["bid"] for e in st.log if e["k"] == "bid_revealed"] == ["tower"] * 4
    assert st.money == money  # nobody paid for the bid
    skipped = [e for e in st.log if e["k"] in ("build", "skip") and e["a"].get("action") == "palace"]
    assert not skipped  # the tower card on 'palace' performs nothing


def test_tower_cards_only_with_the_court() -> None:
    st = fresh_modules([])
    with pytest.raises(IllegalMoveError) as err:
        st.apply(0, ("slot", BID, TOWER_CARD))
    assert err.value.rule == "wallenstein.court.tower-card"


def test_plan_has_the_three_court_boxes() -> None:
    st = fresh_modules(["court"])
    assert st.nslots == 14
    assert sum(1 for m in st.legal_moves(0) if m[2] == TOWER_CARD) == 1  # three alike: one option
    for _ in range(11):
        st.apply(0, st.legal_moves(0)[0])
    assert {m[1] for m in st.legal_moves(0)} == {11}
    assert st.to_move() == (0, 1, 2, 3)


def _favor_table(number: int, seat: int = BARBARA, courtiers: int = 4) -> Table:
    """``seat`` is to take a favor card: #``number`` lies on the 4-courtier space, ``courtiers``
    of its courtiers wait in the audience hall."""
    t = Table(modules=["court"])
    t.order([0, 1, 2, 3])
    t.favor_display([number, None, None])
    t.courtiers(hall=[0] * 4, audience=[courtiers if s == seat else 0 for s in range(4)])
    t.pos["phase"] = FAVOR
    t.pos["flow"].update(queue=[COLOURS[seat]], stage=flow.FAVOR, pending={"player": COLOURS[seat]})
    return t


def _favor_state(number: int, seat: int = BARBARA, courtiers: int = 4) -> WallensteinState:
    return _favor_table(number, seat, courtiers).state()


def test_favor_1_removes_the_event_if_wanted() -> None:
    t = _favor_table(1)
    t.event("tax_max5")
    st = t.state()
    assert ("favor", 0, -1) in st.legal_moves(BARBARA)  # "not obliged to remove the event card"
    court.apply(st, BARBARA, ("favor", 0, court.REMOVE_EVENT))
    assert st.event == -1 and st.used_events[-1] == event_index("tax_max5")
    engine._end_round(st)
    assert st.used_events.count(event_index("tax_max5")) == 1


def test_favor_4_removes_a_revolt_marker_or_parries_the_next() -> None:
    t = _favor_table(4)
    burgund = t.give(BARBARA, "Burgund", 3)
    t.revolt_markers("Burgund", 2)
    st = t.state()
    marked = [c for c in range(45) if st.unrest[c] and st.owner[c] == BARBARA]
    assert st.legal_moves(BARBARA)[1:] == [("favor", 0, c) for c in marked]
    court.apply(st, BARBARA, ("favor", 0, burgund))
    assert st.unrest[burgund] == 1 and st.parry[BARBARA] == 0
    # No marked county: the card is kept and parries the next revolt marker.
    t = _favor_table(4)
    for name, county in t.pos["counties"].items():
        if county["owner"] == COLOURS[BARBARA]:
            t.revolt_markers(name, 0)
    st = t.state()
    assert st.legal_moves(BARBARA) == [("favor", -1, -1), ("favor", 0, -1)]
    court.apply(st, BARBARA, ("favor", 0, -1))
    assert st.parry[BARBARA] == 1
    county = next(c for c in range(45) if st.owner[c] == BARBARA)
    t = Table.of(st)
    t.pos["flow"].update(queue=[COLOURS[BARBARA]])  # (court.apply alone left a favor owed, nobody queued)
    t.event("tax_min6")
    st = t.state()
    actions.perform(st, BARBARA, TAXES, county)
    assert st.unrest[county] == 0 and st.parry[BARBARA] == 0  # parried, card discarded
    actions.perform(st, BARBARA, GRAIN_ACTION, county)
    assert st.unrest[county] == 1


@pytest.mark.parametrize(("number", "a", "b"), [(10, True, False), (11, False, True), (18, True, True)])
def test_favors_10_11_18_protect_from_combat_a_b(number: int, a: bool, b: bool) -> None:
    """'During this round only, the player cannot be attacked with the action "Combat / Movement A"
    (or "B" or "A or B")': #10 against A, #11 against B, #18 against both (docs/rules-notes.md)."""
    t = _favor_table(number)
    src = t.give(RED, "Anhalt", 6)
    dst = t.give(BARBARA, "Kursachsen", 2)
    st = t.state()
    court.apply(st, BARBARA, ("favor", 0, -1))
    assert dst in NEIGHBOURS[src]
    assert (dst not in actions.move_targets(st, RED, COMBAT_A, src)) == a
    assert (dst not in actions.move_targets(st, RED, COMBAT_B, src)) == b
    if a:
        with pytest.raises(IllegalMoveError) as err:
            planning.explain_illegal_move(st, RED, COMBAT_A, src, ("move", dst, 1))
        assert err.value.rule == "wallenstein.court.favor-shield"
    engine._end_round(st)  # "Remove the card from the game at the end of the round"
    assert dst in actions.move_targets(st, RED, COMBAT_A, src)


def test_favor_buildings_deployment_and_amounts() -> None:
    t = _favor_table(21)  # palace (assumed), free, general building rules
    bremen = t.give(BARBARA, "Bremen", 2)
    t.build("Bremen", "church")
    st = t.state()
    targets = [m[2] for m in st.legal_moves(BARBARA)[1:]]
    assert bremen in targets
    money = st.money[BARBARA]
    court.apply(st, BARBARA, ("favor", 0, bremen))
    assert st.buildings[bremen] == 0b011 and st.money[BARBARA] == money
    t = _favor_table(12)  # 3 armies free into an own or a neutral county; the card w/o battle
    burgund = t.clear("Burgund")
    st = t.state()
    court.apply(st, BARBARA, ("favor", 0, burgund))
    assert st.owner[burgund] == BARBARA and st.card[burgund] == BARBARA and st.armies[burgund] == 3
    check_invariants(st)
    for number, field in ((16, "money"), (20, "grain"), (19, "vp")):
        st = _favor_state(number)
        before = getattr(st, field)[BARBARA]
        court.apply(st, BARBARA, ("favor", 0, -1))
        assert getattr(st, field)[BARBARA] == before + FAVORS[favor(number)].amount


def test_a_favor_cards_building_and_armies_say_the_card_added_them() -> None:
    """Like the bonus tiles and the military leader, a favor card's gift says in its line that the
    card added it (English and German); the gift costs nothing, and the line names no "0 Thalers".
    The note rides outside the digest (the state's digest is the one without it)."""
    names = ["Anna", "Ben", "Clara", "Dora"]

    def taken(number: int, target: str | None = None, own: bool = False) -> tuple[str, str, WallensteinState]:
        t = _favor_table(number)
        county = -1
        if target:
            county = t.give(BARBARA, target, 2) if own else t.clear(target)
        st = t.state()
        since = len(st.log)
        court.apply(st, BARBARA, ("favor", 0, county))
        entry = st.log[-1]
        assert len(st.log) == since + 2  # "takes the card", then its gift
        return GAME.render_log(entry, "en", names), GAME.render_log(entry, "de", names), st

    en, de, st = taken(21, "Bremen", own=True)  # a palace
    assert en == "Clara builds a palace in Bremen. Added by the favor card “A free palace”.", en
    assert de == "Clara baut einen Palast in Bremen. Hinzugefügt durch die Gunstkarte „Palast kostenlos“.", de
    en, de, _ = taken(12, "Burgund")  # 3 armies into a neutral county: its card comes with them
    assert en.startswith("Clara deploys 3 armies in Burgund. Added by the favor card “"), en
    assert en.endswith("”, together with the county card."), en
    assert "0 Thalers" not in en and "0 Taler" not in de, (en, de)
    assert de.startswith("Clara stellt 3 Armeen in Burgund auf. Hinzugefügt durch die Gunstkarte „"), de
    assert de.endswith("“, samt der Länderkarte."), de
    en, de, _ = taken(12, "Bremen", own=True)  # into an own county: no card to take
    assert en.endswith("”.") and "county card" not in en, en
    en, de, st = taken(14)  # 3 armies into the tray
    assert en.startswith("Clara receives 3 armies into the tray. Added by the favor card “"), en
    assert de.startswith("Clara erhält ") and "Hinzugefügt durch die Gunstkarte „" in de, de
    assert st.log[-1]["a"]["plus"] == [{"by": "favor", "card": 14, "n": 3}]
    bare = st.clone()
    bare.log[-1]["a"].pop("plus")
    assert bare.digest() == st.digest()


def test_favor_needs_enough_courtiers() -> None:
    t = _favor_table(10, courtiers=3)
    t.favor_display([10, 8, 2])
    st = t.state()
    assert all(m[1] != 0 for m in st.legal_moves(BARBARA))
    before = st.digest()
    with pytest.raises(UnaffordableError) as err:
        st.apply(BARBARA, ("favor", 0, -1))
    assert err.value.rule == "wallenstein.court.favor-cost" and st.digest() == before


# -- Landsknechte ------------------------------------------------------------------------------------


def test_landsknechte_four_regions_turn_the_card_and_choose() -> None:
    """'A player meeting this condition slides the top card of their deck underneath their deck and
    is entitled to receive one of the benefits shown on the new top card ... in given player order.
    If a player does not meet the required condition, they leave their deck as it is.'"""
    t = Table(modules=["landsknechte"])
    t.order([3, 2, 1, 0])
    st = t.state()
    held = [landsknechte.regions_held(st, s) for s in range(4)]
    landsknechte.start(st)
    assert st.queue == [s for s in st.order if held[s] >= 4]
    # seat 0 now holds a single county (one region): it does not qualify
    t = Table(modules=["landsknechte"])
    for name, county in t.pos["counties"].items():
        if county["owner"] == "red":
            t.clear(name)
    t.give(0, "Burgund", 2)
    t.order([1, 0, 2, 3])
    st = t.state()
    landsknechte.start(st)
    assert 0 not in st.queue
    st.queue = [1]  # Blue alone (on the state: a position has players still to act only in a step)
    assert landsknechte.next_decision(st)
    assert st.phase == LANDSKNECHTE and st.pending == [1] and st.lsk_top[1] == 1
    vp = st.vp[1]
    landsknechte.apply(st, 1, ("lsk", 3))
    assert st.vp[1] == vp + LSK_CARDS[1][3]  # type: ignore[index]
    assert st.lsk_top[0] == 0  # seat 0 did not qualify: its deck is unchanged
    landsknechte.reset(st)
    assert st.lsk_top == [0] * 4


def test_landsknechte_armies_only_when_the_supply_has_them() -> None:
    t = Table(modules=["landsknechte"])
    t.player(2)["landsknechte_top_card"] = 2  # card 3 shows (assumed) 2 armies
    for name, county in t.pos["counties"].items():  # all but one of yellow's armies on the board
        if county["owner"] == "yellow":
            t.give(2, name, county["armies"] + t.player(2)["armies_in_supply"] - 1)
            break
    st = t.state()
    assert st.supply[2] == 1
    assert ("lsk", 2) not in landsknechte.options(st, 2)
    with pytest.raises(IllegalMoveError) as err:
        landsknechte.apply(st, 2, ("lsk", 2))
    assert err.value.rule == "wallenstein.landsknechte.benefit"


def test_landsknechte_run_before_the_court() -> None:
    """'In combination with Emperor's Court, carry out this step prior to any Court actions!'"""
    t = Table(seed=3, modules=["court", "landsknechte"])
    regions: set[int] = set()
    for name in ("Burgund", "Holstein", "Tirol", "Schlesien", "Bremen", "Lothringen", "Böhmen"):
        c = cid(name)
        if REGION_OF[c] not in regions and t.county(name)["owner"] != "red":
            t.give(0, name, 2)
            regions.add(REGION_OF[c])
    red = t.player(0)
    red["hand"] = [name for name, county in t.pos["counties"].items() if county["card_held_by"] == "red"]
    red["cards_to_place"] = [*red["hand"], *({"taler": v} for v in range(5)), *["tower card"] * 3]
    st = t.state()
    assert landsknechte.regions_held(st, 0) >= 4
    while st.phase == "plan":
        for seat in st.to_move():
            st.apply(seat, st.legal_moves(seat)[0])
    while st.phase == "position":
        st.apply(st.pending[0], st.legal_moves(st.pending[0])[0])
    while st.phase == LANDSKNECHTE and st.pending != [0]:
        st.apply(st.pending[0], st.legal_moves(st.pending[0])[0])
    assert st.phase == LANDSKNECHTE and st.pending == [0]
    keys = [e["k"] for e in st.log]
    later = keys[keys.index("order") :]
    assert not {"court_convert", "court_skip", "audience"} & set(later)  # the court comes after


# -- Heerführer --------------------------------------------------------------------------------------


def _leader_in_burgund() -> tuple[WallensteinState, int]:
    """Yellow's military leader in Burgund (3 armies), the event capping taxes at 5 and Yellow's
    +1 Thaler bonus tile: the table of the rulebook's example of the leader's order; Burgund."""
    t = Table(modules=["leaders"])
    burgund = t.give(YELLOW, "Burgund", 3)
    t.leader(YELLOW, "Burgund")
    t.event("tax_max5")
    t.hold_tile(YELLOW, "plus_taler")
    return t.state(), burgund


def test_leader_upgrades_actions_after_event_and_tile() -> None:
    """'apply the military leader bonus after the effects of the event card and bonus tiles':
    Burgund pays 7, the event caps taxes at 5, +1 Thaler tile: 6, the leader: 7."""
    st, burgund = _leader_in_burgund()
    money = st.money[YELLOW]
    actions.perform(st, YELLOW, TAXES, burgund)
    assert st.money[YELLOW] == money + 7
    # Palace for 2 Thalers instead of 3.
    money = st.money[YELLOW]
    actions.perform(st, YELLOW, PALACE, burgund)
    assert st.money[YELLOW] == money - 2 and st.buildings[burgund] & 1
    # Deploy 5 with the '6 armies' tile -> 6, the leader: 7; deploy 1 -> 2.
    t = Table.of(st)
    t.event("tax_min6")
    t.hold_tile(YELLOW, "six_armies")
    st = t.state()
    armies = st.armies[burgund]
    actions.perform(st, YELLOW, DEPLOY5, burgund)
    assert st.armies[burgund] == armies + 7
    armies = st.armies[burgund]
    actions.perform(st, YELLOW, DEPLOY1, burgund)
    assert st.armies[burgund] == armies + 2
    # Elsewhere: the plain actions.
    t = Table.of(st)
    other = t.give(YELLOW, "Bremen", 2)
    st = t.state()
    money = st.money[YELLOW]
    actions.perform(st, YELLOW, PALACE, other)
    assert st.money[YELLOW] == money - 3
    check_invariants(st)


def test_a_result_line_says_what_the_leader_and_the_bonus_tile_added() -> None:
    """The log line of a plan's result names what a bonus tile or the military leader added: the
    Thalers, the armies deployed, the cheaper building; a battle line names the extra cubes thrown
    and whose they are (bonus tiles, the palace event). They said only the total ("brings 7
    Thalers"), so a player could not see where the 2 more came from."""
    names = ["Anna", "Ben", "Clara", "Dora"]

    def lines(st: WallensteinState, since: int) -> list[tuple[str, str]]:
        return [(GAME.render_log(e, "en", names), GAME.render_log(e, "de", names)) for e in st.log[since:]]

    st, burgund = _leader_in_burgund()
    since = len(st.log)
    actions.perform(st, YELLOW, TAXES, burgund)
    (en, de), *_ = lines(st, since)
    assert en == (
        "Clara: Collect taxes in Burgund brings 7 Thalers. "
        "Of this, +1 from the bonus tile “+1 Thaler” and +1 from the military leader."
    ), en
    assert de.endswith("Davon +1 durch das Bonusplättchen „+1 Taler“ und +1 durch den Heerführer."), de
    since = len(st.log)
    actions.perform(st, YELLOW, PALACE, burgund)
    (en, de), *_ = lines(st, since)
    assert en.endswith("for 2 Thalers. The military leader in Burgund makes it 1 Thaler cheaper."), en
    assert de.endswith("Der Heerführer in Burgund macht es 1 Taler billiger."), de
    t = Table.of(st)
    t.event("tax_min6")
    t.hold_tile(YELLOW, "six_armies")
    st = t.state()
    since = len(st.log)
    actions.perform(st, YELLOW, DEPLOY5, burgund)
    (en, de), *_ = lines(st, since)
    assert "deploys 7 armies in Burgund. Of this, +1 from the bonus tile “6 armies” and +1 from" in en, en
    assert "Davon +1 durch das Bonusplättchen „6 Armeen“ und +1 durch den Heerführer." in de, de
    # elsewhere, without tile or leader: the line as it was, with nothing added
    t = Table.of(st)
    other = t.give(YELLOW, "Bremen", 2)
    st = t.state()
    since = len(st.log)
    actions.perform(st, YELLOW, TAXES, other)
    (en, de), *_ = lines(st, since)
    assert "Of this" not in en and "Davon" not in de and "plus" not in st.log[since]["a"], en
    # a battle: the attacker's tile and the defender's palace (this round's event) add a cube each
    t = Table()
    anhalt = t.give(BLUE, "Anhalt", 5)
    kursachsen = t.give(YELLOW, "Kursachsen", 3)
    t.build("Kursachsen", "palace")
    t.event("palace_defender_plus1")
    t.hold_tile(BLUE, "attack_plus1")
    t.tray([0] * 6)
    t.script_tower([[0, 3, 1, 0, 0, 0]])
    st = t.state()
    since = len(st.log)
    actions.move(st, BLUE, anhalt, kursachsen, 4)
    battle = next(e for e in st.log[since:] if e["k"] == "battle")
    assert battle["a"]["thrown"][BLUE] == 5 and battle["a"]["thrown"][YELLOW] == 4
    en, de = GAME.render_log(battle, "en", names), GAME.render_log(battle, "de", names)
    assert en.endswith(
        "Among the cubes thrown: 1 army of Ben from the bonus tile “+1 army when attacking” "
        "and 1 army of Clara for the palace (this round's event)."
    ), en
    assert "Unter den geworfenen Würfeln: 1 Armee von Ben durch das Bonusplättchen" in de, de
    assert "„+1 Armee beim Angriff“ und 1 Armee von Clara für den Palast" in de, de


def test_leader_move_statue_flight_and_trophy() -> None:
    """Adjacent move: a statue in the county left; not adjacent: none; entering a county with
    another player's statue takes it as a trophy."""
    t = Table(modules=["leaders"])
    anhalt = t.give(RED, "Anhalt", 3)
    kursachsen = t.give(RED, "Kursachsen", 3)
    far = t.give(RED, "Burgund", 3)
    t.leader(RED, "Anhalt")
    st = t.state()  # (``go`` is the leader's move whatever the step: a plan-phase table will do)
    leaders.go(st, RED, kursachsen)
    assert st.statues[RED][anhalt] == 1 and st.statue_supply[RED] == STATUES - 1
    leaders.go(st, RED, far)
    assert sum(st.statues[RED]) == 1  # fled: no statue in Kursachsen
    # Blue conquers Anhalt (the statue stays), then Blue's leader enters it: a trophy.
    t = Table.of(st)
    t.give(BLUE, "Anhalt", 4)
    t.give(BLUE, "Altmark", 2)
    t.leader(BLUE, "Altmark")
    st = t.state()
    assert st.statues[RED][anhalt] == 1
    leaders.go(st, BLUE, anhalt)
    assert st.statues[RED][anhalt] == 0 and st.trophies[BLUE][RED] == 1
    check_invariants(st)


def test_leader_lost_with_his_county_and_back_after_winter() -> None:
    t = Table(modules=["leaders"])
    blue_src = t.give(BLUE, "Anhalt", 8)
    target = t.give(YELLOW, "Kursachsen", 1)
    for seat in range(4):
        t.leader(seat, next(n for n, c in t.pos["counties"].items() if c["owner"] == COLOURS[seat]))
    t.leader(YELLOW, "Kursachsen")
    t.revolt_markers("Kursachsen", 0)
    t.tray([0] * 6)
    t.script_tower([[0, 3, 0, 0, 0, 0]])
    t.planned()  # (a move is an action: after planning)
    st = t.state()
    actions.move(st, BLUE, blue_src, target, 4)
    assert st.owner[target] == BLUE and st.leader[YELLOW] == -1
    assert any(e["k"] == "leader_lost" for e in st.log)
    check_invariants(st)
    t = Table.of(st)
    t.pos["fall_order"] = list(COLOURS[:4])
    st = t.state()
    flow.begin_winter_end(st)
    assert st.queue == [YELLOW]
    if leaders.next_decision(st):
        assert st.phase == LEADER
        st.apply(YELLOW, st.legal_moves(YELLOW)[0])
    assert st.leader[YELLOW] >= 0 and st.owner[st.leader[YELLOW]] == YELLOW


def test_fixed_lineup_leaders_placed_after_the_first_player_order() -> None:
    st = fresh_modules(["leaders"])
    assert st.leader == [-1] * 4
    while st.phase == "plan":
        for seat in st.to_move():
            st.apply(seat, st.legal_moves(seat)[0])
    while st.phase == "position":
        st.apply(st.pending[0], st.legal_moves(st.pending[0])[0])
    assert st.phase == LEADER and st.pending == [st.order[0]]
    for seat in st.order:
        assert st.pending == [seat]
        st.apply(seat, st.legal_moves(seat)[-1])
        assert st.leader[seat] >= 0
    check_invariants(st)


def test_draft_leader_decided_when_claiming_forced_on_the_last() -> None:
    st = fresh_modules(["leaders"], setup="draft", seed=5)
    seat = st.pending[0]
    moves = st.legal_moves(seat)
    assert any(len(m) == 4 for m in moves) and any(len(m) == 3 for m in moves)
    while st.phase == "draft":
        s = st.pending[0]
        st.apply(s, next(m for m in st.legal_moves(s) if m[0] == "draft" and len(m) == 3))
    assert all(st.leader[s] >= 0 for s in range(4))  # the last claim placed them
    check_invariants(st)


def test_statues_and_trophies_score_at_the_end() -> None:
    t = Table(modules=["leaders"])
    t.statues(RED, "Anhalt", 2)
    t.player(BLUE)["trophies"][RED] = 1
    st = t.state()
    vp = st.vp[:]
    leaders.score(st)
    assert st.vp[RED] == vp[RED] + 2 and st.vp[BLUE] == vp[BLUE] + 1


def test_leader_bad_target() -> None:
    t = Table(modules=["leaders"])
    t.order([0, 1, 2, 3])
    st = t.state()
    leaders.start(st, leaders.SETUP, [0])
    assert leaders.next_decision(st)
    foreign = next(c for c in range(45) if st.owner[c] == 1)
    before = st.digest()
    with pytest.raises(IllegalMoveError) as err:
        st.apply(0, ("leader", foreign))
    assert err.value.rule == "wallenstein.leaders.placement" and st.digest() == before


# -- secrecy, words, bad input -----------------------------------------------------------------------


def test_extra_board_hidden_until_revealed() -> None:
    st = fresh_modules(["court"])
    for seat in st.to_move():
        st.apply(seat, st.legal_moves(seat)[0])
    mine = st.view(0)["players"][0]["plan"]
    theirs = st.view(1)["players"][0]["plan"]
    assert "court1" not in theirs  # not planned yet (slot by slot)
    while st.plan_step[0] < st.nslots:
        st.apply(0, st.legal_moves(0)[-1])
    theirs = st.view(1)["players"][0]["plan"]
    mine = st.view(0)["players"][0]["plan"]
    assert {theirs[k] for k in ("court1", "court2", "court3")} == {"hidden"}
    assert all(mine[k] != "hidden" for k in ("court1", "court2", "court3"))
    court.reveal_all(st)
    theirs = st.view(1)["players"][0]["plan"]
    assert theirs["court3"] == mine["court3"]
    text = json_text(st.view(1))
    assert '"favor_deck":' not in text and '"favor_deck_size":' in text


def json_text(data: object) -> str:
    import json

    return json.dumps(data)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_log_and_terminal_in_both_languages(lang: str) -> None:
    from feldherr.core import RandomBot
    from feldherr.wallenstein.text import CATALOGUE

    from .scenario import GAME

    st = fresh_modules(["court", "landsknechte", "leaders"], setup="draft", seed=4)
    bots = [RandomBot(s) for s in range(4)]
    while not st.is_terminal():
        for seat in st.to_move():
            st.apply(seat, bots[seat].choose(SeatAccess(st, seat)))
    for entry in st.log:
        assert entry["k"] in CATALOGUE
        assert "{" not in GAME.render_log(entry, lang)
    text = GAME.render_text(st, 0, lang)
    assert ("Kaiserhof" if lang == "de" else "Emperor's Court") in text
    assert ("Heerführer" if lang == "de" else "Military Leaders") in text
    assert "Landsknechte" in text


def test_bad_module_moves_are_typed_and_change_nothing() -> None:
    from feldherr.core.errors import MalformedMoveError, WrongPhaseError

    from .scenario import GAME

    st = fresh_modules(["court"])
    before = st.digest()
    with pytest.raises(WrongPhaseError):
        st.apply(0, ("favor", 0, -1))
    with pytest.raises(MalformedMoveError):
        GAME.move_from_json(["favor", 5])
    with pytest.raises(MalformedMoveError):
        GAME.move_from_json(["lsk", "gold"])
    foreign = st.plan_hand[1][0]
    slots = [
        *st.plan_hand[0][:8],
        MONEY_BASE + 1,
        MONEY_BASE + 2,
        MONEY_BASE,
        foreign,
        TOWER_CARD,
        TOWER_CARD,
    ]
    from feldherr.core.errors import NotOwnedError

    with pytest.raises(NotOwnedError) as err:
        give_plan(st, 0, tuple(slots))
    assert err.value.rule == "wallenstein.court.convert"
    assert st.digest() == before
