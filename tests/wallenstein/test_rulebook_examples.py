"""The rulebook's worked examples, as scenarios with the tower scripted (EN = wallenstein-bigbox-en.md)."""

from __future__ import annotations

from feldherr.wallenstein.data import (
    DEPLOY5,
    PEASANTS_TOTAL,
    TAXES,
    TRADING_POST,
)
from feldherr.wallenstein.rules import actions, battle, winter

from .scenario import Table, cid

PEASANT = 5


def test_burgund_taxes_event_then_bonus() -> None:
    """EN 'Display bonus tiles': Burgund pays 7; the event caps taxes at 5; +1 Thaler tile: 6."""
    t = Table()
    arne = 0
    burgund = t.give(arne, "Burgund", 3)
    t.event("tax_max5")
    t.hold_tile(arne, "plus_taler")
    st = t.state()
    money = st.money[arne]
    actions.perform(st, arne, TAXES, burgund)
    assert st.money[arne] == money + 6
    assert st.unrest[burgund] == 1  # "place one revolt marker in that county now"


def test_bremen_building_sites() -> None:
    """EN: 'A church is built in Bremen. Now only one building site is left in Bremen. A palace or a
    trading post may still be built there.'"""
    t = Table()
    bremen = t.give(0, "Bremen", 2)
    t.player(0)["taler"] = 20
    st = t.state()
    actions.perform(st, 0, 1, bremen)  # church
    assert st.buildings[bremen] == 0b010
    before = st.money[0]
    actions.perform(st, 0, 1, bremen)  # a second church: "Each type of building may only be built once"
    assert st.buildings[bremen] == 0b010 and st.money[0] == before
    actions.perform(st, 0, 0, bremen)  # a palace still fits
    assert st.buildings[bremen] == 0b011
    actions.perform(st, 0, TRADING_POST, bremen)  # no site left: skipped, nothing paid
    assert st.buildings[bremen] == 0b011 and st.money[0] == before - 3
    assert st.log[-1]["k"] == "skip" and st.log[-1]["a"]["reason"] == "no_site"


def test_kursachsen_battle() -> None:
    """EN 'Combat rules': Blue moves 4 armies from Anhalt to Kursachsen (Yellow, 3 armies), tray
    empty. Out come 3 blue, 1 yellow, 1 green; no revolt there, so the peasant joins the defender.
    Blue wins 3:2; the yellow, the green and 2 blue go back; 1 blue army stands in Kursachsen and
    Yellow hands over the card."""
    t = Table()
    blue, yellow = 1, 2
    anhalt = t.give(blue, "Anhalt", 5)
    kursachsen = t.give(yellow, "Kursachsen", 3)
    t.revolt_markers("Kursachsen", 0)
    t.tray([0] * 6)
    t.script_tower([[0, 3, 1, 0, 0, 1]])
    st = t.state()
    supply_blue, supply_yellow, peasants = st.supply[blue], st.supply[yellow], st.peasant_supply
    inside = st.tower.inside()
    actions.move(st, blue, anhalt, kursachsen, 4)
    assert st.owner[kursachsen] == blue and st.card[kursachsen] == blue
    assert st.armies[kursachsen] == 1 and st.armies[anhalt] == 1
    assert st.supply[blue] == supply_blue + 2
    assert st.supply[yellow] == supply_yellow + 1
    assert st.peasant_supply == peasants + 1
    assert st.tray == [0] * 6
    after = st.tower.inside()
    assert after[blue] - inside[blue] == 1 and after[yellow] - inside[yellow] == 2


def test_peasants_do_not_help_where_there_is_unrest_and_stay_in_the_tray() -> None:
    """'All armies in the tray of any factions not involved are not considered and remain in the tray.'"""
    t = Table()
    blue, yellow, red = 1, 2, 0
    anhalt = t.give(blue, "Anhalt", 5)
    kursachsen = t.give(yellow, "Kursachsen", 3)
    t.revolt_markers("Kursachsen", 1)
    t.script_tower([[2, 2, 1, 0, 0, 3]])
    st = t.state()
    actions.move(st, blue, anhalt, kursachsen, 4)
    # Blue 2 : Yellow 1 (the three peasants do not count) -> Blue wins with 1 survivor.
    assert st.owner[kursachsen] == blue and st.armies[kursachsen] == 1
    assert st.tray[PEASANT] == 3 and st.tray[red] == 2  # uninvolved cubes wait for the next battle


