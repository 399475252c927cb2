"""The client's files ship in the package and hang together (no browser needed)."""

from __future__ import annotations

import json
import re

from feldherr import web


def _imports(name: str) -> tuple[set[str], set[str]]:
    """The modules ``name`` imports: statically (``from "./x.js"``) and when needed (``import("./x.js")``)."""
    text = (web.STATIC / name).read_text(encoding="utf-8")
    static = re.findall(r'(?:from|^import) "\./([^"]+)"', text, re.M)
    return set(static), set(re.findall(r'import\("\./([^"]+)"\)', text))


def _closure(start: set[str], dynamic: bool) -> set[str]:
    seen: set[str] = set()
    todo = list(start)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        static, later = _imports(name)
        todo.extend(static | (later if dynamic else set()))
    return seen


def test_the_first_page_preloads_its_modules_and_every_import_exists() -> None:
    """The lobby's modules (app.js and what it and lobby.js import) are preloaded; the screens the
    lobby does not show are imported when opened; every import exists and every module is used."""
    modules = {p.name for p in web.STATIC.glob("*.js")}
    index = web.page()
    preloaded = set(re.findall(r'rel="modulepreload" href="/static/([^"]+)"', index))
    assert preloaded <= modules
    assert _closure({"app.js", "lobby.js"}, dynamic=False) <= preloaded
    assert {"play.js", "replay.js", "boards.js"}.isdisjoint(preloaded)  # not on the first page
    for name in modules:
        static, later = _imports(name)
        assert static | later <= modules, (name, (static | later) - modules)
    assert _closure({"app.js"}, dynamic=True) == modules


def test_each_screen_is_served_with_its_own_modules_preloaded() -> None:
    """A seat's page and the replay preload what they import at once (no chain of imports one after
    the other), and not the lobby."""
    for screen, start in web.SCREENS.items():
        preloaded = re.findall(r'rel="modulepreload" href="/static/([^"]+)"', web.page(screen))
        needed = _closure({"app.js", start}, dynamic=False)
        # index.html (the lobby) may list more by hand; the other screens' lists are made to fit
        assert set(preloaded) >= needed if screen == "lobby" else set(preloaded) == needed, screen
        assert len(preloaded) == len(set(preloaded))
    assert "lobby.js" not in web.page("play") and "play.js" not in web.page("lobby")


def test_board_data_files_carry_their_provenance() -> None:
    wallenstein = json.loads((web.STATIC / "data" / "wallenstein-map.json").read_text(encoding="utf-8"))
    assert len(wallenstein["counties"]) == 45
    assert {c["region"] for c in wallenstein["counties"].values()} == {
        "Brandenburg",
        "Sachsen",
        "Kurpfalz",
        "Bayern",
        "Österreich",
    }
    elgrande = json.loads((web.STATIC / "data" / "elgrande-board.json").read_text(encoding="utf-8"))
    assert len(elgrande["regions"]) == 9
    for data in (wallenstein, elgrande):
        assert data["provenance"] and data["about"]


def test_both_languages_have_every_word() -> None:
    """Every word of the client in both languages; counted words carry both plural forms."""
    text = (web.STATIC / "i18n.js").read_text(encoding="utf-8")
    for table in ("WORDS", "PHASES"):
        block = text.split(f"const {table} = {{", 1)[1].split("\n};", 1)[0]
        en, de = block.split("\n  de: {")
        simple = lambda part: set(re.findall(r"([\w\"-]+): \"", part)) - {"one", "other"}  # noqa: E731
        counted = lambda part: set(re.findall(r"(\w+): \{ one: \"[^\"]*\", other: \"", part))  # noqa: E731
        assert simple(en) == simple(de), simple(en) ^ simple(de)
        assert counted(en) == counted(de), counted(en) ^ counted(de)
    assert "Intl.PluralRules" in text and "Intl.NumberFormat" in text


def _keys(block: str) -> set[str]:
    """The keys of one language's table in a words module (``key: "..."``, ``"a.b#one": "..."``)."""
    return set(re.findall(r'(?:^\s*|[{,]\s*)"?([\w.#-]+)"?: "', block, re.M))


