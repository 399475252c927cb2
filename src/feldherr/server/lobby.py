"""The lobby: the game catalogue (forms come from each game's option spec) and reading a request
to create a game, by exact type, into a :class:`~feldherr.server.hub.NewGame`."""

from __future__ import annotations

import base64
import hashlib
import json
import logging
import secrets
import time
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

from feldherr.core.errors import OptionError, PositionError
from feldherr.core.game import Game
from feldherr.core.i18n import term
from feldherr.core.match import Match
from feldherr.core.options import refusal_words
from feldherr.core.play import bot_table
from feldherr.core.position import player_names
from feldherr.games import game_names, get_game
from feldherr.server.hub import NewGame, new_token
from feldherr.server.names import ignorable, looks_alike, mixed_word, same_name
from feldherr.server.protocol import (
    LANGS,
    ServerError,
    detail,
    get_int,
    get_str,
    part,
    unknown_game,
    words,
)
from feldherr.server.store import SeatRow

log = logging.getLogger("feldherr.server")
SEAT_KINDS = ("human", "hotseat", "bot")
MAX_NAME = 40
DIRECTION_MARKS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Marks that turn the direction of the text around them: in a name shown to the other players
they could make it (and the words after it on the same line) read reversed."""


MAX_MARKS = 4
"""Combining marks in a row a name may hold (accents and vowel signs stack two or three; a name of
dozens stacked on one letter was drawn over the lines above and below it on every player's page)."""
BLANKS = frozenset("\u115f\u1160\u2800\u3164\uffa0")
"""Letters and symbols that print as nothing (the Hangul fillers, the blank Braille pattern)."""
ANNOTATION_MARKS = frozenset("\ufff9\ufffa\ufffb")
"""The interlinear annotation anchor, separator and terminator: format characters that print as
nothing, for a program's own use only (Unicode: never to be exchanged); a renderer that honours
them draws the text between them as a note above or below the name, or hides it."""


def printable_name(name: str) -> bool:
    """Whether a player's name (shown to every other player, in their texts and on the board) holds
    only printable characters: no control characters (line breaks, tabs, NUL, escapes), no
    direction marks, no interlinear annotation marks, no line or paragraph separators, no
    private-use or unassigned characters.
    Joiners (the ones inside emoji and some scripts) are fine. A name that is not empty also shows
    something (a letter, a digit, a sign, not only zero-width or blank characters, which every
    other player read as no name at all) and has no combining mark before its first character that
    prints (drawn on the text before the name) nor more than :data:`MAX_MARKS` on one character:
    the characters that print as nothing (a joiner, a word joiner) neither carry marks nor end a
    run of them, as they do not when the name is drawn."""
    marks = 0
    base = False
    visible = False
    for ch in name:
        category = unicodedata.category(ch)
        if (
            ch in DIRECTION_MARKS
            or ch in ANNOTATION_MARKS
            or category in ("Cc", "Co", "Cn", "Cs", "Zl", "Zp")
        ):
            return False
        if category[0] == "M":
            marks += 1
            if not base or marks > MAX_MARKS:
                return False
            continue
        if ignorable(ch):
            continue
        marks = 0
        base = True
        visible = visible or (category[0] in "LNPS" and ch not in BLANKS)
    return visible or not name


def check_name(raw: Any) -> str:
    """A name a player gives themselves at the table (the socket's ``name`` message), checked as a
    seat's name is when a game is created: 1 to MAX_NAME characters once the spaces around it are
    dropped, printable ones only; else ``server.name`` in the reader's words."""
    name = unicodedata.normalize("NFC", raw).strip() if isinstance(raw, str) else ""
    if not 0 < len(name) <= MAX_NAME:
        said = part("message", "part.name-length", limit=MAX_NAME)
        raise ServerError("server.name", 422, "bad-name", **said)
    if not printable_name(name):
        raise ServerError("server.name", 422, "bad-name", **part("message", "part.name-chars"))
    if mixed_word(name):  # "Αnna" with a Greek Α reads as "Anna"
        raise ServerError("server.name", 422, "bad-name", **part("message", "part.name-mixed"))
    return name


def catalogue() -> list[dict[str, Any]]:
    """Every game this build serves: names, player counts, the option form, the bots."""
    out = []
    for name in game_names():
        try:
            game = get_game(name)
        except ValueError:
            continue
        out.append(
            {
                "name": name,
                "title": game.title,
                "min_players": game.min_players,
                "max_players": game.max_players,
                "options": [spec.to_json() for spec in game.option_spec()],
                "bots": sorted(bot_table(game)),
                "default_bot": default_bot(list(bot_table(game))),
            }
        )
    return out


def default_bot(names: list[str]) -> str:
    return "heuristic" if "heuristic" in names else "random"


def parse_create(data: Any, fixed_seeds: bool = False) -> NewGame:
    """A create request: ``{"game", "options", "seats": [{"kind", "bot", "name"}], "public", "seed"}``.

    A game between people on different devices (two human seats, or one and the creator's hot
    seats) draws its own chance: a ``seed``, or a ``position`` with hidden parts, chosen by its
    creator would tell the creator the deck orders and everyone's draws, which the others cannot
    know (``server.seed``), unless the server takes them anyway (``fixed_seeds``: tests, research)."""
    if not isinstance(data, dict):
        raise ServerError("server.field", field="body", wanted="a JSON object", wanted_de="ein JSON-Objekt")
    name = get_str(data, "game", 64)
    try:
        game = get_game(name)
    except ValueError as exc:
        raise unknown_game() from exc
    seed = get_int(data, "seed", secrets.randbelow(2**63), 0, 2**63 - 1)
    position = data.get("position")
    if position is not None:  # play on from a position: its options and player count
        options = position_options(game, position, seed)
    else:
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise ServerError("server.options", 422, "bad-options", **part("message", "part.options-object"))
        try:
            options = game.normalize_options(options)
        except (OptionError, ValueError, TypeError) as exc:
            said = option_words(game, exc, options)
            raise ServerError("server.options", 422, "bad-options", **said) from exc
    players = options.get("players", game.min_players)
    if type(players) is not int:
        raise ServerError("server.options", 422, "bad-options", **part("message", "part.options-players"))
    seats = parse_seats(data.get("seats"), players, list(bot_table(game)))
    people = sum(s.kind == "human" for s in seats) + any(s.kind == "hotseat" for s in seats)
    chosen = "seed" in data or (isinstance(position, dict) and "hidden" in position)
    if people >= 2 and chosen and not fixed_seeds:
        raise ServerError("server.seed", 422, "secret-setup")
    public = data.get("public", True)
    if type(public) is not bool:
        raise ServerError("server.field", field="public", wanted="true or false", wanted_de="true oder false")
    return NewGame(name, options, seats, public, seed, position=position)


def option_words(game: Game, exc: Exception, options: Mapping[str, Any] | None = None) -> dict[str, str]:
    """The ``message`` of a ``server.options`` refusal in each language
    (:func:`feldherr.core.options.refusal_words`: the option by its title, its choices by their
    labels, never the core's English message with a Python literal and the option's key)."""
    return detail("message", refusal_words(game.option_spec(), exc, options))


def position_options(game: Game, position: Any, seed: int) -> dict[str, Any]:
    """The options of the game a position sets up; a position that cannot be set up is refused
    with the game's own words for the rule it breaks (``server.position``, its rule in ``broken``)."""
    if not isinstance(position, dict):
        raise ServerError(
            "server.field", field="position", wanted="a JSON object", wanted_de="ein JSON-Objekt"
        )
    try:
        game.refuse_teaching_position(position)  # a scripted outcome: teaching and tests only
        state = game.from_position({**position, "decisions": 0}, seed)
    except PositionError as exc:
        raise ServerError(
            "server.position",
            422,
            "bad-position",
            broken=exc.rule,
            **detail("message", {lang: game.error_text(exc, lang) for lang in LANGS}),
        ) from exc
    except Exception as exc:  # a game's defect: a position it should have refused with its words
        log.warning("%s: a position the game could not read (%s: %s)", game.name, type(exc).__name__, exc)
        raise ServerError(
            "server.position",
            422,
            "bad-position",
            broken="core.position",
            **part("message", "part.position-unfit"),
        ) from exc
    for name in player_names(position):  # shown to everyone who replays or joins it
        if not (name.strip() and len(name) <= MAX_NAME and printable_name(name)):  # spaces count
            said = part("message", "part.position-name", limit=MAX_NAME)
            raise ServerError("server.position", 422, "bad-position", broken="core.position.name", **said)
    check_position_names(position_names(game, position))
    if state.is_terminal():
        raise ServerError("server.position-over", 422, "bad-position")
    return dict(state.options)


def parse_seats(raw: Any, players: int, bots: list[str]) -> list[SeatRow]:
    if raw is None:
        raw = [{"kind": "human"}] * players
    if not isinstance(raw, list) or len(raw) != players:
        raise ServerError(
            "server.seats", 422, "bad-seats", **part("message", "part.seats-count", players=players)
        )
    now = time.time()
    seats: list[SeatRow] = []
    for index, item in enumerate(raw):
        if not isinstance(item, dict):
            raise ServerError(
                "server.seats", 422, "bad-seats", **part("message", "part.seat-object", seat=index + 1)
            )
        kind = item.get("kind", "human")
        if kind not in SEAT_KINDS:
            said = part("message", "part.seat-kind", seat=index + 1, kinds=", ".join(SEAT_KINDS))
            raise ServerError("server.seats", 422, "bad-seats", **said)
        bot: str | None = None
        if kind == "bot":
            bot = item.get("bot", default_bot(bots))
            if bot not in bots:
                said = part("message", "part.seat-bot", seat=index + 1, bots=", ".join(bots))
                raise ServerError("server.seats", 422, "bad-seats", **said)
        # a seat without a name: a bot goes by its strength, a person by nothing, so that the game
        # names the seat by its colour (the words contract: a player never sees a seat number)
        named = "name" in item
        label = item.get("name", bot if bot is not None else "")
        if isinstance(label, str):
            label = unicodedata.normalize("NFC", label).strip()
        if not isinstance(label, str) or len(label) > MAX_NAME or (named and not label):
            said = part("message", "part.seat-name", seat=index + 1, limit=MAX_NAME)
            raise ServerError("server.seats", 422, "bad-seats", **said)
        if not printable_name(label):
            said = part("message", "part.seat-name-chars", seat=index + 1)
            raise ServerError("server.seats", 422, "bad-seats", **said)
        if mixed_word(label):  # "Αnna" with a Greek Α reads as "Anna"
            said = part("message", "part.seat-name-mixed", seat=index + 1)
            raise ServerError("server.seats", 422, "bad-seats", **said)
        # two people of one name (or of names that look the same) would read as one in every text
        people = [s.name for s in seats if s.kind != "bot"] if kind != "bot" else []
        if any(same_name(other, label) for other in people):
            said = detail("message", words("part.seat-name-taken", seat=index + 1, name=label))
            raise ServerError("server.seats", 422, "bad-seats", **said)
        if alike := next((other for other in people if looks_alike(other, label)), None):
            said = detail(
                "message", words("part.seat-name-lookalike", seat=index + 1, name=label, other=alike)
            )
            raise ServerError("server.seats", 422, "bad-seats", **said)
        seats.append(
            SeatRow(
                seat=index,
                kind=str(kind),
                bot=bot,
                name=label,
                token=None if kind == "bot" else new_token(),
                claimed=kind != "human",  # hot seats belong to the creator's device from the start
                last_seen=now,
            )
        )
    return seats


def check_position(data: Any) -> dict[str, Any]:
    """``{"position": {...}}`` checked before a game is created from it: its game, options and
    player count (the lobby fits its seats to them), or the refusal in the game's words."""
    if not isinstance(data, dict) or not isinstance(data.get("position"), dict):
        raise ServerError(
            "server.field", field="position", wanted="a JSON object", wanted_de="ein JSON-Objekt"
        )
    position = data["position"]
    name = position.get("game")
    if not isinstance(name, str) or len(name) > 64:
        raise ServerError(
            "server.position",
            422,
            "bad-position",
            broken="core.position.field",
            **part("message", "part.position-game", games=", ".join(game_names())),
        )
    try:
        game = get_game(name)
    except ValueError as exc:
        raise unknown_game() from exc
    options = position_options(game, position, 0)
    # each seat's player as the position names it (a Wallenstein colour in the reader's words)
    catalogue = game.messages()

    def shown(seat: int, name: str, lang: str) -> str:
        if name in catalogue:  # a colour: its word
            return term(catalogue, name, lang)
        if name == f"Player {seat + 1}" and f"colour.{seat}" in catalogue:  # the default: the colour
            return term(catalogue, f"colour.{seat}", lang)
        return name

    named = player_names(position)
    names = {lang: [shown(i, n, lang) for i, n in enumerate(named)] for lang in LANGS}
    return {
        "game": game.name,
        "title": game.title,
        "options": options,
        "players": options["players"],
        "names": names,
    }


def position_names(game: Game, position: Mapping[str, Any]) -> list[str]:
    """Each player's name as the position chose it ("Anna"); "" where it names the player by a
    colour (Wallenstein) or by the default "Player 1", ...: the game's texts then name that seat
    by its colour in the reader's words."""
    catalogue = game.messages()
    return [
        "" if name in catalogue or name == f"Player {seat + 1}" else name[:MAX_NAME]
        for seat, name in enumerate(player_names(position))
    ]


def check_position_names(names: Sequence[str]) -> None:
    """The players' names of a position checked as the lobby checks the names of a table's people
    (:func:`parse_seats`): no word mixing Latin letters with look-alikes of another alphabet, no two
    alike ("" names a seat by its colour); else ``server.position`` with ``core.position.name``."""
    seen: list[str] = []
    for name in names:
        if not name:
            continue
        if mixed_word(name):  # "Αnna" with a Greek Α reads as "Anna"
            said = part("message", "part.position-name-mixed", player=name)
        elif taken := next((other for other in seen if same_name(other, name)), None):
            said = part("message", "part.position-name-taken", player=taken)
        elif alike := next((other for other in seen if looks_alike(other, name)), None):
            said = part("message", "part.position-name-lookalike", player=alike, other=name)
        else:
            seen.append(name)
            continue
        raise ServerError("server.position", 422, "bad-position", broken="core.position.name", **said)


def record_position(data: Any) -> None:
    """A record to import that starts from a position: the position is checked as the lobby checks
    one (the game's words for a broken rule, a part for teaching only, the end of a game) before the
    record is replayed; anything else is left to the record's own reading."""
    if not isinstance(data, dict) or not isinstance(data.get("position"), dict):
        return
    name, seed = data.get("game"), data.get("seed")
    if not isinstance(name, str) or name not in game_names():
        return
    position_options(get_game(name), data["position"], seed if type(seed) is int and 0 <= seed < 2**63 else 0)


def position_match(data: Any) -> tuple[Game, Match, list[str]]:
    """``{"position": {...}, "seed": n}`` as a game with no moves yet, to replay and analyse (``POST
    /api/positions/import``): checked and refused as for a game at the table (:func:`check_position`),
    started as :class:`~feldherr.core.match.Match` starts a game from a position (its decisions
    from 0), with each seat's player named as the position names them."""
    info = check_position(data)
    digest = analysed_digest(data)
    seed = get_int(data, "seed", int.from_bytes(digest[:8], "big") >> 1, 0, 2**63 - 1)
    game = get_game(info["game"])
    position = data["position"]
    match = Match(game, {}, seed, position)
    return game, match, position_names(game, position)[: match.num_players]


def analysed_digest(data: Mapping[str, Any]) -> bytes:
    """What makes two analysed positions the same: the position (as canonical JSON) and the seed
    given (none: the seed is drawn from this digest, so the same position is the same game)."""
    key = {"position": data.get("position"), "seed": data.get("seed")}
    text = json.dumps(key, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).digest()


def analysed_id(data: Mapping[str, Any]) -> str:
    """The id under which the position of ``data`` (checked) is stored for analysis: the same for
    the same position and seed, so that analysing it again reuses the game stored the first time
    instead of storing one more public import."""
    return base64.urlsafe_b64encode(analysed_digest(data)[:9]).decode("ascii")