def test_defence_won_only_by_peasants_is_a_tie() -> None:
    """'If the defender wins, but peasant armies in the tray have provided the only defense, this is
    considered a tie': the county loses everything and its card goes to the supply."""
    t = Table()
    blue, yellow = 1, 2
    anhalt = t.give(blue, "Anhalt", 5)
    kursachsen = t.give(yellow, "Kursachsen", 3)
    t.revolt_markers("Kursachsen", 0)
    t.build("Kursachsen", "palace")
    t.script_tower([[0, 1, 0, 0, 0, 2]])
    st = t.state()
    actions.move(st, blue, anhalt, kursachsen, 2)
    assert st.owner[kursachsen] == -1 and st.card[kursachsen] == -1
    assert st.armies[kursachsen] == 0 and st.buildings[kursachsen] == 0
    assert st.tray == [0] * 6  # Blue's cube and the two peasants went back to the supplies


def test_tie_neutralises_the_county() -> None:
    """'In case of a tie, all armies of both contestants are removed ... All buildings, armies and
    revolt markers are removed from that county and its card is added to the common supply.'"""
    t = Table()
    red, blue = 0, 1
    src = t.give(red, "Anhalt", 6)
    dst = t.give(blue, "Kursachsen", 2)
    t.revolt_markers("Kursachsen", 2)
    t.script_tower([[2, 2, 0, 0, 0, 0]])
    st = t.state()
    actions.move(st, red, src, dst, 3)
    assert st.owner[dst] == -1 and st.unrest[dst] == 0 and st.card[dst] == -1
    assert st.tray == [0] * 6


def test_conquest_takes_the_card_from_the_mat() -> None:
    """'The only exception is when a player's county is conquered by another player; in this case,
    the losing player must immediately give the corresponding county card to the conqueror.'"""
    t = Table()
    red, blue = 0, 1
    src = t.give(red, "Anhalt", 6)
    dst = t.give(blue, "Kursachsen", 1)
    t.plan(blue, TAXES, "Kursachsen")
    t.script_tower([[3, 0, 0, 0, 0, 0]])
    st = t.state()
    actions.move(st, red, src, dst, 4)
    assert st.card[dst] == red
    assert st.plans[blue][TAXES] == -3  # LOST: Blue cannot collect taxes there any more


def test_luneburg_revolt_when_collecting() -> None:
    """EN: 'Dirk collects taxes in Lüneburg. There are already 2 revolt markers there, so there will
    be a battle. Dirk takes his 4 armies present in Lüneburg, 2 peasants' armies, and all armies from
    the tray ... If he turns out to be the winner, he will keep this county, but another revolt
    marker is added to Lüneburg.'"""
    t = Table()
    dirk = 3
    lueneburg = t.give(dirk, "Lüneburg", 4)
    t.revolt_markers("Lüneburg", 2)
    t.tray([1, 0, 0, 0, 0, 0])
    t.script_tower([[1, 0, 0, 3, 0, 1]])
    st = t.state()
    money = st.money[dirk]
    actions.perform(st, dirk, TAXES, lueneburg)
    battle_entry = next(e for e in reversed(st.log) if e["k"] == "revolt")
    assert battle_entry["a"]["thrown"] == [0, 0, 0, 4, 0, 2]  # his 4 armies, 2 peasants
    assert battle_entry["a"]["tray"] == [1, 0, 0, 0, 0, 0]  # "and all armies from the tray"
    assert st.owner[lueneburg] == dirk and st.armies[lueneburg] == 2  # 3 : 1, one lost
    assert st.unrest[lueneburg] == 3
    assert st.money[dirk] == money + 3  # Lüneburg's tax
    assert st.tray == [1, 0, 0, 0, 0, 0]  # red is uninvolved and stays


def test_revolt_lost_when_collecting() -> None:
    t = Table()
    dirk = 3
    lueneburg = t.give(dirk, "Lüneburg", 2)
    t.revolt_markers("Lüneburg", 2)
    t.build("Lüneburg", "trading_post")
    t.script_tower([[0, 0, 0, 1, 0, 1]])
    st = t.state()
    money = st.money[dirk]
    actions.perform(st, dirk, TAXES, lueneburg)
    assert st.owner[lueneburg] == -1 and st.buildings[lueneburg] == 0 and st.unrest[lueneburg] == 0
    assert st.money[dirk] == money  # nothing collected from a county lost to the peasants


