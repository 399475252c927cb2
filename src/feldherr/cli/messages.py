"""The command line's own words, in English and German (rendered with :mod:`feldherr.core.i18n`)."""

from __future__ import annotations

from typing import Any

from feldherr.core.i18n import plural_form, render

CATALOGUE: dict[str, dict[str, str]] = {
    "start": {
        "en": "{title}: {players} players, seed {seed}",
        "de": "{title}: {players} Spieler, Startwert {seed}",
    },
    "player": {"en": "{name} ({kind})", "de": "{name} ({kind})"},
    "players": {"en": "Players: {players}", "de": "Spieler: {players}"},
    "pass": {
        "en": "Pass the screen to {who}.",
        "de": "Bildschirm an {who} weitergeben.",
    },
    "ready": {"en": "Press Enter when ready.", "de": "Eingabetaste drücken, wenn bereit."},
    "your_turn": {"en": "Your decision, {who}.", "de": "Deine Entscheidung, {who}."},
    "news": {"en": "New for you:", "de": "Neu für dich:"},
    "moves": {"en": "Legal moves:", "de": "Erlaubte Züge:"},
    "more": {
        "en": "... and {n} more (type 'moves' to list them all)",
        "de": "... und {n} weitere ('züge' zeigt alle)",
    },
    "no_moves": {"en": "(no listed moves: enter a JSON move)", "de": "(keine Liste: Zug als JSON eingeben)"},
    "prompt": {"en": "{who}> ", "de": "{who}> "},
    "help": {
        "en": (
            "Enter the number of a move, or a move as JSON (e.g. a whole plan at once).\n"
            "Commands: board (show the board again), moves (list all legal moves), log (your whole log),\n"
            "help or ? (this text), quit (stop; the record is saved if --save was given)."
        ),
        "de": (
            "Nummer eines Zuges eingeben, oder einen Zug als JSON (z. B. eine ganze Planung).\n"
            "Befehle: plan (Spielplan erneut), züge (alle erlaubten Züge), protokoll (dein ganzes\n"
            "Protokoll), hilfe oder ? (dieser Text), ende (beenden; mit --save wird die Partie gespeichert)."
        ),
    },
    "bad_number": {
        "en": "There is no move {n}; choose 1 to {count}.",
        "de": "Es gibt keinen Zug {n}; wähle 1 bis {count}.",
    },
    "bad_json": {"en": "That is not valid JSON: {error}", "de": "Kein gültiges JSON: {error}"},
    "json_at": {"en": "line {line}, column {column}", "de": "Zeile {line}, Spalte {column}"},
    "json_deep": {"en": "nested too deep", "de": "zu tief verschachtelt"},
    "json_constant": {
        "en": "{name} is not a JSON number",
        "de": "{name} ist keine Zahl in JSON",
    },
    "unknown_input": {
        "en": "Not understood: type a move number, a JSON move, or 'help'.",
        "de": "Nicht verstanden: Zugnummer, Zug als JSON oder 'hilfe' eingeben.",
    },
    "rejected": {"en": "Rejected: {error}", "de": "Abgelehnt: {error}"},
    "defect": {
        "en": "The game could not handle this move ({error}); nothing changed. Please report it.",
        "de": "Das Spiel kann diesen Zug nicht verarbeiten ({error}); nichts wurde verändert. Bitte melden.",
    },
    "save_elsewhere": {
        "en": "Could not save to {path} ({error}); the record is saved in {fallback} instead.",
        "de": "Speichern in {path} nicht möglich ({error}); die Partie liegt stattdessen in {fallback}.",
    },
    "save_lost": {
        "en": "Could not save to {path} ({error}), nor in the temporary folder.",
        "de": "Speichern in {path} nicht möglich ({error}), auch nicht im temporären Ordner.",
    },
    "log_title": {"en": "Log as {who} sees it:", "de": "Protokoll aus Sicht von {who}:"},
    "game_over": {"en": "Game over.", "de": "Spielende."},
    "scores": {"en": "Scores: {scores}", "de": "Punkte: {scores}"},
    "winners#one": {"en": "Winner: {winners}", "de": "Sieger: {winners}"},
    "winners#other": {"en": "Winners: {winners}", "de": "Sieger: {winners}"},
    "quit": {"en": "Game abandoned.", "de": "Partie abgebrochen."},
    "eof": {
        "en": "Input ended before the game did; game abandoned.",
        "de": "Eingabe beendet, bevor das Spiel endete; Partie abgebrochen.",
    },
    "saved": {"en": "Record saved to {path}.", "de": "Partie gespeichert in {path}."},
    "human": {"en": "human", "de": "Mensch"},
    "resumed": {
        "en": "Resuming the saved game after {moves:@moves-after}.",
        "de": "Gespeicherte Partie wird nach {moves:@moves-after} fortgesetzt.",
    },
    "replay_seat": {
        "en": "--seat must be 0 to {last} or a player's colour ({names}), not {seat}",
        "de": "--seat muss 0 bis {last} oder die Farbe einer Person sein ({names}), nicht {seat}",
    },
    "replay_seat_named": {
        "en": "--seat must be 0 to {last} or a player's name ({names}), not {seat}",
        "de": "--seat muss 0 bis {last} oder der Name einer Person sein ({names}), nicht {seat}",
    },
    "unfinished": {
        "en": "(the record stops before the end of the game)",
        "de": "(die Aufzeichnung endet vor dem Spielende)",
    },
    "replay_title": {
        "en": "{title}: {players:@players}; seed {seed}; {moves:@moves}{options}",
        "de": "{title}: {players:@players}; Startwert {seed}; {moves:@moves}{options}",
    },
    "simulate_title": {
        "en": "{game}: {players:@players}, {games:@games}, seed {seed}",
        "de": "{game}: {players:@players}, {games:@games}, Startwert {seed}",
    },
    # under the tables of simulate and tournament: what each column counts and how sure it is
    "wins_legend": {  # {sure}: 95 % in the language's percent format
        "en": "wins: games won (a win shared by several players counts in part); win rate: the "
        "share of the games; {sure} interval (Wilson's): the range the true win rate lies in with "
        "{sure} certainty, wide after few games; mean score: the average final points.",
        "de": "Siege: gewonnene Partien (ein geteilter Sieg zählt anteilig); Siegquote: der Anteil "
        "an den Partien; 95-%-Intervall (nach Wilson): der Bereich, in dem die wahre Siegquote zu "
        "{sure} sicher liegt, breit nach wenigen Partien; Punkte Ø: die durchschnittlichen "
        "Schlusspunkte.",
    },
    "tournament_title": {
        "en": "{game}: {players:@players}, {games:@games} (seats rotated), seed {seed}",
        "de": "{game}: {players:@players}, {games:@games} (Plätze rotiert), Startwert {seed}",
    },
    "games#one": {"en": "{n} game", "de": "{n} Partie"},
    "games#other": {"en": "{n} games", "de": "{n} Partien"},
    "players#one": {"en": "{n} player", "de": "{n} Spieler"},
    "players#other": {"en": "{n} players", "de": "{n} Spieler"},
    "moves#one": {"en": "{n} move", "de": "{n} Zug"},
    "moves#other": {"en": "{n} moves", "de": "{n} Züge"},
    "moves-after#one": {"en": "{n} move", "de": "{n} Zug"},  # after ... (German dative)
    "moves-after#other": {"en": "{n} moves", "de": "{n} Zügen"},
    "player_score": {"en": "{name}: {score}", "de": "{name}: {score}"},
    "replay_ok": {
        "en": "Record OK: {moves:@moves} replayed; {check}.",
        "de": "Aufzeichnung in Ordnung: {moves:@moves} nachgespielt; {check}.",
    },
    "digest_ok": {"en": "final digest matches", "de": "Schlussprüfsumme stimmt"},
    "opt_group": {"en": "{title}: game options", "de": "{title}: Spieloptionen"},
    "opt_choice": {"en": "one of: {choices}", "de": "eines von: {choices}"},
    "opt_multi": {"en": "a comma list of: {choices}", "de": "eine Komma-Liste aus: {choices}"},
    "opt_menu_item": {"en": "{n} = {label}", "de": "{n} = {label}"},
    "opt_menu_choice": {"en": "type one number:", "de": "eine Zahl angeben:"},
    "opt_menu_multi": {
        "en": "type numbers separated by commas (such as 1,3):",
        "de": "Zahlen mit Kommas getrennt angeben (etwa 1,3):",
    },
    "opt_menu_default": {"en": "default {numbers} ({names})", "de": "Vorgabe {numbers} ({names})"},
    "opt_bad_menu": {
        "en": "{flag} takes a number from 1 to {n} ({choices}), not {value}",
        "de": "{flag} nimmt eine Zahl von 1 bis {n} ({choices}), nicht {value}",
    },
    "opt_bad_menu_multi": {
        "en": "{flag} takes numbers from 1 to {n} separated by commas ({choices}), not {value}",
        "de": "{flag} nimmt Zahlen von 1 bis {n}, mit Kommas getrennt ({choices}), nicht {value}",
    },
    "opt_int_list": {"en": "a comma list of whole numbers", "de": "eine Komma-Liste ganzer Zahlen"},
    "opt_mapping": {"en": "a JSON object", "de": "ein JSON-Objekt"},
    "opt_default": {"en": "default {default}", "de": "Vorgabe {default}"},
    "error": {"en": "error: {error}", "de": "Fehler: {error}"},
    "usage_error": {
        "en": "error: {error} (see '{prog} --help')",
        "de": "Fehler: {error} (siehe '{prog} --help')",
    },
    "no_command": {
        "en": "no COMMAND given ('feldherr --help' lists them)",
        "de": "kein Befehl angegeben ('feldherr --help' zeigt sie)",
    },
    "internal": {
        "en": "internal error, please report it: {error} (FELDHERR_DEBUG=1 shows where)",
        "de": "interner Fehler, bitte melden: {error} (FELDHERR_DEBUG=1 zeigt, wo)",
    },
    "games_line": {
        "en": "{low}-{high} players; bots: {bots}; options: {options}",
        "de": "{low}-{high} Spieler; Bots: {bots}; Optionen: {options}",
    },
    "games_line_plain": {
        "en": "{low}-{high} players; bots: {bots}",
        "de": "{low}-{high} Spieler; Bots: {bots}",
    },
    "games_none": {
        "en": "no games are available in this build",
        "de": "in dieser Ausgabe gibt es keine Spiele",
    },
    "serve_title": {"en": "feldherr {version} game server", "de": "feldherr {version} Spielserver"},
    "serve_db": {"en": "database: {url}", "de": "Datenbank: {url}"},
    "serve_open": {"en": "open {url}", "de": "öffnen: {url}"},
    "serve_friends": {
        "en": "friends open: {url} (invite links use this address)",
        "de": "Freunde öffnen: {url} (Einladungslinks nutzen diese Adresse)",
    },
    "opt_words": {"en": "{title}: {value}", "de": "{title}: {value}"},
    "opt_yes": {"en": "yes", "de": "ja"},
    "opt_no": {"en": "no", "de": "nein"},
    "opt_own": {"en": "own settings", "de": "eigene Einstellungen"},
    "ray_deprecated": {
        "en": "--backend ray is deprecated: use --ray auto (or local, or an address)",
        "de": "--backend ray ist veraltet: --ray auto nehmen (oder local, oder eine Adresse)",
    },
    "plugin_broken": {
        "en": "warning: plugin {name} failed to load: {error}",
        "de": "Warnung: das Plugin {name} lässt sich nicht laden: {error}",
    },
    "record_options": {
        "en": "the record's options are invalid: {reason}",
        "de": "die Optionen der Aufzeichnung sind ungültig: {reason}",
    },
    "opt_unknown": {
        "en": "{title} has no option {names} (its options: {known})",
        "de": "{title} hat keine Option {names} (seine Optionen: {known})",
    },
    "opt_record_choice": {
        "en": "the option {option} is one of {choices}, not {value}",
        "de": "die Option {option} ist eine von {choices}, nicht {value}",
    },
    "opt_record_multi": {
        "en": "the option {option} takes only {choices}, not {value}",
        "de": "die Option {option} kennt nur {choices}, nicht {value}",
    },
    "opt_bad_range": {
        "en": "{flag} must be a whole number from {low} to {high}, not {value}",
        "de": "{flag} muss eine ganze Zahl von {low} bis {high} sein, nicht {value}",
    },
    "opt_bad_int": {
        "en": "{flag} must be a whole number, not {value}",
        "de": "{flag} muss eine ganze Zahl sein, nicht {value}",
    },
    "opt_bad_bool": {
        "en": "{flag} must be true or false, not {value}",
        "de": "{flag} muss true oder false sein, nicht {value}",
    },
    "opt_per_player": {
        "en": "{flag} needs one entry per player ({players}), not {n}",
        "de": "{flag} braucht einen Eintrag je Spieler ({players}), nicht {n}",
    },
    "opt_bad_choice": {
        "en": "{flag} must be one of {choices}, not {value}",
        "de": "{flag} muss eines von {choices} sein, nicht {value}",
    },
    "opt_bad_multi": {
        "en": "{flag} must be a comma list of {choices}, not {value}",
        "de": "{flag} muss eine Komma-Liste aus {choices} sein, nicht {value}",
    },
    "opt_bad_int_list": {
        "en": "{flag} must be a comma list of whole numbers, not {value}",
        "de": "{flag} muss eine Komma-Liste ganzer Zahlen sein, nicht {value}",
    },
    "opt_bad_int_list_range": {
        "en": "{flag} must be a comma list of whole numbers from {low} to {high}, not {value}",
        "de": "{flag} muss eine Komma-Liste ganzer Zahlen von {low} bis {high} sein, nicht {value}",
    },
    "opt_bad_mapping": {
        "en": "{flag} must be a JSON object, not {value}",
        "de": "{flag} muss ein JSON-Objekt sein, nicht {value}",
    },
    "fuzz_examples": {
        "en": "Examples (diagnostics for developers: the call and what it raised):",
        "de": "Beispiele (Diagnose für Entwickler, auf Englisch: der Aufruf und was er auslöste):",
    },
    "digest_none": {"en": "no final digest to check", "de": "keine Schlussprüfsumme vorhanden"},
}


def msg(key: str, lang: str, **args: Any) -> str:
    return render(CATALOGUE, key, args, lang)


def winners_line(names: list[str], lang: str) -> str:
    """ "Winner: Blue" / "Winners: Red, Blue" (the plural form from Babel's rules, not "Winner(s)")."""
    return msg(f"winners#{plural_form(len(names), lang)}", lang, winners=", ".join(names))
