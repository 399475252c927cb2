"""A rules audit against the Big Box rulebook (EN = wallenstein-bigbox-en.md, DE =
wallenstein-de.md): the setup tables, the year's event cards, the winter (supply chart, revolts in
fall order, scoring with majorities and ties) and the end, each built from the rulebook text."""

from __future__ import annotations

import random

import pytest

from feldherr.wallenstein.data import (
    BID,
    COMBAT_A,
    DEPLOY1,
    DEPLOY3,
    DEPLOY5,
    EVENTS,
    GRAIN_ACTION,
    MONEY_BASE,
    NAMES,
    NEIGHBOURS,
    REGION_OF,
    REGIONS,
    TAXES,
    TRADING_POST,
    supply_chart,
)
from feldherr.wallenstein.rules import actions, engine, winter
from feldherr.wallenstein.rules.board import bonus_tile
from feldherr.wallenstein.state import OVER, REVOLT_ORDER

from .scenario import COLOURS, Table, cid, fresh
from .test_order_and_plan import submit_bids

PEASANT = 5

# EN "Default lineup of initial counties", copied from the rulebook as printed (the county names as
# printed, normalised only where the rules notes say so: "Paderborn" = "Hm. Paderborn",
# "Grafschaft Mark" = "Gft. Mark").
PRINTED_LINEUPS = {
    3: [
        "Gft. Mark 5, Osnabrück 4, Oberösterreich 4, Passau 3, Erzbm. Trier 3, Erzbm. Köln 2, "
        "Niederösterreich 2, Sächs. Lande 2, Vogtland 2",
        "Strassburg 5, Mittelmark 4, Hm. Paderborn 4, Baden 3, Breisgau 3, Lothringen 2, "
        "Hessen-Kassel 2, Neumark 2, Vorpommern 2",
        "Augsburg 5, Böhmen 4, Lüneburg 4, Salzburg 3, Würzburg 3, Kärnten 2, Lausitz 2, "
        "Mecklenburg 2, Schlesien 2",
    ],
    4: [
        "Lüneburg 5, Holstein 4, Württemberg 4, Mecklenburg 3, Wolfenbüttel 3, Anhalt 2, Baden 2, "
        "Mittelmark 2",
        "Oberösterreich 5, Gft. Mark 4, Schlesien 4, Kärnten 3, Tirol 3, Erzbm. Trier 2, Lausitz 2, "
        "Niederösterreich 2",
        "Bm. Zweibrücken 5, Böhmen 4, Hm. Paderborn 4, Erzbm. Köln 3, Strassburg 3, "
        "Hessen-Darmstadt 2, Lothringen 2, Passau 2",
        "Augsburg 5, Oberpfalz 4, Osnabrück 4, Kursachsen 3, Salzburg 3, Bremen 2, Fm. Bayern 2, Vogtland 2",
    ],
    5: [
        "Gft. Mark 5, Böhmen 4, Schlesien 4, Erzbm. Köln 3, Lausitz 3, Mähren 2, Vogtland 2",
        "Augsburg 5, Mecklenburg 4, Würzburg 4, Bremen 3, Hessen-Darmstadt 3, Holstein 2, Regensburg 2",
        "Altmark 5, Erzbm. Trier 4, Neumark 4, Bm. Lüttich 3, Kursachsen 3, Anhalt 2, Mittelmark 2",
        "Lothringen 5, Bm. Zweibrücken 4, Kärnten 4, Baden 3, Niederösterreich 3, Burgund 2, Steiermark 2",
        "Hm. Paderborn 5, Oberösterreich 4, Osnabrück 4, Salzburg 3, Wolfenbüttel 3, "
        "Hessen-Kassel 2, Passau 2",
    ],
}

# EN "Set-up": "Please remove the following county cards in a 3-player-game: Bremen, Holstein,
# Lüttich, Burgund, Konstanz, Fm. Bayern, Steiermark, Tirol."
THREE_PLAYER_OUT = {
    "Bremen",
    "Holstein",
    "Bm. Lüttich",
    "Burgund",
    "Konstanz",
    "Fm. Bayern",
    "Steiermark",
    "Tirol",
}


