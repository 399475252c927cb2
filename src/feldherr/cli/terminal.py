"""One game at the terminal: people (reading a text stream) and bots, hot-seat aware."""

from __future__ import annotations

import enum
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from feldherr.cli.messages import msg
from feldherr.core.bots import Bot, SeatAccess
from feldherr.core.errors import RuleError
from feldherr.core.game import Game, LogEntry, Move, State
from feldherr.core.play import make_bots
from feldherr.core.record import GameRecord, replay
from feldherr.sim.setup import RANDOM

HUMAN = "human"
LIST_LIMIT = 60
LIST_SHOWN = 50
CLEAR = "\033[2J\033[H"


class Turn(enum.Enum):
    MOVED = "moved"
    QUIT = "quit"
    EOF = "eof"


class TerminalGame:
    """Runs one game between people (reading ``inp``) and bots, writing to ``out``.

    Public log lines are printed as they happen. A person's private lines, the picture of what the
    seat sees and the numbered legal moves are printed right before that person decides. Bots get
    the same seeds as in :func:`feldherr.core.play.play_game`, so a game with only bots reproduces
    the batch game with the same seed.
    """

    def __init__(
        self,
        game: Game,
        options: dict[str, Any],
        seed: int,
        seats: list[str],
        lang: str = "en",
        inp: TextIO | None = None,
        out: TextIO | None = None,
        save: Path | None = None,
        interactive: bool | None = None,
        resume: GameRecord | None = None,
    ) -> None:
        """``resume``: continue this (unfinished) record; its options and seed replace the
        arguments. Raises :class:`~feldherr.core.errors.RecordError` if it does not replay."""
        self.game = game
        self.seats = seats
        self.lang = lang
        self.inp = inp if inp is not None else sys.stdin
        self.out = out if out is not None else sys.stdout
        self.save = save
        self.interactive = (
            interactive if interactive is not None else (self.inp.isatty() and self.out.isatty())
        )
        if resume is not None:
            options, seed = resume.options, resume.seed
            self.state: State = replay(game, resume)
            self.record = GameRecord(game.name, options, seed, list(resume.moves))
        else:
            self.state = game.new_state(options, seed)
            self.record = GameRecord(game=game.name, options=options, seed=seed)
        # Humans' seats get (unused) random bots so that every bot keeps play_game's seed.
        self.bots: list[Bot] = make_bots(game, [RANDOM if s == HUMAN else s for s in seats], seed)
        self.resumed = len(self.record.moves)
        self.public_seen = len(self.state.log) if resume is not None else 0
        self.seen = [self.public_seen] * len(seats)  # per seat: log entries shown to it so far
        self.humans = [s for s, kind in enumerate(seats) if kind == HUMAN]
        self.last_human: int | None = None
        # Hot-seat at a real terminal: the screen is cleared whenever it passes to someone else.
        self.private_screen = self.interactive and len(self.humans) >= 2

    # -- output ------------------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def who(self, seat: int) -> str:
        return msg("seat", self.lang, seat=seat, kind=self.seats[seat])

    def line(self, entry: LogEntry) -> str:
        return "  " + self.game.render_log(entry, self.lang)

    def flush_public(self) -> None:
        for entry in self.state.log[self.public_seen :]:
            if entry.get("to") is None:
                self.say(self.line(entry))
        self.public_seen = len(self.state.log)

    def flush_private(self, seat: int, title: bool, public_too: bool = False) -> None:
        """The seat's log lines since it last looked: its private ones (public ones too after the
        screen was cleared, since their earlier printing is gone)."""
        log = self.state.log
        wanted = (None, seat) if public_too else (seat,)
        new = [e for e in log[self.seen[seat] :] if e.get("to") in wanted]
        self.seen[seat] = len(log)
        if new and title:
            self.say(msg("news", self.lang))
        for entry in new:
            self.say(self.line(entry))

    def list_moves(self, seat: int, moves: list[Move], limit: bool = True) -> None:
        if not moves:
            self.say(msg("no_moves", self.lang))
            return
        self.say(msg("moves", self.lang))
        shown = moves[:LIST_SHOWN] if limit and len(moves) > LIST_LIMIT else moves
        width = len(str(len(moves)))
        for number, move in enumerate(shown, 1):
            self.say(f"  {number:>{width}}. {self.game.describe_move(self.state, seat, move, self.lang)}")
        if len(shown) < len(moves):
            self.say(msg("more", self.lang, n=len(moves) - len(shown)))

    # -- input -------------------------------------------------------------------------------
    def read(self, prompt: str) -> str | None:
        if self.interactive and self.inp is sys.stdin and self.out is sys.stdout:
            try:  # input() offers line editing at a terminal
                return input(prompt).strip()
            except EOFError:
                self.say()
                return None
        print(prompt, end="", file=self.out, flush=True)
        text = self.inp.readline()
        if not text:
            self.say()
            return None
        if not self.interactive:
            self.say(text.rstrip("\n"))  # echo piped input so transcripts read like a session
        return text.strip()

    def clear(self) -> None:
        print(CLEAR, end="", file=self.out, flush=True)

    def hand_over(self, seat: int) -> bool | None:
        """The hot-seat separator; None if the input ended while waiting, True if it cleared the
        screen (then nothing of the previous person's view is left on it)."""
        if len(self.humans) < 2 or self.last_human == seat:
            return False
        if self.private_screen:
            self.clear()
        self.say("=" * 72)
        self.say(msg("pass", self.lang, who=self.who(seat)))
        self.say("=" * 72)
        if self.private_screen:
            if self.read(msg("ready", self.lang) + " ") is None:
                return None
            self.clear()
            return True
        return False

    def human_turn(self, seat: int) -> Turn:
        cleared = self.hand_over(seat)
        if cleared is None:
            return Turn.EOF
        self.last_human = seat
        state, game, lang = self.state, self.game, self.lang
        self.say()
        self.say(msg("your_turn", lang, who=self.who(seat)))
        self.say(game.render_text(state, seat, lang))
        self.flush_private(seat, title=True, public_too=cleared)
        moves = state.legal_moves(seat)
        self.list_moves(seat, moves)
        while True:
            text = self.read(msg("prompt", lang, who=self.who(seat)))
            if text is None:
                return Turn.EOF
            command = text.lower()
            move: Move | None = None
            if not text:
                continue
            if command in ("?", "help"):
                self.say(msg("help", lang))
            elif command == "board":
                self.say(game.render_text(state, seat, lang))
            elif command == "moves":
                self.list_moves(seat, moves, limit=False)
            elif command == "log":
                self.say(msg("log_title", lang, who=self.who(seat)))
                for entry in state.visible_log(seat):
                    self.say(self.line(entry))
            elif command == "quit":
                return Turn.QUIT
            elif text.isdigit():
                number = int(text)
                if 1 <= number <= len(moves):
                    move = moves[number - 1]
                elif not moves:
                    self.say(msg("no_moves", lang))
                else:
                    self.say(msg("bad_number", lang, n=number, count=len(moves)))
            else:
                move = self.parse_json(text)
            if move is None:
                continue
            try:
                state.apply(seat, move)
            except RuleError as err:
                self.say(msg("rejected", lang, error=str(err)))
                continue
            self.record.moves.append((seat, game.move_to_json(move)))
            if not self.private_screen:  # else the seat sees them in its next recap
                self.flush_private(seat, title=False)
            return Turn.MOVED

    def parse_json(self, text: str) -> Move | None:
        try:
            data = json.loads(text)
        except ValueError as exc:
            if text[0] in '[{"':
                self.say(msg("bad_json", self.lang, error=str(exc)))
            else:
                self.say(msg("unknown_input", self.lang))
            return None
        try:
            return self.game.move_from_json(data)
        except RuleError as err:
            self.say(msg("rejected", self.lang, error=str(err)))
            return None

    # -- the game ----------------------------------------------------------------------------
    def run(self) -> int:
        try:
            return self.loop()
        except KeyboardInterrupt:
            self.say()
            self.say(msg("quit", self.lang))
            self.write_record()
            raise

    def loop(self) -> int:
        state = self.state
        self.say(
            msg("start", self.lang, title=self.game.title, players=len(self.seats), seed=self.record.seed)
        )
        self.say(msg("seats", self.lang, seats=", ".join(self.who(s) for s in range(len(self.seats)))))
        if self.resumed:
            self.say(msg("resumed", self.lang, moves=self.resumed))
        self.flush_public()
        while not state.is_terminal():
            for seat in state.to_move():
                if state.is_terminal() or seat not in state.to_move():
                    break
                if self.seats[seat] == HUMAN:
                    turn = self.human_turn(seat)
                    if turn is not Turn.MOVED:
                        self.say(msg("quit" if turn is Turn.QUIT else "eof", self.lang))
                        self.write_record()
                        return 0 if turn is Turn.QUIT else 1
                else:
                    move = self.bots[seat].choose(SeatAccess(state, seat))
                    state.apply(seat, move)
                    self.record.moves.append((seat, self.game.move_to_json(move)))
                self.flush_public()
        self.finish()
        return 0

    def finish(self) -> None:
        outcome = self.state.outcome()
        self.say()
        self.say(msg("game_over", self.lang))
        self.say(self.game.render_text(self.state, None, self.lang))
        scores = ", ".join(f"{self.who(s)} {v:g}" for s, v in enumerate(outcome.scores))
        self.say(msg("scores", self.lang, scores=scores))
        self.say(msg("winners", self.lang, winners=", ".join(self.who(s) for s in outcome.winners)))
        if outcome.detail:
            self.say(json.dumps(dict(outcome.detail), ensure_ascii=False, default=str))
        self.write_record()

    def write_record(self) -> None:
        if self.save is None:
            return
        self.record.final_digest = self.state.digest()
        text = json.dumps(self.record.to_json(), ensure_ascii=False, indent=1)
        self.save.write_text(text + "\n", encoding="utf-8")
        self.say(msg("saved", self.lang, path=str(self.save)))