def test_the_table_words_and_the_guided_games_are_in_both_languages() -> None:
    """words-table.js (the table's words, the phase help lines, the El Grande card texts) has every
    key in English and German; each step of a guided first game (tutorial.js) names its words by a
    key of that catalogue, and every key it names is there in both languages (the steps' texts
    lived in tutorial.js's own table)."""
    text = (web.STATIC / "words-table.js").read_text(encoding="utf-8")
    for table in ("WORDS", "PHASE_HELP", "EFFECT"):
        block = text.split(f"const {table} = {{", 1)[1].split("\n};", 1)[0]
        en, de = block.split("\n  de: {")
        assert _keys(en) and _keys(en) == _keys(de), (table, _keys(en) ^ _keys(de))
    en, de = text.split("const WORDS = {", 1)[1].split("\n};", 1)[0].split("\n  de: {")
    tutorial = (web.STATIC / "tutorial.js").read_text(encoding="utf-8")
    named = set(re.findall(r'"(guide\.\w+\.\w+)"', tutorial))
    assert len(named) >= 13, named  # 3 + 5 + 4 steps and a variant
    assert named <= _keys(en) and named <= _keys(de), named - (_keys(en) & _keys(de))
    assert not re.search(r'\ben: "|\bde: "', tutorial)  # no words of its own
    # one spelling in English, the games' own ("favor card"; the help line said "favour card")
    for name in ("words-table.js", "words-boards.js", "i18n.js", "rules/wallenstein.en.html"):
        assert "favour" not in (web.STATIC / name).read_text(encoding="utf-8"), name
    for step in re.findall(r"\{ phase: [^\n]*", tutorial):
        assert 'key: "guide.' in step, step


def test_the_client_calls_a_wallenstein_county_as_the_game_does_in_german() -> None:
    """The German game (and its rulebook) calls a county "Land" and its card "Länderkarte"; the
    client's German words said "Grafschaft" and "Grafschaftskarte" (the help line, the guide, the
    rules page), so one screen named the same card two ways."""
    from feldherr.wallenstein.text import CATALOGUE

    assert CATALOGUE["unit.county#one"]["de"] == "{n} Land"
    assert "Länderkarte" in CATALOGUE["tv.hand"]["de"]
    for name in ("words-table.js", "i18n.js", "words-boards.js", "rules/wallenstein.de.html"):
        text = (web.STATIC / name).read_text(encoding="utf-8")
        assert "Grafschaft" not in text, (name, re.findall(r"[^ ]*Grafschaft[^ ]*", text))


def test_the_client_names_the_wallenstein_pieces_by_the_big_box_rulebook_in_german() -> None:
    """The German rulebook calls the money cards "Münzkarten", the court's lower hall the
    "Empfangshalle" (as the game's log does) and a statue taken by a leader an "erobertes Denkmal"
    (the English one a "trophy"); the module board said "Vorzimmer", the planning board
    "Geldkarte", the position's error "Höflinge im Vorzimmer"/"im Vorraum", all German texts
    "Trophäe"."""
    from feldherr.wallenstein.position import ERRORS as POSITION
    from feldherr.wallenstein.text import CATALOGUE

    assert "Münzkarte" in CATALOGUE["mv.money"]["de"]
    fields = web.STATIC.parents[1] / "wallenstein" / "data" / "position_fields.json"
    texts = [POSITION["pos.order.favor"]["de"], fields.read_text(encoding="utf-8")]
    texts += [entry["de"] for entry in CATALOGUE.values()]
    for name in ("words-boards.js", "rules/wallenstein.de.html"):
        texts.append((web.STATIC / name).read_text(encoding="utf-8"))
    for text in texts:
        for wrong in ("Vorzimmer", "Vorraum", "Geldkarte", "Trophä"):
            assert wrong not in text, (wrong, re.findall(rf"[^\n]{{0,40}}{wrong}[^\n]{{0,20}}", text))
    assert 'entrance: "Empfangshalle"' in (web.STATIC / "words-boards.js").read_text(encoding="utf-8")
    assert CATALOGUE["unit.trophy#other"]["de"] == "{n} eroberte Denkmäler"


def test_choices_are_the_legal_moves_with_their_phrases(toy_registered: str) -> None:
    from feldherr.core.match import Match
    from feldherr.games import get_game

    game = get_game(toy_registered)
    match = Match(game, {"players": 2}, 4)
    seat = match.to_move()[0]
    legal = [game.move_to_json(m) for m in match.seat_access(seat).legal_moves()]
    for lang, word in (("en", "prize"), ("de", "Preis")):
        message = web.add_choices(game, match, {"seat": seat, "view": match.view(seat)}, lang)
        assert [c["move"] for c in message["choices"]] == legal
        assert all(word in c["text"] for c in message["choices"])
    # A spectator and a seat that owes nothing get no choices.
    assert "choices" not in web.add_choices(game, match, {"seat": None, "view": match.view(None)}, "en")
    other = 1 - seat
    if other not in match.to_move():
        assert "choices" not in web.add_choices(game, match, {"seat": other, "view": match.view(other)}, "en")


def test_terms_are_the_fixed_words_of_the_catalogue(toy_registered: str) -> None:
    from feldherr.games import get_game

    words = web.terms(get_game(toy_registered))
    assert words["move.double"] == {"en": "double the prize", "de": "Preis verdoppeln"}
    assert "prize" not in words  # a template with placeholders is not a term