def _parse(line: str) -> list[tuple[str, int]]:
    pairs = []
    for item in line.split(", "):
        name, armies = item.rsplit(" ", 1)
        pairs.append((name, int(armies)))
    return pairs


@pytest.mark.parametrize("players", [3, 4, 5])
def test_fixed_lineups_as_printed(players: int) -> None:
    """EN 'Default lineup of initial counties': every seat (Player A, B, ...) holds the printed
    counties with the printed armies and their cards."""
    st = fresh(players=players)
    for seat, line in enumerate(PRINTED_LINEUPS[players]):
        printed = _parse(line)
        held = {NAMES[c]: st.armies[c] for c in range(len(NAMES)) if st.owner[c] == seat}
        assert held == dict(printed), COLOURS[seat]
        assert all(st.card[cid(name)] == seat for name, _ in printed)
        # "3 players - deploy armies to 9 counties, 4 players - 8, 5 players - 7"
        assert len(printed) == {3: 9, 4: 8, 5: 7}[players]
    assert sum(h >= 0 for h in st.owner) == players * {3: 9, 4: 8, 5: 7}[players]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_starting_components(players: int) -> None:
    """EN 'A player's starting components': 62 army cubes; starting capital 18 / 15 / 12 Thalers.
    The draft's groups are the printed lineups' army counts: 9 / 8 / 7 groups."""
    st = fresh(players=players, setup="draft")
    assert st.money == [{3: 18, 4: 15, 5: 12}[players]] * players
    assert st.supply == [62] * players
    assert st.groups == [[5, 4, 4, 3, 3, 2, 2, 2, 2][: {3: 9, 4: 8, 5: 7}[players]]] * players


def test_three_player_game_removes_eight_county_cards_and_lüttich() -> None:
    """EN: 'Example: Lüttich is not used in a 3-player game' and the eight cards removed. They are
    in no deck, no face-up pair and no lineup; with 4 or 5 players every county is in play."""
    st = fresh(players=3, setup="draft")
    out = {NAMES[c] for c in range(len(NAMES)) if not st.active[c]}
    assert out == THREE_PLAYER_OUT
    assert not st.active[cid("Bm. Lüttich")]
    cards = set(st.draft_deck) | set(st.faceup)
    assert len(cards) == 37 and not cards & {cid(n) for n in THREE_PLAYER_OUT}
    assert not any(name in line for line in PRINTED_LINEUPS[3] for name in THREE_PLAYER_OUT)
    for players in (4, 5):
        assert all(fresh(players=players).active)


def test_first_tower_filling_drops_31_cubes_with_three_players() -> None:
    """EN: 'load the dice tower by taking 7 army cubes from each player and 10 peasants' army cubes
    ... Return any cubes that land in the tray to the peasants' army supply or a player's personal
    supply.' 'Example: In a 3-player game, 31 cubes are dropped into the dice tower.'"""
    st = fresh(players=3)
    filled = next(e for e in st.log if e["k"] == "tower_filled")
    assert filled["a"]["thrown"] == [7, 7, 7, 0, 0, 10] and sum(filled["a"]["thrown"]) == 31
    assert st.tray == [0] * 6
    inside = st.tower.inside()
    for seat in range(3):
        on_board = sum(st.armies[c] for c in range(len(NAMES)) if st.owner[c] == seat)
        assert st.supply[seat] == 62 - on_board - inside[seat]
    assert st.peasant_supply == 20 - inside[PEASANT]


