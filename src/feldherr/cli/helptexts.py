"""The help of the ``feldherr`` command line (``--help`` of every command: descriptions, the help of
each flag, the placeholders of values), in English and German.

The parser is built after the command line's language is known (its ``--lang``, else the locale's;
:func:`feldherr.core.commandline.command_lang`), so :func:`h` picks the words of that language;
argparse's own words (``usage:``, ``options``, its usage errors) come from
:data:`feldherr.core.commandline.ARGPARSE_WORDS`.
"""

from __future__ import annotations

from feldherr.core.commandline import command_lang, helptext
from feldherr.core.i18n import percent, render

HELP: dict[str, dict[str, str]] = {
    # -- the main command ---------------------------------------------------------------------
    "main.description": {
        "en": "Rules-exact engines for board games on one game-agnostic core.",
        "de": "Regelgenaue Spielmaschinen für Brettspiele auf einem gemeinsamen Kern.",
    },
    "main.epilog": {
        "en": "'feldherr COMMAND --help' explains each command. Flags and JSON number the seats from "
        "0; what a person reads names the players by name or colour.",
        "de": "'feldherr BEFEHL --help' erklärt jeden Befehl. Schalter und JSON zählen die Plätze ab 0; "
        "was ein Mensch liest, nennt die Spieler beim Namen oder bei ihrer Farbe.",
    },
    "main.commands": {"en": "commands", "de": "Befehle"},
    "main.version": {"en": "show the version and exit", "de": "die Version zeigen und beenden"},
    "examples": {"en": "examples:", "de": "Beispiele:"},
    # -- placeholders of values ---------------------------------------------------------------
    "mv.command": {"en": "COMMAND", "de": "BEFEHL"},
    "mv.game": {"en": "GAME", "de": "SPIEL"},
    "mv.file": {"en": "FILE", "de": "DATEI"},
    "mv.list": {"en": "LIST", "de": "LISTE"},
    "mv.dir": {"en": "DIR", "de": "ORDNER"},
    "mv.seat": {"en": "SEAT", "de": "PLATZ"},
    "mv.option": {"en": "KEY=VALUE", "de": "NAME=WERT"},
    "mv.record": {"en": "RECORD.json", "de": "PARTIE.json"},
    "mv.position": {"en": "POSITION", "de": "STELLUNG"},
    "mv.seconds": {"en": "SECONDS", "de": "SEKUNDEN"},
    "mv.name": {"en": "NAME", "de": "NAME"},
    "mv.register": {"en": "NAME=module:Class", "de": "NAME=modul:Klasse"},
    "mv.ray": {"en": "auto|local|ADDRESS", "de": "auto|local|ADRESSE"},
    # -- flags many commands share ------------------------------------------------------------
    "game": {
        "en": "game name (see 'feldherr games'); its options are listed below",
        "de": "Name des Spiels (siehe 'feldherr games'); seine Optionen stehen unten",
    },
    "game.plain": {
        "en": "game name (see 'feldherr games')",
        "de": "Name des Spiels (siehe 'feldherr games')",
    },
    "players": {"en": "number of players", "de": "Zahl der Spieler"},
    "lang": {
        "en": "{what} (default: the locale's, de for a German one, else en)",
        "de": "{what} (Vorgabe: die der Spracheinstellung, de bei einer deutschen, sonst en)",
    },
    "lang.game": {"en": "language of game text", "de": "Sprache der Spieltexte"},
    "lang.output": {"en": "language of the output", "de": "Sprache der Ausgabe"},
    "lang.plain": {"en": "language", "de": "Sprache"},
    "option": {
        "en": 'set any game option; VALUE is read as JSON if it parses (3, true, ["a"]), else as text',
        "de": "setzt eine beliebige Spieloption; WERT wird als JSON gelesen, wenn es eines ist (3, true, "
        '["a"]), sonst als Text',
    },
    "json": {
        "en": "print one JSON object instead of a table",
        "de": "ein JSON-Objekt statt einer Tabelle ausgeben",
    },
    "json.plain": {"en": "print one JSON object", "de": "ein JSON-Objekt ausgeben"},
    "quiet": {"en": "no progress bar", "de": "kein Fortschrittsbalken"},
    "games.count": {"en": "number of games (default 100)", "de": "Zahl der Partien (Vorgabe 100)"},
    "jobs": {
        "en": "worker processes (0: all cores; default 1)",
        "de": "Arbeitsprozesse (0: alle Kerne; Vorgabe 1)",
    },
    "ray": {
        "en": "run the games on Ray: auto joins the cluster of RAY_ADDRESS (or one started here) or else "
        "starts a local one, local always starts a local one; or a cluster address (HOST:PORT); a "
        "cluster with token authentication needs RAY_AUTH_MODE=token and its token (RAY_AUTH_TOKEN)",
        "de": "die Partien auf Ray spielen: auto tritt dem Cluster von RAY_ADDRESS bei (oder einem hier "
        "gestarteten) oder startet sonst einen lokalen, local startet immer einen lokalen; oder die "
        "Adresse eines Clusters (HOST:PORT); ein Cluster mit Token-Anmeldung braucht RAY_AUTH_MODE=token "
        "und sein Token (RAY_AUTH_TOKEN)",
    },
    "seed.batch": {"en": "batch seed (default 0)", "de": "Startwert der Serie (Vorgabe 0)"},
    # -- games --------------------------------------------------------------------------------
    "games.help": {"en": "list the available games", "de": "die vorhandenen Spiele auflisten"},
    "games.description": {
        "en": "List the games with their player counts, bots and options ('feldherr play GAME --help' "
        "explains the options).",
        "de": "Die Spiele mit Spielerzahlen, Bots und Optionen auflisten ('feldherr play SPIEL --help' "
        "erklärt die Optionen).",
    },
    # -- play ---------------------------------------------------------------------------------
    "play.help": {
        "en": "play in the terminal (people and bots; hot-seat)",
        "de": "im Terminal spielen (Menschen und Bots; an einem Bildschirm)",
    },
    "play.description": {
        "en": "Play a game in the terminal. Each 'human' seat is asked for its moves (a number from the "
        "list, or a move as JSON); bots move on their own. Several human seats share the screen "
        "(hot-seat). Type 'help' at the prompt for the commands.",
        "de": "Eine Partie im Terminal spielen. Jeder Platz 'human' wird nach seinen Zügen gefragt (eine "
        "Nummer aus der Liste oder ein Zug als JSON); Bots ziehen selbst. Mehrere Menschen teilen sich "
        "den Bildschirm. 'hilfe' an der Eingabe zeigt die Befehle.",
    },
    "play.ex.hotseat": {"en": "# hot-seat", "de": "# mehrere Menschen an einem Bildschirm"},
    "play.ex.watch": {"en": "# watch bots", "de": "# Bots zusehen"},
    "play.seats": {
        "en": "comma list, one per seat: human or a bot name (default: human,random,...)",
        "de": "Komma-Liste, eine Angabe je Platz: human oder der Name eines Bots (Vorgabe: human,random,...)",
    },
    "play.save": {
        "en": "write the game record (JSON) at the end or on quit (checked before the game starts)",
        "de": "die Aufzeichnung der Partie (JSON) am Ende oder beim Beenden schreiben (vor Spielbeginn "
        "geprüft)",
    },
    "play.resume": {
        "en": "continue a saved game (options and seed from the record; saved back to FILE unless --save)",
        "de": "eine gespeicherte Partie fortsetzen (Optionen und Startwert aus der Aufzeichnung; wird "
        "wieder in DATEI gespeichert, außer mit --save)",
    },
    "play.seed": {
        "en": "game seed (default: a random one, printed at the start)",
        "de": "Startwert der Partie (Vorgabe: ein zufälliger, zu Beginn ausgegeben)",
    },
    # -- simulate -----------------------------------------------------------------------------
    "simulate.help": {
        "en": "play many bot games and total wins and scores",
        "de": "viele Partien unter Bots spielen und Siege und Punkte zusammenzählen",
    },
    "simulate.description": {
        "en": "Play GAMES bot games. Game i uses the seed seed_for_game(SEED, i), so the totals and the "
        "digest over all game records do not depend on --jobs or --ray.",
        "de": "--games Partien unter Bots spielen. Jede Partie hat ihren eigenen Startwert, abgeleitet "
        "aus --seed und ihrer Nummer, so hängen die Summen und die Prüfsumme über alle Aufzeichnungen "
        "nicht von --jobs oder --ray ab.",
    },
    "simulate.bots": {
        "en": "comma list of bot names, one per seat (default: random for all)",
        "de": "Komma-Liste von Bot-Namen, einer je Platz (Vorgabe: random für alle)",
    },
    "simulate.backend": {
        "en": "where games run (default local; ray: deprecated, use --ray auto)",
        "de": "wo die Partien laufen (Vorgabe local; ray: veraltet, --ray auto nehmen)",
    },
    "simulate.records": {
        "en": "write each game record to DIR/game-NNNNN.json",
        "de": "jede Aufzeichnung nach ORDNER/game-NNNNN.json schreiben",
    },
    "simulate.from_position": {
        "en": "play every game on from this position (docs/positions.md); its options and players apply",
        "de": "jede Partie von dieser Stellung aus weiterspielen (docs/positions.md); ihre Optionen und "
        "Spieler gelten",
    },
    # -- analyse ------------------------------------------------------------------------------
    "analyse.help": {
        "en": "every legal move of one seat in a position, with the search's estimate",
        "de": "jeder erlaubte Zug eines Spielers in einer Stellung, mit der Schätzung der Suche",
    },
    "analyse.description": {
        "en": "Read a position (docs/positions.md) and let a search bot estimate every legal move of "
        "--seat (default: the player who decides there): the expected win share and score of every "
        "player, with the number of searches through the move. The search samples only what that "
        "seat can see.",
        "de": "Eine Stellung lesen (docs/positions.md) und einen Such-Bot jeden erlaubten Zug von --seat "
        "schätzen lassen (Vorgabe: wer dort entscheidet): der erwartete Siegesanteil und die Punkte "
        "jedes Spielers, mit der Zahl der Suchläufe durch den Zug. Die Suche kennt nur, was dieser "
        "Spieler sehen kann.",
    },
    "analyse.position": {
        "en": "a position file (JSON, docs/positions.md)",
        "de": "eine Stellungsdatei (JSON, docs/positions.md)",
    },
    "analyse.seat": {
        "en": "the seat to analyse: its number (from 0) or its name (default: the player who decides)",
        "de": "der Spieler, dessen Züge geschätzt werden: seine Platznummer (ab 0) oder sein Name "
        "(Vorgabe: wer entscheidet)",
    },
    "analyse.bot": {
        "en": "search bot and budget, e.g. hard@5s, medium@400i (default {bot})",
        "de": "Such-Bot und Budget, z. B. hard@5s, medium@400i (Vorgabe {bot})",
    },
    "analyse.seed": {
        "en": "seed of the search and of hidden parts (0)",
        "de": "Startwert der Suche und der verdeckten Teile (0)",
    },
    # -- bench --------------------------------------------------------------------------------
    "bench.help": {
        "en": "engine speed: random games on one core",
        "de": "Tempo der Spielmaschine: Zufallspartien auf einem Kern",
    },
    "bench.description": {
        "en": "Play random games (random bots, moves not recorded) on one core for about SECONDS seconds "
        "and report games and decisions per second.",
        "de": "Zufallspartien (Zufalls-Bots, Züge nicht aufgezeichnet) etwa --seconds Sekunden lang auf "
        "einem Kern spielen und Partien und Entscheidungen je Sekunde melden.",
    },
    "bench.seconds": {"en": "duration (default 10)", "de": "Dauer in Sekunden (Vorgabe 10)"},
    "bench.games": {
        "en": "stop after N games even if time is left",
        "de": "nach N Partien aufhören, auch wenn noch Zeit bleibt",
    },
    "bench.mode": {
        "en": "api: play_game with random bots through the public protocol; playout: the same games "
        "through State.random_playout (the game's fast loop); step: the microseconds of one search "
        "step (clone, legal_moves, apply) over every position of --games random games (default 20), "
        "the fastest of the rounds that fit in --seconds; search: ISMCTS iterations per CPU second "
        "(random playouts, --iterations per search) at the early, middle and late positions of --games "
        "random games (default 2), rounds repeated while --seconds last. Default: playout where the "
        "game has its own, else api",
        "de": "api: Partien mit Zufalls-Bots über die öffentliche Schnittstelle; playout: dieselben "
        "Partien über die schnelle Schleife des Spiels; step: die Mikrosekunden eines Suchschritts "
        "(kopieren, erlaubte Züge, ziehen) über alle Stellungen von --games Zufallspartien (Vorgabe "
        "20), die schnellste der Runden, die in --seconds passen; search: ISMCTS-Durchläufe je "
        "CPU-Sekunde (Zufallsausspiele, --iterations je Suche) in frühen, mittleren und späten "
        "Stellungen von --games Zufallspartien (Vorgabe 2), wiederholt, solange --seconds reicht. "
        "Vorgabe: playout, wo das Spiel eine eigene Schleife hat, sonst api",
    },
    "bench.iterations": {
        "en": "search mode: iterations per search (default 100)",
        "de": "Modus search: Durchläufe je Suche (Vorgabe 100)",
    },
    "bench.quiet": {
        "en": "no line on standard error saying what is measured",
        "de": "keine Zeile auf der Fehlerausgabe, die sagt, was gemessen wird",
    },
    # -- replay -------------------------------------------------------------------------------
    "replay.help": {
        "en": "re-execute a game record and print its log",
        "de": "eine Aufzeichnung nachspielen und ihr Protokoll ausgeben",
    },
    "replay.description": {
        "en": "Re-execute a game record (JSON: game, options, seed, moves, final_digest) move by move, "
        "check every move and the final digest, and print the log and the outcome (--json: one JSON "
        "object for programs instead). Exits with status 1 if the record cannot be read or is "
        "inconsistent.",
        "de": "Eine Aufzeichnung (JSON: Spiel, Optionen, Startwert, Züge, Schlussprüfsumme) Zug um Zug "
        "nachspielen, jeden Zug und die Schlussprüfsumme prüfen und das Protokoll und das Ergebnis "
        "ausgeben (--json: stattdessen ein JSON-Objekt für Programme). Endet mit Status 1, wenn die "
        "Aufzeichnung nicht lesbar oder nicht stimmig ist.",
    },
    "replay.record": {"en": "the game record", "de": "die Aufzeichnung der Partie"},
    "replay.seat": {
        "en": "print only what this player may read: its colour (Red, Rot, ...) or its seat number from "
        "0 (the record says how many there are)",
        "de": "nur ausgeben, was dieser Spieler lesen darf: seine Farbe (Rot, Red, ...) oder seine "
        "Platznummer ab 0 (die Aufzeichnung sagt, wie viele es gibt)",
    },
    "replay.board": {"en": "also print the final position", "de": "auch die Schlussstellung ausgeben"},
    "replay.json": {
        "en": "print one JSON object instead of the text: game, options, seed, moves, digest_checked, "
        "outcome (scores, winners and the game's tie-break data; null before the end), log",
        "de": "ein JSON-Objekt statt des Textes ausgeben: Spiel, Optionen, Startwert, Züge, ob die "
        "Prüfsumme geprüft wurde, Ergebnis (Punkte, Sieger und die Gleichstandsdaten des Spiels; null "
        "vor dem Ende), Protokoll",
    },
    # -- fuzz ---------------------------------------------------------------------------------
    "fuzz.help": {
        "en": "throw hostile input at random positions of every game",
        "de": "feindliche Eingaben auf Zufallsstellungen jedes Spiels werfen",
    },
    "fuzz.description": {
        "en": "Play random games of each GAME (default: every game) with option sets drawn at random from "
        "its declared options, and throw bad input at positions along the way: wrong seats, moves out "
        "of turn, mutated moves (floats, bools, strings, huge and negative numbers, wrong arity) and "
        "mutated JSON. Counts what crashed (anything but a rule error), changed the state, was "
        "accepted, or had no German or English error text; exit status 1 if any.",
        "de": "Zufallspartien jedes SPIELS spielen (Vorgabe: jedes Spiel), mit zufällig gewählten "
        "Optionen, und unterwegs schlechte Eingaben auf die Stellungen werfen: falsche Plätze, Züge "
        "außer der Reihe, verfälschte Züge (Kommazahlen, Wahrheitswerte, Texte, riesige und negative "
        "Zahlen, falsche Länge) und verfälschtes JSON. Zählt, was abstürzte (alles außer einem "
        "Regelfehler), den Zustand änderte, angenommen wurde oder keinen deutschen oder englischen "
        "Fehlertext hatte; Status 1, wenn etwas davon vorkam.",
    },
    "fuzz.games": {"en": "games to fuzz (default: all)", "de": "die Spiele (Vorgabe: alle)"},
    "fuzz.inputs": {
        "en": "bad inputs in all, at least (a position's inputs are thrown whole; default 10000)",
        "de": "schlechte Eingaben insgesamt, mindestens (die einer Stellung werden ganz geworfen; "
        "Vorgabe 10000)",
    },
    "fuzz.seed": {"en": "seed (default 0)", "de": "Startwert (Vorgabe 0)"},
    "fuzz.per_position": {"en": "inputs per position and seat", "de": "Eingaben je Stellung und Platz"},
    # -- tournament ---------------------------------------------------------------------------
    "tournament.help": {
        "en": "bots against each other with rotated seats: win rates, intervals, ratings, a plot",
        "de": "Bots gegeneinander mit wechselnden Plätzen: Siegquoten, Intervalle, Wertungen, eine Grafik",
    },
    "tournament.description": {
        "en": "Play GAMES games between the bots of --bots (one per seat). Every deal is played once per "
        "seat rotation, so each bot plays it from every seat. Reports win rates with {sure} Wilson "
        "intervals and OpenSkill ratings, and writes a plot. The same --seed gives the same results "
        "with any --jobs and on Ray when the bots are deterministic (iteration budgets such as "
        "hard@300i; time budgets depend on the machine).",
        "de": "--games Partien zwischen den Bots von --bots spielen (einer je Platz). Jede Ausgangslage "
        "wird in jeder Drehung der Plätze einmal gespielt, so spielt jeder Bot sie von jedem Platz "
        "aus. Meldet Siegquoten mit Wilson-Intervallen zu {sure} und OpenSkill-Wertungen und zeichnet eine "
        "Grafik. Derselbe --seed gibt dieselben Ergebnisse mit jedem --jobs und auf Ray, wenn die Bots "
        "deterministisch sind (Budgets in Durchläufen wie hard@300i; Zeitbudgets hängen von der "
        "Maschine ab).",
    },
    "tournament.bots": {
        "en": "one bot per seat, comma separated: NAME or NAME@BUDGET[:SETTING...] (hard@0.5s, hard@9i:tree)",
        "de": "ein Bot je Platz, durch Kommas getrennt: NAME oder NAME@BUDGET[:EINSTELLUNG...] "
        "(hard@0.5s, hard@9i:tree)",
    },
    "tournament.plot": {
        "en": "where to write the plot (default tournament-GAME.png; .png, .pdf, .svg, ...; checked before "
        "the games)",
        "de": "wohin die Grafik geht (Vorgabe tournament-SPIEL.png; .png, .pdf, .svg, ...; vor den "
        "Partien geprüft)",
    },
    "tournament.no_plot": {"en": "write no plot", "de": "keine Grafik zeichnen"},
    "simulate.plot": {
        "en": "also write a plot: each player's win rate with its {sure} interval and the spread of the "
        "final points (.png, .pdf, .svg, ...; checked before the games)",
        "de": "auch eine Grafik zeichnen: die Siegquote jedes Spielers mit ihrem Intervall zu {sure} und "
        "die Streuung der Schlusspunkte (.png, .pdf, .svg, ...; vor den Partien geprüft)",
    },
    "tournament.seed": {"en": "tournament seed (default 0)", "de": "Startwert des Turniers (Vorgabe 0)"},
    # -- serve --------------------------------------------------------------------------------
    "serve.help": {
        "en": "run the game server (lobby, WebSockets, bots, persistence)",
        "de": "den Spielserver betreiben (Lobby, WebSockets, Bots, Speicherung)",
    },
    "serve.description": {
        "en": "Serve the games over HTTP and WebSocket: a lobby, seats with secret tokens, bots, "
        "spectators. Games are stored in an SQLite file in your data directory unless --db names another "
        "database (postgresql://user@host/db); several processes on one PostgreSQL share games through "
        "--redis.",
        "de": "Die Spiele über HTTP und WebSocket anbieten: eine Lobby, Plätze mit geheimen Schlüsseln, "
        "Bots, Zuschauer. Die Partien liegen in einer SQLite-Datei im Datenordner, außer --db nennt eine "
        "andere Datenbank (postgresql://user@host/db); mehrere Prozesse an einer PostgreSQL teilen sich "
        "die Partien über --redis.",
    },
    "serve.host": {
        "en": "address to listen on (default 127.0.0.1)",
        "de": "Adresse, an der der Server lauscht (Vorgabe 127.0.0.1)",
    },
    "serve.port": {
        "en": "port, 0 to 65535 (0: a free one, printed; default 8000)",
        "de": "Port, 0 bis 65535 (0: ein freier, wird ausgegeben; Vorgabe 8000)",
    },
    "serve.public_url": {
        "en": "the address friends reach this server at (e.g. https://games.example.org behind a proxy); "
        "invite links use it (default with --host 0.0.0.0: this machine's LAN address)",
        "de": "die Adresse, unter der Freunde diesen Server erreichen (z. B. https://games.example.org "
        "hinter einem Proxy); Einladungslinks nutzen sie (Vorgabe mit --host 0.0.0.0: die Adresse "
        "dieses Rechners im lokalen Netz)",
    },
    "serve.db": {
        "en": "database URL (default: an SQLite file in the data directory)",
        "de": "URL der Datenbank (Vorgabe: eine SQLite-Datei im Datenordner)",
    },
    "serve.redis": {
        "en": "Redis URL: share games with other server processes",
        "de": "Redis-URL: Partien mit anderen Serverprozessen teilen",
    },
    "serve.absent_after": {
        "en": "a bot plays for a seat whose player is gone this many seconds (default 60; negative: never)",
        "de": "ein Bot spielt für einen Platz, dessen Spieler so viele Sekunden fort ist (Vorgabe 60; "
        "negativ: nie)",
    },
    "serve.absent_bot": {
        "en": "the bot that stands in (default heuristic or random)",
        "de": "der Bot, der einspringt (Vorgabe heuristic oder random)",
    },
    "serve.snapshot_every": {
        "en": "store the state every N moves",
        "de": "den Spielstand alle N Züge speichern",
    },
    "serve.bot_delay": {"en": "pause between bot moves", "de": "Pause zwischen Bot-Zügen (Sekunden)"},
    "serve.bot_workers": {
        "en": "worker processes the bots think in (default: one per core; 0: threads in this process)",
        "de": "Arbeitsprozesse, in denen die Bots denken (Vorgabe: einer je Kern; 0: Threads in diesem "
        "Prozess)",
    },
    "serve.analysis_bot": {
        "en": "the search behind the analysis board of finished games (default hard@2s; medium@300i, …)",
        "de": "die Suche hinter dem Analysebrett beendeter Partien (Vorgabe hard@2s; medium@300i, …)",
    },
    "serve.analysis_slots": {"en": "analyses at once (default 2)", "de": "Analysen zugleich (Vorgabe 2)"},
    "serve.fixed_seeds": {
        "en": "take a creator's seed (and a position's hidden parts) for a game between several people "
        "too: the creator can then know their cards (tests, research)",
        "de": "den Startwert (und die verdeckten Teile einer Stellung) des Erstellers auch für eine "
        "Partie mehrerer Menschen nehmen: der Ersteller kann dann ihre Karten kennen (Tests, Forschung)",
    },
    "serve.unload_after": {
        "en": "a finished game (or one nobody joined) leaves memory when unused this long (default 60)",
        "de": "eine beendete Partie (oder eine, der niemand beitrat) verlässt den Speicher, wenn sie so "
        "viele Sekunden unbenutzt ist (Vorgabe 60)",
    },
    "serve.slow_client": {
        "en": "seconds a connection may take to send a request's headers or a socket's hello before it is "
        "closed (default 10)",
        "de": "Sekunden, die eine Verbindung für die Kopfzeilen einer Anfrage oder den Gruß eines Sockets "
        "haben darf, bevor sie geschlossen wird (Vorgabe 10)",
    },
    "serve.create_burst": {
        "en": "new games and imports one client (an address) may ask for at once (default 20)",
        "de": "neue Spiele und Importe, die ein Client (eine Adresse) auf einmal verlangen darf (Vorgabe 20)",
    },
    "serve.create_every": {
        "en": "then one more every this many seconds (default 10; 0: no limit)",
        "de": "danach eines alle so viele Sekunden (Vorgabe 10; 0: keine Grenze)",
    },
    "serve.sockets_per_client": {
        "en": "sockets one client (an address) may hold open at once (default 100; 0: no limit)",
        "de": "Sockets, die ein Client (eine Adresse) gleichzeitig offen halten darf "
        "(Vorgabe 100; 0: keine Grenze)",
    },
    "serve.trusted_proxies": {
        "en": "reverse proxies (addresses or CIDR networks, comma-separated; none: no proxy) whose "
        "X-Forwarded-For names the client (default 127.0.0.1,::1: a proxy on this machine)",
        "de": "Reverse-Proxys (Adressen oder CIDR-Netze, durch Kommas getrennt; none: kein Proxy), "
        "deren X-Forwarded-For den Client nennt (Vorgabe 127.0.0.1,::1: ein Proxy auf diesem Rechner)",
    },
    "serve.log_level": {
        "en": "how much the server logs on standard error (default warning)",
        "de": "wie viel der Server auf die Fehlerausgabe schreibt (Vorgabe warning)",
    },
    "serve.register": {
        "en": "serve one more game class (for game authors and tests)",
        "de": "eine weitere Spielklasse anbieten (für Spielautoren und Tests)",
    },
    # -- loadtest -----------------------------------------------------------------------------
    "loadtest.help": {
        "en": "load benchmark of a running server (games, clients, latency)",
        "de": "Lasttest eines laufenden Servers (Partien, Clients, Antwortzeit)",
    },
    "loadtest.description": {
        "en": "Play many games at once against a running server over loopback and report moves per "
        "second, acknowledgement latency (p50/p99), errors and lost moves.",
        "de": "Viele Partien zugleich gegen einen laufenden Server über Loopback spielen und Züge je "
        "Sekunde, Bestätigungszeit (p50/p99), Fehler und verlorene Züge melden.",
    },
    "loadtest.url": {
        "en": "server URL (repeat: clients spread over them)",
        "de": "URL des Servers (mehrfach: die Clients verteilen sich)",
    },
    "loadtest.game": {"en": "the game to play (default toy)", "de": "das Spiel (Vorgabe toy)"},
    "loadtest.options": {"en": "game options as JSON", "de": "Spieloptionen als JSON"},
    "loadtest.games": {"en": "concurrent games (default 100)", "de": "Partien zugleich (Vorgabe 100)"},
    "loadtest.players": {
        "en": "scripted player clients per game (default 2)",
        "de": "geskriptete Spieler je Partie (Vorgabe 2)",
    },
    "loadtest.bots": {"en": "bot seats per game (default 0)", "de": "Bot-Plätze je Partie (Vorgabe 0)"},
    "loadtest.watchers": {
        "en": "spectator sockets in all (default 200)",
        "de": "Zuschauer-Sockets insgesamt (Vorgabe 200)",
    },
    "loadtest.seconds": {"en": "how long (default 60)", "de": "wie lange, in Sekunden (Vorgabe 60)"},
    "loadtest.think": {
        "en": "each player waits this long (or a time drawn between two values) before answering, like a "
        "person (default 0: at once)",
        "de": "jeder Spieler wartet so lange (oder eine Zeit zwischen zwei Werten) vor der Antwort, wie "
        "ein Mensch (Vorgabe 0: sofort)",
    },
    "loadtest.mix": {
        "en": "real: Wallenstein (4 seats), El Grande (4) and Mansfeld (2-4) in turn, half the seats "
        "scripted clients, the others --bot bots (default toy: --game with --players and --bots)",
        "de": "real: abwechselnd Wallenstein (4 Plätze), El Grande (4) und Mansfeld (2-4), die Hälfte "
        "der Plätze geskriptete Clients, die anderen Bots nach --bot (Vorgabe toy: --game mit "
        "--players und --bots)",
    },
    "loadtest.bot": {
        "en": "the bots' name (default random; medium with --mix real)",
        "de": "der Name der Bots (Vorgabe random; medium mit --mix real)",
    },
    "loadtest.seed": {
        "en": "seed of the clients' draws (default 1)",
        "de": "Startwert der Ziehungen der Clients (Vorgabe 1)",
    },
    "loadtest.json": {"en": "also write the results as JSON", "de": "die Ergebnisse auch als JSON schreiben"},
}


def _sure(values: dict[str, object]) -> dict[str, object]:
    """``values`` with ``{sure}`` (95 % in the language's percent format, Babel's: English
    ``95%``, German ``95\xa0%``) for the texts that name the intervals' certainty."""
    return {"sure": percent(0.95, 0, command_lang()), **values}


def h(key: str, **values: object) -> str:
    """The help text ``key`` in the command line's language (``%`` escaped for argparse)."""
    return helptext(HELP, key, **_sure(values))


def said(key: str, **values: object) -> str:
    """The text ``key`` in the command line's language as it is: a description, an epilog, a
    placeholder or a heading (argparse does not %-format those)."""
    return render(HELP, key, _sure(values), command_lang(), translate_args=False)
