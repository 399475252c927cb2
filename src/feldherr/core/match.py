"""A match: one game served to people and bots, with its record, versions and per-seat updates.

:class:`Match` is what the terminal game, the server and the batch loop hold. It keeps the state
private; seats see it through views, log deltas and :class:`~feldherr.core.bots.SeatAccess`.

* ``submit(seat, move_json, expected_version)`` reads a move from JSON (exact types), checks it
  was made against the current version, applies it and records it. A submission made against an
  older version is refused (:class:`~feldherr.core.errors.StaleMoveError`), except
  - a repeat of the very submission that was applied at that version (a retry after a dropped
    connection), which is answered as a duplicate and not applied again, and
  - a move of a decision that has not changed since: in a simultaneous secret phase the others'
    moves raise the version while this seat's question stays the same. The versions at which
    :meth:`Match.update` handed a seat its current decision are remembered (an update that repeats
    the same decision because another seat moved adds its version, it does not replace the
    earlier one); a move made against any of them is taken while the seat has not moved since and
    its legal moves now are exactly the ones it was shown.
* ``update(seat, since)`` is everything a seat needs after a change: its view and the log entries
  it may read that were written after version ``since``.
* ``run(bots)`` is the one loop that lets bots move (see :func:`feldherr.core.game.drive`).
* ``undo(seat, expected_version)`` takes back the seat's last move where the table allows it
  (``undo_refusal`` says why not): it is the last move of the game (no other seat has acted
  since), the game lets that kind of move be taken back (``Game.undoable``), and it drew no chance
  and showed nothing hidden (:func:`feldherr.core.undo.no_news`). The match keeps the state before
  the last move for that one step; the record then holds the moves as if the taken-back move had
  never been made, so replays stay exact.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from feldherr.core.bots import Bot, SeatAccess
from feldherr.core.errors import GameOverError, StaleMoveError, UndoError, shown
from feldherr.core.game import (
    JSON,
    MAX_DECISIONS,
    Game,
    LogEntry,
    Move,
    Outcome,
    State,
    canonical_json,
    drive,
)
from feldherr.core.record import GameRecord, check_engine, replay
from feldherr.core.undo import no_news
from feldherr.core.validate import check_seat


@dataclass(frozen=True)
class Submission:
    """The answer to a submission: the version after it, and whether it was applied now."""

    version: int
    applied: bool
    duplicate: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"version": self.version, "applied": self.applied, "duplicate": self.duplicate}


@dataclass
class _Undo:
    """What taking back the last move restores: the state before it and the seat's bookkeeping."""

    seat: int
    move: Move
    state: State
    after: State
    last: tuple[int, str | None] | None
    offered: dict[int, tuple[list[int], str | None]]
    verdict: str | None = "unknown"  # None: it may be taken back; else the refusing rule


