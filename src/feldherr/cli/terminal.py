"""One game at the terminal: people (reading a text stream) and bots, hot-seat aware.

The game runs in a :class:`~feldherr.core.match.Match`, the same object a server holds, on the one
game loop (:meth:`Match.run`, i.e. :func:`~feldherr.core.game.drive`): a person's seat has no bot
(``None``), so the loop returns whenever only people owe a decision. A person's answer goes in as
JSON through :meth:`Match.submit` with the version it was made against, exactly as a network
client's would. Everything printed comes from what the seat may know: its view
(``game.render_view``, ``game.describe_move(view, ...)``) and its log deltas
(:meth:`Match.log_since`, rendered by ``game.render_log``); the terminal never reads the state.
"""

from __future__ import annotations

import enum
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, TextIO

from feldherr.cli.common import position_names, write_text_safely
from feldherr.cli.messages import msg, winners_line
from feldherr.core.bots import Bot
from feldherr.core.errors import JsonConstantError, RuleError, clip, no_json_constant
from feldherr.core.game import JSON, Game, Move
from feldherr.core.i18n import number as number_text
from feldherr.core.match import Match
from feldherr.core.play import make_bots
from feldherr.core.record import GameRecord
from feldherr.sim.setup import RANDOM

HUMAN = "human"
LIST_LIMIT = 60
LIST_SHOWN = 50
CLEAR = "\033[2J\033[H"
COMMANDS = {
    "?": "help", "help": "help", "hilfe": "help",
    "board": "board", "plan": "board", "brett": "board",
    "moves": "moves", "züge": "moves", "zuege": "moves",
    "log": "log", "protokoll": "log",
    "quit": "quit", "ende": "quit", "beenden": "quit",
}  # fmt: skip
"""What a person types at the prompt, in either language, and the command it is."""
ALL = -1
"""``log_since(seat, ALL)``: every entry (log deltas are "after version v"; nothing is before 0)."""


class Turn(enum.Enum):
    MOVED = "moved"
    QUIT = "quit"
    EOF = "eof"


