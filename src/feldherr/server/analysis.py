"""The analysis board of finished games: one seat's decision at one step, searched on the bot workers.

``POST /api/games/{id}/analysis`` with ``{"at": step, "seat": seat, "lang": "en"}`` replays the
finished game to ``step`` and runs :func:`feldherr.search.analysis.analyse` for ``seat`` there (the
search samples its worlds from that seat's information only, as ``feldherr analyse`` does). The
search runs in a bot worker process with the server's analysis budget (``--analysis-bot``, default
``hard@2s``), never on the event loop; at most ``--analysis-slots`` analyses run at once, one more
is refused as busy (at once, before the game is replayed). The analyses have worker processes of
their own: on the bots' workers, two clients asking for analyses over and over kept every worker
busy and every bot of every game waiting (a game of two random bots took 186 s instead of half a
second). A running game is never analysed: its players would learn from it.
"""

from __future__ import annotations

import contextlib
import hashlib
import threading
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from feldherr.core.errors import OptionError
from feldherr.core.game import Game
from feldherr.core.match import Match
from feldherr.core.record import GameRecord
from feldherr.games import get_game
from feldherr.search.analysis import analyse, search_bot, standing
from feldherr.server.protocol import ServerError, detail, english_or, get_int, get_lang
from feldherr.server.workers import BotPool
from feldherr.web import move_facts


@dataclass(frozen=True)
class AnalysisTask:
    """One analysis, everything a worker needs (picklable)."""

    game: str
    state: dict[str, Any]
    seat: int
    bot: str
    seed: int
    lang: str
    names: tuple[str, ...]


@dataclass(frozen=True)
class Ask:
    """A checked analysis request (``longer``: the analysis board's "search longer")."""

    at: int
    seat: int
    lang: str
    longer: bool = False


LONGER = 4
"""How many times the server's budget "search longer" asks for (``hard@2s`` → ``hard@8s``)."""


def longer_bot(game: Any, bot: str) -> str:
    """``bot`` with :data:`LONGER` times its budget (its iterations and its seconds), its name and
    search settings kept: ``hard@2s`` → ``hard@8s``, ``medium@60i`` → ``medium@240i``,
    ``hard@63i:tree`` → ``hard@252i:tree``; a bot named without a budget gets its own default's."""
    budget = search_bot(game, bot, 0).budget
    name = bot.split("@", 1)[0].split(":", 1)[0]
    settings = bot[bot.index(":") :] if ":" in bot else ""
    terms = []
    if budget.iterations is not None:
        terms.append(f"{budget.iterations * LONGER}i")
    if budget.seconds is not None:
        terms.append(f"{budget.seconds * LONGER:g}{'cpu' if budget.cpu else 's'}")
    return f"{name}@{'+'.join(terms)}{settings}"


def parse_ask(data: Any) -> Ask:
    """``{"at": step, "seat": seat, "lang": "en" | "de"}`` by exact type."""
    if not isinstance(data, dict):
        raise ServerError("server.field", field="body", wanted="a JSON object", wanted_de="ein JSON-Objekt")
    at = get_int(data, "at", None, 0, 10**7)
    seat = get_int(data, "seat", None, 0, 63)
    longer = data.get("longer", False)
    if type(longer) is not bool:
        raise ServerError("server.field", field="longer", wanted="true or false", wanted_de="true oder false")
    return Ask(at, seat, get_lang(data), longer)


def _details(game: Game, view: Mapping[str, Any], move: Any) -> dict[str, Any]:
    """``{"details": ...}`` where the game has facts about the move that the browser words itself
    (Wallenstein: an attack's odds, in the page's number format), else nothing."""
    details = move_facts(game, view, move)  # extra facts never block the analysis
    return {"details": details} if details else {}


def run_analysis(task: AnalysisTask) -> dict[str, Any]:
    """The analysis as JSON (runs in a worker): each legal move of the seat in its words, with the
    visits, the mean win share and score of every seat, and the seat's 95 % interval."""
    game = get_game(task.game)
    state = game.state_from_json(task.state)
    result = analyse(game, state, task.seat, task.bot, task.seed)
    view = state.view(task.seat)
    names = list(task.names)
    return {
        "seat": task.seat,
        "iterations": result.iterations,
        "seconds": round(result.seconds, 3),
        "moves": [
            {
                "move": game.move_to_json(m.move),
                "text": game.describe_move_bare(view, m.move, task.lang, names),
                **_details(game, view, m.move),
                "visits": m.visits,
                "win_share": [round(v, 4) for v in m.win_share],
                "win_share_interval": [round(m.low, 4), round(m.high, 4)],
                "score": [round(v, 3) for v in m.score],
                "standing": mark,  # against the search's choice: "choice", "as_good", "better", None
            }
            for m, mark in zip(result.moves, standing(result.moves), strict=True)
        ],
    }


