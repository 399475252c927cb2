"""The wire format: error replies in German and English, and reading client input by exact type.

Every refusal the server sends has the same shape, over HTTP and WebSocket::

    {"type": "error", "code": "stale", "rule": "core.stale",
     "text": {"en": "...", "de": "..."}, "message": "<text in the connection's language>"}

``rule`` is the rule id of the game's :class:`~feldherr.core.errors.RuleError` (its words come from
``game.error_text``) or one of the server's own ids below.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from feldherr.core.errors import RuleError, clip, no_json_constant
from feldherr.core.game import Game
from feldherr.games import game_names, get_game

LANGS = ("en", "de")
MAX_DEPTH = 64
"""How deeply a client's JSON may nest (moves and records need far fewer levels)."""

SERVER_ERRORS: dict[str, dict[str, str]] = {
    "server.json": {"en": "the message is not valid JSON", "de": "Die Nachricht ist kein gültiges JSON"},
    "server.depth": {
        "en": "the message is nested deeper than {limit} levels",
        "de": "Die Nachricht ist tiefer als {limit} Ebenen verschachtelt",
    },
    "server.size": {
        "en": "the message is larger than {limit} bytes",
        "de": "Die Nachricht ist größer als {limit} Bytes",
    },
    "server.unicode": {
        "en": "the message holds text that is not valid Unicode (a lone surrogate)",
        "de": "Die Nachricht enthält Text, der kein gültiges Unicode ist (ein einzelnes Ersatzzeichen)",
    },
    "server.not-http": {"en": "the request is not valid HTTP", "de": "Die Anfrage ist kein gültiges HTTP"},
    "server.headers-too-large": {
        "en": "the request's headers are too large for a game's connection: at most {count} header "
        "lines of {size} bytes each",
        "de": "Die Kopfzeilen der Anfrage sind für eine Spielverbindung zu groß: höchstens {count} "
        "Kopfzeilen mit je {size} Bytes",
    },
    "server.not-websocket": {
        "en": "this address opens a game's connection (a WebSocket), and the request is no valid "
        "opening of one",
        "de": "Diese Adresse öffnet die Verbindung eines Spiels (ein WebSocket), und die Anfrage ist "
        "keine gültige Eröffnung einer solchen",
    },
    "server.address-too-long": {
        "en": "the address of the request is too long for a game's connection: its first line may "
        "hold at most {size} bytes",
        "de": "Die Adresse der Anfrage ist für eine Spielverbindung zu lang: ihre erste Zeile darf "
        "höchstens {size} Bytes lang sein",
    },
    "server.slow": {
        "en": "the request came in too slowly; please send it again",
        "de": "Die Anfrage kam zu langsam an; bitte noch einmal senden",
    },
    "server.rate": {
        "en": "too many {what}: at most {burst} at once, then {pace}; this one was not taken; send it "
        "again {wait}",
        "de": "Zu viele {what}: höchstens {burst} auf einmal, dann {pace}; diese Nachricht wurde nicht "
        "angenommen; bitte {wait} erneut senden",
    },
    "server.create-rate": {
        "en": "too many new games and imports from your address (at most {burst} at once, then one "
        "every {every}); nothing was stored; try again {wait}",
        "de": "Zu viele neue Spiele und Importe von deiner Adresse (höchstens {burst} auf einmal, dann "
        "eines alle {every}); nichts wurde gespeichert; bitte {wait} erneut versuchen",
    },
    "server.sync-rate": {
        "en": "the game is sent again at most {burst} times at once, then once every {every} (its "
        "news comes by itself); it was not sent again now; ask again {wait}",
        "de": "Das Spiel wird höchstens {burst}-mal auf einmal neu gesendet, dann einmal alle {every} "
        "(seine Neuigkeiten kommen von selbst); jetzt wurde es nicht neu gesendet; bitte {wait} "
        "erneut fragen",
    },
    "server.type": {"en": "unknown message type {kind}", "de": "Unbekannte Nachrichtenart {kind}"},
    "server.field": {"en": "field {field} must be {wanted}", "de": "Feld {field} muss {wanted_de} sein"},
    "server.hello": {
        "en": "say hello first (with your tokens)",
        "de": "Zuerst mit hello (und den Schlüsseln) anmelden",
    },
    "server.token": {
        "en": "this invitation link opens no seat of this game (its key is not one of the game's): "
        "it may have been copied wrong; ask for the link again",
        "de": "Dieser Einladungslink öffnet keinen Platz dieses Spiels (sein Schlüssel gehört nicht dazu): "
        "Er ist vielleicht falsch abgeschrieben; lass dir den Link noch einmal geben",
    },
    "server.seat": {"en": "this seat is not yours", "de": "Dieser Platz gehört dir nicht"},
    "server.seat-taken": {
        "en": "a bot plays this seat now: the invitation was not opened, and the players at the "
        "table let a bot take the seat for the rest of the game; you can still watch the game",
        "de": "Diesen Platz spielt jetzt ein Bot: Die Einladung wurde nicht geöffnet, und die "
        "Mitspieler haben den Platz für den Rest der Partie einem Bot gegeben; zuschauen kannst du "
        "weiterhin",
    },
    "server.replace": {
        "en": "a bot cannot take this seat: {message}",
        "de": "Diesen Platz kann kein Bot übernehmen: {message}",
    },
    "server.game": {
        "en": "there is no such game: the link may be mistyped, or the game was removed",
        "de": "Dieses Spiel gibt es nicht: Der Link ist vielleicht falsch abgeschrieben, "
        "oder das Spiel wurde entfernt",
    },
    "server.sockets": {
        "en": "too many connections from your address (at most {limit} at once); close some of the "
        "game's pages, then this one connects again by itself",
        "de": "Zu viele Verbindungen von deiner Adresse (höchstens {limit} gleichzeitig); schließe einige "
        "Spielseiten, dann verbindet sich diese von selbst neu",
    },
    "server.spectators": {"en": "this game has no spectators", "de": "Dieses Spiel ist nicht öffentlich"},
    "server.private": {
        "en": "this game is private: only its players can see it",
        "de": "Dieses Spiel ist privat: Nur seine Mitspieler können es sehen",
    },
    "server.unknown-game": {
        "en": "this server has no such game; it has {games}",
        "de": "Dieses Spiel gibt es auf diesem Server nicht; er hat {games}",
    },
    "server.options": {"en": "invalid options: {message}", "de": "Ungültige Optionen: {message}"},
    "server.seats": {"en": "invalid seats: {message}", "de": "Ungültige Plätze: {message}"},
    "server.name": {"en": "this name cannot be taken: {message}", "de": "Dieser Name geht nicht: {message}"},
    "server.record": {"en": "invalid record: {message}", "de": "Ungültige Partie-Aufzeichnung: {message}"},
    "server.not-finished": {
        "en": "the game is not finished; its moves stay secret until then",
        "de": "Das Spiel läuft noch; seine Züge bleiben bis zum Ende geheim",
    },
    "server.analysis-running": {
        "en": "analysis of a running game is not allowed: its players would learn from it; "
        "analyse it once it is over",
        "de": "Eine laufende Partie darf nicht analysiert werden, ihre Spieler würden daraus lernen; "
        "analysiere sie nach ihrem Ende",
    },
    "server.analysis-seat": {
        "en": "this player has no decision to make at this step; choose a player who is to move",
        "de": "Dieser Spieler hat bei diesem Schritt nichts zu entscheiden; "
        "wähle einen Spieler, der am Zug ist",
    },
    "server.analysis-step": {
        "en": "the game has only {total} moves, there is no step {at}",
        "de": "Die Partie hat nur {total} Züge, einen Schritt {at} gibt es nicht",
    },
    "server.analysis-busy": {
        "en": "{slots} analyses are running already; try again in a few seconds",
        "de": "Es laufen schon {slots} Analysen; bitte in ein paar Sekunden erneut versuchen",
    },
    "server.seed": {
        "en": "a game between several people draws its own chance: a seed or hidden cards chosen by "
        "its creator would tell the creator what the others cannot see; leave them out",
        "de": "Eine Partie zwischen mehreren Menschen zieht ihren Zufall selbst: Ein vom Ersteller "
        "gewählter Startwert oder verdeckte Karten verrieten ihm, was die anderen nicht sehen; "
        "bitte weglassen",
    },
    "server.position": {
        "en": "this position cannot be set up: {message}",
        "de": "Diese Stellung lässt sich nicht aufbauen: {message}",
    },
    "server.position-over": {
        "en": "this position is the end of a game: nothing is left to play",
        "de": "Diese Stellung ist das Ende einer Partie: Es gibt nichts mehr zu spielen",
    },
    "server.busy": {
        "en": "the server is busy; try again",
        "de": "Der Server ist ausgelastet, bitte erneut versuchen",
    },
    "server.route": {"en": "there is nothing at this address", "de": "Unter dieser Adresse gibt es nichts"},
    "server.method": {
        "en": "this address does not take this kind of request",
        "de": "Diese Adresse nimmt diese Art von Anfrage nicht an",
    },
    "server.http": {"en": "the request was refused", "de": "Die Anfrage wurde abgelehnt"},
    "server.internal": {"en": "internal error", "de": "Interner Fehler"},
}