def test_a_year_of_event_cards() -> None:
    """EN: 'Reveal the four topmost event cards ... During each of the next 3 game rounds, one of
    these events will affect all players. The final event card shows how much grain each player
    will lose in the 4th game round (winter).' 'Remove the event card for this round from the
    game.' 'At this point, 4 new event cards should be revealed.'"""
    st = fresh(players=3, seed=5)
    rng = random.Random(5)
    first_year = st.open_events[:]
    assert len(first_year) == 4
    drawn: list[int] = []
    while st.year == 1:
        before = st.event
        seat = st.to_move()[0]
        st.apply(seat, rng.choice(st.legal_moves(seat)))
        if st.event >= 0 and st.event != before:
            drawn.append(st.event)
            assert len(st.open_events) == 4 - len(drawn)  # 4, 3, then 2 to draw from
    assert len(drawn) == 3 and set(drawn) < set(first_year)
    (winter_card,) = set(first_year) - set(drawn)
    begins = next(e for e in st.log if e["k"] == "winter_begins")
    assert begins["a"]["loss"] == EVENTS[winter_card].grain_loss
    assert len(st.open_events) == 4 and not set(st.open_events) & set(first_year)


def test_this_winter_each_player_loses_three_grain() -> None:
    """EN 'Winter': 'Example: This winter, each player loses 3 grain units.' Markers move back
    accordingly; nobody goes below 0 (the track starts at 0)."""
    t = Table(players=3)
    t.open_events(["neutral_two_peasants"])  # the card that lost 3 grain in winter
    for seat, grain in enumerate((12, 11, 2)):
        t.player(seat)["grain"] = grain
    st = t.state()
    winter.begin_winter(st)
    assert st.grain == [9, 8, 0]


@pytest.mark.parametrize(
    ("unsupplied", "revolts", "extra"),
    [(1, 1, 1), (2, 1, 2), (3, 2, 2), (4, 2, 2), (5, 2, 3), (6, 2, 3), (7, 3, 3), (9, 3, 3)],
)
def test_supply_chart_as_printed(unsupplied: int, revolts: int, extra: int) -> None:
    """EN supply chart: 1 -> 1/1, 2 -> 1/2, 3-4 -> 2/2, 5-6 -> 2/3, 7+ -> 3/3 (revolting
    counties / additional peasants' armies)."""
    assert supply_chart(unsupplied) == (revolts, extra)


def _winter(grain: dict[int, tuple[list[str], int]], fall_order: list[int]) -> Table:
    """A 3-player winter: each listed seat holds exactly the listed counties (2 armies each) and the
    grain given; the others hold nothing. No event card loses grain (the 'tax_max5' card: 0)."""
    t = Table(players=3)
    for name, county in t.pos["counties"].items():
        if county["owner"] is not None:
            t.clear(name)
    for seat in range(3):
        names, have = grain.get(seat, ([], 99))
        for name in names:
            t.give(seat, name, 2)
        t.player(seat)["grain"] = have
    t.pos["fall_order"] = [COLOURS[s] for s in fall_order]
    t.open_events(["tax_max5"])
    return t


def test_winter_revolts_in_fall_order_and_the_player_chooses_his_order() -> None:
    """EN: 'If a player suffers more than one revolt, they decide the order in which the revolts
    will take place. If multiple players are affected by revolts, they are handled in the player
    order of the previous (fall) game round.' Blue (second seat) acts first in fall, so Blue's
    revolt comes first; then Red, short of 3 grain (2 revolts, 2 additional peasants each), picks
    which of his two drawn counties revolts first."""
    red, blue = 0, 1
    t = _winter(
        {
            red: (["Anhalt", "Kursachsen", "Vogtland", "Lausitz"], 1),  # 3 unsupplied
            blue: (["Altmark", "Mittelmark"], 1),  # 1 unsupplied
        },
        fall_order=[blue, red, 2],
    )
    t.script_tower([[0, 0, 0, 0, 0, 0]] * 3)  # nothing comes out: each revolt is a tie, lost
    st = t.state()
    winter.begin_winter(st)
    assert [entry[:2] for entry in st.winter_queue] == [[blue, 1], [red, 2]]
    st.phase = "winter"
    engine.run(st)
    assert st.phase == REVOLT_ORDER and st.pending == [red]
    revolts = [e["a"] for e in st.log if e["k"] == "revolt"]
    assert [(r["p"], r["thrown"][PEASANT]) for r in revolts] == [(blue, 1)]
    choices = [m[1] for m in st.legal_moves(red)]
    assert len(choices) == 2 and all(st.owner[c] == red for c in choices)
    second = max(choices)
    st.apply(red, ("revolt", second))
    revolts = [e["a"] for e in st.log if e["k"] == "revolt"]
    assert [(r["p"], r["county"]) for r in revolts[1:]] == [(red, NAMES[second]), (red, NAMES[min(choices)])]
    assert all(r["thrown"][PEASANT] == 2 for r in revolts[1:])
    # "If the revolt succeeds, Dirk must remove his armies from this county and he'll score no
    # points for it later this round."
    assert st.owner.count(red) == 2 and st.owner.count(blue) == 1


