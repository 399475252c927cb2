"""``feldherr loadtest``: many games at once against running servers, over loopback.

Each game has ``--players`` scripted clients (each its own WebSocket, spread round-robin over the
``--url`` servers, so with two servers the players of one game sit on different processes) and
``--bots`` bot seats; spectator sockets watch the games. A finished game is followed by its
rematch, so the load stays up for ``--seconds``. The clients play the first legal move.

``--mix real`` plays the real games instead: the games cycle through Wallenstein (4 seats), El
Grande (4) and Mansfeld (2 to 4, drawn), half of each game's seats (at least one) scripted clients
and the others ``--bot`` bots (default ``medium``). With ``--think LOW HIGH`` each client waits a
time drawn between LOW and HIGH seconds before it answers, like a person, and picks a legal move
at random; every draw comes from ``--seed``, so a run is repeatable up to the servers' timing.

Reported: moves acknowledged per second, acknowledgement latency (send to ack, p50/p99/max),
updates received, moves refused as stale (a client answers the update it chose from; the server
takes such a move while the seat's decision is unchanged), errors (any other refusal, client or
server failure) and lost moves (an acknowledged move missing from the stored record at its
place).
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import itertools
import json
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
import websockets


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    updates: int = 0
    errors: list[str] = field(default_factory=list)
    stale: int = 0
    acked: dict[str, list[tuple[int, int]]] = field(default_factory=dict)  # game -> (seat, version)
    games_finished: int = 0
    games: list[tuple[str, str]] = field(default_factory=list)  # (url, id)


def _ws(url: str) -> str:
    return "ws" + url[len("http") :]


REAL_MIX = ("wallenstein", "elgrande", "mansfeld")


def _table_of(slot: int, args: argparse.Namespace, rng: random.Random) -> tuple[str, int, int]:
    """(game, players, scripted clients) of game ``slot``."""
    if getattr(args, "mix", "toy") != "real":
        return args.game, args.players + args.bots, args.players
    game = REAL_MIX[slot % len(REAL_MIX)]
    players = rng.choice((2, 3, 4)) if game == "mansfeld" else 4
    return game, players, max(1, players // 2)


async def _create(
    http: httpx.AsyncClient, url: str, args: argparse.Namespace, game: str, players: int, humans: int
) -> dict[str, Any]:
    options = json.loads(args.options) if getattr(args, "mix", "toy") != "real" else {}
    options.setdefault("players", players)
    real = getattr(args, "mix", "toy") == "real"
    bot = getattr(args, "bot", None) or ("medium" if real else "random")
    seats = [{"kind": "human"}] * humans + [{"kind": "bot", "bot": bot}] * (players - humans)
    response = await http.post(f"{url}/api/games", json={"game": game, "options": options, "seats": seats})
    response.raise_for_status()
    return dict(response.json())


class Player:
    """One scripted seat: plays its game, then the rematch, until the time is up."""

    def __init__(
        self,
        urls: list[str],
        url: str,
        game_id: str,
        seat: int,
        token: str,
        stats: Stats,
        current: dict[int, str],
        slot: int,
        stop: float,
        think: tuple[float, float] = (0.0, 0.0),
        rng: random.Random | None = None,
    ) -> None:
        self.urls, self.url, self.game_id, self.seat, self.token = urls, url, game_id, seat, token
        self.think = think
        self.rng = rng
        self.stats, self.current, self.slot, self.stop = stats, current, slot, stop
        self.sent: dict[str, float] = {}

    async def run(self) -> None:
        # a fresh connection per request: a kept-alive one may be closed by the server just as it
        # is reused (a client-side race, not a server error)
        async with httpx.AsyncClient(timeout=30, limits=httpx.Limits(max_keepalive_connections=0)) as http:
            while time.time() < self.stop:
                finished = await self.play_one()
                if not finished:
                    return
                if self.seat == 0:
                    self.stats.games_finished += 1
                response = await http.post(
                    f"{self.url}/api/games/{self.game_id}/rematch",
                    headers={"Authorization": f"Bearer {self.token}"},
                )
                if response.status_code != 200:
                    self.stats.errors.append(f"rematch {response.status_code}")
                    return
                data = response.json()
                self.game_id, self.token = data["id"], data["token"]
                if self.seat == 0:
                    self.current[self.slot] = self.game_id
                    self.stats.games.append((self.url, self.game_id))

    async def play_one(self) -> bool:
        async with websockets.connect(
            f"{_ws(self.url)}/ws/games/{self.game_id}", max_size=2**24, open_timeout=30
        ) as ws:
            await ws.send(json.dumps({"type": "hello", "tokens": [self.token]}))
            counter = itertools.count()
            waiting = False  # a move of ours is on its way: answer nothing until its ack
            after = 0  # ... and then only updates that know of it
            while True:
                timeout = self.stop - time.time()
                if timeout <= 0:
                    return False
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout)
                except TimeoutError:
                    return False
                message = json.loads(raw)
                kind = message["type"]
                if kind == "update":
                    self.stats.updates += 1
                    if "outcome" in message:
                        return True
                    decision = message["view"].get("decision")
                    if message["asked"] and decision and not waiting and message["version"] >= after:
                        low, high = self.think
                        if high > 0:
                            pause = self.rng.uniform(low, high) if self.rng is not None else high
                            await asyncio.sleep(min(pause, max(0.0, self.stop - time.time())))
                        moves = decision["moves"]
                        move = self.rng.choice(moves) if self.rng is not None else moves[0]
                        msg_id = f"{self.seat}-{next(counter)}"
                        self.sent[msg_id] = time.perf_counter()
                        waiting = True
                        await ws.send(
                            json.dumps(
                                {"type": "move", "move": move, "version": message["version"], "id": msg_id}
                            )
                        )
                elif kind == "ack":
                    start = self.sent.pop(message["id"], None)
                    if start is not None:
                        self.stats.latencies.append(time.perf_counter() - start)
                    waiting = False
                    after = message["version"]
                    if message["applied"]:
                        self.stats.acked.setdefault(self.game_id, []).append((self.seat, message["version"]))
                elif kind == "error":
                    if self.sent.pop(message.get("id"), None) is not None:
                        waiting = False
                    if message["code"] == "stale":
                        self.stats.stale += 1
                    else:
                        self.stats.errors.append(message["rule"])


async def _watch(url: str, current: dict[int, str], slot: int, stats: Stats, stop: float) -> None:
    while time.time() < stop:
        game_id = current[slot]
        try:
            async with websockets.connect(
                f"{_ws(url)}/ws/games/{game_id}", max_size=2**24, open_timeout=30
            ) as ws:
                await ws.send(json.dumps({"type": "hello", "tokens": []}))
                while time.time() < stop:
                    raw = await asyncio.wait_for(ws.recv(), max(0.01, stop - time.time()))
                    message = json.loads(raw)
                    if message["type"] == "update":
                        stats.updates += 1
                        if "outcome" in message:
                            break
                    elif message["type"] == "error":
                        stats.errors.append(message["rule"])
            while current[slot] == game_id and time.time() < stop:
                await asyncio.sleep(0.05)  # the players create the rematch
        except TimeoutError:
            return
        except Exception as exc:
            stats.errors.append(f"watcher: {exc!r}")
            await asyncio.sleep(0.2)


async def _lost(urls: list[str], stats: Stats) -> tuple[int, int, int]:
    """(acknowledged moves checked, lost ones, moves stored in all: people's and bots') against the
    stored records and versions."""
    checked = lost = stored = 0
    async with httpx.AsyncClient(timeout=60) as http:
        for url, game_id in stats.games:
            info = (await http.get(f"{url}/api/games/{game_id}")).json()
            stored += int(info["version"])
            acked = stats.acked.get(game_id, [])
            if not acked:
                continue
            if info["status"] == "finished":
                moves = (await http.get(f"{url}/api/games/{game_id}/record")).json()["moves"]
                for seat, version in acked:
                    checked += 1
                    lost += not (version <= len(moves) and moves[version - 1][0] == seat)
            else:
                for _seat, version in acked:
                    checked += 1
                    lost += version > info["version"]
    return checked, lost, stored


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def _report(stats: Stats, start: float, stop: float, every: float) -> None:
    """A progress line on standard error every ``every`` seconds while the clients play."""
    total = stop - start
    while time.time() < stop - every / 2:
        await asyncio.sleep(every)
        print(
            f"loadtest: {min(time.time() - start, total):.0f}/{total:.0f} s, {len(stats.latencies)} moves "
            f"acknowledged, {stats.games_finished} games finished, {len(stats.errors)} errors",
            file=sys.stderr,
            flush=True,
        )


async def run(args: argparse.Namespace) -> dict[str, Any]:
    urls = [u.rstrip("/") for u in (args.url or ["http://127.0.0.1:8000"])]
    stats = Stats()
    current: dict[int, str] = {}
    players: list[Player] = []
    rng = random.Random(getattr(args, "seed", 1))
    think = tuple(float(t) for t in (getattr(args, "think", None) or [0.0]))
    low, high = (0.0, think[0]) if len(think) == 1 else (think[0], think[1])
    async with httpx.AsyncClient(timeout=60) as http:
        for slot in range(args.games):
            url = urls[slot % len(urls)]
            game, count, humans = _table_of(slot, args, rng)
            created = await _create(http, url, args, game, count, humans)
            current[slot] = created["id"]
            stats.games.append((url, created["id"]))
            for seat in range(humans):
                seat_url = urls[(slot + seat) % len(urls)]
                players.append(
                    Player(
                        urls,
                        seat_url,
                        created["id"],
                        seat,
                        created["seats"][seat]["token"],
                        stats,
                        current,
                        slot,
                        0.0,
                        (max(0.0, low), max(0.0, high)),
                        random.Random(rng.getrandbits(64)) if getattr(args, "mix", "toy") == "real" else None,
                    )
                )
    start = time.time()
    stop = start + args.seconds
    for player in players:
        player.stop = stop
    tasks = [asyncio.create_task(p.run()) for p in players]
    reporter = asyncio.create_task(_report(stats, start, stop, getattr(args, "progress_every", 5.0)))
    tasks += [
        asyncio.create_task(_watch(urls[i % len(urls)], current, i % args.games, stats, stop))
        for i in range(args.watchers)
    ]
    results = await asyncio.gather(*tasks, return_exceptions=True)
    elapsed = time.time() - start
    reporter.cancel()
    for result in results:
        if isinstance(result, BaseException):
            stats.errors.append(f"client: {result!r}")
    await asyncio.sleep(1.0)  # let the last bot moves land
    checked, lost, stored = await _lost(urls, stats)
    lat = stats.latencies
    return {
        "servers": urls,
        "game": args.game if getattr(args, "mix", "toy") != "real" else "+".join(REAL_MIX),
        "games_concurrent": args.games,
        "sockets": len(players) + args.watchers,
        "seconds": round(elapsed, 1),
        "moves_acked": len(lat),
        "moves_per_s": round(len(lat) / elapsed, 1),
        "moves_stored": stored,
        "all_moves_per_s": round(stored / elapsed, 1),
        "games_finished": stats.games_finished,
        "updates_received": stats.updates,
        "updates_per_s": round(stats.updates / elapsed, 1),
        "ack_p50_ms": round(1000 * _pct(lat, 0.50), 1),
        "ack_p99_ms": round(1000 * _pct(lat, 0.99), 1),
        "ack_max_ms": round(1000 * max(lat), 1) if lat else None,
        "ack_mean_ms": round(1000 * statistics.fmean(lat), 1) if lat else None,
        "stale_refusals": stats.stale,
        "errors": len(stats.errors),
        "error_kinds": sorted(set(stats.errors))[:10],
        "acked_moves_checked": checked,
        "lost_moves": lost,
    }


def _run_to_end(args: argparse.Namespace) -> dict[str, Any]:
    """:func:`run` on an event loop of its own: in a thread of its own where this thread runs a loop
    already (a notebook, a program that drives a browser), since ``asyncio.run`` refuses to start a
    loop inside a running one."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:  # no loop running here: the usual case
        return asyncio.run(run(args))
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, run(args)).result()


def main(args: argparse.Namespace) -> int:
    result = _run_to_end(args)
    print(json.dumps(result, indent=2))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(result, handle, indent=2)
    return 0 if result["errors"] == 0 and result["lost_moves"] == 0 else 1
