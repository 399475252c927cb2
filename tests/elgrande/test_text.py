"""Every text a player reads speaks like the game (issue 21): the catalogue is complete in both
languages, and over complete random games of every option set and player count every log line,
scoring table, move phrase, step and error text passes the text scan, in German and English, with
and without the players' names; the steps of a decision tell its moves apart and offer at most 40
choices at a time."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import pytest

from feldherr.core.errors import RuleError
from feldherr.core.game import Move
from feldherr.core.i18n import LANGS, plural_categories
from feldherr.core.textscan import log_texts, text_problems
from feldherr.elgrande import data as D
from feldherr.elgrande import text
from feldherr.elgrande.game import GAME, OPTION_SPEC, ElGrandeState
from feldherr.web import terms

NAMES = ["Anna", "Bert", "Cleo", "Dora", "Emil"]
OPTION_SETS = [
    {"players": n, "variant": v}
    for n in (2, 3, 4, 5)
    for v in ([], ["machtverschiebung", "hidden_castillo"], ["neue_regentschaft", "alte_hasen", "short"])
] + [
    {"players": 3, "variant": ["merged_stacks", "short"]},
    {"players": 4, "deck": "classic", "variant": ["short"]},
]


def _clean(text_: str, lang: str, where: str) -> None:
    problems = text_problems(text_, lang)
    assert not problems, f"{where} ({lang}): {text_!r}: {problems}"


def _parts(steps: Sequence[str | list[str]]) -> tuple[Any, ...]:
    return tuple(frozenset(p) if isinstance(p, list) else p for p in steps)


def _same_card(move: Move) -> Move:
    """A move with a modifier card replaced by what is printed on it (two identical modifiers are
    the same choice for a player, and so have the same steps)."""
    field = {"power": 2, "pbm": 1, "mpass": 1}.get(move[0])
    if field is None or move[field] < 0:
        return move
    m = move[field]
    printed = (D.MODIFIER_VALUES[m], json.dumps(D.MODIFIER_ABILITY[m], sort_keys=True))
    return (*move[:field], printed, *move[field + 1 :])


def check_decision(state: ElGrandeState, seat: int, lang: str, names: list[str] | None) -> None:
    view = state.view(seat)
    moves = state.legal_moves(seat)
    built: dict[tuple[Any, ...], Move] = {}
    lengths = set()
    for move in moves:
        _clean(GAME.describe_move(view, move, lang, names), lang, f"move {move}")
        steps = GAME.move_steps(view, move, lang, names)
        assert steps, move
        lengths.add(len(steps))
        for part in steps:
            for label in part if isinstance(part, list) else [part]:
                assert label, move
                _clean(label, lang, f"step of {move}")
        key = _parts(steps)
        other = built.setdefault(key, move)
        assert _same_card(other) == _same_card(move), f"{move} and {other} have the same steps {steps}"
    assert len(lengths) <= 1, f"the moves of one decision have parts of different lengths: {moves}"
    # what a client offers: the distinct labels of each part among the moves left
    keys = list(built)
    for depth in range(max(lengths, default=0)):
        by_prefix: dict[tuple[Any, ...], set[Any]] = {}
        for key in keys:
            by_prefix.setdefault(key[:depth], set()).add(key[depth])
        for prefix, options in by_prefix.items():
            assert len(options) <= 40, f"{len(options)} choices after {prefix}"


def play_and_check(options: dict[str, Any], seed: int, every: int = 1) -> ElGrandeState:
    rnd = random.Random(seed)
    state = GAME.new_state(options, seed)
    n = options["players"]
    k = 0
    while not state.is_terminal():
        seat = state.to_move()[0]
        if k % every == 0:
            for lang in LANGS:
                for names in (None, NAMES[:n]):
                    check_decision(state, seat, lang, names)
        k += 1
        state.apply(seat, rnd.choice(state.legal_moves(seat)))
    for entry in state.log:
        for lang in LANGS:
            for names in (None, NAMES[:n]):
                for line in log_texts(GAME, entry, lang, names):
                    _clean(line, lang, f"log {entry}")
    for lang in LANGS:
        for seat in range(n):
            _clean(GAME.render_view(state.view(seat), lang).replace("_", " "), lang, "picture")
    return state


@pytest.mark.parametrize("index", range(len(OPTION_SETS)))
def test_complete_games_speak_like_the_game(index: int) -> None:
    options = OPTION_SETS[index]
    state = play_and_check(options, 100 + index, every=1 if index % 3 == 1 else 2)
    keys = {e["k"] for e in state.log}
    assert {"setup", "round", "power", "take", "scored", "game_over"} <= keys


def test_catalogue_is_complete_in_both_languages_with_every_plural_form() -> None:
    for key, entry in text.CATALOGUE.items():
        assert set(LANGS) <= set(entry), key
        assert all(entry[lang] for lang in LANGS), key
    plural_terms = {key.split("#")[0] for key in text.CATALOGUE if "#" in key}
    assert plural_terms
    for term_key in plural_terms:
        for lang in LANGS:
            for category in plural_categories(lang):
                assert f"{term_key}#{category}" in text.CATALOGUE, (term_key, lang, category)


def test_fixed_terms_name_cards_phases_and_colours() -> None:
    words = terms(GAME)
    for key, entry in words.items():
        for lang in LANGS:
            _clean(entry[lang], lang, f"term {key}")
    assert words["card.ihre_majestaet"] == {"en": "King's card", "de": "Ihre Majestät"}
    assert words["phase.power"]["de"] == "Machtkarten"
    assert words["colour.2"] == {"en": "Yellow", "de": "Gelb"}


def test_options_are_named_as_in_the_rulebook() -> None:
    spec = {s.name: s for s in OPTION_SPEC}
    variant = spec["variant"]
    assert set(variant.labels) == set(variant.choices)
    assert variant.labels["neue_regentschaft"] == {"en": "Neue Regentschaft", "de": "Neue Regentschaft"}
    assert variant.labels["alte_hasen:the_court"]["de"] == "Alte Hasen: Der Hof"
    assert variant.labels["short"]["de"] == "Kurzes Spiel"
    for s in OPTION_SPEC:
        for lang in LANGS:
            _clean(s.help(lang), lang, f"help of {s.name}")
            for choice, label in s.labels.items():
                _clean(label[lang], lang, f"label of {choice}")
    assert "Machtverschiebung: 3 modifiers" in variant.help("en")


def test_the_log_names_players_cards_and_scores() -> None:
    entry = {"k": "scored", "a": {"r": "Castillo", "pts": [0, 5, 1, 3]}, "to": None}
    assert (
        GAME.render_log(entry, "en", NAMES[:4])
        == "Scoring of Castillo: Bert 5 points, Cleo 1 point, Dora 3 points."
    )
    assert GAME.render_log(entry, "de") == "Wertung von Castillo: Blau 5 Punkte, Gelb 1 Punkt, Grün 3 Punkte."
    assert GAME.log_table(entry, "en", NAMES[:4]) == {
        "columns": ["Player", "Castillo"],
        "rows": [["Anna", 0], ["Bert", 5], ["Cleo", 1], ["Dora", 3]],
    }
    over = {"k": "game_over", "a": {"scores": [39, 119]}, "to": None}
    assert (
        GAME.render_log(over, "de", ["Anna", ""]) == "Spielende. Endstand: Anna 39 Punkte, Blau 119 Punkte."
    )
    power = {"k": "power", "a": {"p": 2, "v": 8, "m": 0}, "to": None}
    assert GAME.render_log(power, "en", ["Anna", "Bert"]) == "Yellow (neutral) plays the 8."
    assert GAME.render_log(power, "en") == "Yellow plays the 8."
    court = {"k": "to_court", "a": {"p": 0, "n": 1}, "to": None}
    assert GAME.render_log(court, "en") == "Red takes 1 Caballero to the court."
    setup = {"k": "setup", "a": {"king": "Castilla", "grandes": ["Aragón", "Galicia"]}, "to": None}
    assert GAME.render_log(setup, "en", ["Anna", "Bert"]) == (
        "The King starts in Castilla. Grandes: Anna in Aragón, Bert in Galicia."
    )


def test_card_names_in_the_log_have_an_article() -> None:
    """A card's name is a title ("King's card", "Ihre Majestät"): the log names it as "the card
    “…”" / "die Karte „…“", never "the special action of King's card" or "von Ihre Majestät"."""
    king = D.CARD_IDS[D.KING_CARD]
    for k, en, de in (
        (
            "announce",
            "Red announces the special action of the card “King's card”.",
            "Rot kündigt die Sonderaktion der Karte „Ihre Majestät“ an.",
        ),
        ("take", "Red takes the card “King's card”.", "Rot nimmt die Karte „Ihre Majestät“."),
        (
            "veto",
            "Red vetoes the card “King's card”.",
            "Rot verhindert die Karte „Ihre Majestät“ mit dem Veto.",
        ),
    ):
        entry = {"k": k, "a": {"p": 0, "card": king}, "to": None}
        assert GAME.render_log(entry, "en") == en
        assert GAME.render_log(entry, "de") == de
    # the move that takes it says so the same way
    view = {"open_cards": [king]}
    take = text.describe(view, ("take", 0), "en")
    assert take == "take the card “King's card” from stack 1 (5 Caballeros)", take
    take = text.describe(view, ("take", 0), "de")
    assert take == "die Karte „Ihre Majestät“ von Stapel 1 nehmen (5 Caballeros)", take


