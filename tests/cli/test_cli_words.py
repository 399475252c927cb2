"""The command line speaks the user's language completely: ``--help`` of every command, argparse's
own words and refusals, under ``--lang de`` and under a German locale."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from tests.cli.cliutil import Capsys, write_record

from feldherr.cli import build_parser, main

ENGLISH = re.compile(
    r"\b(the|and|of|to|default|usage|options|positional|arguments|show|this|help message|"
    r"number|game|player|players|seed|file|list|print|write|error)\b"
)
"""English words that German help never needs (a flag such as --games is not a word here)."""


def english_words(text: str) -> list[str]:
    """The English words of ``text``, leaving out flags (``--games``), placeholders in capitals,
    commands and the examples (which are command lines as typed)."""
    body = text.split("\nBeispiele:\n")[0].split("\nexamples:\n")[0]
    found = []
    for line in body.splitlines():
        line = re.sub(r"--?[\w-]+|'[^']*'|\S+\.(json|md|png|csv)\b|\S+://\S+|\{[^}]*\}", " ", line)
        found += ENGLISH.findall(line)
    return found


def help_of(capsys: Capsys, *argv: str, lang: str | None = None) -> str:
    with pytest.raises(SystemExit) as stop:
        main([*argv, "--help", *([f"--lang={lang}"] if lang else [])])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert out
    return out


def commands() -> list[list[str]]:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.choices and isinstance(a.choices, dict))
    found: list[list[str]] = []
    for name, command in sub.choices.items():  # type: ignore[union-attr]
        found.append([name])
        nested = [a for a in command._actions if a.choices and isinstance(a.choices, dict)]
        for action in nested:
            found += [[name, inner] for inner in action.choices]  # type: ignore[union-attr]
    return found


COMMANDS = [[], *commands(), ["play", "wallenstein"], ["simulate", "elgrande"], ["bench", "mansfeld"]]


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda a: " ".join(a) or "feldherr")
def test_help_is_german_under_lang_de(capsys: Capsys, argv: list[str]) -> None:
    """Every command's --help under --lang de: argparse's headings and every help text in German."""
    text = help_of(capsys, *argv, lang="de")
    assert text.startswith("Aufruf: feldherr"), text[:80]
    assert "Optionen:" in text and "options:" not in text
    assert english_words(text) == [], text


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda a: " ".join(a) or "feldherr")
def test_help_writes_percentages_in_the_languages_format(capsys: Capsys, argv: list[str]) -> None:
    """A percentage in --help is Babel's for the language: English "95%", German "95 %" with a
    no-break space (never a plain space that a line may break at, nor English with a space)."""
    english, german = help_of(capsys, *argv, lang="en"), help_of(capsys, *argv, lang="de")
    assert not re.search(r"\d\s%", english), english
    assert not re.search(r"\d[ \t\n]%", german), german
    if argv in (["tournament"], ["simulate"]):  # their intervals' certainty
        assert "95%" in english and "95\u00a0%" in german, (english, german)


@pytest.mark.parametrize("argv", [[], ["play"], ["tournament"], ["tower", "stats"], ["odds"]])
def test_help_is_german_under_a_german_locale(
    capsys: Capsys, monkeypatch: pytest.MonkeyPatch, argv: list[str]
) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    text = help_of(capsys, *argv)
    assert text.startswith("Aufruf: feldherr") and english_words(text) == [], text


@pytest.mark.parametrize("argv", [[], ["play"], ["tower", "stats"], ["odds"]])
def test_help_stays_english_in_english(capsys: Capsys, argv: list[str]) -> None:
    text = help_of(capsys, *argv, lang="en")
    assert text.startswith("usage: feldherr") and "options:" in text


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["play"], "feldherr play: Fehler: es fehlt: SPIEL (siehe 'feldherr play --help')"),
        (["analyse", "mansfeld"], "feldherr analyse: Fehler: es fehlt: STELLUNG (siehe"),  # was POSITION
        (["nonsense"], "feldherr: Fehler: Argument BEFEHL: 'nonsense' gibt es nicht (zur Wahl: "),
        (["simulate", "toy", "--seed"], "Argument --seed: erwartet einen Wert"),
        (["tournament", "toy", "--bots", "random", "--plot", "x.png", "--no-plot"], "nicht zusammen mit"),
        (["odds", "attack", "--armies"], "Argument --armies: erwartet einen Wert"),
        (["tower"], "es fehlt: AKTION"),
        (["odds", "battle"], "Argument ART: 'battle' gibt es nicht (zur Wahl: "),
    ],
)
def test_argparse_refusals_are_german(capsys: Capsys, argv: list[str], said: str) -> None:
    with pytest.raises(SystemExit) as stop:
        main([*argv, "--lang=de"] if argv[0] not in ("nonsense",) else ["--lang=de", *argv])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and said in err and err.count("\n") == 1, err
    assert "usage" not in err and "error:" not in err and "argument" not in err, err


def test_games_list_speaks_german(capsys: Capsys) -> None:
    assert main(["games", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "Spieler; Bots:" in out and "players" not in out and "bots:" not in out


def test_odds_speak_german(capsys: Capsys) -> None:
    code = main(
        ["odds", "attack", "--armies", "3", "--defenders", "2", "--inside", "a=3,d=2,p=4", "--lang", "de"]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert out.startswith("Angriff mit dem Turm 'angepasst' (genau); geworfen: Angreifer 3, Verteidiger 2,")
    assert "Angreifer siegt" in out and "Gleichstand" in out and "Verteidiger hält" in out
    assert "erwartete Überlebende: Angreifer 0," in out and "\xa0%" in out
    assert english_words(out) == [] and "attacker" not in out and "fitted" not in out, out


def test_tower_simulate_and_stats_speak_german(capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    assert main(["tower", "simulate", "--drops", "2", "--tower", "simple"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Wurf  geworfen  heraus") and "(Rot/Blau/Gelb/Lila/Schwarz/Bauern)" in out
    assert (
        main(["tower", "stats", "--models", "simple", "--runs", "2", "--drops", "2", "--samples", "50"]) == 0
    )
    out = capsys.readouterr().out
    assert out.startswith("einfach: im Turm nach dem Füllen ") and "nach 2 Kämpfen" in out
    assert "P(attacker" not in out and english_words(out) == [], out


def test_tower_stats_plot_speaks_german(tmp_path: pytest.TempPathFactory) -> None:
    """The pictures of tower stats --plot: titles, axes and legend in the language (they were
    English whatever the language)."""
    matplotlib = pytest.importorskip("matplotlib")
    from feldherr.wallenstein.tower.stats import plot_stats

    results = [
        {"model": "two-level", "retention": [20.0, 18.5, 17.0], "win_vs_ratio": [(1.0, 0.3), (2.0, 0.8)]}
    ]
    with matplotlib.rc_context({"svg.fonttype": "none"}):  # text stays text in the picture
        for lang in ("de", "en"):
            plot_stats(results, str(tmp_path / f"{lang}.svg"), lang)  # type: ignore[operator]
    german = (tmp_path / "de.svg").read_text(encoding="utf-8")  # type: ignore[operator]
    for words in ("Würfel im Turm über viele Würfe", "Wurf (0 = Füllwurf)", "Siegchance des Angreifers"):
        assert words in german
    assert "zwei Ebenen" in german and "two-level" not in german and "attacker" not in german
    assert "0,5" in german  # the axes count with decimal commas
    english = (tmp_path / "en.svg").read_text(encoding="utf-8")  # type: ignore[operator]
    assert "Retention over repeated drops" in english and "two levels" in english


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (
            ["odds", "attack", "--armies", "2", "--defenders", "3", "--inside", "z=1"],
            "die Rolle 'z' gibt es nicht",
        ),
        (["odds", "revolt", "--armies", "2"], "ein Aufstand hat keine angreifenden Armeen"),
        (["odds", "attack", "--armies", "-2", "--defenders", "3"], "--armies: nicht negativ"),
        (["odds", "attack", "--armies", "2", "--defenders", "3", "--upper", "a=1"], "gehören zusammen"),
        (
            ["odds", "attack", "--armies", "2", "--defenders", "1", "--tower", "physical"],
            "physikalische Turm",
        ),
        (["tower", "stats", "--models", "bogus"], "das Turmmodell 'bogus' gibt es nicht"),
        (
            ["tower", "fit", "/nonexistent.csv"],
            "/nonexistent.csv ist nicht lesbar: diese Datei gibt es nicht",
        ),
        (["tower", "fit", "x.csv", "--prior-sd", "0"], "Argument --prior-sd: muss eine Zahl über 0 sein"),
        (["tower", "stats", "--plot", "/tmp/x.nope"], "ein Bild vom Typ .nope kann nicht geschrieben werden"),
        (
            ["odds", "attack", "--armies", "2", "--defenders", "1", "--tower-params", "/nonexistent.json"],
            "nicht lesbar",
        ),
    ],
)
def test_tower_refusals_are_german(capsys: Capsys, argv: list[str], said: str) -> None:
    try:
        code = main([*argv, "--lang", "de"])
    except SystemExit as stop:
        code = int(stop.code or 0)
    err = capsys.readouterr().err
    assert code == 2 and said in err and err.startswith("feldherr") and "Fehler: " in err, err
    assert err.count("\n") == 1 and "error" not in err, err


# -- inner refusals: what the commands themselves refuse, in German ---------------------------------
def refusal(capsys: Capsys, *argv: str) -> tuple[int, str]:
    try:
        code = main([*argv, "--lang", "de"])
    except SystemExit as stop:
        code = int(stop.code or 0)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("feldherr"), err
    return code, err


ENGLISH_REFUSAL = re.compile(r"\b(must|the|is|not a|record|inconsistent|options are|move \d|by seat|game)\b")


def bad_records(tmp_path: Path) -> dict[str, Path]:
    good = tmp_path / "good.json"
    write_record(good)
    data = json.loads(good.read_text())
    made = {}

    def variant(name: str, **changes: object) -> None:
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps({**data, **changes}))
        made[name] = path

    variant("shape", moves=[*data["moves"][:2], ["nonsense"]])
    variant("illegal", moves=[*data["moves"][:2], [data["moves"][2][0], ["fly"]], *data["moves"][3:]])
    variant("digest", final_digest="0" * 64)
    variant("options", options={"players": 99})
    variant("seed", seed="x")
    variant("engine", engine=99)
    variant("other", game="mansfeld")
    return made


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("shape", "Zug 3 muss [Platz, Zug] sein"),
        ("illegal", "ist nicht stimmig: Zug 3 von "),
        ("digest", "ist nicht stimmig: der nachgespielte Endstand weicht von der Schlussprüfsumme"),
        ("options", "ist nicht stimmig: die Optionen der Aufzeichnung sind ungültig: --players muss"),
        ("seed", "der Startwert der Aufzeichnung muss eine ganze Zahl"),
        ("engine", "stammt von Engine-Version 99"),
    ],
)
def test_a_bad_record_is_refused_in_german(capsys: Capsys, tmp_path: Path, name: str, said: str) -> None:
    """replay of a bad record: the record's refusal reasons were English in German."""
    path = bad_records(tmp_path)[name]
    code, err = refusal(capsys, "replay", str(path))
    assert code == 1 and said in err, err
    assert ENGLISH_REFUSAL.findall(err.split(": ", 2)[-1]) == [], err