SERVER_PARTS: dict[str, dict[str, str]] = {
    "part.lobby-link": {
        "en": "To the lobby: start a game or go on with one",
        "de": "Zur Übersicht: ein Spiel beginnen oder weiterspielen",
    },
    "part.seats-count": {
        "en": "give a list of {players} seats",
        "de": "Gib eine Liste von {players} Plätzen an",
    },
    "part.seat-object": {
        "en": "seat {seat} must be a JSON object",
        "de": "Platz {seat} muss ein JSON-Objekt sein",
    },
    "part.seat-kind": {
        "en": "seat {seat}: the kind is one of {kinds}",
        "de": "Platz {seat}: Die Art ist eine von {kinds}",
    },
    "part.seat-bot": {
        "en": "seat {seat}: the bot is one of {bots}",
        "de": "Platz {seat}: Der Bot ist einer von {bots}",
    },
    "part.seat-name": {
        "en": "seat {seat}: the player's name must have 1 to {limit} characters",
        "de": "Platz {seat}: Der Name des Spielers muss 1 bis {limit} Zeichen haben",
    },
    "part.seat-name-chars": {
        "en": "seat {seat}: the player's name may hold only printable characters "
        "(no line breaks, control characters or text-direction marks) and must show a letter, "
        "a digit or a sign",
        "de": "Platz {seat}: Der Name des Spielers darf nur druckbare Zeichen enthalten "
        "(keine Zeilenumbrüche, Steuerzeichen oder Schreibrichtungszeichen) und muss einen "
        "Buchstaben, eine Ziffer oder ein Zeichen zeigen",
    },
    "part.name-length": {
        "en": "a name has 1 to {limit} characters",
        "de": "Ein Name hat 1 bis {limit} Zeichen",
    },
    "part.name-chars": {
        "en": "a name may hold only printable characters "
        "(no line breaks, control characters or text-direction marks) and must show a letter, "
        "a digit or a sign",
        "de": "Ein Name darf nur druckbare Zeichen enthalten "
        "(keine Zeilenumbrüche, Steuerzeichen oder Schreibrichtungszeichen) und muss einen "
        "Buchstaben, eine Ziffer oder ein Zeichen zeigen",
    },
    "part.name-taken": {
        "en": "{name} plays at this table already; add an initial, for instance",
        "de": "{name} spielt an diesem Tisch schon mit; nimm zum Beispiel einen Anfangsbuchstaben dazu",
    },
    "part.seat-name-taken": {
        "en": "seat {seat}: {name} plays at this table already (the players' names must differ)",
        "de": "Platz {seat}: {name} spielt an diesem Tisch schon mit "
        "(die Namen der Mitspieler müssen sich unterscheiden)",
    },
    "part.name-lookalike": {
        "en": "{name} looks like {other}, a name at this table already "
        "(letters and digits that look alike count as the same: rn and m, 0 and O, "
        "a Greek Α and a Latin A)",
        "de": "{name} sieht aus wie {other}, ein Name an diesem Tisch "
        "(gleich aussehende Buchstaben und Ziffern zählen als gleich: rn und m, 0 und O, "
        "ein griechisches Α und ein lateinisches A)",
    },
    "part.seat-name-lookalike": {
        "en": "seat {seat}: {name} looks like {other}, a name at this table already "
        "(letters and digits that look alike count as the same: rn and m, 0 and O, "
        "a Greek Α and a Latin A)",
        "de": "Platz {seat}: {name} sieht aus wie {other}, ein Name an diesem Tisch "
        "(gleich aussehende Buchstaben und Ziffern zählen als gleich: rn und m, 0 und O, "
        "ein griechisches Α und ein lateinisches A)",
    },
    "part.name-mixed": {
        "en": "a word may not mix Latin letters with look-alike letters of another alphabet "
        "(“Αnna” with a Greek Α looks like “Anna”)",
        "de": "Ein Wort darf lateinische Buchstaben nicht mit ähnlich aussehenden Buchstaben eines "
        "anderen Alphabets mischen („Αnna“ mit griechischem Α sieht aus wie „Anna“)",
    },
    "part.seat-name-mixed": {
        "en": "seat {seat}: a word may not mix Latin letters with look-alike letters of another "
        "alphabet (“Αnna” with a Greek Α looks like “Anna”)",
        "de": "Platz {seat}: Ein Wort darf lateinische Buchstaben nicht mit ähnlich aussehenden "
        "Buchstaben eines anderen Alphabets mischen („Αnna“ mit griechischem Α sieht aus wie „Anna“)",
    },
    "part.name-over": {
        "en": "the game is over, and its players' names stay as they were",
        "de": "Das Spiel ist zu Ende, die Namen der Mitspieler bleiben, wie sie waren",
    },
    "part.replace-joined": {
        "en": "its player has opened the invitation already",
        "de": "Sein Spieler hat die Einladung schon geöffnet",
    },
    "part.replace-kind": {
        "en": "only the seat of a friend invited by a link can be given to a bot",
        "de": "Nur der Platz eines per Link eingeladenen Mitspielers kann an einen Bot gehen",
    },
    "part.replace-over": {
        "en": "the game is over",
        "de": "Das Spiel ist zu Ende",
    },
    "part.options-object": {
        "en": "the options must be a JSON object",
        "de": "Die Optionen müssen ein JSON-Objekt sein",
    },
    "part.options-players": {
        "en": "the number of players must be a whole number",
        "de": "Die Anzahl der Spieler muss eine ganze Zahl sein",
    },
    "part.option-value": {
        "en": "the option “{option}” has a value this game does not allow",
        "de": "Die Option „{option}“ hat einen Wert, den dieses Spiel nicht zulässt",
    },
    "part.option-range": {
        "en": "the option “{option}” must be a whole number from {low} to {high}",
        "de": "Die Option „{option}“ muss eine ganze Zahl von {low} bis {high} sein",
    },
    "part.option-bool": {
        "en": "the option “{option}” is either on or off",
        "de": "Die Option „{option}“ ist entweder an oder aus",
    },
    "part.option-choice": {
        "en": "the option “{option}” must be one of {choices}",
        "de": "Die Option „{option}“ muss eine von {choices} sein",
    },
    "part.option-choices": {
        "en": "the option “{option}” takes only {choices}",
        "de": "Die Option „{option}“ kennt nur {choices}",
    },
    "part.option-unknown": {
        "en": "this game has no option “{option}”",
        "de": "Dieses Spiel hat keine Option „{option}“",
    },
    "part.options-unfit": {
        "en": "they do not fit this game",
        "de": "Sie passen nicht zu diesem Spiel",
    },
    "part.record-unreadable": {
        "en": "it cannot be read as a game record",
        "de": "Sie lässt sich nicht als Partie-Aufzeichnung lesen",
    },
    "part.record-replay": {
        "en": "it does not replay: its options or one of its moves break the game's rules, "
        "or another version of the game wrote it",
        "de": "Sie lässt sich nicht nachspielen: Ihre Optionen oder einer ihrer Züge verstoßen gegen "
        "die Regeln, oder eine andere Version des Spiels hat sie geschrieben",
    },
    "part.analysis-bot": {
        "en": "the server's analysis bot is set up wrongly",
        "de": "Der Analyse-Bot des Servers ist falsch eingerichtet",
    },
    "part.position-game": {
        "en": "it does not say which game it is (the field game: {games})",
        "de": "Sie nennt ihr Spiel nicht (das Feld game: {games})",
    },
    "part.position-name": {
        "en": "a player's name must have 1 to {limit} printable characters "
        "(no line breaks, control characters or text-direction marks) and show a letter, "
        "a digit or a sign",
        "de": "Der Name eines Spielers muss 1 bis {limit} druckbare Zeichen haben "
        "(keine Zeilenumbrüche, Steuerzeichen oder Schreibrichtungszeichen) und einen "
        "Buchstaben, eine Ziffer oder ein Zeichen zeigen",
    },
    "part.position-name-mixed": {
        "en": "in the name {player}, a word mixes Latin letters with look-alike letters of another "
        "alphabet (“Αnna” with a Greek Α looks like “Anna”)",
        "de": "Im Namen {player} mischt ein Wort lateinische Buchstaben mit ähnlich aussehenden "
        "Buchstaben eines anderen Alphabets („Αnna“ mit griechischem Α sieht aus wie „Anna“)",
    },
    "part.position-name-taken": {
        "en": "two of its players are named {player} (the players' names must differ)",
        "de": "Zwei ihrer Spieler heißen {player} (die Namen der Mitspieler müssen sich unterscheiden)",
    },
    "part.position-name-lookalike": {
        "en": "its players {player} and {other} have names that look alike "
        "(letters and digits that look alike count as the same: rn and m, 0 and O, "
        "a Greek Α and a Latin A)",
        "de": "Ihre Spieler {player} und {other} haben gleich aussehende Namen "
        "(gleich aussehende Buchstaben und Ziffern zählen als gleich: rn und m, 0 und O, "
        "ein griechisches Α und ein lateinisches A)",
    },
    "part.position-unfit": {
        "en": "its parts do not fit together (a list too short or too long, a value out of place)",
        "de": "Ihre Teile passen nicht zusammen "
        "(eine Liste zu kurz oder zu lang, ein Wert am falschen Platz)",
    },
    "part.every-second": {"en": "second", "de": "Sekunde"},
    "part.every-seconds": {"en": "{seconds} seconds", "de": "{seconds} Sekunden"},
    "part.wait-second": {"en": "in a second", "de": "in einer Sekunde"},
    "part.wait-seconds": {"en": "in {seconds} seconds", "de": "in {seconds} Sekunden"},
    "part.rate-messages": {"en": "messages", "de": "Nachrichten"},
    "part.rate-heavy": {
        "en": "names, language changes and moves taken back (each sends the whole game again)",
        "de": "Namen, Sprachwechsel und zurückgenommene Züge (jede dieser Nachrichten sendet das "
        "ganze Spiel neu)",
    },
    "part.rate-average": {"en": "{rate} a second on average", "de": "im Schnitt {rate} pro Sekunde"},
    "part.rate-every": {"en": "one every {every}", "de": "eine alle {every}"},
    "part.hello-again": {"en": "hello (a second time)", "de": "hello (ein zweites Mal)"},
    "part.no-type": {"en": "(none)", "de": "(keine)"},
    "part.odd-type": {"en": "(not a word)", "de": "(kein Wort)"},
    "part.number": {"en": "a whole number", "de": "eine ganze Zahl"},
    "part.value": {"en": "a valid value", "de": "ein gültiger Wert"},
}
"""The words that fill a server error's details (``server.seats``' reason, a field's wanted
value): a refusal's text is made of these in the reader's language, never of code's words."""


