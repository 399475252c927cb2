"""Sentences of the modules' rules (EN = wallenstein-bigbox-en.md) with a checkable consequence that
the worked examples in test_module_examples.py leave out, each set up as a table and checked
against the text."""

from __future__ import annotations

from feldherr.wallenstein.data import (
    CHURCH,
    COURTIERS,
    DEPLOY3,
    GRAIN,
    GRAIN_ACTION,
    STATUES,
    TRADING_POST,
)
from feldherr.wallenstein.rules import actions, engine, flow, leaders, winter
from feldherr.wallenstein.state import FAVOR

from .invariants import check_invariants
from .scenario import COLOURS, Table

RED, BLUE, YELLOW, PURPLE = 0, 1, 2, 3
DIRK, FRANK, BARBARA, ANIKA = RED, BLUE, YELLOW, PURPLE


# -- Am Kaiserhof ------------------------------------------------------------------------------------


def test_the_favor_step_ends_when_every_card_is_taken() -> None:
    """EN 'Take advantage of the Court's favor': "When all displayed favor cards have been taken,
    this step is complete." Barbara, Dirk and Frank take the three cards; Anika, fourth, keeps her
    courtiers in the entrance hall (she does not move them to the audience hall)."""
    t = Table(modules=["court"])
    t.order([BARBARA, DIRK, FRANK, ANIKA])
    t.courtiers(hall=[4, 3, 5, 2], audience=[0] * 4)  # Dirk, Frank, Barbara, Anika by seat
    t.favor_display([10, 8, 2])  # on the 4, 3 and 2 spaces
    t.event("tax_min6")
    t.pos["phase"] = flow.PRE
    t.pos["flow"]["stage"] = flow.REVEAL
    st = t.state()
    for seat, space in ((BARBARA, 0), (DIRK, 1), (FRANK, 2)):
        assert st.phase == FAVOR and st.pending == [seat]
        st.apply(seat, ("favor", space, -1))
    assert [e["a"]["p"] for e in st.log if e["k"] == "audience"] == [BARBARA, DIRK, FRANK]
    assert st.hall[ANIKA] == 2 and st.courtiers[ANIKA] == COURTIERS - 2
    assert st.hall[BARBARA] == 5 - 4 and st.hall[DIRK] == 4 - 3 and st.hall[FRANK] == 3 - 2
    assert not any(e["k"] == "favors_removed" for e in st.log)  # nothing was left to remove
    check_invariants(st)


# -- Landsknechte ------------------------------------------------------------------------------------


def test_landsknechte_decks_are_rearranged_after_winter() -> None:
    """EN: "After winter is over, all players rearrange their deck of cards like at the beginning of
    the game" (the empty banner on top again), whatever card each had turned to."""
    t = Table(modules=["landsknechte"])
    for seat, top in enumerate((3, 2, 1, 0)):
        t.player(seat)["landsknechte_top_card"] = top
        t.player(seat)["grain"] = 99  # no revolt in this winter
    t.open_events(["tax_max5"])
    st = t.state()
    assert st.lsk_top == [3, 2, 1, 0]
    winter.begin_winter(st)
    st.phase = "winter"
    engine.run(st)
    assert st.year == 2 and st.lsk_top == [0] * 4
    check_invariants(st)


# -- Heerführer --------------------------------------------------------------------------------------


def test_a_leader_leaves_no_statue_when_none_is_left() -> None:
    """Components: "6 statue tokens in their color"; an adjacent move "can place a statue token":
    with all six on the board, the leader moves on and leaves none."""
    t = Table(modules=["leaders"])
    anhalt = t.give(RED, "Anhalt", 3)
    kursachsen = t.give(RED, "Kursachsen", 3)
    t.give(RED, "Burgund", 3)
    t.statues(RED, "Burgund", STATUES)
    t.leader(RED, "Anhalt")
    st = t.state()
    assert st.statue_supply[RED] == 0
    leaders.go(st, RED, kursachsen)
    assert st.statues[RED][anhalt] == 0 and st.leader[RED] == kursachsen
    check_invariants(st)


def test_a_leader_keeps_his_own_statue() -> None:
    """ "However, if another player places their military leader in this county, that player
    removes the statue": only another player's leader takes a statue; Red's own stays when his
    leader comes back to it."""
    t = Table(modules=["leaders"])
    anhalt = t.give(RED, "Anhalt", 3)
    kursachsen = t.give(RED, "Kursachsen", 3)
    t.statues(RED, "Kursachsen", 1)
    t.leader(RED, "Anhalt")
    st = t.state()
    leaders.go(st, RED, kursachsen)
    assert st.statues[RED][kursachsen] == 1 and st.statues[RED][anhalt] == 1
    assert sum(st.trophies[RED]) == 0
    check_invariants(st)


def test_a_leader_with_one_county_stays_and_with_two_moves_without_a_choice() -> None:
    """ "Immediately after the tenth action in each round, in player order, players must move their
    military leader to a county under their control": Red holds only the county his leader stands
    in, so he stays; Blue holds one other county, so his leader goes there (adjacent: a statue)."""
    t = Table(modules=["leaders"])
    for name, county in t.pos["counties"].items():
        if county["owner"] in (COLOURS[RED], COLOURS[BLUE]):
            t.clear(name)
    burgund = t.give(RED, "Burgund", 3)
    anhalt = t.give(BLUE, "Anhalt", 3)
    kursachsen = t.give(BLUE, "Kursachsen", 2)
    t.leader(RED, "Burgund")
    t.leader(BLUE, "Anhalt")
    st = t.state()
    leaders.start(st, leaders.MOVE, [RED, BLUE])
    assert not leaders.next_decision(st)  # no decision: both are forced
    assert st.leader[RED] == burgund and sum(st.statues[RED]) == 0
    assert st.leader[BLUE] == kursachsen and st.statues[BLUE][anhalt] == 1


def test_the_leaders_other_upgrades_as_printed() -> None:
    """The overview tile: "Build a church: The player pays 1 Thaler", "Build a trading post: The
    player places a trading post without any cost", "Collect grain: ... the number of grain units
    shown on the chosen county card, plus one", "Deploy 4 armies: The player pays 2 Thalers and
    deploys 4 armies" - in the leader's county, with an event that changes none of them."""
    t = Table(modules=["leaders"])
    bremen = t.give(YELLOW, "Bremen", 2)
    t.revolt_markers("Bremen", 0)
    t.leader(YELLOW, "Bremen")
    t.event("church_safe")
    st = t.state()
    money, grain, armies = st.money[YELLOW], st.grain[YELLOW], st.armies[bremen]
    actions.perform(st, YELLOW, CHURCH, bremen)
    actions.perform(st, YELLOW, TRADING_POST, bremen)
    assert st.money[YELLOW] == money - 1 and st.buildings[bremen] == 0b110
    actions.perform(st, YELLOW, GRAIN_ACTION, bremen)
    assert st.grain[YELLOW] == grain + GRAIN[bremen] + 1
    actions.perform(st, YELLOW, DEPLOY3, bremen)
    assert st.money[YELLOW] == money - 1 - 2 and st.armies[bremen] == armies + 4
    check_invariants(st)