def test_winter_scoring_counties_buildings_and_majorities() -> None:
    """EN 'Scoring': 'Each controlled county 1 VP, each building 1 VP, the most palaces in a region
    3 VPs, the most churches 2 VPs, the most trading posts 1 VP. In case of a tie, all concerned
    players gain this amount of VPs minus 1 VP.' A region where nobody has a building of a type
    gives nobody its majority."""
    red, blue, yellow = 0, 1, 2
    t = _winter(
        {
            red: (["Sächs. Lande", "Kursachsen", "Anhalt"], 9),
            blue: (["Hessen-Kassel", "Wolfenbüttel", "Altmark"], 9),
            yellow: (["Vogtland"], 9),
        },
        [0, 1, 2],
    )
    sachsen = REGIONS.index("Sachsen")
    assert all(
        REGION_OF[cid(n)] == sachsen
        for n in ("Sächs. Lande", "Kursachsen", "Anhalt", "Hessen-Kassel", "Wolfenbüttel", "Vogtland")
    )
    t.build("Sächs. Lande", "palace", "church")
    t.build("Kursachsen", "palace")
    t.build("Hessen-Kassel", "palace", "church")
    t.build("Wolfenbüttel", "trading_post")
    t.build("Altmark", "church")  # Brandenburg: Blue's church alone
    t.build("Vogtland", "trading_post")
    st = t.state()
    vp = st.vp[:]
    winter.score(st)
    gained = [st.vp[s] - vp[s] for s in range(3)]
    # Red: 3 counties + 3 buildings; Sachsen palaces 2:1 -> 3; churches 1:1 tie -> 2-1 = 1.
    # Blue: 3 counties + 4 buildings; Sachsen churches tie -> 1; trading posts 1:1 tie (with
    # Yellow) -> 1-1 = 0; Brandenburg churches alone -> 2.
    # Yellow: 1 county + 1 building; trading posts tie -> 0.
    assert gained == [3 + 3 + 3 + 1, 3 + 4 + 1 + 0 + 2, 1 + 1 + 0]


def test_the_winner_has_most_points_then_most_thalers() -> None:
    """EN 'End of the game and winner': 'The player with the most victory points is the winner. In
    the case of a tie, the tied player with the most Thalers wins.'"""
    t = Table(players=3)
    for seat, (vp, taler) in enumerate(((30, 5), (30, 9), (29, 50))):
        t.player(seat)["victory_points"] = vp
        t.player(seat)["taler"] = taler
    st = t.state()
    assert engine.outcome(st).winners == (1,)
    t.player(0)["taler"] = 9  # the same points and Thalers: nothing else in the rules breaks it
    assert engine.outcome(t.state()).winners == (0, 1)