def words(key: str, **args: Any) -> dict[str, str]:
    """The words of :data:`SERVER_PARTS` entry ``key`` in each language."""
    entry = SERVER_PARTS[key]
    return {lang: entry[lang].format(**args) for lang in LANGS}


def detail(name: str, said: dict[str, str]) -> dict[str, str]:
    """A :class:`ServerError`'s detail ``name`` in each language (``said``: language -> words):
    ``name`` itself holds the English words, ``name_de`` the German ones."""
    return {name: said["en"], **{f"{name}_{lang}": said[lang] for lang in LANGS}}


def english_or(key: str, english: str, **args: Any) -> dict[str, str]:
    """The words of ``key`` with the English ones replaced by ``english`` (a core error's own,
    more precise English message: the other languages get the catalogue's words)."""
    return {**words(key, **args), "en": english}


def part(name: str, key: str, **args: Any) -> dict[str, str]:
    """The detail ``name`` of a :class:`ServerError` in each language, from :data:`SERVER_PARTS`."""
    return detail(name, words(key, **args))


class ServerError(Exception):
    """A refusal by the server itself (not by a game's rules); ``status`` is the HTTP status."""

    def __init__(self, rule: str, status: int = 400, code: str = "bad-request", **details: Any) -> None:
        super().__init__(rule)
        self.rule = rule
        self.status = status
        self.code = code
        self.headers: dict[str, str] = {}
        """HTTP headers sent with the refusal (``Retry-After`` of ``server.create-rate``)."""
        self.details = {k: clip(str(v), 200) for k, v in details.items()}

    def texts(self) -> dict[str, str]:
        entry = SERVER_ERRORS.get(self.rule, SERVER_ERRORS["server.internal"])
        out = {}
        for lang in LANGS:
            # a detail given per language ("message_de") stands in for the detail in that language
            details = {
                **self.details,
                **{k[: -len(lang) - 1]: v for k, v in self.details.items() if k.endswith(f"_{lang}")},
            }
            try:
                out[lang] = entry[lang].format(**details)
            except (KeyError, IndexError, ValueError):
                out[lang] = entry[lang]
        return out