def test_error_texts_name_the_rule_not_the_move() -> None:
    state = GAME.new_state({"players": 4}, 5)
    seat = state.to_move()[0]
    errors: list[RuleError] = []
    for who, move in [
        ((seat + 1) % 4, ("power", 5, -1)),
        (seat, ("place", 3)),
        (seat, ("nonsense", 1)),
        (seat, ("power", 14, -1)),
        (seat, "power"),
        (seat, ("power", "7", -1)),
        (seat, ("power", 7)),
    ]:
        with pytest.raises(RuleError) as info:
            state.apply(who, move)
        errors.append(info.value)
    for err in errors:
        for lang in LANGS:
            for names in (None, NAMES[:4]):
                message = GAME.error_text(err, lang, names)
                _clean(message, lang, f"error {err.rule}")
    other = (seat + 1) % 4
    assert GAME.error_text(errors[0], "en", NAMES[:4]) == f"it is not {NAMES[other]}'s turn"
    assert GAME.error_text(errors[0], "de") == f"{text.COLOURS_DE[other]} ist gerade nicht am Zug"


def test_machtverschiebung_power_cards_are_chosen_in_two_steps() -> None:
    state = GAME.new_state({"players": 4, "variant": ["machtverschiebung"]}, 2)
    while state.phase != 1:  # the modifiers are passed first
        seat = state.to_move()[0]
        state.apply(seat, state.legal_moves(seat)[0])
    seat = state.to_move()[0]
    moves = state.legal_moves(seat)
    assert len(moves) > 40
    view = state.view(seat)
    firsts = {GAME.move_steps(view, m, "en")[0] for m in moves}  # type: ignore[index]
    assert len(firsts) == 13 and "The 13 (0 Caballeros to the court)" in firsts