class Match:
    """A game in progress with its record; see the module docstring."""

    def __init__(
        self, game: Game, options: Mapping[str, Any], seed: int, position: Mapping[str, Any] | None = None
    ) -> None:
        """A new game, or (``position``) a game played on from a position: its options are the
        position's, and its decisions count from 0 (the position's ``decisions`` is set to 0)."""
        self.game = game
        start: dict[str, Any] | None = None
        if position is not None:
            start = {**position, "decisions": 0}
            self._state: State = game.from_position(start, seed)  # a PositionError names the rule
            opts = dict(self._state.options)
        else:
            opts = game.normalize_options(options)
            self._state = game.new_state(opts, seed)
        self.record = GameRecord(
            game=game.name, options=opts, seed=seed, engine=game.engine_version, position=start
        )
        self._marks: list[int] = [len(self._state.log)]  # log length after each version
        self._last: dict[int, tuple[int, str | None]] = {}  # seat -> (version it moved at, move JSON)
        self._offered: dict[int, tuple[list[int], str | None]] = {}  # seat -> (versions, decision's moves)
        self._undo: _Undo | None = None  # the last move, while it may still be taken back

    @classmethod
    def from_record(cls, game: Game, record: GameRecord) -> Match:
        """Rebuild a match by replaying ``record`` (RecordError if it does not replay)."""
        match = cls.__new__(cls)
        match.game = game
        match._marks = []
        match._last = {}
        match._offered = {}
        match._undo = None

        def mark(state: State, seat: int, move_json: JSON) -> None:
            match._last[seat] = (state.version - 1, canonical_json(move_json))
            match._marks.append(len(state.log))

        def first(state: State) -> None:
            match._marks.append(len(state.log))

        match._state = replay(game, record, on_move=mark, on_start=first)
        match.record = GameRecord(
            game=record.game,
            options=dict(record.options),
            seed=record.seed,
            moves=list(record.moves),
            engine=game.engine_version,
            position=record.position,
        )
        return match

    # -- reading ------------------------------------------------------------------------------
    @property
    def version(self) -> int:
        return self._state.version

    @property
    def num_players(self) -> int:
        return self._state.num_players

    def to_move(self) -> tuple[int, ...]:
        return self._state.to_move()

    def is_over(self) -> bool:
        return self._state.is_terminal()

    def outcome(self) -> Outcome | None:
        return self._state.outcome() if self._state.is_terminal() else None

    def view(self, seat: int | None) -> dict[str, Any]:
        if seat is not None:
            check_seat(seat, self._state.num_players)
        return self._state.view(seat)

    def seat_access(self, seat: int) -> SeatAccess:
        """What a bot playing ``seat`` may know (for bots run outside :meth:`run`)."""
        return SeatAccess(self._state, check_seat(seat, self._state.num_players))

    def log_since(
        self,
        seat: int | None,
        since: int | None = None,
        lang: str | None = None,
        names: Sequence[str] | None = None,
    ) -> list[dict[str, Any]]:
        """The log entries ``seat`` may read that were written after version ``since`` (``None``:
        all of them), each with the version that wrote it (and its text in ``lang`` when given,
        naming seats by ``names``)."""
        first = 0 if since is None else max(0, since + 1)
        out: list[dict[str, Any]] = []
        log = self._state.log
        for version in range(first, self.version + 1):
            start = self._marks[version - 1] if version > 0 else 0
            for entry in log[start : self._marks[version]]:
                if entry.get("to") is None or entry.get("to") == seat:
                    out.append(self._entry(entry, version, lang, names))
        return out

    def _entry(
        self, entry: LogEntry, version: int, lang: str | None, names: Sequence[str] | None
    ) -> dict[str, Any]:
        item: dict[str, Any] = {"version": version, "entry": entry}
        if lang is not None:
            item["text"] = self.game.render_log(entry, lang, names)
            table = self.game.log_table(entry, lang, names)
            if table is not None:
                item["table"] = table
        return item

    def update(
        self,
        seat: int | None,
        since: int | None = None,
        lang: str | None = None,
        names: Sequence[str] | None = None,
    ) -> dict[str, Any]:
        """A seat's update: the version, its view, and the log entries after version ``since``
        (texts in ``lang``, seats named by ``names``)."""
        view = self.view(seat)
        decision = view.get("decision")
        if seat is not None and decision is not None:
            self._offer(seat, _canonical(decision["moves"]))
        update: dict[str, Any] = {
            "version": self.version,
            "view": view,
            "log": self.log_since(seat, since, lang, names),
        }
        outcome = self.outcome()
        if outcome is not None:
            update["outcome"] = outcome.to_json()
        return update

    def offer(self, seat: int) -> int:
        """Hand ``seat`` its decision now without an update (a bot thinking outside the match):
        remembered as :meth:`update` remembers it; returns the version."""
        check_seat(seat, self._state.num_players)
        moves = self._state.legal_moves(seat)
        if moves:
            self._offer(seat, _canonical([self.game.move_to_json(m) for m in moves]))
        return self.version

    def _offer(self, seat: int, moves: str | None) -> None:
        """Remember that ``seat`` was handed a decision with these legal moves now: one more version
        of the same decision (the seat has not moved since it was first handed out), or a new one."""
        old = self._offered.get(seat)
        last = self._last.get(seat)
        unanswered = old is not None and (last is None or last[0] < old[0][0])
        if old is not None and unanswered and moves is not None and old[1] == moves:
            if old[0][-1] != self.version:
                old[0].append(self.version)
        else:
            self._offered[seat] = ([self.version], moves)

    # -- changing -----------------------------------------------------------------------------
    def submit(self, seat: int, move_json: JSON, expected_version: int | None = None) -> Submission:
        """Read, check and apply one move (see the module docstring). A refused move raises a
        :class:`~feldherr.core.errors.RuleError` and changes nothing."""
        state = self._state
        check_seat(seat, state.num_players)
        if expected_version is not None and (
            type(expected_version) is not int or expected_version != state.version
        ):
            last = self._last.get(seat)
            if type(expected_version) is int and last == (expected_version, _canonical(move_json)):
                return Submission(version=state.version, applied=False, duplicate=True)
            if not self._still_asked(seat, expected_version):
                raise StaleMoveError(
                    f"the move was made against version {shown(expected_version, 40)}, but the game is "
                    f"at version {state.version}",
                    rule="core.stale",
                    expected=shown(expected_version, 40),
                    version=state.version,
                )
        if state.is_terminal():
            raise GameOverError("the game is over", rule="core.game-over")
        move = self.game.move_from_json(move_json)
        self.apply(seat, move)
        return Submission(version=self._state.version, applied=True)

    def _still_asked(self, seat: int, expected_version: Any) -> bool:
        """The seat was handed its decision at ``expected_version`` and it is the same now."""
        offered = self._offered.get(seat)
        if offered is None or type(expected_version) is not int or expected_version not in offered[0]:
            return False
        if expected_version > self._state.version:
            return False
        last = self._last.get(seat)
        if last is not None and last[0] >= expected_version:
            return False  # the seat has moved since: whatever it was shown then is answered
        moves = self._state.legal_moves(seat)
        return bool(moves) and _canonical([self.game.move_to_json(m) for m in moves]) == offered[1]

    # -- taking a move back ------------------------------------------------------------------------
    def undo_refusal(self, seat: int) -> str | None:
        """None when ``seat`` may take back its last move now; else the rule id that forbids it
        (``core.undo.none``, ``core.undo.moved``, ``core.undo.over``, ``core.undo.rule``,
        ``core.undo.chance``, ``core.undo.hidden``). Decided once per move, then remembered."""
        check_seat(seat, self._state.num_players)
        undo = self._undo
        if undo is None or undo.seat != seat:
            moves = self.record.moves
            if moves and moves[-1][0] != seat and any(s == seat for s, _ in moves):
                return "core.undo.moved"
            return "core.undo.none"
        if undo.verdict == "unknown":
            undo.verdict = _verdict(self.game, undo.state, seat, undo.move, undo.after)
        return undo.verdict

    def undo_known(self, seat: int) -> bool | None:
        """Whether ``seat`` may take back its last move, as far as it is decided already (None: its
        test has not run yet; see :meth:`undo_test`)."""
        undo = self._undo
        if undo is None or undo.seat != seat:
            return False
        return None if undo.verdict == "unknown" else undo.verdict is None

    def undo_test(self, seat: int) -> Callable[[], bool] | None:
        """The test whether ``seat`` may take back its last move, to run later without holding
        whatever guards the match (it works on copies of the two states, made now): it records its
        verdict for :meth:`undo_known` and answers it. None when there is nothing to test."""
        undo = self._undo
        if undo is None or undo.seat != seat or undo.verdict != "unknown":
            return None
        game, move = self.game, undo.move
        before, after = undo.state.clone(), undo.after.clone()

        def run() -> bool:
            verdict = _verdict(game, before, seat, move, after)
            if undo.verdict == "unknown":
                undo.verdict = verdict
            return undo.verdict is None

        return run

    def seal(self) -> None:
        """The last move stands: it can no longer be taken back (a bot's move, made by a bot that
        stands in for a person included; bots never take a move back)."""
        self._undo = None

    def can_undo(self, seat: int) -> bool:
        """Whether ``seat`` may take back its last move now (:meth:`undo_refusal` is None)."""
        return self.undo_refusal(seat) is None

    def undo(self, seat: int, expected_version: int | None = None) -> Submission:
        """Take back ``seat``'s last move: the state before it comes back, the record loses it.
        ``expected_version`` is the version the seat saw after its move (another version:
        ``core.stale``). A refusal raises :class:`~feldherr.core.errors.UndoError` (or
        StaleMoveError) naming the rule and changes nothing."""
        check_seat(seat, self._state.num_players)
        if expected_version is not None and (
            type(expected_version) is not int or expected_version != self._state.version
        ):
            raise StaleMoveError(
                f"the undo was asked against version {shown(expected_version, 40)}, but the game is "
                f"at version {self._state.version}",
                rule="core.stale",
                expected=shown(expected_version, 40),
                version=self._state.version,
            )
        rule = self.undo_refusal(seat)
        undo = self._undo
        if rule is not None or undo is None:
            raise UndoError(f"the last move cannot be taken back ({rule})", rule=rule or "core.undo.none")
        self._state = undo.state
        self.record.moves.pop()
        self._marks.pop()
        if undo.last is None:
            self._last.pop(seat, None)
        else:
            self._last[seat] = undo.last
        self._offered = undo.offered
        self._undo = None
        return Submission(version=self._state.version, applied=True)

    # -- snapshots ------------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        """The match now as JSON (the complete state and the log marks), for :meth:`from_snapshot`."""
        return {"state": self._state.to_json(), "marks": list(self._marks)}

    @classmethod
    def from_snapshot(cls, game: Game, record: GameRecord, version: int, data: Mapping[str, Any]) -> Match:
        """The match of ``record`` rebuilt from a :meth:`snapshot` taken after ``version`` of its
        moves, then the moves after it applied; ValueError (or the game's own error) if the
        snapshot does not fit the record (the caller then replays the record instead)."""
        check_engine(game, record)
        if not 0 < version <= len(record.moves):
            raise ValueError(f"snapshot at {version} does not fit a record of {len(record.moves)} moves")
        state = game.state_from_json(data["state"])
        marks = [int(m) for m in data["marks"]]
        if state.version != version or len(marks) != version + 1 or len(state.log) != marks[-1]:
            raise ValueError("the snapshot does not fit its record")
        match = cls.__new__(cls)
        match.game = game
        match._state = state
        match._marks = marks
        match._last = {}
        match._offered = {}
        match._undo = None
        done = record.moves[:version]
        for index, (seat, move_json) in enumerate(done):
            match._last[seat] = (index, _canonical(move_json))
        match.record = GameRecord(
            game=record.game,
            options=dict(record.options),
            seed=record.seed,
            moves=list(done),
            engine=game.engine_version,
            position=record.position,
        )
        for seat, move_json in record.moves[version:]:
            match.submit(seat, move_json)
        match._undo = None  # as after a replay: a reloaded match takes no move back
        return match

    def apply(self, seat: int, move: Move) -> None:
        """Apply a move object (already read). The state is replaced only when the move went
        through, so not even a defect in a game's ``apply`` can leave a half-made move behind."""
        old = self._state
        trial = old.clone()
        before = trial.version
        trial.apply(seat, move)
        self._state = trial
        offered = {s: (list(v), m) for s, (v, m) in self._offered.items()}
        undo = _Undo(seat, move, old, trial, self._last.get(seat), offered)
        self._after(seat, move, before)
        self._undo = undo

    def _after(self, seat: int, move: Move, before: int) -> None:
        move_json = self.game.move_to_json(move)
        self.record.moves.append((seat, move_json))
        self._marks.append(len(self._state.log))
        self._last[seat] = (before, canonical_json(move_json))

    def run(self, bots: Sequence[Bot | None], max_decisions: int = MAX_DECISIONS) -> int:
        """Let the bots move until the game ends or only seats without a bot (``None``: a person)
        owe a decision; returns the number of decisions made."""
        state = self._state

        def remember(seat: int, move: Move) -> None:
            self._after(seat, move, state.version - 1)
            self._undo = None  # a bot's move is never taken back, nor one made before it

        return drive(state, bots, remember, max_decisions)

    def digest(self) -> str:
        """The digest of the current position (see :meth:`State.digest`)."""
        return self._state.digest()

    def finish_record(self) -> GameRecord:
        """The record with ``final_digest``: the digest of the position after its last move (the
        end of the game, or where an unfinished game stopped; replaying checks it)."""
        self.record.final_digest = self._state.digest()
        return self.record


def _verdict(game: Game, before: State, seat: int, move: Move, after: State) -> str | None:
    """None when ``move`` of ``seat`` may be taken back; else the rule id that forbids it."""
    if after.is_terminal():
        return "core.undo.over"
    if not game.undoable(before, seat, move, after):
        return "core.undo.rule"
    return no_news(before, seat, move, after)


def _canonical(move_json: JSON) -> str | None:
    """The canonical text of a submitted move, or None for one that has none (never a duplicate)."""
    try:
        return canonical_json(move_json)
    except (TypeError, ValueError, RecursionError):
        return None