class TerminalGame:
    """Runs one game between people (reading ``inp``) and bots, writing to ``out``.

    Public log lines are printed as they happen. A person's private lines, the picture of what the
    seat sees and the numbered legal moves are printed right before that person decides. Bots get
    the same seeds as in :func:`feldherr.core.play.play_game`, and the loop is the same, so a game
    with only bots is exactly the batch game with the same seed.
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
        self.save_failed = False
        self.interactive = (
            interactive if interactive is not None else (self.inp.isatty() and self.out.isatty())
        )
        self.names: list[str] | None = None  # a game from a position: its players' names
        if resume is not None:
            self.match = Match.from_record(game, resume)
            seed = resume.seed
            self.names = position_names(game, resume.position, lang)
        else:
            self.match = Match(game, options, seed)
        # A person's seat gets an (unused) random bot so that every bot keeps play_game's seed.
        made = make_bots(game, [RANDOM if s == HUMAN else s for s in seats], seed)
        self.bots: list[Bot | None] = [
            None if s == HUMAN else bot for s, bot in zip(seats, made, strict=True)
        ]
        self.resumed = len(self.match.record.moves)
        start = self.match.version if resume is not None else ALL  # an old log is not shown again
        self.public_seen = start
        self.seen = [start] * len(seats)  # per seat: the version up to which it has seen its log
        self.humans = [s for s, kind in enumerate(seats) if kind == HUMAN]
        self.last_human: int | None = None
        # Hot-seat at a real terminal: the screen is cleared whenever it passes to someone else.
        self.private_screen = self.interactive and len(self.humans) >= 2

    # -- output ------------------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def who(self, seat: int) -> str:
        """A seat as the players read it: its colour (as the game's texts name it) and who plays
        it, "Red (human)", never its number from 0."""
        kind = self.seats[seat]
        name = self.game.seat_name(seat, self.lang, self.names)
        return msg("player", self.lang, name=name, kind=msg(HUMAN, self.lang) if kind == HUMAN else kind)

    def board(self, view: dict[str, Any]) -> str:
        """The picture of ``view``, its players named as a position names them."""
        return self.game.render_view(view, self.lang, self.names)

    def flush_public(self) -> None:
        for item in self.match.log_since(None, self.public_seen, self.lang, self.names):
            self.say("  " + item["text"])
        self.public_seen = self.match.version

    def flush_private(self, seat: int, title: bool, public_too: bool = False) -> None:
        """The seat's log lines since it last looked: its private ones (public ones too after the
        screen was cleared, since their earlier printing is gone)."""
        items = self.match.log_since(seat, self.seen[seat], self.lang, self.names)
        self.seen[seat] = self.match.version
        new = [i for i in items if public_too or i["entry"].get("to") == seat]
        if new and title:
            self.say(msg("news", self.lang))
        for item in new:
            self.say("  " + item["text"])

    def list_moves(self, view: dict[str, Any], moves: list[Move], limit: bool = True) -> None:
        if not moves:
            self.say(msg("no_moves", self.lang))
            return
        self.say(msg("moves", self.lang))
        shown = moves[:LIST_SHOWN] if limit and len(moves) > LIST_LIMIT else moves
        width = len(str(len(moves)))
        for number, move in enumerate(shown, 1):
            self.say(f"  {number:>{width}}. {self.game.describe_move(view, move, self.lang, self.names)}")
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
            self.say(clip(text.rstrip("\n"), 200))  # echo piped input: transcripts read like a session
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
        game, lang, match = self.game, self.lang, self.match
        view = match.view(seat)
        version = match.version
        self.say()
        self.say(msg("your_turn", lang, who=self.who(seat)))
        self.say(self.board(view))
        self.flush_private(seat, title=True, public_too=cleared)
        decision = view["decision"]
        moves_json: list[JSON] = list(decision["moves"]) if decision else []
        moves = [game.move_from_json(m) for m in moves_json]
        self.list_moves(view, moves)
        while True:
            text = self.read(msg("prompt", lang, who=self.who(seat)))
            if text is None:
                return Turn.EOF
            command = COMMANDS.get(text.lower(), text.lower())
            answer: JSON = None
            if not text:
                continue
            if command == "help":
                self.say(msg("help", lang))
            elif command == "board":
                self.say(self.board(view))
            elif command == "moves":
                self.list_moves(view, moves, limit=False)
            elif command == "log":
                self.say(msg("log_title", lang, who=self.who(seat)))
                for item in match.log_since(seat, ALL, lang, self.names):
                    self.say("  " + item["text"])
            elif command == "quit":
                return Turn.QUIT
            elif text.isdigit():
                number = int(text)
                if 1 <= number <= len(moves):
                    answer = moves_json[number - 1]
                elif not moves:
                    self.say(msg("no_moves", lang))
                else:
                    self.say(msg("bad_number", lang, n=clip(text, 20), count=len(moves)))
            else:
                answer = self.parse_json(text)
            if answer is None:
                continue
            if self.submit(seat, answer, version):
                if not self.private_screen:  # else the seat sees them in its next recap
                    self.flush_private(seat, title=False)
                return Turn.MOVED

    def submit(self, seat: int, answer: JSON, version: int) -> bool:
        """Hand a person's move to the match; say why if it is refused."""
        try:
            self.match.submit(seat, answer, version)
        except RuleError as err:
            # the rule in the game's words (its catalogue template names it); the rule's id is for
            # programs (records, the server's JSON), not for the person at the prompt
            self.say(msg("rejected", self.lang, error=self.game.error_text(err, self.lang)))
            return False
        except Exception as exc:  # a defect in the game: the match is unchanged, the game goes on
            error = f"{type(exc).__name__}: {clip(str(exc), 160)}"
            self.say(msg("defect", self.lang, error=error))
            return False
        return True

    def parse_json(self, text: str) -> JSON:
        try:
            return json.loads(text, parse_constant=no_json_constant)
        except (ValueError, RecursionError) as exc:
            if text[0] in '[{"':
                # where and why in the player's words, not Python's ("Expecting value: line 1 ...")
                if isinstance(exc, json.JSONDecodeError):
                    why = msg("json_at", self.lang, line=exc.lineno, column=exc.colno)
                elif isinstance(exc, JsonConstantError):
                    why = msg("json_constant", self.lang, name=exc.name)
                else:
                    why = msg("json_deep", self.lang)
                self.say(msg("bad_json", self.lang, error=why))
            else:
                self.say(msg("unknown_input", self.lang))
            return None

    # -- the game ----------------------------------------------------------------------------
    def run(self) -> int:
        """Play to the end; the exit status (0, or 1 when the input ended or the record could
        only be saved elsewhere). The record is saved also when the game stops on an error."""
        try:
            code = self.loop()
        except KeyboardInterrupt:
            self.say()
            self.say(msg("quit", self.lang))
            self.write_record()
            raise
        except Exception:
            self.write_record()
            raise
        return 1 if self.save_failed else code

    def loop(self) -> int:
        match = self.match
        self.say(
            msg("start", self.lang, title=self.game.title, players=len(self.seats), seed=match.record.seed)
        )
        self.say(msg("players", self.lang, players=", ".join(self.who(s) for s in range(len(self.seats)))))
        if self.resumed:
            self.say(msg("resumed", self.lang, moves=self.resumed))
        self.flush_public()
        while True:
            match.run(self.bots)  # the bots move until the game ends or a person owes a decision
            self.flush_public()
            if match.is_over():
                break
            seat = next(s for s in match.to_move() if self.bots[s] is None)
            turn = self.human_turn(seat)
            if turn is not Turn.MOVED:
                self.say(msg("quit" if turn is Turn.QUIT else "eof", self.lang))
                self.write_record()
                return 0 if turn is Turn.QUIT else 1
            self.flush_public()
        self.finish()
        return 0

    def finish(self) -> None:
        outcome = self.match.outcome()
        assert outcome is not None
        self.say()
        self.say(msg("game_over", self.lang))
        self.say(self.board(self.match.view(None)))
        scores = ", ".join(
            msg("player_score", self.lang, name=self.who(s), score=number_text(v, self.lang))
            for s, v in enumerate(outcome.scores)
        )
        self.say(msg("scores", self.lang, scores=scores))
        self.say(winners_line([self.who(s) for s in outcome.winners], self.lang))
        # outcome.detail (tie-break data) is not printed: it is raw data, and the final board and
        # the log's last line already say who won and why, in words
        self.write_record()

    def write_record(self) -> None:
        """Save the record to ``save``; if that fails now (the folder was removed, the disk is
        full), save it in the temporary folder instead and say where."""
        if self.save is None:
            return
        text = json.dumps(self.match.finish_record().to_json(), ensure_ascii=False, indent=1) + "\n"
        try:
            write_text_safely(self.save, text)
        except (OSError, ValueError) as exc:
            self.save_failed = True
            name = f"feldherr-{self.game.name}-{self.match.record.seed}-{int(time.time())}.json"
            fallback = Path(tempfile.gettempdir()) / name
            try:
                fallback.write_text(text, encoding="utf-8")
            except OSError:
                self.say(
                    msg("save_lost", self.lang, path=clip(str(self.save), 120), error=clip(str(exc), 120))
                )
                return
            self.say(
                msg(
                    "save_elsewhere",
                    self.lang,
                    path=clip(str(self.save), 120),
                    error=clip(str(exc), 120),
                    fallback=fallback,
                )
            )
            return
        self.say(msg("saved", self.lang, path=str(self.save)))