def test_no_caballeros_to_the_court_is_said_in_words() -> None:
    """A player who takes none of the power card's Caballeros to the court read "Anna holt 0
    Caballeros an den Hof." and chose "0 Caballeros an den Hof holen"; both say "no"/"keine"."""
    from feldherr.elgrande import moves as mt

    entry = {"k": "to_court", "a": {"p": 0, "n": 0}, "to": None}
    assert GAME.render_log(entry, "de", NAMES) == "Anna holt keine Caballeros an den Hof."
    assert GAME.render_log(entry, "en", NAMES) == "Anna takes no Caballeros to the court."
    two = {**entry, "a": {"p": 0, "n": 2}}
    assert GAME.render_log(two, "de", NAMES) == "Anna holt 2 Caballeros an den Hof."
    none = mt.COURT[0]
    assert none.caballeros == 0
    state = GAME.new_state(GAME.normalize_options({"players": 3}), 1)
    view = state.view(0)
    assert GAME.describe_move(view, none, "de", NAMES) == "Keine Caballeros an den Hof holen"
    assert GAME.describe_move(view, mt.COURT[3], "en", NAMES) == "Take 3 Caballeros to the court"


def test_moving_a_caballero_is_built_from_parts_that_say_what_they_are() -> None:
    """Intrigue on a phone: the first part offered a bare colour ("Anna", "Blau", "Gelb" beside
    "Versetzen beenden") and the second a bare region, under a help line that names no card; each
    part now says what it picks, and the two parts still tell the moves apart."""
    from .helpers import Board

    board = Board(4).empty().king("Aragón")
    board.put(0, "Granada", 3).put(3, "Toledo", 2).put(2, "Sevilla", 2)
    state = board.turn(0, "intrigue", court=0).state()
    state.apply(0, ("special",))
    view = state.view(0)
    names = NAMES[:4]
    moves = state.legal_moves(0)
    said = {lang: {m: GAME.move_steps(view, m, lang, names) for m in moves} for lang in ("en", "de")}
    green = ("from", 3, D.AREA_NAMES.index("Toledo"))
    assert said["en"][green] == ["A Caballero of Dora", "In Toledo"]
    assert said["de"][green] == ["Einen Caballero von Dora", "In Toledo"]
    own = ("from", 0, D.AREA_NAMES.index("Granada"))
    assert said["en"][own] == ["A Caballero of Anna", "In Granada"]
    unnamed = GAME.move_steps(view, green, "de")
    assert unnamed == [f"Einen Caballero von {text.COLOURS_DE[3]}", "In Toledo"]
    for lang in ("en", "de"):
        assert len({tuple(s or ()) for s in said[lang].values()}) == len(said[lang])


def test_a_power_card_is_offered_with_the_caballeros_it_brings() -> None:
    """The first decision of a round on a phone: thirteen buttons "die 1 ausspielen" … "die 13
    ausspielen" (the number alone; what a card brings to the court, printed on it, stood in the hand
    a screen below). Each says the Caballeros it brings, from the printed board data (German names
    the Machtkarte; "power card 1" would read as an id in English)."""
    state = GAME.new_state(GAME.normalize_options({"players": 3}), 1)
    seat = state.to_move()[0]
    view = state.view(seat)
    said = {
        lang: [GAME.describe_move(view, m, lang) for m in state.legal_moves(seat)] for lang in ("en", "de")
    }
    assert "Play the 1 (6 Caballeros to the court)" in said["en"], said["en"]
    assert "Play the 13 (0 Caballeros to the court)" in said["en"]
    assert "Machtkarte 1 ausspielen (6 Caballeros an den Hof)" in said["de"], said["de"]
    assert D.POWER_CABALLEROS[11] == 1
    assert "Machtkarte 11 ausspielen (1 Caballero an den Hof)" in said["de"]