def unknown_game(status: int = 404, code: str = "not-found") -> ServerError:
    """``server.unknown-game``: the games this server has, by their titles. The name asked for is
    never echoed: it is whatever the client sent (a line break, a direction mark, HTML, a code
    name), and the text is one line a person reads."""
    titles = []
    for name in game_names():
        try:
            titles.append(get_game(name).title)
        except ValueError:
            continue
    return ServerError("server.unknown-game", status, code, games=", ".join(titles))


def field_error(field: str, wanted: str, wanted_de: str) -> ServerError:
    return ServerError("server.field", field=field, wanted=wanted, wanted_de=wanted_de)


def error_reply(err: Exception, game: Game | None, lang: str = "en", msg_id: Any = None) -> dict[str, Any]:
    """The error message for ``err`` (a RuleError of the game, or a ServerError)."""
    if isinstance(err, ServerError):
        texts = err.texts()
        reply: dict[str, Any] = {"type": "error", "code": err.code, "rule": err.rule, "text": texts}
        if "broken" in err.details:  # a game's rule behind the server's refusal (a bad position)
            reply["broken"] = err.details["broken"]
        if "wrong" in err.details:  # the keys of a hello that open no seat, by their places (a
            # list clipped to 200 characters ends in "…": its cut last number is left out)
            reply["wrong"] = [int(i) for i in err.details["wrong"].split(",") if i.isdigit()]
    elif isinstance(err, RuleError):
        texts = {lang_: (game.error_text(err, lang_) if game is not None else err.message) for lang_ in LANGS}
        reply = {"type": "error", "code": err.code, "rule": err.rule, "text": texts}
    else:  # pragma: no cover - a defect; say nothing about its insides
        texts = ServerError("server.internal").texts()
        reply = {"type": "error", "code": "internal", "rule": "server.internal", "text": texts}
    reply["message"] = texts.get(lang, texts["en"])
    if msg_id is not None:
        reply["id"] = msg_id
    return reply


