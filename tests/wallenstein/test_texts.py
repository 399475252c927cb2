"""Every text a Wallenstein player reads speaks like the game (issue 21): the catalogue is complete
in both languages, and over complete random games of every option set each log line, scoring
table, move phrase and move step passes the text scan (no ids, seat numbers, literals, snake_case,
plural slips, English in German), and no decision offers more than 40 choices at a time."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from feldherr.core.i18n import LANGS, plural_categories
from feldherr.core.textscan import catalogue_english_words, log_texts, text_problems
from feldherr.games import get_game
from feldherr.wallenstein.text import CATALOGUE, MESSAGES

GAME = get_game("wallenstein")
ENGLISH = catalogue_english_words(MESSAGES)
NAMES = ("Anna", "Ben", "Cleo", "Dora", "Emil")
MAX_CHOICES = 40


def scan(text: str, lang: str) -> list[str]:
    return text_problems(text, lang, ENGLISH)


def test_every_catalogue_key_has_both_languages() -> None:
    missing = [key for key, entry in MESSAGES.items() for lang in LANGS if not entry.get(lang)]
    assert missing == []


def test_every_plural_term_has_every_category_of_both_languages() -> None:
    forms: dict[str, set[str]] = {}
    for key in CATALOGUE:
        if "#" in key:
            base, category = key.split("#")
            forms.setdefault(base, set()).add(category)
    assert forms, "the catalogue has plural terms"
    for lang in LANGS:
        for base, categories in forms.items():
            assert plural_categories(lang) <= categories, (base, lang)
    used = {
        m.group(1)
        for entry in MESSAGES.values()
        for t in entry.values()
        for m in re.finditer(r":@([\w.-]+)\}", t)
    }
    assert used <= set(forms), used - set(forms)


def test_fixed_terms_pass_the_scan() -> None:
    """The words the boards show (`/api/web/terms/wallenstein`), the option specs of the lobby."""
    from feldherr.web import terms

    for entry in terms(GAME).values():
        for lang in LANGS:
            assert scan(entry[lang], lang) == []
    for spec in GAME.option_spec():
        for lang in LANGS:
            assert scan(spec.help(lang), lang) == [], spec.name
            for choice in spec.choices:
                if spec.name != "players":
                    assert scan(spec.labels[choice][lang], lang) == [], (spec.name, choice)
                if choice in spec.about:  # what a choice means, under the lobby's menu: both languages
                    assert scan(spec.about[choice][lang], lang) == [], (spec.name, choice)


def test_the_scan_finds_what_it_should() -> None:
    """The scanner is not blind: the texts of issue 21 are caught."""
    for bad, lang in (
        ("face-up card 0 + 5 armies", "en"),
        ("Player 0 plays power card 8", "en"),
        ("courtiers: 4, card: null", "en"),
        ("Red takes 1 armies", "en"),
        ("Rot erhält 1 Siegpunkte", "de"),
        ("Phase draft", "de"),
        ("Spieler 0 nimmt Karte 3", "de"),
        ("Grandes in ['Castilla']", "en"),
        ("neue_regentschaft", "de"),
        ("Rot nimmt 1 Armeen from the deck", "de"),
    ):
        assert scan(bad, lang), bad


def _check_steps(
    view: Mapping[str, Any], moves: Sequence[Any], lang: str, names: Sequence[str] | None
) -> None:
    steps = [GAME.move_steps(view, m, lang, names) for m in moves]
    if all(s is None for s in steps):
        assert len(moves) <= MAX_CHOICES, (len(moves), moves[:3])
        return
    assert all(s is not None for s in steps), "every move of a decision has steps, or none"
    paths = [tuple(s) for s in steps if s is not None]
    assert len({len(p) for p in paths}) == 1, "every move has the same number of parts"
    assert len(set(paths)) == len(paths), "the parts tell the moves apart"
    for path in paths:
        for part in path:
            assert isinstance(part, str)
            assert scan(part, lang) == [], part
    # every step of the way offers at most 40 labels
    frontier: list[tuple[str, ...]] = [()]
    depth = len(paths[0])
    for d in range(depth):
        nxt = []
        for prefix in frontier:
            labels = {p[d] for p in paths if p[:d] == prefix}
            assert len(labels) <= MAX_CHOICES, (d, len(labels))
            nxt.extend((*prefix, label) for label in labels)
        frontier = nxt


OPTION_SETS = [
    {"players": 3},
    {"players": 4, "modules": ["court"]},
    {"players": 5, "modules": ["landsknechte", "leaders"]},
    {"players": 3, "modules": ["court", "landsknechte", "leaders"], "setup": "fixed"},
    {"players": 4, "modules": ["court", "landsknechte", "leaders"]},
    {"players": 5, "modules": ["court", "landsknechte", "leaders"]},
]


@pytest.mark.parametrize(
    "options", OPTION_SETS, ids=lambda o: f"{o['players']}-{'+'.join(o.get('modules', [])) or 'base'}"
)
def test_complete_games_speak_like_the_game(options: dict[str, Any]) -> None:
    state = GAME.new_state(GAME.normalize_options(options), 11 + options["players"])
    rng = random.Random(options["players"])
    decisions = 0
    while not state.is_terminal():
        for seat in state.to_move():
            if seat not in state.to_move():
                continue
            moves = state.legal_moves(seat)
            view = state.view(seat)
            # every decision's phrases in both languages; with and without names at every 5th
            for lang in LANGS:
                for names in (None, NAMES) if decisions % 5 == 0 else (None,):
                    for move in moves:
                        text = GAME.describe_move(view, move, lang, names)
                        assert scan(text, lang) == [], text
                    _check_steps(view, moves, lang, names)
            decisions += 1
            state.apply(seat, rng.choice(moves))
    for lang in LANGS:
        for names in (None, NAMES[: options["players"]]):
            for entry in state.log:
                for line in log_texts(GAME, entry, lang, names):
                    assert scan(line, lang) == [], line
            for seat in (None, *range(options["players"])):
                picture = GAME.render_view(state.view(seat), lang)
                for line in picture.splitlines():
                    assert scan(line, lang) == [], line
    if options.get("modules"):
        keys = {entry["k"] for entry in state.log}
        assert "game_over" in keys and "score" in keys


def test_names_name_the_players() -> None:
    state = GAME.new_state(GAME.normalize_options({"players": 3, "setup": "fixed"}), 5)
    entry = next(e for e in state.log if "p" in e["a"])
    seat = entry["a"]["p"]
    assert NAMES[seat] in GAME.render_log(entry, "en", NAMES)
    assert ["Red", "Blue", "Yellow"][seat] in GAME.render_log(entry, "en")
    assert ["Rot", "Blau", "Gelb"][seat] in GAME.render_log(entry, "de", ["", "", ""])


def test_final_scoring_is_a_table() -> None:
    entry = {"k": "game_over", "a": {"winners": [1], "vp": [30, 41, 30], "money": [3, 0, 5]}}
    table = GAME.log_table(entry, "de", ["Anna", "", "Cleo"])
    assert table == {
        "columns": ["Rang", "Spieler", "Siegpunkte", "Taler"],
        "rows": [["1.", "Blau", 41, 0], ["2.", "Cleo", 30, 5], ["3.", "Anna", 30, 3]],
    }
    assert GAME.render_log(entry, "en") == (
        "Game over. Victory goes to Blue. "
        "Blue 41 victory points, Yellow 30 victory points, Red 30 victory points."
    )
    one = {"k": "score", "a": {"p": 0, "base": 1, "majorities": 0, "total": 1}}
    assert GAME.render_log(one, "en") == (
        "Red scores 1 victory point for counties and buildings and 0 victory points for majorities "
        "and now has 1 victory point."
    )
    assert "1 Siegpunkt für" in GAME.render_log(one, "de")


def test_a_battle_with_an_empty_tray_says_so_in_words() -> None:
    """A battle line with nothing in the tray read "with the tray (–)" / "mit der Schale (–)", and
    one where nothing fell out "out came –": the words say "empty" and "none"."""
    a = {"p": 0, "d": -1, "src": "Baden", "county": "Konstanz", "verdict": "lose"}
    entry = {"k": "battle", "a": {**a, "thrown": [2, 0, 0, 0, 0, 1], "tray": [0] * 6, "out": [0] * 6}}
    en, de = GAME.render_log(entry, "en"), GAME.render_log(entry, "de")
    assert "with the tray (empty); out came none." in en, en
    assert "mit der Schale (leer); heraus fallen keine." in de, de
    assert "–" not in en + de


def test_a_leader_move_says_whether_it_leaves_a_statue() -> None:
    """Heerführer: moved to an adjacent county the leader leaves "victorious" and a statue stays
    behind; moved further he "flees" and none does; entering another's statue county takes it as a
    trophy. The buttons said only "Military leader to Lüneburg", so the player had to know the map's
    neighbours to see which move scores (the log said it only afterwards)."""
    from feldherr.wallenstein.data import NAMES as COUNTIES
    from feldherr.wallenstein.data import NEIGHBOURS

    state = GAME.new_state(GAME.normalize_options({"players": 5, "modules": ["leaders"]}), 11)
    rng = random.Random(2)
    checked = 0
    while not state.is_terminal() and checked < 3:
        seat = state.to_move()[0]
        moves = state.legal_moves(seat)
        view = state.view(seat)
        here = (view.get("leaders") or {}).get("leader", [None] * 5)[seat]
        if view.get("phase") == "leader" and here is not None and len(moves) > 1:
            old = COUNTIES.index(here)
            for move in moves:
                county = int(move[1])
                en, de = (GAME.describe_move(view, move, lang) for lang in ("en", "de"))
                assert en.startswith(f"Military leader to {COUNTIES[county]}"), en
                if county in NEIGHBOURS[old] and view["leaders"]["statue_supply"][seat]:
                    assert f"victorious: a statue in {here}" in en, en
                    assert f"im Triumph: ein Denkmal in {here}" in de, de
                elif county not in NEIGHBOURS[old]:
                    assert f"flees {here}: no statue" in en, en
                    assert f"Flucht aus {here}: kein Denkmal" in de, de
            checked += 1
        state.apply(seat, rng.choice(moves))
    assert checked == 3


def test_a_leader_move_into_a_statue_county_names_the_trophy() -> None:
    view = {
        "seat": 0,
        "phase": "leader",
        "leaders": {"leader": ["Baden", None], "statue_supply": [6, 5], "statues": [{}, {"Bremen": 1}]},
    }
    from feldherr.wallenstein.data import NAMES as COUNTIES
    from feldherr.wallenstein.moves import Leader

    move = Leader("leader", COUNTIES.index("Bremen"))
    assert GAME.describe_move(view, move, "en") == (
        "Military leader to Bremen (flees Baden: no statue; takes 1 trophy)"
    )
    assert GAME.describe_move(view, move, "de") == (
        "Heerführer nach Bremen (Flucht aus Baden: kein Denkmal; erobert 1 Denkmal)"
    )


def test_a_court_conversion_counts_its_courtiers() -> None:
    """Am Kaiserhof: "Pro eingesetzter Armee darf ein Höfling entsendet werden" - the line said
    "converts 1 army from Kursachsen into courtiers" / "in Höflinge um" for one army."""
    one = {"k": "court_convert", "a": {"p": 0, "n": 1, "source": "Kursachsen"}}
    three = {"k": "court_convert", "a": {"p": 0, "n": 3, "source": "Kursachsen"}}
    assert GAME.render_log(one, "en") == "Red converts 1 army from Kursachsen into 1 courtier."
    assert GAME.render_log(one, "de") == "Rot wandelt 1 Armee aus Kursachsen in 1 Höfling um."
    assert GAME.render_log(three, "en") == "Red converts 3 armies from Kursachsen into 3 courtiers."
    assert GAME.render_log(three, "de") == "Rot wandelt 3 Armeen aus Kursachsen in 3 Höflinge um."


def test_a_tied_majority_says_why_it_scores_less() -> None:
    """ "A tie gives each tied player the amount minus 1" (rules notes): the line read "Most trading
    posts in Bayern: Bert and Clara (+0 victory points)" with nothing to say why 0."""
    a = {"region": "Bayern", "building": "trading_post", "seats": [1, 2], "vp": 0}
    en = GAME.render_log({"k": "majority", "a": a}, "en", ["Anna", "Bert", "Clara"])
    de = GAME.render_log({"k": "majority", "a": a}, "de", ["Anna", "Bert", "Clara"])
    assert en == "Most trading posts in Bayern: Bert and Clara (+0 victory points; a tie: 1 less each).", en
    assert (
        de == "Meiste Handelshäuser in Bayern: Bert und Clara (+0 Siegpunkte; Gleichstand: je 1 weniger)."
    ), de
    one = GAME.render_log(
        {"k": "majority", "a": {**a, "seats": [1], "vp": 1}}, "en", ["Anna", "Bert", "Clara"]
    )
    assert one == "Most trading posts in Bayern: Bert (+1 victory point).", one


