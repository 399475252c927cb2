"""The browser client: static HTML, CSS and JavaScript ES modules served by the game server.

Nothing here needs a build step or a Node toolchain; the files under ``static/`` are what the
browser loads. :func:`mount` adds the pages and the files to a FastAPI app; :func:`add_choices`
puts the human description of every legal move into a seat's update (the client shows those as
the choices of the pending decision).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from feldherr.core.game import Game
from feldherr.core.match import Match

STATIC = Path(str(resources.files("feldherr.web") / "static"))
PAGES = ("/", "/play/{game_id}", "/replay/{game_id}", "/new", "/import")


SCREENS = {"lobby": "lobby.js", "play": "play.js", "replay": "replay.js"}
"""The screens of the client and the module each one starts from (app.js imports it when opened)."""
_IMPORT = re.compile(r'(?:\bfrom|^import) "\./([^"]+)"', re.M)
_PRELOADS = re.compile(r'(<link rel="modulepreload" href="/static/[^"]+">\n)+')


def modules_of(screen: str) -> list[str]:
    """The modules a screen needs at once: app.js and the screen's module with everything they
    import statically (what the page should preload), in a stable order."""
    seen: list[str] = []
    todo = ["app.js", SCREENS[screen]]
    while todo:
        name = todo.pop(0)
        if name in seen or not (STATIC / name).is_file():
            continue
        seen.append(name)
        todo.extend(_IMPORT.findall((STATIC / name).read_text(encoding="utf-8")))
    return seen


def page(screen: str = "lobby") -> str:
    """The one HTML page (the client's router picks the screen from the address), preloading the
    modules of ``screen`` only: index.html lists the lobby's; a seat's page and the replay get
    theirs, so the browser fetches them at once instead of one import after the other."""
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    if screen == "lobby":
        return html
    links = "".join(f'<link rel="modulepreload" href="/static/{name}">\n' for name in modules_of(screen))
    return _PRELOADS.sub(lambda _: links, html, count=1)


def add_choices(
    game: Game, match: Match, message: dict[str, Any], lang: str, names: Sequence[str] | None = None
) -> dict[str, Any]:
    """Add ``choices`` to a seat's update: ``[{"move": json, "text": phrase}, ...]``, every legal
    move of the seat's pending decision with ``game.describe_move_bare`` in ``lang`` (the client's
    buttons), and ``"details"`` where ``game.move_details`` has some (Wallenstein: the battle
    odds of an attack, which the client adds to the phrase in the page's number format).
    ``names``: the players' names for the phrases. Nothing is added for a spectator or a seat that
    owes no decision."""
    seat = message.get("seat")
    if type(seat) is not int or seat not in match.to_move() or match.is_over():
        return message
    access = match.seat_access(seat)
    view = message.get("view") or access.view
    out = []
    for move in access.legal_moves():
        move_json = game.move_to_json(move)
        choice = {"move": move_json, "text": _describe(game, view, move, lang, move_json, names)}
        details = move_facts(game, view, move)
        if details:
            choice["details"] = details
        steps = _steps(game, view, move, lang, names)
        if steps:
            choice["steps"] = steps
        out.append(choice)
    message["choices"] = out
    return message


def _describe(
    game: Game, view: Mapping[str, Any], move: Any, lang: str, move_json: Any, names: Sequence[str] | None
) -> str:
    try:
        return game.describe_move_bare(view, move, lang, names)
    except Exception:  # a phrase is a nicety; the move stays choosable under its JSON
        return json.dumps(move_json, ensure_ascii=False)


def _steps(
    game: Game, view: Mapping[str, Any], move: Any, lang: str, names: Sequence[str] | None
) -> list[str | list[str]] | None:
    try:
        return game.move_steps(view, move, lang, names)
    except Exception:  # like the phrase: without steps the move is still one choice
        return None


def move_facts(game: Game, view: Mapping[str, Any], move: Any) -> dict[str, Any] | None:
    """``game.move_details``, or None where it fails (a choice's, an analysed move's)."""
    try:
        return game.move_details(view, move)
    except Exception:  # like the phrase: extra facts never block a choice
        return None


def terms(game: Game) -> dict[str, dict[str, str]]:
    """The game's fixed words (catalogue entries without placeholders) in German and English: the
    rules' names of seasons, actions, colours, tiles, events for the boards' labels."""
    out: dict[str, dict[str, str]] = {}
    for key, entry in game.messages().items():
        texts = {lang: entry.get(lang) for lang in ("en", "de")}
        if all(isinstance(t, str) and "{" not in t for t in texts.values()):
            out[key] = {lang: str(text) for lang, text in texts.items()}
    return out


DATA_NAME = re.compile(r"^[a-z][a-z_]{0,40}$")


def printed_data(game: Game, name: str) -> Any | None:
    """One of the game's printed-data files (``data/<name>.json`` in the game's package, with its
    provenance), or None: the boards read the cards' printed values from the one source."""
    if not DATA_NAME.match(name):
        return None
    package = type(game).__module__.rsplit(".", 1)[0]
    try:
        path = resources.files(package) / "data" / f"{name}.json"
        if not path.is_file():
            return None
        return json.loads(path.read_text(encoding="utf-8"))
    except (ModuleNotFoundError, OSError, ValueError, TypeError):  # TypeError: a game in a plain module
        return None


def mount(app: Any) -> None:
    """Serve the client: the page at every client address, the files under ``/static``, and the
    games' fixed words at ``/api/web/terms/{game}`` and their printed data at
    ``/api/web/data/{game}/{name}`` (read-only)."""
    from fastapi.responses import HTMLResponse, JSONResponse
    from fastapi.staticfiles import StaticFiles
    from starlette.exceptions import HTTPException

    from feldherr.games import game_names, get_game

    pages = {screen: page(screen) for screen in SCREENS}  # the files do not change while serving

    def serve(screen: str) -> Any:
        async def serve_page() -> HTMLResponse:
            return HTMLResponse(pages[screen], headers={"Cache-Control": "no-cache"})

        return serve_page

    async def game_terms(game: str) -> JSONResponse:
        if game not in game_names():
            raise HTTPException(404)  # the server's refusal for no such address
        return JSONResponse(terms(get_game(game)), headers={"Cache-Control": "max-age=3600"})

    async def game_data(game: str, name: str) -> JSONResponse:
        found = printed_data(get_game(game), name) if game in game_names() else None
        if found is None:
            raise HTTPException(404)
        return JSONResponse(found, headers={"Cache-Control": "max-age=3600"})

    for path in PAGES:
        screen = "play" if path.startswith("/play") else "replay" if path.startswith("/replay") else "lobby"
        app.add_api_route(path, serve(screen), methods=["GET"], include_in_schema=False)
    app.add_api_route("/api/web/terms/{game}", game_terms, methods=["GET"], include_in_schema=False)
    app.add_api_route("/api/web/data/{game}/{name}", game_data, methods=["GET"], include_in_schema=False)

    class Static(StaticFiles):
        """The client's files, revalidated on every use (``no-cache``: the browser keeps them but
        asks with their ETag, so after an upgrade no page runs an old module with new ones)."""

        def file_response(self, *args: Any, **kwargs: Any) -> Any:
            response = super().file_response(*args, **kwargs)
            response.headers["Cache-Control"] = "no-cache"
            return response

    app.mount("/static", Static(directory=STATIC), name="static")


__all__ = [
    "PAGES",
    "SCREENS",
    "STATIC",
    "add_choices",
    "modules_of",
    "mount",
    "page",
    "printed_data",
    "terms",
]