def _winter_table(counties: int, grain: int) -> Table:
    t = Table(players=3)
    dirk = 0
    for name, county in t.pos["counties"].items():
        if county["owner"] == "red":
            t.clear(name)
    names = [
        "Anhalt",
        "Kursachsen",
        "Vogtland",
        "Sächs. Lande",
        "Lausitz",
        "Mittelmark",
        "Neumark",
        "Altmark",
        "Wolfenbüttel",
    ]
    for name in names[:counties]:
        t.give(dirk, name, 2)
    for s, player in enumerate(t.pos["players"]):
        player["grain"] = grain if s == dirk else 99  # the other players are well supplied
    t.pos["fall_order"] = ["red", "blue", "yellow"]
    t.open_events(["tax_max5"])  # grain loss 0
    return t


def test_dirk_nine_counties_seven_grain() -> None:
    """EN 'Winter': 'Dirk controls 9 counties, but only has 7 units of grain ... 2 of his counties are
    not supplied ... there will be a revolt in one of his counties ... There is one revolt marker
    already in that county ... Dirk's armies fight against 3 (1+2) peasant armies.'"""
    t = _winter_table(9, 7)
    for name, county in t.pos["counties"].items():
        if county["owner"] == "red":
            t.revolt_markers(name, 1)
    t.script_tower([[0, 0, 0, 0, 0, 0]])
    st = t.state()
    winter.begin_winter(st)
    assert len(st.winter_queue) == 1
    seat, extra, *drawn = st.winter_queue[0]
    assert (seat, extra, len(drawn)) == (0, 2, 1)
    winter.next_revolt_decision(st)
    revolt = next(e for e in reversed(st.log) if e["k"] == "revolt")
    assert revolt["a"]["thrown"][PEASANT] == 3
    # A tie (nothing fell out) is lost: "If the peasants win or if there is a tie ..."
    assert st.owner[drawn[0]] == -1


def test_arne_anhalt_winter_revolt() -> None:
    """EN: 'Arne lacks 2 grain units in winter. His county Anhalt is drawn randomly ... A total of 3
    peasants' armies are fighting (2 according to the supply chart plus 1 because of the existing
    revolt marker).' A winter revolt that is subdued adds no revolt marker."""
    t = _winter_table(3, 1)  # 3 counties, 1 grain -> 2 unsupplied
    anhalt = cid("Anhalt")
    for name in t.pos["counties"]:
        t.revolt_markers(name, 1 if name == "Anhalt" else 0)
    t.give(0, "Anhalt", 6)
    st = t.state()
    winter.begin_winter(st)
    t = Table.of(st)
    # "His county Anhalt is drawn randomly"
    t.pos["flow"]["winter_queue"] = [{"player": "red", "extra_peasants": 2, "counties": ["Anhalt"]}]
    t.script_tower([[5, 0, 0, 0, 0, 1]])
    st = t.state()
    winter.next_revolt_decision(st)
    revolt = next(e for e in reversed(st.log) if e["k"] == "revolt")
    assert revolt["a"]["thrown"][PEASANT] == 3
    assert st.owner[anhalt] == 0 and st.armies[anhalt] == 4
    assert st.unrest[anhalt] == 1  # no marker added in winter


def test_six_armies_event_then_bonus() -> None:
    """DE 'Die Ereigniskarten': 'Erst wird das Ereignis berücksichtigt und dann die Wirkung der
    Vorteilsplättchen. Beispiel: Der Spieler erhält 6 Armeen.' The event reduces 'Deploy 5' to 3,
    then the '6 armies' tile applies: 6 armies."""
    t = Table()
    c = t.give(0, "Anhalt", 2)
    t.event("deploy_reduced")
    t.hold_tile(0, "six_armies")
    st = t.state()
    actions.perform(st, 0, DEPLOY5, c)
    assert st.armies[c] == 8
    t = Table.of(st)
    t.hold_tile(1, "six_armies")  # without the tile the event leaves 3
    st = t.state()
    actions.perform(st, 0, DEPLOY5, c)
    assert st.armies[c] == 11


def test_neutral_county_attack_with_event_drops_two_peasants() -> None:
    t = Table()
    src = t.give(0, "Anhalt", 5)
    dst = t.clear("Kursachsen")
    t.event("neutral_two_peasants")
    t.script_tower([[2, 0, 0, 0, 0, 1]])
    st = t.state()
    peasants = st.peasant_supply
    battle.attack(st, 0, src, dst, 4)
    entry = next(e for e in reversed(st.log) if e["k"] == "battle")
    assert entry["a"]["thrown"][PEASANT] == 2
    assert st.owner[dst] == 0 and st.armies[dst] == 1
    assert st.peasant_supply == peasants - 2 + 1
    assert st.peasant_supply + st.tower.inside()[PEASANT] + st.tray[PEASANT] <= PEASANTS_TOTAL