def test_each_action_is_done_by_all_in_player_order_before_the_next() -> None:
    """EN 'Perform actions': 'All players perform each action in player order before anyone performs
    the next action.' Over a whole game: in every round, the entries of one action (collections
    and skips name their action) come in one run, in the round's player order."""
    st = fresh(players=4, seed=2)
    rng = random.Random(2)
    while st.phase != OVER:
        seat = st.to_move()[0]
        st.apply(seat, rng.choice(st.legal_moves(seat)))
    rounds: list[list[dict[str, object]]] = []
    for e in st.log:
        if e["k"] == "round":
            rounds.append([])
        elif rounds:
            rounds[-1].append(e)
    checked = 0
    for entries in rounds:
        order = next(e["a"]["seats"] for e in entries if e["k"] == "order")
        acting = [(e["a"]["action"], e["a"]["p"]) for e in entries if e["k"] in ("collect", "skip")]
        runs: list[str] = []
        for action, _ in acting:
            if not runs or runs[-1] != action:
                runs.append(action)
        assert len(runs) == len(set(runs))  # one run per action
        for action in runs:
            seats = [p for a, p in acting if a == action]
            assert seats == sorted(seats, key=order.index)
            checked += len(seats) > 1
    assert checked  # some action was done by several players


def test_collecting_taxes_in_a_quiet_county_places_a_revolt_marker_each_time() -> None:
    """EN: 'If no revolt was invoked or if a revolt was successfully subdued, place one revolt
    marker in that county now.' A second collection there (next round) then causes a revolt with
    one peasant ('equal to the number of revolt markers in the county before the revolt')."""
    t = Table()
    c = t.give(0, "Burgund", 3)
    t.revolt_markers("Burgund", 0)
    t.script_tower([[0, 0, 0, 0, 0, 0]])
    st = t.state()
    actions.perform(st, 0, TAXES, c)
    assert st.unrest[c] == 1 and not [e for e in st.log if e["k"] == "revolt"]
    actions.perform(st, 0, TAXES, c)
    revolt = next(e["a"] for e in st.log if e["k"] == "revolt")
    assert revolt["thrown"][PEASANT] == 1 and revolt["thrown"][0] == 3


# -- the twelve event cards and the five bonus tiles ---------------------------------------------


def test_event_cards_as_printed() -> None:
    """EN/DE 'The event cards (basic game)': the twelve cards in the printed order, each with its
    effect and its loss of grain in winter."""
    printed = [
        ("trading_post_calms", 5),
        ("trading_post_calms", 7),
        ("neutral_two_peasants", 3),
        ("palace_defender_plus1", 2),
        ("palace_defender_plus1", 6),
        ("church_safe", 3),
        ("tax_max5", 0),
        ("tax_min6", 2),
        ("church_safe", 4),
        ("grain_min4", 3),
        ("grain_max3", 4),
        ("deploy_reduced", 1),
    ]
    assert [(e.effect, e.grain_loss) for e in EVENTS] == printed


def test_trading_post_calms_one_revolt_marker() -> None:
    """'When building a trading post, remove 1 revolt marker from this county.' One marker only,
    and only with this event."""
    t = Table()
    c = t.give(0, "Sächs. Lande", 3)
    t.revolt_markers("Sächs. Lande", 2)
    t.event("trading_post_calms")
    st = t.state()
    actions.perform(st, 0, TRADING_POST, c)
    assert st.unrest[c] == 1 and st.buildings[c] == 0b100
    t = Table()
    c = t.give(0, "Sächs. Lande", 3)
    t.revolt_markers("Sächs. Lande", 2)
    t.event("tax_max5")
    st = t.state()
    actions.perform(st, 0, TRADING_POST, c)
    assert st.unrest[c] == 2


