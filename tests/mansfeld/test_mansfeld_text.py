"""Every text a player reads speaks like the game (issue 21): the catalogue is complete in both
languages, and over complete random games of every player count every log line, final table,
move phrase, step and error text passes the text scan, in German and English, with and without the
players' names; a commitment is built as one set of characters, and every step offers at most 40
choices."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from feldherr.core.bots import RandomBot, SeatAccess
from feldherr.core.errors import RuleError
from feldherr.core.game import Move
from feldherr.core.i18n import LANGS, plural_categories
from feldherr.core.textscan import log_texts, text_problems
from feldherr.mansfeld import codec, text
from feldherr.mansfeld.game import GAME, OPTION_SPEC, MansfeldState
from feldherr.mansfeld.state import COMMIT, OVER, RECRUIT
from feldherr.web import terms

NAMES = ["Anna", "Bert", "Cleo", "Dora"]


def _clean(text_: str, lang: str, where: str) -> None:
    problems = text_problems(text_, lang)
    assert not problems, f"{where} ({lang}): {text_!r}: {problems}"


def _parts(steps: Sequence[str | list[str]]) -> tuple[Any, ...]:
    return tuple(frozenset(p) if isinstance(p, list) else p for p in steps)


def check_decision(state: MansfeldState, seat: int, lang: str, names: list[str] | None) -> None:
    view = state.view(seat)
    moves = state.legal_moves(seat)
    built: dict[tuple[Any, ...], Move] = {}
    shapes = set()
    for move in moves:
        _clean(GAME.describe_move(view, move, lang, names), lang, f"move {move}")
        steps = GAME.move_steps(view, move, lang, names)
        assert steps, move
        shapes.add(tuple(isinstance(p, list) for p in steps))
        for part in steps:
            for label in part if isinstance(part, list) else [part]:
                assert label, move
                _clean(label, lang, f"step of {move}")
        key = _parts(steps)
        assert key not in built, f"{move} and {built[key]} have the same steps {steps}"
        built[key] = move
    assert len(shapes) <= 1, f"the moves of one decision are built differently: {moves}"
    # what a client offers: a step's distinct labels, or a set's distinct items, among the moves left
    keys = list(built)
    for depth in range(len(next(iter(shapes), ()))):
        by_prefix: dict[tuple[Any, ...], set[Any]] = {}
        for key in keys:
            part = key[depth]
            by_prefix.setdefault(key[:depth], set()).update(part if isinstance(part, frozenset) else {part})
        for prefix, options in by_prefix.items():
            assert len(options) <= 40, f"{len(options)} choices after {prefix}"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_complete_games_speak_like_the_game(players: int) -> None:
    rnd = random.Random(players)
    state = GAME.new_state({"players": players}, 20 + players)
    biggest = 0
    while not state.is_terminal():
        seat = state.to_move()[0]
        biggest = max(biggest, len(state.legal_moves(seat)))
        for lang in LANGS:
            for names in (None, NAMES[:players]):
                check_decision(state, seat, lang, names)
        state.apply(seat, rnd.choice(state.legal_moves(seat)))
    assert biggest > 40  # a commitment of many cards: built as a set, not offered as a list
    for entry in state.log:
        for lang in LANGS:
            for names in (None, NAMES[:players]):
                for line in log_texts(GAME, entry, lang, names):
                    _clean(line, lang, f"log {entry}")
    for lang in LANGS:
        for seat in range(players):
            _clean(GAME.render_view(state.view(seat), lang), lang, "picture")


def test_catalogue_is_complete_in_both_languages_with_every_plural_form() -> None:
    messages = GAME.messages()
    for key, entry in messages.items():
        assert set(LANGS) <= set(entry), key
        assert all(entry[lang] for lang in LANGS), key
    plural_terms = {key.split("#")[0] for key in messages if "#" in key}
    assert {"unit.die", "unit.point"} <= plural_terms
    for term_key in plural_terms:
        for lang in LANGS:
            for category in plural_categories(lang):
                assert f"{term_key}#{category}" in messages, (term_key, lang, category)


def test_fixed_terms_and_options_read_well() -> None:
    words = terms(GAME)
    for key, entry in words.items():
        for lang in LANGS:
            _clean(entry[lang], lang, f"term {key}")
    assert words["card.mansfeld"]["de"] == "Ernst von Mansfeld"
    assert words["colour.3"] == {"en": "Green", "de": "Grün"}
    for spec in OPTION_SPEC:
        for lang in LANGS:
            _clean(spec.help(lang), lang, f"help of {spec.name}")
    assert "younger player goes first" in {s.name: s for s in OPTION_SPEC}["ages"].help("en")


def test_log_lines_name_players_and_count_points() -> None:
    end = {"k": "end", "a": {"scores": [12, 1]}, "to": None}
    assert (
        GAME.render_log(end, "en", ["Anna", ""]) == "Game over. Final scores: Anna 12 points, Blue 1 point."
    )
    assert GAME.render_log(end, "de") == "Spielende. Endstand: Rot 12 Punkte, Blau 1 Punkt."
    assert GAME.log_table(end, "de", ["Anna", "Bert"]) == {
        "columns": ["Spieler", "Punkte"],
        "rows": [["Anna", 12], ["Bert", 1]],
    }
    dice = {"k": "dice", "a": {"choice": [1, 3], "seats": [1, 0]}, "to": None}
    assert GAME.render_log(dice, "en", ["Anna", "Bert"]) == (
        "Dice set (revealed together): Anna 1 die, Bert 3 dice. Order: Bert, Anna."
    )
    roll = {"k": "roll", "a": {"seat": 0, "dice": [3, 5]}, "to": None}
    assert GAME.render_log(roll, "de") == "Rot würfelt 3 5."
    assert GAME.describe_move({}, ("dice", 1), "en") == "Set 1 die"
    # each card to commit says its strength, what the choice turns on (a phone showed bare names)
    assert GAME.move_steps({}, ("commit", (0, 17)), "en") == [
        ["Camp Boy (strength 1)", "Ernst von Mansfeld (strength 9)"]
    ]
    assert GAME.move_steps({}, ("commit", (0, 17)), "de") == [
        ["Trossbube (Kampfstärke 1)", "Ernst von Mansfeld (Kampfstärke 9)"]
    ]
    assert GAME.move_steps({}, ("commit", ()), "de") == [[]]


def _advance(phase: int, seed: int, players: int = 4) -> MansfeldState:
    state = GAME.new_state({"players": players}, seed)
    bots = [RandomBot(seed * 10 + s) for s in range(players)]
    while state.phase != phase:
        for seat in state.to_move():
            state.apply(seat, bots[seat].choose(SeatAccess(state, seat)))
    return state


def test_error_texts_of_bad_input_read_well() -> None:
    errors: list[RuleError] = []
    for phase in (RECRUIT, COMMIT):
        state = _advance(phase, seed=3)
        seat = state.to_move()[0]
        bad: list[Any] = [
            ("dice", 9),
            ("dice", 1),
            ("commit", ()),
            ("recruit", 99),
            ("commit", (99,)),
            ("x",),
        ]
        bad += [("recruit", c) for c in state.open] + [("commit", (c, c)) for c in state.cards[seat]]
        for move in bad:
            for who in (seat, (seat + 1) % 4):
                probe = state.clone()
                try:
                    probe.apply(who, move)
                except RuleError as err:
                    errors.append(err)
    with pytest.raises(RuleError) as end:
        _advance(OVER, seed=3).apply(0, ("dice", 1))
    errors.append(end.value)
    with pytest.raises(RuleError) as action:
        codec.decode(-1)
    errors.append(action.value)
    assert len({e.rule for e in errors}) >= 6
    for err in errors:
        for lang in LANGS:
            for names in (None, NAMES):
                _clean(GAME.error_text(err, lang, names), lang, f"error {err.rule}")
    turn = next(e for e in errors if e.rule == "mansfeld.turn")
    assert GAME.error_text(turn, "en", NAMES).startswith("it is not ")
    assert text.seat_name(1, "de") == "Blau"


def test_errors_of_the_action_interface_show_no_move_literal_or_action_number() -> None:
    """A commitment spelled as one action, or a step that cannot follow: the text names neither
    the move as Python writes it nor the action's number."""
    state = _advance(COMMIT, seed=5)
    seat = state.to_move()[0]
    errors: list[RuleError] = []
    for spell in (lambda: codec.encode(("commit", (0, 1))), lambda: codec.decode(codec.COMMIT_DONE)):
        with pytest.raises(RuleError) as err:
            spell()
        errors.append(err.value)
    outside = next(c for c in range(len(state.cards[seat]) + 20) if c not in state.cards[seat])
    with pytest.raises(RuleError) as step:
        GAME.staged_move(state, seat, (), codec.COMMIT_BASE + outside)
    errors.append(step.value)
    assert {e.rule for e in errors} == {"mansfeld.action.staged", "mansfeld.action.step"}
    for err in errors:
        for lang in LANGS:
            words = GAME.error_text(err, lang, NAMES)
            _clean(words, lang, f"error {err.rule}")
            assert "commit" not in words.lower().replace("commitment", "") and not any(
                ch.isdigit() for ch in words
            )


