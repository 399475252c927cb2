"""Game records: (game, options, seed, moves) replays bit-exactly.

A record is JSON::

    {"game": "wallenstein", "engine": 1, "options": {"players": 4}, "seed": 7,
     "moves": [[seat, move-json], ...], "final_digest": "<sha256 of the final state>"}

A game played on from a position (docs/positions.md) carries it as ``"position"``: the game starts
from ``game.from_position(position, seed)`` instead of a new game (a record without it starts from
the seed, and its digest is what it always was).

``engine`` is the game's engine version (``Game.engine_version``) that wrote it; a record of
another engine version is refused by :func:`replay` with a message that says so (a record without
it is taken as engine 1). ``final_digest`` is optional when writing by hand; when present,
:func:`replay` checks it. A record's ``digest()`` covers everything but ``engine``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from feldherr.core.errors import OptionError, RecordError, RuleError, clip, shown, shown_json
from feldherr.core.game import JSON, Game, State, canonical_digest
from feldherr.core.validate import MAX_SEED, check_seat


@dataclass
class GameRecord:
    game: str
    options: dict[str, Any]
    seed: int
    moves: list[tuple[int, JSON]] = field(default_factory=list)
    final_digest: str | None = None
    engine: int | None = None
    position: dict[str, Any] | None = None
    """The position the game started from (None: a new game from the seed)."""

    def prefix(self, at: int) -> GameRecord:
        """The same game after its first ``at`` moves only (no final digest: it has not ended)."""
        return GameRecord(
            self.game,
            dict(self.options),
            self.seed,
            self.moves[:at],
            engine=self.engine,
            position=self.position,
        )

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"game": self.game}
        if self.engine is not None:
            data["engine"] = self.engine
        data.update(
            {
                "options": self.options,
                "seed": self.seed,
                "moves": [[seat, mv] for seat, mv in self.moves],
            }
        )
        if self.position is not None:
            data["position"] = self.position
        if self.final_digest is not None:
            data["final_digest"] = self.final_digest
        return data

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        """Read a record by exact type: RecordError naming what is wrong, never anything else."""
        if not isinstance(data, Mapping):
            raise _refused("object", f"a game record is a JSON object, not {shown(data, 60)}")
        for key in ("game", "seed", "moves"):
            if key not in data:
                raise _refused(f"no-{key}", f"not a game record: no {key!r}")
        game, seed, moves = data["game"], data["seed"], data["moves"]
        if not isinstance(game, str) or len(game) > 64:
            raise _refused("game", f"the record's game must be a short name, not {shown(game, 60)}")
        if type(seed) is not int or not 0 <= seed < MAX_SEED:
            raise _refused(
                "seed", f"the record's seed must be a whole number from 0 to 2^64-1, not {shown(seed, 60)}"
            )
        options = data.get("options", {})
        if not isinstance(options, Mapping):
            raise _refused("options", f"the record's options must be a JSON object, not {shown(options, 60)}")
        engine = data.get("engine")
        if engine is not None and (type(engine) is not int or engine < 1):
            raise _refused(
                "engine", f"the record's engine must be a positive whole number, not {shown(engine, 60)}"
            )
        digest = data.get("final_digest")
        if digest is not None and not isinstance(digest, str):
            raise _refused("digest", "the record's final_digest must be a text")
        if not isinstance(moves, list):
            raise _refused("moves", "the record's moves must be a list of [seat, move]")
        position = data.get("position")
        if position is not None and not isinstance(position, Mapping):
            raise _refused(
                "position", f"the record's position must be a JSON object, not {shown(position, 60)}"
            )
        read: list[tuple[int, JSON]] = []
        for index, item in enumerate(moves):
            if not isinstance(item, list | tuple) or len(item) != 2 or type(item[0]) is not int:
                raise _refused(
                    "move", f"move {index} must be [seat, move], not {shown_json(item, 60)}", n=index + 1
                )
            read.append((item[0], item[1]))
        return cls(
            game=game,
            options=dict(options),
            seed=seed,
            moves=read,
            final_digest=digest,
            engine=engine,
            position=dict(position) if position is not None else None,
        )

    def digest(self) -> str:
        data = self.to_json()
        data.pop("engine", None)
        return canonical_digest(data)


def check_engine(game: Game, record: GameRecord) -> None:
    """RecordError if ``record`` was written by another engine version of ``game``."""
    engine = record.engine if record.engine is not None else 1
    if engine != game.engine_version:
        raise _refused(
            "engine-version",
            f"this {game.name} record was written by engine version {engine}; this build plays "
            f"engine version {game.engine_version}, whose rules differ, so it cannot be replayed",
            title=game.title,
            engine=engine,
            ours=game.engine_version,
        )


def replay(
    game: Game,
    record: GameRecord,
    on_move: Callable[[State, int, JSON], None] | None = None,
    on_start: Callable[[State], None] | None = None,
) -> State:
    """Re-execute a record and return the final state; raise :class:`RecordError` if inconsistent."""
    if record.game != game.name:
        raise _refused(
            "other-game",
            f"record is for {clip(record.game, 60)!r}, not {game.name!r}",
            game=clip(record.game, 60),
            title=game.title,
        )
    check_engine(game, record)
    state = start_state(game, record)
    if on_start is not None:
        on_start(state)
    for index, (seat, mv) in enumerate(record.moves):
        try:
            check_seat(seat, state.num_players)
            move = game.move_from_json(mv)
            state.apply(seat, move)
        except RuleError as err:
            who = game.seat_name(seat, "de") if 0 <= seat < state.num_players else ""
            raise _refused(
                "illegal" if who else "illegal-seat",
                f"move {index} ({shown_json(mv, 80)} by seat {seat}) is illegal: {err}",
                n=index + 1,
                who=who,
                reason=game.error_text(err, "de"),
            ) from err
        if on_move is not None:
            on_move(state, seat, mv)
    if record.final_digest is not None and state.digest() != record.final_digest:
        raise _refused("digest-differs", "the replayed final state differs from the record's final_digest")
    return state


def start_state(game: Game, record: GameRecord) -> State:
    """The state ``record`` starts from: a new game from its seed, or its position."""
    if record.position is not None:
        try:
            return game.from_position(record.position, record.seed)
        except RuleError as err:  # a PositionError naming the rule
            raise _refused(
                "position-bad",
                f"the record's position cannot be set up: {err}",
                reason=game.error_text(err, "de"),
            ) from err
    try:
        return game.new_state(game.normalize_options(record.options), record.seed)
    except ValueError as err:  # OptionError, or a game's own check of its options
        said = err.said("de") if isinstance(err, OptionError) else None
        raise _refused(
            "options-bad", f"the record's options are invalid: {err}", reason=said or str(err)
        ) from err


RECORD_WORDS: dict[str, str] = {
    "object": "eine Aufzeichnung ist ein JSON-Objekt",
    "no-game": "keine Aufzeichnung einer Partie: das Feld 'game' fehlt",
    "no-seed": "keine Aufzeichnung einer Partie: das Feld 'seed' fehlt",
    "no-moves": "keine Aufzeichnung einer Partie: das Feld 'moves' fehlt",
    "game": "das Spiel der Aufzeichnung muss ein kurzer Name sein",
    "seed": "der Startwert der Aufzeichnung muss eine ganze Zahl von 0 bis 2^64-1 sein",
    "options": "die Optionen der Aufzeichnung müssen ein JSON-Objekt sein",
    "engine": "die Engine-Version der Aufzeichnung muss eine positive ganze Zahl sein",
    "digest": "die Schlussprüfsumme der Aufzeichnung muss ein Text sein",
    "moves": "die Züge der Aufzeichnung müssen eine Liste von [Platz, Zug] sein",
    "position": "die Stellung der Aufzeichnung muss ein JSON-Objekt sein",
    "move": "Zug {n} muss [Platz, Zug] sein",
    "engine-version": "diese Aufzeichnung von {title} stammt von Engine-Version {engine}; diese Ausgabe "
    "spielt Engine-Version {ours} mit anderen Regeln, darum lässt sie sich nicht nachspielen",
    "other-game": "die Aufzeichnung ist eine Partie von {game}, nicht von {title}",
    "illegal": "Zug {n} von {who} ist nicht erlaubt: {reason}",
    "illegal-seat": "Zug {n} ist nicht erlaubt: {reason}",
    "digest-differs": "der nachgespielte Endstand weicht von der Schlussprüfsumme der Aufzeichnung ab",
    "position-bad": "die Stellung der Aufzeichnung lässt sich nicht aufbauen: {reason}",
    "options-bad": "die Optionen der Aufzeichnung sind ungültig: {reason}",
}
"""A record's refusals in German (the English message stays the error's ``str`` for programs);
moves counted from 1 and players named by colour, as a person counts and names them."""


def _refused(key: str, message: str, **values: Any) -> RecordError:
    return RecordError(message, {"de": RECORD_WORDS[key].format(**values)})


def records_digest(records: Sequence[GameRecord]) -> str:
    """One hash over many records (in order)."""
    return canonical_digest([r.digest() for r in records])
