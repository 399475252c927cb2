"""The words of the tower tools (``feldherr tower fit|stats|simulate``, ``feldherr odds``): their
help, their output, their pictures and their refusals, in English and German (counts through
Babel's plural rules, :mod:`feldherr.core.i18n`)."""

from __future__ import annotations

from feldherr.core.commandline import command_lang, helptext
from feldherr.core.i18n import render

WORDS: dict[str, dict[str, str]] = {
    # -- help -----------------------------------------------------------------------------------
    "help.tower": {
        "en": "cube tower: fit, statistics, simulation",
        "de": "Würfelturm: anpassen, Statistik, Simulation",
    },
    "help.action": {"en": "ACTION", "de": "AKTION"},
    "help.fit": {
        "en": "fit the tower model to drops recorded at a real tower (CSV)",
        "de": "das Turmmodell an Würfe anpassen, die an einem echten Turm aufgezeichnet wurden (CSV)",
    },
    "help.fit.csv": {
        "en": "CSV file of recorded drops (format: docs/tower.md)",
        "de": "CSV-Datei der aufgezeichneten Würfe (Aufbau: docs/tower.md)",
    },
    "help.fit.output": {
        "en": "parameter file to write (default tower-params.json)",
        "de": "die Parameterdatei, die geschrieben wird (Vorgabe tower-params.json)",
    },
    "help.fit.iters": {
        "en": "optimiser iterations (default 800)",
        "de": "Schritte des Optimierers (Vorgabe 800)",
    },
    "help.fit.prior_sd": {
        "en": "how far the fit may stray from the shipped parameters (logit/log scale; default 0.5)",
        "de": "wie weit die Anpassung von den mitgelieferten Parametern abweichen darf (Logit-/Log-Skala; "
        "Vorgabe 0.5)",
    },
    "help.stats": {
        "en": "retention and win-probability statistics per model",
        "de": "Statistik je Modell: wie viele Würfel im Turm bleiben und wie oft der Angreifer siegt",
    },
    "help.stats.models": {
        "en": "comma list of models (default fitted,simple,two-level)",
        "de": "Komma-Liste der Modelle (Vorgabe fitted,simple,two-level)",
    },
    "help.drops": {
        "en": "battles after the filling drop (default {n})",
        "de": "Kämpfe nach dem Füllwurf (Vorgabe {n})",
    },
    "help.stats.runs": {
        "en": "simulated towers per model (default 200)",
        "de": "simulierte Türme je Modell (Vorgabe 200)",
    },
    "help.stats.seed": {
        "en": "seed of the simulated towers (default 1)",
        "de": "Startwert der simulierten Türme (Vorgabe 1)",
    },
    "help.players": {"en": "players, 2 to 5 (default 4)", "de": "Spieler, 2 bis 5 (Vorgabe 4)"},
    "help.stats.samples": {
        "en": "Monte Carlo drops per odds (two-level; default 4000)",
        "de": "Monte-Carlo-Würfe je Chance (two-level; Vorgabe 4000)",
    },
    "help.stats.plot": {
        "en": "draw the pictures into this file (needs matplotlib)",
        "de": "die Bilder in diese Datei zeichnen (braucht matplotlib)",
    },
    "help.params.fitted": {
        "en": "parameters for the fitted model (a file from 'tower fit')",
        "de": "Parameter für das angepasste Modell (eine Datei von 'tower fit')",
    },
    "help.simulate": {
        "en": "fill a tower and drop battle-sized throws, drop by drop",
        "de": "einen Turm füllen und Würfe in der Größe von Kämpfen einwerfen, Wurf für Wurf",
    },
    "help.simulate.seed": {
        "en": "seed of the simulation (default 1)",
        "de": "Startwert der Simulation (Vorgabe 1)",
    },
    "help.tower.model": {"en": "tower model (default {model})", "de": "Turmmodell (Vorgabe {model})"},
    "help.tower.params": {
        "en": "fitted-model parameters from 'tower fit'",
        "de": "Parameter des angepassten Modells von 'tower fit'",
    },
    "help.lang": {
        "en": "language of the output (default: the locale's, de for a German one, else en)",
        "de": "Sprache der Ausgabe (Vorgabe: die der Spracheinstellung, de bei einer deutschen, sonst en)",
    },
    "help.odds": {
        "en": "battle odds: win, tie, loss and expected survivors",
        "de": "Chancen eines Kampfes: Sieg, Gleichstand, Niederlage und erwartete Überlebende",
    },
    "help.odds.kind": {"en": "KIND", "de": "ART"},
    "help.odds.kind.text": {
        "en": "attack (a player against another player's county), neutral (against a county without "
        "armies, defended by peasants) or revolt (peasants rise against a player's county)",
        "de": "attack (Angriff eines Spielers auf das Land eines anderen), neutral (Angriff auf ein Land "
        "ohne Armeen, von Bauern verteidigt) oder revolt (Bauern erheben sich im Land eines Spielers)",
    },
    "help.odds.armies": {"en": "attacking armies moved in", "de": "angreifende Armeen, die einziehen"},
    "help.odds.defenders": {
        "en": "defending armies in the county",
        "de": "verteidigende Armeen im Land",
    },
    "help.odds.markers": {"en": "revolt markers in the county", "de": "Unruhemarker im Land"},
    "help.odds.attacker_bonus": {
        "en": "bonus tile +1 army attacking",
        "de": "Bonusplättchen +1 Armee beim Angriff",
    },
    "help.odds.defender_bonus": {
        "en": "bonus tile +1 army defending",
        "de": "Bonusplättchen +1 Armee bei der Verteidigung",
    },
    "help.odds.palace": {
        "en": "event: palace county attacked (+1 defender)",
        "de": "Ereignis: Land mit Palast angegriffen (+1 Verteidiger)",
    },
    "help.odds.double_peasants": {
        "en": "event: 2 peasants in a neutral county",
        "de": "Ereignis: 2 Bauern in einem neutralen Land",
    },
    "help.odds.winter_extra": {
        "en": "revolt in winter: extra peasants",
        "de": "Aufstand im Winter: zusätzliche Bauern",
    },
    "help.odds.tray": {
        "en": "cubes in the tray by role, e.g. a=1,d=0,p=2,o=3 (a attacker, d defender, p peasants, "
        "o others)",
        "de": "Würfel in der Schale nach Rolle, z. B. a=1,d=0,p=2,o=3 (a Angreifer, d Verteidiger, "
        "p Bauern, o andere)",
    },
    "help.odds.inside": {
        "en": "cubes inside the tower by role, e.g. a=5,d=4,p=6,o=20",
        "de": "Würfel im Turm nach Rolle, z. B. a=5,d=4,p=6,o=20",
    },
    "help.odds.upper": {
        "en": "exact content of the upper level by role (with --lower)",
        "de": "genauer Inhalt der oberen Ebene nach Rolle (mit --lower)",
    },
    "help.odds.lower": {
        "en": "exact content of the lower level by role (with --upper)",
        "de": "genauer Inhalt der unteren Ebene nach Rolle (mit --upper)",
    },
    "help.odds.samples": {
        "en": "Monte Carlo drops (0: exact if possible; default 0)",
        "de": "Monte-Carlo-Würfe (0: genau, wenn möglich; Vorgabe 0)",
    },
    "help.odds.seed": {
        "en": "seed of the Monte Carlo drops (default 0)",
        "de": "Startwert der Monte-Carlo-Würfe (Vorgabe 0)",
    },
    "help.odds.json": {"en": "print JSON", "de": "JSON ausgeben"},
    "mv.file": {"en": "FILE", "de": "DATEI"},
    "mv.models": {"en": "LIST", "de": "LISTE"},
    "mv.roles": {"en": "ROLES", "de": "ROLLEN"},
    # -- output -----------------------------------------------------------------------------
    "error": {"en": "error: {error}", "de": "Fehler: {error}"},
    "model.fitted": {"en": "fitted", "de": "angepasst"},
    "model.simple": {"en": "simple", "de": "einfach"},
    "model.two-level": {"en": "two levels", "de": "zwei Ebenen"},
    "model.physical": {"en": "physical", "de": "physikalisch"},
    "kind.attack": {"en": "attack", "de": "Angriff"},
    "kind.neutral": {"en": "attack on a neutral county", "de": "Angriff auf ein neutrales Land"},
    "kind.revolt": {"en": "revolt", "de": "Aufstand"},
    "role.attacker": {"en": "attacker", "de": "Angreifer"},
    "role.defender": {"en": "defender", "de": "Verteidiger"},
    "role.peasants": {"en": "peasants", "de": "Bauern"},
    "role.other": {"en": "others", "de": "andere"},
    "drops#one": {"en": "{n} drop", "de": "{n} Wurf"},
    "drops#other": {"en": "{n} drops", "de": "{n} Würfe"},
    "sessions#one": {"en": "{n} session", "de": "{n} Sitzung"},
    "sessions#other": {"en": "{n} sessions", "de": "{n} Sitzungen"},
    "battles#one": {"en": "{n} battle", "de": "{n} Kampf"},
    "battles#other": {"en": "{n} battles", "de": "{n} Kämpfen"},
    "fit.done": {
        "en": "fitted {drops:@drops} in {sessions:@sessions}: RMS error of cubes out per colour {rmse} "
        "(shipped parameters: {prior})",
        "de": "{drops:@drops} aus {sessions:@sessions} angepasst: mittlerer Fehler der herausgefallenen "
        "Würfel je Farbe {rmse} (mitgelieferte Parameter: {prior})",
    },
    "fit.written": {
        "en": "parameters written to {path}; use them with: feldherr odds ... --tower-params {path}",
        "de": "Parameter geschrieben: {path}; so zu nutzen: feldherr odds ... --tower-params {path}",
    },
    "fit.in_game": {
        "en": "and in a game with: --tower fitted --tower-params '{params}'",
        "de": "und in einer Partie mit: --tower fitted --tower-params '{params}'",
    },
    "odds.exact": {"en": "exact", "de": "genau"},
    "odds.sampled": {
        "en": "Monte Carlo, {samples:@drops}, standard error {stderr}",
        "de": "Monte Carlo, {samples:@drops}, Standardfehler {stderr}",
    },
    "odds.title": {
        "en": "{kind} with the {model} tower ({how}); thrown: {cubes}",
        "de": "{kind} mit dem Turm '{model}' ({how}); geworfen: {cubes}",
    },
    "odds.role": {"en": "{role} {n}", "de": "{role} {n}"},
    "odds.attacker_wins": {"en": "attacker wins", "de": "Angreifer siegt"},
    "odds.peasants_win": {"en": "peasants win", "de": "Bauern siegen"},
    "odds.tie": {"en": "tie", "de": "Gleichstand"},
    "odds.defender_holds": {"en": "defender holds", "de": "Verteidiger hält"},
    "odds.survivors": {
        "en": "expected survivors: attacker {attacker}, defender {defender}",
        "de": "erwartete Überlebende: Angreifer {attacker}, Verteidiger {defender}",
    },
    "simulate.head": {
        "en": "drop,thrown,out,inside after,out and inside by colour ({colours})",
        "de": "Wurf,geworfen,heraus,danach im Turm,heraus und im Turm je Farbe ({colours})",
    },
    "stats.line": {
        "en": "{model}: inside after filling {first}, after {battles:@battles} {last}",
        "de": "{model}: im Turm nach dem Füllen {first}, nach {battles:@battles} {last}",
    },
    "stats.odds": {
        "en": "; the attacker wins 3 against 3 with probability {p}",
        "de": "; der Angreifer siegt 3 gegen 3 mit Wahrscheinlichkeit {p}",
    },
    "stats.plot": {"en": "plot written to {path}", "de": "Grafik geschrieben: {path}"},
    # -- the pictures of tower stats --plot --------------------------------------------------------
    "plot.retention.x": {"en": "drop (0 = filling drop)", "de": "Wurf (0 = Füllwurf)"},
    "plot.retention.y": {"en": "cubes inside the tower (mean)", "de": "Würfel im Turm (Mittel)"},
    "plot.retention.title": {"en": "Retention over repeated drops", "de": "Würfel im Turm über viele Würfe"},
    "plot.win.x": {
        "en": "army ratio attackers / defenders ({n} defenders)",
        "de": "Verhältnis Angreifer / Verteidiger ({n} Verteidiger)",
    },
    "plot.win.y": {
        "en": "probability the attacker wins",
        "de": "Siegchance des Angreifers",
    },
    "plot.win.title": {
        "en": "Win probability, late-game tower content",
        "de": "Siegchance mit dem Turminhalt spät im Spiel",
    },
    # -- refusals -----------------------------------------------------------------------------
    "err.prior_sd": {"en": "--prior-sd must be positive", "de": "--prior-sd muss positiv sein"},
    "err.upper_lower": {
        "en": "--upper and --lower go together",
        "de": "--upper und --lower gehören zusammen",
    },
    "err.inside_levels": {
        "en": "give --inside or --upper/--lower, not both",
        "de": "--inside oder --upper/--lower angeben, nicht beides",
    },
    "err.samples": {"en": "--samples must not be negative", "de": "--samples darf nicht negativ sein"},
    "err.model": {
        "en": "there is no tower model {name} (known: {known})",
        "de": "das Turmmodell {name} gibt es nicht (bekannt: {known})",
    },
    "err.stats_counts": {
        "en": "--drops, --runs and --samples must be positive, --players 2..5",
        "de": "--drops, --runs und --samples müssen positiv sein, --players 2..5",
    },
    "err.matplotlib": {
        "en": "plotting needs matplotlib: pip install 'feldherr[plot]' (or pip install matplotlib)",
        "de": "die Grafik braucht matplotlib: pip install 'feldherr[plot]' (oder pip install matplotlib)",
    },
}


def said(key: str, lang: str, **values: object) -> str:
    """The text ``key`` in ``lang`` (counted nouns with ``{n:@term}``)."""
    return render(WORDS, key, values, lang, translate_args=False)


def help_text(key: str, **values: object) -> str:
    """A help text in the command line's language, escaped for argparse."""
    return helptext(WORDS, key, **values)


def help_word(key: str) -> str:
    """A placeholder (``FILE``) in the command line's language, as it is."""
    return said(key, command_lang())


def model_name(name: str, lang: str) -> str:
    """A tower model as a person reads it (``angepasst``), not its key (``fitted``)."""
    key = f"model.{name}"
    return said(key, lang) if key in WORDS else name