@pytest.mark.parametrize("phase", [RECRUIT, COMMIT, OVER])
def test_the_terminal_picture_speaks_the_readers_language(phase: int) -> None:
    """The picture's words come from the catalogue (view.*): the rulebook's terms in German
    (Stapel, Kosten/Kampfstärke, Kriegsglück, Provinzen), no English word in it."""
    state = _advance(phase, seed=7, players=3)
    de = GAME.render_view(state.view(0), "de")
    en = GAME.render_view(state.view(0), "en")
    _clean(de, "de", "picture")
    _clean(en, "en", "picture")
    assert "Stapel: " in de and "Deck: " in en and "*du*" in de
    if phase == RECRUIT:
        assert "Offen (Kosten/Kampfstärke): " in de and " würfelt " in de
    if phase == COMMIT:
        assert "Kriegsglück: " in de and "luck: " in en
    if phase == OVER:
        assert "Sieger: " in de and "Winners: " in en


def test_refused_positions_name_phases_needs_and_places_in_words() -> None:
    """A refused Mansfeld position reads like the game: the phase by its name, what it lacks and
    where a card lies in words, not as the position file's field names ('turn_order', 'commit:
    null', 'players.Anna.cards')."""
    from feldherr.mansfeld.data import KEYS

    two = [{"name": "Anna"}, {"name": "Bert"}]
    positions = [
        {"game": "mansfeld", "players": two, "phase": "recruit", "left": list(KEYS)},
        {"game": "mansfeld", "players": two, "phase": "dice", "open": [KEYS[0]], "left": list(KEYS)},
        {
            "game": "mansfeld",
            "phase": "commit",
            "players": [{"name": "Anna", "cards": [KEYS[0]]}, {"name": "Bert", "used": [KEYS[0]]}],
            "left": list(KEYS[1:]),
        },
        {
            "game": "mansfeld",
            "players": [{"name": "Anna", "commit": []}, {"name": "Bert"}],
            "phase": "over",
            "left": list(KEYS),
            "provinces": [{"value": 3}] * 6,
        },
    ]
    texts: dict[tuple[int, str], str] = {}
    for index, position in enumerate(positions):
        with pytest.raises(RuleError) as err:
            GAME.from_position(position, 0)
        for lang in LANGS:
            words = GAME.error_text(err.value, lang, None)
            _clean(words, lang, f"position refusal {err.value.rule}")
            texts[index, lang] = words
    assert texts[0, "de"] == "Die Phase Rekrutieren braucht die Zugreihenfolge und den Wurf der Person am Zug"
    assert "(offen ausliegend und übrig)" in texts[1, "de"]
    assert "(in Anna's hand and used by Bert)" in texts[2, "en"]
    assert texts[3, "de"].startswith("Die Phase Spielende braucht keine eingesetzten Karten")