def test_resume_refusals_are_german(capsys: Capsys, tmp_path: Path) -> None:
    records = bad_records(tmp_path)
    code, err = refusal(capsys, "play", "toy", "--resume", str(records["other"]))
    assert code == 1 and "ist eine Partie von 'mansfeld', nicht von" in err, err
    code, err = refusal(capsys, "play", "toy", "--resume", str(records["options"]))
    assert code == 1 and "hat ungültige Optionen: --players muss eine ganze Zahl" in err, err


@pytest.mark.parametrize(
    ("options", "german", "english"),
    [
        (
            {"setup": "bogus"},
            "die Option „Startländer“ ist eine von „Länder verteilt“, „feste Startaufstellung“, "
            "nicht 'bogus'",
            "the option “Starting counties” is one of “counties assigned”, “fixed start”, not 'bogus'",
        ),
        (
            {"modules": ["court", "nope"]},
            "die Option „Module“ kennt nur „Am Kaiserhof“, „Landsknechte“, „Heerführer“, nicht 'nope'",
            "the option “Modules” takes only “Emperor's Court”, “Landsknechte”, “Military Leaders”, "
            "not 'nope'",
        ),
    ],
)
def test_a_records_refused_choice_is_named_by_its_label(
    capsys: Capsys, tmp_path: Path, options: dict[str, object], german: str, english: str
) -> None:
    """A record's options were typed as no flag: a refused choice was named by the flag and the
    menu's numbers ("--setup nimmt eine Zahl von 1 bis 2 (1 = Länder verteilt, ...)"), in English
    by its key ("option setup must be one of draft, fixed"). Now by its label and its choices'
    names, as the menu names them, in both languages, for --resume and for replay."""
    path = tmp_path / "record.json"
    record = {
        "game": "wallenstein",
        "engine": 2,
        "options": {"players": 3, **options},
        "seed": 1,
        "moves": [],
    }
    path.write_text(json.dumps(record))
    code, err = refusal(
        capsys, "play", "wallenstein", "--resume", str(path), "--seats", "human,random,random"
    )
    assert code == 1 and err.endswith(f"hat ungültige Optionen: {german}\n"), err
    code, err = refusal(capsys, "replay", str(path))
    assert code == 1 and err.endswith(f"die Optionen der Aufzeichnung sind ungültig: {german}\n"), err
    for argv in (
        ["play", "wallenstein", "--resume", str(path), "--seats", "human,random,random"],
        ["replay", str(path)],
    ):
        assert main([*argv, "--lang", "en"]) == 1
        err = capsys.readouterr().err
        assert err.endswith(f"{english}\n") and "--" not in err and "1 =" not in err, err
        assert "setup" not in err and "modules" not in err, err


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (
            ["play", "wallenstein", "--setup", "x"],
            "--setup nimmt eine Zahl von 1 bis 2 (1 = Länder verteilt, 2 = feste Startaufstellung), "
            "nicht 'x'",
        ),
        (
            ["play", "wallenstein", "--modules", "court,x"],
            "--modules nimmt Zahlen von 1 bis 3, mit Kommas getrennt (1 = Am Kaiserhof, 2 = Landsknechte, ",
        ),
        (
            ["play", "mansfeld", "--option", "foo=1"],
            "Ernst von Mansfeld hat keine Option foo (seine Optionen: --ages)",
        ),
        (
            ["play", "mansfeld", "--ages", "999"],
            "--ages muss eine Komma-Liste ganzer Zahlen von 0 bis 150 sein",
        ),
        (
            ["play", "wallenstein", "--tower-params", "[1]"],
            "--tower-params muss ein JSON-Objekt sein, nicht [1]",
        ),
        (
            ["play", "wallenstein", "--tower-params", '{"lodge": 3}'],
            "angepasster Turm: lodge muss eine Liste",
        ),
        (["simulate", "mansfeld", "--bots", "hard@x,random"], "kein Suchbudget: 'x' (Beispiele: "),
        (["simulate", "mansfeld", "--bots", "random@3,random"], "nimmt keine Angabe nach @"),
        (
            ["play", "mansfeld", "--seats", "human,random", "--players", "3"],
            "nennt nicht einen Bot je Spieler",
        ),
        (["simulate", "mansfeld", "--ages", "1,2,3"], "--ages braucht einen Eintrag je Spieler (2), nicht 3"),
        (["loadtest", "--options", "x"], "--options braucht ein JSON-Objekt"),
        (["loadtest", "--url", "ftp://x"], "--url braucht die Adresse eines Servers"),
    ],
)
def test_inner_refusals_are_german(capsys: Capsys, argv: list[str], said: str) -> None:
    code, err = refusal(capsys, *argv)
    assert code == 2 and said in err, err
    assert ENGLISH_REFUSAL.findall(err) == [] and not re.search(r"(?<!-)\boption", err), err


