"""Playing a seat's page through the UI only, and the text scan of what a player sees.

``text_problems(text, lang)`` names what a player must never read: raw literals, ids, seats by
number, snake_case, singular/plural slips, English words on a German page. It is
``feldherr.core.textscan.text_problems`` where that module exists, else the patterns below (the same
contract, so either can be swapped in).

``Scan`` reads the page after every update: ``document.body.innerText`` split into the client's own
text and the games' texts (elements marked ``data-game``: log lines and tables, choice phrases,
step labels, the server's messages), whether the page scrolls sideways, how many choice buttons it
shows. The client's findings fail a test; the games' findings are collected for the caller.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .conftest import Pages, Server, shot

MAX_BUTTONS = 40

RAW = re.compile(r"[\[\]{}]|\b(?:None|null|True|False|undefined|NaN)\b|\[object ")
IDS = re.compile(
    r"\b(?:card|cards|event|events|colou?r|Karte|Karten|Ereignis|Farbe) *:? *#?\d"
    r"|\b(?:Seat|Player|Spieler|Platz) +\d"
)
SNAKE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")
SINGULAR = (
    r"army|card|point|victory point|choice|courtier|Caballero|Thaler|"
    r"Armee|Karte|Punkt|Siegpunkt|Möglichkeit|Höfling"
)
PLURAL = (
    r"armies|cards|points|victory points|choices|courtiers|Caballeros|Thalers|"
    r"Armeen|Karten|Punkte|Siegpunkte|Möglichkeiten|Höflinge"
)
SLIPS = re.compile(rf"(?<![\d.,])\b1 (?:{PLURAL})\b|(?<![\d.,])\b(?:0|[2-9]|\d{{2,}}) (?:{SINGULAR})\b(?!-)")
ENGLISH = re.compile(
    r"\b(?:the|and|of|with|you|your|player|players|seat|round|score|points|army|armies|card|cards|money|"
    r"choices?|hidden|stacks?|waiting|wins|winners?|scoreboards|favors?|courtiers?|supply|grain|taxes|"
    r"church|palace|random|heuristic|medium|hard|easy|strong|beginner|dice|luck|deck|used|values|"
    r"provinces?|power|take|over|game|filter|confirm|back|replay|move|moves|bid|draft|phase|court)\b"
)

try:  # the shared scan of the games' texts, where a helper has written it
    from feldherr.core.textscan import text_problems as _core_problems  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - depends on the branch
    _core_problems = None


def text_problems(text: str, lang: str) -> list[str]:
    """Every finding in ``text`` (a page's visible text in ``lang``) as "kind: excerpt"."""
    if _core_problems is not None:
        return [str(p) for p in _core_problems(text, lang)]
    found: list[str] = []
    for line in text.splitlines():
        for kind, pattern in (("raw", RAW), ("id", IDS), ("snake_case", SNAKE), ("plural", SLIPS)):
            for m in pattern.finditer(line):
                found.append(f"{kind}: {m.group(0)!r} in {line.strip()[:90]!r}")
        if lang == "de":
            for m in ENGLISH.finditer(line):
                found.append(f"english: {m.group(0)!r} in {line.strip()[:90]!r}")
    return found


READ = """() => {
  const game = [...document.querySelectorAll('[data-game]')].map((n) => n.innerText)
    .filter((x) => x && x.trim());
  return {
    text: document.body.innerText, game,
    lang: document.documentElement.lang,
    wide: document.documentElement.scrollWidth > window.innerWidth,
    width: document.documentElement.scrollWidth, inner: window.innerWidth,
    buttons: document.querySelectorAll('#choices button').length,
  };
}"""


@dataclass
class Scan:
    """What the scans of one test found: the client's problems (must be none) and the games'."""

    client: set[str] = field(default_factory=set)
    game: set[str] = field(default_factory=set)
    reads: int = 0

    def read(self, page: Any, where: str = "") -> None:
        seen = page.evaluate(READ)
        self.reads += 1
        lang = seen["lang"]
        own = seen["text"]
        for text in sorted(seen["game"], key=len, reverse=True):
            own = own.replace(text, "\n")
            for problem in text_problems(text, lang):
                self.game.add(f"[{lang}] {problem.split(' in ')[0]}")  # what, not where: a short list
        for problem in text_problems(own, lang):
            self.client.add(f"[{lang}] {where} {problem}")
        if seen["wide"]:
            self.client.add(f"[{lang}] {where} scrolls sideways: {seen['width']} > {seen['inner']} px")
        if seen["buttons"] > MAX_BUTTONS:
            self.client.add(f"[{lang}] {where} {seen['buttons']} choice buttons")

    def check(self) -> None:
        """Fail on any finding: the client's own words and the games' texts alike."""
        assert not self.client, sorted(self.client)[:40]
        assert not self.game, sorted(self.game)[:40]


# The four ways a page is read in turn: English and German, desktop and phone width.
LOOKS = [("en", 1280, 900), ("de", 390, 844), ("en", 390, 844), ("de", 1280, 900)]


def wallenstein_with_bots(server: Server, pages: Pages, players: int) -> tuple[Any, list[Any]]:
    """A Wallenstein game of the fixed setup (seed 4): Anna and random bots; Anna's page open at
    1280 x 900, and the list the moves it sends are recorded in (each message that holds a move)."""
    seats = [{"kind": "human", "name": "Anna"}] + [
        {"kind": "bot", "bot": "random", "name": f"Bot {i}"} for i in range(1, players)
    ]
    game = server.create("wallenstein", {"players": players, "setup": "fixed"}, seats, seed=4)
    page = pages.new(viewport={"width": 1280, "height": 900})
    moves: list[Any] = []
    page.on(
        "websocket",
        lambda ws: ws.on("framesent", lambda f: moves.append(json.loads(f)) if '"move"' in f else None),
    )
    page.goto(game["seats"][0]["invite"])
    return page, moves


def set_look(page: Any, lang: str, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    if page.evaluate("document.documentElement.lang") != lang:
        page.click("#lang")
        # a seat's page reconnects for the game's words in the new language
        page.wait_for_function(
            f"document.documentElement.lang === '{lang}' && !document.querySelector('#conn.reconnecting')"
        )


CLICK = """(r) => {
  const all = [...document.querySelectorAll('#choices button:not([disabled])')];
  if (!all.length) return false;
  all[Math.floor(r * all.length)].click();
  return true;
}"""

#: A random enabled choice, an attack (a step that starts one) where there is one.
ATTACK_FIRST = """(r) => {
  const all = [...document.querySelectorAll('#choices button:not([disabled])')];
  const attack = all.filter((b) => b.textContent.startsWith('Attack'));
  const pool = attack.length ? attack : all;
  if (!pool.length) return false;
  pool[Math.floor(r * pool.length)].click();
  return true;
}"""

READY = "#pass, #choices button:not([disabled]), #ending"

#: Waits in the page until an element ``ready`` matches is visible (Playwright's meaning: a
#: non-empty box, not ``visibility: hidden``), then counts what each of ``probes`` matches; null
#: after ``timeout`` ms. One call where ``wait_for_selector`` and a ``locator().count()`` per probe
#: would be several round trips to the browser on each step of a game played by clicks.
WAIT = """async ([ready, probes, timeout]) => {
  const shown = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const isReady = () => [...document.querySelectorAll(ready)].some(shown);
  if (!isReady()) {
    const ok = await new Promise((resolve) => {
      let observer = null, poll = 0, limit = 0;
      const done = (value) => {
        observer.disconnect(); clearInterval(poll); clearTimeout(limit); resolve(value);
      };
      const check = () => { if (isReady()) done(true); };
      observer = new MutationObserver(check);
      observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      poll = setInterval(check, 50);
      limit = setTimeout(() => done(false), timeout);
    });
    if (!ok) return null;
  }
  return Object.fromEntries(probes.map((probe) => [probe, document.querySelectorAll(probe).length]));
}"""


def wait_ready(
    page: Any, ready: str = READY, probes: tuple[str, ...] = (), timeout: int = 30_000
) -> dict[str, int]:
    """Wait until an element ``ready`` matches is visible; how many elements each of ``probes`` (plain
    CSS) matches then. Raises AssertionError after ``timeout`` ms."""
    counts = page.evaluate(WAIT, [ready, list(probes), timeout])
    if counts is None:
        raise AssertionError(f"nothing visible matches {ready!r} after {timeout} ms")
    return dict(counts)


def wallenstein_at_an_attack(
    server: Server, players: int, seed: int, seats: list[dict[str, Any]]
) -> dict[str, Any]:
    """A Wallenstein game (created on ``server`` with ``seats``, the first a person's) that starts
    where its first seat is offered an attack: a random game played here to that decision (0.04 s;
    the browser seat's random clicks took most of the tests' time to get there), as a position."""
    from feldherr import web
    from feldherr.core.match import Match
    from feldherr.games import get_game

    game = get_game("wallenstein")
    match = Match(game, {"players": players}, seed)
    rng = random.Random(seed)
    while not match.is_over():
        seat = match.to_move()[0]
        access = match.seat_access(seat)
        if seat == 0 and access.view["phase"] == "move":
            offered = web.add_choices(game, match, {"seat": 0, "view": access.view}, "en")["choices"]
            if any((c.get("details") or {}).get("odds") for c in offered):
                position = game.position(game.state_from_json(match.snapshot()["state"]))
                body = {"game": "wallenstein", "position": position, "seats": seats, "seed": seed}
                return dict(server.api("/api/games", body))
        match.submit(seat, game.move_to_json(rng.choice(access.legal_moves())))
    raise AssertionError("the first seat was never offered an attack")


def play_until_attack(page: Any, rng: random.Random, limit: int = 600) -> Any:
    """Random choices of the browser seat (attacks first) until it is offered an attack: the
    attack buttons' locator."""
    probes = ("#ending", "#choices button.attack")
    for _ in range(limit):
        seen = wait_ready(page, "#choices button:not([disabled]), #ending", probes)
        assert not seen["#ending"], "the game ended before the browser seat could attack"
        if seen["#choices button.attack"]:
            return page.locator("#choices button.attack")
        page.evaluate(ATTACK_FIRST, rng.random())  # the plan: cards into boxes, then Confirm
    raise AssertionError("no attack offered to the browser seat")


def play_to_end(
    page: Any,
    rng: random.Random,
    scan: Scan | None,
    limit: int,
    every: int = 40,
    on_step: Callable[[int], None] | None = None,
    stride: int = 1,
) -> int:
    """Plays the page's decisions with random clicks on its choices (and the hand-over button)
    until the game ends; reads the page after every ``stride``-th update (1: every one) and
    changes language and width every ``every`` decisions. Returns the number of hand-overs."""
    handovers = 0
    look = 0
    probes = ("#ending", "#pass", "#board", "#log")
    for step in range(limit):
        try:
            seen = wait_ready(page, READY, probes)
        except AssertionError as exc:  # say where it stuck
            shot(page, "stuck")
            raise AssertionError(f"stuck at step {step}: {page.locator('main').inner_text()[:600]}") from exc
        if scan is not None:
            if step and step % every == 0:
                look = (look + 1) % len(LOOKS)
                set_look(page, *LOOKS[look])
                seen = wait_ready(page, READY, probes)
            if step % stride == 0 or step % every == 0:
                scan.read(page, f"step {step}")
        if seen["#ending"]:
            return handovers
        if on_step:
            on_step(step)
        if seen["#pass"]:
            handovers += 1
            assert seen["#board"] == 0 and seen["#log"] == 0
            page.click("#ready")
            continue
        page.evaluate(CLICK, rng.random())
    raise AssertionError(f"no end after {limit} decisions")


def scan_every_look(page: Any, scan: Scan, where: str, ready: str) -> None:
    """The page read in all four looks (the ending, the lobby); ``ready``: a selector that is on
    the page once it has been drawn again."""
    for lang, width, height in LOOKS:
        set_look(page, lang, width, height)
        page.wait_for_selector(ready)
        page.wait_for_timeout(100)
        scan.read(page, f"{where} {lang} {width}px")