def status_of(err: Exception) -> int:
    """The HTTP status for a refusal."""
    if isinstance(err, ServerError):
        return err.status
    code = getattr(err, "code", "")
    if code == "stale":
        return 409
    if code in ("not-your-turn", "game-over"):
        return 409
    return 422


def read_json(text: str | bytes | bytearray) -> Any:
    """A client's JSON (a socket message or an HTTP body), the one place it is parsed: text that is
    not JSON (or not UTF-8) is ``server.json``, JSON nested deeper than :data:`MAX_DEPTH` is
    ``server.depth`` (both status 400; the parser's own recursion limit never surfaces as an internal
    error); a text or key holding a lone surrogate (``"\\ud800"``: JSON's escapes allow it, UTF-8
    cannot carry it, so it could be neither stored nor sent back) is ``server.unicode`` (400).
    Large bodies are read off the event loop (:func:`feldherr.server.app` hands them to a thread)."""
    if not isinstance(text, str):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise ServerError("server.json", 400, "bad-json") from None
    try:
        data = json.loads(text, parse_constant=no_json_constant, parse_float=_finite)
    except (ValueError, RecursionError) as exc:
        if isinstance(exc, RecursionError):
            raise ServerError("server.depth", 400, "bad-json", limit=MAX_DEPTH) from None
        raise ServerError("server.json", 400, "bad-json") from None
    texts = SURROGATE_ESCAPE.search(text) is not None  # else no text in it can hold a surrogate
    depth, unicode = _walk(data, texts)
    if depth > MAX_DEPTH:
        raise ServerError("server.depth", 400, "bad-json", limit=MAX_DEPTH)
    if not unicode:
        raise ServerError("server.unicode", 400, "bad-json")
    return data