def test_from_position_and_plot_refusals_are_german(capsys: Capsys, tmp_path: Path) -> None:
    position = tmp_path / "p.json"
    position.write_text("{}")
    code, err = refusal(capsys, "simulate", "mansfeld", "--from-position", str(position), "--players", "3")
    assert (
        code == 2
        and "--from-position spielt mit den Optionen und Spielern der Stellung: --players weglassen" in err
    )
    code, err = refusal(capsys, "tournament", "toy", "--bots", "random,random", "--plot", str(tmp_path))
    assert code == 2 and "ist ein Ordner, keine Datei" in err, err
    code, err = refusal(capsys, "tournament", "toy", "--bots", "random,random", "--plot", "x.nope")
    assert code == 2 and "ein Bild vom Typ .nope kann nicht geschrieben werden" in err, err


def test_option_refusals_name_flags_in_english_too(capsys: Capsys) -> None:
    """The English refusal of an unknown option names the game and the flags, not the game's key
    and the options' keys (``unknown option(s) for mansfeld: foo (known: players, ages)``)."""
    assert main(["play", "mansfeld", "--option", "foo=1", "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert "Ernst von Mansfeld has no option foo (its options: --ages)" in err, err


# -- titles of simulate and tournament: the game's name and its options in words ---------------------
def test_simulate_title_names_options_in_words(capsys: Capsys) -> None:
    """The title showed option keys and choice keys (``--setup fixed --modules court,leaders``)."""
    argv = ["simulate", "wallenstein", "--players", "3", "--games", "1", "--quiet"]
    assert main([*argv, "--setup", "fixed", "--modules", "court,leaders", "--lang", "de"]) == 0
    title = capsys.readouterr().out.splitlines()[0]
    assert title == (
        "Wallenstein: 3 Spieler, 1 Partie, Startwert 0; Startländer: feste Startaufstellung; "
        "Module: Am Kaiserhof, Heerführer"
    )
    assert main([*argv, "--setup", "fixed", "--modules", "court", "--lang", "en"]) == 0
    title = capsys.readouterr().out.splitlines()[0]
    assert title.endswith("; Starting counties: fixed start; Modules: Emperor's Court"), title


def test_tournament_title_names_options_in_words(capsys: Capsys) -> None:
    argv = ["tournament", "elgrande", "--bots", "random,random", "--games", "1", "--quiet", "--no-plot"]
    assert main([*argv, "--deck", "classic", "--variant", "short,hidden_castillo", "--lang", "de"]) == 0
    title = capsys.readouterr().out.splitlines()[0]
    assert title.startswith("El Grande: 2 Spieler, 1 Partie (Plätze rotiert), Startwert 0; ")
    assert "Aktionskarten: Klassisches Deck" in title and "Verdecktes Castillo, Kurzes Spiel" in title
    assert not re.search(r"classic|hidden_castillo|short|--|\{|'", title), title


@pytest.mark.parametrize(
    ("lang", "menu"),
    [
        (
            "de",
            ["1 = Ausgabe 2023", "2 = Klassisches Deck", "6 = Verdecktes Castillo", "9 = Alte Hasen: Veto"],
        ),
        ("en", ["1 = 2023 edition", "2 = Classic deck", "6 = Hidden Castillo", "9 = Alte Hasen: Veto!"]),
    ],
)
def test_help_offers_the_choices_as_a_menu_of_labels(capsys: Capsys, lang: str, menu: list[str]) -> None:
    """The help showed each choice's key and then its label (``neue_regentschaft (Neue
    Regentschaft)``, ``alte_hasen:intrigue_either (...)``): a person reads a menu instead, a number
    to type and the label, one to a line, and no key."""
    text = help_of(capsys, "play", "elgrande", lang=lang)
    lines = [line.strip() for line in text.splitlines()]
    for item in menu:
        assert item in lines, text
    game = text[text.index("--deck X") :].split("\n\n")[0]
    assert not re.search(r"\b[a-z]+_[a-z_:]+\b|classic|short\b|hidden_castillo|\(\w+\)", game), game


@pytest.mark.parametrize("lang", ["de", "en"])
def test_menu_numbers_choose_the_options_and_keys_still_work(capsys: Capsys, lang: str) -> None:
    argv = ["simulate", "elgrande", "--players", "3", "--games", "1", "--quiet", "--json", "--lang", lang]
    assert main([*argv, "--deck", "2", "--variant", "1,6"]) == 0
    by_number = json.loads(capsys.readouterr().out)["options"]
    assert by_number["deck"] == "classic" and by_number["variant"] == ["hidden_castillo", "short"]
    assert main([*argv, "--deck", "classic", "--option", "variant=short,hidden_castillo"]) == 0
    assert json.loads(capsys.readouterr().out)["options"] == by_number
    assert main([*argv, "--option", "deck=2", "--variant", "6,short"]) == 0  # --option too; mixed
    assert json.loads(capsys.readouterr().out)["options"] == by_number


@pytest.mark.parametrize(
    ("lang", "argv", "said"),
    [
        (
            "en",
            ["--deck", "3"],
            "--deck takes a number from 1 to 2 (1 = 2023 edition, 2 = Classic deck), not 3",
        ),
        (
            "de",
            ["--variant", "1,10"],
            "--variant nimmt Zahlen von 1 bis 9, mit Kommas getrennt (1 = Kurzes Spiel, ",
        ),
    ],
)
def test_a_wrong_menu_number_is_refused_with_the_menu(
    capsys: Capsys, lang: str, argv: list[str], said: str
) -> None:
    assert main(["play", "elgrande", *argv, "--lang", lang]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and said in err, err
    assert not re.search(r"\b[a-z]+_[a-z_:]+\b", err), err


def test_simulate_progress_bar_names_the_game_in_the_language(capsys: Capsys) -> None:
    """The bar read ``mansfeld: 100%| ... game/s``: the game's key and an English unit."""
    assert main(["simulate", "mansfeld", "--players", "2", "--games", "2", "--lang", "de"]) == 0
    err = capsys.readouterr().err
    assert "Ernst von Mansfeld: 100%" in err and "Partien/s" in err and "mansfeld:" not in err, err


def test_fuzz_table_speaks_german(capsys: Capsys) -> None:
    """fuzz's table was headed by the JSON's keys and named games by their keys (``mansfeld``)."""
    main(["fuzz", "mansfeld", "--inputs", "50", "--quiet", "--lang", "de"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == [
        "Spiel",
        "Optionen",
        "Stellungen",
        "Eingaben",
        "Abstürze",
        "Zustand",
        "geändert",
        "angenommen",
        "Texte",
        "fehlerhaft",
    ]
    assert lines[1].lstrip().startswith("Ernst von Mansfeld ") and lines[2].lstrip().startswith("alle ")


def test_the_docs_german_help_example_is_true(capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/cli.md (Language) shows the start of `feldherr play --help --lang de` as it prints."""
    monkeypatch.setenv("COLUMNS", "80")  # argparse wraps to the terminal's width
    page = (Path(__file__).resolve().parents[2] / "docs" / "cli.md").read_text(encoding="utf-8")
    block = page.split("$ feldherr play --help --lang de\n", 1)[1].split("...\n", 1)[0]
    assert block.startswith("Aufruf: feldherr play")
    assert help_of(capsys, "play", lang="de").startswith(block)


def test_a_ray_refusal_is_german(capsys: Capsys) -> None:
    """--ray with an address that is none: Ray's refusal in German (with Ray: the address; without
    Ray installed: that it is missing)."""
    code, err = refusal(capsys, "simulate", "toy", "--ray", "nonsense", "--games", "1", "--quiet")
    assert code == 2, err
    assert (
        "das ist keine Cluster-Adresse (HOST:PORT; oder auto, oder local)" in err
        or "--ray braucht Ray" in err
    )
    assert "cannot" not in err and "not a cluster" not in err, err


def test_every_help_and_tower_word_exists_in_both_languages() -> None:
    """The catalogues behind --help, argparse's words and the tower tools: every entry in English
    and German, every counted noun in each CLDR category of both languages (Babel)."""
    from feldherr.cli.helptexts import HELP
    from feldherr.core.commandline import ARGPARSE_WORDS
    from feldherr.core.i18n import plural_categories
    from feldherr.wallenstein.tower.words import WORDS

    for catalogue in (HELP, ARGPARSE_WORDS, WORDS):
        for key, texts in catalogue.items():
            assert set(texts) == {"en", "de"} and all(texts.values()), key
        counted = {key.partition("#")[0] for key in catalogue if "#" in key}
        for noun in counted:
            for lang in ("en", "de"):
                assert all(f"{noun}#{c}" in catalogue for c in plural_categories(lang)), (noun, lang)


def test_a_file_that_cannot_be_written_is_refused_in_words(capsys: Capsys, tmp_path: Path) -> None:
    """Why a file or folder cannot be written, in the language (it was the system's English:
    ``No such file or directory``)."""
    blocker = tmp_path / "file"
    blocker.write_text("")
    code, err = refusal(
        capsys, "simulate", "toy", "--records", str(blocker / "runs"), "--games", "1", "--quiet"
    )
    assert (
        code == 2 and "lassen sich keine Aufzeichnungen schreiben: ein Teil des Pfades ist kein Ordner" in err
    ), err
    assert "Errno" not in err and "directory" not in err, err


def test_a_slow_progress_bar_says_seconds_per_game_in_words() -> None:
    """A tournament of slow bots showed "64.53s/ Partien" (tqdm's unit with its leading space, the
    plural after "per", an English decimal point); the bars say "64,53 s/Partie" and
    "12,50 Partien/s" in the command's language."""
    import io

    from feldherr.core.progress import progress_bar, rate_words

    assert rate_words(None, 1, 64.53, "Partien", "Partie", "de") == "64,53 s/Partie"
    assert rate_words(12.5, 25, 2.0, "Partien", "Partie", "de") == "12,50 Partien/s"
    assert rate_words(None, 0, 0.0, "games", "game", "en") == "? games/s"
    out = io.StringIO()
    bar = progress_bar(many="games", one="game", lang="en", total=4, desc="El Grande", file=out, smoothing=0)
    bar.update(1)
    bar.start_t -= 30  # the first game took half a minute
    assert str(bar).endswith(", 30.00 s/game]"), str(bar)
    bar.close()


def test_the_plots_titles_count_their_games_in_words() -> None:
    """The plots' titles said "1 Partien" / "1 games" and "1000 games" (the count put in as it
    came); they count in the number's grammatical form and the language's number format."""
    from feldherr.sim.tournament import SIMULATION_WORDS, plot_title, plot_words

    said = {
        (lang, n): plot_title(plot_words(lang)["title"], lang, game="El Grande", games=n)
        for lang in ("en", "de")
        for n in (1, 1000)
    }
    assert said[("en", 1)] == "El Grande: 1 game, seats rotated"
    assert said[("de", 1)] == "El Grande: 1 Partie, Plätze rotiert"
    assert said[("en", 1000)] == "El Grande: 1,000 games, seats rotated"
    assert said[("de", 1000)] == "El Grande: 1.000 Partien, Plätze rotiert"
    one = plot_title(SIMULATION_WORDS["de"]["from"], "de", game="Mansfeld", games=1)
    assert one == "Mansfeld: 1 Partie aus einer Stellung"