def test_landsknechte_says_at_least_four_regions() -> None:
    """ "Länder in mindestens 4 verschiedenen Regionen" / "at least 4 different regions": the log
    line and the lobby's module label said "in four regions" of a player who held five."""
    entry = {"k": "lsk_card", "a": {"p": 0, "card": 2}}
    assert "holds counties in at least four regions" in GAME.render_log(entry, "en")
    assert "hat Länder in mindestens vier Regionen" in GAME.render_log(entry, "de")
    labels = {o.name: o for o in GAME.option_spec()}["modules"].labels["landsknechte"]
    assert "at least four regions" in labels["en"] and "mindestens vier Regionen" in labels["de"], labels


def test_a_favor_without_a_target_says_what_it_does() -> None:
    """Favor #1: "Der Spieler darf die Ereigniskarte aber auch liegen lassen" - the second step
    offered "Remove the event" beside a bare "Confirm"; favor #4 with no revolt marker in the
    player's counties is kept to parry the next one, and its step said "Confirm" too."""
    from feldherr.wallenstein.moves import NO_TARGET, REMOVE_EVENT, Favor

    court = {"favors": [{"card": 1, "courtiers": 4}, {"card": 4, "courtiers": 3}]}
    view = {"seat": 0, "event": "grain_loss", "court": court}
    keep = Favor("favor", 0, NO_TARGET)
    remove = Favor("favor", 0, REMOVE_EVENT)
    parry = Favor("favor", 1, NO_TARGET)
    assert GAME.move_steps(view, remove, "en")[1] == "Remove the event"
    assert GAME.move_steps(view, keep, "en")[1] == "Leave the event"
    assert GAME.move_steps(view, keep, "de")[1] == "Ereignis liegen lassen"
    assert GAME.describe_move(view, keep, "en").endswith("and leave the event")
    assert GAME.describe_move(view, keep, "de").endswith("nehmen und das Ereignis liegen lassen")
    assert GAME.move_steps(view, parry, "en")[1] == "Keep it to parry the next revolt marker"
    assert GAME.move_steps(view, parry, "de")[1] == "Behalten, um den nächsten Unruhemarker abzuwehren"