@pytest.mark.parametrize(
    ("effect", "county", "tile", "action", "amount"),
    [
        ("tax_min6", "Mittelmark", None, TAXES, 6),  # Mittelmark pays 3: "minimum revenue ... is 6 Thalers"
        ("tax_min6", "Burgund", None, TAXES, 7),  # 7 is more than the minimum
        ("tax_min6", "Mittelmark", "plus_taler", TAXES, 7),  # event first, then the tile
        ("tax_max5", "Burgund", None, TAXES, 5),
        # 1 grain on the card: "minimum gain ... is 4 units"
        ("grain_min4", "Strassburg", None, GRAIN_ACTION, 4),
        ("grain_min4", "Strassburg", "plus_grain", GRAIN_ACTION, 5),
        # "maximum gain ... is 3 units, even if ... more"
        ("grain_max3", "Lüneburg", None, GRAIN_ACTION, 3),
        ("grain_max3", "Lüneburg", "plus_grain", GRAIN_ACTION, 4),
        ("tax_max5", "Lüneburg", "plus_grain", GRAIN_ACTION, 6),  # no grain event: the card's 5, +1 tile
    ],
)
def test_tax_and_grain_events_and_their_tiles(
    effect: str, county: str, tile: str | None, action: int, amount: int
) -> None:
    t = Table()
    c = t.give(0, county, 3)
    t.revolt_markers(county, 0)
    t.event(effect)
    if tile:
        t.hold_tile(0, tile)
    st = t.state()
    field = "money" if action == TAXES else "grain"
    before = getattr(st, field)[0]
    actions.perform(st, 0, action, c)
    assert getattr(st, field)[0] == before + amount


def test_deploy_reduced_event_keeps_the_costs() -> None:
    """'The actions "Deploy 5 (3) armies" are reduced to "Deploy 3 (2) armies".' Deploy 1 army/move
    is not affected; the costs stay 3 and 2 Thalers."""
    t = Table()
    c = t.give(0, "Anhalt", 2)
    t.event("deploy_reduced")
    st = t.state()
    for action, armies, cost in ((DEPLOY5, 3, 3), (DEPLOY3, 2, 2), (DEPLOY1, 1, 1)):
        before, money = st.armies[c], st.money[0]
        actions.perform(st, 0, action, c)
        assert (st.armies[c] - before, money - st.money[0]) == (armies, cost)


def test_palace_event_and_the_attack_and_defence_tiles() -> None:
    """'When a county containing a palace is attacked, drop 1 additional army from the defender's
    supply into the tower.' '+1 Army when attacking / defending: ... drops 1 extra army (from their
    personal supply) into the dice tower.' All three add to one battle."""
    blue, yellow = 1, 2
    t = Table()
    anhalt = t.give(blue, "Anhalt", 5)
    kursachsen = t.give(yellow, "Kursachsen", 3)
    t.revolt_markers("Kursachsen", 0)
    t.build("Kursachsen", "palace")
    t.event("palace_defender_plus1")
    t.tiles({blue: "attack_plus1", yellow: "defend_plus1"})
    t.script_tower([[0, 0, 0, 0, 0, 0]])
    st = t.state()
    supply = st.supply[:]
    actions.move(st, blue, anhalt, kursachsen, 4)
    battle = next(e["a"] for e in st.log if e["k"] == "battle")
    assert battle["thrown"][blue] == 4 + 1 and battle["thrown"][yellow] == 3 + 1 + 1
    assert st.supply[blue] == supply[blue] - 1 and st.supply[yellow] == supply[yellow] - 2
    # Without a palace the event adds nothing; without the tiles nobody adds anything.
    t = Table()
    anhalt = t.give(blue, "Anhalt", 5)
    kursachsen = t.give(yellow, "Kursachsen", 3)
    t.revolt_markers("Kursachsen", 0)
    t.event("palace_defender_plus1")
    t.script_tower([[0, 0, 0, 0, 0, 0]])
    st = t.state()
    actions.move(st, blue, anhalt, kursachsen, 4)
    battle = next(e["a"] for e in st.log if e["k"] == "battle")
    assert battle["thrown"][blue] == 4 and battle["thrown"][yellow] == 3