def analysis_seed(game_id: str, at: int, seat: int) -> int:
    """The same question about the same game gets the same search (a stable seed)."""
    digest = hashlib.blake2b(f"analysis:{game_id}:{at}:{seat}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


class Analyser:
    """Runs analyses ``slots`` at a time on worker processes of its own (``workers``: None, one per
    slot, started at the first analysis; 0: in the calling thread, for debugging), never on the
    bots' workers."""

    def __init__(
        self, bot: str, slots: int, workers: int | None = None, registered: tuple[str, ...] = ()
    ) -> None:
        self.bot = bot
        self.slots = max(1, slots)
        self.workers = self.slots if workers is None else workers
        self.registered = registered
        self._free = threading.BoundedSemaphore(self.slots)
        self._pool: BotPool | None = None
        self._lock = threading.Lock()

    def take(self) -> None:
        """Take one of the slots for an analysis about to be asked (:meth:`run` with ``held``
        gives it back when the analysis ends, also when its client has gone meanwhile);
        ``server.analysis-busy`` at once if none is free, so that a crowd of requests costs no
        replay and no thread."""
        if not self._free.acquire(blocking=False):
            raise ServerError("server.analysis-busy", 503, "busy", slots=self.slots)

    def release(self) -> None:
        """Give back a slot taken with :meth:`take` (for an analysis that was not started)."""
        self._free.release()

    @contextlib.contextmanager
    def _slot(self, held: bool) -> Iterator[None]:
        if not held:
            self.take()
        try:
            yield
        finally:
            self.release()

    def pool(self) -> BotPool:
        """The analyses' own worker processes (started at the first use)."""
        with self._lock:
            if self._pool is None:
                self._pool = BotPool(self.workers, self.registered)
            return self._pool

    def close(self) -> None:
        with self._lock:
            if self._pool is not None:
                self._pool.close()
                self._pool = None

    def run(
        self,
        pool: BotPool | None,
        game_id: str,
        record: GameRecord,
        names: Sequence[str],
        ask: Ask,
        held: bool = False,
    ) -> dict[str, Any]:
        """The analysis of ``ask`` in the finished game ``record`` (blocks this thread, not the loop)
        on ``pool`` (None: the analyses' own workers); ``held``: the caller took its slot already
        (:meth:`take`); either way the slot is given back when this returns or fails."""
        with self._slot(held):
            return self._run(pool, game_id, record, names, ask)

    def _run(
        self, pool: BotPool | None, game_id: str, record: GameRecord, names: Sequence[str], ask: Ask
    ) -> dict[str, Any]:
        game = get_game(record.game)
        total = len(record.moves)
        if ask.at > total:
            raise ServerError("server.analysis-step", 422, "bad-step", at=ask.at, total=total)
        match = Match.from_record(game, record.prefix(ask.at))
        if ask.seat >= match.num_players or ask.seat not in match.to_move():
            raise ServerError("server.analysis-seat", 409, "no-decision")
        try:
            search_bot(game, self.bot, 0)
            bot = longer_bot(game, self.bot) if ask.longer else self.bot
        except (OptionError, ValueError) as exc:  # a misconfigured server, not the asker's fault
            said = detail("message", english_or("part.analysis-bot", str(exc)))
            raise ServerError("server.options", 500, "bad-options", **said) from exc
        task = AnalysisTask(
            game.name,
            match.snapshot()["state"],
            ask.seat,
            bot,
            analysis_seed(game_id, ask.at, ask.seat),
            ask.lang,
            tuple(names),
        )
        workers = pool if pool is not None else self.pool()
        out = workers.run(run_analysis, task, f"an analysis of {game.name}")
        return {"game": game_id, "at": ask.at, "bot": bot, "longer": LONGER, **out}


__all__ = [
    "LONGER",
    "Analyser",
    "AnalysisTask",
    "Ask",
    "analysis_seed",
    "longer_bot",
    "parse_ask",
    "run_analysis",
]