def test_the_analysis_board_and_the_position_field_speak_both_languages() -> None:
    """analysis.js, positions.js and editor.js keep their own words: every key in English and German
    (the explanation of the numbers, "stop", the link to a decision, "save position", the editor's
    "apply")."""
    own = {
        "analysis.js": {"helpShare", "helpInterval", "helpOrder", "helpSeats", "stop", "stopped", "link"},
        "positions.js": {"save", "saveHint", "setup", "setupHint"},
        "editor.js": {"edit", "apply", "fresh", "nobody", "nowhere", "whoseTurn"},
    }
    for name, wanted in own.items():
        text = (web.STATIC / name).read_text(encoding="utf-8")
        en, de = text.split("const WORDS = {", 1)[1].split("\n};", 1)[0].split("\n  de: {")
        assert _keys(en) and _keys(en) == _keys(de), (name, _keys(en) ^ _keys(de))
        assert wanted <= _keys(en), (name, wanted - _keys(en))


def test_the_rules_pages_name_no_file_of_the_project() -> None:
    """A player reads the rules summaries: they named the project's files ("decided in
    docs/rules-notes.md (M1–M23)", "from the rulebooks (shared/rules)"), paths that mean nothing at the
    table; now the project's rules notes in words (Mansfeld's keep their numbers, M1-M23)."""
    pages = sorted((web.STATIC / "rules").glob("*.html"))
    assert len(pages) == 6, pages
    for page in pages:
        html = page.read_text(encoding="utf-8")
        body = html.split("<body", 1)[1]
        text = re.sub(r"<[^>]+>", " ", body)
        found = re.findall(r"\S+\.md\b|\b(?:docs|shared|src|tests)/\S*", text) + re.findall(r"<code>", body)
        assert not found, (page.name, found)
        assert "rules notes" in text or "Regelnotizen" in text, page.name


def test_an_attacks_odds_reach_the_browser_as_details_not_words() -> None:
    """The browser words an attack's odds itself (Intl's percent in the page's language): its
    choice, and the replay's last move, carry the bare phrase and the odds as details."""
    import random

    from feldherr.core.match import Match
    from feldherr.games import get_game
    from feldherr.server.app import _move_words

    game = get_game("wallenstein")
    match = Match(game, {"players": 3}, 5)
    rng = random.Random(5)
    for _ in range(3000):
        seat = match.to_move()[0]
        message = web.add_choices(game, match, {"seat": seat, "view": match.view(seat)}, "de")
        attacks = [c for c in message["choices"] if (c.get("details") or {}).get("odds")]
        if attacks:
            break
        match.apply(seat, rng.choice(match.seat_access(seat).legal_moves()))
    else:
        raise AssertionError("no attack offered")
    choice = attacks[0]
    assert "%" not in choice["text"] and "Sieg" not in choice["text"], choice["text"]
    assert sum(choice["details"]["odds"]["percent"]) == 100
    move = game.move_from_json(choice["move"])
    assert "\u00a0%" in game.describe_move(match.view(seat), move, "de")  # Babel's, in Python texts
    match.apply(seat, move)
    record = match.record
    words = _move_words(game, record, len(record.moves) - 1, "de", [])
    assert words is not None and words[0] == choice["text"] and words[1] == choice["details"], words


def _german_blocks(text: str) -> list[str]:
    """The German tables of a words module (from each ``de: {`` to the end of its table)."""
    return [part.split("\n};", 1)[0] for part in text.split("\n  de: {")[1:]]


def test_no_client_word_names_a_command_or_calls_the_lobby_so_in_german() -> None:
    """The replay's "Stellung speichern" said "um sie in der Lobby wieder zu laden … oder für
    feldherr analyse und simulate --from-position": the German app calls the lobby "Übersicht", and
    the command line is the docs' business (docs/positions.md), not a player's tooltip."""
    checked = 0
    for path in sorted(web.STATIC.glob("*.js")):
        text = path.read_text(encoding="utf-8")
        strings = re.findall(r'"[^"\n]*"', text)
        command = re.compile(r"--from-position|feldherr (analyse|simulate)")
        commands = [s for s in strings if command.search(s)]
        assert not commands, (path.name, commands)
        for block in _german_blocks(text):
            checked += 1
            german = re.findall(r'"[^"\n]*"', block)
            assert not [s for s in german if "Lobby" in s], path.name
    assert checked >= 5, checked
    positions = (web.STATIC / "positions.js").read_text(encoding="utf-8")
    assert 'w("saveHint", { field: w("fromPosition") })' in positions  # names the lobby's field by its words