def test_church_safe_event_protects_only_from_attacks() -> None:
    """'All counties containing a church are safe from attacks during this round.' A player still
    moves into his own county with a church; other counties can still be attacked."""
    red, blue = 0, 1
    t = Table()
    src = t.give(red, "Anhalt", 5)
    own = t.give(red, "Kursachsen", 1)
    t.build("Kursachsen", "church")
    enemy = t.give(blue, "Wolfenbüttel", 1)
    t.build("Wolfenbüttel", "church")
    other = t.give(blue, "Altmark", 1)
    t.event("church_safe")
    st = t.state()
    targets = actions.move_targets(st, red, COMBAT_A, src)
    assert own in targets and enemy not in targets
    assert other in targets
    assert set(targets) == {n for n in NEIGHBOURS[src] if n != enemy}


def test_a_conquered_county_keeps_its_buildings_and_revolt_markers() -> None:
    """'The winner's remaining armies from the tray are placed in the contested county ... If the
    attacker won, the defender must give the relevant county card.' Only a tie or a lost revolt
    removes buildings and revolt markers; a conquest hands the county over as it stands."""
    blue, yellow = 1, 2
    t = Table()
    anhalt = t.give(blue, "Anhalt", 5)
    kursachsen = t.give(yellow, "Kursachsen", 1)
    t.build("Kursachsen", "palace", "church")
    t.revolt_markers("Kursachsen", 1)
    t.script_tower([[0, 2, 0, 0, 0, 0]])
    st = t.state()
    actions.move(st, blue, anhalt, kursachsen, 3)
    assert st.owner[kursachsen] == blue and st.card[kursachsen] == blue and st.armies[kursachsen] == 2
    assert st.buildings[kursachsen] == 0b011 and st.unrest[kursachsen] == 1


def test_a_revolt_is_no_attack() -> None:
    """A revolt is 'Peasants vs. a player': the player 'fights with all the armies they have
    positioned in the affected county' against the peasants. The '+1 Army when defending' tile
    counts 'when an opponent performs their actions Combat/Movement A and B', the palace event
    'When a county containing a palace is attacked', the church event makes counties 'safe from
    attacks': none of them touches a revolt."""
    t = Table()
    c = t.give(0, "Sächs. Lande", 3)
    t.build("Sächs. Lande", "palace", "church")
    t.revolt_markers("Sächs. Lande", 2)
    t.event("palace_defender_plus1")
    t.hold_tile(0, "defend_plus1")
    t.tray([0] * 6)
    t.script_tower([[2, 0, 0, 0, 0, 1]])
    st = t.state()
    supply = st.supply[0]
    actions.perform(st, 0, TAXES, c)
    revolt = next(e["a"] for e in st.log if e["k"] == "revolt")
    assert revolt["thrown"] == [3, 0, 0, 0, 0, 2]
    assert st.owner[c] == 0 and st.armies[c] == 1 and st.supply[0] == supply + 1
    assert st.unrest[c] == 3  # subdued: one more marker
    t = Table()
    c = t.give(0, "Sächs. Lande", 3)
    t.build("Sächs. Lande", "church")
    t.revolt_markers("Sächs. Lande", 1)
    t.event("church_safe")
    t.script_tower([[0, 0, 0, 0, 0, 1]])
    st = t.state()
    actions.perform(st, 0, GRAIN_ACTION, c)
    assert st.owner[c] == -1  # the church does not keep the peasants out


def test_attack_tile_counts_against_a_neutral_county_too() -> None:
    """'+1 Army when attacking: As attacker, the player drops 1 extra army (from their personal
    supply) into the dice tower when performing their actions Combat/Movement A and B' - an attack
    on a neutral county is such an action ('If they do not control this county (either the
    country is controlled by another player or is, as yet, uncontrolled), combat will follow')."""
    t = Table()
    src = t.give(0, "Anhalt", 5)
    dst = t.clear("Kursachsen")
    t.hold_tile(0, "attack_plus1")
    t.script_tower([[0, 0, 0, 0, 0, 0]])
    st = t.state()
    actions.move(st, 0, src, dst, 2)
    battle = next(e["a"] for e in st.log if e["k"] == "battle")
    assert battle["thrown"][0] == 3 and battle["thrown"][PEASANT] == 1