def test_landsknechte_armies_are_placed_into_the_tray() -> None:
    """Landsknechte: "Place the number of armies shown into the tray" / "Armeen in Schale": the
    button said "Take 1 army into the tray" / "1 Armee in die Schale nehmen"."""
    from feldherr.wallenstein.data import LSK_KINDS
    from feldherr.wallenstein.moves import Landsknechte

    view = {"seat": 0, "landsknechte": {"top_card": [2]}}
    armies = Landsknechte("lsk", LSK_KINDS.index("armies"))
    assert GAME.describe_move(view, armies, "en") == "Place 1 army into the tray"
    assert GAME.describe_move(view, armies, "de") == "1 Armee in die Schale legen"
    taler = Landsknechte("lsk", LSK_KINDS.index("taler"))
    assert GAME.describe_move(view, taler, "en") == "Take 2 Thalers"
    assert GAME.describe_move(view, taler, "de") == "2 Taler nehmen"


def test_the_favor_that_removes_the_event_names_both_of_its_second_parts() -> None:
    """The court's favor card "Remove this round's event" on a phone: its second part offered
    "Ereignis entfernen" beside "Bestätigen", and confirming meant leaving the event; it says so.
    The card's part begins with a capital as "Keine Gunstkarte nehmen" beside it does."""
    from feldherr.wallenstein.moves import NO_TARGET, REMOVE_EVENT, Favor, typed

    state = GAME.new_state({"players": 3, "modules": ["court"]}, 1)
    rnd = random.Random(1)
    while True:  # random moves until the card is offered with an event to remove
        seat = state.to_move()[0]
        moves = state.legal_moves(seat)
        favors = [typed(m) for m in moves if isinstance(typed(m), Favor)]
        if any(f.target == REMOVE_EVENT for f in favors):
            break
        state.apply(seat, rnd.choice(moves))
    view = state.view(seat)
    space = next(f.space for f in favors if f.target == REMOVE_EVENT)
    for lang, card, remove, leave in (
        ("en", "The favor card “Remove this round's event” (", "Remove the event", "Leave the event"),
        (
            "de",
            "Die Gunstkarte „Ereignis dieser Runde entfernen“ (",
            "Ereignis entfernen",
            "Ereignis liegen lassen",  # the rulebook: "darf die Ereigniskarte aber auch liegen lassen"
        ),
    ):
        removed = GAME.move_steps(view, Favor("favor", space, REMOVE_EVENT), lang)
        left = GAME.move_steps(view, Favor("favor", space, NO_TARGET), lang)
        assert removed is not None and left is not None
        assert removed[0] == left[0] and str(removed[0]).startswith(card), removed
        assert (removed[1], left[1]) == (remove, leave)


