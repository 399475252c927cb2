"""``feldherr serve`` (the game server) and ``feldherr loadtest`` (its load benchmark).

The server's packages (the ``server`` extra) are imported only when one of these commands runs, so
the rest of the command line works without them.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from feldherr import __version__
from feldherr.cli.common import (
    CliError,
    add_lang_argument,
    check_writable,
    described,
)
from feldherr.cli.helptexts import h, said
from feldherr.cli.messages import msg
from feldherr.core.commandline import MAX_COUNT, command_lang, seconds_value, seed_value, whole_number
from feldherr.core.errors import clip
from feldherr.server.proxy import LOCAL_PROXIES, parse_networks

MISSING = (
    "the server needs its extra packages: pip install 'feldherr[server]' (or bash scripts/setup.sh server)"
)
MISSING_DE = (
    "der Server braucht seine zusätzlichen Pakete: pip install 'feldherr[server]' (oder bash "
    "scripts/setup.sh server)"
)


def _without_password(url: str) -> str:
    """A database URL as it may be shown (the password hidden)."""
    try:
        from sqlalchemy.engine import make_url

        return clip(make_url(url).render_as_string(hide_password=True), 120)
    except Exception:  # not a URL at all: show its scheme only
        return clip(url.split("://", 1)[0] + "://...", 40)


def _check_bots(absent: str | None, analysis: str) -> None:
    """Refuse at start-up, in one line, a stand-in bot no game knows and an analysis bot that is not
    a search bot of every game (they were only found out when a player was absent or asked)."""
    from feldherr.core.errors import OptionError
    from feldherr.core.play import bot_table
    from feldherr.games import game_names, get_game
    from feldherr.search.analysis import search_bot

    games = []
    for name in game_names():
        try:
            games.append(get_game(name))
        except (NotImplementedError, ValueError):  # a game this build cannot load is not served
            continue
    if absent is not None and absent != "random" and not any(absent in bot_table(g) for g in games):
        known = sorted({bot for g in games for bot in bot_table(g)})
        bot, names = clip(absent, 60), ", ".join(known)
        raise CliError(
            f"--absent-bot {bot!r}: no game has this bot (known: {names})",
            de=f"--absent-bot {bot!r}: diesen Bot hat kein Spiel (bekannt: {names})",
        )
    for game in games:
        try:
            search_bot(game, analysis, 0)
        except (OptionError, ValueError) as exc:
            german = exc.said("de") if isinstance(exc, OptionError) else None
            bot = clip(analysis, 60)
            raise CliError(
                f"--analysis-bot {bot!r} for {game.name}: {exc}",
                de=f"--analysis-bot {bot!r} für {game.title}: {german or exc}",
            ) from exc


def run_serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from feldherr.server.app import create_app
        from feldherr.server.config import Settings, default_db_url, public_url_for
        from feldherr.server.store import Store
    except ModuleNotFoundError as exc:
        raise CliError(f"{MISSING} ({exc.name} is missing)", de=f"{MISSING_DE} ({exc.name} fehlt)") from exc
    import feldherr.games

    for item in args.register:
        name, sep, target = item.partition("=")
        if not sep or ":" not in target:
            raise CliError(
                f"--register takes NAME=module:Class, not {item[:80]!r}",
                de=f"--register braucht NAME=modul:Klasse, nicht {item[:80]!r}",
            )
        feldherr.games.register(name, target)
    port = args.port or free_port(args.host)  # 0: a free port, and the addresses say which
    try:
        public_url = public_url_for(args.host, port, args.public_url)
    except ValueError as exc:
        given = clip(repr(args.public_url), 80)
        raise CliError(
            str(exc), de=f"--public-url muss eine Adresse mit http:// oder https:// sein, nicht {given}"
        ) from exc
    _check_bots(args.absent_bot, args.analysis_bot)
    if args.slow_client <= 0:
        raise CliError(
            f"--slow-client takes a number of seconds above 0, not {args.slow_client:g}",
            de=f"--slow-client braucht eine Sekundenzahl über 0, nicht {args.slow_client:g}",
        )
    try:
        trusted = parse_networks(args.trusted_proxies)
    except ValueError as exc:
        raise CliError(
            f"--trusted-proxies takes addresses or networks such as 127.0.0.1,10.0.0.0/8 (or none), "
            f"not {str(exc)!r}",
            de=f"--trusted-proxies braucht Adressen oder Netze wie 127.0.0.1,10.0.0.0/8 (oder none), "
            f"nicht {str(exc)!r}",
        ) from exc
    settings = Settings(
        trusted_proxies=tuple(str(network) for network in trusted),
        public_url=public_url,
        db_url=args.db or default_db_url(),
        redis_url=args.redis,
        absent_after=args.absent_after,
        absent_bot=args.absent_bot,
        snapshot_every=args.snapshot_every,
        bot_delay=args.bot_delay,
        bot_workers=args.bot_workers,
        analysis_bot=args.analysis_bot,
        analysis_slots=args.analysis_slots,
        register=tuple(args.register),
        slow_client=args.slow_client,
        unload_after=args.unload_after,
        fixed_seeds=args.fixed_seeds,
        create_burst=args.create_burst,
        create_every=args.create_every,
        sockets_per_client=args.sockets_per_client,
    )
    try:  # a database that cannot be opened is one line now, not a traceback at start-up
        from sqlalchemy.exc import SQLAlchemyError

        shown = Store(settings.db_url)
        with shown.engine.connect():
            pass
    except (SQLAlchemyError, ImportError, ValueError) as exc:
        text = clip(" ".join(str(exc).split()), 200) or type(exc).__name__
        where = _without_password(settings.db_url)
        raise CliError(
            f"cannot open the database {where}: {text}",
            de=f"die Datenbank {where} lässt sich nicht öffnen: {text}",
        ) from exc
    app = create_app(settings)
    host = "localhost" if args.host in ("0.0.0.0", "::") else args.host
    lang = command_lang()
    print(msg("serve_title", lang, version=__version__))
    print(msg("serve_db", lang, url=shown.shown_url))
    shown.dispose()
    if args.redis:
        print(f"redis: {args.redis}")
    print(msg("serve_open", lang, url=f"http://{host}:{port}/"), flush=True)
    if public_url:
        print(msg("serve_friends", lang, url=f"{public_url}/"), flush=True)
    from uvicorn.protocols.http.auto import AutoHTTPProtocol

    from feldherr.server.guard import guarded, websocket_protocol

    uvicorn.run(
        app,
        host=args.host,
        port=port,
        http=guarded(AutoHTTPProtocol, settings.slow_client),  # a deadline for a request's headers
        ws=websocket_protocol(),  # an over-large handshake refused in our words
        ws_max_size=settings.max_frame,
        proxy_headers=False,  # X-Forwarded-For from --trusted-proxies only (feldherr.server.proxy)
        log_level=args.log_level,
        access_log=args.log_level == "debug",
    )
    return 0


def free_port(host: str) -> int:
    """A port on ``host`` that nothing listens on now (``--port 0``: the address printed must be
    the one the server listens on, not ``:0``)."""
    import socket

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.bind((host, 0))
        return int(probe.getsockname()[1])


def check_loadtest(args: argparse.Namespace) -> None:
    """Refuse what would fail only once the clients run: an address that is not http(s), options
    that are not a JSON object, a --think that is not one or two durations, a --json file that
    cannot be written."""
    for url in args.url:
        if not url.startswith(("http://", "https://")) or len(url) <= len("https://"):
            shown = clip(url, 120)
            raise CliError(
                f"--url takes a server's address such as http://127.0.0.1:8000, not {shown!r}",
                de=f"--url braucht die Adresse eines Servers wie http://127.0.0.1:8000, nicht {shown!r}",
            )
    try:
        options = json.loads(args.options)
    except ValueError:
        options = None
    if not isinstance(options, dict):
        shown = clip(args.options, 120)
        raise CliError(
            f"--options takes a JSON object such as '{{\"rounds\": 5}}', not {shown!r}",
            de=f"--options braucht ein JSON-Objekt wie '{{\"rounds\": 5}}', nicht {shown!r}",
        )
    if len(args.think) > 2:
        raise CliError(
            f"--think takes one or two durations in seconds, not {len(args.think)}",
            de=f"--think braucht eine oder zwei Zeiten in Sekunden, nicht {len(args.think)}",
        )
    if args.json:
        check_writable(Path(args.json), "--json")


def run_loadtest(args: argparse.Namespace) -> int:
    check_loadtest(args)
    try:
        import httpx

        from feldherr.server.loadtest import main as loadtest_main
    except ModuleNotFoundError as exc:
        raise CliError(f"{MISSING} ({exc.name} is missing)", de=f"{MISSING_DE} ({exc.name} fehlt)") from exc
    try:
        return loadtest_main(args)
    except httpx.HTTPStatusError as exc:
        answer = clip(" ".join(exc.response.text.split()), 200)
        code = exc.response.status_code
        raise CliError(
            f"the server at {exc.request.url} refused: HTTP {code} {answer}",
            de=f"der Server unter {exc.request.url} lehnt ab: HTTP {code} {answer}",
        ) from exc
    except (httpx.HTTPError, OSError) as exc:
        where = clip(", ".join(args.url) or "http://127.0.0.1:8000", 200)
        why = clip(str(exc), 200)
        raise CliError(
            f"cannot reach the server at {where}: {why or 'no answer'}",
            de=f"der Server unter {where} ist nicht erreichbar: {why or 'keine Antwort'}",
        ) from exc


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "serve",
        help=h("serve.help"),
        **described(
            said("serve.description"),
            "feldherr serve",
            "feldherr serve --host 0.0.0.0 --port 8080 --db postgresql://feldherr@db/feldherr --redis redis://db:6379/0",
        ),
    )
    parser.add_argument("--host", default="127.0.0.1", metavar="HOST", help=h("serve.host"))
    parser.add_argument(
        "--port", type=whole_number(0, 65535), default=8000,
        metavar="PORT", help=h("serve.port"),
    )  # fmt: skip
    parser.add_argument(
        "--public-url",
        metavar="URL",
        help=h("serve.public_url"),
    )
    parser.add_argument("--db", metavar="URL", help=h("serve.db"))
    parser.add_argument("--redis", metavar="URL", help=h("serve.redis"))
    parser.add_argument(
        "--absent-after",
        type=seconds_value(low=-1.0),
        default=60.0,
        metavar="S",
        help=h("serve.absent_after"),
    )
    parser.add_argument("--absent-bot", metavar="NAME", help=h("serve.absent_bot"))
    parser.add_argument(
        "--snapshot-every",
        type=whole_number(1, MAX_COUNT),
        default=50,
        metavar="N",
        help=h("serve.snapshot_every"),
    )
    parser.add_argument(
        "--bot-delay", type=seconds_value(), default=0.0, metavar="S", help=h("serve.bot_delay")
    )
    parser.add_argument(
        "--bot-workers",
        type=whole_number(0, 1024),
        default=None,
        metavar="N",
        help=h("serve.bot_workers"),
    )
    parser.add_argument(
        "--analysis-bot",
        default="hard@2s",
        metavar="BOT",
        help=h("serve.analysis_bot"),
    )
    parser.add_argument(
        "--analysis-slots",
        type=whole_number(1, 64),
        default=2,
        metavar="N",
        help=h("serve.analysis_slots"),
    )
    parser.add_argument(
        "--fixed-seeds",
        action="store_true",
        help=h("serve.fixed_seeds"),
    )
    parser.add_argument(
        "--unload-after",
        type=seconds_value(),
        default=60.0,
        metavar="S",
        help=h("serve.unload_after"),
    )
    parser.add_argument(
        "--slow-client",
        type=seconds_value(positive=True),
        default=10.0,
        metavar="S",
        help=h("serve.slow_client"),
    )
    parser.add_argument(
        "--create-burst",
        type=whole_number(1, MAX_COUNT),
        default=20,
        metavar="N",
        help=h("serve.create_burst"),
    )
    parser.add_argument(
        "--create-every",
        type=seconds_value(),
        default=10.0,
        metavar="S",
        help=h("serve.create_every"),
    )
    parser.add_argument(
        "--sockets-per-client",
        type=whole_number(0, MAX_COUNT),
        default=100,
        metavar="N",
        help=h("serve.sockets_per_client"),
    )
    parser.add_argument(
        "--trusted-proxies",
        default=",".join(LOCAL_PROXIES),
        metavar="CIDRS",
        help=h("serve.trusted_proxies"),
    )
    parser.add_argument(
        "--log-level", default="warning", choices=("debug", "info", "warning", "error"),
        help=h("serve.log_level"),
    )  # fmt: skip
    parser.add_argument(
        "--register",
        action="append",
        default=[],
        metavar=said("mv.register"),
        help=h("serve.register"),
    )
    add_lang_argument(parser, "lang.output")
    parser.set_defaults(func=run_serve)

    load = subparsers.add_parser(
        "loadtest",
        help=h("loadtest.help"),
        **described(
            said("loadtest.description"),
            "feldherr loadtest --url http://127.0.0.1:8000 --games 100 --watchers 200 --seconds 120",
        ),
    )
    load.add_argument("--url", action="append", default=[], metavar="URL", help=h("loadtest.url"))
    load.add_argument("--game", default="toy", metavar=said("mv.game"), help=h("loadtest.game"))
    load.add_argument("--options", default="{}", metavar="JSON", help=h("loadtest.options"))
    load.add_argument(
        "--games", type=whole_number(1, 100_000), default=100, metavar="N", help=h("loadtest.games")
    )
    load.add_argument(
        "--players", type=whole_number(1, 64), default=2, metavar="N", help=h("loadtest.players")
    )
    load.add_argument("--bots", type=whole_number(0, 64), default=0, metavar="N", help=h("loadtest.bots"))
    load.add_argument(
        "--watchers",
        type=whole_number(0, 1_000_000),
        default=200,
        metavar="N",
        help=h("loadtest.watchers"),
    )
    load.add_argument(
        "--seconds", type=seconds_value(), default=60.0, metavar="S", help=h("loadtest.seconds")
    )
    load.add_argument(
        "--think",
        type=seconds_value(),
        nargs="+",
        default=[0.0],
        metavar="S",
        help=h("loadtest.think"),
    )
    load.add_argument(
        "--mix",
        choices=("toy", "real"),
        default="toy",
        help=h("loadtest.mix"),
    )
    load.add_argument("--bot", default=None, metavar="BOT", help=h("loadtest.bot"))
    load.add_argument("--seed", type=seed_value, default=1, metavar="N", help=h("loadtest.seed"))
    load.add_argument("--json", metavar=said("mv.file"), help=h("loadtest.json"))
    add_lang_argument(load, "lang.output")
    load.set_defaults(func=run_loadtest)