def test_dirk_plans_burgund_for_taxes_and_nothing_else_there() -> None:
    """EN 'Plan individual actions': 'Dirk wants to collect taxes this round. He controls Burgund,
    which allows him to collect a tax amount of 7 Thalers. Thus, he decides to place his "Burgund"
    county card face down on the "collect taxes" action box. This means that he will not be able to
    perform any other action in Burgund this round because this card has already been assigned to
    his mat.'"""
    dirk = 3  # Player D of the printed 5-player lineup holds Burgund
    st = fresh(players=5)
    burgund = cid("Burgund")
    assert st.owner[burgund] == dirk and burgund in st.plan_hand[dirk]
    money = [MONEY_BASE + v for v in range(5)]
    for box, card in zip((BID, 0, 1, 2, GRAIN_ACTION), money, strict=True):
        assert ("slot", box, burgund) in st.legal_moves(dirk)
        st.apply(dirk, ("slot", box, card))
    st.apply(dirk, ("slot", TAXES, burgund))
    while st.plan_step[dirk] < st.nslots:
        moves = st.legal_moves(dirk)
        assert all(m[2] != burgund for m in moves)
        st.apply(dirk, moves[0])
    assert st.plans[dirk][TAXES] == burgund and st.plans[dirk].count(burgund) == 1


def test_box_one_is_first_and_unclaimed_boxes_are_disregarded() -> None:
    """EN 'Determine player order': 'Example: The player selecting the bonus tile on box 1 will be
    first player for this round.' 'The position of a player's military leader on the game board
    determines their position in player order for this round. Disregard any unclaimed positions
    (In games with fewer than 5 players).' 'Example in a 3-player game: This round, the player order
    is Red - Blue - Black' (here the third seat is yellow). The highest bidder need not take box 1."""
    red, blue, yellow = 0, 1, 2
    st = fresh(players=3, seed=4)
    submit_bids(st, [MONEY_BASE + 2, MONEY_BASE + 1, MONEY_BASE + 0])  # Red, Blue, Yellow choose
    for seat, box in ((red, 2), (blue, 0), (yellow, 4)):  # boxes 3, 1 and 5
        assert st.pending == [seat]
        st.apply(seat, ("position", box))
    assert st.order == [blue, red, yellow]
    assert st.positions == [2, 0, 4]  # the tiles on boxes 2 and 4 belong to nobody this round
    assert [bonus_tile(st, s) for s in (red, blue, yellow)] == [st.bonus[2], st.bonus[0], st.bonus[4]]


def test_five_action_cards_open_and_five_revealed_one_by_one() -> None:
    """EN 'Display action cards': 'Shuffle the 10 action cards face down, then place the top 5 cards
    face up on their designated spaces 1 to 5 ... Place the remaining cards face down on spaces 6 to
    10.' 'After all players have completed performing (or skipping) the current action, put aside
    this action card, then reveal the next face-down action card.'"""
    st = fresh(players=3, seed=6)
    rng = random.Random(6)
    view = st.view(1)
    assert len(view["actions"]) == 5 and view["actions_hidden"] == 5
    shown = view["actions"]
    assert len(set(shown)) == 5
    checked = 0
    while st.season == 0:
        seat = st.to_move()[0]
        st.apply(seat, rng.choice(st.legal_moves(seat)))
        if st.season == 0 and st.phase == "move":
            view = st.view(1)
            assert view["actions"][:5] == shown
            # the card under way and those before it are open, the rest still face down
            assert len(view["actions"]) == max(5, st.action_index + 1)
            assert view["actions_hidden"] == 10 - len(view["actions"])
            checked += 1
    assert checked  # some movement decisions were met during the round
    reveals = [e["a"]["action"] for e in st.log if e["k"] == "reveal_action"]
    assert len(reveals) == 5 and not set(reveals) & set(shown)