def test_the_military_leaders_scoring_counts_victory_points() -> None:
    """The Military Leaders' scoring table under the log line "Lila erhält 6 Siegpunkte für 6
    Denkmäler" headed its last column "Erhaltene Punkte"; the game's other tables say Siegpunkte."""
    entry = {"k": "leader_score", "a": {"p": 1, "statues": 6, "trophies": 0, "vp": 6}}
    for lang, word in (("de", "Erhaltene Siegpunkte"), ("en", "Victory points gained")):
        table = GAME.log_table(entry, lang, None)
        assert table is not None and table["columns"][-1] == word, table
        assert table["rows"] == [[GAME.seat_name(1, lang, None), 6, 0, 6]]


def test_german_words_are_the_rulebooks_for_counties_and_revolt_markers() -> None:
    """The German rulebook calls a county "Land" and its markers "Unruhemarker"; "Provinz" is El
    Grande's and Mansfeld's word and "Aufstandsmarker" no game's. Every German text of the game's
    sources (catalogues, the tower's words and refusals) keeps to the rulebook's."""
    from pathlib import Path

    import feldherr.wallenstein

    root = Path(feldherr.wallenstein.__file__).parent
    found = [
        f"{path.relative_to(root)}:{number}: {line.strip()}"
        for path in sorted(root.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"Provinz|Aufstandsmarker", line)
    ]
    assert found == []