def _finite(text: str) -> float:
    """A JSON number with a fraction or an exponent, refused where it is beyond every float
    (``1e999`` became infinity: ``Infinity`` by another name)."""
    value = float(text)
    if value in (math.inf, -math.inf):
        raise ValueError("a number beyond every float")
    return value


SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
"""The escape of a surrogate (``\\ud83d``): the only way a lone one gets into text decoded as
UTF-8 (pairs, as ASCII-only writers escape an emoji, are fine and are told apart by the walk)."""


def _valid_text(text: str) -> bool:
    """Whether ``text`` can be written as UTF-8 (no lone surrogate)."""
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _walk(data: Any, texts: bool = True) -> tuple[int, bool]:
    """How deeply ``data`` nests (without recursion: it may be very deep), and (``texts``: else
    taken as given) whether every text and key in it is valid Unicode."""
    deepest = 0
    stack = [(data, 1)]
    while stack:
        value, level = stack.pop()
        if isinstance(value, str):
            if not _valid_text(value):
                return deepest, False
            continue
        if isinstance(value, dict):
            if texts and not all(_valid_text(key) for key in value):
                return deepest, False
            value = value.values()
        elif not isinstance(value, list):
            continue
        deepest = max(deepest, level)
        if level > MAX_DEPTH:
            return level, True
        stack.extend(
            (item, level + 1)
            for item in value
            if (texts and item.__class__ is str) or item.__class__ in NESTED
        )
    return deepest, True