def test_a_card_that_does_not_exist_is_named_in_correct_german() -> None:
    """A refused card number names 'dieser Charakter' in the case its sentence needs."""
    state = _advance(RECRUIT, seed=3)
    seat = state.to_move()[0]
    with pytest.raises(RuleError) as err:
        state.apply(seat, ("recruit", 99))
    assert GAME.error_text(err.value, "de") == "Dieser Charakter liegt nicht offen aus"
    assert GAME.error_text(err.value, "en") == "this character does not lie open"
    state = _advance(COMMIT, seed=3)
    seat = state.to_move()[0]
    for card, named in (
        (99, "Dieser Charakter"),
        (next(c for c in range(18) if c not in state.cards[seat]), None),
    ):
        with pytest.raises(RuleError) as err:
            state.apply(seat, ("commit", (card,)))
        words = GAME.error_text(err.value, "de", NAMES)
        named = named or text.card_name(text.CARDS[card].key, "de")
        why = f"{named} ist nicht auf der Hand oder doppelt genannt"
        assert words == f"{NAMES[seat]} kann diese Karte nicht einsetzen: {why}"


def test_recruiting_ends_with_or_without_cards_left_over() -> None:
    """ "Die Rekrutierungsphase endet, sobald eine Karte aufgedeckt werden müsste, der Stapel aber
    leer ist." — the line names the cards left over, or says there are none."""
    none = {"k": "recruit.end", "a": {"left": []}, "to": None}
    some = {"k": "recruit.end", "a": {"left": ["obrist", "trossbube"]}, "to": None}
    assert GAME.render_log(none, "de") == "Der Stapel ist leer: Das Rekrutieren endet (übrig: keine)."
    assert GAME.render_log(none, "en") == "The deck is empty: recruiting ends (left over: none)."
    assert (
        GAME.render_log(some, "de")
        == "Der Stapel ist leer: Das Rekrutieren endet (übrig: Obrist, Trossbube)."
    )


def test_a_battle_line_says_none_for_a_player_who_committed_no_card() -> None:
    """ "Sobald alle Spieler ihre Karten gelegt haben, werden diese aufgedeckt." — the line shows
    every player's committed cards, 'keine' / 'none' for a player who laid none."""
    entry = {"k": "conquer", "a": {"seat": 1, "no": 2, "value": 7, "cards": [[], ["obrist"]]}, "to": None}
    assert (
        GAME.render_log(entry, "de")
        == "Eingesetzte Karten: Rot: keine; Blau: Obrist. Blau erobert Provinz 2 (7 Punkte)."
    )
    assert GAME.render_log(entry, "en", ["Anna", "Bert"]) == (
        "Committed cards: Anna: none; Bert: Colonel. Bert conquers province 2 (7 points)."
    )


def test_a_province_nobody_fights_for_is_told_without_a_dash_for_its_luck_dice() -> None:
    """Once nobody holds a card, the provinces left are turned up and set aside with no luck dice:
    the line read "Province 6 is worth 7 points. Luck dice: —." ("Kriegsglück: —.")."""
    seen = 0
    for seed in range(1, 40):
        state = _advance(OVER, seed=seed, players=4)
        for entry in state.visible_log(None):
            if entry["k"] != "province" or any(entry["a"]["luck"]):
                continue
            seen += 1
            no, value = entry["a"]["no"], entry["a"]["value"]
            assert GAME.render_log(entry, "en", NAMES) == f"Province {no} is worth {value} points."
            assert GAME.render_log(entry, "de", NAMES) == f"Provinz {no} ist {value} Punkte wert."
        if seen:
            break
    assert seen, "no province was turned up without a fight"