NESTED = (list, dict)


# -- reading fields by exact type ---------------------------------------------------------------
def get_str(data: dict[str, Any], field: str, limit: int = 200, default: str | None = None) -> str:
    value = data.get(field, default)
    if not isinstance(value, str) or len(value) > limit:
        raise field_error(
            field, f"a text of at most {limit} characters", f"ein Text mit höchstens {limit} Zeichen"
        )
    return value


def get_int(
    data: dict[str, Any], field: str, default: int | None = None, low: int = 0, high: int = 2**31
) -> int:
    value = data.get(field, default)
    if type(value) is not int or not low <= value <= high:
        raise field_error(
            field, f"a whole number from {low} to {high}", f"eine ganze Zahl von {low} bis {high}"
        )
    return value


def lang_tag(value: Any) -> str | None:
    """The language a language tag names, if the server speaks it: tags are read without regard
    to case, and a region the server has no words of its own for falls back to its language
    ("DE", "de-AT", "EN-gb", "en_US" -> "de", "de", "en", "en"); None for anything else."""
    if not isinstance(value, str) or len(value) > 35:
        return None
    tag = value.strip().lower().replace("_", "-")
    language, _, _ = tag.partition("-")
    return language if language in LANGS else None


def get_lang(data: dict[str, Any], default: str = "en") -> str:
    """The field ``lang`` of a message or body (``default`` without one): a language tag the server
    speaks (:func:`lang_tag`), else ``server.field``."""
    lang = lang_tag(data.get("lang", default))
    if lang is None:
        raise field_error("lang", "en or de", "en oder de")
    return lang


def short_id(value: Any) -> Any:
    """A client's message id echoed back: only a short text or a whole number."""
    if isinstance(value, str):
        return value[:64]
    if type(value) is int and abs(value) < 2**53:
        return value
    return None
